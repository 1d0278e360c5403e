"""Judging a whole turn plan: its dice-free lines played on a copy of the state (`apply`; a watcher's test in
the way fails, R16.2, and its shot is counted as danger instead), its attacks looked at through the dice
(`volley`), the danger where it ends (`danger`), weighed by the side's aggression and caution and the
unit's role and wounds (`team`)."""

from __future__ import annotations

import random

import attrs

from apcombat.ai.baseline.fighting import rounds_needed
from apcombat.ai.baseline.moving import positions
from apcombat.ai.baseline.situation import Situation
from apcombat.ai.beliefs import seen_only
from apcombat.ai.reckoning.danger import Danger, danger_at, enemy_turn_damage
from apcombat.ai.tactical.candidates import Sketch
from apcombat.ai.tactical.team import ALONE, Weights, behind_friends, cohesion_cost, kill_bonus, stands_alone
from apcombat.ai.tactical.volley import NO_VOLLEY, Fire, Shot, Volley, shots_of
from apcombat.dice import DiceRequest, EndFaceDice
from apcombat.engine import (
    Command,
    CommandError,
    End,
    apply,
    attack_actions,
    format_command,
)
from apcombat.model import Encounter

READY = 3.0
"""HP a plan loses when it ends with a gun that cannot make its biggest attack and spare rounds to load."""

PROSPECT = 0.3
"""Share of what the unit could deal next turn from where it ends (its best target's turn of attacks) that
a plan counts now: a firing position taken this turn pays next turn, if the unit still stands."""

BEHIND = 1.0
"""HP a wounded unit's plan gains for ending behind a friend (nearer the enemy than it)."""


class FailingDice(EndFaceDice):
    """Dice for judging a plan: every test fails (a watcher does not spot the mover, R16.2; covering fire
    finds no luck, R17.2) and every other die shows its lowest face — but for a tie's dice, which break it
    (a plan that ends the round with the activation deck, R18.5.1). The plan counts those shots as danger;
    the game rolls its own dice when the line is played."""

    def roll(self, request: DiceRequest) -> int:
        if request.at_most is not None and request.at_most < request.sides:
            return max(1, request.at_most + 1)
        return super().roll(request)


def played(state: Encounter, commands: tuple[Command, ...]) -> Encounter | None:
    """The state after `commands`, or None when one is refused."""
    for command in commands:
        try:
            state, _ = apply(state, command, FailingDice())
        except CommandError:
            return None
    return state


def spent(state: Encounter, unit: str, ap: int) -> Encounter:
    """The state with `ap` of the unit's AP spent (a throw judged without playing it: what is left to fire)."""
    units = tuple(attrs.evolve(u, ap=u.ap - ap) if u.id == unit else u for u in state.units)
    return attrs.evolve(state, units=units)


class AttacksFrom(Situation):
    """The acting unit's situation for its attacks alone: the attack lines `legal_commands` would list,
    without the moves, jumps and the rest (a plan's attacks are judged from many cells)."""

    def __init__(self, state: Encounter) -> None:  # not super().__init__: it lists every legal line
        assert state.active is not None
        self.state = state
        self.me = state.unit(state.active)
        self.actions = seen_only(state, attack_actions(state))
        self.lines = tuple(format_command(command) for command in self.actions)
        self.legal = frozenset(self.lines)
        self.legal_actions = frozenset(self.actions)


@attrs.frozen
class TurnPlan:
    """A judged plan: the commands it starts with (the first is played now), its score in HP as weighed, and
    the numbers its reason gives."""

    sketch: Sketch
    commands: tuple[Command, ...]
    score: float
    volley: Volley
    danger: Danger
    cell: tuple[int, int] | None

    @property
    def command(self) -> Command:
        """The command played now."""
        return self.commands[0] if self.commands else End()

    @property
    def line(self) -> str:
        return format_command(self.command)

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(format_command(command) for command in self.commands)


