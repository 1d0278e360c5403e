"""R21.8.6, R21.8.7: what the outputs show a side — `apcombat run --side`, the players' page, "While you waited"."""

from __future__ import annotations

import json

import attrs
from fog_fights import ana, fog_file, fog_game, jed, rat

from apcombat.engine import HistoryEntry
from apcombat.fight import action_of
from apcombat.fight.waited import compass
from apcombat.model import Control, Pose
from apcombat.model.encounter import with_state
from apcombat.model.fog_state import Mark
from apcombat.players_view import FollowedSave
from apcombat.saves import save_game

SCRIPT = "start\nend\nmove jed 6,5 6,4 6,3 6,2\n"


def _script(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    return script


def test_run_side_prints_the_log_as_the_side_is_shown_it(apcombat, tmp_path):  # R21.8.7
    encounter = fog_file(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    vault = apcombat("run", encounter, "--script", _script(tmp_path), "--side", "vault")
    assert vault.code == 0, vault.err
    assert vault.out.splitlines()[-3:] == [
        "Ana ends the turn",
        "Round 1 — out of sight",
        "Jed moves, seen at 6,4, 6,3, 6,2",
    ]
    everything = apcombat("run", encounter, "--script", _script(tmp_path))
    assert "Jed's turn: 8 AP" in everything.out and "Jed moves 6,6 -> 6,2: 4 AP (8 -> 4)" in everything.out


def test_run_side_json_gives_the_sides_view_in_place_of_the_state(apcombat, tmp_path):  # R21.8.7
    encounter = fog_file(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    script = tmp_path / "script.txt"
    script.write_text("start\n", encoding="utf-8")
    vault = apcombat("run", encounter, "--script", script, "--side", "vault", "--json").json
    assert [unit["id"] for unit in vault["units"]] == ["ana", "rat"]  # Jed, behind the wall, is left out
    raiders = apcombat("run", encounter, "--script", script, "--side", "raiders", "--json").json
    assert [unit["id"] for unit in raiders["units"]] == ["ana", "jed", "rat"]


def test_run_side_names_the_sides_when_it_has_no_such_side(apcombat, tmp_path):
    encounter = fog_file(tmp_path, ana((0, 6)), rat((9, 0)))
    result = apcombat("run", encounter, "--script", _script(tmp_path), "--side", "ghouls")
    assert result.code == 2
    assert result.err == "apcombat: --side ghouls: no such side in this encounter: the sides are vault, raiders\n"


def _saved(tmp_path, controls=None):
    (tmp_path / "fight").mkdir()
    game = fog_game(tmp_path / "fight", ana((0, 6)), jed((6, 6)), rat((9, 0)), controls=controls)
    game.play("end")
    return save_game(game, tmp_path / "autosave.toml")


def test_the_players_view_shows_the_sides_view(tmp_path):  # R21.8.6
    page = FollowedSave(_saved(tmp_path), "vault").view().html
    assert "As The Vault see it" in page
    assert "Jed" not in page  # not in the turn order, not in the log
    assert "Round 1 — out of sight" in page


def test_the_players_view_takes_the_only_human_side(tmp_path):  # R21.8.6
    save = _saved(tmp_path, controls={"vault": Control.AI.value, "raiders": Control.HUMAN.value})
    page = FollowedSave(save).view().html
    assert "As Raiders see it" in page and "Jed" in page


def test_the_players_view_asks_for_side_when_it_cannot_choose(tmp_path):  # R21.8.6
    page = FollowedSave(_saved(tmp_path)).view().html  # both sides human
    assert "serve it with --side SIDE, one of vault, raiders (R21.8.6)" in page
    assert "Jed" not in page


def test_while_you_waited_lists_only_what_the_side_saw(tmp_path):  # R21.8.3, issue 25 item 3
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    game.play("end")
    before = game.state
    events = game.play("end")  # Jed, out of the vault's sight, ends his turn
    unseen = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert unseen is not None and not unseen.seen_by("vault") and unseen.seen_by("raiders")
    before = game.state
    events = game.play("react rat")
    watched = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert (
        watched is not None and watched.told_to("vault") == "round 1: R1 Rat ends its turn"
    )  # its mark on the vault's map


def test_an_unseen_attacker_is_told_by_the_direction_of_its_mark(tmp_path):  # R21.2.3, issue 25 item 3
    game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 0)))
    before = game.state
    hurt = attrs.evolve(before.unit("ana"), hp=before.unit("ana").hp - 14)
    after = before.with_unit(hurt)
    side = with_state(after.side("vault"), "fog_of_war", marks=(Mark("jed", (6, 2), Pose.UPRIGHT, 1),))
    after = attrs.evolve(after, sides=tuple(side if s.id == "vault" else s for s in after.sides))
    after = attrs.evolve(after, active="jed")
    action = action_of(attrs.evolve(before, active="jed"), after, [], HistoryEntry("end"), 2)
    assert action is not None
    assert action.told_to("vault") == "round 1: Ana was hurt by an enemy out of sight from the north-east: −14 HP"


