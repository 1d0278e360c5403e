"""`apcombat serve`: the same app in a browser, through textual-serve (guarded: serve_guard); `apcombat serve
--watch [SAVE]`: the players' view, a read-only page of the game master's fight for a second screen."""

from __future__ import annotations

import argparse
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.cli.output import fail
from apcombat.content.user_files import saves_folder
from apcombat.saves.names import AUTOSAVE_NAME, SUFFIX

if TYPE_CHECKING:
    from apcombat.players_view import Access

APP_PORT = 8000
WATCH_PORT = 8001  # its own, so the app in a browser and the players' view can run side by side


MOST_SESSIONS = 4  # each page of the app runs its own app process (about 60 MiB)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the app, or the players' view of a fight (--watch), to a web browser",
        description="Serve the app through textual-serve on a loopback address: open the printed address. "
        "With --watch, serve instead the players' view of a save: a read-only page of the fight (turn order, "
        "conditions, HP as `gm show` sets it per side, the log) that follows the save as the game master plays. "
        "On any address but loopback (a LAN address, 0.0.0.0 or ::) the server makes a token at start and "
        "answers only the addresses it prints, which carry it.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="IP address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 or :: for every address)",
    )
    parser.add_argument("--port", type=int, default=None, help=f"port (default {APP_PORT}; {WATCH_PORT} with --watch)")
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=MOST_SESSIONS,
        metavar="N",
        help=f"pages of the app open at once, each running the app (default {MOST_SESSIONS})",
    )
    parser.add_argument(
        "--watch",
        nargs="?",
        const="",
        metavar="SAVE",
        help="serve the players' view of SAVE (default: the autosave in the saves folder)",
    )
    parser.add_argument(
        "--side",
        metavar="SIDE",
        help="with --watch and the fog of war on: show SIDE's view (default: the only side a person plays; R21.8.6)",
    )
    parser.set_defaults(run=run)


def app_command(content: str | None) -> str:
    """The command textual-serve runs for every browser session: this Python, this program (the shell gives
    way to it, so the process a session ends is the app's)."""
    words = [sys.executable, "-m", "apcombat"]
    if content:
        words += ["--content", content]
    return "exec " + shlex.join(words)


def run(args: argparse.Namespace) -> int:
    if args.side is not None and args.watch is None:
        return fail(args, ["--side chooses whose view the players' view shows: give it with --watch (R21.8.6)"])
    if args.watch is not None:
        return watch(Path(args.watch) if args.watch else saves_folder() / f"{AUTOSAVE_NAME}{SUFFIX}", args)
    # Here, not at the top: every command imports this module, and the players' view loads the engine and
    # the saves, aiohttp and textual-serve (tests/architecture/test_startup_imports.py).
    from apcombat.cli.serve_guard import GuardedServer
    from apcombat.players_view import Access, ListenError, listening_socket

    if args.max_sessions < 1:
        return fail(args, [f"--max-sessions {args.max_sessions} serves no one: give 1 or more"])
    port = APP_PORT if args.port is None else args.port
    try:
        listener = listening_socket(args.host, port, "the app")
    except ListenError as error:
        return fail(args, [str(error)])
    port = listener.getsockname()[1]
    access = Access.for_address(args.host, port)
    with tempfile.TemporaryDirectory(prefix="apcombat-serve-") as templates:
        server = GuardedServer(
            app_command(args.content),
            listener,
            access,
            args.max_sessions,
            local_templates(Path(templates)),
            announce("The app", args.host, port, access, "play the game master's app"),
        )
        server.serve()
    return 0


def watch(save: Path, args: argparse.Namespace) -> int:
    """Serve the players' view of `save` until interrupted."""
    from apcombat.players_view import ListenError, watch_server  # loads the engine: only when serving

    save.exists()  # a name no file can have raises "File name too long" here, and `main` says so in one line

    port = WATCH_PORT if args.port is None else args.port
    try:
        server = watch_server(save, args.host, port, side=args.side)
    except ListenError as error:
        return fail(args, [str(error)])
    port = server.server_address[1]
    print("\n".join(announce(f"The players' view of {save}", args.host, port, server.access, "see it")), flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0


def announce(what: str, host: str, port: int, access: Access, token_lets: str) -> list[str]:
    """The lines a server prints at start: where to open it and, beyond loopback, who can reach it."""
    from apcombat.players_view import urls_to_open, who_can_reach

    urls = urls_to_open(host, port, access.token)
    if access.token is None:
        return [f"{what} is at {urls[0]} (Ctrl+C stops it)"]
    return [f"{what} is at (Ctrl+C stops it):", *(f"    {url}" for url in urls), who_can_reach(host, port, token_lets)]


_OUTSIDE_STYLESHEET = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*\"[^>]*/?>", re.IGNORECASE | re.DOTALL)
_LOCAL_FONT = """<style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
      }
    </style>"""


def local_templates(folder: Path) -> Path:
    """textual-serve's page template with its links to other hosts (web fonts) replaced by the same font from
    textual-serve's own static files, written in `folder`: the page then loads everything from this server."""
    import textual_serve

    source = Path(textual_serve.__file__).parent / "templates"
    for template in source.glob("*.html"):
        (folder / template.name).write_text(without_outside_links(template.read_text("utf-8")), "utf-8")
    return folder


def without_outside_links(template: str) -> str:
    """A page template whose stylesheets on other hosts are replaced by the local font face."""
    return _OUTSIDE_STYLESHEET.sub(lambda _: _LOCAL_FONT, template)
