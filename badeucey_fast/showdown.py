"""Showdowns: who wins what, chip for chip, and why.

Seats are numbered from 0, the first seat left of the button; that is also the
order odd chips are handed out in.  Amounts are integer chips and every pot is
paid out exactly: nothing is paid twice or lost.

Settling one pot of a split game (docs/rules.rst, Badeucey):

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

from badeucey_fast._checks import quote
from badeucey_fast._cards import hand_ids, quick_ids
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast.games import Game, Half, Ranks as Ranks, get_game  # Ranks: the engine takes it from here too
from badeucey_fast.names import Ranking, hand_name



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

    def __repr__(self) -> str:
        return f"SeatHand(seat={self.seat}, cards={format_cards(self.cards)!r}, ranks={self.ranks!r})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {"seat": self.seat, "cards": format_cards(self.cards), "ranks": dict(self.ranks),
                "names": dict(self.names)}


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

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {"half": self.half, "amount": self.amount, "winners": list(self.winners), "shares": list(self.shares),
                "rank": self.rank, "name": self.name}


@dataclass(frozen=True)
class PotResult:
    """How one pot was settled."""

    amount: int
    eligible: tuple[int, ...]
    """Live seats eligible for this pot."""
    halves: tuple[HalfResult, ...]
    scoop: int | None
    """The seat that won every half alone, in a split game, else None."""

    def __repr__(self) -> str:
        won = "; ".join(f"{h.half} {h.amount} to seat(s) {', '.join(map(str, h.winners)) or 'none'}" for h in self.halves)
        scoop = "" if self.scoop is None else f"; seat {self.scoop} scoops"
        return f"<PotResult {self.amount} chips, seats {', '.join(map(str, self.eligible))}: {won}{scoop}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {"amount": self.amount, "eligible": list(self.eligible), "scoop": self.scoop,
                "halves": [h.to_dict() for h in self.halves]}


@dataclass(frozen=True)
class ShowdownResult:
    """The settlement of a showdown."""

    game: Game
    chips: tuple[int, ...]
    """Chips won by each seat (0 for a folded seat); sums to the pot(s)."""
    hands: tuple[SeatHand | None, ...]
    """Each seat's hand, None for a folded seat."""
    pots: tuple[PotResult, ...]
    """Main pot first, then side pots, as given."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (``json.dumps`` takes it as it is)."""
        return {
            "game": self.game.name,
            "chips": list(self.chips),
            "hands": [None if h is None else h.to_dict() for h in self.hands],
            "pots": [p.to_dict() for p in self.pots],
        }

    def __repr__(self) -> str:
        hands = ", ".join("folded" if h is None else format_cards(h.cards) for h in self.hands)
        return f"<ShowdownResult {self.game.name}: chips {list(self.chips)} for {hands}>"  # a list: reprs write card ids, not amounts, as tuples

    def __str__(self) -> str:
        return self.describe()

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The showdown in words, a line each: every hand shown with its name in
        each half, then each pot, its halves and who won them.

        :param names: what to call each seat, in seat order (a table's players:
            ``you``, ``DrawingBot1``); the text then says who *wins* each half,
            as a table announces it, and leaves out the pots' seats and the
            chips line.  Default: the record (``str(result)``), seats called
            ``seat 0``, ``seat 1``, ...: who *takes* each half, each pot's
            seats, the chips each seat takes.
        """
        game = self.game
        record = names is None
        who = [f"seat {s}" for s in range(len(self.chips))] if names is None else list(names)
        width = 0 if record else max(len(name) for name in who)

        def does(seat: int, record_verb: str, verb: str) -> str:
            if record:
                return f"{who[seat]} {record_verb}"
            return f"{who[seat]} {verb[:-1] if who[seat] == 'you' else verb}"

        lines = []
        for h in self.hands:
            if h is None:
                continue
            described = "   ".join(f"{game.label(half)}: {h.names[half]}" for half in game.halves)
            lines.append(f"{who[h.seat]:<{width}}  {format_cards(h.cards)}   {described}")
        for n, pot in enumerate(self.pots):
            title = "pot" if len(self.pots) == 1 else ("main pot" if n == 0 else f"side pot {n}")
            seats = f", seats {', '.join(map(str, pot.eligible))}" if record else ""
            lines.append(f"{title}: {pot.amount} chips{seats}")
            for r in pot.halves:
                label = f"  {game.label(r.half)} ({r.amount}):"
                if not r.winners:
                    lines.append(f"{label} {r.name}")
                elif len(r.winners) == 1:
                    lines.append(f"{label} {does(r.winners[0], 'takes', 'wins')} {r.shares[0]} with {r.name}")
                else:
                    paid = ", ".join(f"{who[s]} {c}" for s, c in zip(r.winners, r.shares))
                    lines.append(f"{label} {len(r.winners)}-way tie with {r.name}: {paid}")
            if pot.scoop is not None:
                lines.append(f"  {does(pot.scoop, 'scoops', 'scoops')}")
        if record:
            lines.append("chips: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(self.chips)))
        return "\n".join(lines)



def _amount(value: object, where: str) -> int:
    """A pot's chips: any integral type but a bool (numpy integers too), at least 0."""
    if type(value) is not int:
        if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):
            raise ValueError(f"{where} must be a whole number of chips, got {value!r} (a bool is not an amount)")
        try:
            value = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"{where} must be a whole number of chips, got {quote(value)}") from None
    if value < 0:
        raise ValueError(f"{where} must not be negative, got {value}")
    return value


