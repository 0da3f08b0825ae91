"""tools/strength.py: the duplicate estimate and its chance control variates,
whose terms must have mean zero whatever the bots do."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from badeucey_fast.games import get_game
from badeucey_fast.play import TableRules
from badeucey_fast.solve import train

from .support import load_module

# not in CI's sanitized run (the no_sanitize marker, pyproject.toml): the tool's matches run in
# subprocesses and pools
pytestmark = pytest.mark.no_sanitize

TOOL = Path(__file__).resolve().parent.parent / "tools" / "strength.py"


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return load_module(TOOL, "strength_tool")


def test_the_expected_share_is_the_mean_over_every_card_the_draw_can_bring(strength: ModuleType) -> None:
    game = get_game("badeucey")
    hands = [(0, 5, 10, 15, 20), (1, 6, 11, 16, 21)]
    dead = [30, 31, 40]
    thrown = [0, 5]
    expected = strength.share(game, hands, dead, 0, [thrown, None])
    unseen = [c for c in range(52) if c not in hands[0] + hands[1] and c not in dead]
    kept = [c for c in hands[0] if c not in thrown]
    got = [strength.share(game, [kept + list(new), hands[1]], dead + thrown, 0)
           for new in itertools.combinations(unseen, 2)]
    assert expected == pytest.approx(sum(got) / len(got), abs=1e-12)


def test_the_variates_sum_to_what_the_cards_brought(strength: ModuleType, tmp_path: Path) -> None:
    # with two bots that never bet or draw, every hand is checked down with the hands dealt:
    # the payoff is 4 x (share - 1/2) and the deal's variate, the only one, 3 x (share - 1/2)
    # (the pot then is the blinds)
    rules = TableRules("badeucey", heads_up_cap=4)

    class Passive:
        def act(self, view: object) -> str:
            return "sd" if view.phase == "draw" else "cc"  # type: ignore[attr-defined]

    for seed in range(5):
        for hero in (0, 1):
            payoff, correction = strength.play_deal((Passive(), Passive()), rules, 400, seed, hero)
            assert correction == pytest.approx(payoff * 3 / 4, abs=1e-12)


def test_a_short_run_prints_both_estimates(strength: ModuleType, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.solve import SolverAbstraction

    path = tmp_path / "badugi.npz"
    rules = TableRules("badugi", heads_up_cap=4)
    train(rules, 50, seed=1, abstraction=SolverAbstraction.card_buckets("badugi", 8, cache=False)).save(path)
    strength.load.cache_clear()
    assert strength.main(["--strategy", str(path), "--opponent", "calling", "--deals", "20", "--seed", "2",
                          "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path} vs calling: 20 deals (40 hands), seed 2, badugi"
    assert out[1].lstrip().startswith("duplicate:") and "with chance variates:" in out[2]


@pytest.fixture(scope="module")
def badugi_strategy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from badeucey_fast.solve import SolverAbstraction

    path = tmp_path_factory.mktemp("strength") / "badugi.npz"
    rules = TableRules("badugi", heads_up_cap=4)
    train(rules, 50, seed=1, abstraction=SolverAbstraction.card_buckets("badugi", 8, cache=False)).save(path)
    return path


@pytest.mark.parametrize("opponent", ["maniac", "station", "bluffer", "reader", "drawing", "random"])
def test_any_built_in_bot_is_an_opponent(strength: ModuleType, badugi_strategy: Path, opponent: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    strength.load.cache_clear()
    assert strength.main(["--strategy", str(badugi_strategy), "--opponent", opponent, "--deals", "6",
                          "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"{badugi_strategy} vs {opponent}: 6 deals (12 hands), seed 1, badugi")


def test_a_pool_of_workers_gives_what_one_process_gives(strength: ModuleType, badugi_strategy: Path) -> None:
    # as a command (pool workers import the tool by its path's module, which only a real run has)
    outputs = []
    for workers in ("1", "2"):
        run = subprocess.run([sys.executable, str(TOOL), "--strategy", str(badugi_strategy), "--opponent", "reader",
                              "--deals", str(strength.CHUNK_DEALS + 3), "--workers", workers],
                             capture_output=True, text=True, check=True)
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1] and outputs[0].startswith(f"{badugi_strategy} vs reader: 253 deals")


def test_games_and_opponents_are_checked(strength: ModuleType, badugi_strategy: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.solve.shipped import STRATEGIES

    unshipped = "ace_five"
    monkeypatch.delitem(STRATEGIES, unshipped, raising=False)  # whatever ships, a game that does not
    with pytest.raises(ValueError, match=f"no CFR strategy ships for {unshipped}"):
        strength.shipped_strategy(unshipped)
    for argv, message in (
        (["--game", unshipped], f"no CFR strategy ships for {unshipped}"),
        (["--game", "deuce_seven", "--strategy", str(badugi_strategy)], "but the strategy .* plays badugi"),
        (["--strategy", str(badugi_strategy), "--opponent", "shark"], "unknown bot 'shark'"),
    ):
        with pytest.raises(SystemExit):
            strength.main([*argv, "--deals", "4", "--workers", "1"])
        assert message.split(".*")[0] in capsys.readouterr().err


def test_search_takes_its_gadget_and_particles(strength: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strength, "load", lambda path, game="badeucey": game)  # no strategy read: the options only
    monkeypatch.setattr(strength, "SearchBot", lambda strategy, **options: (strategy, options))
    assert strength.opponent_bot("search:maxmargin:64") == ("badeucey", {"gadget": "maxmargin", "particles": 64})
    assert strength.opponent_bot("search") == ("badeucey", {"gadget": "blueprint"})
    with pytest.raises(ValueError, match="a whole number of particles, got 'many'"):
        strength.opponent_bot("search:maxmargin:many")


def test_a_strategy_file_can_be_the_opponent(strength: ModuleType, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from badeucey_fast.solve import SolverAbstraction

    rules = TableRules("badugi", heads_up_cap=4)
    abstraction = SolverAbstraction.card_buckets("badugi", 8, cache=False)
    paths = []
    for seed in (1, 2):
        paths.append(tmp_path / f"s{seed}.npz")
        train(rules, 30, seed=seed, abstraction=abstraction).save(paths[-1])
    strength.load.cache_clear()
    assert strength.main(["--strategy", str(paths[0]), "--opponent", str(paths[1]), "--deals", "10", "--workers",
                          "1"]) == 0
    assert capsys.readouterr().out.startswith(f"{paths[0]} vs {paths[1]}: 10 deals")


def test_the_cfr_bots_play_purified_unless_told_to_sample(strength: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                          badugi_strategy: Path) -> None:
    made: list[tuple[str, bool]] = []

    class Recording(strength.CFRBot):  # type: ignore[name-defined,misc]
        def __init__(self, strategy: Any, **options: Any) -> None:
            super().__init__(strategy, **options)
            made.append((str(strategy.iterations), self.purify))

    monkeypatch.setattr(strength, "CFRBot", Recording)
    for flags, wanted in (([], [True, True]), (["--sample"], [False, False]), (["--opponent-samples"], [True, False])):
        made.clear()
        assert strength.main(["--strategy", str(badugi_strategy), "--opponent", str(badugi_strategy), "--deals", "2",
                              "--workers", "1", *flags]) == 0
        assert [purify for _, purify in made] == wanted, flags
