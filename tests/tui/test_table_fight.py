"""A fight on the table (table mode: no map, distances typed in cm, 3 cm = 1 m) played with the keyboard only.

The saloon brawl (content/encounters/table_brawl.toml, 3 regulars against 3 raiders) with the barkeep's sawn-off
swapped for a flamer. `gm dice`, typed on the command line, fixes every roll: initiative gives the order
Drifter 19, Barkeep 18, Rocco 17, Raider (raider_1, a grease gun) 16, Sue 15, Raider (raider_2, a knife) 14.

Round 1: Drifter watches (R16.1). The barkeep's flamer sets Sue on fire (R6.2). Rocco takes cover; raider_1
pins him down (R17.1). Sue burns at the start of her turn, runs (R14.1) — the game master says she did not come
into Drifter's watch — and fails the body-control test: exhausted (R14.2). raider_2 walks into the watch: the
game master says yes, Drifter spots him (R16.2), interrupts, fires with a forced hit (an override) and hands
control back. Round 2: Rocco leaves cover and the covering fire resolves first (R17.2); ctrl+z undoes it
exactly and it is played again. Sue's burn goes out; her exhaustion shows in the panel and in her hit chance.
Round 3 begins, and the log is exported as Markdown.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from textual.widgets import Input, OptionList
from tui_kit import Ui, active_line

from apcombat.content import content_root
from apcombat.model import Burning, Exhaustion
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.shot import ShotScreen

BRAWL = content_root() / "encounters" / "table_brawl.toml"


@pytest.fixture
def flamer_brawl(tmp_path: Path) -> Path:
    """The saloon brawl, the barkeep carrying a flamer (big guns 60) and his brass knuckles."""
    data = tomllib.loads(BRAWL.read_text(encoding="utf-8"))
    barkeep = next(unit for unit in data["unit"] if unit["id"] == "barkeep")["character"]
    barkeep["weapons"] = ["flamer", "brass_knuckles"]
    barkeep["skills"]["big_guns"] = 60
    path = tmp_path / "encounters" / "flamer_brawl.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


async def choose(ui: Ui, option: str) -> None:
    """Pick an option of the menu in front by its id: the cursor keys, then Enter."""
    menu = await ui.wait_for_screen(ChoiceScreen)
    options = menu.query_one(OptionList)
    ids = [options.get_option_at_index(index).id for index in range(options.option_count)]
    await ui.press(*["down"] * (ids.index(option) - (options.highlighted or 0)), "enter")
    await ui.settle()


async def answer(ui: Ui, text: str) -> None:
    """Type the answer to the question in front (replacing what it offers) and Enter."""
    await ui.wait_for_screen(AskScreen)
    await ui.press("ctrl+u")
    await ui.type(text)
    await ui.press("enter")
    await ui.settle()


async def aim_at(ui: Ui, whom: str, cm: str) -> ShotScreen:
    """f asks whom to attack (each turn afresh), then the shot dialog asks the distance measured on the table
    (empty: the distance of another attack does not carry over)."""
    await ui.press("f")
    await choose(ui, whom)
    shot = await ui.wait_for_screen(ShotScreen)
    assert shot.query_one("#distance", Input).value == ""
    await ui.type(cm)
    return shot


async def end_turns(ui: Ui, *units: str) -> None:
    """`e` for each of these units in turn (each must be the one acting)."""
    for unit in units:
        assert ui.state.active == unit
        await ui.press("e")


def in_order(text: str, parts: list[str]) -> None:
    """Every part occurs in the text, each after the one before."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} is missing after position {at}"
        at = found + len(part)


def words(text: str) -> str:
    return " ".join(text.split())


def logged(ui: Ui, *parts: str) -> None:
    """The battlefield's log shows these, in order (its lines wrap, so spaces and line ends are one)."""
    in_order(words(ui.log_text()), [words(part) for part in parts])


