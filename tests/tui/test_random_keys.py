"""Random keys never crash the app: a seeded stream of keys over the title screen, the set-up, the battlefield,
its dialogs and table mode, sent in bursts (see BURSTS), the app idle after each burst; a quit key re-opens the
app where that part started.

The suite presses RANDOM_KEYS keys in total (about a minute and a half: the AI plays its turns between them);
more on demand, e.g. `APCOMBAT_RANDOM_KEYS=20000 APCOMBAT_RANDOM_SEED=5 pytest tests/tui/test_random_keys.py`.
A failure names the seed, the part, the key's index and the keys before it, so the same run can be played again.
"""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest
from test_keys import every_binding_id
from tui_kit import Ui

from apcombat.content import content_root
from apcombat.tui.app import ApcombatApp
from apcombat.tui.screens.game import GameScreen

SEED = int(os.environ.get("APCOMBAT_RANDOM_SEED", "9"))
RANDOM_KEYS = int(os.environ.get("APCOMBAT_RANDOM_KEYS", "1500"))
KEY_WATCHDOG_S = 60.0
"""A key the app has not finished handling after this long is a hang (a generous bound, not a timing test)."""

NAVIGATION = [
    "up",
    "down",
    "left",
    "right",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "pageup",
    "pagedown",
]
TYPING = [*"abcdefghijklmnopqrstuvwxyz0123456789", "minus", "plus", "full_stop", "comma", "slash", "underscore"]
RARE = ["home", "end", "delete", "ctrl+c", "ctrl+p", "ctrl+t", "f1", "f10", "ctrl+enter"]


PALETTE = ["ctrl+p", "enter", "tab", "escape", "down", "up", "space", "backspace", "e", "a"]
"""The keys that open the command palette, choose in it, move about it, type in it and close it."""


GM_TABLE = ["g", "N", "D", "escape", "enter", "down", "tab", "less_than_sign", "greater_than_sign", "minus", "plus"]
GM_TABLE += ["A", "P", "K", "b", *"1234567890", "ctrl+z"]
"""Issue 28's keys: the GM's menu (its bring-in, remove and "What the players see" dialogs), the note (N), the
deck's panel (D) and the pick keys with what acts on the picked unit; undo after them."""


def key_pool(part: str) -> list[str]:
    """Every key the app binds, once each; navigation keys four times; letters, digits and a few symbols (for
    the text boxes); rarer keys that leave a screen or quit once. ctrl+q quits: the run re-opens the app. The
    palette's part has its own keys thirty times over, the game master's parts (table mode, the deck, the fog)
    issue 28's ten times over."""
    bound = {key.strip() for binding in every_binding_id().values() for key in binding.key.split(",")}
    pool = sorted(bound) + NAVIGATION * 4 + TYPING + RARE + ["ctrl+q"]
    if part in ("table mode", "deck", "fog"):
        return pool + GM_TABLE * 10
    return pool + PALETTE * 30 if part == "palette" else pool


SKIRMISH = Path("skirmish")  # the test encounter, written for each test
TABLE_BRAWL = content_root() / "encounters" / "table_brawl.toml"
SCRAPYARD_CARDS = content_root() / "encounters" / "scrapyard_cards.toml"  # the activation deck (R18.5)
RUIN_GRENADES = content_root() / "encounters" / "ruin_grenades.toml"  # fog of war (R21), hot-seat's hand-overs

PARTS: dict[str, tuple[Path | None, tuple[str, ...], str, tuple[int, int], float]] = {
    # part: (the file the app opens, the keys that reach the part, the screen they reach, the terminal's size,
    # the part's share of the keys)
    "title": (None, (), "TitleScreen", (80, 24), 0.1),
    "palette": (None, ("ctrl+p",), "CommandPalette", (80, 24), 0.1),
    "set-up": (None, ("d",), "SetupScreen", (100, 32), 0.1),  # the demo duel's
    "battlefield": (SKIRMISH, ("s",), "GameScreen", (140, 45), 0.2),  # round 1
    "dialogs": (SKIRMISH, ("s", "tab", "f"), "ShotScreen", (80, 24), 0.15),  # the fire dialog at the enemy
    "table mode": (TABLE_BRAWL, ("s",), "TableScreen", (80, 24), 0.15),
    "deck": (SCRAPYARD_CARDS, ("s",), "GameScreen", (80, 24), 0.1),  # the deck's panel beside the map (D)
    "fog": (RUIN_GRENADES, ("s",), "GameScreen", (80, 24), 0.1),  # one side's view under the fog of war (R21.8)
}
BURSTS = dict.fromkeys(PARTS, 4) | {"palette": 6}
"""Each part's keys come in bursts of 1 to N at once, as a terminal sends keys typed quickly: a burst finds what a
key at a time never does (issue 22) — the palette's list and search run between frames; a dialog is opened
and closed before it is built; a screen's keys reach it as it is being taken down."""


