"""Plug-in bots that break the rules on purpose, for the illegal-line tests of `apcombat sim`."""

from __future__ import annotations


def game_master(state, rng):
    return "gm set ana hp=1"


def other_unit(state, rng):
    others = [u.id for u in state.units if u.id != state.active]
    return f"turn {others[0]} N"


def raises(state, rng):
    raise RuntimeError("this bot is broken")


def refused(state, rng):
    return f"shoot {state.active} {state.active}"


def turns_forever(state, rng):
    """Turns one facing step and back again: every turn changes the facing, and R7.3 joins them into one turn
    of at most 45 degrees, free, so it never runs out of AP."""
    facings = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    at = facings.index(str(state.unit(state.active).facing))
    return f"turn {state.active} {facings[(at + (1 if at % 2 == 0 else -1)) % 8]}"


def ends(state, rng):
    return "end"
