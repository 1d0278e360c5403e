"""Plans and results as plain data (JSON-ready): the resolver's `--json` and the engine's event numbers."""

from __future__ import annotations

from typing import Any

from apcombat.rules.attack import AttackPlan
from apcombat.rules.chance import format_pose_factor
from apcombat.rules.resolve import AttackResult


def guns_report(plan: AttackPlan) -> list[dict[str, Any]]:
    """Each gun's rounds, chances and the named modifiers in the order applied (R1.2)."""
    return [
        {
            "weapon": gun.weapon.id,
            "rounds": gun.rounds,
            "hit_chance": gun.hit_chance,
            "crit_chance": gun.crit_chance,
            "modifiers": [{"name": m.name, "value": m.value} for m in gun.hit.modifiers],
            "sum": gun.hit.total,
            "pose_factor": format_pose_factor(gun.hit.pose_factor),
            "band": gun.band.value if gun.band else None,
        }
        for gun in plan.guns
    ]


def rounds_report(result: AttackResult) -> list[dict[str, Any]]:
    """Every round as rolled: roll, hit, critical, location, damage after armour, armour, wound."""
    return [
        {
            "gun": r.gun,
            "roll": r.roll,
            "hit": r.hit,
            "critical": r.critical,
            "location": r.location.value if r.location else None,
            "damage": r.damage,
            "armor": r.armor,
            "wound": r.wound.value if r.wound else None,
            "damage_roll": list(r.damage_roll.values) if r.damage_roll else None,
            "defence_roll": r.defence.roll if r.defence else None,
            "unconscious_rounds": r.knockout.rounds.total if r.knockout and r.knockout.rounds else None,
        }
        for r in result.rounds
    ]
