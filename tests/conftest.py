"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

RunCli = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def run_cli() -> RunCli:
    """Run the installed ``badeucey`` command (from tests/, so the source tree cannot shadow it)."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "badeucey_fast", *args],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=Path(__file__).parent,
        )

    return run


# No property test may depend on the machine's speed: no per-example deadline and
# no "too slow" health check, whatever a test's own @settings say.
from hypothesis import HealthCheck, settings  # noqa: E402  (after the fixtures, with what it configures)

settings.register_profile("any-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("any-machine")
def _core_implementations() -> tuple[str, ...]:
    """Every implementation the C core knows, whether or not this machine runs it."""
    from badeucey_fast._core import ffi, lib

    return tuple(
        ffi.string(lib.bdc_implementation_name(i)).decode("ascii") for i in range(lib.BDC_IMPLEMENTATIONS)
    )


@pytest.fixture(params=_core_implementations())
def implementation(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test on each implementation of the C core's loops (batches, draw
    and equity enumeration) that this machine supports, then go back to the one
    in use; the others are skipped, saying which and why."""
    import badeucey_fast as bf

    name: str = request.param
    if name not in bf.implementations():
        pytest.skip(
            f"implementation {name!r} skipped: this build or processor lacks it "
            f"(this machine runs {', '.join(bf.implementations())})"
        )
    before = bf.implementation()
    bf.use_implementation(name)
    try:
        yield name
    finally:
        bf.use_implementation(before)
