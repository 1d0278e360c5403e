"""R18.2 Casualties through `apcombat run` scripts with `gm dice`: the d6 at 0 HP (stunned, man down,
dead), the burst that goes on missing, aid, bleeding, the victory summary. The yard and its units are
r18_fights' (order of play: Ana, Boss, Kid, Rat)."""

from __future__ import annotations

from pathlib import Path

import attrs
from r18_fights import ana, fight, played, raider, refused

from apcombat.engine import round_end

CASUALTIES = ("casualties",)
STUNNED_KID = ("gm dice 6", "gm hp kid -40")
BOSS_MAN_DOWN = ("gm dice 4", "gm hp boss -40")


def test_r18_2_1_a_six_stuns_and_the_next_turn_is_lost_but_for_moving(apcombat, tmp_path: Path) -> None:
    # R18.2.1: 6 stunned — HP 1, prone; its next turn allows only moving, turning, poses and cover.
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(apcombat, encounter, *STUNNED_KID)
    assert out[-2:] == [
        "Kid is down (R12.2)",
        "Kid at 0 HP rolls for the casualty: d6 = 6 — stunned: 1 HP, prone, its next turn lost but for moving, "
        "turning, poses and cover (R18.2.1)",
    ]
    err = refused(apcombat, encounter, *STUNNED_KID, "end", "end", "shoot kid ana")
    assert (
        "Kid is stunned: this turn it may only move, turn, change pose, take or leave cover, and end (R18.2.1)" in err
    )
    out = played(apcombat, encounter, *STUNNED_KID, "end", "end", "pose kid crouched", "turn kid W")
    assert out[-2:] == ["Kid goes crouched: 2 AP (7 -> 5) (R8.1)", "Kid turns to face W: 1 AP (5 -> 4)"]
    # The turn after that is whole again: Kid may shoot.
    out = played(apcombat, encounter, *STUNNED_KID, "end", "end", "end", "end", "end", "end", "shoot kid ana")
    assert any(line.startswith("Kid attacks Ana") for line in out)


def test_r18_2_1_stunned_in_its_own_turn_loses_the_rest_of_it_not_the_next(apcombat, tmp_path: Path) -> None:
    # R18.2.1: a character stunned in its own turn loses the rest of that turn instead of its next.
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(apcombat, encounter, "gm dice 6", "gm hp ana -40")
    assert out[-1] == (
        "Ana at 0 HP rolls for the casualty: d6 = 6 — stunned: 1 HP, prone, the rest of this turn lost but for "
        "moving, turning, poses and cover (R18.2.1)"
    )
    assert "Ana is stunned" in refused(apcombat, encounter, "gm dice 6", "gm hp ana -40", "shoot ana kid")
    out = played(apcombat, encounter, "gm dice 6", "gm hp ana -40", "end", "end", "end", "end", "shoot ana kid")
    assert any(line.startswith("Ana attacks Kid") for line in out)


def test_r18_2_1_a_burn_at_the_turn_start_rolls_at_once_and_stuns_that_turn(apcombat, tmp_path: Path) -> None:
    # R18.2.1: damage outside an action (a burn at a turn's start) rolls the d6 at once; stunned in its own turn.
    encounter = fight(tmp_path, modules=CASUALTIES)
    lines = ("gm hp kid -29", "gm condition kid burning 2", "end", "gm dice 5 6", "end")
    out = played(apcombat, encounter, *lines)
    assert out[-4:] == [
        "Kid burns: 1d10+5 = [5]+5 = 10 damage, 1 -> -9 HP",
        "Kid is down",
        "Kid at -9 HP rolls for the casualty: d6 = 6 — stunned: 1 HP, prone, the rest of this turn lost but for "
        "moving, turning, poses and cover (R18.2.1)",
        "Kid's turn: 7 AP",
    ]
    assert "Kid is stunned" in refused(apcombat, encounter, *lines, "shoot kid ana")


def test_r18_2_1_man_down_and_dead_leave_the_fight_and_victory_counts_them(apcombat, tmp_path: Path) -> None:
    # R18.2.1: 3-5 man down, 1-2 dead; R18: victory counts every out-of-the-fight state; R18.2.4 the summary.
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(
        apcombat,
        encounter,
        *("gm dice 6", "gm hp ana -40", "gm dice 3", "gm hp boss -40"),
        *("gm dice 2", "gm hp kid -40", "gm dice 5", "gm hp rat -40"),
    )
    assert (
        "Boss at 0 HP rolls for the casualty: d6 = 3 — man down: out of the fight, prone, 0 HP until a friend "
        "treats it (R18.2.1)"
    ) in out
    assert "Kid at 0 HP rolls for the casualty: d6 = 2 — dead: out of the fight for good (R18.2.1)" in out
    assert out[-1] == (
        "Victory for Vault in round 1; Vault: 1 stunned (Ana), 0 man down, 0 dead; "
        "Raiders: 0 stunned, 2 man down (Boss, Rat), 1 dead (Kid) (R18.2.4)"
    )


