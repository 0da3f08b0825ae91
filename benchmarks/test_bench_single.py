"""One hand from Python: ours against pokerkit, phevaluator and the cffi floor.

Every benchmark of a group ranks the same 2,000 fixed-seed hands, pre-parsed
(tuples of card ids; pokerkit gets its own ``Card`` objects, converted outside
the timing), in one round: ``list(map(f, hands))``.  The figures divide a
round's time by 2,000, so **time per call = round time / 2,000** and includes
the ``map`` loop (about 10 ns a hand, the same for every contestant).

Results are checked in every mode, ``--benchmark-disable`` included: ours
against our batch function (the same ranking), pokerkit's order against ours,
phevaluator's ranks only for being valid (a hold'em ranking, not comparable).

Tests run in file order: within a group the peers come first, so the last
test (ours) can put the ratios to them, measured in the same run, into
``benchmark.extra_info``.
"""

from __future__ import annotations

from functools import partial
from itertools import starmap
from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast._bench.hands import SINGLE_HANDS
from badeucey_fast._bench.jobs import Inputs
from badeucey_fast._bench.peers import (
    PHEVALUATOR_RANKS,
    PokerkitPeer,
    load_phevaluator,
    same_order,
)
from badeucey_fast._core import lib

from .conftest import run_job

SPLIT_SHIFT = lib.BDC_SPLIT_SHIFT  # the C core packs split-game results as (badugi << 16) | low

BADEUCEY = "one hand: Badeucey, both halves"
BADUGI = "one hand: Badugi, aces {}"
DEUCE_SEVEN = "one hand: deuce-to-seven"
PARSE = "parse one card string"


def as_array(hands: list[tuple[int, ...]]) -> Any:
    return np.array(hands, dtype=np.uint8)


def assert_same_order(ours: list[int], theirs: list[int], what: str) -> None:
    """Sorting the hands by our rank and by pokerkit's strength agrees, ties included."""
    assert same_order(ours, theirs), f"{what}: pokerkit orders the benchmark hands differently"


# --------------------------------------------------------------------------- #
# Badeucey: both halves of one hand
# --------------------------------------------------------------------------- #
@pytest.mark.benchmark(group=BADEUCEY)
def test_cffi_floor(benchmark: Any, inputs: Inputs, figures: Any) -> None:
    """The floor: a cffi call of a C function that does nothing, with the same five ints."""
    results = run_job(benchmark, "cffi_floor", inputs)
    assert len(results) == SINGLE_HANDS and len(set(results)) == 1 and isinstance(results[0], int)
    figures.per_hand("floor", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=BADEUCEY)
