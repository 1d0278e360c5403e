"""What a batch of AI-vs-AI games is: the games planned (seeds, and with `--swap` the sides' AIs exchanged),
planned one at a time as they are played, what every game shares, and how one planned game is played."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

import attrs

from apcombat.ai.players import working_directory_on_path
from apcombat.model import Encounter
from apcombat.sim import DEFAULT_MAX_ROUNDS
from apcombat.sim.match import MatchResult, play_match


@attrs.frozen
class BatchSettings:
    """What every game of a batch shares: the round cap, and whether to keep each game's history (to write
    it as a save; a million games' histories would fill the memory for nothing)."""

    max_rounds: int = DEFAULT_MAX_ROUNDS
    keep_history: bool = False


@attrs.frozen
class PlannedGame:
    """One game of a batch: the dice's seed and the AI of each side (side id, AI) in the encounter's order."""

    seed: int
    sides: tuple[tuple[str, str], ...]


class Plan(Protocol):
    """The games of a batch in order, and how many: a GamePlan, or any collection of planned games."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[PlannedGame]: ...


@attrs.frozen
class GamePlan:
    """`games` seeds from `seed` on; with `swap` each seed is played again with the AIs moved one side on
    (with two sides: exchanged), which cancels the map's asymmetry. Its games are made as they are asked
    for: a plan of any length takes no memory."""

    sides: tuple[tuple[str, str], ...]  # side id -> AI, in the encounter's order
    seed: int
    games: int
    swap: bool

    def __len__(self) -> int:
        return self.games * (2 if self.swap else 1)

    def __iter__(self) -> Iterator[PlannedGame]:
        sides = [side for side, _ in self.sides]
        specs = [spec for _, spec in self.sides]
        moved = specs[-1:] + specs[:-1]
        for number in range(self.games):
            yield PlannedGame(self.seed + number, self.sides)
            if self.swap:
                yield PlannedGame(self.seed + number, tuple(zip(sides, moved, strict=True)))


def plan_games(ais: Mapping[str, str], seed: int, games: int, swap: bool) -> GamePlan:
    """The plan of `games` seeds from `seed` on, each played by `ais` (side id -> AI) and, with `swap`,
    again with the AIs moved one side on."""
    return GamePlan(tuple(ais.items()), seed, games, swap)


def play_planned(
    game: PlannedGame, encounter: Encounter, settings: BatchSettings, folder: str | None = None
) -> MatchResult:
    """Play one planned game; `folder` goes on the Python path first (a worker looking for plug-ins)."""
    if folder is not None:
        working_directory_on_path(folder)
    result = play_match(encounter, game.seed, dict(game.sides), settings.max_rounds)
    return result if settings.keep_history else attrs.evolve(result, history=())
