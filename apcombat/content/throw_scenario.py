"""Throw scenarios for the attack resolver (R22, R22.9): a scenario file with a `[throw]` table instead of
`[shot]` and `[target]` — the thrower (`[attacker]`, its `weapon` a thrown weapon), the distance, and each
character the game master names under the template (`[[under]]`: its band, `covered`, its pose and cover).

    [attacker]
    character = "ana"          # or name, special, skills ...; in_cover, exhaustion, wounds, suppression
    weapon = "frag_grenade"    # a thrown weapon (default: the first the character carries)

    [throw]
    distance_cm = 12           # or distance_m = 4 (3 cm = 1 m)
    lean = false               # leaning out of cover (+1 AP, R22.2.5)
    gm_modifier = 0

    [[under]]
    name = "Jed"               # or character = "..."; hp and armor as in [target]
    hp = 28
    armor = "leather_jacket"
    band = "middle"            # inner, middle or outer: where its base centre lies under the template
    covered = false            # an obstacle it is behind stands between it and the point (R9.2)
    pose = "upright"           # prone shifts one band out (R22.5.3)
    in_cover = false
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from apcombat.content.converter import CONVERTER
from apcombat.content.errors import Loaded, Problem
from apcombat.content.field_rules import register_field_rules, within
from apcombat.content.library import Library
from apcombat.content.loader import structure
from apcombat.content.paths import shown
from apcombat.content.scenario import _AttackerSection, _SectionReader, _TargetSection, scenario_from
from apcombat.content.toml_files import read_toml
from apcombat.model import limits
from apcombat.model.enums import BlastBand, BodyLocation, Pose, ShotMode, Skill
from apcombat.rules.suppression import suppression_modifier
from apcombat.rules.throw_resolve import NamedUnder, ThrowSituation

CM_PER_M = 3  # R0.1


@attrs.frozen
class _ThrowSection:
    """[throw] as written: the distance in cm or in m (one of them), leaning out, the game master's modifier."""

    distance_cm: float | None = None
    distance_m: float | None = None
    lean: bool = False
    gm_modifier: int = 0


@attrs.frozen
class _UnderSection:
    """One [[under]] entry: a character the game master names under the template."""

    band: BlastBand
    character: str | None = None
    name: str | None = None
    hp: int | None = None
    armor: str | None = None
    covered: bool = False
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False


@attrs.frozen
class _ThrowFile:
    attacker: _AttackerSection
    throw: _ThrowSection
    under: list[_UnderSection] = attrs.field(factory=list)


register_field_rules(CONVERTER, _ThrowSection, {"gm_modifier": within(limits.MODIFIER)})
register_field_rules(CONVERTER, _UnderSection, {"hp": within(limits.HIT_POINTS)})


def is_throw_scenario(data: dict[str, Any]) -> bool:
    """A scenario's tables describe a throw (a `[throw]` table) rather than a shot."""
    return "throw" in data


def read_any_scenario(path: str | Path, library: Library) -> Loaded[Any]:
    """The attack or the throw (a `[throw]` table) a scenario file describes, with every problem in it."""
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded(None, loaded.problems)
    if is_throw_scenario(loaded.value):
        return throw_scenario_from(loaded.value, path, library)
    return scenario_from(loaded.value, path, library)


def read_throw_scenario(path: str | Path, library: Library) -> Loaded[ThrowSituation | None]:
    """The throw a scenario file describes, with every problem in it (None if there were any)."""
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded(None, loaded.problems)
    return throw_scenario_from(loaded.value, path, library)


def throw_scenario_from(data: dict[str, Any], path: str | Path, library: Library) -> Loaded[ThrowSituation | None]:
    """The throw a scenario's TOML tables describe (`path` names the file in problems), or None and every
    problem in them."""
    reader = _SectionReader(Path(path), shown(path), library)
    scenario, found = structure(data, _ThrowFile)
    if scenario is None:
        reader.report(found)
        reader.check_references(data)
        return Loaded(None, reader.problems)
    attacker = scenario.attacker
    if attacker.weapon is None:
        _, character = reader._character("attacker", attacker.character)  # the reader reads the character once
        carried = [item for item, count in (character.thrown if character else {}).items() if count > 0]
        attacker = attrs.evolve(attacker, weapon=carried[0] if carried else None)
    shooter = reader.shooter(attacker, ShotMode.SINGLE)
    throw = scenario.throw
    distance = _distance_m(throw, reader)
    under = [_named(reader, entry, index) for index, entry in enumerate(scenario.under)]
    if shooter is not None and not shooter.weapon.is_thrown:
        reader.report([("attacker.weapon", f"{shooter.weapon.id} is not a thrown weapon: a [throw] needs one (R22.1)")])
    if reader.problems or shooter is None or distance is None or any(named is None for named in under):
        return Loaded(None, reader.problems)
    wounds = sum(
        library.criticals.effect(location).hit_mod
        for location in sorted(shooter.wounds - {BodyLocation.WEAPON}, key=lambda location: location.value)
    )
    situation = ThrowSituation(
        thrower=shooter.name,
        weapon=shooter.weapon,
        throwing=shooter.skills.get(Skill.THROWING, 0),
        strength=shooter.special.ST,
        distance_m=distance,
        lean=throw.lean,
        in_cover=shooter.in_cover,
        exhaustion=shooter.exhaustion,
        wounds=wounds,
        suppression=suppression_modifier(shooter.suppression),
        gm_modifier=throw.gm_modifier,
        under=tuple(named for named in under if named is not None),
    )
    return Loaded(situation)


def _distance_m(throw: _ThrowSection, reader: _SectionReader) -> float | None:
    """R22.9.1: the distance in metres, from `distance_cm` (3 cm = 1 m) or `distance_m`; exactly one given."""
    if (throw.distance_cm is None) == (throw.distance_m is None):
        reader.report([("throw", "give the distance once: distance_cm (on the table) or distance_m")])
        return None
    distance = throw.distance_m if throw.distance_m is not None else throw.distance_cm / CM_PER_M  # type: ignore[operator]
    if distance < 0:  # R22.2.3: 0 is allowed, the thrower's own cell (a point at its feet)
        reader.report([("throw", "the distance must be 0 or more")])
        return None
    return distance


def _under(where: str, index: int) -> str:
    return where.replace("target", f"under[{index}]", 1)


def _named(reader: _SectionReader, entry: _UnderSection, index: int) -> NamedUnder | None:
    """One [[under]] entry as a NamedUnder: its name, HP and armour read as [target]'s are."""
    before = len(reader.problems)
    target = reader.target(
        _TargetSection(
            character=entry.character,
            name=entry.name,
            hp=entry.hp,
            armor=entry.armor,
            pose=entry.pose,
            in_cover=entry.in_cover,
        )
    )
    reader.problems[before:] = [  # said of this entry, not of a [target] the file does not have
        Problem(problem.file, problem.message, [_under(problem.where[0], index), *problem.where[1:]])
        if problem.where
        else problem
        for problem in reader.problems[before:]
    ]
    if target is None:
        return None
    prone = entry.pose is Pose.PRONE
    return NamedUnder(target.name, target.hp, target.armor, entry.band, entry.covered, prone, entry.in_cover)
