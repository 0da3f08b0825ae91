"""The jobs ``badeucey bench`` times, written once: the pytest-benchmark suite in
``benchmarks/`` times the same ones.

A :class:`Job` makes, from the shared fixed-seed :class:`Inputs`, the
zero-argument call that is timed, says how many hands one call ranks, and
checks a call's result (raising ValueError if it is wrong), so every tool that
times a job also checks it.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property, partial
from itertools import starmap
from typing import Any

from badeucey_fast._bench import DEFAULT_BATCH
from badeucey_fast._bench.hands import (
    FIVE_CARD_HANDS,
    SEED,
    SINGLE_HANDS,
    Hands,
    all_five_card_hands,
    hand_tuples,
    random_hands,
)
from badeucey_fast.cards import format_cards, parse_cards
from badeucey_fast.rankings import hand_mask
from badeucey_fast._native import lib
from badeucey_fast.rankings import (
    ace_five_rank_batch,
    badacey_batch,
    badeucey,
    badeucey_batch,
    badeucey_mask,
    badugi_rank_batch,
    deuce_seven_rank_batch,
)

DRAW_HAND = "Ks Qh 9d 8c 2s"
"""best_discards job: a rough hand, so every option draws (throwing all five too)."""
DRAW_TARGET = "badugi+low:9"
EQUITY_HANDS = ("7s 5h 4d Jc Ks", "8s 7h 6d 4c Qh")
"""equity job: a two-card draw against a one-card draw."""
EQUITY_DISCARDS = ("Jc Ks", "Qh")
EQUITY_OUTCOMES = 42 * 41 // 2 * 40
"""C(42, 2) x 40: the first seat's replacement pairs, then the second seat's card."""


class Inputs:
    """The fixed-seed hands every job runs on, each made on first use.

    :param batch: hands in the random batch and in each thread's batch.
    :param pool: two worker threads for the thread job (None: that job cannot run).
    """

    def __init__(self, batch: int = DEFAULT_BATCH, pool: ThreadPoolExecutor | None = None) -> None:
        self.batch_size = batch
        self.pool = pool

    @cached_property
    def single(self) -> list[tuple[int, ...]]:
        """SINGLE_HANDS random hands as tuples of ids: the one-hand jobs' hands."""
        return hand_tuples(random_hands(SINGLE_HANDS, SEED))

    @cached_property
    def masks(self) -> list[int]:
        return [hand_mask(hand) for hand in self.single]

    @cached_property
    def texts(self) -> list[str]:
        return [format_cards(hand) for hand in self.single]

    @cached_property
    def batch(self) -> Hands:
        return random_hands(self.batch_size, SEED)

    @cached_property
    def second_batch(self) -> Hands:
        """Another batch (the next seed): the second thread's."""
        return random_hands(self.batch_size, SEED + 1)

    @cached_property
    def every(self) -> Hands:
        """All 2,598,960 five-card hands."""
        return all_five_card_hands()

    def drop(self, name: str) -> None:
        """Free a large input once its jobs are done."""
        self.__dict__.pop(name, None)


@dataclass(frozen=True)
class Job:
    """One timed job."""

    key: str
    label: str
    """What it times; ``{batch}`` stands for the batch size."""
    make: Callable[[Inputs], Callable[[], Any]]
    """The call to time, made outside the timing."""
    hands: Callable[[Inputs], int]
    """Hands (or final hands, or outcomes) one call ranks."""
    check: Callable[[Any], None] | None = None
    """Raises ValueError if a call's result is wrong."""

    def describe(self, inputs: Inputs) -> str:
        return self.label.format(batch=f"{inputs.batch_size:,}")


def _best_discards(_: Inputs) -> Callable[[], Any]:
    from badeucey_fast.draws import best_discards

    return partial(best_discards, DRAW_HAND, target=DRAW_TARGET)


def _check_best_discards(options: Any) -> None:
    # every option enumerates the five-card hands sharing no card with its thrown ones, once
    if len(options) != 32 or not all(o.outcomes.exact for o in options):
        raise ValueError("best_discards did not rank 32 exact options")
    if sum(o.outcomes.total for o in options) != FIVE_CARD_HANDS:
        raise ValueError("best_discards did not enumerate every final hand once")


