"""Argument types shared by the measuring tools (``tools/*_exploitability.py``).

A tool run as ``python tools/NAME.py`` finds this module beside it (Python puts
the script's folder first on ``sys.path``).
"""

from __future__ import annotations

import argparse


def counts(text: str) -> list[int]:
    """An argparse type: whole numbers separated by commas, each 1 or more
    (``1_000`` may be written with underscores)."""
    try:
        values = [int(word.replace("_", "")) for word in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole numbers separated by commas, got {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"every count must be 1 or more, got {text!r}")
    return values
