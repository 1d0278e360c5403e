"""Table mode's throw in the app (R22.9): T asks the thrown weapon and the distance measured on the table, the
log says where it lands in the table's words, and the gm blast dialog names who is under the template; the
resolver shows, edits and rolls a throw scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_resolver_form import breakdown, run_resolver
from test_table_fight import answer, choose
from textual.widgets import OptionList
from tui_kit import Ui

from apcombat.tui.screens.blast import BlastScreen
from apcombat.tui.screens.game import GameScreen
from tests.engine.throw_fights import ana, jed, moss, rat, throw_file


def table_fight(tmp_path: Path) -> Path:
    folder = tmp_path / "encounters"
    folder.mkdir(parents=True, exist_ok=True)
    return throw_file(
        folder, ana(None, thrown={"frag_grenade": 2, "molotov": 1}), jed(None), rat(None), moss(None), rows=None
    )


async def name_band(ui: Ui, blast: BlastScreen, unit: str, *keys: str) -> None:
    """Walk the dialog's list to `unit`, then press `keys` on it."""
    listing = blast.query_one(OptionList)
    index = list(blast.rows).index(unit)
    await ui.press(*["down" if index > (listing.highlighted or 0) else "up"] * abs(index - (listing.highlighted or 0)))
    await ui.press(*keys)


def test_a_throw_at_the_table_and_its_blast(run_ui, tmp_path: Path) -> None:  # R22.9.1, R22.9.2, E22.7
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        assert "T throw  frag grenade × 2 (4 AP), molotov cocktail × 1 (4 AP)" in ui.screen_text()
        await ui.command("gm set rat in_cover=true", "gm dice 77 5 3 4 6 2 3")
        await ui.press("T")
        await choose(ui, "frag_grenade")
        await answer(ui, "12cm")
        blast = await ui.wait_for_screen(BlastScreen)
        assert blast.heading == (
            "Ana's frag grenade scatters 2 cells (6 cm) to the table's south: lay the template there (2, 4 and 6 "
            "cm) and name who is under it (gm blast)"
        )
        assert list(blast.rows.values()) == ["Ana", "Jed", "Rat (in cover)", "Moss"]
        await name_band(ui, blast, "jed", "enter", "enter")  # none -> inner -> middle
        await name_band(ui, blast, "rat", "o", "c")
        assert "Jed middle, Rat (in cover) outer covered" in " ".join(ui.text("#blast-line", blast).split())
        await ui.press("b")
        await ui.settle()
        assert ui.state.blast_waiting is None
        assert {u.id: u.hp for u in ui.state.units} == {"ana": 30, "jed": 10, "rat": 25, "moss": 31}
        log = ui.log_text()
        assert "scatters 2 cells (6 cm) to the table's south" in log
        assert "names who is under the frag grenade's template: Jed middle, Rat outer (covered)" in log

    run_ui(script, open_path=table_fight(tmp_path))


def test_escape_leaves_the_blast_waiting_and_T_opens_it_again(run_ui, tmp_path: Path) -> None:  # R22.9.2
    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        await ui.command("gm dice 41")
        await ui.press("T")
        await choose(ui, "molotov")
        await answer(ui, "9cm")
        await ui.wait_for_screen(BlastScreen)
        await ui.press("escape")
        await ui.settle()
        assert "T names who is under the template" in ui.screen_text()
        await ui.press("e")  # refused: the blast comes first
        await ui.settle()
        assert ui.state.active == "ana"
        assert any("waiting for gm blast (R22.9.2)" in notice for notice in ui.notices())
        await ui.press("T")
        await ui.wait_for_screen(BlastScreen)
        await ui.press("b")  # nobody under it
        await ui.settle()
        assert ui.state.blast_waiting is None

    run_ui(script, open_path=table_fight(tmp_path))


@pytest.mark.parametrize("size", [(140, 45), (80, 24)], ids=["140x45", "80x24"])
def test_the_blast_dialog_shows_its_keys_and_everyone_named_in_full(run_ui, tmp_path: Path, size) -> None:
    """R22.9.2: the game master reads the whole keys' line ("Esc: later") and every character named under the
    template, with its band and `covered`, on the screen itself (they were cut at the dialog's edge)."""

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        await ui.command("gm dice 77 5 3 4")
        await ui.press("T")
        await choose(ui, "frag_grenade")
        await answer(ui, "12cm")
        blast = await ui.wait_for_screen(BlastScreen)
        await name_band(ui, blast, "jed", "m", "c")
        await name_band(ui, blast, "rat", "o", "c")
        await name_band(ui, blast, "moss", "i", "c")
        await ui.settle()
        shown = " ".join(ui.screen_text().replace("█", " ").split())
        assert "b: blast · Esc: later" in shown
        assert "under the template: Jed middle covered, Rat outer covered, Moss inner covered" in shown

    run_ui(script, open_path=table_fight(tmp_path), size=size)


def test_the_resolver_resolves_a_throw(make_app) -> None:  # R22.9, the resolver
    async def script(ui: Ui) -> None:
        listing = ui.screen.query_one("#scenarios", OptionList)
        ids = [listing.get_option_at_index(i).id or "" for i in range(listing.option_count)]
        target = next(i for i, path in enumerate(ids) if path.endswith("throw_at_the_table.toml"))
        await ui.press(*["down"] * (target - (listing.highlighted or 0)))
        await ui.settle()
        assert "60 % to hit" in breakdown(ui) and "Jed: middle, 28 HP" in breakdown(ui)
        await ui.press("b")
        blast = await ui.wait_for_screen(BlastScreen)
        await ui.press("i")  # Jed, the first, now inner
        await ui.press("b")
        await ui.settle()
        assert "Jed: inner, 28 HP" in breakdown(ui)
        await ui.press("r")
        await ui.settle()
        assert "d100" in breakdown(ui) and blast is not ui.screen

    run_resolver(make_app, script)


def test_how_to_play_tells_the_throw_at_the_table() -> None:  # R22.9, issue 26 item 5
    """How to play covered the map's throw (T) and not the table's: the distance in cm and the gm blast dialog."""
    from apcombat.tui.screens.how_to_play import how_to_play_text

    text = " ".join(how_to_play_text().plain.split())
    assert "T throws at a point a distance in cm away" in text and "gm blast dialog" in text


def test_at_80_by_24_a_long_blast_list_scrolls_and_the_named_stay_in_sight(run_ui, tmp_path: Path) -> None:
    """R22.9.2 with twelve characters at 80 x 24: the list ran past the dialog's foot, the last characters and
    the "under the template" line cut off; the list scrolls inside the dialog instead."""
    from tests.engine.throw_fights import _member, ben, kid, zed

    folder = tmp_path / "encounters"
    folder.mkdir(parents=True, exist_ok=True)
    extra = [_member(f"gang_{n}", "raiders", None, max_hp=20) for n in range(1, 6)]
    path = throw_file(
        folder,
        ana(None, thrown={"frag_grenade": 1}),
        ben(None),
        jed(None),
        rat(None),
        moss(None),
        kid(None),
        zed(None),
        *extra,
        rows=None,
    )

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        await ui.command("gm dice 41")
        await ui.press("T")
        await answer(ui, "12cm")
        blast = await ui.wait_for_screen(BlastScreen)
        await name_band(ui, blast, "gang_5", "i")
        await ui.settle()
        shown = " ".join(ui.screen_text().replace("█", " ").split())
        assert "Gang_5: inner" in shown  # the list scrolled to it
        assert "under the template: Gang_5 inner" in shown

    run_ui(script, open_path=path, size=(80, 24))
