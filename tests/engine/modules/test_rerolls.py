"""Re-roll points (R18.6) through `apcombat run` scripts with `gm dice`: the log numbers the action's dice,
`reroll SIDE N` plays the action again with die N rolled anew (the dice for the same purpose keep their
values, a die for a new purpose is rolled, one no longer needed dropped), only a side's own dice, points spent
once, the window closed by the next command but not by `gm dice`."""

from __future__ import annotations

from pathlib import Path

from suppression_fights import fight, played, refused

ON = {"rerolls": True}
NUMBERED = "dice of this action, for a re-roll (reroll SIDE N, R18.6.2): "


def test_r18_6_2_the_log_numbers_the_dice_of_each_action_and_says_whose(apcombat, tmp_path: Path) -> None:
    # R18.6.2: N counts every die of the action from 1, shown in the log; R18.6.1 whose each die is.
    out = played(
        apcombat, fight(tmp_path, ON, points=(4, 2), initiative=True), "start", "gm dice 10 5", "shoot ana raider"
    )
    # Initiative's dice are no one's (R18.6.1): no side could re-roll one, so `start` numbers none of them.
    assert not [line for line in out[:-1] if line.startswith(NUMBERED)]
    assert out[-1] == (
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 10 (Vault); 2: 1d10+4 for damage of Ana's shot at Raider = 5 "
        "(Vault)"
    )


def test_r18_6_2_a_missed_shot_re_rolled_into_a_hit_rolls_its_damage_anew(apcombat, tmp_path: Path) -> None:
    # R18.6.2: the action is played again from the state before it; a die for a new purpose is rolled anew.
    out = played(
        apcombat,
        fight(tmp_path, ON, points=(4, 2)),
        "start",
        "gm dice 99",
        "shoot ana raider",
        "gm dice 10 5",  # gm dice does not close the window: the game master queues the physical dice
        "reroll vault 1",
    )
    assert out[-5:] == [
        "Ana attacks Raider: misses, no damage",
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 99 (Vault)",
        "re-roll for Vault: die 1 (d100 for Ana's shot at Raider: was 99, now 10), 2 points spent, 2 left; the action "
        "is played again (R18.6.2)",
        "Ana attacks Raider: 1 hit, 7 damage (33 -> 26 HP)",
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 10 (Vault); 2: 1d10+4 for damage of Ana's shot at Raider = 5 "
        "(Vault)",
    ]


def test_r18_6_2_the_replay_keeps_every_die_of_the_same_purpose_and_drops_the_unneeded(
    apcombat, tmp_path: Path
) -> None:
    # R18.6.2: the damage die keeps its 5 when the to-hit die is re-rolled (no die asked for it); a to-hit
    # re-rolled into a miss drops the damage die; the same action can be re-rolled again while points last.
    out = played(
        apcombat,
        fight(tmp_path, ON, points=(4, 2)),
        "start",
        "gm dice 10 5",
        "shoot ana raider",
        "gm dice 20",
        "reroll vault 1",
        "gm dice 99",
        "reroll vault 1",
    )
    assert out[-6:] == [
        "re-roll for Vault: die 1 (d100 for Ana's shot at Raider: was 10, now 20), 2 points spent, 2 left; the action "
        "is played again (R18.6.2)",
        "Ana attacks Raider: 1 hit, 7 damage (33 -> 26 HP)",
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 20 (Vault); 2: 1d10+4 for damage of Ana's shot at Raider = 5 "
        "(Vault)",
        "re-roll for Vault: die 1 (d100 for Ana's shot at Raider: was 20, now 99), 2 points spent, 0 left; the action "
        "is played again (R18.6.2)",
        "Ana attacks Raider: misses, no damage",
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 99 (Vault)",
    ]


def test_r18_6_2_a_damage_die_re_rolled_keeps_the_to_hit_roll(apcombat, tmp_path: Path) -> None:
    # R18.6.1: a damage die is the attacker's side's; the to-hit die keeps its value.
    out = played(
        apcombat,
        fight(tmp_path, ON, points=(4, 2)),
        "start",
        "gm dice 10 1",
        "shoot ana raider",
        "gm dice 10",
        "reroll vault 2",
    )
    assert out[-3:] == [
        "re-roll for Vault: die 2 (1d10+4 for damage of Ana's shot at Raider: was 1, now 10), 2 points spent, 2 "
        "left; the action is played again (R18.6.2)",
        "Ana attacks Raider: 1 hit, 12 damage (33 -> 21 HP)",
        f"{NUMBERED}1: d100 for Ana's shot at Raider = 10 (Vault); 2: 1d10+4 for damage of Ana's shot at Raider = 10 "
        "(Vault)",
    ]


