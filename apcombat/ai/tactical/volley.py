"""The attacks a unit makes with the AP it has left, looked at through the dice: after each attack the target
may be missed, wounded or down, and the next attack goes where it is then worth most (a downed target's
rounds go to the next enemy). Two look-aheads, compared in README: an expectimax over those outcomes, and
futures sampled from the AI's own generator (never the game's dice) with a greedy shooter in each."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import attrs

from apcombat.ai.baseline.situation import AttackOption
from apcombat.ai.tactical.outcomes import Damage, attack_damage, kill_chance, mean, outcomes

WORTH_FIRING = 0.5
"""Expected damage below which an attack is not worth its AP and rounds."""


@attrs.frozen
class Shot:
    """An attack line the look-ahead may play, with the distribution of the damage it deals."""

    option: AttackOption
    damage: Damage
    rounds: int  # rounds it takes from the gun in hand (0 for a blade or a fist)

    @property
    def target(self) -> str:
        return self.option.target.id

    @property
    def ap(self) -> int:
        return max(1, self.option.ap_cost)


def shots_of(options: tuple[AttackOption, ...], per_target: int) -> tuple[Shot, ...]:
    """The `per_target` attacks on each enemy with the most expected damage per AP (effort: the branching)."""
    by_target: dict[str, list[Shot]] = {}
    for option in options:
        carried = option.plan.guns[0]
        rounds = carried.rounds if carried.weapon.magazine else 0
        shot = Shot(option, attack_damage(option.plan, option.target.armor), rounds)
        by_target.setdefault(shot.target, []).append(shot)
    kept: list[Shot] = []
    for found in by_target.values():
        found.sort(key=lambda s: -mean(s.damage, s.option.target.hp) / s.ap)
        kept.extend(found[:per_target])
    return tuple(kept)


@attrs.frozen
class Volley:
    """What the attacks are worth: `value` as weighed (damage plus the bonus of each kill), `dealt` the HP
    expected off the enemies, `kills` each target's chance to be down after them, `first` the attack to
    make first (None: none worth it) and `attacks` how many are expected."""

    value: float = 0.0
    dealt: float = 0.0
    kills: Mapping[str, float] = attrs.field(factory=dict)
    first: AttackOption | None = None
    attacks: float = 0.0


NO_VOLLEY = Volley()

Fire = Callable[[tuple[Shot, ...], int, int, Mapping[str, int], Mapping[str, float], random.Random], Volley]
"""A look-ahead: (shots, AP, rounds loaded, each target's HP, each target's kill bonus, rng) -> Volley."""


Branch = tuple[float, float, tuple[float, ...], AttackOption | None, float]
"""The expectimax's answer from one node: value, damage dealt, each target's kill chance, first attack and
attacks expected."""


def _affordable(shots: tuple[Shot, ...], ap: int, loaded: int, hps: Mapping[str, int]) -> list[Shot]:
    return [s for s in shots if s.ap <= ap and s.rounds <= loaded and hps[s.target] > 0]


def expectimax(
    shots: tuple[Shot, ...],
    ap: int,
    loaded: int,
    hps: Mapping[str, int],
    bonus: Mapping[str, float],
    rng: random.Random,
) -> Volley:
    """The best attack first, then the best after each of its outcomes (miss, wound, kill), down to the AP
    left: the exact expectation over those branches (memoised on AP, rounds and HP left)."""
    order = tuple(sorted(hps))
    memo: dict[tuple[int, int, tuple[int, ...]], Branch] = {}

    def best(ap: int, loaded: int, left: tuple[int, ...]) -> Branch:
        key = (ap, loaded, left)
        if key in memo:
            return memo[key]
        now = dict(zip(order, left, strict=True))
        found: Branch = (0.0, 0.0, tuple(0.0 for _ in order), None, 0.0)
        for shot in _affordable(shots, ap, loaded, now):
            hp = now[shot.target]
            if mean(shot.damage, hp) < WORTH_FIRING:
                continue
            value = dealt = attacks = 0.0
            kills = [0.0] * len(order)
            index = order.index(shot.target)
            for outcome in outcomes(shot.damage, hp):
                after = list(left)
                after[index] = max(0, hp - round(outcome.damage))
                later = best(ap - shot.ap, loaded - shot.rounds, tuple(after))
                gained = outcome.damage + (bonus[shot.target] if after[index] == 0 else 0.0)
                value += outcome.chance * (gained + later[0])
                dealt += outcome.chance * (outcome.damage + later[1])
                attacks += outcome.chance * (1 + later[4])
                for i, k in enumerate(later[2]):
                    kills[i] += outcome.chance * (1.0 if (i == index and after[index] == 0) else k)
            if value > found[0] + 1e-9:
                found = (value, dealt, tuple(kills), shot.option, attacks)
        memo[key] = found
        return found

    value, dealt, kills, first, attacks = best(ap, loaded, tuple(hps[t] for t in order))
    return Volley(value, dealt, dict(zip(order, kills, strict=True)), first, attacks)


def _greedy_pick(shots: list[Shot], hps: Mapping[str, int], bonus: Mapping[str, float]) -> Shot | None:
    """The attack worth most per AP now: damage expected plus the kill bonus times the kill chance."""
    best, best_worth = None, 0.0
    for shot in shots:
        hp = hps[shot.target]
        expected = mean(shot.damage, hp)
        if expected < WORTH_FIRING:
            continue
        worth = (expected + bonus[shot.target] * kill_chance(shot.damage, hp)) / shot.ap
        if worth > best_worth + 1e-9:
            best, best_worth = shot, worth
    return best


def _draw(damage: Damage, rng: random.Random) -> int:
    roll, total = rng.random(), 0.0
    for value, chance in damage:
        total += chance
        if roll < total:
            return value
    return damage[-1][0]


def sampled(
    shots: tuple[Shot, ...],
    ap: int,
    loaded: int,
    hps: Mapping[str, int],
    bonus: Mapping[str, float],
    rng: random.Random,
    samples: int = 8,
) -> Volley:
    """`samples` futures drawn from `rng`: in each a greedy shooter fires, sees what its attack did and
    fires on; the plan is worth the mean of those futures."""
    first = _greedy_pick(_affordable(shots, ap, loaded, hps), hps, bonus)
    if first is None or samples <= 0:
        return NO_VOLLEY
    value = dealt = attacks = 0.0
    kills = dict.fromkeys(hps, 0.0)
    for _ in range(samples):
        left, ap_left, rounds = dict(hps), ap, loaded
        shot: Shot | None = first
        while shot is not None:
            hp = left[shot.target]
            hit = min(hp, _draw(shot.damage, rng))
            left[shot.target] = hp - hit
            value += hit + (bonus[shot.target] if left[shot.target] == 0 else 0.0)
            dealt += hit
            attacks += 1
            ap_left, rounds = ap_left - shot.ap, rounds - shot.rounds
            shot = _greedy_pick(_affordable(shots, ap_left, rounds, left), left, bonus)
        for target, hp in left.items():
            kills[target] += 1.0 if hp <= 0 < hps[target] else 0.0
    n = float(samples)
    return Volley(value / n, dealt / n, {t: k / n for t, k in kills.items()}, first.option, attacks / n)


LOOKAHEADS: dict[str, Fire] = {"expectimax": expectimax, "sampled": sampled}
"""The look-aheads by name (README compares them at the same effort)."""
