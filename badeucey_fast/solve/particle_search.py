"""Search at play time in the full game: the last betting round re-solved from sampled ranges.

The full game's deals are far too many to list, so :func:`solve_round` holds
each seat's range as **particles**: private histories (a dealt hand and its
draws) sampled from chance, consistent with the public draw counts (the other
seat's from the cards the asking seat has never seen: not dealt to it, thrown
or drawn by it), each weighted by the blueprint's probability of the seat's
own public actions and draw counts with those cards (its reach; the throw of
each draw is drawn from the blueprint among the sets of the observed size),
and resampled in proportion to their weights after a decision that leaves
the weights too uneven (a particle filter: the copies part at the next draw),
so that the range stays many holdings rather than the few the blueprint
explains best.
The seat asking adds its own history as one more particle of its range.
Particles of one seat that end with the same cards merge (the shipped
strategies forget which cards were thrown).  A pair of holdings that share no
card weighs the product of their reaches, the sampled histories standing for
chance.  The last betting round is then re-solved from the current decision
(``csrc/bdc_subgame.c``, CFR+ with a gadget) on a table replaying the hand's
public actions with stand-in cards for the hidden ones; the blueprint's
probabilities at every node of the round come from the strategy's lookups.
The result (:class:`RoundSolution`) is the seat's strategy at every node of the
round, so its later decisions in the round read it
(:meth:`RoundSolution.probabilities`) rather than re-solve with its own range
weighed by the blueprint it no longer plays.

**Sampled:** the ranges (``particles`` histories a seat) and hence the pairs.
**Approximated:** card removal between the asking seat's sampled histories
and the other seat's (such a pair must only share no card now), and the belief
about the asking seat is the other seat's blueprint view of it.
**Exact:** the round's public tree, the showdowns (settled by the table) and
the blueprint's probabilities.

It reads only the seat's view (:class:`~badeucey_fast.play.view.HandView`),
and its randomness comes from the generator passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import compress
from typing import Any

import numpy as np
import numpy.typing as npt

from badeucey_fast._native import lib
from badeucey_fast._native.mini import ChanceTable
from badeucey_fast._native.subgame import Node, solve_subgame, subgame_tree
from badeucey_fast.play.events import BetRaise, CheckCall, Deal, Draw, Fold, Post
from badeucey_fast.play.view import HandView
from badeucey_fast.solve.game import _CALL_CODE, _DRAW_CODE, _FOLD_CODE, _RAISE_CODE
from badeucey_fast.solve.strategy import Strategy, draw_codes

__all__ = ["DEFAULT_PARTICLES", "RoundSolution", "sampled_ranges", "search_probabilities", "searchable", "solve_round"]

DEFAULT_PARTICLES = 32
"""Sampled histories of each seat's range by default."""
_ATTEMPTS = 4  # clouds of particles drawn before giving up on a range nobody's blueprint explains
_SLOT_CODES = (_FOLD_CODE, _CALL_CODE, _RAISE_CODE)  # a child slot's public code


@dataclass(frozen=True)
class _Decision:
    """A public decision of the hand: what the blueprint is asked there, and what was done."""

    seat: int
    round: int
    phase: str
    history: tuple[int, ...]
    can_fold: bool
    raise_to: int | None
    max_discard: int
    action: int  # a bet's table action; a draw's count of cards


def searchable(view: HandView) -> bool:
    """Whether :func:`search_probabilities` re-solves at this view: the seat's
    betting decision in the last betting round of a heads-up fixed-limit hand."""
    return (view.n_seats == 2 and view.phase == "bet" and view.to_act == view.seat
            and view.round == view.rules.draws and view.rules.structure == "fixed")


def _deck(view: HandView) -> list[int]:
    return list(range(lib.BDC_DECK_SIZE)) if view.rules.deck is None else [int(c) for c in view.rules.deck]


def _seen(view: HandView) -> set[int]:
    """Every card the view shows: the seat's dealt, thrown and drawn cards."""
    seen = set(view.cards)
    for e in view.events:
        if isinstance(e, Deal) and e.cards is not None:
            seen.update(e.cards)
        elif isinstance(e, Draw) and e.thrown is not None and e.dealt is not None:
            seen.update(e.thrown)
            seen.update(e.dealt)
    return seen


