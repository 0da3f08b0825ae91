"""Cross-checks against pokerkit 0.7.7, an independent evaluator, used as an oracle.

pokerkit's API as used here
---------------------------
- Hand classes: ``BadugiHand`` (Badugi, aces low; its docstring calls it "ace-to-five"),
  ``StandardBadugiHand`` (Badugi, aces high; docstring "deuce-to-seven"),
  ``StandardLowHand`` (deuce-to-seven lowball, straights do not wrap, so A-2-3-4-5 is
  ace-high) and ``RegularLowHand`` (ace-to-five lowball, straights and flushes ignored).
- ``BadugiHand(cards)`` only accepts cards that already *are* a badugi (1 to 4 cards,
  distinct ranks, distinct suits); a hand as dealt goes through
  ``BadugiHand.from_game(cards)``, which tries every subset of 4 cards, then of 3, 2, 1,
  and returns the best valid subset of the largest size that has one. That is RULES.md's
  "best subset" rule for 4 and for 5 cards.
- Strength: ``hand.entry.index``. Each pokerkit lookup renumbers its entries densely
  from 0, and for these four (low) hand classes a *smaller* index is a *stronger* hand
  (``a > b``, "a is stronger", is ``a.entry.index < b.entry.index``; equal index = tie).
  The lookups hold exactly 1,092 / 7,462 / 6,175 distinct indices, so on RULES.md's
  scales pokerkit's index + 1 is the dense rank itself; the tests check both the order
  (what the cross-check is about) and this equality.
- Speed (this machine, one core): ``BadugiHand.from_game`` about 100 us for 4 cards and
  about 190 us for 5 cards (``StandardBadugiHand`` about 120 / 215 us);
  ``StandardLowHand(cards)`` / ``RegularLowHand(cards)`` about 9 us. Too slow to
  evaluate every hand one by one, so each hand's pokerkit value is taken from a
  representative of its class, using only symmetries that pokerkit has by construction:
  * Badugi: relabelling the suits (any of the 24 permutations) never changes pokerkit's
    value (its Badugi code only asks whether suits are equal). The 270,725 four-card hands
    fall into 16,432 such classes; one ``from_game`` call per class covers every hand.
  * 2-7 and A-5: pokerkit's lookup key *is* (multiset of ranks, all-one-suit flag)
    (``Lookup._get_key``), so one call per key (7,462 keys) covers all 2,598,960 hands.
  Our package, on the other hand, is evaluated on every hand of every set.

What is checked
---------------
- Badugi aces low and aces high, all 270,725 four-card hands.
- Badugi aces low and aces high from 5 cards: every 5-card hand from the ranks
  A 2 3 4 5 6 7 (98,280 hands: all the best classes and many ties between subsets), every
  one-suit hand (1,287), 50,000 fixed-seed random hands and hand-picked cases.
- Deuce-to-seven and ace-to-five, all 2,598,960 five-card hands, plus hand-picked cases
  (wheel, A-2-3-4-5 in 2-7, steel wheel, straights, flushes, quads, royal flush).
- For each set: a pokerkit tie is a tie of ours and pokerkit's order is ours, i.e. the
  map "pokerkit index -> our rank" is a strictly increasing bijection over the set; and
  our rank equals pokerkit's index + 1.
- The single-hand functions (ids and text) on the hand-picked cases and on a random
  subset of each big set.

pokerkit versus RULES.md
------------------------
No ranking difference. Before writing these tests pokerkit was compared with a direct
implementation of RULES.md on every class (every 4-card suit class for both Badugi
conventions, every 5-card hand of ranks A-7 plus random 5-card hands, every 2-7 and A-5
rank multiset with and without a flush): the orders are identical, and pokerkit
reproduces the 4-card Badugi size counts of RULES.md (17,160 / 154,440 / 96,252 /
2,873). ``StandardBadugiHand`` is exactly RULES.md's aces-high Badugi (ace above king,
best 5-4-3-2, worst one-card hand a lone ace). Differences are of interface only:

- Card text. pokerkit: rank then suit, ranks ``2-9 T J Q K A`` upper case only, suits
  ``c d h s`` lower case only, no suit symbols (``"A♠"`` is a ValueError); ``"10"`` is
  accepted because ``Card.parse`` first replaces every ``"10"`` in the string by ``"T"``;
  separators: whitespace and commas; ``?`` is an unknown rank or suit; a card prints as
  ``"As"`` and a hand as the concatenation (``"7s5h4d3c2s"``). pokerkit has no integer
  ids: here ``id -> Card(RankOrder.STANDARD[id // 4], (c, d, h, s)[id % 4])``.
- pokerkit's strength is a 0-based index, lower = stronger; ours is 1-based.
- ``BadugiHand(cards)`` raises for cards that are not themselves a badugi, and for 5
  cards; only ``from_game`` evaluates a dealt hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pokerkit
import pytest
from pokerkit import (
    BadugiHand,
    Card,
    RegularLowHand,
    StandardBadugiHand,
    StandardLowHand,
)

import badeucey_fast as bf
from badeucey_fast._bench.peers import PokerkitPeer, order_disagreement

from .support import BADEUCEY_EXAMPLES, compact, worked_badugi_hands

Hands = npt.NDArray[np.uint8]
Keys = npt.NDArray[np.int64]

SAMPLE_SEED = 20240531
RANDOM_FIVE_CARD_HANDS = 50_000
SINGLE_CALL_SUBSET = 2_000  # hands of each big set also sent through the single-hand API

BADUGI_CLASSES = 1092  # RULES.md's class counts, independent of the package's
DEUCE_SEVEN_CLASSES = 7462
ACE_FIVE_CLASSES = 6175

# The adapter `badeucey bench` uses: pokerkit's Card for each card id (rank 0 = deuce ...
# 12 = ace; suits c, d, h, s), and its hand classes.
PEER = PokerkitPeer(pokerkit)
PK_CARDS: tuple[Card, ...] = PEER.card_of
PK_IDS: dict[Card, int] = {card: i for i, card in enumerate(PK_CARDS)}

# The 24 relabellings of the suits.
_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


# ------------------------------------------------------------------ pokerkit side


def pk_ids(text: str) -> tuple[int, ...]:
    """Card ids of a hand written in pokerkit's card format (``"As2h3d4c"``)."""
    return tuple(PK_IDS[card] for card in Card.parse(text))


