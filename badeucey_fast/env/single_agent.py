"""One seat of :mod:`~badeucey_fast.env.triple_draw_v1` against bots, as a Gymnasium environment.

The learner sits in seat ``seat``; every other seat is played by a bot (any
object with ``act(view) -> str``, the :class:`~badeucey_fast.bots.Bot`
protocol).  One episode is one hand: :meth:`SingleAgentEnv.reset` deals and
lets the bots act until the learner is to act; :meth:`SingleAgentEnv.step`
takes the learner's action and lets the bots act again, until the learner is
to act or the hand is over.

- **Observations** are triple_draw_v1's dict: ``"observation"`` (the ``float32``
  vector in 0..1 of :func:`~badeucey_fast.env.triple_draw_v1.observation_layout`)
  and ``"action_mask"`` (``int8``, 1 for each legal action).  The mask is also
  in ``info["action_mask"]`` and from :meth:`SingleAgentEnv.action_masks` (the
  name maskable learners look for).
- **Actions** are triple_draw_v1's: ``Discrete(6 + 2**cards)``.
- **Reward**: the learner's chip result for the hand in big blinds, when the
  hand ends (``terminated``); 0 before.  The last step's ``info["payoffs"]``
  holds every seat's result in big blinds (they sum to 0).
- **Hands the learner never acts in** (everyone folds to its big blind, say)
  are played out during :meth:`reset`, which deals again until the learner has
  a decision; their results, in big blinds, are in the reset's
  ``info["skipped_rewards"]``, so that a sum over episodes can count every
  chip.

A bot's ``reset(seed)``, when it has one, is called at every seeded reset with
a seed drawn from the reset's seed, so that a seed replays the same hands.

>>> from badeucey_fast.bots import CallingBot
>>> from badeucey_fast.env import SingleAgentEnv
>>> env = SingleAgentEnv([CallingBot()], game="badugi")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, int(info["action_mask"].sum()) > 0
((209,), True)
>>> SingleAgentEnv([object()])
Traceback (most recent call last):
...
TypeError: opponents[0] is not a bot (no act(view) method): object
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from badeucey_fast._native import check_int
from badeucey_fast._runs import check_seed
from badeucey_fast.bots import Bot, IllegalActionError
from badeucey_fast.engine import Hand, TableRules
from badeucey_fast.env.triple_draw_v1 import raw_env
from badeucey_fast.games import Game

_MAX_DEALS = 10_000
"""Hands a reset deals at most while looking for one in which the learner acts: a guard
against bots that always fold to it, which would otherwise deal for ever."""


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):
    """The learner's seat of triple_draw_v1 against ``opponents`` (see the module docstring).

    :param opponents: one bot for every other seat, clockwise from the
        learner's left (``len(opponents) + 1`` players).
    :param game: a game name or :class:`~badeucey_fast.games.Game` (ignored when ``rules`` is given).
    :param seat: the learner's seat, ``0 .. len(opponents)``.
    :param structure: ``"fixed"``, ``"pot"`` or ``"no"``.
    :param stacks: every seat's chips at the start of a hand.
    :param rules: the whole :class:`~badeucey_fast.engine.TableRules` instead.
    :param render_mode: None, ``"human"`` or ``"ansi"``, as in triple_draw_v1.
    :raises TypeError: for an opponent without ``act``, or opponents that are not a sequence.
    :raises ValueError: for a bad seat, player count, stack, render mode or rules.
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        opponents: Sequence[Bot],
        game: str | Game = "badeucey",
        *,
        seat: int = 0,
        structure: str = "fixed",
        stacks: int = 200,
        rules: TableRules | None = None,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise TypeError(f"opponents must be a sequence of bots, not {type(opponents).__name__}")
        if not opponents:
            raise ValueError("opponents must hold at least one bot")
        for i, bot in enumerate(opponents):
            if not callable(getattr(bot, "act", None)):
                raise TypeError(f"opponents[{i}] is not a bot (no act(view) method): {type(bot).__name__}")
        n = len(opponents) + 1
        self.table = raw_env(game, n, render_mode, structure=structure, stacks=stacks, rules=rules)
        """The underlying :class:`~badeucey_fast.env.triple_draw_v1.raw_env` (its ``hand`` is the hand played)."""
        self.seat = check_int(seat, "seat", expected=f"a seat number 0..{n - 1}")
        if not 0 <= self.seat < n:
            raise ValueError(f"seat must be 0..{n - 1} for {n} players, got {seat!r}")
        self.opponents = tuple(opponents)
        self._bots: dict[int, Bot] = {(self.seat + 1 + i) % n: bot for i, bot in enumerate(self.opponents)}
        self.agent = self.table.possible_agents[self.seat]
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._done = True
        self._dealt = False

    @property
    def hand(self) -> Hand | None:
        """The hand being played (None before the first reset)."""
        return self.table.hand

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal the next hand in which the learner acts.

        :param seed: None (go on from the last seed's stream, or fresh randomness)
            or an integer in ``0 .. 2**64 - 1``: the same seed plays the same hands
            (with bots whose randomness comes from ``reset(seed)``).
        :return: the learner's observation and ``info`` with ``"action_mask"`` and
            ``"skipped_rewards"`` (the learner's results of hands dealt and over
            before it could act, in big blinds; usually empty).
        :raises TypeError: for a seed that is not an integer.
        :raises ValueError: for a seed outside ``0 .. 2**64 - 1``.
        """
        seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            for i, bot in enumerate(self.opponents):
                reset = getattr(bot, "reset", None)
                if callable(reset):
                    reset(int(np.random.SeedSequence(seed, spawn_key=(i,)).generate_state(2, np.uint64)[0]))
        skipped: list[float] = []
        for deal in range(_MAX_DEALS):
            self.table.reset(seed=seed if deal == 0 else None)
            self._play_bots()
            hand = self.table.hand
            assert hand is not None
            if hand.to_act == self.seat:
                break
            skipped.append(self.table.rewards[self.agent])
        else:
            raise RuntimeError(f"no hand in {_MAX_DEALS} deals reached the learner: do the opponents always fold to it?")
        self._done, self._dealt = False, True
        obs = self.table.observe(self.agent)
        return obs, {"action_mask": obs["action_mask"], "skipped_rewards": tuple(skipped)}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Take the learner's action, then the bots' until the learner is to act or the hand is over.

        :return: observation, reward (the learner's result in big blinds when the
            hand ends, else 0), terminated (the hand is over), truncated (never),
            info (``"action_mask"``; at the end also ``"payoffs"``, every seat's
            result in big blinds).
        :raises TypeError: for an action that is not an integer.
        :raises ValueError: for an action the mask does not allow, or a step
            before :meth:`reset` or after the hand is over.
        :raises ~badeucey_fast.bots.IllegalActionError: when a bot plays an illegal action.
        """
        if not self._dealt:
            raise ValueError("step before reset(): there is no hand")
        if self._done:
            raise ValueError("the hand is over: call reset() for the next")
        self.table.step(action)
        self._play_bots()
        obs = self.table.observe(self.agent)
        info: dict[str, Any] = {"action_mask": obs["action_mask"]}
        hand = self.table.hand
        assert hand is not None
        if hand.to_act is not None:
            return obs, 0.0, False, False, info
        self._done = True
        info["payoffs"] = tuple(self.table.rewards[a] for a in self.table.possible_agents)
        return obs, float(self.table.rewards[self.agent]), True, False, info

    def _play_bots(self) -> None:
        """Let the bots act until the learner is to act or the hand is over."""
        table = self.table
        hand = table.hand
        assert hand is not None
        while hand.to_act is not None and hand.to_act != self.seat:
            seat = hand.to_act
            bot = self._bots[seat]
            text = bot.act(hand.view(seat))
            try:
                table.step_text(text)
            except (TypeError, ValueError) as exc:
                raise IllegalActionError(f"{bot!r} in seat {seat} played an illegal action {text!r}: {exc}") from None

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's action mask now (all 0 when the hand is over)."""
        return self.table.legal_mask(self.seat)

    def render(self) -> str | None:
        """As triple_draw_v1's :meth:`~badeucey_fast.env.triple_draw_v1.raw_env.render`."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""
