"""Finding the content folder and the files content files refer to."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import CONTENT, write_text

from apcombat.content import content_root, resolve_reference, shown
from apcombat.content import paths as content_paths


def test_the_override_comes_first(tmp_path: Path) -> None:
    assert content_root(tmp_path) == tmp_path
    assert content_root(str(tmp_path)) == tmp_path


def test_the_checkouts_content_folder_is_the_default() -> None:
    assert content_root() == CONTENT


def test_without_a_checkout_the_bundled_copy_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "apcombat"
    monkeypatch.setattr(content_paths, "_PACKAGE", package)
    assert content_root() == package / "_content"


def test_a_bare_id_names_a_file_in_the_folder(tmp_path: Path) -> None:
    assert resolve_reference("ana", tmp_path / "x.toml", CONTENT) == CONTENT / "characters" / "ana.toml"
    assert resolve_reference("ana", tmp_path / "x.toml", CONTENT, "scenarios") == CONTENT / "scenarios" / "ana.toml"


def test_a_path_is_first_relative_to_the_file(tmp_path: Path) -> None:
    mine = write_text(tmp_path / "characters" / "ana.toml", "")
    (tmp_path / "scenarios").mkdir()  # where the referring file lives
    assert resolve_reference("../characters/ana.toml", tmp_path / "scenarios" / "a.toml", CONTENT) == (
        tmp_path / "scenarios" / "../characters/ana.toml"
    )
    assert mine.is_file()


def test_then_relative_to_the_content_root_without_a_leading_content(tmp_path: Path) -> None:
    from_anywhere = tmp_path / "somewhere" / "attack.toml"
    assert resolve_reference("content/characters/ana.toml", from_anywhere, CONTENT) == CONTENT / "characters/ana.toml"
    assert resolve_reference("characters/ana.toml", from_anywhere, CONTENT) == CONTENT / "characters/ana.toml"


def test_a_missing_file_resolves_next_to_the_referring_file(tmp_path: Path) -> None:
    assert resolve_reference("nobody.toml", tmp_path / "a.toml", CONTENT) == tmp_path / "nobody.toml"


def test_paths_are_shown_relative_to_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert shown(tmp_path / "content" / "weapons.toml") == "content/weapons.toml"
    assert shown("scenarios/../characters/ana.toml") == "characters/ana.toml"
    assert shown(Path("/elsewhere/weapons.toml")) == "/elsewhere/weapons.toml"
