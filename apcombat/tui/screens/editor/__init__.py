"""The encounter editor (`apcombat edit`): a map painted with the keyboard and the mouse, units and sides, the
rules, the problems `apcombat check` would report shown as they arise, undo and redo, saving and playing."""

from __future__ import annotations

from apcombat.tui.screens.editor.screen import EditorScreen

__all__ = ["EditorScreen"]
