"""What a screen shows a side under the fog of war (R21.8), free of Textual: the state it draws (`view` for the
viewing side, everything for the game master), the words of a last-seen mark, whether a turn is out of the
side's sight, and whether an action another side played is one the side sees (follow-the-action draws and
paces only those, R21.8.2 b).

`viewing side` None is the game master's (or a spectator's) screen: everything (R21.8.2 a)."""

from __future__ import annotations

from apcombat.engine import fog_on, marks_of, sees_now, view
from apcombat.fight.waited import WaitedAction
from apcombat.model import Cell, Encounter, Pose
from apcombat.model.fog_state import Mark

AN_ENEMY = "an enemy"
"""A mark's enemy the side has never seen (R21.2.5): it has no name for the side."""


def shown_state(state: Encounter, side: str | None) -> Encounter:
    """The fight as the screen draws it for `side` (None: everything, the game master's screen; a side is never
    shown the game master's notes, fog or not, R21.7.4)."""
    return state if side is None else view(state, side)


def shown_marks(state: Encounter, side: str | None) -> tuple[Mark, ...]:
    """The marks the screen draws: `side`'s on the map (table mode's have no cell); none on the game master's
    screen, which shows every character where it is."""
    if side is None:
        return ()
    return tuple(mark for mark in marks_of(state, side) if mark.at is not None)


def mark_name(state: Encounter, side: str, mark: Mark) -> str:
    """The marked enemy's name as `side` knows it: its name once the side has seen it, else "an enemy"
    (R21.2.5). `state`: the whole state (the name is the encounter's, never a position; a side's view leaves
    out the enemies it does not see, so on a view an unseen enemy's mark reads "an enemy")."""
    if mark.unit not in state.side(side).slots.fog_of_war.ever_seen:
        return AN_ENEMY
    unit = next((unit for unit in state.units if unit.id == mark.unit), None)
    return unit.name if unit is not None else AN_ENEMY


def mark_words(name: str, mark: Mark) -> str:
    """The hint line's words for a mark under the cursor: '? Rat (last seen round 2, crouched)'."""
    pose = "" if mark.pose is Pose.UPRIGHT else f", {mark.pose.value}"
    return f"? {name} (last seen round {mark.round}{pose})"


def mark_at(marks: tuple[Mark, ...], cell: Cell) -> Mark | None:
    return next((mark for mark in marks if mark.at == cell), None)


def mark_side(state: Encounter, side: str, mark: Mark) -> str | None:
    """The side of a marked enemy, for its colour: the sides of the encounter are everyone's to know; with
    two sides it is the other one."""
    others = [other.id for other in state.sides if other.id != side]
    if len(others) == 1:
        return others[0]
    unit = next((unit for unit in state.units if unit.id == mark.unit), None)
    return unit.side if unit is not None else None


def out_of_sight(state: Encounter, side: str | None) -> bool:
    """R21.8.1: a character the side does not see is acting ("Round R — out of sight" in the turn order)."""
    if side is None or not fog_on(state) or state.active is None or state.round == 0 or state.finished:
        return False
    acting = state.unit(state.active)
    return acting.side != side and acting.id not in sees_now(state, side)


def sees_action(action: WaitedAction, side: str | None) -> bool:
    """Whether `side` sees an action another side played (R21.8.2 b: one it does not see is neither drawn nor
    paced): its actor was seen by the side as it started or once it was played, or it attacked one of the
    side's characters (R21.5.2). Always on the game master's screen and with the fog off."""
    if side is None or not fog_on(action.after) or action.side == side or action.unit is None:
        return True
    if action.unit in sees_now(action.before, side) or action.unit in sees_now(action.after, side):
        return True
    target = next((unit for unit in action.after.units if unit.id == action.target), None)
    return target is not None and target.side == side
