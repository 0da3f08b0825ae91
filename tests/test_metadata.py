"""Project metadata that is written in more than one file agrees."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the package's metadata, no C
pytestmark = pytest.mark.no_sanitize

ROOT = Path(__file__).resolve().parent.parent


def test_citation_names_the_installed_version() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert text.startswith("cff-version: 1.2.0\n")
    found = re.findall(r'^version: "([^"]+)"$', text, flags=re.MULTILINE)
    assert found == [version("badeucey-fast")]


def test_changelog_has_one_unreleased_section_above_the_versions() -> None:
    headings = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert headings[0] == "Unreleased"
    assert headings.count("Unreleased") == 1
    assert version("badeucey-fast") in headings


def test_readme_points_to_the_docs_not_to_files_the_package_does_not_ship() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "shared/" not in readme and "RULES.md" not in readme
    assert "docs/" in readme


def _imported_packages(folder: Path) -> set[str]:
    """The top-level names of every package the files under ``folder`` import, lazily or
    for type checking only, except the standard library's and the project's own (the package
    and the folder's own modules, which a tool run from there imports)."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"badeucey_fast"} - {path.stem for path in folder.glob("*.py")}


def test_the_lint_extra_lets_mypy_see_every_import() -> None:
    """README's ``pip install ".[lint]" && mypy --strict badeucey_fast tools`` passes in a
    fresh venv: every package the checked code imports is installed by the lint extra,
    or mypy is told it may be missing (an override with ``ignore_missing_imports``)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installed = {
        re.split(r"[^A-Za-z0-9_.-]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        for requirement in config["project"]["optional-dependencies"]["lint"]
    }
    may_be_missing = {
        module.split(".")[0]
        for override in config["tool"]["mypy"].get("overrides", [])
        if override.get("ignore_missing_imports")
        for module in override["module"]
    }
    imported = _imported_packages(ROOT / "badeucey_fast") | _imported_packages(ROOT / "tools")
    assert "pokerkit" in imported  # convert.py and playout.py: the imports this test was written for
    unseen = {name for name in imported if name.replace("_", "-") not in installed and name not in may_be_missing}
    assert not unseen, f"mypy cannot find {sorted(unseen)} in a venv with only the lint extra"


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    """setuptools ships only the packages pyproject lists: a subpackage left out works from a
    clone (and an editable install) but is missing from the sdist's and the wheel's installs."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "badeucey_fast").rglob("__init__.py")
    }
    assert listed == on_disk


_DISTRIBUTIONS = {"pyspiel": "open-spiel", "open_spiel": "open-spiel"}
"""Import names whose distribution on PyPI is named otherwise."""


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[^A-Za-z0-9_.-]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def _module_file(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path / "__init__.py", path.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _packages_loaded_by(modules: set[str]) -> set[str]:
    """The top-level names of the packages that importing ``modules`` loads, except the standard
    library's: the imports at the top level of each file (in a ``try`` too, not inside a function
    or ``if TYPE_CHECKING``), followed through the project's own modules and their parents."""
    outside: set[str] = set()
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        if parts[0] != "badeucey_fast":
            if parts[0] not in sys.stdlib_module_names:
                outside.add(parts[0])
            continue
        for prefix in (".".join(parts[:i]) for i in range(1, len(parts) + 1)):
            path = _module_file(prefix)
            if prefix in seen or path is None:
                continue
            seen.add(prefix)
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                for statement in node.body if isinstance(node, ast.Try) else [node]:
                    if isinstance(statement, ast.Import):
                        todo += [alias.name for alias in statement.names]
                    elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
                        todo += [statement.module, *(f"{statement.module}.{alias.name}" for alias in statement.names)]
    return outside


def _docs_imports() -> set[str]:
    """What the documentation build imports: the objects autodoc documents, and the modules the
    pages' code imports (their examples, which ``-b doctest`` runs, and the code blocks shown)."""
    names: set[str] = set()
    for page in (ROOT / "docs").glob("*.rst"):
        text = page.read_text(encoding="utf-8")
        names.update(re.findall(r"^\.\. auto\w+:: ([\w.]+)", text, flags=re.MULTILINE))
        for statement in re.findall(r"^\s*(?:>>> )?((?:from|import) [\w.]+.*)$", text, flags=re.MULTILINE):
            try:
                tree = ast.parse(statement)
            except SyntaxError:  # prose that starts with "from"
                continue
            for node in tree.body:
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names.add(node.module)
    return names


def test_the_docs_extra_installs_what_the_docs_build_imports() -> None:
    """``pip install ".[docs]"`` alone lets ``sphinx-build -W -b html`` and ``-b doctest`` run: every
    package that autodoc's modules and the pages' examples load is a dependency or in the extra
    (CI builds the docs in a venv with only that extra, .ci/run's docs step)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    installed = _requirement_names(project["dependencies"] + project["optional-dependencies"]["docs"])
    loaded = _packages_loaded_by(_docs_imports())
    assert {"numpy", "pyspiel"} <= loaded  # the rankings' batches; the OpenSpiel game autodoc shows
    missing = {name for name in loaded if _DISTRIBUTIONS.get(name, name).replace("_", "-").lower() not in installed}
    assert not missing, f"the docs build imports {sorted(missing)}, which the docs extra does not install"


def test_the_openspiel_extra_holds_only_what_the_game_needs() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert _requirement_names(extras["openspiel"]) == {"open-spiel"}
