"""Map sizes and shifts as a person types them in the editor's dialogs (`read_size`, `read_shift`)."""

from __future__ import annotations

import pytest

from apcombat.editor import EditRefused
from apcombat.editor.map_edits import read_shift, read_size
from apcombat.model import limits


@pytest.mark.parametrize("text", ["20 x 12", "20x12", " 20 12 ", "20,12", "20 X 12", "20×12"])
def test_a_size_in_the_ways_people_write_it(text: str) -> None:
    assert read_size(text) == (20, 12)


@pytest.mark.parametrize(
    "text",
    ["", "20", "20 x", "twenty x 12", "20 x 12 x 3", "-2 x 12", "2.5 x 12", "2³ x 12", "9" * 5000 + " x 2"],
    ids=lambda text: text[:20],
)
def test_what_is_not_a_size_is_refused_in_a_sentence(text: str) -> None:
    with pytest.raises(EditRefused, match="width x height"):
        read_size(text)


def test_a_size_past_the_format_limits_is_refused() -> None:
    with pytest.raises(EditRefused, match=f"{limits.MAP_SIDE:,}"):
        read_size(f"{limits.MAP_SIDE + 1} x 5")
    with pytest.raises(EditRefused):
        read_size("0 x 5")
    assert read_size(f"{limits.MAP_SIDE} x 1") == (limits.MAP_SIDE, 1)


@pytest.mark.parametrize(("text", "shift"), [("", (0, 0)), ("2 -1", (2, -1)), ("-3,4", (-3, 4)), (" 0 2 ", (0, 2))])
def test_a_shift(text: str, shift: tuple[int, int]) -> None:
    assert read_shift(text) == shift


@pytest.mark.parametrize("text", ["2", "a b", "1 2 3", "1.5 2"])
def test_what_is_not_a_shift_is_refused(text: str) -> None:
    with pytest.raises(EditRefused, match="east and south"):
        read_shift(text)
