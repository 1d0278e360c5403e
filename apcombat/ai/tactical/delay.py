"""Delay (R13.3): when the unit has no shot worth taking this turn and a friend yet to act has one, the unit
lets the friend act first and takes its own turn once the others are done — by then the friend may have
downed or pinned the threat, or drawn it out where the unit can hit it. It delays only from where no enemy
sees it (waiting in an enemy's sight gives that enemy the first shot)."""

from __future__ import annotations

from apcombat.ai.baseline.situation import Situation
from apcombat.ai.reckoning.danger import enemy_turn_damage
from apcombat.ai.tactical.candidates import Sketch
from apcombat.ai.tactical.planner import TurnPlan
from apcombat.engine import Delay as DelayCommand  # the candidate below is called Delay
from apcombat.model import Unit

DELAY_GAIN = 1.0
"""HP a delay is worth beyond the unit's best plan now: the same turn later, played knowing what the friend did."""


def friends_to_act(situation: Situation) -> list[Unit]:
    """The unit's friends standing that have yet to take their turn this round (not delayed themselves)."""
    state, me = situation.state, situation.me
    return [
        u
        for u in state.units
        if u.side == me.side
        and u.id != me.id
        and u.standing
        and u.at is not None
        and u.id not in state.taken
        and u.id not in state.delayed
    ]


def friend_with_a_shot(situation: Situation) -> tuple[Unit, Unit, float] | None:
    """The friend yet to act with the best turn of attacks on an enemy from where it stands: (friend,
    enemy, damage expected); None when no friend has one."""
    best: tuple[Unit, Unit, float] | None = None
    for friend in friends_to_act(situation):
        for enemy in situation.enemies:
            # No more than the enemy has: a minigun's turn "expects" hundreds of HP on anyone it sees.
            damage = min(enemy_turn_damage(situation.state, friend, enemy), float(enemy.hp))
            if damage > 0 and (best is None or damage > best[2]):
                best = (friend, enemy, damage)
    return best


class Delay:
    """R13.3: offers `delay` when the best plan fires nothing, the unit stands out of every enemy's sight
    and a friend yet to act can attack an enemy now; worth the best plan's score and DELAY_GAIN more."""

    name = "delay"

    def plan(self, situation: Situation, judged: list[TurnPlan]) -> TurnPlan | None:
        me, state = situation.me, situation.state
        delay = DelayCommand(me.id)
        if delay not in situation.legal_actions or state.interrupt is not None or me.at is None or not judged:
            return None
        best = judged[0]
        if best.volley.first is not None or situation.seen_by(me.at):
            return None
        found = friend_with_a_shot(situation)
        if found is None:
            return None
        friend, enemy, damage = found
        why = f"{friend.name} acts first ({damage:.1f} damage expected on {enemy.name})"
        here = next((p for p in judged if not p.sketch.prefix and p.sketch.finish is None), best)
        sketch = Sketch("delay", (delay,), fires=False, worth=DELAY_GAIN, why=why)
        return TurnPlan(sketch, (delay,), best.score + DELAY_GAIN, here.volley, here.danger, me.at)


DELAY = Delay()
