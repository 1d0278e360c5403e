"""Who has not yet acted this round (R13.2, R13.3): `still_to_act`, the battlefield's "next unit" key's list."""

from __future__ import annotations

from pathlib import Path

import attrs

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Delay, End, Game, Start, Turn, still_to_act
from apcombat.model import Encounter, Facing

from .builders import encounter, unit, write_encounter


def four_units(tmp_path: Path) -> Game:
    """Ana and Bob (side a), Cid and Dee (side b), acting in the file's order (initiative off, R0.6)."""
    units = [
        unit("ana", "a", (0, 0), facing="E"),
        unit("bob", "a", (0, 6), facing="E"),
        unit("cid", "b", (11, 0), facing="W"),
        unit("dee", "b", (11, 6), facing="W"),
    ]
    data = encounter(units, optional_rules={"initiative": False})
    return Game(load_encounter(write_encounter(tmp_path / "four.toml", data), load_library(content_root())), seed=1)


def names(state: Encounter, sides: set[str] | None = None) -> list[tuple[str, int, str]]:
    return [(come.unit.id, come.ap, come.why) for come in still_to_act(state, sides)]


def test_the_units_still_to_act_come_in_the_rounds_order_without_the_acting_one(tmp_path: Path) -> None:
    game = four_units(tmp_path)
    assert names(game.state) == []  # set-up: no round yet
    game.play(Start())
    assert game.state.active == "ana"
    assert names(game.state, {"a"}) == [("bob", 8, "")]
    assert names(game.state) == [("bob", 8, ""), ("cid", 8, ""), ("dee", 8, "")]
    game.play(End())
    assert names(game.state, {"a"}) == []  # Bob acts: nobody of side a is left


def test_a_delayed_unit_comes_last_and_one_it_stepped_in_before_first(tmp_path: Path) -> None:
    game = four_units(tmp_path)
    game.play_all([Start(), End(), Delay("bob")])
    delayed = "delayed: acts once the others are done (R13.3)"
    assert game.state.active == "cid"
    assert names(game.state) == [("dee", 8, ""), ("bob", 8, delayed)]
    game.play(End())
    game.play(Turn("bob", Facing.N))  # Bob steps in before Dee, who has spent nothing (R13.3)
    assert game.state.active == "bob"
    assert names(game.state) == [("dee", 8, "its turn goes on after the delayed one (R13.3)")]


def test_a_head_wound_takes_its_ap_and_a_unit_down_or_unconscious_is_left_out(tmp_path: Path) -> None:
    game = four_units(tmp_path)
    game.play(Start())
    state = game.state
    state = state.with_unit(attrs.evolve(state.unit("bob"), ap_loss_next_turn=3))  # R12.1
    state = state.with_unit(attrs.evolve(state.unit("cid"), hp=0))
    state = state.with_unit(attrs.evolve(state.unit("dee"), unconscious_rounds=1))
    assert names(state) == [("bob", 5, "")]
