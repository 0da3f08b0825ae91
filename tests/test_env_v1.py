"""Environment v1: PettingZoo's API, seed and render tests, the observation layout it documents,
masks that match the hand's legal(), and the single-agent wrapper against bots."""

from __future__ import annotations

import importlib.util
import os
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium import spaces
from pettingzoo.test import api_test, render_test, seed_test

from badeucey_fast.bots import CallingBot, DrawingBot, IllegalActionError, RandomBot
from badeucey_fast.engine import HandView
from badeucey_fast.env import SingleAgentEnv, triple_draw_v1
from badeucey_fast.env.triple_draw_v1 import (
    CALL,
    DRAW,
    FOLD,
    RAISE_HALF,
    RAISE_MAX,
    RAISE_MIN,
    RAISE_POT,
    RAISES,
    SLOT_SIZE,
    observation_layout,
    seat_size,
)
from badeucey_fast.games import GAMES

CYCLES = int(os.environ.get("BADEUCEY_ENV_CYCLES", "100"))
TABLES = [(2, "badugi", "fixed"), (3, "badeucey", "pot"), (6, "deuce_seven", "no"), (2, "badacey", "no"),
          (3, "ace_five", "fixed"), (6, "badugi", "pot")]


@pytest.mark.parametrize(("players", "game", "structure"), TABLES)
def test_pettingzoo_api_seed_and_render(players: int, game: str, structure: str) -> None:
    def make(render_mode: str | None = None) -> Any:
        return triple_draw_v1.env(game=game, num_players=players, structure=structure, render_mode=render_mode)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns that dict observations are not arrays
        api_test(make(), num_cycles=CYCLES)
        seed_test(make, num_cycles=CYCLES)
        render_test(make)


def _raw(game: str = "badugi", players: int = 2, seed: int = 3, **kwargs: Any) -> triple_draw_v1.raw_env:
    env = triple_draw_v1.raw_env(game=game, num_players=players, **kwargs)
    env.reset(seed=seed)
    return env


def _obs(env: triple_draw_v1.raw_env, seat: int) -> np.ndarray:
    out: np.ndarray = env.observe(env.possible_agents[seat])["observation"]
    return out


def _to_draw(env: triple_draw_v1.raw_env) -> None:
    hand = env.hand
    assert hand is not None
    while hand.phase == "bet":
        env.step(CALL)


def _draw_code(env: triple_draw_v1.raw_env, observer: int, seat: int, draw: int) -> int:
    """The index set in ``seat``'s one-hot for ``draw`` (1..3) as ``observer`` sees it."""
    k, n = env.hand_size, env.num_players
    base = env.layout["seats"].start + seat_size(k) * ((seat - observer) % n) + 9 + (draw - 1) * (k + 2)
    part = _obs(env, observer)[base:base + k + 2]
    assert part.sum() == 1
    return int(np.flatnonzero(part)[0])


def test_sizes_follow_the_layout() -> None:
    for game in GAMES:
        for players in (2, 3, 6):
            env = _raw(game, players)
            k = env.hand_size
            layout = observation_layout(players, k)
            assert env.n_actions == 6 + 2**k and env.action_space("player_0").n == 6 + 2**k
            assert list(layout) == ["cards", "thrown", "phase", "position", "raises", "raises_left", "money", "to_act",
                                    "seats"]
            assert layout["cards"] == slice(0, SLOT_SIZE * k)
            assert layout["seats"].stop - layout["seats"].start == players * (9 + 3 * (k + 2))
            vec = _obs(env, 0)
            assert vec.shape == (layout["seats"].stop,) and vec.dtype == np.float32
            assert env.observation_space("player_0")["observation"].contains(vec)


