"""Every example in the installed package's docstrings runs, once.

The modules are found by walking the installed package, so a new module's
examples run without a line here.  doctest finds an object's examples only in
the module that defines it: a name re-exported by ``badeucey_fast`` runs with
its own module, and the one-hand builtins (which carry their fallbacks'
docstrings, ``rankings``) run once.

The API pages render these docstrings, and a reader copies an example from
there into a fresh REPL: so each docstring's examples also run in an empty
namespace, the first example importing what they use (``testmod`` alone would
lend them the module's globals).  Every module counts, the private ones too:
a public name is often defined in one (``parse_target`` in ``_targets``) and
rendered under its public home.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import io
import pkgutil
import re
from types import ModuleType

import pytest

import badeucey_fast

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the docstrings' examples
# call what the modules' tests call
pytestmark = pytest.mark.no_sanitize

NOT_IMPORTED = {
    "badeucey_fast.__main__": "runs the command line (and exits) when imported; it has no examples",
}


def _module_names() -> list[str]:
    walked = pkgutil.walk_packages(badeucey_fast.__path__, f"{badeucey_fast.__name__}.")
    return sorted({badeucey_fast.__name__, *(info.name for info in walked)} - set(NOT_IMPORTED))


MODULES = _module_names()


def _source(module: ModuleType) -> str:
    try:
        return inspect.getsource(module)
    except (OSError, TypeError):  # the compiled core: no Python source, no examples
        return ""


def test_the_walk_finds_the_package_s_modules() -> None:
    for name in ("badeucey_fast", "badeucey_fast.bots", "badeucey_fast.jobs", "badeucey_fast.rankings",
                 "badeucey_fast._bench.hands", "badeucey_fast.env"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    """A module's examples all pass; a module whose source shows an example runs at least one
    (an example doctest cannot find, e.g. on an object it takes for another module's, fails here)."""
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    if ">>> " in _source(module):
        assert tried > 0


@pytest.mark.parametrize("name", MODULES)
def test_examples_run_in_an_empty_namespace(name: str) -> None:
    """Each docstring's examples pass with nothing but what they import (one namespace per
    docstring, which its examples share); the failure names each docstring that needs the
    module's globals, and the names it takes from them."""
    module = importlib.import_module(name)
    failing = []
    for test in doctest.DocTestFinder().find(module):
        test.globs = {}
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        report = io.StringIO()
        runner.run(test, out=report.write)
        if runner.failures:
            names = sorted(set(re.findall(r"NameError: name '(\w+)' is not defined", report.getvalue())))
            failing.append(f"{test.name} (line {test.lineno}): " + (", ".join(names) or report.getvalue()))
    assert not failing, "examples that need their module's globals:\n" + "\n".join(failing)
