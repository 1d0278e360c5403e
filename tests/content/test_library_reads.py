"""The weapons, armour and wound files are read once for the same bytes at the same path (every command and
every game opened reads them): a second load of an unchanged folder parses nothing again, and a file changed —
even to the same length, in the same instant — is read anew, its problems named as before (R12, R19 values)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from apcombat.content import ContentError, load_library, read_library


def parses_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many TOML texts are parsed from now on (one number per parse)."""
    parsed: list[int] = []
    loads = tomllib.loads

    def counted(text: str, **options):
        parsed.append(len(text))
        return loads(text, **options)

    monkeypatch.setattr(tomllib, "loads", counted)
    return parsed


def test_an_unchanged_content_folder_is_parsed_once(content_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_library(content_copy)
    parsed = parses_counted(monkeypatch)
    again = load_library(content_copy)
    characters = len(list((content_copy / "characters").glob("*.toml")))
    assert len(parsed) == characters, "the weapons, armour or wound file was parsed again"
    assert again.weapons == first.weapons and again.armors == first.armors and again.criticals == first.criticals
    again.weapons.clear()  # each load's tables are its own
    assert load_library(content_copy).weapons == first.weapons


def test_a_file_changed_to_the_same_length_is_read_anew(content_copy: Path) -> None:
    weapons = content_copy / "weapons.toml"
    text = weapons.read_text(encoding="utf-8")
    colt = text.index('id = "colt_1911"')

    def with_colt_ap(ap: str) -> str:
        return text[:colt] + text[colt:].replace("ap_single = 5", f"ap_single = {ap}", 1)

    assert load_library(content_copy).weapon("colt_1911").ap_single == 5
    weapons.write_text(with_colt_ap("6"), encoding="utf-8")
    assert len(weapons.read_bytes()) == len(text.encode())
    assert load_library(content_copy).weapon("colt_1911").ap_single == 6
    weapons.write_text(with_colt_ap("X"), encoding="utf-8")
    with pytest.raises(ContentError, match=r"content/weapons\.toml"):
        load_library(content_copy)
    weapons.write_text(text, encoding="utf-8")
    assert read_library(content_copy).problems == ()
    assert load_library(content_copy).weapon("colt_1911").ap_single == 5
