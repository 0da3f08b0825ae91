"""A trained strategy: the solver's average strategy, immutable, its file and
its lookups (docs/training.rst).

:meth:`Strategy.probabilities` gives, for the seat to act in a
:class:`~badeucey_fast.play.view.HandView`, each legal action in the table's
integer encoding (``-1`` fold, ``0`` check or call, a raise-to amount, a
discard mask over ``view.cards``) with its probability under the average
strategy; an information set the training never met gets the uniform
strategy over its actions.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from badeucey_fast._checks import SEED_LIMIT, check_card_id, check_chips, check_int
from badeucey_fast._native import cfr
from badeucey_fast.games import Game
from badeucey_fast.play.events import BetRaise, CheckCall, Draw, Fold
from badeucey_fast.play.rules import TableRules
from badeucey_fast.solve.abstraction import SolverAbstraction
from badeucey_fast.solve.shipped import STRATEGIES, shipped_abstraction, strategy_path

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from badeucey_fast.play.view import HandView
    from badeucey_fast.solve.game import TableGame, TableState

__all__ = ["FORMAT", "PROBABILITY_TOLERANCE", "VALUE_LIMIT", "Strategy", "default_strategy", "history_codes", "rules_from_dict", "rules_to_dict"]

FORMAT = "badeucey-fast cfr strategy 1"
"""The kind of a strategy file (see :mod:`badeucey_fast._storage`)."""
MAX_DRAWS = 3
CODE_LIMIT = 255
"""The largest code a lookup passes to the solver (a byte; the solver refuses codes it does not know)."""
PROBABILITY_TOLERANCE = 1e-12
"""How far from 1 the probabilities of one decision may sum: each is a weight
over its information set's total, so they differ from 1 by rounding only."""
VALUE_LIMIT = 1e300
"""The largest total of an information set's averages, and the largest size of
a regret, that a strategy or checkpoint file may hold: far above what training
reaches (under 1e60 for 2**64 iterations at the largest stacks), far enough
below a double's overflow (1.8e308) that no sum of an information set's values
overflows."""


def own_codes(events: Any, seat: int) -> list[int]:
    """The seat's own codes of a game with recall (badeucey.h): for each of
    its draws that threw cards, the cards thrown then those dealt, each
    ascending, a card ``c`` as ``c // 8 + 1`` and ``c % 8 + 1``."""
    return draw_codes((e.thrown, e.dealt) for e in events
                      if type(e) is Draw and e.seat == seat and e.count and e.thrown is not None and e.dealt is not None)


