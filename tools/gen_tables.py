#!/usr/bin/env python3
"""Generate the rank tables of badeucey-fast's C core.

This is the one source of truth for every table the C core reads. It enumerates
every 4-card (270,725) and 5-card (2,598,960) combination of the 52-card deck,
ranks each under the rules in RULES.md, indexes the results by minimal or
near-minimal perfect hashes, verifies every combination through the emitted
hash, and writes one C fragment, ``bdc_tables.inc``, that ``csrc/bdc_core.c``
includes.  The output is byte-identical from run to run.

Layout of the emitted tables (the C core and this script are the only two
places that know it):

* **Badugi** depends on ranks *and* suits, so it gets one entry per
  combination, indexed by the colexicographic rank of the sorted card ids:
  ``index = C(c0,1) + C(c1,2) + ... + C(ck-1,k)`` for ``c0 < c1 < ...``.  That
  index is a minimal perfect hash onto ``0 .. C(52,k)-1``; ``BDC_COLEX`` holds
  the binomial weights.  Tables: ``bdc_tab_badugi4_{low,high}`` (aces low / aces
  high, 270,725 entries).  Five cards need no colex index: a 5-card hand is
  fixed, up to a relabelling of suits (which never changes a Badugi rank), by
  its rank multiset and the pattern of equal suits along its sorted cards, so
  ``bdc_tab_badugi5_{low,high}`` (the best subset already chosen) are indexed
  by ``low_slot * BDC_SUIT_PATTERNS + BDC_SUIT_PATTERN[suits]`` (see below):
  649 KB each instead of 5.2 MB, small enough to stay in cache.
* **Deuce-to-seven and ace-to-five** depend only on the multiset of ranks and
  (2-7 only) on whether all five cards share a suit.  Each card id maps to an
  additive rank key (``BDC_CARD_KEY``) chosen so that the 6,175 possible rank
  multisets of five cards have distinct sums; the sums (at most 360,918) are
  squeezed into a small table by row displacement:
  ``slot = BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK)``.
  Tables ``bdc_tab_deuce_seven``, ``bdc_tab_deuce_seven_flush`` and ``bdc_tab_ace_five``
  are indexed by that slot (0 marks a slot no hand reaches).

Every rank is a dense rank: 1 is the best class.

Usage: ``python tools/gen_tables.py --out DIR``
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
import time
from collections import Counter
from math import comb
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
import numpy.typing as npt

N_RANKS = 13
N_SUITS = 4
N_CARDS = 52
ACE = 12  # rank index of the ace; card id = 4 * rank + suit, rank 0 = deuce

BADUGI_CLASSES = 1092  # 715 four-card + 286 three-card + 78 two-card + 13 one-card
DEUCE_SEVEN_CLASSES = 7462
ACE_FIVE_CLASSES = 6175

# Additive per-rank keys: the smallest increasing integers (found by a greedy
# search, the same idea as SKPokerEval's rank keys) for which every multiset of
# five ranks with no rank more than four times has a distinct sum.
RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
# Row width of the displacement table: 2**6 columns keeps both the offset
# array (5,640 entries) and the slot tables (about 6,400 entries) small.
LOW_SHIFT = 6
# Ways to split five cards among at most four suits, up to relabelling the suits
# (Bell number B(5) = 52, less the one way that needs five suits).
N_SUIT_PATTERNS = 51

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

        self.badugi4: dict[str, Ranks] = {}
        ranks5: dict[str, Ranks] = {}  # best Badugi of each row of hands5
        for name, ace_high in (("low", False), ("high", True)):
            table4 = scatter_by_colex(hands4, badugi4_ranks(hands4, ace_high))
            self.badugi4[name] = table4
            ranks5[name] = badugi5_ranks(hands5, table4)

        multisets = rank_multisets()
        key_of = {m: sum(RANK_KEYS[r] for r in m) for m in multisets}
        if len(set(key_of.values())) != len(multisets):
            raise AssertionError("RANK_KEYS do not separate the rank multisets")
        self.offsets, size = displacement(list(key_of.values()), LOW_SHIFT)

        d27: dict[object, object] = {}
        for m in multisets:
            d27[(m, False)] = high_poker_strength(m, False)
            if len(set(m)) == 5:
                d27[(m, True)] = high_poker_strength(m, True)
        d27_rank = dense(d27)
        a5_rank = dense({m: ace_five_strength(m) for m in multisets})
        # For naming ranks: each class's ranks as named, then a one-suit flag.
        d27_named = {rank: named_ranks(m, False) + bytes([flush]) for (m, flush), rank in d27_rank.items()}  # type: ignore[misc]
        a5_named = {rank: named_ranks(m, True) + b"\x00" for m, rank in a5_rank.items()}  # type: ignore[arg-type]
        self.deuce_seven_classes = class_table(d27_named, DEUCE_SEVEN_CLASSES)
        self.ace_five_classes = class_table(a5_named, ACE_FIVE_CLASSES)

        self.deuce_seven = np.zeros(size, dtype=np.uint16)
        self.deuce_seven_flush = np.zeros(size, dtype=np.uint16)
        self.ace_five = np.zeros(size, dtype=np.uint16)
        self.slot_owner = np.full(size, -1, dtype=np.int64)  # multiset code, for verifying
        for m in multisets:
            slot = self.low_slot(key_of[m])
            self.slot_owner[slot] = multiset_code(m)
            self.deuce_seven[slot] = d27_rank[(m, False)]
            self.ace_five[slot] = a5_rank[m]
            if (m, True) in d27_rank:
                self.deuce_seven_flush[slot] = d27_rank[(m, True)]

        # 5-card Badugi by (rank multiset slot, suit pattern): a hand is fixed up
        # to a relabelling of suits, which never changes a Badugi rank, by its
        # rank multiset and the pattern of equal suits along its sorted cards.
        self.suit_pattern = suit_patterns()
        key5 = self.badugi5_key(hands5)
        self.badugi5: dict[str, Ranks] = {}
        for name, ranks in ranks5.items():
            table = np.zeros(size * N_SUIT_PATTERNS, dtype=np.uint16)
            table[key5] = ranks
            check(np.array_equal(table[key5], ranks), f"badugi5 {name}: two hands with one key rank differently")
            self.badugi5[name] = table

        self.verify(hands4, hands5)

    def low_slots(self, hands5: Hands) -> npt.NDArray[np.int64]:
        """Displacement-hash slot of each 5-card hand's rank multiset, as the C core computes it."""
        key = np.array(card_keys(), dtype=np.int64)[hands5].sum(axis=1)
        offsets = np.array(self.offsets, dtype=np.int64)
        return offsets[key >> LOW_SHIFT] + (key & ((1 << LOW_SHIFT) - 1))

    def badugi5_key(self, hands5: Hands) -> npt.NDArray[np.int64]:
        """Index of each sorted 5-card hand in the 5-card Badugi tables, as the C core computes it:
        ``low_slot * N_SUIT_PATTERNS + suit_pattern[suits of the sorted cards, 2 bits each]``."""
        code = np.zeros(len(hands5), dtype=np.int64)
        for i in range(5):
            code |= (hands5[:, i].astype(np.int64) % N_SUITS) << (2 * i)
        pattern = np.array(self.suit_pattern, dtype=np.int64)[code]
        return self.low_slots(hands5) * N_SUIT_PATTERNS + pattern

    def low_slot(self, key: int) -> int:
        return self.offsets[key >> LOW_SHIFT] + (key & ((1 << LOW_SHIFT) - 1))

    def verify(self, hands4: Hands, hands5: Hands) -> None:
        """Check every combination through the emitted hashes, as the C core will read them."""
        for name in ("low", "high"):
            ranks4 = self.badugi4[name][colex_index(hands4)]
            ranks5 = self.badugi5[name][self.badugi5_key(hands5)]
            check(np.all((ranks4 >= 1) & (ranks4 <= BADUGI_CLASSES)), "badugi4 gap")
            check(len(np.unique(ranks4)) == BADUGI_CLASSES, "badugi4 class count")
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
        d27 = np.where(flush, self.deuce_seven_flush[slot], self.deuce_seven[slot])
        check(np.all(d27 >= 1), "2-7 gap")
        check(len(np.unique(d27)) == DEUCE_SEVEN_CLASSES, "2-7 class count")
        a5 = self.ace_five[slot]
        check(np.all(a5 >= 1), "A-5 gap")
        check(len(np.unique(a5)) == ACE_FIVE_CLASSES, "A-5 class count")


