"""The autosave after every command, written off the playing thread (issue 13, item 4, without the player
waiting for the disk): what is on disk after `flush()` is always the newest game, whole; a failure is one
sentence to the app, never an exception in the game."""

from __future__ import annotations

from save_helpers import duel_game

from apcombat.saves import BackgroundAutosave, load_game


def test_the_newest_game_is_on_disk_after_a_flush(tmp_path):
    game = duel_game()
    problems: list[str] = []
    writer = BackgroundAutosave(tmp_path, problems.append)
    game.command_listeners.append(writer)
    game.play("start")
    for _ in range(6):  # quicker than the disk, perhaps: only the newest waiting save need be written
        game.play("gm mod 1")
        game.undo()
    game.play("gm mod 2")
    assert writer.flush()
    assert problems == []
    on_disk = load_game(tmp_path / "autosave.toml")
    assert on_disk.state == game.state and len(on_disk.history) == len(game.history)


def test_a_folder_that_cannot_be_written_is_one_sentence_and_the_game_goes_on(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    game = duel_game()
    problems: list[str] = []
    writer = BackgroundAutosave(blocked, problems.append)
    game.command_listeners.append(writer)
    game.play("start")
    assert writer.flush()
    assert len(problems) == 1 and problems[0].startswith("autosave failed: ") and "\n" not in problems[0]
    assert game.state.round == 1
