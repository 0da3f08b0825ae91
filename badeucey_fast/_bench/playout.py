"""Random legal play: the engine's benchmark job, and pokerkit's with the same policy.

The policy, for both engines: at a betting decision, one of the kinds of action
open to the player (fold when facing a bet, check or call, bet or raise) chosen
uniformly, a bet or raise at a uniform amount in its range; in a draw, 0..3 of
the player's cards chosen uniformly (a count, then which cards: one of the
subsets of that many of its cards, each as likely, listed in the order the
player holds them).  Every hand keeps its full history (ours:
:attr:`Hand.events`; pokerkit's: its operations).

The policy is written to cost little, the same for both engines (one random
number for the count, one for the subset), so that the time measured is the
engines' own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from badeucey_fast.cards import NAME_OF
from badeucey_fast.play.hand import Hand
from badeucey_fast.play.rules import TableRules

MAX_DISCARD = 3
"""The most cards the random policy throws in one draw."""
_SUBSETS = {n: [[list(subset) for subset in combinations(range(n), k)] for k in range(MAX_DISCARD + 1)] for n in (4, 5)}
"""The positions of each subset of k of a hand's n cards, by n then k."""


def _thrown(cards: Sequence[Any], rnd: Callable[[], float]) -> list[Any]:
    """The policy's draw: a count 0..3, then one of the subsets of that many of ``cards``."""
    subsets = _SUBSETS[len(cards)][int(rnd() * (MAX_DISCARD + 1))]
    return [cards[i] for i in subsets[int(rnd() * len(subsets))]] if subsets[0] else []


def play_randomly(hand: Hand, rng: random.Random) -> Hand:
    """Finish ``hand`` with random legal actions (the policy above)."""
    rnd = rng.random
    while True:
        seat = hand.to_act
        if seat is None:
            return hand
        if hand.phase == "draw":
            hand.discard(_thrown(hand.cards(seat), rnd))
            continue
        legal = hand.legal()
        facing = legal.can_fold
        low, high = legal.min_raise_to, legal.max_raise_to
        kinds = 1 + facing + (low is not None)
        pick = int(rnd() * kinds)
        if facing:
            if pick == 0:
                hand.fold()
                continue
            pick -= 1
        if pick == 0:
            hand.check_call()
        else:
            assert low is not None and high is not None
            hand.bet_raise(low if low == high else low + int(rnd() * (high - low + 1)))


def play_by_words(hand: Hand, rng: random.Random) -> Hand:
    """:func:`play_randomly` through :meth:`Hand.legal_actions` and :meth:`Hand.act`: the
    same policy (in fixed limit, the same hands), each action chosen and taken as PHH words."""
    rnd = rng.random
    while True:
        words = hand.legal_actions()  # ("sd",) in a draw; () once the hand is over
        if not words:
            return hand
        if words[0] == "sd":
            hand.act("sd " + "".join([NAME_OF[c] for c in _thrown(hand.cards(hand.to_act), rnd)]))  # type: ignore[arg-type]
            continue
        hand.act(words[int(rnd() * len(words))])


def random_hands(count: int, seats: int = 2, *, game: str = "deuce_seven", seed: int = 0,
                 stack: int = 200, rules: TableRules | None = None, words: bool = False) -> list[tuple[int, ...]]:
    """Play ``count`` random hands; returns each hand's payoffs.  With ``words``,
    through :func:`play_by_words` (fixed limit: the same hands).

    >>> from badeucey_fast._bench.playout import random_hands
    >>> payoffs = random_hands(3, 6, seed=1)
    >>> len(payoffs), all(sum(p) == 0 for p in payoffs)
    (3, True)
    """
    rng = random.Random(seed)
    table = rules if rules is not None else TableRules(game, heads_up_cap=4)
    stacks = [stack] * seats
    out = []
    play = play_by_words if words else play_randomly
    for i in range(count):
        hand = play(Hand(table, stacks, button=i % seats, seed=rng), rng)
        out.append(hand.payoffs or ())
    return out


def pokerkit_random_hands(count: int, seats: int = 2, *, seed: int = 0, stack: int = 200) -> list[tuple[int, ...]]:
    """The same random policy on pokerkit's fixed-limit deuce-to-seven triple
    draw (blinds 1/2, bets 2/4), full history kept; returns each hand's payoffs.

    :raises ImportError: without pokerkit (``pip install pokerkit``).
    """
    from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    rnd = rng.random
    out = []
    create: Callable[..., Any] = FixedLimitDeuceToSevenLowballTripleDraw.create_state
    for _ in range(count):
        state = create(automations, True, 0, (1, 2), 2, 4, stack, seats)
        while state.status:
            if state.can_stand_pat_or_discard():
                state.stand_pat_or_discard(_thrown(state.hole_cards[state.stand_patter_or_discarder_index], rnd))
                continue
            if state.actor_index is None:  # pragma: no cover - automations leave nothing else
                break
            options = []
            if state.can_fold():
                options.append(state.fold)
            options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                options.append(state.complete_bet_or_raise_to)
            options[int(rnd() * len(options))]()
        out.append(tuple(state.payoffs))
    return out


class EngineJob(NamedTuple):
    """One timed job of random play, for ``badeucey bench`` (and any job list)."""

    key: str
    label: str
    hands: int
    run: Callable[[], object]


def engine_jobs(*, pokerkit: bool = True, hands: int = 1000, pokerkit_hands: int = 100) -> list[EngineJob]:
    """Random play heads-up and six-handed: ours, and pokerkit's with the same
    policy when ``pokerkit`` (time them round-robin, then compare per hand:
    :func:`engine_ratios`).

    >>> from badeucey_fast._bench.playout import engine_jobs
    >>> [job.key for job in engine_jobs(pokerkit=False)]
    ['engine_2', 'engine_6']
    """
    jobs = []
    for seats in (2, 6):
        jobs.append(EngineJob(f"engine_{seats}", f"engine: random hands, {seats} seats, full history", hands,
                              lambda s=seats: random_hands(hands, s, seed=SEED)))  # type: ignore[misc]
        if pokerkit:
            jobs.append(EngineJob(f"engine_pokerkit_{seats}", f"pokerkit F2L3D: random hands, {seats} seats",
                                  pokerkit_hands,
                                  lambda s=seats: pokerkit_random_hands(pokerkit_hands, s, seed=SEED)))  # type: ignore[misc]
    return jobs


def engine_ratios(seconds_per_hand: dict[str, float]) -> dict[str, float]:
    """pokerkit's time a hand over ours, per table size, for the jobs timed."""
    out = {}
    for seats in (2, 6):
        ours, theirs = seconds_per_hand.get(f"engine_{seats}"), seconds_per_hand.get(f"engine_pokerkit_{seats}")
        if ours and theirs:
            out[f"pokerkit_vs_engine_{seats}"] = theirs / ours
    return out


SEED = 13
"""The seed of the benchmark's random play."""