def pk_text(ids: Iterable[int]) -> str:
    """A hand in pokerkit's format, for messages (``"As2h3d4c"``)."""
    return "".join(repr(PK_CARDS[int(i)]) for i in ids)


def pk_badugi_index(ids: Sequence[int], *, ace_high: bool) -> int:
    """pokerkit's strength index (0 = best) of the best badugi among the cards."""
    return PEER.strength(PEER.badugi(tuple(PK_CARDS[int(i)] for i in ids), ace_high))


def pk_deuce_seven_index(ids: Sequence[int]) -> int:
    """pokerkit's strength index (0 = best) of five cards as a 2-7 low hand."""
    return PEER.strength(PEER.deuce_seven(tuple(PK_CARDS[int(i)] for i in ids)))


def pk_ace_five_index(ids: Sequence[int]) -> int:
    """pokerkit's strength index (0 = best) of five cards as an A-5 low hand."""
    return PEER.strength(PEER.ace_five(tuple(PK_CARDS[int(i)] for i in ids)))


def suit_class_codes(hands: Hands) -> Keys:
    """One integer per hand, equal for two hands iff one is a suit relabelling of the other.

    The code is the smallest, over the 24 suit permutations, of the relabelled hand's
    sorted card ids read as base-52 digits.
    """
    ids = hands.astype(np.int64)
    rank_part, suits = (ids // 4) * 4, ids % 4
    weights = 52 ** np.arange(ids.shape[1] - 1, -1, -1, dtype=np.int64)
    best = None
    for permutation in _SUIT_PERMUTATIONS:
        codes = np.sort(rank_part + permutation[suits], axis=1) @ weights
        best = codes if best is None else np.minimum(best, codes)
    assert best is not None
    return best


def pokerkit_lookup_keys(hands: Hands) -> Keys:
    """pokerkit's own lookup key of 5-card low hands: (rank multiset, all-one-suit flag)."""
    ranks = np.sort(hands.astype(np.int64) // 4, axis=1)
    multiset = ranks @ (13 ** np.arange(4, -1, -1, dtype=np.int64))
    suits = hands.astype(np.int64) % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    return multiset * 2 + flush


def pokerkit_indices(
    hands: Hands, class_codes: Keys, evaluate: Callable[[Sequence[int]], int]
) -> Keys:
    """pokerkit's index of every hand, evaluating one representative hand per class."""
    _, first, inverse = np.unique(class_codes, return_index=True, return_inverse=True)
    per_class = np.fromiter(
        (evaluate(hands[i].tolist()) for i in first), dtype=np.int64, count=first.size
    )
    return per_class[inverse.reshape(-1)]


# ------------------------------------------------------------------ the comparison


def assert_same_order(ours: npt.ArrayLike, theirs: Keys, hands: Hands, what: str) -> None:
    """Our dense ranks and pokerkit's indices rank ``hands`` identically.

    That is: hands pokerkit ties, we tie; hands pokerkit orders, we order the same way;
    so "pokerkit index -> our rank" is a strictly increasing bijection over the set.
    Then, both being dense scales from the best class, our rank is pokerkit's index + 1.
    """
    ours = np.asarray(ours).astype(np.int64)
    assert ours.shape == theirs.shape == (hands.shape[0],), what

    def example(mask: npt.NDArray[np.bool_], limit: int = 3) -> str:
        rows = np.flatnonzero(mask)[:limit]
        return ", ".join(
            f"{pk_text(hands[r])} (ours {ours[r]}, pokerkit index {theirs[r]})" for r in rows
        )

    found = order_disagreement(ours, theirs)
    if found is not None:
        first, second = (example(np.arange(ours.size) == row, 1) for row in (found.first, found.second))
        if found.tie:
            pytest.fail(
                f"{what}: {found.neighbours} pokerkit tie class(es) get several ranks from us, e.g. "
                f"pokerkit index {theirs[found.first]}: {first} vs {second}"
            )
        relation = "ties it" if ours[found.first] == ours[found.second] else "beats it"
        pytest.fail(
            f"{what}: {found.neighbours} order disagreement(s) with pokerkit, e.g. pokerkit says "
            f"{first} beats {second}, but ours {relation}"
        )

    off = ours != theirs + 1
    assert not off.any(), (
        f"{what}: same order as pokerkit but {int(off.sum())} rank(s) are not pokerkit's "
        f"index + 1 (a shifted or non-dense scale), e.g. {example(off)}"
    )


def check_single_calls(
    hands: Hands,
    theirs: Keys,
    single: Callable[[Any], int],
    what: str,
    subset: int | None = SINGLE_CALL_SUBSET,
) -> None:
    """The single-hand function on (a fixed subset of) the hands, as ids and as text."""
    rows: Iterable[int]
    if subset is None or subset >= hands.shape[0]:
        rows = range(hands.shape[0])
    else:
        rows = np.random.default_rng(SAMPLE_SEED).choice(hands.shape[0], subset, replace=False)
    for r in rows:
        ids = hands[r].tolist()
        expected = int(theirs[r]) + 1
        assert single(ids) == expected, f"{what}: {pk_text(ids)} (ids {ids})"
        assert single(pk_text(ids)) == expected, f"{what}: text {pk_text(ids)!r}"


# ------------------------------------------------------------------ hand sets


def all_hands(k: int) -> Hands:
    """Every k-card hand, cards in increasing id order, one hand per row."""
    count = {4: 270_725, 5: 2_598_960}[k]
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), k)),
        dtype=np.uint8,
        count=count * k,
    )
    return flat.reshape(count, k)


