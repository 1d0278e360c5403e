"""The activation deck (R18.5) in the app: the deck's questions are asked in a dialog (go last, the held
card), the turn order shows the held cards and how many cards are left, and an AI side chooses by itself."""

from __future__ import annotations

from pathlib import Path

from conftest import Ui, write_encounter
from textual.widgets import OptionList

from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.tui.screens.dialogs import ChoiceScreen


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


async def hold_first_card(ui: Ui) -> str:
    """Answer the deck's dialog with its first `hold` option; the line chosen."""
    dialog = await ui.wait_for_screen(ChoiceScreen)
    lines = [option_id for option_id, _ in dialog.options]
    assert any(line.startswith("hold ") for line in lines), lines
    index = next(i for i, line in enumerate(lines) if line.startswith("hold "))
    dialog.query_one(OptionList).highlighted = index
    await ui.press("enter")
    await ui.settle()
    return lines[index]


def test_r18_5_1_the_app_asks_each_human_side_for_its_held_card(run_ui, tmp_path: Path) -> None:
    # R18.5.1: after s, each side is asked in turn (the winner may go last); then the held cards play first.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.settle()
        dialog = await ui.wait_for_screen(ChoiceScreen)
        assert "activation deck" in dialog.title_text and "R18.5.1" in dialog.title_text
        assert any(line.startswith("last ") for line, _ in dialog.options)  # the winner is asked first
        first = await hold_first_card(ui)
        second = await hold_first_card(ui)
        assert {first.split()[1], second.split()[1]} == {"vault", "raiders"}
        await ui.until(lambda: ui.state.active is not None, "the first held card's turn")
        assert ui.state.active == first.split()[2]
        order = ui.text("#order")
        assert "Deck:" in order and "0 cards left" not in order and "1 card left" in order

    run_ui(script, open_path=deck_skirmish(tmp_path))


def test_r18_5_1_an_ai_side_chooses_its_own_card(run_ui, tmp_path: Path) -> None:
    # R18.5.1: the raiders' AI holds its card (and may go last) without a dialog; the human side is asked.
    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.settle()
        await ui.until(lambda: side_asked(ui.state) == "vault" or isinstance(ui.screen, ChoiceScreen), "a question")
        dialog = await ui.wait_for_screen(ChoiceScreen)
        assert all(line.split()[1] == "vault" for line, _ in dialog.options)
        await hold_first_card(ui)
        await ui.until(lambda: ui.state.deck is not None and not ui.state.deck.choosing, "the deck dealt")
        assert any(side == "raiders" for side, _ in ui.state.deck.held)

    run_ui(script, open_path=deck_skirmish(tmp_path, raiders="ai"), ai_pace=0)


def test_r18_5_1_table_mode_asks_the_game_master_for_every_sides_card(run_ui, tmp_path: Path) -> None:
    # R18.5.1 at the table (no map, no AI): the game master is asked for each side's card in turn.
    import tomli_w

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

    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.settle()
        first = await hold_first_card(ui)
        second = await hold_first_card(ui)
        assert {first.split()[1], second.split()[1]} == {"vault", "raiders"}
        await ui.until(lambda: ui.state.active == first.split()[2], "the first held card's turn")

    run_ui(script, open_path=path)
