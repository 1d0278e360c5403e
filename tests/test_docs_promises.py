"""README and docs/ promise only what is there: every key of their key tables is bound on the screen the table
is for; every `apcombat ...` line of their code blocks is taken by its subcommand's parser; every field of
docs/files.md's tables is read by the loader, and every field the shipped content uses has a row there.

README and the docs pages are read as they are, so a table or a line added to one is tested too
(tests/test_readme_examples.py runs their example lines; this file checks what running cannot: the keys, the
usage lines, the file formats).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import io
import re
import shlex
import tomllib
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from textual.screen import Screen
from textual.widgets import Input

from apcombat.cli import build_parser
from apcombat.content import (
    content_root,
    load_library,
    read_attack_scenario,
    read_character,
    read_criticals,
    read_encounter,
    read_throw_scenario,
    read_weapons,
)
from apcombat.tui.app import create_app
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.replay import ReplayScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.screens.table import TableScreen

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FILES_MD = ROOT / "docs" / "files.md"
CONTENT = content_root()
WATCHDOG_S = 60  # against a hang, not a speed limit


# --- Markdown ---------------------------------------------------------------------------------------------


@attrs.frozen
class Table:
    """A Markdown table of a document, under its nearest heading."""

    path: Path
    line: int
    heading: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line} ({self.heading})"


def _cells(line: str) -> tuple[str, ...]:
    # "\|" is a | inside a cell (`+N\|-N`)
    return tuple(cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1])


def tables(path: Path) -> list[Table]:
    found: list[Table] = []
    heading, lines = "", path.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and number + 1 < len(lines) and re.match(r"^\|\s*-{3}", lines[number + 1]):
            start, body = number, []
            number += 2
            while number < len(lines) and lines[number].startswith("|"):
                body.append(_cells(lines[number]))
                number += 1
            found.append(Table(path, start + 1, heading, _cells(line), tuple(body)))
            continue
        number += 1
    return found


def code_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The lines of a Markdown file's code blocks, fenced or indented (four spaces after a blank line)."""
    in_fence, in_block, previous_blank = False, False, True
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.lstrip().startswith("```"):
            in_fence, in_block = not in_fence, False
        elif in_fence:
            yield number, line
        elif line.strip():
            in_block = line.startswith("    ") and (in_block or previous_blank)
            if in_block:
                yield number, line
        previous_blank = not line.strip()


# --- keys -------------------------------------------------------------------------------------------------

KEY_WORDS = {
    "arrows": ["up", "down", "left", "right"],
    "hjkl": ["h", "j", "k", "l"],
    "digits": list("0123456789"),
    "space": ["space"],
    "right": ["right"],
    "left": ["left"],
    "home": ["home"],
    "end": ["end"],
    "spaces": ["space"],
    "tab": ["tab"],
    "enter": ["enter"],
    "escape": ["escape"],
    ".": ["full_stop"],
    ":": ["colon"],
    "?": ["question_mark"],
    "+": ["plus"],
    "-": ["minus"],
    "[": ["left_square_bracket"],
    "]": ["right_square_bracket"],
}
NOT_KEYS = {"or", "and", "/", ""}
KEY_NAME = re.compile(r"^(?:(?:ctrl|shift|alt)\+)*(?:[a-z]|f\d{1,2})$|^[A-Z0-9]$")


def keys_of(cell: str) -> list[str]:
    """The keys a key table's cell names: "`m` / `M`", "arrows / hjkl", "`1`–`5`", "space or Tab"."""
    keys: list[str] = []
    text = re.sub(r"`(\d)`\s*[–-]\s*`(\d)`", lambda m: " ".join(map(str, range(int(m[1]), int(m[2]) + 1))), cell)
    for word in text.replace("`", " ").replace(" / ", " ").split():
        lowered = word.lower()
        if lowered in NOT_KEYS:
            continue
        if lowered in KEY_WORDS or word in KEY_WORDS:
            keys += KEY_WORDS.get(word, KEY_WORDS.get(lowered, []))
        elif KEY_NAME.match(word) or KEY_NAME.match(lowered):
            keys.append(word if len(word) == 1 else lowered)
        else:
            raise AssertionError(f"{word!r} in the key cell {cell!r} names no key: write keys as ? lists them")
    return keys


