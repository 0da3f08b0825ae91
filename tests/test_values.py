"""Results behave like values: pickle, deepcopy, equality, JSON-ready to_dict(), short reprs in card text."""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import badeucey_fast as bf
from badeucey_fast.bots import make_bot, play_match
from badeucey_fast.engine import play_script

NUMBER_ONE = "7s 5h 4d 3c 2s"
SIXES = "6s 6h 4h 3d 2c"


def _mid_hand_view() -> bf.HandView:
    """A view in the second betting round, after a raise and a draw."""
    hand = bf.Hand(bf.TableRules(), [100, 100], seed=1)
    hand.check_call()
    hand.act("cbr 4")
    hand.check_call()
    hand.discard(hand.cards(1)[:2])
    hand.discard()
    return hand.view(hand.to_act)


def _results() -> dict[str, Any]:
    return {
        "Halves": bf.badeucey(NUMBER_ONE),
        "SplitComparison": bf.compare(NUMBER_ONE, SIXES),
        "ShowdownResult": bf.showdown([NUMBER_ONE, SIXES, None], pot=101),
        "SeatHand": bf.showdown([NUMBER_ONE, SIXES], pot=10).hands[0],
        "PotResult": bf.showdown([NUMBER_ONE, SIXES], pot=10).pots[0],
        "HalfResult": bf.showdown([NUMBER_ONE, SIXES], pot=10).pots[0].halves[1],
        "DrawOutcomes": bf.draw_outcomes("7s 5h 4d Jc Ks", "Ks", dead="2s"),
        "DrawOutcomes sampled": bf.draw_outcomes("7s 5h 4d Jc Ks", "Jc Ks", draws=2, samples=500, seed=3),
        "DiscardOption": bf.best_discards("7s 5h 4d Jc Ks", target="low:8")[0],
        "Equity": bf.equity([NUMBER_ONE, SIXES]),
        "Equity unknown": bf.equity([NUMBER_ONE, None], samples=300, seed=1, max_exact=1),
        "MatchResult": play_match([make_bot("calling"), make_bot("random")], hands=10, seed=1),
        "Game": bf.GAMES["badacey"],
        "Hand": play_script(bf.TableRules(), [100, 100], seed=1),
        "HandView": _mid_hand_view(),
    }


RESULTS = _results()
CARD_TEXT = re.compile(r"[2-9TJQKA][cdhs]")


@pytest.mark.parametrize("name", list(RESULTS))
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_round_trips(name: str, how: str) -> None:
    value = RESULTS[name]
    back = pickle.loads(pickle.dumps(value)) if how == "pickle" else copy.deepcopy(value)
    assert type(back) is type(value)
    assert repr(back) == repr(value) and str(back) == str(value)
    if hasattr(value, "to_dict"):
        assert back.to_dict() == value.to_dict()
    assert back == value


@pytest.mark.parametrize("name", [n for n, v in RESULTS.items() if hasattr(v, "to_dict")])
def test_to_dict_is_json(name: str) -> None:
    data = RESULTS[name].to_dict()
    assert json.loads(json.dumps(data)) == data  # JSON-safe, and nothing changes on the way back


@pytest.mark.parametrize("name", list(RESULTS))
def test_reprs_are_short_and_in_card_text(name: str) -> None:
    text = repr(RESULTS[name])
    assert len(text) <= 150, text
    assert "array(" not in text
    holds_cards = name not in ("SplitComparison", "Halves", "HalfResult", "PotResult", "MatchResult", "Game", "Hand")
    if holds_cards:
        assert CARD_TEXT.search(text), text
        assert not re.search(r"\(\d+, \d+, \d+", text), text  # no tuples of card ids


def test_reprs_name_the_cards() -> None:
    assert "7s 5h 4d Jc Ks throws Ks" in repr(RESULTS["DrawOutcomes"])
    assert "7s 5h 4d 3c 2s" in repr(RESULTS["ShowdownResult"]) and "folded" in repr(RESULTS["ShowdownResult"])
    assert "7s 5h 4d 3c 2s vs ?" in repr(RESULTS["Equity unknown"])
    assert repr(bf.GAMES["badeucey"]) == "Game('badeucey')"
    from dataclasses import replace

    assert repr(replace(bf.GAMES["badeucey"], badugi="low")) == "Game('badeucey', badugi='low')"
    assert bf.Game(**bf.GAMES["badacey"].to_dict()) == bf.GAMES["badacey"]


def test_hand_view_repr_is_short_and_to_dict_has_it_all() -> None:
    view = RESULTS["HandView"]
    assert repr(view).startswith(f"<HandView badeucey, seat 1 of 2: {bf.format_cards(view.cards)}; ")
    assert repr(view).endswith(f"to act {view.to_act}, pot {view.pot}, {len(view.history)} actions>")
    data = view.to_dict()
    assert set(data) == {f for f in view.__dataclass_fields__}
    assert data["cards"] == bf.format_cards(view.cards) and data["history"] == list(view.history)
    assert data["draws"] == [list(d) for d in view.draws] and data["legal_actions"] == list(view.legal_actions)
    assert data["rules"]["game"] == bf.GAMES["badeucey"].to_dict() and data["rules"]["big_bet"] == view.rules.big_bet
    big = play_script(bf.TableRules("deuce_seven"), [100] * 8, seed=2).view(7)  # the longest: eight seats, over
    assert len(repr(big)) <= 150 and "nobody to act" in repr(big)


