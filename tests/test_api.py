"""The public API: golden vectors from RULES.md, conventions, and every bad input."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import dispatch
from badeucey_fast._bench import hands as bench_hands

from .support import BADEUCEY_NUMBER_ONE, BADEUCEY_SIXES, BADUGI_ACES_LOW_BEATS


def test_version_and_exports() -> None:
    assert bf.__version__ != "0+unknown"
    for name in bf.__all__:
        assert hasattr(bf, name), name


# --------------------------------------------------------------------------- #
# Cards
# --------------------------------------------------------------------------- #
def test_card_ids_are_phevaluator_ids() -> None:
    assert bf.parse_cards("2c 2d 2h 2s") == (0, 1, 2, 3)
    assert bf.parse_cards("As") == (51,)
    assert bf.parse_cards("Ac Kd") == (48, 45)
    assert [bf.card_name(i) for i in (0, 3, 23, 51)] == ["2c", "2s", "7s", "As"]


@pytest.mark.parametrize(
    "text",
    ["7s 5h 4d 3c 2s", "7s5h4d3c2s", "7S 5H 4D 3C 2S", "7♠ 5♥ 4♦ 3♣ 2♠", "7s,5h,4d,3c,2s", " 7s  5h\t4d 3c 2s "],
)
def test_parse_spellings(text: str) -> None:
    assert bf.parse_cards(text) == (23, 14, 9, 4, 3)


def test_parse_ten_and_lowercase_ranks() -> None:
    assert bf.parse_cards("10h") == bf.parse_cards("Th") == bf.parse_cards("th") == (34,)
    assert bf.parse_cards("10s9s") == (35, 31)
    assert bf.parse_cards("kd qc") == (45, 40)


def test_format_round_trip() -> None:
    ids = tuple(range(52))
    assert bf.parse_cards(bf.format_cards(ids)) == ids
    assert bf.format_cards([34, 48]) == "Th Ac"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7x", "unknown card text '7x'"),
        ("1s", "unknown card text '1s'"),
        ("7s 5h 4", "unknown card text '4'"),
        ("Zs", "unknown card text 'Zs'"),
        ("7s 7s", "duplicate card 7s"),
        ("7s 5h 10s Ts", "duplicate card Ts"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bf.parse_cards(text)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        bf.parse_cards(23)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a str"):
        bf.parse_cards(b"7s")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 52, 10**30])
def test_format_rejects_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError, match=f"card id {bad} is outside 0..51"):
        bf.format_cards([bad])


# --------------------------------------------------------------------------- #
# Golden vectors (RULES.md worked examples)
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(("better", "worse"), BADUGI_ACES_LOW_BEATS)
def test_badugi_worked_examples(better: str, worse: str) -> None:
    assert bf.badugi_rank(better) < bf.badugi_rank(worse)


def test_badugi_best_and_worst() -> None:
    assert bf.badugi_rank("Ac 2d 3h 4s") == 1
    assert bf.badugi_rank("5c 4d 3h 2s", ace_high=True) == 1
    assert bf.badugi_rank("Ac 2d 3h 4s", ace_high=True) > 1
    assert bf.badugi_rank("Kc Kd Kh Ks") == 1092  # worst one-card class, aces low
    assert bf.badugi_rank("Ac Ad Ah As", ace_high=True) == 1092
    # 4-card badugi blocks: 715 four-card classes, then three-card from 716
    assert bf.badugi_rank("Kc Qd Jh Ts") == 715
    assert bf.badugi_rank("Ac 2d 3h 3s") == 716


def test_five_card_badugi_takes_the_best_subset_on_the_same_scale() -> None:
    assert bf.badugi_rank("7s 5h 4d 3c 2s", ace_high=True) == 1  # drop the 7s
    assert bf.badugi_rank("6s 6h 4h 3d 2c", ace_high=True) == bf.badugi_rank("6s 4h 3d 2c", ace_high=True)
    # one suit: a one-card badugi; five cards cannot reach the four worst (K, Q, J, T)
    assert bf.badugi_rank("Kc Qc Jc Tc 9c") == bf.badugi_rank("9c 9d 9h 9s") == 1088


def test_badeucey_worked_examples() -> None:
    assert bf.badeucey(BADEUCEY_NUMBER_ONE) == bf.Halves(badugi=1, low=1)
    pair = bf.badeucey(BADEUCEY_SIXES)
    assert pair.badugi == 2  # only 5-4-3-2 badugis beat 6-4-3-2 (aces high)
    assert pair.low > 1000  # a pair of sixes is weak in 2-7
    assert bf.compare(BADEUCEY_SIXES, "8c 7d 5s 4s 2h") == bf.SplitComparison(badugi=1, low=-1)


def test_deuce_seven_landmarks() -> None:
    assert bf.deuce_seven_rank("7s 5h 4d 3c 2s") == 1
    assert bf.deuce_seven_rank("7h 5h 4h 3h 2h") > 1000  # a flush counts against the hand
    assert bf.deuce_seven_rank("Ah 5d 4c 3s 2h") < bf.deuce_seven_rank("2h 2d 3c 4s 5h")  # no straight; any pair loses
    assert bf.deuce_seven_rank("8s 6h 4d 3c 2s") < bf.deuce_seven_rank("8s 6h 5d 4c 2s")
    assert bf.deuce_seven_rank("Ah Kh Qh Jh Th") == 7462


def test_ace_five_landmarks() -> None:
    assert bf.ace_five_rank("5h 4h 3h 2h Ah") == 1  # flushes and straights ignored
    assert bf.ace_five_rank("6c 4d 3h 2s Ac") == 2
    assert bf.ace_five_rank("Kc Kd Kh Ks Qc") == 6175
    assert bf.badacey("5c 4d 3h 2s Ad") == bf.Halves(badugi=bf.badugi_rank("Ad 2s 3h 4d 5c"), low=1)


def test_id_sequences_numpy_and_text_agree() -> None:
    text = "Ks 9h 5d 3c 2s"
    ids = bf.parse_cards(text)
    for cards in (text, ids, list(ids), np.array(ids, dtype=np.int64), np.array(ids, dtype=np.uint8)):
        assert bf.badeucey(cards) == bf.badeucey(text)
        assert bf.deuce_seven_rank(cards) == bf.deuce_seven_rank(text)


# --------------------------------------------------------------------------- #
# Bad input: single hands
# --------------------------------------------------------------------------- #
SINGLE_FIVE = [bf.deuce_seven_rank, bf.ace_five_rank, bf.badeucey, bf.badacey]


@pytest.mark.parametrize("func", [*SINGLE_FIVE, bf.badugi_rank])
@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ((1, 2, 3), ValueError, "takes .*5 cards, got 3"),
        ((0, 1, 2, 3, 4, 5), ValueError, "takes .*5 cards, got 6"),
        ("", ValueError, "got 0"),
        ((0, 1, 2, 3, 52), ValueError, "card id 52 is outside 0..51"),
        ((0, 1, 2, 3, -1), ValueError, "card id -1 is outside 0..51"),
        ((0, 1, 2, 3, 2**70), ValueError, "outside 0..51"),
        ((0, 1, 2, 3, 3), ValueError, "duplicate card 2s"),
        ([0, 1, 2, 3, 3], ValueError, "duplicate card 2s"),
        ((0, 1, 2, 3, 4.0), TypeError, "card ids must be integers"),
        ((0, 1, 2, 3, "4"), ValueError, "unknown card text '4'"),  # a str item is one card's text
        ((0, 1, 2, 3, None), TypeError, "card ids must be integers"),
        ((True, 2, 3, 4, 5), TypeError, "card ids must be integers, got True"),
        ((0, 2, 3, 4, False), TypeError, "card ids must be integers, got False"),
        ([True, 2, 3, 4, 5], TypeError, "card ids must be integers, got True"),
        ((np.True_, 2, 3, 4, 5), TypeError, "card ids must be integers, got "),
        # objects with __int__ but no __index__: cffi alone would pass them as ints
        ((np.float32(23), 14, 9, 4, 3), TypeError, "card ids must be integers, got .*23"),
        ((23, 14, 9, 4, np.float32(3)), TypeError, "card ids must be integers, got .*3"),
        ([23, 14, 9, np.float16(4), 3], TypeError, "card ids must be integers, got .*4"),
        ((23, 14, 9, 4, Decimal(3)), TypeError, "card ids must be integers, got Decimal"),
        ((23, 14, 9, 4, Fraction(3)), TypeError, "card ids must be integers, got Fraction"),
        ("7s 5h 4d 3c 2x", ValueError, "unknown card text '2x'"),
        (12345, TypeError, "a hand is card text or a sequence of card ids"),
        (np.zeros((5, 1), dtype=np.uint8), ValueError, "one-dimensional"),
        (np.arange(5, dtype=float), TypeError, "card ids must be integers"),
    ],
)
def test_bad_single_hands(func: object, cards: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        func(cards)  # type: ignore[operator]


@pytest.mark.parametrize("ace_high", [False, True])
def test_bools_are_not_card_ids_in_four_card_tuples(ace_high: bool) -> None:
    with pytest.raises(TypeError, match="got True"):
        bf.badugi_rank((True, 2, 3, 4), ace_high=ace_high)
    assert bf.badugi_rank((1, 2, 3, 4), ace_high=ace_high) == bf.badugi_rank([1, 2, 3, 4], ace_high=ace_high)


@pytest.mark.parametrize("ace_high", [False, True])
def test_floats_are_not_card_ids_in_four_card_tuples(ace_high: bool) -> None:
    for bad in [(np.float32(48), 1, 6, 11), (48, 1, 6, np.float32(11)), (48, 1, 6, 11, np.float32(3))]:
        with pytest.raises(TypeError, match="card ids must be integers"):
            bf.badugi_rank(bad, ace_high=ace_high)


def test_numpy_integers_rank_as_plain_ints() -> None:
    hand = (23, 14, 9, 4, 3)
    as_numpy = (np.int64(23), np.uint8(14), np.int32(9), np.int16(4), np.uint64(3))
    for func in [*SINGLE_FIVE, bf.badugi_rank]:
        assert func(as_numpy) == func(hand)  # type: ignore[operator]


def test_split_results_are_equal_whether_memoised_or_not() -> None:
    """The one-hand split-game calls keep each result once: equal to a fresh Halves, every time."""
    hand = (48, 1, 6, 11, 20)
    first, second = bf.badeucey(hand), bf.badeucey(list(hand))
    assert first == second == bf.Halves(*bf.badeucey_batch(np.array([hand], dtype=np.uint8))[0].tolist())
    assert type(first) is bf.Halves and first == bf.badeucey("Ac 2d 3h 4s 7c")


def test_ids_0_and_1_still_rank_in_the_tuple_fast_path() -> None:
    for hand in [(0, 1, 2, 3, 4), (1, 9, 14, 23, 51), (0, 20, 30, 40, 50)]:
        assert bf.badeucey(hand) == bf.badeucey(list(hand))
        assert bf.badacey(hand) == bf.badacey(list(hand))
        assert bf.deuce_seven_rank(hand) == bf.deuce_seven_rank(list(hand))
        assert bf.ace_five_rank(hand) == bf.ace_five_rank(list(hand))
        assert bf.badugi_rank(hand) == bf.badugi_rank(list(hand))
        assert 1 <= bf.badeucey(hand).badugi <= bf.BADUGI_CLASSES


def test_four_card_hands_are_not_five_card_games() -> None:
    with pytest.raises(ValueError, match="deuce_seven_rank takes 5 cards, got 4"):
        bf.deuce_seven_rank("7s 5h 4d 3c")


# --------------------------------------------------------------------------- #
# Batches
# --------------------------------------------------------------------------- #
BATCHES = [
    (bf.badugi_rank_batch, (4, 5)),
    (bf.deuce_seven_rank_batch, (5,)),
    (bf.ace_five_rank_batch, (5,)),
    (bf.badeucey_batch, (5,)),
    (bf.badacey_batch, (5,)),
]


def _hands(n: int, k: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize(("func", "sizes"), BATCHES)
def test_batch_shapes_and_empty(implementation: str, func: object, sizes: tuple[int, ...]) -> None:
    for k in sizes:
        out = func(_hands(10, k))  # type: ignore[operator]
        assert out.dtype == np.uint16 and out.shape[0] == 10
        empty = func(np.zeros((0, k), dtype=np.uint8))  # type: ignore[operator]
        assert empty.shape[0] == 0 and empty.dtype == np.uint16


def test_split_batch_columns_match_single(implementation: str) -> None:
    hands = _hands(200, 5)
    out = bf.badeucey_batch(hands)
    assert out.shape == (200, 2)
    assert [tuple(row) for row in out.tolist()] == [tuple(bf.badeucey(h.tolist())) for h in hands]
    out = bf.badacey_batch(hands)
    assert [tuple(row) for row in out.tolist()] == [tuple(bf.badacey(h.tolist())) for h in hands]


def test_batch_accepts_read_only_arrays() -> None:
    hands = _hands(5, 5)
    hands.setflags(write=False)
    assert bf.deuce_seven_rank_batch(hands).shape == (5,)


@pytest.mark.parametrize(("func", "sizes"), BATCHES)
def test_bad_batches(implementation: str, func: object, sizes: tuple[int, ...]) -> None:
    k = sizes[-1]
    good = _hands(4, k)
    cases: list[tuple[object, type[Exception], str]] = [
        (good.tolist(), TypeError, "must be a numpy array"),
        (good.astype(np.int64), TypeError, "dtype uint8, got int64"),
        (good.astype(np.float32), TypeError, "dtype uint8, got float32"),
        (good[:, :3].copy(), ValueError, r"shape .*got \(4, 3\)"),
        (good.reshape(-1), ValueError, "shape"),
        (good[None], ValueError, "shape"),
        (np.asfortranarray(good), ValueError, "C-contiguous"),
        (np.ascontiguousarray(_hands(8, k)[::2]), None, ""),  # a contiguous copy is fine
        (_hands(8, k)[::2], ValueError, "C-contiguous"),
    ]
    bad_id = good.copy()
    bad_id[2, 1] = 52
    cases.append((bad_id, ValueError, r"hands\[2\] .* outside 0..51"))
    bad_id = good.copy()
    bad_id[3, 0] = 255
    cases.append((bad_id, ValueError, r"hands\[3\] .* outside 0..51"))
    dup = good.copy()
    dup[1, 0] = dup[1, k - 1]
    cases.append((dup, ValueError, r"hands\[1\] .* same card twice"))
    for hands, error, message in cases:
        if error is None:
            func(hands)  # type: ignore[operator]
            continue
        with pytest.raises(error, match=message):
            func(hands)  # type: ignore[operator]


@pytest.mark.parametrize("rows", [3, 130], ids=["short", "vector_blocks"])
def test_random_garbage_never_crashes(implementation: str, rows: int) -> None:
    """Every byte pattern either ranks in range or raises ValueError naming a row
    (short batches, and batches long enough for the vector loops' blocks)."""
    rng = np.random.default_rng(1)
    for k, func, top in ((4, bf.badugi_rank_batch, 1092), (5, bf.badeucey_batch, 7462)):
        for _ in range(200):
            hands = rng.integers(0, 256, size=(rows, k), dtype=np.uint8)
            hands[rng.random((rows, k)) < (0.8 if rows < 10 else 0.9995)] %= 52
            try:
                out = func(hands)
            except ValueError as exc:
                assert "hands[" in str(exc)
            else:
                assert out.min() >= 1 and out.max() <= top


# --------------------------------------------------------------------------- #
# Games and compare
# --------------------------------------------------------------------------- #
def test_compare_single_games() -> None:
    assert bf.compare("2s 4c 5d 6h", "As 2c 3d 7h", game="badugi") == 1
    assert bf.compare("As 2c 3d 7h", "2s 4c 5d 6h", game="badugi") == -1
    assert bf.compare("2s 4c 5d 6h", "2h 4d 5s 6c", game="badugi") == 0
    assert bf.compare("7s 5h 4d 3c 2s", "7c 5d 4h 3s 2c", game="deuce_seven") == 0
    assert bf.compare("5h 4h 3h 2h Ah", "6c 4d 3s 2s Ac", game="ace_five") == 1
    # a one-suit wheel: best A-5 low, but only a one-card badugi
    assert bf.compare("5h 4h 3h 2h Ah", "7c 5c 4s 3s 2d", game="badacey") == bf.SplitComparison(badugi=-1, low=1)


def test_compare_errors() -> None:
    with pytest.raises(ValueError, match="unknown game 'holdem'"):
        bf.compare("7s 5h 4d 3c 2s", "7c 5d 4h 3s 2c", game="holdem")
    with pytest.raises(ValueError, match="badugi takes 4 cards, got 5"):
        bf.compare("7s 5h 4d 3c 2s", "7c 5d 4h 3s", game="badugi")
    with pytest.raises(ValueError, match="both hands hold 7s"):
        bf.compare("7s 5h 4d 3c 2s", "7s 5d 4h 3s 2c")
    with pytest.raises(TypeError, match="game must be a name or a Game"):
        bf.compare("7s 5h 4d 3c 2s", "7c 5d 4h 3s 2c", game=3)  # type: ignore[arg-type]


def test_game_validation() -> None:
    with pytest.raises(ValueError, match="neither"):
        bf.Game("x", 5, badugi=None, low=None)
    with pytest.raises(ValueError, match="hand_size"):
        bf.Game("x", 4, badugi="high", low="deuce_seven")
    assert bf.GAMES["badeucey"].halves == ("badugi", "low")
    assert bf.GAMES["badugi"].halves == ("badugi",)


# --------------------------------------------------------------------------- #
# Command line
# --------------------------------------------------------------------------- #
def test_cli_eval(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli("eval", "7s5h4d3c2s")
    assert done.returncode == 0, done.stderr
    assert "7s 5h 4d 3c 2s" in done.stdout
    assert "deuce-to-seven         1 of 7462" in done.stdout


def test_cli_eval_json(run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    import json

    done = run_cli("eval", "--json", "6s 6h 4h 3d 2c")
    data = json.loads(done.stdout)
    assert data["schema"] == "badeucey-eval/1" and len(data["hands"]) == 1
    hand = data["hands"][0]
    assert hand["badugi_high"] == {"rank": 2, "name": "6-4-3-2 badugi", "cards": "6s 4h 3d 2c"}
    assert hand["deuce_seven"]["rank"] == bf.deuce_seven_rank("6s 6h 4h 3d 2c")


@pytest.mark.parametrize("hand", ["7s5h4d3c2x", "7s7s4d3c2s", "7s5h"])
def test_cli_errors_are_one_line_without_traceback(hand: str, run_cli: Callable[..., subprocess.CompletedProcess[str]]) -> None:
    done = run_cli("eval", hand)
    assert done.returncode == 2
    assert done.stderr.startswith("badeucey: error: ")
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_ci_runs_the_readme_test_command() -> None:
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = 'pip install ".[test]" && pytest'
    assert f"```console\n{command}\n```" in readme
    assert command in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_readme_python_examples_run() -> None:
    """Every ```python block of README.md runs as written (against the installed package)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = readme.split("```python\n")[1:]
    assert len(blocks) >= 3
    for block in blocks:
        code = block.split("```", 1)[0]
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own documentation


# --------------------------------------------------------------------------- #
# One hand as a card mask
# --------------------------------------------------------------------------- #
def test_mask_functions_match_the_others() -> None:
    rng = np.random.default_rng(7)
    for _ in range(500):
        ids = tuple(int(c) for c in rng.choice(52, size=5, replace=False))
        mask = bf.hand_mask(ids)
        assert mask == sum(1 << c for c in ids)
        assert divmod(bf.badeucey_mask(mask), 65536) == tuple(bf.badeucey(ids))
        assert divmod(bf.badacey_mask(mask), 65536) == tuple(bf.badacey(ids))
    assert bf.hand_mask("7s 5h 4d 3c 2s") == bf.hand_mask([23, 14, 9, 4, 3]) == bf.hand_mask(np.array([3, 4, 9, 14, 23]))
    assert bf.hand_mask("") == 0


@pytest.mark.parametrize("func", [bf.badeucey_mask, bf.badacey_mask])
@pytest.mark.parametrize(
    ("mask", "error", "message"),
    [
        (0b1111, ValueError, "the mask has 4 cards, not 5"),
        (0b111111, ValueError, "the mask has 6 cards, not 5"),
        (0, ValueError, "the mask has 0 cards, not 5"),
        ((1 << 52) | 0b1111, ValueError, "bits 0..51 only"),
        (1 << 63, ValueError, "bits 0..51 only"),
        (1 << 64, ValueError, "bits 0..51 only"),
        (-1, ValueError, "bits 0..51 only"),
        (True, TypeError, "a mask is an int, not bool"),
        (31.0, TypeError, "a mask is an int, not float"),
        ("31", TypeError, "a mask is an int, not str"),
        (None, TypeError, "a mask is an int, not NoneType"),
    ],
)
def test_bad_masks(func: object, mask: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        func(mask)  # type: ignore[operator]


def test_hand_mask_errors() -> None:
    with pytest.raises(ValueError, match="duplicate card"):
        bf.hand_mask([3, 3])
    with pytest.raises(ValueError, match="outside 0..51"):
        bf.hand_mask([52])
    with pytest.raises(TypeError, match="card ids must be integers"):
        bf.hand_mask([True])


# --------------------------------------------------------------------------- #
# Implementations of the C core's loops
# --------------------------------------------------------------------------- #
def test_implementation_in_use_is_supported_and_switchable(implementation: str) -> None:
    assert bf.implementation() == implementation
    assert implementation in bf.implementations()
    assert bf.implementations()[0] == "portable"
    bf.use_implementation("portable")
    assert bf.implementation() == "portable"
    bf.use_implementation(implementation)
    assert bf.implementation() == implementation


def test_use_implementation_rejects_unknown_and_unsupported_names() -> None:
    before = bf.implementation()
    with pytest.raises(ValueError, match="unknown implementation 'sse9'; the core has: portable, bmi2, avx2, avx512"):
        bf.use_implementation("sse9")
    with pytest.raises(ValueError, match="unknown implementation 'AVX2'"):
        bf.use_implementation("AVX2")
    with pytest.raises(TypeError, match="must be a str, not int"):
        bf.use_implementation(2)  # type: ignore[arg-type]
    for name in set(dispatch._NAMES) - set(bf.implementations()):
        with pytest.raises(ValueError, match=f"implementation '{name}': an implementation this build or processor lacks"):
            bf.use_implementation(name)
    assert bf.implementation() == before


def test_c_implementation_entry_points() -> None:
    from badeucey_fast._core import ffi, lib

    assert lib.bdc_implementation_name(lib.BDC_IMPLEMENTATIONS) == ffi.NULL
    assert lib.bdc_implementation_name(-1) == ffi.NULL
    assert lib.bdc_implementation_supported(lib.BDC_IMPL_PORTABLE) == 1
    assert lib.bdc_implementation_supported(-1) == lib.bdc_implementation_supported(lib.BDC_IMPLEMENTATIONS) == 0
    assert lib.bdc_use_implementation(-1) == lib.bdc_use_implementation(lib.BDC_IMPLEMENTATIONS) == lib.BDC_E_ARGUMENT
    assert ffi.string(lib.bdc_status_text(lib.BDC_E_UNSUPPORTED)) == b"an implementation this build or processor lacks"
    assert ffi.string(lib.bdc_status_text(lib.BDC_OK)) == b"no error"
    assert ffi.string(lib.bdc_status_text(-1000)) == b"an unknown status code"


def test_batch_errors_name_each_threads_own_bad_row() -> None:
    """The bad-row cell a batch call reads is its thread's: threads failing at different rows at
    once each report their own row."""
    from concurrent.futures import ThreadPoolExecutor

    good = bench_hands.random_hands(2_000, seed=7)

    def fail_at(row: int) -> list[str]:
        hands = good.copy()
        hands[row, 1] = hands[row, 0]
        messages = []
        for _ in range(50):
            with pytest.raises(ValueError) as caught:
                bf.badeucey_batch(hands)
            messages.append(str(caught.value))
        return messages

    rows = [3, 70, 1_234, 1_999]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for row, messages in zip(rows, pool.map(fail_at, rows)):
            assert all(f"hands[{row}] = " in m and "the same card twice" in m for m in messages), messages[0]


def test_batch_accepts_an_equal_uint8_dtype_and_an_ndarray_subclass() -> None:
    hands = bench_hands.random_hands(100, seed=3)
    expected = bf.badeucey_batch(hands)
    assert np.array_equal(bf.badeucey_batch(hands.view(np.ndarray).astype(np.dtype("=u1"))), expected)
    assert np.array_equal(bf.badeucey_batch(np.asarray(hands).view(np.recarray)), expected)
