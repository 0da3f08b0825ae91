"""Hand review: every decision of one player (the *hero*) in PHH hand
histories, judged from what the hero knew (``badeucey review``, docs/review.rst).

For each of the hero's bets and draws :func:`review` gives the hero's cards,
the pot and the price, the hero's equity per half against the range the
opponents' actions imply, what the strongest model available would do, and
the EV the hero's action lost, in big blinds.

**Only what the hero knew.**  Each decision is read from the hand as it stood
then (:meth:`Hand.from_phh <badeucey_fast.play.hand.Hand.from_phh>` of the
history up to it) through the hero's :meth:`view
<badeucey_fast.play.hand.Hand.view>`: the opponents' cards are unknown from
the start, even when the history shows them (a hand whose opponents' cards
are ``????`` reads the same way).

**The range.**  The opponents' holdings are :data:`SAMPLES` hypotheses
(seeded: a review is reproducible), each an opponent's hand dealt at random
from the cards the hero has not seen, carried through the opponent's draws
(the count it drew is public; which cards it threw and what it was dealt are
drawn for each hypothesis).  Heads-up in fixed limit, in a game with a
shipped CFR strategy (:func:`~badeucey_fast.solve.default_strategy`) at the
strategy's bet sizes (or a multiple of them), each hypothesis is weighted by
Bayes' rule with the strategy's probability of every action the opponent took
(a betting action, or a draw of that many cards, its thrown cards drawn from
the strategy's own discards of that size): the range is the hands that play
as the opponent did.  A hypothesis keeps at least :data:`FLOOR` of its weight
per action, so the range never empties on a play the strategy does not make.
When the weights come to rest on few hypotheses, the hypotheses are drawn
again by weight (the draws to come tell the copies apart).  Otherwise
(multiway, pot or no limit, other bet sizes) betting does not narrow the
range: the hypotheses are the unseen hands, each opponent throwing its drawn
count by :func:`quick_throw`, then its highest-ranked cards.

**Equity.**  Each hypothesis is played out :data:`PLAYOUTS` times: every seat
still in throws in each draw left by :func:`quick_throw` and is dealt from the
unseen cards, then the halves are settled (qualifiers aside).  The equity of a
half is the range's weighted share of that half (a tie shares it), and
``share`` (the expected fraction of the pot) their mean in a split game.

**The model and the EV lost.**  The *equity model* values a betting action by
the chips it gains from now on when nobody bets again and everyone left calls
a raise: a fold 0, a check ``e * pot``, a call ``e * (pot + price) - price``,
a raise to R ``e * (pot + what everyone puts in) - what the hero puts in``,
``e`` the share; a draw by ``share * pot`` after throwing those cards.  Its
draw is the best of the hero's throw, :class:`~badeucey_fast.play.bots.DrawingBot`'s
and standing pat (and the strategy's, when it applies).  Where the shipped strategy applies (as for the range), the model is the
strategy: its most probable action is the model's action, and a hero's action
it plays at least :data:`PLAYED` of the time loses nothing (in an equilibrium
every action played has the same value); another loses what the equity model
says the strategy's action gains over it.  Without the strategy, the model's
action is the equity model's best and the loss is the gap to it.  The loss is
never negative, in big blinds; ``None`` where the hand offers no choice.

>>> from badeucey_fast.play import TableRules, play_script
>>> from badeucey_fast.review import review_hands
>>> hand = play_script(TableRules("badugi"), [50, 50], ["p2 cbr 4", "p1 f"], seed=1)
>>> report = review_hands([(hand, ("villain", "hero"), "h1")], "hero", samples=20)
>>> [(d.street, d.kind, d.action, d.model, d.ev_lost >= 0) for d in report.decisions]
[('predraw', 'folds', 'f', 'cfr', True)]
>>> review_hands([(hand, None, "h1")], "hero", samples=0)
Traceback (most recent call last):
...
ValueError: samples must be at least 1, got 0
"""

from __future__ import annotations

import math
import os
import random
import tomllib
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from badeucey_fast._checks import check_seed
from badeucey_fast.cards import NAME_OF, format_cards
from badeucey_fast.games import Game
from badeucey_fast.play.events import Deal, Draw
from badeucey_fast.play.hand import Hand
from badeucey_fast.play.rules import TableRules
from badeucey_fast.play.view import HandView

if TYPE_CHECKING:
    from badeucey_fast.solve.strategy import Strategy

__all__ = ["FLOOR", "KINDS", "MAX_FILE_CHARACTERS", "PLAYED", "PLAYOUTS", "SAMPLES", "STREETS", "Decision", "Review",
           "read_hands", "review", "review_hands"]

