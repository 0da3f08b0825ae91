/*
 * bdc_vector.c - the observation of triple_draw_v1 and the vector
 * environment (badeucey.h, "the vector environment"): many tables stepped in
 * one call on the hand's state machine of bdc_table.c, each table dealing
 * its next hand itself when one ends.
 *
 * The encoder is the one writer of the observation layout, and
 * fill_observer_of the one reader of a table for it: the AEC environment
 * (badeucey_fast/env/triple_draw_v1.py) calls bdc_observation_of_table with
 * its hand's table and the records it keeps.  Tables are used through the public entry
 * points of bdc_table.c only, which check a table before reading it.
 */
#include <string.h>

#include "badeucey.h"
#include "bdc_internal.h"

#define RAISE_COUNTS 5 /* the raises part: one-hot 0, 1, 2, 3, 4 or more */
#define RAISES_LEFT 6  /* the raises_left part: one-hot 0, 1, 2, 3, 4 or more, uncapped */
#define MONEY 5        /* pot, to call, smallest and largest raise-to, the call's share of the pot */
#define PHASES 8       /* bet 0, draw 1, bet 1, draw 2, bet 2, draw 3, bet 3, over */
#define PHASE_OVER_INDEX 7
#define DRAWS 3
#define BETTING_ROUNDS 4
#define RANKS 13
#define SUITS 4
#define RANK_SHARED 17 /* within a slot: another slot has this rank */
#define SUIT_SHARED 18 /* within a slot: another slot has this suit */
#define MAX_MONEY ((int64_t)BDC_TABLE_MAX_SEATS * BDC_TABLE_MAX_CHIPS) /* any amount at a table */
#define TABLE_STEP 0x9E3779B97F4A7C15u /* splitmix64's increment */

/* ------------------------------------------------------------------------ */
/* The layout                                                                 */
/* ------------------------------------------------------------------------ */

static int seats_ok(int n_seats, int n_cards)
{
    if (n_cards != BDC_MIN_HAND_CARDS && n_cards != BDC_MAX_HAND_CARDS)
        return 0;
    return n_seats >= BDC_MIN_SEATS &&
           n_seats <= (n_cards == BDC_MIN_HAND_CARDS ? BDC_TABLE_MAX_SEATS : BDC_TABLE_MAX_FIVE_CARD_SEATS);
}

static int seat_width(int n_cards)
{
    return BDC_OBS_SEAT_FLAGS + DRAWS * (n_cards + 2);
}

int bdc_observation_parts(int n_seats, int n_cards, int32_t sizes[9])
{
    int32_t local[BDC_OBS_PARTS];
    int32_t *out = sizes ? sizes : local;
    int i, total = 0;
    if (!seats_ok(n_seats, n_cards))
        return BDC_E_ARGUMENT;
    out[0] = BDC_OBS_SLOT_SIZE * n_cards; /* cards */
    out[1] = BDC_DECK_SIZE;               /* thrown */
    out[2] = PHASES;
    out[3] = n_seats;                     /* position */
    out[4] = RAISE_COUNTS;
    out[5] = RAISES_LEFT;
    out[6] = MONEY;
    out[7] = 1;                           /* to_act */
    out[8] = n_seats * seat_width(n_cards);
    for (i = 0; i < BDC_OBS_PARTS; i++)
        total += out[i];
    return total;
}

/* ------------------------------------------------------------------------ */
/* The encoder                                                                */
/* ------------------------------------------------------------------------ */

static int money_ok(int64_t v)
{
    return v >= 0 && v <= MAX_MONEY;
}