async def press_and_wait(ui: Ui, *keys: str) -> None:
    """Press keys (at once: a burst) and wait until the app is idle: every message the keys caused handled, and
    those they caused in turn. (The Pilot's `press` also sleeps 40 ms a key to see the process idle: thousands
    of keys would take minutes.)"""
    screens = list(ui.app.screen_stack)
    await ui.press_at_once(*keys, wait=False)
    for _ in range(3):
        if ui.app.return_code is not None:
            break  # quitting: an animation cut short by the exit (a scroll) would be waited for in vain
        await ui.pilot._wait_for_screen()
        await ui.app._animator.wait_until_complete()
    if ui.app.return_code is None and list(ui.app.screen_stack) != screens:
        await ui.pilot.pause()  # a screen opened or closed: its widgets mount (and unmount) over many messages
    while ui.app.return_code is None and any(  # an AI side's turn (pace 0) plays on in a worker: let it finish
        isinstance(screen, GameScreen) and screen.ai.working for screen in ui.app.screen_stack
    ):
        await ui.pilot.pause(0.01)


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, the key file and whatever a key writes (a screenshot, an exported log) stay in tmp_path."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("APCOMBAT_SAVES", str(tmp_path / "saves"))
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"game.end" = "e,f12"\n', encoding="utf-8")
    monkeypatch.setenv("APCOMBAT_KEYS", str(keys))
    return tmp_path


@pytest.mark.parametrize("part", list(PARTS))
def test_random_keys_never_crash_the_app(part, sandbox, make_app, skirmish):
    opens, start, reached, size, share = PARTS[part]
    opens = skirmish if opens == SKIRMISH else opens
    rng = random.Random(f"{SEED}/{part}")
    pool = key_pool(part)
    keys = [rng.choice(pool) for _ in range(max(1, round(RANDOM_KEYS * share)))]
    longest = BURSTS[part]

    def where(index: int, app: ApcombatApp) -> str:
        before = " ".join(keys[max(0, index - 15) : index])
        try:
            screen = type(app.screen).__name__
        except Exception:  # the app has closed
            screen = "the closed app"
        return (
            f"APCOMBAT_RANDOM_SEED={SEED}, part {part!r}, key #{index} {keys[index]!r} on {screen}"
            f" (keys before it: {before})"
        )

    seen: dict[str, int] = {}
    opened = 0

    async def play() -> None:
        nonlocal opened
        index = 0
        while index < len(keys):
            app = make_app(open_path=opens, saves=sandbox / "saves", keymap_file=sandbox / "keys.toml", ai_pace=0)
            try:
                async with app.run_test(size=size) as pilot:
                    ui = Ui(app, pilot)
                    await ui.settle()
                    await ui.press(*start)
                    assert type(app.screen).__name__ == reached, f"{part}: {start} did not reach {reached}"
                    while index < len(keys) and app.return_code is None:
                        burst = keys[index : index + rng.randint(1, longest)]
                        try:
                            await asyncio.wait_for(press_and_wait(ui, *burst), KEY_WATCHDOG_S)
                        except TimeoutError:
                            pytest.fail(f"the app hangs: {where(index, app)}")
                        if app._exception is not None or app.crash_report is not None:
                            pytest.fail(f"the app crashed ({app._exception!r}): {where(index, app)}")
                        index += len(burst)
                        seen[type(app.screen).__name__] = seen.get(type(app.screen).__name__, 0) + 1
                    if app.return_code is None:  # the last key's screen finishes opening before the app closes
                        await ui.settle()
                    opened += 1
            except Exception as error:  # raised as the app closes (Pilot re-raises the app's first error)
                pytest.fail(f"the app crashed ({error!r}) by the time it closed: {where(index - 1, app)}")
            if app.return_code not in (None, 0) or app._exception is not None:
                pytest.fail(
                    f"the app ended with status {app.return_code} ({app._exception!r}): {where(index - 1, app)}"
                )

    asyncio.run(play())
    print(f"{part}: {len(keys)} keys, the app opened {opened} times, screens after a key: {seen}")
