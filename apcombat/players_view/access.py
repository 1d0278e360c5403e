"""Who may use this program's web servers (`apcombat serve` and `serve --watch`). Listening on a loopback
address: a request whose Host names that address and port — any other is a page of another site that had its
name point here (DNS rebinding). Beyond loopback: a request carrying the token made at start, in the address
printed (`?token=`) and after that in a cookie, whatever address it comes from. Either way a websocket must
come from a page of this server (its Origin), since a browser lets any page open one to any address."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

import attrs

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def is_loopback(host: str) -> bool:
    """Whether `host` (an IP address or localhost) is this machine's loopback address."""
    return host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback


@attrs.frozen
class Refusal:
    """A request refused: its HTTP status and the one sentence the browser shows."""

    status: int
    sentence: str


@attrs.frozen
class Access:
    """The access rules of one server listening on `port`: with a token beyond loopback, without on it."""

    port: int
    token: str | None = None

    @classmethod
    def for_address(cls, host: str, port: int) -> Access:
        return cls(port, None if is_loopback(host) else secrets.token_urlsafe(24))

    @property
    def cookie_name(self) -> str:
        # A browser keeps cookies per host, not per port: the app's server and the players' view's keep apart.
        return f"apcombat-token-{self.port}"

    def refusal(self, host: str | None, query: str, cookie: str | None) -> Refusal | None:
        """Why a request with this Host header, query string and Cookie header is refused, or None."""
        if self.token is None:
            if host in self._loopback_hosts():
                return None
            first, second, third = (f"http://{name}" for name in self._loopback_hosts()[:3])
            return Refusal(403, f"This server answers only pages opened at {first}, {second} or {third}.")
        if self._is_token(self._query_token(query)) or self._is_token(self._cookie_token(cookie)):
            return None
        return Refusal(403, "This server needs its token: open the address it printed at start, with ?token=.")

    def origin_refusal(self, origin: str | None, host: str | None) -> Refusal | None:
        """Why a websocket opened by a page of `origin` is refused (any page but this server's own), or None."""
        if origin is not None and host is not None and origin == f"http://{host}":
            return None
        return Refusal(403, "This server takes websockets only from its own page.")

    def page_origin_refusal(self, origin: str | None, host: str | None) -> Refusal | None:
        """Why a request a page of another site (or a file://, `null`) made is refused: a browser names the page
        in `Origin` when one asks across sites; an address typed, or the page's own script, passes."""
        if origin is None or (host is not None and origin == f"http://{host}"):
            return None
        return Refusal(403, "This server answers only its own page, not pages of other sites.")

    def cookie_to_set(self, query: str) -> str | None:
        """The Set-Cookie value that keeps the token given in `query` for the next requests, or None."""
        if not self._is_token(self._query_token(query)):
            return None
        return f"{self.cookie_name}={self.token}; Path=/; HttpOnly; SameSite=Strict"

    def _is_token(self, given: str | None) -> bool:
        # Compared in constant time: how long a refusal takes says nothing of how much of a guess was right.
        if self.token is None or given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8"))

    def _loopback_hosts(self) -> tuple[str, ...]:
        with_port = tuple(f"{name}:{self.port}" for name in LOOPBACK_NAMES)
        return with_port + (LOOPBACK_NAMES if self.port == 80 else ())  # a browser leaves out the default port

    @staticmethod
    def _query_token(query: str) -> str | None:
        return parse_qs(query).get("token", [None])[0]

    def _cookie_token(self, cookie: str | None) -> str | None:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(cookie or "")
        except CookieError:
            return None
        kept = jar.get(self.cookie_name)
        return kept.value if kept is not None else None
