"""What any action may touch on a unit or the state: the game master's modifier used up, a unit gone down
taken out of the fight, its movement and chain of turns closed."""

from __future__ import annotations

import attrs

from apcombat.model import Encounter, Unit


def take_gm_modifier(state: Encounter) -> tuple[Encounter, int]:
    """The game master's modifier for the next test, used up by it."""
    return attrs.evolve(state, gm_modifier=0), state.gm_modifier


def out_of_the_fight(unit: Unit) -> Unit:
    """R12.2: a unit gone down stops watching (R16), pinning (R17), taking cover and burning (R6.2)."""
    return attrs.evolve(unit, watch=None, pin=None, in_cover=False, burning=None)


def close_moves(unit: Unit) -> Unit:
    """R7.1, R7.3: what any action other than moving ends — and the end of a turn, a watch, the start and
    end of an interruption: movement bought and not used, the chain of turns, the run-up of steps."""
    return attrs.evolve(unit, carried_mm=0, carried_rate=0, turn_degrees=0.0, turn_paid=0, recent_steps=())
