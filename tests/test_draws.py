"""Draw odds, best discards and equity: RULES.md's draw figures, brute-force
enumerations in plain Python (sharing nothing with the C enumerator but the
single-hand rankings, which the exhaustive tests check), sampling against
exact results, and every bad input."""

from __future__ import annotations

import itertools
import json
import math
import sys
import threading
import time
from collections import Counter
from dataclasses import fields as dataclass_fields
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast import _runs
from badeucey_fast import draws as draws_module
from badeucey_fast.cli import ProgressBar
from badeucey_fast.draws import Target, best_discards, draw_outcomes, parse_target
from badeucey_fast.games import GAMES

from .conftest import RunCli

equity = bf.equity


# --------------------------------------------------------------------------- #
# Brute force in plain Python
# --------------------------------------------------------------------------- #
def ids(text: str) -> tuple[int, ...]:
    return bf.parse_cards(text)


def ranks_of(game: str, cards: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(GAMES[game].halves, GAMES[game].ranks(cards)))


def brute_draw(
    game: str, hand: str, discard: str, draws: int = 1, dead: str = "", target: Target | None = None
) -> tuple[dict[str, Counter[int]], int]:
    """Final-rank counts over every sequence of replacement sets, a hand that
    stood pat counted once per way its skipped draws could have fallen."""
    held, thrown, dead_ids = ids(hand), set(ids(discard)), set(ids(dead) if dead else ())
    kept = tuple(c for c in held if c not in thrown)
    deck = [c for c in range(52) if c not in held and c not in dead_ids]
    k = len(thrown)
    counts: dict[str, Counter[int]] = {half: Counter() for half in GAMES[game].halves}
    total = 0

    def go(r: int, remaining: list[int]) -> None:
        nonlocal total
        for drawn in itertools.combinations(remaining, k):
            ranks = ranks_of(game, kept + drawn)
            if r == draws or (target is not None and target.met_by(ranks)):
                weight = 1
                left = len(remaining) - k
                for _ in range(draws - r):  # the skipped draws, dealt and ignored
                    weight *= math.comb(left, k)
                    left -= k
                for half, rank in ranks.items():
                    counts[half][rank] += weight
                total += weight
            else:
                go(r + 1, [c for c in remaining if c not in drawn])

    go(1, deck)
    return counts, total


def as_counter(array: np.ndarray) -> Counter[int]:
    return Counter({rank: int(n) for rank, n in enumerate(array.tolist()) if n})


# --------------------------------------------------------------------------- #
# RULES.md, "Facts to check against"
# --------------------------------------------------------------------------- #
def test_one_card_draw_to_a_three_card_badugi_has_10_outs_in_48(implementation: str) -> None:
    out = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
    assert out.exact and out.total == 48
    assert int(out.counts("badugi")[1:716].sum()) == 10
    assert round(out.four_card_badugi, 3) == 0.208


def test_three_draws_make_the_badugi_51_percent_of_the_time(implementation: str) -> None:
    out = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi", draws=3, target="badugi")
    misses = Fraction(38, 48) * Fraction(37, 47) * Fraction(36, 46)
    assert out.exact and out.total == 48 * 47 * 46
    assert Fraction(int(out.counts("badugi")[1:716].sum()), out.total) == 1 - misses
    assert round(out.four_card_badugi, 3) == 0.512


def test_the_same_facts_in_badeucey_five_card_hands(implementation: str) -> None:
    # 5h 4d 3c Qc, one card to come: a spade of a rank not held (2, 6..Q, K, A:
    # ten of them) makes a four-card badugi, and so does 3s (Q-5-4-3).
    out = draw_outcomes("5h 4d 3c Qc Kc", "Kc", game="badeucey")
    brute, total = brute_draw("badeucey", "5h 4d 3c Qc Kc", "Kc")
    assert out.total == total == 47
    assert as_counter(out.counts("badugi")) == brute["badugi"]
    assert out.four_card_badugi == pytest.approx(11 / 47)


# --------------------------------------------------------------------------- #
# Exact enumeration against brute force
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("game", "hand", "discard", "dead"),
    [
        ("badeucey", "7s 5h 4d Jc Ks", "Jc Ks", ""),
        ("badeucey", "7s 5h 4d Jc Ks", "Ks", "2s 3s 9h"),
        ("badacey", "As 2h 4d Jc Kc", "Jc Kc", "3s"),
        ("deuce_seven", "7s 5h 4d 3c Ks", "Ks 3c", ""),
        ("ace_five", "As 2h 3d Qs Ks", "Qs Ks", "4c 4d"),
        ("badugi", "As 2c 3d Ks", "3d Ks", "4h"),
        ("badeucey", "7s 5h 4d 3c 2s", "", ""),
    ],
)
def test_one_draw_counts_match_brute_force(implementation: str, game: str, hand: str, discard: str, dead: str) -> None:
    out = draw_outcomes(hand, discard, game=game, dead=dead or ())
    brute, total = brute_draw(game, hand, discard, dead=dead)
    assert out.exact and out.total == total
    for half in GAMES[game].halves:
        assert as_counter(out.counts(half)) == brute[half]
        assert int(out.counts(half).sum()) == total


@pytest.mark.parametrize(
    ("game", "hand", "discard", "draws", "target"),
    [
        ("badugi", "As 2c 3d Ks", "Ks", 3, "badugi:8"),
        ("badeucey", "7s 5h 4d 3c Ks", "Ks", 3, "badugi+low:8"),
        pytest.param("badeucey", "7s 5h 4d Jc Ks", "Jc Ks", 2, "low:9", marks=pytest.mark.slow),  # two cards, two draws
        ("deuce_seven", "8s 6h 4d 3c Ks", "Ks", 2, "8-6"),
    ],
)
def test_several_draws_follow_the_policy_like_brute_force(
    implementation: str, game: str, hand: str, discard: str, draws: int, target: str
) -> None:
    parsed = parse_target(target, game)
    out = draw_outcomes(hand, discard, game=game, draws=draws, target=target)
    brute, total = brute_draw(game, hand, discard, draws=draws, target=parsed)
    assert out.exact and out.total == total
    for half in GAMES[game].halves:
        assert as_counter(out.counts(half)) == brute[half]


def test_a_result_holds_every_field_as_its_constructor_sets_them() -> None:
    """draw_outcomes builds its result without the dataclass's __init__ (for speed): it
    holds the same fields, in the same order, as one built by the constructor."""
    out = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", target="badugi")
    names = [f.name for f in dataclass_fields(draws_module.DrawOutcomes)]
    assert list(vars(out)) == names
    given = [f.name for f in dataclass_fields(draws_module.DrawOutcomes) if f.init]
    again = draws_module.DrawOutcomes(**{name: getattr(out, name) for name in given})
    assert list(vars(again)) == given and again == out
    assert all(getattr(again, name) is getattr(out, name) for name in given)
    # the run's private state is no constructor parameter; a constructed result counts it again
    assert not any(name.startswith("_") for name in given)
    assert again._target_hits is None and out._target_hits is not None
    assert again.probability("badugi") == out.probability("badugi")
    assert again.probability("badugi+low:8") == out.probability("badugi+low:8")


