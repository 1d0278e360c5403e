"""R18.3: fires the game master marks by name in table mode, where there is no map to burn."""

from __future__ import annotations

import attrs


@attrs.frozen
class TableFire:
    """R18.3.4: a fire on the table, named by the game master; `fresh` while it caught fire this round (not
    rolled until the next, R18.3.3)."""

    name: str
    fresh: bool = False
