"""The command language: one command a line, `#` comments. The terminal app, the AI, scripts, tests and
game masters all drive the engine with these.

    move WHO X,Y [X,Y ...] [run]      turn WHO DIR            pose WHO upright|crouched|prone
    cover WHO      uncover WHO        reload WHO              swap WHO       react WHO     delay WHO
    shoot WHO TARGET [aimed LOCATION [+N]] [burst] [blind|lean] [at Ncm]
    dual WHO TARGET [burst] [lean] [at Ncm]   flame WHO TARGET [lean] [at Ncm]
    melee WHO TARGET [aimed LOCATION [+N]]
    pin WHO TARGET [at Ncm]           jump WHO X,Y            end    undo    redo    start
    gm dice N N ...   gm set WHO FIELD=VALUE ...   gm bonus WHO N   gm mod N   gm force hit|miss
    gm spot WATCHER MOVER  (table mode: MOVER came into WATCHER's watch, R16.2)
    gm hp WHO +N|-N   gm condition WHO burning|exhaustion|unconscious|head N|off [PENALTY]   gm order WHO PLACE
    gm show SIDE exact|words|hidden  (how the players' view shows the side's HP)
    table mode (no map): move WHO Ncm [run|crouched|prone|climb]   turn WHO DEGREES   jump WHO Ncm
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import attrs

from apcombat.engine.command_base import Command, CommandError
from apcombat.engine.command_base import need as _need
from apcombat.engine.command_base import no_more as _no_more
from apcombat.engine.command_base import who as _who
from apcombat.engine.numbers import (
    WrongInput,
    cell,
    distance_cm,
    is_distance,
    is_whole_number,
    shown_word,
    whole_number,
)
from apcombat.model import BodyLocation, Cell, Facing, FromCover, HpShown, Pose, limits
from apcombat.model.conditions import BURN_SEQUENCE
from apcombat.model.limits import Limit

if TYPE_CHECKING:
    from apcombat.engine.part import CommandForm

_Named = TypeVar("_Named", bound=enum.Enum)


@attrs.frozen
class Move(Command):
    unit: str
    waypoints: tuple[Cell, ...] = ()
    run: bool = False
    distance_cm: float | None = None  # table mode
    manner: str = "walk"  # table mode: walk | run | crouched | prone | climb


@attrs.frozen
class Turn(Command):
    unit: str
    facing: Facing | None = None
    degrees: float | None = None  # table mode


@attrs.frozen
class ChangePose(Command):
    unit: str
    pose: Pose


@attrs.frozen
class TakeCover(Command):
    unit: str


@attrs.frozen
class LeaveCover(Command):
    unit: str


@attrs.frozen
class Attack(Command):
    """shoot, dual, flame and melee."""

    unit: str
    target: str
    kind: str  # shoot | dual | flame | melee
    location: BodyLocation | None = None
    extra_ap: int = 0
    burst: bool = False
    from_cover: FromCover = FromCover.NONE
    distance_cm: float | None = None


@attrs.frozen
class Reload(Command):
    unit: str


@attrs.frozen
class Swap(Command):
    unit: str


@attrs.frozen
class React(Command):
    unit: str


@attrs.frozen
class PinDown(Command):
    unit: str
    target: str
    distance_cm: float | None = None


@attrs.frozen
class Jump(Command):
    unit: str
    to: Cell | None = None
    distance_cm: float | None = None  # table mode


@attrs.frozen
class Delay(Command):
    unit: str


@attrs.frozen
class End(Command):
    pass


@attrs.frozen
class Start(Command):
    """Roll initiative and begin round 1 without doing anything else (set-up is over)."""


@attrs.frozen
class Undo(Command):
    pass


@attrs.frozen
class Redo(Command):
    pass


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


USAGE = {
    "move": "move WHO X,Y [X,Y ...] [run]  (table mode: move WHO Ncm [run|crouched|prone|climb])",
    "turn": "turn WHO N|NE|E|SE|S|SW|W|NW  (hex maps: E|NE|NW|W|SW|SE; table mode: turn WHO DEGREES)",
    "pose": "pose WHO upright|crouched|prone",
    "cover": "cover WHO",
    "uncover": "uncover WHO",
    "shoot": "shoot WHO TARGET [aimed LOCATION [+N]] [burst] [blind|lean] [at Ncm]",
    "dual": "dual WHO TARGET [burst] [lean] [at Ncm]",
    "flame": "flame WHO TARGET [lean] [at Ncm]",
    "melee": "melee WHO TARGET [aimed LOCATION [+N]]",
    "reload": "reload WHO",
    "swap": "swap WHO",
    "react": "react WHO",
    "pin": "pin WHO TARGET [at Ncm]",
    "jump": "jump WHO X,Y  (table mode: jump WHO Ncm)",
    "delay": "delay WHO",
    "end": "end",
    "start": "start",
    "undo": "undo",
    "redo": "redo",
}

GM_USAGE = {
    "dice": "gm dice N N ...",
    "set": "gm set WHO FIELD=VALUE ...",
    "bonus": "gm bonus WHO N",
    "mod": "gm mod N",
    "force": "gm force hit|miss",
    "spot": "gm spot WATCHER MOVER",
    "hp": "gm hp WHO +N|-N",
    "condition": "gm condition WHO NAME N|off [PENALTY]",
    "order": "gm order WHO PLACE",
    "show": "gm show SIDE exact|words|hidden",
}
"""Each game-master line's form: a mistake in one names only its own form."""
_CORE_USAGE, _CORE_GM_USAGE = dict(USAGE), dict(GM_USAGE)
_MODULE_GM_PARSERS: dict[str, Callable[[list[str]], Command]] = {}
_MODULE_GM_COMMANDS: set[type[Command]] = set()


