"""The one contract of integer arguments (badeucey_fast._checks), at every public entry point.

Every entry point below is driven through the same table of values.  The rule:
an integer parameter takes ``int`` and numpy's integers; a bool, a float or text
is a ``TypeError``, a value outside the parameter's range a ``ValueError``, and
either message names the parameter.  Seeds are None or 0 .. 2**64 - 1.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import _checks
from badeucey_fast.draws import MAX_EXACT_LIMIT, MAX_SAMPLES
from badeucey_fast.jobs import InlineExecutor, LocalPool, discard_chart, local_executor
from badeucey_fast.play import CallingBot, Hand, TableRules, play_match

HAND = "7s 5h 4d 3c 2s"
BADUGI_HAND = "As 2c 3d Ks"
SEED_RANGE = (0, 2**64 - 1)

BAD_TYPES: list[object] = [True, False, np.True_, 2.5, np.float64(3.0), "3", b"3", [3], 3 + 0j]
"""Values that are not integers: a TypeError wherever an integer is asked for."""
NUMBERS: list[int] = [-1, 0, 1, 2, 3, 4, 2**64 - 1, 2**64, 2**70, -(2**70)]
"""Integers: accepted inside the parameter's range, a ValueError outside it."""


class EntryPoint(NamedTuple):
    """A public function with one integer parameter left free."""

    call: Callable[[Any], object]
    name: str
    """What the message must name."""
    low: int | None
    high: int | None
    valid: int
    """A value in range that is cheap to run (given as each numpy integer type too)."""


def _chart(**settings: Any) -> object:
    chart = discard_chart("badugi", hands=[BADUGI_HAND], executor=InlineExecutor(), **settings)
    return chart.best(BADUGI_HAND)


def _workers(workers: object) -> object:
    pool = local_executor(workers)  # type: ignore[arg-type]
    pool.shutdown()  # (no worker has started: a pool starts them with its first task)
    return pool


def _match(**settings: Any) -> object:
    options: dict[str, Any] = {"hands": 2, "seed": 1, "game": "badugi", "executor": InlineExecutor(), **settings}
    return play_match([CallingBot(), CallingBot()], **options).to_dict()


