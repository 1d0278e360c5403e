"""Rules a single field must follow beyond its type (attributes 1-10, AP not negative, dice that parse),
checked while structuring so that every broken field of an entry is reported at once."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from enum import Enum
from typing import Any

from cattrs import Converter
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, override

from apcombat.content.encounter_sides import SideSection
from apcombat.content.suggest import did_you_mean
from apcombat.content.values import (
    Hook,
    WrongValue,
    enum_member,
    is_number,
    is_whole_number,
    one_line,
    requiring,
    show_value,
    wrong_value,
)
from apcombat.dice import DiceNotationError, parse_dice
from apcombat.model import limits
from apcombat.model.ai_settings import AiSettings
from apcombat.model.armor import Armor
from apcombat.model.character import ATTRIBUTES, Character, Special
from apcombat.model.criticals import CriticalEffect
from apcombat.model.encounter import Side
from apcombat.model.enums import DamageType, Skill
from apcombat.model.house_rules import HouseRules
from apcombat.model.limits import Limit
from apcombat.model.module_state import RerollsOfSide
from apcombat.model.shot import Shot
from apcombat.model.side_colours import SIDE_COLOURS
from apcombat.model.weapon import BandSpec, Weapon


def bounded(low: float, high: float | None = None, whole: bool = True) -> Hook:
    """A hook for a finite number from `low` to `high` (no upper bound if None); `whole`: integers only."""
    kind = "a whole number" if whole else "a number"
    expected = f"{kind} from {low:g} to {high:g}" if high is not None else f"{kind}, {low:g} or more"
    fits = is_whole_number if whole else is_number

    def structure(value: Any, _: Any) -> Any:
        if not fits(value):
            raise wrong_value(kind, value)
        if not math.isfinite(value) or value < low or (high is not None and value > high):
            raise wrong_value(expected, value)
        return value if whole else float(value)

    return structure


def within(limit: Limit) -> Hook:
    """A hook for a number in one of the stated ranges of `model.limits`."""
    return bounded(limit.low, limit.high, limit.whole)


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
    if len(value) > limits.LONGEST_ID:  # every refusal naming the units would list it whole
        raise wrong_value(f"an id of at most {limits.LONGEST_ID} characters", value)
    return value


def unit_id(value: Any, _: Any) -> str:
    """A unit's id: an id players type (`command_id`), and none of the words a command reads in its place."""
    value = command_id(value, None)
    why = limits.reserved_id(value)
    if why is not None:
        raise WrongValue(f"{show_value(value)} {why}")
    return value


def dice_notation(value: Any, _: Any) -> str:
    """R0.2: dice written NdS+K (`2d10+5`, `1d6`, `d100`) or a plain number."""
    if not isinstance(value, str) or len(value) > _LONGEST_DICE:
        raise wrong_value('dice like "2d10+5"', value)
    try:
        bonus = parse_dice(value).bonus
    except DiceNotationError as error:
        raise WrongValue(str(error)) from None
    if not limits.DICE_BONUS.admits(bonus):
        raise WrongValue(f"{value!r}: the number added is {limits.DICE_BONUS.describe()}, not {bonus}")
    return value


def blast_bands(value: Any, _: Any) -> tuple[float, float, float]:
    """R22.1.1: `blast = [inner, middle, outer]`, three distances in metres (their order is a check across
    them, `checks.weapon_findings`)."""
    if not (isinstance(value, list) and len(value) == 3 and all(map(limits.BLAST_M.admits, value))):
        shown = f"[{', '.join(map(show_value, value))}]" if isinstance(value, list) else show_value(value)
        each = limits.BLAST_M.describe()
        raise WrongValue(f"expected three distances [inner, middle, outer], each {each}, got {shown}")
    inner, middle, outer = (float(number) for number in value)
    return inner, middle, outer


