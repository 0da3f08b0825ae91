"""Discard charts: every discard option of every starting hand, scored as
:func:`~badeucey_fast.draws.best_discards` scores it.

One row per canonical starting hand (see :mod:`badeucey_fast._canonical`);
its options are indexed by the subset of the canonical hand's cards they
throw (bit ``b`` of the option index = throw the ``b``-th card of the
ascending hand).  Any hand is looked up through its canonical form and its
options are given back in its own cards, ordered as ``best_discards`` orders
them for that hand.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields
from functools import cached_property
from typing import IO, TYPE_CHECKING, Any, cast

from badeucey_fast._canonical import (
    canonical,
    canonical_hands,
    canonical_masks,
    hand_mask_array,
    masks_to_hands,
    relabel,
)
from badeucey_fast._checks import check_seed
from badeucey_fast._cards import hand_ids
from badeucey_fast.cards import CardsLike, format_cards
from badeucey_fast._jobrun import ChunkResult, JobProgress, check_chunk_size, run_chunks
from badeucey_fast.draws import DiscardScores
from badeucey_fast.games import Game, get_game

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import numpy as np
    import numpy.typing as npt

    from badeucey_fast.draws import Objective, Target, TargetLike

FORMAT = "badeucey-fast discard chart 2"
DEFAULT_CHUNK_SIZE = {1: 32, 2: 2, 3: 2}
"""Hands a chunk, by draws: a chunk (32 one-draw hands, or two sampled hands with
more draws) is many times the task overhead of the local pool and of Dask
(docs/speed.rst, "Big jobs"), and small enough that a checkpoint loses little."""
DEFAULT_SEED = 0
"""The seed of a sampled chart (draws > 1) when none is given, so that charts are reproducible."""


@dataclass(frozen=True, repr=False)
class ChartOption(DiscardScores):
    """One discard option of a hand, as a :class:`DiscardChart` holds it: the
    fields of :class:`~badeucey_fast.draws.DiscardOption` without the outcomes
    (the probability is of making the chart's target)."""

    exact: bool
    """False when ``best_discards`` sampled this option (several draws)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {**super().to_dict(), "score": self.score, "exact": self.exact}


@dataclass(frozen=True)
class ChartSpec:
    """What one chart job computes (picklable: it travels with each chunk)."""

    game: Game
    draws: int
    target: Target | None
    objective: str


def chart_chunk(chunk: int, seeds: np.random.SeedSequence | None, payload: tuple[ChartSpec, Any]) -> ChunkResult:
    """One chunk of a chart: ``best_discards`` on each canonical hand of the chunk.

    Each hand of a sampled chart gets its own seed, the ``i``-th 64-bit word of
    the chunk's seed sequence's state.
    """
    import numpy as np

    from badeucey_fast.draws import best_discards

    spec, hands = payload
    n, size = hands.shape
    width = 1 << size
    halves = spec.game.halves
    score = np.empty((n, width), dtype=np.float64)
    probability = np.full((n, width), np.nan, dtype=np.float64)
    mean_rank = np.empty((n, width, len(halves)), dtype=np.float64)
    exact = np.empty((n, width), dtype=np.bool_)
    if spec.draws == 1:  # exact: every option of a hand scored at once, as best_discards scores them
        from badeucey_fast._runs import option_scores

        objective = cast("Objective", spec.objective)
        for i, row in enumerate(hands.tolist()):
            score[i], chances, mean_rank[i] = option_scores(spec.game, tuple(row), spec.target, objective)
            if chances is not None:
                probability[i] = chances
        exact[:] = True
        return {"score": score, "probability": probability, "mean_rank": mean_rank, "exact": exact}
    hand_seeds = seeds.generate_state(n, np.uint64).tolist() if seeds is not None else [None] * n
    for i, row in enumerate(hands.tolist()):
        ids = tuple(row)
        position = {card: bit for bit, card in enumerate(ids)}
        options = best_discards(ids, game=spec.game, target=spec.target, objective=cast("Objective", spec.objective),
                                draws=spec.draws, seed=hand_seeds[i])
        if len(options) != width:  # pragma: no cover - best_discards lists every subset
            raise RuntimeError(f"best_discards gave {len(options)} options for {format_cards(ids)}, not {width}")
        for option in options:
            j = sum(1 << position[c] for c in option.discard)
            score[i, j] = option.score
            if option.probability is not None:
                probability[i, j] = option.probability
            mean_rank[i, j] = [option.mean_rank[h] for h in halves]
            exact[i, j] = option.outcomes.exact
    return {"score": score, "probability": probability, "mean_rank": mean_rank, "exact": exact}


def _tie_order(size: int) -> list[int]:
    """Option indices in best_discards' tie order for an ascending hand: fewer
    cards thrown first, then the lower cards (compared as tuples)."""
    return sorted(range(1 << size), key=lambda j: (j.bit_count(), [b for b in range(size) if j >> b & 1]))


class DiscardChart:
    """Every discard option of a set of starting hands, one row per canonical
    hand (suit permutations share a row).

    ``len(chart)`` is the number of rows; :meth:`lookup` gives any hand's
    options in its own cards, best first; :meth:`save` / :meth:`load` keep it
    in a compressed ``.npz`` file.  A chart is immutable (its arrays are read-only).
    """

    def __init__(
        self,
        *,
        game: Game,
        draws: int,
        target: Target | None,
        objective: str,
        seed: int | None,
        chunk_size: int,
        version: str,
        hands: npt.NDArray[np.uint8],
        score: npt.NDArray[np.float64],
        probability: npt.NDArray[np.float64] | None,
        mean_rank: npt.NDArray[np.float64],
        exact: npt.NDArray[np.bool_],
    ) -> None:
        self.game = game
        self.draws = draws
        self.target = target
        self.objective = objective
        self.seed = seed
        """The seed of the sampled options (draws > 1); None for an exact chart."""
        self.chunk_size = chunk_size
        self.version = version
        """The package version that computed the chart."""
        for array in (hands, score, probability, mean_rank, exact):
            if array is not None:
                array.flags.writeable = False
        self.hands = hands
        """The canonical hands, one row each (ascending ids), in increasing order of card mask."""
        self.score = score
        self.probability = probability
        self.mean_rank = mean_rank
        self.exact = exact

    @cached_property
    def _masks(self) -> npt.NDArray[np.uint64]:
        return hand_mask_array(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    def __eq__(self, other: object) -> bool:
        """Charts are equal when they were computed alike and hold the same figures (NaN equal to NaN)."""
        if not isinstance(other, DiscardChart):
            return NotImplemented
        import numpy as np

        same = (self.game, self.draws, self.target, self.objective, self.seed, self.chunk_size, self.version) == (
            other.game, other.draws, other.target, other.objective, other.seed, other.chunk_size, other.version)
        arrays = ("hands", "score", "probability", "mean_rank", "exact")
        return same and all(
            (getattr(self, a) is None and getattr(other, a) is None)
            or (getattr(self, a) is not None and getattr(other, a) is not None
                and np.array_equal(getattr(self, a), getattr(other, a), equal_nan=a in ("score", "probability", "mean_rank")))
            for a in arrays
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        target = "" if self.target is None else f", target={self.target.describe(self.game)!r}"
        return f"<DiscardChart {self.game.name}, {self.draws} draw(s), {len(self):,} hands, {self.objective}{target}>"

    def _row(self, canon: tuple[int, ...]) -> int:
        import numpy as np

        mask = sum(1 << c for c in canon)
        row = int(np.searchsorted(self._masks, np.uint64(mask)))
        if row >= len(self) or int(self._masks[row]) != mask:
            raise KeyError(f"the chart has no row for {format_cards(canon)} (canonical form of the hand)")
        return row

    def __contains__(self, cards: object) -> bool:
        try:
            self.lookup(cast("CardsLike", cards))
        except (KeyError, ValueError, TypeError):
            return False
        return True

    def lookup(self, cards: CardsLike) -> tuple[ChartOption, ...]:
        """Every discard option of a hand, best first, in the hand's own cards,
        ordered exactly as :func:`~badeucey_fast.draws.best_discards` orders
        them for the hand as given (ties: fewer cards thrown, then the lower
        card ids in the hand's order).

        :raises KeyError: when the chart has no row for the hand's class (a
            chart of some hands only).
        :raises ValueError: for a hand of the wrong size or bad cards.
        """
        ids = hand_ids(cards, (self.game.hand_size,), "DiscardChart.lookup")
        canon, perm = canonical(ids)
        row = self._row(canon)
        back = [0] * 4
        for suit, new in enumerate(perm):
            back[new] = suit
        originals = [relabel(c, tuple(back)) for c in canon]  # the hand's card at each canonical position
        halves = self.game.halves
        score = self.score[row].tolist()
        probability = None if self.probability is None else self.probability[row].tolist()
        means = self.mean_rank[row].tolist()
        exact = self.exact[row].tolist()
        options = []
        for j in range(1 << len(ids)):
            thrown = {originals[b] for b in range(len(ids)) if j >> b & 1}
            options.append(ChartOption(
                discard=tuple(c for c in ids if c in thrown),
                keep=tuple(c for c in ids if c not in thrown),
                probability=None if probability is None else probability[j],
                mean_rank=dict(zip(halves, means[j])),
                score=score[j],
                exact=exact[j],
            ))
        options.sort(key=lambda o: (o.score, len(o.discard), sorted(o.discard)))  # as best_discards
        return tuple(options)

    def best(self, cards: CardsLike) -> ChartOption:
        """The best discard option of a hand (the first of :meth:`lookup`)."""
        return self.lookup(cards)[0]

    # ---- tables --------------------------------------------------------------

    def _columns(self) -> list[str]:
        heads = ["hand", "choice", "discard", "keep", "score"]
        heads += ["probability"] if self.probability is not None else []
        return heads + [f"mean_{h}" for h in self.game.halves] + ["exact"]

    def _rows(self) -> Iterator[list[Any]]:
        """Every option of every row, each row's options in best_discards' order
        for its canonical hand."""
        import numpy as np

        size = self.game.hand_size
        tie = np.empty(1 << size, dtype=np.int64)
        tie[_tie_order(size)] = np.arange(1 << size)
        order = np.lexsort((np.broadcast_to(tie, self.score.shape), self.score), axis=1)
        for row, hand in enumerate(self.hands.tolist()):
            text = format_cards(hand)
            parts = {j: (format_cards([hand[b] for b in range(size) if j >> b & 1]),
                         format_cards([hand[b] for b in range(size) if not j >> b & 1])) for j in range(1 << size)}
            for choice, j in enumerate(order[row].tolist(), start=1):
                out = [text, choice, *parts[j], float(self.score[row, j])]
                if self.probability is not None:
                    out.append(float(self.probability[row, j]))
                out += [float(x) for x in self.mean_rank[row, j]]
                out.append(bool(self.exact[row, j]))
                yield out

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """Write one line per option (``hand, choice, discard, keep, score,
        [probability,] mean_<half>..., exact``), each canonical hand's options
        best first; floats are written in full (``repr``), so they read back exactly.
        The file is written beside ``path`` and renamed over it, as :meth:`save` does.

        :raises ValueError: for a path whose folder does not exist or cannot be
            written, or that is a folder, a symbolic link or a device.
        :raises OSError: when writing fails (a full device, ...).
        """
        from badeucey_fast._storage import atomic_write

        def write(f: IO[bytes]) -> None:
            text = io.TextIOWrapper(f, encoding="utf-8", newline="")
            writer = csv.writer(text)
            writer.writerow(self._columns())
            writer.writerows([repr(x) if isinstance(x, float) else x for x in row] for row in self._rows())
            text.flush()
            text.detach()  # the file stays open for atomic_write to sync and close

        atomic_write(path, write, "CSV file")

    def to_frame(self) -> Any:
        """The chart as a pandas DataFrame, the columns of :meth:`to_csv`.

        :raises ImportError: when pandas is not installed.
        """
        import importlib

        try:
            pd: Any = importlib.import_module("pandas")
        except ImportError:
            raise ImportError("DiscardChart.to_frame needs pandas: pip install pandas") from None
        return pd.DataFrame(list(self._rows()), columns=self._columns())

    # ---- files ---------------------------------------------------------------

    def _meta(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": {f.name: getattr(self.game, f.name) for f in fields(self.game)},
            "draws": self.draws,
            "target": None if self.target is None else [self.target.badugi, self.target.low],
            "objective": self.objective,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "version": self.version,
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the chart to ``path``: a compressed ``.npz`` holding the arrays
        and a manifest (the game, draws, target, objective, seed and package
        version, and a checksum of every array), written to a temporary file
        beside ``path`` and renamed over it.

        :raises ValueError: for a path whose folder does not exist or cannot be
            written, or that is a folder, a symbolic link or a device.
        :raises OSError: when writing fails (a full device, ...).
        """
        from badeucey_fast._storage import write_arrays

        arrays: dict[str, Any] = {
            "hands": self.hands,
            "score": self.score,
            "mean_rank": self.mean_rank,
            "exact": self.exact,
        }
        if self.probability is not None:
            arrays["probability"] = self.probability
        write_arrays(path, arrays, kind=FORMAT, meta=self._meta(), compress=True, what="chart file")

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        game: str | Game | None = None,
        draws: int | None = None,
        target: TargetLike = None,
        objective: str | None = None,
    ) -> DiscardChart:
        """Read a chart written by :meth:`save`.  Given ``game``, ``draws``,
        ``target`` or ``objective``, the file must hold a chart of those.

        :raises FileNotFoundError: for a file that does not exist (``filename``: the path).
        :raises ValueError: for a file that is not a chart, is damaged, or holds
            another game, number of draws, target or objective than asked for.
        """
        from badeucey_fast._runs import check_draws
        from badeucey_fast._storage import read_arrays
        from badeucey_fast.draws import Target, parse_target

        if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"DiscardChart.load: a file path is text or a path object, not {type(path).__name__}")
        where = f"chart file {os.fspath(path)}"
        meta, arrays = read_arrays(path, kind=FORMAT, where=where, unreadable=".npz file", legacy="meta")
        names = set(arrays)
        if not {"hands", "score", "mean_rank", "exact"} <= names <= {"hands", "score", "mean_rank", "exact", "probability"}:
            raise ValueError(f"{where}: damaged (it holds the arrays {sorted(names)})")
        try:
            if meta.get("format") != FORMAT:
                raise ValueError
            rules = Game(**meta["game"])
            stored_target = None if meta["target"] is None else Target(*meta["target"])
            chart = cls(
                game=rules, draws=check_draws(meta["draws"], 1), target=stored_target, objective=str(meta["objective"]),
                seed=check_seed(meta["seed"]), chunk_size=check_chunk_size(meta["chunk_size"]),
                version=str(meta["version"]),
                hands=arrays["hands"], score=arrays["score"], probability=arrays.get("probability"),
                mean_rank=arrays["mean_rank"], exact=arrays["exact"],
            )
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            why = str(exc) if isinstance(exc, (ValueError, TypeError)) and str(exc) else "game, draws, target, ..."
            raise ValueError(f"{where}: damaged (its description: {why})") from None
        chart._check(where)
        wanted: dict[str, object] = {}
        if game is not None:
            wanted["game"] = get_game(game)
        if draws is not None:
            wanted["draws"] = draws
        if target is not None:
            wanted["target"] = parse_target(target, chart.game)
        if objective is not None:
            wanted["objective"] = objective
        for name, value in wanted.items():
            if getattr(chart, name) != value:
                raise ValueError(f"{where}: holds a chart with {name} {getattr(chart, name)!r}, not {value!r}")
        return chart

    def _check(self, where: str) -> None:
        """The arrays agree with each other and with the game."""
        import numpy as np

        size = self.game.hand_size
        n, width, halves = len(self.hands), 1 << size, len(self.game.halves)
        shapes: list[tuple[str, Any, tuple[int, ...], Any]] = [
            ("hands", self.hands, (n, size), np.uint8),
            ("score", self.score, (n, width), np.float64),
            ("mean_rank", self.mean_rank, (n, width, halves), np.float64),
            ("exact", self.exact, (n, width), np.bool_),
        ]
        if self.probability is not None:
            shapes.append(("probability", self.probability, (n, width), np.float64))
        for name, array, shape, dtype in shapes:
            if array.shape != shape or array.dtype != dtype:
                raise ValueError(f"{where}: damaged ({name} is {array.dtype}{list(array.shape)}, not {np.dtype(dtype)}{list(shape)})")
        if (self.probability is None) != (self.target is None):
            raise ValueError(f"{where}: damaged (probabilities and target disagree)")
        if n and (self.hands.max() > 51 or not np.array_equal(canonical_masks(self.hands), self._masks)
                  or np.any(self._masks[1:] <= self._masks[:-1])):
            raise ValueError(f"{where}: damaged (hands that are not distinct canonical hands in order)")
        if not np.all(np.isfinite(self.score)) or not np.all(np.isfinite(self.mean_rank)):
            raise ValueError(f"{where}: damaged (scores that are not numbers)")
        if self.probability is not None and not np.all((self.probability >= 0) & (self.probability <= 1)):  # NaN fails
            raise ValueError(f"{where}: damaged (probabilities of the target outside 0 .. 1)")


