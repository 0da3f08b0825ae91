"""Search at play time: the last betting round re-solved from the blueprint's ranges.

:class:`SearchPolicy` plays a trained strategy (the *blueprint*) until the last
draw is over; in the last betting round it plays the strategy found by
re-solving that round (``csrc/bdc_subgame.c``, CFR+ over every holding of
both seats, badeucey.h "search") from its **public belief**: every way the
hand can have gone given the public actions, each weighted by chance and by
each seat's blueprint probabilities of its own actions and throws.  The
belief is exact (every deal of the game's deck is listed), so the policy
suits games small enough to list their deals, such as
:meth:`TableRules.mini() <badeucey_fast.play.TableRules.mini>`.

**What a seat knows.**  The belief and the re-solved strategy depend only on
the public actions (and the blueprint); the seat then reads its own row:
its holding, that is its dealt hand and its own draws.  Changing the other
seat's hidden cards changes nothing the policy returns.

**The gadget.**  The round is re-solved once, at its first decision, for the
seat asking, and every decision of the round reads that solution; the other
seat may, at each of its holdings, take an alternative value instead of
entering the re-solved round.  With ``gadget="maxmargin"`` the
alternative is its best response's value against the blueprint and it chooses
which holding enters (Moravcik et al. 2016; Brown and Sandholm 2017,
"Maxmargin"): the re-solve maximises the smallest margin by which a holding
falls short of what it gets against the blueprint, so it is safe (no holding
gains more against the result than against the blueprint, once converged, the
holdings the other seat's blueprint never plays included) and lowers what it
can.  With ``"reach_maxmargin"`` (the default; Brown and Sandholm 2017,
"Reach-Maxmargin") each alternative is raised by the holding's *gifts*: what
the other seat gave up on its way to the round, at each of its own earlier
decisions, by the action it took rather than the best one against the
searcher's blueprint (:attr:`Exploitability.gifts <badeucey_fast.solve.Exploitability.gifts>`
of the blueprint, the whole game walked once, at the first re-solve).  A holding may then
gain up to its gifts in the round and the other seat's best response over the
whole hand still gains nothing, so it stays safe, and the re-solve is held
less tightly where the other seat has already lost, which lowers the
exploitability further than ``"maxmargin"`` (docs/solver.rst).  With
``"best_response"`` the alternatives are the same but each holding
enters or not on its own (Burch et al. 2014): safe too, but once a holding
is held to its alternative the re-solve has nothing to gain against it, so
it improves least.  With ``"blueprint"`` the alternative is its
counterfactual value with both seats playing the blueprint (Brown and
Sandholm 2017, "Resolve"): a tighter bound, not safe (near an equilibrium it
can raise the exploitability, docs/solver.rst).  ``"none"`` re-solves with the
other seat's blueprint range as it stands (unsafe).

>>> from badeucey_fast.play import TableRules
>>> from badeucey_fast.solve import SearchPolicy, TableGame, train
>>> game = TableGame(TableRules.mini())
>>> blueprint = train(game.rules, 200, seed=1, abstraction=None, stacks=(20, 20))
>>> policy = SearchPolicy(blueprint, game, iterations=100, gadget="maxmargin")  # the default walks the game first
>>> state = game.root().child(game.deals[0]).child(0).child(0).child(0).child(0)  # the draw over
>>> state.round, state.current_seat()
(1, 1)
>>> {action: round(p, 3) for action, p in policy(state, 1).items()}
{0: 0.929, 2: 0.071}
>>> SearchPolicy(blueprint, game, gadget="safe")
Traceback (most recent call last):
...
ValueError: gadget must be one of ['reach_maxmargin', 'maxmargin', 'best_response', 'blueprint', 'none'], got 'safe'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from badeucey_fast._checks import check_int
from badeucey_fast._native import lib
from badeucey_fast._native.mini import ChanceTable
from badeucey_fast._native.subgame import MAX_ITERATIONS, Node, SubgameResult, solve_subgame, subgame_tree
from badeucey_fast.solve.best_response import exploitability
from badeucey_fast.solve.game import _CALL_CODE, _DRAW_CODE, _FOLD_CODE, _RAISE_CODE, TableGame, TableState
from badeucey_fast.solve.strategy import Strategy

__all__ = ["DEFAULT_ITERATIONS", "SearchPolicy"]

DEFAULT_ITERATIONS = 200
"""CFR+ iterations of a re-solve by default."""
SEARCH_GADGETS = ("reach_maxmargin", "maxmargin", "best_response", "blueprint", "none")
"""The gadgets :class:`SearchPolicy` takes (the module docstring)."""

_SLOT = {_FOLD_CODE: 0, _CALL_CODE: 1, _RAISE_CODE: 2}  # a public betting code's child slot
Holding = tuple[tuple[int, ...], tuple[int, ...]]  # a seat's dealt hand and its own draws' codes


@dataclass
class _World:
    """One way the hand can have gone: its state, each seat's own reach, chance's
    probability and each seat's gifts so far (with ``"reach_maxmargin"``)."""

    state: TableState
    reach: tuple[float, float]
    chance: float
    gift: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class _Solution:
    """A re-solved round: its tree, the holdings' rows and the strategy of the seat that asked."""

    tree: tuple[Node, ...]
    rows: dict[Holding, int]
    reach: npt.NDArray[np.float64]
    strategy: npt.NDArray[np.float64]
    result: SubgameResult