def thrown_counts(value: Any, _: Any) -> dict[str, int]:
    """R22.1.2: `thrown = { frag_grenade = 2, molotov = 1 }`, weapon ids and how many of each (0-99); whether
    each id is a thrown weapon of the list is a check against the library (`checks.thrown_findings`)."""
    if not isinstance(value, dict):
        raise wrong_value("a table of thrown weapon ids and counts, like { frag_grenade = 2 }", value)
    count = within(limits.THROWN_COUNT)
    result: dict[str, int] = {}
    errors: list[Exception] = []
    for key, number in value.items():
        try:
            result[command_id(key, None)] = count(number, None)
        except WrongValue as error:
            errors.append(_noted(error, "value", key))
    if errors:
        raise IterableValidationError("While structuring a thrown table", errors, dict)
    return result


_LONGEST_DICE = 24  # "100d1000+1000" needs 13 characters; longer is a typo (or thousands of digits)


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


def register_field_rules(converter: Converter, model: type[object], rules: dict[str, Hook]) -> None:
    """Structure `model` with these hooks for the fields named (the others as usual)."""
    hooks = {name: override(struct_hook=hook) for name, hook in rules.items()}
    # The fields' overrides go in as **kwargs beside cattrs' own bool keywords, which mypy checks them against.
    structure = make_dict_structure_fn(model, converter, **hooks)  # type: ignore[arg-type]
    converter.register_structure_hook(model, requiring(dict, "a table", structure))


NOT_NEGATIVE = bounded(0)
SKILLS = table_of(Skill, within(limits.SKILL))

MODEL_RULES: dict[type, dict[str, Hook]] = {
    Special: dict.fromkeys(ATTRIBUTES, within(limits.ATTRIBUTE)),  # R0.5
    Character: {
        "name": one_line,
        "skills": SKILLS,
        "max_hp": within(limits.MAX_HIT_POINTS),
        "ap": within(limits.MAX_ACTION_POINTS),
        "crit_chance": within(limits.PERCENT),
        "morale": within(limits.MORALE),  # R18.1.1
        "thrown": thrown_counts,  # R22.1.2
    },
    BandSpec: {"max": within(limits.DISTANCE_M), "mod": within(limits.MODIFIER)},  # R1.3
    Weapon: {
        "name": one_line,
        "hands": one_of((1, 2)),
        "min_st": within(limits.STRENGTH),
        "damage": dice_notation,
        "burst": within(limits.BURST),  # R4
        "magazine": within(limits.MAGAZINE),
        "crit_bonus": within(limits.MODIFIER),
        "burst_tuning": within(limits.MODIFIER),
        "blast": blast_bands,  # R22.1.1
        **dict.fromkeys(("ap_single", "ap_burst", "ap_reload"), within(limits.ACTION_COST)),
    },
    Armor: {"name": one_line, "values": table_of(DamageType, within(limits.ARMOR_VALUE))},
    CriticalEffect: {
        "knockout_attribute": one_of(ATTRIBUTES),
        "knockout_rounds": dice_notation,
        "movement_factor": within(limits.FRACTION),
        "ap_loss_next_turn": within(limits.ACTION_POINTS),
        **dict.fromkeys(("hit_mod", "hit_mod_two_handed"), within(limits.MODIFIER)),
    },
    Shot: {
        "extra_ap": within(limits.EXTRA_AIM_AP),  # R3.1
        "distance_m": within(limits.DISTANCE_M),
        "gm_modifier": within(limits.MODIFIER),
    },
    HouseRules: {"aim_max_extra_ap": within(limits.EXTRA_AIM_AP)},
    AiSettings: dict.fromkeys(("aggression", "caution"), within(limits.AI_KNOB)),
    RerollsOfSide: {"reroll_points": within(limits.REROLL_POINTS)},  # R18.6.1, as a save holds it
    Side: {
        "id": command_id,
        "name": one_line,
        "colour": one_of(SIDE_COLOURS),
    },  # after AiSettings and the slots: a hook takes those of the models in it as they are
    SideSection: {
        "id": command_id,
        "name": one_line,
        "reroll_points": within(limits.REROLL_POINTS),
        "colour": one_of(SIDE_COLOURS),
    },  # an encounter file's [[side]]
}
"""The field rules of the model classes content files describe."""
