"""F4 (anywhere) and s on the title: the player's settings — the AI's pace, following the action, the demo
duel's hints, the default zoom, the map's palette and the log's detail.

A change applies at once and is written to settings.toml there and then: there is nothing to save or cancel,
and Escape closes the screen keeping what was changed. The screens under it that show the fight are redrawn
(`refresh_view`) so a palette or a log detail changed from the battlefield shows as soon as it is chosen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from apcombat.content.settings import AI_PACE_ENV, Settings, environment_pace
from apcombat.tui.screens.host import host
from apcombat.tui.setting_fields import FIELDS, next_value, shown_value, stepped
from apcombat.tui.widgets.steady_footer import FittedFooter

LABEL_COLUMNS = 19
KEYS_LINE = "↑↓ setting · ←→ change · Enter, space, click: next value · Esc closes"
SAVED = "Each change applies at once and is kept in settings.toml."
NOT_WRITTEN = "settings.toml cannot be written: these last until apcombat ends."  # one line, as SAVED


def setting_prompt(settings: Settings, name: str, label: str) -> Text:
    """A setting's line in the list: its name, then its value between the arrows that change it."""
    text = Text(f"{label:<{LABEL_COLUMNS}}")
    text.append("◀ ", style="dim")
    text.append(shown_value(settings, name), style="bold")
    text.append(" ▶", style="dim")
    return text


def environment_note() -> str:
    """One sentence when APCOMBAT_AI_PACE is set, which wins over the pace chosen here; else nothing."""
    pace = environment_pace()
    if pace is None:
        return ""
    return f"{AI_PACE_ENV}={pace:g} is set: it wins over the pace chosen here."


class SettingsScreen(ModalScreen[None]):
    """The settings, one a line: up and down choose one, left and right (or Enter, space, a click) change it."""

    BINDINGS = [
        Binding("escape,f4,q", "close", "Close (changes kept)", id="settings.close"),
        Binding("left", "change(-1)", "Less / previous", id="settings.previous"),
        Binding("right", "change(1)", "More / next", id="settings.next"),
        Binding("space", "next_value", "Next value", show=False, id="settings.next_value"),
    ]

    def compose(self) -> ComposeResult:
        app = host(self.app)
        settings = app.settings
        with Vertical(classes="dialog", id="settings-dialog"):
            yield Label("Settings", classes="dialog-title")
            # As the last change left it: reopened after a write that failed, the screen still says so.
            written = app.settings_written
            shown = SAVED if written else NOT_WRITTEN
            yield Static(shown, id="settings-saved", classes="dim" if written else "dim error")
            yield OptionList(
                *(Option(setting_prompt(settings, field.name, field.label), id=field.name) for field in FIELDS),
                id="settings-list",
            )
            yield Static("", id="setting-about")
            note = environment_note()
            if note:
                yield Static(note, id="settings-environment")
            yield Static(KEYS_LINE, id="settings-keys", classes="dim")
        yield FittedFooter()

    def on_mount(self) -> None:
        for listing in self.query(OptionList):  # none when the app closes before the screen is composed
            listing.highlighted = 0
            listing.focus()

    @property
    def field_name(self) -> str | None:
        """The setting the list's cursor is on (None: the list is gone, the screen being taken down)."""
        listing = self.query(OptionList)
        option = listing.first().highlighted_option if listing else None
        return option.id if option is not None else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = next(field.about for field in FIELDS if field.name == event.option.id)
        self.query_one("#setting-about", Static).update(about)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a setting: its next value."""
        event.stop()
        self.action_next_value()

    def action_change(self, step: int) -> None:
        name = self.field_name
        if name is not None:
            self._apply(stepped(host(self.app).settings, name, step))

    def action_next_value(self) -> None:
        name = self.field_name
        if name is not None:
            self._apply(next_value(host(self.app).settings, name))

    def _apply(self, settings: Settings) -> None:
        """Use the new settings from now on, write them, and show them here and on the screens below."""
        app = host(self.app)
        if settings == app.settings:
            return
        written = app.change_settings(settings)
        listing = self.query_one(OptionList)
        for index, field in enumerate(FIELDS):
            listing.replace_option_prompt_at_index(index, setting_prompt(settings, field.name, field.label))
        saved = self.query_one("#settings-saved", Static)
        saved.update(SAVED if written else NOT_WRITTEN)
        saved.set_class(not written, "error")
        for screen in self.app.screen_stack:
            refresh_view = getattr(screen, "refresh_view", None)
            if screen is not self and callable(refresh_view):
                refresh_view()

    def action_close(self) -> None:
        self.dismiss(None)
