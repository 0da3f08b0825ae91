"""Self-play's drawn deals (``bdc_selfplay`` with ``BDC_SELFPLAY_DRAWN``, the
deals of :func:`badeucey_fast.play.selfplay`): each deal is the C table its
documented seed names, its cards are uniform, and no card is dealt twice,
through the reshuffles of the stub too.  Every seed here is fixed, so no test
can flake."""

from __future__ import annotations

import numpy as np
import pytest

import badeucey_fast._native.table as ctable
from badeucey_fast._native import lib
from badeucey_fast._native.table import CHECK_CALL, DRAW, OVER, Table, drawn_table_seed
from badeucey_fast.play import TableRules

SEEDS = (0, 1, 2**63, 2**64 - 1)  # the ends of the public range (0 .. 2**64 - 1) and two between


def play_out(table: Table, discard: int) -> None:
    """Every seat checks or calls and throws the cards in ``discard`` (a mask)."""
    while table.phase != OVER:
        seat = table.to_act
        assert seat is not None
        table.act(discard & ((1 << len(table.cards(seat))) - 1) if table.phase == DRAW else CHECK_CALL)


@pytest.mark.parametrize(("game", "seats"), [("badeucey", 2), ("badugi", 10), ("deuce_seven", 8)])
def test_a_drawn_deal_is_the_table_its_seed_names(game: str, seats: int) -> None:
    """Deal d of seed s plays as the table seeded ``drawn_table_seed(s, d)``
    with its button at d % seats: calling policies stand pat and call, so the
    chips follow from the cards alone."""
    rules, stacks = TableRules(game), [100] * seats
    for seed in SEEDS:
        first = 2**40 + 3  # far from 0: the deal's number is in the seed, not its place in the call
        won = ctable.selfplay(rules, stacks, ["calling"] * seats, 6, seed, first_deal=first, duplicate=False)
        for row, deal in enumerate(range(first, first + 6)):
            table = Table(rules, stacks, button=deal % seats, seed=drawn_table_seed(seed, deal))
            play_out(table, 0)
            assert tuple(won[row]) == table.payoffs, (seed, deal)
        assert won.any()
        again = ctable.selfplay(rules, stacks, ["calling"] * seats, 6, seed, first_deal=first, duplicate=False)
        assert np.array_equal(again, won)


def test_the_shuffled_deals_stay_those_of_matches() -> None:
    """``"shuffled"`` keeps the deals play_match's built-in bots are played on
    (its documented figures): another dealing, so other chips for the same seed."""
    rules = TableRules("badugi")
    shuffled = ctable.selfplay(rules, [100, 100], ["random", "calling"], 200, 5, dealing="shuffled")
    drawn = ctable.selfplay(rules, [100, 100], ["random", "calling"], 200, 5, dealing="drawn")
    assert not np.array_equal(shuffled, drawn)
    with pytest.raises(ValueError, match="unknown dealing 'sorted'"):
        ctable.selfplay(rules, [100, 100], ["random", "calling"], 1, 5, dealing="sorted")


def test_drawn_cards_are_uniform_over_cards_and_positions() -> None:
    """Chi-square of the card at each position (the ten cards dealt heads-up,
    then the ten drawn when both seats throw all five) over 3,000 deals of one
    seed: uniform over the 52 cards, position by position and in total; and
    the first card's suit in consecutive deals independent (a 4 x 4 table)."""
    rules, deals, seed = TableRules("badeucey"), 3000, 11
    counts = np.zeros((20, 52), dtype=np.int64)
    first_suits = []
    for deal in range(deals):
        table = Table(rules, [100, 100], button=deal % 2, seed=drawn_table_seed(seed, deal))
        dealt = [table.cards(s) for s in (1, 0)]  # the order of the deal: left of the button first
        play_out(table, 0b11111)
        drawn = [e[4] for e in table.events if e[0] == lib.BDC_EVENT_DRAW][:2]
        cards = [card for hand in dealt + drawn for card in hand]
        counts[np.arange(20), cards] += 1
        first_suits.append(cards[0] % 4)
    expected = deals / 52
    chi2 = ((counts - expected) ** 2 / expected).sum(axis=1)
    # 51 degrees of freedom: mean 51, sd 10.1; 115 is beyond p = 1e-7, so a fault, not chance
    assert chi2.max() < 115, chi2
    assert abs(chi2.sum() - 20 * 51) < 6 * (2 * 20 * 51) ** 0.5, chi2.sum()
    pairs = np.zeros((4, 4))
    np.add.at(pairs, (first_suits[:-1], first_suits[1:]), 1)
    expected_pairs = np.outer(pairs.sum(axis=1), pairs.sum(axis=0)) / pairs.sum()
    assert ((pairs - expected_pairs) ** 2 / expected_pairs).sum() < 45  # 9 degrees of freedom, p < 1e-6


def test_no_card_is_dealt_twice_through_reshuffles() -> None:
    """Eight seats of a five-card game throwing every card at every draw empty
    the stub every draw: the cards in hands, the stub's reshuffles and each
    drawn card follow RULES.md (a drawing seat never gets back what it threw
    in that draw; no card is in two hands)."""
    rules, seats = TableRules("deuce_seven"), 8
    reshuffles = 0
    for deal in range(40):
        table = Table(rules, [100] * seats, button=deal % seats, seed=drawn_table_seed(3, deal))
        play_out(table, 0b11111)
        held: dict[int, set[int]] = {}
        for kind, seat, _, cards, dealt, _ in table.events:
            if kind == lib.BDC_EVENT_DEAL:
                held[seat] = set(cards)
            elif kind == lib.BDC_EVENT_DRAW:
                assert set(cards) == held[seat] and not set(dealt) & set(cards), (deal, seat)
                others = set().union(*(h for s, h in held.items() if s != seat))
                assert not set(dealt) & others, (deal, seat)
                held[seat] = set(dealt)
            reshuffles += kind == lib.BDC_EVENT_RESHUFFLE
            in_hands = [c for h in held.values() for c in h]
            assert len(in_hands) == len(set(in_hands)), deal
    assert reshuffles >= 40  # every deal reforms its stub


def test_selfplay_with_many_seats_drawing_deals_whole_hands() -> None:
    """Random policies at full tables (the stub reformed often) play every deal
    out in C, chips conserved, for seeds at both ends of the range."""
    for game, seats in (("badugi", 10), ("badeucey", 8)):
        for seed in (0, 2**64 - 1):
            won = ctable.selfplay(TableRules(game), [60] * seats, ["random"] * seats, 300, seed)
            assert not won.sum(axis=1).any() and won.any(), (game, seed)
