"""A hand history as the replayer steps through it: every seat's cards, the pot
and the stacks after each action, and each live seat's equity per half.

The PHH text is read by :func:`~badeucey_fast.play.phh.loads`; its hand is then
played again action by action on a :class:`~badeucey_fast.play.hand.Hand`
dealt the recorded cards (:class:`~badeucey_fast.play.hand.Replay`), so every
step is the engine's state, not a reading of the text.

**Equity** (:func:`~badeucey_fast.pot_equity.equity`, exact where the
outcomes are few enough, else 200,000 samples of a fixed seed) is taken as each
betting round begins, with every card known: the live seats' hands, the cards
already thrown out of play, the draws left, each seat throwing in the next draw
what the history shows it threw and in later draws following the package's
drawing policy (a seat that stands pat in the next draw stands pat in every
later one: :func:`~badeucey_fast.pot_equity.equity`'s rule).  The steps of a draw show the figures of the round before it
(a seat's cards change one at a time there); the last step of a showdown shows
who won each half.  A hand won uncontested has no equity after the fold.

>>> from badeucey_fast.play import Hand, TableRules
>>> from badeucey_fast.web.replay import replay_steps
>>> hand = Hand(TableRules("badugi"), [20, 20], seed=3)
>>> hand.fold()
>>> steps = replay_steps(hand.to_phh())
>>> [s["text"] for s in steps]
['the hands are dealt', 'p2 folds']
>>> steps[0]["equity"]["seats"][0]["halves"][0]["half"]
'Badugi'
>>> replay_steps("variant = 'FB'")
Traceback (most recent call last):
...
ValueError: PHH without the 'starting_stacks' field
"""

from __future__ import annotations

from typing import Any, cast

from badeucey_fast._terminal import _in_words
from badeucey_fast.cards import format_cards
from badeucey_fast.play.events import BetRaise, CheckCall, Deal, Draw, Event, Fold, player_label
from badeucey_fast.play.hand import Hand, Replay, Uncontested
from badeucey_fast.play.phh import loads

__all__ = ["EQUITY_SAMPLES", "EQUITY_SEED", "replay_steps"]

EQUITY_SAMPLES = 200_000
"""Samples of an equity too large to enumerate."""
EQUITY_SEED = 1
"""The seed of a sampled equity: the same file shows the same figures."""


def _replay_of(hand: Hand) -> Replay:
    """The cards ``hand`` dealt: its hands, each draw's cards and its burns."""
    order = [(hand.button + 1 + i) % hand.n_seats for i in range(hand.n_seats)]
    dealt: dict[int, tuple[int, ...]] = {}
    draws: dict[tuple[int, int], tuple[int, ...]] = {}
    for event in hand.events:
        if type(event) is Deal and event.cards is not None:
            dealt[event.seat] = event.cards
        elif type(event) is Draw and event.count and event.dealt is not None:
            draws[(event.draw, event.seat)] = event.dealt
    return Replay(tuple(dealt[s] for s in order), draws, hand.burns)


def _play(hand: Hand, event: Event) -> None:
    """Play one recorded action on ``hand``."""
    if type(event) is Fold:
        hand.fold()
    elif type(event) is CheckCall:
        hand.check_call()
    elif type(event) is BetRaise:
        hand.bet_raise(event.to)
    elif type(event) is Draw:
        hand.discard(event.thrown or ())


def _words(event: Event) -> str:
    """An action in the PHH words of :meth:`Hand.act`, for the log's sentence."""
    if type(event) is Fold:
        return "f"
    if type(event) is CheckCall:
        return "cc"
    if type(event) is BetRaise:
        return f"cbr {event.to}"
    thrown = cast(Draw, event).thrown or ()
    return " ".join(["sd", *format_cards(thrown).split()])


