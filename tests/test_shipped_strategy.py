"""The files that ship for the CFR bot (badeucey_fast/solve/shipped.py's
table): each file's SHA-256 and command, that docs/bots.rst shows them, what
the Badeucey strategy's file says it is, and that CFRBot plays a game's
strategy from Python and the command line (a game whose file has not shipped
yet: a small one trained here, put in the table for the test)."""

from __future__ import annotations

import hashlib
import io
import json
import shlex
import sys
from pathlib import Path

import pytest

from badeucey_fast import cli
from badeucey_fast._storage import read_arrays
from badeucey_fast.play import TableRules
from badeucey_fast.play.hand import Hand
from badeucey_fast.solve import SolverAbstraction, Strategy, shipped, train
from badeucey_fast.solve.class_buckets import ClassBuckets
from badeucey_fast.solve.strategy import DEFAULT_COMMAND, DEFAULT_STRATEGY, FORMAT, rules_to_dict
from badeucey_fast.solve.train import heads_up_rules

PATH = shipped.FOLDER / DEFAULT_STRATEGY
DOCS = Path(__file__).parents[1] / "docs" / "bots.rst"
MB = 2**20


TABLES = [*shipped.BUCKET_TABLES.values(), *shipped.REACH_TABLES.values()]


@pytest.mark.parametrize("entry", [*shipped.STRATEGIES.values(), *TABLES],
                         ids=lambda e: e.file)
def test_every_shipped_file_is_the_one_its_table_names(entry: shipped.ShippedFile) -> None:
    data = (shipped.FOLDER / entry.file).read_bytes()
    assert hashlib.sha256(data).hexdigest() == entry.sha256
    assert entry.file in shlex.split(entry.command)[-1]  # the command writes that file


def test_shipped_files_are_small() -> None:
    sizes = [(shipped.FOLDER / e.file).stat().st_size for e in shipped.STRATEGIES.values()]
    assert max(sizes) <= 10 * MB and sum(sizes) <= 15 * MB
    assert sum((shipped.FOLDER / e.file).stat().st_size for e in TABLES) <= 2 * MB
    assert sum(sizes) + sum((shipped.FOLDER / e.file).stat().st_size for e in TABLES) <= 15 * MB


def test_the_docs_show_every_command_and_digest() -> None:
    text = " ".join(DOCS.read_text().split())
    for entry in [*shipped.STRATEGIES.values(), *TABLES]:
        assert entry.command in text and entry.sha256 in text, entry.file


@pytest.mark.parametrize("game", list(shipped.STRATEGIES))
def test_each_strategy_is_of_its_game_and_its_bucket_table(game: str) -> None:
    meta, _ = read_arrays(shipped.strategy_path(game), kind=FORMAT, where=game, unreadable="strategy file")
    assert meta["rules"]["game"]["name"] == game
    table = ClassBuckets.load(shipped.FOLDER / shipped.BUCKET_TABLES[game].file)
    assert shipped.shipped_abstraction(meta["abstraction"], meta["abstraction_digest"]) is not None, table


@pytest.mark.parametrize("game", list(shipped.STRATEGIES))
def test_each_strategy_holds_the_rules_its_command_trains_with(game: str) -> None:
    """Its command, run today, writes the same settings (and so the same bytes)."""
    meta, _ = read_arrays(shipped.strategy_path(game), kind=FORMAT, where=game, unreadable="strategy file")
    assert meta["rules"] == rules_to_dict(heads_up_rules(game))


def test_the_default_command_is_the_tables() -> None:
    assert (DEFAULT_STRATEGY, DEFAULT_COMMAND) == (shipped.STRATEGIES["badeucey"].file,
                                                   shipped.STRATEGIES["badeucey"].command)


def test_the_shipped_file_is_small_and_what_its_command_makes() -> None:
    assert PATH.stat().st_size <= 10 * 2**20
    meta, arrays = read_arrays(PATH, kind=FORMAT, where=str(PATH), unreadable="strategy file")
    words = shlex.split(DEFAULT_COMMAND)
    option = dict(zip(words[2::2], words[3::2], strict=False))
    assert meta["compact"] is True and "--compact" in words
    assert meta["iterations"] == int(option["--iterations"]) and meta["seed"] == int(option["--seed"])
    assert meta["abstraction"] == {"kind": "reach_buckets", "game": "badeucey", "hand_size": 5,
                                   "buckets": [80, 48, 40, 32], "splits": [4, 4, 4, 4], "deals": 1_000_000, "seed": 1,
                                   "history": "round_own"}
    assert option["--reach-buckets"] == shipped.REACH_GRIDS
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


