"""The grammar table of the command language: each word, the command class it makes, its parser, its
formatter and its usage — the one place a line is read (`parse_command`) or written (`format_command`).

The table is the core rules' forms followed by the optional modules' (R18): each module's part declares its
words (`engine.part.CommandForm`), and installing the parts (`engine.part.install`) adds them here through
`use_module_commands` — a module adds words without touching this file.
A game-master line is `gm WORD ...`: its word is looked up in the second table, `GM_FORMS`, where one word may
have two entries, one per class its parser makes (`gm show`), with the same parser and usage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from apcombat.engine.attack_commands import ATTACK_FORMS
from apcombat.engine.command_base import Command, CommandError, Form, need
from apcombat.engine.gm_commands import GM_FORMS as CORE_GM_FORMS
from apcombat.engine.move_commands import MOVE_FORMS
from apcombat.engine.numbers import WrongInput, distance_cm, distance_reading, is_distance, shown_word
from apcombat.engine.throw_commands import GM_THROW_FORMS, THROW_FORMS
from apcombat.engine.turn_commands import BARE_FORMS, WHO_FORMS

if TYPE_CHECKING:
    from apcombat.engine.part import CommandForm

_CORE_WORDS = (
    *("move", "turn", "pose", "cover", "uncover", "shoot", "dual", "flame", "melee", "throw"),
    *("reload", "swap", "react", "pin", "jump", "delay", "end", "start", "undo", "redo"),
)
"""The core words in the order a refusal lists them."""

_CORE = {form.word: form for form in (*MOVE_FORMS, *ATTACK_FORMS, *THROW_FORMS, *WHO_FORMS, *BARE_FORMS)}

FORMS: list[Form[Any]] = [_CORE[word] for word in _CORE_WORDS]
"""Every word of the language but `gm`, in the order a refusal lists them (the modules' after the core's)."""

GM_FORMS: list[Form[Any]] = [*CORE_GM_FORMS, *GM_THROW_FORMS]
"""Every game-master form (`gm WORD ...`), in the order a refusal lists them."""

GM_USAGE: dict[str, str] = {}
"""Each game-master line's form: a mistake in one names only its own form."""

USAGE: dict[str, str] = {}
"""Each word's usage; `gm` names every game-master form (fourteen written out make a refusal too long)."""

GM_COMMANDS: tuple[type[Command], ...] = tuple(form.command for form in GM_FORMS)
"""The classes of the core's game-master commands; `is_gm_command` knows the modules' too."""

_BY_WORD: dict[str, Form[Any]] = {}
_GM_BY_WORD: dict[str, Form[Any]] = {}
_FORMAT: dict[type[Command], Callable[[Any], str]] = {}
_CORE_FORMS, _CORE_GM_FORMS = tuple(FORMS), tuple(GM_FORMS)


def use_module_commands(commands: tuple[CommandForm, ...], gm_commands: tuple[CommandForm, ...]) -> None:
    """The words the installed modules add (`engine.part.install`): after the core's, listed by their `listed`
    place, then in the modules' order. The tables are updated in place: every reader sees the same ones."""
    for table, core, forms in ((FORMS, _CORE_FORMS, commands), (GM_FORMS, _CORE_GM_FORMS, gm_commands)):
        added = sorted(forms, key=lambda form: form.listed)
        table[:] = [*core, *(Form(f.word, f.command, f.parser, f.format, f.usage) for f in added)]
    GM_USAGE.clear()
    GM_USAGE.update({form.word: form.usage for form in GM_FORMS})
    USAGE.clear()
    USAGE.update({form.word: form.usage for form in FORMS})
    USAGE["gm"] = "gm " + "|".join(GM_USAGE) + " ...  (a mistake in one form names that form's usage)"
    _BY_WORD.clear()
    _BY_WORD.update({form.word: form for form in FORMS})
    _GM_BY_WORD.clear()
    _GM_BY_WORD.update({form.word: form for form in GM_FORMS})
    _FORMAT.clear()
    _FORMAT.update({form.command: form.format for form in (*FORMS, *GM_FORMS)})


use_module_commands((), ())


def is_gm_command(command: Command) -> bool:
    """A game master's line: the core's or an installed module's."""
    return any(isinstance(command, form.command) for form in GM_FORMS)


def parse_command(line: str) -> Command | None:
    """One line of the command language; None for a blank line or a comment."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    words = text.split()
    verb, args = words[0].lower(), words[1:]
    if verb != "gm" and verb not in _BY_WORD:
        raise CommandError(f"unknown command {shown_word(verb)}: the commands are {', '.join(USAGE)}")
    try:
        return _gm(args) if verb == "gm" else _BY_WORD[verb].parse(args)
    except (CommandError, WrongInput) as error:
        form = words[1].lower() if verb == "gm" and len(words) > 1 else ""  # the parser consumes `args`
        if form and form not in GM_USAGE:
            raise  # no such game-master command: the refusal lists them, and gm's usage would list them again
        usage = GM_USAGE.get(form, USAGE[verb])
        raise CommandError(f"{error} — usage: {usage}") from None


def format_command(command: Command) -> str:
    """The canonical line of a command: `parse_command` reads it back as an equal command."""
    return _FORMAT[type(command)](command)


def _gm(args: list[str]) -> Command:
    need(args, 1, "what the game master does")
    what = args.pop(0).lower()
    form = _GM_BY_WORD.get(what)
    if form is None:
        words = list(dict.fromkeys(form.word for form in GM_FORMS))  # `show` makes two classes
        raise CommandError(f"{shown_word(what)} is not a game-master command: {', '.join(words[:-1])} or {words[-1]}")
    command: Command = form.parse(args)
    return command


def typed_line(*words: str) -> str:
    """A line of words the app knows and words a person typed in a prompt (a number, a distance, FIELD=VALUE),
    left for `parse_command` to read with its own refusals: the app writes no command line of its own."""
    return " ".join(words)


def distances_read(line: str) -> str:
    """How a line's distance on the table was read, in the table's unit ("move ana 6": "6 → 6 cm (2 m)");
    "" for a line that does not parse or gives no distance."""
    try:
        command = parse_command(line)
    except CommandError:
        return ""
    distance = getattr(command, "distance_cm", None)
    if distance is None:
        return ""
    words = [word for word in line.split("#", 1)[0].split()[2:] if is_distance(word)]
    read = [word for word in words if distance_cm(word) == distance]
    return distance_reading(read[0]) if read else ""