# ---- building a chart -------------------------------------------------------------


def _canonical_rows(hands: Iterable[CardsLike] | None, size: int) -> npt.NDArray[np.uint8]:
    """The chart's rows: every canonical hand, or the distinct canonical forms
    of the hands given, in increasing order of card mask."""
    import numpy as np

    if hands is None:
        return canonical_hands(size)
    if isinstance(hands, (str, bytes)):
        raise TypeError("hands is a list of hands, not one text (wrap a single hand in a list)")
    ids = [hand_ids(h, (size,), f"discard_chart hands[{i}]") for i, h in enumerate(hands)]
    if not ids:
        raise ValueError("discard_chart: hands is empty")
    masks = np.unique(canonical_masks(np.array(ids, dtype=np.uint8)))
    return masks_to_hands(masks, size)


def _resolve(rules: Game, draws: int, target: TargetLike, objective: str | None) -> tuple[Target | None, str]:
    """The target and objective best_discards uses with these arguments."""
    from badeucey_fast._targets import default_target_of, read_target

    parsed = read_target(target, rules)
    if draws > 1 and parsed is None:
        parsed = default_target_of(rules)
    if objective is None:
        objective = "target" if parsed is not None else "expected"
    if objective not in ("target", "badugi", "low", "expected"):
        raise ValueError(f"unknown objective {objective!r} (target, badugi, low or expected)")
    if objective == "target" and parsed is None:
        raise ValueError("objective 'target' needs a target")
    if objective in ("badugi", "low") and objective not in rules.halves:
        raise ValueError(f"game {rules.name!r} has no {objective} half")
    return parsed, objective


