"""R21.8.8: a re-roll's replay (R18.6.2) keeps what the first play showed — a character it revealed starts
revealed, and each side keeps the marks (of this round) of enemies the first play showed it and the replay
does not. A die taken back must not leave a side scouting for free."""

from __future__ import annotations

import attrs

from apcombat.model import Encounter
from apcombat.model.encounter import with_state
from apcombat.model.fog_state import Mark
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value


def replay_base(base: Encounter, first: Encounter) -> Encounter:
    """The state the replay starts from: each character the first play revealed is revealed in it — but the
    acting character that revealed itself by its own action (R21.4.2 b), which the replay reveals again as
    the first play did (and after which it may enter a watch, R21.4.3)."""
    revealed = {unit.id: unit for unit in first.units if not unit.hidden}
    for unit in base.units:
        if unit.hidden and unit.id in revealed:
            quietly = revealed[unit.id].quietly_revealed
            if unit.id == base.active and not quietly:
                continue
            base = base.with_unit(with_state(unit, FOG, hidden=False, quietly_revealed=quietly))
    return base


def replayed(first: Encounter, base: Encounter, after: Encounter) -> Encounter:
    """The replay's state, with each side's marks of the enemies the first play showed it (seen, or marked
    this round) that the replay neither shows it nor marks."""
    for side in after.sides:
        was = base.side(side.id).slots.fog_of_war
        then = first.side(side.id).slots.fog_of_war
        now = side.slots.fog_of_war
        sightings = {sight.unit: sight for sight in then.last_seen}
        kept: list[Mark] = []
        for enemy in sorted(then.seen - was.seen):
            sight = sightings.get(enemy)
            if sight is not None:
                kept.append(Mark(enemy, sight.at, sight.pose, first.round))
        kept += [mark for mark in then.marks if mark.round == first.round and mark not in was.marks]
        marked = {mark.unit for mark in now.marks}
        added: dict[str, Mark] = {}
        for mark in kept:
            if mark.unit not in now.seen and mark.unit not in marked and mark.unit not in added:
                added[mark.unit] = mark
        if added:
            places = {unit.id: place for place, unit in enumerate(after.units)}
            marks = sorted((*now.marks, *added.values()), key=lambda mark: places.get(mark.unit, len(places)))
            after = _with_marks(after, side.id, marks)
    return after


def _with_marks(state: Encounter, side_id: str, marks: list[Mark]) -> Encounter:
    sides = tuple(with_state(side, FOG, marks=tuple(marks)) if side.id == side_id else side for side in state.sides)
    return attrs.evolve(state, sides=sides)
