"""The game master's words of the core rules (`gm WORD ...`): dice, set, bonus, mod, force, spot, hp, condition,
order, show (a side's HP, or a switch of the players' view), snapshot, back, note, add and remove — each
command's class, parser (the words after `gm WORD`) and formatter (the whole line)."""

from __future__ import annotations

from typing import Any

import attrs

from apcombat.engine.command_base import (
    Command,
    CommandError,
    Form,
    at_most,
    cell_word,
    line_of,
    named,
    need,
    no_more,
    only_who,
    who,
    who_and_whom,
)
from apcombat.engine.numbers import cell, shown_word, whole_number
from apcombat.model import HpShown, Unit, limits, wording
from apcombat.model.battlemap import Cell
from apcombat.model.conditions import BURN_SEQUENCE


@attrs.frozen
class GmDice(Command):
    values: tuple[int, ...]


@attrs.frozen
class GmSet(Command):
    unit: str
    fields: tuple[tuple[str, str], ...]


@attrs.frozen
class GmBonus(Command):
    unit: str
    bonus: int


@attrs.frozen
class GmMod(Command):
    modifier: int


@attrs.frozen
class GmForce(Command):
    hit: bool


@attrs.frozen
class GmSpot(Command):
    """Table mode: the game master says the mover came into the watcher's watch (R16.2)."""

    watcher: str
    mover: str


@attrs.frozen
class GmHp(Command):
    """A quick change of HP: `change` is added (negative: damage), kept between 0 and the unit's most."""

    unit: str
    change: int


CONDITIONS = ("burning", "exhaustion", "unconscious", "head")
"""The conditions `gm condition` sets: burning (R6.2), exhaustion (R14.3), unconscious and a head wound
(R12.1)."""


@attrs.frozen
class GmCondition(Command):
    """Set a condition for `amount` (burns, turns, rounds, or for a head wound AP lost next turn); None: off.
    `penalty` is exhaustion's (R14.3), None to keep the one in force."""

    unit: str
    name: str
    amount: int | None
    penalty: int | None = None


@attrs.frozen
class GmOrder(Command):
    """Move a unit to `place` (1 is first) in the round's initiative order."""

    unit: str
    place: int


@attrs.frozen
class GmShow(Command):
    """How the players' view shows a side's HP from now on: exact, as wound words, or hidden."""

    side: str
    shown: HpShown


SWITCHES = ("reasons", "statuses")
"""What the players' view shows beyond HP, each on or off (`Encounter.players_shown`): the AI's reasons, and
the statuses of enemies whose HP it hides."""


@attrs.frozen
class GmShowSwitch(Command):
    """Whether the players' view shows `switch` (one of SWITCHES) from now on."""

    switch: str
    on: bool


@attrs.frozen
class GmSnapshot(Command):
    """Mark the fight's place in its history under `name`, for `gm back` (a line of the history)."""

    name: str


@attrs.frozen
class GmBack(Command):
    """Undo every command played since the snapshot `name` (redo plays them again): like undo, it belongs to
    the game's history and never enters it."""

    name: str


def note_words(text: str) -> str:
    """A note as a line keeps it: its words, one space between each."""
    return " ".join(text.split())


@attrs.frozen
class GmNote(Command):
    """The game master's note beside a unit's name ("has the key"), kept as typed; "" clears it. Never shown to
    a side (R21.7.4)."""

    unit: str
    text: str = attrs.field(default="", converter=note_words)


NOTE_LENGTH = 120
"""The most characters a note holds: it must fit a line of the unit panel's few rows."""


def note_problem(text: str) -> str | None:
    """What is wrong with a note typed, in one sentence; None when a line keeps it as it is: no `#` (it would
    start a comment) and at most NOTE_LENGTH characters."""
    words = note_words(text)
    if "#" in words:
        return "a note cannot hold #, which starts a comment in a line: write the note without it"
    if len(words) > NOTE_LENGTH:
        return f"the note has {len(words)} characters: shorten it to {NOTE_LENGTH} at most"
    if (found := wording.control_character(words)) is not None:
        return f"a note cannot hold a control character ({found}), which a terminal obeys: write the note without it"
    return None


def _note(args: list[str]) -> GmNote:
    unit = who(args)
    note = GmNote(unit, " ".join(args))
    args.clear()
    if (problem := note_problem(note.text)) is not None:  # a `#` never reaches here: a comment starts there
        raise CommandError(problem)
    return note


@attrs.frozen
class GmAdd(Command):
    """Bring a unit into the fight (reinforcements, a bystander): `new` is its id, made from the character
    `character` of the characters folders, on the side `side` (a new side if there is none with that id), at
    the cell `at` on a map. `arrival` is that unit as the folders built it: not part of the line, the game
    fills it in (from the folders when it is played, from the history when it is played again)."""

    new: str
    character: str
    side: str
    at: Cell | None = None
    arrival: Unit | None = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class GmRemove(Command):
    """A unit leaves the fight (it fled, or its player left the table): out of the fight as one that fled."""

    unit: str


