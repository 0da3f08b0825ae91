"""The PettingZoo environment: PettingZoo's own API and seed tests, and the layout it documents."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from badeucey_fast.env import triple_draw_v0
from badeucey_fast.games import GAMES

CYCLES = int(os.environ.get("BADEUCEY_ENV_CYCLES", "100"))


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("game", list(GAMES))
def test_pettingzoo_api_and_seed(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns that dict observations are not arrays
        api_test(triple_draw_v0.env(game=game, num_players=players), num_cycles=CYCLES)
        seed_test(lambda: triple_draw_v0.env(game=game, num_players=players), num_cycles=CYCLES)


def _play(env: object, seed: int, structure_rng: np.random.Generator) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)  # type: ignore[attr-defined]
    actions, rewards = [], {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, term, trunc, _ = env.last()  # type: ignore[attr-defined]
        if term or trunc:
            rewards[agent] = reward
            env.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert obs["observation"][-1] == 1  # the agent to act knows it
        action = int(structure_rng.choice(legal))
        actions.append(action)
        env.step(action)  # type: ignore[attr-defined]
    return actions, rewards


@pytest.mark.parametrize("structure", ["fixed", "pot", "no"])
def test_random_hands_conserve_chips_and_reproduce(structure: str) -> None:
    for game in GAMES:
        env = triple_draw_v0.env(game=game, num_players=4, structure=structure)
        for seed in range(20):
            first = _play(env, seed, np.random.default_rng(seed))
            assert abs(sum(first[1].values())) < 1e-9 and set(first[1]) == set(env.possible_agents)
            assert _play(env, seed, np.random.default_rng(seed)) == first


def test_observation_layout() -> None:
    env = triple_draw_v0.raw_env(game="badugi", num_players=2, render_mode="ansi")
    env.reset(seed=3)
    hand = env.hand
    assert hand is not None and env.n_actions == 3 + 16
    seat = hand.to_act
    assert seat == hand.button  # heads-up the button acts first
    obs = env.observe(env.possible_agents[seat])
    vec, mask = obs["observation"], obs["action_mask"]
    assert vec.dtype == np.float32 and vec.shape == (116 + 16,)
    assert sorted(np.flatnonzero(vec[:52])) == sorted(hand.cards(seat))
    assert not vec[52:104].any() and vec[104] == 1  # betting round 0
    assert list(vec[112:117]) == [199 / 2, 1 / 2, 0, 0, 1]  # own seat first: small blind, on the button
    assert list(vec[120:125]) == [198 / 2, 1, 0, 0, 0]
    assert vec[128] == 3 / 2 and vec[129] == 1 / 2 and vec[130] == 2 and vec[131] == 1
    assert list(mask[:3]) == [1, 1, 1] and not mask[3:].any()
    other = env.observe(env.possible_agents[1 - seat])
    assert not other["action_mask"].any() and other["observation"][131] == 0
    env.step(1)
    env.step(1)  # call, check: the draw
    seat = hand.to_act
    mask = env.observe(env.possible_agents[seat])["action_mask"]
    assert not mask[:3].any() and mask[3:].all()
    low = min(hand.cards(seat))
    env.step(3 + 1)  # throw the lowest card
    vec = env.observe(env.possible_agents[seat])["observation"]
    assert np.flatnonzero(vec[52:104]).tolist() == [low]
    assert vec[112 + 5] == 1  # drew one card in draw 1
    assert "badugi fixed limit" in env.render()
    with pytest.raises(ValueError, match="not legal"):
        env.step(0)  # the other seat draws now: folding is not legal
    with pytest.raises(ValueError, match="num_players"):
        triple_draw_v0.env(game="badeucey", num_players=9)
    with pytest.raises(ValueError, match="render_mode"):
        triple_draw_v0.env(render_mode="human")


def test_action_text() -> None:
    env = triple_draw_v0.raw_env(game="deuce_seven", num_players=2)
    env.reset(seed=1)
    assert env.action_to_text(1) == "cc"
    cards = sorted(env.hand.cards(env.hand.to_act))  # type: ignore[union-attr]
    assert env.action_to_text(3 + 0b10001).split()[1:] == [
        __import__("badeucey_fast").card_name(cards[0]), __import__("badeucey_fast").card_name(cards[4])]
