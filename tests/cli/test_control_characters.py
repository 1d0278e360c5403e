"""A control character in a name read from a file (a side's, a unit's, a character's, a weapon's) or in a game
master's note (issue 29: the fuzz round's escape sequence cleared the screen through `apcombat run`) is refused
where it is read, naming the file and the field; a message quotes it escaped, never raw."""

from __future__ import annotations

from pathlib import Path

import pytest
from bad_input import Workshop, file_of, make_workshop, read_through_entry_points

from apcombat.engine import CommandError
from tests.engine.modules.fog_fights import ana, fog_game, jed

CLEAR = "\\u001b[2J"  # as TOML writes the escape that clears a terminal


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workshop:
    monkeypatch.chdir(tmp_path)
    return make_workshop(tmp_path)


@pytest.mark.parametrize(
    ("kind", "old", "field"),
    [
        ("encounter", 'name = "Vault dweller"', "side 'vault': name"),
        ("encounter", 'id = "raider"', "unit 'raider': name"),
        ("character", 'name = "Ana"', "name"),
        ("weapons", 'name = "Colt 1911"', "weapon 'colt_1911': name"),
    ],
    ids=["a side's", "a unit's", "a character's", "a weapon's"],
)
def test_a_name_with_an_escape_is_refused_where_it_is_read(shop, kind, old, field):
    path = file_of(shop, kind)
    text = path.read_text(encoding="utf-8")
    assert old in text
    new = f'{old}\nname = "{CLEAR}Rex"' if old.startswith("id") else old.replace('= "', f'= "{CLEAR}', 1)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    for outcome in read_through_entry_points(shop, kind, every=False):
        assert outcome.code in (1, 2) and "\x1b" not in outcome.text
        assert f"{path.name}: {field}: " in outcome.text, outcome.text
        assert "holds a control character (U+001B), and a name is one line of plain text: remove it" in outcome.text


def test_a_name_on_two_lines_is_refused_and_a_description_on_two_lines_is_not(shop):
    path = file_of(shop, "encounter")
    text = path.read_text(encoding="utf-8").replace('name = "Raiders"', 'name = "Raiders\\nround 9 begins"', 1)
    path.write_text(text.replace('description = "', 'description = "Two lines:\\n', 1), encoding="utf-8")
    (checked, _run) = read_through_entry_points(shop, "encounter")
    assert checked.code == 1
    assert checked.text.count("control character") == 1 and "(U+000A)" in checked.text


def test_a_note_with_an_escape_is_refused(tmp_path):
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), modules=())
    with pytest.raises(CommandError, match=r"a note cannot hold a control character \(U\+001B\)"):
        game.play("gm note jed \x1b[2Jhas the key")
    assert game.state.unit("jed").note == ""
