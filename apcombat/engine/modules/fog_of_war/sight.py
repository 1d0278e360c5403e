"""R21.1: who sees whom — a character's sight (R21.1.1) and its side's (R21.1.2).

Sight is worked out at every update (R21.1.3), many times a turn, and between two updates mostly one
character changed (a move step). So it is kept per map (`board.survey.kept`; a fire or a burnt obstacle makes
a new map, and a new table): lines by cell pair, and what each character saw at the last update asked, with
what each character was then as far as sight goes (its *sight key*: cell, side, looking, out of the fight,
hidden, prone). An update works out again only the pairs that involve a character whose key changed."""

from __future__ import annotations

from collections.abc import Hashable

from apcombat.board.kinds import grid_for
from apcombat.board.sight import line_asker
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
        asker = kept(battlemap, "fog_line_asker", lambda: line_asker(battlemap, grid_for(battlemap)))
        found = lines[key] = asker(a, b)
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
        seen.update(_split(state, side)[0])
    if not fog.bumped:
        return frozenset(seen)
    for unit_id, cell in fog.bumped:
        if any(enemy.id == unit_id and enemy.at == cell and not enemy.down for enemy in state.units):
            seen.add(unit_id)
    return frozenset(seen)


def bodies_in_line(state: Encounter, side: str) -> frozenset[str]:
    """R21.2.4: the enemies out of the fight (not fled) whose cells one of the side's characters in the fight,
    not unconscious, has the line to (on a map)."""
    if state.map is None:
        return frozenset()
    return _split(state, side)[1]


def has_line_to(state: Encounter, side: str, cell: Cell) -> bool:
    """R21.2.4: one of the side's characters in the fight, not unconscious, has the line to the cell."""
    if state.map is None:
        return False
    return any(
        unit.side == side and looks(unit) and unit.at is not None and line(state.map, unit.at, cell)
        for unit in state.units
    )


def down_ones(state: Encounter) -> frozenset[str]:
    """The characters out of the fight (kept with the state last asked about: an update asks it often)."""
    held = _last[0] if _last else None
    if held is not None and held[0] is state:
        return held[2]
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
    """Who looks at whom at the last update asked on one map, for one set of characters (the fight, or a side's
    view of it): each character's sight key, and for each character and each side not its own a *witness* —
    one character of that side that looks at it (`_pair`), or None. A witness stays one while neither it nor
    the one it looks at changes, so an update asks only about the pairs that involve a changed character, and
    of those only until it finds a witness. Replaced whole at each update, so a reader never sees half of one."""

    def __init__(self) -> None:
        empty: dict[str, frozenset[str]] = {}
        self.held: tuple[
            dict[str, Unit], dict[str, Hashable], dict[tuple[str, str], str | None], dict[str, frozenset[str]]
        ]
        self.held = ({}, {}, {}, empty)

    def looked_at(self, state: Encounter) -> dict[str, frozenset[str]]:
        """For each side, the characters (of other sides) one of its characters looks at."""
        before, keys, witnesses, looked = self.held
        units = {unit.id: unit for unit in state.units}
        new_keys = keys
        changed = set()
        for unit_id, unit in units.items():
            if before.get(unit_id) is unit:
                continue  # the same object: nothing changed (units are immutable)
            key = _sight_key(unit)
            if keys.get(unit_id) != key:
                if new_keys is keys:
                    new_keys = dict(keys)
                new_keys[unit_id] = key
                changed.add(unit_id)
        if not changed:
            self.held = (units, keys, witnesses, looked)
            return looked
        sides: dict[str, list[Unit]] = {}
        for unit in units.values():
            sides.setdefault(unit.side, []).append(unit)
        moved = {side: [u for u in lookers if u.id in changed] for side, lookers in sides.items()}
        witnesses = dict(witnesses)
        touched: set[str] = set()
        for target in units.values():
            target_changed = target.id in changed
            for side, lookers in sides.items():
                if side == target.side:
                    continue
                entry = (target.id, side)
                witness = witnesses.get(entry, "")
                if target_changed or witness == "" or witness in changed:
                    found = _witness(state, lookers, target)
                elif witness is None and moved[side]:
                    found = next((u.id for u in moved[side] if _pair(state, u, target)), None)
                else:
                    continue
                if found != witness:
                    witnesses[entry] = found
                    touched.add(side)
        if len(witnesses) != sum(len(units) - len(lookers) for lookers in sides.values()) or set(looked) != set(sides):
            touched.update(sides)  # characters gone or sides changed: every side worked out again
        if touched:
            seen: dict[str, set[str]] = {side: set() for side in touched}
            for (target_id, side), witness in witnesses.items():
                if witness is not None and side in seen and target_id in units:
                    seen[side].add(target_id)
            looked = {side: frozenset(seen[side]) if side in seen else looked[side] for side in sides}
        self.held = (units, new_keys, witnesses, looked)
        return looked


def _witness(state: Encounter, lookers: list[Unit], target: Unit) -> str | None:
    """One of `lookers` that looks at the target (`_pair`), asking first those whose line is already known."""
    assert state.map is not None
    if target.at is None or target.fate is Fate.FLED:
        return None
    lines: dict[tuple[Cell, Cell], bool] = kept(state.map, "fog_lines", dict)
    later = []
    for looker in lookers:
        if looker.at is None or not looks(looker):
            continue
        a, b = looker.at, target.at
        known = a == b or lines.get((a, b) if a <= b else (b, a))
        if known is None:
            later.append(looker)
        elif known and _pair(state, looker, target):
            return looker.id
    return next((looker.id for looker in later if _pair(state, looker, target)), None)


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


_last: list[
    tuple[Encounter, dict[str, frozenset[str]], frozenset[str], dict[str, tuple[frozenset[str], frozenset[str]]]]
] = []
"""The state last asked about, what each of its characters looks at, who in it is out of the fight, and for each
side asked the enemies it looks at split into those in the fight and the bodies: an update asks each side twice."""

_NONE: frozenset[str] = frozenset()


def _split(state: Encounter, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """The enemies (not fled) one of `side`'s characters looks at (`_pair`): those in the fight, the bodies."""
    held = _last[0] if _last else None
    if held is None or held[0] is not state:
        down = frozenset(unit.id for unit in state.units if unit.down)
        held = (state, _table(state).looked_at(state), down, {})
        _last[:] = [held]
    split = held[3].get(side)
    if split is None:
        looked = held[1].get(side, _NONE)
        down = held[2]
        split = (looked, _NONE) if not looked or not down else (looked - down, looked & down)
        held[3][side] = split
    return split
