"""The solo oracle's fate chart (issue: table mode, solo play; Mythic second-edition numbers)."""

import json

import pytest

from apcombat.cli import main
from apcombat.rules.oracle import Answer, Odds, Thresholds, ask_oracle, is_random_event, thresholds


@pytest.mark.parametrize(
    ("odds", "chaos", "cell"),
    [
        (Odds.FIFTY_FIFTY, 5, Thresholds(10, 50, 91)),
        (Odds.LIKELY, 5, Thresholds(13, 65, 94)),
        (Odds.UNLIKELY, 5, Thresholds(7, 35, 88)),
        (Odds.CERTAIN, 9, Thresholds(20, 99, None)),  # the book's 99 column
        (Odds.IMPOSSIBLE, 1, Thresholds(0, 1, 81)),  # the book's 1 column
        (Odds.NEARLY_CERTAIN, 5, Thresholds(17, 85, 98)),
        (Odds.VERY_UNLIKELY, 5, Thresholds(5, 25, 86)),
    ],
)
def test_fate_chart_cells(odds, chaos, cell):
    assert thresholds(odds, chaos) == cell


@pytest.mark.parametrize(
    ("roll", "answer"),
    [
        (1, Answer.EXCEPTIONAL_YES),
        (10, Answer.EXCEPTIONAL_YES),
        (11, Answer.YES),
        (50, Answer.YES),
        (51, Answer.NO),
        (90, Answer.NO),
        (91, Answer.EXCEPTIONAL_NO),
        (100, Answer.EXCEPTIONAL_NO),
    ],
)
def test_answers_at_fifty_fifty_chaos_5(roll, answer):
    assert ask_oracle(Odds.FIFTY_FIFTY, 5, roll).answer is answer


@pytest.mark.parametrize(
    ("roll", "chaos", "event"),
    [
        (11, 1, True),
        (22, 1, False),
        (55, 5, True),
        (66, 5, False),
        (99, 9, True),
        (100, 9, False),
        (10, 9, False),
        (12, 9, False),
    ],
)
def test_random_events_are_doubles_within_the_chaos_factor(roll, chaos, event):
    assert is_random_event(roll, chaos) is event


def test_every_cell_is_ordered():
    for odds in Odds:
        for chaos in range(1, 10):
            cell = thresholds(odds, chaos)
            assert 0 <= cell.exceptional_yes <= cell.yes < (cell.exceptional_no or 101) <= 101


def test_oracle_command_json(capsys):
    assert main(["oracle", "--odds", "likely", "--chaos", "5", "--roll", "00", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "odds": "likely",
        "chaos": 5,
        "roll": 100,
        "answer": "exceptional_no",
        "random_event": False,
        "exceptional_yes": 13,
        "yes": 65,
        "exceptional_no": 94,
    }


def test_oracle_command_text_and_bad_roll(capsys):
    assert main(["oracle", "--odds", "fifty_fifty", "--roll", "37"]) == 0
    assert capsys.readouterr().out.startswith("YES\nd100 = 37")
    assert main(["oracle", "--odds", "fifty_fifty", "--roll", "101"]) == 2
    assert "1 to 100" in capsys.readouterr().err


def test_the_command_offers_every_odds_level():
    from apcombat.cli.oracle import ODDS

    assert tuple(odds.value for odds in Odds) == ODDS
