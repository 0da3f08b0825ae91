"""``badeucey train``: a strategy file from the command line, its checks, Ctrl-C and resuming."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badeucey_fast import cli
from badeucey_fast.play import TableRules
from badeucey_fast.solve import Strategy, TableGame, train

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize

MINI = ["train", "--mini", "--game", "badugi", "--seed", "1"]


def test_train_writes_the_strategy_and_one_summary_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mini.npz"
    assert cli.main([*MINI, "--iterations", "300", "--out", str(out)]) == 0
    line, = capsys.readouterr().out.splitlines()
    strategy = Strategy.load(out)
    assert strategy == train(TableRules.mini(), 300, seed=1, abstraction=None, stacks=(20, 20))
    assert line.startswith("badeucey train: badugi mini, 300 iterations (seed 1, linear, exact hands, stacks 20), "
                           f"{strategy.information_sets:,} information sets, ")
    assert line.endswith(f"; wrote {out} ({out.stat().st_size:,} bytes)")
    state = TableGame(TableRules.mini()).root().child(((1, 2, 3, 5), (6, 7, 49, 50)))
    assert sorted(strategy.as_policy()(state, 0)) == [-1, 0]  # a policy of the mini game as it is


def test_options_reach_the_solver(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plus.npz"
    assert cli.main([*MINI, "--iterations", "50", "--variant", "plus", "--stack", "12", "--out", str(out)]) == 0
    assert Strategy.load(out) == train(TableRules.mini(), 50, seed=1, abstraction=None, stacks=(12, 12),
                                       variant="plus")
    assert "plus, exact hands, stacks 12" in capsys.readouterr().out


def test_resuming_from_the_checkpoint_gives_the_identical_file(tmp_path: Path) -> None:
    checkpoint, half, resumed, once = (tmp_path / name for name in ("run.ckpt", "half.npz", "resumed.npz", "once.npz"))
    assert cli.main([*MINI, "--iterations", "200", "--checkpoint", str(checkpoint), "--out", str(half)]) == 0
    assert cli.main([*MINI, "--iterations", "400", "--checkpoint", str(checkpoint), "--out", str(resumed)]) == 0
    assert cli.main([*MINI, "--iterations", "400", "--out", str(once)]) == 0
    assert resumed.read_bytes() == once.read_bytes() != half.read_bytes()


class _CtrlC:
    """A progress bar that presses Ctrl-C at its third report."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.calls = 0

    def __call__(self, fraction: float) -> None:
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass


def test_ctrl_c_keeps_the_iterations_and_the_same_command_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint, out, once = tmp_path / "run.ckpt", tmp_path / "mini.npz", tmp_path / "once.npz"
    command = [*MINI, "--iterations", "20000", "--checkpoint", str(checkpoint), "--out", str(out)]
    with monkeypatch.context() as patched:
        patched.setattr(cli, "ProgressBar", _CtrlC)
        assert cli.main(command) == cli.EXIT_INTERRUPTED
    err = capsys.readouterr().err
    assert err.startswith("badeucey: interrupted after ") and err.rstrip().endswith(
        f"iterations; kept in {checkpoint}: run the same command to resume")
    assert checkpoint.exists() and not out.exists()
    assert cli.main(command) == 0
    assert cli.main([*MINI, "--iterations", "20000", "--out", str(once)]) == 0
    assert out.read_bytes() == once.read_bytes()


def test_ctrl_c_without_a_checkpoint_says_how_to_keep_the_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "ProgressBar", _CtrlC)
    out = tmp_path / "mini.npz"
    assert cli.main([*MINI, "--iterations", "20000", "--out", str(out)]) == cli.EXIT_INTERRUPTED
    assert "none kept: add --checkpoint FILE" in capsys.readouterr().err and not out.exists()