def keys_in_words(cell: str) -> list[str]:
    """The keys a "does" cell names in backticks (`` `l` cycles the locations, `+` / `-` extra AP``)."""
    return [key for token in re.findall(r"`([^`]+)`", cell) for key in keys_of(f"`{token}`")]


def table_keys(table: Table) -> list[str]:
    keys: list[str] = []
    for row in table.rows:
        for title, cell in zip(table.header, row, strict=True):
            keys += keys_of(cell) if title == "key" else keys_in_words(cell)
    return keys


async def _game_screen(app, pilot) -> Screen:
    """The battlefield of the demo duel, round 0, the map holding the focus."""
    return await _wait(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen)


async def _replay_screen(app, pilot) -> Screen:
    """The replay of the demo duel (saved in round 0), as the title's `r` opens it."""
    game = await _game_screen(app, pilot)
    app.push_screen(ReplayScreen(game.session.save(app.saves / "replayed.toml")))
    return await _wait(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen)


async def _table_shot_dialog(app, pilot) -> Screen:
    """Table mode's shot dialog, opened with f on the first enemy."""
    await _wait(pilot, lambda: isinstance(app.screen, TableScreen))
    await pilot.press("s", "f")
    await _wait(pilot, lambda: isinstance(app.screen, ChoiceScreen))
    await pilot.press("enter")
    return await _wait(pilot, lambda: isinstance(app.screen, ShotScreen) and app.screen)


async def _editor_screen(app, pilot) -> Screen:
    """The editor on a new fight (as `apcombat edit` opens it), over the demo duel's battlefield."""
    from apcombat.editor import new_fight
    from apcombat.tui.screens.editor import EditorScreen

    await _game_screen(app, pilot)
    app.open_editor(new_fight(load_library(CONTENT)))
    editor = await _wait(pilot, lambda: isinstance(app.screen, EditorScreen) and app.screen)
    return await _wait(pilot, lambda: editor.is_mounted and editor.focused is editor.map_view and editor)


async def _wait(pilot, found: Callable[[], Any]) -> Any:
    for _ in range(WATCHDOG_S * 20):
        value = found()
        if value:
            return value
        await pilot.pause(0.05)
    raise AssertionError("the screen did not open")


SCREENS: dict[str, tuple[Path, Callable[[Any, Any], Awaitable[Screen]]]] = {
    "The battlefield's keys": (CONTENT / "encounters" / "duel.toml", _game_screen),  # docs/playing.md
    "The ten keys that matter": (CONTENT / "encounters" / "duel.toml", _game_screen),  # README
    "Table mode's shot keys": (CONTENT / "encounters" / "table_brawl.toml", _table_shot_dialog),  # docs/table-mode.md
    "The replay's keys": (CONTENT / "encounters" / "duel.toml", _replay_screen),  # docs/playing.md
    "Painting the map": (CONTENT / "encounters" / "duel.toml", _editor_screen),  # docs/editor.md
    "Units and sides": (CONTENT / "encounters" / "duel.toml", _editor_screen),  # docs/editor.md
    "The editor's keys at a glance": (CONTENT / "encounters" / "duel.toml", _editor_screen),  # docs/editor.md
}
"""The screen each key table is for, by the heading it stands under, and how to get there."""


def key_tables() -> list[Table]:
    """The tables of keys and what they do (not those of TOML keys: `| key | module |`)."""
    return [table for path in DOCS for table in tables(path) if {"key", "does"} <= set(table.header)]


def unbound_keys(table: Table, tmp_path: Path) -> list[str]:
    """The table's keys that its screen neither binds nor lets a box of it take as typed text."""
    encounter, reach = SCREENS[table.heading]
    app = create_app(open_path=encounter, saves=tmp_path / "saves", keymap_file=tmp_path / "no_keys.toml", seed=3)
    unbound: list[str] = []

    async def look() -> None:
        async with app.run_test(size=(140, 45)) as pilot:
            screen = await reach(app, pilot)
            # A key its screen turns on only at times (the deck's `D`, while the deck asks) is bound all the same.
            bound = set(screen.active_bindings) | set(screen._bindings.key_to_bindings)
            boxes = [box for box in screen.query(Input) if box.region]  # the boxes shown (not a closed line)
            for key in table_keys(table):
                character = {
                    "space": " ",
                    "full_stop": ".",
                    "colon": ":",
                    "plus": "+",
                    "minus": "-",
                    "question_mark": "?",
                }.get(key, key)
                typed = len(character) == 1 and any(box.check_consume_key(key, character) for box in boxes)
                if key not in bound and not typed:
                    unbound.append(key)

    asyncio.run(look())
    return unbound


