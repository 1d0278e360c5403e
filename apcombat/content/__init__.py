"""Content: reading and checking the TOML files a game master edits (weapons, armour, wound effects,
characters, attack scenarios, encounters) into model objects, with one clear line for every problem.

The names below are imported from their modules when first used: a program that only reads a TOML file or
finds the content folder (the title screen, the key file) does not wait for the converters and checks."""

from __future__ import annotations

from apcombat.lazy_names import lazy_names

_HOME = {
    "CheckReport": "checking",
    "FileKind": "checking",
    "check_content": "checking",
    "CONVERTER": "converter",
    "make_content_converter": "converter",
    "FIRES_NEED_FIRE_SPREAD": "encounter",
    "MODULES": "encounter",
    "fires_without_fire_spread": "encounter",
    "load_encounter": "encounter",
    "read_encounter": "encounter",
    "ContentError": "errors",
    "Loaded": "errors",
    "Problem": "errors",
    "Library": "library",
    "load_armor": "loader",
    "load_character": "loader",
    "load_criticals": "loader",
    "load_library": "loader",
    "load_weapons": "loader",
    "read_armor": "loader",
    "read_character": "loader",
    "read_criticals": "loader",
    "read_library": "loader",
    "read_weapons": "loader",
    "content_root": "paths",
    "resolve_reference": "paths",
    "shown": "paths",
    "arrival_builder": "roster",
    "load_attack_scenario": "scenario",
    "read_attack_scenario": "scenario",
    "is_throw_scenario": "throw_scenario",
    "read_throw_scenario": "throw_scenario",
    "throw_scenario_from": "throw_scenario",
}
"""Each public name and the module of this package that defines it."""

__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy_names(__name__, _HOME)
