"""Build steps only; the metadata is in pyproject.toml.

1. tools/gen_tables.py writes the rank tables into build/generated/.
2. cffi compiles csrc/ and those tables into badeucey_fast._core.

Table generation hangs off build_ext rather than running when this file is
read, because pip reads setup.py three times per install (requirements,
metadata, wheel) and only the last needs the tables.
"""

import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class build_ext_with_tables(build_ext):
    """Generate the rank tables, then compile as usual."""

    def run(self) -> None:
        generator = ROOT / "tools" / "gen_tables.py"
        subprocess.run([sys.executable, str(generator), "--out", str(ROOT / "build" / "generated")], check=True)
        super().run()


setup(
    cffi_modules=["tools/build_ffi.py:ffibuilder"],
    cmdclass={"build_ext": build_ext_with_tables},
)
