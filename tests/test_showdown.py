"""Showdowns: split pots, ties, odd chips, side pots, qualifiers, names, the command line."""

from __future__ import annotations

import importlib
import json
import subprocess
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badeucey_fast as bf
from badeucey_fast import names
from badeucey_fast.showdown import Pot, showdown

showdown_module = importlib.import_module("badeucey_fast.showdown")

NUMBER_ONE = "7s 5h 4d 3c 2s"  # best 2-7 and best badugi (aces high)
SIXES = "6s 6h 4h 3d 2c"  # 6-4-3-2 badugi, a pair of sixes in 2-7
EIGHT_SEVEN = "8c 7d 5s 4s 2h"  # 8-7-4-2 badugi, 8-7 low


def test_scoop_with_number_one() -> None:
    result = showdown([NUMBER_ONE, SIXES, EIGHT_SEVEN], pot=101)
    assert result.chips == (101, 0, 0)
    pot = result.pots[0]
    assert pot.scoop == 0
    assert [(h.half, h.amount, h.winners) for h in pot.halves] == [("badugi", 50, (0,)), ("low", 51, (0,))]
    assert pot.halves[1].name == "7-5-4-3-2 (number one)"
    assert result.hands[0] is not None and result.hands[0].names == {
        "badugi": "5-4-3-2 badugi",
        "low": "7-5-4-3-2 (number one)",
    }


def test_the_chips_of_a_result_cannot_be_changed() -> None:
    """A result is a value: its chips are a tuple, not a list a caller could append to."""
    result = showdown([NUMBER_ONE, SIXES], pot=10)
    assert type(result.chips) is tuple
    with pytest.raises(AttributeError):
        result.chips.append(5)  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        result.chips[0] = 0  # type: ignore[index]
    assert result.chips == (10, 0) and result.to_dict()["chips"] == [10, 0]


def test_pair_of_sixes_wins_only_the_badugi_half() -> None:
    result = showdown([SIXES, EIGHT_SEVEN], pot=100)
    assert result.chips == (50, 50)
    assert result.pots[0].scoop is None
    badugi, low = result.pots[0].halves
    assert badugi.winners == (0,) and badugi.name == "6-4-3-2 badugi"
    assert low.winners == (1,) and low.name == "8-7-5-4-2 (8-7 low)"


def test_odd_chip_goes_to_the_low_half_by_default() -> None:
    assert showdown([SIXES, EIGHT_SEVEN], pot=101).chips == (50, 51)
    badugi_odd = replace(bf.GAMES["badeucey"], odd_chip="badugi")
    assert showdown([SIXES, EIGHT_SEVEN], pot=101, game=badugi_odd).chips == (51, 50)


def test_two_way_tie_in_one_half_with_odd_chips() -> None:
    # seats 1 and 2 tie the 2-7 half (same ranks, other suits); seat 0 wins the Badugi half
    result = showdown([SIXES, EIGHT_SEVEN, "8d 7c 5h 4c 2d"], pot=103)
    badugi, low = result.pots[0].halves
    assert badugi.winners == (0,) and badugi.amount == 51
    assert low.winners == (1, 2) and low.amount == 52 and low.shares == (26, 26)
    assert result.chips == (51, 26, 26)
    result = showdown([SIXES, EIGHT_SEVEN, "8d 7c 5h 4c 2d"], pot=105)
    assert result.pots[0].halves[1].shares == (27, 26)  # odd chip to the first seat left of the button
    assert result.chips == (52, 27, 26)


def test_three_way_tie_in_both_halves() -> None:
    hands = ["8c 7d 5s 4h 2c", "8d 7c 5h 4s 2d", "8h 7s 5d 4c 2h"]
    ranks = {bf.badeucey(h) for h in hands}
    assert len(ranks) == 1
    result = showdown(hands, pot=100)
    assert result.chips == (34, 34, 32)  # each half: 50 -> 17/17/16, odd chips in seat order
    assert result.pots[0].halves[0].shares == (17, 17, 16)
    assert result.pots[0].halves[1].shares == (17, 17, 16)
    assert showdown(hands, pot=101).chips == (34, 34, 33)  # low half 51 -> 17 each


def test_side_pot_with_a_player_all_in() -> None:
    # seat 0 is all in for the main pot only; seats 1 and 2 contest the side pot
    result = showdown([NUMBER_ONE, SIXES, EIGHT_SEVEN], pot=[Pot(90), Pot(40, [1, 2])])
    assert result.chips == (90, 20, 20)
    side = result.pots[1]
    assert side.eligible == (1, 2)
    assert [h.winners for h in side.halves] == [(1,), (2,)]
    # tuples work as pots too
    assert showdown([NUMBER_ONE, SIXES, EIGHT_SEVEN], pot=[90, (40, [1, 2])]).chips == (90, 20, 20)