SNAPSHOT_NAME_LENGTH = limits.LONGEST_ID
"""The longest snapshot name, and the longest id a `gm add` line names (the newcomer's, its character's, its
side's): the app cuts an id it makes from a name to it."""
_NAME_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


def _snapshot_name(args: list[str]) -> str:
    need(args, 1, "the snapshot's name")
    name = args.pop(0).lower()
    no_more(args)
    if len(name) > SNAPSHOT_NAME_LENGTH or not name or not set(name) <= _NAME_LETTERS:
        raise CommandError(
            f"{shown_word(name)} is no snapshot name: one word of letters, digits, - and _ (at most "
            f"{SNAPSHOT_NAME_LENGTH})"
        )
    return name


def _id(args: list[str], what: str) -> str:
    """The next word as an id a line names (a new unit's, a side's, a character's): letters, digits, _ and -."""
    need(args, 1, what)
    word = args.pop(0).lower()
    if len(word) > SNAPSHOT_NAME_LENGTH or not set(word) <= _NAME_LETTERS:
        raise CommandError(
            f"{shown_word(word)} is no id: one word of at most {SNAPSHOT_NAME_LENGTH} letters, digits, - and _ "
            f"for {what}"
        )
    return word


def _add(args: list[str]) -> GmAdd:
    new = _id(args, "the newcomer's id (ID)")
    if (why := limits.reserved_id(new)) is not None:
        raise CommandError(f"{shown_word(new)} {why}")
    character = _id(args, "the character (a character's id of the characters folders)")
    side = _id(args, "the side (SIDE: a side's id, or a new one)")
    at = cell(args.pop(0)) if args else None
    no_more(args)
    return GmAdd(new=new, character=character, side=side, at=at)


def _format_add(command: GmAdd) -> str:
    at = cell_word(command.at) if command.at is not None else None
    return line_of("gm add", command.new, command.character, command.side, at)


def _dice(args: list[str]) -> GmDice:
    need(args, 1, "the numbers rolled")
    at_most(args, limits.MOST_DICE_TYPED, "dice", "a burst of 100 rounds rolls fewer, R4.1: the rest on a new line")
    return GmDice(values=tuple(whole_number(word, limits.DIE_FACE, "a die") for word in args))


def _set(args: list[str]) -> GmSet:
    unit = who(args)
    need(args, 1, "FIELD=VALUE")
    pairs = []
    for word in args:
        if "=" not in word:
            raise CommandError(f"{shown_word(word)} is not FIELD=VALUE")
        field, value = word.split("=", 1)
        pairs.append((field.lower(), value))
    return GmSet(unit=unit, fields=tuple(pairs))


def _format_set(command: GmSet) -> str:
    return line_of("gm set", command.unit, *(f"{field}={value}" for field, value in command.fields))


def _bonus(args: list[str]) -> GmBonus:
    unit = who(args)
    need(args, 1, "the bonus")
    bonus = whole_number(args.pop(0), limits.INITIATIVE_BONUS, "the bonus")
    no_more(args)
    return GmBonus(unit=unit, bonus=bonus)


def _mod(args: list[str]) -> GmMod:
    need(args, 1, "the modifier")
    modifier = whole_number(args.pop(0), limits.MODIFIER, "the modifier")
    no_more(args)
    return GmMod(modifier=modifier)


def _force(args: list[str]) -> GmForce:
    need(args, 1, "hit or miss")
    word = args.pop(0).lower()
    no_more(args)
    if word not in ("hit", "miss"):
        raise CommandError(f"{shown_word(word)}: gm force takes hit or miss")
    return GmForce(hit=word == "hit")


def _spot(args: list[str]) -> GmSpot:
    watcher, mover = who_and_whom(args, "the enemy that came into sight")
    return GmSpot(watcher=watcher, mover=mover)


_HP_CHANGE = limits.Limit(-limits.HIT_POINTS.high, limits.HIT_POINTS.high)
_EXHAUSTION_PENALTIES = (10, 20, 40)  # R14.2


def _hp(args: list[str]) -> GmHp:
    unit = who(args)
    need(args, 1, "the change (+N heals, -N hurts)")
    word = args.pop(0)
    no_more(args)
    if not word.startswith(("+", "-")):
        raise CommandError(f"{shown_word(word)}: write the change with its sign, +N to heal or -N to hurt")
    return GmHp(unit=unit, change=whole_number(word, _HP_CHANGE, "the change"))


def _condition(args: list[str]) -> GmCondition:
    unit = who(args)
    need(args, 1, "the condition")
    name = args.pop(0).lower()
    if name not in CONDITIONS:
        raise CommandError(
            f"no condition {shown_word(name)}: the conditions are {', '.join(CONDITIONS[:-1])} and {CONDITIONS[-1]}"
        )
    need(args, 1, "how long (a number) or off")
    word = args.pop(0).lower()
    penalty = None
    if name == "exhaustion" and args and word != "off":
        penalty_word = args.pop(0).lstrip("-")
        penalty = limits.typed_digits(penalty_word)
        if penalty not in _EXHAUSTION_PENALTIES:
            raise CommandError(f"exhaustion's penalty must be 10, 20 or 40 (R14.2), not {shown_word(penalty_word)}")
    no_more(args)
    if word == "off":
        return GmCondition(unit=unit, name=name, amount=None)
    limit, what = CONDITION_AMOUNT[name]
    return GmCondition(unit=unit, name=name, amount=whole_number(word, limit, what), penalty=penalty)


