"""The C run plumbing shared by draw odds and equity: checked input in, plain data out.

A run is planned once (:func:`plan_draw`, :func:`plan_equity`): the inputs are
checked, the C core counts the outcomes, and the result is an immutable plan
of plain Python values, with the C structures of the run that follows at once
(:class:`CSpec`, never changed, never kept).  A later run of a plan (e.g. to
count another target over the same outcomes) builds its own C structures, so no
C state is held between runs or by results.  Seeds are resolved once, by
:func:`resolve_seed`.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from badeucey_fast._boundary import (
    DECK_SIZE,
    MAX_DRAWS,
    RANKINGS,
    check_int,
    raise_for_status,
)
from badeucey_fast._cards import CardsLike, format_cards, hand_ids
from badeucey_fast._core import ffi, lib
from badeucey_fast._targets import Target
from badeucey_fast.games import Game

if TYPE_CHECKING:  # numpy is imported on first use (import time)
    import numpy as np
    import numpy.typing as npt

    Counts = npt.NDArray[np.uint64]

DEFAULT_SAMPLES = 200_000
"""Default number of samples when a run is sampled."""
MAX_EXACT_LIMIT = 10**10
"""The largest ``max_exact`` accepted: ten billion outcomes, minutes of enumeration
(a run of it can still be stopped with Ctrl-C)."""
MAX_SAMPLES = 10**9
"""The largest ``samples`` accepted: a billion samples, about a minute for two hands."""
_CHUNK_SAMPLES = 50_000  # samples per C call: progress granularity, not results
_THREAD_WORK = 1 << 20  # outcomes or samples above which a run goes to a worker thread (Ctrl-C)
_ANY_COUNT = tuple(range(DECK_SIZE + 1))
_DECK = range(DECK_SIZE)
_DECK_BYTES = bytes(_DECK)
_SEEDS = 2**64

Progress = Callable[[float], None]
"""Called with the fraction of a run done (0.0 .. 1.0) as it goes."""


# ---- checked input ------------------------------------------------------------


def card_set(cards: CardsLike | None, what: str) -> tuple[int, ...]:
    """Any number of distinct cards (text or ids); None or "" for none."""
    if cards is None or (type(cards) in (tuple, list) and not cards) or (isinstance(cards, str) and not cards.strip()):
        return ()
    return hand_ids(cards, _ANY_COUNT, what)


def check_dead(hands: Sequence[tuple[int, ...]], dead: CardsLike | None) -> tuple[int, ...]:
    """Dead cards (text or ids), none of them in a hand."""
    cards = card_set(dead, "dead")
    if not cards:
        return cards
    held = {c for hand in hands for c in hand}
    clash = [c for c in cards if c in held]
    if clash:
        raise ValueError(f"dead card(s) {format_cards(clash)} are also in a hand")
    return cards


def unseen_deck(known: Sequence[int]) -> tuple[int, ...]:
    """The cards not in ``known`` (valid ids), in id order."""
    return tuple(_DECK_BYTES.translate(None, bytes(known)))


def check_draws(draws: object, lowest: int) -> int:
    """A number of draws in ``lowest`` .. MAX_DRAWS."""
    value = draws if type(draws) is int else check_int(draws, "draws")
    if not lowest <= value <= MAX_DRAWS:
        raise ValueError(f"draws must be {lowest}..{MAX_DRAWS}, got {value}")
    return value


def check_count(value: object, name: str) -> int:
    """A count of at least 1."""
    count = check_int(value, name)
    if count < 1:
        raise ValueError(f"{name} must be at least 1, got {count}")
    return count


def check_seed(seed: object) -> int | None:
    """A seed is None or an integer in 0..2**64-1."""
    if seed is None:
        return None
    try:
        value = check_int(seed, "seed")
    except TypeError:
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}") from None
    if not 0 <= value < _SEEDS:
        raise ValueError(f"seed must be in 0..2**64-1, got {value}")
    return value


def resolve_seed(seed: int | None) -> int:
    """The seed a sampled run uses: ``seed`` itself, or a fresh random one when it
    is None (kept in the result, so every sampled result can be reproduced)."""
    if seed is not None:
        return seed
    import secrets  # only when sampling: it is slow to import

    return secrets.randbits(63)


def check_limits(samples: object, max_exact: object) -> tuple[int | None, int]:
    """``samples`` (None, or 1 .. MAX_SAMPLES) and ``max_exact`` (1 .. MAX_EXACT_LIMIT), checked."""
    if samples is None and type(max_exact) is int and 1 <= max_exact <= MAX_EXACT_LIMIT:  # the usual call
        return None, max_exact
    limit = check_count(max_exact, "max_exact")
    if limit > MAX_EXACT_LIMIT:
        raise ValueError(f"max_exact must be at most {MAX_EXACT_LIMIT:,} (MAX_EXACT_LIMIT), got {limit:,}")
    if samples is None:
        return None, limit
    count = check_count(samples, "samples")
    if count > MAX_SAMPLES:
        raise ValueError(f"samples must be at most {MAX_SAMPLES:,} (MAX_SAMPLES), got {count:,}")
    return count, limit


def decide_samples(outcomes: int, samples: int | None, max_exact: int) -> int | None:
    """None to enumerate exactly; else how many samples to draw (``samples`` and
    ``max_exact`` checked by :func:`check_limits`)."""
    if samples is not None:
        return samples
    return None if outcomes <= max_exact else DEFAULT_SAMPLES


# ---- C structures, built fresh for each call ------------------------------------


@cache
def _game_codes(rules: Game) -> tuple[int, int, int]:
    """A game as the fields of the C core's ``bdc_game``: the ranking of each half, the hand size."""
    badugi = RANKINGS[rules.ranking("badugi")].code if rules.badugi is not None else lib.BDC_NO_HALF
    low = RANKINGS[rules.ranking("low")].code if rules.low is not None else lib.BDC_NO_HALF
    return badugi, low, rules.hand_size


