"""R22.6.2: a burning weapon's blast with spreading fires on — the cells it sets on fire (asked before the bands,
so a character in one counts as caught in the inner band), and the fires lit after the damage, in reading order."""

from __future__ import annotations

from apcombat.board.blast import blast_line, cells_within
from apcombat.dice import DiceSource
from apcombat.engine.blast import Caught
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.modules.fire_spread.damage import cell_words, fires_on
from apcombat.engine.modules.fire_spread.fires import light_cells
from apcombat.model import Cell, Encounter, Terrain, Weapon
from apcombat.rules.fires import reading_order
from apcombat.rules.throwing import template_cm

_SPILL_REFUSED = (Terrain.LOW, Terrain.GAP)
"""R22.6.2: the landing cell catches fire unless it is one of these (a low obstacle that does not burn, a gap) or
already a fire: everything the game master's `gm fire X,Y on` lights burns under spilt fuel — bare ground too."""


def blast_fires(state: Encounter, weapon: Weapon, landing: Cell) -> frozenset[Cell]:
    """R22.6.2, R22.6.3: with the module on, a burning weapon's blast sets on fire its landing cell (unless a low
    obstacle that does not burn, a gap or a fire) and every flammable cell not yet burning whose centre is within
    the middle distance and to which the blast's line is clear (a wall cell does not block the line to itself).
    Nothing for a weapon that does not burn, with the module off, or at the table (the game master names fires)."""
    if not weapon.burns or weapon.blast is None or not fires_on(state) or state.map is None:
        return frozenset()
    battle_map, grid = state.map, grid_of(state)
    cells: set[Cell] = set()
    if not battle_map.burning(landing) and battle_map.at(landing) not in _SPILL_REFUSED:
        cells.add(landing)
    for cell in cells_within(battle_map, grid, landing, weapon.blast[1]):
        if cell == landing or battle_map.burning(cell) or not battle_map.at(cell).flammable:
            continue
        if blast_line(battle_map, grid, landing, cell):
            cells.add(cell)
    return frozenset(cells)


def fires_after_blast(
    state: Encounter,
    weapon: Weapon,
    caught: tuple[Caught, ...],
    fires: frozenset[Cell],
    dice: DiceSource,
    events: list[Event],
) -> Encounter:
    """R22.6.2, R22.7.1 (4): after the blast's damage the cells become fires, in reading order — fresh this round
    (R18.3.3: not rolled at its end); a man down in one is dead (R18.3.1). Every character standing in one was
    caught in the inner band and set burning by the blast, so the fire does not set it burning again (R18.3.1:
    at most once by one action). No victory check here: the casualty d6s come first (R22.7.1 (10))."""
    if state.map is None:
        return _table_fires(state, weapon, events)
    if not fires:
        return state
    spared = frozenset(found.unit for found in caught if found.in_fire)
    for cell in reading_order(fires):
        terrain = state.map.at(cell)
        what = f"the {terrain.value}" if terrain.flammable else "the ground"
        text = f"{what} at {cell_words(cell)} catches fire from the {weapon.name.lower()} (R22.6.2)"
        events.append(Event("fire", text, {"cell": list(cell)}))
        state = light_cells(state, [cell], dice, events, spared)
    return state


def _table_fires(state: Encounter, weapon: Weapon, events: list[Event]) -> Encounter:
    """R22.9.2, R22.6.2 at the table: the game master names the fires a burning weapon lights (`gm fire NAME on`,
    R18.3.4) — the point it landed on and what burns within its middle distance."""
    if weapon.burns and weapon.blast is not None and fires_on(state):
        middle = template_cm(weapon.blast)[1]
        text = (
            f"the {weapon.name.lower()} lights the ground at its point and whatever burns within {middle:g} cm of it "
            "with a clear line: the game master names each fire (gm fire NAME on, R22.6.2, R18.3.4)"
        )
        events.append(Event("fire", text, {"ask": "blast"}))
    return state
