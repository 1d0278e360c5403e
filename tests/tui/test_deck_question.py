"""The activation deck (R18.5) in the app: the deck's questions (go last, the held card) are asked beside the
board, in the unit panel's place — the map or the table, the turn order and the log stay in view (issue 28,
item 6). A digit or the arrows then Enter, or a click, answer; Escape hides the question and D brings it back.
The turn order shows the held cards and how many cards are left; an AI side chooses by itself."""

from __future__ import annotations

from pathlib import Path

import tomli_w
from tui_kit import Ui, write_encounter

from apcombat.engine import format_command
from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.hand_over import HandOverScreen
from apcombat.tui.widgets.deck_panel import DeckPanel
from apcombat.tui.widgets.panels import UnitPanel
from tests.engine.modules.fog_fights import ana, fog_file, jed


def deck_skirmish(tmp_path: Path, raiders: str = "human") -> Path:
    return write_encounter(
        tmp_path / "encounters",
        "deckskirmish",
        modules={"activation_deck": True},
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": raiders},
        ],
    )


def deck_brawl(tmp_path: Path) -> Path:
    """Two against two at the table (no map, no AI), with the activation deck."""
    data = {
        "name": "Deck brawl",
        "description": "Two against two at the table, with the activation deck.",
        "side": [{"id": "vault", "name": "Vault", "control": "human"}, {"id": "raiders", "name": "Raiders"}],
        "unit": [
            {"id": "ana", "side": "vault", "character": "ana"},
            {"id": "raider", "side": "raiders", "character": "raider"},
        ],
        "modules": {"activation_deck": True},
    }
    path = tmp_path / "encounters" / "deckbrawl.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def panel(ui: Ui) -> DeckPanel:
    return ui.game.query_one(DeckPanel)


async def asked(ui: Ui) -> list[str]:
    """The deck's question beside the board (the battlefield in front, no dialog over it): its options' lines."""
    await ui.until(lambda: isinstance(ui.screen, GameScreen) and panel(ui).display, "the deck's question")
    await ui.settle()
    choice = ui.game.session.fight.deck_choice()
    assert choice is not None
    assert ui.screen.focused is not None and panel(ui) in ui.screen.focused.ancestors  # the keys go to it
    assert not ui.game.query_one(UnitPanel).display  # in the unit panel's place
    return [format_command(command) for command, _ in choice.options]


async def hold_by_keys(ui: Ui) -> str:
    """Answer with the first `hold` option: its digit, then Enter. The line played."""
    lines = await asked(ui)
    place = next(i for i, line in enumerate(lines, 1) if line.startswith("hold "))
    await ui.press(str(place), "enter")
    await ui.settle()
    return lines[place - 1]


def test_r18_5_1_the_deck_asks_each_human_side_beside_the_board(run_ui, tmp_path: Path) -> None:
    # R18.5.1: after s, each side is asked in turn (the winner may go last), beside the map: the map, the turn
    # order and the log stay drawn. One side answers by keys, the other by a click; the held cards play first.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        lines = await asked(ui)
        shown = ui.screen_text()  # the terminal: the question beside the map, the turn order under it
        assert "Activation deck" in shown and "R18.5.1" in shown and "Hold Ana's card" in shown
        assert any(line.startswith("last ") for line in lines)  # the winner is asked first
        assert "goes last" in shown and "[V1]→" in shown and "(R1)←" in shown  # and the map, its units drawn
        assert "Deck:" in ui.text("#order") and "Ana" in ui.text("#order")
        first = await hold_by_keys(ui)
        second_lines = await asked(ui)
        assert second_lines[0].startswith("hold ")
        await ui.pilot.click("#deck-options", offset=(3, 0))  # a click on the first option plays it
        await ui.settle()
        second = second_lines[0]
        assert {first.split()[1], second.split()[1]} == {"vault", "raiders"}
        await ui.until(lambda: ui.state.active is not None, "the first held card's turn")
        assert ui.state.active == first.split()[2]
        assert not panel(ui).display and ui.game.query_one(UnitPanel).display  # the acting unit's panel is back
        order = ui.text("#order")
        assert "Deck:" in order and "0 cards left" not in order and "1 card left" in order

    run_ui(script, open_path=deck_skirmish(tmp_path))


def test_escape_hides_the_deck_question_and_d_brings_it_back(run_ui, tmp_path: Path) -> None:
    # Issue 28, item 6: Escape leaves the question for now (the hint names the key); D shows it again, with
    # the keys; the footer shows D while the deck asks.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        lines = await asked(ui)
        await ui.press("escape")
        await ui.settle()
        assert not panel(ui).display and ui.game.query_one(UnitPanel).display
        assert "D shows its question again" in ui.text("#hint")
        assert "D Deck" in ui.screen_text().splitlines()[-1]  # the footer
        await ui.press("D")
        assert await asked(ui) == lines
        await ui.press("down", "enter")  # the arrows then Enter: the second option
        await ui.settle()
        side, who = lines[1].split()[1:]
        assert lines[1].startswith("hold ") and ui.state.deck is not None and ui.state.deck.held_by(side) == who

    run_ui(script, open_path=deck_skirmish(tmp_path))


