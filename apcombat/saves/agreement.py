"""Whether a save's state follows from its start and history: the history is played again and the state and
dice it reaches must be the saved ones, or the first field that differs is named."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

from apcombat.content.loader import STRUCTURE_ERRORS
from apcombat.content.paths import shown
from apcombat.content.values import is_whole_number
from apcombat.dice import DiceError
from apcombat.engine import CommandError, DiceState, Game, HistoryEntry
from apcombat.model import Encounter
from apcombat.rules.version import RULES_VERSION
from apcombat.saves.consistency import dice_and_command_findings, encounter_findings
from apcombat.saves.errors import SaveError
from apcombat.saves.format import CONVERTER, FORMAT_VERSION, STATE_HEADER, SaveFile, state_text

_LONGEST_VALUE = 60
"""A value shown in a message is cut to this many characters."""


def replayed(save: SaveFile, file: str) -> Game:
    """The save's history played again from its start with its seed and typed dice, under today's rules;
    SaveError naming the first command that cannot be played (an illegal command, or dice that do not fit)."""
    reached = 0

    def history() -> Iterator[HistoryEntry]:
        nonlocal reached
        for reached, entry in enumerate(save.history):  # noqa: B007 - read when a command fails
            yield entry

    try:
        return Game.replay(save.start, save.seed, history(), redo=list(save.redo))
    except (CommandError, DiceError) as error:
        where = f"history[{reached}]: {save.history[reached].line!r}"
        raise SaveError([f"{file}: {where} cannot be played again: {error}"]) from None


def agreeing_game(save: SaveFile, path: str | Path) -> Game:
    """The game the save holds, played again from its start: SaveError if its history cannot be played or
    does not reach the saved state and dice, naming the first field that differs. The game returned has the
    event log of the whole fight, every step for undo, and the undone commands redo can play."""
    file = shown(path)
    game = replayed(save, file)
    difference = first_difference(save.state, game.state, "state") or first_difference(
        save.dice, game.dice.snapshot(), "dice"
    )
    if difference is not None:
        where, saved, played = difference
        raise SaveError(
            [
                f"{file}: {where}: the history gives {_shown(played)} but the save says {_shown(saved)}; the save "
                f"was changed after it was written: to go on from what its history gives, replay it "
                f"(apcombat run {file} --replay)"
            ]
        )
    return game


def first_difference(saved: Any, played: Any, path: str) -> tuple[str, Any, Any] | None:
    """The path of the first field where `saved` and `played` differ, field by field in the model's order,
    with the two values; None if they are equal."""
    if saved == played:
        return None
    kind = type(saved)
    if attrs.has(kind) and type(played) is kind:
        for field in attrs.fields(kind):
            found = first_difference(getattr(saved, field.name), getattr(played, field.name), f"{path}.{field.name}")
            if found is not None:
                return found
    elif isinstance(saved, tuple) and isinstance(played, tuple) and len(saved) == len(played):
        for index, (one, other) in enumerate(zip(saved, played, strict=True)):
            found = first_difference(one, other, f"{path}[{index}]")
            if found is not None:
                return found
    elif isinstance(saved, dict) and isinstance(played, dict) and saved.keys() == played.keys():
        for key in saved:
            found = first_difference(saved[key], played[key], f"{path}.{key}")
            if found is not None:
                return found
    return path, saved, played


def _shown(value: Any) -> str:
    """A value as a save writes it, short: `23`, `"N"`, `[2, 3]`, `none`."""
    text = "none" if value is None else json.dumps(_plain(value), ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= _LONGEST_VALUE else text[: _LONGEST_VALUE - 1] + "…"


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if attrs.has(type(value)):
        return {field.name: _plain(getattr(value, field.name)) for field in attrs.fields(type(value))}
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(_plain(item) for item in value)
    return value


_AFTER_STATE = re.compile(r"\n\n\[(?!\[?state[.\]])")
"""Where the state's part of a save ends: the next table that is not part of the state."""

_HEAD_KEYS = frozenset({"format_version", "rules_version", "seed", "dice", "history", "redo", "start"})
"""What a save of this format holds before its state."""


def quickly_agreeing_game(text: str) -> Game | None:
    """The quick way to open the common save, one of today's format and rules that this apcombat wrote: read
    all but the state, play the history again, and compare the state's text with what that game's save
    would say. The game when they are the same; None when the quick way does not apply or finds them
    different (the careful way then reads the whole save, checks every field and says what is wrong)."""
    head, header, rest = text.partition(STATE_HEADER)
    if not header:
        return None
    after = _AFTER_STATE.search(rest)  # the history as tables, when it has typed dice, comes after the state
    state_part = header + rest[: after.start() + 1 if after else len(rest)]
    try:
        document = tomllib.loads(head + (rest[after.start() :] if after else ""))
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None
    if (
        not _HEAD_KEYS.issuperset(document)
        or (document.get("format_version"), document.get("rules_version")) != (FORMAT_VERSION, RULES_VERSION)
        or not is_whole_number(document.get("seed"))
    ):
        return None
    try:
        dice = CONVERTER.structure(document["dice"], DiceState)
        commands = {
            field: CONVERTER.structure(document.get(field, []), tuple[HistoryEntry, ...])
            for field in ("history", "redo")
        }
        start = CONVERTER.structure(document["start"], Encounter)
    except (*STRUCTURE_ERRORS, KeyError):
        return None
    if encounter_findings(start, "start") or dice_and_command_findings(dice, commands, parse=False):
        return None
    try:
        game = Game.replay(start, document["seed"], commands["history"], redo=list(commands["redo"]))
    except (CommandError, DiceError):
        return None
    if game.dice.snapshot() != dice or state_part != state_text(game.state):
        return None
    return game
