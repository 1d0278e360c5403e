"""The examples of README and of every page of docs/ work as written: every `apcombat ...` line of their
indented example blocks, every ```python block, every ```toml block, README's first fight, the scenario file
and the keys.toml.

The rule for the command lines. The pages are read as they are, so a line added to one is tested too. Their
indented blocks (four spaces, after a blank line, outside ``` fences) are taken line by line, and a line is
*run* when its first word is `apcombat`: page by page, in the page's order (a later line may use what an
earlier one wrote, such as a save), in one temporary copy of the project's files per page as the current
folder, with the installed `apcombat` program and nothing on standard input. It must exit with 0, or with the
status its comment names ("exits 2", "exit code 2"), and print no traceback and no warning. *Skipped*, and
listed in the test's output (`pytest -s`, or with the failure):
- lines that do not end by themselves: `apcombat` without a subcommand (the app), `apcombat play` and
  `apcombat edit` (the app), `apcombat serve` (a web server);
- lines whose first word is not `apcombat`: install lines (`python3 -m venv ...`), benchmark lines
  (`python tests/bench/...`) and the command language's summary (`move WHO X,Y ...`), which is no shell line.

The rule for the ```python blocks: in that same copy, before the page's lines run, a block whose first line
is a comment naming a Python file (`# mybots.py, ...`) is written to that file (the page's lines may use it:
a plug-in bot); every other block is run as a program from the copy's top folder and must exit with 0 and
print no traceback. Every ```toml block of a page must be TOML (most are parts of a file, not whole files).
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
"""README and the manual's pages (docs/*.md, the site mkdocs builds)."""
WAITS_FOR_A_PERSON = {
    None: "opens the app",
    "play": "opens the app",
    "edit": "opens the app's editor",
    "serve": "serves the app until stopped",
}
GLOBAL_OPTIONS_WITH_A_VALUE = {"--content"}
_EXPECTED_EXIT = re.compile(r"\bexit(?:s)?(?: with)?(?: code| status)? (\d+)")
_NOT_COPIED = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", ".import_linter_cache"}
WATCHDOG_S = 120  # against a hang, not a speed limit


@attrs.frozen
class ExampleLine:
    """One line of an indented block of README or a docs page."""

    number: int  # line number in its page
    text: str  # as written, comment included
    page: str = "README.md"  # the page's path from the project's folder

    @property
    def where(self) -> str:
        return f"{self.page}:{self.number}"

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
        # the first word alone: a line that is no shell line (a list item's paragraph) need not split as one
        if self.text.split(maxsplit=1)[:1] != ["apcombat"]:
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


def indented_lines(text: str, page: str = "README.md") -> Iterator[ExampleLine]:
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
                yield ExampleLine(number, line.strip(), page)
        previous_blank = not line.strip()


