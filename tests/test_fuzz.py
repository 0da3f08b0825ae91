"""Fuzzing every public entry point: random text, ids, arrays, pots, targets,
seeds and command lines.  Only a ValueError or TypeError with a short, non-empty
message may escape, and whatever is accepted agrees with the single-hand
functions.  The C core is fuzzed directly by tests/c/fuzz.c (CI's sanitize step)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import badeucey_fast as bf
from badeucey_fast.cli import main

MAX_MESSAGE = 300  # characters: a message names the problem, it does not echo the input back
FUZZ = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
FEW = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def attempt(call: Callable[[], Any]) -> tuple[bool, Any]:
    """(True, result) or (False, the error), failing on any other exception or a bad message."""
    try:
        return True, call()
    except (ValueError, TypeError) as error:
        message = str(error)
        assert message.strip(), f"{type(error).__name__} with an empty message"
        assert len(message) <= MAX_MESSAGE, f"a {len(message)}-character message: {message[:200]}..."
        return False, error


# --------------------------------------------------------------------------- #
# What random input is made of
# --------------------------------------------------------------------------- #
CARD_ALPHABET = "23456789TJQKAtjqka10cdhsCDHS♣♦♥♠\ufe0f ,x-\n\t"
card_text = st.text(alphabet=CARD_ALPHABET, max_size=40) | st.text(max_size=20)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.binary(max_size=8)
    | st.sampled_from([np.int64(3), np.uint16(7), np.True_, np.float32(1.5), np.uint64(2**63)])
)
card_ids = st.integers(-3, 60) | st.sampled_from([np.uint8(5), np.int64(51), 1.0, True, "7s", "x", None])
hands_like = (
    card_text
    | st.lists(card_ids, max_size=7)
    | st.lists(st.integers(0, 51), min_size=4, max_size=5, unique=True)
    | st.lists(st.sampled_from(["7s", "5h", "4d", "3c", "2s", "Ks", "Ks\ufe0f", "10h", "x"]), max_size=6).map(tuple)
    | scalars
)
valid4 = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)
valid5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)

SINGLE: dict[str, Callable[[Any], Any]] = {
    "badugi_low": lambda h: bf.badugi_rank(h),
    "badugi_high": lambda h: bf.badugi_rank(h, ace_high=True),
    "deuce_seven": bf.deuce_seven_rank,
    "ace_five": bf.ace_five_rank,
    "badeucey": bf.badeucey,
    "badacey": bf.badacey,
}
BATCH: dict[str, Callable[[Any], Any]] = {
    "badugi_low": lambda a: bf.badugi_rank_batch(a),
    "badugi_high": lambda a: bf.badugi_rank_batch(a, ace_high=True),
    "deuce_seven": bf.deuce_seven_rank_batch,
    "ace_five": bf.ace_five_rank_batch,
    "badeucey": bf.badeucey_batch,
    "badacey": bf.badacey_batch,
}
SIZES = {"badugi_low": (4, 5), "badugi_high": (4, 5), "deuce_seven": (5,), "ace_five": (5,), "badeucey": (5,), "badacey": (5,)}
DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64, np.float32, np.float64, np.bool_]


# --------------------------------------------------------------------------- #
# Cards
# --------------------------------------------------------------------------- #
@FUZZ
@given(card_text | scalars)
@example("Ks\ufe0f")  # the audit's reproducers, always tried
@example("x" * 10**6)
def test_parse_cards(text: Any) -> None:
    ok, ids = attempt(lambda: bf.parse_cards(text))
    if ok:
        assert isinstance(ids, tuple) and all(type(c) is int and 0 <= c < 52 for c in ids)
        assert len(set(ids)) == len(ids)
        assert bf.parse_cards(bf.format_cards(ids)) == ids


@FUZZ
@given(st.lists(card_ids, max_size=8) | scalars | hnp.arrays(st.sampled_from(DTYPES), st.integers(0, 6)))
def test_format_cards(ids: Any) -> None:
    ok, text = attempt(lambda: bf.format_cards(ids))
    if ok:
        assert isinstance(text, str)
        given = [int(c) for c in ids]
        assert text.split() == [bf.card_name(c) for c in given]
        if len(set(given)) == len(given):
            assert bf.parse_cards(text) == tuple(given)


@FUZZ
@given(st.sampled_from(sorted(SINGLE)), hands_like)
def test_single_hand_rankers(ranking: str, hand: Any) -> None:
    ok, rank = attempt(lambda: SINGLE[ranking](hand))
    if ok:  # then the same cards as plain ids rank the same
        ids = bf.parse_cards(hand) if isinstance(hand, str) else [bf.parse_cards(c)[0] if isinstance(c, str) else int(c) for c in hand]
        assert SINGLE[ranking](list(ids)) == rank


@FUZZ
@given(st.integers(-1, 2**64) | scalars, st.sampled_from(["badeucey", "badacey"]))
def test_masks(mask: Any, game: str) -> None:
    function = bf.badeucey_mask if game == "badeucey" else bf.badacey_mask
    ok, halves = attempt(lambda: function(mask))
    if ok:
        ids = [i for i in range(52) if mask >> i & 1]
        assert divmod(halves, 1 << 16) == tuple(SINGLE[game](ids))  # packed (badugi << 16) | low


@FUZZ
@given(valid5)
def test_mask_and_ids_agree(ids: list[int]) -> None:
    mask = bf.hand_mask(ids)
    assert divmod(bf.badeucey_mask(mask), 1 << 16) == tuple(bf.badeucey(ids))
    assert divmod(bf.badacey_mask(mask), 1 << 16) == tuple(bf.badacey(ids))


# --------------------------------------------------------------------------- #
# Batches: every dtype, shape and stride; ids 52..255; duplicates; tails around
# the 64-hand block
# --------------------------------------------------------------------------- #
@st.composite
def batch_arrays(draw: st.DrawFn) -> np.ndarray:  # type: ignore[type-arg]
    rows = draw(st.sampled_from([0, 1, 2, 63, 64, 65, 127, 128, 129]) | st.integers(0, 140))
    cards = draw(st.sampled_from([4, 5]) | st.integers(0, 7))
    kind = draw(st.sampled_from(["valid", "valid", "high ids", "duplicates", "any"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if kind == "any" or cards > 52:
        array = rng.integers(0, 256, size=(rows, cards), dtype=np.uint8)
    else:
        array = np.array([rng.permutation(52)[:cards] for _ in range(rows)], dtype=np.uint8).reshape(rows, cards)
        if rows and cards and kind == "high ids":
            array[rng.integers(0, rows), rng.integers(0, cards)] = rng.integers(52, 256)
        if rows and cards > 1 and kind == "duplicates":
            row = rng.integers(0, rows)
            array[row, 1] = array[row, 0]
    layout = draw(st.sampled_from(["plain", "plain", "dtype", "strided", "transposed", "3d", "1d", "fortran", "list"]))
    if layout == "dtype":
        return array.astype(draw(st.sampled_from(DTYPES)))
    if layout == "strided":
        wide = np.zeros((rows, cards * 2), dtype=np.uint8)
        wide[:, ::2] = array
        return wide[:, ::2]
    if layout == "transposed":
        return np.ascontiguousarray(array.T).T
    if layout == "3d":
        return array.reshape(1, rows, cards)
    if layout == "1d":
        return array.reshape(-1)
    if layout == "fortran":
        return np.asfortranarray(array)
    if layout == "list":
        return array.tolist()  # type: ignore[return-value]
    return array


@FUZZ
@given(st.sampled_from(sorted(BATCH)), batch_arrays())
def test_batches(ranking: str, hands: Any) -> None:
    ok, ranks = attempt(lambda: BATCH[ranking](hands))
    if not ok:
        return
    assert isinstance(hands, np.ndarray) and hands.ndim == 2 and hands.shape[1] in SIZES[ranking]
    assert ranks.dtype == np.uint16 and len(ranks) == len(hands)
    for row, rank in zip(hands.tolist(), ranks.tolist()):
        expected = SINGLE[ranking](row)
        assert (tuple(rank) if isinstance(rank, list) else rank) == (tuple(expected) if isinstance(expected, tuple) else expected)


@FEW
@given(st.sampled_from(sorted(BATCH)), batch_arrays())
def test_batches_on_every_implementation(ranking: str, hands: Any) -> None:
    before = bf.implementation()
    try:
        results = []
        for name in bf.implementations():
            bf.use_implementation(name)
            ok, ranks = attempt(lambda: BATCH[ranking](hands))
            results.append((ok, ranks.tolist() if ok else str(ranks)))
        assert all(r == results[0] for r in results), [name for name, r in zip(bf.implementations(), results)]
    finally:
        bf.use_implementation(before)


# --------------------------------------------------------------------------- #
# Showdowns, targets, names
# --------------------------------------------------------------------------- #
SEAT_HANDS = ["7s 5h 4d 3c 2s", "6s 6h 4h 3d 2c", None, "Kd Qd Jd Td 9d", "8c 7c 5d 4s 3h"]
amounts = st.integers(-5, 10**6) | scalars
seat_lists = st.lists(st.integers(-2, 6) | scalars, max_size=4)
pots_like = st.recursive(
    amounts | st.tuples(amounts, seat_lists | st.none() | scalars) | st.builds(bf.Pot, amounts, seat_lists | st.none()),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=6,
)


@FUZZ
@given(pots_like, st.sampled_from(["badeucey", "badacey", "badugi", "deuce_seven", "ace_five", "holdem"]))
@example((np.int64(100), [0, 1]), "badeucey")
@example(bf.Pot(100, eligible=1), "badeucey")  # type: ignore[arg-type]
def test_showdown_pots(pot: Any, game: str) -> None:
    hands = [h if h is None or game in ("badeucey", "badacey", "deuce_seven", "ace_five") else " ".join(h.split()[:4]) for h in SEAT_HANDS]
    ok, result = attempt(lambda: bf.showdown(hands, pot=pot, game=game))
    if ok:
        assert sum(result.chips) == sum(p.amount for p in result.pots)
        assert result.chips[2] == 0  # the folded seat


@FUZZ
@given(
    st.text(alphabet="badugilow:+,#-0123456789TJQKA27a5 ", max_size=30)
    | st.dictionaries(st.sampled_from(["badugi", "low", "2-7", "x", 3]), st.integers(-2, 8000) | scalars | st.text(max_size=6), max_size=3)
    | scalars,
    st.sampled_from(["badeucey", "badacey", "badugi", "deuce_seven", "ace_five", "nope", 3]),
)
@example({"low": 3.5}, "badeucey")
@example({"low": [100]}, "badeucey")
def test_parse_target(target: Any, game: Any) -> None:
    ok, parsed = attempt(lambda: bf.parse_target(target, game))
    if ok and parsed is not None:
        assert all(limit is None or type(limit) is int for limit in (parsed.badugi, parsed.low))
        assert bf.parse_target(parsed, game) == parsed


@FUZZ
@given(st.integers(-3, 8000) | scalars, st.sampled_from(["badugi_low", "badugi_high", "deuce_seven", "ace_five", "badeucey", None]))
def test_names(rank: Any, ranking: Any) -> None:
    ok, name = attempt(lambda: bf.hand_name(rank, ranking))
    if ok:
        assert isinstance(name, str) and name
        assert attempt(lambda: bf.class_ranks(rank, ranking))[0]


# --------------------------------------------------------------------------- #
# Random hands and decks
# --------------------------------------------------------------------------- #
@FUZZ
@given(st.integers(-2, 30) | scalars.filter(lambda x: type(x) is not int or x < 1000),  # (not gigabytes of hands)
       st.integers(-1, 54) | scalars, st.integers(-1, 2**64) | scalars, hands_like | st.just(()))
def test_random_hands(n: Any, cards: Any, seed: Any, dead: Any) -> None:
    ok, hands = attempt(lambda: bf.random_hands(n, cards=cards, seed=seed, dead=dead))
    if ok:
        assert hands.dtype == np.uint8 and hands.shape == (int(n), int(cards))
        for row in hands.tolist():
            assert len(set(row)) == len(row) and all(0 <= c < 52 for c in row)
        if seed is not None:
            assert (bf.random_hands(n, cards=cards, seed=seed, dead=dead) == hands).all()


@FUZZ
@given(st.integers(-1, 2**64) | scalars, st.integers(-2, 60) | scalars, hands_like)
def test_deck(seed: Any, n: Any, remove: Any) -> None:
    ok, deck = attempt(lambda: bf.Deck(seed=seed))
    if not ok:
        return
    attempt(lambda: deck.remove(remove))
    deck.shuffle()
    left = len(deck)
    ok, dealt = attempt(lambda: deck.deal(n))
    if ok:
        assert len(dealt) == int(n) and len(deck) == left - int(n) and not set(dealt) & set(deck)


# --------------------------------------------------------------------------- #
# Draws and equity: small, bounded work (a few samples, or a one-card draw)
# --------------------------------------------------------------------------- #
DRAW_HANDS = st.sampled_from(["7s 5h 4d 3c 2s", "Kd 9s 4h 3c 2c", "Ac 2d 3h 4s 5c", "2c 3d 4h 5s"]) | hands_like
small_samples = st.none() | st.integers(-1, 40) | scalars
small_exact = st.integers(-1, 3000) | scalars


@FEW
@given(
    DRAW_HANDS,
    st.sampled_from(["7s", "2s", "", "-", "Kd 9s", "x"]) | st.none() | hands_like,
    st.integers(-1, 4) | scalars,
    small_samples,
    small_exact,
    st.sampled_from([None, "badugi", "low:9", "badugi+low:8", "x"]),
    st.sampled_from(["badeucey", "badacey", "badugi", "deuce_seven"]),
)
def test_draw_outcomes(hand: Any, discard: Any, draws: Any, samples: Any, max_exact: Any, target: Any, game: Any) -> None:
    if samples is None and not (isinstance(draws, int) and draws == 1):
        samples = 10  # exact runs of two or three draws are not small
    kwargs = {"draws": draws, "samples": samples, "seed": 1, "max_exact": max_exact, "target": target, "game": game}
    ok, out = attempt(lambda: bf.draw_outcomes(hand, discard, **kwargs))
    if ok:
        summary = out.summary()
        assert all(0.0 <= p <= 1.0 for p in summary.values())


@FEW
@given(DRAW_HANDS, small_samples, st.sampled_from([None, "badugi", "low:9"]), st.sampled_from(["badeucey", "badugi", "ace_five"]))
def test_best_discards(hand: Any, samples: Any, target: Any, game: Any) -> None:
    samples = 5 if samples is None else samples  # 32 exact options would not be small
    ok, options = attempt(lambda: bf.best_discards(hand, samples=samples, seed=2, target=target, game=game, max_exact=50))
    if ok:
        assert options and all(isinstance(o, bf.DiscardOption) for o in options)


@FEW
@given(
    st.lists(st.sampled_from(["7s 5h 4d 3c 2s", "Kd 9s 4h 6c 8c", None, "?", "Ac 2d 3h 4s 6c", "7s 6h 5d 4c 3s"]) | hands_like, max_size=4)
    | scalars,
    st.integers(-1, 4) | scalars,
    small_samples,
    st.sampled_from(["badeucey", "badacey", "deuce_seven"]),
)
def test_equity(hands: Any, draws: Any, samples: Any, game: Any) -> None:
    samples = 8 if samples is None else samples
    ok, result = attempt(lambda: bf.equity(hands, draws=draws, samples=samples, seed=3, game=game, max_exact=100))
    if ok:
        assert result.to_dict()


def test_equity_exact_on_every_implementation() -> None:
    before = bf.implementation()
    try:
        answers = set()
        for name in bf.implementations():
            bf.use_implementation(name)
            answers.add(repr(bf.equity(["7s 5h 4d 3c 2s", "Kd 9s 4h 6c 8c"], game="badeucey").to_dict()))
        assert len(answers) == 1
    finally:
        bf.use_implementation(before)


# --------------------------------------------------------------------------- #
# The command line, in-process
# --------------------------------------------------------------------------- #
WORDS = [
    "eval", "hands", "showdown", "draw", "equity", "deal",
    "7s5h4d3c2s", "7s 5h 4d 3c 2s", "Kd9s4h3c2c", "-", "?", "Ks\ufe0f", "x" * 70, "",
    "--json", "--game", "badugi", "badacey", "nope", "--pot", "100", "-3", "1.5", "--side-pot",
    "--discard", "7s", "0:7s", "--draws", "1", "3", "9", "--samples", "5", "--seed", "4", "--max-exact", "10",
    "--top", "0", "--target", "badugi", "low:9", "--dead", "2c", "--seats", "2", "--button", "--stack", "--help",
]


@FUZZ
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=8))
def test_cli(argv: list[str]) -> None:
    if "--samples" not in argv and any(w in argv for w in ("draw", "equity", "deal")):
        argv = [*argv, "--samples", "5"]  # keep the work small: never an exact multi-draw run
    out, err = io.StringIO(), io.StringIO()
    # a command with no hands reads them from standard input: give it an empty one, so the
    # test does not depend on what stdin is where it runs (a terminal, a pipe, pytest's capture)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), mock.patch("sys.stdin", io.StringIO("")):
        try:
            code = main(argv)
        except SystemExit as exit_:  # argparse: a usage error (2) or --help (0)
            code = exit_.code if isinstance(exit_.code, int) else 2
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err.getvalue()
    if code == 2 and err.getvalue().startswith("badeucey: error:"):
        assert err.getvalue().count("\n") == 1 and len(err.getvalue()) <= MAX_MESSAGE + 20, err.getvalue()


@pytest.mark.parametrize("argv", [["draw", "7s5h4d3c2s", "--top", "-3"], ["eval", "Ks\ufe0f"], ["eval", "x" * 10**5]])
def test_cli_known_odd_input(argv: list[str]) -> None:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code  # type: ignore[assignment]
    assert code == 2 and "Traceback" not in err.getvalue()
    assert len(err.getvalue().splitlines()[-1]) <= MAX_MESSAGE  # argparse's usage lines, then one error line


# --------------------------------------------------------------------------- #
# Table settings and strategy files (issue 43, 2 and 6)
# --------------------------------------------------------------------------- #
CHIPS = 1 << 40  # CHIP_LIMIT: the most chips of any stack, blind or bet
near_limits = st.sampled_from([0, 1, -1, CHIPS - 1, CHIPS, CHIPS + 1, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64 - 1,
                               2**64, 10**20, np.uint64(2**64 - 1), np.int64(-(2**63))])
settings_numbers = near_limits | st.integers(-(2**70), 2**70) | st.integers(0, 50) | scalars
RULE_NUMBERS = ("small_blind", "big_blind", "small_bet", "big_bet", "cap", "heads_up_cap", "ante")


@FEW
@given(st.dictionaries(st.sampled_from(RULE_NUMBERS), settings_numbers, max_size=3),
       st.lists(near_limits | st.integers(1, 2**41), min_size=2, max_size=3), st.sampled_from(["fixed", "pot", "no"]))
def test_table_numbers(numbers: dict[str, Any], stacks: list[Any], structure: str) -> None:
    """A table's numbers beyond what the C table takes are a ValueError when given (TableRules,
    Hand), never an OverflowError later; a table accepted plays a hand (its first 60 actions)."""
    made, rules = attempt(lambda: bf.TableRules("badugi", structure=structure, **numbers))
    if not made:
        return
    dealt, hand = attempt(lambda: bf.Hand(rules, stacks, seed=1))
    if not dealt:
        return
    for _ in range(60):  # the largest raise each time: the sums the table makes are largest
        if hand.phase == "over":
            break
        words = hand.legal_actions()
        raises = [w for w in words if w.startswith("cbr")]
        hand.act(raises[-1] if raises else "sd" if hand.phase == "draw" else "cc")
    assert sum(hand.stacks) + hand.pot == sum(int(s) for s in stacks)


_STRATEGY: dict[str, Any] = {}


def _small_strategy_file() -> tuple[dict[str, Any], dict[str, Any]]:
    """The metadata and arrays of a small trained strategy's file (made once)."""
    if not _STRATEGY:
        import tempfile
        from pathlib import Path

        from badeucey_fast._storage import read_arrays
        from badeucey_fast.solve import train
        from badeucey_fast.solve.strategy import FORMAT

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "s.npz"
            train(bf.TableRules.mini(), 50, seed=1, abstraction=None, stacks=(20, 20)).save(path)
            _STRATEGY["file"] = read_arrays(path, kind=FORMAT, where="x")
    return _STRATEGY["file"]  # type: ignore[no-any-return]


