"""Work-arounds for bugs of the pinned Textual (8.2.8, the newest release): each says what it fixes, so it can go
when a release fixes the bug."""

from __future__ import annotations

from textual.widgets import OptionList

_move_page = OptionList._move_page


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


def install() -> None:
    """Apply the work-arounds to every option list: the app's own, the Select drop-downs, the command palette."""
    OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
