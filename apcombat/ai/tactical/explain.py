"""A plan's reason in the game's numbers: where the unit goes, what it fires and at what odds, what it
expects to deal and to take where it ends ("Vera moves to 12,4 and takes cover, shoots Rocco: aimed at the
torso, 1 round at 72 %, 8.1 damage expected; ends in 2 enemies' sight, 3.0 damage expected against Vera")."""

from __future__ import annotations

from apcombat.ai.decision import Option
from apcombat.ai.tactical.planner import TurnPlan
from apcombat.engine import (
    ChangePose,
    Command,
    Delay,
    LeaveCover,
    Move,
    PinDown,
    React,
    Reload,
    Swap,
    TakeCover,
    format_command,
)
from apcombat.model import Unit

FINISHES = {"cover": "takes cover", "crouched": "crouches", "prone": "goes prone behind cover"}


def _steps(me: Unit, plan: TurnPlan) -> list[str]:
    sketch, said = plan.sketch, []
    for command in sketch.prefix:
        if isinstance(command, Move) and plan.cell is not None:
            said.append(f"moves to {plan.cell[0]},{plan.cell[1]}")
        elif isinstance(command, LeaveCover):
            said.append("leaves cover")
        elif isinstance(command, Reload):
            said.append("reloads")
        elif isinstance(command, Swap):
            said.append("swaps weapons")
        elif isinstance(command, React):
            said.append(f"stands watch ({sketch.why}, {sketch.worth:.1f} expected)")
        elif isinstance(command, Delay):
            said.append(f"delays its turn: {sketch.why}")
        elif isinstance(command, PinDown):
            said.append(f"pins {sketch.why}")
    if sketch.throw is not None:
        said.append(sketch.why)  # R22: "throws a frag grenade at 4,2: 2 enemies in the blast ..."
    volley = plan.volley
    if volley.first is not None:
        shot = volley.first.describe(me)
        shot = shot.removeprefix(me.name + " ")  # the unit's name begins the reason once (names have spaces)
        target = volley.first.target
        downed = volley.kills.get(target.id, 0.0)
        more = f", {volley.attacks:.1f} attacks {volley.dealt:.1f} damage in all" if volley.attacks > 1.05 else ""
        down = f", {target.name} down {100 * downed:.0f} %" if downed >= 0.05 else ""
        said.append(f"{shot}{more}{down}")
    finish = plan.sketch.finish
    if finish is not None and finish in plan.commands:
        said.append(_finish_said(finish))
    return said


def _finish_said(finish: Command) -> str:
    """What a plan's finish does, in words: cover, or a pose."""
    if isinstance(finish, TakeCover):
        return FINISHES["cover"]
    if isinstance(finish, ChangePose):
        return FINISHES.get(finish.pose.value, format_command(finish))
    return format_command(finish)


def reason(me: Unit, plan: TurnPlan) -> str:
    """One line: the plan's steps, its first attack with odds and damage, and the danger where it ends."""
    steps = _steps(me, plan) or [f"holds with {me.ap} AP"]
    return f"{me.name} {', then '.join(steps)}; {plan.danger.describe(me)} (plan worth {plan.score:+.1f} HP)"


def option_of(me: Unit, plan: TurnPlan) -> Option:
    """An option weighed: the line it starts with, the plan (its kind and reason, and its lines) and its
    score in HP as weighed."""
    return Option(plan.line, f"{plan.sketch.kind}: {reason(me, plan)}", plan.score, plan.lines)


def option_line(me: Unit, plan: TurnPlan) -> str:
    """An option weighed, in one line: its score, the line it starts with and the plan."""
    return str(option_of(me, plan))
