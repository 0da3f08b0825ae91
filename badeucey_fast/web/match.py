"""A duplicate match of a player outside the process against a built-in bot,
one decision at a time: the arena's game logic, with no network in it
(:mod:`badeucey_fast.web.arena` turns it into messages).

The deals are those of :func:`~badeucey_fast.play.matches.play_match` for the
same seed, bit for bit: each deal is played twice, the player in seat 0 then in
seat 1, and the opponent is a fresh bot every chunk of
:data:`~badeucey_fast.play.matches.CHUNK_DEALS` deals, reset with the seed
``play_match`` gives the second bot.  So a player that plays as a local bot
would score exactly what ``play_match([that_bot, opponent], ...)`` reports for it.

>>> from badeucey_fast.play import CallingBot, TableRules
>>> from badeucey_fast.web.match import ArenaMatch
>>> match = ArenaMatch(CallingBot, TableRules("badugi"), hands=4, seed=1)
>>> decision = match.pending()
>>> decision.hand, decision.number, decision.legal
(1, 1, ('f', 'cc', 'cbr 4'))
>>> match.answer("cbr 5")
Traceback (most recent call last):
...
ValueError: seat 0 may bet or raise only to 4, not to 5
>>> while (decision := match.pending()) is not None:
...     match.answer("cc" if decision.view.phase == "bet" else "sd")
...
>>> result = match.result()
>>> result.hands, result.deals, [over.hand for over in match.finished()]
(4, 2, [1, 2, 3, 4])
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from badeucey_fast._checks import check_count, check_int, check_seed
from badeucey_fast._jobrun import chunk_seed
from badeucey_fast._native.table import MAX_CHIPS
from badeucey_fast.games import get_game
from badeucey_fast.play._tally import mbb_per_chip
from badeucey_fast.play.bots import Bot, bot_name
from badeucey_fast.play.hand import Hand
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.view import HandView

__all__ = ["ArenaMatch", "ArenaResult", "Decision", "HandOver"]

SEATS = 2
"""The arena plays heads-up: the player and one bot."""
MAX_ACTION_CHARS = 64
"""The longest action text read (``"sd 7s 5h 4d 3c 2s"`` and the like are far shorter)."""


@dataclass(frozen=True)
class Decision:
    """The player's turn: what it sees and may do."""

    number: int
    """The decision's number in the match, from 1 (it tells a late answer from a new one)."""
    hand: int
    """The hand's number in the match, from 1."""
    view: HandView
    """The player's view of the hand (:meth:`Hand.view <badeucey_fast.play.hand.Hand.view>`)."""

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions in PHH words (:meth:`Hand.legal_actions
        <badeucey_fast.play.hand.Hand.legal_actions>`): ``"f"``, ``"cc"``, ``"cbr N"``
        (pot and no limit: the smallest and the largest amount), or ``"sd"`` in a draw."""
        return self.view.legal_actions


@dataclass(frozen=True)
class HandOver:
    """A finished hand, as the player saw it."""

    hand: int
    """The hand's number in the match, from 1."""
    payoff: int
    """The player's net chips in the hand."""
    view: HandView
    """The player's view at the end (the hands shown at a showdown among its events)."""
    forfeited: bool = False
    """Whether the player forfeited the hand (:meth:`ArenaMatch.forfeit`)."""


@dataclass(frozen=True)
class ArenaResult:
    """A finished match, from the player's side.  The interval is
    :class:`~badeucey_fast.play.matches.MatchResult`'s: each deal (both of its
    hands) is one sample of mbb per hand; NaN with fewer than two deals."""

    game: str
    opponent: str
    """The opponent's name (:func:`~badeucey_fast.play.bots.bot_name`)."""
    hands: int
    deals: int
    seed: int
    """The match's seed: the same seed deals the same cards again."""
    mbb_per_hand: float
    ci95: tuple[float, float]
    forfeited: int
    """Hands the player forfeited."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: NaN (an interval of fewer than two deals) as None."""
        return {"game": self.game, "opponent": self.opponent, "hands": self.hands, "deals": self.deals,
                "seed": self.seed, "mbb_per_hand": _finite(self.mbb_per_hand),
                "ci95": [_finite(self.ci95[0]), _finite(self.ci95[1])], "forfeited": self.forfeited}


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