SAMPLES = 200
"""Hypotheses of the range at each decision (the ``samples`` of :func:`review`)."""
PLAYOUTS = 8
"""Playouts of each hypothesis to the showdown while a draw is left (the luck of the draws
averages out faster than the range's: the playouts cost little, the hypotheses' weights more)."""
FLOOR = 1e-3
"""The least a hypothesis's weight is multiplied by at one opponent action."""
PLAYED = 0.1
"""A hero's action the strategy plays at least this often loses nothing."""
KINDS = ("draws", "calls", "folds", "raises", "checks")
"""The kinds of decision, as the summary groups them (a bet is a raise)."""
STREETS = ("predraw", "first draw", "after the first draw", "second draw", "after the second draw",
           "third draw", "after the third draw")
"""The streets in the order of play: betting rounds and draws."""

MAX_FILE_CHARACTERS = 16_000_000
"""The longest PHH file :func:`read_hands` reads: thousands of hands (each takes a
few kilobytes, at most :data:`~badeucey_fast.play.phh.MAX_PHH_CHARACTERS`), more
than a review gets through; a longer file is refused before it is parsed."""

SCHEMA = "badeucey-review/1"
"""The ``"schema"`` of :meth:`Review.to_dict`."""


@dataclass(frozen=True)
class Decision:
    """One decision of the hero (see the module docstring)."""

    hand: str
    """The hand's name: the PHH ``hand`` field, else its file (and table)."""
    number: int
    """The decision's number in its hand, from 1."""
    street: str
    """One of :data:`STREETS`."""
    kind: str
    """One of :data:`KINDS`."""
    cards: tuple[int, ...]
    """The hero's cards before acting."""
    pot: int
    """Chips in the middle before acting (this round's bets included)."""
    price: int
    """Chips the hero had to put in to call (0: a check was free, or a draw)."""
    action: str
    """The hero's action in PHH words, without the player (``f``, ``cc``, ``cbr 8``, ``sd 7s Kd``)."""
    equity: dict[str, float]
    """The hero's equity against the range before acting: per half (``"badugi"``, ``"low"``) and ``"share"``."""
    model: str
    """``"cfr"`` (the shipped strategy) or ``"equity"`` (the equity model)."""
    model_action: str | None
    """The model's action in the same words; None when no model reads the spot."""
    model_probabilities: dict[str, float] | None
    """The strategy's probability of each action (``"cfr"`` only)."""
    ev_lost: float | None
    """EV lost by the hero's action, in big blinds, never negative; None where the hero had no choice."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards as text."""
        return {
            "hand": self.hand, "number": self.number, "street": self.street, "kind": self.kind,
            "cards": format_cards(self.cards), "pot": self.pot, "price": self.price, "action": self.action,
            "equity": dict(self.equity), "model": self.model, "model_action": self.model_action,
            "model_probabilities": self.model_probabilities, "ev_lost": self.ev_lost,
        }


