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
``both_blinds`` ``name``, ``amount``: the small and the big blind together, posted by a
                player back from sitting out (the big blind live, the small blind dead)
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

KINDS = ("start", "table", "seat", "both_blinds", "small_blind", "big_blind", "ante", "fold", "check", "call", "bet", "raise",
         "discard", "pat", "dealt", "show", "collect", "returned", "pot")
_ACTING = ("fold", "check", "call", "bet", "raise")
AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
"""An amount in a site's patterns: a currency sign and thousands separators allowed (as ``chips`` reads it)."""
CARDS = r"\[[^\]]*\]"
"""Cards in a site's patterns: a bracketed list (``[7s 5h]``, as ``_card_text`` reads it)."""


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
    cap: int = 4
    """The bets a round allows, the big blind counted (``TableRules.cap``)."""
    heads_up_cap: int | None = None
    """The cap when two players begin a round (None: uncapped)."""
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
    """Why this engine cannot replay the PHH (blinds it does not play, unknown cards
    no placeholders fit), or None."""

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
        return self._build(table_name, seats, events)

    def _build(self, table_name: str, seats: list[tuple[int, str, int, bool]],
               events: list[tuple[str, int, re.Match[str]]]) -> ImportedHand:
        game = GAMES[self.game]
        stacks = {name: stack for _, name, stack, _ in seats}
        seat_of = {name: seat for seat, name, _, _ in seats}
        order = self._order(seat_of, events)
        n = len(order)
        label = {name: f"p{i + 1}" for i, name in enumerate(order)}
        small_blind = self.small_bet // 2
        # Each post: (kind, player, its live part, its dead part).  Both blinds posted
        # together are the big blind, live, and the small blind from what is left, dead.
        posts = [(kind, m["name"], live, self.chips(m["amount"]) - live) for kind, _, m in events
                 if kind in ("both_blinds", "small_blind", "big_blind", "ante")
                 for live in [min(self.chips(m["amount"]), self.small_bet) if kind == "both_blinds"
                              else self.chips(m["amount"])]]
        blinds = [sum(a for kind, name, a, _ in posts if name == player and kind != "ante") for player in order]
        antes = [sum(a for kind, name, a, _ in posts if name == player and kind == "ante") for player in order]
        dead_posts = [sum(d for _, name, _, d in posts if name == player) for player in order]
        # The blinds this engine plays: p1 the small blind and p2 the big blind (heads-up the
        # button, p2, the small); PHH lists the small blind first either way.  A later
        # player's big blind is a new player's, posted out of turn (Hand's posted=), with
        # a dead small blind when the player posts both (Hand's dead=).
        posted = [i >= 2 and any(kind in ("big_blind", "both_blinds") and name == player for kind, name, _, _ in posts)
                  for i, player in enumerate(order)]
        dead = [p and any(kind == "both_blinds" and name == player for kind, name, _, _ in posts)
                for player, p in zip(order, posted)]
        expected = [self.small_bet, small_blind] if n == 2 else [small_blind, self.small_bet] + [
            min(self.small_bet, stacks[player]) if p else 0 for player, p in zip(order[2:], posted[2:])]
        expected_dead = [min(small_blind, stacks[player] - live) if d else 0
                         for player, d, live in zip(order, dead, expected)]
        replay_error = None
        if blinds != expected or dead_posts != expected_dead:
            replay_error = (f"blinds posted {[b + d for b, d in zip(blinds, dead_posts)]} are not a small and a big"
                            f" blind ({small_blind}/{self.small_bet}) and big blinds of a player each (with a dead"
                            " small blind): this engine does not play them")
        play = _Play(self, order, label, game.hand_size)
        for kind, poster, live, dead_part in posts:
            play.committed[poster] += live + dead_part
            if kind != "ante":
                play.round_bets[poster] += live
        for kind, street, m in events:
            play.line(kind, street, m)
        actions = play.finish()
        starting = [stacks[name] for name in order]
        finishing = [stacks[name] - play.committed[name] + play.collected[name] for name in order]
        rake = play.rake
        if any(f < 0 for f in finishing):
            raise ValueError(f"a player would finish with less than nothing: {finishing}")
        if sum(starting) != sum(finishing) + rake:
            raise ValueError(f"the chips do not add up: {sum(starting)} at the start, {sum(finishing)} at the end "
                             f"and {rake} rake")
        put_in = sum(play.committed.values())
        if play.total is not None and play.total != put_in:
            raise ValueError(f"the pot is {play.total}, but the players put in {put_in}")
        rules: dict[str, int | str] = {"structure": "fixed", "small_blind": small_blind, "big_blind": self.small_bet,
                                       "small_bet": self.small_bet, "big_bet": self.big_bet, "cap": self.site.cap}
        if any(antes):
            rules["ante"] = max(antes)
        if self.site.heads_up_cap is not None:
            rules["heads_up_cap"] = self.site.heads_up_cap
        fields: list[tuple[str, Any]] = [
            ("variant", variant_code(game, "fixed")),
            ("antes", antes),
            ("blinds_or_straddles", blinds if replay_error else [small_blind, self.small_bet] + [
                self.small_bet if p else 0 for p in posted[2:]]),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("starting_stacks", starting),
            ("actions", actions),
            ("finishing_stacks", finishing),
            ("players", order),
            ("hand", int(self.id) if self.id.isdigit() else None),
            ("table", table_name),
            ("seats", [seat_of[name] for name in order]),
            ("_badeucey_rake", rake),
            ("_badeucey_button", n - 1),
            ("_badeucey_rules", rules),
            ("_badeucey_posted", posted if any(posted) and not replay_error else None),
            ("_badeucey_dead", dead if any(dead) and not replay_error else None),
            ("_badeucey_site", self.site.site),
            ("_badeucey_hand", None if self.id.isdigit() else self.id),
            ("_badeucey_chip", str(self.unit)),
        ]
        phh = "".join(f"{key} = {_toml(value)}\n" for key, value in fields if value is not None)
        if replay_error is None:
            replay_error = _replays(phh)
        seat_order = sorted(order, key=lambda name: seat_of[name])
        index = {name: order.index(name) for name in seat_order}
        return ImportedHand(
            self.id, self.site.site, self.game, table_name, tuple(seat_order),
            tuple(self.units(starting[index[name]]) for name in seat_order),
            tuple(self.units(finishing[index[name]]) for name in seat_order),
            self.units(rake), phh, replay_error)

    @staticmethod
    def _order(seat_of: dict[str, int], events: list[tuple[str, int, re.Match[str]]]) -> list[str]:
        """The players dealt in, in PHH's order: from the first left of the button, the
        button last.  The button is the player before the small blind (heads-up, the small
        blind): a site's button may be an empty seat's, or a player's sitting out."""
        in_hand = {m["name"] for kind, _, m in events if kind not in ("pot", "collect", "returned")}
        strangers = in_hand - set(seat_of)
        if strangers:
            raise ValueError(f"{', '.join(sorted(strangers))} acts but has no seat")
        ring = sorted(in_hand, key=seat_of.__getitem__)
        if len(ring) < 2:
            raise ValueError("fewer than two players are dealt in")
        small = [m["name"] for kind, _, m in events if kind == "small_blind"]
        if len(small) != 1 or not any(kind == "big_blind" for kind, _, _ in events):
            raise ValueError("the hand needs one small blind and a big blind")
        button = ring.index(small[0]) - (len(ring) > 2)
        return ring[button + 1:] + ring[:button + 1] if button >= 0 else ring


