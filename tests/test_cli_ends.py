"""The command line's ends: output paths checked before any work, write errors,
an unreachable scheduler, sizes that cannot be held: one line, exit status 2."""

from __future__ import annotations

import errno
import importlib.util
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from badeucey_fast import _bench, _dask, bots, cli, jobs
from badeucey_fast._bench import report
from badeucey_fast.jobs import DiscardChart, InlineExecutor, canonical_hands, discard_chart

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize

needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="needs dask.distributed")


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any set-up or work of a job fails the test: what is refused must be refused before."""

    def started(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the job started before its arguments were checked")

    for module, name in [(jobs, "canonical_hands"), (jobs, "discard_chart"), (jobs, "local_executor"),
                         (jobs, "dask_executor"), (bots, "play_match"), (report, "measure")]:
        monkeypatch.setattr(module, name, started)


def one_line_error(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("badeucey: error: "), captured.err
    for word in words:
        assert word in lines[0]
    return lines[0]


@pytest.fixture
def places(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Output paths that cannot take the file, with a word of the message."""
    real = tmp_path / "real.npz"
    real.write_bytes(b"keep me")
    (tmp_path / "link.npz").symlink_to(real)
    os.mkfifo(tmp_path / "fifo")
    return {
        "missing folder": (str(tmp_path / "missing" / "x.npz"), "does not exist"),
        "folder": (str(tmp_path), "is a folder"),
        "symlink": (str(tmp_path / "link.npz"), "symbolic link"),
        "fifo": (str(tmp_path / "fifo"), "not a regular file"),
        "device": (os.devnull, "not a regular file"),
    }


