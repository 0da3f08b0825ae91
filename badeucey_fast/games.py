"""The games: which rankings judge a hand, and comparing two hands.

=============  =====  ===========================  ===================
game           cards  Badugi half                  low half
=============  =====  ===========================  ===================
``badeucey``   5      Badugi, aces high            deuce-to-seven
``badacey``    5      Badugi, aces low             ace-to-five
``badugi``     4      Badugi, aces low             (none)
``deuce_seven`` 5     (none)                       deuce-to-seven
``ace_five``   5      (none)                       ace-to-five
=============  =====  ===========================  ===================
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, Union, overload

from badeucey_fast._checks import check_int
from badeucey_fast._native import RANKINGS, SPLIT_SHIFT, Ranking
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast import rankings

if TYPE_CHECKING:  # numpy is imported by the first batch call, not at import time
    import numpy as np
    import numpy.typing as npt

Ranks = tuple[int, ...]
"""A hand's rank in each half of its game, in the order of :attr:`Game.halves` (lower is better)."""
Ranker = Callable[[Sequence[int]], Ranks]
"""A game's ranker (:meth:`Game.ranker`): checked card ids in, their :data:`Ranks` out."""
BatchRanker = Callable[["npt.NDArray[np.uint8]"], "tuple[npt.NDArray[np.uint16], ...]"]
"""A game's batch ranker (:meth:`Game.batch_ranker`): hands in, one rank array per half out."""

BadugiAces = Literal["low", "high"]
LowRanking = Literal["deuce_seven", "ace_five"]
Half = Literal["badugi", "low"]


