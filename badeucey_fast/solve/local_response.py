"""A local best response (LBR) in the full game (Lisý and Bowling, 2017):
a player that keeps the opponent's range and, at each of its own decisions,
takes the action of highest value against that range, assuming the hand is
checked down from there (docs/solver.rst, "Local best response").

- **The range** is a set of weighted particles: opponent holdings consistent
  with the public history and with every card LBR has held, each with the
  opponent's draws (the cards it threw and was dealt).  Each particle's
  weight is multiplied, at each of the opponent's actions, by the
  probability the opponent's policy gives that action with the particle's
  cards (:class:`OpponentModel`); at each of its draws, by the probability
  of throwing as many cards as it did, and the particle then throws a set
  of that size drawn from the policy and is dealt its cards at random from
  those it cannot have seen.  An action that no particle's policy would take
  leaves the weights as they were.  When there are at most ``particles`` possible
  holdings (a small game) the range starts from all of them, equally
  weighted; otherwise from a sample.  Particles are resampled (systematic
  resampling) when their effective number falls below half.
- **A betting decision** compares, with ``P`` the pot, ``c`` the chips to
  call, ``r`` the chips a raise puts in and ``s`` LBR's expected share of
  the pot against the range: folding (0), checking or calling
  (``s (P + c) - c``) and betting or raising
  (``f P + (1 - f) (s' (P + r + r') - r)``, ``f`` the range's probability of
  folding to the raise, ``r'`` the chips its call puts in, ``s'`` the share
  against the range weighted by its probability of not folding), and takes
  the largest (calling before raising before folding on equal values).
- **The share** against a particle is :func:`~badeucey_fast.equity` of the two
  hands: exact when no draw is left; with draws left, each hand throws its
  planned discard (LBR: the first option of
  :func:`~badeucey_fast.draws.best_discards`, exact one-draw scores; a
  particle: :meth:`DrawingBot.planned_discard
  <badeucey_fast.play.bots.DrawingBot.planned_discard>` in the full game)
  and the later draws follow :mod:`badeucey_fast.draws`' policy, over
  ``samples`` sampled outcomes.
- **A draw** throws the first option of
  :func:`~badeucey_fast.draws.best_discards` (the ``"expected"`` objective).

:class:`LocalBestResponse` plays the full game as a standard bot;
:func:`local_best_response_match` plays it against a bot in duplicate with
:func:`~badeucey_fast.play.play_match`; :func:`exact_value` gives its exact
expected value in a small game (:meth:`TableRules.mini()
<badeucey_fast.play.TableRules.mini>`), where
:func:`~badeucey_fast.solve.exploitability` gives the best response's.
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol, Union, cast

from badeucey_fast._checks import check_count, check_seed
from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.draws import best_discards
from badeucey_fast.games import Game
from badeucey_fast.play.events import BetRaise, CheckCall, Deal, Draw, Fold, Post
from badeucey_fast.play.rules import TableRules
from badeucey_fast.pot_equity import equity
from badeucey_fast.solve.strategy import Strategy, history_codes, own_codes

if TYPE_CHECKING:
    from badeucey_fast.jobs import JobProgress
    from badeucey_fast.play.hand import Hand
    from badeucey_fast.play.match_result import MatchResult
    from badeucey_fast.play.view import HandView
    from badeucey_fast.solve.game import TableGame, TableState

__all__ = [
    "DEFAULT_PARTICLES",
    "DEFAULT_SAMPLES",
    "Action",
    "BotModel",
    "LocalBestResponse",
    "LocalResponseResult",
    "OpponentModel",
    "Spot",
    "StrategyModel",
    "exact_value",
    "local_best_response_match",
    "opponent_model",
    "table_policy",
]

DEFAULT_PARTICLES = 48
"""Particles in the opponent's range."""
DEFAULT_SAMPLES = 32
"""Sampled outcomes of the draws left in each share against a particle."""
Action = Union[int, tuple[int, ...]]
"""An action: in a betting round -1 folds, 0 checks or calls, a positive number
raises to that amount; in a draw, the cards thrown (ascending; empty: pat)."""
DrawSteps = Sequence[tuple[tuple[int, ...], tuple[int, ...]]]
"""A seat's draws so far: (cards thrown, cards dealt) each, in order."""


