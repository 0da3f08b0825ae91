"""The arena's protocol and the server's safety, through Starlette's TestClient (no socket):
whole matches, errors answered with the same decision again, forfeits by silence, the bounds,
seats' tokens, request bodies, and no file outside the folders served."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402


from badeucey_fast.web.access import is_loopback, make_tokens, parse_tokens  # noqa: E402
from badeucey_fast.web.app import create_app  # noqa: E402
from badeucey_fast.web.limits import Limits  # noqa: E402
from badeucey_fast.web.serve import serve  # noqa: E402

TOKENS = {"alice": "a" * 20, "bob": "b" * 20, "carol": "c" * 20}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def _answer(message: dict[str, Any]) -> str:
    return "cc" if message["view"]["phase"] == "bet" else "sd"


def _play_out(ws: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Answer every decision with a call or standing pat; the result and every message before it."""
    seen = []
    while True:
        message = ws.receive_json()
        seen.append(message)
        if message["type"] == "act":
            ws.send_json({"action": _answer(message), "decision": message["decision"]})
        elif message["type"] == "result":
            return message, seen


def _closed_code(ws: Any) -> int:
    message = ws.receive()
    assert message["type"] == "websocket.close", message
    code: int = message["code"]
    return code


def test_a_whole_match(client: TestClient) -> None:
    with client.websocket_connect("/api/play?game=badugi&opponent=calling&hands=4&seed=3&name=tester") as ws:
        result, seen = _play_out(ws)
        assert _closed_code(ws) == 1000
    assert [m["hand"] for m in seen if m["type"] == "over"] == [1, 2, 3, 4]
    acts = [m for m in seen if m["type"] == "act"]
    assert [m["decision"] for m in acts] == list(range(1, len(acts) + 1))
    first = acts[0]
    assert first["legal"] == first["view"]["legal_actions"] and first["hands"] == 4
    assert first["view"]["rules"]["game"]["name"] == "badugi" and len(first["view"]["cards"].split()) == 4
    assert (result["hands"], result["deals"], result["seed"], result["forfeited"]) == (4, 2, 3, 0)
    assert result["mbb_per_hand"] == sum(m["payoff"] for m in seen if m["type"] == "over") * 1000 / 2 / 4
    board = client.get("/api/leaderboard").json()
    assert board["matches"][0]["player"] == "tester" and board["matches"][0]["hands"] == 4
    assert board["standings"][0]["opponent"] == "CallingBot()"


def test_bad_answers_get_an_error_and_the_same_decision_again(client: TestClient) -> None:
    with client.websocket_connect("/api/play?game=badeucey&opponent=calling&hands=2&seed=1") as ws:
        act = ws.receive_json()
        bad: list[str | bytes] = ["not json", "[1, 2]", '{"act": "cc"}', '{"action": 4}', '{"action": "cbr 999"}',
                                  '{"action": "sd 7s"}', '{"action": "cc", "decision": 9}', b"\x00binary",
                                  json.dumps({"action": "c" * 2_000})]
        for text in bad:
            ws.send_bytes(text) if isinstance(text, bytes) else ws.send_text(text)
            error = ws.receive_json()
            assert error["type"] == "error" and error["message"] and error["decision"] == act["decision"], text
            assert ws.receive_json() == act, text
        ws.send_json({"action": "cc", "decision": 0})  # an answer to an earlier decision: told, not resent
        assert ws.receive_json()["message"] == "an answer to an earlier decision: ignored"
        ws.send_json({"action": "cc", "decision": act["decision"]})
        result, seen = _play_out(ws)
    assert result["hands"] == 2 and [m["hand"] for m in seen if m["type"] == "over"] == [1, 2]


def test_a_silent_client_forfeits_the_hand_and_the_match_goes_on() -> None:
    # the timeout is one the answering client meets on any machine, however loaded: it answers
    # every later decision at once, and a slow answer would be a second forfeit
    limits = Limits(decision_timeout=2.0, max_silent_hands=2)
    with TestClient(create_app(limits=limits)) as client, \
            client.websocket_connect("/api/play?game=badugi&opponent=calling&hands=4&seed=2") as ws:
        act = ws.receive_json()
        error = ws.receive_json()  # no answer: the hand is forfeited
        assert error["type"] == "error" and "forfeited" in error["message"] and error["decision"] == act["decision"]
        over = ws.receive_json()
        assert (over["type"], over["hand"], over["forfeited"], over["payoff"]) == ("over", 1, True, -1)
        result, seen = _play_out(ws)
    assert (result["hands"], result["forfeited"]) == (4, 1)
    assert [m["hand"] for m in seen if m["type"] == "over"] == [2, 3, 4]


