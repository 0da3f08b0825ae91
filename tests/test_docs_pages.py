"""The documentation's examples as a reader copies them, against the installed package.

- Every page's ``>>>`` examples run with plain doctest (``python -m doctest -o ELLIPSIS
  docs/PAGE.rst``: an empty namespace per page, nothing from docs/conf.py, no hidden setup).
- Every import the README, the pages and the docstrings' examples show imports, and every dotted
  name ``badeucey_fast.x.y`` the README and the pages show is there; the re-export modules give
  every public name of the modules they stand for.
- Every interactive block pastes into the Python REPL as shown: a compound statement ends with a
  blank line (``...`` alone in a doctest) before the next statement.
- The columns of ``badeucey chart --csv`` are explained where the option is.
"""

from __future__ import annotations

import code
import doctest
import importlib
import re
from pathlib import Path
from types import CodeType

import pytest

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the pages' examples call
# what the modules' tests call
pytestmark = pytest.mark.no_sanitize

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.rst"))


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_page_examples_run_with_plain_doctest(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    failed, _ = doctest.testfile(str(page), module_relative=False, globs={}, optionflags=doctest.ELLIPSIS,
                                 encoding="utf-8")
    assert failed == 0, capsys.readouterr().out


def test_no_page_hides_setup() -> None:
    """The pages' examples get nothing they do not show: no ``testsetup`` block, and conf.py's
    global doctest setup imports nothing of the package (it defines only ``shell``, which runs the
    command lines the pages show as console sessions)."""
    for page in PAGES:
        assert ".. testsetup::" not in _text(page), page.name
    setup = _text(ROOT / "docs" / "conf.py").split('doctest_global_setup = """', 1)[1].split('"""', 1)[0]
    assert "badeucey_fast" not in setup.replace('"badeucey_fast"', "")  # the module `python -m` runs


def test_sphinx_runs_every_page_example() -> None:
    """conf.py has Sphinx run the pages' ``doctest`` blocks only (the docstrings run with their
    modules): a ``>>>`` example outside one would be left out of ``sphinx-build -b doctest``."""
    outside = []
    for page in PAGES:
        block = ""
        for number, line in enumerate(_text(page).splitlines(), 1):
            if line and not line.startswith(" "):
                block = line
            if line.lstrip().startswith(">>>") and not block.startswith(".. doctest::"):
                outside.append(f"{page.name}:{number}")
    assert not outside


# --------------------------------------------------------------------------- #
# Imports and dotted names
# --------------------------------------------------------------------------- #
_NAME = r"\w+(?: as \w+)?"
_IMPORT = re.compile(rf"\b(from badeucey_fast(?:\.\w+)* import (?:\*|{_NAME}(?:, {_NAME})*)|import badeucey_fast(?:\.\w+)*(?: as \w+)?)")
_DOTTED = re.compile(r"\bbadeucey_fast(?:\.\w+)+")
_SOURCES = [README, *PAGES]


def _imports() -> list[tuple[str, str]]:
    """The import statements of the README and the pages, and of the package's docstring examples."""
    found = []
    modules = sorted((ROOT / "badeucey_fast").rglob("*.py"))
    for path in [*_SOURCES, *modules]:
        for number, line in enumerate(_text(path).splitlines(), 1):
            if path in modules and ">>> " not in line:
                continue  # the package's own imports: only its examples' count here
            statements = _IMPORT.findall(line)
            if "from badeucey_fast" in line:
                assert statements, f"{path.name}:{number}: an import this test cannot read: {line.strip()}"
            found += [(f"{path.relative_to(ROOT)}:{number}", statement) for statement in statements]
    return sorted(set(found), key=lambda item: (item[1], item[0]))


IMPORTS = _imports()


def test_the_imports_are_found() -> None:
    statements = {statement for _, statement in IMPORTS}
    assert "from badeucey_fast.bots import DrawingBot" in statements
    assert "import badeucey_fast as bf" in statements
    assert any(where.startswith("badeucey_fast/") for where, _ in IMPORTS)  # the docstrings'


@pytest.mark.parametrize(("where", "statement"), IMPORTS, ids=[f"{w} {s}" for w, s in IMPORTS])
def test_every_import_the_docs_show_imports(where: str, statement: str) -> None:
    if statement.startswith("import badeucey_fast.openspiel"):
        pytest.importorskip("pyspiel")  # the openspiel extra
    exec(statement, {})  # noqa: S102 - our own documentation


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError as error:
            if error.name in ("pyspiel", "open_spiel"):
                return True  # the openspiel extra is not installed: nothing to check
            continue
        for attribute in parts[split:]:
            if not hasattr(value, attribute):
                return False
            value = getattr(value, attribute)
        return True
    return False


def test_every_dotted_name_the_docs_show_is_there() -> None:
    """``badeucey_fast.play.selfplay``, ``:class:`~badeucey_fast.jobs.JobError``` and the like:
    each names a module, or an attribute of one, that exists."""
    missing = []
    for path in _SOURCES:
        for number, line in enumerate(_text(path).splitlines(), 1):
            for dotted in _DOTTED.findall(line):
                if not _resolves(dotted):
                    missing.append(f"{path.name}:{number}: {dotted}")
    assert not missing, "\n".join(missing)


# --------------------------------------------------------------------------- #
# Pasting into the REPL
# --------------------------------------------------------------------------- #
class _Paste(code.InteractiveConsole):
    """The classic REPL reading pasted lines, compiling each statement as it completes and
    running none: what a reader who pastes a block meets before anything runs."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list[str] = []
        self.line = ""

    def runcode(self, code: CodeType) -> None:
        pass

    def showsyntaxerror(self, filename: str | None = None, **kwargs: object) -> None:
        self.errors.append(f"SyntaxError at {self.line!r}")

    def paste(self, lines: list[str]) -> bool:
        """Push ``lines``; whether the REPL still waits for more (a statement left open)."""
        more = False
        for self.line in lines:
            more = self.push(self.line)
        return more


def _readme_blocks() -> list[tuple[str, list[str]]]:
    blocks = []
    text = _text(README)
    for number, block in enumerate(text.split("```python\n")[1:], 1):
        blocks.append((f"README.md python block {number}", block.split("```", 1)[0].splitlines()))
    return blocks


def _page_scripts() -> list[tuple[str, list[str]]]:
    """The pages' Python shown without prompts: ``code-block:: python`` and visible ``testcode``."""
    blocks = []
    for page in PAGES:
        lines = _text(page).splitlines()
        for number, line in enumerate(lines):
            if line.strip() not in (".. code-block:: python", ".. testcode::"):
                continue
            body = []
            for following in lines[number + 1:]:
                if following and not following.startswith("   "):
                    break
                body.append(following[3:])
            if any(option.strip() == ":hide:" for option in body if option.strip().startswith(":")):
                continue
            blocks.append((f"{page.name}:{number + 1}", [b for b in body if not b.startswith(":")]))
    return blocks


def test_python_blocks_paste_into_the_repl() -> None:
    """The README's Python blocks and the pages' (shown without prompts) paste into the REPL."""
    blocks = [*_readme_blocks(), *_page_scripts()]
    assert len(blocks) >= 6
    problems = []
    for where, lines in blocks:
        paste = _Paste()
        more = paste.paste(lines)
        problems += [f"{where}: {error}" for error in paste.errors]
        if more:
            paste.paste([""])  # the blank line the REPL needs after a last compound statement
            problems += [f"{where}: {error}" for error in paste.errors]
    assert not problems, "\n".join(problems)


def _source_lines(lines: list[str], example: doctest.Example) -> list[str]:
    """The example's input as written, its ``...``-only lines as blank lines (doctest's own
    ``example.source`` drops a last blank line, the one the REPL needs)."""
    prompt = " " * example.indent + "..."
    source = [lines[example.lineno][example.indent + 4:]]
    for line in lines[example.lineno + 1:]:
        if line != prompt and not line.startswith(prompt + " "):
            break
        source.append(line[example.indent + 4:])
    return source


@pytest.mark.parametrize("path", [README, *PAGES], ids=lambda path: path.name)
def test_doctest_blocks_paste_into_the_repl(path: Path) -> None:
    """Each ``>>>`` example is a complete input of the REPL: a compound statement (``for``,
    ``while``, ``with``, a ``def``) ends with ``...`` alone, the blank line the REPL needs."""
    problems = []
    text = _text(path)
    lines = text.splitlines()
    for example in doctest.DocTestParser().get_examples(text, path.name):
        paste = _Paste()
        where = f"{path.name}:{example.lineno + 1}"
        source = _source_lines(lines, example)
        if paste.paste(source):
            problems.append(f"{where}: the REPL waits for more after {source[-1]!r} "
                            "(end the statement with a line holding only '...')")
        problems += [f"{where}: {error}" for error in paste.errors]
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------------------- #
# One home, many doors: the re-export modules give every public name of what they stand for
# --------------------------------------------------------------------------- #
REEXPORTS = {
    "badeucey_fast.bots": ("badeucey_fast.play.bots", "badeucey_fast.play.matches"),
    "badeucey_fast.engine": ("badeucey_fast.play.rules", "badeucey_fast.play.events", "badeucey_fast.play.view",
                             "badeucey_fast.play.hand", "badeucey_fast.play.scripts"),
    "badeucey_fast.phh": ("badeucey_fast.play.phh",),
}


@pytest.mark.parametrize("name", sorted(REEXPORTS))
def test_a_re_export_module_gives_every_public_name_of_its_sources(name: str) -> None:
    module = importlib.import_module(name)
    expected = {}
    for source_name in REEXPORTS[name]:
        source = importlib.import_module(source_name)
        assert hasattr(source, "__all__"), f"{source_name} lists no public names"
        expected.update((public, getattr(source, public)) for public in source.__all__)
    assert sorted(module.__all__) == sorted(expected)
    for public, value in expected.items():
        assert getattr(module, public) is value, public
    exec(f"from {name} import {', '.join(expected)}", {})  # noqa: S102



def test_the_chart_csv_columns_are_explained(tmp_path: Path) -> None:
    """Every column ``badeucey chart --csv`` writes is named where docs/cli.rst describes the
    option, and its ``score`` is the figure the page says: here, without a target, each half's mean
    rank over its number of classes, averaged."""
    from badeucey_fast.jobs import InlineExecutor, discard_chart

    text = _text(ROOT / "docs" / "cli.rst")
    chart_section = text[text.index(".. program:: badeucey chart"):]
    described = chart_section[chart_section.index(".. option:: --csv FILE"):chart_section.index(".. option:: --workers N")]
    columns = set()
    for game, hand, target in (("badeucey", "Ks Qh 9d 8c 2s", None), ("badugi", "As 2c 3d Ks", "badugi")):
        chart = discard_chart(game, hands=[hand], target=target, executor=InlineExecutor())
        chart.to_csv(tmp_path / "chart.csv")
        header, best = (tmp_path / "chart.csv").read_text(encoding="utf-8").splitlines()[:2]
        columns.update(header.split(","))
        row = dict(zip(header.split(","), best.split(",")))
        if target is None:
            expected = (float(row["mean_badugi"]) / 1092 + float(row["mean_low"]) / 7462) / 2
        else:
            expected = -float(row["probability"])
        assert float(row["score"]) == pytest.approx(expected, rel=1e-12)
    assert {"score", "probability", "mean_badugi", "mean_low", "exact"} <= columns
    assert not [column for column in columns if f"``{column}``" not in described]
