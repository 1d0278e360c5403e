"""Issue 13, item 10: the attack resolver shows the first scenario at once; its form changes the attacker,
target, distance, mode, location and cover with the breakdown following; ctrl+s saves the scenario in the
user's own folder (item 5), where the resolver and `apcombat check` find it again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, OptionList, Select
from tui_kit import Ui

from apcombat.cli import main as cli_main
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.resolver import ResolverScreen
from apcombat.tui.screens.title import TitleScreen


def run_resolver(make_app, script, size=(80, 24)) -> None:
    app = make_app()

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            ui = Ui(app, pilot)
            await ui.wait_for_screen(TitleScreen)
            await ui.press("a")
            await ui.wait_for_screen(ResolverScreen)
            await script(ui)

    asyncio.run(main())


def breakdown(ui: Ui) -> str:
    return " ".join(ui.text("#resolution").split())


async def pick(ui: Ui, field: str, value: str) -> None:
    """Choose `value` in the form's list `field` with the keys: focus it, open it, walk to it, Enter."""
    select = ui.screen.query_one(f"#{field}", Select)
    select.focus()
    await ui.settle()
    await ui.press("enter")
    values = ui.screen._choices[field]  # type: ignore[attr-defined]
    steps = values.index(value) - values.index(str(select.value))
    await ui.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await ui.settle()
    assert select.value == value


async def clear(ui: Ui, selector: str) -> None:
    """Focus the text box and empty it with the keys."""
    box = ui.screen.query_one(selector, Input)
    box.focus()
    await ui.settle()
    await ui.press("end", *["backspace"] * len(box.value))


def test_the_first_scenario_shows_at_once(make_app) -> None:
    async def script(ui: Ui) -> None:
        listing = ui.screen.query_one("#scenarios", OptionList)
        assert listing.highlighted == 0
        assert "Vera attacks Raider: an aimed shot at the head" in breakdown(ui)  # aimed_head.toml
        assert ui.screen.query_one("#attacker", Select).value == "vera"
        assert ui.screen.query_one("#distance", Input).value == "40"
        assert ui.screen.query_one("#location", Select).value == "head"

    run_resolver(make_app, script)


def test_the_form_changes_the_attack_and_the_breakdown_follows(make_app) -> None:
    async def script(ui: Ui) -> None:
        await pick(ui, "attacker", "ana")
        assert "Ana attacks Raider" in breakdown(ui)
        assert "Colt 1911" in breakdown(ui)  # the character's own gun
        await clear(ui, "#distance")
        await ui.type("5")
        await ui.settle()
        assert "(5 m, close range)" in breakdown(ui)
        await pick(ui, "location", "torso")
        assert "at the torso" in breakdown(ui)
        await pick(ui, "mode", "single")
        await pick(ui, "location", "none")
        assert "aimed" not in breakdown(ui).split("AP cost")[0]
        before = breakdown(ui)
        ui.screen.query_one("#target-cover").focus()
        await ui.press("enter")  # the target in cover (R9.2)
        await ui.settle()
        assert breakdown(ui) != before and "cover" in breakdown(ui)
        await pick(ui, "target", "paladin")
        assert "Ana attacks Paladin" in breakdown(ui)

    run_resolver(make_app, script)


def test_an_impossible_change_says_why_and_the_form_stays(make_app) -> None:
    async def script(ui: Ui) -> None:
        await pick(ui, "mode", "burst")  # Vera's sniper rifle fires no bursts
        assert breakdown(ui).startswith("impossible attack:")
        await clear(ui, "#distance")
        await ui.settle()
        assert "the distance must be a number of metres" in breakdown(ui)

    run_resolver(make_app, script)


def test_a_changed_scenario_is_saved_in_the_users_folder_and_found_again(make_app, user_folders: Path, capsys) -> None:
    saved = user_folders / "data" / "apcombat" / "scenarios" / "ana_up_close.toml"

    async def script(ui: Ui) -> None:
        await pick(ui, "attacker", "ana")
        await clear(ui, "#distance")
        await ui.type("3")
        await ui.press("ctrl+s")
        await ui.wait_for_screen(AskScreen)
        await clear(ui, "Input")
        await ui.type("Ana up close")
        await ui.press("enter")
        await ui.until(saved.exists, "the scenario saved")
        await ui.until(lambda: isinstance(ui.screen, ResolverScreen), "back on the resolver")
        listing = ui.screen.query_one("#scenarios", OptionList)
        highlighted = listing.highlighted_option
        assert highlighted is not None and str(highlighted.prompt) == "ana up close (yours)"
        assert "Ana attacks Raider" in breakdown(ui) and "(3 m" in breakdown(ui)
        # Saving again under the same name asks before replacing it.
        await ui.press("ctrl+s")
        await ui.wait_for_screen(AskScreen)
        await clear(ui, "Input")
        await ui.type("Ana up close")
        await ui.press("enter")
        choice = await ui.wait_for_screen(ChoiceScreen)
        assert "already exists" in choice.title_text
        await ui.press("escape")

    run_resolver(make_app, script)
    text = saved.read_text(encoding="utf-8")
    assert 'character = "ana"' in text and "distance_m = 3" in text
    capsys.readouterr()
    assert cli_main(["check"]) == 0
    out = capsys.readouterr().out
    assert "13 scenarios" in out  # throw_at_the_table (R22.9) the 13th and "your own files in" in out
    assert cli_main(["check", str(saved)]) == 0
