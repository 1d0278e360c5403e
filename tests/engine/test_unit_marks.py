"""Unit marks (engine.marks): each unit's side letter and number, unique, two characters, the same all fight and
after a save and load; and the flags a screen draws next to a mark."""

from __future__ import annotations

import random

import attrs
import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, legal_commands, side_letters, unit_flags, unit_marks
from apcombat.model import Character, Encounter, Side, Unit, Watch
from apcombat.saves import load_game, save_game

ENCOUNTERS = sorted((content_root() / "encounters").glob("*.toml"))


@pytest.fixture(scope="module")
def library():
    return load_library(content_root())


def encounter(sides: list[tuple[str, str]], units_per_side: list[int]) -> Encounter:
    units = [
        Unit(id=f"{side_id}_{i}", side=side_id, character=Character(f"{side_id} {i}"), hp=20, at=None)
        for (side_id, _), count in zip(sides, units_per_side, strict=True)
        for i in range(count)
    ]
    return Encounter(name="marks", sides=[Side(side_id, name) for side_id, name in sides], units=units)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=[path.stem for path in ENCOUNTERS])
def test_every_encounters_marks_are_unique_two_characters_starting_with_the_sides_letter(path, library) -> None:
    state = load_encounter(path, library)
    marks, letters = unit_marks(state), side_letters(state)
    assert set(marks) == {unit.id for unit in state.units}
    assert len(set(marks.values())) == len(marks) and all(len(mark) == 2 for mark in marks.values())
    assert len(set(letters.values())) == len(letters)
    assert all(marks[unit.id][0] == letters[unit.side] for unit in state.units)


def test_the_big_battlefield_is_b1_to_b6_against_r1_to_r6(library) -> None:
    state = load_encounter(content_root() / "encounters" / "big_battlefield.toml", library)
    marks = unit_marks(state)
    assert [marks[unit.id] for unit in state.units] == [f"B{n}" for n in range(1, 7)] + [f"R{n}" for n in range(1, 7)]


def test_sides_sharing_a_first_letter_get_distinct_letters_and_an_article_is_skipped() -> None:
    state = encounter([("a", "Raiders"), ("b", "Rangers"), ("c", "The Kings"), ("rr", "Rr")], [1, 1, 1, 1])
    assert side_letters(state) == {"a": "R", "b": "A", "c": "K", "rr": "B"}  # Rr: no letter of its own is free


def test_more_than_nine_units_go_on_with_letters_then_a_second_side_letter() -> None:
    state = encounter([("raiders", "Raiders"), ("vault", "Vault")], [40, 2])
    marks = unit_marks(state)
    raiders = [marks[f"raiders_{i}"] for i in range(40)]
    assert raiders[:11] == ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RA", "RB"]
    assert "RI" not in raiders and "RO" not in raiders  # they read as R1 and R0
    assert raiders[32] == "RZ" and raiders[33] == "A1"  # 33 marks a letter, then a letter no side has
    assert len(set(marks.values())) == 42 and all(len(mark) == 2 for mark in marks.values())
    assert marks["vault_0"] == "V1"


def test_a_unit_added_later_takes_the_next_number_and_no_other_mark_changes() -> None:
    state = encounter([("raiders", "Raiders"), ("vault", "Vault")], [3, 2])
    before = unit_marks(state)
    newcomer = Unit(id="late", side="raiders", character=Character("Late"), hp=20)
    after = unit_marks(attrs.evolve(state, units=(*state.units, newcomer)))
    assert after == before | {"late": "R4"}


def test_marks_stay_the_same_all_fight_and_after_a_save_and_load(library, tmp_path) -> None:
    state = load_encounter(content_root() / "encounters" / "street_fight.toml", library)
    game = Game(state, seed=5)
    marks = unit_marks(game.state)
    game.play("start")
    chooser = random.Random(5)
    for _ in range(60):  # commands of the acting unit, at random: moves, shots, poses, the ends of turns
        if game.state.finished:
            break
        lines = [line for line in legal_commands(game.state) if not line.startswith(("gm ", "undo", "redo"))]
        game.play(chooser.choice(lines))
        assert unit_marks(game.state) == marks
    assert any(unit.hp < unit.character.hit_points for unit in game.state.units)  # there was a fight
    loaded = load_game(save_game(game, tmp_path / "fight.toml"))
    assert unit_marks(loaded.state) == marks


def test_flags_say_cover_watch_pin_suppression_morale_burning_and_down(library) -> None:
    state = load_encounter(content_root() / "encounters" / "duel.toml", library)
    ana = state.unit("ana")
    assert unit_flags(state, ana) == ()
    watching = attrs.evolve(ana, in_cover=True, watch=Watch())
    assert unit_flags(state.with_unit(watching), watching) == ("cover", "watching")
    down = attrs.evolve(ana, hp=0)
    assert unit_flags(state.with_unit(down), down) == ("down",)