@dataclass(frozen=True)
class Game:
    """A game's rule set: the hand size, the ranking of each half, and how a
    split pot is settled.

    A game with both halves is a split-pot game; a game with one is a
    single-winner game.  Vary a built-in game with :func:`dataclasses.replace`,
    e.g. ``replace(GAMES["badeucey"], badugi="low", low_qualifier=...)``.
    A qualifier that is not an integer is a TypeError, one outside its half's
    ranks a ValueError (the package's rule for integers, :mod:`badeucey_fast._checks`).
    """

    name: str
    hand_size: int
    badugi: BadugiAces | None
    """Ace convention of the Badugi half, or None if the game has none."""
    low: LowRanking | None
    """Ranking of the five-card low half, or None if the game has none."""
    odd_chip: Half = "low"
    """Split games: the half that gets the odd chip of an odd pot (docs/rules.rst: the
    2-7 / low half by default)."""
    badugi_qualifier: int | None = None
    """Worst Badugi rank that may win the Badugi half (None: no qualifier)."""
    low_qualifier: int | None = None
    """Worst low rank that may win the low half (None: no qualifier).  With no
    qualifying hand in a half, the other half's winners take the whole pot."""

    def __post_init__(self) -> None:
        if self.badugi is None and self.low is None:
            raise ValueError(f"game {self.name!r} has neither a Badugi nor a low half")
        if self.badugi not in (None, "low", "high"):
            raise ValueError(f"game {self.name!r}: badugi must be 'low', 'high' or None, got {self.badugi!r}")
        if self.low not in (None, "deuce_seven", "ace_five"):
            raise ValueError(f"game {self.name!r}: low must be 'deuce_seven', 'ace_five' or None, got {self.low!r}")
        sizes = (4, 5) if self.low is None else (5,)
        if self.hand_size not in sizes:
            raise ValueError(f"game {self.name!r}: hand_size must be one of {sizes}, got {self.hand_size}")
        if self.odd_chip not in ("badugi", "low"):
            raise ValueError(f"game {self.name!r}: odd_chip must be 'badugi' or 'low', got {self.odd_chip!r}")
        for half, qualifier in (("badugi", self.badugi_qualifier), ("low", self.low_qualifier)):
            if qualifier is None:
                continue
            if half not in self.halves:
                raise ValueError(f"game {self.name!r} has no {half} half to qualify")
            scale = self.scale(half)
            rank = check_int(qualifier, f"game {self.name!r}: {half}_qualifier", expected="a rank or None")
            if not 1 <= rank <= scale:
                raise ValueError(f"game {self.name!r}: {half}_qualifier must be a rank in 1..{scale}, got {qualifier!r}")
            object.__setattr__(self, f"{half}_qualifier", rank)  # a numpy integer is kept as a plain int

    def __repr__(self) -> str:
        """``Game('badeucey')`` for a built-in game; a variant lists what differs from
        the built-in game of its name (every field for a new name)."""
        base = GAMES.get(self.name)
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.name != "name" and (base is None or getattr(self, f.name) != getattr(base, f.name))
        ]
        return f"Game({', '.join([repr(self.name), *shown])})"

    def to_dict(self) -> dict[str, object]:
        """Every field by name (JSON-ready); ``Game(**d)`` rebuilds the game."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def ranking(self, half: Half) -> Ranking:
        """The ranking that judges a half: ``badugi_low``, ``badugi_high``, ``deuce_seven`` or ``ace_five``."""
        rule = self.badugi if half == "badugi" else self.low
        if rule is None:
            raise ValueError(f"game {self.name!r} has no {half} half")
        return f"badugi_{rule}" if half == "badugi" else rule  # type: ignore[return-value]

    def scale(self, half: Half) -> int:
        """The number of classes of a half's ranking (its worst rank)."""
        return RANKINGS[self.ranking(half)].scale

    def label(self, half: Half) -> str:
        """A half's label in tables: ``Badugi``, ``2-7`` or ``A-5``."""
        return RANKINGS[self.ranking(half)].short

    def qualifier(self, half: Half) -> int | None:
        """The worst rank that may win a half, or None for no qualifier."""
        return self.badugi_qualifier if half == "badugi" else self.low_qualifier

    @property
    def halves(self) -> tuple[Half, ...]:
        """Names of the halves, in order: ``("badugi", "low")``, ``("badugi",)`` or ``("low",)``."""
        halves: tuple[Half, ...] = ("badugi", "low")
        return tuple(h for h, rule in zip(halves, (self.badugi, self.low)) if rule is not None)

    @property
    def is_split(self) -> bool:
        """True when the pot is split between a Badugi half and a low half."""
        return len(self.halves) == 2

    def ranks(self, cards: CardsLike) -> Ranks:
        """The hand's rank in each half, in the order of :attr:`halves` (lower is better).

        >>> from badeucey_fast import GAMES
        >>> GAMES["badeucey"].ranks("7s 5h 4d 3c 2s")
        (1, 1)
        >>> GAMES["badugi"].ranks("7s 5h 4d 3c 2s")
        Traceback (most recent call last):
        ...
        ValueError: badugi takes 4 cards, got 5
        """
        return _ranker(self)(hand_ids(cards, (self.hand_size,), self.name))

    def ranker(self) -> Ranker:
        """The one function that ranks this game's hands: a tuple or list of
        checked card ids (the game's hand size, valid, distinct: it does not
        check them) -> their :data:`Ranks`, in as few C calls as the core
        allows (one for Badeucey and Badacey).  Made once per game; every
        module that ranks a game's hands one at a time takes it from here.

        >>> from badeucey_fast import GAMES
        >>> GAMES["badacey"].ranker()((12, 9, 6, 3, 49))  # 5c 4d 3h 2s Ad
        (2, 1)
        """
        return _ranker(self)

    def batch_ranker(self) -> BatchRanker:
        """The one function that ranks many of this game's hands: a C-contiguous
        ``uint8`` array of shape (N, hand size) -> a ``uint16`` array of shape
        (N,) per half, in the order of :attr:`halves` (the batch functions'
        checks and errors).  Made once per game.

        >>> from badeucey_fast import GAMES
        >>> import numpy as np
        >>> GAMES["badeucey"].batch_ranker()(np.array([[23, 14, 9, 4, 3]], dtype=np.uint8))
        (array([1], dtype=uint16), array([1], dtype=uint16))
        """
        return _batch_ranker(self)


