"""The cards users already hold: lists of card text, pokerkit and eval7 Card
objects, treys ints; and the converters back."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

import badeucey_fast as bf

pokerkit = pytest.importorskip("pokerkit")

RANDOM_HANDS = 400  # per card count, fixed seed
OPPONENT = (7, 13, 22, 30, 38)  # the other hand for compare(): the sampled hands avoid it
FIVE_CARD: dict[str, Callable[[Any], object]] = {
    "badugi_low": bf.badugi_rank,
    "badugi_high": lambda cards: bf.badugi_rank(cards, ace_high=True),
    "deuce_seven": bf.deuce_seven_rank,
    "ace_five": bf.ace_five_rank,
    "badeucey": bf.badeucey,
    "badacey": bf.badacey,
    "hand_mask": bf.hand_mask,
    "compare_badeucey": lambda cards: bf.compare(cards, OPPONENT, game="badeucey"),
    "compare_deuce_seven": lambda cards: bf.compare(cards, OPPONENT, game="deuce_seven"),
    "game_ranks_badacey": lambda cards: bf.get_game("badacey").ranks(cards),
}
FOUR_CARD: dict[str, Callable[[Any], object]] = {
    "badugi_low": bf.badugi_rank,
    "badugi_high": lambda cards: bf.badugi_rank(cards, ace_high=True),
    "hand_mask": bf.hand_mask,
    "game_ranks_badugi": lambda cards: bf.get_game("badugi").ranks(cards),
}


def sample_hands(size: int) -> list[tuple[int, ...]]:
    rng = random.Random(20261201 + size)
    deck = [c for c in range(52) if c not in OPPONENT]
    return [tuple(rng.sample(deck, size)) for _ in range(RANDOM_HANDS)]


def text_forms(ids: tuple[int, ...]) -> dict[str, object]:
    """The same hand in every form that needs no optional package but pokerkit."""
    names = [bf.card_name(c) for c in ids]
    return {
        "ids": ids,
        "list of text": names,
        "tuple of text": tuple(names),
        "pokerkit cards": list(pokerkit.Card.parse("".join(names))),
        "pokerkit generator": pokerkit.Card.parse(" ".join(names)),
        "to_pokerkit": bf.to_pokerkit(ids),
        "from_treys": bf.from_treys(bf.to_treys(ids)),
    }


@pytest.mark.parametrize(("size", "rankings"), [(5, FIVE_CARD), (4, FOUR_CARD)])
def test_every_form_ranks_as_text(size: int, rankings: dict[str, Callable[[Any], object]]) -> None:
    for ids in sample_hands(size):
        text = bf.format_cards(ids)
        for name, rank in rankings.items():
            expected = rank(text)
            for form, cards in text_forms(ids).items():
                assert rank(cards) == expected, (name, form, text)


def test_the_cards_of_a_pokerkit_hand() -> None:
    for ids in sample_hands(5)[:100]:
        text = bf.format_cards(ids)
        hand = pokerkit.StandardHighHand.from_game(text)
        assert len(hand.cards) == 5
        assert bf.badeucey(hand.cards) == bf.badeucey(text)
        assert bf.deuce_seven_rank(hand.cards) == bf.deuce_seven_rank(text)


def test_eval7_cards_rank_as_text() -> None:
    eval7 = pytest.importorskip("eval7", reason="eval7 (a compiled package) is not installed here")
    for size, rankings in ((5, FIVE_CARD), (4, FOUR_CARD)):
        for ids in sample_hands(size):
            text = bf.format_cards(ids)
            cards = [eval7.Card(bf.card_name(c)) for c in ids]
            for name, rank in rankings.items():
                assert rank(cards) == rank(text), (name, text)
                assert rank(tuple(cards)) == rank(text), (name, text)


def test_card_objects_everywhere_a_hand_is_taken() -> None:
    cards = list(pokerkit.Card.parse("7s5h4d3c2s"))
    as_text = ["7s", "5h", "4d", "3c", "2s"]
    assert bf.badeucey(as_text) == bf.badeucey(cards) == bf.badeucey("7s 5h 4d 3c 2s")
    other = list(pokerkit.Card.parse("Kc Qd Jh Ts 9c"))
    assert bf.showdown([as_text, other], pot=10) == bf.showdown(["7s 5h 4d 3c 2s", "Kc Qd Jh Ts 9c"], pot=10)
    assert bf.showdown([cards, ["Kc", "Qd", "Jh", "Ts", "9c"]], pot=10) == bf.showdown([as_text, other], pot=10)
    by_list = bf.draw_outcomes(as_text, discard=["2s"], dead=list(pokerkit.Card.parse("Kc")), game="deuce_seven")
    by_text = bf.draw_outcomes("7s 5h 4d 3c 2s", discard="2s", dead="Kc", game="deuce_seven")
    assert by_list.to_dict() == by_text.to_dict()


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (["7s", "5h", "4d", "3c", "2x"], ValueError, "unknown card text '2x'"),
        (["7s", "5h", "4d", "3c", "2s2d"], ValueError, "each card of a sequence is one card"),
        (["7s", "5h", "4d", "3c", "7s"], ValueError, "duplicate card 7s"),
        (["7s", 14, "4d", "3c", 23], ValueError, "duplicate card 7s"),
        (["7s", "5h", "4d", "3c"], ValueError, "takes 5 cards, got 4"),
        (["7s", "5h", "4d", "3c", b"2s"], TypeError, "card ids must be integers"),
        (["7s", "5h", "4d", "3c", None], TypeError, "card ids must be integers"),
        ([*pokerkit.Card.parse("7s5h4d3c"), *pokerkit.Card.parse("??")], ValueError, "not a known card"),
    ],
)
def test_bad_cards_in_a_sequence(cards: list[object], error: type[Exception], message: str) -> None:
    for rank in (bf.badeucey, bf.deuce_seven_rank, bf.ace_five_rank, bf.badacey):
        with pytest.raises(error, match=message):
            rank(cards)
        with pytest.raises(error, match=message):
            rank(tuple(cards))


def test_an_object_with_rank_and_suit_that_is_no_card() -> None:
    class Odd:
        rank = "X"
        suit = "y"

    with pytest.raises(ValueError, match="not a known card"):
        bf.badugi_rank([Odd(), "2d", "3h", "4s"])


# --------------------------------------------------------------------------- #
# treys
# --------------------------------------------------------------------------- #
def test_treys_round_trip_of_every_card() -> None:
    every = tuple(range(52))
    treys_ints = bf.to_treys(every)
    assert isinstance(treys_ints, list) and len(set(treys_ints)) == 52
    assert bf.from_treys(treys_ints) == every
    assert bf.to_treys(bf.format_cards(every)) == treys_ints


def test_treys_layout_matches_its_documentation() -> None:
    primes = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    suit_bits = {"c": 8, "d": 4, "h": 2, "s": 1}
    for card in range(52):
        name = bf.card_name(card)
        rank = "23456789TJQKA".index(name[0])
        value = bf.to_treys([card])[0]
        assert value & 0x3F == primes[rank]
        assert (value >> 8) & 0xF == rank
        assert (value >> 12) & 0xF == suit_bits[name[1]]
        assert value >> 16 == 1 << rank


def test_treys_against_the_treys_package() -> None:
    treys = pytest.importorskip("treys", reason="treys is not installed here")
    for card in range(52):
        name = bf.card_name(card)
        assert bf.to_treys([card]) == [treys.Card.new(name)], name
        assert bf.from_treys([treys.Card.new(name)]) == (card,)
        assert treys.Card.int_to_str(bf.to_treys([card])[0]) == name


def test_from_treys_takes_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    values = np.array(bf.to_treys("7s As"), dtype=np.int64)
    assert bf.from_treys(values) == (23, 51)
    assert bf.from_treys(iter(bf.to_treys("2c"))) == (0,)


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ([23], ValueError, "23 is not a treys card"),
        ([2102541 + 1], ValueError, "is not a treys card"),
        ([-1], ValueError, "is not a treys card"),
        ([True], TypeError, "treys cards are integers, got True"),
        ([2102541.0], TypeError, "treys cards are integers"),
        (["7s"], TypeError, "treys cards are integers"),
        ("7s", TypeError, "iterable of treys ints, not str"),
        (2102541, TypeError, "iterable of treys ints, not int"),
    ],
)
def test_from_treys_errors(cards: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        bf.from_treys(cards)


@pytest.mark.parametrize(
    ("cards", "error"), [([52], ValueError), ("7s 7s", ValueError), ([True], TypeError), (5, TypeError)]
)
def test_to_treys_and_to_pokerkit_errors(cards: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        bf.to_treys(cards)
    with pytest.raises(error):
        bf.to_pokerkit(cards)


# --------------------------------------------------------------------------- #
# pokerkit back
# --------------------------------------------------------------------------- #
def test_to_pokerkit_gives_pokerkit_cards() -> None:
    every = tuple(range(52))
    cards = bf.to_pokerkit(every)
    assert isinstance(cards, tuple) and all(isinstance(c, pokerkit.Card) for c in cards)
    assert [repr(c) for c in cards] == bf.format_cards(every).split()
    assert cards == tuple(pokerkit.Card.parse(bf.format_cards(every)))
    assert bf.to_pokerkit("") == ()


def test_to_pokerkit_without_pokerkit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)  # import pokerkit now raises ImportError
    with pytest.raises(ImportError, match="to_pokerkit needs pokerkit"):
        bf.to_pokerkit("7s")
