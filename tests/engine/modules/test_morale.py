"""R18.1 Morale through `apcombat run` scripts with `gm dice`: tests when friends are lost (the leader's
double test), the end-of-round test, shaken and broken, the edge, rally, surrender, table mode's answers.
The yard and its units are r18_fights' (order of play: Ana, Boss, Kid, Rat)."""

from __future__ import annotations

from pathlib import Path

from r18_fights import ana, fight, played, raider, refused

MORALE = ("morale", "casualties")


def test_r18_1_2a_a_friend_lost_within_5_m_in_sight_at_most_once_a_round_and_c(apcombat, tmp_path: Path) -> None:
    # R18.1.2 (a): friends within 5 m and in sight test when one is lost, at most once a round; Far, 5.8 m
    # away, does not; (c) at the end of a round in which the side lost two, those who did not test do.
    units = (
        ana(),
        raider("boss", (6, 4), morale=9),
        raider("kid", (7, 3), morale=6),
        raider("rat", (7, 5)),
        raider("far", (11, 0)),
    )
    encounter = fight(tmp_path, units)
    lines = ("gm dice 4 3 3 4 4", "gm hp boss -40", "gm dice 4", "gm hp rat -40", "end", "end", "gm dice 2 5 5 5")
    out = played(apcombat, encounter, *lines, "end")
    assert out[6:10] == [
        "Boss at 0 HP rolls for the casualty: d6 = 4 — man down: out of the fight, prone, 0 HP until a friend "
        "treats it (R18.2.1)",
        "Kid tests morale, Boss was lost within 5 m (R18.1.2 a): 2d6 = 3+3 = 6 vs 6 (M 6) — passes",
        "Rat tests morale, Boss was lost within 5 m (R18.1.2 a): 2d6 = 4+4 = 8 vs 7 (M 7) — fails: shaken (R18.1.3)",
        "game master: the next rolls are 4",
    ]
    assert out[11:13] == [
        "Rat is down (R12.2)",
        "Rat at 0 HP rolls for the casualty: d6 = 4 — man down: out of the fight, prone, 0 HP until a friend "
        "treats it (R18.2.1)",
    ]
    assert out[13] == "Ana ends the turn"  # Kid has tested this round: Rat's loss is no second test (a)
    assert (
        "Far tests morale, its side lost 2 this round (R18.1.2 c): 2d6 = 5+5 = 10 vs 7 (M 7) — fails: shaken (R18.1.3)"
        in out
    )
    assert not any(line.startswith("Kid tests morale, its side") for line in out)


def test_r18_1_2b_the_leader_lost_is_two_tests_failing_if_either_fails(apcombat, tmp_path: Path) -> None:
    # R18.1.2 (b): a leader lost within 5 m and in sight: twice, failing if either fails.
    encounter = fight(tmp_path)
    out = played(apcombat, encounter, "gm dice 4 3 3 5 4 1 1 1 1", "gm hp boss -40")
    assert out[-2:] == [
        "Kid tests morale twice, Boss, a leader, was lost within 5 m (R18.1.2 b): 2d6 = 3+3 = 6 and 2d6 = 5+4 = 9 "
        "vs 6 (M 6) — fails: shaken (R18.1.3)",
        "Rat tests morale twice, Boss, a leader, was lost within 5 m (R18.1.2 b): 2d6 = 1+1 = 2 and 2d6 = 1+1 = 2 "
        "vs 7 (M 7) — passes",
    ]


def test_r18_1_1_three_friends_within_3_m_add_two_and_a_leader_lends_its_m(apcombat, tmp_path: Path) -> None:
    # R18.1.1: passed on M + 2 with three friends in the fight within 3 m; a leader in sight within 5 m lends
    # its higher M.
    units = (
        ana(),
        raider("boss", (6, 4), morale=9, leader=True),
        raider("kid", (7, 3), morale=6),
        raider("rat", (7, 5)),
        raider("sly", (8, 3)),
        raider("moe", (8, 4)),
    )
    encounter = fight(tmp_path, units)
    out = played(apcombat, encounter, "gm dice 4 1 1 6 5 1 1 1 1", "gm hp rat -40")
    assert (
        "Kid tests morale, Rat was lost within 5 m (R18.1.2 a): 2d6 = 6+5 = 11 vs 11 (Boss's M 9 (leader) + 2: "
        "three friends within 3 m) — passes"
    ) in out