def draw_codes(draws: Iterable[tuple[Sequence[int], Sequence[int]]]) -> list[int]:
    """:func:`own_codes` of a seat's draws given as (thrown, dealt) pairs, in order
    (a draw that threw nothing has no codes)."""
    codes = []
    for thrown, dealt in draws:
        if thrown:
            for card in (*sorted(thrown), *sorted(dealt)):
                codes += [card // 8 + 1, card % 8 + 1]
    return codes


def history_codes(events: Any) -> list[int]:
    """The solver's codes of a hand's public actions (badeucey.h, "THE
    INFORMATION-SET KEY"): 1 fold, 2 check or call, 3 bet or raise, 4 + k a
    draw of k cards."""
    codes = []
    for e in events:
        kind = type(e)
        if kind is Fold:
            codes.append(1)
        elif kind is CheckCall:
            codes.append(2)
        elif kind is BetRaise:
            codes.append(3)
        elif kind is Draw:
            codes.append(4 + e.count)
    return codes


_LATER_FIELDS = ("ante",)
"""Rules fields added after strategy files and checkpoints were first written:
left out while they keep their default, so that a training writes the same
bytes as before they existed and resumes its earlier checkpoints."""


def rules_to_dict(rules: TableRules) -> dict[str, Any]:
    """A table's rules, JSON-ready (the game as :meth:`Game.to_dict`), without
    the later fields (``ante``) at their default.

    >>> from badeucey_fast.play import TableRules
    >>> from badeucey_fast.solve.strategy import rules_to_dict
    >>> "ante" in rules_to_dict(TableRules("badugi")), rules_to_dict(TableRules("badugi", ante=1))["ante"]
    (False, 1)
    """
    out: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.name in _LATER_FIELDS and value == f.default:
            continue
        out[f.name] = value.to_dict() if isinstance(value, Game) else list(value) if isinstance(value, tuple) else value
    return out


def rules_from_dict(data: dict[str, Any]) -> TableRules:
    """The rules :func:`rules_to_dict` wrote.

    :raises ValueError: for data that are not rules.
    """
    try:
        values = dict(data)
        values["game"] = Game(**values["game"])
        return TableRules(**values)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not table rules ({exc})") from None


def game_draws(rules: TableRules) -> int:
    """Draws in a hand under the rules (three unless they name fewer)."""
    draws = getattr(rules, "draws", MAX_DRAWS)
    return int(draws)


def game_deck(rules: TableRules) -> tuple[int, ...] | None:
    """The cards in play under the rules (None: all 52)."""
    deck = getattr(rules, "deck", None)
    return None if deck is None else tuple(int(c) for c in deck)


def make_cgame(rules: TableRules, stacks: tuple[int, int], variant: str, abstraction: SolverAbstraction,
               deal: tuple[int, ...] | None = None, against: cfr.Memory | None = None, *,
               lookup: bool = False) -> cfr.CGame:
    """The C game of a training, or with ``lookup`` of a strategy's lookups
    (``against``: the strategy the other seat plays, for a best response).  A
    training reads every hand's entries of the abstraction
    (:meth:`SolverAbstraction.complete`); lookups write each hand's before
    reading it (:meth:`SolverAbstraction.prepare`)."""
    if not lookup:
        abstraction.complete()
    deck = game_deck(rules) if deal is None else deal
    try:
        return cfr.CGame(rules, stacks, deck=deck, draws=game_draws(rules), fixed_deal=deal is not None,
                         variant=variant, buckets=abstraction.buckets, candidates=abstraction.candidates,
                         recall=abstraction.recall, history=abstraction.history, against=against)
    except ValueError as exc:
        if not abstraction.recall:
            raise
        raise ValueError(f"{exc} (with recall, a key holds the histories of small games only: fewer draws, "
                         "or SolverAbstraction.exact(game, recall=False))") from None


@dataclass(frozen=True, eq=False)
class Strategy:
    """The average strategy of a training (:func:`~badeucey_fast.solve.train`):
    immutable; compares equal to another of the same game, settings and
    arrays, bit for bit."""

    rules: TableRules
    stacks: tuple[int, int]
    """The chips of the button (seat 0 in training) and of the big blind."""
    variant: str
    abstraction: SolverAbstraction = field(repr=False)
    iterations: int
    seed: int
    keys: npt.NDArray[np.uint8] = field(repr=False)
    """One information-set key a row (badeucey.h, "THE INFORMATION-SET KEY"), in the order first met."""
    offsets: npt.NDArray[np.uint64] = field(repr=False)
    averages: npt.NDArray[np.float64] = field(repr=False)
    """The unnormalised average strategy: entry ``e``'s actions from ``offsets[e]``,
    each a finite, non-negative weight (the regret-weighted sum of the
    strategies played); an entry's probabilities are its weights over their
    total, and an entry of total 0 plays uniform, as one never met."""
    compact: bool = False
    """Whether the averages are probabilities in steps of 1/255 (:meth:`compacted`),
    saved a byte each."""

    def __post_init__(self) -> None:
        for array in (self.keys, self.offsets, self.averages):
            array.flags.writeable = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Strategy):
            return NotImplemented
        return (self._settings() == other._settings() and self.abstraction.digest == other.abstraction.digest
                and all(a.shape == b.shape and a.tobytes() == b.tobytes()
                        for a, b in ((self.keys, other.keys), (self.offsets, other.offsets),
                                     (self.averages, other.averages))))

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its lookup structures (C objects) and :meth:`purified`, made again on first use."""
        state = dict(self.__dict__)
        state.pop("_lookup", None)
        state.pop("_pure", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.__post_init__()

    def __repr__(self) -> str:
        return (f"<Strategy {self.rules.game.name}, {self.iterations:,} iterations (seed {self.seed}, "  # type: ignore[union-attr]
                f"{self.variant}), {len(self.keys):,} information sets>")

    def _settings(self) -> dict[str, Any]:
        settings = {"rules": rules_to_dict(self.rules), "stacks": list(self.stacks), "variant": self.variant,
                    "abstraction": self.abstraction.spec, "iterations": self.iterations, "seed": self.seed}
        if self.compact:
            settings["compact"] = True
        return settings

    def compacted(self) -> Strategy:
        """The strategy with each information set's probabilities rounded to
        steps of 1/255 (largest remainders first, so that they sum to 1):
        what a strategy that ships is, its file smaller.  Plays
        as the strategy does, to within 1/255 a probability."""
        import numpy as np

        if self.compact:
            return self
        steps = quantised(self.averages, self.offsets)
        return Strategy(self.rules, self.stacks, self.variant, self.abstraction, self.iterations, self.seed,
                        self.keys, self.offsets, steps.astype(np.float64) / 255, compact=True)

    def purified(self) -> Strategy:
        """The strategy that plays each information set's most probable action:
        *purification* (Ganzfried, Sandholm and Waugh, "Strategy purification
        and thresholding", AAMAS 2012), which in a card abstraction plays better
        against other programs than the average itself, whose small
        probabilities are mostly the sampling noise of the information sets
        training met least (docs/bots.rst measures it).  Actions tied for the
        most probable share evenly; an information set the training never met
        stays uniform.  The same game, settings and keys; made once a strategy.

        >>> from badeucey_fast.play import TableRules
        >>> from badeucey_fast.solve import train
        >>> strategy = train(TableRules.mini(), 200, seed=1, abstraction=None, stacks=(20, 20))
        >>> pure = strategy.purified()
        >>> sorted(set(pure.averages.tolist())), pure.information_sets == strategy.information_sets
        ([0.0, 1.0], True)
        """
        return self._pure

    @cached_property
    def _pure(self) -> Strategy:
        import numpy as np

        game, memory = self._lookup  # checks the arrays (the C core); the purified strategy shares its slots
        n = len(self.averages)
        starts = self.offsets.astype(np.int64)
        if n == 0:
            return self
        best = np.repeat(np.maximum.reduceat(self.averages, starts), np.diff(np.append(starts, n)))
        chosen = self.averages == best
        chosen &= best > 0
        del best
        pure = Strategy(self.rules, self.stacks, self.variant, self.abstraction, self.iterations, self.seed,
                        self.keys, self.offsets, chosen.astype(np.float64))
        pure.__dict__["_lookup"] = game, memory.with_averages(pure.averages)
        pure.__dict__["_pure"] = pure  # purified already
        return pure

    @property
    def information_sets(self) -> int:
        """Information sets met in training."""
        return len(self.keys)

    @cached_property
    def _lookup(self) -> tuple[cfr.CGame, cfr.Memory]:
        game = make_cgame(self.rules, self.stacks, self.variant, self.abstraction, lookup=True)
        memory = cfr.Memory.from_arrays(self.keys, self.offsets, None, self.averages)
        return game, memory

    def probabilities(self, table_or_view: Any, seat: int | None = None) -> dict[int, float]:
        """The average strategy of the seat to act: each legal action (the
        table's integer encoding; a discard as a mask over the view's cards)
        and its probability (they sum to 1).  Uniform over the actions of an
        information set the training never met.

        :param table_or_view: a :class:`~badeucey_fast.play.view.HandView`, or
            anything with ``view(seat)`` (a :class:`~badeucey_fast.play.Hand`).
        :param seat: the seat (needed with a hand; with a view, its seat or None).
        :raises ValueError: for a view of another seat than the one to act, a
            table of more than two seats, or of a game of another hand size.
        """
        view = self._view(table_or_view, seat)
        return dict(zip(*self._policy(view)[:2], strict=True))

    def _view(self, table_or_view: Any, seat: int | None) -> HandView:
        from badeucey_fast.play.view import HandView

        if isinstance(table_or_view, HandView):
            view = table_or_view
            if seat is not None and seat != view.seat:
                raise ValueError(f"Strategy: the view is seat {view.seat}'s, not seat {seat}'s")
        elif callable(getattr(table_or_view, "view", None)):
            if seat is None:
                seat = getattr(table_or_view, "to_act", None)
            if seat is None:
                raise ValueError("Strategy: nobody is to act")
            view = table_or_view.view(seat)
        else:
            raise TypeError(f"Strategy: a HandView or a hand is needed, not {type(table_or_view).__name__}")
        if view.to_act != view.seat:
            raise ValueError(f"Strategy: seat {view.seat} is not to act")
        if view.n_seats != 2:
            raise ValueError(f"Strategy: the solver plays heads-up, the table has {view.n_seats} seats")
        if not self.abstraction.fits(view.game):
            raise ValueError(f"Strategy: trained for {self.rules.game.name}, the table plays {view.game.name}")  # type: ignore[union-attr]
        return view

    def _policy(self, view: HandView) -> tuple[list[int], list[float], bool]:
        if view.phase == "draw":
            limit = getattr(view.rules, "discard_limit", len(view.cards))
            return self._at((view.seat - view.button) % 2, view.round, "draw", view.cards,
                            history_codes(view.events),
                            own_codes(view.events, view.seat) if self.abstraction.recall else (),
                            max_discard=min(len(view.cards), int(limit)))
        return self._at((view.seat - view.button) % 2, view.round, "bet", view.cards, history_codes(view.events),
                        own_codes(view.events, view.seat) if self.abstraction.recall else (),
                        can_fold=view.to_call > 0, raise_to=view.min_raise_to)

    def probabilities_at(self, position: int, round: int, phase: str, cards: Sequence[int], history: Sequence[int],
                         own: Sequence[int] = (), *, can_fold: bool = False, raise_to: int | None = None,
                         max_discard: int = 0) -> dict[int, float]:
        """:meth:`probabilities` from what a seat knows, for callers without a
        view (a game tree's states): its position (0: the button), the round,
        the phase (``"bet"`` or ``"draw"``), its cards (draw masks are over them
        in this order), the hand's :func:`history_codes` and, with recall, its
        :func:`own_codes`; in a betting round whether it may fold and the
        amount it may raise to (None: it may not), in a draw the most cards it
        may throw.

        :raises ValueError: for what the solver refuses (bad cards, a round
            outside the game, codes out of range, a raise beyond any stack).
        :raises TypeError: for numbers that are not integers.
        """
        if phase not in ("bet", "draw"):
            raise ValueError(f"Strategy: phase must be 'bet' or 'draw', got {phase!r}")
        position = check_int(position, "Strategy: position", low=0, high=1)
        round = check_int(round, "Strategy: round", low=0, high=MAX_DRAWS)
        cards = [check_card_id(c) for c in cards]
        history = [check_int(c, "Strategy: a history code", low=0, high=CODE_LIMIT) for c in history]
        own = [check_int(c, "Strategy: an own code", low=0, high=CODE_LIMIT) for c in own]
        raise_to = None if raise_to is None else check_chips(raise_to, "Strategy: raise_to")
        max_discard = check_int(max_discard, "Strategy: max_discard", low=0, high=len(cards))
        actions, probabilities, _ = self._at(position, round, phase, cards, history, own, can_fold=can_fold,
                                             raise_to=raise_to, max_discard=max_discard)
        return dict(zip(actions, probabilities, strict=True))

    def probabilities_many(self, position: int, round: int, phase: str, holdings: Any, history: Sequence[int],
                           own: Sequence[int] = (), *, can_fold: bool = False, raise_to: int | None = None,
                           max_discard: int = 0) -> list[dict[int, float]]:
        """:meth:`probabilities_at` for many holdings at one decision, in one
        call of the solver: the same position, round, phase, history, own
        codes and legal actions, one holding a row of ``holdings``.  Each dict
        is, bit for bit and in the same order, what :meth:`probabilities_at`
        gives for that row (in a draw, holdings with different candidate
        discards have different actions).

        :param holdings: a 2-D array of card ids (or a sequence of equal-length
            sequences), one holding a row, each in the seat's own order (draw
            masks are over it).
        :raises ValueError: as :meth:`probabilities_at` (a bad holding named by
            its row), or for holdings that are not one row a holding.
        :raises TypeError: for numbers that are not integers.

        >>> from badeucey_fast.solve.strategy import default_strategy
        >>> strategy = default_strategy("badugi")
        >>> rows = strategy.probabilities_many(0, 0, "bet", [[0, 5, 10, 15], [4, 9, 14, 51]], [],
        ...                                    can_fold=True, raise_to=4)
        >>> rows[1] == strategy.probabilities_at(0, 0, "bet", [4, 9, 14, 51], [], can_fold=True, raise_to=4)
        True
        >>> sorted(rows[0])
        [-1, 0, 4]
        >>> strategy.probabilities_many(0, 0, "bet", [[0, 5, 10, 10]], [2])
        Traceback (most recent call last):
        ...
        ValueError: Strategy: holdings[0] = [0, 5, 10, 10] has the same card twice
        """
        if phase not in ("bet", "draw"):
            raise ValueError(f"Strategy: phase must be 'bet' or 'draw', got {phase!r}")
        position = check_int(position, "Strategy: position", low=0, high=1)
        round = check_int(round, "Strategy: round", low=0, high=MAX_DRAWS)
        hands = _holdings(holdings)
        history = [check_int(c, "Strategy: a history code", low=0, high=CODE_LIMIT) for c in history]
        own = [check_int(c, "Strategy: an own code", low=0, high=CODE_LIMIT) for c in own]
        raise_to = None if raise_to is None else check_chips(raise_to, "Strategy: raise_to")
        max_discard = check_int(max_discard, "Strategy: max_discard", low=0, high=hands.shape[1] or None)
        if not len(hands):
            return []
        actions, probabilities, counts, _ = self._at_many(position, round, phase, hands, history, own,
                                                          can_fold=can_fold, raise_to=raise_to,
                                                          max_discard=max_discard, what="Strategy: holdings")
        width = int(counts.max())
        rows_a, rows_p = actions[:, :width].tolist(), probabilities[:, :width].tolist()
        return [dict(zip(a[:k], p[:k], strict=True)) for a, p, k in zip(rows_a, rows_p, counts.tolist(), strict=True)]

    def _at_many(self, position: int, round_: int, phase: str, hands: npt.NDArray[np.uint8], history: Sequence[int],
                 own: Sequence[int], *, can_fold: bool = False, raise_to: int | None = None, max_discard: int = 0,
                 what: str = "solver: hands"
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.intc], npt.NDArray[np.intc]]:
        """:meth:`_at` for each row of a C-contiguous uint8 array (``cfr.policy_many``'s arrays;
        ``what`` names the rows in its errors)."""
        game, memory = self._lookup
        self.abstraction.prepare_many(hands)
        legal = _legal(phase, can_fold, raise_to, max_discard)
        if len(history) + len(own) > cfr.MAX_HISTORY:  # longer than any hand the training played: never met
            actions, probabilities, counts, seen = cfr.policy_many(game, memory, position, round_, legal, hands, [],
                                                                   what=what)
            for row, k in enumerate(counts.tolist()):
                probabilities[row, :k] = 1 / k
            seen[:] = 0
            return actions, probabilities, counts, seen
        return cfr.policy_many(game, memory, position, round_, legal, hands, history, own, what=what)

    def as_policy(self) -> Callable[[TableState, int], dict[int, float]]:
        """The strategy as a policy of its :class:`~badeucey_fast.solve.game.TableGame`
        (:data:`~badeucey_fast.solve.best_response.Policy`): what
        :func:`~badeucey_fast.solve.exploitability` and the OpenSpiel game
        (:func:`badeucey_fast.openspiel.openspiel_policy`) take.  Seat 0 of the
        game is the button, draw masks are over :meth:`TableState.cards
        <badeucey_fast.solve.game.TableState.cards>` (ascending ids), as the
        strategy's lookups take them.

        The policy raises :class:`ValueError` for a state of a game of other
        rules or stacks than the strategy's, or one where the strategy's
        actions are not the state's legal actions.

        >>> from badeucey_fast.play import TableRules
        >>> from badeucey_fast.solve import TableGame, exploitability, train
        >>> rules = TableRules.mini()
        >>> policy = train(rules, 100, seed=1, abstraction=None, stacks=(20, 20)).as_policy()
        >>> state = TableGame(rules).root().child(((1, 2, 3, 5), (6, 7, 49, 50)))
        >>> sorted(policy(state, 0))
        [-1, 0]
        >>> policy(TableGame(rules, stack=30).root().child(((1, 2, 3, 5), (6, 7, 49, 50))), 0)
        Traceback (most recent call last):
        ...
        ValueError: the strategy was trained with stacks (20, 20), the game has (30, 30)
        """
        from badeucey_fast._native import lib

        checked: list[TableGame] = []  # the game found to be the strategy's

        def check(game: TableGame) -> None:
            if game.rules != self.rules:
                raise ValueError(f"the strategy was trained with {self.rules!r}, the game has {game.rules!r}")
            if (game.stack, game.stack) != self.stacks:
                raise ValueError(f"the strategy was trained with stacks {self.stacks}, the game has "
                                 f"{(game.stack, game.stack)}")
            checked[:] = [game]

        def policy(state: TableState, seat: int) -> dict[int, float]:
            if not checked or state.game is not checked[0]:
                check(state.game)
            if state.current_seat() != seat:
                raise ValueError(f"the policy is asked for seat {seat}, seat {state.current_seat()} is to act")
            actions = state.legal_actions()
            history, own = state.solver_codes(seat)
            own = own if self.abstraction.recall else ()
            if state.phase == lib.BDC_PHASE_DRAW:
                most = max(bin(mask).count("1") for mask in actions)
                got = self.probabilities_at(seat, state.round, "draw", state.cards(seat), history, own,
                                            max_discard=most)
            else:
                raises = [action for action in actions if action > 0]
                if len(raises) > 1:
                    raise ValueError("the solver plays fixed limit: one raise amount a decision")
                got = self.probabilities_at(seat, state.round, "bet", state.cards(seat), history, own,
                                            can_fold=-1 in actions, raise_to=raises[0] if raises else None)
            if sorted(got) != list(actions):
                raise ValueError(f"the strategy's actions {sorted(got)} are not the legal actions {list(actions)} "
                                 f"at {state.information_state(seat)!r}")
            return got

        return policy

    def _at(self, position: int, round_: int, phase: str, cards: Sequence[int], history: Sequence[int],
            own: Sequence[int], *, can_fold: bool = False, raise_to: int | None = None,
            max_discard: int = 0) -> tuple[list[int], list[float], bool]:
        game, memory = self._lookup
        self.abstraction.prepare(cards)
        legal = _legal(phase, can_fold, raise_to, max_discard)
        if len(history) + len(own) > cfr.MAX_HISTORY:  # longer than any hand the training played: never met
            actions, _, _ = cfr.policy(game, memory, position, round_, legal, cards, [])
            return actions, [1 / len(actions)] * len(actions), False
        return cfr.policy(game, memory, position, round_, legal, cards, history, own)

    # ---- files -----------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the strategy to ``path``: a compressed checked file (the
        average strategy, the settings and the abstraction's spec and digest,
        not its arrays; a :meth:`compacted` strategy's probabilities a byte
        each).  The same strategy gives the same bytes.

        :raises ValueError: for a path that cannot be written.
        :raises OSError: when writing fails.
        """
        from badeucey_fast._storage import write_arrays

        import numpy as np

        meta = {"format": FORMAT, **self._settings(), "abstraction_digest": self.abstraction.digest}
        averages = np.rint(self.averages * 255).astype(np.uint8) if self.compact else self.averages
        write_arrays(path, {"keys": trimmed(self.keys), "offsets": self.offsets, "averages": averages}, kind=FORMAT,
                     meta=meta, compress=True, what="strategy file")

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, abstraction: SolverAbstraction | None = None) -> Strategy:
        """Read a strategy :meth:`save` wrote.  Its abstraction is made again
        from its spec (card buckets from the card features' cache), or is the
        one given, which must be the same (by digest).

        :raises FileNotFoundError: for a file that does not exist (``filename``: the path).
        :raises ValueError: for a file that is damaged or not a strategy, or an
            abstraction that is not the file's.
        """
        from badeucey_fast._storage import read_arrays

        if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Strategy.load: a file path is text or a path object, not {type(path).__name__}")
        where = f"strategy file {os.fspath(path)}"
        meta, arrays = read_arrays(path, kind=FORMAT, where=where, unreadable="strategy file")
        return from_file(meta, arrays, where, abstraction, regrets=False)[0]


