"""Draw and equity runs a long-running program can rely on: results are values
(shared between threads, pickled, deep-copied, sent between processes), runs
stop on Ctrl-C, and exact results are exact."""

from __future__ import annotations

import copy
import itertools
import math
import multiprocessing
import pickle
import threading
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from badeucey_fast.pot_equity import Equity, equity
from badeucey_fast.draws import DiscardOption, DrawOutcomes, best_discards, draw_outcomes

from .conftest import RunCli
from .support import Snapshot

# --------------------------------------------------------------------------- #
# Results are values
# --------------------------------------------------------------------------- #

_QUERIES = ("badugi+low:8", "badugi:9+low:9", "badugi+low:7", "badugi:8+low:8-6", "low:9", "badugi")


def _answers(out: DrawOutcomes) -> list[object]:
    queries = _QUERIES if out.game.is_split else ("badugi", "badugi:8", "badugi:9-8")
    return [out.probability(q) for q in queries] + [sorted(out.summary().items())]


def _same_draw(a: DrawOutcomes, b: DrawOutcomes) -> None:
    for name in ("game", "hand", "discard", "dead", "draws", "target", "exact", "total", "seed"):
        assert getattr(a, name) == getattr(b, name), name
    for half in a.game.halves:
        assert np.array_equal(a.counts(half), b.counts(half))
    assert _answers(a) == _answers(b)


@pytest.mark.parametrize("samples", [None, 30_000])
def test_threads_querying_one_result_get_the_serial_answers(samples: int | None) -> None:
    """Eight threads ask one result two-half probabilities (each a C re-run of its
    plan) and summaries at once: every answer is the serial one, and asking
    changes nothing (before the fix, threads rewrote a shared C spec's query
    between chunk calls: 32 of 240 answers were wrong, then cached)."""
    shared = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", target="badugi+low:9", samples=samples, seed=3)
    fresh = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", target="badugi+low:9", samples=samples, seed=3)
    serial = _answers(fresh)
    results: list[list[object]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def ask() -> None:
        try:
            start.wait()
            for _ in range(5):
                results.append(_answers(shared))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 40
    assert all(r == serial for r in results)
    assert _answers(shared) == serial
    _same_draw(shared, fresh)


def test_a_query_leaves_the_result_unchanged() -> None:
    out = draw_outcomes("7s 5h 4d 3c Ks", "Ks")
    before = Snapshot(out)
    out.probability("badugi+low:8")
    out.summary()
    assert Snapshot(out) == before


def _draw_results() -> list[DrawOutcomes]:
    return [
        draw_outcomes("7s 5h 4d 3c Ks", "Ks"),
        draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=2, target="badugi+low:9"),
        draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=5_000, seed=9),
        draw_outcomes("As 2c 3d Ks", "Ks", game="badugi"),
    ]


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_draw_outcomes_and_discard_options_round_trip(how: str) -> None:
    clone: Any = (lambda x: pickle.loads(pickle.dumps(x))) if how == "pickle" else copy.deepcopy
    for out in _draw_results():
        _same_draw(clone(out), out)
    options = best_discards("7s 5h 4d Jc Ks", target="badugi+low:9")
    for option, back in zip(options, clone(options)):
        assert isinstance(back, DiscardOption)
        assert (back.discard, back.keep, back.probability, back.mean_rank, back.score) == (
            option.discard, option.keep, option.probability, option.mean_rank, option.score)
        _same_draw(back.outcomes, option.outcomes)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_equity_round_trips(how: str) -> None:
    clone: Any = (lambda x: pickle.loads(pickle.dumps(x))) if how == "pickle" else copy.deepcopy
    for e in (
        equity(["7s 5h 4d 3c 2s", "8s 7h 6d 4c 2h"]),
        equity(["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh"], discards=["Ks", "Qh"], draws=1),
        equity(["7s 5h 4d 3c Ks", None], discards=["Ks", None], draws=1, samples=3_000, seed=7),
    ):
        back = clone(e)
        assert isinstance(back, Equity)
        assert back == e and back.to_dict() == e.to_dict() and str(back) == str(e)


def _draw_in_a_worker(discard: str) -> DrawOutcomes:
    return draw_outcomes("7s 5h 4d Jc Ks", discard, target="badugi+low:9")