class ArenaMatch:
    """A duplicate heads-up match of a player against a bot (see the module docstring).

    :param opponent: makes the opponent (a bot class or any function returning a
        bot): called once a chunk of deals, as ``play_match`` copies its bots.
    :param rules: the table's rules (heads-up).
    :param hands: hands to play, rounded up to an even number (whole deals).
    :param seed: the match's seed (None: drawn at random, in :attr:`seed`).
    :param stacks: each seat's chips at the start of every hand.
    :raises ValueError: for a bad count, seed or stack, or rules that do not seat two.
    """

    def __init__(self, opponent: Callable[[], Bot], rules: TableRules, *, hands: int, seed: int | None = None,
                 stacks: int = 200) -> None:
        import numpy as np

        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be a TableRules, not {type(rules).__name__}")
        if rules.max_seats < SEATS:
            raise ValueError("the arena plays heads-up: the rules must seat two")
        hands = check_count(hands, "hands")
        self.deals = -(-hands // SEATS)
        self.hands = self.deals * SEATS
        self.stacks = check_int(stacks, "stacks", low=1, high=MAX_CHIPS)
        given = check_seed(seed)
        self.seed: int = int(np.random.SeedSequence().entropy) % 2**63 if given is None else given  # type: ignore[arg-type]
        self.rules = rules
        self._make_opponent = opponent
        self.opponent = opponent()
        self.opponent_name = bot_name(self.opponent)
        self._per_deal = array("d")
        self._deal_total = 0.0
        self._played = 0  # hands begun
        self._decisions = 0
        self._decision: Decision | None = None
        self._hand: Hand | None = None
        self._finished: list[HandOver] = []
        self._forfeited = 0
        self._chunk_first = 0
        self._chunk: tuple[list[list[int]], list[int]] = ([], [])
        self._scale = mbb_per_chip(rules.big_blind, SEATS)

    @property
    def player_seat(self) -> int:
        """The player's seat in the current hand: 0 in a deal's first hand, 1 in its second."""
        return self._rotation

    @property
    def _rotation(self) -> int:
        return (self._played - 1) % SEATS

    @property
    def hands_done(self) -> int:
        """Hands finished (forfeited ones too)."""
        return self._played - (self._hand is not None)

    def pending(self) -> Decision | None:
        """The player's next decision, the opponent's moves before it played;
        the same decision until it is answered or forfeited; None once every
        hand is played."""
        if self._decision is not None:
            return self._decision
        while True:
            hand = self._hand
            if hand is None:
                if self._played == self.hands:
                    return None
                hand = self._hand = self._deal()
            seat = hand.to_act
            if seat is None:
                payoffs = hand.payoffs
                assert payoffs is not None
                self._close_hand(payoffs[self._rotation], forfeited=False)
                continue
            if seat == self._rotation:
                self._decisions += 1
                self._decision = Decision(self._decisions, self._played, hand.view(seat))
                return self._decision
            hand.act(self.opponent.act(hand.view(seat)))

    def answer(self, action: str) -> None:
        """Play the player's action in PHH words (``"cc"``, ``"cbr 4"``, ``"sd 7s5h"``, ``"sd"``).

        :raises ValueError: for text that is not a legal action now (the hand is
            left as it was, the decision still pending), or when no decision is pending.
        """
        if self._decision is None or self._hand is None:
            raise ValueError("no decision is pending: ask pending() first")
        if not isinstance(action, str):
            raise ValueError(f"an action is text such as 'cc' or 'sd 7s', not {type(action).__name__}")
        if len(action) > MAX_ACTION_CHARS:
            raise ValueError(f"an action is at most {MAX_ACTION_CHARS} characters, got {len(action)}")
        self._hand.act(action)
        self._decision = None

    def forfeit(self) -> None:
        """The player gives up the current hand: it loses the chips it has put
        in, as a fold loses them (a fold where it could check or draw too).

        :raises ValueError: when no decision is pending.
        """
        hand = self._hand
        if self._decision is None or hand is None:
            raise ValueError("no decision is pending: nothing to forfeit")
        self._decision = None
        self._forfeited += 1
        self._close_hand(-hand.committed[self._rotation], forfeited=True)

    def finished(self) -> list[HandOver]:
        """The hands finished since the last call, in order."""
        out, self._finished = self._finished, []
        return out

    def result(self) -> ArenaResult:
        """The match's result, once every hand is played.

        :raises ValueError: while hands are left to play.
        """
        if self._hand is not None or self._played < self.hands:
            raise ValueError(f"the match is not over: {self.hands_done} of {self.hands} hands played")
        import numpy as np

        from badeucey_fast.play._tally import chunk_sums, combine

        per_deal = np.frombuffer(self._per_deal, dtype=np.float64).reshape(-1, 1)
        deals, mean, ci = combine([chunk_sums(per_deal, keep_deals=False)], 1)
        return ArenaResult(get_game(self.rules.game).name, self.opponent_name, self.hands, deals, self.seed,
                           mean[0], ci[0], self._forfeited)

    def _deal(self) -> Hand:
        """The next hand: a deal's first hand draws the deal (a chunk's first deal, its chunk)."""
        from badeucey_fast.play.matches import CHUNK_DEALS, chunk_randomness, ready_bot

        deal = self._played // SEATS
        if deal % CHUNK_DEALS == 0 and self._played % SEATS == 0:
            count = min(CHUNK_DEALS, self.deals - deal)
            seeds = chunk_seed(self.seed, deal // CHUNK_DEALS)
            assert seeds is not None
            bot_seeds, decks, stub_seeds = chunk_randomness(seeds, count, SEATS)
            self._chunk, self._chunk_first = (decks, stub_seeds), deal
            if deal:
                self.opponent = self._make_opponent()
            ready_bot(self.opponent, bot_seeds[1], self.rules)
        decks, stub_seeds = self._chunk
        at = deal - self._chunk_first
        self._played += 1
        return Hand(self.rules, [self.stacks] * SEATS, button=deal % SEATS, deck=decks[at],
                    seed=random.Random(stub_seeds[at]))  # (play_match's generator of the stub seed)

    def _close_hand(self, payoff: int, *, forfeited: bool) -> None:
        hand = self._hand
        assert hand is not None
        player = self._rotation
        observe = getattr(self.opponent, "observe", None)
        if observe is not None and not forfeited:
            observe(hand.view(1 - player))
        self._finished.append(HandOver(self._played, payoff, hand.view(player), forfeited))
        self._deal_total += payoff * self._scale
        self._hand = None
        if player == SEATS - 1:
            self._per_deal.append(self._deal_total)
            self._deal_total = 0.0
