"""Issue 13, item 5: one policy for everything the program writes for the user (apcombat.content.user_files).
The autouse `user_folders` fixture points platformdirs at tmp_path/home, as every test does."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content import load_library
from apcombat.content.paths import content_root
from apcombat.content.settings import HINTS, hints_on, remember
from apcombat.content.user_files import (
    config_folder,
    crash_folder,
    keys_file,
    saves_folder,
    settings_file,
    user_content_folder,
)


def test_each_kind_of_file_goes_to_its_user_folder(user_folders: Path) -> None:
    assert user_content_folder() == user_folders / "data" / "apcombat"
    assert config_folder() == user_folders / "config" / "apcombat"
    assert keys_file() == user_folders / "config" / "apcombat" / "keys.toml"
    assert settings_file() == user_folders / "config" / "apcombat" / "settings.toml"
    assert crash_folder() == user_folders / "state" / "apcombat" / "log"


def test_the_saves_folder_environment_then_here_then_the_user_data_folder(
    user_folders: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert saves_folder() == user_folders / "saves"  # APCOMBAT_SAVES, as every test sets it
    monkeypatch.setenv("APCOMBAT_SAVES", "")
    assert saves_folder() == user_folders / "data" / "apcombat" / "saves"
    (tmp_path / "saves").mkdir()
    assert saves_folder() == tmp_path / "saves"


def test_apcombat_keys_names_another_key_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("APCOMBAT_KEYS", str(tmp_path / "mine.toml"))
    assert keys_file() == tmp_path / "mine.toml"


def test_a_setting_is_remembered_and_an_unreadable_file_means_the_defaults() -> None:
    assert hints_on()
    remember(HINTS, False)
    assert not hints_on()
    assert "hints = false" in settings_file().read_text(encoding="utf-8")
    settings_file().write_text("hints = [", encoding="utf-8")
    assert hints_on()


def test_the_users_characters_join_the_library_without_hiding_the_content(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    (mine / "characters").mkdir(parents=True)
    ana = (content_root() / "characters" / "ana.toml").read_text(encoding="utf-8")
    (mine / "characters" / "drifter.toml").write_text(ana.replace('"Ana"', '"Drifter"', 1), encoding="utf-8")
    library = load_library(content_root(), mine)
    assert library.character("drifter").name == "Drifter"
    assert library.character("ana").name == "Ana"
    assert library.folders() == [content_root(), mine]
