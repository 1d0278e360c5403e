"""The library's lookups and the converter's way of writing content back."""

from __future__ import annotations

import pytest
from content_helpers import CONTENT

from apcombat.content import CONVERTER, ContentError, Library
from apcombat.model import Armor, Character, Shot, Weapon


def test_lookups_by_id(library: Library) -> None:
    assert library.weapon("colt_1911").name == "Colt 1911"
    assert library.armor("leather_jacket").id == "leather_jacket"
    assert library.character("ana").name == "Ana"
    assert library.root == CONTENT


@pytest.mark.parametrize(
    ("look_up", "wrong", "expected"),
    [
        (
            Library.weapon,
            "colt1911",
            "content/weapons.toml: unknown weapon 'colt1911' (did you mean 'colt_1911'?)",
        ),
        (Library.armor, "kevlar", "content/armor.toml: unknown armour 'kevlar'"),
        (Library.character, "Ana", "content/characters: unknown character 'Ana' (did you mean 'ana'?)"),
    ],
)
def test_an_unknown_id_is_a_content_error_with_a_suggestion(
    library: Library, monkeypatch: pytest.MonkeyPatch, look_up, wrong: str, expected: str
) -> None:
    monkeypatch.chdir(CONTENT.parent)
    with pytest.raises(ContentError) as raised:
        look_up(library, wrong)
    assert raised.value.problems == [expected]
    assert str(raised.value) == expected


def test_content_written_back_leaves_out_defaults_and_reads_the_same(library: Library) -> None:
    for value, model in (
        (library.weapon("p90"), Weapon),
        (library.armor("leather_armor"), Armor),
        (library.character("ana"), Character),
    ):
        text = CONVERTER.dumps(value)
        assert CONVERTER.loads(text, model) == value
    assert "burst_tuning" not in CONVERTER.dumps(library.weapon("colt_1911"))
    assert "max_hp" not in CONVERTER.dumps(library.character("ana"))  # TOML has no null
    assert CONVERTER.dumps(Shot()) == ""
