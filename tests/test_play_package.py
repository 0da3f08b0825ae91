"""The play package: typed events, the lazy history, bots' observe and name, integer
actions, the public replay path, and PHH interop with pokerkit's count of the cap."""

from __future__ import annotations

import ast
import inspect
import random
import warnings
from dataclasses import fields

import pytest

from badeucey_fast import format_cards, parse_cards
from badeucey_fast.jobs import InlineExecutor
from badeucey_fast.play import (
    BetRaise,
    CheckCall,
    Deal,
    DealState,
    Draw,
    Hand,
    HandView,
    Post,
    Replay,
    Show,
    TableRules,
    events,
    phh,
)
from badeucey_fast.play.actions import DRAW, action_to_text, legal_action_numbers, text_to_action
from badeucey_fast.play.bots import CallingBot, RandomBot, bot_name
from badeucey_fast.play.matches import play_match


def _play_randomly(hand: Hand, rng: random.Random) -> None:
    while hand.to_act is not None:
        legal = hand.legal()
        if legal.phase == "draw":
            cards = hand.cards(hand.to_act)
            hand.discard(rng.sample(cards, rng.randint(0, 2)))
        elif legal.can_raise and rng.random() < 0.4:
            hand.bet_raise(legal.min_raise_to)
        elif legal.can_fold and rng.random() < 0.1:
            hand.fold()
        else:
            hand.check_call()


def test_events_carry_seats_and_hide_other_seats_cards() -> None:
    hand = Hand(TableRules("badeucey"), [50, 50, 50], button=1, seed=4)
    _play_randomly(hand, random.Random(4))
    every = hand.events
    assert [type(e) for e in every[:2]] == [Post, Post] and {e.blind for e in every[:2]} == {"small", "big"}
    assert [e.seat for e in every if isinstance(e, Deal)] == [2, 0, 1]  # dealt from left of the button
    assert hand.history == events.phh_history(every, hand.button, hand.n_seats)
    for seat in range(3):
        view = hand.view(seat)
        assert len(view.events) == len(every)
        for mine, full in zip(view.events, every, strict=True):
            assert mine.seat == full.seat and type(mine) is type(full)
            if isinstance(full, Deal) and full.seat != seat:
                assert mine == Deal(full.seat, full.count, None) and mine.phh("p1") == ("d dh p1 " + "??" * 5,)
            elif isinstance(full, Draw) and full.seat != seat:
                assert mine == Draw(full.seat, full.draw, full.count, None, None)
            else:
                assert mine == full
        assert view.payoffs == hand.payoffs
    shown = [e for e in hand.view(0).events if isinstance(e, Show)]
    assert all(e.cards == hand.cards(e.seat) for e in shown)  # the showdown is public


def test_betting_events_say_what_was_paid() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    hand.bet_raise()
    hand.check_call()
    assert hand.events[-2:] == (BetRaise(0, 4), CheckCall(1, 2))
    assert hand.events[-1].to_dict() == {"event": "check_call", "seat": 1, "amount": 2}


def test_view_history_is_rendered_only_when_read() -> None:
    hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    hand.check_call()
    view = hand.view(1)
    assert vars(view)["history"] is None  # not rendered yet
    lines = view.history
    assert lines == (f"d dh p1 {format_cards(hand.cards(1)).replace(' ', '')}", "d dh p2 ????????", "p2 cc")
    assert vars(view)["history"] is lines and view.history is lines  # rendered once, then kept
    assert HandView(**{f.name: getattr(view, f.name) for f in fields(view)}) == view


def test_every_view_attribute_has_a_docstring() -> None:
    tree = ast.parse(inspect.getsource(HandView))
    body = tree.body[0].body  # type: ignore[attr-defined]
    documented = {
        node.target.id for node, after in zip(body, body[1:])
        if isinstance(node, ast.AnnAssign) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
    }
    assert {f.name for f in fields(HandView)} <= documented


class Watcher:
    """Calls, and keeps what it is shown at the end of each hand."""

    name = "watcher"

    def __init__(self) -> None:
        self.seen: list[HandView] = []

    def act(self, view: HandView) -> str:
        return "sd" if view.phase == "draw" else "cc"

    def observe(self, view: HandView) -> None:
        self.seen.append(view)


class Nameless:
    def act(self, view: HandView) -> str:
        return "sd" if view.phase == "draw" else "cc"


