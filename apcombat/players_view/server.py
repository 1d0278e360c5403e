"""The players' view's web server: the page at `/`, and the fight at `/fight` for the page's script to follow.
Read-only (it answers GET and nothing else) and, unless told otherwise, on the loopback address only."""

from __future__ import annotations

import json
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from apcombat.players_view.follow import FollowedSave
from apcombat.players_view.page import page_html

CONTENT_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:"
)
"""What the browser may load for the page: its own inline CSS and script, and the fight from this server —
nothing from any other host."""


class WatchServer(ThreadingHTTPServer):
    """An HTTP server of one followed save; `serve_forever()` answers until `shutdown()`."""

    daemon_threads = True

    def __init__(self, followed: FollowedSave, address: tuple[str, int]) -> None:
        self.followed = followed
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in str(host) else host
        return f"http://{shown}:{port}/"


def watch_server(save: str | Path, host: str = "127.0.0.1", port: int = 8001) -> WatchServer:
    """A server of the players' view of `save` on `host`:`port` (port 0: any free one); OSError if the
    address cannot be had."""
    return WatchServer(FollowedSave(save), (host, port))


class _Handler(BaseHTTPRequestHandler):
    server: WatchServer
    server_version = "apcombat-players-view"

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        view = self.server.followed.view()
        if url.path == "/":
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", page_html(view.html, view.version))
        elif url.path == "/fight":
            since = parse_qs(url.query).get("since", [""])[0]
            if since == view.version:
                self._send(HTTPStatus.NO_CONTENT, "text/plain", "")
            else:
                body = json.dumps({"version": view.version, "html": view.html})
                self._send(HTTPStatus.OK, "application/json", body)
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", "Not here: the players' view is at /\n")

    def _send(self, status: HTTPStatus, kind: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", CONTENT_POLICY)
        if status is not HTTPStatus.NO_CONTENT:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if data:
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the page asks several times a second."""