def chart_settings(
    game: str | Game, draws: int, target: TargetLike, objective: str | None, seed: int | None, chunk_size: int | None
) -> tuple[Game, int, Target | None, str, int | None, int]:
    """The checked settings of a chart job, as :func:`discard_chart` takes them:
    the game, draws, target, objective, seed (None for one draw) and chunk size.
    Cheap, so that a command can refuse bad ones before any set-up.

    :raises ValueError: for bad settings.
    """
    from badeucey_fast._runs import check_draws

    rules = get_game(game)
    draws = check_draws(draws, 1)
    parsed, resolved = _resolve(rules, draws, target, objective)
    seed = check_seed(seed)  # checked even when one draw ignores it: the one contract of seeds
    if draws > 1:
        seed = DEFAULT_SEED if seed is None else seed
    else:
        seed = None
    size = check_chunk_size(DEFAULT_CHUNK_SIZE[draws] if chunk_size is None else chunk_size)
    return rules, draws, parsed, resolved, seed, size


def discard_chart(
    game: str | Game = "badeucey",
    *,
    draws: int = 1,
    target: TargetLike = None,
    objective: str | None = None,
    hands: Iterable[CardsLike] | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[JobProgress], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    seed: int | None = None,
) -> DiscardChart:
    """Score every discard option of every starting hand, exactly as
    :func:`~badeucey_fast.draws.best_discards` does (it is called on each
    canonical hand).

    :param game: a game name or :class:`~badeucey_fast.games.Game`.
    :param draws: draws left, 1..3 (one draw is exact; with more,
        ``best_discards`` samples the options with many outcomes).
    :param target: what to draw to, as for ``best_discards``.
    :param objective: how options are scored, as for ``best_discards``.
    :param hands: the starting hands to chart (their canonical forms; duplicates
        and suit permutations share a row); None for every starting hand
        (134,459 canonical five-card hands, 16,432 four-card ones).
    :param executor: any :class:`concurrent.futures.Executor` (e.g. from
        :func:`dask_executor`); None for a process pool over all local cores.
    :param chunk_size: hands a task (default :data:`DEFAULT_CHUNK_SIZE`; it
        never depends on the executor, so neither does the chart).
    :param progress: called with a :class:`~badeucey_fast.jobs.JobProgress` after each chunk.
    :param checkpoint: a file that keeps finished chunks; run again with the
        same arguments to resume.
    :param seed: the seed of a sampled chart (draws > 1; default
        :data:`DEFAULT_SEED`): chunk ``c`` draws from
        ``SeedSequence(seed, spawn_key=(c,))``.  Ignored for one draw (but
        checked: None or an integer in 0 .. 2**64 - 1, as everywhere).
    :return: a :class:`DiscardChart`.
    :raises ValueError: for bad arguments, a damaged checkpoint (its chunks are
        checked as a chart file's arrays are) or one of another job, or a
        checkpoint path that cannot be written (checked before any work).
    :raises ~badeucey_fast.jobs.JobError: when a chunk fails (finished chunks
        are kept in the checkpoint).
    """
    import numpy as np

    from badeucey_fast import __version__

    rules, draws, parsed, resolved, seed, size = chart_settings(game, draws, target, objective, seed, chunk_size)
    rows = _canonical_rows(hands, rules.hand_size)
    spec = ChartSpec(rules, draws, parsed, resolved)
    starts = range(0, len(rows), size)
    payloads = [(spec, np.ascontiguousarray(rows[s : s + size])) for s in starts]
    job = {
        "job": "discard_chart",
        "game": {f.name: getattr(rules, f.name) for f in fields(rules)},
        "draws": draws,
        "target": None if parsed is None else [parsed.badugi, parsed.low],
        "objective": resolved,
        "seed": seed,
        "chunk_size": size,
        "hands": hashlib.sha256(rows.tobytes()).hexdigest(),
        "version": __version__,
    }
    results = run_chunks(chart_chunk, payloads, [len(p[1]) for p in payloads], job=job, seed=seed,
                         executor=executor, checkpoint=checkpoint, progress=progress, unit="hands")

    def joined(name: str) -> Any:
        return np.concatenate([r[name] for r in results]) if results else np.zeros(0)

    chart = DiscardChart(
        game=rules, draws=draws, target=parsed, objective=resolved, seed=seed, chunk_size=size,
        version=__version__, hands=np.array(rows), score=joined("score"),
        probability=joined("probability") if parsed is not None else None,
        mean_rank=joined("mean_rank"), exact=joined("exact"),
    )
    if checkpoint is not None:  # chunks read back from a file: checked as a chart file is
        chart._check(f"checkpoint {os.fspath(checkpoint)}")
    return chart
