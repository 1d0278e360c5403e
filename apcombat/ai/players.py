"""Who plays a side: a built-in level by name, with its settings, or a plug-in bot named `module:function`.

A plug-in is `function(state: Encounter, rng: random.Random) -> str`, one command line for `state.active`,
imported from the Python path with the working directory on it (in `--jobs` and cluster workers too).
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable

from apcombat.ai.decision import Decision, Player
from apcombat.ai.errors import AiError
from apcombat.ai.spec import settings_of
from apcombat.model import AiSettings, Encounter

PluginFunction = Callable[[Encounter, random.Random], str]


class Plugin:
    """A plug-in bot seen as a player: its bare line becomes a Decision."""

    def __init__(self, spec: str, function: PluginFunction) -> None:
        self.spec = spec
        self.function = function

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        line = self.function(state, rng)
        if not isinstance(line, str):
            raise TypeError(f"{self.spec} returned {type(line).__name__}, not a command line")
        return Decision(line)


def working_directory_on_path(folder: str | None = None) -> None:
    """Put the working directory (or `folder`) first on the Python path, where plug-ins are looked for."""
    folder = os.path.abspath(folder or os.getcwd())
    if folder not in sys.path:
        sys.path.insert(0, folder)


def player_for(settings: AiSettings) -> Player:
    """The built-in level `settings` names (None: the default level), built with those settings: every
    factory of `apcombat.ai.LEVELS` takes them (a level may ignore the knobs). AiError if there is no such
    level."""
    from apcombat.ai import DEFAULT_LEVEL
    from apcombat.ai.levels import LEVELS  # here, not above: the levels load only once a level is asked for

    level = settings.level or DEFAULT_LEVEL
    if level not in LEVELS:
        levels = ", ".join(sorted(LEVELS)) or "none yet"
        raise AiError(f"no AI level {level!r}: the levels are {levels}, or name a plug-in as module:function")
    return LEVELS[level](settings)


def resolve(spec: str) -> Player:
    """The player an `--ai` value names: a level of `apcombat.ai.LEVELS` with the settings written after it
    (`tactical,effort=low,aggression=0.8`; see `apcombat.ai.spec`), else a plug-in `module:function`."""
    settings = settings_of(spec)
    if settings is not None:
        return player_for(settings)
    module_name, _, function_name = spec.partition(":")
    if not module_name or not function_name:
        raise AiError(f"{spec!r} is not module:function: write it like mybots:greedy")
    working_directory_on_path()
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a plug-in's own import error is the user's to fix: say which and why
        raise AiError(f"cannot import the plug-in module {module_name!r} for {spec} ({error})") from None
    function = getattr(module, function_name, None)
    if not callable(function):
        raise AiError(f"the module {module_name!r} has no function {function_name!r} for {spec}")
    return Plugin(spec, function)
