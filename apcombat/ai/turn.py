"""One unit's turn played by an AI: ask for a line, apply it, count the illegal ones.

The headless runner and the app's AI worker share this. A turn here is the stretch in which one unit is
`state.active` — an interruption (R16.2) is the watcher's own stretch, and the interrupted unit's turn goes on
as a new one. An illegal line (refused by `apply`, not a command, a gm/undo/redo/start line, a line for another
unit than the active one, an AI that raises) is counted and ends the stretch with `end`, which during an
interruption ends only the interruption. More than MAX_LINES_PER_TURN lines end it too, counted as illegal.

With the activation deck (R18.5.1), nobody is active while the sides choose their held cards: the side the
deck asks (`apcombat.engine.side_asked`) is asked for its `last`/`hold` line; an illegal answer is counted and its
place taken by the card the engine would hand a side that chose none (its first character in the fight).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import attrs

from apcombat.ai.beliefs import shown_to_asker
from apcombat.ai.decision import Decision, Player
from apcombat.ai.seeds import next_rng
from apcombat.engine import (
    DECK_COMMANDS,
    Command,
    CommandError,
    End,
    Event,
    Game,
    Hold,
    Move,
    Redo,
    Start,
    Undo,
    choice_actions,
    is_gm_command,
    legal_actions,
    parse_command,
    side_asked,
)
from apcombat.model import AiDice, Encounter
from apcombat.model.fates import MoraleState

MAX_LINES_PER_TURN = 200
NOT_FOR_AN_AI = (Undo, Redo, Start)  # and every game-master line (`is_gm_command`)


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
    stopped: bool = False  # not even `end` could be played in its place (`illegal` says why): the AI waits


def turn_steps(game: Game, player: Player) -> Iterator[Step]:
    """Play `state.active`'s stretch with `player`, yielding each step as it is played. The AI draws from its
    side's generator in the state (seeds.next_rng), which the game keeps with each line it chose."""
    state = game.state
    stretch = stretch_of(state)
    unit = state.active
    assert unit is not None and not state.finished
    played = 0
    while stretch_of(game.state) == stretch and not game.state.finished:
        if played >= MAX_LINES_PER_TURN:
            yield line_cap_step(game)
            return
        rng, generator = next_rng(game.state, game.seed, game.state.unit(unit).side)
        decision, ms, failure = ask(player, game.state, rng)
        played += 1
        step = play_answer(game, Answer(decision, ms, failure, generator))
        yield step
        if step.illegal is not None:
            return


def stretch_of(state: Encounter) -> tuple[str | None, object, int]:
    """What stays the same while one unit is `state.active` without a break: a new value is a new stretch."""
    return (state.active, state.interrupt, state.round)


def line_cap_step(game: Game) -> Step:
    """More than MAX_LINES_PER_TURN lines: the stretch ends, counted as illegal."""
    unit = game.state.active
    assert unit is not None
    why = f"more than {MAX_LINES_PER_TURN} lines in one turn"
    return Step(unit, Decision(""), None, None, tuple(end_stretch(game, f"{why}: its turn ends")), why)


@attrs.frozen
class Answer:
    """What asking the AI gave: its decision, the milliseconds it took, why it gave none (`failure`: it
    raised), and its side's generator after the draw it was handed (seeds.next_rng), which the game keeps."""

    decision: Decision
    ms: float
    failure: str | None = None
    generator: AiDice | None = None


def play_answer(game: Game, answer: Answer) -> Step:
    """Play what the AI answered for `state.active`, its reason and its side's generator kept in the history;
    an illegal answer is counted and the stretch ends with `end` in its place, its reason saying why."""
    if side_asked(game.state) is not None:
        return _play_choice(game, answer)
    decision, ms, failure, generator = answer.decision, answer.ms, answer.failure, answer.generator
    unit = game.state.active
    assert unit is not None
    command, illegal = (None, failure) if failure else _check(decision, game)
    if illegal is None:
        assert command is not None
        try:
            events = game.play(command, reason=decision.reason, ai_dice=generator, line=decision.line)
        except CommandError as refused:
            illegal = f"refused: {refused}"
        else:
            return Step(unit, decision, ms, command, tuple(events))
    why = f"an illegal line ({illegal}): its turn ends"
    return Step(unit, decision, ms, command, tuple(end_stretch(game, why, generator)), illegal)


