"""Suppression (R18.4) through `apcombat run` scripts with `gm dice`: markers from fire (1 for a miss, 2 for a
hit, at most 2 new a round and 3 held, covering fire as one attack), the AP lost at the start of a turn (at
most half), the `suppression` modifier after `wounds`, -n on d10 tests, no running, the end-of-round recovery
d6 and `calm` (on a map and at the table, with `gm near`)."""

from __future__ import annotations

from pathlib import Path

from suppression_fights import fight, output, played, refused

ON = {"suppression": True}


def test_r18_4_1_a_miss_gives_one_marker_a_hit_two_and_at_most_two_new_a_round(apcombat, tmp_path: Path) -> None:
    # R18.4.1: 1 marker if no round hit, 2 if one did; at most 2 new markers per character per round.
    out = played(
        apcombat,
        fight(tmp_path, ON),
        "start",
        "gm set ana ap=20",
        "gm dice 99",
        "shoot ana raider",
        "gm dice 10 5",
        "shoot ana raider",
        "gm dice 10 5",
        "shoot ana raider",
    )
    assert [line for line in out if "under fire" in line] == [
        "Raider is under fire (missed): 1 suppression marker, 1 held (R18.4.1)",
        "Raider is under fire (hit): 1 of 2 suppression markers (at most 2 new a round, 3 held), 2 held (R18.4.1)",
        "Raider is under fire (hit): no new suppression marker (already gained 2 this round), 2 held (R18.4.1)",
    ]


def test_r18_4_1_a_character_holds_at_most_three_markers(apcombat, tmp_path: Path) -> None:
    # R18.4.1: a character holds at most 3 markers (the set-up's `gm set ... markers=` starts mid-battle).
    out = played(apcombat, fight(tmp_path, ON), "gm set raider markers=2", "start", "gm dice 10 5", "shoot ana raider")
    assert (
        "Raider is under fire (hit): 1 of 2 suppression markers (at most 2 new a round, 3 held), 3 held (R18.4.1)"
        in out
    )


def test_r18_4_1_close_combat_gives_no_marker(apcombat, tmp_path: Path) -> None:
    # R18.4.1: every mode but close combat.
    out = played(
        apcombat,
        fight(tmp_path, ON, raider_first=True),
        "gm set ana at=9,1",
        "start",
        "swap raider",
        "gm dice 10 99 3",
        "melee raider ana",
    )
    assert any(line.startswith("Raider attacks Ana: 1 hit") for line in out)
    assert not any("under fire" in line for line in out)


def test_r18_4_1_covering_fire_counts_as_one_attack_when_it_resolves(apcombat, tmp_path: Path) -> None:
    # R18.4.1, R17.2: covering fire marks the pinned character once, when it resolves (table mode).
    out = played(
        apcombat,
        fight(tmp_path, ON, table=True, raider_first=True),
        "gm set ana in_cover=true",
        "start",
        "pin raider ana",
        "gm dice 4 6",
        "uncover ana",
    )
    assert out[-3:] == [
        "Raider's covering fire as Ana leaves cover: luck d10 = 4 vs 4 — 1 hit, 9 damage, Ana at 22 HP (R17.2)",
        "Ana is under fire of covering fire (hit): 2 suppression markers, 2 held (R18.4.1)",
        "Ana leaves cover: 1 AP (8 -> 7) (R9.1)",
    ]


def test_r18_4_2_markers_cost_ap_at_the_start_of_the_turn_and_forbid_running(apcombat, tmp_path: Path) -> None:
    # R18.4.2: n AP lost at the start of the turn; no running.
    encounter = fight(tmp_path, ON)
    out = played(apcombat, encounter, "gm set raider markers=2", "start", "end", "end")
    assert out[-1] == "Raider's turn: 6 AP; suppressed (2 markers): -2 AP, -20 on attacks, no running (R18.4.2)"
    error = refused(apcombat, encounter, "gm set raider markers=2", "start", "end", "end", "move raider 8,1 run")
    assert error.endswith("Raider is suppressed (2 markers) and may not run (R18.4.2)")