def _discards_in_a_worker(hand: str) -> list[DiscardOption]:
    return best_discards(hand, game="badugi", target="badugi")


def _equity_in_a_worker(hand: str) -> Equity:
    return equity([hand, "8s 7h 6d 4c 2h"])


def test_a_process_pool_returns_results() -> None:
    """``multiprocessing.Pool.map`` sends results back by pickling them (before the
    fix, a DrawOutcomes or DiscardOption raised MaybeEncodingError)."""
    with multiprocessing.get_context("fork").Pool(2) as pool:
        draws = pool.map(_draw_in_a_worker, ["Ks", "Jc Ks"])
        options = pool.map(_discards_in_a_worker, ["As 2c 3d Ks"])
        equities = pool.map(_equity_in_a_worker, ["7s 5h 4d 3c 2s"])
    for out, discard in zip(draws, ["Ks", "Jc Ks"]):
        _same_draw(out, _draw_in_a_worker(discard))
    assert [o.discard for o in options[0]] == [o.discard for o in _discards_in_a_worker("As 2c 3d Ks")]
    assert equities[0] == _equity_in_a_worker("7s 5h 4d 3c 2s")


# --------------------------------------------------------------------------- #
# Exact results are exact
# --------------------------------------------------------------------------- #


def test_a_certain_win_is_exactly_one_and_outcomes_is_an_int() -> None:
    """The README's exact equity: seat 0's badugi is certain (before the fix,
    0.9999999999999925 over the float 1722.0 outcomes)."""
    e = equity(["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh"], discards=["Ks", "Qh"], draws=1)
    assert e.exact and e.outcomes == 1722 and type(e.outcomes) is int
    assert e.badugi_win == (1.0, 0.0) and e.badugi_tie == (0.0, 0.0)
    assert e.counts.badugi_win == (1722, 0)
    assert all(type(n) is int for n in (*e.counts.low_win, *e.counts.scoop))
    sampled = equity(["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh"], discards=["Ks", "Qh"], draws=1, samples=1000, seed=1)
    assert type(sampled.outcomes) is int and sampled.badugi_win == (1.0, 0.0)
    assert draw_outcomes("7s 5h 4d 3c Ks", "Ks").probability("badugi:K") == 1.0


def test_a_large_multi_draw_spot_counts_integers() -> None:
    """Two draws, both seats drawing under the policy (stand-pat paths weighted
    by integers, 2,686,320 outcomes): every count is an int, two seats' wins and
    ties add up to the outcomes exactly, and each figure is its count over the
    outcomes (before the fix, counts such as 8094325.000725 came out)."""
    e = equity(["7s 5h 4d 3s Ks", "8s 7h 6d 4c Qh"], discards=["Ks", "Qh"], draws=2)
    assert e.exact and type(e.outcomes) is int and e.outcomes == 42 * 41 * 40 * 39
    counts = e.counts
    for half in ("badugi", "low"):
        win, tie = getattr(counts, f"{half}_win"), getattr(counts, f"{half}_tie")
        assert all(type(n) is int for n in (*win, *tie))
        assert win[0] + win[1] + tie[0] == e.outcomes and tie[0] == tie[1]
        assert getattr(e, f"{half}_win") == tuple(n / e.outcomes for n in win)
    assert math.fsum(e.share) == 1.0


def _brute_policy_equity(hands: list[tuple[int, ...]], discards: list[tuple[int, ...]], dead: tuple[int, ...],
                         draws: int, target: Any) -> dict[str, list[Fraction]]:
    """Badugi equity under the draw policy by exact recursion over every deal, each
    weighted by its probability as a Fraction (a seat meeting the target before
    draw 2 or 3 stands pat and takes no cards)."""
    from badeucey_fast import badugi_rank

    deck = [c for c in range(52) if c not in {*dead, *(c for h in hands for c in h)}]
    kept = [tuple(c for c in h if c not in d) for h, d in zip(hands, discards)]
    stats = {name: [Fraction(0)] * len(hands) for name in ("badugi_win", "badugi_tie", "share")}

    def deal(rnd: int, seat: int, remaining: list[int], current: list[tuple[int, ...]], p: Fraction) -> None:
        if rnd > draws:
            ranks = [badugi_rank(h) for h in current]
            best = min(ranks)
            winners = [s for s, r in enumerate(ranks) if r == best]
            for s in winners:
                stats["badugi_win" if len(winners) == 1 else "badugi_tie"][s] += p
                stats["share"][s] += p / len(winners)
            return
        if seat == len(hands):
            deal(rnd + 1, 0, remaining, current, p)
            return
        need = len(hands[seat]) - len(kept[seat])
        if need == 0 or (rnd >= 2 and target.met_by({"badugi": badugi_rank(current[seat])})):
            deal(rnd, seat + 1, remaining, current, p)
            return
        sets = list(itertools.combinations(remaining, need))
        for drawn in sets:
            hand = kept[seat] + drawn
            left = [c for c in remaining if c not in drawn]
            deal(rnd, seat + 1, left, [*current[:seat], hand, *current[seat + 1:]], p / len(sets))

    deal(1, 0, deck, list(hands), Fraction(1))
    return stats


