"""``badeucey bench``: how fast this package ranks hands on your machine.

The command times, on the same fixed-seed hands every run:

- one Badeucey hand from Python: pre-parsed card ids (:func:`badeucey`, which
  returns a :class:`Halves`), and pre-built card masks (:func:`badeucey_mask`,
  one int in and one packed int out), against a cffi call of a C function that
  does nothing with the five ids (the floor any cffi wrapper pays);
- :func:`parse_cards` on one card string;
- :func:`badeucey_batch` on ``--hands`` random hands, and on all 2,598,960
  five-card hands in one batch;
- two threads each ranking a batch at once, against one thread ranking both
  batches in turn (the batch loop runs in C with the GIL released);
- the peers that are installed, on the same hands: pokerkit doing the same job
  (``StandardBadugiHand.from_game`` and ``StandardLowHand``) and phevaluator's
  ``evaluate_cards`` (a hold'em evaluator: the reference for one table lookup
  from Python).  A peer that is not installed is skipped with a line saying so.

Every figure is the best of ``--repeat`` timed runs (``time.perf_counter``,
garbage collector off), after one untimed warm-up run.  One-hand figures time a
loop over :data:`SINGLE_HANDS` hands and divide by their number, so they include
the cost of the loop itself (a few ns a hand, the same for every contestant).

The hand generators and the peer adapters here are shared with the
pytest-benchmark suite in ``benchmarks/``, so both time exactly the same jobs.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import starmap
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._cards import format_cards, hand_mask, parse_cards
from badeucey_fast._core import lib
from badeucey_fast._rankings import Halves, badeucey, badeucey_batch, badeucey_mask

Hands = npt.NDArray[np.uint8]

SEED = 20240601
"""Seed of every generated set of hands: each run times the same hands."""
DECK = 52
HAND_SIZE = 5
FIVE_CARD_HANDS = 2_598_960
"""C(52, 5): every five-card hand."""
DEFAULT_BATCH = 1_000_000
SINGLE_HANDS = 1_000
"""Hands in one timed loop of one-hand calls; per-call time is the loop's time / this."""
DRAW_HAND = "Ks Qh 9d 8c 2s"
"""best_discards job: a rough hand, so every option draws (throwing all five too)."""
DRAW_TARGET = "badugi+low:9"
EQUITY_HANDS = ("7s 5h 4d Jc Ks", "8s 7h 6d 4c Qh")
"""equity job: a two-card draw against a one-card draw, 34,440 outcomes."""
EQUITY_DISCARDS = ("Jc Ks", "Qh")
EQUITY_OUTCOMES = 42 * 41 // 2 * 40
POKERKIT_HANDS = 200
"""Hands pokerkit ranks per timed loop (about 150 us each: a full loop would take too long)."""
OURS_LOOPS = 50
"""Loops over the pokerkit hands in one timing of ours (timed round-robin with pokerkit, whose
long run leaves the caches cold: enough loops that the first one hardly counts)."""
DEFAULT_REPEAT = 5
SINGLE_REPEAT_FACTOR = 5
"""One-hand loops are short (about a millisecond), so they are repeated this many times more."""
PHEVALUATOR_RANKS = 7462
"""phevaluator ranks five-card hold'em hands 1 (royal flush) .. 7462."""


