"""Rules a single field must follow beyond its type (attributes 1-10, AP not negative, dice that parse),
checked while structuring so that every broken field of an entry is reported at once."""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from typing import Any

from cattrs import Converter
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, override

from apcombat.content.suggest import did_you_mean
from apcombat.content.values import (
    Hook,
    WrongValue,
    enum_member,
    is_number,
    is_whole_number,
    requiring,
    show_value,
    wrong_value,
)
from apcombat.dice import DiceNotationError, parse_dice
from apcombat.model.armor import Armor
from apcombat.model.character import ATTRIBUTES, Character, Special
from apcombat.model.criticals import CriticalEffect
from apcombat.model.encounter import Side
from apcombat.model.enums import DamageType, Skill
from apcombat.model.house_rules import HouseRules
from apcombat.model.shot import Shot
from apcombat.model.weapon import BandSpec, Weapon

PERCENT = (0, 100)


def bounded(low: float, high: float | None = None, whole: bool = True) -> Hook:
    """A hook for a number from `low` to `high` (no upper bound if None); `whole`: integers only."""
    kind = "a whole number" if whole else "a number"
    expected = f"{kind} from {low:g} to {high:g}" if high is not None else f"{kind}, {low:g} or more"
    fits = is_whole_number if whole else is_number

    def structure(value: Any, _: Any) -> Any:
        if not fits(value):
            raise wrong_value(kind, value)
        if value < low or (high is not None and value > high):
            raise wrong_value(expected, value)
        return value if whole else float(value)

    return structure


def one_of(choices: Sequence[int | str]) -> Hook:
    """A hook for one of a few numbers or words (`0, 10, 20 or 40`; `ST, PE, ...`)."""
    listing = ", ".join(str(choice) for choice in choices[:-1]) + f" or {choices[-1]}"
    if len(choices) == 1:
        listing = str(choices[0])
    words = [str(choice) for choice in choices]

    def structure(value: Any, _: Any) -> Any:
        if value in choices and type(value) is type(choices[0]):
            return value
        hint = did_you_mean(value, words) if isinstance(value, str) else ""
        raise WrongValue(f"expected {listing}, got {show_value(value)}{hint}")

    return structure


_COMMAND_ID = re.compile(r"[a-z0-9_-]+")


def command_id(value: Any, _: Any) -> str:
    """An id players type in commands (`ana`, `vault_2`): lowercase letters, digits, _ and -."""
    if not isinstance(value, str) or not _COMMAND_ID.fullmatch(value):
        raise wrong_value("an id of lowercase letters, digits, _ and -", value)
    return value


def dice_notation(value: Any, _: Any) -> str:
    """R0.2: dice written NdS+K (`2d10+5`, `1d6`, `d100`) or a plain number."""
    if not isinstance(value, str):
        raise wrong_value('dice like "2d10+5"', value)
    try:
        parse_dice(value)
    except DiceNotationError as error:
        raise WrongValue(str(error)) from None
    return value


def table_of(keys: type[Enum], values: Hook) -> Hook:
    """A hook for a table keyed by the values of `keys` (skills, damage types) whose values pass `values`."""
    key_hook = enum_member(keys)

    def structure(table: Any, _: Any) -> dict[Any, Any]:
        if not isinstance(table, dict):
            raise wrong_value("a table", table)
        result: dict[Any, Any] = {}
        errors: list[Exception] = []
        for key, value in table.items():
            try:
                member = key_hook(key, keys)
            except WrongValue as error:
                errors.append(_noted(error, "key", key))
                continue
            try:
                result[member] = values(value, None)
            except WrongValue as error:
                errors.append(_noted(error, "value", key))
        if errors:
            raise IterableValidationError(f"While structuring a table of {keys.__name__}", errors, dict)
        return result

    return structure


def _noted(error: WrongValue, part: str, key: str) -> WrongValue:
    # The note cattrs' own mapping hooks add, so `diagnose` reads both alike.
    error.__notes__ = [IterableValidationNote(f"Structuring mapping {part} @ key {key!r}", key, None)]
    return error


def register_field_rules(converter: Converter, model: type, rules: dict[str, Hook]) -> None:
    """Structure `model` with these hooks for the fields named (the others as usual)."""
    hooks = {name: override(struct_hook=hook) for name, hook in rules.items()}
    structure = make_dict_structure_fn(model, converter, **hooks)
    converter.register_structure_hook(model, requiring(dict, "a table", structure))


NOT_NEGATIVE = bounded(0)
SKILLS = table_of(Skill, NOT_NEGATIVE)

MODEL_RULES: dict[type, dict[str, Hook]] = {
    Special: dict.fromkeys(ATTRIBUTES, bounded(1, 10)),  # R0.5
    Character: {"skills": SKILLS, "max_hp": bounded(1), "ap": bounded(1), "crit_chance": bounded(*PERCENT)},
    BandSpec: {"max": bounded(0, whole=False)},
    Weapon: {
        "hands": one_of((1, 2)),
        "min_st": bounded(0, 10),
        "damage": dice_notation,
        **dict.fromkeys(("ap_single", "ap_burst", "burst", "magazine", "ap_reload", "burst_tuning"), NOT_NEGATIVE),
    },
    Armor: {"values": table_of(DamageType, NOT_NEGATIVE)},
    CriticalEffect: {
        "knockout_attribute": one_of(ATTRIBUTES),
        "knockout_rounds": dice_notation,
        "movement_factor": bounded(0, 1, whole=False),
        "ap_loss_next_turn": NOT_NEGATIVE,
    },
    Shot: {"extra_ap": NOT_NEGATIVE, "distance_m": bounded(0, whole=False)},
    HouseRules: {"aim_max_extra_ap": NOT_NEGATIVE},
    Side: {"id": command_id},
}
"""The field rules of the model classes content files describe."""
