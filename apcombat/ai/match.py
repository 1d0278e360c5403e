"""One AI-vs-AI game from start to finish through `apcombat.engine.Game`: the runner plays round 0's
`start`, then each side's AI plays its units' turns until the engine says the fight is over, or a draw
once `max_rounds` rounds have been played."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from apcombat.ai import DEFAULT_MAX_ROUNDS
from apcombat.ai.players import resolve
from apcombat.ai.tally import UnitTally, tally_step
from apcombat.ai.timing import DecisionTimes
from apcombat.ai.turn import Step, deck_step, turn_steps
from apcombat.engine import Game, HistoryEntry
from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.model import Encounter


@attrs.frozen
class MatchResult:
    """A game's outcome and what its AIs did; `sides` maps each side id to the AI (as named) that played it."""

    seed: int
    sides: tuple[tuple[str, str], ...]
    winner: str | None  # None: a draw (the round cap, or nobody left standing)
    rounds: int
    decision_ms: tuple[tuple[str, DecisionTimes], ...]  # AI -> its calls' times
    illegal: tuple[tuple[str, int], ...]  # AI -> illegal lines
    units: tuple[tuple[str, UnitTally], ...]  # unit id -> what it did
    history: tuple[HistoryEntry, ...]  # to write the game as a save

    @property
    def side_ai(self) -> dict[str, str]:
        return dict(self.sides)


def play_match(
    encounter: Encounter, seed: int, ais: Mapping[str, str], max_rounds: int = DEFAULT_MAX_ROUNDS
) -> MatchResult:
    """Play one game with `ais` (side id -> level name or module:function) and the dice seeded by `seed`."""
    players = {spec: resolve(spec) for spec in set(ais.values())}
    game = Game(encounter, seed=seed)
    game.play("start")
    times: dict[str, list[float]] = {spec: [] for spec in ais.values()}
    illegal = dict.fromkeys(ais.values(), 0)
    tallies = {unit.id: UnitTally() for unit in encounter.units}
    while not game.state.finished and game.state.round <= max_rounds:
        asked = side_asked(game.state)  # R18.5.1: the activation deck asks a side for its held card
        if asked is None and game.state.active is None:
            break
        side = asked if asked is not None else game.state.unit(game.state.active).side
        spec = ais[side]
        player = players[spec]
        steps: Iterable[Step] = [deck_step(game, player)] if asked is not None else turn_steps(game, player)
        for step in steps:
            if step.decision_ms is not None:
                times[spec].append(step.decision_ms)
            if step.illegal is not None:
                illegal[spec] += 1
            tally_step(tallies, step.unit, step.command if step.illegal is None else None, step.events)
    state = game.state
    return MatchResult(
        seed=seed,
        sides=tuple((side.id, ais[side.id]) for side in encounter.sides),
        winner=state.winner if state.finished else None,
        rounds=min(state.round, max_rounds),
        decision_ms=tuple((spec, DecisionTimes.of(ms)) for spec, ms in sorted(times.items())),
        illegal=tuple(sorted(illegal.items())),
        units=tuple(tallies.items()),
        history=tuple(game.history),
    )
