"""Project metadata that is written in more than one file agrees."""

from __future__ import annotations

import re
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
