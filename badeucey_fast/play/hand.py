"""Whole hands of triple draw: deal, four betting rounds, three draws, settle.

The rules are docs/rules.rst, "How a hand is played: triple draw"; every game of
:data:`~badeucey_fast.games.GAMES` (and any house :class:`~badeucey_fast.games.Game`)
plays the same way.  The state machine is the C core's (``csrc/bdc_table.c``:
the deal, the blinds, every action, the draws, the stub and the burns, the
showdown and the payoffs); a :class:`Hand` holds one C table, checks what it is
asked, and builds its events, views and history from the table's record of
what happened.

Seats are numbered clockwise from 0 and ``button`` is a seat.  A hand moves
through ``phase`` ``"bet"`` (betting round ``round`` 0..3) and ``"draw"``
(draw ``round`` 1..3, the draw before betting round ``round``) to ``"over"``.

>>> from badeucey_fast.play import Hand, TableRules
>>> hand = Hand(TableRules("badugi"), [100, 100], seed=7)
>>> hand.to_act, hand.legal_actions()     # heads-up: the button posts the small blind and acts first
(0, ('f', 'cc', 'cbr 4'))
>>> hand.check_call(); hand.check_call()  # the button calls, the big blind checks
>>> hand.phase, hand.round, hand.to_act, hand.pot
('draw', 1, 1, 4)
>>> for _ in range(3):
...     hand.discard(); hand.discard()    # both stand pat
...     hand.check_call(); hand.check_call()
>>> hand.phase, sum(hand.payoffs)
('over', 0)
"""

from __future__ import annotations

import copy as _copy_module
import functools
import inspect
import random
import struct
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from badeucey_fast._cards import check_card, hand_ids, quick_ids
from badeucey_fast._checks import SEED_LIMIT, check_int, check_seed
from badeucey_fast._native import ffi, lib, status_text
from badeucey_fast._native.hand_core import hand_core
from badeucey_fast._native.seeding import seeded_generator
from badeucey_fast._native.table import table_rules
from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import Game
from badeucey_fast.play.events import (
    BetRaise,
    CheckCall,
    Deal,
    Draw,
    Event,
    Fold,
    Post,
    Show,
    phh_history,
    player_label,
)
from badeucey_fast.play.rules import STRUCTURES, TableRules
from badeucey_fast.play.view import HandView, Legal
from badeucey_fast.showdown import ShowdownResult, rank_hands, settle, settlement_result

__all__ = ["STRUCTURES", "DealState", "Hand", "Replay", "TableRules", "Uncontested"]

def _seed(seed: object) -> int | None:
    """A hand's seed, by the package's one rule for seeds (:func:`check_seed
    <badeucey_fast._checks.check_seed>`: None or an integer in 0 .. 2**64 - 1,
    numpy integers too; a bool or a float is a TypeError).  Random(-n) plays as
    Random(n), so a negative seed is refused, not aliased."""
    if seed is None or type(seed) is int and 0 <= seed < SEED_LIMIT:
        return seed  # the usual call, without the checker
    return check_seed(seed)


def _copy_random(rng: random.Random) -> random.Random:
    """An independent generator in the same state (a generator without a state,
    such as :class:`random.SystemRandom`, is shared: it has nothing to copy)."""
    try:
        state = rng.getstate()
    except NotImplementedError:
        return rng
    if type(rng) is random.Random:
        twin = random.Random.__new__(random.Random)  # unseeded: setstate gives it the state
        twin.setstate(state)
        return twin
    return _copy_module.deepcopy(rng)


def _state_or_none(rng: random.Random) -> Any:
    try:
        return rng.getstate()
    except NotImplementedError:
        return None


def _random_state(rng: random.Random) -> object:
    try:
        return rng.getstate()
    except NotImplementedError:
        return rng  # nothing to compare but the generator itself


@dataclass(frozen=True)
class Uncontested:
    """A hand won without a showdown: everyone else folded."""

    seat: int
    amount: int
    """The chips the winner took from the middle (own chips included)."""


@dataclass(frozen=True)
class Replay:
    """The cards a recorded hand deals, for :class:`Hand`'s ``deal=``: the hand
    then deals exactly these (and raises when play asks for others) until
    :meth:`Hand.resume` hands the dealing back to the table.

    >>> from badeucey_fast import parse_cards
    >>> from badeucey_fast.play import Hand, Replay, TableRules
    >>> hands = (parse_cards("7s5h4d3c"), parse_cards("AhKhQhJh"))
    >>> hand = Hand(TableRules("badugi"), [20, 20], deal=Replay(hands))
    >>> hand.cards(1) == hands[0]    # seat 1 is left of the button
    True
    >>> Hand(TableRules("badugi"), [20, 20], deal=Replay(hands[:1]))
    Traceback (most recent call last):
    ...
    ValueError: the history deals 1 hands, not 2
    """

    hands: tuple[tuple[int, ...], ...]
    """Each player's hand, in the order of play from the first seat left of the button."""
    draws: Mapping[tuple[int, int], tuple[int | None, ...]] = field(default_factory=dict)
    """The cards dealt in each draw, by (draw 1..3, seat); None for an unknown
    card, which the table deals from the stub, a card the history names
    nowhere (:attr:`named`) when there is one."""
    burns: tuple[int, ...] = ()
    """The cards burnt, in order (a table that burns)."""
    unknown: frozenset[tuple[int, int, int]] = frozenset()
    """The cards of :attr:`hands` and :attr:`draws` that stand for cards the
    history does not know (PHH's ``??``), as (draw, 0 the deal; seat; card):
    :attr:`Hand.placeholders` and ``to_phh`` mark them unknown, with the cards
    dealt for None."""
    named: frozenset[int] = frozenset()
    """The cards the history names: an unknown card of a draw is another while one is left in the stub."""
    shown: frozenset[int] = frozenset()
    """The cards the history shows at the showdown (known there, wherever they were dealt)."""
    dealing: bool = True
    """Whether the hand still deals what this replay prescribes (False once :meth:`Hand.resume` has run)."""

    def __hash__(self) -> int:
        return hash((self.hands, tuple(sorted(self.draws.items())), self.burns, self.unknown, self.named, self.shown,
                     self.dealing))

    @property
    def unknown_any(self) -> bool:
        """Whether the replay deals any unknown card."""
        return bool(self.unknown) or any(None in cards for cards in self.draws.values())


@dataclass(frozen=True)
class DealState:
    """What decides a hand's cards still to come (:attr:`Hand.deal_state`,
    :meth:`Hand.resume`): the stub, whether it is dealt in order, and the
    random state that picks from it and from the cards that reform it."""

    stub: tuple[int, ...]
    """The cards not yet seen; when ``ordered``, the next card last."""
    ordered: bool
    """Whether the stub is dealt in its order (a hand given a ``deck``) rather than at random."""
    random_state: Any
    """:meth:`random.Random.getstate` of the hand's generator; None for a generator without a state."""


