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
    """Turns left one facing step at a time: free (R7.3 joins free turns), so it never runs out of AP."""
    return f"turn {state.active} {('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW')[rng.randrange(8)]}"


def ends(state, rng):
    return "end"
