"""Hand's C base type (csrc/bindings/hand_core.c): its fast path does only what
the Python fallbacks would, hands them everything else, and never crashes
whatever Python gives it."""

from __future__ import annotations

import gc
import math
import pickle
import random
import re
import sys
import weakref
from typing import Any

import pytest

from badeucey_fast._native import hand_core
from badeucey_fast.cards import NAME_OF
from badeucey_fast.games import GAMES
from badeucey_fast.play import Hand, TableRules, seeded_generator
from badeucey_fast.play import hand as engine
from badeucey_fast.play.rules import STRUCTURES


def _python_hand(rules: TableRules, stacks: list[int], **kwargs: Any) -> Hand:
    """A hand dealt by the Python fallback of Hand()."""
    hand: Hand = Hand.__new__(Hand)
    engine._init(hand, rules, stacks, **kwargs)
    return hand


def _snapshot(hand: Hand) -> tuple[object, ...]:
    return (bytes(hand._raw), hand.history, hand.payoffs, hand.stacks, hand.committed, hand.to_act, hand.phase,
            hand.round, [hand.cards(s) for s in range(hand.n_seats)], hand.legal(), hand._rng.getstate())


def _play_both(fast: Hand, slow: Hand, rng: random.Random, mixed: float) -> None:
    """Play one random hand on both: on ``fast`` the C methods, or with chance
    ``mixed`` each call the Python fallback instead; on ``slow`` the fallbacks."""

    def call(name: str, *args: Any) -> None:
        if rng.random() < 0.3:  # as the words act() takes
            text = _words(name, *args)
            assert fast.legal_actions() == engine._legal_actions(slow)
            (engine._act if rng.random() < mixed else Hand.act)(fast, text)
            engine._act(slow, text)
            return
        if rng.random() < mixed:
            getattr(engine, f"_{name}")(fast, *args)
        else:
            getattr(fast, name)(*args)
        getattr(engine, f"_{name}")(slow, *args)

    def _words(name: str, *args: Any) -> str:
        if name == "discard":
            names = [NAME_OF[c] for c in args[0]]
            return " ".join(["sd", *names]) if rng.random() < 0.5 else "sd " + "".join(names)
        return {"fold": "f", "check_call": "cc"}.get(name) or " ".join(["cbr", *map(str, args)])

    while fast.to_act is not None:
        assert _snapshot(fast) == _snapshot(slow)
        seat = fast.to_act
        if fast.phase == "draw":
            cards = list(fast.cards(seat))
            thrown = rng.sample(cards, rng.randrange(len(cards) + 1))
            if rng.random() < 0.5:
                thrown.sort(key=cards.index)  # in the order held, or as sampled
            call("discard", thrown if rng.random() < 0.8 else tuple(thrown))
            continue
        legal = fast.legal() if rng.random() < 0.7 else engine._legal(fast)
        choices = ["cc"] + ["f"] * legal.can_fold + ["r"] * (legal.min_raise_to is not None)
        choice = rng.choice(choices)
        if choice == "f":
            call("fold")
        elif choice == "cc":
            call("check_call")
        else:
            low, high = legal.min_raise_to, legal.max_raise_to
            assert low is not None and high is not None
            call("bet_raise", *([] if low == high and rng.random() < 0.5 else [rng.randint(low, high)]))
    assert _snapshot(fast) == _snapshot(slow)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_fast_path_plays_as_the_fallbacks_do(game: str) -> None:
    rng = random.Random(game)
    for structure in STRUCTURES:
        rules = TableRules(game, structure=structure)
        for i in range(40):
            seats = rng.randint(2, rules.max_seats)
            stacks = [rng.choice([3, 20, 200]) for _ in range(seats)]
            seed = rng.randrange(2**64)
            slow = _python_hand(rules, stacks, button=i % seats, seed=seed)
            fast = Hand(rules, stacks, button=i % seats, seed=seed)  # the rules just kept: dealt in C
            _play_both(fast, slow, rng, mixed=0.0 if i % 2 else 0.3)  # C alone, or C and Python in turn
            assert fast == slow


def test_hands_dealt_in_c_and_in_python_are_equal() -> None:
    rules = TableRules("badeucey")
    for seed in range(30):
        rng = seeded_generator(seed)
        kept = Hand(rules, (10, 20, 30), button=2, seed=seeded_generator(seed))
        assert kept == _python_hand(rules, [10, 20, 30], button=2, seed=rng)
        assert kept == Hand(TableRules("badeucey"), [10, 20, 30], button=2, seed=seed)  # equal rules made afresh


