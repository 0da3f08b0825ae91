"""Exact best responses and exploitability in a small heads-up table game.

:func:`exploitability` walks the whole tree of a :class:`~badeucey_fast.solve.game.TableGame`
once (every deal, every set of cards a draw can bring, with their exact
probabilities, and every action), asks the policy for its probabilities at
every decision, and then computes for each seat the value of its best
response to the other seat's policy: a seat with perfect recall that knows
its own cards, its own draws and the public actions (the other seat's draw
counts included), and picks at each of its information states the action
of highest expected value given the chance and policy probabilities that
lead there.

**The convention** (OpenSpiel's): ``best_response[i]`` is seat ``i``'s expected
payoff when it best responds and the other seat plays the policy; the
policy's exploitability is ``(best_response[0] + best_response[1]) / 2``.
The game is zero-sum, so this is at least 0, and 0 exactly for a Nash
equilibrium.  Values are in chips (seat 0 is the button); divide by the big
blind for big blinds (:attr:`Exploitability.per_big_blind`).

>>> from badeucey_fast.play import TableRules
>>> from badeucey_fast.solve import TableGame, exploitability
>>> def passive(state, seat):  # folds to any bet, else checks; stands pat
...     actions = state.legal_actions()
...     return {-1 if -1 in actions else 0: 1.0}
>>> result = exploitability(TableGame(TableRules.mini()), passive)
>>> result.best_response, result.policy_value, result.exploitability
((2.0, 1.0), (-1.0, 1.0), 1.5)
>>> result.gifts[0]['seat 0 | hand 2d 2h 2s 3d |']   # folding the small blind to a seat that never bets
{-1: 3.0, 0: 0.0}
>>> exploitability(TableGame(TableRules.mini()), lambda state, seat: {99: 1.0})
Traceback (most recent call last):
...
ValueError: the policy gives action 99 at 'seat 0 | hand 2d 2h 2s 3d |', which is not legal there (legal: -1, 0)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from badeucey_fast.solve.game import SEATS, TableGame, TableState

__all__ = ["Exploitability", "Policy", "exploitability"]

Policy = Callable[[TableState, int], Mapping[int, float]]
"""``policy(state, seat)``: the probability of each legal action (table actions,
:class:`~badeucey_fast.solve.game.TableState`) of the seat to act; actions left
out have probability 0.  It should depend only on ``state.information_state(seat)``."""

_TOLERANCE = 1e-9  # how far a policy's probabilities may sum from 1 (rounding)
_TERMINAL, _CHANCE, _DECISION = 0, 1, 2


@dataclass(frozen=True)
class Exploitability:
    """What :func:`exploitability` found (chips; see the module docstring for the convention)."""

    best_response: tuple[float, float]
    """Each seat's expected payoff best responding to the other seat's policy."""
    policy_value: tuple[float, float]
    """Each seat's expected payoff when both play the policy."""
    exploitability: float
    """``(best_response[0] + best_response[1]) / 2``."""
    big_blind: int
    nodes: int
    """States in the tree (chance, decision and terminal)."""
    information_states: int
    """Decision information states, both seats."""
    strategies: tuple[Mapping[str, int], Mapping[str, int]]
    """Each seat's best response: the action it takes at each of its information states."""
    gifts: tuple[Mapping[str, Mapping[int, float]], Mapping[str, Mapping[int, float]]]
    """What each seat gives up by each action at each of its information states: its best
    response's value of the best action there less that of the action (it best responds after
    either), per unit of the chance and the policy's probability of reaching the state (0 where
    that is 0).  These are Brown and Sandholm's (2017) *gifts*, which Reach subgame solving adds
    to the safe re-solving gadget's alternatives (:class:`~badeucey_fast.solve.SearchPolicy`)."""

    @property
    def per_big_blind(self) -> float:
        """The exploitability in big blinds."""
        return self.exploitability / self.big_blind


