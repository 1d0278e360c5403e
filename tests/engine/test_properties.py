"""Properties of the engine over random command sequences on a small map (Hypothesis), played through
`engine.Game` as `apcombat run` plays them:

- any sequence only ever refuses a line with CommandError, never leaves a unit with AP below 0, and never
  puts two units in one cell or a unit on a wall or a low obstacle;
- replaying a game's history from the start (Game.replay) gives the state of live play;
- undo after N commands gives the state after N - 1, back to the start, and redo gives them again.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game
from apcombat.model import Encounter, Terrain
from apcombat.model.modules import MODULES

from .builders import encounter, unit, write_encounter

ROWS = (
    "......",
    "..=...",
    ".:._H.",
    "......",
    "....#.",
)
FIRE_ROWS = (
    "..,,..",
    "..%,..",
    ".:._H.",
    ",,,...",
    "...^#.",
)
"""ROWS with brush, crates and a hut for the fights with spreading fires on (R18.3)."""
CELLS = [(x, y) for y in range(len(ROWS)) for x in range(len(ROWS[0]))]
IDS = ("ana", "bob", "cid")
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
LOCATIONS = ("head", "torso", "arm", "legs", "weapon")
PROPERTY_SETTINGS = settings(
    max_examples=int(os.environ.get("APCOMBAT_PROPERTY_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


PROPERTY_MODULES = {
    "map": {},
    "table": {},
    "deck": {"activation_deck": True},  # on the map
    "map+r18": {"morale": True, "casualties": True},
    "table+r18": {"morale": True, "casualties": True},
    "fires": {"fire_spread": True},  # on a map with flammable terrain (FIRE_ROWS)
    "map+modules": {"suppression": True, "rerolls": True},  # 4 re-roll points a side
    "table+modules": {"suppression": True, "rerolls": True},
    "all six": {module: True for module in MODULES},  # on the map with flammable terrain, 4 points a side
}
"""Each start's R18 modules: none, the activation deck (R18.5), morale and casualties (R18.1, R18.2),
spreading fires (R18.3), suppression and re-roll points (R18.4, R18.6), and all six at once."""


@pytest.fixture(scope="module", params=list(PROPERTY_MODULES))
def start(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Encounter:
    """Ana (two Colts) and Cid (flamer, knife) against Bob (Grease Gun, knife), on the small map or on the
    table (no map), with the modules PROPERTY_MODULES names."""
    on_map = not request.param.startswith("table")
    units = [
        unit("ana", "a", (0, 0) if on_map else None, facing="SE", weapons=["colt_1911", "colt_1911"], LU=5),
        unit("bob", "b", (5, 3) if on_map else None, facing="W", weapons=["grease_gun", "knife"], ST=6, ap=10),
        unit("cid", "a", (0, 3) if on_map else None, facing="E", weapons=["flamer", "knife"], ST=6, hp=20),
    ]
    data = encounter(units, ROWS if on_map else None)
    if request.param in ("fires", "all six"):
        data["map"] = {"rows": list(FIRE_ROWS), "legend": {",": "brush", "%": "crates", "^": "hut"}}
    if PROPERTY_MODULES[request.param]:
        data["modules"] = PROPERTY_MODULES[request.param]
    if PROPERTY_MODULES[request.param].get("rerolls"):
        data["side"] = [side | {"reroll_points": 4} for side in data["side"]]
    path = write_encounter(tmp_path_factory.mktemp("properties") / f"{request.param}.toml", data)
    return load_encounter(path, load_library(content_root()))


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


# Lines are templates: "@" stands for the unit acting when the line is played, "%" for one of its enemies,
# so that most commands have a chance to be legal; named units keep the refusals coming too.
who = st.sampled_from(("@", "@", "@", *IDS))
target = st.sampled_from(("%", "%", *IDS))
cell = st.sampled_from(CELLS).map(_cell)
distance = st.integers(1, 40).map(lambda cm: f"{cm}cm")


def _shot(args: tuple[str, str, str, str]) -> str:
    shooter, victim, kind, option = args
    return f"{kind} {shooter} {victim}{option}"


attack = st.tuples(
    who,
    target,
    st.sampled_from(["shoot", "shoot", "dual", "flame", "melee"]),
    st.sampled_from(["", "", " burst", " blind", " lean", *(f" aimed {loc}" for loc in LOCATIONS), " aimed head +1"]),
).map(_shot)
line = st.one_of(
    st.tuples(who, st.lists(cell, min_size=1, max_size=2), st.sampled_from(["", "", " run"])).map(
        lambda a: f"move {a[0]} {' '.join(a[1])}{a[2]}"
    ),
    st.tuples(who, st.sampled_from(FACINGS)).map(lambda a: f"turn {a[0]} {a[1]}"),
    st.tuples(who, st.sampled_from(["upright", "crouched", "prone"])).map(lambda a: f"pose {a[0]} {a[1]}"),
    st.tuples(st.sampled_from(["cover", "uncover", "reload", "swap", "react", "delay"]), who).map(" ".join),
    attack,
    attack,
    st.tuples(who, target).map(lambda a: f"pin {a[0]} {a[1]}"),
    st.tuples(who, cell).map(lambda a: f"jump {a[0]} {a[1]}"),
    # table mode (refused on the map, but for turns in degrees)
    st.tuples(who, distance, st.sampled_from(["", " run", " crouched", " prone", " climb"])).map(
        lambda a: f"move {a[0]} {a[1]}{a[2]}"
    ),
    st.tuples(who, st.sampled_from([-180, -90, -45, 0, 45, 90, 135, 180])).map(lambda a: f"turn {a[0]} {a[1]}"),
    st.tuples(who, distance).map(lambda a: f"jump {a[0]} {a[1]}"),
    st.tuples(attack, distance).map(lambda a: f"{a[0]} at {a[1]}"),
    st.just("end"),
    st.just("end"),
    # R18.5.1: the deck's choices (refused without the deck)
    st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(IDS)).map(lambda a: f"hold {a[0]} {a[1]}"),
    st.sampled_from(["last a", "last b"]),
    st.lists(st.integers(1, 6), min_size=1, max_size=6).map(lambda d: "gm dice " + " ".join(map(str, d))),
    st.tuples(who, st.integers(-3, 30)).map(lambda a: f"gm set {a[0]} hp={a[1]}"),
    st.tuples(who, cell).map(lambda a: f"gm set {a[0]} at={a[1]}"),
    st.tuples(who, st.booleans()).map(lambda a: f"gm set {a[0]} in_cover={a[1]}"),
    st.integers(-30, 30).map(lambda n: f"gm mod {n}"),
    st.sampled_from(["gm force hit", "gm force miss"]),
    # R18.1, R18.2 (refused with the modules off)
    st.tuples(who, st.sampled_from(IDS)).map(lambda a: f"aid {a[0]} {a[1]}"),
    st.tuples(who, st.sampled_from(["steady", "shaken", "broken", "surrenders", "flees", "friends on"])).map(
        lambda a: f"gm morale {a[0]} {a[1]}"
    ),
    st.tuples(who, st.sampled_from(IDS)).map(lambda a: f"gm morale {a[0]} lost {a[1]}"),
    st.tuples(who, st.sampled_from(IDS)).map(lambda a: f"gm next {a[0]} {a[1]}"),
    st.tuples(cell, st.sampled_from(["on", "on", "off"])).map(lambda a: f"gm fire {a[0]} {a[1]}"),  # R18.3.4
    st.sampled_from(["gm fire barn on", "gm fire barn off"]),
    # R18.4, R18.6 (refused while the modules are off)
    st.tuples(who, st.sampled_from(["", " ana", " cid", " bob"])).map(lambda a: f"calm {a[0]}{a[1]}"),
    st.tuples(st.sampled_from(["a", "b"]), st.integers(1, 4)).map(lambda a: f"reroll {a[0]} {a[1]}"),
    st.tuples(st.sampled_from(["a", "b"]), st.integers(1, 4)).map(lambda a: f"reroll {a[0]} {a[1]}"),
    st.tuples(who, st.integers(0, 3)).map(lambda a: f"gm set {a[0]} markers={a[1]}"),
    st.tuples(who, st.sampled_from(IDS)).map(lambda a: f"gm near {a[0]} {a[1]}"),
)
script = st.lists(line, min_size=1, max_size=40)
script_with_undo = st.lists(st.one_of(line, line, line, st.sampled_from(["undo", "redo"])), min_size=1, max_size=40)


def resolve(state: Encounter, template: str) -> str:
    """The line a template stands for in this state."""
    actor = state.active or "ana"
    side = state.unit(actor).side
    enemy = next((u.id for u in state.units if u.side != side and not u.down), "bob")
    return template.replace("@", actor).replace("%", enemy)


def play_line(game: Game, template: str) -> bool:
    """Play one line; False if it was refused (with CommandError: anything else fails the test)."""
    try:
        game.play(resolve(game.state, template))
    except CommandError:
        return False
    return True


def check_invariants(state: Encounter) -> None:
    if state.map is None:
        assert all(u.at is None for u in state.units)
    standing = [u for u in state.units if not u.down]
    for u in state.units:
        assert u.ap >= 0, f"{u.id} has {u.ap} AP"
    if state.map is not None:
        cells = [u.at for u in standing]
        assert len(cells) == len(set(cells)), f"two units in one cell: {cells}"
        for u in standing:
            assert u.at is not None and state.map.inside(u.at)
            assert state.map.at(u.at) not in (Terrain.WALL, Terrain.LOW), f"{u.id} stands on {state.map.at(u.at)}"
    if state.deck is not None and state.deck.choosing:
        assert state.active is None  # R18.5.1: nobody acts while the sides choose their held cards
    if state.active is not None:
        assert state.unit(state.active).standing and state.round >= 1 and not state.finished
    if state.interrupt is not None:
        assert state.active == state.interrupt.watcher
    assert (state.winner is None) or state.finished
    for u in state.units:
        assert 0 <= u.markers <= 3, f"{u.id} holds {u.markers} suppression markers (R18.4.1)"
    for side in state.sides:
        assert 0 <= side.reroll_points <= 10, f"{side.id} has {side.reroll_points} re-roll points (R18.6.1)"


@PROPERTY_SETTINGS
@given(lines=script_with_undo, seed=st.integers(0, 2**16))
def test_random_commands_never_crash_nor_break_the_state(start, lines, seed):
    # R7, R13, R12.2: every line is applied or refused with CommandError; AP never negative; one unit a cell.
    game = Game(start, seed=seed)
    for text in lines:
        play_line(game, text)
        check_invariants(game.state)


@PROPERTY_SETTINGS
@given(lines=script_with_undo, seed=st.integers(0, 2**16))
def test_replaying_the_history_gives_the_live_state(start, lines, seed):
    # R0.2: the same start, seed and history give the same fight.
    game = Game(start, seed=seed)
    for text in lines:
        play_line(game, text)
    replayed = Game.replay(start, seed, game.history)
    assert replayed.state == game.state
    assert replayed.dice.snapshot() == game.dice.snapshot()


@PROPERTY_SETTINGS
@given(lines=script, seed=st.integers(0, 2**16))
def test_undo_steps_back_through_every_state_and_redo_steps_forward(start, lines, seed):
    # Undo restores the exact earlier state, dice included; redo plays the command again exactly.
    game = Game(start, seed=seed)
    states = [(game.state, game.dice.snapshot())]
    for text in lines:
        if play_line(game, text):
            states.append((game.state, game.dice.snapshot()))
    for expected in reversed(states[:-1]):
        game.play("undo")
        assert (game.state, game.dice.snapshot()) == expected
    with pytest.raises(CommandError):
        game.play("undo")
    for expected in states[1:]:
        game.play("redo")
        assert (game.state, game.dice.snapshot()) == expected


@PROPERTY_SETTINGS
@given(lines=script, seed=st.integers(0, 2**16), extra=line)
def test_undo_then_redo_is_the_original_state(start, lines, seed, extra):
    game = Game(start, seed=seed)
    for text in [*lines, extra]:
        play_line(game, text)
    if not game.history:
        return
    original = (game.state, game.dice.snapshot(), list(game.history))
    game.play("undo")
    game.play("redo")
    assert (game.state, game.dice.snapshot(), list(game.history)) == original
