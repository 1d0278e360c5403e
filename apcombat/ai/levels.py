"""The built-in AI levels by name."""

from collections.abc import Callable

from apcombat.ai.baseline import BaselineLevel
from apcombat.ai.decision import Player
from apcombat.ai.random_level import RandomLevel
from apcombat.ai.tactical import TacticalLevel
from apcombat.model import AiSettings

LEVELS: dict[str, Callable[[AiSettings], Player]] = {
    BaselineLevel.name: BaselineLevel,
    RandomLevel.name: RandomLevel,
    TacticalLevel.name: TacticalLevel,
}
"""Built-in AI levels by name, each a factory `factory(settings)` of an object with
`decide(state, rng) -> Decision` (`apcombat.ai.player_for` calls it with a side's settings)."""
