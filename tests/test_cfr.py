"""The solver (csrc/bdc_cfr.c) and its training API (badeucey_fast.solve)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast._native import cfr, ffi, lib
from badeucey_fast.cards import parse_cards
from badeucey_fast.play import TableRules
from badeucey_fast.play.hand import Hand
from badeucey_fast.solve import SolverAbstraction, Strategy, TrainingInterrupted, deep_stacks, train
from badeucey_fast.solve.abstraction import all_hands, colex_index
from badeucey_fast.solve.strategy import make_cgame

from .support import play_strategy_hand

RULES = TableRules("badugi", heads_up_cap=4)


@pytest.fixture(scope="module")
def buckets() -> SolverAbstraction:
    """Badugi's 16-bucket card abstraction (quick to compute; not cached on disk)."""
    return SolverAbstraction.card_buckets("badugi", 16, cache=False)


@pytest.fixture(scope="module")
def trained(buckets: SolverAbstraction) -> Strategy:
    return train(RULES, 300, seed=7, abstraction=buckets)


def stand_pat(game: str = "badugi") -> SolverAbstraction:
    """Exact hands, and one draw action: standing pat (a game of betting only)."""
    size = 4 if game == "badugi" else 5
    pat = np.full((cfr.hands_of(size), cfr.CANDIDATES), cfr.NO_CANDIDATE, dtype=np.uint8)
    pat[:, 0] = 0
    pat.flags.writeable = False
    return SolverAbstraction(SolverAbstraction.exact(game).game, {"kind": "stand_pat", "game": game},
                             (None,) * 4, (None, pat, pat, pat))


# ---- determinism ---------------------------------------------------------------


def test_a_seed_gives_the_same_strategy_and_another_seed_another(buckets: SolverAbstraction, trained: Strategy) -> None:
    again = train(RULES, 300, seed=7, abstraction=buckets)
    assert again == trained
    assert again.averages.tobytes() == trained.averages.tobytes()
    assert train(RULES, 300, seed=8, abstraction=buckets) != trained


@pytest.mark.parametrize("variant", ["vanilla", "plus"])
def test_every_variant_is_deterministic_and_they_differ(buckets: SolverAbstraction, trained: Strategy,
                                                        variant: str) -> None:
    a = train(RULES, 50, seed=7, abstraction=buckets, variant=variant)
    assert a == train(RULES, 50, seed=7, abstraction=buckets, variant=variant)
    assert a.averages.tobytes() != train(RULES, 50, seed=7, abstraction=buckets).averages.tobytes()


def test_growing_the_memory_changes_nothing(buckets: SolverAbstraction, trained: Strategy,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfr, "_FIRST_ENTRIES", 1 << 18)  # room for all at once
    assert train(RULES, 300, seed=7, abstraction=buckets) == trained
    monkeypatch.setattr(cfr, "_FIRST_ENTRIES", 1 << 9)  # grown several times
    assert trained.information_sets > 1 << 12
    assert train(RULES, 300, seed=7, abstraction=buckets) == trained


# ---- lookups --------------------------------------------------------------------


def legal_ints(hand: Hand) -> set[int] | None:
    """The table actions the seat to act may take (draws: None, any mask)."""
    legal = hand.legal()
    if legal.phase == "draw":
        return None
    out = {0}
    if legal.can_fold:
        out.add(-1)
    if legal.min_raise_to is not None:
        out.add(legal.min_raise_to)
    return out


def play_to_end(strategy: Strategy, seed: int, check: Any) -> None:
    play_strategy_hand(strategy, RULES, seed, check)


def test_probabilities_are_the_legal_actions_and_sum_to_one(trained: Strategy) -> None:
    seen = []

    def check(hand: Hand, probabilities: dict[int, float]) -> None:
        assert sum(probabilities.values()) == pytest.approx(1.0, abs=1e-12)
        assert all(p >= 0 for p in probabilities.values())
        wanted = legal_ints(hand)
        if wanted is None:
            view = hand.view(hand.to_act)  # type: ignore[arg-type]
            assert all(0 <= m < 1 << len(view.cards) for m in probabilities)
            assert 1 <= len(probabilities) <= cfr.CANDIDATES
        else:
            assert set(probabilities) == wanted
        seen.append(max(probabilities.values()))

    for seed in range(30):
        play_to_end(trained, seed, check)
    assert any(p < 0.99 for p in seen) and any(p > 0.5 for p in seen)