static int observer_ok(const bdc_observer *o)
{
    int n = o->n_seats, s, i, d;
    uint64_t seen = 0;
    if (!seats_ok(n, o->n_cards))
        return 0;
    if (o->seat < 0 || o->seat >= n || o->button < 0 || o->button >= n || o->to_act < -1 || o->to_act >= n)
        return 0;
    if (o->phase < BDC_PHASE_BET || o->phase > BDC_PHASE_OVER || o->round < 0 || o->round >= BETTING_ROUNDS)
        return 0;
    if ((o->phase == BDC_PHASE_DRAW && o->round < 1) || (o->phase == BDC_PHASE_OVER) != (o->to_act < 0))
        return 0;
    if (o->n_held < 0 || o->n_held > o->n_cards)
        return 0;
    for (i = 0; i < o->n_held; i++) {
        if (o->held[i] >= BDC_DECK_SIZE || seen >> o->held[i] & 1)
            return 0;
        seen |= (uint64_t)1 << o->held[i];
    }
    if (o->thrown >> BDC_DECK_SIZE || o->raises_left < -1 || o->chips < 1 || !money_ok(o->chips) ||
        !money_ok(o->pot))
        return 0;
    for (i = 0; i < BETTING_ROUNDS; i++)
        if (o->raises[i] < 0 || o->aggressor[i] < -1 || o->aggressor[i] >= n)
            return 0;
    for (s = 0; s < n; s++) {
        if (!money_ok(o->stacks[s]) || !money_ok(o->bets[s]) || !money_ok(o->committed[s]) || o->folded[s] > 1 ||
            o->all_in[s] > 1)
            return 0;
        for (d = 0; d < DRAWS; d++)
            if (o->drew[d][s] < -1 || o->drew[d][s] > o->n_cards)
                return 0;
    }
    if (o->to_act == o->seat) { /* the legal actions are read */
        const bdc_legal *l = &o->legal;
        if (l->seat != o->seat || l->phase != o->phase || (l->can_fold != 0 && l->can_fold != 1) ||
            (l->can_raise != 0 && l->can_raise != 1) || !money_ok(l->to_call))
            return 0;
        if (l->can_raise && (!money_ok(l->min_raise_to) || !money_ok(l->max_raise_to) ||
                             l->min_raise_to > l->max_raise_to))
            return 0;
        if (l->max_discard < 0 || l->max_discard > o->n_cards)
            return 0;
    }
    return 1;
}

/* The legal actions of the observer (bit a: action a) and the chips of the
 * four raise sizes (0 where masked). */
static uint64_t legal_actions(const bdc_observer *o, int64_t amounts[BDC_OBS_RAISE_SIZES])
{
    const bdc_legal *l = &o->legal;
    uint64_t bits = 0;
    int i, j;
    memset(amounts, 0, BDC_OBS_RAISE_SIZES * sizeof *amounts);
    if (o->to_act != o->seat)
        return 0;
    if (o->phase == BDC_PHASE_DRAW) { /* every mask of the slots that throws at most max_discard cards */
        uint64_t m;
        for (m = 0; m < (uint64_t)1 << o->n_cards; m++)
            if (bdc_popcount(m) <= l->max_discard)
                bits |= (uint64_t)1 << (BDC_OBS_DRAW + m);
        return bits;
    }
    if (o->phase != BDC_PHASE_BET)
        return 0;
    bits = (uint64_t)1 << BDC_OBS_CALL;
    if (l->can_fold)
        bits |= (uint64_t)1 << BDC_OBS_FOLD;
    if (l->can_raise) {
        int64_t low = l->min_raise_to, high = l->max_raise_to;
        int64_t level = o->bets[o->seat] + l->to_call; /* the bet to match: a seat that may raise covers it */
        int64_t pot_called = o->pot + l->to_call;
        int64_t wanted[BDC_OBS_RAISE_SIZES];
        wanted[0] = low;
        wanted[1] = level + pot_called / 2;
        wanted[2] = level + pot_called;
        wanted[3] = high;
        for (i = 0; i < BDC_OBS_RAISE_SIZES; i++) {
            int64_t amount = wanted[i] < low ? low : (wanted[i] > high ? high : wanted[i]);
            int repeated = 0;
            for (j = 0; j < i; j++)
                repeated |= (wanted[j] < low ? low : (wanted[j] > high ? high : wanted[j])) == amount;
            if (!repeated) {
                amounts[i] = amount;
                bits |= (uint64_t)1 << (BDC_OBS_RAISE_MIN + i);
            }
        }
    }
    return bits;
}

