"""The table-fight roster, driven with keys only: a 3 vs 3 fight from ready characters and a new one, saved
as an encounter file that loads, then started through the set-up; the new-character form's problems; saving
never replaces a file silently, and leaving never loses an unsaved fight."""

from __future__ import annotations

import asyncio
import shutil
import time
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Label

from apcombat.content import Library, load_encounter, load_library
from apcombat.tui.app import ApcombatApp, create_app
from apcombat.tui.screens.character_form import CharacterFormScreen
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.roster import RosterScreen
from apcombat.tui.screens.setup import SetupScreen
from apcombat.tui.screens.title import TitleScreen

CONTENT = Path(__file__).resolve().parents[2] / "content"
READY = ["ana", "bo", "cole", "firebug", "grenadier", "gruk", "paladin", "raider", "rocco", "vera"]
"""The ready characters as the roster lists them (by name), after its "+ New character…" line."""

Script = Callable[[Pilot, ApcombatApp], Awaitable[None]]


def content_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    return folder


def run(tmp_path: Path, script: Script, size: tuple[int, int] = (80, 24)) -> Library:
    """Run `script` in the app on a copy of the content (at the title screen), the user's own content folder
    being tmp_path/mine; the library it used."""
    library = load_library(content_copy(tmp_path), tmp_path / "mine")
    app = create_app(library=library, saves=tmp_path / "saves", keymap_file=tmp_path / "nokeys.toml")

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            await script(pilot, app)

    asyncio.run(main())
    return library


async def until(pilot: Pilot, condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out; the screen is {type(pilot.app.screen).__name__}"
        await pilot.pause(0.01)
    await pilot.pause()


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*["space" if character == " " else character for character in text])


async def add_ready(pilot: Pilot, character_id: str) -> None:
    """Walk the ready list to the character (from the top) and add it to the side ▶."""
    await pilot.press("home", *["down"] * (READY.index(character_id) + 1), "enter")


async def pick_weapon(pilot: Pilot, search: str) -> None:
    """On a weapon slot of the form: open it, type to find the weapon, take it."""
    await pilot.press("enter")
    await type_text(pilot, search)
    await pilot.press("enter")


async def save_as(pilot: Pilot, name: str) -> None:
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(pilot.app.screen, AskScreen))
    await type_text(pilot, name)
    await pilot.press("enter")


async def open_roster(pilot: Pilot) -> RosterScreen:
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, RosterScreen))
    return pilot.app.screen  # type: ignore[return-value]


def test_a_three_against_three_fight_is_saved_loads_and_starts(tmp_path: Path) -> None:
    path = tmp_path / "mine" / "encounters" / "saloon_rematch.toml"

    async def script(pilot: Pilot, app: ApcombatApp) -> None:
        roster = await open_roster(pilot)
        await add_ready(pilot, "ana")
        await add_ready(pilot, "cole")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CharacterFormScreen))
        await type_text(pilot, "Drifter")
        await pilot.press("tab", "tab")  # past "save to characters/" to the weapon in hand
        await pick_weapon(pilot, "peacemaker")
        await pilot.press("tab")
        await pick_weapon(pilot, "knife")
        await pilot.press("f10")
        await until(pilot, lambda: app.screen is roster)
        await pilot.press("s")  # the opponents
        await add_ready(pilot, "raider")
        await pilot.press("enter")  # a second raider
        await add_ready(pilot, "vera")
        await save_as(pilot, "Saloon rematch")
        await until(pilot, lambda: app.screen is roster and path.exists())
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.path == path  # type: ignore[attr-defined]

    library = run(tmp_path, script)
    encounter = load_encounter(path, library)
    assert encounter.name == "Saloon rematch" and encounter.map is None
    assert [(side.id, side.name) for side in encounter.sides] == [("players", "Players"), ("opponents", "Opponents")]
    carried = {unit.id: [weapon.weapon.id for weapon in unit.weapons] for unit in encounter.units}
    assert carried == {
        "ana": ["colt_1911", "colt_1911"],
        "cole": ["flamer", "pistol_10mm"],
        "drifter": ["peacemaker", "knife"],
        "raider": ["grease_gun", "combat_knife"],
        "raider_2": ["grease_gun", "combat_knife"],
        "vera": ["sniper_rifle", "browning_high_power"],
    }
    assert [unit.side for unit in encounter.units] == ["players"] * 3 + ["opponents"] * 3
    assert not (tmp_path / "mine" / "characters" / "drifter.toml").exists()  # used inline, not saved


