"""Helpers for the save tests: the shipped duel, scripted play that follows whoever is acting, and editing a
save file by hand."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import strategies as st

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Event, Game
from apcombat.model import Encounter

DUEL = content_root() / "encounters" / "duel.toml"

# Plausible lines for whoever is acting, in any encounter: moves to nearby cells, turns, poses, cover, shots at
# enemies in every mode, jumps, reloads, watches and pins, turns ended, game-master overrides, undo and redo.
# {unit} is any unit, {active} the one acting, {enemy} a unit of another side (one still in the fight if there
# is one), {step} a cell next to the acting unit and {near} one up to three cells away. The engine refuses
# what does not fit the state, which the scripts record like any other outcome.
SHARED_TEMPLATES = (
    "end",
    "end",
    "pose {active} {pose}",
    "cover {active}",
    "uncover {active}",
    "swap {active}",
    "reload {active}",
    "react {active}",
    "delay {active}",
    "melee {active} {enemy}",
    "melee {active} {enemy} aimed {location}",
    "undo",
    "redo",
)
GM_TEMPLATES = (
    "gm set {unit} hp={hp}",
    "gm set {unit} wounds={wounds}",
    "gm set {unit} exhaustion={penalty}:{turns}",
    "gm set {unit} burning={burning}",
    "gm bonus {unit} {small}",
    "gm mod {signed}",
    "gm dice {d6} {d6}",
    "gm force {hit}",
)
MAP_TEMPLATES = (
    *SHARED_TEMPLATES,
    "move {active} {step}",
    "move {active} {step} run",
    "move {active} {near}",
    "move {active} {near} run",
    "turn {active} {facing}",
    "jump {active} {near}",
    "shoot {active} {enemy}",
    "shoot {active} {enemy} burst",
    "shoot {active} {enemy} aimed {location}",
    "shoot {active} {enemy} {from_cover}",
    "dual {active} {enemy}",
    "flame {active} {enemy}",
    "pin {active} {enemy}",
)
TABLE_TEMPLATES = (
    *SHARED_TEMPLATES,
    "move {active} {cm}cm",
    "move {active} {cm}cm {manner}",
    "turn {active} {degrees}",
    "jump {active} {short_cm}cm",
    "shoot {active} {enemy} at {cm}cm",
    "shoot {active} {enemy} burst at {cm}cm",
    "shoot {active} {enemy} aimed {location} at {cm}cm",
    "shoot {active} {enemy} {from_cover} at {cm}cm",
    "dual {active} {enemy} at {cm}cm",
    "flame {active} {enemy} at {cm}cm",
    "pin {active} {enemy} at {cm}cm",
)
TEMPLATES = (*MAP_TEMPLATES, *GM_TEMPLATES)
"""The duel's templates (a map)."""
_BY_NUMBER = {True: MAP_TEMPLATES * 3 + GM_TEMPLATES, False: TABLE_TEMPLATES * 3 + GM_TEMPLATES}
"""The templates `any_actions` picks by number, for maps and for table mode: the game master's overrides are
rarer than the fight's own actions, so scripts get further into the fight."""

Action = tuple[str | int, int]
"""A command template (or the number of one in the mode's list) and the number its blanks are filled from."""


def actions(max_size: int = 12) -> st.SearchStrategy[list[Action]]:
    """Scripts of commands for an encounter with a map, as templates and numbers."""
    return st.lists(st.tuples(st.sampled_from(TEMPLATES), st.integers(0, 10_000)), max_size=max_size)


def any_actions(max_size: int = 12) -> st.SearchStrategy[list[Action]]:
    """Scripts of commands for any encounter, map or table mode: the template is picked from the mode's."""
    return st.lists(st.tuples(st.integers(0, 1_000), st.integers(0, 10_000)), max_size=max_size)


