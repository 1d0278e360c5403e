"""A word of thousands of letters in an encounter file, wherever it stands (a value, a key, an id, a file name),
is refused by `apcombat check` in lines that quote it cut short, never in full and never with a traceback
(found by fuzzing: every refusal repeated it whole, and a character file name of 5,000 letters raised "File
name too long" out of the check)."""

from __future__ import annotations

import pytest

from apcombat.content import content_root

LONG = "q" * 5000
DUEL = (content_root() / "encounters" / "duel.toml").read_text(encoding="utf-8")
RAIDER = 'facing = "W"'
CHANGES = {
    "facing": (RAIDER, f'facing = "{LONG}"'),
    "pose": (RAIDER, f'{RAIDER}\npose = "{LONG}"'),
    "hp written as text": (RAIDER, f'{RAIDER}\nhp = "{LONG}"'),
    "a unit's unknown key": (RAIDER, f"{RAIDER}\n{LONG} = 1"),
    "a weapon": (RAIDER, f'{RAIDER}\nweapons = ["{LONG}"]'),
    "a thrown weapon": (RAIDER, f"{RAIDER}\nthrown = {{ {LONG} = 1 }}"),
    "a character file": ('character = "raider"', f'character = "{LONG}"'),
    "a unit's side": ('side = "raiders"\ncharacter', f'side = "{LONG}"\ncharacter'),
    "a unit's id": ('id = "raider"', f'id = "{LONG} x"'),
    "a unit's id of 5,000 letters": ('id = "raider"', f'id = "{LONG}"'),  # taken, and every "the units are" listed it
    "a side's control": ('control = "ai"', f'control = "{LONG}"'),
    "the map's legend": ("[map]", f'[map]\nlegend = {{ "{LONG}" = "{LONG}" }}'),
    "a module": ("[map]", f"[modules]\n{LONG} = true\n\n[map]"),
}


@pytest.mark.parametrize(("old", "new"), CHANGES.values(), ids=CHANGES.keys())
def test_a_long_word_in_an_encounter_is_quoted_cut_short(apcombat, tmp_path, old, new):
    assert old in DUEL
    encounter = tmp_path / "long.toml"
    encounter.write_text(DUEL.replace(old, new, 1).replace('"../characters/ana.toml"', '"ana"'), encoding="utf-8")
    checked = apcombat("check", encounter)
    assert checked.code == 1, checked.out
    lines = checked.out.splitlines()
    assert lines[-1].endswith("in 1 file") and "(5,00" in checked.out
    assert all(len(line) < 400 for line in lines), max(lines, key=len)[:400]
