"""SearchBot (badeucey_fast.play.bots) and its full-game search (badeucey_fast.solve.particle_search).

The bot plays CFRBot's strategy and, in the last betting round, the re-solved
round; these tests take one such decision of the shipped Badugi strategy (the
smallest hands) and check it is legal, a distribution, seeded, and read from the
view alone; that the round's later decisions read the same solution; and that
the other seat's sampled range holds no card the seat has seen and matches its
exact posterior on a twelve-card deck.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from badeucey_fast.cards import NAME_OF
from badeucey_fast.play import Hand, make_bot
from badeucey_fast.play.bots import CFRBot, SearchBot
from badeucey_fast.play.events import Deal, Draw
from badeucey_fast.play.view import HandView
from badeucey_fast.solve import heads_up_rules
from badeucey_fast.solve.particle_search import sampled_ranges, search_probabilities, searchable


@pytest.fixture(scope="module")
def last_round_view() -> HandView:
    """The first last-round betting decision of CFRBot against itself in Badugi, by seed."""
    rules = heads_up_rules("badugi")
    bot = CFRBot(game="badugi", seed=1)
    for seed in range(100):
        hand = Hand(rules, [200, 200], seed=seed)
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if searchable(view):
                return view
            hand.act(bot.act(view))
    raise AssertionError("no hand reached the last round")


@pytest.fixture(scope="module")
def two_decisions() -> tuple[HandView, HandView]:
    """A seat's first and second betting decisions in the last round of one
    hand of CFRBot against itself in Badugi, by seed."""
    rules = heads_up_rules("badugi")
    bot = CFRBot(game="badugi", seed=1)
    for seed in range(200):
        hand = Hand(rules, [200, 200], seed=seed)
        seen: dict[int, HandView] = {}
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if searchable(view):
                if view.seat in seen:
                    return seen[view.seat], view
                seen[view.seat] = view
            hand.act(bot.act(view))
    raise AssertionError("no seat acted twice in a last round")


def test_the_bot_plays_the_whole_round_from_one_re_solve(two_decisions: tuple[HandView, HandView]) -> None:
    """A later decision of the round reads the solution found at the seat's
    first: re-solving there would weigh the seat's own range by the blueprint's
    probabilities of the actions it took, when it took them from the solution."""
    first, later = two_decisions
    bot = SearchBot(game="badugi", seed=3, budget=30, particles=8)
    assert bot.searched(first) is not None
    solution = bot.solution
    assert solution is not None
    assert bot.searched(later) == solution.probabilities(later) is not None
    assert bot.solution is solution


def test_the_other_seats_range_holds_no_card_the_seat_has_seen(last_round_view: HandView) -> None:
    """Card removal: the other seat can hold none of the cards the seat was
    dealt, threw or drew (the cards still in the seat's hand included)."""
    view = last_round_view
    seen = _seen_by(view)
    assert len(seen) > len(view.cards)  # the seat has thrown cards
    ranges = sampled_ranges(SearchBot(game="badugi").strategy, view, particles=32, rng=random.Random(1))
    other = ranges[1 - view.seat]
    assert other
    assert not [h for h in other if seen & set(h)]


def test_search_gives_a_distribution_over_the_legal_actions(last_round_view: HandView) -> None:
    bot = SearchBot(game="badugi", seed=1, budget=50, particles=8)
    found = search_probabilities(bot.strategy, last_round_view, iterations=50, particles=8, rng=random.Random(1))
    assert found is not None
    assert abs(sum(found.values()) - 1.0) < 1e-9 and min(found.values()) >= 0.0
    legal = {-1} if last_round_view.to_call else set()
    legal.add(0)
    if last_round_view.min_raise_to is not None:
        legal.add(last_round_view.min_raise_to)
    assert set(found) == legal
    assert bot.act(last_round_view).split()[0] in ("f", "cc", "cbr")


def test_search_is_seeded(last_round_view: HandView) -> None:
    strategy = SearchBot(game="badugi").strategy
    runs = [search_probabilities(strategy, last_round_view, iterations=30, particles=8, rng=random.Random(7))
            for _ in range(2)]
    assert runs[0] == runs[1]
    bots = [SearchBot(strategy, seed=3, budget=30, particles=8) for _ in range(2)]
    assert [bots[0].act(last_round_view) for _ in range(3)] == [bots[1].act(last_round_view) for _ in range(3)]


def test_the_view_hides_what_search_may_not_read(last_round_view: HandView) -> None:
    other = 1 - last_round_view.seat
    assert all(getattr(e, "cards", None) is None and getattr(e, "dealt", None) is None
               for e in last_round_view.events if getattr(e, "seat", None) == other and e.kind in ("deal", "draw"))


def test_search_bot_by_name() -> None:
    assert repr(make_bot("search", game="badugi")) == "SearchBot(game='badugi')"
    with pytest.raises(ValueError, match="particles must be"):
        SearchBot(game="badugi", particles=0)


def test_a_match_plays_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.cli import main

    assert main(["match", "--bots", "search,cfr", "--game", "badugi", "--hands", "4", "--seed", "1"]) == 0
    assert "search" in capsys.readouterr().out.lower()


class _Blueprint:
    """A stand-in blueprint whose every probability depends on the seat's cards
    (not their order), for the brute-force check of the sampled ranges."""

    abstraction = type("Abstraction", (), {"recall": False})()

    def probabilities_at(self, position: int, round: int, phase: str, cards: list[int], history: list[int],
                         own: tuple[int, ...] = (), *, can_fold: bool = False, raise_to: int | None = None,
                         max_discard: int = 0) -> dict[int, float]:
        if phase == "bet":
            actions = ([-1] if can_fold else []) + [0] + ([raise_to] if raise_to is not None else [])
            weights = [(1 + (sum(cards) * (i + 3) + 7 * position + len(history)) % 5) ** 3 for i in range(len(actions))]
        else:
            actions = [0] + [1 << i for i in range(len(cards))] if max_discard else [0]
            weights = [(1 + sum(cards) % 3) ** 3] + [(1 + 3 * c % 4) ** 3 for c in cards][:len(actions) - 1]
        return {a: w / sum(weights) for a, w in zip(actions, weights, strict=True)}

    def probabilities_many(self, position: int, round: int, phase: str, holdings: list[list[int]],
                           history: list[int], own: tuple[int, ...] = (), **legal: Any) -> list[dict[int, float]]:
        return [self.probabilities_at(position, round, phase, [int(c) for c in cards], history, own, **legal)
                for cards in holdings]


def _seen_by(view: HandView) -> set[int]:
    """Every card the view's seat was dealt, threw or drew (its hand's included)."""
    seen = set(view.cards)
    for e in view.events:
        if isinstance(e, Deal) and e.seat == view.seat:
            seen.update(e.cards or ())
        elif isinstance(e, Draw) and e.seat == view.seat:
            seen.update((e.thrown or ()) + (e.dealt or ()))
    return seen


def _exact_other_range(view: HandView, blueprint: _Blueprint, deck: list[int]) -> dict[tuple[int, ...], float]:
    """The other seat's final holding given what the seat saw, by listing every
    dealt hand and draw: chance deals it uniformly from the cards the seat never
    saw, weighted by the blueprint's probability of its public actions."""
    from itertools import combinations
    from math import comb

    from badeucey_fast.solve.particle_search import _replay

    other = 1 - view.seat
    seen = _seen_by(view)
    unseen = [c for c in deck if c not in seen]
    position = (other - view.button) % 2
    decisions = [d for d in _replay(view, random.Random(0))[1] if d.seat == other]
    out: dict[tuple[int, ...], float] = {}
    for dealt in combinations(unseen, len(view.cards)):
        worlds = [(list(dealt), set(dealt), 1.0)]
        for d in decisions:
            after = []
            for cards, used, p in worlds:
                probabilities = blueprint.probabilities_at(position, d.round, d.phase, cards, list(d.history),
                                                           can_fold=d.can_fold, raise_to=d.raise_to,
                                                           max_discard=d.max_discard)
                if d.phase == "bet":
                    after.append((cards, used, p * probabilities.get(d.action, 0.0)))
                    continue
                rest = [c for c in unseen if c not in used]
                for mask, q in probabilities.items():
                    if bin(mask).count("1") != d.action:
                        continue
                    kept = [c for k, c in enumerate(cards) if not mask >> k & 1]
                    for got in combinations(rest, d.action):
                        after.append((kept + list(got), used | set(got), p * q / comb(len(rest), d.action)))
            worlds = after
        for cards, _, p in worlds:
            key = tuple(sorted(cards))
            out[key] = out.get(key, 0.0) + p
    return out


def test_the_sampled_range_of_the_other_seat_matches_brute_force() -> None:
    """On a twelve-card Badugi deck with one draw (every deal and draw listable),
    the other seat's sampled range, normalised, is its exact posterior given
    what the seat saw: chance over the cards the seat never saw, times the
    blueprint's probability of the other seat's public actions."""
    from badeucey_fast.play import TableRules

    small = "As 2s 3s 4s Ah 2h 3h 4h Ad 2d 3d 4d"
    rules = TableRules("badugi", small_blind=1, big_blind=2, cap=1, heads_up_cap=1)
    order = small.split() + [NAME_OF[c] for c in range(52) if NAME_OF[c] not in small.split()]
    hand = Hand(rules, [20, 20], button=0, deck=" ".join(order))  # the first draw's cards come from the twelve
    while hand.round < 1 or hand.phase != "bet":
        view = hand.view(hand.to_act)
        hand.act(f"sd {NAME_OF[view.cards[0]]}" if view.phase == "draw" else "cc")
    # the hand so far is one of the twelve-card game with one draw: its view, with those rules
    view = dataclasses.replace(hand.view(hand.to_act), rules=dataclasses.replace(rules, deck=small, draws=1,
                                                                                 max_discard=1))
    assert searchable(view)
    blueprint = _Blueprint()
    exact = _exact_other_range(view, blueprint, [int(c) for c in view.rules.deck])  # type: ignore[union-attr]
    sampled = sampled_ranges(blueprint, view, particles=12_000, rng=random.Random(2))[1 - view.seat]  # type: ignore[arg-type]
    total_exact, total_sampled = sum(exact.values()), sum(sampled.values())
    assert set(sampled) <= set(exact)
    assert max(abs(p / total_exact - 1 / len(exact)) for p in exact.values()) > 0.025  # far from chance alone
    gap = max(abs(exact[h] / total_exact - sampled.get(h, 0.0) / total_sampled) for h in exact)
    assert gap < 0.01, gap