def test_r18_4_2_the_ap_lost_is_at_most_half_of_the_turns_ap(apcombat, tmp_path: Path) -> None:
    # R18.4.2: at most half the AP it starts the turn with, rounded down (5 after a head wound: 2).
    out = played(
        apcombat, fight(tmp_path, ON), "gm set raider markers=3", "gm condition raider head 3", "start", "end", "end"
    )
    assert out[-1] == (
        "Raider's turn: 3 AP (3 lost to a head wound, R12.1); suppressed (3 markers): -2 AP (at most half of 5), "
        "-30 on attacks, no running (R18.4.2)"
    )


def test_r18_4_2_the_suppression_modifier_is_in_the_breakdown_after_wounds(apcombat, tmp_path: Path) -> None:
    # R18.4.2, R1.2: -10 x n, named `suppression`, after `wounds` and before the sum.
    out = output(
        apcombat,
        fight(tmp_path, ON),
        "gm set raider markers=2",
        "start",
        "end",
        "end",
        "gm dice 50",
        "shoot raider ana",
    )
    breakdown = [line.strip() for line in out if line.startswith("      ")]
    assert breakdown[:4] == [
        "skill               +60",
        "range band          +10",
        "suppression         -20",
        "sum                  50",
    ]
    assert "    roll: d100 = 50 vs 50 — HIT" in out


def test_r18_4_2_a_d10_test_takes_one_point_per_marker(apcombat, tmp_path: Path) -> None:
    # R18.4.2: -n on each d10 test: Ana's perception (PE 6) with 2 markers needs 4 (table mode, gm spot).
    out = played(
        apcombat,
        fight(tmp_path, ON, table=True),
        "start",
        "react ana",
        "gm set ana markers=2",
        "end",
        "gm dice 5",
        "gm spot ana raider",
    )
    assert out[-1] == "Ana watches Raider: perception d10 = 5 vs 4 — does not notice in time (R16.2)"


def test_r18_4_3_each_suppressed_character_rolls_d6_at_the_end_of_the_round(apcombat, tmp_path: Path) -> None:
    # R18.4.3: more than n removes one marker; in the order the encounter lists the characters.
    out = played(
        apcombat,
        fight(tmp_path, ON),
        "gm set raider markers=2",
        "gm set ana markers=1",
        "start",
        "end",
        "end",
        "gm dice 1 3",
        "end",
    )
    assert out[-5:] == [
        "Raider ends the turn",
        "Ana recovers from suppression: d6 = 1, needs more than 1 — keeps 1 marker (R18.4.3)",
        "Raider recovers from suppression: d6 = 3, needs more than 2 — one marker removed, 1 left (R18.4.3)",
        "round 2 begins",
        "Ana's turn: 7 AP; suppressed (1 marker): -1 AP, -10 on attacks, no running (R18.4.2)",
    ]


def test_r18_4_4_calm_oneself_or_a_friend_within_5_m_in_sight(apcombat, tmp_path: Path) -> None:
    # R18.4.4: 2 AP, a CH test (Ana's CH 5, -1 for her own marker); success removes one marker.
    out = played(
        apcombat,
        fight(tmp_path, ON),
        "gm set ana markers=1",
        "gm set bob markers=2",
        "start",
        "gm dice 5",
        "calm ana",
        "gm dice 2",
        "calm ana bob",
    )
    assert out[-2:] == [
        "Ana calms down: 2 AP (7 -> 5), CH d10 = 5 vs 4 — failure: 1 kept (R18.4.4)",
        "Ana calms Bob: 2 AP (5 -> 3), CH d10 = 2 vs 4 — success: one marker removed, 1 left (R18.4.4)",
    ]


