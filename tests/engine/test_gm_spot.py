"""Table mode reactions: the game master says an enemy came into a watcher's watch (`gm spot`, R16.2)."""

import json
from pathlib import Path

from apcombat.cli import main

ENCOUNTER = Path(__file__).resolve().parents[2] / "content" / "encounters" / "table_brawl.toml"


def run(tmp_path, capsys, lines):
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["run", str(ENCOUNTER), "--json", "--script", str(script)])
    return code, json.loads(capsys.readouterr().out)


def test_spotting_interrupts_the_mover_and_hands_control_back(tmp_path, capsys):
    # R16.1 watch, R16.2 the game master's word replaces the map's cone: perception d10 <= PE interrupts.
    code, out = run(
        tmp_path,
        capsys,
        [
            "gm bonus drifter 20",
            "gm bonus raider_1 10",
            "react drifter",
            "move raider_1 9cm",
            "gm dice 1",
            "gm spot drifter raider_1",
        ],
    )
    assert code == 0
    assert out["active"] == "drifter"
    kinds = [event["kind"] for event in out["events"]]
    assert "interrupt" in kinds
    drifter = next(unit for unit in out["units"] if unit["id"] == "drifter")
    assert drifter["status"] == "watching" and drifter["ap"] > 0


def test_spot_is_refused_for_a_unit_not_watching(tmp_path, capsys):
    code, out = run(tmp_path, capsys, ["gm bonus raider_1 10", "start", "gm spot drifter raider_1"])
    assert code == 2
    assert "not on reaction watch" in out["error"]["reason"]
