"""Loading what the encounter writer wrote gives back the same encounter (issue 27 item 7), over encounters
generated as the editor makes them: square and hex maps of assorted sizes with every terrain (legend entries
beyond the default ones), fires and burnt cells (R18.3.4), table mode, two to four sides with every setting,
units of library and inline characters with every `[[unit]]` field, house and optional rules and modules.

Each generated encounter is a file's table read by the editor's reader (`read_encounter_data`, as written, a
draft: placement problems are the checks' business, not the writer's), so every value is one a file can hold.
"""

from __future__ import annotations

import os
import string
import tomllib
from pathlib import Path
from typing import Any

import attrs
from content_helpers import CONTENT
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from apcombat.board.kinds import GRIDS
from apcombat.content import Library
from apcombat.content.encounter import read_encounter_data
from apcombat.content.encounter_document import WrittenEncounter, encounter_text
from apcombat.model.ai_settings import AiRole, Effort
from apcombat.model.battlemap import DEFAULT_LEGEND, Terrain
from apcombat.model.character import ATTRIBUTES
from apcombat.model.encounter import Control, Encounter, HpShown
from apcombat.model.enums import Pose
from apcombat.model.fates import Edge, Fate, MoraleState
from apcombat.model.house_rules import CoverExempts, HexTurns, OptionalRules
from apcombat.model.modules import MODULES

PATH = CONTENT / "encounters" / "generated.toml"
"""Where the generated encounters say they are (a bare character id is looked up from the content folder)."""

EXTRA_LEGEND = {'"': Terrain.BRUSH, "%": Terrain.CRATES, "^": Terrain.HUT, "x": Terrain.BURNT, "~": Terrain.GAP}
"""Legend entries beyond the default ones (`~` a second glyph for gaps); `battle_maps` may also give the
default glyph `_` another terrain."""

HELD = ("colt_1911", "knife", "grease_gun", "hunting_rifle", "flamer", "sawn_off", "laser_pistol_civilian")
AMMO = ("45acp", "12ga", "5_56mm", "napalm", "small_energy_cell")
THROWN = ("frag_grenade", "molotov", "dynamite", "plasma_grenade")
ARMOR = ("none", "leather_jacket", "leather_armor", "metal_armor", "combat_armor")
CHARACTERS = ("ana", "raider", "vera", "grenadier", "gruk", "firebug")

# Text a person may type for a name: quotes, a hash, accents and spaces included, so the writer's quoting is tried.
words = st.text(alphabet=string.ascii_letters + " '\"#=.-éñ", min_size=1, max_size=16).filter(lambda s: s.strip())


def optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.none() | strategy


def some_of(choices: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A table with any of `choices`' keys (those left out take their defaults)."""
    return st.fixed_dictionaries({}, optional={key: value for key, value in choices.items()})


@st.composite
def battle_maps(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["square", "hex"]))
    width, height = draw(st.integers(1, 14)), draw(st.integers(1, 9))
    legend = {glyph: terrain.value for glyph, terrain in EXTRA_LEGEND.items() if draw(st.booleans())}
    if draw(st.booleans()):
        legend["_"] = Terrain.RUBBLE.value  # a default glyph given another terrain
    glyphs = sorted({*DEFAULT_LEGEND, *legend})
    rows = ["".join(draw(st.lists(st.sampled_from(glyphs), min_size=width, max_size=width))) for _ in range(height)]
    terrain = {**DEFAULT_LEGEND, **{glyph: Terrain(value) for glyph, value in legend.items()}}
    cells = [(x, y) for y in range(height) for x in range(width)]
    burnable = [(x, y) for x, y in cells if terrain[rows[y][x]].flammable or not terrain[rows[y][x]].blocks_movement]
    fires = draw(st.lists(st.sampled_from(burnable), unique=True, max_size=4)) if burnable else []
    burnt = [cell for cell in draw(st.lists(st.sampled_from(cells), unique=True, max_size=3)) if cell not in fires]
    table: dict[str, Any] = {"rows": rows}
    if legend:
        table["legend"] = legend
    if kind != "square" or draw(st.booleans()):
        table["kind"] = kind  # written out or left to its default, as people do
    if fires:
        table["fires"] = [list(cell) for cell in fires]
    if burnt:
        table["burnt"] = [list(cell) for cell in burnt]
    return table


