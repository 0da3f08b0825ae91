"""``badeucey bench``'s harness: time the jobs round-robin, check them, report.

Every figure is the best of ``--repeat`` timed runs (``time.perf_counter``,
garbage collector off), after one untimed warm-up run.  One-hand figures time a
loop over :data:`~badeucey_fast._bench.hands.SINGLE_HANDS` hands and divide by
their number, so they include the cost of the loop itself (a few ns a hand, the
same for every contestant).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import starmap
from typing import Any

import numpy as np

from badeucey_fast._bench.hands import SEED, SINGLE_HANDS
from badeucey_fast._bench.jobs import BATCH_RANKINGS, JOBS, Inputs
from badeucey_fast._bench.peers import (
    PHEVALUATOR_RANKS,
    Disagreement,
    load_phevaluator,
    load_pokerkit,
    order_disagreement,
)
from badeucey_fast.rankings import hand_mask
from badeucey_fast.rankings import Halves, badeucey, badeucey_mask

POKERKIT_HANDS = 200
"""Hands pokerkit ranks per timed loop (it is thousands of times slower: a full loop would take too long)."""
OURS_LOOPS = 50
"""Loops over the pokerkit hands in one timing of ours (timed round-robin with pokerkit, whose
long run leaves the caches cold: enough loops that the first one hardly counts)."""
SINGLE_REPEAT_FACTOR = 5
"""One-hand loops are short (about a millisecond), so they are repeated this many times more."""
BATCH_REPEAT_FACTOR = 4
"""The batch rankings compared with Badeucey's are short too (a few ms each) and their ratios
swing with load from elsewhere: so many more rounds."""
ROUND_ROBINS = (
    ("one_hand", "one_hand_mask", "cffi_floor", "parse_cards"),
    ("batch", *(key for key, _, _ in BATCH_RANKINGS)),
    ("all_hands",),
    ("one_thread", "two_threads"),
    ("best_discards", "equity"),
)
"""Jobs timed together, round-robin, so load from elsewhere hits them alike."""


def best_times(jobs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """Seconds of the fastest of ``repeat`` runs of each job, timed round-robin.

    Each job runs once untimed (warm-up), then every round times each job once,
    so a burst of load from elsewhere on the machine slows all the jobs of a
    round alike and the ratios between them stay fair.  Each round starts one
    job later than the one before, so that no job always runs first (the first
    of a round pays to bring the batch back into the cache).  The garbage collector is
    off while timing, as in :mod:`timeit`.

    >>> from badeucey_fast._bench.report import best_times
    >>> [t >= 0 for t in best_times([lambda: None, lambda: sum(range(100))], 3)]
    [True, True]
    """
    for job in jobs:
        job()
    best = [float("inf")] * len(jobs)
    enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(repeat):
            for step in range(len(jobs)):
                k = (r + step) % len(jobs)  # each round starts one job later: none always runs first
                start = time.perf_counter()
                jobs[k]()
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
            "schema": "badeucey-bench/1",  # as every JSON output of the command line
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
    """Time every job (:data:`~badeucey_fast._bench.jobs.JOBS`) on fixed-seed hands.

    Jobs whose ratio matters are timed round-robin (:func:`best_times`,
    :data:`ROUND_ROBINS`): the one-hand jobs with each other and the installed
    phevaluator, the two batches, one thread with two threads, the draw jobs.

    :param hands: batch size of the random-batch and thread jobs.
    :param repeat: timed runs per job (the best counts); one-hand loops run
        :data:`SINGLE_REPEAT_FACTOR` times as many.
    :param log: called with a line of progress before each group of jobs, or None.
    :return: the figures and ratios.
    :raises ValueError: if ``hands`` or ``repeat`` is below 1, or a job's or a
        peer's results are wrong.
    """
    if hands < 1 or repeat < 1:
        raise ValueError(f"hands and repeat must be >= 1, got {hands} and {repeat}")
    say = log if log is not None else (lambda line: None)
    from badeucey_fast import __version__, implementation

    report = Report(
        {
            "badeucey_fast": __version__,
            "python": platform.python_version(),
            "numpy": np.__version__,
            "machine": f"{platform.machine()} {platform.processor() or platform.system()}".strip(),
            "cpus": os.cpu_count(),
            "implementation": implementation(),
            "repeat": repeat,
            "seed": SEED,
        }
    )
    with ThreadPoolExecutor(max_workers=2) as pool:
        inputs = Inputs(hands, pool)
        say("generating hands")
        inputs.single, inputs.batch, inputs.second_batch  # noqa: B018  (made now, outside any timing)
        for group in ROUND_ROBINS:
            say(", ".join(JOBS[key].describe(inputs) for key in group))
            calls = {key: JOBS[key].make(inputs) for key in group}
            extra = _phevaluator(report, inputs) if group == ROUND_ROBINS[0] else None
            if extra is not None:
                calls["phevaluator"] = extra[0]
            for key in group:
                check = JOBS[key].check
                if check is not None:
                    check(calls[key]())
            factor = SINGLE_REPEAT_FACTOR if group == ROUND_ROBINS[0] else BATCH_REPEAT_FACTOR if group == ROUND_ROBINS[1] else 1
            times = best_times(list(calls.values()), repeat * factor)
            for key, seconds in zip(calls, times):
                if key == "phevaluator":
                    assert extra is not None
                    report.add(key, extra[1], seconds, SINGLE_HANDS)
                else:
                    report.add(key, JOBS[key].describe(inputs), seconds, JOBS[key].hands(inputs))
            if group == ROUND_ROBINS[0]:
                _measure_pokerkit(report, inputs.single, repeat, say)
            if "all_hands" in group:
                inputs.drop("every")
    _measure_engine(report, repeat, say)
    _measure_poker_equity(report, repeat, say)
    one = {f.key: f for f in report.figures}
    ratios = report.ratios
    ratios["one_hand_vs_cffi_floor"] = one["one_hand"].seconds / one["cffi_floor"].seconds
    ratios["one_hand_mask_vs_cffi_floor"] = one["one_hand_mask"].seconds / one["cffi_floor"].seconds
    if "phevaluator" in one:
        ratios["phevaluator_vs_one_hand"] = one["phevaluator"].seconds / one["one_hand"].seconds
        ratios["phevaluator_vs_one_hand_mask"] = one["phevaluator"].seconds / one["one_hand_mask"].seconds
    ratios["batch_vs_one_hand"] = one["one_hand"].ns_per_hand / one["batch"].ns_per_hand
    for key, _, _ in BATCH_RANKINGS:
        ratios[f"{key}_vs_batch"] = one[key].ns_per_hand / one["batch"].ns_per_hand
    ratios["two_threads_vs_one"] = one["one_thread"].seconds / one["two_threads"].seconds
    return report


def _measure_engine(report: Report, repeat: int, say: Callable[[str], None]) -> None:
    """The engine's random play, heads-up and six-handed, and pokerkit's fixed-limit 2-7
    triple draw with the same policy, timed round-robin; pokerkit's time a hand over ours."""
    from badeucey_fast._bench.playout import engine_jobs, engine_ratios

    say("engine: random hands heads-up and six-handed, ours and pokerkit's with the same policy")
    jobs = engine_jobs(pokerkit=load_pokerkit() is not None)
    per_hand: dict[str, float] = {}
    for job, spent in zip(jobs, best_times([job.run for job in jobs], repeat)):
        report.add(job.key, job.label, spent, job.hands)
        per_hand[job.key] = spent / job.hands
    report.ratios.update(engine_ratios(per_hand))


