"""Batched lookups of a strategy (``Strategy.probabilities_many``, ``bdc_cfr_policy_many``,
``HandEntries.prepare_many``) and the particle search that makes them.

A batch gives, row by row, exactly what one lookup a holding gives: compared bit
for bit (the dicts' items, in order) on holdings dealt at random at decisions of
played hands of the shipped Badeucey and Badugi strategies (round histories,
reach and card buckets) and of a small game trained with recall (own codes), in
betting rounds and draws, with information sets the training met and never met.
The search's ranges and decisions are those recorded before the batch existed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from functools import cache
from typing import Any

import numpy as np
import pytest

from badeucey_fast._native import cfr, ffi, lib
from badeucey_fast.play import Hand, TableRules
from badeucey_fast.play.bots import CFRBot, SearchBot
from badeucey_fast.play.view import HandView
from badeucey_fast.solve import Strategy, heads_up_rules, train
from badeucey_fast.solve.class_buckets import HandEntries
from badeucey_fast.solve.particle_search import sampled_ranges, search_probabilities, searchable
from badeucey_fast.solve.strategy import default_strategy, history_codes, own_codes

from .support import play_strategy_hand


@cache
def mini_recall() -> Strategy:
    """The mini Badugi game solved exactly with recall: lookups with own codes."""
    return train(TableRules.mini(), 300, seed=3, abstraction=None, stacks=(20, 20))


def _decisions(strategy: Strategy, rules: TableRules, seeds: range) -> list[dict[str, Any]]:
    """Every decision of hands the strategy plays against itself: what a lookup there takes but the cards."""
    found: list[dict[str, Any]] = []

    def note(hand: Hand, _: dict[int, float]) -> None:
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        at: dict[str, Any] = {"position": (view.seat - view.button) % 2, "round": view.round, "phase": view.phase,
                              "history": history_codes(view.events),
                              "own": own_codes(view.events, view.seat) if strategy.abstraction.recall else [],
                              "cards": list(view.cards)}
        if view.phase == "draw":
            at["max_discard"] = min(len(view.cards), int(getattr(view.rules, "discard_limit", len(view.cards))))
        else:
            at["can_fold"], at["raise_to"] = view.to_call > 0, view.min_raise_to
        found.append(at)

    for seed in seeds:
        play_strategy_hand(strategy, rules, seed, note)
    return found


def _holdings(rng: np.random.Generator, deck: list[int], size: int, count: int, first: list[int]) -> np.ndarray:
    """The seat's own holding, then ``count`` holdings dealt from ``deck`` in a random order."""
    rows = [first] + [list(rng.choice(deck, size, replace=False)) for _ in range(count)]
    return np.array(rows, dtype=np.uint8)


def _compare(strategy: Strategy, at: dict[str, Any], holdings: np.ndarray) -> int:
    """Asserts the batch equals one lookup a holding; returns how many rows were met in training."""
    settings = {key: at[key] for key in ("can_fold", "raise_to", "max_discard") if key in at}
    batch = strategy.probabilities_many(at["position"], at["round"], at["phase"], holdings, at["history"], at["own"],
                                        **settings)
    single = [strategy.probabilities_at(at["position"], at["round"], at["phase"], row.tolist(), at["history"],
                                        at["own"], **settings) for row in holdings]
    assert [list(d.items()) for d in batch] == [list(d.items()) for d in single]
    _, _, _, seen = strategy._at_many(at["position"], at["round"], at["phase"], holdings, at["history"], at["own"],
                                      **settings)
    return int(seen.sum())