_HandT = TypeVar("_HandT", bound="_HandCore")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _one_call(method: Callable[Concatenate[_HandT, _P], _R]) -> Callable[Concatenate[_HandT, _P], _R]:
    """``method`` as one call of its hand: it takes the hand as the C base type's
    methods do (``_enter``, csrc/bindings/hand_core.c), so that another thread's
    call meanwhile is refused with RuntimeError, as this one is while another has
    the hand.  For the methods that write the hand or its caches, or read more than
    one part of it (its table and its record)."""

    @functools.wraps(method)
    def one_call(self: _HandT, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        self._enter()
        try:
            return method(self, *args, **kwargs)
        finally:
            self._leave()

    return one_call


def _digits(text: str) -> bool:
    """Whether ``text`` is a number in ASCII digits (str.isdigit also takes other
    scripts' digits, which int() reads: ``"cbr \u0664"`` would bet 4)."""
    return text.isascii() and text.isdigit()


_BET: int = lib.BDC_PHASE_BET
_DRAW: int = lib.BDC_PHASE_DRAW
_OVER: int = lib.BDC_PHASE_OVER
_PHASE_NAMES = ("bet", "draw", "over")  # by the header's enum bdc_phase
_FOLD: int = lib.BDC_ACTION_FOLD
_CHECK_CALL: int = lib.BDC_ACTION_CHECK_CALL
_MAX_CHIPS: int = lib.BDC_TABLE_MAX_CHIPS
_MAX_EVENTS: int = lib.BDC_TABLE_MAX_EVENTS
_UNIFORMS = 64
"""The uniforms buffer of a table: more than any start or action takes."""
_EVENT_SIZE: int = ffi.sizeof("bdc_table_event")
_CARDS_END = 15  # kind, seat, round, n_thrown, n_cards (a byte each) and cards[10]
_EVENT = struct.Struct(f"=bbbBB10s{ffi.offsetof('bdc_table_event', 'amount') - _CARDS_END}xq")
if _EVENT.size != _EVENT_SIZE:  # pragma: no cover - badeucey.h's bdc_table_event changed
    raise ImportError("bdc_table_event no longer has the layout the hand reads")
_E_DEAL: int = lib.BDC_EVENT_DEAL
_E_FOLD: int = lib.BDC_EVENT_FOLD
_E_CALL: int = lib.BDC_EVENT_CALL
_E_RAISE: int = lib.BDC_EVENT_RAISE
_E_DRAW: int = lib.BDC_EVENT_DRAW
_E_BURN: int = lib.BDC_EVENT_BURN
_E_SHOW: int = lib.BDC_EVENT_SHOW
_table_act = lib.bdc_table_act
_table_legal = lib.bdc_table_legal
_new_object = object.__new__
_TABLE_TYPE = ffi.typeof("bdc_table *")
_HOLE: int = ffi.offsetof("bdc_table", "hole")
_HOLE_ROW: int = dict(ffi.typeof("bdc_table").fields)["hole"].type.item.length  # a seat's row of bdc_table.hole
_N_HOLE: int = ffi.offsetof("bdc_table", "n_hole")
_STACKS: int = ffi.offsetof("bdc_table", "stacks")
_BETS: int = ffi.offsetof("bdc_table", "bets")
_COMMITTED: int = ffi.offsetof("bdc_table", "committed")
_PAYOFFS: int = ffi.offsetof("bdc_table", "payoffs")
_FOLDED: int = ffi.offsetof("bdc_table", "folded")
_ALL_IN: int = ffi.offsetof("bdc_table", "all_in")
_SEATS_OF_CHIPS = [struct.Struct(f"={n}q") for n in range(lib.BDC_TABLE_MAX_SEATS + 1)]
"""The int64 chips of n seats (stacks, bets, ...), by n."""
_LEGALS: dict[bytes, Legal] = {}
"""The :class:`Legal` values made lately, by the bytes of their ``bdc_legal``: a value is immutable, so hands share it."""
_LEGALS_KEPT = 4096

_SHARED_SLOTS = ("_actions", "_careful", "_game", "_legal", "_n", "_posted", "_replay", "_result", "_size", "_start",
                 "_started", "_structure", "button", "rules")
"""Hand attributes a copy may share: immutable values (``_replay``, the deals a recorded
hand prescribes, is only read; ``_legal`` and ``_actions`` are immutable values
of the state both share until one acts)."""
_OWN_SLOTS = ("_burns", "_cbytes", "_ctable", "_decoded", "_fresh", "_log", "_raw", "_rng", "_sealed", "_streamed",
              "_views")
"""Hand attributes a copy gets its own of (besides the C table itself): the views
of its table, the record of its events and the caches built from it, the generator;
``_fresh`` goes with the table (a pickle starts without it); ``_sealed`` with a call
(a copy starts unsealed: no call has it); ``_streamed`` (read only: the generator is
still an int seed's stream in the C base type, its ``random.Random`` made when
``_rng`` is first read) with the generator (a copy gets its own stream, a pickle the
generator)."""
_LEGAL = struct.Struct("=iiiiqqqii")  # bdc_legal: seat, phase, can_fold, can_raise, to_call, min/max raise-to, left, discard
if _LEGAL.size != ffi.sizeof("bdc_legal"):  # pragma: no cover - badeucey.h's bdc_legal changed
    raise ImportError("bdc_legal no longer has the layout the hand reads")


def _new_legal(key: bytes) -> Legal:
    """The :class:`Legal` of a ``bdc_legal``'s bytes, kept for the hands that meet it again."""
    seat, phase, can_fold, raising, to_call, low, high, left, most = _LEGAL.unpack(key)
    legal = Legal(None if seat < 0 else seat, _PHASE_NAMES[phase], to_call, can_fold == 1,
                  low if raising else None, high if raising else None, None if left < 0 else left, most)
    if len(_LEGALS) >= _LEGALS_KEPT:
        _LEGALS.clear()
    _LEGALS[key] = legal
    return legal


def _decode(raw: bytes | bytearray, offset: int = 0) -> list[tuple[int, int, int, tuple[int, ...], tuple[int, ...], int]]:
    """The C events in ``raw`` from ``offset``: (kind, seat, round, cards, dealt, amount),
    ``cards`` the hand dealt or shown, the card burnt, or a draw's thrown cards."""
    out = []
    for kind, seat, round_, n_thrown, n_cards, cards, amount in _EVENT.iter_unpack(memoryview(raw)[offset:]):
        if kind == _E_DRAW:
            out.append((kind, seat, round_, tuple(cards[:n_thrown]), tuple(cards[n_thrown:n_cards]), amount))
        else:
            out.append((kind, seat, round_, tuple(cards[:n_cards]), (), amount))
    return out


class _Io:
    """Where a C call takes its uniforms and writes its events (and where the
    table's legal numbers and a hand's starting stacks are handed over)."""

    __slots__ = ("buffer", "events", "io", "legal", "legal_bytes", "record", "stacks", "uniforms")

    def __init__(self) -> None:
        self.io = io = ffi.new("bdc_table_io *")
        self.buffer = ffi.new("double[]", _UNIFORMS)
        self.uniforms = memoryview(ffi.buffer(self.buffer)).cast("d")  # (an item written here is a C double)
        self.events = ffi.new("bdc_table_event[]", _MAX_EVENTS)
        self.record = memoryview(ffi.buffer(self.events))
        self.legal = ffi.new("bdc_legal *")
        self.legal_bytes = ffi.buffer(self.legal)
        self.stacks = ffi.new("int64_t[]", lib.BDC_TABLE_MAX_SEATS)
        io.uniforms = self.buffer
        io.n_uniforms = _UNIFORMS
        io.events = self.events
        io.max_events = _MAX_EVENTS

    def refused(self, status: int, what: str) -> ValueError:
        """The error of a C call that refused ``what``; the uniforms are cleared (:meth:`clear`)."""
        self.clear()
        return ValueError(f"{what}: {status_text(status)}")

    def clear(self) -> None:
        """Zero the uniforms: the table checks more of them than a call takes, so a
        generator's number outside [0, 1) left here would spoil the thread's next calls."""
        self.buffer[0:_UNIFORMS] = [0.0] * _UNIFORMS


class _PerThread(threading.local):
    """One :class:`_Io` a thread: a hand uses it only within one of its calls
    (the C call, and reading what it wrote right after), so hands share it."""

    def __init__(self) -> None:
        self.io = _Io()


_PER_THREAD = _PerThread()


class _Rules:
    """What a hand takes from its :class:`TableRules`, made once for the rules
    a table plays many hands with: the C ``bdc_table_rules`` and the facts each
    hand reads (the rules are frozen, so these never go stale)."""

    __slots__ = ("burn", "c_bytes", "c_rules", "game", "max_seats", "rules", "size", "structure")

    def __init__(self, rules: TableRules) -> None:
        game: Game = rules.game  # type: ignore[assignment]  # TableRules stores the Game
        self.rules = rules  # (the first of the equal rules these were made for)
        self.c_rules = table_rules(rules)
        self.c_bytes = bytes(ffi.buffer(self.c_rules))  # (what the C base type keeps: _keep_rules)
        self.game = game
        self.size: int = game.hand_size
        self.max_seats = 10 if game.hand_size == 4 else 8
        self.structure = rules.structure
        self.burn = bool(rules.burn)


_C_RULES: dict[int, tuple[TableRules, _Rules]] = {}
"""The rules tables were made with lately and their :class:`_Rules`, by id
(the rules kept alive, so that their id is not another's while kept)."""
_C_RULES_BY_VALUE: dict[TableRules, _Rules] = {}
"""The same by the rules' value: rules made afresh for every hand, equal to
earlier ones, share their C rules (TableRules is an immutable value)."""
_C_RULES_KEPT = 256


def _c_rules(rules: object) -> _Rules:
    """``rules`` checked and made a :class:`_Rules` (once for the rules a table plays many hands with).

    :raises TypeError: for rules that are not a :class:`TableRules`.
    :raises ValueError: for rules of a smaller game than the whole deck and three draws.
    """
    known = _C_RULES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    if not isinstance(rules, TableRules):
        raise TypeError(f"rules must be a TableRules, not {type(rules).__name__}")
    if not rules.is_full_game:
        raise ValueError("the Python engine plays the whole deck and three draws: a smaller game "
                         "(deck, draws, max_discard) plays on the C table")
    try:
        kept = _C_RULES_BY_VALUE.get(rules)
    except TypeError:  # a house Game whose fields are not hashable: made for these rules alone
        kept = None
        hashable = False
    else:
        hashable = True
    if kept is None:
        kept = _Rules(rules)
        if hashable:
            if len(_C_RULES_BY_VALUE) >= _C_RULES_KEPT:
                _C_RULES_BY_VALUE.clear()
            _C_RULES_BY_VALUE[rules] = kept
    if len(_C_RULES) >= _C_RULES_KEPT:
        _C_RULES.clear()
    _C_RULES[id(rules)] = (rules, kept)
    return kept


class _Stub:
    """The stub and the cards out of play as a recorded hand deals them (the
    checks of :class:`Replay`): which cards come from the stub in order, and
    the uniforms that pick the rest from the stub reformed of the cards out of play."""

    def __init__(self, stub: list[int], muck: list[int]) -> None:
        self.stub = stub
        self.muck = muck
        self.before: list[int] = []  # cards dealt from the stub as it is, in order
        self.uniforms: list[float] = []  # picks from the reformed stub
        self.reformed = False

    def take(self, card: int | None, what: str, named: frozenset[int] = frozenset()) -> int:
        """Take ``card`` and return it; None is an unknown card: one the history
        does not name (``named``) when the stub (or the reformed stub) holds one."""
        stub = self.stub
        if card is None:
            if not stub:
                self.stub = stub = self.muck
                self.muck = []
                self.reformed = True
            if not stub:
                raise ValueError(f"the history {what} a card, but no card is left to deal")
            card = next((c for c in stub if c not in named), stub[0])
        if card not in stub:
            if stub:
                raise ValueError(f"the history {what} {NAME_OF[card]}, which is not in the stub")
            self.stub = stub = self.muck
            self.muck = []
            self.reformed = True
            if card not in stub:
                raise ValueError(f"the history {what} {NAME_OF[card]}, which is not out of play")
        if self.reformed:
            j = stub.index(card)
            self.uniforms.append((j + 0.5) / len(stub))  # the C pick floor(u * left) is j
            stub[j] = stub[-1]
            stub.pop()
        else:
            stub.remove(card)
            self.before.append(card)
        return card


# ---------------------------------------------------------------------- #
# Hand's calls as Python writes them: every check, rule and message.  The C
# base type of Hand (csrc/bindings/hand_core.c) answers the common, valid
# call itself and hands every other one to these, its fallbacks.
# ---------------------------------------------------------------------- #
def _posted_seats(posted: object, n: int, button: int) -> tuple[int, ...]:
    """``Hand(posted=...)`` checked: the seats that post a big blind out of turn, in seat order.

    :raises TypeError: for ``posted`` that is not an iterable of seats, or a seat that is not an integer.
    :raises ValueError: for a seat off the table, listed twice, or the small or the big blind's.
    """
    if posted is None:
        return ()
    if isinstance(posted, (str, bytes)) or not isinstance(posted, Iterable):
        raise TypeError(f"posted must be seats (integers), not {type(posted).__name__}")
    seats = [check_int(s, "a posted seat") for s in posted]
    blinds = {button: "small", (button + 1) % n: "big"} if n == 2 else {(button + 1) % n: "small",
                                                                          (button + 2) % n: "big"}
    for s in seats:
        if not 0 <= s < n:
            raise ValueError(f"posted: {s} is not a seat 0..{n - 1}")
        if s in blinds:
            raise ValueError(f"posted: seat {s} posts the {blinds[s]} blind in turn")
    if len(set(seats)) != len(seats):
        raise ValueError(f"posted: a seat is listed twice ({seats})")
    return tuple(sorted(seats))


def _dead_seats(dead: object, posted: tuple[int, ...]) -> tuple[int, ...]:
    """``Hand(dead=...)`` checked: the seats of ``posted`` that post a dead small blind too, in seat order.

    :raises TypeError: for ``dead`` that is not an iterable of seats, or a seat that is not an integer.
    :raises ValueError: for a seat listed twice, or one that posts no big blind out of turn.
    """
    if dead is None:
        return ()
    if isinstance(dead, (str, bytes)) or not isinstance(dead, Iterable):
        raise TypeError(f"dead must be seats (integers), not {type(dead).__name__}")
    seats = [check_int(s, "a dead seat") for s in dead]
    for s in seats:
        if s not in posted:
            raise ValueError(f"dead: seat {s} posts a dead small blind only with a big blind out of turn (posted)")
    if len(set(seats)) != len(seats):
        raise ValueError(f"dead: a seat is listed twice ({seats})")
    return tuple(sorted(seats))


def _start_table(table: Any, c_rules: Any, n: int, c_stacks: Any, button: int,
                 posts: tuple[tuple[int, ...], tuple[int, ...]] | None, c_deck: Any, io: Any) -> int:
    """The C table's start of a hand, with the blinds posted out of turn (``Hand._posted``) when there are any."""
    if posts:
        posted, dead = posts
        return int(lib.bdc_table_start_posted(table, c_rules, n, c_stacks, button, sum(1 << s for s in posted),
                                              sum(1 << s for s in dead), c_deck, 0, io))
    return int(lib.bdc_table_start(table, c_rules, n, c_stacks, button, c_deck, 0, io))


def _init(self: Hand, rules: TableRules, stacks: Sequence[int], *, button: int = 0,
          seed: int | random.Random | None = None, deck: str | Sequence[int] | None = None,
          deal: Replay | None = None, posted: Iterable[int] | None = None,
          dead: Iterable[int] | None = None) -> None:
    """``Hand(...)``: the parameters are :class:`Hand`'s."""
    self._started = self._fresh = False  # (until the table is dealt: the C base type reads nothing before)
    known = _C_RULES.get(id(rules))
    kept = known[1] if known is not None and known[0] is rules else _c_rules(rules)  # (_c_rules checks the rules)
    if type(stacks) is not list and type(stacks) is not tuple and (
            isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence)):
        raise ValueError("stacks must be a sequence of chip counts, one per seat")
    n = len(stacks)
    if not 2 <= n <= kept.max_seats:
        raise ValueError(f"{kept.game.name} seats 2..{rules.max_seats} players, got {n} stacks")
    start = tuple(stacks)
    for s in start:
        if type(s) is not int or not 1 <= s <= _MAX_CHIPS:
            start = tuple(check_int(s, f"stack of seat {i}", low=1) for i, s in enumerate(stacks))
            for i, s in enumerate(start):
                if s > _MAX_CHIPS:
                    raise ValueError(f"stack of seat {i} must be at most 2**40 chips, got {s}")
            break
    if type(button) is not int and (isinstance(button, bool) or not isinstance(button, int)) or not 0 <= button < n:
        raise ValueError(f"button must be a seat 0..{n - 1}, got {button!r}")
    live_posts = _posted_seats(posted, n, button)
    dead_posts = _dead_seats(dead, live_posts)
    posts = (live_posts, dead_posts) if live_posts else None
    if type(seed) is random.Random or isinstance(seed, random.Random):
        rng = seed
    else:
        checked = _seed(seed)
        rng = random.Random() if checked is None else seeded_generator(checked)
    if deal is not None and not isinstance(deal, Replay):
        raise TypeError(f"deal must be a Replay, not {type(deal).__name__}")
    ids = None
    if deck is not None:
        if deal is not None:
            raise ValueError("deck and deal exclude each other")
        ids = hand_ids(deck, (52,), "deck")
    self.rules = rules
    self._game = kept.game
    self._size = size = kept.size
    self._structure = kept.structure
    self._n = n
    self.button = button
    self._start = start
    self._posted = posts  # (None, as the C base type's fast path leaves it: no post)
    self._rng = rng
    self._replay = deal
    burn = kept.burn
    self._careful = deal is not None or burn
    self._raw = bytearray()
    self._log = []
    self._decoded = 0
    self._burns = []
    # What each seat has seen of the log so far (the events, other seats' cards
    # hidden) and, under None, the whole history's PHH lines: how many log entries,
    # and what they gave.  The log only grows, so a view masks only what happened
    # since the last one (a cache: not part of equality).
    self._views = {}
    self._legal = None
    self._actions = None
    self._result = None
    table = self._table
    shared = _PER_THREAD.io
    c_rules = kept.c_rules
    c_stacks = shared.stacks
    c_stacks[0:n] = start
    if deal is not None:
        c_deck = self._replay_deck(deal, c_rules, c_stacks)
        need = 0
    else:
        c_deck = ffi.NULL if ids is None else ffi.new("uint8_t[]", ids)
        if burn:  # a burn when nobody can bet in round 0 (short stacks)
            trial = _Io()
            _start_table(ffi.new("bdc_table *"), c_rules, n, c_stacks, button, posts, c_deck, trial.io)
            need = trial.io.used
        else:
            need = 0 if ids is not None else n * size
    if need:
        self._feed(shared, need)
        c_stacks[0:n] = start  # (again: the generator's Python may have dealt another hand of this thread)
    status = _start_table(table, c_rules, n, c_stacks, button, posts, c_deck, shared.io)
    if status < 0:
        raise shared.refused(status, "the table refused the hand")
    self._record(shared, need)
    if deal is not None:
        table.ordered = 0  # the replay's order is the history's, not a deck's
    self._started = True
    if not burn:  # the rules a table plays many hands with: the C base type deals the next hands
        self._keep_rules(rules, kept.c_bytes, kept.game, size, kept.structure, kept.max_seats)


