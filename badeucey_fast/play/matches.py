"""Bot matches: :func:`play_match` plays bots against each other, by default
in **duplicate** (every deal is replayed with the seats rotated, so each bot
holds each seat's cards once, and the luck of the cards largely cancels), and
reports a :class:`MatchResult`.

>>> from badeucey_fast.play import DrawingBot, RandomBot, play_match
>>> result = play_match([DrawingBot(), RandomBot()], hands=200, game="badugi", seed=1)
>>> result.hands, result.mbb_per_hand[0] > 0
(200, True)
"""

from __future__ import annotations

import copy
import dataclasses
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, overload

from badeucey_fast.play._tally import check_memory, chunk_sums, combine, mbb_per_chip
from badeucey_fast._checks import check_count, check_int, check_seed
from badeucey_fast._jobrun import EvenChunks, InlineExecutor, JobError, JobProgress, run_chunks
from badeucey_fast.games import Game, get_game
from badeucey_fast.play.bots import Bot, bot_name
from badeucey_fast._native.table import MAX_CHIPS
from badeucey_fast.play.hand import Hand
from badeucey_fast.play.match_result import MatchResult
from badeucey_fast.play.rules import TableRules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CHUNK_DEALS", "ENGINES", "IllegalActionError", "MatchResult", "play_match", "play_one_hand", "unique_names"]

CHUNK_DEALS = 256
"""Deals per chunk of a match: the unit of randomness and of parallel work.
Fixed, so a seed gives the same result whatever runs the chunks."""


def _check_bots(bots: object) -> list[Bot]:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError("bots must be a sequence of bots")
    out = list(bots)
    for i, bot in enumerate(out):
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"bot {i} ({bot!r}) has no act(view) method")
    return out


_MatchPayload = tuple[list[Bot], TableRules, tuple[int, ...], int, int, bool, bool, "_HandFiles | None"]
"""bots, rules, stacks, first deal, deals, duplicate, keep_deals, where the hands go."""


@dataclasses.dataclass(frozen=True)
class _HandFiles:
    """Where a match writes its hands (``phh_out``) and the bots' names there."""

    folder: str
    names: tuple[str, ...]


