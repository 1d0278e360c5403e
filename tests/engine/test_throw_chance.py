"""R22.3: a throw's hit chance — only its own lines of R1.1 — and the throw's line and data in the log."""

from __future__ import annotations

from tests.engine.throw_fights import MAP_C, ana, jed, throw_game


def throw_event(events):
    return next(event for event in events if event.kind == "throw")


def test_the_breakdown_has_only_a_throws_lines(tmp_path):  # R22.3.1, R14.3, R18.4.2, R12.1
    game = throw_game(
        tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2), pose="prone"), modules=("suppression",)
    )
    # an arm wound's -20 is for two-handed weapons only: a throw is one-handed
    game.play_all(["gm set ana markers=2 wounds=arm", "gm condition ana exhaustion 20", "gm set jed in_cover=true"])
    game.play("gm dice 1 1 1 1")
    event = throw_event(game.play("throw ana frag_grenade 4,2"))
    # no pose factor (a cell has none), no cover line (the blast meets cover, R22.5.3)
    assert event.data["lines"] == [
        "skill               +60",
        "exhaustion          -20",
        "suppression         -20",
        "sum                  20",
        "4 AP (8 -> 4); 1 left",
    ]
    assert event.data["chance"] == 20


def test_the_range_band_of_the_distance(tmp_path):  # R22.3.1, R22.10: cqc +10 / close 0 / medium -15 / long -30
    game = throw_game(tmp_path, ana((0, 0), thrown={"frag_grenade": 9}), jed((6, 4)), rows=(".............",) * 5)
    chances = {}
    for x in (3, 6, 10, 12):
        game.play_all(["gm set ana ap=8", "gm dice 1 1 1 1"])
        chances[x] = throw_event(game.play(f"throw ana frag_grenade {x},0")).data["chance"]
    assert chances == {3: 70, 6: 60, 10: 45, 12: 30}


def test_the_throw_data_in_the_log(tmp_path):  # R22.8.1: every die of the throw, for `apcombat run --json`
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    game.play("gm dice 70 3 6 5 3 3 1")
    data = throw_event(game.play("throw ana frag_grenade 4,2")).data
    assert {key: data[key] for key in ("roll", "scatter", "direction", "direction_roll", "distance_d6")} == {
        "roll": 70,
        "scatter": "mild deviation",
        "direction": "E",
        "direction_roll": 3,
        "distance_d6": [6, 5],
    }
    assert (data["cells"], data["distance_m"], data["lean"], data["left"]) == (2, 4.0, False, 1)


def test_a_lean_out_throw_says_so(tmp_path):  # R22.2.5, R9.5
    game = throw_game(tmp_path, ana((2, 2), thrown={"frag_grenade": 2}), jed((5, 2)), rows=MAP_C)
    game.play_all(["gm set ana in_cover=true", "gm dice 41 1 1 1"])
    event = throw_event(game.play("throw ana frag_grenade 5,2 lean"))
    assert event.text.startswith("Ana leans out and throws a frag grenade at 5,2: 70 %, d100 41 — hits")  # 3 m: cqc
    assert event.data["lean"] is True
