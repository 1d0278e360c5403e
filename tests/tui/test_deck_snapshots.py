"""The activation deck's question beside the board (R18.5.1; issue 28, item 6) at 140 x 45 and at 80 x 24: on a
map (two human sides: the winner of the d6 asked to go last or hold a card) and at the table (`table_brawl`
with the deck: six fighters, the game master asked for each side's card). The map or the table, the turn order
and the log stay in view; the question takes the unit panel's place."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w
from tui_kit import write_encounter

from apcombat.tui.screens.game import GameScreen
from apcombat.tui.widgets.deck_panel import DeckPanel

SIZES = pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
BRAWL = Path(__file__).parents[2] / "content" / "encounters" / "table_brawl.toml"


async def deck_asks(ui):
    """s starts round 1; the deck asks its first question beside the board."""
    await ui.press("s")
    await ui.until(lambda: isinstance(ui.screen, GameScreen) and ui.game.query_one(DeckPanel).display, "the deck")


@SIZES
def test_the_deck_question_beside_the_map(snap, size, tmp_path):
    path = write_encounter(
        tmp_path / "encounters",
        "deckskirmish",
        modules={"activation_deck": True},
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "human"},
        ],
    )
    assert snap(deck_asks, size, open_path=path)


@SIZES
def test_the_deck_question_beside_the_table(snap, size, tmp_path):
    data = tomllib.loads(BRAWL.read_text(encoding="utf-8"))
    data.setdefault("modules", {})["activation_deck"] = True
    path = tmp_path / "encounters" / "deck_brawl.toml"
    path.parent.mkdir(parents=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert snap(deck_asks, size, open_path=path)
