"""Spreading fires (R18.3) in the fight: cells set on fire by a flamer's stream, hit or miss (R18.3.2), the
characters caught in them (R18.3.1), the end-of-round d6 of every fire (R18.3.3), and the game master
lighting or putting out fires on the map or, in table mode, by name (R18.3.4).

The fires of a map are the map's own (`BattleMap.fires`, `BattleMap.burnt`): a cell set on fire makes a new
map, so sight, paths and jumps all see the fire through the map's terrain. What the map cannot say, which
fires caught this round and are not rolled until the next, is the encounter's `fresh_fires`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError, module_off
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.modules.casualties.rolls import roll_casualties
from apcombat.engine.modules.fire_spread.commands import GmFire
from apcombat.engine.modules.fire_spread.damage import burn_in_fire, cell_words, fires_on
from apcombat.engine.upkeep import out_of_the_fight
from apcombat.engine.victory import check_victory
from apcombat.model import Cell, Encounter, ShotMode, TableFire, Terrain
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.modules import Module
from apcombat.rules.fires import FireOutcome, reading_order, roll_fire, roll_miss_direction, spread_to
from apcombat.rules.resolve import AttackResult


def light(
    state: Encounter, cells: Iterable[Cell], dice: DiceSource, events: list[Event], spared: frozenset[str] = frozenset()
) -> Encounter:
    """R18.3.1: `light_cells`, then the victory check."""
    return check_victory(light_cells(state, cells, dice, events, spared), events)


def light_cells(
    state: Encounter, cells: Iterable[Cell], dice: DiceSource, events: list[Event], spared: frozenset[str] = frozenset()
) -> Encounter:
    """R18.3.1: set these cells of the map on fire (each fresh in a round: not rolled until the next round,
    R18.3.3) and every character in the fight standing in one burning as by a flamer hit — but not those
    in `spared`, already set burning by the same action (at most once by one action)."""
    assert state.map is not None
    for cell in cells:
        if state.map.burning(cell):
            continue
        fresh = state.fresh_fires | {cell} if state.round > 0 else state.fresh_fires
        state = with_state(
            attrs.evolve(state, map=state.map.with_fire(cell, True)), Module.FIRE_SPREAD, fresh_fires=fresh
        )
        for unit in state.units:
            if unit.at == cell and unit.fate is Fate.MAN_DOWN:
                events.append(
                    Event(
                        "casualty",
                        f"{unit.name}, man down, is caught in the fire: dead (R18.3.1)",
                        {"casualty": "dead"},
                        unit=unit.id,
                    )
                )
                state = state.with_unit(attrs.evolve(unit, fate=Fate.DEAD))
                continue
            if unit.at != cell or unit.down or unit.id in spared:
                continue
            unit = burn_in_fire(unit, dice, events, f"is caught in the fire at {cell_words(cell)}")
            if unit.down:
                events.append(Event("down", f"{unit.name} is down (R12.2)", unit=unit.id))
                unit = out_of_the_fight(unit)
            state = state.with_unit(unit)
    return state


def _lit_text(terrain: Terrain, cell: Cell) -> str:
    return f"the {terrain.value} at {cell_words(cell)} catches fire"


def after_stream(
    state: Encounter, attacker_id: str, target_id: str, result: AttackResult, dice: DiceSource, events: list[Event]
) -> Encounter:
    """R18.3.2: a flamer's stream sets the target's cell on fire if it is flammable, hit or miss; a miss also
    rolls d8 (d6 on a hex map) for a direction and sets that neighbour of the target's cell on fire if it is
    flammable. The target a hit set burning is not set burning again by its cell (R18.3.1). In table mode the
    game master judges what burns (`gm fire NAME on`)."""
    if result.plan.situation.shot.mode is not ShotMode.FLAME or not fires_on(state) or state.finished:
        return state
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    hit = result.hits > 0
    if state.map is None or target.at is None:
        return _table_stream(state, attacker.name, target.name, hit, dice, events)
    spared = frozenset({target.id}) if hit else frozenset()
    where = target.at
    terrain = state.map.at(where)
    if terrain.flammable:
        events.append(Event("fire", f"{_lit_text(terrain, where)} (R18.3.2)", {"cell": list(where)}))
        state = light(state, [where], dice, events, spared)
    if hit or state.finished:
        return state
    grid = grid_of(state)
    roll, direction = roll_miss_direction(dice, grid.kind == "hex", attacker.name)
    splash = next(step.to for step in grid.steps(where) if step.facing is direction)
    said = f"{attacker.name}'s missed stream splashes {direction.value} of {cell_words(where)} (d{len(grid.facings)}"
    said += f" = {roll})"
    assert state.map is not None  # lighting a cell keeps the map
    inside = state.map.inside(splash)
    splashed = state.map.at(splash) if inside else None
    if splashed is not None and splashed.flammable:
        said += f": {_lit_text(splashed, splash)} (R18.3.2)"
    else:
        said += f": {cell_words(splash)} " + ("is off the map" if not inside else "does not burn") + " (R18.3.2)"
    data = {"roll": roll, "direction": direction.value, "cell": list(splash)}
    events.append(Event("fire", said, data, unit=attacker.id))
    if splashed is not None and splashed.flammable:
        state = light(state, [splash], dice, events)
    return state


def _table_stream(
    state: Encounter, attacker: str, target: str, hit: bool, dice: DiceSource, events: list[Event]
) -> Encounter:
    """R18.3.2 in table mode: the game master says whether the ground burns; a miss's direction is rolled."""
    text = f"if the ground under {target} burns, the game master lights it: gm fire NAME on (R18.3.2)"
    events.append(Event("fire", text, {"ask": "target"}))
    if not hit:
        roll, direction = roll_miss_direction(dice, False, attacker)
        text = (
            f"{attacker}'s missed stream splashes {direction.value} of {target} (d8 = {roll}): if the ground "
            "there burns, the game master lights it: gm fire NAME on (R18.3.2)"
        )
        events.append(Event("fire", text, {"ask": "splash", "roll": roll, "direction": direction.value}))
    return state


