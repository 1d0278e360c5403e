"""The AI layer: built-in levels and plug-in bots that play a side through command lines, and the turn
that asks them (the batch harness behind `apcombat sim` is `apcombat.sim`).

An AI drives the engine only through command lines, `legal_commands`, `preview` and `apply` on copies.
Its public names are imported from their modules when first used, so that the command line starts without
loading the levels.
"""

from apcombat.lazy_names import lazy_names

DEFAULT_LEVEL = "tactical"
"""The level that plays a side no `--ai` names (and a human side in a headless run): `tactical`, which
beats `baseline` from every side of the even fights (README)."""

_HOME = {
    "LEVELS": "levels",
    "AiError": "errors",
    "Player": "decision",
    "Plugin": "players",
    "player_for": "players",
    "resolve": "players",
    "settings_of": "spec",
    "spec_of": "spec",
    "Decision": "decision",
}
"""Each public name but the constants above, and the module of this package that defines it."""

__all__ = ["DEFAULT_LEVEL", *sorted(_HOME)]
__getattr__, __dir__ = lazy_names(__name__, _HOME)
