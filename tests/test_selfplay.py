"""Self-play in C (:func:`badeucey_fast.play.selfplay`) and :func:`play_match`'s use of it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import badeucey_fast._native.table as ctable
import badeucey_fast.play.self_play as selfplay_module
from badeucey_fast.jobs import InlineExecutor, JobProgress, local_executor
from badeucey_fast.play import CallingBot, DrawingBot, MatchResult, RandomBot, TableRules, play_match, selfplay


def chips(result: MatchResult, big_blind: int = 2) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The per-deal results back in chips (over the deal's rotations)."""
    rotations = len(result.bots) if result.duplicate else 1
    return np.rint(result.per_deal * big_blind * rotations / 1000).astype(np.int64)


def test_result_is_a_read_only_match_result() -> None:
    result = selfplay("badugi", ["random", "calling"], 1001, seed=4)
    assert isinstance(result, MatchResult)
    assert result.bots == ("random", "calling") and result.game == "badugi" and result.seed == 4
    assert result.hands == 1002 and result.deals == 501 and result.duplicate  # rounded up to whole deals
    assert result.per_deal.shape == (501, 2) and not result.per_deal.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        result.per_deal[0, 0] = 1.0
    assert result == selfplay("badugi", ["random", "calling"], 1001, seed=4)
    assert selfplay("badugi", ["random", "calling"], 1001, seed=5) != result
    assert selfplay("badugi", ["random", "calling"], 10, seed=4, keep_deals=False).per_deal.shape == (0, 2)
    unseeded = selfplay("badugi", ["random", "random"], 20)
    assert selfplay("badugi", ["random", "random"], 20, seed=unseeded.seed) == unseeded


def test_zero_sum_per_deal() -> None:
    for game, seats in (("badeucey", 2), ("badugi", 5), ("deuce_seven", 3)):
        for duplicate in (True, False):
            result = selfplay(game, ["random", "calling", "drawing", "random", "calling"][:seats], 300, seed=1,
                              duplicate=duplicate)
            won = chips(result)
            assert not won.sum(axis=1).any() and won.any(), (game, duplicate)
            assert abs(sum(result.mbb_per_hand)) < 1e-6


def test_duplicate_rotation_cancels_the_cards() -> None:
    """Identical deterministic policies hold each seat's cards once in duplicate: every deal nets 0."""
    for seats in (2, 3):
        rotated = selfplay("badeucey", ["calling"] * seats, 600, seed=2)
        assert not chips(rotated).any() and rotated.hands == 600
        once = selfplay("badeucey", ["calling"] * seats, 600, seed=2, duplicate=False)
        assert once.deals == 600 and chips(once).any()
    # the deal's button moves one seat a deal, and each rotation replays the same cards
    assert selfplay("badugi", ["calling", "random"], 50, seed=3, duplicate=False).hands == 50


@pytest.mark.no_sanitize  # the executors; the C self-play is the other tests'
def test_same_results_whatever_runs_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(executor: Any, chunk: int) -> tuple[MatchResult, list[JobProgress]]:
        monkeypatch.setattr(selfplay_module, "SELFPLAY_CHUNK_DEALS", chunk)
        seen: list[JobProgress] = []
        result = selfplay("badacey", ["random", "drawing", "calling"], 1500, seed=9, executor=executor,
                          progress=seen.append)
        return result, seen

    inline, seen = run(InlineExecutor(), 100)
    assert [p.chunks_done for p in seen] == list(range(6)) and seen[-1].items_done == 1500
    with local_executor(2) as pool:
        pooled, _ = run(pool, 100)
    assert pooled == inline and pooled.per_deal.tobytes() == inline.per_deal.tobytes()  # bit for bit
    # a deal's result depends on the seed and its number only, not on the chunks
    for chunk in (7, selfplay_module.SELFPLAY_CHUNK_DEALS):
        other, _ = run(InlineExecutor(), chunk)
        assert other.per_deal.tobytes() == inline.per_deal.tobytes()
        assert other.mbb_per_hand == pytest.approx(inline.mbb_per_hand, abs=1e-9)
    shorter = selfplay("badacey", ["random", "drawing", "calling"], 600, seed=9, executor=InlineExecutor())
    assert shorter.per_deal.tobytes() == inline.per_deal[:200].tobytes()


