"""R21.8.3: the log a side is shown — after each command, every line gets the sides shown it (`Event.shown_to`)
and, where a side reads it in other words, those words (`Event.told`).

A line's *subject* (`Event.unit`) is the character that acts, tests or rolls in it. Each side's slot counts,
through the command, the enemies it saw at any of its updates, from the one before it (`glimpsed`), and the
cells it saw each of them at (`glimpsed_at`): the side is shown a line whose subject is its own or one of them,
and a move line lists only those cells. An enemy that attacks one of the side's characters is seen for that
action (R21.5.2). Lines about the map, the rounds and the sides' d6 go to every side; what befell one of the
side's characters is told it whoever did it ("an enemy out of sight"), and a throw it did not see as where it
landed (R22.8.4); the turns and deck draws of characters it
does not see become one "Round R — out of sight" line; the rest is left out, `gm` lines always.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from apcombat.engine.command_base import Command
from apcombat.engine.commands import is_gm_command, parse_command
from apcombat.engine.events import Event
from apcombat.engine.modules.fog_of_war.blasts import landing_words
from apcombat.model import Cell, Encounter
from apcombat.model.encounter import with_state
from apcombat.model.modules import Module

FOG = Module.FOG_OF_WAR.value
UNSEEN = "an enemy out of sight"
EVERY_SIDE = frozenset({"round", "victory", "undo", "redo"})
"""Lines every side is shown: the round's start (R18.5.1's d6 and map lines are told below), the verdict."""
BEFALLS = frozenset({"attack", "covering_fire", "pin"})
"""Lines of an enemy's deed that tell what befell one of the side's characters (R21.8.3): named by target."""


def out_of_sight(round_number: int) -> str:
    """R21.8.1: the one line a side is shown for turns (and deck draws) of characters it does not see."""
    return f"Round {round_number} — out of sight"


def glimpses(state: Encounter, was: tuple[tuple[str, Cell], ...], seen: Iterable[str]) -> tuple[tuple[str, Cell], ...]:
    """`glimpsed_at` after an update: the enemies seen at it, at their cells, added to those of the command."""
    cells = set(was)
    for unit in state.units:
        if unit.id in seen and unit.at is not None:
            cells.add((unit.id, unit.at))
    return tuple(sorted(cells))


def begin(state: Encounter) -> Encounter:
    """A command begins: each side has glimpsed, so far, the enemies it saw at the update before it."""
    sides = []
    for side in state.sides:
        fog = side.slots.fog_of_war
        at = glimpses(state, (), fog.seen)
        unchanged = (fog.glimpsed, fog.glimpsed_at) == (fog.seen, at)
        sides.append(side if unchanged else with_state(side, FOG, glimpsed=fog.seen, glimpsed_at=at))
    return attrs.evolve(state, sides=tuple(sides))


@attrs.frozen
class Knowing:
    """What one side knew through a command: its own characters, the enemies it saw (and where), the names it
    may not be told."""

    side: str
    own: frozenset[str]
    seen: frozenset[str]
    seen_at: frozenset[tuple[str, Cell]]
    hidden_names: re.Pattern[str] | None  # the names of enemies it did not see, longest first (None: none)

    def sees(self, unit_id: str | None) -> bool:
        return unit_id is not None and (unit_id in self.own or unit_id in self.seen)

    def unnamed(self, text: str) -> str:
        """The line with each enemy it did not see named "an enemy out of sight"."""
        if self.hidden_names is None:
            return text
        text = self.hidden_names.sub(UNSEEN, text)
        return UNSEEN[0].upper() + text[1:] if text.startswith(UNSEEN) else text


def knowing(after: Encounter, side: str, events: list[Event]) -> Knowing:
    """What `side` knew through the command whose `events` led to `after`."""
    fog = after.side(side).slots.fog_of_war
    own = frozenset(unit.id for unit in after.units if unit.side == side)
    names = {unit.id: unit.name for unit in after.units}
    by_name = {unit.name: unit.id for unit in after.units}
    # R21.5.2: every attack shows its attacker to the target's side for that action
    attackers = {
        event.unit
        for event in events
        if event.kind == "attack" and event.unit is not None and by_name.get(str(event.data.get("target"))) in own
    }
    seen = fog.glimpsed | frozenset(attackers)
    shown = {names[unit_id] for unit_id in own | seen}
    hidden = sorted({name for name in names.values() if name not in shown}, key=len, reverse=True)
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, hidden))})(?!\w)") if hidden else None
    return Knowing(side, own, seen, frozenset(fog.glimpsed_at), pattern)


def tell(before: Encounter, after: Encounter, command: Command, events: list[Event]) -> list[Event]:
    """R21.8.3: the command's events, each with the sides shown it and the words each reads (a `gm` line is
    shown to none, whatever the command)."""
    sides = [knowing(after, side.id, events) for side in after.sides]
    told: list[Event] = []
    last: dict[str, str] = {}  # each side's last line of the command: out-of-sight lines in a row are one
    round_number = before.round
    for event in events:
        if event.kind == "round":
            round_number = int(event.data.get("round", round_number))
        if event.shown_to is not None:  # told already (a re-roll's action played again)
            told.append(event)
            continue
        words: dict[str, str] = {}
        for side in sides:
            said = _words(event, side, before, after, round_number)
            if said is not None and said.endswith("— out of sight") and last.get(side.side) == said:
                said = None
            if said is not None:
                words[side.side] = said
                last[side.side] = said
        told.append(_as_told(event, words))
    return told


def _as_told(event: Event, words: dict[str, str]) -> Event:
    other = tuple((side, said) for side, said in words.items() if said != event.text)
    return attrs.evolve(event, shown_to=frozenset(words), told=other)


def _words(event: Event, side: Knowing, before: Encounter, after: Encounter, round_number: int) -> str | None:
    """What `side` reads of the line, None when it is not shown it."""
    kind, subject = event.kind, event.unit
    if kind == "gm":
        return None
    if kind in EVERY_SIDE or (kind in ("fire", "deck") and subject is None):
        return side.unnamed(event.text)  # R18.3's map, R18.5.1's d6 and choices
    if kind == "initiative":
        return _initiative(event, side)
    if kind == "rolls":
        return _numbered(event, side, after)
    if kind == "reroll" and event.data.get("side") not in (None, side.side):
        # R21.8.3: the die is named in the re-rolling side's numbering, of dice this side may not be shown
        return f"re-roll for {after.side(str(event.data['side'])).name}: the action is played again (R18.6.2)"
    if subject is None or subject in side.own:
        return side.unnamed(event.text)
    if not side.sees(subject):
        if kind in ("turn", "deck"):
            return out_of_sight(round_number)
        if kind in BEFALLS and _target(event, before, after) in side.own:
            return side.unnamed(event.text)  # R21.8.3: what befell its character, by an enemy out of sight
        if kind == "throw":
            return landing_words(event, after)  # R21.8.3, R22.8.4: a blast's landing (the cell only)
        if kind == "dead" and _body_shown(after, side.side, subject):
            return event.text  # R21.2.4, R22.5.5: a man down killed where the side sees the body (it names him)
        return None
    return _seen_enemy(event, side, before, after)


def _seen_enemy(event: Event, side: Knowing, before: Encounter, after: Encounter) -> str | None:
    """A line of an enemy the side saw in the command (R21.8.3, R21.2.5: never its watch, nor a pin on
    another side's character)."""
    kind, name = event.kind, after.unit(str(event.unit)).name
    if kind == "watch" or (kind == "pin" and _target(event, before, after) not in side.own):
        return f"{name} ends its turn"
    if kind == "reaction":
        return None  # its watch's perception test: the watch is never shown to another side
    if kind == "watch_ends":
        pin = before.unit(str(event.unit)).pin if _has(before, event.unit) else None
        return side.unnamed(event.text) if pin is not None and pin.target in side.own else None
    if kind in ("move", "jump"):
        return _moved(event, side, before)
    return side.unnamed(event.text)


def _moved(event: Event, side: Knowing, before: Encounter) -> str | None:
    """R21.8.3: a move line lists only the cells at whose updates the side saw the mover."""
    path = [tuple(cell) for cell in event.data.get("path", ())]
    if not path or event.unit is None:
        return side.unnamed(event.text)
    start = before.unit(event.unit).at if _has(before, event.unit) else None
    cells = ([start] if start is not None else []) + path
    seen = [cell for cell in cells if (event.unit, cell) in side.seen_at]
    if len(seen) == len(cells):
        return side.unnamed(event.text)
    if not seen:
        return None
    how = "runs" if " runs " in event.text else "moves"
    shown = ", ".join(f"{x},{y}" for x, y in seen)
    return side.unnamed(f"{before.unit(event.unit).name} {how}, seen at {shown}")


def _initiative(event: Event, side: Knowing) -> str:
    """R21.8.3: initiative names only the side's characters and the enemies it sees at the start of round 1."""
    rolls = event.data.get("rolls")
    parts = event.text.removeprefix("initiative: ").split("; ")
    if not isinstance(rolls, list) or len(rolls) != len(parts):
        return side.unnamed(event.text)
    pairs = [(part, roll) for part, roll in zip(parts, rolls, strict=True) if side.sees(roll.get("unit"))]
    ties = Counter(_tie(roll) for _, roll in pairs)
    # a roll-off tells of a tie (R13.1): with an enemy left out, it would tell that one is there
    kept = [part if ties[_tie(roll)] > 1 else part.split(" (roll-off ")[0] for part, roll in pairs]
    return "initiative: " + "; ".join(kept) if kept else "initiative: rolled"


def _tie(roll: dict[str, Any]) -> tuple[Any, ...]:
    """What two characters tie on and roll off for (R13.1): total, base and AG."""
    return roll.get("total"), roll.get("base"), roll.get("agility")


def shown_die(after: Encounter, side: str, owner: str | None, purpose: str) -> bool:
    """R21.8.3: whether `side` is shown a die of the command just played — its own characters' dice, those of
    the enemies it saw in it (not a watch's failed perception test), and no one's dice whose purpose names no
    enemy it did not see."""
    fog = after.side(side).slots.fog_of_war
    if owner:
        unit = next((unit for unit in after.units if unit.id == owner), None)
        if unit is None or unit.side == side:
            return True
        if unit.watch is not None and "perception" in purpose:
            return False  # a watch's failed test: the watch is never shown to another side (R21.2.5)
        return owner in fog.glimpsed
    own_or_seen = {unit.name for unit in after.units if unit.side == side or unit.id in fog.glimpsed}
    unseen = {unit.name for unit in after.units} - own_or_seen
    return not any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", purpose) for name in unseen)


def shown_places(after: Encounter, side: str) -> tuple[int, ...]:
    """The places of the last action's dice (`Encounter.rolls`) that `side` is shown, in order: `side`'s die N
    is the N-th of them (R21.8.3)."""
    return tuple(die.place for die in after.rolls if shown_die(after, side, die.owner or None, die.purpose))


def _numbered(event: Event, side: Knowing, after: Encounter) -> str | None:
    """R18.6.2's numbered dice of the action, as `side` numbers them: 1, 2, 3 ... over the dice it is shown."""
    places = shown_places(after, side.side)
    if not places:
        return None
    head, _, listed = event.text.partition(": ")
    try:
        parts = {int(part.split(":", 1)[0]): part.split(":", 1)[1] for part in listed.split("; ")}
    except ValueError:
        return side.unnamed(event.text)
    return f"{head}: " + "; ".join(f"{number}:{parts[place]}" for number, place in enumerate(places, 1))


def _body_shown(after: Encounter, side: str, unit_id: str) -> bool:
    """R21.2.4: the side's picture of an enemy out of the fight shows its fate now — it had the line to the body
    at the update after the command (a man down killed by a blast, R22.5.5, is then told it)."""
    sight = next((s for s in after.side(side).slots.fog_of_war.last_seen if s.unit == unit_id), None)
    unit = next((unit for unit in after.units if unit.id == unit_id), None)
    return sight is not None and unit is not None and sight.fate is unit.fate and sight.round == after.round


def _target(event: Event, before: Encounter, after: Encounter) -> str | None:
    """The character an enemy's deed befell: an attack's target, a pin's, covering fire's (the pin before)."""
    if event.kind == "pin":
        return str(event.data.get("target"))
    if event.kind == "attack":
        name = event.data.get("target")
        return next((unit.id for unit in after.units if unit.name == name), None)
    if event.kind == "covering_fire" and _has(before, event.unit):
        pin = before.unit(str(event.unit)).pin
        return pin.target if pin is not None else None
    return None


def _has(state: Encounter, unit_id: str | None) -> bool:
    return unit_id is not None and any(unit.id == unit_id for unit in state.units)


def tell_game_line(state: Encounter, event: Event) -> Event:
    """R21.8.3, R21.9.3: a line the game adds around a command: an AI's reason goes only to its own side; an
    undo or redo to the side whose command it was (never a game master's)."""
    if event.kind == "ai":
        side = _side_of(state, event.unit) or _chooser(state, str(event.data.get("command", "")))
        return attrs.evolve(event, shown_to=frozenset({side} if side else ()))
    if event.kind in ("undo", "redo"):
        try:
            command = parse_command(str(event.data.get("command", "")))
        except Exception:
            return attrs.evolve(event, shown_to=frozenset())
        if command is None or is_gm_command(command):
            return attrs.evolve(event, shown_to=frozenset())
        side = _side_of(state, command.who)
        return attrs.evolve(event, shown_to=frozenset({side})) if side else event
    return event


def _side_of(state: Encounter, unit_id: str | None) -> str | None:
    return next((unit.side for unit in state.units if unit.id == unit_id), None) if unit_id else None


def _chooser(state: Encounter, line: str) -> str | None:
    """The side a side's choice was made for (`hold SIDE ...`, `last SIDE`, R18.5.1)."""
    words = line.split()
    ids = {side.id for side in state.sides}
    return words[1] if len(words) > 1 and words[1] in ids else None
