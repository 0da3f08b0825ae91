"""A table's rules: the game, the blinds, the bets and the cap (:class:`TableRules`)."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import cast

from badeucey_fast._checks import check_int
from badeucey_fast.games import Game, get_game

STRUCTURES = ("fixed", "pot", "no")
"""Betting structures: fixed limit, pot limit, no limit."""


@dataclass(frozen=True)
class TableRules:
    """How a table plays: the game, the blinds, the bets and the cap.

    :param game: a game name or a :class:`~badeucey_fast.games.Game` (a house
        variant with qualifiers or another ``odd_chip`` plays as it says);
        stored as the :class:`Game`.
    :param small_blind: posted by the first seat left of the button (heads-up:
        the button).
    :param big_blind: posted by the next seat; it is live.
    :param small_bet: the fixed-limit bet of rounds 0 and 1 (default: the big blind).
    :param big_bet: the fixed-limit bet of rounds 2 and 3 (default: twice the small bet).
    :param cap: the bets a fixed-limit round allows, a bet and its raises (in
        round 0 the big blind is the bet); 4 is a bet and three raises.
    :param heads_up_cap: the cap when only two players are in the hand as the
        round begins (None: no cap, as docs/rules.rst says).
    :param structure: ``"fixed"``, ``"pot"`` or ``"no"``; pot and no limit have
        no cap.
    :param burn: burn one card at the start of every draw.
    :param cap_counts_blind: whether the big blind counts as round 0's bet
        toward the cap (True, docs/rules.rst: a cap of 4 allows three raises
        after the big blind).  False counts only the bets and raises made, as
        pokerkit does for the PHH codes ``FB`` and ``F2L3D``: a cap of 4 then
        allows four raises after the big blind (:func:`~badeucey_fast.play.phh.loads`
        picks it for another program's history of those codes).
    :raises ValueError: naming a bad setting.

    >>> TableRules("badugi").big_bet
    4
    >>> TableRules(cap=0)
    Traceback (most recent call last):
    ...
    ValueError: cap must be at least 1, got 0
    """

    game: Game | str = "badeucey"
    _: KW_ONLY
    small_blind: int = 1
    big_blind: int = 2
    small_bet: int | None = None
    big_bet: int | None = None
    cap: int = 4
    heads_up_cap: int | None = None
    structure: str = "fixed"
    burn: bool = False
    cap_counts_blind: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", get_game(self.game))
        object.__setattr__(self, "small_blind", check_int(self.small_blind, "small_blind", low=0))
        object.__setattr__(self, "big_blind", check_int(self.big_blind, "big_blind", low=1))
        if self.small_blind > self.big_blind:
            raise ValueError(f"small_blind ({self.small_blind}) must not exceed big_blind ({self.big_blind})")
        small = self.big_blind if self.small_bet is None else check_int(self.small_bet, "small_bet", low=1)
        object.__setattr__(self, "small_bet", small)
        object.__setattr__(self, "big_bet", 2 * small if self.big_bet is None else check_int(self.big_bet, "big_bet", low=1))
        object.__setattr__(self, "cap", check_int(self.cap, "cap", low=1))
        if self.heads_up_cap is not None:
            object.__setattr__(self, "heads_up_cap", check_int(self.heads_up_cap, "heads_up_cap", low=1))
        if self.structure not in STRUCTURES:
            raise ValueError(f"structure must be one of {', '.join(map(repr, STRUCTURES))}, got {self.structure!r}")
        if not isinstance(self.burn, bool):
            raise ValueError(f"burn must be True or False, got {self.burn!r}")  # noqa: TRY004 - the API promises ValueError
        if not isinstance(self.cap_counts_blind, bool):
            raise ValueError(f"cap_counts_blind must be True or False, got {self.cap_counts_blind!r}")  # noqa: TRY004 - the API promises ValueError

    @property
    def max_seats(self) -> int:
        """The most seats the game allows: 10 for Badugi (4 cards), 8 for five-card games."""
        return 10 if cast(Game, self.game).hand_size == 4 else 8
