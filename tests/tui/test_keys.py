"""Keys: `?` lists every binding of the app with its id, the command palette (ctrl+p) finds the battlefield's
actions by name and runs them, and a key file remaps a binding by its id."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import DataTable

import apcombat.tui
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.help import HelpScreen


def every_binding_id() -> dict[str, Binding]:
    """Every binding with an id declared by a class of the app's package, by id."""
    found: dict[str, Binding] = {}
    modules = [apcombat.tui.__name__]
    modules += [info.name for info in pkgutil.walk_packages(apcombat.tui.__path__, "apcombat.tui.")]
    for name in modules:
        for _, owner in inspect.getmembers(importlib.import_module(name), inspect.isclass):
            if owner.__module__ == name and "BINDINGS" in vars(owner):
                found |= {b.id: b for b in owner.BINDINGS if isinstance(b, Binding) and b.id}
    return found


def help_rows(help_screen: HelpScreen) -> dict[str, list[str]]:
    """The help table's rows (key, does, where, id) by id."""
    table = help_screen.query_one(DataTable)
    rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
    return {row[3]: row for row in rows}


def test_help_lists_every_binding_with_its_id(run_ui):
    async def script(ui):
        await ui.press("question_mark")
        help_screen = await ui.wait_for_screen(HelpScreen)
        rows = help_rows(help_screen)
        bindings = every_binding_id()
        assert len(bindings) > 60 and set(bindings) <= set(rows)
        assert rows["game.end"] == ["e", "End turn", "game", "game.end"]
        assert rows["game.fire"][:3] == ["f", "Fire", "game"]
        assert rows["shot.more_ap"][0] == "+, ="
        assert "Keys (remap them by id in " in ui.screen_text()
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

    run_ui(script)


def test_the_command_palette_finds_move_and_end_turn_and_runs_them(run_ui):
    async def palette_offers(ui, query: str) -> CommandList:
        await ui.press("ctrl+p")
        palette = await ui.wait_for_screen(CommandPalette)
        await ui.type(query)
        results = palette.query_one(CommandList)

        def found() -> bool:
            prompts = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
            return any(query in prompt for prompt in prompts)

        await ui.until(found, f"the palette to offer {query!r}")
        return results

    async def script(ui):
        await ui.press("s")
        await ui.move_cursor_to((2, 3))
        results = await palette_offers(ui, "Move")
        assert "key: m" in str(results.get_option_at_index(0).prompt)
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)

        await palette_offers(ui, "End turn")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await ui.until(lambda: ui.state.active == "rex", "the palette's End turn to end Ana's turn")

    run_ui(script)


def test_a_key_file_remaps_end_turn(run_ui, tmp_path):
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"game.end" = "z"\n', encoding="utf-8")

    async def script(ui):
        await ui.press("s")
        assert ui.state.active == "ana"
        await ui.press("e")
        assert ui.state.active == "ana"  # e is no longer End turn
        assert "z End turn" in ui.screen_text().splitlines()[-1]  # the footer
        await ui.press("z")
        assert ui.state.active == "rex"
        await ui.press("question_mark")
        rows = help_rows(await ui.wait_for_screen(HelpScreen))
        assert rows["game.end"][0] == "z"
        assert str(keys) in ui.screen_text()

    run_ui(script, keymap_file=keys)


def test_a_key_file_with_unknown_ids_and_key_names_warns_at_start_up(run_ui, tmp_path):
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"game.finish" = "z"\n"game.end" = "ctrl+zz,z"\n"game.fire" = "shoot"\n', encoding="utf-8")

    async def script(ui):
        (notice,) = ui.notices()  # one notice names the file, a line for each problem
        lines = notice.splitlines()
        assert lines[0].startswith(f'Key file {keys}: • there is no binding "game.finish"; see the key list (?)')
        assert lines[0].endswith("for the ids, or remove the line")
        assert '• "game.end": "ctrl+zz" is not a key name (write keys like "f", "ctrl+f", "f5",' in lines[1]
        assert lines[2].startswith('• "game.fire": "shoot" is not a key name') and lines[2].endswith("it is left out")
        assert lines[3] == '• "game.fire" has no usable key left; it keeps its default key'
        await ui.press("s", "tab", "f")  # f still fires
        assert type(ui.screen).__name__ == "ShotScreen"
        await ui.press("escape", "z")  # what is right in the file applies
        assert ui.state.active == "rex"

    run_ui(script, keymap_file=keys)


def test_a_key_file_that_leaves_no_way_to_quit_keeps_ctrl_q_for_quitting(run_ui, tmp_path):
    keys = tmp_path / "keys.toml"
    # Enter is taken by the map and every list; ctrl+q would end the turn before the app could quit.
    keys.write_text('[keys]\n"app.quit" = "enter"\n"game.end" = "ctrl+q,z"\n', encoding="utf-8")

    async def script(ui):
        (notice,) = ui.notices()
        assert notice.startswith(f"Key file {keys}: • with these keys nothing quits the app on every screen")
        assert notice.endswith('ctrl+q quits as by default and does nothing else — give "app.quit" such a key')
        await ui.press("s", "z")  # the rest of the file applies
        assert ui.state.active == "rex"
        await ui.press("enter")
        assert ui.app.return_code is None
        await ui.press("ctrl+q")
        assert ui.app.return_code == 0

    app = run_ui(script, keymap_file=keys)
    assert app.return_code == 0


def test_a_key_file_with_a_quit_key_of_its_own_is_used_as_written(run_ui, tmp_path):
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"app.quit" = "f9"\n', encoding="utf-8")

    async def script(ui):
        assert ui.notices() == []
        await ui.press("s", "ctrl+q")
        assert ui.app.return_code is None
        await ui.press("f9")
        assert ui.app.return_code == 0

    run_ui(script, keymap_file=keys)


TYPED = ["f", "q", "z", "question_mark"]
KEY_NAMES = [*TYPED, "ctrl+q", "ctrl+x", "f9", "enter", "escape", "up", "shift+tab", "ctrl+zz"]


@settings(max_examples=200, deadline=None)
@given(
    remaps=st.dictionaries(
        st.sampled_from(sorted(every_binding_id()) + ["app.quit"] * 5 + ["no.such"]),
        st.lists(st.sampled_from(KEY_NAMES), min_size=1, max_size=3).map(",".join),
        max_size=8,
    )
)
def test_whatever_a_key_file_says_a_key_of_its_own_quits_the_app(remaps):
    from apcombat.tui.keymap import check_keymap, widget_keys  # (here: the other tests run on older code too)

    defaults = {binding_id: binding.key for binding_id, binding in every_binding_id().items()}
    usable, problems = check_keymap(remaps, defaults, widget_keys())
    final = defaults | usable
    quit_keys = set(final["app.quit"].split(","))
    others = widget_keys().union(*(set(keys.split(",")) for bid, keys in final.items() if bid != "app.quit"))
    assert any(key not in others and key not in TYPED for key in quit_keys), (usable, problems)
    assert set(usable) <= set(defaults) and all("ctrl+zz" not in keys for keys in usable.values())
    assert ("no.such" in remaps) == any('"no.such"' in problem for problem in problems)