SEEDS = (0, 1, 2, 12345, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63, 2**64 - 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_int_seed_deals_as_its_random_random(seed: int) -> None:
    """A hand dealt in C with an int seed (from the seed's stream, its
    random.Random made only when Python asks for it) is the hand
    seeded_generator(seed) deals, in the Python fallback too: the same cards and
    the same generator (its class, state and attributes), made at once, after
    the deal, mid-hand, copied and pickled, at the seed's 32-bit word
    boundaries and the ends of its range."""
    rules = TableRules("badugi")
    Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
    given = Hand(rules, [20, 20], seed=seeded_generator(seed))
    for hand in (Hand(rules, [20, 20], seed=seed), _python_hand(rules, [20, 20], seed=seed)):
        assert type(hand._rng) is random.Random and vars(hand._rng) == vars(seeded_generator(seed))
        assert _snapshot(hand) == _snapshot(given)
    for mixed in (0.0, 0.3):  # read by the fallbacks or each action's snapshot, mid-hand
        fast, slow = Hand(rules, [20, 20], seed=seed), Hand(rules, [20, 20], seed=seeded_generator(seed))
        _play_both(fast, slow, random.Random(seed ^ 7), mixed=mixed)
        assert fast == slow and fast._rng.getstate() == slow._rng.getstate()
    triple = TableRules("badeucey")
    Hand(triple, [5, 5, 5], seed=1)
    fast, slow = Hand(triple, [60] * 3, seed=seed), Hand(triple, [60] * 3, seed=seeded_generator(seed))
    pick = random.Random(seed ^ 7)
    while fast.phase != "over":  # nobody folds, every draw's cards from the seed's stream, in C
        if fast.phase == "draw":
            held = fast.cards(fast.to_act)
            thrown = pick.sample(held, pick.randint(1, len(held)))
            fast.discard(thrown)
            slow.discard(thrown)
        else:
            word = pick.choice([w for w in fast.legal_actions() if w != "f"])
            fast.act(word)
            slow.act(word)
    assert fast.history == slow.history and fast == slow and fast._rng.getstate() == slow._rng.getstate()
    played = Hand(rules, [20, 20], seed=seed)
    played.check_call()
    twin, kept = played.copy(), pickle.loads(pickle.dumps(Hand(rules, [20, 20], seed=seed)))
    given = Hand(rules, [20, 20], seed=seeded_generator(seed))
    given.check_call()
    assert twin == given and played == given and kept == Hand(rules, [20, 20], seed=seeded_generator(seed))
    assert _snapshot(kept) == _snapshot(Hand(rules, [20, 20], seed=seeded_generator(seed)))


def test_a_hand_dealt_with_an_int_seed_plays_in_c() -> None:
    """The actions and draws of a hand dealt in C with an int seed are answered
    in C from the seed's stream, as a generator's hand's are: no Python of the
    engine runs (its fallbacks would make the generator, for every hand)."""
    rules = TableRules("badeucey")
    Hand(rules, [5, 5, 5], seed=1)  # rules kept: dealt in C
    hand = Hand(rules, [60] * 3, seed=12345)
    ran: list[str] = []

    def profile(frame: Any, event: str, arg: object) -> None:
        if event == "call" and frame.f_code.co_filename == engine.__file__:
            ran.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        while hand.phase != "over":
            if hand.phase == "draw":
                hand.discard(hand.cards(hand.to_act)[:2])
            else:
                hand.check_call()
    finally:
        sys.setprofile(None)
    assert ran == []
    given = Hand(rules, [60] * 3, seed=seeded_generator(12345))
    while given.phase != "over":
        given.discard(given.cards(given.to_act)[:2]) if given.phase == "draw" else given.check_call()
    assert hand == given and hand._rng.getstate() == given._rng.getstate()


def test_a_copy_of_a_hand_dealt_with_an_int_seed_gets_its_own_stream() -> None:
    """copy() of a hand still dealing from its int seed's stream gives the copy a
    copy of the stream, making neither generator: both deal on as the seed's
    seeded_generator would, apart; reading the generator (a pickle, deal_state) makes it."""
    rules = TableRules("badugi")
    Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
    hand = Hand(rules, [20, 20], seed=2**64 - 1)
    hand.check_call()
    twin = hand.copy()
    assert hand._streamed and twin._streamed
    given = Hand(rules, [20, 20], seed=seeded_generator(2**64 - 1))
    given.check_call()
    for h in (hand, twin, given):
        while h.phase != "over":
            h.discard(h.cards(h.to_act)[:3]) if h.phase == "draw" else h.check_call()
    assert hand._streamed and twin._streamed
    assert hand == given and twin == given
    assert hand._rng.getstate() == twin._rng.getstate() == given._rng.getstate() and hand._rng is not twin._rng
    assert not hand._streamed and not twin._streamed
    for read in (pickle.dumps, lambda h: h.deal_state):
        made = Hand(rules, [20, 20], seed=9)
        read(made)
        assert not made._streamed and made._rng.getstate() == Hand(rules, [20, 20], seed=seeded_generator(9))._rng.getstate()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_int_seeds_deal_as_their_random_random_in_every_game_and_seat_count(game: str) -> None:
    """In every game and seat count, a hand dealt in C from an int seed's stream
    and played in C is the hand seeded_generator(seed) deals, card for card and
    generator state for state: whole, through a copy made mid-hand, and
    replayed from its PHH."""
    rules = TableRules(game, structure="no")
    Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
    pick = random.Random(f"seeds {game}")
    seeds = [0, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, pick.randrange(2**32), pick.randrange(2**64)]
    for n in range(2, rules.max_seats + 1):
        for seed in seeds:
            fast, slow = Hand(rules, [60] * n, seed=seed), Hand(rules, [60] * n, seed=seeded_generator(seed))
            assert [fast.cards(s) for s in range(n)] == [slow.cards(s) for s in range(n)]
            copied_at, twin, step = pick.randrange(12), None, 0
            while fast.phase != "over":
                if step == copied_at:
                    twin = fast.copy()
                if fast.phase == "draw":
                    held = fast.cards(fast.to_act)
                    words = "sd " + "".join(NAME_OF[c] for c in pick.sample(held, pick.randrange(len(held) + 1)))
                else:
                    words = pick.choice([w for w in fast.legal_actions() if w != "f"])
                for hand in (fast, slow) if twin is None else (fast, slow, twin):
                    hand.act(words)
                step += 1
            assert fast._streamed and (twin is None or twin._streamed)  # (every call in C, from the stream)
            assert fast.history == slow.history and fast.payoffs == slow.payoffs
            assert fast._rng.getstate() == slow._rng.getstate()
            if twin is not None:
                assert twin.history == fast.history and twin._rng.getstate() == slow._rng.getstate()
        assert Hand.from_phh(fast.to_phh()) == fast


def test_a_seed_outside_the_seed_rule_is_refused_as_before() -> None:
    """Seeds the C path does not take go to the fallback, which refuses them with
    the seed rule's messages (negative, 2**64 and beyond, a bool, a float)."""
    rules = TableRules("badugi")
    Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
    for seed, error, message in ((-1, ValueError, "seed must be in 0 .. 2**64 - 1, got -1"),
                                 (2**64, ValueError, "seed must be in 0 .. 2**64 - 1, got 18446744073709551616"),
                                 (3**200, ValueError, "seed must be in 0 .. 2**64 - 1"),
                                 (True, TypeError, "seed must be an integer or None, got True (bool)"),
                                 (1.0, TypeError, "seed must be an integer or None, got 1.0 (float)")):
        for make in (Hand, _python_hand):
            with pytest.raises(error, match=re.escape(message)):
                make(rules, [20, 20], seed=seed)


def test_int_seeds_deal_the_cards_they_always_dealt() -> None:
    """The cards of a few seeds, fixed: a seed's deal is part of what a user keeps.
    ``random.Random(seed)`` passed as the seed deals what an int seed dealt
    before the seeding changed (the CHANGELOG's way to a seed's old cards)."""
    rules = TableRules("badugi")
    Hand(rules, [5, 5], seed=1)
    dealt = [Hand(rules, [20, 20], seed=seed).cards(0) for seed in (0, 7, 2**64 - 1)]
    assert dealt == [Hand(rules, [20, 20], seed=seeded_generator(seed)).cards(0) for seed in (0, 7, 2**64 - 1)]
    assert dealt == [(36, 7, 10, 33), (29, 40, 47, 10), (15, 44, 46, 51)]
    old = [Hand(rules, [20, 20], seed=random.Random(seed)).cards(0) for seed in (0, 7, 2**64 - 1)]
    assert old == [(38, 12, 19, 13), (7, 3, 17, 22), (17, 30, 50, 45)]


def test_equal_rules_made_afresh_deal_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules equal to the kept ones (TableRules is a value), made afresh for every
    hand as the README's loop does, deal on the C path: the hand has the rules as
    given and the cards the fallback deals; rules that differ in any field do not."""
    real = engine._c_rules
    made: list[object] = []

    def counted(rules: object) -> Any:
        made.append(rules)
        return real(rules)

    for game in GAMES:
        Hand(TableRules(game, structure="pot"), [5, 5], seed=1)  # kept
        made.clear()
        monkeypatch.setattr(engine, "_c_rules", counted)
        hands = []
        for seed in range(20):
            fresh = TableRules(game, structure="pot")
            hands.append((fresh, Hand(fresh, [7, 9, 11], button=seed % 3, seed=seed)))
        assert made == []  # (the fallback makes the rules' _Rules: never called)
        other = TableRules(game, structure="pot", cap=5)
        hand = Hand(other, [7, 9], seed=3)
        assert made == [other] and hand.rules is other  # not equal: the fallback's
        monkeypatch.setattr(engine, "_c_rules", real)
        for seed, (fresh, hand) in enumerate(hands):
            assert hand.rules is fresh
            assert hand == _python_hand(fresh, [7, 9, 11], button=seed % 3, seed=seed)


def test_equal_rules_share_their_c_rules() -> None:
    """The fallback makes one C rules for equal TableRules, whichever object is given."""
    assert engine._c_rules(TableRules("badugi", cap=3)) is engine._c_rules(TableRules("badugi", cap=3))
    assert engine._c_rules(TableRules("badugi", cap=3)) is not engine._c_rules(TableRules("badugi", cap=2))


def test_bad_calls_get_the_fallbacks_messages() -> None:
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [100, 100], seed=1)
    hand = Hand(rules, [100, 100], seed=1)  # (the second is dealt in C)
    with pytest.raises(ValueError, match="no seat 2"):
        hand.cards(2)
    with pytest.raises(ValueError, match="no seat"):
        hand.cards(2**70)
    with pytest.raises(ValueError, match="no seat True"):
        hand.cards(True)
    with pytest.raises(ValueError, match="may bet or raise only to 4, not to 5"):
        hand.bet_raise(5)
    with pytest.raises(ValueError, match="whole number of chips"):
        hand.bet_raise(4.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not to draw|is to bet"):
        hand.discard()
    hand.check_call()
    with pytest.raises(ValueError, match="nothing to call"):
        hand.fold()
    hand.check_call()
    held = hand.cards(hand.to_act)  # type: ignore[arg-type]
    for bad, error, words in [([held[0], held[0]], ValueError, "same card twice"), ([52], ValueError, "52"),
                              ([-1], ValueError, "-1"), ([2**80], ValueError, "2"), ([True], TypeError, "True"),
                              ([c for c in range(52) if c not in held][:1], ValueError, "does not hold")]:
        with pytest.raises(error, match=words):
            hand.discard(bad)
    assert hand.cards(hand.to_act) == held  # type: ignore[arg-type]
    for stacks, error in [([100, True], TypeError), ([100, 0], ValueError), ([100, 2**41], ValueError),
                          ([100], ValueError), ([1] * 9, ValueError)]:
        with pytest.raises(error):
            Hand(rules, stacks)
    for seed, error in [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), (True, TypeError)]:
        with pytest.raises(error):
            Hand(rules, [5, 5], seed=seed)  # type: ignore[arg-type]
    for button in (2, -1, True, 1.0):
        with pytest.raises(ValueError, match="button"):
            Hand(rules, [5, 5], button=button)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Hand(rules, [5, 5], colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        hand.fold(1)  # type: ignore[call-arg]


ODD_WORDS = ["cc\x00", "cc ", " cc", "c c", "f ", "cbr  4", "cbr 4 ", "cbr 04", "cbr +4", "cbr 4.0", "cbr x",
             "cbr 99999999999999999999", "cbr 0", "cbr 3", "p1 cc", "p2 cc", "cc # a comment", "check", "",
             "sd", "sd ", "sd7s", "sd  7s", "sd 7s ", "sd 7s  5h", "sd ts", "sd 10s", "sd 7S", "sd 7♠", "sd xx",
             "sd 2c2c", "sd 2c3c4c5c6c7c", "sd \x00", "sdx", "f\x00cc",
             "cc\ud800", "\udc00", "sd 7s\ud800"]  # (lone surrogates: text with no UTF-8)


@pytest.mark.parametrize("phase", ["bet", "draw"])
def test_odd_words_get_the_fallbacks_answer(phase: str) -> None:
    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: the next hands are dealt in C
    for text in ODD_WORDS + [f"sd {NAME_OF[c]}" for c in range(52)]:
        fast, slow = Hand(rules, [50, 50], seed=4), _python_hand(rules, [50, 50], seed=4)
        if phase == "draw":
            for hand in (fast, slow):
                hand.check_call(), hand.check_call()
        outcomes = []
        for hand, act in ((fast, Hand.act), (slow, engine._act)):
            try:
                act(hand, text)
                outcomes.append(_snapshot(hand))
            except (ValueError, TypeError) as error:
                outcomes.append((type(error), str(error), _snapshot(hand)))
        assert outcomes[0] == outcomes[1], text


def test_a_hand_made_without_init_raises() -> None:
    hand = Hand.__new__(Hand)
    for read in (lambda: hand.to_act, lambda: hand.phase, lambda: hand.payoffs, hand.legal, hand.fold,
                 hand.check_call, hand.bet_raise, hand.discard, lambda: hand.cards(0), hand.legal_actions,
                 lambda: hand.act("cc")):
        with pytest.raises((ValueError, TypeError, AttributeError)):
            read()


class _Odd(random.Random):
    """A generator whose numbers are not uniforms in [0, 1)."""

    values = (1.0, 7.5, -3.0, math.nan, math.inf)

    def random(self) -> float:
        return self.values[self.getrandbits(8) % len(self.values)]


def test_numbers_that_are_not_uniforms_are_refused() -> None:
    rules = TableRules("badeucey")
    Hand(rules, [40] * 2, seed=1)  # rules kept: dealt in C from here
    for seed in range(5):
        with pytest.raises(ValueError, match="refused the hand: a setting outside its range"):
            Hand(rules, [40] * 2, seed=_Odd(seed))
        hand = Hand(rules, [40] * 2, seed=seed)
        hand.check_call(), hand.check_call()
        before = (bytes(hand._raw), hand.cards(1), hand.to_act)
        hand._rng = _Odd(seed)
        with pytest.raises(ValueError, match="table action 3: a setting outside its range"):
            hand.discard(hand.cards(1)[1::-1])  # out of the order held: put back as they were
        assert (bytes(hand._raw), hand.cards(1), hand.to_act) == before


def test_numbers_that_are_not_uniforms_spoil_no_later_hand() -> None:
    burning = TableRules("badeucey", burn=True)  # (played in Python: the burns' picks are found on a trial)
    for seats in (6, 2):
        with pytest.raises(ValueError, match="refused the hand"):
            Hand(burning, [40] * seats, seed=_Odd(seats))
        hand = Hand(burning, [40] * 2, seed=1)
        hand.check_call(), hand.check_call()
        hand._rng = _Odd(1)
        with pytest.raises(ValueError, match="table action"):
            hand.discard(hand.cards(1)[:2])
        hand._rng = random.Random(1)
        hand.discard(hand.cards(1)[:2])  # the thread's uniforms were cleared
        Hand(burning, [40] * 3, seed=2)


class _Failing(random.Random):
    def random(self) -> float:
        raise ArithmeticError("no more numbers")


def test_a_generator_that_raises_leaves_the_hand_as_it_was() -> None:
    rules = TableRules("deuce_seven")
    with pytest.raises(ArithmeticError):
        Hand(rules, [20, 20], seed=_Failing())
    hand = Hand(rules, [20, 20], seed=3)
    hand.check_call(), hand.check_call()
    before = (bytes(hand._raw), hand.cards(1), hand.to_act)
    hand._rng = _Failing()
    with pytest.raises(ArithmeticError):
        hand.discard(hand.cards(1)[:2])
    assert (bytes(hand._raw), hand.cards(1), hand.to_act) == before
    hand.discard()  # standing pat takes no number
    assert hand.to_act == 0


def test_a_generator_that_plays_the_hand_itself_breaks_nothing() -> None:
    rules = TableRules("deuce_seven")
    hand = Hand(rules, [20, 20], seed=3)

    class Meddling(random.Random):
        def random(self) -> float:
            if hand.to_act is not None and hand.phase == "draw":
                hand.discard()  # the other seat's turn meanwhile
            return 0.5

    hand.check_call(), hand.check_call()
    before = (bytes(hand._raw), hand.cards(0), hand.cards(1))
    hand._rng = Meddling()
    with pytest.raises(RuntimeError, match="being used by another call"):  # (the generator's call is refused)
        hand.discard(hand.cards(1)[:1])
    assert (bytes(hand._raw), hand.cards(0), hand.cards(1)) == before and hand.to_act == 1


def test_a_damaged_pickle_is_refused() -> None:
    hand = Hand(TableRules("badugi"), [20, 20], seed=1)
    function, (shared, table, raw, rng) = hand.__reduce__()
    assert function(shared, table, raw, rng) == hand
    damaged = bytearray(table)
    damaged[100:140] = b"\xff" * 40
    with pytest.raises(ValueError, match="not a hand"):
        function(shared, bytes(damaged), raw, rng)
    with pytest.raises(ValueError, match="bytes"):
        function(shared, table[:-1], raw, rng)
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_subclasses_and_cycles() -> None:
    class Logged(Hand):
        calls = 0

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            Logged.calls += 1

        def fold(self) -> None:
            raise AssertionError("never folds")

    hand = Logged(TableRules("badugi"), [20, 20], seed=1)
    assert Logged.calls == 1 and type(hand.copy()) is Logged
    with pytest.raises(AssertionError):
        hand.fold()

    class Box:
        pass

    box = Box()
    box.hand = hand  # type: ignore[attr-defined]
    hand._views[99] = (0, (box,))
    alive = weakref.ref(box)
    del box, hand
    gc.collect()
    assert alive() is None  # the C members are traversed: the cycle is collected


def test_the_type_is_made_once() -> None:
    with pytest.raises(RuntimeError, match="once"):
        hand_core._hand_core("x.Y", "", {}, {}, {}, print, random.Random, seeded_generator)
    with pytest.raises((TypeError, ValueError)):
        Hand(TableRules("badugi"), [5, 5])._keep_rules(None, b"", None, 9, None, 99)  # type: ignore[arg-type]


def test_the_methods_carry_the_fallbacks_docs() -> None:
    for name in hand_core.METHODS:
        fallback = getattr(engine, f"_{name}")
        assert getattr(Hand, name).__doc__.split("\n")[0] == fallback.__doc__.split("\n")[0]
    assert "None when the hand is over" in Hand.to_act.__doc__  # type: ignore[operator]


def test_act_calls_the_methods_a_subclass_overrides() -> None:
    """act(text) stands for self.fold() etc. (its fallback calls them): a subclass's
    or a patched method is called, as the fallback would."""

    class Careful(Hand):
        __slots__ = ()
        seen: list[str] = []

        def fold(self) -> None:
            Careful.seen.append("fold")
            super().fold()

        def check_call(self) -> None:
            Careful.seen.append("check_call")
            super().check_call()

        def bet_raise(self, to: int | None = None) -> None:
            Careful.seen.append("bet_raise")
            super().bet_raise(to)

        def discard(self, cards: Any = ()) -> None:
            Careful.seen.append("discard")
            super().discard(cards)

    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    hand = Careful(rules, [50, 50], seed=4)
    slow = _python_hand(rules, [50, 50], seed=4)
    for text in ("cbr 4", "cc"):
        hand.act(text)
        engine._act(slow, text)
    assert Careful.seen == ["bet_raise", "check_call"]
    assert hand.phase == "draw"
    held = hand.cards(hand.to_act)  # type: ignore[arg-type]
    hand.act(f"sd {NAME_OF[held[0]]}")
    engine._act(slow, f"sd {NAME_OF[held[0]]}")
    assert Careful.seen[-1] == "discard" and _snapshot(hand) == _snapshot(slow)
    original = Hand.check_call
    try:
        Hand.check_call = lambda self: Careful.seen.append("patched")  # type: ignore[method-assign]
        plain = Hand(rules, [50, 50], seed=4)
        plain.act("cc")
        assert Careful.seen[-1] == "patched" and plain.to_act == 0  # the patch played nothing
    finally:
        Hand.check_call = original  # type: ignore[method-assign]
    folding = Careful(rules, [50, 50], seed=4)
    folding.act("f")
    assert Careful.seen[-1] == "fold" and folding.phase == "over"


def test_a_subclass_legal_never_reaches_other_hands_words() -> None:
    """legal_actions() is the words of self.legal() (its fallback asks it): a subclass
    that answers legal() otherwise gets its own words, and no other hand gets them."""
    import dataclasses

    class Timid(Hand):
        __slots__ = ()

        def legal(self) -> Any:
            return dataclasses.replace(super().legal(), min_raise_to=None, max_raise_to=None)

    rules = TableRules("badugi", structure="no")
    stacks = [1234, 777]  # numbers no other test meets
    Hand(rules, stacks, seed=9)  # rules kept: dealt in C
    assert Timid(rules, stacks, seed=9).legal_actions() == ("f", "cc")
    assert Timid(rules, stacks, seed=9).legal_actions() == ("f", "cc")
    plain = Hand(rules, stacks, seed=9)
    assert plain.legal_actions() == engine._legal_actions(_python_hand(rules, stacks, seed=9)) == (
        "f", "cc", "cbr 4", "cbr 1234")


def test_a_record_that_cannot_grow_leaves_the_table_as_played() -> None:
    """A draw the table played whose events the record cannot take (a view of it holds
    it: BufferError) raises, and the hand keeps the table as played, as the fallback does."""
    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    outcomes = []
    for hand, discard in ((Hand(rules, [50, 50], seed=4), Hand.discard),
                          (_python_hand(rules, [50, 50], seed=4), engine._discard)):
        hand.check_call(), hand.check_call()
        seat = hand.to_act
        assert seat is not None
        held = hand.cards(seat)
        view = memoryview(hand._raw)
        with pytest.raises(BufferError):
            discard(hand, list(held[:2]))
        view.release()
        hand._fresh = False
        outcomes.append((hand.cards(seat), hand.to_act, hand._numbers()))  # (a damaged table raises here)
    assert outcomes[0] == outcomes[1]
    for thrown_in_order in (False, True):  # either order: the table is never put back once it played
        hand = Hand(rules, [50, 50], seed=5)
        hand.check_call(), hand.check_call()
        held = hand.cards(1)
        thrown = list(held[:2]) if thrown_in_order else [held[1], held[0]]
        view = memoryview(hand._raw)
        for discard in (Hand.discard, engine._discard):
            twin = hand.copy()
            view_of_twin = memoryview(twin._raw)
            with pytest.raises(BufferError):
                discard(twin, thrown)
            view_of_twin.release()
            assert twin.to_act == 0 and not set(thrown) & set(twin.cards(1))
            assert twin._numbers().seat == 0  # the table is whole
        view.release()


def test_a_damaged_table_is_never_read_outside() -> None:
    """The fast discard reads the seat to draw's cards only inside the table, whatever
    its numbers say (a table written through its bytes): the fallback's error."""
    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    hand = Hand(rules, [50, 50], seed=4)
    hand.check_call(), hand.check_call()
    held = hand.cards(1)
    table = hand._table
    table.n_seats, table.to_act = 1 << 30, 1 << 29
    with pytest.raises((IndexError, ValueError)):
        hand.discard([held[0]])
    with pytest.raises((IndexError, ValueError)):
        hand.act(f"sd {NAME_OF[held[0]]}")


def test_python_playing_while_a_legal_is_made_spoils_no_other_hand() -> None:
    """Python code that plays on a hand while its Legal is made (another thread, a
    finalizer; here the Legal class itself) leaves the shared cache true for every other hand."""
    rules = TableRules("badugi", structure="no")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    real = engine.Legal
    for i in range(300):  # numbers no other test meets, so each Legal is made anew
        stacks = [5000 + i, 9000 + i]
        victim = Hand(rules, stacks, seed=4)

        def meddling(*args: Any, victim: Hand = victim, done: list[int] = []) -> Any:  # noqa: B006
            if not done:
                done.append(1)
                victim.check_call()
            return real(*args)

        engine.Legal = meddling  # type: ignore[misc]
        try:
            victim.legal()
        finally:
            engine.Legal = real  # type: ignore[misc]
        twin = Hand(rules, stacks, seed=4)
        twin.check_call()
        assert twin.legal() == twin._numbers(), stacks


@pytest.mark.parametrize("number", ["0.5", 2**2000, None], ids=["str", "huge int", "None"])
def test_a_generator_giving_no_number_gets_the_fallbacks_error(number: object) -> None:
    class Giving(random.Random):
        def random(self) -> Any:
            return number

    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    errors = []
    for make in (Hand, _python_hand):
        with pytest.raises((TypeError, ValueError, OverflowError)) as caught:
            make(rules, [50, 50], seed=Giving())
        errors.append((caught.type, str(caught.value)))
    for hand, discard in ((Hand(rules, [50, 50], seed=4), Hand.discard),
                          (_python_hand(rules, [50, 50], seed=4), engine._discard)):
        hand.check_call(), hand.check_call()
        hand._rng = Giving()
        with pytest.raises((TypeError, ValueError, OverflowError)) as caught:
            discard(hand, list(hand.cards(1)[:1]))
        errors.append((caught.type, str(caught.value)))
    assert errors[0] == errors[1] and errors[2] == errors[3]
    assert "random() of the hand's generator gave" in errors[0][1] and errors[0][0] is not OverflowError


def test_keep_rules_reads_no_address_python_gives() -> None:
    """_keep_rules takes the C rules as their bytes: an int is refused, never read as an address."""
    rules = TableRules("badugi")
    hand = Hand(rules, [5, 5])
    for address in (8, 0, 2**40):
        with pytest.raises(TypeError):
            hand._keep_rules(rules, address, hand._game, 4, "fixed", 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bytes"):
        hand._keep_rules(rules, b"\0" * 3, hand._game, 4, "fixed", 10)
    assert Hand(rules, [5, 5], seed=2) == _python_hand(rules, [5, 5], seed=2)  # the rules kept still deal


def test_python_run_while_the_generator_is_made_changes_no_hand_being_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Making the generator runs Python (random.Random's __init__ and seed, for no
    seed on the C path, for an int seed in the fallback; another thread may run
    meanwhile): a hand made then with other rules, or a change to the stacks list,
    leaves the hand being dealt as the call asked, as the fallback does."""
    rules, other = TableRules("deuce_seven"), TableRules("badugi", structure="no")
    real_seed = random.Random.seed
    stacks = [30, 40]
    busy: list[int] = []

    def meddling(self: random.Random, *args: Any, **kwargs: Any) -> None:
        if not busy:
            busy.append(1)
            Hand(other, [7, 8, 9], seed=1)  # made in Python: the rules kept are other's now
            stacks.append(50)
            busy.clear()
        real_seed(self, *args, **kwargs)

    for make, seed in ((Hand, None), (Hand, 3), (_python_hand, 3)):
        Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
        stacks[:] = [30, 40]
        monkeypatch.setattr(random.Random, "seed", meddling)
        hand = make(rules, stacks, seed=seed)
        monkeypatch.setattr(random.Random, "seed", real_seed)
        assert hand.rules is rules and hand.game.name == "deuce_seven" and hand.n_seats == 2
        assert hand.starting_stacks == (30, 40) and len(hand.cards(0)) == 5
        if seed is not None:
            assert hand == _python_hand(rules, [30, 40], seed=seed)


def test_threads_dealing_with_their_own_rules_get_their_own_rules() -> None:
    """Each thread deals hands with its rules while the others keep theirs (making
    a generator runs Python, where threads switch): every hand has the rules asked for."""
    import sys
    import threading

    wrong: list[tuple[str, str]] = []

    def deal(game: str) -> None:
        rules = TableRules(game)
        for seed in range(150):
            Hand(rules, [9, 9], seed=seed)  # rules kept; then dealt in C, unless another thread kept others
            hand = Hand(rules, [9, 9], seed=seed)
            if hand.rules is not rules or hand != _python_hand(rules, [9, 9], seed=seed):
                wrong.append((game, hand.game.name))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=deal, args=(game,)) for game in GAMES]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []


def test_a_generator_that_resumes_the_hand_leaves_no_stale_legal() -> None:
    """A generator whose random() makes the stub dealt in order (as resume does) while a draw
    takes its numbers: the table plays with none of them, both paths raise, and
    legal() then reads the table as played."""
    rules = TableRules("deuce_seven")
    Hand(rules, [50, 50], seed=4)  # rules kept: dealt in C
    for hand, discard in ((Hand(rules, [50, 50], seed=4), Hand.discard),
                          (_python_hand(rules, [50, 50], seed=4), engine._discard)):
        hand.check_call(), hand.check_call()

        class Resuming(random.Random):
            def random(self, hand: Hand = hand) -> float:
                hand._table.ordered = 1  # as resume(DealState(stub, True, None)) does (itself refused meanwhile)
                return 0.5

        hand._rng = Resuming()
        hand.legal()
        with pytest.raises(RuntimeError, match="random picks"):
            discard(hand, list(hand.cards(1)[:1]))
        assert hand.legal() == hand._numbers() and hand.legal_actions() == ("sd",) and hand.to_act == 0
