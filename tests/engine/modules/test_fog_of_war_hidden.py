"""R21.3 hidden characters and R21.4 every reveal (E21.3's reveal, E21.4, E21.6), `reveal` and the fog of
war's commands refused while the module is off."""

from __future__ import annotations

import pytest
from fog_fights import FORD, ROOT, ana, ben, fog_document, fog_game, jed, moss, rat

from apcombat.content import load_encounter, load_library
from apcombat.engine import CommandError, Game, legal_commands, view
from tests.engine.builders import write_encounter


def seen_by(game, side):
    return {unit.id for unit in view(game.state, side).units if unit.side != side}


def reveals(events):
    return [event.text for event in events if event.kind == "reveal"]


def test_hidden_in_plain_line_a_neighbour_reveals_it_and_the_move_stops(tmp_path):  # R21.3.1, R21.4.2 d, E21.3
    game = fog_game(tmp_path, ana((6, 0), "E"), rat((9, 2), "W", hidden=True))
    assert seen_by(game, "vault") == set()
    with pytest.raises(CommandError, match=r"^Ana sees no enemy rat \(R21\.5\.1\)$"):
        game.play("shoot ana rat")
    events = game.play("move ana 7,0 8,1 9,1")
    assert reveals(events) == ["Rat is revealed: Ana stands beside it at 8,1 (R21.4.2 d)"]
    ana_now = game.state.unit("ana")
    assert (ana_now.at, ana_now.ap, ana_now.carried_mm) == ((8, 1), 5, 18)  # R21.6.1: 3 AP spent
    assert seen_by(game, "vault") == {"rat"}
    assert game.state.unit("rat").quietly_revealed  # R21.4.3: it did not act, it enters no watch
    shot = game.play("shoot ana rat")[-1]
    lines = shot.data["lines"]
    assert not any("cover" in line for line in lines)  # R9.2: beside it, its cover does not count: no -40
    assert game.state.unit("ana").ap == 0


def test_the_ambush_a_hidden_watcher_is_revealed_as_it_interrupts(tmp_path):  # R21.4.2 c, R21.3.3, E21.4
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ben((0, 6)))
    game.play("react rat")
    assert game.state.unit("rat").hidden  # R21.3.3: a watch keeps it hidden
    events = game.play_all(["gm dice 4", "move ben 0,5 0,4"])
    kinds = [event.kind for event in events if event.kind in ("move", "interrupt", "reveal")]
    assert kinds == ["move", "interrupt", "reveal"]
    assert reveals(events) == ["Rat is revealed: it interrupts (R21.4.2 c)"]
    assert game.state.active == "rat" and game.state.unit("ben").at == (0, 5)
    assert seen_by(game, "vault") == {"rat"}
    game.play("shoot rat ben lean")  # it may attack the enemy that entered (R16.2): it sees it
    game.play("end")
    assert game.state.unit("ben").at == (0, 5)


def test_the_ambush_with_a_failed_perception_test_rat_stays_hidden(tmp_path):  # R21.4.2 c, E21.4
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ben((0, 6)))
    events = game.play_all(["react rat", "gm dice 7", "move ben 0,5 0,4"])
    assert reveals(events) == []
    assert game.state.unit("rat").hidden and game.state.unit("ben").at == (0, 4)
    assert seen_by(game, "vault") == set()


def test_on_hexes_only_the_six_neighbours_reveal(tmp_path):  # R21.4.2 d, R20, E21.6
    game = fog_game(tmp_path, ana((7, 4), "W"), rat((4, 2), "W", hidden=True), rows=FORD, hexes=True)
    assert game.state.unit("rat").in_cover
    events = game.play("move ana 6,4 5,3 4,3")
    assert reveals(events) == ["Rat is revealed: Ana stands beside it at 4,3 (R21.4.2 d)"]
    move = next(event for event in events if event.kind == "move")
    assert move.data["path"] == [[6, 4], [5, 3], [4, 3]]
    assert game.state.unit("ana").ap == 8 - 3


def test_an_unconscious_neighbour_reveals_nothing(tmp_path):  # R21.4.2 d
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    game.play_all(["gm set ana unconscious=2", "gm set ana at=8,1"])
    assert game.state.unit("rat").hidden


