"""Listening for this program's web servers: the `--host` and `--port` asked for, checked and bound in one
place with a one-sentence refusal each, and the addresses to open a server at — this machine's own interface
addresses, read from the system (never by asking another host), never 0.0.0.0 or ::."""

from __future__ import annotations

import errno
import ipaddress
import re
import shutil
import socket
import subprocess
from pathlib import Path

BACKLOG = 64  # connections the system holds before the server takes them
ANY_ADDRESS = ("0.0.0.0", "::")


class ListenError(Exception):
    """The address cannot be listened on; the message is one sentence saying why and which flag to change."""


def listening_socket(host: str, port: int, what: str) -> socket.socket:
    """A socket listening on `host` (an IP address or localhost) and `port` (0: any free one) to serve `what`."""
    if not 0 <= port <= 65535:
        raise ListenError(f"cannot serve {what}: --port {port} is not a port; give one from 1 to 65535")
    try:
        address = bind_address(host)
    except ListenError as error:
        raise ListenError(f"cannot serve {what}: {error}") from None
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if address == "::":  # every address, the IPv4 ones too
            listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        listener.bind((address, port))
        listener.listen(BACKLOG)
    except OSError as error:
        listener.close()
        raise ListenError(f"cannot serve {what} on {host}:{port}: {_why_not(error, port)}") from error
    return listener


def bind_address(host: str) -> str:
    """The IP address `--host` names (localhost is 127.0.0.1); no name is looked up, which could ask another host."""
    if host == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        raise ListenError(
            f"--host {host!r} is not an IP address; give 127.0.0.1 (this machine only), an address of this "
            "machine on the network, 0.0.0.0 or :: (all of them)"
        ) from None


def _why_not(error: OSError, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is already in use; choose another with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return "this machine has no such address; give one of its addresses with --host"
    if error.errno == errno.EACCES:
        return "that port needs the administrator's rights; choose one above 1023 with --port"
    return f"{error.strerror or error}; check --host and --port"


def urls_to_open(host: str, port: int, token: str | None) -> list[str]:
    """The addresses to open a server listening on `host`:`port` at, with its token if it has one."""
    query = f"?token={token}" if token else ""
    return [f"http://{_in_url(address)}:{port}/{query}" for address in addresses_to_open(bind_address(host))]


def addresses_to_open(address: str) -> list[str]:
    """The addresses a browser reaches `address` at: itself, or for 0.0.0.0 and :: this machine's addresses
    (IPv4 only for 0.0.0.0), the loopback ones last."""
    if address not in ANY_ADDRESS:
        return [address]
    found = [ipaddress.ip_address(each) for each in interface_addresses()]
    usable = [each for each in found if not each.is_link_local and (address == "::" or each.version == 4)]
    loopback = "::1" if address == "::" and not any(each.version == 4 for each in usable) else "127.0.0.1"
    ordered = sorted(set(usable), key=lambda each: (each.is_loopback, each.version, each))
    return [str(each) for each in ordered] or [loopback]


def interface_addresses() -> list[str]:
    """This machine's addresses, from the system's own tables: /proc on Linux, `ifconfig` elsewhere."""
    trie, inet6 = Path("/proc/net/fib_trie"), Path("/proc/net/if_inet6")
    if trie.exists():
        found = re.findall(r"\|-- ([0-9.]+)\n\s+/32 host LOCAL", trie.read_text("utf-8"))
        if inet6.exists():
            for line in inet6.read_text("utf-8").splitlines():
                digits = line.split()[0]
                found.append(str(ipaddress.ip_address(bytes.fromhex(digits))))
        return list(dict.fromkeys(found))
    ifconfig = shutil.which("ifconfig")
    if ifconfig is None:
        return []
    shown = subprocess.run([ifconfig, "-a"], capture_output=True, text=True, check=False).stdout
    return list(dict.fromkeys(re.findall(r"\binet6? (?:addr:)?([0-9a-fA-F.:]+)", shown)))


def _in_url(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def who_can_reach(host: str, port: int, what: str) -> str:
    """One line on who can reach a server beyond loopback, and what the token keeps from them."""
    where = "any of this machine's addresses" if bind_address(host) in ANY_ADDRESS else host
    return (
        f"Any machine whose network reaches {where} on port {port} can connect, but only a browser given one "
        f"of these addresses (they carry the token) can {what}."
    )