@dataclass(frozen=True)
class Review:
    """The hero's decisions over the hands reviewed, and a summary of the leaks."""

    hero: str
    decisions: tuple[Decision, ...]
    hands: tuple[str, ...]
    """The hands the hero played, by name, in the order read."""
    skipped: tuple[tuple[str, str], ...] = ()
    """(hand, why) for each hand read but not reviewed (the hero not in it, a history that does not load)."""
    big_blinds: dict[str, float] = field(default_factory=dict)
    """The hero's result in each hand, in big blinds (a hand not over: absent)."""

    @property
    def total_lost(self) -> float:
        """EV lost over every decision a model read, in big blinds."""
        return sum(d.ev_lost for d in self.decisions if d.ev_lost is not None)

    def by(self, key: str) -> list[dict[str, Any]]:
        """The leaks grouped by ``"street"`` or ``"kind"``, largest EV lost first:
        each ``{"street" or "kind", "decisions", "ev_lost"}``."""
        order = STREETS if key == "street" else KINDS
        groups = {name: [0, 0.0] for name in order}
        for d in self.decisions:
            group = groups[getattr(d, key)]
            group[0] += 1
            group[1] += d.ev_lost or 0.0
        rows = [{key: name, "decisions": int(n), "ev_lost": round(lost, 4)} for name, (n, lost) in groups.items() if n]
        return sorted(rows, key=lambda row: (-row["ev_lost"], order.index(row[key])))

    def leaks(self, top: int = 10) -> list[Decision]:
        """The ``top`` decisions that lost the most, largest first (only those that lost)."""
        lost = [d for d in self.decisions if d.ev_lost]
        return sorted(lost, key=lambda d: -(d.ev_lost or 0.0))[:top]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, ``"schema": "badeucey-review/1"``."""
        return {
            "schema": SCHEMA, "hero": self.hero, "hands": list(self.hands),
            "skipped": [{"hand": h, "why": why} for h, why in self.skipped],
            "results": dict(self.big_blinds),
            "summary": {"decisions": len(self.decisions), "ev_lost": round(self.total_lost, 4),
                        "by_street": self.by("street"), "by_kind": self.by("kind"),
                        "leaks": [f"{d.hand} #{d.number}" for d in self.leaks()]},
            "decisions": [d.to_dict() for d in self.decisions],
        }

    def __str__(self) -> str:
        lines = [f"review of {self.hero}: {len(self.hands)} hand(s), {len(self.decisions)} decision(s), "
                 f"{self.total_lost:.2f} big blinds lost to the model"]
        for name, why in self.skipped:
            lines.append(f"  skipped {name}: {why}")
        for key in ("street", "kind"):
            groups = self.by(key)
            if groups:
                lines.append(f"by {key}: " + ", ".join(f"{g[key]} {g['ev_lost']:.2f} ({g['decisions']})" for g in groups))
        rows: list[tuple[str, ...]] = []
        for d in self.decisions:
            shown = d.equity if len(d.equity) > 2 else {k: v for k, v in d.equity.items() if k != "share"}
            rows.append((
                d.hand,
                f"{d.number:>2} {d.street:<21} {format_cards(d.cards):<{3 * len(d.cards) - 1}}",
                f"pot {d.pot:>4}" + (f" price {d.price}" if d.price else ""),
                d.action,
                " ".join(f"{k} {100 * v:.0f}%" for k, v in shown.items()),  # a single half is the share
                f"{d.model} {d.model_action}" if d.model_action is not None else "no model",
                "lost " + ("  -" if d.ev_lost is None else f"{d.ev_lost:5.2f}"),
            ))
        widths = [max((len(row[i]) for row in rows), default=0) for i in range(1, 7)]
        current = None
        for hand, *cells in rows:
            if hand != current:
                current = hand
                result = self.big_blinds.get(hand)
                lines.append(f"\n{hand}" + ("" if result is None else f" (result {result:+g} bb)"))
            lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip())
        return "\n".join(lines)


# --------------------------------------------------------------------------- #
# Reading histories
# --------------------------------------------------------------------------- #
_History = tuple[dict[str, Any], str]
"""A hand's PHH fields (parsed TOML) and its name."""


def read_hands(paths: Iterable[str | os.PathLike[str]]) -> list[_History]:
    """The hand histories of PHH files (``.phh``: one hand; a file of ``[table]``
    sections such as ``.phhs``: a hand each) and of folders (their ``.phh`` and
    ``.phhs`` files, sorted), each with its name: the PHH ``hand`` field when
    present, else the file's name (and the section's).

    :raises ValueError: for a file that is not TOML or is longer than
        :data:`MAX_FILE_CHARACTERS`, or a path that does not exist.
    """
    out: list[_History] = []
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith((".phh", ".phhs")))
        elif os.path.exists(path):
            files = [path]
        else:
            raise ValueError(f"no such file or folder: {path}")
        for name in files:
            with open(name, encoding="utf-8-sig") as f:
                text = f.read(MAX_FILE_CHARACTERS + 1)
            if len(text) > MAX_FILE_CHARACTERS:
                raise ValueError(f"{name}: more than {MAX_FILE_CHARACTERS:,} characters (MAX_FILE_CHARACTERS): "
                                 "more than a review reads in one file; split it")
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                raise ValueError(f"{name}: not PHH (TOML): {exc}") from None
            base = os.path.basename(name)
            if "actions" in data:
                out.append((data, str(data.get("hand", base))))
            else:
                for section, value in data.items():
                    if isinstance(value, dict) and "actions" in value:
                        out.append((value, str(value.get("hand", f"{base}[{section}]"))))
    return out


def _text(data: dict[str, Any], actions: Sequence[str] | None = None) -> str:
    """PHH text of ``data`` for :meth:`Hand.from_phh <badeucey_fast.play.hand.Hand.from_phh>`
    (with ``actions`` instead of its own: then unfinished).  Fields PHH text
    cannot hold as this package writes it (a date, a time) are left out: the
    engine does not read them."""
    from badeucey_fast.play.phh import _toml

    keep = dict(data)
    if actions is not None:
        keep["actions"] = list(actions)
        keep.pop("finishing_stacks", None)
        keep.pop("_badeucey_deal", None)
    lines = []
    for key, value in keep.items():
        try:
            lines.append(f"{key} = {_toml(value)}\n")
        except TypeError:
            continue
    return "".join(lines)


