"""R16.2: what an interrupting watcher may do — attack the enemy that triggered it, take or leave cover,
change pose, move, turn to face that enemy — and everything else refused with the rule's reason. Through
`apcombat run`.

Bob (side b) watches from 8,3 facing W with a Colt and a knife; Ana (side a) walks from 4,1 towards 6,3 and
is spotted at 5,2 (perception d10 3 <= PE 5). Cid, Ana's friend, stands in plain sight at 6,5.
"""

from __future__ import annotations

import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, parse_command, preview

from .builders import encounter, unit, write_encounter

BOB_FIRST = "gm dice 2 6 1"  # R13.1: Bob 17, Ana 13, Cid 12
SPOTTED = [BOB_FIRST, "gm set bob ammo=3", "react bob", "gm dice 3", "move ana 6,3"]


def arena():
    return encounter(
        [
            unit("ana", "a", (4, 1), facing="SE"),
            unit("bob", "b", (8, 3), facing="W", weapons=["colt_1911", "knife"]),
            unit("cid", "a", (6, 5), facing="N"),
        ]
    )


def test_the_spotted_enemy_interrupts_ana(play):
    out = play(arena(), SPOTTED).ok()
    assert out.active == "bob" and out.at("ana") == (5, 2) and out.ap("bob") == 8


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("shoot bob cid", "another enemy"),
        ("reload bob", "reload"),
        ("swap bob", "swap"),
        ("jump bob 8,1", "jump"),
        ("react bob", "watch"),
        ("pin bob cid", "pin"),
        ("delay bob", "delay"),
        ("turn bob S", "turn to S"),
    ],
)
def test_anything_but_what_r16_2_lists_is_refused_with_the_rule(play, line, what):
    # R16.2: only an attack on Ana, cover, pose, moving and a turn to face Ana are allowed.
    out = play(arena(), [*SPOTTED, line]).refused(6, "R16.2", "may only attack Ana", what)
    assert out.active == "bob" and out.ap("bob") == 8


def test_the_watcher_attacks_the_enemy_that_triggered_it_and_ends(play):
    # R16.2: any attack mode at Ana; then `end` hands the turn back to her.
    out = play(arena(), [*SPOTTED, "gm dice 90", "shoot bob ana", "end"]).ok()
    assert out.last("attack")["target"] == "Ana" and out.active == "ana"


def test_the_watcher_may_take_cover_change_pose_move_and_turn_to_face_the_enemy(play):
    # R16.2: a move with the turns it makes (W to SW, free: R7.3), then the turn to the facing nearest the
    # bearing to Ana (from 7,4 she is exactly NW); W or N is refused.
    script = [*SPOTTED, "pose bob crouched", "move bob 7,4"]
    out = play(arena(), script).ok()
    assert out.at("bob") == (7, 4) and out.unit("bob")["facing"] == "SW" and out.unit("bob")["pose"] == "crouched"
    play(arena(), [*script, "turn bob W"]).refused(8, "R16.2", "turn to face Ana (NW)")
    play(arena(), [*script, "turn bob N"]).refused(8, "R16.2", "turn to face Ana (NW)")
    out = play(arena(), [*script, "turn bob NW", "end"]).ok()
    assert out.unit("bob")["facing"] == "NW" and out.active == "ana"


def test_the_preview_of_an_attack_on_another_enemy_gives_the_same_refusal(tmp_path):
    # R16.2: the fire dialog's preview must not offer what the engine then refuses.
    start = load_encounter(write_encounter(tmp_path / "arena.toml", arena()), load_library(content_root()))
    game = Game(start, seed=1)
    game.play_all(SPOTTED)
    assert game.state.interrupt is not None
    judged = preview(game.state, parse_command("shoot bob cid"))
    assert not judged.allowed and "R16.2" in judged.reason and "may only attack Ana" in judged.reason
    assert preview(game.state, parse_command("shoot bob ana")).allowed
