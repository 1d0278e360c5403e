"""A game master's snapshots (issue 28, item 8): `gm snapshot NAME` marks the fight's place in its history,
`gm back NAME` undoes every command since (redo plays them again); the snapshot is a line of the history and
`gm back` leaves the history and the redo list as that many undos would, so a save keeps both unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import duel

from apcombat.cli import main
from apcombat.engine import CommandError, Game
from apcombat.saves import load_game, replay_save, save_game

SHOT = ["end", "end", "gm force hit", "shoot ana raider"]  # seed 7: Ana acts first; the shot hits for 4


def marked_game() -> Game:
    game = Game(duel(), seed=7)
    game.play_all(["end", "end", "gm snapshot before-shot"])
    return game


def test_back_undoes_every_command_since_the_snapshot_and_redo_plays_them_again():
    game = marked_game()
    at_the_mark = (game.state, game.dice.snapshot())
    game.play_all(["gm force hit", "shoot ana raider"])
    after = (game.state, game.dice.snapshot())
    assert game.state.unit("raider").hp == 29
    [event] = game.play("gm back before-shot")
    assert (
        event.text
        == "game master: back to snapshot before-shot, 2 commands undone (redo plays them again, one at a time)"
    )
    assert (game.state, game.dice.snapshot()) == at_the_mark
    assert game.history[-1].line == "gm snapshot before-shot"
    assert [entry.line for entry in game.redo_entries] == ["gm force hit", "shoot ana raider"]
    game.play_all(["redo", "redo"])
    assert (game.state, game.dice.snapshot()) == after


def test_the_snapshot_is_logged_and_changes_nothing():
    game = Game(duel(), seed=7)
    game.play_all(["end", "end"])
    before = (game.state, game.dice.snapshot())
    [event] = game.play("gm snapshot round-1")
    assert event.text == "game master: snapshot round-1 marks this place in the fight (gm back round-1 returns here)"
    assert (game.state, game.dice.snapshot()) == before


@pytest.mark.parametrize(
    ("lines", "refusal"),
    [
        (["gm back nowhere"], "no snapshot nowhere in the fight's history: write gm snapshot NAME to mark one"),
        (["gm snapshot a", "gm back b"], "no snapshot b in the fight's history: the snapshots are a"),
        (["gm snapshot a", "gm back a"], "nothing has been played since snapshot a"),
        (
            ["gm snapshot a", "gm snapshot a"],
            "snapshot a is already marked: gm back a returns to it, or choose another name",
        ),
        (["gm snapshot a", "end", "undo", "undo", "gm back a"], "no snapshot a in the fight's history"),
    ],
)
def test_refusals_say_why_in_one_sentence(lines, refusal):
    game = Game(duel(), seed=7)
    *before, last = lines
    game.play_all(before)
    state = game.state
    with pytest.raises(CommandError, match=refusal):
        game.play(last)
    assert game.state == state


@pytest.mark.parametrize("name", ["a,b", "x" * 41])
def test_a_name_is_one_short_word(name):
    with pytest.raises(CommandError, match="is no snapshot name: one word of letters, digits, - and _"):
        Game(duel()).play(f"gm snapshot {name}")


def test_a_new_command_after_back_drops_what_redo_would_play():
    game = marked_game()
    game.play_all(["gm force hit", "shoot ana raider", "gm back before-shot", "gm force miss"])
    with pytest.raises(CommandError, match="nothing to redo"):
        game.play("redo")


def test_a_save_keeps_the_snapshot_and_what_back_undid(tmp_path: Path):
    game = marked_game()
    game.play_all(["gm force hit", "shoot ana raider", "gm back before-shot"])
    path = save_game(game, tmp_path / "evening.toml")
    loaded = load_game(path)
    assert loaded.history == game.history and loaded.redo_entries == game.redo_entries
    loaded.play_all(["redo", "redo"])
    assert loaded.state.unit("raider").hp == 29
    assert replay_save(path).state == game.state


def test_back_after_a_load_rebuilds_the_place_by_replaying(tmp_path: Path):
    game = marked_game()
    at_the_mark = game.state
    game.play_all(["gm force hit", "shoot ana raider"])
    loaded = load_game(save_game(game, tmp_path / "evening.toml"))
    loaded.play("gm back before-shot")
    assert loaded.state == at_the_mark and len(loaded.redo_entries) == 2


def test_a_script_may_go_back_and_a_save_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    script = tmp_path / "evening.txt"
    script.write_text("\n".join([*SHOT[:2], "gm snapshot a", *SHOT[2:], "gm back a"]) + "\n", encoding="utf-8")
    save = tmp_path / "evening.toml"
    encounter = Path(__file__).parents[2] / "content" / "encounters" / "duel.toml"
    assert main(["run", str(encounter), "--script", str(script), "--seed", "7", "--save", str(save)]) == 0
    assert "back to snapshot a, 2 commands undone" in capsys.readouterr().out
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    assert main(["run", str(save), "--replay", "--script", str(empty)]) == 0
    assert "snapshot a marks this place" in capsys.readouterr().out


def test_back_over_one_command_says_so():
    game = marked_game()
    game.play("gm hp ana -5")
    [event] = game.play("gm back before-shot")
    assert event.text == "game master: back to snapshot before-shot, 1 command undone (redo plays it again)"