def _is_amount(value: object) -> bool:
    """An integral value that is not a bool: a pot's amount."""
    if type(value) is int:
        return True
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def _is_seats(value: object) -> bool:
    """None or an iterable other than text: a pot's eligible seats."""
    return value is None or (isinstance(value, Iterable) and not isinstance(value, (str, bytes, bytearray)))


def _pots(pot: object, live: list[int], n_seats: int) -> list[tuple[int, tuple[int, ...]]]:
    """Normalise the pot argument (see :func:`showdown`) to (amount, eligible live
    seats) pairs."""
    if isinstance(pot, (list, tuple)) and not isinstance(pot, Pot) and not _is_pair(pot):
        items = list(pot)
        if not items:
            raise ValueError("showdown: no pots given")
    elif isinstance(pot, (str, bytes, bytearray, dict, set, frozenset)) or (
        not isinstance(pot, (list, tuple)) and not _is_amount(pot) and isinstance(pot, Iterable)
    ):
        raise ValueError(
            f"pot must be a whole number of chips, a Pot, (amount, seats) or a list of those, got {quote(pot)}"
        )
    else:
        items = [pot]
    out = []
    for n, item in enumerate(items):
        where = "pot" if len(items) == 1 else f"pot {n}"
        if isinstance(item, (tuple, list)):
            if len(item) != 2:
                raise ValueError(f"{where} must be an amount or (amount, eligible seats), got {quote(item)}")
            amount, eligible = item
            if not _is_seats(eligible):
                raise ValueError(
                    f"{where}: the eligible seats must be a list of seat numbers or None, got {quote(eligible)}"
                )
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
    """True for a single ``(amount, seats)`` pot rather than a tuple of pots: a
    2-tuple of an amount and an iterable of seats (not an amount, not text)."""
    return (
        isinstance(pot, tuple)
        and len(pot) == 2
        and _is_amount(pot[0])
        and not _is_amount(pot[1])
        and _is_seats(pot[1])
    )


def _seat(seat: object, where: str, n_seats: int, live: list[int]) -> int:
    if not _is_amount(seat):
        raise ValueError(f"{where}: seats are integers, got {quote(seat)}")
    seat = operator.index(seat)  # type: ignore[arg-type]
    if not 0 <= seat < n_seats:
        raise ValueError(f"{where} names seat {seat}, which does not exist (seats 0..{n_seats - 1})")
    if seat not in live:
        raise ValueError(f"{where} names seat {seat}, which has folded")
    return int(seat)