def test_the_form_shows_each_problem_under_its_field_and_stays(tmp_path: Path) -> None:
    async def script(pilot: Pilot, app: ApcombatApp) -> None:
        await open_roster(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CharacterFormScreen))
        form = app.screen
        await pilot.press(*["tab"] * 6, "1", "1")  # no name, no weapon, ST 11
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form

        def problem(group: str) -> str:
            label = form.query_one(f"#{group}-problem", Label)
            return str(label.render()) if label.display else ""

        assert problem("name") == "give the character a name"
        assert problem("weapons") == "pick at least one weapon (Fists to fight bare-handed)"
        assert problem("special") == "ST: expected a whole number from 1 to 10, got 11"
        assert problem("skills") == ""
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, RosterScreen))

    run(tmp_path, script)


def test_a_saved_character_becomes_a_ready_one_named_by_id(tmp_path: Path) -> None:
    path = tmp_path / "mine" / "encounters" / "grudge.toml"

    async def script(pilot: Pilot, app: ApcombatApp) -> None:
        roster = await open_roster(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CharacterFormScreen))
        await type_text(pilot, "Raider")
        await pilot.press("tab", "space", "tab")  # save to characters/, then the weapon in hand
        await pick_weapon(pilot, "fists")
        await pilot.press("f10")
        await until(pilot, lambda: app.screen is roster)
        assert "raider_2" in roster.library.characters and app.library is roster.library
        await pilot.press("s")
        await add_ready(pilot, "raider")
        await save_as(pilot, "Grudge")
        await until(pilot, lambda: path.exists())

    library = run(tmp_path, script)
    saved = tmp_path / "mine" / "characters" / "raider_2.toml"
    assert saved.exists()  # raider.toml is another character: never replaced
    assert sorted(path.name for path in (tmp_path / "content").rglob("*")) == sorted(  # issue 13, item 5
        path.name for path in CONTENT.rglob("*")
    ), "nothing is written into the content folder"
    units = load_encounter(path, library).units
    assert [(unit.id, unit.name, unit.weapons[0].weapon.id) for unit in units] == [
        ("raider", "Raider 1", "fists"),  # two of one name are numbered to tell them apart
        ("raider_2", "Raider 2", "grease_gun"),
    ]
    assert 'character = "raider_2"' in path.read_text(encoding="utf-8")


def test_the_form_takes_thrown_weapons_counts_and_saves_them(tmp_path: Path) -> None:
    # R22.1.2: a character carries thrown weapons in `thrown`, id = how many; the form has a count per thrown
    # weapon of the list (0 left out) and the saved character file keeps them.
    async def script(pilot: Pilot, app: ApcombatApp) -> None:
        roster = await open_roster(pilot)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, CharacterFormScreen))
        form = app.screen
        await type_text(pilot, "Bomber")
        await pilot.press("tab", "space", "tab")  # save to characters/, then the weapon in hand
        await pick_weapon(pilot, "fists")
        for weapon_id, count in (("frag_grenade", "2"), ("molotov", "1")):
            form.query_one(f"#thrown-{weapon_id}", Input).focus()
            await pilot.press("backspace", *count)
        await pilot.press("f10")
        await until(pilot, lambda: app.screen is roster)

    run(tmp_path, script)
    saved = tomllib.loads((tmp_path / "mine" / "characters" / "bomber.toml").read_text(encoding="utf-8"))
    assert saved["thrown"] == {"frag_grenade": 2, "molotov": 1}


def test_saving_over_another_file_asks_and_leaving_unsaved_asks(tmp_path: Path) -> None:
    duel = tmp_path / "mine" / "encounters" / "duel.toml"  # a fight of the user's own, saved before
    duel.parent.mkdir(parents=True)
    shutil.copy(CONTENT / "encounters" / "duel.toml", duel)

    async def script(pilot: Pilot, app: ApcombatApp) -> None:
        roster = await open_roster(pilot)
        await add_ready(pilot, "bo")
        await pilot.press("s")
        await add_ready(pilot, "gruk")
        original = duel.read_bytes()
        await save_as(pilot, "Duel")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("enter")  # the first choice: give another name
        await until(pilot, lambda: isinstance(app.screen, AskScreen))
        await type_text(pilot, "Duel two")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is roster and roster.saved_as is not None)
        assert duel.read_bytes() == original
        assert roster.saved_as == duel.with_name("duel_two.toml")
        await pilot.press("x")  # Gruk leaves: the fight changed since it was saved
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("down", "down", "enter")  # stay here
        await until(pilot, lambda: app.screen is roster)
        assert len(roster.roster.units) == 1
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("down", "enter")  # leave without saving
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert "yours:duel_two" in app.screen.encounters  # the title lists the fight saved, as the user's

    run(tmp_path, script)
