"""On-demand benchmark of the editor's save (not run by pytest): the encounter writer changing a file as
written (`EditorSession.save`: the file's text with only what changed changed, read back to check it).

    python tests/bench/bench_encounter_save.py [--runs 20]

For the big square and hex battlefields (120 x 100, 12 units) and the duel: the median of `--runs` saves with
no edit (the same bytes), after three cells painted, and after a unit moved too. Figures in docs/files.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

CONTENT = Path(__file__).resolve().parents[2] / "content"
ENCOUNTERS = ("big_battlefield", "hex_battlefield", "duel")


def median_ms(action: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="apcombat-bench-")  # the copies go there

    from apcombat.content import load_library
    from apcombat.content.encounter_document import WrittenEncounter
    from apcombat.editor import EditorSession, open_fight
    from apcombat.editor.fight_edits import move_unit, units_at
    from apcombat.editor.map_edits import paint
    from apcombat.model import Terrain

    library = load_library(CONTENT)
    for name in ENCOUNTERS:
        session = open_fight(CONTENT / "encounters" / f"{name}.toml", library)
        battle_map = session.encounter.map
        assert battle_map is not None
        unchanged = median_ms(session.save, runs)
        base = session.base
        assert base is not None

        def save_over_the_file(base: WrittenEncounter = base, session: EditorSession = session) -> None:
            session.base = base  # each save changes the file as opened, not the one saved the run before
            session.save()

        session.edit("paint", lambda e: paint(e, {(1, 1), (2, 1), (3, 1)}, Terrain.WALL))
        painted = median_ms(save_over_the_file, runs)
        unit = session.encounter.units[0]
        free = next(
            (x, y)
            for y in range(battle_map.height)
            for x in range(battle_map.width)
            if battle_map.legend[battle_map.rows[y][x]] is Terrain.FLOOR and not units_at(session.encounter, (x, y))
        )
        session.edit("move", lambda e, unit_id=unit.id, at=free: move_unit(e, unit_id, at))
        moved = median_ms(save_over_the_file, runs)
        print(
            f"{name}: {battle_map.width} x {battle_map.height}, {len(session.encounter.units)} units; "
            f"no edit {unchanged:.1f} ms, 3 cells painted {painted:.1f} ms, and a unit moved {moved:.1f} ms"
        )


if __name__ == "__main__":
    main()
