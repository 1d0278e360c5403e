"""Re-roll points (R18.6) in play: the dice of the action just played, numbered for the log, and
`reroll SIDE N`, which plays that action again from the state before it with die N rolled anew.

While the module is on, `apply` records every die of a command (`Recorder`) and keeps them in the state
(`Encounter.rolls`) with what a re-roll needs (`RerollBase`: the state before the command and the command).
`gm dice` keeps the window open (a game master queues the physical die for the re-roll); every other command
closes it and opens its own. A refused command changes nothing, so it does not close it either.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from apcombat.dice import DiceRequest, DiceSource
from apcombat.engine.command_base import Command, CommandError, module_off
from apcombat.engine.events import Event
from apcombat.engine.modules.rerolls.commands import Reroll
from apcombat.engine.part import die_shown, parts_on
from apcombat.engine.table_throw import ThrowAndBlast
from apcombat.engine.throw_commands import GmBlast, Throw
from apcombat.model import Encounter, RolledDie
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

REROLL_COST = 2  # R18.6.1

Apply = Callable[[Encounter, Command, DiceSource], tuple[Encounter, list[Event]]]


@attrs.frozen
class RerollBase:
    """R18.6.2: what playing the action again needs — the state before it (without a base of its own, so
    states never chain) and the command."""

    before: Encounter
    command: Command


def on(state: Encounter) -> bool:
    return state.module_on(Module.REROLLS)


def _key(sides: int, purpose: str, notation: str, owner: str) -> tuple[int, str, str, str]:
    return (sides, purpose, notation, owner)


class Recorder:
    """A dice source that passes every request on and numbers each die it gives, in order, from 1."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.rolls: list[RolledDie] = []

    def roll(self, request: DiceRequest) -> int:
        value = self.dice.roll(request)
        die = RolledDie(
            place=len(self.rolls) + 1,
            sides=request.sides,
            purpose=request.purpose,
            value=value,
            notation=request.notation,
            owner=request.owner,
            needed=request.at_most,
        )
        self.rolls.append(die)
        return value


class KeptDice:
    """R18.6.2: the dice of the action played again — every die rolled for the same purpose as in the play
    before keeps its value (the n-th die of a purpose keeps the n-th value), die `place` is rolled anew, and a
    die for a purpose the play before did not have is rolled anew; one no longer needed is never asked for."""

    def __init__(self, first: tuple[RolledDie, ...], place: int, dice: DiceSource) -> None:
        self.kept: dict[tuple[int, str, str, str], list[RolledDie]] = {}
        for die in first:
            self.kept.setdefault(_key(die.sides, die.purpose, die.notation, die.owner), []).append(die)
        self.place = place
        self.dice = dice
        self.new_value: int | None = None

    def roll(self, request: DiceRequest) -> int:
        queue = self.kept.get(_key(request.sides, request.purpose, request.notation, request.owner))
        if queue:
            die = queue.pop(0)
            if die.place != self.place:
                return die.value
            self.new_value = self.dice.roll(request)
            return self.new_value
        return self.dice.roll(request)


def close_and_open(state: Encounter, before: Encounter, command: Command, rolls: list[RolledDie]) -> Encounter:
    """After a command played with the module on: its dice are the ones a re-roll may name now (after `gm
    blast`, the table throw's and the blast's, R22.9.2)."""
    before, command, rolls = _with_the_throw(before, command, rolls)
    base = RerollBase(before=with_state(before, Module.REROLLS, reroll_base=None), command=command)
    return with_state(state, Module.REROLLS, rolls=tuple(rolls), reroll_base=base)


def _with_the_throw(
    before: Encounter, command: Command, rolls: list[RolledDie]
) -> tuple[Encounter, Command, list[RolledDie]]:
    """R22.9.2: a table throw and its `gm blast` are one action for R18.6.2 — the dice of both lines, numbered
    on from the throw's, and a re-roll plays both again from the state before the throw (`ThrowAndBlast`)."""
    first = before.reroll_base
    waiting = before.blast_waiting
    if not isinstance(command, GmBlast) or waiting is None or not isinstance(first, RerollBase):
        return before, command, rolls
    throw = first.command.throw if isinstance(first.command, ThrowAndBlast) else first.command
    if not isinstance(throw, Throw):
        return before, command, rolls
    count = len(before.rolls)
    joined = [*before.rolls, *(attrs.evolve(die, place=count + die.place) for die in rolls)]
    return first.before, ThrowAndBlast(throw, command, waiting), joined


def owner_side(state: Encounter, die: RolledDie) -> str | None:
    """R18.6.1: the side whose die it is (None: no one's — burn ticks, fires, deck draws, initiative)."""
    if not die.owner:
        return None
    try:
        return state.unit(die.owner).side
    except KeyError:
        return None


def describe_die(die: RolledDie) -> str:
    return f"{die.notation or f'd{die.sides}'} for {die.purpose}"


