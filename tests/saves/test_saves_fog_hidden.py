"""R21.8.7, R21.10.1: a save keeps the hidden flags, each side's marks and table mode's `gm sees`."""

from __future__ import annotations

from pathlib import Path

from apcombat.engine import Game, marks_of
from apcombat.saves import load_game, save_game
from tests.engine.modules.fog_fights import ana, ben, fog_game, jed, rat


def saved_and_loaded(game: Game, folder: Path) -> Game:
    return load_game(save_game(game, folder / "fight.toml"))


def test_hidden_flags_and_marks_survive_a_save(tmp_path):  # R21.10.1, R21.8.7
    game = fog_game(tmp_path, ana((6, 0), "E"), ben((0, 6)), rat((9, 2), "W", hidden=True), jed((4, 4)))
    game.play_all(["move ana 7,0 8,1", "end"])  # Rat revealed quietly beside Ana (E21.3)
    game.play_all(["gm set ben at=6,6", "gm set jed at=0,1"])  # the walls hide Jed from both
    assert [mark.unit for mark in marks_of(game.state, "vault")] == ["jed"]
    loaded = saved_and_loaded(game, tmp_path)
    assert loaded.state == game.state
    assert loaded.state.unit("rat").quietly_revealed and not loaded.state.unit("rat").hidden
    assert marks_of(loaded.state, "vault") == marks_of(game.state, "vault")


def test_a_hidden_unit_and_table_mode_gm_sees_survive_a_save(tmp_path):  # R21.10.1, R21.7.3
    game = fog_game(tmp_path, ana(None), jed(None), rat(None, hidden=True), rows=None)
    game.play_all(["gm sees vault all on", "gm sees vault jed off", "gm sees raiders ana on"])
    loaded = saved_and_loaded(game, tmp_path)
    assert loaded.state == game.state
    assert loaded.state.unit("rat").hidden
    assert loaded.state.side("raiders").slots.fog_of_war.told == {"ana"}
    assert [mark.unit for mark in marks_of(loaded.state, "vault")] == ["jed"]
    loaded.play("gm reveal rat")  # goes on
    assert not loaded.state.unit("rat").hidden
