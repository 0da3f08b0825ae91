"""The last betting round's re-solver of the C core (``csrc/bdc_subgame.c``), thinly wrapped.

Private: :mod:`badeucey_fast.solve.search` builds on it.  :func:`subgame_tree`
lists the round's public tree from a table's decision; :func:`solve_subgame`
runs CFR+ over both seats' holdings (badeucey.h, "search"), with the workspace
allocated here (the C core never allocates); :func:`subgame_payoffs` reads back
its showdowns' payoffs, pair by pair.

>>> from badeucey_fast._native.mini import ChanceTable
>>> from badeucey_fast._native.subgame import subgame_tree
>>> from badeucey_fast.play import TableRules
>>> table = ChanceTable(TableRules.mini(), [20, 20], [(1, 2, 3, 5), (6, 7, 49, 50)])
>>> subgame_tree(table)
Traceback (most recent call last):
...
ValueError: the subgame needs a heads-up, fixed-limit hand at a decision of its last betting round
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import ffi, lib, status_text
from badeucey_fast._native.mini import ChanceTable

ACTIONS: int = lib.BDC_SUBGAME_ACTIONS
"""A node's child slots: fold, check or call, bet or raise."""
MAX_NODES: int = lib.BDC_SUBGAME_MAX_NODES
MAX_ITERATIONS: int = lib.BDC_SUBGAME_MAX_ITERATIONS
GADGETS: dict[str, int] = {"none": lib.BDC_GADGET_NONE, "blueprint": lib.BDC_GADGET_BLUEPRINT,
                           "best_response": lib.BDC_GADGET_BEST_RESPONSE, "maxmargin": lib.BDC_GADGET_MAXMARGIN}
"""The re-solving gadget's alternatives (badeucey.h, "THE GADGET"), by name."""


@dataclass(frozen=True)
class Node:
    """A node of the round's public tree (``bdc_subgame_node``)."""

    parent: int
    seat: int
    """The seat to act; -1 once the hand is over."""
    showdown: int
    """Once over: the showdown's number, or -1 after a fold."""
    children: tuple[int, int, int]
    """By slot (fold, check or call, bet or raise): the child's node, -1 when not legal."""
    action: int
    """The table action from the parent."""
    payoff: float
    """After a fold: seat 0's net chips for the hand."""


@dataclass(frozen=True)
class SubgameResult:
    """What :func:`solve_subgame` found: both seats' average strategies and their values."""

    strategies: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    """Per seat, (nodes, holdings, ACTIONS) probabilities (0 where the seat does not act)."""
    value: float
    best_response: tuple[float, float]
    exploitability: float
    gadget_entered: float
    margin: float
    """With a gadget, the smallest margin of the other seat's holdings that the
    searcher's range meets: its best response's value against the searcher's
    blueprint less that against the result, per unit of chance and reach
    (at least 0: safe in the subgame); 0 without."""


def _check(status: int, what: str) -> None:
    if status == lib.BDC_E_ARGUMENT and what == "tree":
        raise ValueError("the subgame needs a heads-up, fixed-limit hand at a decision of its last betting round")
    if status < 0:
        raise ValueError(f"subgame {what}: {status_text(status)}")


def subgame_tree(table: ChanceTable) -> tuple[Node, ...]:
    """The last betting round's public tree from the table's decision, the root first.

    :raises ValueError: for a table not at a decision of a heads-up,
        fixed-limit hand's last betting round.
    """
    nodes = ffi.new("bdc_subgame_node[]", MAX_NODES)
    n = lib.bdc_subgame_tree(table._table, nodes, MAX_NODES)
    _check(n, "tree")
    return tuple(Node(int(x.parent), int(x.seat), int(x.showdown), (int(x.child[0]), int(x.child[1]), int(x.child[2])),
                      int(x.action), float(x.payoff)) for x in (nodes[i] for i in range(n)))


def _doubles(values: Any, what: str) -> npt.NDArray[np.float64]:
    array = np.ascontiguousarray(values, dtype=np.float64)
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{what} must be finite")
    return array


def _problem(table: ChanceTable, hands: Sequence[npt.NDArray[np.uint8]], reach: Sequence[Any],
             pairs: tuple[Any, Any], weights: Any) -> tuple[Any, list[Any]]:
    """A ``bdc_subgame`` of the ranges and pairs, and the arrays it points into
    (the holdings' cards first), which must outlive it."""
    problem = ffi.new("bdc_subgame *")
    problem.table = table._table
    cards = [np.ascontiguousarray(h, dtype=np.uint8) for h in hands]
    reaches = [_doubles(r, "a reach") for r in reach]
    first, second = (np.ascontiguousarray(p, dtype=np.uint32) for p in pairs)
    weight = _doubles(weights, "a pair's weight")
    if not len(first) == len(second) == len(weight):
        raise ValueError(f"pairs and weights must have one length, got {len(first)}, {len(second)}, {len(weight)}")
    for s in (0, 1):
        if len(reaches[s]) != len(cards[s]):
            raise ValueError(f"seat {s}: {len(cards[s])} holdings but {len(reaches[s])} reaches")
        problem.n_hands[s] = len(cards[s])
        problem.hands[s] = ffi.from_buffer("uint8_t[]", cards[s])
        problem.reach[s] = ffi.from_buffer("double[]", reaches[s])
    problem.n_pairs = len(weight)
    problem.pair_hand[0] = ffi.from_buffer("uint32_t[]", first)
    problem.pair_hand[1] = ffi.from_buffer("uint32_t[]", second)
    problem.pair_weight = ffi.from_buffer("double[]", weight)
    return problem, [cards, reaches, first, second, weight]