def _set_game(c_game: Any, rules: Game) -> None:
    c_game.badugi, c_game.low, c_game.n_cards = _game_codes(rules)


def _set_limits(c_limits: Any, badugi: int | None, low: int | None) -> None:
    c_limits.badugi = badugi or 0
    c_limits.low = low or 0


def _c_rng(seed: int | None) -> Any:
    """A xoshiro256** state seeded from ``seed`` (unused by an exact run: None)."""
    rng = ffi.new("uint64_t[4]")
    if seed is not None:
        lib.bdc_rng_seed(seed, rng)
    return rng


def _cards(cards: Sequence[int]) -> Any:
    """Card ids as a C ``uint8_t`` array (from a bytes object: faster than ``ffi.new``
    from a list; the cdata keeps the bytes alive)."""
    return ffi.from_buffer("uint8_t[]", bytes(cards) or b"\0")  # C never reads an empty array


def _chunks(positions: int, samples: int | None) -> Iterator[tuple[int, int, int, float]]:
    """The C calls of a run, as (first_begin, first_end, samples, fraction done after it):
    exact runs chunk by the position of the first card dealt, sampled runs by samples."""
    if samples is None:
        for p in range(positions):
            yield p, p + 1, 0, (p + 1) / positions
        return
    done = 0
    while done < samples:
        step = min(_CHUNK_SAMPLES, samples - done)
        done += step
        yield 0, 0, step, done / samples


def run_chunks(
    run: Callable[[int, int, int], None], positions: int, samples: int | None, progress: Progress | None,
    work: int, stop: Any,
) -> None:
    """Drive a C run in chunks, reporting progress; chunking never changes a result.

    A run of more than ``_THREAD_WORK`` outcomes or samples (``work``) goes to a
    worker thread (the C core releases the GIL) while this thread waits, so
    Ctrl-C (KeyboardInterrupt) is seen at once: it sets ``stop[0]``, the C flag
    the run polls, waits for the worker to end, and propagates.  ``progress`` is
    always called in this thread."""
    if work <= _THREAD_WORK:  # short: Python sees signals between calls
        if samples is None and progress is None:  # a short exact run: one call (integer sums: the same result)
            run(0, positions, 0)
            return
        for begin, end, n, fraction in _chunks(positions, samples):
            run(begin, end, n)
            if progress is not None:
                progress(fraction)
        return
    done: list[float] = []
    failed: list[BaseException] = []
    finished = threading.Event()

    def worker() -> None:
        try:
            for begin, end, n, fraction in _chunks(positions, samples):
                if stop[0]:
                    return
                run(begin, end, n)
                done.append(fraction)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            failed.append(exc)
        finally:
            finished.set()

    thread = threading.Thread(target=worker, name="badeucey-run", daemon=True)
    reported = 0
    try:
        thread.start()
        while not finished.wait(0.05):
            if progress is not None:
                while reported < len(done):
                    progress(done[reported])
                    reported += 1
    except BaseException:  # Ctrl-C, or progress raised: stop the C run, then propagate
        stop[0] = 1
        thread.join()
        raise
    thread.join()
    if failed:
        raise failed[0]
    if progress is not None:
        for fraction in done[reported:]:
            progress(fraction)