def test_match_calls_observe_and_uses_names() -> None:
    watcher = Watcher()
    result = play_match([watcher, Nameless()], hands=4, game="badugi", seed=3, executor=InlineExecutor())
    assert result.bots == ("watcher", "Nameless")
    assert bot_name(CallingBot()) == "CallingBot()" and bot_name(RandomBot()) == "RandomBot()"


def test_observe_sees_the_end_of_each_hand() -> None:
    import numpy as np

    from badeucey_fast.play.matches import _match_chunk

    watcher = Watcher()
    payload = ([watcher, CallingBot()], TableRules("badugi"), (50, 50), 0, 3, True, False, None)

    class Keep(Watcher):
        def __deepcopy__(self, memo: object) -> Keep:
            return self  # the chunk plays its own copies: keep this one to look at

    keep = Keep()
    _match_chunk(0, np.random.SeedSequence(1), ([keep, CallingBot()], *payload[1:]))  # type: ignore[arg-type]
    assert len(keep.seen) == 3 * 2  # three deals, each played from both seats
    for view in keep.seen:
        assert view.phase == "over" and view.payoffs is not None and sum(view.payoffs) == 0
        assert any(isinstance(e, Show) for e in view.events)  # calling stations always reach the showdown


def test_integer_actions_and_phh_words_round_trip() -> None:
    rng = random.Random(2)
    for structure in ("fixed", "pot"):
        for seed in range(10):
            hand = Hand(TableRules("badeucey", structure=structure), [40, 40, 40], seed=seed)
            while hand.to_act is not None:
                view = hand.view(hand.to_act)
                numbers = legal_action_numbers(view)
                assert numbers and all(text_to_action(action_to_text(a, view), view) == a for a in numbers)
                if view.phase == "bet":
                    assert len(numbers) == len([a for a in view.legal_actions if a != f"cbr {view.max_raise_to}"
                                                or view.max_raise_to == view.min_raise_to])
                else:
                    assert numbers == tuple(range(DRAW, DRAW + 2 ** 5))
                hand.act(action_to_text(rng.choice(numbers), view))
            assert legal_action_numbers(hand.view(0)) == ()


def test_integer_actions_refuse_what_has_no_number() -> None:
    hand = Hand(TableRules("badugi", structure="no"), [50, 50], seed=3)
    view = hand.view(0)
    with pytest.raises(ValueError, match="has no action number"):
        text_to_action("cbr 7", view)
    with pytest.raises(ValueError, match="not legal"):
        action_to_text(DRAW, view)
    with pytest.raises(TypeError, match="integer"):
        action_to_text(True, view)


def test_a_replay_deals_what_it_is_given_then_resumes() -> None:
    original = Hand(TableRules("badugi"), [30, 30], seed=9)
    original.check_call()
    original.check_call()
    original.discard(original.cards(1)[:2])
    draws = {(1, 1): next(e.dealt for e in original.events if isinstance(e, Draw))}
    hands = tuple(e.cards for e in original.events if isinstance(e, Deal))
    replayed = Hand(TableRules("badugi"), [30, 30], deal=Replay(hands, draws))  # type: ignore[arg-type]
    for action in ("cc", "cc", f"sd {format_cards(original.cards(1) and original.events[-1].thrown)}"):  # type: ignore[union-attr]
        replayed.act(action)
    assert replayed.history == original.history
    replayed.resume(original.deal_state)
    assert replayed == original
    with pytest.raises(ValueError, match="the stub is not the cards"):
        Hand(TableRules("badugi"), [30, 30], seed=1).resume(DealState((0,), False, None))
    with pytest.raises(TypeError, match="Replay"):
        Hand(TableRules("badugi"), [30, 30], deal=hands)  # type: ignore[arg-type]


def test_a_draw_the_replay_refuses_leaves_the_hand_as_it_was() -> None:
    """Cards thrown out of the order they sit in are seated in the order given before
    the draw; a draw the recorded history refuses puts them back."""
    hands = (parse_cards("7s5h4d3c"), parse_cards("AhKhQhJh"))
    replayed = Hand(TableRules("badugi"), [20, 20], deal=Replay(hands, {(1, 1): parse_cards("2c")}))
    replayed.check_call()
    replayed.check_call()
    before = replayed.copy()
    held = replayed.cards(1)
    with pytest.raises(ValueError, match="threw 2 cards in draw 1 but the history deals 1"):
        replayed.discard([held[3], held[0]])
    assert replayed.cards(1) == held and replayed == before
    replayed.discard([held[0]])  # what the history deals
    assert replayed.cards(1)[-1] == parse_cards("2c")[0]