def command(action: Action, state: Encounter) -> str:
    """The command line an action makes in `state`."""
    template, number = action
    if isinstance(template, int):
        templates = _BY_NUMBER[state.map is not None]
        template = templates[template % len(templates)]
    units = [unit.id for unit in state.units]
    active = state.active or units[0]
    side = state.unit(active).side
    enemies = [unit for unit in state.units if unit.side != side]
    enemy = [unit.id for unit in enemies if not unit.down] or [unit.id for unit in enemies] or units
    x, y = state.unit(active).at or (0, 0)
    dx, dy = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))[number % 8]
    reach = number // 8 % 3 + 1
    return template.format(
        unit=units[number % len(units)],
        active=active,
        enemy=enemy[number % len(enemy)],
        step=f"{x + dx},{y + dy}",
        near=f"{x + dx * reach + (number // 24 % 3 - 1)},{y + dy * reach}",
        facing=("N", "NE", "E", "SE", "S", "SW", "W", "NW")[number % 8],
        degrees=(45, -45, 90, -90, 135, 180, 30, -60)[number % 8],
        cm=(3, 6, 9, 12, 18, 25, 40, 75)[number % 8],
        short_cm=(3, 5, 6, 9)[number % 4],
        manner=("run", "crouched", "prone", "climb")[number % 4],
        from_cover=("blind", "lean")[number % 2],
        location=("head", "torso", "arm", "legs", "weapon")[number % 5],
        hp=number % 40 - 2,
        wounds=("none", "arm", "legs,head", "torso")[number % 4],
        penalty=(0, 10, 20, 40)[number % 4],
        turns=number % 3 + 1,
        burning=("off", 1, 2)[number % 3],
        small=number % 11 - 5,
        signed=number % 41 - 20,
        d6=number % 6 + 1,
        hit=("hit", "miss")[number % 2],
        pose=("upright", "crouched", "prone")[number % 3],
    )


def play(game: Game, script: Iterable[Action]) -> list[tuple[Encounter, list[Event] | str]]:
    """Play a script on `game`; after each command the state and the events, or the refusal's message."""
    steps: list[tuple[Encounter, list[Event] | str]] = []
    for action in script:
        try:
            outcome: list[Event] | str = game.play(command(action, game.state))
        except CommandError as error:
            outcome = str(error)
        steps.append((game.state, outcome))
    return steps


ENCOUNTERS = sorted((content_root() / "encounters").glob("*.toml"))
"""Every shipped encounter."""


@functools.cache
def shipped(name: str) -> Encounter:
    """A shipped encounter (`duel`, `table_brawl` ...), as it starts."""
    return load_encounter(content_root() / "encounters" / f"{name}.toml", load_library(content_root()))


def duel() -> Encounter:
    """The shipped demo encounter, as it starts."""
    return shipped("duel")


def duel_game(seed: int = 7, script: Iterable[Action] = ()) -> Game:
    """A game of the duel after a script."""
    game = Game(duel(), seed=seed)
    play(game, script)
    return game


SOME_PLAY: list[Action] = [
    ("gm bonus {unit} {small}", 3),
    ("end", 0),
    ("gm set {unit} burning={burning}", 1),
    ("pose {active} {pose}", 1),
    ("gm mod {signed}", 5),
    ("end", 0),
    ("gm set {unit} wounds={wounds}", 2),
    ("gm dice {d6} {d6}", 4),
    ("end", 0),
]
"""A few commands that change the state, the dice and the history."""


def edit(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    """Change a save file by hand: read its TOML, let `change` edit the table, write it back."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def set_field(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit for `edit`: set the field at a dotted path (`state.units.1.hp`) to `value` (a missing table on
    the way, such as a unit's `slots`, is added)."""

    def change(document: dict[str, Any]) -> None:
        *parents, last = [int(step) if step.isdigit() else step for step in path.split(".")]
        table = document
        for step in parents:
            table = table[step] if isinstance(step, int) else table.setdefault(step, {})
        table[last] = value

    return change
