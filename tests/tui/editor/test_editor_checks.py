"""The editor's live checks through the app: problems shown as they arise and cleared when fixed, their cells
flagged, `e` and Enter to jump to one; the rules dialog (and the set-up screen sharing its choices)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Select, Static
from tui_kit import Ui, shown

from apcombat.content import Library
from apcombat.editor import EditorSession, Spot, new_fight
from apcombat.editor.fight_edits import place_unit
from apcombat.editor.map_edits import set_fires
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.editor.checks import CHECK_AFTER
from apcombat.tui.screens.editor.problems_panel import READY, ProblemList, ProblemsPanel
from apcombat.tui.screens.editor.rules_dialog import RulesDialog


def peopled(library: Library, tmp_path: Path) -> EditorSession:
    session = new_fight(library, "Checks")
    for side, character, cell in (("players", "ana", (2, 3)), ("opponents", "raider", (12, 4))):
        session.edit("place", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    return session


async def settled(ui: Ui) -> None:
    """The checks run in a thread a moment after the frame: wait for them to come in."""
    await ui.settle()
    await ui.pilot.pause(CHECK_AFTER * 2)
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


def box(ui: Ui, widget_id: str) -> Checkbox:
    return ui.screen.query_one(f"#{widget_id}", Checkbox)


def test_the_rules_dialog_changes_the_rules_in_one_undo_step(
    run_ui: Callable[..., object], library: Library, tmp_path: Path
) -> None:
    session = peopled(library, tmp_path)
    session.edit("fire", lambda e: set_fires(e, {(7, 7)}, True))
    before = session.encounter

    async def script(ui: Ui) -> None:
        await settled(ui)
        editor = ui.app.screen
        assert isinstance(editor, EditorScreen)
        assert "Problems (1)" in editor.query_one(ProblemsPanel).words()  # the fire, spreading fires off
        await ui.press("o")
        await ui.settle()
        assert isinstance(ui.screen, RulesDialog)
        assert not ui.screen.query("#house-hex_turns")  # R20.2's choice only on hex maps
        assert "spreading fires" in str(ui.screen.query_one("#rules-fires", Static).render())
        box(ui, "module-fire_spread").value = True
        box(ui, "module-fog_of_war").value = True
        box(ui, "opt-poses").value = False
        await ui.settle()
        assert not ui.screen.query_one("#rules-fires").display
        await ui.press("ctrl+s")  # kept, and the file saved (ctrl+s saves everywhere)
        await settled(ui)
        assert ui.screen is editor
        fight = editor.encounter
        assert fight.module_on("fire_spread") and fight.module_on("fog_of_war") and not fight.optional_rules.poses
        assert editor.session.saved and editor.session.path.is_file()
        assert READY in editor.query_one(ProblemsPanel).words()
        await ui.press("ctrl+z")
        await settled(ui)
        assert editor.encounter == before
        await ui.press("o")
        await ui.settle()
        box(ui, "module-morale").value = True
        await ui.press("escape")  # nothing kept
        await ui.settle()
        assert editor.encounter == before and editor.session.can_redo  # nothing new recorded: redo still there

    run_ui(script, editing=session, open_path=None)


def test_ctrl_n_names_the_fight(run_ui: Callable[..., object], library: Library, tmp_path: Path) -> None:
    async def script(ui: Ui) -> None:
        await settled(ui)
        editor = ui.app.screen
        assert isinstance(editor, EditorScreen)
        await ui.press("ctrl+n")
        await ui.settle()
        assert ui.app.focused is ui.screen.query_one("#rules-name", Input)
        ui.screen.query_one("#rules-name", Input).value = ""
        await ui.type("Gulch raid")
        await ui.press("enter")
        await settled(ui)
        assert editor.encounter.name == "Gulch raid" and editor.session.history[-1] == "named the fight 'Gulch raid'"
        assert "Gulch raid" in editor.title

    run_ui(script, editing=peopled(library, tmp_path), open_path=None)


def test_hex_turns_are_offered_on_a_hex_map(run_ui: Callable[..., object], library: Library) -> None:
    session = new_fight(library, "Hexes", kind="hex")

    async def script(ui: Ui) -> None:
        await settled(ui)
        await ui.press("o")
        await ui.settle()
        assert isinstance(ui.screen, RulesDialog)
        hex_turns = ui.screen.query_one("#house-hex_turns", Select)
        hex_turns.value = "by_degrees"
        await ui.press("ctrl+s")
        await settled(ui)
        editor = ui.app.screen
        assert isinstance(editor, EditorScreen) and editor.encounter.house_rules.hex_turns.value == "by_degrees"

    run_ui(script, editing=session, open_path=None)


def test_a_click_on_a_problem_jumps_to_it(run_ui: Callable[..., object], library: Library, tmp_path: Path) -> None:
    session = peopled(library, tmp_path)
    session.edit("fire", lambda e: set_fires(e, {(9, 8)}, True))

    async def script(ui: Ui) -> None:
        await settled(ui)
        editor = ui.app.screen
        assert isinstance(editor, EditorScreen)
        assert editor.overlay().flagged == {(9, 8)}
        await ui.pilot.click("#editor-problems-list", offset=(3, 0))
        await ui.settle()
        assert editor.cursor == (9, 8)
        assert "The map starts with a fire" in shown(editor.query_one("#editor-hint"))

    run_ui(script, editing=session, open_path=None)


def test_the_set_up_screen_and_the_rules_dialog_offer_the_same_choices(
    run_ui: Callable[..., object], library: Library, tmp_path: Path
) -> None:
    from apcombat.tui.screens.setup import SetupScreen

    session = peopled(library, tmp_path)

    def choices(screen: object) -> list[str]:
        assert isinstance(screen, SetupScreen | RulesDialog)
        return [widget.id for widget in screen.query("RulesChoices *") if widget.id]

    async def script(ui: Ui) -> None:
        await settled(ui)
        await ui.press("o")
        await ui.settle()
        in_the_editor = choices(ui.screen)
        await ui.press("escape")
        ui.app.push_screen(SetupScreen(session.path, library, encounter=session.encounter))
        await ui.settle()
        assert choices(ui.screen) == in_the_editor and "module-fog_of_war" in in_the_editor

    run_ui(script, editing=session, open_path=None)


def test_edits_in_a_burst_show_the_problems_of_the_last(
    run_ui: Callable[..., object], library: Library, tmp_path: Path
) -> None:
    async def script(ui: Ui) -> None:
        await settled(ui)
        editor = ui.app.screen
        assert isinstance(editor, EditorScreen)
        editor.map_view.cursor = (12, 4)
        await ui.press_at_once("2", "ctrl+z", "ctrl+y", "ctrl+z", "1", "2")  # the raider walled in, at last
        await settled(ui)
        assert editor.checked is editor.encounter
        assert [spot.unit for spot in editor.spots] == ["raider"]
        await ui.press_at_once("ctrl+z", "ctrl+y", "ctrl+z")
        await settled(ui)
        assert editor.spots == () and READY in editor.query_one(ProblemsPanel).words()

    run_ui(script, editing=peopled(library, tmp_path), open_path=None)


@pytest.mark.parametrize("part", ["#editor-panels", "#editor-terrains", "#editor-problems", "#editor-map"])
def test_checks_and_panels_coming_in_as_the_editor_is_taken_down_are_dropped(
    run_ui: Callable[..., object], library: Library, tmp_path: Path, part: str
) -> None:
    # The editor's parts go one by one as it is taken down (the app ending, a key leaving), while the check's
    # thread and the panels' next frame can still land: each found a part gone and failed the app (NoMatches in a
    # worker, seen in CI under load for the panels, the terrain keys and the map).
    async def script(ui: Ui) -> None:
        await settled(ui)
        screen = ui.app.screen
        assert isinstance(screen, EditorScreen)
        await screen.query_one(part).remove()
        flag = Spot("Raider stands in a wall", cell=(1, 1), cells=frozenset({(1, 1)}))
        screen._checks_in(screen.encounter, (flag,))  # as the thread would hand it in: news for panels and map
        screen._show_panels()
        await ui.settle()

    run_ui(script, editing=peopled(library, tmp_path), open_path=None)


def test_a_check_coming_in_as_the_problems_panel_is_taken_apart_is_dropped(
    run_ui: Callable[..., object], library: Library, tmp_path: Path
) -> None:
    # The panel can still be there while its title and list are gone (NoMatches in a worker under load in CI).
    async def script(ui: Ui) -> None:
        await settled(ui)
        panel = ui.app.screen.query_one(ProblemsPanel)
        await panel.query_one("#editor-problems-title").remove()
        panel.show_spots((Spot("Raider stands in a wall"),))  # news: it would be drawn
        await ui.settle()

    run_ui(script, editing=peopled(library, tmp_path), open_path=None)