# ---- one hand's draws ---------------------------------------------------------


class DrawPlan(NamedTuple):
    """One hand's draws, checked and counted: plain data (immutable), run as often as needed."""

    game: Game
    kept: tuple[int, ...]
    deck: tuple[int, ...]
    """The unseen cards the draws come from."""
    draws: int
    target: Target | None
    """The policy's stand-pat target in draws 2 and 3."""
    outcomes: int
    """The number of equally likely outcomes of an exact run."""
    positions: int
    """Chunks of an exact run (positions of the first card dealt)."""


class DrawCounts(NamedTuple):
    """What one draw run counted (the counts by rank of each half the game has)."""

    badugi: Counts | None
    low: Counts | None
    hits: int
    """Final hands meeting the query target."""
    total: int


class CSpec(NamedTuple):
    """A plan's C structures, built once and never changed: transient (a plan
    function makes them, a run uses them at once), never kept in a result."""

    spec: Any
    alive: list[Any]
    """The arrays the spec points into (kept alive with it)."""
    stop: Any
    """The run's stop flag (``int[1]``), which the C core polls."""


_SPEC_TYPE = ffi.typeof("bdc_draw_spec *")
_STATE_TYPE = ffi.typeof("uint64_t[6]")
_COUNTS_TYPE = ffi.typeof("uint64_t[]")
_STOP_TYPE = ffi.typeof("int[1]")
_BYTES_TYPE = ffi.typeof("uint8_t[]")


def _c_limits(target: Target | None) -> tuple[int, int]:
    """A target as the fields of a ``bdc_limits`` (0: any)."""
    return (0, 0) if target is None else (target.badugi or 0, target.low or 0)


_DRAW_SPEC_FIELDS = ("game", "kept", "n_kept", "deck", "n_deck", "draws", "target", "query", "stop")
if tuple(name for name, _ in ffi.typeof("bdc_draw_spec").fields) != _DRAW_SPEC_FIELDS:  # pragma: no cover
    raise ImportError("bdc_draw_spec's fields changed: update badeucey_fast._runs._c_draw_spec")


def _c_draw_spec(plan: DrawPlan, query: Target | None) -> CSpec:
    """A fresh ``bdc_draw_spec`` for a plan, and the arrays it points into (the
    kept cards then the deck, in one buffer), initialised in one call (field
    by field is three times as long)."""
    n_kept = len(plan.kept)
    cards = ffi.from_buffer(_BYTES_TYPE, bytes(plan.kept + plan.deck) or b"\0")  # C never reads an empty array
    stop = ffi.new(_STOP_TYPE)
    spec = ffi.new(
        _SPEC_TYPE,
        [_game_codes(plan.game), cards, n_kept, cards + n_kept, len(plan.deck), plan.draws,
         _c_limits(plan.target), _c_limits(query), stop],
    )
    return CSpec(spec, [cards], stop)


def draw_counts(n_deck: int, k: int, draws: int) -> tuple[int, int]:
    """The outcomes of an exact run drawing ``k`` cards ``draws`` times from
    ``n_deck`` unseen cards (``k * draws <= n_deck``), and its chunk positions:
    the figures ``bdc_draw_plan`` gives (badeucey.h)."""
    outcomes = 1
    for r in range(draws if k else 0):
        outcomes *= math.comb(n_deck - r * k, k)
    return outcomes, n_deck - k + 1 if k else 1