def _replay(view: HandView, rng: random.Random) -> tuple[ChanceTable, list[_Decision]]:
    """A table at the view's decision: the public actions replayed, with stand-in
    cards (cards the seat has never seen) for the other seat's, and every
    public decision on the way."""
    seen = _seen(view)
    spare = [c for c in _deck(view) if c not in seen]
    rng.shuffle(spare)
    dealt: list[tuple[int, ...]] = [(), ()]
    committed, bets = [0, 0], [0, 0]  # chips before this round, and this round's bets
    for e in view.events:
        if isinstance(e, Deal):
            dealt[e.seat] = e.cards if e.cards is not None else tuple(spare.pop() for _ in range(e.count))
        elif isinstance(e, Draw):
            committed = [committed[s] + bets[s] for s in (0, 1)]
            bets = [0, 0]
        elif isinstance(e, BetRaise):
            bets[e.seat] = e.to
        elif isinstance(e, (Post, CheckCall)):
            bets[e.seat] += e.amount
    start = [view.stacks[s] + committed[s] + bets[s] for s in (0, 1)]
    table = ChanceTable(view.rules, start, dealt, button=view.button)
    decisions = []
    history: list[int] = []
    for e in view.events:
        if not isinstance(e, (Fold, CheckCall, BetRaise, Draw)):
            continue
        legal = table.legal()
        raise_to = int(legal.min_raise_to) if legal.can_raise else None
        if isinstance(e, Draw):
            decisions.append(_Decision(e.seat, table.round, "draw", tuple(history), False, None,
                                       int(legal.max_discard), e.count))
            held = table.cards(e.seat)
            thrown = e.thrown if e.thrown is not None else held[:e.count]
            got = e.dealt if e.dealt is not None else tuple(spare.pop() for _ in range(e.count))
            table.draw(sum(1 << held.index(c) for c in thrown), got)
            history.append(_DRAW_CODE + e.count)
            continue
        action = -1 if isinstance(e, Fold) else 0 if isinstance(e, CheckCall) else e.to
        decisions.append(_Decision(e.seat, table.round, "bet", tuple(history), bool(legal.can_fold), raise_to, 0,
                                   action))
        table.bet(action)
        history.append(_bet_code(action))
    return table, decisions


def _own_history(strategy: Strategy, decisions: list[_Decision], seat: int, position: int,
                 view: HandView) -> tuple[tuple[int, ...], float]:
    """The asking seat's own history from its view: its cards at the end and its reach."""
    recall = strategy.abstraction.recall
    draws_known = [e for e in view.events if isinstance(e, Draw) and e.seat == seat]
    cards = [c for e in view.events if isinstance(e, Deal) and e.seat == seat for c in e.cards or ()]
    draws: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    reach = 1.0
    for d in decisions:
        if d.seat != seat or not reach > 0.0:
            continue
        own = tuple(draw_codes(draws)) if recall else ()
        probabilities = strategy.probabilities_at(position, d.round, d.phase, cards, d.history, own,
                                                  can_fold=d.can_fold, raise_to=d.raise_to,
                                                  max_discard=d.max_discard)
        if d.phase == "bet":
            reach *= probabilities.get(d.action, 0.0)
            continue
        reach *= sum(p for mask, p in probabilities.items() if bin(mask).count("1") == d.action)
        e = draws_known[len(draws)]
        thrown, got = tuple(e.thrown or ()), tuple(e.dealt or ())
        cards = [c for c in cards if c not in thrown] + list(got)
        draws.append((thrown, got))
    return tuple(sorted(cards)), reach


@dataclass
class _Particle:
    """A sampled history of a seat, as it grows: its cards now (in the order
    the blueprint's draw masks read), every card it has held, its draws, its
    weight, and at a draw the blueprint's throws of the size seen."""

    cards: list[int]
    used: set[int]
    draws: list[tuple[tuple[int, ...], tuple[int, ...]]]
    weight: float
    throws: dict[int, float]


