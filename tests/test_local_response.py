"""The local best response (badeucey_fast.solve.local_response): its range, its
play in the full game, and its exact value in the mini game beside the exact
best response's."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from badeucey_fast.play import TableRules
from badeucey_fast.play.bots import Bot, CallingBot, CFRBot, DrawingBot, RandomBot
from badeucey_fast.play.events import Deal, Draw
from badeucey_fast.play.hand import Hand
from badeucey_fast.solve import Strategy, TableGame, exploitability, train
from badeucey_fast.solve.local_response import (
    Action,
    LocalBestResponse,
    Spot,
    exact_value,
    local_best_response_match,
    opponent_model,
    table_policy,
)

from .support import load_module

MINI = TableRules.mini()
CAPPED = TableRules("badeucey", heads_up_cap=4)
ACE, TEN = 12, 8  # rank indices (card id // 4)


class AceRaiser:
    """Raises 0.6 of the time holding an ace, else 0.3; in a draw throws every card above a ten."""

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: object) -> Mapping[Action, float]:
        if spot.phase == "draw":
            return {tuple(c for c in cards if c // 4 > TEN): 1.0}
        ace = any(c // 4 == ACE for c in cards)
        out: dict[Action, float] = {0: 0.2 if ace else 0.4}
        if spot.can_fold:
            out[-1] = 0.2 if ace else 0.3
        if spot.raise_to is not None:
            out[spot.raise_to] = 0.6 if ace else 0.3
        return out


class Calling:
    """Always checks or calls and stands pat."""

    def probabilities(self, spot: Spot, cards: tuple[int, ...], draws: object) -> Mapping[Action, float]:
        return {(): 1.0} if spot.phase == "draw" else {0: 1.0}


def test_the_range_follows_bayes_on_a_raise_then_a_pat() -> None:
    hand = Hand(CAPPED, [66, 66], button=0, seed=5)
    hand.act("cbr 4")  # the button (the opponent) raises
    lbr = LocalBestResponse(AceRaiser(), particles=64, seed=1)
    mine = set(hand.cards(1))
    held = lbr.opponent_range(hand.view(1))
    assert abs(sum(w for _, w in held) - 1) < 1e-12
    assert all(not mine & set(cards) for cards, _ in held)
    aces = {w for cards, w in held if any(c // 4 == ACE for c in cards)}
    others = {w for cards, w in held if not any(c // 4 == ACE for c in cards)}
    # 0.6 against 0.3: each hand with an ace weighs twice one without
    assert len(aces) == len(others) == 1 and aces.pop() == pytest.approx(2 * others.pop())

    hand.act("cc")
    hand.act("sd")  # the big blind (LBR) draws first
    hand.act("sd")  # the opponent stands pat: by its policy it holds nothing above a ten
    held = lbr.opponent_range(hand.view(1))
    assert held and all(max(c // 4 for c in cards) <= TEN for cards, _ in held)
    assert len({round(w, 12) for _, w in held}) == 1  # the ace's weight is gone with the aces


def test_the_opponents_true_cards_explain_each_of_its_actions() -> None:
    """The spots LBR rebuilds from its view are the opponent's: its policy on its
    real cards gives every action it took a positive probability."""
    assert _actions_explained(DrawingBot(), CAPPED, (66, 66)) > 20


def _actions_explained(opponent: Bot, rules: TableRules, stacks: tuple[int, ...]) -> int:
    """Six hands of LBR against ``opponent``: at each of LBR's betting decisions, how many of
    the opponent's actions its policy on its real cards explains (``_explained``)."""
    model = opponent_model(opponent)
    lbr = LocalBestResponse(opponent, particles=8, seed=1)
    checked = 0
    for deal in range(6):
        hand = Hand(rules, list(stacks), button=deal % 2, seed=deal)
        me = 1 - deal % 2
        while (seat := hand.to_act) is not None:
            view = hand.view(seat)
            if seat == me and view.phase == "bet":
                checked += _explained(model, hand, view, 1 - me)
            hand.act((lbr if seat == me else opponent).act(view))
    return checked


def _explained(model: object, hand: Hand, view: object, other: int) -> int:
    from badeucey_fast.solve.local_response import _situation_of_view

    situation = _situation_of_view(view)  # type: ignore[arg-type]
    cards = next(e.cards for e in hand.events if type(e) is Deal and e.seat == other)
    assert cards is not None
    draws = [(tuple(sorted(e.thrown or ())), tuple(sorted(e.dealt or ())))
             for e in hand.events if type(e) is Draw and e.seat == other]
    held, done = tuple(sorted(cards)), 0
    for step in situation.steps:
        if step[0] == "mine":
            continue
        given = model.probabilities(step[1], held, draws[:done])  # type: ignore[attr-defined]
        if step[0] == "act":
            assert given.get(step[2], 0) > 0, (step, held)
        else:
            thrown, dealt = draws[done]
            assert given.get(thrown, 0) > 0, (step, held)
            held = tuple(sorted([c for c in held if c not in thrown] + list(dealt)))
            done += 1
    return len(situation.steps)