class _MatchChunks(Sequence[_MatchPayload]):
    """The payloads of a match's chunks, made when asked: a match of any length
    holds none of them for long."""

    def __init__(self, players: list[Bot], rules: TableRules, stacks: tuple[int, ...], deals: int,
                 duplicate: bool, keep_deals: bool, files: _HandFiles | None = None) -> None:
        self.players, self.rules, self.stacks, self.deals = players, rules, stacks, deals
        self.duplicate, self.keep_deals, self.files = duplicate, keep_deals, files

    def __len__(self) -> int:
        return -(-self.deals // CHUNK_DEALS)

    @overload
    def __getitem__(self, index: int) -> _MatchPayload: ...
    @overload
    def __getitem__(self, index: slice) -> list[_MatchPayload]: ...
    def __getitem__(self, index: int | slice) -> _MatchPayload | list[_MatchPayload]:
        if isinstance(index, slice):
            return [self[c] for c in range(len(self))[index]]
        c = range(len(self))[index]  # IndexError past the end
        first = c * CHUNK_DEALS
        count = min(CHUNK_DEALS, self.deals - first)
        return (self.players, self.rules, self.stacks, first, count, self.duplicate, self.keep_deals, self.files)


def chunk_randomness(seeds: np.random.SeedSequence, deals: int, bots: int) -> tuple[list[int], list[list[int]], list[int]]:
    """What a chunk of a match draws from its seed sequence, in this order: each
    bot's ``reset`` seed, then each deal's deck order (the 52 card ids, dealt
    from the front) and stub seed (the reshuffles of the stub).  The one source
    of a match's cards, so that the arena (:mod:`badeucey_fast.web.match`) deals
    what :func:`play_match` deals for the same seed."""
    import numpy as np

    deck_seq, bot_seq = seeds.spawn(2)
    bot_seeds = [int(s) for s in bot_seq.generate_state(bots, np.uint64)]
    rng = np.random.default_rng(deck_seq)
    decks: list[list[int]] = np.argsort(rng.random((deals, 52)), axis=1).tolist()
    stub_seeds: list[int] = rng.integers(0, 2**63, size=deals).tolist()
    return bot_seeds, decks, stub_seeds


def ready_bot(bot: Bot, seed: int, rules: TableRules) -> None:
    """A bot seated for a chunk of a match: seeded with its seed of
    :func:`chunk_randomness`, then told the table's rules (each where the bot
    has the method, ``reset`` and ``set_rules``).  The arena
    (:mod:`badeucey_fast.web.match`) readies its bot with it too."""
    reset = getattr(bot, "reset", None)
    if reset is not None:
        reset(seed)
    set_rules = getattr(bot, "set_rules", None)
    if set_rules is not None:
        set_rules(rules)


def _match_chunk(
    chunk: int, seeds: np.random.SeedSequence | None, payload: _MatchPayload,
) -> dict[str, npt.NDArray[Any]]:
    """One chunk of a match, as :func:`~badeucey_fast.jobs.run_chunks` runs it:
    deals ``first``..``first + deals - 1``, their decks, stub seeds and bot seeds
    drawn from the chunk's seed sequence.  Returns the chunk's running sums per
    bot, of the deals' mbb per hand: ``deals`` (1,), ``total`` (1, bots) and
    ``m2`` (1, bots), the sum of squared deviations from the chunk's mean; and,
    when kept, ``per_deal`` (deals, bots).  With hand files, each hand is
    written as PHH, numbered from 1 in the order played (deal by deal, each
    deal's rotations in turn)."""
    import numpy as np

    bots, rules, stacks, first, deals, duplicate, keep_deals, files = payload
    assert seeds is not None  # a match always has a seed
    bots = copy.deepcopy(bots)  # each chunk its own bots, whatever runs it (threads share objects)
    n = len(bots)
    bot_seeds, decks, stub_seeds = chunk_randomness(seeds, deals, n)
    observers = [getattr(bot, "observe", None) for bot in bots]
    for bot, s in zip(bots, bot_seeds, strict=True):
        ready_bot(bot, int(s), rules)
    rotations = n if duplicate else 1
    scale = mbb_per_chip(rules.big_blind, rotations)
    out = np.empty((deals, n), dtype=np.float64)
    for d in range(deals):
        button = (first + d) % n
        total = [0.0] * n
        for r in range(rotations):
            seat_bot = [(s + r) % n for s in range(n)]  # rotation r: seat s is played by bot (s + r) % n
            # (random.Random: the stub's reshuffles a stub seed has always dealt, not seeded_generator's)
            hand = Hand(rules, stacks, button=button, deck=decks[d], seed=random.Random(stub_seeds[d]))
            _play_out(hand, bots, seat_bot)
            payoffs = hand.payoffs
            assert payoffs is not None
            if files is not None:
                from badeucey_fast.play.phh import save

                save(hand, files.folder, (first + d) * rotations + r + 1, [files.names[b] for b in seat_bot])
            for s in range(n):
                total[seat_bot[s]] += payoffs[s]
                observe = observers[seat_bot[s]]
                if observe is not None:
                    observe(hand.view(s))
        out[d] = [t * scale for t in total]
    return chunk_sums(out, keep_deals)


def _play_out(hand: Hand, bots: Sequence[Bot], seat_bot: Sequence[int]) -> None:
    """Play the hand to its end, seat ``s`` by ``bots[seat_bot[s]]``."""
    while (seat := hand.to_act) is not None:
        b = seat_bot[seat]
        action = bots[b].act(hand.view(seat))
        try:
            hand.act(action)
        except ValueError as exc:
            raise IllegalActionError(f"bot {b} ({bots[b]!r}) played an illegal action {action!r}: {exc}") from None


def play_one_hand(bots: Sequence[Bot], rules: TableRules, stacks: Sequence[int], *, button: int = 0,
                  seed: int | None = None) -> Hand:
    """One hand played to its end by ``bots``, bot ``i`` in seat ``i``: a hand
    to watch (``badeucey deal --bots``).  ``seed`` deals the cards and seeds
    each bot that has a ``reset`` (the same seed, the same hand).

    :raises ValueError: for a seat count the game does not seat, or a bot's
        illegal action (:class:`IllegalActionError`, naming the bot).

    >>> from badeucey_fast.play import CallingBot, DrawingBot, TableRules
    >>> from badeucey_fast.play.matches import play_one_hand
    >>> hand = play_one_hand([DrawingBot(), CallingBot()], TableRules("badugi"), [40, 40], seed=5)
    >>> hand.phase, sum(hand.payoffs)
    ('over', 0)
    >>> play_one_hand([CallingBot()], TableRules("badugi"), [40])
    Traceback (most recent call last):
    ...
    ValueError: badugi seats 2..10 bots, got 1
    """
    players = _check_bots(bots)
    if not 2 <= len(players) <= rules.max_seats:
        raise ValueError(f"{get_game(rules.game).name} seats 2..{rules.max_seats} bots, got {len(players)}")
    rng = random.Random(check_seed(seed))
    for bot in players:
        getattr(bot, "set_rules", lambda r: None)(rules)
        getattr(bot, "reset", lambda s: None)(rng.getrandbits(63))
    hand = Hand(rules, stacks, button=button, seed=rng.getrandbits(63))
    _play_out(hand, players, range(len(players)))
    return hand


class IllegalActionError(ValueError):
    """A bot played an action that is not legal in its view (the message names the bot)."""


def play_match(
    bots: Sequence[Bot],
    *,
    hands: int,
    game: str | Game = "badeucey",
    rules: TableRules | None = None,
    stacks: int | Sequence[int] = 200,
    seed: int | None = None,
    duplicate: bool = True,
    executor: Executor | None = None,
    progress: Callable[[JobProgress], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    keep_deals: bool = True,
    engine: str = "auto",
    phh_out: str | os.PathLike[str] | None = None,
    phh_players: Sequence[str] | None = None,
) -> MatchResult:
    """Play ``bots`` against each other and measure who wins, in mbb per hand.

    Bot ``i`` sits in seat ``i``; the button moves one seat every deal, and
    every hand starts from ``stacks`` again.  With ``duplicate`` every deal
    (the same deck order and the same reshuffles of the stub) is played once
    per seat, rotated so each bot holds each seat's cards once; ``hands`` is
    then rounded up to a whole number of deals.

    **Chunks and executors.**  The deals are split into chunks of
    :data:`CHUNK_DEALS` and run by :func:`~badeucey_fast.jobs.run_chunks`, the
    runner of every big job: chunk ``c`` takes its decks, stub seeds and bot
    seeds (``reset(seed)``) from ``numpy.random.SeedSequence(seed,
    spawn_key=(c,))``, each chunk plays its own copies of the bots, and the
    chunks' results are combined in order, so a seed gives the **same result,
    bit for bit, whatever executor runs the chunks and however many workers it
    has**.  ``executor`` is any :class:`concurrent.futures.Executor`
    (:func:`~badeucey_fast.jobs.dask_executor` for a Dask cluster,
    :class:`~badeucey_fast.jobs.InlineExecutor` for the calling process); the
    bots must then be picklable, and a bot's randomness must come from
    ``reset``.  ``executor=None`` is the default of every big job: a process
    pool over all local cores, started and stopped by the call; a match of a
    single chunk (up to :data:`CHUNK_DEALS` deals) has nothing to share out and
    runs in the calling process.

    **Long matches.**  A match keeps running sums per chunk, not each deal, so
    it takes the same memory however long it is, except for ``per_deal``
    (8 bytes a deal and bot; ``keep_deals=False`` keeps none, and a match whose
    ``per_deal`` would not fit in the machine's memory is refused).  With
    ``checkpoint=path`` finished chunks are kept in a file and skipped when the
    same match (same bots, settings, hands and seed) is played again: a killed or
    interrupted match resumes, bit for bit.  Ctrl-C raises
    :class:`~badeucey_fast.jobs.JobInterrupted` once the finished chunks are saved.

    **What bots see.**  A bot acts on its seat's view
    (:class:`~badeucey_fast.play.view.HandView`); a bot with an ``observe``
    method is called with its seat's view of every finished hand it played (the
    hands shown at the showdown among ``view.events``, ``view.payoffs``).
    Results call each bot by :func:`~badeucey_fast.play.bots.bot_name`.

    **Built-in bots play in C.**  When every bot is a
    :class:`~badeucey_fast.play.bots.RandomBot`, a
    :class:`~badeucey_fast.play.bots.CallingBot` or a
    :class:`~badeucey_fast.play.bots.DrawingBot` with its default settings
    (the classes themselves, not subclasses), the match is played by
    :func:`~badeucey_fast.play.self_play.selfplay`'s C policies, whole hands in
    C, hundreds of times faster.  The same rules, other random numbers: a seed
    deals other cards than in Python, and the C drawing policy uses exact
    percentile tables (the Python bot estimates them from random hands) and
    its own sample draws, so a match of built-in bots plays differently from
    ``engine="python"`` for the same seed, equal in distribution for the
    random and calling bots.  Chunks are then of
    :data:`~badeucey_fast.play.self_play.SELFPLAY_CHUNK_DEALS` deals.

    **Hand histories.**  With ``phh_out`` every hand is written to that
    folder as PHH (:func:`~badeucey_fast.play.phh.save`: ``hand-000001.phh``,
    ... in the order played, deal by deal, each deal's rotations in turn),
    with ``phh_players`` (default: the bots' names) as PHH's ``players``, bot
    by bot (a name that repeats gets ``#2``, ``#3``, ...); :meth:`Hand.from_phh
    <badeucey_fast.play.hand.Hand.from_phh>` replays each to the same payoffs.
    The hands are then played by the Python bots (``engine="auto"`` plays in
    Python; ``"c"`` is refused), and each chunk writes its own hands where it
    runs: a cluster's workers need the folder shared.  A match resumed from a
    checkpoint writes the hands of the chunks it plays, not of those kept.

    **The table.**  Without ``rules`` the table is ``TableRules(game)``: fixed
    limit, blinds 1/2, bets of 2 before the second draw and 4 after, a cap of
    four bets a round with three or more players in the hand, and **no cap
    heads-up** (``heads_up_cap=None``, as the game's rules say): two bots may
    re-raise each other until one is all in.  Pass
    ``TableRules(game, heads_up_cap=4)`` for a capped heads-up table.

    :param bots: 2..8 bots (10 for Badugi).
    :param hands: hands to play, at least 1.
    :param game: the game, when ``rules`` is not given (the table above).
    :param rules: the table's rules (overrides ``game``).
    :param stacks: every seat's starting stack (an int), or one per seat
        (with ``duplicate``, all equal), each 1 .. 2**40 chips; default 200 chips,
        100 big blinds at 1/2.
    :param seed: makes the match reproducible (None: drawn at random and
        reported in the result).
    :param executor: runs the chunks (see above).
    :param progress: called with a :class:`~badeucey_fast.jobs.JobProgress`
        (unit ``"hands"``) at the start and after each chunk.
    :param checkpoint: a file that keeps finished chunks (see above); it needs a seed.
    :param keep_deals: keep each deal's result in ``MatchResult.per_deal``.
    :param engine: ``"auto"`` (the default) plays in C when every bot is a
        built-in bot the C core's policies reproduce (see below),
        ``"python"`` always plays the bots in Python, ``"c"`` insists on C.
    :param phh_out: a folder to write every hand to, as PHH (see above).
    :param phh_players: the bots' names in those histories, one a bot.
    :returns: a :class:`MatchResult`.
    :raises ValueError: for bad settings, a checkpoint of another match or a
        damaged one; :class:`~badeucey_fast.play.matches.IllegalActionError` (a
        ``ValueError``) for a bot's illegal action, naming the bot; for an unknown
        ``engine``, or ``engine="c"`` with a bot the C core does not play.
    :raises TypeError: with ``executor=None``, for bots that cannot be sent to the
        process pool: that cannot be pickled, or of a class defined in an interactive
        session.
    :raises ~badeucey_fast.jobs.JobError: when a chunk fails otherwise (a bot
        raised, a worker died and the executor could not rerun its chunk).
    """
    import numpy as np

    players = _check_bots(bots)
    names = tuple(bot_name(b) for b in players)  # before play: set_rules may change a bot's repr
    if rules is None:
        rules = TableRules(game)
    elif not isinstance(rules, TableRules):
        raise TypeError(f"rules must be a TableRules, not {type(rules).__name__}")
    n = len(players)
    if not 2 <= n <= rules.max_seats:
        raise ValueError(f"{get_game(rules.game).name} seats 2..{rules.max_seats} bots, got {n}")
    hands = check_count(hands, "hands")
    if isinstance(stacks, (int, np.integer)):
        seat_stacks = (check_int(stacks, "stacks", low=1, high=MAX_CHIPS),) * n
    elif isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        seat_stacks = tuple(check_int(s, "stacks", low=1, high=MAX_CHIPS) for s in stacks)
        if len(seat_stacks) != n:
            raise ValueError(f"stacks: {len(seat_stacks)} stacks for {n} bots")
        if duplicate and len(set(seat_stacks)) > 1:
            raise ValueError("duplicate play needs equal stacks (a bot would keep its own stack on every seat)")
    else:
        raise TypeError(f"stacks must be a chip count or one per seat, got {stacks!r}")
    seed = check_seed(seed)
    entropy = int(np.random.SeedSequence().entropy) % 2**63 if seed is None else seed  # type: ignore[arg-type]
    rotations = n if duplicate else 1
    deals = -(-hands // rotations)
    if checkpoint is not None and seed is None:
        raise ValueError("a match with a checkpoint needs a seed (the checkpoint resumes that match)")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    if phh_out is not None and engine == "c":
        raise ValueError("engine='c' keeps no hands: phh_out needs the hands played in Python (engine='auto')")
    if phh_players is not None and (isinstance(phh_players, str) or len(phh_players) != n
                                    or not all(isinstance(p, str) for p in phh_players)):
        raise ValueError(f"phh_players must be {n} names, one a bot, got {phh_players!r}")
    files = None if phh_out is None else _HandFiles(os.fspath(phh_out), unique_names(phh_players or names))
    if files is not None:
        os.makedirs(files.folder, exist_ok=True)  # before any work: a folder that cannot be made fails now
    policies = None if engine == "python" or files is not None else _c_policies(players, rules, seat_stacks)
    if engine == "c" and policies is None:
        raise ValueError("engine='c' plays only RandomBot, CallingBot and DrawingBot with default settings")
    rules_text = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    rules_text["game"] = get_game(rules.game).to_dict()
    if policies is not None:
        from badeucey_fast.play.self_play import run_selfplay

        job = {"job": "play_match", "bots": list(names), "seed": entropy, "rules": rules_text,
               "stacks": list(seat_stacks), "deals": deals, "duplicate": duplicate, "per_deal": bool(keep_deals)}
        return run_selfplay(names, rules, seat_stacks, policies, deals, duplicate, entropy, executor=executor,
                            progress=progress, checkpoint=checkpoint, keep_deals=bool(keep_deals), job=job,
                            dealing="shuffled")
    if keep_deals:
        check_memory(deals, n, hands)
    payloads = _MatchChunks(players, rules, seat_stacks, deals, duplicate, bool(keep_deals), files)
    if executor is None and len(payloads) == 1:
        executor = InlineExecutor()
    job = {"job": "play_match", "bots": list(names), "seed": entropy, "rules": rules_text, "stacks": list(seat_stacks),
           "deals": deals, "duplicate": duplicate, "per_deal": bool(keep_deals), "chunk_deals": CHUNK_DEALS}
    try:
        results = run_chunks(_match_chunk, payloads, EvenChunks(deals, CHUNK_DEALS, rotations), job=job, seed=entropy,
                             executor=executor, checkpoint=checkpoint, progress=progress, unit="hands")
    except JobError as exc:
        if isinstance(exc.__cause__, IllegalActionError):
            raise IllegalActionError(str(exc.__cause__)) from None
        raise
    per_deal = np.concatenate([r["per_deal"] for r in results]) if keep_deals else np.zeros((0, n))
    per_deal.flags.writeable = False
    return _result(names, rules, results, per_deal, deals * rotations, duplicate, entropy)


def unique_names(names: Sequence[str]) -> tuple[str, ...]:
    """The names, a repeated one numbered from its second use (``drawing``, ``drawing#2``)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(out)


ENGINES = ("auto", "python", "c")
"""What plays a match (:func:`play_match`'s ``engine``)."""


def _c_policies(bots: list[Bot], rules: TableRules, stacks: tuple[int, ...]) -> tuple[str, ...] | None:
    """The C policy of each bot, when the C core plays every one of them as its
    bot's rule (the built-in classes themselves, with default settings, no
    ``act`` or ``observe`` of their own); None otherwise."""
    from badeucey_fast.play.bots import CallingBot, DrawingBot, RandomBot

    out = []
    for bot in bots:
        kind = type(bot)
        own = getattr(bot, "__dict__", {})
        if "act" in own or "observe" in own:  # an instance's own act is not the class's rule; observe needs views
            return None
        if kind is RandomBot:
            out.append("random")
        elif kind is CallingBot:
            out.append("calling")
        elif (kind is DrawingBot and isinstance(bot, DrawingBot) and bot.samples == 64
              and bot.raise_at == DrawingBot.RAISE_AT and bot.call_at == DrawingBot.CALL_AT
              and (bot.game is None or bot.game == get_game(rules.game))):
            out.append("drawing")
        else:
            return None
    return tuple(out)


def _result(
    names: tuple[str, ...], rules: TableRules, chunks: list[dict[str, npt.NDArray[Any]]],
    per_deal: npt.NDArray[np.float64], hands: int, duplicate: bool, seed: int,
) -> MatchResult:
    """The match's result from its chunks' running sums (:func:`~badeucey_fast.play._tally.combine`)."""
    deals, mean, ci = combine(chunks, len(names))
    return MatchResult(
        bots=names,
        game=get_game(rules.game).name,
        hands=hands,
        deals=deals,
        duplicate=duplicate,
        seed=seed,
        mbb_per_hand=mean,
        ci95=ci,
        per_deal=per_deal,
    )
