"""The re-solver's showdown settlement (csrc/bdc_subgame.c) against the table, pair by pair.

The re-solver settles one pair of each class at each showdown (per half: the
comparison of the two ranks and each hand's qualifier miss) and gives every
pair of the class that payoff (``bdc_subgame_payoffs`` reads it back).  Here
every pair is played out on a table of its own, dealt those cards, through the
same public line (pat draws) and the showdown's path: the payoffs must agree,
on random holdings with pairs of equal ranks (ties) and pairs that share cards
left out (card removal), in games of one and two halves, with and without
qualifiers and either odd chip.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from badeucey_fast import GAMES
from badeucey_fast._native import lib
from badeucey_fast._native.mini import ChanceTable
from badeucey_fast._native.subgame import Node, solve_subgame, subgame_payoffs, subgame_tree
from badeucey_fast.games import Game
from badeucey_fast.play import TableRules

STACKS = [60, 60]
HOLDINGS = 14  # a seat's holdings: pairs of these, less those sharing a card

GAMES_SETTLED = [
    GAMES["badeucey"],
    replace(GAMES["badeucey"], badugi_qualifier=800, low_qualifier=3000),  # either half may go unwon
    replace(GAMES["badacey"], odd_chip="badugi"),
    GAMES["deuce_seven"],
    GAMES["badugi"],
    replace(GAMES["badugi"], badugi_qualifier=900),
]


def public_line(rules: TableRules, rng: random.Random) -> tuple[ChanceTable, list[tuple[str, int]]]:
    """A table at the last betting round's first decision, reached by random calls and
    raises (no fold) and pat draws, and that line of actions."""
    size = rules.game.hand_size
    cards = random.Random(0).sample(range(lib.BDC_DECK_SIZE), 2 * size)
    table = ChanceTable(rules, STACKS, [cards[:size], cards[size:]])
    line: list[tuple[str, int]] = []
    while not (table.phase == lib.BDC_PHASE_BET and table.round == rules.draws):
        if table.phase == lib.BDC_PHASE_DRAW:
            table.draw(0, ())
            line.append(("draw", 0))
            continue
        legal = table.legal()
        action = int(legal.min_raise_to) if legal.can_raise and rng.random() < 0.4 else 0
        table.bet(action)
        line.append(("bet", action))
    return table, line


def holdings(game: Game, rng: random.Random) -> list[list[tuple[int, ...]]]:
    """Both seats' holdings: random hands, and for some of seat 0's, seat 1 holds the same
    ranks in other suits (a tie in a rank-only half)."""
    size = game.hand_size
    seats: list[list[tuple[int, ...]]] = [[], []]
    for _ in range(HOLDINGS):
        seats[0].append(tuple(rng.sample(range(lib.BDC_DECK_SIZE), size)))
    for i in range(HOLDINGS):
        if i % 3 == 0:  # the same ranks, every suit moved on by one
            seats[1].append(tuple(4 * (c // 4) + (c % 4 + 1) % 4 for c in seats[0][i]))
        else:
            seats[1].append(tuple(rng.sample(range(lib.BDC_DECK_SIZE), size)))
    return seats


def path(tree: tuple[Node, ...], node: int) -> list[int]:
    """The table actions from the root to the node."""
    actions = []
    while node > 0:
        actions.append(tree[node].action)
        node = tree[node].parent
    return actions[::-1]


def played_out(rules: TableRules, line: list[tuple[str, int]], pair: tuple[tuple[int, ...], tuple[int, ...]],
               to_showdown: list[int]) -> int:
    """Seat 0's payoff of the pair's cards dealt, the line played and then the showdown's path."""
    table = ChanceTable(rules, STACKS, [list(pair[0]), list(pair[1])])
    for kind, action in line:
        if kind == "draw":
            table.draw(action, ())
        else:
            table.bet(action)
    for action in to_showdown:
        table.bet(action)
    assert table.phase == lib.BDC_PHASE_OVER
    return table.payoffs()[0]


