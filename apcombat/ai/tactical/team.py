"""Considerations that make units a side rather than individuals, and the personality that weighs them:
focus fire (a kill is worth more than its HP: the enemy shoots no more), the wounded falling back behind
their friends, no unit alone in several enemies' sight, and the roles (JA2's orders) a plan respects.
Each is a small function of the game's numbers, tested on its own."""

from __future__ import annotations

import attrs

from apcombat.model import DEFAULT_AI, AiRole, AiSettings, Cell, Encounter, Unit

KILL = 4.0
"""HP a kill is worth beyond the damage that makes it (a downed enemy never fires again)."""

HURT = 3.0
"""More for a kill on an enemy already hurt, at 0 HP left of its full (friends' damage is not wasted)."""

THREAT_SHARE = 0.5
"""Share of what the enemy would deal the unit in its next turn that downing it saves."""

WOUNDED = 1.5
"""How much more a wounded unit weighs the damage it takes, at 0 HP (it falls back and covers)."""

ALONE = 0.5
"""More danger counted when a unit ends in two or more enemies' sight with no friend near: it draws all
their fire."""

NEAR_M = 6.0
"""A friend within this many metres stands with the unit."""


def kill_bonus(enemy: Unit, threat: float) -> float:
    """Focus fire: what downing `enemy` is worth beyond its HP — a kill, more when friends hurt it already,
    and a share of the damage it would do in its next turn (`threat`)."""
    full = max(1, enemy.character.hit_points)
    hurt = 1.0 - max(0, enemy.hp) / full
    return KILL + HURT * max(0.0, hurt) + THREAT_SHARE * threat


def role_of(unit: Unit) -> AiRole | None:
    """The unit's standing orders, when the encounter gives it some (`ai_role`)."""
    return unit.ai_role


@attrs.frozen
class Weights:
    """How a plan weighs what it deals and what it risks, for one unit: aggression and caution from the
    side's settings, bent by the unit's role and its wounds; `approach` HP per step nearer the enemy."""

    deal: float
    risk: float
    approach: float
    keep_away_m: float = 0.0  # a sniper keeps at least this far from every enemy


APPROACH = 0.25
"""HP a plan gains per step it ends nearer the enemy, in the first round."""

STALEMATE_ROUNDS = 6
"""Every this many rounds the pull toward the enemy grows by its own size: two sides that both wait would
otherwise draw at the round cap."""


PATIENCE = 4
"""Rounds a side may spend manoeuvring; after them it presses: the danger it accepts grows each round."""

PRESS_ROUNDS = 12
"""Rounds after PATIENCE over which the danger a unit weighs falls to PRESS_FLOOR of its weight."""

PRESS_FLOOR = 0.4

LATE = 14
"""From this round on a fight still going is near a draw, and a draw is no win: the danger a unit weighs
falls further, to LATE_FLOOR of what it was by round LATE + LATE_ROUNDS, so the side (ahead or behind)
stops hiding from a lone enemy and goes to where it can hit it."""

LATE_ROUNDS = 8

LATE_FLOOR = 0.25


def edge_of(state: Encounter, side: str) -> float:
    """The side's edge in numbers: its standing units' HP over the enemies' (at least 0.5, at most 3)."""
    ours = sum(max(0, u.hp) for u in state.units if u.side == side and u.standing)
    theirs = sum(max(0, u.hp) for u in state.units if u.side != side and u.standing)
    return min(3.0, max(0.5, ours / max(1, theirs)))


def weights(unit: Unit, settings: AiSettings = DEFAULT_AI, round_number: int = 1, edge: float = 1.0) -> Weights:
    """Aggression 0..1 weighs damage dealt 0.5..1.5, caution damage taken 0.5..1.5 (the defaults 1:1); a
    wounded unit weighs its danger up to WOUNDED times more; roles: assault deals and approaches more,
    risks less; sniper risks more, keeps away; hold and guard do not approach; the pull toward the enemy
    grows with the rounds (STALEMATE_ROUNDS), and so does the danger accepted after PATIENCE rounds; a
    side with the edge in numbers (`edge`, HP standing over the enemies') presses: it weighs danger less
    and the pull more."""
    approach = APPROACH * (1 + max(0, round_number - 1) / STALEMATE_ROUNDS) * max(1.0, edge)
    press = max(PRESS_FLOOR, 1.0 - max(0, round_number - PATIENCE) / PRESS_ROUNDS)
    press /= max(1.0, edge) ** 0.5
    press *= max(LATE_FLOOR, 1.0 - (1.0 - LATE_FLOOR) * max(0, round_number - LATE) / LATE_ROUNDS)
    deal, risk, keep_away = 0.5 + settings.aggression, (0.5 + settings.caution) * press, 0.0
    full = max(1, unit.character.hit_points)
    risk *= 1.0 + WOUNDED * (1.0 - max(0, unit.hp) / full)
    role = role_of(unit)
    if role is AiRole.ASSAULT:
        deal, risk, approach = deal * 1.3, risk * 0.6, approach * 2
    elif role is AiRole.SNIPER:
        risk, approach, keep_away = risk * 1.3, 0.0, 12.0
    elif role in (AiRole.HOLD, AiRole.GUARD):
        approach = 0.0
    return Weights(deal, risk, approach, keep_away)


GUARD_STEPS = 4
"""A guard plans only cells this many steps from where it stands (it keeps near its post)."""


def may_move(unit: Unit) -> bool:
    """Hold: keep the ground, fire from where it stands (cover, pose, reload and watch allowed)."""
    return role_of(unit) is not AiRole.HOLD


def stands_alone(state: Encounter, unit: Unit, cell: Cell, eyes: int, distance) -> bool:
    """Whether the unit at `cell` is in two or more enemies' sight with no friend within NEAR_M."""
    if eyes < 2:
        return False
    friends = [u for u in state.units if u.side == unit.side and u.id != unit.id and u.standing and u.at]
    return not any(distance(cell, friend.at) <= NEAR_M for friend in friends)


COHESION = 0.3
"""HP a plan loses per metre the unit ends beyond NEAR_M from its nearest friend (at most COHESION_CAP): a
side advances together instead of one unit at a time."""

COHESION_CAP = 3.0


def cohesion_cost(state: Encounter, unit: Unit, cell: Cell, distance) -> float:
    """What ending at `cell` that far from the nearest standing friend costs (0 with no friend left)."""
    friends = [u.at for u in state.units if u.side == unit.side and u.id != unit.id and u.standing and u.at]
    if not friends:
        return 0.0
    nearest = min(distance(cell, at) for at in friends)
    return min(COHESION_CAP, COHESION * max(0.0, nearest - NEAR_M))


def behind_friends(state: Encounter, unit: Unit, cell: Cell, steps_to_enemy) -> bool:
    """Whether a friend stands nearer the enemy than `cell` (the wounded fall back behind it)."""
    here = steps_to_enemy(cell)
    return any(
        steps_to_enemy(friend.at) < here
        for friend in state.units
        if friend.side == unit.side and friend.id != unit.id and friend.standing and friend.at is not None
    )