def test_folded_seats_get_nothing() -> None:
    result = showdown([None, SIXES, None, EIGHT_SEVEN], pot=100)
    assert result.chips == (0, 50, 0, 50)
    assert result.hands[0] is None and result.pots[0].eligible == (1, 3)


def test_low_qualifier_passes_the_pot_to_the_badugi_winner() -> None:
    eight_or_better = bf.deuce_seven_rank("8s 7h 6d 5c 3s")
    game = replace(bf.GAMES["badeucey"], low_qualifier=eight_or_better)
    result = showdown([SIXES, "9c 7d 5s 4s 2h"], pot=101, game=game)  # no 8-low: the Badugi winner takes all
    assert result.chips == (101, 0)
    assert result.pots[0].halves[1].winners == () and result.pots[0].halves[1].name == "no qualifying hand"
    assert result.pots[0].scoop == 0
    result = showdown([SIXES, EIGHT_SEVEN], pot=101, game=game)  # 8-7 qualifies
    assert result.chips == (50, 51)


def test_badugi_qualifier() -> None:
    game = replace(bf.GAMES["badeucey"], badugi_qualifier=715)  # four-card badugis only
    result = showdown(["9c 9d 9h 7s 2c", "Kc Kd 9s 4s 3s"], pot=100, game=game)
    assert result.pots[0].halves[0].winners == ()
    assert result.chips == (0, 100)  # no four-card badugi: the 2-7 winner (a pair beats trips) takes all
    # neither qualifying anywhere: settled as if no qualifiers
    both = replace(game, low_qualifier=1)
    assert sum(showdown(["9c 9d 9h 7s 2c", "Kc Kd 9s 4s 3s"], pot=100, game=both).chips) == 100


@pytest.mark.parametrize(
    ("game", "hands", "chips"),
    [
        ("badugi", ["Ac 2d 3h 4s", "2c 3d 4h 5s"], (10, 0)),
        ("deuce_seven", [NUMBER_ONE, EIGHT_SEVEN], (10, 0)),
        ("ace_five", ["5h 4h 3h 2d Ah", EIGHT_SEVEN], (10, 0)),
        ("badacey", ["5h 4d 3c 2s Ah", EIGHT_SEVEN], (10, 0)),
    ],
)
def test_every_game(game: str, hands: list[str], chips: tuple[int, ...]) -> None:
    result = showdown(hands, pot=10, game=game)
    assert result.chips == chips
    assert len(result.pots[0].halves) == len(bf.GAMES[game].halves)


def test_single_winner_tie_splits_with_odd_chip_in_seat_order() -> None:
    assert showdown(["Ac 2d 3h 4s", "2c 3d 4h 5s", "Ah 2s 3c 4d"], pot=7, game="badugi").chips == (4, 0, 3)


def test_badacey_aces_low_badugi_option() -> None:
    low_badugi = replace(bf.GAMES["badeucey"], badugi="low")
    result = showdown(["Ac 2d 3h 4s 9c", "5c 4d 3s 2h Kd"], pot=100, game=low_badugi)
    assert result.pots[0].halves[0].winners == (0,)  # A-2-3-4 is the best badugi aces low
    assert showdown(["Ac 2d 3h 4s 9c", "5c 4d 3s 2h Kd"], pot=100).pots[0].halves[0].winners == (1,)


@pytest.mark.parametrize(
    ("hands", "pot", "game", "message"),
    [
        ([NUMBER_ONE, "7s 6h 4h 3d 2c"], 10, "badeucey", "seats 0 and 1 both hold 7s"),
        ([NUMBER_ONE, "7c 6h 4h 3d"], 10, "badeucey", "seat 1 .*takes 5 cards, got 4"),
        ([NUMBER_ONE, EIGHT_SEVEN], 10, "badugi", "seat 0 .*takes 4 cards, got 5"),
        ([None, None], 10, "badeucey", "no live hands"),
        ([], 10, "badeucey", "no live hands"),
        ([NUMBER_ONE, SIXES], -1, "badeucey", "must not be negative"),
        ([NUMBER_ONE, SIXES], 10.5, "badeucey", "whole number of chips"),
        ([NUMBER_ONE, SIXES], "10", "badeucey", "whole number of chips"),
        ([NUMBER_ONE, SIXES], [10, (5, [0, 4])], "badeucey", "seat 4, which does not exist"),
        ([NUMBER_ONE, SIXES, None], [10, (5, [0, 2])], "badeucey", "seat 2, which has folded"),
        ([NUMBER_ONE, SIXES], [10, (5, [])], "badeucey", "no eligible seats"),
        ([NUMBER_ONE, SIXES], [], "badeucey", "no pots"),
        ([NUMBER_ONE, SIXES], 10, "holdem", "unknown game"),
        ([NUMBER_ONE, "7x 6h 4h 3d 2c"], 10, "badeucey", "unknown card text '7x'"),
    ],
)
def test_bad_input(hands: list[str | None], pot: object, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        showdown(hands, pot, game=game)  # type: ignore[arg-type]


def test_bad_game_variants() -> None:
    with pytest.raises(ValueError, match="odd_chip"):
        replace(bf.GAMES["badeucey"], odd_chip="high")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="low_qualifier must be a rank in 1..7462"):
        replace(bf.GAMES["badeucey"], low_qualifier=9000)
    with pytest.raises(ValueError, match="no low half"):
        replace(bf.GAMES["badugi"], low_qualifier=10)


