"""The editor's units and sides, through the app: placing from the characters folders and a new character, the
unit's start form (every field), grab/turn/remove/copy with undo and redo, Tab, the fighters panel, and the
sides dialog (every field)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, Checkbox, Input, Label, Select
from tui_kit import Ui

from apcombat.content import Library
from apcombat.editor import EditorSession
from apcombat.editor.fight_edits import place_unit
from apcombat.editor.opening import new_fight
from apcombat.model import Cell, Control, Effort, Pose
from apcombat.model.ai_settings import AiRole
from apcombat.model.fates import Edge, Fate, MoraleState
from apcombat.tui.screens.character_form import CharacterFormScreen
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.editor.fighters_panel import FightersPanel, unit_words
from apcombat.tui.screens.editor.sides_dialog import SidesDialog
from apcombat.tui.screens.editor.unit_form import UnitForm
from apcombat.tui.screens.editor.unit_picker import UnitPicker
from apcombat.tui.widgets.map_view import MapView

Script = Callable[[Ui], Awaitable[None]]


@pytest.fixture
def fight(library: Library) -> EditorSession:
    """A new 20 x 12 fight: the players and the AI's opponents, nobody placed yet."""
    return new_fight(library, "Ambush")


@pytest.fixture
def with_ana(library: Library, fight: EditorSession) -> EditorSession:
    """The same with Ana of the players at 2,3 facing the map's default way."""
    encounter, _ = place_unit(fight.encounter, library, "players", "ana", (2, 3))
    fight.apply("placed Ana", encounter)
    return fight


@pytest.fixture
def edit(run_ui: Callable[..., Any]) -> Callable[[EditorSession, Script], None]:
    def run(session: EditorSession, script: Script) -> None:
        async def in_editor(ui: Ui) -> None:
            await ui.wait_for_screen(EditorScreen)
            await script(ui)

        run_ui(in_editor, open_path=None, editing=session)

    return run


def editor_map(ui: Ui) -> MapView:
    editor = next(screen for screen in ui.app.screen_stack if isinstance(screen, EditorScreen))
    return editor.query_one(MapView)


async def cursor_to(ui: Ui, cell: Cell) -> None:
    """Walk the editor's cursor to `cell` with the cursor keys."""
    x, y = editor_map(ui).cursor
    keys = ["right" if cell[0] > x else "left"] * abs(cell[0] - x)
    keys += ["down" if cell[1] > y else "up"] * abs(cell[1] - y)
    await ui.press(*keys)
    assert editor_map(ui).cursor == cell


def unit(session: EditorSession, unit_id: str = "ana") -> Any:
    return next(unit for unit in session.encounter.units if unit.id == unit_id)


def side(session: EditorSession, side_id: str) -> Any:
    return next(side for side in session.encounter.sides if side.id == side_id)


# ----- placing ----------------------------------------------------------------------------------------------------


def test_a_places_a_character_of_the_folders_at_the_cursor_on_the_side_chosen(
    fight: EditorSession, edit: Callable[..., None]
) -> None:
    async def script(ui: Ui) -> None:
        await cursor_to(ui, (4, 5))
        await ui.press("a")
        picker = await ui.wait_for_screen(UnitPicker)
        picker.query_one("#picker-side", Select).value = "opponents"
        await ui.type("vera")
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        await ui.settle()
        placed = unit(fight, "vera")
        assert (placed.at, placed.side, placed.name) == ((4, 5), "opponents", "Vera")
        assert "Vera" in ui.text("#editor-fighters")
        await ui.press("ctrl+z")
        assert fight.encounter.units == ()
        await ui.press("ctrl+y")
        assert unit(fight, "vera").at == (4, 5)

    edit(fight, script)