def _equity(hand: Hand, thrown_next: dict[int, tuple[int, ...]], dead: list[int]) -> dict[str, Any]:
    """Each live seat's chances from ``hand``'s state at the start of a betting
    round (or at the showdown), with everything known."""
    from badeucey_fast.pot_equity import equity

    game = hand.game
    live = [s for s in range(hand.n_seats) if not hand.folded[s]]
    draws_left = 0 if hand.phase == "over" else 3 - hand.round
    discards = [thrown_next.get(s) or None for s in live] if draws_left else None
    try:
        result = equity([hand.cards(s) for s in live], discards=discards, dead=tuple(dead), draws=draws_left,
                        game=game, samples=None, seed=EQUITY_SEED)
        if not result.exact:
            result = equity([hand.cards(s) for s in live], discards=discards, dead=tuple(dead), draws=draws_left,
                            game=game, samples=EQUITY_SAMPLES, seed=EQUITY_SEED)
    except ValueError as exc:  # a table that reshuffled thrown cards back into play
        return {"error": str(exc), "seats": []}
    seats = []
    for i, seat in enumerate(live):
        halves = []
        for half in game.halves:
            halves.append({"half": game.label(half), "win": getattr(result, f"{half}_win")[i],
                           "tie": getattr(result, f"{half}_tie")[i]})
        seats.append({"seat": seat, "player": player_label(seat, hand.button, hand.n_seats), "halves": halves,
                      "scoop": result.scoop[i] if game.is_split else None, "share": result.share[i]})
    return {"draws_left": draws_left, "exact": result.exact, "outcomes": result.outcomes, "seats": seats}


def _snapshot(hand: Hand, text: str) -> dict[str, Any]:
    """What a step shows of ``hand``: every seat's cards and chips."""
    n = hand.n_seats
    draws = hand.draws
    seats = [{
        "seat": s, "player": player_label(s, hand.button, n), "button": s == hand.button,
        "cards": format_cards(hand.cards(s)).split(), "stack": hand.stacks[s], "bet": hand.bets[s],
        "folded": hand.folded[s], "all_in": hand.all_in[s], "to_act": s == hand.to_act,
        "draws": [d[s] for d in draws],
    } for s in range(n)]
    stage = "hand over" if hand.phase == "over" else (
        f"draw {hand.round} of 3" if hand.phase == "draw" else f"betting round {hand.round + 1} of 4")
    return {"text": text, "phase": hand.phase, "stage": stage, "pot": hand.pot if hand.phase != "over" else sum(
        hand.committed), "seats": seats}


def _ending(hand: Hand) -> dict[str, Any]:
    """The last step's result: who won, each half's winners, the payoffs."""
    result = hand.result
    labels = [player_label(s, hand.button, hand.n_seats) for s in range(hand.n_seats)]
    game = hand.game
    payoffs = list(hand.payoffs or ())
    if isinstance(result, Uncontested):
        return {"uncontested": True, "winner": labels[result.seat], "amount": result.amount, "payoffs": payoffs,
                "halves": []}
    assert result is not None
    halves = [{"half": game.label(h.half), "amount": h.amount, "winners": [labels[s] for s in h.winners], "hand": h.name}
              for pot in result.pots for h in pot.halves]
    return {"uncontested": False, "halves": halves, "payoffs": payoffs,
            "text": result.describe(labels).splitlines()}


def replay_steps(text: str) -> list[dict[str, Any]]:
    """The steps of the hand in PHH ``text``: the deal, then one step per action,
    each with what it shows (plain data, JSON-ready).

    :raises ValueError: for text that :func:`~badeucey_fast.play.phh.loads` refuses.
    """
    recorded = loads(text)
    hand = Hand(recorded.rules, recorded.starting_stacks, button=recorded.button, deal=_replay_of(recorded),
                posted=recorded.posted, dead=recorded.dead)
    actions = [e for e in recorded.events if type(e) in (Fold, CheckCall, BetRaise, Draw)]
    thrown: dict[int, dict[int, tuple[int, ...]]] = {}  # by draw, by seat: what the history throws
    for e in actions:
        if type(e) is Draw and e.thrown:
            thrown.setdefault(e.draw, {})[e.seat] = e.thrown
    n = hand.n_seats
    labels = [player_label(s, hand.button, n) for s in range(n)]
    dead: list[int] = []

    def figures() -> dict[str, Any] | None:
        if hand.phase == "over" and sum(not f for f in hand.folded) < 2:
            return None
        return _equity(hand, thrown.get(hand.round + 1, {}), dead)

    first = _snapshot(hand, "the hands are dealt")
    shown = first["equity"] = figures()
    steps = [first]
    for event in actions:
        before = hand.view(event.seat)
        round_before = (hand.phase, hand.round)
        _play(hand, event)
        if type(event) is Draw and event.thrown:
            dead.extend(event.thrown)
        step = _snapshot(hand, _in_words(labels[event.seat], _words(event), before))
        if hand.phase == "over" or (hand.phase == "bet" and (hand.phase, hand.round) != round_before):
            shown = figures()
        step["equity"] = shown
        steps.append(step)
    if hand.phase == "over":
        steps[-1]["result"] = _ending(hand)
    return steps
