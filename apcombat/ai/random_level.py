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
        from apcombat.engine import End, format_command, legal_actions

        actions = legal_actions(state)
        if not actions:
            return Decision.of(End(), "no legal line: ends the turn")
        chosen = rng.choice(actions)
        lines = tuple(format_command(command) for command in actions)
        return Decision.of(chosen, f"picks one of {len(lines)} legal lines at random", lines)