def test_r18_1_3_shaken_may_not_attack_watch_or_leave_cover(apcombat, tmp_path: Path) -> None:
    # R18.1.3: shaken, it may not attack, watch or pin; in cover it may not leave it; it may still move.
    rows = ["." * 12] * 2 + ["........=..."] + ["." * 12] * 5
    encounter = fight(tmp_path, rows=rows)
    shaken = ("gm morale kid shaken", "end", "end")
    assert "Kid is shaken: it may not attack, watch or pin (R18.1.3)" in refused(
        apcombat, encounter, *shaken, "shoot kid ana"
    )
    assert "Kid is shaken: it may not attack, watch or pin (R18.1.3)" in refused(
        apcombat, encounter, *shaken, "react kid"
    )
    err = refused(apcombat, encounter, *shaken, "cover kid", "move kid 6,3")
    assert "Kid is shaken and in cover: it may not leave it (R18.1.3)" in err
    assert "Kid is shaken and in cover" in refused(apcombat, encounter, *shaken, "cover kid", "uncover kid")
    out = played(apcombat, encounter, *shaken, "move kid 7,2")
    assert out[-1].startswith("Kid moves 7,3 -> 7,2")


def test_r18_1_3_broken_runs_for_its_edge_and_flees(apcombat, tmp_path: Path) -> None:
    # R18.1.3: broken, every step no farther from its side's edge (E here); it may not end its turn while its
    # AP pay for a step nearer; on the edge it flees: out of the fight, and victory counts it (R18).
    units = (ana(), raider("kid", (7, 3), morale=6))
    encounter = fight(tmp_path, units, edge="E")
    broken = ("gm morale kid broken", "end")
    err = refused(apcombat, encounter, *broken, "move kid 6,3")
    assert "Kid is broken and runs for the E edge: the step to 6,3 takes it farther from it (R18.1.3)" in err
    err = refused(apcombat, encounter, *broken, "end")
    assert "Kid is broken and its AP still pay for a step toward its edge" in err
    assert "Kid is broken: it may only leave cover, stand up, move toward its edge, turn and end" in refused(
        apcombat, encounter, *broken, "reload kid"
    )
    out = played(apcombat, encounter, *broken, "move kid 11,3")
    assert out[-3:] == [
        "Kid, broken, reaches the E edge and flees: out of the fight (R18.1.3)",
        "Kid ends the turn",
        "Victory for Vault in round 1; Vault: 0 stunned, 0 man down, 0 dead; Raiders: 0 stunned, 0 man down, "
        "0 dead (R18.2.4)",
    ]


def test_r18_1_3_without_a_side_edge_the_nearest_to_its_start_ties_going_n_e_s_w(apcombat, tmp_path: Path) -> None:
    # R18.1.3: the map edge nearest the cell it started on; 3,3 on an 8 x 8 map is 3.5 m from N and W: N.
    units = (ana((6, 6)), raider("kid", (3, 3)))
    encounter = fight(tmp_path, units, rows=["." * 8] * 8)
    err = refused(apcombat, encounter, "gm morale kid broken", "end", "move kid 3,4")
    assert "Kid is broken and runs for the N edge: the step to 3,4 takes it farther from it (R18.1.3)" in err


def test_r18_1_4_rally_only_for_those_shaken_before_and_a_failure_changes_nothing(apcombat, tmp_path: Path) -> None:
    # R18.1.4: at the end of the round each shaken or broken character tests once, plus once per friend lost
    # this round; passing all makes it steady; a failure changes nothing. Sly, shaken in this end of round
    # (by R18.1.2 c), does not rally until the next.
    units = (
        ana(),
        raider("boss", (11, 0)),
        raider("rat", (11, 7)),
        raider("kid", (6, 3), morale=6),
        raider("sly", (6, 5)),
    )
    encounter = fight(tmp_path, units)
    round_1 = ("gm dice 4", "gm hp boss -40", "gm dice 4", "gm hp rat -40", "end", "end", "gm morale kid broken")
    out = played(apcombat, encounter, *round_1, "gm dice 3 3 6 6 4 4 1 1 1 1 6 6", "end")
    assert out[-7:] == [
        "Boss bleeds, untreated: d6 = 3 — holds on (R18.2.3)",
        "Rat bleeds, untreated: d6 = 3 — holds on (R18.2.3)",
        "Kid tests morale, its side lost 2 this round (R18.1.2 c): 2d6 = 6+6 = 12 vs 6 (M 6) — fails: broken (R18.1.3)",
        "Sly tests morale, its side lost 2 this round (R18.1.2 c): 2d6 = 4+4 = 8 vs 7 (M 7) — fails: shaken (R18.1.3)",
        "Kid (broken) tries to rally, 2 friend(s) lost this round: 2d6 = 1+1 = 2 and 2d6 = 1+1 = 2 and "
        "2d6 = 6+6 = 12 vs 6 (M 6) — fails: still broken (R18.1.4)",
        "round 2 begins",
        "Ana's turn: 8 AP",
    ]
    round_2 = ("gm dice 3 3 6 6 4 4 1 1 1 1 6 6", "end", "end", "move kid 6,0", "gm dice 3 3 2 2", "end")
    out = played(apcombat, encounter, *round_1, *round_2)
    assert "Kid, broken, reaches the N edge and flees: out of the fight (R18.1.3)" in out
    assert out[-5:] == [
        "Boss bleeds, untreated: d6 = 3 — holds on (R18.2.3)",
        "Rat bleeds, untreated: d6 = 3 — holds on (R18.2.3)",
        "Sly (shaken) tries to rally: 2d6 = 2+2 = 4 vs 7 (M 7) — rallies: steady (R18.1.4)",
        "round 3 begins",
        "Ana's turn: 8 AP",
    ]


