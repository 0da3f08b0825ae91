"""cffi builder for badeucey_fast._core (out-of-line API mode).

The cdef is read straight from the C headers, between their cffi markers, so
no declaration is written twice: the public interface (csrc/badeucey.h), then
the binding's own entry points (csrc/bindings/bdc_bindings.h).  The module
compiles every C file of the core (csrc/*.c), csrc/bindings/one_hand.c, the
one-hand functions as builtins of Python's limited C API, and
csrc/bindings/hand_core.c, the base type of play.Hand: the only C that speaks
Python (so the core in csrc/ stays free of it).  The rank tables are
included from the folder tools/gen_tables.py writes at build time (setup.py
runs it first).  This file imports nothing from the package.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
GENERATED = ROOT / "build" / "generated"  # where setup.py has tools/gen_tables.py write


def read_cdef(header: Path) -> str:
    """The declarations between the cffi markers of a header."""
    text = header.read_text(encoding="utf-8")
    begin, end = "/* cffi-cdef-begin */", "/* cffi-cdef-end */"
    return text[text.index(begin) + len(begin) : text.index(end)]


BINDINGS = CSRC / "bindings"  # what the Python package's binding adds to the core
HEADERS = (CSRC / "badeucey.h", BINDINGS / "bdc_bindings.h")  # the cdef, in this order
ONE_HAND = BINDINGS / "one_hand.c"  # the one-hand builtins (with HAND_CORE, the only C here that uses Python's C API)
HAND_CORE = BINDINGS / "hand_core.c"  # the base type of play.Hand, compiled on its own


def cdef() -> str:
    """The whole cdef: the cffi part of each header in :data:`HEADERS`."""
    return "".join(read_cdef(header) for header in HEADERS)


ffibuilder = FFI()
ffibuilder.cdef(cdef())
ffibuilder.set_source(
    "badeucey_fast._core",
    "".join(f'#include "{header.relative_to(CSRC).as_posix()}"\n' for header in (*HEADERS, ONE_HAND)),
    # every C file of the core, and Hand's base type
    sources=[str(path.relative_to(ROOT)) for path in (*sorted(CSRC.glob("*.c")), HAND_CORE)],
    include_dirs=[str(CSRC.relative_to(ROOT)), str(GENERATED.relative_to(ROOT))],
    depends=[str(path.relative_to(ROOT)) for path in (*HEADERS, ONE_HAND, BINDINGS / "py_call.h")],
    # the stable ABI of 3.11 (cffi would define Py_LIMITED_API as 3.2's): the bindings use METH_FASTCALL
    define_macros=[("Py_LIMITED_API", "0x030B0000")],
    extra_compile_args=["-O3", "-g0"],  # a release build: no debug info in the .so
    extra_link_args=["-s"] if sys.platform.startswith("linux") else [],  # nor symbols beyond the dynamic ones
    py_limited_api=True,  # one cp311-abi3 wheel for every CPython >= 3.11 (setup.py tags it)
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
