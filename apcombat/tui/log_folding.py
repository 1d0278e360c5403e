"""How a log panel shows the engine's events, by the player's `log_detail` setting.

`full`: every line as the engine wrote it — the event's text, then each line of its details (as `apcombat run`,
the Markdown export and the full log show them). `short`: a burst is one line with its result ("Gruk: 40 rounds
at Knight Rhys: 19 hit, 87 damage (120 -> -6 HP); down after round 21"), its rounds shown on demand (unfolded)
and the rounds not rolled never listed; an action's numbered dice for a re-roll (R18.6.2) are folded into the
action, shown on demand (when `R` asks which die). The engine's events never change: only what is shown.

Textual-free, one event at a time (so a log that only grows and shrinks at its end, as a fight's does, lays out
only the events that changed): the battlefield's log panel and the replay viewer's use it (`EventLog`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

import attrs

from apcombat.engine import Event

FULL = "full"
SHORT = "short"

DETAIL = "detail"
"""The kind of a line under an event (its breakdown, rolls, damage): the log draws them quieter."""

FOLDED_MARK = "▸ "
UNFOLDED_MARK = "▾ "
"""Before a burst's line in short detail: its rounds are folded (a click shows them) or shown."""

DICE_KIND = "rolls"
"""The event that numbers an action's dice for a re-roll (R18.6.2): folded into the action in short detail."""

_NOT_ROLLED = re.compile(r"^\s*((main|off) hand )?round \d+: not rolled — ")
_HP_CHANGE = re.compile(r"\((-?\d+ -> -?\d+ HP)\)\s*$")


@attrs.frozen
class LogLine:
    """One line a log shows: its text, and the event's kind (its first line) or DETAIL (a line under it)."""

    text: str
    kind: str


def full_lines(event: Event) -> list[LogLine]:
    """Every line of an event, as the engine wrote it: its text, then each line of its details, indented."""
    return [LogLine(event.text, event.kind), *(LogLine("   " + line, DETAIL) for line in _details(event))]


def is_burst(event: Event) -> bool:
    """An attack of which a gun fired more than one round (a burst, two-gun bursts)."""
    return event.kind == "attack" and any(gun.get("rounds", 1) > 1 for gun in event.data.get("guns", ()))


def foldable(event: Event, detail: str) -> bool:
    """Whether the event shows more lines unfolded than folded at this detail."""
    return detail == SHORT and (is_burst(event) or event.kind == DICE_KIND)


def shown_lines(event: Event, detail: str, unfolded: bool = False) -> list[LogLine]:
    """The lines one event shows at this detail (`short` or `full`); `unfolded`: its folded lines too (a
    burst's rounds, an action's dice), though never a round that was not rolled."""
    if detail != SHORT:
        return full_lines(event)
    if event.kind == DICE_KIND:
        return full_lines(event) if unfolded else []
    if not is_burst(event):
        return full_lines(event)
    head = LogLine((UNFOLDED_MARK if unfolded else FOLDED_MARK) + burst_summary(event), event.kind)
    if not unfolded:
        return [head]
    return [head, *(LogLine("   " + line, DETAIL) for line in _details(event) if not _NOT_ROLLED.match(line))]


def log_lines(events: Sequence[Event], detail: str, unfolded: Collection[int] = ()) -> list[LogLine]:
    """Every line a log of these events shows at this detail; `unfolded`: the places of the events unfolded."""
    return [line for place, event in enumerate(events) for line in shown_lines(event, detail, place in unfolded)]


def burst_summary(event: Event) -> str:
    """A burst in one line: who fired how many rounds at whom, the hits and the damage, and after which round
    the target went down (the rounds after it are not rolled)."""
    target = str(event.data.get("target", "the target"))
    rounds: list[dict[str, Any]] = list(event.data.get("rounds_fired", ()))
    shooter = event.text.split(f" attacks {target}: ", 1)[0] if f" attacks {target}: " in event.text else ""
    hits = [place for place, fired in enumerate(rounds, 1) if fired.get("hit")]
    damage = sum(int(fired.get("damage") or 0) for fired in rounds if fired.get("hit"))
    text = f"{shooter}: " if shooter else ""
    text += f"{len(rounds)} rounds at {target}: "
    if not hits:
        text += "no hit"
    else:
        text += f"{len(hits)} hit, {damage} damage" if damage else f"{len(hits)} hit, no damage"
        change = _HP_CHANGE.search(event.text)
        if change:
            text += f" ({change.group(1)})"
    if hits and _went_down(event, target, rounds):
        two_guns = len(event.data.get("guns", ())) > 1
        text += f"; down after {hits[-1]} rounds" if two_guns else f"; down after round {hits[-1]}"
    return text


def _went_down(event: Event, target: str, rounds: list[dict[str, Any]]) -> bool:
    """The burst brought its target down: rounds were left unrolled, or its result says so."""
    if any(fired.get("roll") is None for fired in rounds):
        return True
    return any(line.endswith(f"— {target} is down") for line in _details(event))


def _details(event: Event) -> list[str]:
    return [str(line) for line in event.data.get("lines", ())]
