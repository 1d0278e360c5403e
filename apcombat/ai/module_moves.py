"""What every AI level does first under the optional modules of R18 (both `baseline` and `tactical` ask it
before planning): spend re-roll points on a failed test that had a fair chance (R18.6), and steady a pinned
character — itself, or a friend more pinned — at the start of its turn (R18.4.4). Each line is judged as
`legal_commands` judges it (`rerollable`, the engine's preview), so it is always legal, without listing every
line of the turn."""

from __future__ import annotations

from apcombat.ai.decision import Decision
from apcombat.engine import preview
from apcombat.engine.modules.rerolls.replay import REROLL_COST, describe_die, rerollable
from apcombat.engine.modules.suppression.commands import Calm
from apcombat.engine.modules.suppression.markers import markers_of
from apcombat.model import Encounter, RolledDie, Unit

FAIR_CHANCE = 0.35
"""A failed test is bought again when a new roll succeeds at least this often (a to-hit of 35 %, a d10 of 4)."""

PINNED = 2
"""Markers from which a character steadies itself before anything else: they cost it 2 AP and -20."""


def module_decision(state: Encounter) -> Decision | None:
    """A re-roll or a calm worth playing now for `state.active`, or None."""
    if state.active is None or state.finished:
        return None
    me = state.unit(state.active)
    return _reroll(state, me) or _calm(state, me)


def _fair(die: RolledDie) -> bool:
    return die.needed is not None and die.value > die.needed and die.needed / die.sides >= FAIR_CHANCE


def _reroll(state: Encounter, me: Unit) -> Decision | None:
    places = rerollable(state, me.side)
    for die in state.rolls:
        line = f"reroll {me.side} {die.place}"
        if die.place in places and _fair(die):
            assert die.needed is not None
            points = state.side(me.side).reroll_points - REROLL_COST
            chance = round(100 * die.needed / die.sides)
            reason = (
                f"re-roll die {die.place} ({describe_die(die)}): {die.value} failed, needed {die.needed} or less; "
                f"{chance}% on a new roll ({points} points left after it)"
            )
            return Decision(line, reason)
    return None


def _calm(state: Encounter, me: Unit) -> Decision | None:
    if me.spent_ap or state.interrupt is not None or not any(markers_of(state, unit) for unit in state.units):
        return None  # once a turn, before anything else
    needed = me.character.special.CH - markers_of(state, me)
    if needed < 3:
        return None  # a CH test it fails more often than not
    if markers_of(state, me) >= PINNED and _allowed(state, me, None):
        reason = f"{me.name} is pinned down ({me.markers} markers): calms down first, CH d10 <= {needed}"
        return Decision(f"calm {me.id}", reason)
    friends = [unit for unit in state.units if unit.side == me.side and unit.id != me.id and not unit.down]
    pinned = [friend for friend in friends if markers_of(state, friend) >= PINNED and _allowed(state, me, friend.id)]
    if pinned and markers_of(state, me) == 0:
        friend = max(pinned, key=lambda unit: unit.markers)
        reason = f"{friend.name} is pinned down ({friend.markers} markers): {me.name} calms them, CH d10 <= {needed}"
        return Decision(f"calm {me.id} {friend.id}", reason)
    return None


def _allowed(state: Encounter, me: Unit, friend: str | None) -> bool:
    return preview(state, Calm(unit=me.id, friend=friend)).allowed
