"""The strategy that ships with the package (badeucey_fast/solve/badeucey-cfr.npz):
what its file says it is, and (slow: its card abstraction takes seconds to make)
that CFRBot plays it from Python and the command line."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest

from badeucey_fast import cli
from badeucey_fast._storage import read_arrays
from badeucey_fast.solve import strategy as strategy_module
from badeucey_fast.solve.strategy import DEFAULT_COMMAND, DEFAULT_STRATEGY, FORMAT

PATH = Path(strategy_module.__file__).with_name(DEFAULT_STRATEGY)


def test_the_shipped_file_is_small_and_what_its_command_makes() -> None:
    assert PATH.stat().st_size <= 10 * 2**20
    meta, arrays = read_arrays(PATH, kind=FORMAT, where=str(PATH), unreadable="strategy file")
    words = shlex.split(DEFAULT_COMMAND)
    option = dict(zip(words[2::2], words[3::2], strict=False))
    assert meta["compact"] is True and "--compact" in words
    assert meta["iterations"] == int(option["--iterations"]) and meta["seed"] == int(option["--seed"])
    assert meta["abstraction"] == {"kind": "card_buckets", "game": "badeucey", "hand_size": 5,
                                   "buckets": int(option["--buckets"]), "splits": meta["abstraction"]["splits"],
                                   "history": "round"}
    assert meta["rules"]["game"]["name"] == "badeucey" and meta["rules"]["heads_up_cap"] == 4
    assert meta["variant"] == "linear"
    assert arrays["averages"].dtype.name == "uint8" and len(arrays["offsets"]) == len(arrays["keys"])


@pytest.mark.slow
def test_cfr_bot_plays_the_shipped_strategy() -> None:
    from badeucey_fast.play import play_match
    from badeucey_fast.play.bots import CFRBot, DrawingBot, make_bot

    bot = make_bot("cfr")
    assert isinstance(bot, CFRBot) and bot.strategy.iterations > 0
    result = play_match([CFRBot(seed=1), DrawingBot()], hands=200, rules=bot.strategy.rules, seed=1)
    assert result.hands == 200 and sum(result.mbb_per_hand) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.slow
def test_a_person_plays_the_shipped_bot_at_the_terminal(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\np\n" * 200))
    assert cli.main(["play", "--bots", "cfr", "--hands", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "-- badeucey, betting round 1 of 4" in out and "CFRBot1" in out and "result after 2 hand(s):" in out
    assert cli.main(["match", "--bots", "cfr,calling", "--hands", "20", "--seed", "1", "--workers", "1",
                     "--json"]) == 0
    assert [b["bot"] for b in json.loads(capsys.readouterr().out)["bots"]] == ["CFRBot()", "CallingBot()"]