def test_a_client_silent_hand_after_hand_is_closed_and_not_recorded() -> None:
    limits = Limits(decision_timeout=0.02, max_silent_hands=2)
    with TestClient(create_app(limits=limits)) as client:
        with client.websocket_connect("/api/play?opponent=calling&hands=10") as ws:
            kinds = []
            while (message := ws.receive())["type"] == "websocket.send":
                kinds.append(json.loads(message["text"]))
            assert message["code"] == 1008
        assert [m["type"] for m in kinds] == ["act", "error", "over", "act", "error"]
        assert "no answer in 2 hands in a row" in kinds[-1]["message"]
        assert client.get("/api/leaderboard").json()["matches"] == []


@pytest.mark.parametrize(("query", "message"), [
    ("hands=4&colour=red", "unknown parameter 'colour'"),
    ("game=holdem", "unknown game 'holdem'"),
    ("opponent=shark", "unknown opponent 'shark'"),
    ("hands=0", "hands must be at least 1"),
    ("hands=10001", "hands must be at most 10,000"),
    ("hands=1e3", "hands must be a whole number"),
    ("seed=-1", "seed must be a whole number"),
    ("structure=spread", "unknown structure 'spread'"),
    ("name=bad%20name", "name: 1..40 letters"),
    ("game=badugi&opponent=cfr&structure=pot", "the cfr bot plays fixed limit"),
])
def test_a_bad_query_is_told_and_closed(client: TestClient, query: str, message: str) -> None:
    with client.websocket_connect(f"/api/play?{query}") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and message in error["message"]
        assert _closed_code(ws) == 1008


def test_the_cfr_opponent_plays_under_its_strategy_s_rules(client: TestClient) -> None:
    with client.websocket_connect("/api/play?game=badugi&opponent=cfr&hands=2&seed=1") as ws:
        result, seen = _play_out(ws)
    assert result["opponent"] == "CFRBot(game='badugi')" and result["hands"] == 2
    assert next(m for m in seen if m["type"] == "act")["view"]["rules"]["heads_up_cap"] == 4


def test_matches_are_bounded_per_client_and_in_all() -> None:
    limits = Limits(max_connections=2, max_matches_per_client=1)
    with TestClient(create_app(tokens=TOKENS, limits=limits)) as client:
        play = "/api/play?opponent=calling&hands=2&token="
        with client.websocket_connect(play + TOKENS["alice"]) as first:
            assert first.receive_json()["type"] == "act"
            with client.websocket_connect(play + TOKENS["alice"]) as again:
                error = again.receive_json()
                assert "you have 1 matches open" in error["message"] and _closed_code(again) == 1013
            with client.websocket_connect(play + TOKENS["bob"]) as second:
                assert second.receive_json()["type"] == "act"
                with client.websocket_connect(play + TOKENS["carol"]) as third:
                    error = third.receive_json()
                    assert "the server is full (2 matches at once)" in error["message"]
                    assert _closed_code(third) == 1013
        with client.websocket_connect(play + TOKENS["carol"]) as later:  # the seats are given back
            assert later.receive_json()["type"] == "act"


def test_with_tokens_every_api_request_needs_one_and_the_seat_names_the_player() -> None:
    with TestClient(create_app(tokens=TOKENS)) as client:
        assert client.get("/api/leaderboard").status_code == 401
        assert client.get("/api/leaderboard", headers={"Authorization": "Bearer " + "x" * 20}).status_code == 401
        with client.websocket_connect("/api/play?hands=2") as ws:
            assert "seat's token" in ws.receive_json()["message"] and _closed_code(ws) == 1008
        with client.websocket_connect("/api/play?opponent=calling&hands=2&name=mallory",
                                      headers={"Authorization": "Bearer " + TOKENS["bob"]}) as ws:
            _play_out(ws)
        board = client.get("/api/leaderboard?token=" + TOKENS["alice"])
        assert board.status_code == 200 and board.json()["matches"][0]["player"] == "bob"


