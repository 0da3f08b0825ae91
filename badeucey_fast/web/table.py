"""A person's table against a built-in bot, as the table page plays it.

A :class:`TableSession` holds one heads-up table: you in seat 0, the bot in
seat 1, the button moving every hand and every hand starting from the same
stacks (as ``badeucey play`` does).  The bot acts as soon as it is its turn,
so after every call the session waits for you or for the next hand.
:meth:`TableSession.state` is everything the page shows, as plain data.
:class:`Sessions` keeps a bounded number of sessions: a new one beyond the
bound ends the one left idle longest.

>>> from badeucey_fast.web.table import TableSession, TableSettings
>>> table = TableSession(TableSettings(game="badugi", bot="calling", seed=1))
>>> state = table.state()
>>> state["hand_number"], state["you"]["legal"]["actions"]
(1, ['f', 'cc', 'cbr 4'])
>>> table.act("f")
>>> table.state()["result"]["hands"]
1
>>> table.act("cc")
Traceback (most recent call last):
...
ValueError: the hand is over: deal the next one
>>> TableSettings(bot="cfr", structure="no")
Traceback (most recent call last):
...
ValueError: the cfr bot plays its strategy's rules: fixed limit, blinds 1/2 (choose another bot for other stakes)
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, cast

from badeucey_fast._checks import check_chips, check_int, check_seed
from badeucey_fast._terminal import _in_words
from badeucey_fast.cards import NAME_OF, format_cards, parse_cards
from badeucey_fast.games import GAMES, Game
from badeucey_fast.play.bots import BOTS, Bot, make_bot
from badeucey_fast.play.hand import Hand, Uncontested
from badeucey_fast.play.rules import STRUCTURES, TableRules
from badeucey_fast.play.view import HandView

__all__ = ["MAX_SESSIONS", "STACK_LIMIT", "Sessions", "TableSession", "TableSettings", "options"]

YOU = 0
"""Your seat; the bot sits in seat 1."""
BOT_SEAT = 1
MAX_SESSIONS = 64
"""Tables a server keeps by default (:class:`Sessions`): each holds a hand, a bot and its results."""
STACK_LIMIT = 1_000_000
"""The largest stack a table page deals (chips): a page is a game, not a stress test."""
_ACTION_WORDS = ("f", "cc", "cbr", "sd")
"""The first words of the actions a page sends (PHH's, without a player label: the player is you)."""
_LOG_KEPT = 200
"""Lines of the action log kept (the current hand's and the ones before it)."""


def _cfr_rules(game: str) -> TableRules:
    """The rules of the strategy shipped for ``game``: what the cfr bot plays."""
    from badeucey_fast.solve import default_strategy

    return default_strategy(game).rules


@dataclass(frozen=True)
class TableSettings:
    """What the table page asks before the first hand: the game, the bot and the stakes.

    :param game: one of :data:`~badeucey_fast.games.GAMES`.
    :param bot: a built-in bot's name (:data:`~badeucey_fast.play.bots.BOTS`);
        ``cfr`` plays the strategy shipped for the game under that
        strategy's rules, so the stakes must be those.
    :param structure: ``fixed``, ``pot`` or ``no`` limit.
    :param small_blind: in chips; the bets are the big blind, then twice it (fixed limit).
    :param big_blind: in chips.
    :param stack: each seat's chips at the start of every hand, 1 .. :data:`STACK_LIMIT`.
    :param seed: seeds the deals and the bot (None: a random seed).
    :raises ValueError: naming a bad setting.
    :raises TypeError: for a setting of the wrong type.
    """

    game: str = "badeucey"
    bot: str = "cfr"
    structure: str = "fixed"
    small_blind: int = 1
    big_blind: int = 2
    stack: int = 200
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r} (known: {', '.join(GAMES)})")
        if self.bot not in BOTS:
            raise ValueError(f"unknown bot {self.bot!r} (bots: {', '.join(BOTS)})")
        if self.structure not in STRUCTURES:
            raise ValueError(f"structure must be one of {', '.join(STRUCTURES)}, got {self.structure!r}")
        check_chips(self.small_blind, "small_blind", low=0)
        check_chips(self.big_blind, "big_blind")
        check_int(self.stack, "stack", low=1, high=STACK_LIMIT)
        check_seed(self.seed)
        rules = self.rules()  # checks the blinds against each other
        if self.bot == "cfr":
            trained = _cfr_rules(self.game)
            if (self.structure, self.small_blind, self.big_blind) != (trained.structure, trained.small_blind,
                                                                      trained.big_blind):
                raise ValueError(f"the cfr bot plays its strategy's rules: {trained.structure} limit, blinds "
                                 f"{trained.small_blind}/{trained.big_blind} (choose another bot for other stakes)")
        if self.stack < rules.big_blind:
            raise ValueError(f"stack ({self.stack}) must cover the big blind ({rules.big_blind})")

    def rules(self) -> TableRules:
        """The table's rules (the cfr bot's: its strategy's)."""
        if self.bot == "cfr":
            return _cfr_rules(self.game)
        return TableRules(self.game, small_blind=self.small_blind, big_blind=self.big_blind, structure=self.structure)

    @classmethod
    def from_dict(cls, data: object) -> TableSettings:
        """Settings from the page's JSON object (missing keys take their defaults).

        :raises ValueError: for data that is not an object, an unknown key or a bad setting.
        """
        if not isinstance(data, dict):
            raise ValueError(f"the settings are a JSON object, not {type(data).__name__}")  # noqa: TRY004 - the API promises ValueError
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown settings {', '.join(map(repr, unknown))} (known: {', '.join(sorted(known))})")
        return cls(**data)


