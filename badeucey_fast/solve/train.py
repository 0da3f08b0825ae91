"""Training: the C solver run for a number of iterations, with checkpoints
that resume bit-identically, progress, and Ctrl-C keeping finished work
(docs/training.rst)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from badeucey_fast._checks import check_chips, check_count, check_int, check_seed
from badeucey_fast.abstraction import DEFAULT_BUCKETS
from badeucey_fast._interrupts import run_in_thread
from badeucey_fast._jobrun import CHECKPOINT_INTERVAL, keep_checkpoint
from badeucey_fast._native import cfr, status_text
from badeucey_fast.games import Game
from badeucey_fast.play.rules import TableRules
from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.parallel import run_rounds
from badeucey_fast.solve.strategy import Strategy, from_file, game_draws, make_cgame, rules_to_dict

__all__ = ["CHECKPOINT_FORMAT", "DEFAULT_MEMORY_LIMIT", "TrainingInterrupted", "deep_stacks", "train"]

CHECKPOINT_FORMAT = "badeucey-fast cfr checkpoint 1"
"""The kind of a checkpoint file (see :mod:`badeucey_fast._storage`)."""
DEFAULT_MEMORY_LIMIT = 4 << 30
"""Bytes the solver's arrays may take by default."""
DEFAULT_CHUNK_ITERATIONS = 20_000
"""Iterations a chunk runs in a round of a training on the job runner (``chunks`` > 1)."""
SLICE_SECONDS = 0.25
"""About how long one call into C runs between progress reports."""


class TrainingInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a training after ``iterations`` finished iterations: they
    are in :attr:`strategy`, and in the checkpoint when there is one (train
    again with it to resume).  A :class:`KeyboardInterrupt`, so code that stops
    on Ctrl-C still does."""

    def __init__(self, strategy: Strategy, checkpoint: Path | None) -> None:
        super().__init__(strategy.iterations, checkpoint)
        self.strategy = strategy
        self.iterations = strategy.iterations
        self.checkpoint = checkpoint

    def __str__(self) -> str:
        where = (f"kept in {self.checkpoint}: train again with it to resume" if self.checkpoint
                 else "in this exception's strategy only (no checkpoint)")
        return f"interrupted after {self.iterations:,} iterations; {where}"


def deep_stacks(rules: TableRules) -> int:
    """Chips enough that nobody is ever all in under capped fixed-limit rules:
    every betting round capped, both blinds, and one bet more."""
    cap = (rules.heads_up_cap or rules.cap) + 1
    small, big = int(rules.small_bet or 0), int(rules.big_bet or 0)
    rounds = game_draws(rules) + 1
    return rules.big_blind + sum(cap * (small if r < 2 else big) for r in range(rounds)) + big


def heads_up_rules(game: Game | str) -> TableRules:
    """The rules :func:`train` (and ``badeucey train --game G``) gives a game
    name: heads-up fixed limit, blinds 1 and 2, bets 2 and 4, every round
    capped at four bets; the shipped strategies' rules.

    >>> from badeucey_fast.solve import heads_up_rules
    >>> heads_up_rules("deuce_seven").heads_up_cap
    4
    """
    return TableRules(game, heads_up_cap=4)


def _check_rules(rules: object) -> TableRules:
    if isinstance(rules, str):
        return heads_up_rules(rules)
    if not isinstance(rules, TableRules):
        raise TypeError(f"train: rules must be TableRules or a game name, not {type(rules).__name__}")
    if rules.structure != "fixed":
        raise ValueError(f"train: the solver plays fixed limit, not {rules.structure!r}")
    if rules.heads_up_cap is None:
        raise ValueError("train: the solver needs a capped heads-up round (TableRules(..., heads_up_cap=4))")
    return rules


def _abstraction(abstraction: object, rules: TableRules) -> SolverAbstraction:
    if abstraction is None:
        return SolverAbstraction.exact(rules.game)
    if isinstance(abstraction, SolverAbstraction):
        if not abstraction.fits(rules.game):  # type: ignore[arg-type]
            raise ValueError(f"train: the abstraction {abstraction!r} is not of the game {rules.game.name}")  # type: ignore[union-attr]
        return abstraction
    buckets = check_int(abstraction, "abstraction", expected="None, a number of buckets or a SolverAbstraction")
    return SolverAbstraction.card_buckets(rules.game, buckets)


def job_of(rules: TableRules, stacks: tuple[int, int], variant: str, abstraction: SolverAbstraction, seed: int,
           deal: tuple[int, ...] | None) -> dict[str, Any]:
    """What identifies a training (JSON-ready): its checkpoints hold it, and refuse another's."""
    return {"rules": rules_to_dict(rules), "stacks": list(stacks), "variant": variant,
            "abstraction": abstraction.spec, "abstraction_digest": abstraction.digest, "seed": seed,
            "deal": None if deal is None else list(deal)}


