"""A side's colour (`[[side]] colour`) and a unit that starts in cover (`[[unit]] cover = true`, R9.1): read,
checked as `apcombat check` checks them, and written back."""

from __future__ import annotations

import tomllib
from pathlib import Path

from content_helpers import problems_of
from encounter_helpers import ANA_AND_RAIDER, SIDES, encounter_file, unit_of

from apcombat.cli import main
from apcombat.content import Library, load_encounter
from apcombat.content.encounter_document import encounter_to_toml
from apcombat.model.side_colours import SIDE_COLOURS, colour_places

OPEN = {"rows": ["#########", "#.......#", "#.......#", "#.......#", "#########"]}
"""9 x 5: walls round the edge; 3,2 and its neighbours are open ground."""


def coloured(*colours: str | None) -> list[dict[str, object]]:
    return [{**side, "colour": colour} if colour else side for side, colour in zip(SIDES, colours, strict=True)]


def test_a_side_named_red_is_red_and_written_back(library: Library, tmp_path: Path) -> None:
    encounter = load_encounter(encounter_file(sides=coloured("red", None), path=tmp_path / "f.toml"), library)
    assert [side.colour for side in encounter.sides] == ["red", None]
    assert colour_places(encounter.sides) == {"a": 1, "b": 0}  # the second side takes the free first colour
    written = tomllib.loads(encounter_to_toml(encounter, library))
    assert [side.get("colour") for side in written["side"]] == ["red", None]


def test_sides_named_no_colour_are_coloured_by_their_place_as_before() -> None:
    from apcombat.model import Side

    sides = [Side(f"s{i}", f"S{i}") for i in range(8)]
    assert list(colour_places(sides).values()) == [0, 1, 2, 3, 4, 5, 0, 1]
    sides[3] = Side("s3", "S3", colour="green")
    assert list(colour_places(sides).values()) == [3, 1, 2, 0, 4, 5, 0, 1]  # only the first side's changes


def test_a_colour_that_is_none_of_the_names_is_refused_with_the_names(library: Library, tmp_path: Path) -> None:
    path = encounter_file(sides=coloured("pink", None), path=tmp_path / "f.toml")
    assert [str(problem) for problem in problems_of(load_encounter, path, library)] == [
        f"{path}: side 'a': colour: expected green, red, cyan, yellow, magenta or blue, got \"pink\""
    ]


def test_two_sides_of_one_colour_are_refused(library: Library, tmp_path: Path) -> None:
    path = encounter_file(sides=coloured("cyan", "cyan"), path=tmp_path / "f.toml")
    assert [str(problem) for problem in problems_of(load_encounter, path, library)] == [
        f"{path}: side 'b': colour: is 'cyan', as side 'a' is: give each side a colour of its own"
    ]


def test_a_unit_beside_a_wall_starts_in_cover_and_is_written_so(library: Library, tmp_path: Path) -> None:  # R9.1
    units = [unit_of("ana", "a", at=[1, 1], cover=True), ANA_AND_RAIDER[1]]
    encounter = load_encounter(encounter_file(units=units, path=tmp_path / "f.toml"), library)
    assert encounter.unit("ana").in_cover and not encounter.unit("raider").in_cover
    written = tomllib.loads(encounter_to_toml(encounter, library))
    assert [unit.get("cover") for unit in written["unit"]] == [True, None]


def test_a_unit_in_cover_in_the_open_is_refused_naming_it_and_its_cell(library: Library, tmp_path: Path) -> None:
    units = [unit_of("ana", "a", at=[3, 2], cover=True), unit_of("raider", "b", at=[7, 1])]
    path = encounter_file(battle_map=OPEN, units=units, path=tmp_path / "f.toml")
    assert [str(problem) for problem in problems_of(load_encounter, path, library)] == [
        f"{path}: unit 'ana': cover: is true at 3,2, in the open: a unit starts in cover only beside a wall or "
        "hip-high obstacle (R9.1)"
    ]


def test_in_table_mode_the_game_master_judges_the_cover(library: Library, tmp_path: Path) -> None:
    units = [unit_of("ana", "a", cover=True), unit_of("raider", "b")]
    encounter = load_encounter(encounter_file(battle_map=None, units=units, path=tmp_path / "f.toml"), library)
    assert encounter.unit("ana").in_cover


def test_apcombat_check_reports_both(tmp_path: Path, capsys) -> None:
    units = [unit_of("ana", "a", at=[3, 2], cover=True), unit_of("raider", "b", at=[7, 1])]
    path = encounter_file(battle_map=OPEN, sides=coloured("red", "red"), units=units, path=tmp_path / "f.toml")
    assert main(["check", str(path)]) != 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert "colour: is 'red', as side 'a' is" in said and "cover: is true at 3,2, in the open" in said


def test_every_colour_name_is_one_a_file_may_give(library: Library, tmp_path: Path) -> None:
    for first, second in zip(SIDE_COLOURS, SIDE_COLOURS[1:] + SIDE_COLOURS[:1], strict=True):
        path = encounter_file(sides=coloured(first, second), path=tmp_path / f"{first}.toml")
        assert [side.colour for side in load_encounter(path, library).sides] == [first, second]


def test_a_hidden_unit_may_say_cover_too_and_is_written_hidden_only(library: Library, tmp_path: Path) -> None:
    units = [unit_of("ana", "a", at=[1, 1], hidden=True, cover=True), ANA_AND_RAIDER[1]]  # R21.3.2
    path = encounter_file(units=units, path=tmp_path / "f.toml", modules={"fog_of_war": True})
    encounter = load_encounter(path, library)
    assert encounter.unit("ana").hidden and encounter.unit("ana").in_cover
    (ana, _) = tomllib.loads(encounter_to_toml(encounter, library))["unit"]
    assert ana["hidden"] is True and "cover" not in ana


def test_a_hidden_unit_in_the_open_is_one_problem_not_two(library: Library, tmp_path: Path) -> None:
    units = [unit_of("ana", "a", at=[3, 2], hidden=True, cover=True), unit_of("raider", "b", at=[7, 1])]
    path = encounter_file(battle_map=OPEN, units=units, path=tmp_path / "f.toml", modules={"fog_of_war": True})
    (problem,) = problems_of(load_encounter, path, library)
    assert "hidden = true at 3,2, in the open" in str(problem)
