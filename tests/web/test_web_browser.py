"""Both web pages in a real headless browser — Debian's chromium, driven by playwright — with every request to a
host other than this machine's loopback blocked, and each test asserting that none was even attempted (issue
13, item 4): the players' view follows a command applied to the save, and `apcombat serve` shows the app.

Without chromium or playwright these tests are skipped, except under CI=true, where they fail instead:
.ci/run installs both."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from web_helpers import play

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
WAIT_MS = 30_000  # how long the browser may take to show something (a slow, shared CI machine); not a goal


def what_is_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is missing (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    missing = what_is_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Web:
    """A page whose requests to other hosts are blocked and written down in `outside`."""

    def __init__(self, browser) -> None:
        self.outside: list[str] = []
        self.asked: list[str] = []  # every request, loopback ones included
        self.context = browser.new_context()
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.page.on("websocket", lambda socket: self._note(socket.url))

    def _note(self, url: str) -> bool:
        """Whether `url` is on another host (then written down)."""
        self.asked.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or parts.hostname in LOOPBACK:
            return False
        self.outside.append(url)
        return True

    def _route(self, route) -> None:
        if self._note(route.request.url):
            route.abort()
        else:
            route.continue_()


@pytest.fixture
def web(browser) -> Iterator[Web]:
    opened = Web(browser)
    yield opened
    opened.context.close()


def test_a_request_to_another_host_is_blocked_and_noted(web):
    # The net the other tests rely on: a page that asks another host is caught.
    web.page.set_content('<img src="http://example.invalid/logo.png">')
    web.page.wait_for_load_state("load")
    assert web.outside == ["http://example.invalid/logo.png"]


def test_the_players_view_follows_a_command_applied_to_the_save(save, served, web):
    from playwright.sync_api import expect

    web.page.goto(served.url)
    expect(web.page.locator(".round")).to_have_text("Round 1 — Raider Jed acts")
    expect(web.page.locator("tr.acting")).to_contain_text("8/33 HP")
    play(save, "gm show raiders words", "end")  # as the app saves after each command
    expect(web.page.locator(".round")).to_have_text("Round 1 — Sue acts")
    expect(web.page.locator("tbody")).to_contain_text("near death")
    expect(web.page.locator("ol.log li").first).to_have_text("Sue's turn: 8 AP")
    assert web.outside == []


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def app_served(tmp_path: Path) -> Iterator[str]:
    """`apcombat serve` on a free loopback port, in its own process group (ended with it)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "apcombat", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=os.environ | {"APCOMBAT_SAVES": str(tmp_path / "saves")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for _ in range(600):  # until it listens (or 60 s)
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)  # the server and the app it started for the page
        server.wait(timeout=30)


def test_apcombat_serve_shows_the_app_in_the_browser_from_this_machine_only(app_served, web):
    from playwright.sync_api import expect

    web.page.goto(app_served)
    expect(web.page.locator("body.-first-byte")).to_have_count(1)  # the app's first output reached the page
    expect(web.page.locator(".xterm")).to_have_count(1)  # the terminal the app draws in (on a canvas)
    assert web.outside == []
    assert any(url.endswith("RobotoMono-VariableFont_wght.ttf") for url in web.asked)  # the font, from here