def test_a_table_fight_of_three_against_three(run_ui, flamer_brawl, tmp_path):
    exported = tmp_path / "logs" / "brawl.md"
    exported.parent.mkdir()

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        assert "Table mode: no map" in ui.text("#table-text")
        await ui.command("gm dice 3 4 1 3 1 1")  # initiative d6s, in the encounter's order
        await ui.press("s")
        assert ui.state.order == ("drifter", "barkeep", "rocco", "raider_1", "sue", "raider_2")
        logged(ui, "Drifter 19 (base 18 + d6 1); Barkeep 18 (base 14 + d6 4)")

        # --- Round 1 ---------------------------------------------------------------------------------------
        # Drifter watches: the whole turn, his 9 AP kept for an interruption (R16.1).
        assert "o watch  whole turn, 9 AP kept" in ui.text("#table-text")
        await ui.press("o")
        assert ui.state.unit("drifter").watch is not None and ui.state.active == "barkeep"
        logged(ui, "Drifter gives up the turn to watch facing E with 9 AP ready (R16.1)")

        # The barkeep's flamer: f asks whom, the dialog the distance; a hit sets Sue on fire (R6.2).
        await ui.command("gm dice 20 1 1")  # to hit 20 vs 65; 2d10+5 = [1+1]+5
        shot = await aim_at(ui, "sue", "9")
        assert "Barkeep attacks Sue" in ui.text("#shot-title", shot) and "mode: flamer" in ui.text("#shot-choices")
        assert "hit 65%" in ui.text("#shot-summary") and "AP 5, 2 left" in ui.text("#shot-summary")
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        sue = ui.state.unit("sue")
        assert (sue.hp, sue.burning) == (13, Burning(step=1))
        logged(ui, "Barkeep attacks Sue: 1 hit, 7 damage (20 -> 13 HP)", "roll: d100 = 20 vs 65 — HIT")
        logged(ui, "Sue is burning (1d10+5 next turn, then 1d10)", "Sue is set on fire (R6.2)")
        await end_turns(ui, "barkeep")

        # Rocco takes cover (2 AP); raider_1 pins him down with 10 rounds of his grease gun (R17.1).
        assert "c cover  take 2 AP" in ui.text("#table-text")
        await ui.press("c")
        assert ui.state.unit("rocco").in_cover and "in cover" in ui.text("#unit")
        await end_turns(ui, "rocco")
        await ui.command("gm dice 1")  # Sue's burn at the start of her turn: 1d10+5 = [1]+5
        await ui.press("tab")
        assert ui.game.target == "rocco" and "target: Rocco (37 HP)" in ui.text("#hint")
        await ui.press("x")
        assert ui.state.unit("raider_1").pin is not None and ui.state.unit("raider_1").weapons[0].loaded == 20
        logged(ui, "Raider Jed gives up the turn to pin Rocco down: 10 rounds spent (R17.1)")

        # Sue burns as her turn starts, then runs (M asks the cm) and fails the body-control test.
        assert ui.state.active == "sue" and ui.state.unit("sue").hp == 7
        logged(ui, "Sue burns: 1d10+5 = [1]+5 = 6 damage, 13 -> 7 HP")
        assert "burning (1d10 next)" in ui.text("#unit") and "7/33" in ui.text("#unit")  # she came in wounded
        actions = ui.text("#table-text")
        assert "Sue: 8 AP." in actions and "M run    45 mm/AP" in actions
        await ui.press("M")
        await answer(ui, "15cm")
        assert ui.state.unit("sue").ap == 4 and ui.state.unit("sue").ran_ap == 4
        logged(ui, "Sue runs 15 cm at 45 mm/AP: 4 AP (8 -> 4), 30 mm left (R7.1)")
        # The game master is asked whether she came into Drifter's watch: no.
        await ui.wait_for_screen(ChoiceScreen)
        question = ui.screen_text()  # the whole question shows, wrapped: what to measure on the table
        assert "Did Sue come into Drifter's watch" in question and "0-10 m (0-30 cm) away, in sight?" in question
        await choose(ui, "no")
        assert ui.state.unit("drifter").watch is not None and ui.state.interrupt is None
        await ui.command("gm dice 90")  # body control d100 = 90 vs 55: a failure
        await end_turns(ui, "sue")
        assert ui.state.unit("sue").exhaustion == Exhaustion(penalty=20, turns=2)
        logged(ui, "Sue ran (4 AP): body control d100 = 90 vs 55 — failure; -20 for 2 turn(s) (R14.2)")

        # raider_2 walks into Drifter's watch: yes; Drifter spots him (d10 2 vs PE 7) and interrupts.
        await ui.command("gm dice 2")
        await ui.press("m")
        await answer(ui, "12cm")
        logged(ui, "Raider Moss walks 12 cm at 30 mm/AP: 4 AP (8 -> 4)")
        await ui.wait_for_screen(ChoiceScreen)
        assert "Did Raider Moss come into Drifter's watch" in ui.text("Label")
        await choose(ui, "yes")
        assert ui.state.interrupt is not None and ui.state.active == "drifter"
        order = ui.text("#order")
        assert "INTERRUPT" in order and "Drifter" in active_line(order)
        hint = ui.text("#hint").strip()
        assert hint.startswith("INTERRUPT: Drifter acts now, e hands control back — Drifter spots Raider Moss")
        assert "perception d10 = 2 vs 7 — interrupts with 9 AP" in hint

        # The game master forces the next hit (g); Drifter fires; the attack says it was overridden.
        await ui.press("g")
        await choose(ui, "hit")
        assert ui.state.gm_force_hit is True
        await ui.command("gm dice 50 4")  # to hit 50 (forced to hit anyway); damage 1d8+6 = [4]+6
        shot = await aim_at(ui, "raider_2", "9")
        assert "Drifter attacks Raider Moss" in ui.text("#shot-title", shot)
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        attack = next(event for event in reversed(ui.game.session.log) if event.kind == "attack")
        assert attack.data["override"] == "hit" and ui.state.unit("raider_2").hp == 23
        logged(
            ui,
            "game master override: the next to-hit roll is a hit",
            "Drifter attacks Raider Moss: 1 hit, 10 damage (33 -> 23 HP)",
            "game master override: the first to-hit result forced to hit",
        )
        await ui.press("e")  # hands control back
        assert ui.state.interrupt is None and ui.state.active == "raider_2"
        assert "INTERRUPT" not in ui.text("#order") and "Raider" in active_line(ui.text("#order"))
        assert "Drifter ends the interruption; back to Raider Moss" in ui.text("#hint")
        await end_turns(ui, "raider_2")

        # --- Round 2 ---------------------------------------------------------------------------------------
        assert ui.state.round == 2 and "Round 2" in ui.text("#order")
        await end_turns(ui, "drifter", "barkeep")

        # Rocco leaves cover: the covering fire resolves first (luck d10 1 vs 4: 3 hits of 1d10+3 - 2 armour).
        await ui.command("gm dice 1 4 4 4")
        before = ui.state
        await ui.press("c")
        after = ui.state
        assert after.unit("rocco").hp == 22 and not after.unit("rocco").in_cover
        assert after.unit("raider_1").pin is None
        logged(
            ui,
            "Raider Jed's covering fire as Rocco leaves cover: luck d10 = 1 vs 4 — 3 hits, 15 damage, "
            "Rocco at 22 HP (R17.2)",
            "hit 1: damage 1d10+3 = [4]+3 = 7 - 2 armour = 5 -> Rocco at 32 HP",
            "hit 3: damage 1d10+3 = [4]+3 = 7 - 2 armour = 5 -> Rocco at 22 HP",
            "Rocco leaves cover: 1 AP (8 -> 7) (R9.1)",
        )
        assert "22/37" in ui.text("#unit") and "in cover" not in ui.text("#unit")
        # ctrl+z: exactly the state before, the dice typed in still to come; played again, the same result.
        await ui.press("ctrl+z")
        assert ui.state == before
        assert "in cover" in ui.text("#unit") and "37/37" in ui.text("#unit")
        logged(ui, "undone: uncover rocco")
        await ui.press("c")
        assert ui.state == after
        await end_turns(ui, "rocco")

        # Sue: the burn's last 1d10, then the fire goes out; her exhaustion shows, and counts in her attacks.
        await ui.command("gm dice 3")
        await end_turns(ui, "raider_1")
        assert ui.state.active == "sue" and ui.state.unit("sue").hp == 4 and ui.state.unit("sue").burning is None
        logged(ui, "Sue burns: 1d10 = [3] = 3 damage, 7 -> 4 HP; the fire goes out")
        panel = ui.text("#unit")
        assert "exhausted -20 (2 turns)" in panel and "burning" not in panel
        assert "Sue's turn: 8 AP; exhausted -20 (2 turn(s) left)" in ui.text("#hint")
        shot = await aim_at(ui, "rocco", "2")
        assert "exhaustion          -20" in ui.text("#shot-lines", shot)
        await ui.press("escape")
        await ui.wait_for_screen(GameScreen)
        await end_turns(ui, "sue", "raider_2")

        # --- Round 3 begins; the log is exported ------------------------------------------------------------
        assert (ui.state.round, ui.state.active) == (3, "drifter")
        assert [unit.hp for unit in ui.state.units] == [22, 34, 30, 33, 23, 4]
        await ui.press("g")
        await choose(ui, "export")
        await answer(ui, str(exported))
        assert f"log written to {exported}" in ui.notices()

        markdown = exported.read_text(encoding="utf-8")
        expected = []
        for event in ui.game.session.log:
            if event.kind == "round":
                expected.append(f"## Round {event.data['round']}")
                continue
            expected.append(f"- {event.text}")
            expected += [f"      {line}" for line in event.data.get("lines", ())]
        assert "## Round 3" in expected and "      roll: d100 = 20 vs 65 — HIT" in expected
        in_order(markdown, expected)

    run_ui(script, open_path=flamer_brawl)


