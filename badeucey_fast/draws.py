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
and the results are exact: integer counts, and probabilities divided out at the
end (a certainty is exactly 1.0).  Above that, ``samples`` random outcomes are
drawn from a seeded generator: the same ``seed`` gives the same result on every
machine, and each probability comes with its standard error.  Passing
``samples`` asks for sampling whatever the count.  ``max_exact`` is at most
:data:`MAX_EXACT_LIMIT` (ten billion) and ``samples`` at most
:data:`MAX_SAMPLES` (a billion); every run, exact or sampled, stops within a
fraction of a second of Ctrl-C (``KeyboardInterrupt``).

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

import functools
import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from badeucey_fast._native import DECK_SIZE, FOUR_CARD_BADUGIS, MAX_DRAWS
from badeucey_fast._cards import hand_ids, quick_ids
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast._runs import (
    DEFAULT_SAMPLES,
    MAX_EXACT_LIMIT,
    MAX_SAMPLES,
    DrawPlan,
    Progress,
    card_set,
    check_dead,
    check_draws,
    check_limits,
    check_seed,
    decide_samples,
    game_fields,
    option_counts,
    plan_draw,
    resolve_seed,
    result_arrays,
    run_draw,
    scores_of_figures,
)
from badeucey_fast._targets import (
    DEFAULT_TARGETS,
    Target,
    TargetLike,
    default_target,
    default_target_of,
    parse_target,
    read_target,
)
from badeucey_fast.games import Game, Half, get_game

if TYPE_CHECKING:  # numpy is imported on first use (import time)
    import numpy as np
    import numpy.typing as npt

    Counts = npt.NDArray[np.uint64]

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_TARGETS",
    "FOUR_CARD_BADUGIS",
    "MAX_DRAWS",
    "MAX_EXACT",
    "MAX_EXACT_LIMIT",
    "MAX_SAMPLES",
    "DiscardOption",
    "DrawOutcomes",
    "Objective",
    "Progress",
    "Target",
    "TargetLike",
    "best_discards",
    "default_target",
    "draw_outcomes",
    "parse_target",
]

MAX_EXACT = 5_000_000
"""Default limit on the outcomes enumerated exactly; above it, sample."""


# ---- one hand's draws -------------------------------------------------------


