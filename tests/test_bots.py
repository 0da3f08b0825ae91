"""Bots and matches: legal play, honest intervals, reproducibility.

The big counts are parameters: ``BADEUCEY_BOT_HANDS`` (hands per game and
structure in the legality test's three-bot match, default 1000: about a minute
for the whole test on a loaded 2-core machine; 100,000 hands per game is
``BADEUCEY_BOT_HANDS=34000``, about 110 s of CPU a game) and
``BADEUCEY_COVERAGE_MATCHES`` (matches in the coverage simulation).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import pathlib
import pickle
import statistics
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from badeucey_fast.cards import parse_cards
from badeucey_fast.bots import (
    Bot,
    CallingBot,
    DrawingBot,
    IllegalActionError,
    MatchResult,
    RandomBot,
    make_bot,
    play_match,
)
from badeucey_fast.engine import Hand, HandView, TableRules
from badeucey_fast.games import GAMES
from badeucey_fast.jobs import InlineExecutor, JobProgress, local_executor

from .conftest import RunCli

HANDS = int(os.environ.get("BADEUCEY_BOT_HANDS", "1000"))
COVERAGE_MATCHES = int(os.environ.get("BADEUCEY_COVERAGE_MATCHES", "200"))


ACTIONS: dict[str, int] = {}
"""Actions checked, by bot (play_match plays copies of the bots, so the count lives here)."""


class Checking:
    """Wraps a bot and checks every action it takes against the view's legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def reset(self, seed: int) -> None:
        getattr(self.bot, "reset", lambda s: None)(seed)

    def set_rules(self, rules: TableRules) -> None:
        getattr(self.bot, "set_rules", lambda r: None)(rules)

    def act(self, view: HandView) -> str:
        action = self.bot.act(view)
        legal = view.legal_actions
        word = action.split()[0]
        if word == "sd":
            assert legal == ("sd",)
            thrown = action.split()[1:]
            assert len(set(thrown)) == len(thrown)
        elif word == "cbr":
            amounts = [int(a.split()[1]) for a in legal if a.startswith("cbr")]
            assert amounts and min(amounts) <= int(action.split()[1]) <= max(amounts)
        else:
            assert action in legal, (action, legal)
        ACTIONS[type(self.bot).__name__] = ACTIONS.get(type(self.bot).__name__, 0) + 1
        return action

    def __repr__(self) -> str:
        return repr(self.bot)


def test_protocol_and_names() -> None:
    for bot in (RandomBot(), DrawingBot(), CallingBot(), make_bot("drawing"), make_bot(" Random ")):
        assert isinstance(bot, Bot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("shark")


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="hands"):
        play_match([RandomBot(), RandomBot()], hands=0)
    with pytest.raises(ValueError, match="seats 2..8"):
        play_match([RandomBot()], hands=10)
    with pytest.raises(TypeError, match="act"):
        play_match([RandomBot(), object()], hands=10)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="equal stacks"):
        play_match([RandomBot(), RandomBot()], hands=10, stacks=[100, 50])
    with pytest.raises(ValueError, match="seed"):
        play_match([RandomBot(), RandomBot()], hands=10, seed=-1)
    with pytest.raises(ValueError, match="samples"):
        DrawingBot(samples=0)
    with pytest.raises(ValueError, match="raise_at"):
        DrawingBot(raise_at=(0.1,))
    with pytest.raises(ValueError, match="DrawingBot plays badugi, 4 cards; the view holds 5"):
        DrawingBot("badugi").act(Hand(TableRules(), [50, 50], seed=1).view(0))


class Cheat:
    """Always bets far too much (module level: a pool worker unpickles it)."""

    def act(self, view: HandView) -> str:
        return "cbr 1000"

    def __repr__(self) -> str:
        return "Cheat()"


def test_an_illegal_bot_is_named() -> None:
    with pytest.raises(IllegalActionError, match=r"bot 1 \(Cheat\(\)\) played an illegal action 'cbr 1000'"):
        play_match([CallingBot(), Cheat()], hands=2, seed=1)
    with ProcessPoolExecutor(1) as pool, pytest.raises(ValueError, match=r"bot 1 \(Cheat\(\)\) played an illegal"):
        play_match([CallingBot(), Cheat()], hands=2, seed=1, executor=pool)  # the same error from a worker