@dataclass(frozen=True)
class Spot:
    """What is public at one of the opponent's decisions: all a model needs
    besides the opponent's cards and draws."""

    seat: int
    position: int
    """0: the button."""
    round: int
    phase: str
    """``"bet"`` or ``"draw"``."""
    history: tuple[int, ...]
    """The hand's :func:`~badeucey_fast.solve.strategy.history_codes`."""
    can_fold: bool = False
    raise_to: int | None = None
    """The amount it may raise to (None: it may not raise)."""
    max_discard: int = 0
    view: HandView | None = field(default=None, repr=False, compare=False)
    """The opponent's view in the full game, its cards to be replaced (None in a small game)."""


class OpponentModel(Protocol):
    """The opponent's policy as LBR reads it: the probability of each action
    with given cards and draws at a :class:`Spot`."""

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: DrawSteps) -> Mapping[Action, float]: ...


class StrategyModel:
    """A trained :class:`~badeucey_fast.solve.Strategy`: its average strategy
    (:meth:`Strategy.probabilities_at <badeucey_fast.solve.Strategy.probabilities_at>`)."""

    def __init__(self, strategy: Strategy) -> None:
        if not isinstance(strategy, Strategy):
            raise TypeError(f"StrategyModel: a Strategy, not {type(strategy).__name__}")
        self.strategy = strategy

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: DrawSteps) -> dict[Action, float]:
        own: Sequence[int] = ()
        if self.strategy.abstraction.recall:
            own = own_codes([Draw(spot.seat, i + 1, len(t), t, d) for i, (t, d) in enumerate(draws)], spot.seat)
        got = self.strategy.probabilities_at(spot.position, spot.round, spot.phase, cards, spot.history, own,
                                             can_fold=spot.can_fold, raise_to=spot.raise_to,
                                             max_discard=spot.max_discard)
        if spot.phase == "draw":
            return {tuple(sorted(c for i, c in enumerate(cards) if mask >> i & 1)): p for mask, p in got.items()}
        return {action: p for action, p in got.items()}

    def __repr__(self) -> str:
        return f"StrategyModel({self.strategy!r})"


class BotModel:
    """A bot whose action depends only on its view (DrawingBot, CallingBot):
    its action on the opponent's view with the particle's cards, with
    probability 1.  Full game only (it needs views)."""

    def __init__(self, bot: Any) -> None:
        from badeucey_fast.play.bots import RandomBot

        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"BotModel: a bot with act(view), not {type(bot).__name__}")
        if isinstance(bot, RandomBot):
            raise TypeError("BotModel: RandomBot's actions are random, not a function of its view")
        self.bot = bot

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: DrawSteps) -> dict[Action, float]:
        if spot.view is None:
            raise ValueError("BotModel: a bot's policy needs the opponent's view (the full game)")
        view = copy.copy(spot.view)
        view.__dict__.update(cards=cards, thrown=tuple(c for t, _ in draws for c in t))
        word = self.bot.act(view).split()
        if word[0] == "sd":
            return {tuple(sorted(parse_cards(" ".join(word[1:])))) if word[1:] else (): 1.0}
        return {-1 if word[0] == "f" else 0 if word[0] == "cc" else int(word[1]): 1.0}

    def __repr__(self) -> str:
        return f"BotModel({self.bot!r})"


def opponent_model(opponent: Any) -> OpponentModel:
    """The model of an opponent: a :class:`~badeucey_fast.solve.Strategy` or a
    :class:`~badeucey_fast.play.bots.CFRBot` by its strategy, a model as it
    is, another bot by :class:`BotModel`.

    :raises TypeError: for an opponent that is none of these.
    """
    strategy = getattr(opponent, "strategy", None)
    if isinstance(opponent, Strategy):
        return StrategyModel(opponent)
    if isinstance(strategy, Strategy):
        return StrategyModel(strategy)
    if callable(getattr(opponent, "probabilities", None)):
        return cast(OpponentModel, opponent)
    return BotModel(opponent)


class _Remembered:
    """A model's answers kept for one hand: every decision of a hand rebuilds
    the range from the same particles, so the earlier steps ask the same questions."""

    def __init__(self, model: OpponentModel) -> None:
        self.model = model
        self.hand: int | None = None
        self.answers: dict[tuple[Any, ...], Mapping[Action, float]] = {}

    def start(self, hand: int) -> None:
        if hand != self.hand:
            self.hand, self.answers = hand, {}

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: DrawSteps) -> Mapping[Action, float]:
        key = (spot, cards, tuple(draws))
        got = self.answers.get(key)
        if got is None:
            got = self.answers[key] = self.model.probabilities(spot, cards, draws)
        return got


