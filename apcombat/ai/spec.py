"""An AI as `apcombat sim --ai` names it and its tables show it: a level with its settings after commas,
`LEVEL[,effort=E][,aggression=A][,caution=C]` (`tactical,effort=low,aggression=0.8`), or a plug-in
`module:function`, which takes no settings. The text is the AI's whole description, so a worker that is
given it builds the same player on any machine."""

from __future__ import annotations

from typing import Any

import attrs

from apcombat.ai import DEFAULT_LEVEL
from apcombat.ai.errors import AiError
from apcombat.model import DEFAULT_AI, AiSettings, Effort
from apcombat.model.limits import AI_KNOB

SETTINGS = ("effort", "aggression", "caution")
"""The settings an AI level takes after its name, in the order they are written."""

EXAMPLE = "tactical,effort=low,aggression=0.8,caution=0.2"


def is_plugin(spec: str) -> bool:
    """Whether `spec` names a plug-in bot (`module:function`) rather than a level."""
    return ":" in spec.partition(",")[0]


def settings_of(spec: str) -> AiSettings | None:
    """The level and settings `spec` names, or None for a plug-in; AiError in one sentence for a setting
    that is not one, is given twice or is out of range, or for settings given to a plug-in."""
    name, *given = spec.split(",")
    if is_plugin(spec):
        if given:
            raise AiError(f"a plug-in bot takes no settings (effort, aggression, caution): give {name} alone")
        return None
    values: dict[str, Any] = {}  # an Effort or a knob's number, by the setting's name
    for setting in given:
        key, equals, value = (part.strip() for part in setting.partition("="))
        if not equals or key not in SETTINGS:
            raise AiError(f"{setting!r} is not a setting; write them like {EXAMPLE}")
        if key in values:
            raise AiError(f"{key} is given twice; give it once")
        values[key] = _effort(value) if key == "effort" else _knob(key, value)
    return attrs.evolve(DEFAULT_AI, level=name.strip(), **values)


def _effort(value: str) -> Effort:
    try:
        return Effort(value)
    except ValueError:
        efforts = ", ".join(effort.value for effort in Effort)
        raise AiError(f"effort must be one of {efforts}, not {value!r}") from None


def _knob(key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = None
    if number is None or not AI_KNOB.admits(number):
        raise AiError(f"{key} must be {AI_KNOB.describe()}, not {value!r}")
    return number


def spec_of(settings: AiSettings) -> str:
    """The text naming the level `settings` names (None: the default level) with the settings that differ
    from the defaults: what a side played as its encounter's `ai` says is called in `apcombat sim`."""
    parts = [settings.level or DEFAULT_LEVEL]
    for key in SETTINGS:
        value = getattr(settings, key)
        if value != getattr(DEFAULT_AI, key):
            parts.append(f"{key}={_number(value)}" if isinstance(value, float) else f"{key}={value}")
    return ",".join(parts)


def _number(value: float) -> str:
    """The shortest text that reads back as exactly `value` (`0.8`, `1`, `0.123456789`): a worker given the
    text plays with the encounter's own number."""
    return repr(value).removesuffix(".0")
