"""README's examples work as written: every `apcombat ...` line of its indented example blocks, its scenario
file and its keys.toml.

The rule for the command lines. README is read as it is, so a line added to it is tested too. Its indented
blocks (four spaces, after a blank line, outside ``` fences) are taken line by line, and a line is *run* when
its first word is `apcombat`: in README's order (a later line may use what an earlier one wrote, such as a
save), in one temporary copy of the project's files as the current folder, with the installed `apcombat`
program and nothing on standard input. It must exit with 0, or with the status its comment names ("exits 2",
"exit code 2"), and print no traceback and no warning. *Skipped*, and listed in the test's output (`pytest -s`,
or with the failure):
- lines that do not end by themselves: `apcombat` without a subcommand (the app), `apcombat play` (the app),
  `apcombat serve` (a web server);
- lines whose first word is not `apcombat`: install lines (`python3 -m venv ...`), benchmark lines
  (`python tests/bench/...`) and the command language's summary (`move WHO X,Y ...`), which is no shell line.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
WAITS_FOR_A_PERSON = {None: "opens the app", "play": "opens the app", "serve": "serves the app until stopped"}
GLOBAL_OPTIONS_WITH_A_VALUE = {"--content"}
_EXPECTED_EXIT = re.compile(r"\bexit(?:s)?(?: with)?(?: code| status)? (\d+)")
_NOT_COPIED = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", ".import_linter_cache"}
WATCHDOG_S = 120  # against a hang, not a speed limit


@attrs.frozen
class ExampleLine:
    """One line of an indented block of README."""

    number: int  # line number in README.md
    text: str  # as written, comment included

    @property
    def words(self) -> list[str]:
        return shlex.split(self.text, comments=True)

    @property
    def subcommand(self) -> str | None:
        """The first word after `apcombat` and its global options; None when there is none."""
        words = self.words[1:]
        while words and words[0].startswith("-"):
            words = words[2:] if words[0] in GLOBAL_OPTIONS_WITH_A_VALUE else words[1:]
        return words[0] if words else None

    @property
    def skip_reason(self) -> str | None:
        """Why the line is not run (the module's rule), or None to run it."""
        words = self.words
        if not words or words[0] != "apcombat":
            if "pip install" in self.text:
                return "an install line"
            if "bench" in self.text:
                return "a benchmark line"
            return "not an apcombat command line"
        if self.subcommand in WAITS_FOR_A_PERSON:
            return f"does not end by itself: {WAITS_FOR_A_PERSON[self.subcommand]}"
        return None

    @property
    def expected_exit(self) -> int:
        comment = self.text.partition(" #")[2]
        found = _EXPECTED_EXIT.search(comment)
        return int(found.group(1)) if found else 0


def indented_lines(text: str) -> Iterator[ExampleLine]:
    """The lines of the indented code blocks of a Markdown text (fenced blocks are not indented blocks)."""
    in_fence = False
    in_block = False
    previous_blank = True
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            in_fence, in_block = not in_fence, False
        elif not in_fence and line.strip():
            in_block = line.startswith("    ") and (in_block or previous_blank)
            if in_block:
                yield ExampleLine(number, line.strip())
        previous_blank = not line.strip()


def fenced_blocks(text: str, language: str) -> list[str]:
    """The contents of the ```language fenced blocks of a Markdown text."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def readme_toml(holding: str) -> str:
    """README's one ```toml block holding this text."""
    (block,) = [block for block in fenced_blocks(README.read_text(encoding="utf-8"), "toml") if holding in block]
    return block


def project_copy(folder: Path) -> Path:
    """A copy of the project's files as a fresh checkout has them: no caches, no virtualenv, no saves."""

    def not_copied(where: str, names: list[str]) -> set[str]:
        if Path(where) == ROOT / "saves":
            return {name for name in names if name != ".gitkeep"}
        return {name for name in names if name in _NOT_COPIED}

    shutil.copytree(ROOT, folder, ignore=not_copied)
    (folder / "saves").mkdir(exist_ok=True)
    return folder


def apcombat_program() -> list[str]:
    """The installed `apcombat` program (beside this Python), else the package run as a program."""
    installed = shutil.which("apcombat", path=str(Path(sys.executable).parent))
    return [installed] if installed else [sys.executable, "-m", "apcombat"]


def run_line(line: ExampleLine, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"APCOMBAT_SAVES": str(cwd / "saves")}
    return subprocess.run(
        [*apcombat_program(), *line.words[1:]],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=WATCHDOG_S,
        check=False,
    )


EXAMPLES = list(indented_lines(README.read_text(encoding="utf-8")))


def test_every_apcombat_line_of_the_readme_works_as_written(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "apcombat")
    failures, ran = [], []
    for line in EXAMPLES:
        reason = line.skip_reason
        if reason is not None:
            print(f"skipped README.md:{line.number} ({reason}): {line.text}")
            continue
        result = run_line(line, project)
        ran.append(line)
        print(f"ran     README.md:{line.number} (exit {result.returncode}): {line.text}")
        if result.returncode != line.expected_exit or "Traceback" in result.stderr or "warning" in result.stderr:
            failures.append(
                f"README.md:{line.number}: {line.text}\n  exit {result.returncode}, expected {line.expected_exit}; "
                f"stderr: {result.stderr.strip()[-600:]}"
            )
    assert not failures, "\n".join(failures)
    assert len(ran) >= 10


def test_the_readme_dice_example_is_read_in_the_documented_order() -> None:
    # Item: the `--dice` example once failed ("12 cannot be rolled on a d10"): each round is complete before the
    # next (to-hit d100, then its damage die), so two hits and a miss use five numbers.
    line = next(line for line in EXAMPLES if "--dice" in line.words)
    result = subprocess.run(
        [*apcombat_program(), *line.words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=WATCHDOG_S
    )
    assert result.returncode == 0, result.stderr
    assert "round 1: d100 = 37 vs 45 — HIT" in result.stdout
    assert "round 3: d100 = 100 vs 45 — miss" in result.stdout


def test_the_rule_finds_the_readme_lines() -> None:
    assert any(line.text.startswith("apcombat attack") and line.skip_reason is None for line in EXAMPLES)
    run_lines = [line for line in EXAMPLES if line.subcommand == "run" and line.skip_reason is None]
    assert any("--replay" in line.words for line in run_lines)
    skipped = {line.text: line.skip_reason for line in EXAMPLES if line.skip_reason is not None}
    assert any(reason == "an install line" for reason in skipped.values())
    assert all(not text.startswith("apcombat run") for text in skipped)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("apcombat", "does not end by itself: opens the app"),
        ("apcombat --content my_content", "does not end by itself: opens the app"),
        ("apcombat play content/encounters/duel.toml", "does not end by itself: opens the app"),
        ("apcombat --content c serve --port 9000", "does not end by itself: serves the app until stopped"),
        ("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/apcombat", "an install line"),
        ("python tests/bench/bench_rules.py", "a benchmark line"),
        ("move WHO X,Y [X,Y ...] [run]     turn WHO DIR", "not an apcombat command line"),
        ("apcombat dual ana raider lean   # a new line someone adds", None),
    ],
)
def test_the_skipping_rule(text: str, reason: str | None) -> None:
    assert ExampleLine(1, text).skip_reason == reason


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("apcombat attack x.toml", 0),
        ("apcombat attack x.toml   # impossible: exits 2", 2),
        ("apcombat a  # exit code 1", 1),
    ],
)
def test_the_expected_exit_status_is_read_from_the_comment(text: str, status: int) -> None:
    assert ExampleLine(1, text).expected_exit == status


