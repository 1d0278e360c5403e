"""The unit panel shows the game master's note whole (issue 28, item 4; at most 120 characters) at 80 x 24 and
at 140 x 45: the panel grows to what it says where the side column has room, and where it has not (80 x 24)
it fits by steps — the note runs on from the heading, the spare ammunition goes, HP and AP share a line, the
weapons keep a line cut with … — so that nothing falls off its lower edge unsaid."""

from __future__ import annotations

import pytest
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.tui.screens.table import TableScreen

BRAWL = content_root() / "encounters" / "table_brawl.toml"
NOTE = (
    "has the keys to the vault and will flee at 10 HP unless the barkeep is down; then the GM rolls morale twice, "
    "never once."
)


def panel_words(ui: Ui) -> str:
    """The unit panel's words as the screen shows them, its border and line breaks gone."""
    lines = ui.text("#unit", ui.game).splitlines()[1:-1]  # inside the border
    return " ".join(line.strip().strip("│").strip() for line in lines)


async def noted(ui: Ui) -> str:
    """The fight started and the acting unit given the note; its id."""
    await ui.wait_for_screen(TableScreen)
    await ui.press("s")
    await ui.settle()
    acting = ui.state.active
    assert acting is not None
    await ui.command(f"gm note {acting} {NOTE}")
    assert ui.state.unit(acting).note == NOTE
    return acting


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
def test_a_long_note_is_whole_in_the_unit_panel_with_the_units_points_and_weapons(run_ui, size):
    async def script(ui: Ui) -> None:
        acting = await noted(ui)
        unit = ui.state.unit(acting)
        words = panel_words(ui)
        assert len(NOTE) == 120 and f"✎ {NOTE}" in words, words
        hp, ap = f"{unit.hp}/{unit.character.hit_points}", f"{unit.ap}/{unit.character.ap_per_round}"
        assert f" {hp}" in words and f" {ap}" in words
        in_hand = unit.weapons[unit.in_hand].weapon.name
        assert f"▶ {in_hand}" in words
        if size == (140, 45):  # room for everything: the spare ammunition too, and the note's start in the heading
            assert "spare: " in words and words.count("✎") == 2
        else:
            assert "…" in words.split(NOTE)[-1]  # the weapons cut to a line, said so

    run_ui(script, open_path=BRAWL, size=size)
