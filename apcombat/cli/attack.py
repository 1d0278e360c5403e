"""`apcombat attack SCENARIO.toml`: the game master's attack resolver for a fight on a physical table."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from apcombat.cli.output import fail, load_library_or_fail

if TYPE_CHECKING:
    from apcombat.content import Library
    from apcombat.dice import DiceSource
    from apcombat.model import BlastBand
    from apcombat.rules.attack import AttackPlan
    from apcombat.rules.resolve import AttackResult
    from apcombat.rules.throw_resolve import ThrowPlanned, ThrowResolved


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "attack",
        help="resolve one attack described in a scenario file (no map: distances measured on the table)",
        description=(
            "Show the hit chance of one attack with its full breakdown; with --seed or --dice also roll it. "
            "Exit 2 when the attack is impossible or the file cannot be read."
        ),
    )
    parser.add_argument(
        "scenario",
        metavar="SCENARIO.toml",
        help="the attack: [attacker], [target], [shot]; or a throw: [attacker], [throw], [[under]] (R22.9)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, metavar="N", help="roll with the seeded generator")
    dice.add_argument(
        "--dice",
        metavar="37,12,...",
        help="roll with these numbers, one die each, in the documented order (00 on a d100 is 100)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Imported here so that `apcombat` starts fast whatever the subcommand.
    from apcombat.content import ContentError, load_attack_scenario
    from apcombat.rules.attack import plan_attack
    from apcombat.rules.explain import describe_plan, describe_result
    from apcombat.rules.refusals import ImpossibleAttack
    from apcombat.rules.resolve import resolve_attack

    library = load_library_or_fail(args)
    if library is None:
        return 2
    if _is_throw(args.scenario):
        return _throw(args, library)
    try:
        situation = load_attack_scenario(args.scenario, library)
    except ContentError as error:
        return fail(args, error.problems)
    try:
        plan = plan_attack(situation)
    except ImpossibleAttack as error:
        return fail(args, [f"impossible attack: {error}"])
    return _answer(args, plan, resolve_attack, attack_report, describe_plan, describe_result)


def _answer(
    args: argparse.Namespace,
    plan: Any,
    resolve: Callable[[Any, Any], Any],
    report: Callable[[Any, Any], dict[str, Any]],
    describe_plan: Callable[[Any], list[str]],
    describe_result: Callable[[Any], list[str]],
) -> int:
    """An attack's or a throw's plan printed, and with dice (typed or rolled) its result: text or --json."""
    from apcombat.dice import DiceError

    try:
        dice = _dice_source(args)
    except DiceError as error:
        return fail(args, [f"--dice: {error}"])
    result = None
    if dice is not None:
        try:
            result = resolve(plan, dice)
        except DiceError as error:
            return fail(args, [str(error)])
        _warn_unused_dice(dice)
    if args.json:
        print(json.dumps(report(plan, result), indent=2))
    else:
        lines = describe_plan(plan)
        if result is not None:
            lines += ["", *describe_result(result)]
        print("\n".join(lines))
    return 0


def _is_throw(path: str) -> bool:
    """A scenario with a [throw] table (a file that cannot be read is left to the attack's reader to report)."""
    from apcombat.content import is_throw_scenario
    from apcombat.content.toml_files import read_toml

    loaded = read_toml(path)
    return loaded.value is not None and is_throw_scenario(loaded.value)


def _throw(args: argparse.Namespace, library: Library) -> int:
    """R22.9: a throw at the table — its chance and, with dice, where it lands and each share of the blast."""
    from apcombat.content import read_throw_scenario
    from apcombat.rules.throw_resolve import (
        ImpossibleThrow,
        describe_throw_plan,
        describe_throw_result,
        plan_throw_at_the_table,
        resolve_throw_at_the_table,
    )

    loaded = read_throw_scenario(args.scenario, library)
    if loaded.value is None:
        return fail(args, loaded.problems)
    try:
        plan = plan_throw_at_the_table(loaded.value)
    except ImpossibleThrow as error:
        return fail(args, [f"impossible throw: {error}"])
    return _answer(
        args,
        plan,
        resolve_throw_at_the_table,
        throw_report,
        describe_throw_plan,
        lambda result: describe_throw_result(plan, result),
    )


def throw_report(plan: ThrowPlanned, result: ThrowResolved | None) -> dict[str, Any]:
    """The resolver's JSON object for a throw (R22.9): the plan, and with dice the landing and each share."""
    situation = plan.situation
    report: dict[str, Any] = {
        "attacker": situation.thrower,
        "item": situation.weapon.id,
        "mode": "throw",
        "ap_cost": plan.ap_cost,
        "chance": plan.chance,
        "distance_cm": round(situation.distance_m * 3, 3),
        "under": [
            {"name": named.name, "band": named.band.value, "final_band": _band(named.final_band)}
            for named in situation.under
        ],
    }
    if result is not None:
        report |= {
            "roll": result.roll,
            "hit": result.scatter is None,
            "scatter": result.scatter.value if result.scatter else None,
            "direction": result.direction.value if result.direction else None,
            "cells": result.cells,
            "scatter_cm": result.cells * 3,
            "damage": result.damage.total if result.damage else None,
            "caught": [
                {
                    "name": caught.name,
                    "band": _band(caught.final_band),
                    "damage": caught.damage,
                    "armor": caught.armor,
                    "hp_after": caught.hp_after,
                    "down": caught.down,
                }
                for caught in result.caught
            ],
        }
    return report


def _band(band: BlastBand | None) -> str | None:
    return band.value if band is not None else None


def _dice_source(args: argparse.Namespace) -> DiceSource | None:
    from apcombat.dice import ScriptedDice, SeededDice, parse_dice_list

    if args.seed is not None:
        return SeededDice(args.seed)
    if args.dice is not None:
        return ScriptedDice(parse_dice_list(args.dice))
    return None


def _warn_unused_dice(dice: DiceSource) -> None:
    """Typed-in dice left over mean the game master read the order differently: say so, the result stands."""
    from apcombat.dice import ScriptedDice

    if isinstance(dice, ScriptedDice) and dice.remaining:
        left = ",".join(map(str, dice.remaining))
        print(
            f"apcombat: warning: the attack used {dice.position} of the {len(dice.values)} --dice numbers, not "
            f"{left} (is the order right? each round complete before the next)",
            file=sys.stderr,
        )


def attack_report(plan: AttackPlan, result: AttackResult | None) -> dict[str, Any]:
    """The resolver's JSON object (keys fixed by the issue: ap_cost, band, guns, rounds_fired ...)."""
    from apcombat.rules.report import guns_report, rounds_report

    situation = plan.situation
    report: dict[str, Any] = {
        "attacker": situation.shooter.name,
        "target": situation.target.name,
        "mode": situation.shot.mode.value,
        "ap_cost": plan.ap_cost,
        "band": plan.band.value if plan.band else None,
        "expected_hits": round(plan.expected_hits, 4),
        "guns": guns_report(plan),
    }
    if result is not None:
        report["rounds_fired"] = rounds_report(result)
        report["target_hp_after"] = result.hp_after
        report["target_down"] = result.target_down
        report["burning"] = result.burning is not None
    return report
