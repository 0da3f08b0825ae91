# Typed stub for the compiled cffi module, declared in csrc/badeucey.h and csrc/bindings/bdc_bindings.h
# (tests/test_native.py holds it to the headers: every name, and each function's number of parameters).
from typing import Any

ffi: Any

class _Lib:
    BDC_OK: int
    BDC_E_CARD: int
    BDC_E_DUPLICATE: int
    BDC_E_COUNT: int
    BDC_E_RANKING: int
    BDC_E_RANK: int
    BDC_E_ARGUMENT: int
    BDC_E_UNSUPPORTED: int
    BDC_E_STOPPED: int
    BDC_BADUGI_CLASSES: int
    BDC_BADUGI_FOUR_CARD_CLASSES: int
    BDC_DEUCE_SEVEN_CLASSES: int
    BDC_ACE_FIVE_CLASSES: int
    BDC_DECK_SIZE: int
    BDC_MIN_HAND_CARDS: int
    BDC_MAX_HAND_CARDS: int
    BDC_MIN_SEATS: int
    BDC_MAX_SEATS: int
    BDC_MAX_DRAWS: int
    BDC_SHARE_UNIT: int
    BDC_SPLIT_SHIFT: int
    BDC_RANKINGS: int
    BDC_IMPL_PORTABLE: int
    BDC_IMPL_BMI2: int
    BDC_IMPL_AVX2: int
    BDC_IMPL_AVX512: int
    BDC_IMPLEMENTATIONS: int
    BDC_BADUGI_LOW: int
    BDC_BADUGI_HIGH: int
    BDC_DEUCE_SEVEN: int
    BDC_ACE_FIVE: int
    BDC_BADEUCEY: int
    BDC_BADACEY: int
    BDC_NO_HALF: int
    def bdc_status_text(self, status: int, /) -> Any: ...
    def bdc_badugi_low4(self, c0: int, c1: int, c2: int, c3: int, /) -> int: ...
    def bdc_badugi_high4(self, c0: int, c1: int, c2: int, c3: int, /) -> int: ...
    def bdc_badugi_low5(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badugi_high5(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_deuce_seven(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_ace_five(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badeucey(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badacey(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badeucey_mask(self, mask: int, /) -> int: ...
    def bdc_badacey_mask(self, mask: int, /) -> int: ...
    def bdc_noop5(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_class_ranks(self, ranking: int, rank: int, out: Any, flush: Any, /) -> int: ...
    def bdc_rank_batch(self, ranking: int, hands: Any, n: int, n_cards: int, out: Any, bad_row: Any, /) -> int: ...
    def bdc_implementation(self) -> int: ...
    def bdc_implementation_name(self, id: int, /) -> Any: ...
    def bdc_implementation_supported(self, id: int, /) -> int: ...
    def bdc_use_implementation(self, id: int, /) -> int: ...

    def bdc_draw_plan(self, spec: Any, outcomes: Any, positions: Any, /) -> int: ...
    def bdc_draw_run(
        self, spec: Any, first_begin: int, first_end: int, samples: int, rng: Any,
        badugi_counts: Any, low_counts: Any, hits: Any, total: Any, /
    ) -> int: ...
    def bdc_draw_options(
        self, game: Any, hand: Any, query: Any, held: Any, n_held: int, held_row: Any, n_low: int, scratch: Any,
        table: Any, sums: Any, /
    ) -> int: ...
    BDC_OPTION_FIGURES: int
    def bdc_draw_option_figures(
        self, game: Any, hand: Any, query: Any, held_figures: Any, n_held: int, held_row: Any, figures: Any, /
    ) -> int: ...
    def bdc_equity_plan(self, spec: Any, outcomes: Any, positions: Any, /) -> int: ...
    def bdc_equity_run(
        self, spec: Any, first_begin: int, first_end: int, samples: int, rng: Any, sums: Any, weight: Any, /
    ) -> int: ...
    def bdc_rng_seed(self, seed: int, rng: Any, /) -> None: ...
    def bdc_random_hands(self, seed: int, deck: Any, n_deck: int, n_cards: int, hands: Any, n_hands: int, /) -> int: ...
    def bdc_badugi_cards_batch(self, ace_high: int, hands: Any, n: int, n_cards: int, out: Any, bad_row: Any, /) -> int: ...
    # the hand's state machine (csrc/bdc_table.c)
    BDC_E_ILLEGAL: int
    BDC_TABLE_MAX_SEATS: int
    BDC_TABLE_MAX_FIVE_CARD_SEATS: int
    BDC_TABLE_MAX_CHIPS: int
    BDC_TABLE_MAX_EVENTS: int
    BDC_TABLE_START_UNIFORMS: int
    BDC_TABLE_ACT_UNIFORMS: int
    BDC_FIXED_LIMIT: int
    BDC_POT_LIMIT: int
    BDC_NO_LIMIT: int
    BDC_PHASE_BET: int
    BDC_PHASE_DRAW: int
    BDC_PHASE_OVER: int
    BDC_ACTION_FOLD: int
    BDC_ACTION_CHECK_CALL: int
    BDC_EVENT_DEAL: int
    BDC_EVENT_FOLD: int
    BDC_EVENT_CALL: int
    BDC_EVENT_RAISE: int
    BDC_EVENT_DRAW: int
    BDC_EVENT_BURN: int
    BDC_EVENT_RESHUFFLE: int
    BDC_EVENT_RETURN: int
    BDC_EVENT_SHOW: int
    BDC_EVENT_WIN: int
    def bdc_table_start(
        self, table: Any, rules: Any, n_seats: int, stacks: Any, button: int, deck: Any, seed: int, io: Any, /
    ) -> int: ...
    def bdc_table_start_posted(
        self, table: Any, rules: Any, n_seats: int, stacks: Any, button: int, posted: int, dead: int, deck: Any,
        seed: int, io: Any, /
    ) -> int: ...
    def bdc_table_check(self, table: Any, /) -> int: ...
    def bdc_table_legal(self, table: Any, legal: Any, /) -> int: ...
    def bdc_table_can(self, table: Any, action: int, /) -> int: ...
    def bdc_table_act(self, table: Any, action: int, io: Any, /) -> int: ...
    def bdc_table_cards(self, table: Any, seat: int, out: Any, /) -> int: ...
    BDC_POLICY_RANDOM: int
    BDC_POLICY_CALLING: int
    BDC_POLICY_DRAWING: int
    BDC_POLICIES: int
    BDC_SELFPLAY_SHUFFLED: int
    BDC_SELFPLAY_DRAWN: int
    def bdc_selfplay(
        self, rules: Any, n_seats: int, stacks: Any, policies: Any, seed: int, first_deal: int, deals: int,
        duplicate: int, dealing: int, results: Any, /
    ) -> int: ...
    # the vector environment (csrc/bdc_vector.c)
    BDC_OBS_SLOT_SIZE: int
    BDC_OBS_SEAT_FLAGS: int
    BDC_OBS_PARTS: int
    BDC_OBS_MAX_SIZE: int
    BDC_OBS_RAISE_SIZES: int
    BDC_OBS_FOLD: int
    BDC_OBS_CALL: int
    BDC_OBS_RAISE_MIN: int
    BDC_OBS_RAISE_HALF: int
    BDC_OBS_RAISE_POT: int
    BDC_OBS_RAISE_MAX: int
    BDC_OBS_DRAW: int
    def bdc_observation_parts(self, n_seats: int, n_cards: int, sizes: Any, /) -> int: ...
    def bdc_observation_encode(
        self, observer: Any, obs: Any, obs_size: int, mask: Any, n_actions: int, raise_to: Any, /
    ) -> int: ...
    def bdc_observation_of_table(
        self, table: Any, seat: int, record: Any, obs: Any, obs_size: int, mask: Any, n_actions: int, raise_to: Any, /
    ) -> int: ...
    def bdc_vector_reset(
        self, tables: Any, n_tables: int, rules: Any, n_seats: int, stacks: Any, seed: int, first_table: int,
        reseed: int, out: Any, bad_table: Any, /
    ) -> int: ...
    def bdc_vector_step(self, tables: Any, n_tables: int, actions: Any, out: Any, bad_table: Any, /) -> int: ...
    # the solver (csrc/bdc_cfr.c)
    BDC_E_MEMORY: int
    BDC_CFR_KEY_BYTES: int
    BDC_CFR_MAX_HISTORY: int
    BDC_CFR_MAX_ACTIONS: int
    BDC_CFR_CANDIDATES: int
    BDC_CFR_NO_CANDIDATE: int
    BDC_CFR_MIN_ROOM: int
    BDC_CFR_SLOT_WORDS: int
    BDC_CFR_VANILLA: int
    BDC_CFR_LINEAR: int
    BDC_CFR_PLUS: int
    BDC_CFR_FULL_HISTORY: int
    BDC_CFR_ROUND_HISTORY: int
    BDC_CFR_ROUND_OWN_HISTORY: int
    def bdc_cfr_check(self, game: Any, /) -> int: ...
    def bdc_cfr_run(self, game: Any, memory: Any, iterations: int, stop: Any, /) -> int: ...
    def bdc_cfr_rehash(self, memory: Any, /) -> int: ...
    def bdc_cfr_policy(
        self, game: Any, memory: Any, position: int, round: int, legal: Any, cards: Any, n_cards: int,
        history: Any, n_history: int, own: Any, n_own: int, actions: Any, probabilities: Any, seen: Any, /
    ) -> int: ...
    def bdc_cfr_policy_many(
        self, game: Any, memory: Any, position: int, round: int, legal: Any, hands: Any, n_hands: int,
        n_cards: int, history: Any, n_history: int, own: Any, n_own: int, actions: Any, probabilities: Any,
        n_actions: Any, seen: Any, bad_row: Any, /
    ) -> int: ...
    def bdc_cfr_key(
        self, game: Any, position: int, round: int, legal: Any, cards: Any, n_cards: int, history: Any,
        n_history: int, own: Any, n_own: int, key: Any, /
    ) -> int: ...
    BDC_SUBGAME_ACTIONS: int
    BDC_SUBGAME_MAX_NODES: int
    BDC_SUBGAME_MAX_HANDS: int
    BDC_SUBGAME_MAX_PAIRS: int
    BDC_SUBGAME_MAX_ITERATIONS: int
    BDC_GADGET_NONE: int
    BDC_GADGET_BLUEPRINT: int
    BDC_GADGET_BEST_RESPONSE: int
    BDC_GADGET_MAXMARGIN: int
    def bdc_subgame_tree(self, table: Any, nodes: Any, max_nodes: int, /) -> int: ...
    def bdc_subgame_work(self, problem: Any, n_work: Any, /) -> int: ...
    def bdc_subgame_solve(
        self, problem: Any, iterations: int, work: Any, n_work: int, strategy0: Any, strategy1: Any, result: Any, /
    ) -> int: ...
    def bdc_subgame_payoffs(self, problem: Any, payoffs: Any, n_payoffs: int, /) -> int: ...
    # csrc/bindings/bdc_bindings.h: the binding's own entry points
    BDC_FLAG_ID_0_OR_1: int
    def bdc_badugi_low4_flagged(self, c0: int, c1: int, c2: int, c3: int, /) -> int: ...
    def bdc_badugi_high4_flagged(self, c0: int, c1: int, c2: int, c3: int, /) -> int: ...
    def bdc_badugi_low5_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badugi_high5_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_deuce_seven_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_ace_five_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badeucey_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_badacey_flagged(self, c0: int, c1: int, c2: int, c3: int, c4: int, /) -> int: ...
    def bdc_draw_run_out(self, spec: Any, cards: bytes, first_begin: int, first_end: int, samples: int, out: Any, /) -> int: ...
    # the one-hand builtins (csrc/bindings/one_hand.c)
    BDC_PY_BADEUCEY: int
    BDC_PY_BADACEY: int
    BDC_PY_BADEUCEY_MASK: int
    BDC_PY_BADACEY_MASK: int
    BDC_PY_DEUCE_SEVEN: int
    BDC_PY_ACE_FIVE: int
    BDC_PY_BADUGI: int
    BDC_PY_QUICK_IDS: int
    BDC_PY_KINDS: int
    def bdc_table_act_legal(self, table: Any, action: int, io: Any, legal: Any, /) -> int: ...
    def bdc_py_install(self, module: bytes, attribute: bytes, /) -> int: ...
    def bdc_py_install_hand(self, module: bytes, attribute: bytes, /) -> int: ...
    # a Mersenne Twister stream, random.Random's generator (csrc/bdc_mt.c)
    BDC_MT_WORDS: int
    def bdc_mt_seed(self, mt: Any, seed: int, /) -> int: ...
    def bdc_mt_seed_words(self, seed: int, out: Any, n: int, /) -> int: ...
    def bdc_mt_uniforms(self, mt: Any, out: Any, n: int, /) -> int: ...

lib: _Lib
