"""Both AI levels under suppression (R18.4) and re-roll points (R18.6): a pinned character calms down first,
a failed test with a fair chance is bought again, and a whole fight of the shipped firefight plays with no
illegal line."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from apcombat.ai import LEVELS
from apcombat.content import load_encounter, load_library
from apcombat.content.paths import content_root
from apcombat.engine import Game
from apcombat.model import AiSettings
from apcombat.sim.match import play_match

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine" / "modules"))
from suppression_fights import fight

LEVEL_NAMES = ("baseline", "tactical")


@pytest.fixture(scope="module")
def start(tmp_path_factory: pytest.TempPathFactory):
    path = fight(tmp_path_factory.mktemp("modules"), {"rerolls": True, "suppression": True}, points=(4, 2))
    return load_encounter(path, load_library(content_root()))


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_r18_6_the_ai_re_rolls_a_missed_shot_that_had_a_fair_chance(start, level) -> None:
    game = Game(start, seed=1)
    game.play_all(["start", "gm dice 99", "shoot ana raider"])
    decision = LEVELS[level](AiSettings(level)).decide(game.state, random.Random(1))
    assert decision.line == "reroll vault 1"
    assert "needed 95 or less" in decision.reason


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_r18_4_4_a_pinned_ai_character_calms_down_first(start, level) -> None:
    game = Game(start, seed=1)
    game.play_all(["gm set ana markers=2", "start"])
    decision = LEVELS[level](AiSettings(level)).decide(game.state, random.Random(1))
    assert decision.line == "calm ana"
    game.play(decision.line)
    assert LEVELS[level](AiSettings(level)).decide(game.state, random.Random(1)).line.split()[0] != "calm"


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_r18_4_the_ai_plays_the_firefight_with_no_illegal_line(level) -> None:
    encounter = load_encounter(content_root() / "encounters" / "pinned_down.toml", load_library(content_root()))
    result = play_match(encounter, 5, {"vault": level, "raiders": level})
    assert dict(result.illegal) == {level: 0}
    lines = [entry.line.split()[0] for entry in result.history]
    assert "calm" in lines  # Bo starts pinned down