def test_checkpoint_resumes(tmp_path: Any) -> None:
    path = tmp_path / "run.ckpt"
    first = selfplay("badugi", ["random", "calling"], 400, seed=1, checkpoint=path, executor=InlineExecutor())
    assert path.exists()
    assert selfplay("badugi", ["random", "calling"], 400, seed=1, checkpoint=path) == first
    with pytest.raises(ValueError, match="needs a seed"):
        selfplay("badugi", ["random", "calling"], 400, checkpoint=path)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": 0}, ValueError, "hands must be at least 1"),
        ({"hands": 2.5}, TypeError, "hands must be an integer"),
        ({"seed": -1}, ValueError, "seed must be in"),
        ({"seed": "1"}, TypeError, "seed must be an integer"),
        ({"seed": True}, TypeError, "seed must be an integer"),
        ({"policies": "random"}, TypeError, "policies must be a sequence"),
        ({"policies": ["random"]}, ValueError, "policies: badugi seats 2..10, got 1"),
        ({"policies": ["random"] * 11}, ValueError, "policies: badugi seats 2..10, got 11"),
        ({"policies": ["random", 1]}, TypeError, "policies: a policy is a name"),
        ({"policies": ["random", "folding"]}, ValueError, "unknown policy 'folding'"),
        ({"stacks": 0}, ValueError, "stacks must be"),
        ({"stacks": 2**41}, ValueError, "stacks must be"),
        ({"stacks": 1.5}, TypeError, "stacks must be an integer"),
        ({"stacks": [100, 50]}, ValueError, "stacks: duplicate play needs equal stacks"),
        ({"stacks": [100, 100, 100]}, ValueError, "stacks: 3 stacks for 2 seats"),
        ({"game_or_rules": 3}, TypeError, "game_or_rules must be"),
        ({"game_or_rules": "hold'em"}, ValueError, "hold'em"),
    ],
)
def test_bad_input_names_the_parameter(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    call: dict[str, Any] = {"game_or_rules": "badugi", "policies": ["random", "calling"], "hands": 10, "seed": 1}
    call.update(kwargs)
    with pytest.raises(error, match=message.replace("(", r"\(").replace(".", r"\.")):
        selfplay(call.pop("game_or_rules"), call.pop("policies"), call.pop("hands"), **call)


def test_unequal_stacks_without_duplicate() -> None:
    result = selfplay("badugi", ["calling", "calling"], 200, seed=1, stacks=[10, 400], duplicate=False)
    assert not chips(result).sum(axis=1).any()
    assert max(abs(chips(result)[:, 0])) <= 10  # a 10-chip stack risks no more


@pytest.mark.parametrize(
    ("rules", "bots", "hands"),
    [
        (TableRules("badeucey"), ("random", "calling"), 2000),
        (TableRules("deuce_seven", structure="pot"), ("random", "calling"), 4000),  # heavy tails: more hands
        (TableRules("badugi", structure="no"), ("random", "random", "calling"), 1800),
    ],
    ids=["fixed", "pot", "no-limit-3"],
)
def test_c_policies_agree_with_the_python_bots(rules: TableRules, bots: tuple[str, ...], hands: int) -> None:
    """The C random and calling policies win what the Python bots win: the C
    mean lies in the Python match's interval (deterministic seeds)."""
    python_bots = [RandomBot() if b == "random" else CallingBot() for b in bots]
    python = play_match(python_bots, hands=hands, rules=rules, seed=3, executor=InlineExecutor(), engine="python")
    c = selfplay(rules, bots, 60_000, seed=3, executor=InlineExecutor())
    for seat in range(len(bots)):
        (low_p, high_p), (low_c, high_c) = python.ci95[seat], c.ci95[seat]
        assert low_p <= c.mbb_per_hand[seat] <= high_p, (seat, python, c)
        assert high_c - low_c < (high_p - low_p) / 2  # many more hands, a narrower interval


def test_c_drawing_policy_beats_random_and_calling() -> None:
    """DrawingBot's rule in C wins as the Python bot does (test_bots: 0.2 big blinds a hand at least)."""
    for opponent in ("random", "calling"):
        result = selfplay("badeucey", ["drawing", opponent], 1000, seed=5)
        assert result.ci95[0][0] > 200 and result.ci95[1][1] < 0, result


def test_play_match_plays_built_in_bots_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, ...]] = []
    real = selfplay_module.run_selfplay

    def spy(*args: Any, **kwargs: Any) -> MatchResult:
        calls.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(selfplay_module, "run_selfplay", spy)

    class Subclassed(RandomBot):
        pass

    def played_in_c(bots: list[Any], **kwargs: Any) -> tuple[str, ...] | None:
        calls.clear()
        play_match(bots, hands=20, seed=1, executor=InlineExecutor(), **kwargs)
        return calls[0] if calls else None

    assert played_in_c([RandomBot(), CallingBot()]) == ("random", "calling")
    assert played_in_c([DrawingBot(), RandomBot(seed=3), CallingBot()]) == ("drawing", "random", "calling")
    assert played_in_c([DrawingBot("badugi"), RandomBot()], game="badugi") == ("drawing", "random")
    assert played_in_c([DrawingBot(cache_size=10), CallingBot()]) == ("drawing", "calling")  # the cache changes nothing
    assert played_in_c([RandomBot(), CallingBot()], engine="python") is None
    assert played_in_c([Subclassed(), CallingBot()]) is None
    assert played_in_c([DrawingBot(samples=32), CallingBot()]) is None
    assert played_in_c([DrawingBot(raise_at=(0.2, 0.1, 0.1, 0.1)), CallingBot()]) is None
    assert played_in_c([DrawingBot(call_at=(0.5, 0.5, 0.4, 0.3)), CallingBot()]) is None
    own = CallingBot()
    own.act = lambda view: "cc" if view.phase == "bet" else "sd"  # type: ignore[method-assign]
    assert played_in_c([own, RandomBot()]) is None
    watching = RandomBot()
    seen: list[Any] = []
    watching.observe = seen.append  # type: ignore[attr-defined]
    assert played_in_c([watching, CallingBot()]) is None and len(seen) == 20  # observe needs the Python views
    with pytest.raises(ValueError, match=r"stacks must be 1\.\.1099511627776, got 2199023255552"):  # one engine, one limit: refused up front
        play_match([RandomBot(), CallingBot()], hands=20, seed=1, stacks=2**41, engine="python")
    with pytest.raises(ValueError, match="engine='c' plays only"):
        play_match([Subclassed(), CallingBot()], hands=20, seed=1, engine="c")
    with pytest.raises(ValueError, match="engine must be one of"):
        play_match([RandomBot(), CallingBot()], hands=20, seed=1, engine="fast")


def test_play_match_in_c_is_selfplay_on_shuffled_deals() -> None:
    """A match of built-in bots is self-play on the deals matches have always
    had (each deal's deck shuffled whole); selfplay draws its cards as dealt,
    so the same seed deals other cards there."""
    match = play_match([RandomBot(), CallingBot()], hands=3000, game="badugi", seed=7, executor=InlineExecutor())
    c_seed = int(np.random.SeedSequence(7).generate_state(1, np.uint64)[0])
    shuffled = ctable.selfplay(TableRules("badugi"), [200, 200], ["random", "calling"], 1500, c_seed,
                               dealing="shuffled")
    assert match.bots == ("RandomBot()", "CallingBot()")
    assert np.array_equal(chips(match), shuffled)
    direct = selfplay("badugi", ["random", "calling"], 3000, seed=7, executor=InlineExecutor())
    assert direct.per_deal.shape == match.per_deal.shape and not np.array_equal(direct.per_deal, match.per_deal)
    assert play_match([RandomBot(), CallingBot()], hands=3000, game="badugi", seed=7, engine="c",
                      executor=InlineExecutor()) == match
