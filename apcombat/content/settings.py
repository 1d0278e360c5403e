"""What the program remembers for the user between runs: settings.toml in the user config folder (see
apcombat.content.user_files).

    # apcombat's settings
    ai_pace = 0.4          # seconds between two commands of an AI turn, 0 to 2 (APCOMBAT_AI_PACE wins)
    follow = true          # the view follows the other side's actions on a map larger than the view
    hints = true           # the demo duel's tutorial hints
    zoom = "auto"          # "auto" (the largest at which the map fits), 1, 2 or 3
    palette = "standard"   # "standard", "colour-blind" or "high contrast"
    log_detail = "short"   # "short": bursts folded, dice lines on demand; "full": every line

`load_settings` reads and checks the file: each problem is one sentence naming the file and the field and
what to write instead, and a field with a problem keeps its default (the others are used). `save_settings`
writes the whole file atomically; an unwritable config folder is not an error the player has to deal with.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
from pathlib import Path
from typing import Any, Final

import tomli_w

from apcombat.content.toml_files import read_toml
from apcombat.content.user_files import settings_file

HINTS = "hints"
"""The setting of the tutorial's hints: true (the default) or false."""

AI_PACE_ENV: Final = "APCOMBAT_AI_PACE"
"""The environment variable that, when set, wins over the settings file's AI pace."""

LONGEST_AI_PACE: Final = 2.0
"""The slowest AI pace a player can choose: seconds between two commands."""

ZOOMS: Final = ("auto", 1, 2, 3)
"""The default zoom: "auto" (today's largest at which the whole map fits), else a zoom of the map."""

PALETTES: Final = ("standard", "colour-blind", "high contrast")
"""The map's palettes: the standard colours, one safe for the common colour blindnesses, and high contrast."""

LOG_DETAILS: Final = ("short", "full")
"""How the battlefield's log shows a fight: bursts folded and dice lines on demand, or every line."""

Zoom = str | int


@dataclasses.dataclass(frozen=True)
class Settings:
    """The player's settings (the file's fields, checked). A dataclass, not attrs: the title screen reads
    them before anything of the game is imported."""

    ai_pace: float = 0.4
    follow: bool = True
    hints: bool = True
    zoom: Zoom = "auto"
    palette: str = "standard"
    log_detail: str = "short"

    @property
    def chosen_zoom(self) -> int | None:
        """The zoom chosen by the player, None for "auto"."""
        return self.zoom if isinstance(self.zoom, int) else None

    def replace(self, **changes: Any) -> Settings:
        """These settings with some fields changed."""
        return dataclasses.replace(self, **changes)


DEFAULTS: Final = Settings()

_CHOICES: Final[dict[str, tuple[Any, ...]]] = {"zoom": ZOOMS, "palette": PALETTES, "log_detail": LOG_DETAILS}


def _shown_choices(choices: tuple[Any, ...]) -> str:
    shown = [f'"{choice}"' if isinstance(choice, str) else str(choice) for choice in choices]
    return ", ".join(shown[:-1]) + f" or {shown[-1]}"


def _field_problem(name: str, value: Any) -> str | None:
    """Why a field's value cannot be used (None: it can)."""
    if name == "ai_pace":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= LONGEST_AI_PACE:
            return f"ai_pace = {value!r} is not a pace: write seconds from 0 to {LONGEST_AI_PACE:g}, like 0.4"
        return None
    if name in ("follow", "hints"):
        return None if isinstance(value, bool) else f"{name} = {value!r} must be true or false"
    choices = _CHOICES[name]
    if not any(type(value) is type(choice) and value == choice for choice in choices):  # 2.0 == 2, True == 1
        return f"{name} = {value!r} is not one of {_shown_choices(choices)}"
    return None


FIELDS: Final = tuple(field.name for field in dataclasses.fields(Settings))


def settings_from(table: dict[str, Any], file: str = "settings.toml") -> tuple[Settings, list[str]]:
    """The settings of a read file's table and a sentence for each field that could not be used."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in table.items():
        if name not in FIELDS:
            problems.append(f"{file}: {name} is not a setting; the settings are {', '.join(FIELDS)}")
            continue
        problem = _field_problem(name, value)
        if problem is None:
            values[name] = float(value) if name == "ai_pace" else value
        else:
            problems.append(f"{file}: {problem}; the default is used")
    return Settings(**values), problems


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The player's settings (the defaults where the file is missing or says something unusable) and a
    sentence for each problem with the file."""
    path = path or settings_file()
    if not path.is_file():
        return DEFAULTS, []
    loaded = read_toml(path)
    if loaded.value is None:
        return DEFAULTS, [f"{problem}; the default settings are used" for problem in loaded.problems]
    return settings_from(loaded.value, str(path))


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings (the whole file, atomically); False if the config folder cannot be written (the
    settings then last until the program ends)."""
    from apcombat.content.writer import write_text_file  # not at start-up: it brings the encounter writer

    table = {name: getattr(settings, name) for name in FIELDS}
    with contextlib.suppress(OSError):
        write_text_file(path or settings_file(), "# apcombat's settings\n" + tomli_w.dumps(table))
        return True
    return False


def environment_pace() -> float | None:
    """The AI pace APCOMBAT_AI_PACE sets (0: as fast as it thinks), None when it is not set to a number of
    seconds (`environment_problem` says so)."""
    with contextlib.suppress(ValueError):
        if os.environ.get(AI_PACE_ENV):
            pace = float(os.environ[AI_PACE_ENV])
            return max(0.0, pace) if math.isfinite(pace) else None
    return None


def environment_problem() -> str | None:
    """One sentence when APCOMBAT_AI_PACE is set to something that is no pace (None: unset, or a pace)."""
    value = os.environ.get(AI_PACE_ENV)
    if not value or environment_pace() is not None:
        return None
    return f"{AI_PACE_ENV}={value!r} is not a number of seconds (like 0.4); the settings' AI pace is used"


def ai_pace(settings: Settings | None = None) -> float:
    """Seconds between two commands of an AI turn: APCOMBAT_AI_PACE when set, else the settings' pace."""
    chosen = (settings or load_settings()[0]).ai_pace
    from_environment = environment_pace()
    return chosen if from_environment is None else from_environment


def read_settings() -> dict[str, Any]:
    """The file's fields that are usable; none when the file is missing or cannot be read."""
    settings, _ = load_settings()
    return {name: getattr(settings, name) for name in FIELDS if getattr(settings, name) != getattr(DEFAULTS, name)}


def hints_on() -> bool:
    """Whether the tutorial's hints are shown (they are until switched off)."""
    return load_settings()[0].hints


def remember(key: str, value: bool | int | str | float) -> None:
    """Remember one setting, keeping the others (a no-op when it is already so)."""
    settings, _ = load_settings()
    if getattr(settings, key) == value:
        return
    save_settings(settings.replace(**{key: value}))
