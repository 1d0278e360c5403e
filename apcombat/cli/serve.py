"""`apcombat serve`: the same app in a browser, through textual-serve, on this machine only."""

from __future__ import annotations

import argparse
import shlex
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the terminal app to a web browser on this machine",
        description="Serve the app through textual-serve on a loopback address: open the printed address.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.set_defaults(run=run)


def app_command(content: str | None) -> str:
    """The command textual-serve runs for every browser session: this Python, this program."""
    words = [sys.executable, "-m", "apcombat"]
    if content:
        words += ["--content", content]
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    server = Server(app_command(args.content), host=args.host, port=args.port, title="apcombat")
    server.serve()
    return 0
