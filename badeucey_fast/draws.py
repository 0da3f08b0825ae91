"""Draw odds: what a hand ends up with after drawing, and which discard is best.

Draws come from the **unseen** cards: the 52 minus the hand and minus any
``dead`` cards (cards the player has seen elsewhere, e.g. an opponent's
discards shown by mistake).  Thrown cards are out of play, so no draw deals a
card twice.

**The draw policy** (``draws`` = 1..3).  The hand keeps the cards it kept and
draws the rest.  Before each later draw it stands pat if the final hand meets
the ``target``; otherwise it throws the replacement cards it holds and draws as
many again.  With no target given the policy aims at the game's default target
(:data:`DEFAULT_TARGETS`).

**Exact or sampled.**  An outcome is one way all the draws can fall.  When
there are at most ``max_exact`` of them every one is enumerated (in the C core)
and the results are exact.  Above that, ``samples`` random outcomes are drawn
from a seeded generator: the same ``seed`` gives the same result on every
machine, and each probability comes with its standard error.  Passing
``samples`` asks for sampling whatever the count.

**Targets** name the hands a player is drawing to, in the words players use:

======================  ==================================================
``"badugi"``            any four-card badugi
``"badugi:8"``          a four-card badugi 8-high or better
``"badugi:8-6"``        a four-card badugi 8-6 or better (also ``"86"``)
``"low:8"``             a low hand 8-low or better (no pair; in 2-7 no
                        straight or flush)
``"low:8-6-4-3-2"``     that hand or better
``"low:#120"``          a rank of that half, 120 or better
``"badugi+low:9"``      both at once
======================  ==================================================

In a single-half game the half may be left out (``"8"`` in deuce-to-seven).
A :class:`Target` of ranks, or a dict ``{"badugi": ..., "low": ...}`` of ranks
or the texts above, is taken too.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Union

from badeucey_fast._cards import RANK_CHARS, CardsLike, format_cards, hand_ids
from badeucey_fast._core import ffi, lib
from badeucey_fast.games import Game, Half, get_game
from badeucey_fast.names import class_ranks, hand_name

if TYPE_CHECKING:  # numpy is imported on first use (import time)
    import numpy as np
    import numpy.typing as npt

    Counts = npt.NDArray[np.uint64]

MAX_EXACT = 5_000_000
"""Default limit on the outcomes enumerated exactly; above it, sample."""
DEFAULT_SAMPLES = 200_000
"""Default number of samples when a run is sampled."""
DEFAULT_TARGETS: dict[Half, str] = {"badugi": "badugi", "low": "low:9"}
"""The policy's target per half when none is given: any four-card badugi; a
9-low or better.  A split game aims at both."""
MAX_DRAWS = 3
FOUR_CARD_BADUGIS = 715  # Badugi ranks 1..715 are the four-card badugis

_CHUNK_SAMPLES = 50_000  # samples per C call: progress granularity, not results
_BADUGI_C = {"low": lib.BDC_BADUGI_LOW, "high": lib.BDC_BADUGI_HIGH, None: lib.BDC_NO_HALF}
_LOW_C = {"deuce_seven": lib.BDC_DEUCE_SEVEN, "ace_five": lib.BDC_ACE_FIVE, None: lib.BDC_NO_HALF}
_HALF_ALIASES: dict[str, Half] = {"badugi": "badugi", "low": "low", "2-7": "low", "27": "low", "a-5": "low", "a5": "low"}
_RANK_OF = {c: i for i, c in enumerate(RANK_CHARS)}
_LOW_WORDS = {"deuce_seven": "deuce-to-seven", "ace_five": "ace-to-five"}
_C_ERRORS = {
    lib.BDC_E_CARD: "a card id outside 0..51",
    lib.BDC_E_DUPLICATE: "the same card twice",
    lib.BDC_E_COUNT: "a wrong number of cards",
    lib.BDC_E_RANKING: "an unknown ranking",
    lib.BDC_E_RANK: "a rank outside the ranking's scale",
    lib.BDC_E_ARGUMENT: "a setting outside its range",
}

Progress = Callable[[float], None]
"""Called with the fraction of a run done (0.0 .. 1.0) as it goes."""


def check_status(status: int, what: str) -> None:
    """Turn a C status code into a ValueError (the inputs were checked before,
    so this guards against a disagreement between Python and C)."""
    if status < 0:
        raise ValueError(f"{what}: the C core rejected the input: {_C_ERRORS.get(status, f'status {status}')}")


# ---- targets ---------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """The hands a player draws to: the worst rank that counts in each half
    (lower ranks are better), or None for a half that does not matter."""

    badugi: int | None = None
    low: int | None = None

    def met_by(self, ranks: Mapping[Half, int]) -> bool:
        """Does a hand with these ranks (per half) meet the target?"""
        return all(limit is None or ranks[half] <= limit for half, limit in self.limits().items())

    def limits(self) -> dict[Half, int | None]:
        """The target as ``{half: worst rank}``."""
        return {"badugi": self.badugi, "low": self.low}

    def describe(self, game: Game) -> str:
        """The target in words, e.g. ``"any four-card badugi and 9-8-7-6-4 (9-8 low) or better"``."""
        parts = [
            "any four-card badugi" if half == "badugi" and limit == FOUR_CARD_BADUGIS
            else f"{hand_name(limit, game.ranking(half))} or better"
            for half, limit in self.limits().items()
            if limit is not None
        ]
        return " and ".join(parts) if parts else "any hand"

    def _c(self) -> Any:
        limits = ffi.new("bdc_limits *")
        limits.badugi = self.badugi or 0
        limits.low = self.low or 0
        return limits


TargetLike = Union[str, int, Target, Mapping[str, Union[str, int]], None]
"""A target: text (see the module docs), a :class:`Target`, a rank (single-half
games), or a dict of per-half ranks or texts."""


@lru_cache(maxsize=None)
def _classes(ranking: str, scale: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """Every class of a ranking (``scale`` of them) as (card ranks in naming order,
    one-suit flag), best first."""
    return tuple(class_ranks(rank, ranking) for rank in range(1, scale + 1))  # type: ignore[arg-type]


def _parse_ranks(text: str, where: str) -> tuple[int, ...]:
    """Card ranks such as ``8``, ``86``, ``8-6``, ``T-9``, ``10`` or ``8-low``."""
    core = text.strip().upper()
    for suffix in ("-LOW", " LOW", "LOW", "-HIGH", " HIGH", "HIGH"):
        if core.endswith(suffix):
            core = core[: -len(suffix)]
            break
    core = core.replace("10", "T").replace("-", "").replace(" ", "")
    if not core or any(c not in _RANK_OF for c in core):
        raise ValueError(f"target {where!r}: {text!r} is not a list of card ranks (e.g. 8, 86, 8-6-4-3-2)")
    return tuple(_RANK_OF[c] for c in core)


def _half_limit(game: Game, half: Half, spec: str | int | None, where: str) -> int:
    """The worst rank of a half that meets one part of a target."""
    if half not in game.halves:
        raise ValueError(f"target {where!r}: game {game.name!r} has no {half} half")
    ranking = game.ranking(half)
    scale = game.scale(half)
    if isinstance(spec, bool):
        raise TypeError(f"target {where!r}: a rank is an integer, got {spec!r}")
    if isinstance(spec, int):
        if not 1 <= spec <= scale:
            raise ValueError(f"target {where!r}: rank {spec} is outside 1..{scale} of {ranking}")
        return spec
    if spec is None or spec.strip() == "":
        if half == "badugi":
            return FOUR_CARD_BADUGIS
        raise ValueError(f"target {where!r}: say how low, e.g. 'low:8' (8-low or better)")
    spec = spec.strip()
    if spec.startswith("#"):
        try:
            rank = int(spec[1:])
        except ValueError:
            raise ValueError(f"target {where!r}: {spec!r} is not a rank number such as #120") from None
        return _half_limit(game, half, rank, where)
    prefix = _parse_ranks(spec, where)
    size = 4 if half == "badugi" else 5
    matches = [
        rank
        for rank, (ranks, flush) in enumerate(_classes(ranking, scale), start=1)
        if len(ranks) == size
        and ranks[: len(prefix)] == prefix
        and not flush
        and len(set(ranks)) == size
        and not (ranking == "deuce_seven" and ranks[0] - ranks[4] == size - 1)  # a straight
    ]
    if len(prefix) > size or not matches:
        kind = "four-card badugi" if half == "badugi" else f"unpaired {_LOW_WORDS[ranking]} hand"
        raise ValueError(f"target {where!r} names no {kind}")
    return max(matches)  # the worst hand with that start: it "or better"


def parse_target(target: TargetLike, game: str | Game = "badeucey") -> Target | None:
    """Read a target (see the module docs) for a game.

    :raises ValueError: for text that names no hand, a half the game lacks, or
        a rank outside the half's scale.

    >>> parse_target("badugi+low:8", "badeucey")
    Target(badugi=715, low=...)
    >>> parse_target("low:5", "badeucey")
    Traceback (most recent call last):
    ...
    ValueError: target 'low:5' names no unpaired deuce-to-seven hand
    """
    rules = get_game(game)
    if target is None or isinstance(target, Target):
        if isinstance(target, Target):
            for half, limit in target.limits().items():
                if limit is not None:
                    _half_limit(rules, half, limit, repr(target))
        return target
    limits: dict[Half, int] = {}
    if isinstance(target, bool):
        raise TypeError(f"a target is text, a rank, a Target or a dict, not {target!r}")
    if isinstance(target, int):
        if rules.is_split:
            raise ValueError(f"target {target}: a bare rank is ambiguous in {rules.name}; use a dict or 'low:#{target}'")
        limits[rules.halves[0]] = _half_limit(rules, rules.halves[0], target, str(target))
    elif isinstance(target, str):
        parts = [p.strip() for p in target.replace(",", "+").split("+")]
        if not any(parts):
            raise ValueError("target: empty text")
        for part in parts:
            name, sep, text = part.partition(":")
            named = _HALF_ALIASES.get(name.strip().lower())
            if named is None:
                if sep or rules.is_split:
                    raise ValueError(f"target {target!r}: {part!r} names no half (badugi or low, e.g. 'low:8')")
                named, text = rules.halves[0], part
            if named in limits:
                raise ValueError(f"target {target!r} names the {named} half twice")
            limits[named] = _half_limit(rules, named, text, target)
    elif isinstance(target, Mapping):
        for key, spec in target.items():
            found = _HALF_ALIASES.get(str(key).lower())
            if found is None:
                raise ValueError(f"target: unknown half {key!r} (badugi or low)")
            limits[found] = _half_limit(rules, found, spec, f"{key}:{spec}")
    else:
        raise TypeError(f"a target is text, a rank, a Target or a dict, not {type(target).__name__}")
    return Target(limits.get("badugi"), limits.get("low"))


def default_target(game: str | Game) -> Target:
    """The policy's target when none is given (:data:`DEFAULT_TARGETS`)."""
    rules = get_game(game)
    target = parse_target("+".join(DEFAULT_TARGETS[h] for h in rules.halves), rules)
    assert target is not None
    return target


