"""The command palette offers every action of the screen in front (and the app's), by name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


class ActionsProvider(Provider):
    """Every bound action of the current screen and of the app, searchable by what it does."""

    def _actions(self) -> list[tuple[str, str, Callable[[], object]]]:
        screen = self.screen
        found: list[tuple[str, str, Callable[[], object]]] = []
        keymap: dict[str, str] = getattr(self.app, "keymap", {})  # the player's key file, by binding id
        for owner in (screen, self.app):
            for binding in getattr(owner, "BINDINGS", []):
                if isinstance(binding, Binding) and binding.description:
                    key = keymap.get(binding.id or "", binding.key)
                    found.append((binding.description, key, partial(owner.run_action, binding.action)))
        return found

    async def discover(self) -> Hits:
        for description, key, run in self._actions():
            yield DiscoveryHit(description, run, help=f"key: {key}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for description, key, run in self._actions():
            score = matcher.match(description)
            if score > 0:
                yield Hit(score, matcher.highlight(description), run, help=f"key: {key}")