ENTRY_POINTS: dict[str, EntryPoint] = {
    # draws
    "draw_outcomes draws": EntryPoint(lambda v: bf.draw_outcomes(HAND, "7s", draws=v), "draws", 1, 3, 1),
    "draw_outcomes samples": EntryPoint(
        lambda v: bf.draw_outcomes(HAND, "7s", samples=v, seed=1), "samples", 1, MAX_SAMPLES, 20),
    "draw_outcomes seed": EntryPoint(lambda v: bf.draw_outcomes(HAND, "7s", samples=20, seed=v), "seed", *SEED_RANGE, 5),
    "draw_outcomes max_exact": EntryPoint(
        lambda v: bf.draw_outcomes(HAND, "7s", max_exact=v), "max_exact", 1, MAX_EXACT_LIMIT, 100),
    "best_discards draws": EntryPoint(lambda v: bf.best_discards(BADUGI_HAND, game="badugi", draws=v), "draws", 1, 3, 1),
    "best_discards samples": EntryPoint(
        lambda v: bf.best_discards(BADUGI_HAND, game="badugi", samples=v, seed=1), "samples", 1, MAX_SAMPLES, 10),
    "best_discards seed": EntryPoint(
        lambda v: bf.best_discards(BADUGI_HAND, game="badugi", samples=10, seed=v), "seed", *SEED_RANGE, 3),
    "best_discards max_exact": EntryPoint(
        lambda v: bf.best_discards(BADUGI_HAND, game="badugi", max_exact=v), "max_exact", 1, MAX_EXACT_LIMIT,
        10**6),  # every option exact
    # equity
    "equity draws": EntryPoint(lambda v: bf.equity([HAND, None], draws=v, samples=20, seed=1), "draws", 0, 3, 0),
    "equity samples": EntryPoint(lambda v: bf.equity([HAND, None], samples=v, seed=1), "samples", 1,
                                 MAX_SAMPLES, 20),
    "equity seed": EntryPoint(lambda v: bf.equity([HAND, None], samples=20, seed=v), "seed", *SEED_RANGE, 2),
    "equity max_exact": EntryPoint(lambda v: bf.equity([HAND, "8s 7h 6d 4c 2h"], max_exact=v), "max_exact", 1,
                                   MAX_EXACT_LIMIT, 1),
    # charts and jobs
    "discard_chart draws": EntryPoint(lambda v: _chart(draws=v), "draws", 1, 3, 1),
    "discard_chart seed": EntryPoint(lambda v: _chart(seed=v), "seed", *SEED_RANGE, 4),
    "discard_chart chunk_size": EntryPoint(lambda v: _chart(chunk_size=v), "chunk_size", 1, None, 1),
    "local_executor workers": EntryPoint(_workers, "workers", 1, None, 1),
    # evaluation
    "hand_name rank": EntryPoint(lambda v: bf.hand_name(v, "deuce_seven"), "rank", 1, 7462, 1),
    "class_ranks rank": EntryPoint(lambda v: bf.class_ranks(v, "ace_five"), "rank", 1, 6175, 1),
    "Game qualifier": EntryPoint(lambda v: dataclasses.replace(bf.GAMES["badeucey"], low_qualifier=v),
                                 "low_qualifier", 1, 7462, 100),
    "random_hands n": EntryPoint(lambda v: bf.random_hands(v, seed=1), "random_hands: n", 0, sys.maxsize, 2),
    "random_hands cards": EntryPoint(lambda v: bf.random_hands(2, cards=v, seed=1), "random_hands: cards", 1, 52, 3),
    "random_hands seed": EntryPoint(lambda v: bf.random_hands(2, seed=v), "random_hands: seed", *SEED_RANGE, 9),
    "Deck seed": EntryPoint(lambda v: bf.Deck(seed=v).deal(5), "Deck: seed", *SEED_RANGE, 5),
    "Deck.deal n": EntryPoint(lambda v: bf.Deck(seed=1).deal(v), "Deck.deal", 0, 52, 3),
    # playing
    "TableRules big_blind": EntryPoint(lambda v: TableRules("badugi", big_blind=v, small_blind=0), "big_blind", 1,
                                       None, 2),
    "TableRules cap": EntryPoint(lambda v: TableRules("badugi", cap=v), "cap", 1, None, 4),
    "Hand stacks": EntryPoint(lambda v: Hand(TableRules("badugi"), [v, 9], seed=1).stacks, "stack of seat 0", 1, None,
                              9),
    "Hand seed": EntryPoint(lambda v: Hand(TableRules("badugi"), [9, 9], seed=v).cards(0), "seed", *SEED_RANGE, 3),
    "play_match hands": EntryPoint(lambda v: _match(hands=v), "hands", 1, None, 2),
    "play_match stacks": EntryPoint(lambda v: _match(stacks=[v, v]), "stacks", 1, None, 50),
    "play_match seed": EntryPoint(lambda v: _match(seed=v), "seed", *SEED_RANGE, 7),
}

NUMPY_TYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def _raises(call: Callable[[], object], kind: type[Exception], name: str) -> None:
    with pytest.raises(kind) as info:
        call()
    assert type(info.value) is kind, f"{type(info.value).__name__}: {info.value}"
    assert name in str(info.value), f"the message does not name {name!r}: {info.value}"


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=str)
@pytest.mark.parametrize("value", BAD_TYPES, ids=repr)
def test_a_value_that_is_not_an_integer_is_a_type_error(entry: str, value: object) -> None:
    point = ENTRY_POINTS[entry]
    _raises(lambda: point.call(value), TypeError, point.name)


def _in_range(point: EntryPoint, value: int) -> bool:
    return (point.low is None or value >= point.low) and (point.high is None or value <= point.high)


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=str)
@pytest.mark.parametrize("value", NUMBERS, ids=repr)
def test_an_integer_out_of_range_is_a_value_error(entry: str, value: int) -> None:
    point = ENTRY_POINTS[entry]
    if _in_range(point, value):
        pytest.skip(f"{value} is in range for {entry}")
    _raises(lambda: point.call(value), ValueError, point.name)
    _raises(lambda: point.call(np.int64(value) if -(2**63) <= value < 2**63 else value), ValueError, point.name)


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=str)
def test_the_lowest_value_is_accepted(entry: str) -> None:
    point = ENTRY_POINTS[entry]
    if point.low is not None:
        point.call(point.low)


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=str)
@pytest.mark.parametrize("kind", NUMPY_TYPES, ids=lambda k: k.__name__)
def test_numpy_integers_are_integers(entry: str, kind: type) -> None:
    point = ENTRY_POINTS[entry]
    if point.valid > np.iinfo(kind).max:
        pytest.skip(f"{kind.__name__} cannot hold {point.valid}")
    plain, numpy = point.call(point.valid), point.call(kind(point.valid))
    if isinstance(plain, np.ndarray):
        assert np.array_equal(plain, numpy)  # type: ignore[arg-type]
    elif hasattr(plain, "to_dict"):
        assert plain.to_dict() == numpy.to_dict()  # type: ignore[attr-defined]
    elif not isinstance(plain, LocalPool):
        assert plain == numpy