@dataclass(frozen=True)
class Subgame:
    """A last betting round as :func:`~badeucey_fast._native.subgame.solve_subgame` takes it."""

    tree: tuple[Node, ...]
    rows: tuple[dict[Holding, int], dict[Holding, int]]
    """Each seat's holdings (dealt hand, own draws' codes) by row."""
    arguments: dict[str, Any]
    """The keyword arguments of ``solve_subgame`` but ``seat``, ``iterations``, ``gadget`` and ``gifts``."""
    gifts: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    """Each seat's gift at each of its holdings (:attr:`Exploitability.gifts
    <badeucey_fast.solve.Exploitability.gifts>` of the blueprint summed over the seat's
    decisions on the way; 0 unless the gadget is ``"reach_maxmargin"``)."""


def _holding(state: TableState, seat: int) -> Holding:
    return state.dealt[seat], state.solver_codes(seat)[1]


class SearchPolicy:
    """A policy of a :class:`~badeucey_fast.solve.TableGame` (``policy(state,
    seat)`` as :func:`~badeucey_fast.solve.exploitability` takes) that plays the
    blueprint and re-solves the last betting round (see the module docstring).

    :param strategy: the blueprint, a strategy of ``game``'s rules with exact
        hands and perfect recall (``train(..., abstraction=None)``).
    :param game: the game (heads-up, fixed limit, a deck whose deals can be listed).
    :param iterations: CFR+ iterations of each re-solve (the budget), 1 .. 10**6.
    :param gadget: ``"reach_maxmargin"``, ``"maxmargin"``, ``"best_response"``,
        ``"blueprint"`` or ``"none"`` (:data:`SEARCH_GADGETS`).
    :raises TypeError: for a strategy or game of another type.
    :raises ValueError: for a game that is not fixed limit, or a bad budget or gadget.
    """

    def __init__(self, strategy: Strategy, game: TableGame, *, iterations: int = DEFAULT_ITERATIONS,
                 gadget: str = "reach_maxmargin") -> None:
        if not isinstance(strategy, Strategy):
            raise TypeError(f"strategy must be a Strategy, not {type(strategy).__name__}")
        if not isinstance(game, TableGame):
            raise TypeError(f"game must be a TableGame, not {type(game).__name__}")
        if game.rules.structure != "fixed":
            raise ValueError(f"search needs fixed limit, the game is {game.rules.structure!r} limit")
        if gadget not in SEARCH_GADGETS:
            raise ValueError(f"gadget must be one of {list(SEARCH_GADGETS)}, got {gadget!r}")
        self.iterations = check_int(iterations, "iterations", low=1, high=MAX_ITERATIONS)
        self.gadget = gadget
        self.game = game
        self._blueprint = strategy.as_policy()
        self._last_round = game.rules.draws
        self._worlds: dict[tuple[int, ...], list[_World]] = {}
        self._solutions: dict[tuple[tuple[int, ...], int], _Solution | None] = {}
        self._problems: dict[tuple[int, ...], Subgame | None] = {}
        self._gifts: tuple[Mapping[str, Mapping[int, float]], Mapping[str, Mapping[int, float]]] | None = None

    def __call__(self, state: TableState, seat: int) -> dict[int, float]:
        """The probability of each legal action of ``seat`` at ``state``."""
        if state.phase != lib.BDC_PHASE_BET or state.round != self._last_round or state.current_seat() != seat:
            return self._blueprint(state, seat)
        public, _ = state.solver_codes(seat)
        cut = max(i for i, code in enumerate(public) if code >= _DRAW_CODE) + 1
        solution = self.solution(public[:cut], seat)
        holding = _holding(state, seat)
        row = None if solution is None else solution.rows.get(holding)
        if solution is None or row is None or not solution.reach[row] > 0.0:
            return self._blueprint(state, seat)  # a holding the blueprint never plays here
        node = 0
        for code in public[cut:]:
            node = solution.tree[node].children[_SLOT[code]]
        children = solution.tree[node].children
        probabilities = solution.strategy[node, row]
        return {solution.tree[child].action: float(probabilities[slot])
                for slot, child in enumerate(children) if child >= 0}

    # ---- the public belief -------------------------------------------------

    def _after(self, public: tuple[int, ...]) -> list[_World]:
        """Every world after the public codes, with its reaches and chance (cached by prefix)."""
        if public in self._worlds:
            return self._worlds[public]
        if not public:
            p = self.game.deal_probability
            worlds = [_World(self.game.root().child(deal), (1.0, 1.0), p) for deal in self.game.deals]
        else:
            worlds = []
            code = public[-1]
            for world in self._after(public[:-1]):
                worlds.extend(self._step(world, code))
        self._worlds[public] = worlds
        return worlds

    def _step(self, world: _World, code: int) -> list[_World]:
        state = world.state
        actor = state.current_seat()
        if actor < 0:
            return []
        probabilities = self._blueprint(state, actor)
        if code < _DRAW_CODE:
            raises = [a for a in state.legal_actions() if a > 0]
            action = -1 if code == _FOLD_CODE else 0 if code == _CALL_CODE else raises[0]
            if action not in state.legal_actions():
                return []
            return [self._world(state.child(action), world, actor, probabilities.get(action, 0.0), 1.0,
                                self._gift(state, actor, action))]
        count = code - _DRAW_CODE
        out = []
        for mask in state.legal_actions():
            if bin(mask).count("1") != count:
                continue
            after = state.child(mask)
            p = probabilities.get(mask, 0.0)
            g = self._gift(state, actor, mask)
            if not count:
                out.append(self._world(after, world, actor, p, 1.0, g))
                continue
            for cards, q in after.chance_outcomes():
                out.append(self._world(after.child(cards), world, actor, p, q, g))
        return [w for w in out if w.reach[0] > 0.0 or w.reach[1] > 0.0]

    def _gift(self, state: TableState, actor: int, action: int) -> float:
        """What the actor gives up by the action against the other seat's blueprint (0 without gifts)."""
        if self.gadget != "reach_maxmargin":
            return 0.0
        if self._gifts is None:  # the whole game's tree walked once, at the first re-solve
            self._gifts = exploitability(self.game, self._blueprint).gifts
        return self._gifts[actor].get(state.information_state(actor), {}).get(action, 0.0)

    @staticmethod
    def _world(state: TableState, before: _World, actor: int, p: float, q: float, g: float) -> _World:
        reach = list(before.reach)
        reach[actor] *= p
        gift = list(before.gift)
        gift[actor] += g
        return _World(state, (reach[0], reach[1]), before.chance * q, (gift[0], gift[1]))

    # ---- re-solving --------------------------------------------------------

    def solution(self, public: tuple[int, ...], seat: int) -> _Solution | None:
        """The re-solved last round after the public codes (up to its first
        decision), for ``seat``; None when the searcher's blueprint never reaches it."""
        key = (public, seat)
        if key not in self._solutions:
            self._solutions[key] = self._solve(public, seat)
        return self._solutions[key]

    def _solve(self, public: tuple[int, ...], seat: int) -> _Solution | None:
        problem = self.problem(public)
        if problem is None or not problem.arguments["reach"][seat].any():
            return None
        if self.gadget == "reach_maxmargin":
            result = solve_subgame(**problem.arguments, seat=seat, iterations=self.iterations, gadget="maxmargin",
                                   gifts=problem.gifts[1 - seat])
        else:
            result = solve_subgame(**problem.arguments, seat=seat, iterations=self.iterations, gadget=self.gadget)
        return _Solution(problem.tree, problem.rows[seat], problem.arguments["reach"][seat],
                         result.strategies[seat], result)

    def problem(self, public: tuple[int, ...]) -> Subgame | None:
        """The last round after the public codes (up to its first decision) as
        the re-solver takes it, for either seat; None when no deal gets there."""
        if public not in self._problems:
            self._problems[public] = self._problem(public)
        return self._problems[public]

    def _problem(self, public: tuple[int, ...]) -> Subgame | None:
        worlds = self._after(public)
        if not worlds:
            return None
        rows: tuple[dict[Holding, int], dict[Holding, int]] = ({}, {})
        reps: list[list[TableState]] = [[], []]
        reach: list[list[float]] = [[], []]
        gift: list[list[float]] = [[], []]
        pairs: list[list[int]] = [[], []]
        weights = []
        for world in worlds:
            for s in (0, 1):
                h = _holding(world.state, s)
                if h not in rows[s]:
                    rows[s][h] = len(reps[s])
                    reps[s].append(world.state)
                    reach[s].append(world.reach[s])
                    gift[s].append(world.gift[s])
                pairs[s].append(rows[s][h])
            weights.append(world.chance)
        table = cast(ChanceTable, worlds[0].state._table)
        tree = subgame_tree(table)
        hands = [np.array([state.cards(s) for state in reps[s]], dtype=np.uint8) for s in (0, 1)]
        blueprint = [self._tree_policy(tree, reps[s], s) for s in (0, 1)]
        arguments = {"table": table, "hands": hands, "reach": [np.array(r) for r in reach],
                     "pairs": (np.array(pairs[0]), np.array(pairs[1])), "weights": np.array(weights),
                     "blueprint": blueprint}
        return Subgame(tree, rows, arguments, (np.array(gift[0]), np.array(gift[1])))

    def _tree_policy(self, tree: tuple[Node, ...], states: list[TableState], seat: int) -> npt.NDArray[np.float64]:
        """The blueprint of ``seat`` at every node of the tree, for each holding (its state at the root)."""
        out = np.zeros((len(tree), len(states), 3), dtype=np.float64)
        for row, root in enumerate(states):
            at: list[TableState | None] = [root] + [None] * (len(tree) - 1)
            for i, node in enumerate(tree):
                if i:
                    parent = at[node.parent]
                    at[i] = None if parent is None or tree[node.parent].seat < 0 else parent.child(node.action)
                here = at[i]
                if node.seat != seat or here is None:
                    continue
                out[i, row] = _blueprint_row(tree, node, self._blueprint(here, seat))
        return out


def _blueprint_row(tree: tuple[Node, ...], node: Node, probabilities: Mapping[Any, float]) -> npt.NDArray[np.float64]:
    """The blueprint's probability of each of ``node``'s child slots (``probabilities``
    by the children's actions), made a distribution over its legal actions: uniform
    where the blueprint gives them none."""
    row = np.array([probabilities.get(tree[child].action, 0.0) if child >= 0 else 0.0 for child in node.children])
    total = row.sum()
    return row / total if total > 0.0 else (np.array(node.children) >= 0) / sum(c >= 0 for c in node.children)
