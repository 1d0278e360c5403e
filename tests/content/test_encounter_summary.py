"""The quick summary of an encounter file, which the title screen lists before the content is loaded, says
what the full read says of every shipped encounter, and the full check names what keeps a file from play."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.content.encounter_summary import checked_summary, encounter_summaries, summary

LIBRARY = load_library(content_root())
SHIPPED = encounter_summaries(content_root())


def test_every_shipped_encounter_is_summarised() -> None:
    assert [entry.path.stem for entry in SHIPPED] == sorted(
        path.stem for path in (content_root() / "encounters").glob("*.toml")
    )


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda entry: entry.path.stem)
def test_a_summary_agrees_with_the_full_read(entry) -> None:
    encounter = load_encounter(entry.path, LIBRARY)
    assert entry.name == encounter.name
    assert entry.description == encounter.description
    assert entry.map_size == ((encounter.map.width, encounter.map.height) if encounter.map else None)
    assert entry.sides == tuple(
        (side.name, sum(1 for unit in encounter.units if unit.side == side.id)) for side in encounter.sides
    )
    assert checked_summary(entry, LIBRARY) == entry  # nothing keeps it from play


def test_a_file_that_is_not_toml_has_its_problem_at_once(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('name = "Broken\n', encoding="utf-8")
    entry = summary(path)
    assert entry.name == "broken"
    assert entry.problem is not None and "TOML syntax error" in entry.problem


def test_an_unknown_weapon_is_found_by_the_full_check(tmp_path: Path) -> None:
    text = (content_root() / "encounters" / "duel.toml").read_text(encoding="utf-8")
    path = tmp_path / "duel_with_a_ray_gun.toml"
    path.write_text(text.replace("[[unit]]", '[[unit]]\nweapons = ["ray_gun_9000"]', 1), encoding="utf-8")
    entry = summary(path)
    assert entry.problem is None and entry.name == "Duel at the well"  # the quick read cannot tell
    found = checked_summary(entry, LIBRARY)
    assert found.name == "duel_with_a_ray_gun"
    assert found.problem is not None and "ray_gun_9000" in found.problem
