"""The tactical level's parts, each on its own, on small hand-made fights (tests/engine/builders: Ana of side a
against Bob of side b, Colt 1911 1d10+4, LU 1, 8 AP): the damage distribution of an attack, the look-aheads
over its outcomes (focus fire, the next target once one is down), the danger where a unit ends its turn,
and the weights of the side's knobs and the unit's role."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine.builders import duel, encounter, unit

from ai.tactical_fights import game_of, two_raiders, with_role
from apcombat.ai.baseline import Situation
from apcombat.ai.reckoning.danger import SHARED, danger_at, enemy_turn_damage
from apcombat.ai.tactical.outcomes import attack_damage, kill_chance, outcomes
from apcombat.ai.tactical.team import kill_bonus, weights
from apcombat.ai.tactical.volley import expectimax, sampled, shots_of
from apcombat.engine import Game
from apcombat.model import AiSettings
from apcombat.rules.expected_damage import expected_damage


def test_an_attacks_distribution_has_the_baseline_mean_and_sums_to_one(tmp_path: Path) -> None:
    # R1.4, R1.5: the same expectation baseline ranks by, from the whole distribution
    game = game_of(tmp_path, duel(b={"armor": "leather_jacket"}))
    for option in Situation(game.state).attacks:
        damage = attack_damage(option.plan, option.target.armor)
        assert sum(p for _, p in damage) == pytest.approx(1.0)
        assert sum(d * p for d, p in damage) == pytest.approx(expected_damage(option.plan, option.target.armor))


def test_the_outcomes_are_a_miss_a_wound_and_a_kill() -> None:
    damage = ((0, 0.5), (5, 0.3), (12, 0.2))
    miss, wound, kill = outcomes(damage, hp=10)
    assert (miss.chance, miss.damage) == (0.5, 0.0)
    assert (wound.chance, wound.damage) == (pytest.approx(0.3), pytest.approx(5.0))
    assert (kill.chance, kill.damage) == (pytest.approx(0.2), 10.0)
    assert kill_chance(damage, 5) == pytest.approx(0.5)


def volley_of(game: Game, method, per_target: int = 2):
    situation = Situation(game.state)
    shots = shots_of(situation.attacks, per_target)
    hps = {e.id: e.hp for e in situation.enemies}
    bonus = {e.id: kill_bonus(e, 0.0) for e in situation.enemies}
    return method(shots, situation.me.ap, situation.me.weapon.loaded, hps, bonus, random.Random(3))


@pytest.mark.parametrize("method", [expectimax, sampled])
def test_focus_fire_on_the_enemy_that_can_be_taken_out(tmp_path: Path, method) -> None:
    game = game_of(tmp_path, two_raiders(bob_hp=4))
    volley = volley_of(game, method)
    assert volley.first is not None and volley.first.target.id == "bob"
    assert volley.kills["bob"] > 0.5


def test_the_look_ahead_fires_on_the_next_enemy_once_one_is_down(tmp_path: Path) -> None:
    # Bob at 4 HP falls to about any hit: the AP left go to Cal, so more is dealt than Bob's 4 HP
    game = game_of(tmp_path, two_raiders(bob_hp=4))
    volley = volley_of(game, expectimax)
    assert volley.dealt > 4.5 and volley.attacks > 1.5


def test_the_sampled_look_ahead_is_the_same_for_the_same_generator(tmp_path: Path) -> None:
    game = game_of(tmp_path, two_raiders(bob_hp=20))
    assert volley_of(game, sampled) == volley_of(game, sampled)


def test_danger_in_the_open_shared_with_a_friend_and_none_out_of_sight(tmp_path: Path) -> None:
    alone = game_of(tmp_path, duel())
    situation = Situation(alone.state)
    danger = danger_at(alone.state, "ana", situation.memo)
    assert danger.eyes == 1 and danger.expected > 3
    # a friend Bob also sees takes half of his fire, and the rest would go to that friend if not to Ana
    pair = encounter([unit("ana", "a", (1, 3), facing="E"), unit("bob", "b", (8, 3)), unit("dan", "a", (1, 5))])
    shared = game_of(tmp_path, pair)
    expected = danger_at(shared.state, "ana", Situation(shared.state).memo).expected
    assert expected == pytest.approx(SHARED * danger.expected / 2)
    # unless his fire could down her: then it counts in full, shared or not
    weak = game_of(tmp_path, pair, "gm set ana hp=4")
    assert danger_at(weak.state, "ana", Situation(weak.state).memo).expected == pytest.approx(danger.expected / 2)
    # a wall between them: nothing to fear
    rows = ["............", "............", "....#.......", "....#.......", "....#.......", "............"]
    hidden = game_of(tmp_path, duel(rows=rows))
    assert danger_at(hidden.state, "ana", Situation(hidden.state).memo).expected == 0.0


def test_danger_is_less_for_an_enemy_expected_to_be_down_first(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel())
    memo = Situation(game.state).memo
    full = danger_at(game.state, "ana", memo).expected
    assert danger_at(game.state, "ana", memo, {"bob": 0.5}).expected == pytest.approx(full / 2)


def test_aggression_weighs_damage_dealt_and_caution_damage_taken(tmp_path: Path) -> None:
    ana = game_of(tmp_path, duel()).state.unit("ana")
    plain = weights(ana)
    assert (plain.deal, plain.risk) == (1.0, 1.0)
    bold = weights(ana, AiSettings(aggression=1.0, caution=0.0))
    assert bold.deal > plain.deal and bold.risk < plain.risk


def test_a_fight_near_a_draw_weighs_danger_less_each_round_until_the_floor(tmp_path: Path) -> None:
    ana = game_of(tmp_path, duel()).state.unit("ana")
    risks = [weights(ana, round_number=n).risk for n in (14, 16, 18, 22, 26, 30)]
    assert risks == sorted(risks, reverse=True) and risks[1] < risks[0]
    assert risks[-1] == risks[-2] == pytest.approx(0.25 * risks[0])


def test_a_wounded_unit_weighs_its_danger_more(tmp_path: Path) -> None:
    game = game_of(tmp_path, duel(a={"hp": 8}))
    assert weights(game.state.unit("ana")).risk > 1.5


@pytest.mark.parametrize(("role", "check"), [("assault", "bolder"), ("sniper", "keeps away"), ("hold", "stays")])
def test_roles_bend_the_weights(tmp_path: Path, role: str, check: str) -> None:
    ana = game_of(tmp_path, duel()).state.unit("ana")
    plain = weights(ana)
    ordered = with_role(ana, role)
    bent = weights(ordered)
    if check == "bolder":
        assert bent.deal > plain.deal and bent.risk < plain.risk and bent.approach > plain.approach
    elif check == "keeps away":
        assert bent.keep_away_m > 0 and bent.approach == 0
    else:
        assert bent.approach == 0


def test_danger_counts_a_gunslingers_two_guns_at_once(tmp_path: Path) -> None:  # R11
    # Bob with two Colts fires both for 6 AP: his turn against Ana is that volley, not one Colt shot
    two_guns = {"weapons": ("colt_1911", "colt_1911"), "perks": ("ambidextrous",)}
    game = game_of(tmp_path, duel(b=two_guns | {"offhand": 1}), "end")
    state = game.state
    ana, bob = state.unit("ana"), state.unit("bob")
    dual = [o for o in Situation(state).attacks if o.line == "dual bob ana"]
    single = [o for o in Situation(state).attacks if o.line == "shoot bob ana"]
    assert dual and single
    danger = enemy_turn_damage(state, bob, ana)
    assert danger == pytest.approx(expected_damage(dual[0].plan, ana.armor))
    assert danger > 1.5 * expected_damage(single[0].plan, ana.armor)