def test_an_information_set_never_met_is_uniform(trained: Strategy) -> None:
    strategy = Strategy(trained.rules, trained.stacks, trained.variant, trained.abstraction, 0, 0,
                        trained.keys[:0], trained.offsets[:0], trained.averages[:0])
    hand = Hand(RULES, [100, 100], seed=3)
    probabilities = strategy.probabilities(hand)
    assert list(probabilities.values()) == [pytest.approx(1 / 3)] * 3


def test_the_first_decision_of_the_button_was_met_and_learned(trained: Strategy) -> None:
    hand = Hand(RULES, [100, 100], seed=3)
    _, probabilities, seen = trained._policy(hand.view(hand.to_act))  # type: ignore[arg-type]
    assert seen and len(probabilities) == 3


def test_lookups_refuse_other_tables(trained: Strategy) -> None:
    with pytest.raises(ValueError, match="heads-up"):
        trained.probabilities(Hand(RULES, [100, 100, 100], seed=1))
    with pytest.raises(ValueError, match="trained for badugi"):
        trained.probabilities(Hand(TableRules("badeucey", heads_up_cap=4), [100, 100], seed=1))
    hand = Hand(RULES, [100, 100], seed=1)
    with pytest.raises(ValueError, match="is not to act"):
        trained.probabilities(hand.view(1 - hand.to_act))  # type: ignore[operator]
    with pytest.raises(TypeError, match="HandView"):
        trained.probabilities(42)


# ---- a game with one deal: what the solver must learn ---------------------------


def test_with_one_deal_the_loser_folds_and_the_winner_never_does() -> None:
    # the deck is dealt one card at a time from the big blind (seat 1): seat 0, the
    # button, holds the nuts (A234 rainbow), seat 1 four kings; both stand pat
    nuts, kings = parse_cards("Ac 2d 3h 4s"), parse_cards("Kc Kd Kh Ks")
    deal = [c for pair in zip(kings, nuts, strict=True) for c in pair]
    deal += [c for c in range(52) if c not in deal]
    strategy = train(RULES, 400, seed=1, abstraction=stand_pat(), deal=deal)
    game, memory = strategy._lookup

    def at(position: int, history: list[int], cards: tuple[int, ...], can_fold: bool) -> list[float]:
        legal = ffi.new("bdc_legal *")
        legal.phase, legal.can_fold, legal.can_raise, legal.min_raise_to = lib.BDC_PHASE_BET, int(can_fold), 1, 4
        return cfr.policy(game, memory, position, 0, legal, cards, history)[1]

    fold, _, _ = at(0, [], nuts, True)  # the button's first move with the nuts
    assert fold < 0.02
    fold, call, _ = at(1, [3], kings, True)  # the big blind's kings facing a raise
    assert fold > 0.9


# ---- files ----------------------------------------------------------------------


def test_save_and_load_give_the_same_strategy(trained: Strategy, buckets: SolverAbstraction, tmp_path: Path) -> None:
    path = tmp_path / "strategy.npz"
    trained.save(path)
    loaded = Strategy.load(path, abstraction=buckets)
    assert loaded == trained
    hand = Hand(RULES, [100, 100], seed=11)
    assert loaded.probabilities(hand) == trained.probabilities(hand)
    again = tmp_path / "again.npz"
    loaded.save(again)
    assert again.read_bytes() == path.read_bytes()


def test_a_strategy_loads_with_its_abstraction_only(trained: Strategy, tmp_path: Path) -> None:
    path = tmp_path / "strategy.npz"
    trained.save(path)
    with pytest.raises(ValueError, match="another abstraction"):
        Strategy.load(path, abstraction=SolverAbstraction.exact("badugi"))


