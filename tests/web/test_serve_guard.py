"""Who may use `apcombat serve` and `serve --watch` (issue 22, items 1-4 and 11): through real sockets on
loopback only — a server listening on every address is reached at 127.0.0.1, never at another address."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from web_helpers import WATCHDOG_S, Served, in_a_thread, serving, wait_until

from apcombat.cli import main
from apcombat.players_view import WatchServer, watch_server

# On one worker with the other tests that start real servers (pyproject.toml: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")


def ask(port: int, path: str = "/", **headers: str) -> tuple[int, dict[str, str], str]:
    """A GET to 127.0.0.1:`port` (Host: that address unless given): status, headers, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WATCHDOG_S)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"} | headers)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def open_websocket(port: int, **headers: str) -> tuple[int, socket.socket]:
    """A websocket handshake to the app's /ws on 127.0.0.1:`port`: the status and the connection (open)."""
    fields = {
        "Host": f"127.0.0.1:{port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
    } | headers
    connection = socket.create_connection(("127.0.0.1", port), timeout=WATCHDOG_S)
    request = "GET /ws?width=80&height=24 HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items() if v)
    connection.sendall(f"{request}\r\n".encode("ascii"))
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(1)
    return int(head.split()[1]), connection


def websocket_status(port: int, **headers: str) -> int:
    status, connection = open_websocket(port, **headers)
    connection.close()
    return status


@pytest.fixture
def app(tmp_path: Path):
    with serving(tmp_path) as served:
        yield served


@pytest.mark.parametrize("origin", ["http://example.com", "null", "http://127.0.0.1:1", ""])
def test_a_websocket_from_any_page_but_the_apps_own_is_refused(app: Served, origin):
    # Another site, a file:// page (null), another local port, and no Origin at all: 403, no app started.
    assert websocket_status(app.port, Origin=origin) == 403
    assert app.app_processes() == []
    assert websocket_status(app.port, Origin=f"http://127.0.0.1:{app.port}") == 101  # the app's own page


def test_a_request_naming_another_host_is_refused_on_loopback(app: Served):
    # A page of another site whose name was pointed at 127.0.0.1 (DNS rebinding) sends its own name as Host.
    status, _, body = ask(app.port, Host=f"rebound.example:{app.port}")
    assert status == 403 and "127.0.0.1" in body and "textual" not in body
    own = f"http://rebound.example:{app.port}"
    assert websocket_status(app.port, Host=f"rebound.example:{app.port}", Origin=own) == 403
    for host in (f"127.0.0.1:{app.port}", f"localhost:{app.port}"):
        assert ask(app.port, Host=host)[0] == 200


def test_the_sessions_are_capped_and_each_ends_with_its_socket(tmp_path: Path):
    with serving(tmp_path, "--max-sessions", "1") as served:
        origin = f"http://127.0.0.1:{served.port}"
        status, first = open_websocket(served.port, Origin=origin)
        assert status == 101
        wait_until(lambda: len(served.app_processes()) == 1)
        status, _, page = ask(served.port)
        assert status == 503 and "1 session of the app is running" in page and "--max-sessions" in page
        assert websocket_status(served.port, Origin=origin) == 503
        first.close()
        wait_until(lambda: served.app_processes() == [])  # the page went: its app too
        wait_until(lambda: ask(served.port)[0] == 200)


@pytest.mark.parametrize("watch", [False, True], ids=["serve", "serve --watch"])
def test_beyond_loopback_every_request_needs_the_token(tmp_path: Path, watch):
    options = ["--host", "0.0.0.0", *(["--watch", str(tmp_path / "autosave.toml")] if watch else [])]
    with serving(tmp_path, *options) as served:
        printed = [urlsplit(url) for url in served.urls]
        assert printed and all(url.hostname not in ("0.0.0.0", "::") for url in printed)
        assert all(url.port == served.port and url.query.startswith("token=") for url in printed)
        query = printed[0].query
        # Refused from 127.0.0.1 too, with no token, a wrong one or the other server's cookie.
        assert ask(served.port)[0] == 403
        assert ask(served.port, f"/?{query}x")[0] == 403
        assert ask(served.port, Cookie=f"apcombat-token-{served.port + 1}={query[6:]}")[0] == 403
        status, headers, _ = ask(served.port, f"/?{query}")
        assert status == 200 and "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        cookie = headers["Set-Cookie"].split(";")[0]
        assert ask(served.port, "/", Cookie=cookie)[0] == 200  # the cookie carries the token after
        if not watch:
            origin = f"http://127.0.0.1:{served.port}"
            assert websocket_status(served.port, Origin=origin) == 403
            assert websocket_status(served.port, Origin=origin, Cookie=cookie) == 101


