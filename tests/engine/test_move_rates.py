"""R7.1: the rates movement is bought at — climbing, running, carried movement lost at another rate — on the
map and on the table, and the reachable area that agrees with a real move (one reckoning for both)."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game, preview
from apcombat.engine.commands import Move
from apcombat.engine.views import reachable_cells

from .builders import duel, write_encounter

START = "gm dice 6 1"  # R13.1: Ana first, then Bob
CORRIDOR = ("########", "#.HH...#", "########")  # 1,1 floor, 2,1 and 3,1 stairs, then floor


def test_prone_on_stairs_is_no_faster_than_prone_on_the_floor(play):
    # R7.1: stairs are climbed at the slower of 20 mm and the pose's rate: prone 10 mm, so a stair step is
    # 30 mm for 3 AP, as on the floor.
    rows = ("#######", "#.H.H.#", "#######")
    floor = play(duel((1, 1), (5, 1), rows=rows, a={"pose": "prone"}), [START, "move ana 2,1"]).ok()
    stairs = play(duel((3, 1), (5, 1), rows=rows, a={"pose": "prone"}), [START, "move ana 4,1"]).ok()
    assert floor.ap("ana") == stairs.ap("ana") == 8 - 3


def test_a_run_climbs_its_stairs_and_only_the_floor_is_running(play):
    # R7.1: two stair steps at the climbing rate (30 mm for 2 AP, then 10 + 20 mm for 1 AP), then floor at
    # the running rate (30 mm for 1 AP, 15 left, then 15 + 45 for 1 AP): 5 AP, of which 2 bought running;
    # R14.2: the body-control test counts only those.
    out = play(duel((1, 1), (6, 1), rows=CORRIDOR), [START, "move ana 4,1 run", "move ana 5,1 run"]).ok()
    assert out.ap("ana") == 8 - 5
    out = play(duel((1, 1), (6, 1), rows=CORRIDOR), [START, "move ana 5,1 run", "gm dice 30", "end"]).ok()
    assert "ran (2 AP)" in out.last("exhaustion")["text"]


def test_movement_bought_running_is_lost_on_a_walking_step(play):
    # R7.1: two steps running (60 mm for 2 AP) leave 30 mm bought at 45 mm per AP; a walking diagonal
    # (42 mm at 30 mm per AP) cannot use them: 2 AP. A running step could: 0 AP.
    out = play(duel(), [START, "move ana 3,3 run", "move ana 4,4"]).ok()
    assert out.last("move")["ap_before"] - out.last("move")["ap_after"] == 2
    out = play(duel(), [START, "move ana 3,3 run", "move ana 4,3 run"]).ok()
    assert out.last("move")["ap_before"] - out.last("move")["ap_after"] == 0


def test_the_reachable_area_keeps_what_a_real_move_keeps(tmp_path):
    # R7.1: after a run that leaves 30 mm bought at the running rate, the next running step costs nothing;
    # the area shown must say so (it used to cap carried movement at 29 mm and ask 1 AP).
    game = _game(tmp_path, duel())
    game.play_all([START, "move ana 3,3 run"])
    ana = game.state.unit("ana")
    assert reachable_cells(game.state, ana, running=True)[(4, 3)] == 0
    game.play("move ana 4,3 run")
    assert game.state.unit("ana").ap == ana.ap


def test_table_mode_loses_movement_bought_at_another_rate(play):
    # R7.1 on the table: 6 cm running is 2 AP with 30 mm left at 45 mm per AP; 4 cm walking cannot use them
    # (2 AP); 3 cm more running can (0 AP).
    out = play(duel(rows=None), [START, "move ana 6cm run", "move ana 4cm"]).ok()
    assert out.ap("ana") == 8 - 2 - 2
    out = play(duel(rows=None), [START, "move ana 6cm run", "move ana 3cm run"]).ok()
    assert out.ap("ana") == 8 - 2


def test_table_mode_climbing_prone_is_at_the_prone_rate(play):
    # R7.1: climbing at the slower of 20 mm and the pose's rate: prone, 3 cm is 3 AP.
    out = play(duel(rows=None, a={"pose": "prone"}), [START, "move ana 3cm climb"]).ok()
    assert out.ap("ana") == 8 - 3


def _game(folder, data) -> Game:
    path = write_encounter(folder / "reach.toml", data)
    return Game(load_encounter(path, load_library(content_root())), seed=1)


SYMBOLS = "......#=:H"


@st.composite
def small_fights(draw: st.DrawFn) -> tuple:
    width, height = draw(st.integers(3, 6)), draw(st.integers(3, 5))
    rows = ["".join(draw(st.sampled_from(SYMBOLS)) for _ in range(width)) for _ in range(height)]
    open_cells = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in ".:H"]
    assume(len(open_cells) >= 2)
    ana_at, bob_at = draw(st.lists(st.sampled_from(open_cells), min_size=2, max_size=2, unique=True))
    facing = draw(st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]))
    pose = draw(st.sampled_from(["upright", "upright", "crouched", "prone"]))
    before = draw(
        st.lists(
            st.one_of(
                st.tuples(st.sampled_from(open_cells), st.booleans()).map(
                    lambda a: f"move ana {a[0][0]},{a[0][1]}" + (" run" if a[1] else "")
                ),
                st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"]).map(lambda f: f"turn ana {f}"),
            ),
            max_size=4,
        )
    )
    data = duel(ana_at, bob_at, rows=rows, a={"facing": facing, "pose": pose, "ap": draw(st.integers(1, 10))})
    wounds = draw(st.sampled_from([[], [], ["gm set ana wounds=legs"]]))
    return data, [*wounds, *before], draw(st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fight=small_fights())
@example(fight=(duel(a={"ap": 10}), ["move ana 3,3 run"], True))  # 30 mm carried at the running rate
@example(fight=(duel((1, 1), (6, 1), rows=CORRIDOR, a={"ap": 10}), ["move ana 2,1"], False))  # on the stairs
def test_every_cell_shown_reachable_is_reached_by_a_move_at_the_ap_shown_and_no_other(tmp_path_factory, fight):
    # R7.1-R7.4: the reachable area and a real move are one reckoning: every cell shown is accepted by
    # `move` at the AP shown (and `preview` says the same), and every cell a move reaches is shown.
    data, before, running = fight
    game = _game(tmp_path_factory.mktemp("reach"), data)
    game.play(START)
    for line in before:
        with contextlib.suppress(CommandError):
            game.play(line)
    state = game.state
    assume(state.active == "ana")
    ana = state.unit("ana")
    shown = reachable_cells(state, ana, running)
    assert state.map is not None
    for y in range(state.map.height):
        for x in range(state.map.width):
            if (x, y) == ana.at:
                continue  # refused: a move that changes nothing (issue 9 item 7)
            command = Move(unit="ana", waypoints=((x, y),), run=running)
            seen = preview(state, command)
            try:
                after, _ = _apply(state, command)
            except CommandError:
                assert (x, y) not in shown, f"{x},{y} shown at {shown[(x, y)]} AP but the move is refused"
                continue
            cost = ana.ap - after.unit("ana").ap
            assert shown.get((x, y)) == cost, f"{x},{y}: the move costs {cost} AP, the area shows {shown.get((x, y))}"
            assert seen.allowed and seen.ap_cost == cost


def _apply(state, command):
    from apcombat.dice import SeededDice
    from apcombat.engine import apply

    return apply(state, command, SeededDice(1))


def test_a_jump_walks_at_the_walking_rate_and_cannot_use_movement_bought_running(play):
    # R7.1, R15.3: two steps running leave 30 mm bought at 45 mm per AP; the jump from that run-up to 5,3
    # costs walking 2 m (60 mm at 30 mm per AP): 2 AP, the running millimetres lost.
    out = play(duel(), [START, "move ana 3,3 run", "gm dice 10", "jump ana 5,3"]).ok()
    assert out.last("jump")["ap_before"] - out.last("jump")["ap_after"] == 2