@dataclass(frozen=True, eq=False)  # numpy counts: __eq__ below compares them element-wise
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
    _target_hits: int | None = field(default=None, init=False, repr=False, compare=False)
    """The outcomes meeting ``target``, counted in the run that made the result
    (None without a target, and in a result made by the constructor)."""

    _VALUE_FIELDS = ("game", "hand", "discard", "dead", "draws", "target", "exact", "total", "seed")

    def __eq__(self, other: object) -> bool:
        """Equal when every field is: the counts compared element by element."""
        if not isinstance(other, DrawOutcomes):
            return NotImplemented
        import numpy as np  # imported on first use (import time)

        return all(getattr(self, f) == getattr(other, f) for f in self._VALUE_FIELDS) and all(
            (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))
            for a, b in ((self.badugi, other.badugi), (self.low, other.low))
        )

    def __hash__(self) -> int:
        """Hashed by the fields that define the run (equal results hash alike)."""
        return hash(tuple(getattr(self, f) for f in self._VALUE_FIELDS))

    @property
    def _plan(self) -> DrawPlan:
        """The plain-data plan of the run (no C state), made again from the
        fields: a later two-half query re-runs it."""
        return plan_draw(self.game, self.hand, self.discard, self.dead, self.draws, self.target)

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

        >>> from badeucey_fast import draw_outcomes
        >>> out = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
        >>> round(out.probability("badugi"), 4)
        0.2083
        """
        if self._target_hits is not None and target is self.target:  # counted in the run (checked then)
            return self._target_hits / self.total
        parsed = read_target(target, self.game)
        if parsed is None or (parsed.badugi is None and parsed.low is None):
            return 1.0
        if parsed.badugi is None or parsed.low is None:  # one half: from its counts
            half: Half = "badugi" if parsed.low is None else "low"
            limit = parsed.limits()[half]
            assert limit is not None
            return float(self.counts(half)[: limit + 1].sum()) / self.total
        if self._target_hits is not None and parsed == self.target:
            return self._target_hits / self.total
        # both at once, another target: count them in C by running the plan again
        # (fresh C structures; the result itself never changes, so threads may share it)
        hits = run_draw(self._plan, parsed, self.seed, self.total if not self.exact else None, None).hits
        return hits / self.total

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

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"sampled, seed {self.seed}"
        throw = f"throws {format_cards(self.discard)}" if self.discard else "stands pat"
        dead = f", dead {format_cards(self.dead)}" if self.dead else ""
        return (f"<DrawOutcomes {self.game.name}: {format_cards(self.hand)} {throw}, {self.draws} draw(s){dead}; "
                f"{self.total:,} outcomes, {how}>")

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


def _check_discard(hand: tuple[int, ...], discard: CardsLike | None) -> tuple[int, ...]:
    """The discard's ids: distinct cards of ``hand`` (checked ids)."""
    cards = quick_ids(discard) if discard is not None else ()
    if cards is None:  # the full checks, naming the problem
        cards = card_set(discard, "discard")
    for card in cards:
        if card not in hand:  # (a loop: no list unless one is missing)
            missing = [c for c in cards if c not in hand]
            raise ValueError(f"discard {format_cards(missing)}: not in the hand {format_cards(hand)}")
    return cards


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
    :param samples: sample this many outcomes instead of enumerating
        (1 .. :data:`MAX_SAMPLES`).
    :param seed: the seed for sampling (None: a random seed, kept in the result).
    :param max_exact: enumerate exactly when there are at most this many outcomes
        (1 .. :data:`MAX_EXACT_LIMIT`).
    :param progress: called with the fraction done as the run goes.
    :return: a :class:`DrawOutcomes`.
    :raises ValueError: for a discard not in the hand, dead cards in the hand,
        more cards to draw than remain unseen, a target naming no hand, or
        ``samples`` or ``max_exact`` out of range.
    :raises KeyboardInterrupt: on Ctrl-C, within a fraction of a second.

    >>> from badeucey_fast import draw_outcomes
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
    rules, ids, dead_ids, draws, seed, parsed = _checked("draw_outcomes", hand, dead, game, draws, seed, target)
    samples, max_exact = check_limits(samples, max_exact)
    thrown = _check_discard(ids, discard)
    return _draw(rules, ids, thrown, dead_ids, draws, parsed, samples, seed, max_exact, progress)


def _checked(
    what: str, hand: CardsLike, dead: CardsLike | None, game: str | Game, draws: object, seed: object, target: TargetLike
) -> tuple[Game, tuple[int, ...], tuple[int, ...], int, int | None, Target | None]:
    """The input both user-facing functions take, checked once: the game, the
    hand, the dead cards, the draws, the seed and the target (parsed, and
    defaulted when several draws are left)."""
    rules = get_game(game)
    ids = quick_ids(hand)
    if ids is None or len(ids) != rules.hand_size:  # the full checks, naming the problem
        ids = hand_ids(hand, (rules.hand_size,), f"{what} ({rules.name})")
    dead_ids = () if dead is None or (type(dead) is tuple and not dead) else check_dead([ids], dead)
    n_draws = check_draws(draws, 1)
    checked_seed = None if seed is None else check_seed(seed)  # (no call for the usual call)
    parsed = None if target is None else read_target(target, rules)
    if n_draws > 1 and parsed is None:
        parsed = default_target_of(rules)
    return rules, ids, dead_ids, n_draws, checked_seed, parsed


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
    """draw_outcomes on checked input (the target parsed and defaulted); the target's
    probability is counted in the same run."""
    plan = plan_draw(rules, ids, thrown, dead_ids, draws, target)
    n_samples = decide_samples(plan.outcomes, samples, max_exact)
    seed = resolve_seed(seed) if n_samples is not None else None
    badugi, low, hits, total = run_draw(plan, target, seed, n_samples, progress)
    return _outcomes(
        rules, ids, thrown, dead_ids, draws, target, n_samples is None, total, badugi, low, seed,
        hits if target is not None else None,
    )


