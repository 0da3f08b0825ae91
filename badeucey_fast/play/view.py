"""What a seat may know of a hand (:class:`HandView`) and what the seat to act
may do (:class:`Legal`): immutable values a :class:`~badeucey_fast.play.hand.Hand`
hands out, all a bot needs to play."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, cast, overload

from badeucey_fast.cards import format_cards
from badeucey_fast.games import Game
from badeucey_fast.play.events import Event, phh_history
from badeucey_fast.play.rules import TableRules

__all__ = ["HandView", "Legal"]


@dataclass(frozen=True)
class Legal:
    """What the seat to act may do now, as numbers (:meth:`Hand.legal
    <badeucey_fast.play.hand.Hand.legal>`); :meth:`Hand.legal_actions
    <badeucey_fast.play.hand.Hand.legal_actions>` writes the same facts as PHH words.

    >>> from badeucey_fast.play import Hand, TableRules
    >>> Hand(TableRules("badugi"), [50, 50], seed=1).legal()
    Legal(seat=0, phase='bet', to_call=1, can_fold=True, min_raise_to=4, max_raise_to=4, raises_left=None, max_discard=0)
    """

    seat: int | None
    """The seat to act; None once the hand is over."""
    phase: str
    """``"bet"``, ``"draw"`` or ``"over"``."""
    to_call: int = 0
    """The chips a call puts in (less than the bet to match when the seat is short:
    then it is all in); 0 when it may check, in a draw and once the hand is over."""
    can_fold: bool = False
    """Whether the seat may fold: only when facing a bet."""
    min_raise_to: int | None = None
    """The smallest total this round a bet or raise may reach; None when it may not raise."""
    max_raise_to: int | None = None
    """The largest total this round a bet or raise may reach (the same as
    :attr:`min_raise_to` in fixed limit); None when it may not raise."""
    raises_left: int | None = None
    """Full bets and raises still allowed this round before the cap; None when uncapped."""
    max_discard: int = 0
    """In a draw, the most cards the seat may throw (all it holds); 0 otherwise."""

    @property
    def can_check(self) -> bool:
        """Whether the seat may check (a betting action with nothing to call)."""
        return self.phase == "bet" and not self.can_fold

    @property
    def can_raise(self) -> bool:
        """Whether the seat may bet or raise now."""
        return self.min_raise_to is not None


class _History:
    """The view's PHH history: rendered from its events when first read, then
    kept (a view built with the lines keeps them as given)."""

    @overload
    def __get__(self, view: None, owner: type | None = None) -> None: ...
    @overload
    def __get__(self, view: HandView, owner: type | None = None) -> tuple[str, ...]: ...
    def __get__(self, view: HandView | None, owner: type | None = None) -> tuple[str, ...] | None:
        if view is None:
            return None  # the field's default: render from the events
        lines: tuple[str, ...] | None = view.__dict__["history"]
        if lines is None:
            lines = view.__dict__["history"] = phh_history(view.events, view.button, view.n_seats)
        return lines

    def __set__(self, view: HandView, lines: tuple[str, ...] | None) -> None:
        view.__dict__["history"] = None if lines is None else tuple(lines)


@dataclass(frozen=True)
class HandView:
    """What one seat may know of a hand: its own cards and everything public,
    the table's rules included (so a bot needs nothing else to play).

    >>> from badeucey_fast.play import Hand, TableRules
    >>> hand = Hand(TableRules("badugi"), [50, 50], seed=1)
    >>> view = hand.view(hand.to_act)
    >>> view.game.name, view.rules.big_bet, len(view.cards), view.to_call, view.events[0]
    ('badugi', 4, 4, 1, Post(seat=0, amount=1, blind='small'))
    """

    seat: int
    """The seat this view belongs to (seats are numbered clockwise from 0)."""
    n_seats: int
    """The number of seats at the table."""
    button: int
    """The button's seat."""
    to_act: int | None
    """The seat whose turn it is (to bet or to draw); None once the hand is over."""
    phase: str
    """``"bet"``, ``"draw"`` or ``"over"``."""
    round: int
    """The betting round (0..3) or the draw (1..3, before the betting round of the same number)."""
    pot: int
    """Chips in the middle, this round's bets included (0 once the hand is settled)."""
    stacks: tuple[int, ...]
    """Each seat's chips behind (not yet bet)."""
    bets: tuple[int, ...]
    """Each seat's bet in this betting round."""
    folded: tuple[bool, ...]
    """Whether each seat has folded."""
    all_in: tuple[bool, ...]
    """Whether each seat is all in."""
    cards: tuple[int, ...]
    """This seat's cards."""
    draws: tuple[tuple[int | None, ...], ...]
    """For each draw so far, how many cards each seat drew (None: not in that draw)."""
    legal_actions: tuple[str, ...]
    """This seat's legal actions if it is to act, else empty."""
    rules: TableRules
    """The table's rules (immutable): the game, blinds, bets, cap and structure."""
    to_call: int = 0
    """The chips a call puts in now (all of its stack when short); 0 when it may
    check or is not to bet."""
    min_raise_to: int | None = None
    """The smallest total this round a bet or raise may reach; None when this
    seat may not raise now (or is not to bet)."""
    max_raise_to: int | None = None
    """The largest total this round a bet or raise may reach (equal to
    :attr:`min_raise_to` in fixed limit); None when it may not raise now."""
    raises_left: int | None = None
    """Full bets and raises still allowed this round before the cap (counted
    whoever is to act); None when the round is uncapped or not a betting round."""
    thrown: tuple[int, ...] = ()
    """This seat's own discards so far, in order (dead to it: it will not draw them)."""
    acts_last: bool = False
    """Whether this seat is the last of those still able to bet to act in this
    betting round (the button after the draws, the big blind before them)."""
    history: _History = _History()
    """The history in PHH notation, other seats' cards shown as ``??``: the
    :attr:`events` in words, rendered when first read (given as lines, it is
    kept as given)."""
    events: tuple[Event, ...] = ()
    """The history as typed events with seat numbers (:mod:`badeucey_fast.play.events`),
    other seats' cards hidden (None): blinds posted, deals, bets, draws and,
    at the end, the hands shown."""
    payoffs: tuple[int, ...] | None = None
    """Net chips per seat once the hand is over; None before."""
    unknown: tuple[int, ...] = ()
    """This seat's cards that stand for cards its history did not know (a hand
    rebuilt from PHH with ``??``: :attr:`Hand.placeholders
    <badeucey_fast.play.hand.Hand.placeholders>`); empty for a hand dealt here."""

    def __post_init__(self) -> None:
        # A view built by hand (in a test, say) without the numbers takes them from
        # its bets and legal actions; Hand.view sets every field itself.
        if not self.to_call and "f" in self.legal_actions:
            owed = max(self.bets) - self.bets[self.seat]
            object.__setattr__(self, "to_call", min(owed, self.stacks[self.seat]))
        if self.min_raise_to is None and self.max_raise_to is None:
            amounts = [int(a[4:]) for a in self.legal_actions if a.startswith("cbr ")]
            if amounts:
                object.__setattr__(self, "min_raise_to", min(amounts))
                object.__setattr__(self, "max_raise_to", max(amounts))

    @property
    def game(self) -> Game:
        """The game played (``rules.game``)."""
        return cast(Game, self.rules.game)

    def __repr__(self) -> str:
        """Short, in card text (the whole view is in :meth:`to_dict`):
        ``<HandView badugi, seat 1 of 2: 5c Ts 6d 9c; bet 0, to act 1, pot 3, 2 actions>``."""
        to_act = "nobody to act" if self.to_act is None else f"to act {self.to_act}"
        return (f"<HandView {self.game.name}, seat {self.seat} of {self.n_seats}: {format_cards(self.cards)}; "
                f"{self.phase} {self.round}, {to_act}, pot {self.pot}, {len(self.history)} actions>")

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready: cards as text, events as :meth:`to_dict
        <badeucey_fast.play.events.Deal.to_dict>`, ``rules`` by field with its
        game as :meth:`Game.to_dict <badeucey_fast.games.Game.to_dict>`."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        data["cards"] = format_cards(self.cards)
        data["thrown"] = format_cards(self.thrown)
        data["unknown"] = format_cards(self.unknown)
        data["draws"] = [list(d) for d in self.draws]
        data["events"] = [e.to_dict() for e in self.events]
        data["rules"] = {f.name: getattr(self.rules, f.name) for f in fields(self.rules)}
        data["rules"]["game"] = self.game.to_dict()
        return data
