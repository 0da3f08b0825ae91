"""Bots: the bot interface and the built-in bots.

A **bot** is any object with ``act(view) -> str``: given the
:class:`~badeucey_fast.play.view.HandView` of its seat when it is to act, it
returns one legal action in PHH words (``"f"``, ``"cc"``, ``"cbr 8"``,
``"sd 7s Kd"``, ``"sd"``).  The view holds everything the seat may know,
the table's :class:`~badeucey_fast.play.rules.TableRules` included
(``view.rules``, ``view.game``).  A bot may also have ``reset(seed)``, called
before each chunk of a match with a seed from the match's seed,
``observe(view)``, called at the end of every hand with the seat's view of the
finished hand (the hands shown, the payoffs), a ``name`` for results, and
``set_rules(rules)``, called with the table's rules before play (an older
hook, still honoured; the view's rules make it unnecessary).
:mod:`badeucey_fast.play.actions` turns the environment's integer actions into
PHH words and back.

Built-in bots:

- :class:`RandomBot`: a uniformly random legal action;
- :class:`CallingBot`: the calling station (always checks or calls, stands pat);
- :class:`DrawingBot`: draws toward the game's halves and bets by its hand;
- :class:`CFRBot`: plays a strategy trained by the solver (:mod:`badeucey_fast.solve`);
- four rule bots, sparring partners written to exploit a strategy's leaks:
  :class:`ManiacBot` (always bets or raises), :class:`StationBot` (never
  folds, draws well), :class:`BluffBot` (stands pat whatever it holds and bets
  as if made) and :class:`ReaderBot` (bets by the draw counts).

:func:`~badeucey_fast.play.matches.play_match` plays bots against each other.

>>> from badeucey_fast.play import CallingBot, Hand, TableRules, bot_name
>>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
>>> CallingBot().act(hand.view(hand.to_act)), bot_name(CallingBot()), bot_name(object())
('cc', 'CallingBot()', 'object')
"""

from __future__ import annotations

import os
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from badeucey_fast.cards import NAME_OF
from badeucey_fast.games import Game, get_game
from badeucey_fast.play.events import BetRaise, Deal, Draw
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.view import HandView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from badeucey_fast.solve import Strategy
    from badeucey_fast.solve.particle_search import RoundSolution