def test_results_are_read_only() -> None:
    """Results are immutable values: their counts cannot be written, whichever path made them."""
    results = [
        draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks"),
        draw_outcomes("As 2c 3d Ks", "Ks", game="badugi", draws=2, samples=1_000, seed=1),
        *[o.outcomes for o in best_discards("7s 5h 4d Jc Ks")],  # one shared C pass
        *[o.outcomes for o in best_discards("As 2c 3d Ks", game="badugi", dead="5h")],  # each option alone
    ]
    for out in results:
        for counts in (out.badugi, out.low):
            if counts is None:
                continue
            assert not counts.flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                counts[1] = 0
            with pytest.raises(ValueError):
                counts.flags.writeable = True
    with pytest.raises(AttributeError):
        results[0].total = 0  # type: ignore[misc]


def test_joint_probability_is_counted_not_multiplied() -> None:
    out = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks")
    brute_hits = sum(
        1
        for drawn in itertools.combinations([c for c in range(52) if c not in ids("7s 5h 4d Jc Ks")], 2)
        if (r := bf.badeucey(ids("7s 5h 4d") + drawn)).badugi <= 715 and r.low <= 18
    )
    assert out.probability("badugi+low:8") == pytest.approx(brute_hits / out.total)
    assert out.probability({"badugi": 715, "low": 18}) == out.probability(Target(715, 18))
    assert out.probability(None) == 1.0


def test_summary_mean_and_json() -> None:
    out = draw_outcomes("7s 5h 4d 3c Ks", "Ks", draws=2, target="low:8")
    summary = out.summary()
    assert summary["four-card badugi"] == 1.0
    assert summary["target"] == out.probability("low:8")
    assert 1 <= out.mean_rank("low") <= 7462
    data = json.loads(json.dumps(out.to_dict()))
    assert data["total"] == out.total and data["exact"] is True
    assert sum(data["counts"]["low"].values()) == out.total


# --------------------------------------------------------------------------- #
# Targets
# --------------------------------------------------------------------------- #
def test_targets_name_the_worst_hand_of_their_kind() -> None:
    assert parse_target("badugi", "badeucey") == Target(715, None)
    assert parse_target("low:8", "badeucey") == Target(None, 18)  # 4 seven-lows + 14 eight-lows
    assert parse_target("low:8-6", "badeucey") == Target(None, 9)
    assert parse_target("low:86", "badeucey") == parse_target("low:8-6", "badeucey")
    assert parse_target("low:7-5-4-3-2", "badeucey") == Target(None, 1)
    assert parse_target("badugi:K", "badeucey") == Target(495, None)  # C(12, 4) aces high
    assert parse_target("badugi:4", "badugi") == Target(1, None)  # 4-3-2-A, aces low
    assert parse_target("low:5", "badacey") == Target(None, 1)  # the wheel
    assert parse_target("8", "deuce_seven") == Target(None, 18)
    assert parse_target(100, "deuce_seven") == Target(None, 100)
    assert parse_target("low:#100", "badeucey") == Target(None, 100)
    assert parse_target({"badugi": "K", "low": 18}, "badeucey") == Target(495, 18)
    assert parse_target("badugi + 2-7:8-low", "badeucey") == Target(715, 18)


@pytest.mark.parametrize(
    ("target", "game", "message"),
    [
        ("low:5", "badeucey", "names no unpaired deuce-to-seven hand"),
        ("low:8-7-6-5-4", "badeucey", "names no unpaired"),  # a straight
        ("badugi:2", "badeucey", "names no four-card badugi"),
        ("badugi:K-K", "badeucey", "names no four-card badugi"),
        ("low:8x", "badeucey", "is not a list of card ranks"),
        ("low", "badeucey", "say how low"),
        ("low:8", "badugi", "has no low half"),
        ("8", "badeucey", "names no half"),
        ("high:8", "badeucey", "names no half"),
        ("low:#9999", "badeucey", "outside 1..7462"),
        ("low:8+low:9", "badeucey", "twice"),
        (5, "badeucey", "ambiguous"),
        ("", "badeucey", "empty"),
    ],
)
def test_bad_targets(target: object, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_target(target, game)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- #
# Sampling
# --------------------------------------------------------------------------- #
def test_sampling_is_within_a_few_standard_errors_of_exact() -> None:
    exact = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", target="badugi+low:9")
    sampled = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", target="badugi+low:9", samples=120_000, seed=7)
    assert exact.exact and not sampled.exact and sampled.total == 120_000
    for target in ("badugi", "low:9", "badugi+low:9", "badugi:8"):
        p, q = exact.probability(target), sampled.probability(target)
        assert abs(p - q) <= 4 * sampled.stderr(p) + 1e-12, target
    assert abs(exact.mean_rank("low") - sampled.mean_rank("low")) < 20


def test_sampling_is_reproducible_and_chunking_does_not_change_it() -> None:
    a = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=120_000, seed=11)
    b = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=120_000, seed=11)
    c = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=120_000, seed=12)
    assert np.array_equal(a.counts("low"), b.counts("low"))
    assert not np.array_equal(a.counts("low"), c.counts("low"))
    assert a.seed == 11
    random_seed = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=1000)
    assert isinstance(random_seed.seed, int)
    again = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=1000, seed=random_seed.seed)
    assert np.array_equal(again.counts("badugi"), random_seed.counts("badugi"))


def test_many_outcomes_are_sampled_and_max_exact_decides() -> None:
    big = draw_outcomes("7s 5h 4d Jc Ks", "7s 5h 4d Jc Ks", draws=3, seed=1)
    assert not big.exact and big.total == draws_module.DEFAULT_SAMPLES
    small_limit = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi", draws=3, max_exact=1000, seed=1)
    assert not small_limit.exact
    exact = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi", draws=3)
    assert abs(small_limit.four_card_badugi - exact.four_card_badugi) <= 4 * small_limit.stderr(0.512)


