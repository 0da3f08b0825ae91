"""Per-call costs of the small things users hit (issue 38): ``Hand`` with an int
seed or a generator (dealt, and dealt and played to its end), with reused rules
or equal rules made afresh, a seeded match of two rule bots played in Python (a
hand of it), the AEC environment's ``observe`` and its raw step, and RLCard's
limit hold'em ``env.step`` as the environment's peer (when RLCard is installed).

Run it as a script, in each build to compare, in turn (the figures of one
machine move with its load: compare the ratios of runs made side by side)::

    python benchmarks/small_calls.py            # one line a figure: name, microseconds a call (then two ratios)
    python benchmarks/small_calls.py --cpu      # the same in CPU time (time.process_time)
    python benchmarks/small_calls.py --cpu --hands   # the Hand and match figures only

Each figure is the fastest of ``REPEAT`` rounds of a fixed number of calls.  On a
loaded machine CPU time is the steadier: wall time counts the slices other
programs take.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

REPEAT = 7
CLOCK = time.process_time if "--cpu" in sys.argv[1:] else time.perf_counter


def _best(run: Callable[[], int]) -> float:
    """The fastest round's microseconds a call (``run`` returns its number of calls)."""
    best = float("inf")
    for _ in range(REPEAT):
        start = CLOCK()
        calls = run()
        best = min(best, (CLOCK() - start) / calls * 1e6)
    return best


def hand_figures() -> dict[str, float]:
    from badeucey_fast.play import Hand, TableRules

    rules = TableRules("badugi")
    Hand(rules, [100, 100], seed=1)  # the rules kept
    generator = random.Random(1)
    fresh = [TableRules("badugi") for _ in range(2000)]
    n = 2000

    def with_generator() -> int:
        for _ in range(n):
            Hand(rules, [100, 100], seed=generator)
        return n

    def with_int_seed() -> int:
        for seed in range(n):
            Hand(rules, [100, 100], seed=seed)
        return n

    def with_equal_rules() -> int:
        for made in fresh:
            Hand(made, [100, 100], seed=generator)
        return n

    def making_the_rules() -> int:
        for _ in range(n):
            Hand(TableRules("badugi"), [100, 100], seed=generator)
        return n

    def played(seeds: Callable[[int], object]) -> Callable[[], int]:
        """Hands dealt with seeds(i) and played to their end: calls, a draw of one card."""

        def run() -> int:
            for i in range(n):
                hand = Hand(rules, [100, 100], seed=seeds(i))
                while hand.phase != "over":
                    if hand.phase == "draw":
                        hand.discard(hand.cards(hand.to_act)[:1])
                    else:
                        hand.check_call()
            return n

        return run

    return {"hand_generator": _best(with_generator), "hand_int_seed": _best(with_int_seed),
            "hand_generator_played": _best(played(lambda i: generator)), "hand_int_seed_played": _best(played(int)),
            "hand_equal_rules": _best(with_equal_rules), "hand_new_rules_each": _best(making_the_rules)}


def match_figures() -> dict[str, float]:
    """A hand of a seeded match of two rule bots that play in Python (their
    hands dealt from a deck and a generator of the deal's stub seed, as every match deals)."""
    from badeucey_fast.jobs import InlineExecutor
    from badeucey_fast.play.bots import ManiacBot, StationBot
    from badeucey_fast.play.matches import play_match

    hands = 400

    def match() -> int:
        play_match([StationBot(), ManiacBot()], hands=hands, game="badugi", seed=38, executor=InlineExecutor())
        return hands

    return {"match_rule_bots_hand": _best(match)}


def aec_figures() -> dict[str, float]:
    import numpy as np

    from badeucey_fast.env import triple_draw_v1

    env = triple_draw_v1.raw_env("badugi", 2)
    env.reset(seed=1)
    agent = env.agent_selection
    n = 2000

    def observe() -> int:
        for _ in range(n):
            env.observe(agent)
        return n

    pick = random.Random(2)
    steps = 4000

    def raw_step() -> float:
        """Random legal actions, a new hand when one ends: microseconds a call of env.step alone."""
        env.reset(seed=3)
        spent = 0.0
        for _ in range(steps):
            chosen = env.agent_selection
            if env.terminations[chosen]:
                env.reset()
                chosen = env.agent_selection
            legal = np.flatnonzero(env.legal_mask(env.possible_agents.index(chosen))).tolist()
            action = pick.choice(legal)
            start = CLOCK()
            env.step(action)
            spent += CLOCK() - start
        return spent / steps * 1e6

    return {"aec_observe": _best(observe), "aec_raw_step": min(raw_step() for _ in range(REPEAT))}


def rlcard_figures() -> dict[str, float]:
    try:
        import rlcard
    except ImportError:
        return {}
    env = rlcard.make("limit-holdem", config={"seed": 1})
    pick = random.Random(2)
    steps = 4000

    def step() -> float:
        spent = 0.0
        state, _ = env.reset()
        for _ in range(steps):
            if env.is_over():
                state, _ = env.reset()
            action = pick.choice(list(state["legal_actions"]))
            start = CLOCK()
            state, _ = env.step(action)
            spent += CLOCK() - start
        return spent / steps * 1e6

    return {"rlcard_limit_holdem_step": min(step() for _ in range(REPEAT))}


def main() -> None:
    figures = {**hand_figures(), **match_figures()}
    if "--hands" not in sys.argv[1:]:
        figures.update({**aec_figures(), **rlcard_figures()})
    for name, value in figures.items():
        print(f"{name} {value:.3f}")
    for name, over in (("hand_int_seed", "hand_generator"), ("hand_int_seed_played", "hand_generator_played")):
        print(f"{name}/{over} {figures[name] / figures[over]:.3f}")  # the ratio, within this run
    sys.stdout.flush()


if __name__ == "__main__":
    main()
