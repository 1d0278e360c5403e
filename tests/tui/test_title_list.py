"""The title screen lists its encounters from its first frame, before the content is loaded, and marks an
encounter that cannot be played once it has been read in full."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from textual.widgets import OptionList, Select
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.model import HexTurns
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.title import TitleScreen


def test_the_encounters_are_listed_before_the_content_is_loaded(make_app) -> None:
    app = make_app(library=None)

    async def main() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            names = [str(option.prompt) for option in app.screen.query_one("#encounters", OptionList).options]
            assert "Duel at the well" in names and "Battle for the river valley" in names
            assert "Ana and her two Colts" in Ui(app, pilot).text("#encounter-description")

    asyncio.run(main())


def title_with_a_changed_duel(make_app, tmp_path: Path, name: str, change):
    """The app on a copy of the content with `name`.toml, the duel's file as `change` leaves it, listed first;
    returns a runner of `script(ui, listing)` on its title screen."""
    content = tmp_path / "content"
    shutil.copytree(content_root(), content)
    duel = (content / "encounters" / "duel.toml").read_text(encoding="utf-8")
    (content / "encounters" / f"{name}.toml").write_text(change(duel), encoding="utf-8")
    app = make_app(library=None, content=content)

    def run(script) -> None:
        async def main() -> None:
            async with app.run_test(size=(140, 45)) as pilot:
                ui = Ui(app, pilot)
                await ui.settle()
                listing = app.screen.query_one("#encounters", OptionList)
                listing.focus()
                listing.highlighted = 0
                await script(ui, listing)

        asyncio.run(main())

    return run


def test_an_encounter_that_cannot_be_played_says_why(make_app, tmp_path: Path) -> None:
    run = title_with_a_changed_duel(
        make_app,
        tmp_path,
        "aa_ray_gun",
        lambda duel: duel.replace("[[unit]]", '[[unit]]\nweapons = ["ray_gun_9000"]', 1),
    )

    async def script(ui, listing) -> None:
        await ui.until(lambda: "cannot be loaded" in ui.text("#encounter-description"), "the full check")
        assert "ray_gun_9000" in ui.text("#encounter-description")
        assert str(listing.get_option_at_index(0).prompt) == "aa_ray_gun"

    run(script)


def test_a_hex_encounter_opens_in_set_up_with_the_hex_turns_house_rule(make_app, tmp_path: Path) -> None:
    # R20: a hex map is listed with its kind and opens like any other, its set-up offering R20.2's hex_turns.
    run = title_with_a_changed_duel(
        make_app,
        tmp_path,
        "aa_hex",
        lambda duel: duel.replace("[map]\n", '[map]\nkind = "hex"\n', 1).replace('facing = "W"', 'facing = "SW"'),
    )

    async def script(ui, listing) -> None:
        await ui.until(lambda: "16 x 10 hex map" in ui.text("#encounter-description"), "the hex map's size")
        await ui.press("enter")
        setup = await ui.wait_for_screen(SetupScreen)
        assert setup.query_one("#house-hex_turns", Select).value == "by_steps"
        setup.query_one("#house-hex_turns", Select).value = "by_degrees"
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        assert ui.state.map.kind == "hex" and ui.state.house_rules.hex_turns is HexTurns.BY_DEGREES
        assert not ui.notices()

    run(script)
