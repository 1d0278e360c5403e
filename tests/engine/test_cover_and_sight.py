"""R9.2 cover between shooter and character, R8.5 prone behind cover, R9.4/R9.5 shooting from cover, on the
shipped encounters and small arenas, through `apcombat run`."""

from __future__ import annotations

from pathlib import Path

import pytest

import apcombat

from .builders import OPEN_MAP, duel

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


PRONE_BEHIND_THE_WALL = ["gm set ana at=2,3 pose=prone", "start"]  # the low wall 3,2-3,3 hides her (R8.5)


def test_a_prone_character_behind_cover_shoots_across_it_only_by_leaning_out(arena):
    # R8.5, R9.5: the raider cannot see Ana; she cannot shoot across her cover unseen either.
    arena.run(DUEL, [*PRONE_BEHIND_THE_WALL, "end", "shoot raider ana burst"]).refused(4, "R8.5")
    for line in ("dual ana raider", "shoot ana raider", "shoot ana raider aimed head"):
        arena.run(DUEL, [*PRONE_BEHIND_THE_WALL, line]).refused(3, "prone behind cover", "lean out", "R8.5")
    out = arena.run(DUEL, [*PRONE_BEHIND_THE_WALL, "gm dice 99 99", "dual ana raider lean"]).ok()
    attack = out.last("attack")
    assert attack["ap_cost"] == 5 + 1 + 1  # R11.1: the Colt's 5 AP + 1 for two guns; R9.5: + 1 leaning out
    assert out.unit("ana")["pose"] == "prone" and out.ap("ana") == 1


def test_leaning_out_the_prone_character_is_seen_for_that_action(arena):
    # R8.5, R9.5, R16.2: the raider watches west; Ana shows herself only while she leans out to fire: the
    # raider tests perception (d10 3 <= PE 5) and interrupts, but she lies hidden again once the shot is over.
    script = ["gm set ana at=2,3 pose=prone", "gm dice 1 6", "start", "react raider"]
    out = arena.run(DUEL, [*script, "gm dice 99 99 3", "dual ana raider lean"]).ok()
    assert out.kinds()[-2:] == ["attack", "interrupt"]
    assert out.last("interrupt")["mover"] == "ana" and out.active == "raider"
    arena.run(DUEL, [*script, "gm dice 99 99 3", "dual ana raider lean", "shoot raider ana burst"]).refused(7, "R8.5")


def test_a_prone_character_in_cover_may_not_fire_blind_across_it(arena):
    # R8.5, R9.4, R9.5: in cover behind the low wall, prone: leaning out only, not blind fire.
    script = [*PRONE_BEHIND_THE_WALL, "gm set ana in_cover=true"]
    arena.run(DUEL, [*script, "shoot ana raider blind"]).refused(4, "not blind fire", "R8.5")


LOW_WALL = tuple(row[:2] + "=" + row[3:] if y == 3 else row for y, row in enumerate(OPEN_MAP))


@pytest.mark.parametrize(
    ("weapons", "verb", "ap"),
    [
        (["colt_1911", "colt_1911"], "dual ana bob", 5 + 1 + 1),  # R11.1 + R9.5
        (["mac_10", "mac_10"], "dual ana bob burst", 5 + 1 + 1),  # bursts: R11.1 + R9.5
        (["flamer"], "flame ana bob", 5 + 1),  # R6.1 + R9.5
    ],
)
def test_two_guns_and_the_flamer_lean_out_of_cover_but_never_fire_blind(play, weapons, verb, ap):
    # R9.4, R9.5: from cover only blind or leaning out; blind fire is single shots and bursts only.
    enc = duel((1, 3), (5, 3), a={"weapons": weapons, "ST": 6}, rows=LOW_WALL)
    script = ["gm set ana in_cover=true", "start"]
    play(enc, [*script, verb]).refused(3, "in cover", "R9.5")
    play(enc, [*script, f"{verb} blind"]).refused(3, "blind", "R9.4")
    out = play(enc, [*script, "gm dice 99 99", f"{verb} lean"]).ok()
    assert out.last("attack")["ap_cost"] == ap and out.unit("ana")["in_cover"] is True
