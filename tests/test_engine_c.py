"""The hand's state machine in C (csrc/bdc_table.c), which the package's
:class:`~badeucey_fast.play.Hand` wraps, against the Python state machine kept
as the test oracle (tests/oracle_hand.py): the same random hands, action by
action.

Each hand is set up at random (every game and a house variant with qualifiers
and the odd chip to the Badugi half, every structure, caps and the uncapped
heads-up round, blinds, burns, 2 to the most seats, shallow and deep stacks,
a seeded shuffle or a given deck) and played by random actions through the
public API, illegal ones included, on both hands: a legal action must be taken
by both, an illegal one refused by both with the same message, and after every
action the legality, the legal actions, stacks, bets, cards, whose turn it is,
the events and what decides the next cards (the stub and the random state)
must be the same; at the end the payoffs, the side pots, the result and the
history too.  Both hands take their random picks from ``random.Random(seed)``.
The private wrapper of the C table (:mod:`badeucey_fast._native.table`) and
the C self-play are tested here too.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import replace

import numpy as np
import pytest

from badeucey_fast._native import table as ctable
from badeucey_fast.engine import Hand, Legal, TableRules
from badeucey_fast.games import GAMES
from badeucey_fast.play.phh import PokerkitWarning

from . import oracle_hand

_HOUSE = (
    replace(GAMES["badeucey"], name="house", odd_chip="badugi", badugi_qualifier=300, low_qualifier=200),
    replace(GAMES["badugi"], name="badugi_high", badugi="high", badugi_qualifier=700),
    replace(GAMES["deuce_seven"], name="qualified", low_qualifier=1000),
)
_GAMES = (*GAMES.values(), *_HOUSE)


def random_rules(rnd: random.Random) -> TableRules:
    game = rnd.choice(_GAMES)
    big = rnd.choice((1, 2, 2, 4, 10))
    small = rnd.choice((0, big // 2, big // 2, big))
    small_bet = rnd.choice((None, None, big, 2 * big, 1))
    big_bet = rnd.choice((None, None, 3, 2 * (small_bet or big)))
    return TableRules(
        game,
        small_blind=small,
        big_blind=big,
        small_bet=small_bet,
        big_bet=big_bet,
        cap=rnd.choice((4, 4, 1, 2, 3, 5)),
        heads_up_cap=rnd.choice((None, None, 1, 2, 4)),
        structure=rnd.choice(("fixed", "fixed", "pot", "no")),
        burn=rnd.random() < 0.3,
        cap_counts_blind=rnd.random() < 0.8,
    )


def random_stacks(rnd: random.Random, n: int, big_blind: int) -> list[int]:
    kind = rnd.random()
    if kind < 0.3:  # shallow: all-ins from the blinds on
        return [rnd.randint(1, 4 * big_blind) for _ in range(n)]
    if kind < 0.6:  # mixed
        return [rnd.choice((rnd.randint(1, 10 * big_blind), rnd.randint(50, 400) * big_blind)) for _ in range(n)]
    return [rnd.randint(100, 1000) * big_blind for _ in range(n)]


def state(hand: Hand | oracle_hand.Hand) -> tuple[object, ...]:
    return (hand.phase, hand.round, hand.to_act, hand.stacks, hand.bets, hand.committed, hand.pot,
            hand.folded, hand.all_in, tuple(hand.cards(s) for s in range(hand.n_seats)), hand.legal(),
            hand.legal_actions(), hand.draws, hand.burns, hand.payoffs, len(hand.events))


def random_action(rnd: random.Random, hand: Hand, legal: Legal) -> tuple[str, object]:
    """A legal action mostly, sometimes an illegal one: (method, argument)."""
    if legal.phase == "draw":
        held = list(hand.cards(hand.to_act))  # type: ignore[arg-type]
        roll = rnd.random()
        if roll < 0.05:
            return "discard", [rnd.randrange(52)]  # (mostly) a card it does not hold
        if roll < 0.1:
            return rnd.choice(("fold", "check_call", "bet_raise")), None  # not a betting turn
        thrown = rnd.sample(held, rnd.randint(0, len(held))) if roll < 0.8 else []
        return "discard", thrown  # any order: the history keeps it
    if rnd.random() < 0.08:
        low, high = legal.min_raise_to or 1, legal.max_raise_to or 1
        return rnd.choice((("fold", None), ("discard", []), ("bet_raise", low - 1), ("bet_raise", high + 1),
                           ("bet_raise", None), ("bet_raise", rnd.randint(-3, 3 * high))))
    choices: list[tuple[str, object]] = [("check_call", None), ("check_call", None)]
    if legal.can_fold:
        choices.append(("fold", None))
    if legal.min_raise_to is not None:
        assert legal.max_raise_to is not None
        choices += [("bet_raise", legal.min_raise_to), ("bet_raise", legal.max_raise_to),
                    ("bet_raise", rnd.randint(legal.min_raise_to, legal.max_raise_to))]
    return rnd.choice(choices)


def take(hand: Hand | oracle_hand.Hand, method: str, argument: object) -> str | None:
    """Take the action; the message of the ValueError if refused."""
    try:
        if argument is None and method != "bet_raise":
            getattr(hand, method)()
        else:
            getattr(hand, method)(argument)
    except ValueError as exc:
        return str(exc)
    return None


def play_both(rnd: random.Random, posts: bool = False) -> tuple[int, int]:
    """One random hand on the C hand and the oracle, compared after every
    action; returns the actions taken and refused.  With ``posts``, some seats
    other than the blinds' post a big blind out of turn."""
    rules = random_rules(rnd)
    n = rnd.randint(2, rules.max_seats)
    stacks = random_stacks(rnd, n, rules.big_blind)
    button = rnd.randrange(n)
    seed = rnd.getrandbits(64)
    deck = rnd.sample(range(52), 52) if rnd.random() < 0.2 else None
    blinds = {button, (button + 1) % n} if n == 2 else {(button + 1) % n, (button + 2) % n}
    posted = [s for s in range(n) if s not in blinds and rnd.random() < 0.4] if posts else None
    hand = Hand(rules, stacks, button=button, seed=seed, deck=deck, posted=posted)
    oracle = oracle_hand.Hand(rules, stacks, button=button, seed=seed, deck=deck, posted=posted)
    taken = refused = 0
    while True:
        assert state(hand) == state(oracle)
        if rnd.random() < 0.1:  # the whole record so far, now and then (and at the end, below)
            assert hand.events == oracle.events
            if oracle.phase != "over":
                assert hand.deal_state == oracle.deal_state
        legal = hand.legal()
        if legal.seat is None:
            break
        if rnd.random() < 0.1:
            seat = rnd.randrange(n)
            assert hand.view(seat) == oracle.view(seat)
        if rnd.random() < 0.01:
            assert_replayed(hand)
        method, argument = random_action(rnd, hand, legal)
        refusal = take(oracle, method, argument)
        assert take(hand, method, argument) == refusal, (method, argument, legal)
        if refusal is None:
            taken += 1
        else:
            refused += 1
    assert hand.events == oracle.events
    assert hand.payoffs == oracle.payoffs and sum(hand.payoffs or ()) == 0
    assert hand.pots == oracle.pots
    assert hand.result == oracle.result
    assert hand.history == oracle.history
    if rnd.random() < 0.1:
        assert_replayed(hand)
    return taken, refused


