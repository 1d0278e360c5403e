"""The grammar table of the command language: each word, the command class it makes, its parser, its
formatter and its usage — the one place a line is read (`parse_command`) or written (`format_command`).

The table is the core rules' forms followed by the optional modules' (R18), which `engine.module_commands`
supplies as two tuples of `Form`s: a module adds words by adding forms there, not by touching this file.
A game-master line is `gm WORD ...`: its word is looked up in the second table, `GM_FORMS`.
"""

from __future__ import annotations

from typing import Any

from apcombat.engine.attack_commands import ATTACK_FORMS
from apcombat.engine.command_base import Command, CommandError, Form, need
from apcombat.engine.gm_commands import GM_FORMS as CORE_GM_FORMS
from apcombat.engine.module_commands import MODULE_FORMS, MODULE_GM_FORMS
from apcombat.engine.move_commands import MOVE_FORMS
from apcombat.engine.numbers import WrongInput, shown_word
from apcombat.engine.turn_commands import BARE_FORMS, WHO_FORMS

_CORE_WORDS = (
    *("move", "turn", "pose", "cover", "uncover", "shoot", "dual", "flame", "melee"),
    *("reload", "swap", "react", "pin", "jump", "delay", "end", "start", "undo", "redo"),
)
"""The core words in the order a refusal lists them."""

_CORE = {form.word: form for form in (*MOVE_FORMS, *ATTACK_FORMS, *WHO_FORMS, *BARE_FORMS)}

FORMS: tuple[Form[Any], ...] = (*(_CORE[word] for word in _CORE_WORDS), *MODULE_FORMS)
"""Every word of the language but `gm`, in the order a refusal lists them."""

GM_FORMS: tuple[Form[Any], ...] = (*CORE_GM_FORMS, *MODULE_GM_FORMS)
"""Every game-master form (`gm WORD ...`), in the order a refusal lists them."""

GM_USAGE = {form.word: form.usage for form in GM_FORMS}
"""Each game-master line's form: a mistake in one names only its own form."""

USAGE = {form.word: form.usage for form in FORMS}
USAGE["gm"] = "gm " + "|".join(GM_USAGE) + " ...  (a mistake in one form names that form's usage)"
"""Every game-master form by name: written out in full, fourteen forms make a refusal too long to read."""

GM_COMMANDS: tuple[type[Command], ...] = tuple(form.command for form in GM_FORMS)
"""The classes of the game master's commands."""

_BY_WORD = {form.word: form for form in FORMS}
_GM_BY_WORD = {form.word: form for form in GM_FORMS}
_FORMAT = {form.command: form.format for form in (*FORMS, *GM_FORMS)}


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
        words = [form.word for form in GM_FORMS]
        raise CommandError(f"{shown_word(what)} is not a game-master command: {', '.join(words[:-1])} or {words[-1]}")
    command: Command = form.parse(args)
    return command


def typed_line(*words: str) -> str:
    """A line of words the app knows and words a person typed in a prompt (a number, a distance, FIELD=VALUE),
    left for `parse_command` to read with its own refusals: the app writes no command line of its own."""
    return " ".join(words)