# --------------------------------------------------------------------------- #
# Best discards
# --------------------------------------------------------------------------- #
def test_best_discards_lists_every_choice_best_first() -> None:
    five = best_discards("Ks Qh 9d 8c 2s", target="badugi+low:9")
    assert len(five) == 32 and len({o.discard for o in five}) == 32
    probabilities = [o.probability for o in five]
    assert probabilities == sorted(probabilities, reverse=True)  # type: ignore[type-var]
    assert bf.format_cards(five[0].discard) == "Ks Qh"
    four = best_discards("As 2c 3d Ks", game="badugi", target="badugi")
    assert len(four) == 16 and four[0].discard == ids("Ks")
    assert four[0].probability == pytest.approx(10 / 48)


def test_best_discards_agrees_with_draw_outcomes_and_objectives(implementation: str) -> None:
    options = best_discards("7s 5h 4d 3c 3s", objective="low")
    means = [o.mean_rank["low"] for o in options]
    assert means == sorted(means)
    assert options[0].discard == ids("3c")  # breaking the pair; 3s does as well, 3c has the lower id
    assert options[1].discard == ids("3s") and options[1].mean_rank["low"] == options[0].mean_rank["low"]
    direct = draw_outcomes("7s 5h 4d 3c 3s", "3c")
    assert options[0].mean_rank["low"] == pytest.approx(direct.mean_rank("low"))
    pat_first = best_discards("7s 5h 4d 3c 2s")  # number one: standing pat is best
    assert pat_first[0].discard == ()
    assert best_discards("As 2c 3d Ks", game="badugi", objective="badugi")[0].discard == ids("Ks")


@pytest.mark.parametrize(
    ("game", "hand", "target"),
    [
        ("badeucey", "Ks Qh 9d 8c 2s", "badugi+low:9"),
        ("badeucey", "7s 5h 4d 3c 3s", None),
        ("badacey", "As 2c 3d Ks 5h", "badugi+low:7"),
        ("deuce_seven", "7s 5h 4d 3c 2s", "low:8"),
        ("ace_five", "As Ad 3d Kc 5h", None),
        ("deuce_seven", "7h 5h 4h 3h 3s", "low:7"),  # suited cards and a pair: the held counts' classes
        ("badugi", "As 2c 3d Ks", "badugi"),
        ("badugi", "As Ah 3s Kd", "badugi:8"),
    ],
)
def test_best_discards_one_draw_equals_each_draw_outcomes(
    implementation: str, game: str, hand: str, target: str | None
) -> None:
    """One exact draw without dead cards counts every option from the hands
    holding each subset of the hand (inclusion-exclusion, shared between the
    options): each result equals the option's own draw_outcomes run, counts,
    target hits and plan."""
    seen: list[float] = []
    options = best_discards(hand, game=game, target=target, progress=seen.append)
    assert len(options) == 2 ** len(ids(hand)) and seen[-1] == 1.0 and seen == sorted(seen)
    for o in options:
        direct = draw_outcomes(hand, o.discard, game=game, target=target)
        assert o.outcomes == direct and o.outcomes.total == direct.total
        assert o.outcomes._target_hits == direct._target_hits and o.outcomes._plan == direct._plan
        assert o.mean_rank == {half: direct.mean_rank(half) for half in GAMES[game].halves}  # the same floats
        assert o.keep == direct.kept
        assert o.probability == (None if target is None else direct.probability(target))
        if target is not None and "+" in target:  # another two-half query re-runs the option's plan
            assert o.outcomes.probability("badugi+low:8") == direct.probability("badugi+low:8")


