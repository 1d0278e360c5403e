"""Shared builders for the rules tests: every test states the numbers it needs, the rest are neutral.

Defaults are chosen so that a plain shot has hit chance == skill: every range band has modifier 0,
min ST 1, no armour, LU 1 (a critical only on a roll of 1), distance 1 m (the cqc band).
"""

from __future__ import annotations

from typing import Any

from apcombat.dice import DiceRequest, ScriptedDice
from apcombat.model import (
    Armor,
    BandSpec,
    CriticalTable,
    DamageType,
    Family,
    HouseRules,
    Ranges,
    Shooter,
    Shot,
    ShotSituation,
    Skill,
    Special,
    Target,
    Weapon,
)
from apcombat.model.criticals import DEFAULT_CRITICALS
from apcombat.rules.attack import AttackPlan, plan_attack
from apcombat.rules.resolve import AttackResult, resolve_attack

DEFAULT_BANDS = (3.0, 10.0, 20.0, 40.0, 60.0)


def make_ranges(
    maxes: tuple[float, float, float, float, float] = DEFAULT_BANDS,
    mods: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0),
) -> Ranges:
    """R1.3: five bands, nearest first."""
    specs = [BandSpec(max=m, mod=mod) for m, mod in zip(maxes, mods, strict=True)]
    return Ranges(*specs)


def make_weapon(**overrides: Any) -> Weapon:
    """A one-handed single-shot pistol with neutral numbers; override any field."""
    fields: dict[str, Any] = {
        "id": "test_pistol",
        "name": "Test pistol",
        "family": Family.PISTOL,
        "skill": Skill.SMALL_GUNS,
        "hands": 1,
        "min_st": 1,
        "ap_single": 4,
        "ap_burst": 0,
        "burst": 0,
        "magazine": 12,
        "ammo": "10mm",
        "damage": "1d10",
        "damage_type": DamageType.NORMAL,
        "crit_bonus": 0,
        "bipod": False,
        "ranges": make_ranges(),
    }
    fields.update(overrides)
    return Weapon(**fields)


def make_smg(**overrides: Any) -> Weapon:
    """An automatic small gun: single 4 AP, 3-round burst for 5 AP."""
    fields: dict[str, Any] = {
        "id": "test_smg",
        "name": "Test SMG",
        "family": Family.SMG,
        "hands": 2,
        "ap_single": 4,
        "ap_burst": 5,
        "burst": 3,
        "magazine": 30,
    }
    fields.update(overrides)
    return make_weapon(**fields)


def make_machine_gun(**overrides: Any) -> Weapon:
    """An automatic big gun (R5.2): bursts of 5 for 6 AP, min ST 6."""
    fields: dict[str, Any] = {
        "id": "test_mg",
        "name": "Test MG",
        "family": Family.MACHINE_GUN,
        "skill": Skill.BIG_GUNS,
        "hands": 2,
        "min_st": 6,
        "ap_single": 0,
        "ap_burst": 6,
        "burst": 5,
        "magazine": 100,
    }
    fields.update(overrides)
    return make_weapon(**fields)


def make_flamer(**overrides: Any) -> Weapon:
    """R6.1: one-second streams for 5 AP, 8 seconds of fuel, 2d10+5 fire (R6.2)."""
    fields: dict[str, Any] = {
        "id": "test_flamer",
        "name": "Test flamer",
        "family": Family.FLAMER,
        "skill": Skill.BIG_GUNS,
        "hands": 2,
        "min_st": 1,
        "ap_single": 5,
        "magazine": 8,
        "ammo": "napalm",
        "damage": "2d10+5",
        "damage_type": DamageType.FIRE,
        "ranges": make_ranges((2.0, 5.0, 8.0, 12.0, 15.0)),
    }
    fields.update(overrides)
    return make_weapon(**fields)


def make_melee(**overrides: Any) -> Weapon:
    """A knife: melee skill, 3 AP, reach 1.5 m in every band."""
    fields: dict[str, Any] = {
        "id": "test_knife",
        "name": "Test knife",
        "family": Family.MELEE,
        "skill": Skill.MELEE,
        "ap_single": 3,
        "magazine": 0,
        "ammo": "none",
        "damage": "1d6",
        "ranges": make_ranges((1.5,) * 5),
    }
    fields.update(overrides)
    return make_weapon(**fields)