def _probability(given: Mapping[Action, float], action: Action) -> float:
    return float(given.get(action, 0.0))


# ---- what LBR knows at a decision ----------------------------------------------------


@dataclass
class _Situation:
    """LBR's decision: its cards and draws, the public history as steps, and
    the numbers of the decision."""

    rules: TableRules
    seat: int
    dealt: tuple[int, ...]
    """LBR's hand as dealt."""
    cards: tuple[int, ...]
    steps: list[tuple[Any, ...]]
    """("act", spot, action) and ("draw", spot, count) of the opponent,
    ("mine", thrown, dealt) of LBR's draws, in order."""
    phase: str
    draws_left: int
    pot: int = 0
    to_call: int = 0
    raise_to: int | None = None
    bets: tuple[int, int] = (0, 0)
    after_raise: Spot | None = None
    """The opponent's spot after LBR raises (None: it would not act)."""

    @property
    def thrown(self) -> tuple[int, ...]:
        return tuple(c for step in self.steps if step[0] == "mine" for c in step[1])

    @property
    def held(self) -> set[int]:
        """Every card LBR has held."""
        return {*self.dealt, *(c for step in self.steps if step[0] == "mine" for c in step[2])}


@dataclass
class _Particle:
    cards: tuple[int, ...]
    draws: list[tuple[tuple[int, ...], tuple[int, ...]]]
    weight: float = 1.0

    @property
    def held(self) -> set[int]:
        return {*self.cards, *(c for t, _ in self.draws for c in t)}


def _deck(rules: TableRules) -> tuple[int, ...]:
    return tuple(range(52)) if rules.deck is None else cast(tuple[int, ...], rules.deck)


def _range(situation: _Situation, model: OpponentModel, particles: int, rng: random.Random) -> list[_Particle]:
    """The opponent's range at LBR's decision (see the module docstring)."""
    size = cast(Game, situation.rules.game).hand_size
    held = situation.held
    free = [c for c in _deck(situation.rules) if c not in held]
    if math.comb(len(free), size) <= particles:
        pool = [_Particle(hand, []) for hand in combinations(free, size)]
        sampled = False
    else:
        pool = [_Particle(tuple(sorted(rng.sample(free, size))), []) for _ in range(particles)]
        sampled = True
    for step in situation.steps:
        kind = step[0]
        if kind == "mine":
            continue
        spot = step[1]
        if kind == "act":
            factors = [_probability(model.probabilities(spot, part.cards, part.draws), step[2]) for part in pool]
        else:
            count = step[2]
            factors = []
            for part in pool:
                given = model.probabilities(spot, part.cards, part.draws)
                throws = [(t, p) for t, p in given.items() if len(cast(tuple[int, ...], t)) == count and p > 0]
                factors.append(math.fsum(p for _, p in throws))
                if not throws:  # it would not throw that many: any throw of that size, in case no particle would
                    throws = [(t, 1.0) for t in combinations(part.cards, count)]
                thrown = cast(tuple[int, ...], _pick(throws, rng))
                seen = part.held
                unseen = [c for c in free if c not in seen]
                dealt = tuple(sorted(rng.sample(unseen, count))) if count <= len(unseen) else None
                if dealt is None:  # a small deck: the rest from the cards out of play, its own throw not among them
                    muck = [c for c in situation.thrown if c not in situation.cards]
                    muck += [c for t, _ in part.draws for c in t]
                    dealt = tuple(sorted(unseen + rng.sample(muck, count - len(unseen))))
                part.draws.append((thrown, dealt))
                part.cards = tuple(sorted([c for c in part.cards if c not in thrown] + list(dealt)))
        if any(f * p.weight > 0 for f, p in zip(factors, pool)):  # else no particle explains it: ignored
            for f, part in zip(factors, pool):
                part.weight *= f
        total = math.fsum(p.weight for p in pool)
        for part in pool:
            part.weight /= total
        if sampled and 1.0 / math.fsum(p.weight ** 2 for p in pool) < len(pool) / 2:
            pool = _resample(pool, rng)
    kept = [p for p in pool if p.weight > 0]
    total = math.fsum(p.weight for p in kept)
    for part in kept:
        part.weight /= total
    return kept


