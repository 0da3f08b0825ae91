"""Train a small policy on triple_draw_v1 against a bot, then measure it (numpy only).

The learner plays one seat of :class:`badeucey_fast.env.SingleAgentEnv` against
``--opponent`` (default: the calling station) and learns by REINFORCE with a
learned baseline:

- in a **betting** turn, a linear softmax over the legal betting actions, on the
  whole v1 observation;
- in a **draw**, each card slot is thrown or kept by its own coin, one logistic
  unit shared by every slot, on that slot's part of the observation (its rank
  and suit, whether another slot shares them), whether an earlier slot has the
  same rank or suit (so a pair throws one card, not both) and which draw it
  is.  This works because the v1 observation lays the cards out in the order
  of the discard bits: the slot a unit reads is the card its bit throws.

After training, the greedy policy (the likeliest betting action, a card thrown
when its coin is above one half) and the untrained one (uniform) play
``--eval-hands`` fresh hands, and the script prints each one's result in big
blinds a hand with its 95% interval (normal approximation: mean +- 1.96
standard errors).

    python examples/train_v1.py --game deuce_seven --opponent calling --hands 30000 --eval-hands 20000 --seed 1
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from badeucey_fast.bots import make_bot
from badeucey_fast.env import SingleAgentEnv
from badeucey_fast.env.triple_draw_v1 import DRAW, SLOT_SIZE

SLOT_EXTRA = 2 + 3 + 1  # same rank / same suit as an earlier slot, the draw (one-hot), a constant


@dataclass
class Policy:
    """A linear softmax for betting and a shared logistic unit per card slot for draws."""

    bet: np.ndarray  # (observation size + 1, DRAW): betting logits
    draw: np.ndarray  # (SLOT_SIZE + SLOT_EXTRA,): the throw unit
    value: np.ndarray  # (observation size + 1,): the baseline, a linear value in big blinds

    @classmethod
    def zeros(cls, observation_size: int) -> Policy:
        return cls(np.zeros((observation_size + 1, DRAW)), np.zeros(SLOT_SIZE + SLOT_EXTRA), np.zeros(observation_size + 1))


def slot_features(obs: np.ndarray, hand_size: int, layout: dict[str, slice]) -> np.ndarray:
    """One row per card slot: the slot's numbers, same rank / suit as an earlier slot, the draw, 1."""
    slots = obs[: SLOT_SIZE * hand_size].reshape(hand_size, SLOT_SIZE)
    ranks, suits = slots[:, :13], slots[:, 13:17]
    earlier_rank = np.array([float((ranks[:i] * ranks[i]).sum() > 0) for i in range(hand_size)])
    earlier_suit = np.array([float((suits[:i] * suits[i]).sum() > 0) for i in range(hand_size)])
    phase = obs[layout["phase"]]
    draw = np.array([phase[1], phase[3], phase[5]])  # draws 1, 2, 3
    return np.column_stack([slots, earlier_rank, earlier_suit, np.tile(draw, (hand_size, 1)), np.ones(hand_size)])


def softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = np.where(mask > 0, logits, -np.inf)
    p = np.exp(logits - logits.max())
    return p / p.sum()


def choose(policy: Policy, obs: dict[str, Any], hand_size: int, layout: dict[str, slice], rng: np.random.Generator | None
           ) -> tuple[int, Callable[[float], None]]:
    """An action (sampled with ``rng``, greedy without) and a function that, given the
    advantage and a learning rate folded in, moves the policy towards that action."""
    x, mask = obs["observation"], obs["action_mask"]
    if mask[DRAW]:  # a draw: one coin per slot
        f = slot_features(x, hand_size, layout)
        p = 1 / (1 + np.exp(-(f @ policy.draw)))
        thrown = (rng.random(hand_size) < p) if rng is not None else (p > 0.5)
        grad = ((thrown - p)[:, None] * f).sum(axis=0)
        return DRAW + int(sum(1 << i for i in range(hand_size) if thrown[i])), lambda step: _add(policy.draw, step * grad)
    xb = np.append(x, 1.0)
    p = softmax(xb @ policy.bet, mask[:DRAW])
    action = int(rng.choice(DRAW, p=p)) if rng is not None else int(np.argmax(p))
    g = -p
    g[action] += 1
    return action, lambda step: _add(policy.bet, step * np.outer(xb, g))


