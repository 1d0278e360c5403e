"""Invariants of a throw on the map (R22.3, R22.4): the preview's landing chances sum to 1, and wherever the
dice send a throw, the preview named that cell."""

from __future__ import annotations

import math
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from apcombat.board.blast import is_solid
from apcombat.engine import CommandError, Game, Throw, preview
from apcombat.model import Encounter
from tests.engine.throw_fights import MAP_B, ana, jed, throw_encounter

ROWS = {"B": MAP_B, "hex": MAP_B}


@cache
def corner(kind: str) -> Encounter:
    """Map B (the corner), Ana at 0,4 with frag grenades, Jed behind the wall at 7,2; square or hex."""
    folder = Path(tempfile.mkdtemp(prefix="throw-properties-"))
    return throw_encounter(
        folder, ana((0, 4), thrown={"frag_grenade": 9}), jed((7, 2)), rows=ROWS[kind], hexes=kind == "hex"
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(ROWS)), st.integers(0, 9), st.integers(0, 4), st.data())
def test_the_landing_chances_sum_to_one_and_name_where_the_dice_land(kind, x, y, data):  # R22.4
    game = Game(corner(kind), seed=1)
    game.play("start")
    command = Throw("ana", "frag_grenade", (x, y), None, False)
    seen = preview(game.state, command)
    if seen.throw is None:
        return  # refused (a wall, out of line): nothing to land
    landings = {land.cell: land.chance for land in seen.throw.landings}
    assert math.isclose(sum(landings.values()), 1.0)
    assert all(chance > 0 and not is_solid(game.state.map, cell) for cell, chance in landings.items())
    faces = 6 if kind == "hex" else 8
    roll = data.draw(st.integers(1, 100))
    dice = [roll]
    if roll > seen.throw.plan.chance:  # a miss: the direction die and the two d6 of the distance (R22.8.1)
        dice += [data.draw(st.integers(1, faces)), data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))]
    dice += [1, 1, 1]  # the blast's damage, if it catches anyone
    game.play("gm dice " + " ".join(map(str, dice)))
    try:
        events = game.play(f"throw ana frag_grenade {x},{y}")
    except CommandError:  # pragma: no cover - the preview said it was allowed
        raise AssertionError("the preview allowed a throw that apply refused") from None
    assert tuple(events[0].data["landing"]) in landings