def _resample(cloud: list[_Particle], rng: random.Random) -> list[_Particle]:
    """Systematic resampling when the weights' effective sample size falls below
    half the cloud: as many particles, drawn in proportion to their weights,
    each with the mean weight (so the cloud's total, chance's estimate of the
    public actions' probability, stays what it was)."""
    weights = [p.weight for p in cloud]
    total = sum(weights)
    if not total > 0.0 or total * total >= 0.5 * len(cloud) * sum(w * w for w in weights):
        return cloud
    n = len(cloud)
    step = total / n
    at = rng.random() * step
    out = []
    upto, i = weights[0], 0
    for k in range(n):
        while upto < at + k * step and i < n - 1:
            i += 1
            upto += weights[i]
        p = cloud[i]
        out.append(_Particle(list(p.cards), set(p.used), list(p.draws), step, p.throws))
    return out


def _sampled(strategy: Strategy, decisions: list[_Decision], seat: int, position: int, deck: list[int],
             size: int, particles: int, rng: random.Random) -> list[_Particle]:
    """``particles`` histories of ``seat`` consistent with the public actions:
    dealt and drawn from ``deck`` as chance would, each weighted by its reach
    (the blueprint's probability of the seat's public actions with its
    cards), resampled after a decision when the weights have grown too uneven
    (a particle filter: the throws and cards of the draws after make the
    copies differ)."""
    recall = strategy.abstraction.recall
    cloud = [_Particle(cards, set(cards), [], 1.0, {}) for cards in (rng.sample(deck, size) for _ in range(particles))]
    for d in decisions:
        if d.seat != seat:
            continue
        groups: dict[tuple[int, ...], list[_Particle]] = {}  # the live particles by own codes (one group without recall)
        for p in cloud:
            if p.weight > 0.0:
                groups.setdefault(tuple(draw_codes(p.draws)) if recall else (), []).append(p)
        for own, group in groups.items():
            rows = strategy.probabilities_many(position, d.round, d.phase, [p.cards for p in group], d.history, own,
                                               can_fold=d.can_fold, raise_to=d.raise_to, max_discard=d.max_discard)
            for p, probabilities in zip(group, rows, strict=True):
                if d.phase == "bet":
                    p.weight *= probabilities.get(d.action, 0.0)
                else:
                    p.throws = {mask: q for mask, q in probabilities.items() if bin(mask).count("1") == d.action}
                    p.weight *= sum(p.throws.values())
        cloud = _resample(cloud, rng)
        if d.phase != "draw":
            continue
        for p in cloud:  # the throw and the cards it brings, drawn after the resampling so that copies differ
            if not p.weight > 0.0:
                continue
            mask = rng.choices(list(p.throws), weights=list(p.throws.values()))[0]
            thrown = tuple(compress(p.cards, (mask >> i & 1 for i in range(len(p.cards)))))
            got = tuple(rng.sample([c for c in deck if c not in p.used], d.action))
            p.used.update(got)
            p.cards = [c for c in p.cards if c not in thrown] + list(got)
            p.draws.append((thrown, got))
    return [p for p in cloud if p.weight > 0.0]


def _range(strategy: Strategy, decisions: list[_Decision], seat: int, position: int, deck: list[int], size: int,
           particles: int, rng: random.Random, view: HandView | None) -> dict[tuple[int, ...], float]:
    """A seat's range: each holding's summed weight over the particles that end
    with it; with ``view``, the seat's own history added as one more."""
    out: dict[tuple[int, ...], float] = {}
    if view is not None:
        cards, reach = _own_history(strategy, decisions, seat, position, view)
        if reach > 0.0:
            out[cards] = reach
    cloud: list[_Particle] = []
    for _ in range(_ATTEMPTS):
        cloud = _sampled(strategy, decisions, seat, position, deck, size, particles, rng)
        if cloud:
            break
    for p in cloud:
        key = tuple(sorted(p.cards))
        out[key] = out.get(key, 0.0) + p.weight
    return out


