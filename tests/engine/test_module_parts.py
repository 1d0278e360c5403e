"""The rule modules as parts (`engine.part`): the registry agrees with the keys `apcombat check` takes, the
core names no module, and the hooks R21 needs are called by the core and can act — shown with a toy part
installed for the test: it stops a move after its first step (R21.6.1's hook), refuses a target (R21.5.1's)
and runs the last step of the end of a round (R21.2.2 b's)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import apcombat.engine
from apcombat.content import content_root, load_encounter, load_library
from apcombat.dice import DiceSource
from apcombat.engine import CommandError, Event, Game, rule_modules
from apcombat.engine.modules import REGISTRY
from apcombat.engine.part import RoundEnd, RuleModule, install, installed
from apcombat.model import Encounter, Side, Unit
from apcombat.model.module_state import EncounterSlots, SideSlots, UnitSlots
from apcombat.model.modules import Module

from .builders import encounter, unit, write_encounter

ENGINE = Path(apcombat.engine.__file__).parent
_IMPORTS_A_MODULE = re.compile(r"^\s*(from|import) apcombat\.engine\.modules\b", re.MULTILINE)


def test_the_registry_holds_the_keys_apcombat_check_takes_in_their_rules_order() -> None:
    # `apcombat check` (content, below the engine) reads model.modules; the registry must agree with it.
    assert [(part.key, part.words, part.rule) for part in rule_modules()] == [
        (m.value, m.words, m.rule) for m in Module
    ]
    assert set(REGISTRY) == set(installed())


def test_the_core_names_no_module() -> None:
    # The engine's files outside engine/modules/ import no module's part: they call the hooks of the registry.
    naming = [
        path.name
        for path in ENGINE.glob("*.py")
        if path.name != "__init__.py" and _IMPORTS_A_MODULE.search(path.read_text(encoding="utf-8"))
    ]
    assert naming == []


CORE_UNIT_FIELDS = {
    *("id", "side", "character", "hp", "ap", "at", "facing", "pose", "armor", "weapons", "in_hand", "offhand"),
    *("ammo", "in_cover", "wounds", "exhaustion", "burning", "unconscious_rounds", "ap_loss_next_turn"),
    *("carried_mm", "carried_rate", "recent_steps", "turn_degrees", "turn_paid", "sacrificed_ap", "ran_ap"),
    *("spent_ap", "initiative", "initiative_bonus", "watch", "pin", "ai_role", "fate", "slots"),
    "thrown",  # R22.1.2: the core's (R22 is no module)
    "note",  # the game master's note (issue 28): the table's, no module's
}


def _slot_fields(slots: type, key: str) -> tuple[str, ...]:
    """The fields of the slot `key` in a holder's slots class (none when the module keeps nothing there)."""
    slot = attrs.fields_dict(attrs.resolve_types(slots)).get(key)
    return tuple(field.name for field in attrs.fields(slot.type)) if slot is not None and slot.type else ()


def test_each_modules_state_is_its_slot_on_a_unit_a_side_and_the_encounter() -> None:
    # The core's Unit holds its own fields (fate, out of the fight, is the core's: victory counts it) and the
    # slots; each part's state is the fields of its slot, read through the unit's properties of the same names.
    assert {field.name for field in attrs.fields(Unit)} == CORE_UNIT_FIELDS
    holders = (
        (Unit, UnitSlots, "unit_state"),
        (Side, SideSlots, "side_state"),
        (Encounter, EncounterSlots, "encounter_state"),
    )
    for holder, slots, state in holders:
        assert {field.name for field in attrs.fields(slots)} <= {part.key for part in installed()}
        for part in installed():
            assert getattr(part, state) == _slot_fields(slots, part.key), (part.key, state)
            assert all(isinstance(getattr(holder, name), property) for name in getattr(part, state))


class Toy(RuleModule):
    """Stops every move after its first step, refuses attacks on `raider`, and logs the end of each round."""

    key, words, rule = "toy", "toy module", "R99.1"
    round_end = (RoundEnd(60, lambda state, dice, events, before: _last_step(state, events)),)

    def after_step(
        self, state: Encounter, mover_id: str, dice: DiceSource, events: list[Event]
    ) -> tuple[Encounter, bool]:
        events.append(Event("toy", f"{state.unit(mover_id).name} stops"))
        return state, True

    def refuse_target(self, state: Encounter, attacker: Unit, target: Unit) -> None:
        if target.id == "raider":
            raise CommandError(f"{attacker.name} may not name {target.name} (toy)")


def _last_step(state: Encounter, events: list[Event]) -> Encounter:
    events.append(Event("toy", f"the end of round {state.round}: the toy's step"))
    return state


@pytest.fixture
def toy() -> Iterator[None]:
    before = install((*installed(), Toy()))
    try:
        yield
    finally:
        install(before)


def _game(tmp_path: Path, toy_on: bool = True, **modules: bool) -> Game:
    data = encounter([unit("ana", "vault", (1, 3), facing="E"), unit("raider", "raiders", (8, 3), facing="W")])
    state = load_encounter(write_encounter(tmp_path / "toy.toml", data), load_library(content_root()))
    game = Game(attrs.evolve(state, modules={"toy": toy_on, **modules}), seed=1)
    game.play("start")
    return game


def test_a_part_may_stop_a_move_after_a_step(tmp_path: Path, toy: None) -> None:
    game = _game(tmp_path)
    mover = game.state.active
    assert mover is not None
    start = game.state.unit(mover).at
    assert start is not None
    step = 1 if mover == "ana" else -1
    events = game.play(f"move {mover} {start[0] + 3 * step},{start[1]}")
    assert game.state.unit(mover).at == (start[0] + step, start[1])  # one step of three
    assert [event.kind for event in events] == ["toy", "move"]


def test_a_part_may_refuse_a_target(tmp_path: Path, toy: None) -> None:
    game = _game(tmp_path)
    if game.state.active != "ana":
        game.play("end")
    with pytest.raises(CommandError, match=r"Ana may not name Raider \(toy\)"):
        game.play("shoot ana raider")


def test_a_part_runs_the_last_step_of_the_end_of_a_round(tmp_path: Path, toy: None) -> None:
    game = _game(tmp_path, morale=True, suppression=True)
    game.play("end")
    texts = [event.text for event in game.play("end")]
    assert texts.index("the end of round 1: the toy's step") < texts.index("round 2 begins")


def test_a_part_that_is_off_is_not_called(tmp_path: Path, toy: None) -> None:
    game = _game(tmp_path, toy_on=False)
    if game.state.active != "ana":
        game.play("end")
    game.play("shoot ana raider")  # no refusal: the toy is off
    assert all(event.kind != "toy" for event in game.play("end"))