def test_cap_counts_blind_false_allows_four_raises_after_the_big_blind() -> None:
    for counts_blind, raises in ((True, 3), (False, 4)):
        hand = Hand(TableRules("badugi", heads_up_cap=4, cap_counts_blind=counts_blind), [100, 100], seed=1)
        made = 0
        while hand.legal().can_raise:
            hand.bet_raise()
            made += 1
        assert made == raises


def test_an_uncapped_heads_up_hand_warns_that_pokerkit_cannot_replay_it() -> None:
    hand = Hand(TableRules("deuce_seven"), [100, 100], seed=1)  # heads-up uncapped by default
    for _ in range(6):
        hand.bet_raise()
    with pytest.warns(phh.PokerkitWarning, match="pokerkit cannot replay"):
        text = hand.to_phh()
    assert Hand.from_phh(text) == hand  # it still replays here
    capped = Hand(TableRules("deuce_seven", heads_up_cap=4), [100, 100], seed=1)
    capped.bet_raise()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        capped.to_phh()


pokerkit = pytest.importorskip("pokerkit")


def _pokerkit_history(game_class: type, seats: int, rng: random.Random) -> tuple[str, list[int]]:
    """A random pokerkit hand of aggressive play (raising when it may, most of the time), as PHH.
    At most four seats drawing at most two cards never run the stub out (pokerkit would then
    reshuffle the drawer's own discards, which the rules here forbid)."""
    from pokerkit import Automation

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    game = game_class(automations, True, 0, (1, 2), 2, 4)
    state = game([rng.randint(30, 300) for _ in range(seats)], seats)
    while state.status:
        if state.can_stand_pat_or_discard():
            cards = state.hole_cards[state.stand_patter_or_discarder_index]
            k = rng.randint(0, 2)
            state.stand_pat_or_discard(rng.sample(cards, k) if k else ())
            continue
        if state.can_complete_bet_or_raise_to() and rng.random() < 0.7:
            state.complete_bet_or_raise_to()
        elif state.can_fold() and rng.random() < 0.1:
            state.fold()
        else:
            state.check_or_call()
    return pokerkit.HandHistory.from_game_state(game, state).dumps(), [int(s) for s in state.stacks]


@pytest.mark.parametrize("game_class", ["FixedLimitBadugi", "FixedLimitDeuceToSevenLowballTripleDraw"])
def test_pokerkit_histories_replay_here(game_class: str) -> None:
    rng = random.Random(game_class)
    most_raises = 0
    for i in range(40):
        seats = 2 if i % 3 == 0 else rng.randint(3, 4)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit's own notes on dealing
            text, stacks = _pokerkit_history(getattr(pokerkit, game_class), seats, rng)
        hand = Hand.from_phh(text)
        order = [(hand.button + 1 + k) % seats for k in range(seats)]
        assert [hand.stacks[s] for s in order] == stacks, text
        assert hand.rules.cap_counts_blind is False and hand.rules.heads_up_cap == 4
        raises = 0
        for event in hand.events:
            if isinstance(event, Draw):
                break
            raises += isinstance(event, BetRaise)
        most_raises = max(most_raises, raises)
    assert most_raises == 4  # four raises after the big blind were played, and replayed


@pytest.mark.parametrize("game", ["badugi", "deuce_seven"])
def test_our_hands_with_pokerkit_s_count_replay_in_pokerkit(game: str) -> None:
    rng = random.Random(game)
    for seed in range(20):
        seats = 2 + seed % 3
        hand = Hand(TableRules(game, heads_up_cap=4, cap_counts_blind=False), [200] * seats, seed=seed)
        while hand.to_act is not None:
            legal = hand.legal()
            if legal.phase == "draw":
                hand.discard(rng.sample(hand.cards(hand.to_act), rng.randint(0, 2)))
            elif legal.can_raise and rng.random() < 0.7:
                hand.bet_raise()
            else:
                hand.check_call()
        with warnings.catch_warnings():
            warnings.simplefilter("error", phh.PokerkitWarning)
            text = hand.to_phh()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = pokerkit.HandHistory.loads(text)
        order = [(hand.button + 1 + k) % seats for k in range(seats)]
        assert [int(s) for s in state.stacks] == [hand.stacks[s] for s in order], text
