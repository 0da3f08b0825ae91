#!/usr/bin/env python3
"""A local best response (LBR, :mod:`badeucey_fast.solve.local_response`)
against a bot, heads-up capped fixed-limit Badeucey, in duplicate: prints
LBR's mbb/hand with its 95% interval as a row of docs/solver.rst's table::

    python tools/local_best_response.py --opponent cfr --deals 2000 --seed 1 --particles 48

``--opponent cfr`` is the strategy shipped with the package (``CFRBot()``,
purified; with ``--sample``, ``CFRBot(purify=False)``, drawing from the average
strategy), ``--opponent drawing`` is ``DrawingBot()``, ``--opponent search`` is
``SearchBot()`` (the same strategy, searched at play time).  The match plays
in this process, one chunk of deals after another (progress on stderr).

``--mini 200,5000,50000`` instead trains a strategy of each number of
iterations on the mini game (``TableRules.mini()``, exact hands, seed
``--seed``) and prints, per seat, the exact best response's value against it
and LBR's exact value (:func:`~badeucey_fast.solve.local_response.exact_value`)::

    python tools/local_best_response.py --mini 200,5000,50000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from badeucey_fast.jobs import JobProgress
from badeucey_fast.play.bots import Bot, CFRBot, DrawingBot, SearchBot
from badeucey_fast.solve.local_response import DEFAULT_PARTICLES, DEFAULT_SAMPLES, local_best_response_match

OPPONENTS = ("cfr", "drawing", "search")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--opponent", choices=OPPONENTS)
    parser.add_argument("--mini", default=None, help="iterations of mini-game strategies, comma-separated")
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played twice (default: 1,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", action="store_true",
                        help="with --opponent cfr: the bot draws from its average strategy (CFRBot(purify=False))")
    parser.add_argument("--particles", type=int, default=DEFAULT_PARTICLES,
                        help=f"particles in the opponent's range (default: {DEFAULT_PARTICLES})")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"sampled draw outcomes per share (default: {DEFAULT_SAMPLES})")
    args = parser.parse_args(argv)
    if args.mini is not None:
        try:
            counts = [int(n.replace("_", "")) for n in args.mini.split(",")]
            mini(counts, args.seed, args.particles, args.samples)
        except ValueError as exc:
            parser.error(str(exc))
        return 0
    if args.opponent is None:
        parser.error("--opponent or --mini is needed")
    if args.sample and args.opponent != "cfr":
        parser.error("--sample is for --opponent cfr (the CFR bot drawing from its average strategy)")
    opponent: Bot = (CFRBot(seed=args.seed, purify=not args.sample) if args.opponent == "cfr" else SearchBot(seed=args.seed)
                     if args.opponent == "search" else DrawingBot())
    started = time.process_time()

    def progress(p: JobProgress) -> None:
        print(f"\r{p.items_done:,}/{p.items_total:,} hands", end="", file=sys.stderr, flush=True)

    try:
        result = local_best_response_match(opponent, args.deals, seed=args.seed, particles=args.particles,
                                           samples=args.samples, progress=progress)
    except ValueError as exc:
        parser.error(str(exc))
    print(file=sys.stderr)
    print(f"{result.row()} | {time.process_time() - started:,.0f} s CPU")
    return 0


def mini(counts: Sequence[int], seed: int, particles: int, samples: int) -> None:
    """The mini game's table: per strategy and seat, the exact best response's value and LBR's."""
    from badeucey_fast.play import TableRules
    from badeucey_fast.solve import TableGame, exploitability, train
    from badeucey_fast.solve.local_response import exact_value

    rules = TableRules.mini()
    game = TableGame(rules, stack=20)
    print("iterations | seat | strategy's own value | exact best response | LBR (chips a hand)")
    for count in counts:
        strategy = train(rules, count, seed=seed, abstraction=None, stacks=(20, 20))
        exact = exploitability(game, strategy.as_policy())
        for seat in (0, 1):
            value = exact_value(game, strategy, seat, particles=particles, samples=samples, seed=seed)
            print(f"{count:,} | {seat} | {exact.policy_value[seat]:+.4f} | {exact.best_response[seat]:+.4f} | "
                  f"{value:+.4f}")


if __name__ == "__main__":
    sys.exit(main())
