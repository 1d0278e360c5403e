"""`preview(state, command)`: what a command would cost and do, without rolling — or why it is refused.

The terminal app shows these before a player commits; it computes no rule itself.
"""

from __future__ import annotations

import attrs

from apcombat.board.paths import Path
from apcombat.dice import DiceRequest, EndFaceDice
from apcombat.engine.apply import apply
from apcombat.engine.attacks import plan_for
from apcombat.engine.commands import Attack, Command, CommandError, Move, Throw
from apcombat.engine.movement import path_for
from apcombat.engine.part import parts_on
from apcombat.engine.throw_preview import ThrowPreview, throw_preview
from apcombat.engine.throwing import ap_short, plan_throw
from apcombat.model import Cell, Encounter, Facing, Unit
from apcombat.rules.attack import AttackPlan
from apcombat.rules.expected_damage import expected_damage
from apcombat.rules.explain import breakdown_lines, describe_plan


@attrs.frozen
class PreviewStep:
    """One step of a previewed move: where, facing, AP paid to turn first, AP left after it."""

    cell: Cell
    facing: Facing
    turn_ap: int
    ap_left: int


@attrs.frozen
class Preview:
    """A command judged without rolling."""

    allowed: bool
    reason: str = ""
    ap_cost: int = 0
    ap_left: int = 0
    path: tuple[PreviewStep, ...] = ()
    attack: AttackPlan | None = None
    lines: tuple[str, ...] = ()
    roll: str = ""  # the first roll the outcome depends on, when it depends on one
    expected_damage: float = 0.0  # an attack's mean damage to its target after armour (rules.expected_damage)
    throw: ThrowPreview | None = None  # R22: a throw's chance, bands and landing cells (`engine.throw_preview`)

    @property
    def expected_hits(self) -> float:
        return self.attack.expected_hits if self.attack is not None else 0.0


_MOST_ROLLS = 200
"""A preview gives up on a play needing more rolls than this: a guard against any loop only real dice would
end (the dice of a tie break it, and the activation deck refuses a hundred ties, R18.5.1)."""


class _TooManyRolls(Exception):
    pass


class _UnrolledDice(EndFaceDice):
    """Dice for a preview: every die shows its lowest face, or its highest (a tie's dice break it, R18.5.1);
    the first roll asked is kept.

    Playing a command both ways gives what it costs whatever the dice say (a jump's AP are paid before its
    acrobatics test), or the two ends of what it may cost when the dice decide (an interrupted move)."""

    def __init__(self, highest: bool) -> None:
        super().__init__(highest)
        self.first: str | None = None
        self.rolls = 0

    def roll(self, request: DiceRequest) -> int:
        self.rolls += 1
        if self.rolls > _MOST_ROLLS:
            raise _TooManyRolls
        if self.first is None:
            self.first = request.prompt()
        return super().roll(request)


def preview(state: Encounter, command: Command) -> Preview:
    """Cost, path with AP left at each step, chance breakdowns and expected hits — or the refusal."""
    try:
        if state.active is None or command.who is None or state.round == 0:
            return _generic(state, command)
        actor_id = state.active
        state = judged_state(state)
        actor = state.unit(actor_id)
        if isinstance(command, Move) and state.map is not None and command.who == actor.id:
            return _move(state, command)
        if isinstance(command, Attack) and command.who == actor.id:
            return _attack(state, command)
        if isinstance(command, Throw) and state.map is not None and command.who == actor.id:
            return _throw(state, command)
        return _generic(state, command)
    except CommandError as error:
        return Preview(allowed=False, reason=str(error))
    except KeyError as error:
        return Preview(allowed=False, reason=f"no unit {error}")


def judged_state(state: Encounter) -> Encounter:
    """The state the acting side's commands are judged on for `preview` and `legal_commands`: the state, or
    what a module makes of it (R21.9.2: with the fog of war, the acting side's view)."""
    for part in parts_on(state):
        judged = part.judged_on(state)
        if judged is not None:
            return judged
    return state