# --------------------------------------------------------------------------- #
# Hands
# --------------------------------------------------------------------------- #
def random_hands(count: int, seed: int = SEED) -> Hands:
    """``count`` random five-card hands, uniform over ordered hands of distinct cards.

    Rows with a repeated card are drawn again until none is left (rejection
    sampling keeps the distribution uniform); the same seed gives the same hands.

    :param count: number of hands (rows).
    :param seed: seed of :func:`numpy.random.default_rng`.
    :return: C-contiguous ``uint8`` array of shape (count, 5).
    :raises ValueError: if ``count`` is negative.

    >>> hands = random_hands(3)
    >>> hands.shape, hands.dtype.name, all(len(set(row)) == 5 for row in hands.tolist())
    ((3, 5), 'uint8', True)
    >>> random_hands(-1)
    Traceback (most recent call last):
    ...
    ValueError: count must be >= 0, got -1
    """
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, DECK, size=(count, HAND_SIZE), dtype=np.uint8)
    todo = np.arange(count)
    while todo.size:
        ordered = np.sort(hands[todo], axis=1)
        todo = todo[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        hands[todo] = rng.integers(0, DECK, size=(todo.size, HAND_SIZE), dtype=np.uint8)
    return hands


def all_five_card_hands() -> Hands:
    """Every five-card hand, in the order of ``itertools.combinations(range(52), 5)``.

    Built column by column in numpy (about 0.5 s, against several seconds for
    ``itertools``): each partial hand is extended by every card above its last.

    :return: C-contiguous ``uint8`` array of shape (2598960, 5), cards increasing
        along each row.

    >>> hands = all_five_card_hands()
    >>> hands.shape, hands[0].tolist(), hands[1].tolist(), hands[-1].tolist()
    ((2598960, 5), [0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [47, 48, 49, 50, 51])
    """
    hands = np.arange(DECK, dtype=np.int64)[:, None]
    for _ in range(HAND_SIZE - 1):
        last = hands[:, -1]
        extensions = DECK - 1 - last  # cards above the last one
        first_row_of = np.cumsum(extensions) - extensions
        rows = np.repeat(hands, extensions, axis=0)
        # row j of hand i gets card last[i] + 1 + (j - first_row_of[i])
        new = np.repeat(last + 1 - first_row_of, extensions) + np.arange(rows.shape[0])
        hands = np.hstack([rows, new[:, None]])
    return np.ascontiguousarray(hands, dtype=np.uint8)


def hand_tuples(hands: Hands) -> list[tuple[int, ...]]:
    """The rows as tuples of Python ints: pre-parsed hands for the one-hand functions."""
    return [tuple(row) for row in hands.tolist()]


# --------------------------------------------------------------------------- #
# Peers
# --------------------------------------------------------------------------- #
def _optional(module: str) -> ModuleType | None:
    """The module, or None if it is not installed."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def _version(module: ModuleType) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(module.__name__)
    except PackageNotFoundError:  # pragma: no cover - a module without metadata
        return str(getattr(module, "__version__", "?"))


class PokerkitPeer:
    """pokerkit ranking one hand the fastest way its public API allows.

    Cards are converted to pokerkit ``Card`` objects once, outside the timing
    (pokerkit has no integer ids).  One Badeucey hand is
    ``(StandardBadugiHand.from_game(cards), StandardLowHand(cards))``: two hand
    objects that compare like our ranks (``from_game`` tries every subset, as
    our table did at build time).  Building the hand objects is what is timed;
    their strength (``hand.entry.index``, 0 = best, what pokerkit compares) is
    read afterwards, for checking, and costs one more lookup each.
    """

    def __init__(self, pokerkit: ModuleType) -> None:
        suits = (pokerkit.Suit.CLUB, pokerkit.Suit.DIAMOND, pokerkit.Suit.HEART, pokerkit.Suit.SPADE)
        standard = pokerkit.RankOrder.STANDARD  # deuce .. ace, as our rank = id // 4
        self.card_of: tuple[Any, ...] = tuple(pokerkit.Card(standard[i // 4], suits[i % 4]) for i in range(DECK))
        self.version = _version(pokerkit)
        self._badugi_high = pokerkit.StandardBadugiHand.from_game
        self._badugi_low = pokerkit.BadugiHand.from_game
        self._deuce_seven = pokerkit.StandardLowHand
        self.parse_cards: Callable[[str], Any] = pokerkit.Card.parse

    def cards(self, hands: Sequence[Sequence[int]]) -> list[tuple[Any, ...]]:
        """Each hand of card ids as a tuple of pokerkit cards."""
        return [tuple(self.card_of[card] for card in hand) for hand in hands]

    def badeucey(self, cards: tuple[Any, ...]) -> tuple[Any, Any]:
        """Both Badeucey halves: the best aces-high badugi and the 2-7 hand."""
        return self._badugi_high(cards), self._deuce_seven(cards)

    def badugi(self, cards: tuple[Any, ...], ace_high: bool = False) -> Any:
        """The best badugi among the cards."""
        return (self._badugi_high if ace_high else self._badugi_low)(cards)

    def deuce_seven(self, cards: tuple[Any, ...]) -> Any:
        """Five cards as a deuce-to-seven low hand."""
        return self._deuce_seven(cards)

    @staticmethod
    def strength(hand: Any) -> int:
        """pokerkit's strength index of a hand: 0 is the best, equal means a tie."""
        index: int = hand.entry.index
        return index


def load_pokerkit() -> PokerkitPeer | None:
    """The pokerkit adapter, or None if pokerkit is not installed."""
    module = _optional("pokerkit")
    return None if module is None else PokerkitPeer(module)


def load_phevaluator() -> tuple[Callable[..., int], str] | None:
    """phevaluator's public ``evaluate_cards`` and its version, or None if not installed."""
    module = _optional("phevaluator")
    if module is None:
        return None
    evaluate: Callable[..., int] = module.evaluate_cards
    return evaluate, _version(module)


def same_order(ours: Sequence[int], theirs: Sequence[int]) -> bool:
    """Whether two lower-is-better scores rank a set of hands identically.

    True when hands tie under one exactly when they tie under the other, and
    otherwise come in the same order: "their score -> our score" is then a
    strictly increasing bijection between the scores that occur.

    >>> same_order([1, 5, 5, 9], [0, 3, 3, 4])
    True
    >>> same_order([1, 5, 6], [0, 3, 3])
    False
    """
    if len(ours) != len(theirs):
        return False
    pairs = sorted(set(zip(theirs, ours)))
    return all(a[0] < b[0] and a[1] < b[1] for a, b in zip(pairs, pairs[1:]))


# --------------------------------------------------------------------------- #
# Timing
# --------------------------------------------------------------------------- #
def best_times(jobs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """Seconds of the fastest of ``repeat`` runs of each job, timed round-robin.

    Each job runs once untimed (warm-up), then every round times each job once,
    so a burst of load from elsewhere on the machine slows all the jobs of a
    round alike and the ratios between them stay fair.  The garbage collector is
    off while timing, as in :mod:`timeit`.

    >>> [t >= 0 for t in best_times([lambda: None, lambda: sum(range(100))], 3)]
    [True, True]
    """
    for job in jobs:
        job()
    best = [float("inf")] * len(jobs)
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for k, job in enumerate(jobs):
                start = time.perf_counter()
                job()
                best[k] = min(best[k], time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best


@dataclass(frozen=True)
class Figure:
    """One timed job: the best time of a run that ranks ``hands`` hands."""

    key: str
    label: str
    seconds: float
    hands: int

    @property
    def ns_per_hand(self) -> float:
        return self.seconds / self.hands * 1e9

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


@dataclass
class Report:
    """Every figure of one ``bench`` run, and the ratios between them."""

    header: dict[str, object]
    figures: list[Figure] = field(default_factory=list)
    ratios: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add(self, key: str, label: str, seconds: float, hands: int) -> Figure:
        figure = Figure(key, label, seconds, hands)
        self.figures.append(figure)
        return figure

    def as_json(self) -> dict[str, object]:
        return {
            **self.header,
            "figures": {
                f.key: {
                    "label": f.label,
                    "ns_per_hand": round(f.ns_per_hand, 3),
                    "hands_per_second": round(f.hands_per_second),
                    "seconds": f.seconds,
                    "hands": f.hands,
                }
                for f in self.figures
            },
            "ratios": {key: round(value, 3) for key, value in self.ratios.items()},
            "notes": self.notes,
        }


def _rate(hands_per_second: float) -> str:
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if hands_per_second >= scale:
            return f"{hands_per_second / scale:7.2f} {unit}"
    return f"{hands_per_second:7.0f}  "


def _duration(ns: float) -> str:
    if ns >= 1e6:
        return f"{ns / 1e6:8.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:8.2f} us"
    return f"{ns:8.1f} ns"


def measure(hands: int, repeat: int, log: Callable[[str], None] | None = None) -> Report:
    """Time every job on fixed-seed hands.

    Jobs whose ratio matters are timed round-robin (:func:`best_times`): the
    one-hand jobs with each other and the installed phevaluator, the two
    batches, and one thread with two threads.

    :param hands: batch size of the random-batch and thread jobs.
    :param repeat: timed runs per job (the best counts); one-hand loops run
        :data:`SINGLE_REPEAT_FACTOR` times as many.
    :param log: called with a line of progress before each job, or None.
    :return: the figures and ratios.
    :raises ValueError: if ``hands`` or ``repeat`` is below 1, or a peer's
        results disagree with ours.
    """
    if hands < 1 or repeat < 1:
        raise ValueError(f"hands and repeat must be >= 1, got {hands} and {repeat}")
    say = log if log is not None else (lambda line: None)
    from badeucey_fast import __version__

    report = Report(
        {
            "badeucey_fast": __version__,
            "python": platform.python_version(),
            "numpy": np.__version__,
            "machine": f"{platform.machine()} {platform.processor() or platform.system()}".strip(),
            "cpus": os.cpu_count(),
            "repeat": repeat,
            "seed": SEED,
        }
    )

    say("generating hands")
    batch = random_hands(hands, SEED)
    second_batch = random_hands(hands, SEED + 1)
    single = hand_tuples(random_hands(SINGLE_HANDS, SEED))
    texts = [format_cards(hand) for hand in single]
    masks = [hand_mask(hand) for hand in single]

    # One hand from Python, pre-parsed ids; the same hands for every contestant.
    say("one hand from Python, the cffi floor, parse_cards, phevaluator")
    noop5 = lib.bdc_noop5
    labels = {
        "one_hand": "one Badeucey hand from Python (ids)",
        "one_hand_mask": "one Badeucey hand, badeucey_mask (mask)",
        "cffi_floor": "cffi call of a C no-op, 5 ints (floor)",
        "parse_cards": "parse_cards, one 5-card string",
    }
    jobs: dict[str, Callable[[], object]] = {
        "one_hand": lambda: list(map(badeucey, single)),
        "one_hand_mask": lambda: list(map(badeucey_mask, masks)),
        "cffi_floor": lambda: list(starmap(noop5, single)),
        "parse_cards": lambda: list(map(parse_cards, texts)),
    }
    phevaluator = load_phevaluator()
    if phevaluator is None:
        report.notes.append("phevaluator: not installed, skipped (pip install phevaluator)")
    else:
        evaluate, version = phevaluator
        if not all(1 <= evaluate(*hand) <= PHEVALUATOR_RANKS for hand in single):
            raise ValueError("phevaluator returned a rank outside 1..7462")
        labels["phevaluator"] = f"phevaluator {version} evaluate_cards, 5 cards"
        jobs["phevaluator"] = lambda: list(starmap(evaluate, single))
    seconds = dict(zip(jobs, best_times(list(jobs.values()), repeat * SINGLE_REPEAT_FACTOR)))
    one = {key: report.add(key, labels[key], seconds[key], SINGLE_HANDS) for key in jobs}
    report.ratios["one_hand_vs_cffi_floor"] = one["one_hand"].seconds / one["cffi_floor"].seconds
    report.ratios["one_hand_mask_vs_cffi_floor"] = one["one_hand_mask"].seconds / one["cffi_floor"].seconds
    if "phevaluator" in one:
        report.ratios["phevaluator_vs_one_hand"] = one["phevaluator"].seconds / one["one_hand"].seconds
        report.ratios["phevaluator_vs_one_hand_mask"] = one["phevaluator"].seconds / one["one_hand_mask"].seconds

    _measure_pokerkit(report, single, repeat, say)

    say(f"a batch of {hands:,} random hands, and all 2,598,960 hands")
    every = all_five_card_hands()
    batch_seconds, every_seconds = best_times([lambda: badeucey_batch(batch), lambda: badeucey_batch(every)], repeat)
    del every
    batch_figure = report.add("batch", f"badeucey_batch, {hands:,} random hands", batch_seconds, hands)
    report.add("all_hands", "badeucey_batch, all 2,598,960 hands", every_seconds, FIVE_CARD_HANDS)
    report.ratios["batch_vs_one_hand"] = one["one_hand"].ns_per_hand / batch_figure.ns_per_hand

    say("two threads against one")
    with ThreadPoolExecutor(max_workers=2) as pool:
        one_thread, two_threads = best_times(
            [
                lambda: (badeucey_batch(batch), badeucey_batch(second_batch)),
                lambda: list(pool.map(badeucey_batch, (batch, second_batch))),
            ],
            repeat,
        )
    report.add("one_thread", f"one thread, 2 batches of {hands:,} in turn", one_thread, 2 * hands)
    report.add("two_threads", f"two threads, a batch of {hands:,} each", two_threads, 2 * hands)
    report.ratios["two_threads_vs_one"] = one_thread / two_threads

    say("draws: best discards of a five-card hand, and two-player equity")
    from badeucey_fast._equity import equity
    from badeucey_fast.draws import best_discards

    options = best_discards(DRAW_HAND, target=DRAW_TARGET)
    if sum(o.outcomes.total for o in options) != FIVE_CARD_HANDS:
        raise ValueError("best_discards did not enumerate every final hand once")
    discard_seconds, equity_seconds = best_times(
        [
            lambda: best_discards(DRAW_HAND, target=DRAW_TARGET),
            lambda: equity(EQUITY_HANDS, discards=EQUITY_DISCARDS, draws=1),
        ],
        repeat,
    )
    report.add("best_discards", "best_discards, 32 options, every final hand", discard_seconds, FIVE_CARD_HANDS)
    report.add("equity", "equity, 2 players drawing 2 and 1, exact", equity_seconds, EQUITY_OUTCOMES)

    say("engine: random hands heads-up and six-handed, ours and pokerkit's with the same policy")
    from badeucey_fast.playout import engine_jobs, engine_ratios

    engine = engine_jobs(pokerkit=load_pokerkit() is not None)
    per_hand: dict[str, float] = {}
    for job, spent in zip(engine, best_times([job.run for job in engine], repeat)):
        report.add(job.key, job.label, spent, job.hands)
        per_hand[job.key] = spent / job.hands
    report.ratios.update(engine_ratios(per_hand))
    return report


def _measure_pokerkit(report: Report, single: list[tuple[int, ...]], repeat: int, say: Callable[[str], None]) -> None:
    """Time pokerkit on the first :data:`POKERKIT_HANDS` of the one-hand job's
    hands, round-robin with ours on the same hands (so load from elsewhere hits
    both alike), and check it orders them as we do; or note that it is missing."""
    pokerkit = load_pokerkit()
    if pokerkit is None:
        report.notes.append("pokerkit: not installed, skipped (pip install pokerkit)")
        return
    say("pokerkit")
    subset = single[:POKERKIT_HANDS]
    masks = [hand_mask(hand) for hand in subset]
    cards = pokerkit.cards(subset)
    results: list[tuple[Any, Any]] = []

    def pokerkit_loop() -> None:
        results[:] = list(map(pokerkit.badeucey, cards))

    def ours_loop() -> None:  # our loops are short: run them OURS_LOOPS times a timing
        for _ in range(OURS_LOOPS):
            list(map(badeucey, subset))

    def ours_mask_loop() -> None:
        for _ in range(OURS_LOOPS):
            list(map(badeucey_mask, masks))

    seconds, ours, ours_mask = best_times([pokerkit_loop, ours_loop, ours_mask_loop], repeat)
    figure = report.add("pokerkit", f"pokerkit {pokerkit.version}, one Badeucey hand", seconds, len(subset))
    expected: list[Halves] = list(map(badeucey, subset))
    for half, name in enumerate(Halves._fields):
        theirs = [pokerkit.strength(pair[half]) for pair in results]
        if not same_order([halves[half] for halves in expected], theirs):
            raise ValueError(f"pokerkit orders the benchmark hands' {name} half differently from badeucey-fast")
    report.ratios["pokerkit_vs_one_hand"] = seconds / (ours / OURS_LOOPS)
    report.ratios["pokerkit_vs_one_hand_mask"] = seconds / (ours_mask / OURS_LOOPS)


# --------------------------------------------------------------------------- #
# Command line
# --------------------------------------------------------------------------- #
_RATIO_LINES = (
    ("pokerkit_vs_one_hand", "pokerkit / ours, one Badeucey hand:", "{:.0f}x"),
    ("pokerkit_vs_one_hand_mask", "pokerkit / ours, one hand as a mask:", "{:.0f}x"),
    ("phevaluator_vs_one_hand", "phevaluator evaluate_cards / ours, one hand:", "{:.2f}x"),
    ("phevaluator_vs_one_hand_mask", "phevaluator evaluate_cards / ours, as a mask:", "{:.2f}x"),
    ("one_hand_vs_cffi_floor", "ours / cffi floor, one hand:", "{:.2f}x"),
    ("one_hand_mask_vs_cffi_floor", "ours / cffi floor, one hand as a mask:", "{:.2f}x"),
    ("batch_vs_one_hand", "one hand at a time / batch, per hand:", "{:.0f}x"),
    ("two_threads_vs_one", "two threads / one thread, hands a second:", "{:.2f}x"),
    ("pokerkit_vs_engine_2", "pokerkit / ours, random hands heads-up:", "{:.1f}x"),
    ("pokerkit_vs_engine_6", "pokerkit / ours, random hands six-handed:", "{:.1f}x"),
)


def print_report(report: Report, out: Callable[[str], None] = print) -> None:
    """The report as tables: each job's time a hand, hands a second and whole
    run, then the ratios (above 1: the first named is slower, or for threads
    faster) and the skipped peers."""
    header = report.header
    out(
        f"badeucey-fast {header['badeucey_fast']} on Python {header['python']}, numpy {header['numpy']}, "
        f"{header['machine']}, {header['cpus']} CPUs; best of {header['repeat']} runs, seed {header['seed']}"
    )
    out("")
    width = max(len(f.label) for f in report.figures)
    out(f"{'job':<{width}}  {'time a hand':>11}  {'hands a second':>14}  {'whole run':>11}")
    for f in report.figures:
        out(
            f"{f.label:<{width}}  {_duration(f.ns_per_hand):>11}  {_rate(f.hands_per_second):>12}/s"
            f"  {_duration(f.seconds * 1e9):>11}"
        )
    out("")
    width = max(len(label) for _, label, _ in _RATIO_LINES)
    for key, label, value in _RATIO_LINES:
        if key in report.ratios:
            out(f"{label:<{width}} {value.format(report.ratios[key]):>7}")
    for note in report.notes:
        out(note)
    out(
        f"(one-hand jobs time a loop over {SINGLE_HANDS:,} pre-parsed hands, pokerkit over the first "
        f"{POKERKIT_HANDS}, and divide by the number of hands; the pokerkit ratios compare it with ours "
        f"on those {POKERKIT_HANDS} hands, timed in turn)"
    )


def _positive(text: str) -> int:
    """An argparse type: an integer >= 1."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def run(args: argparse.Namespace) -> int:
    """Run the benchmark with parsed ``bench`` options; returns the exit code.

    :param args: ``hands`` (batch size), ``repeat`` and ``json`` (print JSON).
    :return: 0.
    """
    log = None if args.json else (lambda line: print(f"... {line}", file=sys.stderr, flush=True))
    report = measure(args.hands, args.repeat, log)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        print_report(report)
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the ``bench`` subcommand on an argparse subparsers object.

    The subcommand's ``run`` default is :func:`run`: the CLI calls ``args.run(args)``.

    :param subparsers: what ``ArgumentParser.add_subparsers()`` returned.
    :return: the ``bench`` parser.
    """
    parser = subparsers.add_parser(
        "bench",
        help="time the evaluator on this machine",
        description=(
            "Time one hand from Python, parsing, batches, all 2,598,960 hands and two threads, "
            "against the peers that are installed (pokerkit, phevaluator), on fixed-seed hands."
        ),
    )
    parser.add_argument(
        "--hands", type=_positive, default=DEFAULT_BATCH, metavar="N",
        help=f"hands in the random batch and in each thread's batch (default {DEFAULT_BATCH:,})",
    )
    parser.add_argument(
        "--repeat", type=_positive, default=DEFAULT_REPEAT, metavar="R",
        help=f"timed runs per job, the best counts (default {DEFAULT_REPEAT})",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)
    return parser
