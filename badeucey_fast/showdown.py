"""Showdowns: who wins what, chip for chip, and why.

Seats are numbered from 0, the first seat left of the button; that is also the
order odd chips are handed out in.  Amounts are integer chips and every pot is
paid out exactly: nothing is paid twice or lost.

Settling one pot of a split game (RULES.md, Badeucey):

1. The pot is cut in two halves; an odd chip goes to the game's ``odd_chip``
   half (the low half by default).
2. Each half goes to the best hand of that half among the seats eligible for
   the pot; tied winners share it, and chips that do not divide go one each to
   the tied winners in seat order.  One player best in both halves scoops.
3. With a qualifier, only hands at least that good may win a half; if no hand
   qualifies, the other half's winners take the whole pot.  If neither half has
   a qualifying hand, the pot is settled as if there were no qualifiers.

A single-winner game (badugi, deuce_seven, ace_five) has one half that takes the
whole pot.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from badeucey_fast._cards import CardsLike, format_cards, hand_ids
from badeucey_fast.games import Game, Half, get_game
from badeucey_fast.names import hand_name

_LOW_LABEL = {"deuce_seven": "2-7", "ace_five": "A-5"}


def half_label(game: Game, half: Half) -> str:
    """How output names a half: ``Badugi``, ``2-7`` or ``A-5``."""
    return "Badugi" if half == "badugi" else _LOW_LABEL[game.ranking(half)]


class Pot(NamedTuple):
    """A pot and the seats eligible to win it (None: every seat still in)."""

    amount: int
    eligible: Sequence[int] | None = None


PotLike = Union[int, Pot, tuple[int, Iterable[int]]]


@dataclass(frozen=True)
class SeatHand:
    """One live seat's hand at showdown."""

    seat: int
    cards: tuple[int, ...]
    ranks: dict[Half, int]
    """Rank in each half (lower is better)."""
    names: dict[Half, str]
    """Each half's rank in words."""


@dataclass(frozen=True)
class HalfResult:
    """How one half of one pot was settled."""

    half: Half
    amount: int
    """Chips this half paid out (0 when it had no qualifying hand)."""
    winners: tuple[int, ...]
    """Winning seats in seat order (empty when no hand qualified)."""
    shares: tuple[int, ...]
    """Chips paid to each winner, in the order of ``winners``."""
    rank: int | None
    """The winning rank, or None when no hand qualified."""
    name: str
    """The winning hand in words, or why nobody won."""


@dataclass(frozen=True)
class PotResult:
    """How one pot was settled."""

    amount: int
    eligible: tuple[int, ...]
    """Live seats eligible for this pot."""
    halves: tuple[HalfResult, ...]
    scoop: int | None
    """The seat that won every half alone, in a split game, else None."""


