"""`apcombat run ENCOUNTER_OR_SAVE`: play a script of commands and print the event log."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from apcombat.cli.output import MAX_SEED, fail, load_library_or_fail, out_of_range

if TYPE_CHECKING:
    from apcombat.engine import Event, Game
    from apcombat.model import Encounter, Unit


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "run",
        help="apply a script of commands to an encounter or a save and print the event log",
        description=(
            "Apply commands (one a line, # comments) from --script or standard input. An illegal line stops "
            "the run with exit code 2 after printing the state before it."
        ),
    )
    parser.add_argument("source", metavar="ENCOUNTER_OR_SAVE", help="an encounter file or a save")
    parser.add_argument("--script", metavar="FILE", help="commands to apply (- or none: standard input)")
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the dice for a new game")
    parser.add_argument("--json", action="store_true", help="print one JSON object: the state and the events")
    parser.add_argument(
        "--save",
        metavar="PATH",
        help="save the game to this file after every turn and at the end; a path like any other, anywhere "
        "(not only in the saves folder), relative to the current folder",
    )
    parser.add_argument("--replay", action="store_true", help="replay a save from its start before the script")
    parser.add_argument(
        "--side",
        metavar="SIDE",
        help="print the log as SIDE is shown it, and with --json SIDE's view in place of the state (R21.8.7); "
        "without it, everything (the game master's)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from apcombat.engine import CommandError
    from apcombat.saves import SaveError, save_game, saved_by_another

    problem = out_of_range("--seed", args.seed, 0, MAX_SEED)
    if problem:
        return fail(args, [problem])
    game = _open(args)
    if game is None:
        return 2
    side = getattr(args, "side", None)
    if side is not None and side not in {known.id for known in game.state.sides}:
        sides = ", ".join(known.id for known in game.state.sides)
        return fail(args, [f"--side {side}: no such side in this encounter: the sides are {sides}"])
    events: list[Event] = list(game.log) if args.replay else []
    save_path = Path(args.save) if args.save else None
    if save_path is not None:
        # a save after a turn that cannot be written stops the script there (below): no turn is played unsaved
        def save_turn(played: Game) -> None:
            save_game(played, save_path)

        game.turn_listeners.append(save_turn)
    lines = _script_lines(args)
    if lines is None:
        return 2
    error = None
    for number, line in enumerate(lines, start=1):
        try:
            events += game.play(line)
        except CommandError as refused:
            error = {"line": number, "reason": str(refused), "command": _cut(line.strip())}
            break
        except SaveError as problem:  # the save after a turn (the disk full, the folder gone): stop there
            return fail(args, [f"{problem}; the script stopped at line {number}"])
    if save_path is not None:
        try:
            save_game(game, save_path)
        except SaveError as problem:
            return fail(args, [str(problem)])
        shared = saved_by_another(save_path)
        if shared is not None:
            print(f"apcombat: {shared}", file=sys.stderr)
    _print(args, game.state, events, error)
    return 2 if error else 0


def _open(args: argparse.Namespace) -> Game | None:
    from apcombat.content import ContentError, arrival_builder, load_encounter
    from apcombat.engine import CommandError, Game
    from apcombat.saves import SaveError, is_save, open_save, replay_save

    source = Path(args.source)
    try:
        if is_save(source):
            if args.replay:
                game = replay_save(source)
            else:
                opened = open_save(source)
                if opened.warning:
                    print(f"apcombat: warning: {opened.warning}", file=sys.stderr)
                game = opened.game
            game.arrivals = _arrivals(args)  # a replayed save goes on with the script: its `gm add` too
            return game
        if args.replay:
            what = "this is an encounter" if source.is_file() else "there is no such file"
            fail(args, [f"{source}: --replay needs a save, and {what}"])
            return None
        library = load_library_or_fail(args)
        if library is None:
            return None
        game = Game(load_encounter(source, library), seed=args.seed)
        game.arrivals = arrival_builder(library)  # `gm add`: a unit from the characters folders
        return game
    except (SaveError, ContentError, CommandError) as problem:
        fail(args, getattr(problem, "problems", None) or [str(problem)])
        return None


def _arrivals(args: argparse.Namespace) -> Callable[[str, str, str], Unit]:
    """`gm add` in a saved game: the unit built from the characters folders, read when the first one comes."""
    from apcombat.content import ContentError, arrival_builder, content_root, load_library
    from apcombat.content.user_files import user_content_if_any

    def build(unit_id: str, character_id: str, side_id: str) -> Unit:
        try:
            library = load_library(content_root(args.content), user_content_if_any())
        except ContentError as error:
            raise ValueError(f"the characters folders cannot be read: {error.problems[0]}") from None
        return arrival_builder(library)(unit_id, character_id, side_id)

    return build


def _cut(command: str, longest: int = 80) -> str:
    """A command as an error message repeats it: one of thousands of characters is cut short."""
    return command if len(command) <= longest else f"{command[:longest]}…"


def _script_lines(args: argparse.Namespace) -> list[str] | None:
    """The lines of the script (--script, else standard input); None after saying why they cannot be read."""
    from_stdin = args.script in (None, "-")  # "-" is standard input, as for most command-line tools
    name = "standard input" if from_stdin else args.script
    try:
        if from_stdin:
            if sys.stdin is None or sys.stdin.isatty():
                return []
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        else:
            data = Path(args.script).read_bytes()
        return data.decode("utf-8").splitlines()
    except OSError as error:
        from apcombat.content.paths import shown  # a name of thousands of letters is cut short

        fail(args, [f"{name if from_stdin else shown(name)}: cannot read the script ({error.strerror})"])
    except UnicodeDecodeError as error:
        from apcombat.content.toml_files import not_utf8

        fail(args, [f"{name}: {not_utf8(data, error)}"])
    return None


def state_report(state: Encounter) -> dict[str, Any]:
    """The state as `apcombat run --json` prints it."""
    return (
        {
            "round": state.round,
            "active": state.active,
            "winner": state.winner,
            "units": [
                {
                    "id": unit.id,
                    "side": unit.side,
                    "at": list(unit.at) if unit.at is not None else None,
                    "facing": unit.facing.value,
                    "pose": unit.pose.value,
                    "hp": unit.hp,
                    "ap": unit.ap,
                    "in_cover": unit.in_cover,
                    "status": state.status(unit).value,
                    "weapon": unit.weapon.weapon.id if unit.weapon else None,
                    "ammo": unit.weapon.loaded if unit.weapon else None,
                }
                | _thrown_report(unit)
                | ({"note": unit.note} if unit.note else {})  # the game master's (a side's view has none)
                for unit in state.units
            ],
        }
        | deck_report(state)
        | _fires_report(state)
        | _fog_report(state)
        | _blast_report(state)
    )


def _thrown_report(unit: Unit) -> dict[str, Any]:
    """R22.1.2: the unit's thrown weapons left, by id (0 once all are thrown) — only for a unit that carries
    some, so fights without thrown weapons print as before."""
    if not unit.thrown:
        return {}
    return {"thrown": {stock.weapon.id: stock.count for stock in unit.thrown}}


def _blast_report(state: Encounter) -> dict[str, Any]:
    """R22.9.2: table mode's throw waiting for its `gm blast`, while it waits (the scatter in cells and cm, the
    table's compass)."""
    waiting = state.blast_waiting
    if waiting is None:
        return {}
    return {
        "blast_waiting": {
            "thrower": waiting.thrower,
            "item": waiting.item,
            "distance_cm": round(waiting.distance_m * 3, 3),
            "lean": waiting.lean,
            "hit": waiting.hit,
            "direction": waiting.direction.value if waiting.direction else None,
            "cells": waiting.cells,
            "scatter_cm": waiting.cells * 3,
        }
    }


