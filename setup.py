"""Build steps only; the metadata is in pyproject.toml.

1. A working C compiler must be there: it must exist and compile a one-line
   program that includes Python.h, or the build stops with one line naming what
   to install.  pip asks tools/build_backend.py first, before it installs cffi
   and numpy; a command run here that builds (bdist_wheel, build_ext, ...) checks
   again before setup() runs anything, for builds without pip's isolation.
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
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import PlatformError

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))  # pip's backend-path; `python setup.py ...` needs it too
from build_backend import compiler_problem, missing_compiler_message  # noqa: E402


BUILD_COMMANDS = frozenset({"bdist_wheel", "editable_wheel", "build", "build_ext", "develop", "install", "bdist_egg"})
"""The setup.py commands that compile the core (pip runs bdist_wheel or editable_wheel);
egg_info, dist_info and sdist do not, so they never need a compiler."""


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