def _strategy(job: dict[str, Any], rules: TableRules, abstraction: SolverAbstraction, memory: cfr.Memory) -> Strategy:
    arrays = memory.arrays()
    return Strategy(rules, (job["stacks"][0], job["stacks"][1]), job["variant"], abstraction, memory.iterations,
                    job["seed"], arrays["keys"], arrays["offsets"], arrays["averages"])


def _write_checkpoint(path: Path, job: dict[str, Any], memory: cfr.Memory) -> bool:
    """Keep the solver's state in ``path``: True once written; False, with a
    :class:`~badeucey_fast.jobs.CheckpointWarning`, when it could not be (the
    training goes on)."""
    from badeucey_fast._storage import write_arrays

    counters = memory.counters()
    meta = {**job, "iterations": memory.iterations, "counters": [str(v) for v in counters]}
    return keep_checkpoint(path, lambda: write_arrays(path, memory.arrays(), kind=CHECKPOINT_FORMAT, meta=meta,
                                                      what="checkpoint file"))


def _read_checkpoint(path: Path, job: dict[str, Any], abstraction: SolverAbstraction) -> cfr.Memory:
    from badeucey_fast._storage import read_arrays

    where = f"checkpoint file {path}"
    meta, arrays = read_arrays(path, kind=CHECKPOINT_FORMAT, where=where, unreadable="checkpoint file")
    stored = {k: meta.get(k) for k in job}
    if stored != job:
        differ = sorted(k for k in job if stored[k] != job[k])
        raise ValueError(f"{where}: made by another training (its {', '.join(differ)} differ); remove it or name another")
    strategy, regrets = from_file(meta, arrays, where, abstraction, regrets=True)
    try:
        counters = [int(v) for v in meta["counters"]]
        if len(counters) != 7 or counters[4] != strategy.iterations or not all(0 <= v < 2**64 for v in counters):
            raise ValueError
        return cfr.Memory.from_arrays(strategy.keys, strategy.offsets, regrets, strategy.averages, counters)
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{where}: damaged (its counters)") from None


