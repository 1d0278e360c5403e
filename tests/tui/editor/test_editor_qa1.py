"""What a game master new to the editor met making a small ambush (QA of issue 27): words on the screen that
said something else than what is true, and a file that did not read as a person writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from apcombat.content import Library
from apcombat.editor import open_fight
from apcombat.editor.opening import new_fight
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.editor.unit_picker import UnitPicker
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.victory import VictoryScreen

pytestmark = pytest.mark.usefixtures("user_folders")


def test_the_hint_and_undo_name_the_terrain_not_the_brush_size(run_ui, library: Library) -> None:
    """ "paint brush, brush 3" and "painted 1 cell(s) stairs" read as a program's words: the hint says the
    terrain as the terrain panel does and the brush's size as a size; undo says what was painted."""

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("right", "right", "b", "7")  # dry brush with the 3-brush
        assert "paint dry brush, brush size 3" in screen.hint()
        await ui.press("ctrl+z")
        assert "Undone: painted 6 cells with dry brush" in ui.notices()
        await ui.press("b", "b", "4")  # the 1-brush: stairs
        await ui.press("ctrl+z")
        assert "Undone: painted a cell with stairs or ladder" in ui.notices()
        await ui.press("3", "m", "down", "down", "i", "ctrl+z")
        assert "Undone: a line of low wall" in ui.notices()
        assert not any("cell(s)" in notice or "LOW" in notice for notice in ui.notices())

    run_ui(script, open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))


def test_the_victory_screens_footer_says_q_goes_back_to_the_editor(run_ui, skirmish: Path, library) -> None:
    """The victory dialog said "q: back to the editor" while its footer said "q Title screen"."""

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("f10")
        await ui.wait_for_screen(SetupScreen)
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        ui.app.push_screen(VictoryScreen(ui.game.session))
        await ui.wait_for_screen(VictoryScreen)
        await ui.settle()
        assert ui.app.active_bindings["q"].binding.description == "Back to the editor"

    run_ui(script, open_path=None, editing=open_fight(skirmish, library))


def test_the_victory_screens_footer_says_title_screen_out_of_the_editor(run_ui, skirmish: Path) -> None:
    async def script(ui) -> None:
        await ui.wait_for_screen(GameScreen)
        ui.app.push_screen(VictoryScreen(ui.game.session))
        await ui.wait_for_screen(VictoryScreen)
        await ui.settle()
        assert ui.app.active_bindings["q"].binding.description == "Title screen"

    run_ui(script, open_path=skirmish)


def test_going_to_a_side_with_nobody_from_the_problems_makes_a_place_one_of_theirs(run_ui, library: Library) -> None:
    """The problems panel says "Opponents have no one: place a unit of theirs (a)"; Enter on it and a offered the
    Players (the side of the unit placed before), so the first raider joined the wrong side unless the side box
    was found. Going to that problem makes the side the one a places for."""

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("right", "down", "a")
        picker = await ui.wait_for_screen(UnitPicker)
        assert picker.query_one("#picker-side", Select).value == "players"
        await ui.type("ana")
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("right", "right", "a")  # a second of the same side: the side last worked on
        picker = await ui.wait_for_screen(UnitPicker)
        assert picker.query_one("#picker-side", Select).value == "players"
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        await ui.until(lambda: len(screen.spots) == 1, "the one problem left")
        await ui.press("e", "enter")  # to "Opponents have no one"
        await ui.press("a")
        picker = await ui.wait_for_screen(UnitPicker)
        assert picker.query_one("#picker-side", Select).value == "opponents"
        await ui.type("raider")
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        assert [(u.name, u.side) for u in screen.encounter.units] == [("Ana", "players"), ("Raider", "opponents")]

    run_ui(script, open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))


def test_the_panels_drawn_after_the_editor_is_left_do_nothing(run_ui, library: Library) -> None:
    """An edit's panels are drawn after its frame; when the editor was left in between (an edit, Escape, Save
    them: test_leaving_with_changes_asks failed one run in four) it raised NoMatches: a traceback."""

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("2")
        screen.show_fight()  # the panels wait for the next frame...
        await ui.app.pop_screen()  # ...which comes after the editor's widgets are gone
        await ui.settle()
        screen._show_panels()

    run_ui(script, open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))


