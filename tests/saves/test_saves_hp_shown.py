"""How the players' view shows each side's HP (issue 13, item 4): `gm show SIDE exact|words|hidden` is a line of
the command language, logged, undone and redone, kept in saves (format 5), and every earlier format loads with
each side's HP shown exactly."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from save_helpers import duel_game

from apcombat.engine import CommandError
from apcombat.model import HpShown
from apcombat.saves import FORMAT_VERSION, load_game, save_game

FIXTURES = Path(__file__).parent
EARLIER = sorted(
    (path for folder in FIXTURES.glob("format_*") for path in folder.glob("*.toml")),
    key=lambda path: (path.parent.name, path.name),
)
"""The saves of every earlier format; only format 11's table brawl played a `gm show` (raiders: words)."""


def shown(game, side: str) -> HpShown:
    return game.state.side(side).hp_shown


def test_gm_show_sets_a_side_and_says_so_in_the_log():
    game = duel_game()
    events = game.play("gm show raiders words")
    assert shown(game, "raiders") is HpShown.WORDS and shown(game, "vault") is HpShown.EXACT
    assert events[0].text == "game master: the players' view shows the HP of Raiders as wound words"
    game.play("gm show raiders hidden")
    game.undo()
    assert shown(game, "raiders") is HpShown.WORDS
    game.redo()
    assert shown(game, "raiders") is HpShown.HIDDEN


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("gm show bandits hidden", "no side 'bandits': the sides are vault, raiders"),
        ("gm show raiders blurry", "'blurry': a side's HP is shown exact, words or hidden"),
        ("gm show raiders", "missing how its HP is shown: exact, words or hidden"),
    ],
)
def test_a_wrong_gm_show_is_one_sentence_with_its_usage(line, message):
    game = duel_game()
    with pytest.raises(CommandError) as refused:
        game.play(line)
    assert str(refused.value).startswith(message)
    assert "usage: gm show SIDE exact|words|hidden" in str(refused.value) or "no side" in str(refused.value)


def test_the_setting_comes_back_from_a_save(tmp_path):
    game = duel_game()
    game.play("gm show raiders hidden")
    path = save_game(game, tmp_path / "shown.toml")
    assert f"format_version = {FORMAT_VERSION}\n" in path.read_text(encoding="utf-8") and FORMAT_VERSION >= 5
    assert 'hp_shown = "hidden"' in path.read_text(encoding="utf-8")
    loaded = load_game(path)
    assert shown(loaded, "raiders") is HpShown.HIDDEN and loaded.state == game.state


@pytest.mark.parametrize("fixture", EARLIER, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_save_of_each_earlier_format_loads_with_every_sides_hp_shown_exactly(fixture, tmp_path):
    path = Path(shutil.copy(fixture, tmp_path / fixture.name))
    game = load_game(path)
    assert game.state.sides and all(
        side.hp_shown
        is (
            HpShown.WORDS
            if (fixture.parent.name, fixture.stem, side.id) == ("format_11", "table_brawl", "raiders")
            else HpShown.EXACT
        )
        for side in game.state.sides
    )
    side = game.state.sides[-1].id
    game.play(f"gm show {side} words")
    again = load_game(save_game(game, tmp_path / "again.toml"))
    assert shown(again, side) is HpShown.WORDS
