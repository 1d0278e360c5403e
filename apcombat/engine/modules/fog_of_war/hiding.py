"""R21.3, R21.4: hidden characters and what reveals them.

A hidden character is seen by no enemy (R21.1.1 d). It is revealed (R21.4.2) by `reveal` or `gm reveal` (a),
at the start of an accepted action R21.3.4 lists (b), as its interruption begins (c), by an enemy beside it
with a clear line at an update (d), by damage, burning or a blast (e), when it is no longer in cover (f), and
when it surrenders or flees (g); each reveal is logged with its reason. One revealed by its own action may
enter an enemy's watch after it; any other is `quietly_revealed` until its own next action (R21.4.3).
"""

from __future__ import annotations

from apcombat.board import cover as board_cover
from apcombat.board.sight import line_of_sight
from apcombat.dice import DiceSource
from apcombat.engine.command_base import Command, CommandError, module_off, unit_by_id
from apcombat.engine.commands import Attack, Jump, LeaveCover, Move, PinDown
from apcombat.engine.events import Event
from apcombat.engine.geometry import grid_of
from apcombat.engine.modules.fog_of_war.commands import Reveal
from apcombat.engine.reactions import react_to
from apcombat.engine.throw_commands import Throw
from apcombat.engine.throwing import article
from apcombat.model import Cell, Encounter, Unit
from apcombat.model.encounter import with_state
from apcombat.model.fates import Fate
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value

ATTACK_WORDS = {"shoot": "it shoots", "dual": "it shoots", "flame": "it fires its flamer", "melee": "it attacks"}


def reveal(state: Encounter, unit_id: str, reason: str, events: list[Event] | None, quietly: bool = True) -> Encounter:
    """R21.4.2: `unit_id` stops being hidden, logged "Rat is revealed: REASON" (nothing when it is not
    hidden). `quietly` (R21.4.3): revealed by anything but its own action, it enters no watch until its own
    next action."""
    unit = state.unit(unit_id)
    if not unit.hidden:
        return state
    if events is not None:
        text = f"{unit.name} is revealed: {reason}"
        events.append(Event("reveal", text, {"reason": reason, "quietly": quietly}, unit=unit_id))
    return state.with_unit(with_state(unit, FOG, hidden=False, quietly_revealed=quietly))


def refuse_hidden_target(attacker: Unit, target: Unit) -> None:
    """R21.3.1, R21.4.4: no attack can name a hidden enemy — refused in R21.5.1's words for an enemy out of
    sight, which tell nothing (in table mode too, R21.7.3)."""
    if target.hidden and target.side != attacker.side:
        raise CommandError(f"{attacker.name} sees no enemy {target.id} (R21.5.1)")


def neighbours(state: Encounter, cell: Cell) -> tuple[Cell, ...]:
    """R21.4.2 (d): the 8 neighbouring cells on squares, 6 on hexes, inside the map."""
    assert state.map is not None
    return tuple(step.to for step in grid_of(state).steps(cell) if state.map.inside(step.to))


def neighbour_finding(state: Encounter, unit: Unit) -> Unit | None:
    """R21.4.2 (d): the first enemy (in the encounter's order) in the fight, not unconscious, in a cell beside
    the unit's with a clear line between the two cells; None on no map or with none."""
    if state.map is None or unit.at is None:
        return None
    beside = set(neighbours(state, unit.at))
    grid = grid_of(state)
    for enemy in state.units:
        if enemy.side == unit.side or enemy.at not in beside or enemy.down or enemy.unconscious_rounds > 0:
            continue
        assert enemy.at is not None
        if line_of_sight(state.map, grid, enemy.at, unit.at):
            return enemy
    return None


def reveal_by_neighbours(state: Encounter, events: list[Event] | None) -> Encounter:
    """R21.4.2 (d), step (1) of every update (R21.1.3): a hidden character with an enemy in the fight, not
    unconscious, in a neighbouring cell and a clear line between them is revealed, in the encounter's order."""
    if state.map is None:
        return state  # R21.7.3: without a map the game master says it with `gm reveal`
    for unit in state.units:
        if not unit.hidden:
            continue
        enemy = neighbour_finding(state, unit)
        if enemy is not None:
            assert enemy.at is not None
            reason = f"{enemy.name} stands beside it at {enemy.at[0]},{enemy.at[1]} (R21.4.2 d)"
            state = reveal(state, unit.id, reason, events)
    return state


def in_cover_there(state: Encounter, unit: Unit) -> bool:
    """R21.3.2: in cover, and on a map with a hip-high obstacle (wall, hut's wall, low obstacle, crates)
    beside its cell (R9.1)."""
    if not unit.in_cover:
        return False
    if state.map is None or unit.at is None:
        return True
    return board_cover.can_take_cover(state.map, grid_of(state), unit.at)


