"""R17.2: covering-fire hits from the luck test's margin."""

import pytest

from apcombat.rules.covering_fire import covering_fire_hits


# R17.2: success by 0 or 1 point = 1 hit; by n >= 2 points = n hits (max 10); failure = none.
@pytest.mark.parametrize(
    ("luck", "roll", "hits"),
    [
        (5, 5, 1),  # exactly
        (5, 4, 1),  # by one point
        (5, 3, 2),
        (5, 2, 3),
        (5, 1, 4),
        (5, 6, 0),
        (5, 10, 0),
        (10, 10, 1),
        (10, 1, 9),
        (1, 1, 1),
        (14, 1, 10),  # a modifier can raise the margin, never beyond 10 hits
        (0, 1, 0),
    ],
)
def test_covering_fire_hits(luck, roll, hits):
    assert covering_fire_hits(luck, roll) == hits


def test_average_luck_hits_at_most_four():
    # R17.2: "An average character with luck 5, can therefore hit a maximum of 4 shots at once."
    assert max(covering_fire_hits(5, roll) for roll in range(1, 11)) == 4


@pytest.mark.parametrize("luck", range(1, 11))
def test_hits_never_exceed_ten_or_go_negative(luck):
    # R17.1 / R17.2: ten rounds are spent.
    for roll in range(1, 11):
        assert 0 <= covering_fire_hits(luck, roll) <= 10