def _outcomes(
    game: Game,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
    dead: tuple[int, ...],
    draws: int,
    target: Target | None,
    exact: bool,
    total: int,
    badugi: Counts | None,
    low: Counts | None,
    seed: int | None,
    target_hits: int | None,
) -> DrawOutcomes:
    """A :class:`DrawOutcomes` of checked fields, in their order: its frozen
    ``__init__`` would check and set them one by one through ``object.__setattr__``.  They
    are stored in its ``__dict__`` one at a time (an ``update`` of keyword arguments
    would build a second dict)."""
    out = object.__new__(DrawOutcomes)
    fields = out.__dict__
    fields["game"] = game
    fields["hand"] = hand
    fields["discard"] = discard
    fields["dead"] = dead
    fields["draws"] = draws
    fields["target"] = target
    fields["exact"] = exact
    fields["total"] = total
    fields["badugi"] = badugi
    fields["low"] = low
    fields["seed"] = seed
    fields["_target_hits"] = target_hits
    return out


# ---- best discards ----------------------------------------------------------

Objective = Literal["target", "badugi", "low", "expected"]


@dataclass(frozen=True)
class DiscardScores:
    """How one way to draw scores: the fields that a :class:`DiscardOption` and
    a discard chart's :class:`~badeucey_fast.jobs.ChartOption` share (each adds
    its own: the outcomes, or whether the option was exact)."""

    discard: tuple[int, ...]
    keep: tuple[int, ...]
    probability: float | None
    """Probability of making the target (None when no target was given)."""
    mean_rank: dict[Half, float]
    """Expected final rank per half (lower is better)."""
    score: float
    """What the options are ranked by: lower is better (a probability is negated)."""

    def __repr__(self) -> str:
        means = ", ".join(f"{h} {m:.1f}" for h, m in self.mean_rank.items())
        p = "" if self.probability is None else f", P(target) {self.probability:.4f}"
        return f"<{type(self).__name__} throw {format_cards(self.discard) or '(pat)'!r}{p}, mean rank {means}>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the fields both kinds of option share."""
        return {
            "discard": format_cards(self.discard),
            "keep": format_cards(self.keep),
            "probability": self.probability,
            "mean_rank": dict(self.mean_rank),
        }


@dataclass(frozen=True, repr=False)
class DiscardOption(DiscardScores):
    """One way to draw, with how it scores."""

    outcomes: DrawOutcomes

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {**super().to_dict(), "exact": self.outcomes.exact}


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

    Options with the same score come in the order of the number of cards
    thrown (fewer first), then of the discard's card ids sorted ascending (card
    id = 4 * rank index + suit, :func:`~badeucey_fast.parse_cards`), so the
    order never depends on the order the hand's cards were given in.  Each
    ``discard`` keeps the hand's order.
    Sampled options share one seed, so their differences are not noise from
    separate streams.  ``samples`` and ``max_exact`` apply to each option, with
    the bounds of :func:`draw_outcomes`.

    :raises ValueError: for an unknown objective, ``"target"`` without a
        target, or the errors of :func:`draw_outcomes`.
    :raises KeyboardInterrupt: on Ctrl-C, within a fraction of a second.

    >>> from badeucey_fast import best_discards, format_cards
    >>> best = best_discards("As 2c 3d Ks", game="badugi", target="badugi")
    >>> format_cards(best[0].discard), round(best[0].probability, 4)
    ('Ks', 0.2083)
    """
    rules, ids, dead_ids, draws, seed, parsed = _checked("best_discards", hand, dead, game, draws, seed, target)
    samples, max_exact = check_limits(samples, max_exact)
    if objective is None:
        objective = "target" if parsed is not None else "expected"
    if objective not in ("target", "badugi", "low", "expected"):
        raise ValueError(f"unknown objective {objective!r} (target, badugi, low or expected)")
    if objective == "target" and parsed is None:
        raise ValueError("objective 'target' needs a target")
    if objective in ("badugi", "low") and objective not in rules.halves:
        raise ValueError(f"game {rules.name!r} has no {objective} half")
    seed = resolve_seed(seed)  # once: every sampled option shares it (an exact one reports none)
    if draws == 1 and not dead_ids and samples is None and math.comb(DECK_SIZE - len(ids), len(ids)) <= max_exact:
        options = _shared_options(rules, ids, parsed, objective)  # exact: the same counts, shared work
        if progress is not None:
            progress(1.0)
    else:
        subsets = [s for n in range(len(ids) + 1) for s in itertools.combinations(ids, n)]
        results = _each_outcomes(rules, ids, subsets, dead_ids, draws, parsed, samples, seed, max_exact, progress)
        halves = rules.halves
        scales = [rules.scale(h) for h in halves]
        options = []
        for thrown, out in zip(subsets, results):
            means = {half: out.mean_rank(half) for half in halves}
            probability = None if parsed is None else out.probability(parsed)
            options.append(DiscardOption(thrown, out.kept, probability, means,
                                         _score(objective, probability, means, halves, scales), out))
    options.sort(key=lambda o: (o.score, len(o.discard), sorted(o.discard)))  # not the order the hand was typed in
    return options


def _each_outcomes(
    rules: Game,
    ids: tuple[int, ...],
    subsets: list[tuple[int, ...]],
    dead_ids: tuple[int, ...],
    draws: int,
    target: Target | None,
    samples: int | None,
    seed: int,
    max_exact: int,
    progress: Progress | None,
) -> list[DrawOutcomes]:
    """Each discard's draws, one run each (any draws, dead cards, sampling)."""
    results = []
    for i, thrown in enumerate(subsets):
        results.append(_draw(rules, ids, thrown, dead_ids, draws, target, samples, seed, max_exact, None))
        if progress is not None:
            progress((i + 1) / len(subsets))
    return results


