"""Work-arounds for bugs of the pinned Textual (8.2.8, the newest release): each says what it fixes, so it can go
when a release fixes the bug. Keys that come quickly (a terminal sends a burst at once, random keys in the tests)
find most of them."""

from __future__ import annotations

import contextlib
import inspect

from textual import events, work
from textual._node_list import DuplicateIds  # not exported elsewhere
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList

_move_page = OptionList._move_page
_command_palette = App.action_command_palette
_palette_message = CommandPalette._on_message
_gather_commands = inspect.unwrap(CommandPalette._gather_commands)  # the search itself, under its @work
_widget_message = Widget._on_message
_dismiss = Screen.dismiss


def _move_page_once_laid_out(self: OptionList, direction: int) -> None:
    """PageUp / PageDown in an option list.

    Textual measures an option list's lines only once it has a width and a height on the screen; its page
    move looks up the highlighted option's line without checking that, and raised KeyError when the list had
    no size yet (the command palette's list in the frame it opens; a Select's drop-down squeezed to nothing).
    Such a list has no page to move by: the highlight stays where it is.
    """
    if self.highlighted is not None and self.highlighted not in self._index_to_line:
        return
    _move_page(self, direction)  # type: ignore[arg-type]


def _dismiss_in_front(self: Screen, result: object = None) -> AwaitComplete:
    """A screen is dismissed only while it is in front.

    Textual's dismiss pops whatever screen is in front. Keys that come quickly (Escape and Enter on a question)
    each dismissed the dialog: the second found it gone, popped the screen under it (the fight, though Escape
    had said stay) and, for a dialog awaited, gave its answer twice (InvalidStateError). A screen no longer in
    front has nothing to dismiss.
    """
    if self.app.screen is not self:
        return AwaitComplete.nothing()
    return _dismiss(self, result)


_CLOSED = "_apcombat_closed"
"""Set on a command palette once it is dismissed."""
_CHOOSING = (Input.Submitted, OptionList.OptionSelected, Button.Pressed)


def _dismiss_palette_once(self: CommandPalette, result: object = None) -> AwaitComplete:
    """The command palette closes once.

    Keys that come quickly (Enter, Enter) each choose a command before the palette is gone; each choice
    dismissed it, and the second dismiss popped the screen under it — the title screen, and then Textual
    raised ScreenStackError ("Can't pop screen"). A palette already dismissed does nothing more.
    """
    if getattr(self, _CLOSED, False) or self.app.screen is not self:
        return AwaitComplete.nothing()
    setattr(self, _CLOSED, True)
    return _dismiss_in_front(self, result)


async def _palette_message_while_open(self: CommandPalette, message: Message) -> None:
    """A choice that reaches a palette already dismissed (a second Enter in the same moment) is dropped: it
    would run its command a second time."""
    if getattr(self, _CLOSED, False) and isinstance(message, _CHOOSING):
        return
    await _palette_message(self, message)


@work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
async def _gather_commands_while_open(self: CommandPalette, search_value: str) -> None:
    """The palette's search for commands, which fills its list: a key typed as the palette closes started a
    search that found the list already removed, and the worker failed with NoMatches ('CommandList'), which
    ends the app. A palette with no list left has nothing to fill."""
    if getattr(self, _CLOSED, False):
        return
    try:
        await _gather_commands(self, search_value)
    except NoMatches:
        if getattr(self, _CLOSED, False) or not self.query(CommandList):
            return
        raise


_SETTING_UP = (events.Mount, events.ScreenResume)
"""The events a widget or a screen sets itself up on: its handlers look up the widgets it composed."""


async def _message_unless_taken_down(self: Widget, message: Message) -> None:
    """A widget or a screen taken down before it had mounted (f10 opens the fight and ctrl+t, in the same burst,
    goes back to the title) still had its Mount queued; Textual delivered it anyway, and the handler found its
    widgets gone (NoMatches 'MapView', 'HintLine', 'DataTable' on a screen; '#label' in a Select of the set-up),
    which ends the app. What is being taken down sets nothing up."""
    if isinstance(message, _SETTING_UP) and (self._pruning or self._closing or self._closed):
        return
    await _widget_message(self, message)


def _open_palette(self: App) -> None:
    """ctrl+p: the command palette — unless the one just dismissed is still being taken down (a frame): a new
    one would take its id, and Textual raised DuplicateIds. The key opens nothing this once."""
    with contextlib.suppress(DuplicateIds):
        _command_palette(self)


def install() -> None:
    """Apply the work-arounds to every option list (the app's own, the Select drop-downs, the command
    palette's), to the command palette, to every screen and to every widget."""
    # mypy forbids replacing a method, and one declared on a base class by one taking the subclass
    OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
    CommandPalette.dismiss = _dismiss_palette_once  # type: ignore[method-assign, assignment]
    CommandPalette._on_message = _palette_message_while_open  # type: ignore[method-assign, assignment]
    CommandPalette._gather_commands = _gather_commands_while_open  # type: ignore[method-assign]
    App.action_command_palette = _open_palette  # type: ignore[method-assign]
    Widget._on_message = _message_unless_taken_down  # type: ignore[method-assign, assignment]
    Screen.dismiss = _dismiss_in_front  # type: ignore[method-assign]
