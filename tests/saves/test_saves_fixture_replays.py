"""Every fixture save of every format replays to the same state and events, forever (issue 23: "every save of
the test fixtures replays identically"). `replays/FORMAT-NAME.json` holds what `apcombat run SAVE --replay
--json` and `apcombat run SAVE --json` printed for `format_N/NAME.toml` at 77983bf, before the refactoring
(format 7 was that commit's own format); a fixture added later needs its expected JSON beside them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from apcombat.cli import main

HERE = Path(__file__).parent
EXPECTED = sorted((HERE / "replays").glob("format_*.json"))


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(list(args))
    return {"exit": code, "json": json.loads(capsys.readouterr().out)}


@pytest.mark.parametrize("expected", EXPECTED, ids=[path.stem for path in EXPECTED])
def test_a_fixture_save_replays_and_loads_as_it_always_did(expected, in_tmp, capsys):
    folder, name = expected.stem.split("-", 1)
    shutil.copy(HERE / folder / f"{name}.toml", "save.toml")
    Path("nothing.txt").write_text("", encoding="utf-8")
    want = json.loads(expected.read_text(encoding="utf-8"))
    assert printed(capsys, "run", "save.toml", "--replay", "--json", "--script", "nothing.txt") == want["replay"]
    assert printed(capsys, "run", "save.toml", "--json", "--script", "nothing.txt") == want["load"]


def test_every_fixture_save_has_its_expected_replay():
    fixtures = {f"{path.parent.name}-{path.stem}" for path in HERE.glob("format_*/*.toml")}
    assert {path.stem for path in EXPECTED} == fixtures
