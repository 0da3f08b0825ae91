#!/usr/bin/env python3
"""What search gains over the blueprint, exactly for each hand dealt, in milli big blinds a hand.

CFRBot, sampling from the blueprint (``purify=False``), plays itself
heads-up.  At each seat's first betting decision of a hand's last round, the
rest of the hand is played two ways against the other seat's blueprint: with SearchBot's re-solved round (the same strategy and
generator settings as ``SearchBot``) and with the blueprint, and each way's
expected payoff is computed exactly over both seats' action probabilities,
from both hands' cards (no chance is left in the last round).  Until that
decision SearchBot plays the blueprint, so it reaches it as often as CFRBot
does, and a deal's gain (the two seats' differences, halved) has the mean of
SearchBot's result against that CFRBot in a duplicate match, without the cards'
and the actions' luck: its interval over 1,000 deals is about as narrow as a
match's over 10,000 hands with chance variates (tools/strength.py)::

    python tools/search_gain.py --game badeucey --gadgets maxmargin,none --deals 1000 --particles 32

Prints, per gadget, the mean gain with its 95% interval.  With ``--budget 1``
a gadget's re-solve is the blueprint, so every gain is 0.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from _intervals import mbb_interval

from badeucey_fast._native.subgame import GADGETS
from badeucey_fast.play import Hand
from badeucey_fast.play.bots import DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_PARTICLES, CFRBot, SearchBot
from badeucey_fast.play.view import HandView
from badeucey_fast.solve import Strategy, default_strategy, heads_up_rules
from badeucey_fast.solve.particle_search import searchable

Policy = Callable[[HandView], dict[int, float]]


def _text(action: int) -> str:
    return "f" if action < 0 else "cc" if action == 0 else f"cbr {action}"


def value(hand: Hand, seat: int, mine: Policy, theirs: Policy) -> float:
    """``seat``'s expected net chips for the hand from here, ``mine`` playing it
    and ``theirs`` the other seat, every action's subtree played out."""
    if hand.to_act is None:
        return float(hand.stacks[seat] - hand.starting_stacks[seat])
    view = hand.view(hand.to_act)
    probabilities = mine(view) if hand.to_act == seat else theirs(view)
    total = 0.0
    for action, p in probabilities.items():
        if p > 0.0:
            child = hand.copy()
            child.act(_text(action))
            total += p * value(child, seat, mine, theirs)
    return total


def deal_gains(strategy: Strategy, seed: int, searchers: Sequence[SearchBot]) -> list[float]:
    """Per searcher, the deal's gain in chips: each seat's exact difference at
    its first decision of the last round (0 where it has none), halved."""
    rules = strategy.rules
    player = CFRBot(strategy, seed=seed, purify=False)  # the blueprint as it is, which SearchBot searches on
    hand = Hand(rules, [200 * rules.big_blind] * 2, button=0, seed=random.Random(seed))  # (docs/solver.rst's deals)
    gains = [0.0] * len(searchers)
    done: set[int] = set()
    while hand.to_act is not None:
        view = hand.view(hand.to_act)
        if searchable(view) and view.seat not in done:
            done.add(view.seat)
            base = value(hand.copy(), view.seat, strategy.probabilities, strategy.probabilities)
            for k, bot in enumerate(searchers):
                bot.reset(seed * 2 + view.seat)

                def searched(v: HandView, bot: SearchBot = bot) -> dict[int, float]:
                    return bot.searched(v) or strategy.probabilities(v)

                gains[k] += (value(hand.copy(), view.seat, searched, strategy.probabilities) - base) / 2
        hand.act(player.act(view))
    return gains


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="badeucey", help="the shipped strategy's game (default: badeucey)")
    parser.add_argument("--gadgets", default="maxmargin", help=f"gadgets to measure, comma-separated ({', '.join(GADGETS)})")
    parser.add_argument("--deals", type=int, default=400, help="deals played (default: 400)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (deals take seed, seed + 1, ...)")
    parser.add_argument("--particles", type=int, default=DEFAULT_SEARCH_PARTICLES,
                        help=f"SearchBot's particles (default: {DEFAULT_SEARCH_PARTICLES})")
    parser.add_argument("--budget", type=int, default=DEFAULT_SEARCH_BUDGET,
                        help=f"SearchBot's CFR+ iterations a re-solve (default: {DEFAULT_SEARCH_BUDGET})")
    args = parser.parse_args(argv)
    gadgets = [g.strip() for g in args.gadgets.split(",")]
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    try:
        strategy = default_strategy(args.game)
        searchers = [SearchBot(strategy, budget=args.budget, particles=args.particles, gadget=g) for g in gadgets]
    except ValueError as exc:
        parser.error(str(exc))
    if strategy.rules != heads_up_rules(args.game):
        parser.error(f"the shipped {args.game} strategy plays other rules")
    started = time.monotonic()
    per_deal = [deal_gains(strategy, seed, searchers) for seed in range(args.seed, args.seed + args.deals)]
    print(f"SearchBot's gain over the blueprint, {args.game}, deals {args.seed}..{args.seed + args.deals - 1}, "
          f"{args.particles} particles, {args.budget} iterations")
    for k, gadget in enumerate(gadgets):
        mean, half, _ = mbb_interval([row[k] for row in per_deal], strategy.rules.big_blind)
        print(f"  {gadget:<14} {mean:+8.1f} mbb/hand  95% CI [{mean - half:+.1f}, {mean + half:+.1f}]")
    print(f"  {time.monotonic() - started:.0f} s of wall time", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
