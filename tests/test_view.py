"""HandView's numbers: to call, the raise-to range, raises left, own discards, position."""

from __future__ import annotations

import random
from dataclasses import fields

from badeucey_fast.engine import Hand, HandView, TableRules
from badeucey_fast._terminal import _parse


def test_view_numbers_match_legal() -> None:
    rng = random.Random(5)
    for seats, structure in ((2, "fixed"), (3, "fixed"), (6, "pot"), (4, "no")):
        for seed in range(20):
            hand = Hand(TableRules("badeucey", structure=structure), [60] * seats, seed=seed)
            thrown: dict[int, list[int]] = {s: [] for s in range(seats)}
            while hand.to_act is not None:
                seat = hand.to_act
                view, legal = hand.view(seat), hand.legal()
                assert (view.to_call, view.min_raise_to, view.max_raise_to) == (
                    legal.to_call, legal.min_raise_to, legal.max_raise_to)
                if view.phase == "bet":
                    assert view.to_call == min(max(view.bets) - view.bets[seat], view.stacks[seat])
                    assert view.raises_left == legal.raises_left
                for other in range(seats):
                    assert hand.view(other).thrown == tuple(thrown[other])
                    if other != seat:
                        assert hand.view(other).min_raise_to is None and hand.view(other).to_call == 0
                if view.phase == "draw":
                    cards = rng.sample(list(view.cards), rng.randint(0, 3))
                    hand.discard(cards)
                    thrown[seat].extend(cards)
                elif legal.can_raise and rng.random() < 0.3:
                    assert legal.min_raise_to is not None
                    hand.bet_raise(legal.min_raise_to)
                elif legal.can_fold and rng.random() < 0.1:
                    hand.fold()
                else:
                    hand.check_call()


def test_acts_last_heads_up() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], button=0, seed=1)
    # Before the draw the big blind acts last; after it, the button.
    bb = 1 - hand.button
    assert hand.view(bb).acts_last and not hand.view(hand.button).acts_last
    hand.check_call()
    hand.check_call()
    hand.discard()
    hand.discard()
    assert hand.phase == "bet"
    assert hand.view(hand.button).acts_last and not hand.view(bb).acts_last


def test_acts_last_multiway_skips_folded() -> None:
    hand = Hand(TableRules("badugi"), [50, 50, 50, 50], button=0, seed=1)
    bb = 2
    assert [hand.view(s).acts_last for s in range(4)] == [s == bb for s in range(4)]


def test_raises_left_capped_round() -> None:
    hand = Hand(TableRules("badeucey"), [100, 100, 100], seed=3)
    cap = hand.rules.cap
    assert cap is not None
    assert hand.view(0).raises_left == cap - 1
    hand.bet_raise()
    assert all(hand.view(s).raises_left == cap - 2 for s in range(3))


def test_raises_left_uncapped_heads_up() -> None:
    rules = TableRules("badeucey")
    hand = Hand(rules, [100, 100], seed=3)
    assert rules.heads_up_cap is None and hand.view(0).raises_left is None


def test_view_to_dict_and_rebuild() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    hand.check_call()
    hand.check_call()
    hand.discard(hand.cards(hand.to_act)[:2])
    seat = 1 - hand.to_act
    view = hand.view(seat)
    data = view.to_dict()
    for name in ("to_call", "min_raise_to", "max_raise_to", "raises_left", "thrown", "acts_last"):
        assert name in data
    assert isinstance(data["thrown"], str) and len(view.thrown) == 2
    assert HandView(**{f.name: getattr(view, f.name) for f in fields(view)}) == view


def test_hand_built_view_takes_numbers_from_its_actions() -> None:
    view = HandView(seat=0, n_seats=2, button=0, to_act=0, phase="bet", round=1, pot=8, stacks=(44, 48),
                    bets=(0, 4), folded=(False, False), all_in=(False, False), cards=(0, 1, 2, 3, 4),
                    draws=((0, 0),), history=(), legal_actions=("f", "cc", "cbr 8"), rules=TableRules("badeucey"))
    assert (view.to_call, view.min_raise_to, view.max_raise_to) == (4, 8, 8)
    assert _parse("r", view) == "cbr 8" and _parse("c", view) == "cc"
