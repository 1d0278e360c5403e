"""The game's values as attrs classes: characters, weapons, armour, shots. Only derived values, no rules."""

from apcombat.model.ai_settings import DEFAULT_AI, AiRole, AiSettings, Effort
from apcombat.model.armor import NO_ARMOR, Armor
from apcombat.model.battlemap import DEFAULT_LEGEND, BattleMap, Cell, Terrain
from apcombat.model.character import Character, Special
from apcombat.model.conditions import NO_EXHAUSTION, Burning, Exhaustion
from apcombat.model.criticals import CriticalEffect, CriticalTable
from apcombat.model.encounter import (
    AiDice,
    CarriedWeapon,
    Control,
    Encounter,
    HpShown,
    Interrupt,
    Pin,
    PlayersShown,
    Side,
    ThrownStock,
    Unit,
    UnitStatus,
    WaitingBlast,
    Watch,
    with_fields,
    with_state,
)
from apcombat.model.enums import (
    BlastBand,
    BodyLocation,
    DamageType,
    Facing,
    Family,
    FromCover,
    Pose,
    RangeBand,
    ShotMode,
    Skill,
    WeaponKind,
)
from apcombat.model.fires import TableFire
from apcombat.model.house_rules import CoverExempts, HexTurns, HouseRules, OptionalRules
from apcombat.model.module_state import RolledDie
from apcombat.model.shot import Shooter, Shot, ShotSituation, Target
from apcombat.model.weapon import BandSpec, Ranges, Weapon

__all__ = [
    "DEFAULT_AI",
    "DEFAULT_LEGEND",
    "NO_ARMOR",
    "NO_EXHAUSTION",
    "AiDice",
    "AiRole",
    "AiSettings",
    "Armor",
    "BandSpec",
    "BattleMap",
    "BlastBand",
    "BodyLocation",
    "Burning",
    "CarriedWeapon",
    "Cell",
    "Character",
    "Control",
    "CoverExempts",
    "CriticalEffect",
    "CriticalTable",
    "DamageType",
    "Effort",
    "Encounter",
    "Exhaustion",
    "Facing",
    "Family",
    "FromCover",
    "HexTurns",
    "HouseRules",
    "HpShown",
    "Interrupt",
    "OptionalRules",
    "Pin",
    "PlayersShown",
    "Pose",
    "RangeBand",
    "Ranges",
    "RolledDie",
    "Shooter",
    "Shot",
    "ShotMode",
    "ShotSituation",
    "Side",
    "Skill",
    "Special",
    "TableFire",
    "Target",
    "Terrain",
    "ThrownStock",
    "Unit",
    "UnitStatus",
    "WaitingBlast",
    "Watch",
    "Weapon",
    "WeaponKind",
    "with_fields",
    "with_state",
]
