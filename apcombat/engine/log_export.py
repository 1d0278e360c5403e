"""The event log as Markdown: what a game master files after the session."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.engine.events import Event
from apcombat.model import Encounter


def log_markdown(state: Encounter, events: Iterable[Event]) -> str:
    """Every event in order, rounds as headings, each attack with its breakdown and rolls."""
    lines = [f"# {state.name}", ""]
    if state.description:
        lines += [state.description, ""]
    for event in events:
        if event.kind == "round":
            lines += ["", f"## Round {event.data.get('round', '')}", ""]
            continue
        lines.append(f"- {event.text}")
        detail = event.data.get("lines")
        if detail:
            lines.append("")
            lines += ["      " + line for line in detail]
            lines.append("")
    if state.finished:
        winner = state.side(state.winner).name if state.winner else "nobody"
        lines += ["", f"**Winner: {winner}** (round {state.round})"]
    return "\n".join(lines).rstrip() + "\n"