def _legal(phase: str, can_fold: bool, raise_to: int | None, max_discard: int) -> Any:
    """The ``bdc_legal *`` of a lookup: a draw's most cards, or a betting round's fold and raise."""
    from badeucey_fast._native import ffi, lib

    legal = ffi.new("bdc_legal *")
    if phase == "draw":
        legal.phase = lib.BDC_PHASE_DRAW
        legal.max_discard = max_discard
    else:
        legal.phase = lib.BDC_PHASE_BET
        legal.can_fold = int(can_fold)
        if raise_to is not None:
            legal.can_raise = 1
            legal.min_raise_to = legal.max_raise_to = raise_to
    return legal


def _holdings(holdings: Any) -> npt.NDArray[np.uint8]:
    """Holdings as a C-contiguous uint8 array, one a row: integers in 0..51.

    :raises TypeError: for values that are not integers.
    :raises ValueError: for anything but one row a holding, or a card id outside 0..51.
    """
    import numpy as np

    if isinstance(holdings, np.ndarray):
        array = holdings
    else:
        try:
            array = np.asarray(holdings)
        except ValueError:  # ragged rows
            raise ValueError("Strategy: holdings must be one row of card ids a holding, all of one length") from None
        if array.size == 0 and array.ndim == 1:
            array = array.reshape(0, 0).astype(np.uint8)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"Strategy: holdings must be card ids (integers), got an array of {array.dtype}")
    if array.ndim != 2:
        raise ValueError(f"Strategy: holdings must be one row of card ids a holding (2-D), got shape {array.shape}")
    bad = np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))
    if len(bad):
        raise ValueError(f"Strategy: holdings[{bad[0]}] = {array[bad[0]].tolist()} holds a card id outside 0..51")
    return np.ascontiguousarray(array, dtype=np.uint8)


