"""Hand names: any rank of any ranking in the words a player would use.

>>> from badeucey_fast import hand_name
>>> hand_name(1, "deuce_seven")
'7-5-4-3-2 (number one)'
>>> hand_name(1, "badugi_high")
'5-4-3-2 badugi'
"""

from __future__ import annotations

from badeucey_fast._checks import check_int
from badeucey_fast._native import (
    MAX_HAND_CARDS,
    Ranking,
    ffi,
    lib,
    raise_for_status,
    ranking_info,
)

__all__ = ["Ranking", "class_ranks", "hand_name"]

_CHAR = "23456789TJQKA"
_PLURAL = ("deuces", "treys", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces")
_SIZE_WORD = {3: "three-card", 2: "two-card", 1: "one-card"}
_ACE = 12


def class_ranks(rank: int, ranking: Ranking) -> tuple[tuple[int, ...], bool]:
    """The card ranks (0 = deuce .. 12 = ace) of a rank's class, in the order a
    player names them, and whether the class is a one-suit 2-7 hand.

    :raises ValueError: for an unknown ranking or a rank outside its scale.
    :raises TypeError: if ``rank`` is not an integer.
    """
    info = ranking_info(ranking)
    rank = check_int(rank, "a rank")
    if not 1 <= rank <= info.scale:
        raise ValueError(f"rank {rank} is outside 1..{info.scale} of {ranking}")
    out = ffi.new("uint8_t[]", MAX_HAND_CARDS)
    flush = ffi.new("int *")
    count = lib.bdc_class_ranks(info.code, rank, out, flush)
    raise_for_status(count, f"class_ranks({rank}, {ranking!r})")  # the checks above rule it out
    return tuple(out[0:count]), bool(flush[0])


def _dashed(ranks: tuple[int, ...]) -> str:
    return "-".join(_CHAR[r] for r in ranks)


def _paired_name(ranks: tuple[int, ...]) -> str | None:
    """Name of a hand with a pair or more (ranks in naming order), else None."""
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    top, second = _PLURAL[ranks[0]], _PLURAL[ranks[counts[0]]] if len(counts) > 1 else ""
    if counts[0] == 4:
        return f"four {top}"
    if counts[:2] == [3, 2]:
        return f"{top} full of {second}"
    if counts[0] == 3:
        return f"three {top}"
    if counts[:2] == [2, 2]:
        return f"two pair, {top} and {_PLURAL[ranks[2]]}"
    if counts[0] == 2:
        return f"pair of {top}"
    return None


def hand_name(rank: int, ranking: Ranking) -> str:
    """Name a rank in a player's words.

    :param rank: a dense rank of ``ranking`` (1 = best).
    :param ranking: ``"badugi_low"``, ``"badugi_high"``, ``"deuce_seven"`` or ``"ace_five"``.
    :return: e.g. ``"5-4-3-2 badugi"``, ``"three-card 7-4-2"``,
        ``"7-5-4-3-2 (number one)"``, ``"8-6-4-3-2 (8-6 low)"``,
        ``"pair of sixes"``, ``"6-high straight"``, ``"flush, 9 high"``.
    :raises ValueError: for an unknown ranking or a rank outside its scale.
    :raises TypeError: if ``rank`` is not an integer.

    >>> from badeucey_fast import hand_name
    >>> hand_name(2, "badugi_high")
    '6-4-3-2 badugi'
    >>> hand_name(716, "badugi_low")
    'three-card 3-2-A'
    >>> hand_name(3000, "deuce_seven")
    'pair of nines'
    >>> hand_name(1, "ace_five")
    '5-4-3-2-A (wheel)'
    >>> hand_name(7463, "deuce_seven")
    Traceback (most recent call last):
    ...
    ValueError: rank 7463 is outside 1..7462 of deuce_seven
    """
    ranks, flush = class_ranks(rank, ranking)
    if ranking.startswith("badugi"):
        if len(ranks) == 4:
            return f"{_dashed(ranks)} badugi"
        return f"{_SIZE_WORD[len(ranks)]} {_dashed(ranks)}"
    paired = _paired_name(ranks)
    if paired is not None:
        return paired
    if ranking == "deuce_seven":
        straight = ranks[0] - ranks[4] == 4
        if straight and flush:
            return "royal flush" if ranks[0] == _ACE else f"{_CHAR[ranks[0]]}-high straight flush"
        if flush:
            return f"flush, {_CHAR[ranks[0]]} high"
        if straight:
            return f"{_CHAR[ranks[0]]}-high straight"
        if rank == 1:
            return f"{_dashed(ranks)} (number one)"
    elif rank == 1:
        return f"{_dashed(ranks)} (wheel)"
    return f"{_dashed(ranks)} ({_CHAR[ranks[0]]}-{_CHAR[ranks[1]]} low)"
