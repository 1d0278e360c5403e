"""`apply(state, command, dice) -> (state, events)`: the one way the fight changes.

Round 0 is set-up (game-master commands only); the first other command rolls initiative and starts round 1.
Only the active unit acts — during an interrupt, the watcher. A delayed unit (R13.3) may step in when the
active unit has not spent anything yet.
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceError, DiceSource
from apcombat.engine import attacks, equipment, jumping, movement, table_throw
from apcombat.engine.aftermath import aftermath
from apcombat.engine.command_base import unit_by_id
from apcombat.engine.commands import (
    Attack,
    ChangePose,
    Command,
    CommandError,
    Delay,
    End,
    Jump,
    LeaveCover,
    Move,
    PinDown,
    React,
    Redo,
    Reload,
    Start,
    Swap,
    TakeCover,
    Throw,
    Turn,
    Undo,
    is_gm_command,
)
from apcombat.engine.events import Event
from apcombat.engine.gm import GM_HANDLERS
from apcombat.engine.part import Handler, installed, parts_on
from apcombat.engine.reactions import refuse_while_interrupting
from apcombat.engine.turns import end_interruption, end_turn, next_turn, roll_initiative, start_round
from apcombat.engine.upkeep import close_moves
from apcombat.engine.victory import check_victory
from apcombat.model import Encounter

HANDLERS: dict[type, Handler] = {
    Move: movement.move,
    Turn: movement.turn,
    ChangePose: movement.change_pose,
    TakeCover: movement.take_cover,
    LeaveCover: movement.leave_cover,
    Jump: jumping.jump,
    Attack: attacks.attack,
    React: attacks.react,
    PinDown: attacks.pin,
    Throw: table_throw.throw,
    table_throw.ThrowAndBlast: table_throw.throw_and_blast,  # R22.9.2: a re-roll's replay of both lines
    Reload: equipment.reload,
    Swap: equipment.swap,
}
"""The core's commands of a unit's turn; the modules' are their parts' (`_handler`)."""


def apply(state: Encounter, command: Command, dice: DiceSource) -> tuple[Encounter, list[Event]]:
    """Apply one command. An illegal command raises CommandError and changes nothing.

    R18.6: with re-roll points on, every die of the command is recorded and numbered in the log, and the state
    keeps what a `reroll` right after it needs (`gm dice` leaves the last action's dice as they are)."""
    events: list[Event] = []
    table_throw.refuse_while_waiting(state, command)  # R22.9.2: the blast of a table throw comes first
    for part in parts_on(state):
        state = part.command_begins(state, command)  # R21.8.3: what each side glimpses in it
    own = next((play for part in installed() if (play := part.own_apply.get(type(command))) is not None), None)
    recorders = [
        (part, recorder) for part in parts_on(state) if (recorder := part.recorder(state, command, dice)) is not None
    ]
    played_with = recorders[-1][1] if recorders else dice
    try:
        if own is not None:
            after, events = own(state, command, dice, apply)
            return after, _told(state, after, command, events)
        after = _apply(state, command, played_with, events)
    except DiceError as error:
        raise CommandError(str(error)) from None
    for part, recorder in recorders:
        after = part.recorded(after, state, command, recorder, events)
    gm = is_gm_command(command)
    for part in parts_on(after):
        after = part.after_command(after, command, gm)
    return after, _told(state, after, command, events)


def _told(before: Encounter, after: Encounter, command: Command, events: list[Event]) -> list[Event]:
    """R21.8.3: the command's lines with the sides shown each (the modules that are on tell them)."""
    for part in parts_on(after):
        events = part.tell(before, after, command, events)
    return events


def _apply(state: Encounter, command: Command, dice: DiceSource, events: list[Event]) -> Encounter:
    if isinstance(command, (Undo, Redo)):
        raise CommandError("undo and redo belong to a game's history, not to one state")
    if is_gm_command(command):
        for part in parts_on(state):
            part.refuse_gm(state, command)  # R21.7.3: `gm spot` names no hidden character
        before = state
        state = _handler(command, GM_HANDLERS)(state, command, dice, events)
        state = aftermath(before, state, dice, events)  # R18.2.1, R18.1.2: a game master's damage too
        state = _after_action(state, dice, events)  # an override may down the acting unit: its turn ends
        return check_victory(state, events) if state.round else state  # R18: a surrender or flight too
    if state.finished:
        raise CommandError("the fight is over")
    if state.round == 0:
        state = roll_initiative(state, dice, events)
        state = start_round(state, 1, dice, events)
        if state.finished or isinstance(command, Start):
            return state
    elif isinstance(command, Start):
        raise CommandError("the fight has already begun")
    if any(isinstance(command, part.side_commands) for part in installed()):
        for part in parts_on(state):
            part.refuse_unknown(state, command)  # R21.5.1
        return _handler(command, {})(state, command, dice, events)  # R18.5.1: a side's choice between turns
    waiting = [part for part in parts_on(state) if part.waiting_for_sides(state)]
    if waiting:  # R18.5.1: play begins; a side that chose no card holds its first character's
        for part in waiting:
            state = part.stop_waiting(state, events)
        state = next_turn(state, dice, events)
        if state.finished:
            return state
    for part in parts_on(state):
        part.refuse_unknown(state, command)  # R21.5.1: a unit the side does not know of is refused unnamed
    state = _step_in_if_delayed(state, command, events)
    if isinstance(command, End):
        if state.active is not None:
            _refuse(state, command, state.active)  # R18.1.3: the broken run while they can
        return _end(state, dice, events)
    _check_actor(state, command)
    if not command.only_sight:
        _refuse(state, command, command.who)  # R18.2.1 stunned, R18.1.3 shaken and broken, R18.5.3 no delay
    if isinstance(command, Delay):
        return _delay(state, dice, events)
    before = state
    for part in parts_on(state):
        state = part.before_action(state, command, events)  # R21.4.2 (b): a hidden actor is revealed first
    state = _handler(command, HANDLERS)(state, command, dice, events)
    state = aftermath(before, state, dice, events)  # R18.2.1 casualty d6s, R18.1.2 morale tests
    if isinstance(command, Move) and state.active is not None:
        for part in parts_on(state):
            state = part.after_move(state, state.active, events)  # R18.1.3: the broken flee at their edge
    return check_victory(_after_action(state, dice, events), events)


def _handler(command: Command, core: dict[type, Handler]) -> Handler:
    """The core's handler of the command, or the module's that added it."""
    found = core.get(type(command))
    if found is not None:
        return found
    for part in installed():
        for form in (*part.commands, *part.gm_commands):
            if form.command is type(command) and form.handler is not None:
                return form.handler
    raise KeyError(type(command))


def _refuse(state: Encounter, command: Command, who: str | None) -> None:
    """The modules' refusals of the acting unit's command (CommandError with the reason)."""
    for part in parts_on(state):
        part.refuse(state, command, who)


def _check_actor(state: Encounter, command: Command) -> None:
    who = command.who
    assert who is not None
    unit = unit_by_id(state, who)
    if state.active != who:
        active = state.unit(state.active).name if state.active else "nobody"
        raise CommandError(f"it is not {unit.name}'s turn: {active} is acting")
    refuse_while_interrupting(state, command)


def _step_in_if_delayed(state: Encounter, command: Command, events: list[Event]) -> Encounter:
    """R13.3: a delayed unit takes its turn when no one is acting (the active unit has spent nothing)."""
    who = command.who
    if who is None or who not in state.delayed or state.active is None or state.interrupt is not None:
        return state
    if not state.unit(who).standing:  # down or knocked out since it delayed: the turn is lost
        return state
    active = state.unit(state.active)
    if active.spent_ap:
        return state
    unit = state.unit(who)
    text = f"{unit.name} takes the delayed turn before {active.name} ({unit.ap} AP) (R13.3)"
    events.append(Event("turn", text, unit=who))
    delayed = tuple(d for d in state.delayed if d != who)
    return attrs.evolve(state, active=who, delayed=delayed, pre_empted=active.id)


def _delay(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """R13.3: with no AP spent, take the turn later this round."""
    assert state.active is not None
    unit = state.unit(state.active)
    if unit.spent_ap:
        raise CommandError(f"{unit.name} has already spent AP: only a turn not begun can be delayed (R13.3)")
    events.append(Event("delay", f"{unit.name} delays the turn (R13.3)", unit=unit.id))
    state = state.with_unit(close_moves(unit))  # R7.1, R7.3: delaying is an action other than moving
    remaining = [uid for uid in state.order if uid not in state.taken and uid != unit.id]
    if not remaining:
        events.append(Event("delay", f"nobody is left to act before {unit.name}: the delayed turn is lost"))
        return end_turn(state, dice, events, sacrificed=True)
    state = attrs.evolve(state, active=None, delayed=(*state.delayed, unit.id))
    return next_turn(state, dice, events)


def _end(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """`end`: the active unit's turn ends — or the watcher's interrupt, handing control back (R16.2)."""
    if state.active is None:
        raise CommandError("nobody is acting")
    if state.interrupt is not None:
        watcher = state.unit(state.interrupt.watcher)
        back = state.unit(state.interrupt.interrupted)
        text = f"{watcher.name} ends the interruption; back to {back.name}"
        events.append(Event("interrupt_end", text, unit=watcher.id))
        state = end_interruption(state, watcher.id, dice, events)
        state = attrs.evolve(state, interrupt=None, active=back.id)
        for part in parts_on(state):
            state = part.at_update(state, events)  # R21.1.3: the end of an interruption
        if back.down or not back.standing:
            return end_turn(state, dice, events, sacrificed=True)
        return state
    return end_turn(state, dice, events)


def _after_action(state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
    """An acting unit that went down ends its turn (or its interruption)."""
    if state.finished or state.active is None:
        return state
    if state.unit(state.active).standing:
        return state
    return _end(state, dice, events)
