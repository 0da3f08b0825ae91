#!/usr/bin/env python3
"""Write the class-bucket table of a game: the per-class form of the card
abstraction a shipped strategy was trained with (badeucey_fast.solve.class_buckets).

It computes the game's card features (or reads them from the cache), takes
each class's bucket for 0..3 draws left and candidate discards for 1..3
(``ClassBuckets.from_features``), and checks the table before writing it:
every hand of the game, expanded through the table, gets bit for bit the
buckets and candidates of ``SolverAbstraction.card_buckets`` (the numpy path
the solver trained with), and a sample of hands looked up one at a time
(``ClassBuckets.hand``, what the bot does) agrees.  The file records the
digest of that abstraction for each history, which strategy files name.  The
same game and buckets give the same bytes.

With ``--reach GRIDS`` it writes the table of a reach-bucket abstraction
instead (``SolverAbstraction.reach_buckets``: four grids by draws left 0..3,
``BxS`` value bands by balance splits over the hands that reach that point),
which is its own definition: the lookups are checked against its expanded
arrays, and it records the digest for every history.

Usage::

    python tools/gen_buckets.py --game deuce_seven --buckets 32 \\
        --out badeucey_fast/solve/deuce_seven-buckets32.npz
    python tools/gen_buckets.py --game badeucey --reach 12x4,8x4,8x4,8x4 \\
        --out badeucey_fast/solve/badeucey-reach.npz

Under a minute and about 1 GB of memory for a five-card game with a cold cache.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from badeucey_fast._native.cfr import HISTORIES
from badeucey_fast.abstraction import CACHE_ENV
from badeucey_fast.games import GAMES
from badeucey_fast.solve.abstraction import SolverAbstraction, all_hands
from badeucey_fast.solve.class_buckets import ClassBuckets

SAMPLE = 20_000
"""Hands looked up one at a time (the bot's path) and compared with the arrays."""
SAMPLE_SEED = 1


CARD_BUCKET_HISTORIES = ("full", "round")
"""The histories a card-bucket table records digests for (those of the shipped tables)."""


def build(game: str, buckets: int, splits: int | None, reach: str | None = None) -> ClassBuckets:
    """The checked table, with its digests; SystemExit naming the first hand that disagrees."""
    histories: tuple[str, ...] = CARD_BUCKET_HISTORIES
    if reach is not None:
        from badeucey_fast.cli import _reach_grids
        from badeucey_fast.solve.reach import reach_spec, reach_table

        counts, parts = _reach_grids(reach)
        table = reach_table(reach_spec(game, counts, parts))
        full = SolverAbstraction.from_table(table, "full")
        histories = tuple(HISTORIES)
    else:
        table = ClassBuckets.from_features(game, buckets, splits=splits)
        full = SolverAbstraction.card_buckets(game, buckets, splits=table.spec["splits"], history="full")
    expanded, candidates = table.expand()
    for r in range(4):
        for name, mine, theirs in (("bucket", expanded[r], full.buckets[r]),
                                   ("candidates", candidates[r], full.candidates[r])):
            if mine is None and theirs is None:
                continue
            if mine is None or theirs is None or not np.array_equal(mine, theirs):
                bad = -1 if mine is None or theirs is None else int(np.flatnonzero(
                    np.any((mine != theirs).reshape(len(mine), -1), axis=1))[0])
                raise SystemExit(f"gen_buckets: {game}: the table's {name} with {r} draw(s) left differs "
                                 f"at hand index {bad}")
    hands = all_hands(table.hand_size)
    rng = random.Random(SAMPLE_SEED)
    for _ in range(SAMPLE):
        index = rng.randrange(len(hands))
        cards = hands[index].tolist()
        rng.shuffle(cards)
        found, bucket, masks = table.hand(cards)
        wanted = tuple(int(full.buckets[r][index]) for r in range(4))  # type: ignore[index]
        wanted_masks = tuple(tuple(full.candidates[r][index].tolist()) if r else ()  # type: ignore[index]
                             for r in range(4))
        if (found, bucket, masks) != (index, wanted, wanted_masks):
            raise SystemExit(f"gen_buckets: {game}: the lookup of {cards} disagrees with the arrays")
    digests = {}
    for history in histories:
        spec = dict(full.spec)
        if history != "full":
            spec["history"] = history
        digests[history] = dataclasses.replace(full, spec=spec, history=history).digest
    return table.with_digests(digests)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/gen_buckets.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=list(GAMES))
    parser.add_argument("--buckets", type=int, default=32, help="buckets a number of draws left (default 32)")
    parser.add_argument("--splits", type=int, default=None, help="balance splits a value band (default: the grid's)")
    parser.add_argument("--reach", default=None, metavar="GRIDS",
                        help="a reach-bucket table instead: four grids, e.g. 12x4,8x4,8x4,8x4 (see train --reach-buckets)")
    parser.add_argument("--out", required=True, type=Path, help="the file to write")
    parser.add_argument("--cache-dir", default=None, help="the card features' cache folder (default: the user's)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.cache_dir:
        os.environ[CACHE_ENV] = args.cache_dir
    table = build(args.game, args.buckets, args.splits, args.reach)
    table.save(args.out)
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"{args.out} ({args.out.stat().st_size:,} bytes, sha256 {digest}) in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