def plan_draw(
    rules: Game,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
    dead: tuple[int, ...],
    draws: int,
    target: Target | None,
    query: Target | None,
) -> tuple[DrawPlan, CSpec]:
    """Plan a hand's draws (every input already checked: the hand is the game's
    size, the discard within it, the dead cards outside it), and the C
    structures of its first run, which counts the hands meeting ``query``.  The
    counts come from :func:`draw_counts`; the run checks the spec again in C."""
    kept = tuple([c for c in hand if c not in discard])
    deck = unseen_deck(hand + dead)
    if len(discard) * draws > len(deck):
        raise ValueError(
            f"drawing {len(discard)} card(s) {draws} time(s) needs {len(discard) * draws} unseen cards; "
            f"only {len(deck)} remain"
        )
    outcomes, positions = draw_counts(len(deck), rules.hand_size - len(kept), draws)
    plan = DrawPlan(rules, kept, deck, draws, target, outcomes, positions)
    return plan, _c_draw_spec(plan, query)


def run_draw(
    plan: DrawPlan,
    query: Target | None,
    seed: int | None,
    samples: int | None,
    progress: Progress | None,
    c: CSpec | None = None,
) -> DrawCounts:
    """One C run of a plan: exact (``samples`` None) or ``samples`` outcomes from
    ``seed``, counting the final hands meeting ``query``; ``c`` the structures
    :func:`plan_draw` made for that query, or None to build them."""
    import numpy as np

    rules = plan.game  # counts only for the halves the game has (C reads no array for another)
    badugi = np.zeros(_BADUGI_BINS, dtype=np.uint64) if rules.badugi is not None else None
    low = np.zeros(_LOW_BINS, dtype=np.uint64) if rules.low is not None else None
    state = ffi.new(_STATE_TYPE)  # the random stream (unused when exact), then hits and total
    if seed is not None and samples is not None:
        lib.bdc_rng_seed(seed, state)
    hits, total = state + 4, state + 5
    if c is None:
        c = _c_draw_spec(plan, query)
    spec = c.spec  # c keeps the arrays the spec points into alive until the run ends
    out_b = ffi.NULL if badugi is None else ffi.from_buffer(_COUNTS_TYPE, badugi)
    out_l = ffi.NULL if low is None else ffi.from_buffer(_COUNTS_TYPE, low)
    if samples is None and plan.outcomes <= _THREAD_WORK and progress is None:  # one short call: no chunks
        raise_for_status(lib.bdc_draw_run(spec, 0, plan.positions, 0, state, out_b, out_l, hits, total), "draw")
        return DrawCounts(badugi, low, int(hits[0]), int(total[0]))

    def run(begin: int, end: int, n_samples: int) -> None:
        raise_for_status(lib.bdc_draw_run(spec, begin, end, n_samples, state, out_b, out_l, hits, total), "draw")

    run_chunks(run, plan.positions, samples, progress, plan.outcomes if samples is None else samples, c.stop)
    return DrawCounts(badugi, low, int(hits[0]), int(total[0]))


_BADUGI_BINS = RANKINGS["badugi_low"].scale + 1
_LOW_BINS = max(RANKINGS["deuce_seven"].scale, RANKINGS["ace_five"].scale) + 1


# ---- several hands to a showdown ---------------------------------------------------


class EquityPlan(NamedTuple):
    """Several seats' cards and draws, checked and counted: plain data (immutable)."""

    game: Game
    rows: tuple[tuple[int, ...], ...]
    """Per seat, the cards it keeps (an unknown seat: none)."""
    known: tuple[bool, ...]
    """Per seat, whether its cards are known (a known seat draws under the policy)."""
    deck: tuple[int, ...]
    draws: int
    target: Target | None
    outcomes: int
    """The outcomes of an exact run (UINT64_MAX when they do not fit: sampled only)."""
    positions: int


SHARE_UNIT: int = lib.BDC_SHARE_UNIT
"""The C core counts pot shares in units of 1 / SHARE_UNIT."""