def test_every_key_table_is_for_a_known_screen() -> None:
    found = key_tables()
    assert len(found) >= 3, "no key table found in README or docs/: the table reader is broken"
    unknown = [table.where for table in found if table.heading not in SCREENS]
    assert not unknown, f"key tables for a screen this test does not know (add it to SCREENS): {unknown}"


@pytest.mark.parametrize("table", key_tables(), ids=lambda table: table.heading)
def test_every_key_of_a_key_table_is_bound_on_its_screen(table: Table, tmp_path: Path) -> None:
    assert table_keys(table), f"{table.where}: no keys read"
    unbound = unbound_keys(table, tmp_path)
    assert not unbound, f"{table.where} names keys its screen does not bind: {', '.join(unbound)}"


def test_the_key_reader() -> None:
    assert keys_of("arrows / hjkl") == ["up", "down", "left", "right", "h", "j", "k", "l"]
    assert keys_of("`1`–`5`") == ["1", "2", "3", "4", "5"]
    assert keys_of("`m` / `M`") == ["m", "M"]
    assert keys_of("ctrl+z / ctrl+y") == ["ctrl+z", "ctrl+y"]
    assert keys_of("space or Tab") == ["space", "tab"]
    assert keys_of("F2") == ["f2"] and keys_of("`.`") == ["full_stop"]
    assert keys_of("`[` / `]`") == ["left_square_bracket", "right_square_bracket"]
    assert keys_in_words("next mode; `l` cycles the locations, `+` / `-` extra AP") == ["l", "plus", "minus"]
    with pytest.raises(AssertionError, match="names no key"):
        keys_of("the left mouse button")


# --- README's links ---------------------------------------------------------------------------------------

LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A Markdown link's target: `[text](docs/playing.md#your-files)`."""


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def readme_link_problems() -> list[str]:
    """README's links to files of the project that lead nowhere: no such file, or no heading with that anchor.
    (mkdocs build --strict checks the links of docs/; README is not one of its pages.)"""
    problems = []
    for target in LINK.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        if "://" in target:
            continue
        path, _, anchor = target.partition("#")
        linked = ROOT / path
        if not linked.is_file():
            problems.append(f"{target}: no file {path}")
        elif anchor:
            headings = re.findall(r"^#{1,6}\s+(.+)$", linked.read_text(encoding="utf-8"), flags=re.MULTILINE)
            if anchor not in {github_anchor(heading) for heading in headings}:
                problems.append(f"{target}: no heading of {path} has the anchor #{anchor}")
    return problems


def test_every_link_of_the_readme_leads_to_a_file_and_heading() -> None:
    assert not readme_link_problems(), "\n".join(readme_link_problems())
    assert github_anchor("The battlefield's keys") == "the-battlefields-keys"
    assert github_anchor("Saves: `saves/*.toml`") == "saves-savestoml"


# --- apcombat lines ---------------------------------------------------------------------------------------

SYNOPSIS = re.compile(r"\[|\.\.\.|\b[A-Z]{2,}\b")
"""A usage line (`apcombat sim ENCOUNTER [--games N] ...`): placeholders in capitals, optional parts in []."""


def apcombat_lines() -> list[tuple[str, str]]:
    """Every `apcombat ...` line of a code block, a usage line joined with the lines continuing it."""
    found: list[tuple[str, str]] = []
    for path in DOCS:
        for number, line in code_lines(path):
            text = line.strip().removeprefix("$ ")
            if text.startswith("apcombat ") or text == "apcombat":
                found.append((f"{path.relative_to(ROOT)}:{number}", text))
            elif text.startswith("[") and found and found[-1][0].startswith(f"{path.relative_to(ROOT)}:"):
                where, before = found[-1]
                if SYNOPSIS.search(before) and int(where.rsplit(":", 1)[1]) + 1 == number:
                    found[-1] = (f"{path.relative_to(ROOT)}:{number}", f"{before} {text}")
    return found