def test_slot_i_is_the_card_that_discard_bit_i_throws() -> None:
    for game in ("badugi", "badeucey"):
        env = _raw(game, 3, seed=5)
        _to_draw(env)
        hand = env.hand
        assert hand is not None
        seat = hand.to_act
        assert seat is not None
        k = env.hand_size
        slots = env.slots(seat)
        assert list(slots) == sorted(hand.cards(seat))
        vec = _obs(env, seat)
        for i, card in enumerate(slots):
            part = vec[SLOT_SIZE * i:SLOT_SIZE * (i + 1)]
            assert np.flatnonzero(part[:13]).tolist() == [card // 4]  # rank one-hot
            assert np.flatnonzero(part[13:17]).tolist() == [card % 4]  # suit one-hot
            assert part[17] == (sum(c // 4 == card // 4 for c in slots) > 1)
            assert part[18] == (sum(c % 4 == card % 4 for c in slots) > 1)
        bits = 0b101 if k == 5 else 0b1001
        thrown = [slots[i] for i in range(k) if bits >> i & 1]
        assert env.action_to_text(DRAW + bits) == "sd " + " ".join(__import__("badeucey_fast").format_cards(thrown).split())
        env.step(DRAW + bits)
        assert not set(thrown) & set(hand.cards(seat))
        thrown_part = _obs(env, seat)[env.layout["thrown"]]
        assert sorted(np.flatnonzero(thrown_part).tolist()) == sorted(thrown)


def test_draws_tell_not_yet_from_standing_pat() -> None:
    env = _raw("deuce_seven", 3, seed=2)
    hand = env.hand
    assert hand is not None
    for seat in range(3):
        assert [_draw_code(env, 0, seat, d) for d in (1, 2, 3)] == [0, 0, 0]  # before any draw: not drawn
    _to_draw(env)
    first = hand.to_act
    second = (first + 1) % 3 if not hand.folded[(first + 1) % 3] else (first + 2) % 3
    assert first is not None
    env.step(DRAW)  # stands pat
    assert _draw_code(env, 0, first, 1) == 1
    assert _draw_code(env, 0, second, 1) == 0  # not drawn yet
    assert hand.to_act == second
    env.step(DRAW + 0b11)  # throws two
    assert _draw_code(env, 0, second, 1) == 3
    assert _draw_code(env, second, second, 1) == 3  # the same seen from the drawer's own seat
    assert _draw_code(env, 0, first, 2) == 0


def test_a_folded_seat_is_never_drawn_and_its_slots_are_empty() -> None:
    env = _raw("badugi", 3, seed=4)
    hand = env.hand
    assert hand is not None
    folder = hand.to_act
    assert folder is not None
    env.step(FOLD)
    assert not _obs(env, folder)[env.layout["cards"]].any()
    _to_draw(env)
    while hand.phase == "draw":
        env.step(DRAW)
    assert _draw_code(env, 0, folder, 1) == 0


def test_raise_count_and_aggressors() -> None:
    env = _raw("badugi", 2, seed=3)
    hand = env.hand
    assert hand is not None
    layout = env.layout
    button = hand.to_act  # heads-up the button acts first
    assert button is not None
    bb = 1 - button

    def flags(observer: int, seat: int) -> tuple[float, float]:
        base = layout["seats"].start + seat_size(4) * ((seat - observer) % 2)
        vec = _obs(env, observer)
        return vec[base + 7], vec[base + 8]

    vec = _obs(env, button)
    assert vec[layout["raises"]].tolist() == [1, 0, 0, 0, 0]  # the blinds are not counted
    assert vec[layout["raises_left"]].tolist() == [0, 0, 0, 0, 0, 1]  # heads-up: uncapped by default
    assert flags(button, button) == (0, 0) and flags(button, bb) == (0, 0)
    env.step(RAISE_MIN)
    env.step(RAISE_MIN)
    vec = _obs(env, button)
    assert vec[layout["raises"]].tolist() == [0, 0, 1, 0, 0]
    assert flags(button, bb) == (1, 0) and flags(button, button) == (0, 0)
    assert flags(bb, bb) == (1, 0)  # the same from the other seat
    env.step(CALL)  # the button calls: the draw
    assert hand.phase == "draw"
    vec = _obs(env, button)
    assert not vec[layout["raises"]].any() and not vec[layout["raises_left"]].any()
    assert flags(button, bb) == (0, 1) and flags(button, button) == (0, 0)  # aggressor of the round just played
    env.step(DRAW)
    env.step(DRAW)
    assert hand.phase == "bet" and hand.round == 1
    assert flags(button, bb) == (0, 1)
    env.step(RAISE_MIN)  # bb bets first after the draw
    assert flags(button, bb) == (1, 1)


def test_capped_raises_left() -> None:
    env = _raw("badeucey", 3, seed=1)
    vec = _obs(env, env.hand.to_act)  # type: ignore[union-attr, arg-type]
    assert vec[env.layout["raises_left"]].tolist() == [0, 0, 0, 1, 0, 0]  # cap 4: the big blind and three raises


def test_money_over_the_chips_at_the_table() -> None:
    env = _raw("badugi", 2, seed=3, stacks=100)
    hand = env.hand
    assert hand is not None
    seat = hand.to_act
    assert seat is not None
    vec = _obs(env, seat)
    money = vec[env.layout["money"]]
    assert money.tolist() == pytest.approx([3 / 200, 1 / 200, 4 / 200, 4 / 200, 1 / 4])
    base = env.layout["seats"].start
    assert vec[base:base + 3].tolist() == pytest.approx([99 / 200, 1 / 200, 1 / 200])


def test_raise_sizes_in_each_structure() -> None:
    expected = {"fixed": (4, None, None, None), "pot": (4, None, 6, None), "no": (4, None, 6, 200)}
    for structure, sizes in expected.items():
        env = _raw("badugi", 2, structure=structure)
        assert env.raise_sizes() == sizes  # to call 1, pot 3: half the pot comes to the minimum, 4
        mask = env.observe(env.agent_selection)["action_mask"]
        assert [mask[a] for a in RAISES] == [s is not None for s in sizes]
        assert env.action_to_text(RAISE_MIN) == "cbr 4"
        if sizes[2] is not None:
            assert env.action_to_text(RAISE_POT) == "cbr 6"
        if sizes[3] is not None:
            assert env.action_to_text(RAISE_MAX) == "cbr 200"
        with pytest.raises(ValueError, match="masked"):
            env.action_to_text(RAISE_HALF)
    env = _raw("badugi", 2, structure="no")
    env.step(RAISE_POT)  # to 6: pot 8, to call 4, so half the pot is to 6 + 6 and the pot to 6 + 12
    assert env.raise_sizes() == (10, 12, 18, 200)


def _check_mask(env: triple_draw_v1.raw_env) -> None:
    hand = env.hand
    assert hand is not None
    seat = hand.to_act
    assert seat is not None
    mask = env.observe(env.possible_agents[seat])["action_mask"]
    legal = hand.legal()
    for other in range(env.num_players):
        if other != seat:
            assert not env.observe(env.possible_agents[other])["action_mask"].any()
    if legal.phase == "draw":
        assert not mask[:DRAW].any() and mask[DRAW:].all() and len(mask) - DRAW == 2**legal.max_discard
        return
    assert not mask[DRAW:].any()
    assert mask[FOLD] == legal.can_fold and mask[CALL] == 1
    amounts = [a for a in env.raise_sizes() if a is not None]
    assert mask[RAISE_MIN:DRAW].sum() == len(amounts)
    if legal.can_raise:
        assert mask[RAISE_MIN] and amounts[0] == legal.min_raise_to and max(amounts) == legal.max_raise_to
        assert len(set(amounts)) == len(amounts) and all(legal.min_raise_to <= a <= legal.max_raise_to for a in amounts)  # type: ignore[operator]
        words = set(hand.legal_actions())
        for action in np.flatnonzero(mask[:DRAW]):
            text = env.action_to_text(int(action))
            assert text in words or text.startswith("cbr ")
    else:
        assert not mask[RAISE_MIN:DRAW].any()


@pytest.mark.parametrize("structure", ["fixed", "pot", "no"])
def test_masks_match_legal_in_random_play(structure: str) -> None:
    rng = np.random.default_rng(7)
    for game, players in (("badeucey", 2), ("badugi", 4), ("deuce_seven", 6)):
        env = triple_draw_v1.raw_env(game=game, num_players=players, structure=structure)
        for seed in range(15):
            env.reset(seed=seed)
            hand = env.hand
            assert hand is not None
            while hand.to_act is not None:
                _check_mask(env)
                vec = _obs(env, hand.to_act)
                assert vec.min() >= 0 and vec.max() <= 1
                mask = env.observe(env.agent_selection)["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
            rewards = [env.rewards[a] for a in env.possible_agents]
            assert abs(sum(rewards)) < 1e-9
            assert rewards == [p / 2 for p in hand.payoffs]  # type: ignore[union-attr]


def test_text_actions_keep_the_records() -> None:
    env = _raw("badugi", 2, structure="no")
    hand = env.hand
    assert hand is not None
    env.step_text("cbr 7")  # any legal amount, not only the four sizes
    assert hand.bets[hand.button] == 7
    vec = _obs(env, hand.button)
    assert vec[env.layout["raises"]].tolist() == [0, 1, 0, 0, 0]
    env.step_text("cc")
    seat = hand.to_act
    assert seat is not None
    card = hand.cards(seat)[0]
    env.step_text("sd " + __import__("badeucey_fast").card_name(card))
    assert np.flatnonzero(_obs(env, seat)[env.layout["thrown"]]).tolist() == [card]
    with pytest.raises(TypeError, match="string"):
        env.step_text(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        env.step_text("cbr 3")  # a draw now: no betting


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = _raw("badugi", 2, render_mode="human")
    assert env.render() is None
    assert "badugi fixed limit" in capsys.readouterr().out
    env = _raw("badugi", 2, render_mode="ansi")
    assert "player_1" in env.render()  # type: ignore[operator]
    assert _raw("badugi", 2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        triple_draw_v1.env(render_mode="rgb_array")


def test_bad_input_to_the_aec_environment() -> None:
    env = _raw("badugi", 2)
    for bad in (1.5, "1", True, None):
        with pytest.raises(TypeError):
            env.step(bad)
    with pytest.raises(ValueError, match="not legal"):
        env.step(DRAW)
    with pytest.raises(ValueError, match="out of range"):
        env.action_to_text(99)
    with pytest.raises(ValueError, match="num_players"):
        triple_draw_v1.env(game="badeucey", num_players=9)
    with pytest.raises(ValueError, match="stacks"):
        triple_draw_v1.env(stacks=0)
    with pytest.raises(TypeError, match="TableRules"):
        triple_draw_v1.env(rules="badugi")
    with pytest.raises(ValueError, match="before reset"):
        triple_draw_v1.raw_env().step(CALL)
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)


# ---- the single-agent wrapper -------------------------------------------------


def _episode(env: SingleAgentEnv, rng: np.random.Generator) -> tuple[float, dict[str, Any], int]:
    obs, info = env.reset()
    steps = 0
    while True:
        assert env.observation_space.contains(obs)
        assert (info["action_mask"] == env.action_masks()).all() and info["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        assert not truncated and steps < 200
        if terminated:
            return reward, info, steps
        assert reward == 0


@pytest.mark.parametrize("structure", ["fixed", "no"])
def test_episodes_end_and_rewards_add_up_against_bots(structure: str) -> None:
    rng = np.random.default_rng(1)
    for opponents, seat in (([CallingBot()], 0), ([RandomBot(seed=1)], 1), ([DrawingBot(), RandomBot(seed=2)], 2)):
        env = SingleAgentEnv(opponents, game="badugi", seat=seat, structure=structure)
        env.reset(seed=11)
        for _ in range(15):
            reward, info, _ = _episode(env, rng)
            hand = env.hand
            assert hand is not None and hand.payoffs is not None
            assert reward == hand.payoffs[seat] / 2 == info["payoffs"][seat]
            assert abs(sum(info["payoffs"])) < 1e-9
            assert not info["action_mask"].any()
            with pytest.raises(ValueError, match="over"):
                env.step(CALL)


def test_the_wrappers_spaces_and_reset() -> None:
    # (gymnasium's check_env steps with unmasked random actions, which a masked game refuses)
    env = SingleAgentEnv([RandomBot()], game="badeucey")
    assert isinstance(env.observation_space, spaces.Dict) and env.action_space == spaces.Discrete(6 + 32)
    assert env.observation_space["observation"].shape == (234,)
    first = env.reset(seed=4)
    assert env.observation_space.contains(first[0]) and isinstance(first[1], dict)
    again = env.reset(seed=4)
    assert (again[0]["observation"] == first[0]["observation"]).all()


def test_a_seed_replays_the_same_hands() -> None:
    def run() -> list[tuple[str, ...]]:
        env = SingleAgentEnv([RandomBot(), RandomBot()], game="deuce_seven", structure="pot")
        rng = np.random.default_rng(3)
        env.reset(seed=9)
        out = []
        for _ in range(5):
            _episode(env, rng)
            assert env.hand is not None
            out.append(env.hand.history)
        return out

    assert run() == run()


class FoldingBot:
    """Folds whenever it may; otherwise checks and stands pat."""

    def act(self, view: HandView) -> str:
        if view.phase == "draw":
            return "sd"
        return "f" if view.to_call else "cc"


def test_hands_the_learner_never_acts_in_are_reported() -> None:
    env = SingleAgentEnv([FoldingBot()], game="badugi")
    env.reset(seed=1)
    skipped: list[float] = []
    for _ in range(20):
        obs, info = env.reset()
        skipped += info["skipped_rewards"]
        hand = env.hand
        assert hand is not None and hand.to_act == 0
    assert skipped and set(skipped) == {0.5}  # the button folded its small blind to the learner's big blind


def test_bad_input_to_the_wrapper() -> None:
    with pytest.raises(TypeError, match="sequence"):
        SingleAgentEnv(CallingBot())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a bot"):
        SingleAgentEnv([CallingBot(), "calling"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="at least one"):
        SingleAgentEnv([])
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv([CallingBot()], seat=2)
    with pytest.raises(TypeError, match="seat"):
        SingleAgentEnv([CallingBot()], seat=True)
    with pytest.raises(ValueError, match="num_players"):
        SingleAgentEnv([CallingBot()] * 8)
    env = SingleAgentEnv([CallingBot()], game="badugi")
    with pytest.raises(ValueError, match="before reset"):
        env.step(CALL)
    with pytest.raises(TypeError, match="seed"):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    obs, info = env.reset(seed=1)
    with pytest.raises(TypeError):
        env.step(1.0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(DRAW)

    class Cheat:
        def act(self, view: HandView) -> str:
            return "sd" if view.phase == "bet" else "cc"

    env = SingleAgentEnv([Cheat()], game="badugi", seat=0)
    with pytest.raises(IllegalActionError, match="Cheat"):
        for _ in range(10):  # the bot acts first as the button in half of the hands
            _, info = env.reset()
            env.step(CALL)


# ---- the training example ---------------------------------------------------------


def _example() -> Any:
    path = Path(__file__).resolve().parent.parent / "examples" / "train_v1.py"
    spec = importlib.util.spec_from_file_location("train_v1", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_training_example_learns_to_beat_the_calling_station() -> None:
    out = _example().main(["--hands", "3000", "--eval-hands", "2000", "--seed", "1", "--learning-rate", "0.1", "--quiet"])
    mean, low, _ = out["trained"]
    _, _, untrained_high = out["untrained"]
    assert low > 0  # the trained policy beats CallingBot, its 95% interval above zero
    assert mean > untrained_high  # and the untrained (uniform) policy on the same hands does worse


class _Gathered:
    """The observation as the environment gathered it in Python before its C
    reader (the reference): the hand's facts read through its public API, the
    betting and draw records kept from each action, packed for the C encoder."""

    def __init__(self, env: triple_draw_v1.raw_env) -> None:
        n = env.num_players
        self.env = env
        self.thrown: list[list[int]] = [[] for _ in range(n)]
        self.raises = [0] * 4
        self.aggressors: list[int | None] = [None] * 4

    def before(self, seat: int) -> tuple[str, int, int, tuple[int, ...]]:
        hand = self.env.hand
        assert hand is not None
        phase, rnd = hand.phase, hand.round
        facing = hand.bets[seat] + hand.legal().to_call if phase == "bet" else 0
        return phase, rnd, facing, hand.cards(seat)

    def after(self, seat: int, phase: str, rnd: int, facing: int, held: tuple[int, ...]) -> None:
        hand = self.env.hand
        assert hand is not None
        if phase == "bet":
            if hand.phase == "bet" and hand.round == rnd and hand.bets[seat] > facing:
                self.raises[rnd] += 1
                self.aggressors[rnd] = seat
        else:
            self.thrown[seat].extend(c for c in held if c not in hand.cards(seat))

    def encode(self, seat: int) -> Any:
        from badeucey_fast._native.vector import encode_observation

        env, hand = self.env, self.env.hand
        assert hand is not None
        legal = hand.legal()
        to_act = hand.to_act
        return encode_observation(
            n_seats=env.num_players, n_cards=env.hand_size, seat=seat, button=hand.button, to_act=to_act,
            phase=hand.phase, round_=hand.round, held=hand.cards(seat), thrown=self.thrown[seat],
            raises=self.raises, aggressors=self.aggressors, raises_left=legal.raises_left, pot=hand.pot,
            chips=env.num_players * env.stacks, stacks=hand.stacks, bets=hand.bets, committed=hand.committed,
            folded=hand.folded, all_in=hand.all_in, draws=hand.draws,
            legal=None if to_act is None else (legal.to_call, legal.can_fold, legal.min_raise_to, legal.max_raise_to,
                                               legal.max_discard),
            obs_size=env.obs_size, n_actions=env.n_actions)


@pytest.mark.parametrize("structure", ["fixed", "pot", "no"])
def test_the_c_reader_gives_the_observation_gathered_in_python(structure: str) -> None:
    """Every seat's observation, mask and raise sizes, read from the hand's table in
    C, are bit for bit those of the facts gathered through the hand's API, at every
    step of random hands of every game, seat count and stack (short stacks go all in)."""
    rng = np.random.default_rng(len(structure))
    for game in GAMES:
        for i in range(12):
            players = int(rng.integers(2, 5 if i % 3 else 9 if GAMES[game].hand_size == 5 else 11))
            env = triple_draw_v1.raw_env(game, players, structure=structure, stacks=int(rng.choice([3, 9, 40, 200])))
            env.reset(seed=int(rng.integers(2**63)))
            gathered = _Gathered(env)
            while True:
                for seat in range(players):
                    obs, mask, sizes = env._encode(seat)
                    want_obs, want_mask, want_sizes = gathered.encode(seat)
                    assert obs is not None and want_obs is not None
                    assert obs.tobytes() == want_obs.tobytes() and mask.tobytes() == want_mask.tobytes()
                    assert sizes == want_sizes
                agent = env.agent_selection
                if env.terminations[agent]:
                    break
                seat = env.possible_agents.index(agent)
                _, mask, _ = env._encode(seat, observation=False)
                before = gathered.before(seat)
                env.step(int(rng.choice(np.flatnonzero(mask))))
                gathered.after(seat, *before)