def test_a_time_budget_writes_what_it_finished_and_says_how_to_reproduce_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The clock is made to run out at the third report: the file holds the iterations
    finished, and --iterations with that count reproduces it."""
    clock = iter(range(0, 10**6, 30))  # seconds: 0, 30, 60, 90, ...
    monkeypatch.setattr(cli.time, "monotonic", lambda: float(next(clock)))
    out, again = tmp_path / "mini.npz", tmp_path / "again.npz"
    assert cli.main([*MINI, "--minutes", "1", "--out", str(out)]) == 0
    monkeypatch.undo()
    summary, reproduce = capsys.readouterr().out.splitlines()
    iterations = Strategy.load(out).iterations
    assert iterations > 0 and f" {iterations:,} iterations " in summary
    assert reproduce == f"the same strategy again: --iterations {iterations} with the same options"
    assert cli.main([*MINI, "--iterations", str(iterations), "--out", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()


def _no_training(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("training started before the arguments were checked")


@pytest.mark.parametrize(("words", "message"), [
    (["--iterations", "0"], "--iterations must be at least 1, got 0"),
    (["--minutes", "0"], "--minutes must be more than 0"),
    (["--minutes", "nan"], "--minutes must be more than 0"),
    (["--iterations", "5", "--buckets", "0"], "--buckets must be at least 1"),
    (["--iterations", "5", "--stack", "-3"], "--stack must be at least 1"),
    (["--iterations", "5", "--exact"], "--exact keys every hand"),
    (["--iterations", "5", "--out", "/no/such/folder/s.npz"], "--out /no/such/folder/s.npz: the folder"),
    (["--iterations", "5", "--checkpoint", "SAME"], "--out and --checkpoint name the same file"),
])
def test_bad_arguments_are_one_line_before_any_work(
        words: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("badeucey_fast.solve.train", _no_training)
    out = str(tmp_path / "s.npz")
    words = [out if w == "SAME" else w for w in words]
    if "--out" not in words:
        words += ["--out", out]
    assert cli.main(["train", *words]) == cli.EXIT_USAGE
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("badeucey: error: ") and message in err[0], err


@pytest.mark.parametrize("words", [
    ["--out", "s.npz"],  # no budget
    ["--iterations", "5", "--minutes", "1", "--out", "s.npz"],
    ["--iterations", "5", "--exact", "--buckets", "8", "--out", "s.npz"],
    ["--iterations", "5"],  # no --out
    ["--iterations", "5", "--variant", "best", "--out", "s.npz"],
])
def test_usage_errors_exit_2(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(["train", *words])
    assert caught.value.code == cli.EXIT_USAGE and "usage: badeucey train" in capsys.readouterr().err


def test_a_checkpoint_of_another_training_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "run.ckpt"
    assert cli.main([*MINI, "--iterations", "20", "--checkpoint", str(checkpoint), "--out", str(tmp_path / "a.npz")]) == 0
    capsys.readouterr()
    command = ["train", "--mini", "--game", "badugi", "--seed", "2", "--iterations", "40", "--checkpoint",
               str(checkpoint), "--out", str(tmp_path / "b.npz")]
    assert cli.main(command) == cli.EXIT_USAGE
    assert "another training" in capsys.readouterr().err


# ---- playing a trained strategy at the terminal ----------------------------------------------------


@pytest.fixture(scope="module")
def badugi_strategy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short Badugi training with 16 buckets, as ``badeucey train`` writes it."""
    from badeucey_fast.solve import SolverAbstraction

    path = tmp_path_factory.mktemp("strategy") / "badugi.npz"
    buckets = SolverAbstraction.card_buckets("badugi", 16, cache=False)
    train(TableRules("badugi", heads_up_cap=4), 100, seed=1, abstraction=buckets).save(path)
    return path


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], entries: str,
          *words: str) -> tuple[int, str, str]:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO(entries))
    code = cli.main(["play", *words])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_play_against_a_trained_strategy(badugi_strategy: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Heads-up against the cfr bot, under the strategy's rules (its game, four bets a round)."""
    command = ["--bots", "cfr", "--strategy", str(badugi_strategy), "--hands", "3", "--seed", "2"]
    code, out, err = _play(monkeypatch, capsys, "c\np\n" * 100, *command)
    assert code == 0, err
    assert "-- badugi, betting round 1 of 4" in out and "CFRBot1" in out
    assert "result after 3 hand(s):" in out
    assert _play(monkeypatch, capsys, "c\np\n" * 100, *command)[1] == out  # the seed fixes the bot's play too


@pytest.mark.parametrize(("words", "message"), [
    (["--bots", "drawing", "--strategy", "STRATEGY"], "--strategy is the cfr bot's strategy: add --bots cfr"),
    (["--bots", "cfr,drawing", "--strategy", "STRATEGY"], "the cfr bot plays heads-up"),
    (["--bots", "cfr", "--strategy", "STRATEGY", "--game", "badeucey"], "--game badeucey: the strategy"),
    (["--bots", "cfr", "--strategy", "STRATEGY", "--structure", "pot"], "--structure pot: the strategy"),
    (["--bots", "cfr", "--strategy", "MINI"], "is of a smaller game (--mini)"),
    (["--bots", "cfr", "--strategy", "/no/such/strategy.npz"], "strategy"),
])
def test_play_with_the_cfr_bot_refuses_what_it_cannot_play(
        words: list[str], message: str, badugi_strategy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    mini = tmp_path / "mini.npz"
    train(TableRules.mini(), 10, seed=1, abstraction=None, stacks=(20, 20)).save(mini)
    words = [str(badugi_strategy) if w == "STRATEGY" else str(mini) if w == "MINI" else w for w in words]
    code, out, err = _play(monkeypatch, capsys, "", *words)
    lines = err.splitlines()
    assert code == cli.EXIT_USAGE and len(lines) == 1 and lines[0].startswith("badeucey: error: ")
    assert message in lines[0], lines[0]
    assert "hand 1" not in out


def test_match_seats_the_cfr_bot_under_its_strategys_rules(badugi_strategy: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.play import play_match
    from badeucey_fast.play.bots import CFRBot, DrawingBot

    words = ["match", "--bots", "cfr,drawing", "--strategy", str(badugi_strategy), "--game", "badugi",
             "--hands", "40", "--seed", "3", "--workers", "1", "--json"]
    assert cli.main(words) == 0
    import json

    got = json.loads(capsys.readouterr().out)
    strategy = Strategy.load(badugi_strategy)
    expected = play_match([CFRBot(strategy), DrawingBot()], hands=40, rules=strategy.rules, seed=3)
    assert [bot["bot"] for bot in got["bots"]] == ["CFRBot()", "DrawingBot()"]
    assert [bot["mbb_per_hand"] for bot in got["bots"]] == pytest.approx(list(expected.mbb_per_hand))


@pytest.mark.parametrize(("words", "message"), [
    (["--bots", "drawing,calling", "--strategy", "STRATEGY"], "--strategy is the cfr bot's strategy: add cfr"),
    (["--bots", "cfr,drawing,random", "--strategy", "STRATEGY", "--game", "badugi"], "the cfr bot plays heads-up"),
    (["--bots", "cfr,drawing", "--strategy", "STRATEGY", "--game", "badeucey"], "--game badeucey: the strategy"),
    (["--bots", "cfr,drawing", "--strategy", "STRATEGY", "--game", "badugi", "--cap", "3"], "--cap 3: the strategy"),
    (["--bots", "drawing,calling", "--cap", "0"], "--cap must be at least 1"),
])
def test_match_with_the_cfr_bot_refuses_what_it_cannot_play(words: list[str], message: str, badugi_strategy: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    words = [str(badugi_strategy) if w == "STRATEGY" else w for w in words]
    assert cli.main(["match", "--hands", "10", "--workers", "1", *words]) == cli.EXIT_USAGE
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and message in lines[0], lines
