"""Odd input from the reliability audit: each is a clear ValueError/TypeError that
names the problem and quotes at most about 60 characters of the offending text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import _native
from badeucey_fast.cli import main
from badeucey_fast.draws import Target
from badeucey_fast.showdown import Pot

from .support import BADEUCEY_NUMBER_ONE, BADEUCEY_SIXES

HANDS = [BADEUCEY_NUMBER_ONE, BADEUCEY_SIXES]
LONGEST_MESSAGE = 200  # a message names the problem; it does not echo a megabyte back


def _raises(call: Callable[[], object], error: type[Exception], pattern: str) -> str:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error  # not a KeyError or AttributeError dressed up
    message = str(info.value)
    assert re.search(pattern, message), message
    assert 0 < len(message) <= LONGEST_MESSAGE, message
    return message


def test_quote_cuts_long_text() -> None:
    assert _native.quote("7s") == "'7s'"
    long = _native.quote("x" * 10**6)
    assert len(long) <= 80 and "1000000 characters" in long
    assert len(_native.quote(list(range(10**4)))) <= 80


# --------------------------------------------------------------------------- #
# Card text
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("text", ["Ks\ufe0f", "Ks\ufe0f 2c", "ks\ufe0f", "7h\ufe0f5s", "\ufe0f"])
def test_a_variation_selector_after_a_letter_suit_is_a_value_error(text: str) -> None:
    _raises(lambda: bf.parse_cards(text), ValueError, r"U\+FE0F|unknown card text")


def test_a_variation_selector_after_a_suit_symbol_is_a_card() -> None:
    assert bf.parse_cards("K♠\ufe0f 2♣\ufe0f") == (47, 0)
    assert bf.parse_cards("K♠\ufe0f2♣\ufe0f") == (47, 0)


def test_the_cli_names_a_variation_selector_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ks\ufe0f Qs Js Ts 9s"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "U+FE0F" in err and "Traceback" not in err


@pytest.mark.parametrize("text", ["x" * 10**6, "7s " + "x" * 10**6, "7s " * 10**5, "2c" + "ab" * 10**5])
def test_a_long_bad_text_gives_a_short_message(text: str) -> None:
    message = _raises(lambda: bf.parse_cards(text), ValueError, "characters")
    assert "unknown card text" in message or "duplicate card" in message


def test_a_long_bad_hand_gives_a_short_message() -> None:
    _raises(lambda: bf.deuce_seven_rank("z" * 10**5), ValueError, "unknown card text 'zz'")
    _raises(lambda: bf.deuce_seven_rank(["7s", "x" * 10**5, "4d", "3c", "2s"]), ValueError, "unknown card text")


@pytest.mark.parametrize(
    ("ids", "error", "pattern"),
    [
        (None, TypeError, "format_cards takes an iterable of card ids, not NoneType"),
        (7, TypeError, "not int"),
        (3.5, TypeError, "not float"),
        (b"\x00\x01", TypeError, "not bytes"),
        (bytearray(b"\x00"), TypeError, "not bytearray"),
        ("7s 5h", TypeError, "not str"),
        ([0, 52], ValueError, "card id 52 is outside 0..51"),
        ([0, 1.0], TypeError, "card ids must be integers"),
        ([True], TypeError, "card ids must be integers"),
    ],
)
def test_format_cards_refuses_what_is_not_ids(ids: Any, error: type[Exception], pattern: str) -> None:
    _raises(lambda: bf.format_cards(ids), error, pattern)


def test_format_cards_takes_numpy_ids_and_iterables() -> None:
    assert bf.format_cards(np.array([23, 14], dtype=np.uint8)) == "7s 5h"
    assert bf.format_cards(iter([51])) == "As"
    assert bf.format_cards([np.int64(0)]) == "2c"


# --------------------------------------------------------------------------- #
# Targets
# --------------------------------------------------------------------------- #
def test_a_target_limit_may_be_a_numpy_integer() -> None:
    target = Target(low=np.int64(100))
    assert target.low == 100 and type(target.low) is int
    assert bf.parse_target(target) == Target(low=100)
    parsed = bf.parse_target({"low": np.uint16(100)})
    assert parsed == Target(low=100) and type(parsed.low) is int  # type: ignore[union-attr]


@pytest.mark.parametrize("limit", [3.5, True, np.True_, [100], "100", (1,), {}])
def test_a_target_limit_that_is_not_a_rank_is_a_type_error(limit: object) -> None:
    _raises(lambda: Target(low=limit), TypeError, "the low limit must be a rank or None")  # type: ignore[arg-type]
    _raises(lambda: Target(badugi=limit), TypeError, "the badugi limit")  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [3.5, True, [100], {"a": 1}, b"8"])
def test_a_dict_target_limit_that_is_not_a_rank_or_text(limit: object) -> None:
    _raises(lambda: bf.parse_target({"low": limit}), TypeError, "a rank must be an integer")  # type: ignore[dict-item]


def test_a_long_target_text_gives_a_short_message() -> None:
    _raises(lambda: bf.parse_target("low:" + "9" * 10**5), ValueError, "characters")
    _raises(lambda: bf.parse_target("q" * 10**5), ValueError, "characters")


# --------------------------------------------------------------------------- #
# Pots
# --------------------------------------------------------------------------- #
def test_a_pot_amount_may_be_a_numpy_integer() -> None:
    assert bf.showdown(HANDS, pot=(np.int64(100), [0, 1])).chips == (100, 0)
    assert bf.showdown(HANDS, pot=np.int64(7)).chips == (7, 0)
    assert bf.showdown(HANDS, pot=[np.uint8(10), (np.int32(5), [np.int64(1)])]).chips == (10, 5)
    assert bf.showdown(HANDS, pot=Pot(np.int16(9), [1])).chips == (0, 9)  # type: ignore[arg-type]


def test_a_pair_and_a_list_of_pots() -> None:
    assert bf.showdown(HANDS, pot=(100, 50)).chips == (150, 0)  # two pots
    assert len(bf.showdown(HANDS, pot=(100, 50)).pots) == 2
    assert len(bf.showdown(HANDS, pot=(100, [1])).pots) == 1  # one pot, seat 1 only
    assert bf.showdown(HANDS, pot=(100, None)).pots[0].eligible == (0, 1)  # one pot, every live seat


@pytest.mark.parametrize(
    ("pot", "pattern"),
    [
        (True, "a bool is not an amount"),
        (np.True_, "a bool is not an amount"),
        ([10, False], "pot 1 must be a whole number of chips"),
        (Pot(100, eligible=1), "eligible seats must be a list of seat numbers"),  # type: ignore[arg-type]
        (Pot(100, eligible="01"), "eligible seats must be a list"),  # type: ignore[arg-type]
        ((100, [0, 1.0]), "seats are integers, got 1.0"),
        ((100, [0, True]), "seats are integers, got True"),
        ([(100, [0]), [5, 1]], "pot 1: the eligible seats must be a list"),
        ("100", "got '100'"),
        (b"100", "got b'100'"),
        ({"amount": 100}, "a Pot, .amount, seats. or a list"),
        ({100}, "or a list of those"),
        (np.array([100, 50]), "or a list of those"),
        (None, "whole number of chips, got None"),
        (2.5, "whole number of chips, got 2.5"),
        ([], "no pots given"),
        ((1, 2, 3, "x" * 10**5), "whole number of chips, got 'xxx"),
        (-1, "must not be negative"),
        ((100, [5]), "seat 5, which does not exist"),
    ],
)
def test_a_pot_outside_the_grammar_is_refused_by_name(pot: Any, pattern: str) -> None:
    _raises(lambda: bf.showdown(HANDS, pot=pot), ValueError, pattern)


# --------------------------------------------------------------------------- #
# Numpy integers where integers are asked for
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", [np.int8, np.uint16, np.int64, np.uint64])
def test_numpy_integers_are_integers_everywhere(kind: type) -> None:
    ranks = bf.deuce_seven_rank_batch(np.array([[23, 14, 9, 4, 3]], dtype=np.uint8))
    assert bf.hand_name(ranks[0], "deuce_seven") == bf.hand_name(1, "deuce_seven")
    assert bf.hand_name(kind(1), "deuce_seven") == bf.hand_name(1, "deuce_seven")
    assert bf.class_ranks(kind(1), "ace_five") == bf.class_ranks(1, "ace_five")
    plain = bf.draw_outcomes(BADEUCEY_NUMBER_ONE, "7s", draws=1, samples=50, seed=3)
    numpy = bf.draw_outcomes(BADEUCEY_NUMBER_ONE, "7s", draws=kind(1), samples=kind(50), seed=kind(3))
    assert plain.summary() == numpy.summary()
    exact = bf.draw_outcomes(BADEUCEY_NUMBER_ONE, "7s", draws=kind(1), max_exact=kind(100))
    assert exact.exact and exact.summary() == bf.draw_outcomes(BADEUCEY_NUMBER_ONE, "7s").summary()
    options = bf.best_discards(BADEUCEY_NUMBER_ONE, draws=kind(1), max_exact=kind(100), samples=kind(20), seed=kind(1))
    assert options
    eq = bf.equity(HANDS, draws=kind(0), seed=kind(2), samples=kind(30))
    assert eq.to_dict() == bf.equity(HANDS, draws=0, seed=2, samples=30).to_dict()
    assert bf.Deck(seed=kind(5)).deal(kind(3)) == bf.Deck(seed=5).deal(3)
    assert (bf.random_hands(kind(4), cards=kind(3), seed=kind(9)) == bf.random_hands(4, cards=3, seed=9)).all()


@pytest.mark.parametrize("value", [True, np.True_, 1.0, "1", None, [1]])
def test_integers_refuse_bools_and_the_rest(value: object) -> None:
    if value is not None:
        _raises(lambda: bf.hand_name(value, "deuce_seven"), TypeError, "must be an integer")  # type: ignore[arg-type]
        _raises(lambda: bf.class_ranks(value, "ace_five"), TypeError, "must be an integer")  # type: ignore[arg-type]
        _raises(lambda: bf.Deck(seed=value), TypeError, "seed must be an integer or None")  # type: ignore[arg-type]
    _raises(lambda: bf.Deck().deal(value), TypeError, "Deck.deal: n must be an integer")  # type: ignore[arg-type]
    _raises(lambda: bf.random_hands(value), TypeError, "random_hands: n must be an integer")  # type: ignore[arg-type]


def test_deck_messages_say_what_was_given() -> None:
    _raises(lambda: bf.Deck(seed=1.5), TypeError, r"^Deck: seed must be an integer or None, got 1\.5 \(float\)$")
    _raises(lambda: bf.Deck().deal("x" * 1000), TypeError, r"^Deck\.deal: n must be an integer, got 'xxx.*\(str\)$")


# --------------------------------------------------------------------------- #
# The command line
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("top", ["-3", "0", "x"])
def test_draw_top_must_be_one_or_more(top: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["draw", BADEUCEY_NUMBER_ONE, "--top", top])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--top" in err and "Traceback" not in err


def test_draw_top_lists_that_many(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["draw", BADEUCEY_NUMBER_ONE, "--top", "3", "--json"]) == 0
    import json

    assert len(json.loads(capsys.readouterr().out)["options"]) == 3


# --------------------------------------------------------------------------- #
# Integers the C core takes are checked where they are given (issue 43, 6 and 7)
# --------------------------------------------------------------------------- #
CHIPS = 1 << 40  # the most chips of any stack, blind or bet


@pytest.mark.parametrize(
    ("setting", "value"),
    [("small_blind", CHIPS + 1), ("big_blind", 2**63), ("small_bet", 10**20), ("big_bet", CHIPS + 1),
     ("big_bet", -(2**64)), ("cap", 2**31), ("heads_up_cap", 2**31), ("cap", 10**30)],
)
def test_table_rules_beyond_what_the_table_takes_are_refused_when_made(setting: str, value: int) -> None:
    """TableRules(small_bet=10**20) and cap=2**31 were accepted, then Hand() raised OverflowError."""
    _raises(lambda: bf.TableRules(**{setting: value}), ValueError, f"^{setting} must be")


def test_table_rules_at_the_limits_deal_a_hand() -> None:
    rules = bf.TableRules("badugi", small_blind=CHIPS, big_blind=CHIPS, small_bet=CHIPS, big_bet=CHIPS, cap=2**31 - 1,
                          heads_up_cap=2**31 - 1)
    hand = bf.Hand(rules, [CHIPS] * 10, seed=1)
    assert hand.pot == 2 * CHIPS
    for structure in ("no", "pot"):  # every seat all in: the sums of ten stacks of the most chips
        hand = bf.Hand(bf.TableRules("badugi", small_blind=CHIPS // 2, big_blind=CHIPS, structure=structure),
                       [CHIPS] * 9 + [CHIPS // 3], seed=2)
        while hand.phase != "over":
            words = hand.legal_actions()
            raises = [w for w in words if w.startswith("cbr")]
            hand.act(raises[-1] if raises else "sd" if hand.phase == "draw" else "cc")
        assert sum(hand.stacks) == 9 * CHIPS + CHIPS // 3 and max(hand.stacks) <= 9 * CHIPS + CHIPS // 3


def test_training_stacks_beyond_the_table_are_refused() -> None:
    from badeucey_fast.solve import train

    _raises(lambda: train(bf.TableRules.mini(), 1, abstraction=None, stacks=(10**30, 20)), ValueError,
            "stack must be")


def test_a_strategy_file_of_stacks_or_rules_beyond_the_table_is_refused(tmp_path: Any) -> None:
    from badeucey_fast._storage import read_arrays, write_arrays
    from badeucey_fast.solve import Strategy, train
    from badeucey_fast.solve.strategy import FORMAT

    path = tmp_path / "strategy.npz"
    train(bf.TableRules.mini(), 10, seed=1, abstraction=None, stacks=(20, 20)).save(path)
    meta, arrays = read_arrays(path, kind=FORMAT, where="x")
    for key, value in (("stacks", [10**30, 20]), ("rules", {**meta["rules"], "small_bet": 10**20}),
                       ("rules", {**meta["rules"], "cap": 2**31})):
        write_arrays(path, arrays, kind=FORMAT, meta={**meta, key: value}, compress=True)
        with pytest.raises(ValueError, match=f"^strategy file {path}: damaged"):
            Strategy.load(path)


@pytest.fixture(scope="module")
def strategy_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """The metadata and arrays of a small strategy's file."""
    from badeucey_fast._storage import read_arrays
    from badeucey_fast.solve import train
    from badeucey_fast.solve.strategy import FORMAT

    path = tmp_path_factory.mktemp("strategy") / "strategy.npz"
    train(bf.TableRules.mini(), 10, seed=1, abstraction=None, stacks=(20, 20)).save(path)
    return read_arrays(path, kind=FORMAT, where="x")


