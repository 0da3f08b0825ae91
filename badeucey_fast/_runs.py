"""The C run plumbing shared by draw odds and equity: checked input in, plain data out.

A run is planned once (:func:`plan_draw`, :func:`plan_equity`): the inputs are
checked, the outcomes counted, and the result is an immutable plan of plain
Python values.  Each run (:func:`run_draw`, :func:`run_equity`) builds its own
C structures and uses them at once (an equity plan's come with it:
:class:`EquityC`, run once, never kept), so no C state is held between runs or
by results: a later run of a plan (e.g. to count another target over the same
outcomes) is independent of the first.  Seeds are resolved once, by
:func:`resolve_seed`.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from badeucey_fast._native import (
    DECK_SIZE,
    MAX_DRAWS,
    MAX_HAND_CARDS,
    RANKINGS,
    ffi,
    lib,
    raise_for_status,
)
from badeucey_fast._checks import check_count as check_count, check_int, check_seed as check_seed  # (re-exported)
from badeucey_fast._cards import DECK_BYTES, hand_ids
from badeucey_fast._interrupts import run_in_thread
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast._targets import Target
from badeucey_fast.games import Game, per_game

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


def check_draws(draws: object, lowest: int) -> int:
    """A number of draws in ``lowest`` .. MAX_DRAWS (:mod:`badeucey_fast._checks`' rule)."""
    if type(draws) is int and lowest <= draws <= MAX_DRAWS:  # the usual call
        return draws
    return check_int(draws, "draws", low=lowest, high=MAX_DRAWS)


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
    limit = check_count(max_exact, "max_exact", high=MAX_EXACT_LIMIT, limit_name="MAX_EXACT_LIMIT")
    if samples is None:
        return None, limit
    return check_count(samples, "samples", high=MAX_SAMPLES, limit_name="MAX_SAMPLES"), limit


def decide_samples(outcomes: int, samples: int | None, max_exact: int) -> int | None:
    """None to enumerate exactly; else how many samples to draw (``samples`` and
    ``max_exact`` checked by :func:`check_limits`)."""
    if samples is not None:
        return samples
    return None if outcomes <= max_exact else DEFAULT_SAMPLES


# ---- C structures, built fresh for each call ------------------------------------


class GameFields(NamedTuple):
    """What the C structures of a run take from a game, worked out once per game."""

    codes: tuple[int, int, int]
    """The fields of ``bdc_game``: the ranking of each half (or BDC_NO_HALF), the hand size."""
    qualifier: tuple[int, int]
    """The game's qualifiers as the fields of a ``bdc_limits`` (0: none)."""
    badugi_bins: int
    """Entries of a draw run's Badugi counts (0: the game has no Badugi half)."""
    low_bins: int
    """Entries of its low counts (0: no low half)."""


@per_game
def game_fields(rules: Game) -> GameFields:
    """:class:`GameFields` of a game."""
    badugi = RANKINGS[rules.ranking("badugi")].code if rules.badugi is not None else lib.BDC_NO_HALF
    low = RANKINGS[rules.ranking("low")].code if rules.low is not None else lib.BDC_NO_HALF
    return GameFields(
        (badugi, low, rules.hand_size),
        (rules.badugi_qualifier or 0, rules.low_qualifier or 0),
        _BADUGI_BINS if rules.badugi is not None else 0,
        _LOW_BINS if rules.low is not None else 0,
    )


def _c_limits(target: Target | None) -> tuple[int, int]:
    """A target as the fields of a ``bdc_limits`` (0: any)."""
    return _NO_LIMITS if target is None else (target.badugi or 0, target.low or 0)


_NO_LIMITS = (0, 0)


_BADUGI_BINS = RANKINGS["badugi_low"].scale + 1
if _BADUGI_BINS != lib.BDC_BADUGI_CLASSES + 1:  # pragma: no cover - bdc_draw_run_out's layout
    raise ImportError("the Badugi scale no longer matches BDC_BADUGI_CLASSES: update badeucey_fast._runs")
_LOW_BINS = max(RANKINGS["deuce_seven"].scale, RANKINGS["ace_five"].scale) + 1
_BYTES_TYPE = ffi.typeof("uint8_t[]")
_INTS_TYPE = ffi.typeof("int[]")
_U64S_TYPE = ffi.typeof("uint64_t[]")
_STOP_TYPE = ffi.typeof("int[1]")
_RNG_WORDS = 4  # a xoshiro256** state: four uint64s


def threaded(work: int) -> bool:
    """Does a run of ``work`` outcomes or samples go to a worker thread (:func:`run_chunks`)?"""
    return work > _THREAD_WORK


def one_call(samples: int | None, work: int, progress: Progress | None) -> bool:
    """Is a run one C call over every position: short, exact and without
    progress (integer sums: chunking changes no result)?  :func:`run_chunks`
    decides by it, and a caller may make that call itself."""
    return samples is None and progress is None and work <= _THREAD_WORK


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
    the run polls, waits for the worker to end, and propagates
    (:func:`~badeucey_fast._interrupts.run_in_thread`).  ``progress`` is always
    called in this thread."""
    if one_call(samples, work, progress):
        run(0, positions, 0)
        return
    if not threaded(work):  # short: Python sees signals between calls
        for begin, end, n, fraction in _chunks(positions, samples):
            run(begin, end, n)
            if progress is not None:
                progress(fraction)
        return
    done: list[float] = []  # the fractions of the chunks run, appended by the worker
    reported = 0

    def in_turn() -> None:
        for begin, end, n, fraction in _chunks(positions, samples):
            if stop[0]:
                return
            run(begin, end, n)
            done.append(fraction)

    def report() -> None:
        nonlocal reported
        if progress is not None:
            while reported < len(done):
                reported += 1
                progress(done[reported - 1])

    run_in_thread(in_turn, stop, name="badeucey-run", while_waiting=report)
    report()


# ---- one hand's draws ---------------------------------------------------------


class DrawPlan(NamedTuple):
    """One hand's draws, checked and counted: plain data (immutable), run as often as needed."""

    game: Game
    kept: tuple[int, ...]
    deck: bytes
    """The unseen cards the draws come from (ids as bytes)."""
    draws: int
    target: Target | None
    """The policy's stand-pat target in draws 2 and 3."""
    outcomes: int
    """The number of equally likely outcomes of an exact run."""
    positions: int
    """Chunks of an exact run (positions of the first card dealt)."""
    cards: bytes
    """The kept cards then the deck, as the C core reads them (never empty)."""


_new_tuple = tuple.__new__  # a NamedTuple from its fields in order, without NamedTuple.__new__'s argument handling


class DrawCounts(NamedTuple):
    """What one draw run counted (the counts by rank of each half the game has)."""

    badugi: Counts | None
    low: Counts | None
    hits: int
    """Final hands meeting the query target."""
    total: int


_DRAW_SPEC_TYPE = ffi.typeof("bdc_draw_spec *")
_DRAW_SPEC_FIELDS = ("game", "kept", "n_kept", "deck", "n_deck", "draws", "target", "query", "stop")
if tuple(name for name, _ in ffi.typeof("bdc_draw_spec").fields) != _DRAW_SPEC_FIELDS:  # pragma: no cover
    raise ImportError("bdc_draw_spec's fields changed: update badeucey_fast._runs.run_draw")
_DRAW_STATE = _RNG_WORDS + 2
"""A draw run's uint64 outputs ahead of its counts: the random stream, then hits and total
(``bdc_draw_run_out``'s layout: then the counts of each half the game has, Badugi first)."""


def _c_draw_counts(rules: Game, kept: bytes, deck: bytes, draws: int) -> tuple[int, int]:
    """The outcomes of an exact run and its chunk positions, as the C core
    counts them (``bdc_draw_plan``, which checks the spec too)."""
    kept_cards = ffi.from_buffer(_BYTES_TYPE, kept or b"\0")
    deck_cards = ffi.from_buffer(_BYTES_TYPE, deck or b"\0")
    spec = ffi.new(_DRAW_SPEC_TYPE, [game_fields(rules).codes, kept_cards, len(kept), deck_cards, len(deck), draws,
                                     _NO_LIMITS, _NO_LIMITS, ffi.NULL])
    outcomes, positions = ffi.new("uint64_t *"), ffi.new("int *")
    status = lib.bdc_draw_plan(spec, outcomes, positions)
    if status:
        raise_for_status(status, "draw")
    return int(outcomes[0]), int(positions[0])


def plan_draw(
    rules: Game,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
    dead: tuple[int, ...],
    draws: int,
    target: Target | None,
) -> DrawPlan:
    """Plan a hand's draws: the one place a draw run is checked and counted.

    The cards come checked (distinct valid ids, the discard within ``hand``,
    the dead cards outside it); ``hand`` may hold fewer cards than the game's
    hand size (the hands holding some cards: the rest is drawn).  Checks that
    the unseen cards fill every draw; the counts come from the C core
    (``bdc_draw_plan``), once for each number of unseen cards, cards drawn and
    draws, and the run checks the spec again in C.
    """
    held = bytes(hand)
    kept_bytes = held.translate(None, bytes(discard)) if discard else held  # (not a list comprehension: its own call)
    kept = tuple(kept_bytes) if discard else hand
    deck = DECK_BYTES.translate(None, held + bytes(dead) if dead else held)  # the unseen cards
    k = rules.hand_size - len(kept)
    if k * draws > len(deck):
        raise ValueError(
            f"drawing {k} card(s) {draws} time(s) needs {k * draws} unseen cards; only {len(deck)} remain"
        )
    key = (len(deck), k, draws)
    counts = _DRAW_COUNTS.get(key)
    if counts is None:
        counts = _DRAW_COUNTS[key] = _c_draw_counts(rules, kept_bytes, deck, draws)  # at most 52 * 6 * 3 keys
    # (_new_tuple: the fields are in order and checked, so NamedTuple's argument handling is skipped)
    return _new_tuple(DrawPlan, (rules, kept, deck, draws, target, counts[0], counts[1], kept_bytes + deck or b"\0"))


_DRAW_COUNTS: dict[tuple[int, int, int], tuple[int, int]] = {}
"""The outcomes and positions of a draw run by (unseen cards, cards drawn, draws): the
same few for every hand (``bdc_draw_plan`` counts them from these alone)."""


_DRAW_TEMPLATES: dict[tuple[Any, ...], Any] = {}
"""``bdc_draw_spec`` templates (their card pointers and stop flag NULL: the C core
takes the cards apart, and only reads a spec) by :func:`run_draw`'s key; cleared
when it holds ``_MAX_TEMPLATES``."""
_MAX_TEMPLATES = 1024


def _draw_template(key: tuple[Any, ...]) -> Any:
    """A spec of the plain fields in ``key`` (game codes, kept and deck sizes,
    draws, target and query limits), kept in ``_DRAW_TEMPLATES``."""
    codes, n_kept, n_deck, draws, target, query = key
    if len(_DRAW_TEMPLATES) >= _MAX_TEMPLATES:  # odd targets by the thousand: start again
        _DRAW_TEMPLATES.clear()
    template = _DRAW_TEMPLATES[key] = ffi.new(
        _DRAW_SPEC_TYPE, [codes, ffi.NULL, n_kept, ffi.NULL, n_deck, draws, target, query, ffi.NULL]
    )
    return template


_np: Any = None
"""numpy, once :func:`_import_numpy` has imported it: an ``import`` statement in a
function looks the module up again on every call, even when it is loaded, and a
one-draw call is short enough for that to show."""


def _import_numpy() -> Any:
    """numpy, imported on first use (import time), kept in ``_np``."""
    global _np
    import numpy

    _np = numpy
    return numpy


def run_draw(
    plan: DrawPlan, query: Target | None, seed: int | None, samples: int | None, progress: Progress | None
) -> DrawCounts:
    """One C run of a plan: exact (``samples`` None) or ``samples`` outcomes from
    ``seed``, counting the final hands meeting ``query``.

    Its C structures are made here, in as few steps as it takes (each is a cost
    of a one-draw call): the spec is a template of its plain fields, made once
    per game, limits, hand and deck size and draws (:func:`_draw_template`) and
    read only by the C core, which takes the plan's cards (the kept cards then
    the deck, as bytes) apart from it; the stream, hits, total and both halves'
    counts are one zeroed numpy array (the counts of the result are views of
    it).  A run long enough to go to a worker thread gets a copy of the
    template with its own stop flag."""
    np = _np if _np is not None else _import_numpy()

    fields = game_fields(plan.game)
    n_badugi, n_low = fields.badugi_bins, fields.low_bins
    work = plan.outcomes if samples is None else samples
    out = np.zeros(_DRAW_STATE + n_badugi + n_low, dtype=np.uint64)
    state = ffi.from_buffer(_U64S_TYPE, out)
    if samples is not None and seed is not None:
        lib.bdc_rng_seed(seed, state)
    key = (fields.codes, len(plan.kept), len(plan.deck), plan.draws,
           _NO_LIMITS if plan.target is None else _c_limits(plan.target),
           _NO_LIMITS if query is None else _c_limits(query))
    spec = _DRAW_TEMPLATES.get(key)  # held here while the run goes: another thread may clear the templates
    if spec is None:
        spec = _draw_template(key)
    cards = plan.cards
    if one_call(samples, work, progress):  # bdc_draw_run_out: out laid out as _DRAW_STATE says
        status = lib.bdc_draw_run_out(spec, cards, 0, plan.positions, 0, state)
        if status:
            raise_for_status(status, "draw")
    else:
        stop = ffi.new(_STOP_TYPE) if threaded(work) else None
        if stop is not None:
            spec = ffi.new(_DRAW_SPEC_TYPE, spec[0])  # this run's own copy, with its stop flag
            spec.stop = stop

        def run(begin: int, end: int, n_samples: int) -> None:
            raise_for_status(lib.bdc_draw_run_out(spec, cards, begin, end, n_samples, state), "draw")

        run_chunks(run, plan.positions, samples, progress, work, stop)
    out.flags.writeable = False  # the counts of a result: read-only views
    badugi = out[_DRAW_STATE : _DRAW_STATE + n_badugi] if n_badugi else None
    low = out[_DRAW_STATE + n_badugi :] if n_low else None
    return _new_tuple(DrawCounts, (badugi, low, state[_RNG_WORDS], state[_RNG_WORDS + 1]))


# ---- every discard of one hand, one draw ----------------------------------------------


_HELD_CLASSES = 1 + 13 + 13 + 78 * 2
"""Rows of a :class:`HeldCounts`: the hands holding no card; one card, by its
rank; two cards, by their ranks and whether they share a suit (a pair of one
rank never does)."""
_FIRST_PAIR_ROW = 1 + 13
"""The first row of two cards (after the row of no card and the 13 of one)."""
_MAX_HELD = 4
"""HeldCounts kept at once (each a few MB: one per game and query in use)."""


@functools.cache
def _held_classes() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The :class:`HeldCounts` row of each card (by id) and of each pair of cards
    (by ``52 * first + second``), and the cards each row counts the hands of.
    Rankings ignore suits but for which cards share one, so the hands holding
    two cards count alike for every pair of the same ranks and suitedness (and
    the hands holding one card for every card of its rank)."""
    cards: list[tuple[int, ...]] = [()] + [(4 * rank,) for rank in range(13)]
    classes: dict[tuple[int, int, bool], int] = {}
    pair_row = [0] * (DECK_SIZE * DECK_SIZE)
    for first in range(DECK_SIZE):
        for second in range(DECK_SIZE):
            if first == second:
                continue
            low, high = sorted((first >> 2, second >> 2))
            suited = (first & 3) == (second & 3)
            key = (low, high, suited)
            if key not in classes:
                classes[key] = len(cards)
                cards.append((4 * low, 4 * high + (0 if suited else 1)))
            pair_row[first * DECK_SIZE + second] = classes[key]
    assert len(cards) == _HELD_CLASSES
    return tuple(pair_row), tuple(cards)


class HeldCounts:
    """The counts of the hands of a game holding no card, one card or two, by
    class (:func:`_held_classes`), with the hands meeting one query: uint32
    rows as ``bdc_draw_options`` reads them, every one counted when the
    object is made, so that no later hand waits for a row of its own.

    Only the 156 rows of two cards are enumerated (C(50, 3) hands each for
    five cards); the others follow from them exactly.  A hand of ``n`` cards
    holding card ``c`` holds ``n - 1`` pairs with ``c``, so the hands holding
    ``c`` are counted ``n - 1`` times over the pairs ``(c, d)``, ``d`` any
    other card; and a hand holds ``n`` cards, so the 52 one-card rows (four
    of each rank) count every hand ``n`` times.  That is about as many hands
    as the row of no card alone (C(52, 5)) would take to enumerate."""

    def __init__(self, rules: Game, query: Target | None) -> None:
        np = _np if _np is not None else _import_numpy()
        fields = game_fields(rules)
        self.rules, self.query = rules, query
        self.width = fields.badugi_bins + fields.low_bins + 2
        pair_row, cards = _held_classes()
        counts = np.zeros((_HELD_CLASSES, self.width), dtype=np.uint64)
        for row in range(_FIRST_PAIR_ROW, _HELD_CLASSES):
            run = run_draw(plan_draw(rules, cards[row], (), (), 1, None), query, None, None, None)
            out = counts[row]
            if run.badugi is not None:
                out[: fields.badugi_bins] = run.badugi
            if run.low is not None:
                out[fields.badugi_bins : fields.badugi_bins + fields.low_bins] = run.low
            out[-2], out[-1] = run.hits, run.total
        n = rules.hand_size
        for rank in range(13):
            card = 4 * rank
            pairs = [pair_row[card * DECK_SIZE + other] for other in range(DECK_SIZE) if other != card]
            counts[1 + rank] = _exact_quotient(counts[pairs].sum(axis=0), n - 1)
        counts[0] = _exact_quotient(4 * counts[1:_FIRST_PAIR_ROW].sum(axis=0), n)
        self.rows = counts.astype(np.uint32)  # at most C(52, 5) hands a row
        self.pointer = ffi.from_buffer("uint32_t[]", self.rows)
        # each row's four figures (bdc_draw_option_figures): the rank sums of each half, hits, total
        ranks = np.arange(self.width, dtype=np.uint64)
        ranks[fields.badugi_bins :] -= np.uint64(fields.badugi_bins)  # a low count's column, less the Badugi ones
        ranks[-2:] = 0
        figures = np.zeros((_HELD_CLASSES, _OPTION_FIGURES), dtype=np.uint64)
        figures[:, 0] = counts[:, : fields.badugi_bins] @ ranks[: fields.badugi_bins]
        figures[:, 1] = counts[:, fields.badugi_bins : -2] @ ranks[fields.badugi_bins : -2]
        figures[:, 2:] = counts[:, -2:]
        self.figures = figures
        self.figures_pointer = ffi.from_buffer(_U64S_TYPE, figures)

    def row_of_subsets(self, hand: tuple[int, ...]) -> list[int]:
        """For each subset of ``hand`` (bit b: ``hand[b]``), its row, or -1 for
        a subset of three cards or more (counted by ``bdc_draw_options``)."""
        pair_row = _held_classes()[0]
        n = len(hand)
        rows = [-1] * (1 << n)
        rows[0] = 0
        for b, card in enumerate(hand):
            rows[1 << b] = 1 + (card >> 2)
            for b2 in range(b + 1, n):
                rows[1 << b | 1 << b2] = pair_row[card * DECK_SIZE + hand[b2]]
        return rows


def _exact_quotient(total: Any, divisor: int) -> Any:
    """``total // divisor``, checking that every entry divides exactly (a
    count derived from the rows of two cards: anything else is a miscount)."""
    quotient, remainder = divmod(total, divisor)
    if remainder.any():  # pragma: no cover - the counting argument of HeldCounts
        raise RuntimeError("the held counts do not divide: the rows of two cards are miscounted")
    return quotient


_HELD: dict[tuple[tuple[int, int, int], tuple[int, int]], HeldCounts] = {}
_HELD_LOCK = threading.Lock()


def held_counts(rules: Game, query: Target | None) -> HeldCounts:
    """The :class:`HeldCounts` of a game and query, kept for the next call
    (at most ``_MAX_HELD``: the oldest goes).  Kept by what the counts depend
    on, the rankings, hand size and query limits, not by the game object: a
    chart's worker gets a new copy of its game with every chunk.  Made once,
    whichever thread asks first (the others wait for it)."""
    key = (game_fields(rules).codes, _c_limits(query))
    held = _HELD.get(key)
    if held is not None:
        return held
    with _HELD_LOCK:
        held = _HELD.get(key)
        if held is None:
            held = HeldCounts(rules, query)
            if len(_HELD) >= _MAX_HELD:
                _HELD.pop(next(iter(_HELD)))
            _HELD[key] = held
    return held


class _OptionBuffers(threading.local):
    """Each thread's output of ``bdc_draw_options``, by row width: made once and
    reused, so that a hand's options allocate nothing of their size."""

    def __init__(self) -> None:
        self.by_width: dict[int, tuple[Any, Any, Any, Any, Any]] = {}