def test_r18_6_1_a_side_re_rolls_only_its_own_characters_dice(apcombat, tmp_path: Path) -> None:
    # R18.6.1: never a die rolled for an enemy; initiative dice are no one's.
    encounter = fight(tmp_path, ON, points=(4, 2))
    enemy = refused(apcombat, encounter, "start", "gm dice 10 5", "shoot ana raider", "reroll raiders 1")
    assert enemy.endswith(
        "die 1 (d100 for Ana's shot at Raider) was rolled for Vault: a side re-rolls only its own characters' dice "
        "(R18.6.1)"
    )
    initiative = refused(apcombat, fight(tmp_path, ON, points=(4, 2), initiative=True), "start", "reroll vault 1")
    assert initiative.endswith(
        "die 1 (d6 for Ana's initiative) is no one's: burn ticks, fires, deck draws and initiative dice are never "
        "re-rolled (R18.6.1)"
    )


def test_r18_6_1_a_casualty_or_test_die_of_the_end_of_round_is_its_characters(apcombat, tmp_path: Path) -> None:
    # R18.6.1, R18.4.3: the recovery d6 rolled in the end of the round is the suppressed character's own.
    out = played(
        apcombat,
        fight(tmp_path, {"rerolls": True, "suppression": True}, points=(4, 2)),
        "gm set raider markers=2",
        "start",
        "end",
        "end",
        "gm dice 1",
        "end",
        "gm dice 6",
        "reroll raiders 1",
    )
    assert "Raider recovers from suppression: d6 = 6, needs more than 2 — one marker removed, 1 left (R18.4.3)" in out
    assert out[-1] == f"{NUMBERED}1: d6 for Raider's recovery from suppression = 6 (Raiders)"


def test_r18_6_2_points_are_spent_once_and_the_next_command_closes_the_window(apcombat, tmp_path: Path) -> None:
    # R18.6.1: two points a re-roll; R18.6.2: right after the action, before any other command.
    encounter = fight(tmp_path, ON, points=(3, 2))
    spent = refused(apcombat, encounter, "start", "shoot ana raider", "reroll vault 1", "reroll vault 1")
    assert spent.endswith("Vault: 1 re-roll point left, and a re-roll costs 2 (R18.6.1)")
    closed = refused(apcombat, encounter, "start", "shoot ana raider", "turn ana N", "reroll vault 1")
    assert closed.endswith(
        "no die to re-roll: a re-roll comes right after an action that rolled dice, before any other command (R18.6.2)"
    )
    too_far = refused(apcombat, encounter, "start", "gm dice 10 5", "shoot ana raider", "reroll vault 3")
    assert too_far.endswith("the action just played rolled 2 dice: name one from 1 to 2 (R18.6.2)")


def test_r18_6_with_the_module_off_nothing_is_numbered_and_reroll_is_refused(apcombat, tmp_path: Path) -> None:
    # R18: a module is off unless the encounter's [modules] switches it on.
    encounter = fight(tmp_path, {}, points=(4, 2))
    assert not any("re-roll" in line for line in played(apcombat, encounter, "start", "shoot ana raider"))
    error = refused(apcombat, encounter, "start", "shoot ana raider", "reroll vault 1")
    assert error.endswith(
        "reroll belongs to the re-roll points module, which this encounter has off: switch it on with "
        "rerolls = true in the encounter's [modules] (R18.6)"
    )


def test_r18_6_1_apcombat_check_reads_reroll_points_and_markers(apcombat, tmp_path: Path) -> None:
    # R18.6.1: 0-10 re-roll points a side; R18.4.1: 0-3 markers a character (a fight started mid-battle).
    encounter = fight(tmp_path, ON, points=(11, 2))
    encounter.write_text(encounter.read_text().replace('id = "raider"\n', 'id = "raider"\nmarkers = 4\n'))
    result = apcombat("check", encounter)
    assert result.code == 1
    assert result.out.splitlines() == [
        f"{encounter}: side 'vault': reroll_points: expected a whole number from 0 to 10, got 11",
        f"{encounter}: unit 'raider': markers: expected a whole number from 0 to 3, got 4",
        "2 problems in 1 file",
    ]


def test_r18_6_1_the_encounter_writer_keeps_reroll_points_and_markers(tmp_path: Path) -> None:
    # R18.6.1, R18.4: an encounter written back (the app's editor) keeps its sides' points and units' markers.
    from apcombat.content import load_encounter, load_library
    from apcombat.content.encounter_document import encounter_to_toml
    from apcombat.content.paths import content_root

    library = load_library(content_root())
    path = fight(tmp_path, ON, points=(4, 0))
    path.write_text(path.read_text().replace('id = "raider"\n', 'id = "raider"\nmarkers = 2\n'))
    encounter = load_encounter(path, library)
    again = tmp_path / "again.toml"
    again.write_text(encounter_to_toml(encounter, library), encoding="utf-8")
    reread = load_encounter(again, library)
    assert reread.side("vault").reroll_points == 4 and reread.unit("raider").markers == 2
    assert reread == encounter
