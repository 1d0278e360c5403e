"""What the players' view shows of the fight, as the game master chose per fight (`gm show`): each side's HP
(players_view.hp), the AI's reasons or not (`gm show reasons on|off`), and beside each enemy whose HP it hides,
its status, conditions and thrown weapons or not (`gm show statuses on|off`). Never shown, whatever the
choice: the game master's lines, undone and redone lines (what shows must not depend on when the page asked),
a unit's note, and under the fog of war an enemy's watch (R21.2.5)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from apcombat.engine import Event, fog_on
from apcombat.model import Encounter, HpShown, Unit, UnitStatus

SECRET_KINDS = frozenset({"gm", "undo", "redo"})
"""Log lines the players never see: the game master's (typed-in dice, forced results, modifiers, HP changes,
notes and the players' view's settings themselves), and undoing and redoing — "undone: …", "redone: …", back
to a snapshot. The page's log is the events of the commands the fight's history holds now (follow.py), so a
command undone leaves no trace either."""

AI_KIND = "ai"
"""The line before an AI's command: "AI (Raider Jed) shoot …: … 15.0 damage expected, plan worth +10.3 HP"."""

_HP_FIGURES = (
    re.compile(r" ?\(\d+ -> \d+ HP\)"),  # "11 damage (33 -> 22 HP)"
    re.compile(r",? \d+ -> \d+ HP"),  # "5 damage, 20 -> 15 HP"
    re.compile(r" ?\(\d+ HP\)"),  # "missed — no damage (22 HP)"
    re.compile(r" at \d+ HP"),  # "Rex at 6 HP"
    re.compile(r"(?<![\d.])\d+ HP\b"),  # anything else, an AI's reason included (not its plan's +10.3 HP)
)
"""HP figures in log lines, taken out while any side's HP is not shown exactly."""


def players_log(state: Encounter, log: Iterable[Event]) -> Iterable[str]:
    """The log as the players see it: without the game master's lines, undoing and redoing; the AI's lines only
    while the game master shows its reasons; without HP figures while any side's HP is not shown exactly (a
    line like "11 damage (33 -> 22 HP)" would tell what the setting hides)."""
    exact = all(side.hp_shown is HpShown.EXACT for side in state.sides)
    for event in log:
        if event.kind in SECRET_KINDS or str(event.data.get("command", "")).startswith("gm "):
            continue
        if event.kind == AI_KIND and not state.players_shown.reasons:
            continue
        text = event.text
        if not exact:
            for figure in _HP_FIGURES:
                text = figure.sub("", text)
        yield text


def beside_shown(state: Encounter, unit: Unit, viewing: str | None) -> bool:
    """Whether the page shows what stands beside `unit` — its status, conditions and thrown weapons: always,
    but for an enemy whose HP the page hides while the game master shows no statuses. An enemy: of a side other
    than the page's (`viewing`); without one, of any side."""
    if state.players_shown.statuses or unit.side == viewing:
        return True
    return state.side(unit.side).hp_shown is not HpShown.HIDDEN


def status_shown(state: Encounter, unit: Unit, viewing: str | None) -> str:
    """The unit's status as the page shows it ("" for none): an enemy's watch never under the fog of war
    (R21.2.5), whatever the game master chose; a hidden-HP enemy's only when out of the fight, unless the game
    master shows statuses."""
    status = state.status(unit)
    words = status.words  # "man down", as the app's turn order says it
    if unit.down:  # out of the fight is plain to see at the table
        return words
    if not beside_shown(state, unit, viewing):
        return ""
    if status is UnitStatus.WATCHING and fog_on(state) and viewing is not None and unit.side != viewing:
        return ""  # R21.2.5: an interruption shows the watcher acting, never that it stood watching
    return words
