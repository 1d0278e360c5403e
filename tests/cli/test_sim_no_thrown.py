"""`apcombat sim --no-thrown` (R22): the same seeds played with every thrown weapon taken out, so that the AI's
use of them can be measured against the fight without them (docs/ai.md)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.throw_fights import MAP_C, ana, jed, rat, throw_file

BOTH_BASELINE = ("--ai", "vault=baseline", "--ai", "raiders=baseline")


def test_no_thrown_plays_the_same_seed_without_a_throw(apcombat, tmp_path: Path) -> None:
    # R22.11 C: Ana with two frag grenades, Jed and Rat in cover behind the low wall
    encounter = throw_file(
        tmp_path,
        ana((0, 2), thrown={"frag_grenade": 2}),
        jed((4, 2), in_cover=True),
        rat((4, 3), in_cover=True),
        rows=MAP_C,
    )
    played = {}
    for name, more in (("with", ()), ("without", ("--no-thrown",))):
        folder = tmp_path / name
        result = apcombat("sim", encounter, "--games", "1", *BOTH_BASELINE, "--save-games", folder, "--json", *more)
        assert result.code == 0, result.err
        played[name] = "\n".join(path.read_text() for path in folder.glob("*.toml"))
    assert "throw ana frag_grenade" in played["with"]
    assert "throw " not in played["without"]
