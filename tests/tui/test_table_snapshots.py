"""Table mode's shot at 80 x 24 (issue 13, item 7): the whole dialog shows — the boxes for the distance and the
dice, the dice in the order to type them, the chances, and the breakdown down to its last lines (each gun's
hit and critical chance, the off-hand gun's too). The demo duel played on a table: its map left out, Ana's
two Colts fired together at the raider 9 cm (3 m) away."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w
from tui_kit import DUEL, Ui

from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.table import TableScreen


@pytest.fixture
def table_duel(tmp_path: Path) -> Path:
    """The demo duel without its map: both sides played by the game master, at the table."""
    data = tomllib.loads(DUEL.read_text(encoding="utf-8"))
    del data["map"]
    for unit in data["unit"]:
        del unit["at"]
        unit["character"] = (
            str((DUEL.parent / unit["character"]).resolve()) if "/" in unit["character"] else unit["character"]
        )
    for side in data["side"]:
        side["control"] = "gm" if side["id"] == "raiders" else "human"
    path = tmp_path / "encounters" / "table_duel.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


async def two_colts_at_the_raider(ui: Ui) -> None:
    await ui.wait_for_screen(TableScreen)
    await ui.press("s")
    assert ui.state.active == "ana"
    await ui.press("f")  # at the raider, the only enemy: nobody else to ask about
    shot = await ui.wait_for_screen(ShotScreen)
    await ui.type("9")
    await ui.press("m", "m")  # single, aimed, two guns
    assert "mode: two guns" in ui.text("#shot-choices", shot)
    await ui.type(" 37 4 62 5")


def test_the_table_shot_with_two_guns_at_80_by_24(snap, table_duel):
    assert snap(two_colts_at_the_raider, (80, 24), open_path=table_duel)


def test_at_80_by_24_the_shot_dialog_shows_its_last_lines(run_ui, table_duel):
    async def script(ui: Ui) -> None:
        await two_colts_at_the_raider(ui)
        rows = [row.strip(" █") for row in ui.screen_text().splitlines()]
        off_hand = rows.index("Colt 1911 (off hand):")
        # The off-hand gun's lines down to its chances, the breakdown's last line, are on the screen.
        assert rows[off_hand + 1 : off_hand + 7] == [
            "skill               +95",
            "range band          +10",
            "sum                 105",
            "target upright      x1    -> 105",
            "clamped to 0..95        -> 95",
            "hit on 95 or less (95%), critical on 6 or less",
        ]
        assert "hit 95% (crit 6%) and 95% (crit 6%); AP 6, 2 left — Enter fires" in rows
        assert "dice: d100 1d10+4 then d100 1d10+4 — first die 37: hit" in rows

    run_ui(script, size=(80, 24), open_path=table_duel)
