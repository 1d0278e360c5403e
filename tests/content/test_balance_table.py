"""The balance table (docs/balance.md) agrees with the shipped encounters (issue 10, item 6).

The table is what `python tests/bench/bench_balance.py` prints: `baseline` on every side of every map
encounter. A fight meant to be even gives each side 35-65 % of the decisive games; an encounter outside that
band must say in its description that it is lopsided on purpose, so a player choosing it knows. Playing the
hundreds of games again is the benchmark's job (minutes, not CI's); this test keeps the table and the content
from drifting apart: every map encounter has its row, and the rows and the descriptions tell the same story.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from apcombat.content import content_root, load_encounter, load_library

BALANCE = Path(__file__).resolve().parents[2] / "docs" / "balance.md"
MEANT_TO_BE_EVEN = {"duel", "street_fight", "heavy_weapons"}
EVEN = (35, 65)
_ROW = re.compile(r"^\| (\w+) \| (\d+) \| \w+ (\d+) \| \w+ (\d+) \| (\d+) \(\d+%\) \| (\d+)% \(")


def _balance_rows() -> dict[str, tuple[int, int, int, int, int]]:
    """encounter -> (games, side A wins, side B wins, draws, A's share of decisive games in %)."""
    text = BALANCE.read_text(encoding="utf-8")
    assert "| encounter | games | side A wins | side B wins | draws |" in text, "docs/balance.md has no balance table"
    rows = {}
    for line in text.splitlines():
        match = _ROW.match(line)
        if match:
            rows[match[1]] = tuple(int(group) for group in match.groups()[1:])
    return rows


def _map_encounters() -> dict[str, object]:
    library = load_library(content_root())
    found = {}
    for path in sorted((content_root() / "encounters").glob("*.toml")):
        encounter = load_encounter(path, library)
        if encounter.map is not None:
            found[path.stem] = encounter
    return found


def test_every_map_encounter_has_a_balance_row_of_at_least_200_games():
    rows = _balance_rows()
    for name in _map_encounters():
        assert name in rows, f"docs/balance.md's table has no row for {name}"
        games, a_wins, b_wins, draws, _ = rows[name]
        assert games >= 200, name
        assert a_wins + b_wins + draws == games, name


@pytest.mark.parametrize("name", sorted(MEANT_TO_BE_EVEN))
def test_fights_meant_to_be_even_give_each_side_35_to_65_percent_of_decisive_games(name):
    _, a_wins, b_wins, _, share = _balance_rows()[name]
    assert a_wins + b_wins > 0, name
    assert EVEN[0] <= round(100 * a_wins / (a_wins + b_wins)) == share <= EVEN[1], name


def test_an_encounter_outside_the_even_band_says_it_is_lopsided_on_purpose():
    rows = _balance_rows()
    for name, encounter in _map_encounters().items():
        share = rows[name][4]
        lopsided = not EVEN[0] <= share <= EVEN[1]
        says_so = "lopsided" in encounter.description.lower()
        assert lopsided == says_so, (
            f"{name}: side A wins {share}% of the decisive games, its description "
            f"{'does not say' if lopsided else 'says'} it is lopsided"
        )
