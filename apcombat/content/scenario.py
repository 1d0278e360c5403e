"""Attack scenarios: one attack described in a TOML file (`scenarios/*.toml`), read into a ShotSituation.

Only the file's shape and its references (weapons, armour, characters) are checked here; whether the
attack is possible (an aimed burst, a target out of range) is for the rules layer to judge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import attrs

from apcombat.content.converter import CONVERTER
from apcombat.content.diagnose import Finding
from apcombat.content.errors import Loaded, Problem
from apcombat.content.field_rules import SKILLS, one_of, register_field_rules, within
from apcombat.content.library import Library
from apcombat.content.loader import as_problems, read_character_reference, structure
from apcombat.content.paths import shown
from apcombat.content.suggest import unknown_id
from apcombat.content.toml_files import read_toml
from apcombat.model import limits
from apcombat.model.armor import NO_ARMOR, Armor
from apcombat.model.character import Character, Special
from apcombat.model.enums import BodyLocation, Pose, ShotMode, Skill
from apcombat.model.house_rules import HouseRules, OptionalRules
from apcombat.model.shot import Shooter, Shot, ShotSituation, Target
from apcombat.model.weapon import Weapon

EXHAUSTION_PENALTIES = (0, 10, 20, 40)  # R14.2, R14.3
TWO_GUN_MODES = (ShotMode.DUAL, ShotMode.DUAL_BURST)

T = TypeVar("T")


@attrs.frozen
class _AttackerSection:
    """[attacker] as written; None means "not given" (take it from the character, if any)."""

    character: str | None = None
    name: str | None = None
    special: Special | None = None
    skills: dict[Skill, int] | None = None
    perks: frozenset[str] | None = None
    weapon: str | None = None
    offhand: str | None = None
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False
    exhaustion: int = 0
    wounds: frozenset[BodyLocation] = frozenset()
    ammo: int | None = None
    offhand_ammo: int | None = None
    crit_chance: int | None = None
    suppression: int = 0  # R18.4.2: suppression markers held, -10 each on the attack


@attrs.frozen
class _TargetSection:
    """[target] as written; None means "not given" (take it from the character, if any)."""

    character: str | None = None
    name: str | None = None
    hp: int | None = None
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False
    reacting: bool = False
    armor: str | None = None
    special: Special | None = None
    skills: dict[Skill, int] | None = None
    exhaustion: int = 0
    wounds: frozenset[BodyLocation] = frozenset()
    suppression: int = 0  # R18.4.2: suppression markers held, -1 each on its d10 tests


@attrs.frozen
class _ScenarioFile:
    """The sections of an attack scenario file."""

    attacker: _AttackerSection
    target: _TargetSection
    shot: Shot
    house_rules: HouseRules = attrs.field(factory=HouseRules)
    optional_rules: OptionalRules = attrs.field(factory=OptionalRules)


_EXHAUSTION = one_of(EXHAUSTION_PENALTIES)
register_field_rules(
    CONVERTER,
    _AttackerSection,
    {
        "skills": SKILLS,
        "exhaustion": _EXHAUSTION,
        "ammo": within(limits.MAGAZINE),
        "offhand_ammo": within(limits.MAGAZINE),
        "crit_chance": within(limits.PERCENT),
        "suppression": within(limits.MARKERS),
    },
)
register_field_rules(
    CONVERTER,
    _TargetSection,
    {
        "skills": SKILLS,
        "exhaustion": _EXHAUSTION,
        "hp": within(limits.HIT_POINTS),
        "suppression": within(limits.MARKERS),
    },
)


def read_attack_scenario(path: str | Path, library: Library) -> Loaded[ShotSituation | None]:
    """The attack a scenario file describes, with every problem in it (None if there were any)."""
    loaded = read_toml(path)
    if loaded.value is None:
        return Loaded(None, loaded.problems)
    return scenario_from(loaded.value, path, library)


def scenario_from(data: dict[str, Any], path: str | Path, library: Library) -> Loaded[ShotSituation | None]:
    """The attack a scenario's TOML tables describe (as read from `path`, which names the file in problems and
    is where character paths are relative to), with every problem in them (None if there were any): the
    resolver's form reads what it edits through here."""
    file = shown(path)
    scenario, found = structure(data, _ScenarioFile)
    reader = _SectionReader(Path(path), file, library)
    if scenario is None:
        reader.report(found)
        reader.check_references(data)
        return Loaded(None, reader.problems)
    shooter = reader.shooter(scenario.attacker, scenario.shot.mode)
    target = reader.target(scenario.target)
    if reader.problems or shooter is None or target is None:
        return Loaded(None, reader.problems)
    situation = ShotSituation(
        shooter, target, scenario.shot, scenario.house_rules, library.criticals, scenario.optional_rules
    )
    return Loaded(situation)


def load_attack_scenario(path: str | Path, library: Library) -> ShotSituation:
    """The attack a scenario file describes; a ContentError listing every problem if any."""
    situation = read_attack_scenario(path, library).unwrap()
    assert situation is not None  # no problems means the scenario was read
    return situation


def _carried(character: Character | None) -> dict[str, Any]:
    """What a section takes from its character for every key it does not give itself."""
    if character is None:
        return {}
    return {
        "name": character.name,
        "special": character.special,
        "skills": character.skills,
        "perks": character.perks,
        "crit_chance": character.crit_chance,
        "armor": character.armor,
        "hp": character.hit_points,
        "weapons": character.weapons,
    }