def named_ranks(m: Multiset, ace_low: bool) -> bytes:
    """A rank multiset in the order a player names it: most repeated first, then
    highest first in the ace convention in force (card ranks, 0 = deuce .. 12 = ace)."""
    counts = Counter(m)
    value = (lambda r: (r + 1) % N_RANKS) if ace_low else (lambda r: r)
    return bytes(sorted(m, key=lambda r: (counts[r], value(r)), reverse=True))


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


def suit_patterns() -> list[int]:
    """Pattern id of each sequence of five suits (2 bits each, first card lowest).

    Suits are relabelled in order of first appearance, so sequences that differ
    only by a permutation of suits share an id; ids are numbered in order of
    first appearance over the 1,024 sequences (there are N_SUIT_PATTERNS).
    """
    ids: dict[tuple[int, ...], int] = {}
    out = []
    for code in range(4**5):
        suits = [(code >> (2 * i)) & 3 for i in range(5)]
        relabel: dict[int, int] = {}
        canonical = tuple(relabel.setdefault(s, len(relabel)) for s in suits)
        out.append(ids.setdefault(canonical, len(ids)))
    check(len(ids) == N_SUIT_PATTERNS, "suit pattern count")
    return out


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


def c_u16_bytes(name: str, what: str, table: Ranks) -> str:
    """A uint16 table as a little-endian byte string literal.

    String literals compile about ten times faster than integer initialiser
    lists for multi-megabyte tables; the core reads entries with bdc_u16().
    """
    data = np.frombuffer(table.astype("<u2").tobytes(), dtype=np.uint8)
    digits = np.frombuffer(b"0123456789abcdef", dtype=np.uint8)
    escaped = np.empty((len(data), 4), dtype=np.uint8)  # each byte as \\xHH
    escaped[:, 0] = ord("\\")
    escaped[:, 1] = ord("x")
    escaped[:, 2] = digits[data >> 4]
    escaped[:, 3] = digits[data & 15]
    text = escaped.tobytes().decode("ascii")
    step = 64 * 4  # 64 bytes of table per line
    lines = ['    "' + text[i : i + step] + '"' for i in range(0, len(text), step)]
    return (
        f"/* {what}: {len(table)} uint16 entries, little-endian. */\n"
        f"static const unsigned char {name}[{len(data)}] =\n" + "\n".join(lines) + ";\n"
    )


