"""The table page and the hand replayer: their routes and JSON endpoints.

:func:`routes` gives the Starlette routes (the server's app mounts them):

=========================================  =============================================
``GET /table``, ``GET /replay``            the pages (plain HTML, CSS and JS, no build step)
``GET /static/...``                        their files, from the package's ``web/static``
``GET /api/table/options``                 the games, bots, structures and defaults
``POST /api/table/new``                    a new table (JSON settings): ``{"id", "state"}``
``GET /api/table/{id}``                    the table's state
``POST /api/table/{id}/act``               ``{"action": "cc"}`` (PHH words): the new state
``POST /api/table/{id}/next``              the next hand: the new state
``POST /api/replay/steps``                 ``{"phh": text}``: ``{"steps": [...]}``
``GET /api/replay/files``                  the PHH files of the served folder
``GET /api/replay/file?name=NAME``         the steps of one of those files
=========================================  =============================================

A refused request gets ``{"error": message}`` with status 400 (a bad setting or
action), 404 (an unknown table or file) or 413 (a body too large).  Each handler
turns JSON into a call of :mod:`~badeucey_fast.web.table` or
:mod:`~badeucey_fast.web.replay` and back, run in a worker thread.  Only the
files that :func:`phh_files` lists are ever opened: a request names a file by
that listing, never by a path.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from badeucey_fast.web.replay import replay_steps
from badeucey_fast.web.table import MAX_SESSIONS, Sessions, TableSettings, options

__all__ = ["MAX_BODY_BYTES", "MAX_PHH_BYTES", "MAX_PHH_FILES", "STATIC", "phh_files", "routes"]

STATIC = Path(__file__).parent / "static"
"""The pages' files (package data)."""
MAX_BODY_BYTES = 4096
"""The largest body a table request may send (settings or an action)."""
MAX_PHH_BYTES = 256 * 1024
"""The largest PHH text the replayer reads (a hand's history takes a few kilobytes)."""
MAX_PHH_FILES = 1000
"""The most files of the served folder the replayer lists."""


class _Refused(Exception):
    """A request refused with ``status`` and a message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def phh_files(folder: Path) -> dict[str, Path]:
    """The ``*.phh`` files under ``folder`` (subfolders too), by their path
    relative to it in ``/`` form, sorted; at most :data:`MAX_PHH_FILES`.  A
    link that leads outside the folder is left out."""
    root = folder.resolve()
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.phh")):
        real = path.resolve()
        if real.is_file() and real.is_relative_to(root):
            found[path.relative_to(root).as_posix()] = real
            if len(found) >= MAX_PHH_FILES:
                break
    return found


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read up to ``limit`` bytes."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise _Refused(413, f"the request body is larger than {limit:,} bytes")
    if not data:
        return {}
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise _Refused(400, "the request body is not JSON") from None


def _answer(handler: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
    """``handler``'s result as a JSON response; a refusal, a ValueError or a
    TypeError as ``{"error": ...}`` with its status."""

    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request))
        except _Refused as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        except (ValueError, TypeError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    return endpoint


def routes(*, phh_folder: str | Path | None = None, max_sessions: int = MAX_SESSIONS) -> list[BaseRoute]:
    """The pages' routes, with their own sessions.

    :param phh_folder: a folder whose PHH files the replayer offers (None: none;
        a file can still be uploaded or pasted).
    :param max_sessions: the most tables kept at once (:class:`~badeucey_fast.web.table.Sessions`).
    :raises ValueError: for a ``phh_folder`` that is not a folder.
    """
    folder = None if phh_folder is None else Path(phh_folder)
    if folder is not None and not folder.is_dir():
        raise ValueError(f"phh_folder {str(folder)!r} is not a folder")
    sessions = Sessions(max_sessions)

    def table_of(request: Request) -> Any:
        try:
            return sessions.get(request.path_params["table"])
        except KeyError:
            raise _Refused(404, "no such table (it ended: the server keeps the tables used last)") from None

    async def table_options(request: Request) -> Any:
        return await run_in_threadpool(options)

    async def table_new(request: Request) -> Any:
        settings = await run_in_threadpool(TableSettings.from_dict, await _body(request, MAX_BODY_BYTES))
        key, table = await run_in_threadpool(sessions.new, settings)
        return {"id": key, "state": await run_in_threadpool(table.state)}

    async def table_state(request: Request) -> Any:
        return await run_in_threadpool(table_of(request).state)

    async def table_act(request: Request) -> Any:
        table = table_of(request)
        body = await _body(request, MAX_BODY_BYTES)
        if not isinstance(body, dict) or "action" not in body:
            raise _Refused(400, 'send {"action": PHH words}, e.g. {"action": "cc"}')
        await run_in_threadpool(table.act, body["action"])
        return await run_in_threadpool(table.state)

    async def table_next(request: Request) -> Any:
        table = table_of(request)
        await run_in_threadpool(table.next_hand)
        return await run_in_threadpool(table.state)

    async def replay_text(request: Request) -> Any:
        body = await _body(request, MAX_PHH_BYTES + 1024)
        if not isinstance(body, dict) or not isinstance(body.get("phh"), str):
            raise _Refused(400, 'send {"phh": the text of a PHH file}')
        return {"steps": await run_in_threadpool(replay_steps, body["phh"])}

    async def replay_files(request: Request) -> Any:
        if folder is None:
            return {"folder": None, "files": []}
        files = await run_in_threadpool(phh_files, folder)
        return {"folder": folder.name, "files": list(files)}

    async def replay_file(request: Request) -> Any:
        name = request.query_params.get("name", "")
        files = {} if folder is None else await run_in_threadpool(phh_files, folder)
        path = files.get(name)
        if path is None:
            raise _Refused(404, f"no PHH file {name[:100]!r} in the served folder")
        if path.stat().st_size > MAX_PHH_BYTES:
            raise _Refused(413, f"{name} is larger than {MAX_PHH_BYTES:,} bytes")
        text = await run_in_threadpool(path.read_text, "utf-8")
        return {"name": name, "steps": await run_in_threadpool(replay_steps, text)}

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            # The address may carry a seat's token (?token=): no request the page makes tells it to anyone.
            return FileResponse(STATIC / name, media_type="text/html", headers={"Referrer-Policy": "no-referrer"})

        return endpoint

    return [
        Route("/table", page("table.html")),
        Route("/replay", page("replay.html")),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/table/options", _answer(table_options)),
        Route("/api/table/new", _answer(table_new), methods=["POST"]),
        Route("/api/table/{table}", _answer(table_state)),
        Route("/api/table/{table}/act", _answer(table_act), methods=["POST"]),
        Route("/api/table/{table}/next", _answer(table_next), methods=["POST"]),
        Route("/api/replay/steps", _answer(replay_text), methods=["POST"]),
        Route("/api/replay/files", _answer(replay_files)),
        Route("/api/replay/file", _answer(replay_file)),
    ]
