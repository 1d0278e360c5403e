"""The replay viewer steps through a save's fight one command at a time, forth and back, its log always the
log of the fight up to the command shown; space plays it on at the AI pace, and it zooms as the battlefield."""

from __future__ import annotations

import pytest
from tui_kit import SEED, SKIRMISH_UNITS, event_words, write_encounter

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.replay import SHORTEST_FRAME, ReplayScreen
from apcombat.tui.widgets.event_log import EventLog
from apcombat.tui.widgets.map_glyphs import CELL_WIDTH
from apcombat.tui.widgets.map_view import RULER_LINES, MapView

FIGHT = ["start", "gm force hit", "shoot ana rex", "pose ana crouched", "end", "pose rex prone"]


def saved_fight(skirmish, library, folder) -> Game:
    game = Game(load_encounter(skirmish, library), seed=SEED)
    game.play_all(FIGHT)
    save_game(game, folder / "fight.toml")
    return game


async def open_replay(ui) -> ReplayScreen:
    await ui.press("r", "enter")  # the newest save's replay
    return await ui.wait_for_screen(ReplayScreen)


def test_the_replay_steps_forth_and_back_with_its_log(run_ui, skirmish, library, tmp_path):
    game = saved_fight(skirmish, library, tmp_path / "saves")
    count = len(game.history)

    async def script(ui):
        await open_replay(ui)
        assert "command 0 of" in ui.text("#replay-position") and replay_log_words(ui) == []
        await ui.press("end")
        assert f"command {count} of {count}" in ui.text("#replay-position")
        assert replay_log_words(ui) == event_words(game.log)
        await ui.press("p", "p")
        before = Game.replay(game.start, game.seed, game.history[: count - 2])
        assert f"command {count - 2} of {count}" in ui.text("#replay-position")
        assert replay_log_words(ui) == event_words(before.log)
        await ui.press("n")
        assert replay_log_words(ui) == event_words(Game.replay(game.start, game.seed, game.history[: count - 1]).log)

    run_ui(script, open_path=None)


def test_space_plays_the_replay_to_its_end_at_pace_zero(run_ui, skirmish, library, tmp_path):
    count = len(saved_fight(skirmish, library, tmp_path / "saves").history)

    async def script(ui):
        replay = await open_replay(ui)
        await ui.press("space")
        assert "▶ playing" in ui.text("#replay-position")
        # At pace 0 each command is still shown, SHORTEST_FRAME seconds (the watchdog is not a speed limit).
        await ui.until(lambda: replay.position == count, "the replay played to its end", seconds=30)
        await ui.settle()
        said = ui.text("#replay-position")
        assert f"command {count} of {count}" in said and "the end of the replay" in said
        assert replay.player is None  # it stopped there

    run_ui(script, open_path=None, ai_pace=0)
    assert SHORTEST_FRAME > 0


def test_space_pauses_and_a_step_pauses_too(run_ui, skirmish, library, tmp_path):
    saved_fight(skirmish, library, tmp_path / "saves")

    async def script(ui):
        replay = await open_replay(ui)
        await ui.press("space")  # at 2 s a command: nothing moves before the next key
        assert replay.player is not None and "▶ playing, 2 s a command" in ui.text("#replay-position")
        await ui.press("space")
        assert replay.player is None and "space plays" in ui.text("#replay-position")
        await ui.press("space", "right")  # playing, then a step by hand: one command on, and paused
        assert replay.player is None and "command 1 of" in ui.text("#replay-position")

    run_ui(script, open_path=None, ai_pace=2)


def test_the_arrows_step_and_the_log_shows_the_commands_lines(run_ui, skirmish, library, tmp_path):
    game = saved_fight(skirmish, library, tmp_path / "saves")
    shot = Game.replay(game.start, game.seed, game.history[:3])  # up to "shoot ana rex"
    shot_lines = shot.log[len(Game.replay(game.start, game.seed, game.history[:2]).log) :]

    async def script(ui):
        await open_replay(ui)
        await ui.press("right", "right", "right")
        assert "command 3 of" in ui.text("#replay-position") and "shoot ana rex" in ui.text("#replay-position")
        in_view = ui.screen.query_one(EventLog).lines_in_view()
        assert shot_lines[-1].text in in_view  # the command's result, the newest event, is in view
        assert ui.screen.query_one(MapView).cursor == ui.screen.state.unit("ana").at  # on the acting unit
        await ui.press("left")
        assert "command 2 of" in ui.text("#replay-position")
        assert shot_lines[-1].text not in ui.screen.query_one(EventLog).lines_in_view()

    run_ui(script, open_path=None)