def make_fists(**overrides: Any) -> Weapon:
    """R10.1: unarmed, 3 AP."""
    fields: dict[str, Any] = {
        "id": "test_fists",
        "name": "Fists",
        "family": Family.UNARMED,
        "skill": Skill.UNARMED,
    }
    fields.update(overrides)
    return make_melee(**fields)


def make_special(**attributes: int) -> Special:
    """R0.5 attributes, all 5 except LU 1 (so criticals only happen when a test asks for them)."""
    values = {"LU": 1}
    values.update(attributes)
    return Special(**values)


def make_shooter(
    weapon: Weapon | None = None,
    skill: int = 50,
    special: Special | None = None,
    skills: dict[Skill, int] | None = None,
    **overrides: Any,
) -> Shooter:
    """A shooter whose skill with the weapon is `skill`."""
    weapon = weapon or make_weapon()
    all_skills = dict.fromkeys(Skill, 0)
    all_skills[weapon.skill] = skill
    if skills:
        all_skills.update(skills)
    return Shooter(
        name="Ana",
        special=special or make_special(),
        skills=all_skills,
        weapon=weapon,
        **overrides,
    )


def make_target(hp: int = 30, **overrides: Any) -> Target:
    """An upright, unarmoured target with 30 HP."""
    fields: dict[str, Any] = {"name": "Raider", "hp": hp}
    fields.update(overrides)
    return Target(**fields)


def make_armor(**values: int) -> Armor:
    """Armour stopping `values` points per damage type name: make_armor(normal=5, fire=3)."""
    return Armor(id="test_armor", name="Test armour", values={DamageType(k): v for k, v in values.items()})


def make_situation(
    shooter: Shooter | None = None,
    target: Target | None = None,
    shot: Shot | None = None,
    house_rules: HouseRules | None = None,
    criticals: CriticalTable = DEFAULT_CRITICALS,
    **shot_fields: Any,
) -> ShotSituation:
    """A situation; extra keyword arguments build the Shot (mode, location, extra_ap, distance_m, ...)."""
    if shot is None:
        shot = Shot(**shot_fields)
    elif shot_fields:
        raise TypeError("give either shot= or shot fields, not both")
    return ShotSituation(
        shooter=shooter or make_shooter(),
        target=target or make_target(),
        shot=shot,
        house_rules=house_rules or HouseRules(),
        criticals=criticals,
    )


def make_plan(**kwargs: Any) -> AttackPlan:
    """plan_attack(make_situation(**kwargs))."""
    return plan_attack(make_situation(**kwargs))


def hit_chance(**kwargs: Any) -> int:
    """The first gun's hit chance of make_plan(**kwargs)."""
    return make_plan(**kwargs).guns[0].hit_chance


class RecordingDice:
    """ScriptedDice that also records every request, to check the order of rolls (R0.2)."""

    def __init__(self, values: list[int]) -> None:
        self.scripted = ScriptedDice(values)
        self.requests: list[DiceRequest] = []

    def roll(self, request: DiceRequest) -> int:
        self.requests.append(request)
        return self.scripted.roll(request)

    @property
    def sides(self) -> list[int]:
        return [r.sides for r in self.requests]

    @property
    def remaining(self) -> list[int]:
        return self.scripted.remaining


def resolve_scripted(plan: AttackPlan, rolls: list[int]) -> AttackResult:
    """Resolve with exactly these dice: every value must be used, none may be missing."""
    dice = RecordingDice(rolls)
    result = resolve_attack(plan, dice)
    assert dice.remaining == [], f"unused scripted dice {dice.remaining}; asked for {dice.sides}"
    return result


def resolve_recorded(plan: AttackPlan, rolls: list[int]) -> tuple[AttackResult, RecordingDice]:
    """Like resolve_scripted, also returning the recorder to inspect the requests."""
    dice = RecordingDice(rolls)
    result = resolve_attack(plan, dice)
    assert dice.remaining == [], f"unused scripted dice {dice.remaining}; asked for {dice.sides}"
    return result, dice
