"""Hot-seat under the fog of war (R21.8.5, R21.8.2 c, R21.8.8): the hand-over screen covers the battlefield
whenever another human side's view is to be shown — before round 1's first turn, at each turn of another
side's character, around an interruption by another side's watcher — and during an AI side's turns; it answers
only Enter, a click and ctrl+q; ctrl+z takes back only what was played since the last hand-over, and nothing
that showed the side something new. E21.5 is the worked example."""

from __future__ import annotations

from pathlib import Path

from tui_kit import Scripted

from apcombat.ai import DEFAULT_LEVEL, LEVELS
from apcombat.engine import Game, view
from apcombat.saves import save_game
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.hand_over import HandOverScreen
from apcombat.tui.widgets.waited_panel import WaitedPanel
from tests.engine.builders import write_encounter
from tests.engine.modules.fog_fights import ana, ben, fog_document, fog_encounter, fog_file, jed, rat


def e21_5(folder: Path) -> Path:
    """R21.11's yard with both sides `human`: Ana, Jed, Ben, Rat in that order (initiative off); Rat hidden
    at 9,2 facing W; Ben at 0,6, below Rat's cone."""
    return fog_file(
        folder,
        ana((0, 0), "E"),
        jed((6, 4), "W"),
        ben((0, 6), "N"),
        rat((9, 2), "W", hidden=True),
        controls={"vault": "human", "raiders": "human"},
    )


def cover_text(ui) -> str:
    assert isinstance(ui.screen, HandOverScreen), f"no hand-over: {type(ui.screen).__name__}"
    return ui.text("#hand-over-text")


async def take(ui, side: str, round_: int) -> None:
    """The hand-over to `side`'s player is up; Enter shows its view."""
    names = {"vault": "The Vault's", "raiders": "Raiders'"}
    assert cover_text(ui) == (
        f"Round {round_} — pass the keyboard to {names[side]} player: press Enter when only they can see the screen"
    )
    await ui.press("enter")
    await ui.settle()
    assert isinstance(ui.screen, GameScreen) and ui.game.session.fight.viewing_side() == side


def units_in(ui, side: str) -> set[str]:
    return {unit.id for unit in view(ui.state, side).units}


async def e21_5_script(ui, reveals: bool) -> None:
    """E21.5 through the keys. `reveals`: also what needs R21.4.2 (c), Rat revealed as it interrupts."""
    fight = ui.game.session.fight
    assert "Set-up — press Enter to roll initiative" in cover_text(ui)  # the set-up is everyone's
    await ui.press("enter")
    await take(ui, "vault", 1)
    for side in ("raiders", "vault", "raiders"):  # round 1: Ana, Jed, Ben end their turns
        await ui.press("e")
        await take(ui, side, 1)
    await ui.command("react rat")  # Rat stands watch, hidden (R21.3.3); round 2 begins with Ana
    await take(ui, "vault", 2)
    assert ui.state.active == "ana" and "rat" not in units_in(ui, "vault")  # Ana's turn, no Rat
    await ui.press("e")
    await take(ui, "raiders", 2)
    assert ui.state.active == "jed" and view(ui.state, "raiders").unit("rat").hidden  # Rat drawn, hidden
    assert ui.map.cursor == (6, 4)  # on Jed, not where the vault's player left it
    await ui.move_cursor_to((9, 2))  # the raiders' player looks at Rat ...
    await ui.press("e")
    await take(ui, "vault", 2)
    assert ui.map.cursor == (0, 6)  # ... and the vault's finds the cursor on Ben
    ui.game.session.play("gm dice 4")  # Rat's perception test: d10 = 4 against PE 6 (E21.4)
    await ui.command("move ben 0,5 0,4")
    assert ui.state.interrupt is not None and ui.state.unit("ben").at == (0, 5)
    assert not ui.notices()  # no notice of the move stays over the cover
    await take(ui, "raiders", 2)  # Rat's interruption
    await ui.command("shoot rat ben lean")
    await ui.press("e")
    await take(ui, "vault", 2)  # the interruption ends: Ben goes on in the vault's view
    assert ui.state.active == "ben" and fight.viewing_side() == "vault"
    if reveals:  # R21.4.2 (c): Rat was revealed as it interrupted, and the vault saw it shoot
        assert "rat" in units_in(ui, "vault")
        assert "Rat (revealed) shoots Ben" in ui.log_text() or "Rat is revealed" in ui.log_text()
    await ui.press("ctrl+z")  # nothing of the vault's since the hand-over
    assert "nothing to undo since the keyboard was handed over" in ui.text("#hint")
    await ui.command("pose ben crouched")
    await ui.press("ctrl+z")  # the vault's own command since the hand-over: taken back
    assert ui.state.unit("ben").pose.value == "upright" and isinstance(ui.screen, GameScreen)


