"""The event log as Markdown: what a game master files after the session."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.engine.events import Event
from apcombat.engine.fight_summary import casualty_tally, damage_taken, side_summary
from apcombat.engine.notes import noted
from apcombat.model import Encounter


def log_markdown(state: Encounter, events: Iterable[Event]) -> str:
    """Every event in order, rounds as headings, each attack with its breakdown and rolls; then the summary
    table (each side's shots, hits, damage dealt, standing and, with casualties on, R18.2.4's tally), who
    took what damage from whom, and the game master's notes on the units (the diary is the game master's)."""
    events = list(events)
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
    lines += ["", *_summary(state, events), "", *_damage(state, events)]
    notes = noted(state)
    if notes:
        lines += ["", "## Notes", "", *_table(["who", "note"], [[name, note] for name, note in notes])]
    return "\n".join(lines).rstrip() + "\n"


def _summary(state: Encounter, events: list[Event]) -> list[str]:
    casualties = state.module_on("casualties")
    head = [
        "side",
        "shots",
        "hits",
        "damage dealt",
        "standing",
        *(("stunned", "man down", "dead") if casualties else ()),
    ]
    rows = []
    for side_id, numbers in side_summary(state, events).items():
        standing = sum(1 for unit in state.units if unit.side == side_id and unit.standing)
        numbers_shown = (numbers["shots"], numbers["hits"], numbers["damage"], standing)
        tally = casualty_tally(state, side_id) if casualties else ()
        rows.append([state.side(side_id).name, *map(str, numbers_shown), *tally])
    return [f"## Summary: {state.round} round{'' if state.round == 1 else 's'}", "", *_table(head, rows)]


def _damage(state: Encounter, events: list[Event]) -> list[str]:
    taken = damage_taken(state, events)
    if not taken:
        return ["## Damage taken", "", "Nobody took damage."]
    rows = [[whom, str(amount), source] for whom, amount, source in taken]
    return ["## Damage taken", "", *_table(["who", "damage", "from"], rows)]


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table; a | in a name is escaped."""

    def row(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    return [row(head), "|" + "|".join("---" for _ in head) + "|", *map(row, rows)]
