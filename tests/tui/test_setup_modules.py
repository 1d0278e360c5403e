"""The set-up screen's switches of the optional modules (R18, and fog of war, R21): one per module, named with its
rule number,
pre-filled from the encounter's `[modules]`, and what they say when Start is pressed is the fight's — in its
state and in its saves."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from apcombat.content import content_root
from apcombat.saves import load_game
from apcombat.tui.screens.dialogs import AskScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.setup import SetupScreen

ENCOUNTERS = content_root() / "encounters"
MODULES = {
    "morale": "morale (R18.1)",
    "casualties": "casualties (R18.2)",
    "fire_spread": "spreading fires (R18.3)",
    "suppression": "suppression (R18.4)",
    "activation_deck": "activation deck (R18.5)",
    "rerolls": "re-roll points (R18.6)",
    "fog_of_war": "fog of war (R21)",  # beside R18's six, after them in the rules' order (R21)
}
R18_SIX = {key: words for key, words in MODULES.items() if key != "fog_of_war"}


async def open_setup(ui, encounter: Path) -> SetupScreen:
    ui.app.push_screen(SetupScreen(encounter, ui.app.library))
    return await ui.wait_for_screen(SetupScreen)


def module_switches(setup: SetupScreen) -> dict[str, tuple[str, bool]]:
    """Each module switch the screen shows: its key, the words on it and whether it is on."""
    return {
        box.id.removeprefix("module-"): (str(box.label), box.value)
        for box in setup.query(Checkbox)
        if box.id and box.id.startswith("module-")
    }


async def save_as(ui, name: str) -> None:
    await ui.press("ctrl+s")
    await ui.wait_for_screen(AskScreen)
    await ui.press("ctrl+u")
    await ui.type(name)
    await ui.press("enter")
    await ui.wait_for_screen(GameScreen)


def test_the_seven_modules_are_listed_with_their_rules_and_pre_filled_from_the_encounter(run_ui):
    async def script(ui) -> None:
        duel = await open_setup(ui, ENCOUNTERS / "duel.toml")  # no [modules]: every one off
        assert module_switches(duel) == {key: (words, False) for key, words in MODULES.items()}
        assert list(module_switches(duel)) == list(MODULES)  # in the rules' order: R18.1 ... R18.6, R21
        assert "Optional modules (R18, R21)" in [str(label.render()) for label in duel.query(".section")]
        await ui.press("escape")
        last_stand = await open_setup(ui, ENCOUNTERS / "last_stand.toml")  # R18's six on, no fog
        assert module_switches(last_stand) == {key: (words, key in R18_SIX) for key, words in MODULES.items()}
        await ui.press("escape")
        ambush = await open_setup(ui, ENCOUNTERS / "gulch_ambush.toml")  # fog of war only
        assert module_switches(ambush) == {key: (words, key == "fog_of_war") for key, words in MODULES.items()}
        pinned_down = await open_setup(ui, ENCOUNTERS / "pinned_down.toml")  # suppression and re-rolls only
        on = {key for key, (_, value) in module_switches(pinned_down).items() if value}
        assert on == {"suppression", "rerolls"}

    run_ui(script)


async def switched_and_saved(ui, encounter: str, module: str, saves: Path):
    """Flip `module`'s switch on the set-up of `encounter`, start the fight and save it: the save read back."""
    await open_setup(ui, ENCOUNTERS / f"{encounter}.toml")
    await ui.pilot.click(f"#module-{module}")
    await ui.press("f10")
    await ui.wait_for_screen(GameScreen)
    await save_as(ui, f"{encounter}_{module}")
    return load_game(saves / f"{encounter}_{module}.toml")


def test_a_module_switched_on_at_set_up_plays_and_is_saved(run_ui, tmp_path):
    async def script(ui) -> None:
        saved = await switched_and_saved(ui, "duel", "morale", tmp_path / "saves")
        assert ui.state.modules == dict.fromkeys(MODULES, False) | {"morale": True}
        assert saved.state.module_on("morale") and not saved.state.module_on("casualties")

    run_ui(script)


def test_a_module_switched_off_at_set_up_refuses_its_commands_and_is_saved(run_ui, tmp_path):
    async def script(ui) -> None:
        saved = await switched_and_saved(ui, "last_stand", "suppression", tmp_path / "saves")
        assert ui.state.modules == dict.fromkeys(R18_SIX, True) | {"suppression": False, "fog_of_war": False}
        assert not saved.state.module_on("suppression") and saved.state.module_on("morale")
        await ui.command("calm rico")
        assert any(
            "calm belongs to the suppression module, which this encounter has off" in notice for notice in ui.notices()
        )

    run_ui(script)


def test_fires_the_map_starts_with_keep_spreading_fires_on(run_ui):
    # R18.3: an encounter whose map starts burning is refused without fire_spread; so is its set-up.
    async def script(ui) -> None:
        setup = await open_setup(ui, ENCOUNTERS / "brush_fire.toml")
        await ui.pilot.click("#module-fire_spread")
        await ui.press("f10")
        await ui.settle()
        assert ui.screen is setup
        assert any("This map starts with fires" in notice and "(R18.3)" in notice for notice in ui.notices())
        await ui.pilot.click("#module-fire_spread")
        await ui.press("f10")
        await ui.wait_for_screen(GameScreen)
        assert ui.state.module_on("fire_spread")

    run_ui(script)
