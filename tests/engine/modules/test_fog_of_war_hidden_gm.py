"""R21.7: the game master's `gm hide`, `gm reveal` and, in table mode, `gm sees`; R21.5.4: pins under the fog."""

from __future__ import annotations

import pytest
from fog_fights import ana, ben, fog_encounter, fog_game, jed, rat

from apcombat.engine import CommandError, Game, marks_of
from apcombat.model.enums import Pose
from apcombat.model.fog_state import Mark


def seen(game, side):
    return game.state.side(side).slots.fog_of_war.seen


def refused(game, line, sentence):
    with pytest.raises(CommandError) as refusal:
        game.play(line)
    assert str(refusal.value) == sentence


def test_gm_hide_refusals_each_one_sentence(tmp_path):  # R21.7.1
    game = fog_game(tmp_path, ana((4, 3)), rat((9, 2), "W"))
    refused(game, "gm hide rat", "Rat cannot hide: it is not in cover, so first cover rat (R21.7.1)")
    game.play("gm set rat in_cover=true")
    refused(game, "gm hide rat", "Rat cannot hide: Ana at 4,3 sees it (R21.7.1)")
    game.play("gm set rat at=7,5")
    refused(
        game, "gm hide rat", "Rat cannot hide: 7,5 is in the open, with no wall or low obstacle beside it (R21.7.1)"
    )
    game.play_all(["gm set rat at=9,2", "gm condition rat burning 2"])
    refused(game, "gm hide rat", "Rat cannot hide: it is burning (R21.7.1)")
    game.play_all(["gm set rat burning=off", "gm hp rat -99"])
    refused(game, "gm hide rat", "Rat cannot hide: it is out of the fight (R21.7.1)")


def test_gm_hide_in_round_0_and_the_fight_starts_with_it_hidden(tmp_path):  # R21.7.1, R21.3.2 b
    game = Game(fog_encounter(tmp_path, ana((0, 0)), rat((9, 2), "W")), seed=1)
    game.play_all(["gm set rat in_cover=true", "gm hide rat"])
    assert game.state.round == 0 and game.state.unit("rat").hidden
    game.play("start")
    assert game.state.unit("rat").hidden and seen(game, "vault") == frozenset()
    refused(game, "gm hide rat", "Rat cannot hide: it is hidden already (R21.7.1)")


def test_gm_reveal(tmp_path):  # R21.7.2, R21.4.3
    game = fog_game(tmp_path, ana((4, 3)), rat((9, 2), "W", hidden=True))
    events = game.play("gm reveal rat")
    assert [event.text for event in events if event.kind == "reveal"] == [
        "Rat is revealed: the game master reveals it (R21.4.2 a)"
    ]
    rat_now = game.state.unit("rat")
    assert not rat_now.hidden and rat_now.quietly_revealed
    assert seen(game, "vault") == {"rat"}
    refused(game, "gm reveal rat", "Rat is not hidden (R21.7.2)")


def test_gm_hide_and_reveal_are_undone_and_logged(tmp_path):  # R21.7.4
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    game.play("gm reveal rat")
    assert game.history[-1].line == "gm reveal rat"
    game.play("undo")
    assert game.state.unit("rat").hidden


def table_game(tmp_path):
    return fog_game(tmp_path, ana(None), ben(None), jed(None), rat(None, hidden=True), rows=None)


def test_table_mode_no_side_sees_an_enemy_until_told(tmp_path):  # R21.7.3
    game = table_game(tmp_path)
    assert seen(game, "vault") == seen(game, "raiders") == frozenset()
    game.play("gm sees vault all on")
    assert seen(game, "vault") == {"jed"}  # every enemy that is not hidden
    game.play("gm sees vault jed off")
    assert seen(game, "vault") == frozenset()
    assert marks_of(game.state, "vault") == (Mark("jed", None, Pose.UPRIGHT, 1),)  # a mark without a cell


def test_table_mode_refusals(tmp_path):  # R21.7.3
    game = table_game(tmp_path)
    refused(game, "gm sees vault rat on", "Rat is hidden: reveal it first (gm reveal rat) (R21.7.3)")
    refused(game, "gm sees vault ana on", "Ana is one of The Vault: a side always sees its own (R21.7.3)")
    refused(game, "gm sees nobody jed on", "no side 'nobody': the sides are vault, raiders")
    with pytest.raises(CommandError, match=r"^expected on or off after gm sees vault jed, got 'maybe'"):
        game.play("gm sees vault jed maybe")


def test_gm_sees_is_refused_on_a_map(tmp_path):  # R21.7.3
    game = fog_game(tmp_path, ana((0, 0)), jed((9, 6)))
    refused(
        game, "gm sees vault jed on", "on a map sight is worked out from the map: gm sees is for table mode (R21.7.3)"
    )


