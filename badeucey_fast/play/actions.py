"""Between the environment's integer actions and PHH words, both ways.

The integers are those of :mod:`badeucey_fast.env.triple_draw_v0`: ``0`` fold,
``1`` check or call, ``2`` bet or raise (fixed limit: the one amount; pot and
no limit: the smallest), and ``3 + m`` in a draw, throwing the cards of bit mask
``m`` over the hand sorted by card id (bit ``j`` is the ``j``-th lowest card;
``m = 0`` stands pat).  Both directions read the seat's
:class:`~badeucey_fast.play.view.HandView`, so a bot written for the environment
can play a match, and a PHH bot can be scored on the environment's actions.

>>> from badeucey_fast.play import Hand, TableRules
>>> from badeucey_fast.play.actions import RAISE, action_to_text, legal_action_numbers, text_to_action
>>> hand = Hand(TableRules("badugi"), [50, 50], seed=3)
>>> view = hand.view(hand.to_act)
>>> action_to_text(RAISE, view), text_to_action("cbr 4", view), legal_action_numbers(view)
('cbr 4', 2, (0, 1, 2))
>>> text_to_action("cbr 5", view)
Traceback (most recent call last):
...
ValueError: 'cbr 5' has no action number: the raise action bets or raises to 4
"""

from __future__ import annotations

import operator

from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.play.view import HandView

__all__ = ["CALL", "DRAW", "FOLD", "RAISE", "action_to_text", "legal_action_numbers", "text_to_action"]

FOLD, CALL, RAISE, DRAW = 0, 1, 2, 3
"""Action numbers: fold, check/call, bet/raise; discards start at DRAW."""


def _number(action: object) -> int:
    if isinstance(action, bool):
        raise TypeError(f"an action number is an integer, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action number is an integer, not {type(action).__name__}") from None


def action_to_text(action: int, view: HandView) -> str:
    """The PHH words of an action number for the seat of ``view``.

    :raises TypeError: for an action that is not an integer.
    :raises ValueError: for a number that is not legal in the view.
    """
    a = _number(action)
    if a not in legal_action_numbers(view):
        raise ValueError(f"action {a} is not legal now (legal: {', '.join(map(str, legal_action_numbers(view)))})")
    if a >= DRAW:
        cards = sorted(view.cards)
        return " ".join(["sd", *(NAME_OF[c] for j, c in enumerate(cards) if (a - DRAW) >> j & 1)])
    if a == RAISE:
        return f"cbr {view.min_raise_to}"
    return ("f", "cc")[a]


def text_to_action(text: str, view: HandView) -> int:
    """The action number of PHH words (``"f"``, ``"cc"``, ``"cbr N"``, ``"sd 7s Kd"``)
    for the seat of ``view``.

    :raises ValueError: for words that are not a legal action, or a bet or raise
        to another amount than the raise action's (the smallest).
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is text such as 'cc' or 'sd 7s', not {type(text).__name__}")
    words = text.split()
    if view.phase == "draw" and words[:1] == ["sd"]:
        cards = sorted(view.cards)
        mask = 0
        for c in parse_cards(" ".join(words[1:])) if words[1:] else ():
            if c not in cards:
                raise ValueError(f"{text!r}: seat {view.seat} does not hold {NAME_OF[c]}")
            mask |= 1 << cards.index(c)
        return DRAW + mask
    if view.phase == "bet" and view.to_act == view.seat:
        if words == ["f"] and view.to_call:
            return FOLD
        if words == ["cc"]:
            return CALL
        if words[:1] == ["cbr"] and view.min_raise_to is not None:
            if words[1:] in ([], [str(view.min_raise_to)]):
                return RAISE
            raise ValueError(f"{text!r} has no action number: the raise action bets or raises to {view.min_raise_to}")
    raise ValueError(f"{text!r} is not a legal action now (legal: {', '.join(view.legal_actions) or 'none'})")


def legal_action_numbers(view: HandView) -> tuple[int, ...]:
    """The legal action numbers of the seat of ``view`` (empty when it is not to act)."""
    if view.to_act != view.seat:
        return ()
    if view.phase == "draw":
        return tuple(range(DRAW, DRAW + 2 ** len(view.cards)))
    out = [FOLD, CALL] if view.to_call else [CALL]
    if view.min_raise_to is not None:
        out.append(RAISE)
    return tuple(out)