@pytest.mark.parametrize("game", ["badeucey", "badugi"])
def test_a_batch_is_one_lookup_a_holding_of_a_shipped_strategy(game: str) -> None:
    strategy = default_strategy(game)
    rules = heads_up_rules(game)
    rng = np.random.default_rng(5)
    met = total = 0
    phases = set()
    for at in _decisions(strategy, rules, range(6)):
        size = len(at["cards"])
        holdings = _holdings(rng, list(range(52)), size, 40, at["cards"])
        met += _compare(strategy, at, holdings)
        total += len(holdings)
        phases.add(at["phase"])
        if at["phase"] == "draw":  # holdings with different candidate discards: different actions
            rows = strategy.probabilities_many(at["position"], at["round"], "draw", holdings, at["history"],
                                               max_discard=at["max_discard"])
            assert len({tuple(row) for row in rows}) > 1
    assert phases == {"bet", "draw"}
    assert 0 < met < total  # sets met in training, and sets never met (uniform)


def test_a_batch_is_one_lookup_a_holding_with_recall() -> None:
    """Every decision of the mini game's tree down random paths (its hands are
    played by the solver's game, TableGame), with own codes."""
    from badeucey_fast.solve import TableGame

    strategy = mini_recall()
    assert strategy.abstraction.recall
    rules = TableRules.mini()
    deck = [int(c) for c in rules.deck]  # type: ignore[union-attr]
    rng = np.random.default_rng(6)
    pick = random.Random(6)
    owns = phases = 0
    for _ in range(30):
        state = TableGame(rules, stack=20).root()
        while not state.is_terminal():
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.child(pick.choice(outcomes)[0])
                continue
            seat = state.current_seat()
            history, own = state.solver_codes(seat)
            actions = state.legal_actions()
            at: dict[str, Any] = {"position": seat, "round": state.round, "history": list(history), "own": list(own)}
            if state.phase == lib.BDC_PHASE_DRAW:
                at.update(phase="draw", max_discard=max(bin(mask).count("1") for mask in actions))
            else:
                raises = [a for a in actions if a > 0]
                at.update(phase="bet", can_fold=-1 in actions, raise_to=raises[0] if raises else None)
            owns += bool(own)
            phases |= 1 << (at["phase"] == "draw")
            _compare(strategy, at, _holdings(rng, deck, len(state.cards(seat)), 6, list(state.cards(seat))))
            state = state.child(pick.choice(actions))
    assert owns and phases == 3


