"""Equity against unknown seats that draw (``"?k"``, ``"?k1,k2,k3"``): the C core's
exact counts against an independent brute force written from the documented rule,
sampled runs within their standard errors of the exact figures, the standing-pat case
unchanged, bad input named, and the command line."""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Sequence

import numpy as np
import pytest

import badeucey_fast as bf
from .conftest import RunCli
from .reference import ace_five_rank, badugi_cards, badugi_rank, deuce_seven_rank, parse_cards

# game: (hand size, Badugi ace convention or None, low ranking or None)
GAMES = {
    "badugi": (4, "low", None),
    "badeucey": (5, "high", "deuce_seven"),
    "badacey": (5, "low", "ace_five"),
    "deuce_seven": (5, None, "deuce_seven"),
    "ace_five": (5, None, "ace_five"),
}

# Most of the deck dead, so that every outcome can be listed in Python.
BIG_CARDS = "Kc Kd Qc Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9d 9h 9s 8c 8d 8h 8s 7c 7d 7h 6c 6d 6h Ac Ad Ah"
DEAD5 = BIG_CARDS + " Kh 5d 4c 3s 2d"  # 11 unseen cards beside one 5-card hand
DEAD4 = BIG_CARDS + " 2d 3h 6s Ks 5d 4c"  # 11 unseen cards beside one 4-card hand
NUMBER_ONE = "7s 5h 4d 3c 2s"
BADUGI_HAND = "As 2c 3d Kh"


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def best_badugi(hand: tuple[int, ...], ace_high: bool) -> frozenset[int]:
    """The cards of a hand's best badugi (RULES.md): most cards, then the lower
    values highest first; of equal badugis, the lower card ids highest first."""

    def value(c: int) -> int:
        return c >> 2 if ace_high else (c >> 2) + 1 if c >> 2 < 12 else 0

    def key(subset: tuple[int, ...]) -> tuple[int, list[int], list[int]]:
        return -len(subset), sorted(map(value, subset), reverse=True), sorted(subset, reverse=True)

    badugis = [
        subset for size in range(1, 5) for subset in itertools.combinations(hand, size)
        if len({c >> 2 for c in subset}) == size and len({c & 3 for c in subset}) == size
    ]
    return frozenset(min(badugis, key=key))


