"""Sphinx configuration for the badeucey-fast documentation.

Build (from the repository root, after ``pip install ".[docs]"``)::

    sphinx-build -W -b html docs docs/_build/html
    sphinx-build -W -b doctest docs docs/_build/doctest

The pages document the *installed* package: its rank tables are generated and
compiled by ``pip install``, so the source tree alone cannot be imported.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# ``python -m sphinx`` puts the working directory first on sys.path; drop the
# source tree so that ``import badeucey_fast`` finds the installed, compiled package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _ROOT]

import badeucey_fast  # noqa: E402  (after the sys.path fix above)

project = "badeucey-fast"
author = "badeucey-fast developers"
copyright = "2026, badeucey-fast developers"
release = badeucey_fast.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]

exclude_patterns = ["_build"]
templates_path: list[str] = []
language = "en"
root_doc = "index"

# Autodoc: public names are documented as ``badeucey_fast.<name>`` only.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
add_module_names = False
python_display_short_literal_types = True

# Doctest: ELLIPSIS only, as the test suite runs the docstrings; whitespace is compared exactly
# (the command-line examples are column-aligned tables).
doctest_default_flags = doctest.ELLIPSIS
# Only the pages' own examples (``doctest`` and ``testcode`` blocks) run here: the docstrings that
# autodoc shows run where they live, with their module's names (tests/test_doctests.py).
doctest_test_doctest_blocks = ""
# A page's examples import what they use, as a reader copying them must (tests/test_docs_pages.py
# runs each page with plain doctest): the setup below gives them nothing but ``shell(command)``,
# which runs a ``badeucey ...`` command line as a user types it (``python -P -m badeucey_fast``, so
# no script need be on PATH, at a fixed 80-column width) and prints it after a ``$`` prompt, then
# its output: the hidden code of the pages' console sessions, which are real tests of the command.
doctest_global_setup = """
def shell(*commands):
    import os, shlex, subprocess, sys
    env = dict(os.environ, COLUMNS="80")
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "badeucey", command
        done = subprocess.run([sys.executable, "-P", "-m", "badeucey_fast", *argv[1:]],
                              capture_output=True, text=True, env=env, check=False)
        print("$ " + command)
        print(done.stdout + done.stderr, end="")
        if done.returncode:
            print(f"(exit status {done.returncode})")
"""

html_theme = "furo"
html_title = f"badeucey-fast {release}"
html_static_path: list[str] = []
html_show_sourcelink = False


def _typed_signature(app, what, name, obj, options, signature, return_annotation):
    """The one-hand functions are builtins (csrc/bindings/one_hand.c), whose signatures carry no
    types: document them with the types of the Python functions they stand for."""
    import inspect

    from sphinx.util.inspect import stringify_signature

    from badeucey_fast._native import ONE_HAND_FALLBACKS

    fallback = ONE_HAND_FALLBACKS.get(obj) if callable(obj) else None
    if fallback is None:
        return None
    typed = inspect.signature(fallback)  # annotations as written (strings): Sphinx shows them as they are
    returns = typed.return_annotation
    return stringify_signature(typed, show_return_annotation=False), (None if returns is typed.empty else returns)


def _public_signature(app, what, name, obj, options, signature, return_annotation):
    """The rendered signatures show only public parameters: a parameter whose name starts
    with ``_`` (a result's internal fields) is the package's own,
    and a Protocol (:class:`~badeucey_fast.play.bots.Bot`) is documented by its methods, not by a
    constructor signature."""
    from sphinx.util.inspect import signature_from_str, stringify_signature

    if what == "class" and getattr(obj, "_is_protocol", False):
        return "", None
    if not signature or "_" not in signature:
        return None
    try:
        parsed = signature_from_str(signature)
    except SyntaxError:
        return None
    kept = [p for p in parsed.parameters.values() if not p.name.startswith("_")]
    if len(kept) == len(parsed.parameters):
        return None
    return stringify_signature(parsed.replace(parameters=kept), show_return_annotation=False), return_annotation


def _signature(app, what, name, obj, options, signature, return_annotation):
    typed = _typed_signature(app, what, name, obj, options, signature, return_annotation)
    if typed is not None:
        signature, return_annotation = typed
    public = _public_signature(app, what, name, obj, options, signature, return_annotation)
    return public if public is not None else typed


def setup(app):
    app.connect("autodoc-process-signature", _signature)