def test_a_history_longer_than_any_key_is_uniform_row_by_row() -> None:
    strategy = default_strategy("badugi")
    holdings = np.array([[0, 5, 10, 15], [4, 9, 14, 51], [48, 1, 6, 11]], dtype=np.uint8)
    history = [2, 3] * (cfr.MAX_HISTORY // 2 + 1)
    _compare(strategy, {"position": 1, "round": 1, "phase": "bet", "history": history, "own": [], "can_fold": True,
                        "raise_to": 8}, holdings)
    _compare(strategy, {"position": 1, "round": 1, "phase": "draw", "history": history, "own": [], "max_discard": 4},
             holdings)


def test_random_histories_are_one_lookup_a_holding() -> None:
    """Codes no hand makes (mostly sets never met), and the codes the solver refuses, row 0's error."""
    strategy = default_strategy("badeucey")
    rng = np.random.default_rng(7)
    for _ in range(30):
        history = [int(c) for c in rng.integers(1, 10, int(rng.integers(0, 12)))]
        holdings = _holdings(rng, list(range(52)), 5, 8, list(rng.choice(52, 5, replace=False)))
        at = {"position": int(rng.integers(0, 2)), "round": int(rng.integers(0, 4)), "phase": "bet",
              "history": history, "own": [], "can_fold": bool(rng.integers(0, 2)), "raise_to": 4}
        _compare(strategy, at, holdings)
    with pytest.raises(ValueError, match=r"holdings\[0\].*setting"):
        strategy.probabilities_many(0, 1, "bet", [[0, 1, 2, 3, 4]], [11])  # no such code


def test_prepare_many_writes_what_prepare_writes() -> None:
    table = default_strategy("badeucey").abstraction.entries.table  # type: ignore[union-attr]
    one, many = HandEntries(table), HandEntries(table)
    rng = np.random.default_rng(8)
    hands = np.array([rng.choice(52, 5, replace=False) for _ in range(300)], dtype=np.uint8)
    hands[7] = hands[3][::-1]  # one hand twice, in another order
    hands[9, 1] = hands[9, 0]  # not a hand: left to the solver to refuse
    hands[11, 2] = 60
    for row in hands:
        one.prepare(row.tolist())
    many.prepare_many(hands[:150])
    many.prepare_many(hands)  # half written already
    for a, b in zip((*one.buckets, *one.candidates[1:]), (*many.buckets, *many.candidates[1:]), strict=True):
        assert a.tobytes() == b.tobytes()  # type: ignore[union-attr]
    assert many._written.sum() == one._written.sum() == len({frozenset(r) for r in hands.tolist()}) - 2


@pytest.mark.parametrize(("holdings", "error", "match"), [
    ([[0, 5, 10, 10]], ValueError, r"holdings\[0\] = \[0, 5, 10, 10\] has the same card twice"),
    ([[0, 5, 10, 15], [1, 2, 3, 52]], ValueError, r"holdings\[1\] = \[1, 2, 3, 52\] holds a card id outside"),
    ([[0, 5, 10, 15], [1, 2, -1, 4]], ValueError, r"holdings\[1\].*outside 0..51"),
    ([0, 5, 10, 15], ValueError, "2-D"),
    ([[0, 5, 10, 15], [1, 2, 3]], ValueError, "one row"),
    ([[0, 5, 10, 15, 20]], ValueError, r"holdings\[0\].*setting"),  # five cards in a four-card game
    ([[0.0, 5, 10, 15]], TypeError, "integers"),
    ([[True, False, True, False]], TypeError, "integers"),
    ("0 5 10 15", TypeError, "integers"),
])
def test_bad_holdings_are_refused(holdings: Any, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        default_strategy("badugi").probabilities_many(0, 0, "bet", holdings, [], can_fold=True, raise_to=4)


def test_bad_settings_are_refused_and_no_holdings_is_no_rows() -> None:
    strategy = default_strategy("badugi")
    rows = [[0, 5, 10, 15]]
    with pytest.raises(ValueError, match="phase"):
        strategy.probabilities_many(0, 0, "over", rows, [])
    with pytest.raises(ValueError, match="position"):
        strategy.probabilities_many(2, 0, "bet", rows, [])
    with pytest.raises(TypeError, match="round"):
        strategy.probabilities_many(0, 1.0, "bet", rows, [])
    with pytest.raises(ValueError, match="max_discard"):
        strategy.probabilities_many(0, 1, "draw", rows, [2, 2], max_discard=5)
    with pytest.raises(ValueError, match=r"holdings\[0\].*setting"):
        strategy.probabilities_many(0, 1, "bet", rows, [2, 2], [1])  # own codes without recall
    assert strategy.probabilities_many(0, 0, "bet", [], []) == []
    assert strategy.probabilities_many(0, 0, "bet", np.zeros((0, 4), dtype=np.uint8), []) == []


# ---- the C entry ----------------------------------------------------------------


def _call(strategy: Strategy, rows: Any, n: int, n_cards: int = 4, **changed: Any) -> tuple[int, int]:
    """``bdc_cfr_policy_many`` at the big blind's first decision, any argument replaced; (status, bad row)."""
    game, memory = strategy._lookup
    legal = ffi.new("bdc_legal *")
    legal.phase, legal.can_fold, legal.can_raise, legal.min_raise_to = lib.BDC_PHASE_BET, 1, 1, 4
    rooms = 4  # rows of room in each output (a call of more rows is one the core refuses first)
    out = {"actions": ffi.new("int64_t[]", 32 * rooms), "probabilities": ffi.new("double[]", 32 * rooms),
           "n_actions": ffi.new("int[]", rooms), "seen": ffi.new("int[]", rooms)}
    bad_row = ffi.new("size_t *", 999)
    args = {"game": game.struct, "memory": memory.struct, "legal": legal, "hands": rows,
            "history": ffi.new("uint8_t[]", [3]), "n_history": 1, "own": ffi.NULL, "n_own": 0, "bad_row": bad_row, **out}
    args.update(changed)
    status = lib.bdc_cfr_policy_many(args["game"], args["memory"], 1, 0, args["legal"], args["hands"], n, n_cards,
                                     args["history"], args["n_history"], args["own"], args["n_own"], args["actions"],
                                     args["probabilities"], args["n_actions"], args["seen"], args["bad_row"])
    return int(status), int(bad_row[0])


def test_the_c_entry_refuses_bad_arguments() -> None:
    strategy = default_strategy("badugi")
    hands = ffi.new("uint8_t[]", [0, 5, 10, 15, 4, 9, 14, 51, 1, 1, 2, 3, 1, 60, 2, 3])
    assert _call(strategy, hands, 2) == (lib.BDC_OK, 999)  # bad_row untouched
    assert _call(strategy, hands, 3) == (lib.BDC_E_DUPLICATE, 2)
    assert _call(strategy, ffi.new("uint8_t[]", [0, 5, 10, 15, 1, 60, 2, 3]), 2) == (lib.BDC_E_CARD, 1)
    assert _call(strategy, hands, 3, bad_row=ffi.NULL)[0] == lib.BDC_E_DUPLICATE
    assert _call(strategy, hands, 2, n_cards=5)[0] == lib.BDC_E_ARGUMENT  # a four-card game
    assert _call(strategy, hands, 2, n_cards=-4) == (lib.BDC_E_ARGUMENT, 0)
    assert _call(strategy, hands, 1, n_history=1, history=ffi.NULL)[0] == lib.BDC_E_ARGUMENT
    assert _call(strategy, hands, 1, n_history=-1)[0] == lib.BDC_E_ARGUMENT
    assert _call(strategy, hands, 1, n_history=cfr.MAX_HISTORY + 1)[0] == lib.BDC_E_ARGUMENT
    assert _call(strategy, hands, 1, n_own=1, own=ffi.new("uint8_t[]", [1]))[0] == lib.BDC_E_ARGUMENT  # no recall
    for name in ("game", "memory", "legal"):
        assert _call(strategy, hands, 1, **{name: ffi.NULL})[0] == lib.BDC_E_ARGUMENT
        assert _call(strategy, hands, 0, **{name: ffi.NULL})[0] == lib.BDC_E_ARGUMENT
    for name in ("hands", "actions", "probabilities", "n_actions", "seen"):
        assert _call(strategy, hands, 1, **{name: ffi.NULL})[0] == lib.BDC_E_ARGUMENT
        assert _call(strategy, hands, 0, **{name: ffi.NULL})[0] == lib.BDC_OK  # nothing to read or write
    assert _call(strategy, hands, (1 << 64) - 1)[0] == lib.BDC_E_ARGUMENT  # rows whose outputs no size_t spans


def test_the_c_entry_writes_the_rows_before_a_bad_one_as_one_lookup_does() -> None:
    strategy = default_strategy("badugi")
    game, memory = strategy._lookup
    legal = ffi.new("bdc_legal *")
    legal.phase, legal.can_fold, legal.can_raise, legal.min_raise_to = lib.BDC_PHASE_BET, 1, 1, 4
    hands = np.array([[0, 5, 10, 15], [4, 9, 14, 51], [1, 1, 2, 3]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"hands\[2\] = \[1, 1, 2, 3\] has the same card twice"):
        cfr.policy_many(game, memory, 1, 0, legal, hands, [3])
    actions, probabilities, counts, seen = cfr.policy_many(game, memory, 1, 0, legal, hands[:2], [3])
    for row in range(2):
        one = cfr.policy(game, memory, 1, 0, legal, hands[row].tolist(), [3])
        assert (actions[row, :counts[row]].tolist(), probabilities[row, :counts[row]].tolist(), bool(seen[row])) == one
        assert not probabilities[row, counts[row]:].any()


# ---- the search: as recorded before the batched lookups ------------------------------


def _last_round_views(game: str, bot: CFRBot, rules: TableRules, stacks: int, count: int) -> list[HandView]:
    views = []
    for seed in range(200):
        hand = Hand(rules, [stacks, stacks], seed=random.Random(seed), button=seed % 2)  # (the deals recorded)
        first = True
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if first and searchable(view):
                views.append(view)
                first = False
            hand.act(bot.act(view))
        if len(views) == count:
            return views
    raise AssertionError(f"fewer than {count} hands of {game} reached the last round")


def _mini_view() -> HandView:
    """A last-round decision of the mini game (TableRules.mini()): played on a full
    table of the same blinds and cap whose deck starts with the mini deck (one seat
    draws, the other stands pat, so every card comes from it), then seen with the
    mini game's rules."""
    from badeucey_fast.cards import NAME_OF

    mini = TableRules.mini()
    small = [NAME_OF[int(c)] for c in mini.deck]  # type: ignore[union-attr]
    rules = TableRules("badugi", small_blind=1, big_blind=2, cap=1, heads_up_cap=1)
    order = small + [NAME_OF[c] for c in range(52) if NAME_OF[c] not in small]
    hand = Hand(rules, [20, 20], button=0, deck=" ".join(order))
    drawn = False
    while hand.round < 1 or hand.phase != "bet":
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        if view.phase == "draw":
            hand.act("sd" if drawn else f"sd {NAME_OF[view.cards[0]]}")
            drawn = True
        else:
            hand.act("cc")
    view = hand.view(hand.to_act)  # type: ignore[arg-type]
    return dataclasses.replace(view, rules=mini)


def _digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _search_record(game: str) -> list[Any]:
    """Ranges (digests of their items), re-solved probabilities (hex) and SearchBot's actions at last-round views."""
    if game == "mini":
        strategy, views = mini_recall(), [_mini_view()]
    else:
        strategy = default_strategy(game)
        views = _last_round_views(game, CFRBot(game=game, seed=1, purify=False), heads_up_rules(game), 200, 2)
    out: list[Any] = []
    for i, view in enumerate(views):
        ranges = sampled_ranges(strategy, view, particles=24, rng=random.Random(i))
        found = search_probabilities(strategy, view, iterations=30, particles=24, rng=random.Random(i))
        search = SearchBot(strategy, seed=i, budget=30, particles=24)
        out.append([_digest([sorted(r.items()) for r in ranges]),
                    None if found is None else {a: p.hex() for a, p in found.items()},
                    [search.act(view) for _ in range(2)]])
    return out


RECORDED: dict[str, list[Any]] = {
    "badeucey": [["13cbfe43c25b3225", {0: "0x1.087676f46f4cdp-4", 4: "0x1.def1312172167p-1"}, ["cbr 4", "cbr 4"]],
                 ["fe57e27986dbe489", {0: "0x1.de12c5418aa49p-1", 4: "0x1.0f69d5f3aadb8p-4"}, ["cbr 4", "cc"]]],
    "badugi": [["68338543dcaa0186", {0: "0x1.f27bef1d1fa1bp-2", 4: "0x1.06c20871702f2p-1"}, ["cbr 4", "cc"]],
               ["0da71dd87e9ae35b", {0: "0x1.6aa3159d69e2bp-1", 4: "0x1.2ab9d4c52c3aap-2"}, ["cbr 4", "cc"]]],
    "mini": [["d2b3a945a0105b8b", {0: "0x1.c81bd13ebc46ep-1", 2: "0x1.bf21760a1dc90p-4"}, ["cc", "cc"]]],
}
"""What :func:`_search_record` gave before the batched lookups (commit 7795267)."""


@pytest.mark.parametrize("game", ["badeucey", "badugi", "mini"])
def test_the_search_is_what_it_was_before_the_batched_lookups(game: str) -> None:
    assert _search_record(game) == RECORDED[game]
