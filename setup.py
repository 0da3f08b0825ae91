"""Build steps only; the metadata is in pyproject.toml.

1. A working C compiler must be there: a command that builds (bdist_wheel,
   editable_wheel, build_ext, ...) first compiles a one-line program that
   includes Python.h, before setup() runs any command, and without a compiler
   (or without Python's headers) stops with one line naming what to install,
   so pip shows that line and little else.
2. tools/gen_tables.py writes the rank tables into build/generated/.
3. cffi compiles csrc/ and those tables into badeucey_fast._core, built for
   Python's limited API: one ``cp311-abi3`` wheel serves every CPython >= 3.11.

Table generation hangs off build_ext rather than running when this file is
read, because pip reads setup.py three times per install (requirements,
metadata, wheel) and only the last needs the tables.
"""

import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import PlatformError

ROOT = Path(__file__).resolve().parent


def missing_compiler_message(command: str) -> str:
    """One line: no C compiler, and what to install."""
    if sys.platform == "darwin":
        what = "the Xcode command-line tools (xcode-select --install)"
    else:
        what = "gcc or clang (Debian/Ubuntu: apt install gcc; Fedora: dnf install gcc)"
    return f"badeucey-fast needs a C compiler to build its core: {command!r} was not found. Install {what}, or set CC."


BUILD_COMMANDS = frozenset({"bdist_wheel", "editable_wheel", "build", "build_ext", "develop", "install", "bdist_egg"})
"""The setup.py commands that compile the core (pip runs bdist_wheel or editable_wheel);
egg_info, dist_info and sdist do not, so they never need a compiler."""


def _compiler_command() -> list[str] | None:
    """The command setuptools would compile with (CC, CFLAGS and Python's own flags
    applied); None for compilers that find themselves (MSVC)."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None)  # unix-style compilers: [executable, flags...]
    if not command:
        return None
    return list(command) if isinstance(command, list) else shlex.split(command)


def compiler_problem() -> str | None:
    """One line saying why the core cannot be compiled here, or None when the C
    compiler works: it must exist and compile a program that includes Python.h."""
    words = _compiler_command()
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
        return broken_compiler_message(words[0], next((line for line in output if "error" in line), output[0] if output else ""))
    return None


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


class build_ext_with_tables(build_ext):
    """Check for a C compiler, generate the rank tables, then compile as usual."""

    def run(self) -> None:
        self.check_compiler()
        generator = ROOT / "tools" / "gen_tables.py"
        subprocess.run([sys.executable, str(generator), "--out", str(ROOT / "build" / "generated")], check=True)
        super().run()

    def check_compiler(self) -> None:
        """Stop early, with one line, if the compiler setuptools would use is absent."""
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        compiler = new_compiler(compiler=self.compiler, force=self.force)
        customize_compiler(compiler)
        command = getattr(compiler, "compiler_so", None)  # unix-style compilers: [executable, flags...]
        if not command:
            return  # MSVC finds itself; nothing to check here
        words = command if isinstance(command, list) else shlex.split(command)
        if shutil.which(words[0]) is None:
            raise PlatformError(missing_compiler_message(words[0]))

    def build_extensions(self) -> None:
        # Python's own link line may carry -Wl,-rpath,<its lib dir> (pyenv does):
        # an extension needs no RUNPATH, and a wheel must not point at the build machine.
        linker = getattr(self.compiler, "linker_so", None)
        if isinstance(linker, list):
            self.compiler.linker_so = [w for w in linker if not w.startswith(("-Wl,-rpath", "-Wl,-R"))]
        super().build_extensions()


if BUILD_COMMANDS.intersection(sys.argv[1:]) and (problem := compiler_problem()):
    sys.exit(problem)  # before setup(): pip shows this one line, not setuptools' log

setup(
    cffi_modules=["tools/build_ffi.py:ffibuilder"],
    cmdclass={"build_ext": build_ext_with_tables},
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