def test_at_80_by_24_the_turn_order_keeps_the_acting_unit_in_view(run_ui):
    """Six units do not fit the turn order of an 80 x 24 terminal: it starts just before whoever acts and says
    how many are out of view."""

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.command("gm dice 3 4 1 3 1 1")
        await ui.press("s", "e", "e", "e", "e")
        order = ui.text("#order")
        assert re.search(r"Round 1  \d above", order) and "Raider" in order and "Sue" in active_line(order)

    run_ui(script, size=(80, 24), open_path=BRAWL)


def test_a_distance_typed_wrong_in_the_fire_dialog_says_why_and_the_app_goes_on(run_ui):
    """Found by the random-key test: "22." in the distance box (22.cm) ended the app (the preview's parse error)."""

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(GameScreen)
        await ui.press("s")
        target = next(u.id for u in ui.state.units if u.side != ui.state.unit(ui.state.active).side)
        shot = await aim_at(ui, target, "22.")
        assert ui.app.return_code is None and ui.screen is shot
        summary = words(ui.text("#shot-summary"))
        assert summary.startswith("Not possible: '22.cm' is not a distance: write centimetres like 25 or 25cm")
        await ui.press("enter")  # refused: nothing is played
        assert ui.screen is shot and ui.state.round == 1
        await ui.press("backspace")
        assert "hit " in ui.text("#shot-summary")  # 22cm is a distance

    run_ui(script, open_path=BRAWL)
