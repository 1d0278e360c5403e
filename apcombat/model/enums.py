"""The closed vocabularies of the rules: poses, facings, range bands, body locations, families."""

from enum import StrEnum


class Pose(StrEnum):
    """R8.1: the three poses."""

    UPRIGHT = "upright"
    CROUCHED = "crouched"
    PRONE = "prone"


class Facing(StrEnum):
    """R7.3: eight facings on the square grid, N up, clockwise."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"


class RangeBand(StrEnum):
    """R1.3: the five range bands, nearest first."""

    CQC = "cqc"
    CLOSE = "close"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"


class BodyLocation(StrEnum):
    """R3.2: the one set of body locations for aims, criticals and wounds."""

    HEAD = "head"
    TORSO = "torso"
    ARM = "arm"
    LEGS = "legs"
    WEAPON = "weapon"


class DamageType(StrEnum):
    """The damage types armour is rated against."""

    NORMAL = "normal"
    LASER = "laser"
    PLASMA = "plasma"
    FIRE = "fire"
    EXPLOSIVE = "explosive"


class Skill(StrEnum):
    """R0.5: the percentage skills the rules test."""

    SMALL_GUNS = "small_guns"
    BIG_GUNS = "big_guns"
    ENERGY_WEAPONS = "energy_weapons"
    MELEE = "melee"
    UNARMED = "unarmed"
    THROWING = "throwing"
    ACROBATICS = "acrobatics"
    BODY_CONTROL = "body_control"
    FIRST_AID = "first_aid"  # R18.2.2: default 2 x (PE + IN)


WEAPON_SKILLS = (Skill.SMALL_GUNS, Skill.BIG_GUNS, Skill.ENERGY_WEAPONS, Skill.MELEE, Skill.UNARMED)
CLOSE_COMBAT_SKILLS = (Skill.MELEE, Skill.UNARMED)


class Family(StrEnum):
    """R11.4: weapon families, each a column of the source's tables, plus the ones outside them."""

    REVOLVER = "revolver"
    PISTOL = "pistol"
    ENERGY_PISTOL = "energy_pistol"
    MACHINE_PISTOL = "machine_pistol"
    OVERSIZED = "oversized"
    SMG = "smg"
    RIFLE = "rifle"
    SHOTGUN = "shotgun"
    ASSAULT_RIFLE = "assault_rifle"
    ENERGY_RIFLE = "energy_rifle"
    SNIPER_RIFLE = "sniper_rifle"
    MACHINE_GUN = "machine_gun"
    GATLING = "gatling"
    FLAMER = "flamer"
    MELEE = "melee"
    UNARMED = "unarmed"
    THROWN = "thrown"  # R22.1.1: grenades, Molotovs, dynamite


class WeaponKind(StrEnum):
    """R22.1.1: a weapon held in the hand (every gun, blade and fist) or thrown from the belt."""

    HELD = "held"
    THROWN = "thrown"


class BlastBand(StrEnum):
    """R22.5.1: the three bands of a blast, nearest first (and its three damage steps, R22.5.4)."""

    INNER = "inner"
    MIDDLE = "middle"
    OUTER = "outer"


class ShotMode(StrEnum):
    """The attack modes of the resolver."""

    SINGLE = "single"
    AIMED = "aimed"
    BURST = "burst"
    DUAL = "dual"
    DUAL_BURST = "dual_burst"
    FLAME = "flame"
    MELEE = "melee"


class FromCover(StrEnum):
    """R9.4, R9.5: how a shooter in cover fires."""

    NONE = "none"
    BLIND = "blind"
    LEAN_OUT = "lean_out"
