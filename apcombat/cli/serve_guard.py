"""textual-serve's server, guarded: every request passes players_view.access (Host on loopback, the token
beyond), a websocket only from this server's own page, at most `most_sessions` app processes at once, each
ended when its socket closes, and the page's addresses taken from the address the browser used."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
from pathlib import Path

import aiohttp_jinja2
from aiohttp import web
from aiohttp.typedefs import Handler, Middleware
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from apcombat.players_view import Access

log = logging.getLogger("textual-serve")
SIZE = (("width", "80"), ("height", "24"))  # the terminal's, unless the page says
QUIT_SECONDS = 10.0  # how long an app may take to save and quit before its process is killed


class GuardedServer(Server):
    """The app in a browser, one process per page, on `listener` (already bound) under `access`."""

    def __init__(
        self,
        command: str,
        listener: socket.socket,
        access: Access,
        most_sessions: int,
        templates: Path,
        announce: list[str],
    ) -> None:
        host, port = listener.getsockname()[:2]
        super().__init__(command, host=host, port=port, title="apcombat", templates_path=templates)
        self.listener = listener
        self.access = access
        self.most_sessions = most_sessions
        self.sessions = 0
        self.announce = announce

    def busy_sentence(self) -> str:
        return (
            f"{_sessions(self.sessions)} running, the most this server allows: close one (this page "
            "then opens the app), or start `apcombat serve` again with a higher --max-sessions."
        )

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM (textual-serve's own loop, on the socket already bound)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for each in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(each, self.request_exit)
        web.run_app(self._make_app(), sock=self.listener, handle_signals=False, loop=loop, print=lambda *_: None)

    async def on_startup(self, app: web.Application) -> None:
        print("\n".join(self.announce), flush=True)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(_guard(self.access))
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.sessions >= self.most_sessions:
            return web.Response(status=503, text=_busy_page(self.busy_sentence()), content_type="text/html")
        here = f"http://{request.host}"  # the address the browser used, whatever the server listens on
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"ws://{request.host}/ws",
            "config": {"static": {"url": f"{here}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        refused = self.access.origin_refusal(request.headers.get("Origin"), request.headers.get("Host"))
        if refused is not None:
            return web.Response(status=refused.status, text=refused.sentence)
        if self.sessions >= self.most_sessions:
            return web.Response(status=503, text=self.busy_sentence())
        self.sessions += 1
        try:
            return await self._session(request)
        finally:
            self.sessions -= 1

    async def _session(self, request: web.Request) -> web.WebSocketResponse:
        """One page's app process, fed the page's keys and sizes, until the page or the app goes."""
        websocket = web.WebSocketResponse(heartbeat=15)
        session = _Session(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            # textual-serve awaits it and drops what it returns (aiohttp's says whether it closed the socket).
            close=websocket.close,  # type: ignore[arg-type]
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await websocket.prepare(request)
            width, height = (to_int(request.query.get(key, default), int(default)) for key, default in SIZE)
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            await session.stop()
        return websocket


class _Session(AppService):
    """An app process that is asked to quit when its page goes, and killed if it has not within QUIT_SECONDS."""

    async def stop(self) -> None:
        process = self._process
        try:
            await asyncio.wait_for(self._quit(), QUIT_SECONDS)
        except TimeoutError:
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()

    async def _quit(self) -> None:
        await super().stop()
        if self._process is not None:
            await self._process.wait()


def _guard(access: Access) -> Middleware:
    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        refused = access.refusal(request.headers.get("Host"), request.query_string, request.headers.get("Cookie"))
        if refused is not None:
            return web.Response(status=refused.status, text=refused.sentence)
        response = await handler(request)
        cookie = access.cookie_to_set(request.query_string)
        if cookie is not None and not response.prepared:
            response.headers.add("Set-Cookie", cookie)
        return response

    return guard


def _sessions(count: int) -> str:
    return "1 session of the app is" if count == 1 else f"{count} sessions of the app are"


def _busy_page(sentence: str) -> str:
    # Asks again every 3 s: a page reloaded at the most gets this until its old session has closed.
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">'
        '<title>apcombat</title></head><body style="background:#0c181f;color:#eee;font-family:monospace">'
        f"<p>{sentence}</p></body></html>"
    )
