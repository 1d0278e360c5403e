"""The `apcombat` command: one module per subcommand, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from apcombat import __version__
from apcombat.cli import attack, check, oracle, play, run, serve, sim

SUBCOMMANDS = (attack, check, run, play, serve, oracle, sim)
CONTENT_HELP = "content folder to use instead of the bundled one (weapons.toml, armor.toml, ...)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="apcombat",
        description="Fallout-style action-point skirmish combat: a terminal game and a game master's aid.",
    )
    parser.add_argument("--version", action="version", version=f"apcombat {__version__}")
    parser.add_argument("--content", metavar="DIR", help=CONTENT_HELP)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(subparsers)
    # `--content DIR` goes before or after the subcommand (`apcombat check --content DIR`); after it, it wins.
    for subparser in subparsers.choices.values():
        subparser.add_argument("--content", metavar="DIR", default=argparse.SUPPRESS, help=CONTENT_HELP)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return play.run(args)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