_OPTION_BUFFERS = _OptionBuffers()
_OPTION_FIGURES: int = lib.BDC_OPTION_FIGURES


class _ResultArrays(threading.local):
    """Each thread's arrays for the counts of one-draw options' results, by size."""

    def __init__(self) -> None:
        self.by_size: dict[int, list[Counts]] = {}


_RESULT_ARRAYS = _ResultArrays()


def _references(arrays: list[Any], i: int) -> int:
    """The reference count of ``arrays[i]`` as seen from here."""
    return sys.getrefcount(arrays[i])


_UNHELD = _references([object()], 0)
"""What :func:`_references` gives for an object only its list holds."""


def result_arrays(size: int, count: int) -> list[Counts]:
    """``count`` uint64 arrays of ``size`` entries for the counts of a call's
    option results, read-only as results are: this thread's own, each given
    again once no result holds it any longer (nothing but this list refers to
    it), else replaced by a new one; the caller makes each writeable while it
    fills it.

    Why: a call's results are usually dropped together before the next call,
    and new arrays each call would be new memory each call: glibc's malloc
    returns a freed top of the heap to the system once it passes its trim
    threshold (128 KiB unless raised), so a hand's 32 options, about 2 MB,
    would fault in about 500 fresh pages every call."""
    np = _np if _np is not None else _import_numpy()
    arrays = _RESULT_ARRAYS.by_size.setdefault(size, [])
    for i in range(len(arrays)):
        if _references(arrays, i) > _UNHELD:  # a result still holds it: it stays the result's
            arrays[i] = np.zeros(size, dtype=np.uint64)
    while len(arrays) < count:
        arrays.append(np.zeros(size, dtype=np.uint64))
    return arrays[:count]


