"""The game engine: RULES.md's worked hand, and each rule of "How a hand is played" in turn."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from badeucey_fast import (
    GAMES,
    Hand,
    HandView,
    TableRules,
    Uncontested,
    format_cards,
    parse_cards,
    showdown,
)
from badeucey_fast.engine import STRUCTURES
from badeucey_fast.play import describe
from badeucey_fast.play.events import Post

from .support import Snapshot

ALICE, BOB, CAROL, TED = range(4)


def stacked_deck(*cards: str) -> list[int]:
    """A deck that deals ``cards`` first (in that order), then every other card."""
    first = [c for text in cards for c in parse_cards(text)]
    rest = [c for c in range(52) if c not in first]
    return first + rest


def worked_hand_deck() -> list[int]:
    # Dealt one card at a time from Bob (left of Alice's button): Bob, Carol, Ted, Alice.
    hands = {BOB: "Ac Ad Ah 2c", CAROL: "3s 5d Jc Jh", TED: "Td Ts 9c 9s", ALICE: "2s 4c 6d Ks"}
    rows = [parse_cards(hands[s]) for s in (BOB, CAROL, TED, ALICE)]
    deal = [format_cards([row[i]]) for i in range(4) for row in rows]
    # then the draws: Bob 2 (Kc Qc), Carol 2 (7c Tc), Alice 1 (Qd); Bob 1 (Jd), Alice 1 (9h); Carol 1 (8h)
    return stacked_deck(*deal, "Kc Qc 7c Tc Qd Jd 9h 8h")


def play_worked_hand() -> tuple[Hand, list[int]]:
    hand = Hand(TableRules("badugi", small_blind=1, big_blind=2, small_bet=2, big_bet=4), [100] * 4,
                button=ALICE, deck=worked_hand_deck())
    pots = []
    assert (hand.to_act, hand.bets) == (TED, (0, 1, 2, 0))
    hand.fold()                    # Ted
    hand.check_call()              # Alice calls
    hand.check_call()              # Bob completes
    assert hand.legal_actions() == ("cc", "cbr 4")  # Carol's blind is live
    hand.check_call()              # Carol checks
    pots.append(hand.pot)
    assert (hand.phase, hand.round, hand.to_act) == ("draw", 1, BOB)
    hand.discard("Ad Ah")
    assert hand.cards(BOB) == parse_cards("Ac 2c Kc Qc")  # dealt before Carol discards
    hand.discard("Jc Jh")
    hand.act("sd Ks")              # Alice draws one
    hand.check_call()              # Bob checks
    hand.bet_raise()               # Carol bets 2
    hand.check_call()
    hand.check_call()
    pots.append(hand.pot)
    hand.act("sd Kc")              # Bob draws one
    hand.act("sd")                 # Carol stands pat
    hand.discard([parse_cards("Qd")[0]])  # Alice draws one
    hand.check_call()              # Bob checks
    hand.act("cbr 4")              # Carol bets 4
    hand.act("cbr 8")              # Alice raises to 8
    hand.act("f")                  # Bob folds
    hand.act("cc")                 # Carol calls
    pots.append(hand.pot)
    assert hand.to_act == CAROL    # Bob has folded: Carol is first left of the button
    hand.discard("Tc")
    hand.discard()                 # Alice stands pat
    hand.check_call()
    hand.bet_raise(4)
    hand.check_call()
    pots.append(sum(hand.committed))
    return hand, pots


def test_worked_hand_of_rules_md() -> None:
    hand, pots = play_worked_hand()
    assert pots == [6, 12, 28, 36]
    assert hand.phase == "over" and hand.to_act is None
    assert hand.cards(ALICE) == parse_cards("2s 4c 6d 9h")  # a 9-high badugi
    assert hand.cards(CAROL) == parse_cards("3s 5d 7c 8h")  # an 8-high badugi
    assert hand.payoffs == (-16, -4, 20, 0)
    assert sum(hand.payoffs) == 0
    result = hand.result
    assert result is not None and not isinstance(result, Uncontested)
    assert result.chips == (0, 0, 36, 0)
    assert result.pots[0].halves[0].name == "8-7-5-3 badugi"
    assert hand.draws == ((1, 2, 2, None), (1, 1, 0, None), (0, None, 1, None))


def test_worked_hand_phh_round_trip_and_pokerkit() -> None:
    hand, _ = play_worked_hand()
    text = hand.to_phh()
    assert 'variant = "FB"' in text
    again = Hand.from_phh(text)
    assert again == hand and again.payoffs == hand.payoffs
    pokerkit = pytest.importorskip("pokerkit")
    *_, state = pokerkit.HandHistory.loads(text)
    # PHH players start left of the button: Bob, Carol, Ted, Alice (pokerkit's docstring hand)
    assert list(state.payoffs) == [-4, 20, 0, -16]


def test_history_is_phh_words_in_play_order() -> None:
    hand, _ = play_worked_hand()
    history = hand.history
    assert history[:4] == ("d dh p1 AcAdAh2c", "d dh p2 3s5dJcJh", "d dh p3 TdTs9c9s", "d dh p4 2s4c6dKs")
    assert history[4:8] == ("p3 f", "p4 cc", "p1 cc", "p2 cc")
    assert history[8:10] == ("p1 sd AdAh", "d dh p1 KcQc")  # each draw dealt before the next player's
    assert history[-2:] == ("p2 sm 3s5d7c8h", "p4 sm 2s4c6d9h")


# --------------------------------------------------------------------------- #
# Table rules
# --------------------------------------------------------------------------- #
def test_table_rules_defaults() -> None:
    rules = TableRules()
    assert rules.game is GAMES["badeucey"]
    assert (rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet) == (1, 2, 2, 4)
    assert (rules.cap, rules.heads_up_cap, rules.structure, rules.burn) == (4, None, "fixed", False)
    assert TableRules(big_blind=10, small_blind=5).big_bet == 20
    assert TableRules("badugi").max_seats == 10 and TableRules("badacey").max_seats == 8
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.cap = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "holdem"}, "unknown game"),
        ({"small_blind": 3}, "small_blind"),
        ({"big_blind": 0}, "big_blind"),
        ({"small_bet": 0}, "small_bet"),
        ({"big_bet": 1.5}, "big_bet must be an integer"),
        ({"cap": 0}, "cap"),
        ({"heads_up_cap": 0}, "heads_up_cap"),
        ({"structure": "spread"}, "structure"),
        ({"burn": 1}, "burn"),
        ({"small_blind": True}, "small_blind must be an integer"),
    ],
)
def test_table_rules_refuse_bad_settings(kwargs: dict[str, object], message: str) -> None:
    # the package's rule for integers: a wrong type is a TypeError, a wrong value a ValueError
    error = TypeError if "must be an integer" in message else ValueError
    with pytest.raises(error, match=message):
        TableRules(**kwargs)  # type: ignore[arg-type]


def test_house_game_plays_through_table_rules() -> None:
    house = dataclasses.replace(GAMES["badeucey"], name="house", odd_chip="badugi")
    hand = Hand(TableRules(house), [10, 10], seed=1)
    assert hand.game is house
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    assert sum(hand.payoffs or ()) == 0
    assert Hand.from_phh(hand.to_phh()) == hand


@pytest.mark.parametrize(
    ("stacks", "button", "message"),
    [
        ([10], 0, "seats 2..8"),
        ([10] * 9, 0, "seats 2..8"),
        ([10, 0], 0, "stack of seat 1"),
        ([10, 10], 2, "button"),
        ("10 10", 0, "stacks"),
    ],
)
def test_hand_refuses_bad_tables(stacks: object, button: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Hand(TableRules(), stacks, button=button)  # type: ignore[arg-type]


def test_badugi_seats_ten_and_deck_must_be_52_cards() -> None:
    Hand(TableRules("badugi"), [10] * 10)
    with pytest.raises(ValueError, match="seats 2..10"):
        Hand(TableRules("badugi"), [10] * 11)
    with pytest.raises(ValueError, match="deck takes 52 cards"):
        Hand(TableRules(), [10, 10], deck=list(range(51)))


# --------------------------------------------------------------------------- #
# Blinds, order of play and the deal
# --------------------------------------------------------------------------- #
def test_deal_one_card_at_a_time_from_left_of_the_button() -> None:
    hand = Hand(TableRules("badugi"), [50] * 3, button=1, deck=list(range(52)))
    assert hand.cards(2) == (0, 3, 6, 9)
    assert hand.cards(0) == (1, 4, 7, 10)
    assert hand.cards(1) == (2, 5, 8, 11)


def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    hand = Hand(TableRules(), [50, 50], button=1, seed=3)
    assert hand.bets == (2, 1) and hand.to_act == 1
    hand.check_call()
    assert hand.to_act == 0  # the big blind's option
    hand.check_call()
    assert (hand.phase, hand.to_act) == ("draw", 0)
    hand.discard()
    hand.discard()
    assert (hand.phase, hand.round, hand.to_act) == ("bet", 1, 0)  # the big blind first after the draw


def test_live_big_blind_may_raise_when_everyone_calls() -> None:
    hand = Hand(TableRules(), [50] * 3, seed=3)
    hand.check_call()
    hand.check_call()
    assert hand.to_act == 2 and hand.legal_actions() == ("cc", "cbr 4")
    hand.bet_raise()
    assert hand.to_act == 0 and hand.bets == (2, 2, 4)


def test_round_one_starts_left_of_the_big_blind() -> None:
    hand = Hand(TableRules(), [50] * 5, button=3, seed=3)
    assert hand.bets == (2, 0, 0, 0, 1) and hand.to_act == 1


# --------------------------------------------------------------------------- #
# Caps and raises
# --------------------------------------------------------------------------- #
def test_cap_counts_the_blind_as_the_bet() -> None:
    hand = Hand(TableRules(), [100] * 3, seed=3)
    hand.bet_raise()            # 4
    hand.bet_raise()            # 6
    hand.bet_raise()            # 8: the cap, four bets
    assert hand.legal_actions() == ("f", "cc")
    with pytest.raises(ValueError, match="capped at 4 bets"):
        hand.bet_raise()


def test_no_cap_heads_up_unless_set() -> None:
    hand = Hand(TableRules(), [1000, 1000], seed=3)
    for _ in range(10):
        hand.bet_raise()
    assert hand.bets[hand.to_act or 0] + 2 == max(hand.bets)
    capped = Hand(TableRules(heads_up_cap=4), [1000, 1000], seed=3)
    for _ in range(3):
        capped.bet_raise()
    assert "cbr 10" not in capped.legal_actions() and capped.legal_actions() == ("f", "cc")


def test_heads_up_cap_applies_when_two_players_begin_the_round() -> None:
    hand = Hand(TableRules(), [100] * 3, seed=3)
    hand.check_call()
    hand.check_call()
    hand.check_call()
    for _ in range(3):
        hand.discard()
    for _ in range(3):
        hand.check_call()
    for _ in range(3):
        hand.discard()
    hand.bet_raise()  # seat 1 bets 2
    hand.bet_raise()  # seat 2 raises to 4
    hand.fold()       # seat 0 folds: two players left, but the round began three-handed
    hand.bet_raise()
    hand.bet_raise()
    assert hand.legal_actions() == ("f", "cc")
    hand.check_call()
    for _ in range(2):
        hand.discard()
    for _ in range(6):  # round 3 begins heads-up: no cap
        hand.bet_raise()
    assert hand.legal_actions()[-1] == f"cbr {max(hand.bets) + 4}"


def test_big_bet_in_rounds_three_and_four() -> None:
    hand = Hand(TableRules(small_bet=3, big_bet=7, big_blind=3), [200, 200], seed=4)
    hand.check_call()
    assert hand.legal_actions() == ("cc", "cbr 6")
    hand.check_call()
    for r in (1, 2, 3):
        hand.discard()
        hand.discard()
        assert hand.legal_actions() == ("cc", f"cbr {3 if r == 1 else 7}")
        hand.check_call()
        hand.check_call()
    assert hand.phase == "over"


# --------------------------------------------------------------------------- #
# All-ins, short raises, uncalled bets and side pots
# --------------------------------------------------------------------------- #
def _to_round_one(hand: Hand) -> None:
    while hand.phase == "bet" and hand.round == 0:
        hand.check_call()
    while hand.phase == "draw":
        hand.discard()


def test_fixed_limit_all_in_of_half_a_bet_reopens_the_betting() -> None:
    hand = Hand(TableRules(small_bet=4, big_blind=4, small_blind=2), [100, 100, 9], seed=5)
    _to_round_one(hand)
    assert hand.to_act == 1
    hand.bet_raise()                # seat 1 bets 4
    hand.bet_raise()                # seat 2 all in for 5: a raise of 1, under half a bet
    assert hand.all_in[2] and hand.to_act == 0
    assert hand.legal_actions() == ("f", "cc", "cbr 9")  # seat 0 has not acted: it may raise
    hand.check_call()
    assert hand.to_act == 1 and hand.legal_actions() == ("f", "cc")  # seat 1 acted: not reopened
    with pytest.raises(ValueError, match="did not reopen"):
        hand.bet_raise()
    hand.check_call()
    assert hand.phase == "draw"

    half = Hand(TableRules(small_bet=4, big_blind=4, small_blind=2), [100, 100, 10], seed=5)
    _to_round_one(half)
    half.bet_raise()                # seat 1 bets 4
    half.bet_raise()                # seat 2 all in for 6: a raise of 2, half a bet
    half.check_call()
    assert half.to_act == 1 and half.legal_actions() == ("f", "cc", "cbr 10")  # reopened


def test_all_in_call_and_uncalled_bet_returned() -> None:
    hand = Hand(TableRules(), [3, 100], button=0, seed=6)
    hand.bet_raise()                # the button (3 chips) raises all in to 3
    assert hand.all_in[0] and hand.stacks[0] == 0
    hand.check_call()
    assert hand.phase == "draw"     # nobody can bet any more, but both still draw
    while hand.phase != "over":
        assert hand.phase == "draw"
        hand.discard(hand.cards(hand.to_act or 0)[:2])
    assert sum(hand.payoffs or ()) == 0 and sorted(hand.payoffs or ()) in ([-3, 3], [0, 0])


def test_uncalled_raise_is_returned_when_everyone_folds() -> None:
    hand = Hand(TableRules(), [100, 100, 100], seed=6)
    hand.bet_raise()                # seat 0 raises to 4
    hand.fold()
    hand.fold()
    assert hand.phase == "over"
    assert hand.result == Uncontested(0, 5)  # 2 of the raise to 4 returned: blinds 1 + 2, own 2
    assert hand.payoffs == (3, -1, -2)


def test_side_pots_match_showdown() -> None:
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [5, 11, 100, 100], button=3, seed=9)
    while hand.phase != "over":  # everyone raises when allowed, never folds, stands pat
        if hand.phase == "draw":
            hand.discard()
        elif hand.legal_actions()[-1].startswith("cbr"):
            hand.bet_raise()
        else:
            hand.check_call()
    result = hand.result
    assert result is not None and not isinstance(result, Uncontested)
    assert [(a, e) for a, e in hand.pots][:2] == [(20, (0, 1, 2, 3)), (18, (1, 2, 3))]
    order = [(hand.button + 1 + i) % 4 for i in range(4)]
    rotated = showdown([None if hand.folded[s] else hand.cards(s) for s in order],
                       [(a, [order.index(s) for s in e]) for a, e in hand.pots], rules.game)
    assert tuple(rotated.chips[order.index(s)] for s in range(4)) == result.chips
    assert sum(hand.payoffs or ()) == 0


# --------------------------------------------------------------------------- #
# Draws and the stub
# --------------------------------------------------------------------------- #
def test_stub_runs_out_then_reforms_without_the_drawers_own_discards() -> None:
    hand = Hand(TableRules("deuce_seven"), [50] * 8, deck=list(range(52)), seed=11)
    while hand.phase == "bet":
        hand.check_call()
    thrown: dict[int, tuple[int, ...]] = {}
    for _ in range(3):            # 15 cards from a 12-card stub
        seat = hand.to_act or 0
        thrown[seat] = hand.cards(seat)
        hand.discard(thrown[seat])
    first, second, third = thrown
    assert set(hand.cards(first)) == set(range(40, 45))
    assert set(hand.cards(second)) == set(range(45, 50))
    dealt = set(hand.cards(third))
    assert {50, 51} <= dealt                       # what was left of the stub first
    assert not dealt & set(thrown[third])          # never its own discards
    assert (dealt - {50, 51}) <= set(thrown[first]) | set(thrown[second])


def test_all_in_player_still_draws() -> None:
    hand = Hand(TableRules(), [50, 2, 50], seed=12)
    hand.check_call()
    hand.check_call()                # seat 1 (small blind, 2 chips) calls all in
    hand.check_call()
    assert hand.all_in[1] and hand.phase == "draw"
    seats = []
    while hand.phase == "draw":
        seats.append(hand.to_act)
        hand.discard()
    assert seats == [1, 2, 0]


def test_burn_card_before_each_draw() -> None:
    hand = Hand(TableRules("badugi", burn=True), [50, 50], deck=list(range(52)))
    hand.check_call()
    hand.check_call()
    hand.discard(hand.cards(1)[:1])
    assert hand.cards(1)[-1] == 9            # 8 dealt, card 8 burnt
    assert Hand.from_phh(hand.to_phh()) == hand


# --------------------------------------------------------------------------- #
# Illegal actions, views, PHH
# --------------------------------------------------------------------------- #
def test_illegal_actions_raise_and_change_nothing() -> None:
    hand = Hand(TableRules(), [100, 100, 100], seed=13)
    before = Snapshot(hand)
    for bad in (lambda: hand.discard(), lambda: hand.act("sd"), lambda: hand.bet_raise(5),
                lambda: hand.act("cbr 6"), lambda: hand.act("p1 cc"), lambda: hand.act("x"),
                lambda: hand.act("cbr four"), lambda: hand.act(""), lambda: hand.act(3)):  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            bad()
        assert Snapshot(hand) == before
    while hand.phase == "bet":
        hand.check_call()
    seat = hand.to_act or 0
    before = Snapshot(hand)
    other = next(c for c in range(52) if c not in hand.cards(seat))
    for bad in (lambda: hand.fold(), lambda: hand.check_call(), lambda: hand.bet_raise(),
                lambda: hand.discard([other]), lambda: hand.discard("Zz"), lambda: hand.discard([99]),
                lambda: hand.discard([hand.cards(seat)[0]] * 2)):
        with pytest.raises(ValueError):
            bad()
        assert Snapshot(hand) == before
    with pytest.raises(ValueError, match="nothing to call"):
        _check_then_fold()


def _check_then_fold() -> None:
    hand = Hand(TableRules(), [10, 10, 10], seed=1)
    hand.check_call()
    hand.check_call()
    hand.fold()  # the big blind has nothing to call


def test_acting_after_the_end_is_refused() -> None:
    hand = Hand(TableRules(), [10, 10], seed=1)
    hand.fold()
    assert hand.phase == "over" and hand.legal_actions() == ()
    for bad in (hand.fold, hand.check_call, hand.bet_raise, hand.discard, lambda: hand.act("cc")):
        with pytest.raises(ValueError, match="over"):
            bad()


def test_view_shows_own_cards_only_and_is_immutable() -> None:
    hand, _ = play_worked_hand()
    fresh = Hand(TableRules("badugi"), [100] * 4, deck=worked_hand_deck())
    view = fresh.view(TED)
    assert isinstance(view, HandView) and view.cards == fresh.cards(TED)
    assert view.legal_actions == ("f", "cc", "cbr 4") and fresh.view(ALICE).legal_actions == ()
    assert "d dh p3 TdTs9c9s" in view.history and "d dh p1 ????????" in view.history
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pot = 0  # type: ignore[misc]
    end = hand.view(TED)
    assert end.draws == hand.draws and end.phase == "over"
    assert "p2 sm 3s5d7c8h" in end.history  # shown hands are public
    with pytest.raises(ValueError, match="no seat"):
        hand.view(4)


def _rendered_afresh(hand: Hand, seat: int | None) -> tuple[str, ...]:
    return tuple(line for entry in hand.events for line in hand._render(entry, seat))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_rendered_as_the_hand_goes_are_rendered_afresh(game: str) -> None:
    """Views and the history are rendered incrementally (each renders what happened
    since the last): at every step, for every seat, as if rendered from the whole log;
    a copied or pickled hand goes on the same way."""
    import copy
    import pickle
    import random

    rng = random.Random(game)
    for seed in range(4):
        hand = Hand(TableRules(game, structure=rng.choice(STRUCTURES)), [60] * 4, seed=seed)
        twin: Hand | None = None
        step = 0
        while hand.phase != "over":
            seats = rng.sample(range(4), rng.randint(0, 4))  # some seats look at every step, some skip steps
            for seat in seats:
                view = hand.view(seat)
                assert view.history == _rendered_afresh(hand, seat)
                assert list(vars(view)) == [f.name for f in dataclasses.fields(HandView)]  # built without __init__,
                assert view == HandView(**vars(view)) and hash(view) == hash(HandView(**vars(view)))  # yet the same
            if step % 3 == 0:
                assert hand.history == _rendered_afresh(hand, None)
            if step == 5:
                twin = copy.deepcopy(hand) if seed % 2 else pickle.loads(pickle.dumps(hand))
                assert twin == hand
            hand.act(rng.choice(hand.legal_actions()) if hand.phase == "bet" else "sd")
            step += 1
        for seat in range(4):
            assert hand.view(seat).history == _rendered_afresh(hand, seat)
        assert hand.history == _rendered_afresh(hand, None)
        if twin is not None:  # the copy, taken mid-hand, goes its own way
            while twin.phase != "over":
                twin.act(twin.legal_actions()[-1] if twin.phase == "bet" else "sd")
                assert all(twin.view(seat).history == _rendered_afresh(twin, seat) for seat in range(4))


@pytest.mark.parametrize("structure", STRUCTURES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_phh_round_trip_every_game_and_structure(game: str, structure: str) -> None:
    hand = Hand(TableRules(game, structure=structure), [30, 40, 50], seed=21)
    while hand.phase != "over":
        if hand.phase == "draw":
            hand.discard(hand.cards(hand.to_act or 0)[:3])
        else:
            acts = hand.legal_actions()
            hand.act(acts[-1] if hand.round < 2 else "cc")
    text = hand.to_phh()
    again = Hand.from_phh(text)
    assert again == hand and again.payoffs == hand.payoffs


def test_from_phh_refuses_bad_histories() -> None:
    hand, _ = play_worked_hand()
    text = hand.to_phh()
    with pytest.raises(ValueError, match="TOML"):
        Hand.from_phh("variant = ")
    with pytest.raises(ValueError, match="unknown PHH variant"):
        Hand.from_phh(text.replace('"FB"', '"NT"'))
    with pytest.raises(ValueError, match="finishing_stacks"):
        Hand.from_phh(text.replace("finishing_stacks = [96, 120", "finishing_stacks = [97, 119"))
    with pytest.raises(ValueError, match="action"):
        Hand.from_phh(text.replace('"p3 f"', '"p3 cc"'))
    with pytest.raises(ValueError, match="unknown cards"):
        Hand.from_phh(text + '_badeucey_burns = ["??"]\n')  # a burnt card is never unknown
    unknown = Hand.from_phh(text.replace("d dh p1 AcAdAh2c", "d dh p1 ????????"))  # its cards placeholders
    assert unknown.payoffs == hand.payoffs


def test_pot_and_no_limit_amounts() -> None:
    pot = Hand(TableRules(structure="pot"), [100, 100, 100], seed=2)
    assert pot.legal_actions() == ("f", "cc", "cbr 4", "cbr 7")  # pot 3 + call 2 = 5: raise to 7
    with pytest.raises(ValueError, match="needs an amount"):
        pot.bet_raise()
    with pytest.raises(ValueError, match="4..7"):
        pot.bet_raise(8)
    pot.bet_raise(7)
    assert pot.legal_actions() == ("f", "cc", "cbr 12", "cbr 23")  # min: 7 + 5; pot: 7 + (10 + 6)
    no = Hand(TableRules(structure="no"), [100, 100], seed=2)
    assert no.legal_actions() == ("f", "cc", "cbr 4", "cbr 100")
    no.bet_raise(10)
    assert no.legal_actions() == ("f", "cc", "cbr 18", "cbr 100")


def test_play_script_and_describe() -> None:
    from badeucey_fast.engine import describe, play_script

    hand = play_script(TableRules("badugi"), [100] * 4, ["p3 f", "p4 cbr 4", "p1 sd", "p2 cbr 2"], seed=5)
    assert hand.history[4:6] == ("p3 f", "p4 cbr 4")
    log = describe(hand)
    assert "seat 3 folds" in log and "seat 0 raises to 4" in log and "seat 2 bets 2" in log
    assert log.splitlines()[-1].startswith("payoffs: ")
    with pytest.raises(ValueError, match="never reached"):
        play_script(TableRules(), [10, 10], ["p2 f", "p1 cc"], seed=1)
    with pytest.raises(ValueError, match="script action 1"):
        play_script(TableRules(), [10, 10], ["p2 cbr 5"], seed=1)


def test_cli_deal(capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.cli import main

    assert main(["deal", "--game", "badugi", "--seats", "4", "--seed", "5", "--script", "p3 f, p4 cbr 4"]) == 0
    out = capsys.readouterr().out
    assert "seat 3 folds" in out and "payoffs:" in out
    assert main(["deal", "--game", "deuce_seven", "--seats", "3", "--seed", "2", "--phh"]) == 0
    text = capsys.readouterr().out
    assert text.startswith('variant = "F2L3D"') and Hand.from_phh(text).phase == "over"
    assert main(["deal", "--seats", "12"]) != 0


def test_antes_go_in_the_pot_before_the_blinds() -> None:
    hand = Hand(TableRules("deuce_seven", ante=2), [40, 3, 1], button=0, seed=5)
    assert hand.events[:3] == (Post(0, 2, "ante"), Post(1, 2, "ante"), Post(2, 1, "ante"))  # seat 2 short: all in
    assert hand.stacks == (38, 0, 0) and hand.all_in == (False, True, True)
    assert hand.bets == (0, 1, 0) and hand.pot == 6  # the small blind posts the chip it has left
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    assert sum(hand.payoffs) == 0
    again = Hand.from_phh(hand.to_phh())
    assert again == hand and "antes = [2, 2, 2]" in hand.to_phh()
    with pytest.raises(ValueError, match="ante"):
        TableRules(ante=-1)
    with pytest.raises(ValueError, match="one ante for every player"):
        Hand.from_phh(hand.to_phh().replace("antes = [2, 2, 2]", "antes = [2, 2, 1]"))


def test_a_posted_big_blind_is_live_and_checks_when_unraised() -> None:
    """A new player's big blind posted out of turn (docs/histories.rst): the post is the
    player's bet of the first round, so the player may check when the action comes back
    unraised, and the big blind still has the option."""
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [100, 100, 100, 100, 100], button=0, seed=3, posted=[3])
    assert hand.posted == (3,)
    assert hand.events[:3] == (Post(1, 1, "small"), Post(2, 2, "big"), Post(3, 2, "posted"))
    assert hand.bets == (0, 1, 2, 2, 0) and hand.pot == 5
    assert hand.to_act == 3 and hand.legal_actions() == ("cc", "cbr 4")  # nothing to call: no fold
    hand.check_call()  # the poster checks
    for _ in range(2):
        hand.check_call()  # seat 4 and the button call
    hand.check_call()  # the small blind completes
    assert hand.to_act == 2 and hand.legal_actions() == ("cc", "cbr 4")  # the big blind's option
    hand.bet_raise()
    assert hand.to_act == 3 and hand.legal().to_call == 2  # the poster owes the raise only
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    assert sum(hand.payoffs or ()) == 0 and sum(hand.committed) == 5 * 4  # everyone called the raise, then checked
    text = hand.to_phh()
    assert "blinds_or_straddles = [1, 2, 2, 0, 0]" in text
    assert "_badeucey_posted = [false, false, true, false, false]" in text
    assert Hand.from_phh(text) == hand
    assert "seat 3 posts a big blind out of turn, 2" in describe(hand)


def test_a_posted_big_blind_plays_as_without_it_otherwise() -> None:
    rules = TableRules("badugi")
    plain = Hand(rules, [40, 40, 40], button=1, seed=9)
    assert plain.posted == () and "_badeucey_posted" not in plain.to_phh()
    assert Hand(rules, [40, 40, 40], button=1, seed=9, posted=()) == plain
    assert Hand(rules, [40, 40, 40], button=1, seed=9, posted=None) == plain
    short = Hand(rules, [40, 40, 40, 1], button=0, seed=9, posted=[3])  # a seat short of the post: all in
    assert short.events[2] == Post(3, 1, "posted") and short.all_in[3]
    copied = short.copy()
    assert copied == short and copied.posted == (3,)
    assert pickle.loads(pickle.dumps(short)).posted == (3,) and pickle.loads(pickle.dumps(plain)).posted == ()


def test_a_dead_small_blind_goes_to_the_pot_not_the_bet() -> None:
    """A player back from sitting out posts a big blind and a dead small blind
    (docs/histories.rst): the big blind is the player's live bet, the small blind
    goes to the pot (all of the seat's chips it has left when short) and stays
    there: it is never returned as uncalled, and a side pot leaves it in the main pot."""
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [100, 100, 100, 100, 100], button=0, seed=3, posted=[3], dead=[3])
    assert hand.posted == (3,) and hand.dead == (3,)
    assert hand.events[:4] == (Post(1, 1, "small"), Post(2, 2, "big"), Post(3, 2, "posted"), Post(3, 1, "dead"))
    assert hand.bets == (0, 1, 2, 2, 0) and hand.committed == (0, 1, 2, 3, 0) and hand.pot == 6
    assert hand.to_act == 3 and hand.legal_actions() == ("cc", "cbr 4")  # the live blind: nothing to call
    while hand.phase == "bet" and hand.round == 0:
        hand.check_call()
    assert hand.committed == (2, 2, 2, 3, 2) and hand.pot == 11  # the dead chip stays in the pot
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    assert sum(hand.payoffs or ()) == 0 and sum(hand.committed) == 11
    text = hand.to_phh()
    assert "blinds_or_straddles = [1, 2, 2, 0, 0]" in text
    assert "_badeucey_posted = [false, false, true, false, false]" in text
    assert "_badeucey_dead = [false, false, true, false, false]" in text
    again = Hand.from_phh(text)
    assert again == hand and again.dead == (3,)
    assert "seat 3 posts a dead small blind, 1" in describe(hand)
    assert pickle.loads(pickle.dumps(hand)).dead == (3,) and hand.copy().dead == (3,)
    # Everyone folds to a raise of the poster's: what nobody called goes back, the dead chip does not.
    folds = Hand(rules, [100, 100, 100, 100, 100], button=0, seed=3, posted=[3], dead=[3])
    folds.bet_raise()
    while folds.phase != "over":
        folds.fold()
    assert folds.payoffs == (0, -1, -2, 3, 0)


def test_a_dead_small_blind_is_in_the_main_pot() -> None:
    """The poster, all in for its blinds, is eligible for the main pot: its live big
    blind matched by each seat, and the dead small blind."""
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [100, 100, 100, 3], button=0, seed=5, posted=[3], dead=[3])
    assert hand.events[2:4] == (Post(3, 2, "posted"), Post(3, 1, "dead")) and hand.all_in[3]
    hand.bet_raise()  # the button raises to 4; the blinds call
    while hand.phase != "over":
        hand.discard() if hand.phase == "draw" else hand.check_call()
    assert [amount for amount, _ in hand.pots] == [2 * 4 + 1, 2 * 3]
    assert hand.pots[0][1] == (0, 1, 2, 3) and sum(hand.payoffs or ()) == 0
    short = Hand(rules, [100, 100, 100, 2], button=0, seed=5, posted=[3], dead=[3])
    assert short.events[2] == Post(3, 2, "posted") and all(e.blind != "dead" for e in short.events[:4]
                                                          if isinstance(e, Post))  # nothing left for it


@pytest.mark.parametrize("dead, message", [([4], "seat 4 posts a dead small blind only with"),
                                           ([3, 3], "twice")])
def test_a_dead_small_blind_comes_with_a_posted_big_blind(dead: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Hand(TableRules("deuce_seven"), [50] * 5, button=0, posted=[3], dead=dead)
    with pytest.raises(TypeError, match="dead"):
        Hand(TableRules("deuce_seven"), [50] * 5, button=0, posted=[3], dead=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("posted, message", [
    ([1], "seat 1 posts the small blind"),
    ([2], "seat 2 posts the big blind"),
    ([5], "a seat 0..4"),
    ([3, 3], "twice"),
])
def test_a_posted_big_blind_must_be_another_seats(posted: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Hand(TableRules("deuce_seven"), [50] * 5, button=0, posted=posted)
    with pytest.raises(TypeError, match="posted"):
        Hand(TableRules("deuce_seven"), [50] * 5, button=0, posted=3)  # type: ignore[arg-type]