def test_r18_4_4_calm_refuses_a_far_or_hidden_friend_an_enemy_and_no_marker(apcombat, tmp_path: Path) -> None:
    # R18.4.4: a friend in the fight within 5 m and in sight, who holds a marker.
    encounter = fight(tmp_path, ON)
    far = refused(apcombat, encounter, "gm set bob markers=1", "gm set bob at=9,3", "start", "calm ana bob")
    assert far.endswith("Bob is 7.3 m from Ana: calm reaches a friend within 5 m (R18.4.4)")
    hidden = refused(
        apcombat, encounter, "gm set bob markers=1", "gm set bob at=6,3", "gm set ana at=2,3", "start", "calm ana bob"
    )
    assert hidden.endswith("calm needs the friend in sight (R18.4.4)")
    enemy = refused(apcombat, encounter, "gm set raider markers=1", "start", "calm ana raider")
    assert enemy.endswith("Raider is not Ana's friend: calm steadies oneself or a friend (R18.4.4)")
    none = refused(apcombat, encounter, "start", "calm ana bob")
    assert none.endswith("Bob holds no suppression marker to remove (R18.4.4)")


def test_r18_4_4_at_the_table_the_game_master_says_who_is_near(apcombat, tmp_path: Path) -> None:
    # R18.4.4, R18: in table mode the game master says the friend is within 5 m and in sight (`gm near`).
    encounter = fight(tmp_path, ON, table=True)
    error = refused(apcombat, encounter, "gm set bob markers=2", "start", "calm ana bob")
    assert error.endswith(
        "table mode: the game master says whether Bob is within 5 m of Ana and in sight: play 'gm near ana bob' "
        "first (R18.4.4)"
    )
    out = played(apcombat, encounter, "gm set bob markers=2", "start", "gm near ana bob", "gm dice 2", "calm ana bob")
    assert out[-2:] == [
        "game master: Bob is within 5 m of Ana and in sight (R18.4.4)",
        "Ana calms Bob: 2 AP (8 -> 6), CH d10 = 2 vs 5 — success: one marker removed, 1 left (R18.4.4)",
    ]
    stale = refused(
        apcombat, encounter, "gm set bob markers=2", "start", "gm near ana bob", "turn ana N", "calm ana bob"
    )
    assert "play 'gm near ana bob' first" in stale  # the game master's word is for the next command only


def test_r18_4_with_the_module_off_nothing_happens_and_calm_is_refused(apcombat, tmp_path: Path) -> None:
    # R18: a module is off unless the encounter's [modules] switches it on.
    encounter = fight(tmp_path, {})
    out = played(
        apcombat, encounter, "gm set raider markers=2", "start", "gm dice 10 5", "shoot ana raider", "end", "end"
    )
    assert not any("suppress" in line or "under fire" in line for line in out)
    assert out[-1] == "Raider's turn: 8 AP"
    error = refused(apcombat, encounter, "gm set ana markers=1", "start", "calm ana")
    assert error.endswith(
        "calm belongs to the suppression module, which this encounter has off: switch it on with "
        "suppression = true in the encounter's [modules] (R18.4.4)"
    )


def test_r18_4_2_apcombat_attack_shows_the_suppression_modifier_after_wounds(apcombat, tmp_path: Path) -> None:
    # R18.4.2, R1.2: a scenario's attacker with `suppression = 2` markers takes -20, after `wounds`.
    path = tmp_path / "attack.toml"
    path.write_text(
        '[attacker]\nname = "Ana"\nskills = { small_guns = 80 }\nweapon = "grease_gun"\nwounds = ["arm"]\n'
        'suppression = 2\n\n[target]\nname = "Raider"\nhp = 30\n\n[shot]\nmode = "single"\ndistance_m = 8.5\n',
        encoding="utf-8",
    )
    result = apcombat("attack", path)
    assert result.code == 0, result.err
    lines = [line.strip() for line in result.out.splitlines()]
    assert lines[lines.index("wounds              -20") + 1] == "suppression         -20"
    bad = tmp_path / "bad.toml"
    bad.write_text(path.read_text().replace("suppression = 2", "suppression = 4"), encoding="utf-8")
    refusal = apcombat("attack", bad)
    assert refusal.code == 2 and "attacker.suppression: expected a whole number from 0 to 3, got 4" in refusal.err
