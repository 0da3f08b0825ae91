"""Shared fixtures: the command line (``run_cli``), the C core's implementations, hypothesis's settings."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest


class Cli:
    """The installed ``badeucey`` command, run as ``python -m badeucey_fast`` in a new
    process from tests/ (so the source tree cannot shadow the installed package).

    Every test that runs the command line goes through the ``run_cli`` fixture:
    ``run_cli("eval", "7s5h4d3c2s")`` runs it to the end, ``run_cli.start(...)`` starts
    it for a test that reads its output while it runs or signals it.
    """

    cwd = Path(__file__).parent
    timeout = 300
    """Seconds: only a guard against a hang."""

    def argv(self, *args: str) -> list[str]:
        """The command line that runs ``badeucey args...``."""
        return [sys.executable, "-m", "badeucey_fast", *args]

    def __call__(
        self, *args: str, stdin: str | None = None, env: Mapping[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run ``badeucey args...`` to the end, text in (``stdin``) and out, captured."""
        return subprocess.run(self.argv(*args), input=stdin, capture_output=True, text=True, env=env,
                              timeout=self.timeout, cwd=self.cwd, check=False)

    def start(self, *args: str, **popen: Any) -> subprocess.Popen[Any]:
        """Start ``badeucey args...`` (``popen``: more arguments for :class:`subprocess.Popen`)."""
        return subprocess.Popen(self.argv(*args), cwd=self.cwd, **popen)


RunCli = Cli


@pytest.fixture
def run_cli() -> Cli:
    """Runs the installed ``badeucey`` command (see :class:`Cli`)."""
    return Cli()


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that runs the command line (``run_cli``: a new process) is marked no_sanitize
    (pyproject.toml): CI's sanitized run leaves it out, as what the command calls in the C core
    the library's tests call in their own process."""
    for item in items:
        if "run_cli" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.no_sanitize)


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
