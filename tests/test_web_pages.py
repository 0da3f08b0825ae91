"""The table page's and the replayer's JSON endpoints, served by uvicorn on loopback
(badeucey_fast.web.pages), and the sessions and replay steps behind them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from badeucey_fast import format_cards
from badeucey_fast.play import Hand, TableRules, make_bot

from .web_support import request, serve

from starlette.applications import Starlette  # noqa: E402 - after web_support's skip without the web extra

from badeucey_fast.web.pages import MAX_BODY_BYTES, STATIC, routes  # noqa: E402
from badeucey_fast.web.replay import replay_steps  # noqa: E402
from badeucey_fast.web.table import Sessions, TableSession, TableSettings  # noqa: E402


def played_phh(game: str = "badeucey", seed: int = 11) -> str:
    """A whole hand of DrawingBot against itself, as PHH."""
    bot = make_bot("drawing")
    hand = Hand(TableRules(game), [200, 200], seed=seed)
    while hand.to_act is not None:
        hand.act(bot.act(hand.view(hand.to_act)))
    return hand.to_phh()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hands")
    (root / "one.phh").write_text(played_phh(), encoding="utf-8")
    (root / "match").mkdir()
    (root / "match" / "two.phh").write_text(played_phh("badugi", 2), encoding="utf-8")
    (root / "notes.txt").write_text("not a hand", encoding="utf-8")
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.phh").write_text(played_phh(), encoding="utf-8")
    (root / "link.phh").symlink_to(outside / "secret.phh")
    return root


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    with serve(Starlette(routes=routes(phh_folder=folder, max_sessions=4))) as base:
        yield base


def test_options_offer_every_game_and_bot(url: str) -> None:
    status, options = request(f"{url}/api/table/options")
    assert status == 200
    assert [g["name"] for g in options["games"]] == ["badeucey", "badacey", "badugi", "deuce_seven", "ace_five"]
    assert {"cfr", "drawing", "calling"} <= set(options["bots"])
    assert options["games"][0]["halves"] == ["Badugi", "2-7"]
    assert options["cfr"]["badugi"] == {"structure": "fixed", "small_blind": 1, "big_blind": 2}


def test_a_hand_played_through_the_api(url: str) -> None:
    status, answer = request(f"{url}/api/table/new", {"game": "badugi", "bot": "calling", "seed": 5})
    assert status == 200
    key, state = answer["id"], answer["state"]
    assert len(state["you"]["cards"]) == 4 and state["seats"][1]["shown"] is None
    while state["phase"] != "over":
        legal = state["you"]["legal"]
        action = f"sd {' '.join(state['you']['cards'][:2])}" if legal["phase"] == "draw" else "cc"
        status, state = request(f"{url}/api/table/{key}/act", {"action": action})
        assert status == 200, state
    assert [d for d in state["seats"][0]["draws"]] == [2, 2, 2]
    assert state["showdown"]["halves"][0]["half"] == "Badugi" and state["showdown"]["halves"][0]["winners"]
    assert state["result"]["hands"] == 1 and state["result"]["ci95"] is None
    assert Hand.from_phh(state["phh"]).payoffs[0] == state["payoff"]  # type: ignore[index]
    status, state = request(f"{url}/api/table/{key}/next", {})
    assert status == 200 and state["hand_number"] == 2


def test_a_no_limit_raise_of_any_amount_in_the_range(url: str) -> None:
    _, answer = request(f"{url}/api/table/new", {"game": "deuce_seven", "bot": "calling", "structure": "no",
                                                  "stack": 100, "seed": 2})
    key, legal = answer["id"], answer["state"]["you"]["legal"]
    assert (legal["min_raise_to"], legal["max_raise_to"], legal["all_in_at"]) == (4, 100, 100)
    status, state = request(f"{url}/api/table/{key}/act", {"action": "cbr 37"})
    assert status == 200 and state["pot"] == 74 and state["phase"] == "draw"  # the calling bot called
    assert state["log"][-3:] == ["you raise to 37", "CallingBot calls 35", "CallingBot stands pat"]


@pytest.mark.parametrize(("path", "body", "status", "message"), [
    ("new", {"game": "holdem"}, 400, "unknown game 'holdem'"),
    ("new", {"bot": "cfr", "structure": "pot"}, 400, "the cfr bot plays its strategy's rules"),
    ("new", {"bot": "calling", "stack": 1}, 400, r"stack \(1\) must cover the big blind \(2\)"),
    ("new", {"bot": "calling", "stack": "lots"}, 400, "stack must be an integer"),
    ("new", {"colour": "red"}, 400, "unknown settings 'colour'"),
    ("new", [1, 2], 400, "the settings are a JSON object"),
    ("nope/act", {"action": "cc"}, 404, "no such table"),
])
def test_bad_requests_are_answered_with_their_reason(url: str, path: str, body: object, status: int,
                                                     message: str) -> None:
    got, answer = request(f"{url}/api/table/{path}", body)
    assert got == status
    assert re.search(message, answer["error"])


def test_an_illegal_action_and_a_body_too_large(url: str) -> None:
    _, answer = request(f"{url}/api/table/new", {"game": "badugi", "bot": "calling", "seed": 1})
    key = answer["id"]
    status, error = request(f"{url}/api/table/{key}/act", {"action": "cbr 999"})
    assert status == 400 and "999" in error["error"]
    status, error = request(f"{url}/api/table/{key}/act", {"action": "sd 2c"})
    assert status == 400
    status, error = request(f"{url}/api/table/{key}/act", {"action": "p2 cc"})  # no player label: you act
    assert (status, error["error"]) == (400, "unknown action 'p2 cc' (actions: f, cc, cbr N, sd [cards])")
    _, state = request(f"{url}/api/table/{key}")
    assert state["log"] == ["hand 1: you have the button"]  # nothing refused was played
    status, error = request(f"{url}/api/table/{key}/next", {})
    assert (status, error["error"]) == (400, "finish this hand first")
    status, error = request(f"{url}/api/table/{key}/act", raw=b"[" * (MAX_BODY_BYTES + 1))
    assert status == 413
    status, error = request(f"{url}/api/table/{key}/act", raw=b"{not json")
    assert (status, error["error"]) == (400, "the request body is not JSON")


def test_the_sessions_are_bounded() -> None:
    sessions = Sessions(2)
    first, _ = sessions.new(TableSettings(bot="calling", seed=1))
    second, _ = sessions.new(TableSettings(bot="calling", seed=2))
    sessions.get(first)  # used last: the second is now the one left idle longest
    sessions.new(TableSettings(bot="calling", seed=3))
    assert len(sessions) == 2
    sessions.get(first)
    with pytest.raises(KeyError):
        sessions.get(second)


def test_the_result_has_an_interval_from_two_hands() -> None:
    table = TableSession(TableSettings(game="badugi", bot="calling", seed=1))
    table.act("f")  # you have the button: you act first
    table.next_hand()
    while table.hand.phase != "over":  # the calling bot checks: you bet, then fold facing nothing more
        legal = table.hand.legal_actions()
        table.act("sd" if legal[0] == "sd" else "cc")
    result = table.result()
    assert result["hands"] == 2
    low, high = result["ci95"]
    assert low <= result["mbb_per_hand"] <= high


def test_replay_steps_follow_the_hand_to_its_result() -> None:
    text = played_phh()
    hand = Hand.from_phh(text)
    steps = replay_steps(text)
    assert steps[0]["text"] == "the hands are dealt"
    assert len(steps) == 1 + sum(1 for e in hand.events if e.kind in ("fold", "check_call", "bet_raise", "draw"))
    assert [s["cards"] for s in steps[-1]["seats"]] == [format_cards(hand.cards(s)).split() for s in range(2)]
    assert steps[-1]["result"]["payoffs"] == list(hand.payoffs)  # type: ignore[arg-type]
    first = steps[0]["equity"]
    assert first["draws_left"] == 3
    assert sum(seat["share"] for seat in first["seats"]) == pytest.approx(1.0)
    last = steps[-1]["equity"]
    assert last["draws_left"] == 0 and last["exact"]


def test_replay_steps_of_a_hand_with_a_posted_big_blind() -> None:
    hand = Hand(TableRules("badugi"), [100] * 5, button=0, seed=1, posted=[3])
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    steps = replay_steps(hand.to_phh())
    assert steps[0]["pot"] == 5 and steps[0]["seats"][3]["bet"] == 2  # the blinds and the post
    assert steps[-1]["result"]["payoffs"] == list(hand.payoffs or ())
    dead = Hand(TableRules("badugi"), [100] * 5, button=0, seed=1, posted=[3], dead=[3])
    while dead.phase != "over":
        dead.discard() if dead.phase == "draw" else dead.check_call()
    steps = replay_steps(dead.to_phh())
    assert steps[0]["pot"] == 6 and steps[0]["seats"][3]["bet"] == 2  # the dead small blind in the pot, not the bet
    assert steps[-1]["result"]["payoffs"] == list(dead.payoffs or ())


def test_replay_of_pasted_text_and_of_served_files(url: str, folder: Path) -> None:
    status, answer = request(f"{url}/api/replay/steps", {"phh": played_phh("deuce_seven", 3)})
    assert status == 200 and answer["steps"][-1]["result"]
    status, answer = request(f"{url}/api/replay/steps", {"phh": "variant = 'FB'"})
    assert (status, answer["error"]) == (400, "PHH without the 'starting_stacks' field")
    status, listing = request(f"{url}/api/replay/files")
    assert listing["files"] == ["match/two.phh", "one.phh"]  # no link out of the folder, no other file
    status, answer = request(f"{url}/api/replay/file?name=match/two.phh")
    assert status == 200 and answer["steps"][0]["seats"][0]["cards"]


@pytest.mark.parametrize("name", ["../outside/secret.phh", "link.phh", "notes.txt", "/etc/passwd", "match", ""])
def test_no_file_outside_the_listing_is_opened(url: str, name: str) -> None:
    status, answer = request(f"{url}/api/replay/file?name={name}")
    assert status == 404
    assert answer["error"].startswith("no PHH file")


def test_the_pages_load_nothing_from_elsewhere(url: str) -> None:
    """No CDN: every file the pages load is served from the package (relative addresses)."""
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"(https?:)?//", text), path.name
        assert "https://" not in text and "http://" not in text, path.name
    for page in ("table", "replay"):
        html = urlopen_text(f"{url}/{page}")
        for asset in re.findall(r"(?:src|href)=\"(static/[^\"]+)\"", html):
            assert urlopen_text(f"{url}/{asset}")


SEAT_TOKEN = "pages-seat-token-0123456789"
"""A seat's token for the server that asks for one."""


