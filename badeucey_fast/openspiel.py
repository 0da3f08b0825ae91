"""The mini game and the full heads-up triple-draw games as OpenSpiel games.

Importing this module (it needs the optional extra: ``pip install
"badeucey-fast[openspiel]"``) registers them with ``pyspiel.register_game``:

- :data:`GAME_NAME`, ``python_badeucey_mini``: the heads-up game of
  :meth:`TableRules.mini() <badeucey_fast.play.TableRules.mini>`, small
  enough for OpenSpiel's exact algorithms (CFR, ``exploitability``, best
  responses).  Parameters: ``game`` (the game name, default ``"badugi"``)
  and ``stack`` (each seat's chips, default 20).
- :data:`FULL_GAMES`, ``python_<game>_triple_draw`` for each of the five
  games: the full heads-up fixed-limit game with the rules of ``badeucey
  train --game G`` and of the shipped strategy
  (:func:`~badeucey_fast.solve.heads_up_rules`: blinds 1 and 2, bets 2 and
  4, four bets a round), the whole deck and three draws.  Parameter:
  ``stack`` (default :func:`~badeucey_fast.solve.deep_stacks`, 66: nobody is
  ever all in).  Far too large to traverse: OpenSpiel's sampling algorithms
  run on it (random simulation, outcome-sampling MCCFR, bots played against
  each other), not its exact ones.

Both are played on the package's C table, as
:class:`~badeucey_fast.solve.game.TableGame` defines the game:

- **Players**: 0 the button (small blind, first to act before the draw), 1 the big blind.
- **Actions**: 0 folds, 1 checks or calls, 2 bets or raises (fixed limit:
  one amount), ``3 + mask`` draws, ``mask`` over the player's cards in
  ascending card id (at most ``max_discard`` bits).
- **Chance**, mini game: the deal (outcome ``i``: ``TableGame.deals[i]``,
  equally likely), and each draw's cards (outcome ``len(deals) + j``: the
  ``j``-th set of cards of the deck of 1..max_discard cards), with their
  exact probabilities.  Full games: one card at a time (outcome: the card
  id), as OpenSpiel's poker games deal: the deal in the table's order (seat
  1's first card, then seat 0's, and so on), each card equally likely among
  those left; a draw's cards one by one from the stub, equally likely, and
  once the stub is dealt out from the cards out of play (the drawing seat's
  own throw not among them), as docs/rules.rst says.  Heads-up with the
  whole deck the stub never runs out.
- **Information states** (perfect recall): the string of
  :meth:`TableState.information_state <badeucey_fast.solve.game.TableState.information_state>`,
  and a tensor of the same facts: the player, its dealt hand, its draws (cards
  thrown, cards received), the other player's draw counts, every betting action.
- **Returns**: chips won or lost.

:func:`openspiel_policy` makes a trained strategy (or :class:`~badeucey_fast.play.bots.CFRBot`)
an OpenSpiel policy of these games.

>>> import pyspiel
>>> import badeucey_fast.openspiel
>>> game = pyspiel.load_game("python_badeucey_mini")
>>> game.num_distinct_actions()
19
>>> full = pyspiel.load_game("python_deuce_seven_triple_draw")
>>> full.num_distinct_actions(), full.max_chance_outcomes(), full.get_parameters()
(35, 52, {'stack': 66})
>>> pyspiel.load_game("python_badugi_triple_draw", {"stack": 0})
Traceback (most recent call last):
...
ValueError: stack must be 1..1099511627776, got 0
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any, cast

import numpy as np
import pyspiel
from open_spiel.python import policy as openspiel_policy_module

from badeucey_fast._native import lib
from badeucey_fast.cards import format_cards
from badeucey_fast.games import GAMES
from badeucey_fast.play.hand import Hand
from badeucey_fast.play.rules import TableRules
from badeucey_fast.solve.best_response import Policy
from badeucey_fast.solve.game import SEATS, TableGame, TableState
from badeucey_fast.solve.strategy import Strategy
from badeucey_fast.solve.train import deep_stacks, heads_up_rules

__all__ = ["CALL", "DRAW", "FOLD", "FULL_GAMES", "GAME_NAME", "RAISE", "MiniGame", "MiniState", "TripleDrawGame",
           "TripleDrawState", "full_table_game", "openspiel_policy", "table_game"]

GAME_NAME = "python_badeucey_mini"
"""The name the game is registered under."""
FOLD, CALL, RAISE, DRAW = 0, 1, 2, 3
"""OpenSpiel actions: fold, check or call, bet or raise; ``DRAW + mask`` draws."""

_DEFAULTS = {"game": "badugi", "stack": 20}
_DRAW_PHASE = int(lib.BDC_PHASE_DRAW)
_TERMINAL, _CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)


def table_game(params: dict[str, Any] | None = None) -> TableGame:
    """The :class:`~badeucey_fast.solve.game.TableGame` of the OpenSpiel game with ``params``."""
    chosen = dict(_DEFAULTS, **(params or {}))
    return TableGame(TableRules.mini(str(chosen["game"])), stack=int(chosen["stack"]))


def _game_type(short_name: str, long_name: str, parameters: dict[str, Any]) -> Any:
    """The OpenSpiel game type of a heads-up game played on the package's C table."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=SEATS,
        min_num_players=SEATS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


