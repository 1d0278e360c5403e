"""An AI side's settings reach its level: `player_for(settings)` and `resolve("LEVEL,knob=value,...")` build
every level of `apcombat.ai.LEVELS` as `factory(settings)`, a plug-in takes none, and the text naming an AI
with its settings reads back as the same settings (what a worker is given, on any machine)."""

from __future__ import annotations

import attrs
import pytest

from apcombat import ai as ai_layer
from apcombat.ai import AiError, Plugin, player_for, resolve, settings_of, spec_of
from apcombat.ai.baseline import BaselineLevel
from apcombat.ai.random_level import RandomLevel
from apcombat.content import content_root, load_encounter, load_library
from apcombat.model import DEFAULT_AI, AiSettings, Effort
from apcombat.sim.match import play_match

BOLD = AiSettings("random", Effort.LOW, aggression=0.8, caution=0.2)


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[AiSettings]:
    """The settings each level was built with, every level of LEVELS recording them."""
    made: list[AiSettings] = []
    for name, factory in list(ai_layer.LEVELS.items()):

        def recording(settings: AiSettings, factory=factory):
            made.append(settings)
            return factory(settings)

        monkeypatch.setitem(ai_layer.LEVELS, name, recording)
    return made


def test_every_level_is_built_with_the_settings_it_is_given() -> None:
    for name, factory in ai_layer.LEVELS.items():
        player = factory(AiSettings(name, Effort.HIGH, 0.0, 1.0))
        assert callable(player.decide)
    assert BaselineLevel(BOLD).settings == BOLD and RandomLevel(BOLD).settings == BOLD
    assert BaselineLevel().settings == RandomLevel().settings == DEFAULT_AI


def test_player_for_builds_the_level_its_settings_name_else_the_default_one(built) -> None:
    assert isinstance(player_for(BOLD), RandomLevel)
    assert isinstance(player_for(DEFAULT_AI), type(ai_layer.LEVELS[ai_layer.DEFAULT_LEVEL](DEFAULT_AI)))
    assert built[:2] == [BOLD, DEFAULT_AI]
    with pytest.raises(AiError, match="no AI level 'grandmaster': the levels are baseline, random"):
        player_for(AiSettings("grandmaster"))


def test_resolve_reads_a_level_with_its_settings(built) -> None:
    assert isinstance(resolve("random, effort = low,aggression=0.8,caution=0.2"), RandomLevel)
    assert isinstance(resolve("baseline"), BaselineLevel)
    assert built == [BOLD, AiSettings("baseline")]


def test_a_plugin_is_resolved_as_before_and_takes_no_settings(ai_plugins) -> None:
    assert isinstance(resolve("greedy_bot:play"), Plugin)
    assert settings_of("greedy_bot:play") is None
    with pytest.raises(AiError, match=r"a plug-in bot takes no settings .*: give greedy_bot:play alone"):
        resolve("greedy_bot:play,effort=low")


@pytest.mark.parametrize(
    ("settings", "text"),
    [
        (DEFAULT_AI, ai_layer.DEFAULT_LEVEL),
        (BOLD, "random,effort=low,aggression=0.8,caution=0.2"),
        (AiSettings("tactical", caution=1.0), "tactical,caution=1"),
        (AiSettings(None, Effort.HIGH), f"{ai_layer.DEFAULT_LEVEL},effort=high"),
        (AiSettings("random", aggression=0.123456789, caution=1e-05), "random,aggression=0.123456789,caution=1e-05"),
    ],
)
def test_the_text_naming_an_ai_reads_back_as_its_settings(settings: AiSettings, text: str) -> None:
    assert spec_of(settings) == text
    assert settings_of(text) == attrs.evolve(settings, level=settings.level or ai_layer.DEFAULT_LEVEL)


def test_a_game_builds_each_ai_with_its_settings_and_plays_the_same_with_the_same_text(built) -> None:
    duel = load_encounter(content_root(None) / "encounters" / "duel.toml", load_library(content_root(None)))
    ais = {"vault": "random,caution=1", "raiders": "baseline,effort=high"}
    first, again = (attrs.evolve(play_match(duel, 3, ais, max_rounds=3), decision_ms=()) for _ in range(2))
    assert set(built) == {AiSettings("random", caution=1.0), AiSettings("baseline", Effort.HIGH)}
    assert again == first
