"""`blast_cells`: the area a blast at a cell reaches, by band (R22.5.1), stopped by walls (R22.5.2) — what the app
draws around its cursor while a throw is aimed."""

from __future__ import annotations

from apcombat.engine import blast_cells
from apcombat.model import BlastBand
from tests.engine.throw_fights import MAP_A, MAP_B, ana, jed, throw_game


def _frag(game):
    return game.state.unit("ana").thrown_stock("frag_grenade").weapon


def test_the_bands_go_by_distance_on_open_ground(tmp_path):
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), jed((8, 2)), rows=MAP_A)
    cells = blast_cells(game.state, _frag(game), (4, 2))  # R22.5.1: inner 0.67 m, middle 1.33 m, outer 2 m
    assert cells[(4, 2)] is BlastBand.INNER
    assert cells[(5, 2)] is BlastBand.MIDDLE and cells[(4, 1)] is BlastBand.MIDDLE
    assert cells[(6, 2)] is BlastBand.OUTER and cells[(5, 3)] is BlastBand.OUTER  # 1.41 m
    assert (7, 2) not in cells and (6, 3) not in cells  # 3 m, 2.24 m: beyond the outer band


def test_a_wall_stops_the_blast(tmp_path):
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), jed((8, 2)), rows=MAP_B)
    cells = blast_cells(game.state, _frag(game), (5, 2))  # R22.5.2: the wall at 6,2-6,3 stands east of it
    assert (7, 2) not in cells  # behind the wall
    assert cells[(5, 3)] is BlastBand.MIDDLE and (3, 2) in cells
