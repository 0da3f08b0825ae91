"""Triple draw as a PettingZoo AEC environment: every game, 2..8 players (10 in Badugi).

One episode is one hand.  Agents ``player_0`` .. ``player_{n-1}`` sit in
seats 0..n-1; the button is drawn from the reset's seed.  Every hand starts
from ``stacks`` chips a seat (default 200, 100 big blinds at blinds 1/2).

**Actions**, ``Discrete(3 + 2**cards)`` (35 for five-card games, 19 for Badugi):

- ``0`` fold (only when facing a bet), ``1`` check or call, ``2`` bet or raise
  (fixed limit: the one amount; pot and no limit: the minimum bet or raise);
- ``3 + m`` in a draw: throw the cards of bit mask ``m`` over the hand sorted
  by card id (bit ``j`` is the ``j``-th lowest card; ``m = 0`` stands pat).

**Observations**, a dict: ``action_mask`` (``int8``, 1 for each legal action;
all 0 when the agent is not to act) and ``observation``, a ``float32`` vector of
``116 + 8 * n`` numbers, money in big blinds:

====================  ======================================================
``[0:52]``            own cards, one-hot by card id (``2c`` = 0 .. ``As`` = 51)
``[52:104]``          own cards thrown in this hand's draws, one-hot
``[104:112]``         the phase, one-hot: bet 0, draw 1, bet 1, draw 2,
                      bet 2, draw 3, bet 3, over
``[112:112 + 8n]``    per seat, the observer first then clockwise: stack,
                      bet this round, folded, all in, on the button, cards
                      drawn in draws 1, 2 and 3 (0 before a draw or if not in it)
``[112 + 8n]``        the pot (this round's bets included)
``[113 + 8n]``        the amount the observer must add to call
``[114 + 8n]``        the smallest bet or raise-to now (0 if none is allowed)
``[115 + 8n]``        whether the observer is to act
====================  ======================================================

**Rewards**: each agent's chip result for the hand in big blinds, given when
the hand ends (every agent then terminates); 0 before.

``render_mode="ansi"``: :meth:`raw_env.render` returns the table as text.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from badeucey_fast._native import check_int
from badeucey_fast.cards import NAME_OF
from badeucey_fast._runs import check_seed
from badeucey_fast.engine import Hand, TableRules
from badeucey_fast.games import Game, get_game

FOLD, CALL, RAISE, DRAW = 0, 1, 2, 3
"""Action numbers: fold, check/call, bet/raise; discards start at DRAW."""

_PHASE_INDEX = {("bet", 0): 0, ("draw", 1): 1, ("bet", 1): 2, ("draw", 2): 3, ("bet", 2): 4, ("draw", 3): 5,
                ("bet", 3): 6}


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order and bounds checks; arguments as :class:`raw_env`."""
    out: Any = raw_env(**kwargs)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


