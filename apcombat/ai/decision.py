"""What an AI answers when asked for a move: the line, why, and what else it weighed."""

from __future__ import annotations

import attrs


@attrs.frozen
class Decision:
    """One command line for `state.active`, with a one-line reason in the game's numbers and the options
    weighed (one line each). A plug-in bot's bare line becomes a Decision with no reason."""

    line: str
    reason: str = ""
    options: tuple[str, ...] = attrs.field(default=(), converter=tuple)
