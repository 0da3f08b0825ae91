"""Copies and equality of hands and decks: a copy is independent, equal hands play on alike."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import replace

import numpy as np
import pytest

from badeucey_fast.deck import Deck
from badeucey_fast.play import hand as engine
from badeucey_fast.engine import STRUCTURES, Hand, TableRules
from badeucey_fast.games import GAMES

COPIES = [copy.copy, copy.deepcopy, lambda hand: hand.copy(), lambda hand: pickle.loads(pickle.dumps(hand))]


def _state(hand: Hand) -> tuple[object, ...]:
    return (hand.history, hand.stacks, hand.bets, hand.committed, hand.folded, hand.to_act, hand.phase, hand.round,
            hand.legal_actions(), [hand.cards(s) for s in range(hand.n_seats)], hand.draws)


def test_every_slot_is_copied_or_shared_deliberately() -> None:
    members = {name for base in Hand.__mro__ for name, value in vars(base).items()  # the C base type's (Hand adds none)
               if type(value).__name__ == "member_descriptor"
               or type(value).__name__ == "getset_descriptor" and name[:1] == "_" and name[:2] != "__" and name != "_address"}
    assert members == {*engine._SHARED_SLOTS, *engine._OWN_SLOTS}
    assert Hand.__slots__ == ()
    assert not set(engine._SHARED_SLOTS) & set(engine._OWN_SLOTS)


@pytest.mark.parametrize("make_copy", COPIES)
def test_acting_on_a_copy_leaves_the_original_alone(make_copy: object) -> None:
    rng = random.Random(5)
    for game in GAMES:
        hand = Hand(TableRules(game, burn=True, structure=rng.choice(STRUCTURES)), [40, 40, 40], seed=rng.randrange(99))
        while hand.phase != "over":
            before = _state(hand)
            twin = make_copy(hand)  # type: ignore[operator]
            assert twin == hand and twin is not hand
            while twin.phase != "over":  # the copy plays to the end
                if twin.phase == "bet":
                    twin.act(rng.choice(twin.legal_actions()))
                else:
                    twin.discard(twin.cards(twin.to_act)[:2])  # type: ignore[arg-type]
            assert _state(hand) == before  # ... and the original is as it was
            hand.act(hand.legal_actions()[-1] if hand.phase == "bet" else "sd")


def test_a_copy_deals_what_the_original_would() -> None:
    for seed in range(10):
        hand = Hand(TableRules("badeucey", burn=True), [30] * 6, seed=seed)
        hand.check_call()
        twin = hand.copy()
        for h in (hand, twin):
            while h.phase != "over":
                h.act("sd" if h.phase == "draw" else "cc")
        assert twin.history == hand.history and twin.payoffs == hand.payoffs


def test_copies_deal_alike_after_discards() -> None:
    """Discards draw cards from the stub: the copy draws the same ones (random state copied)."""
    hand = Hand(TableRules("deuce_seven", burn=True), [50] * 8, seed=11)
    hand.check_call()
    while hand.phase == "bet":
        hand.check_call()
    twin = copy.copy(hand)
    for h in (hand, twin):
        while h.phase != "over":
            if h.phase == "draw":
                h.discard(h.cards(h.to_act)[:4])  # type: ignore[arg-type]
            else:
                h.check_call()
    assert twin.history == hand.history  # eight seats throwing four cards three times: the stub reforms too


def test_equal_hands_play_on_alike() -> None:
    """Equality covers what decides the next cards: the stub and the random state."""
    a = Hand(TableRules("badugi"), [50, 50], seed=3)
    b = Hand(TableRules("badugi"), [50, 50], seed=3)
    assert a == b
    b._rng.random()  # same history, another random state: the next cards differ
    assert a != b
    c = Hand(TableRules("badugi"), [50, 50], seed=3)
    deal = c.deal_state
    c.resume(replace(deal, stub=deal.stub[::-1]))  # same cards left, another order
    assert a != c
    for h in (a, b):  # once over, nothing more is dealt: the histories decide
        while h.phase != "over":
            h.act("sd" if h.phase == "draw" else "cc")
    assert (a == b) == (a.history == b.history)


def test_deck_copies_are_independent() -> None:
    for make_copy in (copy.copy, copy.deepcopy, lambda deck: deck.copy()):
        deck = Deck(seed=9)
        deck.shuffle()
        twin = make_copy(deck)  # type: ignore[operator]
        assert list(twin) == list(deck)
        twin.deal(5)
        assert len(deck) == 52 and len(twin) == 47
        deck.deal(5)
        twin.shuffle()
        deck.shuffle()
        assert list(twin) == list(deck)  # the same random state


def test_hand_seeds_follow_the_package_rule() -> None:
    rules = TableRules("badugi")
    assert Hand(rules, [9, 9], seed=np.int64(4)) == Hand(rules, [9, 9], seed=4)
    assert Hand(rules, [9, 9], seed=2**64 - 1).phase == "bet"
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match=r"seed must be in 0 \.\. 2\*\*64 - 1"):
            Hand(rules, [9, 9], seed=bad)
    for wrong in (True, np.bool_(True), 1.0, "4"):
        with pytest.raises(TypeError, match=r"seed must be an integer or None"):
            Hand(rules, [9, 9], seed=wrong)  # type: ignore[arg-type]


def test_discard_takes_a_numpy_array_of_ids() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    hand.check_call()
    hand.check_call()
    seat = hand.to_act
    assert seat is not None
    thrown = hand.cards(seat)[:2]
    hand.discard(np.array(thrown))
    assert not set(thrown) & set(hand.cards(seat)) and hand.draws[0][seat] == 2
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(TypeError, match="cards must be card text or card ids"):
        hand.discard(5)  # type: ignore[arg-type]
    hand.discard(np.array([], dtype=np.int64))  # stands pat
    assert hand.draws[0][seat] == 0


def test_actions_read_ascii_digits_only() -> None:
    hand = Hand(TableRules("badugi", structure="no"), [50, 50], seed=1)
    before = hand.copy()
    for text in ("cbr \u0664", "cbr \uff14", "p\u0661 cc"):  # Arabic-Indic 4, fullwidth 4, Arabic-Indic 1
        with pytest.raises(ValueError):
            hand.act(text)
        assert hand == before
    hand.act("cbr 4")
    assert hand.bets[0] == 4