def test_a_short_match_against_the_drawing_bot() -> None:
    result = local_best_response_match(DrawingBot(), 3, seed=2, particles=8, samples=8)
    assert result.deals == 3 and result.hands == 6
    lo, hi = result.ci95
    assert lo <= result.mbb_per_hand <= hi
    assert result.match.bots[0] == "LBR(8 particles)"
    assert "DrawingBot()" in result.row()
    again = local_best_response_match(DrawingBot(), 3, seed=2, particles=8, samples=8)
    assert again.mbb_per_hand == result.mbb_per_hand  # a seed replays the match


@pytest.fixture(scope="module")
def weak() -> Strategy:
    return train(MINI, 300, seed=1, abstraction=None, stacks=(20, 20))


@pytest.mark.slow  # LBR's exact value: the whole mini-game tree, both seats
def test_lbr_is_at_most_the_exact_best_response_in_the_mini_game(weak: Strategy) -> None:
    game = TableGame(MINI, stack=20)
    policy = weak.as_policy()
    exact = exploitability(game, policy)
    mine = table_policy(opponent_model(weak))
    for deal in game.deals[::60]:  # the model's policy is the strategy's own, after a call and a raise too
        state = game.root().child(deal)
        for action in (None, 0, -1):
            if action is not None and action in state.legal_actions():
                state = state.child(action)
            if state.current_seat() >= 0:
                seat = state.current_seat()
                assert mine(state, seat) == pytest.approx(policy(state, seat))
    for seat in (0, 1):
        value = exact_value(game, weak, seat, particles=48, seed=1)
        assert value <= exact.best_response[seat] + 1e-9, (seat, value, exact.best_response)
        assert value > exact.policy_value[seat], (seat, value)  # it wins more than the strategy does against itself


@pytest.mark.slow  # LBR's exact value: the whole mini-game tree, both seats
def test_lbr_beats_a_calling_station_by_a_clear_margin() -> None:
    game = TableGame(MINI, stack=20)
    exact = exploitability(game, table_policy(Calling()))
    assert exact.policy_value == (0.0, 0.0)
    for seat in (0, 1):
        value = exact_value(game, Calling(), seat)
        # at least half of what the best response wins, a chip (500 mbb) a hand or more
        assert value >= max(0.5 * exact.best_response[seat], 1.0), (seat, value, exact.best_response)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"particles": 0}, "particles must be at least 1"),
    ({"particles": 10**6}, "particles must be at most"),
    ({"samples": -1}, "samples must be at least 1"),
    ({"seed": -5}, "seed"),
])
def test_bad_settings_raise(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LocalBestResponse(CallingBot(), **kwargs)


def test_bad_arguments_raise() -> None:
    with pytest.raises(TypeError, match="a bot with act"):
        LocalBestResponse(42)
    with pytest.raises(TypeError, match="random"):
        LocalBestResponse(RandomBot())
    with pytest.raises(ValueError, match="deals must be at least 1"):
        local_best_response_match(CallingBot(), 0)
    with pytest.raises(ValueError, match="seed must be an integer"):
        local_best_response_match(CallingBot(), 1, seed=None)  # type: ignore[arg-type]
    game = TableGame(MINI, stack=20)
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        exact_value(game, Calling(), 2)
    with pytest.raises(ValueError, match="needs views"):
        exact_value(game, DrawingBot(), 0)
    hand = Hand(TableRules("badeucey"), [50, 50, 50], seed=1)
    with pytest.raises(ValueError, match="heads-up"):
        LocalBestResponse(CallingBot()).act(hand.view(hand.to_act))  # type: ignore[arg-type]


@pytest.mark.slow  # the shipped strategy's first use builds its abstraction
def test_against_the_shipped_strategy() -> None:
    opponent = CFRBot(seed=1)
    assert _actions_explained(opponent, opponent.strategy.rules, tuple(opponent.strategy.stacks)) > 20
    result = local_best_response_match(opponent, 4, seed=3, particles=8, samples=8)
    assert result.deals == 4


TOOL = Path(__file__).resolve().parent.parent / "tools" / "local_best_response.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_module(TOOL, "local_best_response_tool")


def test_the_tool_prints_the_row(tool: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main(["--opponent", "drawing", "--deals", "2", "--particles", "4", "--samples", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("DrawingBot() | 2 deals (4 hands) | 4 particles, 4 samples |") and "95% CI" in out


@pytest.mark.parametrize("argv", [["--opponent", "drawing", "--deals", "0"], ["--opponent", "nope"], [],
                                  ["--mini", "ten"], ["--opponent", "drawing", "--particles", "0"],
                                  ["--opponent", "drawing", "--sample"]])
def test_the_tool_refuses_bad_arguments(tool: ModuleType, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        tool.main(argv)
    assert exc.value.code == 2
