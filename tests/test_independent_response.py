"""The independent exact best response (badeucey_fast/solve/independent.py): its
game is the C table's game, move for move; it agrees with the table's best
response; and a strategy's exploitability falls with training."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest

from badeucey_fast.play import TableRules
from badeucey_fast.solve import Strategy, TableGame, exploitability, train
from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.independent import (
    Decision,
    DrawGame,
    _Walker,  # the rules' moves, compared one by one with the table's
    best_response_values,
    reduced_rules,
    strategy_policy,
)
from badeucey_fast.solve.independent import exploitability as independent_exploitability

from .support import load_module

STACK = 20
TOOL = Path(__file__).resolve().parent.parent / "tools" / "reduced_exploitability.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_module(TOOL, "reduced_exploitability")


def _playouts(rules: TableRules, hands: int, seed: int) -> int:
    """Plays random hands through the C table's game and the independent one
    side by side, comparing every decision, draw and payoff; returns the
    showdowns seen."""
    game = TableGame(rules, stack=STACK)
    walker = _Walker(DrawGame.from_rules(rules, STACK), lambda d: {})
    rng = random.Random(seed)
    showdowns = 0
    for _ in range(hands):
        deal = rng.choice(game.deals)
        table, ours = game.root().child(deal), walker.start(deal)
        while not table.is_terminal():
            if table.is_chance():
                theirs = {tuple(sorted(cards)): (cards, p) for cards, p in table.chance_outcomes()}
                mine = {tuple(sorted(o[0])): o for o in walker.outcomes(ours)}
                assert sorted(theirs) == sorted(mine)
                for cards, (_, p) in theirs.items():
                    assert mine[cards][3] == pytest.approx(p, abs=1e-15)
                pick = rng.choice(sorted(theirs))
                table, ours = table.child(theirs[pick][0]), walker.receive(ours, *mine[pick][:3])
                continue
            seat = table.current_seat()
            assert ours.to_act == seat
            assert walker.moves(ours) == table.legal_actions()
            public, own = table.solver_codes(seat)
            assert (ours.public, ours.own[seat], ours.hands[seat], ours.round) == (public, own, table.cards(seat),
                                                                                  table.round)
            action = rng.choice(table.legal_actions())
            table, ours = table.child(action), walker.act(ours, action)
        assert (walker.payoff(ours, 0), walker.payoff(ours, 1)) == tuple(map(float, table.payoffs()))
        showdowns += bool(table.cards(0)) and bool(table.cards(1))  # nobody folded
    return showdowns


@pytest.mark.parametrize("rules", [TableRules.mini(), reduced_rules(), reduced_rules(2)], ids=["mini", "reduced", "cap2"])
def test_the_independent_game_is_the_tables(rules: TableRules) -> None:
    assert _playouts(rules, 400, seed=3) > 50


def _uniform(decision: Decision) -> dict[int, float]:
    return {a: 1 / len(decision.actions) for a in decision.actions}


def test_it_agrees_with_the_tables_best_response_in_the_mini_game() -> None:
    rules = TableRules.mini()
    strategy = train(rules, 200, seed=1, abstraction=None, stacks=(STACK, STACK))
    table = exploitability(TableGame(rules, stack=STACK), strategy.as_policy())
    ours = best_response_values(DrawGame.from_rules(rules, STACK), strategy_policy(strategy))
    assert ours == pytest.approx(table.best_response, abs=1e-9)
    assert table.best_response[0] > 0.1  # not a trivial agreement


@pytest.mark.slow
def test_it_agrees_with_the_tables_best_response_with_buckets_and_the_round_history(tool: ModuleType) -> None:
    # every discard an action: the table's policy wants the strategy's actions to be the legal ones
    rules = TableRules.mini()
    buckets = tool.every_discard(SolverAbstraction.card_buckets("badugi", 32, history="round"))
    strategy = train(rules, 200, seed=1, abstraction=buckets, stacks=(STACK, STACK))
    table = exploitability(TableGame(rules, stack=STACK), strategy.as_policy())
    ours = best_response_values(DrawGame.from_rules(rules, STACK), strategy_policy(strategy))
    assert ours == pytest.approx(table.best_response, abs=1e-9)


def _exploitability(rules: TableRules, iterations: int, seed: int, abstraction: SolverAbstraction | None) -> float:
    strategy: Strategy = train(rules, iterations, seed=seed, abstraction=abstraction, stacks=(STACK, STACK))
    return independent_exploitability(DrawGame.from_rules(rules, STACK), strategy_policy(strategy))


@pytest.mark.no_sanitize  # the independent best response is Python; training and lookups are test_cfr's
def test_exploitability_falls_with_iterations_in_the_mini_game() -> None:
    rules = TableRules.mini()
    short = [_exploitability(rules, 200, seed, None) for seed in (1, 2)]
    long = [_exploitability(rules, 2_000, seed, None) for seed in (1, 2)]
    assert max(long) < 0.75 * min(short)


@pytest.mark.no_sanitize  # the independent best response is Python; training and lookups are test_cfr's
def test_deck_buckets_merge_hands_and_play_every_discard(tool: ModuleType) -> None:
    rules = TableRules.mini()
    made = tool.deck_buckets(rules, 8)
    strategy = train(rules, 300, seed=1, abstraction=made, stacks=(STACK, STACK))
    assert 0 < strategy.information_sets < 500  # exact hands: 4,739 (docs/solver.rst)
    assert independent_exploitability(DrawGame.from_rules(rules, STACK), strategy_policy(strategy)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("pipeline", ["exact", "forgetting"])
def test_exploitability_falls_with_iterations_in_the_reduced_game(tool: ModuleType, pipeline: str) -> None:
    rules = reduced_rules()
    abstraction = None if pipeline == "exact" else tool.forgetting(rules)
    # by far more than the seeds' spread: exact 1.50-1.52 chips to 0.19, forgetting 1.41-1.43 to 0.64-0.65
    short = [_exploitability(rules, 300, seed, abstraction) for seed in (1, 2)]
    long = [_exploitability(rules, 30_000, seed, abstraction) for seed in (1, 2)]
    assert max(long) < 0.6 * min(short)


def test_a_policy_is_checked() -> None:
    game = DrawGame.from_rules(TableRules.mini(), STACK)
    with pytest.raises(ValueError, match="not legal there"):
        best_response_values(game, lambda d: {99: 1.0})
    with pytest.raises(ValueError, match="not a distribution"):
        best_response_values(game, lambda d: {0: 0.5})
    assert best_response_values(game, _uniform)[0] > 0


def test_games_it_does_not_play_are_refused() -> None:
    with pytest.raises(ValueError, match="plays Badugi"):
        DrawGame.from_rules(TableRules.mini("deuce_seven"))
    with pytest.raises(ValueError, match="deep stacks"):
        DrawGame.from_rules(TableRules.mini(), stack=3)
    with pytest.raises(ValueError, match="capped fixed limit"):
        DrawGame.from_rules(TableRules("badugi"))
