"""The build backend: setuptools' own, with the C compiler checked first.

pip installs a project's static build requirements before it asks the backend
anything, so pyproject.toml requires only setuptools.  Building a wheel
(``pip install .``, ``pip install -e .``) first checks for a working C
compiler, and only then asks for cffi and numpy, which compiling the core
needs (tools/build_ffi.py, tools/gen_tables.py): without a compiler pip stops
with one line before it installs them.  A source archive needs no compiler.
setup.py makes the same check (for ``python setup.py bdist_wheel`` and builds
without pip's isolation) with the functions here.

This file imports nothing from the package.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (hooks served as setuptools serves them)
    build_editable,
    build_sdist,
    build_wheel,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

COMPILE_REQUIRES = ["cffi>=1.15", "numpy>=1.23"]
"""What compiling the core needs besides setuptools: cffi builds the module,
numpy is what tools/gen_tables.py computes the tables with."""

ConfigSettings = dict[str, str | list[str]] | None


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    """setuptools' requirements and :data:`COMPILE_REQUIRES`, once the compiler works."""
    stop_without_compiler()
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *COMPILE_REQUIRES]


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    """As for a wheel: an editable install compiles the core too."""
    stop_without_compiler()
    return [*_setuptools.get_requires_for_build_editable(config_settings), *COMPILE_REQUIRES]


def get_requires_for_build_sdist(config_settings: ConfigSettings = None) -> list[str]:
    """No compiler check; cffi so that setup.py's ``cffi_modules`` is a known option."""
    return [*_setuptools.get_requires_for_build_sdist(config_settings), COMPILE_REQUIRES[0]]


def stop_without_compiler() -> None:
    """Exit with one line (pip shows it as the build's whole output) when the core
    cannot be compiled here."""
    problem = compiler_problem()
    if problem:
        raise SystemExit(problem)


def compiler_problem() -> str | None:
    """One line saying why the core cannot be compiled here, or None when the C
    compiler works: it must exist and compile a program that includes Python.h."""
    words = compiler_command()
    if words is None:
        return None
    if shutil.which(words[0]) is None:
        return missing_compiler_message(words[0])
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "check.c"
        source.write_text("#include <Python.h>\nint bdc_check(void) { return 0; }\n", encoding="ascii")
        include = sysconfig.get_paths()["include"]
        try:
            done = subprocess.run([*words, "-I", include, "-c", str(source), "-o", str(Path(folder) / "check.o")],
                                  capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return broken_compiler_message(words[0], str(exc))
    if done.returncode != 0:
        output = (done.stderr + done.stdout).strip().splitlines()
        first_error = next((line for line in output if "error" in line), output[0] if output else "")
        return broken_compiler_message(words[0], first_error)
    return None


def compiler_command() -> list[str] | None:
    """The command setuptools compiles with (CC, CFLAGS and Python's own flags
    applied), or None for a compiler that finds itself (MSVC)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None)  # unix-style compilers: [executable, flags...]
    if not command:
        return None
    return [str(word) for word in command] if isinstance(command, list) else shlex.split(str(command))


def missing_compiler_message(command: str) -> str:
    """One line: no C compiler, and what to install."""
    if sys.platform == "darwin":
        what = "the Xcode command-line tools (xcode-select --install)"
    else:
        what = "gcc or clang (Debian/Ubuntu: apt install gcc; Fedora: dnf install gcc)"
    return f"badeucey-fast needs a C compiler to build its core: {command!r} was not found. Install {what}, or set CC."


def broken_compiler_message(command: str, error: str) -> str:
    """One line: the compiler is there but cannot build a Python extension."""
    error = " ".join(error.split())[:200]
    if "Python.h: No such file" in error or "'Python.h' file not found" in error:  # gcc's and clang's words
        if sys.platform == "darwin":
            fix = "Install Python's C headers (they come with the python.org installer and Homebrew's python)."
        else:
            fix = "Install Python's C headers (Debian/Ubuntu: apt install python3-dev; Fedora: dnf install python3-devel)."
    else:
        fix = "Install a working gcc or clang (Debian/Ubuntu: apt install build-essential), or set CC (and CFLAGS) to one."
    return (f"badeucey-fast cannot build its core: the C compiler {command!r} fails on a one-line test "
            f"program ({error or 'no message'}). {fix}")