__all__ = ["BOTS", "Bot", "BluffBot", "CFRBot", "CallingBot", "DrawingBot", "ManiacBot", "RandomBot", "ReaderBot",
           "SearchBot", "StationBot", "bot_name", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """What :func:`~badeucey_fast.play.matches.play_match`, the environment and ``badeucey play`` need of a bot.

    ``act(view)`` gets the acting seat's :class:`~badeucey_fast.play.view.HandView`
    and returns one of its legal actions as PHH text: ``"f"``, ``"cc"``,
    ``"cbr N"`` (in pot and no limit any ``N`` between the two amounts the view
    lists) or ``"sd"`` followed by the cards to throw (none: stand pat).
    The view carries the table's rules (``view.rules``, ``view.game``).
    Optional, used when present (the protocol asks only for ``act``):

    - ``reset(seed)``: an int, called before each chunk of a match, so a bot's
      randomness should come from it;
    - ``observe(view)``: called by :func:`~badeucey_fast.play.matches.play_match`
      at the end of every hand with the :class:`~badeucey_fast.play.view.HandView`
      of the bot's seat once the hand is over: what the seat may see (its own
      cards, the hands shown at the showdown in ``view.events``, everyone's
      ``view.payoffs``), for opponent modelling;
    - ``name``: what results call the bot (default: its ``repr`` when its class
      writes one, else its class name; :func:`bot_name`);
    - ``set_rules(rules)``: the table's :class:`~badeucey_fast.play.rules.TableRules`,
      before play; not needed since views carry the rules, still honoured.
    """

    def act(self, view: HandView) -> str: ...


def bot_name(bot: object) -> str:
    """What results call ``bot``: its ``name`` when it has one (text), else its
    ``repr`` when its class writes one, else its class name (never the default
    ``<module.Class object at 0x...>``)."""
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name:
        return name
    if type(bot).__repr__ is not object.__repr__:
        return repr(bot)
    return type(bot).__name__


def _raise_range(view: HandView) -> tuple[int, int] | None:
    low, high = view.min_raise_to, view.max_raise_to
    if low is None or high is None:
        return None
    return low, high


def _hand_size(view: HandView) -> int:
    return len(view.cards)


class RandomBot:
    """Uniformly random legal actions.

    In a betting turn it picks uniformly among fold (when facing a bet),
    check/call and bet/raise (when allowed); a pot- or no-limit bet is to a
    whole number of chips drawn uniformly between the smallest and the largest
    legal amount.  In a draw every subset of its cards is equally likely (each
    card thrown with probability 1/2, standing pat included).

    :param seed: seeds the bot's generator (``reset`` re-seeds it).

    >>> from badeucey_fast.play import Hand, RandomBot, TableRules
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> RandomBot(seed=1).act(hand.view(hand.to_act)) in hand.legal_actions()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the generator."""
        self._rng = random.Random(seed)

    def act(self, view: HandView) -> str:
        rng = self._rng
        if view.phase == "draw":
            thrown = [NAME_OF[c] for c in view.cards if rng.random() < 0.5]
            return "sd " + " ".join(thrown) if thrown else "sd"
        words = [a for a in view.legal_actions if not a.startswith("cbr ")]
        bounds = _raise_range(view)
        if bounds is not None:
            words.append("cbr")
        word = rng.choice(words)
        if word == "cbr":
            assert bounds is not None
            return f"cbr {rng.randint(*bounds)}"
        return word

    def __repr__(self) -> str:
        return "RandomBot()"


class CallingBot:
    """The calling station: always checks or calls, never raises, always stands pat.

    >>> from badeucey_fast.play import CallingBot, Hand, TableRules
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> CallingBot().act(hand.view(hand.to_act))
    'cc'
    """

    def act(self, view: HandView) -> str:
        return "sd" if view.phase == "draw" else "cc"

    def __repr__(self) -> str:
        return "CallingBot()"


# ---- the drawing bot's evaluation ------------------------------------------

_PERCENTILE_HANDS = 200_000
_PERCENTILES: dict[tuple[str, int], Any] = {}


def _percentiles(game: Game) -> list[npt.NDArray[np.float64]]:
    """For each half, rank -> the share of random hands that beat it (ties count half),
    estimated once from 200,000 random hands dealt from a fixed seed."""
    import numpy as np

    out = []
    for half, ranks in zip(game.halves, game.batch_ranker()(_random_hands(game.hand_size)), strict=True):
        key = (game.ranking(half), game.hand_size)
        table = _PERCENTILES.get(key)
        if table is None:
            counts = np.bincount(ranks, minlength=game.scale(half) + 1).astype(np.float64)
            better = np.concatenate(([0.0], np.cumsum(counts)[:-1]))
            table = _PERCENTILES[key] = (better + counts / 2) / len(ranks)
        out.append(table)
    return out


_RANDOM_HANDS: dict[int, Any] = {}


def _random_hands(size: int) -> npt.NDArray[np.uint8]:
    import numpy as np

    hands = _RANDOM_HANDS.get(size)
    if hands is None:
        rng = np.random.default_rng(20261201)
        keys = rng.random((_PERCENTILE_HANDS, 52))
        hands = _RANDOM_HANDS[size] = np.ascontiguousarray(np.argpartition(keys, size, axis=1)[:, :size], dtype=np.uint8)
    return hands


@dataclass(frozen=True)
class _Plan:
    discard: tuple[int, ...]
    draw_score: float
    """Expected percentile after the next draw with ``discard`` (lower is better)."""
    made_score: float
    """Percentile of the hand as it stands."""


class _Evaluator:
    """Scores every discard of a hand by the expected percentile after one draw.

    The objective is :func:`~badeucey_fast.draws.best_discards`'s ``"expected"``
    one with ranks replaced by percentiles: the mean over the game's halves of
    the share of random hands that beat the final hand.  It is estimated from
    ``samples`` random draws shared by every discard (common random numbers,
    seeded by the hand itself, so a hand always gets the same plan), all ranked
    in one batch call, and cached (LRU) by hand."""

    def __init__(self, game: Game, samples: int, cache_size: int) -> None:
        import numpy as np

        self.game, self.samples, self.cache_size = game, samples, cache_size
        self.tables = _percentiles(game)
        n = game.hand_size
        masks = list(range(1 << n))
        # column of the (samples, 2n) source [hand, drawn cards] for each mask and card slot
        cols = np.empty((len(masks), n), dtype=np.intp)
        for m in masks:
            drawn = 0
            for j in range(n):
                if m >> j & 1:
                    cols[m, j] = n + drawn
                    drawn += 1
                else:
                    cols[m, j] = j
        self.cols = cols
        self.sizes = np.array([m.bit_count() for m in masks], dtype=np.float64)
        self.cache: OrderedDict[tuple[int, ...], _Plan] = OrderedDict()

    def plan(self, cards: Sequence[int]) -> _Plan:
        hand = tuple(sorted(cards))
        cached = self.cache.get(hand)
        if cached is not None:
            try:
                self.cache.move_to_end(hand)
            except KeyError:  # another thread's bot evicted it just now
                pass
            return cached
        import numpy as np

        n, samples = len(hand), self.samples
        unseen = np.array([c for c in range(52) if c not in hand], dtype=np.uint8)
        rng = np.random.default_rng(list(hand))
        drawn = unseen[np.argpartition(rng.random((samples, len(unseen))), n, axis=1)[:, :n]]
        source = np.concatenate((np.broadcast_to(np.array(hand, dtype=np.uint8), (samples, n)), drawn), axis=1)
        hands = np.ascontiguousarray(source[:, self.cols].reshape(-1, n))
        score = np.zeros(len(hands))
        for table, ranks in zip(self.tables, self.game.batch_ranker()(hands), strict=True):
            score += table[ranks]
        means = score.reshape(samples, -1).mean(axis=0) / len(self.tables)
        # ties (and noise below 1e-9) keep the discard of fewer cards
        best = int(np.argmin(means + 1e-9 * self.sizes))
        discard = tuple(hand[j] for j in range(n) if best >> j & 1)
        made = means[0]  # mask 0: standing pat, the hand as it is
        out = _Plan(discard, float(means[best]), float(made))
        self.cache[hand] = out
        while len(self.cache) > self.cache_size:
            try:
                self.cache.popitem(last=False)
            except KeyError:  # emptied by another thread
                break
        return out


_EVALUATORS: dict[tuple[Game, int, int], _Evaluator] = {}


def _evaluator(game: Game, samples: int, cache_size: int) -> _Evaluator:
    """The evaluator of a game and settings, made once a process."""
    key = (game, samples, cache_size)
    ev = _EVALUATORS.get(key)
    if ev is None:
        ev = _EVALUATORS[key] = _Evaluator(game, samples, cache_size)
    return ev


class DrawingBot:
    """A sensible baseline: draws toward the game's halves, bets by its hand.

    **Strength.**  A hand's *percentile* in a half is the share of random hands
    of that size that beat it (ties count half; 0 is the nuts, about 0.5 a
    typical random hand), averaged over the game's halves.  Before a draw the
    bot scores every discard by the expected percentile after that one draw,
    estimated from ``samples`` random draws shared by every discard (the
    ``"expected"`` objective of :func:`~badeucey_fast.draws.best_discards` in
    percentiles; one batch call per hand, cached by hand), and throws the best
    discard; ties keep more cards.  Its *strength* in betting rounds 0-2 is the
    score of that best discard (made hand and chance to improve together); in
    the last round, the percentile of the hand it holds.

    **Betting** by thresholds on the strength ``s`` for the round ``r``
    (lower is stronger): bet or raise when ``s <= raise_at[r]``, call a bet
    when ``s <= call_at[r]``, otherwise check, or fold to a bet.  Each bet the
    round has seen past the first halves the raising threshold, so it stops
    re-raising unless its hand is among its strongest (the round is uncapped
    heads-up in fixed limit by default).  A pot- or
    no-limit bet is the smallest legal one.  It does not use what the others
    drew or the thrown cards (no dead cards).

    :param game: the game's name or :class:`~badeucey_fast.games.Game`; None
        (the default) plays the game of each view (``view.rules``).
    :param samples: random draws per hand evaluation (default 64).
    :param raise_at: four thresholds, rounds 0..3.
    :param call_at: four thresholds, rounds 0..3.
    :param cache_size: hands remembered per game (LRU).
    """

    RAISE_AT = (0.15, 0.10, 0.07, 0.05)
    CALL_AT = (0.60, 0.50, 0.40, 0.30)

    def __init__(
        self,
        game: str | Game | None = None,
        *,
        samples: int = 64,
        raise_at: Sequence[float] = RAISE_AT,
        call_at: Sequence[float] = CALL_AT,
        cache_size: int = 100_000,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number of at least 1, got {samples!r}")
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 0:
            raise ValueError(f"cache_size must be a whole number of at least 0, got {cache_size!r}")
        for name, values in (("raise_at", raise_at), ("call_at", call_at)):
            if len(values) != 4 or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in values):
                raise ValueError(f"{name} must be four numbers in 0..1 (rounds 0..3), got {values!r}")
        self.game = None if game is None else get_game(game)
        self.samples = samples
        self.raise_at = tuple(float(v) for v in raise_at)
        self.call_at = tuple(float(v) for v in call_at)
        self.cache_size = cache_size

    def set_rules(self, rules: TableRules) -> None:
        """Play the table's game from now on.  Not needed: without a game the
        bot plays the game of each view (``view.rules``); kept so that code
        written for the ``set_rules`` hook keeps working."""
        self.game = get_game(rules.game)

    def reset(self, seed: int | None = None) -> None:
        """Nothing to re-seed: the bot's sampling is seeded by each hand's cards."""

    def _evaluator(self, view: HandView) -> _Evaluator:
        return _evaluator(view.game if self.game is None else self.game, self.samples, self.cache_size)

    def planned_discard(self, cards: Sequence[int], game: str | Game) -> tuple[int, ...]:
        """The cards the bot throws from ``cards`` in a draw of ``game`` (its
        best discard, see the class); empty: it stands pat.

        >>> from badeucey_fast import format_cards, parse_cards
        >>> from badeucey_fast.play import DrawingBot
        >>> format_cards(DrawingBot().planned_discard(parse_cards("Kc Kd 3h 4s 5c"), "badeucey"))
        'Kc'
        """
        return _evaluator(get_game(game), self.samples, self.cache_size).plan(cards).discard

    def strength(self, view: HandView) -> float:
        """The strength the bot bets by (lower is stronger; see the class)."""
        plan = self._evaluator(view).plan(view.cards)
        return plan.made_score if view.round >= 3 else plan.draw_score

    def _raise_threshold(self, view: HandView, r: int) -> float:
        """The strength to bet or raise with: ``raise_at[r]``, halved for every
        bet the round has seen past the first, so that without a cap (heads-up
        fixed limit by default) only its strongest hands keep re-raising."""
        unit = (view.rules.small_bet if view.round < 2 else view.rules.big_bet) or view.rules.big_blind
        bets = max(view.bets) // unit
        return self.raise_at[r] / float(2 ** max(bets - 1, 0))

    def act(self, view: HandView) -> str:
        ev = self._evaluator(view)
        if len(view.cards) != ev.game.hand_size:
            raise ValueError(f"DrawingBot plays {ev.game.name}, {ev.game.hand_size} cards; the view holds {len(view.cards)}")
        plan = ev.plan(view.cards)
        if view.phase == "draw":
            return "sd " + " ".join(NAME_OF[c] for c in plan.discard) if plan.discard else "sd"
        r = min(view.round, 3)
        s = plan.made_score if r >= 3 else plan.draw_score
        bounds = _raise_range(view)
        if bounds is not None and s <= self._raise_threshold(view, r):
            return f"cbr {bounds[0]}"
        if view.to_call:
            return "cc" if s <= self.call_at[r] else "f"
        return "cc"

    def __repr__(self) -> str:
        return "DrawingBot()" if self.game is None else f"DrawingBot({self.game.name!r})"


# ---- sparring bots: rules written to exploit a strategy's leaks -------------


def _round_bets(view: HandView) -> tuple[int, bool]:
    """The bets and raises of this betting round so far (round 0's big blind
    counts as its first bet), and whether the view's seat made one of them."""
    bets, mine = int(view.round == 0), False
    for event in reversed(view.events):
        if isinstance(event, (Draw, Deal)):  # the round's start: the last draw, or the deal
            break
        if isinstance(event, BetRaise):
            bets += 1
            mine = mine or event.seat == view.seat
    return bets, mine


def _draw_words(view: HandView, discard: Sequence[int]) -> str:
    """A draw of ``discard`` in PHH words, cut to the most cards the table lets a seat throw."""
    thrown = list(discard)[:view.rules.discard_limit]
    return "sd " + " ".join(NAME_OF[c] for c in thrown) if thrown else "sd"


def _bet_or(view: HandView, otherwise: str) -> str:
    """The smallest bet or raise when the seat may make one, else ``otherwise``."""
    bounds = _raise_range(view)
    return otherwise if bounds is None else f"cbr {bounds[0]}"


class _Sparring:
    """What the sparring bots share: :class:`DrawingBot`'s draws and hand
    strength (default settings), no randomness of their own."""

    def __init__(self) -> None:
        self._drawing = DrawingBot()

    def reset(self, seed: int | None = None) -> None:
        """Nothing to re-seed: the bot decides by its view alone (its draws'
        sampling is seeded by the hand's cards), so a seed replays it."""

    def act(self, view: HandView) -> str:
        """The bot's action (each sparring bot states its rule)."""
        raise NotImplementedError

    def _discard(self, view: HandView) -> str:
        """DrawingBot's draw, in PHH words."""
        return _draw_words(view, self._drawing.planned_discard(view.cards, view.game))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class ManiacBot(_Sparring):
    """The maniac: bets or raises whenever it may (the smallest amount in pot
    and no limit), else checks or calls; it never folds.  It draws as
    :class:`DrawingBot` does.  It punishes a strategy that folds too much or
    calls down too little.

    >>> from badeucey_fast.play import Hand, TableRules
    >>> from badeucey_fast.play.bots import ManiacBot
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> ManiacBot().act(hand.view(hand.to_act))
    'cbr 4'
    """

    def act(self, view: HandView) -> str:
        if view.phase == "draw":
            return self._discard(view)
        return _bet_or(view, "cc")


class StationBot(_Sparring):
    """The station that draws well: plays as :class:`DrawingBot` (its draws,
    its value bets and raises) but never folds, calling every bet instead.
    It punishes a strategy that bluffs too much.

    >>> from badeucey_fast.play import Hand, TableRules
    >>> from badeucey_fast.play.bots import StationBot
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> StationBot().act(hand.view(hand.to_act)) in ("cc", "cbr 4")
    True
    """

    def act(self, view: HandView) -> str:
        if view.phase == "draw":
            return self._discard(view)
        action = self._drawing.act(view)
        return "cc" if action == "f" else action


class BluffBot(_Sparring):
    """The pat bluffer: stands pat at every draw whatever its cards, and bets as
    if made: it bets when nobody has, raises a single bet, and calls once the
    round has seen two bets or its own bet was raised.  It never folds, except
    on the last betting round when raised after it bet with a hand
    :class:`DrawingBot` would not call with (made percentile above its last
    ``call_at``).  It punishes a strategy that gives up against pat hands.

    >>> from badeucey_fast.play import Hand, TableRules
    >>> from badeucey_fast.play.bots import BluffBot
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> BluffBot().act(hand.view(hand.to_act))
    'cbr 4'
    """

    def act(self, view: HandView) -> str:
        if view.phase == "draw":
            return "sd"
        bets, mine = _round_bets(view)
        if bets <= 1 and not mine:
            return _bet_or(view, "cc")
        if view.to_call and mine and view.round >= view.rules.draws:
            made = self._drawing._evaluator(view).plan(view.cards).made_score
            if made > self._drawing.call_at[3]:
                return "f"
        return "cc"


class ReaderBot(_Sparring):
    """The reader: bets by the draw counts.  It draws as :class:`DrawingBot`
    does and, before the first draw, bets as it does.  After a draw it compares
    the cards it drew with the fewest any opponent still in the hand drew:

    - it drew fewer (the better hand, by the counts): it bets or raises whenever it may, and never folds;
    - an opponent stood pat and it drew: it plays as DrawingBot but folds where
      DrawingBot would only call a bet (it still raises its strongest hands);
    - otherwise it plays as DrawingBot.

    It punishes a strategy whose betting does not follow what the draws say.

    >>> from badeucey_fast.play import DrawingBot, Hand, TableRules
    >>> from badeucey_fast.play.bots import ReaderBot
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
    >>> ReaderBot().act(hand.view(hand.to_act)) == DrawingBot().act(hand.view(hand.to_act))
    True
    """

    def act(self, view: HandView) -> str:
        if view.phase == "draw":
            return self._discard(view)
        action = self._drawing.act(view)
        counts = self.draw_counts(view)
        if counts is None:
            return action
        mine, theirs = counts
        if mine < theirs:
            return _bet_or(view, "cc")
        if theirs == 0 < mine and view.to_call and action == "cc":
            return "f"
        return action

    @staticmethod
    def draw_counts(view: HandView) -> tuple[int, int] | None:
        """The cards the view's seat drew in the last draw, and the fewest any
        opponent still in the hand drew there; None before the first draw."""
        if not view.draws:
            return None
        last = view.draws[-1]
        mine = last[view.seat]
        theirs = [c for s, c in enumerate(last) if s != view.seat and c is not None and not view.folded[s]]
        if mine is None or not theirs:
            return None
        return mine, min(theirs)


class CFRBot:
    """Plays a strategy the solver trained (:func:`badeucey_fast.solve.train`),
    heads-up, in the game the strategy was trained for: in each information
    set its most probable action (``purify=True``, the default:
    :meth:`~badeucey_fast.solve.Strategy.purified`, ties drawn at random), or
    with ``purify=False`` an action drawn from the average strategy
    (:meth:`~badeucey_fast.solve.Strategy.probabilities`); uniform where the
    training never went.

    :param strategy: a :class:`~badeucey_fast.solve.Strategy`, the path of a
        strategy file, or None for the strategy shipped with the package for
        ``game`` (:func:`~badeucey_fast.solve.default_strategy`).
    :param game: the game whose shipped strategy to play (default
        ``"badeucey"``); with a ``strategy``, the game it must be of.
    :param seed: seeds the bot's generator (``reset`` re-seeds it).
    :param purify: play the most probable action (default), or draw from the
        average strategy. ``bot.strategy`` is the strategy it plays (the
        purified one by default), so that whatever models the bot from it
        (a local best response, a review) sees what it does.
    :raises FileNotFoundError: for a strategy file that does not exist.
    :raises ValueError: for a file that is not a strategy, a game no strategy
        ships for, or a strategy of another game than ``game``.

    >>> from badeucey_fast.play.bots import CFRBot
    >>> CFRBot(game="holdem")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'holdem' (known: badeucey, badacey, badugi, deuce_seven, ace_five)
    """

    def __init__(self, strategy: Strategy | str | os.PathLike[str] | None = None, *, game: str | None = None,
                 seed: int | None = None, purify: bool = True) -> None:
        from badeucey_fast.solve import Strategy, default_strategy

        if not isinstance(purify, bool):
            raise TypeError(f"CFRBot: purify is True or False, not {type(purify).__name__}")
        wanted = None if game is None else get_game(game).name
        if strategy is None:
            strategy = default_strategy(wanted or "badeucey")
            self._shipped: str | None = wanted or "badeucey"
        else:
            if isinstance(strategy, (str, os.PathLike)):
                where = f"the strategy {os.fspath(strategy)}"
                strategy = Strategy.load(strategy)
            elif isinstance(strategy, Strategy):
                where = "the strategy"
            else:
                raise TypeError(f"CFRBot: a Strategy or a strategy file, not {type(strategy).__name__}")
            trained = strategy.rules.game.name  # type: ignore[union-attr]
            if wanted is not None and wanted != trained:
                raise ValueError(f"CFRBot: game={wanted!r}, but {where} plays {trained}")
            self._shipped = None
        self.purify = purify
        self.strategy = strategy.purified() if purify else strategy
        self._rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the generator."""
        self._rng = random.Random(seed)

    def act(self, view: HandView) -> str:
        probabilities = self.strategy.probabilities(view)
        action = self._rng.choices(list(probabilities), weights=list(probabilities.values()))[0]
        if view.phase == "draw":
            thrown = [NAME_OF[c] for i, c in enumerate(view.cards) if action >> i & 1]
            return "sd " + " ".join(thrown) if thrown else "sd"
        if action < 0:
            return "f"
        return "cc" if action == 0 else f"cbr {action}"

    def _game_setting(self) -> list[str]:
        """The ``game=`` of a repr: a shipped strategy's game other than Badeucey's."""
        return [f"game={self._shipped!r}"] if self._shipped not in (None, "badeucey") else []

    def __repr__(self) -> str:
        return f"CFRBot({', '.join(self._game_setting() + ([] if self.purify else ['purify=False']))})"


DEFAULT_SEARCH_BUDGET = 100
"""SearchBot's CFR+ iterations a re-solve by default."""
DEFAULT_SEARCH_PARTICLES = 32
"""SearchBot's sampled histories of each seat's range by default."""


class SearchBot(CFRBot):
    """:class:`CFRBot` with search at play time: at its first decision in the
    last betting round it re-solves the rest of the hand from sampled ranges
    (:func:`badeucey_fast.solve.particle_search.solve_round`: CFR+ over both
    seats' holdings in C, with the blueprint gadget by default) and draws its
    actions in the round from that solution (:attr:`solution`); elsewhere it
    plays the strategy as ``CFRBot(purify=False)`` does, drawing from the
    blueprint's probabilities (its ranges weigh hands by them).

    :param strategy: as :class:`CFRBot`'s (the blueprint).
    :param game: as :class:`CFRBot`'s.
    :param seed: seeds the bot's generator (its actions and its particles).
    :param budget: CFR+ iterations of a re-solve, 1 .. 10**6.
    :param particles: sampled histories of each seat's range, 1 .. 10**4.
    :param gadget: the re-solving gadget, as :class:`~badeucey_fast.solve.SearchPolicy`'s
        but ``"reach_maxmargin"``, whose gifts need the whole game's tree walked.
    :raises ValueError: as :class:`CFRBot`, or for a budget, particles or gadget out of range.

    >>> from badeucey_fast.play.bots import SearchBot
    >>> SearchBot(game="badugi", budget=0)
    Traceback (most recent call last):
    ...
    ValueError: budget must be 1..1000000, got 0
    """

    def __init__(self, strategy: Strategy | str | os.PathLike[str] | None = None, *, game: str | None = None,
                 seed: int | None = None, budget: int = DEFAULT_SEARCH_BUDGET,
                 particles: int = DEFAULT_SEARCH_PARTICLES, gadget: str = "blueprint") -> None:
        from badeucey_fast._checks import check_int
        from badeucey_fast._native.subgame import GADGETS

        if gadget not in GADGETS:
            raise ValueError(f"gadget must be one of {sorted(GADGETS)}, got {gadget!r}")
        self.gadget = gadget
        self.budget = check_int(budget, "budget", low=1, high=1_000_000)
        self.particles = check_int(particles, "particles", low=1, high=10_000)
        self.solution: RoundSolution | None = None
        """The last re-solved round."""
        super().__init__(strategy, game=game, seed=seed, purify=False)  # ranges and re-solves need the mixed blueprint

    def act(self, view: HandView) -> str:
        probabilities = self.searched(view)
        if probabilities is None:
            return super().act(view)
        action = self._rng.choices(list(probabilities), weights=list(probabilities.values()))[0]
        if action < 0:
            return "f"
        return "cc" if action == 0 else f"cbr {action}"

    def reset(self, seed: int | None = None) -> None:
        """Re-seed the generator and forget the last solution."""
        super().reset(seed)
        self.solution = None

    def searched(self, view: HandView) -> dict[int, float] | None:
        """The re-solved probability of each action at the view's decision, or
        None where the bot plays the blueprint (not the last betting round, or
        no range the blueprint explains).  The round is re-solved at the seat's
        first decision in it, and its later decisions read that solution: the
        seat's own range in a re-solve is weighed by the blueprint, which is
        not what it played once it searched."""
        from badeucey_fast.solve.particle_search import solve_round

        if self.solution is not None:
            found = self.solution.probabilities(view)
            if found is not None:
                return found
        self.solution = solve_round(self.strategy, view, iterations=self.budget, particles=self.particles,
                                    rng=self._rng, gadget=self.gadget)
        return None if self.solution is None else self.solution.probabilities(view)

    def __repr__(self) -> str:
        return f"SearchBot({', '.join(self._game_setting())})"


BOTS: dict[str, Callable[[], Any]] = {"random": RandomBot, "drawing": DrawingBot, "calling": CallingBot, "cfr": CFRBot,
                                      "search": SearchBot,
                                      "maniac": ManiacBot, "station": StationBot, "bluffer": BluffBot,
                                      "reader": ReaderBot}
"""The built-in bots by the names the command line uses."""


def make_bot(name: str, *, game: str | None = None) -> Bot:
    """A built-in bot by name: ``random``, ``drawing``, ``calling``, ``cfr``
    (:class:`CFRBot` with the strategy shipped with the package for ``game``,
    default ``"badeucey"``), or one of the sparring bots ``maniac``,
    ``station``, ``bluffer`` and ``reader`` (the bots other than ``cfr`` read
    the game from the view).

    :raises ValueError: for an unknown bot or game, or a game no CFR strategy
        ships for (with ``cfr``).

    >>> from badeucey_fast.play import make_bot
    >>> make_bot("calling")
    CallingBot()
    >>> make_bot("cfr", game="holdem")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'holdem' (known: badeucey, badacey, badugi, deuce_seven, ace_five)
    """
    factory = BOTS.get(name.strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    if game is not None:
        get_game(game)
    bot: Bot = factory(game=game) if factory in (CFRBot, SearchBot) else factory()
    return bot
