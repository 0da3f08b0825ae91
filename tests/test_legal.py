"""Hand.legal(): the legal actions as numbers, and legal_actions() derived from it."""

from __future__ import annotations

import random

import pytest

from badeucey_fast.engine import Hand, Legal, TableRules
from badeucey_fast._bench.playout import play_randomly


def _words(legal: Legal) -> tuple[str, ...]:
    if legal.seat is None:
        return ()
    if legal.phase == "draw":
        return ("sd",)
    out = ["f", "cc"] if legal.can_fold else ["cc"]
    if legal.min_raise_to is not None:
        out.append(f"cbr {legal.min_raise_to}")
        if legal.max_raise_to != legal.min_raise_to:
            out.append(f"cbr {legal.max_raise_to}")
    return tuple(out)


def test_legal_fixed_limit_opening() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    legal = hand.legal()
    assert legal == Legal(seat=hand.to_act, phase="bet", to_call=1, can_fold=True, min_raise_to=4, max_raise_to=4,
                          raises_left=None, max_discard=0)
    assert legal.can_raise and not legal.can_check
    assert hand.legal_actions() == ("f", "cc", "cbr 4")


def test_legal_capped_multiway_counts_raises() -> None:
    hand = Hand(TableRules("badeucey"), [100, 100, 100], seed=2)
    cap = hand.rules.cap
    assert cap is not None
    assert hand.legal().raises_left == cap - 1  # the big blind is the first bet
    hand.bet_raise()
    assert hand.legal().raises_left == cap - 2
    while hand.legal().can_raise:
        hand.bet_raise()
    legal = hand.legal()
    assert legal.raises_left == 0 and legal.min_raise_to is None and legal.max_raise_to is None
    assert not any(a.startswith("cbr") for a in hand.legal_actions())


def test_legal_draw_and_over() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    hand.check_call()
    hand.check_call()
    assert hand.phase == "draw"
    legal = hand.legal()
    assert legal.phase == "draw" and legal.max_discard == 4 and legal.to_call == 0 and not legal.can_raise
    assert hand.legal_actions() == ("sd",)
    hand.discard()
    hand.discard()
    while hand.to_act is not None and hand.phase == "bet" and hand.legal().can_fold:
        hand.fold()
    play_randomly(hand, random.Random(0))
    assert hand.legal() == Legal(None, "over") and hand.legal_actions() == ()


def test_legal_short_stack_call_is_all_in() -> None:
    hand = Hand(TableRules("deuce_seven", structure="no"), [3, 100], seed=4)
    hand.bet_raise(hand.legal().max_raise_to)
    legal = hand.legal()
    assert legal.to_call <= hand.stacks[legal.seat] and legal.can_fold


@pytest.mark.parametrize("structure", ["fixed", "pot", "no"])
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_legal_actions_is_derived_from_legal(structure: str, seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(30):
        hand = Hand(TableRules("badeucey", structure=structure), [rng.randint(5, 80) for _ in range(seats)], seed=seed)
        while hand.to_act is not None:
            legal = hand.legal()
            assert hand.legal_actions() == _words(legal)
            assert legal.seat == hand.to_act
            if legal.phase == "bet":
                assert legal.to_call == min(max(hand.bets) - hand.bets[legal.seat], hand.stacks[legal.seat])
                if legal.can_raise:
                    assert legal.max_raise_to is not None and legal.min_raise_to <= legal.max_raise_to
                    if structure != "fixed":
                        assert legal.raises_left is None
                pick = rng.random()
                if legal.can_fold and pick < 0.2:
                    hand.fold()
                elif legal.can_raise and pick < 0.6:
                    assert legal.min_raise_to is not None and legal.max_raise_to is not None
                    hand.bet_raise(rng.randint(legal.min_raise_to, legal.max_raise_to))
                else:
                    hand.check_call()
            else:
                assert legal.max_discard == len(hand.cards(legal.seat))
                hand.discard(rng.sample(list(hand.cards(legal.seat)), rng.randint(0, legal.max_discard)))