def _legal(self: Hand) -> Legal:
    """What the seat to act may do now, as numbers (:class:`Legal`): the chips
    to call, whether it may fold, the raise-to range, the raises left before
    the cap, and in a draw the most cards it may throw."""
    legal = self._legal
    if legal is None:
        legal = self._legal = self._numbers()
    return legal


def _cards(self: Hand, seat: int) -> tuple[int, ...]:
    """That seat's card ids now (a folded seat's hand is out of play: empty)."""
    if type(seat) is not int or not 0 <= seat < self._n:
        self._seat(seat)
    held = self._bytes
    at = _HOLE + _HOLE_ROW * seat
    return tuple(held[at:at + held[_N_HOLE + seat]].tolist())


def _fold(self: Hand) -> None:
    """The seat to act folds (only when facing a bet)."""
    table = self._table
    if table.phase != _BET:
        self._betting_seat("fold")
    seat = table.to_act
    if table.bets[seat] >= table.level:
        raise ValueError(f"seat {seat} has nothing to call, so may not fold: check (cc) instead")
    self._play(_FOLD)


def _check_call(self: Hand) -> None:
    """The seat to act checks, or calls the bet (all in if short)."""
    table = self._table
    if table.phase != _BET:
        self._betting_seat("check or call")
    self._play(_CHECK_CALL)


