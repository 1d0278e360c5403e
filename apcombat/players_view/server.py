"""The players' view's web server: the page at `/`, and the fight at `/fight` for the page's script to follow.
Read-only (it answers GET and nothing else), on the loopback address unless told otherwise and then only to
requests with its token (players_view.access). A thread per connection, at most MOST_CONNECTIONS at once, each
closed when it sends no whole request within its idle time: idle connections cannot pile up threads."""

from __future__ import annotations

import io
import json
import socket
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from apcombat.players_view.access import Access
from apcombat.players_view.follow import FollowedSave
from apcombat.players_view.listen import listening_socket
from apcombat.players_view.page import page_html

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

CONTENT_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:"
)
"""What the browser may load for the page: its own inline CSS and script, and the fight from this server —
nothing from any other host."""

IDLE_SECONDS = 10.0
MOST_CONNECTIONS = 32  # four pages polling use a few each
_BUSY = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"
    + f"The players' view serves {MOST_CONNECTIONS} connections at once; try again in a moment.\n".encode()
)


class WatchServer(ThreadingHTTPServer):
    """An HTTP server of one followed save; `serve_forever()` answers until `shutdown()`."""

    daemon_threads = True
    server_address: tuple[str, int] | tuple[str, int, int, int]  # an IP listener's: IPv4, or IPv6

    def __init__(
        self, followed: FollowedSave, listener: socket.socket, access: Access, idle_seconds: float = IDLE_SECONDS
    ) -> None:
        self.followed = followed
        self.access = access
        self.idle_seconds = idle_seconds
        self._slots = threading.BoundedSemaphore(MOST_CONNECTIONS)
        super().__init__(listener.getsockname()[:2], _Handler, bind_and_activate=False)
        self.socket.close()
        self.socket = listener
        self.server_address = listener.getsockname()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in str(host) else host
        return f"http://{shown}:{port}/"

    def process_request(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        if not self._slots.acquire(blocking=False):
            # Said and closed at once, by the thread that accepts: a connection past the most takes no thread.
            try:
                request.settimeout(1)
                request.sendall(_BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def watch_server(
    save: str | Path,
    host: str = "127.0.0.1",
    port: int = 8001,
    idle_seconds: float = IDLE_SECONDS,
    side: str | None = None,
) -> WatchServer:
    """A server of the players' view of `save` on `host`:`port` (port 0: any free one), with a token beyond
    loopback; ListenError (one sentence) if the address cannot be had. `side`: whose view it shows (R21.8.6)."""
    listener = listening_socket(host, port, "the players' view")
    return WatchServer(
        FollowedSave(save, side), listener, Access.for_address(host, listener.getsockname()[1]), idle_seconds
    )


class _Deadline(io.RawIOBase):
    """A connection's reading side that gives up once `deadline` (time.monotonic) has passed: a request must
    arrive whole in time, however slowly its bytes trickle in."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.deadline = 0.0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no whole request in time")
        self.connection.settimeout(left)
        return self.connection.recv_into(buffer)


class _Handler(BaseHTTPRequestHandler):
    server: WatchServer
    server_version = "apcombat-players-view"

    def setup(self) -> None:
        super().setup()
        self.rfile.close()
        self._reading = _Deadline(self.connection)
        self.rfile = io.BufferedReader(self._reading)

    def handle_one_request(self) -> None:
        self._reading.deadline = time.monotonic() + self.server.idle_seconds
        super().handle_one_request()

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        access = self.server.access
        host = self.headers.get("Host")
        refused = access.refusal(host, url.query, self.headers.get("Cookie")) or access.page_origin_refusal(
            self.headers.get("Origin"), host
        )
        if refused is not None:
            self._send(HTTPStatus(refused.status), "text/plain; charset=utf-8", refused.sentence + "\n")
            return
        cookie = access.cookie_to_set(url.query)
        view = self.server.followed.view()
        if url.path == "/":
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", page_html(view.html, view.version), cookie)
        elif url.path == "/fight":
            since = parse_qs(url.query).get("since", [""])[0]
            if since == view.version:
                self._send(HTTPStatus.NO_CONTENT, "text/plain", "")
            else:
                body = json.dumps({"version": view.version, "html": view.html})
                self._send(HTTPStatus.OK, "application/json", body)
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", "Not here: the players' view is at /\n")

    def _send(self, status: HTTPStatus, kind: str, body: str, cookie: str | None = None) -> None:
        data = body.encode("utf-8")
        self.connection.settimeout(self.server.idle_seconds)  # a browser that reads nothing is idle too
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", CONTENT_POLICY)
        if cookie is not None:
            self.send_header("Set-Cookie", cookie)
        if status is not HTTPStatus.NO_CONTENT:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if data:
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the page asks several times a second."""
