"""Unknown cards fitted by search, for the histories :func:`~badeucey_fast.play._unknown.plan_hand`
cannot place: every card of the hand, dealt as the table deals.

:func:`~badeucey_fast.play.phh.loads` first places placeholders by the rules of
:mod:`badeucey_fast.play._unknown`.  Those reason about the stub's first
running out; when the stub runs out again, or a card comes back to a player
after a reshuffle, they may place a card where the table cannot deal it.  This
module then searches for a whole deal: it follows the history as the table
deals (docs/rules.rst, "The stub": a draw that asks for more cards than the
stub holds takes the whole stub, then the rest from the cards out of play, the
drawer's own discards of that draw apart), choosing each unknown card, each
unknown discard and each card dealt for ``??`` so that every named card is
where the history names it when it does:

* a card the history deals to a player is in the stub then (or, once the stub
  has run out in that draw, among the cards out of play);
* a card a player throws or shows is in the player's hand;
* a player who shows a hand at the end holds exactly it.

Cards the history names nowhere are all alike to these rules, so the search
tries one of them at each choice, not each.  It tries first what the history
will need: a card the player shows at the end; a card the history deals again
after a reshuffle, to a player who throws unknown cards before it; then a card
named nowhere; and it never deals away a card the history deals from the stub
before the stub next runs out.  It prunes a choice once counting shows that a
named card can no longer be where the history names it (a shown card held by a
player who never lets it go, fewer unknown cards still to come to a player than
the cards of its shown hand it lacks).  A history no deal fits is refused: the
search stops, after at most :data:`MAX_STEPS` choices, with the first reason it
met.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

__all__ = ["MAX_STEPS", "Fitted", "fit_deal"]

MAX_STEPS = 20000
"""The most choices the search makes before it gives up on a history."""

Cards = tuple["int | None", ...]


@dataclass(frozen=True)
class Fitted:
    """A whole deal that fits a history: each player's hand, each draw's cards,
    the cards each unknown discard throws, and which cards stand for unknown ones."""

    hands: tuple[tuple[int, ...], ...]
    draws: dict[tuple[int, int], tuple[int, ...]]
    """By (draw, player)."""
    throws: dict[int, tuple[int, ...]]
    """By the index of the draw in ``sequence``: what it throws, known cards first."""
    unknown: frozenset[tuple[int, int, int]]
    """(draw, 0 the deal; player; card) for each card that stands for an unknown one."""
    final: tuple[frozenset[int], ...]
    """Each player's cards at the end (none once folded)."""
    inert: frozenset[int]
    """The cards the history names nowhere: any two of them may trade places in the deal."""

    def swapped(self, first: int, second: int) -> Fitted:
        """The same deal with two cards of :attr:`inert` trading places throughout."""
        def swap(card: int) -> int:
            return second if card == first else first if card == second else card

        def cards(group: Sequence[int]) -> tuple[int, ...]:
            return tuple(swap(c) for c in group)

        return Fitted(tuple(cards(h) for h in self.hands), {k: cards(v) for k, v in self.draws.items()},
                      {k: cards(v) for k, v in self.throws.items()},
                      frozenset((d, p, swap(c)) for d, p, c in self.unknown),
                      tuple(frozenset(cards(sorted(f))) for f in self.final), self.inert)


@dataclass(frozen=True)
class _Step:
    kind: str  # "deal" (the first deal), "fold" or "draw"
    player: int
    round: int = 0  # the draw, 1..3 (0: the first deal)
    cards: Cards = ()  # the cards dealt, None unknown
    thrown: Cards = ()  # the cards thrown, None unknown
    at: int = -1  # the draw's index in the sequence


class _Failed(Exception):
    """The search found no deal: the first card it could not place, and why."""


