"""Hex maps (R20) through `apcombat run` scripts on small hex encounters: turning by facing steps or by
degrees, paths that bend, distances between hex centres, jumps off the six directions, facings read with
the map's grid; `apcombat check` and saves of hex games."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[2]
ANA = str(ROOT / "content" / "characters" / "ana.toml")


def hex_encounter(
    folder: Path,
    ana_at: tuple[int, int] = (1, 6),
    raider_at: tuple[int, int] = (7, 0),
    ana_facing: str | None = "E",
    hex_turns: str | None = None,
    width: int = 10,
    height: int = 14,
) -> Path:
    """An open hex map (R20.1) with Ana (8 AP, a Colt 1911 in each hand) and a raider."""
    ana = {"id": "ana", "side": "vault", "character": ANA, "at": list(ana_at)}
    if ana_facing is not None:
        ana["facing"] = ana_facing
    document = {
        "name": "Hex test",
        "description": "An open hex map.",
        "map": {"kind": "hex", "rows": ["." * width] * height},
        "side": [{"id": "vault", "name": "Vault"}, {"id": "raiders", "name": "Raiders"}],
        "unit": [ana, {"id": "raider", "side": "raiders", "character": "raider", "at": list(raider_at)}],
    }
    if hex_turns is not None:
        document["house_rules"] = {"hex_turns": hex_turns}
    path = folder / "hex.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def played(apcombat, encounter: Path, *lines: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The lines `apcombat run` prints after Ana's turn begins, for a script that starts the fight."""
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(["start", *lines]) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1", *extra)
    assert result.code == 0, result.err
    out = result.out.splitlines()
    return out[out.index("Ana's turn: 8 AP") + 1 :]


def refused(apcombat, encounter: Path, *lines: str) -> str:
    script = encounter.parent / "script.txt"
    script.write_text("\n".join(["start", *lines]) + "\n", encoding="utf-8")
    result = apcombat("run", encounter, "--script", script, "--seed", "1")
    assert result.code == 2
    return result.err


def test_r20_2_turns_by_facing_steps_one_step_free(apcombat, tmp_path: Path) -> None:
    # R20.2: by_steps (the default): one step free, two steps 1 AP, an about-turn 2 AP; turns join (R7.3).
    out = played(apcombat, hex_encounter(tmp_path), "turn ana NE", "turn ana NW", "turn ana W")
    assert out == [
        "Ana turns to face NE: 0 AP (8 -> 8)",
        "Ana turns to face NW: 1 AP (8 -> 7); joined with the turn before it: 120 degrees in all (R7.3)",
        "Ana turns to face W: 1 AP (7 -> 6); joined with the turn before it: 180 degrees in all (R7.3)",
    ]


def test_r20_2_turns_by_degrees_under_the_house_rule(apcombat, tmp_path: Path) -> None:
    # R20.2 house rule hex_turns = by_degrees: 60 degrees 1 AP, 120 and 180 degrees 2 AP.
    encounter = hex_encounter(tmp_path, hex_turns="by_degrees")
    out = played(apcombat, encounter, "turn ana NE", "turn ana NW", "turn ana W")
    assert out == [
        "Ana turns to face NE: 1 AP (8 -> 7)",
        "Ana turns to face NW: 1 AP (7 -> 6); joined with the turn before it: 120 degrees in all (R7.3)",
        "Ana turns to face W: 0 AP (6 -> 6); joined with the turn before it: 180 degrees in all (R7.3)",
    ]


def test_r20_2_turning_by_degrees_counts_facing_steps_of_60_degrees(apcombat, tmp_path: Path) -> None:
    # R20.2: a turn given in degrees turns whole hex facing steps: 120 degrees clockwise from E is SW.
    out = played(apcombat, hex_encounter(tmp_path), "turn ana 120")
    assert out == ["Ana turns to face SW: 1 AP (8 -> 7)"]
    # 45 degrees asked is one whole facing step made, 60 degrees, and joins the next turn as such.
    out = played(apcombat, hex_encounter(tmp_path), "turn ana 45", "turn ana SW")
    assert out == [
        "Ana turns to face SE: 0 AP (8 -> 8)",
        "Ana turns to face SW: 1 AP (8 -> 7); joined with the turn before it: 120 degrees in all (R7.3)",
    ]


def test_r20_2_a_path_bending_one_facing_step_at_a_time_costs_nothing_extra(apcombat, tmp_path: Path) -> None:
    # R20.2: E, NE, E, NE from facing E: four 30 mm steps, each bend one facing step: 4 AP, no turn paid.
    out = played(apcombat, hex_encounter(tmp_path), "move ana 2,6 2,5 3,5 4,4")
    assert out == ["Ana moves 1,6 -> 4,4: 4 AP (8 -> 4)"]


def test_r20_2_by_degrees_every_bend_pays_as_a_turn(apcombat, tmp_path: Path) -> None:
    # R20.2 by_degrees: the same path pays 1 AP for each of its three 60 degree bends.
    out = played(apcombat, hex_encounter(tmp_path, hex_turns="by_degrees"), "move ana 2,6 2,5 3,5 4,4")
    assert out == ["Ana moves 1,6 -> 4,4: 7 AP (8 -> 1)"]


