"""What an 80 x 24 terminal cut short. A footer never cuts a key: it shows the keys that fit whole, in the
screen's order, and leaves out the rest (`?` lists every key); wider, it shows them all (the encounter
editor's footer cut its sixth key, "m Ma"). The keys page (`?`) shows what each key does whole (its "where"
column, 30 columns wide, pushed "Paint low wall (hip-high cover)" off to "Paint low wall (hip"). The deck's
question leaves the turn order its rows. The keys under the title, the roster, the resolver and the whole
log break a line between two keys only. And what a bare figure left unsaid: the oracle's chaos factor. The
map's title while aiming a throw."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Footer, OptionList
from textual.widgets._footer import FooterKey
from tui_kit import SKIRMISH_UNITS, Ui, character, shown, write_encounter

from apcombat.editor.opening import new_fight
from apcombat.tui.screens.editor import EditorScreen
from apcombat.tui.screens.full_log import HELP_LINE, FullLogScreen
from apcombat.tui.screens.help import HelpScreen
from apcombat.tui.screens.oracle import OracleScreen
from apcombat.tui.screens.resolver import KEYS as RESOLVER_KEYS
from apcombat.tui.screens.roster import KEYS as ROSTER_KEYS
from apcombat.tui.screens.title import TITLE_KEYS
from apcombat.tui.widgets.deck_panel import DeckPanel
from tests.tui.test_throw_keys import aim_frag, field

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


def test_the_keys_page_shows_what_each_key_does_whole_at_80_columns(run_ui):
    async def script(ui: Ui) -> None:
        await ui.press("question_mark")
        table = (await ui.wait_for_screen(HelpScreen)).query_one(DataTable)
        widths = {str(column.label): column.get_render_width(table) for column in table.ordered_columns}
        shown = table.scrollable_content_region.width
        assert widths["key"] + widths["does"] <= shown, (widths, shown)
        assert list(widths)[:2] == ["key", "does"]  # the key, then what it does: the two a reader looks for

    run_ui(script, size=(80, 24), open_path=None)


def test_the_decks_question_leaves_the_turn_order_its_rows_and_scrolls_to_its_option(run_ui, tmp_path):
    """Six of the vault, one raider, the activation deck (R18.5.1) at 80 x 24: the question and its options
    once pushed the turn order off the screen's side column; now the question scrolls (to the option
    highlighted) and the turn order keeps its rows, a unit among them."""
    vault = [
        {"id": f"v{n}", "side": "vault", "at": [1, n], "facing": "E", "character": character(f"V{n}", ["colt_1911"])}
        for n in range(6)
    ]
    rex = {**SKIRMISH_UNITS[1], "side": "raiders"}
    path = write_encounter(tmp_path / "encounters", "deckcrowd", units=(*vault, rex), modules={"activation_deck": True})

    async def script(ui: Ui) -> None:
        await ui.press("s")
        deck = ui.game.query_one(DeckPanel)
        await ui.until(lambda: deck.display, "the deck's question")
        await ui.settle()
        options = deck.query_one(OptionList)
        assert options.option_count >= 6
        order, side = ui.game.query_one("#order"), ui.game.query_one("#side")
        assert order.region.bottom <= side.region.bottom and order.region.height >= 6  # its borders in sight
        lines = ui.text("#order", ui.game).splitlines()[1:-1]
        assert "Round 1" in lines[0] and "below" in lines[0]  # what is out of sight, said on the round's line
        assert any(" HP " in line for line in lines)  # the deck's line (cut with …) leaves a unit a row
        await ui.press(str(options.option_count))  # the last option, below the panel's edge at first
        await ui.settle()
        assert options.highlighted == options.option_count - 1
        line = options.region.y + options.option_count - 1 - deck.scroll_offset.y
        assert deck.region.y < line < deck.region.bottom - 1, (line, deck.region)  # inside its borders

    run_ui(script, size=(80, 24), open_path=path)


@pytest.mark.parametrize(
    ("key", "selector", "items"),
    [
        (None, "#title-keys", TITLE_KEYS),  # "r:" was left at a line's end, "watch a replay" on the next
        ("t", "#roster-keys", ROSTER_KEYS.items),  # "r:" / "rename side", "f10:" / "start"
        ("a", "#resolver-keys", RESOLVER_KEYS.items),  # one line, cut at "ctrl+s: save as a"
    ],
)
def test_a_screens_keys_break_between_two_keys_never_inside_one(run_ui, key, selector, items):
    async def script(ui: Ui) -> None:
        if key is not None:
            await ui.press(key)
        await ui.until(lambda: bool(ui.screen.query(selector)), selector)
        await ui.settle()
        lines = [line.strip() for line in ui.text(selector).splitlines() if line.strip()]
        assert len(lines) > 1  # 80 columns: the keys take several lines
        for item in items:
            assert any(item in line for line in lines), item
        assert all(line.startswith(tuple(items)) for line in lines)

    run_ui(script, size=(80, 24), open_path=None)


def test_the_whole_logs_keys_break_between_two_keys(run_ui):
    async def script(ui: Ui) -> None:
        await ui.press("ctrl+l")
        await ui.wait_for_screen(FullLogScreen)
        lines = [line.strip() for line in ui.text("#full-log-help").splitlines() if line.strip()]
        assert len(lines) > 1 and all(line.startswith(HELP_LINE.items) for line in lines), lines  # not "unit · s"

    run_ui(script, size=(80, 24))


def test_the_oracles_chaos_factor_is_named_beside_its_value(run_ui):
    async def script(ui: Ui) -> None:
        await ui.press("ctrl+k")
        await ui.wait_for_screen(OracleScreen)
        row = next(line for line in ui.screen_text().splitlines() if "fifty fifty" in line)
        assert "chaos 1-9" in row and " 5 " in row  # a bare 5 once stood there: its placeholder never shows

    run_ui(script, size=(80, 24), open_path=None)


def test_the_maps_title_while_aiming_a_throw_is_whole_at_80_columns(run_ui, tmp_path):  # R22
    async def script(ui: Ui) -> None:
        await aim_frag(ui)
        top = shown(ui.map).splitlines()[0]
        assert ui.map.border_title and ui.map.border_title in top and "…" not in top, top
        assert "Enter throws, Esc leaves" in " ".join(ui.text("#hint").split())  # the keys: in the hint line

    run_ui(script, size=(80, 24), open_path=field(tmp_path))