def test_result_to_dict_is_json() -> None:
    data = json.loads(json.dumps(showdown([NUMBER_ONE, SIXES], pot=[Pot(10), Pot(4, [0, 1])]).to_dict()))
    assert data["chips"] == [14, 0]
    assert data["pots"][1]["halves"][1]["name"] == "7-5-4-3-2 (number one)"


# --------------------------------------------------------------------------- #
# Hand names
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("cards", "ranking", "name"),
    [
        ("5c 4d 3h 2s", "badugi_high", "5-4-3-2 badugi"),
        ("7c 4d 2h 2s", "badugi_low", "three-card 7-4-2"),
        ("9c 3c 3d 3h", "badugi_low", "two-card 9-3"),
        ("Kc Qc Jc Tc", "badugi_low", "one-card T"),
        ("7s 5h 4d 3c 2s", "deuce_seven", "7-5-4-3-2 (number one)"),
        ("8s 6h 4d 3c 2s", "deuce_seven", "8-6-4-3-2 (8-6 low)"),
        ("6s 6h 4d 3c 2s", "deuce_seven", "pair of sixes"),
        ("6s 6h 4d 4c 2s", "deuce_seven", "two pair, sixes and fours"),
        ("6s 6h 6d 4c 2s", "deuce_seven", "three sixes"),
        ("6s 6h 6d 4c 4s", "deuce_seven", "sixes full of fours"),
        ("6s 6h 6d 6c 4s", "deuce_seven", "four sixes"),
        ("6s 5h 4d 3c 2s", "deuce_seven", "6-high straight"),
        ("9s 7s 5s 3s 2s", "deuce_seven", "flush, 9 high"),
        ("9s 8s 7s 6s 5s", "deuce_seven", "9-high straight flush"),
        ("As Ks Qs Js Ts", "deuce_seven", "royal flush"),
        ("As 5h 4d 3c 2s", "deuce_seven", "A-5-4-3-2 (A-5 low)"),
        ("5h 4h 3h 2h Ah", "ace_five", "5-4-3-2-A (wheel)"),
        ("6h 4h 3h 2h Ah", "ace_five", "6-4-3-2-A (6-4 low)"),
        ("Ah Ad 3h 2h 4c", "ace_five", "pair of aces"),
    ],
)
def test_hand_names(cards: str, ranking: names.Ranking, name: str) -> None:
    rank = {
        "badugi_low": lambda c: bf.badugi_rank(c),
        "badugi_high": lambda c: bf.badugi_rank(c, ace_high=True),
        "deuce_seven": bf.deuce_seven_rank,
        "ace_five": bf.ace_five_rank,
    }[ranking](cards)
    assert bf.hand_name(rank, ranking) == name


@pytest.mark.parametrize("ranking", ["badugi_low", "badugi_high", "deuce_seven", "ace_five"])
def test_every_rank_has_a_name_and_its_class_ranks_rank_back(ranking: names.Ranking) -> None:
    scale = {"deuce_seven": 7462, "ace_five": 6175}.get(ranking, 1092)
    for rank in range(1, scale + 1):
        assert bf.hand_name(rank, ranking)
        ranks, flush = bf.class_ranks(rank, ranking)
        if ranking.startswith("badugi"):
            cards = [4 * r + suit for suit, r in enumerate(ranks)]  # distinct suits: a badugi of exactly these ranks
            cards += [4 * ranks[0] + s for s in range(len(ranks), 4)]  # pad with the top rank: adds nothing
            assert bf.badugi_rank(cards, ace_high=ranking == "badugi_high") == rank
        else:
            suits = [0] * 5 if flush else _offsuit(ranks)
            cards = [4 * r + s for r, s in zip(ranks, suits)]
            assert (bf.deuce_seven_rank if ranking == "deuce_seven" else bf.ace_five_rank)(cards) == rank


def _offsuit(ranks: tuple[int, ...]) -> list[int]:
    """Suits that make these ranks distinct cards and not all one suit."""
    used: dict[int, int] = {}
    suits = []
    for r in ranks:
        suits.append(used.get(r, 0))
        used[r] = used.get(r, 0) + 1
    if len(set(suits)) == 1:
        suits[-1] = 1
    return suits


