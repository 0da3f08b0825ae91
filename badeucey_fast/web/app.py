"""The application of ``badeucey serve``, made by :func:`create_app` from its
settings (no module globals: two apps in one process share nothing).

>>> from badeucey_fast.web.app import create_app
>>> from badeucey_fast.web.limits import Limits
>>> app = create_app(limits=Limits(max_hands=1_000))
>>> app.state.limits.max_hands, app.state.leaderboard.standings(), app.state.tokens_required
(1000, [], False)
>>> create_app(tokens={"alice": "short"})
Traceback (most recent call last):
...
ValueError: tokens, line 1: alice's token is 5 characters: at least 16 (secrets.token_urlsafe makes them)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from badeucey_fast.web import arena, pages, review_page
from badeucey_fast.web.access import TokenGate, parse_tokens
from badeucey_fast.web.leaderboard import Leaderboard
from badeucey_fast.web.limits import DEFAULT_LIMITS, Limits

__all__ = ["LEADERBOARD_FILE", "create_app"]

LEADERBOARD_FILE = "leaderboard.sqlite"
"""The leaderboard's file in the data folder."""


def create_app(*, data_dir: str | os.PathLike[str] | None = None, tokens: Mapping[str, str] | None = None,
               limits: Limits = DEFAULT_LIMITS, phh_folder: str | os.PathLike[str] | None = None) -> Starlette:
    """The server's application: the pages (:func:`badeucey_fast.web.pages.routes`;
    ``/`` leads to ``/table``), the review report of the PHH folder's hands
    (:mod:`badeucey_fast.web.review_page`), the arena's WebSocket ``/api/play``
    and the leaderboard ``/api/leaderboard``.

    What the routes find in ``app.state``: ``limits``, ``leaderboard`` (a
    :class:`~badeucey_fast.web.leaderboard.Leaderboard`), ``data_dir`` (a
    :class:`~pathlib.Path` or None) and ``tokens_required``.  The server reads
    no file a request names except in the PHH folder, and there only the files
    the replayer lists (:func:`~badeucey_fast.web.pages.phh_files`).

    :param data_dir: the folder of the server's data (the leaderboard's
        database, ``leaderboard.sqlite``; made when missing); None keeps the
        leaderboard in memory.
    :param tokens: each seat's token by seat name: then every request under
        ``/api/`` carries one (:class:`~badeucey_fast.web.access.TokenGate`) and the
        seat's name is the player's; None asks for none (a loopback server).
    :param limits: the server's bounds (:class:`~badeucey_fast.web.limits.Limits`).
    :param phh_folder: the folder whose PHH files the replayer offers (None: none).
    :raises ValueError: for tokens that :func:`~badeucey_fast.web.access.parse_tokens`
        would refuse, or a data or PHH folder that is not a folder.
    :raises TypeError: for limits that are not a :class:`Limits`.
    """
    if not isinstance(limits, Limits):
        raise TypeError(f"limits must be a Limits, not {type(limits).__name__}")
    if tokens is not None:
        tokens = parse_tokens("\n".join(f"{name} {token}" for name, token in tokens.items()), "tokens")
    folder = None if data_dir is None else Path(data_dir)
    if folder is not None:
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"the data folder {folder} is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    leaderboard = Leaderboard(None if folder is None else folder / LEADERBOARD_FILE)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        leaderboard.close()

    hands = None if phh_folder is None else Path(phh_folder)
    routes: list[BaseRoute] = [*pages.routes(phh_folder=hands), *review_page.routes(phh_folder=hands),
                               *arena.routes(), Route("/api/leaderboard", _leaderboard), Route("/", _home)]
    middleware = [Middleware(BodyLimit, limit=limits.max_request_bytes)]
    if tokens is not None:
        middleware.append(Middleware(TokenGate, tokens=tokens))
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.limits = limits
    app.state.leaderboard = leaderboard
    app.state.data_dir = folder
    app.state.tokens_required = tokens is not None
    app.state.arena_seats = arena.ArenaSeats(limits)
    return app


async def _home(request: Request) -> RedirectResponse:
    """``/``: the table page (the address ``badeucey serve`` prints)."""
    return RedirectResponse("/table")


LEADERBOARD_PARAMETERS = ("game", "opponent", "player", "limit", "token")
"""The query parameters of ``/api/leaderboard``."""


async def _leaderboard(request: Request) -> JSONResponse:
    """``/api/leaderboard?game=G&opponent=BOT&player=NAME&limit=N``: the
    standings and the latest matches (each parameter optional)."""
    query = request.query_params
    unknown = sorted(set(query) - set(LEADERBOARD_PARAMETERS))
    board: Leaderboard = request.app.state.leaderboard
    try:
        if unknown:
            raise ValueError(f"unknown parameter {unknown[0][:40]!r} (parameters: "
                             f"{', '.join(LEADERBOARD_PARAMETERS[:-1])})")
        limit = query.get("limit", "100")
        if not limit.isascii() or not limit.isdigit() or len(limit) > 6:
            raise ValueError(f"limit must be a whole number, got {limit[:40]!r}")
        game, opponent = query.get("game"), query.get("opponent")
        matches = board.matches(game=game, opponent=opponent, player=query.get("player"), limit=int(limit))
    except ValueError as exc:
        return JSONResponse({"type": "error", "message": str(exc)}, status_code=400)
    return JSONResponse({"standings": board.standings(game=game, opponent=opponent), "matches": matches})


class BodyLimit:
    """ASGI middleware: an HTTP request's body is read whole, up to ``limit``
    bytes, before the app sees it; a longer one is refused (413) unread."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(scope, receive, send)
                return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"type": "error", "message": f"a request's body is at most {self.limit:,} bytes"},
                                status_code=413)
        await response(scope, receive, send)
