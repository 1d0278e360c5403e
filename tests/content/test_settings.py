"""Issue 24, item 6: settings.toml is checked as it is read — each problem one sentence naming the file and the
field, the field keeping its default and the others used — written whole, and read back as written;
APCOMBAT_AI_PACE wins over the file's pace when set."""

from __future__ import annotations

from pathlib import Path

import pytest

from apcombat.content.settings import (
    AI_PACE_ENV,
    DEFAULTS,
    Settings,
    ai_pace,
    environment_pace,
    environment_problem,
    load_settings,
    save_settings,
)
from apcombat.content.user_files import settings_file


@pytest.fixture(autouse=True)
def no_pace_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(AI_PACE_ENV, raising=False)


def written(text: str) -> Path:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_means_the_defaults_and_no_problem() -> None:
    assert load_settings() == (DEFAULTS, [])
    assert Settings(0.4, True, True, "auto", "standard", "short") == DEFAULTS


def test_every_setting_is_written_and_read_back_as_it_was() -> None:
    chosen = Settings(ai_pace=1.5, follow=False, hints=False, zoom=2, palette="colour-blind", log_detail="full")
    assert save_settings(chosen)
    assert load_settings() == (chosen, [])
    text = settings_file().read_text(encoding="utf-8")
    assert 'palette = "colour-blind"' in text and "zoom = 2" in text and "ai_pace = 1.5" in text
    assert save_settings(DEFAULTS.replace(palette="high contrast", zoom="auto"))
    assert load_settings()[0].palette == "high contrast" and load_settings()[0].chosen_zoom is None


def test_an_unknown_field_is_named_with_the_settings_there_are_and_the_others_are_used() -> None:
    path = written('pallete = "colour-blind"\nlog_detail = "full"\n')
    settings, problems = load_settings()
    assert settings == DEFAULTS.replace(log_detail="full")
    assert problems == [
        f"{path}: pallete is not a setting; the settings are ai_pace, follow, hints, zoom, palette, log_detail"
    ]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('follow = "yes"', "follow = 'yes' must be true or false"),
        ("hints = 1", "hints = 1 must be true or false"),
        ("zoom = 4", 'zoom = 4 is not one of "auto", 1, 2 or 3'),
        ("zoom = true", 'zoom = True is not one of "auto", 1, 2 or 3'),
        ("zoom = 2.0", 'zoom = 2.0 is not one of "auto", 1, 2 or 3'),  # not taken, then used as auto
        ('palette = "sepia"', 'palette = \'sepia\' is not one of "standard", "colour-blind" or "high contrast"'),
        ('log_detail = "long"', 'log_detail = \'long\' is not one of "short" or "full"'),
        ('ai_pace = "fast"', "ai_pace = 'fast' is not a pace: write seconds from 0 to 2, like 0.4"),
        ("ai_pace = true", "ai_pace = True is not a pace: write seconds from 0 to 2, like 0.4"),
    ],
)
def test_a_value_of_the_wrong_type_is_one_sentence_and_keeps_the_default(line: str, said: str) -> None:
    path = written(f"{line}\n")
    settings, problems = load_settings()
    assert settings == DEFAULTS
    assert problems == [f"{path}: {said}; the default is used"]


@pytest.mark.parametrize("pace", ["-0.1", "2.5", "60"])
def test_a_pace_out_of_range_is_refused(pace: str) -> None:
    written(f"ai_pace = {pace}\nfollow = false\n")
    settings, (problem,) = load_settings()
    assert settings == DEFAULTS.replace(follow=False)
    assert f"ai_pace = {pace} is not a pace: write seconds from 0 to 2" in problem


def test_the_ends_of_the_pace_are_taken_and_a_whole_number_is_seconds() -> None:
    written("ai_pace = 0\n")
    assert load_settings() == (DEFAULTS.replace(ai_pace=0.0), [])
    written("ai_pace = 2\n")
    assert load_settings() == (DEFAULTS.replace(ai_pace=2.0), [])


def test_a_file_that_is_not_toml_means_the_defaults_and_says_where() -> None:
    path = written('hints = false\npalette = "standard\n')
    settings, (problem,) = load_settings()
    assert settings == DEFAULTS
    assert problem.startswith(str(path)) and "line 2" in problem
    assert problem.endswith("; the default settings are used")


def test_apcombat_ai_pace_wins_over_the_files_pace_when_set(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = DEFAULTS.replace(ai_pace=1.5)
    assert environment_pace() is None and ai_pace(chosen) == 1.5
    monkeypatch.setenv(AI_PACE_ENV, "0")
    assert environment_pace() == 0.0 and ai_pace(chosen) == 0.0
    monkeypatch.setenv(AI_PACE_ENV, "0.25")
    assert ai_pace(chosen) == 0.25
    monkeypatch.setenv(AI_PACE_ENV, "slow")  # not a number: the settings' pace, and a sentence says so
    assert environment_pace() is None and ai_pace(chosen) == 1.5
    assert environment_problem() == (
        "APCOMBAT_AI_PACE='slow' is not a number of seconds (like 0.4); the settings' AI pace is used"
    )
    monkeypatch.setenv(AI_PACE_ENV, "inf")  # no timer waits for ever
    assert environment_pace() is None and environment_problem() is not None
    monkeypatch.setenv(AI_PACE_ENV, "0.25")
    assert environment_problem() is None
