"""Scripted hands and a readable log (the command line's ``badeucey deal``):
:func:`play_script` and :func:`describe`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from badeucey_fast.cards import format_cards
from badeucey_fast.play.events import BetRaise, CheckCall, Deal, Draw, Fold, Post, Show, player_label
from badeucey_fast.play.hand import Hand, Uncontested
from badeucey_fast.play.rules import TableRules

__all__ = ["describe", "play_script"]


def _digits(text: str) -> bool:
    """Whether ``text`` is a number in ASCII digits (as :meth:`Hand.act <badeucey_fast.play.hand.Hand.act>` reads labels)."""
    return text.isascii() and text.isdigit()


def play_script(
    rules: TableRules,
    stacks: Sequence[int],
    script: Iterable[str] = (),
    *,
    button: int = 0,
    seed: int | None = None,
    deck: str | Sequence[int] | None = None,
) -> Hand:
    """Play a hand in which every seat checks or calls and stands pat, except
    where ``script`` says otherwise.

    :param script: PHH actions in the order they happen, each with its player's
        label (``"p3 f"``, ``"p1 cbr 4"``, ``"p2 sd 7s Kd"``) or without one (then
        it is the next action of whoever is to act).  Each is taken when its
        player is next to act in a betting round (``sd``: in a draw); everyone
        else checks, calls or stands pat meanwhile.
    :raises ValueError: for an illegal scripted action, one naming a player the
        table lacks, or one never reached.

    >>> from badeucey_fast.play import TableRules, play_script
    >>> hand = play_script(TableRules("badugi"), [50, 50, 50], ["p3 cbr 4", "p1 f"], seed=1)
    >>> hand.history[3:7]
    ('p3 cbr 4', 'p1 f', 'p2 cc', 'p2 sd')
    >>> play_script(TableRules("badugi"), [50, 50], ["p3 cbr 4"])
    Traceback (most recent call last):
    ...
    ValueError: script action 1 'p3 cbr 4' names p3, but a table of 2 seats has p1..p2
    """
    hand = Hand(rules, stacks, button=button, seed=seed, deck=deck)
    todo = [line.strip() for line in script if line.strip()]
    for number, line in enumerate(todo, start=1):
        label = line.split()[0]
        if label[:1] == "p" and _digits(label[1:]) and not 1 <= int(label[1:]) <= hand.n_seats:
            raise ValueError(f"script action {number} {line!r} names {label}, but a table of {hand.n_seats} seats "
                             f"has p1..p{hand.n_seats}")
    step = 0
    while hand.to_act is not None:
        if step < len(todo):
            line = todo[step]
            words = line.split()
            labelled = words[0][:1] == "p" and _digits(words[0][1:])
            drawing = (words[1:2] if labelled else words[:1]) == ["sd"]
            if (not labelled or words[0] == player_label(hand.to_act, hand.button, hand.n_seats)) and drawing == (hand.phase == "draw"):
                try:
                    hand.act(line)
                except ValueError as exc:
                    raise ValueError(f"script action {step + 1} {line!r}: {exc}") from None
                step += 1
                continue
        if hand.phase == "draw":
            hand.discard()
        else:
            hand.check_call()
    if step < len(todo):
        raise ValueError(f"script action {step + 1} {todo[step]!r} was never reached: the hand is over")
    return hand


_HALF_WORDS = {"fixed": "fixed limit", "pot": "pot limit", "no": "no limit"}


def describe(hand: Hand) -> str:
    """The hand as a readable log, one event a line.

    >>> from badeucey_fast.play import TableRules, describe, play_script
    >>> print(describe(play_script(TableRules("badugi"), [20, 20], seed=3)).splitlines()[0])
    badugi, fixed limit 2/4, blinds 1/2, 2 seats, button seat 0
    """
    rules = hand.rules
    n = hand.n_seats
    limits = f"{rules.small_bet}/{rules.big_bet}" if rules.structure == "fixed" else ""
    title = (f"{hand.game.name}, {_HALF_WORDS[rules.structure]}{' ' + limits if limits else ''}, "
             f"blinds {rules.small_blind}/{rules.big_blind}, {n} seats, button seat {hand.button}")
    lines = [title]
    lines.append("stacks: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(hand.starting_stacks)))
    level = 0
    stage: tuple[str, int] | None = None
    for event in hand.events:
        seat = event.seat
        if isinstance(event, Post):
            lines.append(f"seat {seat} posts a big blind out of turn, {event.amount}" if event.blind == "posted"
                         else f"seat {seat} posts a dead small blind, {event.amount}" if event.blind == "dead"
                         else f"seat {seat} posts the {event.blind} blind, {event.amount}")
            continue
        if isinstance(event, Deal):
            lines.append(f"seat {seat} is dealt {format_cards(event.cards or ())}")
            continue
        if isinstance(event, Draw):
            if stage != ("draw", event.draw):
                stage = ("draw", event.draw)
                lines.append(f"-- draw {event.draw} --")
            lines.append(f"seat {seat} throws {format_cards(event.thrown or ())}, is dealt {format_cards(event.dealt or ())}"
                         if event.count else f"seat {seat} stands pat")
            continue
        if isinstance(event, Show):
            if stage != ("show", 0):
                stage = ("show", 0)
                lines.append("-- showdown --")
            continue
        if stage is None or stage[0] == "draw":
            betting = 0 if stage is None else stage[1]
            stage = ("bet", betting)
            lines.append(f"-- betting round {betting + 1} --")
            level = rules.big_blind if betting == 0 else 0
        if isinstance(event, Fold):
            lines.append(f"seat {seat} folds")
        elif isinstance(event, CheckCall):
            lines.append(f"seat {seat} calls {event.amount}" if event.amount else f"seat {seat} checks")
        elif isinstance(event, BetRaise):
            lines.append(f"seat {seat} raises to {event.to}" if level else f"seat {seat} bets {event.to}")
            level = max(level, event.to)
    result = hand.result
    if isinstance(result, Uncontested):
        lines.append(f"seat {result.seat} takes {result.amount} uncontested")
    elif result is not None:
        lines.extend(str(result).splitlines())
    if hand.payoffs is not None:
        lines.append("payoffs: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(hand.payoffs)))
    else:
        lines.append(f"(hand not over: seat {hand.to_act} to act)")
    return "\n".join(lines)
