"""The vector environment (badeucey_fast.play.VectorEnv, csrc/bdc_vector.c) and its
Gymnasium wrapper: shapes, masks, auto-reset, chips, seeds, the same hands as the
AEC environment, and bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badeucey_fast.engine import Hand, TableRules
from badeucey_fast.play import VectorEnv, VectorStep

GAMES = ("badeucey", "badacey", "badugi", "deuce_seven", "ace_five")


def random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """One uniformly random legal action per row of masks."""
    counts = masks.astype(np.int64).cumsum(axis=1)
    pick = (rng.random(len(masks)) * counts[:, -1]).astype(np.int64)
    return (counts > pick[:, None]).argmax(axis=1)


def play(env: VectorEnv, steps: int, seed: int, first: VectorStep | None = None) -> list[VectorStep]:
    rng = np.random.default_rng(seed)
    out = [env.reset() if first is None else first]
    for _ in range(steps):
        out.append(env.step(random_actions(out[-1].action_masks, rng)))
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("structure", ["fixed", "pot", "no"])
def test_shapes_dtypes_and_chips(game: str, structure: str) -> None:
    seats = 3
    env = VectorEnv(rules=TableRules(game, structure=structure), num_envs=7, n_seats=seats, stacks=[30, 60, 90], seed=2)
    k = 4 if game == "badugi" else 5
    assert env.n_actions == 6 + 2 ** k and env.obs_size == env.layout["seats"].stop
    ended = 0
    for result in play(env, 150, seed=3, first=env.reset()):
        assert result.observations.shape == (7, env.obs_size) and result.observations.dtype == np.float32
        assert result.action_masks.shape == (7, env.n_actions) and result.action_masks.dtype == np.int8
        assert result.seats.shape == (7,) and result.dones.shape == (7,) and result.dones.dtype == np.bool_
        assert result.rewards.shape == (7, seats) and result.rewards.dtype == np.float32
        payoffs = result.info["payoffs"]
        assert payoffs.shape == (7, seats) and payoffs.dtype == np.int64
        assert ((0 <= result.observations) & (result.observations <= 1)).all()
        assert (result.action_masks.sum(axis=1) >= 1).all()
        assert not payoffs.sum(axis=1).any()  # chips conserved in every hand
        assert not payoffs[~result.dones].any() and not result.rewards[~result.dones].any()
        np.testing.assert_array_equal(result.rewards, (payoffs / 2).astype(np.float32))  # big blind 2
        assert ((0 <= result.seats) & (result.seats < seats)).all()
        to_act = result.observations[:, env.layout["to_act"]]
        assert (to_act == 1).all()  # always the seat to act's observation
        ended += int(result.dones.sum())
    assert ended > 0


def test_masks_agree_with_legality() -> None:
    """Every masked action is refused (and nothing moves); every legal one is taken."""
    env = VectorEnv("badeucey", num_envs=3, rules=TableRules("badeucey", structure="pot"), seed=5)
    twin = VectorEnv("badeucey", num_envs=3, rules=TableRules("badeucey", structure="pot"), seed=5)
    rng = np.random.default_rng(1)
    result, twin_result = env.reset(), twin.reset()
    for _ in range(40):
        for action in range(env.n_actions):
            if result.action_masks[1, action]:
                continue
            actions = random_actions(result.action_masks, rng)
            actions[1] = action
            with pytest.raises(ValueError, match=rf"^table 1: action {action} is not legal now"):
                env.step(actions)
        actions = random_actions(result.action_masks, rng)
        result, twin_result = env.step(actions), twin.step(actions)
        np.testing.assert_array_equal(result.observations, twin_result.observations)  # the refusals moved nothing


def test_mask_kinds() -> None:
    env = VectorEnv("deuce_seven", num_envs=16, seed=1)
    for result in play(env, 60, seed=2):
        masks = result.action_masks
        drawing = masks[:, 6:].any(axis=1)
        assert (masks[drawing, 6:] == 1).all() and not masks[drawing, :6].any()  # any discard, nothing else
        assert (masks[~drawing, 1] == 1).all()  # a betting turn may always check or call
        assert not masks[~drawing, 3:5].any()  # fixed limit: one raise size


def test_auto_reset_deals_the_next_hand() -> None:
    env = VectorEnv("badugi", num_envs=2, seed=9)
    result = env.reset()
    assert list(env.hands) == [1, 1]
    phase = env.layout["phase"]
    while not result.dones[0]:
        fold_or_call = np.where(result.action_masks[:, 0] == 1, 0, 1)
        result = env.step(fold_or_call)
    assert env.hands[0] == 2
    assert result.observations[0, phase][0] == 1  # the first betting round of the next hand
    assert result.rewards[0].sum() == 0 and result.rewards[0].any()


def test_same_seed_same_results_and_tables_independent_of_the_split() -> None:
    def run(num_envs: int, first_table: int, actions_seed: int) -> list[VectorStep]:
        return play(VectorEnv("badeucey", num_envs, n_seats=3, seed=11, first_table=first_table), 80, actions_seed)

    a, b = run(4, 0, 1), run(4, 0, 1)
    for x, y in zip(a, b):
        for field in ("observations", "action_masks", "seats", "rewards", "dones"):
            np.testing.assert_array_equal(getattr(x, field), getattr(y, field))
    # the first step of tables 2..3 of 4 equals tables 0..1 of an environment starting at table 2
    whole = VectorEnv("badeucey", 4, seed=11).reset()
    half = VectorEnv("badeucey", 2, seed=11, first_table=2).reset()
    np.testing.assert_array_equal(whole.observations[2:], half.observations)
    other = VectorEnv("badeucey", 4, seed=12).reset()
    assert not np.array_equal(whole.observations, other.observations)


def test_reset_without_seed_goes_on() -> None:
    env = VectorEnv("badugi", 3, seed=4)
    first = env.reset()
    later = env.reset()
    assert not np.array_equal(first.observations, later.observations)
    again = env.reset(seed=4)
    np.testing.assert_array_equal(first.observations, again.observations)
    assert list(VectorEnv("badugi", 3).reset().observations.shape) == [3, env.obs_size]  # fresh randomness


@pytest.mark.parametrize(("game", "seats", "structure"), [
    ("badeucey", 2, "fixed"), ("deuce_seven", 2, "no"), ("badacey", 2, "pot"), ("badugi", 3, "fixed"),
    ("badugi", 3, "no"), ("ace_five", 2, "fixed"),
])
def test_the_same_hands_as_the_aec_environment(game: str, seats: int, structure: str) -> None:
    """Each table's hands replayed in triple_draw_v1 from the table's deal: the
    same observations, masks and rewards at every step.  (No reshuffle of the
    stub is possible at these seats, where the two draw theirs differently.)"""
    pytest.importorskip("pettingzoo")
    from badeucey_fast.env import triple_draw_v1

    rules = TableRules(game, structure=structure)
    n_tables = 3
    env = VectorEnv(rules=rules, num_envs=n_tables, n_seats=seats, stacks=40, seed=21)
    rng = np.random.default_rng(8)

    def replay(table: int) -> Any:
        button, deck, _seed = env.deal(table)
        aec = triple_draw_v1.raw_env(rules=rules, num_players=seats, stacks=40)
        aec.reset(seed=0)
        aec.hand = Hand(rules, [40] * seats, button=button, deck=list(deck))  # the table's deal
        assert aec.hand.to_act is not None
        aec.agent_selection = aec.possible_agents[aec.hand.to_act]
        return aec

    result = env.reset()
    aecs = [replay(i) for i in range(n_tables)]
    hands = 0
    for _ in range(300):
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            assert agent == f"player_{result.seats[i]}"
            seen = aec.observe(agent)
            np.testing.assert_array_equal(result.observations[i], seen["observation"])
            np.testing.assert_array_equal(result.action_masks[i], seen["action_mask"])
        actions = random_actions(result.action_masks, rng)
        result = env.step(actions)
        for i, aec in enumerate(aecs):
            aec.step(int(actions[i]))
            if result.dones[i]:
                hands += 1
                assert all(aec.terminations.values())
                expected = np.array([aec.rewards[a] for a in aec.possible_agents], dtype=np.float32)
                np.testing.assert_array_equal(result.rewards[i], expected)
                assert tuple(result.info["payoffs"][i]) == aec.hand.payoffs
                aecs[i] = replay(i)
            else:
                assert not any(aec.terminations.values())
    assert hands >= 10


def test_bad_input() -> None:
    env = VectorEnv("badugi", num_envs=3, seed=1)
    with pytest.raises(ValueError, match="step before reset"):
        env.step(np.ones(3, dtype=np.int64))
    env.reset()
    with pytest.raises(ValueError, match=r"shape \(3,\), one per table, got \(2,\)"):
        env.step(np.ones(2, dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.ones((3, 1), dtype=np.int64))
    with pytest.raises(TypeError, match="actions must be integers, got an array of float64"):
        env.step(np.ones(3))
    with pytest.raises(TypeError, match="bool"):
        env.step(np.ones(3, dtype=bool))
    with pytest.raises(ValueError, match="^table 2: action 99 is not legal now"):
        env.step(np.array([1, 1, 99]))
    with pytest.raises(ValueError, match="^table 0: action -1 is not legal now"):
        env.step(np.array([-1, 1, 1]))
    with pytest.raises(ValueError, match=r"^table 0: action 18446744073709551615 is not legal now"):
        env.step(np.array([2**64 - 1, 1, 1], dtype=np.uint64))  # named as given, not as its int64 bits (-1)
    env.step([1, 1, 1])  # a list of integers is an array of them
    with pytest.raises(ValueError, match="num_envs must be at least 1, got 0"):
        VectorEnv("badugi", num_envs=0)
    with pytest.raises(TypeError, match="num_envs"):
        VectorEnv("badugi", num_envs=2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n_seats must be 2..8"):
        VectorEnv("badeucey", n_seats=9)
    with pytest.raises(ValueError, match="stacks: 3 stacks for 2 seats"):
        VectorEnv("badeucey", stacks=[1, 2, 3])
    with pytest.raises(ValueError, match=r"stacks must be 1\.\.1099511627776, got 0"):
        VectorEnv("badeucey", stacks=0)
    with pytest.raises(TypeError, match="rules must be a TableRules"):
        VectorEnv(rules="badugi")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="table must be 0..2"):
        env.deal(3)


def test_discard_actions_throw_the_slots() -> None:
    """Action 6 + m throws the cards in the slots of m (the lowest card ids first)."""
    env = VectorEnv("badeucey", num_envs=1, seed=3)
    result = env.reset()
    cards = env.layout["cards"]
    while not result.action_masks[0, 6:].any():
        result = env.step(np.array([1]))  # check or call to the draw
    slots = result.observations[0, cards].reshape(5, 19)
    held = [int(np.argmax(s[:13])) * 4 + int(np.argmax(s[13:17])) for s in slots]
    assert held == sorted(held)
    seat = int(result.seats[0])
    result = env.step(np.array([env.discard_action([0, 3])]))
    while result.seats[0] != seat:  # stand pat, check or call until the seat is to act again
        result = env.step(np.array([6 if result.action_masks[0, 6] else 1]))
    assert not result.dones[0]
    thrown = np.flatnonzero(result.observations[0, env.layout["thrown"]])
    assert list(thrown) == [held[0], held[3]]


def test_gymnasium_wrapper() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.vector import AutoresetMode, VectorEnv as GymVectorEnv
    from gymnasium.vector.utils import batch_space

    from badeucey_fast.env.vector import TripleDrawVectorEnv

    envs = TripleDrawVectorEnv("badeucey", num_envs=5, n_seats=2, seed=3)
    assert isinstance(envs, GymVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.observation_space == batch_space(envs.single_observation_space, 5)
    assert envs.action_space == batch_space(envs.single_action_space, 5)
    obs, infos = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    total = np.zeros(5)
    for _ in range(200):
        actions = random_actions(obs["action_mask"], rng)
        assert envs.action_space.contains(actions)
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert envs.observation_space.contains(obs)
        assert rewards.shape == (5,) and terminations.dtype == np.bool_ and not truncations.any()
        acted = infos["acted"]
        np.testing.assert_array_equal(rewards, infos["rewards"][np.arange(5), acted])
        assert not infos["rewards"].sum(axis=1).any()
        total += terminations
    assert total.sum() > 0
    first, _ = TripleDrawVectorEnv("badeucey", num_envs=5).reset(seed=3)
    again, _ = TripleDrawVectorEnv("badeucey", num_envs=5).reset(seed=3)
    np.testing.assert_array_equal(first["observation"], again["observation"])
    with pytest.raises(ValueError, match="step before reset"):
        TripleDrawVectorEnv("badugi").step(np.array([1]))
    envs.close()


# --------------------------------------------------------------------------- #
# The layout, written again in Python from docs/rl.rst: an oracle that shares
# nothing with the C encoder, for the AEC environment's hands.
# --------------------------------------------------------------------------- #
def reference_observation(env: Any, seat: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The observation and mask of ``seat`` in a triple_draw_v1 raw_env, by the documented layout."""
    hand = env.hand
    n, k, layout = env.num_players, env.hand_size, env.layout
    chips = n * env.stacks
    obs = np.zeros(env.obs_size, dtype=np.float32)
    cards = sorted(hand.cards(seat))
    ranks, suits = [c >> 2 for c in cards], [c & 3 for c in cards]
    for i, (rank, suit) in enumerate(zip(ranks, suits)):
        obs[19 * i + rank] = obs[19 * i + 13 + suit] = 1
        obs[19 * i + 17] = ranks.count(rank) > 1
        obs[19 * i + 18] = suits.count(suit) > 1
    for c in env.thrown[seat]:
        obs[layout["thrown"].start + c] = 1
    phase, rnd, to_act = hand.phase, hand.round, hand.to_act
    obs[layout["phase"].start + {"bet": 2 * rnd, "draw": 2 * rnd - 1}.get(phase, 7)] = 1
    obs[layout["position"].start + (seat - hand.button - 1) % n] = 1
    legal = hand.legal()
    record = env._record  # the betting records the environment keeps beside its hand
    raise_counts = list(record.raises)
    aggressors = [None if a < 0 else a for a in record.aggressor]
    if phase == "bet":
        obs[layout["raises"].start + min(raise_counts[rnd], 4)] = 1
        left = legal.raises_left
        obs[layout["raises_left"].start + (5 if left is None else min(left, 4))] = 1
    obs[layout["to_act"].start] = to_act == seat
    now = aggressors[rnd] if phase == "bet" else None
    before = aggressors[rnd - 1] if phase != "over" and rnd >= 1 else None
    width = 9 + 3 * (k + 2)
    for j in range(n):
        s = (seat + j) % n
        base = layout["seats"].start + width * j
        obs[base:base + 3] = np.array([hand.stacks[s], hand.bets[s], hand.committed[s]], dtype=np.float64) / chips
        obs[base + 3:base + 9] = (hand.folded[s], hand.all_in[s], s == hand.button, s == to_act, s == now, s == before)
        for d in range(3):
            drew = hand.draws[d][s] if d < len(hand.draws) else None
            obs[base + 9 + d * (k + 2) + (0 if drew is None else 1 + drew)] = 1
    money = layout["money"].start
    obs[money] = hand.pot / chips
    mask = np.zeros(env.n_actions, dtype=np.int8)
    if to_act == seat:
        if phase == "bet":
            low, high = legal.min_raise_to, legal.max_raise_to
            obs[money + 1:money + 4] = np.array([legal.to_call, low or 0, high or 0], dtype=np.float64) / chips
            sizes: list[int | None] = []
            if low is not None and high is not None:
                level, called = hand.bets[seat] + legal.to_call, hand.pot + legal.to_call
                for wanted in (low, level + called // 2, level + called, high):
                    amount = min(max(wanted, low), high)
                    sizes.append(None if amount in sizes else amount)
            mask[:2] = (legal.can_fold, 1)
            mask[2:6] = [i < len(sizes) and sizes[i] is not None for i in range(4)]
            assert env.unwrapped.raise_sizes() == (tuple(sizes) if sizes else (None,) * 4)
        elif phase == "draw":
            mask[6:6 + 2 ** legal.max_discard] = 1
        if legal.to_call:
            obs[money + 4] = legal.to_call / (hand.pot + legal.to_call)
    return obs, mask


@pytest.mark.parametrize("game", GAMES)
def test_the_encoder_against_the_documented_layout(game: str) -> None:
    """Every seat's observation and mask at every step of random hands (every
    structure, 2 to 6 seats, short and deep stacks) equal the Python oracle's."""
    pytest.importorskip("pettingzoo")
    import random

    from badeucey_fast.env import triple_draw_v1

    rng = random.Random(game)
    for trial in range(25):
        structure = ("fixed", "pot", "no")[trial % 3]
        env = triple_draw_v1.raw_env(game=game, num_players=2 + trial % 5, structure=structure,
                                     stacks=rng.choice([5, 30, 200]))
        env.reset(seed=trial)
        while True:
            for seat, agent in enumerate(env.possible_agents):
                expected_obs, expected_mask = reference_observation(env, seat)
                seen = env.observe(agent)
                np.testing.assert_array_equal(seen["observation"], expected_obs)
                np.testing.assert_array_equal(seen["action_mask"], expected_mask)
            agent = env.agent_selection
            if env.terminations[agent]:
                break
            env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


def test_a_smaller_game_deals_its_own_deck_and_limits_the_discards() -> None:
    """The mini game's rules (nine cards, one draw of at most one card): every hand is
    dealt from the rules' deck, and a draw's mask holds exactly the discards of at most
    one card."""
    rules = TableRules.mini()
    env = VectorEnv(rules.game, num_envs=16, rules=rules, stacks=20, seed=5)
    steps = play(env, 300, seed=6)
    deck = set(rules.deck)
    draw_masks = 0
    for step in steps:
        for i in range(16):
            assert sorted(env.deal(i)[1]) == sorted(deck)
            row = step.action_masks[i]
            if row[6:].any():  # a draw: stand pat or throw one slot
                draw_masks += 1
                assert [m for m in range(len(row) - 6) if row[6 + m]] == [0, 1, 2, 4, 8]
    assert draw_masks > 0
    assert sum(float(s.rewards.sum()) for s in steps) == pytest.approx(0, abs=1e-9)
