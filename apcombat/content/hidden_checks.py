"""R21.10.2: what `apcombat check` (and every command that reads an encounter) refuses of a unit that starts
the fight hidden (`hidden = true`, R21.3.2): one finding a problem, each naming the unit and the field."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.board.cover import can_take_cover
from apcombat.board.kinds import grid_for
from apcombat.board.sight import line_of_sight
from apcombat.content.diagnose import Finding
from apcombat.model.battlemap import BattleMap
from apcombat.model.encounter import Unit
from apcombat.model.fates import Fate

NEEDS_FOG = "hidden needs the fog_of_war module: switch it on with fog_of_war = true in [modules] (R21.3.2)"
IN_THE_OPEN = (
    "in the open: a hidden unit starts in cover, beside a wall or low obstacle "
    "(R21.3.2; 001_…: 'may NOT … be deployed as hidden in the open')"
)


def hidden_findings(
    units: Iterable[Unit], battle_map: BattleMap | None, fog_on: bool
) -> list[tuple[str, list[Finding]]]:
    """Each hidden unit's findings, by unit id: the fog of war off; on a map, no wall, hut's wall, low obstacle
    or crates beside its cell; an enemy in the fight beside it with a clear line (it would be revealed at once,
    R21.4.2 d); out of the fight itself (R21.3.5)."""
    units = tuple(units)
    found: list[tuple[str, list[Finding]]] = []
    for unit in units:
        if not unit.hidden:
            continue
        if not fog_on:
            found.append((unit.id, [("", NEEDS_FOG)]))
            continue
        problems = _placement(unit, units, battle_map)
        if unit.fate is not Fate.NONE:
            fate = unit.fate.value.replace("_", " ")
            problems.append(("", f"hidden = true with fate = {fate!r}: a hidden unit starts in the fight (R21.3.5)"))
        if problems:
            found.append((unit.id, problems))
    return found


def _placement(unit: Unit, units: tuple[Unit, ...], battle_map: BattleMap | None) -> list[Finding]:
    if battle_map is None or unit.at is None:
        return []  # R21.7.3: in table mode the game master judges the cover
    grid = grid_for(battle_map)
    at = f"{unit.at[0]},{unit.at[1]}"
    if not can_take_cover(battle_map, grid, unit.at):
        return [("", f"hidden = true at {at}, {IN_THE_OPEN}")]
    beside = {step.to for step in grid.steps(unit.at)}
    for enemy in units:
        if enemy.side == unit.side or enemy.at not in beside or enemy.fate is not Fate.NONE or enemy.down:
            continue
        assert enemy.at is not None
        if enemy.unconscious_rounds > 0 or not line_of_sight(battle_map, grid, enemy.at, unit.at):
            continue
        there = f"{enemy.at[0]},{enemy.at[1]}"
        return [
            (
                "",
                f"hidden = true at {at}, beside unit {enemy.id!r} at {there} with a clear line between them: it "
                "would be revealed at once (R21.4.2 d)",
            )
        ]
    return []
