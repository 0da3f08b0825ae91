"""One reader for every site's text format: a site is a table of patterns
(:class:`SiteFormat`), one a kind of line, and this module turns the lines of
a hand into PHH.

The kinds of line a site's table names (each a regular expression with the
named groups listed; ``name`` is the player's, amounts may carry a currency
sign and thousands separators):

==============  ====================================================================
``start``       a hand's first line: ``id``, ``game``, ``small_bet``, ``big_bet``
``table``       the table line: ``table``, ``button`` (a seat number)
``seat``        a seat: ``seat``, ``name``, ``stack``, optional ``out`` (sitting out)
``small_blind`` ``name``, ``amount``
``big_blind``   ``name``, ``amount`` (a second one is a new player's posted blind)
``ante``        ``name``, ``amount``
``fold``        ``name``
``check``       ``name``
``call``        ``name``, ``amount``
``bet``         ``name``, ``amount``
``raise``       ``name``, ``to`` (the player's whole bet this round)
``discard``     ``name``, ``count``, optional ``cards`` (the hero's)
``pat``         ``name``
``dealt``       ``name``, ``cards`` and, after a draw, ``new`` (the hero's cards)
``show``        ``name``, ``cards``
``collect``     ``name``, ``amount``
``returned``    ``name``, ``amount`` (an uncalled bet)
``pot``         ``total``, optional ``rake``
``chat``        a line to skip before any other is tried (chat: anything may follow)
==============  ====================================================================

and ``streets``: the section headers, in order (the deal, the three draws, the
showdown, the summary).  A line no pattern matches is skipped: players
joining, leaving, sitting out and timing out, "Betting is capped", "The deck
is reshuffled", a hand's description in the summary.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from badeucey_fast.cards import NAME_OF, parse_cards
from badeucey_fast.games import GAMES
from badeucey_fast.play.phh import variant_code

__all__ = ["HandError", "ImportedHand", "SiteFormat", "read_hands"]

KINDS = ("start", "table", "seat", "small_blind", "big_blind", "ante", "fold", "check", "call", "bet", "raise",
         "discard", "pat", "dealt", "show", "collect", "returned", "pot")
_ACTING = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True)
class SiteFormat:
    """A site's text format: what :func:`read_hands` needs to read it."""

    site: str
    """The site's name, as reports give it."""
    games: Mapping[str, str]
    """The site's name of each game -> this package's game name."""
    patterns: Mapping[str, str]
    """Each kind of line (the module docstring) -> its regular expression."""
    streets: Sequence[str]
    """The section headers: deal, first, second and third draw, showdown, summary (regular expressions)."""
    chat: str = r"(?!)"
    """Lines skipped before any pattern is tried."""
    compiled: dict[str, re.Pattern[str]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        missing = set(KINDS) - set(self.patterns)
        if missing or len(self.streets) != 6:
            raise ValueError(f"{self.site}: a site format names every kind of line and six streets "
                             f"(missing {', '.join(sorted(missing)) or 'streets'})")
        self.compiled.update({kind: re.compile(self.patterns[kind]) for kind in KINDS})
        self.compiled.update({f"street{i}": re.compile(s) for i, s in enumerate(self.streets)})
        self.compiled["chat"] = re.compile(self.chat)

    def starts(self, line: str) -> bool:
        """Whether ``line`` begins a hand of this format."""
        return self.compiled["start"].match(line) is not None


@dataclass(frozen=True)
class ImportedHand:
    """One hand of a site's history, read: its facts in the file's units, and PHH."""

    id: str
    """The site's hand number, as text."""
    site: str
    game: str
    """This package's game name."""
    table: str
    players: tuple[str, ...]
    """The names of the players dealt in, in seat order."""
    starting_stacks: tuple[int | float, ...]
    """In the file's units (dollars for a cash game, chips for a tournament), by :attr:`players`."""
    final_stacks: tuple[int | float, ...]
    """After the hand, rake taken, in the file's units."""
    rake: int | float
    phh: str
    """The hand in PHH: amounts in the file's smallest unit (``_badeucey_chip``), ``??`` each unknown card."""
    replay_error: str | None = None
    """Why this engine cannot replay the PHH (antes, a posted extra blind), or None."""

    def to_dict(self) -> dict[str, Any]:
        """The hand as the ``--json`` of ``badeucey import`` gives it."""
        return {"id": self.id, "site": self.site, "game": self.game, "table": self.table,
                "players": list(self.players), "starting_stacks": list(self.starting_stacks),
                "final_stacks": list(self.final_stacks), "rake": self.rake, "phh": self.phh,
                "replay_error": self.replay_error}


@dataclass(frozen=True)
class HandError:
    """A hand that could not be read: its number (or where it starts) and why."""

    id: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "reason": self.reason}


