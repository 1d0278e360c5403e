"""R21.8.8: undo and re-rolls keep what was seen."""

from __future__ import annotations

import attrs
from fog_fights import ROOT, ana, ben, fog_document, fog_game, rat

from apcombat.content import load_encounter, load_library
from apcombat.engine import Game, marks_of
from apcombat.engine.modules.fog_of_war.kept import replayed
from apcombat.model.encounter import with_state
from apcombat.model.enums import Pose
from apcombat.model.fog_state import Mark
from tests.engine.builders import write_encounter


def test_undo_is_refused_from_the_view_of_a_side_the_command_showed_something_new(tmp_path):  # R21.8.8
    game = fog_game(tmp_path, ana((6, 0), "E"), rat((9, 2), "W", hidden=True))
    game.play("turn ana SE")
    assert game.undo_refused("vault") is None  # it showed the vault nothing
    game.play("move ana 7,0 8,1")  # Rat revealed beside her (E21.3)
    assert game.undo_refused("vault") == (
        "The Vault cannot undo the last command: it showed The Vault something new, and what was seen stays seen "
        "(R21.8.8)"
    )
    assert game.undo_refused("raiders") is None  # Rat saw Ana all along
    game.play("undo")  # the game master's screen undoes anything
    assert game.state.unit("rat").hidden


def test_a_reroll_replays_with_the_character_the_first_play_revealed_revealed(tmp_path):  # R21.8.8, R18.6.2
    document = fog_document(rat((9, 2), "W", hidden=True), ben((0, 6)), modules=("fog_of_war", "rerolls"))
    document["side"] = [side | {"reroll_points": 4} for side in document["side"]]
    encounter = load_encounter(write_encounter(tmp_path / "fog.toml", document), load_library(ROOT / "content"))
    game = Game(encounter, seed=1)
    game.play_all(["start", "react rat", "gm dice 4", "move ben 0,5 0,4"])
    assert not game.state.unit("rat").hidden and game.state.active == "rat"  # E21.4: it interrupts
    game.play_all(["gm dice 9", "reroll raiders 1"])  # the perception test fails this time
    assert game.state.interrupt is None
    assert not game.state.unit("rat").hidden  # it starts revealed
    assert "rat" in game.state.side("vault").slots.fog_of_war.seen
    assert game.state.unit("ben").at == (0, 5)  # seen at once: the move stops (R21.6.1)


def test_a_side_keeps_the_marks_of_what_the_first_play_showed_it(tmp_path):  # R21.8.8
    game = fog_game(tmp_path, ana((6, 0), "E"), rat((9, 2), "W", hidden=True))
    base = game.state
    game.play("move ana 7,0 8,1")
    first = game.state  # the vault saw Rat at 9,2
    assert "rat" in first.side("vault").slots.fog_of_war.seen
    after = replayed(first, base, base)  # a replay that showed it nothing
    assert marks_of(after, "vault") == (Mark("rat", (9, 2), Pose.UPRIGHT, 1),)
    vault = with_state(base.side("vault"), "fog_of_war", seen=frozenset({"rat"}))
    seeing = attrs.evolve(base, sides=(vault, base.side("raiders")))
    assert marks_of(replayed(first, base, seeing), "vault") == ()  # the replay shows it: no mark