def _add(array: np.ndarray, delta: np.ndarray) -> None:
    array += delta


def play(env: SingleAgentEnv, policy: Policy, hands: int, rng: np.random.Generator | None, seed: int,
         learning_rate: float = 0.0, value_rate: float = 0.0, report: Callable[[int, list[float]], None] | None = None
         ) -> list[float]:
    """Play ``hands`` hands (learning when ``learning_rate`` > 0); each hand's result in big blinds."""
    hand_size, layout = env.table.hand_size, env.table.layout
    results: list[float] = []
    obs, info = env.reset(seed=seed)
    while len(results) < hands:
        results.extend(info["skipped_rewards"])
        steps = []
        done, reward = False, 0.0
        while not done:
            action, update = choose(policy, obs, hand_size, layout, rng)
            steps.append((np.append(obs["observation"], 1.0), update))
            obs, reward, done, _, info = env.step(action)
        results.append(reward)
        if learning_rate:
            for xb, update in steps:
                advantage = reward - float(xb @ policy.value)
                policy.value += value_rate * advantage * xb
                update(learning_rate * advantage)
        if report is not None:
            report(len(results), results)
        obs, info = env.reset()
    return results[:hands]


def interval(results: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    values = np.asarray(results, dtype=np.float64)
    mean = float(values.mean())
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="deuce_seven")
    parser.add_argument("--opponent", default="calling", help="a built-in bot: calling, random or drawing")
    parser.add_argument("--structure", default="fixed")
    parser.add_argument("--hands", type=int, default=30_000, help="training hands")
    parser.add_argument("--eval-hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--value-rate", type=float, default=0.01)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    def table() -> SingleAgentEnv:
        return SingleAgentEnv([make_bot(args.opponent)], game=args.game, structure=args.structure)

    env = table()
    policy = Policy.zeros(env.observation_space["observation"].shape[0])
    rng = np.random.default_rng(args.seed)
    started = time.perf_counter()

    def report(done: int, results: list[float]) -> None:
        if not args.quiet and done % 5000 == 0:
            recent = np.mean(results[-5000:])
            print(f"  {done:>7} hands trained, last 5,000: {recent:+.3f} bb/hand, {time.perf_counter() - started:.0f} s",
                  flush=True)

    play(env, policy, args.hands, rng, seed=args.seed, learning_rate=args.learning_rate, value_rate=args.value_rate,
         report=report)
    trained_for = time.perf_counter() - started
    eval_seed = args.seed + 1_000_000  # hands the training never saw
    trained = interval(play(table(), policy, args.eval_hands, None, seed=eval_seed))
    untrained = interval(play(table(), Policy.zeros(policy.value.shape[0] - 1), args.eval_hands,
                              np.random.default_rng(args.seed), seed=eval_seed))
    out = {"game": args.game, "opponent": args.opponent, "hands": args.hands, "eval_hands": args.eval_hands,
           "seed": args.seed, "trained": trained, "untrained": untrained, "train_seconds": trained_for}
    if not args.quiet:
        print(f"{args.game}, {args.structure} limit, heads-up against {args.opponent}; seed {args.seed}, "
              f"{args.hands} training hands ({trained_for:.0f} s), {args.eval_hands} evaluation hands")
        for name, (mean, low, high) in (("trained (greedy)", trained), ("untrained (uniform)", untrained)):
            print(f"  {name:<20} {mean:+.3f} bb/hand, 95% interval {low:+.3f} .. {high:+.3f}")
    return out


if __name__ == "__main__":
    main()