def test_best_discards_other_runs_take_each_option_alone() -> None:
    """Dead cards, several draws and sampling run each option on its own; the
    results are still each option's draw_outcomes."""
    for kwargs in ({"dead": "2h 7c"}, {"draws": 2}, {"samples": 1000, "seed": 5}, {"max_exact": 100, "seed": 5}):
        options = best_discards("As 2c 3d Ks", game="badugi", target="badugi", **kwargs)  # type: ignore[arg-type]
        for o in options[:4]:
            direct = draw_outcomes("As 2c 3d Ks", o.discard, game="badugi", target="badugi", **kwargs)  # type: ignore[arg-type]
            assert o.outcomes == direct


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"objective": "target"}, "needs a target"),
        ({"objective": "fastest"}, "unknown objective"),
        ({"objective": "badugi", "game": "deuce_seven"}, "no badugi half"),
        ({"dead": "Ks"}, "also in a hand"),
        ({"draws": 4}, "draws must be 1..3"),
    ],
)
def test_best_discards_bad_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        best_discards("7s 5h 4d 3c Ks", **kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- #
# Equity
# --------------------------------------------------------------------------- #
POT = 720720  # divisible by 2 x every tie size up to 9 seats: showdown's chips are exact shares


def brute_equity(
    game: str, hands: list[str | None], discards: list[str], dead: str = "", qualifiers: dict[str, int] | None = None
) -> dict[str, list[float]]:
    """One draw, every seat's replacements in seat order, settled by showdown()."""
    rules = GAMES[game]
    if qualifiers:
        rules = replace(rules, **{f"{h}_qualifier": q for h, q in qualifiers.items()})
    known = [ids(h) if h else () for h in hands]
    taken = {c for h in known for c in h} | set(ids(dead) if dead else ())
    deck = [c for c in range(52) if c not in taken]
    kept = [tuple(c for c in h if c not in set(ids(d) if d else ())) for h, d in zip(known, discards)]
    need = [rules.hand_size - len(k) for k in kept]
    stats = {name: [0.0] * len(hands) for name in ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share")}
    outcomes = 0

    def deal(seat: int, remaining: list[int], final: list[tuple[int, ...]]) -> None:
        nonlocal outcomes
        if seat == len(hands):
            outcomes += 1
            result = bf.showdown(final, POT, game=rules)
            for s in range(len(hands)):
                stats["share"][s] += result.chips[s] / POT
                stats["scoop"][s] += result.chips[s] == POT
            for half_result in result.pots[0].halves:
                for s in half_result.winners:
                    key = "win" if len(half_result.winners) == 1 else "tie"
                    stats[f"{half_result.half}_{key}"][s] += 1
            return
        for drawn in itertools.combinations(remaining, need[seat]):
            deal(seat + 1, [c for c in remaining if c not in drawn], [*final, kept[seat] + drawn])

    deal(0, deck, [])
    return {name: [v / outcomes for v in values] for name, values in stats.items()}


@pytest.mark.parametrize(
    ("game", "hands", "discards", "dead", "qualifiers"),
    [
        ("badeucey", ["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh"], ["Ks", "Qh"], "", None),
        ("badeucey", ["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh", "9s 8h 6c 5d Jd"], ["Ks", "", "Jd"], "2s", None),
        ("badacey", ["As 2h 4d Jc Kc", "2s 3c 4h 5d Qd"], ["Jc Kc", "Qd"], "", None),
        ("badugi", ["As 2c 3d Ks", "5s 6c 7d 8h"], ["Ks", ""], "", None),
        ("deuce_seven", ["8s 6h 4d 3c Ks", "9s 7h 5d 4c Kd"], ["Ks", "Kd"], "", None),
        ("badeucey", ["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh"], ["Ks", "Qh"], "", {"low": 18}),
        ("badeucey", ["Ks Kh Qd Qc Js", "Ts Th 9d 9c 8s"], ["Js", "8s"], "", {"badugi": 100, "low": 5}),
    ],
)
def test_exact_equity_matches_brute_force_showdowns(
    implementation: str, game: str, hands: list[str | None], discards: list[str], dead: str, qualifiers: dict[str, int] | None
) -> None:
    rules = GAMES[game]
    if qualifiers:
        rules = replace(rules, **{f"{h}_qualifier": q for h, q in qualifiers.items()})
    result = equity(hands, discards=discards, draws=1, game=rules, dead=dead or ())
    brute = brute_equity(game, hands, discards, dead, qualifiers)
    assert result.exact
    for name, expected in brute.items():
        got = getattr(result, name)
        if name.split("_")[0] in ("badugi", "low") and name.split("_")[0] not in rules.halves:
            assert got is None
            continue
        assert got == pytest.approx(expected, abs=1e-12), name
    assert sum(result.share) == pytest.approx(1.0)


def test_unknown_opponents_exact_and_sampled(implementation: str) -> None:
    exact = equity(["As 2c 3d 4h", None], game="badugi")
    assert exact.exact and exact.outcomes == math.comb(48, 4)
    brute: Counter[str] = Counter()
    deck = [c for c in range(52) if c not in ids("As 2c 3d 4h")]
    for hand in itertools.combinations(deck, 4):
        rank = bf.badugi_rank(hand)
        brute["win" if rank > 1 else "tie"] += 1
    assert exact.badugi_win[0] == pytest.approx(brute["win"] / exact.outcomes)
    assert exact.badugi_tie[0] == pytest.approx(brute["tie"] / exact.outcomes)
    sampled = equity(["As 2c 3d 4h", None], game="badugi", samples=60_000, seed=3)
    assert not sampled.exact and sampled.outcomes == 60_000
    for name in ("badugi_win", "badugi_tie", "share"):
        p = getattr(exact, name)[0]
        # a rare event (a tie: 4.6e-5) may not be seen at all, which makes its sample error 0:
        # the error of p itself bounds it too
        error = max(getattr(sampled.stderr, name)[0], math.sqrt(p * (1 - p) / sampled.outcomes))
        assert abs(getattr(sampled, name)[0] - p) <= 4 * error + 1e-9


def test_sampled_equity_with_draws_matches_exact(implementation: str) -> None:
    hands = ["7s 5h 4d Jc Ks", "8s 7h 6d 4c Qh"]
    exact = equity(hands, discards=["Jc Ks", "Qh"], draws=1)
    sampled = equity(hands, discards=["Jc Ks", "Qh"], draws=1, samples=100_000, seed=5)
    assert exact.exact and not sampled.exact
    for name in ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share"):
        for seat in range(2):
            e, s, se = getattr(exact, name)[seat], getattr(sampled, name)[seat], getattr(sampled.stderr, name)[seat]
            assert abs(e - s) <= 4 * se + 1e-9, (name, seat)
    again = equity(hands, discards=["Jc Ks", "Qh"], draws=1, samples=100_000, seed=5)
    assert again == sampled


@pytest.mark.parametrize(
    ("hands", "kwargs"),
    [
        # draws 2 and 3: a seat meeting the target stands pat (4-card Badugi, three seats)
        (["As 2c 3d Ks", "5s 6c 7d 8h", "4s 9c Td Qh"], {"discards": ["Ks", None, "Qh"], "draws": 2, "game": "badugi",
                                                         "target": "badugi:8"}),
        (["7s 5h 4d 3c Ks", "8s 7h 6d 4c 2h"], {"discards": ["Ks", None], "draws": 3, "game": "deuce_seven",
                                                 "target": "low:9"}),
        # a qualifier, and the ace orders no batch loop takes together (each half its own loop)
        (["7s 5h 4d Kc Ks", "9s 8h 6d 4c 2h"], {"discards": ["Kc Ks", None], "draws": 1,
                                                 "game": replace(GAMES["badeucey"], low_qualifier=200)}),
        (["As 2h 4d Kc Ks", "9s 8h 6d 4c 3h"], {"discards": ["Kc Ks", None], "draws": 1,
                                                 "game": replace(GAMES["badeucey"], badugi="low")}),
        # unknown cards and a draw, four seats
        (["As 2c 3d Ks", "5s 6c 7d 8h", "4s 9c Td Qh", None], {"discards": ["Ks", None, None, None], "draws": 1,
                                                               "game": "badugi"}),
    ],
)
def test_sampled_equity_matches_exact_for_every_path(
    hands: list[str | None], kwargs: dict[str, Any], implementation: str
) -> None:
    """Each settling and ranking path of the sampler (with each implementation's
    batch loops) against the exact figures: within 4 standard errors of the exact
    probability."""
    exact = equity(hands, max_exact=10**9, **kwargs)
    sampled = equity(hands, samples=200_000, seed=2, **kwargs)
    assert exact.exact and not sampled.exact
    for name in ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop", "share"):
        if getattr(exact, name) is None:
            continue
        for seat in range(len(hands)):
            e, s = getattr(exact, name)[seat], getattr(sampled, name)[seat]
            assert abs(e - s) <= 4 * math.sqrt(e * (1 - e) / sampled.outcomes) + 1e-9, (name, seat)


def test_sampled_equity_does_not_depend_on_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    hands, discards = ["7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh", None], ["Ks", "Qh", None]
    whole = equity(hands, discards=discards, draws=2, samples=30_001, seed=4)
    monkeypatch.setattr(_runs, "_CHUNK_SAMPLES", 1_001)  # 30 calls, none a whole number of blocks
    assert equity(hands, discards=discards, draws=2, samples=30_001, seed=4) == whole
    assert equity(hands, discards=discards, draws=2, samples=30_001, seed=5) != whole
    before = bf.implementation()
    try:
        for name in bf.implementations():  # every implementation ranks alike: the same figures
            bf.use_implementation(name)
            assert equity(hands, discards=discards, draws=2, samples=30_001, seed=4) == whole, name
    finally:
        bf.use_implementation(before)


def test_three_draw_equity_uses_the_policy(implementation: str) -> None:
    # a pat number one against a 3-card draw: the pat hand can only be tied in 2-7 never beaten
    e = equity(["7s 5h 4d 3c 2s", "8d 6c Kc Qh Jd"], discards=[None, "Kc Qh Jd"], draws=3, samples=20_000, seed=1)
    assert e.low_win[0] + e.low_tie[0] == pytest.approx(1.0)
    assert e.badugi_win[0] + e.badugi_tie[0] == pytest.approx(1.0)
    assert e.target == parse_target("badugi+low:9", "badeucey")
    assert equity(["7s 5h 4d 3c 2s", "8d 6c Kc Qh Jd"]).draws == 0


def test_equity_text_and_json() -> None:
    e = equity(["7s 5h 4d 3c Ks", None], discards=["Ks", None], draws=1, samples=5_000, seed=9)
    text = str(e)
    assert "(unknown)" in text and "seed 9" in text and "±" in text
    data = json.loads(json.dumps(e.to_dict()))
    assert data["seats"][1]["hand"] is None and "share_stderr" in data["seats"][0]
    single = equity(["As 2c 3d 4h", "5s 6c 7d 8h"], game="badugi")
    assert single.low_win is None and single.stderr.low_win is None and "2-7" not in str(single)


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        (["7s 5h 4d 3c 2s"], {}, "2..9 seats"),
        ([None] * 10, {}, "2..9 seats"),
        (["7s 5h 4d 3c 2s", "7s 6h 4h 3d 2c"], {}, "both hold 7s"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"dead": "2s"}, "also in a hand"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"discards": ["Ks", None], "draws": 1}, "not in its hand"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"discards": ["2s", None]}, "no draw is left"),
        (["7s 5h 4d 3c 2s", None], {"discards": [None, "2s"], "draws": 1}, "cannot discard"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"discards": ["2s"], "draws": 1}, "1 discards for 2 seats"),
        ([None] * 9, {"dead": "2c 2d 2h 2s 3c 3d 3h 3s"}, "only 44 remain"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"draws": 4}, "draws must be 0..3"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"target": "low:4", "draws": 2}, "names no"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"samples": 0}, "samples must be at least 1"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d 2c"], {"seed": -1}, "seed must be in"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d"], {}, "takes 5 cards, got 4"),
        (["7s 5h 4d 3c 2s", "8s 6h 4h 3d Xx"], {}, "unknown card text"),
    ],
)
def test_equity_bad_input(hands: list[str | None], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(hands, **kwargs)  # type: ignore[arg-type]


def test_equity_type_errors() -> None:
    with pytest.raises(TypeError, match="sequence"):
        equity("7s 5h 4d 3c 2s")
    with pytest.raises(TypeError, match="seed"):
        equity(["7s 5h 4d 3c 2s", None], seed=1.5, samples=10)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="draws"):
        equity(["7s 5h 4d 3c 2s", None], draws=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("As 2c 3d Ks", "Qs"), "discard Qs: not in the hand"),
        (("As 2c 3d Ks", "Ks"), "dead card"),
    ],
)
def test_draw_outcomes_bad_input(args: tuple[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        draw_outcomes(*args, game="badugi", dead="As" if "dead" in message else ())


def test_more_cards_than_remain_unseen() -> None:
    dead = [c for c in range(52) if c not in ids("7s 5h 4d 3c 2s")][:40]  # 7 unseen left
    with pytest.raises(ValueError, match="needs 10 unseen cards; only 7 remain"):
        draw_outcomes("7s 5h 4d 3c 2s", "7s 5h 4d 3c 2s", dead=dead, draws=2, samples=10)


# --------------------------------------------------------------------------- #
# The C core runs with the GIL released
# --------------------------------------------------------------------------- #
def test_long_runs_release_the_gil(monkeypatch: pytest.MonkeyPatch) -> None:
    """A thread spinning in Python makes progress *during* a C call.

    Nothing here depends on the machine's speed: the work grows until one C
    call lasts many GIL switch intervals (measured, however fast the machine),
    and the spinning thread's progress during that call is compared with its
    own rate alone, measured in the same run.  Were the GIL held through the
    call, the thread could not run at all between the call's start and end.
    """
    monkeypatch.setattr(_runs, "_CHUNK_SAMPLES", 10**12)  # each run is one C call
    calls: list[tuple[float, int]] = []  # (seconds, spinner ticks) of each C call
    original_run_chunks = _runs.run_chunks

    def timed_run_chunks(run: Any, *args: Any) -> None:
        def timed_run(*run_args: Any) -> None:
            start, before = time.perf_counter(), ticks
            run(*run_args)
            calls.append((time.perf_counter() - start, ticks - before))

        original_run_chunks(timed_run, *args)

    monkeypatch.setattr(_runs, "run_chunks", timed_run_chunks)
    ticks = 0
    stop = threading.Event()

    def spin() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1

    long_enough = 40 * sys.getswitchinterval()  # a call the GIL, if held, would block throughout
    thread = threading.Thread(target=spin)
    thread.start()
    try:
        samples = 20_000
        while True:
            start, before = time.perf_counter(), ticks
            time.sleep(long_enough / 2)  # the spinning thread alone: its rate
            rate = (ticks - before) / (time.perf_counter() - start)
            calls.clear()
            equity(["7s 5h 4d Jc Ks", None, None], discards=["Jc Ks", None, None], draws=3, samples=samples, seed=1)
            assert len(calls) == 1
            elapsed, during = calls[0]
            if elapsed >= long_enough:
                break
            samples *= 2
    finally:
        stop.set()
        thread.join()
    assert rate > 0
    # Held through the call, the GIL would leave `during` at 0; released, the
    # thread keeps a good part of its rate alone (less if cores are busy).
    assert during > 0.1 * rate * elapsed


# --------------------------------------------------------------------------- #
# Command line
# --------------------------------------------------------------------------- #
def test_cli_draw(run_cli: RunCli) -> None:
    done = run_cli("draw", "As 2c 3d Ks", "--discard", "Ks", "--game", "badugi")
    assert done.returncode == 0, done.stderr
    assert "48 equally likely outcomes (exact)" in done.stdout
    assert "four-card badugi" in done.stdout and "20.83%" in done.stdout
    done = run_cli("draw", "As 2c 3d Ks", "--discard", "Ks", "--game", "badugi", "--draws", "3", "--json")
    data = json.loads(done.stdout)
    assert data["probabilities"]["four-card badugi"] == pytest.approx(0.5122571692876966)


def test_cli_best_discards(run_cli: RunCli) -> None:
    done = run_cli("draw", "Ks Qh 9d 8c 2s", "--target", "badugi+low:9", "--top", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[2].split()[:3] == ["1", "Ks", "Qh"]
    assert len(lines) == 1 + 1 + 3 + 1
    done = run_cli("draw", "Ks Qh 9d 8c 2s", "--json")
    assert len(json.loads(done.stdout)["options"]) == 10


def test_cli_equity(run_cli: RunCli) -> None:
    done = run_cli("equity", "7s 5h 4d 3c Ks", "8s 7h 6d 4c Qh", "--discard", "0:Ks", "--discard", "1:Qh", "--draws", "1")
    assert done.returncode == 0, done.stderr
    assert "exact over 1,722 outcomes" in done.stdout
    done = run_cli("equity", "7s 5h 4d 3c Ks", "?", "--discard", "0:Ks", "--draws", "1", "--seed", "4", "--json")
    data = json.loads(done.stdout)
    assert data["seed"] == 4 and data["exact"] is False and data["seats"][1]["hand"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("draw", "As 2c 3d Ks", "--discard", "Qs", "--game", "badugi"), "not in the hand"),
        (("draw", "7s 5h 4d 3c Ks", "--target", "low:5"), "names no"),
        (("equity", "7s 5h 4d 3c Ks", "?", "--discard", "3:Ks", "--draws", "1"), "--discard names seat 3"),
        (("equity", "7s 5h 4d 3c Ks", "?", "--discard", "Ks"), "expected SEAT:CARDS"),
        (("equity", "7s 5h 4d 3c Ks", "7s 6h 4h 3d 2c"), "both hold 7s"),
    ],
)
def test_cli_errors(run_cli: RunCli, args: tuple[str, ...], message: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_progress_bar_waits_then_draws() -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = ProgressBar(io.StringIO())
    quiet(0.5)
    quiet.close()
    assert quiet.stream.getvalue() == ""  # type: ignore[attr-defined]
    tty = Terminal()
    early = ProgressBar(tty, delay=60)
    early(0.5)
    assert tty.getvalue() == ""
    bar = ProgressBar(tty, delay=0)
    bar(0.5)
    bar(1.0)
    bar.close()
    assert "50.0%" in tty.getvalue() and "100.0%" in tty.getvalue() and tty.getvalue().endswith("\n")


# --------------------------------------------------------------------------- #
# The C entry points reject what Python would never hand them
# --------------------------------------------------------------------------- #
def _c_draw_spec(kept: list[int], deck: list[int], draws: int = 1, n_cards: int = 5) -> tuple[object, list[object]]:
    from badeucey_fast._core import ffi, lib

    alive = [ffi.new("uint8_t[]", kept or [0]), ffi.new("uint8_t[]", deck or [0])]
    spec = ffi.new("bdc_draw_spec *")
    spec.game.badugi, spec.game.low, spec.game.n_cards = lib.BDC_BADUGI_HIGH, lib.BDC_DEUCE_SEVEN, n_cards
    spec.kept, spec.n_kept, spec.deck, spec.n_deck, spec.draws = alive[0], len(kept), alive[1], len(deck), draws
    return spec, alive


def test_c_draw_run_rejects_bad_specs() -> None:
    from badeucey_fast._core import ffi, lib

    counts_b, counts_l = ffi.new("uint64_t[1093]"), ffi.new("uint64_t[7463]")
    hits, total, rng = ffi.new("uint64_t *"), ffi.new("uint64_t *"), ffi.new("uint64_t[4]")
    deck = list(range(10, 52))

    def run(spec: object) -> int:
        return lib.bdc_draw_run(spec, 0, 52, 0, rng, counts_b, counts_l, hits, total)  # type: ignore[no-any-return]

    good, _a = _c_draw_spec([0, 1, 2, 3], deck)
    assert run(good) == lib.BDC_OK and total[0] == 42
    cases = [
        (_c_draw_spec([0, 1, 2, 52], deck), lib.BDC_E_CARD),
        (_c_draw_spec([0, 1, 2, 3], [*deck, 3]), lib.BDC_E_DUPLICATE),
        (_c_draw_spec([0, 1, 2, 3], deck, draws=0), lib.BDC_E_ARGUMENT),
        (_c_draw_spec([0, 1, 2, 3], deck, draws=4), lib.BDC_E_ARGUMENT),
        (_c_draw_spec([0, 1, 2, 3, 4, 5], deck), lib.BDC_E_ARGUMENT),  # more kept than the hand holds
        (_c_draw_spec([], list(range(12))[:4], draws=1), lib.BDC_E_ARGUMENT),  # 5 to draw from 4
        (_c_draw_spec([0, 1, 2], deck, n_cards=6), lib.BDC_E_RANKING),
    ]
    for (spec, _alive), status in cases:
        assert run(spec) == status
    spec, _b = _c_draw_spec([0, 1, 2, 3], deck)
    spec.query.low = 7463  # type: ignore[attr-defined]
    assert run(spec) == lib.BDC_E_RANK
    spec.query.low = 0  # type: ignore[attr-defined]
    spec.game.badugi, spec.game.low = lib.BDC_NO_HALF, lib.BDC_NO_HALF  # type: ignore[attr-defined]
    assert run(spec) == lib.BDC_E_RANKING
    spec.game.badugi = lib.BDC_DEUCE_SEVEN  # type: ignore[attr-defined]  # not a Badugi ranking
    assert run(spec) == lib.BDC_E_RANKING


def test_c_draw_options_matches_each_option_and_rejects_bad_input() -> None:
    """bdc_draw_options counting every subset itself: each option's row is its own
    bdc_draw_run; bad input is refused before any work."""
    from badeucey_fast._core import ffi, lib

    n_badugi, n_low = 1093, 7463
    width = n_badugi + n_low + 2
    game = ffi.new("bdc_game *", [lib.BDC_BADUGI_LOW, lib.BDC_NO_HALF, 4])
    table, sums = ffi.new("uint32_t[]", 16 * 1095), ffi.new("uint64_t[32]")
    held, scratch = ffi.new("uint32_t[]", width), ffi.new("uint64_t[]", width)
    hand = bytes(ids("As 2c 3d Ks"))
    assert lib.bdc_draw_options(game, hand, (715, 0), held, 0, [-1] * 16, 0, scratch, table, sums) == lib.BDC_OK
    for kept_mask in range(16):
        kept = tuple(card for b, card in enumerate(hand) if kept_mask >> b & 1)
        thrown = tuple(card for card in hand if card not in kept)
        direct = draw_outcomes(tuple(hand), thrown, game="badugi", target="badugi")
        row = [table[kept_mask * 1095 + c] for c in range(1095)]
        assert row[:1093] == direct.badugi.tolist() and row[1093:] == [direct._target_hits, direct.total]
        assert sums[2 * kept_mask] == sum(r * n for r, n in enumerate(row[:1093])) and sums[2 * kept_mask + 1] == 0

    badeucey = ffi.new("bdc_game *", [lib.BDC_BADUGI_HIGH, lib.BDC_DEUCE_SEVEN, 5])
    big, big_sums = ffi.new("uint32_t[]", 32 * width), ffi.new("uint64_t[64]")
    five = bytes(ids("7s 5h 4d Jc Ks"))

    def run(**changes: Any) -> int:
        args: dict[str, Any] = {"game": badeucey, "hand": five, "query": (0, 0), "held": held, "n_held": 1,
                                "held_row": [0] + [-1] * 31, "n_low": n_low, "scratch": scratch, "table": big,
                                "sums": big_sums}
        args.update(changes)
        return lib.bdc_draw_options(*args.values())  # type: ignore[no-any-return]

    assert run(hand=bytes(ids("7s 5h 4d Jc")) + bytes([52])) == lib.BDC_E_CARD
    assert run(hand=bytes(ids("7s 5h 4d Jc")) + bytes(ids("Jc"))) == lib.BDC_E_DUPLICATE
    assert run(query=(0, 7463)) == lib.BDC_E_RANK
    assert run(game=ffi.new("bdc_game *", [lib.BDC_BADUGI_HIGH, lib.BDC_DEUCE_SEVEN, 4])) == lib.BDC_E_RANKING
    assert run(n_low=7462) == lib.BDC_E_ARGUMENT  # fewer low counts than the ranking has ranks
    assert run(held_row=[1] + [-1] * 31) == lib.BDC_E_ARGUMENT  # a row held does not have
    assert run(held_row=[-2] * 32) == lib.BDC_E_ARGUMENT
    assert run(n_held=-1) == lib.BDC_E_ARGUMENT
    assert run(table=ffi.NULL) == lib.BDC_E_ARGUMENT and run(sums=ffi.NULL) == lib.BDC_E_ARGUMENT
    assert run(scratch=ffi.NULL) == lib.BDC_E_ARGUMENT
    assert run(held=ffi.NULL) == lib.BDC_E_ARGUMENT
    assert run(game=ffi.new("bdc_game *", [lib.BDC_NO_HALF, lib.BDC_NO_HALF, 5]), n_low=0) == lib.BDC_E_RANKING


def test_c_equity_run_rejects_bad_specs() -> None:
    from badeucey_fast._core import ffi, lib

    def spec_for(cards: list[int], held: list[int], policy: list[int], deck: list[int], draws: int = 0) -> object:
        spec = ffi.new("bdc_equity_spec *")
        alive = [ffi.new("uint8_t[]", cards), ffi.new("int[]", held), ffi.new("int[]", policy),
                 ffi.new("uint8_t[]", deck or [0])]
        spec.game.badugi, spec.game.low, spec.game.n_cards = lib.BDC_BADUGI_HIGH, lib.BDC_DEUCE_SEVEN, 5
        spec.n_seats = len(held)
        spec.cards, spec.n_held, spec.draws_policy, spec.deck, spec.n_deck = alive[0], alive[1], alive[2], alive[3], len(deck)
        spec.draws = draws
        _keep.append(alive)
        return spec

    _keep: list[object] = []
    sums = ffi.new("bdc_equity_sums[9]")
    weight, rng = ffi.new("uint64_t *"), ffi.new("uint64_t[4]")

    def run(spec: object) -> int:
        return lib.bdc_equity_run(spec, 0, 52, 0, rng, sums, weight)  # type: ignore[no-any-return]

    deck = list(range(10, 52))
    assert run(spec_for(list(range(10)), [5, 5], [1, 1], deck)) == lib.BDC_OK
    assert weight[0] == 1
    assert run(spec_for(list(range(10)), [5], [1], deck)) == lib.BDC_E_ARGUMENT  # one seat
    assert run(spec_for(list(range(9)) + [60], [5, 5], [1, 1], deck)) == lib.BDC_E_CARD
    assert run(spec_for(list(range(9)) + [0], [5, 5], [1, 1], deck)) == lib.BDC_E_DUPLICATE
    assert run(spec_for(list(range(10)), [5, 4], [1, 1], deck)) == lib.BDC_E_ARGUMENT  # draws a card, no draw left
    assert run(spec_for(list(range(10)), [5, 6], [1, 1], deck)) == lib.BDC_E_ARGUMENT
    assert run(spec_for(list(range(10)), [5, 0], [1, 0], deck[:4])) == lib.BDC_E_ARGUMENT  # 5 unknown from 4


def test_results_can_be_compared_and_hashed() -> None:
    a = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
    b = draw_outcomes("As 2c 3d Ks", "Ks", game="badugi")
    assert a == b and a is not b  # by value: the counts compared element by element
    assert a != draw_outcomes("As 2c 3d Ks", "2c", game="badugi") and a != "not a result"
    assert len({a, b}) == 1
    options = best_discards("As 2c 3d Ks", game="badugi", target="badugi")
    assert options[0] == options[0]


@pytest.mark.parametrize(
    ("game", "hand", "dead"),
    [
        ("badeucey", "Ks Qh 9d 8c 2s", ""),
        ("badacey", "As Ah 2d 8c 2s", "3c"),
        ("deuce_seven", "7s 5h 4d 3c 2s", ""),
    ],
)
def test_drawing_five_counts_every_hand_of_the_unseen_cards_like_the_batch(implementation: str, game: str, hand: str, dead: str) -> None:
    """Throwing all five enumerates every five-card hand of the unseen cards: its
    counts are the bincount of the batch ranks of those hands (1.5M hands
    through the enumerator's incremental ranking against the batch loop)."""
    from badeucey_fast._bench.hands import all_five_card_hands

    out = draw_outcomes(hand, hand, game=game, dead=dead or ())
    known = np.array(ids(hand) + (ids(dead) if dead else ()))
    hands = all_five_card_hands()
    unseen = hands[~np.isin(hands, known).any(axis=1)]
    assert out.total == len(unseen)
    rules = GAMES[game]
    if rules.badugi is not None:
        batch = bf.badeucey_batch(unseen) if game == "badeucey" else bf.badacey_batch(unseen)
        assert np.array_equal(out.counts("badugi"), np.bincount(batch[:, 0], minlength=1093))
        low = batch[:, 1]
    else:
        low = bf.deuce_seven_rank_batch(unseen)
    assert np.array_equal(out.counts("low"), np.bincount(low, minlength=len(out.counts("low"))))


def test_cli_output_piped_into_head_stops_quietly(run_cli: RunCli) -> None:
    import subprocess

    proc = run_cli.start(
        # every rank's count as JSON: far more than a pipe holds, so the writer is still writing
        "draw", "Ks Qh 9d 8c 2s", "--discard", "Ks Qh 9d 8c 2s", "--json",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141  # as if ended by SIGPIPE
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr


def test_a_later_two_half_query_reruns_the_plan_alone() -> None:
    """A result keeps no C state: a both-halves probability asked afterwards re-runs its
    plain-data plan (fresh C structures, after a garbage collection) and matches the
    figure counted in the original run."""
    import gc

    later = draw_outcomes("7s 5h 4d 3c Ks", "Ks")
    gc.collect()
    counted = draw_outcomes("7s 5h 4d 3c Ks", "Ks", target="badugi+low:8")
    assert later.probability("badugi+low:8") == counted.probability("badugi+low:8") > 0


def test_sampled_draws_do_not_depend_on_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=30_001, seed=4)
    monkeypatch.setattr(_runs, "_CHUNK_SAMPLES", 1_001)  # 30 calls, none a whole number of 1,024 samples
    assert draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=30_001, seed=4) == whole
    assert draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=3, samples=30_001, seed=5) != whole
    for game, hand, discard in (("badugi", "As 2c 3d Ks", "Ks"), ("deuce_seven", "7s 5h 4d Jc Ks", "Jc")):
        one = draw_outcomes(hand, discard, game=game, draws=2, samples=5_000, seed=9)
        monkeypatch.setattr(_runs, "_CHUNK_SAMPLES", 7)
        assert draw_outcomes(hand, discard, game=game, draws=2, samples=5_000, seed=9) == one, game
        monkeypatch.setattr(_runs, "_CHUNK_SAMPLES", 1_001)