def option_counts(rules: Game, hand: tuple[int, ...], query: Target | None) -> tuple[Any, Counts]:
    """Every discard option of a hand at one draw with no dead cards, exactly
    (``bdc_draw_options``): a uint32 table whose row m holds the outcomes of
    the option keeping the cards of ``hand`` at the bits of m (the Badugi
    counts, the low counts, the hands meeting ``query``, and all of them, as
    in :class:`GameFields`), and the sums of rank times count per half of
    each row (two uint64 columns).  Both are this thread's buffers: valid
    until its next call."""
    held = held_counts(rules, query)
    rows = held.row_of_subsets(hand)
    buffers = _OPTION_BUFFERS.by_width.get(held.width)
    if buffers is None:
        np = _np
        scratch = np.empty(held.width, dtype=np.uint64)
        table = np.empty((1 << MAX_HAND_CARDS, held.width), dtype=np.uint32)
        sums = np.empty((1 << MAX_HAND_CARDS, 2), dtype=np.uint64)
        buffers = _OPTION_BUFFERS.by_width[held.width] = (
            ffi.from_buffer(_U64S_TYPE, scratch), table, ffi.from_buffer("uint32_t[]", table), sums,
            ffi.from_buffer(_U64S_TYPE, sums))
    scratch_pointer, table, table_pointer, sums, sums_pointer = buffers
    fields = game_fields(rules)
    status = lib.bdc_draw_options([fields.codes], bytes(hand), _c_limits(query), held.pointer, _HELD_CLASSES, rows,
                                  fields.low_bins, scratch_pointer, table_pointer, sums_pointer)
    if status:
        raise_for_status(status, "best_discards")
    return table[: len(rows)], sums[: len(rows)]