# ---- shared plumbing with equity -------------------------------------------


def c_game(rules: Game) -> Any:
    """The game as the C core's bdc_game."""
    game = ffi.new("bdc_game *")
    game.badugi = _BADUGI_C[rules.badugi]
    game.low = _LOW_C[rules.low]
    game.n_cards = rules.hand_size
    return game


def card_set(cards: CardsLike | None, what: str) -> tuple[int, ...]:
    """Any number of distinct cards (text or ids); None or "" for none."""
    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return ()
    return hand_ids(cards, tuple(range(53)), what)


def unseen_deck(known: Sequence[int]) -> list[int]:
    """The cards not in ``known``, in id order."""
    taken = set(known)
    return [c for c in range(52) if c not in taken]


def check_seed(seed: object) -> None:
    """A seed is None or an integer in 0..2**64-1."""
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an integer or None, not {type(seed).__name__}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in 0..2**64-1, got {seed}")


def make_rng(seed: int | None) -> tuple[int, Any]:
    """A seeded xoshiro256** state for the C core, and the seed used (a fresh
    random one when ``seed`` is None, so every sampled result can be reproduced)."""
    check_seed(seed)
    if seed is None:
        import secrets  # only when sampling: it is slow to import

        seed = secrets.randbits(63)
    rng = ffi.new("uint64_t[4]")
    lib.bdc_rng_seed(seed, rng)
    return seed, rng