def as_hands(hands: Iterable[Sequence[int]]) -> Hands:
    """A C-contiguous uint8 (N, k) array."""
    return np.ascontiguousarray(np.array(list(hands), dtype=np.uint8))


# Hand-picked 4-card Badugi hands (RULES.md's worked examples and extremes).
BADUGI_EDGE_4 = [
    "Ac2d3h4s", "As2c3d4h", "2c3d4h5s", "5s4h3d2c", "Ac2d3h5s", *worked_badugi_hands(),
    "KcQdJhTs", "AcKdQhJs", "KsQsJsTs", "KcKdKhKs",
    "AcAdAhAs", "Ac2c3c4c", "2c3c4c5c", "AcKc2d2h", "As2s3d4d", "Ac2c3d3h", "Ac2d2c3h",
]

# Hand-picked 5-card hands for Badugi (several subsets tie, one-suit hands, quads, ...).
BADUGI_EDGE_5 = [
    *map(compact, BADEUCEY_EXAMPLES), "Ac2d3h4s5c", "Ac2d3h4s4c", "As2c3d4h5s", "2c2d3h4s5s",
    "2s2h3d4c5c", "Ac2c3c4c5c", "2c3c4c5c6c", "9cTcJcQcKc", "TcJcQcKcAc", "KcKdKhKsQc",
    "AcAdAhAs2c", "AcAdAhAsKc", "2c2d2h2s3c", "AsAhAdAc2s", "As2s3s4s5h", "Ac2c3d4d5h",
    "Ac2d3c4d5h", "5s4h3d2cAs", "5s4h3d2cAh", "Kc5d4h3s2c", "2s4c5d6hAs", "Ac2d3h4sKc",
    "Ac2d3h4sKs", "Ac2dAh2s3c", "3c3d3h2s2c", "2c3d4h5s6c", "KcQdJhTs9c", "AsKsQsJsTs",
    "8s6c4d2h9s", "8s6c4d2h8d", "7c7d7h7s2c", "2c2d3c3d4h",
]

