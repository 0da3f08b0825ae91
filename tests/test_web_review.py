"""The review report served (``GET /api/review``): the same report ``badeucey review --html``
writes for the PHH folder's hands, behind the server's token gate, never reading a file the
folder's listing does not name."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from starlette.applications import Starlette  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from badeucey_fast._review_html import review_html  # noqa: E402
from badeucey_fast.bots import DrawingBot, RandomBot, play_match  # noqa: E402
from badeucey_fast.review import review  # noqa: E402
from badeucey_fast.web import review_page  # noqa: E402
from badeucey_fast.web.app import create_app  # noqa: E402

SAMPLES = 8
TOKEN = "a-seat-token-of-some-length"


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hands")
    play_match([DrawingBot(), RandomBot()], hands=2, game="badugi", seed=3, phh_out=folder,
               phh_players=["drawing", "random"])
    return folder


def _client(folder: Path | None) -> TestClient:
    return TestClient(Starlette(routes=review_page.routes(phh_folder=folder, samples=SAMPLES)))


def test_the_report_is_the_command_s(hands: Path) -> None:
    with _client(hands) as client:
        whole = client.get("/api/review", params={"hero": "drawing"})
        one = client.get("/api/review", params={"hero": "drawing", "file": "hand-000001.phh"})
    assert whole.status_code == 200 and whole.headers["content-type"].startswith("text/html")
    assert whole.text == review_html(review(sorted(hands.glob("*.phh")), "drawing", samples=SAMPLES))
    assert one.status_code == 200 and one.text == review_html(review([hands / "hand-000001.phh"], "drawing",
                                                                     samples=SAMPLES))


@pytest.mark.parametrize(("params", "status", "words"), [
    ({}, 400, "name the hero"),
    ({"hero": "drawing", "path": "/etc/passwd"}, 400, "unknown parameter 'path'"),
    ({"hero": "drawing", "file": "../hands/hand-000001.phh"}, 404, "no hand"),
    ({"hero": "drawing", "file": "/etc/passwd"}, 404, "no hand"),
])
def test_bad_requests_are_refused_with_why(hands: Path, params: dict[str, str], status: int, words: str) -> None:
    with _client(hands) as client:
        answer = client.get("/api/review", params=params)
    assert answer.status_code == status and words in answer.json()["error"]


def test_without_a_folder_there_is_nothing_to_review() -> None:
    with _client(None) as client:
        answer = client.get("/api/review", params={"hero": "drawing"})
    assert answer.status_code == 404 and "--phh" in answer.json()["error"]


def test_the_server_serves_it_behind_its_token_gate(hands: Path) -> None:
    with TestClient(create_app(phh_folder=hands, tokens={"alice": TOKEN})) as client:
        refused = client.get("/api/review", params={"hero": "drawing", "file": "nothing.phh"})
        let_in = client.get("/api/review", params={"hero": "drawing", "file": "nothing.phh", "token": TOKEN})
    assert refused.status_code == 401
    assert let_in.status_code == 404  # past the gate: the file is not in the folder