def test_the_picker_finds_characters_by_part_of_their_name(fight: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await ui.press("a")
        picker = await ui.wait_for_screen(UnitPicker)
        await ui.type("grease")  # a weapon's id is not searched: names and ids only
        shown = picker.query_one("#picker-list").option_count  # type: ignore[attr-defined]
        assert shown == 1  # "new character…" only
        await ui.press(*["backspace"] * 6)
        await ui.type("rai")
        assert picker.query_one("#picker-list").option_count == 2  # type: ignore[attr-defined]
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        assert fight.encounter.units == ()

    edit(fight, script)


def test_n_makes_a_new_character_saved_to_the_users_folder_and_places_it(
    fight: EditorSession, edit: Callable[..., None], user_folders: Path
) -> None:
    async def script(ui: Ui) -> None:
        await cursor_to(ui, (1, 1))
        await ui.press("n")
        form = await ui.wait_for_screen(CharacterFormScreen)
        form.query_one("#name", Input).value = "Big Sue"
        form.query_one("#save", Checkbox).value = True
        form.query_one("#weapon-0", Select).value = "knife"
        await ui.settle()
        await ui.press("f10")
        await ui.wait_for_screen(EditorScreen)
        await ui.settle()

    edit(fight, script)
    placed = unit(fight, "big_sue")
    assert (placed.name, placed.at, placed.side) == ("Big Sue", (1, 1), "players")
    assert [carried.weapon.id for carried in placed.weapons] == ["knife"]
    assert list(user_folders.rglob("characters/big_sue.toml"))
    assert "big_sue" in fight.library.characters
    assert not any("big_sue" in spot.sentence for spot in fight.problems())  # the fight finds its character


# ----- the unit's start form ------------------------------------------------------------------------------------------


async def open_form(ui: Ui) -> UnitForm:
    await cursor_to(ui, (2, 3))
    await ui.press("enter")
    return await ui.wait_for_screen(UnitForm)


async def typed(ui: Ui, form: UnitForm, field: str, text: str) -> None:
    form.query_one(f"#unit-{field}", Input).value = text
    form.query_one(f"#unit-{field}", Input).focus()
    await ui.settle()
    await ui.press("enter")
    await ui.settle()


def test_every_field_of_the_start_form_changes_the_unit_one_undo_step_each(
    with_ana: EditorSession, edit: Callable[..., None]
) -> None:
    async def script(ui: Ui) -> None:
        form = await open_form(ui)
        await typed(ui, form, "name", "Ana the Bold")
        await typed(ui, form, "hp", "20")
        await typed(ui, form, "weapons", "knife, colt_1911")
        await typed(ui, form, "thrown", "frag_grenade 2")
        await typed(ui, form, "ammo", "45acp 30")
        await typed(ui, form, "markers", "2")
        for field, value in (
            ("armor", "leather_armor"),
            ("pose", "crouched"),
            ("morale_state", "shaken"),
            ("fate", "man_down"),
            ("ai_role", "guard"),
        ):
            form.query_one(f"#unit-{field}", Select).value = value
            await ui.settle()
        for flag in ("hidden", "stunned"):
            form.query_one(f"#unit-{flag}", Checkbox).value = True
            await ui.settle()
        ana = unit(with_ana)
        assert ana.name == "Ana the Bold" and ana.hp == 20 and ana.markers == 2
        assert [carried.weapon.id for carried in ana.weapons] == ["knife", "colt_1911"]
        assert [(stock.weapon.id, stock.count) for stock in ana.thrown] == [("frag_grenade", 2)]
        assert ana.ammo == {"45acp": 30} and ana.armor.id == "leather_armor"
        assert (ana.pose, ana.morale, ana.fate, ana.ai_role) == (
            Pose.CROUCHED,
            MoraleState.SHAKEN,
            Fate.MAN_DOWN,
            AiRole.GUARD,
        )
        assert ana.hidden and ana.stunned
        fighters = ui.text("#editor-fighters", editor_map(ui).screen)
        assert "P1 Ana the Bold 2,3" in fighters
        assert unit_words(ana, "P1") == f"P1 Ana the Bold 2,3 {ana.facing.value} 20/31hp hidden"
        words = list(with_ana.history)
        assert len(words) == 1 + 13, words  # placing, then one step a field
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("ctrl+z")
        assert not unit(with_ana).stunned and unit(with_ana).hidden

    edit(with_ana, script)


def test_a_value_the_file_refuses_is_said_under_its_field_and_changes_nothing(
    with_ana: EditorSession, edit: Callable[..., None]
) -> None:
    async def script(ui: Ui) -> None:
        form = await open_form(ui)
        before = with_ana.encounter
        await typed(ui, form, "hp", "999")
        await typed(ui, form, "weapons", "laser_cannon")
        await typed(ui, form, "thrown", "grenades")
        await typed(ui, form, "thrown", "frag_grenade ³")  # `isdigit` passed it and `int` could not read it
        assert with_ana.encounter == before
        for field in ("hp", "weapons", "thrown"):
            problem = form.query_one(f"#unit-{field}-problem", Label)
            assert problem.display and str(problem.render()).strip(), field
        assert "laser_cannon" in str(form.query_one("#unit-weapons-problem", Label).render())

    edit(with_ana, script)


# ----- moving, turning, removing, copying ----------------------------------------------------------------------------


def test_g_carries_the_unit_with_the_cursor_and_enter_drops_it_escape_puts_it_back(
    with_ana: EditorSession, edit: Callable[..., None]
) -> None:
    async def script(ui: Ui) -> None:
        await cursor_to(ui, (2, 3))
        await ui.press("g", "right", "right")
        assert unit(with_ana).at == (2, 3)  # carried, not moved yet
        assert "moving ana" in ui.text("#editor-hint")
        await ui.press("escape")
        assert unit(with_ana).at == (2, 3) and ui.screen.grabbed is None  # type: ignore[attr-defined]
        await cursor_to(ui, (2, 3))
        await ui.press("g", "down", "enter")
        assert unit(with_ana).at == (2, 4)
        assert with_ana.history[-1] == "moved Ana to 2,4"
        await ui.press("ctrl+z")
        assert unit(with_ana).at == (2, 3)
        await ui.press("ctrl+y")
        assert unit(with_ana).at == (2, 4)

    edit(with_ana, script)


def test_t_and_shift_t_turn_the_unit_and_undo_turns_it_back(with_ana: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await cursor_to(ui, (2, 3))
        start = unit(with_ana).facing
        await ui.press("t")
        assert unit(with_ana).facing != start
        await ui.press("T", "T")
        await ui.press("t")
        assert unit(with_ana).facing == start
        await ui.press("ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z")
        assert unit(with_ana).facing == start
        await ui.press("ctrl+y")
        assert unit(with_ana).facing != start

    edit(with_ana, script)


def test_a_hex_map_turns_through_six_facings(library: Library, edit: Callable[..., None]) -> None:
    session = new_fight(library, "Hexes", kind="hex")
    encounter, _ = place_unit(session.encounter, library, "players", "ana", (2, 3))
    session.apply("placed Ana", encounter)

    async def script(ui: Ui) -> None:
        await cursor_to(ui, (2, 3))
        seen = set()
        start = unit(session).facing
        for _ in range(6):
            seen.add(unit(session).facing)
            await ui.press("t")
        assert len(seen) == 6
        assert unit(session).facing == start

    edit(session, script)


def test_x_removes_and_c_copies_like_a_grab(with_ana: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await cursor_to(ui, (2, 3))
        await ui.press("c", "right", "enter")
        assert [(u.id, u.at) for u in with_ana.encounter.units] == [("ana", (2, 3)), ("ana_2", (3, 3))]
        assert with_ana.history[-1] == "copied Ana to 3,3"
        await ui.press("x")
        assert [u.id for u in with_ana.encounter.units] == ["ana"]
        await ui.press("ctrl+z")
        assert [u.id for u in with_ana.encounter.units] == ["ana", "ana_2"]
        await ui.press("ctrl+z")
        assert [u.id for u in with_ana.encounter.units] == ["ana"]
        await ui.press("ctrl+y")
        assert [u.id for u in with_ana.encounter.units] == ["ana", "ana_2"]

    edit(with_ana, script)


def test_tab_goes_from_unit_to_unit_and_a_click_in_the_panel_jumps(
    library: Library, with_ana: EditorSession, edit: Callable[..., None]
) -> None:
    encounter, _ = place_unit(with_ana.encounter, library, "opponents", "raider", (9, 7))
    with_ana.apply("placed a raider", encounter)

    async def script(ui: Ui) -> None:
        await ui.press("tab")
        assert editor_map(ui).cursor == (2, 3)
        await ui.press("tab")
        assert editor_map(ui).cursor == (9, 7)
        await ui.press("shift+tab")
        assert editor_map(ui).cursor == (2, 3)
        panel = ui.screen.query_one(FightersPanel)
        assert "Raider 9,7" in ui.text("#editor-fighters")
        await ui.pilot.click(FightersPanel, offset=(4, 3))  # Players, Ana, Opponents, Raider
        await ui.settle()
        assert editor_map(ui).cursor == (9, 7) and panel is not None

    edit(with_ana, script)


# ----- the sides dialog --------------------------------------------------------------------------------------------


def test_the_sides_dialog_changes_every_field_of_a_side(with_ana: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await ui.press("s")
        dialog = await ui.wait_for_screen(SidesDialog)
        name = dialog.query_one("#name-players", Input)
        name.value = "Vault dwellers"
        name.focus()
        await ui.press("enter")
        dialog.query_one("#control-players", Select).value = "ai"
        await ui.settle()
        assert dialog.query_one("#ai-players").display  # the AI's level, effort and knobs, for an AI side
        dialog.query_one("#control-players", Select).value = "gm"
        await ui.settle()
        assert not dialog.query_one("#ai-players").display
        dialog.query_one("#edge-players", Select).value = "W"
        await ui.settle()
        points = dialog.query_one("#rerolls-players", Input)
        points.value = "4"
        points.focus()
        await ui.press("enter")
        dialog.query_one("#level-opponents", Select).value = "random"
        await ui.settle()
        dialog.query_one("#effort-opponents", Select).value = "high"
        await ui.settle()
        dialog.query_one("#aggression-opponents", Select).value = 0.75
        await ui.settle()
        dialog.query_one("#caution-opponents", Select).value = 0.25
        await ui.settle()
        players, opponents = side(with_ana, "players"), side(with_ana, "opponents")
        assert (players.name, players.control, players.edge, players.reroll_points) == (
            "Vault dwellers",
            Control.GM,
            Edge.W,
            4,
        )
        ai = opponents.ai
        assert (ai.level, ai.effort, ai.aggression, ai.caution) == ("random", Effort.HIGH, 0.75, 0.25)
        points.value = "11"
        points.focus()
        await ui.press("enter")
        assert "0 to 10" in str(dialog.query_one("#sides-problem", Label).render())
        assert side(with_ana, "players").reroll_points == 4

    edit(with_ana, script)


def test_a_side_takes_a_colour_no_other_side_has(with_ana: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await ui.press("s")
        dialog = await ui.wait_for_screen(SidesDialog)
        dialog.query_one("#colour-players", Select).value = "blue"
        await ui.settle()
        assert side(with_ana, "players").colour == "blue"
        dialog.query_one("#colour-opponents", Select).value = "blue"  # taken: refused, said, put back
        await ui.settle()
        assert side(with_ana, "opponents").colour is None
        assert "own" in str(dialog.query_one("#sides-problem", Label).render())
        assert dialog.query_one("#colour-opponents", Select).value == "place"
        dialog.query_one("#colour-players", Select).value = "place"
        await ui.settle()
        assert side(with_ana, "players").colour is None

    edit(with_ana, script)


def test_sides_are_added_and_removed_with_their_units(with_ana: EditorSession, edit: Callable[..., None]) -> None:
    async def script(ui: Ui) -> None:
        await ui.press("s")
        dialog = await ui.wait_for_screen(SidesDialog)
        assert "remove (1 unit)" in str(dialog.query_one("#remove-players", Button).label)
        dialog.query_one("#new-side", Input).focus()
        await ui.type("Raiders")
        await ui.press("enter")
        await ui.settle()
        assert [s.name for s in with_ana.encounter.sides] == ["Players", "Opponents", "Raiders"]
        await ui.pilot.click("#remove-players")
        await ui.settle()
        assert [s.id for s in with_ana.encounter.sides] == ["opponents", "raiders"]
        assert with_ana.encounter.units == ()
        assert with_ana.history[-1] == "removed side Players and its 1 unit(s)"
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("ctrl+z")
        assert [u.id for u in with_ana.encounter.units] == ["ana"]

    edit(with_ana, script)
