"""What start-up loads, not how long it takes: importing the command line, and the title screen up to its first
usable frame (its encounter list filled), load none of the heavy parts of the program. Each of those costs the
title tens of milliseconds (the engine, the save format and the content's converters about 300 together); the
benchmark that times it is tests/bench/bench_tui.py --startup-only (docs/performance.md). A failure names what
was loaded (`python -X importtime -c "import apcombat.cli"` shows through which import): defer that import to
where it is used (the subcommand that runs, the screen that needs it), as apcombat/cli/serve.py does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

NEVER_AT_START = (
    # The game itself: loaded when a fight is set up or a save is read, never for the title.
    "apcombat.model",
    "apcombat.rules",
    "apcombat.board",
    "apcombat.engine",
    "apcombat.players_view",
    "apcombat.fight",
    # Everything but the save files' names and the autosave claims (saves/names.py, saves/autosaving.py).
    "apcombat.saves.files",
    "apcombat.saves.format",
    "apcombat.saves.agreement",
    "apcombat.saves.consistency",
    "apcombat.saves.migrations",
    "apcombat.saves.background",
    # The content's full read (the title lists encounters from their TOML alone: content/encounter_summary.py).
    "apcombat.content.loader",
    "apcombat.content.converter",
    "apcombat.content.checks",
    "apcombat.content.checking",
    "apcombat.content.encounter",
    # Outside packages of the game, the web servers, `sim` and its cluster, and the tests' own.
    "numpy",
    "cattrs",
    "attrs",
    "aiohttp",
    "textual_serve",
    "jinja2",
    "plotext",
    "dask",
    "distributed",
    "hypothesis",
    "playwright",
)
"""Modules (and the packages under them) that neither `import apcombat.cli` nor the title screen loads."""

NEVER_UNDER = ("apcombat.ai.", "apcombat.sim.")
"""Packages whose modules are never loaded at start (the package itself may be, for a constant such as
`apcombat.ai.DEFAULT_MAX_ROUNDS` that a subcommand's help shows)."""

REPORT = """
import sys

def report():
    print("\\n".join(sorted(sys.modules)))
"""

TITLE = (
    REPORT
    + """
import asyncio
import os

from apcombat.tui.app import create_app
from apcombat.tui.screens.title import TitleScreen

# The title screen checks every encounter in full (loading the content) on a thread once its first frame, with
# the list, is drawn: what is loaded when that check starts is what the usable title needed.
def report_instead(screen, summaries):
    report()
    sys.stdout.flush()
    os._exit(0)


TitleScreen._check_encounters = report_instead


async def title_usable():
    async with create_app().run_test(size=(80, 24)) as pilot:
        for _ in range(1200):  # a guard against a hang (a minute at least), not a time the title must keep
            await pilot.pause(0.05)
    raise SystemExit("the title screen never checked its encounters")


asyncio.run(title_usable())
"""
)


def loaded(code: str) -> list[str]:
    """The modules loaded by `code` run in a fresh interpreter (it prints them, one a line)."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.split()


def too_heavy(modules: list[str]) -> list[str]:
    return [
        name
        for name in modules
        if any(name == heavy or name.startswith(f"{heavy}.") for heavy in NEVER_AT_START)
        or name.startswith(NEVER_UNDER)
    ]


def test_importing_the_command_line_loads_no_subcommands_work() -> None:
    modules = loaded(REPORT + "import apcombat.cli\nreport()")
    assert "apcombat.cli" in modules
    assert too_heavy(modules) == []
    # `apcombat run`, `check`, `sim` ... do not wait for Textual either: only the app's commands load it.
    assert [name for name in modules if name.split(".")[0] in ("textual", "rich")] == []


def test_the_title_screen_is_usable_before_the_game_is_loaded() -> None:
    modules = loaded(TITLE)
    assert "apcombat.tui.screens.title" in modules
    assert too_heavy(modules) == []
