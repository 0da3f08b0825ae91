"""Equity side by side with poker-equity (a Rust equity library with Python
bindings, ``pip install poker-equity==0.1.1``) on the same spots.

poker-equity takes the same card ids (``rank * 4 + suit``, clubs first); a hand
shorter than its game's hand size draws the missing cards, and the discards
are given as dead cards, so one draw of ours is one deal of theirs.  Each spot
is run exact and with :data:`SAMPLES` samples, ours and theirs (one thread
each), and the results must agree: exact to 1e-9, sampled within
:data:`SIGMAS` standard errors of our exact figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import badeucey_fast as bf

SAMPLES = 1_000_000
SIGMAS = 5.0
EXACT_TOLERANCE = 1e-9
POKER_EQUITY_VERSION = "0.1.1"


class Spot(NamedTuple):
    """One equity spot: every seat's hand and discard, one draw."""

    key: str
    label: str
    game: str
    hands: tuple[str, ...]
    discards: tuple[str, ...]
    outcomes: int


SPOTS = (
    Spot("badugi_1v1", "Badugi, each drawing one", "badugi", ("As 2c 3d Ks", "5s 6c 7d 8h"), ("Ks", "8h"), 1_892),
    Spot("badugi_2v1", "Badugi, two against one", "badugi", ("As 2c Qd Ks", "5s 6c 7d 8h"), ("Qd Ks", "8h"), 39_732),
    Spot("deuce_seven_1v2", "2-7, one against two", "deuce_seven", ("8s 6h 4d 3c Ks", "9s 7h 5d Kc Kd"),
         ("Ks", "Kc Kd"), 34_440),
    Spot("badugi_3way", "Badugi 3-way, one card each", "badugi", ("As 2c 3d Ks", "5s 6c 7d 8h", "4s 9c Td Qh"),
         ("Ks", "8h", "Qh"), 59_280),
)


def load_poker_equity() -> ModuleType | None:
    """The poker_equity module, or None when it is not installed."""
    import importlib

    try:
        return importlib.import_module("poker_equity")
    except ImportError:
        return None


def ours(spot: Spot, samples: int | None) -> Callable[[], bf.Equity]:
    """Our equity call for a spot: exact (``samples`` None) or sampled."""
    hands, discards, game = list(spot.hands), list(spot.discards), spot.game
    if samples is None:
        return lambda: bf.equity(hands, discards=discards, draws=1, game=game)
    return lambda: bf.equity(hands, discards=discards, draws=1, game=game, samples=samples, seed=1)


def theirs(module: ModuleType, spot: Spot, samples: int | None) -> Callable[[], dict[str, Any]]:
    """poker-equity's call for the same spot: the kept cards as one-bit masks,
    the discards dead."""
    masks = [[[1 << c for c in bf.parse_cards(h) if c not in bf.parse_cards(d)]] for h, d in zip(spot.hands, spot.discards)]
    dead = sum(1 << c for d in spot.discards for c in bf.parse_cards(d))
    variant = spot.game
    if samples is None:
        return lambda: module.exact(variant, masks, [], dead)
    return lambda: module.chunk(variant, masks, [], dead, samples, 1, 1)


def check(spot: Spot, exact: bf.Equity, result: bf.Equity | dict[str, Any], sampled: bool) -> None:
    """Raise ValueError unless a result (ours or theirs) agrees with our exact figures."""
    if isinstance(result, dict):
        players = result["players"]
        pairs = [(p["win"], p["tie"], p["equity"], p["std_error"]) for p in players]
        n = float(result["samples"])
        if not sampled and (not result["exact"] or int(n) != spot.outcomes):
            raise ValueError(f"poker-equity, {spot.label}: not exact over {spot.outcomes} outcomes")
    else:
        win = result.low_win if result.low_win is not None and result.badugi_win is None else result.badugi_win
        tie = result.low_tie if result.low_tie is not None and result.badugi_tie is None else result.badugi_tie
        assert win is not None and tie is not None
        pairs = [(w, t, s, 0.0) for w, t, s in zip(win, tie, result.share)]
        n = float(result.outcomes)
    half = "low" if exact.badugi_win is None else "badugi"
    want_win, want_tie = getattr(exact, f"{half}_win"), getattr(exact, f"{half}_tie")
    for seat, (w, t, s, _) in enumerate(pairs):
        for name, got, want in (("win", w, want_win[seat]), ("tie", t, want_tie[seat]), ("share", s, exact.share[seat])):
            allowed = SIGMAS * math.sqrt(max(want * (1 - want), 1e-12) / n) if sampled else EXACT_TOLERANCE
            if abs(got - want) > allowed:
                who = "poker-equity" if isinstance(result, dict) else "ours"
                raise ValueError(f"{who}, {spot.label}, seat {seat} {name}: {got} against exact {want}")


class Pair(NamedTuple):
    """A spot's job, ours and theirs, for timing side by side."""

    key: str
    label: str
    ours: Callable[[], object]
    theirs: Callable[[], object]


def pairs(module: ModuleType) -> list[Pair]:
    """Every spot exact and sampled, checked once (outside any timing)."""
    out = []
    for spot in SPOTS:
        exact = ours(spot, None)()
        if exact.outcomes != spot.outcomes:
            raise ValueError(f"{spot.label}: {exact.outcomes} outcomes, expected {spot.outcomes}")
        for samples in (None, SAMPLES):
            mine, peer = ours(spot, samples), theirs(module, spot, samples)
            check(spot, exact, mine(), samples is not None)
            check(spot, exact, peer(), samples is not None)
            how = "exact" if samples is None else f"{samples:,} samples"
            out.append(Pair(f"{spot.key}_{'exact' if samples is None else 'sampled'}",
                            f"equity, {spot.label}, {how}", mine, peer))
    return out
