"""`apcombat sim ENCOUNTER`: headless AI-vs-AI games for balance work, here, in a process pool or on a
cluster; tables and a picture on stderr, or one JSON object on stdout."""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.cli import stopping
from apcombat.cli.output import MAX_SEED, fail, load_library_or_fail, out_of_range
from apcombat.cli.stopping import Stopped, signals_stop, write_whole
from apcombat.sim import DEFAULT_MAX_ROUNDS

if TYPE_CHECKING:
    from apcombat.model import Encounter
    from apcombat.sim.match import MatchResult
    from apcombat.sim.runner import BatchSettings, GamePlan


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
        "--no-thrown",
        action="store_true",
        help="take every thrown weapon out of the fight (R22): the same seeds with and without them compare",
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


MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_ROUNDS = 1_000


def run(args: argparse.Namespace) -> int:
    from apcombat.ai import AiError
    from apcombat.cli.sim_report import csv_text
    from apcombat.saves import SaveError
    from apcombat.sim.runner import BatchSettings, plan_games

    problem = _number_problem(args)
    if problem:
        return fail(args, [problem])
    encounter = _encounter(args)
    if encounter is None:
        return 2
    problem = _output_problem(args)
    if problem:
        return fail(args, [problem])
    results: list[MatchResult] = []
    try:
        plan = plan_games(_side_ais(args, encounter), args.seed, args.games, args.swap)
        settings = BatchSettings(args.max_rounds, keep_history=args.save_games is not None)
        with signals_stop():
            _play(args, encounter, plan, settings, results)
            side_ids = [side.id for side in encounter.sides]
            problem = _write_csv(args.csv, csv_text(results, side_ids)) if args.csv is not None else None
    except Stopped as stop:
        _end_progress_line(results)
        return fail(args, [_stopped(args, stop, len(results), len(plan))], stop.code)
    except (AiError, SaveError) as error:  # a save_game's says which file and why in one sentence
        _end_progress_line(results)
        return fail(args, [str(error)])
    if problem:
        return fail(args, [problem])
    _report(args, encounter, results, side_ids)
    return 0


def _number_problem(args: argparse.Namespace) -> str | None:
    """The first number flag out of its range, in one sentence (docs/files.md lists the ranges)."""
    for flag, value, low, high in (
        ("--games", args.games, 1, MAX_GAMES),
        ("--jobs", args.jobs, 1, MAX_JOBS),
        ("--max-rounds", args.max_rounds, 1, MAX_ROUNDS),
        ("--seed", args.seed, 0, MAX_SEED),
    ):
        problem = out_of_range(flag, value, low, high)
        if problem:
            return problem
    return None


def _play(
    args: argparse.Namespace,
    encounter: Encounter,
    plan: GamePlan,
    settings: BatchSettings,
    results: list[MatchResult],
) -> None:
    """Play the plan into `results`, each game written as a save (`--save-games`) as soon as it is in: a run
    stopped midway keeps the games it finished."""
    from apcombat.sim.pool import signals_held
    from apcombat.sim.runner import play_games

    folder = Path(args.save_games) if args.save_games is not None else None
    progress = _progress_bar()
    with contextlib.closing(play_games(encounter, plan, settings, args.jobs, args.cluster)) as games:
        for result in games:
            stopping.check()
            with signals_held():  # a game is saved and counted, or neither: the stop's sentence counts the saves
                if folder is not None:
                    _save(encounter, result, folder / f"game_{len(results) + 1:05d}_seed_{result.seed}.toml")
                results.append(result)
            if progress is not None:
                progress(len(results), len(plan))


def _save(encounter: Encounter, result: MatchResult, path: Path) -> None:
    from apcombat.engine import Game
    from apcombat.saves import save_game

    save_game(Game.replay(encounter, result.seed, result.history), path)


def _write_csv(name: str, text: str) -> str | None:
    """The CSV whole or not at all: a file is replaced in one step; a device or a pipe (`/dev/stdout`) has no
    file to replace and is written as it is. The sentence saying why it could not be written, if it could not."""
    from apcombat.saves import replace_whole

    path = Path(name)
    try:
        if path.exists() and not path.is_file():
            with path.open("w", encoding="utf-8", newline="") as file:
                file.write(text)
        else:
            replace_whole(path, text, backup=False)
    except OSError as error:
        return f"--csv {name}: cannot write ({error.strerror or error})"
    return None


def _stopped(args: argparse.Namespace, stop: Stopped, done: int, planned: int) -> str:
    """What a run stopped by a signal says it kept: the finished games' saves, and no CSV or report."""
    kept = f"; their saves are in {args.save_games}" if args.save_games is not None and done else ""
    unwritten = f"; --csv {args.csv} not written" if args.csv is not None else ""
    return f"stopped by {stop.name} after {done:,} of {planned:,} games{kept}{unwritten}; no report"


def _report(args: argparse.Namespace, encounter: Encounter, results: list[MatchResult], side_ids: list[str]) -> None:
    """The JSON object on stdout, or the tables and the picture on stderr, each in one write at the end."""
    from apcombat.sim.summary import batch_report

    report = batch_report(results, side_ids)
    if args.json:
        write_whole(json.dumps(report, indent=2) + "\n")
        return
    from apcombat.cli.sim_report import report_picture, report_tables

    width = min(100, shutil.get_terminal_size((100, 24)).columns)
    tables = report_tables(report, results, encounter)
    write_whole(f"{tables}\n{report_picture(report, results, width)}\n", sys.stderr)


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
    if args.no_thrown:  # R22.1.2: nobody carries a thrown weapon
        import attrs

        return attrs.evolve(encounter, units=tuple(attrs.evolve(unit, thrown=()) for unit in encounter.units))
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


def _end_progress_line(results: list[MatchResult]) -> None:
    """A progress bar stopped midway leaves its line: what is said next starts on a line of its own."""
    if results and sys.stderr.isatty():
        print(file=sys.stderr)


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