def test_split_comparison_in_a_boolean_context() -> None:
    tie = bf.SplitComparison(0, 0)
    with pytest.raises(TypeError, match="no truth value"):
        bool(tie)
    with pytest.raises(TypeError, match=r"test \.badugi, \.low or \.scoop"):
        if bf.compare(NUMBER_ONE, SIXES):
            pass
    assert bf.compare(NUMBER_ONE, SIXES).scoop == 1
    assert bf.compare(SIXES, NUMBER_ONE).scoop == -1
    assert bf.SplitComparison(1, -1).scoop == 0 and tie.scoop == 0
    assert tie == (0, 0) and tie.to_dict() == {"badugi": 0, "low": 0}


def test_dir_lists_the_lazy_names() -> None:
    names = dir(bf)
    for name in ("equity", "draw_outcomes", "best_discards", "Deck", "random_hands", "to_frame", "badugi_cards"):
        assert name in names
    assert set(bf.__all__) <= set(names)


def test_to_frame() -> None:
    pd = pytest.importorskip("pandas")
    options = bf.best_discards("As 2c 3d Ks", game="badugi", target="badugi")
    frame = bf.to_frame(options)
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(options)
    assert list(frame.columns) == ["discard", "keep", "probability", "exact", "mean_rank_badugi"]
    assert frame["discard"].tolist() == [bf.format_cards(o.discard) for o in options] and frame["discard"][0] == "Ks"
    plain = pd.DataFrame(o.to_dict() for o in options)
    assert plain["discard"].tolist() == frame["discard"].tolist()
    with pytest.raises(TypeError, match="item 1 .* has no to_dict"):
        bf.to_frame([options[0], 3])  # type: ignore[list-item]


def test_to_frame_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    with pytest.raises(ImportError, match="pip install pandas"):
        bf.to_frame([bf.badeucey(NUMBER_ONE)])


TYPED = """
from badeucey_fast import SplitComparison, compare

def low(a: str, b: str) -> int:
    return compare(a, b, game="deuce_seven") + compare(a, b, game="badugi") + compare(a, b, game="ace_five")

def split(a: str, b: str) -> SplitComparison:
    both = compare(a, b)
    return SplitComparison(both.badugi, compare(a, b, game="badacey").low)

def any_game(a: str, b: str, game: str) -> int | SplitComparison:
    return compare(a, b, game=game)
"""

MISTYPED = """
from badeucey_fast import compare

def wrong(a: str, b: str) -> int:
    return compare(a, b, game="badeucey")
"""


@pytest.fixture(scope="module")
def mypy_on_snippets(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """One mypy --strict run over both snippets (typed.py, mistyped.py): its start-up is most of its time."""
    pytest.importorskip("mypy")
    if shutil.which("mypy") is None and not Path(sys.executable).with_name("mypy").exists():
        pytest.skip("mypy is not installed as a command")
    folder = tmp_path_factory.mktemp("snippets")
    (folder / "typed.py").write_text(textwrap.dedent(TYPED))
    (folder / "mistyped.py").write_text(textwrap.dedent(MISTYPED))
    # mypy follows no import hooks: under an editable install (pip install -e) it finds the
    # package only through MYPYPATH, which must not name site-packages otherwise
    import badeucey_fast

    root = Path(badeucey_fast.__file__).resolve().parent.parent
    env = dict(os.environ)
    if root.name not in ("site-packages", "dist-packages"):
        env["MYPYPATH"] = str(root)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "typed.py", "mistyped.py"],
                          capture_output=True, text=True, cwd=folder, timeout=300, env=env)


@pytest.mark.no_sanitize  # mypy reads the sources, never loads the core
def test_compare_overloads_under_mypy(mypy_on_snippets: subprocess.CompletedProcess[str]) -> None:
    """mypy --strict knows compare()'s result type from the game's name: the typed snippet is
    clean, the mistyped one has exactly the error expected."""
    done = mypy_on_snippets
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 1 and len(errors) == 1, done.stdout + done.stderr
    assert errors[0].startswith("mistyped.py:")
    assert 'Incompatible return value type (got "SplitComparison", expected "int")' in errors[0]


def test_chart_and_its_options_are_values(tmp_path: Path) -> None:
    from badeucey_fast import jobs

    chart = jobs.discard_chart("badugi", hands=jobs.canonical_hands(4)[:3], executor=jobs.InlineExecutor())
    for back in (pickle.loads(pickle.dumps(chart)), copy.deepcopy(chart)):
        assert back == chart and repr(back) == repr(chart)
    chart.save(tmp_path / "chart.npz")
    assert jobs.DiscardChart.load(tmp_path / "chart.npz") == chart
    other = jobs.discard_chart("badugi", hands=jobs.canonical_hands(4)[:2], executor=jobs.InlineExecutor())
    assert other != chart
    options = chart.lookup("2c 2d 2h 3c")
    assert all(pickle.loads(pickle.dumps(o)) == o and json.loads(json.dumps(o.to_dict())) == o.to_dict() for o in options)
    assert all(len(repr(o)) <= 150 and "2c" in repr(options[0]) for o in options)
