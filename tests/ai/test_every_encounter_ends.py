"""Issue 22 item 0: no game may hang, whatever dice the engine is handed. Every AI-vs-AI game of every shipped
map encounter — at the encounter's own AI settings (what `apcombat sim` plays without `--ai`) and the round
cap `sim` plays to — ends: a win, or the round cap's draw. The quick seeds 0-4 of each here, plus the seed that
once hung (the tactical look-ahead's lowest-face dice tied the activation deck's d6 for ever, R18.5.1); 50
seeds each on demand: tests/bench/bench_every_encounter.py. Each game runs under a watchdog far beyond any
honest game's length: it only catches a hang."""

from __future__ import annotations

import pytest
from hang_watchdog import watchdog

from apcombat.ai import DEFAULT_MAX_ROUNDS
from apcombat.ai.match import play_match
from apcombat.ai.spec import spec_of
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import Encounter

ENCOUNTERS = content_root() / "encounters"
QUICK_SEEDS = range(5)
ONCE_HUNG = [("last_stand", 8)]
WATCHDOG_S = 300  # the slowest game here (a 40-unit battlefield to the round cap) takes seconds, not minutes


def load(name: str) -> Encounter:
    return load_encounter(ENCOUNTERS / f"{name}.toml", load_library(content_root(None)))


MAP_ENCOUNTERS = sorted(path.stem for path in ENCOUNTERS.glob("*.toml") if load(path.stem).map is not None)


def own_ais(encounter: Encounter) -> dict[str, str]:
    """Each side's AI as its encounter's `ai` names it, as `apcombat sim` plays it without `--ai`."""
    return {side.id: spec_of(side.ai) for side in encounter.sides}


@pytest.mark.parametrize(("name", "seed"), [*((n, s) for n in MAP_ENCOUNTERS for s in QUICK_SEEDS), *ONCE_HUNG])
def test_every_ai_game_of_a_shipped_map_encounter_ends(name: str, seed: int) -> None:
    encounter = load(name)
    with watchdog(WATCHDOG_S):
        result = play_match(encounter, seed, own_ais(encounter), DEFAULT_MAX_ROUNDS)
    sides = {side.id for side in encounter.sides}
    assert result.winner in sides or result.rounds == DEFAULT_MAX_ROUNDS, (result.winner, result.rounds)
