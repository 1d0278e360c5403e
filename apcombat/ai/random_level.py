"""The `random` level: plays one of the legal lines, chosen by its own generator. A yardstick, not a foe."""

from __future__ import annotations

import random

from apcombat.ai.decision import Decision
from apcombat.model import DEFAULT_AI, AiSettings, Encounter


class RandomLevel:
    """Plays random legal lines: any one of `legal_commands(state)`, each as likely."""

    name = "random"

    def __init__(self, settings: AiSettings = DEFAULT_AI) -> None:
        self.settings = settings  # kept, not read: a random line is random at any effort

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        from apcombat.engine import legal_commands

        lines = list(legal_commands(state))
        if not lines:
            return Decision("end", "no legal line: ends the turn")
        line = rng.choice(lines)
        return Decision(line, f"picks one of {len(lines)} legal lines at random", tuple(lines))
