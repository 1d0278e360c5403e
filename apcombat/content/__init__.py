"""Content: reading and checking the TOML files a game master edits (weapons, armour, wound effects,
characters, attack scenarios, encounters) into model objects, with one clear line for every problem."""

from apcombat.content.checking import CheckReport, FileKind, check_content
from apcombat.content.converter import CONVERTER, make_content_converter
from apcombat.content.encounter import MODULES, load_encounter, read_encounter
from apcombat.content.errors import ContentError, Loaded, Problem
from apcombat.content.library import Library
from apcombat.content.loader import (
    load_armor,
    load_character,
    load_criticals,
    load_library,
    load_weapons,
    read_armor,
    read_character,
    read_criticals,
    read_library,
    read_weapons,
)
from apcombat.content.paths import content_root, resolve_reference, shown
from apcombat.content.scenario import load_attack_scenario, read_attack_scenario

__all__ = [
    "CONVERTER",
    "MODULES",
    "CheckReport",
    "ContentError",
    "FileKind",
    "Library",
    "Loaded",
    "Problem",
    "check_content",
    "content_root",
    "load_armor",
    "load_attack_scenario",
    "load_character",
    "load_criticals",
    "load_encounter",
    "load_library",
    "load_weapons",
    "make_content_converter",
    "read_armor",
    "read_attack_scenario",
    "read_character",
    "read_criticals",
    "read_encounter",
    "read_library",
    "read_weapons",
    "resolve_reference",
    "shown",
]
