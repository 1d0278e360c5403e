"""One unit's turn played by an AI: ask for a line, apply it, count the illegal ones.

The headless runner and the app's AI worker share this. A turn here is the stretch in which one unit is
`state.active` — an interruption (R16.2) is the watcher's own stretch, and the interrupted unit's turn goes on
as a new one. An illegal line (refused by `apply`, not a command, a gm/undo/redo/start line, a line for another
unit than the active one, an AI that raises) is counted and ends the stretch with `end`, which during an
interruption ends only the interruption. More than MAX_LINES_PER_TURN lines end it too, counted as illegal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import attrs

from apcombat.ai.decision import Decision
from apcombat.ai.players import Player
from apcombat.engine import Command, CommandError, Event, Game, parse_command
from apcombat.engine.commands import GM_COMMANDS, Redo, Start, Undo

MAX_LINES_PER_TURN = 200
NOT_FOR_AN_AI = (*GM_COMMANDS, Undo, Redo, Start)


@attrs.frozen
class Step:
    """One answer of the AI and what came of it: the events, or why it was illegal (then `events` are those
    of the `end` the runner played in its place)."""

    unit: str
    decision: Decision
    decision_ms: float | None  # None when the runner ended the turn without asking (the line cap)
    command: Command | None = None
    events: tuple[Event, ...] = ()
    illegal: str | None = None


def turn_steps(game: Game, player: Player, rng: random.Random) -> Iterator[Step]:
    """Play `state.active`'s stretch with `player`, yielding each step as it is played."""
    state = game.state
    stretch = (state.active, state.interrupt, state.round)
    unit = state.active
    assert unit is not None and not state.finished
    played = 0
    while (game.state.active, game.state.interrupt, game.state.round) == stretch and not game.state.finished:
        if played >= MAX_LINES_PER_TURN:
            why = f"more than {MAX_LINES_PER_TURN} lines in one turn"
            yield Step(unit, Decision(""), None, None, tuple(game.play("end")), why)
            return
        decision, ms, failure = _ask(player, game, rng)
        played += 1
        command, illegal = (None, failure) if failure else _check(decision.line, game)
        if illegal is None:
            try:
                events = game.play(decision.line)
            except CommandError as refused:
                illegal = f"refused: {refused}"
            else:
                yield Step(unit, decision, ms, command, tuple(events))
                continue
        yield Step(unit, decision, ms, command, tuple(game.play("end")), illegal)
        return


def _ask(player: Player, game: Game, rng: random.Random) -> tuple[Decision, float, str | None]:
    started = time.perf_counter()
    try:
        decision = player.decide(game.state, rng)
    except Exception as error:  # a bot's bug must not stop a batch of thousands of games: it costs its turn
        return Decision(""), (time.perf_counter() - started) * 1000, f"the AI failed: {type(error).__name__}: {error}"
    return decision, (time.perf_counter() - started) * 1000, None


def _check(line: str, game: Game) -> tuple[Command | None, str | None]:
    """The parsed command, or why the line is illegal before `apply` is even asked."""
    if not isinstance(line, str):
        return None, f"{type(line).__name__} is not a command line"
    try:
        command = parse_command(line)
    except CommandError as error:
        return None, f"not a command: {error}"
    if command is None:
        return None, "an empty line"
    if isinstance(command, NOT_FOR_AN_AI):
        return command, f"{line.split()[0]!r} is not for an AI"
    if command.who is not None and command.who != game.state.active:
        return command, f"a line for {command.who}, not for {game.state.active}"
    return command, None
