"""The round history of the solver's keys (badeucey.h, "THE ROUND HISTORY"):
each key checked against a summary written here from a hand's typed events."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from badeucey_fast._native import cfr, ffi, lib
from badeucey_fast.play import TableRules
from badeucey_fast.play.events import BetRaise, CheckCall, Draw, Fold
from badeucey_fast.play.view import HandView
from badeucey_fast.solve import SolverAbstraction, Strategy, train
from badeucey_fast.solve.strategy import history_codes, make_cgame

from .support import play_strategy_hand

RULES = TableRules("badugi", heads_up_cap=4)
POT_CODE = [0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8]  # by bets so far, 16 at most


@pytest.fixture(scope="module")
def abstraction() -> SolverAbstraction:
    return SolverAbstraction.card_buckets("badugi", 16, cache=False, history="round")


@pytest.fixture(scope="module")
def trained(abstraction: SolverAbstraction) -> Strategy:
    return train(RULES, 300, seed=3, abstraction=abstraction)


def expected_codes(view: HandView, own: bool = False) -> list[int]:
    """The key's codes: the summary of what came before this betting round
    (or this draw), then this round's (or this draw's) codes; with ``own``
    (the round_own history) the summary ends with whether the seat stood pat
    in its own last draw."""
    betting: dict[int, list[object]] = {}
    draws: dict[int, list[Draw]] = {}
    round_ = 0
    for e in view.events:
        if isinstance(e, Draw):
            draws.setdefault(e.draw, []).append(e)
            round_ = e.draw
        elif isinstance(e, (BetRaise, CheckCall, Fold)):
            betting.setdefault(round_ if len(draws.get(round_, ())) != 1 else round_ - 1, []).append(e)
    if view.phase == "draw":
        done_rounds, done_draws, current = range(view.round), range(1, view.round), draws.get(view.round, [])
    else:
        done_rounds, done_draws, current = range(view.round), range(1, view.round + 1), betting.get(view.round, [])
    summary: list[int] = []
    if len(done_rounds):
        bets = sum((len([e for e in betting.get(r, []) if isinstance(e, BetRaise)]) + (r == 0)) * (1 if r < 2 else 2)
                   for r in done_rounds)
        raises = [e for e in betting.get(done_rounds[-1], []) if isinstance(e, BetRaise)]
        raiser = 1 if not raises else 2 if raises[-1].seat == view.seat else 3
        theirs = [e.count for d in done_draws for e in draws[d] if e.seat != view.seat]
        last = 4 + theirs[-1] if theirs else 10
        before = 2 + min(theirs[-2], 2) if len(theirs) > 1 else 1
        summary = [POT_CODE[min(bets, 16)], raiser, last, before]
        if own:
            mine = [e.count for d in done_draws for e in draws[d] if e.seat == view.seat]
            summary.append(10 if not mine else 4 if mine[-1] == 0 else 5)
    return summary + history_codes(current)


def key_of(strategy: Strategy, view: HandView) -> bytes:
    legal = ffi.new("bdc_legal *")
    if view.phase == "draw":
        legal.phase = lib.BDC_PHASE_DRAW
        legal.max_discard = len(view.cards)
    else:
        legal.phase = lib.BDC_PHASE_BET
        legal.can_fold = int(view.to_call > 0)
        if view.min_raise_to is not None:
            legal.can_raise = 1
            legal.min_raise_to = legal.max_raise_to = view.min_raise_to
    game = strategy._lookup[0]
    return cfr.key(game, (view.seat - view.button) % 2, view.round, legal, view.cards, history_codes(view.events))


def unpack(key: bytes) -> list[int]:
    return [key[9 + i // 2] >> (4 * (i & 1)) & 15 for i in range(key[8])]


def play(seed: int, strategy: Strategy, check: Callable[[HandView], None]) -> None:
    """A hand played by the strategy, ``check`` called with the view of each decision."""
    play_strategy_hand(strategy, RULES, seed, lambda hand, _: check(hand.view(hand.to_act)))


def test_every_key_holds_this_rounds_codes_after_the_summary_of_the_rest(trained: Strategy) -> None:
    seen: set[tuple[str, int]] = set()

    def check(view: HandView) -> None:
        key = key_of(trained, view)
        assert key[0] == (view.seat - view.button) % 2
        assert key[2] == view.round
        assert unpack(key) == expected_codes(view), view.events
        seen.add((view.phase, view.round))

    for seed in range(60):
        play(seed, trained, check)
    assert seen >= {("bet", 0), ("draw", 1), ("bet", 1), ("draw", 2), ("bet", 2), ("draw", 3), ("bet", 3)}


def test_a_round_own_key_adds_whether_the_seat_stood_pat() -> None:
    own = train(RULES, 300, seed=3, abstraction=SolverAbstraction.card_buckets("badugi", 16, cache=False,
                                                                                      history="round_own"))
    seen: set[int] = set()

    def check(view: HandView) -> None:
        codes = expected_codes(view, own=True)
        assert unpack(key_of(own, view)) == codes, view.events
        if len(codes) > 4:
            seen.add(codes[4])

    for seed in range(60):
        play(seed, own, check)
    assert seen == {4, 5, 10}  # stood pat, drew, no draw yet


def test_the_round_history_keeps_the_strategy_small(abstraction: SolverAbstraction, trained: Strategy) -> None:
    full = train(RULES, 300, seed=3, abstraction=SolverAbstraction.card_buckets("badugi", 16, cache=False,
                                                                                       history="full"))
    assert trained.information_sets < full.information_sets / 2
    # and its decisions are found in later rounds as often as in the first
    met = {"first": [], "later": []}  # type: dict[str, list[bool]]

    def check(view: HandView) -> None:
        met["first" if view.round == 0 else "later"].append(trained._policy(view)[2])

    for seed in range(30):
        play(seed, trained, check)
    assert all(met["first"]) and sum(met["later"]) / len(met["later"]) > 0.8


def test_a_round_history_strategy_saves_and_loads(trained: Strategy, tmp_path: Path) -> None:
    trained.save(tmp_path / "s.npz")
    again = Strategy.load(tmp_path / "s.npz")
    assert again == trained and again.abstraction.history == "round"
    assert again.abstraction.spec["history"] == "round"


def test_bad_histories_are_refused(trained: Strategy) -> None:
    with pytest.raises(ValueError, match="history must be one of 'full', 'round', 'round_own', got 'some'"):
        SolverAbstraction.card_buckets("badugi", 16, cache=False, history="some")
    game = make_cgame(RULES, trained.stacks, trained.variant, trained.abstraction)
    for bad in (-1, 3):
        game.struct.history = bad
        assert lib.bdc_cfr_check(game.struct) == lib.BDC_E_ARGUMENT
    game.struct.buckets = [ffi.NULL] * 4
    game.struct.recall = 1
    for forgetting in (lib.BDC_CFR_ROUND_HISTORY, lib.BDC_CFR_ROUND_OWN_HISTORY):
        game.struct.history = forgetting
        assert lib.bdc_cfr_check(game.struct) == lib.BDC_E_ARGUMENT  # a round history forgets: no recall