def _pick(choices: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """One of ``choices`` (action, weight), in proportion to its weight."""
    pick = rng.random() * math.fsum(p for _, p in choices)
    for action, p in choices:
        pick -= p
        if pick < 0:
            return action
    return choices[-1][0]


def _resample(pool: list[_Particle], rng: random.Random) -> list[_Particle]:
    """Systematic resampling: as many particles, equally weighted, each copied
    in proportion to its weight."""
    n = len(pool)
    out = []
    start, cumulative, i = rng.random() / n, pool[0].weight, 0
    for k in range(n):
        u = start + k / n
        while u > cumulative and i < n - 1:
            i += 1
            cumulative += pool[i].weight
        out.append(_Particle(pool[i].cards, list(pool[i].draws), 1.0 / n))
    return out


# ---- values ---------------------------------------------------------------------------


def _discard_options(cards: tuple[int, ...], rules: TableRules, dead: Sequence[int]) -> tuple[int, ...]:
    """The first option of best_discards within the table's discard limit."""
    game = cast(Game, rules.game)
    limit = rules.discard_limit
    for option in best_discards(cards, game=game, objective="expected", dead=dead):
        if len(option.discard) <= limit:
            return tuple(sorted(option.discard))
    return ()


def _particle_discard(cards: tuple[int, ...], rules: TableRules, outside: Sequence[int]) -> tuple[int, ...]:
    if rules.is_full_game:
        from badeucey_fast.play.bots import DrawingBot

        return tuple(sorted(DrawingBot().planned_discard(cards, cast(Game, rules.game))))
    return _discard_options(cards, rules, outside)


def _shares(situation: _Situation, pool: list[_Particle], samples: int, rng: random.Random) -> list[float]:
    """LBR's expected share of the pot against each particle (see the module docstring)."""
    rules = situation.rules
    game = cast(Game, rules.game)
    deck = set(_deck(rules))
    outside = [c for c in range(52) if c not in deck]
    mine = situation.cards
    left = situation.draws_left
    my_discard = _discard_options(mine, rules, outside) if left else ()
    out = []
    for part in pool:
        dead = sorted({*situation.thrown, *(c for t, _ in part.draws for c in t), *outside} - {*mine, *part.cards})
        theirs = _particle_discard(part.cards, rules, outside) if left else ()
        unseen = len(deck) - len(mine) - len(part.cards) - len([c for c in dead if c in deck])
        if not left or not (my_discard or theirs) or len(my_discard) + len(theirs) > unseen:
            result = equity([mine, part.cards], dead=dead, game=game)
        else:
            result = equity([mine, part.cards], discards=[my_discard, theirs], dead=dead, draws=left, game=game,
                            samples=samples, seed=rng.getrandbits(63))
        out.append(float(result.share[0]))
    return out


def _decide_bet(situation: _Situation, model: OpponentModel, pool: list[_Particle], samples: int,
                rng: random.Random) -> int:
    """The action of highest value (see the module docstring)."""
    weights = [p.weight for p in pool]
    shares = _shares(situation, pool, samples, rng)
    pot, to_call = situation.pot, situation.to_call
    share = math.fsum(w * s for w, s in zip(weights, shares)) / math.fsum(weights)
    values: list[tuple[float, int]] = [(share * (pot + to_call) - to_call, 0)]
    if situation.raise_to is not None:
        mine, theirs = situation.bets
        put = situation.raise_to - mine
        spot = situation.after_raise
        if spot is None:  # it cannot answer (all in): the raise is a call with more in
            folds = [0.0] * len(pool)
            answer = 0
        else:
            folds = [_probability(model.probabilities(spot, p.cards, p.draws), -1) for p in pool]
            answer = situation.raise_to - theirs
        fold = math.fsum(w * f for w, f in zip(weights, folds)) / math.fsum(weights)
        stays = [w * (1 - f) for w, f in zip(weights, folds)]
        called = math.fsum(w * s for w, s in zip(stays, shares)) / math.fsum(stays) if math.fsum(stays) > 0 else 0.0
        values.append((fold * pot + (1 - fold) * (called * (pot + put + answer) - put), situation.raise_to))
    if to_call:
        values.append((0.0, -1))
    best = values[0]
    for value in values[1:]:
        if value[0] > best[0]:
            best = value
    return best[1]


# ---- the bot --------------------------------------------------------------------------


class LocalBestResponse:
    """The local best response as a standard bot (the Bot protocol), for
    heads-up fixed-limit tables of the full game (see the module docstring).

    :param opponent: the opponent it answers: a
        :class:`~badeucey_fast.play.bots.CFRBot` or a
        :class:`~badeucey_fast.solve.Strategy`, a bot whose action depends
        only on its view (:class:`~badeucey_fast.play.bots.DrawingBot`), or an
        :class:`OpponentModel` (:func:`opponent_model`).
    :param particles: particles in the opponent's range (1 .. 100,000).
    :param samples: sampled outcomes per share (1 .. 100,000).
    :param seed: seeds its sampling (``reset`` re-seeds it); each hand's range
        comes from the seed and LBR's own cards and seat, so within a hand
        every decision sees the same particles.
    :raises ValueError: for a bad ``particles``, ``samples`` or ``seed``.
    :raises TypeError: for an opponent that is not a bot, strategy or model.

    >>> from badeucey_fast.solve.local_response import LocalBestResponse
    >>> LocalBestResponse(None)
    Traceback (most recent call last):
    ...
    TypeError: BotModel: a bot with act(view), not NoneType
    """

    def __init__(self, opponent: Any, *, particles: int = DEFAULT_PARTICLES, samples: int = DEFAULT_SAMPLES,
                 seed: int | None = 0) -> None:
        self.particles = check_count(particles, "particles", high=100_000)
        self.samples = check_count(samples, "samples", high=100_000)
        self.model = opponent_model(opponent)
        self._remembered = _Remembered(self.model)
        self.opponent_name = repr(opponent)
        self.reset(seed)

    @property
    def name(self) -> str:
        return f"LBR({self.particles} particles)"

    def reset(self, seed: int | None = None) -> None:
        """Re-seed its sampling."""
        checked = check_seed(seed)
        self.seed = 0 if checked is None else checked

    def act(self, view: HandView) -> str:
        if view.n_seats != 2:
            raise ValueError(f"LocalBestResponse plays heads-up, the table has {view.n_seats} seats")
        if view.to_act != view.seat:
            raise ValueError(f"LocalBestResponse: seat {view.seat} is not to act")
        situation = _situation_of_view(view)
        if view.phase == "draw":
            thrown = _discard_options(tuple(view.cards), view.rules, ())
            return " ".join(["sd", *(NAME_OF[c] for c in thrown)])
        hand = _hand_seed(self.seed, view.seat, situation.dealt)
        self._remembered.start(hand)
        rng = random.Random(hand)
        pool = _range(situation, self._remembered, self.particles, rng)
        action = _decide_bet(situation, self._remembered, pool, self.samples, rng)
        return "f" if action < 0 else "cc" if action == 0 else f"cbr {action}"

    def opponent_range(self, view: HandView) -> list[tuple[tuple[int, ...], float]]:
        """The opponent's range as LBR holds it at ``view`` (its seat's, any
        time in a hand): each particle's cards now (ascending) and weight
        (they sum to 1), heaviest first.

        :raises ValueError: for a table of more than two seats.
        """
        if view.n_seats != 2:
            raise ValueError(f"LocalBestResponse plays heads-up, the table has {view.n_seats} seats")
        situation = _situation_of_view(view)
        hand = _hand_seed(self.seed, view.seat, situation.dealt)
        self._remembered.start(hand)
        pool = _range(situation, self._remembered, self.particles, random.Random(hand))
        return sorted(((p.cards, p.weight) for p in pool), key=lambda item: -item[1])

    def __repr__(self) -> str:
        return f"LocalBestResponse({self.opponent_name}, particles={self.particles}, samples={self.samples})"


def _hand_seed(seed: int, seat: int, dealt: Sequence[int]) -> int:
    digest = hashlib.blake2b(repr((seed, seat, tuple(sorted(dealt)))).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _spot_of_hand(hand: Hand, seat: int) -> Spot:
    legal = hand.legal()
    rules = hand.rules
    return Spot(seat=seat, position=(seat - hand.button) % 2, round=hand.round, phase=hand.phase,
                history=tuple(history_codes(hand.events)), can_fold=legal.can_fold, raise_to=legal.min_raise_to,
                max_discard=min(len(hand.cards(seat)), rules.discard_limit) if hand.phase == "draw" else 0,
                view=hand.view(seat))


def _situation_of_view(view: HandView) -> _Situation:
    """LBR's situation from its view: the public history replayed on a hand
    whose hidden cards are placeholders (the opponent's spots read from it)."""
    from badeucey_fast.play.hand import Hand

    me, other = view.seat, 1 - view.seat
    committed, bets = [0, 0], [0, 0]  # chips each seat put in: the hand, this round
    for event in view.events:
        kind = type(event)
        if kind is Draw:
            bets = [0, 0]
        elif kind is Post or kind is CheckCall:
            committed[event.seat] += event.amount  # type: ignore[union-attr]
            bets[event.seat] += event.amount  # type: ignore[union-attr]
        elif kind is BetRaise:
            committed[event.seat] += event.to - bets[event.seat]  # type: ignore[union-attr]
            bets[event.seat] = event.to  # type: ignore[union-attr]
    stacks = [view.stacks[s] + committed[s] for s in (0, 1)]
    # placeholders as random.Random(0) deals them, as LBR's documented figures were played
    replay = Hand(view.rules, stacks, button=view.button, seed=random.Random(0))
    dealt: tuple[int, ...] = ()
    steps: list[tuple[Any, ...]] = []
    for event in view.events:
        kind = type(event)
        if kind is Deal and event.seat == me:
            dealt = tuple(cast(tuple[int, ...], event.cards))  # type: ignore[union-attr]
        if kind not in (Fold, CheckCall, BetRaise, Draw):
            continue
        seat = event.seat
        if kind is Draw:
            count = event.count  # type: ignore[union-attr]
            if seat == other:
                steps.append(("draw", _spot_of_hand(replay, other), count))
            else:
                steps.append(("mine", tuple(event.thrown or ()), tuple(event.dealt or ())))  # type: ignore[union-attr]
            replay.act(" ".join(["sd", *(NAME_OF[c] for c in replay.cards(seat)[:count])]))
            continue
        action = -1 if kind is Fold else 0 if kind is CheckCall else event.to  # type: ignore[union-attr]
        if seat == other:
            steps.append(("act", _spot_of_hand(replay, other), action))
        replay.act("f" if action < 0 else "cc" if action == 0 else f"cbr {action}")
    situation = _Situation(view.rules, me, dealt, tuple(view.cards), steps, view.phase,
                           _draws_left(view.rules, view.round, view.phase), pot=view.pot, to_call=view.to_call,
                           raise_to=view.min_raise_to, bets=(view.bets[me], view.bets[other]))
    if view.phase == "bet" and view.min_raise_to is not None:
        raised = replay.copy()
        raised.act(f"cbr {view.min_raise_to}")
        if raised.to_act == other and raised.phase == "bet":
            situation.after_raise = _spot_of_hand(raised, other)
    return situation


def _draws_left(rules: TableRules, round_: int, phase: str) -> int:
    """Draws still to come: after betting round r, draws r+1.. (a draw r is itself to come)."""
    return rules.draws - round_ + (1 if phase == "draw" else 0)


# ---- a match in the full game ---------------------------------------------------------


@dataclass(frozen=True)
class LocalResponseResult:
    """LBR's duplicate result against an opponent (LBR's side of the match)."""

    opponent: str
    deals: int
    hands: int
    particles: int
    samples: int
    seed: int
    mbb_per_hand: float
    ci95: tuple[float, float]
    match: MatchResult = field(repr=False)

    def row(self) -> str:
        """The result as a row of docs/solver.rst's table."""
        lo, hi = self.ci95
        return (f"{self.opponent} | {self.deals:,} deals ({self.hands:,} hands) | {self.particles} particles, "
                f"{self.samples} samples | {self.mbb_per_hand:+.0f} mbb/hand | 95% CI [{lo:+.0f}, {hi:+.0f}] | "
                f"seed {self.seed}")


def local_best_response_match(opponent: Any, deals: int, *, seed: int = 0, particles: int = DEFAULT_PARTICLES,
                              samples: int = DEFAULT_SAMPLES, rules: TableRules | None = None,
                              stacks: int | None = None, executor: Executor | None = None,
                              progress: Callable[[JobProgress], None] | None = None) -> LocalResponseResult:
    """LBR against ``opponent`` in ``deals`` duplicate deals
    (:func:`~badeucey_fast.play.play_match`): its mbb/hand and 95% interval.

    :param opponent: the bot it plays and answers (see :class:`LocalBestResponse`).
    :param deals: deals, each played with the seats swapped.
    :param rules: the table (default: a CFRBot's strategy's rules, else
        heads-up Badeucey capped at four bets a round).
    :param stacks: each seat's chips (default: the strategy's, else 66).
    :param executor: runs the match's chunks (default: one after another here).
    :raises ValueError: for bad ``deals``, ``seed``, ``particles`` or ``samples``.
    """
    from badeucey_fast._jobrun import InlineExecutor
    from badeucey_fast.play.matches import play_match

    deals = check_count(deals, "deals")
    seed_value = check_seed(seed)
    if seed_value is None:
        raise ValueError("local_best_response_match: seed must be an integer")
    lbr = LocalBestResponse(opponent, particles=particles, samples=samples, seed=seed_value)
    strategy = getattr(lbr.model, "strategy", None)
    if rules is None:
        rules = strategy.rules if isinstance(strategy, Strategy) else TableRules("badeucey", heads_up_cap=4)
    chips = (strategy.stacks[0] if isinstance(strategy, Strategy) else 66) if stacks is None else stacks
    result = play_match([lbr, opponent], hands=2 * deals, rules=rules, stacks=chips, seed=seed_value, duplicate=True,
                        executor=InlineExecutor() if executor is None else executor, progress=progress,
                        engine="python")
    return LocalResponseResult(opponent=repr(opponent), deals=result.deals, hands=result.hands, particles=particles,
                               samples=samples, seed=seed_value, mbb_per_hand=result.mbb_per_hand[0],
                               ci95=result.ci95[0], match=result)


# ---- a small game, exactly ------------------------------------------------------------


def table_policy(model: OpponentModel) -> Callable[[TableState, int], dict[int, float]]:
    """A model as a policy of a :class:`~badeucey_fast.solve.TableGame`
    (:data:`~badeucey_fast.solve.Policy`), for :func:`~badeucey_fast.solve.exploitability`."""

    def policy(state: TableState, seat: int) -> dict[int, float]:
        spot, cards, draws = _table_spot(state, seat)
        return _table_actions(model.probabilities(spot, cards, draws), state, seat)

    return policy


def _table_spot(state: TableState, seat: int) -> tuple[Spot, tuple[int, ...], DrawSteps]:
    legal = state.legal_actions()
    raises = [a for a in legal if a > 0]
    public, _ = state.solver_codes(seat)
    phase = "draw" if state.phase == _draw_phase() else "bet"
    cards = state.cards(seat)
    spot = Spot(seat=seat, position=seat, round=state.round, phase=phase, history=public,
                can_fold=-1 in legal and phase == "bet", raise_to=raises[0] if raises and phase == "bet" else None,
                max_discard=max((bin(m).count("1") for m in legal), default=0) if phase == "draw" else 0)
    return spot, cards, _table_draws(state, seat)


def _draw_phase() -> int:
    from badeucey_fast._native import lib

    return int(lib.BDC_PHASE_DRAW)


def _table_draws(state: TableState, seat: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The seat's draws so far, from its information state: ``s:d0`` a pat,
    ``s:dTHROWN/DEALT`` a throw (``-`` for none)."""
    draws: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for token in state.information_state(seat).split("|")[-1].split():
        who, _, what = token.partition(":")
        if who != str(seat) or not what.startswith("d"):
            continue
        if what == "d0":
            draws.append(((), ()))
        elif "/" in what:
            thrown, dealt = what[1:].split("/")
            draws.append((tuple(sorted(parse_cards(thrown))) if thrown != "-" else (), tuple(sorted(parse_cards(dealt)))))
    return draws


def _table_actions(given: Mapping[Action, float], state: TableState, seat: int) -> dict[int, float]:
    """A model's probabilities over a state's legal actions (a throw as a mask over the sorted cards)."""
    legal = state.legal_actions()
    cards = state.cards(seat)
    out = {}
    for action in legal:
        if state.phase == _draw_phase():
            key: Action = tuple(c for i, c in enumerate(cards) if action >> i & 1)
        else:
            key = action
        out[action] = _probability(given, key)
    total = math.fsum(out.values())
    return {a: p / total for a, p in out.items()}


def exact_value(game: TableGame, opponent: Any, seat: int, *, particles: int = DEFAULT_PARTICLES,
                samples: int = DEFAULT_SAMPLES, seed: int = 0) -> float:
    """LBR's exact expected payoff (chips) in ``seat`` of a small heads-up
    game (every deal and draw walked with its probability) against the
    opponent's policy, LBR deciding at each of its information states as
    :class:`LocalBestResponse` does.  At most the best response's value
    (:func:`~badeucey_fast.solve.exploitability`).

    :param game: a :class:`~badeucey_fast.solve.TableGame` small enough to walk
        (``TableRules.mini()``).
    :param opponent: a :class:`~badeucey_fast.solve.Strategy` or an
        :class:`OpponentModel` (a bot needs views: the full game).
    :raises ValueError: for a seat other than 0 or 1, or bad ``particles``,
        ``samples`` or ``seed``.
    """
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    particles = check_count(particles, "particles", high=100_000)
    samples = check_count(samples, "samples", high=100_000)
    checked = check_seed(seed)
    model = opponent_model(opponent)
    if isinstance(model, BotModel):
        raise ValueError("exact_value: a bot's policy needs views (the full game); pass a Strategy or a model")
    policy = table_policy(model)
    chosen: dict[str, Any] = {}
    base = 0 if checked is None else checked

    def value(state: TableState, steps: list[tuple[Any, ...]]) -> float:
        if state.is_terminal():
            return float(state.payoffs()[seat])
        if state.is_chance():
            return math.fsum(p * value(state.child(o), _after_chance(state, steps, seat, o))
                             for o, p in state.chance_outcomes())
        who = state.current_seat()
        if who != seat:
            probs = policy(state, who)
            total = 0.0
            for action, p in probs.items():
                if p > 0:
                    total += p * value(state.child(action), _after_opponent(state, steps, who, action))
            return total
        key = state.information_state(seat)
        if key not in chosen:
            chosen[key] = _table_decision(state, steps, seat, model, particles, samples, base)
        action = chosen[key]
        return value(state.child(action), _after_mine(state, steps, seat, action))

    root = game.root()
    return math.fsum(p * value(root.child(deal), []) for deal, p in root.chance_outcomes())


def _after_opponent(state: TableState, steps: list[tuple[Any, ...]], who: int, action: int) -> list[tuple[Any, ...]]:
    spot = _table_spot(state, who)[0]
    if spot.phase == "draw":
        return [*steps, ("draw", spot, bin(action).count("1"))]
    return [*steps, ("act", spot, action)]


def _after_mine(state: TableState, steps: list[tuple[Any, ...]], seat: int, action: int) -> list[tuple[Any, ...]]:
    if state.phase == _draw_phase():
        cards = state.cards(seat)
        thrown = tuple(c for i, c in enumerate(cards) if action >> i & 1)
        return [*steps, ("mine", thrown, () if not thrown else None)]  # the cards dealt come at the chance node
    return steps


def _after_chance(state: TableState, steps: list[tuple[Any, ...]], seat: int, outcome: Any) -> list[tuple[Any, ...]]:
    if steps and steps[-1][0] == "mine" and steps[-1][2] is None and state.current_seat() == -1 and len(state.dealt):
        return [*steps[:-1], ("mine", steps[-1][1], tuple(sorted(outcome)))]
    return steps


def _table_decision(state: TableState, steps: list[tuple[Any, ...]], seat: int, model: OpponentModel,
                    particles: int, samples: int, seed: int) -> int:
    """LBR's action at a state of a small game (a table action)."""
    rules = state.game.rules
    cards = state.cards(seat)
    dealt = state.dealt[seat]
    phase = "draw" if state.phase == _draw_phase() else "bet"
    legal = state.legal_actions()
    if phase == "draw":
        deck = set(_deck(rules))
        thrown = _discard_options(cards, rules, [c for c in range(52) if c not in deck])
        return sum(1 << cards.index(c) for c in thrown)
    raises = [a for a in legal if a > 0]
    bets = state.bets()
    situation = _Situation(rules, seat, tuple(dealt), cards, list(steps), phase,
                           _draws_left(rules, state.round, phase), pot=state.pot(),
                           to_call=bets[1 - seat] - bets[seat], raise_to=raises[0] if raises else None,
                           bets=(bets[seat], bets[1 - seat]))
    if raises:
        after = state.child(raises[0])
        if after.current_seat() == 1 - seat and after.phase != _draw_phase():
            situation.after_raise = _table_spot(after, 1 - seat)[0]
    rng = random.Random(_hand_seed(seed, seat, dealt))
    pool = _range(situation, model, particles, rng)
    return _decide_bet(situation, model, pool, samples, rng)