def test_reveal_is_no_action_and_costs_nothing(tmp_path):  # R21.4.1, R21.4.2 a, R21.4.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    events = game.play("reveal rat")
    assert reveals(events) == ["Rat is revealed: it shows itself (R21.4.2 a)"]
    rat_now = game.state.unit("rat")
    assert not rat_now.hidden and not rat_now.quietly_revealed and rat_now.ap == 8 and not rat_now.spent_ap
    game.play("react rat")  # R16.1: it may still stand watch this turn
    assert game.state.unit("rat").watch is not None


def test_reveal_then_delay(tmp_path):  # R21.4.1: no action for R13.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    game.play_all(["reveal rat", "delay rat"])
    assert game.state.delayed == ("rat",)


def test_reveal_is_refused_when_not_hidden_and_out_of_turn(tmp_path):  # R21.4.1
    game = fog_game(tmp_path, ana((0, 0)), moss((0, 6)), rat((9, 2), "W", hidden=True))
    with pytest.raises(CommandError, match=r"^Ana is not hidden \(R21\.4\.1\)$"):
        game.play("reveal ana")
    # In Ana's turn the command is the vault's, which does not know of Rat: the refusal tells nothing (R21.5.1).
    with pytest.raises(CommandError, match=r"^no unit rat in The Vault's view$"):
        game.play("reveal rat")
    game.play("end")  # Moss's turn: the raiders know Rat
    with pytest.raises(CommandError, match="not Rat's turn"):
        game.play("reveal rat")


@pytest.mark.parametrize("word", ["shaken", "broken"])
def test_a_shaken_or_broken_character_may_reveal_itself(tmp_path, word):  # R21.4.1, R18.1.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)), modules=("fog_of_war", "morale"))
    game.play(f"gm morale rat {word}")
    game.play("reveal rat")
    assert not game.state.unit("rat").hidden


def test_what_a_hidden_character_may_do_and_stay_hidden(tmp_path):  # R21.3.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    events = game.play_all(["gm set rat ammo=3", "turn rat SW", "pose rat crouched", "reload rat", "end"])
    assert reveals(events) == [] and game.state.unit("rat").hidden


@pytest.mark.parametrize(
    ("line", "reason"),
    [("uncover rat", "it leaves cover"), ("shoot rat ana lean", "it shoots"), ("shoot rat ana blind", "it shoots")],
)
def test_an_action_reveals_first_before_its_ap_and_dice(tmp_path, line, reason):  # R21.3.4, R21.4.2 b
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((4, 3)))
    events = game.play(line)
    texts = [event.text for event in events]
    revealed = f"Rat is revealed: {reason} (R21.4.2 b)"
    assert revealed in texts
    assert texts.index(revealed) == next(i for i, e in enumerate(events) if e.kind != "gm")  # before anything
    assert not game.state.unit("rat").hidden and not game.state.unit("rat").quietly_revealed


def test_a_refused_command_reveals_nothing(tmp_path):  # R21.4.2 b
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((4, 3)))
    with pytest.raises(CommandError, match="in cover"):
        game.play("move rat 9,3")
    game.play("gm set rat ap=2")
    with pytest.raises(CommandError):
        game.play("shoot rat ana lean")
    assert game.state.unit("rat").hidden


def test_a_hidden_pinner_is_revealed_by_pinning(tmp_path):  # R21.3.4, R21.4.2 b, R21.5.4
    game = fog_game(tmp_path, ana((2, 3)), jed((9, 2), "W", hidden=True))
    game.play_all(["cover ana", "end"])
    events = game.play("pin jed ana")
    assert reveals(events) == ["Jed is revealed: it pins Ana down (R21.4.2 b)"]
    assert game.state.unit("jed").pin is not None


def test_damage_reveals(tmp_path):  # R21.4.2 e, R21.4.4
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    events = game.play("gm hp rat -5")
    assert reveals(events) == ["Rat is revealed: it is hurt (R21.4.2 e)"]
    assert game.state.unit("rat").quietly_revealed  # R21.4.3


def test_burning_reveals(tmp_path):  # R21.4.2 e
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    events = game.play("gm condition rat burning 2")
    assert reveals(events) == ["Rat is revealed: it is set on fire (R21.4.2 e)"]


@pytest.mark.parametrize("line", ["gm set rat in_cover=false", "gm set rat at=7,5"])
def test_no_longer_in_cover_reveals(tmp_path, line):  # R21.4.2 f
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    events = game.play(line)
    assert reveals(events) == ["Rat is revealed: it is no longer in cover (R21.4.2 f)"]


def test_a_move_beside_other_cover_keeps_it_hidden(tmp_path):  # R21.4.2 f: only cover lost reveals
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    game.play("gm set rat at=6,6")
    assert game.state.unit("rat").hidden