def _move(state: Encounter, command: Move) -> Preview:
    unit = state.unit(command.unit)
    if unit.in_cover:
        raise CommandError(f"{unit.name} is in cover: leave it first (uncover {unit.id}, 1 AP, R9.1)")
    return path_preview(unit, path_for(state, unit, command))


def path_preview(unit: Unit, path: Path) -> Preview:
    """A move of the unit along this path (`path_for`'s, or the same walked back from the reachable area):
    its AP, its steps with the AP left after each, and a refusal when it costs more than the unit has."""
    steps = tuple(PreviewStep(s.cell, s.facing, s.turn_ap, unit.ap - s.ap_total) for s in path.steps)
    allowed = path.ap <= unit.ap
    reason = "" if allowed else f"{unit.name} needs {path.ap} AP (turns included) and has {unit.ap}"
    turns = sum(s.turn_ap for s in path.steps)
    lines = (
        f"{len(path.steps)} steps, {path.ap} AP ({turns} of them for turning), {unit.ap - path.ap} AP left",
        *(f"{s.cell[0]},{s.cell[1]} facing {s.facing.value}: {s.ap_left} AP left" for s in steps),
    )
    return Preview(allowed, reason, path.ap, unit.ap - path.ap, steps, None, lines)


def _attack(state: Encounter, command: Attack) -> Preview:
    unit = state.unit(command.unit)
    plan = plan_for(state, command)
    allowed = plan.ap_cost <= unit.ap
    reason = "" if allowed else f"{unit.name} needs {plan.ap_cost} AP and has {unit.ap}"
    damage = expected_damage(plan, state.unit(command.target).armor)
    lines = tuple(describe_plan(plan))
    return Preview(allowed, reason, plan.ap_cost, unit.ap - plan.ap_cost, (), plan, lines, expected_damage=damage)


def _throw(state: Encounter, command: Throw) -> Preview:
    """R22.2-R22.5: a throw's cost and breakdown, and its blast (`ThrowPreview`); the refusals as `apply`'s."""
    unit = state.unit(command.unit)
    plan = plan_throw(state, command)
    reason = ap_short(unit, plan)
    allowed = not reason
    judged = throw_preview(state, plan)
    lines = (
        f"{plan.weapon.name}: {plan.distance_m:.1f} m of {judged.reach_m:g} m reach, {plan.ap} AP",
        *breakdown_lines(plan.hit),
        *(
            f"{share.name}: {share.band.value} band, {share.expected_damage:.1f} damage expected"
            for share in judged.caught
        ),
    )
    return Preview(
        allowed,
        reason,
        plan.ap,
        unit.ap - plan.ap,
        lines=lines,
        expected_damage=judged.expected_enemy_damage,
        throw=judged,
    )


def _generic(state: Encounter, command: Command) -> Preview:
    """Apply the command with dice showing their lowest and then their highest faces: its cost and, when it
    rolls no die, what it does."""
    counted = command.who is not None and state.round > 0
    before = state.unit(command.who).ap if counted and command.who is not None else 0
    plays: list[tuple[int, int]] = []  # (AP spent, AP left) of each play that ended
    first_roll = None
    for highest in (False, True):
        dice = _UnrolledDice(highest)
        try:
            after_state, events = apply(state, command, dice)
        except _TooManyRolls:
            first_roll = first_roll or dice.first
            continue
        ap_after = after_state.unit(command.who).ap if counted and command.who is not None else 0
        plays.append((max(0, before - ap_after) if state.active == command.who else 0, ap_after))
        if dice.first is None:
            return Preview(True, "", *plays[0], lines=tuple(event.text for event in events))
        first_roll = first_roll or dice.first
    if not plays:
        return Preview(allowed=True, lines=(f"the outcome needs rolls: {first_roll}",), roll=first_roll or "")
    cost, ap_left = max(plays)
    least = min(plays)[0]
    spent = f"{least} to {cost} AP" if least != cost else f"{cost} AP"
    lines = (f"{spent}; the outcome needs a roll: {first_roll}",)
    return Preview(True, "", cost, ap_left, lines=lines, roll=first_roll or "")