def check_draws(draws: object, lowest: int) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int):
        raise TypeError(f"draws must be an integer, got {draws!r}")
    if not lowest <= draws <= MAX_DRAWS:
        raise ValueError(f"draws must be {lowest}..{MAX_DRAWS}, got {draws}")
    return draws


def check_count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return value


def run_chunks(
    run: Callable[[int, int, int], None], positions: int, samples: int | None, progress: Progress | None
) -> None:
    """Drive a C run in chunks, reporting progress: exact runs chunk by the
    position of the first card dealt, sampled runs by samples.  Chunking never
    changes a result."""
    if samples is None:
        for p in range(positions):
            run(p, p + 1, 0)
            if progress is not None:
                progress((p + 1) / positions)
        return
    done = 0
    while done < samples:
        step = min(_CHUNK_SAMPLES, samples - done)
        run(0, 0, step)
        done += step
        if progress is not None:
            progress(done / samples)


def decide_samples(outcomes: float, samples: int | None, max_exact: int) -> int | None:
    """None to enumerate exactly; else how many samples to draw."""
    check_count(max_exact, "max_exact")
    if samples is not None:
        return check_count(samples, "samples")
    return None if outcomes <= max_exact else DEFAULT_SAMPLES


# ---- one hand's draws -------------------------------------------------------


