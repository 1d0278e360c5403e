"""`apcombat check [PATH ...]`: report every problem in the content, one line each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `check` subcommand."""
    parser = subparsers.add_parser(
        "check",
        help="check content files (weapons, armour, criticals, characters, scenarios, encounters) for problems",
        description=(
            "Check the content folder, or the given folders and files, and print every problem one line "
            "each, then a summary. Exit 0 when all is well, 1 on problems, 2 for a path that does not exist."
        ),
    )
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="a content folder, weapons.toml, armor.toml, criticals.toml, a character, a scenario or an "
        "encounter file (default: the whole content folder)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check and print; problems and the summary go to stdout, a missing path to stderr."""
    from apcombat.content import check_content, content_root
    from apcombat.content.user_files import user_content_if_any

    root = content_root(args.content)
    if args.content is not None and not root.is_dir():
        print(f"apcombat check: no such content folder: {args.content}", file=sys.stderr)
        return 2
    user_root = user_content_if_any()
    paths = [Path(path) for path in args.paths] or [root, *_user_files(user_root)]
    missing = [path for path in paths if not path.exists()]
    for path in missing:
        print(f"apcombat check: no such file or folder: {path}", file=sys.stderr)
    if missing:
        return 2
    report = check_content(paths, root if args.content is not None else None, user_root)
    if not args.paths and len(paths) > 1:
        report.notes.append(f"your own files in {user_root} were checked too")
    for problem in report.problems:
        print(problem)
    for note in report.notes:
        print(f"note: {note}")
    print(report.summary())
    return 0 if report.ok else 1


def _user_files(user_root: Path | None) -> list[Path]:
    """The folders of the user's own content (characters, fights, scenarios) that hold files to check."""
    from apcombat.content.paths import CHARACTERS_FOLDER, ENCOUNTERS_FOLDER, SCENARIOS_FOLDER

    if user_root is None:
        return []
    folders = (user_root / name for name in (CHARACTERS_FOLDER, SCENARIOS_FOLDER, ENCOUNTERS_FOLDER))
    return [folder for folder in folders if any(folder.glob("*.toml"))]
