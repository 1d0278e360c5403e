"""Every plug-in bot of tests/ai/plugins, unchanged, plays a game through the AI's turn loop — bare lines in,
parsed once on their way to the engine, kept in the history as written — and the game replays from its
history."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest

from apcombat.ai import turn
from apcombat.ai.players import Plugin, resolve
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, game, parse_command
from apcombat.model import Encounter
from apcombat.sim.match import play_match

PLUGINS = Path(__file__).parent / "plugins"
ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"


def _bots() -> list[str]:
    """Every public function of every plug-in module, as `module:function`."""
    found = []
    for source in sorted(PLUGINS.glob("*.py")):
        tree = ast.parse(source.read_text())
        found += [f"{source.stem}:{node.name}" for node in tree.body if isinstance(node, ast.FunctionDef)]
        found = [bot for bot in found if not bot.split(":")[1].startswith("_")]
    return found


@pytest.fixture(scope="module")
def duel() -> Encounter:
    return load_encounter(ENCOUNTERS / "duel.toml", load_library(content_root(None)))


def test_the_plugins_folder_has_bots():
    assert "greedy_bot:play" in _bots() and len(_bots()) >= 5


@pytest.mark.parametrize("bot", _bots())
def test_every_plugin_bot_plays_a_game_that_replays(ai_plugins, duel: Encounter, bot: str) -> None:
    sides = [side.id for side in duel.sides]
    result = play_match(duel, seed=3, ais={sides[0]: bot, sides[1]: "greedy_bot:play"}, max_rounds=3)
    assert result.history, bot
    replayed = Game.replay(duel, result.seed, result.history)
    assert [entry.line for entry in replayed.history] == [entry.line for entry in result.history]


def test_a_plugins_line_is_parsed_once_on_its_way_to_the_engine(ai_plugins, duel, monkeypatch) -> None:
    """The turn parses the bot's line; the game plays the command it gave (no second parse)."""
    parsed: list[str] = []

    def counting(line: str):
        parsed.append(line)
        return parse_command(line)

    monkeypatch.setattr(turn, "parse_command", counting)
    monkeypatch.setattr(game, "parse_command", counting)
    state = Game(duel, seed=1)
    state.play("start")
    parsed.clear()
    player = resolve("greedy_bot:play")
    unit = state.state.active
    decision, ms, failure = turn.ask(player, state.state, random.Random(1))
    step = turn.play_answer(state, turn.Answer(decision, ms, failure))
    assert step.illegal is None and step.unit == unit
    assert parsed == [decision.line]
    assert state.history[-1].line == decision.line


def test_a_plugins_line_is_kept_as_written(ai_plugins, duel) -> None:
    """A bot's line that is not the canonical one (capitals, extra spaces) is kept in the history as written,
    as before commands were typed."""
    state = Game(duel, seed=1)
    state.play("start")
    line = f"  END   # {state.state.active} is done"
    step = turn.play_answer(state, turn.Answer(turn.Decision(line), 1.0))
    assert step.illegal is None
    assert state.history[-1].line == "END"


@pytest.mark.parametrize("bot", ["greedy_bot:play"])
def test_a_plugin_written_against_the_docs_plays_unchanged_with_the_fog_on(ai_plugins, duel, bot, monkeypatch):
    """R21.9.3: `apcombat sim` hands each AI side its own view — an Encounter like the state, without the
    enemies the side does not see — and the bot plays it unchanged, every line legal."""
    foggy = attrs.evolve(duel, modules={**duel.modules, "fog_of_war": True})
    handed: list[tuple[str, Encounter]] = []
    decide = Plugin.decide

    def watching(self, state, rng):  # type: ignore[no-untyped-def]
        handed.append((state.unit(state.active).side, state))
        return decide(self, state, rng)

    monkeypatch.setattr(Plugin, "decide", watching)
    sides = [side.id for side in foggy.sides]
    result = play_match(foggy, seed=3, ais={sides[0]: bot, sides[1]: "greedy_bot:play"}, max_rounds=6)
    assert dict(result.illegal) == {bot: 0}
    assert handed and all(shown.slots.fog_of_war.view_of == side for side, shown in handed)
