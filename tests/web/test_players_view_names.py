"""Issue 22, item 6: two apps running keep two autosaves, so the players' view names the fight and the file it
shows (`serve --watch` without SAVE follows autosave.toml, as it did)."""

from __future__ import annotations

import shutil

from web_helpers import BRAWL

from apcombat.players_view import FollowedSave
from apcombat.saves import load_game


def test_the_page_names_the_fight_and_the_file_it_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()
    for name in ("autosave.toml", "autosave-2.toml"):
        shutil.copy(BRAWL, tmp_path / "saves" / name)
        view = FollowedSave(f"saves/{name}").view()
        fight = load_game(BRAWL).state.name
        assert view.html.startswith(f'<h1>{fight}</h1>\n<p class="file">Shown from saves/{name}</p>\n')
