"""The footers of keys: `FittedFooter` never shows a key cut short, and `SteadyFooter` is rebuilt only when
the keys it shows change.

A footer narrower than its keys (80 columns) shows those that fit whole, in the screen's order, and leaves
out the rest, whose words would be cut ("m Ma"): `?` lists every key. Textual's footer rebuilds every key (a
recompose, then a new layout of the screen, frames later) whenever its screen's bindings are refreshed: when
a dialog opens over the screen and when it closes, and on every command played on the battlefield (the AI's
skip key comes and goes), though the keys shown are mostly the same.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

PALETTE_KEY = "-command-palette"  # the class of the command palette's key, docked at the footer's right


class FittedFooter(Footer):
    """A footer that leaves out the keys it has no room for rather than cutting the last one short."""

    async def recompose(self) -> None:
        await super().recompose()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Every key shown again, then, once they are laid out, those that end past the room hidden."""
        for key in self._keys():
            key.display = True
        self.call_after_refresh(self._hide_cut)

    def _keys(self) -> list:
        return [child for child in self.children if not child.has_class(PALETTE_KEY)]

    def _hide_cut(self) -> None:
        palettes = [child for child in self.children if child.has_class(PALETTE_KEY)]
        end = palettes[0].region.x if palettes else self.region.right
        cut = False
        for key in self._keys():
            cut = cut or key.region.right > end
            key.display = not cut


class SteadyFooter(FittedFooter):
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
