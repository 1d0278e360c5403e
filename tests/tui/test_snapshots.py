"""Snapshots of the main screens at 140 x 45 and at 80 x 24 (the smallest terminal the app is made for).

`pytest tests/tui/test_snapshots.py --snapshot-update` rewrites the SVGs in __snapshots__/ after a change
meant to change the look; open them (or the report a failure writes) to check. The dice seed is fixed, so the
set-up screen's seed and the initiative rolled are the same on every run.
"""

from __future__ import annotations

import pytest
from tui_kit import SEED

from apcombat.content import load_encounter
from apcombat.engine import Game
from apcombat.saves import save_game
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.legend import LegendScreen
from apcombat.tui.screens.replay import ReplayScreen
from apcombat.tui.screens.settings import SettingsScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.victory import VictoryScreen

SIZES = pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])


async def round_one(ui):
    """The battlefield at the start of round 1: s rolls initiative."""
    await ui.press("s")
    await ui.wait_for_screen(GameScreen)
    assert ui.state.round == 1


@SIZES
def test_title(snap, size):
    assert snap(None, size)


@SIZES
def test_settings(snap, size, monkeypatch):
    # Issue 24, item 6: the settings screen from the title, the cursor on the palette (its sentence shown).
    monkeypatch.delenv("APCOMBAT_AI_PACE", raising=False)

    async def steps(ui):
        await ui.press("s")
        await ui.wait_for_screen(SettingsScreen)
        await ui.press("down", "down", "down", "down")

    assert snap(steps, size)


@SIZES
def test_setup(snap, size):
    async def steps(ui):
        await ui.press("d")
        await ui.wait_for_screen(SetupScreen)

    assert snap(steps, size)


@SIZES
def test_battlefield_at_the_start_of_round_one(snap, size, duel):
    assert snap(round_one, size, open_path=duel)


@SIZES
def test_the_demo_duels_first_hint(snap, size, duel):
    # Issue 13, item 11: the tutorial's box over the hint line, at the start of Ana's first turn.
    assert snap(round_one, size, hints=True, open_path=duel)


@SIZES
def test_shot_dialog(snap, size, duel):
    async def steps(ui):
        await round_one(ui)
        await ui.press("tab", "f")
        await ui.wait_for_screen(ShotScreen)

    assert snap(steps, size, open_path=duel)


@SIZES
def test_help(snap, size, duel):
    async def steps(ui):
        await round_one(ui)
        await ui.press("question_mark")
        await ui.wait_for_screen(HelpScreen)

    assert snap(steps, size, open_path=duel)


@SIZES
def test_legend(snap, size, duel):
    async def steps(ui):
        await round_one(ui)
        await ui.press("L")
        await ui.wait_for_screen(LegendScreen)

    assert snap(steps, size, open_path=duel)


@SIZES
def test_victory(snap, size, duel):
    async def steps(ui):
        await round_one(ui)
        await ui.command("gm set raider hp=1", "gm dice 7 6")
        await ui.press("tab", "f", "enter")
        await ui.wait_for_screen(VictoryScreen)

    assert snap(steps, size, open_path=duel)


REPLAYED = ["start", "dual ana raider", "pose ana crouched", "end", "shoot raider ana", "end", "move ana 4,5", "end"]


@SIZES
def test_replay_mid_way(snap, size, duel, library, tmp_path):
    # Issue 24, item 7: the replay viewer on the battlefield's layout, at the raider's shot (command 5 of 8).
    game = Game(load_encounter(duel, library), seed=SEED)
    game.play_all(REPLAYED)
    save_game(game, tmp_path / "saves" / "duel.toml")

    async def steps(ui):
        await ui.press("r", "enter")
        await ui.wait_for_screen(ReplayScreen)
        await ui.press(*["right"] * 5)

    assert snap(steps, size)


@SIZES
def test_fog_of_war(snap, size, tmp_path):
    # R21.8.4: the vault's view of R21.11's yard — Jed seen, then moved out of sight (a mark `?` at 6,3, the
    # cursor on it and its hint), Moss and Rat unseen (not drawn, not listed), Ben hidden (faint, ◌).
    from tests.engine.modules.fog_fights import ana, ben, fog_file, jed, moss, rat

    path = fog_file(
        tmp_path,
        ana((0, 3)),
        ben((2, 6), hidden=True),
        jed((6, 3), pose="crouched"),
        moss((9, 3), pose="prone"),
        rat((9, 2), "W", hidden=True),
        controls={"vault": "human", "raiders": "ai"},
    )

    async def steps(ui):
        await round_one(ui)
        await ui.command("gm set jed at=4,0")
        await ui.move_cursor_to((6, 3))

    assert snap(steps, size, open_path=path)
