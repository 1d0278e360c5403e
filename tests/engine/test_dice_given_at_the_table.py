"""R0.2 at the table: an attack's dice typed ahead in one line, the dice it still needs asked for, those it
does not need dropped; the program's rolls for a person kept apart from the typed ones (history, log, replay,
redo). On the saloon brawl: Drifter's Peacemaker (1d8+6) at Raider Jed 9 cm away hits on 90 or less, a
critical on 7 or less; an aimed head shot hits on 40 or less, a critical on 32 or less."""

from __future__ import annotations

import pytest

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game

BRAWL = content_root() / "encounters" / "table_brawl.toml"


@pytest.fixture
def game() -> Game:
    played = Game(load_encounter(BRAWL, load_library(content_root())), seed=3)
    played.play_all(["gm dice 3 4 1 3 1 1", "start"])
    assert played.state.active == "drifter"
    return played


def texts(events) -> list[str]:
    return [event.text for event in events]


def test_dice_typed_ahead_are_used_in_order_and_the_rest_dropped(game):
    events = game.play("shoot drifter raider_1 aimed head at 9cm", dice=(37, 4, 5))
    assert texts(events)[0] == "dice: typed d100 37, 1d8+6 4"
    assert game.unused_dice == [5]
    assert (game.history[-1].typed_dice, game.history[-1].rolled_dice) == ((37, 4), ())
    assert game.state.unit("raider_1").hp == 25  # [4]+6 - 2 armour
    replayed = Game.replay(game.start, game.seed, game.history)
    assert (replayed.state, texts(replayed.log)) == (game.state, texts(game.log))


def test_a_die_the_line_lacks_is_rolled_by_the_program_when_nobody_is_asked(game):
    # 5: a critical on the head, double damage, then the EN test nobody typed: the program rolls it.
    events = game.play("shoot drifter raider_1 aimed head at 9cm", dice=(5, 4))
    entry = game.history[-1]
    assert entry.typed_dice[:2] == (5, 4) and entry.rolled_dice == (2,)
    assert texts(events)[0] == f"dice: typed d100 5, 1d8+6 4; rolled by the program d10 {entry.typed_dice[2]}"
    before = game.state
    game.play("undo")
    assert texts(game.play("redo"))[1:] == texts(events)  # redo logs the same dice line
    assert game.state == before
    assert Game.replay(game.start, game.seed, game.history).state == before


def test_a_die_that_cannot_show_the_number_typed_refuses_the_attack(game):
    # 5 is a critical (not aimed): the d6 of its location gets the 9, which no d6 shows.
    before = game.state
    with pytest.raises(CommandError, match=r"die 2 of the dice typed, 9, is no face of the d6 for critical"):
        game.play("shoot drifter raider_1 at 9cm", dice=(5, 9))
    assert game.state == before and game.history[-1].line == "start"


def test_a_forced_hit_takes_its_to_hit_die_from_the_program_not_from_the_person(game):
    asked = []

    def person(request):
        asked.append(request.notation)
        return 4

    game.play("gm force hit")
    game.dice.ask = person
    events = game.play("shoot drifter raider_1 at 9cm")
    assert asked == ["1d8+6"]  # the d100 the override decides is not asked for
    entry = game.history[-1]
    assert entry.rolled_dice == (0,) and entry.typed_dice[1] == 4
    assert texts(events)[0] == f"dice: typed 1d8+6 4; rolled by the program d100 {entry.typed_dice[0]}"