def sides(count: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    ai = some_of(
        {
            "level": st.sampled_from(["random", "tactical"]),
            "effort": st.sampled_from([effort.value for effort in Effort]),
            "aggression": st.sampled_from([0.0, 0.25, 0.5, 0.8, 1.0]),
            "caution": st.sampled_from([0.0, 0.5, 0.7, 1.0]),
        }
    )
    side = some_of(
        {
            "ai": ai,
            "hp_shown": st.sampled_from([shown.value for shown in HpShown]),
            "edge": st.sampled_from([edge.value for edge in Edge]),
            "reroll_points": st.integers(0, 10),
        }
    )
    return st.tuples(
        *[
            st.builds(
                lambda extra, name, control, number=number: {
                    "id": f"side{number}",
                    "name": name,
                    "control": control,
                    **extra,
                },
                side,
                words,
                st.sampled_from([control.value for control in Control]),
            )
            for number in range(count)
        ]
    ).map(list)


inline_characters = st.builds(
    lambda name, special, weapons, extra: {"name": name, "special": special, "weapons": weapons, **extra},
    words,
    st.fixed_dictionaries({attribute: st.integers(1, 10) for attribute in ATTRIBUTES}),
    st.lists(st.sampled_from(HELD), max_size=2),
    some_of(
        {
            "max_hp": st.integers(5, 60),
            "armor": st.sampled_from(ARMOR[1:]),
            "thrown": st.dictionaries(st.sampled_from(THROWN), st.integers(1, 4), max_size=2),
            "skills": st.fixed_dictionaries({}, optional={"small_guns": st.integers(0, 150)}),
            "perks": st.lists(st.sampled_from(["ambidextrous", "more_criticals"]), unique=True, max_size=2),
        }
    ),
)


def unit_fields(kind: str | None) -> st.SearchStrategy[dict[str, Any]]:
    facings = [facing.value for facing in GRIDS[kind or "square"].facings]
    return some_of(
        {
            "name": words,
            "facing": st.sampled_from(facings),
            "pose": st.sampled_from([pose.value for pose in Pose]),
            "weapons": st.lists(st.sampled_from(HELD), max_size=3),
            "offhand": st.just(2),
            "armor": st.sampled_from(ARMOR),
            "ammo": st.dictionaries(st.sampled_from(AMMO), st.integers(0, 40), max_size=2),
            "thrown": st.dictionaries(st.sampled_from(THROWN), st.integers(0, 5), max_size=3),
            "hp": st.integers(1, 30),
            "ai_role": st.sampled_from([role.value for role in AiRole]),
            "morale_state": st.sampled_from([state.value for state in MoraleState]),
            "fate": st.sampled_from([fate.value for fate in Fate]),
            "stunned": st.booleans(),
            "markers": st.integers(0, 3),
            "hidden": st.booleans(),
        }
    )


rules = st.fixed_dictionaries(
    {},
    optional={
        "house_rules": some_of(
            {
                "aim_max_extra_ap": st.integers(0, 4),
                "prone_shows_head": st.booleans(),
                "cover_exempts": st.sampled_from([choice.value for choice in CoverExempts]),
                "ambidextrous_removes_strength": st.booleans(),
                "reroll_initiative_each_round": st.booleans(),
                "hex_turns": st.sampled_from([choice.value for choice in HexTurns]),
                "surrender": st.booleans(),
            }
        ),
        "optional_rules": some_of({field.name: st.booleans() for field in attrs.fields(OptionalRules)}),
        "modules": some_of({name: st.booleans() for name in MODULES}),
    },
)


@st.composite
def encounter_files(draw: st.DrawFn) -> dict[str, Any]:
    """An encounter file's table, as a person (or the editor) might write it."""
    table: dict[str, Any] = {"name": draw(words)}
    if draw(st.booleans()):
        table["description"] = draw(words)
    battle_map = draw(optional(battle_maps()))
    kind = None
    if battle_map is not None:
        table["map"] = battle_map
        kind = battle_map.get("kind", "square")
    side_tables = draw(st.integers(2, 4).flatmap(sides))
    table["side"] = side_tables
    count = draw(st.integers(1, 6))
    if battle_map is not None:
        width, height = len(battle_map["rows"][0]), len(battle_map["rows"])
        cells = [(x, y) for y in range(height) for x in range(width)]
        spots = draw(st.lists(st.sampled_from(cells), unique=True, min_size=min(count, len(cells)), max_size=count))
    else:
        spots = [None] * count
    units = []
    for number, spot in enumerate(spots):
        character = draw(st.sampled_from(CHARACTERS) | inline_characters)
        unit = {"id": f"u{number}", "side": draw(st.sampled_from(side_tables))["id"], "character": character}
        if spot is not None:
            unit["at"] = list(spot)
        fields = draw(unit_fields(kind))
        if "offhand" in fields:  # R11: the second gun is one of the unit's other guns
            fields["weapons"], fields["offhand"] = ["colt_1911", "knife", "colt_1911"], 2
        units.append({**unit, **fields})
    table["unit"] = units
    table.update(draw(rules))
    return table


def as_written(data: dict[str, Any], library: Library) -> Encounter | None:
    """What a file saying `data` loads as in the editor (a draft: placement problems are the checks' to show)."""
    return read_encounter_data(data, PATH, library, draft=True).value


def loads_as(text: str, library: Library) -> Encounter | None:
    return as_written(tomllib.loads(text), library)


ROUND_TRIPS = int(os.environ.get("ROUND_TRIPS", "80"))
"""Examples per property (`ROUND_TRIPS=1000 pytest ...` for a longer search)."""

ROUND_TRIP = settings(max_examples=ROUND_TRIPS, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@ROUND_TRIP
@given(data=encounter_files())
def test_a_fresh_file_loads_back_as_the_encounter(data: dict[str, Any], library: Library) -> None:
    encounter = as_written(data, library)
    assume(encounter is not None)
    text = encounter_text(encounter, library)
    assert loads_as(text, library) == encounter
    # As a person lays it out: one blank line between tables, one newline at the end, a map row a line.
    assert "\n\n\n" not in text and text.endswith("\n") and not text.endswith("\n\n")
    if encounter.map is not None:
        rows = text.split("rows = [\n", 1)[1].split("\n]\n", 1)[0].splitlines()
        assert [tomllib.loads(f"row = {line.strip().rstrip(',')}")["row"] for line in rows] == list(encounter.map.rows)
        assert all(line.startswith('  "') or line.startswith("  '") for line in rows)


@ROUND_TRIP
@given(first=encounter_files(), second=encounter_files())
def test_a_file_changed_into_another_encounter_loads_as_that_one(
    first: dict[str, Any], second: dict[str, Any], library: Library
) -> None:
    # Base A's text changed to say B: every key of A that B lacks removed, every value B changes set. The
    # fallback (a fresh file) is not given the chance: the changed text must load as B on its own.
    a, b = as_written(first, library), as_written(second, library)
    assume(a is not None and b is not None)
    assert a is not None and b is not None
    base = WrittenEncounter(encounter_text(a, library), a)
    assert loads_as(encounter_text(b, library, base), library) == b


SHIPPED = sorted((CONTENT / "encounters").glob("*.toml"))


_SHIPPED_READ: dict[Path, WrittenEncounter] = {}


def shipped(path: Path, library: Library) -> WrittenEncounter:
    """A shipped file as the editor opens it (read once)."""
    if path in _SHIPPED_READ:
        return _SHIPPED_READ[path]
    text = path.read_text(encoding="utf-8")
    encounter = loads_as(text, library)
    assert encounter is not None
    _SHIPPED_READ[path] = WrittenEncounter(text, encounter)
    return _SHIPPED_READ[path]


@ROUND_TRIP
@given(path=st.sampled_from(SHIPPED), data=encounter_files())
def test_a_shipped_file_changed_into_any_encounter_loads_as_it(
    path: Path, data: dict[str, Any], library: Library
) -> None:
    # The hand-written files (comments, keys written with their defaults, a character named by its file) as bases.
    encounter = as_written(data, library)
    assume(encounter is not None)
    assert encounter is not None
    assert loads_as(encounter_text(encounter, library, shipped(path, library)), library) == encounter