def fenced_blocks(text: str, language: str) -> list[str]:
    """The contents of the ```language fenced blocks of a Markdown text."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def page_name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def page_lines(page: Path) -> list[ExampleLine]:
    return list(indented_lines(page.read_text(encoding="utf-8"), page_name(page)))


def docs_toml(holding: str) -> str:
    """The one ```toml block of README and the docs pages holding this text."""
    (block,) = [
        block for page in PAGES for block in fenced_blocks(page.read_text(encoding="utf-8"), "toml") if holding in block
    ]
    return block


PYTHON_FILE = re.compile(r"^#\s*(\w+\.py)\b")
"""A ```python block that starts `# NAME.py` is that file (a plug-in bot the page's lines use)."""


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


def run_program(source: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A ```python block run as a program from the project copy's top folder (which it imports apcombat from)."""
    program = cwd / "docs_example.py"
    program.write_text(source, encoding="utf-8")
    try:
        return subprocess.run(
            [sys.executable, program.name],
            cwd=cwd,
            env=os.environ | {"APCOMBAT_SAVES": str(cwd / "saves")},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=WATCHDOG_S,
            check=False,
        )
    finally:
        program.unlink()


EXAMPLES = [line for page in PAGES for line in page_lines(page)]
PYTHON_BLOCKS = {page_name(page): fenced_blocks(page.read_text(encoding="utf-8"), "python") for page in PAGES}
PAGES_WITH_EXAMPLES = [
    page_name(page)
    for page in PAGES
    if PYTHON_BLOCKS[page_name(page)] or any(line.skip_reason is None for line in page_lines(page))
]


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES)
def test_every_example_of_a_page_works_as_written(page: str, tmp_path: Path) -> None:
    project = project_copy(tmp_path / "apcombat")
    failures, ran = [], 0
    programs = []
    for block in PYTHON_BLOCKS[page]:
        named = PYTHON_FILE.match(block)
        if named:
            (project / named[1]).write_text(block, encoding="utf-8")
            print(f"wrote   {page}: {named[1]}")
        else:
            programs.append(block)
    for block in programs:
        result = run_program(block, project)
        ran += 1
        print(f"ran     {page}: a python block (exit {result.returncode})")
        if result.returncode != 0 or "Traceback" in result.stderr:
            failures.append(f"{page}: the python block\n{block}\n  exit {result.returncode}; {result.stderr[-600:]}")
    for line in (line for line in EXAMPLES if line.page == page):
        reason = line.skip_reason
        if reason is not None:
            print(f"skipped {line.where} ({reason}): {line.text}")
            continue
        result = run_line(line, project)
        ran += 1
        print(f"ran     {line.where} (exit {result.returncode}): {line.text}")
        if result.returncode != line.expected_exit or "Traceback" in result.stderr or "warning" in result.stderr:
            failures.append(
                f"{line.where}: {line.text}\n  exit {result.returncode}, expected {line.expected_exit}; "
                f"stderr: {result.stderr.strip()[-600:]}"
            )
    assert not failures, "\n".join(failures)
    assert ran, f"{page}: nothing run"


def test_every_toml_block_is_toml() -> None:
    blocks = [(page_name(page), block) for page in PAGES for block in fenced_blocks(page.read_text("utf-8"), "toml")]
    assert len(blocks) >= 6, "the toml blocks' reader found too few: it is broken"
    for where, block in blocks:
        tomllib.loads(block)  # raises, naming the line, for a block that is not TOML
        assert where


def test_the_pages_have_examples_enough() -> None:
    run_lines = [line for line in EXAMPLES if line.skip_reason is None]
    assert len(run_lines) >= 25
    assert {"README.md", "docs/scripting.md", "docs/ai.md", "docs/table-mode.md"} <= set(PAGES_WITH_EXAMPLES)
    assert any(PYTHON_FILE.match(block) for blocks in PYTHON_BLOCKS.values() for block in blocks)


def test_the_readme_dice_example_is_read_in_the_documented_order() -> None:
    # Item: the `--dice` example once failed ("12 cannot be rolled on a d10"): each round is complete before the
    # next (to-hit d100, then its damage die), so two hits and a miss use five numbers.
    line = next(line for line in EXAMPLES if line.skip_reason is None and "--dice" in line.words)
    result = subprocess.run(
        [*apcombat_program(), *line.words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=WATCHDOG_S
    )
    assert result.returncode == 0, result.stderr
    assert "round 1: d100 = 37 vs 45 — HIT" in result.stdout
    assert "round 3: d100 = 100 vs 45 — miss" in result.stdout


def test_the_rule_finds_the_lines() -> None:
    assert any(line.text.startswith("apcombat attack") and line.skip_reason is None for line in EXAMPLES)
    run_lines = [line for line in EXAMPLES if line.skip_reason is None and line.subcommand == "run"]
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


@pytest.mark.parametrize("holding", ["[shot]", "[throw]"])  # an attack's scenario, and a throw's (R22.9)
def test_the_docs_scenario_file_resolves(tmp_path: Path, holding: str) -> None:
    scenario = docs_toml(holding)
    project = project_copy(tmp_path / "apcombat")
    path = project / "content" / "scenarios" / "readme_scenario.toml"
    path.write_text(scenario, encoding="utf-8")
    for words in (["attack", str(path)], ["check", str(path)]):
        result = run_line(ExampleLine(1, shlex.join(["apcombat", *words])), project)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_docs_keys_file_remaps_the_keys(tmp_path: Path) -> None:
    from apcombat.content import content_root
    from apcombat.tui.app import create_app

    keymap_file = tmp_path / "keys.toml"
    keymap_file.write_text(docs_toml("[keys]"), encoding="utf-8")
    duel = content_root() / "encounters" / "duel.toml"
    app = create_app(open_path=duel, saves=tmp_path / "saves", keymap_file=keymap_file, seed=3)

    async def play() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert app.keymap_problems == []
            await pilot.press("s")  # start: Ana's turn
            first = app.screen.session.state.active
            await pilot.press("b")  # docs/playing.md: "game.end" = "b"
            assert app.screen.session.state.active != first
            await pilot.press("u")  # docs/playing.md: "game.undo" = "ctrl+z,u"
            assert app.screen.session.state.active == first

    asyncio.run(play())


FIRST_FIGHT = re.compile(r"^\d\. (?:`([^`]+)`|(\w+)) ", re.MULTILINE)
"""A step of README's "A first fight in five keys": its key first (`s`, Tab, Enter)."""


def first_fight_keys() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## A first fight in five keys", 1)[1].split("\n## ", 1)[0]
    return [(quoted or word).lower() for quoted, word in FIRST_FIGHT.findall(section)]


def test_the_readmes_first_fight_plays_in_its_five_keys(tmp_path: Path) -> None:
    from apcombat.content import content_root
    from apcombat.tui.app import create_app
    from apcombat.tui.screens.game import GameScreen

    keys = first_fight_keys()
    assert keys == ["s", "tab", "f", "enter", "e"]
    duel = content_root() / "encounters" / "duel.toml"  # README: apcombat play content/encounters/duel.toml
    app = create_app(open_path=duel, saves=tmp_path / "saves", keymap_file=tmp_path / "no_keys.toml", seed=3, ai_pace=0)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(WATCHDOG_S * 20):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause(0.05)
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            for _ in range(WATCHDOG_S * 20):  # the raider's answer, played by the AI
                if app.screen.session.state.round == 2:
                    break
                await pilot.pause(0.05)
            texts = [event.text for event in app.screen.session.game.log]
            assert any(text.startswith("Ana attacks Raider") for text in texts), texts
            assert "Ana ends the turn" in texts and "Raider ends the turn" in texts, texts

    asyncio.run(play())