def _bet_raise(self: Hand, to: int | None = None) -> None:
    """The seat to act bets or raises to ``to`` chips this round.

    :param to: the seat's total bet this round after the raise; in fixed limit
        it may be left out (it can only be one amount); required in pot and
        no limit, between the two amounts :meth:`legal_actions` gives.
    :raises ValueError: if the seat may not raise, or not to that amount.
    """
    table = self._table
    if table.phase != _BET:
        self._betting_seat("bet or raise")
    legal = self._legal or self._numbers()  # (a refused raise leaves the hand as it was, caches too)
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        seat = table.to_act
        raise ValueError(f"seat {seat} may not bet or raise now ({self._why_no_raise(seat)})")
    if to is None:
        if low != high:
            raise ValueError(f"bet_raise needs an amount in {self._structure} limit: to {low}..{high}")
        to = low
    if type(to) is not int and (isinstance(to, bool) or not isinstance(to, int)):
        raise ValueError(f"a bet or raise is to a whole number of chips, got {to!r}")
    if not low <= to <= high:
        allowed = f"to {low}" if low == high else f"to {low}..{high}"
        raise ValueError(f"seat {table.to_act} may bet or raise only {allowed}, not to {to}")
    self._play(to if type(to) is int else int(to))


def _discard(self: Hand, cards: str | Iterable[int] = ()) -> None:
    """The seat to draw throws ``cards`` (text or ids of cards it holds;
    none is standing pat) and is dealt as many at once.

    :raises ValueError: out of turn, or for cards the seat does not hold.
    :raises TypeError: for cards that are neither text nor card ids.
    """
    table = self._table
    seat = table.to_act
    if seat < 0:
        raise ValueError("cannot discard: the hand is over")
    if table.phase != _DRAW:
        raise ValueError(f"cannot discard: seat {seat} is to bet (f, cc or cbr), not to draw")
    if isinstance(cards, str) and not cards.strip():
        thrown: tuple[int, ...] = ()
    elif (quick := quick_ids(cards)) is not None:  # text, or plain distinct ids
        thrown = quick
    elif isinstance(cards, str):
        thrown = parse_cards(cards)
    else:
        try:
            thrown = tuple(cards)  # (a numpy array too: never tested for truth)
        except TypeError:
            raise TypeError(f"cards must be card text or card ids, got {cards!r}") from None
        thrown = tuple(check_card(x) for x in thrown)  # raises, naming the bad id
        if len(set(thrown)) != len(thrown):
            raise ValueError(f"seat {seat} cannot throw the same card twice")
    if not thrown:
        self._play(0)
        return
    held = self._bytes
    at = _HOLE + _HOLE_ROW * seat
    hole = held[at:at + held[_N_HOLE + seat]].tolist()
    mask = 0
    last = -1
    in_order = True
    for c in thrown:
        try:
            i = hole.index(c)
        except ValueError:
            raise ValueError(f"seat {seat} does not hold {NAME_OF[c]}") from None
        mask |= 1 << i
        if i < last:
            in_order = False
        last = i
    count = len(thrown)
    left = table.n_stub
    # The random picks: none from a deck's stub in order; from a stub that runs
    # short, its last cards, then picks from the stub reformed.
    need = (0 if table.ordered else count) if left >= count else count - left
    if in_order:
        self._play(mask, need)
        return
    # The table throws the cards in the order they sit in the hand: seat them in
    # the order given, which the history keeps (and the cards out of play too).
    given = iter(thrown)
    held[at:at + len(hole)] = bytes([next(given) if c in thrown else c for c in hole])
    try:
        self._play(mask, need)
    except BaseException:
        if table.phase == _DRAW and table.to_act == seat:  # refused (the replayed history, the generator): as it was
            held[at:at + len(hole)] = bytes(hole)
        raise  # (else the table played, and its record could not keep the events: the table stays as played)