def test_held_counts_are_shared_by_equal_games() -> None:
    """A chart's worker unpickles a new copy of its game with every chunk: the counts of
    the hands holding few cards are kept by the game's rankings, not by the object."""
    import pickle

    rules = GAMES["badeucey"]
    copy = pickle.loads(pickle.dumps(rules))
    assert copy is not rules
    assert _runs.held_counts(copy, None) is _runs.held_counts(rules, None)
    assert _runs.held_counts(rules, parse_target("low:8", rules)) is not _runs.held_counts(rules, None)


@pytest.mark.parametrize(("game", "target"), [("badeucey", None), ("badeucey", "badugi+low:9"), ("badugi", "badugi:8"),
                                             ("ace_five", "low:8")])
def test_held_counts_rows_equal_their_own_runs(game: str, target: str | None) -> None:
    """The rows of no card and of one card are derived from the rows of two cards:
    each equals the run counting the hands holding its cards directly."""
    rules = GAMES[game]
    query = None if target is None else parse_target(target, rules)
    held = _runs.HeldCounts(rules, query)
    fields = _runs.game_fields(rules)
    cards = _runs._held_classes()[1]
    for row in [*range(_runs._FIRST_PAIR_ROW + 1), _runs._FIRST_PAIR_ROW + 40, _runs._HELD_CLASSES - 1]:
        run = _runs.run_draw(_runs.plan_draw(rules, cards[row], (), (), 1, None), query, None, None, None)
        expected = np.zeros(held.width, dtype=np.uint64)
        if run.badugi is not None:
            expected[: fields.badugi_bins] = run.badugi
        if run.low is not None:
            expected[fields.badugi_bins : fields.badugi_bins + fields.low_bins] = run.low
        expected[-2:] = run.hits, run.total
        assert np.array_equal(held.rows[row], expected), row