def test_with_tokens_the_pages_load_and_every_call_they_make_needs_the_token(folder: Path) -> None:
    """A server asking for tokens (``badeucey serve --allow-remote``): the pages and their files
    load without one (the token comes in the page's address, never sent by a link), each JSON
    endpoint they call refuses a request without it (401) and answers one that sends it as the
    pages do, in the ``Authorization`` header; the pages' answers tell no referrer."""
    import urllib.request

    from badeucey_fast.web.app import create_app

    auth = {"Authorization": f"Bearer {SEAT_TOKEN}"}
    with serve(create_app(tokens={"alice": SEAT_TOKEN}, phh_folder=folder)) as base:
        for page in ("/table", "/replay"):
            with urllib.request.urlopen(f"{base}{page}?token={SEAT_TOKEN}", timeout=60) as answer:
                assert answer.status == 200 and answer.headers["Referrer-Policy"] == "no-referrer"
                html = answer.read().decode()
            assert 'id="access-error"' in html and SEAT_TOKEN not in html
            for asset in re.findall(r"(?:src|href)=\"(static/[^\"]+)\"", html):
                assert urlopen_text(f"{base}/{asset}")
        new = {"game": "badugi", "bot": "calling", "seed": 5}
        calls: list[tuple[str, object]] = [("/api/table/options", None), ("/api/table/new", new),
                                           ("/api/replay/files", None), ("/api/replay/file?name=one.phh", None),
                                           ("/api/replay/steps", {"phh": played_phh()})]
        for path, body in calls:
            status, refused = request(base + path, body)
            assert status == 401 and "seat's token" in refused["message"], path
            assert request(base + path, body, headers={"Authorization": "Bearer not-the-token-at-all"})[0] == 401
            status, answer = request(base + path, body, headers=auth)
            assert status == 200, (path, answer)
        _, answer = request(f"{base}/api/table/new", new, headers=auth)
        path = f"{base}/api/table/{answer['id']}"
        assert request(path)[0] == request(f"{path}/act", {"action": "cc"})[0] == 401
        status, state = request(f"{path}/act", {"action": "cc"}, headers=auth)
        assert status == 200 and state["hand_number"] == 1 and request(path, headers=auth)[1] == state


def urlopen_text(address: str) -> str:
    import urllib.request

    with urllib.request.urlopen(address, timeout=60) as answer:
        return str(answer.read().decode())