@pytest.mark.parametrize(
    ("game", "structure"),
    # the quick suite plays every game and every structure once; the exhaustive run every pair
    [pytest.param(game, structure, marks=() if (g - s) % 3 == 0 else pytest.mark.slow)
     for s, structure in enumerate(["fixed", "pot", "no"]) for g, game in enumerate(GAMES)],
)
def test_bots_play_only_legal_actions(game: str, structure: str) -> None:
    rules = TableRules(game, structure=structure)
    bots = [Checking(RandomBot()), Checking(DrawingBot()), Checking(CallingBot())]
    inline = InlineExecutor()  # in this process, so the checks count here
    result = play_match(bots, hands=HANDS, rules=rules, seed=11, stacks=60, executor=inline)
    assert result.hands >= HANDS
    assert all(ACTIONS.pop(type(b.bot).__name__, 0) > 0 for b in bots)
    assert abs(sum(result.mbb_per_hand)) < 1e-6  # chips are conserved
    for seats in (2, 6):
        pair = [Checking(DrawingBot()) if i % 2 else Checking(RandomBot()) for i in range(seats)]
        play_match(pair, hands=max(seats, HANDS // 4), rules=rules, seed=12, duplicate=False, executor=inline)


def _draw_view(cards: str, round: int = 1, phase: str = "draw", game: str = "badeucey") -> HandView:
    return HandView(seat=0, n_seats=2, button=0, to_act=0, phase=phase, round=round, pot=4, stacks=(48, 48),
                    bets=(0, 0), folded=(False, False), all_in=(False, False), cards=parse_cards(cards),
                    draws=((None, None),), history=(), legal_actions=("sd",) if phase == "draw" else ("cc", "cbr 2"),
                    rules=TableRules(game))


def test_drawing_bot_draws_sensibly() -> None:
    bot = DrawingBot("deuce_seven")
    nuts = _draw_view("7s 5h 4d 3c 2s")
    assert bot.act(nuts) == "sd"  # the nuts stands pat
    assert bot.strength(nuts) < 0.001
    assert bot.act(_draw_view("7s 5h 4d 3c 2s", round=3, phase="bet")) == "cbr 2"
    thrown = bot.act(_draw_view("Kd Kh 7c 4d 2s")).split()[1:]
    assert {"Kd", "Kh"} & set(thrown)  # a king of the pair goes, the 7-4-2 stays
    assert not {"7c", "4d", "2s"} & set(thrown)
    badugi = DrawingBot("badugi")
    assert badugi.act(_draw_view("Ac 2d 3h Ks")) == "sd"
    assert badugi.act(_draw_view("Ac 2d 3h Kh")) == "sd Kh"
    assert badugi.act(_draw_view("Ac 2d 3h Kh", round=3, phase="bet")) == "cc"


def test_views_carry_the_rules_so_bots_need_no_set_rules() -> None:
    rules = TableRules("badugi", structure="pot", big_blind=4)
    hand = Hand(rules, [80, 80], seed=2)
    view = hand.view(0)
    assert view.rules is rules and view.game.name == "badugi" and view.rules.structure == "pot"
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.rules = TableRules()  # type: ignore[misc]
    bot = DrawingBot()  # no game, no set_rules: each view says which game is played
    assert bot.act(_draw_view("Ac 2d 3h Kh", game="badugi")) == "sd Kh"
    assert bot.act(_draw_view("7s 5h 4d 3c 2s", game="deuce_seven")) == "sd"
    assert repr(bot) == "DrawingBot()"
    bot.set_rules(TableRules("badugi"))  # the older hook still pins the game
    assert repr(bot) == "DrawingBot('badugi')"
    with pytest.raises(ValueError, match="DrawingBot plays badugi"):
        bot.act(_draw_view("7s 5h 4d 3c 2s", game="deuce_seven"))


def test_random_vs_random_interval_contains_zero() -> None:
    result = play_match([RandomBot(), RandomBot()], hands=2000, seed=3)
    assert isinstance(result, MatchResult)
    assert result.hands == 2000 and result.deals == 1000
    for low, high in result.ci95:
        assert low < 0 < high
    # the figures are the per-deal sample's mean and 1.96 standard errors, as MatchResult says
    assert len(result.per_deal) == result.deals
    for seat in range(2):
        sample = [deal[seat] for deal in result.per_deal]
        mean, half = statistics.fmean(sample), 1.96 * statistics.stdev(sample) / math.sqrt(len(sample))
        assert result.mbb_per_hand[seat] == pytest.approx(mean)
        assert result.ci95[seat] == pytest.approx((mean - half, mean + half), rel=1e-3)


@pytest.mark.parametrize(
    "game", [pytest.param(game, marks=() if game == "badeucey" else pytest.mark.slow) for game in GAMES]
)
def test_drawing_bot_beats_random_and_calling(game: str) -> None:
    for opponent in (RandomBot(), CallingBot()):
        result = play_match([DrawingBot(), opponent], hands=1000, game=game, seed=5)
        assert result.ci95[0][0] > 200, (game, opponent, result)  # 0.2 big blinds a hand at least
        assert result.ci95[1][1] < 0


def test_coverage_by_simulation() -> None:
    """Identical bots have a true edge of 0: about 95% of intervals must contain it."""
    covered = 0
    for seed in range(COVERAGE_MATCHES):
        result = play_match([RandomBot(), RandomBot()], hands=60, game="badugi", seed=seed)
        low, high = result.ci95[0]
        covered += low <= 0 <= high
    share = covered / COVERAGE_MATCHES
    # binomial sd at 95% and 200 matches is 1.5%; 30 deals per match make the normal
    # interval a little short, so the band is wide on the low side
    assert 0.88 <= share <= 0.99, share


@pytest.mark.slow
def test_seed_reproduces_a_match_whatever_runs_it() -> None:
    bots = [DrawingBot(), RandomBot()]  # the Python bots (engine="python"): chunks of 256 deals
    hands = 2 * (2 * 256 + 8)  # three chunks of deals
    seen: list[JobProgress] = []
    first = play_match(bots, hands=hands, game="badacey", seed=9, engine="python", executor=InlineExecutor(), progress=seen.append)
    assert [p.chunks_done for p in seen] == [0, 1, 2, 3] and seen[-1].items_done == hands and seen[-1].unit == "hands"
    again = play_match([DrawingBot(), RandomBot()], hands=hands, game="badacey", seed=9, engine="python",
                       executor=InlineExecutor())
    assert first == again and np.array_equal(first.per_deal, again.per_deal)
    with ThreadPoolExecutor(2) as pool:
        threaded = play_match(bots, hands=hands, game="badacey", seed=9, engine="python", executor=pool)
    runs = [threaded, play_match(bots, hands=hands, game="badacey", seed=9, engine="python")]  # the default: the local process pool
    for workers in (1, 2):
        with local_executor(workers) as pool:
            runs.append(play_match(bots, hands=hands, game="badacey", seed=9, engine="python", executor=pool))
    for run in runs:
        assert run == first and run.per_deal.tobytes() == first.per_deal.tobytes()  # bit for bit
    other = play_match(bots, hands=hands, game="badacey", seed=10, engine="python", executor=InlineExecutor())
    assert not np.array_equal(other.per_deal, first.per_deal)


def test_default_executor_needs_picklable_bots() -> None:
    class Local:  # defined in a function: pickle cannot find it
        def act(self, view: HandView) -> str:
            return "sd" if view.phase == "draw" else "cc"

    with pytest.raises(TypeError, match=r"cannot be sent to the local process pool.*executor=InlineExecutor\(\)"):
        play_match([Local(), CallingBot()], hands=2 * 600, seed=1)
    one_chunk = play_match([Local(), CallingBot()], hands=20, seed=1)  # one chunk runs in this process
    assert one_chunk.hands == 20
    assert play_match([Local(), CallingBot()], hands=2 * 600, seed=1, executor=InlineExecutor()).hands == 1200


def test_default_executor_refuses_bots_of_an_interactive_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """A class of a ``__main__`` with no file (a REPL, a notebook) pickles, but the pool's
    workers, started afresh, cannot import it: refused before the pool breaks."""
    import types

    session = types.ModuleType("__main__")  # what a REPL's __main__ is: no __file__

    class Interactive(CallingBot):
        pass

    Interactive.__module__ = "__main__"
    Interactive.__qualname__ = "Interactive"
    session.Interactive = Interactive  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "__main__", session)
    pickle.dumps(Interactive())  # pickles, by reference to __main__.Interactive
    with pytest.raises(TypeError, match=r"Interactive is defined in an interactive session .*executor=InlineExecutor\(\)"):
        play_match([Interactive(), CallingBot()], hands=2 * 600, seed=1)
    with local_executor(2) as pool, pytest.raises(TypeError, match=r"the process pool's workers: Interactive is defined"):
        play_match([Interactive(), CallingBot()], hands=2 * 600, seed=1, executor=pool)
    assert play_match([Interactive(), CallingBot()], hands=2 * 600, seed=1, executor=InlineExecutor()).hands == 1200


@pytest.mark.no_sanitize  # a script in a subprocess, its pool's workers
def test_a_script_s_own_bot_plays_on_the_default_pool(tmp_path: pathlib.Path) -> None:
    """The default pool never forks: each worker imports the script again (under its
    ``__main__`` guard) to find a bot class defined there, and the match is the same
    as in one process."""
    script = tmp_path / "my_match.py"
    script.write_text(
        "import sys\n"
        "from badeucey_fast.bots import CallingBot, DrawingBot, play_match\n"
        "from badeucey_fast.jobs import InlineExecutor\n"
        "class MyBot(DrawingBot):\n"
        "    pass\n"
        "if __name__ == '__main__':\n"
        "    pooled = play_match([MyBot(), CallingBot()], hands=1200, game='badugi', seed=5)\n"
        "    inline = play_match([MyBot(), CallingBot()], hands=1200, game='badugi', seed=5, executor=InlineExecutor())\n"
        "    print(pooled.per_deal.tobytes() == inline.per_deal.tobytes(), pooled.hands)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "1200"]


def test_result_values() -> None:
    result = play_match([RandomBot(), CallingBot()], hands=7, seed=1, duplicate=False)
    assert result.hands == 7 and result.deals == 7 and not result.duplicate
    d = result.to_dict()
    assert d["bots"][1] == {"bot": "CallingBot()", "mbb_per_hand": result.mbb_per_hand[1], "ci95": list(result.ci95[1])}
    text = str(result)
    assert "7 hands" in text and "CallingBot()" in text and "mbb/hand" in text
    one = play_match([RandomBot(), CallingBot()], hands=1, seed=1, duplicate=False)
    assert all(math.isnan(x) for x in one.ci95[0])
    unseeded = play_match([RandomBot(), CallingBot()], hands=4)
    assert play_match([RandomBot(), CallingBot()], hands=4, seed=unseeded.seed) == unseeded
    with pytest.raises(AttributeError):
        result.hands = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(DrawingBot("badugi"))).act is not None


def test_play_through_a_pipe(run_cli: RunCli) -> None:
    # checking/calling and standing pat always works; the bad entries come first
    entries = "?\nzz\nd Zz\nf\n" + "c\np\n" * 200
    out = run_cli("play", "--game", "badugi", "--bots", "drawing,random", "--hands", "3", "--seed", "4", stdin=entries)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert "actions: f = fold" in out.stdout  # the help
    assert out.stdout.count("not accepted") >= 2
    assert "your cards:" in out.stdout and "pot" in out.stdout and "drew" in out.stdout
    assert "result after 3 hand(s):" in out.stdout and "big blinds" in out.stdout
    again = run_cli("play", "--game", "badugi", "--bots", "drawing,random", "--hands", "3", "--seed", "4", stdin=entries)
    assert again.stdout == out.stdout
    early = run_cli("play", "--game", "badeucey", "--bots", "calling", "--hands", "5", "--seed", "1", stdin="q\n")
    assert early.returncode == 0  # you left hand 1 with the small blind in: lost, as a fold loses it
    assert "result after 1 hand(s), the last one left unfinished: -0.5 big blinds" in early.stdout


def test_match_command(run_cli: RunCli) -> None:
    out = run_cli("match", "--bots", "drawing,random", "--hands", "200", "--game", "ace_five", "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    direct = play_match([DrawingBot(), RandomBot()], hands=200, game="ace_five", seed=1)
    assert [b["mbb_per_hand"] for b in data["bots"]] == list(direct.mbb_per_hand)
    bad = run_cli("match", "--bots", "drawing,shark")
    assert bad.returncode != 0 and "unknown bot 'shark'" in bad.stderr


def test_match_command_workers_progress_and_errors(tmp_path: pathlib.Path, run_cli: RunCli) -> None:
    out = run_cli("match", "--bots", "random,calling", "--hands", "1200", "--seed", "2", "--workers", "2", "--progress",
                     "--json", "--engine", "python")  # the Python bots: chunks of 256 deals
    assert out.returncode == 0, out.stderr
    assert "3/3 chunks" in out.stderr and "hands/s" in out.stderr and "time left" in out.stderr
    direct = play_match([RandomBot(), CallingBot()], hands=1200, seed=2, executor=InlineExecutor(), engine="python")
    assert [b["mbb_per_hand"] for b in json.loads(out.stdout)["bots"]] == list(direct.mbb_per_hand)
    both = run_cli("match", "--workers", "1", "--scheduler", "tcp://127.0.0.1:1")
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    zero = run_cli("match", "--workers", "0")
    assert zero.returncode == 2 and "workers must be at least 1" in zero.stderr
    # without dask installed (a stand-in package that fails to import), --scheduler says what to install
    (tmp_path / "distributed").mkdir()
    (tmp_path / "distributed" / "__init__.py").write_text("raise ImportError('dask is not here')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    missing = run_cli("match", "--hands", "10", "--scheduler", "tcp://127.0.0.1:8786", env=env)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "pip install 'badeucey-fast[dask]'" in missing.stderr
