#!/usr/bin/env python3
"""Generate the rank tables of badeucey-fast's C core.

This is the one source of truth for every table the C core reads. It enumerates
every 4-card (270,725) and 5-card (2,598,960) combination of the 52-card deck,
ranks each under the rules in docs/rules.rst, builds the small tables below,
verifies every combination through them exactly as the C core reads them,
and writes one C fragment, ``bdc_tables.inc``: ``csrc/bdc_lookup.h`` includes
its declarations, ``csrc/bdc_tables.c`` its definitions.  The output is
byte-identical from run to run.

Layout of the emitted tables (the C core and this script are the only two
places that know it):

* **Hand masks.**  ``BDC_CARD_BIT_{HIGH,LOW}`` give each byte value, read as a
  card id, its bit in a 64-bit hand mask: ``1 << id`` for aces high, ``1 <<
  ((id + 4) % 52)`` for aces low (the aces moved below the deuces, so that a
  card's "value id" >> 2 is its value, 0 the lowest card), and bit 63 for a
  byte that is no card.  Five distinct cards' bits add up to their OR, so the
  mask validates a hand, and its set bits are the cards in order.
* **Deuce-to-seven and ace-to-five** depend only on the multiset of ranks and
  (2-7 only) on whether all five cards share a suit.  Each card id maps to an
  additive rank key (``BDC_CARD_KEY``) chosen so that the 6,175 possible rank
  multisets of five cards have distinct sums; the sums (at most 360,918) are
  squeezed into a small table by row displacement:
  ``slot = BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK)``.
  The ranks live in per-slot records (below), 0 for a slot no hand reaches.
* **Badugi** depends on ranks and suits, but only through the *shape* of the
  hand: along its cards in order, which neighbours share a rank and the suits
  (:func:`badugi_select` explains why that fixes which cards make the best
  badugi).  ``BDC_SELECT4`` and ``BDC_SELECT5`` give the chosen cards as a
  subset of the hand's distinct values, lowest first (``BDC_SELECT5`` also
  flags a one-suit hand for 2-7); depositing that subset on the values present
  (``pdep``) gives the set of the chosen values, whose rank
  ``BDC_BADUGI_DENSE`` holds.  For five cards the equal-rank half of the shape
  and the values present come from the rank multiset's slot.
* **Slot records** ``BDC_SLOT5_{HIGH,LOW}``: one 64-bit word a rank-multiset
  slot and ace convention, so that one load serves both halves of a hand: the
  values present, the equal-rank neighbours, and the low ranks (aces high:
  2-7 and 2-7 of one suit; aces low: A-5).  Every table but the class names
  fits a core's L2 cache, most of them L1.  The suit bits along the cards are what
  two ``pext`` instructions extract from the hand mask, which the core uses
  where the processor has a fast one.

Every rank is a dense rank: 1 is the best class.

Usage: ``python tools/gen_tables.py --out DIR``
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import re
import sys
import time
from collections import Counter
from math import comb
from pathlib import Path
from typing import Iterable, Sequence, cast

import numpy as np
import numpy.typing as npt

HEADER = Path(__file__).resolve().parent.parent / "csrc" / "badeucey.h"


def header_defines(header: Path = HEADER) -> dict[str, int]:
    """The integer defines between the header's cffi markers: the ranking
    facts are declared there once, and read from there here."""
    text = header.read_text(encoding="utf-8")
    begin, end = "/* cffi-cdef-begin */", "/* cffi-cdef-end */"
    cdef = text[text.index(begin) + len(begin) : text.index(end)]
    return {name: int(value) for name, value in re.findall(r"^#define (BDC_\w+) (\d+)\b", cdef, re.MULTILINE)}


FACTS = header_defines()
N_RANKS = 13
N_SUITS = 4
N_CARDS = FACTS["BDC_DECK_SIZE"]
ACE = 12  # rank index of the ace; card id = 4 * rank + suit, rank 0 = deuce

# The class counts (the enumeration below checks that it finds exactly these).
BADUGI_CLASSES = FACTS["BDC_BADUGI_CLASSES"]  # 715 four-card + 286 three-card + 78 two-card + 13 one-card
BADUGI_FOUR_CARD_CLASSES = FACTS["BDC_BADUGI_FOUR_CARD_CLASSES"]
DEUCE_SEVEN_CLASSES = FACTS["BDC_DEUCE_SEVEN_CLASSES"]
ACE_FIVE_CLASSES = FACTS["BDC_ACE_FIVE_CLASSES"]

# Additive per-rank keys: the smallest increasing integers (found by a greedy
# search, the same idea as SKPokerEval's rank keys) for which every multiset of
# five ranks with no rank more than four times has a distinct sum.
RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
# Row width of the displacement table: 2**6 columns keeps both the offset
# array (5,640 entries) and the slot tables (about 6,400 entries) small.
LOW_SHIFT = 6
# Bits of a BDC_SELECT entry: the chosen cards (one bit a card), and a flag for
# a hand all of one suit (what 2-7 needs to know, found in the same lookup).
SELECT_CARDS = 0x1F
SELECT_ONE_SUIT = 0x80
# Fields of a slot record (see Tables): equal-rank bits at 26-29, so that
# record >> 16 puts them at bits 10-13 of a BDC_SELECT5 index; low ranks from 32.
SLOT_EQUAL_SHIFT = 26
SLOT_EQUAL_IN_SHAPE = 0xF << 10
SLOT_LOW_SHIFT = 32

Hands = npt.NDArray[np.uint8]
Ranks = npt.NDArray[np.uint16]


# --------------------------------------------------------------------------- #
# Enumeration and the colexicographic index
# --------------------------------------------------------------------------- #
def all_combinations(k: int) -> Hands:
    """Every k-card combination once, each row sorted ascending."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(N_CARDS), k)),
        dtype=np.uint8,
        count=comb(N_CARDS, k) * k,
    )
    return flat.reshape(-1, k)


