"""DrawingBot without a cap (heads-up fixed limit by default) against a tight rule bot."""

from __future__ import annotations

from badeucey_fast.cards import NAME_OF
from badeucey_fast.bots import DrawingBot, play_match
from badeucey_fast.engine import HandView, TableRules
from badeucey_fast.jobs import InlineExecutor


class TightBot:
    """A tight rule bot written against the public view (no action text parsed):
    raises only its strongest hands, calls decent ones, folds the rest; draws
    as DrawingBot's evaluator plans."""

    def __init__(self) -> None:
        self._eval = DrawingBot()

    def reset(self, seed: int | None = None) -> None:
        """Nothing random."""

    def act(self, view: HandView) -> str:
        s = self._eval.strength(view)
        if view.phase == "draw":
            plan = self._eval._evaluator(view).plan(view.cards)
            return " ".join(["sd", *(NAME_OF[c] for c in plan.discard)])
        if view.min_raise_to is not None and s <= 0.05:
            return f"cbr {view.min_raise_to}"
        if view.to_call == 0 or s <= 0.25:
            return "cc"
        return "f"


def _raises_in_a_row(bot: DrawingBot, bets: int) -> str:
    rules = TableRules("badeucey")
    view = HandView(seat=0, n_seats=2, button=0, to_act=0, phase="bet", round=3, pot=40,
                    stacks=(150, 150), bets=(bets * 4 - 4, bets * 4), folded=(False, False), all_in=(False, False),
                    cards=(0, 1, 2, 3, 4), draws=(), history=(), legal_actions=("f", "cc", f"cbr {bets * 4 + 4}"),
                    rules=rules)
    return bot.act(view)


def test_drawing_bot_stops_re_raising_uncapped() -> None:
    bot = DrawingBot(raise_at=(1.0, 1.0, 1.0, 1.0))
    # A hand that raises at the first bet stops re-raising once the round has
    # seen enough bets, unless it is among the strongest.
    answers = [_raises_in_a_row(bot, bets) for bets in range(1, 12)]
    assert any(a.startswith("cbr") for a in answers)
    assert not answers[-1].startswith("cbr")


def test_drawing_bot_against_tight_bot_plays_uncapped() -> None:
    rules = TableRules("badeucey")
    assert rules.heads_up_cap is None
    result = play_match([DrawingBot(), TightBot()], hands=64, rules=rules, seed=3, executor=InlineExecutor())
    assert result.hands >= 64
    assert abs(sum(result.mbb_per_hand)) < 1e-6
