"""Issue 27's "done when", end to end through the app: a new 20 x 12 map (square, then hex) painted with walls,
low cover and stairs by the painting keys, two sides of two units each (one side played by the AI), saved with
ctrl+s, checked by `apcombat check` without a problem, played from the editor (f10: the set-up screen, f10:
start), and the save of that game loads; a problem shown as it is made and cleared by undo; a hand-written
encounter keeps its comments after an edit; a shipped encounter opens as a copy and is never overwritten.

The units are placed by keys, and again through the core (`screen.edit` with an `apcombat.editor` edit, as the
keys do), so a failure tells the keys from the edits."""

from __future__ import annotations

import asyncio
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.widgets import Input
from tui_kit import Ui

from apcombat.cli import main as cli_main
from apcombat.content import Library, content_root
from apcombat.editor import new_fight, open_fight
from apcombat.editor.fight_edits import change_side, place_unit
from apcombat.model import Control, Terrain
from apcombat.saves import open_save
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.dialogs import AskScreen
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen

SHIPPED_DUEL = content_root() / "encounters" / "duel.toml"

FIGHTERS = (
    ("players", "ana", (3, 3)),
    ("players", "vera", (3, 8)),
    ("opponents", "raider", (14, 4)),
    ("opponents", "raider", (14, 7)),
)
"""Who stands where in the small ambush: the vault's two west of the low wall, two raiders east of it."""


def run_editor(app: ApcombatApp, script: Callable[[Ui, EditorScreen], Awaitable[None]], size: tuple[int, int]) -> None:
    """Run `await script(ui, editor)` in the app, once the editor is in front."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            ui = Ui(app, pilot)
            editor = await ui.wait_for_screen(EditorScreen)
            await script(ui, editor)

    asyncio.run(main())


async def cursor_to(ui: Ui, editor: EditorScreen, cell: tuple[int, int]) -> None:
    """Walk the editor's cursor to `cell` with the arrow keys (on hexes too: left/right along the row,
    up/down to the row above or below)."""
    for _ in range(60):
        x, y = editor.cursor
        if (x, y) == cell:
            return
        key = "right" if cell[0] > x else "left" if cell[0] < x else "down" if cell[1] > y else "up"
        await ui.press(key)
    assert editor.cursor == cell, f"the cursor is at {editor.cursor}, not {cell}"


async def paint_the_ambush(ui: Ui, editor: EditorScreen) -> None:
    """The small ambush's map by keys: a wall all round (2 at a corner, m, the far corner, R), a low wall down
    the middle (3, m, i), stairs up to a roof (4)."""
    await cursor_to(ui, editor, (0, 0))
    await ui.press("2", "m")
    await cursor_to(ui, editor, (19, 11))
    await ui.press("R")
    await cursor_to(ui, editor, (9, 3))
    await ui.press("3", "m")
    await cursor_to(ui, editor, (9, 8))
    await ui.press("i")
    await cursor_to(ui, editor, (17, 2))
    await ui.press("4")
    await ui.settle()


async def people_the_ambush(ui: Ui, editor: EditorScreen, library: Library) -> None:
    """Two units a side, the opponents played by the AI: the edits the unit keys make, through the screen (the
    core's path, beside the keys')."""
    for side, character, cell in FIGHTERS:
        editor.edit(f"placed {character}", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    editor.edit("opponents played by the AI", lambda e: change_side(e, "opponents", control=Control.AI))
    await ui.settle()


async def people_the_ambush_by_keys(ui: Ui, editor: EditorScreen) -> None:
    """The same four placed with `a`: the picker opens on the side of the last unit placed (the Players at first);
    the first raider's side is chosen in its box above the name (shift+Tab, Enter, down, Enter, Tab back)."""
    side = "players"
    for want, character, cell in FIGHTERS:
        await cursor_to(ui, editor, cell)
        placed = len(editor.encounter.units)
        await ui.press("a")
        await ui.until(lambda: ui.screen is not editor, "the unit picker")
        if want != side:
            await ui.press("shift+tab", "enter", "down", "enter", "tab")
            side = want
        await ui.type(character)
        await ui.press("enter")
        await ui.until(lambda: ui.screen is editor, "back in the editor")
        await ui.until(lambda n=placed + 1: len(editor.encounter.units) == n, f"{character} placed")
    placed_sides = [(unit.side, unit.at) for unit in editor.encounter.units]
    assert placed_sides == [(want, cell) for want, _, cell in FIGHTERS]


