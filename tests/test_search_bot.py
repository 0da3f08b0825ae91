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
from badeucey_fast.play.view import HandView
from badeucey_fast.solve import heads_up_rules
from badeucey_fast.solve.particle_search import search_probabilities, searchable


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
