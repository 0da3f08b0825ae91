"""A table's rules: the game, the blinds, the bets and the cap (:class:`TableRules`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import KW_ONLY, dataclass, fields
from typing import cast

from badeucey_fast._checks import CAP_LIMIT, CHIP_LIMIT, DECK_SIZE, check_chips, check_int
from badeucey_fast.games import Game, get_game

__all__ = ["MAX_DRAWS", "MINI_DECKS", "STRUCTURES", "TableRules"]

MAX_DRAWS = 3
"""Draws in a hand of triple draw (a smaller game may play fewer)."""

_SMALLER_GAME = ("deck", "draws", "max_discard")  # shown by repr() only when set

MINI_DECKS = {4: "As 2s 3s Ah 2h 3h Ad 2d 3d", 5: "2c 3c 4c 5c 7c 2d 3d 4d 5d 7d 6h"}
"""The decks of :meth:`TableRules.mini` by hand size: each the smallest a heads-up
one-card draw allows (two hands and one card)."""

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
    :param big_bet: the fixed-limit bet of rounds 2 and 3 (default: twice the
        small bet, at most ``CHIP_LIMIT``).  Blinds and bets are whole chips,
        at most ``CHIP_LIMIT`` (``2**40``, as any stack; the small blind may be 0).
    :param cap: the bets a fixed-limit round allows, a bet and its raises (in
        round 0 the big blind is the bet); 4 is a bet and three raises; at most
        ``CAP_LIMIT`` (``2**31 - 1``), as ``heads_up_cap``.
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
    :param ante: posted by every seat before the blinds, into the pot and not
        a bet (a seat short of it is all in); 0, the default, is none.  Whole
        chips, at most ``CHIP_LIMIT``; left out of the repr when 0.
    :param deck: the cards in play (card text or ids), or None for all 52;
        stored sorted (None when all 52 are given).  With ``draws`` and
        ``max_discard``, it makes a smaller game for exact solving
        (:meth:`mini`); the C table plays it, the Python engine
        (:class:`~badeucey_fast.play.Hand`) only the full game.
    :param draws: draws in a hand, 1..3 (betting rounds: one more).
    :param max_discard: the most cards a seat may throw in one draw (None:
        its whole hand).
    :raises ValueError: naming a bad setting (a deck too small for two
        seats: every draw must be fillable, so it needs at least two hands
        and ``max_discard`` cards more).
    :raises TypeError: for a deck that is not cards.

    >>> from badeucey_fast.play import TableRules
    >>> TableRules("badugi").big_bet
    4
    >>> TableRules(cap=0)
    Traceback (most recent call last):
    ...
    ValueError: cap must be 1..2147483647, got 0
    >>> TableRules(small_bet=10**20)
    Traceback (most recent call last):
    ...
    ValueError: small_bet must be 1..1,099,511,627,776 chips (2**40, CHIP_LIMIT), got 100000000000000000000
    >>> TableRules("badugi", deck="As 2s 3s 4s Ah 2h 3h 4h", max_discard=1)
    Traceback (most recent call last):
    ...
    ValueError: a deck of 8 cards is too small for two seats of 4 cards drawing up to 1 (at least 9)
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
    ante: int = 0
    deck: tuple[int, ...] | str | Iterable[int] | None = None
    draws: int = MAX_DRAWS
    max_discard: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", get_game(self.game))
        object.__setattr__(self, "small_blind", check_chips(self.small_blind, "small_blind", low=0))
        object.__setattr__(self, "big_blind", check_chips(self.big_blind, "big_blind"))
        if self.small_blind > self.big_blind:
            raise ValueError(f"small_blind ({self.small_blind}) must not exceed big_blind ({self.big_blind})")
        object.__setattr__(self, "ante", check_chips(self.ante, "ante", low=0))
        small = self.big_blind if self.small_bet is None else check_chips(self.small_bet, "small_bet")
        object.__setattr__(self, "small_bet", small)
        big = min(2 * small, CHIP_LIMIT) if self.big_bet is None else check_chips(self.big_bet, "big_bet")
        object.__setattr__(self, "big_bet", big)
        object.__setattr__(self, "cap", check_int(self.cap, "cap", low=1, high=CAP_LIMIT))
        if self.heads_up_cap is not None:
            object.__setattr__(self, "heads_up_cap", check_int(self.heads_up_cap, "heads_up_cap", low=1, high=CAP_LIMIT))
        if self.structure not in STRUCTURES:
            raise ValueError(f"structure must be one of {', '.join(map(repr, STRUCTURES))}, got {self.structure!r}")
        if not isinstance(self.burn, bool):
            raise ValueError(f"burn must be True or False, got {self.burn!r}")  # noqa: TRY004 - the API promises ValueError
        if not isinstance(self.cap_counts_blind, bool):
            raise ValueError(f"cap_counts_blind must be True or False, got {self.cap_counts_blind!r}")  # noqa: TRY004 - the API promises ValueError
        object.__setattr__(self, "draws", check_int(self.draws, "draws", low=1, high=MAX_DRAWS))
        size = cast(Game, self.game).hand_size
        if self.max_discard is not None:
            object.__setattr__(self, "max_discard", check_int(self.max_discard, "max_discard", low=1, high=size))
        if self.deck is not None:
            from badeucey_fast._cards import hand_ids  # the one normalisation of cards (it loads the C core)

            ids = tuple(sorted(hand_ids(self.deck, tuple(range(DECK_SIZE + 1)), "deck")))  # type: ignore[arg-type]
            object.__setattr__(self, "deck", None if len(ids) == DECK_SIZE else ids)
            need = 2 * size + self.discard_limit
            if len(ids) < need:
                raise ValueError(f"a deck of {len(ids)} cards is too small for two seats of {size} cards "
                                 f"drawing up to {self.discard_limit} (at least {need})")

    def __repr__(self) -> str:
        """The fields, leaving out those of a smaller game when they keep the full game's."""
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if f.name not in (*_SMALLER_GAME, "ante") or getattr(self, f.name) != f.default]
        return f"{type(self).__name__}({', '.join(shown)})"

    @classmethod
    def mini(cls, game: Game | str = "badugi") -> TableRules:
        """A small game for exact solving: the same engine and rankings, heads-up,
        one draw of at most one card, fixed limit capped at one bet
        per round (blinds 1 and 2, bets 2).

        The deck is :data:`MINI_DECKS` of the game's hand size: for a four-card
        game (Badugi) nine cards, A-2-3 in three suits, so a draw is the one card
        left after the deal or, for the second seat to draw, the first seat's
        discard; hands tie often (the pot is split).  A five-card game (the
        split games, 2-7, A-5) takes eleven cards and is a much larger tree.

        :param game: a game name or :class:`~badeucey_fast.games.Game`.

        >>> from badeucey_fast.play import TableRules
        >>> rules = TableRules.mini()
        >>> rules.deck_size, rules.draws, rules.max_discard, rules.max_seats
        (9, 1, 1, 2)
        >>> TableRules.mini("nope")
        Traceback (most recent call last):
        ...
        ValueError: unknown game 'nope' (known: badeucey, badacey, badugi, deuce_seven, ace_five)
        """
        chosen = get_game(game)
        return cls(chosen, small_blind=1, big_blind=2, cap=1, heads_up_cap=1,
                   deck=MINI_DECKS[chosen.hand_size], draws=1, max_discard=1)

    @property
    def max_seats(self) -> int:
        """The most seats the game allows: 10 for Badugi (4 cards), 8 for five-card
        games, and with a smaller deck as many as leave ``max_discard`` cards
        out of the hands, so that every draw can be filled."""
        size = cast(Game, self.game).hand_size
        most = 10 if size == 4 else 8
        return min(most, (self.deck_size - self.discard_limit) // size)

    @property
    def deck_size(self) -> int:
        """Cards in play."""
        return DECK_SIZE if self.deck is None else len(cast(tuple[int, ...], self.deck))

    @property
    def discard_limit(self) -> int:
        """The most cards a seat may throw in one draw."""
        return cast(Game, self.game).hand_size if self.max_discard is None else self.max_discard

    @property
    def is_full_game(self) -> bool:
        """True for the whole deck, three draws and any discard: the game the Python engine plays."""
        return self.deck is None and self.draws == MAX_DRAWS and self.max_discard is None
