#!/usr/bin/env python3
"""A bot's strength against another, by duplicate play, plain and variance-reduced.

Every deal is played twice with the same cards (the same seed), the bots
swapping seats; a deal's result is the first bot's mean over its two seats, in
milli big blinds.  Beside that plain duplicate estimate it reports an
AIVAT-style estimate (Burch et al., 2018) with control variates at the chance
events only: with the value function, fixed in advance,

    V = pot x (the first bot's share of the pot if the hands were shown now - 1/2)

each chance event (the deal, and every card a draw brings) contributes
``V after it - the expectation of V over everything it could have brought``,
computed exactly from the known chance probabilities (``equity`` enumerates
the draw: the cards come uniformly from those neither in a hand nor thrown).
Each term has mean zero whatever the bots do, so subtracting their sum from the
result leaves the estimate unbiased and takes out most of the luck of the
cards.  Prints both means with their 95% intervals and the ratio of variances::

    python tools/strength.py --game badeucey --opponent drawing --deals 5000 --seed 1
    python tools/strength.py --strategy my-badugi.npz --opponent maniac --deals 5000 --seed 1

``--game G`` plays the strategy shipped for ``G`` (:data:`SHIPPED_GAMES`),
``--strategy FILE`` a strategy file (of its own game); the opponent is any
built-in bot by name (:data:`~badeucey_fast.play.bots.BOTS`: ``drawing``,
``calling``, ``random``, the sparring bots ``maniac``, ``station``,
``bluffer``, ``reader``, or ``cfr``, the shipped strategy of the game) or
another strategy file.  The CFR bots play purified (their most probable
action, ``CFRBot``'s default); ``--sample`` makes both draw from their average
strategies instead (``CFRBot(purify=False)``), ``--opponent-samples`` the
opponent only (purified play against sampling).  Chunks of :data:`CHUNK_DEALS`
deals run on a pool of ``--workers`` processes, each of which loads the
strategy once.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from _intervals import mbb_interval

from badeucey_fast import equity
from badeucey_fast.games import get_game
from badeucey_fast.play.bots import BOTS, CFRBot, SearchBot, make_bot
from badeucey_fast.play.events import Draw
from badeucey_fast.play.hand import Hand
from badeucey_fast.solve import Strategy, default_strategy
from badeucey_fast.solve.shipped import STRATEGIES

CHUNK_DEALS = 250
"""Deals a worker plays at a time; chunk ``c`` takes its seeds from ``SeedSequence(seed, spawn_key=(c,))``."""


def share(game: Any, hands: Sequence[Sequence[int]], dead: Sequence[int], seat: int,
          discards: Sequence[Any] | None = None) -> float:
    """``seat``'s pot share if the hands were shown now (or, with ``discards``,
    expected over what one draw of them brings)."""
    result = equity([list(h) for h in hands], dead=list(dead), game=game, draws=1 if discards else 0,
                    discards=discards)
    return float(result.share[seat])


def play_deal(bots: Sequence[Any], rules: Any, stacks: int, seed: int, hero: int) -> tuple[float, float]:
    """One hand with bot 0 in seat ``hero`` (the button is seat 0): bot 0's
    payoff in chips, and the sum of its chance control variates."""
    seats = [bots[0], bots[1]] if hero == 0 else [bots[1], bots[0]]
    hand = Hand(rules, [stacks, stacks], button=0, seed=random.Random(seed))  # (the cards docs/bots.rst's figures dealt)
    game = hand.game
    dead: list[int] = []
    correction = hand.pot * (share(game, [hand.cards(0), hand.cards(1)], dead, hero) - 0.5)  # the deal: mean 0
    while hand.to_act is not None:
        seat = hand.to_act
        view = hand.view(seat)
        action = seats[seat].act(view)
        if view.phase != "draw":
            hand.act(action)
            continue
        before = [hand.cards(0), hand.cards(1)]
        pot = hand.pot
        hand.act(action)
        draw = hand.events[-1]
        if not isinstance(draw, Draw) or draw.seat != seat or draw.thrown is None:
            raise RuntimeError(f"the hand's last event is {draw!r}, not seat {seat}'s draw")
        if draw.count:
            discards: list[Any] = [None, None]
            discards[seat] = list(draw.thrown)
            expected = share(game, before, dead, hero, discards)
            dead.extend(draw.thrown)
            actual = share(game, [hand.cards(0), hand.cards(1)], dead, hero)
            correction += pot * (actual - expected)
    payoffs = hand.payoffs
    if payoffs is None:
        raise RuntimeError("the hand is over but has no payoffs")
    return float(payoffs[hero]), correction


SHIPPED_GAMES = tuple(STRATEGIES)
"""The games a strategy ships for (:data:`~badeucey_fast.solve.shipped.STRATEGIES`)."""


def shipped_strategy(game: str) -> Strategy:
    """The strategy shipped with the package for ``game``.

    :raises ValueError: for a game no strategy ships for.
    """
    return default_strategy(game)


@functools.lru_cache(maxsize=4)
def load(path: str | None, game: str = "badeucey") -> Strategy:
    """The strategy file ``path``, or with None the one shipped for ``game``; read once a process."""
    return shipped_strategy(game) if path is None else Strategy.load(path)


def opponent_bot(opponent: str, game: str = "badeucey", *, purify: bool = True) -> Any:
    """A built-in bot by name (``cfr``: the strategy shipped for ``game``;
    ``search``, ``search:GADGET`` or ``search:GADGET:PARTICLES``: SearchBot on
    that strategy, with that re-solving gadget and particles a seat), or a
    CFRBot playing the strategy file of that name."""
    if opponent.endswith(".npz"):
        return CFRBot(load(opponent), purify=purify)
    if opponent.strip().lower() == "cfr":
        return CFRBot(load(None, game), purify=purify)
    name, _, options = opponent.strip().lower().partition(":")
    if name == "search":
        gadget, _, particles = options.partition(":")
        if particles and not particles.isdigit():
            raise ValueError(f"search:GADGET:PARTICLES takes a whole number of particles, got {particles!r}")
        if particles:
            return SearchBot(load(None, game), gadget=gadget or "blueprint", particles=int(particles))
        return SearchBot(load(None, game), gadget=gadget or "blueprint")
    return make_bot(opponent)


def play_chunk(job: tuple[str | None, str, int, int, int, str, bool, bool]) -> tuple[list[float], list[float]]:
    """A chunk of deals: each deal's plain and corrected duplicate result (chips).
    ``job``: the strategy file (None: the one shipped for the game), the
    opponent, the seed, the chunk's number, its deals, the game whose
    shipped strategy plays when there is no file, and whether the first bot
    and a CFR opponent play purified."""
    path, opponent, seed, chunk, deals, game, purify, opponent_purifies = job
    strategy = load(path, game)
    cfr = CFRBot(strategy, purify=purify)
    other = opponent_bot(opponent, get_game(strategy.rules.game).name, purify=opponent_purifies)
    rules = strategy.rules
    stacks = 200 * rules.big_blind
    seeds = np.random.SeedSequence(seed, spawn_key=(chunk,)).generate_state(3 * deals, dtype=np.uint64)
    plain, corrected = [], []
    for d in range(deals):
        deal_seed, bot_seed = int(seeds[3 * d]), int(seeds[3 * d + 1])
        payoffs = []
        for hero in (0, 1):
            cfr.reset(bot_seed)
            if hasattr(other, "reset"):
                other.reset(bot_seed + 1)
            payoffs.append(play_deal((cfr, other), rules, stacks, deal_seed, hero))
        plain.append(sum(p for p, _ in payoffs) / 2)
        corrected.append(sum(p - c for p, c in payoffs) / 2)
    return plain, corrected


def warm(strategy: Strategy) -> None:
    """Makes what the strategy's first decision makes (its card abstraction,
    lookup and purified strategy), so that forked workers start with it."""
    hand = Hand(strategy.rules, [200 * strategy.rules.big_blind] * 2, seed=0)
    if hand.to_act is not None:
        strategy.purified().probabilities(hand.view(hand.to_act))


def pool_of(workers: int) -> contextlib.AbstractContextManager[ProcessPoolExecutor | None]:
    """The processes that play the chunks: None (this process) for one worker;
    forked where the platform forks, so that each starts with the strategy
    this process read and warmed (read once, not once a worker)."""
    if workers == 1:
        return contextlib.nullcontext()
    forks = "fork" in multiprocessing.get_all_start_methods()
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork") if forks else None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default=None,
                        help=f"play the strategy shipped for this game ({', '.join(SHIPPED_GAMES)}; default badeucey)")
    parser.add_argument("--strategy", default=None, help="a strategy file instead (its game is then the game)")
    parser.add_argument("--opponent", default="drawing",
                        help=f"a built-in bot ({', '.join(BOTS)}; search:GADGET or search:GADGET:PARTICLES for SearchBot "
                        "with another gadget and particles a seat) or a strategy file (.npz)")
    parser.add_argument("--deals", type=int, default=5000, help="deals, each played twice (default: 5,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes playing the chunks (default: 2)")
    parser.add_argument("--sample", action="store_true",
                        help="the CFR bots draw each action from their average strategies (CFRBot(purify=False))")
    parser.add_argument("--opponent-samples", action="store_true",
                        help="a CFR opponent draws from its average strategy, the first bot plays purified")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.deals < 2:
        parser.error("--workers and --deals must be at least 1 and 2")
    if not args.opponent.endswith(".npz") and args.opponent.strip().lower().partition(":")[0] not in BOTS:
        parser.error(f"--opponent: unknown bot {args.opponent!r} (bots: {', '.join(BOTS)}, or a .npz strategy file)")
    try:
        shipped = get_game(args.game or "badeucey").name
        strategy = load(args.strategy, shipped)
    except ValueError as exc:
        parser.error(str(exc))
    game = get_game(strategy.rules.game).name
    if args.game is not None and get_game(args.game).name != game:
        parser.error(f"--game {args.game}, but the strategy {args.strategy} plays {game}")
    big_blind = strategy.rules.big_blind
    jobs = []
    for chunk, start in enumerate(range(0, args.deals, CHUNK_DEALS)):
        jobs.append((args.strategy, args.opponent, args.seed, chunk, min(CHUNK_DEALS, args.deals - start), shipped,
                     not args.sample, not (args.sample or args.opponent_samples)))
    plain: list[float] = []
    corrected: list[float] = []
    started = time.monotonic()
    warm(strategy)
    with pool_of(args.workers) as pool:
        for p, c in (pool.map(play_chunk, jobs) if pool is not None else map(play_chunk, jobs)):
            plain.extend(p)
            corrected.extend(c)
    elapsed = time.monotonic() - started
    m, h, v = mbb_interval(plain, big_blind)
    m2, h2, v2 = mbb_interval(corrected, big_blind)
    print(f"{args.strategy or 'CFRBot'} vs {args.opponent}: {args.deals:,} deals ({2 * args.deals:,} hands), "
          f"seed {args.seed}, {game}{', sampling' if args.sample else ', the opponent sampling' if args.opponent_samples else ''}")
    print(f"  duplicate:             {m:+8.1f} mbb/hand  95% CI [{m - h:+.1f}, {m + h:+.1f}]")
    print(f"  with chance variates:  {m2:+8.1f} mbb/hand  95% CI [{m2 - h2:+.1f}, {m2 + h2:+.1f}]  "
          f"(variance x{v2 / v:.2f})")
    print(f"  {elapsed:.0f} s of wall time on {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