def test_cffi_badeucey_unwrapped(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """The C function behind bf.badeucey, called straight through cffi (no Python
    wrapper, packed result): what the wrapper costs on top of it."""
    results = benchmark(lambda: list(starmap(lib.bdc_badeucey, single_hands)))
    expected = bf.badeucey_batch(as_array(single_hands))
    assert [(r >> SPLIT_SHIFT, r & 0xFFFF) for r in results] == [tuple(row) for row in expected.tolist()]
    figures.per_hand("cffi_badeucey", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=BADEUCEY)
def test_phevaluator_evaluate_cards(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """phevaluator's public evaluate_cards on the same five ids: one hold'em
    lookup from Python (its ranks are hold'em ranks: only checked to be valid)."""
    found = load_phevaluator()  # the adapter badeucey bench uses
    if found is None:
        pytest.skip("phevaluator is not installed")
    evaluate = found[0]
    results = benchmark(lambda: list(starmap(evaluate, single_hands)))
    assert len(results) == SINGLE_HANDS
    assert all(isinstance(r, int) and 1 <= r <= PHEVALUATOR_RANKS for r in results)
    figures.per_hand("phevaluator", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=BADEUCEY)
def test_phevaluator_native(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """phevaluator's C extension function without its Python wrapper (private:
    ``phevaluator._pheval.evaluate_5cards``): the cost of a plain CPython
    extension call, for comparison with the cffi floor."""
    evaluate_cards = pytest.importorskip("phevaluator").evaluate_cards
    native = pytest.importorskip("phevaluator._pheval").evaluate_5cards

    results = benchmark(lambda: list(starmap(native, single_hands)))
    assert results == [evaluate_cards(*hand) for hand in single_hands]
    figures.per_hand("phevaluator_native", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=BADEUCEY)
def test_pokerkit_badeucey(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """pokerkit doing the same job: StandardBadugiHand.from_game + StandardLowHand."""
    peer = PokerkitPeer(pytest.importorskip("pokerkit"))
    cards = peer.cards(single_hands)
    results = benchmark(lambda: list(map(peer.badeucey, cards)))
    ours = [bf.badeucey(hand) for hand in single_hands]
    assert_same_order([h.badugi for h in ours], [peer.strength(b) for b, _ in results], "Badugi aces high")
    assert_same_order([h.low for h in ours], [peer.strength(low) for _, low in results], "deuce-to-seven")
    figures.per_hand("pokerkit_badeucey", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=BADEUCEY)
def test_badeucey_list_ids(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """bf.badeucey on the same hands as lists instead of tuples (the builtin's
    fast path takes both)."""
    lists = [list(hand) for hand in single_hands]
    results = benchmark(lambda: list(map(bf.badeucey, lists)))
    assert results == [bf.badeucey(hand) for hand in single_hands]
    figures.per_hand("badeucey_list", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, "badeucey_list/badeucey_unwrapped", "badeucey_list", "cffi_badeucey")


@pytest.mark.benchmark(group=BADEUCEY)
def test_badeucey(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any, inputs: Inputs) -> None:
    """bf.badeucey(ids): both halves of one pre-parsed hand (a tuple of ids)."""
    results = run_job(benchmark, "one_hand", inputs)
    expected = bf.badeucey_batch(as_array(single_hands))
    assert [tuple(r) for r in results] == [tuple(row) for row in expected.tolist()]
    assert all(type(r) is bf.Halves for r in results)
    figures.per_hand("badeucey", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, "pokerkit/badeucey", "pokerkit_badeucey", "badeucey")
    figures.ratio(benchmark, "phevaluator/badeucey", "phevaluator", "badeucey")
    figures.ratio(benchmark, "badeucey/floor", "badeucey", "floor")
    figures.ratio(benchmark, "badeucey/unwrapped", "badeucey", "cffi_badeucey")
    figures.ratio(benchmark, "phevaluator_native/floor", "phevaluator_native", "floor")


@pytest.mark.benchmark(group=BADEUCEY)
def test_badeucey_mask(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any, inputs: Inputs) -> None:
    """bf.badeucey_mask(mask): both halves of one hand pre-parsed to a card mask
    (bf.hand_mask), packed in one int: the cheapest call from Python."""
    assert inputs.masks == [bf.hand_mask(hand) for hand in single_hands]
    results = run_job(benchmark, "one_hand_mask", inputs)
    assert [divmod(r, 1 << SPLIT_SHIFT) for r in results] == [tuple(h) for h in map(bf.badeucey, single_hands)]
    figures.per_hand("badeucey_mask", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, "pokerkit/badeucey_mask", "pokerkit_badeucey", "badeucey_mask")
    figures.ratio(benchmark, "phevaluator/badeucey_mask", "phevaluator", "badeucey_mask")
    figures.ratio(benchmark, "badeucey_mask/floor", "badeucey_mask", "floor")


# --------------------------------------------------------------------------- #
# Badugi and deuce-to-seven alone
# --------------------------------------------------------------------------- #
ACES = pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])


def badugi_group(ace_high: bool) -> str:
    return BADUGI.format("high" if ace_high else "low")


@ACES
def test_pokerkit_badugi(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any, ace_high: bool) -> None:
    """pokerkit's best badugi of five cards: BadugiHand / StandardBadugiHand.from_game."""
    benchmark.group = badugi_group(ace_high)
    peer = PokerkitPeer(pytest.importorskip("pokerkit"))
    cards = peer.cards(single_hands)
    results = benchmark(lambda: [peer.badugi(hand, ace_high) for hand in cards])
    ours = [bf.badugi_rank(hand, ace_high=ace_high) for hand in single_hands]
    assert_same_order(ours, [peer.strength(hand) for hand in results], badugi_group(ace_high))
    figures.per_hand(f"pokerkit_badugi_{'high' if ace_high else 'low'}", benchmark, SINGLE_HANDS)


@ACES
def test_badugi_rank(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any, ace_high: bool) -> None:
    """bf.badugi_rank(ids, ace_high=...): the best badugi of one pre-parsed five-card hand."""
    benchmark.group = badugi_group(ace_high)
    rank = partial(bf.badugi_rank, ace_high=ace_high)
    results = benchmark(lambda: list(map(rank, single_hands)))
    assert results == bf.badugi_rank_batch(as_array(single_hands), ace_high=ace_high).tolist()
    aces = "high" if ace_high else "low"
    figures.per_hand(f"badugi_{aces}", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, f"pokerkit/badugi_{aces}", f"pokerkit_badugi_{aces}", f"badugi_{aces}")
    figures.ratio(benchmark, f"badugi_{aces}/floor", f"badugi_{aces}", "floor")


@pytest.mark.benchmark(group=DEUCE_SEVEN)
def test_pokerkit_deuce_seven(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """pokerkit's StandardLowHand (deuce-to-seven) of five cards."""
    peer = PokerkitPeer(pytest.importorskip("pokerkit"))
    cards = peer.cards(single_hands)
    results = benchmark(lambda: list(map(peer.deuce_seven, cards)))
    ours = [bf.deuce_seven_rank(hand) for hand in single_hands]
    assert_same_order(ours, [peer.strength(hand) for hand in results], DEUCE_SEVEN)
    figures.per_hand("pokerkit_deuce_seven", benchmark, SINGLE_HANDS)


@pytest.mark.benchmark(group=DEUCE_SEVEN)
def test_deuce_seven_rank(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """bf.deuce_seven_rank(ids) of one pre-parsed hand."""
    results = benchmark(lambda: list(map(bf.deuce_seven_rank, single_hands)))
    assert results == bf.deuce_seven_rank_batch(as_array(single_hands)).tolist()
    figures.per_hand("deuce_seven", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, "pokerkit/deuce_seven", "pokerkit_deuce_seven", "deuce_seven")
    figures.ratio(benchmark, "deuce_seven/floor", "deuce_seven", "floor")


# --------------------------------------------------------------------------- #
# Parsing
# --------------------------------------------------------------------------- #
@pytest.mark.benchmark(group=PARSE)
def test_pokerkit_card_parse(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any) -> None:
    """pokerkit's Card.parse on the same card strings (pokerkit's format: no spaces)."""
    peer = PokerkitPeer(pytest.importorskip("pokerkit"))
    texts = ["".join(repr(peer.card_of[card]) for card in hand) for hand in single_hands]
    parse = peer.parse_cards
    results = benchmark(lambda: [tuple(parse(text)) for text in texts])
    id_of = {card: i for i, card in enumerate(peer.card_of)}
    assert [tuple(id_of[card] for card in cards) for cards in results] == single_hands
    figures.per_hand("pokerkit_parse", benchmark, SINGLE_HANDS)


@pytest.mark.parametrize("spelling", ["spaced", "compact"])
def test_parse_cards(benchmark: Any, single_hands: list[tuple[int, ...]], figures: Any, spelling: str) -> None:
    """bf.parse_cards on one five-card string: "7s 5h 4d 3c 2s" (spaced) or "7s5h4d3c2s" (compact)."""
    benchmark.group = PARSE
    separator = " " if spelling == "spaced" else ""
    texts = [separator.join(bf.format_cards(hand).split()) for hand in single_hands]
    results = benchmark(lambda: list(map(bf.parse_cards, texts)))
    assert results == single_hands
    figures.per_hand(f"parse_cards_{spelling}", benchmark, SINGLE_HANDS)
    figures.ratio(benchmark, f"pokerkit/parse_cards_{spelling}", "pokerkit_parse", f"parse_cards_{spelling}")