static float share(int64_t amount, int64_t whole)
{
    return (float)((double)amount / (double)whole);
}

/* Writes the observation (size checked by the caller) of a checked observer. */
static void encode(const bdc_observer *o, float *obs)
{
    int32_t sizes[BDC_OBS_PARTS], start[BDC_OBS_PARTS];
    int n = o->n_seats, k = o->n_cards, seat = o->seat, i, j, d;
    int size = bdc_observation_parts(n, k, sizes), width = seat_width(k), now, before;
    uint8_t slots[BDC_MAX_HAND_CARDS];
    uint64_t thrown = o->thrown;
    const bdc_legal *l = &o->legal;
    start[0] = 0;
    for (i = 1; i < BDC_OBS_PARTS; i++)
        start[i] = start[i - 1] + sizes[i - 1];
    memset(obs, 0, (size_t)size * sizeof *obs);

    /* cards: the slots, lowest card id first */
    memcpy(slots, o->held, (size_t)o->n_held);
    for (i = 1; i < o->n_held; i++)
        for (j = i; j > 0 && slots[j - 1] > slots[j]; j--) {
            uint8_t x = slots[j];
            slots[j] = slots[j - 1];
            slots[j - 1] = x;
        }
    for (i = 0; i < o->n_held; i++) {
        float *slot = obs + start[0] + BDC_OBS_SLOT_SIZE * i;
        int rank = slots[i] >> 2, suit = slots[i] & 3, same_rank = 0, same_suit = 0;
        for (j = 0; j < o->n_held; j++) {
            same_rank += (slots[j] >> 2) == rank;
            same_suit += (slots[j] & 3) == suit;
        }
        slot[rank] = 1;
        slot[RANKS + suit] = 1;
        if (same_rank > 1)
            slot[RANK_SHARED] = 1;
        if (same_suit > 1)
            slot[SUIT_SHARED] = 1;
    }
    while (thrown) {
        obs[start[1] + bdc_lowest_bit(thrown)] = 1;
        thrown &= thrown - 1;
    }
    obs[start[2] + (o->phase == BDC_PHASE_BET ? 2 * o->round
                    : o->phase == BDC_PHASE_DRAW ? 2 * o->round - 1 : PHASE_OVER_INDEX)] = 1;
    obs[start[3] + ((seat - o->button - 1) % n + n) % n] = 1;
    if (o->phase == BDC_PHASE_BET) {
        int raises = o->raises[o->round], left = o->raises_left;
        obs[start[4] + (raises < RAISE_COUNTS - 1 ? raises : RAISE_COUNTS - 1)] = 1;
        obs[start[5] + (left < 0 ? RAISES_LEFT - 1 : (left < RAISES_LEFT - 2 ? left : RAISES_LEFT - 2))] = 1;
    }
    if (o->to_act == seat)
        obs[start[7]] = 1;

    /* money */
    obs[start[6]] = share(o->pot, o->chips);
    if (o->to_act == seat && o->phase == BDC_PHASE_BET) {
        obs[start[6] + 1] = share(l->to_call, o->chips);
        obs[start[6] + 2] = l->can_raise ? share(l->min_raise_to, o->chips) : 0;
        obs[start[6] + 3] = l->can_raise ? share(l->max_raise_to, o->chips) : 0;
    }
    if (o->to_act == seat && l->to_call)
        obs[start[6] + 4] = share(l->to_call, o->pot + l->to_call);

    /* seats, the observer first, then clockwise */
    now = o->phase == BDC_PHASE_BET ? o->aggressor[o->round] : -1;
    before = o->phase != BDC_PHASE_OVER && o->round >= 1 ? o->aggressor[o->round - 1] : -1;
    for (j = 0; j < n; j++) {
        int s = (seat + j) % n;
        float *row = obs + start[8] + width * j;
        row[0] = share(o->stacks[s], o->chips);
        row[1] = share(o->bets[s], o->chips);
        row[2] = share(o->committed[s], o->chips);
        row[3] = o->folded[s];
        row[4] = o->all_in[s];
        row[5] = s == o->button;
        row[6] = s == o->to_act;
        row[7] = s == now;
        row[8] = s == before;
        for (d = 0; d < DRAWS; d++)
            row[BDC_OBS_SEAT_FLAGS + d * (k + 2) + (o->drew[d][s] < 0 ? 0 : 1 + o->drew[d][s])] = 1;
    }
}

