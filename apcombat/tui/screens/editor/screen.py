"""The editor's screen: the map on the left, the panels on the right (the terrain brush, units, sides, rules,
problems), a hint line under them. Every edit goes through `edit`, which records it for undo, redraws, and
autosaves the draft; the screen itself computes nothing of the rules or the files (`apcombat.editor` does)."""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from apcombat.editor import EditorSession, EditRefused
from apcombat.model import Cell, Encounter
from apcombat.tui.screens.editor.checks import CHECK_BINDINGS, Checking
from apcombat.tui.screens.editor.fighters_panel import FightersPanel
from apcombat.tui.screens.editor.map_keys import MAP_BINDINGS, PANELS_KEY, MapKeys
from apcombat.tui.screens.editor.painting import PAINT_BINDINGS, Painting
from apcombat.tui.screens.editor.panels import EditorPanels
from apcombat.tui.screens.editor.problems_panel import ProblemsPanel
from apcombat.tui.screens.editor.rules_dialog import RULES_BINDINGS, RulesEditing
from apcombat.tui.screens.editor.terrain_panel import TerrainPanel
from apcombat.tui.screens.editor.unit_keys import UNIT_BINDINGS, UnitKeys
from apcombat.tui.widgets.map_view import MapOverlay, MapView
from apcombat.tui.widgets.steady_footer import FittedFooter

AUTOSAVE_AFTER = 2.0
"""Seconds after the last edit before the draft is written (a stroke of edits writes once)."""

EDITOR_BINDINGS = [
    Binding("question_mark", "app.help", "Keys", id="editor.help"),  # first: in sight on an 80-column footer
    Binding("ctrl+z", "undo", "Undo", id="editor.undo"),
    Binding("ctrl+y", "redo", "Redo", show=False, id="editor.redo"),
    Binding("ctrl+s", "save", "Save", id="editor.save"),
    Binding("f10", "play", "Play it", id="editor.play"),
    Binding("escape", "leave", "Back", show=False, id="editor.leave"),
]


_PARTS = (MapView, EditorPanels, TerrainPanel, FightersPanel, ProblemsPanel)
"""What the panels' frame draws on: while the editor is taken down, any of them may already be gone."""