def test_a_damaged_file_is_refused(trained: Strategy, tmp_path: Path) -> None:
    path = tmp_path / "strategy.npz"
    trained.save(path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="strategy file"):
        Strategy.load(path, abstraction=trained.abstraction)
    path.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="not a readable strategy file"):
        Strategy.load(path)
    with pytest.raises(FileNotFoundError, match="no such strategy file"):
        Strategy.load(tmp_path / "missing.npz")


def test_offsets_that_do_not_hold_together_are_refused(trained: Strategy, tmp_path: Path) -> None:
    from badeucey_fast._storage import read_arrays, write_arrays
    from badeucey_fast.solve.strategy import FORMAT

    path = tmp_path / "strategy.npz"
    trained.save(path)
    meta, arrays = read_arrays(path, kind=FORMAT, where="x")
    offsets = np.array(arrays["offsets"])
    offsets[1] += 1
    write_arrays(path, {**arrays, "offsets": offsets}, kind=FORMAT, meta=meta)
    with pytest.raises(ValueError, match="damaged"):
        Strategy.load(path, abstraction=trained.abstraction)


# ---- checkpoints and interruptions ----------------------------------------------


def test_resuming_from_a_checkpoint_is_bit_identical(buckets: SolverAbstraction, tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    half = train(RULES, 60, seed=3, abstraction=buckets, checkpoint=path)
    assert half.iterations == 60 and path.exists()
    resumed = train(RULES, 120, seed=3, abstraction=buckets, checkpoint=path)
    assert resumed == train(RULES, 120, seed=3, abstraction=buckets)
    assert train(RULES, 120, seed=3, abstraction=buckets, checkpoint=path) == resumed  # nothing left to do
    with pytest.raises(ValueError, match="more than"):
        train(RULES, 100, seed=3, abstraction=buckets, checkpoint=path)
    with pytest.raises(ValueError, match="another training .*seed"):
        train(RULES, 200, seed=4, abstraction=buckets, checkpoint=path)


def test_ctrl_c_keeps_the_finished_iterations(buckets: SolverAbstraction, tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    calls = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        if done >= 5:
            raise KeyboardInterrupt

    with pytest.raises(TrainingInterrupted) as caught:
        train(RULES, 200, seed=5, abstraction=buckets, checkpoint=path, progress=progress)
    stopped = caught.value.strategy
    assert stopped.iterations == calls[-1] >= 5 and "resume" in str(caught.value)
    assert train(RULES, stopped.iterations, seed=5, abstraction=buckets) == stopped
    assert train(RULES, 200, seed=5, abstraction=buckets, checkpoint=path) == train(
        RULES, 200, seed=5, abstraction=buckets)


def test_the_memory_limit_is_a_clear_error(buckets: SolverAbstraction, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfr, "_FIRST_ENTRIES", 1 << 12)
    with pytest.raises(MemoryError, match="memory_limit"):
        train(RULES, 300, seed=1, abstraction=buckets, memory_limit=1_000_000)


# ---- bad arguments --------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"rules": TableRules("badugi")}, ValueError, "capped heads-up"),
    ({"rules": TableRules("badugi", structure="pot")}, ValueError, "fixed limit"),
    ({"rules": 5}, TypeError, "TableRules"),
    ({"iterations": -1}, ValueError, "iterations"),
    ({"seed": None}, ValueError, "seed"),
    ({"variant": "cfr+"}, ValueError, "variant"),
    ({"stacks": [100, 100, 100]}, ValueError, "two"),
    ({"stacks": [0, 100]}, ValueError, "stack"),
    ({"abstraction": "64"}, TypeError, "abstraction"),
    ({"abstraction": 0}, ValueError, "buckets"),
    ({"deal": [60] * 52}, ValueError, "deal"),
    ({"deal": [0] * 52}, ValueError, "solver"),
    ({"memory_limit": 0}, ValueError, "memory_limit"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    settings: dict[str, Any] = {"rules": RULES, "iterations": 1, "abstraction": stand_pat()}
    settings.update(kwargs)
    with pytest.raises(error, match=match):
        train(settings.pop("rules"), **settings)


def test_an_abstraction_of_another_game_is_refused(buckets: SolverAbstraction) -> None:
    with pytest.raises(ValueError, match="not of the game"):
        train(TableRules("badeucey", heads_up_cap=4), 1, abstraction=buckets)


def test_an_uncapped_round_too_long_for_the_key_is_refused_by_the_core() -> None:
    game = cfr.CGame(RULES, (100, 100), deck=None, draws=3, fixed_deal=False, variant="linear",
                     buckets=(None,) * 4, candidates=(None,) * 4)
    assert game.struct.rules.heads_up_cap == 4
    game.struct.rules.heads_up_cap = 0
    assert lib.bdc_cfr_check(game.struct) == lib.BDC_E_ARGUMENT


def test_the_core_refuses_bad_memory_and_bad_positions(trained: Strategy) -> None:
    game, memory = trained._lookup
    assert lib.bdc_cfr_run(game.struct, memory.struct, 1, ffi.NULL) == lib.BDC_E_ARGUMENT  # no regrets
    assert lib.bdc_cfr_run(ffi.NULL, memory.struct, 1, ffi.NULL) == lib.BDC_E_ARGUMENT
    assert lib.bdc_cfr_rehash(ffi.NULL) == lib.BDC_E_ARGUMENT
    legal = ffi.new("bdc_legal *")
    legal.phase = lib.BDC_PHASE_BET
    with pytest.raises(ValueError, match="duplicate|same card"):
        cfr.policy(game, memory, 0, 0, legal, (1, 1, 2, 3), [])
    with pytest.raises(ValueError, match="card id"):
        cfr.policy(game, memory, 0, 0, legal, (1, 60, 2, 3), [])
    with pytest.raises(ValueError, match="setting"):
        cfr.policy(game, memory, 2, 0, legal, (0, 1, 2, 3), [])
    with pytest.raises(ValueError, match="setting"):
        cfr.policy(game, memory, 0, 0, legal, (0, 1, 2, 3), [0])
    with pytest.raises(ValueError, match="setting"):
        cfr.policy(game, memory, 0, 0, legal, (0, 1, 2), [])


# ---- the abstraction as the solver reads it -------------------------------------


def test_the_colex_index_numbers_every_hand_once() -> None:
    hands = all_hands(4)
    assert len(hands) == cfr.hands_of(4)
    assert np.array_equal(colex_index(hands), np.arange(len(hands)))


def test_candidates_by_index_are_the_card_abstraction_candidates(buckets: SolverAbstraction) -> None:
    from badeucey_fast.abstraction import card_abstraction

    table = card_abstraction("badugi", 2, buckets=16, cache=False)
    hands = all_hands(4)
    rng = np.random.default_rng(1)
    for row in rng.choice(len(hands), 300, replace=False):
        hand = tuple(int(c) for c in hands[row])
        suits = [sorted(c >> 2 for c in hand if c & 3 == s) for s in range(4)]
        if any(suits[a] == suits[b] and suits[a] for a in range(4) for b in range(a)):
            continue  # two suits alike: masks are equal only up to swapping them
        assert buckets.buckets[2] is not None and buckets.candidates[2] is not None
        assert buckets.buckets[2][row] == table.bucket_of(hand)
        masks = [int(m) for m in buckets.candidates[2][row] if m != cfr.NO_CANDIDATE]
        assert tuple(masks) == table.candidates_of(hand)


# ---- the bot --------------------------------------------------------------------


def test_cfr_bot_plays_a_match(trained: Strategy) -> None:
    from badeucey_fast.play.bots import CallingBot, CFRBot
    from badeucey_fast.play.matches import play_match

    result = play_match([CFRBot(trained, seed=1), CallingBot()], hands=40, rules=RULES, seed=2)
    again = play_match([CFRBot(trained, seed=1), CallingBot()], hands=40, rules=RULES, seed=2)
    assert result.hands >= 40
    assert result == again


def test_cfr_bot_takes_a_file_and_names_a_missing_default(trained: Strategy, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from badeucey_fast.play.bots import CFRBot, make_bot
    from badeucey_fast.solve import shipped

    path = tmp_path / "strategy.npz"
    trained.save(path)
    bot = CFRBot(path)
    hand = Hand(RULES, [100, 100], seed=4)
    assert bot.act(hand.view(hand.to_act)) in hand.legal_actions()  # type: ignore[arg-type]
    monkeypatch.setitem(shipped.STRATEGIES, "badeucey", shipped.ShippedFile("no-such-strategy.npz", "", ""))
    with pytest.raises(ValueError, match="the strategy that ships with badeucey-fast for badeucey is missing .*reinstall"):
        make_bot("cfr")
    with pytest.raises(TypeError, match="Strategy"):
        CFRBot(42)  # type: ignore[arg-type]


def test_views_find_the_information_sets_training_met_in_every_round(trained: Strategy) -> None:
    # the history codes read from a view's events are those the C training wrote:
    # decisions after each draw are found (fewer the later, in a short training)
    met: dict[tuple[str, int], list[bool]] = {}

    def check(hand: Hand, probabilities: dict[int, float]) -> None:
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        met.setdefault((view.phase, view.round), []).append(trained._policy(view)[2])

    for seed in range(40):
        play_to_end(trained, seed, check)
    for (phase, round_), seen in met.items():
        if len(seen) >= 5:
            assert any(seen), (phase, round_)
        if round_ <= 1:
            assert sum(seen) / len(seen) > 0.5, (phase, round_, sum(seen), len(seen))
    assert ("draw", 3) in met and ("bet", 3) in met


# ---- recall ---------------------------------------------------------------------


def test_recall_is_for_small_games_and_exact_hands(buckets: SolverAbstraction) -> None:
    with pytest.raises(ValueError, match="with recall, a key holds the histories of small games only"):
        train(RULES, 1, abstraction=None)  # three draws: the seat's own draws do not fit a key
    game = cfr.CGame(RULES, (100, 100), deck=None, draws=3, fixed_deal=False, variant="linear",
                     buckets=buckets.buckets, candidates=buckets.candidates)
    game.struct.recall = 1
    assert lib.bdc_cfr_check(game.struct) == lib.BDC_E_ARGUMENT  # recall keys exact hands only
    with pytest.raises(TypeError, match="recall"):
        SolverAbstraction.exact("badugi", recall=1)  # type: ignore[arg-type]


def test_own_codes_are_the_cards_thrown_then_dealt() -> None:
    from badeucey_fast.play.events import Draw
    from badeucey_fast.solve.strategy import history_codes, own_codes

    events = [Draw(0, 1, 2, (9, 3), (51, 0)), Draw(1, 1, 1, None, None), Draw(0, 2, 0, (), ())]
    assert own_codes(events, 0) == [1, 4, 2, 2, 1, 1, 7, 4]  # 3, 9 thrown; 0, 51 dealt
    assert own_codes(events, 1) == []
    assert history_codes(events) == [6, 5, 4]


def test_own_codes_are_refused_without_recall(trained: Strategy) -> None:
    game, memory = trained._lookup
    legal = ffi.new("bdc_legal *")
    legal.phase = lib.BDC_PHASE_BET
    with pytest.raises(ValueError, match="setting"):
        cfr.policy(game, memory, 0, 0, legal, (0, 1, 2, 3), [], [1, 1])


def test_probabilities_at_are_those_of_the_view(trained: Strategy) -> None:
    from badeucey_fast.solve.strategy import history_codes

    def check(hand: Hand, probabilities: dict[int, float]) -> None:
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        position, codes = (view.seat - view.button) % 2, history_codes(view.events)
        if view.phase == "draw":
            at = trained.probabilities_at(position, view.round, "draw", view.cards, codes, max_discard=4)
        else:
            at = trained.probabilities_at(position, view.round, "bet", view.cards, codes, can_fold=view.to_call > 0,
                                          raise_to=view.min_raise_to)
        assert at == probabilities

    for seed in range(5):
        play_to_end(trained, seed, check)
    with pytest.raises(ValueError, match="phase"):
        trained.probabilities_at(0, 0, "over", (0, 1, 2, 3), [])


# ---- compact strategies ----------------------------------------------------------


def test_a_compacted_strategy_plays_within_a_255th_and_saves_smaller(trained: Strategy, tmp_path: Path) -> None:
    small = trained.compacted()
    assert small.compact and small.compacted() is small and small != trained
    steps = np.rint(small.averages * 255)
    starts = small.offsets.astype(np.int64)
    sums = np.add.reduceat(steps, starts)
    learned = np.add.reduceat(trained.averages, starts) > 0
    assert np.array_equal(sums, np.where(learned, 255, 0))
    for seed in range(5):
        hand = Hand(RULES, [deep_stacks(RULES)] * 2, button=seed % 2, seed=seed)
        full, compact = trained.probabilities(hand), small.probabilities(hand)
        assert compact.keys() == full.keys()
        assert all(abs(compact[a] - full[a]) <= 1 / 255 for a in full)
    trained.save(tmp_path / "full.npz")
    small.save(tmp_path / "small.npz")
    again = Strategy.load(tmp_path / "small.npz")
    assert again == small and again.compact
    assert (tmp_path / "small.npz").stat().st_size < (tmp_path / "full.npz").stat().st_size * 0.8
    small.save(tmp_path / "again.npz")
    assert (tmp_path / "again.npz").read_bytes() == (tmp_path / "small.npz").read_bytes()


def test_a_purified_strategy_weighs_each_sets_most_probable_actions_alone(trained: Strategy) -> None:
    import pickle

    pure = trained.purified()
    assert pure is trained.purified() and pure.purified() is pure and pure != trained
    assert np.array_equal(pure.keys, trained.keys) and np.array_equal(pure.offsets, trained.offsets)
    starts = [int(o) for o in trained.offsets] + [len(trained.averages)]
    for a, b in zip(starts, starts[1:], strict=False):  # each set by brute force
        weights, got = trained.averages[a:b].tolist(), pure.averages[a:b].tolist()
        best = max(weights)
        assert got == ([1.0 if w == best else 0.0 for w in weights] if best > 0 else [0.0] * len(weights))
    hand = Hand(RULES, [deep_stacks(RULES)] * 2, seed=3)
    mixed, played = trained.probabilities(hand), pure.probabilities(hand)
    assert played.keys() == mixed.keys()
    assert {a for a, p in played.items() if p > 0} == {a for a, p in mixed.items() if p == max(mixed.values())}
    unmet = Strategy(trained.rules, trained.stacks, trained.variant, trained.abstraction, 0, 0, trained.keys[:1],
                     trained.offsets[:1], np.zeros(starts[1]))
    assert unmet.purified().averages.tolist() == [0.0] * starts[1]  # never met: still uniform
    assert "_pure" not in pickle.loads(pickle.dumps(trained)).__dict__
    assert pickle.loads(pickle.dumps(pure)) == pure
    for offsets in (trained.offsets + np.uint64(len(trained.averages)), trained.offsets[::-1].copy()):
        bad = Strategy(trained.rules, trained.stacks, trained.variant, trained.abstraction, 1, 1, trained.keys, offsets,
                       trained.averages)
        with pytest.raises(ValueError, match="solver: the stored strategy has"):
            bad.purified()  # the core's check names it, before any array is read


def test_cfr_bot_plays_the_most_probable_action_or_samples(trained: Strategy) -> None:
    from badeucey_fast.play.bots import CFRBot

    pure, mixed = CFRBot(trained, seed=1), CFRBot(trained, seed=1, purify=False)
    assert pure.strategy is trained.purified() and mixed.strategy is trained
    assert repr(pure) == "CFRBot()" and repr(mixed) == "CFRBot(purify=False)"
    from badeucey_fast.play.bots import SearchBot

    assert SearchBot(trained).strategy is trained and repr(SearchBot(trained)) == "SearchBot()"  # searches the mixed one
    differ = 0
    for seed in range(40):
        hand = Hand(RULES, [deep_stacks(RULES)] * 2, button=seed % 2, seed=seed)
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        probabilities = trained.probabilities(view)
        best = max(probabilities.values())
        if list(probabilities.values()).count(best) > 1:
            continue
        wanted = {-1: "f", 0: "cc"}.get(max(probabilities, key=lambda a: probabilities[a]))
        picked = [pure.act(view) for _ in range(5)]
        assert all(p == picked[0] for p in picked)
        assert picked[0] == wanted or (wanted is None and picked[0].startswith("cbr"))
        differ += len({mixed.act(view) for _ in range(30)}) > 1
    assert differ > 0  # the sampling bot mixes where the strategy does
    with pytest.raises(TypeError, match="purify is True or False"):
        CFRBot(trained, purify=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="purify is True or False"):
        CFRBot("no-such-strategy.npz", purify="yes")  # type: ignore[arg-type]  # refused before any file is read


def test_quantised_probabilities_sum_to_255_by_largest_remainders() -> None:
    from badeucey_fast.solve.strategy import quantised

    averages = np.array([1.0, 1.0, 1.0, 0.0, 0.0, 2.0, 6.0, 0.5, 0.5])
    offsets = np.array([0, 3, 5, 7], dtype=np.uint64)
    got = quantised(averages, offsets).tolist()
    assert got == [85, 85, 85, 0, 0, 64, 191, 128, 127] or got == [85, 85, 85, 0, 0, 64, 191, 127, 128]
    assert sum(got[7:]) == 255


def test_cfr_bot_is_an_environment_opponent(trained: Strategy) -> None:
    from badeucey_fast.env import SingleAgentEnv
    from badeucey_fast.play.bots import CFRBot

    env = SingleAgentEnv([CFRBot(trained)], rules=RULES)
    rng = np.random.default_rng(1)
    for episode in range(20):  # the bot answers every decision the learner leaves it
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
        assert sum(info["payoffs"]) == pytest.approx(0.0)
    again = SingleAgentEnv([CFRBot(trained)], rules=RULES)
    assert again.reset(seed=3)[0]["observation"].tolist() == env.reset(seed=3)[0]["observation"].tolist()


def test_a_slot_whose_offset_changed_is_refused_and_a_rehash_mends_it() -> None:
    """A slot holds its entry's offset beside its index (badeucey.h, MEMORY): the
    walk refuses an offset past the values, and bdc_cfr_rehash rebuilds the slots."""
    game = make_cgame(TableRules.mini("badeucey"), (20, 20), "linear", SolverAbstraction.exact("badeucey"))
    memory = cfr.Memory.empty(3)
    assert memory.run(game, 200, ffi.NULL) == cfr.OK
    kept = memory.copy()
    slots = memory.slots.reshape(-1, cfr.SLOT_WORDS)  # words 0-1 the key's first bytes, 2 the entry, 3 its offset
    slots[slots[:, 2] != 0, 3] = np.uint64(1 << 40)  # every filled slot's offset past the values
    assert memory.run(game, 20, ffi.NULL) == lib.BDC_E_ARGUMENT  # (the walk meets a set it knows)
    assert memory.struct.damaged == 1
    mended = kept.copy()
    slots = mended.slots.reshape(-1, cfr.SLOT_WORDS)
    slots[slots[:, 2] != 0, 3] = np.uint64(1 << 40)
    assert lib.bdc_cfr_rehash(mended.struct) == lib.BDC_OK
    assert mended.run(game, 5, ffi.NULL) == kept.run(game, 5, ffi.NULL) == cfr.OK
    assert np.array_equal(mended.regrets, kept.regrets) and np.array_equal(mended.averages, kept.averages)