def parse(words: list[str]) -> str | None:
    """What the command's parser says against the words, or None when it takes them."""
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(words)
    except SystemExit as stop:
        if stop.code not in (0, None):
            return errors.getvalue().strip().splitlines()[-1]
    return None


def usage_problem(text: str) -> str | None:
    """A usage line's subcommand must exist and take every option the line names."""
    words = shlex.split(text, comments=True)[1:]
    subcommand = next((word for word in words if not word.startswith("-")), None)
    if subcommand is None:
        return None
    helped = io.StringIO()
    with contextlib.redirect_stdout(helped), contextlib.redirect_stderr(io.StringIO()), contextlib.suppress(SystemExit):
        build_parser().parse_args([subcommand, "--help"])
    if not helped.getvalue():
        return f"no subcommand {subcommand!r}"
    taken = set(re.findall(r"(?<![\w-])(--?[\w-]+)", helped.getvalue()))
    named = set(re.findall(r"(?<![\w-])(--[\w-]+)", text))
    return f"{subcommand} takes no {', '.join(sorted(named - taken))}" if named - taken else None


@pytest.mark.parametrize(("where", "text"), apcombat_lines(), ids=[where for where, _ in apcombat_lines()])
def test_every_apcombat_line_of_a_code_block_is_taken_by_its_parser(where: str, text: str) -> None:
    problem = usage_problem(text) if SYNOPSIS.search(text) else parse(shlex.split(text, comments=True)[1:])
    assert problem is None, f"{where}: {text}\n  {problem}"


def test_the_line_readers() -> None:
    assert len(apcombat_lines()) >= 20
    assert parse(["sim", "duel.toml", "--games", "4"]) is None
    assert "unrecognized arguments: --gmaes" in (parse(["sim", "duel.toml", "--gmaes", "4"]) or "")
    assert usage_problem("apcombat sim ENCOUNTER [--games N] [--swap]") is None
    assert usage_problem("apcombat sim ENCOUNTER [--rounds N]") == "sim takes no --rounds"
    text = "intro\n\n    apcombat a\n\n```\napcombat b\n```\n    not code\n"
    path = ROOT / "tests" / "_lines.md"
    try:
        path.write_text(text, encoding="utf-8")
        assert [line for _, line in code_lines(path)] == ["    apcombat a", "apcombat b"]
    finally:
        path.unlink()


# --- docs/files.md ----------------------------------------------------------------------------------------

WRONG = datetime.date(2001, 2, 3)
"""A value no field takes (a TOML date): a field the loader reads is refused with it, naming the field."""

EXAMPLES = {
    "Weapons": (CONTENT / "weapons.toml", "weapon"),
    "Wound effects": (CONTENT / "criticals.toml", "critical"),
    "Characters": (CONTENT / "characters" / "ana.toml", None),
    "Attack scenarios": (CONTENT / "scenarios" / "single_shot.toml", None),
    "Throw scenarios": (CONTENT / "scenarios" / "throw_at_the_table.toml", None),
    "Encounters": (CONTENT / "encounters" / "duel.toml", None),
}
"""For each table of docs/files.md, by its heading: a shipped file of its kind, and the `[[...]]` entries its
fields are of (None: the fields are the file's own)."""

ALL_LISTED = ("Weapons", "Wound effects", "Characters", "Encounters")
"""The tables that list every field of their files (the scenarios' lists only the numbers)."""


def field_tables() -> dict[str, Table]:
    return {
        table.heading.split(":")[0]: table for table in tables(FILES_MD) if table.header and table.header[0] == "field"
    }


def documented_fields(table: Table) -> list[str]:
    return [field for row in table.rows for field in re.findall(r"`([^`]+)`", row[0])]


