"""The turn engine: `apply(state, command, dice) -> (state, events)`, `preview`, and a Game with history."""

from apcombat.engine.apply import apply
from apcombat.engine.commands import Command, CommandError, format_command, parse_command
from apcombat.engine.events import Event
from apcombat.engine.game import DiceState, Game, HistoryEntry
from apcombat.engine.legal import legal_actions, legal_commands
from apcombat.engine.preview import Preview, preview

__all__ = [
    "Command",
    "CommandError",
    "DiceState",
    "Event",
    "Game",
    "HistoryEntry",
    "Preview",
    "apply",
    "format_command",
    "legal_actions",
    "legal_commands",
    "parse_command",
    "preview",
]
