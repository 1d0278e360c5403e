"""The game master's menu's "What the players see": what the players' view (`apcombat serve --watch`) shows of
this fight — each side's HP exact, in words or hidden (`gm show SIDE exact|words|hidden`), the AI's reasons
and the statuses of enemies whose HP it hides (`gm show reasons|statuses on|off`). Each choice is a `gm`
line: logged, undone and saved with the fight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine import GmShow, GmShowSwitch
from apcombat.model import HpShown
from apcombat.tui.screens.dialogs import ChoiceScreen

if TYPE_CHECKING:
    from apcombat.tui.screens.gm import GmTable

SWITCH_LABELS = {"reasons": "The AI's reasons", "statuses": "Hidden-HP enemies' statuses"}
"""The two switches as the menu names them; a switch's option id is `switch:NAME` (a side may be called
reasons)."""

_WAYS = [
    ("exact", "exact: 18/31 HP"),
    ("words", "words: unhurt, hurt, badly hurt ..."),
    ("hidden", "hidden: nothing about its HP"),
]


def ask_players_see(screen: GmTable) -> None:
    """The menu of what the players see: a side's HP (then how), or a switch, turned over at once."""
    state = screen.state
    options = [(side.id, f"HP of {side.name}: {side.hp_shown.value}") for side in state.sides]
    shown = state.players_shown
    for name, label in SWITCH_LABELS.items():
        on = getattr(shown, name)
        options.append((f"switch:{name}", f"{label}: {'on' if on else 'off'} — Enter turns {'off' if on else 'on'}"))

    def chosen(choice: str | None) -> None:
        if not choice:
            return
        if choice.startswith("switch:"):
            name = choice.removeprefix("switch:")
            screen.act(GmShowSwitch(name, not getattr(screen.state.players_shown, name)))
            return
        _ask_hp_shown(screen, choice)

    screen.app.push_screen(ChoiceScreen("What the players see (the players' view)", options), chosen)


def _ask_hp_shown(screen: GmTable, side_id: str) -> None:
    """`gm show SIDE exact|words|hidden`: how the players' view shows the side's units' HP."""

    def way_chosen(way: str | None) -> None:
        if way:
            screen.act(GmShow(side_id, HpShown(way)))

    name = screen.state.side(side_id).name
    screen.app.push_screen(ChoiceScreen(f"The players' view shows the HP of {name}", _WAYS), way_chosen)
