"""What the bad-input tests share: every kind of file the program reads, a copy of the shipped content to
damage, the entry point that reads each kind, and a watchdog against hangs (not a speed assertion)."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import attrs
from hang_watchdog import watchdog

from apcombat.cli import main
from apcombat.tui.keymap import load_keymap

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
DUEL = CONTENT / "encounters" / "duel.toml"
WATCHDOG_SECONDS = 10


@attrs.frozen
class Outcome:
    """What a user sees: the exit status and everything printed."""

    code: int
    out: str
    err: str = ""

    @property
    def text(self) -> str:
        return self.out + self.err

    @property
    def problem(self) -> str:
        """The first line of what went to standard error, else of what went to standard output."""
        lines = (self.err or self.out).strip().splitlines()
        return lines[0] if lines else ""


@attrs.define
class Workshop:
    """A temporary folder holding a copy of the shipped content, a save of the duel and a key file, where
    one file at a time is damaged and read through the entry point that reads it."""

    folder: Path

    @property
    def content(self) -> Path:
        return self.folder / "content"

    @property
    def idle(self) -> Path:
        """A script that plays nothing."""
        return self.folder / "idle.txt"

    def apcombat(self, *args: str | Path) -> Outcome:
        """`apcombat ARGS` in-process, under the watchdog."""
        out, err = io.StringIO(), io.StringIO()
        with watchdog(WATCHDOG_SECONDS), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(arg) for arg in args])
        return Outcome(code, out.getvalue(), err.getvalue())

    def keys(self, path: Path) -> Outcome:
        """The key file read as the app reads it: 0 and no lines, or 1 and one line per problem."""
        with watchdog(WATCHDOG_SECONDS):
            _, problems = load_keymap(path)
        return Outcome(1 if problems else 0, "", "\n".join(problems))


def make_workshop(folder: Path) -> Workshop:
    """A copy of the content, a save of the duel after a few commands, a key file and a script."""
    shutil.copytree(CONTENT, folder / "content")
    shop = Workshop(folder)
    script = folder / "fight.txt"
    script.write_text("start\nturn ana SE\nend\n", encoding="utf-8")
    made = shop.apcombat(
        "run", shop.content / "encounters" / "duel.toml", "--script", script, "--save", folder / "save.toml"
    )
    assert made.code == 0, made.text
    (folder / "idle.txt").write_text("# nothing to play: only the file is read\n", encoding="utf-8")
    (folder / "keys.toml").write_text('[keys]\n"game.end" = "z"\n"map.cursor_up" = "up,w"\n', encoding="utf-8")
    return shop


FILE_KINDS = ("weapons", "armor", "criticals", "character", "scenario", "encounter", "save", "keys")


def file_of(shop: Workshop, kind: str) -> Path:
    """The file of `kind` in the workshop."""
    return {
        "weapons": shop.content / "weapons.toml",
        "armor": shop.content / "armor.toml",
        "criticals": shop.content / "criticals.toml",
        "character": shop.content / "characters" / "ana.toml",
        "scenario": shop.content / "scenarios" / "burst.toml",
        "encounter": shop.content / "encounters" / "duel.toml",
        "save": shop.folder / "save.toml",
        "keys": shop.folder / "keys.toml",
    }[kind]


def read_through_entry_points(shop: Workshop, kind: str, every: bool = True) -> list[Outcome]:
    """Every way a user makes the program read the file of `kind`: `check`, `attack`, `run`, the key file.
    `every` False: a content file only through `check` (`attack` reads the whole content folder again)."""
    path = file_of(shop, kind)
    content = ("--content", shop.content)
    scenario = file_of(shop, "scenario")
    if kind == "keys":
        return [shop.keys(path)]
    if kind == "save":
        return [shop.apcombat("run", path, "--script", shop.idle)]
    if kind == "encounter":
        return [shop.apcombat(*content, "check", path), shop.apcombat(*content, "run", path, "--script", shop.idle)]
    checked = shop.apcombat(*content, "check", path)
    return [checked, shop.apcombat(*content, "attack", "--seed", "1", scenario)] if every else [checked]
