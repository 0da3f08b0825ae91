"""Shared test helpers."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
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