class Judge:
    """Everything one decision shares while it judges plans: the situation, the weights, the look-ahead,
    the seed of the plans' own generators, the attacks kept per target, and each enemy's kill bonus."""

    def __init__(self, situation: Situation, weights: Weights, fire: Fire, rng_seed: int, per_target: int) -> None:
        self.situation, self.weights, self.fire = situation, weights, fire
        self.rng_seed, self.per_target = rng_seed, per_target
        state, me = situation.state, situation.me
        self._after: dict[tuple[Command, ...], Encounter | None] = {}
        self._shots: dict[tuple[tuple[Command, ...], int], tuple[Shot, ...]] = {}
        self.bonus = {e.id: kill_bonus(e, enemy_turn_damage(state, e, me)) for e in situation.enemies}

    def after(self, prefix: tuple[Command, ...]) -> Encounter | None:
        """The state after a plan's dice-free lines (plans that share them share it)."""
        if prefix not in self._after:
            self._after[prefix] = played(self.situation.state, prefix)
        return self._after[prefix]

    def shots(self, prefix: tuple[Command, ...], after: Encounter) -> tuple[Shot, ...]:
        """The attacks worth branching on once those lines are played, on standing enemies only."""
        key = (prefix, after.unit(self.situation.me.id).ap)  # after a throw, fewer AP: other attacks fit
        if key not in self._shots:
            hps = {e.id for e in self.situation.enemies}
            options = tuple(o for o in AttacksFrom(after).attacks if o.target.id in hps)
            self._shots[key] = shots_of(options, self.per_target)
        return self._shots[key]

    def volley(self, sketch: Sketch, after: Encounter, ap: int) -> Volley:
        """The plan's attacks from `after` with `ap` AP (its own generator for each plan: the same state and
        rng give the same plans whatever was judged before)."""
        me = after.unit(self.situation.me.id)
        if ap <= 0 or me.weapon is None:
            return NO_VOLLEY
        shots = self.shots(sketch.prefix, after)
        if not shots:
            return NO_VOLLEY
        hps = {e.id: max(0, e.hp) for e in self.situation.enemies}
        loaded = me.weapon.loaded if me.weapon.weapon.magazine else 99
        plan_rng = random.Random(f"{self.rng_seed}:{'|'.join(sketch.prefix_lines)}|{sketch.finish_line}")
        return self.fire(shots, ap, loaded, hps, self.bonus, plan_rng)

    def judge(self, sketch: Sketch) -> TurnPlan | None:
        situation, me, w = self.situation, self.situation.me, self.weights
        if sketch.prefix and sketch.prefix[0] not in situation.legal_actions:
            return None
        after = self.after(sketch.prefix)
        if after is not None and sketch.throw is not None:  # R22: the throw's AP spent; its blast is its worth
            after = spent(after, situation.me.id, sketch.throw_ap)
        if after is None:
            return None
        mine = after.unit(me.id)
        ours = after.active == me.id or (after.interrupt is not None and after.interrupt.watcher == me.id)
        volley = NO_VOLLEY
        if sketch.fires and ours:
            volley = self.volley(sketch, after, mine.ap - sketch.finish_ap)
        finish = sketch.finish if ours and mine.ap - sketch.finish_ap >= 0 else None
        ending = played(after, (finish,)) if finish else after
        if ending is None:
            ending, finish = after, None
        if sketch.finish and finish is None:
            return None  # the same plan without its finish is offered on its own
        danger = danger_at(ending, me.id, situation.memo, volley.kills)
        score = w.deal * (volley.value + sketch.dealt) + sketch.worth - w.risk * self.risk(ending, danger)
        score += self.placing(ending, volley) + w.deal * PROSPECT * self.prospect(ending, volley)
        first = (volley.first.command,) if volley.first else ()
        thrown = (sketch.throw,) if sketch.throw is not None else ()  # R22: the throw's dice are its worth
        commands = (*sketch.prefix, *thrown, *first, *((finish,) if finish else ()))
        if commands and commands[0] not in situation.legal_actions:
            return None
        return TurnPlan(sketch, commands, score, volley, danger, ending.unit(me.id).at)

    def prospect(self, ending: Encounter, volley: Volley) -> float:
        """What the unit could deal from where it ends in a turn of its own, on the enemy worth most (the
        rules' plan from there: sight, range, cover, pose), less the chance that enemy is down by then."""
        me = ending.unit(self.situation.me.id)
        best = 0.0
        for enemy in self.situation.enemies:
            standing = 1.0 - volley.kills.get(enemy.id, 0.0)
            best = max(best, standing * enemy_turn_damage(ending, me, ending.unit(enemy.id)))
        return best

    def risk(self, ending: Encounter, danger: Danger) -> float:
        """The danger as counted: more when the unit stands alone in several enemies' sight."""
        me = ending.unit(self.situation.me.id)
        if me.at is not None and stands_alone(ending, me, me.at, danger.eyes, self.situation.distance):
            return danger.expected * (1 + ALONE)
        return danger.expected

    def placing(self, ending: Encounter, volley: Volley) -> float:
        """Where the plan leaves the unit, beyond danger: nearer the enemy (per the role), a sniper's
        distance, a wounded unit behind its friends, a gun ready for its next attack."""
        situation, w = self.situation, self.weights
        me = ending.unit(situation.me.id)
        start = situation.me.at
        if me.at is None or start is None:
            return 0.0
        judge = positions(situation)
        steps = judge.walking_distance
        here = steps.get(start, 10_000)
        there = steps.get(me.at, here)
        value = w.approach * (here - there)
        if w.keep_away_m:
            nearest = min((situation.distance(me.at, e.at) for e in situation.enemies if e.at), default=99.0)
            value -= max(0.0, w.keep_away_m - nearest) * 0.5
        value -= cohesion_cost(ending, me, me.at, situation.distance)
        full = max(1, me.character.hit_points)
        if me.hp < full / 2 and behind_friends(ending, me, me.at, lambda c: steps.get(c, here)):
            value += BEHIND
        carried = me.weapon
        if carried is not None and carried.weapon.magazine:
            spare = me.ammo.get(carried.weapon.ammo, 0)
            need = rounds_needed(situation)  # the same gun: a plan swaps only an empty one
            fired = round(volley.attacks) * (volley.first.plan.guns[0].rounds if volley.first else 0)
            if carried.loaded - fired < need and spare > 0:
                value -= READY
        return value