_EQUITY_FIGURES = ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share", "share_sq")
"""The fields of ``bdc_equity_sums``, in their order (seven uint64s: no padding)."""
if tuple(name for name, _ in ffi.typeof("bdc_equity_sums").fields) != _EQUITY_FIGURES or ffi.sizeof(
    "bdc_equity_sums"
) != ffi.sizeof("uint64_t") * len(_EQUITY_FIGURES):  # pragma: no cover - a header change this module missed
    raise ImportError("bdc_equity_sums is no longer seven uint64s in this order: update badeucey_fast._runs")


class EquitySums(NamedTuple):
    """What one equity run counted: per figure, one integer count per seat (shares
    in units of 1 / SHARE_UNIT, squares of 1 / SHARE_UNIT**2); and the number
    of outcomes or samples."""

    sums: dict[str, tuple[int, ...]]
    weight: int


def _c_equity_spec(plan: EquityPlan) -> CSpec:
    """A fresh ``bdc_equity_spec`` for a plan, and the arrays it points into."""
    n = plan.game.hand_size
    padded = [c for row in plan.rows for c in (*row, *[0] * (n - len(row)))]
    alive = [
        _cards(padded),
        ffi.new("int[]", [len(row) for row in plan.rows]),
        ffi.new("int[]", [int(k) for k in plan.known]),
        _cards(plan.deck),
    ]
    stop = ffi.new("int[1]")
    spec = ffi.new("bdc_equity_spec *")
    spec.stop = stop
    _set_game(spec.game, plan.game)
    spec.n_seats = len(plan.rows)
    spec.cards, spec.n_held, spec.draws_policy = alive[0], alive[1], alive[2]
    spec.deck, spec.n_deck = alive[3], len(plan.deck)
    spec.draws = plan.draws
    if plan.target is not None:
        _set_limits(spec.target, plan.target.badugi, plan.target.low)
    _set_limits(spec.qualifier, plan.game.badugi_qualifier, plan.game.low_qualifier)
    return CSpec(spec, alive, stop)


def plan_equity(
    rules: Game,
    hands: Sequence[tuple[int, ...] | None],
    discards: Sequence[tuple[int, ...]],
    dead: tuple[int, ...],
    draws: int,
    target: Target | None,
) -> tuple[EquityPlan, CSpec]:
    """Plan an equity run (every input already checked), and its C structures."""
    n = rules.hand_size
    known = [c for hand in hands if hand is not None for c in hand]
    deck = unseen_deck([*known, *dead])
    needed = sum(n for h in hands if h is None) + draws * sum(len(t) for t in discards)
    if needed > len(deck):
        raise ValueError(f"the hands and draws need up to {needed} unseen cards; only {len(deck)} remain")
    rows = tuple(() if hand is None else tuple(c for c in hand if c not in throw) for hand, throw in zip(hands, discards))
    flags = tuple(hand is not None for hand in hands)
    plan = EquityPlan(rules, rows, flags, deck, draws, target, 0, 0)
    c = _c_equity_spec(plan)
    outcomes = ffi.new("uint64_t *")
    positions = ffi.new("int *")
    raise_for_status(lib.bdc_equity_plan(c.spec, outcomes, positions), "equity")
    return plan._replace(outcomes=int(outcomes[0]), positions=positions[0]), c


def run_equity(
    plan: EquityPlan, c: CSpec, seed: int | None, samples: int | None, progress: Progress | None
) -> EquitySums:
    """One C run of an equity plan over its C structures: exact (``samples`` None)
    or ``samples`` outcomes from ``seed``."""
    seats = len(plan.rows)
    spec = c.spec
    rng = _c_rng(seed if samples is not None else None)
    sums = ffi.new("bdc_equity_sums[]", seats)
    weight = ffi.new("uint64_t *")

    def run(begin: int, end: int, step: int) -> None:
        raise_for_status(lib.bdc_equity_run(spec, begin, end, step, rng, sums, weight), "equity")

    run_chunks(run, plan.positions, samples, progress, plan.outcomes if samples is None else samples, c.stop)
    values = ffi.unpack(ffi.cast("uint64_t *", sums), len(_EQUITY_FIGURES) * seats)  # the structs' counts, in order
    step = len(_EQUITY_FIGURES)
    return EquitySums({name: tuple(values[i::step]) for i, name in enumerate(_EQUITY_FIGURES)}, int(weight[0]))