def test_seeds_everywhere_take_the_whole_range() -> None:
    top = 2**64 - 1
    assert bf.draw_outcomes(HAND, "7s", samples=10, seed=top).seed == top
    assert bf.equity([HAND, None], samples=10, seed=np.uint64(top)).seed == top  # type: ignore[call-overload]
    assert bf.best_discards(BADUGI_HAND, game="badugi", samples=10, seed=top)[0].outcomes.seed in (None, top)


# ---- card ids ------------------------------------------------------------------------

CARD_CALLS: dict[str, Callable[[Any], object]] = {
    "badeucey": lambda card: bf.badeucey((card, 4, 8, 12, 16)),
    "badugi_rank": lambda card: bf.badugi_rank([card, 5, 10, 15]),
    "deuce_seven_rank": lambda card: bf.deuce_seven_rank((card, 4, 8, 12, 16)),
    "compare": lambda card: bf.compare((card, 4, 8, 12, 16), (1, 5, 9, 13, 17)),
    "showdown": lambda card: bf.showdown([(card, 4, 8, 12, 16), (1, 5, 9, 13, 17)], 10),
    "draw_outcomes": lambda card: bf.draw_outcomes((card, 4, 8, 12, 16), ()),
    "equity": lambda card: bf.equity([(card, 4, 8, 12, 16), (1, 5, 9, 13, 17)]),
    "format_cards": lambda card: bf.format_cards([card]),
}


@pytest.mark.parametrize("call", CARD_CALLS, ids=str)
@pytest.mark.parametrize("card", [True, np.True_, 2.5, np.float32(2), None, [1]], ids=repr)
def test_a_card_id_that_is_not_an_integer_is_a_type_error(call: str, card: object) -> None:
    _raises(lambda: CARD_CALLS[call](card), TypeError, "card ids must be integers")


@pytest.mark.parametrize("call", CARD_CALLS, ids=str)
@pytest.mark.parametrize("card", [-1, 52, 2**70], ids=repr)
def test_a_card_id_out_of_range_is_a_value_error(call: str, card: int) -> None:
    _raises(lambda: CARD_CALLS[call](card), ValueError, f"card id {card} is outside 0..51")


@pytest.mark.parametrize("call", CARD_CALLS, ids=str)
@pytest.mark.parametrize("kind", NUMPY_TYPES, ids=lambda k: k.__name__)
def test_numpy_card_ids_are_card_ids(call: str, kind: type) -> None:
    plain, numpy = CARD_CALLS[call](0), CARD_CALLS[call](kind(0))
    assert (plain.to_dict() == numpy.to_dict()) if hasattr(plain, "to_dict") else plain == numpy  # type: ignore[attr-defined]


# ---- the rule itself ------------------------------------------------------------------


@pytest.mark.parametrize("value", BAD_TYPES, ids=repr)
def test_the_checks_refuse_what_is_not_an_integer(value: object) -> None:
    for check in (
        lambda: _checks.check_int(value, "x"),
        lambda: _checks.check_count(value, "x"),
        lambda: _checks.check_seed(value, "x"),
    ):
        _raises(check, TypeError, "x must be an integer")
    with pytest.raises(TypeError, match="card ids must be integers"):
        _checks.check_card_id(value)


def test_the_checks_give_plain_ints() -> None:
    for kind in NUMPY_TYPES:
        for value in (_checks.check_int(kind(7), "x", low=0, high=9), _checks.check_count(kind(7), "x"),
                      _checks.check_seed(kind(7)), _checks.check_card_id(kind(7))):
            assert value == 7 and type(value) is int
    assert _checks.check_seed(None) is None
    assert _checks.check_seed(2**64 - 1) == 2**64 - 1


def test_range_messages() -> None:
    _raises(lambda: _checks.check_int(4, "draws", low=1, high=3), ValueError, "draws must be 1..3, got 4")
    _raises(lambda: _checks.check_count(0, "workers"), ValueError, "workers must be at least 1, got 0")
    _raises(lambda: _checks.check_count(11, "samples", high=10, limit_name="LIMIT"), ValueError,
            "samples must be at most 10 (LIMIT), got 11")
    _raises(lambda: _checks.check_seed(-1), ValueError, "seed must be in 0 .. 2**64 - 1, got -1")
