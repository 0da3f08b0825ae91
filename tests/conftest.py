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
