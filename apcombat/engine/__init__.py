"""The turn engine: `apply(state, command, dice) -> (state, events)`, `preview`, and a Game with history."""

import apcombat.engine.modules  # noqa: F401 — installs the rule modules' parts (R18)
from apcombat.engine.apply import apply
from apcombat.engine.commands import Command, CommandError, parse_command
from apcombat.engine.events import Event
from apcombat.engine.game import DiceState, Game, HistoryEntry
from apcombat.engine.legal import legal_commands
from apcombat.engine.part import RuleModule, rule_modules
from apcombat.engine.preview import Preview, preview

__all__ = [
    "Command",
    "CommandError",
    "DiceState",
    "Event",
    "Game",
    "HistoryEntry",
    "Preview",
    "RuleModule",
    "apply",
    "legal_commands",
    "parse_command",
    "preview",
    "rule_modules",
]