def _tree_policy(strategy: Strategy, table: ChanceTable, tree: tuple[Node, ...], history: tuple[int, ...],
                 holdings: list[tuple[int, ...]], seat: int, position: int, round: int) -> npt.NDArray[np.float64]:
    """The blueprint of ``seat`` at every node of the tree, for each holding."""
    out = np.zeros((len(tree), len(holdings), 3), dtype=np.float64)
    cards = np.array(holdings, dtype=np.uint8).reshape(len(holdings), -1)  # one holding a row, for every node
    tables: list[ChanceTable | None] = [table] + [None] * (len(tree) - 1)
    paths: list[tuple[int, ...]] = [history] + [()] * (len(tree) - 1)
    for i, node in enumerate(tree):
        if i:
            parent = tables[node.parent]
            if parent is not None and tree[node.parent].seat >= 0:
                child = parent.copy()
                child.bet(node.action)
                tables[i] = child
                slot = tree[node.parent].children.index(i)
                paths[i] = paths[node.parent] + (_SLOT_CODES[slot],)
        here = tables[i]
        if node.seat != seat or here is None:
            continue
        legal = here.legal()
        can_fold, raise_to = bool(legal.can_fold), int(legal.min_raise_to) if legal.can_raise else None
        rows = strategy.probabilities_many(position, round, "bet", cards, paths[i], can_fold=can_fold,
                                           raise_to=raise_to)
        out[i] = _blueprint_rows(tree, node, rows)
    return out


def _blueprint_rows(tree: tuple[Node, ...], node: Node, rows: list[dict[int, float]]) -> npt.NDArray[np.float64]:
    """:func:`~badeucey_fast.solve.search._blueprint_row` for each holding's
    probabilities at ``node``, as one (holdings, slots) array: each row the
    blueprint's probability of each child slot, made a distribution over the
    legal actions (uniform where the blueprint gives them none)."""
    actions = [tree[child].action if child >= 0 else None for child in node.children]
    probabilities = np.array([[row.get(a, 0.0) if a is not None else 0.0 for a in actions] for row in rows],
                             dtype=np.float64).reshape(len(rows), len(actions))
    total = probabilities[:, 0].copy()
    for slot in range(1, len(actions)):  # summed slot by slot, in order, as the one-holding row is
        total += probabilities[:, slot]
    uniform = (np.array(node.children) >= 0) / sum(c >= 0 for c in node.children)
    met = total > 0.0
    out = np.empty_like(probabilities)
    out[met] = probabilities[met] / total[met, None]
    out[~met] = uniform
    return out


Range = dict[tuple[int, ...], float]
"""A seat's sampled range: each holding (its cards, sorted) and its summed reach."""


def _ranges(strategy: Strategy, view: HandView, decisions: list[_Decision], particles: int,
            rng: random.Random) -> tuple[Range, Range]:
    """Both seats' ranges at the view, from its public decisions."""
    deck = _deck(view)
    seen = _seen(view)
    # the other seat's cards, dealt or drawn, are among these: heads-up, a whole deck's stub never
    # runs out (two hands and three draws of every card take at most 40 cards), so no thrown card comes back
    unseen = [c for c in deck if c not in seen]
    size = len(view.cards)
    ranges = []
    for s in (0, 1):
        position = (s - view.button) % 2
        mine = s == view.seat
        ranges.append(_range(strategy, decisions, s, position, deck if mine else unseen, size, particles, rng,
                             view if mine else None))
    return ranges[0], ranges[1]


def sampled_ranges(strategy: Strategy, view: HandView, *, particles: int = DEFAULT_PARTICLES,
                   rng: random.Random) -> tuple[Range, Range]:
    """Both seats' ranges as :func:`solve_round` samples them at the view (see
    the module docstring): per seat, each holding and its summed reach.

    :param strategy: the blueprint.
    :param view: the seat's view, in a heads-up hand.
    :param particles: sampled histories of each seat's range.
    :param rng: the generator the particles and stand-in cards come from.
    """
    _, decisions = _replay(view, rng)
    return _ranges(strategy, view, decisions, particles, rng)