def deck_report(state: Encounter) -> dict[str, Any]:
    """R18.5: the activation deck, when the encounter plays with it: the sides' order, whom it asks while the
    sides choose, the held cards and how many cards are left."""
    from apcombat.engine.modules.activation_deck.deck import side_asked  # the engine is loaded once a script runs

    deck = state.deck
    if deck is None:
        return {}
    return {
        "deck": {
            "sides": list(deck.sides),
            "asked": side_asked(state),
            "held": dict(deck.held),
            "held_to_play": list(deck.to_play),
            "cards_left": deck.cards_left,
        }
    }


def _fires_report(state: Encounter) -> dict[str, Any]:
    """R18.3: with spreading fires on, the burning and burnt cells in reading order (table mode: the fires'
    names in the order lit)."""
    if not state.module_on("fire_spread"):
        return {}
    if state.map is None:
        return {"fires": [fire.name for fire in state.table_fires]}
    return {
        "fires": [[x, y] for y, x in sorted((y, x) for x, y in state.map.fires)],
        "burnt": [[x, y] for y, x in sorted((y, x) for x, y in state.map.burnt)],
    }


def _fog_report(state: Encounter) -> dict[str, Any]:
    """R21.8.7: with the fog of war on, the hidden characters (R21.3) and each side's last-seen marks (R21.2;
    a side's view holds only its own): the unit (in a side's view None for an enemy it never saw, R21.2.5),
    the cell (None in table mode), the pose and the round."""
    from apcombat.engine import fog_on, marks_of

    if not fog_on(state):
        return {}
    shown = state.slots.fog_of_war.view_of

    def named(side: str, unit: str) -> str | None:
        return unit if shown is None or unit in state.side(side).slots.fog_of_war.ever_seen else None

    return {
        "hidden": [unit.id for unit in state.units if unit.hidden],
        "marks": {
            side.id: [
                {
                    "unit": named(side.id, mark.unit),
                    "at": list(mark.at) if mark.at is not None else None,
                    "pose": mark.pose.value,
                    "round": mark.round,
                }
                for mark in marks_of(state, side.id)
            ]
            for side in state.sides
            if shown is None or side.id == shown
        },
    }


def _print(args: argparse.Namespace, state: Encounter, events: list[Event], error: dict | None) -> None:
    from apcombat.engine import side_log, view

    side = getattr(args, "side", None)
    if side is not None:  # R21.8.7: what SIDE is shown — its view and its log (R21.8.3)
        state, events = view(state, side), side_log(events, side)
    if args.json:
        report = state_report(state) | {"events": [event.as_json() for event in events]}
        if error is not None:
            report["error"] = {"line": error["line"], "reason": error["reason"]}
        print(json.dumps(report, indent=2))
        return
    for event in events:
        print(event.text)
        for line in event.data.get("lines", ()):
            print("    " + line)
    if error is not None:
        print(f"apcombat: line {error['line']} ({error['command']}): {error['reason']}", file=sys.stderr)
