"""R9.2 cover between shooter and character, R8.5 prone behind cover, R9.4/R9.5 shooting from cover, on the
shipped encounters and small arenas, through `apcombat run`."""

from __future__ import annotations

from pathlib import Path

import apcombat

CONTENT = Path(apcombat.__file__).resolve().parent.parent / "content"
HEAVY_WEAPONS = CONTENT / "encounters" / "heavy_weapons.toml"
DUEL = CONTENT / "encounters" / "duel.toml"


def test_a_prone_character_beside_a_doorways_jamb_is_seen_from_the_doorway(arena):
    # R9.2, R8.5: Cole lies prone at 14,5 just inside the hall's east door (jambs 15,4 and 15,6); Lash
    # stands in the doorway at 15,5, next to him: the jambs are no nearer to Cole than Lash is.
    script = ["gm set cole at=14,5 pose=prone", "gm set lash at=15,5", "start", "end", "end"]
    out = arena.run(HEAVY_WEAPONS, script).ok()
    assert out.active == "lash"
    out = arena.run(HEAVY_WEAPONS, [*script, "shoot lash cole burst"]).ok()
    attack = out.last("attack")
    assert attack["unit"] == "lash" and attack["target"] == "Cole"
    assert "cover" not in {m["name"] for m in attack["guns"][0]["modifiers"]}