def test_multi_draw_equity_counts_are_the_exact_probabilities() -> None:
    """Two draws, both seats drawing one card and standing pat on a badugi after
    draw 1: each count over the outcomes is exactly the brute-force probability
    (a deck of 12 unseen cards keeps the brute force small)."""
    from badeucey_fast.draws import parse_target
    from badeucey_fast.games import get_game

    hands = ["As 2c 3d Ks", "4s 5c 6d Kh"]
    discards = ["Ks", "Kh"]
    held = [c for h in hands for c in _ids(h)]
    dead = tuple(c for c in range(52) if c not in held)[12:]
    e = equity(hands, discards=discards, dead=dead, draws=2, game="badugi", target="badugi")
    assert e.exact
    brute = _brute_policy_equity([_ids(h) for h in hands], [_ids(d) for d in discards], dead, 2,
                                 parse_target("badugi", get_game("badugi")))
    for name in ("badugi_win", "badugi_tie"):
        assert [Fraction(n, e.outcomes) for n in getattr(e.counts, name)] == brute[name], name
        assert getattr(e, name) == tuple(float(f) for f in brute[name])
    assert e.share == tuple(float(f) for f in brute["share"])


def _ids(text: str) -> tuple[int, ...]:
    from badeucey_fast import parse_cards

    return tuple(parse_cards(text))


# --------------------------------------------------------------------------- #
# Every run stops on Ctrl-C
# --------------------------------------------------------------------------- #