# ---- a game's strategy: CFRBot(game=...), make_bot, the command line ----------------


@pytest.fixture(scope="module")
def badugi_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Badugi strategy of the shipped abstraction (32 buckets), as the lead's command trains it."""
    rules = TableRules("badugi", heads_up_cap=4)
    trained = train(rules, 200, seed=1, abstraction=SolverAbstraction.card_buckets("badugi", 32, cache=False))
    path = tmp_path_factory.mktemp("shipped") / "badugi-cfr.npz"
    trained.compacted().save(path)
    return path


@pytest.fixture
def badugi_ships(badugi_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The table lists the small Badugi strategy (an absolute path stays itself under FOLDER)."""
    command = f"badeucey train --game badugi --buckets 32 --iterations 200 --seed 1 --compact --out {badugi_file}"
    monkeypatch.setitem(shipped.STRATEGIES, "badugi",
                        shipped.ShippedFile(str(badugi_file), command, hashlib.sha256(badugi_file.read_bytes()).hexdigest()))
    return badugi_file


def test_cfr_bot_plays_a_games_shipped_strategy(badugi_ships: Path) -> None:
    from badeucey_fast.play.bots import CFRBot, make_bot

    bot = CFRBot(game="badugi", seed=1)
    assert bot.strategy.rules.game.name == "badugi" and bot.strategy.abstraction.entries is not None  # type: ignore[union-attr]
    assert repr(bot) == "CFRBot(game='badugi')" and repr(make_bot("cfr", game="badugi")) == "CFRBot(game='badugi')"
    assert make_bot("cfr", game="badugi").strategy is bot.strategy  # type: ignore[attr-defined]  # read once
    hand = Hand(bot.strategy.rules, [66, 66], seed=2)
    assert bot.act(hand.view(hand.to_act)) in hand.legal_actions()  # type: ignore[arg-type]
    assert CFRBot(badugi_ships, game="badugi").strategy == bot.strategy
    assert CFRBot(bot.strategy, game="badugi").strategy is bot.strategy


def test_a_game_with_no_shipped_strategy_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from badeucey_fast.play.bots import CFRBot, make_bot

    monkeypatch.delitem(shipped.STRATEGIES, "deuce_seven", raising=False)
    with pytest.raises(ValueError, match=r"no CFR strategy ships for deuce_seven yet \(shipped: badeucey.*\); "
                                         r"train one .*CFRBot\(path\)"):
        CFRBot(game="deuce_seven")
    with pytest.raises(ValueError, match="no CFR strategy ships for deuce_seven"):
        make_bot("cfr", game="deuce_seven")
    with pytest.raises(ValueError, match="unknown game 'holdem'"):
        CFRBot(game="holdem")


def test_a_strategy_of_another_game_than_asked_is_refused(badugi_file: Path) -> None:
    from badeucey_fast.play.bots import CFRBot

    with pytest.raises(ValueError, match=f"CFRBot: game='deuce_seven', but the strategy {badugi_file} plays badugi"):
        CFRBot(badugi_file, game="deuce_seven")
    with pytest.raises(ValueError, match="CFRBot: game='badeucey', but the strategy plays badugi"):
        CFRBot(Strategy.load(badugi_file), game="badeucey")


def test_the_command_line_plays_a_games_shipped_strategy(badugi_ships: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\np\n" * 200))
    assert cli.main(["play", "--game", "badugi", "--bots", "cfr", "--hands", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "-- badugi, betting round 1 of 4" in out and "result after 2 hand(s):" in out
    assert cli.main(["match", "--game", "badugi", "--bots", "cfr,calling", "--hands", "20", "--seed", "1",
                     "--workers", "1", "--json"]) == 0
    assert [b["bot"] for b in json.loads(capsys.readouterr().out)["bots"]] == ["CFRBot(game='badugi')", "CallingBot()"]
    monkeypatch.delitem(shipped.STRATEGIES, "ace_five", raising=False)
    assert cli.main(["match", "--game", "ace_five", "--bots", "cfr,calling", "--hands", "20"]) != 0
    assert "no CFR strategy ships for ace_five" in capsys.readouterr().err