# Hand-picked 5-card low hands (RULES.md's examples and extremes).
LOW_EDGE_5 = [
    *map(compact, BADEUCEY_EXAMPLES), "7c5c4c3c2c", "7s6h4d3c2s", "8s6h4d3c2s", "6s5h4d3c2s", "Ac2d3h4s5c",
    "As2s3s4s5s", "Ac2c3c4c6c", "2c3c4c5c7c", "3c4d5h6s7c", "TsJhQdKcAs", "AsKsQsJsTs",
    "9sTsJsQsKs", "2h3h4h5h6h", "KcKdKhKsQc", "AcAdAhAsKc", "2c2d2h2s3c", "AcAdAhAs2c",
    "2c2d3h3s4c", "AcAd2h2s3c", "KsQhJdTc8s", "AsKhQdJc9s", "Kc5d4h3s2c",
    "Ac5d4h3s2c", "AcAd2h3s4c", "2c2d7h8s9c", "KhKsKcKdAc", "2s2c3s3cAh", "6c4d3h2sAc",
    "AcAdAh2c2d", "KcKdKhQcQd", "2c2d2hAcAd", "3c3d3h2c2d",
]


def ids_of(texts: Iterable[str]) -> Hands:
    return as_hands(pk_ids(t) for t in texts)


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def hands4() -> Hands:
    """All 270,725 four-card hands."""
    return all_hands(4)


@pytest.fixture(scope="module")
def hands4_suit_classes(hands4: Hands) -> Keys:
    return suit_class_codes(hands4)


@pytest.fixture(scope="module")
def hands5() -> Hands:
    """All 2,598,960 five-card hands."""
    return all_hands(5)


@pytest.fixture(scope="module")
def hands5_lookup_keys(hands5: Hands) -> Keys:
    return pokerkit_lookup_keys(hands5)


@pytest.fixture(scope="module")
def badugi_five_card_set() -> Hands:
    """5-card hands for Badugi: ranks A-7 exhaustively, one-suit hands, random, edge cases."""
    low_deck = [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 5, 12)]  # 2..7 and A
    low = itertools.combinations(low_deck, 5)
    one_suit = (tuple(4 * r for r in ranks) for ranks in itertools.combinations(range(13), 5))
    rng = np.random.default_rng(SAMPLE_SEED)
    random_hands = np.argsort(rng.random((RANDOM_FIVE_CARD_HANDS, 52)), axis=1)[:, :5]
    edge = (pk_ids(t) for t in BADUGI_EDGE_5)
    hands = as_hands(itertools.chain(low, one_suit, random_hands.tolist(), edge))
    assert hands.shape == (98_280 + 1_287 + RANDOM_FIVE_CARD_HANDS + len(BADUGI_EDGE_5), 5)
    assert all(len(set(row)) == 5 for row in hands.tolist())
    return hands


# ------------------------------------------------------------------ conventions


def test_card_ids_match_pokerkit_cards() -> None:
    """id -> pokerkit Card as documented (2c = 0, 2s = 3, As = 51), and the package's
    parser reads pokerkit's card text to the same ids."""
    assert pk_text([0, 3, 51, 32]) == "2c2sAsTc"
    text = pk_text(range(52))
    assert list(bf.parse_cards(text)) == list(range(52))
    spaced = " ".join(repr(card) for card in PK_CARDS)
    assert list(bf.parse_cards(spaced)) == list(range(52))
    # pokerkit accepts "10" for T too (by textual replacement), as RULES.md does.
    assert pk_ids("10h") == pk_ids("Th") == tuple(bf.parse_cards("10h"))