def reveal_by_change(before: Encounter, state: Encounter, events: list[Event]) -> Encounter:
    """R21.4.2 (e)-(g), at the end of an action, a burn or an end-of-round step (and after a game master's
    command): a hidden character it damaged, set burning or caught in a blast; one no longer in cover; one
    that surrendered or fled (or is otherwise out of the fight)."""
    was = {unit.id: unit for unit in before.units}
    for unit in state.units:
        if not unit.hidden:
            continue
        then = was.get(unit.id)
        reason = _change_reason(state, then, unit)
        if reason is not None:
            state = reveal(state, unit.id, reason, events)
    return state


def _change_reason(state: Encounter, then: Unit | None, unit: Unit) -> str | None:
    if unit.fate is Fate.SURRENDERED:
        return "it surrenders (R21.4.2 g)"
    if unit.fate is Fate.FLED:
        return "it flees (R21.4.2 g)"
    if then is not None and unit.hp < then.hp:
        return "it is hurt (R21.4.2 e)"
    if unit.burning is not None and (then is None or then.burning is None):
        return "it is set on fire (R21.4.2 e)"
    if unit.down:
        return "it is out of the fight (R21.4.2 e)"
    if not in_cover_there(state, unit):
        return "it is no longer in cover (R21.4.2 f)"
    return None


def reveal_at_start(state: Encounter, command: Command, events: list[Event]) -> Encounter:
    """R21.4.2 (b), R21.3.4: a hidden character that moves, jumps, leaves cover, attacks, throws or pins is revealed
    at the start of the action, before its AP and dice (a refused command reveals nothing: `apply` keeps no
    state it refused). Any own action of a quietly revealed character ends its quiet (R21.4.3)."""
    who = command.who
    if who is None:
        return state
    unit = state.unit(who)
    if unit.quietly_revealed and not isinstance(command, Reveal):
        state = state.with_unit(with_state(unit, FOG, quietly_revealed=False))
    reason = _action_reason(state, command)
    if unit.hidden and reason is not None:
        state = reveal(state, who, f"{reason} (R21.4.2 b)", events, quietly=False)
    return state


def _action_reason(state: Encounter, command: Command) -> str | None:
    if isinstance(command, Move):
        return "it runs" if command.run else "it moves"
    if isinstance(command, Jump):
        return "it jumps"
    if isinstance(command, LeaveCover):
        return "it leaves cover"
    if isinstance(command, Attack):
        return ATTACK_WORDS.get(command.kind, "it attacks")
    if isinstance(command, PinDown):
        return f"it pins {_name(state, command.target)} down"
    if isinstance(command, Throw):
        return _throws(state, command)  # R21.3.4: a throw (R22)
    return None


def _throws(state: Encounter, command: Throw) -> str:
    """ "it throws a frag grenade": the item by its name when the thrower carries it (a refused throw reveals
    nothing: `apply` keeps no state it refused)."""
    stock = state.unit(command.unit).thrown_stock(command.item)
    name = stock.weapon.name.lower() if stock is not None else command.item
    return f"it throws {article(name)} {name}"


def _name(state: Encounter, unit_id: str) -> str:
    return next((unit.name for unit in state.units if unit.id == unit_id), unit_id)


def reveal_command(state: Encounter, command: Reveal, dice: DiceSource, events: list[Event]) -> Encounter:
    """R21.4.1 `reveal WHO`: in WHO's own turn, 0 AP, no action (nothing closes: not R7.3's chain, R13.3's
    delay, R16.1's watch or R17.1's pin); refused when WHO is not hidden."""
    if not state.module_on(FOG):
        raise module_off("reveal", Module.FOG_OF_WAR, "R21.4.1")
    unit = unit_by_id(state, command.unit)
    if not unit.hidden:
        raise CommandError(f"{unit.name} is not hidden (R21.4.1)")
    return reveal(state, unit.id, "it shows itself (R21.4.2 a)", events, quietly=False)


def enters_no_watch(unit: Unit) -> bool:
    """R21.3.1, R21.4.3: a hidden character never enters a watch; one revealed by anything but its own action
    enters none until its own next action."""
    return unit.hidden or unit.quietly_revealed


def watch_after_own_reveal(before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R21.4.3: `reveal WHO` and the actions of R21.4.2 (b) are WHO's own: after them it may enter an enemy's
    watch — it stands visible in a watched cell now and did not (being hidden) just before — while its turn
    goes on and no interruption runs."""
    acting = state.active
    if acting is None or state.interrupt is not None or before.active != acting:
        return state
    was = next((unit for unit in before.units if unit.id == acting), None)
    now = state.unit(acting)
    if was is None or not was.hidden or now.hidden or now.quietly_revealed or not now.standing:
        return state
    return react_to(state, acting, frozenset(), dice, events)[0]