def train(
    rules: TableRules | str = "badeucey",
    iterations: int = 1000,
    *,
    seed: int = 0,
    abstraction: SolverAbstraction | int | None = DEFAULT_BUCKETS,
    stacks: Sequence[int] | None = None,
    variant: str = "linear",
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    memory_limit: int = DEFAULT_MEMORY_LIMIT,
    deal: Sequence[int] | None = None,
    chunks: int = 1,
    chunk_iterations: int = DEFAULT_CHUNK_ITERATIONS,
    executor: Executor | None = None,
) -> Strategy:
    """Train a heads-up fixed-limit strategy by external-sampling Monte Carlo
    CFR (the C solver, ``csrc/bdc_cfr.c``) and return its average strategy.

    The result depends only on the rules, stacks, abstraction, variant, seed
    and ``iterations``: not on checkpoints, interruptions or the memory's growth.

    :param rules: :class:`~badeucey_fast.play.TableRules` (fixed limit, a
        capped heads-up round), or a game name: its rules with
        ``heads_up_cap=4``.
    :param iterations: iterations in all (each one traversal per seat).
    :param seed: seeds the solver's stream (deals and sampled actions).
    :param abstraction: a number of buckets (default 64, :data:`~badeucey_fast.abstraction.DEFAULT_BUCKETS`):
        :meth:`SolverAbstraction.card_buckets` (the game's card features are
        computed on first use, then cached); a :class:`SolverAbstraction`; or
        None: exact cards and every discard (:meth:`SolverAbstraction.exact`,
        for small games: one iteration of a full game is far too large).
    :param stacks: the button's and the big blind's chips (default
        :func:`deep_stacks`: nobody is ever all in).
    :param variant: ``"linear"`` (default), ``"plus"`` or ``"vanilla"``
        (badeucey.h, "VARIANTS").
    :param checkpoint: a file that keeps the solver's state (written every
        few seconds, at the end and on Ctrl-C); when it exists, training
        resumes from it (it must be this training's, with at most
        ``iterations`` done).
    :param progress: called as ``progress(done, iterations)`` while it runs.
    :param memory_limit: bytes the solver's arrays may take.
    :param deal: a test game: every iteration deals these cards in this order.
    :param chunks: 1 (the default): one process runs every iteration in turn.
        More: rounds of ``chunks`` chunks of ``chunk_iterations`` iterations,
        each chunk from the state the last round left, run by the job runner
        (``executor``: default a process pool over the local cores, or
        :func:`~badeucey_fast.jobs.dask_executor`) and merged in chunk order
        (:mod:`badeucey_fast.solve.parallel`): the result depends on ``chunks``
        and ``chunk_iterations``, never on the executor.
    :param chunk_iterations: iterations a chunk runs in a round.
    :param executor: where the chunks run (with ``chunks`` > 1).
    :raises ValueError: for bad settings, a checkpoint of another training, or
        a damaged checkpoint.
    :raises MemoryError: when the solver needs more than ``memory_limit``
        (the checkpoint keeps the iterations finished).
    :raises TrainingInterrupted: on Ctrl-C, with the finished iterations.
    :warns CheckpointWarning: when the checkpoint cannot be written (named,
        with the reason): the training goes on, and returns its strategy.

    >>> from badeucey_fast.solve import train
    >>> train("badugi", 10, abstraction=0)
    Traceback (most recent call last):
    ...
    ValueError: buckets must be 1..4,096 (MAX_BUCKETS), got 0
    """
    table_rules = _check_rules(rules)
    total = check_count(iterations, "iterations", low=0)
    seed_value = check_seed(seed)
    if seed_value is None:
        raise ValueError("train: seed must be an integer (training is reproducible)")
    limit = check_count(memory_limit, "memory_limit")
    if variant not in cfr.VARIANTS:
        raise ValueError(f"train: variant must be one of {', '.join(map(repr, cfr.VARIANTS))}, got {variant!r}")
    chips = deep_stacks(table_rules)
    pair = (chips, chips) if stacks is None else tuple(check_chips(s, "a stack") for s in stacks)
    if len(pair) != 2:
        raise ValueError(f"train: stacks must be two (button, big blind), got {len(pair)}")
    stack_pair = (pair[0], pair[1])
    fixed = None if deal is None else tuple(check_int(c, "a card of deal", low=0, high=51) for c in deal)
    n_chunks = check_count(chunks, "chunks")
    per_chunk = check_count(chunk_iterations, "chunk_iterations")
    made = _abstraction(abstraction, table_rules)
    game = make_cgame(table_rules, stack_pair, variant, made, fixed)
    job = job_of(table_rules, stack_pair, variant, made, seed_value, fixed)
    if n_chunks > 1:  # another training than one process's: its checkpoints say so
        if made.spec.get("kind") not in ("exact", "card_buckets", "reach_buckets"):
            raise ValueError(f"train: chunks run where the abstraction is made again from its spec, which "
                             f"{made!r} cannot be")
        job.update(chunks=n_chunks, chunk_iterations=per_chunk)
    path = None if checkpoint is None else Path(checkpoint)
    if path is not None and path.exists():
        memory = _read_checkpoint(path, job, made)
        if memory.iterations > total:
            raise ValueError(f"train: the checkpoint {path} holds {memory.iterations:,} iterations, more than "
                             f"the {total:,} asked")
    else:
        memory = cfr.Memory.empty(seed_value)
    if n_chunks > 1:
        memory = _run_rounds(memory, total, limit, path, job, table_rules, made, progress, executor)
    else:
        memory = run_slices(game, memory, total, limit, path, job, table_rules, made, progress)
    if path is not None:
        _write_checkpoint(path, job, memory)
    return _strategy(job, table_rules, made, memory)