def test_compass_names_eight_directions():
    assert [compass((5, 5), cell) for cell in ((6, 4), (5, 0), (0, 5), (9, 9), (5, 5))] == [
        "north-east",
        "north",
        "west",
        "south-east",
        "",
    ]


def test_with_the_fog_off_side_changes_nothing_on_the_page(tmp_path):  # R21.8.6
    (tmp_path / "fight").mkdir()
    game = fog_game(tmp_path / "fight", ana((0, 6)), jed((6, 6)), rat((9, 0)), modules=())
    game.play("end")
    save = save_game(game, tmp_path / "autosave.toml")
    assert FollowedSave(save, "vault").view().html == FollowedSave(save).view().html
    assert "Jed" in FollowedSave(save, "vault").view().html


def test_an_ais_reason_is_told_only_to_its_own_side(tmp_path):  # R21.9.3
    game = fog_game(tmp_path, ana((0, 6)), rat((9, 0)))
    before = game.state
    events = game.play("end", reason="nothing to shoot at")
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None
    assert action.reason_for("vault") == "nothing to shoot at" and action.reason_for("raiders") == ""


def test_run_json_tells_the_hidden_and_the_marks_each_side_is_shown(apcombat, tmp_path):  # R21.8.7, R21.2
    encounter = fog_file(tmp_path, ana((0, 6)), jed((6, 6)), rat((9, 2), hidden=True))
    script = tmp_path / "script.txt"
    script.write_text("start\nend\nmove jed 6,5 6,4 6,3 6,2 6,1 6,0\n", encoding="utf-8")
    everything = apcombat("run", encounter, "--script", script, "--json").json
    assert everything["hidden"] == ["rat"]
    assert set(everything["marks"]) == {"vault", "raiders"}
    vault = apcombat("run", encounter, "--script", script, "--side", "vault", "--json").json
    assert vault["hidden"] == []  # Rat is not in the vault's view at all
    assert list(vault["marks"]) == ["vault"]
    assert [mark["unit"] for mark in vault["marks"]["vault"]] == ["jed"]


def test_run_side_json_names_no_enemy_the_side_never_saw(apcombat, tmp_path):  # R21.2.5, R21.5.4
    # Jed lies prone behind the low wall at 8,3: Ana never sees him, and his pin leaves her side a mark
    encounter = fog_file(tmp_path, ana((2, 3), "E"), jed((9, 3), "W", pose="prone"))
    script = tmp_path / "script.txt"
    script.write_text("start\ncover ana\nend\npin jed ana\n", encoding="utf-8")
    vault = apcombat("run", encounter, "--script", script, "--side", "vault", "--json").json
    assert vault["marks"]["vault"] == [{"unit": None, "at": [9, 3], "pose": "prone", "round": 1}]
    assert "jed" not in json.dumps(vault)
    everything = apcombat("run", encounter, "--script", script, "--json").json
    assert everything["marks"]["vault"][0]["unit"] == "jed"  # the game master's output names it


def test_an_enemy_that_comes_into_sight_by_its_move_is_told_with_its_mark(tmp_path):  # R21.8.1, R21.8.3
    game = fog_game(tmp_path, jed((6, 6), "W"), ana((0, 6)))
    before = game.state
    events = game.play("move jed 3,3")  # unseen at 6,6, seen once at 6,4: the move stops there (R21.6.1)
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None and action.told_to("vault") == "round 1: R1 Jed moves, seen at 6,4"


def test_an_attack_that_reveals_its_hidden_attacker_is_headed_by_the_attack(tmp_path):  # R21.4.2 b, R21.8.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 3), "E"))
    before = game.state
    events = game.play("shoot rat ana lean")
    assert [event.kind for event in events][:2] == ["reveal", "attack"]
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None and action.told_to("vault").startswith("round 1: R1 Rat attacks Ana: ")
    assert "(revealed)" in action.told_to("vault") and "is revealed" not in action.told_to("vault")