class raw_env(AECEnv):  # type: ignore[misc]
    """Triple draw, one hand an episode (see the module docstring).

    :param game: a game name or :class:`~badeucey_fast.games.Game` (ignored when ``rules`` is given).
    :param num_players: 2..8 (10 for Badugi).
    :param render_mode: None or ``"ansi"``.
    :param structure: ``"fixed"``, ``"pot"`` or ``"no"``.
    :param stacks: every seat's chips at the start of a hand.
    :param rules: the whole :class:`~badeucey_fast.engine.TableRules` instead.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "triple_draw_v0", "is_parallelizable": False}

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
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.num_players, self.stacks = num_players, stacks
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.n_actions = DRAW + 2 ** self.game.hand_size
        self.obs_size = 116 + 8 * num_players
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, np.inf, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.hand: Hand | None = None

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
        self.thrown: list[list[int]] = [[] for _ in range(n)]
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

    def legal_mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``seat`` (all 0 unless it is to act)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        hand = self.hand
        if hand is None or hand.to_act != seat:
            return mask
        legal = hand.legal()
        if legal.phase == "draw":
            mask[DRAW:] = 1
        else:
            mask[FOLD] = legal.can_fold
            mask[CALL] = 1
            mask[RAISE] = legal.can_raise
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        hand = self.hand
        assert hand is not None
        seat = self.possible_agents.index(agent)
        n, bb = self.num_players, self.rules.big_blind
        obs = np.zeros(self.obs_size, dtype=np.float32)
        obs[list(hand.cards(seat))] = 1
        obs[[52 + c for c in self.thrown[seat]]] = 1
        obs[104 + _PHASE_INDEX.get((hand.phase, hand.round), 7)] = 1
        stacks, bets, folded, all_in, draws = hand.stacks, hand.bets, hand.folded, hand.all_in, hand.draws
        for k in range(n):
            s = (seat + k) % n
            base = 112 + 8 * k
            obs[base:base + 5] = (stacks[s] / bb, bets[s] / bb, folded[s], all_in[s], s == hand.button)
            for d, counts in enumerate(draws):
                obs[base + 5 + d] = counts[s] or 0
        tail = 112 + 8 * n
        obs[tail] = hand.pot / bb
        if hand.to_act == seat and hand.phase == "bet":
            legal = hand.legal()
            obs[tail + 1] = legal.to_call / bb
            obs[tail + 2] = (legal.min_raise_to or 0) / bb
        obs[tail + 3] = hand.to_act == seat
        return {"observation": obs, "action_mask": self.legal_mask(seat)}

    def step(self, action: Any) -> None:
        """Take ``action`` for the agent selected; a done agent (terminated) is
        stepped with None, PettingZoo's rule, which removes it from ``agents``.

        :raises TypeError: for an action that is not an integer (numpy integers
            are; a bool, a float or text is not), or None for an agent to act.
        :raises ValueError: for an action the mask does not allow, an action
            other than None for a done agent, or a step before :meth:`reset` or
            after every agent is done.
        """
        hand = self.hand
        if hand is None:
            raise ValueError("step before reset(): there is no hand")
        if not self.agents:
            raise ValueError("the hand is over and every agent is done: call reset() for the next")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if action is None:
            raise TypeError(f"{agent} is to act: None only steps an agent that is done")
        a = check_int(action, f"{agent}: an action", expected=f"an integer 0..{self.n_actions - 1}")
        if not 0 <= a < self.n_actions or not self.legal_mask(seat)[a]:
            raise ValueError(f"{agent}: action {action!r} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if a == FOLD:
            hand.fold()
        elif a == CALL:
            hand.check_call()
        elif a == RAISE:
            hand.bet_raise(hand.legal().min_raise_to)
        else:
            cards = sorted(hand.cards(seat))
            thrown = [c for j, c in enumerate(cards) if (a - DRAW) >> j & 1]
            hand.discard(thrown)
            self.thrown[seat].extend(thrown)
        self._after_action(agent)
        self._accumulate_rewards()

    def action_to_text(self, action: int, agent: str | None = None) -> str:
        """The PHH action word of ``action`` for ``agent`` (default: the one to act)."""
        hand = self.hand
        assert hand is not None
        seat = self.possible_agents.index(agent or self.agent_selection)
        if action >= DRAW:
            cards = sorted(hand.cards(seat))
            thrown = [NAME_OF[c] for j, c in enumerate(cards) if (action - DRAW) >> j & 1]
            return " ".join(["sd", *thrown])
        return ("f", "cc", "cbr")[action]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self.hand
        if hand is None:
            return "(no hand: call reset)"
        lines = [f"{self.game.name} {self.rules.structure} limit, {hand.phase} {hand.round}, pot {hand.pot}"]
        for s, agent in enumerate(self.possible_agents):
            drew = "/".join("-" if c[s] is None else str(c[s]) for c in hand.draws) or "-"
            flags = ("D" if s == hand.button else " ") + (">" if hand.to_act == s else " ")
            state = " folded" if hand.folded[s] else (" all in" if hand.all_in[s] else "")
            cards = " ".join(NAME_OF[c] for c in hand.cards(s))
            lines.append(f"{flags} {agent}: stack {hand.stacks[s]:>5} bet {hand.bets[s]:>4} drew {drew:<6} "
                         f"{cards}{state}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""
