"""A Starlette app served by uvicorn on loopback in a thread, for the web tests
(``from .web_support import serve``); skips the test when the ``web`` extra is absent."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

START_TIMEOUT = 60
"""Seconds: only a guard against a server that never starts."""


@contextmanager
def serve(app: Any) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (a free port) while the block runs; yields its base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(START_TIMEOUT)


def request(url: str, body: Any = None, *, raw: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """GET ``url`` (POST with a JSON ``body`` or ``raw`` bytes, with ``headers`` too): the status and
    the decoded JSON answer."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())