@pytest.mark.parametrize("option", ["--out", "--csv", "--checkpoint"])
@pytest.mark.parametrize("place", ["missing folder", "folder", "symlink", "fifo", "device"])
def test_chart_output_paths_are_checked_before_any_work(
    no_work: None, places: dict[str, tuple[str, str]], option: str, place: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 25, 7: a missing folder or a folder was a traceback after the whole job;
    a symlink or a device at --out was replaced by a regular file."""
    path, word = places[place]
    args = {"--out": str(tmp_path / "chart.npz"), option: path}
    words = [w for pair in args.items() for w in pair]
    assert cli.main(["chart", "--game", "badugi", "--limit", "5", *words]) == 2
    one_line_error(capsys, option, word)
    assert (tmp_path / "link.npz").is_symlink() and (tmp_path / "real.npz").read_bytes() == b"keep me"
    assert not (tmp_path / "chart.npz").exists()


@pytest.mark.parametrize(("args", "match"), [
    (["--draws", "4"], "draws must be 1..3"),
    (["--target", "low:8"], "no low half"),
    (["--workers", "0"], "workers must be at least 1"),
    (["--chunk-size", "0"], "chunk_size must be at least 1"),
    (["--draws", "2", "--seed", "-1"], "seed"),
])
def test_chart_settings_are_checked_before_any_work(
    no_work: None, tmp_path: Path, args: list[str], match: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, 7: chart --limit 5 computed every canonical hand before its first check."""
    assert cli.main(["chart", "--game", "badugi", "--limit", "5", "--out", str(tmp_path / "c.npz"), *args]) == 2
    one_line_error(capsys, match)


def test_chart_options_naming_one_file(no_work: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "c.npz")
    assert cli.main(["chart", "--game", "badugi", "--out", out, "--checkpoint", out]) == 2
    one_line_error(capsys, "--out and --checkpoint name the same file")


def test_chart_scheduler_without_dask_is_refused_before_any_work(
    no_work: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, 7: chart --scheduler without dask paid the set-up first."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert cli.main(["chart", "--game", "badugi", "--limit", "5", "--scheduler", "tcp://127.0.0.1:8786",
                     "--out", str(tmp_path / "c.npz")]) == 2
    one_line_error(capsys, "pip install")
    assert cli.main(["match", "--hands", "10", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    one_line_error(capsys, "pip install")


@pytest.fixture(scope="module")
def small_chart() -> DiscardChart:
    return discard_chart("badugi", hands=canonical_hands(4)[:2], executor=InlineExecutor())


def test_chart_write_error_after_the_job_is_one_line(
    small_chart: DiscardChart, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, 7: --csv on a full device was a traceback."""
    monkeypatch.setattr(jobs, "discard_chart", lambda *a, **k: small_chart)

    def full(self: DiscardChart, path: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(DiscardChart, "to_csv", full)
    out, table, ckpt = tmp_path / "c.npz", tmp_path / "c.csv", tmp_path / "c.ckpt"
    assert cli.main(["chart", "--game", "badugi", "--workers", "1", "--out", str(out), "--csv", str(table),
                     "--checkpoint", str(ckpt)]) == 2
    one_line_error(capsys, f"cannot write --csv {table}", os.strerror(errno.ENOSPC), f"kept in {ckpt}")
    assert DiscardChart.load(out) == small_chart  # what was written before stays


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("unbuffered", ["", "1"])
@pytest.mark.parametrize("command", [["eval", "7s5h4d3c2s"], ["eval", "7s5h4d3c2s", "--json"],
                                     ["showdown", "7s5h4d3c2s", "6s6h4h3d2c"]])
def test_stdout_on_a_full_device(command: list[str], unbuffered: str) -> None:
    """Issue 25, 8: stdout on a full device was an OSError traceback."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "badeucey_fast", *command], stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=60, env=env, cwd=Path(__file__).parent, check=False)
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "cannot write to standard output" in result.stderr and os.strerror(errno.ENOSPC) in result.stderr


class _Unreachable:
    """A stand-in for dask.distributed whose scheduler never answers."""

    timeouts: list[float] = []

    class Client:
        def __init__(self, address: str, timeout: float) -> None:
            _Unreachable.timeouts.append(timeout)
            raise OSError(f"Timed out trying to connect to {address} after {timeout} s")


def test_an_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    module = types.ModuleType("distributed")
    module.Client = _Unreachable.Client  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "distributed", module)
    assert cli.main(["match", "--hands", "10", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    one_line_error(capsys, "cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert _Unreachable.timeouts == [_dask.CONNECT_TIMEOUT]
    with pytest.raises(ValueError, match="connect_timeout"):
        with jobs.dask_executor("tcp://127.0.0.1:1", connect_timeout=0):
            pass


@needs_dask
def test_an_unreachable_scheduler_fails_within_the_connect_timeout(run_cli: Any, tmp_path: Path) -> None:
    """Issue 25, 8: --scheduler tcp://127.0.0.1:1 was a traceback after 30 s."""
    result = run_cli("chart", "--game", "badugi", "--limit", "1", "--scheduler", "tcp://127.0.0.1:1",
                     "--out", str(tmp_path / "c.npz"))
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:1 within {_dask.CONNECT_TIMEOUT:g} s" in result.stderr


def test_a_match_too_big_to_play_is_refused_at_once(no_work: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25, 8: match --hands 10**12 was a MemoryError after 2.8 GB."""
    assert cli.main(["match", "--hands", str(10**12)]) == 2
    one_line_error(capsys, "--hands 1,000,000,000,000")


def test_a_bench_batch_too_big_to_hold_is_refused_at_once(
    no_work: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, 8: bench --hands 10**10 was a numpy allocation traceback."""
    monkeypatch.setattr(_bench, "physical_memory", lambda: 16 * 2**30)
    assert cli.main(["bench", "--hands", str(10**10)]) == 2
    one_line_error(capsys, "--hands 10,000,000,000", "16.0 GiB")
    assert _bench.check_batch(16 * 2**30 // _bench.BYTES_PER_HAND) is None  # what fits is taken


def test_memory_running_out_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def exhausted(args: Any) -> int:
        raise MemoryError("Unable to allocate 37.3 GiB for an array")

    monkeypatch.setattr(cli, "_cmd_eval", exhausted)
    assert cli.main(["eval", "7s5h4d3c2s"]) == 2
    one_line_error(capsys, "not enough memory", "37.3 GiB")


@pytest.mark.parametrize("checkpoint", [True, False], ids=["checkpoint", "no checkpoint"])
def test_ctrl_c_after_the_last_chunk_says_what_is_kept(
    checkpoint: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Ctrl-C once every chunk had finished, while the chart file was written: one line
    saying so, not the bare "interrupted" of a command stopped before it did anything;
    the checkpoint holds every chunk, and the same command writes the chart from it."""
    def interrupted(self: DiscardChart, path: str) -> None:
        raise KeyboardInterrupt

    out, ckpt = tmp_path / "c.npz", tmp_path / "c.ckpt"
    args = ["chart", "--game", "badugi", "--limit", "8", "--chunk-size", "4", "--workers", "1", "--out", str(out)]
    args += ["--checkpoint", str(ckpt)] if checkpoint else []
    with monkeypatch.context() as patch:
        patch.setattr(DiscardChart, "save", interrupted)
        assert cli.main(args) == 130
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert line.startswith("badeucey: interrupted after the job's last chunk, before all its output was written"), line
    if not checkpoint:
        assert line.endswith("add --checkpoint FILE to keep finished chunks"), line
        return
    assert line.endswith(f"every chunk is kept in {ckpt}: run the same command to write it"), line
    assert cli.main(args) == 0
    assert "all 8 hands from the checkpoint" in capsys.readouterr().out
    assert DiscardChart.load(str(out)).hands.shape == (8, 4)