@pytest.mark.parametrize(
    ("game", "hand", "target"),
    [("badeucey", "7s 5h 4d Jc Ks", None), ("badeucey", "7h 5h 4h 3h 3s", "badugi+low:9"),
     ("badacey", "As Ad 3d Kc 5h", "badugi"), ("deuce_seven", "Ks Qh 9d 8c 2s", "low:8"),
     ("badugi", "As Ah 3s Kd", "badugi:8")],
)
def test_option_figures_are_the_option_counts_sums(game: str, hand: str, target: str | None) -> None:
    """What a chart scores by (the rank sums, hits and total of every option, without
    its counts by rank) are the same integers as the full option counts give."""
    rules = GAMES[game]
    query = None if target is None else parse_target(target, rules)
    table, sums = _runs.option_counts(rules, ids(hand), query)
    table, sums = table.copy(), sums.copy()  # (buffers of this thread: the next call reuses them)
    figures = _runs.option_figures(rules, ids(hand), query)
    assert np.array_equal(figures[:, :2], sums) and np.array_equal(figures[:, 2:], table[:, -2:])


def test_a_kept_result_keeps_its_counts_while_later_calls_run() -> None:
    """One-draw options' counts live in arrays a later call reuses once no result holds
    them: a result kept across later calls, and a view of its counts kept alone, never change."""
    kept = best_discards("7s 5h 4d Jc Ks")
    view = best_discards("9c 8d 6h 3s 2c")[7].outcomes.low  # its option and the others dropped
    assert view is not None
    before = [(np.array(o.outcomes.badugi), np.array(o.outcomes.low)) for o in kept]
    view_before = view.copy()
    for hand in ("Ks Qh 9d 8c 2s", "7h 5h 4h 3h 3s", "As Ad 3d Kc 5h"):
        for _ in range(2):
            best_discards(hand)
    for o, (badugi, low) in zip(kept, before):
        assert np.array_equal(o.outcomes.badugi, badugi) and np.array_equal(o.outcomes.low, low)
    assert np.array_equal(view, view_before) and not view.flags.writeable
    assert all(o.outcomes == draw_outcomes("7s 5h 4d Jc Ks", o.discard) for o in kept[:3])


