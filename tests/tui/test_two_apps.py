"""Issue 22, item 6: two apps running with one saves folder each keep their own autosave. The first writes
autosave.toml; one started while another holds that file writes autosave-2.toml and says so on its title.
The hold is a lock the operating system frees when the app exits or dies. The title's `c` continues the
newest autosave no other running app keeps and names the others; "leave the fight?" names the app's own."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tui_kit import DUEL, Ui

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import load_game, save_game
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.title import TitleScreen

WATCHDOG = 60.0
"""Seconds to wait for the other program to hold its autosave (it only catches a hang)."""

HOLDER = """
import sys
from apcombat.saves import claim_autosave
claim = claim_autosave(sys.argv[1])
print(claim.path.name, flush=True)
sys.stdin.read()  # held until the test closes this program's input, or kills it
"""


def other_app(saves: Path) -> subprocess.Popen[str]:
    """Another program holding an autosave in `saves` as a running app does, once it has printed its name."""
    environment = os.environ | {"PYTHONPATH": os.pathsep.join(sys.path)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(saves)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline() == "autosave.toml\n"
    return holder


async def start(ui: Ui) -> None:
    """The fight opened in set-up begins, and one command is played (the autosave follows it)."""
    await ui.wait_for_screen(GameScreen)
    await ui.press("s")
    await ui.command("end")
    assert ui.game.session.autosave.flush()


def test_two_apps_keep_their_own_autosaves(make_app, skirmish, tmp_path):
    saves = tmp_path / "saves"

    async def main() -> None:
        first, second = make_app(open_path=skirmish), make_app()
        async with first.run_test(size=(140, 45)) as one, second.run_test(size=(140, 45)) as two:
            fight_one, fight_two = Ui(first, one), Ui(second, two)
            await fight_two.wait_for_screen(TitleScreen)
            assert " ".join(fight_two.text("#title-autosave").split()) == (
                "Another apcombat is running with autosave.toml: this one autosaves to autosave-2.toml "
                f"(its players' view: apcombat serve --watch {saves / 'autosave-2.toml'})"
            )
            assert not first.screen_stack[1].query("#title-autosave")  # the first says nothing
            second.open_file(DUEL)
            await start(fight_one)
            await start(fight_two)
            assert load_game(saves / "autosave.toml").state.name == "Skirmish"
            assert load_game(saves / "autosave-2.toml").state.name == "Duel at the well"
            await fight_two.press("ctrl+t")
            question = (await fight_two.wait_for_screen(ChoiceScreen)).title_text
            assert f"only in the autosave ({saves / 'autosave-2.toml'})" in question
            await fight_one.press("ctrl+t")
            question = (await fight_one.wait_for_screen(ChoiceScreen)).title_text
            assert f"only in the autosave ({saves / 'autosave.toml'})" in question
        # Both have ended, their lock files gone with them: the next app started keeps autosave.toml again.
        assert sorted(path.name for path in saves.glob("*.lock")) == []
        third = make_app()
        async with third.run_test(size=(140, 45)) as pilot:
            await Ui(third, pilot).wait_for_screen(TitleScreen)
            assert third.autosave_path == saves / "autosave.toml"
            assert not third.screen.query("#title-autosave")

    asyncio.run(main())


@pytest.mark.parametrize("ending", ["running", "killed"])
def test_an_autosave_held_by_another_program_is_left_to_it_until_it_dies(make_app, tmp_path, ending):
    saves = tmp_path / "saves"
    holder = other_app(saves)
    try:
        if ending == "killed":
            holder.kill()  # its lock is freed with it; its lock file, which only an app's end deletes, stays
            holder.wait(WATCHDOG)
            assert (saves / "autosave.toml.lock").exists()
        app = make_app()

        async def main() -> None:
            async with app.run_test(size=(140, 45)) as pilot:
                await Ui(app, pilot).wait_for_screen(TitleScreen)

        asyncio.run(main())
    finally:
        holder.kill()
        holder.communicate()
    assert app.autosave_path.name == {"running": "autosave-2.toml", "killed": "autosave.toml"}[ending]


def test_continue_takes_the_newest_autosave_no_other_app_keeps_and_names_the_others(
    make_app, library, skirmish, tmp_path
):
    saves = tmp_path / "saves"
    holder = other_app(saves)  # a running app keeps autosave.toml: this one will keep autosave-2.toml
    try:
        fights = {"autosave.toml": DUEL, "autosave-2.toml": DUEL, "autosave-3.toml": skirmish}
        for age, (name, encounter) in enumerate(fights.items()):
            path = save_game(Game(load_encounter(encounter, library), seed=7), saves / name)
            when = {"autosave.toml": 3_000, "autosave-2.toml": 1_000, "autosave-3.toml": 2_000}[name] + age
            os.utime(path, (when, when))  # autosave.toml newest, but held; autosave-3.toml the newest free
        app = make_app()

        async def main() -> None:
            async with app.run_test(size=(140, 45)) as pilot:
                ui = Ui(app, pilot)
                await ui.wait_for_screen(TitleScreen)
                await ui.press("c")
                await ui.wait_for_screen(GameScreen)
                assert ui.state.name == "Skirmish"
                assert any(
                    notice.startswith("Loaded autosave-3.toml: Skirmish, in set-up")
                    and notice.endswith(
                        "Other autosaves: autosave.toml (another apcombat running keeps it), autosave-2.toml "
                        "(l loads one)."
                    )
                    for notice in ui.notices()
                ), ui.notices()

        asyncio.run(main())
    finally:
        holder.kill()
        holder.communicate()
    assert app.autosave_path.name == "autosave-2.toml"
