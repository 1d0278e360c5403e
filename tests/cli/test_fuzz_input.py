"""Fuzzing every kind of file the program reads (issue 9, item 5): a few hundred damaged copies of each —
weapons, armour, criticals, a character, a scenario, an encounter, a save, keys.toml and a command script —
fed through the real entry points (`apcombat check`, `attack`, `run`, the key-file reader), in-process.

Each damaged copy must give exit status 0, 1 or 2 and no traceback, come back before the watchdog fires
(a guard against hangs, not a speed test), and, when the damage put a number outside the range
docs/files.md states for its field, be refused. Seeded: a failure prints the seed, the kind, the case and
the damage, and APCOMBAT_FUZZ_SEED / APCOMBAT_FUZZ_CASES replay or widen a run.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from bad_input import FILE_KINDS, Outcome, Workshop, file_of, make_workshop, read_through_entry_points

import apcombat.content.checking
import apcombat.content.loader

SEED = int(os.environ.get("APCOMBAT_FUZZ_SEED", "9005"))
CASES = int(os.environ.get("APCOMBAT_FUZZ_CASES", "200"))
KINDS = (*FILE_KINDS, "script")
CONTENT_KINDS = ("weapons", "armor", "criticals", "character")
"""Read through `attack` one case in four only: it reads the whole (changed) content folder each time."""

WHOLE, ANY = True, False
_ATTRIBUTES = dict.fromkeys(("ST", "PE", "EN", "CH", "IN", "AG", "LU"), (1, 10, WHOLE))
_SKILLS = dict.fromkeys(
    ("small_guns", "big_guns", "energy_weapons", "melee", "unarmed", "throwing", "acrobatics", "body_control"),
    (0, 300, WHOLE),
)
_WEAPON = {
    "hands": (1, 2, WHOLE),
    "min_st": (0, 10, WHOLE),
    "burst": (0, 100, WHOLE),
    "magazine": (0, 1000, WHOLE),
    "crit_bonus": (-100, 100, WHOLE),
    "max": (0, 10_000, ANY),
    "mod": (-100, 100, WHOLE),
    **dict.fromkeys(("ap_single", "ap_burst", "ap_reload"), (0, 20, WHOLE)),
}
_ARMOR = dict.fromkeys(("normal", "laser", "plasma", "fire", "explosive"), (0, 100, WHOLE))
_CHARACTER = {**_ATTRIBUTES, **_SKILLS, "max_hp": (1, 999, WHOLE), "ap": (1, 50, WHOLE), "crit_chance": (0, 100, WHOLE)}
RANGES: dict[str, dict[str, tuple[float, float, bool]]] = {
    "weapons": _WEAPON,
    "armor": _ARMOR,
    "criticals": {
        "hit_mod": (-100, 100, WHOLE),
        "hit_mod_two_handed": (-100, 100, WHOLE),
        "movement_factor": (0, 1, ANY),
        "ap_loss_next_turn": (0, 50, WHOLE),
    },
    "character": _CHARACTER,
    "scenario": {
        **_ATTRIBUTES,
        **_SKILLS,
        "distance_m": (0, 10_000, ANY),
        "extra_ap": (0, 20, WHOLE),
        "gm_modifier": (-100, 100, WHOLE),
        "hp": (0, 999, WHOLE),
        "crit_chance": (0, 100, WHOLE),
    },
    "encounter": {},  # a unit's hp and the map's size: `_encounter_out_of_range`
    # A save holds the characters, weapons and armour field for field (its own fields are the saves' to check).
    "save": {**_WEAPON, **_ARMOR, **_ATTRIBUTES, **_SKILLS},
    "keys": {},
}
"""The stated range of every number field the fuzzer puts out of range, by kind of file (docs/files.md)."""

SCRIPT = """gm bonus ana 2
gm dice 6 1
start
turn ana SE
move ana 3,5
shoot ana raider aimed torso +1
gm set raider hp=20 pose=prone ammo=5
gm mod -10
end
pose raider crouched
end
"""
"""A script the duel plays without a refusal, to be damaged."""

SCRIPT_RANGES = [
    ("gm mod {}", (-100, 100)),
    ("gm bonus ana {}", (-100, 100)),
    ("gm dice {}", (0, 1000)),
    ("gm set ana hp={}", (0, 999)),
    ("gm set ana ap={}", (0, 50)),
    ("gm set ana unconscious={}", (0, 99)),
    ("move ana {0},{0}", (0, 999)),
]
"""Commands with a number and its stated range: each out-of-range one must be refused."""

_NUMBER = r"[-+]?(?:[0-9][0-9_]*(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|inf|nan)"


def out_of_range(rng: random.Random, low: float, high: float, whole: bool) -> str:
    """A number outside [low, high] as TOML writes it."""
    choices = [str(int(high) + 1 if whole else high * 1.5 + 1), "inf", "-inf", "nan", "1e400", "9" * 40]
    choices += [str(int(low) - 1), "-" + "9" * 30, "-1e400"]
    return rng.choice(choices)


@attrs.frozen
class Damage:
    """A damaged copy of a file: its bytes, what was done, and whether a number was put out of its range."""

    data: bytes
    what: str
    out_of_range: bool = False


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete(rng: random.Random, lines: list[str]) -> str:
    index = rng.randrange(len(lines))
    del lines[index]
    return f"deleted line {index + 1}"


def _duplicate(rng: random.Random, lines: list[str]) -> str:
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index])
    return f"duplicated line {index + 1}"


def _swap(rng: random.Random, lines: list[str]) -> str:
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[first], lines[second] = lines[second], lines[first]
    return f"swapped lines {first + 1} and {second + 1}"


def _flip(rng: random.Random, lines: list[str]) -> str:
    index = rng.randrange(len(lines))
    line = lines[index]
    at = rng.randrange(len(line) + 1)
    character = rng.choice("\"'[]{}=.,#\\-+_0123456789abcxyzE \t\x00é")
    lines[index] = line[:at] + character + line[at + 1 :]
    return f"line {index + 1}: put {character!r} at column {at + 1}"


_NUMBERS_WRITTEN = ["-1", "-0", "0", "1.5", "1e400", "inf", "-inf", "nan", "9" * 30, "9" * 5000, "2.0", "0x1f"]
_WRONG_TYPES = ['"ten"', "true", "[1, 2]", "{ a = 1 }", "1979-05-27", '""', "[]", "{}"]


def _value(rng: random.Random, lines: list[str]) -> str:
    candidates = [index for index, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")]
    if not candidates:
        return _flip(rng, lines)
    index = rng.choice(candidates)
    key, _, _ = lines[index].partition("=")
    value = rng.choice(_NUMBERS_WRITTEN + _WRONG_TYPES)
    lines[index] = f"{key}= {value}"
    return f"line {index + 1}: {key.strip()} = {value[:20]}"


def _nest(rng: random.Random, lines: list[str]) -> str:
    depth = rng.choice([30, 300, 3000])
    opening, closing = rng.choice([("[", "]"), ("{ a = ", " }")])
    index = rng.randrange(len(lines) + 1)
    lines.insert(index, "zz_nested = " + opening * depth + "1" + closing * depth)
    return f"line {index + 1}: nested {depth} deep"


def _truncate(rng: random.Random, lines: list[str]) -> str:
    keep = rng.randrange(len(lines))
    del lines[keep:]
    return f"cut after line {keep}"


LINE_DAMAGE: list[Callable[[random.Random, list[str]], str]] = [
    _delete,
    _duplicate,
    _swap,
    _flip,
    _flip,
    _value,
    _value,
    _nest,
    _truncate,
]


def _out_of_range(rng: random.Random, text: str, ranges: dict[str, tuple[float, float, bool]]) -> Damage | None:
    """One number of a ranged field set outside its range; None if the file has none."""
    if not ranges:
        return None
    keys = "|".join(sorted(ranges, key=len, reverse=True))
    pattern = re.compile(rf"(?m)(^[ \t]*|[{{,][ \t]*)({keys})([ \t]*=[ \t]*)({_NUMBER})(?=[ \t]*(?:[,}}#]|$))")
    found = list(pattern.finditer(text))
    if not found:
        return None
    match = rng.choice(found)
    value = out_of_range(rng, *ranges[match.group(2)])
    damaged = text[: match.start(4)] + value + text[match.end(4) :]
    line = text.count("\n", 0, match.start()) + 1
    return Damage(damaged.encode(), f"line {line}: {match.group(2)} = {value[:20]} (out of range)", True)


def _script_out_of_range(rng: random.Random, text: str) -> Damage:
    template, (low, high) = rng.choice(SCRIPT_RANGES)
    value = rng.choice([str(high + 1), str(low - 1), "9" * rng.choice([5, 30, 5000])])
    lines = _lines(text)
    index = rng.randrange(2, len(lines))
    lines.insert(index, template.format(value))
    return Damage("\n".join(lines).encode(), f"line {index + 1}: {template.format(value)[:40]} (out of range)", True)


def _encounter_out_of_range(rng: random.Random, text: str) -> Damage:
    """A unit given HP out of range, or a map wider or longer than 1,000 cells."""
    if rng.random() < 0.5:
        value = out_of_range(rng, 1, 999, WHOLE)
        damaged = text.replace("[[unit]]\n", f"[[unit]]\nhp = {value}\n", 1)
        return Damage(damaged.encode(), f"unit hp = {value[:20]} (out of range)", True)
    rows = re.findall(r'(?m)^  "([^"]*)",$', text)
    if rng.random() < 0.5:
        damaged = re.sub(r'(?m)^  "([^"]*)",$', lambda row: f'  "{row.group(1)}{row.group(1)[-1] * 990}",', text)
        return Damage(damaged.encode(), "every map row 990 cells wider (out of range)", True)
    extra = "".join(f'  "{rows[-1]}",\n' for _ in range(1001 - len(rows)))
    damaged = text.replace(f'  "{rows[-1]}",\n', f'  "{rows[-1]}",\n{extra}', 1)
    return Damage(damaged.encode(), "the map made 1,001 rows long (out of range)", True)


def damage(rng: random.Random, kind: str, text: str) -> Damage:
    """One damaged copy of `text`, a file of `kind`."""
    roll = rng.random()
    if roll < 0.3:
        if kind == "script":
            return _script_out_of_range(rng, text)
        if kind == "encounter":
            return _encounter_out_of_range(rng, text)
        ranged = _out_of_range(rng, text, RANGES[kind])
        if ranged is not None:
            return ranged
    if roll < 0.38:
        data = text.encode()
        at = rng.randrange(len(data) + 1)
        return Damage(
            data[:at] + rng.choice([b"\xff", b"\xc3", b"\x80\x80", b"\xed\xa0\x80"]) + data[at:], f"bad byte at {at}"
        )
    lines = _lines(text)
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        lines = lines or [""]
        done.append(rng.choice(LINE_DAMAGE)(rng, lines))
    return Damage("\n".join(lines).encode(), "; ".join(done))


def _trim_weapons(content: Path) -> None:
    """Keep only the weapons the content uses, so that each damaged weapons file is quick to read."""
    weapons = content / "weapons.toml"
    used = "".join(path.read_text(encoding="utf-8") for path in content.rglob("*.toml") if path != weapons)
    header, *entries = weapons.read_text(encoding="utf-8").split("\n[[weapon]]\n")
    ids = [entry.split(chr(34))[1] for entry in entries]  # the first string is the id
    # a weapon in hand is named in quotes; a thrown one as a key of a `thrown` table (R22.1.2)
    kept = [entry for entry, id_ in zip(entries, ids, strict=True) if f'"{id_}"' in used or f"{id_} =" in used]
    weapons.write_text(header + "".join(f"\n[[weapon]]\n{entry}" for entry in kept), encoding="utf-8")


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Workshop:
    folder = tmp_path_factory.mktemp("fuzz")
    workshop = make_workshop(folder)
    _trim_weapons(workshop.content)
    (folder / "script.txt").write_text(SCRIPT, encoding="utf-8")
    assert workshop.apcombat("--content", workshop.content, "check", workshop.content).code == 0
    played = workshop.apcombat(
        "--content",
        workshop.content,
        "run",
        workshop.content / "encounters" / "duel.toml",
        "--script",
        folder / "script.txt",
    )
    assert played.code == 0, played.text
    return workshop


@pytest.fixture(autouse=True)
def library_read_once_per_content(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed: the content folder is read again only when one of its files changed (by their bytes)."""
    read_library = apcombat.content.loader.read_library
    cache: dict[str, object] = {}

    def remembered(root: str | Path) -> object:
        files = sorted(Path(root).glob("*.toml")) + sorted(Path(root, "characters").glob("*.toml"))
        digest = hashlib.sha1(str(root).encode())
        for path in files:
            digest.update(path.read_bytes())
        key = digest.hexdigest()
        if key not in cache:
            cache.clear()
            cache[key] = read_library(root)
        return cache[key]

    monkeypatch.setattr(apcombat.content.loader, "read_library", remembered)
    monkeypatch.setattr(apcombat.content.checking, "read_library", remembered)


