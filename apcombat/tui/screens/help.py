"""`?`: every key binding of the app, with its id (for the key file) and what it does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

from apcombat.tui.keymap import keymap_path
from apcombat.tui.widgets.steady_footer import FittedFooter


def all_bindings(everywhere: type[DOMNode] | None = None) -> list[tuple[str, Binding]]:
    """Every binding with an id, by where it applies (each id once); `everywhere`: the app's class, whose
    bindings apply everywhere (the app passes it: no screen imports the app)."""
    from apcombat.tui.screens.ai_options import AiOptionsScreen
    from apcombat.tui.screens.blast import BlastScreen
    from apcombat.tui.screens.character_form import CharacterFormScreen
    from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen, DiceScreen
    from apcombat.tui.screens.editor import EditorScreen
    from apcombat.tui.screens.editor.map_dialogs import NewFightScreen
    from apcombat.tui.screens.editor.problems_panel import ProblemList
    from apcombat.tui.screens.editor.rules_dialog import RulesDialog
    from apcombat.tui.screens.editor.sides_dialog import SidesDialog
    from apcombat.tui.screens.editor.unit_form import UnitForm
    from apcombat.tui.screens.editor.unit_picker import UnitPicker
    from apcombat.tui.screens.full_log import FullLogScreen
    from apcombat.tui.screens.game import GameScreen
    from apcombat.tui.screens.hand_over import HandOverScreen
    from apcombat.tui.screens.how_to_play import HowToPlayScreen
    from apcombat.tui.screens.legend import LegendScreen
    from apcombat.tui.screens.oracle import OracleScreen
    from apcombat.tui.screens.overview import OverviewScreen
    from apcombat.tui.screens.replay import ReplayScreen
    from apcombat.tui.screens.resolver import ResolverScreen
    from apcombat.tui.screens.roster import RosterScreen
    from apcombat.tui.screens.rules import RulesScreen
    from apcombat.tui.screens.saves import LoadScreen
    from apcombat.tui.screens.settings import SettingsScreen
    from apcombat.tui.screens.setup import SetupScreen
    from apcombat.tui.screens.shot import ShotScreen
    from apcombat.tui.screens.table import TableScreen
    from apcombat.tui.screens.throw_keys import ConfirmThrow
    from apcombat.tui.screens.title import TitleScreen
    from apcombat.tui.screens.victory import VictoryScreen
    from apcombat.tui.widgets.deck_panel import DeckPanel
    from apcombat.tui.widgets.map_view import MapView
    from apcombat.tui.widgets.waited_panel import WaitedPanel

    places: list[tuple[str, type[DOMNode]]] = [("everywhere", everywhere)] if everywhere is not None else []
    places += [
        ("title", TitleScreen),
        ("roster", RosterScreen),
        ("new character", CharacterFormScreen),
        ("set-up", SetupScreen),
        ("editor", EditorScreen),
        ("new fight (editor)", NewFightScreen),
        ("editor: problems", ProblemList),
        ("editor: place a unit", UnitPicker),
        ("editor: a unit's start", UnitForm),
        ("editor: sides", SidesDialog),
        ("editor: rules and name", RulesDialog),
        ("game", GameScreen),
        ("map", MapView),
        ("the deck's question", DeckPanel),
        ("while you waited", WaitedPanel),
        ("table mode", TableScreen),
        ("shot", ShotScreen),
        ("throw: friends in the blast", ConfirmThrow),
        ("gm blast (table mode)", BlastScreen),
        ("dice", DiceScreen),
        ("oracle", OracleScreen),
        ("dialogs", ChoiceScreen),
        ("dialogs", AskScreen),
        ("victory", VictoryScreen),
        ("hand-over (hot-seat under fog)", HandOverScreen),
        ("whole map", OverviewScreen),
        ("load", LoadScreen),
        ("replay", ReplayScreen),
        ("resolver", ResolverScreen),
        ("rules", RulesScreen),
        ("legend", LegendScreen),
        ("AI's options", AiOptionsScreen),
        ("settings", SettingsScreen),
        ("whole log", FullLogScreen),
        ("how to play", HowToPlayScreen),
        ("keys", HelpScreen),
    ]
    found: dict[str, tuple[str, Binding]] = {}
    for place, owner in places:
        for binding in owner.BINDINGS:
            if isinstance(binding, Binding) and binding.id and binding.id not in found:
                found[binding.id] = (place, binding)
    return list(found.values())


class HelpScreen(ModalScreen[None]):
    """Keys and what they do."""

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", id="help.close"),
        Binding("h", "how_to_play", "How to play", id="help.how_to_play"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            keys_file = getattr(self.app, "keymap_file", None) or keymap_path()
            yield Label(f"Keys (remap them by id in {keys_file})", classes="dialog-title")
            yield DataTable(id="keys", cursor_type="row", zebra_stripes=True)
        yield FittedFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("key", "does", "where", "id")  # what a key does first: at 80 columns "where" is cut
        keymap = self.app.keymap if hasattr(self.app, "keymap") else {}
        for place, binding in all_bindings(type(self.app)):
            keys = keymap.get(binding.id or "", binding.key)
            shown = ", ".join(self.app.get_key_display(Binding(key, "")) for key in keys.split(","))
            table.add_row(shown, binding.description or binding.action, place, binding.id)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_how_to_play(self) -> None:
        from apcombat.tui.screens.how_to_play import HowToPlayScreen

        self.dismiss(None)
        self.app.push_screen(HowToPlayScreen())
