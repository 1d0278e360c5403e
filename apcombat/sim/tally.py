"""What each unit did in a game, read from the engine's events: damage dealt, hits taken, times downed,
attacks made and enemies downed (for shots per kill)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from apcombat.engine import Attack, Command, Event


@attrs.frozen
class UnitTally:
    damage_dealt: int = 0
    hits_taken: int = 0
    downed: int = 0
    shots: int = 0  # attacks made: every shoot, dual, flame and melee, reaction fire and covering fire included
    kills: int = 0  # enemies it downed

    def __add__(self, other: UnitTally) -> UnitTally:
        return UnitTally(*(a + b for a, b in zip(attrs.astuple(self), attrs.astuple(other), strict=True)))

    @property
    def shots_per_kill(self) -> float | None:
        return self.shots / self.kills if self.kills else None


def tally_step(tallies: dict[str, UnitTally], actor: str, command: Command | None, events: Iterable[Event]) -> None:
    """Add one played line's events to `tallies` (unit id -> tally). The attack's target comes from the
    command (events name units by name); covering fire (R17.2) hits the unit whose action set it off."""
    last_hit: dict[str, str] = {}  # target -> who hit it last in this step, for the kill
    for event in events:
        if event.kind == "attack" and event.unit is not None and isinstance(command, Attack):
            rounds = event.data.get("rounds_fired", [])
            hits = sum(1 for r in rounds if r.get("hit"))
            damage = sum(r.get("damage") or 0 for r in rounds)
            _add(tallies, event.unit, shots=1, damage_dealt=damage)
            _add(tallies, command.target, hits_taken=hits)
            last_hit[command.target] = event.unit
        elif event.kind == "covering_fire" and event.unit is not None:
            damage = sum(d.get("damage", 0) for d in event.data.get("damage", []))
            _add(tallies, event.unit, shots=1, damage_dealt=damage)
            _add(tallies, actor, hits_taken=event.data.get("hits", 0))
            last_hit[actor] = event.unit
        elif event.kind == "down" and event.unit is not None:
            _add(tallies, event.unit, downed=1)
            if event.unit in last_hit:
                _add(tallies, last_hit[event.unit], kills=1)


def _add(tallies: dict[str, UnitTally], unit: str, **counts: int) -> None:
    tallies[unit] = tallies.get(unit, UnitTally()) + UnitTally(**counts)
