"""The arena's latency (issue 41): a decision's round trip over a WebSocket on loopback, against
the same match played in the process with no network.

Each round plays one whole match of :data:`HANDS` duplicate badugi hands against CallingBot,
the client calling every bet and standing pat (the same decisions every round, the seed fixed):
:class:`~badeucey_fast.web.match.ArenaMatch` alone; through a uvicorn server in a thread of this
process (a sync websockets client); and through ``badeucey serve`` in a process of its own
(``-m slow``: its start costs seconds).  ``extra_info`` has the decisions a round and the time a
decision (``us_per_decision``, the fastest round's), with the ratio of each network path to the
match alone.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.sync.client import connect  # noqa: E402

from badeucey_fast.play import CallingBot, TableRules  # noqa: E402
from badeucey_fast.web.app import create_app  # noqa: E402
from badeucey_fast.web.match import ArenaMatch  # noqa: E402

GROUP = "arena: one decision, a match of 40 badugi hands against CallingBot"
HANDS = 40
SEED = 1
QUERY = f"/api/play?game=badugi&opponent=calling&hands={HANDS}&seed={SEED}"


def _action(phase: str) -> str:
    return "cc" if phase == "bet" else "sd"


def match_in_process() -> tuple[int, float]:
    """The match with no network: decisions and the player's result."""
    match, decisions = ArenaMatch(CallingBot, TableRules("badugi"), hands=HANDS, seed=SEED), 0
    while (decision := match.pending()) is not None:
        match.answer(_action(decision.view.phase))
        match.finished()
        decisions += 1
    return decisions, match.result().mbb_per_hand


def match_over_websocket(address: str) -> tuple[int, float]:
    """The match through a server: decisions and the result it sends."""
    decisions = 0
    with connect(f"ws://{address}{QUERY}") as ws:
        for text in ws:
            message = json.loads(text)
            if message["type"] == "act":
                decisions += 1
                ws.send(json.dumps({"action": _action(message["view"]["phase"]), "decision": message["decision"]}))
            elif message["type"] == "result":
                return decisions, message["mbb_per_hand"]
    raise AssertionError("no result")


@pytest.fixture(scope="module")
def thread_server() -> Iterator[str]:
    """A uvicorn server in a thread of this process, on a free loopback port."""
    import uvicorn

    from badeucey_fast.web.serve import listen

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        assert thread.is_alive()
        time.sleep(0.01)
    yield f"127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(60)
    sock.close()


def _record(benchmark: Any, figures: Any, name: str, decisions: int) -> None:
    if figures.per_hand(name, benchmark, decisions) is None:
        return
    benchmark.extra_info["decisions_per_round"] = decisions
    benchmark.extra_info["us_per_decision"] = round(figures.values[f"ns.{name}"] / 1000, 1)
    if name != "arena_in_process":
        figures.ratio(benchmark, f"{name}/arena_in_process", name, "arena_in_process")


def test_arena_match_in_process(benchmark: Any, figures: Any) -> None:
    benchmark.group = GROUP
    decisions, result = benchmark(match_in_process)
    assert decisions > 4 * HANDS
    _record(benchmark, figures, "arena_in_process", decisions)


def test_arena_match_over_websocket_thread_server(benchmark: Any, figures: Any, thread_server: str) -> None:
    benchmark.group = GROUP
    decisions, result = benchmark(match_over_websocket, thread_server)
    assert (decisions, result) == match_in_process()  # the same match, told over the network
    _record(benchmark, figures, "arena_websocket_thread", decisions)


@pytest.mark.slow
def test_arena_match_over_websocket_badeucey_serve(benchmark: Any, figures: Any) -> None:
    benchmark.group = GROUP
    process = subprocess.Popen([sys.executable, "-m", "badeucey_fast", "serve", "--port", "0"], stdout=subprocess.PIPE,
                               text=True, cwd=Path(__file__).parent,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert process.stdout is not None
        found = re.search(r"http://([\d.]+:\d+)/", process.stdout.readline())
        assert found is not None
        decisions, result = benchmark(match_over_websocket, found.group(1))
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(60)
        if process.stdout:
            process.stdout.close()
    assert (decisions, result) == match_in_process()
    _record(benchmark, figures, "arena_websocket_process", decisions)
