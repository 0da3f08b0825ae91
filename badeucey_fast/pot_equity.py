"""Equity: how often each hand wins each half, exactly or by seeded sampling.

Each seat holds known cards, or ``None`` for an opponent whose cards are
unknown: an unknown hand is dealt at random from the unseen cards (the 52
minus every known card and the ``dead`` ones) and stands pat.  An unknown seat
given as text ``"?k"`` instead throws and draws ``k`` cards in every draw,
``"?k1,k2,k3"`` one count per draw (``"?"`` is None): it throws by the rule
below.  With
``draws`` > 0 a seat with ``discards`` throws them and draws under the policy of
:mod:`badeucey_fast.draws`: in later draws it stands pat once it meets the
``target``, else it throws its replacement cards and draws as many again.
Seats draw in seat order, each draw in turn, and no card is dealt twice.

An unknown seat that draws ``k`` cards throws, of the hand it then holds,
first the cards outside its best badugi (in a game with a Badugi half), then
cards that pair another card it keeps (in a game with a low half), then its
highest cards in the game's ace convention (the low half's), the higher card
id first among equals; straights and flushes do not enter the choice.  It
always draws its ``k``: the stand-pat target is the known seats' policy.

The result gives, per seat, the probability of winning each half alone
(``badugi_win``, ``low_win``), of tying for it (``badugi_tie``,
``low_tie``), of winning the whole pot alone (``scoop``), and the expected
fraction of the pot won (``share``; a tied half is shared equally, odd chips
aside).  A single-half game has its half's attributes; the other half's are
None.  Qualifiers of the game are applied as in a showdown.

When the number of outcomes is at most ``max_exact`` all of them are
enumerated and the figures are exact: the C core counts outcomes in integers
(a seat that stands pat counts once for each way its skipped draw could have
fallen) and each figure is a count divided by ``outcomes`` at the end, so a
certain win is exactly 1.0 (``counts`` has the integers).  Otherwise
``samples`` outcomes are drawn from a seeded generator (same seed, same
result) and each figure has a standard error in ``stderr``.  ``max_exact`` is at
most :data:`~badeucey_fast.draws.MAX_EXACT_LIMIT` and ``samples`` at most
:data:`~badeucey_fast.draws.MAX_SAMPLES`.  The C core runs with the GIL
released, and a run stops within a fraction of a second of Ctrl-C.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from badeucey_fast._native import MAX_SEATS, MIN_SEATS
from badeucey_fast._cards import quick_ids, seat_hands
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast._runs import (
    EQUITY_FIGURES,
    FIGURES,
    EquityPlan,
    EquitySums,
    Progress,
    SHARE_UNIT,
    card_set,
    check_dead,
    check_draws,
    check_limits,
    check_seed,
    decide_samples,
    plan_equity,
    resolve_seed,
    run_equity,
)
from badeucey_fast._targets import Target, TargetLike, default_target_of, read_target
from badeucey_fast.draws import MAX_EXACT
from badeucey_fast.games import Game, get_game, per_game

_FIGURES = ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share")
_T = TypeVar("_T")
_SHARE_SQ = EQUITY_FIGURES.index("share_sq")


@dataclass(frozen=True)
class EquityFigures:
    """One figure per seat for each statistic (None for a half the game lacks)."""

    badugi_win: tuple[float, ...] | None
    badugi_tie: tuple[float, ...] | None
    low_win: tuple[float, ...] | None
    low_tie: tuple[float, ...] | None
    scoop: tuple[float, ...]
    share: tuple[float, ...]


@dataclass(frozen=True)
class EquityCounts:
    """Integer counts per seat of the outcomes (exact) or samples (sampled) behind
    each probability of an :class:`Equity` (None for a half the game lacks)."""

    badugi_win: tuple[int, ...] | None
    badugi_tie: tuple[int, ...] | None
    low_win: tuple[int, ...] | None
    low_tie: tuple[int, ...] | None
    scoop: tuple[int, ...]


@dataclass(frozen=True)
class Equity(EquityFigures):
    """Each seat's chances; ``stderr`` has the standard error of every figure
    (all zero when ``exact``)."""

    game: Game
    hands: tuple[tuple[int, ...] | None, ...]
    """Each seat's known cards (None: unknown)."""
    unknown_draws: tuple[tuple[int, ...] | None, ...]
    """Per seat, the cards an unknown seat throws and draws in each draw left
    (all zero: it stands pat; None for a known seat)."""
    discards: tuple[tuple[int, ...], ...]
    dead: tuple[int, ...]
    draws: int
    target: Target | None
    """The stand-pat target of draws 2 and 3 (None with fewer than two draws)."""
    exact: bool
    outcomes: int
    """Number of outcomes enumerated (exact) or samples drawn."""
    seed: int | None
    stderr: EquityFigures
    counts: EquityCounts
    """The integer counts each probability is divided from (by ``outcomes``)."""

    def __repr__(self) -> str:
        hands = " vs ".join(
            _unknown_text(d) if h is None else format_cards(h) for h, d in zip(self.hands, self.unknown_draws)
        )
        how = "exact" if self.exact else f"sampled, seed {self.seed}"
        share = ", ".join(f"{s:.3f}" for s in self.share)
        return f"<Equity {self.game.name}: {hands}, {self.draws} draw(s), {how}; pot share {share}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        seats = []
        for s, hand in enumerate(self.hands):
            seat: dict[str, Any] = {
                "seat": s,
                "hand": None if hand is None else format_cards(hand),
                "discard": format_cards(self.discards[s]),
            }
            unknown = self.unknown_draws[s]
            if unknown is not None and any(unknown):  # an unknown seat that draws
                seat["unknown_draws"] = list(unknown)
            for name in _FIGURES:
                values, errors = getattr(self, name), getattr(self.stderr, name)
                if values is not None:
                    seat[name] = values[s]
                    if not self.exact:
                        seat[f"{name}_stderr"] = errors[s]
            seats.append(seat)
        return {
            "game": self.game.name,
            "draws": self.draws,
            "dead": format_cards(self.dead),
            "target": None if self.target is None else self.target.describe(self.game),
            "exact": self.exact,
            "outcomes": self.outcomes,
            "seed": self.seed,
            "seats": seats,
        }

    def __str__(self) -> str:
        heads = ["seat", "hand"]
        columns = []
        for half in self.game.halves:
            label = self.game.label(half)
            columns += [(f"{label} win", f"{half}_win"), (f"{label} tie", f"{half}_tie")]
        if self.game.is_split:
            columns.append(("scoop", "scoop"))
        columns.append(("pot share", "share"))
        heads += [c[0] for c in columns]
        rows = []
        for s, hand in enumerate(self.hands):
            cards = "(unknown)" + _unknown_words(self.unknown_draws[s]) if hand is None else format_cards(hand)
            if self.discards[s]:
                cards += f" (draws {len(self.discards[s])}: throws {format_cards(self.discards[s])})"
            cells = [str(s), cards]
            for _, attr in columns:
                value, error = getattr(self, attr)[s], getattr(self.stderr, attr)[s]
                cells.append(f"{100 * value:.2f}%" + ("" if self.exact else f" ±{100 * error:.2f}"))
            rows.append(cells)
        widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
        lines = ["  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in [heads, *rows]]
        how = (
            f"exact over {self.outcomes:,} outcomes"
            if self.exact
            else f"{self.outcomes:,} samples, seed {self.seed} (± one standard error)"
        )
        draws = f"{self.draws} draw{'s' if self.draws != 1 else ''}"
        if self.target is not None:
            draws += f", standing pat on {self.target.describe(self.game)}"
        return f"{self.game.name} equity, {draws}; {how}\n" + "\n".join(lines)


def equity(
    hands: Sequence[CardsLike | None],
    *,
    discards: Sequence[CardsLike | None] | None = None,
    dead: CardsLike | None = (),
    draws: int = 0,
    game: str | Game = "badeucey",
    target: TargetLike = None,
    samples: int | None = None,
    seed: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: Progress | None = None,
) -> Equity:
    """Each seat's probability of winning and tying each half, and of scooping.

    :param hands: each seat's cards (text or ids), or None for unknown cards
        that stand pat, or ``"?k"`` for unknown cards that throw and draw ``k``
        in every draw (``"?k1,k2,k3"``: one count per draw left); at least two
        seats, at most nine.
    :param discards: per seat, the cards it throws in the first draw (None or
        empty: it stands pat); needs ``draws`` >= 1.
    :param dead: cards known to be out of play (in no hand).
    :param draws: draws left, 0..3.
    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :param target: the policy's stand-pat target for draws 2 and 3 (default:
        :data:`~badeucey_fast.draws.DEFAULT_TARGETS`).
    :param samples: sample this many outcomes instead of enumerating
        (1 .. :data:`~badeucey_fast.draws.MAX_SAMPLES`).
    :param seed: the seed for sampling (None: a random seed, kept in the result).
    :param max_exact: enumerate exactly when there are at most this many outcomes
        (1 .. :data:`~badeucey_fast.draws.MAX_EXACT_LIMIT`).
    :param progress: called with the fraction done as the run goes.
    :raises ValueError: for a card in two hands, dead cards in a hand, a discard
        not in its hand, discards with no draw, an unknown seat's draw counts
        that are not one count or one per draw left or exceed the hand size,
        more cards needed than remain unseen, fewer than two or more than nine
        seats, a target naming no hand, or ``samples`` or ``max_exact`` out of
        range.
    :raises KeyboardInterrupt: on Ctrl-C, within a fraction of a second.

    >>> from badeucey_fast import equity
    >>> e = equity(["7s 5h 4d 3c 2s", "8s 7h 6d 4c 2h"])
    >>> e.scoop, e.exact
    ((1.0, 0.0), True)
    >>> e = equity(["As 2c 3d Ks", "5s 6c 7d 8h"], discards=["Ks", None], draws=1, game="badugi")
    >>> round(e.badugi_win[0], 4), e.badugi_tie[0]  # 4h 5h 6h 7h of 44 unseen beat 8-7-6-5
    (0.0909, 0.0)
    >>> e = equity(["As 2c 3d Kh", "?1"], draws=1, game="badugi", seed=1)  # he draws one
    >>> e.unknown_draws, e.exact, round(e.badugi_win[1], 3)  # he stood pat: 0.047
    ((None, (1,)), False, 0.107)
    >>> equity(["7s 5h 4d 3c 2s", "7s 6h 4h 3d 2c"])
    Traceback (most recent call last):
    ...
    ValueError: seats 0 and 1 both hold 7s
    >>> equity(["7s 5h 4d 3c 2s", "?2,1"], draws=3)
    Traceback (most recent call last):
    ...
    ValueError: seat 1: '?2,1' gives 2 draw counts for 3 draws (one count, or one per draw)
    """
    rules = get_game(game)
    draws = check_draws(draws, 0)
    hands, unknown = _unknown_seats(hands, rules.hand_size, draws)
    known = seat_hands(hands, rules.hand_size, rules.name, "equity")
    if not MIN_SEATS <= len(known) <= MAX_SEATS:
        raise ValueError(f"equity needs {MIN_SEATS}..{MAX_SEATS} seats, got {len(known)}")
    seed = check_seed(seed)
    samples, max_exact = check_limits(samples, max_exact)
    thrown = _discards(known, discards, draws)
    no_dead = dead is None or (type(dead) is tuple and not dead)
    dead_ids = () if no_dead else check_dead([h for h in known if h is not None], dead)
    policy = None if target is None else read_target(target, rules)  # checked even when no draw needs it
    if draws < 2 or not any(thrown):  # no later draw: no stand-pat decision
        policy = None
    elif policy is None:
        policy = default_target_of(rules)
    drawing = unknown is not None and any(map(any, unknown))
    plan, c = plan_equity(rules, known, thrown, dead_ids, draws, policy, unknown if drawing else None)
    n_samples = decide_samples(plan.outcomes, samples, max_exact)
    seed = resolve_seed(seed) if n_samples is not None else None
    sums = run_equity(plan, c, seed, n_samples, progress)
    return _result(plan, known, unknown, thrown, dead_ids, n_samples, seed, sums)


_NO_DRAWS: dict[int, tuple[int, ...]] = {draws: (0,) * draws for draws in range(4)}


def _unknown_seats(
    hands: Sequence[CardsLike | None], size: int, draws: int
) -> tuple[Sequence[CardsLike | None], list[tuple[int, ...]] | None]:
    """The hands with each unknown seat's text (``"?"``, ``"?k"``,
    ``"?k1,k2,k3"``) as None, and per seat the cards an unknown seat throws
    and draws in each draw left (empty for a known seat); None when no seat is
    given as text."""
    if type(hands) is not list and type(hands) is not tuple:
        return hands, None  # seat_hands names what is wrong with it
    if not any(type(h) is str and h.lstrip().startswith("?") for h in hands):
        return hands, None
    seats: list[CardsLike | None] = []
    unknown: list[tuple[int, ...]] = []
    for seat, hand in enumerate(hands):
        if hand is None:
            seats.append(None)
            unknown.append(_NO_DRAWS[draws])
        elif type(hand) is str and hand.lstrip().startswith("?"):
            seats.append(None)
            unknown.append(_read_unknown(hand, seat, size, draws))
        else:
            seats.append(hand)
            unknown.append(())
    return seats, unknown


def _read_unknown(text: str, seat: int, size: int, draws: int) -> tuple[int, ...]:
    """One unknown seat's draw counts, one per draw left, from its text."""
    body = "".join(text.split())[1:]
    if not body:
        return _NO_DRAWS[draws]
    parts = body.split(",")
    if not all(p.isdigit() and p.isascii() for p in parts):
        raise ValueError(
            f"seat {seat}: {text!r} is no unknown seat ('?', '?k' or '?k1,k2,k3' with k a number of cards)"
        )
    counts = tuple(int(p) for p in parts)
    too_many = [k for k in counts if k > size]
    if too_many:
        raise ValueError(f"seat {seat}: {text!r} draws {too_many[0]} cards, more than the {size} of a hand")
    if len(counts) == 1:
        if counts[0] and not draws:
            raise ValueError(f"seat {seat}: {text!r} draws, but no draw is left (draws=0)")
        return counts * draws
    if len(counts) != draws:
        raise ValueError(
            f"seat {seat}: {text!r} gives {len(counts)} draw counts for {draws} draws (one count, or one per draw)"
        )
    return counts


def _unknown_text(counts: tuple[int, ...] | None) -> str:
    """An unknown seat as text: ``?`` (stands pat), ``?k`` or ``?k1,k2,k3``."""
    if not counts or not any(counts):
        return "?"
    if len(set(counts)) == 1:
        return f"?{counts[0]}"
    return "?" + ",".join(map(str, counts))


def _unknown_words(counts: tuple[int, ...] | None) -> str:
    """What an unknown seat does in the draws, for the table: nothing with no draw left."""
    if not counts:
        return ""
    if not any(counts):
        return " stands pat"
    if len(counts) == 1:
        return f" draws {counts[0]}"
    if len(set(counts)) == 1:
        return f" draws {counts[0]} each draw"
    return " draws " + ", ".join(map(str, counts))


def _discards(
    known: list[tuple[int, ...] | None], discards: Sequence[CardsLike | None] | None, draws: int
) -> list[tuple[int, ...]]:
    """Each seat's discard, checked against its hand."""
    if discards is None:
        return [()] * len(known)
    if type(discards) is not list and type(discards) is not tuple and (
        isinstance(discards, (str, bytes)) or not isinstance(discards, Sequence)
    ):
        raise TypeError("equity: discards must be a sequence with one entry (or None) per seat")
    if len(discards) != len(known):
        raise ValueError(f"equity: {len(discards)} discards for {len(known)} seats")
    out: list[tuple[int, ...]] = []
    for seat, (hand, throw) in enumerate(zip(known, discards)):
        cards = quick_ids(throw) if throw is not None else ()
        if cards is None:  # the full checks, naming the problem
            cards = card_set(throw, f"seat {seat} discard")
        if cards:
            if hand is None:
                raise ValueError(f"seat {seat} has unknown cards, so it cannot discard")
            missing = [c for c in cards if c not in hand]
            if missing:
                raise ValueError(f"seat {seat} discards {format_cards(missing)}, not in its hand")
            if draws == 0:
                raise ValueError(f"seat {seat} discards, but no draw is left (draws=0)")
        out.append(cards)
    return out


class _Layout(NamedTuple):
    """Which figures a game has, worked out once per game."""

    present: tuple[tuple[str, int], ...]
    """The figures of :data:`_FIGURES` the game has (its halves', scoop and
    share), each with its place in a ``bdc_equity_sums``."""
    absent: dict[str, None]
    """The others (a half the game lacks), each None."""
    exact_stderr: dict[int, EquityFigures]
    """An exact result's standard errors (all zero) by number of seats, made on
    first use (immutable: every result shares them)."""


@per_game
def _layout(rules: Game) -> _Layout:
    present = tuple(
        (name, EQUITY_FIGURES.index(name)) for name in _FIGURES
        if not (name.startswith("badugi") and rules.badugi is None) and not (name.startswith("low") and rules.low is None)
    )
    return _Layout(present, dict.fromkeys(n for n in _FIGURES if n not in dict(present)), {})


def _made(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of a frozen dataclass of checked fields, every field given:
    its ``__init__`` sets them one by one, most of the cost of building a result."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def _result(
    plan: EquityPlan,
    known: list[tuple[int, ...] | None],
    unknown: list[tuple[int, ...]] | None,
    thrown: list[tuple[int, ...]],
    dead: tuple[int, ...],
    n_samples: int | None,
    seed: int | None,
    run: EquitySums,
) -> Equity:
    """The figures of a run, as plain data: each an integer count divided once
    (correctly rounded) by the number of outcomes or samples."""
    rules = plan.game
    values, weight = run
    layout = _layout(rules)
    means: dict[str, tuple[float, ...] | None] = dict(layout.absent)
    counts: dict[str, tuple[int, ...] | None] = dict(layout.absent)
    share_unit = weight * SHARE_UNIT
    for name, place in layout.present:
        totals = values[place::FIGURES]  # this figure's count for each seat
        if name == "share":
            means[name] = tuple(map(share_unit.__rtruediv__, totals))  # total / (weight * SHARE_UNIT), correctly rounded
        else:
            counts[name] = tuple(totals)
            means[name] = tuple(map(weight.__rtruediv__, totals))  # total / weight, correctly rounded
    seats = len(known)
    if n_samples is None:
        stderr = layout.exact_stderr.get(seats)
        if stderr is None:
            zeros = (0.0,) * seats
            stderr = _made(EquityFigures, {**layout.absent, **{name: zeros for name, _ in layout.present}})
            layout.exact_stderr[seats] = stderr
    else:
        errors: dict[str, tuple[float, ...] | None] = dict(layout.absent)
        for name, _ in layout.present:
            mean = means[name]
            assert mean is not None
            if name == "share":  # a mean of a bounded variable: its sample variance
                squares = [total / (share_unit * SHARE_UNIT) for total in values[_SHARE_SQ::FIGURES]]
                errors[name] = tuple(math.sqrt(max(q - m * m, 0.0) / weight) for q, m in zip(squares, mean))
            else:  # a proportion
                errors[name] = tuple(math.sqrt(m * (1.0 - m) / weight) for m in mean)
        stderr = _made(EquityFigures, errors)
    return _made(Equity, {
        **means,
        "game": rules,
        "hands": tuple(known),
        "unknown_draws": tuple([
            None if hand is not None else unknown[s] if unknown is not None else _NO_DRAWS[plan.draws]
            for s, hand in enumerate(known)
        ]),
        "discards": tuple(thrown),
        "dead": dead,
        "draws": plan.draws,
        "target": plan.target,
        "exact": n_samples is None,
        "outcomes": plan.outcomes if n_samples is None else n_samples,
        "seed": seed,
        "stderr": stderr,
        "counts": _made(EquityCounts, counts),
    })