def _split(amount: int, winners: tuple[int, ...]) -> tuple[int, ...]:
    """Share chips among tied winners; odd chips one each in seat order."""
    if len(winners) == 1:
        return (amount,)
    base, odd = divmod(amount, len(winners))
    return tuple([base + (1 if i < odd else 0) for i in range(len(winners))])


def showdown(
    hands: Sequence[CardsLike | None],
    pot: PotLike | Sequence[PotLike],
    game: str | Game = "badeucey",
) -> ShowdownResult:
    """Settle a showdown: who wins each pot and each half, chip for chip.

    :param hands: each seat's cards (text or ids) in seat order, starting with
        the first seat left of the button; ``None`` for a folded seat.
    :param pot: one pot, or a list (or tuple) of pots, main pot first.  A pot
        is an amount of chips (an integer of any integral type, numpy's too,
        but not a bool; every live seat eligible), a :class:`Pot`, or an
        ``(amount, eligible seats)`` pair whose seats are a list of seat
        numbers (or None: every live seat).  A 2-tuple of an amount and a list
        is one pot; ``(100, 50)`` is two pots.  Anything else (text, a float,
        a bool, a dict) is refused by name.
    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :return: a :class:`ShowdownResult`; ``chips`` sums exactly to the pot(s).
    :raises ValueError: for bad cards, a card on two seats, a hand of the wrong
        size, no live hands, a pot outside the grammar above (negative,
        non-integer, a bool, seats that are not a list of seat numbers), or a
        pot naming a seat that does not exist or has folded.

    >>> from badeucey_fast import showdown
    >>> result = showdown(["7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c"], pot=101)
    >>> result.chips
    (101, 0)
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
    checked: list[tuple[int, ...] | None] = []
    holder: dict[int, int] = {}
    size = (rules.hand_size,)
    for seat, cards in enumerate(hands):
        if cards is None:
            checked.append(None)
            continue
        ids = quick_ids(cards)
        if ids is None or len(ids) != size[0]:  # the full checks, naming the problem
            ids = hand_ids(cards, size, f"seat {seat} ({rules.name})")
        for card in ids:
            if card in holder:
                raise ValueError(f"seats {holder[card]} and {seat} both hold {format_cards([card])}")
            holder[card] = seat
        checked.append(ids)
    live = [seat for seat, ids in enumerate(checked) if ids is not None]
    if not live:
        raise ValueError("showdown: no live hands")
    pots = _pots(pot, live, len(checked))
    ranks = rank_hands(rules, checked)
    order = range(len(checked))
    return settlement_result(rules, checked, ranks, pots, settle(rules, ranks, pots, order))


# --------------------------------------------------------------------------- #
# The one settlement: on checked card ids, shared by showdown() and the engine
# --------------------------------------------------------------------------- #
HalfSettlement = tuple[int, tuple[int, ...], tuple[int, ...], int | None]
"""How one half of one pot went: (chips, winners, shares, winning rank or None)."""


def rank_hands(rules: Game, hands: Sequence[Sequence[int] | None]) -> list[Ranks | None]:
    """Each hand's ranks (None for a folded seat), one ranking pass per hand.

    :param hands: card ids already checked (right count, valid, distinct).
    """
    rank = rules.ranker()
    return [None if ids is None else rank(ids) for ids in hands]


def settle(
    rules: Game,
    ranks: Sequence[Ranks | None],
    pots: Sequence[tuple[int, tuple[int, ...]]],
    order: Sequence[int],
) -> tuple[list[int], list[list[HalfSettlement]]]:
    """The settlement rules (module docstring), chip for chip.

    :param ranks: each seat's ranks from :func:`rank_hands` (None: folded).
    :param pots: (amount, eligible live seats) pairs, main pot first.
    :param order: every seat, in the order odd chips are handed out (the first
        seat left of the button first); winners are listed in this order.
    :return: chips won by each seat, and for each pot, for each half of the
        game, (chips, winners, shares, winning rank or None).
    """
    halves, _, qualifiers, split, odd_first = _info(rules)
    chips = [0] * len(ranks)
    out: list[list[HalfSettlement]] = []
    for amount, eligible in pots:
        contenders = [seat for seat in order if seat in eligible]
        best: list[tuple[int, tuple[int, ...]] | None] = []
        for h, limit in enumerate(qualifiers):
            column = [ranks[seat][h] for seat in contenders]  # type: ignore[index]
            if limit is not None:
                column = [r for r in column if r <= limit]
            if column:
                top = min(column)
                best.append((top, tuple([s for s in contenders if ranks[s][h] == top])))  # type: ignore[index]
            else:
                best.append(None)
        if best.count(None) == len(best):  # nobody qualifies anywhere: as if no qualifiers
            best = []
            for h in range(len(halves)):
                top = min([ranks[s][h] for s in contenders])  # type: ignore[index]
                best.append((top, tuple([s for s in contenders if ranks[s][h] == top])))  # type: ignore[index]
        if split:
            big, small = amount - amount // 2, amount // 2
            amounts = [big, small] if odd_first else [small, big]
            if best[0] is None:
                amounts = [0, amount]
            elif best[1] is None:
                amounts = [amount, 0]
        else:
            amounts = [amount]
        pot_out: list[HalfSettlement] = []
        for h, found in enumerate(best):
            if found is None:
                pot_out.append((0, (), (), None))
                continue
            rank, winners = found
            shares = _split(amounts[h], winners)
            for seat, share in zip(winners, shares):
                chips[seat] += share
            pot_out.append((amounts[h], winners, shares, rank))
        out.append(pot_out)
    return chips, out


_GameInfo = tuple[tuple[Half, ...], tuple[Ranking, ...], tuple[int | None, ...], bool, bool]
_INFO: dict[Game, _GameInfo] = {}


def _info(rules: Game) -> _GameInfo:
    """A game's halves, their rankings and qualifiers, whether it splits, and
    whether the odd chip goes to the first half (computed once per game)."""
    found = _INFO.get(rules)
    if found is None:
        halves = rules.halves
        split = len(halves) == 2
        found = _INFO[rules] = (halves, tuple(rules.ranking(h) for h in halves),
                                tuple(rules.qualifier(h) for h in halves), split,
                                split and rules.odd_chip == halves[0])
    return found


def _name(rank: int, ranking: Ranking) -> str:
    key = (ranking, rank)
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = hand_name(rank, ranking)
    return name


_NAMES: dict[tuple[str, int], str] = {}


def settlement_result(
    rules: Game,
    hands: Sequence[tuple[int, ...] | None],
    ranks: Sequence[Ranks | None],
    pots: Sequence[tuple[int, tuple[int, ...]]],
    settled: tuple[list[int], list[list[HalfSettlement]]],
) -> ShowdownResult:
    """The :class:`ShowdownResult` of a :func:`settle` call (names and all)."""
    halves, rankings, _, split, _ = _info(rules)
    seats: list[SeatHand | None] = []
    for seat, (ids, r) in enumerate(zip(hands, ranks)):
        if ids is None or r is None:
            seats.append(None)
            continue
        seats.append(SeatHand(seat, tuple(ids), dict(zip(halves, r)),
                              {h: _name(x, k) for h, x, k in zip(halves, r, rankings)}))
    chips, per_pot = settled
    results = []
    for (amount, eligible), pot_halves in zip(pots, per_pot):
        built = []
        for half, ranking, (paid, winners, shares, rank) in zip(halves, rankings, pot_halves):
            if rank is None:
                built.append(HalfResult(half, 0, (), (), None, "no qualifying hand"))
            else:
                built.append(HalfResult(half, paid, winners, shares, rank, _name(rank, ranking)))
        winner_sets = {r.winners for r in built if r.winners}
        (only,) = winner_sets if len(winner_sets) == 1 else ((),)
        scoop = only[0] if split and len(only) == 1 else None
        results.append(PotResult(amount, tuple(eligible), tuple(built), scoop))
    return ShowdownResult(rules, tuple(chips), tuple(seats), tuple(results))