def _prefix(actions: Sequence[str], k: int) -> list[str]:
    """The first ``k`` actions, and the deals of the draws among them that come later
    (PHH lists a draw's discards before its deals)."""
    out = list(actions[:k])
    owed: dict[str, int] = {}
    dealt: set[str] = set()
    for line in out:
        words = line.split()
        if words[:2] == ["d", "dh"]:
            if words[2] in dealt:
                owed[words[2]] = owed.get(words[2], 0) - 1
            dealt.add(words[2])
        elif len(words) >= 3 and words[1] == "sd":
            owed[words[0]] = owed.get(words[0], 0) + 1
    for line in actions[k:]:
        words = line.split()
        if words[:2] == ["d", "dh"] and owed.get(words[2], 0) > 0:
            out.append(line)
            owed[words[2]] -= 1
    return out


# --------------------------------------------------------------------------- #
# The model
# --------------------------------------------------------------------------- #
@dataclass
class _Model:
    """The shipped strategy and the factor from its chips to the table's (or None: the equity model)."""

    strategy: Strategy | None
    scale: Fraction = Fraction(1)
    known: dict[tuple[Any, ...], dict[int, float]] = field(default_factory=dict)
    """Lookups made: hypotheses drawn again by weight ask the same questions."""

    def probabilities(self, position: int, round_: int, phase: str, cards: Sequence[int], history: Sequence[int],
                      own: Sequence[int], to_call: int, raise_to: int | None, max_discard: int) -> dict[int, float]:
        """The strategy's probabilities, raise amounts in the table's chips."""
        key = (position, round_, phase, tuple(cards), tuple(history), tuple(own), to_call > 0, raise_to, max_discard)
        got = self.known.get(key)
        if got is None:
            got = self.known[key] = self._lookup(position, round_, phase, cards, history, own, to_call, raise_to,
                                                 max_discard)
        return got

    def _lookup(self, position: int, round_: int, phase: str, cards: Sequence[int], history: Sequence[int],
                own: Sequence[int], to_call: int, raise_to: int | None, max_discard: int) -> dict[int, float]:
        assert self.strategy is not None
        trained = None if raise_to is None else Fraction(raise_to) / self.scale
        if trained is not None and trained.denominator != 1:
            raise ValueError("a raise the strategy's bet sizes do not make")
        got = self.strategy.probabilities_at(position, round_, phase, cards, history, own if self.strategy.abstraction.recall else (),
                                             can_fold=to_call > 0, raise_to=None if trained is None else int(trained),
                                             max_discard=max_discard)
        if phase == "draw":
            return got
        return {(int(a * self.scale) if a > 0 else a): p for a, p in got.items()}


def _model(rules: TableRules, seats: int) -> _Model:
    """The strategy when it reads this table (heads-up fixed limit, its game, its bet sizes or a multiple)."""
    from badeucey_fast.solve import default_strategy

    if seats != 2 or rules.structure != "fixed" or rules.deck is not None or rules.draws != 3:
        return _Model(None)
    try:
        strategy = default_strategy(rules.game.name)  # type: ignore[union-attr]
    except ValueError:
        return _Model(None)
    trained = strategy.rules
    if not strategy.abstraction.fits(cast(Game, rules.game)) or trained.game != rules.game:
        return _Model(None)
    scale = Fraction(rules.big_blind, trained.big_blind)
    if any(Fraction(getattr(rules, k)) != scale * getattr(trained, k) for k in ("small_blind", "small_bet", "big_bet")):
        return _Model(None)
    return _Model(strategy, scale)