@dataclass(frozen=True)
class ShowdownResult:
    """The settlement of a showdown."""

    game: Game
    chips: list[int]
    """Chips won by each seat (0 for a folded seat); sums to the pot(s)."""
    hands: tuple[SeatHand | None, ...]
    """Each seat's hand, None for a folded seat."""
    pots: tuple[PotResult, ...]
    """Main pot first, then side pots, as given."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {
            "game": self.game.name,
            "chips": list(self.chips),
            "hands": [
                None
                if h is None
                else {"seat": h.seat, "cards": format_cards(h.cards), "ranks": dict(h.ranks), "names": dict(h.names)}
                for h in self.hands
            ],
            "pots": [
                {
                    "amount": p.amount,
                    "eligible": list(p.eligible),
                    "scoop": p.scoop,
                    "halves": [
                        {
                            "half": r.half,
                            "amount": r.amount,
                            "winners": list(r.winners),
                            "shares": list(r.shares),
                            "rank": r.rank,
                            "name": r.name,
                        }
                        for r in p.halves
                    ],
                }
                for p in self.pots
            ],
        }

    def __str__(self) -> str:
        game = self.game
        lines = []
        for h in self.hands:
            if h is None:
                continue
            described = "   ".join(f"{half_label(self.game, half)}: {h.names[half]}" for half in game.halves)
            lines.append(f"seat {h.seat}  {format_cards(h.cards)}   {described}")
        for n, pot in enumerate(self.pots):
            title = "pot" if len(self.pots) == 1 else ("main pot" if n == 0 else f"side pot {n}")
            lines.append(f"{title}: {pot.amount} chips, seats {', '.join(map(str, pot.eligible))}")
            for r in pot.halves:
                label = f"  {half_label(self.game, r.half)} ({r.amount}):"
                if not r.winners:
                    lines.append(f"{label} {r.name}")
                elif len(r.winners) == 1:
                    lines.append(f"{label} seat {r.winners[0]} takes {r.shares[0]} with {r.name}")
                else:
                    paid = ", ".join(f"seat {s} {c}" for s, c in zip(r.winners, r.shares))
                    lines.append(f"{label} {len(r.winners)}-way tie with {r.name}: {paid}")
            if pot.scoop is not None:
                lines.append(f"  seat {pot.scoop} scoops")
        lines.append("chips: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(self.chips)))
        return "\n".join(lines)



def _amount(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"{where} must be a whole number of chips, got {value!r}") from None
    if value < 0:
        raise ValueError(f"{where} must not be negative, got {value}")
    return value


def _pots(pot: PotLike | Sequence[PotLike], live: list[int], n_seats: int) -> list[tuple[int, tuple[int, ...]]]:
    """Normalise the pot argument to (amount, eligible live seats) pairs."""
    if isinstance(pot, (list, tuple)) and not isinstance(pot, Pot) and not _is_pair(pot):
        items = list(pot)
        if not items:
            raise ValueError("showdown: no pots given")
    else:
        items = [pot]
    out = []
    for n, item in enumerate(items):
        where = "pot" if len(items) == 1 else f"pot {n}"
        if isinstance(item, (tuple, list)):
            if len(item) != 2:
                raise ValueError(f"{where} must be an amount or (amount, eligible seats), got {item!r}")
            amount, eligible = item
        else:
            amount, eligible = item, None
        amount = _amount(amount, where)
        if eligible is None:
            seats = tuple(live)
        else:
            seats = tuple(sorted(set(_seat(s, where, n_seats, live) for s in eligible)))
            if not seats:
                raise ValueError(f"{where} has no eligible seats")
        out.append((amount, seats))
    return out


def _is_pair(pot: object) -> bool:
    """True for a single ``(amount, seats)`` pot rather than a list of pots."""
    return (
        isinstance(pot, tuple)
        and len(pot) == 2
        and isinstance(pot[0], int)
        and not isinstance(pot[1], int)
        and isinstance(pot[1], Iterable)
    )


def _seat(seat: object, where: str, n_seats: int, live: list[int]) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"{where}: seats are integers, got {seat!r}")
    if not 0 <= seat < n_seats:
        raise ValueError(f"{where} names seat {seat}, which does not exist (seats 0..{n_seats - 1})")
    if seat not in live:
        raise ValueError(f"{where} names seat {seat}, which has folded")
    return seat


def _split(amount: int, winners: tuple[int, ...]) -> tuple[int, ...]:
    """Share chips among tied winners; odd chips one each in seat order."""
    base, odd = divmod(amount, len(winners))
    return tuple(base + (1 if i < odd else 0) for i in range(len(winners)))


def showdown(
    hands: Sequence[CardsLike | None],
    pot: PotLike | Sequence[PotLike],
    game: str | Game = "badeucey",
) -> ShowdownResult:
    """Settle a showdown: who wins each pot and each half, chip for chip.

    :param hands: each seat's cards (text or ids) in seat order, starting with
        the first seat left of the button; ``None`` for a folded seat.
    :param pot: chips in the pot, or a list of pots (main pot first), each an
        amount (every live seat eligible), a :class:`Pot`, or
        ``(amount, eligible seats)``.
    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :return: a :class:`ShowdownResult`; ``chips`` sums exactly to the pot(s).
    :raises ValueError: for bad cards, a card on two seats, a hand of the wrong
        size, no live hands, a negative or non-integer pot, or a pot naming a
        seat that does not exist or has folded.

    >>> result = showdown(["7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c"], pot=101)
    >>> result.chips
    [101, 0]
    >>> result.pots[0].scoop
    0
    >>> showdown(["7s 5h 4d 3c 2s", "7s 6h 4h 3d 2c"], pot=10)
    Traceback (most recent call last):
    ...
    ValueError: seats 0 and 1 both hold 7s
    """
    rules = get_game(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("showdown: hands must be a sequence with one hand (or None) per seat")
    seats: list[SeatHand | None] = []
    holder: dict[int, int] = {}
    for seat, cards in enumerate(hands):
        if cards is None:
            seats.append(None)
            continue
        ids = hand_ids(cards, (rules.hand_size,), f"seat {seat} ({rules.name})")
        for card in ids:
            if card in holder:
                raise ValueError(f"seats {holder[card]} and {seat} both hold {format_cards([card])}")
            holder[card] = seat
        ranks = dict(zip(rules.halves, rules.ranks(ids)))
        names = {half: hand_name(rank, rules.ranking(half)) for half, rank in ranks.items()}
        seats.append(SeatHand(seat, ids, ranks, names))
    live = [h.seat for h in seats if h is not None]
    if not live:
        raise ValueError("showdown: no live hands")

    chips = [0] * len(seats)
    results = []
    for amount, eligible in _pots(pot, live, len(seats)):
        halves = _settle(rules, amount, [h for h in seats if h is not None and h.seat in eligible])
        for result in halves:
            for seat, share in zip(result.winners, result.shares):
                chips[seat] += share
        winner_sets = {r.winners for r in halves if r.winners}
        (only,) = winner_sets if len(winner_sets) == 1 else ((),)
        scoop = only[0] if rules.is_split and len(only) == 1 else None
        results.append(PotResult(amount, eligible, tuple(halves), scoop))
    return ShowdownResult(rules, chips, tuple(seats), tuple(results))


_OTHER_HALF: dict[Half, Half] = {"badugi": "low", "low": "badugi"}


def _settle(rules: Game, amount: int, contenders: list[SeatHand]) -> list[HalfResult]:
    """Settle one pot among its contenders, half by half."""
    best: dict[Half, tuple[int, tuple[int, ...]] | None] = {}
    for half in rules.halves:
        limit = rules.qualifier(half)
        ranks = [h.ranks[half] for h in contenders if limit is None or h.ranks[half] <= limit]
        if ranks:
            top = min(ranks)
            best[half] = (top, tuple(h.seat for h in contenders if h.ranks[half] == top))
        else:
            best[half] = None
    if all(b is None for b in best.values()):  # nobody qualifies anywhere: as if no qualifiers
        for half in rules.halves:
            top = min(h.ranks[half] for h in contenders)
            best[half] = (top, tuple(h.seat for h in contenders if h.ranks[half] == top))

    # chips per half: split evenly, odd chip to the game's odd-chip half;
    # a half with no qualifying hand passes its chips to the other half
    if rules.is_split:
        amounts: dict[Half, int] = {
            rules.odd_chip: amount - amount // 2,
            _OTHER_HALF[rules.odd_chip]: amount // 2,
        }
        for half in rules.halves:
            if best[half] is None:
                amounts[_OTHER_HALF[half]] += amounts[half]
                amounts[half] = 0
    else:
        amounts = {rules.halves[0]: amount}

    out = []
    for half in rules.halves:
        found = best[half]
        if found is None:
            out.append(HalfResult(half, 0, (), (), None, "no qualifying hand"))
            continue
        rank, winners = found
        name = hand_name(rank, rules.ranking(half))
        out.append(HalfResult(half, amounts[half], winners, _split(amounts[half], winners), rank, name))
    return out
