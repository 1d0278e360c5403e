"""On-demand benchmark of the editor's live checks (not run by pytest or CI).

    python tests/bench/bench_editor_checks.py [--edits 200]

What `apcombat check` would report, worked out after each paint of one cell, on the 120 x 100 big battlefield
(square and hex): as shipped; with half the units hidden and the fog of war on (R21.10.2 looks at each hidden
unit's cover and the enemies beside it); with fires at set-up. p50 / p95 / max in ms, wall clock. The editor
runs the checks in a thread after the frame that shows the edit (tui/screens/editor/checks.py): they never hold
the paint's frame, whatever these figures are; they say how soon the problems panel follows it.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from apcombat.content import content_root, load_library
from apcombat.editor import EditorSession, open_fight
from apcombat.editor.fight_edits import change_unit, set_rules
from apcombat.editor.map_edits import paint, set_fires
from apcombat.model import Terrain

ENCOUNTERS = Path(__file__).resolve().parents[2] / "content" / "encounters"


def timed(session: EditorSession, edits: int) -> list[float]:
    times = []
    for number in range(edits):
        cell = (1 + number % 7, 1 + number % 3)
        terrain = Terrain.LOW if number % 2 else Terrain.FLOOR
        session.apply(f"paint {number}", paint(session.encounter, {cell}, terrain))
        start = time.perf_counter()
        session.problems()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(label: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{label:<48} p50 {statistics.median(times):5.1f}  p95 {p95:5.1f}  max {times[-1]:5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=200)
    edits = parser.parse_args().edits
    library = load_library(content_root(None))
    for name in ("big_battlefield", "hex_battlefield"):
        session = open_fight(ENCOUNTERS / f"{name}.toml", library)
        session.path = Path(tempfile.gettempdir()) / f"{name}.toml"  # never the user's copy
        report(f"{name}: as shipped", timed(session, edits))
        hidden = set_rules(session.encounter, modules={**session.encounter.modules, "fog_of_war": True})
        for unit in session.encounter.units[::2]:
            hidden = change_unit(hidden, library, unit.id, hidden=True)
        session.apply("hidden", hidden)
        report(f"{name}: half hidden, fog of war on", timed(session, edits))
        session.apply("fires", set_fires(session.encounter, {(60, 50), (61, 50)}, True))
        report(f"{name}: and fires, spreading fires off", timed(session, edits))


if __name__ == "__main__":
    main()
