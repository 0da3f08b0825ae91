"""What the long commands say as they run and when they end (issue 36, 7): a
finished chart names the checkpoint it leaves, train's bar gives the rate and time
left as chart's and match's do, bench warns when the machine is too busy."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from badeucey_fast import _bench, cli
from badeucey_fast._bench import report
from badeucey_fast.jobs import JobProgress

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line: parsing
# and output, the library's calls being its tests'
pytestmark = pytest.mark.no_sanitize


def test_a_finished_chart_says_its_checkpoint_is_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, ckpt = tmp_path / "c.npz", tmp_path / "c.ckpt"
    words = ["chart", "--game", "badugi", "--limit", "8", "--chunk-size", "4", "--workers", "1", "--out", str(out)]
    assert cli.main([*words, "--checkpoint", str(ckpt)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == (f"the checkpoint {ckpt} ({ckpt.stat().st_size:,} bytes) is left: the same command writes the "
                    "chart from it again; remove it once the chart is all you need")
    assert cli.main(words) == 0  # without a checkpoint the last line is the chart's
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote {out} (")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_train_progress_gives_the_rate_and_the_time_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    assert cli.main(["train", "--mini", "--iterations", "3000", "--seed", "1", "--out", str(tmp_path / "m.npz")]) == 0
    reports = stderr.getvalue().split("\r")
    shown = [r for r in reports if re.search(r"\d[\d,]* iterations/s  time left \d+:\d\d:\d\d", r)]
    assert shown, stderr.getvalue()
    assert re.search(r"\]\s+\d+\.\d%  [\d,]+/3,000 iterations  ", shown[-1]), shown[-1]
    assert "chunks" not in stderr.getvalue()  # one process: no chunks to count


def test_a_job_report_without_chunks_leaves_them_out() -> None:
    assert JobProgress(0, 0, 96, 320, 0, 4.0, "iterations").describe() == \
        "96/320 iterations  24.0 iterations/s  time left 0:00:09"
    assert JobProgress(3, 10, 96, 320, 0, 4.0, "hands").describe().startswith("3/10 chunks  96/320 hands")


@pytest.mark.parametrize(("load", "cpus", "warned"), [(9.0, 2, True), (1.5, 2, True), (0.4, 2, False),
                                                      (3.0, 16, False)])
def test_bench_warns_when_the_load_makes_its_figures_unreliable(
        load: float, cpus: int, warned: bool, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def measured(args: Any) -> int:
        print("figures")
        return 0

    monkeypatch.setattr(report, "run", measured)
    monkeypatch.setattr(_bench.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(_bench.os, "cpu_count", lambda: cpus)
    assert cli.main(["bench"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "figures\n"
    if warned:
        assert captured.err.splitlines() == [
            f"badeucey bench: warning: the machine is busy (load average {load:.1f} over the last minute, "
            f"{cpus} CPUs): other programs take CPU time from the benchmark, so its figures are slower and "
            "noisier than this machine gives when quiet"]
    else:
        assert captured.err == ""


def test_bench_runs_where_the_load_is_unknown(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def unknown() -> tuple[float, float, float]:
        raise OSError("no load average here")

    monkeypatch.setattr(report, "run", lambda args: 0)
    monkeypatch.setattr(_bench.os, "getloadavg", unknown)
    assert cli.main(["bench"]) == 0 and capsys.readouterr().err == ""
