"""Triple draw as a PettingZoo AEC environment, version 1: an observation laid out for learning.

One episode is one hand; agents ``player_0`` .. ``player_{n-1}`` sit in seats
0..n-1 and the button is drawn from the reset's seed, as in
:mod:`~badeucey_fast.env.triple_draw_v0`.  What changes from v0:

- the own cards are **slots in the order of the discard bits**: slot ``i``
  is the ``i``-th lowest card id, and discard bit ``i`` throws the card in
  slot ``i``; each slot is its rank and its suit one-hot, and whether another
  slot shares that rank or that suit;
- every seat's draws say "not drawn" apart from "stood pat";
- this betting round's count of bets and raises, the raises left before the
  cap, the last aggressor of this round and of the round before;
- money is divided by the chips at the table (every seat's starting stack
  together), so every number of the observation is in 0..1;
- in pot and no limit four raise sizes: the minimum, half the pot, the pot
  and the maximum (all in, or the pot in pot limit); sizes that come to the
  same amount as a smaller-numbered one are masked, so each legal action is
  a different amount;
- ``render_mode`` ``"human"`` (prints the table) and ``"ansi"`` (returns it).

**Actions**, ``Discrete(6 + 2**cards)`` (38 for five-card games, 22 for Badugi):

====================  ======================================================
``0`` ``FOLD``        fold (only when facing a bet)
``1`` ``CALL``        check or call
``2`` ``RAISE_MIN``   bet or raise to the smallest amount (fixed limit: the
                      one amount; the only raise action fixed limit uses)
``3`` ``RAISE_HALF``  bet or raise by half the pot: to the bet to match plus
                      half of the pot once called (within the legal range)
``4`` ``RAISE_POT``   bet or raise by the pot: to the bet to match plus the
                      pot once called (within the legal range)
``5`` ``RAISE_MAX``   bet or raise to the largest amount (all in in no limit)
``6 + m`` ``DRAW``    in a draw, throw the cards in the slots of bit mask
                      ``m`` (bit ``i``: slot ``i``); ``m = 0`` stands pat
====================  ======================================================

**Observations**, a dict: ``action_mask`` (``int8``, 1 for each legal action;
all 0 when the agent is not to act) and ``observation``, a ``float32`` vector
in 0..1 whose parts are named in :attr:`raw_env.layout` (name -> slice), in
this order, for ``n`` players and ``k`` cards a hand:

==================  =========  =================================================
part                size       content
==================  =========  =================================================
``cards``           ``19k``    slot ``i`` (the ``i``-th lowest card id, thrown by
                               discard bit ``i``) at ``19i``: rank one-hot (13:
                               deuce .. ace), suit one-hot (4: c, d, h, s),
                               another slot has this rank, another slot has this
                               suit; all 0 once the seat has folded
``thrown``          52         own cards thrown in this hand's draws, one-hot by
                               card id (``2c`` = 0 .. ``As`` = 51): dead to it
``phase``           8          one-hot: bet 0, draw 1, bet 1, draw 2, bet 2,
                               draw 3, bet 3, over
``position``        ``n``      one-hot: the observer's place from the button (0
                               the first seat left of it, ``n - 1`` the button)
``raises``          5          this betting round's bets and raises so far,
                               one-hot 0, 1, 2, 3, 4 or more (the blinds are not
                               counted; all 0 outside a betting round)
``raises_left``     6          bets and raises left before the cap, one-hot 0, 1,
                               2, 3, 4 or more, uncapped; all 0 outside a
                               betting round
``money``           5          the pot (this round's bets included), the amount
                               the observer must add to call, its smallest and
                               largest raise-to (0 when it may not raise), all
                               over the chips at the table; and the call's share
                               of the pot after it (0 with nothing to call)
``to_act``          1          whether the observer is to act
``seats``           ``n*s``    per seat, the observer first, then clockwise,
                               ``s = 9 + 3 * (k + 2)`` numbers: stack, bet this
                               round, chips in this hand (the three over the
                               chips at the table), folded, all in, on the
                               button, to act, last aggressor of this betting
                               round, last aggressor of the betting round before
                               (in a draw: of the round just played); then for
                               draws 1, 2 and 3 a one-hot of ``k + 2``: not
                               drawn (yet, or not in it), stood pat, drew 1 ..
                               ``k``
==================  =========  =================================================

The *last aggressor* is the seat that made the last bet or raise in that
round (an all-in raise short of a full one counts); no seat is flagged when
nobody bet.

**Rewards**: each agent's chip result for the hand in big blinds, given when
the hand ends (every agent then terminates); 0 before.

:class:`~badeucey_fast.env.SingleAgentEnv` plays one seat of this
environment against bots as a Gymnasium environment.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from badeucey_fast import format_cards
from badeucey_fast._native import check_int
from badeucey_fast._native.vector import SEAT_FLAGS, encode_table, new_record
from badeucey_fast._native.vector import SLOT_SIZE as _SLOT_SIZE
from badeucey_fast._native.vector import observation_layout as _observation_layout
from badeucey_fast._runs import check_seed
from badeucey_fast.engine import Hand, TableRules
from badeucey_fast.games import Game, get_game

FOLD, CALL, RAISE_MIN, RAISE_HALF, RAISE_POT, RAISE_MAX, DRAW = range(7)
"""Action numbers: fold, check/call, the four raise sizes; discards start at DRAW."""
RAISES = (RAISE_MIN, RAISE_HALF, RAISE_POT, RAISE_MAX)
"""The raise actions, smallest size first."""

SLOT_SIZE: int = _SLOT_SIZE
"""Numbers per card slot: rank one-hot (13), suit one-hot (4), rank shared, suit shared."""
_DRAWS = 3


_Encoded = tuple[np.ndarray[Any, np.dtype[np.float32]] | None, np.ndarray[Any, np.dtype[np.int8]], tuple[int | None, ...]]
"""What the encoder gives: the observation (None when left out), the action mask, the raise sizes."""


def observation_layout(num_players: int, hand_size: int) -> dict[str, slice]:
    """The observation's parts (name -> slice), in order, for ``num_players``
    seats and ``hand_size`` cards a hand (see the module docstring): the
    layout of the C encoder, which writes this environment's observations
    and :class:`~badeucey_fast.play.VectorEnv`'s.

    >>> from badeucey_fast.env.triple_draw_v1 import observation_layout
    >>> layout = observation_layout(2, 5)
    >>> layout["cards"], layout["seats"].stop
    (slice(0, 95, None), 234)
    """
    return _observation_layout(num_players, hand_size)


def seat_size(hand_size: int) -> int:
    """Numbers per seat in the observation's ``seats`` part: 9 flags and amounts,
    then a one-hot of ``hand_size + 2`` for each of the three draws."""
    return SEAT_FLAGS + _DRAWS * (hand_size + 2)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order and bounds checks; arguments as :class:`raw_env`."""
    out: Any = raw_env(**kwargs)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class raw_env(AECEnv):  # type: ignore[misc]
    """Triple draw, one hand an episode, version 1 (see the module docstring).

    :param game: a game name or :class:`~badeucey_fast.games.Game` (ignored when ``rules`` is given).
    :param num_players: 2..8 (10 for Badugi).
    :param render_mode: None, ``"human"`` (:meth:`render` prints the table) or
        ``"ansi"`` (:meth:`render` returns it as text).
    :param structure: ``"fixed"``, ``"pot"`` or ``"no"``.
    :param stacks: every seat's chips at the start of a hand.
    :param rules: the whole :class:`~badeucey_fast.engine.TableRules` instead.
    :raises TypeError: for ``rules`` that are not a :class:`~badeucey_fast.engine.TableRules`.
    :raises ValueError: for a bad player count, stack, render mode, game or structure.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "triple_draw_v1",
                                          "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game = "badeucey",
        num_players: int = 2,
        render_mode: str | None = None,
        *,
        structure: str = "fixed",
        stacks: int = 200,
        rules: TableRules | None = None,
    ) -> None:
        super().__init__()
        self.rules = TableRules(game, structure=structure) if rules is None else rules
        if not isinstance(self.rules, TableRules):
            raise TypeError(f"rules must be a TableRules, not {type(self.rules).__name__}")
        self.game = get_game(self.rules.game)
        if isinstance(num_players, bool) or not isinstance(num_players, int) or not (
                2 <= num_players <= self.rules.max_seats):
            raise ValueError(f"{self.game.name}: num_players must be 2..{self.rules.max_seats}, got {num_players!r}")
        if isinstance(stacks, bool) or not isinstance(stacks, int) or stacks < 1:
            raise ValueError(f"stacks must be a whole number of at least 1, got {stacks!r}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.num_players, self.stacks = num_players, stacks
        self.hand_size = self.game.hand_size
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.n_actions = DRAW + 2 ** self.hand_size
        self.layout = observation_layout(num_players, self.hand_size)
        """The observation's parts: name -> slice (see the module docstring)."""
        self.obs_size = self.layout["seats"].stop
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.hand: Hand | None = None
        self._moves = 0  # actions applied to hands so far: with the hand, what the encoder's last result is of
        self._encoded: tuple[Hand, int, int, _Encoded] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand.

        :param seed: None (go on from the last seed's stream, or fresh
            randomness), or an integer in ``0 .. 2**64 - 1`` (numpy integers
            too), the package's rule for seeds.
        :raises TypeError: for a seed that is not an integer.
        :raises ValueError: for a seed outside ``0 .. 2**64 - 1``.
        """
        if seed is not None:
            self._rng = random.Random(check_seed(seed))
        n = self.num_players
        self.hand = Hand(self.rules, [self.stacks] * n, button=self._rng.randrange(n), seed=self._rng.getrandbits(63))
        self._chips = n * self.stacks
        self.thrown: list[list[int]] = [[] for _ in range(n)]
        self._record = new_record()  # what the observation shows beside the table: thrown, raises, draws
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_action(self.agents[0])

    def _after_action(self, last: str) -> None:
        hand = self.hand
        assert hand is not None
        if hand.to_act is None:
            payoffs = hand.payoffs
            assert payoffs is not None
            for agent, chips in zip(self.possible_agents, payoffs, strict=True):
                self.rewards[agent] = chips / self.rules.big_blind
                self.terminations[agent] = True
            self.agent_selection = last
        else:
            self.agent_selection = self.possible_agents[hand.to_act]

    # ---- actions ----------------------------------------------------------

    def raise_sizes(self) -> tuple[int | None, ...]:
        """The raise-to amount of each of ``RAISE_MIN`` .. ``RAISE_MAX`` for the
        seat to act, None where that action is masked: no raise is allowed, or
        the size comes to the amount of a smaller-numbered raise action."""
        hand = self.hand
        if hand is None or hand.to_act is None:
            return (None,) * len(RAISES)
        return self._encode(hand.to_act, observation=False)[2]

    def legal_mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``seat`` (all 0 unless it is to act)."""
        hand = self.hand
        if hand is None or hand.to_act != seat:
            return np.zeros(self.n_actions, dtype=np.int8)
        return self._encode(seat, observation=False)[1]

    def _encode(self, seat: int, *, observation: bool = True) -> _Encoded:
        """``seat``'s observation (unless ``observation`` is False), its action
        mask and the raise-to amounts of ``RAISES`` (None where masked), by the
        C encoder (the one writer of the layout, shared with the vector environment)."""
        hand = self.hand
        assert hand is not None
        cached = self._encoded
        if not observation and cached is not None and cached[0] is hand and cached[1] == self._moves and cached[2] == seat:
            return cached[3]  # the mask and sizes of the observation just made
        hand._enter()  # (the hand's table read as one call of the hand)
        try:
            out = encode_table(hand._table, seat, self._record, obs_size=self.obs_size, n_actions=self.n_actions,
                               observation=observation)
        finally:
            hand._leave()
        self._encoded = (hand, self._moves, seat, out)
        return out

    def slots(self, seat: int) -> tuple[int, ...]:
        """``seat``'s cards in slot order (card ids, lowest first): discard bit
        ``i`` throws ``slots(seat)[i]``."""
        hand = self.hand
        if hand is None:
            raise ValueError("no hand before reset()")
        return tuple(sorted(hand.cards(seat)))

    def action_to_text(self, action: int, agent: str | None = None) -> str:
        """The PHH words of ``action`` for ``agent`` (default: the one to act):
        ``"f"``, ``"cc"``, ``"cbr N"`` with the amount, ``"sd"`` and the cards thrown.

        :raises TypeError: for an action that is not an integer.
        :raises ValueError: for an action out of range, or a raise action that is masked now.
        """
        hand = self.hand
        if hand is None:
            raise ValueError("no hand before reset()")
        a = check_int(action, "an action", expected=f"an integer 0..{self.n_actions - 1}")
        if not 0 <= a < self.n_actions:
            raise ValueError(f"action {action!r} is out of range 0..{self.n_actions - 1}")
        if a >= DRAW:
            seat = self.possible_agents.index(agent or self.agent_selection)
            thrown = [c for i, c in enumerate(self.slots(seat)) if (a - DRAW) >> i & 1]
            return f"sd {format_cards(thrown)}" if thrown else "sd"
        if a in RAISES:
            amount = self.raise_sizes()[a - RAISE_MIN]
            if amount is None:
                raise ValueError(f"raise action {a} is masked now: no raise of that size")
            return f"cbr {amount}"
        return ("f", "cc")[a]

    def step(self, action: Any) -> None:
        """Take ``action`` for the agent selected; a done agent (terminated) is
        stepped with None, PettingZoo's rule, which removes it from ``agents``.

        :raises TypeError: for an action that is not an integer (numpy integers
            are; a bool, a float or text is not), or None for an agent to act.
        :raises ValueError: for an action the mask does not allow, an action
            other than None for a done agent, or a step before :meth:`reset` or
            after every agent is done.
        """
        self._live_hand()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if action is None:
            raise TypeError(f"{agent} is to act: None only steps an agent that is done")
        a = check_int(action, f"{agent}: an action", expected=f"an integer 0..{self.n_actions - 1}")
        _, mask, sizes = self._encode(seat, observation=False)
        if not 0 <= a < self.n_actions or not mask[a]:
            raise ValueError(f"{agent}: action {action!r} is not legal now (see the action mask)")
        hand = self.hand
        assert hand is not None
        if a < DRAW:  # the action says whether it bets or raises: a raise-to is above a call
            if a == FOLD:
                self._apply(agent, seat, Hand.fold, raised=False)
            elif a == CALL:
                self._apply(agent, seat, Hand.check_call, raised=False)
            else:
                amount = sizes[a - RAISE_MIN]
                assert amount is not None
                self._apply(agent, seat, lambda h: h.bet_raise(amount), raised=True)
        else:
            held = hand.cards(seat)
            chosen = {c for i, c in enumerate(sorted(held)) if (a - DRAW) >> i & 1}
            thrown = [c for c in held if c in chosen]
            self._apply(agent, seat, lambda h: h.discard(thrown), thrown=thrown)

    def step_text(self, text: str) -> None:
        """Take the action of the agent to act written in PHH words (``"f"``,
        ``"cc"``, ``"cbr 8"``, ``"sd 7s Kd"``), as a
        :class:`~badeucey_fast.bots.Bot` returns it: any legal amount, not only
        the four raise sizes.

        :raises TypeError: for text that is not a string.
        :raises ValueError: for an illegal action, text that is not an action,
            or a step before :meth:`reset`, or when the agent selected is done.
        """
        self._live_hand()
        if not isinstance(text, str):
            raise TypeError(f"an action in PHH words is a string such as 'cc', not {type(text).__name__}")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise ValueError(f"{agent} is done: step it with None")
        self._apply(agent, self.possible_agents.index(agent), lambda h: h.act(text))

    def _live_hand(self) -> Hand:
        hand = self.hand
        if hand is None:
            raise ValueError("step before reset(): there is no hand")
        if not self.agents:
            raise ValueError("the hand is over and every agent is done: call reset() for the next")
        return hand

    def _apply(self, agent: str, seat: int, move: Callable[[Hand], None], *, raised: bool | None = None,
               thrown: list[int] | None = None) -> None:
        """Make ``move`` on the hand for ``agent`` at ``seat`` and keep the betting
        and draw records the observation shows.  A bet or raise is what lifts the
        seat's bet above what a call would make it (a raise never ends a betting
        round); a move of :meth:`step` says so (``raised``), or which cards it
        throws (``thrown``), and a move in words is read from the hand."""
        hand = self.hand
        assert hand is not None
        phase, rnd = hand.phase, hand.round
        known = raised is not None or thrown is not None
        if not known:
            facing = hand.bets[seat] + hand.legal().to_call if phase == "bet" else 0
            held = hand.cards(seat)
        move(hand)  # raises before changing anything when the action is illegal
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        record = self._record
        if phase == "bet":
            if raised if known else hand.phase == "bet" and hand.round == rnd and hand.bets[seat] > facing:
                record.raises[rnd] += 1
                record.aggressor[rnd] = seat
        else:
            if thrown is None:
                now = hand.cards(seat)
                thrown = [c for c in held if c not in now]
            self.thrown[seat].extend(thrown)
            bits = 0
            for c in thrown:
                bits |= 1 << c
            record.thrown[seat] |= bits
            record.drew[rnd - 1][seat] = len(thrown)  # as many dealt as thrown
        self._after_action(agent)
        self._accumulate_rewards()

    # ---- observations -----------------------------------------------------

    def observe(self, agent: str) -> dict[str, Any]:
        obs, mask, _ = self._encode(self.possible_agents.index(agent))
        return {"observation": obs, "action_mask": mask}

    # ---- rendering --------------------------------------------------------

    def table_text(self) -> str:
        """The table as text, every seat's cards shown: what :meth:`render` shows."""
        hand = self.hand
        if hand is None:
            return "(no hand: call reset)"
        lines = [f"{self.game.name} {self.rules.structure} limit, {hand.phase} {hand.round}, pot {hand.pot}"]
        for s, agent in enumerate(self.possible_agents):
            drew = "/".join("-" if c[s] is None else str(c[s]) for c in hand.draws) or "-"
            flags = ("D" if s == hand.button else " ") + (">" if hand.to_act == s else " ")
            state = " folded" if hand.folded[s] else (" all in" if hand.all_in[s] else "")
            lines.append(f"{flags} {agent}: stack {hand.stacks[s]:>5} bet {hand.bets[s]:>4} drew {drew:<6} "
                         f"{format_cards(self.slots(s))}{state}")
        if hand.payoffs is not None:
            lines.append("result: " + ", ".join(f"{a} {p:+d}" for a, p in zip(self.possible_agents, hand.payoffs)))
        return "\n".join(lines)

    def render(self) -> str | None:
        """``"ansi"``: the table as text; ``"human"``: print it (returns None);
        None: nothing."""
        if self.render_mode == "ansi":
            return self.table_text()
        if self.render_mode == "human":
            print(self.table_text(), file=sys.stdout)
        return None

    def close(self) -> None:
        """Nothing to release."""
