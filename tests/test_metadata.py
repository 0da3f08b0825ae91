"""Project metadata that is written in more than one file agrees."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

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
    for type checking only, except the standard library's and the project's own."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"badeucey_fast"}


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
