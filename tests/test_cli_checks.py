"""One check for one kind of input, whichever command meets it (issue 36, 6):
seeds, the seats a deal's script names, the game of a cfr strategy, a missing file."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import pytest

from badeucey_fast import cli
from badeucey_fast.engine import TableRules
from badeucey_fast.jobs import DiscardChart
from badeucey_fast.play import play_script
from badeucey_fast.solve import SolverAbstraction, Strategy, train

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize

SEED_ERROR = "seed must be in 0 .. 2**64 - 1, got {seed}"

COMMANDS_WITH_A_SEED = {
    "draw": ["draw", "7s 5h 4d Jc Ks", "--samples", "10"],
    "equity": ["equity", "7s 5h 4d 3c 2s", "random", "--samples", "10"],
    "deal": ["deal"],
    "chart": ["chart", "--limit", "1", "--workers", "1", "--out", "{tmp}/chart.npz"],
    "match": ["match", "--hands", "2", "--workers", "1"],
    "train": ["train", "--mini", "--iterations", "10", "--out", "{tmp}/mini.npz"],
    "play": ["play", "--hands", "1"],
    "review": ["review", "{tmp}", "--hero", "you"],
}


def test_every_command_with_a_seed_is_checked_here() -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    seeded = {name for name, p in sub.choices.items() if any("--seed" in a.option_strings for a in p._actions)}
    assert seeded == set(COMMANDS_WITH_A_SEED)


@pytest.mark.parametrize("seed", [-1, 10**23])
@pytest.mark.parametrize("command", sorted(COMMANDS_WITH_A_SEED))
def test_every_command_refuses_a_seed_out_of_range_alike(
        command: str, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    words = [w.replace("{tmp}", str(tmp_path)) for w in COMMANDS_WITH_A_SEED[command]]
    assert cli.main([*words, "--seed", str(seed)]) == cli.EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.err.strip() == f"badeucey: error: {SEED_ERROR.format(seed=seed)}"
    assert "result after" not in captured.out  # play: refused before any hand


# ---------------------------------------------------------------- a deal's script


@pytest.mark.parametrize(("seats", "label"), [(2, "p3"), (3, "p4"), (2, "p0")])
def test_a_script_naming_a_seat_the_table_lacks_says_so(seats: int, label: str) -> None:
    with pytest.raises(ValueError) as caught:
        play_script(TableRules("badugi"), [50] * seats, [f"{label} cbr 4"], seed=1)
    assert str(caught.value) == (f"script action 1 '{label} cbr 4' names {label}, but a table of {seats} seats "
                                 f"has p1..p{seats}")


def test_the_deal_command_names_the_missing_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "--script", "p3 cbr 4"]) == cli.EXIT_USAGE
    assert capsys.readouterr().err.strip() == (
        "badeucey: error: script action 1 'p3 cbr 4' names p3, but a table of 2 seats has p1..p2")
    assert cli.main(["deal", "--seats", "3", "--seed", "7", "--script", "p3 cbr 4, p1 f"]) == 0  # still plays


# ---------------------------------------------------------------- a strategy's game


@pytest.fixture(scope="module")
def badugi_strategy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("strategy") / "badugi.npz"
    buckets = SolverAbstraction.card_buckets("badugi", 16, cache=False)
    train(TableRules("badugi", heads_up_cap=4), 100, seed=1, abstraction=buckets).save(path)
    return path


def test_match_takes_the_game_from_the_strategy(badugi_strategy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = ["match", "--bots", "cfr,calling", "--strategy", str(badugi_strategy), "--hands", "4", "--seed", "1",
             "--workers", "1"]
    assert cli.main(words) == 0, capsys.readouterr().err
    assert "badugi" in capsys.readouterr().out
    assert cli.main([*words, "--game", "badugi"]) == 0
    capsys.readouterr()
    assert cli.main([*words, "--game", "badeucey"]) == cli.EXIT_USAGE
    error = capsys.readouterr().err.strip()
    assert error == f"badeucey: error: --game badeucey: the strategy {badugi_strategy} plays badugi: " \
                    "leave out --game, or give --game badugi"


def test_match_without_cfr_still_plays_badeucey(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["match", "--hands", "2", "--seed", "1", "--workers", "1", "--json"]) == 0
    assert '"game": "badeucey"' in capsys.readouterr().out


# ---------------------------------------------------------------- missing files


def test_a_missing_strategy_or_chart_is_file_not_found(tmp_path: Path) -> None:
    missing = tmp_path / "missing.npz"
    for load, what in [(Strategy.load, "strategy file"), (DiscardChart.load, "chart file")]:
        with pytest.raises(FileNotFoundError) as caught:
            load(missing)
        assert isinstance(caught.value, OSError)
        assert caught.value.filename == str(missing) and caught.value.strerror == f"no such {what}"


@pytest.mark.parametrize("words", [["play", "--bots", "cfr"], ["match", "--bots", "cfr,calling", "--hands", "2"]])
def test_the_command_says_a_strategy_is_missing_in_one_line(
        words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    missing = tmp_path / "missing.npz"
    assert cli.main([*words, "--strategy", str(missing)]) == cli.EXIT_USAGE
    assert capsys.readouterr().err.splitlines() == [f"badeucey: error: no such strategy file: {missing}"]