def test_table_mode_an_attack_makes_both_sides_see_each_other(tmp_path):  # R21.7.3, R21.5.2
    game = table_game(tmp_path)
    refused(game, "shoot ana rat at 20cm", "Ana sees no enemy rat (R21.5.1)")  # only a hidden target is refused
    game.play("shoot ana jed at 20cm")
    assert seen(game, "vault") == {"jed"} and seen(game, "raiders") == {"ana"}
    game.play("gm sees raiders ana off")
    assert seen(game, "raiders") == frozenset()


def test_table_mode_gm_hide_ends_every_gm_sees(tmp_path):  # R21.7.1, R21.7.3
    game = table_game(tmp_path)
    game.play_all(["gm reveal rat", "gm sees vault all on"])
    assert seen(game, "vault") == {"jed", "rat"}
    game.play_all(["gm set rat in_cover=true", "gm hide rat"])
    assert seen(game, "vault") == {"jed"}
    assert [mark.unit for mark in marks_of(game.state, "vault")] == ["rat"]
    game.play("gm reveal rat")
    assert seen(game, "vault") == {"jed"}  # the game master's word was ended, not kept


def test_table_mode_gm_spot_names_no_hidden_character(tmp_path):  # R21.7.3
    game = fog_game(tmp_path, ben(None), rat(None, hidden=True), rows=None)
    game.play("react ben")
    refused(game, "gm spot ben rat", "Rat is hidden: it is in no enemy's sight (R21.7.3)")


def test_pins_need_the_enemy_seen_and_not_hidden(tmp_path):  # R21.5.4
    game = fog_game(tmp_path, jed((6, 3), "E"), ana((9, 2), "W", hidden=True))
    refused(game, "pin jed ana", "Raiders see no enemy ana (R21.5.4)")
    game.play("gm reveal ana")
    game.play("gm set ana pose=prone")  # prone behind the low wall 8,2-8,3: R8.5 hides her from Jed
    assert seen(game, "raiders") == frozenset()
    refused(game, "pin jed ana", "Raiders see no enemy ana (R21.5.4)")
    game.play("gm set ana pose=upright")
    game.play("pin jed ana")
    assert game.state.unit("jed").pin is not None


def pinned_from_out_of_sight(tmp_path):
    """Ana in cover at 2,3 (the low wall 1,4 beside her); Jed prone in cover at 9,2, behind the low walls
    8,2 and 8,3 from her (R8.5 hides him; he sees her), pins her."""
    game = fog_game(tmp_path, ana((2, 3)), jed((9, 2), "W", pose="prone"))
    game.play_all(["gm set ana in_cover=true", "gm set jed in_cover=true", "end"])
    assert seen(game, "vault") == frozenset() and seen(game, "raiders") == {"ana"}
    game.play("pin jed ana")
    return game


def test_the_pinned_side_keeps_a_mark_of_a_pinner_it_does_not_see(tmp_path):  # R21.5.4, R21.2.3 b
    game = pinned_from_out_of_sight(tmp_path)
    assert marks_of(game.state, "vault") == (Mark("jed", (9, 2), Pose.PRONE, 1),)


def test_the_pin_holds_out_of_sight_and_its_fire_refreshes_the_mark(tmp_path):  # R21.5.4, R21.2.3 a
    game = pinned_from_out_of_sight(tmp_path)
    assert game.state.round == 2 and game.state.active == "ana" and game.state.unit("jed").pin is not None
    game.play_all(["gm dice 10", "uncover ana"])  # R17.2: Jed's luck test fails, no hit
    assert game.state.unit("jed").pin is None
    assert marks_of(game.state, "vault") == (Mark("jed", (9, 2), Pose.PRONE, 2),)


def test_gm_hide_ends_every_pin_on_the_character(tmp_path):  # R21.5.4, R21.7.1
    game = fog_game(tmp_path, ana(None), jed(None), rows=None)
    game.play_all(["gm set ana in_cover=true", "end", "pin jed ana at 20cm"])
    assert game.state.unit("jed").pin is not None
    events = game.play("gm hide ana")
    assert "Jed's pin on Ana ends (R21.5.4)" in [event.text for event in events]
    assert game.state.unit("jed").pin is None and game.state.unit("ana").hidden


def test_a_sides_plural_name_reads_as_one_in_refusals_and_gm_sees(tmp_path):  # R21.5.1, R21.7.3
    game = fog_game(tmp_path, jed(None), ana(None), rows=None)
    refused(game, "move nobody 30cm", "no unit nobody in Raiders' view")
    events = game.play("gm sees raiders all on")
    assert events[-1].text == "game master: Raiders see every enemy that is not hidden (R21.7.3)"
    events = game.play("gm sees raiders ana off")
    assert events[-1].text == "game master: Raiders no longer see Ana (R21.7.3)"