def test_r18_2_1_a_burst_goes_on_missing_and_the_d6_comes_after_the_attack(apcombat, tmp_path: Path) -> None:
    # R18.2.1, R4.3: later rounds of the burst at a character at 0 HP or below miss; one d6, after the attack.
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(apcombat, encounter, "gm hp ana -28", "end", "gm dice 10 9 4", "shoot boss ana burst")
    attack = out.index("Boss attacks Ana: 1 hit, 12 damage (3 -> -9 HP)")
    assert out[attack + 10 : attack + 14] == [
        "    round 1: d100 = 10 vs 45 — HIT",
        "      damage 1d10+3 = [9]+3 = 12 -> Ana at -9 HP",
        "    round 2: not rolled — Ana is already down",
        "    round 3: not rolled — Ana is already down",
    ]
    assert out[-2] == (
        "Ana at -9 HP rolls for the casualty: d6 = 4 — man down: out of the fight, prone, 0 HP until a friend "
        "treats it (R18.2.1)"
    )
    assert out[-1].startswith("Victory for Raiders in round 1; Vault: 0 stunned, 1 man down (Ana), 0 dead;")


def test_r18_2_2_aid_brings_a_man_down_back_with_one_hp(apcombat, tmp_path: Path) -> None:
    # R18.2.2: aid WHO PATIENT next to it, 4 AP, first_aid (default 2 x (PE + IN) = 20); failure may be retried.
    encounter = fight(tmp_path, modules=CASUALTIES)
    setup = (*BOSS_MAN_DOWN, "end")
    out = played(apcombat, encounter, *setup, "gm dice 21", "aid kid boss")
    assert out[-1] == (
        "Kid gives Boss first aid: 4 AP (7 -> 3); first aid d100 = 21 vs 20 — failure: Boss is still man down; "
        "Kid may try again (R18.2.2)"
    )
    assert "Kid needs 4 AP to give first aid (R18.2.2) and has 3" in refused(
        apcombat, encounter, *setup, "gm dice 21", "aid kid boss", "aid kid boss"
    )
    out = played(apcombat, encounter, *setup, "gm dice 20", "aid kid boss", "end", "gm dice 3", "end", "shoot ana boss")
    assert (
        "Kid gives Boss first aid: 4 AP (7 -> 3); first aid d100 = 20 vs 20 — success: Boss is back in the fight "
        "with 1 HP, prone, acting from its next turn (R18.2.2)"
    ) in out
    assert any(line.startswith("Ana attacks Boss") for line in out)  # back in the fight: a target again


def test_r18_2_2_aid_refusals(apcombat, tmp_path: Path) -> None:
    # R18.2.2: only a friend who is man down, from a neighbouring cell; characters out of the fight are no targets.
    bo = {"id": "bo", "side": "vault", "character": "bo", "at": [2, 6]}
    units = (ana(), bo, raider("boss", (6, 4)), raider("kid", (9, 4)))
    encounter = fight(tmp_path, units, modules=CASUALTIES)
    err = refused(apcombat, encounter, *BOSS_MAN_DOWN, "end", "end", "aid kid boss")
    assert "Kid is not next to Boss: aid needs a neighbouring cell (R18.2.2)" in err
    assert "Ana is not man down: aid treats a man down (R18.2.2)" in refused(apcombat, encounter, "aid ana ana")
    err = refused(apcombat, encounter, "gm dice 4", "gm hp ana -40", "end", "end", "aid kid ana")
    assert "Ana is not Kid's friend: aid treats a friend (R18.2.2)" in err
    err = refused(apcombat, encounter, *BOSS_MAN_DOWN, "shoot ana boss")
    assert "Boss is man down: out of the fight and no target" in err
    off = fight(tmp_path, modules=())
    assert "aid belongs to the casualties module, which this encounter has off" in refused(apcombat, off, "aid ana kid")


def test_r18_2_3_an_untreated_man_down_dies_on_a_one(apcombat, tmp_path: Path) -> None:
    # R18.2.3: at the end of every round each untreated man down rolls d6: on a 1 it dies.
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(
        apcombat, encounter, *BOSS_MAN_DOWN, "end", "end", "gm dice 2", "end", "end", "end", "gm dice 1", "end"
    )
    assert "Boss bleeds, untreated: d6 = 2 — holds on (R18.2.3)" in out
    assert out.index("Boss bleeds, untreated: d6 = 2 — holds on (R18.2.3)") < out.index("round 2 begins")
    assert "Boss bleeds, untreated: d6 = 1 — dies (R18.2.3)" in out


def test_r18_2_3_one_made_man_down_in_this_end_of_round_does_not_bleed(apcombat, tmp_path: Path, monkeypatch) -> None:
    # R18.2.3, R18's order: a man down made by an earlier end-of-round step (the fire step) does not roll; its
    # casualty d6 comes at once, at the end of that step (R18.2.1).
    def fire_step(state, dice, events, before):  # stands in for R18.3.3's fire step, which comes first
        return state.with_unit(attrs.evolve(state.unit("kid"), hp=0)) if state.round == 1 else state

    monkeypatch.setattr(round_end, "STEPS", (fire_step, *round_end.STEPS))
    encounter = fight(tmp_path, modules=CASUALTIES)
    out = played(apcombat, encounter, *BOSS_MAN_DOWN, "end", "end", "gm dice 3 5", "end")
    start = out.index("Rat ends the turn")
    assert out[start + 1 :] == [
        "Kid at 0 HP rolls for the casualty: d6 = 3 — man down: out of the fight, prone, 0 HP until a friend "
        "treats it (R18.2.1)",
        "Boss bleeds, untreated: d6 = 5 — holds on (R18.2.3)",
        "round 2 begins",
        "Ana's turn: 8 AP",
    ]
