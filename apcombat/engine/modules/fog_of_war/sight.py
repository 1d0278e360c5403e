"""R21.1: who sees whom — a character's sight (R21.1.1) and its side's (R21.1.2).

Lines are asked of the map by cell pair and kept per map (`board.survey.kept`): a map changes only by a
fire or a burnt obstacle, and a new map object then starts a new table, so an update after a move step asks
the board only about the pairs that involve the cell the mover stepped to."""

from __future__ import annotations

from apcombat.board.kinds import grid_for
from apcombat.board.sight import line_of_sight
from apcombat.board.survey import kept
from apcombat.engine.geometry import hidden_prone
from apcombat.model import BattleMap, Cell, Encounter, Unit
from apcombat.model.fates import Fate


def looks(unit: Unit) -> bool:
    """R21.1.1 (a): a character in the fight and not unconscious sees; any other sees nothing."""
    return not unit.down and unit.unconscious_rounds <= 0


def line(battlemap: BattleMap, a: Cell, b: Cell) -> bool:
    """R21.1.1 (b): the line between two cells is clear (R0.7, R20.4), kept per map and unordered pair."""
    if a == b:
        return True
    lines: dict[tuple[Cell, Cell], bool] = kept(battlemap, "fog_lines", dict)
    key = (a, b) if a <= b else (b, a)
    found = lines.get(key)
    if found is None:
        found = lines[key] = line_of_sight(battlemap, grid_for(battlemap), a, b)
    return found


def unit_sees(state: Encounter, a: Unit, b: Unit, leaning: bool = False) -> bool:
    """R21.1.1: a sees b — a looks (a), the line between their cells is clear (b), R8.5 does not hide b from a
    unless b leans out (c), and b is not hidden from a's enemies (d). No distance, no facing. In table mode
    (no map) the program cannot see: the game master says who sees whom (R21.7.3)."""
    if not looks(a) or (b.hidden and b.side != a.side):
        return False
    if state.map is None or a.at is None or b.at is None:
        return False
    if not line(state.map, a.at, b.at):
        return False
    return leaning or not hidden_prone(state, b, a)


def side_sees(state: Encounter, side: str) -> frozenset[str]:
    """R21.1.2: the enemies in the fight `side` sees now — those one of its characters sees, those it bumped
    into that have not left that cell (R21.6.2), and in table mode those the game master said it sees
    (R21.7.3). An enemy out of the fight is a body, shown as R21.2.4 says (`knowledge`)."""
    fog = state.side(side).slots.fog_of_war
    own = [unit for unit in state.units if unit.side == side and looks(unit)]
    seen: set[str] = set()
    for enemy in state.units:
        if enemy.side == side or enemy.down or enemy.fate is Fate.FLED:
            continue
        if state.map is None:
            if enemy.id in fog.told and not enemy.hidden:
                seen.add(enemy.id)
        elif any(unit_sees(state, unit, enemy) for unit in own):
            seen.add(enemy.id)
    for unit_id, cell in fog.bumped:
        if any(enemy.id == unit_id and enemy.at == cell and not enemy.down for enemy in state.units):
            seen.add(unit_id)
    return frozenset(seen)


def has_line_to(state: Encounter, side: str, cell: Cell) -> bool:
    """R21.2.4: one of the side's characters in the fight, not unconscious, has the line to the cell."""
    if state.map is None:
        return False
    return any(
        unit.side == side and looks(unit) and unit.at is not None and line(state.map, unit.at, cell)
        for unit in state.units
    )