@pytest.mark.parametrize("watch", [[], ["--watch"]], ids=["serve", "serve --watch"])
def test_a_port_in_use_is_one_sentence_naming_it(watch, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), *watch]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"port {port} is already in use" in error and "--port" in error


@pytest.mark.parametrize("watch", [[], ["--watch"]], ids=["serve", "serve --watch"])
@pytest.mark.parametrize(
    ("option", "named"),
    [(["--port", "99999"], "--port 99999"), (["--port", "-1"], "--port -1"), (["--host", "999.1.1.1"], "--host")],
)
def test_a_port_or_host_that_is_none_is_one_sentence(watch, option, named, capsys):
    assert main(["serve", *option, *watch]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("apcombat: cannot serve") and named in error


def test_ipv6_addresses_are_served(tmp_path: Path):
    with serving(tmp_path, "--host", "::1", "--watch", str(tmp_path / "autosave.toml"), at="::1") as served:
        assert served.urls == [f"http://[::1]:{served.port}/"]
        connection = http.client.HTTPConnection("::1", served.port, timeout=WATCHDOG_S)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200


@pytest.fixture
def quick(save: Path) -> Iterator[WatchServer]:
    """The players' view with connections idle for 0.3 s closed (10 s as served)."""
    with in_a_thread(watch_server(save, "127.0.0.1", 0, idle_seconds=0.3)) as server:
        yield server


def closed_by_server(connection: socket.socket) -> bool:
    """Whether the server closes `connection` (the read ends) rather than answer; a hang fails at the watchdog."""
    connection.settimeout(WATCHDOG_S)
    try:
        return connection.recv(1024) == b""
    except ConnectionResetError:
        return True


def test_a_connection_that_sends_no_whole_request_in_time_is_closed(quick: WatchServer):
    port = quick.server_address[1]
    with socket.create_connection(("127.0.0.1", port)) as silent:
        assert closed_by_server(silent)
    with socket.create_connection(("127.0.0.1", port)) as trickling:  # a byte at a time, never a whole request
        trickling.settimeout(WATCHDOG_S)
        for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slowly: " + b"x" * 10_000:
            try:
                trickling.send(bytes([byte]))
            except OSError:
                break
            time.sleep(0.01)
        assert closed_by_server(trickling)
    assert ask(port)[0] == 200


def test_the_players_view_serves_32_connections_at_once(served: WatchServer):
    port = served.server_address[1]
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(32)]
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=WATCHDOG_S) as more:
            told = more.recv(4096).decode("utf-8")
        assert told.startswith("HTTP/1.0 503") and "32 connections at once" in told
        idle.pop().close()
        wait_until(lambda: ask(port)[0] == 200)  # a place freed: served again
    finally:
        for connection in idle:
            connection.close()


def test_the_players_view_refuses_a_request_naming_another_host_on_loopback(served: WatchServer):
    port = served.server_address[1]
    assert ask(port, Host=f"rebound.example:{port}")[0] == 403
    assert ask(port)[0] == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1"])
def test_the_players_view_refuses_a_request_from_another_sites_page(served: WatchServer, origin):
    # A page of another site (or a file:// page, or another local port) asking the fight: 403; the page's own
    # script and an address typed in the browser are answered.
    port = served.server_address[1]
    assert ask(port, "/fight", Origin=origin)[0] == 403
    assert ask(port, "/", Origin=origin)[0] == 403
    assert ask(port, "/fight", Origin=f"http://127.0.0.1:{port}")[0] == 200
    assert ask(port)[0] == 200
