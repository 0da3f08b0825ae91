"""PHH hand histories, kept as a re-export of :mod:`badeucey_fast.play.phh`."""

from __future__ import annotations

from badeucey_fast.play.phh import (
    POKERKIT_BETS,
    STANDARD_CODES,
    PokerkitWarning,
    dumps,
    loads,
    pokerkit_actions,
    variant_code,
)

__all__ = ["POKERKIT_BETS", "STANDARD_CODES", "PokerkitWarning", "dumps", "loads", "pokerkit_actions", "variant_code"]