def _run_rounds(memory: cfr.Memory, total: int, limit: int, path: Path | None, job: dict[str, Any],
                rules: TableRules, abstraction: SolverAbstraction, progress: Callable[[int, int], None] | None,
                executor: Executor | None) -> cfr.Memory:
    """The rounds of a training on the job runner, a checkpoint after each
    (every few seconds at most) and Ctrl-C keeping the last merged round."""
    from badeucey_fast._jobrun import JobInterrupted

    kept = [memory]
    written = [time.monotonic()]

    def after_round(merged: cfr.Memory) -> None:
        kept[0] = merged
        if path is not None and (merged.iterations >= total or time.monotonic() - written[0] > CHECKPOINT_INTERVAL):
            _write_checkpoint(path, job, merged)
            written[0] = time.monotonic()
        if progress is not None:
            progress(merged.iterations, total)

    try:
        return run_rounds(memory, total, job=job, chunks=job["chunks"], chunk_iterations=job["chunk_iterations"],
                          executor=executor, limit=limit, after_round=after_round)
    except (KeyboardInterrupt, JobInterrupted):
        written_at_stop = path is not None and _write_checkpoint(path, job, kept[0])
        raise TrainingInterrupted(_strategy(job, rules, abstraction, kept[0]), path if written_at_stop else None) from None


def _run_in_thread(game: cfr.CGame, memory: cfr.Memory, iterations: int, stop: Any) -> int:
    """``memory.run(game, iterations, stop)`` in a worker thread while this one
    waits, so that Ctrl-C is seen at once: it sets the stop flag, which the
    solver reads between iterations, waits until the solver has returned (the
    memory is then whole, and nothing writes it any longer) and propagates
    (:func:`~badeucey_fast._interrupts.run_in_thread`)."""
    return run_in_thread(lambda: memory.run(game, iterations, stop), stop, name="badeucey-train")


def run_slices(game: cfr.CGame, memory: cfr.Memory, total: int, limit: int, path: Path | None, job: dict[str, Any],
               rules: TableRules, abstraction: SolverAbstraction, progress: Callable[[int, int], None] | None) -> cfr.Memory:
    """Runs the solver to ``total`` iterations in slices, each in a thread (so
    that Ctrl-C is seen at once and stops it between iterations,
    :func:`_run_in_thread`)."""
    from badeucey_fast._native import ffi

    stop = ffi.new("int *")
    step, written = 1, time.monotonic()
    kept: cfr.Memory | None = None
    try:
        while memory.iterations < total:
            n = min(step, total - memory.iterations)
            # Before the first iteration nothing says how much room one takes: it runs
            # alone on a copy kept aside, taken up again with more room if it runs out.
            kept = memory.copy() if memory.struct.peak_entries == 0 else None
            if kept is not None:
                n = 1
            started = time.monotonic()
            status = _run_in_thread(game, memory, n, stop)
            if kept is not None and status == cfr.MEMORY and memory.damaged:
                memory, kept = kept, None
                if memory.grown_bytes() > limit:
                    raise MemoryError(f"train: one iteration needs more than memory_limit={limit:,} bytes")
                memory = memory.grown()
                continue
            kept = None
            if status == cfr.MEMORY and not memory.damaged:
                if memory.grown_bytes() > limit:
                    saved = path is not None and _write_checkpoint(path, job, memory)
                    raise MemoryError(f"train: the solver needs more than memory_limit={limit:,} bytes after "
                                      f"{memory.iterations:,} iterations ({memory.entries:,} information sets)"
                                      + (f"; the checkpoint {path} keeps them" if saved else ""))
                memory = memory.grown()
            elif status < 0 and status != cfr.STOPPED:
                raise ValueError(f"train: the solver stopped on {status_text(status)}"
                                 + (" inside an iteration (its state is lost)" if memory.damaged else ""))
            elapsed = time.monotonic() - started
            if status == cfr.OK:
                step = max(1, min(step * 4, int(n * SLICE_SECONDS / elapsed) if elapsed > 0 else step * 4))
            if progress is not None:
                progress(memory.iterations, total)
            if path is not None and time.monotonic() - written > CHECKPOINT_INTERVAL:
                _write_checkpoint(path, job, memory)
                written = time.monotonic()
    except KeyboardInterrupt:
        # The state between iterations is whole: the memory as the last call left it
        # (or the copy kept before a first iteration that did not finish).
        if memory.damaged and kept is not None:
            memory = kept
        if memory.damaged:  # pragma: no cover - a stop is seen between iterations only
            raise
        written_at_stop = path is not None and _write_checkpoint(path, job, memory)
        raise TrainingInterrupted(_strategy(job, rules, abstraction, memory), path if written_at_stop else None) from None
    return memory