def check_clean(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`apcombat check FILE` finds nothing to say against the file."""
    capsys.readouterr()
    code = cli_main(["check", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err


async def play_and_save(ui: Ui, editor: EditorScreen) -> Path:
    """f10 from the editor, f10 on the set-up screen, the fight started (s) and saved (ctrl+s, a name)."""
    await ui.press("f10")
    await ui.wait_for_screen(SetupScreen)
    await ui.press("f10")
    game = await ui.wait_for_screen(GameScreen)
    await ui.press("s")
    await ui.until(lambda: game.session.state.round >= 1, "the first round")
    await ui.press("ctrl+s")
    ask = await ui.wait_for_screen(AskScreen)
    ask.query_one(Input).value = "my-ambush"
    await ui.press("enter")
    await ui.wait_for_screen(GameScreen)
    saved = [n for n in ui.notices() if "my-ambush" in n]
    assert saved, ui.notices()
    return next(Path(word.rstrip(".,:")) for word in saved[-1].split() if word.rstrip(".,:").endswith(".toml"))


@pytest.mark.parametrize("by_keys", [True, False], ids=["units-by-keys", "units-by-the-core"])
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_a_new_map_painted_peopled_saved_checked_played_and_its_game_saved(
    make_app: Callable[..., ApcombatApp],
    library: Library,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    by_keys: bool,
) -> None:
    session = new_fight(library, "Small ambush", size=(20, 12), kind=kind)
    app = make_app(editing=session)
    result: dict[str, Path] = {}

    async def script(ui: Ui, editor: EditorScreen) -> None:
        await paint_the_ambush(ui, editor)
        battle_map = editor.encounter.map
        assert battle_map is not None and battle_map.kind == kind
        assert (battle_map.width, battle_map.height) == (20, 12)
        assert all(battle_map.at((x, 0)) is Terrain.WALL for x in range(20))
        assert all(battle_map.at((0, y)) is Terrain.WALL for y in range(12))
        assert all(battle_map.at((9, y)) is Terrain.LOW for y in range(3, 9)) or kind == "hex"
        assert battle_map.at((9, 3)) is Terrain.LOW and battle_map.at((9, 8)) is Terrain.LOW
        assert battle_map.at((17, 2)) is Terrain.STAIRS
        assert battle_map.at((5, 5)) is Terrain.FLOOR
        if by_keys:
            await people_the_ambush_by_keys(ui, editor)
        else:
            await people_the_ambush(ui, editor, library)
        assert {side.id: side.control for side in editor.encounter.sides}["opponents"] is Control.AI
        assert editor.session.problems() == ()
        await ui.press("ctrl+s")
        await ui.settle()
        assert editor.session.saved
        result["file"] = editor.session.path
        result["save"] = await play_and_save(ui, editor)

    run_editor(app, script, (140, 45))
    written = result["file"]
    data = tomllib.loads(written.read_text(encoding="utf-8"))
    assert data["map"]["rows"][0] == "#" * 20  # map rows as strings, as a person writes them
    assert [unit["character"] for unit in data["unit"]] == ["ana", "vera", "raider", "raider"]
    assert {side["id"]: side.get("control", "human") for side in data["side"]}["opponents"] == "ai"
    check_clean(written, capsys)
    opened = open_save(result["save"])
    assert {unit.side for unit in opened.game.state.units} == {"players", "opponents"}
    assert len(opened.game.state.units) == 4


def test_a_shipped_encounter_opens_as_a_copy_and_the_shipped_file_is_never_written(
    make_app: Callable[..., ApcombatApp], library: Library
) -> None:
    before = SHIPPED_DUEL.read_bytes()
    session = open_fight(SHIPPED_DUEL, library)
    assert session.path != SHIPPED_DUEL
    app = make_app(editing=session)

    async def script(ui: Ui, editor: EditorScreen) -> None:
        await cursor_to(ui, editor, (1, 1))
        await ui.press("3", "ctrl+s")
        await ui.settle()
        assert editor.session.saved

    run_editor(app, script, (140, 45))
    assert SHIPPED_DUEL.read_bytes() == before
    copy = session.path
    assert copy.is_file() and copy.parent.name == "encounters"
    assert "=" in tomllib.loads(copy.read_text(encoding="utf-8"))["map"]["rows"][1]


def panel_words(ui: Ui) -> str:
    """What the screen shows, the problems panel among it, each run of spaces one space."""
    return " ".join(ui.screen_text().replace("•", " ").split())


def test_a_problem_shows_as_it_is_made_and_goes_with_undo_and_comes_back_with_redo(
    make_app: Callable[..., ApcombatApp], library: Library
) -> None:
    session = new_fight(library, "Small ambush")
    for side, character, cell in FIGHTERS:
        session.edit("placed", lambda e, s=side, c=character, at=cell: place_unit(e, library, s, c, at)[0])
    app = make_app(editing=session)

    def on_ana() -> list[str]:
        return [spot.sentence for spot in session.problems() if spot.unit == "ana"]

    async def script(ui: Ui, editor: EditorScreen) -> None:
        await ui.until(lambda: "No problems" in panel_words(ui), "a fight without problems")
        await cursor_to(ui, editor, FIGHTERS[0][2])
        await ui.press("2")  # a wall painted over Ana
        (sentence,) = on_ana()
        first_words = " ".join(sentence.split()[:2])
        await ui.until(lambda: first_words in panel_words(ui), f"the problem {sentence!r} in the panel")
        await ui.press("ctrl+z")
        assert on_ana() == []
        await ui.until(lambda: "No problems" in panel_words(ui), "the problem gone")
        await ui.press("ctrl+y")
        assert on_ana() == [sentence]
        await ui.until(lambda: first_words in panel_words(ui), "the problem back")
        await ui.press("f10")  # refused while it has a problem
        await ui.settle()
        assert ui.screen is editor and any("Not playable" in notice for notice in ui.notices())

    run_editor(app, script, (140, 45))


HAND_WRITTEN = """# The well, as the game master wrote it.
name = "Hand-written well"

[map]
rows = [
    "......",  # the yard
    "..#...",
    "......",
]

# Ana against one raider.
[[side]]
id = "vault"
name = "Vault"

[[side]]
id = "raiders"
name = "Raiders"
control = "ai"  # the computer plays them

[[unit]]
id = "ana"
side = "vault"
character = "ana"
at = [0, 0]

[[unit]]
id = "rex"
side = "raiders"
character = "raider"
at = [5, 2]
"""


def test_a_hand_written_encounter_keeps_its_comments_after_an_edit_in_the_app(
    make_app: Callable[..., ApcombatApp], library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "well.toml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    session = open_fight(path, library)
    assert session.path == path  # not shipped: changed where it is
    app = make_app(editing=session)

    async def script(ui: Ui, editor: EditorScreen) -> None:
        await cursor_to(ui, editor, (4, 1))
        await ui.press("3", "ctrl+s")
        await ui.settle()
        assert editor.session.saved

    run_editor(app, script, (140, 45))
    text = path.read_text(encoding="utf-8")
    for comment in (
        "# The well, as the game master wrote it.",
        "# the yard",
        "# Ana against one raider.",
        "# the computer plays them",
    ):
        assert comment in text, text
    assert tomllib.loads(text)["map"]["rows"][1] == "..#.=."
    assert text == HAND_WRITTEN.replace('"..#...",', '"..#.=.",')  # only the row painted changed
