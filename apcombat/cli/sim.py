"""`apcombat sim ENCOUNTER`: headless AI-vs-AI games for balance work, here, in a process pool or on a
cluster; tables and a picture on stderr, or one JSON object on stdout."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.ai import DEFAULT_MAX_ROUNDS
from apcombat.cli.output import fail, load_library_or_fail

if TYPE_CHECKING:
    from apcombat.ai.match import MatchResult
    from apcombat.model import Encounter


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sim",
        help="play AI-vs-AI games of a map encounter and report win rates, balance and decision times",
        description=(
            "Play N seeded games (--games) of a map encounter with an AI on every side and report, per AI, per side "
            "and per unit, on stderr (or one JSON object on stdout with --json). AI is a level name, with its "
            "settings after commas if any (tactical,effort=low,aggression=0.8,caution=0.2), or a plug-in "
            "module:function, function(state, rng) -> one command line, importable from the working directory."
        ),
    )
    parser.add_argument("encounter", metavar="ENCOUNTER", help="a map encounter file")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="number of seeds (default 100)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the first seed (default 0)")
    parser.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="SIDE=AI",
        help=(
            "who plays a side: a level name with optional settings (LEVEL,effort=low|normal|high,aggression=0-1,"
            "caution=0-1) or module:function (default: as the encounter's side says, else the default level)"
        ),
    )
    parser.add_argument(
        "--swap", action="store_true", help="play each seed again with the sides' AIs exchanged (2N games)"
    )
    parser.add_argument(
        "--max-rounds",
        type=int,
        default=DEFAULT_MAX_ROUNDS,
        metavar="R",
        help=f"a game still going after R rounds is a draw (default {DEFAULT_MAX_ROUNDS})",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes playing games at once (default 1)")
    parser.add_argument("--json", action="store_true", help="print only one JSON object on stdout")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game: seed, each side's AI, winner, rounds")
    parser.add_argument("--save-games", metavar="DIR", help="write every game as a save, to watch in the replay")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="play on a Dask scheduler (pip install 'apcombat[cluster]')"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from apcombat.ai import AiError
    from apcombat.ai.runner import BatchSettings, plan_games, run_games
    from apcombat.ai.summary import batch_report
    from apcombat.saves import SaveError

    for name, value in (("--games", args.games), ("--max-rounds", args.max_rounds), ("--jobs", args.jobs)):
        if value < 1:
            return fail(args, [f"{name} {value}: give a whole number of 1 or more"])
    encounter = _encounter(args)
    if encounter is None:
        return 2
    problem = _output_problem(args)
    if problem:
        return fail(args, [problem])
    try:
        ais = _side_ais(args, encounter)
        plan = plan_games(ais, args.seed, args.games, args.swap)
        settings = BatchSettings(args.max_rounds, keep_history=args.save_games is not None)
        results = run_games(encounter, plan, settings, args.jobs, args.cluster, _progress_bar())
    except AiError as error:
        return fail(args, [str(error)])
    side_ids = [side.id for side in encounter.sides]
    report = batch_report(results, side_ids)
    try:
        _write_files(args, encounter, results, side_ids)
    except OSError as error:
        return fail(args, [f"{error.filename}: cannot write ({error.strerror})"])
    except SaveError as error:  # save_game says which file and why in one sentence
        return fail(args, [str(error)])
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    from apcombat.cli.sim_report import report_picture, report_tables

    print(report_tables(report, results, encounter), file=sys.stderr)
    width = min(100, shutil.get_terminal_size((100, 24)).columns)
    print(report_picture(report, results, width), file=sys.stderr)
    return 0


def _encounter(args: argparse.Namespace) -> Encounter | None:
    from apcombat.content import ContentError, load_encounter

    library = load_library_or_fail(args)
    if library is None:
        return None
    try:
        encounter = load_encounter(args.encounter, library)
    except ContentError as error:
        fail(args, error.problems)
        return None
    if encounter.map is None:
        fail(
            args,
            [
                f"{args.encounter}: a table-mode encounter (no map) has no AI sides — the game master plays "
                "everyone there — so it cannot be simulated: give a map encounter"
            ],
        )
        return None
    return encounter


def _side_ais(args: argparse.Namespace, encounter: Encounter) -> dict[str, str]:
    """Side id -> AI: `--ai` as given, else as the encounter's side says (its `ai`: the level, the default
    one if it names none, and the settings that differ from the defaults), a human side too. AiError if an
    AI is unknown or its settings are wrong."""
    from apcombat.ai import AiError, resolve, spec_of

    sides = [side.id for side in encounter.sides]
    ais = {side.id: spec_of(side.ai) for side in encounter.sides}
    named = {side: f"{args.encounter}: side {side!r}" for side in ais}  # where each AI was named, for its errors
    for given in args.ai:
        side, equals, spec = given.partition("=")
        if not equals or not side or not spec:
            raise AiError(f"--ai {given!r}: write SIDE=AI, like raiders=baseline or raiders=mybots:greedy")
        if side not in ais:
            raise AiError(f"--ai {given}: {args.encounter} has no side {side!r}; its sides are {', '.join(sides)}")
        ais[side], named[side] = spec, f"--ai {given}"
    for side, spec in ais.items():
        try:
            resolve(spec)  # fail here, in one sentence, rather than in every worker
        except AiError as error:
            raise AiError(f"{named[side]}: {error}") from None
    return ais


def _output_problem(args: argparse.Namespace) -> str | None:
    if args.csv is not None and not Path(args.csv).resolve().parent.is_dir():
        return f"--csv {args.csv}: the folder {Path(args.csv).parent} does not exist"
    if args.save_games is not None and Path(args.save_games).exists() and not Path(args.save_games).is_dir():
        return f"--save-games {args.save_games}: that is a file, not a folder"
    return None


def _write_files(args: argparse.Namespace, encounter: Encounter, results: list[MatchResult], sides: list[str]) -> None:
    from apcombat.cli.sim_report import write_csv

    if args.csv is not None:
        write_csv(Path(args.csv), results, sides)
    if args.save_games is not None:
        from apcombat.engine import Game
        from apcombat.saves import save_game

        folder = Path(args.save_games)
        folder.mkdir(parents=True, exist_ok=True)
        for number, result in enumerate(results, start=1):
            game = Game.replay(encounter, result.seed, result.history)
            save_game(game, folder / f"game_{number:05d}_seed_{result.seed}.toml")


def _progress_bar():
    """A bar on stderr while games are played, only when stderr is a terminal (never on stdout, never in
    a log file)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        filled = 30 * done // total
        end = "\n" if done == total else ""
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games", end=end, file=sys.stderr, flush=True)

    return show
