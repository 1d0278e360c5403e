"""The `apcombat` command: one module per subcommand, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Sequence

from apcombat import __version__
from apcombat.cli import attack, check, edit, oracle, play, run, serve, sim
from apcombat.cli.output import fail

SUBCOMMANDS = (attack, check, run, play, edit, serve, oracle, sim)
CONTENT_HELP = "content folder to use instead of the bundled one (weapons.toml, armor.toml, ...)"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but an unknown command is one line suggesting the nearest (as `check` does for
    names): `apcombat: unknown command 'simm' (did you mean 'sim'?); the commands are ...`."""

    def _check_value(self, action: argparse.Action, value: object) -> None:  # argparse's one check of a choice
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            from apcombat.content.suggest import did_you_mean

            commands = list(action.choices)
            nearest = did_you_mean(str(value), commands)
            self.exit(2, f"apcombat: unknown command {value!r}{nearest}; the commands are {', '.join(commands)}\n")
        super()._check_value(action, value)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
    except OSError as error:
        # A path of thousands of letters: asking whether it exists raises "File name too long" (Python 3.11)
        if error.errno != errno.ENAMETOOLONG or not isinstance(error.filename, str):
            raise
        from apcombat.content.paths import shown

        return fail(args, [f"{shown(error.filename)}: no file can have so long a name: check the path"])


if __name__ == "__main__":
    sys.exit(main())
