"""A plug-in bot for the tests and benchmarks of `apcombat sim`: it shoots the visible enemy it expects to
hit most, reloads an empty gun, otherwise walks to the reachable cell nearest the nearest enemy, and ends
its turn when none of that is possible. It uses only the engine functions a plug-in may rely on."""

from __future__ import annotations

import random

from apcombat.engine import parse_command, preview, views
from apcombat.model import Encounter


def play(state: Encounter, rng: random.Random) -> str:
    me = state.unit(state.active)
    if state.interrupt is not None or me.in_cover:
        return _best_shot(state, me) or "end"
    shot = _best_shot(state, me)
    if shot:
        return shot
    if me.weapon is not None and me.weapon.loaded == 0 and preview(state, parse_command(f"reload {me.id}")).allowed:
        return f"reload {me.id}"
    return _approach(state, me, rng) or "end"


def _best_shot(state: Encounter, me) -> str | None:
    best, best_hits = None, 0.0
    for enemy in views.visible_enemies(state, me):
        for extra in ("", " burst"):
            line = f"shoot {me.id} {enemy.id}{extra}"
            seen = preview(state, parse_command(line))
            if seen.allowed and seen.expected_hits > best_hits:
                best, best_hits = line, seen.expected_hits
    return best


def _approach(state: Encounter, me, rng: random.Random) -> str | None:
    enemies = [u for u in state.units if u.side != me.side and u.standing and u.at is not None]
    if not enemies or me.at is None:
        return None
    cells = views.reachable_cells(state, me)
    if not cells:
        return None

    def distance(cell, enemy):
        return abs(cell[0] - enemy.at[0]) + abs(cell[1] - enemy.at[1])

    target = min(enemies, key=lambda e: distance(me.at, e))
    best = min(cells, key=lambda cell: (distance(cell, target), cells[cell], rng.random()))
    if distance(best, target) >= distance(me.at, target):
        return None
    return f"move {me.id} {best[0]},{best[1]}"
