"""Hot-seat under the fog of war (R21.8.5, R21.8.2 c, R21.8.8): the hand-over screen covers the battlefield
whenever another human side's view is to be shown — before round 1's first turn, at each turn of another
side's character, around an interruption by another side's watcher — and during an AI side's turns; it answers
only Enter, a click and ctrl+q; ctrl+z takes back only what was played since the last hand-over, and nothing
that showed the side something new. E21.5 is the worked example."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine" / "modules"))

from fog_fights import ana, ben, fog_file, jed, rat  # noqa: E402

from apcombat.engine import view  # noqa: E402
from apcombat.tui.screens.game import GameScreen  # noqa: E402
from apcombat.tui.screens.hand_over import HandOverScreen  # noqa: E402


def e21_5(folder: Path) -> Path:
    """R21.11's yard with both sides `human`: Ana, Jed, Ben, Rat in that order (initiative off); Rat hidden
    at 9,2 facing W; Ben at 0,6, below Rat's cone."""
    return fog_file(
        folder,
        ana((0, 0), "E"),
        jed((6, 4), "W"),
        ben((0, 6), "N"),
        rat((9, 2), "W", hidden=True),
        controls={"vault": "human", "raiders": "human"},
    )


def cover_text(ui) -> str:
    assert isinstance(ui.screen, HandOverScreen), f"no hand-over: {type(ui.screen).__name__}"
    return ui.text("#hand-over-text")


async def take(ui, side: str, round_: int) -> None:
    """The hand-over to `side`'s player is up; Enter shows its view."""
    names = {"vault": "The Vault's", "raiders": "Raiders'"}
    assert cover_text(ui) == (
        f"Round {round_} — pass the keyboard to {names[side]} player: press Enter when only they can see the screen"
    )
    await ui.press("enter")
    await ui.settle()
    assert isinstance(ui.screen, GameScreen) and ui.game.session.fight.viewing_side() == side


def test_try(run_ui, tmp_path):
    async def script(ui):
        print(type(ui.screen).__name__, ui.screen_text())
        assert "Set-up" in cover_text(ui)
        await ui.press("enter")
        await ui.settle()
        print(ui.screen_text())
        await take(ui, "vault", 1)
        print(ui.screen_text())

    run_ui(script, open_path=e21_5(tmp_path))
