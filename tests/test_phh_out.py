"""Hands written out (issue 40, item 4): ``play_match(phh_out=...)`` and ``badeucey
match --phh-out``, ``badeucey play --phh-out``, ``badeucey deal --bots``."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from badeucey_fast import _terminal, cli
from badeucey_fast.play import CallingBot, DrawingBot, Hand, RandomBot, TableRules, play_match
from badeucey_fast.play.matches import play_one_hand


def _hands(folder: Path) -> list[tuple[Hand, list[str]]]:
    out = []
    for path in sorted(folder.glob("hand-*.phh")):
        text = path.read_text(encoding="utf-8")
        out.append((Hand.from_phh(text), tomllib.loads(text)["players"]))
    return out


def test_a_match_s_hands_replay_to_its_result(tmp_path: Path) -> None:
    result = play_match([DrawingBot(), RandomBot()], hands=6, game="badugi", seed=3, phh_out=tmp_path,
                        phh_players=["drawing", "random"])
    hands = _hands(tmp_path)
    assert len(hands) == 6 and (tmp_path / "hand-000006.phh").exists()
    chips = {"drawing": 0, "random": 0}
    for hand, players in hands:
        assert hand.phase == "over" and sorted(players) == ["drawing", "random"]
        order = [(hand.button + 1 + i) % 2 for i in range(2)]  # PHH lists the players from left of the button
        for label, seat in enumerate(order):
            chips[players[label]] += hand.payoffs[seat]  # type: ignore[index]
    big_blind = TableRules("badugi").big_blind
    assert chips["drawing"] == pytest.approx(result.mbb_per_hand[0] * 6 * big_blind / 1000)
    assert chips["drawing"] + chips["random"] == 0


def test_a_match_played_in_c_keeps_no_hands(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="phh_out needs the hands played in Python"):
        play_match([DrawingBot(), RandomBot()], hands=2, seed=1, phh_out=tmp_path, engine="c")


def test_the_match_command_names_the_bots_as_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands"
    assert cli.main(["match", "--bots", "calling,calling", "--hands", "2", "--seed", "1", "--game", "badugi",
                     "--workers", "1", "--phh-out", str(out)]) == 0
    assert [sorted(players) for _, players in _hands(out)] == [["calling", "calling#2"]] * 2


def test_deal_with_bots_plays_one_hand_to_watch(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "--bots", "drawing,calling", "--game", "badugi", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seats: 0 drawing, 1 calling\n") and "payoffs:" in text
    assert cli.main(["deal", "--bots", "drawing,calling", "--game", "badugi", "--seed", "4", "--phh"]) == 0
    phh = capsys.readouterr().out
    hand = Hand.from_phh(phh)
    assert hand.phase == "over" and tomllib.loads(phh)["players"] == ["calling", "drawing"]  # p1 left of the button
    assert hand == play_one_hand([DrawingBot(), CallingBot()], TableRules("badugi"), [100, 100], seed=4)


def test_deal_with_bots_refuses_a_script_or_other_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "--bots", "drawing,calling", "--seats", "3"]) == cli.EXIT_USAGE
    assert "--seats 3 but --bots names 2 bots" in capsys.readouterr().err
    assert cli.main(["deal", "--bots", "drawing,calling", "--script", "p1 f"]) == cli.EXIT_USAGE
    assert "give one of them" in capsys.readouterr().err


def test_play_keeps_the_session_s_hands(tmp_path: Path) -> None:
    out = io.StringIO()
    rules = TableRules("badugi")
    _terminal.play([CallingBot()], rules=rules, hands=2, stacks=100, seed=2, stdin=io.StringIO("c\np\n" * 12 + "q\n"),
                   stdout=out, phh_out=str(tmp_path))
    hands = _hands(tmp_path)
    assert len(hands) >= 1 and all(sorted(players) == ["CallingBot1", "you"] for _, players in hands)
    assert hands[0][0].phase == "over"


def test_play_keeps_a_hand_left_unfinished(tmp_path: Path) -> None:
    _terminal.play([CallingBot()], rules=TableRules("badugi"), hands=3, stacks=100, seed=2, stdin=io.StringIO("q\n"),
                   stdout=io.StringIO(), phh_out=str(tmp_path))
    (hand, players), = _hands(tmp_path)
    assert hand.phase != "over" and "you" in players


def test_players_must_be_one_a_seat() -> None:
    hand = Hand(TableRules("badugi"), [20, 20], seed=1)
    with pytest.raises(ValueError, match="players must be 2 names"):
        hand.to_phh(["one"])
    assert 'players = ["b", "a"]' in hand.to_phh(["a", "b"])  # button seat 0 is p2


def test_the_play_command_takes_phh_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n" * 4))
    out = tmp_path / "session"
    assert cli.main(["play", "--game", "badugi", "--bots", "calling", "--hands", "2", "--seed", "1",
                     "--phh-out", str(out)]) == 0
    assert [sorted(players) for _, players in _hands(out)] == [["CallingBot1", "you"]] * 2


def test_deal_with_the_search_bot_plays_the_game_s_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    """``deal --bots search,...`` seats the search bot on its game's strategy and stakes, as
    ``match`` does (before, it took Badeucey's strategy whatever the game, and was refused)."""
    assert cli.main(["deal", "--bots", "search,drawing", "--game", "badugi", "--seed", "2"]) == 0
    assert "payoffs:" in capsys.readouterr().out