def _equity(_: Inputs) -> Callable[[], Any]:
    from badeucey_fast.pot_equity import equity

    return partial(equity, EQUITY_HANDS, discards=EQUITY_DISCARDS, draws=1)


def _check_equity(result: Any) -> None:
    if not result.exact or result.outcomes != EQUITY_OUTCOMES:
        raise ValueError(f"equity did not enumerate its {EQUITY_OUTCOMES:,} outcomes exactly")
    if abs(sum(result.share) - 1.0) > 1e-9:
        raise ValueError("equity: the pot shares do not add up to the pot")


def _two_threads(inputs: Inputs) -> Callable[[], Any]:
    pool, batches = inputs.pool, (inputs.batch, inputs.second_batch)
    if pool is None:
        raise ValueError("the two-thread job needs Inputs(pool=...)")
    return lambda: list(pool.map(badeucey_batch, batches))


BATCH_RANKINGS: tuple[tuple[str, str, Callable[[Hands], Any]], ...] = (
    ("batch_badacey", "badacey_batch, {batch} random hands", badacey_batch),
    ("batch_badugi_low", "badugi_rank_batch aces low, {batch} hands", badugi_rank_batch),
    ("batch_badugi_high", "badugi_rank_batch aces high, {batch} hands", partial(badugi_rank_batch, ace_high=True)),
    ("batch_deuce_seven", "deuce_seven_rank_batch, {batch} hands", deuce_seven_rank_batch),
    ("batch_ace_five", "ace_five_rank_batch, {batch} hands", ace_five_rank_batch),
)
"""The other 5-card batch rankings, on the same batch: each is timed with ``batch`` (the
Badeucey batch), and reported as its time a hand over the Badeucey batch's."""


def _on_batch(rank: Callable[[Hands], Any], inputs: Inputs) -> Callable[[], Any]:
    return partial(rank, inputs.batch)


def _single(inputs: Inputs) -> int:
    return SINGLE_HANDS


JOBS: dict[str, Job] = {
    job.key: job
    for job in (
        Job("one_hand", "one Badeucey hand from Python (ids)", lambda i: lambda: list(map(badeucey, i.single)), _single),
        Job("one_hand_mask", "one Badeucey hand, badeucey_mask (mask)", lambda i: lambda: list(map(badeucey_mask, i.masks)), _single),
        Job("cffi_floor", "cffi call of a C no-op, 5 ints (floor)", lambda i: lambda: list(starmap(lib.bdc_noop5, i.single)), _single),
        Job("parse_cards", "parse_cards, one 5-card string", lambda i: lambda: list(map(parse_cards, i.texts)), _single),
        Job("batch", "badeucey_batch, {batch} random hands", lambda i: partial(badeucey_batch, i.batch), lambda i: i.batch_size),
        *(
            Job(key, label, partial(_on_batch, rank), lambda i: i.batch_size)
            for key, label, rank in BATCH_RANKINGS
        ),
        Job("all_hands", "badeucey_batch, all 2,598,960 hands", lambda i: partial(badeucey_batch, i.every), lambda i: FIVE_CARD_HANDS),
        Job(
            "one_thread",
            "one thread, 2 batches of {batch} in turn",
            lambda i: lambda: (badeucey_batch(i.batch), badeucey_batch(i.second_batch)),
            lambda i: 2 * i.batch_size,
        ),
        Job("two_threads", "two threads, a batch of {batch} each", _two_threads, lambda i: 2 * i.batch_size),
        Job(
            "best_discards",
            "best_discards, 32 options, every final hand",
            _best_discards,
            lambda i: FIVE_CARD_HANDS,
            _check_best_discards,
        ),
        Job("equity", "equity, 2 players drawing 2 and 1, exact", _equity, lambda i: EQUITY_OUTCOMES, _check_equity),
    )
}
"""Every job of ``badeucey bench``, by key, in the order it runs them."""