class EditorScreen(Painting, MapKeys, UnitKeys, Checking, RulesEditing, Screen):
    """Make or change a fight: `session` holds it; the map, the panels and the hint show it."""

    # The footer shows them in this order and an 80-column one ends at the sixth or so: the keys page (?) and the
    # panels' fold (p, what a small terminal needs) come first.
    BINDINGS = [
        EDITOR_BINDINGS[0],
        *[binding for binding in MAP_BINDINGS if binding.key == PANELS_KEY],
        *EDITOR_BINDINGS[1:],
        *PAINT_BINDINGS,
        *[binding for binding in MAP_BINDINGS if binding.key != PANELS_KEY],
        *UNIT_BINDINGS,
        *CHECK_BINDINGS,
        *RULES_BINDINGS,
    ]

    def __init__(self, session: EditorSession) -> None:
        super().__init__()
        self.session = session
        self._autosave_timer: Timer | None = None
        self.said = session.note
        # Opened on a draft left by an earlier session: leaving it unchanged keeps that draft.
        self._opened_on_draft = session.draft_path is not None and session.draft_path.is_file()
        self._hint = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="editor"):
            yield MapView(id="editor-map")
            yield EditorPanels(id="editor-panels")
        with Vertical(id="editor-foot"):
            yield Static("", id="editor-hint")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.map_view.cursor_listener = self.preview_stroke
        self.show_fight()
        if self.said:
            self.notify(self.said)
        self.query_one(MapView).focus()

    # ----- what every part calls ---------------------------------------------------------------------------------

    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def map_view(self) -> MapView:
        return self.query_one("#editor-map", MapView)

    @property
    def cursor(self) -> Cell:
        return self.map_view.cursor

    def edit(self, words: str, change: Callable[[Encounter], Encounter]) -> bool:
        """Make an edit (refused ones say why and change nothing); whether the fight changed."""
        try:
            changed = self.session.edit(words, change)
        except EditRefused as refusal:
            self.notify(str(refusal), severity="warning")
            return False
        if changed:
            self.show_fight()
            self._autosave_soon()
        return changed

    def show_fight(self) -> None:
        """Draw the fight as it is now: the map, the panels, the title's name and whether it is saved."""
        self.map_view.show(self.shown_encounter(), self.overlay())
        self.show_hint()
        self.check_soon()
        # The painted cells show in the key's own frame; the panels after it (the problems come from a thread).
        self.call_after_refresh(self._show_panels)
        saved = "" if self.session.saved else " (unsaved)"
        self.title = f"Editor — {self.encounter.name}{saved}"

    def _show_panels(self) -> None:
        # This frame was asked for before: the editor may have left, or be being taken down part by part, since.
        if not self.is_attached or not all(self.query(part) for part in _PARTS):
            return
        self.query_one(EditorPanels).show(self.session)
        self._fighters_shown = None
        self.show_fighters()

    def overlay(self) -> MapOverlay:
        """What is drawn over the map: the marked corner of a line or rectangle, the cells the next stroke paints,
        the cells with a problem."""
        return MapOverlay(target=self.mark, stroke=self.stroke_cells(), flagged=self.flagged())

    def show_hint(self) -> None:
        hint = self.hint()
        if hint != self._hint:  # each update is a frame more: the cursor's is drawn in the key's own frame
            self._hint = hint
            self.query_one("#editor-hint", Static).update(hint, layout=False)  # one line: no layout

    def hint(self) -> str:
        x, y = self.cursor
        battle_map = self.encounter.map
        if battle_map is None:
            return "Table mode: no map"
        here = battle_map.at((x, y)).value if battle_map.inside((x, y)) else ""
        units = ", ".join(unit.name for unit in self.encounter.units if unit.at == (x, y))
        problem = self.problem_here((x, y))
        if problem:
            return f"{x},{y} {here}{' — ' + units if units else ''} · {problem}"
        return f"{x},{y} {here}{' — ' + units if units else ''} · {self.paint_hint()}{self.units_hint()}"

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self.show_hint()

    # ----- undo, saving, autosave, playing -----------------------------------------------------------------------

    def action_undo(self) -> None:
        words = self.session.undo()
        self.notify(f"Undone: {words}" if words else "Nothing to undo")
        self.show_fight()
        self._autosave_soon()

    def action_redo(self) -> None:
        words = self.session.redo()
        self.notify(f"Redone: {words}" if words else "Nothing to redo")
        self.show_fight()
        self._autosave_soon()

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except OSError as error:
            kept = "kept as a draft" if self._keep_draft() else "still here in the editor"
            self.notify(
                f"Could not save {self.session.path} ({error.strerror or error}): your changes are {kept}; "
                "make its folder writable, then save again",
                severity="error",
            )
            return
        problems = self.session.problems()
        also = f" — {len(problems)} problem(s) to fix before it can be played" if problems else ""
        self.notify(f"Saved {path}{also}")
        self.show_fight()

    def _keep_draft(self) -> bool:
        """Write the draft now (a save that failed must lose nothing); whether it was written."""
        try:
            return self.session.autosave() is not None
        except OSError:
            return False

    def _autosave_soon(self) -> None:
        if self._autosave_timer is not None:
            self._autosave_timer.stop()
        self._autosave_timer = self.set_timer(AUTOSAVE_AFTER, self._autosave)

    @work(thread=True, exclusive=True, group="editor-autosave")
    def _autosave(self) -> None:
        try:
            self.session.autosave()
        except OSError as error:
            self.app.call_from_thread(self.notify, f"The draft could not be written: {error}", severity="warning")

    def action_play(self) -> None:
        """To the set-up screen of the fight as it is (refused while it has a problem)."""
        problems = self.session.problems()
        fight = self.session.fight()
        if problems or fight is None:
            said = problems[0].sentence if problems else "it does not load"
            self.notify(f"Not playable yet: {said}", severity="warning")
            return
        from apcombat.tui.screens.host import host
        from apcombat.tui.screens.setup import SetupScreen

        self.session.autosave()
        library = host(self.app).library
        self.app.push_screen(SetupScreen(self.session.path, library, encounter=fight, from_editor=True))

    def action_leave(self) -> None:
        if self.cancel_stroke() or self.cancel_grab():
            return
        self.leave()

    # ----- leaving, and coming back from a game ------------------------------------------------------------------

    def leave(self, then: Callable[[], None] | None = None) -> None:
        """Close the editor (and whatever is over it), then do `then`: at once when nothing would be lost, else
        once the game master says what becomes of the changes (save, keep as a draft, discard) or stays."""
        if not self.session.unsaved:
            self._forget_stale_draft()
            self._close(then)
            return
        from apcombat.tui.screens.dialogs import ChoiceScreen

        options = [
            ("save", f"Save them to {self.session.path.name} and leave"),
            ("draft", "Keep them as a draft (open the fight again to go on)"),
            ("discard", "Discard them"),
            ("stay", "Stay in the editor"),
        ]
        question = f"{self.encounter.name} has changes not saved. Leave the editor?"
        self.app.push_screen(ChoiceScreen(question, options), lambda choice: self._left(choice, then))

    def _left(self, choice: str | None, then: Callable[[], None] | None) -> None:
        if choice == "save":
            self.action_save()
            if self.session.unsaved:  # it could not be written: the notice says why
                return
        elif choice == "draft":
            self._stop_autosave()
            self.session.autosave()
            self.app.notify("Your changes are kept as a draft: open the fight again to go on")
        elif choice == "discard":
            self._stop_autosave()
            self.session.forget_draft()
            self.session.draft_path = None  # an autosave already started writes nothing more
        else:
            return
        self._close(then)

    def _forget_stale_draft(self) -> None:
        """Nothing unsaved: a draft written for an edit since undone is out of date (a draft this session was
        opened on, never saved, is its only copy and stays)."""
        self._stop_autosave()
        if self.session.saved or not self._opened_on_draft:
            self.session.forget_draft()

    def _stop_autosave(self) -> None:
        if self._autosave_timer is not None:
            self._autosave_timer.stop()
            self._autosave_timer = None

    def _close(self, then: Callable[[], None] | None) -> None:
        while self in self.app.screen_stack:
            self.app.pop_screen()
        if then is not None:
            then()

    def back_from_game(self) -> None:
        """In front again after playing the fight: the fight as it was left, its draft kept."""
        self.show_fight()
        kept = " (its draft is kept; ctrl+s saves it)" if self.session.unsaved else ""
        self.notify(f"Back in the editor: {self.encounter.name}{kept}")
