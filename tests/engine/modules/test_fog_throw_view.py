"""R22.8.4, R21.8.7, R21.9.2: what a side is given for a throw under the fog of war is a function of its view —
the preview names only the characters it sees, `legal_commands` lists throws only at cells its view explains,
and a refused throw tells nothing of an enemy it does not see (R21.5.1, R22.2.4).

The wall (8 x 6, a wall at 4,2-4,4): Ana at 0,0; Rat at 7,0 in her sight; Jed hidden at 5,2 (or 5,4), beside
the wall, where the vault cannot know him.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apcombat.engine import CommandError, Game, Throw, legal_commands, preview, view
from apcombat.engine.legal import throw_cells
from tests.engine.throw_fights import ana, jed, rat, throw_file, throw_game

WALL = (
    "........",
    "........",
    "....#...",
    "....#...",
    "....#...",
    "........",
)


def fight(folder: Path, jed_at: tuple[int, int], modules: tuple[str, ...] = ("fog_of_war",)) -> Game:
    folder.mkdir(parents=True, exist_ok=True)
    return throw_game(
        folder,
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed(jed_at, hidden="fog_of_war" in modules, in_cover=True),
        rat((7, 0)),
        rows=WALL,
        modules=modules,
    )


def throw_at(cell: tuple[int, int]) -> Throw:
    return Throw(unit="ana", item="frag_grenade", cell=cell, distance_cm=None, lean=False)


def named(shown) -> set[str]:
    """Every character a throw's preview names: in the blast on a hit and at each scatter cell."""
    found = {share.unit for share in shown.caught}
    for landing in shown.landings:
        found |= {share.unit for share in landing.caught}
    return found


def test_the_preview_names_only_the_characters_the_side_sees(tmp_path):  # R22.8.4, R21.8.1, R21.9.2
    # A throw at 5,1 would catch Jed, 1 m away, in the middle band: the vault does not know he is there.
    with_fog = preview(fight(tmp_path / "fog", (5, 2)).state, throw_at((5, 1))).throw
    assert with_fog is not None and "jed" not in named(with_fog)
    assert "rat" in named(with_fog)  # at 6,0 or 6,1 a scatter would catch Rat, whom it sees
    without = preview(fight(tmp_path / "open", (5, 2), modules=()).state, throw_at((5, 1))).throw
    assert without is not None and "jed" in {share.unit for share in without.caught}  # the module off: named


def test_two_states_with_the_same_view_give_the_same_throws(tmp_path):  # R21.8.7, R21.9.2, R22.8.4
    # Jed hidden at 5,2 or at 5,4: the vault's view is the same, and so is every throw it is given.
    here, there = fight(tmp_path / "a", (5, 2)).state, fight(tmp_path / "b", (5, 4)).state
    assert view(here, "vault") == view(there, "vault")
    throws = [line for line in legal_commands(here) if line.startswith("throw")]
    assert throws == [line for line in legal_commands(there) if line.startswith("throw")]
    for cell in ((5, 1), (5, 2), (5, 3), (6, 1), (7, 1)):
        assert preview(here, throw_at(cell)) == preview(there, throw_at(cell)), cell


def test_throws_are_listed_only_at_cells_the_view_explains(tmp_path):  # R21.9.2: the listing's exception
    # The cells of the enemies the side sees (Rat at 7,0) and their neighbours, and its marks: none of Jed's.
    state = fight(tmp_path, (5, 2)).state
    throws = [line for line in legal_commands(state) if line.startswith("throw")]
    assert throws == [
        "throw ana frag_grenade 6,0",
        "throw ana frag_grenade 7,0",
        "throw ana frag_grenade 6,1",
        "throw ana frag_grenade 7,1",
    ]
    assert throw_cells(view(state, "vault"), state.unit("ana")) == ((6, 0), (7, 0), (6, 1), (7, 1))


def test_a_throw_at_a_cell_not_listed_is_still_accepted(tmp_path):  # R22.2.4: the listing's one exception
    # Jed's own cell is in line: the vault may throw there, on a guess, though the list does not offer it.
    game = fight(tmp_path, (5, 2))
    assert "throw ana frag_grenade 5,1" not in legal_commands(game.state)
    assert preview(game.state, throw_at((5, 1))).allowed
    game.play("throw ana frag_grenade 5,1", dice=(30, 4, 4, 1))
    assert game.state.unit("jed").hp == 11


@pytest.mark.parametrize("cell", [(5, 2), (4, 3), (5, 3), (6, 5), (9, 0), (4, 2)])
def test_a_refused_throw_tells_nothing_of_an_unseen_enemy(tmp_path, cell):  # R21.5.1, R22.2.3, R22.2.4
    # Out of line, a wall or off the map: the same sentence whether Jed stands there, beside it, or elsewhere.
    said = []
    for jed_at in ((5, 2), (5, 4)):
        game = fight(tmp_path / f"{jed_at[1]}", jed_at)
        with pytest.raises(CommandError) as refused:
            game.play(f"throw ana frag_grenade {cell[0]},{cell[1]}")
        said.append(str(refused.value))
        assert "Jed" not in said[-1] and "jed" not in said[-1]
    assert said[0] == said[1]


def test_run_side_prints_the_throw_as_each_side_is_shown_it(apcombat, tmp_path):  # R21.8.7, R22.8.4
    encounter = throw_file(
        tmp_path,
        ana((0, 0), thrown={"frag_grenade": 2}),
        jed((5, 2), hidden=True, in_cover=True),
        rat((7, 4)),
        rows=WALL,
        modules=("fog_of_war",),
    )
    script = tmp_path / "script.txt"
    script.write_text("start\ngm dice 30 4 4 1\nthrow ana frag_grenade 5,1\n", encoding="utf-8")
    raiders = apcombat("run", encounter, "--script", script, "--side", "raiders")
    assert raiders.code == 0, raiders.err
    assert raiders.out.splitlines()[-3:] == [
        "A frag grenade, thrown out of sight, lands at 5,1 (R22.8.4)",
        "Jed is caught in the middle band (1 m): 17 damage, 28 -> 11 HP (R22.5.4)",
        "Jed is revealed: it is caught in the blast (R21.4.2 e)",
    ]
    vault = apcombat("run", encounter, "--script", script, "--side", "vault", "--json").json
    assert [unit["id"] for unit in vault["units"]] == ["ana"]
    assert "Jed" not in json.dumps(vault)


def test_table_mode_under_fog_keeps_gm_sees_and_lists_no_throw(tmp_path):  # R21.7.3, R22.9
    # At the table the game master measures a throw (`throw WHO ITEM at Ncm`, R22.9.1): none is listed, and
    # sight stays his word, thrown weapons or not.
    game = throw_game(
        tmp_path,
        ana(None, thrown={"frag_grenade": 2}),
        jed(None),
        rat(None, hidden=True, in_cover=True),
        rows=None,
        modules=("fog_of_war",),
    )
    assert game.state.side("vault").slots.fog_of_war.seen == frozenset()
    game.play("gm sees vault all on")
    assert game.state.side("vault").slots.fog_of_war.seen == {"jed"}  # Rat is hidden (R21.7.3)
    assert not any(line.startswith("throw") for line in legal_commands(game.state))
    game.play("gm reveal rat")
    game.play("gm sees vault rat on")
    assert game.state.side("vault").slots.fog_of_war.seen == {"jed", "rat"}