def fit_deal(players: int, size: int, hands: Sequence[Cards], draws: dict[tuple[int, int], Cards],
             sequence: Sequence[tuple[int, Cards | None]], shown: Sequence[tuple[int, ...] | None],
             deck: int = 52) -> Iterator[Fitted]:
    """The deals that fit a history, one at a time (at most :data:`MAX_STEPS` choices in all).

    :param hands: each player's hand as dealt (None an unknown card).
    :param draws: the cards dealt in each draw by (draw, player), None unknown.
    :param sequence: the folds and draws in the order played: (player, None for
        a fold or the cards thrown, None unknown).
    :param shown: each player's hand shown at the end, or None.
    :raises ValueError: when no deal fits (or none is found in :data:`MAX_STEPS` choices),
        with the first reason the search met.
    """
    steps = [_Step("deal", p, 0, tuple(hand)) for p, hand in enumerate(hands)]
    count = [0] * players
    for at, (player, thrown) in enumerate(sequence):
        if thrown is None:
            steps.append(_Step("fold", player))
            continue
        count[player] += 1
        dealt = draws.get((count[player], player), ()) if thrown else ()
        if len(dealt) != len(thrown):
            raise ValueError(f"p{player + 1} throws {len(thrown)} cards in draw {count[player]} "
                             f"but the history deals {len(dealt)}")
        steps.append(_Step("draw", player, count[player], tuple(dealt), tuple(thrown), at))
    search = _Search(players, size, steps, shown, deck)
    yield from search.run()


