"""cffi builder for badeucey_fast._core (out-of-line API mode).

The cdef is read straight from the public header, between its cffi markers, so
no declaration is written twice.  The rank tables are included from the folder
tools/gen_tables.py writes at build time (setup.py runs it first).  This file
imports nothing from the package.
"""

from __future__ import annotations

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


ffibuilder = FFI()
ffibuilder.cdef(read_cdef(CSRC / "badeucey.h"))
ffibuilder.set_source(
    "badeucey_fast._core",
    '#include "badeucey.h"',
    sources=[str((CSRC / name).relative_to(ROOT)) for name in ("bdc_core.c", "bdc_draw.c", "bdc_random.c")],
    include_dirs=[str(CSRC.relative_to(ROOT)), str(GENERATED.relative_to(ROOT))],
    extra_compile_args=["-O3"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
