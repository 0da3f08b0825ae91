"""Real servers for the tests, on a free loopback port: uvicorn in a thread of the test process
(:func:`server_thread`), or ``badeucey serve`` in a process of its own (:func:`server_process`)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GUARD = 60
"""Seconds: only a guard against a hang."""


@contextmanager
def server_thread(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread; yields its ``host:port``."""
    import uvicorn

    from badeucey_fast.web.serve import listen

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        waited = time.monotonic()
        while not server.started:
            assert thread.is_alive() and time.monotonic() - waited < GUARD, "the server did not start"
            time.sleep(0.01)
        yield f"127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(GUARD)
        sock.close()


def _default_sigint() -> None:
    """In the child: Ctrl-C back to its default (CI's lanes start the suite with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def server_process(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``badeucey serve --port 0 args...`` in a new process, run from tests/ (so the source tree
    cannot shadow the installed package); yields the process and its ``host:port`` once it listens,
    and stops it with Ctrl-C at the end if it still runs."""
    argv = [sys.executable, "-m", "badeucey_fast", "serve", "--port", "0", *args]
    process = subprocess.Popen(argv, cwd=Path(__file__).parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=_default_sigint)
    try:
        line = process.stdout.readline() if process.stdout else ""
        found = re.search(r"http://([\d.]+:\d+)/", line)
        if found is None:
            process.kill()
            raise AssertionError(f"badeucey serve did not start: {line!r} {process.communicate(timeout=GUARD)}")
        yield process, found.group(1)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(GUARD)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for stream in (process.stdout, process.stderr):
            if stream:
                stream.close()


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` now (Linux's /proc)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS line")
