"""What the players see is the game master's choice, per fight (issue 28, item 7), each tested on the served
page: the AI's reasons only with `gm show reasons on`; undone, redone and back-to-snapshot lines never, so the
page never depends on when it asked; the statuses of enemies whose HP it hides only with `gm show statuses on`,
and under the fog of war never an enemy's watch (R21.2.5); a unit's note never."""

from __future__ import annotations

import json
import urllib.request

import attrs
from web_helpers import BRAWL, in_a_thread, play

from apcombat.ai.tactical import TacticalLevel
from apcombat.ai.turn import turn_steps
from apcombat.model.fates import Fate
from apcombat.players_view import FollowedSave, watch_server
from apcombat.saves import load_game, save_game
from tests.engine.throw_fights import MAP_A, ana, jed, throw_game


def shown(served) -> str:
    """The fight as the served page shows it now (what its script swaps in)."""
    with urllib.request.urlopen(f"{served.url}fight", timeout=30) as answer:
        return json.loads(answer.read().decode("utf-8"))["html"]


def log_of(page: str) -> str:
    return page.split("<h2>Log</h2>")[1]


def ai_plays_raider_jed(save):
    """Raider Jed's turn played by the tactical AI, as the app plays an AI's turn: its line keeps its reason."""
    game = load_game(save)
    steps = list(turn_steps(game, TacticalLevel()))
    save_game(game, save)
    return steps[0].decision.reason


def test_the_ais_reasons_are_shown_only_when_the_game_master_chooses(save, served):
    reason = ai_plays_raider_jed(save)
    assert reason == "Raider Jed has no plan to play"
    page = shown(served)
    assert "Raider Jed ends the turn" in page  # what the AI did is shown, as a person's command is
    assert reason not in page and "AI (Raider Jed)" not in page  # by default, not why
    play(save, "gm show reasons on")
    assert f"AI (Raider Jed) end: {reason}</li>" in log_of(shown(served))
    play(save, "gm show reasons off")
    assert reason not in shown(served)


def test_an_ais_reason_shown_while_hp_is_in_words_keeps_its_plans_worth_and_loses_hp_figures(save, served):
    reason = "Raider Jed shoots Drifter at 30 HP; 15.0 damage expected (plan worth +10.3 HP)"
    game = load_game(save)
    game.play("end", reason=reason)  # as the app plays a line an AI chose
    game.play_all(["gm show reasons on", "gm show regulars words"])
    save_game(game, save)
    assert "AI (Raider Jed) end: Raider Jed shoots Drifter; 15.0 damage expected (plan worth +10.3 HP)</li>" in (
        shown(served)
    )


def test_undone_redone_and_back_lines_never_show_and_the_page_never_depends_on_when_it_asked(save, served, monkeypatch):
    monkeypatch.chdir(save.parent)  # the page names its file, here without the test's name
    steps = [
        "pose raider_1 crouched",
        "undo",
        "redo",
        "gm snapshot before-sue",
        "end",
        "pose sue crouched",
        "gm back before-sue",
        "move raider_1 10cm",
        "undo",
    ]
    for line in steps:
        play(save, line)
        page = shown(served)  # the page asks after every command
        for never in ("undone", "redone", "snapshot", "game master"):
            assert never not in page, (line, never)
    asked_once = FollowedSave(save).view().html  # a page that asks only now
    assert shown(served) == asked_once
    log = log_of(asked_once)
    assert "Raider Jed goes crouched" in log  # redone: shown once, as played
    assert log.count("Raider Jed goes crouched") == 1
    assert "Sue goes crouched" not in log and "Raider Jed moves" not in log  # undone: no trace


def test_a_hidden_hp_enemys_statuses_are_shown_only_when_the_game_master_chooses(save, served):
    play(save, "gm show raiders hidden", "react raider_1")  # Raider Jed watches; Raider Moss burns (R6.2)
    page = shown(served)
    assert "Raider Jed</span></th><td>Raiders passing through</td><td></td><td></td><td></td>" in page
    assert "Raider Moss</span></th><td>Raiders passing through</td><td></td><td></td><td></td>" in page
    assert "watching" not in page and "burning" not in page
    assert "Drifter</span></th><td>The Dusty Mug&#x27;s regulars</td><td>30/30 HP</td><td>acted</td>" in page
    play(save, "gm show statuses on")
    page = shown(served)
    assert "Raider Jed</span></th><td>Raiders passing through</td><td></td><td>watching</td>" in page
    assert "<td>burning 2</td>" in page
    play(save, "gm show statuses off", "gm show raiders words")  # its HP shown: what stands beside it too
    assert "<td>watching</td>" in shown(served) and "<td>burning 2</td>" in shown(served)


def test_a_hidden_hp_enemy_out_of_the_fight_is_shown_so(save, served):
    play(save, "gm show raiders hidden", "gm hp raider_1 -8")  # the table sees a body on the floor
    assert "Raider Jed</span></th><td>Raiders passing through</td><td></td><td>down</td>" in shown(served)


def test_under_the_fog_an_enemys_watch_is_never_shown_whatever_the_choice(tmp_path):
    game = throw_game(tmp_path, ana((0, 2)), jed((6, 2), facing="W"), rows=MAP_A, modules=("fog_of_war",))
    game.play_all(["end", "react jed", "gm show statuses on"])  # R16.1: Jed watches; the Vault sees him
    save = save_game(game, tmp_path / "autosave.toml")
    with in_a_thread(watch_server(save, "127.0.0.1", 0, side="vault")) as vault:
        page = shown(vault)
        assert "Jed</span>" in page and "watching" not in page  # R21.2.5
    with in_a_thread(watch_server(save, "127.0.0.1", 0, side="raiders")) as raiders:
        assert "<td>watching</td>" in shown(raiders)  # its own side's page shows it


def test_a_units_note_is_never_on_the_page(tmp_path):
    game = load_game(BRAWL)
    noted = tuple(attrs.evolve(u, note="has the key") if u.id == "raider_1" else u for u in game.state.units)
    game.state = attrs.evolve(game.state, units=noted)
    save = save_game(game, tmp_path / "autosave.toml")
    with in_a_thread(watch_server(save, "127.0.0.1", 0)) as served:
        page = shown(served)
    assert "Raider Jed" in page and "has the key" not in page
    assert "has the key" in save.read_text("utf-8")  # the game master's file keeps it


def test_a_man_down_reads_man_down_not_the_saves_word(tmp_path):
    """R18.2.1: the page says "man down", as the app's turn order does, never the save's `man_down` (found at
    the table, issue 28's trial)."""
    game = load_game(BRAWL)
    fallen = tuple(attrs.evolve(u, hp=0, fate=Fate.MAN_DOWN) if u.id == "sue" else u for u in game.state.units)
    game.state = attrs.evolve(game.state, units=fallen)
    save = save_game(game, tmp_path / "autosave.toml")
    with in_a_thread(watch_server(save, "127.0.0.1", 0)) as served:
        page = shown(served)
    assert "<td>man down</td>" in page and "<td>man_down</td>" not in page
