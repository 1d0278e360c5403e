"""The app tests' fixtures: the app factory (`make_app`), the test encounter's file, `run_ui` and `snap`. The
helpers they share with the tests (`Ui`, the encounter, `Scripted`) live in tui_kit.py: a test imports them from
there, never from a conftest (each test folder has one, and only one can be the module `conftest`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_kit import (
    DUEL,
    NO_KEYS,
    SEED,
    Ui,
    write_encounter,
)

from apcombat.content import Library, content_root, load_library
from apcombat.content.settings import HINTS, remember
from apcombat.tui.app import ApcombatApp, create_app


@pytest.fixture(autouse=True)
def crash_folder(user_folders: Path) -> Path:
    """Crash reports of the app under test go to the test's user log folder, never to the user's own."""
    from apcombat.content.user_files import crash_folder

    return crash_folder()


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library(content_root())


@pytest.fixture
def make_app(library: Library, tmp_path: Path) -> Callable[..., ApcombatApp]:
    """`make_app(**options)`: the app as the CLI makes it, with saves and the key file in tmp_path."""

    def make(**options: Any) -> ApcombatApp:
        defaults = {"library": library, "saves": tmp_path / "saves", "keymap_file": tmp_path / "nokeys.toml"}
        return create_app(**(defaults | {"seed": SEED} | options))

    return make


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """The test encounter's file."""
    return write_encounter(tmp_path / "encounters")


@pytest.fixture
def duel() -> Path:
    """The demo duel's encounter file, as shipped."""
    return DUEL


@pytest.fixture
def run_ui(make_app: Callable[..., ApcombatApp], skirmish: Path) -> Callable[..., ApcombatApp]:
    """`run_ui(script, size=..., **app_options)`: run `await script(ui)` in the app (by default opened on
    the test encounter, in set-up on the battlefield) and return the app."""

    def run(script: Callable[[Ui], Awaitable[None]], size: tuple[int, int] = (140, 45), **options: Any) -> ApcombatApp:
        app = make_app(**({"open_path": skirmish} | options))

        async def main() -> None:
            async with app.run_test(size=size) as pilot:
                ui = Ui(app, pilot)
                await ui.settle()
                await script(ui)

        asyncio.run(main())
        return app

    return run


@pytest.fixture
def snap(snap_compare: Callable[..., bool], make_app: Callable[..., ApcombatApp]) -> Callable[..., bool]:
    """`snap(steps, size, hints=False, **app_options)`: compare the screen after `await steps(ui)` with its SVG
    snapshot in __snapshots__ (`pytest --snapshot-update` rewrites them). The key file's path is the same
    everywhere. The demo duel's tutorial hints are off unless `hints` (their own snapshots show them)."""

    def compare(
        steps: Callable[[Ui], Awaitable[None]] | None, size: tuple[int, int], hints: bool = False, **options: Any
    ) -> bool:
        remember(HINTS, hints)
        app = make_app(**({"keymap_file": NO_KEYS} | options))

        async def run_before(pilot: Pilot) -> None:
            ui = Ui(app, pilot)
            await ui.settle()
            if steps is not None:
                await steps(ui)
            await ui.settle()

        return snap_compare(app, terminal_size=size, run_before=run_before)

    return compare
