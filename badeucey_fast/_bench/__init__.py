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

The command is this package (argparse only: the CLI imports it for every
command, so it imports neither numpy nor the harness); the harness is
:mod:`~badeucey_fast._bench.report`, over the jobs of
:mod:`~badeucey_fast._bench.jobs`, the hands of :mod:`~badeucey_fast._bench.hands`
and the peers of :mod:`~badeucey_fast._bench.peers`.  The pytest-benchmark suite
in ``benchmarks/`` times the same jobs on the same hands.
"""

from __future__ import annotations

import argparse
import os
import sys

DEFAULT_BATCH = 1_000_000
"""Hands in the random batch, and in each thread's batch."""
DEFAULT_REPEAT = 5
BYTES_PER_HAND = 32
"""Memory a hand of ``--hands`` takes at the peak of a run: its share of the two
batches, their ranks and the temporaries of drawing the hands."""


def physical_memory() -> int | None:
    """Bytes of memory this machine has, or None where the platform does not say."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def check_batch(hands: int) -> None:
    """Refuse, before anything is allocated, a batch that this machine cannot hold.

    :raises ValueError: when ``hands`` hands need more memory than the machine has.
    """
    memory = physical_memory()
    if memory is not None and hands * BYTES_PER_HAND > memory:
        raise ValueError(f"--hands {hands:,} needs about {hands * BYTES_PER_HAND / 2**30:,.1f} GiB of memory, "
                         f"more than this machine's {memory / 2**30:,.1f} GiB: give fewer hands")


BUSY_LOAD = 0.5
"""The share of the CPUs that the 1-minute load average may hold before
``bench`` warns: past it other programs take enough CPU time from the timed jobs
(and the two-thread job's second core) to slow and blur the figures."""


def load_warning() -> str | None:
    """A warning line when the machine is busy (the 1-minute load average at
    least :data:`BUSY_LOAD` of the CPUs), else None; None too where the platform
    gives no load average.

    >>> from badeucey_fast._bench import load_warning
    >>> load_warning() is None or load_warning().startswith("badeucey bench: warning:")
    True
    """
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # Windows; a system that does not say
        return None
    cpus = os.cpu_count() or 1
    if load < BUSY_LOAD * cpus:
        return None
    return (f"badeucey bench: warning: the machine is busy (load average {load:.1f} over the last minute, "
            f"{cpus} CPUs): other programs take CPU time from the benchmark, so its figures are slower and "
            "noisier than this machine gives when quiet")


def _positive(text: str) -> int:
    """An argparse type: an integer >= 1."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _run(args: argparse.Namespace) -> int:
    check_batch(args.hands)
    warning = load_warning()  # read before the benchmark adds its own load
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
    from badeucey_fast._bench.report import (
        run,  # numpy and the peers load only for bench
    )

    return run(args)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register the ``bench`` subcommand on an argparse subparsers object.

    The subcommand's ``run`` default imports the harness and runs it: the CLI calls ``args.run(args)``.

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
    parser.set_defaults(run=_run)
    return parser
