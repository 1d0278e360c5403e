"""The baseline level's candidate actions, each on a small hand-made fight (tests/engine/builders: Ana of side
a against Bob of side b, Colt 1911 1d10+4, LU 1, 8 AP): it scores itself right and names the line it would
play; the level plays the best of them. States come from the engine's `Game`; the AI sees them only through
`legal_commands` and `preview`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine.builders import duel, encounter, unit, write_encounter

from ai import tactical_fights as fights
from apcombat.ai import LEVELS
from apcombat.ai.baseline import BaselineLevel, Situation
from apcombat.ai.baseline.fighting import AttackAction, ReloadAction, TakeCoverAction
from apcombat.ai.baseline.moving import AdvanceAction, LeaveCoverAction, WatchAction
from apcombat.ai.seeds import side_rng
from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, legal_commands, parse_command, preview
from apcombat.model import DEFAULT_AI
from apcombat.rules.expected_damage import mean_after_armor

ANA_FIRST = "gm dice 6 1"  # R13.1: Ana 11 + d6 6, Bob 11 + 1: Ana acts first


def game_of(tmp_path: Path, data: dict[str, Any], *lines: str) -> Game:
    return fights.game_of(tmp_path, data, *lines, initiative=ANA_FIRST)


def decide(game: Game):
    return BaselineLevel().decide(game.state, side_rng(1, game.state.unit(game.state.active).side))


def test_the_level_is_registered_as_baseline() -> None:
    assert isinstance(LEVELS["baseline"](DEFAULT_AI), BaselineLevel)


def test_an_attack_expects_hit_chance_times_damage_summed_over_rounds(tmp_path: Path) -> None:
    # R1.4, R1.5: a plain hit does the dice less the armour, a critical (roll <= crit chance) twice the dice
    game = game_of(tmp_path, duel(b={"armor": "leather_jacket"}))
    situation = Situation(game.state)
    assert situation.attacks, "Bob is in sight and in range"
    bob = game.state.unit("bob")
    for option in situation.attacks:
        plan = preview(game.state, parse_command(option.line)).attack
        assert plan is not None
        expected = 0.0
        for gun in plan.guns:
            hit, crit = gun.hit_chance / 100, min(gun.crit_chance, gun.hit_chance) / 100
            plain = mean_after_armor(gun.weapon.damage, bob.armor.stops(gun.weapon.damage_type))
            expected += gun.rounds * ((hit - crit) * plain + crit * 2 * 9.5)  # 1d10+4: mean 9.5
        assert option.damage == pytest.approx(expected)


def test_mean_after_armour_is_exact() -> None:
    # R1.5: 1d10+4 against 6 points: faces 5..14 less 6, never below 0 -> (0+0+1+...+8) / 10 = 3.6
    assert mean_after_armor("1d10+4", 6) == pytest.approx(3.6)
    assert mean_after_armor("1d10+4", 0) == pytest.approx(9.5)


def test_attack_plays_the_most_expected_damage_and_says_it_in_numbers(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel())
    proposal = AttackAction().propose(Situation(game.state))
    assert proposal is not None
    assert proposal.line in legal_commands(game.state)
    best = max(Situation(game.state).attacks, key=lambda option: option.damage * (8 // option.ap_cost))
    assert proposal.line == best.line
    assert proposal.reason.startswith("Ana shoots Bob: ") and "damage expected" in proposal.reason
    assert f"{best.damage:.1f} damage expected" in proposal.reason
    decision = decide(game)
    assert decision.line == proposal.line and decision.reason == proposal.reason
    assert any(proposal.line in option for option in decision.options)


def test_attack_is_not_offered_against_a_friend(tmp_path: Path) -> None:
    data = encounter([unit("ana", "a", (1, 3), facing="E"), unit("cid", "a", (4, 3)), unit("bob", "b", (11, 6))])
    game = game_of(tmp_path, data)
    assert any(line.startswith("shoot ana cid") for line in legal_commands(game.state))  # the rules allow it
    assert all(option.target.id != "cid" for option in Situation(game.state).attacks)


def test_reload_when_the_gun_is_empty(tmp_path: Path) -> None:
    # R19.1: an empty Colt with spare rounds reloads before anything else
    game = game_of(tmp_path, duel(a={"ammo": {"45acp": 14}}), "gm set ana ammo=0")
    proposal = ReloadAction().propose(Situation(game.state))
    assert proposal is not None and proposal.line == "reload ana"
    assert "0/7" in proposal.reason
    assert decide(game).line == "reload ana"


def test_take_cover_when_it_cannot_fire_and_an_enemy_sees_it(tmp_path: Path) -> None:
    # R9.1: behind the low wall east of it, with an empty gun and no spare rounds, seen by Bob
    rows = ["............", "............", "............", ".=..........", "............"]
    game = game_of(tmp_path, duel((0, 3), (8, 3), rows=rows), "gm set ana ammo=0")
    proposal = TakeCoverAction().propose(Situation(game.state))
    assert proposal is not None and proposal.line == "cover ana"
    assert "seen by Bob" in proposal.reason


def test_advance_moves_to_a_firing_position_when_no_enemy_is_in_sight(tmp_path: Path) -> None:
    # a wall between them: Ana must step out from behind it to see Bob (R8.5)
    rows = ["............", "............", "..#.........", "..#.........", "..#.........", "............"]
    game = game_of(tmp_path, duel((1, 3), (8, 3), rows=rows))
    situation = Situation(game.state)
    assert not situation.attacks
    proposal = AdvanceAction().propose(situation)
    assert proposal is not None and proposal.line.startswith("move ana ")
    assert "firing position" in proposal.reason
    x, y = (int(n) for n in proposal.line.split()[2].split(","))
    assert [enemy.id for enemy in Situation(game.state).seen_by((x, y))] == ["bob"]  # Bob is in sight from there


def test_advance_closes_in_when_no_firing_position_is_in_reach(tmp_path: Path) -> None:
    # a wall hides Bob, 39 m away, from every cell Ana can reach this turn
    rows = ["." * 20 + "#" + "." * 19] * 2 + ["." * 40]
    game = game_of(tmp_path, duel((0, 0), (39, 0), rows=rows))
    proposal = AdvanceAction().propose(Situation(game.state))
    assert proposal is not None and proposal.line.startswith("move ana ")
    assert "closes in" in proposal.reason
    assert int(proposal.line.split()[2].split(",")[0]) > 0


def test_watch_when_an_enemy_is_coming_and_no_firing_position_is_in_reach(tmp_path: Path) -> None:
    # R16.1: a long wall hides Bob; he has yet to act and stands a few steps from the cells Ana sees
    rows = ["..........#.....", "..........#.....", "..........#.....", "..........#.....", "................"]
    game = game_of(tmp_path, duel((0, 0), (12, 0), rows=rows))
    proposal = WatchAction().propose(Situation(game.state))
    assert proposal is not None and proposal.line == "react ana" and "Bob" in proposal.reason
    assert decide(game).line == "react ana"


def test_interrupt_attacks_the_enemy_that_set_it_off(tmp_path: Path) -> None:
    # R16.2: Bob watches; Ana walks into his cone and is spotted: Bob's baseline shoots Ana
    data = encounter(
        [unit("ana", "a", (4, 1), facing="SE"), unit("bob", "b", (8, 3), facing="W"), unit("cid", "a", (6, 5))]
    )
    state = load_encounter(write_encounter(tmp_path / "fight.toml", data), load_library(content_root(None)))
    game = Game(state, seed=1)
    for line in ("gm dice 2 6 1", "start", "react bob", "gm dice 3", "move ana 6,3"):
        game.play(line)
    assert game.state.interrupt is not None and game.state.active == "bob"
    decision = decide(game)
    assert decision.line.startswith("shoot bob ana") and decision.reason.startswith("interrupts: Bob shoots Ana")


def test_no_watch_when_the_enemy_cannot_walk_into_sight_within_a_turn(tmp_path: Path) -> None:
    # R16.1: Bob is 6 m away, but behind a wall whose only gap is 29 rows down: no enemy comes into Ana's
    # sight in a turn, so watching would wait for ever; she goes round instead
    rows = ["...#........"] * 29 + ["............"]
    game = game_of(tmp_path, duel((0, 0), (6, 0), rows=rows))
    assert WatchAction().propose(Situation(game.state)) is None
    assert decide(game).line.startswith("move ana ")


def test_a_side_never_stands_watch_to_the_last_unit(tmp_path: Path) -> None:
    # R16.1: the wall of the watch test hides Bob; Cid (Ana's side) acts first. When Cid watches, Ana does not
    # (a side that all watches waits for ever); when Cid ends his turn instead, Ana watches.
    rows = ["..........#.....", "..........#.....", "..........#.....", "..........#.....", "................"]
    units = [unit("ana", "a", (0, 0), facing="E"), unit("cid", "a", (0, 2), facing="E"), unit("bob", "b", (12, 0))]
    for cid_plays, ana_watches in (("react cid", False), ("end", True)):
        path = write_encounter(tmp_path / "fight.toml", encounter(units, rows))
        game = Game(load_encounter(path, load_library(content_root(None))), seed=1)
        for line in ("gm dice 5 6 1", "start", cid_plays):  # R13.1: Cid 17, Ana 16, Bob 12
            game.play(line)
        assert game.state.active == "ana"
        proposal = WatchAction().propose(Situation(game.state))
        assert (proposal is not None and proposal.line == "react ana") is ana_watches


def test_leave_cover_only_for_a_better_cell_in_reach(tmp_path: Path) -> None:
    # R9.1: Ana is behind the low wall at 1,3 with Bob out of sight behind a wall: in cover she reaches no cell,
    # so leaving cover is judged on a copy of the state, uncovered, where a firing position is in reach
    rows = ["............", "....#.......", "....#.......", ".=..#.......", "....#.......", "............"]
    game = game_of(tmp_path, duel((0, 3), (8, 3), rows=rows), "cover ana", "end", "end")
    assert game.state.active == "ana" and game.state.unit("ana").in_cover and game.state.round == 2
    proposal = LeaveCoverAction().propose(Situation(game.state))
    assert proposal is not None and proposal.line == "uncover ana" and "to go to" in proposal.reason
    assert decide(game).line == "uncover ana"
    # with Bob shut in a room of his own, no cell in reach is better: she stays behind her wall
    shut = ["............", "......####..", "......#..#..", ".=....#..#..", "......####..", "............"]
    game = game_of(tmp_path, duel((0, 3), (7, 3), rows=shut), "cover ana", "end", "end")
    assert game.state.unit("ana").in_cover and LeaveCoverAction().propose(Situation(game.state)) is None