def _placed(document: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    """The document with `field` (a dotted path; `*` any key there, the first) set to value; a dotted step
    into a list of tables goes into its first table."""
    *steps, last = field.split(".")
    node: Any = document
    for step in steps:
        if step == "*":
            step = next(iter(node))
        node = node.setdefault(step, {})
        if isinstance(node, list):
            node = node[0]
    node[last] = value
    return document


def _example(kind: str) -> dict[str, Any]:
    path, entries = EXAMPLES[kind]
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    if entries:
        return {entries: document[entries][:1]}
    if kind == "Encounters":  # the duel names its characters by a path next to it
        for unit in document["unit"]:
            unit["character"] = Path(unit["character"]).stem
    return document


def read_problems(kind: str, document: dict[str, Any], folder: Path) -> list[str]:
    """What the loader says about a file of this kind holding the document."""
    library = load_library(CONTENT)
    path = folder / EXAMPLES[kind][0].name
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    readers = {
        "Weapons": lambda: read_weapons(path),
        "Wound effects": lambda: read_criticals(path),
        "Characters": lambda: read_character(path, library.weapons, library.armors),
        "Attack scenarios": lambda: read_attack_scenario(path, library),
        "Throw scenarios": lambda: read_throw_scenario(path, library),
        "Encounters": lambda: read_encounter(path, library),
    }
    return [str(problem).removeprefix(f"{path}: ") for problem in readers[kind]().problems]


def test_files_md_has_a_table_for_each_kind_of_file() -> None:
    assert set(field_tables()) == set(EXAMPLES)


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_every_field_of_files_md_is_read_by_the_loader(kind: str, tmp_path: Path) -> None:
    table = field_tables()[kind]
    assert read_problems(kind, _example(kind), tmp_path) == [], f"the example {kind.lower()} file is refused"
    unread = {}
    entries = EXAMPLES[kind][1]
    for field in documented_fields(table):
        placed = _placed(_example(kind), f"{entries}.{field}" if entries else field, WRONG)
        said = read_problems(kind, placed, tmp_path)
        last = field.rsplit(".", 1)[-1]
        if not any(f"{last}:" in line and "unknown" not in line for line in said):
            unread[field] = said
    assert not unread, f"fields of {table.where} the loader does not read: {unread}"


def used_fields(document: dict[str, Any], documented: set[str], prefix: str = "") -> Iterator[str]:
    """The dotted fields a file uses that no row documents: a documented field's own keys are its row's."""
    for key, value in document.items():
        field = f"{prefix}{key}"
        wildcard = re.sub(r"^ranges\.\w+", "ranges.*", field)
        if field in documented or wildcard in documented:
            continue
        tables_in = value if isinstance(value, list) and value and isinstance(value[0], dict) else [value]
        if all(isinstance(entry, dict) for entry in tables_in):
            for entry in tables_in:
                yield from used_fields(entry, documented, f"{field}.")
        else:
            yield field


@pytest.mark.parametrize("kind", ALL_LISTED)
def test_every_field_the_shipped_files_use_has_a_row_in_files_md(kind: str) -> None:
    path, entries = EXAMPLES[kind]
    documented = set(documented_fields(field_tables()[kind]))
    files = [path] if entries else sorted(path.parent.glob("*.toml"))
    missing = set()
    for file in files:
        document = tomllib.loads(file.read_text(encoding="utf-8"))
        for entry in document[entries] if entries else [document]:
            missing |= {f"{field} ({file.name})" for field in used_fields(entry, documented)}
    assert not missing, f"fields the shipped files use with no row in docs/files.md ({kind}): {sorted(missing)}"


def test_the_map_legend_row_names_every_terrain_the_loader_takes(tmp_path: Path) -> None:
    document = _placed(_example("Encounters"), "map.legend", {"~": "no_such_terrain"})
    (said,) = read_problems("Encounters", document, tmp_path)
    terrains = said.rsplit("is not one of", 1)[1].strip().split(", ")
    (row,) = [row for row in field_tables()["Encounters"].rows if row[0] == "`map.legend`"]
    named = set(re.findall(r"`(\w+)`", row[1]))
    assert set(terrains) <= named, f"docs/files.md's map.legend row leaves out {sorted(set(terrains) - named)}"


def test_files_md_lists_every_setting_of_settings_toml_with_its_default() -> None:
    from apcombat.content.settings import DEFAULTS, FIELDS, settings_from

    (table,) = [table for table in tables(FILES_MD) if table.header and table.header[0] == "setting"]
    documented = {row[0].strip("`"): row[2] for row in table.rows}
    assert list(documented) == list(FIELDS), f"{table.where} lists other settings than settings.toml has"
    for field, default in documented.items():
        assert tomllib.loads(f"x = {default.strip('`')}")["x"] == getattr(DEFAULTS, field), f"{field}'s default"
        _, said = settings_from({field: WRONG})
        assert len(said) == 1 and f"{field} = " in said[0], f"{field} is not read: {said}"
