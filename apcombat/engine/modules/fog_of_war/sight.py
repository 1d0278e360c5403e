"""R21.1: who sees whom — a character's sight (R21.1.1) and its side's (R21.1.2).

Sight is worked out at every update (R21.1.3), many times a turn, and between two updates mostly one
character changed (a move step). So it is kept per map (`board.survey.kept`; a fire or a burnt obstacle makes
a new map, and a new table): lines by cell pair, and what each character saw at the last update asked, with
what each character was then as far as sight goes (its *sight key*: cell, side, looking, out of the fight,
hidden, prone). An update works out again only the pairs that involve a character whose key changed."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from apcombat.board.kinds import grid_for
from apcombat.board.sight import line_of_sight
from apcombat.board.survey import kept
from apcombat.engine.geometry import hidden_prone
from apcombat.model import BattleMap, Cell, Encounter, Pose, Unit
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
    (R21.7.3). An enemy out of the fight is a body, shown as R21.2.4 says (`bodies_in_line`)."""
    fog = state.side(side).slots.fog_of_war
    seen: set[str] = set()
    if state.map is None:
        seen.update(
            enemy.id
            for enemy in state.units
            if enemy.side != side and enemy.id in fog.told and not enemy.hidden and not enemy.down
        )
    else:
        down = _down(state)
        seen.update(enemy for enemy in _looked_at(state, side) if enemy not in down)
    for unit_id, cell in fog.bumped:
        if any(enemy.id == unit_id and enemy.at == cell and not enemy.down for enemy in state.units):
            seen.add(unit_id)
    return frozenset(seen)


def bodies_in_line(state: Encounter, side: str) -> frozenset[str]:
    """R21.2.4: the enemies out of the fight (not fled) whose cells one of the side's characters in the fight,
    not unconscious, has the line to (on a map)."""
    if state.map is None:
        return frozenset()
    down = _down(state)
    return frozenset(enemy for enemy in _looked_at(state, side) if enemy in down)


def has_line_to(state: Encounter, side: str, cell: Cell) -> bool:
    """R21.2.4: one of the side's characters in the fight, not unconscious, has the line to the cell."""
    if state.map is None:
        return False
    return any(
        unit.side == side and looks(unit) and unit.at is not None and line(state.map, unit.at, cell)
        for unit in state.units
    )


def _down(state: Encounter) -> frozenset[str]:
    return frozenset(unit.id for unit in state.units if unit.down)


def _pair(state: Encounter, looker: Unit, other: Unit) -> bool:
    """What the looker's side learns of the enemy `other` through the looker: R21.1.1 for one in the fight;
    for one out of the fight (a body, R21.2.4) the line to its cell; nothing of one that fled."""
    if not looks(looker) or other.fate is Fate.FLED or looker.at is None or other.at is None:
        return False
    assert state.map is not None
    if other.down:
        return line(state.map, looker.at, other.at)
    return unit_sees(state, looker, other)


def _sight_key(unit: Unit) -> Hashable:
    """What of a character sight depends on, as a looker and as one looked at."""
    return (unit.side, unit.at, looks(unit), unit.down, unit.fate is Fate.FLED, unit.hidden, unit.pose is Pose.PRONE)


class _SightTable:
    """What each character saw at the last update asked on one map, for one set of characters (the fight, or
    a side's view of it): `keys` by unit, and the enemies each unit looks at (`_pair`). Replaced whole at each
    update, so that a reader never sees half of one."""

    def __init__(self) -> None:
        self.held: tuple[dict[str, Hashable], dict[str, frozenset[str]]] = ({}, {})

    def looked_at(self, state: Encounter) -> dict[str, frozenset[str]]:
        keys, looks_at = self.held
        units = {unit.id: unit for unit in state.units}
        new_keys = {unit_id: _sight_key(unit) for unit_id, unit in units.items()}
        changed = [unit_id for unit_id, key in new_keys.items() if keys.get(unit_id) != key]
        if not changed:
            return looks_at
        looks_at = dict(looks_at)
        for unit_id in changed:
            unit = units[unit_id]
            looks_at[unit_id] = frozenset(
                other.id for other in units.values() if other.side != unit.side and _pair(state, unit, other)
            )
        moved = set(changed)
        for unit_id, unit in units.items():
            if unit_id in moved:
                continue
            sees = set(looks_at[unit_id])
            for other_id in changed:
                other = units[other_id]
                if other.side != unit.side and _pair(state, unit, other):
                    sees.add(other_id)
                else:
                    sees.discard(other_id)
            looks_at[unit_id] = frozenset(sees)
        self.held = (new_keys, looks_at)
        return looks_at


TABLES_KEPT = 8
"""Sight tables kept per map, one per set of characters (the fight's, and the views' that an update is asked
of: a preview or `legal_commands` plays on a side's view)."""


def _table(state: Encounter) -> _SightTable:
    assert state.map is not None
    tables: dict[frozenset[str], _SightTable] = kept(state.map, "fog_sight", dict)
    who = frozenset(unit.id for unit in state.units)
    table = tables.pop(who, None) or _SightTable()
    tables[who] = table  # the newest last
    while len(tables) > TABLES_KEPT:
        del tables[next(iter(tables))]
    return table


_last: list[tuple[Encounter, dict[str, frozenset[str]]]] = []
"""The state last asked about and what each of its characters looks at: an update asks once per side, twice."""


def _looked_at(state: Encounter, side: str) -> Iterable[str]:
    """The enemies (in the fight or not, not fled) one of `side`'s characters looks at (`_pair`)."""
    held = _last[0] if _last else None
    if held is not None and held[0] is state:
        looks_at = held[1]
    else:
        looks_at = _table(state).looked_at(state)
        _last[:] = [(state, looks_at)]
    seen: set[str] = set()
    for unit in state.units:
        if unit.side == side:
            seen |= looks_at.get(unit.id, frozenset())
    return seen