int bdc_observation_encode(const bdc_observer *o, float *obs, size_t obs_size, int8_t *mask, size_t n_actions,
                           int64_t raise_to[4])
{
    int64_t amounts[BDC_OBS_RAISE_SIZES];
    uint64_t bits;
    size_t a;
    if (!o || !observer_ok(o))
        return BDC_E_ARGUMENT;
    if (obs && obs_size != (size_t)bdc_observation_parts(o->n_seats, o->n_cards, NULL))
        return BDC_E_ARGUMENT;
    if (mask && n_actions != (size_t)BDC_OBS_DRAW + ((size_t)1 << o->n_cards))
        return BDC_E_ARGUMENT;
    bits = legal_actions(o, amounts);
    if (obs)
        encode(o, obs);
    if (mask)
        for (a = 0; a < n_actions; a++)
            mask[a] = (int8_t)(bits >> a & 1);
    if (raise_to)
        memcpy(raise_to, amounts, sizeof amounts);
    return BDC_OK;
}

/* ------------------------------------------------------------------------ */
/* The vector environment                                                     */
/* ------------------------------------------------------------------------ */

static uint64_t mix64(uint64_t z) /* splitmix64's finaliser: a bijection */
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A uniform integer in 0 .. range - 1 (1 <= range <= 2^32): Lemire's
 * multiply-shift, rejecting the few biased products. */
