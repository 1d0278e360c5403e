"""`legal_commands` with the morale and casualties modules on (rooftops has both): what a stunned (R18.2.1),
shaken or broken (R18.1.3) character may do, and `aid` next to a friend who is man down (R18.2.2) — every
listed line accepted by `apply`, and the forbidden ones left out."""

from __future__ import annotations

import attrs
import pytest

from apcombat.dice import SeededDice
from apcombat.engine import CommandError, Game, apply, legal_commands, parse_command
from apcombat.engine.modules.morale.checks import edge_metres
from apcombat.model import Encounter, Pose, with_fields
from apcombat.model.fates import Edge, Fate, MoraleState

from .test_legal_commands import start_of


def _playing(**changes) -> Encounter:
    """Rooftops with Ana acting (initiative rolled on seed 3), Ana changed as given."""
    game = Game(start_of("rooftops"), seed=3)
    game.play("start")
    state = game.state
    state = attrs.evolve(state, active="ana", taken=("ana",))
    return state.with_unit(with_fields(state.unit("ana"), ap=8, **changes))


def _all_accepted(state: Encounter, lines: list[str]) -> None:
    for line in lines:
        command = parse_command(line)
        assert command is not None
        try:
            apply(state, command, SeededDice(1))
        except CommandError as error:  # pragma: no cover - the failure message says which line
            pytest.fail(f"{line}: {error}")


def test_r18_1_3_shaken_lists_no_attack_watch_or_pin() -> None:
    state = _playing(morale=MoraleState.SHAKEN)
    lines = legal_commands(state)
    assert not [line for line in lines if line.split()[0] in ("shoot", "dual", "flame", "melee", "react", "pin")]
    assert any(line.startswith("move ana") for line in lines)
    _all_accepted(state, [line for line in lines if not line.startswith("move")][:20])


def test_r18_1_3_broken_lists_only_steps_toward_its_edge_and_no_end_while_it_can_run() -> None:
    state = _playing(morale=MoraleState.BROKEN)
    state = attrs.evolve(state, sides=tuple(with_fields(s, edge=Edge.N) for s in state.sides))
    lines = legal_commands(state)
    moves = [line for line in lines if line.startswith("move")]
    assert moves and "end" not in lines
    assert {line.split()[0] for line in lines} <= {"move", "turn", "pose", "uncover"}
    here = edge_metres(state, state.unit("ana").at, Edge.N)
    for line in moves:
        x, y = map(int, line.split()[2].split(","))
        assert edge_metres(state, (x, y), Edge.N) <= here
    _all_accepted(state, moves[:10])


def test_r18_2_1_stunned_lists_only_moving_turning_poses_cover_and_end() -> None:
    state = _playing(stunned=True, pose=Pose.PRONE, hp=1)
    lines = legal_commands(state)
    assert {line.split()[0] for line in lines} <= {"move", "turn", "pose", "cover", "uncover", "end"}
    assert "end" in lines


def test_r18_2_2_aid_is_listed_next_to_a_friend_who_is_man_down() -> None:
    state = _playing()
    ana = state.unit("ana")
    vera = attrs.evolve(state.unit("vera"), at=(ana.at[0] + 1, ana.at[1]), fate=Fate.MAN_DOWN, hp=0)
    state = state.with_unit(vera)
    assert "aid ana vera" in legal_commands(state)
    far = state.with_unit(attrs.evolve(vera, at=(ana.at[0] + 3, ana.at[1])))
    assert "aid ana vera" not in legal_commands(far)