@dataclass(frozen=True, eq=False)  # numpy counts: compare results by their fields, not ==
class DrawOutcomes:
    """The distribution of a hand's final ranks after drawing.

    ``badugi`` and ``low`` count the outcomes by final rank (index = rank, index
    0 unused; None for a half the game lacks); they sum to ``total``.  Exact
    results count every equally likely outcome (a hand that stood pat counts
    once for each way the draws it skipped could have fallen); sampled ones
    count samples.
    """

    game: Game
    hand: tuple[int, ...]
    discard: tuple[int, ...]
    dead: tuple[int, ...]
    draws: int
    target: Target | None
    """The target: what the policy stands pat on in draws 2 and 3 (defaulted
    when several draws are left), and a probability in :meth:`summary`."""
    exact: bool
    total: int
    badugi: Counts | None
    low: Counts | None
    seed: int | None
    """The seed of a sampled result (None when exact)."""
    _spec: Any = field(repr=False, compare=False)
    _query_cache: dict[Target, float] = field(default_factory=dict, repr=False, compare=False)

    @property
    def kept(self) -> tuple[int, ...]:
        """The cards the hand keeps."""
        return tuple(c for c in self.hand if c not in self.discard)

    def counts(self, half: Half) -> Counts:
        """Outcome counts by final rank for one half."""
        counts = self.badugi if half == "badugi" else self.low
        if counts is None:
            raise ValueError(f"game {self.game.name!r} has no {half} half")
        return counts

    def probability(self, target: TargetLike) -> float:
        """Probability that the final hand meets a target (both halves at once
        when it names both).

        >>> out = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
        >>> round(out.probability("badugi"), 4)
        0.2083
        """
        parsed = parse_target(target, self.game)
        if parsed is None or (parsed.badugi is None and parsed.low is None):
            return 1.0
        if parsed.badugi is None or parsed.low is None:  # one half: from its counts
            half: Half = "badugi" if parsed.low is None else "low"
            limit = parsed.limits()[half]
            assert limit is not None
            return float(self.counts(half)[: limit + 1].sum()) / self.total
        if parsed not in self._query_cache:  # both at once: count them in C
            hits = _run_draw(self._spec, parsed, self.seed, self.total if not self.exact else None, None)[2]
            self._query_cache[parsed] = hits / self.total
        return self._query_cache[parsed]

    def stderr(self, probability: float) -> float:
        """Standard error of a probability of this result: 0 when exact."""
        return 0.0 if self.exact else math.sqrt(probability * (1.0 - probability) / self.total)

    @property
    def four_card_badugi(self) -> float:
        """Probability of ending with a four-card badugi."""
        return float(self.counts("badugi")[1 : FOUR_CARD_BADUGIS + 1].sum()) / self.total

    def mean_rank(self, half: Half) -> float:
        """Expected final rank in a half (lower is better)."""
        counts = self.counts(half)
        import numpy as np

        return float(np.dot(np.arange(len(counts), dtype=np.float64), counts.astype(np.float64))) / self.total

    def summary(self) -> dict[str, float]:
        """Probabilities of the usual landmarks, by label, best first in each half."""
        out: dict[str, float] = {}
        for half in self.game.halves:
            for label, spec in _LANDMARKS[half]:
                try:
                    out[label] = self.probability({half: spec})
                except ValueError:  # a landmark the ranking lacks (e.g. a 5-high badugi, aces low)
                    continue
        if self.target is not None:
            out["target"] = self.probability(self.target)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (counts as {rank: count} for ranks that occur)."""
        return {
            "game": self.game.name,
            "hand": format_cards(self.hand),
            "discard": format_cards(self.discard),
            "dead": format_cards(self.dead),
            "draws": self.draws,
            "target": None if self.target is None else self.target.describe(self.game),
            "exact": self.exact,
            "seed": self.seed,
            "total": self.total,
            "probabilities": self.summary(),
            "mean_rank": {half: self.mean_rank(half) for half in self.game.halves},
            "counts": {
                half: {str(rank): int(n) for rank, n in enumerate(self.counts(half).tolist()) if n}
                for half in self.game.halves
            },
        }


_LANDMARKS: dict[Half, list[tuple[str, str]]] = {
    "badugi": [("four-card badugi", "")]
    + [(f"{c}-high badugi or better", c) for c in "56789TJQK"],
    "low": [(f"{c}-low or better", c) for c in "6789TJQK"],
}


def _run_draw(
    spec: Any, query: Target | None, seed: int | None, samples: int | None, progress: Progress | None
) -> tuple[Counts, Counts, int, int]:
    """One C run over a prepared spec: (badugi counts, low counts, hits, total)."""
    import numpy as np

    badugi = np.zeros(1093, dtype=np.uint64)
    low = np.zeros(7463, dtype=np.uint64)
    hits = ffi.new("uint64_t *")
    total = ffi.new("uint64_t *")
    c_spec = spec["c"]
    if query is not None:
        c_spec.query = query._c()[0]
    else:
        c_spec.query.badugi = c_spec.query.low = 0
    rng = make_rng(seed)[1] if samples is not None else ffi.new("uint64_t[4]")
    out_b = ffi.from_buffer("uint64_t[]", badugi)
    out_l = ffi.from_buffer("uint64_t[]", low)

    def run(begin: int, end: int, n_samples: int) -> None:
        check_status(lib.bdc_draw_run(c_spec, begin, end, n_samples, rng, out_b, out_l, hits, total), "draw")

    run_chunks(run, spec["positions"], samples, progress)
    return badugi, low, int(hits[0]), int(total[0])


def _prepare(
    rules: Game, hand: tuple[int, ...], discard: tuple[int, ...], dead: tuple[int, ...], draws: int, target: Target | None
) -> dict[str, Any]:
    kept = [c for c in hand if c not in discard]
    deck = unseen_deck(hand + dead)
    if len(discard) * draws > len(deck):
        raise ValueError(
            f"drawing {len(discard)} card(s) {draws} time(s) needs {len(discard) * draws} unseen cards; "
            f"only {len(deck)} remain"
        )
    keep_alive = [ffi.new("uint8_t[]", kept or [0]), ffi.new("uint8_t[]", deck or [0])]
    spec = ffi.new("bdc_draw_spec *")
    spec.game = c_game(rules)[0]
    spec.kept, spec.n_kept = keep_alive[0], len(kept)
    spec.deck, spec.n_deck = keep_alive[1], len(deck)
    spec.draws = draws
    if target is not None:
        spec.target = target._c()[0]
    outcomes = ffi.new("double *")
    positions = ffi.new("int *")
    check_status(lib.bdc_draw_plan(spec, outcomes, positions), "draw")
    return {"c": spec, "keep_alive": keep_alive, "outcomes": outcomes[0], "positions": positions[0]}


def _check_discard(hand: tuple[int, ...], discard: CardsLike | None) -> tuple[int, ...]:
    cards = card_set(discard, "discard")
    missing = [c for c in cards if c not in hand]
    if missing:
        raise ValueError(f"discard {format_cards(missing)}: not in the hand {format_cards(hand)}")
    return tuple(cards)


def check_dead(hands: Sequence[tuple[int, ...]], dead: CardsLike | None) -> tuple[int, ...]:
    """Dead cards (text or ids), none of them in a hand."""
    cards = card_set(dead, "dead")
    held = {c for hand in hands for c in hand}
    clash = [c for c in cards if c in held]
    if clash:
        raise ValueError(f"dead card(s) {format_cards(clash)} are also in a hand")
    return tuple(cards)


def draw_outcomes(
    hand: CardsLike,
    discard: CardsLike | None,
    *,
    dead: CardsLike | None = (),
    game: str | Game = "badeucey",
    draws: int = 1,
    target: TargetLike = None,
    samples: int | None = None,
    seed: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: Progress | None = None,
) -> DrawOutcomes:
    """Everything a hand can end up with after throwing ``discard``.

    :param hand: the cards held (text or ids), the game's hand size.
    :param discard: the cards thrown (a subset of ``hand``; empty or None to stand pat).
    :param dead: cards known to be out of the deck (not in ``hand``).
    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :param draws: draws left, 1..3, played with the module's draw policy.
    :param target: what the policy stands pat on after draw 1 (see the module
        docs; default :data:`DEFAULT_TARGETS`); ignored for one draw.
    :param samples: sample this many outcomes instead of enumerating.
    :param seed: the seed for sampling (None: a random seed, kept in the result).
    :param max_exact: enumerate exactly when there are at most this many outcomes.
    :param progress: called with the fraction done as the run goes.
    :return: a :class:`DrawOutcomes`.
    :raises ValueError: for a discard not in the hand, dead cards in the hand,
        more cards to draw than remain unseen, or a target naming no hand.

    >>> out = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
    >>> out.total, int(out.badugi[1:716].sum())
    (48, 10)
    >>> round(draw_outcomes("As 2c 3d Ks", "Ks", game="badugi", draws=3).four_card_badugi, 3)
    0.512
    >>> draw_outcomes("As 2c 3d Ks", "Qs", game="badugi")
    Traceback (most recent call last):
    ...
    ValueError: discard Qs: not in the hand As 2c 3d Ks
    """
    rules = get_game(game)
    ids = hand_ids(hand, (rules.hand_size,), f"draw_outcomes ({rules.name})")
    thrown = _check_discard(ids, discard)
    dead_ids = check_dead([ids], dead)
    draws = check_draws(draws, 1)
    check_seed(seed)
    parsed = parse_target(target, rules)
    return _draw(rules, ids, thrown, dead_ids, draws, parsed, samples, seed, max_exact, progress)


def _draw(
    rules: Game,
    ids: tuple[int, ...],
    thrown: tuple[int, ...],
    dead_ids: tuple[int, ...],
    draws: int,
    target: Target | None,
    samples: int | None,
    seed: int | None,
    max_exact: int,
    progress: Progress | None,
) -> DrawOutcomes:
    """draw_outcomes on checked input; the target's probability is counted in the same run."""
    if draws > 1 and target is None:
        target = default_target(rules)
    spec = _prepare(rules, ids, thrown, dead_ids, draws, target)
    n_samples = decide_samples(spec["outcomes"], samples, max_exact)
    seed = make_rng(seed)[0] if n_samples is not None else None
    badugi, low, hits, total = _run_draw(spec, target, seed, n_samples, progress)
    out = DrawOutcomes(
        game=rules,
        hand=ids,
        discard=thrown,
        dead=dead_ids,
        draws=draws,
        target=target,
        exact=n_samples is None,
        total=total,
        badugi=badugi if rules.badugi is not None else None,
        low=low if rules.low is not None else None,
        seed=seed,
        _spec=spec,
    )
    if target is not None:
        out._query_cache[target] = hits / total
    return out


