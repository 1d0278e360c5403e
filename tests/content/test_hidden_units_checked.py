"""R21.10.2: what `apcombat check` (and every command reading an encounter) refuses of a hidden unit (E21.2)."""

from __future__ import annotations

import pytest

from apcombat.content.errors import ContentError
from tests.engine.modules.fog_fights import ana, fog_encounter, fog_file, rat


def refusal(tmp_path, *units, **options) -> str:
    with pytest.raises(ContentError) as error:
        fog_encounter(tmp_path, *units, **options)
    (problem,) = error.value.problems
    return str(problem).split(": ", 1)[1]


@pytest.mark.parametrize("at", [(9, 2), (6, 6)])
def test_a_hidden_unit_beside_a_low_wall_or_a_wall_starts_hidden_and_in_cover(tmp_path, at):  # R21.3.2, E21.2
    encounter = fog_encounter(tmp_path, ana((0, 0)), rat(at, "W", hidden=True))
    assert encounter.unit("rat").hidden and encounter.unit("rat").in_cover


def test_hidden_in_the_open_is_refused(tmp_path):  # R21.10.2, R21.3.2, E21.2
    assert refusal(tmp_path, ana((0, 0)), rat((7, 5), "W", hidden=True)) == (
        "unit 'rat': hidden = true at 7,5, in the open: a hidden unit starts in cover, beside a wall or low obstacle "
        "(R21.3.2; 001_…: 'may NOT … be deployed as hidden in the open')"
    )


def test_hidden_beside_an_enemy_with_a_clear_line_is_refused(tmp_path):  # R21.10.2, R21.4.2 d, E21.2
    assert refusal(tmp_path, ana((8, 1)), rat((9, 2), "W", hidden=True)) == (
        "unit 'rat': hidden = true at 9,2, beside unit 'ana' at 8,1 with a clear line between them: it would be "
        "revealed at once (R21.4.2 d)"
    )


def test_hidden_with_the_fog_of_war_off_is_refused(tmp_path):  # R21.10.2, E21.2
    assert refusal(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True), modules=()) == (
        "unit 'rat': hidden needs the fog_of_war module: switch it on with fog_of_war = true in [modules] (R21.3.2)"
    )


def test_hidden_and_out_of_the_fight_is_refused(tmp_path):  # R21.10.2, R21.3.5
    surrendered = rat((9, 2), "W", hidden=True) | {"fate": "surrendered"}
    assert refusal(tmp_path, ana((0, 0)), surrendered) == (
        "unit 'rat': hidden = true with fate = 'surrendered': a hidden unit starts in the fight (R21.3.5)"
    )


def test_apcombat_check_says_it_in_one_line(tmp_path, apcombat):  # R21.10.2
    path = fog_file(tmp_path, ana((0, 0)), rat((7, 5), "W", hidden=True))
    result = apcombat("check", path)
    assert result.code == 1
    assert "unit 'rat': hidden = true at 7,5, in the open" in result.out
    assert "Traceback" not in result.out + result.err
