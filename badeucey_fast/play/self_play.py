"""Self-play in C: whole hands played by the C core's built-in policies.

:func:`selfplay` plays the built-in policies against each other, every hand in
C (``bdc_selfplay``): deal, bets, draws and showdown, with no Python per
action.  The policies, by name (:data:`POLICIES`):

- ``"random"``: the rule of :class:`~badeucey_fast.play.bots.RandomBot`
  (uniformly fold when facing a bet, check/call or bet/raise, a raise to a
  uniform whole amount; in a draw each card thrown with probability 1/2);
- ``"calling"``: the rule of :class:`~badeucey_fast.play.bots.CallingBot`
  (always checks or calls, always stands pat);
- ``"drawing"``: the rule of :class:`~badeucey_fast.play.bots.DrawingBot` with
  its default settings, on exact percentile tables (every hand of the game's
  size enumerated, where the Python bot estimates them from random hands) and
  the C core's own generator for its 64 sample draws: the same rule, not the
  same decisions in every close case.

The result is a :class:`~badeucey_fast.play.matches.MatchResult`, as
:func:`~badeucey_fast.play.matches.play_match` gives, whose bots are the
policies' names.

>>> from badeucey_fast.play import selfplay
>>> result = selfplay("badugi", ["random", "calling"], 1000, seed=1)
>>> result.hands, result.per_deal.shape, abs(sum(result.mbb_per_hand)) < 1e-6
(1000, (500, 2), True)
>>> selfplay("badugi", ["random", "folding"], 10, seed=1)
Traceback (most recent call last):
...
ValueError: policies: unknown policy 'folding' (known: random, calling, drawing)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, overload

from badeucey_fast._checks import check_count, check_int, check_seed
from badeucey_fast._jobrun import EvenChunks, InlineExecutor, JobProgress, run_chunks
from badeucey_fast.games import Game, get_game
from badeucey_fast.play._tally import check_memory, chunk_sums, combine, mbb_per_chip
from badeucey_fast.play.match_result import MatchResult
from badeucey_fast.play.rules import TableRules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["POLICIES", "SELFPLAY_CHUNK_DEALS", "selfplay"]

POLICIES = ("random", "calling", "drawing")
"""The built-in policies of :func:`selfplay`, by name."""

SELFPLAY_CHUNK_DEALS = 8192
"""Deals per chunk of self-play: the unit of parallel work (large, as a deal
takes microseconds in C).  A deal's result depends on the seed and the deal's
number only, so the per-deal results do not depend on the chunks."""

_Payload = tuple[TableRules, tuple[int, ...], tuple[str, ...], int, int, int, bool, bool, str]
"""rules, stacks, policies, C seed, first deal, deals, duplicate, keep_deals, dealing."""


class _Chunks(Sequence[_Payload]):
    """The payloads of the chunks, made when asked."""

    def __init__(self, rules: TableRules, stacks: tuple[int, ...], policies: tuple[str, ...], c_seed: int,
                 deals: int, duplicate: bool, keep_deals: bool, chunk_deals: int, dealing: str) -> None:
        self.rules, self.stacks, self.policies, self.c_seed = rules, stacks, policies, c_seed
        self.deals, self.duplicate, self.keep_deals, self.chunk_deals = deals, duplicate, keep_deals, chunk_deals
        self.dealing = dealing

    def __len__(self) -> int:
        return -(-self.deals // self.chunk_deals)

    @overload
    def __getitem__(self, index: int) -> _Payload: ...
    @overload
    def __getitem__(self, index: slice) -> list[_Payload]: ...
    def __getitem__(self, index: int | slice) -> _Payload | list[_Payload]:
        if isinstance(index, slice):
            return [self[c] for c in range(len(self))[index]]
        c = range(len(self))[index]  # IndexError past the end
        first = c * self.chunk_deals
        return (self.rules, self.stacks, self.policies, self.c_seed, first, min(self.chunk_deals, self.deals - first),
                self.duplicate, self.keep_deals, self.dealing)


def _selfplay_chunk(chunk: int, seeds: np.random.SeedSequence | None, payload: _Payload) -> dict[str, npt.NDArray[Any]]:
    """One chunk of self-play, as the job runner runs it: its deals played in C,
    returned as running sums of the deals' mbb per hand (as a match's chunk)."""

    from badeucey_fast._native.table import selfplay as c_selfplay

    rules, stacks, policies, c_seed, first, deals, duplicate, keep_deals, dealing = payload
    won = c_selfplay(rules, stacks, policies, deals, c_seed, first_deal=first, duplicate=duplicate, dealing=dealing)
    rotations = len(stacks) if duplicate else 1
    out = won * mbb_per_chip(rules.big_blind, rotations)
    return chunk_sums(out, keep_deals)


def run_selfplay(
    names: tuple[str, ...], rules: TableRules, stacks: tuple[int, ...], policies: tuple[str, ...], deals: int,
    duplicate: bool, seed: int, *, executor: Executor | None, progress: Callable[[JobProgress], None] | None,
    checkpoint: str | os.PathLike[str] | None, keep_deals: bool, job: dict[str, Any], dealing: str,
) -> MatchResult:
    """Play checked settings in C on the job runner (for :func:`selfplay` and
    :func:`~badeucey_fast.play.matches.play_match`): ``seed`` gives the C core's
    seed, every deal's randomness follows from it and the deal's number;
    ``dealing`` is one of :data:`~badeucey_fast._native.table.DEALINGS`
    (``"drawn"`` for :func:`selfplay`, ``"shuffled"`` for a match)."""
    import numpy as np

    n = len(stacks)
    rotations = n if duplicate else 1
    if keep_deals:
        check_memory(deals, n, deals * rotations)
    c_seed = int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])
    chunk_deals = SELFPLAY_CHUNK_DEALS
    payloads = _Chunks(rules, stacks, policies, c_seed, deals, duplicate, keep_deals, chunk_deals, dealing)
    if executor is None and len(payloads) == 1:
        executor = InlineExecutor()
    job = {**job, "engine": "c", "chunk_deals": chunk_deals}
    results = run_chunks(_selfplay_chunk, payloads, EvenChunks(deals, chunk_deals, rotations), job=job, seed=seed,
                         executor=executor, checkpoint=checkpoint, progress=progress, unit="hands")
    per_deal = np.concatenate([r["per_deal"] for r in results]) if keep_deals else np.zeros((0, n))
    per_deal.flags.writeable = False
    played, mean, ci = combine(results, n)
    return MatchResult(bots=names, game=get_game(rules.game).name, hands=deals * rotations, deals=played,
                       duplicate=duplicate, seed=seed, mbb_per_hand=mean, ci95=ci, per_deal=per_deal)


def selfplay(
    game_or_rules: str | Game | TableRules,
    policies: Sequence[str],
    hands: int,
    seed: int | None = None,
    *,
    stacks: int | Sequence[int] = 200,
    duplicate: bool = True,
    executor: Executor | None = None,
    progress: Callable[[JobProgress], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    keep_deals: bool = True,
) -> MatchResult:
    """Play the built-in policies against each other, every hand in C.

    Policy ``i`` sits in seat ``i``; the button moves one seat every deal and
    every hand starts from ``stacks`` again.  With ``duplicate`` every deal is
    played once per seat, rotated so each policy holds each seat's cards once
    (``hands`` is rounded up to a whole number of deals), as in
    :func:`~badeucey_fast.play.matches.play_match`.

    **Seeds and executors.**  Every deal's cards and every policy's random
    choices follow from ``seed`` and the deal's number alone, so a seed gives
    the same per-deal results whatever runs the chunks, however many workers
    it has, and however the deals are cut into chunks (of
    :data:`SELFPLAY_CHUNK_DEALS`); the means and intervals are combined from the
    chunks in order, bit-identical on any executor.  ``executor`` is any
    :class:`concurrent.futures.Executor` (None: a process pool over all local
    cores; a single chunk runs in the calling process).  Each card is drawn
    from the stub as it is dealt (no deck shuffled whole), from a stream of
    the seed in which every deal has words of its own.  The same seed in
    :func:`~badeucey_fast.play.matches.play_match` deals other cards, with the
    Python bots and with the built-in bots played in C (whose deals stay
    those of earlier versions: each deal's whole deck shuffled).

    :param game_or_rules: a game's name, a :class:`~badeucey_fast.games.Game`
        (played at ``TableRules(game)``) or a :class:`TableRules`.
    :param policies: 2..8 policy names (10 for Badugi), one per seat: ``"random"``,
        ``"calling"``, ``"drawing"`` (see the module).
    :param hands: hands to play, at least 1.
    :param seed: makes the run reproducible (None: drawn at random and reported
        in the result).
    :param stacks: every seat's starting stack, or one per seat (with
        ``duplicate``, all equal).
    :param duplicate: play every deal once per rotation of the policies.
    :param executor: runs the chunks (see above).
    :param progress: called with a :class:`~badeucey_fast.jobs.JobProgress`
        (unit ``"hands"``) at the start and after each chunk.
    :param checkpoint: a file that keeps finished chunks (a seed is needed).
    :param keep_deals: keep each deal's result in ``MatchResult.per_deal``.
    :returns: a :class:`~badeucey_fast.play.matches.MatchResult`: ``per_deal``
        each deal's result per policy in mbb per hand (read-only), the means
        and 95% intervals per policy.
    :raises TypeError: for a non-integer ``hands``, ``seed`` or stack, or
        ``policies`` or ``game_or_rules`` of the wrong type.
    :raises ValueError: for an unknown policy, a number of seats the game does
        not allow, a bad count, seed or stack.
    """
    import numpy as np

    if isinstance(game_or_rules, TableRules):
        rules = game_or_rules
    elif isinstance(game_or_rules, (str, Game)):
        rules = TableRules(game_or_rules)
    else:
        raise TypeError(f"game_or_rules must be a game or a TableRules, not {type(game_or_rules).__name__}")
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence):
        raise TypeError("policies must be a sequence of policy names")
    names = tuple(policies)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"policies: a policy is a name, got {name!r}")
        if name not in POLICIES:
            raise ValueError(f"policies: unknown policy {name!r} (known: {', '.join(POLICIES)})")
    n = len(names)
    if not 2 <= n <= rules.max_seats:
        raise ValueError(f"policies: {get_game(rules.game).name} seats 2..{rules.max_seats}, got {n}")
    hands = check_count(hands, "hands")
    seat_stacks = _check_stacks(stacks, n, duplicate)
    checked_seed = check_seed(seed)
    if checkpoint is not None and checked_seed is None:
        raise ValueError("a self-play run with a checkpoint needs a seed (the checkpoint resumes that run)")
    entropy = int(np.random.SeedSequence().entropy) % 2**63 if checked_seed is None else checked_seed  # type: ignore[arg-type]
    duplicate = bool(duplicate)
    deals = -(-hands // (n if duplicate else 1))
    rules_text = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    rules_text["game"] = get_game(rules.game).to_dict()
    job = {"job": "selfplay", "policies": list(names), "seed": entropy, "rules": rules_text,
           "stacks": list(seat_stacks), "deals": deals, "duplicate": duplicate, "per_deal": bool(keep_deals),
           "dealing": "drawn"}
    return run_selfplay(names, rules, seat_stacks, names, deals, duplicate, entropy, executor=executor,
                        progress=progress, checkpoint=checkpoint, keep_deals=bool(keep_deals), job=job,
                        dealing="drawn")


def _check_stacks(stacks: object, n: int, duplicate: bool) -> tuple[int, ...]:
    """Every seat's stack: one count for all, or one per seat (equal in duplicate play)."""
    from badeucey_fast._native.table import MAX_CHIPS

    if isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        out = tuple(check_int(s, "stacks", low=1, high=MAX_CHIPS) for s in stacks)
        if len(out) != n:
            raise ValueError(f"stacks: {len(out)} stacks for {n} seats")
        if duplicate and len(set(out)) > 1:
            raise ValueError("stacks: duplicate play needs equal stacks (a seat would keep its own stack on every seat)")
        return out
    return (check_int(stacks, "stacks", low=1, high=MAX_CHIPS),) * n