def test_z_zooms_the_replays_map_from_the_settings_default(run_ui, skirmish, library, tmp_path):
    saved_fight(skirmish, library, tmp_path / "saves")

    async def script(ui):
        ui.app.settings = ui.app.settings.replace(zoom=1)  # the default zoom of the settings: 1
        await open_replay(ui)
        await ui.settle()
        view = ui.screen.query_one(MapView)
        assert view.zoom == 1
        await ui.press("z")
        assert view.zoom == 2 and "zoom 2" in ui.text("#replay-position")
        ui.app.settings = ui.app.settings.replace(zoom=3)  # the settings screen changes them, then says so
        ui.screen.refresh_view()
        await ui.settle()
        assert view.zoom == 2  # the zoom chosen by z stays

    run_ui(script, open_path=None)


def test_the_settings_default_zoom_applies_live_until_z_is_pressed(run_ui, skirmish, library, tmp_path):
    saved_fight(skirmish, library, tmp_path / "saves")

    async def script(ui):
        await open_replay(ui)
        ui.app.settings = ui.app.settings.replace(zoom=1)
        ui.screen.refresh_view()  # what the settings screen calls on the screens under it
        await ui.settle()
        assert ui.screen.query_one(MapView).zoom == 1

    run_ui(script, open_path=None)


def replay_log_words(ui) -> list[str]:
    """What the replay's log shows, word by word."""
    return " ".join(strip.text for strip in ui.screen.query_one(EventLog).lines).split()


WIDE_ROWS = ("." * 60,) * 6


@pytest.mark.parametrize("follow", [True, False], ids=["follow", "follow off"])
def test_the_view_follows_each_commands_acting_unit_on_a_wide_map(run_ui, library, tmp_path, follow):
    # Rex acts at the far end of a map wider than the view (80 x 24: some 17 cells of 60 in view); the
    # settings' follow (on by default) may keep the view where the player leaves it.
    units = (SKIRMISH_UNITS[0], SKIRMISH_UNITS[1] | {"at": [57, 0]})
    wide = write_encounter(tmp_path / "encounters", "wide", units, map={"rows": list(WIDE_ROWS)})
    game = Game(load_encounter(wide, library), seed=SEED)
    game.play_all(["start", "end", "pose rex crouched"])  # Ana acts first (initiative) and ends at once
    save_game(game, tmp_path / "saves" / "wide.toml")

    def in_view(ui, cell) -> bool:
        """Whether the cell is drawn in the replay's map view (rulers aside, scrolled as it is)."""
        view = ui.screen.query_one(MapView)
        scroll_x, scroll_y = view.scroll_offset
        left, top = CELL_WIDTH * view.zoom * cell[0] - scroll_x, view.zoom * cell[1] - scroll_y
        return 0 <= left < view.size.width - view._gutter_width and 0 <= top < view.size.height - RULER_LINES

    async def script(ui):
        ui.app.settings = ui.app.settings.replace(follow=follow)
        await open_replay(ui)
        await ui.press("right", "right")  # Ana ends her turn: the view is on her
        assert in_view(ui, (1, 3)) and not in_view(ui, (57, 0))
        await ui.press("right")  # Rex crouches at 57,0: the view goes there
        await ui.settle()
        assert in_view(ui, (57, 0)) == follow
        assert (ui.screen.query_one(MapView).cursor == (57, 0)) == follow

    run_ui(script, size=(80, 24), open_path=None)


def test_a_shot_stepped_to_is_drawn_on_the_map_with_its_damage(run_ui, skirmish, library, tmp_path):
    saved_fight(skirmish, library, tmp_path / "saves")
    shot = Game(load_encounter(skirmish, library), seed=SEED)
    before = shot.state.unit("rex").hp
    shot.play_all(FIGHT[:3])
    damage = before - shot.state.unit("rex").hp
    assert damage > 0

    async def script(ui):
        await open_replay(ui)
        await ui.press("right", "right")  # the start, the game master's forced hit: nothing drawn
        assert f"-{damage}" not in ui.text("#map")
        await ui.press("right")  # Ana shoots Rex
        await ui.settle()
        assert f"-{damage}" in ui.text("#map") and "··" in ui.text("#map")
        await ui.press("right")  # the next command: the shot's drawing goes
        assert f"-{damage}" not in ui.text("#map")

    run_ui(script, open_path=None)
