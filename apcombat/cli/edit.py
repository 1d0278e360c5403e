"""`apcombat edit [FILE]`: the encounter editor, on a new fight or on a file (a shipped one as a copy)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from apcombat.cli.output import fail


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "edit",
        help="make or change a fight in the encounter editor",
        description=(
            "Open the encounter editor on a new fight, or on an encounter file. A shipped encounter opens as a "
            "copy in your encounters folder; a draft left unsaved is opened where it was left."
        ),
        epilog=(
            "In the editor: ctrl+s saves, f10 plays the fight (and comes back to the editor after), ctrl+z undoes, "
            "escape leaves (asking first what to do with changes not saved), ? lists every key. The title "
            "screen's e opens the editor too."
        ),
    )
    parser.add_argument("file", metavar="FILE", nargs="?", help="an encounter file (default: a new fight)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from apcombat.cli.output import load_library_or_fail

    library = load_library_or_fail(args)
    if library is None:
        return 2
    from apcombat.content import ContentError
    from apcombat.editor import new_fight, open_fight

    source = Path(args.file) if args.file else None
    if source is not None and source.is_dir():
        return fail(args, [f"{source} is a folder: give an encounter's .toml file in it"])
    if source is not None and not source.is_file():
        return fail(args, [f"{source}: no such file (apcombat edit without a file makes a new fight)"])
    try:
        session = open_fight(source, library) if source is not None else new_fight(library)
    except ContentError as error:
        *before, last = error.problems or [f"{source} cannot be read"]
        fix = "fix it in the file by hand, then open it again" if not before else "fix these by hand first"
        return fail(args, [*before, f"{last} ({fix})"])
    from apcombat.tui.app import create_app
    from apcombat.tui.crash import crash_line, write_crash_report

    app = create_app(library=library, content=args.content, editing=session)
    try:
        app.run()
    except Exception as error:
        print(crash_line(error, write_crash_report(error)), file=sys.stderr)
        return 1
    if app.crash_message:
        print(app.crash_message, file=sys.stderr)
        return app.return_code or 1
    return app.return_code or 0