def split_hands(text: str, site: SiteFormat) -> Iterator[list[str]]:
    """The hands of a file's text, each its lines (a byte-order mark and blank lines dropped)."""
    lines = text.lstrip("\ufeff").splitlines()
    hand: list[str] = []
    for line in lines:
        line = line.strip().lstrip("\ufeff")
        if site.starts(line):
            if hand:
                yield hand
            hand = [line]
        elif hand and line:
            hand.append(line)
    if hand:
        yield hand


def read_hands(text: str, site: SiteFormat) -> tuple[list[ImportedHand], list[HandError]]:
    """Every hand of ``text`` in ``site``'s format: those read, and those that could not be, with why."""
    hands: list[ImportedHand] = []
    errors: list[HandError] = []
    for lines in split_hands(text, site):
        match = site.compiled["start"].match(lines[0])
        number = match["id"] if match else lines[0][:40]
        try:
            hands.append(_Hand(site, lines).imported())
        except ValueError as exc:
            errors.append(HandError(number, str(exc)))
    return hands, errors


class _Hand:
    """One hand's lines, read into PHH."""

    def __init__(self, site: SiteFormat, lines: list[str]) -> None:
        self.site = site
        self.lines = lines
        start = site.compiled["start"].match(lines[0])
        assert start is not None
        self.id = start["id"]
        game_text = start["game"].strip()
        if game_text not in site.games:
            raise ValueError(f"game {game_text!r} is not one this package plays "
                             f"({', '.join(sorted(site.games))})")
        self.game = site.games[game_text]
        self.currency = start["small_bet"][:1] in "$€£"  # (a tournament's buy-in has a sign, its chips none)
        self.unit = Decimal("0.01") if self.currency else Decimal(1)
        self.small_bet = self.chips(start["small_bet"])
        self.big_bet = self.chips(start["big_bet"])

    def chips(self, text: str) -> int:
        """An amount of the file (currency sign and thousands separators allowed) in chips of the unit."""
        cleaned = text.strip().lstrip("$€£").replace(",", "")
        try:
            value = Decimal(cleaned) / self.unit
        except InvalidOperation:
            raise ValueError(f"not an amount: {text!r}") from None
        if value != value.to_integral_value():
            raise ValueError(f"amount {text!r} is finer than the unit {self.unit}")
        return int(value)

    def units(self, chips: int) -> int | float:
        """Chips of the unit back in the file's units (a whole number when it is one)."""
        value = chips * self.unit
        return int(value) if value == value.to_integral_value() else float(value)

    def imported(self) -> ImportedHand:
        site = self.site
        c = site.compiled
        table_name = ""
        button_seat: int | None = None
        seats: list[tuple[int, str, int, bool]] = []
        events: list[tuple[str, int, re.Match[str]]] = []  # (kind, street, match)
        street = -1
        for line in self.lines[1:]:
            if c["chat"].match(line):
                continue
            header = next((i for i in range(6) if c[f"street{i}"].match(line)), None)
            if header is not None:
                street = header
                continue
            if street == -1:
                if m := c["table"].match(line):
                    table_name, button_seat = m["table"], int(m["button"])
                    continue
                if m := c["seat"].match(line):
                    seats.append((int(m["seat"]), m["name"], self.chips(m["stack"]), bool(m.groupdict().get("out"))))
                    continue
            if street == 5:  # the summary: only the pot and the rake
                if m := c["pot"].match(line):
                    events.append(("pot", street, m))
                continue
            for kind in KINDS[3:]:
                if m := c[kind].match(line):
                    events.append((kind, street, m))
                    break
        if button_seat is None or not seats:
            raise ValueError("no table line or no seats")
        return self._build(table_name, button_seat, seats, events)

    def _build(self, table_name: str, button_seat: int, seats: list[tuple[int, str, int, bool]],
               events: list[tuple[str, int, re.Match[str]]]) -> ImportedHand:
        game = GAMES[self.game]
        size = game.hand_size
        stacks = {name: stack for _, name, stack, _ in seats}
        seat_of = {name: seat for seat, name, _, _ in seats}
        in_hand = {m["name"] for kind, _, m in events if kind not in ("pot", "collect", "returned")}
        unknown_names = in_hand - set(seat_of)
        if unknown_names:
            raise ValueError(f"{', '.join(sorted(unknown_names))} acts but has no seat")
        dealt = [name for _, name, _, out in sorted(seats) if name in in_hand]
        if len(dealt) < 2:
            raise ValueError("fewer than two players are dealt in")
        posts = [(kind, m["name"], self.chips(m["amount"])) for kind, _, m in events
                 if kind in ("small_blind", "big_blind", "ante")]
        small = [name for kind, name, _ in posts if kind == "small_blind"]
        big = [name for kind, name, _ in posts if kind == "big_blind"]
        if len(small) != 1 or not big:
            raise ValueError("the hand needs one small blind and a big blind")
        ring = sorted(dealt, key=lambda name: seat_of[name])
        at = ring.index(small[0])
        if len(ring) == 2:
            button = small[0]
        else:
            button = ring[at - 1]
        order = ring[ring.index(button) + 1:] + ring[:ring.index(button) + 1]  # PHH's p1.. from left of the button
        label = {name: f"p{i + 1}" for i, name in enumerate(order)}
        n = len(order)
        small_blind = self.small_bet // 2
        blinds = [0] * n
        antes = [0] * n
        committed = dict.fromkeys(order, 0)
        round_bets = dict.fromkeys(order, 0)
        for kind, poster, amount in posts:
            i = order.index(poster)
            committed[poster] += amount
            if kind == "ante":
                antes[i] += amount
            else:
                blinds[i] += amount
                round_bets[poster] += amount
        # The blinds this engine plays: p1 the small blind and p2 the big blind (heads-up
        # the button, p2, the small): PHH lists the small blind first either way.
        expected = [self.small_bet, small_blind] if n == 2 else [small_blind, self.small_bet] + [0] * (n - 2)
        replay_error = None
        if any(antes):
            replay_error = "antes are not played by this engine"
        elif blinds != expected:
            replay_error = (f"blinds posted {blinds} are not a small and a big blind ({small_blind}/{self.small_bet}):"
                            " a posted extra blind is not played by this engine")
        standard_blinds = [small_blind, self.small_bet] + [0] * (n - 2)

        deals: dict[str, list[str]] = {name: ["??" * size] for name in order}
        actions: list[str] = []
        pending: list[str] = []  # a draw's deals, written after its discards (PHH's order, pokerkit's)
        collected = dict.fromkeys(order, 0)
        shown: dict[str, str] = {}
        drew: set[str] = set()
        rake = 0
        total = None
        current = 0
        for kind, street, m in events:
            name: str = m.groupdict().get("name") or ""
            if street != current:
                actions.extend(pending)
                pending = []
                if street in (1, 2, 3) and street > current:
                    round_bets = dict.fromkeys(order, 0)
                current = street
            if kind in _ACTING:
                actions.extend(pending)
                pending = []
            who = label.get(name, "")
            if kind == "fold":
                actions.append(f"{who} f")
            elif kind == "check":
                actions.append(f"{who} cc")
            elif kind == "call":
                amount = self.chips(m["amount"])
                round_bets[name] += amount
                committed[name] += amount
                actions.append(f"{who} cc")
            elif kind in ("bet", "raise"):
                to = self.chips(m["to"]) if kind == "raise" else round_bets[name] + self.chips(m["amount"])
                committed[name] += to - round_bets[name]
                round_bets[name] = to
                actions.append(f"{who} cbr {to}")
            elif kind == "discard":
                drew.add(name)
                count = int(m["count"])
                cards = m.groupdict().get("cards")
                thrown = _card_text(cards) if cards else "??" * count
                if len(thrown) != 2 * count:
                    raise ValueError(f"{name} discards {count} cards but shows {cards}")
                actions.append(f"{who} sd {thrown}")
                pending.append(f"d dh {who} {'??' * count}")
            elif kind == "pat":
                actions.append(f"{who} sd")
            elif kind == "dealt":
                new = m.groupdict().get("new")
                if street == 0 or not new:
                    deals[name] = [_card_text(m["cards"] or "")]
                else:
                    text = _card_text(new)
                    mine = f"d dh {who} {'??' * (len(text) // 2)}"
                    if mine in pending:
                        pending[pending.index(mine)] = f"d dh {who} {text}"
            elif kind == "show":
                shown[name] = _card_text(m["cards"])
            elif kind == "collect":
                collected[name] += self.chips(m["amount"])
            elif kind == "returned":
                committed[name] -= self.chips(m["amount"])
            elif kind == "pot":
                total = self.chips(m["total"])
                rake = self.chips(m["rake"]) if m.groupdict().get("rake") else 0
        actions.extend(pending)
        for name, text in shown.items():
            if len(text) != 2 * size:
                raise ValueError(f"{name} shows {len(text) // 2} cards, not {size}")
            if name not in drew and deals[name] == ["??" * size]:
                deals[name] = [text]  # stood pat throughout: the hand shown is the hand dealt
            actions.append(f"{label[name]} sm {text}")
        starting = [stacks[name] for name in order]
        finishing = [stacks[name] - committed[name] + collected[name] for name in order]
        if any(f < 0 for f in finishing):
            raise ValueError(f"a player would finish with less than nothing: {finishing}")
        if sum(starting) != sum(finishing) + rake:
            raise ValueError(f"the chips do not add up: {sum(starting)} at the start, {sum(finishing)} at the end "
                             f"and {rake} rake")
        if total is not None and total != sum(committed.values()):
            raise ValueError(f"the pot is {total}, but the players put in {sum(committed.values())}")
        seat_order = sorted(order, key=lambda name: seat_of[name])
        fields: list[tuple[str, Any]] = [
            ("variant", variant_code(game, "fixed")),
            ("antes", antes),
            ("blinds_or_straddles", blinds if replay_error else standard_blinds),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("starting_stacks", starting),
            ("actions", [f"d dh {label[name]} {deals[name][0]}" for name in order] + actions),
            ("finishing_stacks", finishing),
            ("players", order),
            ("hand", int(self.id) if self.id.isdigit() else None),
            ("table", table_name),
            ("seats", [seat_of[name] for name in order]),
            ("_badeucey_rake", rake),
            ("_badeucey_button", n - 1),
            ("_badeucey_rules", {"structure": "fixed", "small_blind": small_blind, "big_blind": self.small_bet,
                                 "small_bet": self.small_bet, "big_bet": self.big_bet, "cap": 4}),
            ("_badeucey_site", self.site.site),
            ("_badeucey_hand", None if self.id.isdigit() else self.id),
            ("_badeucey_chip", str(self.unit)),
        ]
        phh = "".join(f"{key} = {_toml(value)}\n" for key, value in fields if value is not None)
        if replay_error is None:
            replay_error = _replays(phh)
        index = {name: order.index(name) for name in seat_order}
        return ImportedHand(
            self.id, self.site.site, self.game, table_name, tuple(seat_order),
            tuple(self.units(starting[index[name]]) for name in seat_order),
            tuple(self.units(finishing[index[name]]) for name in seat_order),
            self.units(rake), phh, replay_error)


def _replays(phh: str) -> str | None:
    """Why :meth:`Hand.from_phh` cannot replay ``phh`` to its stacks, or None."""
    from badeucey_fast.play import Hand  # (the engine, only to check the text)

    try:
        Hand.from_phh(phh)
    except ValueError as exc:
        return str(exc)
    return None


def _card_text(text: str) -> str:
    """Cards as a site writes them (``[7s 5h]``) as PHH writes them (``7s5h``)."""
    return "".join(NAME_OF[c] for c in parse_cards(text.strip("[] ")))


def _toml(value: Any) -> str:
    from badeucey_fast.play.phh import _toml as toml  # the one TOML writer

    return toml(value)
