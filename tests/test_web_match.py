"""The arena's match (:class:`~badeucey_fast.web.match.ArenaMatch`), with no network: the same
deals and scores as ``play_match``, every hand counted, bad answers leaving the hand as it was,
forfeits losing what the player put in."""

from __future__ import annotations

import pytest

from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import CallingBot, Hand, RandomBot, TableRules, play_match
from badeucey_fast.play.bots import Bot
from badeucey_fast.web.match import ArenaMatch


def _play(match: ArenaMatch, player: Bot) -> int:
    """Play ``player``'s choices to the end; the number of decisions."""
    decisions = 0
    while (decision := match.pending()) is not None:
        match.answer(player.act(decision.view))
        decisions += 1
    return decisions


@pytest.mark.parametrize("hands", [40, pytest.param(530, marks=pytest.mark.slow)])
def test_a_player_scores_what_play_match_gives_the_same_bot(hands: int) -> None:
    """A player that plays as CallingBot scores, bit for bit, what play_match reports for
    CallingBot against the same opponent and seed: the same deals, seats, buttons and opponent
    seeds, over a chunk's end too (530 hands: 265 deals, chunks of 256)."""
    rules = TableRules("badugi")
    opponent = RandomBot  # its seed matters: each chunk's opponent is reset as play_match resets it
    match = ArenaMatch(opponent, rules, hands=hands, seed=11)
    _play(match, CallingBot())
    result = match.result()
    expected = play_match([CallingBot(), opponent()], hands=hands, rules=rules, seed=11, engine="python",
                          executor=InlineExecutor())
    assert (result.hands, result.deals) == (expected.hands, expected.deals)
    assert result.mbb_per_hand == expected.mbb_per_hand[0]
    assert result.ci95 == expected.ci95[0]
    assert result.forfeited == 0


def test_every_hand_is_told_once_in_order_and_seats_alternate() -> None:
    match = ArenaMatch(CallingBot, TableRules("deuce_seven"), hands=7, seed=2)
    assert match.hands == 8  # rounded up to whole deals
    seats, overs = [], []
    while (decision := match.pending()) is not None:
        seats.append((decision.hand, decision.view.seat))
        match.answer("cc" if decision.view.phase == "bet" else "sd")
        overs += match.finished()
    overs += match.finished()
    assert [over.hand for over in overs] == list(range(1, 9))
    assert {hand: seat for hand, seat in seats} == {h: (h - 1) % 2 for h in range(1, 9)}
    assert sum(over.payoff for over in overs) * 1000 / 2 / 8 == match.result().mbb_per_hand
    assert all(over.view.payoffs is not None for over in overs)


BAD_ANSWERS = ["", "   ", "x", "cbr -4", "cbr 4.5", "cbr 99999999999999999999", "sd Zz", "sd 7s7s",
               "p9 cc", "f f", "cc cc", "sd", "cbr 400", "\x00", "f" * 65, "sd As Ah Ad Ac Ks Kh"]


def test_a_bad_answer_leaves_the_hand_and_the_decision_as_they_were() -> None:
    match = ArenaMatch(CallingBot, TableRules("badeucey"), hands=2, seed=5)
    decision = match.pending()
    assert decision is not None and decision.view.phase == "bet"
    for text in [*BAD_ANSWERS, 7, None, ["cc"]]:
        if isinstance(text, str) and text in decision.legal:
            continue
        with pytest.raises(ValueError):
            match.answer(text)  # type: ignore[arg-type]
        assert match.pending() is decision
    match.answer("cc")
    assert match.pending() is not decision


def test_a_bad_discard_leaves_the_draw_pending() -> None:
    match = ArenaMatch(CallingBot, TableRules("badugi"), hands=2, seed=5)
    while (decision := match.pending()) is not None and decision.view.phase != "draw":
        match.answer("cc")
    assert decision is not None
    held = decision.view.cards
    for text in ["sd 2c2c", "sd " + "Ks" * 5, "sd Xx", "cc", "f", "cbr 4"]:
        if text.startswith("sd ") and len(text) == 5:
            continue
        with pytest.raises(ValueError):
            match.answer(text)
        assert match.pending() is decision and match.pending().view.cards == held  # type: ignore[union-attr]


def test_a_forfeit_loses_the_chips_put_in_and_the_match_goes_on() -> None:
    match = ArenaMatch(CallingBot, TableRules("badugi"), hands=4, seed=9)
    first = match.pending()
    assert first is not None
    match.answer("cbr 4")  # raise: 4 chips in, the calling bot calls
    second = match.pending()
    assert second is not None and second.hand == 1 and second.view.phase == "draw"
    match.forfeit()
    over = match.finished()
    assert [(o.hand, o.payoff, o.forfeited) for o in over] == [(1, -4, True)]
    assert _play(match, CallingBot()) > 0
    result = match.result()
    assert (result.hands, result.forfeited) == (4, 1)


def test_no_result_before_the_end_and_no_answer_without_a_decision() -> None:
    match = ArenaMatch(CallingBot, TableRules("badugi"), hands=2, seed=1)
    with pytest.raises(ValueError, match="no decision is pending"):
        match.answer("cc")
    with pytest.raises(ValueError, match="not over: 0 of 2"):
        match.result()
    _play(match, CallingBot())
    assert match.pending() is None
    with pytest.raises(ValueError, match="nothing to forfeit"):
        match.forfeit()
    result = match.result()
    assert result.hands == 2 and result.deals == 1
    assert result.to_dict()["ci95"] == [None, None]  # one deal: no interval, and JSON has no NaN


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="hands must be at least 1"):
        ArenaMatch(CallingBot, TableRules("badugi"), hands=0)
    with pytest.raises(ValueError, match="seed"):
        ArenaMatch(CallingBot, TableRules("badugi"), hands=2, seed=-1)
    with pytest.raises(TypeError, match="TableRules"):
        ArenaMatch(CallingBot, "badugi", hands=2)  # type: ignore[arg-type]
    assert ArenaMatch(CallingBot, TableRules("badugi"), hands=2).seed >= 0  # drawn when not given


def test_the_hand_class_is_the_engine_s() -> None:
    """The arena plays the package's Hand: what a client reads as a view is Hand.view's."""
    match = ArenaMatch(CallingBot, TableRules("badugi"), hands=2, seed=3)
    decision = match.pending()
    assert decision is not None
    hand = Hand(TableRules("badugi"), [200, 200], button=0, seed=1)
    assert type(decision.view) is type(hand.view(0))


def test_no_limit_takes_any_amount_between_the_two_it_lists() -> None:
    match = ArenaMatch(CallingBot, TableRules("deuce_seven", structure="no"), hands=2, seed=4)
    decision = match.pending()
    assert decision is not None
    low, high = (int(word[4:]) for word in decision.legal if word.startswith("cbr "))
    assert low < high
    with pytest.raises(ValueError):
        match.answer(f"cbr {high + 1}")
    match.answer(f"cbr {(low + high) // 2}")
    assert match.pending() is not decision
