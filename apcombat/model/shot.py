"""One attack as the rules see it: who fires what, at whom, how (the attack resolver's scenario)."""

from __future__ import annotations

import attrs

from apcombat.model.armor import NO_ARMOR, Armor
from apcombat.model.character import Special
from apcombat.model.converters import as_frozenset
from apcombat.model.criticals import DEFAULT_CRITICALS, CriticalTable
from apcombat.model.enums import BodyLocation, FromCover, Pose, ShotMode, Skill
from apcombat.model.house_rules import HouseRules, OptionalRules
from apcombat.model.weapon import Weapon


@attrs.frozen
class Shooter:
    """The attacker and the state it fires from."""

    name: str
    special: Special
    skills: dict[Skill, int]
    weapon: Weapon
    perks: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)
    offhand: Weapon | None = None
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False
    hidden_behind_cover: bool = False  # R8.5: prone behind hip-high cover between it and the target
    exhaustion: int = 0  # R14.3 penalty in force: 0, 10, 20 or 40
    wounds: frozenset[BodyLocation] = attrs.field(factory=frozenset, converter=as_frozenset)
    ammo: int | None = None  # rounds loaded in the main gun; None = a full magazine
    offhand_ammo: int | None = None
    crit_chance: int | None = None  # R0.5 override; None = LU
    suppression: int = 0  # R18.4.2: suppression markers held (-10 each on its attacks)
    id: str = ""  # the unit's id: whose dice its attack rolls (R18.6.1)

    def skill(self, skill: Skill) -> int:
        return self.skills.get(skill, 0)

    @property
    def base_crit_chance(self) -> int:
        return self.crit_chance if self.crit_chance is not None else self.special.LU

    def loaded(self, offhand: bool = False) -> int:
        weapon = self.offhand if offhand else self.weapon
        ammo = self.offhand_ammo if offhand else self.ammo
        assert weapon is not None
        return weapon.magazine if ammo is None else ammo


@attrs.frozen
class Target:
    """The one attacked and what protects it."""

    name: str
    hp: int
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False  # R9.2 already judged: protected against this shooter
    reacting: bool = False  # on watch (R16) or giving covering fire (R17)
    armor: Armor = NO_ARMOR
    special: Special = attrs.field(factory=Special)
    skills: dict[Skill, int] = attrs.field(factory=dict)
    exhaustion: int = 0
    wounds: frozenset[BodyLocation] = attrs.field(factory=frozenset, converter=as_frozenset)
    suppression: int = 0  # R18.4.2: suppression markers held (-1 each on its d10 tests)
    id: str = ""  # the unit's id: whose dice its tests roll (R18.6.1)

    def skill(self, skill: Skill) -> int:
        return self.skills.get(skill, 0)


@attrs.frozen
class Shot:
    """How the attack is made."""

    mode: ShotMode = ShotMode.SINGLE
    location: BodyLocation | None = None  # aimed and melee only
    extra_ap: int = 0  # aimed only, R3.1
    distance_m: float = 1.0
    from_cover: FromCover = FromCover.NONE
    reaction: bool = False  # fired by a reacting shooter (R9.3 house rule)
    gm_modifier: int = 0


@attrs.frozen
class ShotSituation:
    """Everything the rules need to judge and resolve one attack."""

    shooter: Shooter
    target: Target
    shot: Shot
    house_rules: HouseRules = attrs.field(factory=HouseRules)
    criticals: CriticalTable = DEFAULT_CRITICALS
    optional_rules: OptionalRules = attrs.field(factory=OptionalRules)