def assert_replayed(hand: Hand) -> None:
    """The hand's PHH replays (the cards a Replay prescribes, burns and reformed
    stubs included) to an equal hand, which plays on as the hand would."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PokerkitWarning)
        again = Hand.from_phh(hand.to_phh())
    assert again == hand and again.history == hand.history and again.burns == hand.burns
    twin = hand.copy()
    for h in (again, twin):
        while h.phase != "over":  # both play on alike: calling, throwing three cards (the stub reforms)
            if h.phase == "bet":
                h.check_call()
            else:
                h.discard(h.cards(h.to_act)[:3])  # type: ignore[arg-type]
    assert again.history == twin.history and again.payoffs == twin.payoffs


def play_many(seed: int, hands: int, posts: bool = False) -> None:
    rnd = random.Random(seed)
    taken = refused = 0
    for _ in range(hands):
        t, r = play_both(rnd, posts)
        taken += t
        refused += r
    assert taken > 5 * hands and refused > 0


def test_the_hand_plays_as_the_oracle() -> None:
    play_many(28, 3000)


def test_big_blinds_posted_out_of_turn_play_as_the_oracle() -> None:
    """The same with new players' big blinds posted out of turn (the oracle's own rule:
    a live big blind, the poster's bet of the first round), and the same refusals."""
    play_many(41, 150, posts=True)
    rules = TableRules("badugi")
    for posted in ([0], [1], [6], [-1], [3, 3], 3, ["3"]):  # seats 0 and 1 post the blinds
        refusals = []
        for make in (Hand, oracle_hand.Hand):
            with pytest.raises((ValueError, TypeError)) as caught:
                make(rules, [20] * 6, button=5, posted=posted)  # type: ignore[arg-type]
            refusals.append((caught.type, str(caught.value)))
        assert refusals[0] == refusals[1], posted


@pytest.mark.slow
def test_big_blinds_posted_out_of_turn_play_as_the_oracle_many_hands() -> None:
    play_many(1041, 1500, posts=True)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_the_hand_plays_as_the_oracle_many_hands(part: int) -> None:
    """40,000 hands in four parts of their own seeds (``pytest -n`` runs them side by side)."""
    play_many(2028 + part, 10_000)


