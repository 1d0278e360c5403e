"""On-demand benchmark of the rules core (not run by pytest or CI).

    python tests/bench/bench_rules.py [--seconds 2]

Reports hit-chance breakdowns per second (plan_attack: every refusal check, every modifier, the pose factor
and the critical chance) and full burst resolutions per second (a 10-round M60 burst: to-hit, critical
location, damage dice, armour, wound tests), each on one core.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

from apcombat.content import content_root, load_library
from apcombat.dice import SeededDice
from apcombat.model import BodyLocation, Pose, Shooter, Shot, ShotMode, ShotSituation, Target
from apcombat.rules.attack import plan_attack
from apcombat.rules.resolve import resolve_attack


def situations() -> tuple[ShotSituation, ShotSituation]:
    library = load_library(content_root())
    ana, bo = library.characters["ana"], library.characters["bo"]
    target = Target(name="Raider", hp=10_000, pose=Pose.CROUCHED, armor=library.armor("metal_armor"))
    aimed = ShotSituation(
        shooter=Shooter(name=ana.name, special=ana.special, skills=ana.skills, weapon=library.weapons["colt_1911"]),
        target=target,
        shot=Shot(mode=ShotMode.AIMED, location=BodyLocation.HEAD, extra_ap=2, distance_m=8.5),
    )
    burst = ShotSituation(
        shooter=Shooter(name=bo.name, special=bo.special, skills=bo.skills, weapon=library.weapons["m60"]),
        target=target,
        shot=Shot(mode=ShotMode.BURST, distance_m=20),
    )
    return aimed, burst


def rate(work: Callable[[], object], seconds: float) -> float:
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            work()
        count += 200
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    aimed, burst = situations()
    burst_plan = plan_attack(burst)
    dice = SeededDice(1)
    breakdowns = rate(lambda: plan_attack(aimed), args.seconds)
    bursts = rate(lambda: resolve_attack(burst_plan, dice), args.seconds)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(f"hit-chance breakdowns (plan_attack, aimed shot): {breakdowns:,.0f}/s")
    print(f"full burst resolutions (M60, {burst_plan.rounds} rounds, rolled): {bursts:,.0f}/s")


if __name__ == "__main__":
    main()