def subgame_payoffs(table: ChanceTable, hands: Sequence[npt.NDArray[np.uint8]], reach: Sequence[Any],
                    pairs: tuple[Any, Any], weights: Any) -> npt.NDArray[np.float64]:
    """Seat 0's payoff of every pair at every showdown of the round's tree, as
    :func:`solve_subgame` settles them (``bdc_subgame_payoffs``): a
    (showdowns, pairs) array, the showdowns by their numbers (:attr:`Node.showdown`).
    The parameters are :func:`solve_subgame`'s.

    :raises ValueError: for anything the C core refuses, named by its status.
    """
    problem, keep = _problem(table, hands, reach, pairs, weights)
    showdowns = sum(node.showdown >= 0 for node in subgame_tree(table))
    out = np.zeros((showdowns, len(keep[-1])), dtype=np.float64)
    _check(lib.bdc_subgame_payoffs(problem, ffi.from_buffer("double[]", out), out.size), "payoffs")
    return out


def solve_subgame(table: ChanceTable, hands: Sequence[npt.NDArray[np.uint8]], reach: Sequence[Any],
                  pairs: tuple[Any, Any], weights: Any, *, seat: int, iterations: int, gadget: str = "none",
                  blueprint: Sequence[Any] | None = None, gifts: Any | None = None) -> SubgameResult:
    """Re-solves the last betting round from the table's decision (badeucey.h, "search").

    :param hands: per seat, a (holdings, n_cards) uint8 array of card ids.
    :param reach: per seat, each holding's reach from the seat's own play.
    :param pairs: the pairs chance allows: two arrays of holding indices (seat 0's, seat 1's).
    :param weights: each pair's chance probability.
    :param seat: the seat re-solving (the gadget's other seat may take its alternative).
    :param gadget: a key of :data:`GADGETS`.
    :param blueprint: with a gadget, per seat, (nodes, holdings, ACTIONS) probabilities.
    :param gifts: with a gadget, None or each holding of the other seat's gift
        (badeucey.h, "THE GIFTS"): at least 0, per unit of chance and the
        searcher's root reach, added to its alternative.
    :raises ValueError: for anything the C core refuses, named by its status.
    """
    if gadget not in GADGETS:
        raise ValueError(f"gadget must be one of {sorted(GADGETS)}, got {gadget!r}")
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    problem, arrays = _problem(table, hands, reach, pairs, weights)
    cards = arrays[0]
    keep: list[Any] = []
    problem.seat = seat
    problem.gadget = GADGETS[gadget]
    if gadget != "none":
        if blueprint is None:
            raise ValueError("a gadget needs the blueprint")
        for s in (0, 1):
            b = _doubles(blueprint[s], "the blueprint")
            keep.append(b)
            problem.blueprint[s] = ffi.from_buffer("double[]", b)
        if gifts is not None:
            gift = _doubles(gifts, "a gift")
            if gift.shape != (len(cards[1 - seat]),):
                raise ValueError(f"gifts must be one a holding of seat {1 - seat} ({len(cards[1 - seat])}), "
                                 f"got shape {gift.shape}")
            if np.any(gift < 0.0):
                raise ValueError("a gift must be at least 0")
            keep.append(gift)
            problem.gift = ffi.from_buffer("double[]", gift)
    n_work = ffi.new("size_t *")
    _check(lib.bdc_subgame_work(problem, n_work), "problem")
    nodes = len(subgame_tree(table))
    for s in (0, 1):
        if gadget != "none" and keep[s].size != nodes * len(cards[s]) * ACTIONS:
            raise ValueError(f"the blueprint of seat {s} must be {nodes} x {len(cards[s])} x {ACTIONS} probabilities")
    work = np.zeros(int(n_work[0]), dtype=np.float64)
    out = [np.zeros((nodes, len(cards[s]), ACTIONS), dtype=np.float64) for s in (0, 1)]
    result = ffi.new("bdc_subgame_result *")
    status = lib.bdc_subgame_solve(problem, iterations, ffi.from_buffer("double[]", work), len(work),
                                   ffi.from_buffer("double[]", out[0]), ffi.from_buffer("double[]", out[1]), result)
    _check(status, "solve")
    return SubgameResult((out[0], out[1]), float(result.value),
                         (float(result.best_response[0]), float(result.best_response[1])),
                         float(result.exploitability), float(result.gadget_entered), float(result.margin))