_R = TypeVar("_R")
_PER_GAME_KEPT = 256  # games kept by each function (five built-in games and a few variants)


def per_game(make: Callable[[Game], _R]) -> Callable[[Game], _R]:
    """Keep what ``make`` works out from a game alone, by the game's identity: a
    frozen dataclass hashes all eight of its fields, a cost on every call that
    ``functools.cache`` would pay.  Each function keeps its own values, by the
    game's ``id`` alone (a key of one int: no tuple to build and hash)."""
    values: dict[int, tuple[Game, _R]] = {}

    def kept(rules: Game) -> _R:
        entry = values.get(id(rules))
        if entry is not None and entry[0] is rules:
            return entry[1]
        value = make(rules)
        if len(values) >= _PER_GAME_KEPT:
            values.clear()
        values[id(rules)] = (rules, value)  # the game kept with it: its id is not reused while kept
        return value

    return functools.wraps(make)(kept)


@per_game
def _ranker(rules: Game) -> Ranker:
    """:meth:`Game.ranker`: the flagged C entry points (a rank, with a mark on a
    hand holding card 0 or 1 that is taken off here), the split ones for the
    two split games."""
    flag, shift, low_mask = rankings.FLAG, SPLIT_SHIFT, rankings.LOW_MASK

    def packed(c_function: Callable[..., int]) -> Ranker:
        def rank(ids: Sequence[int]) -> Ranks:
            value = c_function(*ids)
            if value >= flag:
                value -= flag
            return (value >> shift, value & low_mask)

        return rank

    def single(c_function: Callable[..., int]) -> Callable[[Sequence[int]], int]:
        def rank(ids: Sequence[int]) -> int:
            value = c_function(*ids)
            return value - flag if value >= flag else value

        return rank

    if rules.is_split:
        split = rankings.FLAGGED_SPLIT.get((rules.ranking("badugi"), rules.ranking("low")))
        if split is not None:
            return packed(split)
    parts = [single(rankings.FLAGGED[rules.ranking(half), rules.hand_size]) for half in rules.halves]
    if len(parts) == 1:
        (one,) = parts

        def ranker(ids: Sequence[int]) -> Ranks:
            return (one(ids),)

        return ranker
    first, second = parts

    def both(ids: Sequence[int]) -> Ranks:
        return (first(ids), second(ids))

    return both


@per_game
def _batch_ranker(rules: Game) -> BatchRanker:
    """:meth:`Game.batch_ranker`: each half's batch function of :mod:`badeucey_fast.rankings`."""
    functions = [rankings.BATCH[rules.ranking(half)] for half in rules.halves]

    def rank(hands: Any) -> tuple[Any, ...]:
        return tuple([function(hands) for function in functions])

    return rank


BADEUCEY = Game("badeucey", 5, badugi="high", low="deuce_seven")
BADACEY = Game("badacey", 5, badugi="low", low="ace_five")
BADUGI = Game("badugi", 4, badugi="low", low=None)
DEUCE_SEVEN = Game("deuce_seven", 5, badugi=None, low="deuce_seven")
ACE_FIVE = Game("ace_five", 5, badugi=None, low="ace_five")

GAMES: dict[str, Game] = {g.name: g for g in (BADEUCEY, BADACEY, BADUGI, DEUCE_SEVEN, ACE_FIVE)}
"""The built-in games by name."""


def get_game(game: str | Game) -> Game:
    """A :class:`Game` from its name (or the game itself).

    >>> from badeucey_fast import get_game
    >>> get_game("badacey").low
    'ace_five'
    >>> get_game("holdem")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'holdem' (known: badeucey, badacey, badugi, deuce_seven, ace_five)
    """
    if type(game) is not str:  # (a name, the usual call, takes no isinstance call)
        if isinstance(game, Game):
            return game
        if not isinstance(game, str):
            raise TypeError(f"game must be a name or a Game, not {type(game).__name__}")
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})") from None


