"""Reinforcements and bystanders (issue 28): `gm add ID CHARACTER SIDE [X,Y]` and `gm remove WHO` through the
Game, with the characters folders' builder the app and `apcombat run` give it (docs/rules.md, "Arrivals")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w

from apcombat.content import arrival_builder, content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game
from apcombat.model import Control, Facing
from apcombat.saves import open_save, save_game

from .builders import SKILLS, SPECIAL, encounter, unit, write_encounter

RAIDER_BASE = 13  # the shipped raider: AG 6 + PE 5 + LU 4 // 2 (R13.1)


def fight(tmp_path: Path, rows: Any = None, modules: dict[str, bool] | None = None, **fields: Any) -> tuple[Game, Path]:
    """Ana (side a) against Bob and Cid (side b), each of initiative base 11 and AG 6, in table mode (or on
    `rows`); the game's arrivals built from the shipped characters and a user's folder holding `twin`, whose
    attributes are the builders' (base 11, AG 6). The twin's file is returned too."""
    at = (lambda x, y: (x, y)) if rows is not None else (lambda x, y: None)
    data = encounter(
        [unit("ana", "a", at(1, 3)), unit("bob", "b", at(8, 2)), unit("cid", "b", at(8, 4))], rows, **fields
    )
    if modules:
        data["modules"] = modules
    user = tmp_path / "user"
    (user / "characters").mkdir(parents=True)
    twin = user / "characters" / "twin.toml"
    twin.write_text(
        tomli_w.dumps({"name": "Twin", "special": SPECIAL, "skills": SKILLS, "weapons": ["colt_1911"]}),
        encoding="utf-8",
    )
    library = load_library(content_root(), user)
    game = Game(load_encounter(write_encounter(tmp_path / "fight.toml", data), library), seed=2)
    game.arrivals = arrival_builder(library)
    return game, twin


def begun(tmp_path: Path, **fields: Any) -> tuple[Game, Path]:
    """The fight started with initiative Ana 17, Bob 14, Cid 12 (R13.1: base 11 + 6, 3, 1): Ana acting."""
    game, twin = fight(tmp_path, **fields)
    game.play_all(["gm dice 6 3 1", "start"])
    assert game.state.order == ("ana", "bob", "cid") and game.state.active == "ana"
    return game, twin


def gm_lines(game: Game) -> list[str]:
    return [event.text for event in game.log if event.kind == "gm"]


def test_r13_1_a_newcomer_rolls_initiative_and_acts_from_the_next_round_at_its_place(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play_all(["gm dice 2", "gm add rex raider b"])  # 13 + 2 = 15: between Ana (17) and Bob (14)
    assert game.state.order == ("ana", "rex", "bob", "cid")
    assert gm_lines(game)[-1] == (
        f"game master: Raider joins B, initiative 15 (base {RAIDER_BASE} + d6 2): acts from round 2, place 2 of 4"
    )
    rex = game.state.unit("rex")
    assert (rex.side, rex.initiative, rex.character.name, rex.weapons[0].weapon.id) == ("b", 15, "Raider", "grease_gun")
    game.play("end")  # Ana's turn: the newcomer does not act this round
    assert game.state.active == "bob"
    game.play_all(["end", "end"])
    assert game.state.round == 2 and game.state.active == "ana"
    game.play("end")
    assert game.state.active == "rex"


def test_r13_1_ties_place_the_newcomer_after_those_it_ties_with_no_roll_off(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play_all(["gm dice 3", "gm add twin2 twin a"])  # 11 + 3 = 14, base 11, AG 6: Bob's very numbers
    assert game.state.order == ("ana", "bob", "twin2", "cid")
    assert "roll-off" not in gm_lines(game)[-1]
    game.play_all(["gm dice 1", "gm add rex raider b"])  # 13 + 1 = 14 ties Bob's total, but a higher base
    assert game.state.order == ("ana", "rex", "bob", "twin2", "cid")


def test_r13_1_the_newcomers_d6_may_be_typed_at_the_table(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play("gm add rex raider b", dice=(6,))  # 13 + 6 = 19: first
    assert game.state.order[0] == "rex" and game.state.unit("rex").initiative == 19
    assert game.history[-1].typed_dice == (6,) and game.history[-1].arrival is not None


def test_r0_6_without_initiative_the_newcomer_is_last_in_the_order(tmp_path: Path) -> None:
    game, _ = fight(tmp_path, optional_rules={"initiative": False})
    game.play_all(["start", "gm add rex raider b"])
    assert game.state.order == ("ana", "bob", "cid", "rex")
    assert gm_lines(game)[-1].endswith("last in the order: acts from round 2 (R0.6)")
    game.play_all(["end", "end", "end"])
    assert game.state.round == 2
    game.play_all(["end", "end", "end"])
    assert game.state.active == "rex"


def test_before_the_first_round_the_newcomer_rolls_with_the_others(tmp_path: Path) -> None:
    game, _ = fight(tmp_path)
    game.play_all(["gm add rex raider b", "gm dice 1 1 1 6", "start"])
    assert game.state.order[0] == "rex" and game.state.active == "rex"


def test_r18_5_1_with_the_deck_the_newcomer_gets_a_card_from_the_next_round(tmp_path: Path) -> None:
    game, _ = fight(tmp_path, modules={"activation_deck": True})
    game.play_all(["gm dice 6 2", "start", "hold a ana", "hold b bob"])
    assert game.state.active == "ana"
    game.play("gm add rex raider b")
    assert gm_lines(game)[-1].endswith("with a card from round 2 (R18.5.1: no card this round)")
    assert "rex" not in game.state.deck.cards
    turns = []
    while game.state.round == 1:
        turns.append(game.state.active)
        game.play("end")
    assert "rex" not in turns
    game.play_all(["gm dice 6 2" if game.state.deck.choosing else "end"])
    game.play_all(["hold a ana", "hold b rex"])  # R18.5.1: its side may even hold its card
    assert game.state.active == "ana"
    game.play("end")
    assert game.state.active == "rex"


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("gm add bob raider b", "there is already a unit bob (Bob): give the newcomer another id"),
        ("gm add rex nobody b", "no character 'nobody' in the characters folders"),
        ("gm add rex raider b 3,4", "table mode has no cells: leave X,Y out of gm add"),
        (f"gm add {'r' * 41} raider b", "is no id: one word of at most 40 letters, digits, - and _"),  # too long
    ],
)
def test_refusals_in_table_mode(tmp_path: Path, line: str, refusal: str) -> None:
    game, _ = begun(tmp_path)
    before = game.state
    with pytest.raises(CommandError, match=refusal.replace("(", r"\(").replace(")", r"\)")):
        game.play(line)
    assert game.state == before


@pytest.mark.parametrize(
    ("cell", "refusal"),
    [
        ("", "on a map the newcomer needs a free cell: gm add ID CHARACTER SIDE X,Y"),
        (" 12,3", "12,3 is off the 12 x 7 map: pick a cell on it"),
        (" 5,3", "5,3 is a wall, where no unit can stand: pick a free cell"),
        (" 8,2", "8,2 is taken by Bob: pick a free cell"),
    ],
)
def test_refusals_on_a_map(tmp_path: Path, cell: str, refusal: str) -> None:
    rows = ["............"] * 3 + [".....#......"] + ["............"] * 3
    game, _ = fight(tmp_path, rows=rows)
    game.play_all(["gm dice 6 3 1", "start"])
    with pytest.raises(CommandError) as refused:
        game.play(f"gm add rex raider b{cell}")
    assert str(refused.value) == refusal


def test_on_a_map_the_newcomer_stands_on_its_cell_facing_the_grids_first_facing(tmp_path: Path) -> None:
    game, _ = fight(tmp_path, rows=["............"] * 7)
    game.play_all(["gm dice 6 3 1", "start", "gm dice 4", "gm add rex raider b 10,5"])
    rex = game.state.unit("rex")
    assert (rex.at, rex.facing) == ((10, 5), Facing.N)
    assert "joins B at 10,5, initiative 17" in gm_lines(game)[-1]


def test_a_side_that_does_not_exist_is_made_played_by_the_game_master(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play_all(["gm dice 1", "gm add bar raider hill_folk", "gm add bar2 raider hill_folk"])
    side = game.state.side("hill_folk")
    assert (side.name, side.control) == ("Hill folk", Control.GM)
    assert [game.state.unit(uid).name for uid in ("bar", "bar2")] == ["Raider", "Raider 2"]
    assert "joins Hill folk (a new side, played by the game master)" in gm_lines(game)[-2]


def test_undo_and_redo_bring_the_same_newcomer_with_the_same_initiative(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    before = game.state
    game.play("gm add rex raider b")
    after = game.state
    game.play("undo")
    assert game.state == before
    game.play("redo")
    assert game.state == after


def test_a_save_with_a_newcomer_replays_without_the_characters_file(tmp_path: Path) -> None:
    game, twin = begun(tmp_path)
    game.play_all(["gm add twin2 twin a", "end"])
    path = save_game(game, tmp_path / "with_twin.toml")
    twin.unlink()
    opened = open_save(path).game  # replayed from its start to the saved state: the unit came from the save
    assert opened.state == game.state and opened.history[-2].arrival == game.history[-2].arrival
    opened.play("undo")
    opened.play("undo")
    assert "twin2" not in {u.id for u in opened.state.units}
    opened.play("redo")
    assert opened.state.unit("twin2").name == "Twin"


def test_gm_remove_of_the_acting_unit_passes_the_turn_on(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play_all(["end", "gm remove bob"])
    assert gm_lines(game)[-1] == "game master: Bob leaves the fight (fled)"
    assert game.state.status(game.state.unit("bob")).value == "fled"
    assert game.state.active == "cid" and not game.state.finished
    game.play("undo")
    assert game.state.active == "bob" and not game.state.unit("bob").down


def test_gm_remove_of_the_last_enemy_gives_the_victory(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play("gm remove bob")
    assert not game.state.finished
    game.play("gm remove cid")
    assert game.state.finished and game.state.winner == "a"
    with pytest.raises(CommandError, match="the fight is over: nobody can join it"):
        game.play("gm add rex raider b")


def test_gm_remove_refuses_one_already_out_of_the_fight(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.play("gm remove bob")
    with pytest.raises(CommandError, match=r"Bob is already out of the fight \(fled\)"):
        game.play("gm remove bob")


def test_a_game_with_no_characters_folders_refuses_gm_add(tmp_path: Path) -> None:
    game, _ = begun(tmp_path)
    game.arrivals = None
    with pytest.raises(CommandError, match="no characters folders"):
        game.play("gm add rex raider b")


def test_apcombat_run_brings_in_a_shipped_character(play: Any) -> None:
    data = encounter([unit("ana", "a"), unit("bob", "b")], None)
    out = play(data, ["gm dice 6 1", "start", "gm dice 2", "gm add rex raider b", "end", "end", "end"]).ok()
    assert out.round == 2 and out.active == "rex"  # 13 + 2 = 15: before Bob (12), after Ana (17)
    assert (out.unit("rex")["side"], out.unit("rex")["weapon"]) == ("b", "grease_gun")
    assert "game master: Raider joins B, initiative 15" in out.last("gm")["text"]


def test_r21_3_5_under_the_fog_a_newcomer_is_seen_by_the_sight_rules_and_its_line_is_the_gms(tmp_path: Path) -> None:
    game, _ = fight(tmp_path, rows=["............"] * 7, modules={"fog_of_war": True})
    game.play_all(["gm dice 6 3 1", "start"])
    assert "rex" not in game.state.side("a").seen
    game.play("gm add rex raider b 4,3")  # three cells from Ana, on open floor
    assert "rex" in game.state.side("a").seen
    joined = [event for event in game.log if event.kind == "gm"][-1]
    assert joined.for_side("a") is None and joined.for_side(None) is not None  # R21.8.3: never the players'
