"""A Hand takes one call at a time (docs/playing.rst, "Threads"): a call that
arrives while another is running on the same hand, from another thread or from
the hand's own generator calling back into it, raises RuntimeError before it
changes anything, and no hand is ever left broken."""

from __future__ import annotations

import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

from badeucey_fast._native import lib
from badeucey_fast.cards import NAME_OF
from badeucey_fast.play import Hand, TableRules, seeded_generator
from badeucey_fast.play import hand as engine

BUSY = "being used by another call"
"""What the RuntimeError of a call refused says."""


@contextmanager
def _tiny_switch_interval() -> Iterator[None]:
    """Threads switch as often as CPython allows (every bytecode boundary it checks)."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _names(cards: Any) -> str:
    return "".join(NAME_OF[c] for c in cards)


def _drawing(rules: TableRules) -> Hand:
    """A heads-up hand of ``rules`` at its first draw (seat 1, p1, to draw)."""
    hand = Hand(rules, [50, 50], seed=4)
    hand.check_call()
    hand.check_call()
    assert hand.phase == "draw" and hand.to_act == 1
    return hand


# ---------------------------------------------------------------------- #
# Generators that call back into their hand
# ---------------------------------------------------------------------- #
@pytest.mark.parametrize("burn", [False, True], ids=["plain", "burns"])
@pytest.mark.parametrize("form", ["text", "list", "labelled text"])
def test_a_generator_that_acts_on_its_hand_is_refused(form: str, burn: bool) -> None:
    """A draw whose generator makes the seat to draw stand pat: the call the
    generator makes is refused, the draw raises that error, and the hand is as
    it was (the next seat throws nothing it never chose)."""
    hand = _drawing(TableRules("deuce_seven", burn=burn))
    before = (hand.history, hand.cards(0), hand.cards(1), hand.to_act, hand.stacks)
    thrown = hand.cards(1)[:2]

    class Meddling(random.Random):
        def random(self) -> float:
            hand.discard()
            return 0.5

    hand._rng = Meddling()
    take: dict[str, Callable[[], None]] = {
        "text": lambda: hand.act("sd " + _names(thrown)),
        "list": lambda: hand.discard(list(thrown)),
        "labelled text": lambda: hand.act("p1 sd " + _names(thrown)),
    }
    with pytest.raises(RuntimeError, match=BUSY):
        take[form]()
    assert (hand.history, hand.cards(0), hand.cards(1), hand.to_act, hand.stacks) == before
    hand._rng = random.Random(1)
    take[form]()  # the same draw with a healthy generator
    assert hand.to_act == 0 and hand.history[len(before[0])] == "p1 sd " + _names(thrown)


def test_a_generator_that_swallows_the_refusal_lets_the_call_finish() -> None:
    """A generator that catches the refusal of its own call and gives its number:
    the draw it was asked for is played, once, for the seat that asked."""
    hand = _drawing(TableRules("deuce_seven"))
    thrown = hand.cards(1)[:2]
    refused: list[str] = []

    class Polite(random.Random):
        def random(self) -> float:
            try:
                hand.check_call()
            except RuntimeError as error:
                refused.append(str(error))
            return 0.25

    hand._rng = Polite()
    hand.act("sd " + _names(thrown))
    assert len(refused) == 2 and BUSY in refused[0]
    assert hand.to_act == 0 and hand.history[-2:] == ("p1 sd " + _names(thrown), hand.history[-1])
    assert Hand.from_phh(hand.to_phh()) == hand


@pytest.mark.parametrize("burn", [False, True], ids=["plain", "burns"])
def test_a_generator_that_deals_its_hand_again_is_refused(burn: bool) -> None:
    """``__init__`` called from inside the generator's random(), while the hand is
    dealt or draws: refused, and the hand is one hand (two deals, a history
    that reloads), never the deals of two."""
    rules = TableRules("badugi", burn=burn)

    class Redealing(random.Random):
        hand: Hand | None = None

        def random(self) -> float:
            if self.hand is not None:
                self.hand.__init__(rules, [30, 30], seed=5)  # type: ignore[misc]
            return super().random()

    generator = Redealing(3)
    hand: Hand = Hand.__new__(Hand)
    generator.hand = hand
    with pytest.raises(RuntimeError, match=BUSY):
        hand.__init__(rules, [30, 30], seed=generator)  # type: ignore[misc]
    generator.hand = None
    hand = Hand(rules, [30, 30], seed=generator)
    hand.check_call()
    hand.check_call()
    generator.hand = hand
    with pytest.raises(RuntimeError, match=BUSY):
        hand.act("sd " + _names(hand.cards(1)[:1]))
    generator.hand = None
    hand.act("sd " + _names(hand.cards(1)[:1]))
    assert [line[:6] for line in hand.history[:3]] == ["d dh p", "d dh p", "p2 cc"]  # one hand's two deals
    assert Hand.from_phh(hand.to_phh()) == hand


def test_a_generator_that_gives_a_bad_number_then_raises_spoils_no_later_call() -> None:
    """random() gives 7.5 and then raises: its error, and the thread's next hands
    (a burning table plays every call in Python) play as if it never ran."""
    burning = Hand(TableRules("deuce_seven", burn=True), [50, 50], seed=1)
    for discard in (Hand.discard, engine._discard):
        hand = _drawing(TableRules("deuce_seven"))
        numbers = iter([7.5])

        class Failing(random.Random):
            def random(self, numbers: Iterator[float] = numbers) -> float:
                return next(numbers)  # then StopIteration

        hand._rng = Failing()
        with pytest.raises(StopIteration):
            discard(hand, " ".join(NAME_OF[c] for c in hand.cards(1)[:2]))
        burning.check_call()  # a call that takes no random number
    assert burning.history[-2:] == ("p2 cc", "p1 cc")


@pytest.mark.parametrize("call", ["copy", "==", "deal_state"])
def test_a_generator_whose_state_acts_on_its_hand_is_refused(call: str) -> None:
    """The calls that read the generator's state (``getstate``, the generator's own
    Python) take the hand: a ``getstate`` that acts on the hand is refused as a
    ``random()`` that does, and the hand is as it was."""
    hand = Hand(TableRules("badugi"), [20, 20], seed=3)

    class StateActs(random.Random):
        def getstate(self) -> Any:
            hand.check_call()
            return super().getstate()

    hand._rng = StateActs(3)
    before = (bytes(hand._raw), hand.to_act, hand.stacks)
    reads: dict[str, Callable[[], Any]] = {"copy": hand.copy, "==": lambda: hand == hand,
                                           "deal_state": lambda: hand.deal_state}
    with pytest.raises(RuntimeError, match=BUSY):
        reads[call]()
    assert (bytes(hand._raw), hand.to_act, hand.stacks) == before


class _OtherHands(random.Random):
    """A generator whose random() plays other hands of its thread (``meddle(call)``
    at the third number): the package's own code, as a bot's or a simulation's
    generator may run it.  Seeded like a plain Random, and giving its numbers."""

    def __init__(self, seed: int, meddle: Callable[[int], None]) -> None:
        super().__init__(seed)
        self.meddle = meddle
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        self.meddle(self.calls)
        return super().random()


@pytest.mark.parametrize("rules", [TableRules("deuce_seven", burn=True), TableRules("badugi")], ids=["burns", "plain"])
def test_a_generator_that_plays_other_hands_of_its_thread_changes_nothing_of_its_own(rules: TableRules) -> None:
    """While a hand is dealt and draws, its generator deals and plays other hands of
    the same thread (which use the thread's buffers): the hand gets the cards its
    generator's numbers give and keeps its own stacks, as with a plain generator."""
    burning = TableRules("deuce_seven", burn=True)
    others: list[Hand] = []

    def meddle(call: int) -> None:
        if call in (3, 13):
            others.append(Hand(burning, [7, 8, 9], seed=call))  # its deal writes its stacks and numbers
            others[-1].check_call()

    meddling = Hand(rules, [50, 60], seed=_OtherHands(1, meddle))
    plain = Hand(rules, [50, 60], seed=random.Random(1))
    assert meddling.stacks == plain.stacks == (49, 58) and meddling.starting_stacks == (50, 60)
    for hand in (meddling, plain):
        hand.check_call()
        hand.check_call()
        hand.discard(" ".join(NAME_OF[c] for c in hand.cards(1)[:3]))  # (text: the Python draw)
        hand.discard(list(hand.cards(0)[:3]))
    assert len(others) == 2 and meddling == plain
    assert [meddling.cards(s) for s in range(2)] == [plain.cards(s) for s in range(2)]
    assert lib.bdc_table_check(meddling._table) == 0


def test_a_generator_that_gave_a_bad_number_spoils_no_other_hand_while_it_runs() -> None:
    """random() gives 7.5, then plays another hand of its thread (a burning table's
    call, which reads the thread's uniforms): that call plays as if alone, and the
    hand whose generator gave 7.5 is refused for it."""
    other = Hand(TableRules("deuce_seven", burn=True), [50, 50], seed=2)
    twin = other.copy()
    played: list[str] = []

    def meddle(call: int) -> None:
        if call == 2:
            other.check_call()
            played.append("other")

    class Bad(_OtherHands):
        def random(self) -> float:
            number = super().random()
            return 7.5 if self.calls == 1 else number

    with pytest.raises(ValueError, match="table refused the hand"):
        Hand(TableRules("deuce_seven", burn=True), [50, 50], seed=Bad(1, meddle))
    twin.check_call()
    assert played == ["other"] and other == twin


# ---------------------------------------------------------------------- #
# Threads
# ---------------------------------------------------------------------- #
_TAKING: dict[str, Callable[[Hand], Any]] = {
    "check_call": lambda h: h.check_call(), "fold": lambda h: h.fold(), "bet_raise": lambda h: h.bet_raise(),
    "discard": lambda h: h.discard(), "act": lambda h: h.act("cc"), "legal": lambda h: h.legal(),
    "legal_actions": lambda h: h.legal_actions(), "cards": lambda h: h.cards(0),
    "__init__": lambda h: h.__init__(h.rules, [9, 9]),  # type: ignore[misc]
    "events": lambda h: h.events,
    "history": lambda h: h.history, "draws": lambda h: h.draws, "burns": lambda h: h.burns,
    "result": lambda h: h.result, "view": lambda h: h.view(0), "copy": lambda h: h.copy(),
    "pickle": lambda h: pickle.dumps(h), "==": lambda h: h == h, "to_phh": lambda h: h.to_phh(),
    "resume": lambda h: h.resume(), "deal_state": lambda h: h.deal_state,
}
"""Every call that takes the hand, by name."""


def test_every_call_but_a_one_figure_read_is_refused_while_another_thread_has_the_hand() -> None:
    """While one thread's call has the hand, each call of :data:`_TAKING` from another
    thread is refused and changes nothing; reading one figure is not refused."""
    hand = Hand(TableRules("badugi"), [20, 20], seed=2)
    before = (bytes(hand._raw), hand.history, hand.to_act)
    answers: dict[str, str] = {}

    def other_thread() -> None:
        for name, call in _TAKING.items():
            try:
                call(hand)
                answers[name] = "answered"
            except RuntimeError as error:
                answers[name] = "refused" if BUSY in str(error) else str(error)
        answers["reads"] = repr((hand.to_act, hand.phase, hand.round, hand.pot, hand.stacks, hand.payoffs))

    hand._enter()  # this thread's call, midway
    try:
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
    finally:
        hand._leave()
    assert answers.pop("reads") == repr((0, "bet", 0, 3, (19, 18), None))
    assert answers == dict.fromkeys(_TAKING, "refused")
    assert (bytes(hand._raw), hand.history, hand.to_act) == before
    hand.check_call()  # given back: the next call plays
    assert hand.to_act == 1


def test_an_int_seeds_generator_is_made_only_by_the_thread_whose_call_has_the_hand() -> None:
    """A hand dealt in C with an int seed deals from the seed's stream and makes its
    random.Random (seeded_generator's) when Python first reads it: from another thread while a call has
    the hand that is refused (the stream is the call's), from the call's own thread
    it is the seed's generator, dealt on."""
    rules = TableRules("badugi")
    Hand(rules, [5, 5], seed=1)  # rules kept: dealt in C
    hand = Hand(rules, [20, 20], seed=2)
    seen: list[str] = []

    def other_thread() -> None:
        try:
            seen.append(type(hand._rng).__name__)
        except RuntimeError as error:
            seen.append("refused" if BUSY in str(error) else str(error))

    hand._enter()
    try:
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
        made = hand._rng.getstate()
    finally:
        hand._leave()
    assert seen == ["refused"]
    assert made == Hand(rules, [20, 20], seed=seeded_generator(2))._rng.getstate()


_TABLES = (TableRules("badeucey", structure="no"), TableRules("badeucey", structure="no", burn=True),
           TableRules("deuce_seven"), TableRules("badugi", structure="pot", burn=True))


def _another_hand() -> None:
    """Deal and play another hand in this thread (a burning table: the Python path and the thread's buffers)."""
    Hand(_TABLES[1], [9, 11, 13], seed=0).check_call()


class _Meddling(random.Random):
    """A hand's generator whose random() now and then calls back into the hand
    (an action, a read, a new deal), as a re-entrant seed object might, or plays
    another hand of its thread."""

    def __init__(self, seed: int = 0) -> None:  # (a copy of the hand makes one without a seed)
        super().__init__(seed)
        self.hand: Hand | None = None
        self.choose = random.Random(seed + 1)
        self.lock = threading.Lock()

    def random(self) -> float:
        hand = self.hand
        with self.lock:  # (the generator itself is shared by the threads' calls)
            meddle = hand is not None and self.choose.random() < 0.2
            pick = self.choose.randrange(5)
            number = super().random()
        if meddle and hand is not None:
            call: Callable[[], Any] = (hand.check_call, hand.legal_actions, lambda: hand.discard(),
                                       lambda: hand.__init__(hand.rules, [1, 1]),  # type: ignore[misc]
                                       _another_hand)[pick]
            try:
                call()
            except (RuntimeError, ValueError):
                pass
        return number


def _act_at_random(hand: Hand, rng: random.Random, counts: dict[str, int]) -> None:
    """Act on ``hand`` until it is over: random legal and illegal actions, by methods and words.
    (A thread may be refused many times in a row: the GIL changes hands mostly in the
    middle of long calls, which have the hand.)"""
    tries = 0
    while counts["accepted"] + counts["illegal"] < 5_000:  # (a hand takes far fewer: never an endless loop)
        tries += 1
        assert tries < 2_000_000, "refused two million times in a row"
        seat = hand.to_act
        if seat is None:
            return
        kind = rng.randrange(8)
        try:
            if kind == 0:
                hand.fold()
            elif kind == 1:
                hand.check_call()
            elif kind == 2:
                legal = hand.legal()
                low, high = legal.min_raise_to, legal.max_raise_to
                hand.bet_raise(rng.randint(low, high) if low is not None and high is not None else rng.randint(1, 60))
            elif kind == 3:
                held = hand.cards(seat)
                hand.discard(rng.sample(held, rng.randint(0, min(3, len(held)))))
            elif kind == 4:
                hand.discard([rng.randrange(52) for _ in range(rng.randint(1, 2))])  # mostly cards not held
            elif kind == 5:
                words = hand.legal_actions()
                if words:
                    word = rng.choice(words)
                    held = hand.cards(seat)
                    hand.act(word + " " + _names(rng.sample(held, 2)) if word == "sd" else word)
            elif kind == 6:
                hand.act(rng.choice(["cc", "f", "cbr 7", "sd", "p1 cc", "p2 sd", "cbr 999999"]))
            else:
                hand.history, hand.view(rng.randrange(hand.n_seats)), hand.copy()  # noqa: B018 - reads
            counts["accepted"] += 1
        except RuntimeError as error:
            assert BUSY in str(error), error
            counts["refused"] += 1
        except ValueError:
            counts["illegal"] += 1
    raise AssertionError("a hand went on for 5,000 actions")


def _broken(hand: Hand, start: tuple[int, ...]) -> list[str]:
    """What is wrong with a finished hand: its cards, its chips, its table, its record."""
    wrong = []
    n = hand.n_seats
    cards = [c for s in range(n) for c in hand.cards(s)] + hand._stub + hand._muck
    if sorted(cards) != list(range(52)):
        wrong.append(f"cards: {len(cards)} placed, {len(set(cards))} distinct")
    if lib.bdc_table_check(hand._table) != 0:
        wrong.append("the table refuses its own state")
    if hand.starting_stacks != start or hand.phase != "over" or hand.payoffs is None or sum(hand.payoffs) != 0:
        wrong.append(f"chips: started {hand.starting_stacks}, payoffs {hand.payoffs}")
    elif tuple(s + p for s, p in zip(start, hand.payoffs)) != hand.stacks:
        wrong.append("chips: the stacks are not the payoffs")
    try:
        if Hand.from_phh(hand.to_phh()) != hand:
            wrong.append("the record replays to another hand")
    except ValueError as error:
        wrong.append(f"the record does not replay: {error}")
    return wrong


def _play_hands_in_threads(count: int, threads: int = 4) -> tuple[list[tuple[int, list[str]]], dict[str, int]]:
    """``count`` hands, each acted on by ``threads`` threads at once: the broken ones, and the calls' counts."""
    broken: list[tuple[int, list[str]]] = []
    counts = {"accepted": 0, "refused": 0, "illegal": 0}
    for number in range(count):
        rules = _TABLES[number % len(_TABLES)]
        seats = 2 + number % 5
        start = tuple(20 + 7 * s + number % 13 for s in range(seats))
        generator = _Meddling(number)
        hand = Hand.__new__(Hand)
        generator.hand = hand  # (meddling from the deal on)
        hand.__init__(rules, start, button=number % seats, seed=generator)  # type: ignore[misc]
        each = [{"accepted": 0, "refused": 0, "illegal": 0} for _ in range(threads)]
        failures: list[BaseException] = []

        def work(i: int, hand: Hand = hand, each: list[dict[str, int]] = each,
                 failures: list[BaseException] = failures, number: int = number) -> None:
            try:
                _act_at_random(hand, random.Random(number * 100 + i), each[i])
            except BaseException as error:  # noqa: BLE001 - reported below, in the main thread
                failures.append(error)

        pool = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
        with _tiny_switch_interval():
            for thread in pool:
                thread.start()
            for thread in pool:
                thread.join()
        generator.hand = None
        if failures:
            raise failures[0]
        for tally in each:
            for key, value in tally.items():
                counts[key] += value
        wrong = _broken(hand, start)
        if wrong:
            broken.append((number, wrong))
    return broken, counts


def test_hands_acted_on_by_threads_at_once_stay_hands() -> None:
    """Four threads act at random on each hand at once (and its generator calls back
    into it): no hand is broken, and some calls were refused (the threads did meet)."""
    broken, counts = _play_hands_in_threads(100)
    assert broken == []
    assert counts["accepted"] > 0 and counts["refused"] > 0 and counts["illegal"] > 0


@pytest.mark.slow
def test_a_thousand_hands_acted_on_by_threads_at_once_stay_hands() -> None:
    """As above, for 1,000 hands."""
    broken, counts = _play_hands_in_threads(1_000)
    assert broken == [], f"{len(broken)} of 1,000 hands broken: {broken[:3]}"
    assert counts["refused"] > 0


class _Failing(Exception):
    """What a :class:`_Chaos` generator raises now and then."""


class _Chaos(random.Random):
    """A generator whose random() calls anything on its hand or on other hands
    (actions, reads, copies, pickles, ==, a new deal), and now and then raises,
    gives 7.5 or gives text; its getstate() acts on its hand too."""

    def __init__(self, seed: int = 0, others: tuple[Hand, ...] = ()) -> None:
        super().__init__(seed)
        self.hand: Hand | None = None
        self.others = others
        self.choose = random.Random(seed + 7)

    def random(self) -> float:
        number = super().random()
        choose = self.choose
        target = self.hand if choose.random() < 0.6 or not self.others else choose.choice(self.others)
        if target is not None and choose.random() < 0.3:
            hand = target
            calls: tuple[Callable[[], Any], ...] = (
                hand.check_call, hand.discard, lambda: hand.act("sd"), lambda: hand.act("p1 cc"), hand.legal,
                hand.copy, lambda: hand == hand, lambda: pickle.dumps(hand), lambda: hand.history,
                lambda: hand.view(0), lambda: hand.deal_state,
                lambda: hand.__init__(hand.rules, [5, 6]))  # type: ignore[misc]
            try:
                choose.choice(calls)()
            except (RuntimeError, ValueError):
                pass
        fate = choose.random()
        if fate < 0.01:
            raise _Failing
        return 7.5 if fate < 0.02 else "x" if fate < 0.025 else number  # type: ignore[return-value]

    def getstate(self) -> Any:
        if self.hand is not None and self.choose.random() < 0.1:
            try:
                self.hand.check_call()
            except (RuntimeError, ValueError):
                pass
        return super().getstate()


def _chaos_hands(count: int) -> list[tuple[int, list[str]]]:
    """``count`` hands played at random, each fed by a :class:`_Chaos` generator from
    its deal on: the broken ones, and then the other hands the generators played on."""
    others = tuple(Hand(_TABLES[i], [30, 30, 30], seed=i) for i in range(len(_TABLES)))
    broken = []
    for number in range(count):
        rules = _TABLES[number % len(_TABLES)]
        start = tuple(20 + 3 * s for s in range(2 + number % 4))
        generator = _Chaos(number, others)
        hand = Hand.__new__(Hand)
        generator.hand = hand
        while True:  # (a deal the generator failed leaves no hand: dealt again)
            try:
                hand.__init__(rules, start, seed=generator)  # type: ignore[misc]
                break
            except (_Failing, TypeError, ValueError, RuntimeError):
                pass
        rng = random.Random(number)
        counts = {"accepted": 0, "refused": 0, "illegal": 0}
        while hand.to_act is not None:
            try:
                _act_at_random(hand, rng, counts)
            except (_Failing, TypeError):
                pass
        generator.hand = None
        hand._rng = random.Random(number)  # (the record replays with a plain generator)
        if wrong := _broken(hand, start):
            broken.append((number, wrong))
    for number, other in enumerate(others):
        if lib.bdc_table_check(other._table) != 0 or sum(other.stacks) + sum(other.committed) != 11:
            broken.append((-1 - number, ["another hand the generators played on"]))
    return broken


def test_hands_whose_generator_does_anything_stay_hands() -> None:
    """Hands whose generator calls anything on its hand and on other hands of its
    thread, fails, or gives numbers that are none: no hand is broken."""
    assert _chaos_hands(60) == []


@pytest.mark.slow
def test_a_thousand_hands_whose_generator_does_anything_stay_hands() -> None:
    """As above, for 1,000 hands."""
    broken = _chaos_hands(1_000)
    assert broken == [], f"{len(broken)} of 1,000 hands broken: {broken[:3]}"


# ---------------------------------------------------------------------- #
# VectorEnv: its steps run in C without the GIL
# ---------------------------------------------------------------------- #
def test_a_vector_env_refuses_a_call_while_another_has_it() -> None:
    """A step, reset or read while another thread's call has the tables (they run
    in C without the GIL, writing the tables and the outputs) is refused; nothing moves."""
    from badeucey_fast.play import VectorEnv

    env = VectorEnv("badugi", num_envs=8, seed=3)
    first = env.reset()
    actions = np.argmax(first.action_masks, axis=1)
    env._tables._busy.acquire()  # another thread's call, midway
    try:
        for call in (lambda: env.step(actions), env.reset, lambda: env.deal(0), lambda: env.hands):
            with pytest.raises(RuntimeError, match=BUSY):
                call()
    finally:
        env._tables._busy.release()
    twin = VectorEnv("badugi", num_envs=8, seed=3)
    twin.reset()
    assert np.array_equal(env.step(actions).observations, twin.step(actions).observations)


def test_vector_envs_stepped_by_threads_at_once_stay_whole() -> None:
    """Four threads step one VectorEnv at once: each step is played whole or refused."""
    from badeucey_fast.play import VectorEnv

    env = VectorEnv("badeucey", num_envs=256, n_seats=3, seed=1)
    masks = [env.reset().action_masks]
    refused = [0]
    lock = threading.Lock()
    failures: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            steps(np.random.default_rng(seed))
        except BaseException as error:  # noqa: BLE001 - reported below, in the main thread
            failures.append(error)

    def steps(rng: np.random.Generator) -> None:
        for _ in range(60):
            with lock:
                mask = masks[0]
            assert all(row.any() for row in mask), "a table with no legal action"
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
            try:
                step = env.step(actions)
            except RuntimeError as error:
                assert BUSY in str(error)
                with lock:
                    refused[0] += 1
            except ValueError:
                pass  # another thread stepped first: the actions are stale
            else:
                with lock:
                    masks[0] = step.action_masks

    with _tiny_switch_interval():
        pool = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
    if failures:
        raise failures[0]
    assert refused[0] > 0
    step = env.step(np.array([np.flatnonzero(row)[0] for row in masks[0]]))  # the tables play on
    assert step.observations.shape[0] == 256


# ---------------------------------------------------------------------- #
# What threads may share as it is: the bots and DrawOutcomes
# ---------------------------------------------------------------------- #
def _in_threads(work: Callable[[int], Any], threads: int = 4) -> list[Any]:
    """``work(i)`` in ``threads`` threads at once at a tiny switch interval: each one's answer."""
    answers: list[Any] = [None] * threads
    failures: list[BaseException] = []

    def run(i: int) -> None:
        try:
            answers[i] = work(i)
        except BaseException as error:  # noqa: BLE001 - reported below, in the main thread
            failures.append(error)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    with _tiny_switch_interval():
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
    if failures:
        raise failures[0]
    return answers


def test_bots_shared_by_threads_play_each_hand_as_alone() -> None:
    """The bots keep only what no thread can break (docs/playing.rst, "Threads"): one
    DrawingBot (its plans' cache evicting at every plan), ReaderBot and RandomBot act
    for four threads' hands at once, every action legal, and the drawing bot's actions
    those it takes alone (its plans are seeded by the hand)."""
    from badeucey_fast.play import DrawingBot, RandomBot
    from badeucey_fast.play.bots import Bot, ReaderBot

    drawing = DrawingBot(samples=64, cache_size=1)
    shared: dict[str, Bot] = {"drawing": drawing, "reader": ReaderBot(), "random": RandomBot(seed=1)}

    def play(i: int) -> list[str]:
        said = []
        for number in range(2):
            hand = Hand(TableRules("badeucey"), [40, 40], seed=10 * i + number)
            while hand.to_act is not None:
                name = ("drawing", "reader", "random")[hand.to_act + number % 2]
                action = shared[name].act(hand.view(hand.to_act))
                hand.act(action)  # (an illegal action raises ValueError)
                said.append(f"{name} {action}")
        return said

    answers = _in_threads(play)
    alone = DrawingBot(samples=64, cache_size=1)
    for i, said in enumerate(answers):
        for number in range(2):
            hand = Hand(TableRules("badeucey"), [40, 40], seed=10 * i + number)
            plans = [alone.planned_discard(hand.cards(s), "badeucey") for s in range(2)]
            assert plans == [drawing.planned_discard(hand.cards(s), "badeucey") for s in range(2)]
        assert said and all(" " in line for line in said)


def test_draw_outcomes_shared_by_threads_answer_as_alone() -> None:
    """A DrawOutcomes is an immutable value: four threads reading one at once read what one thread reads."""
    from badeucey_fast import draw_outcomes

    outcomes = draw_outcomes("7s5h4d3c Kc", "Kc", game="badeucey")
    alone = (outcomes.summary(), outcomes.mean_rank("low"), outcomes.probability("badugi"))

    def read(_: int) -> list[Any]:
        return [(outcomes.summary(), outcomes.mean_rank("low"), outcomes.probability("badugi")) for _ in range(2)]

    for answers in _in_threads(read):
        assert all(answer == alone for answer in answers)