def end_stretch(game: Game, reason: str, generator: AiDice | None = None) -> list[Event]:
    """`end` for the active unit — a broken one (R18.1.3) may not end while its AP pay for a step toward its
    edge, so it first runs there by the first listed moves, which all lead toward it."""
    unit = game.state.active
    events: list[Event] = []
    for _ in range(MAX_LINES_PER_TURN):
        try:
            return [*events, *game.play(End(), reason=reason, ai_dice=generator)]
        except CommandError:
            # only a broken unit's `end` waits for its run (a die `gm dice` typed that fits no die is no reason
            # to run: the refusal stands)
            broken = unit is not None and game.state.unit(unit).morale is MoraleState.BROKEN
            moves = [command for command in legal_actions(game.state) if isinstance(command, Move)] if broken else []
            if not moves:
                raise
            events += game.play(moves[0], reason=f"{reason} (broken: it runs first, R18.1.3)", ai_dice=generator)
            if game.state.active != unit:
                return events
    return events


def _play_choice(game: Game, answer: Answer) -> Step:
    """Play the asked side's `last` or `hold` line; an illegal one is counted and the side holds its first
    character in the fight's card instead (what the engine hands a side that chose none)."""
    side = side_asked(game.state)
    assert side is not None
    decision, generator = answer.decision, answer.generator
    command, illegal = (None, answer.failure) if answer.failure else _check_choice(decision, side)
    actor = next(unit.id for unit in game.state.units if unit.side == side)
    if illegal is None:
        assert command is not None
        try:
            events = game.play(command, reason=decision.reason, ai_dice=generator, line=decision.line)
        except CommandError as refused:
            illegal = f"refused: {refused}"
        else:
            return Step(actor, decision, answer.ms, command, tuple(events))
    default = next(command for command in choice_actions(game.state) if isinstance(command, Hold))
    why = f"an illegal line ({illegal}): it holds its first character's card"
    return Step(actor, decision, answer.ms, command, tuple(game.play(default, reason=why, ai_dice=generator)), illegal)


def _parsed(decision: Decision) -> tuple[Command | None, str | None]:
    """An AI's command: the one it gave, else its line parsed (the only time a plug-in's line is parsed), or
    why the line is no command line at all."""
    if decision.command is not None:
        return decision.command, None
    line = decision.line
    if not isinstance(line, str):
        return None, f"{type(line).__name__} is not a command line"
    try:
        return parse_command(line), None
    except CommandError as error:
        return None, f"not a command: {error}"


def _check_choice(decision: Decision, side: str) -> tuple[Command | None, str | None]:
    """The parsed choice, or why the line is no choice of the side asked (R18.5.1)."""
    line = decision.line
    command, problem = _parsed(decision)
    if problem is not None:
        return command, problem
    if not isinstance(command, DECK_COMMANDS):
        return command, f"the deck asks {side} to hold a card or go last, not {line!r}"
    if command.side != side:
        return command, f"a choice for {command.side}, not for {side}"
    return command, None


def ask(player: Player, state: Encounter, rng: random.Random) -> tuple[Decision, float, str | None]:
    """The AI's answer for `state.active`, the milliseconds it took, and why it gave none (it raised).
    With the fog of war on it is handed its side's view, never the state (R21.9.1, R21.9.3): built-in levels
    and plug-in bots alike. Touches nothing but `rng`: the app runs it in a worker thread."""
    started = time.perf_counter()
    try:
        decision = player.decide(shown_to_asker(state), rng)
    except Exception as error:  # a bot's bug must not stop a batch of thousands of games: it costs its turn
        return Decision(""), (time.perf_counter() - started) * 1000, f"the AI failed: {type(error).__name__}: {error}"
    return decision, (time.perf_counter() - started) * 1000, None


def _check(decision: Decision, game: Game) -> tuple[Command | None, str | None]:
    """The parsed command, or why the line is illegal before `apply` is even asked."""
    line = decision.line
    command, problem = _parsed(decision)
    if problem is not None:
        return command, problem
    if command is None:
        return None, "an empty line"
    if isinstance(command, NOT_FOR_AN_AI) or is_gm_command(command):
        return command, f"{line.split()[0]!r} is not for an AI"
    if command.who is not None and command.who != game.state.active:
        return command, f"a line for {command.who}, not for {game.state.active}"
    return command, None
