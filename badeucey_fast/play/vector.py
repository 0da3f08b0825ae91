"""Many tables stepped in one call: the vector environment for self-play training.

:class:`VectorEnv` holds ``num_envs`` tables of one game, each playing one
hand after another in C (``csrc/bdc_vector.c``, on the hand's state machine of
``csrc/bdc_table.c``).  One caller plays every seat: :meth:`VectorEnv.step`
takes one action per table, for the seat to act there, and returns every
table's next observation at once.

**Observations and actions** are those of the PettingZoo environment
:mod:`~badeucey_fast.env.triple_draw_v1` (the same C encoder writes both): a
float32 vector of :attr:`VectorEnv.obs_size` numbers in 0..1, parts named in
:attr:`VectorEnv.layout`, always the observation of the seat to act
(:attr:`VectorStep.seats`); actions ``0 .. n_actions - 1``: ``0`` fold, ``1``
check or call, ``2`` .. ``5`` the four raise sizes, ``6 + m`` throw the cards of
slot mask ``m`` (slot ``i``: the seat's ``i``-th lowest card id); the action
mask says which are legal.

**Auto-reset and rewards.**  A hand ends at the step whose action ends it;
that table then pays out and deals its next hand within the same step.  The
step returns, for that table, ``dones`` True, ``rewards`` the finished hand's
result of **every seat** (chips won or lost over the big blind; they sum to 0)
and ``info["payoffs"]`` the same in chips, and the observation and mask of the
seat to act in the **next** hand.  At every other table the rewards are 0 and
``dones`` False.  So a self-play trainer credits a hand's reward to each seat's
decisions in that hand: it keeps, per table, which seat acted at each step
(``seats`` before the step).

**Deals.**  Table ``i`` (counting from ``first_table``) deals from its own
xoshiro256** stream, seeded from ``(seed, first_table + i)``: each hand's
button is a uniform seat, its deck a shuffle, and its reshuffles (when the
stub runs out) have a seed of their own, all drawn from that stream.  So
what a table deals depends on the seed, its number and the actions played
there, not on how many tables are stepped together: two environments of 512
tables (``first_table`` 0 and 512) deal what one of 1,024 does.

>>> from badeucey_fast.play import VectorEnv
>>> import numpy as np
>>> env = VectorEnv("badugi", num_envs=4, seed=1)
>>> first = env.reset()
>>> first.observations.shape, first.action_masks.shape, first.rewards.shape
((4, 209), (4, 22), (4, 2))
>>> step = env.step(np.ones(4, dtype=np.int64))  # every seat to act checks or calls
>>> step.observations.dtype, step.dones.dtype
(dtype('float32'), dtype('bool'))
>>> env.step(np.zeros(4, dtype=np.int64))  # folding with nothing to call is not legal
Traceback (most recent call last):
...
ValueError: table 0: action 0 is not legal now (see the action mask)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from badeucey_fast._checks import check_count, check_int, check_seed
from badeucey_fast._native.vector import DRAW, VectorTables, fresh_seed, observation_layout
from badeucey_fast.games import Game, get_game
from badeucey_fast.play.rules import TableRules

__all__ = ["MAX_ENVS", "VectorEnv", "VectorStep"]

MAX_ENVS = 1 << 20
"""The most tables one :class:`VectorEnv` holds."""


class VectorStep(NamedTuple):
    """What :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` return, one row per table
    (fresh arrays every call: nothing returned is written again)."""

    observations: npt.NDArray[np.float32]
    """(num_envs, obs_size): the observation of the seat to act at each table."""
    action_masks: npt.NDArray[np.int8]
    """(num_envs, n_actions): 1 for each action the seat to act may take."""
    seats: npt.NDArray[np.int32]
    """(num_envs,): the seat to act, whose observation and mask these are."""
    rewards: npt.NDArray[np.float32]
    """(num_envs, n_seats): every seat's result of the hand that ended at this
    step, in big blinds; 0 where no hand ended (and after a reset)."""
    dones: npt.NDArray[np.bool_]
    """(num_envs,): whether a hand ended at this step (the table has dealt the next)."""
    info: dict[str, Any]
    """``"payoffs"``: the rewards in chips, int64 (num_envs, n_seats)."""


class VectorEnv:
    """``num_envs`` tables of triple draw stepped together (see the module docstring).

    :param game: a game name or :class:`~badeucey_fast.games.Game` (ignored when ``rules`` is given).
    :param num_envs: tables, 1 .. :data:`MAX_ENVS`.
    :param n_seats: seats at each table, 2..8 (10 for Badugi).
    :param rules: the :class:`TableRules` (default: ``TableRules(game)``, fixed limit, blinds 1/2).
    :param stacks: every seat's chips at the start of each hand: one count, or one per seat.
    :param seed: the seed of the first :meth:`reset` that is given none (None: fresh randomness).
    :param first_table: the number of the first table (its deal stream; see the module docstring).
    :raises TypeError: for ``rules`` that are not a :class:`TableRules`, a game of
        the wrong type, or a count, stack or seed that is not an integer.
    :raises ValueError: for ``num_envs`` below 1 or above :data:`MAX_ENVS`, a seat
        count the game does not allow, a bad stack or seed.

    One call at a time: a step runs in C without the GIL, over tables that two
    steps at once would both change, so a call (:meth:`reset`, :meth:`step`,
    :meth:`deal`, :attr:`hands`) while another thread's runs raises RuntimeError
    and changes nothing (docs/playing.rst, "Threads").
    """

    def __init__(
        self,
        game: str | Game = "badeucey",
        num_envs: int = 1,
        *,
        n_seats: int = 2,
        rules: TableRules | None = None,
        stacks: int | Sequence[int] = 200,
        seed: int | None = None,
        first_table: int = 0,
    ) -> None:
        from badeucey_fast._native.table import MAX_CHIPS

        if rules is None:
            if not isinstance(game, (str, Game)):
                raise TypeError(f"game must be a game name or a Game, not {type(game).__name__}")
            rules = TableRules(game)
        elif not isinstance(rules, TableRules):
            raise TypeError(f"rules must be a TableRules, not {type(rules).__name__}")
        self.rules = rules
        self.game: Game = get_game(rules.game)
        self.num_envs = check_count(num_envs, "num_envs", high=MAX_ENVS, limit_name="MAX_ENVS")
        self.n_seats = check_int(n_seats, "n_seats", low=2, high=rules.max_seats)
        if isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
            seat_stacks = tuple(check_int(s, "stacks", low=1, high=MAX_CHIPS) for s in stacks)
            if len(seat_stacks) != self.n_seats:
                raise ValueError(f"stacks: {len(seat_stacks)} stacks for {self.n_seats} seats")
        else:
            seat_stacks = (check_int(stacks, "stacks", low=1, high=MAX_CHIPS),) * self.n_seats
        self.stacks = seat_stacks
        self._seed = check_seed(seed)
        self.first_table = check_int(first_table, "first_table", low=0, high=2**64 - 1)
        self._tables = VectorTables(rules, seat_stacks, self.num_envs)
        self.obs_size: int = self._tables.obs_size
        """Numbers in an observation."""
        self.n_actions: int = self._tables.n_actions
        """Actions: ``6 + 2**cards``."""
        self.layout: dict[str, slice] = observation_layout(self.n_seats, self.game.hand_size)
        """The observation's parts: name -> slice (see :mod:`~badeucey_fast.env.triple_draw_v1`)."""
        self._started = False

    def reset(self, seed: int | None = None) -> VectorStep:
        """Deal a new hand at every table (hands in play are dropped).

        :param seed: seeds every table's deal stream; None: the constructor's
            seed at the first reset (fresh randomness if it had none), and
            afterwards each table goes on with its own stream.
        :raises TypeError: for a seed that is not an integer.
        :raises ValueError: for a seed outside ``0 .. 2**64 - 1``.
        """
        checked = check_seed(seed)
        if checked is None and not self._started:
            checked = fresh_seed() if self._seed is None else self._seed
        arrays = self._tables.reset(checked, self.first_table)
        self._started = True
        return self._result(arrays)

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """The seat to act at each table takes its action; tables whose hand
        ends deal the next (see the module docstring).

        :param actions: integers, shape ``(num_envs,)``.
        :raises TypeError: for actions that are not integers (a float or bool array).
        :raises ValueError: for the wrong shape, a step before :meth:`reset`, or
            an action that is not legal now at some table: the message names
            the first such table and its action, and no table moves.
        """
        if not self._started:
            raise ValueError("step before reset(): no hands are dealt")
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, got an array of {array.dtype}")
        if array.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), one per table, got {array.shape}")
        # an unsigned action beyond int64 becomes a negative one, never legal, and is named as given
        return self._result(self._tables.step(np.ascontiguousarray(array.astype(np.int64, casting="unsafe")), array))

    def _result(self, arrays: tuple[Any, ...]) -> VectorStep:
        obs, masks, seats, rewards, payoffs, dones = arrays
        return VectorStep(obs, masks, seats, rewards, dones, {"payoffs": payoffs})

    def deal(self, table: int) -> tuple[int, tuple[int, ...], int]:
        """The hand in play at ``table``: its button, its deck (card ids in the
        order dealt: one card at a time clockwise from left of the button, then
        the draws) and the seed of its reshuffles, to replay it elsewhere.

        :raises ValueError: for a table out of range, or before :meth:`reset`.
        """
        index = check_int(table, "table", low=0, high=self.num_envs - 1)
        if not self._started:
            raise ValueError("no hands before reset()")
        return self._tables.deal(index)

    @property
    def hands(self) -> npt.NDArray[np.uint64]:
        """Hands dealt at each table since the last seeded reset, the hand in play included."""
        return self._tables.hands()

    def discard_action(self, slots_thrown: Sequence[int]) -> int:
        """The action that throws the cards in these slots (``i``: the ``i``-th lowest card id).

        >>> from badeucey_fast.play import VectorEnv
        >>> VectorEnv("badugi").discard_action([0, 2])
        11
        """
        mask = 0
        for slot in slots_thrown:
            mask |= 1 << check_int(slot, "a slot", low=0, high=self.game.hand_size - 1)
        return DRAW + mask

    def __repr__(self) -> str:
        return f"VectorEnv({self.game.name!r}, num_envs={self.num_envs}, n_seats={self.n_seats})"