_CHILD = """
import sys
from badeucey_fast.draws import MAX_EXACT_LIMIT, MAX_SAMPLES, draw_outcomes
from badeucey_fast.pot_equity import equity
kind = sys.argv[1]
seen = [0.0]  # the last fraction the run reported

def progress(fraction):
    if not seen[0]:
        print("progress", fraction, flush=True)  # the run is under way: the parent signals now
    seen[0] = fraction

try:
    if kind == "exact-draw":  # 966,381,570 outcomes, exact
        draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, target="low:7", max_exact=MAX_EXACT_LIMIT,
                      progress=progress)
    elif kind == "exact-equity":  # 1,673,844,480 outcomes, exact
        equity(["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh", "9s 8h 6c 5d Jd"], discards=["Ks", "Qh", "Jd"], draws=2,
               target="low:7", max_exact=MAX_EXACT_LIMIT, progress=progress)
    elif kind == "sampled-draw":
        draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=MAX_SAMPLES, seed=1, progress=progress)
    else:
        equity(["7s 5h 4d Jc Ks", None, None], discards=["Jc Ks", None, None], draws=3, samples=MAX_SAMPLES, seed=1,
               progress=progress)
except KeyboardInterrupt:
    print("interrupted", seen[0], flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def _interrupt(argv: list[str]) -> tuple[int, str, str]:
    """Start a process, send SIGINT once its run is under way, and return its exit
    status, its stdout and its stderr.

    Nothing here depends on the machine's speed: the child (``_CHILD``) says when
    its run has reported progress, and is signalled then; the command line is
    given a run of 10**9 three-draw samples and signalled once its progress bar
    shows a figure.  The timeout only guards against a hang (a C run that
    ignores the signal runs for minutes to years)."""
    import signal
    import subprocess
    from pathlib import Path

    # SIGINT back to its default in the child: a shell that runs the suite in the
    # background starts it with SIGINT ignored, and Python then leaves it ignored.
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parent,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stderr is not None
    shown = ""
    if argv[1] == "-c":
        assert proc.stdout.readline().startswith("progress")
    else:  # the command line's progress bar (--progress) shows its first figure once the run is under way
        while not shown.endswith("%"):
            char = proc.stderr.read(1)
            assert char, f"the command ended before its run showed progress: {shown!r}"
            shown += char
    assert proc.poll() is None, "the run ended before the signal"
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    return proc.returncode, out, shown + err


@pytest.mark.parametrize("kind", ["exact-draw", "exact-equity", "sampled-draw", "sampled-equity"])
def test_the_largest_runs_stop_on_ctrl_c(kind: str) -> None:
    """A run with the largest accepted ``max_exact`` (exact) or ``samples``, signalled
    once it is under way, stops part-way through with KeyboardInterrupt (before the
    fix, a C call ran on for seconds to years before Python saw the signal)."""
    import sys

    status, out, err = _interrupt([sys.executable, "-c", _CHILD, kind])
    assert status == 3, (out, err)
    word, fraction = out.splitlines()[-1].split()
    assert word == "interrupted"
    assert 0 <= float(fraction) < 1, out  # stopped before the end of its work


def test_the_command_line_ends_on_ctrl_c_with_status_130(run_cli: RunCli) -> None:
    status, out, err = _interrupt(
        run_cli.argv("draw", "7s 5h 4d Jc Ks", "--discard", "Jc Ks", "--draws", "3",
                     "--samples", str(10**9), "--seed", "1", "--progress"))
    assert status == 130, err
    assert "Traceback" not in err and err.splitlines()[-1] == "badeucey: interrupted"


def test_limits_are_clear_errors() -> None:
    from badeucey_fast.draws import MAX_EXACT_LIMIT, MAX_SAMPLES

    with pytest.raises(ValueError, match=r"max_exact must be at most 10,000,000,000 \(MAX_EXACT_LIMIT\), got 10,000,000,001"):
        draw_outcomes("7s 5h 4d 3c 2s", "7s 5h 4d 3c 2s", draws=3, max_exact=MAX_EXACT_LIMIT + 1)
    with pytest.raises(ValueError, match="max_exact must be at most"):
        draw_outcomes("7s 5h 4d 3c 2s", "7s 5h 4d 3c 2s", draws=3, max_exact=10**30)
    with pytest.raises(ValueError, match=r"samples must be at most 1,000,000,000 \(MAX_SAMPLES\)"):
        equity(["7s 5h 4d 3c 2s", None], samples=MAX_SAMPLES + 1)
    with pytest.raises(ValueError, match="samples must be at most"):
        best_discards("7s 5h 4d 3c 2s", samples=MAX_SAMPLES + 1)
    with pytest.raises(ValueError, match="max_exact must be at least 1"):
        equity(["7s 5h 4d 3c 2s", None], max_exact=0)


# --------------------------------------------------------------------------- #
# best_discards: the order of tied options
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize(("hand", "kwargs"), [
    ("7s 5h 4d Jc Ks", {"dead": "2s", "target": "low:8"}),
    ("Ks Kh Qd 2c 3s", {"game": "deuce_seven", "target": "low:7"}),
])
def test_tied_discards_are_ordered_the_same_for_every_permutation_of_the_hand(hand: str, kwargs: dict[str, Any]) -> None:
    """Among options with the same score and number of cards thrown, the order is
    by the sorted card ids of the discard, whatever order the hand is typed in
    (before the fix, "7s 5h 4d Jc Ks" and "4d 5h 7s Jc Ks" listed ties differently)."""
    cards = hand.split()

    def order(text: str) -> list[tuple[float, tuple[int, ...]]]:
        return [(o.score, tuple(sorted(o.discard))) for o in best_discards(text, **kwargs)]

    first = order(hand)
    scores = [score for score, _ in first]
    assert len(set(scores)) < len(scores), "the spot has ties"
    for score, group in itertools.groupby(first, key=lambda o: o[0]):
        discards = [d for _, d in group]
        assert discards == sorted(discards, key=lambda d: (len(d), d)), score
    for perm in itertools.permutations(cards):
        assert order(" ".join(perm)) == first, perm
