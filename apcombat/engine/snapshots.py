"""A game master's snapshots: `gm snapshot NAME` marks the fight's place in its history (a line of the history,
so a save keeps it), and `gm back NAME` undoes every command played since (the game does it, as undo: see
`Game.back`); redo plays them again."""

from __future__ import annotations

from collections.abc import Sequence

from apcombat.dice import DiceSource
from apcombat.engine.command_base import CommandError
from apcombat.engine.events import Event
from apcombat.engine.gm_commands import GmBack, GmSnapshot
from apcombat.model import Encounter


def snapshot_named(line: str) -> str | None:
    """The name a history line marks, if it is a `gm snapshot` line."""
    words = line.lower().split()
    return words[2] if len(words) == 3 and words[:2] == ["gm", "snapshot"] else None


def marked_names(lines: Sequence[str]) -> list[str]:
    """The snapshots marked in a history, the first marked first."""
    return [name for name in map(snapshot_named, lines) if name is not None]


def refuse_mark(lines: Sequence[str], name: str) -> None:
    """A name marks one place: a second snapshot of the same name is refused."""
    if name in marked_names(lines):
        raise CommandError(f"snapshot {name} is already marked: gm back {name} returns to it, or choose another name")


def snapshot_place(lines: Sequence[str], name: str) -> int:
    """How many commands of the history stand when `gm back NAME` is done: those up to its snapshot's line."""
    names = [snapshot_named(line) for line in lines]
    if name not in names:
        known = marked_names(lines)
        marked = f"the snapshots are {', '.join(known)}" if known else "write gm snapshot NAME to mark one"
        raise CommandError(f"no snapshot {name} in the fight's history: {marked}")
    length = names.index(name) + 1
    if length == len(lines):
        raise CommandError(f"nothing has been played since snapshot {name}")
    return length


def back_event(name: str, undone: Sequence[str]) -> Event:
    """The log's line for `gm back`: which snapshot, and how many commands were undone."""
    count = f"{len(undone)} command{'s' if len(undone) != 1 else ''}"
    again = "redo plays it again" if len(undone) == 1 else "redo plays them again, one at a time"
    text = f"game master: back to snapshot {name}, {count} undone ({again})"
    return Event("undo", text, {"snapshot": name, "commands": list(undone)})


def gm_snapshot(state: Encounter, command: GmSnapshot, dice: DiceSource, events: list[Event]) -> Encounter:
    """The place is the history's: the state is unchanged, the log says so."""
    text = f"game master: snapshot {command.name} marks this place in the fight (gm back {command.name} returns here)"
    events.append(Event("gm", text, {"snapshot": command.name}))
    return state


def gm_back(state: Encounter, command: GmBack, dice: DiceSource, events: list[Event]) -> Encounter:
    raise CommandError("gm back belongs to a game's history, not to one state")
