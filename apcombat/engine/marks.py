"""Who is who at a glance: each unit's mark (its side's letter and a number, `R1`, `R2` ...) and the flags a
screen draws next to it (in cover, watching, pinned, ...).

A mark is worked out from what does not change during a fight: the order of the sides and of the units in
the encounter (units are never reordered or removed; one that fled or died keeps its place). So the map, the
panels, the replay, the players' view and a saved game all give a unit the same mark, from the first round
to the last. A unit added later (issue 28) comes after the others in the encounter and takes the next number
of its side: no other unit's mark changes.

- A side's letter is the first letter of its name (after an article: The Kings are K); when an earlier
  side has it, the next letter of its name that no earlier side has, else the first free letter.
- Its units are numbered 1 to 9 in the encounter's order, then go on with the letters A to Z without I and O
  (they read as 1 and 0): 33 marks. A side with more units than that takes a second letter, the first one no
  side has, and numbers again from 1 — every mark stays two characters and unique.
"""

from __future__ import annotations

from apcombat.model import Encounter, Unit
from apcombat.model.fates import Fate, MoraleState

UNIT_NUMBERS = "123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ARTICLES = ("the", "a", "an")

FLAGS = ("cover", "watching", "pinned", "suppressed", "stunned", "shaken", "broken", "burning", "down")
"""The flags of `unit_flags`, in the order a screen shows them: the first ones when room is short."""


def side_letters(state: Encounter) -> dict[str, str]:
    """The letter of every side, by side id (module note): distinct, capitals."""
    taken: set[str] = set()
    letters: dict[str, str] = {}
    for side in state.sides:
        words = side.name.split()
        if len(words) > 1 and words[0].lower() in ARTICLES:  # "The Kings" are K
            words = words[1:]
        own = [ch.upper() for ch in f"{''.join(words)}{side.id}" if ch.isascii() and ch.isalpha()]
        letter = next(ch for ch in [*own, *ALPHABET, *"0123456789"] if ch not in taken)
        taken.add(letter)
        letters[side.id] = letter
    return letters


def unit_marks(state: Encounter) -> dict[str, str]:
    """The mark of every unit, by unit id: two characters, its side's letter and a number (module note). On a
    side's view (the fog of war, R21.8) its enemies are numbered in the order the side first saw them: the
    marks stay the same as enemies come into sight, and tell nothing of those it never saw."""
    letters = side_letters(state)
    places = _places(state)
    spare = [ch for ch in ALPHABET if ch not in letters.values()]
    extra: dict[tuple[str, int], str] = {}  # (side, block of 33) -> the spare letter it took
    marks: dict[str, str] = {}
    for unit in sorted(state.units, key=lambda unit: places[unit.id]):
        block, number = divmod(places[unit.id], len(UNIT_NUMBERS))
        if block == 0:
            letter = letters.get(unit.side, "?")
        else:
            letter = extra.get((unit.side, block), "")
            if not letter:
                letter = extra[(unit.side, block)] = spare.pop(0) if spare else "?"
        marks[unit.id] = letter + UNIT_NUMBERS[number]
    return marks


def _places(state: Encounter) -> dict[str, int]:
    """Each unit's place in its side's numbering: the encounter's order; on a side's view, its enemies in the
    order the side first saw them (`ever_seen`) — one it saw and sees no more keeps its number from others
    (with one enemy side, whose it is goes without saying), so no mark changes as enemies go out of sight and
    come back, and those never seen take no number."""
    counts: dict[str, int] = {}
    places: dict[str, int] = {}

    def number(unit_id: str, side: str) -> None:
        places[unit_id] = counts.get(side, 0)
        counts[side] = places[unit_id] + 1

    if state.view_of is not None:
        side_of = {unit.id: unit.side for unit in state.units}
        enemies = [side.id for side in state.sides if side.id != state.view_of]
        for unit_id in state.side(state.view_of).ever_seen:
            side = side_of.get(unit_id, enemies[0] if len(enemies) == 1 else None)
            if side is not None and side != state.view_of:
                number(unit_id, side)
    for unit in state.units:
        if unit.id not in places:
            number(unit.id, unit.side)
    return places


def unit_flags(state: Encounter, unit: Unit) -> tuple[str, ...]:
    """What a glance at the unit should tell, from FLAGS in their order: in cover (R10), on watch (R16),
    pinned by an enemy's covering fire (R17), holding suppression markers (R18.4), stunned, shaken or broken
    (R18.2.1, R18.1.3), burning (R6.2), down or otherwise out of the fight (R12.2, R18)."""
    if unit.down or unit.fate is not Fate.NONE:
        return ("down",)
    flags = []
    if unit.in_cover:
        flags.append("cover")
    if unit.watch is not None:
        flags.append("watching")
    if any(other.pin is not None and other.pin.target == unit.id and not other.down for other in state.units):
        flags.append("pinned")
    if unit.markers:
        flags.append("suppressed")
    if unit.stunned:
        flags.append("stunned")
    if unit.morale is MoraleState.SHAKEN:
        flags.append("shaken")
    if unit.morale is MoraleState.BROKEN:
        flags.append("broken")
    if unit.burning is not None:
        flags.append("burning")
    return tuple(flags)