class _Search:
    def __init__(self, players: int, size: int, steps: list[_Step], shown: Sequence[tuple[int, ...] | None],
                 deck: int) -> None:
        self.players = players
        self.steps = steps
        self.shown = [frozenset(s or ()) for s in shown]
        self.showing = [s is not None for s in shown]
        self.deck = deck
        # Where the stub runs out: the steps at which a draw asks for more than it holds.
        stub, muck = deck - players * size, 0
        self.reforms: list[int] = []
        for i, step in enumerate(steps):
            if step.kind == "fold":
                muck += size
            elif step.kind == "draw":
                k = len(step.cards)
                if k > stub:
                    self.reforms.append(i)
                    stub, muck = stub + muck - k, 0
                else:
                    stub -= k
                muck += k
        # Each named card's demands: (step, kind, player), kind "deal" (from the stub), "throw" or "show".
        self.demands: dict[int, list[tuple[int, str, int]]] = {}
        for i, step in enumerate(steps):
            for c in step.thrown:
                if c is not None:
                    self.demands.setdefault(c, []).append((i, "throw", step.player))
            for c in step.cards:
                if c is not None:
                    self.demands.setdefault(c, []).append((i, "deal", step.player))
        for p, cards in enumerate(self.shown):
            for c in cards:
                self.demands.setdefault(c, []).append((len(steps), "show", p))
        self.named = frozenset(self.demands)
        # The unknown throws each player makes from each step on (to know who can pass a card
        # on), and the largest of them (the cards it must hold that it may throw).
        self.throws_from = [[0] * (len(steps) + 1) for _ in range(players)]
        self.largest_from = [[0] * (len(steps) + 1) for _ in range(players)]
        for i in range(len(steps) - 1, -1, -1):
            for p in range(players):
                self.throws_from[p][i] = self.throws_from[p][i + 1]
                self.largest_from[p][i] = self.largest_from[p][i + 1]
            step = steps[i]
            if step.kind == "draw":
                u = sum(c is None for c in step.thrown)
                self.throws_from[step.player][i] += u
                self.largest_from[step.player][i] = max(u, self.largest_from[step.player][i])
        self.size = size
        self.let_go = [[i for i, step in enumerate(steps) if step.player == p and (step.kind == "fold" or step.thrown)]
                       for p in range(players)]
        self.deal_steps = [[i for i, step in enumerate(steps) if step.player == p and None in step.cards]
                           for p in range(players)]
        # From each step on: the unknown cards dealt to each player, the known ones, and whether
        # it lets any card go (folds or throws).
        self.unknown_from = [[0] * (len(steps) + 1) for _ in range(players)]
        self.known_from = [[frozenset[int]()] * (len(steps) + 1) for _ in range(players)]
        self.folds_from = [[False] * (len(steps) + 1) for _ in range(players)]  # (or throws any card)
        for i in range(len(steps) - 1, -1, -1):
            step = steps[i]
            for p in range(players):
                self.unknown_from[p][i] = self.unknown_from[p][i + 1]
                self.known_from[p][i] = self.known_from[p][i + 1]
                self.folds_from[p][i] = self.folds_from[p][i + 1]
            q = step.player
            self.unknown_from[q][i] += sum(c is None for c in step.cards)
            self.known_from[q][i] |= frozenset(c for c in step.cards if c is not None)
            self.folds_from[q][i] |= step.kind == "fold" or bool(step.thrown)
        self.budget = MAX_STEPS
        self.failure: str | None = None

    # -- what the history needs of a card ------------------------------------------------
    def next_demand(self, card: int, after: int) -> tuple[int, str, int] | None:
        demands = self.demands.get(card, ())
        j = bisect_right([d[0] for d in demands], after)
        return demands[j] if j < len(demands) else None

    def next_reform(self, after: int) -> int:
        j = bisect_right(self.reforms, after)
        return self.reforms[j] if j < len(self.reforms) else len(self.steps)

    def must_pass(self, card: int, at: int, reform: int, stub: frozenset[int], hold: tuple[frozenset[int], ...]) -> bool:
        """Whether ``card``, in the stub at step ``at``, must be out of play when the stub
        next runs out (at step ``reform``): the history deals it after, or a player shows it
        who cannot take every card it shows from this stub (it must keep room to throw)."""
        demand = self.next_demand(card, at)
        if demand is None or demand[0] <= reform:
            return False
        step, kind, whom = demand
        if kind == "deal":
            return True
        if kind != "show":
            return False  # (the player who draws as the stub runs out is dealt all that is left of it)
        deals = [t for t in self.deal_steps[whom] if at <= t < reform]
        room = self.size - self.largest_from[whom][deals[-1] + 1] if deals else 0
        room -= len(hold[whom] & self.shown[whom])
        gone = self.gone(whom, at, stub, hold)
        # More of its cards in the stub than it can keep, and room for more after the stub runs out.
        return len(self.shown[whom] - hold[whom] - gone) > room and len(gone) < self.unknown_from[whom][reform]

    def gone(self, player: int, at: int, stub: frozenset[int], hold: tuple[frozenset[int], ...]) -> set[int]:
        """The cards of the hand ``player`` shows that can come to it only from the cards out
        of play: not in the stub after step ``at``, or dealt to another player first."""
        out = set()
        for c in self.shown[player] - hold[player]:
            demand = self.next_demand(c, at)
            if c not in stub or (demand is not None and demand[1] == "deal" and demand[2] != player):
                out.add(c)
        return out

    def deal_order(self, stub: frozenset[int], player: int, at: int, taken: set[int],
                   hold: tuple[frozenset[int], ...]) -> list[int]:
        """The cards worth trying for an unknown card dealt to ``player`` at step ``at``, best
        first; ``hold``: what each player holds, ``player`` the cards of this deal so far too."""
        reform = self.next_reform(at)
        held = hold[player]
        room = self.size - self.largest_from[player][at + 1] - len(held & self.shown[player])  # cards it may keep
        # Cards to pass on: as many as it throws unknown before the stub runs out, less those it holds.
        passes = self.throws_from[player][at + 1] - self.throws_from[player][reform] - sum(
            self.must_pass(c, at, reform, stub | {c}, hold) for c in held)
        first: list[int] = []
        passing: list[int] = []
        later: list[int] = []
        last: list[int] = []
        spare = None
        for c in sorted(stub - taken):
            demand = self.next_demand(c, at)
            if demand is None:
                if c in self.named:
                    later.append(c)  # named before, never again
                elif spare is None:
                    spare = c  # one of the cards named nowhere: all alike
                continue
            step, kind, whom = demand
            if kind == "deal" and step < reform:
                continue  # dealt from this stub later: it must stay there
            if kind == "show" and whom == player:
                (first if room > 0 else last).append(c)
            elif passes > 0 and self.must_pass(c, at, reform, stub, hold):
                passing.append(c)  # back from the cards out of play after the stub runs out
            elif kind == "throw" and whom == player:
                first.append(c)
            elif kind == "show" and len(self.gone(whom, at, stub, hold)) >= self.unknown_from[whom][reform]:
                last.append(c)  # its player can take no more cards out of play after the stub runs out
            else:
                later.append(c)
        return first + passing + ([spare] if spare is not None else []) + later + last

    def throw_order(self, held: frozenset[int], player: int, at: int, need: int) -> list[tuple[int, ...]]:
        """The sets of ``need`` cards worth trying for an unknown discard, best first."""
        reform = self.next_reform(at - 1)
        scored = []
        for c in held:
            demand = self.next_demand(c, at)
            if demand is None:
                score = 1
            else:
                step, kind, whom = demand
                if whom == player and kind in ("show", "throw"):
                    continue  # it shows or throws it later itself
                score = 0 if step > reform or kind == "show" else 2
            scored.append((score, c))
        scored.sort()
        # Cards named nowhere are alike: a set differs from another only by its named cards.
        options = []
        seen = set()
        for combo in combinations(scored, need):
            key = tuple(sorted((s, c if c in self.named else -1) for s, c in combo))
            if key not in seen:
                seen.add(key)
                options.append((sum(s for s, _ in combo), tuple(c for _, c in combo)))
        options.sort(key=lambda o: o[0])
        return [cards for _, cards in options]

    # -- the search ------------------------------------------------------------------------
    def run(self) -> Iterator[Fitted]:
        stub = frozenset(range(self.deck))
        hold = tuple(frozenset[int]() for _ in range(self.players))
        found = False
        for fitted in self.walk(0, stub, frozenset(), hold, [], {}, {}, set()):
            found = True
            yield fitted
        if not found:
            raise ValueError(self.failure or "no deal of the cards fits the history")

    def fail(self, why: str) -> None:
        if self.failure is None:
            self.failure = why

    def walk(self, i: int, stub: frozenset[int], muck: frozenset[int], hold: tuple[frozenset[int], ...],
             hands: list[tuple[int, ...]], draws: dict[tuple[int, int], tuple[int, ...]],
             throws: dict[int, tuple[int, ...]], unknown: set[tuple[int, int, int]]) -> Iterator[Fitted]:
        self.budget -= 1
        if self.budget < 0:
            return
        if i == len(self.steps):
            for p in range(self.players):
                if self.showing[p] and hold[p] != self.shown[p]:
                    self.fail(f"p{p + 1} cannot hold the hand it shows")
                    return
            yield Fitted(tuple(hands), dict(draws), dict(throws), frozenset(unknown), hold,
                         frozenset(range(self.deck)) - self.named)
            return
        if not self.possible(i, stub, hold):
            return
        step = self.steps[i]
        p = step.player
        if step.kind == "fold":
            yield from self.walk(i + 1, stub, muck | hold[p], _with(hold, p, frozenset()), hands, draws, throws,
                                 unknown)
            return
        if step.kind == "deal":
            yield from self.deal(i, list(step.cards), [], stub, muck, hold, hands, draws, throws, unknown, False)
            return
        known = [c for c in step.thrown if c is not None]
        for c in known:
            if c not in hold[p]:
                self.fail(f"p{p + 1} throws {_name(c)}, which it does not hold then")
                return
        need = len(step.thrown) - len(known)
        rest = hold[p] - frozenset(known)
        options = self.throw_order(rest, p, i, need) if need else [()]
        if not options:
            self.fail(f"p{p + 1} throws {need} unknown cards but holds only cards it shows or throws later")
        for extra in options:
            thrown = tuple(known) + extra
            throws2 = dict(throws)
            throws2[step.at] = thrown
            held = hold[p] - frozenset(thrown)
            yield from self.deal(i, list(step.cards), [], stub, muck, _with(hold, p, held), hands, draws, throws2,
                                 unknown, False, frozenset(thrown))

    def lets_go(self, player: int, start: int, end: int) -> bool:
        """Whether ``player`` folds or throws a card at a step from ``start`` to before ``end``."""
        steps = self.let_go[player]
        j = bisect_right(steps, start - 1)
        return j < len(steps) and steps[j] < end

    def possible(self, i: int, stub: frozenset[int], hold: tuple[frozenset[int], ...]) -> bool:
        """Whether every named card can still be where the history names it, as far as
        counting tells: a card dealt from the stub before it runs out is in it, one dealt
        after it or a hand shown is not held by a player who never lets it go before, and
        a player who shows a hand is dealt enough unknown cards still, after the stub runs
        out for those no longer in it."""
        reform = self.next_reform(i - 1)
        last = self.reforms[-1] if self.reforms and self.reforms[-1] >= i else -1
        for q in range(self.players):
            if not self.showing[q]:
                continue
            missing = self.shown[q] - hold[q] - self.known_from[q][i]
            gone = self.gone(q, i - 1, stub, hold) & missing
            if len(missing) > self.unknown_from[q][i] or (
                    gone and (last < 0 or len(gone) > self.unknown_from[q][reform])):
                self.fail(f"p{q + 1} cannot come to hold the hand it shows")
                return False
            for r in range(self.players):
                if r != q and missing & hold[r] and not self.lets_go(r, i, last):
                    self.fail(f"p{q + 1} cannot come to hold the hand it shows: p{r + 1} keeps a card of it")
                    return False
        for card in self.demands:
            demand = self.next_demand(card, i - 1)
            if demand is None or demand[1] != "deal":
                continue
            step, _, whom = demand
            if card in stub:
                continue
            if step < reform:
                self.fail(f"the history deals {_name(card)} to p{whom + 1} from the stub, and it is not there")
                return False
            holder = next((r for r in range(self.players) if card in hold[r]), None)
            if holder is not None and not self.lets_go(holder, i, self.next_reform(step - 1)):
                self.fail(f"the history deals {_name(card)} to p{whom + 1}, and p{holder + 1} keeps it")
                return False
        return True

    def deal(self, i: int, wanted: list[int | None], got: list[int], stub: frozenset[int], muck: frozenset[int],
             hold: tuple[frozenset[int], ...], hands: list[tuple[int, ...]], draws: dict[tuple[int, int], tuple[int, ...]],
             throws: dict[int, tuple[int, ...]], unknown: set[tuple[int, int, int]], reformed: bool,
             thrown: frozenset[int] = frozenset()) -> Iterator[Fitted]:
        """Deals ``wanted`` (the step's cards still to come) one at a time: the known ones
        in the stub first; when the stub cannot fill the draw, the whole stub, then the
        rest from the cards out of play (the drawer's own discards of this draw apart)."""
        step = self.steps[i]
        p = step.player
        if not wanted:
            cards = tuple(got)
            hold2 = _with(hold, p, hold[p] | frozenset(cards))
            if step.kind == "deal":
                hands = [*hands, cards]
            else:
                draws = dict(draws)
                draws[(step.round, p)] = cards
            yield from self.walk(i + 1, stub, muck | thrown, hold2, hands, draws, throws, unknown)
            return
        self.budget -= 1
        if self.budget < 0:
            return
        if not reformed and len(wanted) > len(stub):
            # The stub runs out in this draw: all of it is dealt first, then it is reformed.
            known_in = [c for c in wanted if c is not None and c in stub]
            left = sorted(stub - frozenset(known_in))
            slots = [k for k, c in enumerate(wanted) if c is None]
            if len(slots) < len(left):
                self.fail(f"the stub runs out in p{p + 1}'s draw {step.round}, and its last cards cannot all be dealt"
                          f" to p{p + 1} ({', '.join(_name(c) for c in wanted if c is not None and c not in stub)}"
                          " must come after)")
                return
            rest: list[int | None] = list(wanted)
            for k, c in zip(slots, left):
                rest[k] = c
            got2 = got + [c for c in rest if c is not None and c in stub]
            placed = {(step.round, p, c) for c in left}
            remaining = [c for c in rest if c is None or c not in stub]
            yield from self.deal(i, remaining, got2, muck, frozenset(), hold, hands, draws, throws, unknown | placed,
                                 True, thrown)
            return
        card = wanted[0]
        if card is not None:
            if card not in stub:
                where = "out of play" if reformed else "in the stub"
                self.fail(f"the history deals {_name(card)} to p{p + 1}, which is not {where} then")
                return
            yield from self.deal(i, wanted[1:], got + [card], stub - {card}, muck, hold, hands, draws, throws, unknown,
                                 reformed, thrown)
            return
        taken = {c for c in wanted if c is not None}
        options = self.deal_order(stub, p, i, taken, _with(hold, p, hold[p] | frozenset(got)))
        if not options:
            self.fail(f"no card is left to deal p{p + 1} in {'the deal' if step.kind == 'deal' else f'draw {step.round}'}")
        for c in options:
            yield from self.deal(i, wanted[1:], got + [c], stub - {c}, muck, hold, hands, draws, throws,
                                 unknown | {(step.round, p, c)}, reformed, thrown)


def _with(hold: tuple[frozenset[int], ...], player: int, cards: frozenset[int]) -> tuple[frozenset[int], ...]:
    return hold[:player] + (cards,) + hold[player + 1:]


def _name(card: int) -> str:
    from badeucey_fast.cards import NAME_OF

    return NAME_OF[card]