def test_a_request_body_is_bounded() -> None:
    with TestClient(create_app(limits=Limits(max_request_bytes=100))) as client:
        assert client.post("/api/leaderboard", content=b"x" * 101).status_code == 413

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
            for _ in range(10):
                yield b"x" * 20

        assert client.post("/api/leaderboard", content=chunks()).status_code == 413
        assert client.post("/api/leaderboard", content=b"x" * 100).status_code == 405  # read, then routed


def test_the_leaderboard_filters_and_refuses_bad_parameters(client: TestClient) -> None:
    for query in ("game=badugi&opponent=calling", "hands=4&game=badugi"):
        with client.websocket_connect(f"/api/play?{query}&opponent=calling&hands=2" if "hands" not in query
                                      else f"/api/play?{query}&opponent=random") as ws:
            _play_out(ws)
    everything = client.get("/api/leaderboard").json()
    assert len(everything["matches"]) == 2 and len(everything["standings"]) == 2
    only = client.get("/api/leaderboard?opponent=CallingBot()").json()
    assert [m["opponent"] for m in only["matches"]] == ["CallingBot()"]
    assert client.get("/api/leaderboard?limit=1").json()["matches"][0]["opponent"] == "RandomBot()"
    for query in ("limit=0", "limit=x", "order=name"):
        answer = client.get(f"/api/leaderboard?{query}")
        assert answer.status_code == 400 and answer.json()["type"] == "error", query


TRAVERSALS = ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/static/../../../../etc/passwd",
              "/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%2f..%2f..%2fetc%2fpasswd",
              "/static//etc/passwd", "/static/..%5c..%5c..%5cetc%5cpasswd", "/api/..%2f..%2fetc%2fpasswd"]


TRAVERSALS += [f"/api/replay/file?name={name}" for name in
               ["../secret.phh", "%2e%2e/secret.phh", "/etc/passwd", "link.phh", "up/secret.phh", "..%2fsecret.phh"]]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with a PHH folder holding one hand, beside a secret file that links inside point to."""
    root = tmp_path_factory.mktemp("served")
    (root / "hands").mkdir()
    (root / "hands" / "one.phh").write_text("not read by these tests", encoding="utf-8")
    (root / "secret.phh").write_text("root:x:0:0", encoding="utf-8")
    (root / "hands" / "link.phh").symlink_to(root / "secret.phh")
    (root / "hands" / "up").symlink_to(root)
    with TestClient(create_app(phh_folder=root / "hands")) as c:
        yield c


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_request_reads_a_file_outside_the_folders_served(served: TestClient, path: str) -> None:
    answer = served.get(path)
    assert answer.status_code in (400, 401, 403, 404, 405)
    assert b"root:" not in answer.content


def test_the_replayer_lists_only_the_folder_s_own_files(served: TestClient) -> None:
    assert served.get("/api/replay/files").json()["files"] == ["one.phh"]
    home = served.get("/", follow_redirects=False)
    assert home.status_code in (302, 307) and home.headers["location"] == "/table"
    assert served.get("/table").status_code == 200


def test_loopback_and_tokens() -> None:
    assert all(map(is_loopback, ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "10.0.0.1", "192.168.1.1", "example.invalid", "", "256.1.1.1"]))
    made = make_tokens(["a", "b"])
    assert parse_tokens("\n".join(f"{n} {t}" for n, t in made.items())) == made and made["a"] != made["b"]
    for text, message in [("", "no seat"), ("a", "NAME TOKEN"), ("a b c", "NAME TOKEN"),
                          (f"a {'x' * 20}\na {'y' * 20}", "given twice"), (f"a {'x' * 20}\nb {'x' * 20}", "another seat"),
                          (f"a/b {'x' * 20}", "a seat's name"), (f"a {'x' * 15}", "at least 16")]:
        with pytest.raises(ValueError, match=message):
            parse_tokens(text)


def test_a_host_beyond_loopback_needs_the_flag(tmp_path: Path) -> None:
    """Refused before anything listens: a ValueError naming the flag."""
    for host in ("0.0.0.0", "::", "192.0.2.1"):
        with pytest.raises(ValueError, match="--allow-remote"):
            serve(host=host, port=0)
    with pytest.raises(ValueError, match="port must be 0..65535"):
        serve(port=70_000)
    bad = tmp_path / "tokens.txt"
    bad.write_text("alice short\n")
    with pytest.raises(ValueError, match="at least 16"):
        serve(host="0.0.0.0", port=0, allow_remote=True, tokens_file=bad)


def test_the_tokens_made_are_printed_with_each_seat_s_table_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """``badeucey serve --allow-remote`` without a tokens file prints each new seat's token and its
    page's address, ``/table?token=TOKEN``, after the address served (the address is the first line)."""
    import io
    import re

    import uvicorn

    import badeucey_fast.web.serve as serving

    monkeypatch.setattr(serving, "is_loopback", lambda host: False)  # as another host would be, bound on loopback
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    out = io.StringIO()
    assert serve(host="127.0.0.1", port=0, allow_remote=True, out=out) == 0
    first, *lines = out.getvalue().splitlines()
    port = re.match(r"badeucey serve: http://127.0.0.1:(\d+)/", first)
    assert port is not None and "each seat's token" in lines[0]
    seats = [line.split() for line in lines[1:]]
    assert [s[0] for s in seats] == ["seat1", "seat2", "seat3", "seat4"]
    assert all(s[2] == f"http://127.0.0.1:{port[1]}/table?token={s[1]}" for s in seats)