def test_pokerkit_index_is_stronger_when_smaller() -> None:
    """The reading of pokerkit's strength this file relies on."""
    best = BadugiHand.from_game("Ac2d3h4s")
    worse = BadugiHand.from_game("Ac2d3h5s")
    assert best > worse and best.entry.index < worse.entry.index
    assert best.entry.index == 0
    assert StandardBadugiHand.from_game("2c3d4h5s").entry.index == 0
    assert StandardLowHand("7s5h4d3c2s").entry.index == 0
    assert RegularLowHand("Ac2d3h4s5c").entry.index == 0
    assert StandardLowHand("AsKsQsJsTs").entry.index == DEUCE_SEVEN_CLASSES - 1
    assert RegularLowHand("KcKdKhKsQc").entry.index == ACE_FIVE_CLASSES - 1


# RULES.md's worked examples, "a beats b", in pokerkit's card format.
RULES_BADUGI_ACES_LOW = [
    ("2s4c5d6h", "As2c3d7h"),
    ("4s5c6dKh", "2s3s4d7h"),
    ("As5d9d9h", "Ac2s2hJd"),
    ("2s3s4d7h", "4s5s6dKh"),
    ("5d7cKcKh", "2s3dKsKd"),
    ("8s6c4d2h", "9s4c3d2h"),
    ("6s4c3d2h", "6s5c4dAh"),
]


def test_rules_worked_examples_pokerkit_and_ours() -> None:
    """pokerkit, the oracle, agrees with RULES.md's worked examples; so do we."""
    for a, b in RULES_BADUGI_ACES_LOW:
        assert BadugiHand.from_game(a) > BadugiHand.from_game(b), (a, b)
        assert bf.badugi_rank(pk_ids(a)) < bf.badugi_rank(pk_ids(b)), (a, b)
    # Badeucey: 7s5h4d3c2s is the best 2-7 hand and the best aces-high badugi.
    assert pk_deuce_seven_index(pk_ids("7s5h4d3c2s")) == 0
    assert pk_badugi_index(pk_ids("7s5h4d3c2s"), ace_high=True) == 0
    # 6s6h4h3d2c: a 6-4-3-2 badugi, beaten only by the 5-4-3-2 badugis.
    assert pk_badugi_index(pk_ids("5s4h3d2c"), ace_high=True) == 0
    assert pk_badugi_index(pk_ids("6s6h4h3d2c"), ace_high=True) == 1
    assert bf.badugi_rank(pk_ids("7s5h4d3c2s"), ace_high=True) == 1
    assert bf.badugi_rank(pk_ids("6s6h4h3d2c"), ace_high=True) == 2


# ------------------------------------------------------------------ Badugi


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_badugi_every_four_card_hand(
    hands4: Hands, hands4_suit_classes: Keys, ace_high: bool
) -> None:
    """All 270,725 four-card hands: same order as pokerkit (16,432 pokerkit calls)."""
    theirs = pokerkit_indices(
        hands4, hands4_suit_classes, lambda ids: pk_badugi_index(ids, ace_high=ace_high)
    )
    assert np.unique(theirs).size == BADUGI_CLASSES
    what = f"Badugi 4 cards, ace_high={ace_high}"
    ours = bf.badugi_rank_batch(hands4, ace_high=ace_high)
    assert_same_order(ours, theirs, hands4, what)
    check_single_calls(
        hands4, theirs, lambda cards: bf.badugi_rank(cards, ace_high=ace_high), what
    )


@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_badugi_four_card_edge_cases(ace_high: bool) -> None:
    """Hand-picked 4-card hands, single-hand API, ids and text."""
    hands = ids_of(BADUGI_EDGE_4)
    theirs = np.array(
        [pk_badugi_index(h, ace_high=ace_high) for h in hands.tolist()], dtype=np.int64
    )
    what = f"Badugi 4-card edge cases, ace_high={ace_high}"
    ours = [bf.badugi_rank(h, ace_high=ace_high) for h in hands.tolist()]
    assert_same_order(ours, theirs, hands, what)
    check_single_calls(
        hands, theirs, lambda cards: bf.badugi_rank(cards, ace_high=ace_high), what, None
    )