def colex_weights(k_max: int = 5) -> list[list[int]]:
    """``weights[i][c] = C(c, i + 1)``: the colex weight of card ``c`` in position ``i``."""
    return [[comb(c, i + 1) for c in range(N_CARDS)] for i in range(k_max)]


def colex_index(sorted_hands: Hands) -> npt.NDArray[np.int64]:
    """Colexicographic rank of each sorted row: a minimal perfect hash."""
    weights = np.array(colex_weights(sorted_hands.shape[1]), dtype=np.int64)
    index = np.zeros(len(sorted_hands), dtype=np.int64)
    for i in range(sorted_hands.shape[1]):
        index += weights[i][sorted_hands[:, i]]
    return index


def scatter_by_colex(sorted_hands: Hands, ranks: Ranks) -> Ranks:
    """Place ranks at their colex index, checking the index is a bijection."""
    index = colex_index(sorted_hands)
    n = comb(N_CARDS, sorted_hands.shape[1])
    if not np.array_equal(np.bincount(index, minlength=n), np.ones(n, dtype=np.int64)):
        raise AssertionError("colex index is not a bijection onto 0..C(52,k)-1")
    table = np.zeros(n, dtype=np.uint16)
    table[index] = ranks
    return table


# --------------------------------------------------------------------------- #
# Badugi
# --------------------------------------------------------------------------- #
def badugi_key(values: Sequence[int]) -> int:
    """Order key of a badugi made of cards with these rank values (lower key = better).

    More cards always win; between equal sizes the highest card is compared
    first, lower winning, then the next highest.  ``values`` are ranks in the
    ace convention in force (0 = lowest card).
    """
    desc = sorted(values, reverse=True)
    packed = 0
    for i, v in enumerate(desc):
        packed |= v << (4 * (3 - i))
    return ((4 - len(desc)) << 16) | packed


def badugi_class_keys() -> list[int]:
    """The keys of all 1,092 Badugi classes, best first."""
    keys = [badugi_key(c) for k in (4, 3, 2, 1) for c in itertools.combinations(range(N_RANKS), k)]
    return sorted(keys)


def badugi4_ranks(hands: Hands, ace_high: bool) -> Ranks:
    """Dense Badugi rank of each 4-card hand: the best subset of distinct ranks and suits."""
    rank = hands // N_SUITS
    suit = hands % N_SUITS
    value = rank if ace_high else (rank + 1) % N_RANKS  # aces low: ace = 0, deuce = 1
    worst = np.int64(1) << 40
    best = np.full(len(hands), worst, dtype=np.int64)
    for size in (1, 2, 3, 4):
        for subset in itertools.combinations(range(4), size):
            ok = np.ones(len(hands), dtype=bool)
            for a, b in itertools.combinations(subset, 2):
                ok &= (rank[:, a] != rank[:, b]) & (suit[:, a] != suit[:, b])
            desc = -np.sort(-value[:, list(subset)].astype(np.int64), axis=1)
            key = np.full(len(hands), (4 - size) << 16, dtype=np.int64)
            for i in range(size):
                key |= desc[:, i] << (4 * (3 - i))
            best = np.where(ok & (key < best), key, best)
    classes = np.array(badugi_class_keys(), dtype=np.int64)
    pos = np.searchsorted(classes, best)
    if not np.array_equal(classes[pos], best):
        raise AssertionError("a 4-card hand has a badugi key outside the class list")
    return (pos + 1).astype(np.uint16)


def badugi5_ranks(hands5: Hands, table4: Ranks) -> Ranks:
    """Best Badugi of each sorted 5-card hand: the best of its five 4-card subsets.

    Any badugi of four or fewer cards lies inside some 4-card subset, so the
    minimum of the 4-card ranks over the five subsets is the 5-card rank.
    """
    best = np.full(len(hands5), BADUGI_CLASSES + 1, dtype=np.uint16)
    for drop in range(5):
        keep = [i for i in range(5) if i != drop]
        best = np.minimum(best, table4[colex_index(hands5[:, keep])])
    return best


