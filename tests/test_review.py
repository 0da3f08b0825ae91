"""The hand review (issue 40, item 3): EV lost on hands built so that the answer
is known, only what the hero knew, the JSON and the HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from badeucey_fast import cli
from badeucey_fast.play import Hand
from badeucey_fast.review import KINDS, PLAYED, STREETS, review

SAMPLES = 24  # the answers below do not depend on it; few keep the tests quick

# Heads-up Badugi at the shipped strategy's table.  The hero (p1, the big blind)
# throws Ah Ad 2s 2d and draws the nut badugi As 2h 3d 4c: with the other aces and
# deuces seen, an ace and a deuce of the same suit are all that is left, so no
# hand ties it.  It caps the last round and folds: the pot was 32 chips, 16 big blinds.
NUTS_HEADS_UP = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200]
actions = ["d dh p1 AhAd2s2d", "d dh p2 KsQhJdTc", "p2 cc", "p1 cc", "p1 sd AhAd2s2d", "p2 sd Ks", \
"d dh p1 As2h3d4c", "d dh p2 9s", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", \
"p1 cbr 4", "p2 cbr 8", "p1 cbr 12", "p2 cbr 16", "p1 f"]
players = ["hero", "villain"]
"""

# The same three-handed (no strategy: the equity model); p3 folds to the first
# raise, and the pot is 34 chips when the hero folds, 17 big blinds.
NUTS_THREE_HANDED = """\
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AhAd2s2d", "d dh p2 KsQhJdTc", "d dh p3 9c8c7h6h", "p3 cc", "p1 cc", "p2 cc", \
"p1 sd AhAd2s2d", "p2 sd Ks", "p3 sd", "d dh p1 As2h3d4c", "d dh p2 9s", "p1 cc", "p2 cc", "p3 cc", \
"p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc", "p1 sd", "p2 sd", "p3 sd", \
"p1 cbr 4", "p2 cbr 8", "p3 f", "p1 cbr 12", "p2 cbr 16", "p1 f"]
players = ["hero", "villain", "third"]
"""

# A hand of the shipped Badugi strategy (p2, "villain") against DrawingBot (p1,
# the hero), whose last call the strategy also makes.
CALL = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200]
actions = ["d dh p1 Jd3h8sJc", "d dh p2 2hTd5h4s", "p2 cbr 4", "p1 cc", "p1 sd Jd", "p2 sd 5h", "d dh p1 3d", \
"d dh p2 6s", "p1 cc", "p2 cc", "p1 sd 3d", "p2 sd 6s", "d dh p1 2c", "d dh p2 Qs", "p1 cc", "p2 cc", "p1 sd Jc", \
"p2 sd Qs", "d dh p1 7c", "d dh p2 7s", "p1 cc", "p2 cbr 4", "p1 cc", "p1 sm 3h8s2c7c", "p2 sm 2hTd4s7s"]
players = ["hero", "villain"]
finishing_stacks = [208, 192]
"""


def _write(tmp_path: Path, text: str, name: str = "hand.phh") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fold_of_the_nuts_loses_the_pot(tmp_path: Path) -> None:
    report = review([_write(tmp_path, NUTS_HEADS_UP)], "hero", samples=SAMPLES)
    fold = report.decisions[-1]
    assert (fold.kind, fold.street, fold.pot, fold.price, fold.model) == ("folds", "after the third draw", 32, 4, "cfr")
    assert fold.equity == {"badugi": 1.0, "share": 1.0}
    assert fold.model_action == "cc" and fold.ev_lost == 16.0


def test_a_fold_of_the_nuts_loses_the_pot_in_the_equity_model(tmp_path: Path) -> None:
    report = review([_write(tmp_path, NUTS_THREE_HANDED)], "hero", samples=SAMPLES)
    fold = report.decisions[-1]
    assert (fold.kind, fold.pot, fold.model, fold.model_action) == ("folds", 34, "equity", "cc")
    assert fold.ev_lost == 17.0 and fold.model_probabilities is None


def test_a_call_the_strategy_also_makes_loses_nothing(tmp_path: Path) -> None:
    report = review([_write(tmp_path, CALL)], "hero", samples=SAMPLES)
    call = report.decisions[-1]
    assert call.kind == "calls" and call.street == "after the third draw" and call.model == "cfr"
    assert call.model_probabilities is not None and call.model_probabilities["cc"] >= PLAYED
    assert call.ev_lost == 0.0
    assert report.big_blinds == {"hand.phh": 4.0}


def test_the_review_reads_only_what_the_hero_knew(tmp_path: Path) -> None:
    """The villain's cards, shown in the history, change nothing of the review."""
    other = {"2h": "Kh", "Td": "Kd", "5h": "Ks", "4s": "Qd", "6s": "Qh", "Qs": "Tc", "7s": "9d"}
    lines = [line for line in CALL.splitlines() if not line.startswith("finishing_stacks")]
    actions = lines[6]
    for card, new in other.items():
        actions = re.sub(rf'("(?:d dh p2|p2 sd) [^"]*?){card}', rf"\g<1>{new}", actions)
    actions = re.sub(r', "p[12] sm [^"]*"', "", actions)
    changed = "\n".join([*lines[:6], actions, *lines[7:]]) + "\n"
    assert Hand.from_phh(changed).phase == "over" and actions != lines[6]
    first = review([_write(tmp_path, CALL)], "hero", samples=SAMPLES).decisions
    (tmp_path / "other").mkdir()
    second = review([_write(tmp_path / "other", changed)], "hero", samples=SAMPLES).decisions
    assert first == second