def _mini_game_type() -> Any:
    return _game_type(GAME_NAME, "Badeucey mini game (the package's C table, TableRules.mini)", _DEFAULTS)


class _Layout:
    """The facts of an information state and their places in the tensor."""

    def __init__(self, table: TableGame) -> None:
        rules = table.rules
        self.deck = table.deck
        self.index = {card: i for i, card in enumerate(self.deck)}
        self.draws = rules.draws
        self.limit = rules.discard_limit
        self.rounds = rules.draws + 1
        cap = rules.heads_up_cap if rules.heads_up_cap is not None else 0
        self.slots = 2 * cap + 3  # the most betting actions a heads-up round can take
        n = len(self.deck)
        self.pieces = [("player", SEATS), ("hand", n), ("thrown", self.draws * n), ("received", self.draws * n),
                       ("other_draws", self.draws * (self.limit + 1)), ("betting", self.rounds * self.slots * 3)]
        self.size = sum(size for _, size in self.pieces)


class _Shared:
    """What every state of one parameter setting shares (never copied with a state).

    ``one_card``: chance deals one card at a time (the full game), else whole
    deals and whole draws, listed once here (the mini game)."""

    def __init__(self, table: TableGame, *, one_card: bool = False) -> None:
        rules = table.rules
        if rules.structure != "fixed" or rules.heads_up_cap is None:
            raise ValueError("the OpenSpiel game is fixed limit with a heads-up cap")
        self.table = table
        self.layout = _Layout(table)
        self.one_card = one_card
        self.draw_sets: list[tuple[int, ...]] = []
        self.draw_id: dict[tuple[int, ...], int] = {}
        self.deal_id: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        if not one_card:
            deck, limit = table.deck, rules.discard_limit
            self.draw_sets = [cards for k in range(1, limit + 1) for cards in combinations(deck, k)]
            self.draw_id = {cards: len(table.deals) + j for j, cards in enumerate(self.draw_sets)}
            self.deal_id = {deal: i for i, deal in enumerate(table.deals)}
        self.initial = _Facts(self)  # every new state's (facts are never changed in place)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


@functools.lru_cache(maxsize=8)
def _shared(game: str, stack: int) -> _Shared:
    return _Shared(table_game({"game": game, "stack": stack}))


def _shared_of(params: dict[str, Any] | None) -> _Shared:
    chosen = dict(_DEFAULTS, **(params or {}))
    return _shared(str(chosen["game"]), int(chosen["stack"]))


class MiniGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        shared = _shared_of(params)
        table, rules = shared.table, shared.table.rules
        longest = shared.layout.rounds * shared.layout.slots + rules.draws * SEATS
        stack = float(table.stack)
        info = pyspiel.GameInfo(num_distinct_actions=DRAW + (1 << table.hand_size),
                                max_chance_outcomes=len(table.deals) + len(shared.draw_sets),
                                num_players=SEATS, min_utility=-stack, max_utility=stack, utility_sum=0.0,
                                max_game_length=longest)
        super().__init__(_mini_game_type(), info, dict(_DEFAULTS, **(params or {})))
        self.shared = shared

    def new_initial_state(self) -> MiniState:
        return MiniState(self, getattr(self, "shared", None))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        if iig_obs_type is not None and not iig_obs_type.perfect_recall:
            raise ValueError("the mini game provides only perfect-recall information states")
        return _Observer(_shared_of(self.get_parameters()).layout)


def _replace(rows: tuple[tuple[Any, ...], ...], row: int, column: int, value: Any) -> tuple[tuple[Any, ...], ...]:
    """``rows`` with one entry replaced (the facts are immutable: a clone shares them)."""
    changed = list(rows[row])
    changed[column] = value
    return rows[:row] + (tuple(changed),) + rows[row + 1:]