def _own_codes(draws: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[int]:
    """A hypothesis's own codes (:func:`~badeucey_fast.solve.strategy.own_codes`)."""
    from badeucey_fast.solve.strategy import draw_codes

    return draw_codes(draws)


def _low_value(card: int, game: Game) -> int:
    """The card's rank in the low half's order, 1 (best) to 13: the ace high in 2-7, low otherwise."""
    rank = card // 4  # 0 the deuce .. 12 the ace
    return rank + 1 if game.low == "deuce_seven" else (rank + 1) % 13 + 1


def quick_throw(cards: Sequence[int], game: Game) -> tuple[int, ...]:
    """The playouts' rule for a draw: in a Badugi half, the cards outside the
    best badugi; in a low half, the second card of a rank and the cards above
    an eight; in a split game, the cards both halves throw.

    >>> from badeucey_fast import GAMES, format_cards, parse_cards
    >>> from badeucey_fast.review import quick_throw
    >>> format_cards(quick_throw(parse_cards("Kc Kd 3h 4s 5c"), GAMES["deuce_seven"]))
    'Kc Kd'
    >>> format_cards(quick_throw(parse_cards("As 2s 3h Kd"), GAMES["badugi"]))
    '2s'
    """
    from badeucey_fast.best_badugi import badugi_cards

    throws = []
    if game.badugi is not None:
        keep = set(badugi_cards(cards, ace_high=game.badugi == "high"))
        throws.append({c for c in cards if c not in keep})
    if game.low is not None:
        seen: set[int] = set()
        low = set()
        for c in sorted(cards, key=lambda c: _low_value(c, game)):
            value = _low_value(c, game)
            if value in seen or value > 7:  # paired, or above an eight (values 1..7 are the deuce/ace to the eight)
                low.add(c)
            seen.add(value)
        throws.append(low)
    out = set.intersection(*throws)
    return tuple(c for c in cards if c in out)


def _ranked_throw(cards: Sequence[int], count: int, game: Game) -> tuple[int, ...]:
    """``count`` cards to throw: :func:`quick_throw`'s first, then the highest-ranked of the rest."""
    planned = list(quick_throw(cards, game))
    rest = sorted((c for c in cards if c not in planned), key=lambda c: -_low_value(c, game))
    return tuple((planned + rest)[:count])


# --------------------------------------------------------------------------- #
# Reviewing
# --------------------------------------------------------------------------- #
@dataclass
class _Point:
    """The hand before one action line: who acts, the numbers, the hero's view."""

    line: str
    actor: int
    phase: str
    round: int
    to_call: int
    min_raise_to: int | None
    bets: tuple[int, ...]
    stacks: tuple[int, ...]
    history: list[int]
    view: HandView
    """The hero's view."""


def _points(data: dict[str, Any], hero: int) -> list[_Point]:
    """Every player action of the history, with the hand as it stood before it."""
    from badeucey_fast.solve.strategy import history_codes

    actions = [a.split("#", 1)[0].strip() for a in data["actions"] if a.split("#", 1)[0].strip()]
    points = []
    for k, line in enumerate(actions):
        words = line.split()
        if words[0] == "d" or (len(words) > 1 and words[1] == "sm"):
            continue
        hand = Hand.from_phh(_text(data, _prefix(actions, k)))
        if hand.to_act is None:
            break
        legal = hand.legal()
        view = hand.view(hero)
        points.append(_Point(line, hand.to_act, hand.phase, hand.round, legal.to_call, legal.min_raise_to,
                             hand.bets, hand.stacks, history_codes(view.events), view))
    return points


def _street(phase: str, round_: int) -> str:
    return STREETS[2 * round_ if phase == "bet" else 2 * round_ - 1]


def _action_code(words: list[str], cards: Sequence[int]) -> int:
    """The line's action in the strategy's encoding (a draw: a mask over ``cards``)."""
    if words[1] == "sd":
        thrown = _cards_of(words[2:])
        return sum(1 << i for i, c in enumerate(cards) if c in thrown)
    return -1 if words[1] == "f" else 0 if words[1] == "cc" else int(words[2])


def _cards_of(words: Sequence[str]) -> tuple[int, ...]:
    from badeucey_fast.cards import parse_cards

    text = "".join(words)
    return () if not text or "?" in text else parse_cards(text)


def _words(code: int, phase: str, cards: Sequence[int]) -> str:
    if phase == "draw":
        thrown = [NAME_OF[c] for i, c in enumerate(cards) if code >> i & 1]
        return "sd " + " ".join(thrown) if thrown else "sd"
    return "f" if code < 0 else "cc" if code == 0 else f"cbr {code}"


@dataclass
class _Hypothesis:
    cards: dict[int, list[int]]  # each opponent's cards now
    thrown: dict[int, list[int]]
    draws: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]]
    pool: list[int]  # the cards none of them holds nor threw, which the hero has not seen
    weight: float = 1.0


def _resampled(hypotheses: list[_Hypothesis], rng: random.Random) -> list[_Hypothesis]:
    """The hypotheses again when their weights have come to rest on few of them
    (effective size under half): as many drawn by weight (systematic
    resampling), each a copy of equal weight, so that the draws to come tell
    the copies apart."""
    weights = [h.weight for h in hypotheses]
    total = sum(weights)
    squares = sum(w * w for w in weights)
    if not total > 0 or total * total >= squares * len(hypotheses) / 2:
        return hypotheses
    n = len(hypotheses)
    step = total / n
    at = rng.random() * step
    out = []
    running = 0.0
    i = 0
    for h in hypotheses:
        running += h.weight
        while at < running and i < n:
            out.append(_Hypothesis({s: list(c) for s, c in h.cards.items()}, {s: list(c) for s, c in h.thrown.items()},
                                   {s: list(d) for s, d in h.draws.items()}, list(h.pool)))
            at += step
            i += 1
    while len(out) < n:  # rounding at the end
        out.append(out[-1])
    return out


