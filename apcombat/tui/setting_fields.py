"""The settings screen's fields: what each setting is called, what it does in a sentence, how its value is
shown, and the value the player's keys change it to (apcombat.tui.screens.settings shows them). Textual-free:
the values are apcombat.content.settings', which checks them."""

from __future__ import annotations

from typing import Final

import attrs

from apcombat.content.settings import LOG_DETAILS, LONGEST_AI_PACE, PALETTES, ZOOMS, Settings

PACE_STEP: Final = 0.1
"""Seconds a left or right press changes the AI pace by."""

PACE_STOPS: Final = (0.0, 0.2, 0.4, 0.7, 1.0, 1.5, LONGEST_AI_PACE)
"""The paces Enter, space and a click go through (left and right step by PACE_STEP): a few clicks reach any."""


@attrs.frozen
class SettingField:
    """One setting as the screen shows it."""

    name: str  # the Settings field (and settings.toml's)
    label: str
    about: str  # what it does, in a sentence


FIELDS: Final = (
    SettingField(
        "ai_pace",
        "AI pace",
        f"Seconds between two commands of an AI's turn, 0 to {LONGEST_AI_PACE:g}: time to see each one "
        "(0 plays at once; n skips the rest of a turn).",
    ),
    SettingField(
        "follow",
        "Follow the action",
        "When the other side acts on a map larger than the view, the view brings the acting unit and its "
        "target into sight.",
    ),
    SettingField("hints", "Tutorial hints", "The demo duel's hints walking a first turn (F2 there too)."),
    SettingField(
        "zoom",
        "Default zoom",
        "The map's zoom on a battlefield: auto is the largest at which the whole map fits; z changes it for the fight.",
    ),
    SettingField(
        "palette",
        "Palette",
        "The map's colours: standard, colour-blind (safe for the common colour blindnesses) or high contrast.",
    ),
    SettingField(
        "log_detail",
        "Log detail",
        "short: a burst is one line, dice lines on demand; full: every line the fight writes.",
    ),
)

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "follow": (True, False),
    "hints": (True, False),
    "zoom": ZOOMS,
    "palette": PALETTES,
    "log_detail": LOG_DETAILS,
}


def shown_value(settings: Settings, name: str) -> str:
    """The value of a setting as the screen says it."""
    value = getattr(settings, name)
    if name == "ai_pace":
        return "0 s (at once)" if value == 0 else f"{value:g} s a command"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def stepped(settings: Settings, name: str, step: int) -> Settings:
    """Left (-1) or right (+1) on a setting: the pace by PACE_STEP (stopping at 0 and the longest), any other
    setting its previous or next value (round and round)."""
    if name == "ai_pace":
        pace = round(settings.ai_pace + step * PACE_STEP, 1)
        return settings.replace(ai_pace=min(LONGEST_AI_PACE, max(0.0, pace)))
    choices = _CHOICES[name]
    now = getattr(settings, name)
    index = choices.index(now) if now in choices else 0
    return settings.replace(**{name: choices[(index + step) % len(choices)]})


def next_value(settings: Settings, name: str) -> Settings:
    """Enter, space or a click on a setting: its next value (the pace: the next of PACE_STOPS, after the
    longest the shortest)."""
    if name != "ai_pace":
        return stepped(settings, name, 1)
    later = [stop for stop in PACE_STOPS if stop > settings.ai_pace + 1e-9]
    return settings.replace(ai_pace=later[0] if later else PACE_STOPS[0])
