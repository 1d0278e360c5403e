"""The game's values as attrs classes: characters, weapons, armour, shots. Only derived values, no rules."""

from apcombat.model.armor import Armor
from apcombat.model.character import Character, Special
from apcombat.model.criticals import CriticalEffect, CriticalTable
from apcombat.model.enums import (
    BodyLocation,
    DamageType,
    Facing,
    Family,
    FromCover,
    Pose,
    RangeBand,
    ShotMode,
    Skill,
)
from apcombat.model.house_rules import CoverExempts, HouseRules, OptionalRules
from apcombat.model.shot import Shooter, Shot, ShotSituation, Target
from apcombat.model.weapon import BandSpec, Ranges, Weapon

__all__ = [
    "Armor",
    "BandSpec",
    "BodyLocation",
    "Character",
    "CoverExempts",
    "CriticalEffect",
    "CriticalTable",
    "DamageType",
    "Facing",
    "Family",
    "FromCover",
    "HouseRules",
    "OptionalRules",
    "Pose",
    "RangeBand",
    "Ranges",
    "Shooter",
    "Shot",
    "ShotMode",
    "ShotSituation",
    "Skill",
    "Special",
    "Target",
    "Weapon",
]
