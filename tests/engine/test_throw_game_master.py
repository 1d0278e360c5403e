"""A throw and the game master: `gm force hit|miss` (R22.8.1), `gm mod`, `gm set WHO thrown.ID=N` (R22.1.2),
physical dice asked for by their purpose (R22.8.1's order), and `apcombat run --json`'s thrown counts."""

from __future__ import annotations

import pytest

from apcombat.engine import CommandError, Game
from apcombat.engine.blast import metres
from tests.engine.throw_fights import ana, jed, rat, throw_encounter, throw_file, throw_game


def open_ground(tmp_path, **options):
    return throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)), rat((4, 3)), **options)


def throw_line(events):
    return next(event for event in events if event.kind == "throw")


def test_a_forced_hit_lands_on_the_target_with_no_scatter_dice(tmp_path):  # R22.8.1
    game = open_ground(tmp_path)
    game.play_all(["gm force hit", "gm dice 99 4 2 5"])  # the d100 99 is read, the hit forced
    events = game.play("throw ana frag_grenade 4,2")
    event = throw_line(events)
    assert event.data["landing"] == [4, 2] and event.data["hit"] and event.data["override"] == "hit"
    assert event.text == (
        "Ana throws a frag grenade at 4,2: 60 %, d100 99 (the game master forces a hit) — hits: lands at 4,2 (R22.3)"
    )
    assert game.state.unit("jed").hp == 0  # 3d6 4, 2, 5 + 17 = 28 in the inner band: no die went to a scatter


@pytest.mark.parametrize(
    ("roll", "scatter", "cells", "words"),
    [
        (41, "mild deviation", 2, "forced to miss: mild deviation"),  # would have hit: a near miss
        (75, "mild deviation", 2, "misses by 15: mild deviation"),
        (81, "off target", 2, "misses by 21: off target"),
        (97, "off target", 2, "misses (96-100 always miss): off target"),
    ],
)
def test_a_forced_miss_still_rolls_its_scatter(tmp_path, roll, scatter, cells, words):  # R22.8.1, R22.4.2
    game = open_ground(tmp_path)
    game.play_all(["gm force miss", f"gm dice {roll} 3 6 5 1 1 1"])  # d8 3 (E), 2d6 6+5
    event = throw_line(game.play("throw ana frag_grenade 4,2"))
    assert (event.data["scatter"], event.data["cells"], event.data["override"]) == (scatter, cells, "miss")
    assert words in event.text and event.data["landing"] == [6, 2]


def test_gm_mod_changes_one_throws_chance(tmp_path):  # R22.3.1: the game master's line, once
    game = open_ground(tmp_path)
    game.play_all(["gm mod +15", "gm dice 1 1 1 1"])
    assert throw_line(game.play("throw ana frag_grenade 4,2")).data["chance"] == 75
    game.play_all(["gm set ana ap=8", "gm dice 1 1 1 1"])
    assert throw_line(game.play("throw ana frag_grenade 4,2")).data["chance"] == 60


def test_physical_dice_are_asked_for_by_purpose_in_order(tmp_path):  # R22.8.1, E22.3's dice
    typed = iter([70, 3, 6, 5, 3, 3, 1])
    prompts: list[str] = []

    def ask(request):
        prompts.append(request.prompt())
        return next(typed)

    encounter = throw_encounter(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((6, 2)))
    game = Game(encounter, seed=1, ask=ask)
    game.play("start")
    game.play("throw ana frag_grenade 4,2")
    assert prompts == [
        "d100 for Ana's frag grenade thrown at 4,2 (R22.3) — hits on 60 or less",
        "d8 for where Ana's frag grenade scatters (R22.4.2)",
        "2d6 (die 1 of 2) for how far Ana's frag grenade scatters (R22.4.2)",
        "2d6 (die 2 of 2) for how far Ana's frag grenade scatters (R22.4.2)",
        *(f"3d6+17 (die {n} of 3) for the blast of Ana's frag grenade (R22.5.4)" for n in (1, 2, 3)),
    ]
    assert game.state.unit("jed").hp == 28 - 24