class _Reviewer:
    def __init__(self, data: dict[str, Any], name: str, hero: int, samples: int, seed: int) -> None:
        self.data, self.name, self.hero, self.samples = data, name, hero, samples
        full = Hand.from_phh(_text(data))
        self.final = full
        self.rules = full.rules
        self.game: Game = full.game
        self.n = full.n_seats
        self.button = full.button
        self.deck: tuple[int, ...] = tuple(range(52)) if self.rules.deck is None else tuple(cast(tuple[int, ...], self.rules.deck))
        self.model = _model(self.rules, self.n)
        self.points = _points(data, hero)
        self.seed = seed
        self.ranker = self.game.ranker()

    # The range -------------------------------------------------------------
    def _range(self, upto: int, rng: random.Random) -> list[_Hypothesis]:
        """Hypotheses of the opponents' cards at point ``upto``, weighted."""
        view = self.points[upto].view
        known: set[int] = set()
        for e in view.events:
            if isinstance(e, Deal) and e.seat == self.hero and e.cards:
                known.update(e.cards)
            if isinstance(e, Draw) and e.seat == self.hero and e.thrown:
                known.update(e.thrown)
                known.update(e.dealt or ())
        opponents = [s for s in range(self.n) if s != self.hero]
        size = self.game.hand_size
        out = []
        unseen = [c for c in self.deck if c not in known]
        for _ in range(self.samples):
            dealt: list[int] = rng.sample(unseen, size * len(opponents))
            held = {o: dealt[i * size:(i + 1) * size] for i, o in enumerate(opponents)}
            taken = set(dealt)
            out.append(_Hypothesis(held, {o: [] for o in opponents}, {o: [] for o in opponents},
                                   [c for c in unseen if c not in taken]))
        strategy = self.model.strategy is not None
        for point in self.points[:upto]:
            seat = point.actor
            if seat == self.hero:
                continue
            words = point.line.split()
            position = (seat - self.button) % 2
            for h in out:
                cards = h.cards[seat]
                if words[1] == "sd":
                    count = len("".join(words[2:])) // 2
                    throw: tuple[int, ...] | None = None
                    if strategy:
                        try:
                            got = self.model.probabilities(position, point.round, "draw", cards, point.history,
                                                           _own_codes(h.draws[seat]), 0, None,
                                                           self._max_discard(len(cards)))
                        except ValueError:
                            got = {}
                        masks = {m: p for m, p in got.items() if bin(m).count("1") == count and p > 0}
                        total = sum(masks.values())
                        if total > 0:
                            pick = rng.choices(list(masks), weights=list(masks.values()))[0]
                            throw = tuple(c for i, c in enumerate(cards) if pick >> i & 1)
                        h.weight *= max(total, FLOOR)
                    if throw is None:
                        throw = _ranked_throw(cards, count, self.game)
                    pool = h.pool
                    if len(pool) < count:  # the stub reformed from the cards out of play
                        pool.extend(c for o in h.thrown for c in h.thrown[o])
                        for o in h.thrown:
                            h.thrown[o] = []
                    drawn = tuple(pool.pop(rng.randrange(len(pool))) for _ in range(count))
                    kept = [c for c in cards if c not in throw]
                    h.cards[seat] = kept + list(drawn)
                    h.thrown[seat] += throw
                    h.draws[seat].append((throw, drawn))
                elif strategy:
                    try:
                        got = self.model.probabilities(position, point.round, "bet", cards, point.history,
                                                       _own_codes(h.draws[seat]), point.to_call, point.min_raise_to, 0)
                        h.weight *= max(got.get(_action_code(words, cards), 0.0), FLOOR)
                    except ValueError:
                        pass
            out = _resampled(out, rng)
        return out

    def _max_discard(self, size: int) -> int:
        return min(size, self.rules.max_discard or size)

    # Equity --------------------------------------------------------------------
    def _equity(self, hypotheses: list[_Hypothesis], point: _Point, hero_throw: tuple[int, ...] | None
                ) -> dict[str, float]:
        """The hero's equity per half and share against the range; ``hero_throw``:
        the hero throws these now (a draw)."""
        view = point.view
        live = [s for s in range(self.n) if not view.folded[s]]
        halves = self.game.halves
        sums = [0.0] * len(halves)
        total = 0.0
        draws_done = {s: self._draws_done(view, s) for s in live}
        playouts = PLAYOUTS if min(draws_done.values()) < self.rules.draws else 1  # no draw left: one outcome
        for i, h in enumerate(hypotheses):
            if h.weight <= 0:
                continue
            rng = random.Random(self.seed * 1_000_003 + i)  # the same deals for every throw compared
            for _ in range(playouts):
                pool = list(h.pool)
                hands = {s: list(h.cards[s]) for s in live if s != self.hero}
                hands[self.hero] = list(view.cards)
                for d in range(1, self.rules.draws + 1):
                    for s in live:
                        if draws_done[s] >= d:
                            continue
                        if s == self.hero and hero_throw is not None and d == draws_done[s] + 1 and point.phase == "draw":
                            throw = hero_throw
                        else:
                            throw = quick_throw(hands[s], self.game)
                        if len(pool) < len(throw):  # out of cards (a table of many): it keeps its hand
                            continue
                        dealt = [pool.pop(rng.randrange(len(pool))) for _ in throw]
                        hands[s] = [c for c in hands[s] if c not in throw] + dealt
                ranks = {s: self.ranker(hands[s]) for s in live}
                for j in range(len(halves)):
                    best = min(r[j] for r in ranks.values())
                    if ranks[self.hero][j] == best:
                        sums[j] += h.weight / sum(1 for r in ranks.values() if r[j] == best)
                total += h.weight
        out: dict[str, float] = {half: (s / total if total else math.nan) for half, s in zip(halves, sums)}
        out["share"] = sum(out[h] for h in halves) / len(halves)
        return {k: round(v, 4) for k, v in out.items()}

    def _draws_done(self, view: HandView, seat: int) -> int:
        if view.phase == "draw":
            return view.round - (1 if view.draws[view.round - 1][seat] is None else 0)
        return view.round if view.phase == "bet" else self.rules.draws

    # Values ------------------------------------------------------------------
    def _bet_value(self, code: int, point: _Point, share: float) -> float:
        """The equity model's value of a betting action, in chips from now."""
        view = point.view
        pot, price = float(view.pot), float(point.to_call)
        if code < 0:
            return 0.0
        if code == 0:
            return share * (pot + price) - price
        mine = float(code - point.bets[self.hero])
        theirs = sum(min(max(0, code - point.bets[s]), point.stacks[s]) for s in range(self.n)
                     if s != self.hero and not view.folded[s])
        return share * (pot + mine + theirs) - mine

    def decisions(self) -> list[Decision]:
        out = []
        number = 0
        rng = random.Random(self.seed)
        for k, point in enumerate(self.points):
            if point.actor != self.hero:
                continue
            number += 1
            words = point.line.split()
            view = point.view
            cards = tuple(view.cards)
            code = _action_code(words, cards)
            legal_codes = self._legal(point)
            if len(legal_codes) < 2 and point.phase == "bet":
                decision = self._decision(number, point, code, {}, "equity", None, None, None)
                out.append(decision)
                continue
            hypotheses = self._range(k, rng)
            probabilities: dict[int, float] | None = None
            if self.model.strategy is not None:
                try:
                    probabilities = self.model.probabilities(
                        (self.hero - self.button) % 2, point.round, point.phase, cards, point.history,
                        _own_hero(view), point.to_call, point.min_raise_to, self._max_discard(len(cards)))
                except ValueError:
                    probabilities = None
            if point.phase == "draw":
                from badeucey_fast.play.bots import DrawingBot

                throws = {code, self._mask(DrawingBot().planned_discard(cards, self.game), cards), 0}
                if probabilities:
                    best_code = max(probabilities.items(), key=lambda item: item[1])[0]
                    throws.add(best_code)
                equities = {m: self._equity(hypotheses, point, self._thrown(m, cards)) for m in throws}
                values = {m: e["share"] * view.pot for m, e in equities.items()}
                equity = equities[code]
            else:
                equity = self._equity(hypotheses, point, None)
                values = {a: self._bet_value(a, point, equity["share"]) for a in legal_codes | {code}}
            if probabilities:
                model_code = max(probabilities.items(), key=lambda item: item[1])[0]
                if probabilities.get(code, 0.0) >= PLAYED:
                    lost = 0.0
                else:
                    lost = max(0.0, values.get(model_code, values[code]) - values[code])
                name = "cfr"
            else:
                model_code = max(values, key=lambda a: (values[a], a == code))
                lost = max(0.0, values[model_code] - values[code])
                name = "equity"
            shown = None if probabilities is None else {
                _words(a, point.phase, cards): round(p, 4) for a, p in sorted(probabilities.items(), key=lambda x: -x[1])
                if p >= 0.005}
            out.append(self._decision(number, point, code, equity, name, model_code, shown,
                                      round(lost / self.rules.big_blind, 4)))
        return out

    def _thrown(self, mask: int, cards: Sequence[int]) -> tuple[int, ...]:
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)

    def _mask(self, thrown: Sequence[int], cards: Sequence[int]) -> int:
        return sum(1 << i for i, c in enumerate(cards) if c in thrown)

    def _legal(self, point: _Point) -> set[int]:
        if point.phase == "draw":
            return set(range(1 << len(point.view.cards)))
        codes = {0}
        if point.to_call > 0:
            codes.add(-1)
        if point.min_raise_to is not None:
            codes.add(point.min_raise_to)
        return codes

    def _decision(self, number: int, point: _Point, code: int, equity: dict[str, float], model: str,
                  model_code: int | None, probabilities: dict[str, float] | None, lost: float | None) -> Decision:
        words = point.line.split()
        cards = tuple(point.view.cards)
        if point.phase == "draw":
            kind = "draws"
        else:
            kind = "folds" if code < 0 else "raises" if code > 0 else "calls" if point.to_call else "checks"
        action = " ".join(words[1:2]) if words[1] != "sd" else _words(code, "draw", cards)
        if words[1] == "cbr":
            action = f"cbr {words[2]}"
        return Decision(
            hand=self.name, number=number, street=_street(point.phase, point.round), kind=kind, cards=cards,
            pot=point.view.pot, price=point.to_call, action=action, equity=equity, model=model,
            model_action=None if model_code is None else _words(model_code, point.phase, cards),
            model_probabilities=probabilities, ev_lost=lost)


