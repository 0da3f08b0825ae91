"""The arena on a real server over loopback: the documentation's client example, ``badeucey serve``
started and stopped, and (marked slow) twenty clients at once and the server's memory over 1,000 hands."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.sync.client import connect  # noqa: E402

from badeucey_fast.web.app import create_app  # noqa: E402

from .web_live import GUARD, rss_bytes, server_process, server_thread  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "arena_client.py"


def _get(address: str, path: str) -> Any:
    with urllib.request.urlopen(f"http://{address}{path}", timeout=GUARD) as answer:
        return json.loads(answer.read())


def test_the_documented_client_is_whole_and_short() -> None:
    page = (ROOT / "docs" / "arena.rst").read_text(encoding="utf-8")
    assert ".. literalinclude:: ../examples/arena_client.py" in page
    assert len(EXAMPLE.read_text(encoding="utf-8").splitlines()) <= 30


def test_the_documented_client_plays_a_match() -> None:
    """The example run as a reader runs it: a program of its own (from tests/, so that the
    source tree cannot shadow the installed package)."""
    with server_thread(create_app()) as address:
        url = f"ws://{address}/api/play?game=badugi&opponent=calling&hands=20&seed=1"
        out = subprocess.run([sys.executable, str(EXAMPLE), url], cwd=Path(__file__).parent, capture_output=True,
                             text=True, timeout=GUARD, check=False)
        board = _get(address, "/api/leaderboard")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("20 hands: ") and "mbb/hand, 95% CI [" in out.stdout and out.stderr == ""
    assert [(m["hands"], m["seed"], m["opponent"]) for m in board["matches"]] == [(20, 1, "CallingBot()")]


def test_badeucey_serve_answers_and_stops_on_ctrl_c() -> None:
    with server_process() as (process, address):
        assert _get(address, "/api/leaderboard") == {"standings": [], "matches": []}
        process.send_signal(signal.SIGINT)
        assert process.wait(GUARD) == 130  # the shell's status for Ctrl-C, as every badeucey command
        assert process.stderr is not None and "interrupted" in process.stderr.read()


# --------------------------------------------------------------------------- #
# Load: twenty clients at once; memory over 1,000 hands
# --------------------------------------------------------------------------- #
CLIENTS = 20
HANDS = 50
BAD = ["{not json", '{"action": "cbr 999"}', b"\x01binary"]
"""What each client sends first, before playing: each gets an error and the same decision again."""


def _client(address: str, number: int) -> dict[str, Any]:
    """One client's match: the bad messages first, then a call or standing pat at every decision."""
    url = f"ws://{address}/api/play?game=badugi&opponent=calling&hands={HANDS}&seed={number}&name=client{number}"
    errors, overs, decisions = [], [], 0
    with connect(url, open_timeout=GUARD) as ws:
        first = json.loads(ws.recv(timeout=GUARD))
        for bad in BAD:
            ws.send(bad)
            error, again = json.loads(ws.recv(timeout=GUARD)), json.loads(ws.recv(timeout=GUARD))
            errors.append((error["type"], error["decision"], again == first))
        message = first
        while message["type"] != "result":
            if message["type"] == "act":
                decisions += 1
                phase = message["view"]["phase"]
                ws.send(json.dumps({"action": "cc" if phase == "bet" else "sd", "decision": message["decision"]}))
            elif message["type"] == "over":
                overs.append(message["hand"])
            message = json.loads(ws.recv(timeout=GUARD))
    return {"result": message, "errors": errors, "overs": overs, "decisions": decisions}


@pytest.mark.slow
def test_twenty_clients_at_once_every_hand_counted() -> None:
    with server_process("--max-matches", str(CLIENTS), "--max-connections", str(CLIENTS)) as (_, address):
        with ThreadPoolExecutor(CLIENTS) as pool:
            played = list(pool.map(lambda n: _client(address, n), range(CLIENTS)))
        board = _get(address, "/api/leaderboard")
    for number, one in enumerate(played):
        assert one["errors"] == [("error", 1, True)] * len(BAD), number
        assert one["overs"] == list(range(1, HANDS + 1)), number
        result = one["result"]
        assert (result["hands"], result["deals"], result["seed"], result["forfeited"]) == (HANDS, HANDS // 2, number, 0)
    assert sorted((m["player"], m["hands"]) for m in board["matches"]) == sorted((f"client{n}", HANDS)
                                                                                 for n in range(CLIENTS))
    assert sum(s["hands"] for s in board["standings"]) == CLIENTS * HANDS


MEMORY_HANDS = 1_000
SAMPLE_EVERY = 25
WARM_UP = 200
"""Hands before the first sample of the slope: the allocator's and the caches' first growth."""
SLOPE_BOUND = 1_024
"""Bytes a hand the server's memory may grow by, on a line fitted to the samples after the warm-up:
a view (with its events) kept for every hand is several times that."""


@pytest.mark.slow
def test_the_server_s_memory_is_flat_over_1000_hands() -> None:
    import numpy as np

    with server_process() as (process, address):
        samples: list[tuple[int, int]] = []
        played = 0
        for match in range(MEMORY_HANDS // 100):
            url = f"ws://{address}/api/play?game=badeucey&opponent=calling&hands=100&seed={match}"
            with connect(url, open_timeout=GUARD) as ws:
                for text in ws:
                    message = json.loads(text)
                    if message["type"] == "act":
                        phase = message["view"]["phase"]
                        ws.send(json.dumps({"action": "cc" if phase == "bet" else "sd"}))
                    elif message["type"] == "over":
                        played += 1
                        if played % SAMPLE_EVERY == 0:
                            samples.append((played, rss_bytes(process.pid)))
    assert played == MEMORY_HANDS
    hands, rss = np.array([s for s in samples if s[0] > WARM_UP], dtype=np.float64).T
    slope = np.polyfit(hands, rss, 1)[0]
    assert slope < SLOPE_BOUND, f"{slope:.0f} bytes a hand; samples {samples}"
