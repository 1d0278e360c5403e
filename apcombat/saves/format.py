"""What a save file holds and how it is written as TOML and read back.

```toml
format_version = 11
rules_version = 2          # the rules the history was played under (RULES_VERSION when it was written)
seed = 7

[dice]                     # the dice as they stand: the generator's two integers, numbers queued by `gm dice`
seeded = [state, increment]
queued = [4, 17]

[[history]]                # the commands that made the state, with dice a person typed in while they ran
line = "move ana 3,4"      # (without typed dice, tomli-w writes the same as `history = [{ line = "..." }]`)
typed_dice = [37, 4]
rolled_dice = [1]          # places in typed_dice (from 0) of dice the program rolled for the person ("roll for me")
reason = "Raider shoots Ana: ..."  # a line an AI chose: its reason, and its side's generator after the ask
ai_dice = { side = "raiders", seeded = [state, increment] }

[[redo]]                   # the undone commands redo can play, the next one first
[start]                    # the encounter as it began: an Encounter, field for field
[state]                    # the encounter now, each AI side's generator included: always the last table
```

Only what restores and replays the game is kept: nothing derived (no event log, no map terrain, no time
of saving), so saving a loaded game gives the same bytes. Fields left at their defaults are omitted, since
TOML has no null; sets are written sorted, so the same game always gives the same file. The seed and the
dice state are 64-bit numbers and TOML integers signed 64-bit ones: from 2^63 up they are written negative.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import tomli_w
from cattrs.cols import is_any_set
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.preconf.tomllib import TomllibConverter

from apcombat.content.converter import make_content_converter
from apcombat.content.diagnose import findings
from apcombat.content.encounter_map import read_map
from apcombat.content.field_rules import NOT_NEGATIVE, bounded, command_id, register_field_rules
from apcombat.content.loader import STRUCTURE_ERRORS
from apcombat.content.values import Hook, WrongValue, is_whole_number, show_value
from apcombat.engine import DiceState, Game, HistoryEntry
from apcombat.model import AiDice, BattleMap, CarriedWeapon, Encounter, Unit
from apcombat.model.converters import as_tuple
from apcombat.model.module_state import RerollsOfEncounter
from apcombat.saves.errors import SaveError

FORMAT_VERSION = 12
"""The save format this apcombat writes, and the newest it reads. Format 2 added `rules_version`; format 3 each
AI side's generator (the state's `ai_dice`) and the AI's reasons and generators in the history; format 4 each
AI side's settings (`ai` of a side: level, effort, aggression, caution) and each unit's `ai_role`; format 5 how
the players' view shows each side's HP (`hp_shown` of a side, set by `gm show`) and which of a history entry's
dice the program rolled for the person giving them (`rolled_dice`); format 6 hex maps (R20: a map's
`kind = "hex"`, hex facings, the house rule `hex_turns`); format 7 the R18 modules' state (morale states,
casualties, fires and burnt ground, suppression markers, the activation deck, re-roll points); format 8 keeps
that state in each unit's, side's and the encounter's module slots (`slots`, by module key) instead of beside
the core's fields; format 9 the fog of war's (R21: each unit's hidden flag, each side's seen enemies, last-seen
marks and sightings, and table mode's `gm sees`), in new slots that an older save, played without the module,
takes empty; format 10 thrown weapons (R22: a weapon's `kind`, `blast` and `burns`, each unit's `thrown` stock,
and table mode's throw waiting for its `gm blast`, the state's `blast_waiting`); format 11 each side's `colour` (its
colour on the map, named in the encounter); format 12 the game master's table: each unit's `note`, what the
players' view shows (`players_shown`: the AI's reasons, hidden-HP enemies' statuses) and a unit brought in
mid-fight by `gm add` (a history entry's `arrival`)."""

_MASK_64 = (1 << 64) - 1


@attrs.frozen(kw_only=True)
class SaveFile:
    """Everything a save holds: enough to go on exactly where the game stopped, and to replay it. The fields
    are written in this order, so `[state]` is the file's last table (see STATE_HEADER)."""

    format_version: int
    rules_version: int  # the rules the history was played under: a save of today's rules must replay
    seed: int
    dice: DiceState
    history: tuple[HistoryEntry, ...] = attrs.field(default=(), converter=as_tuple)
    redo: tuple[HistoryEntry, ...] = attrs.field(default=(), converter=as_tuple)  # undone commands, next first
    start: Encounter
    state: Encounter

    @classmethod
    def of(cls, game: Game) -> SaveFile:
        """What a save of `game` holds."""
        return cls(
            format_version=FORMAT_VERSION,
            rules_version=game.rules_version,
            seed=game.seed,
            dice=game.dice.snapshot(),
            start=game.start,
            state=game.state,
            history=tuple(game.history),
            redo=tuple(game.redo_entries),
        )

    def resume(self) -> Game:
        """The game as it was saved: its state and dice, with the history for undo and replays."""
        return Game.resume(
            self.start,
            self.seed,
            list(self.history),
            self.state,
            self.dice,
            list(self.redo),
            rules_version=self.rules_version,
        )


def whole_number_pair(expected: str, check: Callable[[int, int], str | None] = lambda a, b: None) -> Hook:
    """A hook for `[a, b]`, two whole numbers (`expected` names them), that `check` finds nothing wrong with."""

    def structure(value: Any, _: Any) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2 and all(map(is_whole_number, value))):
            shown = f"[{', '.join(map(show_value, value))}]" if isinstance(value, list) else show_value(value)
            raise WrongValue(f"expected {expected}, got {shown}")
        problem = check(value[0], value[1])
        if problem:
            raise WrongValue(problem)
        return value[0], value[1]

    return structure