def _format_condition(command: GmCondition) -> str:
    amount = "off" if command.amount is None else str(command.amount)
    penalty = str(command.penalty) if command.penalty is not None else None
    return line_of("gm condition", command.unit, command.name, amount, penalty)


CONDITION_AMOUNT = {
    "burning": (limits.Limit(1, len(BURN_SEQUENCE) - 1), "the burns to come (or off)"),  # R6.2
    "exhaustion": (limits.Limit(1, limits.ROUNDS.high), "exhaustion's turns (or off)"),  # R14.3
    "unconscious": (limits.Limit(1, limits.ROUNDS.high), "the rounds unconscious (or off)"),  # R12.1
    "head": (limits.ACTION_POINTS, "the AP lost next turn (or off)"),  # R12.1
}
"""Each condition's amount: its range, and what a refusal calls it."""


def _order(args: list[str]) -> GmOrder:
    unit = who(args)
    need(args, 1, "the place in the initiative order (1 is first)")
    place = whole_number(args.pop(0), limits.Limit(1, limits.MAP_SIDE), "the place")
    no_more(args)
    return GmOrder(unit=unit, place=place)


def _show(args: list[str]) -> GmShow | GmShowSwitch:
    need(args, 1, "the side, or reasons or statuses")
    what = args.pop(0).lower()
    ways = [way.value for way in HpShown]
    if what in SWITCHES and not (args and args[0].lower() in ways):  # a side may be called reasons
        need(args, 1, "on or off")
        word = args.pop(0).lower()
        no_more(args)
        if word not in ("on", "off"):
            raise CommandError(f"{shown_word(word)}: gm show {what} takes on or off")
        return GmShowSwitch(switch=what, on=word == "on")
    need(args, 1, "how its HP is shown: exact, words or hidden")
    word = args.pop(0).lower()
    no_more(args)
    if word in ("on", "off"):
        raise CommandError(
            f"{shown_word(what)}: only reasons and statuses are turned on or off; a side's HP is exact, words or hidden"
        )
    return GmShow(side=what, shown=named(HpShown, word, word, ": a side's HP is shown exact, words or hidden"))


_SHOW_USAGE = "gm show SIDE exact|words|hidden, or gm show reasons|statuses on|off"


GM_FORMS: tuple[Form[Any], ...] = (
    Form("dice", GmDice, _dice, lambda c: line_of("gm dice", *map(str, c.values)), "gm dice N N ..."),
    Form("set", GmSet, _set, _format_set, "gm set WHO FIELD=VALUE ..."),
    Form("bonus", GmBonus, _bonus, lambda c: line_of("gm bonus", c.unit, str(c.bonus)), "gm bonus WHO N"),
    Form("mod", GmMod, _mod, lambda c: line_of("gm mod", str(c.modifier)), "gm mod N"),
    Form("force", GmForce, _force, lambda c: "gm force " + ("hit" if c.hit else "miss"), "gm force hit|miss"),
    Form("spot", GmSpot, _spot, lambda c: line_of("gm spot", c.watcher, c.mover), "gm spot WATCHER MOVER"),
    Form("hp", GmHp, _hp, lambda c: line_of("gm hp", c.unit, f"{c.change:+d}"), "gm hp WHO +N|-N"),
    Form("condition", GmCondition, _condition, _format_condition, "gm condition WHO NAME N|off [PENALTY]"),
    Form("order", GmOrder, _order, lambda c: line_of("gm order", c.unit, str(c.place)), "gm order WHO PLACE"),
    Form("show", GmShow, _show, lambda c: line_of("gm show", c.side, c.shown.value), _SHOW_USAGE),
    # One word, two classes: the parser tells them apart by the last word (on|off, or how HP is shown).
    Form("show", GmShowSwitch, _show, lambda c: line_of("gm show", c.switch, "on" if c.on else "off"), _SHOW_USAGE),
    Form(
        "snapshot",
        GmSnapshot,
        lambda a: GmSnapshot(_snapshot_name(a)),
        lambda c: f"gm snapshot {c.name}",
        "gm snapshot NAME",
    ),
    Form("back", GmBack, lambda a: GmBack(_snapshot_name(a)), lambda c: f"gm back {c.name}", "gm back NAME"),
    Form("note", GmNote, _note, lambda c: line_of("gm note", c.unit, c.text), "gm note WHO [TEXT]"),
    Form("add", GmAdd, _add, _format_add, "gm add ID CHARACTER SIDE [X,Y]"),
    Form("remove", GmRemove, only_who(GmRemove), lambda c: line_of("gm remove", c.unit), "gm remove WHO"),
)
"""The game master's words of the core rules: each form's word is the one after `gm`."""