class _FigureBuffers(threading.local):
    """Each thread's output of ``bdc_draw_option_figures``: made once and reused."""

    def __init__(self) -> None:
        self.figures: tuple[Counts, Any] | None = None


_FIGURE_BUFFERS = _FigureBuffers()


def option_figures(rules: Game, hand: tuple[int, ...], query: Target | None) -> Counts:
    """What every discard option of a hand at one draw with no dead cards is
    scored by (``bdc_draw_option_figures``), without its counts by rank: row
    m holds, for the option keeping the cards of ``hand`` at the bits of m,
    the sums of rank times count of its Badugi and low counts, the hands
    meeting ``query`` and all its hands; the same numbers as
    :func:`option_counts` gives.  This thread's buffer: valid until its next
    call."""
    held = held_counts(rules, query)
    rows = held.row_of_subsets(hand)
    buffers = _FIGURE_BUFFERS.figures
    if buffers is None:
        figures = _np.empty((1 << MAX_HAND_CARDS, _OPTION_FIGURES), dtype=_np.uint64)
        buffers = _FIGURE_BUFFERS.figures = (figures, ffi.from_buffer(_U64S_TYPE, figures))
    figures, figures_pointer = buffers
    status = lib.bdc_draw_option_figures([game_fields(rules).codes], bytes(hand), _c_limits(query),
                                         held.figures_pointer, _HELD_CLASSES, rows, figures_pointer)
    if status:
        raise_for_status(status, "best_discards")
    return figures[: len(rows)]


