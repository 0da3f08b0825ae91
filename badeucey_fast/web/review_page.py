"""The review report of ``badeucey review``, served for the hands of the PHH
folder (``badeucey serve --phh DIR``).

``GET /api/review?hero=NAME`` reviews every hand of the folder that the
replayer lists (:func:`~badeucey_fast.web.pages.phh_files`), ``&file=NAME``
one of them, and answers the self-contained HTML report that ``badeucey review
--html`` writes (:func:`badeucey_fast.review.review`, seed 0: the same hands,
the same report).  It lives under ``/api/`` so that a server opened beyond
loopback asks for a seat's token (``?token=``) before it reads a file.

A review replays every decision against sampled ranges, about a second of CPU
a hand: a request reviews at most :data:`MAX_REVIEW_HANDS` hands, and one
review runs at a time (another request meanwhile gets 503).  Refusals are
``{"error": message}`` with status 400 (no hero, an unknown parameter), 404
(no folder served, a file it does not list), 413 (too many hands) or 503.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from badeucey_fast._review_html import review_html
from badeucey_fast.review import SAMPLES, review
from badeucey_fast.web.pages import phh_files

__all__ = ["MAX_REVIEW_HANDS", "routes"]

MAX_REVIEW_HANDS = 200
"""The most hands one request reviews."""
PARAMETERS = ("hero", "file", "token")
"""The query parameters of ``/api/review`` (``token``: read by the server's gate)."""


def routes(*, phh_folder: str | Path | None = None, samples: int = SAMPLES) -> list[BaseRoute]:
    """The route of the report, over ``phh_folder`` (None: every request gets
    404), with ``samples`` hypotheses of each range (:func:`~badeucey_fast.review.review`)."""
    folder = None if phh_folder is None else Path(phh_folder)
    busy = asyncio.Lock()

    async def report(request: Request) -> Response:
        query = request.query_params
        unknown = sorted(set(query) - set(PARAMETERS))
        if unknown:
            return _refused(400, f"unknown parameter {unknown[0][:40]!r} (parameters: hero, file)")
        hero = query.get("hero", "")
        if not hero:
            return _refused(400, "name the hero: /api/review?hero=NAME (a name in the hands' players, or p1, p2, ...)")
        if folder is None:
            return _refused(404, "this server serves no folder of hands (badeucey serve --phh DIR)")
        files = phh_files(folder)
        name = query.get("file")
        if name is not None:
            if name not in files:
                return _refused(404, f"no hand {name[:80]!r} in the served folder (GET /api/replay/files lists them)")
            chosen = [files[name]]
        else:
            chosen = list(files.values())
        if not chosen:
            return _refused(404, "the served folder holds no .phh file")
        if len(chosen) > MAX_REVIEW_HANDS:
            return _refused(413, f"the folder holds {len(chosen):,} hands: a request reviews at most "
                                 f"{MAX_REVIEW_HANDS} (name one with file=, or run badeucey review)")
        if busy.locked():
            return _refused(503, "another review is running: try again when it is done")
        async with busy:
            try:
                made = await run_in_threadpool(lambda: review_html(review(chosen, hero, samples=samples)))
            except ValueError as exc:
                return _refused(400, str(exc))
        return HTMLResponse(made)

    return [Route("/api/review", report)]


def _refused(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)
