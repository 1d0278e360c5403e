"""What the battlefield offers under the optional modules of R18 it shares with no other screen: the re-rolls a
side may buy right after an action (R18.6) and the characters a unit may calm (R18.4.4). The rules decide
(`engine.rerolls.rerollable`, the engine's preview of `calm`); this module only words the choices."""

from __future__ import annotations

from apcombat.engine.rerolls import REROLL_COST, describe_die, rerollable
from apcombat.model import Encounter, Unit


def reroll_options(state: Encounter) -> list[tuple[str, str]]:
    """(line, label) of every re-roll some side may buy now, each side's own dice of the action just played."""
    options = []
    for side in state.sides:
        for place in rerollable(state, side.id):
            die = state.rolls[place - 1]
            label = (
                f"{side.name}: die {place}, {describe_die(die)} = {die.value} "
                f"({REROLL_COST} of {side.reroll_points} points)"
            )
            options.append((f"reroll {side.id} {place}", label))
    return options


def reroll_offer(state: Encounter) -> str:
    """The hint line's offer after an action whose dice a side may buy again ("" when there is none)."""
    sides = sorted({line.split()[1] for line, _ in reroll_options(state)})
    if not sides:
        return ""
    names = ", ".join(state.side(side).name for side in sides)
    return f"R re-rolls a die of that action (R18.6: {names} may, 2 points each)"


def calm_candidates(state: Encounter, unit: Unit) -> list[Unit]:
    """Who the unit might calm: itself and its friends in the fight holding suppression markers (R18.4.4)."""
    friends = [u for u in state.units if u.side == unit.side and not u.down and u.markers > 0]
    return sorted(friends, key=lambda u: u.id != unit.id)