def fire_step(state: Encounter, dice: DiceSource, events: list[Event], before: Encounter) -> Encounter:
    """R18.3.3 at the end of a round: every fire but those that caught this round rolls d6 — on a map in
    reading order, in table mode in the order lit (R18.3.4): 1 it goes out (the cell is burnt), 2-5 it burns
    on, 6 it spreads to the nearest flammable cell not on fire within 4 m (ties: reading order; none: it
    burns on). A fire caught in this step is not rolled until the next round."""
    if not fires_on(state):
        return state
    if state.map is None:
        return _table_fire_step(state, dice, events)
    rolled = reading_order(state.map.fires - state.fresh_fires)
    for cell in rolled:
        assert state.map is not None
        where = f"the fire at {cell_words(cell)}"
        d6, outcome = roll_fire(dice, where)
        data = {"cell": list(cell), "roll": d6, "outcome": outcome.value}
        if outcome is FireOutcome.OUT:
            state = attrs.evolve(state, map=state.map.with_fire(cell, False))
            events.append(Event("fire", f"{where} goes out (d6 = {d6}): the ground is burnt (R18.3.3)", data))
            continue
        target = _spread_target(state, cell) if outcome is FireOutcome.SPREADS else None
        if outcome is FireOutcome.BURNS_ON:
            events.append(Event("fire", f"{where} burns on (d6 = {d6}) (R18.3.3)", data))
        elif target is None:
            text = f"{where} would spread (d6 = {d6}), but nothing flammable is within 4 m: it burns on (R18.3.3)"
            events.append(Event("fire", text, data))
        else:
            assert state.map is not None
            terrain = state.map.at(target)
            text = f"{where} spreads (d6 = {d6}): {_lit_text(terrain, target)} (R18.3.3)"
            events.append(Event("fire", text, data | {"to": list(target)}))
            state = light(state, [target], dice, events)
            # R18.2.1: the casualty d6s of those the spreading fire brought down, before the next fire rolls
            state = check_victory(roll_casualties(state, dice, events), events)
            if state.finished:
                break
    return with_state(state, Module.FIRE_SPREAD, fresh_fires=frozenset())


def _spread_target(state: Encounter, origin: Cell) -> Cell | None:
    """R18.3.3: the nearest flammable cell not on fire within 4 m of the fire (ties: reading order)."""
    assert state.map is not None
    grid, battle_map = grid_of(state), state.map
    ox, oy = origin
    box = range(-5, 6)  # 4 m is at most 5 cells away on either grid (hex rows are 0.87 m apart)
    candidates = (
        ((x, y), grid.distance_m(origin, (x, y)))
        for y in (oy + dy for dy in box)
        for x in (ox + dx for dx in box)
        if battle_map.inside((x, y)) and battle_map.at((x, y)).flammable
    )
    return spread_to(candidates)


