"""Clear failures at install and import time.

- No C compiler: the build stops before generating the tables, with one line
  naming what to install.
- The source tree imported by mistake (no compiled core next to the sources):
  an ImportError saying so and what to do, not a bare missing ``_core``.
"""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import badeucey_fast

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): installs in subprocesses
pytestmark = pytest.mark.no_sanitize

SETUP_PY = Path(__file__).resolve().parent.parent / "setup.py"


def _source_copy(tmp_path: Path, with_setup_py: bool) -> Path:
    """The installed package's Python files, without the compiled core, in a folder
    laid out as a source tree (with setup.py) or as a broken installation."""
    package = Path(badeucey_fast.__file__).parent
    root = tmp_path / "tree"
    shutil.copytree(package, root / "badeucey_fast", ignore=shutil.ignore_patterns("_core*", "__pycache__"))
    if with_setup_py:
        (root / "setup.py").write_text("# a source tree\n", encoding="utf-8")
    return root


# A developer's editable install (pip install -e) puts a finder before the path, so the
# folder's copy would never be imported; the child drops it, as if nothing were installed.
_IMPORT_UNINSTALLED = (
    "import sys; "
    "sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, '__module__', '').startswith('__editable__')]; "
    "import badeucey_fast"
)


def _import_from(folder: Path, code: str = "import badeucey_fast") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)


def test_importing_the_source_tree_says_what_to_do(tmp_path: Path) -> None:
    done = _import_from(_source_copy(tmp_path, with_setup_py=True), _IMPORT_UNINSTALLED)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: badeucey_fast was imported from the source tree in "), done.stderr
    assert "pip install -e ." in last and "another folder" in last
    assert "No module named" not in done.stderr


def test_an_installation_without_its_core_says_reinstall(tmp_path: Path) -> None:
    done = _import_from(_source_copy(tmp_path, with_setup_py=False), _IMPORT_UNINSTALLED)
    assert done.returncode != 0
    assert "has no compiled core (_core)" in done.stderr and "--force-reinstall" in done.stderr


def test_the_installed_package_has_its_core() -> None:
    done = _import_from(Path(__file__).parent)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(not SETUP_PY.exists(), reason="needs the source tree's setup.py (run from the repository or sdist)")
@pytest.mark.skipif(sys.platform == "win32", reason="MSVC is found by setuptools itself; the check is for cc-style compilers")
def test_no_c_compiler_stops_the_build_before_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    setuptools = pytest.importorskip("setuptools")
    from setuptools.dist import Distribution
    from setuptools.errors import PlatformError

    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)  # read setup.py's commands, run nothing
    commands: dict[str, Any] = runpy.run_path(str(SETUP_PY))
    build_ext = commands["build_ext_with_tables"](Distribution())
    build_ext.initialize_options()
    build_ext.finalize_options()

    def no_table_generation(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the tables were generated before the compiler check: {args}")

    monkeypatch.setattr(subprocess, "run", no_table_generation)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    with pytest.raises(PlatformError) as raised:
        build_ext.run()
    message = str(raised.value)
    assert "\n" not in message
    assert "needs a C compiler" in message and "'/nonexistent/cc' was not found" in message
    assert ("Xcode command-line tools" if sys.platform == "darwin" else "gcc or clang") in message