@dataclass(frozen=True)
class RoundSolution:
    """The last betting round re-solved for one seat's hand: its strategy at
    every node of the round's tree from the decision where it was solved."""

    seat: int
    events: tuple[Any, ...]
    """The view's events where the round was re-solved."""
    tree: tuple[Node, ...]
    strategy: npt.NDArray[np.float64]
    """(nodes, ACTIONS): the seat's own holding's probabilities by child slot."""

    def probabilities(self, view: HandView) -> dict[int, float] | None:
        """The solution's probability of each action at the view's decision, or
        None for a view that is not a later decision of this seat's hand in the round."""
        n = len(self.events)
        if view.seat != self.seat or len(view.events) < n or tuple(view.events[:n]) != self.events:
            return None
        node = 0
        for e in view.events[n:]:
            if not isinstance(e, (CheckCall, BetRaise)):
                return None
            node = self.tree[node].children[1 if isinstance(e, CheckCall) else 2]
            if node < 0:
                return None
        here = self.tree[node]
        if here.seat != view.seat or view.to_act != view.seat:
            return None
        return {self.tree[child].action: float(self.strategy[node, slot]) for slot, child in enumerate(here.children)
                if child >= 0}


def solve_round(strategy: Strategy, view: HandView, *, iterations: int, particles: int = DEFAULT_PARTICLES,
                rng: random.Random, gadget: str = "blueprint") -> RoundSolution | None:
    """The last betting round re-solved from the view's decision for its seat
    (see the module docstring), or None where it does not search
    (:func:`searchable`) or no particle of a range is explained by the blueprint.

    :param strategy: the blueprint (a strategy without recall, as shipped, or with).
    :param view: the seat's view, at its betting decision in the last round.
    :param iterations: CFR+ iterations of the re-solve.
    :param particles: sampled histories of each seat's range.
    :param rng: the generator the particles and stand-in cards come from.
    :param gadget: the re-solving gadget (:class:`~badeucey_fast.solve.SearchPolicy`'s but
        ``"reach_maxmargin"``).
    """
    if not searchable(view):
        return None
    table, decisions = _replay(view, rng)
    ranges = _ranges(strategy, view, decisions, particles, rng)
    if not ranges[0] or not ranges[1] or tuple(sorted(view.cards)) not in ranges[view.seat]:
        return None
    holdings = [list(r) for r in ranges]
    reach = [np.array(list(r.values())) for r in ranges]
    reach = [r / r.max() for r in reach]
    masks = [np.array([sum(1 << c for c in h) for h in holdings[s]], dtype=np.uint64) for s in (0, 1)]
    # the pairs sharing no card, seat 0's holdings in order and seat 1's in order within each
    first, second = np.nonzero((masks[0][:, None] & masks[1][None, :]) == 0)
    if not len(first):
        return None
    tree = subgame_tree(table)
    history = tuple(d for d in _history_now(decisions))
    blueprint = [_tree_policy(strategy, table, tree, history, holdings[s], s, (s - view.button) % 2, view.round)
                 for s in (0, 1)]
    hands = [np.array(holdings[s], dtype=np.uint8) for s in (0, 1)]
    result = solve_subgame(table, hands, reach, (first, second), np.ones(len(first)),
                           seat=view.seat, iterations=iterations, gadget=gadget, blueprint=blueprint)
    row = holdings[view.seat].index(tuple(sorted(view.cards)))
    return RoundSolution(view.seat, tuple(view.events), tree, result.strategies[view.seat][:, row].copy())


def search_probabilities(strategy: Strategy, view: HandView, *, iterations: int, particles: int = DEFAULT_PARTICLES,
                         rng: random.Random, gadget: str = "blueprint") -> dict[int, float] | None:
    """The re-solved probability of each action at the view's decision
    (:func:`solve_round` from this decision), or None where it does not search
    or no particle of a range is explained by the blueprint; the parameters are
    :func:`solve_round`'s.
    """
    solution = solve_round(strategy, view, iterations=iterations, particles=particles, rng=rng, gadget=gadget)
    return None if solution is None else solution.probabilities(view)


def _history_now(decisions: list[_Decision]) -> list[int]:
    """The public codes of the whole hand so far."""
    if not decisions:
        return []
    last = decisions[-1]
    code = _DRAW_CODE + last.action if last.phase == "draw" else _bet_code(last.action)
    return [*last.history, code]


def _bet_code(action: int) -> int:
    """The public code of a betting action (-1 fold, 0 check or call, else bet or raise to)."""
    return _FOLD_CODE if action == -1 else _CALL_CODE if action == 0 else _RAISE_CODE

