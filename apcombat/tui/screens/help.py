"""`?`: every key binding of the app, with its id (for the key file) and what it does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label

from apcombat.tui.keymap import keymap_path


def all_bindings() -> list[tuple[str, Binding]]:
    """Every binding with an id, by where it applies."""
    from apcombat.tui.app import ApcombatApp
    from apcombat.tui.screens.dialogs import DiceScreen
    from apcombat.tui.screens.game import GameScreen
    from apcombat.tui.screens.saves import ReplayScreen
    from apcombat.tui.screens.shot import ShotScreen
    from apcombat.tui.screens.title import TitleScreen
    from apcombat.tui.widgets.map_view import MapView

    places = [
        ("everywhere", ApcombatApp),
        ("title", TitleScreen),
        ("game", GameScreen),
        ("map", MapView),
        ("shot", ShotScreen),
        ("dice", DiceScreen),
        ("replay", ReplayScreen),
    ]
    found = []
    for place, owner in places:
        for binding in owner.BINDINGS:
            if isinstance(binding, Binding) and binding.id:
                found.append((place, binding))
    return found


class HelpScreen(ModalScreen[None]):
    """Keys and what they do."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Label("Keys (remap them by id in " + str(keymap_path()) + ")", classes="dialog-title")
            yield DataTable(id="keys", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("where", "key", "does", "id")
        keymap = self.app.keymap if hasattr(self.app, "keymap") else {}
        for place, binding in all_bindings():
            keys = keymap.get(binding.id or "", binding.key)
            shown = ", ".join(self.app.get_key_display(Binding(key, "")) for key in keys.split(","))
            table.add_row(place, shown, binding.description or binding.action, binding.id)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
