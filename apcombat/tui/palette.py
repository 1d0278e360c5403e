"""The command palette offers every action of the screen in front (and the app's), by name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider


def _bindings(owner: object) -> list[Binding]:
    """The owner's bindings and those it inherits (table mode's screen: the battlefield's too), a key bound by a
    subclass hiding the same key of its base, as Textual binds them."""
    found: list[Binding] = []
    keys: set[str] = set()
    for cls in type(owner).__mro__:
        own = [b for b in cls.__dict__.get("BINDINGS", []) if isinstance(b, Binding) and b.key not in keys]
        found += own
        keys |= {b.key for b in own}
    return found


class ActionsProvider(Provider):
    """Every bound action of the current screen and of the app, searchable by what it does."""

    def _actions(self) -> list[tuple[str, str, Callable[[], object]]]:
        screen = self.screen
        found: list[tuple[str, str, Callable[[], object]]] = []
        keymap: dict[str, str] = getattr(self.app, "keymap", {})  # the player's key file, by binding id
        for owner in (screen, self.app):
            for binding in _bindings(owner):
                if binding.description:
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
