"""What the players' view (`apcombat serve --watch`) shows: the game master's choice, per fight — each side's HP
exactly, as wound words or not at all (`gm show SIDE exact|words|hidden`), and two switches (`gm show
reasons|statuses on|off`): the AI's reasons, and the statuses of enemies whose HP the page hides. Like every
`gm` line, logged, undone, saved and never shown to the players (R21.7.4)."""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine.commands import CommandError, GmShow, GmShowSwitch
from apcombat.engine.events import Event
from apcombat.engine.numbers import shown_word
from apcombat.model import Encounter, HpShown


def gm_show(state: Encounter, command: GmShow, dice: DiceSource, events: list[Event]) -> Encounter:
    """How the players' view shows a side's HP: exact, wound words or hidden."""
    try:
        side = state.side(command.side)
    except KeyError:
        known = ", ".join(side.id for side in state.sides)
        raise CommandError(f"no side {shown_word(command.side)}: the sides are {known}") from None
    text = f"game master: the players' view shows the HP of {side.name} {_SHOWN_AS[command.shown]}"
    events.append(Event("gm", text, {"hp_shown": command.shown.value, "side": side.id}))
    sides = tuple(attrs.evolve(s, hp_shown=command.shown) if s.id == side.id else s for s in state.sides)
    return attrs.evolve(state, sides=sides)


_SHOWN_AS = {HpShown.EXACT: "exactly", HpShown.WORDS: "as wound words", HpShown.HIDDEN: "not at all"}


SWITCH_WORDS = {
    "reasons": "the AI's reasons",
    "statuses": "the statuses of enemies whose HP it hides",
}
"""Each switch of the players' view in the game's words (the log's line, the game master's menu)."""


def gm_show_switch(state: Encounter, command: GmShowSwitch, dice: DiceSource, events: list[Event]) -> Encounter:
    """Whether the players' view shows the AI's reasons, or the statuses of enemies whose HP it hides."""
    does = "shows" if command.on else "no longer shows"
    text = f"game master: the players' view {does} {SWITCH_WORDS[command.switch]}"
    events.append(Event("gm", text, {"players_shown": command.switch, "on": command.on}))
    shown = attrs.evolve(state.players_shown, **{command.switch: command.on})
    return attrs.evolve(state, players_shown=shown)
