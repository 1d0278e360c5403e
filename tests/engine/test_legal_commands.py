"""`legal_commands(state)` against `apply` over random reachable states of every shipped encounter
(Hypothesis): every listed line is accepted, and every well-formed line `apply` accepts for the acting unit
is listed (a move: one to the same cell at the same gait, for no more AP) — but for the one exception, throws
(R22): they are listed only at `throw_cells` (the cells of the enemies the side sees, their neighbours and its
marks, R21.9.2), so a throw `apply` accepts at any other cell in reach is not listed.

States come from the encounter's start by random legal lines with a seeded generator. More examples on
demand: APCOMBAT_LEGAL_EXAMPLES=500 pytest tests/engine/test_legal_commands.py
"""

from __future__ import annotations

import os
import random
from functools import cache

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.dice import SeededDice
from apcombat.engine import (
    CommandError,
    Game,
    apply,
    format_command,
    legal_actions,
    legal_commands,
    parse_command,
    preview,
)
from apcombat.engine.commands import Move, Throw, Turn
from apcombat.engine.legal import throw_cells
from apcombat.engine.preview import judged_state
from apcombat.engine.views import reachable_area
from apcombat.model import Encounter, Facing

from .builders import encounter, unit, write_encounter
from .throw_fights import ana, jed, throw_game

