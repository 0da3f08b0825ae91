"""The result of a match (:func:`~badeucey_fast.play.matches.play_match` and
:func:`~badeucey_fast.play.self_play.selfplay`): its own module, so that both
runners use it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["MatchResult"]


@dataclass(frozen=True)
class MatchResult:
    """The outcome of :func:`play_match`, indexed like the ``bots`` it was given.

    The confidence intervals treat each **deal** as the independent unit: in
    duplicate play a deal is all its rotations together (their results are
    strongly correlated, that is the point), so each bot's result per deal is
    the mean of its results over the deal's hands, in milli-big-blinds.  The
    interval is the mean of those per-deal results plus or minus 1.96 times
    their sample standard deviation over the square root of the number of
    deals (normal approximation; NaN with fewer than two deals).  The mean
    and the deviation come from running sums kept per chunk, so a match takes
    the same memory however many deals it plays (unless it keeps ``per_deal``).
    """

    bots: tuple[str, ...]
    """Each bot's name (:func:`~badeucey_fast.play.bots.bot_name`: its ``name``,
    else its ``repr`` when its class writes one, else its class name)."""
    game: str
    hands: int
    """Hands played (in duplicate, deals times seats)."""
    deals: int
    duplicate: bool
    seed: int
    """The seed (drawn at random when none was given): passing it again replays the match."""
    mbb_per_hand: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...]
    per_deal: npt.NDArray[np.float64] = field(repr=False, compare=False)
    """Each deal's result per bot, mbb per hand (the sample the intervals come
    from): a read-only array of shape (deals, bots), 8 bytes a deal and bot;
    empty, shape (0, bots), for a match played with ``keep_deals=False``."""

    def __repr__(self) -> str:
        bots = ", ".join(f"{b} {m:+.1f}" for b, m in zip(self.bots, self.mbb_per_hand, strict=True))
        return f"<MatchResult {self.game}: {self.hands:,} hands, seed {self.seed}; mbb/hand {bots}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (without the per-deal results)."""
        return {
            "game": self.game,
            "hands": self.hands,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "bots": [
                {"bot": b, "mbb_per_hand": m, "ci95": list(c)}
                for b, m, c in zip(self.bots, self.mbb_per_hand, self.ci95, strict=True)
            ],
        }

    def __str__(self) -> str:
        kind = "duplicate " if self.duplicate else ""
        lines = [f"{self.game}: {self.hands:,} {kind}hands ({self.deals:,} deals), seed {self.seed}"]
        width = max(len(b) for b in self.bots)
        for i, (b, m, (lo, hi)) in enumerate(zip(self.bots, self.mbb_per_hand, self.ci95, strict=True)):
            lines.append(f"  {i}: {b:<{width}}  {m:+9.1f} mbb/hand  95% CI [{lo:+.1f}, {hi:+.1f}]")
        return "\n".join(lines)