def _own_hero(view: HandView) -> list[int]:
    from badeucey_fast.solve.strategy import own_codes

    return own_codes(view.events, view.seat)


def _hero_seat(data: dict[str, Any], hero: str, n: int, button: int) -> int | None:
    """The hero's seat: by PHH ``players`` name, else by label ``p1``..``pN``."""
    players = data.get("players")
    index = None
    if isinstance(players, list) and hero in players:
        index = players.index(hero)
    elif hero[:1] == "p" and hero[1:].isdigit() and 1 <= int(hero[1:]) <= n:
        index = int(hero[1:]) - 1
    return None if index is None else (button + 1 + index) % n


def review(paths: Iterable[str | os.PathLike[str]], hero: str, *, samples: int = SAMPLES, seed: int = 0) -> Review:
    """Review the hero's decisions in PHH files and folders (:func:`read_hands`).

    :param hero: the hero's name in the histories' ``players``, or a PHH label (``p1``).
    :param samples: hypotheses of the range at each decision (:data:`SAMPLES`).
    :param seed: seeds the hypotheses and playouts (the same seed, the same review).
    :raises ValueError: for a seed outside ``0 .. 2**64 - 1``, a path that does not exist or a
        file that is not TOML; a hand that does not load is skipped, with why, in
        :attr:`Review.skipped`.
    """
    seed = _seed(seed)  # (before any file is read)
    return _review(read_hands(paths), hero, samples, seed)