def test_reshuffles_burns_and_side_pots_happen() -> None:
    """The random hands reach the rare paths: a reformed stub, burns, side pots."""
    rnd = random.Random(5)
    seen = set()
    for _ in range(400):
        rules = replace(random_rules(rnd), burn=True)
        n = rules.max_seats
        stacks = random_stacks(rnd, n, rules.big_blind)
        table = ctable.Table(rules, stacks, button=rnd.randrange(n), rng=random.Random(rnd.getrandbits(64)))
        while table.to_act is not None:
            legal = table.legal()
            if legal[1] == ctable.DRAW:
                table.act((1 << legal[7]) - 1)  # throw everything
            else:
                table.act(legal[4] if legal[4] is not None and rnd.random() < 0.3 else ctable.CHECK_CALL)
        seen.update(e[0] for e in table.events)
        if len(table.pots) > 1:
            seen.add(-1)
    lib = ctable.lib
    assert {lib.BDC_EVENT_RESHUFFLE, lib.BDC_EVENT_BURN, lib.BDC_EVENT_RETURN, lib.BDC_EVENT_SHOW, -1} <= seen


def test_a_copy_plays_on_alone() -> None:
    table = ctable.Table(TableRules("badeucey"), [100, 100, 100], seed=3)
    twin = table.copy()
    table.act(ctable.FOLD)
    assert twin.to_act == 0 and table.to_act == 1
    twin.act(ctable.CHECK_CALL)
    assert twin.folded == (False, False, False) and table.folded == (True, False, False)


def test_bad_input_is_refused() -> None:
    rules = TableRules("badugi")
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.Table(rules, [100])
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.Table(rules, [100] * 11)
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.Table(rules, [100, 0])
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.Table(rules, [100, 100], button=2)
    with pytest.raises(ValueError, match="same card twice"):
        ctable.Table(rules, [100, 100], deck=[0] * 52)
    with pytest.raises(ValueError, match="card id outside"):
        ctable.Table(rules, [100, 100], deck=[*range(51), 52])
    with pytest.raises(ValueError, match="a deck has 52 cards"):
        ctable.Table(rules, [100, 100], deck=range(51))
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.Table(TableRules("deuce_seven"), [100] * 9)


def test_selfplay_deals_do_not_depend_on_how_they_are_split() -> None:
    rules = TableRules("badeucey", structure="pot")
    stacks = [60, 200, 35]
    whole = ctable.selfplay(rules, stacks, ["random", "calling", "random"], 30, seed=9)
    parts = [ctable.selfplay(rules, stacks, ["random", "calling", "random"], k, seed=9, first_deal=f)
             for f, k in ((0, 7), (7, 1), (8, 22))]
    assert (whole == np.concatenate(parts)).all()
    assert (whole.sum(axis=1) == 0).all() and whole.any()
    assert not (whole == ctable.selfplay(rules, stacks, ["random", "calling", "random"], 30, seed=10)).all()


@pytest.mark.parametrize("game", list(GAMES))
def test_duplicate_calling_stations_break_even_every_deal(game: str) -> None:
    """Every rotation of a deal plays the same cards the same way, so each bot
    holds every seat once: its chips sum to nothing, deal by deal."""
    rules = TableRules(game, burn=True)
    seats = rules.max_seats
    won = ctable.selfplay(rules, [50] * seats, ["calling"] * seats, 20, seed=3)
    assert not won.any()
    single = ctable.selfplay(rules, [50] * seats, ["calling"] * seats, 20, seed=3, duplicate=False)
    assert (single.sum(axis=1) == 0).all() and single.any()


def test_selfplay_refuses_bad_settings() -> None:
    rules = TableRules("badugi")
    with pytest.raises(ValueError, match="2 policies for 3 seats"):
        ctable.selfplay(rules, [10, 10, 10], ["random"] * 2, 1, seed=1)
    with pytest.raises(ValueError, match="setting outside its range"):
        ctable.selfplay(rules, [10, 0], ["random"] * 2, 1, seed=1)
    with pytest.raises(ValueError, match="deals must be at least 0"):
        ctable.selfplay(rules, [10, 10], ["random"] * 2, -1, seed=1)
    assert ctable.selfplay(rules, [10, 10], ["random"] * 2, 0, seed=1).shape == (0, 2)


def test_the_drawing_policy_beats_the_random_and_calling_ones() -> None:
    """DrawingBot's rule in C wins chips from the random and the calling policy
    in a duplicate match (a clear margin: thousands of big blinds)."""
    rules = TableRules("deuce_seven")
    for other in ("random", "calling"):
        won = ctable.selfplay(rules, [200, 200], ["drawing", other], 300, seed=11)
        assert won[:, 0].sum() > 300 * rules.big_blind, other
    pat = ctable.selfplay(TableRules("badugi"), [100] * 3, ["drawing"] * 3, 10, seed=2, duplicate=False)
    assert (pat.sum(axis=1) == 0).all()