MAP_ENCOUNTERS = (
    "duel",
    "street_fight",
    "heavy_weapons",
    "rooftops",
    "big_battlefield",
    "pinned_down",  # R18.4, R18.6
    "duel@hex",
    "rooftops@hex",
    "scrapyard_cards",  # R18.5: the activation deck
)
"""Shipped encounters; NAME@hex is that encounter's map read as hexes (R20), N and S facings turned to NE, SW."""
ENCOUNTERS = (*MAP_ENCOUNTERS, "table_brawl")
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
LOCATIONS = ("head", "torso", "arm", "legs", "weapon")
LEGAL_SETTINGS = settings(
    max_examples=int(os.environ.get("APCOMBAT_LEGAL_EXAMPLES", "12")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@cache
def start_of(name: str) -> Encounter:
    stem, _, kind = name.partition("@")
    start = load_encounter(content_root() / "encounters" / f"{stem}.toml", load_library(content_root()))
    if not kind or start.map is None:
        return start
    on_hexes = {Facing.N: Facing.NE, Facing.S: Facing.SW}
    units = tuple(attrs.evolve(u, facing=on_hexes.get(u.facing, u.facing)) for u in start.units)
    return attrs.evolve(start, map=attrs.evolve(start.map, kind=kind), units=units)


def random_line(lines: list[str], rng: random.Random) -> str:
    """A legal line, its kind (the first word) drawn first, so moves and jumps do not crowd out the rest."""
    kinds = sorted({line.split()[0] for line in lines})
    kind = rng.choice(kinds)
    return rng.choice([line for line in lines if line.split()[0] == kind])


def reached_state(name: str, seed: int, steps: int) -> Encounter:
    """The state after `start` and up to `steps` random legal lines (fewer if the fight ends)."""
    rng = random.Random(seed)
    game = Game(start_of(name), seed=seed)
    game.play("start")
    for _ in range(steps):
        lines = legal_commands(game.state)
        if not lines:
            break
        game.play(random_line(lines, rng))
    return game.state


def accepted(state: Encounter, line: str, seed: int) -> bool:
    command = parse_command(line)
    assert command is not None
    try:
        apply(state, command, SeededDice(seed))
    except CommandError:
        return False
    return True


def test_set_up_offers_start_and_a_finished_fight_nothing():
    state = start_of("duel")
    assert legal_commands(state) == ["start"]
    game = Game(state, seed=1)
    game.play("start")
    assert "start" not in legal_commands(game.state)
    game.play("gm set raider hp=0")
    assert game.state.finished and legal_commands(game.state) == []


def test_lines_are_in_the_command_language_and_never_game_master_or_history_lines():
    state = reached_state("street_fight", 3, 5)
    lines = legal_commands(state)
    assert lines == legal_commands(state)  # deterministic
    assert len(lines) == len(set(lines))
    for line in lines:
        assert line.split()[0] not in ("gm", "undo", "redo", "start")
        command = parse_command(line)
        assert command is not None and command.who in (None, state.active)


@LEGAL_SETTINGS
@given(name=st.sampled_from(ENCOUNTERS), seed=st.integers(0, 2**16), steps=st.integers(0, 25))
def test_every_listed_line_is_accepted(name, seed, steps):
    # R7, R8, R9, R13.3, R15, R16, R17, R19: what legal_commands lists, apply plays.
    state = reached_state(name, seed, steps)
    lines = legal_commands(state)
    rng = random.Random(seed)
    many = [line for line in lines if line.split()[0] in ("move", "jump")]
    sample = [line for line in lines if line not in many] + rng.sample(many, min(len(many), 12))
    refused = [line for line in sample if not accepted(state, line, seed)]
    assert not refused, f"listed but refused in {name} after {steps} lines (seed {seed}): {refused}"


def line_for(state: Encounter, data: st.DataObject) -> str:
    """A random well-formed line for the acting unit (most of them refused)."""
    unit = state.unit(state.active)
    others = [u.id for u in state.units if u.id != unit.id]
    (x, y) = unit.at if unit.at is not None else (0, 0)
    near = st.tuples(st.integers(x - 7, x + 7), st.integers(y - 7, y + 7)).map(
        lambda c: f"{max(0, c[0])},{max(0, c[1])}"
    )
    who = unit.id
    target = st.sampled_from(others)
    items = [stock.weapon.id for stock in unit.thrown] or ["frag_grenade"]
    aim = st.tuples(st.sampled_from(LOCATIONS), st.sampled_from(["", "", " +1", " +2", " +4"])).map(
        lambda a: f" aimed {a[0]}{a[1]}"
    )
    return data.draw(
        st.one_of(
            st.tuples(st.lists(near, min_size=1, max_size=3), st.sampled_from(["", " run"])).map(
                lambda a: f"move {who} {' '.join(a[0])}{a[1]}"
            ),
            st.sampled_from(FACINGS).map(lambda f: f"turn {who} {f}"),
            st.sampled_from(["upright", "crouched", "prone"]).map(lambda p: f"pose {who} {p}"),
            st.sampled_from(["cover", "uncover", "reload", "swap", "react", "delay"]).map(lambda v: f"{v} {who}"),
            st.just("end"),
            st.tuples(
                target, st.one_of(st.just(""), st.just(" burst"), aim), st.sampled_from(["", " blind", " lean"])
            ).map(lambda a: f"shoot {who} {a[0]}{a[1]}{a[2]}"),
            st.tuples(target, st.sampled_from(["", " burst"]), st.sampled_from(["", " lean"])).map(
                lambda a: f"dual {who} {a[0]}{a[1]}{a[2]}"
            ),
            st.tuples(target, st.sampled_from(["", " lean"])).map(lambda a: f"flame {who} {a[0]}{a[1]}"),
            st.tuples(target, st.one_of(st.just(""), aim)).map(lambda a: f"melee {who} {a[0]}{a[1]}"),
            target.map(lambda t: f"pin {who} {t}"),
            near.map(lambda c: f"jump {who} {c}"),
            st.tuples(st.sampled_from(items), near, st.sampled_from(["", " lean"])).map(
                lambda a: f"throw {who} {a[0]} {a[1]}{a[2]}"
            ),
        )
    )


def covered(state: Encounter, line: str, lines: list[str]) -> bool:
    """The line is listed — a move: a listed move to the same cell at the same gait costs no more AP."""
    command = parse_command(line)
    listed = [parse_command(each) for each in lines]
    if not isinstance(command, Move):
        return command in listed
    cost = preview(state, command).ap_cost
    for other in listed:
        if isinstance(other, Move) and other.waypoints[-1:] == command.waypoints[-1:] and other.run == command.run:
            return preview(state, other).ap_cost <= cost
    return False


def unlisted_on_purpose(state: Encounter, line: str) -> bool:
    """Lines that change nothing a player would play for: a turn to the facing held, a move back to the
    cell the unit stands on (the engine refuses both once R7.3's turn chains are in); and the listing's one
    exception: a throw at a cell outside `throw_cells`, judged on the acting side's view (R22, R21.9.2)."""
    command = parse_command(line)
    unit = state.unit(state.active)
    if isinstance(command, Turn):
        return command.facing is unit.facing
    if isinstance(command, Throw):
        judged = judged_state(state)
        return command.cell not in throw_cells(judged, judged.unit(unit.id))
    return isinstance(command, Move) and command.waypoints[-1:] == (unit.at,)


@LEGAL_SETTINGS
@given(name=st.sampled_from(MAP_ENCOUNTERS), seed=st.integers(0, 2**16), steps=st.integers(0, 25), data=st.data())
def test_every_accepted_line_is_listed(name, seed, steps, data):
    # R7, R8, R9, R15, R16, R17, R19, R22: nothing apply allows the acting unit is missing from the list (a
    # throw: at the cells `throw_cells` names, the one exception).
    state = reached_state(name, seed, steps)
    if state.active is None:
        return
    lines = legal_commands(state)
    missing = []
    for _ in range(40):
        line = line_for(state, data)
        if accepted(state, line, seed) and not unlisted_on_purpose(state, line) and not covered(state, line, lines):
            missing.append(line)
    assert not missing, f"accepted but not listed in {name} after {steps} lines (seed {seed}): {missing}"


@LEGAL_SETTINGS
@given(name=st.sampled_from(MAP_ENCOUNTERS), seed=st.integers(0, 2**16), steps=st.integers(0, 25))
def test_a_listed_move_walks_the_path_its_search_found(name, seed, steps):
    # R7.1, R7.3, R14.1: `move WHO X,Y` takes the cheapest path — the one the search of the reachable area
    # found, walked back through its parents — at the AP the area shows.
    state = reached_state(name, seed, steps)
    if state.active is None:
        return
    unit = state.unit(state.active)
    areas = {run: reachable_area(state, unit, run) for run in (False, True)}
    for line in legal_commands(state):
        command = parse_command(line)
        if isinstance(command, Move):
            area, cell = areas[command.run], command.waypoints[-1]
            shown = preview(state, command)
            assert shown.allowed and shown.ap_cost == area[cell].ap, line
            assert [step.cell for step in shown.path] == list(area.path_to(cell).cells), line


def test_an_interrupting_watcher_is_offered_only_what_r16_2_allows(tmp_path):
    # R16.2: attack the enemy that triggered the watch, cover, pose, move, turn to face it; then end.
    data = encounter(
        [
            unit("ana", "a", (4, 1), facing="SE"),
            unit("bob", "b", (8, 3), facing="W", weapons=["colt_1911", "knife"]),
            unit("cid", "a", (6, 5), facing="N"),
        ]
    )
    start = load_encounter(write_encounter(tmp_path / "watch.toml", data), load_library(content_root()))
    game = Game(start, seed=1)
    for line in ["gm dice 2 6 1", "gm set bob ammo=3", "react bob", "gm dice 3", "move ana 6,3"]:
        game.play(line)
    assert game.state.interrupt is not None and game.state.active == "bob"
    lines = legal_commands(game.state)
    kinds = {line.split()[0] for line in lines}
    assert kinds == {"move", "pose", "shoot", "end"}  # facing W, Bob already faces Ana: no turn to offer
    assert all(line.split()[2] == "ana" for line in lines if line.startswith("shoot"))
    assert all(accepted(game.state, line, 1) for line in lines if not line.startswith("move"))


def test_throws_are_listed_at_throw_cells_the_one_exception(tmp_path):
    # R22, R21.9.2: on open ground every cell in reach takes a throw; the list offers those around the enemy it
    # sees (Jed at 4,2), and a throw elsewhere is accepted, not listed: the exception `unlisted_on_purpose` states.
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    state, lines = game.state, legal_commands(game.state)
    listed = {parse_command(line).cell for line in lines if line.startswith("throw")}
    assert listed == {(x, y) for x in (3, 4, 5) for y in (1, 2, 3)}
    for x, y in ((x, y) for x in range(9) for y in range(5)):
        line = f"throw ana frag_grenade {x},{y}"
        assert accepted(state, line, 1), line  # open ground within 12 m, Ana's own cell too (R22.2.3)
        assert (line in lines) == (not unlisted_on_purpose(state, line)), line


def test_table_mode_lists_no_line_that_needs_a_distance_measured():
    # Table mode: moves, jumps and ranged attacks need the game master's centimetres; the rest is listed.
    game = Game(start_of("table_brawl"), seed=2)
    game.play("start")
    lines = legal_commands(game.state)
    assert lines and lines[-1] == "end"
    assert not [line for line in lines if line.split()[0] in ("move", "jump", "shoot", "dual", "flame")]
    assert all(accepted(game.state, line, 2) for line in lines)


def test_movement_carried_over_is_offered_with_no_ap_left(tmp_path):
    # R7.1, R14.1: two running steps (60 mm) buy 2 AP = 90 mm; the 30 mm left pay a third step with 0 AP.
    data = encounter([unit("ana", "a", (1, 1), facing="E"), unit("bob", "b", (1, 5), facing="E")])
    game = Game(load_encounter(write_encounter(tmp_path / "run.toml", data), load_library(content_root())), seed=1)
    game.play("start")
    who = game.state.active
    y = game.state.unit(who).at[1]
    game.play(f"gm set {who} ap=2")
    game.play(f"move {who} 3,{y} run")
    assert game.state.unit(who).ap == 0
    lines = legal_commands(game.state)
    assert f"move {who} 4,{y} run" in lines
    assert accepted(game.state, f"move {who} 4,{y} run", 1)


@LEGAL_SETTINGS
@given(name=st.sampled_from(ENCOUNTERS), seed=st.integers(0, 2**16), steps=st.integers(0, 25))
def test_legal_commands_are_the_lines_of_legal_actions(name, seed, steps):
    # the engine's callers get the commands, plug-ins their lines: the same list, each line read back as its command
    state = reached_state(name, seed, steps)
    actions = legal_actions(state)
    assert [parse_command(line) for line in legal_commands(state)] == actions
    assert [format_command(command) for command in actions] == legal_commands(state)
