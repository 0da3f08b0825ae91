"""The native layer: one module imports the compiled core, and the core's typed
stub says what the C headers declare (every name, each function's number of
parameters, nothing more)."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import re
from pathlib import Path
from types import FunctionType, ModuleType
from typing import cast

import pytest

import badeucey_fast as bf
from badeucey_fast import _native
from badeucey_fast._core import ffi, lib

PACKAGE = Path(bf.__file__).resolve().parent
BUILDER = Path(__file__).resolve().parent.parent / "tools" / "build_ffi.py"


def test_only_the_native_layer_imports_the_core() -> None:
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module or ""]
                if node.level:  # relative: ._core, .._core
                    names = [name.lstrip(".") for name in names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if any(name == "_core" or name.endswith("._core") or name.startswith("badeucey_fast._core.") for name in names):
                importers.add(path.relative_to(PACKAGE).as_posix())
    assert importers == {"_native/__init__.py"}


# --------------------------------------------------------------------------- #
# The stub against the headers
# --------------------------------------------------------------------------- #
def builder() -> ModuleType:
    """tools/build_ffi.py, whose cdef() is the text cffi compiles."""
    if not BUILDER.exists():
        pytest.skip("needs the source tree's tools/build_ffi.py")
    spec = importlib.util.spec_from_file_location("build_ffi_for_tests", BUILDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def declared(cdef: str) -> tuple[set[str], dict[str, int]]:
    """The constants (defines and enum values) and the functions (name -> number
    of parameters) that a cdef declares."""
    text = re.sub(r"/\*.*?\*/", " ", cdef, flags=re.S)
    constants = set(re.findall(r"#define\s+(\w+)", text))
    for body in re.findall(r"\benum\s+\w*\s*\{([^}]*)\}", text):
        constants.update(item.split("=")[0].strip() for item in body.split(",") if item.strip())
    text = re.sub(r"#define[^\n]*", " ", text)
    functions = {}
    for name, parameters in re.findall(r"\b(\w+)\s*\(([^()]*)\)\s*;", text):
        words = parameters.strip()
        functions[name] = 0 if words in ("", "void") else words.count(",") + 1
    return constants, functions


def stubbed() -> tuple[set[str], dict[str, int]]:
    """The constants and the functions (name -> number of parameters) of _core.pyi's class _Lib."""
    tree = ast.parse((PACKAGE / "_core.pyi").read_text(encoding="utf-8"))
    (lib_class,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "_Lib"]
    constants, functions = set(), {}
    for node in lib_class.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            constants.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            arguments = node.args
            assert not (arguments.vararg or arguments.kwarg or arguments.kwonlyargs), node.name
            functions[node.name] = len(arguments.posonlyargs) + len(arguments.args) - 1  # less self
    return constants, functions


def test_the_stub_declares_what_the_headers_declare() -> None:
    constants, functions = declared(builder().cdef())
    assert len(functions) > 30 and "bdc_badeucey" in functions and "BDC_FLAG_ID_0_OR_1" in constants
    stub_constants, stub_functions = stubbed()
    assert stub_constants == constants
    assert stub_functions == functions


def test_the_compiled_module_is_built_from_those_headers() -> None:
    constants, functions = declared(builder().cdef())
    assert set(dir(lib)) == constants | set(functions)
    for name, count in functions.items():
        assert len(ffi.typeof(ffi.addressof(lib, name)).args) == count, name


def test_the_headers_are_read_as_declared() -> None:
    constants, functions = declared(
        "/* f(int a); */\n#define BDC_A 1 /* x */\nenum e { BDC_B = -1, BDC_C };\n"
        "typedef struct { int n; const int *p; } s;\nint f(void);\nunsigned g(int a, const uint8_t out[5]);\n"
    )
    assert constants == {"BDC_A", "BDC_B", "BDC_C"}
    assert functions == {"f": 0, "g": 2}


# --------------------------------------------------------------------------- #
# The builtins' signatures, written without inspect
# --------------------------------------------------------------------------- #
def test_a_builtins_signature_text_is_inspects() -> None:
    def plain(cards: object) -> None: ...
    def keyword(cards: object, *, ace_high: bool = False, name: str = "x") -> None: ...
    def positional(a: int, b: int = 2, /, c: int = 3, *, d: int, e: None = None) -> None: ...
    def only_positional(a: int, /) -> None: ...

    for function in (plain, keyword, positional, only_positional):
        text = _native._text_signature(cast(FunctionType, function))
        assert text == str(inspect.signature(function).replace(
            parameters=[parameter.replace(annotation=parameter.empty) for parameter in inspect.signature(function).parameters.values()],
            return_annotation=inspect.Signature.empty,
        ))

    def starred(*cards: int) -> None: ...

    with pytest.raises(TypeError, match="takes \\*args or \\*\\*kwargs"):
        _native._text_signature(cast(FunctionType, starred))


@pytest.mark.parametrize("builtin", list(_native.ONE_HAND_FALLBACKS))
def test_each_builtin_has_its_fallbacks_signature_and_doc(builtin: object) -> None:
    fallback = _native.ONE_HAND_FALLBACKS[builtin]  # type: ignore[index]
    expected = inspect.signature(fallback)
    plain = expected.replace(
        parameters=[parameter.replace(annotation=parameter.empty) for parameter in expected.parameters.values()],
        return_annotation=expected.empty,
    )
    assert inspect.signature(builtin) == plain  # type: ignore[arg-type]
    doc = builtin.__doc__
    assert doc and doc == inspect.cleandoc(doc) and ">>>" in doc


@pytest.mark.parametrize("doc", ["", "One line.", "\n    Indented.\n\n      deeper\n    back\n  ", "First.\n\tTabbed.\n\n"])
def test_a_builtins_doc_is_cleaned_as_inspect_cleans_it(doc: str) -> None:
    assert _native._clean_doc(doc) == inspect.cleandoc(doc)