def option_scores(
    rules: Game, ids: tuple[int, ...], target: Target | None, objective: str
) -> tuple[Any, Any, Any]:
    """What :func:`~badeucey_fast.draws.best_discards` gives each option of a one-draw hand with no
    dead cards (``ids`` checked, ``target`` parsed, ``objective`` checked),
    without the outcomes: the scores, the probabilities of ``target`` (None
    without one) and the mean ranks (a column per half of the game), each
    option at the index of its thrown cards (bit b: ``ids[b]``)."""
    return scores_of_figures(rules, option_figures(rules, ids, target), target is not None, objective)


def scores_of_figures(rules: Game, figures: Counts, with_target: bool, objective: str) -> tuple[Any, Any, Any]:
    """:func:`option_scores` from the options' figures (row m: the option
    keeping the cards at the bits of m, as :func:`option_figures` gives
    them); the one place the floats are worked out, so a chart and
    ``best_discards`` give the same numbers.  Every figure is an integer
    below 2**53, so each mean is one correctly rounded division."""
    np = _np
    figures = figures[::-1]  # the option throwing mask j keeps row full - j
    total = figures[:, 3].astype(np.float64)
    halves = rules.halves
    columns = [0 if h == "badugi" else 1 for h in halves]
    means = figures[:, columns].astype(np.float64) / total[:, None]
    probability = figures[:, 2].astype(np.float64) / total if with_target else None
    if objective == "target":
        assert probability is not None
        score = -probability
    elif objective == "expected":  # each half's mean as a fraction of its scale, averaged
        score = means[:, 0] / rules.scale(halves[0])
        for k in range(1, len(columns)):
            score = score + means[:, k] / rules.scale(halves[k])
        score = score / len(columns)
    else:
        score = means[:, halves.index(objective)].copy()
    return score, probability, means


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