def test_the_units_form_moves_it_to_another_side(run_ui, library: Library) -> None:
    """A unit placed on the wrong side (the picker's side box missed) is moved in its form, not removed and
    placed again; the form's title keeps its cell after an edit."""
    from apcombat.tui.screens.editor.unit_form import UnitForm

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("right", "down", "a")
        await ui.wait_for_screen(UnitPicker)
        await ui.type("vera")
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("enter")
        form = await ui.wait_for_screen(UnitForm)
        form.query_one("#unit-side", Select).value = "opponents"
        await ui.settle()
        assert [(u.name, u.side) for u in screen.encounter.units] == [("Vera", "opponents")]
        assert "at 1,1" in ui.text("#unit-form-title", form)
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("ctrl+z")
        assert screen.encounter.units[0].side == "players"
        assert "Undone: Vera joins Opponents" in ui.notices()

    run_ui(script, open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))


def test_the_sides_dialog_and_unit_form_fit_80x24(run_ui, library: Library) -> None:
    """The app's `.dialog { width: 64 }` won over the dialogs' own widths: a side's re-roll points were cut off
    the sides dialog (at any size), out of sight and out of reach of the mouse."""
    from textual.widgets import Input

    from apcombat.tui.screens.editor.sides_dialog import SidesDialog
    from apcombat.tui.screens.editor.unit_form import UnitForm

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("s")
        sides = await ui.wait_for_screen(SidesDialog)
        box = sides.query_one("#sides-dialog").region.shrink((1, 1, 1, 1))  # inside its border
        for field in sides.query(Input):
            assert box.contains_region(field.region), field.id
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("a")
        await ui.wait_for_screen(UnitPicker)
        await ui.type("vera")
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("enter")
        form = await ui.wait_for_screen(UnitForm)
        assert form.query_one("#unit-form-dialog").region.width == 76

    run_ui(script, size=(80, 24), open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))


def test_the_maps_marks_follow_a_unit_to_another_side_and_a_side_renamed(run_ui, library: Library) -> None:
    """The map's unit marks were kept while the sides' and units' ids stayed: Vera moved to the Players still
    showed as O1 on the map (the fighters panel said P2), and a renamed side kept its old letter."""
    from apcombat.editor.fight_edits import change_side, move_to_side, place_unit

    session = new_fight(library, "Ambush", (20, 12), "square")
    for character, side, cell in (("ana", "players", (2, 2)), ("vera", "opponents", (2, 5))):
        session.edit("place", lambda e, c=character, s=side, at=cell: place_unit(e, library, s, c, at)[0])

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        assert "O1" in ui.screen_text()
        screen.edit("Vera joins", lambda e: move_to_side(e, "vera", "players"))
        await ui.settle()
        assert "P2" in ui.screen_text().splitlines()[7] and "O1" not in ui.screen_text()
        screen.edit("renamed", lambda e: change_side(e, "players", name="Vault dwellers"))
        await ui.settle()
        assert "V1" in ui.screen_text().splitlines()[4] and "V2" in ui.screen_text().splitlines()[7]

    run_ui(script, open_path=None, editing=session)


def test_an_80_column_footer_shows_the_keys_page_and_the_panels_fold(run_ui, library: Library) -> None:
    """At 80 x 24 the footer ended at "p Pan": ? (every key) and a Add unit were out of sight. The keys page and
    the panels' fold (what a small terminal needs) come first; ? opens the keys page as on every screen."""
    from apcombat.tui.screens.help import HelpScreen

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        footer = ui.screen_text().splitlines()[-1]
        assert footer.lstrip().startswith("? Keys  p Panels"), footer
        await ui.press("question_mark")
        await ui.wait_for_screen(HelpScreen)

    run_ui(script, size=(80, 24), open_path=None, editing=new_fight(library, "Ambush", (20, 12), "square"))
