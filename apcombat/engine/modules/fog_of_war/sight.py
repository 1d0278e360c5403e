"""R21.1: who sees whom — a character's sight (R21.1.1) and its side's (R21.1.2)."""

from __future__ import annotations

from apcombat.engine.geometry import sees
from apcombat.model import Encounter, Unit
from apcombat.model.fates import Fate


def looks(unit: Unit) -> bool:
    """R21.1.1 (a): a character in the fight and not unconscious sees; any other sees nothing."""
    return not unit.down and unit.unconscious_rounds <= 0


def unit_sees(state: Encounter, a: Unit, b: Unit, leaning: bool = False) -> bool:
    """R21.1.1: a sees b — a looks (a), the line between their cells is clear (b), R8.5 does not hide b from a
    unless b leans out (c), and b is not hidden from a's enemies (d). No distance, no facing. In table mode
    (no map) the program cannot see: the game master says who sees whom (R21.7.3)."""
    if not looks(a) or (b.hidden and b.side != a.side):
        return False
    if state.map is None or a.at is None or b.at is None:
        return False
    return sees(state, a, b, leaning)


def side_sees(state: Encounter, side: str) -> frozenset[str]:
    """R21.1.2: the enemies `side` sees now — those one of its characters sees, those it bumped into that have
    not left that cell (R21.6.2), and in table mode those the game master said it sees (R21.7.3)."""
    fog = state.side(side).slots.fog_of_war
    own = [unit for unit in state.units if unit.side == side and looks(unit)]
    seen: set[str] = set()
    for enemy in state.units:
        if enemy.side == side or enemy.fate is Fate.FLED:
            continue
        if state.map is None:
            if enemy.id in fog.told and not enemy.hidden:
                seen.add(enemy.id)
        elif any(unit_sees(state, unit, enemy) for unit in own):
            seen.add(enemy.id)
    for unit_id, cell in fog.bumped:
        if any(enemy.id == unit_id and enemy.at == cell for enemy in state.units):
            seen.add(unit_id)
    return frozenset(seen)