def read_script(shop: Workshop) -> list[Outcome]:
    duel = shop.content / "encounters" / "duel.toml"
    return [shop.apcombat("--content", shop.content, "run", duel, "--script", shop.folder / "script.txt")]


def _path(shop: Workshop, kind: str) -> Path:
    return shop.folder / "script.txt" if kind == "script" else file_of(shop, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_files_never_crash_hang_or_slip_through(shop, kind):
    rng = random.Random(f"{SEED}-{kind}")
    path = _path(shop, kind)
    original = path.read_bytes()
    text = original.decode("utf-8")
    try:
        for case in range(CASES):
            damaged = damage(rng, kind, text)
            path.write_bytes(damaged.data)
            where = f"seed {SEED}, {kind} case {case}: {damaged.what}"
            every = case % 4 == 0 or kind not in CONTENT_KINDS
            try:
                outcomes = read_script(shop) if kind == "script" else read_through_entry_points(shop, kind, every)
            except Exception as error:
                raise AssertionError(f"{where}: {error!r}") from error
            for outcome in outcomes:
                assert outcome.code in (0, 1, 2), f"{where}: exit {outcome.code}\n{outcome.text[-2000:]}"
                assert "Traceback" not in outcome.text, f"{where}\n{outcome.text[-3000:]}"
                if damaged.out_of_range:
                    assert outcome.code != 0, f"{where}: accepted\n{outcome.text[-2000:]}"
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("kind", ["weapons", "save", "script"])
def test_damaged_files_in_a_real_process(shop, kind, tmp_path):
    # A few cases through the installed command itself: the exit status a shell sees, nothing on stderr but
    # the one line.
    rng = random.Random(f"{SEED}-process-{kind}")
    path = _path(shop, kind)
    original = path.read_bytes()
    damaged = Damage(b"", "")
    while not damaged.out_of_range:
        damaged = damage(rng, kind, original.decode("utf-8"))
    path.write_bytes(damaged.data)
    try:
        content = ["--content", str(shop.content)]
        duel = str(shop.content / "encounters" / "duel.toml")
        args = {
            "weapons": [*content, "check", str(path)],
            "save": ["run", str(path), "--script", str(shop.idle)],
            "script": [*content, "run", duel, "--script", str(path)],
        }[kind]
        done = subprocess.run(
            [sys.executable, "-m", "apcombat", *args], capture_output=True, text=True, timeout=30, check=False
        )
    finally:
        path.write_bytes(original)
    assert done.returncode in (1, 2), f"{damaged.what}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    assert "Traceback" not in done.stdout + done.stderr
