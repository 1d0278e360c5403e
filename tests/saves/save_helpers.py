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

# Game-master overrides, the acting unit's moves, turns, poses and shots, turns ended, undo and redo.
# {unit} is any unit, {active} the one acting, {enemy} another unit, {step} a cell next to the acting one.
TEMPLATES = (
    "end",
    "end",
    "move {active} {step}",
    "move {active} {step} run",
    "turn {active} {facing}",
    "shoot {active} {enemy}",
    "shoot {active} {enemy} burst",
    "shoot {active} {enemy} aimed {location}",
    "dual {active} {enemy}",
    "cover {active}",
    "uncover {active}",
    "gm set {unit} hp={hp}",
    "gm set {unit} wounds={wounds}",
    "gm set {unit} exhaustion={penalty}:{turns}",
    "gm set {unit} burning={burning}",
    "gm bonus {unit} {small}",
    "gm mod {signed}",
    "gm dice {d6} {d6}",
    "gm force {hit}",
    "pose {active} {pose}",
    "swap {active}",
    "reload {active}",
    "react {active}",
    "delay {active}",
    "undo",
    "redo",
)

Action = tuple[str, int]
"""A command template and the number its blanks are filled from."""


def actions(max_size: int = 12) -> st.SearchStrategy[list[Action]]:
    """Scripts of commands, as templates and numbers."""
    return st.lists(st.tuples(st.sampled_from(TEMPLATES), st.integers(0, 10_000)), max_size=max_size)


def command(action: Action, state: Encounter) -> str:
    """The command line an action makes in `state`."""
    template, number = action
    units = [unit.id for unit in state.units]
    active = state.active or units[0]
    others = [unit for unit in units if unit != active]
    x, y = state.unit(active).at or (0, 0)
    dx, dy = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))[number % 8]
    return template.format(
        unit=units[number % len(units)],
        active=active,
        enemy=others[number % len(others)],
        step=f"{x + dx},{y + dy}",
        facing=("N", "NE", "E", "SE", "S", "SW", "W", "NW")[number % 8],
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


@functools.cache
def duel() -> Encounter:
    """The shipped demo encounter, as it starts."""
    return load_encounter(DUEL, load_library(content_root()))


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