@functools.lru_cache(maxsize=None)
def kept_by_rule(game: str, hand: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The cards an unknown seat keeps, from the rule as the docs state it: it throws
    first the cards outside its best badugi, then cards pairing another it keeps,
    then its highest cards (the low half's ace convention), higher id first."""
    _, badugi, low = GAMES[game]
    ace_high = low == "deuce_seven" if low is not None else badugi == "high"
    inside = best_badugi(hand, badugi == "high") if badugi else frozenset(hand)
    outside = {c: c not in inside for c in hand}

    def pairs(c: int) -> bool:
        return low is not None and any(d != c and d >> 2 == c >> 2 and (outside[d], d) < (outside[c], c) for d in hand)

    def value(c: int) -> int:
        return c >> 2 if ace_high else (c >> 2) + 1 if c >> 2 < 12 else 0

    order = sorted(hand, key=lambda c: (outside[c], pairs(c), value(c), c))
    return tuple(order[: len(hand) - k])


def halves(game: str, hands: list[tuple[int, ...]]) -> tuple[list[int] | None, list[int] | None]:
    _, badugi, low = GAMES[game]
    array = np.array(hands, dtype=np.uint8)
    b = badugi_rank(array, ace_high=badugi == "high").tolist() if badugi else None
    lo = None if low is None else (deuce_seven_rank(array) if low == "deuce_seven" else ace_five_rank(array)).tolist()
    return b, lo


def brute_force(
    game: str, hands: Sequence[str | None], unknown: dict[int, tuple[int, ...]], dead: str, draws: int,
    discards: dict[int, str] | None = None,
) -> tuple[int, dict[str, list[int]]]:
    """Every outcome, listed: unknown seats dealt in seat order, then each draw seat
    by seat (a known seat with a discard draws in draw 1 only); the counts per seat
    of winning and tying each half, and of scooping."""
    size = GAMES[game][0]
    known = {s: cards(h) for s, h in enumerate(hands) if h is not None}
    thrown = {s: cards(t) for s, t in (discards or {}).items()}
    seen = {c for h in known.values() for c in h} | set(cards(dead))
    deck = [c for c in range(52) if c not in seen]
    events = [(s, 0, size) for s in range(len(hands)) if s not in known]
    for r in range(1, draws + 1):
        for s in range(len(hands)):
            if s in thrown and r == 1:
                events.append((s, r, len(thrown[s])))
            elif s in unknown and unknown[s][r - 1]:
                events.append((s, r, unknown[s][r - 1]))
    finals: list[list[tuple[int, ...]]] = []

    def walk(e: int, now: list[tuple[int, ...]], used: frozenset[int]) -> None:
        if e == len(events):
            finals.append(now)
            return
        seat, r, k = events[e]
        if r == 0:
            keep: tuple[int, ...] = ()
        elif seat in known:
            keep = tuple(c for c in known[seat] if c not in thrown[seat])
        else:
            keep = kept_by_rule(game, now[seat], k)
        for combo in itertools.combinations([c for c in deck if c not in used], k):
            walk(e + 1, [*now[:seat], keep + combo, *now[seat + 1 :]], used | set(combo))

    walk(0, [known.get(s, ()) for s in range(len(hands))], frozenset())
    seats = len(hands)
    per_seat = [halves(game, [f[s] for f in finals]) for s in range(seats)]
    counts = {name: [0] * seats for name in ("badugi_win", "badugi_tie", "low_win", "low_tie", "scoop")}
    for i in range(len(finals)):
        won = [0] * seats
        present = 0
        for h, half in enumerate(("badugi", "low")):
            if per_seat[0][h] is None:
                continue
            present += 1
            ranks = [per_seat[s][h][i] for s in range(seats)]  # type: ignore[index]
            best = min(ranks)
            winners = [s for s in range(seats) if ranks[s] == best]
            for s in winners:
                counts[f"{half}_{'win' if len(winners) == 1 else 'tie'}"][s] += 1
                won[s] += len(winners) == 1
        for s in range(seats):
            counts["scoop"][s] += won[s] == present
    return len(finals), counts


def assert_counts(e: bf.Equity, outcomes: int, counts: dict[str, list[int]]) -> None:
    assert e.exact and e.outcomes == outcomes
    for name, values in counts.items():
        got = getattr(e.counts, name)
        if got is not None:
            assert list(got) == values, name


def test_the_rule_keeps_what_the_docs_say() -> None:
    # the best badugi as the reference rankings pick it
    hands = [cards(h) for h in ("As 2s 3c Kd", "2c 3d 4h 4s 9d", "Ac 2c 3d 3h Kh", "2c 2d 3h 9s Kc")]
    for ace_high in (False, True):
        for hand in hands:
            chosen = badugi_cards(np.array([hand]), ace_high=ace_high)[0]
            assert best_badugi(hand, ace_high) == {c for c, i in zip(hand, chosen) if i}
    # Badugi: the card outside the badugi first, then the highest
    assert kept_by_rule("badugi", cards("As 2s 3c Kd"), 1) == cards("As 3c Kd")
    assert kept_by_rule("badugi", cards("As 2s 3c Kd"), 2) == cards("As 3c")
    # 2-7: the pairing deuce, then the king; A-5: aces low
    assert kept_by_rule("deuce_seven", cards("2c 2d 7h 8s Kc"), 2) == cards("2c 7h 8s")
    assert kept_by_rule("ace_five", cards("As Ad 2c 3h Kc"), 2) == cards("Ad 2c 3h")  # of a pair, the lower id
    # Badeucey: outside the badugi (aces high) before the pairing rule
    assert kept_by_rule("badeucey", cards("2c 2d 3h 9s Kc"), 1) == cards("2d 3h 9s Kc")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("counts", [(1, 2), (0, 3), (2, 0)])
def test_exact_counts_match_a_brute_force(game: str, counts: tuple[int, int]) -> None:
    size = GAMES[game][0]
    hand, dead = (BADUGI_HAND, DEAD4) if size == 4 else (NUMBER_ONE, DEAD5)
    unknown = "?" + ",".join(map(str, counts))
    e = bf.equity([hand, unknown], draws=2, game=game, dead=dead)
    assert e.unknown_draws == (None, counts)
    assert_counts(e, *brute_force(game, [hand, None], {1: counts}, dead, 2))


def test_exact_counts_with_two_drawing_seats_and_a_known_discard(implementation: str) -> None:
    hands = ["7s 5h 4d 3c Ks", "?1", "6s 5c 4h 3d 2c"]
    e = bf.equity(hands, discards=["Ks", None, None], draws=1, game="badeucey", dead=BIG_CARDS)
    assert e.unknown_draws == (None, (1,), None)
    expected = brute_force("badeucey", [hands[0], None, hands[2]], {1: (1,)}, BIG_CARDS, 1, discards={0: "Ks"})
    assert_counts(e, *expected)


def test_exact_counts_in_chunks_match_one_run() -> None:
    # a progress callback runs the enumeration in chunks of first-card positions
    whole = bf.equity([NUMBER_ONE, "?2,1"], draws=2, game="deuce_seven", dead=DEAD5)
    seen: list[float] = []
    chunked = bf.equity([NUMBER_ONE, "?2,1"], draws=2, game="deuce_seven", dead=DEAD5, progress=seen.append)
    assert chunked.counts == whole.counts and chunked.outcomes == whole.outcomes and seen


@pytest.mark.parametrize("game", ["badugi", "badeucey", "ace_five"])
def test_sampled_is_within_its_error_of_exact(game: str, implementation: str) -> None:
    size = GAMES[game][0]
    hand, dead = (BADUGI_HAND, DEAD4) if size == 4 else ("7s 5h 4d 3c Ks", DEAD5)
    exact = bf.equity([hand, "?2,1"], draws=2, game=game, dead=dead)
    sampled = bf.equity([hand, "?2,1"], draws=2, game=game, dead=dead, samples=60_000, seed=5)
    assert exact.exact and not sampled.exact
    for name in ("badugi_win", "low_win", "scoop", "share"):
        values = getattr(exact, name)
        if values is None:
            continue
        for s, value in enumerate(values):
            error = getattr(sampled.stderr, name)[s]
            assert abs(getattr(sampled, name)[s] - value) <= 5 * error + 1e-9, (name, s)


def test_sampled_uses_the_rule_in_a_large_case() -> None:
    # no dead cards: too many outcomes to list, so sampled; a one-card draw to a
    # number one never beats it in 2-7, and the unknown seat ties it at most
    e = bf.equity([NUMBER_ONE, "?1"], draws=3, game="deuce_seven", samples=20_000, seed=3)
    assert not e.exact and e.low_win[1] == 0.0 and e.unknown_draws == (None, (1, 1, 1))
    again = bf.equity([NUMBER_ONE, "?1"], draws=3, game="deuce_seven", samples=20_000, seed=3)
    assert again.counts == e.counts  # same seed, same result


@pytest.mark.parametrize("draws", [0, 1, 3])
def test_standing_pat_is_todays_result(draws: int) -> None:
    hands = [NUMBER_ONE, "Ks 5c 4h 3d 2c"]
    today = bf.equity([*hands, None], draws=draws, dead=DEAD5)
    for unknown in ("?", "?0", "?" + ",".join(["0"] * draws) if draws else "? "):
        e = bf.equity([*hands, unknown], draws=draws, dead=DEAD5)
        assert e.counts == today.counts and e.outcomes == today.outcomes and e.share == today.share
        assert e.unknown_draws == today.unknown_draws == (None, None, (0,) * draws)
    sampled = bf.equity([*hands, None], draws=draws, samples=3_000, seed=4)
    assert bf.equity([*hands, "?0"], draws=draws, samples=3_000, seed=4).counts == sampled.counts


def test_text_and_json_say_what_unknown_seats_do() -> None:
    e = bf.equity([NUMBER_ONE, "?2,1", "?"], draws=2, samples=2_000, seed=1)
    text = str(e)
    assert "(unknown) draws 2, 1" in text and "(unknown) stands pat" in text
    assert repr(e).startswith("<Equity badeucey: 7s 5h 4d 3c 2s vs ?2,1 vs ?, 2 draw(s)")
    data = json.loads(json.dumps(e.to_dict()))
    assert data["seats"][1]["unknown_draws"] == [2, 1] and "unknown_draws" not in data["seats"][2]
    assert "(unknown) draws 1 each draw" in str(bf.equity([NUMBER_ONE, "?1"], draws=2, samples=100, seed=1))
    assert "(unknown) stands pat" not in str(bf.equity([NUMBER_ONE, None]))


@pytest.mark.parametrize(
    ("hands", "draws", "game", "message"),
    [
        ([NUMBER_ONE, "?6"], 1, "badeucey", "draws 6 cards, more than the 5 of a hand"),
        ([BADUGI_HAND, "?5"], 1, "badugi", "draws 5 cards, more than the 4 of a hand"),
        ([NUMBER_ONE, "?a"], 1, "badeucey", "'?a' is no unknown seat"),
        ([NUMBER_ONE, "?1,-1"], 2, "badeucey", "is no unknown seat"),
        ([NUMBER_ONE, "?1,2"], 3, "badeucey", "gives 2 draw counts for 3 draws"),
        ([NUMBER_ONE, "?1"], 0, "badeucey", "draws, but no draw is left (draws=0)"),
        ([NUMBER_ONE, *["?5"] * 8], 3, "badeucey", "unseen cards; only 47 remain"),
    ],
)
def test_bad_unknown_seats_are_named(hands: list[str], draws: int, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        bf.equity(hands, draws=draws, game=game)


def test_an_unknown_seat_cannot_discard_and_text_is_no_sequence_of_hands() -> None:
    with pytest.raises(ValueError, match="seat 1 has unknown cards, so it cannot discard"):
        bf.equity([NUMBER_ONE, "?1"], discards=[None, "Ks"], draws=1)
    with pytest.raises(TypeError, match="hands must be a sequence"):
        bf.equity("?1", draws=1)  # type: ignore[arg-type]


def test_cli_opponent_draws(run_cli: RunCli) -> None:
    done = run_cli("equity", NUMBER_ONE, "random", "x:2,1", "--draws", "2", "--opponent-draws", "1",
                   "--samples", "2000", "--seed", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("(unknown) draws 1 each draw" in line for line in lines)
    assert any("(unknown) draws 2, 1" in line for line in lines)
    assert ("seat 1 (unknown cards) is dealt at random and throws and draws 1 card in each draw: first the cards "
            "outside its best badugi, then cards that pair another, then its highest cards") in lines
    pat = run_cli("equity", NUMBER_ONE, "random", "--draws", "1", "--samples", "500", "--seed", "1")
    assert "seat 1 (unknown cards) is dealt at random and stands pat in the draw" in pat.stdout.splitlines()
    data = json.loads(run_cli("equity", NUMBER_ONE, "?1", "--draws", "1", "--samples", "500",
                              "--seed", "1", "--json").stdout)
    assert data["seats"][1]["unknown_draws"] == [1]
    bad = run_cli("equity", NUMBER_ONE, "random", "--draws", "1", "--opponent-draws", "9")
    assert bad.returncode != 0 and "more than the 5 of a hand" in bad.stderr
    alone = run_cli("equity", NUMBER_ONE, "6s 6h 4h 3d 2c", "--draws", "1", "--opponent-draws", "1")
    assert alone.returncode != 0 and "--opponent-draws needs an unknown seat" in alone.stderr