def _legal_actions(self: Hand) -> tuple[str, ...]:
    """The actions the seat to act may take, in PHH words: ``"f"`` (only
    when there is a bet to call), ``"cc"``, ``"cbr N"`` (fixed limit: the one
    amount; pot and no limit: the smallest and the largest, any amount
    between is legal), or ``"sd"`` in a draw (discard any 0..5 of one's
    cards, 0..4 in Badugi).  Empty when the hand is over."""
    out = self._actions
    if out is not None:
        return out
    legal = self.legal()
    if legal.seat is None:
        out = ()
    elif legal.phase == "draw":
        out = ("sd",)
    else:
        words = ["f", "cc"] if legal.can_fold else ["cc"]
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None:
            words.append(f"cbr {low}")
            if high != low:
                words.append(f"cbr {high}")
        out = tuple(words)
    self._actions = out
    return out


def _act(self: Hand, text: str) -> None:
    """Take an action written in PHH words: ``"f"``, ``"cc"``, ``"cbr 8"``,
    ``"sd"`` or ``"sd 7s Kd"``, optionally after the acting player's PHH
    label (``"p3 cc"``: players p1, p2, ... from left of the button).

    :raises ValueError: for text that is not an action, or an illegal one.
    """
    if text == "cc":
        self.check_call()
        return
    if not isinstance(text, str):
        raise ValueError(f"an action is text such as 'cc' or 'sd 7s', not {type(text).__name__}")  # noqa: TRY004 - the API promises ValueError
    words = text.split("#", 1)[0].split()
    if words and words[0][:1] == "p" and _digits(words[0][1:]):
        label = words.pop(0)
        seat = self.to_act
        if seat is None:
            raise ValueError(f"cannot {text!r}: the hand is over")
        if label != self._label(seat):
            raise ValueError(f"{label} is not to act: {self._label(seat)} (seat {seat}) is")
    if not words:
        raise ValueError(f"no action in {text!r}")
    word, rest = words[0], words[1:]
    if word == "f" and not rest:
        self.fold()
    elif word == "cc" and not rest:
        self.check_call()
    elif word == "cbr" and len(rest) <= 1:
        if rest and not _digits(rest[0]):
            raise ValueError(f"cbr takes a whole number of chips, got {rest[0]!r}")
        self.bet_raise(int(rest[0]) if rest else None)
    elif word == "sd":
        self.discard(" ".join(rest))
    else:
        raise ValueError(f"unknown action {text!r} (actions: f, cc, cbr N, sd [cards])")


_PROPERTY_DOCS = {
    "to_act": 'The seat whose turn it is (to bet or to draw), or None when the hand is over.',
    "phase": '``"bet"``, ``"draw"`` or ``"over"``.',
    "payoffs": 'Net chips per seat once the hand is over (final minus starting stack); None before.',
}
"""The docstrings of the properties the C base type reads."""


if TYPE_CHECKING:
    from badeucey_fast._native.hand_core import HandCore as _HandCore
else:
    _HandCore = hand_core(
        f"{__name__}._HandCore",
        "The C base type of :class:`Hand` (csrc/bindings/hand_core.c): its table and hot path.",
        _init, {"legal": _legal, "cards": _cards, "fold": _fold, "check_call": _check_call, "bet_raise": _bet_raise,
                "discard": _discard, "legal_actions": _legal_actions, "act": _act}, _PROPERTY_DOCS, _LEGALS, _new_legal)


