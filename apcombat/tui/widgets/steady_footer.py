"""The footer of keys, rebuilt only when the keys it shows change.

Textual's footer rebuilds every key (a recompose, then a new layout of the screen, frames later) whenever its
screen's bindings are refreshed: when a dialog opens over the screen and when it closes, and on every command
played on the battlefield (the AI's skip key comes and goes), though the keys shown are mostly the same.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    """A footer that skips the rebuilds that would show the same keys."""

    shown: tuple[object, ...] | None = None  # the keys shown: key, description, display, enabled, tooltip

    def bindings_changed(self, screen: Screen) -> None:
        keys = tuple(
            (binding.key, binding.description, binding.key_display, binding.show, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
        )
        if keys == self.shown and self._bindings_ready:
            return
        self.shown = keys
        super().bindings_changed(screen)