odd_values = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [-0.0, -1e-300, 5e-324, 1e300, 1e301, 1e308, -1e308, float("nan"), float("inf")])


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])  # a file written and read each
@given(st.lists(st.tuples(st.floats(0, 1), odd_values), min_size=1, max_size=4))
def test_strategy_file_values(edits: list[tuple[float, float]]) -> None:
    """A strategy file of any averages (its checksums made anew) is refused with a ValueError
    naming it, or holds distributions: each information set's probabilities in [0, 1] summing
    to 1 within PROBABILITY_TOLERANCE (or none learned: uniform), as its policy plays them."""
    import tempfile
    from pathlib import Path

    from badeucey_fast._storage import write_arrays
    from badeucey_fast.solve import Strategy, TableGame
    from badeucey_fast.solve.strategy import FORMAT, PROBABILITY_TOLERANCE

    meta, arrays = _small_strategy_file()
    averages = np.array(arrays["averages"])
    for where, value in edits:
        averages[int(where * (len(averages) - 1))] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.npz"
        write_arrays(path, {**arrays, "averages": averages}, kind=FORMAT, meta=meta, compress=True)
        loaded, strategy = attempt(lambda: Strategy.load(path))
    if not loaded:
        assert isinstance(strategy, ValueError) and str(strategy).startswith(f"strategy file {path}: damaged")
        return
    starts = strategy.offsets.astype(np.int64)
    totals = np.add.reduceat(strategy.averages, starts)
    sets = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(strategy.averages))))
    p = strategy.averages / np.where(totals > 0, totals, 1)[sets]
    assert np.all((p >= 0) & (p <= 1))
    sums = np.add.reduceat(p, starts)
    assert np.all((np.abs(sums - 1) <= PROBABILITY_TOLERANCE) | (totals == 0))
    policy, state = strategy.as_policy(), TableGame(strategy.rules, stack=20).root()
    state = state.child(state.chance_outcomes()[0][0])
    while not state.is_terminal():  # one line of play through the C policy
        if state.is_chance():
            state = state.child(state.chance_outcomes()[0][0])
            continue
        got = policy(state, state.current_seat())
        assert all(0 <= q <= 1 for q in got.values()) and abs(sum(got.values()) - 1) <= PROBABILITY_TOLERANCE
        state = state.child(max(got, key=got.__getitem__))
