"""Small things a player notices (issue 22 item 10, item 11's palette): the load notice counts "1 command",
Ctrl+C's notice is read as text, a fight of the player's own that cannot be played is marked and says why,
a narrow terminal keeps two thirds of its width for the map, and Enter pressed quickly in the command palette
closes it once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_kit import Ui

from apcombat.content import content_root, load_encounter
from apcombat.content.user_files import user_content_folder
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.widgets.map_view import MapView
from apcombat.tui.widgets.panels import HintLine


def test_a_load_of_one_command_says_1_command(run_ui, skirmish: Path, library, tmp_path: Path) -> None:
    game = Game(load_encounter(skirmish, library), seed=7)
    game.play("start")
    path = save_game(game, tmp_path / "one.toml")

    async def script(ui: Ui) -> None:
        assert any("(1 command played)" in notice for notice in ui.notices()), ui.notices()

    run_ui(script, open_path=path)


def test_ctrl_c_at_80_x_24_says_its_notice_as_text(run_ui) -> None:
    async def script(ui: Ui) -> None:
        await ui.press("ctrl+c")
        said = ui.game.query_one(HintLine).said
        assert "Press ctrl+q to quit the app" in said and "[b]" not in said

    run_ui(script, size=(80, 24))


def a_users_fight_with_a_problem() -> Path:
    """The demo duel copied into the user's own fights, its raider given a weapon that does not exist."""
    folder = user_content_folder() / "encounters"
    folder.mkdir(parents=True)
    duel = (content_root() / "encounters" / "duel.toml").read_text(encoding="utf-8")
    path = folder / "my_duel.toml"
    path.write_text(duel.replace("[[unit]]", '[[unit]]\nweapons = ["ray_gun_9000"]', 1), encoding="utf-8")
    return path


def test_a_users_fight_that_cannot_be_played_is_marked_and_says_why_when_chosen(make_app) -> None:
    a_users_fight_with_a_problem()
    app = make_app(library=None)

    async def main() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            ui = Ui(app, pilot)
            title = await ui.wait_for_screen(TitleScreen)
            listing = title.query_one("#encounters")
            key = "yours:my_duel"
            await ui.until(lambda: title.encounters[key].problem is not None, "the full check")
            index = next(i for i, option in enumerate(listing.options) if option.id == key)
            assert str(listing.get_option_at_index(index).prompt) == "my_duel (yours)"
            listing.highlighted = index
            await ui.settle()
            assert "cannot be loaded" in ui.text("#encounter-description")
            await ui.press("enter")
            assert isinstance(app.screen, TitleScreen)
            assert any(
                notice.startswith("my_duel.toml cannot be played:") and "ray_gun_9000" in notice
                for notice in ui.notices()
            ), ui.notices()

    asyncio.run(main())


def test_at_60_x_20_the_map_keeps_two_thirds_of_the_width_and_i_shows_the_panels(run_ui) -> None:
    async def script(ui: Ui) -> None:
        panels = ui.game.query_one("#side")
        assert not panels.display
        assert ui.game.query_one(MapView).outer_size.width == 60
        assert ui.game.query_one(HintLine).said.startswith("the unit panel and turn order are folded: i shows them")
        await ui.press("i")
        await ui.settle()
        assert panels.display and panels.outer_size.width == 20
        assert ui.game.query_one(MapView).outer_size.width == 40  # two thirds
        await ui.press("i")
        await ui.settle()
        assert not panels.display and ui.game.query_one(MapView).outer_size.width == 60

    run_ui(script, size=(60, 20))


def test_at_80_columns_the_side_panels_keep_their_40_columns(run_ui) -> None:
    async def script(ui: Ui) -> None:
        assert ui.game.query_one("#side").outer_size.width == 40

    run_ui(script, size=(80, 24))


def test_enter_pressed_quickly_in_the_command_palette_closes_it_once(make_app) -> None:
    # ctrl+p, Tab, ctrl+p ... at once, then three Enters at once on the palette's first command: each chose it,
    # each closed the palette, the second closed the title screen under it and the third raised
    # ScreenStackError ("Can't pop screen": a crash report).
    app = make_app(library=None)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            ui = Ui(app, pilot)
            await ui.wait_for_screen(TitleScreen)
            await ui.press_at_once("ctrl+p", "tab", "ctrl+p", "tab", "ctrl+p")
            await ui.settle()
            assert app._exception is None and app.crash_report is None
            await ui.press("down")
            await ui.press_at_once("enter", "enter", "enter")
            await ui.settle()
            assert app._exception is None and app.crash_report is None
            assert TitleScreen in [type(screen) for screen in app.screen_stack]

    asyncio.run(main())
    assert app.crash_report is None
