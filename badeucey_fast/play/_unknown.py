"""Cards a history does not know (PHH's ``??``): which cards stand for them.

A site's hand history shows one player's cards (the hero's) draw by draw and
the others' only when they are shown at the end.  :func:`~badeucey_fast.play.phh.loads`
replays such a history by dealing a **placeholder** for each unknown card,
chosen so that the hand plays and settles as it was recorded:

* a placeholder is a card the history names nowhere, while one is left;
* a player who shows a hand at the end holds exactly it: its cards are dealt
  as late as the player's discards allow (every discard throws placeholders),
  so that the player's count of cards drawn is the recorded one;
* a player who reaches the showdown without showing (a muck) is given the
  worst hand the unnamed cards make, so that it loses as the site ruled;
* a player who folds holds placeholders only;
* a named card first dealt once the stub has run out (a "late" card: it came
  from the cards out of play) is held before as a placeholder by a player
  who throws unknown cards before the stub runs out: among the cards it was
  dealt, or else among those it drew in a draw before such a throw.

Within a draw, the table deals an unknown card from the stub when it comes
(:class:`~badeucey_fast.play.hand.Replay`), so that a stub that runs out
reforms as the engine reforms it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from badeucey_fast.games import Game

__all__ = ["Plan", "late_cards", "plan_hand", "worst_hand"]

Cards = tuple["int | None", ...]


class Plan:
    """Each player's hand and draws with their placeholders chosen (a draw's
    unknown cards stay None: the table picks them), and what to keep."""

    def __init__(self, hands: list[tuple[int, ...]], draws: dict[tuple[int, int], Cards],
                 keep: list[frozenset[int]], unknown: frozenset[tuple[int, int, int]], named: frozenset[int],
                 late: frozenset[int]) -> None:
        self.hands = hands
        self.draws = draws
        self.keep = keep
        """For each player, the cards it must not throw when a discard is unknown."""
        self.unknown = unknown
        """The placeholders placed: (draw, 0 the deal; player; card)."""
        self.named = named
        self.late = late
        """The named cards first dealt once the stub has run out (:func:`late_cards`)."""


def worst_hand(game: Game, pool: Sequence[int]) -> tuple[int, ...]:
    """The hand of ``game``'s size from ``pool`` whose better half ranks worst
    (each half measured against its worst among them) of a few made to lose
    (quads, same-suited runs and flushes): what a player who mucked at the
    showdown is given.

    >>> from badeucey_fast import GAMES, format_cards
    >>> from badeucey_fast.play._unknown import worst_hand
    >>> format_cards(worst_hand(GAMES["badugi"], range(52)))
    'Kc Kd Kh Ks'
    >>> worst_hand(GAMES["badugi"], range(3))
    Traceback (most recent call last):
    ...
    ValueError: 3 cards left for a badugi hand of 4
    """
    size = game.hand_size
    cards = sorted(set(pool))
    if len(cards) < size:
        raise ValueError(f"{len(cards)} cards left for a {game.name} hand of {size}")
    candidates: list[tuple[int, ...]] = []
    for rank in range(13):
        quads = [c for c in cards if c // 4 == rank]
        rest = [c for c in cards if c // 4 != rank]
        if len(quads) == 4 and len(rest) >= size - 4:
            candidates.append(tuple(quads + rest[len(rest) - (size - 4):]))
    for suit in range(4):
        same = [c for c in cards if c % 4 == suit]
        candidates.extend(tuple(same[i:i + size]) for i in range(len(same) - size + 1))
    candidates.append(tuple(cards[-size:]))
    for extra in combinations(cards[-size - 2:], size):  # a few more, so that a small pool always has one
        candidates.append(extra)
    ranker = game.ranker()
    ranks = [ranker(hand) for hand in candidates]
    worst = [max(r[half] for r in ranks) for half in range(len(ranks[0]))]
    # The hand whose better half is nearest its half's worst among the candidates.
    best = max(range(len(candidates)), key=lambda i: (min(r / w for r, w in zip(ranks[i], worst)), ranks[i]))
    return candidates[best]


def plan_hand(game: Game, hands: Sequence[Cards], draws: dict[tuple[int, int], Cards],
              discards: Sequence[Sequence[int]], throws: Sequence[Sequence[int]],
              shown: Sequence[tuple[int, ...] | None], mucked: Sequence[bool], named: frozenset[int],
              sequence: Sequence[tuple[int, int, int]] = ()) -> Plan:
    """Placeholders for every unknown card of a history.

    :param hands: each player's hand as dealt (None an unknown card).
    :param draws: the cards dealt in each draw by (draw, player), None unknown.
    :param discards: for each player, how many cards it threw in each of its draws.
    :param throws: for each player, the known cards it threw.
    :param shown: each player's hand shown at the end, or None.
    :param mucked: whether each player reached the showdown without showing.
    :param named: every card the history names.
    :param sequence: the folds and draws in the order played: (player, cards
        thrown or -1 for a fold, how many of them are unknown).
    :raises ValueError: when there are too few cards to stand for the unknown ones.
    """
    size = game.hand_size
    pool = [c for c in range(51, -1, -1) if c not in named]
    used: set[int] = set()
    unknown: set[tuple[int, int, int]] = set()
    targets: list[tuple[int, ...]] = []
    for player, hand in enumerate(hands):
        target = shown[player] if shown[player] is not None and len(shown[player] or ()) == size else None
        if target is None and mucked[player] and all(c is None for c in hand):
            target = worst_hand(game, [c for c in pool if c not in used])
        targets.append(target or ())
        used.update(target or ())
    # Each hand and draw with the cards it must hold in place (None for a placeholder).
    slotted: list[list[int | None]] = []
    new_draws = dict(draws)
    for player, hand in enumerate(hands):
        target = targets[player]
        own = [d for (d, p) in draws if p == player]
        fully_unknown = all(c is None for c in hand) and all(
            c is None for d in own for c in draws[(d, player)])
        if target and fully_unknown:
            counts = list(discards[player])
            # Placeholders held before each draw: as many as the largest discard still to come.
            held = [max(counts[j:], default=0) for j in range(len(counts) + 1)]
            # The cards other players are dealt in the history come last: they hold them first.
            elsewhere = {c for q, other in enumerate(hands) if q != player for c in other if c is not None} | {
                c for (d, q), cards in draws.items() if q != player for c in cards if c is not None}
            pending = iter(sorted(target, key=lambda c: c in elsewhere))
            first = [next(pending) for _ in range(size - held[0])]
            unknown.update((0, player, c) for c in first)  # where its cards were dealt is a guess too
            slotted.append([*first, *[None] * held[0]])
            for j, count in enumerate(counts):
                if count and (j + 1, player) in draws:
                    arriving = [next(pending) for _ in range(held[j] - held[j + 1])]
                    unknown.update((j + 1, player, c) for c in arriving)
                    new_draws[(j + 1, player)] = tuple(arriving + [None] * (count - len(arriving)))
        else:
            # Cards it throws or shows but is not dealt in the history: it held them from an unknown slot.
            dealt_known = {c for c in hand if c is not None} | {c for d in own for c in draws[(d, player)] if c is not None}
            needed = iter([c for c in [*throws[player], *target] if c not in dealt_known])
            slotted.append([next(needed, None) if c is None else c for c in hand])
            unknown.update((0, player, c) for c, was in zip(slotted[-1], hand) if was is None and c is not None)
            for d in sorted(own):
                cards = new_draws[(d, player)]
                if None in cards:
                    new_draws[(d, player)] = placed = tuple(next(needed, None) if c is None else c for c in cards)
                    unknown.update((d, player, c) for c, was in zip(placed, cards) if was is None and c is not None)
    late, reform = late_cards(len(hands), size, slotted, new_draws, sequence)
    # A card first named once the stub has run out was out of play then: a player who throws
    # unknown cards (or folds) before it runs out held it, among the cards it was dealt.
    waiting = sorted(late, reverse=True)
    before = sequence[:reform]
    holding = [0] * len(slotted)  # late cards each player holds, to throw before the stub runs out
    for player, slots in enumerate(slotted):
        room = sum(unknown_thrown for p, thrown, unknown_thrown in before if p == player and thrown > 0)
        if any(p == player and thrown < 0 for p, thrown, _ in before):
            room = size
        for i, slot in enumerate(slots):
            if slot is None and room and waiting:
                card = waiting.pop()
                slots[i] = card
                unknown.add((0, player, card))
                room -= 1
                holding[player] += 1
    # The late cards left: a player who draws unknown cards before the stub runs out, and
    # throws unknown cards again before then (those it holds first), held them among those.
    draws_made: dict[int, int] = {}
    for at, (player, thrown, unknown_thrown) in enumerate(before):
        if thrown < 0:
            holding[player] = 0
            continue
        holding[player] = max(0, holding[player] - unknown_thrown)
        draws_made[player] = draw = draws_made.get(player, 0) + 1
        drawn = new_draws.get((draw, player))
        if not waiting or not thrown or drawn is None:
            continue
        later = [(t, u) for p, t, u in before[at + 1:] if p == player]
        room = (size if any(t < 0 for t, _ in later) else sum(u for t, u in later if t > 0)) - holding[player]
        filled: list[int | None] = list(drawn)
        for i, slot in enumerate(filled):
            if slot is None and room > 0 and waiting:
                card = waiting.pop()
                filled[i] = card
                unknown.add((draw, player, card))
                room -= 1
                holding[player] += 1
        new_draws[(draw, player)] = tuple(filled)
    fillers = iter([c for c in pool if c not in used])

    def filler(player: int) -> int:
        card = next(fillers, None)
        if card is None:
            raise ValueError("the history's unknown cards need more cards than the deck has unseen")
        unknown.add((0, player, card))
        return card

    new_hands = [tuple(filler(p) if c is None else c for c in hand) for p, hand in enumerate(slotted)]
    return Plan(new_hands, new_draws, [frozenset(t) for t in targets], frozenset(unknown), named | frozenset(used),
                late)


def late_cards(players: int, size: int, hands: Sequence[Sequence[int | None]], draws: dict[tuple[int, int], Cards],
               sequence: Sequence[tuple[int, int, int]]) -> tuple[frozenset[int], int]:
    """The named cards first dealt after the stub first runs out: they come from
    the cards out of play, so another player held them, as placeholders, and
    threw them before.  Counted as the table deals (docs/rules.rst, "The
    stub"): the stub runs out in the draw that asks for more cards than it
    holds (the first such draw is all that matters: every card has been dealt
    by then), and where in ``sequence`` it runs out (its length if it never does)."""
    seen = {c for hand in hands for c in hand if c is not None}
    stub = 52 - players * size
    count = [0] * players
    late: set[int] = set()
    reform = len(sequence)
    for at, (player, thrown, _) in enumerate(sequence):
        if thrown < 0:
            continue
        count[player] += 1
        if not thrown:
            continue
        fresh = [c for c in draws.get((count[player], player), ()) if c is not None and c not in seen]
        if at > reform:
            late.update(fresh)
        elif thrown <= stub:
            stub -= thrown
        else:
            late.update(fresh[stub:])  # the stub's last cards first, then the reformed stub's
            reform = at
        seen.update(fresh)
    return frozenset(late), reform
