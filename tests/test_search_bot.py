"""SearchBot (badeucey_fast.play.bots) and its full-game search (badeucey_fast.solve.particle_search).

The bot plays CFRBot's strategy and, in the last betting round, the re-solved
round; these tests take one such decision of the shipped Badugi strategy (the
smallest hands) and check it is legal, a distribution, seeded, and read from the
view alone.
"""

from __future__ import annotations

import random

import pytest

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
    seen = set(view.cards)
    for e in view.events:
        if isinstance(e, Deal) and e.seat == view.seat:
            seen.update(e.cards or ())
        elif isinstance(e, Draw) and e.seat == view.seat:
            seen.update((e.thrown or ()) + (e.dealt or ()))
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
