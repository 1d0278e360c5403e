"""The fire dialog (f) offers only what the rules allow for the weapons in hand and the attacker's cover
(R4.1, R6.1, R8.5, R9.4, R9.5, R11.1), as the engine lists it; played through the app on the demo duel.

Ana holds two Colt 1911s (single shots only); the raider a grease gun (bursts); the low wall at 3,2-3,3.
"""

from __future__ import annotations

from tui_kit import DUEL

from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.shot import ShotScreen


async def open_dialog(ui, *commands):
    await ui.press("s")
    await ui.wait_for_screen(GameScreen)
    if commands:
        await ui.command(*commands)
    await ui.press("tab", "f")
    return await ui.wait_for_screen(ShotScreen)


async def cycle(ui, key, count):
    """The choices line after each of `count` presses of `key`."""
    seen = [ui.text("#shot-choices")]
    for _ in range(count):
        await ui.press(key)
        seen.append(ui.text("#shot-choices"))
    return seen


def modes(lines):
    return [line.split("mode: ")[1].split("   ")[0] for line in lines]


def choices_seen(run_ui, duel, commands, key, count):
    """The choices line, and the summary, after each of `count` presses of `key` in the dialog opened at the
    start of round 1 after the game-master `commands`."""
    seen = []

    async def script(ui):
        await open_dialog(ui, *commands)
        seen.extend(await cycle(ui, key, count))
        seen.append(ui.text("#shot-summary"))

    run_ui(script, open_path=duel)
    return seen[:-1], seen[-1]


def test_two_colts_offer_single_aimed_and_two_guns_and_nothing_from_cover_out_of_it(run_ui, duel):
    # R4.1: a Colt fires no bursts; R6.1, R10.1: no flamer, no close combat. Out of cover: no blind, no lean.
    lines, _ = choices_seen(run_ui, duel, (), "m", 3)
    assert modes(lines) == ["single shot", "aimed shot", "two guns", "single shot"]
    assert not any("from cover" in line for line in lines)
    lines, _ = choices_seen(run_ui, duel, (), "b", 1)
    assert not any("from cover" in line for line in lines)


def test_in_cover_single_shots_fire_blind_or_lean_two_guns_only_lean(run_ui, duel):
    # R9.4: blind fire is single shots and bursts, unaimed; R9.5: any mode leans out (+1 AP).
    async def script(ui):
        await open_dialog(ui, "gm set ana at=2,3 in_cover=true")
        lines = await cycle(ui, "b", 2)
        assert [line.split("from cover: ")[1].strip() for line in lines] == [
            "blind fire",
            "lean out (+1 AP)",
            "blind fire",
        ]
        await ui.press("m")
        assert "mode: aimed shot" in ui.text("#shot-choices")
        assert "from cover: lean out (+1 AP)" in ui.text("#shot-choices") and "[b]" not in ui.text("#shot-choices")
        await ui.press("m", "b")
        choices = ui.text("#shot-choices")
        assert "mode: two guns" in choices and "from cover: lean out (+1 AP)" in choices and "[b]" not in choices
        assert "AP 7" in ui.text("#shot-summary")  # R11.1: 5 + 1, R9.5: + 1

    run_ui(script, open_path=duel)


def test_prone_behind_the_wall_ana_may_only_lean_out(run_ui, duel):
    # R8.5, R9.5: prone behind hip-high cover she shoots across it only by leaning out.
    lines, summary = choices_seen(run_ui, duel, ("gm set ana at=2,3 pose=prone",), "m", 2)
    assert all("from cover: lean out (+1 AP)" in line for line in lines) and "Not possible" not in summary


def hot_seat_duel(folder):
    """The demo duel with the raider played by a second player: the player aims for it (no AI's unit is)."""
    text = DUEL.read_text().replace('control = "ai"', 'control = "human"')
    text = text.replace('"../characters/ana.toml"', f'"{(DUEL.parent.parent / "characters" / "ana.toml").as_posix()}"')
    path = folder / "hot_seat_duel.toml"
    path.write_text(text)
    return path


def test_a_grease_gun_offers_bursts(run_ui, tmp_path):
    # R4.1: the raider's automatic weapon fires single shots and bursts; nothing else.
    lines, _ = choices_seen(run_ui, hot_seat_duel(tmp_path), ("end",), "m", 3)
    assert set(modes(lines)) == {"single shot", "aimed shot", "burst"}