def _measure_poker_equity(report: Report, repeat: int, say: Callable[[str], None]) -> None:
    """Equity on poker-equity's spots, ours and theirs timed round-robin (results
    checked equal first); the ratio is their time over ours.  Or a note that it is missing."""
    from badeucey_fast._bench import equity_peer

    module = equity_peer.load_poker_equity()
    if module is None:
        report.notes.append(f"poker-equity: not installed, skipped (pip install poker-equity=={equity_peer.POKER_EQUITY_VERSION})")
        return
    say("equity: poker-equity's spots, exact and sampled, ours and theirs")
    for pair in equity_peer.pairs(module):
        ours, theirs = best_times([pair.ours, pair.theirs], max(1, repeat // 2) if "sampled" in pair.key else repeat)
        report.add(f"equity_{pair.key}", pair.label, ours, 1)
        report.add(f"poker_equity_{pair.key}", f"poker-equity {pair.label}", theirs, 1)
        report.ratios[f"poker_equity_vs_{pair.key}"] = theirs / ours
        _RATIO_LINES_EQUITY[f"poker_equity_vs_{pair.key}"] = (f"poker-equity / ours, {pair.label}:", "{:.1f}x")


_RATIO_LINES_EQUITY: dict[str, tuple[str, str]] = {}
"""The poker-equity ratio lines (label, format) by ratio key, filled in as they are measured."""


def _phevaluator(report: Report, inputs: Inputs) -> tuple[Callable[[], object], str] | None:
    """phevaluator's job on the one-hand jobs' hands, and its label; or a note that it is missing."""
    phevaluator = load_phevaluator()
    if phevaluator is None:
        report.notes.append("phevaluator: not installed, skipped (pip install phevaluator)")
        return None
    evaluate, version = phevaluator
    single = inputs.single
    if not all(1 <= evaluate(*hand) <= PHEVALUATOR_RANKS for hand in single):
        raise ValueError(f"phevaluator returned a rank outside 1..{PHEVALUATOR_RANKS}")
    return (lambda: list(starmap(evaluate, single))), f"phevaluator {version} evaluate_cards, 5 cards"


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
    report.add("pokerkit", f"pokerkit {pokerkit.version}, one Badeucey hand", seconds, len(subset))
    expected: list[Halves] = list(map(badeucey, subset))
    for half, name in enumerate(Halves._fields):
        theirs = [pokerkit.strength(pair[half]) for pair in results]
        found = order_disagreement([halves[half] for halves in expected], theirs)
        if found is not None:
            raise ValueError(f"pokerkit orders the benchmark hands' {name} half differently from badeucey-fast: {_rows(found, subset)}")
    report.ratios["pokerkit_vs_one_hand"] = seconds / (ours / OURS_LOOPS)
    report.ratios["pokerkit_vs_one_hand_mask"] = seconds / (ours_mask / OURS_LOOPS)


def _rows(found: Disagreement, hands: Sequence[tuple[int, ...]]) -> str:
    from badeucey_fast.cards import format_cards

    relation = "ties" if found.tie else "orders"
    return f"pokerkit {relation} {format_cards(hands[found.first])} and {format_cards(hands[found.second])} otherwise"


# --------------------------------------------------------------------------- #
# Output
# --------------------------------------------------------------------------- #
_RATIO_LINES = (
    ("pokerkit_vs_one_hand", "pokerkit / ours, one Badeucey hand:", "{:.0f}x"),
    ("pokerkit_vs_one_hand_mask", "pokerkit / ours, one hand as a mask:", "{:.0f}x"),
    ("phevaluator_vs_one_hand", "phevaluator evaluate_cards / ours, one hand:", "{:.2f}x"),
    ("phevaluator_vs_one_hand_mask", "phevaluator evaluate_cards / ours, as a mask:", "{:.2f}x"),
    ("one_hand_vs_cffi_floor", "ours / cffi floor, one hand:", "{:.2f}x"),
    ("one_hand_mask_vs_cffi_floor", "ours / cffi floor, one hand as a mask:", "{:.2f}x"),
    ("batch_vs_one_hand", "one hand at a time / batch, per hand:", "{:.0f}x"),
    ("batch_badacey_vs_batch", "badacey_batch / badeucey_batch, per hand:", "{:.2f}x"),
    ("batch_badugi_low_vs_batch", "Badugi aces low batch / badeucey_batch:", "{:.2f}x"),
    ("batch_badugi_high_vs_batch", "Badugi aces high batch / badeucey_batch:", "{:.2f}x"),
    ("batch_deuce_seven_vs_batch", "deuce_seven batch / badeucey_batch:", "{:.2f}x"),
    ("batch_ace_five_vs_batch", "ace_five batch / badeucey_batch:", "{:.2f}x"),
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
    out(f"C core implementation in use: {header['implementation']} (badeucey_fast.implementation())")
    out("")
    width = max(len(f.label) for f in report.figures)
    out(f"{'job':<{width}}  {'time a hand':>11}  {'hands a second':>14}  {'whole run':>11}")
    for f in report.figures:
        out(
            f"{f.label:<{width}}  {_duration(f.ns_per_hand):>11}  {_rate(f.hands_per_second):>12}/s"
            f"  {_duration(f.seconds * 1e9):>11}"
        )
    out("")
    width = max(len(label) for _, label, _ in (*_RATIO_LINES, *((k, *v) for k, v in _RATIO_LINES_EQUITY.items())))
    for key, label, value in (*_RATIO_LINES, *((k, *v) for k, v in _RATIO_LINES_EQUITY.items())):
        if key in report.ratios:
            out(f"{label:<{width}} {value.format(report.ratios[key]):>7}")
    for note in report.notes:
        out(note)
    out(
        f"(one-hand jobs time a loop over {SINGLE_HANDS:,} pre-parsed hands, pokerkit over the first "
        f"{POKERKIT_HANDS}, and divide by the number of hands; the pokerkit ratios compare it with ours "
        f"on those {POKERKIT_HANDS} hands, timed in turn)"
    )


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