class _Facts:
    """A state's own data: its table state and the facts of the tensor (betting
    actions by round, draws by draw and seat).  Never changed once a state holds
    it (an action gives the state new facts), so a clone (OpenSpiel clones states
    often) shares them."""

    __slots__ = ("betting", "coming", "dealing", "drawn", "order", "pending", "received", "script", "shared",
                 "state", "thrown")

    def __init__(self, shared: _Shared) -> None:
        rounds, draws = shared.layout.rounds, shared.layout.draws
        self.shared = shared
        self.state: TableState = shared.table.root()
        self.betting: tuple[tuple[int, ...], ...] = ((),) * rounds
        self.thrown: tuple[tuple[tuple[int, ...], ...], ...] = (((), ()),) * draws
        self.received: tuple[tuple[tuple[int, ...], ...], ...] = (((), ()),) * draws
        self.drawn: tuple[tuple[int, ...], ...] = ((-1, -1),) * draws  # -1: not drawn yet
        self.pending: tuple[int, tuple[int, ...]] | None = None  # (seat, thrown) until the cards come
        # The full game's chance, one card at a time: the deal's cards so far (in the
        # table's order: seat 1 first, as the C table deals heads-up), the pending
        # draw's cards so far, every card dealt in order, and the actions as PHH words.
        self.dealing: tuple[int, ...] = ()
        self.coming: tuple[int, ...] = ()
        self.order: tuple[int, ...] = ()
        self.script: tuple[str, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Facts:
        return self

    def copy(self) -> _Facts:
        """New facts to change, sharing every (immutable) field."""
        twin = _Facts.__new__(_Facts)
        twin.shared, twin.state, twin.betting = self.shared, self.state, self.betting
        twin.thrown, twin.received, twin.drawn, twin.pending = self.thrown, self.received, self.drawn, self.pending
        twin.dealing, twin.coming, twin.order, twin.script = self.dealing, self.coming, self.order, self.script
        return twin


class MiniState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`MiniGame`: a :class:`~badeucey_fast.solve.game.TableState` and the
    facts of the tensor."""

    def __init__(self, game: MiniGame, shared: _Shared | None = None) -> None:
        super().__init__(game)
        self.facts = (shared or _shared_of(game.get_parameters())).initial

    @property
    def state(self) -> TableState:
        """The :class:`~badeucey_fast.solve.game.TableState` (a new one after every action)."""
        return self.facts.state

    def current_player(self) -> int:
        state = self.facts.state
        seat = state.current_seat()
        if seat >= 0:
            return seat
        return _TERMINAL if state.is_terminal() else _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        state = self.facts.state
        if state.phase == _DRAW_PHASE:
            return [DRAW + mask for mask in state.legal_actions()]
        return [FOLD if action == -1 else CALL if action == 0 else RAISE for action in state.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        facts = self.facts
        state, shared = facts.state, facts.shared
        if shared.one_card:
            if not state.dealt:
                left = [card for card in shared.table.deck if card not in facts.dealing]
                return [(card, 1.0 / len(left)) for card in left]
            return state.card_outcomes(facts.coming)
        if not state.dealt:
            return [(shared.deal_id[cast(tuple[tuple[int, ...], tuple[int, ...]], deal)], p)
                    for deal, p in state.chance_outcomes()]
        return [(shared.draw_id[cast(tuple[int, ...], cards)], p) for cards, p in state.chance_outcomes()]

    def _table_action(self, action: int) -> int:
        if action >= DRAW:
            return action - DRAW
        if action == FOLD:
            return -1
        if action == CALL:
            return 0
        raises = [a for a in self.facts.state.legal_actions() if a > 0]
        if not raises:
            raise ValueError("no raise is legal here")
        return raises[0]

    def _apply_action(self, action: int) -> None:
        facts = self.facts = self.facts.copy()
        state, shared = facts.state, facts.shared
        if state.is_chance() and shared.one_card:
            self._apply_card(facts, action)
            return
        if state.is_chance():
            if not state.dealt:
                facts.state = state.child(shared.table.deals[action])
                return
            cards = shared.draw_sets[action - len(shared.table.deals)]
            seat, thrown = cast(tuple[int, tuple[int, ...]], facts.pending)
            draw = state.round - 1
            facts.thrown = _replace(facts.thrown, draw, seat, thrown)
            facts.received = _replace(facts.received, draw, seat, cards)
            facts.drawn = _replace(facts.drawn, draw, seat, len(cards))
            facts.pending = None
            facts.state = state.child(cards)
            return
        seat = state.current_seat()
        if action >= DRAW:
            mask = action - DRAW
            held = state.cards(seat)
            thrown = tuple(card for i, card in enumerate(held) if mask >> i & 1)
            facts.state = state.child(mask)
            facts.script += (f"sd {format_cards(thrown)}".rstrip(),)
            if mask:
                facts.pending = (seat, thrown)
            else:
                facts.drawn = _replace(facts.drawn, state.round - 1, seat, 0)
            return
        at = state.round
        facts.betting = facts.betting[:at] + (facts.betting[at] + (action,),) + facts.betting[at + 1:]
        table_action = self._table_action(action)
        facts.script += ("f" if table_action < 0 else "cc" if table_action == 0 else f"cbr {table_action}",)
        facts.state = state.child(table_action)

    @staticmethod
    def _apply_card(facts: _Facts, card: int) -> None:
        """One card of the full game's deal or of a draw (``facts`` the state's new facts)."""
        state, shared = facts.state, facts.shared
        facts.order += (card,)
        if not state.dealt:
            if card in facts.dealing or card not in shared.table.deck:
                raise ValueError(f"card {card} cannot be dealt now")
            facts.dealing += (card,)
            if len(facts.dealing) == 2 * shared.table.hand_size:  # seat 1 is dealt first, then seat 0
                seat0, seat1 = sorted(facts.dealing[1::2]), sorted(facts.dealing[0::2])
                facts.state = state.child((tuple(seat0), tuple(seat1)))
            return
        if card not in dict(state.card_outcomes(facts.coming)):
            raise ValueError(f"card {card} cannot come in this draw")
        facts.coming += (card,)
        seat, thrown = cast(tuple[int, tuple[int, ...]], facts.pending)
        if len(facts.coming) < len(thrown):
            return
        cards, draw = tuple(sorted(facts.coming)), state.round - 1
        facts.thrown = _replace(facts.thrown, draw, seat, thrown)
        facts.received = _replace(facts.received, draw, seat, cards)
        facts.drawn = _replace(facts.drawn, draw, seat, len(cards))
        facts.pending, facts.coming = None, ()
        facts.state = state.child(cards)

    def _action_to_string(self, player: int, action: int) -> str:
        shared = self.facts.shared
        if player == pyspiel.PlayerId.CHANCE and shared.one_card:
            return f"{'draw' if self.facts.state.dealt else 'deal'} {format_cards((action,))}"
        if player == pyspiel.PlayerId.CHANCE:
            deals = shared.table.deals
            if action < len(deals):
                first, second = deals[action]
                return f"deal {format_cards(first)} / {format_cards(second)}"
            return f"draw {format_cards(shared.draw_sets[action - len(deals)])}"
        if action >= DRAW:
            return f"discard mask {action - DRAW}"
        return ("fold", "check/call", "bet/raise")[action]

    def is_terminal(self) -> bool:
        return self.facts.state.is_terminal()

    def returns(self) -> list[float]:
        state = self.facts.state
        if not state.is_terminal():
            return [0.0] * SEATS
        return [float(v) for v in state.payoffs()]

    def hand(self) -> Hand:
        """The package's :class:`~badeucey_fast.play.Hand` (the Python engine)
        played on the same cards and actions: its deck the cards this state
        dealt, in order (then the rest), its history the state's actions.
        Only the full game's states (:data:`FULL_GAMES`) keep that record.

        :raises ValueError: for a state of the mini game, or before the deal.
        """
        facts = self.facts
        shared = facts.shared
        if not shared.one_card:
            raise ValueError("the mini game's states keep no record for a Hand (its deck is not the full deck)")
        if not facts.state.dealt:
            raise ValueError("the cards are not dealt yet")
        table = shared.table
        dealt = set(facts.order)
        hand = Hand(table.rules, [table.stack] * SEATS, deck=list(facts.order) + [c for c in table.deck if c not in dealt])
        for word in facts.script:
            hand.act(word)
        return hand

    def __str__(self) -> str:
        state = self.facts.state
        if not state.dealt:
            return f"(dealing: {format_cards(self.facts.dealing)})" if self.facts.dealing else "(before the deal)"
        return " || ".join(state.information_state(seat) for seat in range(SEATS))


class _Observer:
    """OpenSpiel's observer of an information state: ``tensor``, ``dict``, ``string_from``."""

    def __init__(self, layout: _Layout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size in layout.pieces:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def set_from(self, state: MiniState, player: int) -> None:
        layout, d = self.layout, self.dict
        self.tensor.fill(0)
        d["player"][player] = 1
        n = len(layout.deck)
        facts = state.facts
        dealt = facts.state.dealt
        own = dealt[player] if dealt else facts.dealing[1 - player::2]  # the full game's deal so far
        for card in own:
            d["hand"][layout.index[card]] = 1
        for draw in range(layout.draws):
            for card in facts.thrown[draw][player]:
                d["thrown"][draw * n + layout.index[card]] = 1
            for card in facts.received[draw][player]:
                d["received"][draw * n + layout.index[card]] = 1
            count = facts.drawn[draw][1 - player]
            if count >= 0:
                d["other_draws"][draw * (layout.limit + 1) + count] = 1
        for round_, actions in enumerate(facts.betting):
            for slot, action in enumerate(actions):
                d["betting"][(round_ * layout.slots + slot) * 3 + action] = 1

    def string_from(self, state: MiniState, player: int) -> str:
        facts = state.facts
        if facts.dealing and not facts.state.dealt:
            return f"seat {player} | dealt {format_cards(facts.dealing[1 - player::2])}"
        return facts.state.information_state(player)


class TripleDrawState(MiniState):
    """A state of a :class:`TripleDrawGame`: chance deals one card at a time."""


class TripleDrawGame(MiniGame):
    """The full heads-up game of one rule (see the module docstring); one
    subclass per game of :data:`FULL_GAMES`, each registered under its name."""

    game: str = "badeucey"
    """The game name (:data:`badeucey_fast.games.GAMES`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        shared = _full_shared(self.game, params)
        table, rules = shared.table, shared.table.rules
        # every player action: the betting slots and each seat's draws; chance: each card dealt
        longest = shared.layout.rounds * shared.layout.slots + rules.draws * SEATS
        stack = float(table.stack)
        info = pyspiel.GameInfo(num_distinct_actions=DRAW + (1 << table.hand_size),
                                max_chance_outcomes=len(table.deck), num_players=SEATS, min_utility=-stack,
                                max_utility=stack, utility_sum=0.0, max_game_length=longest)
        pyspiel.Game.__init__(self, _full_game_type(self.game), info, {"stack": table.stack})
        self.shared = shared

    def new_initial_state(self) -> TripleDrawState:
        return TripleDrawState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        if iig_obs_type is not None and not iig_obs_type.perfect_recall:
            raise ValueError("the triple-draw games provide only perfect-recall information states")
        return _Observer(self.shared.layout)


FULL_GAMES: dict[str, str] = {f"python_{name}_triple_draw": name for name in GAMES}
"""The full games' registered names, each with its game: ``python_badeucey_triple_draw``,
``python_badacey_triple_draw``, ``python_badugi_triple_draw``,
``python_deuce_seven_triple_draw``, ``python_ace_five_triple_draw``."""


def full_table_game(game: str = "badeucey", params: dict[str, Any] | None = None) -> TableGame:
    """The :class:`~badeucey_fast.solve.game.TableGame` of the full game ``game``
    with ``params``: :func:`~badeucey_fast.solve.heads_up_rules` (the rules of
    ``badeucey train --game G`` and of the shipped strategy) and ``stack``
    (default :func:`~badeucey_fast.solve.deep_stacks`: nobody is ever all in).

    >>> from badeucey_fast.openspiel import full_table_game
    >>> full_table_game("badugi").stack
    66
    """
    return _full_shared(game, params).table


def _full_shared(game: str, params: dict[str, Any] | None) -> _Shared:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    unknown = sorted(set(params or {}) - {"stack"})
    if unknown:
        raise ValueError(f"the triple-draw games take the parameter stack only, got {', '.join(unknown)}")
    rules = heads_up_rules(game)
    stack = (params or {}).get("stack", deep_stacks(rules))
    return _full_shared_of(game, int(stack))


@functools.lru_cache(maxsize=16)
def _full_shared_of(game: str, stack: int) -> _Shared:
    return _Shared(TableGame(heads_up_rules(game), stack=stack), one_card=True)


def _full_game_type(game: str) -> Any:
    return _game_type(f"python_{game}_triple_draw", f"Heads-up fixed-limit {game} triple draw (the package's C table)",
                      {"stack": deep_stacks(heads_up_rules(game))})


class _TablePolicy(openspiel_policy_module.Policy):  # type: ignore[misc]
    """A :data:`~badeucey_fast.solve.best_response.Policy` seen by OpenSpiel (:func:`openspiel_policy`)."""

    def __init__(self, game: MiniGame, policy: Policy) -> None:
        super().__init__(game, list(range(SEATS)))
        self.policy = policy

    def action_probabilities(self, state: MiniState, player_id: int | None = None) -> dict[int, float]:
        table_state = state.state
        seat = table_state.current_seat() if player_id is None else player_id
        given = self.policy(table_state, seat)
        if table_state.phase == _DRAW_PHASE:
            return {DRAW + mask: p for mask, p in given.items()}
        return {FOLD if action == -1 else CALL if action == 0 else RAISE: p for action, p in given.items()}


class _StrategyPolicy(openspiel_policy_module.Policy):  # type: ignore[misc]
    """A :class:`~badeucey_fast.solve.Strategy` in a full game, as :class:`~badeucey_fast.play.bots.CFRBot`
    plays it (:func:`openspiel_policy`)."""

    def __init__(self, game: TripleDrawGame, strategy: Strategy) -> None:
        super().__init__(game, list(range(SEATS)))
        self.strategy = strategy

    def action_probabilities(self, state: TripleDrawState, player_id: int | None = None) -> dict[int, float]:
        seat = state.state.current_seat() if player_id is None else player_id
        view = state.hand().view(seat)
        given = self.strategy.probabilities(view)  # CFRBot's lookup: the view, its buckets
        if view.phase != "draw":
            return {FOLD if action == -1 else CALL if action == 0 else RAISE: p for action, p in given.items()}
        ascending = sorted(view.cards)  # the game's masks are over the cards in ascending ids
        place = [1 << ascending.index(card) for card in view.cards]
        return {DRAW + sum(bit for i, bit in enumerate(place) if mask >> i & 1): p for mask, p in given.items()}


def openspiel_policy(game: Any, policy: Any) -> Any:
    """A policy of the package as an ``open_spiel.python.policy.Policy`` of the
    OpenSpiel game ``game``, for OpenSpiel's algorithms and bots
    (``exploitability`` in the mini game; ``PolicyBot``, ``evaluate_bots`` in a
    full game).

    :param game: a loaded :data:`GAME_NAME` or one of :data:`FULL_GAMES`.
    :param policy: a :class:`~badeucey_fast.solve.Strategy` (trained with the
        game's rules and stacks), a :class:`~badeucey_fast.play.bots.CFRBot` (its
        strategy), or a :data:`~badeucey_fast.solve.best_response.Policy` of the
        game's :class:`~badeucey_fast.solve.game.TableState` (e.g.
        :meth:`Strategy.as_policy() <badeucey_fast.solve.Strategy.as_policy>`).
        In a full game a strategy acts as :class:`~badeucey_fast.play.bots.CFRBot`
        does: :meth:`Strategy.probabilities <badeucey_fast.solve.Strategy.probabilities>`
        of the seat's view of the same hand (:meth:`MiniState.hand`).
    :raises TypeError: for a game that is not one of these, or a policy of none of these kinds.
    :raises ValueError: for a strategy of other rules or stacks than the game's.
    """
    if not isinstance(game, MiniGame):
        raise TypeError(f"openspiel_policy: the game must be pyspiel.load_game({GAME_NAME!r}) or of a "
                        f"full game ({', '.join(FULL_GAMES)}), not {type(game).__name__}")
    strategy = getattr(policy, "strategy", policy)  # a CFRBot plays its strategy
    if isinstance(strategy, Strategy):
        table = game.shared.table
        if strategy.rules != table.rules or strategy.stacks != (table.stack, table.stack):
            raise ValueError(f"openspiel_policy: the strategy was trained with {strategy.rules!r} and stacks "
                             f"{strategy.stacks}, the game has {table.rules!r} and stacks {(table.stack, table.stack)}")
        if isinstance(game, TripleDrawGame):
            return _StrategyPolicy(game, strategy)
        return _TablePolicy(game, strategy.as_policy())
    if not callable(policy):
        raise TypeError(f"openspiel_policy: a Strategy, a CFRBot or a policy callable, not {type(policy).__name__}")
    return _TablePolicy(game, policy)


pyspiel.register_game(_mini_game_type(), MiniGame)
for _name, _game in FULL_GAMES.items():
    pyspiel.register_game(_full_game_type(_game),
                          type(f"{_game.title().replace('_', '')}TripleDrawGame", (TripleDrawGame,), {"game": _game}))
