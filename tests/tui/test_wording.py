"""The words the screens use: counts agree with their numbers, labels say what selecting them does."""

from __future__ import annotations

from pathlib import Path

from apcombat.content.encounter_summary import EncounterSummary
from apcombat.tui.screens.title import described


def test_the_title_counts_each_sides_units_in_words():
    summary = EncounterSummary(Path("x.toml"), "X", "A fight.", (12, 8), (("Vault dweller", 1), ("Raiders", 3)))
    assert described(summary) == "A fight.\n\n12 x 8 map; Vault dweller (1 unit) vs Raiders (3 units)"
