"""A footer never cuts a key short: at 80 columns it shows the keys that fit whole, in the screen's order, and
leaves out the rest (`?` lists every key); wider, it shows them all. The encounter editor's footer cut its
sixth key at 80 x 24 ("m Ma")."""

from __future__ import annotations

import pytest
from conftest import Ui
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from apcombat.editor.opening import new_fight
from apcombat.tui.screens.editor import EditorScreen

pytestmark = pytest.mark.usefixtures("user_folders")


def footer_keys(ui: Ui) -> tuple[list[FooterKey], list[FooterKey], FooterKey]:
    """The footer's keys shown and left out, and the command palette's key at its right."""
    keys = list(ui.screen.query_one(Footer).query(FooterKey))
    palette = next(key for key in keys if key.has_class("-command-palette"))
    others = [key for key in keys if key is not palette]
    return [key for key in others if key.display], [key for key in others if not key.display], palette


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
def test_the_editors_footer_shows_whole_keys_only(run_ui, library, size):
    async def script(ui: Ui) -> None:
        assert isinstance(ui.screen, EditorScreen)
        await ui.settle()
        shown, left_out, palette = footer_keys(ui)
        last_line = ui.screen_text().splitlines()[-1]
        assert shown[0].description == "Keys"  # first: every key, those left out too
        for key in shown:
            assert key.region.right <= palette.region.x, key.description
            assert f"{key.key_display} {key.description}" in last_line
        if size == (80, 24):
            assert left_out and "Mark a corner" not in last_line and " Ma " not in last_line + " "
        else:
            assert not left_out and "o Rules" in last_line

    run_ui(script, size=size, open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))
