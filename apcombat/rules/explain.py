"""Plain-text explanations of plans and results, the words a game master reads aloud (R1.2).

Text only — whoever shows it (the CLI, the log, the terminal app) decides where it goes.
"""

from __future__ import annotations

from apcombat.model import ShotMode
from apcombat.rules.attack import AttackPlan, GunPlan
from apcombat.rules.chance import HIT_CHANCE_CAP, HitChance
from apcombat.rules.resolve import AttackResult, RoundResult

MODIFIER_LABELS = {
    "skill": "skill",
    "range_band": "range band",
    "aim_location": "aimed location",
    "aim_ap": "extra aiming AP",
    "burst": "burst",
    "strength": "strength",
    "heavy": "heavy weapon",
    "cover": "target in cover",
    "blind_fire": "blind fire",
    "ambidextrous": "two guns",
    "exhaustion": "exhaustion",
    "wounds": "wounds",
    "suppression": "suppression",
    "gm": "game master",
}

MODE_WORDS = {
    ShotMode.SINGLE: "a single shot",
    ShotMode.AIMED: "an aimed shot",
    ShotMode.BURST: "a burst",
    ShotMode.DUAL: "two guns",
    ShotMode.DUAL_BURST: "two-gun bursts",
    ShotMode.FLAME: "a flamer stream",
    ShotMode.MELEE: "close combat",
}


def metres(value: float) -> str:
    """A distance as a game master reads it: one decimal at most."""
    return f"{round(value, 1):g}"


def breakdown_lines(hit: HitChance) -> list[str]:
    """R1.2: one line per modifier, then the sum, the pose factor and the clamp."""
    lines = [f"{MODIFIER_LABELS.get(m.name, m.name):<18}{m.value:+5d}" for m in hit.modifiers]
    lines.append(f"{'sum':<18}{hit.total:5d}")
    if hit.pose is not None:
        lines.append(f"{'target ' + hit.pose.value:<18}  x{hit.pose_factor!s:<4} -> {hit.after_pose}")
    if hit.chance != hit.after_pose:
        lines.append(f"{'clamped to 0..' + str(HIT_CHANCE_CAP):<18}      -> {hit.chance}")
    return lines


def headline(plan: AttackPlan) -> str:
    """Who attacks whom, how, from how far."""
    situation = plan.situation
    shot, shooter = situation.shot, situation.shooter
    what = MODE_WORDS[shot.mode]
    if shot.location is not None:
        what += f" at the {shot.location.value}"
        if shot.extra_ap:
            what += f" (+{shot.extra_ap} AP aiming)"
    names = [gun.weapon.name for gun in plan.guns]
    same_twice = len(names) == 2 and names[0] == names[1]
    weapons = f"{names[0]} in each hand" if same_twice else " and the ".join(names)
    where = f"{metres(shot.distance_m)} m"
    if plan.band is not None:
        where += f", {plan.band.value} range"
    if shot.from_cover.value != "none":
        where += ", " + ("blind from cover" if shot.from_cover.value == "blind" else "leaning out of cover")
    return f"{shooter.name} attacks {situation.target.name}: {what} with the {weapons} ({where})"


def gun_lines(gun: GunPlan) -> list[str]:
    """One gun's breakdown and chances."""
    hand = " (off hand)" if gun.offhand else ""
    rounds = f", {gun.rounds} rounds" if gun.rounds > 1 else ""
    lines = [f"{gun.weapon.name}{hand}{rounds}:"]
    lines += ["  " + line for line in breakdown_lines(gun.hit)]
    if gun.rested:
        lines.append("  (fired from its bipod: no heavy-weapon penalty, R5.3)")
    lines.append(
        f"  hit on {gun.hit_chance} or less ({gun.hit_chance}%), critical on {gun.crit_chance} or less"
        + (f"; expected hits {gun.expected_hits:.2f}" if gun.rounds > 1 else "")
    )
    return lines


def describe_plan(plan: AttackPlan) -> list[str]:
    """The whole plan: headline, AP cost, each gun's breakdown."""
    lines = [headline(plan), f"AP cost: {plan.ap_cost}"]
    for gun in plan.guns:
        lines += gun_lines(gun)
    return lines


def describe_round(result: AttackResult, round_result: RoundResult, number: int) -> list[str]:
    """One round as rolled, with its damage and wound."""
    plan = result.plan
    gun = plan.guns[round_result.gun]
    target = plan.situation.target
    label = "roll"
    if gun.rounds > 1:
        label = f"round {number}"
    if len(plan.guns) > 1:
        label = f"{'off hand' if gun.offhand else 'main hand'} {label}"
    if round_result.roll is None:
        return [f"{label}: not rolled — {target.name} is already down"]
    verdict = "HIT" if round_result.hit else "miss"
    text = f"{label}: d100 = {round_result.roll} vs {gun.hit_chance} — {verdict}"
    lines = [text]
    if round_result.defence is not None:
        defence = round_result.defence
        outcome = "parried" if defence.success else "fails"
        lines.append(f"  {target.name}'s defence: d100 = {defence.roll} vs {defence.needed} — {outcome}")
    if not round_result.hit:
        return lines
    if round_result.critical:
        where = round_result.location.value if round_result.location else "?"
        how = f"d6 = {round_result.location_roll}" if round_result.location_roll is not None else "aimed"
        lines.append(f"  CRITICAL ({how}): {where} — armour ignored, damage doubled")
    assert round_result.damage_roll is not None
    changed = ""
    if round_result.critical:
        changed = f" x2 = {round_result.damage}"
    elif round_result.armor:
        changed = f" - {round_result.armor} armour = {round_result.damage}"
    lines.append(f"  damage {round_result.damage_roll}{changed} -> {target.name} at {round_result.hp_after} HP")
    if round_result.wound is not None:
        lines.append(f"  wound: {round_result.wound.value}")
    if round_result.knockout is not None:
        test = round_result.knockout.test
        if test.success:
            lines.append(f"  {target.name}'s test: d10 = {test.roll} vs {test.needed} — stays conscious")
        else:
            rounds = round_result.knockout.rounds
            extra = f" for {rounds.total} rounds ({rounds})" if rounds is not None else ""
            lines.append(f"  {target.name}'s test: d10 = {test.roll} vs {test.needed} — falls unconscious{extra}")
    if round_result.sets_burning and round_result.hp_after > 0:
        lines.append(f"  {target.name} is burning (1d10+5 next turn, then 1d10)")
    return lines


def describe_result(result: AttackResult) -> list[str]:
    """Every round, then the outcome."""
    lines: list[str] = []
    numbers = [0] * len(result.plan.guns)
    for round_result in result.rounds:
        numbers[round_result.gun] += 1
        lines += describe_round(result, round_result, numbers[round_result.gun])
    target = result.plan.situation.target
    hits = f"{result.hits} hit" + ("s" if result.hits != 1 else "")
    if result.hits == 0:
        summary = f"{target.name}: missed — no damage ({result.hp_after} HP)"
    elif result.hp_after == result.hp_before:
        summary = f"{target.name}: {hits}, no damage ({result.hp_after} HP)"
    else:
        summary = f"{target.name}: {result.hp_before} -> {result.hp_after} HP ({hits})"
    if result.target_down:
        summary += f" — {target.name} is down"
    lines.append(summary)
    return lines