def test_only_indented_blocks_after_a_blank_line_outside_fences_are_read() -> None:
    text = "intro\n\n    apcombat a\n    apcombat b\ntext\n    not code\n\n```\n    apcombat fenced\n```\n"
    assert [line.text for line in indented_lines(text)] == ["apcombat a", "apcombat b"]


def test_the_readme_scenario_file_resolves(tmp_path: Path) -> None:
    scenario = readme_toml("[attacker]")
    project = project_copy(tmp_path / "apcombat")
    path = project / "content" / "scenarios" / "readme_scenario.toml"
    path.write_text(scenario, encoding="utf-8")
    for words in (["attack", str(path)], ["check", str(path)]):
        result = run_line(ExampleLine(1, shlex.join(["apcombat", *words])), project)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_readme_keys_file_remaps_the_keys(tmp_path: Path) -> None:
    from apcombat.content import content_root
    from apcombat.tui.app import create_app

    keymap_file = tmp_path / "keys.toml"
    keymap_file.write_text(readme_toml("[keys]"), encoding="utf-8")
    duel = content_root() / "encounters" / "duel.toml"
    app = create_app(open_path=duel, saves=tmp_path / "saves", keymap_file=keymap_file, seed=3)

    async def play() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert app.keymap_problems == []
            await pilot.press("s")  # start: Ana's turn
            first = app.screen.session.state.active
            await pilot.press("b")  # README: "game.end" = "b"
            assert app.screen.session.state.active != first
            await pilot.press("u")  # README: "game.undo" = "ctrl+z,u"
            assert app.screen.session.state.active == first

    asyncio.run(play())
