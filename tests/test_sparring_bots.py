"""The sparring bots (ManiacBot, StationBot, BluffBot, ReaderBot): legal in
every game, structure and number of seats, decided by the view alone, and
playing the rule each one's docstring states, checked at every decision of
matches against the other bots."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from badeucey_fast.games import GAMES
from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import TableRules, play_match
from badeucey_fast.play.bots import (
    BluffBot,
    Bot,
    CallingBot,
    DrawingBot,
    ManiacBot,
    RandomBot,
    ReaderBot,
    StationBot,
    make_bot,
)
from badeucey_fast.play.events import BetRaise, Deal, Draw
from badeucey_fast.play.view import HandView

from .conftest import RunCli

SPARRING: dict[str, type[Bot]] = {"maniac": ManiacBot, "station": StationBot, "bluffer": BluffBot, "reader": ReaderBot}

Check = Callable[[HandView, str], None]


ACTIONS: dict[str, int] = {}
"""Actions checked, by bot (play_match plays copies of the bots, so the count lives here)."""


class Recording:
    """Wraps a bot: checks every action is legal in its view, then runs ``check(view, action)``."""

    def __init__(self, bot: Bot, check: Check | None = None) -> None:
        self.bot, self.check = bot, check

    def act(self, view: HandView) -> str:
        action = self.bot.act(view)
        word, *rest = action.split()
        if word == "sd":
            assert view.legal_actions == ("sd",) and len(set(rest)) == len(rest) <= view.rules.discard_limit
        elif word == "cbr":
            assert view.min_raise_to is not None and view.max_raise_to is not None
            assert view.min_raise_to <= int(rest[0]) <= view.max_raise_to
        else:
            assert action in view.legal_actions, (action, view.legal_actions)
        if self.check is not None:
            self.check(view, action)
        ACTIONS[repr(self.bot)] = ACTIONS.get(repr(self.bot), 0) + 1
        return action

    def __repr__(self) -> str:
        return repr(self.bot)


def _play(bot: Recording, opponents: list[Bot], game: str = "badeucey", structure: str = "fixed",
          hands: int = 60, seed: int = 5) -> None:
    """A match of ``bot`` against ``opponents`` in this process (the checks run here)."""
    ACTIONS.clear()
    play_match([bot, *opponents], hands=hands, rules=TableRules(game, structure=structure), seed=seed,
               stacks=100, executor=InlineExecutor())
    assert ACTIONS.get(repr(bot.bot), 0) > 0


def _opponents(seats: int) -> list[Bot]:
    pool: list[Bot] = [DrawingBot(), RandomBot(), CallingBot(), *(cls() for cls in SPARRING.values())]
    return [pool[i % len(pool)] for i in range(seats - 1)]


def test_make_bot_knows_them_and_they_are_bots() -> None:
    for name, cls in SPARRING.items():
        bot = make_bot(name)
        assert type(bot) is cls and isinstance(bot, Bot) and repr(bot) == f"{cls.__name__}()"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", SPARRING)
def test_legal_in_every_game_structure_and_number_of_seats(game: str, name: str) -> None:
    for seats, structure in ((2, "fixed"), (3, "pot"), (6, "no"), (2, "no")):
        if seats <= TableRules(game).max_seats:
            _play(Recording(SPARRING[name]()), _opponents(seats), game, structure, hands=2 * seats)


def test_a_seed_replays_them() -> None:
    def match() -> tuple[float, ...]:
        bots: list[Bot] = [cls() for cls in SPARRING.values()]
        return tuple(play_match(bots, hands=64, game="deuce_seven", seed=9, executor=InlineExecutor()).per_deal.ravel())

    assert match() == match()


def test_the_maniac_raises_whenever_it_may_and_never_folds() -> None:
    def check(view: HandView, action: str) -> None:
        if view.phase == "draw":
            assert action == DrawingBot().act(view)
        elif view.min_raise_to is not None:
            assert action == f"cbr {view.min_raise_to}"
        else:
            assert action == "cc"

    for game in ("badeucey", "badugi"):
        _play(Recording(ManiacBot(), check), [DrawingBot()], game)
        _play(Recording(ManiacBot(), check), [ManiacBot(), CallingBot()], game, "pot")


def test_the_station_plays_the_drawing_bot_but_calls_where_it_folds() -> None:
    def check(view: HandView, action: str) -> None:
        drawing = DrawingBot().act(view)
        assert action == ("cc" if drawing == "f" else drawing)

    folds_replaced = 0
    for game in ("badeucey", "deuce_seven"):
        _play(Recording(StationBot(), check), [ManiacBot()], game)

    def count(view: HandView, action: str) -> None:
        nonlocal folds_replaced
        check(view, action)
        folds_replaced += DrawingBot().act(view) == "f"

    _play(Recording(StationBot(), count), [ManiacBot()], "badugi")
    assert folds_replaced > 0  # the rule was put to the test


def _round_bets(view: HandView) -> tuple[int, bool]:
    """This betting round's bets (the big blind counts in round 0) and whether the view's seat made one."""
    start = max(i for i, e in enumerate(view.events) if isinstance(e, (Deal, Draw)))
    mine = [e.seat == view.seat for e in view.events[start:] if isinstance(e, BetRaise)]
    return len(mine) + (view.round == 0), any(mine)


def test_the_bluffer_stands_pat_and_bets_as_if_made() -> None:
    seen = {"pat": 0, "open": 0, "fold": 0}

    def check(view: HandView, action: str) -> None:
        if view.phase == "draw":
            assert action == "sd"
            seen["pat"] += 1
            return
        bets, mine = _round_bets(view)
        if bets <= 1 and not mine and view.min_raise_to is not None:
            assert action == f"cbr {view.min_raise_to}"
            seen["open"] += 1
        else:
            assert not action.startswith("cbr")
        if action == "f":
            assert view.round == view.rules.draws and mine
            seen["fold"] += 1

    opponents: list[list[Bot]] = [[DrawingBot()], [ManiacBot()], [StationBot(), CallingBot()]]
    for others in opponents:
        _play(Recording(BluffBot(), check), others, "badeucey", hands=100)
    assert all(seen.values()), seen


def test_the_reader_bets_by_the_draw_counts() -> None:
    seen = {"ahead": 0, "behind a pat hand": 0, "before the draws": 0}

    def check(view: HandView, action: str) -> None:
        drawing = DrawingBot().act(view)
        if view.phase == "draw":
            assert action == drawing
            return
        counts = ReaderBot.draw_counts(view)
        if counts is None:
            assert action == drawing
            seen["before the draws"] += 1
        elif counts[0] < counts[1]:
            assert action == (f"cbr {view.min_raise_to}" if view.min_raise_to is not None else "cc")
            seen["ahead"] += 1
        elif counts[1] == 0 < counts[0] and view.to_call and drawing == "cc":
            assert action == "f"
            seen["behind a pat hand"] += 1
        else:
            assert action == drawing

    opponents: list[list[Bot]] = [[DrawingBot()], [BluffBot()], [ManiacBot(), DrawingBot()]]
    for others in opponents:
        _play(Recording(ReaderBot(), check), others, "badeucey", hands=100)
    assert all(seen.values()), seen


def test_draw_counts_read_the_last_draw_of_the_opponents_still_in() -> None:
    from badeucey_fast.play.hand import Hand

    hand = Hand(TableRules("badugi"), [50, 50, 50], seed=2)
    assert ReaderBot.draw_counts(hand.view(0)) is None  # before the first draw
    view = hand.view(0)
    drawn = view.__class__(**{**{f: getattr(view, f) for f in view.__dataclass_fields__ if f != "history"},
                              "draws": ((3, 1, 0), (2, 2, 1)), "folded": (False, False, True)})
    assert ReaderBot.draw_counts(drawn) == (2, 2)  # seat 2 folded: its one card does not count


def test_the_command_line_plays_them(run_cli: RunCli) -> None:
    run = run_cli("match", "--bots", "maniac,station,bluffer,reader", "--game", "badugi", "--hands", "8", "--seed",
                  "1", "--workers", "1")
    assert run.returncode == 0, run.stderr
    for name in ("ManiacBot()", "StationBot()", "BluffBot()", "ReaderBot()"):
        assert name in run.stdout