@pytest.mark.parametrize(("key", "value"), [("iterations", 10**30), ("iterations", -5), ("iterations", 2**64),
                                            ("iterations", 1.5), ("iterations", "7"), ("iterations", True),
                                            ("seed", 10**30), ("seed", -1), ("seed", 2**64), ("seed", None)])
def test_a_strategy_file_of_iterations_or_seed_beyond_a_training_is_refused(
        key: str, value: object, strategy_file: tuple[dict[str, Any], dict[str, Any]], tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A strategy file's iterations and seed were read by int(): -5, 10**30, 1.5 and "7" loaded.
    (The file is named relative to the test's folder: the message names it as given, and a
    temporary folder's length differs from machine to machine.)"""
    from badeucey_fast._storage import write_arrays
    from badeucey_fast.solve import Strategy
    from badeucey_fast.solve.strategy import FORMAT

    meta, arrays = strategy_file
    monkeypatch.chdir(tmp_path)
    path = Path("strategy.npz")
    write_arrays(path, arrays, kind=FORMAT, meta={**meta, key: value}, compress=True)
    _raises(lambda: Strategy.load(path), ValueError, f"^strategy file {re.escape(str(path))}: damaged \\(its settings: {key}")


def test_an_unsigned_action_beyond_int64_is_named_by_its_value() -> None:
    """A uint64 action of 2**64 - 1 was refused as "action -1"."""
    from badeucey_fast.play import VectorEnv

    env = VectorEnv("badugi", num_envs=2)
    env.reset(1)
    for value in (2**64 - 1, 2**63):
        actions = np.array([0, value], dtype=np.uint64)
        _raises(lambda a=actions: env.step(a), ValueError, f"^table 1: action {value} is not legal now")


@pytest.mark.parametrize("big", [2**31, 2**63, 2**64, -(2**63) - 1])
def test_a_strategy_lookup_of_numbers_beyond_the_solver_is_a_value_error(big: int) -> None:
    """probabilities_at handed its numbers to C types unchecked: OverflowError for each."""
    from badeucey_fast.solve import train

    strategy = train(bf.TableRules.mini(), 10, seed=1, abstraction=None, stacks=(20, 20))
    cards = (1, 2, 3, 5)
    calls: list[Callable[[], object]] = [
        lambda: strategy.probabilities_at(big, 0, "bet", cards, []),
        lambda: strategy.probabilities_at(0, big, "bet", cards, []),
        lambda: strategy.probabilities_at(0, 0, "bet", cards, [], raise_to=big << 10),  # beyond 2**40 chips
        lambda: strategy.probabilities_at(0, 1, "draw", cards, [2, 2], max_discard=big),
        lambda: strategy.probabilities_at(0, 0, "bet", (1, 2, 3, big), []),
        lambda: strategy.probabilities_at(0, 0, "bet", cards, [big]),
        lambda: strategy.probabilities_at(0, 0, "bet", cards, [2], [big]),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()


def test_the_first_table_of_an_illegal_action_is_named_whatever_the_other_actions() -> None:
    from badeucey_fast.play import VectorEnv

    env = VectorEnv("badugi", num_envs=3)
    env.reset(1)
    _raises(lambda: env.step(np.array([99, 2**64 - 1, 1], dtype=np.uint64)), ValueError,
            "^table 0: action 99 is not legal now")
    _raises(lambda: env.step(np.array([1, 2**64 - 1, 99], dtype=np.uint64)), ValueError,
            "^table 1: action 18446744073709551615 is not legal now")