# ---- best discards ----------------------------------------------------------

Objective = Literal["target", "badugi", "low", "expected"]


@dataclass(frozen=True)
class DiscardOption:
    """One way to draw, with how it scores."""

    discard: tuple[int, ...]
    keep: tuple[int, ...]
    probability: float | None
    """Probability of making the target (None when no target was given)."""
    mean_rank: dict[Half, float]
    """Expected final rank per half (lower is better)."""
    score: float
    """What the options are ranked by: lower is better (a probability is negated)."""
    outcomes: DrawOutcomes

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": format_cards(self.discard),
            "keep": format_cards(self.keep),
            "probability": self.probability,
            "mean_rank": dict(self.mean_rank),
            "exact": self.outcomes.exact,
        }


def best_discards(
    hand: CardsLike,
    *,
    dead: CardsLike | None = (),
    game: str | Game = "badeucey",
    target: TargetLike = None,
    objective: Objective | None = None,
    draws: int = 1,
    samples: int | None = None,
    seed: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: Progress | None = None,
) -> list[DiscardOption]:
    """Every discard choice of a hand (32 for five cards, 16 for four), best first.

    Objectives (``objective``; default ``"target"`` when a target is given,
    else ``"expected"``):

    - ``"target"``: the probability of making ``target`` (in the halves it
      names; both at once when it names both), highest first;
    - ``"badugi"`` / ``"low"``: the expected final rank of that half, lowest first;
    - ``"expected"``: the expected final rank as a fraction of the half's
      scale, averaged over the game's halves, lowest first.

    Ties keep the option that throws fewer cards, then the lower card ids.
    Sampled options share one seed, so their differences are not noise from
    separate streams.

    :raises ValueError: for an unknown objective, ``"target"`` without a
        target, or the errors of :func:`draw_outcomes`.

    >>> best = best_discards("As 2c 3d Ks", game="badugi", target="badugi")
    >>> format_cards(best[0].discard), round(best[0].probability, 4)
    ('Ks', 0.2083)
    """
    rules = get_game(game)
    ids = hand_ids(hand, (rules.hand_size,), f"best_discards ({rules.name})")
    dead_ids = check_dead([ids], dead)
    draws = check_draws(draws, 1)
    check_seed(seed)
    parsed = parse_target(target, rules)
    if draws > 1 and parsed is None:
        parsed = default_target(rules)
    if objective is None:
        objective = "target" if parsed is not None else "expected"
    if objective not in ("target", "badugi", "low", "expected"):
        raise ValueError(f"unknown objective {objective!r} (target, badugi, low or expected)")
    if objective == "target" and parsed is None:
        raise ValueError("objective 'target' needs a target")
    if objective in ("badugi", "low") and objective not in rules.halves:
        raise ValueError(f"game {rules.name!r} has no {objective} half")
    if samples is not None or draws > 1:
        seed = make_rng(seed)[0]
    options = []
    subsets = [s for n in range(len(ids) + 1) for s in itertools.combinations(ids, n)]
    for i, thrown in enumerate(subsets):
        out = _draw(rules, ids, thrown, dead_ids, draws, parsed, samples, seed, max_exact, None)
        means = {half: out.mean_rank(half) for half in rules.halves}
        probability = None if parsed is None else out.probability(parsed)
        if objective == "target":
            assert probability is not None
            score = -probability
        elif objective == "expected":
            score = sum(means[h] / rules.scale(h) for h in rules.halves) / len(rules.halves)
        else:
            score = means[objective]
        options.append(DiscardOption(thrown, out.kept, probability, means, score, out))
        if progress is not None:
            progress((i + 1) / len(subsets))
    options.sort(key=lambda o: (o.score, len(o.discard), o.discard))
    return options