DEFAULT_STRATEGY = STRATEGIES["badeucey"].file
"""The file name, in this package's folder, of the strategy ``CFRBot()`` and
``make_bot("cfr")`` play: heads-up fixed-limit Badeucey, each betting round
capped at four bets, trained by :data:`DEFAULT_COMMAND` (docs/bots.rst, "The
CFR bot"); :data:`~badeucey_fast.solve.shipped.STRATEGIES` lists every game's."""
DEFAULT_COMMAND = STRATEGIES["badeucey"].command
"""The command that makes :data:`DEFAULT_STRATEGY` again, byte for byte."""


def default_strategy(game: str = "badeucey") -> Strategy:
    """The strategy that ships with the package for ``game``
    (:data:`~badeucey_fast.solve.shipped.STRATEGIES`), read once a process,
    in well under a second: its card abstraction comes from the game's
    shipped class-bucket table, each hand's buckets looked up as it is met.

    :raises ValueError: for an unknown game, a game no strategy ships for
        yet, or a missing or damaged file (a broken installation).
    """
    return _default(strategy_path(game))


@functools.lru_cache(maxsize=None)
def _default(path: Path) -> Strategy:
    return Strategy.load(path)


def abstraction_of(spec: Any, where: str) -> SolverAbstraction:
    """The abstraction a file's spec names, made again."""
    try:
        kind = spec["kind"]
        if kind == "exact":
            return SolverAbstraction.exact(spec["game"], recall=bool(spec["recall"]))
        if kind == "card_buckets":
            return SolverAbstraction.card_buckets(spec["game"], int(spec["buckets"]), splits=int(spec["splits"]),
                                                  history=str(spec.get("history", "full")))
        if kind == "reach_buckets":
            return SolverAbstraction.reach_buckets(spec["game"], list(spec["buckets"]), splits=list(spec["splits"]),
                                                   deals=spec["deals"], seed=spec["seed"],
                                                   history=str(spec.get("history", "full")))
    except (KeyError, TypeError, ValueError):
        pass
    raise ValueError(f"{where}: damaged (its abstraction {spec!r})")


