"""`apcombat play ENCOUNTER_OR_SAVE` and `apcombat` alone: the terminal app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from apcombat.cli.output import MAX_SEED, fail, out_of_range


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help="open an encounter or a save in the terminal app",
        description="Open the terminal app on an encounter (in set-up) or a save (where it stopped).",
    )
    parser.add_argument("source", metavar="ENCOUNTER_OR_SAVE", nargs="?", help="an encounter file or a save")
    parser.add_argument(
        "--seed", type=int, metavar="N", help="seed of the dice for a new game (default: a fresh one each game)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    seed = getattr(args, "seed", None)
    problem = None if seed is None else out_of_range("--seed", seed, 0, MAX_SEED)
    if problem:
        return fail(args, [problem])
    source = Path(args.source) if getattr(args, "source", None) else None
    library = None
    if source is not None:
        from apcombat.cli.output import load_library_or_fail

        library = load_library_or_fail(args)
        if library is None:
            return 2
        problem = _check_source(source, library)
        if problem:
            return fail(args, [problem])
    from apcombat.tui.app import create_app
    from apcombat.tui.crash import crash_line, write_crash_report

    # Without a file the app loads the content itself, after its first frame: it starts faster.
    app = create_app(library=library, content=args.content, open_path=source, seed=seed)
    try:
        app.run()
    except Exception as error:  # an error outside the app's screens (the terminal, the driver): the same report
        print(crash_line(error, write_crash_report(error)), file=sys.stderr)
        return 1
    if app.crash_message:  # an error inside the app: the terminal is ours again, one line says where the report is
        print(app.crash_message, file=sys.stderr)
        return app.return_code or 1
    return app.return_code or 0


def _check_source(source: Path, library: object) -> str | None:
    """Refuse a file the app could not open, before the screen is taken over."""
    from apcombat.content import ContentError
    from apcombat.saves import SaveError, is_save, open_save

    if not source.exists():
        return f"{source}: no such file"
    try:
        if is_save(source):
            open_save(source)
        else:
            from apcombat.content import load_encounter

            load_encounter(source, library)
    except SaveError as error:
        return str(error)
    except ContentError as error:
        return "; ".join(error.problems)
    return None