def test_e21_5_hot_seat_hands_the_keyboard_over_at_each_turn_and_around_the_interruption(run_ui, tmp_path):
    async def script(ui) -> None:
        await e21_5_script(ui, reveals=False)

    run_ui(script, open_path=e21_5(tmp_path))


def test_e21_5_the_vault_sees_rat_revealed_after_the_interruption(run_ui, tmp_path):
    async def script(ui) -> None:
        await e21_5_script(ui, reveals=True)

    run_ui(script, open_path=e21_5(tmp_path))


def test_the_hand_over_answers_only_enter_a_click_and_quitting_and_nothing_of_the_fight_shows(run_ui, tmp_path):
    async def script(ui) -> None:
        await ui.press("enter")
        await take(ui, "vault", 1)
        await ui.command("pose ana crouched")
        await ui.press("e")
        text = ui.screen_text()
        assert "Raiders' player" in text
        parts = ("#battle", "#hint", "#log")  # map and panels, hint, log: blank behind the cover too
        assert not any(ui.game.query_one(part).visible for part in parts)
        for hidden in ("Ana", "Jed", "Rat", "Round 1 ", "crouched", "AP"):  # map, panels, log, turn order
            assert hidden not in text.replace("Round 1 — pass", ""), hidden
        for key in ("e", "ctrl+z", "m", "colon", "question_mark", "g", "escape", "ctrl+t", "f1"):
            await ui.press(key)
            assert isinstance(ui.screen, HandOverScreen), key
        assert ui.state.unit("ana").pose.value == "crouched" and ui.state.active == "jed"
        await ui.pilot.click("#hand-over")  # a click takes it too
        await ui.settle()
        assert isinstance(ui.screen, GameScreen) and ui.game.session.fight.viewing_side() == "raiders"
        assert all(ui.game.query_one(part).visible for part in parts)

    run_ui(script, open_path=e21_5(tmp_path))


def test_with_the_fog_off_hot_seat_has_no_hand_over(run_ui, tmp_path):
    path = fog_file(tmp_path, ana((0, 0), "E"), jed((6, 4), "W"), modules=(), controls={})

    async def script(ui) -> None:
        assert isinstance(ui.screen, GameScreen)
        await ui.press("s")
        assert isinstance(ui.screen, GameScreen) and ui.state.active == "ana"
        await ui.press("e")
        assert isinstance(ui.screen, GameScreen) and ui.state.active == "jed"
        await ui.press("ctrl+z")  # as ever: the other player's command is taken back
        assert ui.state.active == "ana"

    run_ui(script, open_path=path)


def test_r21_8_5_the_other_sides_re_roll_window_opens_behind_its_hand_over(run_ui, tmp_path):
    units = (ana((0, 0), "E"), jed((6, 4), "W"), ben((0, 6), "N"), rat((9, 2), "W", hidden=True))
    document = fog_document(*units, modules=("fog_of_war", "rerolls"), controls={})
    for side in document["side"]:
        side["reroll_points"] = 4
    path = write_encounter(tmp_path / "fog.toml", document)

    async def script(ui) -> None:
        await ui.press("enter")
        await take(ui, "vault", 1)
        for side in ("raiders", "vault", "raiders"):
            await ui.press("e")
            await take(ui, side, 1)
        await ui.command("react rat")
        await take(ui, "vault", 2)
        await ui.press("e")
        await take(ui, "raiders", 2)
        await ui.press("e")
        await take(ui, "vault", 2)
        ui.game.session.play("gm dice 9")  # Rat's perception test fails: a die of the raiders'
        await ui.command("move ben 0,5")
        assert "Raiders' player" in cover_text(ui)  # before the raiders' window
        await ui.press("enter")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert ui.game.session.fight.viewing_side() == "raiders"
        assert "Raiders may re-roll a die of that action" in choice.title_text
        await ui.press("enter")  # No re-roll
        await take(ui, "vault", 2)  # Ben goes on
        assert ui.state.active == "ben" and ui.state.unit("ben").at == (0, 5)

    run_ui(script, open_path=path)


