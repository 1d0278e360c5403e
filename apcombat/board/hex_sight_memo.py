"""Lines of sight on a hex map answered from whole-map sight (R20.4), for the cells asked about again and again.

One line between two far hex centres is walked piece by piece (`HexGrid.sight_gates`): on a 120 x 100 map a
long line takes a millisecond or more, and an AI asks thousands of them a turn, most from the same few
cells (every enemy's, the acting unit's). Sight from one cell over the whole map (`hex_field`) costs about
as much as three long lines and answers every line from that cell, and sight is symmetric, so a line a--b is
answered by the sight of a or of b. `HexSightMemo` keeps the sight of the cells that have been asked about
`MEMO_AFTER` times (the first few lines from a cell are walked: a cell asked about once or twice costs no
whole map), the most recent `MEMO_CELLS` of them, kept per map.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable

import numpy as np

from apcombat.board.hex_field import hex_sight_field
from apcombat.model import BattleMap, Cell

MEMO_AFTER = 3
"""Lines from (or to) a cell walked before its whole-map sight is worked out and kept."""
MEMO_CELLS = 256
"""Cells whose whole-map sight a map keeps (12 KB each on a 120 x 100 map)."""


class HexSightMemo:
    """The whole-map sight of the cells of one hex map that lines are asked about most (module note)."""

    def __init__(self) -> None:
        # The map is passed to each call, never held: the memo is kept per map, and holding the map would keep
        # it alive for ever.
        self._seen: OrderedDict[Cell, np.ndarray] = OrderedDict()
        self._asked: Counter[Cell] = Counter()
        # The app works out overlays in a worker thread while the screen previews: one lock keeps the kept
        # sights and their order whole (the sight itself is worked out outside it).
        self._lock = threading.Lock()

    def sight(self, battlemap: BattleMap, origin: Cell) -> np.ndarray:
        """Sight from `origin` over the whole map, as booleans indexed [y, x]: kept, or worked out and kept."""
        with self._lock:
            seen = self._seen.get(origin)
            if seen is not None:
                self._seen.move_to_end(origin)
                return seen
        seen = hex_sight_field(battlemap, origin)
        seen.flags.writeable = False  # handed out to callers: kept answers must not change
        with self._lock:
            self._seen[origin] = seen
            if len(self._seen) > MEMO_CELLS:
                self._seen.popitem(last=False)
        return seen

    def line(self, battlemap: BattleMap, a: Cell, b: Cell, walk: Callable[[], bool]) -> bool:
        """Whether a sees b: from the kept sight of either end, else by `walk` (the line itself) until one
        end has been asked about `MEMO_AFTER` times."""
        with self._lock:
            for origin, target in ((a, b), (b, a)):
                seen = self._seen.get(origin)
                if seen is not None:
                    return bool(seen[target[1], target[0]])
            asked = self._asked
            asked[a] += 1
            asked[b] += 1
            often = a if asked[a] >= asked[b] else b
            count = asked[often]
        if count < MEMO_AFTER:
            return walk()
        other = b if often == a else a
        return bool(self.sight(battlemap, often)[other[1], other[0]])
