"""`badeucey bench` runs on an installed package and reports every job."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import RunCli

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the command line in a
# subprocess: its figures come from the calls the benchmarks and the library's tests make
pytestmark = pytest.mark.no_sanitize


def test_bench_command_reports_every_job(run_cli: RunCli) -> None:
    done = run_cli("bench", "--hands", "2000", "--repeat", "1", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["schema"] == "badeucey-bench/1"
    figures = report["figures"]
    for key in ("one_hand", "one_hand_mask", "cffi_floor", "parse_cards", "batch", "all_hands", "one_thread",
                "two_threads", "best_discards", "equity"):
        assert figures[key]["seconds"] > 0, key
    assert figures["all_hands"]["hands"] == 2_598_960
    assert figures["best_discards"]["hands"] == 2_598_960 and figures["equity"]["hands"] == 34_440
    assert figures["engine_2"]["seconds"] > 0 and figures["engine_6"]["seconds"] > 0
    for key in ("one_hand_vs_cffi_floor", "batch_vs_one_hand", "two_threads_vs_one"):
        assert report["ratios"][key] > 0, key


def test_bench_command_rejects_bad_sizes(run_cli: RunCli) -> None:
    done = run_cli("bench", "--hands", "0")
    assert done.returncode == 2 and "must be at least 1" in done.stderr


def test_other_commands_load_neither_numpy_nor_the_bench_harness() -> None:
    """``badeucey eval`` and ``showdown`` start fast: the bench command's options are
    registered, but its harness (and numpy with it) loads only when it runs."""
    code = (
        "import sys; from badeucey_fast.cli import main; "
        "main(['eval', '7s5h4d3c2s']); main(['showdown', '7s5h4d3c2s', '8s7h6d4c2h']); "
        "print(sorted(m for m in ('numpy', 'badeucey_fast._bench.report', 'badeucey_fast._bench.jobs') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
