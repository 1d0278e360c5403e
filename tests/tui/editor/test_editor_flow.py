"""Into the editor and out of it: the title's `e` (a new fight, the highlighted encounter as a copy, a file, a
draft), the set-up screen's "edit this fight", playing the fight and coming back to the editor, leaving with
changes not saved (save, keep as a draft, discard), the draft autosaved and restored."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, RadioButton

from apcombat.content import content_root
from apcombat.editor import open_fight
from apcombat.model import Terrain
from apcombat.saves import open_save
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.editor.map_dialogs import NewFightScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.title import TitleScreen
from apcombat.tui.screens.victory import VictoryScreen

DUEL = content_root() / "encounters" / "duel.toml"


@pytest.fixture(autouse=True)
def quick_autosave(monkeypatch: pytest.MonkeyPatch) -> None:
    """The draft is written a moment after an edit, not two seconds."""
    monkeypatch.setattr("apcombat.tui.screens.editor.screen.AUTOSAVE_AFTER", 0.01)


def choose(ui, label_start: str) -> list:
    """The keys that pick the option of the dialog in front whose words start so."""
    from textual.widgets import OptionList

    listing = ui.screen.query_one(OptionList)
    labels = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    index = next(i for i, label in enumerate(labels) if label.startswith(label_start))
    return ["home", *["down"] * index, "enter"]


def editor(ui) -> EditorScreen:
    return next(s for s in reversed(ui.app.screen_stack) if isinstance(s, EditorScreen))


# ----- in from the title ---------------------------------------------------------------------------------------------


async def new_fight_dialog(ui) -> NewFightScreen:
    """From the title: `e`, "A new fight": its dialog."""
    await ui.wait_for_screen(TitleScreen)
    await ui.press("e")
    await ui.wait_for_screen(ChoiceScreen)
    await ui.press(*choose(ui, "A new fight"))
    return await ui.wait_for_screen(NewFightScreen)


def test_e_on_the_title_makes_a_new_hex_fight(run_ui) -> None:
    async def script(ui) -> None:
        dialog = await new_fight_dialog(ui)
        dialog.query_one("#grid-hex", RadioButton).value = True
        await ui.press("end", *["backspace"] * len("New fight"))
        await ui.type("Ambush")
        await ui.press("tab", "home", "delete", "delete")
        await ui.type("14")
        await ui.press("enter")
        screen = await ui.wait_for_screen(EditorScreen)
        battle_map = screen.encounter.map
        assert screen.encounter.name == "Ambush" and battle_map is not None
        assert (battle_map.width, battle_map.height, battle_map.kind) == (14, 12, "hex")

    run_ui(script, open_path=None)


def test_enter_on_the_grid_choice_chooses_it_and_makes_the_fight(run_ui) -> None:
    async def script(ui) -> None:
        await new_fight_dialog(ui)
        await ui.press("tab", "tab", "right", "enter")  # name, size, then the grid: hexes, Enter
        screen = await ui.wait_for_screen(EditorScreen)
        assert screen.encounter.map is not None and screen.encounter.map.kind == "hex"

    run_ui(script, open_path=None)


def test_a_map_size_out_of_bounds_is_one_sentence(run_ui) -> None:
    async def script(ui) -> None:
        await new_fight_dialog(ui)
        await ui.press("tab", "end", "backspace", "backspace")
        await ui.type("0")
        await ui.press("enter")
        assert isinstance(ui.screen, NewFightScreen)
        assert " ".join(ui.text("#form-problem").split()) == "A map is 1 to 1,000 cells each way; 20 x 0 is not."

    run_ui(script, open_path=None)


def test_the_highlighted_shipped_encounter_opens_as_a_copy_and_saving_it_leaves_content_alone(run_ui) -> None:
    before = DUEL.read_bytes()

    async def script(ui) -> None:
        await ui.wait_for_screen(TitleScreen)  # the demo duel is highlighted at first
        await ui.press("e")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "Duel at the well (shipped: opens as a copy in your folder)"))
        screen = await ui.wait_for_screen(EditorScreen)
        assert screen.session.path != DUEL and screen.session.path.name == "duel.toml"
        assert any("a copy of the shipped duel.toml" in notice for notice in ui.notices())
        await ui.press("2")  # a wall where the cursor is
        await ui.press("ctrl+s")
        assert screen.session.path.is_file() and not screen.session.unsaved

    run_ui(script, open_path=None)
    assert DUEL.read_bytes() == before


def test_a_file_the_editor_cannot_open_is_one_notice_naming_it(run_ui, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "Broken\n', encoding="utf-8")

    async def script(ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await ui.press("e")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "An encounter file"))
        await ui.wait_for_screen(AskScreen)
        await ui.type(str(tmp_path))
        await ui.press("enter")  # a folder: the dialog says so and stays
        assert "is a folder" in ui.text("#answer-problem")
        await ui.press(*["backspace"] * len(str(tmp_path)))
        await ui.type(str(broken))
        await ui.press("enter")
        await ui.wait_for_screen(TitleScreen)
        (notice,) = [n for n in ui.notices() if "Cannot edit" in n]
        assert notice.startswith("Cannot edit broken.toml: ") and "TOML syntax error" in notice

    run_ui(script, open_path=None)


# ----- set-up and play -------------------------------------------------------------------------------------------


def test_edit_this_fight_on_the_set_up_screen(run_ui, skirmish: Path) -> None:
    async def script(ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        ui.app.push_screen(SetupScreen(skirmish, ui.app.library))
        await ui.wait_for_screen(SetupScreen)
        await ui.pilot.click("#edit")  # the button, as f2
        screen = await ui.wait_for_screen(EditorScreen)
        assert screen.session.path == skirmish
        assert not any(isinstance(s, SetupScreen) for s in ui.app.screen_stack)  # in its place
        await ui.press("f10")  # its set-up again, and f2 goes back to the same editor
        await ui.wait_for_screen(SetupScreen)
        await ui.press("f2")
        assert await ui.wait_for_screen(EditorScreen) is screen

    run_ui(script, open_path=None)


def test_played_from_the_editor_then_back_to_it_and_the_game_save_loads(run_ui, skirmish: Path, library) -> None:
    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("3")  # low wall at 0,0: a change not saved
        await ui.press("f10")
        await ui.wait_for_screen(SetupScreen)
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        assert ui.state.map.at((0, 0)) is Terrain.LOW
        await ui.press("ctrl+s")
        await ui.wait_for_screen(AskScreen)  # the save's name: the fight's
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.press("ctrl+t")
        assert await ui.wait_for_screen(EditorScreen) is screen
        assert screen.session.unsaved and screen.encounter.map.at((0, 0)) is Terrain.LOW  # nothing lost
        assert any(n.startswith("Back in the editor: Skirmish") for n in ui.notices())
        assert screen.session.draft_path.is_file()  # the draft kept

    app = run_ui(script, open_path=None, editing=open_fight(skirmish, library))
    saved = app.saves / "skirmish.toml"  # the save names the fight
    assert open_save(saved).game.state.map.at((0, 0)) is Terrain.LOW


def test_the_victory_screens_q_goes_back_to_the_editor(run_ui, skirmish: Path, library) -> None:
    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        await ui.press("f10")
        await ui.wait_for_screen(SetupScreen)
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        ui.app.push_screen(VictoryScreen(ui.game.session))
        await ui.wait_for_screen(VictoryScreen)
        assert "q: back to the editor" in ui.screen_text()
        await ui.press("q")
        assert await ui.wait_for_screen(EditorScreen) is screen

    run_ui(script, open_path=None, editing=open_fight(skirmish, library))


# ----- leaving ---------------------------------------------------------------------------------------------------


def test_leaving_without_changes_is_at_once(run_ui, skirmish: Path, library) -> None:
    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("escape")
        await ui.wait_for_screen(TitleScreen)

    run_ui(script, open_path=None, editing=open_fight(skirmish, library))


@pytest.mark.parametrize("answer", ["Save them", "Keep them as a draft", "Discard them", "Stay in the editor"])
def test_leaving_with_changes_asks(run_ui, skirmish: Path, library, answer: str) -> None:
    before = skirmish.read_text(encoding="utf-8")
    session = open_fight(skirmish, library)
    draft = session.draft_path

    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("2")
        await ui.until(draft.is_file, "the draft")
        await ui.press("escape")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, answer))
        await ui.wait_for_screen(EditorScreen if answer.startswith("Stay") else TitleScreen)

    run_ui(script, open_path=None, editing=session)
    after = open_fight(skirmish, library)  # what the next session opens
    wall = after.encounter.map.at((0, 0)) is Terrain.WALL
    if answer == "Save them":
        assert skirmish.read_text(encoding="utf-8") != before and wall and not draft.is_file()
    elif answer == "Discard them":
        assert skirmish.read_text(encoding="utf-8") == before and not wall and not draft.is_file()
    else:  # kept as a draft (staying: the app ended with it on disk)
        assert skirmish.read_text(encoding="utf-8") == before and wall and "unsaved changes" in after.note


def test_ctrl_t_and_ctrl_q_ask_too(run_ui, skirmish: Path, library) -> None:
    async def script(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("2")
        await ui.press("ctrl+t")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "Stay"))
        await ui.wait_for_screen(EditorScreen)
        await ui.press("ctrl+q")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "Keep them as a draft"))
        await ui.until(lambda: ui.app._exit, "the app to end")

    run_ui(script, open_path=None, editing=open_fight(skirmish, library))
    assert open_fight(skirmish, library).encounter.map.at((0, 0)) is Terrain.WALL


# ----- the draft ---------------------------------------------------------------------------------------------------


def test_the_autosaved_draft_is_restored_from_the_title_and_undo_goes_back_to_the_file(
    run_ui, skirmish, library
) -> None:
    first = open_fight(skirmish, library)

    async def edit(ui) -> None:
        await ui.wait_for_screen(EditorScreen)
        await ui.press("2")
        await ui.until(lambda: first.draft_path.is_file(), "the draft")  # written by itself, a moment after

    run_ui(edit, open_path=None, editing=first)  # the app ends without leaving the editor: the draft stays

    async def restore(ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        await ui.press("e")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "Your unsaved draft of skirmish.toml"))
        screen = await ui.wait_for_screen(EditorScreen)
        assert any(n.startswith("your unsaved changes from the last session") for n in ui.notices())
        assert screen.encounter.map.at((0, 0)) is Terrain.WALL and screen.session.path == skirmish
        await ui.press("ctrl+z")
        assert screen.encounter.map.at((0, 0)) is Terrain.FLOOR and not screen.session.unsaved

    run_ui(restore, open_path=None)


# ----- keys ----------------------------------------------------------------------------------------------------------


def test_the_editors_keys_are_on_the_keys_page_and_remappable(run_ui, tmp_path: Path, skirmish, library) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"editor.play" = "f9"\n"title.edit" = "E"\n', encoding="utf-8")

    async def script(ui) -> None:
        await ui.wait_for_screen(TitleScreen)
        assert not ui.notices()  # the ids are known
        await ui.press("E")
        await ui.wait_for_screen(ChoiceScreen)
        await ui.press(*choose(ui, "An encounter file"))
        await ui.wait_for_screen(AskScreen)
        await ui.type(str(skirmish))
        await ui.press("enter")
        await ui.wait_for_screen(EditorScreen)
        await ui.press("question_mark")
        table = ui.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        assert [row for row in rows if row[3] == "editor.play"] == [["f9", "Play it", "editor", "editor.play"]]
        await ui.press("escape")
        await ui.wait_for_screen(EditorScreen)
        from apcombat.tui.palette import ActionsProvider

        offered = {description: key for description, key, _ in ActionsProvider(ui.screen)._actions()}
        assert offered["Play it"] == "f9"  # the palette names the key the file gives
        await ui.press("f9")
        await ui.wait_for_screen(SetupScreen)

    run_ui(script, open_path=None, keymap_file=keys)


def test_the_palette_offers_the_editors_actions(run_ui, skirmish, library) -> None:
    from apcombat.tui.palette import ActionsProvider

    async def script(ui) -> None:
        screen = await ui.wait_for_screen(EditorScreen)
        provider = ActionsProvider(screen)
        names = [description for description, _, _ in provider._actions()]
        assert {"Play it", "Save", "Undo"} <= set(names)

    run_ui(script, open_path=None, editing=open_fight(skirmish, library))


def test_a_key_file_cannot_give_the_editor_the_quit_key() -> None:
    from apcombat.tui.app import ApcombatApp
    from apcombat.tui.keymap import check_keymap, widget_keys
    from apcombat.tui.screens.help import all_bindings

    defaults = {binding.id: binding.key for _, binding in all_bindings(ApcombatApp) if binding.id}
    usable, problems = check_keymap({"editor.undo": "ctrl+q", "editor.save": "f6"}, defaults, widget_keys())
    assert usable == {"editor.save": "f6"}  # ctrl+q still quits, from the editor too
    assert len(problems) == 1 and '"app.quit" needs a key' in problems[0]
