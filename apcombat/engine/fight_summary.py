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
    """Who took what damage from whom, as names: an attack's or covering fire's from the attacker, a blast's
    from the thrower (R22), a burn's from fire (R6.2), a fall's (R15.3), and HP the game master took; each
    pair once, in the order it was first hurt."""
    taken: dict[tuple[str, str], int] = {}
    thrower: str | None = None
    for event in events:
        for target, amount, source in _hurts(event, thrower):
            if amount > 0:
                taken[(target, source)] = taken.get((target, source), 0) + amount
        if event.kind == "throw" and event.unit is not None:
            thrower = event.unit
    return [(state.unit(target).name, amount, _named(state, source)) for (target, source), amount in taken.items()]


def _hurts(event: Event, thrower: str | None) -> list[tuple[str, int, str]]:
    """The damage one event says, as (whom, how much, from: a unit id or a cause)."""
    data, unit = event.data, event.unit
    if unit is None:
        return []
    if event.kind == "attack" and "target_id" in data:
        return [(data["target_id"], sum(r.get("damage", 0) for r in data.get("rounds_fired", [])), unit)]
    if event.kind == "covering_fire" and "target_id" in data:
        return [(data["target_id"], sum(d.get("damage", 0) for d in data.get("damage", [])), unit)]
    if event.kind == "blast":
        return [(unit, data.get("damage", 0), thrower or BLAST)]
    if event.kind == "burning" and "damage" in data:
        return [(unit, data["damage"], FIRE)]
    if event.kind == "jump" and data.get("landed") is False:
        return [(unit, data.get("damage", 0), FALL)]
    if event.kind == "gm" and data.get("hp_change", 0) < 0:
        return [(unit, -data["hp_change"], GAME_MASTER)]
    return []


def _named(state: Encounter, source: str) -> str:
    return source if source in (GAME_MASTER, FIRE, FALL, BLAST) else state.unit(source).name