class SplitComparison(NamedTuple):
    """Result of comparing two hands in a split game, per half:
    ``1`` the first hand wins the half, ``-1`` the second, ``0`` they tie.

    A comparison has two answers, so it has no truth value: ``if
    compare(a, b):`` raises :class:`TypeError` (a plain tuple would be true
    even for ``(0, 0)``, a tie in both halves).  Test a half (``.badugi``,
    ``.low``) or :attr:`scoop`.

    >>> from badeucey_fast import SplitComparison, compare
    >>> result = compare("7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c")
    >>> result.badugi, result.low, result.scoop
    (1, 1, 1)
    >>> bool(SplitComparison(0, 0))
    Traceback (most recent call last):
    ...
    TypeError: a SplitComparison has no truth value (it has two answers): test .badugi, .low or .scoop
    """

    badugi: int
    low: int

    @property
    def scoop(self) -> int:
        """``1`` if the first hand wins both halves alone, ``-1`` if the second does, else ``0``."""
        if self.badugi == self.low and self.badugi != 0:
            return self.badugi
        return 0

    def __bool__(self) -> bool:
        raise TypeError("a SplitComparison has no truth value (it has two answers): test .badugi, .low or .scoop")

    def to_dict(self) -> dict[str, int]:
        """``{"badugi": ..., "low": ...}`` (JSON-ready)."""
        return {"badugi": self.badugi, "low": self.low}


def _winner(rank_a: int, rank_b: int) -> int:
    return (rank_a < rank_b) - (rank_a > rank_b)  # lower rank is better


SplitGame = Literal["badeucey", "badacey"]
"""The names of the built-in split games (both halves): :func:`compare` answers a :class:`SplitComparison`."""
BadugiGame = Literal["badugi"]
"""The name of the built-in game with a Badugi half only."""
LowGame = Literal["deuce_seven", "ace_five"]
"""The names of the built-in games with a low half only."""
SingleGame = Union[BadugiGame, LowGame]
"""The names of the built-in single-winner games: :func:`compare` answers an int."""


@overload
def compare(a: CardsLike, b: CardsLike, game: SplitGame = "badeucey") -> SplitComparison: ...
@overload
def compare(a: CardsLike, b: CardsLike, game: SingleGame) -> int: ...
@overload
def compare(a: CardsLike, b: CardsLike, game: str | Game) -> int | SplitComparison: ...


def compare(a: CardsLike, b: CardsLike, game: str | Game = "badeucey") -> int | SplitComparison:
    """Which of two hands wins: ``1`` if ``a``, ``-1`` if ``b``, ``0`` for a tie.

    For a split game (badeucey, badacey) the answer is given per half as a
    :class:`SplitComparison`; for a single-winner game it is one int.  Type
    checkers know which from the game's name: ``compare(a, b,
    game="deuce_seven")`` is an ``int``, ``compare(a, b)`` a
    :class:`SplitComparison`.

    :param a: the first hand, as text or card ids.
    :param b: the second hand.
    :param game: a game name (see :data:`GAMES`) or a :class:`Game`.
    :raises ValueError: for an unknown game, a hand of the wrong size, bad
        cards, or a card held by both hands.

    >>> from badeucey_fast import compare
    >>> compare("7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c")
    SplitComparison(badugi=1, low=1)
    >>> compare("2s 4c 5d 6h", "As 2c 3d 7h", game="badugi")
    1
    >>> compare("7s 5h 4d 3c 2s", "7s 6h 4h 3d 2c")
    Traceback (most recent call last):
    ...
    ValueError: compare: both hands hold 7s
    """
    rules = get_game(game)
    ids_a = hand_ids(a, (rules.hand_size,), rules.name)
    ids_b = hand_ids(b, (rules.hand_size,), rules.name)
    shared = set(ids_a) & set(ids_b)
    if shared:
        raise ValueError(f"compare: both hands hold {format_cards(sorted(shared))}")
    rank = _ranker(rules)
    results = [_winner(x, y) for x, y in zip(rank(ids_a), rank(ids_b))]
    if rules.is_split:
        return SplitComparison(*results)
    return results[0]
