"""Table mode's throw (R22.9): `throw WHO ITEM at Ncm [lean]` rolls the throw and says in the table's words where
it lands, then waits (`Encounter.blast_waiting`) for the game master's `gm blast [WHO=BAND[/covered] ...]`,
which names who lies under the template; the blast then goes off as on a map (`throwing.blast_lands`).

The two lines are one action (R22.9.2): while the blast waits every other command but `gm dice` and `undo` is
refused (`refuse_while_waiting`), the casualty d6s and morale tests follow the `gm blast` line, and a re-roll
after it plays both lines again (`ThrowAndBlast`): when the throw's re-rolled die moves the point, the replay
waits for a new `gm blast`.
"""

from __future__ import annotations

import attrs

from apcombat.dice import DiceSource
from apcombat.engine import throwing
from apcombat.engine.blast import named_at_the_table
from apcombat.engine.command_base import Command, CommandError, unit_by_id
from apcombat.engine.events import Event
from apcombat.engine.gm_commands import GmDice
from apcombat.engine.throw_commands import GmBlast, Throw
from apcombat.engine.throwing import article, blast_lands, lean_and_throw, thrown_weapon
from apcombat.model import Encounter, Pose, Unit, WaitingBlast, Weapon
from apcombat.model.fates import Fate
from apcombat.model.modules import Module
from apcombat.rules.throw_resolve import CM_PER_M, scatter_words
from apcombat.rules.throwing import reach_m, template_cm


@attrs.frozen
class ThrowAndBlast(Command):
    """R22.9.2, R18.6.2: a table throw and the `gm blast` line that named who was under its template, played
    again together by a re-roll (never typed: the re-roll's base). `named_for` is where that line's template
    lay; a replay that lands elsewhere waits for a new `gm blast`."""

    throw: Throw
    blast: GmBlast
    named_for: WaitingBlast

    @property
    def who(self) -> str | None:
        return self.throw.unit


def throw(state: Encounter, command: Throw, dice: DiceSource, events: list[Event]) -> Encounter:
    """R22.2.1: a throw at a cell of the map (`engine.throwing`), or at a point on the table (R22.9.1)."""
    if state.map is None:
        return throw_at_the_table(state, command, dice, events)
    return throwing.throw(state, command, dice, events)


def throw_at_the_table(state: Encounter, command: Throw, dice: DiceSource, events: list[Event]) -> Encounter:
    """R22.9.1: the throw at a point N cm away — reach, lean, covering fire, the AP and item, the d100 and on a
    miss the d8 and 2d6 — then the table's words for where it lands, and the blast waits (R22.9.2)."""
    if command.distance_cm is None:
        raise CommandError(
            f"table mode: say how far the point is, e.g. throw {command.unit} {command.item} at 12cm (R22.9.1)"
        )
    thrower = state.unit(command.unit)
    weapon = thrown_weapon(thrower, command.item)
    _refuse_reach(thrower, weapon, command.distance_cm)
    _refuse_lean(thrower, command.lean)
    state, plan, landing = lean_and_throw(state, command, dice, events)
    if landing is None:
        return state
    hit = landing.scatter is None
    waiting = WaitingBlast(
        thrower.id,
        weapon.id,
        plan.distance_m,
        lean=plan.lean,
        hit=hit,
        direction=None if hit else landing.direction,
        cells=0 if hit else landing.cells,
    )
    events.append(_waiting_event(thrower, weapon, waiting))
    # R16.2: no watch at the table (a watch needs the map's cells), so a lean-out throw enters none.
    return attrs.evolve(state, blast_waiting=waiting)


def _refuse_reach(thrower: Unit, weapon: Weapon, distance_cm: float) -> None:
    """R22.2.3, R22.9.1: at most 3 x ST m (9 x ST cm), and never beyond the weapon's farthest range."""
    most = reach_m(weapon, thrower.character.special.ST) * CM_PER_M
    if distance_cm > most + 1e-9:
        strength = thrower.character.special.ST
        why = f"9 × ST {strength} cm" if most < weapon.ranges.extreme.max * CM_PER_M else "its farthest range"
        name = weapon.name.lower()
        raise CommandError(f"{thrower.name} throws {article(name)} {name} at most {most:g} cm ({why}, R22.2.3)")


def _refuse_lean(thrower: Unit, lean: bool) -> None:
    """R22.2.5 at the table: the game master says who is in cover (`cover WHO`); from cover only leaning out."""
    if lean and not thrower.in_cover:
        raise CommandError(f"leaning out (R9.5) needs {thrower.name} in cover (R22.2.5)")
    if not lean and thrower.in_cover:
        raise CommandError(f"{thrower.name} is in cover: lean out (+1 AP) or leave cover to throw (R22.2.5)")


def table_words(waiting: WaitingBlast, weapon: Weapon) -> str:
    """R22.9.1: where the throw lands in the table's words, and the template to lay there (E22.7: "scatters 2
    cells (6 cm) to the table's south: lay the template there (2, 4 and 6 cm) and name who is under it")."""
    if waiting.hit or waiting.direction is None:
        where = "lands on the point"
    elif waiting.cells == 0:
        where = "lands on the point (it scatters 0 cells)"
    else:
        where = scatter_words(waiting.cells, waiting.direction)
    assert weapon.blast is not None
    inner, middle, outer = (f"{radius:g}" for radius in template_cm(weapon.blast))
    return f"{where}: lay the template there ({inner}, {middle} and {outer} cm) and name who is under it (gm blast)"