def options() -> dict[str, Any]:
    """What the page offers: the games (with their halves' labels), the bots,
    the structures, the default settings and the cfr bot's stakes per game."""
    cfr = {}
    for name in GAMES:
        rules = _cfr_rules(name)
        cfr[name] = {"structure": rules.structure, "small_blind": rules.small_blind, "big_blind": rules.big_blind}
    defaults = TableSettings.__dataclass_fields__
    return {
        "games": [{"name": name, "halves": [game.label(h) for h in game.halves], "cards": game.hand_size}
                  for name, game in GAMES.items()],
        "bots": list(BOTS),
        "structures": list(STRUCTURES),
        "defaults": {name: f.default for name, f in defaults.items()},
        "stack_limit": STACK_LIMIT,
        "cfr": cfr,
    }


class TableSession:
    """One person's table: the current hand, the bot and the results so far.

    One call at a time (a lock): a page that sends two clicks at once has the
    second wait for the first.

    :param settings: the game, the bot and the stakes.
    """

    def __init__(self, settings: TableSettings) -> None:
        self.settings = settings
        self.rules = settings.rules()
        self.game = cast(Game, self.rules.game)
        self._rng = random.Random(settings.seed)
        self.bot: Bot = make_bot(settings.bot, game=settings.game)
        getattr(self.bot, "reset", lambda seed: None)(self._rng.getrandbits(63))
        self.names = ("you", type(self.bot).__name__)
        self._lock = threading.Lock()
        self.payoffs: list[int] = []
        """Your payoff in chips of every finished hand."""
        self.log: list[str] = []
        self.hand_number = 0
        self._drawn: frozenset[int] = frozenset()
        self._phh: str | None = None
        self.hand = self._deal()

    def _deal(self) -> Hand:
        """The next hand, played by the bot up to your turn."""
        self.hand_number += 1
        button = (self.hand_number - 1) % 2
        hand = Hand(self.rules, [self.settings.stack] * 2, button=button, seed=self._rng.getrandbits(63))
        self._drawn = frozenset()
        self._phh = None
        dealer = self.names[button]
        self.log.append(f"hand {self.hand_number}: {dealer} {'have' if button == YOU else 'has'} the button")
        self.hand = hand
        self._bot_plays()
        return hand

    def _bot_plays(self) -> None:
        hand = self.hand
        while hand.to_act == BOT_SEAT:
            before = hand.view(BOT_SEAT)
            action = self.bot.act(before)
            hand.act(action)
            self.log.append(_in_words(self.names[BOT_SEAT], action, before))
        if hand.phase == "over":
            self._finish()

    def _finish(self) -> None:
        hand = self.hand
        payoffs = hand.payoffs
        assert payoffs is not None
        self.payoffs.append(payoffs[YOU])
        self._phh = hand.to_phh()
        getattr(self.bot, "observe", lambda view: None)(hand.view(BOT_SEAT))
        won = payoffs[YOU]
        self.log.append(f"hand {self.hand_number}: you {'win' if won > 0 else 'lose'} {abs(won)}" if won
                        else f"hand {self.hand_number}: you break even")
        del self.log[:-_LOG_KEPT]

    def act(self, action: str) -> None:
        """Play your action, PHH words (``f``, ``cc``, ``cbr 8``, ``sd 7s Kd``,
        ``sd``); then the bot plays up to your next turn or the hand's end.

        :raises ValueError: when it is not your turn, or for an illegal action.
        """
        if not isinstance(action, str):
            raise ValueError(f"an action is text, not {type(action).__name__}")  # noqa: TRY004 - the API promises ValueError
        with self._lock:
            hand = self.hand
            if hand.phase == "over":
                raise ValueError("the hand is over: deal the next one")
            if hand.to_act != YOU:  # pragma: no cover - the bot plays up to your turn
                raise ValueError("it is not your turn")
            before = hand.view(YOU)
            words = action.split()
            if not words or words[0] not in _ACTION_WORDS:  # your own action: no player label
                raise ValueError(f"unknown action {action[:60]!r} (actions: f, cc, cbr N, sd [cards])")
            if words[0] == "sd":
                thrown = parse_cards(" ".join(words[1:])) if len(words) > 1 else ()
                held = set(before.cards)
                for card in thrown:
                    if card not in held:
                        raise ValueError(f"you do not hold {NAME_OF[card]}")
                action = " ".join(["sd", *(NAME_OF[c] for c in thrown)])
            hand.act(action)
            if before.phase == "draw":
                self._drawn = frozenset(hand.cards(YOU)) - set(before.cards)
            self.log.append(_in_words("you", action, before))
            self._bot_plays()

    def next_hand(self) -> None:
        """Deal the next hand (the current one must be over).

        :raises ValueError: while the current hand is being played.
        """
        with self._lock:
            if self.hand.phase != "over":
                raise ValueError("finish this hand first")
            self._deal()

    def state(self) -> dict[str, Any]:
        """Everything the page shows, as plain data (JSON-ready)."""
        with self._lock:
            return self._state()

    def _state(self) -> dict[str, Any]:
        hand = self.hand
        view = hand.view(YOU)
        over = hand.phase == "over"
        seats = []
        for seat in range(2):
            seats.append({
                "name": self.names[seat], "stack": view.stacks[seat], "bet": view.bets[seat],
                "folded": view.folded[seat], "all_in": view.all_in[seat], "button": seat == hand.button,
                "to_act": seat == hand.to_act, "draws": [d[seat] for d in view.draws],
                "shown": None,
            })
        showdown = self._showdown() if over else None
        if showdown is not None:
            for seat, cards in enumerate(showdown.get("shown", [])):
                seats[seat]["shown"] = cards
        return {
            "settings": {**self.settings.__dict__},
            "rules": {"game": self.game.name, "structure": self.rules.structure, "small_blind": self.rules.small_blind,
                      "big_blind": self.rules.big_blind, "small_bet": self.rules.small_bet, "big_bet": self.rules.big_bet},
            "halves": [self.game.label(h) for h in self.game.halves],
            "hand_number": self.hand_number,
            "phase": hand.phase,
            "stage": _stage(hand.phase, hand.round),
            "pot": hand.pot if not over else sum(hand.committed),
            "seats": seats,
            "you": {
                "cards": [NAME_OF[c] for c in view.cards],
                "new": [NAME_OF[c] for c in view.cards if c in self._drawn],
                "legal": _legal(view) if hand.to_act == YOU else None,
            },
            "log": self.log[-_LOG_KEPT:],
            "showdown": showdown,
            "payoff": None if not over else view.payoffs[YOU],  # type: ignore[index]
            "result": self.result(),
            "phh": self._phh,
        }

    def _showdown(self) -> dict[str, Any]:
        """How the hand ended: uncontested, or the hands shown and each half's winners."""
        hand = self.hand
        result = hand.result
        names = self.names
        if isinstance(result, Uncontested):
            return {"uncontested": True, "winner": names[result.seat], "amount": result.amount,
                    "text": [f"{names[result.seat]} {'take' if result.seat == YOU else 'takes'} {result.amount} uncontested"]}
        assert result is not None
        halves = []
        for pot in result.pots:
            for half in pot.halves:
                halves.append({"half": self.game.label(half.half), "amount": half.amount,
                               "winners": [names[s] for s in half.winners], "hand": half.name})
        shown = [None if h is None else format_cards(h.cards).split() for h in result.hands]
        hands = [None if h is None else {self.game.label(half): h.names[half] for half in self.game.halves}
                 for h in result.hands]
        return {"uncontested": False, "halves": halves, "shown": shown, "hands": hands,
                "scoop": None if result.pots[0].scoop is None else names[result.pots[0].scoop],
                "text": result.describe(names).splitlines()}

    def result(self) -> dict[str, Any]:
        """Your result so far: hands, chips, and mbb per hand with its 95% interval
        (each hand the unit; the interval needs two hands)."""
        import math

        import numpy as np

        from badeucey_fast.play._tally import chunk_sums, combine, mbb_per_chip

        played = len(self.payoffs)
        total = sum(self.payoffs)
        out: dict[str, Any] = {"hands": played, "chips": total, "big_blinds": total / self.rules.big_blind,
                               "mbb_per_hand": None, "ci95": None}
        if played:
            per_hand = np.array(self.payoffs, dtype=np.float64)[:, None] * mbb_per_chip(self.rules.big_blind)
            _, means, intervals = combine([chunk_sums(per_hand, False)], 1)
            out["mbb_per_hand"] = means[0]
            low, high = intervals[0]
            out["ci95"] = None if math.isnan(low) else [low, high]
        return out


