"""The players' view (issue 13, item 4): a read-only page of the game master's fight — turn order, conditions,
HP as `gm show` sets it for each side, the log — that follows the save as it is written after every command."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import attrs
import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from web_helpers import BRAWL, play

from apcombat.cli import main
from apcombat.players_view import FollowedSave, page_html, wound_word
from apcombat.saves import load_game


class HtmlSnapshot(SingleFileSnapshotExtension):
    """A snapshot kept as an .html file, to open in a browser and see."""

    _file_extension = "html"
    _write_mode = WriteMode.TEXT


def fight(save: Path) -> str:
    return FollowedSave(save).view().html


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.read().decode("utf-8")


def test_the_players_view_of_a_fight(save, snapshot, monkeypatch):
    # The raiders' HP as wound words, the regulars' exact: the page as a player sees it on the second screen.
    monkeypatch.chdir(save.parent)  # the page names its file: the same name wherever the test runs
    play(save, "gm show raiders words")
    view = FollowedSave(save).view()
    assert page_html(view.html, view.version) == snapshot(extension_class=HtmlSnapshot)


def test_the_page_shows_the_turn_order_conditions_and_who_acts(save):
    page = fight(save)
    assert "Round 1 — Raider Jed acts" in page
    names = ["Drifter", "Barkeep", "Raider Jed", "Sue", "Rocco", "Raider Moss"]  # the initiative order
    assert [page.index(f" {name}<") for name in names] == sorted(page.index(f" {name}<") for name in names)
    assert ">D3 Drifter<" in page and ">R1 Raider Jed<" in page  # each unit's mark, as the map shows it
    acting = '<span aria-hidden="true">▶</span><span class="visually-hidden">acts now</span>'
    assert f'<tr class="acting"><td>{acting}</td><td>19</td>' in page
    assert "<td>burning 2</td>" in page  # R6.2: the burns to come


@pytest.mark.parametrize(
    ("setting", "jed", "moss"),
    [("exact", "8/33 HP", "33/33 HP"), ("words", "near death", "unhurt"), ("hidden", "", "")],
)
def test_each_sides_hp_is_shown_as_the_game_master_chose(save, setting, jed, moss):
    play(save, f"gm show raiders {setting}")
    page = fight(save)
    assert f"Raider Jed</span></th><td>Raiders passing through</td><td>{jed}</td>" in page
    assert f"Raider Moss</span></th><td>Raiders passing through</td><td>{moss}</td>" in page
    assert "Rocco</span></th><td>The Dusty Mug&#x27;s regulars</td><td>37/37 HP</td>" in page


def test_wound_words_go_from_unhurt_to_down():
    game = load_game(BRAWL)
    rocco = game.state.unit("rocco")  # 37 HP at most
    words = [wound_word(attrs.evolve(rocco, hp=hp)) for hp in (37, 30, 20, 10, 1, 0)]
    assert words == ["unhurt", "grazed", "hurt", "badly hurt", "near death", "down"]


def test_the_log_hides_hp_figures_while_a_side_is_not_shown_exactly_and_never_shows_the_gms_lines(save):
    assert "14 damage (22 -&gt; 8 HP)" in fight(save)
    play(save, "gm show raiders hidden", "gm dice 99", "gm mod 10", "undo")
    page = fight(save)
    assert "Barkeep attacks Raider Jed: 1 hit, 14 damage</li>" in page
    assert "-&gt;" not in page.split("<h2>Log</h2>")[1]
    assert "game master" not in page and "Sue -5 HP" not in page  # its lines: dice, overrides, this setting
    assert "undone" not in page  # nor their undoing


def test_the_page_follows_each_command_and_undo(save):
    followed = FollowedSave(save)
    before = followed.view()
    assert followed.view() is before  # the file did not change: not read again
    play(save, "pose raider_1 crouched")
    after = followed.view()
    assert after.version != before.version
    assert "Raider Jed goes crouched" in after.html
    play(save, "undo")
    undone = followed.view()
    assert "Raider Jed goes crouched" not in undone.html.replace("undone: pose raider_1 crouched", "")
    play(save, "end")
    assert "Sue acts" in followed.view().html


def test_a_missing_or_damaged_save_is_one_sentence_on_the_page(tmp_path):
    missing = tmp_path / "autosave.toml"
    assert "does not exist yet" in fight(missing)
    missing.write_text("format_version = 5\n[state\n", encoding="utf-8")
    page = fight(missing)
    assert "This save cannot be shown" in page and "autosave.toml" in page and "Traceback" not in page


def test_the_server_answers_the_page_and_the_fight_when_it_changed(save, served):
    status, page = get(served.url)
    assert status == 200 and "Raider Jed acts" in page and "<script>" in page
    version = page.split('data-version="')[1].split('"')[0]
    assert get(f"{served.url}fight?since={version}")[0] == 204  # nothing new
    play(save, "end")
    status, body = get(f"{served.url}fight?since={version}")
    shown = json.loads(body)
    assert status == 200 and shown["version"] != version and "Sue acts" in shown["html"]
    with pytest.raises(urllib.error.HTTPError) as refused:  # read-only
        urllib.request.urlopen(urllib.request.Request(served.url, data=b"x", method="POST"), timeout=30)
    assert refused.value.code == 501


def test_serve_watch_says_in_one_sentence_when_its_port_is_taken(save, served, capsys):
    port = served.server_address[1]
    assert main(["serve", "--watch", str(save), "--port", str(port)]) == 2
    error = capsys.readouterr().err
    assert (
        error.startswith(f"apcombat: cannot serve the players' view on 127.0.0.1:{port}: ") and error.count("\n") == 1
    )
