"""R18.1 Morale in play: the tests when friends are lost (R18.1.2 a, b) and at the end of a round (c),
rallying (R18.1.4), the broken running for their edge and fleeing (R18.1.3), and surrender (R18.1.5).

On a map the program measures who is within 5 m and in sight, the three friends within 3 m and the leader
in sight; in table mode the game master says so (`gm morale`, see `gm_morale`)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of, sees
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import LOST_FATES, Edge, Fate, MoraleState
from apcombat.model.modules import Module
from apcombat.rules.morale import (
    CROWD,
    CROWD_M,
    LEADER,
    MORALE_DIE,
    SIGHT_M,
    after_failure,
    edge_distance,
    morale_needed,
    nearest_edge,
    rally_tests,
    surrenders,
)


def morale_on(state: Encounter) -> bool:
    return state.module_on(Module.MORALE)


def is_leader(unit: Unit) -> bool:
    return LEADER in unit.character.perks


def _metres(state: Encounter, a: Unit, b: Unit) -> float | None:
    if state.map is None or a.at is None or b.at is None:
        return None
    return grid_of(state).distance_m(a.at, b.at)


def near_and_seen(state: Encounter, unit: Unit, other: Unit, metres: float = SIGHT_M) -> bool:
    """Within `metres` and in sight (R18.1.1, R18.1.2; table mode: never by itself — the game master says)."""
    distance = _metres(state, unit, other)
    return distance is not None and distance <= metres and sees(state, unit, other)


def friends_in_fight(state: Encounter, unit: Unit) -> list[Unit]:
    return [u for u in state.units if u.side == unit.side and u.id != unit.id and not u.down]


def _needed(state: Encounter, unit: Unit) -> tuple[int, str]:
    """R18.1.1: what the 2d6 must not exceed, and why in words."""
    friends = friends_in_fight(state, unit)
    if state.map is None:
        crowd = CROWD if unit.gm_friends_near else 0
        leaders = [f for f in friends if f.id == unit.gm_leader_near and is_leader(f)]
    else:
        crowd = sum(1 for f in friends if (_metres(state, unit, f) or 0.0) <= CROWD_M)
        leaders = [f for f in friends if is_leader(f) and near_and_seen(state, unit, f)]
    best = max(leaders, key=lambda f: f.character.morale, default=None)
    lent = best.character.morale if best is not None and best.character.morale > unit.character.morale else None
    needed = morale_needed(unit.character.morale, crowd, lent)
    why = f"M {unit.character.morale}" if lent is None or best is None else f"{best.name}'s M {lent} (leader)"
    if crowd >= CROWD:
        why += " + 2: three friends within 3 m"
    return needed, why


def roll_morale(
    state: Encounter, unit_id: str, dice: DiceSource, events: list[Event], times: int, cause: str
) -> Encounter:
    """R18.1.1-R18.1.3: `times` 2d6 tests (the leader's double test: twice, failing if either fails); a
    failure makes it shaken, or broken if already shaken; it loses its watch and pin at once."""
    unit = state.unit(unit_id)
    needed, why = _needed(state, unit)
    totals = []
    for index in range(times):
        which = f" ({index + 1} of {times})" if times > 1 else ""
        purpose = f"{unit.name}'s morale test{which}"
        request = DiceRequest(sides=MORALE_DIE, purpose=purpose, notation="2d6", owner=unit.id)  # R18.6.1
        dice_rolled = [dice.roll(request) for _ in range(2)]
        totals.append(dice_rolled)
    passed = all(sum(pair) <= needed for pair in totals)
    shown = " and ".join(f"2d6 = {a}+{b} = {a + b}" for a, b in totals)
    twice = " twice" if times > 1 else ""
    text = f"{unit.name} tests morale{twice}, {cause}: {shown} vs {needed} ({why}) — "
    state = with_state(state, Module.MORALE, morale_tested=(*state.morale_tested, unit.id))
    if passed:
        text += "passes"
    else:
        worse = after_failure(unit.morale)
        text += f"fails: {worse.value} (R18.1.3)"
        lost = " and loses its watch" if unit.watch is not None else " and its covering fire" if unit.pin else ""
        text += lost
        state = state.with_unit(with_state(attrs.evolve(unit, watch=None, pin=None), Module.MORALE, morale=worse))
    data = {"rolls": totals, "needed": needed, "passed": passed, "morale": state.unit(unit.id).morale.value}
    events.append(Event("morale", text, data, unit=unit.id))
    return state


def lost_units(before: Encounter, state: Encounter) -> list[Unit]:
    """R18.1.2: the units in the fight before that are now out of it down, man down or dead (as they were)."""
    out = []
    for unit in before.units:
        now = state.unit(unit.id)
        if not unit.down and now.down and (now.fate is Fate.NONE or now.fate in LOST_FATES):
            out.append(unit)
    return out


def after_losses(before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.1.2 (a), (b): at the end of the action or step, friends who saw a loss within 5 m test, in the
    encounter's order — twice for a leader lost; (a) at most once a round."""
    if not morale_on(state):
        return state
    lost = lost_units(before, state)
    if not lost:
        return state
    state = with_state(state, Module.MORALE, lost=(*state.lost, *(unit.id for unit in lost)))
    if state.map is None:
        return state  # table mode: the game master names who saw it (`gm morale WHO lost FRIEND`)
    for tester in state.units:
        if tester.down:
            continue
        seen = [f for f in lost if f.side == tester.side and f.id != tester.id and near_and_seen(state, tester, f)]
        leaders = [f for f in seen if is_leader(f)]
        if leaders:
            cause = f"{leaders[0].name}, a leader, was lost within 5 m (R18.1.2 b)"
            state = roll_morale(state, tester.id, dice, events, 2, cause)
        elif seen and tester.id not in state.morale_tested:
            cause = f"{seen[0].name} was lost within 5 m (R18.1.2 a)"
            state = roll_morale(state, tester.id, dice, events, 1, cause)
    return state


def _side_losses(state: Encounter, side: str) -> int:
    return sum(1 for unit_id in state.lost if state.unit(unit_id).side == side)


def end_of_round_tests(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R18.1.2 (c), an end-of-round step: a side that lost two or more this round tests everyone in the fight
    who has not tested this round."""
    if not morale_on(state):
        return state
    for unit in state.units:
        if unit.down or unit.id in state.morale_tested:
            continue
        lost = _side_losses(state, unit.side)
        if lost >= 2:
            state = roll_morale(state, unit.id, dice, events, 1, f"its side lost {lost} this round (R18.1.2 c)")
    return state


def rally(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R18.1.4, an end-of-round step: each character shaken or broken before this end of round began tests
    once, plus once per friend lost this round; passing all makes it steady, a failure changes nothing."""
    if not morale_on(state):
        return state
    for unit in state.units:
        if unit.down or before.unit(unit.id).morale is MoraleState.STEADY:
            continue
        lost = sum(1 for uid in state.lost if uid != unit.id and state.unit(uid).side == unit.side)
        needed, why = _needed(state, unit)
        totals = []
        for index in range(rally_tests(lost)):
            which = f" ({index + 1} of {rally_tests(lost)})" if lost else ""
            purpose = f"{unit.name}'s rally{which}"
            request = DiceRequest(sides=MORALE_DIE, purpose=purpose, notation="2d6", owner=unit.id)  # R18.6.1
            totals.append([dice.roll(request), dice.roll(request)])
        passed = all(sum(pair) <= needed for pair in totals)
        shown = " and ".join(f"2d6 = {a}+{b} = {a + b}" for a, b in totals)
        extra = f", {lost} friend(s) lost this round" if lost else ""
        text = f"{unit.name} ({unit.morale.value}) tries to rally{extra}: {shown} vs {needed} ({why}) — "
        if passed:
            text += "rallies: steady (R18.1.4)"
            state = state.with_unit(with_state(unit, Module.MORALE, morale=MoraleState.STEADY))
        else:
            text += f"fails: still {unit.morale.value} (R18.1.4)"
        events.append(Event("rally", text, {"rolls": totals, "needed": needed, "passed": passed}, unit=unit.id))
    return state


def map_bounds(state: Encounter) -> tuple[float, float, float, float]:
    """The map's west, north, east and south edges in metres, half a cell beyond the outer centres."""
    assert state.map is not None
    grid = grid_of(state)
    width, height = state.map.width, state.map.height
    corners = [(x, y) for x in (0, width - 1) for y in {0, min(1, height - 1), height - 1}]
    xs = [grid.centre(cell)[0] for cell in corners]
    ys = [grid.centre(cell)[1] for cell in corners]
    return min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5


def edge_of(state: Encounter, unit: Unit) -> Edge | None:
    """R18.1.3: its side's `edge`, else the map edge nearest the cell it started on (ties N, E, S, W)."""
    side = state.side(unit.side)
    if side.edge is not None:
        return side.edge
    start = unit.start or unit.at
    if state.map is None or start is None:
        return None
    return nearest_edge(grid_of(state).centre(start), map_bounds(state))


def edge_metres(state: Encounter, cell: Cell, edge: Edge) -> float:
    """R18.1.3: metres from the cell's centre to the edge."""
    return edge_distance(grid_of(state).centre(cell), edge, map_bounds(state))


def on_edge(state: Encounter, cell: Cell, edge: Edge) -> bool:
    """A cell from which a step toward the edge leaves the map."""
    assert state.map is not None
    here = edge_metres(state, cell, edge)
    for step in grid_of(state).steps(cell):
        x, y = step.to
        off = not (0 <= x < state.map.width and 0 <= y < state.map.height)
        if off and edge_metres(state, step.to, edge) < here:
            return True
    return False


def flee_if_at_edge(state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
    """R18.1.3: a broken character on its side's edge after a move (or at the end of its turn) flees."""
    unit = state.unit(unit_id)
    if not morale_on(state) or unit.down or unit.morale is not MoraleState.BROKEN or unit.at is None:
        return state
    edge = edge_of(state, unit)
    if edge is None or state.map is None or not on_edge(state, unit.at, edge):
        return state
    return leave(
        state,
        unit,
        Fate.FLED,
        f"{unit.name}, broken, reaches the {edge.value} edge and flees: out of the fight (R18.1.3)",
        events,
    )


def leave(state: Encounter, unit: Unit, fate: Fate, text: str, events: list[Event]) -> Encounter:
    events.append(Event(fate.value, text, unit=unit.id))
    return state.with_unit(
        with_state(attrs.evolve(out_of_the_fight(unit), fate=fate), Module.CASUALTIES, stunned=False)
    )


def at_turn_end(state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
    """R18.1.3, R18.1.5: at the end of its own turn a broken character on its edge flees; a shaken or broken
    one that sees an enemy within 4 m nearer than every friend it sees surrenders (house rule `surrender`)."""
    state = flee_if_at_edge(state, unit_id, events)
    unit = state.unit(unit_id)
    if not morale_on(state) or unit.down or unit.morale is MoraleState.STEADY or state.map is None:
        return state
    if not state.house_rules.surrender:
        return state
    seen = [u for u in state.units if u.id != unit.id and not u.down and sees(state, unit, u)]
    enemies = [_metres(state, unit, u) or 0.0 for u in seen if u.side != unit.side]
    friends = [_metres(state, unit, u) or 0.0 for u in seen if u.side == unit.side]
    if not surrenders(enemies, friends):
        return state
    text = f"{unit.name}, {unit.morale.value}, sees an enemy within 4 m nearer than any friend and surrenders (R18.1.5)"
    return leave(state, unit, Fate.SURRENDERED, text, events)
