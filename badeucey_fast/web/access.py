"""Who may use a server: loopback hosts, seats' tokens, and the gate that asks
for a token on every ``/api/`` request when the server listens beyond the machine.

A server listens on a loopback address by default, reachable only from the
machine itself.  Another host needs ``--allow-remote``, and then every request
to ``/api/`` carries a seat's token, as ``Authorization: Bearer TOKEN`` or
``?token=TOKEN``; the seat's name is the player's name on the leaderboard.

>>> from badeucey_fast.web.access import is_loopback, parse_tokens
>>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
(True, True, False)
>>> parse_tokens("alice 8kKd0cs1tA2vYq3sbD5x0g\\n# a comment\\n")
{'alice': '8kKd0cs1tA2vYq3sbD5x0g'}
>>> parse_tokens("bob short")
Traceback (most recent call last):
...
ValueError: tokens, line 1: bob's token is 5 characters: at least 16 (secrets.token_urlsafe makes them)
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import socket
from collections.abc import Mapping

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["SEAT", "TokenGate", "client_of", "is_loopback", "make_tokens", "parse_tokens", "seat_of"]

SEAT = "badeucey.seat"
"""The key of the ASGI scope that holds the seat a token names (with tokens only)."""
MIN_TOKEN_CHARS = 16
"""The shortest token accepted: 16 characters of ``token_urlsafe`` are 96 bits."""
SEAT_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
"""A seat's name: a leaderboard's player name, plain and short."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) reaches only this machine: every
    address it resolves to is a loopback address."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    return bool(found) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in found)


def make_tokens(names: list[str]) -> dict[str, str]:
    """A new random token for each seat name."""
    return {_check_name(name, "seat names"): secrets.token_urlsafe(18) for name in names}


def parse_tokens(text: str, where: str = "tokens") -> dict[str, str]:
    """Seats' tokens written one seat a line, ``NAME TOKEN``; blank lines and
    ``#`` comments are skipped.

    :raises ValueError: for a line that is not a name and a token, a name used
        twice, a token too short or used twice, or no seat at all.
    """
    tokens: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2:
            raise ValueError(f"{where}, line {number}: write a seat as NAME TOKEN, got {len(words)} words")
        name, token = words
        _check_name(name, f"{where}, line {number}")
        if len(token) < MIN_TOKEN_CHARS:
            raise ValueError(f"{where}, line {number}: {name}'s token is {len(token)} characters: at least "
                             f"{MIN_TOKEN_CHARS} (secrets.token_urlsafe makes them)")
        if name in tokens:
            raise ValueError(f"{where}, line {number}: seat {name} is given twice")
        if token in tokens.values():
            raise ValueError(f"{where}, line {number}: {name}'s token is another seat's too")
        tokens[name] = token
    if not tokens:
        raise ValueError(f"{where}: no seat (write one seat a line: NAME TOKEN)")
    return tokens


def _check_name(name: str, where: str) -> str:
    if not SEAT_NAME.fullmatch(name):
        raise ValueError(f"{where}: a seat's name is 1..40 letters, digits, '_', '.' or '-', got {name[:60]!r}")
    return name


def seat_of(tokens: Mapping[str, str], token: str) -> str | None:
    """The seat whose token is ``token``, or None (every token compared in constant time)."""
    found = None
    given = token.encode("utf-8", "replace")
    for name, expected in tokens.items():
        if hmac.compare_digest(given, expected.encode("utf-8")):
            found = name
    return found


def _token(scope: Scope) -> str:
    """The token a request carries: its ``Authorization: Bearer`` header, else its ``token`` parameter."""
    from urllib.parse import parse_qs

    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key == b"authorization":
            kind, _, token = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer":
                return token.strip()
    query_string: bytes = scope.get("query_string", b"")
    return parse_qs(query_string.decode("latin-1")).get("token", [""])[-1]


class TokenGate:
    """ASGI middleware: every HTTP and WebSocket request under ``/api/`` carries
    a seat's token, and the seat's name goes into the scope (:data:`SEAT`); a
    request without a valid one is refused (HTTP 401; a WebSocket is told why
    and closed with code 1008).  Other paths (the pages) pass as they are."""

    def __init__(self, app: ASGIApp, tokens: Mapping[str, str]) -> None:
        self.app = app
        self.tokens = dict(tokens)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        seat = seat_of(self.tokens, _token(scope))
        if seat is not None:
            await self.app({**scope, SEAT: seat}, receive, send)
            return
        message = "this server asks for a seat's token: send 'Authorization: Bearer TOKEN' or add ?token=TOKEN"
        if scope["type"] == "http":
            from starlette.responses import JSONResponse

            await JSONResponse({"type": "error", "message": message}, status_code=401)(scope, receive, send)
            return
        from starlette.websockets import WebSocket

        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        await websocket.send_json({"type": "error", "message": message})
        await websocket.close(code=1008)


def client_of(scope: Scope) -> str:
    """Who a request comes from, for the bounds per client: its seat with tokens, else its address."""
    seat = scope.get(SEAT)
    if seat is not None:
        return str(seat)
    client = scope.get("client")
    return str(client[0]) if client else "unknown"
