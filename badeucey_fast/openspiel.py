"""The mini game as an OpenSpiel game: ``import badeucey_fast.openspiel`` registers it.

Importing this module (it needs the optional extra: ``pip install
"badeucey-fast[openspiel]"``) registers :data:`GAME_NAME` with
``pyspiel.register_game``, so ``pyspiel.load_game("python_badeucey_mini")``
gives the heads-up game of :meth:`TableRules.mini() <badeucey_fast.play.TableRules.mini>`
played on the package's C table, as :class:`~badeucey_fast.solve.game.TableGame`
defines it: OpenSpiel's algorithms (CFR, ``exploitability``, best responses)
then run on it.  Parameters: ``game`` (the game name, default ``"badugi"``)
and ``stack`` (each seat's chips, default 20).

- **Players**: 0 the button (small blind, first to act before the draw), 1 the big blind.
- **Actions**: 0 folds, 1 checks or calls, 2 bets or raises (fixed limit:
  one amount), ``3 + mask`` draws, ``mask`` over the player's cards in
  ascending card id (at most ``max_discard`` bits).
- **Chance**: the deal (outcome ``i``: ``TableGame.deals[i]``, equally likely), and
  each draw's cards (outcome ``len(deals) + j``: the ``j``-th set of cards of the
  deck of 1..max_discard cards), with their exact probabilities.
- **Information states** (perfect recall): the string of
  :meth:`TableState.information_state <badeucey_fast.solve.game.TableState.information_state>`,
  and a tensor of the same facts: the player, its dealt hand, its draws (cards
  thrown, cards received), the other player's draw counts, every betting action.
- **Returns**: chips won or lost.

>>> import pyspiel
>>> import badeucey_fast.openspiel
>>> game = pyspiel.load_game("python_badeucey_mini")
>>> game.num_distinct_actions()
19
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
from badeucey_fast.play.rules import TableRules
from badeucey_fast.solve.best_response import Policy
from badeucey_fast.solve.game import SEATS, TableGame, TableState

__all__ = ["FOLD", "CALL", "RAISE", "DRAW", "GAME_NAME", "MiniGame", "MiniState", "openspiel_policy", "table_game"]

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


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Badeucey mini game (the package's C table, TableRules.mini)",
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
        parameter_specification=_DEFAULTS,
    )


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
    """What every state of one parameter setting shares (never copied with a state)."""

    def __init__(self, table: TableGame) -> None:
        rules = table.rules
        if rules.structure != "fixed" or rules.heads_up_cap is None:
            raise ValueError("the OpenSpiel game is fixed limit with a heads-up cap")
        self.table = table
        self.layout = _Layout(table)
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
        super().__init__(_game_type(), info, dict(_DEFAULTS, **(params or {})))
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

    __slots__ = ("betting", "drawn", "pending", "received", "shared", "state", "thrown")

    def __init__(self, shared: _Shared) -> None:
        rounds, draws = shared.layout.rounds, shared.layout.draws
        self.shared = shared
        self.state: TableState = shared.table.root()
        self.betting: tuple[tuple[int, ...], ...] = ((),) * rounds
        self.thrown: tuple[tuple[tuple[int, ...], ...], ...] = (((), ()),) * draws
        self.received: tuple[tuple[tuple[int, ...], ...], ...] = (((), ()),) * draws
        self.drawn: tuple[tuple[int, ...], ...] = ((-1, -1),) * draws  # -1: not drawn yet
        self.pending: tuple[int, tuple[int, ...]] | None = None  # (seat, thrown) until the cards come

    def __deepcopy__(self, memo: dict[int, Any]) -> _Facts:
        return self

    def copy(self) -> _Facts:
        """New facts to change, sharing every (immutable) field."""
        twin = _Facts.__new__(_Facts)
        twin.shared, twin.state, twin.betting = self.shared, self.state, self.betting
        twin.thrown, twin.received, twin.drawn, twin.pending = self.thrown, self.received, self.drawn, self.pending
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
            if mask:
                facts.pending = (seat, thrown)
            else:
                facts.drawn = _replace(facts.drawn, state.round - 1, seat, 0)
            return
        at = state.round
        facts.betting = facts.betting[:at] + (facts.betting[at] + (action,),) + facts.betting[at + 1:]
        facts.state = state.child(self._table_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        shared = self.facts.shared
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

    def __str__(self) -> str:
        state = self.facts.state
        if not state.dealt:
            return "(before the deal)"
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
        if dealt:
            for card in dealt[player]:
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
        return state.facts.state.information_state(player)


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


def openspiel_policy(game: Any, policy: Policy) -> Any:
    """A policy of the package's games (:data:`~badeucey_fast.solve.best_response.Policy`,
    e.g. :meth:`Strategy.as_policy() <badeucey_fast.solve.Strategy.as_policy>`) as an
    ``open_spiel.python.policy.Policy`` of the OpenSpiel game ``game`` (a
    loaded :data:`GAME_NAME`), for OpenSpiel's algorithms (``exploitability``, ...).

    :raises TypeError: for a game that is not the mini game.
    """
    if not isinstance(game, MiniGame):
        raise TypeError(f"openspiel_policy: the game must be pyspiel.load_game({GAME_NAME!r}), "
                        f"not {type(game).__name__}")
    return _TablePolicy(game, policy)


pyspiel.register_game(_game_type(), MiniGame)