def _gm_form() -> str:
    """Every game-master form by name: written out in full, fourteen forms make a refusal too long to read."""
    return "gm " + "|".join(GM_USAGE) + " ...  (a mistake in one form names that form's usage)"


USAGE["gm"] = _gm_form()


def parse_command(line: str) -> Command | None:
    """One line of the command language; None for a blank line or a comment."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    words = text.split()
    verb, args = words[0].lower(), words[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        known = ", ".join(USAGE)
        raise CommandError(f"unknown command {shown_word(verb)}: the commands are {known}")
    try:
        return parser(args)
    except (CommandError, WrongInput) as error:
        form = words[1].lower() if verb == "gm" and len(words) > 1 else ""  # the parser consumes `args`
        usage = GM_USAGE.get(form, USAGE[verb])
        raise CommandError(f"{error} — usage: {usage}") from None


parse_cell = cell
parse_cm = distance_cm


def _only_who(cls: type[Command]):
    def parse(args: list[str]) -> Command:
        unit = _who(args)
        _no_more(args)
        return cls(unit=unit)  # type: ignore[call-arg]

    return parse


def _move(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "where to (X,Y or Ncm)")
    if is_distance(args[0]):
        distance = parse_cm(args.pop(0))
        manner = args.pop(0).lower() if args else "walk"
        if manner not in ("walk", "run", "crouched", "prone", "climb"):
            raise CommandError(f"{shown_word(manner)} is not a way of moving: walk, run, crouched, prone or climb")
        _no_more(args)
        return Move(unit=unit, distance_cm=distance, manner=manner, run=manner == "run")
    run = False
    if args and args[-1].lower() == "run":
        run = True
        args.pop()
    cells = tuple(parse_cell(arg) for arg in args)
    return Move(unit=unit, waypoints=cells, run=run, manner="run" if run else "walk")


def _turn(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the direction")
    word = args.pop(0)
    _no_more(args)
    if is_whole_number(word):
        return Turn(unit=unit, degrees=float(whole_number(word, limits.TURN_DEGREES, "a turn in degrees")))
    return Turn(unit=unit, facing=_named(Facing, word.upper(), word, " is not a facing: N, NE, E, SE, S, SW, W or NW"))


def _pose(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the pose")
    word = args.pop(0).lower()
    _no_more(args)
    return ChangePose(unit=unit, pose=_named(Pose, word, word, " is not a pose: upright, crouched or prone"))


def _named(kind: type[_Named], value: str, word: str, refusal: str) -> _Named:
    """The `kind` called `value`, else a refusal: the word as typed, then `refusal` (what it may be)."""
    try:
        return kind(value)
    except ValueError:
        raise CommandError(f"{shown_word(word)}{refusal}") from None


def _location(word: str) -> BodyLocation:
    return _named(BodyLocation, word.lower(), word, " is not a location: head, torso, arm, legs or weapon")


def _attack(kind: str):
    allowed = {
        "shoot": {"aimed", "burst", "blind", "lean", "at"},
        "dual": {"burst", "lean", "at"},
        "flame": {"lean", "at"},
        "melee": {"aimed", "at"},
    }[kind]

    def parse(args: list[str]) -> Command:
        unit = _who(args)
        _need(args, 1, "the target")
        target = args.pop(0).lower()
        fields: dict[str, object] = {}
        while args:
            word = args.pop(0).lower()
            if word == "blind" and kind in ("dual", "flame"):
                raise CommandError(f"{kind} cannot be fired blind from cover (R9.4): lean out with 'lean'")
            if word not in allowed:
                raise CommandError(f"{shown_word(word)} is not an option of {kind}")
            if word == "aimed":
                _need(args, 1, "the location to aim at")
                fields["location"] = _location(args.pop(0))
                if args and is_whole_number(args[0]) and args[0].startswith("+"):
                    fields["extra_ap"] = whole_number(args.pop(0), limits.EXTRA_AIM_AP, "the extra AP spent aiming")
            elif word == "burst":
                fields["burst"] = True
            elif word in ("blind", "lean"):
                fields["from_cover"] = FromCover.BLIND if word == "blind" else FromCover.LEAN_OUT
            elif word == "at":
                _need(args, 1, "the distance after 'at'")
                fields["distance_cm"] = parse_cm(args.pop(0))
        return Attack(unit=unit, target=target, kind=kind, **fields)  # type: ignore[arg-type]

    return parse


def _pin(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the enemy to pin")
    target = args.pop(0).lower()
    distance = None
    if args and args[0].lower() == "at":
        args.pop(0)
        _need(args, 1, "the distance after 'at'")
        distance = parse_cm(args.pop(0))
    _no_more(args)
    return PinDown(unit=unit, target=target, distance_cm=distance)


def _jump(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "where to (X,Y or Ncm)")
    word = args.pop(0)
    _no_more(args)
    if is_distance(word):
        return Jump(unit=unit, distance_cm=parse_cm(word))
    return Jump(unit=unit, to=parse_cell(word))


def _bare(cls: type[Command]):
    def parse(args: list[str]) -> Command:
        _no_more(args)
        return cls()

    return parse


def _gm(args: list[str]) -> Command:
    _need(args, 1, "what the game master does")
    what = args.pop(0).lower()
    if what == "dice":
        _need(args, 1, "the numbers rolled")
        return GmDice(values=tuple(whole_number(word, limits.DIE_FACE, "a die") for word in args))
    if what == "set":
        unit = _who(args)
        _need(args, 1, "FIELD=VALUE")
        pairs = []
        for word in args:
            if "=" not in word:
                raise CommandError(f"{shown_word(word)} is not FIELD=VALUE")
            field, value = word.split("=", 1)
            pairs.append((field.lower(), value))
        return GmSet(unit=unit, fields=tuple(pairs))
    if what == "bonus":
        unit = _who(args)
        _need(args, 1, "the bonus")
        bonus = whole_number(args.pop(0), limits.INITIATIVE_BONUS, "the bonus")
        _no_more(args)
        return GmBonus(unit=unit, bonus=bonus)
    if what == "mod":
        _need(args, 1, "the modifier")
        modifier = whole_number(args.pop(0), limits.MODIFIER, "the modifier")
        _no_more(args)
        return GmMod(modifier=modifier)
    if what == "force":
        _need(args, 1, "hit or miss")
        word = args.pop(0).lower()
        _no_more(args)
        if word not in ("hit", "miss"):
            raise CommandError(f"{shown_word(word)}: gm force takes hit or miss")
        return GmForce(hit=word == "hit")
    if what == "spot":
        watcher = _who(args)
        _need(args, 1, "the enemy that came into sight")
        mover = args.pop(0).lower()
        _no_more(args)
        return GmSpot(watcher=watcher, mover=mover)
    tracker = _TRACKER_PARSERS.get(what) or _MODULE_GM_PARSERS.get(what)
    if tracker is not None:
        return tracker(args)
    *forms, last = GM_USAGE
    raise CommandError(f"{shown_word(what)} is not a game-master command: {', '.join(forms)} or {last}")


_HP_CHANGE = Limit(-limits.HIT_POINTS.high, limits.HIT_POINTS.high)
_EXHAUSTION_PENALTIES = (10, 20, 40)  # R14.2


def _gm_hp(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the change (+N heals, -N hurts)")
    word = args.pop(0)
    _no_more(args)
    if not word.startswith(("+", "-")):
        raise CommandError(f"{shown_word(word)}: write the change with its sign, +N to heal or -N to hurt")
    return GmHp(unit=unit, change=whole_number(word, _HP_CHANGE, "the change"))


def _gm_condition(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the condition")
    name = args.pop(0).lower()
    if name not in CONDITIONS:
        raise CommandError(
            f"no condition {shown_word(name)}: the conditions are {', '.join(CONDITIONS[:-1])} and {CONDITIONS[-1]}"
        )
    _need(args, 1, "how long (a number) or off")
    word = args.pop(0).lower()
    penalty = None
    if name == "exhaustion" and args and word != "off":
        penalty_word = args.pop(0).lstrip("-")
        if not penalty_word.isdigit() or int(penalty_word) not in _EXHAUSTION_PENALTIES:
            raise CommandError(f"exhaustion's penalty must be 10, 20 or 40 (R14.2), not {shown_word(penalty_word)}")
        penalty = int(penalty_word)
    _no_more(args)
    if word == "off":
        return GmCondition(unit=unit, name=name, amount=None)
    limit, what = _CONDITION_AMOUNT[name]
    return GmCondition(unit=unit, name=name, amount=whole_number(word, limit, what), penalty=penalty)


_CONDITION_AMOUNT = {
    "burning": (Limit(1, len(BURN_SEQUENCE) - 1), "the burns to come (or off)"),  # R6.2
    "exhaustion": (Limit(1, limits.ROUNDS.high), "exhaustion's turns (or off)"),  # R14.3
    "unconscious": (Limit(1, limits.ROUNDS.high), "the rounds unconscious (or off)"),  # R12.1
    "head": (limits.ACTION_POINTS, "the AP lost next turn (or off)"),  # R12.1
}


def _gm_order(args: list[str]) -> Command:
    unit = _who(args)
    _need(args, 1, "the place in the initiative order (1 is first)")
    place = whole_number(args.pop(0), Limit(1, limits.MAP_SIDE), "the place")
    _no_more(args)
    return GmOrder(unit=unit, place=place)


def _gm_show(args: list[str]) -> Command:
    _need(args, 1, "the side")
    side = args.pop(0).lower()
    _need(args, 1, "how its HP is shown: exact, words or hidden")
    word = args.pop(0).lower()
    _no_more(args)
    return GmShow(side=side, shown=_named(HpShown, word, word, ": a side's HP is shown exact, words or hidden"))


_TRACKER_PARSERS = {"hp": _gm_hp, "condition": _gm_condition, "order": _gm_order, "show": _gm_show}


_PARSERS = {
    "move": _move,
    "turn": _turn,
    "pose": _pose,
    "cover": _only_who(TakeCover),
    "uncover": _only_who(LeaveCover),
    "shoot": _attack("shoot"),
    "dual": _attack("dual"),
    "flame": _attack("flame"),
    "melee": _attack("melee"),
    "reload": _only_who(Reload),
    "swap": _only_who(Swap),
    "react": _only_who(React),
    "pin": _pin,
    "jump": _jump,
    "delay": _only_who(Delay),
    "end": _bare(End),
    "start": _bare(Start),
    "undo": _bare(Undo),
    "redo": _bare(Redo),
    "gm": _gm,
}
_CORE_PARSERS = dict(_PARSERS)

GM_COMMANDS = (GmDice, GmSet, GmBonus, GmMod, GmForce, GmSpot, GmHp, GmCondition, GmOrder, GmShow)
"""The core's game-master commands; `is_gm_command` knows the modules' too."""


def is_gm_command(command: Command) -> bool:
    """A game master's line: the core's or an installed module's."""
    return isinstance(command, GM_COMMANDS) or type(command) in _MODULE_GM_COMMANDS


def use_module_commands(commands: tuple[CommandForm, ...], gm_commands: tuple[CommandForm, ...]) -> None:
    """The words the installed modules add (`engine.part.install`): after the core's, listed by their `listed`
    place, then in the modules' order."""
    commands = tuple(sorted(commands, key=lambda form: form.listed))
    gm_commands = tuple(sorted(gm_commands, key=lambda form: form.listed))
    for table, core, forms in ((USAGE, _CORE_USAGE, commands), (GM_USAGE, _CORE_GM_USAGE, gm_commands)):
        table.clear()
        table.update(core)
        table.update({form.word: form.usage for form in forms})
    USAGE["gm"] = _gm_form()
    _PARSERS.clear()
    _PARSERS.update(_CORE_PARSERS)
    _PARSERS.update({form.word: form.parser for form in commands})
    _MODULE_GM_PARSERS.clear()
    _MODULE_GM_PARSERS.update({form.word: form.parser for form in gm_commands})
    _MODULE_GM_COMMANDS.clear()
    _MODULE_GM_COMMANDS.update(cls for form in gm_commands for cls in form.handlers)