class EquityC(NamedTuple):
    """A plan's C structures, made once and run at once (never kept in a result)."""

    spec: Any
    alive: list[Any]
    """The arrays the spec points into (kept alive with it)."""
    stop: Any
    """The run's stop flag (``int *``), which the C core polls."""
    out: Any
    """The run's uint64 outputs (``uint64_t[]``): the random stream, the weight,
    the plan's outcomes, then a ``bdc_equity_sums`` per seat."""


SHARE_UNIT: int = lib.BDC_SHARE_UNIT
"""The C core counts pot shares in units of 1 / SHARE_UNIT."""

EQUITY_FIGURES = ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share", "share_sq")
"""The fields of ``bdc_equity_sums``, in their order (seven uint64s: no padding)."""
if tuple(name for name, _ in ffi.typeof("bdc_equity_sums").fields) != EQUITY_FIGURES or ffi.sizeof(
    "bdc_equity_sums"
) != ffi.sizeof("uint64_t") * len(EQUITY_FIGURES):  # pragma: no cover - a header change this module missed
    raise ImportError("bdc_equity_sums is no longer seven uint64s in this order: update badeucey_fast._runs")
FIGURES = len(EQUITY_FIGURES)
_EQUITY_SPEC_TYPE = ffi.typeof("bdc_equity_spec *")
_EQUITY_SPEC_FIELDS = ("game", "n_seats", "cards", "n_held", "draws_policy", "deck", "n_deck", "draws", "target",
                       "qualifier", "stop", "unknown_draws")