def _given_or(given: T | None, carried: dict[str, Any], key: str, default: Any = None) -> Any:
    return given if given is not None else carried.get(key, default)


@attrs.define
class _SectionReader:
    """Turns the [attacker] and [target] sections into a Shooter and a Target, collecting problems."""

    path: Path
    file: str
    library: Library
    problems: list[Problem] = attrs.field(factory=list)

    def report(self, found: list[Finding]) -> None:
        self.add(as_problems(self.file, found))

    def add(self, problems: Iterable[Problem]) -> None:
        """Record problems, each once (the attacker and the target may name the same broken character)."""
        self.problems += [problem for problem in problems if problem not in self.problems]

    def check_references(self, raw: dict[str, Any]) -> None:
        """Look up the ids and characters named in a file whose shape is wrong elsewhere, so that they are
        reported in the same run."""
        look_ups: tuple[tuple[str, str, Callable[[str, str], object]], ...] = (
            ("attacker", "character", lambda _, ref: self._character("attacker", ref)),
            ("attacker", "weapon", self._weapon),
            ("attacker", "offhand", self._weapon),
            ("target", "character", lambda _, ref: self._character("target", ref)),
            ("target", "armor", self._armor),
        )
        for section, key, look_up in look_ups:
            table = raw.get(section)
            value = table.get(key) if isinstance(table, dict) else None
            if isinstance(value, str):
                look_up(f"{section}.{key}", value)

    def shooter(self, section: _AttackerSection, mode: ShotMode) -> Shooter | None:
        readable, character = self._character("attacker", section.character)
        if not readable:
            return None
        carried = _carried(character)
        weapons = carried.get("weapons", ())
        name = self._required("attacker", "name", _given_or(section.name, carried, "name"))
        weapon_id = self._required("attacker", "weapon", section.weapon or (weapons[0] if weapons else None))
        offhand_id = section.offhand
        if offhand_id is None and mode in TWO_GUN_MODES and len(weapons) > 1:
            offhand_id = weapons[1]
        weapon = self._weapon("attacker.weapon", weapon_id)
        offhand = self._weapon("attacker.offhand", offhand_id)
        loads = (("ammo", section.ammo, weapon), ("offhand_ammo", section.offhand_ammo, offhand))
        for key, ammo, gun in loads:
            if ammo is not None and gun is not None and ammo > gun.magazine:
                expected = f"expected at most a full magazine ({gun.magazine}), got {ammo}"
                self.report([(f"attacker.{key}", expected)])
        if name is None or weapon is None:
            return None
        return Shooter(
            name=name,
            special=_given_or(section.special, carried, "special", Special()),
            skills=_given_or(section.skills, carried, "skills", {}),
            weapon=weapon,
            perks=_given_or(section.perks, carried, "perks", frozenset()),
            offhand=offhand,
            pose=section.pose,
            in_cover=section.in_cover,
            exhaustion=section.exhaustion,
            wounds=section.wounds,
            ammo=section.ammo,
            offhand_ammo=section.offhand_ammo,
            crit_chance=_given_or(section.crit_chance, carried, "crit_chance"),
            suppression=section.suppression,
        )

    def target(self, section: _TargetSection) -> Target | None:
        readable, character = self._character("target", section.character)
        if not readable:
            return None
        carried = _carried(character)
        name = self._required("target", "name", _given_or(section.name, carried, "name"))
        hp = self._required("target", "hp", _given_or(section.hp, carried, "hp"))
        armor = self._armor("target.armor", _given_or(section.armor, carried, "armor"))
        if name is None or hp is None or armor is None:
            return None
        return Target(
            name=name,
            hp=hp,
            pose=section.pose,
            in_cover=section.in_cover,
            reacting=section.reacting,
            armor=armor,
            special=_given_or(section.special, carried, "special", Special()),
            skills=_given_or(section.skills, carried, "skills", {}),
            exhaustion=section.exhaustion,
            wounds=section.wounds,
            suppression=section.suppression,
        )

    def _character(self, section: str, ref: str | None) -> tuple[bool, Character | None]:
        """Whether the character a section names could be read, and that character (None if none named)."""
        if ref is None:
            return True, None
        loaded, missing = read_character_reference(ref, self.path, self.library)
        if missing is not None:
            self.report([(f"{section}.character", missing)])
            return False, None
        self.add(loaded.problems)
        return loaded.value is not None and not loaded.problems, loaded.value

    def _required(self, section: str, key: str, value: T | None) -> T | None:
        if value is None:
            self.report([(section, f"missing required key {key!r} (or a character to take it from)")])
        return value

    def _weapon(self, field: str, weapon_id: str | None) -> Weapon | None:
        if weapon_id is None:
            return None
        weapon = self.library.weapons.get(weapon_id)
        if weapon is None:
            self.report([(field, unknown_id("weapon", weapon_id, self.library.weapons))])
        return weapon

    def _armor(self, field: str, armor_id: str | None) -> Armor | None:
        """The armour of this id; NO_ARMOR if none is named (or "none" is, and no armour has that id)."""
        if armor_id is None:
            return NO_ARMOR
        armor = self.library.armors.get(armor_id, NO_ARMOR if armor_id == NO_ARMOR.id else None)
        if armor is None:
            self.report([(field, unknown_id("armour", armor_id, self.library.armors))])
        return armor