def test_every_decision_is_reviewed_and_no_loss_is_negative(tmp_path: Path) -> None:
    report = review([_write(tmp_path, NUTS_HEADS_UP)], "hero", samples=SAMPLES)
    assert [d.action for d in report.decisions] == ["cc", "sd Ah Ad 2s 2d", "cc", "sd", "cc", "sd", "cbr 4",
                                                    "cbr 12", "f"]
    assert all(d.ev_lost is not None and d.ev_lost >= 0 for d in report.decisions)
    assert {d.street for d in report.decisions} == set(STREETS) and {d.kind for d in report.decisions} <= set(KINDS)
    by_kind = report.by("kind")
    assert by_kind[0]["kind"] == "folds" and by_kind[0]["ev_lost"] == 16.0


def test_a_hand_without_the_hero_is_skipped(tmp_path: Path) -> None:
    report = review([_write(tmp_path, NUTS_HEADS_UP)], "nobody", samples=SAMPLES)
    assert report.decisions == () and report.skipped == (("hand.phh", "nobody does not play it"),)
    by_label = review([_write(tmp_path, NUTS_HEADS_UP)], "p1", samples=SAMPLES)  # PHH's label works too
    assert len(by_label.decisions) == 9


def test_the_json_has_a_schema_a_summary_and_every_decision(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    _write(folder, NUTS_HEADS_UP, "a.phh")
    _write(folder, CALL, "b.phh")
    assert cli.main(["review", str(folder), "--hero", "hero", "--samples", str(SAMPLES), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "badeucey-review/1" and data["hero"] == "hero" and data["hands"] == ["a.phh", "b.phh"]
    assert set(data["summary"]) == {"decisions", "ev_lost", "by_street", "by_kind", "leaks"}
    assert data["summary"]["by_street"][0] == {"street": "after the third draw", "decisions": 5, "ev_lost": 16.0}
    assert data["summary"]["leaks"][0] == "a.phh #9"
    decision = data["decisions"][0]
    assert set(decision) == {"hand", "number", "street", "kind", "cards", "pot", "price", "action", "equity", "model",
                             "model_action", "model_probabilities", "ev_lost"}
    assert decision["cards"] == "Ah Ad 2s 2d" and decision["hand"] == "a.phh"


def test_the_html_report_is_self_contained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "review.html"
    assert cli.main(["review", str(_write(tmp_path, NUTS_HEADS_UP)), "--hero", "hero", "--samples", str(SAMPLES),
                     "--html", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 3  # by street, by kind, the hand's equity
    assert "EV lost by street" in page and "equity through the hand" in page
    assert not re.search(r"(https?:|//[a-z]|\bsrc=|<script|<link|@import|url\()", page, flags=re.I)


def test_no_hand_of_the_hero_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["review", str(_write(tmp_path, NUTS_HEADS_UP)), "--hero", "nobody"]) == cli.EXIT_USAGE
    assert "no hand of nobody to review" in capsys.readouterr().err
    assert cli.main(["review", str(tmp_path / "missing.phh"), "--hero", "hero"]) == cli.EXIT_USAGE
    assert "no such file or folder" in capsys.readouterr().err


def test_a_history_whose_villain_cards_are_unknown_reviews_the_same(tmp_path: Path) -> None:
    """PHH's ``????`` for the villain's cards (issue 40, item 2): the review reads
    only what the hero knew, so it is the same as with the cards shown."""
    lines = [line for line in CALL.splitlines() if not line.startswith("finishing_stacks")]
    actions = re.sub(r'"(d dh p2|p2 sd) ([^"]+)"', lambda m: f'"{m[1]} {"?" * len(m[2])}"', lines[6])
    actions = re.sub(r', "p[12] sm [^"]*"', "", actions)
    hidden = "\n".join([*lines[:6], actions, *lines[7:]]) + "\n"
    try:
        Hand.from_phh(hidden)
    except ValueError as exc:
        pytest.skip(f"Hand does not load unknown cards yet: {exc}")
    first = review([_write(tmp_path, CALL)], "hero", samples=SAMPLES).decisions
    (tmp_path / "hidden").mkdir()
    second = review([_write(tmp_path / "hidden", hidden)], "hero", samples=SAMPLES).decisions
    assert first == second


def test_a_hand_reviews_the_same_alone_or_among_others(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    _write(folder, NUTS_HEADS_UP, "a.phh")
    _write(folder, CALL.replace('"p1 cc", "p1 sm', '"p1 cc  # the call", "p1 sm'), "b.phh")  # a PHH comment
    both = review([folder], "hero", samples=SAMPLES).decisions
    alone = review([folder / "b.phh"], "hero", samples=SAMPLES).decisions
    assert [d for d in both if d.hand == "b.phh"] == list(alone)
    assert alone[-1].action == "cc"


def test_a_phh_file_beyond_the_limit_is_refused_before_it_is_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A PHH file was parsed whole before any limit (issue 43, 7: a 100 MB field took 31 s
    in TOML's parser here, where Hand.from_phh refuses such a text at once)."""
    import badeucey_fast.review as review_module
    from badeucey_fast.review import MAX_FILE_CHARACTERS, read_hands

    path = tmp_path / "long.phh"
    path.write_text(NUTS_HEADS_UP + 'note = "' + "x" * (MAX_FILE_CHARACTERS - len(NUTS_HEADS_UP)) + '"\n')

    def parsed(text: str) -> None:
        raise AssertionError(f"parsed {len(text):,} characters")

    monkeypatch.setattr(review_module.tomllib, "loads", parsed)
    with pytest.raises(ValueError, match=f"^{re.escape(str(path))}: more than {MAX_FILE_CHARACTERS:,} characters"):
        read_hands([path])
    assert cli.main(["review", str(path), "--hero", "hero"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "MAX_FILE_CHARACTERS" in err and "Traceback" not in err