def c_class_table(name: str, what: str, rows: list[bytes]) -> str:
    """Rank -> class description table (row r - 1 describes rank r)."""
    width = len(rows[0])
    body = ",\n".join("    {" + ", ".join(str(b) for b in row) + "}" for row in rows)
    return f"/* Class of each rank, {what}. */\nstatic const uint8_t {name}[{len(rows)}][{width}] = {{\n{body}\n}};\n\n"


def emit(tables: Tables) -> str:
    weights = colex_weights(4)
    parts = [
        "/* generated by tools/gen_tables.py; do not edit. */\n",
        f"/* RANK_KEYS = {list(RANK_KEYS)}, LOW_SHIFT = {LOW_SHIFT} */\n\n",
        f"#define BDC_LOW_SHIFT {LOW_SHIFT}\n",
        f"#define BDC_LOW_MASK {(1 << LOW_SHIFT) - 1}\n",
        f"#define BDC_LOW_ROWS {len(tables.offsets)}\n",
        f"#define BDC_LOW_SLOTS {len(tables.deuce_seven)}\n",
        f"#define BDC_HANDS4 {comb(N_CARDS, 4)}\n",
        f"#define BDC_BADUGI_CLASSES {BADUGI_CLASSES}\n",
        f"#define BDC_DEUCE_SEVEN_CLASSES {DEUCE_SEVEN_CLASSES}\n",
        f"#define BDC_ACE_FIVE_CLASSES {ACE_FIVE_CLASSES}\n",
        "/* Colex weight of card c in sorted position i: C(c, i + 1). */\n",
        "static const uint32_t BDC_COLEX[4][52] = {\n",
        ",\n".join("    " + c_ints(row).replace("\n", "\n    ") for row in weights),
        "\n};\n\n",
        f"#define BDC_SUIT_PATTERNS {N_SUIT_PATTERNS}\n",
        "/* Suit pattern id of five suits in sorted-card order (2 bits each, first card lowest). */\n",
        f"static const uint8_t BDC_SUIT_PATTERN[1024] = {c_ints(tables.suit_pattern)};\n\n",
        "/* Additive rank-multiset key of each card id (its rank's key). */\n",
        f"static const uint32_t BDC_CARD_KEY[52] = {c_ints(card_keys())};\n\n",
        "/* Row offsets of the displacement hash of the low-hand key. */\n",
        f"static const uint16_t BDC_LOW_OFFSET[BDC_LOW_ROWS] = {c_ints(tables.offsets)};\n\n",
        c_class_table("BDC_CLASS_BADUGI_LOW", "Badugi aces low: card ranks, highest first, 0xff pad", badugi_class_ranks(False)),
        c_class_table("BDC_CLASS_BADUGI_HIGH", "Badugi aces high: card ranks, highest first, 0xff pad", badugi_class_ranks(True)),
        c_class_table("BDC_CLASS_DEUCE_SEVEN", "2-7: card ranks as named, then the one-suit flag", tables.deuce_seven_classes),
        c_class_table("BDC_CLASS_ACE_FIVE", "A-5: card ranks as named (aces low), then 0", tables.ace_five_classes),
        c_u16_bytes("bdc_tab_deuce_seven", "2-7 rank by low slot, not all one suit", tables.deuce_seven),
        c_u16_bytes("bdc_tab_deuce_seven_flush", "2-7 rank by low slot, all one suit", tables.deuce_seven_flush),
        c_u16_bytes("bdc_tab_ace_five", "A-5 rank by low slot", tables.ace_five),
        c_u16_bytes("bdc_tab_badugi4_low", "Badugi aces low by 4-card colex index", tables.badugi4["low"]),
        c_u16_bytes("bdc_tab_badugi4_high", "Badugi aces high by 4-card colex index", tables.badugi4["high"]),
        c_u16_bytes("bdc_tab_badugi5_low", "best Badugi aces low by low slot and suit pattern", tables.badugi5["low"]),
        c_u16_bytes("bdc_tab_badugi5_high", "best Badugi aces high by low slot and suit pattern", tables.badugi5["high"]),
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