@pytest.mark.parametrize(("word", "reason"), [("surrenders", "it surrenders"), ("flees", "it flees")])
def test_surrender_and_flight_reveal(tmp_path, word, reason):  # R21.4.2 g
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True), modules=("fog_of_war", "morale"))
    game.play("gm morale rat broken")
    events = game.play(f"gm morale rat {word}")
    assert reveals(events) == [f"Rat is revealed: {reason} (R21.4.2 g)"]


def test_a_quietly_revealed_character_is_quiet_until_its_own_next_action(tmp_path):  # R21.4.3
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    game.play("gm reveal rat")
    assert game.state.unit("rat").quietly_revealed
    game.play("turn rat SW")
    assert not game.state.unit("rat").quietly_revealed


def test_revealing_itself_it_may_enter_a_watch(tmp_path):  # R21.4.3
    game = fog_game(tmp_path, ben((0, 3), "E"), rat((9, 2), "W", hidden=True))
    game.play("react ben")
    events = game.play_all(["gm dice 1", "reveal rat"])
    assert any(event.kind == "interrupt" for event in events)
    assert game.state.active == "ben"


def test_revealed_by_the_game_master_it_enters_no_watch(tmp_path):  # R21.4.3
    game = fog_game(tmp_path, ben((0, 3), "E"), rat((9, 2), "W", hidden=True))
    game.play("react ben")
    events = game.play_all(["gm dice 1", "gm reveal rat"])
    assert not any(event.kind in ("interrupt", "reaction") for event in events)
    assert game.state.active == "rat"


def test_a_hidden_character_is_in_the_fight(tmp_path):  # R21.3.5
    game = fog_game(tmp_path, ana((0, 0)), rat((9, 2), "W", hidden=True))
    assert "rat" in game.state.order and not game.state.finished
    game.play("end")
    assert game.state.active == "rat"


@pytest.mark.parametrize(
    ("line", "words", "rule"),
    [
        ("reveal ana", "reveal", "R21.4.1"),
        ("gm hide ana", "gm hide", "R21.7.1"),
        ("gm reveal ana", "gm reveal", "R21.7.2"),
        ("gm sees vault jed on", "gm sees", "R21.7.3"),
    ],
)
def test_the_commands_are_refused_with_the_module_off(tmp_path, line, words, rule):  # R21
    game = fog_game(tmp_path, ana((0, 0)), jed((9, 6)), modules=())
    expected = (
        f"{words} belongs to the fog of war module, which this encounter has off: switch it on with "
        f"fog_of_war = true in the encounter's [modules] ({rule})"
    )
    with pytest.raises(CommandError) as refusal:
        game.play(line)
    assert str(refusal.value) == expected


def test_legal_commands_list_reveal_for_a_hidden_character(tmp_path):  # R21.4.1, R21.9.2
    game = fog_game(tmp_path, rat((9, 2), "W", hidden=True), ana((0, 0)))
    assert "reveal rat" in legal_commands(game.state)
    game.play("reveal rat")
    assert "reveal rat" not in legal_commands(game.state)


def test_the_crates_it_hid_behind_burn_and_reveal_it(tmp_path):  # R21.4.2 f, R18.3.3
    rows = ("..........", "..........", "........%.", "..........")
    document = fog_document(
        ana((0, 0)), rat((9, 2), "W", hidden=True), rows=rows, modules=("fog_of_war", "fire_spread")
    )
    document["map"]["legend"] = {"%": "crates"}
    game = Game(load_encounter(write_encounter(tmp_path / "fog.toml", document), load_library(ROOT / "content")))
    game.play("start")
    assert game.state.unit("rat").hidden
    events = game.play("gm fire 8,2 on")  # burning crates hide, they stop no bullet: no cover (R9.1)
    assert reveals(events) == ["Rat is revealed: it is no longer in cover (R21.4.2 f)"]


def test_attacking_at_once_it_fires_before_a_watcher_may_answer(tmp_path):  # R21.4.3
    game = fog_game(tmp_path, ben((0, 3), "E"), rat((9, 2), "W", hidden=True))
    game.play("react ben")
    events = game.play_all(["gm dice 99 1", "shoot rat ben lean"])  # a miss, then Ben's perception
    kinds = [event.kind for event in events if event.kind in ("reveal", "attack", "interrupt")]
    assert kinds == ["reveal", "attack", "interrupt"]
    assert game.state.active == "ben"