@pytest.mark.slow
@pytest.mark.parametrize("ace_high", [False, True], ids=["aces_low", "aces_high"])
def test_badugi_five_cards(badugi_five_card_set: Hands, ace_high: bool) -> None:
    """Best subset of 5 cards: 149,601 hands, same order as pokerkit's ``from_game``."""
    hands = badugi_five_card_set
    theirs = pokerkit_indices(
        hands, suit_class_codes(hands), lambda ids: pk_badugi_index(ids, ace_high=ace_high)
    )
    # From 5 cards the four worst one-card classes cannot occur (RULES.md): 1..1,088.
    assert theirs.max() == BADUGI_CLASSES - 5
    what = f"Badugi 5 cards, ace_high={ace_high}"
    ours = bf.badugi_rank_batch(hands, ace_high=ace_high)
    assert_same_order(ours, theirs, hands, what)
    check_single_calls(
        hands, theirs, lambda cards: bf.badugi_rank(cards, ace_high=ace_high), what
    )
    edge = hands[-len(BADUGI_EDGE_5):]
    check_single_calls(
        edge,
        theirs[-len(BADUGI_EDGE_5):],
        lambda cards: bf.badugi_rank(cards, ace_high=ace_high),
        what + " (edge cases)",
        None,
    )


# ------------------------------------------------------------------ 2-7 and A-5


@pytest.mark.slow
def test_deuce_seven_every_five_card_hand(hands5: Hands, hands5_lookup_keys: Keys) -> None:
    """All 2,598,960 five-card hands as 2-7: same order as pokerkit's StandardLowHand."""
    theirs = pokerkit_indices(hands5, hands5_lookup_keys, pk_deuce_seven_index)
    assert np.unique(theirs).size == DEUCE_SEVEN_CLASSES
    ours = bf.deuce_seven_rank_batch(hands5)
    assert_same_order(ours, theirs, hands5, "2-7")
    check_single_calls(hands5, theirs, bf.deuce_seven_rank, "2-7")


@pytest.mark.slow
def test_ace_five_every_five_card_hand(hands5: Hands, hands5_lookup_keys: Keys) -> None:
    """All 2,598,960 five-card hands as A-5: same order as pokerkit's RegularLowHand."""
    theirs = pokerkit_indices(hands5, hands5_lookup_keys, pk_ace_five_index)
    assert np.unique(theirs).size == ACE_FIVE_CLASSES
    ours = bf.ace_five_rank_batch(hands5)
    assert_same_order(ours, theirs, hands5, "A-5")
    check_single_calls(hands5, theirs, bf.ace_five_rank, "A-5")


@pytest.mark.parametrize("game", ["deuce_seven", "ace_five"])
def test_low_edge_cases(game: str) -> None:
    """Wheels, A-2-3-4-5 in 2-7, steel wheel, straights, flushes, quads, royal flush."""
    single, pokerkit_index = {
        "deuce_seven": (bf.deuce_seven_rank, pk_deuce_seven_index),
        "ace_five": (bf.ace_five_rank, pk_ace_five_index),
    }[game]
    hands = ids_of(LOW_EDGE_5)
    theirs = np.array([pokerkit_index(h) for h in hands.tolist()], dtype=np.int64)
    ours = [single(h) for h in hands.tolist()]
    assert_same_order(ours, theirs, hands, f"{game} edge cases")
    check_single_calls(hands, theirs, single, f"{game} edge cases", None)


def test_low_edge_case_landmarks() -> None:
    """The named hands land where pokerkit puts them (2-7: A-2-3-4-5 is ace-high, not a
    straight; the steel wheel is an ace-high flush in 2-7 and the best A-5 hand)."""
    d27 = {t: bf.deuce_seven_rank(pk_ids(t)) for t in LOW_EDGE_5}
    a5 = {t: bf.ace_five_rank(pk_ids(t)) for t in LOW_EDGE_5}
    for t in LOW_EDGE_5:
        assert d27[t] == pk_deuce_seven_index(pk_ids(t)) + 1, t
        assert a5[t] == pk_ace_five_index(pk_ids(t)) + 1, t
    assert d27["7s5h4d3c2s"] == 1 and d27["AsKsQsJsTs"] == DEUCE_SEVEN_CLASSES
    assert d27["Ac2d3h4s5c"] < d27["2c2d7h8s9c"] < d27["6s5h4d3c2s"] < d27["7c5c4c3c2c"]
    assert d27["Kc5d4h3s2c"] < d27["Ac5d4h3s2c"] == d27["Ac2d3h4s5c"]
    assert a5["Ac2d3h4s5c"] == a5["As2s3s4s5s"] == 1 and a5["KcKdKhKsQc"] == ACE_FIVE_CLASSES
    assert a5["6c4d3h2sAc"] < a5["Kc5d4h3s2c"] < a5["2c2d7h8s9c"]