def rolls_event(state: Encounter) -> Event | None:
    """The log's numbered list of the action's dice, whose each is, so a player can name N (R18.6.2) — only
    while a side holds the points to re-roll a die of its own among them (else it is noise in the log)."""
    if not state.rolls or state.finished:
        return None
    sides = {side for die in state.rolls if (side := owner_side(state, die)) is not None}
    if not any(state.side(side).reroll_points >= REROLL_COST for side in sides):
        return None
    parts = []
    for die in state.rolls:
        side = owner_side(state, die)
        whose = state.side(side).name if side is not None else "no one's"
        parts.append(f"{die.place}: {describe_die(die)} = {die.value} ({whose})")
    text = "dice of this action, for a re-roll (reroll SIDE N, R18.6.2): " + "; ".join(parts)
    return Event("rolls", text, {"dice": [attrs.asdict(die) for die in state.rolls]})


def shown_places(state: Encounter, side_id: str) -> list[int]:
    """The places of the action's dice that `side_id` is shown, in order: its die N is the N-th (R21.8.3; with
    the fog of war off, every die, so N is R18.6.2's number)."""
    return [die.place for die in state.rolls if die_shown(state, side_id, die.owner or None, die.purpose)]


def rerollable(state: Encounter, side_id: str) -> list[int]:
    """The numbers N, in `side_id`'s numbering, of the dice of the action just played that it may re-roll now
    (R18.6, R21.8.3)."""
    if not on(state) or state.finished or not isinstance(state.reroll_base, RerollBase):
        return []
    try:
        side = state.side(side_id)
    except KeyError:
        return []
    if side.reroll_points < REROLL_COST:
        return []
    places = shown_places(state, side_id)
    return [n for n, place in enumerate(places, 1) if owner_side(state, state.rolls[place - 1]) == side_id]


def reroll(state: Encounter, command: Reroll, dice: DiceSource, apply: Apply) -> tuple[Encounter, list[Event]]:
    """R18.6.2: the side spends 2 points; the action just played is played again from the state before it
    with die `place` rolled anew (`KeptDice`); the new result stands. Refused with the reason otherwise."""
    die = _refusal_or_die(state, command)
    base = state.reroll_base
    side = state.side(command.side)
    kept = KeptDice(state.rolls, die.place, dice)
    start = base.before
    for part in parts_on(state):
        start = part.replay_base(start, state)  # R21.8.8: who the first play revealed starts revealed
    after, replayed = apply(start, base.command, kept)
    for part in parts_on(state):
        after = part.replayed(state, start, after)  # R21.8.8: the marks the first play showed are kept
    left = side.reroll_points - REROLL_COST
    sides = tuple(with_state(s, Module.REROLLS, reroll_points=left) if s.id == side.id else s for s in after.sides)
    after = attrs.evolve(after, sides=sides, ai_dice=state.ai_dice)  # a re-roll asks no AI
    now = f", now {kept.new_value}" if kept.new_value is not None else ""
    text = (
        f"re-roll for {side.name}: die {command.place} ({describe_die(die)}: was {die.value}{now}), {REROLL_COST} "
        f"points spent, {left} left; the action is played again (R18.6.2)"
    )
    data = {"side": side.id, "place": command.place, "was": die.value, "now": kept.new_value, "points": left}
    return after, [Event("reroll", text, data), *replayed]


def _refusal_or_die(state: Encounter, command: Reroll) -> RolledDie:
    """The die named, or CommandError saying in one sentence why the re-roll is refused (R18.6)."""
    if not on(state):
        raise module_off("reroll", Module.REROLLS, "R18.6")
    try:
        side = state.side(command.side)
    except KeyError:
        ids = ", ".join(s.id for s in state.sides)
        raise CommandError(f"no side {command.side!r}: the sides are {ids}") from None
    if state.finished:
        raise CommandError("the fight is over")
    if not isinstance(state.reroll_base, RerollBase) or not state.rolls:
        raise CommandError(
            "no die to re-roll: a re-roll comes right after an action that rolled dice, before any other command "
            "(R18.6.2)"
        )
    places = shown_places(state, side.id)  # R21.8.3: N in the side's numbering, of a die it is shown
    if not places:
        raise CommandError(f"{side.name} is shown no die of the action just played: there is none to re-roll (R21.8.3)")
    if command.place > len(places):
        count = len(places)
        which = "1 die: name 1" if count == 1 else f"{count} dice: name one from 1 to {count}"
        raise CommandError(f"the action just played rolled {which} (R18.6.2)")
    die = state.rolls[places[command.place - 1] - 1]
    whose = owner_side(state, die)
    if whose is None:
        raise CommandError(
            f"die {command.place} ({describe_die(die)}) is no one's: burn ticks, fires, deck draws and initiative dice "
            "are never re-rolled (R18.6.1)"
        )
    if whose != side.id:
        raise CommandError(
            f"die {command.place} ({describe_die(die)}) was rolled for {state.side(whose).name}: a side re-rolls only "
            "its own characters' dice (R18.6.1)"
        )
    if side.reroll_points < REROLL_COST:
        raise CommandError(
            f"{side.name}: {side.reroll_points} re-roll point{'s' if side.reroll_points != 1 else ''} left, "
            f"and a re-roll costs {REROLL_COST} (R18.6.1)"
        )
    return die