def _table_fire_step(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.3.4: in table mode each fire's d6 in the order lit; "spreads" names no cell: the game master
    places the new fire."""
    kept: list[TableFire] = []
    for fire in state.table_fires:
        if fire.fresh:
            kept.append(attrs.evolve(fire, fresh=False))
            continue
        where = f"the fire {fire.name}"
        d6, outcome = roll_fire(dice, where)
        data = {"fire": fire.name, "roll": d6, "outcome": outcome.value}
        if outcome is FireOutcome.OUT:
            events.append(Event("fire", f"{where} goes out (d6 = {d6}): the ground is burnt (R18.3.3)", data))
            continue
        kept.append(fire)
        if outcome is FireOutcome.BURNS_ON:
            events.append(Event("fire", f"{where} burns on (d6 = {d6}) (R18.3.3)", data))
        else:
            text = (
                f"{where} spreads (d6 = {d6}): the game master places a new fire on the nearest thing that burns "
                "within 4 m (gm fire NAME on), or it burns on if none (R18.3.3, R18.3.4)"
            )
            events.append(Event("fire", text, data))
    return with_state(state, Module.FIRE_SPREAD, table_fires=tuple(kept))


def gm_fire(state: Encounter, command: GmFire, dice: DiceSource, events: list[Event]) -> Encounter:
    """R18.3.4: the game master lights or puts out a fire — a cell on a map (`off` leaves it burnt), a named
    fire in table mode — before the first round too."""
    if not fires_on(state):
        raise module_off("gm fire", Module.FIRE_SPREAD, "R18.3.4")
    if state.finished:
        raise CommandError("the fight is over")
    if state.map is None:
        if command.name is None:
            raise CommandError("table mode has no map: name the fire instead of a cell (gm fire NAME on|off, R18.3.4)")
        return _gm_table_fire(state, command.name, command.on, events)
    if command.at is None:
        raise CommandError("on a map a fire is a cell: gm fire X,Y on|off (R18.3.4)")
    cell, battle_map = command.at, state.map
    if not battle_map.inside(cell):
        raise CommandError(
            f"{cell_words(cell)} is outside the {battle_map.width} x {battle_map.height} map "
            f"(x 0 to {battle_map.width - 1}, y 0 to {battle_map.height - 1})"
        )
    terrain = battle_map.at(cell)
    if not command.on:
        if not battle_map.burning(cell):
            raise CommandError(f"there is no fire at {cell_words(cell)} to put out")
        events.append(
            Event(
                "gm",
                f"game master: the fire at {cell_words(cell)} is put out; the ground is burnt (R18.3.4)",
                {"cell": list(cell)},
            )
        )
        fresh = state.fresh_fires - {cell}
        return with_state(
            attrs.evolve(state, map=battle_map.with_fire(cell, False)), Module.FIRE_SPREAD, fresh_fires=fresh
        )
    if battle_map.burning(cell):
        raise CommandError(f"{cell_words(cell)} is already on fire")
    if terrain.blocks_movement and not terrain.flammable:
        raise CommandError(
            f"{cell_words(cell)} is {terrain.described}, which does not burn: the game master lights flammable "
            "terrain (brush, crates, a hut) or open ground (R18.3.4)"
        )
    text = f"game master: {_lit_text(terrain, cell)} (R18.3.4)"
    events.append(Event("gm", text, {"cell": list(cell)}))
    return light(state, [cell], dice, events)


def _gm_table_fire(state: Encounter, name: str, on: bool, events: list[Event]) -> Encounter:
    names = [fire.name for fire in state.table_fires]
    if on:
        if name in names:
            raise CommandError(f"there is already a fire called {name}: give the new one another name")
        fire = TableFire(name=name, fresh=state.round > 0)
        text = f"game master: a fire, {name}, is lit; its d6 is rolled at the end of each round (R18.3.4)"
        events.append(Event("gm", text, {"fire": name}))
        return with_state(state, Module.FIRE_SPREAD, table_fires=(*state.table_fires, fire))
    if name not in names:
        burning = ", ".join(names) if names else "none"
        raise CommandError(f"there is no fire called {name}; the fires are: {burning}")
    events.append(Event("gm", f"game master: the fire {name} is put out (R18.3.4)", {"fire": name}))
    return with_state(
        state, Module.FIRE_SPREAD, table_fires=tuple(fire for fire in state.table_fires if fire.name != name)
    )
