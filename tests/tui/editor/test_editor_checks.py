"""The editor's live checks through the app: problems shown as they arise and cleared when fixed, their cells
flagged, `e` and Enter to jump to one; the rules dialog (and the set-up screen sharing its choices)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from apcombat.content import Library
from apcombat.editor import EditorSession, new_fight
from apcombat.editor.fight_edits import place_unit
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.editor.problems_panel import READY, ProblemList, ProblemsPanel
from tests.tui.conftest import Ui, shown


def peopled(library: Library, tmp_path: Path) -> EditorSession:
    session = new_fight(library, "Checks")
    for side, character, cell in (("players", "ana", (2, 3)), ("opponents", "raider", (12, 4))):
        session.edit("place", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    return session


async def settled(ui: Ui) -> None:
    """The checks run in a thread after the frame: wait for them to come in."""
    await ui.settle()
    await ui.app.workers.wait_for_complete()
    await ui.settle()


def test_problems_are_shown_flagged_and_cleared_live(
    run_ui: Callable[..., object], library: Library, tmp_path: Path
) -> None:
    async def script(ui: Ui) -> None:
        app = ui.app
        await settled(ui)
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        assert READY in screen.query_one(ProblemsPanel).words()
        screen.map_view.cursor = (12, 4)
        await ui.press("2")  # a wall under the raider
        await settled(ui)
        panel = screen.query_one(ProblemsPanel).words()
        assert "Problems (1)" in panel and "Raider stands at 12,4, in a wall" in panel
        assert screen.overlay().flagged == {(12, 4)}
        assert "Raider stands at 12,4" in shown(screen.query_one("#editor-hint"))
        await ui.press("ctrl+z")
        await settled(ui)
        assert READY in screen.query_one(ProblemsPanel).words()
        assert screen.overlay().flagged == frozenset()

    run_ui(script, editing=peopled(library, tmp_path), open_path=None)


def test_e_and_enter_jump_to_the_problem(run_ui: Callable[..., object], library: Library, tmp_path: Path) -> None:
    session = peopled(library, tmp_path)
    session.edit("two on a cell", lambda e: place_unit(e, library, "players", "vera", (12, 4))[0])

    async def script(ui: Ui) -> None:
        app = ui.app
        await settled(ui)
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        assert screen.cursor != (12, 4)
        await ui.press("e")
        assert isinstance(app.focused, ProblemList)
        await ui.press("enter")
        assert screen.cursor == (12, 4) and app.focused is screen.map_view
        assert "both stand at 12,4" in shown(screen.query_one("#editor-hint"))

    run_ui(script, editing=session, open_path=None)
