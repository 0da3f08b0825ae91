#!/usr/bin/env python3
"""How many random hands, their other players' cards hidden as a poker site hides them,
``Hand.from_phh`` refuses: the figures of docs/playing.rst, "Unknown cards"::

    python tools/hidden_hands.py --hands 300 --players 6,6 --throw 4
    python tools/hidden_hands.py --hands 300 --players 5,10 --keep 2

Each hand is the engine's, in a game drawn among the five (stacks of 40 to 200
chips, capped heads-up so that pokerkit could read it), played at random: a
fold one time in ten when facing a bet, 0 to ``--throw`` cards thrown each
draw (or all but 0 to ``--keep``).  Only hands whose stub ran out count.  Each
is written as a site writes it for one player (:func:`hide`) and read back;
the tool prints how many of them ``Hand.from_phh`` refused or replayed to other
payoffs, and the first few seeds of those.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
import warnings
from collections.abc import Sequence

from badeucey_fast.play import Hand, TableRules

GAMES = ("badeucey", "badacey", "badugi", "deuce_seven", "ace_five")


def hide(hand: Hand, hero: int, rng: random.Random) -> str:
    """``hand``'s PHH as a site would write it for player ``hero`` (1-based): every
    other player's cards ``??``, and a player who won nothing at the showdown
    mucking now and then."""
    data = tomllib.loads(hand.to_phh())
    order = [(hand.button + 1 + k) % hand.n_seats for k in range(hand.n_seats)]
    result = hand.result
    winners = {s for pot in getattr(result, "pots", ()) for half in pot.halves for s in half.winners}
    lines = []
    for action in data["actions"]:
        words = action.split()
        who = words[2] if words[0] == "d" else words[0]
        if who != f"p{hero}":
            if words[0] == "d" or words[1] == "sd" and len(words) > 2:
                words[-1] = "??" * (len(words[-1]) // 2)
            elif words[1] == "sm" and order[int(who[1:]) - 1] not in winners and rng.random() < 0.5:
                continue
        lines.append(" ".join(words))
    return hand.to_phh().replace(json.dumps(data["actions"]), json.dumps(lines))


def reshuffled_hand(seed: int, players: tuple[int, int], throw: int, keep: int | None) -> tuple[Hand, str] | None:
    """The hand of ``seed`` and its hidden PHH, or None when its stub did not run out."""
    rng = random.Random(seed)
    game = rng.choice(GAMES)
    size = 4 if game == "badugi" else 5
    n = rng.randint(players[0], min(players[1], 8 if size == 5 else 10))
    hand = Hand(TableRules(game, heads_up_cap=4), [rng.randint(40, 200) for _ in range(n)], button=rng.randrange(n),
                seed=random.Random(rng.randrange(1 << 30)))  # (the deals of docs/playing.rst's figures)
    while hand.phase != "over":
        if hand.phase == "draw":
            cards = hand.cards(hand.to_act or 0)
            count = (rng.randint(max(0, len(cards) - keep), len(cards)) if keep is not None
                     else rng.randint(0, min(len(cards), throw)))
            hand.discard(rng.sample(cards, count))
        else:
            hand.act(rng.choice([a for a in hand.legal_actions() if a != "f" or rng.random() < 0.1]))
    if sum(c or 0 for draw in hand.draws for c in draw) <= 52 - n * size:
        return None
    return hand, hide(hand, rng.randint(1, n), rng)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=300, help="hands whose stub ran out (default 300)")
    parser.add_argument("--players", default="6,6", help="the fewest and the most players, LO,HI (default 6,6)")
    parser.add_argument("--throw", type=int, default=4, help="cards thrown each draw: 0 to this many (default 4)")
    parser.add_argument("--keep", type=int, default=None, help="instead: all but 0 to this many thrown each draw")
    args = parser.parse_args(argv)
    low, high = (int(x) for x in args.players.split(","))
    warnings.simplefilter("ignore")  # (pokerkit's warnings about the rounds it would not replay)
    seen = seed = 0
    refused: list[int] = []
    while seen < args.hands:
        seed += 1
        made = reshuffled_hand(seed, (low, high), args.throw, args.keep)
        if made is None:
            continue
        seen += 1
        hand, text = made
        try:
            ok = Hand.from_phh(text).payoffs == hand.payoffs
        except ValueError:
            ok = False
        if not ok:
            refused.append(seed)
    print(f"{seen} hands whose stub ran out: {len(refused)} refused"
          + (f" (seeds {', '.join(map(str, refused[:10]))}{', ...' if len(refused) > 10 else ''})" if refused else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
