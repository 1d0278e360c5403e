"""What every command of the command language shares: the base class, the refusal, and reading its words."""

from __future__ import annotations

import attrs

from apcombat.engine.numbers import shown_word
from apcombat.model import Encounter, Unit
from apcombat.model.modules import Module


class CommandError(Exception):
    """A line that is not a command, or a command the state does not allow; the message says why."""


@attrs.frozen
class Command:
    """Base of every command; `text` is the line as written (normalised)."""

    @property
    def who(self) -> str | None:
        return getattr(self, "unit", None)


def module_off(what: str, module: Module, rule: str) -> CommandError:
    """R18: the one sentence refusing a command of an optional module the encounter has off."""
    return CommandError(
        f"{what} belongs to the {module.words} module, which this encounter has off: switch it on with "
        f"{module.value} = true in the encounter's [modules] ({rule})"
    )


def unit_by_id(state: Encounter, unit_id: str) -> Unit:
    """The unit a command names, or one sentence listing the units there are."""
    try:
        return state.unit(unit_id)
    except KeyError:
        ids = ", ".join(unit.id for unit in state.units)
        raise CommandError(f"no unit {shown_word(unit_id)}: the units are {ids}") from None


def need(args: list[str], count: int, what: str) -> None:
    """Refuse a line that stops before `what`."""
    if len(args) < count:
        raise CommandError(f"missing {what}")


def no_more(args: list[str]) -> None:
    """Refuse words left over at the end of a line."""
    if args:
        raise CommandError(f"unexpected {shown_word(' '.join(args))}")


def who(args: list[str]) -> str:
    """The next word as a unit's id."""
    need(args, 1, "the unit (WHO)")
    return args.pop(0).lower()


def side_id(args: list[str]) -> str:
    """The next word as a side's id."""
    need(args, 1, "the side")
    return args.pop(0).lower()