# --------------------------------------------------------------------------- #
# Deuce-to-seven and ace-to-five (rank multiset + flush flag)
# --------------------------------------------------------------------------- #
Multiset = tuple[int, ...]  # five ranks, ascending


def rank_multisets() -> list[Multiset]:
    """All 6,175 multisets of five ranks with no rank more than four times."""
    return [
        m
        for m in itertools.combinations_with_replacement(range(N_RANKS), 5)
        if max(Counter(m).values()) <= 4
    ]


def _grouped(values: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, ranks) ordered by count, then value, both descending."""
    groups = sorted(Counter(values).items(), key=lambda g: (g[1], g[0]), reverse=True)
    return tuple(c for _, c in groups), tuple(v for v, _ in groups)


def high_poker_strength(ranks: Multiset, flush: bool) -> tuple[int, tuple[int, ...]]:
    """High-poker strength with aces always high and no wheel (the 2-7 reading).

    Categories 0 high card .. 8 straight flush; higher is stronger.  Only five
    consecutive ranks make a straight, so A-2-3-4-5 is ace-high.
    """
    counts, order = _grouped(ranks)
    straight = counts == (1, 1, 1, 1, 1) and order[0] - order[4] == 4
    if straight and flush:
        return 8, order
    category = {
        (4, 1): 7,
        (3, 2): 6,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
        (1, 1, 1, 1, 1): 0,
    }[counts]
    if flush:
        category = 5
    elif straight:
        category = 4
    return category, order


def ace_five_strength(ranks: Multiset) -> tuple[int, tuple[int, ...]]:
    """Ace-to-five badness: aces low, straights and flushes ignored (lower = better)."""
    counts, order = _grouped((r + 1) % N_RANKS for r in ranks)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[counts]
    return category, order


def dense(keys: dict[object, object]) -> dict[object, int]:
    """Map each item to the dense rank (1 = lowest key) of its key."""
    distinct = sorted(set(keys.values()))  # type: ignore[type-var]
    position = {k: i + 1 for i, k in enumerate(distinct)}
    return {item: position[k] for item, k in keys.items()}


def displacement(keys: Sequence[int], shift: int) -> tuple[list[int], int]:
    """Row-displacement perfect hash: offsets per row and the table size.

    Rows of ``2**shift`` columns are placed, densest first, at the lowest
    offset where none of their occupied columns collides.
    """
    rows: dict[int, list[int]] = {}
    for key in keys:
        rows.setdefault(key >> shift, []).append(key & ((1 << shift) - 1))
    width = 1 << shift
    used = np.zeros(len(keys) * 4 + 2 * width, dtype=bool)
    offsets = [0] * ((max(keys) >> shift) + 1)
    size = 0
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = rows[row]
        span = len(used) - width
        clash = np.zeros(span, dtype=bool)
        for c in cols:
            clash |= used[c : c + span]
        off = int(np.argmin(clash))  # first offset where no occupied column collides
        if clash[off]:
            raise AssertionError("displacement table too small")
        used[[off + c for c in cols]] = True
        offsets[row] = off
        size = max(size, off + width)  # any column of the row stays inside
    return offsets, size


# --------------------------------------------------------------------------- #
# Building and verifying
# --------------------------------------------------------------------------- #
class Tables:
    """All generated tables, as numpy arrays and plain lists."""

    def __init__(self) -> None:
        hands4 = all_combinations(4)
        hands5 = all_combinations(5)

        # The truth, from the rules: every 4-card hand's best badugi, and every
        # 5-card hand's as the best of its five 4-card subsets.
        self.ranks4: dict[str, Ranks] = {}
        self.ranks5: dict[str, Ranks] = {}
        for name, ace_high in (("low", False), ("high", True)):
            table4 = scatter_by_colex(hands4, badugi4_ranks(hands4, ace_high))
            self.ranks4[name] = table4[colex_index(hands4)]
            self.ranks5[name] = badugi5_ranks(hands5, table4)
        # What the C core reads: which sorted cards form the best badugi, by the
        # ranks' equality and the suits along the sorted cards, and the dense
        # rank of the chosen ranks.
        self.badugi_dense = badugi_dense()
        # BDC_SELECT4/5 hold the chosen cards renumbered among the hand's
        # distinct values, so that the values present turn them into the set of
        # chosen values in one step (pdep).
        select4 = badugi_select(4)
        self.select4 = [distinct_choice(index >> 8, e, 4) if e else 0 for index, e in enumerate(select4)]
        select5 = badugi_select(5)
        self.select5 = [distinct_choice(index >> 10, e, 5) if e else 0 for index, e in enumerate(select5)]
        self.first_positions5 = first_positions(5)

        multisets = rank_multisets()
        key_of = {m: sum(RANK_KEYS[r] for r in m) for m in multisets}
        if len(set(key_of.values())) != len(multisets):
            raise AssertionError("RANK_KEYS do not separate the rank multisets")
        self.offsets, size = displacement(list(key_of.values()), LOW_SHIFT)
        # Rows past the last multiset's, with offset 0, up to the largest sum of
        # any five card keys (five aces): any five bytes then hash inside both
        # tables, valid hand or not.
        self.offsets += [0] * ((5 * max(card_keys()) >> LOW_SHIFT) + 1 - len(self.offsets))

        d27: dict[object, object] = {}
        for m in multisets:
            d27[(m, False)] = high_poker_strength(m, False)
            if len(set(m)) == 5:
                d27[(m, True)] = high_poker_strength(m, True)
        d27_rank = dense(d27)
        a5_rank = dense({m: ace_five_strength(m) for m in multisets})
        # For naming ranks: each class's ranks as named, then a one-suit flag.
        d27_by_class = cast("dict[tuple[Multiset, bool], int]", d27_rank)
        d27_named = {rank: named_ranks(m, False) + bytes([flush]) for (m, flush), rank in d27_by_class.items()}
        a5_named = {rank: named_ranks(m, True) + b"\x00" for m, rank in a5_rank.items()}  # type: ignore[arg-type]
        self.deuce_seven_classes = class_table(d27_named, DEUCE_SEVEN_CLASSES)
        self.ace_five_classes = class_table(a5_named, ACE_FIVE_CLASSES)

        self.deuce_seven = np.zeros(size, dtype=np.uint16)
        self.deuce_seven_flush = np.zeros(size, dtype=np.uint16)
        self.ace_five = np.zeros(size, dtype=np.uint16)
        self.slot_owner = np.full(size, -1, dtype=np.int64)  # multiset code, for verifying
        # Which neighbours share a rank along the five sorted cards, a bit each
        # (the shape half that the rank multiset fixes), in either ace order.
        self.equal_ranks = {"high": np.zeros(size, dtype=np.uint8), "low": np.zeros(size, dtype=np.uint8)}
        self.present = {name: np.zeros(size, dtype=np.uint16) for name in ("high", "low")}
        for m in multisets:
            slot = self.low_slot(key_of[m])
            self.slot_owner[slot] = multiset_code(m)
            for name, ace_high in (("high", True), ("low", False)):
                values = sorted(r if ace_high else (r + 1) % N_RANKS for r in m)
                self.equal_ranks[name][slot] = sum(1 << i for i in range(4) if values[i] == values[i + 1])
                self.present[name][slot] = sum(1 << v for v in set(values))
            self.deuce_seven[slot] = d27_rank[(m, False)]
            self.ace_five[slot] = a5_rank[m]
            if (m, True) in d27_rank:
                self.deuce_seven_flush[slot] = d27_rank[(m, True)]

        # One 64-bit record a slot and ace convention, so that one load serves a
        # hand: the values present (bits 0-12), the equal-rank neighbours already
        # in place for a BDC_SELECT5 index once shifted down 16 (bits 26-29), and
        # the low ranks from bit 32 (aces high: 2-7, then 2-7 of one suit; aces
        # low: A-5).
        self.slot_record = {
            "high": self.present["high"].astype(np.uint64)
            | self.equal_ranks["high"].astype(np.uint64) << np.uint64(SLOT_EQUAL_SHIFT)
            | self.deuce_seven.astype(np.uint64) << np.uint64(SLOT_LOW_SHIFT)
            | self.deuce_seven_flush.astype(np.uint64) << np.uint64(SLOT_LOW_SHIFT + 16),
            "low": self.present["low"].astype(np.uint64)
            | self.equal_ranks["low"].astype(np.uint64) << np.uint64(SLOT_EQUAL_SHIFT)
            | self.ace_five.astype(np.uint64) << np.uint64(SLOT_LOW_SHIFT),
        }

        self.verify(hands4, hands5)

    def low_slots(self, hands5: Hands) -> npt.NDArray[np.int64]:
        """Displacement-hash slot of each 5-card hand's rank multiset, as the C core computes it."""
        key = np.array(card_keys(), dtype=np.int64)[hands5].sum(axis=1)
        offsets = np.array(self.offsets, dtype=np.int64)
        slots: npt.NDArray[np.int64] = offsets[key >> LOW_SHIFT] + (key & ((1 << LOW_SHIFT) - 1))
        return slots

    def badugi5_as_the_core_reads(self, hands5: Hands, name: str) -> Ranks:
        """Badugi rank of each 5-card hand as the C core computes it: the shape
        (equal-rank neighbours from the slot, suits along the sorted value ids)
        numbers the chosen cards; the slot and that number index the table."""
        record = self.slot_record[name][self.low_slots(hands5)].astype(np.int64)  # below 2**63
        ordered = np.sort(value_ids(hands5, name == "high"), axis=1).astype(np.int64)
        shape = (record >> 16) & SLOT_EQUAL_IN_SHAPE
        for i in range(5):
            shape |= (ordered[:, i] & 1) << i | (ordered[:, i] >> 1 & 1) << (5 + i)
        choice = np.array(self.select5, dtype=np.int64)[shape] & SELECT_CARDS
        # the portable core: the first sorted card of each chosen value
        positions = np.array(self.first_positions5, dtype=np.int64)[(shape >> 10) << 5 | choice]
        portable = np.zeros(len(hands5), dtype=np.int64)
        for i in range(5):
            portable |= (positions >> i & 1) << (ordered[:, i] >> 2)
        # the BMI2 core: deposit the choice on the values present
        present = record & 0x1FFF
        chosen = np.zeros(len(hands5), dtype=np.int64)
        for i in range(5):  # deposit the choice's bits on the present values, lowest first (pdep)
            lowest = present & -present
            chosen |= np.where(choice >> i & 1, lowest, 0)
            present &= present - 1
        check(np.array_equal(chosen, portable), f"badugi5 {name}: the portable and BMI2 ways differ")
        ranks: Ranks = np.array(self.badugi_dense, dtype=np.uint16)[chosen]
        return ranks

    def low_slot(self, key: int) -> int:
        return self.offsets[key >> LOW_SHIFT] + (key & ((1 << LOW_SHIFT) - 1))

    def verify(self, hands4: Hands, hands5: Hands) -> None:
        """Check every combination through the emitted hashes, as the C core will read them."""
        for name in ("low", "high"):
            ranks4 = badugi_as_the_core_reads(hands4, self.select4, self.badugi_dense, ace_high=name == "high")
            ranks5 = self.badugi5_as_the_core_reads(hands5, name)
            check(np.array_equal(ranks4, self.ranks4[name]), f"badugi4 {name}: a hand ranks differently through the tables")
            check(np.array_equal(ranks5, self.ranks5[name]), f"badugi5 {name}: a hand ranks differently through the tables")
            check(len(np.unique(ranks4)) == BADUGI_CLASSES, "badugi4 class count")
            four_card = [key >> 16 == 0 for key in badugi_class_keys()]  # size 4 - (key >> 16)
            check(four_card == [r < BADUGI_FOUR_CARD_CLASSES for r in range(BADUGI_CLASSES)], "four-card class count")
            check(np.all((ranks5 >= 1) & (ranks5 <= BADUGI_CLASSES - 4)), "badugi5 range")

        slot = self.low_slots(hands5)
        check(int(slot.max()) < len(self.deuce_seven), "low slot outside the table")
        ranks = np.sort(hands5 // N_SUITS, axis=1).astype(np.int64)
        code = np.zeros(len(hands5), dtype=np.int64)
        for i in range(5):
            code = code * N_RANKS + ranks[:, i]
        check(np.array_equal(self.slot_owner[slot], code), "low hash collision")
        suits = hands5 % N_SUITS
        flush = np.all(suits == suits[:, :1], axis=1)
        high = self.slot_record["high"][slot]
        d27 = (high >> (np.uint64(SLOT_LOW_SHIFT) + np.uint64(16) * flush.astype(np.uint64))) & np.uint64(0xFFFF)
        check(np.all(d27 >= 1), "2-7 gap")
        check(len(np.unique(d27)) == DEUCE_SEVEN_CLASSES, "2-7 class count")
        a5 = (self.slot_record["low"][slot] >> np.uint64(SLOT_LOW_SHIFT)) & np.uint64(0xFFFF)
        check(np.all(a5 >= 1), "A-5 gap")
        check(len(np.unique(a5)) == ACE_FIVE_CLASSES, "A-5 class count")


def named_ranks(m: Multiset, ace_low: bool) -> bytes:
    """A rank multiset in the order a player names it: most repeated first, then
    highest first in the ace convention in force (card ranks, 0 = deuce .. 12 = ace)."""
    counts = Counter(m)

    def order(r: int) -> tuple[int, int]:
        return counts[r], (r + 1) % N_RANKS if ace_low else r

    ordered: list[int] = sorted(m, key=order, reverse=True)
    return bytes(ordered)


def class_table(named: dict[int, bytes], n_classes: int) -> list[bytes]:
    """Rank-ordered list of one named representative per class, checking none is missing."""
    check(sorted(named) == list(range(1, n_classes + 1)), "a class without a representative")
    return [named[rank] for rank in range(1, n_classes + 1)]


def badugi_class_ranks(ace_high: bool) -> list[bytes]:
    """For each Badugi rank 1..1092, its card ranks highest first, padded with 0xff."""
    out = []
    for key in badugi_class_keys():
        size = 4 - (key >> 16)
        values = [(key >> (4 * (3 - i))) & 0xF for i in range(size)]
        ranks = [v if ace_high else (v - 1) % N_RANKS for v in values]
        out.append(bytes(ranks + [0xFF] * (4 - size)))
    return out


def badugi_select(k: int) -> list[int]:
    """Which of k sorted cards form the best badugi, by the shape of the hand.

    A hand's k cards sorted by id (in the ace convention's order, see
    :func:`value_ids`) are described, up to the values of their ranks, by which
    neighbours share a rank (``eq``: bit i set when cards i and i + 1 do) and the
    suits along them (``suits``: bit i the low suit bit of card i, bit k + i its
    high suit bit; card 0 the lowest).  That layout is what two parallel bit
    extractions of the hand mask give (``pext`` on x86-64 with BMI2).  The best badugi
    is then a fixed set of positions: badugis are the matchings between ranks
    and suits, their rank sets the independent sets of a transversal matroid,
    and comparing two of them (more cards first, then the highest card, lower
    winning, then the next) only compares the ranks' order, which ``eq`` fixes.

    :return: ``table[eq << 2k | suits]`` = bit i set for each chosen card, plus
        ``SELECT_ONE_SUIT`` when all the cards share a suit; 0 for a shape no
        hand has (two cards of one rank need two suits, increasing).
    """
    table = [0] * (1 << (k - 1 + 2 * k))
    for eq in range(1 << (k - 1)):
        order = [0]  # rank order of each card: consecutive integers, equal where eq says
        for i in range(k - 1):
            order.append(order[-1] + (0 if eq >> i & 1 else 1))
        for code in range(4**k):
            suits = [(code >> i & 1) | (code >> (k + i) & 1) << 1 for i in range(k)]
            if any(eq >> i & 1 and suits[i] >= suits[i + 1] for i in range(k - 1)):
                continue  # not a hand: sorted ids of one rank have increasing suits
            best: tuple[list[int], tuple[int, ...]] | None = None
            for size in range(min(k, N_SUITS), 0, -1):
                for subset in itertools.combinations(range(k), size):
                    if len({order[i] for i in subset}) == size and len({suits[i] for i in subset}) == size:
                        key = sorted((order[i] for i in subset), reverse=True)
                        if best is None or key < best[0]:
                            best = (key, subset)
                if best is not None:
                    break
            assert best is not None  # one card alone is a badugi
            one_suit = len(set(suits)) == 1
            table[eq << (2 * k) | code] = sum(1 << i for i in best[1]) | (SELECT_ONE_SUIT if one_suit else 0)
    return table


def first_positions(k: int) -> list[int]:
    """For the portable core, which has the sorted cards at hand: by equal-rank
    neighbours (``equal``) and a subset of distinct values (bit j: the j-th
    lowest), the first of the k sorted cards of each value in the subset
    (``table[equal << k | subset]``, bit i for card i)."""
    table = [0] * (1 << (2 * k - 1))
    for equal in range(1 << (k - 1)):
        first: dict[int, int] = {}  # distinct index -> first position
        index = 0
        for position in range(k):
            if position and not equal >> (position - 1) & 1:
                index += 1
            first.setdefault(index, position)
        for subset in range(1 << k):
            table[equal << k | subset] = sum(1 << first[j] for j in first if subset >> j & 1)
    return table


def distinct_choice(equal: int, entry: int, k: int) -> int:
    """A :func:`badugi_select` entry for k cards with its chosen cards renumbered
    among the hand's distinct ranks: bit j for the j-th lowest rank (``equal``
    says which neighbouring cards share one)."""
    index, distinct = 0, 0
    for position in range(k):
        if position and not equal >> (position - 1) & 1:
            index += 1
        if entry >> position & 1:
            distinct |= 1 << index
    return distinct | (entry & SELECT_ONE_SUIT)


def badugi_dense() -> list[int]:
    """Dense Badugi rank (1 = best) of each set of 1..4 rank values, as a 13-bit
    mask (bit v = value v, 0 the lowest card in the ace convention in force);
    0 for any other mask.  One table serves both ace conventions."""
    position = {key: i + 1 for i, key in enumerate(badugi_class_keys())}
    table = [0] * (1 << N_RANKS)
    for mask in range(1 << N_RANKS):
        values = [v for v in range(N_RANKS) if mask >> v & 1]
        if 1 <= len(values) <= 4:
            table[mask] = position[badugi_key(values)]
    return table


def value_ids(hands: Hands, ace_high: bool) -> Hands:
    """Card ids in the ace convention's order: as they are for aces high; for
    aces low shifted up one rank, aces wrapping round to the bottom (``(id + 4) % 52``),
    so that ``id >> 2`` is the card's value (0 = the lowest card)."""
    return hands if ace_high else ((hands.astype(np.int64) + N_SUITS) % N_CARDS).astype(np.uint8)


def value_bits(ace_high: bool) -> list[int]:
    """64-bit hand-mask bit of each byte value as a card id: ``1 << value id``
    for ids 0..51, and bit 63 (never a card) for the other 204 byte values."""
    bad = 1 << 63
    ids = np.arange(N_CARDS, dtype=np.uint8)[None, :]
    value = value_ids(ids, ace_high)[0].tolist()
    return [1 << value[c] if c < N_CARDS else bad for c in range(256)]


def badugi_as_the_core_reads(hands: Hands, select: list[int], dense: list[int], ace_high: bool) -> Ranks:
    """The Badugi rank of each 4-card hand exactly as the C core computes it:
    sort the value ids, look up the chosen cards (a subset of the distinct
    values) by the hand's shape, deposit it on the values present, and look up
    the dense rank of that set."""
    k = hands.shape[1]
    ordered = np.sort(value_ids(hands, ace_high), axis=1).astype(np.int64)
    key = np.zeros(len(hands), dtype=np.int64)
    for i in range(k):
        key |= (ordered[:, i] & 1) << i | (ordered[:, i] >> 1 & 1) << (k + i)
    for i in range(k - 1):
        key |= ((ordered[:, i] ^ ordered[:, i + 1]) < N_SUITS).astype(np.int64) << (2 * k + i)
    choice = np.array(select, dtype=np.int64)[key] & SELECT_CARDS
    present = np.zeros(len(hands), dtype=np.int64)
    for i in range(k):
        present |= 1 << (ordered[:, i] >> 2)
    chosen = np.zeros(len(hands), dtype=np.int64)
    for i in range(k):  # pdep
        lowest = present & -present
        chosen |= np.where(choice >> i & 1, lowest, 0)
        present &= present - 1
    return np.array(dense, dtype=np.uint16)[chosen]


def multiset_code(m: Multiset) -> int:
    code = 0
    for r in sorted(m):
        code = code * N_RANKS + r
    return code


def card_keys() -> list[int]:
    """Additive low-hand key of each card id (its rank's key)."""
    return [RANK_KEYS[c // N_SUITS] for c in range(N_CARDS)]


def check(ok: object, what: str) -> None:
    if not ok:
        raise AssertionError(f"table verification failed: {what}")


# --------------------------------------------------------------------------- #
# Emitting C
# --------------------------------------------------------------------------- #
def c_ints(values: Iterable[int], per_line: int = 16) -> str:
    vals = [str(int(v)) for v in values]
    lines = [", ".join(vals[i : i + per_line]) for i in range(0, len(vals), per_line)]
    return "{\n    " + ",\n    ".join(lines) + "\n}"


def c_class_table(name: str, what: str, rows: list[bytes]) -> tuple[str, str, str]:
    """Rank -> class description table (row r - 1 describes rank r)."""
    width = len(rows[0])
    body = ",\n".join("    {" + ", ".join(str(b) for b in row) + "}" for row in rows)
    return (f"/* Class of each rank, {what}. */\n", f"uint8_t {name}[{len(rows)}][{width}]", f"{{\n{body}\n}}")


def c_u64s(values: Iterable[int], per_line: int = 4) -> str:
    """uint64 initialiser list in hex."""
    vals = [f"UINT64_C(0x{v:016x})" for v in values]
    lines = [", ".join(vals[i : i + per_line]) for i in range(0, len(vals), per_line)]
    return "{\n    " + ",\n    ".join(lines) + "\n}"


def emit(tables: Tables) -> str:
    """The C fragment: constants and table declarations for every unit that
    includes it, and (where ``BDC_TABLE_DEFINITIONS`` is defined, in one unit
    only) the tables' contents, so that the library holds each table once."""
    defines = [
        f"#define BDC_LOW_SHIFT {LOW_SHIFT}\n",
        f"#define BDC_LOW_MASK {(1 << LOW_SHIFT) - 1}\n",
        f"#define BDC_LOW_ROWS {len(tables.offsets)}\n",
        f"#define BDC_LOW_SLOTS {len(tables.deuce_seven)}\n",
        f"#define BDC_SELECT_CARDS {SELECT_CARDS}\n",
        f"#define BDC_SELECT_ONE_SUIT {SELECT_ONE_SUIT}\n",
        f"#define BDC_SLOT_EQUAL_IN_SHAPE {SLOT_EQUAL_IN_SHAPE:#x}u\n",
        f"#define BDC_SLOT_LOW_SHIFT {SLOT_LOW_SHIFT}\n",
        "/* The rank key of each rank (BDC_CARD_KEY of its cards), as constants for vector code. */\n",
        *(f"#define BDC_RANK_KEY_{r} {key}\n" for r, key in enumerate(RANK_KEYS)),
        "\n",
    ]
    # (comment, declarator, initialiser) of each table
    entries = [
        (
            (
                "/* Hand-mask bit of each byte as a card id, in the aces-high / aces-low order\n"
                " * (1 << value id, value id = id, or (id + 4) % 52 with aces low); bit 63 for\n"
                " * a byte that is no card id. */\n"
            ),
            "uint64_t BDC_CARD_BIT_HIGH[256]",
            c_u64s(value_bits(True)),
        ),
        ("", "uint64_t BDC_CARD_BIT_LOW[256]", c_u64s(value_bits(False))),
        (
            "/* Additive rank-multiset key of each byte as a card id (its rank's key; 0 past 51). */\n",
            "uint32_t BDC_CARD_KEY[256]",
            c_ints(card_keys() + [0] * (256 - N_CARDS)),
        ),
        (
            (
                "/* Best badugi of 4 / 5 cards in order, by shape: (equal-rank neighbours << 2k) | the\n"
                " * low suit bits along the cards | the high ones << k.  Bit j for the j-th lowest\n"
                " * distinct value chosen (BDC_SELECT_CARDS bits), and in BDC_SELECT5\n"
                " * BDC_SELECT_ONE_SUIT for five cards of one suit.  0: a shape no hand has. */\n"
            ),
            f"uint8_t BDC_SELECT4[{len(tables.select4)}]",
            c_ints(tables.select4, 32),
        ),
        ("", f"uint8_t BDC_SELECT5[{len(tables.select5)}]", c_ints(tables.select5, 32)),
        (
            (
                "/* The first of five sorted cards of each value in a BDC_SELECT5 choice, by (equal-rank\n"
                " * neighbours << 5) | choice: bit i for card i (the portable core's way to the values). */\n"
            ),
            f"uint8_t BDC_FIRST_POSITIONS5[{len(tables.first_positions5)}]",
            c_ints(tables.first_positions5, 32),
        ),
        (
            "/* Dense Badugi rank of a set of 1..4 values (bit v = value v); 0 for no badugi. */\n",
            f"uint16_t BDC_BADUGI_DENSE[{len(tables.badugi_dense)}]",
            c_ints(tables.badugi_dense),
        ),
        (
            (
                "/* Per rank-multiset slot, aces high / aces low: the values present among the five cards\n"
                " * (bit v = value v, bits 0-12); which neighbours along them share a rank (bits 26-29,\n"
                " * so that >> 16 places them in a BDC_SELECT5 index); from bit 32 the 2-7 rank, then\n"
                " * 2-7 of one suit from bit 48 / the A-5 rank. */\n"
            ),
            "uint64_t BDC_SLOT5_HIGH[BDC_LOW_SLOTS]",
            c_u64s(tables.slot_record["high"].tolist()),
        ),
        ("", "uint64_t BDC_SLOT5_LOW[BDC_LOW_SLOTS]", c_u64s(tables.slot_record["low"].tolist())),
        (
            "/* Row offsets of the displacement hash of the low-hand key. */\n",
            "uint16_t BDC_LOW_OFFSET[BDC_LOW_ROWS]",
            c_ints(tables.offsets),
        ),
        c_class_table("BDC_CLASS_BADUGI_LOW", "Badugi aces low: card ranks, highest first, 0xff pad", badugi_class_ranks(False)),
        c_class_table("BDC_CLASS_BADUGI_HIGH", "Badugi aces high: card ranks, highest first, 0xff pad", badugi_class_ranks(True)),
        c_class_table("BDC_CLASS_DEUCE_SEVEN", "2-7: card ranks as named, then the one-suit flag", tables.deuce_seven_classes),
        c_class_table("BDC_CLASS_ACE_FIVE", "A-5: card ranks as named (aces low), then 0", tables.ace_five_classes),
    ]
    parts = [
        "/* generated by tools/gen_tables.py; do not edit. */\n",
        f"/* RANK_KEYS = {list(RANK_KEYS)}, LOW_SHIFT = {LOW_SHIFT} */\n\n",
        *defines,
        *(f"{comment}BDC_HIDDEN extern const {declarator};\n" for comment, declarator, _ in entries),
        "\n#ifdef BDC_TABLE_DEFINITIONS\n",
        *(f"const {declarator} = {values};\n\n" for _, declarator, values in entries),
        "#endif /* BDC_TABLE_DEFINITIONS */\n",
    ]
    return "".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path, help="directory to write bdc_tables.inc into")
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    text = emit(Tables())
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "bdc_tables.inc"
    data = text.encode("ascii")
    if not target.exists() or target.read_bytes() != data:  # keep mtime when unchanged
        target.write_bytes(data)
    if not args.quiet:
        elapsed = time.perf_counter() - start
        digest = hashlib.sha256(data).hexdigest()[:16]
        print(f"gen_tables: wrote {target} ({len(data) / 1e6:.1f} MB source, sha256 {digest}) in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