FAULTS_SCRIPT = """
import resource
import badeucey_fast as bf

hands = ["7s 5h 4d Jc Ks", "Ks Qh 9d 8c 2s", "7h 5h 4h 3h 3s", "As Ad 3d Kc 5h", "9c 8d 6h 3s 2c"]
for hand in hands:
    bf.best_discards(hand)  # the tables, the held counts, this thread's buffers
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(10):
    for hand in hands:
        bf.best_discards(hand)
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 50)
"""


@pytest.mark.skipif(sys.platform != "linux" or __import__("platform").libc_ver()[0] != "glibc",
                    reason="glibc's malloc tunables and Linux's page-fault counts")
def test_one_draw_calls_fault_in_no_fresh_memory() -> None:
    """Calls whose results are dropped reuse the memory of the last ones: page faults a
    call stay near zero.  The run pins glibc's mmap threshold (MALLOC_MMAP_THRESHOLD_), as
    a fresh process has it, so that no earlier large free has raised its trim threshold
    for it; new arrays each call then fault in about 500 pages a call."""
    import os
    import subprocess

    env = {**os.environ, "MALLOC_MMAP_THRESHOLD_": "131072"}
    # -I: the installed package, never the source tree of the current folder
    proc = subprocess.run([sys.executable, "-I", "-c", FAULTS_SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert float(proc.stdout) < 20