def from_file(meta: dict[str, Any], arrays: dict[str, Any], where: str, abstraction: SolverAbstraction | None,
              *, regrets: bool) -> tuple[Strategy, Any]:
    """The strategy of a strategy or checkpoint file, and its regrets (or None)."""
    import numpy as np

    names = {"keys", "offsets", "averages"} | ({"regrets"} if regrets else set())
    if set(arrays) != names:
        raise ValueError(f"{where}: damaged (it holds the arrays {sorted(arrays)})")
    try:
        rules = rules_from_dict(meta["rules"])
        stacks = tuple(check_chips(s, "a stack") for s in meta["stacks"])
        variant = str(meta["variant"])
        # the solver counts iterations in 64 bits and is seeded by 64 bits, as train() takes them
        iterations = check_int(meta["iterations"], "iterations", low=0, high=SEED_LIMIT - 1)
        seed = check_int(meta["seed"], "seed", low=0, high=SEED_LIMIT - 1)
        spec, digest = meta["abstraction"], str(meta["abstraction_digest"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{where}: damaged (its settings: {exc})") from None
    if len(stacks) != 2 or variant not in cfr.VARIANTS:
        raise ValueError(f"{where}: damaged (its settings)")
    if abstraction is not None:
        made = abstraction
    else:  # a lookup's abstraction from a shipped table when one fits: milliseconds, not seconds
        made = (None if regrets else shipped_abstraction(spec, digest)) or abstraction_of(spec, where)
    if made.digest != digest:
        raise ValueError(f"{where}: trained with another abstraction than the one given ({made!r})")
    keys, offsets, averages = arrays["keys"], arrays["offsets"], arrays["averages"]
    compact = meta.get("compact", False)
    if compact not in (False, True) or (compact and regrets):
        raise ValueError(f"{where}: damaged (its settings)")
    wanted = [("keys", keys, np.uint8, 2), ("offsets", offsets, np.uint64, 1),
              ("averages", averages, np.uint8 if compact else np.float64, 1)]
    if regrets:
        wanted.append(("regrets", arrays["regrets"], np.float64, 1))
    for name, array, dtype, ndim in wanted:
        if array.dtype != dtype or array.ndim != ndim:
            raise ValueError(f"{where}: damaged ({name} is {array.dtype}{list(array.shape)})")
    if keys.shape[1] > cfr.KEY_BYTES:
        raise ValueError(f"{where}: damaged (keys of {keys.shape[1]} bytes)")
    full_keys = np.zeros((len(keys), cfr.KEY_BYTES), dtype=np.uint8)
    full_keys[:, :keys.shape[1]] = keys
    values = averages.astype(np.float64) if compact else np.array(averages)
    if compact:
        values /= 255  # in place: the averages are the largest array a bot loads
    strategy = Strategy(rules, (stacks[0], stacks[1]), variant, made, iterations, seed, full_keys,
                        np.array(offsets), values, compact=compact)
    stored_regrets = arrays["regrets"] if regrets else None
    try:
        strategy._lookup  # noqa: B018 - checks the keys, offsets and values (bdc_cfr_rehash)
    except ValueError as exc:
        check_values(averages, strategy.offsets, stored_regrets, where, compact=compact)  # names a value refused
        raise ValueError(f"{where}: damaged ({exc})") from None
    check_values(averages, strategy.offsets, stored_regrets, where, compact=compact)
    return strategy, np.array(arrays["regrets"]) if regrets else None


def check_values(averages: npt.NDArray[Any], offsets: npt.NDArray[np.uint64], regrets: npt.NDArray[np.float64] | None,
                 where: str, *, compact: bool = False) -> None:
    """Check a file's values: a compact strategy's 255ths sum to 255 in each
    information set (0: never met); other averages are finite and
    non-negative, each information set's total at most :data:`VALUE_LIMIT`;
    regrets are finite, at most :data:`VALUE_LIMIT` in size.  Every
    decision's probabilities then sum to 1 within :data:`PROBABILITY_TOLERANCE`.
    (The C core refuses NaN, infinities and negative averages itself, in
    ``bdc_cfr_rehash``; this names the value, and adds the limits of a file.)
    Offsets that do not divide the values into information sets are left to
    ``bdc_cfr_rehash``: nothing is checked then.

    :raises ValueError: naming the file (``where``) and the first value out of range.
    """
    import numpy as np

    starts = offsets.astype(np.int64)
    if len(starts) and not (starts[0] == 0 and bool(np.all(np.diff(starts) > 0)) and starts[-1] < len(averages)):
        return
    if len(averages):
        if compact:
            sums = np.add.reduceat(averages, starts, dtype=np.int64)
            bad = np.flatnonzero((sums != 255) & (sums != 0))
            if len(bad):
                raise ValueError(f"{where}: damaged (averages: information set {bad[0]}'s 255ths sum to "
                                 f"{sums[bad[0]]}, not 255)")
        else:
            bad = np.flatnonzero(~(averages >= 0) | np.isinf(averages))  # NaN is not >= 0
            if len(bad):
                raise ValueError(f"{where}: damaged (averages: {float(averages[bad[0]])!r} at {bad[0]}, where a finite, "
                                 "non-negative weight belongs)")
            with np.errstate(over="ignore"):
                totals = np.add.reduceat(averages, starts)
            bad = np.flatnonzero(totals > VALUE_LIMIT)
            if len(bad):
                raise ValueError(f"{where}: damaged (averages: information set {bad[0]}'s total "
                                 f"{totals[bad[0]]:.3g} is beyond {VALUE_LIMIT:g}, VALUE_LIMIT)")
    if regrets is not None:
        bad = np.flatnonzero(~(np.abs(regrets) <= VALUE_LIMIT))  # NaN and the infinities are not <=
        if len(bad):
            raise ValueError(f"{where}: damaged (regrets: {float(regrets[bad[0]])!r} at {bad[0]}, where a finite "
                             f"regret of at most {VALUE_LIMIT:g} in size belongs)")


def trimmed(keys: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The keys without the columns of zeros that end every one (a file pads them back)."""
    import numpy as np

    used = np.flatnonzero(keys.any(axis=0))
    return keys[:, : int(used[-1]) + 1 if len(used) else 0]


def quantised(averages: npt.NDArray[np.float64], offsets: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint8]:
    """Each entry's probabilities (its averages normalised) in 255ths that sum
    to 255: floors, then one more for the largest remainders; all zero where
    the averages are (an information set whose average is still empty)."""
    import numpy as np

    n = len(averages)
    if n == 0:
        return np.zeros(0, dtype=np.uint8)
    starts = offsets.astype(np.int64)
    entry = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, n)))
    sums = np.add.reduceat(averages, starts)[entry]
    p = np.divide(averages, sums, out=np.zeros(n), where=sums > 0)
    steps = np.floor(p * 255)
    short = np.where(sums > 0, 255, 0) - np.add.reduceat(steps, starts)[entry]  # per value: its entry's shortfall
    order = np.lexsort((-(p * 255 - steps), entry))  # by entry, then the largest remainder first
    rank = np.empty(n, dtype=np.int64)
    rank[order] = np.arange(n) - starts[entry[order]]
    steps += rank < short
    out: npt.NDArray[np.uint8] = steps.astype(np.uint8)
    return out