class _Tree:
    """The game's tree as flat lists, node 0 the root (every node's children follow it)."""

    def __init__(self, game: TableGame, policy: Policy) -> None:
        self.kind: list[int] = []
        self.seat: list[int] = []
        self.key: list[str] = []
        self.actions: list[tuple[int, ...]] = []
        self.children: list[list[int]] = []
        self.probs: list[list[float]] = []  # chance: the outcomes'; decision: the policy's
        self.payoff: list[float] = []  # seat 0's, at a terminal node
        self.policy = policy
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 10000))
        try:
            self._add(game.root())
        finally:
            sys.setrecursionlimit(limit)

    def _new(self, kind: int, seat: int, key: str) -> int:
        self.kind.append(kind)
        self.seat.append(seat)
        self.key.append(key)
        self.actions.append(())
        self.children.append([])
        self.probs.append([])
        self.payoff.append(0.0)
        return len(self.kind) - 1

    def _add(self, state: TableState) -> int:
        if state.is_terminal():
            node = self._new(_TERMINAL, -1, "")
            self.payoff[node] = float(state.payoffs()[0])
            return node
        if state.is_chance():
            node = self._new(_CHANCE, -1, "")
            outcomes = state.chance_outcomes()
            self.probs[node] = [p for _, p in outcomes]
            self.children[node] = [self._add(state.child(outcome)) for outcome, _ in outcomes]
            return node
        seat = state.current_seat()
        key = state.information_state(seat)
        node = self._new(_DECISION, seat, key)
        actions = state.legal_actions()
        given = self.policy(state, seat)
        probs = []
        for action in given:
            if action not in actions:
                legal = ", ".join(map(str, actions))
                raise ValueError(f"the policy gives action {action} at {key!r}, which is not legal there (legal: {legal})")
        for action in actions:
            p = float(given.get(action, 0.0))
            if not p >= 0.0:
                raise ValueError(f"the policy gives action {action} probability {p} at {key!r}")
            probs.append(p)
        if abs(math.fsum(probs) - 1.0) > _TOLERANCE:
            raise ValueError(f"the policy's probabilities at {key!r} sum to {math.fsum(probs)}, not 1")
        self.actions[node] = actions
        self.probs[node] = probs
        self.children[node] = [self._add(state.child(action)) for action in actions]
        return node

    def policy_value(self) -> float:
        """Seat 0's expected payoff when both seats play the policy."""
        value = [0.0] * len(self.kind)
        for node in range(len(self.kind) - 1, -1, -1):  # children after parents: backwards is bottom-up
            if self.kind[node] == _TERMINAL:
                value[node] = self.payoff[node]
            else:
                value[node] = math.fsum(p * value[c] for p, c in zip(self.probs[node], self.children[node]))
        return value[0]

    def best_response(self, responder: int) -> tuple[float, dict[str, int], dict[str, dict[int, float]]]:
        """The responder's best-response value, its action at each of its information states
        and each action's gift there (:attr:`Exploitability.gifts`)."""
        n = len(self.kind)
        sign = 1.0 if responder == 0 else -1.0
        reach = [0.0] * n  # chance's and the other seat's probability of reaching each node
        reach[0] = 1.0
        members: dict[str, list[int]] = {}
        for node in range(n):  # parents before children: forwards is top-down
            kind, r = self.kind[node], reach[node]
            if kind == _TERMINAL:
                continue
            if kind == _DECISION and self.seat[node] == responder:
                members.setdefault(self.key[node], []).append(node)
                for c in self.children[node]:
                    reach[c] = r
            else:
                for p, c in zip(self.probs[node], self.children[node]):
                    reach[c] = r * p
        value: list[float | None] = [None] * n
        choice: dict[str, int] = {}
        gifts: dict[str, dict[int, float]] = {}

        def node_value(node: int) -> float:
            known = value[node]
            if known is not None:
                return known
            kind = self.kind[node]
            if kind == _TERMINAL:
                v = sign * self.payoff[node]
            elif kind == _DECISION and self.seat[node] == responder:
                key = self.key[node]
                if key not in choice:
                    choice[key] = decide(members[key])
                v = node_value(self.children[node][self.actions[node].index(choice[key])])
            else:
                v = math.fsum(p * node_value(c) for p, c in zip(self.probs[node], self.children[node]) if p)
            value[node] = v
            return v

        def decide(nodes: list[int]) -> int:
            """The action of highest reach-weighted value over the information state's nodes
            (the first of equals)."""
            actions = self.actions[nodes[0]]
            best, best_q = 0, -math.inf
            qs = []
            for i in range(len(actions)):
                q = math.fsum(reach[node] * node_value(self.children[node][i]) for node in nodes if reach[node])
                qs.append(q)
                if q > best_q:
                    best, best_q = i, q
            mass = math.fsum(reach[node] for node in nodes)
            gifts[self.key[nodes[0]]] = {a: (best_q - q) / mass if mass > 0.0 else 0.0 for a, q in zip(actions, qs)}
            return actions[best]

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            root = node_value(0)
            for key, nodes in members.items():  # off the best response's path too
                if key not in choice:
                    choice[key] = decide(nodes)
        finally:
            sys.setrecursionlimit(limit)
        return root, choice, gifts


def exploitability(game: TableGame, policy: Policy) -> Exploitability:
    """Each seat's exact best response to ``policy`` played by the other, the
    policy's value and its exploitability (see the module docstring).

    :param game: a heads-up :class:`~badeucey_fast.solve.game.TableGame`
        (small: the whole tree is held in memory, e.g. ``TableRules.mini()``).
    :param policy: :data:`Policy`, asked once at every decision of either seat.
    :raises ValueError: for a policy that gives an illegal action, a negative
        probability or probabilities that do not sum to 1.
    """
    tree = _Tree(game, policy)
    value0 = tree.policy_value()
    first, first_strategy, first_gifts = tree.best_response(0)
    second, second_strategy, second_gifts = tree.best_response(1)
    keys = {key for node, key in enumerate(tree.key) if tree.kind[node] == _DECISION}
    return Exploitability(best_response=(first, second), policy_value=(value0, -value0 + 0.0),  # + 0.0: no negative zero
                          exploitability=(first + second) / SEATS, big_blind=game.rules.big_blind,
                          nodes=len(tree.kind), information_states=len(keys),
                          strategies=(MappingProxyType(first_strategy), MappingProxyType(second_strategy)),
                          gifts=(MappingProxyType(first_gifts), MappingProxyType(second_gifts)))