static uint32_t below(uint64_t rng[4], uint32_t range)
{
    uint64_t m = (bdc_rng_next(rng) >> 32) * range;
    uint32_t low = (uint32_t)m;
    if (low < range) {
        uint32_t threshold = (0u - range) % range;
        while (low < threshold) {
            m = (bdc_rng_next(rng) >> 32) * range;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static int out_ok(const bdc_vector_out *out, size_t n_tables)
{
    if (!out || !out->observations || !out->masks || !out->seats || !out->rewards || !out->payoffs || !out->dones)
        return 0;
    if (n_tables > SIZE_MAX / sizeof(float) / BDC_OBS_MAX_SIZE) /* rows that cannot be addressed */
        return 0;
    return out->n_seats >= BDC_MIN_SEATS && out->n_seats <= BDC_TABLE_MAX_SEATS;
}

/* The observer `seat` (in range) at a table, in play or over, with the records
 * of the hand kept beside it: that seat's cards thrown, the raises and
 * aggressors of each round, the cards drawn.  The legal actions are the seat
 * to act's (bdc_table_legal checks the table). */
static int fill_observer_of(const bdc_table *t, int seat, uint64_t thrown, const int32_t raises[BETTING_ROUNDS],
                            const int32_t aggressor[BETTING_ROUNDS], const int8_t drew[DRAWS][BDC_TABLE_MAX_SEATS],
                            bdc_observer *o)
{
    int s, rc;
    memset(o, 0, sizeof *o);
    rc = bdc_table_legal(t, &o->legal);
    if (rc)
        return rc;
    o->n_seats = t->n_seats;
    o->n_cards = t->rules.game.n_cards;
    o->seat = seat;
    o->button = t->button;
    o->to_act = t->phase == BDC_PHASE_OVER ? -1 : t->to_act;
    o->phase = t->phase;
    o->round = t->round;
    o->n_held = t->n_hole[seat];
    memcpy(o->held, t->hole[seat], sizeof o->held);
    o->thrown = thrown;
    memcpy(o->raises, raises, sizeof o->raises);
    memcpy(o->aggressor, aggressor, sizeof o->aggressor);
    o->raises_left = o->legal.raises_left;
    for (s = 0; s < t->n_seats; s++) {
        if (t->phase != BDC_PHASE_OVER) /* (a settled hand's pot is paid out: 0) */
            o->pot += t->committed[s];
        o->chips += t->start[s];
        o->stacks[s] = t->stacks[s];
        o->bets[s] = t->bets[s];
        o->committed[s] = t->committed[s];
        o->folded[s] = t->folded[s];
        o->all_in[s] = t->all_in[s];
    }
    memcpy(o->drew, drew, sizeof o->drew);
    return BDC_OK;
}

/* The observer of the seat to act at a checked table in play. */
static int fill_observer(const bdc_vector_table *v, bdc_observer *o)
{
    int seat = v->table.to_act;
    return fill_observer_of(&v->table, seat, v->thrown[seat], v->raises, v->aggressor, v->drew, o);
}

int bdc_observation_of_table(const bdc_table *t, int seat, const bdc_obs_record *record, float *obs, size_t obs_size,
                             int8_t *mask, size_t n_actions, int64_t raise_to[4])
{
    bdc_observer o;
    int rc;
    if (!t || !record || seat < 0 || seat >= t->n_seats || t->n_seats > BDC_TABLE_MAX_SEATS)
        return BDC_E_ARGUMENT;
    rc = fill_observer_of(t, seat, record->thrown[seat], record->raises, record->aggressor, record->drew, &o);
    if (rc)
        return rc;
    return bdc_observation_encode(&o, obs, obs_size, mask, n_actions, raise_to); /* (checks the record's numbers) */
}

/* Writes table i's observation and mask, and keeps its legal actions. */
static int observe(bdc_vector_table *v, const bdc_vector_out *out, size_t i)
{
    bdc_observer o;
    int64_t amounts[BDC_OBS_RAISE_SIZES];
    int rc = fill_observer(v, &o);
    if (rc)
        return rc;
    if (o.n_seats != out->n_seats)
        return BDC_E_ARGUMENT;
    rc = bdc_observation_encode(&o, out->observations + i * out->obs_size, out->obs_size,
                                out->masks + i * out->n_actions, out->n_actions, amounts);
    if (rc)
        return rc;
    v->mask = legal_actions(&o, amounts);
    memcpy(v->raise_to, amounts, sizeof amounts);
    out->seats[i] = o.seat;
    return BDC_OK;
}

/* Deals the next hand at a table from its deal stream, with the table's
 * rules, seats and starting stacks. */
static int deal(bdc_vector_table *v, const bdc_table_rules *rules, int n_seats, const int64_t *stacks)
{
    bdc_table_rules r = *rules;
    int64_t start[BDC_TABLE_MAX_SEATS];
    int i, n = 0, button, rc;
    uint64_t seed, cards = r.deck ? r.deck : BDC_FULL_DECK; /* the rules' deck (0: all 52 cards) */
    memcpy(start, stacks, (size_t)n_seats * sizeof *start);
    button = (int)below(v->deals, (uint32_t)n_seats);
    for (i = 0; i < BDC_DECK_SIZE; i++)
        if (cards >> i & 1)
            v->deck[n++] = (uint8_t)i;
    for (i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)below(v->deals, (uint32_t)i + 1);
        uint8_t c = v->deck[i];
        v->deck[i] = v->deck[j];
        v->deck[j] = c;
    }
    seed = bdc_rng_next(v->deals);
    rc = bdc_table_start(&v->table, &r, n_seats, start, button, v->deck, seed, NULL);
    if (rc)
        return rc;
    v->seed = seed;
    v->hands++;
    memset(v->thrown, 0, sizeof v->thrown);
    memset(v->drew, -1, sizeof v->drew);
    memset(v->raises, 0, sizeof v->raises);
    for (i = 0; i < BETTING_ROUNDS; i++)
        v->aggressor[i] = -1;
    return BDC_OK;
}

static int stream_ok(const uint64_t rng[4])
{
    return (rng[0] | rng[1] | rng[2] | rng[3]) != 0; /* xoshiro's one state that never leaves itself */
}

static void clear_row(const bdc_vector_out *out, size_t i)
{
    int s;
    for (s = 0; s < out->n_seats; s++) {
        out->rewards[i * (size_t)out->n_seats + (size_t)s] = 0;
        out->payoffs[i * (size_t)out->n_seats + (size_t)s] = 0;
    }
    out->dones[i] = 0;
}

static int sizes_fit(const bdc_vector_out *out, int n_seats, int n_cards)
{
    return out->n_seats == n_seats && out->obs_size == (size_t)bdc_observation_parts(n_seats, n_cards, NULL) &&
           out->n_actions == (size_t)BDC_OBS_DRAW + ((size_t)1 << n_cards);
}

int bdc_vector_reset(bdc_vector_table *tables, size_t n_tables, const bdc_table_rules *rules, int n_seats,
                     const int64_t *stacks, uint64_t seed, uint64_t first_table, int reseed, const bdc_vector_out *out,
                     size_t *bad_table)
{
    size_t i;
    int rc;
    if (bad_table)
        *bad_table = 0;
    if (!tables || !out_ok(out, n_tables) || (reseed != 0 && reseed != 1))
        return BDC_E_ARGUMENT;
    if (reseed) {
        bdc_table probe;
        if (!rules || !stacks || !seats_ok(n_seats, rules->game.n_cards) || !sizes_fit(out, n_seats, rules->game.n_cards))
            return BDC_E_ARGUMENT;
        /* the settings, checked once by the state machine itself */
        rc = bdc_table_start(&probe, rules, n_seats, stacks, 0, NULL, 0, NULL);
        if (rc)
            return rc;
    } else {
        for (i = 0; i < n_tables; i++) {
            const bdc_table *t = &tables[i].table;
            if (bdc_table_check(t) || !stream_ok(tables[i].deals) ||
                !sizes_fit(out, t->n_seats, t->rules.game.n_cards)) {
                if (bad_table)
                    *bad_table = i;
                return BDC_E_ARGUMENT;
            }
        }
    }
    for (i = 0; i < n_tables; i++) {
        bdc_vector_table *v = &tables[i];
        if (reseed) {
            memset(v, 0, sizeof *v);
            bdc_rng_seed(mix64(mix64(seed) ^ (first_table + i)), v->deals);
            rc = deal(v, rules, n_seats, stacks);
        } else {
            bdc_table_rules r = v->table.rules;
            int64_t start[BDC_TABLE_MAX_SEATS];
            memcpy(start, v->table.start, sizeof start);
            rc = deal(v, &r, v->table.n_seats, start);
        }
        if (!rc)
            rc = observe(v, out, i);
        if (rc) {
            if (bad_table)
                *bad_table = i;
            return rc;
        }
        clear_row(out, i);
    }
    return BDC_OK;
}

/* The state machine's action for environment action a (legal, checked against
 * the table's mask) at a checked table. */
static int64_t table_action(const bdc_vector_table *v, int64_t a)
{
    const bdc_table *t = &v->table;
    int seat = t->to_act, n = t->n_hole[seat], order[BDC_MAX_HAND_CARDS], i, j;
    int64_t thrown = 0;
    if (a == BDC_OBS_FOLD)
        return BDC_ACTION_FOLD;
    if (a == BDC_OBS_CALL)
        return BDC_ACTION_CHECK_CALL;
    if (a < BDC_OBS_DRAW)
        return v->raise_to[a - BDC_OBS_RAISE_MIN];
    for (i = 0; i < n; i++) /* the seat's card positions, lowest card id first: the slots */
        order[i] = i;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && t->hole[seat][order[j - 1]] > t->hole[seat][order[j]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    for (i = 0; i < n; i++)
        if ((a - BDC_OBS_DRAW) >> i & 1)
            thrown |= (int64_t)1 << order[i];
    return thrown;
}

static uint64_t held_mask(const bdc_table *t, int seat)
{
    uint64_t m = 0;
    int i;
    for (i = 0; i < t->n_hole[seat]; i++)
        if (t->hole[seat][i] < BDC_DECK_SIZE) /* (a table not yet checked may hold anything) */
            m |= (uint64_t)1 << t->hole[seat][i];
    return m;
}

/* One table's step: the action, the records the observation keeps, the
 * payoffs and the next hand when this one ends, the observation.  What is
 * read before the action is only bounded here (so that no read leaves the
 * table); bdc_table_act checks the whole table, and the reads are used only
 * once it has taken the action. */
static int step_one(bdc_vector_table *v, int64_t a, const bdc_vector_out *out, size_t i)
{
    bdc_table *t = &v->table;
    int n = t->n_seats, seat = t->to_act, phase = t->phase, round = t->round, s, rc;
    int64_t level, bet, stack, action;
    uint64_t held = 0;
    if (n < BDC_MIN_SEATS || n > BDC_TABLE_MAX_SEATS || seat < 0 || seat >= n ||
        t->n_hole[seat] > BDC_MAX_HAND_CARDS || (phase != BDC_PHASE_BET && phase != BDC_PHASE_DRAW) || round < 0 ||
        round >= BETTING_ROUNDS || !stream_ok(v->deals) || !sizes_fit(out, n, t->rules.game.n_cards))
        return BDC_E_ARGUMENT;
    level = t->level;
    bet = t->bets[seat];
    stack = t->stacks[seat];
    if (phase == BDC_PHASE_DRAW)
        held = held_mask(t, seat);
    action = table_action(v, a);
    rc = bdc_table_act(t, action, NULL);
    if (rc)
        return rc == BDC_E_ILLEGAL ? BDC_E_ARGUMENT : rc; /* a mask that is not the table's: a damaged record */
    clear_row(out, i);
    if (phase == BDC_PHASE_BET) {
        /* the bet a call would have made: more than that is a bet or raise */
        int64_t owed = level - bet, facing = bet + (owed <= 0 ? 0 : (owed < stack ? owed : stack));
        if (t->phase == BDC_PHASE_BET && t->round == round && t->bets[seat] > facing) {
            if (v->raises[round] < INT32_MAX)
                v->raises[round]++;
            v->aggressor[round] = seat;
        }
    } else {
        v->thrown[seat] |= held & ~held_mask(t, seat);
        v->drew[round - 1][seat] = (int8_t)bdc_popcount((uint64_t)action);
    }
    if (t->phase == BDC_PHASE_OVER) {
        bdc_table_rules r = t->rules;
        int64_t start[BDC_TABLE_MAX_SEATS];
        for (s = 0; s < n; s++) {
            size_t at = i * (size_t)out->n_seats + (size_t)s;
            out->payoffs[at] = t->payoffs[s];
            out->rewards[at] = share(t->payoffs[s], r.big_blind);
        }
        out->dones[i] = 1;
        memcpy(start, t->start, sizeof start);
        rc = deal(v, &r, n, start);
        if (rc)
            return rc;
    }
    return observe(v, out, i);
}

int bdc_vector_step(bdc_vector_table *tables, size_t n_tables, const int64_t *actions, const bdc_vector_out *out,
                    size_t *bad_table)
{
    size_t i, n_actions;
    int rc;
    if (bad_table)
        *bad_table = 0;
    if (!tables || !actions || !out_ok(out, n_tables))
        return BDC_E_ARGUMENT;
    n_actions = out->n_actions;
    if (n_actions > 64)
        return BDC_E_ARGUMENT;
    for (i = 0; i < n_tables; i++) /* every action checked before any table moves */
        if (actions[i] < 0 || (uint64_t)actions[i] >= n_actions || !(tables[i].mask >> actions[i] & 1)) {
            if (bad_table)
                *bad_table = i;
            return BDC_E_ILLEGAL;
        }
    for (i = 0; i < n_tables; i++) {
        rc = step_one(&tables[i], actions[i], out, i);
        if (rc) {
            if (bad_table)
                *bad_table = i;
            return rc;
        }
    }
    return BDC_OK;
}