def test_r18_1_5_a_shaken_character_with_an_enemy_nearest_surrenders(apcombat, tmp_path: Path) -> None:
    # R18.1.5: at the end of its own turn, a shaken or broken character that sees an enemy within 4 m nearer
    # than every friend it sees surrenders: out of the fight, no longer a target (house rule surrender).
    units = (ana(), raider("kid", (5, 4), morale=6), raider("boss", (11, 0)))
    encounter = fight(tmp_path, units)
    out = played(apcombat, encounter, "gm morale kid shaken", "end", "end")
    assert out[-3:] == [
        "Kid ends the turn",
        "Kid, shaken, sees an enemy within 4 m nearer than any friend and surrenders (R18.1.5)",
        "Boss's turn: 7 AP",
    ]
    err = refused(apcombat, encounter, "gm morale kid shaken", "end", "end", "end", "shoot ana kid")
    assert "Kid is surrendered: out of the fight and no target" in err
    off = fight(tmp_path, units, house_rules={"surrender": False})
    assert not any("surrenders" in line for line in played(apcombat, off, "gm morale kid shaken", "end", "end"))


def test_r18_victory_counts_a_surrender(apcombat, tmp_path: Path) -> None:
    # R18: a side with no character left in the fight loses — surrendered counts.
    encounter = fight(tmp_path, (ana(), raider("kid", (5, 4))), modules=("morale",))
    out = played(apcombat, encounter, "gm morale kid broken", "end", "move kid 5,5", "gm morale kid surrenders")
    assert out[-3:] == [
        "game master: Kid, broken, surrenders (R18.1.5)",
        "Kid ends the turn",
        "Victory for Vault in round 1",
    ]


def test_table_mode_the_game_master_answers_for_morale_and_first_aid(apcombat, tmp_path: Path) -> None:
    # R18 in table mode: no test comes by itself; the game master says who saw the loss (gm morale WHO lost
    # FRIEND), three friends within 3 m (friends on), a leader in sight (leader LEADER), next to the patient
    # (gm next WHO PATIENT, R18.2.2).
    units = (ana(None), raider("boss", None, morale=9, leader=True), raider("kid", None, morale=6), raider("rat", None))
    encounter = fight(tmp_path, units, table=True)
    setup = ("gm dice 4", "gm hp boss -40", "gm morale kid friends on", "gm dice 3 3 5 4", "gm morale kid lost boss")
    out = played(apcombat, encounter, *setup)
    assert out[-3:] == [
        "game master: three friends stand within 3 m of Kid (R18.1.1)",
        "game master: the next rolls are 3 3 5 4",
        "Kid tests morale twice, Boss, a leader, was lost within 5 m (R18.1.2 b): 2d6 = 3+3 = 6 and 2d6 = 5+4 = 9 "
        "vs 8 (M 6 + 2: three friends within 3 m) — fails: shaken (R18.1.3)",
    ]
    assert "Rat has no perk leader (R18.1.1)" in refused(apcombat, encounter, "gm morale kid leader rat")
    err = refused(apcombat, encounter, *setup, "end", "end", "aid rat boss")
    assert "table mode: the game master says first that Rat is next to Boss: gm next rat boss (R18.2.2)" in err
    out = played(apcombat, encounter, *setup, "end", "end", "gm next rat boss", "gm dice 10", "aid rat boss")
    assert out[-1].startswith("Rat gives Boss first aid: 4 AP (7 -> 3); first aid d100 = 10 vs 20 — success")


def test_set_up_fields_start_a_fight_mid_battle_and_check_names_bad_values(apcombat, tmp_path: Path) -> None:
    # R18.1.3, R18.2: a unit may start shaken, broken, stunned or out of the fight; `apcombat check` names a
    # bad morale score (R18.1.1: 2 to 12), edge or state.
    units = (ana(), raider("kid", (7, 3), morale_state="shaken"), raider("boss", (6, 4), fate="man_down"))
    encounter = fight(tmp_path, units)
    assert "Kid is shaken: it may not attack" in refused(apcombat, encounter, "end", "shoot kid ana")
    assert "Boss is man down: out of the fight" in refused(apcombat, encounter, "shoot ana boss")
    bad = (ana(), raider("kid", (7, 3), morale=13, morale_state="panicky"))
    result = apcombat("check", fight(tmp_path, bad, edge="up"))
    assert result.code == 1
    assert "side 'raiders': edge: 'up' is not one of N, E, S, W" in result.out + result.err
    assert "unit 'kid': character.morale: expected a whole number from 2 to 12, got 13" in result.out + result.err
    assert "morale_state: 'panicky' is not one of steady, shaken, broken" in result.out + result.err