def _waiting_event(thrower: Unit, weapon: Weapon, waiting: WaitingBlast) -> Event:
    words = table_words(waiting, weapon)
    text = f"{thrower.name}'s {weapon.name.lower()} {words} (R22.9)"
    data = {
        "item": weapon.id,
        "hit": waiting.hit,
        "direction": waiting.direction.value if waiting.direction else None,
        "cells": waiting.cells,
        "scatter_cm": waiting.cells * CM_PER_M,
        "template_cm": list(template_cm(weapon.blast)) if weapon.blast else None,
    }
    return Event("blast_waiting", text, data, unit=thrower.id)


def waiting_words(state: Encounter) -> str | None:
    """R22.9.1: the throw waiting for its blast in the table's words ("Ana's frag grenade scatters 2 cells (6 cm)
    to the table's south: lay the template there (2, 4 and 6 cm) and name who is under it (gm blast)"), or
    None when no blast waits."""
    waiting = state.blast_waiting
    if waiting is None:
        return None
    weapon = _weapon_of(state, waiting)
    return f"{state.unit(waiting.thrower).name}'s {weapon.name.lower()} {table_words(waiting, weapon)}"


def waiting_refusal(state: Encounter) -> str:
    """R22.9.2's sentence for any command but `gm blast`, `gm dice` and `undo` while a blast waits."""
    waiting = state.blast_waiting
    assert waiting is not None
    thrower = state.unit(waiting.thrower)
    return f"the blast of {thrower.name}'s {_weapon_of(state, waiting).name.lower()} is waiting for gm blast (R22.9.2)"


def refuse_while_waiting(state: Encounter, command: Command) -> None:
    """R22.9.2: while a table throw waits for its blast, only `gm blast` and `gm dice` are played (`undo` is
    the game's history's)."""
    if state.blast_waiting is not None and not isinstance(command, GmBlast | GmDice):
        raise CommandError(waiting_refusal(state))


def _weapon_of(state: Encounter, waiting: WaitingBlast) -> Weapon:
    """The thrown weapon of the waiting blast (its stock may be spent to none: the item is still known)."""
    stock = state.unit(waiting.thrower).thrown_stock(waiting.item)
    assert stock is not None
    return stock.weapon


def gm_blast(state: Encounter, command: GmBlast, dice: DiceSource, events: list[Event]) -> Encounter:
    """R22.9.2: the game master names who is under the template of the waiting throw; the program applies the
    prone and cover shifts, the men down killed, the damage once and the modules' steps (R22.7.1 (3)-(6))."""
    if state.map is None and state.blast_waiting is None:
        raise CommandError("no throw is waiting for its blast: gm blast follows a throw at the table (R22.9.2)")
    if state.map is not None:
        raise CommandError("gm blast is for table mode: on a map the program finds whom the blast reaches (R22.9.2)")
    waiting = state.blast_waiting
    assert waiting is not None
    seen: set[str] = set()
    for named in command.caught:
        unit = unit_by_id(state, named.unit)
        if unit.id in seen:
            raise CommandError(f"{unit.name} is named twice: name each character once (R22.9.2)")
        seen.add(unit.id)
        if unit.down and unit.fate is not Fate.MAN_DOWN:
            raise CommandError(
                f"{unit.name} is out of the fight: a blast catches characters in the fight and men down (R22.5.5)"
            )
    weapon = _weapon_of(state, waiting)
    # R22.6.2, R22.9.2: with fires spreading, a burning weapon's `inner` names one where a fire catches
    fires_catch = weapon.burns and state.module_on(Module.FIRE_SPREAD)
    caught = named_at_the_table(state, ((c.unit, c.band, c.covered) for c in command.caught), fires_catch)
    events.append(_named_event(state, command, weapon))
    state = attrs.evolve(state, blast_waiting=None)
    return blast_lands(state, waiting.thrower, weapon, None, caught, frozenset(), dice, events)


def _named_event(state: Encounter, command: GmBlast, weapon: Weapon) -> Event:
    """The log's line of who the game master named under the template."""
    names = [f"{state.unit(c.unit).name} {c.band.value}{' (covered)' if c.covered else ''}" for c in command.caught]
    under = ", ".join(names) if names else "nobody"
    text = f"The game master names who is under the {weapon.name.lower()}'s template: {under} (R22.9.2)"
    unsheltered = [
        state.unit(c.unit).name
        for c in command.caught
        if c.covered and not state.unit(c.unit).in_cover and state.unit(c.unit).pose is not Pose.PRONE
    ]
    if unsheltered:  # R22.5.3 (b): only a character in cover (or prone) behind the obstacle is shifted
        text += f"; {' and '.join(unsheltered)}, not in cover, moves no band for /covered (R22.5.3)"
    data = {"caught": [{"unit": c.unit, "band": c.band.value, "covered": c.covered} for c in command.caught]}
    return Event("gm_blast", text, data)


def throw_and_blast(state: Encounter, command: ThrowAndBlast, dice: DiceSource, events: list[Event]) -> Encounter:
    """R22.9.2, R18.6.2: a re-roll plays the throw again; when it lands where the template lay, the `gm blast`
    line's names stand and the blast goes off, else the replay waits for a new `gm blast`."""
    state = throw_at_the_table(state, command.throw, dice, events)
    if state.blast_waiting != command.named_for:
        return state  # the point moved (or the thrower fell to covering fire)
    return gm_blast(state, command.blast, dice, events)
