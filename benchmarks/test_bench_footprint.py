"""Footprint: ``import badeucey_fast`` time and resident table memory.

Both run in fresh subprocesses (``python -I``: isolated, so the current
directory's source tree is not imported by mistake) and report their figures
in ``benchmark.extra_info``:

- import: the best time of ``python -I -c "import badeucey_fast"`` minus the
  best time of ``python -I -c pass`` (interpreter start-up), plus the
  cumulative ``-X importtime`` of the heaviest imports;
- memory: VmRSS (and its anonymous and file-backed parts, from
  /proc/self/status) of a process that has numpy and every hand array ready,
  before ``import badeucey_fast``, after it, and after every table has been
  read (each batch function run on all 270,725 four-card and 2,598,960
  five-card hands; the results freed).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

IMPORT_ROUNDS = 5
BASELINE_ROUNDS = 5
IMPORT_GROUP = "import badeucey_fast and resident tables"
HEAVY_IMPORTS = ("badeucey_fast", "numpy", "importlib.metadata", "cffi", "_cffi_backend", "badeucey_fast._core")
MB = 1024 * 1024


def python(code: str, cwd: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """Run code in a fresh isolated interpreter, failing the test if it fails."""
    done = subprocess.run([sys.executable, "-I", *flags, "-c", code], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def best_seconds(code: str, cwd: Path, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        python(code, cwd)
        best = min(best, time.perf_counter() - start)
    return best


def import_times(cwd: Path) -> dict[str, float]:
    """Cumulative ``-X importtime`` (ms) of the heaviest imports, the largest seen for each name."""
    stderr = python("import badeucey_fast", cwd, "-X", "importtime").stderr
    times: dict[str, float] = {}
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (part.strip() for part in line.split(":", 1)[1].split("|"))
        if name in HEAVY_IMPORTS and cumulative.isdigit():
            times[name] = max(times.get(name, 0.0), int(cumulative) / 1000)
    return times


def test_import_time(benchmark: Any, tmp_path: Path, figures: Any) -> None:
    """``import badeucey_fast`` in a fresh interpreter, start-up subtracted."""
    benchmark.group = IMPORT_GROUP
    benchmark.pedantic(python, args=("import badeucey_fast", tmp_path), rounds=IMPORT_ROUNDS, warmup_rounds=1)
    breakdown = import_times(tmp_path)
    assert "badeucey_fast" in breakdown
    if not benchmark.enabled or benchmark.stats is None:
        return
    startup = best_seconds("pass", tmp_path, BASELINE_ROUNDS)
    ms = (benchmark.stats.stats.min - startup) * 1e3
    benchmark.extra_info["import_ms"] = round(ms, 1)
    benchmark.extra_info["interpreter_startup_ms"] = round(startup * 1e3, 1)
    for name, value in breakdown.items():
        benchmark.extra_info[f"importtime_cumulative_ms {name}"] = round(value, 1)
    figures.set("ms.import", ms)
    for name in ("numpy", "importlib.metadata"):
        if name in breakdown:
            figures.set(f"ms.importtime {name}", breakdown[name])


MEMORY_PROBE = r"""
import json
import numpy as np

def status():
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                fields[key] = int(value.split()[0]) * 1024
    return fields

def all_hands(k):
    hands = np.arange(52, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = hands[:, -1]
        extensions = 51 - last
        first_row_of = np.cumsum(extensions) - extensions
        rows = np.repeat(hands, extensions, axis=0)
        new = np.repeat(last + 1 - first_row_of, extensions) + np.arange(rows.shape[0])
        hands = np.hstack([rows, new[:, None]])
    return np.ascontiguousarray(hands, dtype=np.uint8)

four, five = all_hands(4), all_hands(5)
# the results' size, allocated and freed once, so the allocator is warm
scratch = np.ones((five.shape[0], 2), dtype=np.uint16); del scratch
before = status()
import badeucey_fast as bf
imported = status()
for ace_high in (False, True):
    del_me = bf.badugi_rank_batch(four, ace_high=ace_high); del del_me
del_me = bf.badeucey_batch(five); del del_me
del_me = bf.badacey_batch(five); del del_me
touched = status()
print(json.dumps({"before": before, "imported": imported, "touched": touched}))
"""


def test_table_memory(benchmark: Any, tmp_path: Path, figures: Any) -> None:
    """RSS growth of a process from before ``import badeucey_fast`` to after every table was read."""
    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc/self/status (Linux)")
    benchmark.group = IMPORT_GROUP
    done = benchmark.pedantic(python, args=(MEMORY_PROBE, tmp_path), rounds=1)
    rss = json.loads(done.stdout)
    before, imported, touched = rss["before"], rss["imported"], rss["touched"]
    assert touched["VmRSS"] > before["VmRSS"]
    growth = (touched["VmRSS"] - before["VmRSS"]) / MB
    benchmark.extra_info["rss_growth_import_mb"] = round((imported["VmRSS"] - before["VmRSS"]) / MB, 2)
    benchmark.extra_info["rss_growth_import_and_tables_mb"] = round(growth, 2)
    benchmark.extra_info["rss_file_growth_mb"] = round((touched["RssFile"] - before["RssFile"]) / MB, 2)
    benchmark.extra_info["rss_anon_growth_mb"] = round((touched["RssAnon"] - before["RssAnon"]) / MB, 2)
    import badeucey_fast._core as core

    benchmark.extra_info["core_module_file_mb"] = round(Path(core.__file__).stat().st_size / MB, 2)
    figures.set("mb.tables_rss", growth)
    figures.set("mb.rss_import_only", (imported["VmRSS"] - before["VmRSS"]) / MB)
