"""PHH hand histories, kept as a re-export: every public name of
:mod:`badeucey_fast.play.phh`, whose ``__all__`` is the one list of them."""

from __future__ import annotations

from badeucey_fast.play import phh as _phh
from badeucey_fast.play.phh import *  # noqa: F403

__all__ = list(_phh.__all__)