@pytest.mark.parametrize("game", GAMES_SETTLED, ids=lambda g: f"{g.name}-{g.badugi_qualifier}-{g.low_qualifier}")
@pytest.mark.parametrize("seed", [1, 2])
def test_the_settlement_is_the_table_s_pair_by_pair(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    rules = TableRules(game, heads_up_cap=4)
    table, line = public_line(rules, rng)
    seats = holdings(game, rng)
    first, second = [], []
    for i, a in enumerate(seats[0]):
        for j, b in enumerate(seats[1]):
            if not set(a) & set(b):
                first.append(i)
                second.append(j)
    assert 0 < len(first) < HOLDINGS * HOLDINGS  # card removal left some pairs out
    hands = [np.array(s, dtype=np.uint8) for s in seats]
    reach = [np.ones(HOLDINGS), np.ones(HOLDINGS)]
    weights = np.array([rng.uniform(0.1, 1.0) for _ in first])
    found = subgame_payoffs(table, hands, reach, (np.array(first), np.array(second)), weights)
    tree = subgame_tree(table)
    showdowns = [i for i, node in enumerate(tree) if node.showdown >= 0]
    assert found.shape == (len(showdowns), len(first))
    distinct = set()
    for node in showdowns:
        actions = path(tree, node)
        expected = [played_out(rules, line, (seats[0][i], seats[1][j]), actions) for i, j in zip(first, second)]
        assert found[tree[node].showdown].tolist() == expected
        distinct.update(expected)
    assert len(distinct) > 2  # wins, losses and split pots among them


def test_the_payoffs_refuse_what_the_solver_refuses() -> None:
    rules = TableRules(GAMES["badeucey"], heads_up_cap=4)
    table, _ = public_line(rules, random.Random(3))
    seats = holdings(GAMES["badeucey"], random.Random(3))
    seats[1][1] = seats[0][0]
    hands = [np.array(s, dtype=np.uint8) for s in seats]
    reach = [np.ones(HOLDINGS), np.ones(HOLDINGS)]
    sharing = (np.array([0]), np.array([1]))
    for bad in (dict(pairs=sharing, weights=np.ones(1)),  # a pair that shares cards
                dict(pairs=(np.array([0]), np.array([0])), weights=-np.ones(1))):  # a weight below 0
        with pytest.raises(ValueError, match="subgame payoffs: "):
            subgame_payoffs(table, hands, reach, **bad)
        with pytest.raises(ValueError, match="subgame problem: "):  # as the solver refuses it
            solve_subgame(table, hands, reach, **bad, seat=0, iterations=1)
    with pytest.raises(ValueError, match="pairs and weights must have one length"):
        subgame_payoffs(table, hands, reach, (np.array([0]), np.array([0])), np.ones(2))


def test_a_resolve_is_the_same_on_every_implementation(implementation: str) -> None:
    """The terminal sums run on the implementation in use (AVX2 where it runs): the same doubles as the
    portable loops, on a problem of many terminal nodes, card removal and uneven weights."""
    import badeucey_fast as bf

    rules = TableRules(GAMES["badeucey"], heads_up_cap=4)
    rng = random.Random(4)
    table, _ = public_line(rules, rng)
    seats = holdings(GAMES["badeucey"], rng)
    pairs = [(i, j) for i, a in enumerate(seats[0]) for j, b in enumerate(seats[1]) if not set(a) & set(b)]
    arguments = dict(table=table, hands=[np.array(s, dtype=np.uint8) for s in seats],
                     reach=[np.array([rng.uniform(0.2, 1.0) for _ in s]) for s in seats],
                     pairs=(np.array([i for i, _ in pairs]), np.array([j for _, j in pairs])),
                     weights=np.array([rng.uniform(0.1, 1.0) for _ in pairs]))
    found = solve_subgame(**arguments, seat=1, iterations=30)
    bf.use_implementation("portable")
    portable = solve_subgame(**arguments, seat=1, iterations=30)
    bf.use_implementation(implementation)
    assert all(np.array_equal(a, b) for a, b in zip(found.strategies, portable.strategies, strict=True))
    assert (found.value, found.best_response, found.exploitability) == (
        portable.value, portable.best_response, portable.exploitability)