if tuple(name for name, _ in ffi.typeof("bdc_equity_spec").fields) != _EQUITY_SPEC_FIELDS:  # pragma: no cover
    raise ImportError("bdc_equity_spec's fields changed: update badeucey_fast._runs._c_equity_spec")
_SUMS_TYPE = ffi.typeof("bdc_equity_sums *")
_WEIGHT, _OUTCOMES, _SUMS = _RNG_WORDS, _RNG_WORDS + 1, _RNG_WORDS + 2
"""Where an equity run's uint64 outputs (:attr:`EquityC.out`) are."""


class EquitySums(NamedTuple):
    """What one equity run counted: each seat's ``bdc_equity_sums``, flat (seat
    s's figure f at ``values[s * FIGURES + f]``, in the order of
    :data:`EQUITY_FIGURES`; shares in units of 1 / SHARE_UNIT, squares of
    1 / SHARE_UNIT**2); and the number of outcomes or samples."""

    values: list[int]
    weight: int




def plan_equity(
    rules: Game,
    hands: list[tuple[int, ...] | None],
    discards: list[tuple[int, ...]],
    dead: tuple[int, ...],
    draws: int,
    target: Target | None,
    unknown_draws: Sequence[tuple[int, ...]] | None = None,
) -> tuple[EquityPlan, EquityC]:
    """Plan an equity run (every input already checked), and its C structures.
    ``unknown_draws``: per seat, the cards an unknown seat throws and draws in
    each draw (``draws`` counts; empty for a known seat), or None: they stand pat.

    The structures take three allocations and a spec initialised in one call
    (each allocation is a cost of a short call): the seats' rows (each padded
    to the hand size) then the deck in one byte buffer; ``n_held``,
    ``draws_policy``, the stop flag and the plan's positions in one int array;
    and the run's uint64 outputs (:attr:`EquityC.out`).  The C core counts the
    outcomes and positions (``bdc_equity_plan``), checking the spec."""
    fields = game_fields(rules)
    n = fields.codes[2]
    known = [c for hand in hands if hand is not None for c in hand]
    deck_bytes = DECK_BYTES.translate(None, bytes(known + list(dead) if dead else known))  # the unseen cards
    n_deck, seats = len(deck_bytes), len(hands)
    needed = n * hands.count(None) + draws * sum(map(len, discards))
    if unknown_draws is not None:
        needed += sum(map(sum, unknown_draws))
    if needed > n_deck:
        raise ValueError(f"the hands and draws need up to {needed} unseen cards; only {n_deck} remain")
    rows = tuple([
        () if hand is None else tuple([c for c in hand if c not in throw]) if throw else hand
        for hand, throw in zip(hands, discards)
    ])
    flags = tuple([hand is not None for hand in hands])
    pad = bytes(n)
    held = b"".join([bytes(row) + pad[len(row) :] for row in rows])  # never empty: two seats at least
    cards = ffi.from_buffer(_BYTES_TYPE, held + deck_bytes)
    ints = ffi.new(_INTS_TYPE, [*map(len, rows), *flags, 0, 0])  # n_held, draws_policy, stop, positions
    stop, positions = ints + 2 * seats, ints + (2 * seats + 1)
    spec = ffi.new(
        _EQUITY_SPEC_TYPE,
        [fields.codes, seats, cards, ints, ints + seats, cards + len(held), n_deck, draws, _c_limits(target),
         fields.qualifier, stop],
    )
    alive = [cards, ints]
    if unknown_draws is not None:  # MAX_DRAWS counts per seat, zero past the draws left
        counts = ffi.new(_INTS_TYPE, [k for row in unknown_draws for k in (*row, 0, 0, 0)[:MAX_DRAWS]])
        spec.unknown_draws = counts
        alive.append(counts)
    out = ffi.new(_U64S_TYPE, _SUMS + FIGURES * seats)
    status = lib.bdc_equity_plan(spec, out + _OUTCOMES, positions)
    if status:
        raise_for_status(status, "equity")
    plan = EquityPlan(rules, rows, flags, tuple(deck_bytes), draws, target, out[_OUTCOMES], positions[0])
    return plan, EquityC(spec, alive, stop, out)


def run_equity(
    plan: EquityPlan, c: EquityC, seed: int | None, samples: int | None, progress: Progress | None
) -> EquitySums:
    """One C run of an equity plan over its C structures (once: the sums add
    up): exact (``samples`` None) or ``samples`` outcomes from ``seed``."""
    spec, out = c.spec, c.out
    if samples is not None and seed is not None:
        lib.bdc_rng_seed(seed, out)
    weight = out + _WEIGHT
    sums = ffi.cast(_SUMS_TYPE, out + _SUMS)
    work = plan.outcomes if samples is None else samples
    if one_call(samples, work, progress):
        status = lib.bdc_equity_run(spec, 0, plan.positions, 0, out, sums, weight)
        if status:
            raise_for_status(status, "equity")
    else:

        def run(begin: int, end: int, step: int) -> None:
            raise_for_status(lib.bdc_equity_run(spec, begin, end, step, out, sums, weight), "equity")

        run_chunks(run, plan.positions, samples, progress, work, c.stop)
    return EquitySums(ffi.unpack(out + _SUMS, FIGURES * len(plan.rows)), out[_WEIGHT])  # the structs, in order