def test_on_hexes_the_direction_die_is_a_d6(tmp_path):  # R22.4.2
    prompts: list[str] = []

    def ask(request):
        prompts.append(request.prompt())
        return {100: 70}.get(request.sides, 1)

    encounter = throw_encounter(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((6, 2)), hexes=True)
    game = Game(encounter, seed=1, ask=ask)
    game.play("start")
    game.play("throw ana frag_grenade 4,2")
    assert prompts[1] == "d6 for where Ana's frag grenade scatters (R22.4.2)"


def test_a_forced_miss_asks_for_its_d100(tmp_path):  # R22.8.1: it still says how far off
    prompts: list[str] = []

    def ask(request):
        prompts.append(request.prompt())
        return 1

    encounter = throw_encounter(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((6, 2)))
    game = Game(encounter, seed=1, ask=ask)
    game.play_all(["start", "gm force miss"])
    game.play("throw ana frag_grenade 4,2")
    assert prompts[0].startswith("d100 for Ana's frag grenade thrown at 4,2, forced to miss: the d100 says how far")


def test_gm_set_thrown_counts(tmp_path):  # R22.1.2
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2), thrown={"molotov": 1}))
    events = game.play("gm set ana thrown.frag_grenade=5")
    assert events[0].text == "game master override: Ana thrown.frag_grenade=5"
    assert game.state.unit("ana").thrown_count("frag_grenade") == 5
    game.play("gm set ana thrown.molotov=1")  # one someone in the fight carries: the weapon is known
    assert game.state.unit("ana").thrown_count("molotov") == 1
    game.play("gm set ana thrown.frag_grenade=0")
    assert game.state.unit("ana").thrown_count("frag_grenade") == 0


@pytest.mark.parametrize(
    ("field", "sentence"),
    [
        ("thrown.frag_grenade=100", "thrown.frag_grenade"),
        ("thrown.frag_grenade=-1", "thrown.frag_grenade"),
        ("thrown.frag_grenade=two", "thrown.frag_grenade"),
        ("thrown.dynamite=1", "thrown.dynamite: no one in this fight carries 'dynamite'"),
        ("thrown.colt_1911=1", "thrown.colt_1911: the Colt"),
        ("throwns=1", "thrown.ID"),
    ],
)
def test_gm_set_thrown_refusals(tmp_path, field, sentence):  # R22.1.2: 0 to 99 of a thrown weapon
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}, weapons=["colt_1911"]), jed((4, 2)))
    with pytest.raises(CommandError) as error:
        game.play(f"gm set ana {field}")
    assert sentence in str(error.value)
    assert game.state.unit("ana").thrown_count("frag_grenade") == 2


def test_run_json_shows_thrown_counts_only_for_units_carrying_some(tmp_path, capsys):  # R22.1.2
    from apcombat.cli import main
    from tests.engine.builders import parse_output

    path = throw_file(tmp_path, ana((0, 2), thrown={"frag_grenade": 2, "molotov": 1}), jed((4, 2)))
    script = tmp_path / "script.txt"
    script.write_text("start\ngm dice 41 4 2 5\nthrow ana frag_grenade 4,2\n", encoding="utf-8")
    capsys.readouterr()
    out = parse_output(main(["run", str(path), "--json", "--script", str(script)]), capsys.readouterr().out).ok()
    assert out.unit("ana")["thrown"] == {"frag_grenade": 1, "molotov": 1}
    assert "thrown" not in out.unit("jed")
    throw = out.last("throw")
    assert (throw["item"], throw["left"], throw["roll"], throw["landing"]) == ("frag_grenade", 1, 41, [4, 2])


def test_distances_in_the_log():
    assert [metres(d) for d in (0, 1, 2.0, 1.4142, 2.2361, 12.04)] == ["0", "1", "2", "1.41", "2.24", "12.04"]


def test_undo_gives_the_grenade_back_and_redo_throws_it_again_the_same(tmp_path):  # R22.8.1: the same dice
    game = open_ground(tmp_path)
    game.play("gm dice 70 3 6 5 3 3 1")
    first = [event.text for event in game.play("throw ana frag_grenade 4,2")]
    game.undo()
    assert game.state.unit("ana").thrown_count("frag_grenade") == 2 and game.state.unit("ana").ap == 8
    again = [event.text for event in game.redo() if event.kind in ("throw", "blast_damage", "blast")]
    assert again == [text for text in first if not text.startswith("dice:")]
    assert game.state.unit("ana").thrown_count("frag_grenade") == 1