def test_r20_2_a_step_two_facing_steps_off_pays_its_turn(apcombat, tmp_path: Path) -> None:
    # R20.2: from facing E a step north-west (120 degrees) turns first: 1 AP by steps, 2 AP by degrees.
    assert played(apcombat, hex_encounter(tmp_path), "move ana 0,5") == ["Ana moves 1,6 -> 0,5: 2 AP (8 -> 6)"]
    again = hex_encounter(tmp_path, hex_turns="by_degrees")
    assert played(apcombat, again, "move ana 0,5") == ["Ana moves 1,6 -> 0,5: 3 AP (8 -> 5)"]


def test_r20_3_distances_and_range_bands_between_hex_centres(apcombat, tmp_path: Path) -> None:
    # R20.3: 11 rows apart is 11 x sqrt(3)/2 m across and half a cell along: 9.54 m, the Colt's close range
    # (up to 10 m), where 11 cells along a row are 11 m, its medium range.
    across = played(apcombat, hex_encounter(tmp_path, ana_at=(1, 0), raider_at=(1, 11)), "shoot ana raider")
    assert "a single shot with the Colt 1911 (9.5 m, close range)" in "\n".join(across)
    along = played(apcombat, hex_encounter(tmp_path, ana_at=(0, 3), raider_at=(11, 3), width=12), "shoot ana raider")
    assert "a single shot with the Colt 1911 (11 m, medium range)" in "\n".join(along)


def test_r20_3_a_jump_off_the_six_directions_takes_either_run_up(apcombat, tmp_path: Path) -> None:
    # R20.3, R15.1: from 2,6 to 2,4 is due north, 30 degrees from both NE and NW: two steps either way are a
    # run-up; the jump is sqrt(3) - 1 = 0.73 m (R15.2).
    run_ups = {"NW": ("move ana 2,7 2,6", (3, 8)), "NE": ("move ana 1,7 2,6", (1, 8))}
    for facing, (run_up, start) in run_ups.items():
        out = played(apcombat, hex_encounter(tmp_path, ana_at=start, ana_facing=facing), run_up, "jump ana 2,4")
        assert out[1].startswith("Ana jumps 0.73 m with a run-up"), out
    standing = played(apcombat, hex_encounter(tmp_path, ana_at=(0, 6)), "move ana 1,6 2,6", "jump ana 2,4")
    assert standing[1].startswith("Ana jumps 0.73 m standing"), standing


def test_r20_2_north_is_no_facing_on_a_hex_map(apcombat, tmp_path: Path) -> None:
    # R20.2: N and S are refused with one sentence, in commands and in game-master overrides.
    encounter = hex_encounter(tmp_path)
    sentence = "N is not a facing on a hex map; they are E NE NW W SW SE"
    assert refused(apcombat, encounter, "turn ana N").endswith(f"line 2 (turn ana N): {sentence}\n")
    assert "S is not a facing on a hex map" in refused(apcombat, encounter, "gm set ana facing=S")


def test_r20_2_a_hex_encounter_with_a_north_facing_is_refused_by_check(apcombat, tmp_path: Path) -> None:
    result = apcombat("check", hex_encounter(tmp_path, ana_facing="N"))
    assert result.code != 0
    assert "unit 'ana': facing: N is not a facing on a hex map; they are E NE NW W SW SE" in result.out + result.err


def test_r20_1_a_hex_encounter_passes_check_and_faces_ne_by_default(apcombat, tmp_path: Path) -> None:
    encounter = hex_encounter(tmp_path, ana_facing=None)
    result = apcombat("check", encounter)
    assert result.code == 0, result.out + result.err
    # R20.2: a unit whose table names no facing faces NE, the hex map's first facing clockwise from north.
    assert played(apcombat, encounter, "turn ana E") == ["Ana turns to face E: 0 AP (8 -> 8)"]


def test_a_hex_game_saved_and_opened_again_goes_on_the_same(apcombat, tmp_path: Path) -> None:
    encounter = hex_encounter(tmp_path, hex_turns="by_degrees")
    save = tmp_path / "hex-save.toml"
    played(apcombat, encounter, "turn ana NE", extra=("--save", str(save)))
    text = save.read_text(encoding="utf-8")
    assert 'kind = "hex"' in text and 'hex_turns = "by_degrees"' in text
    script = tmp_path / "more.txt"
    script.write_text("turn ana NW\n", encoding="utf-8")
    result = apcombat("run", save, "--script", script)
    assert result.code == 0, result.err
    # The chain of turns and the house rule come back: NE -> NW joins E -> NE, 120 degrees by degrees, 2 AP.
    assert result.out.splitlines()[-1] == (
        "Ana turns to face NW: 1 AP (7 -> 6); joined with the turn before it: 120 degrees in all (R7.3)"
    )


def test_a_hex_save_with_a_north_facing_is_refused_naming_the_field(apcombat, tmp_path: Path) -> None:
    # R20.2: a save is read with its map's grid too: N, written by hand into a hex game, is refused, not played.
    save = tmp_path / "hex-save.toml"
    played(apcombat, hex_encounter(tmp_path), "turn ana NE", extra=("--save", str(save)))
    document = tomllib.loads(save.read_text(encoding="utf-8"))
    document["state"]["units"][0]["facing"] = "N"
    save.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = apcombat("run", save, "--script", tmp_path / "script.txt")
    assert result.code == 2
    assert "state.units[0].facing: N is not a facing on a hex map; they are E NE NW W SW SE" in result.err
