"""`apcombat serve`: the app in a browser through textual-serve — the first frame shows the title screen."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
# On one worker with the other tests that start real servers (pyproject.toml: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("servers")

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[PX^_].*?\x1b\\")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port}")


async def first_frames(port: int, seconds: float) -> str:
    """Text the app sends over its websocket until the title appears or time runs out."""
    seen = ""
    async with aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
        # As the app's own page does: the server takes a websocket only from it (issue 22).
        async with session.ws_connect(url, origin=f"http://127.0.0.1:{port}") as websocket:
            await websocket.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
            deadline = asyncio.get_running_loop().time() + seconds
            while "action-point" not in seen:
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    break
                try:
                    message = await websocket.receive(timeout=remaining)
                except TimeoutError:
                    break
                if message.type == aiohttp.WSMsgType.TEXT:
                    seen += ANSI.sub("", message.data)
                elif message.type == aiohttp.WSMsgType.BINARY:
                    seen += ANSI.sub("", message.data.decode("utf-8", "replace"))
                else:
                    break
    return seen


def test_serve_shows_the_title_screen_over_its_websocket(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "apcombat", "serve", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, 20)
        page = asyncio.run(_page(port))
        assert "apcombat" in page
        text = asyncio.run(first_frames(port, 30))
        assert "A P C O M B A T" in text
        assert "Fallout-style action-point skirmish combat" in text
    finally:
        server.terminate()
        server.wait(timeout=10)


async def _page(port: int) -> str:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/") as response:
        return await response.text()
