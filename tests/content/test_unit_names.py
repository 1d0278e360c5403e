"""A unit's own name in an encounter, for two units that share one character sheet."""

from pathlib import Path

import pytest

from apcombat.content import ContentError, content_root, load_encounter, load_library

ROOT = Path(__file__).resolve().parents[2]


def test_units_sharing_a_sheet_get_their_own_names():
    library = load_library(content_root())
    brawl = load_encounter(ROOT / "content" / "encounters" / "table_brawl.toml", library)
    assert brawl.unit("raider_1").name == "Raider Jed"
    assert brawl.unit("raider_2").name == "Raider Moss"
    assert brawl.unit("raider_1").character.special == library.characters["raider"].special


def test_an_empty_unit_name_is_a_problem(tmp_path):
    text = (ROOT / "content" / "encounters" / "table_brawl.toml").read_text()
    bad = tmp_path / "brawl.toml"
    bad.write_text(text.replace('name = "Raider Jed"', 'name = " "'))
    with pytest.raises(ContentError) as error:
        load_encounter(bad, load_library(content_root()))
    assert any("name: expected a name" in problem for problem in error.value.problems)