def review_hands(hands: Iterable[tuple[Hand, Sequence[str] | None, str]], hero: str, *, samples: int = SAMPLES,
                 seed: int = 0) -> Review:
    """:func:`review` of hands in memory: each (hand, the players' names by seat or None, its name)."""
    seed = _seed(seed)
    histories = []
    for hand, players, name in hands:
        data = tomllib.loads(hand.to_phh(players))
        histories.append((data, name))
    return _review(histories, hero, samples, seed)


def _seed(seed: object) -> int:
    """The review's seed, checked as every seed of the package is."""
    checked = check_seed(seed)
    if checked is None:
        raise TypeError("seed must be an integer, not None")
    return checked


def _review(histories: list[_History], hero: str, samples: int, seed: int) -> Review:
    if not isinstance(hero, str) or not hero:
        raise ValueError(f"hero must be a player's name, got {hero!r}")
    if not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples!r}")
    decisions: list[Decision] = []
    names: list[str] = []
    skipped: list[tuple[str, str]] = []
    results: dict[str, float] = {}
    seen: dict[str, int] = {}
    for data, given in histories:
        seen[given] = seen.get(given, 0) + 1
        name = given if seen[given] == 1 else f"{given}#{seen[given]}"  # two files of one name in two folders
        try:
            hand = Hand.from_phh(_text(data))
        except ValueError as exc:
            skipped.append((name, f"does not load: {exc}"))
            continue
        seat = _hero_seat(data, hero, hand.n_seats, hand.button)
        if seat is None:
            skipped.append((name, f"{hero} does not play it"))
            continue
        try:
            # each hand's randomness from its name: the same hand, the same figures, whatever else is reviewed
            reviewed = _Reviewer(data, name, seat, samples, seed * 2**32 + zlib.crc32(name.encode())).decisions()
        except ValueError as exc:  # a history the engine replays whole but not action by action
            skipped.append((name, f"cannot be reviewed: {exc}"))
            continue
        names.append(name)
        if hand.payoffs is not None:
            results[name] = hand.payoffs[seat] / hand.rules.big_blind
        decisions += reviewed
    return Review(hero, tuple(decisions), tuple(names), tuple(skipped), results)