def _stage(phase: str, round_: int) -> str:
    """``betting round 1 of 4``, ``draw 2 of 3``, ``hand over``."""
    if phase == "over":
        return "hand over"
    return f"draw {round_} of 3" if phase == "draw" else f"betting round {round_ + 1} of 4"


def _legal(view: HandView) -> dict[str, Any]:
    """What you may do now, with the prices the buttons show."""
    seat = view.seat
    return {
        "phase": view.phase,
        "actions": list(view.legal_actions),
        "to_call": view.to_call,
        "can_fold": "f" in view.legal_actions,
        "min_raise_to": view.min_raise_to,
        "max_raise_to": view.max_raise_to,
        "raise_word": "raise to" if max(view.bets) else "bet",
        "all_in_at": view.stacks[seat] + view.bets[seat],
        "max_discard": (view.rules.max_discard or len(view.cards)) if view.phase == "draw" else 0,
    }


class Sessions:
    """The tables of a server, by an unguessable id; at most ``limit``: a new
    table beyond it ends the one left idle longest.

    :param limit: the most tables kept, 1 .. 10,000.
    """

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = check_int(limit, "limit", low=1, high=10_000)
        self._tables: OrderedDict[str, TableSession] = OrderedDict()  # the least recently used first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def new(self, settings: TableSettings) -> tuple[str, TableSession]:
        """A new table and its id."""
        table = TableSession(settings)
        key = secrets.token_urlsafe(18)
        with self._lock:
            self._tables[key] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        return key, table

    def get(self, key: str) -> TableSession:
        """The table of ``key``, now the most recently used.

        :raises KeyError: for an unknown (or ended) table.
        """
        with self._lock:
            self._tables.move_to_end(key)
            return self._tables[key]