def test_limits_are_checked() -> None:
    for bad in ({"max_hands": 0}, {"max_message_bytes": -1}, {"decision_timeout": 0}, {"decision_timeout": float("nan")},
                {"max_silent_hands": 0}):
        with pytest.raises(ValueError):
            Limits(**bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Limits(max_connections="8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="limits must be a Limits"):
        create_app(limits={"max_hands": 1})  # type: ignore[arg-type]


def test_a_websocket_that_goes_away_frees_its_seat() -> None:
    limits = Limits(max_matches_per_client=1)
    with TestClient(create_app(limits=limits)) as client:
        for _ in range(3):
            with client.websocket_connect("/api/play?opponent=calling&hands=100") as ws:
                assert ws.receive_json()["type"] == "act"
                ws.close()
        with client.websocket_connect("/api/play?opponent=calling&hands=2") as ws:
            _play_out(ws)
        assert [m["hands"] for m in client.get("/api/leaderboard").json()["matches"]] == [2]





def test_the_leaderboard_is_kept_in_the_data_folder(tmp_path: Path) -> None:
    for _ in range(2):  # a second server on the same folder finds the first one's match
        with TestClient(create_app(data_dir=tmp_path / "data")) as client, \
                client.websocket_connect("/api/play?opponent=calling&hands=2&seed=4") as ws:
            _play_out(ws)
    assert (tmp_path / "data" / "leaderboard.sqlite").is_file()
    with TestClient(create_app(data_dir=tmp_path / "data")) as client:
        assert [m["seed"] for m in client.get("/api/leaderboard").json()["matches"]] == [4, 4]
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match="is not a folder"):
        create_app(data_dir=tmp_path / "file")


def test_a_leaderboard_that_cannot_write_still_gives_the_result(monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    app = create_app()

    def full(*args: object) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(app.state.leaderboard, "record", full)
    with TestClient(app) as client, client.websocket_connect("/api/play?opponent=calling&hands=2") as ws:
        result, seen = _play_out(ws)
    assert result["hands"] == 2 and "could not keep this match: database or disk is full" in seen[-2]["message"]


def test_a_bot_that_fails_is_told_to_the_client_and_frees_the_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from badeucey_fast.play.bots import CallingBot

    def broken(self: object, view: object) -> str:
        raise ZeroDivisionError("a bot's bug")

    monkeypatch.setattr(CallingBot, "act", broken)
    with TestClient(create_app(limits=Limits(max_matches_per_client=1))) as client:
        with pytest.raises(ZeroDivisionError), client.websocket_connect("/api/play?opponent=calling&hands=2&seed=2") as ws:
            while (message := ws.receive_json())["type"] == "act":
                ws.send_json({"action": _answer(message)})
            assert "the server failed" in message["message"] and _closed_code(ws) == 1011
        monkeypatch.undo()
        with client.websocket_connect("/api/play?opponent=calling&hands=2") as ws:
            assert _play_out(ws)[0]["hands"] == 2
