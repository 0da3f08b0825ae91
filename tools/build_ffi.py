"""cffi builder for badeucey_fast._core (out-of-line API mode).

The cdef is read straight from the public header, between its cffi markers, so
no declaration is written twice; the same for tools/one_hand.c, the one-hand
functions as builtins of Python's limited C API, compiled into the module here
so that the core in csrc/ stays free of Python.  The rank tables are included
from the folder tools/gen_tables.py writes at build time (setup.py runs it
first).  This file imports nothing from the package.
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


ONE_HAND = ROOT / "tools" / "one_hand.c"  # the one-hand builtins: the only C here that uses Python's C API

ffibuilder = FFI()
ffibuilder.cdef(read_cdef(CSRC / "badeucey.h") + read_cdef(ONE_HAND))
ffibuilder.set_source(
    "badeucey_fast._core",
    f'#include "badeucey.h"\n#include "{ONE_HAND.name}"',
    sources=[str(path.relative_to(ROOT)) for path in sorted(CSRC.glob("*.c"))],  # every C file of the core
    include_dirs=[str(CSRC.relative_to(ROOT)), str(GENERATED.relative_to(ROOT)), str(ONE_HAND.parent.relative_to(ROOT))],
    depends=[str(ONE_HAND.relative_to(ROOT))],
    # the stable ABI of 3.11 (cffi would define Py_LIMITED_API as 3.2's): one_hand.c uses METH_FASTCALL
    define_macros=[("Py_LIMITED_API", "0x030B0000")],
    extra_compile_args=["-O3", "-g0"],  # a release build: no debug info in the .so
    extra_link_args=["-s"] if sys.platform.startswith("linux") else [],  # nor symbols beyond the dynamic ones
    py_limited_api=True,  # one cp311-abi3 wheel for every CPython >= 3.11 (setup.py tags it)
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
