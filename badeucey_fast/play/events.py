"""A hand's history as typed, frozen events, each with its seat number.

A :class:`~badeucey_fast.play.hand.Hand` records what happens as events, in
the order it happens: the blinds posted (:class:`Post`), every hand dealt
(:class:`Deal`), each betting action (:class:`Fold`, :class:`CheckCall`,
:class:`BetRaise`), each seat's draw (:class:`Draw`) and the hands shown at
the showdown (:class:`Show`).  Each event renders its own PHH words
(:meth:`Deal.phh`, ...), in which players are labelled from the first seat left
of the button (:func:`player_label`); a seat's view holds the events with the
other seats' cards hidden (``cards`` None, the count kept: :meth:`Deal.seen_by`).

>>> from badeucey_fast.play import CheckCall, Draw
>>> Draw(seat=1, draw=2, count=2, thrown=(0, 51), dealt=(4, 8)).phh("p2")
('p2 sd 2cAs', 'd dh p2 3c4c')
>>> Draw(seat=1, draw=2, count=2, thrown=(0, 51), dealt=(4, 8)).seen_by(0).phh("p2")
('p2 sd ????', 'd dh p2 ????')
>>> CheckCall(seat=0, amount=0).to_dict()
{'event': 'check_call', 'seat': 0, 'amount': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Union

from badeucey_fast.cards import NAME_OF, format_cards

__all__ = ["BetRaise", "CheckCall", "Deal", "Draw", "Event", "Fold", "Post", "Show", "phh_history", "player_label"]


def player_label(seat: int, button: int, n_seats: int) -> str:
    """A seat's PHH player label: ``p1`` is the first seat left of the button, the button last.

    >>> from badeucey_fast.play.events import player_label
    >>> player_label(0, 0, 3), player_label(1, 0, 3)
    ('p3', 'p1')
    """
    return f"p{(seat - button - 1) % n_seats + 1}"


def _text(cards: Iterable[int]) -> str:
    return "".join([NAME_OF[c] for c in cards])


class _Event:
    """What every event shares: a JSON-ready :meth:`to_dict` and :meth:`seen_by`.

    Each event's ``__init__`` fills its fields straight into the instance (a hand
    makes an event at every action: the frozen dataclass's own ``__init__`` costs
    a guarded ``object.__setattr__`` a field); the dataclass gives equality,
    hashing and the ``repr``, and refuses every later change."""

    kind = ""

    def seen_by(self, seat: int) -> Event:
        """The event as ``seat`` sees it: the same event, unless it holds cards
        only its own seat may see."""
        return self  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data: its kind (``"event"``), then its fields, cards as text."""
        data: dict[str, Any] = {"event": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            data[f.name] = format_cards(value) if f.name in ("cards", "thrown", "dealt") and value is not None else value
        return data


@dataclass(frozen=True, init=False)
class Post(_Event):
    """A blind or an ante posted before the deal (all of the seat's stack when short)."""

    kind = "post"
    seat: int
    amount: int
    """The chips posted."""
    blind: str
    """``"small"``, ``"big"``, ``"ante"``, ``"posted"``: a big blind posted out of turn
    (:attr:`Hand.posted <badeucey_fast.play.hand.Hand.posted>`), or ``"dead"``: a dead
    small blind posted with it (:attr:`Hand.dead <badeucey_fast.play.hand.Hand.dead>`)."""

    def __init__(self, seat: int, amount: int, blind: str) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["amount"] = amount
        fields_["blind"] = blind

    def phh(self, player: str) -> tuple[str, ...]:
        """PHH posts the blinds and antes from its ``blinds_or_straddles`` and ``antes`` fields: no action words."""
        return ()


@dataclass(frozen=True, init=False)
class Deal(_Event):
    """A seat's hand dealt at the start."""

    kind = "deal"
    seat: int
    count: int
    """How many cards."""
    cards: tuple[int, ...] | None
    """The cards; None when another seat's view hides them."""

    def __init__(self, seat: int, count: int, cards: tuple[int, ...] | None) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["count"] = count
        fields_["cards"] = cards

    def phh(self, player: str) -> tuple[str, ...]:
        """``d dh p1 7s5h4d3c2s`` (``??`` for each hidden card)."""
        return (f"d dh {player} {'??' * self.count if self.cards is None else _text(self.cards)}",)

    def seen_by(self, seat: int) -> Deal:
        """Hidden (``cards`` None) from every other seat."""
        return self if seat == self.seat or self.cards is None else Deal(self.seat, self.count, None)


@dataclass(frozen=True, init=False)
class Fold(_Event):
    """A fold."""

    kind = "fold"
    seat: int

    def __init__(self, seat: int) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat

    def phh(self, player: str) -> tuple[str, ...]:
        """``p2 f``."""
        return (f"{player} f",)


@dataclass(frozen=True, init=False)
class CheckCall(_Event):
    """A check (``amount`` 0) or a call."""

    kind = "check_call"
    seat: int
    amount: int
    """The chips the call put in (all of the seat's stack when short); 0 for a check."""

    def __init__(self, seat: int, amount: int) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["amount"] = amount

    def phh(self, player: str) -> tuple[str, ...]:
        """``p2 cc``."""
        return (f"{player} cc",)


@dataclass(frozen=True, init=False)
class BetRaise(_Event):
    """A bet or a raise."""

    kind = "bet_raise"
    seat: int
    to: int
    """The seat's total bet this round after it."""

    def __init__(self, seat: int, to: int) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["to"] = to

    def phh(self, player: str) -> tuple[str, ...]:
        """``p2 cbr 8``."""
        return (f"{player} cbr {self.to}",)


@dataclass(frozen=True, init=False)
class Draw(_Event):
    """One seat's draw: the cards it threw and the ones it was dealt for them."""

    kind = "draw"
    seat: int
    draw: int
    """The draw, 1..3."""
    count: int
    """How many cards it threw (and was dealt); 0 is standing pat."""
    thrown: tuple[int, ...] | None
    """The cards thrown; None when another seat's view hides them."""
    dealt: tuple[int, ...] | None
    """The cards dealt for them; None when hidden."""

    def __init__(self, seat: int, draw: int, count: int, thrown: tuple[int, ...] | None, dealt: tuple[int, ...] | None) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["draw"] = draw
        fields_["count"] = count
        fields_["thrown"] = thrown
        fields_["dealt"] = dealt

    def phh(self, player: str) -> tuple[str, ...]:
        """``p2 sd 7sKd`` then ``d dh p2 5c3h`` (``p2 sd`` standing pat)."""
        if not self.count:
            return (f"{player} sd",)
        thrown = "??" * self.count if self.thrown is None else _text(self.thrown)
        dealt = "??" * self.count if self.dealt is None else _text(self.dealt)
        return (f"{player} sd {thrown}", f"d dh {player} {dealt}")

    def seen_by(self, seat: int) -> Draw:
        """Hidden (``thrown`` and ``dealt`` None) from every other seat; only the count is public."""
        if seat == self.seat or self.thrown is None:
            return self
        return Draw(self.seat, self.draw, self.count, None, None)


@dataclass(frozen=True, init=False)
class Show(_Event):
    """A hand shown at the showdown (every seat still in shows)."""

    kind = "show"
    seat: int
    cards: tuple[int, ...]

    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        fields_ = self.__dict__
        fields_["seat"] = seat
        fields_["cards"] = cards

    def phh(self, player: str) -> tuple[str, ...]:
        """``p1 sm 7s5h4d3c2s``."""
        return (f"{player} sm {_text(self.cards)}",)


Event = Union[Post, Deal, Fold, CheckCall, BetRaise, Draw, Show]
"""Any event of a hand's history."""


def phh_history(events: Iterable[Event], button: int, n_seats: int) -> tuple[str, ...]:
    """The PHH lines of ``events`` at a table of ``n_seats`` with the button at ``button``."""
    labels = [player_label(s, button, n_seats) for s in range(n_seats)]
    return tuple([line for e in events for line in e.phh(labels[e.seat])])


def seen_by(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` sees them."""
    return tuple([e.seen_by(seat) for e in events])