@pytest.mark.parametrize(("rank", "ranking", "error"), [(0, "deuce_seven", ValueError), (1093, "badugi_low", ValueError),
                                                        (1, "holdem", ValueError), (1.0, "ace_five", TypeError)])
def test_hand_name_errors(rank: object, ranking: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        bf.hand_name(rank, ranking)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- #
# Properties
# --------------------------------------------------------------------------- #
@st.composite
def deals(draw: st.DrawFn) -> tuple[str, list[tuple[int, ...] | None], list[tuple[int, list[int]]]]:
    game = draw(st.sampled_from(sorted(bf.GAMES)))
    size = bf.GAMES[game].hand_size
    n_seats = draw(st.integers(2, 6))
    deck = draw(st.permutations(range(52)))
    hands: list[tuple[int, ...] | None] = [tuple(deck[i * size : (i + 1) * size]) for i in range(n_seats)]
    folded = draw(st.lists(st.booleans(), min_size=n_seats, max_size=n_seats))
    if all(folded):
        folded[0] = False
    hands = [None if f else h for h, f in zip(hands, folded)]
    live = [i for i, h in enumerate(hands) if h is not None]
    pots = [(draw(st.integers(0, 1000)), live)]
    for _ in range(draw(st.integers(0, 2))):
        eligible = draw(st.lists(st.sampled_from(live), min_size=1, unique=True))
        pots.append((draw(st.integers(0, 500)), eligible))
    return game, hands, pots


@settings(max_examples=150, deadline=None)
@given(deals())
def test_chips_are_conserved_and_paid_to_best_eligible_hands(deal: tuple[str, list, list]) -> None:  # type: ignore[type-arg]
    game, hands, pots = deal
    result = showdown(hands, pots, game=game)
    assert sum(result.chips) == sum(amount for amount, _ in pots)
    assert all(c >= 0 for c in result.chips)
    for (amount, eligible), pot in zip(pots, result.pots):
        assert sum(h.amount for h in pot.halves) == amount
        for half in pot.halves:
            assert sum(half.shares) == half.amount
            best = min(result.hands[s].ranks[half.half] for s in eligible)  # type: ignore[union-attr]
            for seat in half.winners:
                assert seat in eligible
                assert result.hands[seat].ranks[half.half] == best  # type: ignore[union-attr]
    for seat, hand in enumerate(hands):
        if hand is None:
            assert result.chips[seat] == 0


@settings(max_examples=100, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_permuting_seats_only_moves_odd_chips(deal: tuple[str, list, list], rnd) -> None:  # type: ignore[no-untyped-def,type-arg]
    game, hands, pots = deal
    order = list(range(len(hands)))
    rnd.shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    moved_hands = [hands[old] for old in order]
    moved_pots = [(amount, [where[s] for s in eligible]) for amount, eligible in pots]
    before = showdown(hands, pots, game=game).chips
    after = showdown(moved_hands, moved_pots, game=game).chips
    slack = len(pots) * len(bf.GAMES[game].halves)  # at most one odd chip per shared half of each pot
    for old in range(len(hands)):
        assert abs(before[old] - after[where[old]]) <= slack


# --------------------------------------------------------------------------- #
# Command line
# --------------------------------------------------------------------------- #
def test_cli_showdown_text(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli("showdown", "--pot", "101", "7s5h4d3c2s", "6s6h4h3d2c", "8c7d5s4s2h")
    assert done.returncode == 0, done.stderr
    assert "seat 0 takes 51 with 7-5-4-3-2 (number one)" in done.stdout
    assert "seat 0 scoops" in done.stdout
    assert done.stdout.strip().endswith("chips: seat 0 101, seat 1 0, seat 2 0")


def test_cli_showdown_json_side_pot_and_fold(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli("showdown", "--json", "--pot", "90", "--side-pot", "40:1,3", NUMBER_ONE, SIXES, "-", EIGHT_SEVEN)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["chips"] == [90, 20, 0, 20]
    assert data["hands"][2] is None


def test_cli_eval_has_names(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli("eval", SIXES)
    assert "pair of sixes" in done.stdout and "6-4-3-2 badugi" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["showdown", "7s5h4d3c2s", "7s6h4h3d2c"],
        ["showdown", "--pot", "-5", "7s5h4d3c2s", "6s6h4h3d2c"],
        ["showdown", "--side-pot", "40:0,9", "7s5h4d3c2s", "6s6h4h3d2c"],
        ["showdown", "-", "-"],
        ["showdown", "--game", "badugi", "7s5h4d3c2s", "6s6h4h3d"],
    ],
)
def test_cli_showdown_errors(args: list[str], run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("badeucey: error: ") and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