class Hand(_HandCore):
    """One hand of triple draw at a table (see the module docstring).

    :param rules: the table's :class:`TableRules`.
    :param stacks: each seat's chips at the start, clockwise from seat 0
        (2..8 seats, 2..10 for Badugi; every stack 1 .. 2**40).
    :param button: the button's seat.
    :param seed: an integer in ``0 .. 2**64 - 1`` (numpy integers too) or a
        :class:`random.Random`, which makes the deal and every reshuffle of the
        stub reproducible; None for a fresh random deal.  An integer deals from
        :func:`~badeucey_fast.play.seeded_generator` of it (not from
        ``random.Random(seed)``, whose seeding costs more than the deal: pass
        that to deal its cards).
    :param deck: the order of the 52 cards (text or ids), dealt from the front,
        instead of a shuffle; a reshuffle of the stub still uses ``seed``.
    :param deal: a :class:`Replay`: the cards a recorded hand deals (its
        hands, each draw's cards and the burns), dealt instead of the table's
        until :meth:`resume`; the replay path of
        :func:`~badeucey_fast.play.phh.loads`.
    :param posted: the seats that post a big blind out of turn, as a new
        player posts one to be dealt in at once (a site's history,
        :mod:`badeucey_fast.histories`): after the blinds, each posts the big
        blind (all of its stack when short) as its live bet of the first round,
        so it calls only what a raise adds and may check when the action comes
        back unraised (:attr:`posted`, the events' ``Post(seat, amount,
        "posted")``, PHH's ``_badeucey_posted``).  None or empty: no such post.
    :param dead: the seats of ``posted`` that post a dead small blind with the
        big blind, as a player back from sitting out posts both: the small
        blind (from what the big blind left) goes to the pot, not the seat's
        bet, so it is never returned as uncalled and belongs to the main pot
        (:attr:`dead`, the events' ``Post(seat, amount, "dead")``, PHH's
        ``_badeucey_dead``).  None or empty: no such post.
    :raises ValueError: for bad stacks, a bad button, a seed out of range or a bad deck,
        a ``deal`` that does not fit the table (or cards play never asks for),
        a posted seat off the table, listed twice or a blind's, or a dead seat
        listed twice or not posted.
    :raises TypeError: for rules that are not a :class:`TableRules`, a
        ``deal`` that is not a :class:`Replay`, a stack, seed, posted or dead
        seat that is not an integer (the package's rule, :mod:`badeucey_fast._checks`).

    Each random pick of a card is one ``random()`` of the hand's generator, taken
    when the card is dealt: the card at that fraction of the unseen cards.

    The history is kept as typed events (:attr:`events`), built from the C
    table's record when read, and rendered as PHH (:attr:`history`,
    :meth:`to_phh`).

    Two hands are equal (``==``) when they would play on the same way: the same
    rules, seats and history, and, until the hand is over, the same cards left
    to deal and the same random state.  :meth:`copy` (and :func:`copy.copy`,
    :func:`copy.deepcopy`) gives an equal hand that acts independently.

    One call at a time: a call that comes while another is running on the hand,
    from another thread or from its generator's ``random()``, raises
    RuntimeError and changes nothing (docs/playing.rst, "Threads").
    """

    __slots__ = ()  # every attribute is a member of the C base type

    @property
    def _table(self) -> Any:
        """The hand's C table (a ``bdc_table *`` into the hand: never kept beyond it)."""
        table = self._ctable
        if table is None:
            table = self._ctable = ffi.cast(_TABLE_TYPE, self._address)
        return table

    @property
    def _bytes(self) -> memoryview:
        """The bytes of the hand's C table, to read its fields without a cffi call each
        (and to write a seat's cards in another order: :meth:`discard`)."""
        held = self._cbytes
        if held is None:
            held = self._cbytes = memoryview(ffi.buffer(self._table))
        return held

    # ------------------------------------------------------------------ #
    # The C table
    # ------------------------------------------------------------------ #
    def _feed(self, shared: _Io, need: int) -> None:
        """Put the next ``need`` uniforms of the generator where the C call takes them.
        The hand is sealed meanwhile (a call the generator's Python makes on it is
        refused, as in the C base type).  The numbers are gathered in the call's own
        buffer and copied to the thread's once all are taken: the generator's Python
        may deal or play other hands of this thread, which use the thread's buffer,
        and what a failing generator gave never reaches it.  The ``random()`` of a
        :class:`random.Random` itself runs no Python and gives floats in [0, 1): its
        numbers go there at once."""
        rng = self._rng
        if type(rng) is random.Random and "random" not in rng.__dict__:
            rnd = rng.random
            uniforms = shared.uniforms
            for i in range(need):
                uniforms[i] = rnd()
            return
        uniforms = memoryview(bytearray(8 * need)).cast("d")
        self._sealed = True
        try:
            rnd = rng.random
            for i in range(need):
                x = rnd()
                try:
                    uniforms[i] = x  # (as a C double: a TypeError for no number, a ValueError beyond a double)
                except (TypeError, ValueError) as error:
                    raise type(error)(f"random() of the hand's generator gave {type(x).__name__}, "
                                      "not a float in [0, 1)") from None
        finally:
            self._sealed = False
        shared.uniforms[:need] = uniforms

    def _of_generator(self, read: Callable[[random.Random], _R]) -> _R:
        """``read(generator)`` with the hand sealed, as :meth:`_feed` seals it: the
        generator's own Python (its ``getstate``, a deep copy) may call the hand, and is refused."""
        self._sealed = True
        try:
            return read(self._rng)
        finally:
            self._sealed = False

    def _record(self, shared: _Io, need: int) -> None:
        """After a C call: keep its events, check it took the uniforms it was given."""
        self._legal = self._actions = None  # (first: the table played, whatever fails below)
        self._fresh = False  # (the C base type's numbers of the seat to act are stale)
        io = shared.io
        used = io.used
        if used or need:
            io.used = 0
            if used != need:  # the generator's Python changed how the stub is dealt (resume) meanwhile
                raise RuntimeError(f"the table took {used} random picks, not {need}")
        self._raw += shared.record[:io.n_events * _EVENT_SIZE]

    def _play(self, action: int, need: int = 0) -> None:
        """The seat to act takes ``action`` (legal: checked by the caller), the
        C call taking ``need`` uniforms."""
        if self._careful:
            self._play_carefully(action)
            return
        shared = _PER_THREAD.io
        if need:
            self._feed(shared, need)
        status = _table_act(self._table, action, shared.io)
        if status < 0:  # every caller checks the action first: the generator's numbers were not uniforms
            raise shared.refused(status, f"table action {action}")
        self._record(shared, need)

    def _trial(self, action: int) -> tuple[int, list[tuple[int, int, int, tuple[int, ...], tuple[int, ...], int]]]:
        """The uniforms ``action`` takes and the events it records, on a copy of the table."""
        trial = _Io()
        status = _table_act(ffi.new("bdc_table *", self._table[0]), action, trial.io)
        if status < 0:  # pragma: no cover - every caller checks the action first
            raise ValueError(f"table action {action}: {status_text(status)}")
        return trial.io.used, _decode(ffi.buffer(trial.events, trial.io.n_events * _EVENT_SIZE)[:])

    def _play_carefully(self, action: int) -> None:
        """An action whose random picks are not known beforehand (a burn may
        follow) or whose cards a :class:`Replay` prescribes."""
        need, events = self._trial(action)
        table = self._table
        shared = _PER_THREAD.io
        if self._replay is None or not self._replay.dealing:
            self._feed(shared, need)
            status = _table_act(table, action, shared.io)
            if status < 0:  # checked by the trial: the generator's numbers were not uniforms
                raise shared.refused(status, f"table action {action}")
            self._record(shared, need)
            return
        replay = self._replay
        plan = _Stub(ffi.unpack(table.stub, table.n_stub), ffi.unpack(table.muck, table.n_muck))
        burnt = len(self.burns)
        for kind, seat, round_, cards, _dealt, _amount in events:
            if kind == _E_FOLD:
                plan.muck.extend(self.cards(seat))
            elif kind == _E_DRAW and cards:  # (standing pat deals nothing: loads checks what is listed)
                wanted = replay.draws.get((round_, seat), ())
                if len(wanted) != len(cards):
                    raise ValueError(
                        f"seat {seat} threw {len(cards)} cards in draw {round_} but the history deals {len(wanted)}")
                # The named cards first: a named card that is out of play is dealt
                # only once the stub is empty, which the unknown ones may empty.
                for card in sorted(wanted, key=lambda c: c is None or c not in plan.stub):
                    plan.take(card, "deals", replay.named)
                plan.muck.extend(cards)
            elif kind == _E_BURN:
                if burnt >= len(replay.burns):
                    raise ValueError("the history burns fewer cards than the table's rules do")
                card = replay.burns[burnt]
                burnt += 1
                plan.take(card, "burns")
                plan.muck.append(card)
        # The cards the history deals from the stub go on top, in order (the next
        # last), and the table deals them in that order; the picks from a reformed
        # stub are the uniforms that find them.
        rest = [] if plan.reformed else plan.stub
        order = rest + plan.before[::-1]
        table.stub[0:len(order)] = order
        table.ordered = 1
        need = len(plan.uniforms)
        if need:
            shared.buffer[0:need] = plan.uniforms
        status = _table_act(table, action, shared.io)
        table.ordered = 0
        if status < 0:  # pragma: no cover - checked by the trial
            raise ValueError(f"table action {action}: {status_text(status)}")
        self._record(shared, need)

    def _replay_deck(self, deal: Replay, c_rules: Any, c_stacks: Any) -> Any:
        """The deck that deals a recorded hand's hands (and its first burn, when
        nobody can bet before the first draw), after checking them."""
        n, size = self._n, self._size
        hands = deal.hands
        if len(hands) != n:
            raise ValueError(f"the history deals {len(hands)} hands, not {n}")
        order = [(self.button + 1 + i) % n for i in range(n)]
        unseen = set(range(52))
        for i, cards in enumerate(hands):
            if len(cards) != size:
                raise ValueError(f"the history deals seat {order[i]} {len(cards)} cards, not {size}")
            for c in cards:
                if c not in unseen:
                    raise ValueError(f"the history deals {NAME_OF[c]} twice")
                unseen.discard(c)
        dealt = [hands[i][k] for k in range(size) for i in range(n)]
        rest = sorted(unseen)
        if self.rules.burn:
            trial = _Io()
            _start_table(ffi.new("bdc_table *"), c_rules, n, c_stacks, self.button, self._posted,
                         ffi.new("uint8_t[]", dealt + rest), trial.io)
            kinds = [e[0] for e in _decode(ffi.buffer(trial.events, trial.io.n_events * _EVENT_SIZE)[:])]
            if _E_BURN in kinds:
                if not deal.burns:
                    raise ValueError("the history burns fewer cards than the table's rules do")
                card = deal.burns[0]
                if card not in unseen:
                    raise ValueError(f"the history burns {NAME_OF[card]}, which is not in the stub")
                rest.remove(card)
                rest.insert(0, card)
        return ffi.new("uint8_t[]", dealt + rest)

    @_one_call
    def resume(self, state: DealState | None = None) -> None:
        """Leave the cards a :class:`Replay` prescribed for the table's own
        dealing, so that a replayed hand plays on: from ``state`` (a
        :attr:`deal_state` of the hand that was recorded: the same cards to come)
        or, without one, with the unseen cards dealt at random by a fresh generator.
        Nothing to do once the hand is over.

        :raises ValueError: if ``state``'s stub is not the cards still unseen.
        """
        table = self._table
        if table.phase == _OVER:
            return
        rng = random.Random()
        if state is not None:
            stub = list(state.stub)
            current = ffi.unpack(table.stub, table.n_stub)
            if len(stub) != len(current) or set(stub) != set(current):
                raise ValueError("the deal state does not fit: the stub is not the cards the history leaves unseen")
            if state.random_state is not None:
                try:
                    rng.setstate(state.random_state)
                except (TypeError, ValueError) as exc:
                    raise ValueError(f"the deal state's random state is not one ({exc})") from None
            table.stub[0:len(stub)] = stub
            table.ordered = int(bool(state.ordered))
        self._rng = rng
        replay = self._replay
        # A replay with unknown cards is kept, no longer dealing, for what it says is unknown.
        self._replay = replace(replay, dealing=False) if replay is not None and replay.unknown_any else None
        self._careful = self.rules.burn

    @property
    @_one_call
    def deal_state(self) -> DealState:
        """What decides the cards still to come (a :class:`DealState`)."""
        table = self._table
        return DealState(tuple(ffi.unpack(table.stub, table.n_stub)), bool(table.ordered), self._of_generator(_state_or_none))

    # ------------------------------------------------------------------ #
    # The record of events
    # ------------------------------------------------------------------ #
    def _events_now(self) -> list[Event]:
        """The typed events so far, decoding only what the table recorded since the last call."""
        log, raw = self._log, self._raw
        if self._decoded < len(raw):
            if not self._decoded:
                table, rules, start = self._table, self.rules, self._start
                if rules.ante:
                    log.extend(Post(s, min(rules.ante, start[s]), "ante") for s in range(self._n))
                    start = tuple(s - min(rules.ante, s) for s in start)  # what the blinds are posted from
                if rules.small_blind:
                    log.append(Post(table.sb_seat, min(rules.small_blind, start[table.sb_seat]), "small"))
                log.append(Post(table.bb_seat, min(rules.big_blind, start[table.bb_seat]), "big"))
                for s in self.posted:
                    live = min(rules.big_blind, start[s])
                    log.append(Post(s, live, "posted"))
                    dead = min(rules.small_blind, start[s] - live) if s in self.dead else 0
                    if dead:
                        log.append(Post(s, dead, "dead"))
            for kind, seat, round_, cards, dealt, amount in _decode(raw, self._decoded):
                if kind == _E_DEAL:
                    log.append(Deal(seat, len(cards), cards))
                elif kind == _E_CALL:
                    log.append(CheckCall(seat, amount))
                elif kind == _E_RAISE:
                    log.append(BetRaise(seat, amount))
                elif kind == _E_FOLD:
                    log.append(Fold(seat))
                elif kind == _E_DRAW:
                    log.append(Draw(seat, round_, len(cards), cards, dealt))
                elif kind == _E_SHOW:
                    log.append(Show(seat, cards))
                elif kind == _E_BURN:
                    self._burns.append(cards[0])
            self._decoded = len(raw)
        return log

    # ------------------------------------------------------------------ #
    # Public state
    # ------------------------------------------------------------------ #
    @property
    def n_seats(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def game(self) -> Game:
        """The game played."""
        return self._game

    @property
    def round(self) -> int:
        """The betting round (0..3) or the draw (1..3, before betting round of the same number)."""
        return int(self._table.round)

    @property
    def pot(self) -> int:
        """Chips in the middle, this round's bets included (0 once the hand is settled)."""
        table = self._table
        return 0 if table.phase == _OVER else sum(_SEATS_OF_CHIPS[self._n].unpack_from(self._bytes, _COMMITTED))

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not yet bet)."""
        return _SEATS_OF_CHIPS[self._n].unpack_from(self._bytes, _STACKS)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each seat's chips when the hand began."""
        return self._start

    @property
    def posted(self) -> tuple[int, ...]:
        """The seats that posted a big blind out of turn (``Hand(posted=...)``), in seat order."""
        return self._posted[0] if self._posted else ()

    @property
    def dead(self) -> tuple[int, ...]:
        """The seats of :attr:`posted` that posted a dead small blind with their big blind
        (``Hand(dead=...)``), in seat order."""
        return self._posted[1] if self._posted else ()

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in this betting round."""
        return _SEATS_OF_CHIPS[self._n].unpack_from(self._bytes, _BETS)

    @property
    def committed(self) -> tuple[int, ...]:
        """Each seat's chips in the middle over the whole hand."""
        return _SEATS_OF_CHIPS[self._n].unpack_from(self._bytes, _COMMITTED)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple([f == 1 for f in self._bytes[_FOLDED:_FOLDED + self._n]])

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Whether each seat is all in."""
        return tuple([a == 1 for a in self._bytes[_ALL_IN:_ALL_IN + self._n]])

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} (seats 0..{self._n - 1})")
        return seat

    @property
    @_one_call
    def draws(self) -> tuple[tuple[int | None, ...], ...]:
        """For each draw so far, how many cards each seat drew (None: not drawn)."""
        counts: list[list[int | None]] = [[None] * self._n for _ in range(self._table.round)]
        for e in self._events_now():
            if type(e) is Draw:
                counts[e.draw - 1][e.seat] = e.count
        return tuple([tuple(c) for c in counts])

    @property
    @_one_call
    def burns(self) -> tuple[int, ...]:
        """The cards burnt so far, in order (a table whose rules burn)."""
        self._events_now()
        return tuple(self._burns)

    @property
    @_one_call
    def result(self) -> ShowdownResult | Uncontested | None:
        """The settlement once the hand is over: a :class:`ShowdownResult`, or
        :class:`Uncontested` when everyone else folded; None before."""
        table = self._table
        if self._result is None and table.phase == _OVER:
            folded = self.folded
            if not table.showdown:
                self._result = Uncontested(folded.index(False), sum(self.committed))
            else:
                hands = [None if folded[s] else self.cards(s) for s in range(self._n)]
                ranks = rank_hands(self._game, hands)
                pots = list(self.pots)
                order = [(self.button + 1 + i) % self._n for i in range(self._n)]
                settled = settle(self._game, ranks, pots, order)
                self._result = settlement_result(self._game, hands, ranks, pots, settled)
        return self._result

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """After a showdown, the pots settled: (amount, eligible seats), main pot first."""
        table = self._table
        return tuple((int(table.pot_amount[p]), tuple([s for s in range(self._n) if table.pot_eligible[p] >> s & 1]))
                     for p in range(table.n_pots))

    # The hands, the stub, the cards out of play and the big blind's seat, as the tests
    # that look inside a hand read them (copies: writing to them changes nothing).
    @property
    def _hole(self) -> list[list[int]]:
        return [list(self.cards(s)) for s in range(self._n)]

    @property
    def _stub(self) -> list[int]:
        return ffi.unpack(self._table.stub, self._table.n_stub)  # type: ignore[no-any-return]

    @property
    def _muck(self) -> list[int]:
        return ffi.unpack(self._table.muck, self._table.n_muck)  # type: ignore[no-any-return]

    @property
    def _bb_seat(self) -> int:
        return int(self._table.bb_seat)

    # ------------------------------------------------------------------ #
    # Actions
    # ------------------------------------------------------------------ #

    def _numbers(self) -> Legal:
        """:meth:`legal`, read from the table."""
        shared = _PER_THREAD.io
        status = _table_legal(self._table, shared.legal)
        if status < 0:  # pragma: no cover - a table the hand made
            raise ValueError(f"table: {status_text(status)}")
        key = shared.legal_bytes[:]
        return _LEGALS.get(key) or _new_legal(key)

    def _betting_seat(self, what: str) -> int:
        seat = self.to_act
        if seat is None:
            raise ValueError(f"cannot {what}: the hand is over")
        if self._table.phase != _BET:
            raise ValueError(f"cannot {what}: seat {seat} is to draw (discard cards or stand pat)")
        return seat

    def _why_no_raise(self, seat: int) -> str:
        table = self._table
        if table.stacks[seat] <= table.level - table.bets[seat]:
            return "it cannot cover more than a call"
        if not table.can_raise[seat]:
            return "a short all-in raise did not reopen the betting for a player who has acted"
        if table.cap >= 0 and table.nbets >= table.cap:
            return f"the round is capped at {table.cap} bets"
        return "everyone else has folded or is all in"

    def _label(self, seat: int) -> str:
        return player_label(seat, self.button, self._n)

    # ------------------------------------------------------------------ #
    # History
    # ------------------------------------------------------------------ #
    def _render(self, entry: Event, hide: int | None = None) -> list[str]:
        """The PHH lines of one event as ``hide`` sees it (None: every card shown)."""
        seen = entry if hide is None else entry.seen_by(hide)
        return list(seen.phh(self._label(entry.seat)))

    @property
    @_one_call
    def events(self) -> tuple[Event, ...]:
        """The hand so far as typed events (:mod:`badeucey_fast.play.events`), in
        the order it was played, every card shown: the blinds posted, the deals,
        each action and draw, and the hands shown at the showdown."""
        return tuple(self._events_now())

    @property
    @_one_call
    def history(self) -> tuple[str, ...]:
        """The hand so far in PHH notation, in the order it was played: each
        deal (``d dh p1 7s5h4d3c2s``) and action (``p2 cbr 4``, ``p1 sd 7s``
        followed by that player's new cards).  Players are labelled ``p1``.. from
        the first seat left of the button; the button is last."""
        log = self._events_now()
        done, lines = self._views.get(None, (0, ()))
        if done < len(log):
            lines += phh_history(log[done:], self.button, self._n)
            self._views[None] = (len(log), lines)
        return lines

    def _seen(self, seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` sees them, masking only the log entries added
        since the last call for that seat."""
        log = self._events_now()
        done, seen = self._views.get(seat, (0, ()))
        if done < len(log):
            seen += tuple([e.seen_by(seat) for e in log[done:]])
            self._views[seat] = (len(log), seen)
        return seen

    @_one_call
    def view(self, seat: int) -> HandView:
        """What ``seat`` may know now, as an immutable :class:`HandView`."""
        self._seat(seat)
        to_act = self.to_act
        # Built as draws.py builds a DrawOutcomes: the frozen __init__ would set the fields
        # one by one through object.__setattr__, and every field is checked here already.
        # The history's text is left to the view to render when read (None).
        view = _new_object(HandView)
        view.__dict__.update(
            seat=seat, n_seats=self._n, button=self.button, to_act=to_act, phase=self.phase,
            round=self.round, pot=self.pot, stacks=self.stacks, bets=self.bets, folded=self.folded,
            all_in=self.all_in, cards=self.cards(seat), draws=self.draws,
            legal_actions=self.legal_actions() if seat == to_act else (), rules=self.rules,
            **self._view_extras(seat, to_act), history=None, events=self._seen(seat), payoffs=self.payoffs,
            unknown=tuple(sorted(self._placeholders()[seat])) if self._replay is not None else (),
        )
        return view

    def _view_extras(self, seat: int, to_act: int | None) -> dict[str, Any]:
        """The view's derived facts: the numbers of :meth:`legal`, discards, position."""
        table = self._table
        betting = table.phase == _BET
        legal = self.legal() if seat == to_act else Legal(seat, self.phase)
        raises_left = None
        if betting and table.cap >= 0:
            raises_left = max(table.cap - table.nbets, 0)
        thrown = tuple([c for e in self._events_now() if type(e) is Draw and e.seat == seat and e.thrown
                        for c in e.thrown])
        acts_last = False
        if betting:
            n = self._n
            folded, all_in = table.folded, table.all_in
            first = (table.bb_seat + 1) % n if table.round == 0 else (self.button + 1) % n
            able = [s for s in ((first + i) % n for i in range(n)) if not (folded[s] or all_in[s])]
            acts_last = bool(able) and able[-1] == seat
        return {"to_call": legal.to_call, "min_raise_to": legal.min_raise_to, "max_raise_to": legal.max_raise_to,
                "raises_left": raises_left, "thrown": thrown, "acts_last": acts_last}

    @property
    @_one_call
    def placeholders(self) -> tuple[frozenset[int], ...]:
        """For each seat, the cards it holds that stand for cards its history did
        not know (PHH's ``??``, :meth:`from_phh`): dealt as the engine chose, so
        that the hand plays and settles as recorded (docs/playing.rst, "Unknown
        cards").  Empty sets for a hand dealt here."""
        return self._placeholders()

    def _placeholders(self) -> tuple[frozenset[int], ...]:
        marks = self._unknown_marks()
        held: list[set[int]] = [set() for _ in range(self._n)]
        for event, hidden in zip(self._events_now(), marks):
            if type(event) is Deal:
                held[event.seat] = set(hidden)
            elif type(event) is Draw and event.count:
                held[event.seat] -= set(event.thrown or ())
                held[event.seat] |= hidden
            elif type(event) is Fold:
                held[event.seat] = set()
            elif type(event) is Show and self._replay is not None:
                held[event.seat] -= self._replay.shown  # known once shown
        return tuple([frozenset(h) for h in held])

    def _unknown_marks(self) -> list[frozenset[int]]:
        """For each event, the cards it deals (a deal, the cards a draw gives) that are placeholders."""
        log = self._events_now()
        replay = self._replay
        if replay is None or not replay.unknown_any:
            return [frozenset()] * len(log)
        marks: list[frozenset[int]] = []
        unknown = replay.unknown
        for event in log:
            if type(event) is Deal:
                marks.append(frozenset(c for c in event.cards or () if (0, event.seat, c) in unknown))
            elif type(event) is Draw and event.count and (event.draw, event.seat) in replay.draws:
                wanted = replay.draws[(event.draw, event.seat)]
                named = {c for c in wanted if c is not None and (event.draw, event.seat, c) not in unknown}
                marks.append(frozenset(event.dealt or ()) - named)
            else:
                marks.append(frozenset())
        return marks

    # ------------------------------------------------------------------ #
    # Copies and equality
    # ------------------------------------------------------------------ #
    @_one_call
    def _key(self) -> tuple[Any, ...]:
        table = self._table
        key = (self.rules, self._start, self.button, self._posted, self._events_now(), self.stacks, self.committed, self.folded,
               [self.cards(s) for s in range(self._n)], table.phase, table.round, table.to_act, self._burns)
        if table.phase == _OVER:
            return key  # nothing more is dealt
        # What the next cards will be: the stub (in order), the cards out of play that
        # reform it when it runs out, and the random state that picks from them.
        return (*key, self._stub, bool(table.ordered), self._muck, self._of_generator(_random_state))

    @_one_call
    def copy(self) -> Hand:
        """An independent copy: acting on either never changes the other, and the
        copy plays on exactly as the original would (it deals the same cards:
        its random state is a copy of the original's).

        >>> from badeucey_fast.play import Hand, TableRules
        >>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
        >>> twin = hand.copy()
        >>> twin.bet_raise()
        >>> hand.bets, twin.bets, twin == hand
        ((1, 2), (4, 2), False)
        """
        twin: Hand = self._clone()  # the table copied, every attribute shared: then its own of those that change
        twin._raw = self._raw[:]
        twin._log = self._log[:]
        twin._burns = self._burns[:]
        twin._views = dict(self._views)
        if not twin._streamed:  # (an int seed's stream not yet made a generator: _clone copied it)
            twin._rng = self._of_generator(_copy_random)
        return twin

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()  # every other part is immutable, or never changed once set

    @_one_call
    def __reduce__(self) -> tuple[Any, ...]:
        shared = {name: getattr(self, name) for name in _SHARED_SLOTS}
        return (_unpickle, (shared, bytes(ffi.buffer(self._table)), bytes(self._raw), self._rng))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    if TYPE_CHECKING:
        # Set by badeucey_fast.play.phh, which imports this module (never the reverse),
        # when badeucey_fast.play is imported: its dumps and loads.
        def to_phh(self, players: Sequence[str] | None = None) -> str: ...

        @staticmethod
        def from_phh(text: str) -> Hand: ...

    def __repr__(self) -> str:
        return (f"Hand({self._game.name}, {self._n} seats, button {self.button}, {self.phase} {self.round}, "
                f"to act {self.to_act}, pot {self.pot})")


_INIT = inspect.signature(_init)
Hand.__signature__ = _INIT.replace(parameters=list(_INIT.parameters.values())[1:])  # type: ignore[attr-defined]
"""``Hand(...)``'s parameters, for :func:`inspect.signature` and the docs (its ``__init__`` is the C base type's)."""


def _unpickle(shared: dict[str, Any], table: bytes, raw: bytes, rng: random.Random) -> Hand:
    """A pickled :class:`Hand` again (its C table as the bytes of the struct)."""
    hand: Hand = Hand.__new__(Hand)
    for name, value in shared.items():
        setattr(hand, name, value)
    if len(table) != ffi.sizeof("bdc_table"):
        raise ValueError(f"a pickled hand's table is {ffi.sizeof('bdc_table')} bytes, not {len(table)}")
    ffi.memmove(hand._table, table, len(table))
    if lib.bdc_table_check(hand._table) < 0:
        raise ValueError("a pickled hand's table is not a hand the C table made")
    hand._started = True
    hand._raw = bytearray(raw)
    hand._log = []
    hand._decoded = 0
    hand._burns = []
    hand._views = {}
    hand._rng = rng
    return hand