def test_an_ai_sides_turn_plays_behind_its_cover_and_the_next_side_sees_no_panel_of_another(
    run_ui, tmp_path, monkeypatch
):
    monkeypatch.setitem(LEVELS, DEFAULT_LEVEL, lambda settings: Scripted(["pose sal crouched"]))
    units = (ana((0, 0), "E"), jed((6, 4), "W"))
    document = fog_document(*units, controls={})
    document["side"].append({"id": "scavs", "name": "Scavs", "control": "ai"})
    document["unit"].append({**ana((9, 6), "W"), "id": "sal", "side": "scavs"})
    path = write_encounter(tmp_path / "three.toml", document)

    async def script(ui) -> None:
        await ui.press("enter")
        await take(ui, "vault", 1)
        await ui.press("e")
        await take(ui, "raiders", 1)
        await ui.press("e")  # Sal's turn: the AI side's, nobody's view
        await ui.until(lambda: ui.state.round == 2, "the AI's turn played")
        await ui.settle()
        assert ui.state.unit("sal").pose.value == "crouched"
        await take(ui, "vault", 2)
        assert not ui.game.query(WaitedPanel)  # what opened behind the cover was not the vault's

    run_ui(script, open_path=path)


def test_a_hot_seat_save_opens_behind_the_hand_over_to_the_side_to_act(run_ui, tmp_path):
    game = Game(fog_encounter(tmp_path, ana((0, 0), "E"), jed((6, 4), "W"), controls={}), seed=1)
    game.play_all(["start", "end"])  # Jed's turn
    path = save_game(game, tmp_path / "saves" / "hot.toml")

    async def script(ui) -> None:
        await take(ui, "raiders", 1)
        assert ui.state.active == "jed"
        await ui.press("ctrl+z")  # the vault's `end` came before the hand-over
        assert ui.state.active == "jed" and "nothing to undo since the keyboard was handed over" in ui.text("#hint")

    run_ui(script, open_path=path)


def test_a_command_box_left_open_is_put_away_at_the_hand_over(run_ui, tmp_path):  # R21.8.5
    """The vault's player ends Ana's turn from the command box and leaves it open with a line half typed:
    behind the hand-over the raiders' player finds it closed and empty, and the map has the keys."""
    from textual.widgets import Input

    async def script(ui) -> None:
        await ui.press("enter")
        await take(ui, "vault", 1)
        await ui.press("colon")
        await ui.type("end")
        await ui.press("enter")
        await ui.type("shoot ana jed")  # not played: the next player must not read it
        await ui.settle()
        await take(ui, "raiders", 1)
        box = ui.game.query_one("#command", Input)
        assert not box.display and box.value == "" and ui.app.focused is not box

    run_ui(script, open_path=e21_5(tmp_path))


def test_w_shows_a_side_only_its_own_while_you_waited(run_ui, tmp_path):  # R21.8.5, R21.8.3
    """The raiders' player opened their "While you waited" (Ben's end, as the raiders were told it); in
    round 2 the vault, which saw nothing new of hidden Rat, presses W: its own last list, not the raiders'."""

    def listed(ui) -> list[tuple[str, list[str]]]:
        return [(panel.stretch.viewing, panel.stretch.lines()) for panel in ui.game.query(WaitedPanel)]

    async def script(ui) -> None:
        await ui.press("enter")
        await take(ui, "vault", 1)
        await ui.press("e")  # Ana
        await take(ui, "raiders", 1)
        await ui.press("e")  # Jed
        await take(ui, "vault", 1)
        await ui.press("W")
        assert listed(ui) == [("vault", ["round 1: R1 Jed ends the turn"])]
        await ui.press("escape", "e")  # Ben
        await take(ui, "raiders", 1)
        await ui.press("W")
        assert [viewing for viewing, _ in listed(ui)] == ["raiders"]
        await ui.press("escape", "e")  # Rat
        await take(ui, "vault", 2)
        await ui.press("W")
        await ui.settle()
        assert listed(ui) == [("vault", ["round 1: R1 Jed ends the turn"])]

    run_ui(script, open_path=e21_5(tmp_path))