class _Play:
    """A hand's lines after the blinds, turned into PHH actions, with the chips
    each player put in and took."""

    def __init__(self, hand: _Hand, order: list[str], label: dict[str, str], size: int) -> None:
        self.hand = hand
        self.order = order
        self.label = label
        self.size = size
        self.deals = {name: "??" * size for name in order}
        self.actions: list[str] = []
        self.pending: list[str] = []  # a draw's deals, written after its discards (PHH's order, pokerkit's)
        self.committed = dict.fromkeys(order, 0)
        self.round_bets = dict.fromkeys(order, 0)
        self.collected = dict.fromkeys(order, 0)
        self.shown: dict[str, str] = {}
        self.drew: set[str] = set()
        self.rake = 0
        self.total: int | None = None
        self.street = 0

    def line(self, kind: str, street: int, m: re.Match[str]) -> None:
        """One line of the hand: its kind (:data:`KINDS`), section and match."""
        chips = self.hand.chips
        name: str = m.groupdict().get("name") or ""
        if street != self.street:
            self.flush()
            if street in (1, 2, 3) and street > self.street:
                self.round_bets = dict.fromkeys(self.order, 0)
            self.street = street
        if kind in _ACTING:
            self.flush()
        who = self.label.get(name, "")
        if kind == "fold":
            self.actions.append(f"{who} f")
        elif kind == "check":
            self.actions.append(f"{who} cc")
        elif kind == "call":
            amount = chips(m["amount"])
            self.round_bets[name] += amount
            self.committed[name] += amount
            self.actions.append(f"{who} cc")
        elif kind in ("bet", "raise"):
            to = chips(m["to"]) if kind == "raise" else self.round_bets[name] + chips(m["amount"])
            self.committed[name] += to - self.round_bets[name]
            self.round_bets[name] = to
            self.actions.append(f"{who} cbr {to}")
        elif kind == "discard":
            self.drew.add(name)
            count = int(m["count"])
            cards = m.groupdict().get("cards")
            thrown = _card_text(cards) if cards else "??" * count
            if len(thrown) != 2 * count:
                raise ValueError(f"{name} discards {count} cards but shows {cards}")
            self.actions.append(f"{who} sd {thrown}")
            self.pending.append(f"d dh {who} {'??' * count}")
        elif kind == "pat":
            self.actions.append(f"{who} sd")
        elif kind == "dealt":
            new = m.groupdict().get("new")
            if street == 0 or not new:
                self.deals[name] = _card_text(m["cards"] or "")
            else:  # the hero's new cards, after its discard
                text = _card_text(new)
                hidden = f"d dh {who} {'??' * (len(text) // 2)}"
                if hidden in self.pending:
                    self.pending[self.pending.index(hidden)] = f"d dh {who} {text}"
        elif kind == "show":
            self.shown[name] = _card_text(m["cards"])
        elif kind == "collect":
            self.collected[name] += chips(m["amount"])
        elif kind == "returned":
            self.committed[name] -= chips(m["amount"])
        elif kind == "pot":
            self.total = chips(m["total"])
            self.rake = chips(m["rake"]) if m.groupdict().get("rake") else 0

    def flush(self) -> None:
        """Write the deals of the draw under way."""
        self.actions.extend(self.pending)
        self.pending = []

    def finish(self) -> list[str]:
        """The PHH actions: the deals, the play, the hands shown."""
        self.flush()
        size = self.size
        for name, text in self.shown.items():
            if len(text) != 2 * size:
                raise ValueError(f"{name} shows {len(text) // 2} cards, not {size}")
            if name not in self.drew and self.deals[name] == "??" * size:
                self.deals[name] = text  # stood pat throughout: the hand shown is the hand dealt
            self.actions.append(f"{self.label[name]} sm {text}")
        return [f"d dh {self.label[name]} {self.deals[name]}" for name in self.order] + self.actions


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
