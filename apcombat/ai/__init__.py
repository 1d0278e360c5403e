"""The AI layer: built-in levels and plug-in bots that play a side through command lines, the game loop
that asks them, and the headless runner behind `apcombat sim`.

An AI drives the engine only through command lines, `legal_commands`, `preview` and `apply` on copies.
"""

from collections.abc import Callable

from apcombat.ai.baseline import BaselineLevel
from apcombat.ai.decision import Decision
from apcombat.ai.players import AiError, Player, Plugin, resolve
from apcombat.ai.random_level import RandomLevel

DEFAULT_LEVEL = "baseline"
"""The level that plays a side no `--ai` names (and a human side in a headless run)."""

LEVELS: dict[str, Callable[[], Player]] = {
    BaselineLevel.name: BaselineLevel,
    RandomLevel.name: RandomLevel,
}
"""Built-in AI levels by name, each a factory of an object with `decide(state, rng) -> Decision`."""

__all__ = ["DEFAULT_LEVEL", "LEVELS", "AiError", "Decision", "Player", "Plugin", "resolve"]
