"""Which implementation of the C core's loops runs: the batches and the draw
and equity enumerators' innermost loop.

The core has one implementation per instruction set (``"portable"``, and on
x86-64 ``"bmi2"``, ``"avx2"`` and ``"avx512"``), each built from the same loop bodies, so
all rank every hand alike.  On first use it picks the fastest this processor
runs well and keeps it; :func:`use_implementation` switches, for tests and
benchmarks that compare them.

>>> import badeucey_fast as bf
>>> bf.implementation() in bf.implementations()
True
>>> "portable" in bf.implementations()
True
>>> bf.use_implementation("sse9")
Traceback (most recent call last):
    ...
ValueError: unknown implementation 'sse9'; the core has: portable, bmi2, avx2, avx512
"""

from __future__ import annotations

from badeucey_fast._native import ffi, lib, status_text

_NAMES: tuple[str, ...] = tuple(
    ffi.string(lib.bdc_implementation_name(i)).decode("ascii") for i in range(lib.BDC_IMPLEMENTATIONS)
)
"""Every implementation the core knows, by id (whether or not this build or machine has it)."""


def implementation() -> str:
    """The name of the implementation in use.

    :return: one of :func:`implementations`.
    """
    return _NAMES[lib.bdc_implementation()]


def implementations() -> tuple[str, ...]:
    """The implementations this build has and this processor runs, slowest first.

    :return: names, ``"portable"`` always among them.
    """
    return tuple(name for i, name in enumerate(_NAMES) if lib.bdc_implementation_supported(i))


def use_implementation(name: str) -> None:
    """Run the core's loops on ``name`` from now on, in every thread (switch
    while no other thread is ranking).

    :param name: ``"portable"``, ``"bmi2"``, ``"avx2"`` or ``"avx512"``.
    :raises TypeError: if ``name`` is not a string.
    :raises ValueError: for an unknown name, or one this build or processor lacks.
    """
    if not isinstance(name, str):
        raise TypeError(f"implementation name must be a str, not {type(name).__name__}")
    if name not in _NAMES:
        raise ValueError(f"unknown implementation {name!r}; the core has: {', '.join(_NAMES)}")
    status = lib.bdc_use_implementation(_NAMES.index(name))
    if status != lib.BDC_OK:
        reason = status_text(status)
        raise ValueError(f"implementation {name!r}: {reason} (this machine runs: {', '.join(implementations())})")