def signed_64(value: int) -> int:
    """A 64-bit number as TOML holds it (a signed 64-bit integer): from 2^63 up it is written negative, as
    two's complement. Reading takes it back modulo 2^64, which is how the dice read a seed or a state."""
    value &= _MASK_64
    return value - (1 << 64) if value >> 63 else value


def _generator_problem(state: int, increment: int) -> str | None:
    if not all(-(1 << 63) <= number <= _MASK_64 for number in (state, increment)):
        return f"expected two 64-bit whole numbers, got [{state}, {increment}]"
    if increment % 2 == 0:
        return f"expected an odd increment (the second number), got {increment}"
    return None


def _generator_state(value: Any, type_: Any) -> tuple[int, int]:
    state, increment = _generator_pair(value, type_)
    return state & _MASK_64, increment & _MASK_64


_generator_pair = whole_number_pair("the dice generator's [state, increment], two whole numbers", _generator_problem)


def _battle_map(value: Any, _: Any) -> BattleMap:
    """A map as an encounter file writes it, checked the same way (rows, legend, kind)."""
    battle_map, found = read_map(value)
    if battle_map is None:
        raise WrongValue("; ".join(f"{path}: {message}" if path else message for path, message in found))
    return battle_map


def make_save_converter() -> TomllibConverter:
    """The content files' converter (strict TOML types, the model's field rules, unknown keys refused),
    with sets written sorted and the rules of the fields only saves hold."""
    converter = make_content_converter()
    converter.register_unstructure_hook_factory(
        is_any_set, lambda _: lambda items: sorted(converter.unstructure(item) for item in items)
    )
    converter.register_structure_hook(BattleMap, _battle_map)
    for generator in (DiceState, AiDice):
        register_field_rules(converter, generator, {"seeded": _generator_state})
        _write_field_through(converter, generator, "seeded", lambda pair: [signed_64(number) for number in pair])
    # R18.6.2: the state before the last action is not saved; a loaded game rebuilds it from its history.
    converter.register_unstructure_hook(
        RerollsOfEncounter,
        make_dict_unstructure_fn(
            RerollsOfEncounter,
            converter,
            _cattrs_omit_if_default=converter.omit_if_default,
            reroll_base=override(omit=True),
        ),
    )
    _write_field_through(converter, SaveFile, "seed", signed_64)
    cell = whole_number_pair("a cell [x, y] of two whole numbers")
    register_field_rules(converter, CarriedWeapon, {"loaded": NOT_NEGATIVE})
    register_field_rules(
        converter,
        Unit,
        {"id": command_id, "side": command_id, "at": cell}
        | dict.fromkeys(("ap", "in_hand", "offhand", "unconscious_rounds", "carried_mm", "carried_rate"), NOT_NEGATIVE),
    )
    register_field_rules(converter, Encounter, {"round": NOT_NEGATIVE})
    # Last: the save's own structure function takes the hooks of the models inside it as they are now.
    register_field_rules(converter, SaveFile, {"rules_version": bounded(1)})
    return converter


def _write_field_through(
    converter: TomllibConverter, model: type[object], field: str, write: Callable[[Any], Any]
) -> None:
    """Write `model`'s `field` through `write` (the other fields as usual, left out at their defaults)."""
    # The field's override goes in as **kwargs beside cattrs' own bool keywords, which mypy checks it against.
    unstructure = make_dict_unstructure_fn(
        model,
        converter,
        _cattrs_omit_if_default=converter.omit_if_default,
        **{field: override(unstruct_hook=write)},  # type: ignore[arg-type]
    )
    converter.register_unstructure_hook(model, unstructure)


CONVERTER: TomllibConverter = make_save_converter()
"""The one converter saves are written and read with."""


def save_text(save: SaveFile) -> str:
    """The TOML text of a save."""
    return tomli_w.dumps(CONVERTER.unstructure(save))


STATE_HEADER = "\n[state]\n"
"""Where the last part of a save's text, the current state, begins (strings never hold a line break)."""


def state_text(state: Encounter) -> str:
    """The text of a save from its STATE_HEADER on, for this state."""
    return "\n" + tomli_w.dumps({"state": CONVERTER.unstructure(state)})


def structure_save(document: dict[str, Any], file: str) -> SaveFile:
    """A save document of the current format as a SaveFile; SaveError naming `file` and the field if any
    value does not fit."""
    try:
        return CONVERTER.structure(document, SaveFile)
    except STRUCTURE_ERRORS as error:
        raise SaveError.found_in(file, findings(error)) from None