def test_r18_5_1_the_winner_goes_last_from_the_question(run_ui, tmp_path: Path) -> None:
    # R18.5.1: the highest side's question offers to go last; its digit and Enter play `last SIDE`.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        lines = await asked(ui)
        place = next(i for i, line in enumerate(lines, 1) if line.startswith("last "))
        winner = lines[place - 1].split()[1]
        await ui.press(str(place), "enter")
        await ui.settle()
        deck = ui.state.deck
        assert deck is not None and deck.went_last and deck.sides[-1] == winner
        assert "goes last" in ui.log_text() or "last" in ui.log_text()
        assert not any(line.startswith("last ") for line in await asked(ui))  # then the cards are asked

    run_ui(script, open_path=deck_skirmish(tmp_path))


def test_r18_5_1_an_ai_side_chooses_its_own_card(run_ui, tmp_path: Path) -> None:
    # R18.5.1: the raiders' AI holds its card (and may go last) by itself; the human side is asked.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.until(lambda: side_asked(ui.state) == "vault", "the vault asked")
        assert all(line.split()[1] == "vault" for line in await asked(ui))
        await hold_by_keys(ui)
        await ui.until(lambda: ui.state.deck is not None and not ui.state.deck.choosing, "the deck dealt")
        assert any(side == "raiders" for side, _ in ui.state.deck.held)

    run_ui(script, open_path=deck_skirmish(tmp_path, raiders="ai"), ai_pace=0)


def test_r18_5_1_table_mode_asks_the_game_master_for_every_sides_card(run_ui, tmp_path: Path) -> None:
    # R18.5.1 at the table (no map, no AI): the game master is asked for each side's card in turn, in the list
    # of actions' place (nobody acts yet), beside the turn order; the digits answer it, not pick a unit.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await asked(ui)
        assert "Deck:" in ui.text("#order") and "Ana" in ui.text("#order")
        assert not ui.game.query_one("#table-actions").display
        first = await hold_by_keys(ui)
        second = await hold_by_keys(ui)
        assert {first.split()[1], second.split()[1]} == {"vault", "raiders"}
        await ui.until(lambda: ui.state.active == first.split()[2], "the first held card's turn")

    run_ui(script, open_path=deck_brawl(tmp_path), size=(80, 24))


def test_r21_8_5_hot_seat_under_fog_hands_over_before_each_sides_deck_question(run_ui, tmp_path: Path) -> None:
    # R21.8.5: a hand-over before each side's deck choice; the question shows only once the side has the keys,
    # and names only that side's characters.
    path = fog_file(
        tmp_path,
        ana((0, 0), "E"),
        jed((6, 4), "W"),
        modules=("fog_of_war", "activation_deck"),
        controls={"vault": "human", "raiders": "human"},
    )

    async def script(ui: Ui) -> None:
        await ui.wait_for_screen(HandOverScreen)
        await ui.press("enter")  # the set-up is everyone's
        await ui.settle()
        await ui.press("s")
        for _ in range(2):
            await ui.wait_for_screen(HandOverScreen)
            side = side_asked(ui.state)
            await ui.press("enter")
            lines = await asked(ui)
            assert ui.game.session.fight.viewing_side() == side
            assert all(line.split()[1] == side for line in lines)
            await hold_by_keys(ui)
        await ui.until(lambda: ui.state.deck is not None and not ui.state.deck.choosing, "the deck dealt")

    run_ui(script, open_path=path)


def test_the_command_palette_offers_the_deck_question_in_table_mode(run_ui, tmp_path: Path) -> None:
    # Issue 28, item 6: ctrl+p offers the deck's key by name on the table's screen too (its battlefield keys
    # are inherited from the map's screen), and runs it: the question comes back.
    from textual.command import CommandList, CommandPalette

    async def script(ui: Ui) -> None:
        await ui.press("s")
        await asked(ui)
        await ui.press("escape")
        await ui.settle()
        await ui.press("ctrl+p")
        palette = await ui.wait_for_screen(CommandPalette)
        await ui.type("Deck")
        results = palette.query_one(CommandList)

        def prompts() -> list[str]:
            return [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]

        await ui.until(lambda: any("Deck" in p and "key: D" in p for p in prompts()), "the palette to offer Deck")
        results.highlighted = next(i for i, p in enumerate(prompts()) if "key: D" in p)
        await ui.press("enter")
        await ui.wait_for_screen(GameScreen)
        await asked(ui)

    run_ui(script, open_path=deck_brawl(tmp_path))


def test_below_80_columns_the_folded_side_panels_open_for_the_question_and_fold_after(run_ui, tmp_path: Path) -> None:
    # Issue 28, item 6: at 64 columns the side panels start folded (`i`); the deck's question shows them, and
    # once it is answered they fold again.
    async def script(ui: Ui) -> None:
        assert not ui.game.query_one("#side").display
        await ui.press("s")
        await hold_by_keys(ui)
        assert ui.game.query_one("#side").display
        await hold_by_keys(ui)
        await ui.until(lambda: ui.state.active is not None, "the first held card's turn")
        assert not ui.game.query_one("#side").display

    run_ui(script, open_path=deck_skirmish(tmp_path), size=(64, 24))
