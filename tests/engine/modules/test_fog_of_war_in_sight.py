"""R21.1.4: with the fog of war on, every rule asking whether a character sees another is answered by
R21.1.1 — here R18.1.5's surrender, which a hidden enemy never causes."""

from __future__ import annotations

from fog_fights import ROOT, ana, fog_document, jed

from apcombat.content import load_encounter, load_library
from apcombat.engine import Game
from apcombat.model.fates import Fate
from tests.engine.builders import write_encounter


def _shaken_jed_ends_his_turn(tmp_path, hidden: bool) -> Game:
    # Jed at 6,2, Ana 3 m away at 9,2 (in cover beside the low wall 8,2), the line between them clear
    document = fog_document(jed((6, 2)), ana((9, 2), hidden=hidden), modules=("fog_of_war", "morale"))
    document["house_rules"] = {"surrender": True}
    path = write_encounter(tmp_path / "fog.toml", document)
    game = Game(load_encounter(path, load_library(ROOT / "content")), seed=1)
    game.play("start")
    game.play("gm morale jed shaken")
    game.play("end")
    return game


def test_a_hidden_enemy_makes_nobody_surrender(tmp_path):  # R21.1.4, R21.3.1, R18.1.5
    assert _shaken_jed_ends_his_turn(tmp_path, hidden=True).state.unit("jed").fate is Fate.NONE


def test_a_seen_enemy_near_does(tmp_path):  # R18.1.5, as without the fog
    assert _shaken_jed_ends_his_turn(tmp_path, hidden=False).state.unit("jed").fate is Fate.SURRENDERED