def _shared_options(
    rules: Game, ids: tuple[int, ...], target: Target | None, objective: Objective
) -> list[DiscardOption]:
    """Every discard option's exact one-draw outcomes, no dead cards, in one C
    pass (:func:`~badeucey_fast._runs.option_counts`): the counts, hits and rank
    sums of every option at once, by inclusion and exclusion over the hands
    holding each subset of the hand; each option's result equals its own
    :func:`draw_outcomes` run.  The scores, probabilities and means of every
    option come from one numpy pass over the integer figures
    (:func:`~badeucey_fast._runs.scores_of_figures`, as a chart's do): each
    is the float the option's own counts give, since the integers are below
    2**53."""
    table, sums = option_counts(rules, ids, target)
    figures = _numpy().hstack((sums, table[:, -2:]))  # rank sums, hits, total: as option_figures lays them out
    scores, probabilities, means = scores_of_figures(rules, figures, target is not None, objective)
    n = len(ids)
    fields = game_fields(rules)
    n_badugi, n_low = fields.badugi_bins, fields.low_bins
    tails = table[:, -2:].tolist()
    score_list, mean_rows = scores.tolist(), means.tolist()
    probability_list = probabilities.tolist() if probabilities is not None else None
    halves = rules.halves
    full = (1 << n) - 1
    arrays = result_arrays(n_badugi + n_low, 1 << n)
    options = []
    for (thrown_mask, thrown_positions, kept_positions), counts in zip(_subsets(n), arrays):
        kept_mask = full ^ thrown_mask
        thrown = tuple([ids[p] for p in thrown_positions])
        hits, total = tails[kept_mask]
        counts.flags.writeable = True  # (no result holds it: result_arrays)
        counts[:] = table[kept_mask, : n_badugi + n_low]  # the option's own, as draw_outcomes gives it:
        counts.flags.writeable = False  # read-only views of one array
        out = _outcomes(rules, ids, thrown, (), 1, target, True, total,
                        counts[:n_badugi] if n_badugi else None, counts[n_badugi:] if n_low else None, None,
                        hits if target is not None else None)
        option = object.__new__(DiscardOption)  # the frozen __init__ would set each field through object.__setattr__
        option.__dict__.update(
            discard=thrown, keep=tuple([ids[p] for p in kept_positions]),
            probability=None if probability_list is None else probability_list[thrown_mask],
            mean_rank=dict(zip(halves, mean_rows[thrown_mask])), score=score_list[thrown_mask], outcomes=out,
        )
        options.append(option)
    return options


@functools.cache
def _subsets(n: int) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """Every subset of n positions as (its bit mask, its positions, the other
    positions), by size then in ``itertools.combinations`` order: the order
    of the options before they are sorted."""
    return tuple(
        (sum(1 << p for p in positions), positions, tuple(p for p in range(n) if p not in positions))
        for size in range(n + 1)
        for positions in itertools.combinations(range(n), size)
    )


def _numpy() -> Any:
    """numpy (imported on first use: import time)."""
    import numpy

    return numpy


def _score(
    objective: Objective, probability: float | None, means: dict[Half, float], halves: tuple[Half, ...],
    scales: list[int],
) -> float:
    """What an option is ranked by (lower is better) under an objective."""
    if objective == "target":
        assert probability is not None
        return -probability
    if objective == "expected":
        return sum(means[h] / scale for h, scale in zip(halves, scales)) / len(halves)
    return means[objective]
