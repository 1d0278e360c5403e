"""A fight added up from its log: each side's shots, hits, damage dealt and casualties (the victory screen and
the Markdown export), and who took what damage from whom (the export)."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.engine.events import Event
from apcombat.model import Encounter
from apcombat.model.fates import Fate

GAME_MASTER = "the game master"
FIRE = "fire"
FALL = "a fall"
BLAST = "a blast"


def side_summary(state: Encounter, events: Iterable[Event]) -> dict[str, dict[str, int]]:
    """Shots, hits and damage dealt per side, added up from the attack events; a throw is one shot, a hit when
    its d100 hits, and its blast's damage to enemies is its side's (R22.2.1: a throw is an attack)."""
    sides = {side.id: {"shots": 0, "hits": 0, "damage": 0} for side in state.sides}
    throwing: str | None = None  # the side whose throw the blast lines that follow belong to
    for event in events:
        if event.kind == "throw" and event.unit is not None:
            throwing = state.unit(event.unit).side
            sides[throwing]["shots"] += 1
            sides[throwing]["hits"] += 1 if event.data.get("hit") else 0
        elif event.kind == "blast" and throwing is not None and event.unit is not None:  # to enemies only
            sides[throwing]["damage"] += event.data.get("damage", 0) if state.unit(event.unit).side != throwing else 0
        if event.kind != "attack" or event.unit is None:
            continue
        side = state.unit(event.unit).side
        rounds = event.data.get("rounds_fired", [])
        sides[side]["shots"] += sum(1 for r in rounds if r.get("roll") is not None)
        sides[side]["hits"] += sum(1 for r in rounds if r.get("hit"))
        sides[side]["damage"] += sum(r.get("damage", 0) for r in rounds)
    return sides


def casualty_tally(state: Encounter, side_id: str) -> tuple[str, str, str]:
    """R18.2.4: the side's stunned (in the fight now), man down and dead, as counts."""
    units = [u for u in state.units if u.side == side_id]
    stunned = sum(1 for u in units if u.times_stunned and u.fate not in (Fate.MAN_DOWN, Fate.DEAD))
    return str(stunned), str(sum(u.fate is Fate.MAN_DOWN for u in units)), str(sum(u.fate is Fate.DEAD for u in units))


def damage_taken(state: Encounter, events: Iterable[Event]) -> list[tuple[str, int, str]]:
    """Who took what damage from whom, as names: an attack's from the attacker, covering fire's from the
    pinner (R17.2), a blast's from the thrower (R22), a burn's from fire (R6.2), a fall's (R15.3), and HP the
    game master took; each pair once, in the order it was first hurt."""
    taken: dict[tuple[str, str], int] = {}
    thrower: str | None = None
    pinned: dict[str, str] = {}  # each pinner's target, by id (R17.1: the pin's event names it)
    for event in events:
        hurt = _hurt(state, event, thrower, pinned)
        if hurt is not None and hurt[1] > 0:
            whom, amount, source = hurt
            taken[(whom, source)] = taken.get((whom, source), 0) + amount
        if event.kind == "throw" and event.unit is not None:
            thrower = state.unit(event.unit).name
        if event.kind == "pin" and event.unit is not None and "target" in event.data:
            pinned[event.unit] = event.data["target"]
    return [(whom, amount, source) for (whom, source), amount in taken.items()]


def _hurt(state: Encounter, event: Event, thrower: str | None, pinned: dict[str, str]) -> tuple[str, int, str] | None:
    """The damage one event says, as (whom, how much, from whom or what), by name."""
    data, unit = event.data, event.unit
    if unit is None:
        return None
    name = state.unit(unit).name
    if event.kind == "covering_fire" and unit in pinned:  # R17.2: the pinner's hits on its target
        return state.unit(pinned[unit]).name, sum(hit.get("damage", 0) for hit in data.get("damage", [])), name
    if event.kind == "attack" and "target" in data:
        return data["target"], sum(r.get("damage", 0) for r in data.get("rounds_fired", [])), name
    if event.kind == "blast":
        return name, data.get("damage", 0), thrower or BLAST
    if event.kind == "burning" and "damage" in data:
        return name, data["damage"], FIRE
    if event.kind == "jump" and data.get("landed") is False:
        return name, data.get("damage", 0), FALL
    if event.kind == "gm" and data.get("hp_change", 0) < 0:
        return name, -data["hp_change"], GAME_MASTER
    return None
