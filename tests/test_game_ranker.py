"""One ranker per game: Game.ranker() and Game.batch_ranker() agree with the ranking functions."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import badeucey_fast as bf
from badeucey_fast.games import Game

VARIANTS = [
    *bf.GAMES.values(),
    dataclasses.replace(bf.GAMES["badeucey"], name="badeucey_aces_low", badugi="low"),  # split, no one-call C entry
    dataclasses.replace(bf.GAMES["badacey"], name="badacey_deuce_seven", low="deuce_seven"),
    dataclasses.replace(bf.GAMES["badugi"], name="badugi_five", hand_size=5),
]


def _expected(game: Game, ids: tuple[int, ...]) -> tuple[int, ...]:
    """Each half's rank from the one-ranking functions."""
    out = []
    for half in game.halves:
        ranking = game.ranking(half)
        if ranking.startswith("badugi"):
            out.append(bf.badugi_rank(ids, ace_high=ranking == "badugi_high"))
        elif ranking == "deuce_seven":
            out.append(bf.deuce_seven_rank(ids))
        else:
            out.append(bf.ace_five_rank(ids))
    return tuple(out)


@pytest.mark.parametrize("game", VARIANTS, ids=lambda g: g.name)
def test_the_ranker_agrees_with_the_ranking_functions(game: Game) -> None:
    hands = bf.random_hands(3000, cards=game.hand_size, seed=26)
    hands[0] = np.arange(game.hand_size)  # cards 0 and 1: the C core's flagged results
    rank = game.ranker()
    assert game.ranker() is rank  # made once per game
    rows = [tuple(row) for row in hands.tolist()]
    ranks = [rank(row) for row in rows]
    assert ranks == [_expected(game, row) for row in rows]
    assert [rank(list(row)) for row in rows[:50]] == ranks[:50]  # a list of ids too
    assert [game.ranks(row) for row in rows[:50]] == ranks[:50]
    columns = game.batch_ranker()(hands)
    assert game.batch_ranker() is game.batch_ranker()
    assert len(columns) == len(game.halves)
    assert all(c.dtype == np.uint16 and c.shape == (len(rows),) for c in columns)
    assert [tuple(int(c[i]) for c in columns) for i in range(len(rows))] == ranks


def test_the_batch_ranker_refuses_what_the_batch_functions_refuse() -> None:
    with pytest.raises(TypeError, match="uint8"):
        bf.GAMES["badeucey"].batch_ranker()(np.zeros((1, 5), dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        bf.GAMES["badugi"].batch_ranker()(np.zeros((1, 6), dtype=np.uint8))


def test_showdown_and_compare_rank_with_the_games_ranker() -> None:
    game = VARIANTS[5]  # a split game whose halves take a C call each
    a, b = (23, 14, 9, 4, 3), (22, 18, 10, 5, 1)
    result = bf.showdown([a, b], 100, game=game)
    assert [tuple(h.ranks.values()) for h in result.hands if h is not None] == [_expected(game, a), _expected(game, b)]
    assert tuple(bf.compare(a, b, game=game)) == tuple(  # type: ignore[arg-type]
        (x < y) - (x > y) for x, y in zip(_expected(game, a), _expected(game, b)))


def test_half_labels_come_from_the_game() -> None:
    result = bf.showdown(["As 2c 3d 4h 5s", "Kc Qd Jh 9s 8c"], 10)
    for game in VARIANTS:
        for half in game.halves:
            assert game.label(half) in ("Badugi", "2-7", "A-5")
    assert all(f"{bf.get_game('badeucey').label(half)}:" in str(result) for half in ("badugi", "low"))
