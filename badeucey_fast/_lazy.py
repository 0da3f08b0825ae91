"""Names a package loads on first use (PEP 562's module ``__getattr__``).

A package keeps a table of its lazy names and the modules they live in, and
its ``__getattr__`` hands each lookup to :func:`lazy_attribute`:

>>> from badeucey_fast._lazy import lazy_attribute
>>> namespace = {"__name__": "example"}
>>> lazy_attribute(namespace, {"sqrt": "math"}, "sqrt")(9.0)
3.0
>>> "sqrt" in namespace
True
>>> lazy_attribute(namespace, {"sqrt": "math"}, "cbrt")
Traceback (most recent call last):
...
AttributeError: module 'example' has no attribute 'cbrt'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def lazy_attribute(namespace: dict[str, Any], lazy: Mapping[str, str], name: str) -> Any:
    """The value of ``name`` in the module ``lazy[name]``, imported now and kept in
    ``namespace`` (the package's globals), so that the next lookup finds it there.

    :param namespace: the package's ``globals()``.
    :param lazy: each lazy name and the dotted name of the module that defines it.
    :param name: the name looked up.
    :raises AttributeError: for a name that ``lazy`` does not hold.
    """
    if name not in lazy:
        raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(lazy[name]), name)
    namespace[name] = value
    return value
