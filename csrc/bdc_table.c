/*
 * bdc_table.c - the hand's state machine (badeucey.h, "the hand's state
 * machine"): deal, four betting rounds, three draws, settle.
 *
 * The package's one implementation of the betting and drawing rules
 * (play.Hand wraps it).  The differential test (tests/test_engine_c.py) holds
 * it to an independent Python state machine (tests/oracle_hand.py): the same
 * actions and the same uniforms give the same cards, the same chips and the
 * same events.  The showdown ranks hands with the core's public ranking
 * functions only.
 */
#include <string.h>

#include "badeucey.h"
#include "bdc_internal.h"

#define BDC_NO_SEAT (-1)
#define BDC_LAST_ROUND BDC_MAX_DRAWS              /* betting rounds 0..3 at most; draws 1..3 */
#define BDC_UNIFORM_SCALE (1.0 / 9007199254740992.0) /* 2^-53: a 53-bit word as a double in [0, 1) */
#define BDC_CHECKED_MARK 0xB5                     /* bdc_table.checked of a table bdc_table_start made */

/* The C library's memset and memcpy for whole tables (near a kilobyte), called
 * through volatile pointers so that no compiler expands them inline: x86
 * compilers expand a fixed-size copy of that length as one string
 * instruction (rep stos, rep movs), slow to start, where the library's
 * vector loops are not.  Self-play clears a table every deal and copies it
 * for every rotation. */
static void *(*const volatile clear_bytes)(void *, int, size_t) = memset;
static void *(*const volatile copy_bytes)(void *, const void *, size_t) = memcpy;

/* One call's context: the table, where uniforms come from, where events go. */
typedef struct {
    bdc_table *t;
    const double *uniforms; /* NULL: the table's generator */
    size_t used;
    bdc_table_event *events; /* NULL: no record */
    size_t n_events, max_events;
    int error;              /* the cards ran out (cannot happen within the seat limits) */
} ctx;

/* The rules' deck, draws and discard limit (a 0 field: the full game's). */
static uint64_t deck_cards(const bdc_table_rules *r)
{
    return r->deck ? r->deck : BDC_FULL_DECK;
}

/* The number of bits set (a SWAR count: a table check counts a deck twice). */
static int count_bits(uint64_t m)
{
    m -= (m >> 1) & 0x5555555555555555u;
    m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((m * 0x0101010101010101u) >> 56);
}

static int deck_size(const bdc_table_rules *r)
{
    return count_bits(deck_cards(r));
}

/* The last betting round: one per draw after round 0. */
static int last_round(const bdc_table_rules *r)
{
    return r->draws ? r->draws : BDC_LAST_ROUND;
}

static int discard_limit(const bdc_table_rules *r)
{
    return r->max_discard ? r->max_discard : r->game.n_cards;
}

static int bits(int64_t m)
{
    return count_bits((uint64_t)m);
}

/* floor(u * left), at most left - 1, for a uniform u in [0, 1). */
static int index_of(double u, int left)
{
    int j = (int)(u * (double)left);
    return j < left ? j : left - 1;
}

/* A uniform index in 0 .. left - 1: index_of the next uniform. */
static int pick(ctx *c, int left)
{
    if (c->uniforms)
        return index_of(c->uniforms[c->used++], left);
    return index_of((double)(bdc_rng_next(c->t->rng) >> 11) * BDC_UNIFORM_SCALE, left);
}

/* count cards picked from the stub (count <= n_stub) to out, by pick's rule
 * (the table's generator held in locals while it deals). */
static void pick_cards(ctx *c, int count, uint8_t *out)
{
    bdc_table *t = c->t;
    int left = t->n_stub, k;
    if (c->uniforms) {
        for (k = 0; k < count; k++) {
            int j = pick(c, left--);
            out[k] = t->stub[j];
            t->stub[j] = t->stub[left];
        }
    } else {
        uint64_t rng[4];
        for (k = 0; k < 4; k++) /* word by word: a block copy back stalls on the words just stored */
            rng[k] = t->rng[k];
        for (k = 0; k < count; k++) {
            int j = index_of((double)(bdc_rng_next(rng) >> 11) * BDC_UNIFORM_SCALE, left--);
            out[k] = t->stub[j];
            t->stub[j] = t->stub[left];
        }
        for (k = 0; k < 4; k++)
            t->rng[k] = rng[k];
    }
    t->n_stub = (uint8_t)left;
}

static bdc_table_event *event(ctx *c, int kind, int seat, int64_t amount)
{
    bdc_table_event *e;
    if (!c->events || c->n_events >= c->max_events)
        return NULL;
    e = &c->events[c->n_events++];
    memset(e, 0, sizeof *e);
    e->kind = (int8_t)kind;
    e->seat = (int8_t)seat;
    e->round = (int8_t)c->t->round;
    e->amount = amount;
    return e;
}

/* ------------------------------------------------------------------------ */
/* Dealing                                                                    */
/* ------------------------------------------------------------------------ */

/* The stub ran out: every card out of play so far becomes the new stub. */
static void reform(ctx *c)
{
    bdc_table *t = c->t;
    memcpy(t->stub, t->muck, t->n_muck);
    t->n_stub = t->n_muck;
    t->n_muck = 0;
    t->ordered = 0;
    event(c, BDC_EVENT_RESHUFFLE, BDC_NO_SEAT, t->n_stub);
}

/* Deals count cards to out: what is left of the stub first when it runs
 * short, then from the stub reformed of the cards out of play. */
static void take(ctx *c, int count, uint8_t *out)
{
    bdc_table *t = c->t;
    int got = 0;
    while (got < count) {
        int left = t->n_stub;
        if (left < count - got) {
            while (t->n_stub)
                out[got++] = t->stub[--t->n_stub];
            if (!t->n_muck) {
                c->error = BDC_E_COUNT;
                while (got < count)
                    out[got++] = 0;
                return;
            }
            reform(c);
            continue;
        }
        if (t->ordered) {
            while (got < count)
                out[got++] = t->stub[--t->n_stub];
        } else {
            pick_cards(c, count - got, out + got);
            got = count;
        }
    }
}

static void burn(ctx *c)
{
    bdc_table *t = c->t;
    uint8_t card;
    bdc_table_event *e;
    take(c, 1, &card);
    t->muck[t->n_muck++] = card;
    e = event(c, BDC_EVENT_BURN, BDC_NO_SEAT, 0);
    if (e) {
        e->cards[0] = card;
        e->n_cards = 1;
    }
}

/* seat + steps around the table, for 0 <= seat < n and 0 <= steps <= n (one
 * subtraction where % would divide: every action takes a few of these). */
static int seat_after(int seat, int steps, int n)
{
    int s = seat + steps;
    return s >= n ? s - n : s;
}

/* The i-th seat in the order of play, counting from the first seat left of the button. */
static int order(const bdc_table *t, int i)
{
    return seat_after(t->button, 1 + i, t->n_seats);
}

static void deal_hands(ctx *c)
{
    bdc_table *t = c->t;
    int n = t->n_seats, size = t->rules.game.n_cards, i, k;
    if (t->ordered) {
        /* the deck's card i goes to the seat order(i % n), the next card last in the stub */
        for (k = 0; k < size; k++)
            for (i = 0; i < n; i++)
                t->hole[order(t, i)][k] = t->stub[--t->n_stub];
    } else {
        /* the same order: round k's picks go to hole[order(i)][k], i = 0 .. n - 1 */
        uint8_t dealt[BDC_TABLE_MAX_SEATS * BDC_MAX_HAND_CARDS];
        pick_cards(c, size * n, dealt);
        for (k = 0; k < size; k++)
            for (i = 0; i < n; i++)
                t->hole[order(t, i)][k] = dealt[k * n + i];
    }
    for (i = 0; i < n; i++) {
        int seat = order(t, i);
        bdc_table_event *e = event(c, BDC_EVENT_DEAL, seat, 0);
        t->n_hole[seat] = (uint8_t)size;
        if (e) {
            memcpy(e->cards, t->hole[seat], (size_t)size);
            e->n_cards = (uint8_t)size;
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Betting                                                                    */
/* ------------------------------------------------------------------------ */

static void post(bdc_table *t, int seat, int64_t amount)
{
    if (amount > t->stacks[seat])
        amount = t->stacks[seat];
    t->stacks[seat] -= amount;
    t->bets[seat] += amount;
    t->committed[seat] += amount;
    if (!t->stacks[seat] && !t->all_in[seat]) {
        t->all_in[seat] = 1;
        t->active--;
    }
}

/* Seat posts an ante: into the pot, not a bet of round 0 (all in when it is short). */
static void post_ante(bdc_table *t, int seat, int64_t amount)
{
    if (amount > t->stacks[seat])
        amount = t->stacks[seat];
    t->stacks[seat] -= amount;
    t->committed[seat] += amount;
    if (!t->stacks[seat] && !t->all_in[seat]) {
        t->all_in[seat] = 1;
        t->active--;
    }
}

/* The dead small blind seat posted (0 for a seat not in the dead mask): the small
 * blind from what the ante and its live big blind left of its starting stack. */
static int64_t dead_blind(const bdc_table *t, int seat)
{
    int64_t left = t->start[seat], part;
    if (!(t->dead >> seat & 1))
        return 0;
    part = left < t->rules.ante ? left : t->rules.ante;
    left -= part;
    part = left < t->rules.big_blind ? left : t->rules.big_blind;
    left -= part;
    return left < t->rules.small_blind ? left : t->rules.small_blind;
}

/* What seat has put in that is its stake: all it committed but a dead small blind. */
static int64_t stake(const bdc_table *t, int seat)
{
    return t->committed[seat] - dead_blind(t, seat);
}

static int64_t pot_total(const bdc_table *t)
{
    int64_t sum = 0;
    int s;
    for (s = 0; s < t->n_seats; s++)
        sum += t->committed[s];
    return sum;
}

static void finish(bdc_table *t)
{
    int s;
    t->phase = BDC_PHASE_OVER;
    t->to_act = BDC_NO_SEAT;
    for (s = 0; s < t->n_seats; s++) {
        t->bets[s] = 0;
        t->pending[s] = 0;
        t->payoffs[s] = t->stacks[s] - t->start[s];
    }
}

/* Gives back the part of the biggest stake that nobody matched (a dead small blind stays). */
static void return_uncalled(ctx *c)
{
    bdc_table *t = c->t;
    int n = t->n_seats, s, seat = 0;
    int64_t top = -1, second = -1;
    for (s = 0; s < n; s++) {
        int64_t v = stake(t, s);
        if (v > top) {
            second = top;
            top = v;
            seat = s;
        } else if (v > second) {
            second = v;
        }
    }
    if (top != second) {
        int64_t back = top - second;
        t->committed[seat] -= back;
        /* what this round's bet does not cover was ante, which nobody matched either */
        t->bets[seat] -= back < t->bets[seat] ? back : t->bets[seat];
        t->stacks[seat] += back;
        if (t->all_in[seat]) {
            t->all_in[seat] = 0;
            t->active += !t->folded[seat];
        }
        event(c, BDC_EVENT_RETURN, seat, back);
    }
}

static void win_uncontested(ctx *c)
{
    bdc_table *t = c->t;
    int winner = 0;
    int64_t amount;
    return_uncalled(c);
    while (winner < t->n_seats - 1 && t->folded[winner])
        winner++;
    amount = pot_total(t);
    t->stacks[winner] += amount;
    finish(t);
    event(c, BDC_EVENT_WIN, winner, amount);
}

/* A hand's rank in each half (the game's halves in order: Badugi, low). */
static void rank_hand(const bdc_game *game, const uint8_t *h, int *ranks)
{
    int k = 0;
    if (game->badugi != BDC_NO_HALF) {
        int high = game->badugi == BDC_BADUGI_HIGH;
        if (game->n_cards == 4)
            ranks[k++] = high ? bdc_badugi_high4(h[0], h[1], h[2], h[3]) : bdc_badugi_low4(h[0], h[1], h[2], h[3]);
        else
            ranks[k++] = high ? bdc_badugi_high5(h[0], h[1], h[2], h[3], h[4])
                              : bdc_badugi_low5(h[0], h[1], h[2], h[3], h[4]);
    }
    if (game->low == BDC_DEUCE_SEVEN)
        ranks[k] = bdc_deuce_seven(h[0], h[1], h[2], h[3], h[4]);
    else if (game->low == BDC_ACE_FIVE)
        ranks[k] = bdc_ace_five(h[0], h[1], h[2], h[3], h[4]);
}

int bdc_table_hand_ranks(const bdc_game *game, const uint8_t *cards, int *ranks)
{
    rank_hand(game, cards, ranks);
    return (game->badugi != BDC_NO_HALF) + (game->low != BDC_NO_HALF);
}

/* Shares amount among the winners (in seat order from left of the button):
 * odd chips one each, first winners first. */
static void share(int64_t *won, const int *winners, int n_winners, int64_t amount)
{
    int64_t base = amount / n_winners, odd = amount % n_winners;
    int i;
    for (i = 0; i < n_winners; i++)
        won[winners[i]] += base + (i < odd ? 1 : 0);
}

static void showdown(ctx *c)
{
    bdc_table *t = c->t;
    const bdc_table_rules *r = &t->rules;
    int n = t->n_seats, s, i, p, h;
    int n_halves = (r->game.badugi != BDC_NO_HALF) + (r->game.low != BDC_NO_HALF);
    int qualifier[2] = {0, 0};
    int ranks[BDC_TABLE_MAX_SEATS][2];
    int64_t won[BDC_TABLE_MAX_SEATS] = {0};
    int64_t levels[BDC_TABLE_MAX_SEATS], prev = 0;
    int n_levels = 0;

    h = 0;
    if (r->game.badugi != BDC_NO_HALF)
        qualifier[h++] = r->badugi_qualifier;
    if (r->game.low != BDC_NO_HALF)
        qualifier[h] = r->low_qualifier;

    /* the pots: one per distinct stake of a live seat, smallest first; the dead
       small blinds in the main pot */
    for (s = 0; s < n; s++) {
        int64_t v = stake(t, s);
        if (t->folded[s])
            continue;
        for (i = 0; i < n_levels && levels[i] != v; i++)
            ;
        if (i == n_levels)
            levels[n_levels++] = v;
    }
    for (i = 1; i < n_levels; i++) { /* insertion sort: at most ten */
        int64_t v = levels[i];
        int j = i;
        while (j > 0 && levels[j - 1] > v) {
            levels[j] = levels[j - 1];
            j--;
        }
        levels[j] = v;
    }
    t->n_pots = 0;
    for (i = 0; i < n_levels; i++) {
        int64_t amount = 0, level = levels[i];
        uint16_t eligible = 0;
        for (s = 0; s < n; s++) {
            int64_t v = stake(t, s);
            amount += (v < level ? v : level) - (v < prev ? v : prev) + (i == 0 ? dead_blind(t, s) : 0);
            if (!t->folded[s] && v >= level)
                eligible |= (uint16_t)(1u << s);
        }
        if (n_levels == 1)
            amount = pot_total(t);
        if (amount) {
            t->pot_amount[t->n_pots] = amount;
            t->pot_eligible[t->n_pots++] = eligible;
        }
        prev = level;
    }

    for (i = 0; i < n; i++) {
        bdc_table_event *e;
        s = order(t, i);
        if (t->folded[s])
            continue;
        rank_hand(&r->game, t->hole[s], ranks[s]);
        e = event(c, BDC_EVENT_SHOW, s, 0);
        if (e) {
            memcpy(e->cards, t->hole[s], t->n_hole[s]);
            e->n_cards = t->n_hole[s];
        }
    }

    for (p = 0; p < t->n_pots; p++) {
        int contenders[BDC_TABLE_MAX_SEATS], n_contenders = 0;
        int best[2] = {0, 0}, found[2] = {0, 0}, any = 0;
        int64_t amount = t->pot_amount[p], amounts[2] = {0, 0};
        for (i = 0; i < n; i++) {
            s = order(t, i);
            if (t->pot_eligible[p] >> s & 1)
                contenders[n_contenders++] = s;
        }
        for (h = 0; h < n_halves; h++) {
            found[h] = 0;
            for (i = 0; i < n_contenders; i++) {
                int v = ranks[contenders[i]][h];
                if (qualifier[h] && v > qualifier[h])
                    continue;
                if (!found[h] || v < best[h])
                    best[h] = v;
                found[h] = 1;
            }
            any |= found[h];
        }
        if (!any) /* nobody qualifies anywhere: as if there were no qualifiers */
            for (h = 0; h < n_halves; h++) {
                found[h] = 1;
                best[h] = ranks[contenders[0]][h];
                for (i = 1; i < n_contenders; i++)
                    if (ranks[contenders[i]][h] < best[h])
                        best[h] = ranks[contenders[i]][h];
            }
        if (n_halves == 2) {
            int64_t big = amount - amount / 2, small = amount / 2;
            amounts[0] = r->odd_chip_badugi ? big : small;
            amounts[1] = r->odd_chip_badugi ? small : big;
            if (!found[0]) {
                amounts[0] = 0;
                amounts[1] = amount;
            } else if (!found[1]) {
                amounts[0] = amount;
                amounts[1] = 0;
            }
        } else {
            amounts[0] = amount;
        }
        for (h = 0; h < n_halves; h++) {
            int winners[BDC_TABLE_MAX_SEATS], n_winners = 0;
            if (!found[h])
                continue;
            for (i = 0; i < n_contenders; i++)
                if (ranks[contenders[i]][h] == best[h])
                    winners[n_winners++] = contenders[i];
            share(won, winners, n_winners, amounts[h]);
        }
    }
    for (i = 0; i < n; i++) {
        s = order(t, i);
        t->stacks[s] += won[s];
    }
    t->showdown = 1;
    finish(t);
    for (i = 0; i < n; i++) {
        s = order(t, i);
        if (won[s])
            event(c, BDC_EVENT_WIN, s, won[s]);
    }
}

static void start_draw(ctx *c, int d)
{
    bdc_table *t = c->t;
    int i;
    t->phase = BDC_PHASE_DRAW;
    t->round = d;
    if (t->rules.burn)
        burn(c);
    t->n_queue = 0;
    for (i = t->n_seats - 1; i >= 0; i--) { /* who draws, in order, the next last */
        int s = order(t, i);
        if (!t->folded[s])
            t->queue[t->n_queue++] = (uint8_t)s;
    }
    t->to_act = t->queue[--t->n_queue];
}

/* Closes the betting round: the showdown after round 3, else the next draw. */
static void end_round(ctx *c)
{
    return_uncalled(c);
    if (c->t->round >= last_round(&c->t->rules))
        showdown(c);
    else
        start_draw(c, c->t->round + 1);
}

static int next_pending(const bdc_table *t, int from)
{
    int i;
    for (i = 0; i < t->n_seats; i++) {
        int s = seat_after(from, i, t->n_seats);
        if (t->pending[s])
            return s;
    }
    return BDC_NO_SEAT;
}

/* Begins betting round r, or closes it at once when nobody can bet. */
static void start_round(ctx *c, int r)
{
    bdc_table *t = c->t;
    const bdc_table_rules *rules = &t->rules;
    int n = t->n_seats, s, n_able = 0, able = 0, first;
    t->phase = BDC_PHASE_BET;
    t->round = r;
    if (r) {
        for (s = 0; s < n; s++)
            t->bets[s] = 0;
        t->level = 0;
        t->nbets = 0;
    } else {
        t->level = rules->big_blind;
        t->nbets = rules->cap_counts_blind ? 1 : 0;
    }
    t->last_raise = rules->big_blind;
    t->unit = r < BDC_ROUNDS_AT_SMALL_BET ? rules->small_bet : rules->big_bet;
    if (rules->structure == BDC_FIXED_LIMIT)
        t->cap = t->live == 2 ? (rules->heads_up_cap ? rules->heads_up_cap : -1) : rules->cap;
    else
        t->cap = -1;
    first = seat_after(r == 0 ? t->bb_seat : t->button, 1, n);
    for (s = 0; s < n; s++) {
        t->pending[s] = t->can_raise[s] = !(t->folded[s] || t->all_in[s]);
        if (t->pending[s]) {
            n_able++;
            able = s;
        }
    }
    if (n_able == 1 && t->bets[able] >= t->level) {
        t->pending[able] = 0; /* nobody left to bet against */
        n_able = 0;
    }
    if (n_able) {
        t->to_act = next_pending(t, first);
        return;
    }
    end_round(c);
}

/* Moves the turn on after a betting action by seat. */
static void after_bet_action(ctx *c, int seat)
{
    bdc_table *t = c->t;
    int n = t->n_seats, i;
    if (t->live == 1) {
        win_uncontested(c);
        return;
    }
    for (i = 1; i <= n; i++) {
        int nxt = seat_after(seat, i, n);
        if (t->pending[nxt]) {
            if (t->active > 1 || t->bets[nxt] < t->level) {
                t->to_act = nxt;
                return;
            }
            break;
        }
    }
    end_round(c);
}

/* The smallest and largest raise-to amounts; 0 if the seat may not raise. */
static int raise_bounds(const bdc_table *t, int seat, int64_t *low, int64_t *high)
{
    int64_t stack = t->stacks[seat], bet = t->bets[seat], level = t->level, most;
    int s;
    if (stack <= level - bet || !t->can_raise[seat])
        return 0;
    if (t->cap >= 0 && t->nbets >= t->cap)
        return 0;
    for (s = 0; s < t->n_seats; s++)
        if (s != seat && !t->folded[s] && t->stacks[s] + t->bets[s] > level)
            break;
    if (s == t->n_seats)
        return 0; /* everyone else has folded or is all in */
    most = bet + stack;
    if (t->rules.structure == BDC_FIXED_LIMIT) {
        *low = *high = level + t->unit < most ? level + t->unit : most;
        return 1;
    }
    *low = level + t->last_raise < most ? level + t->last_raise : most;
    if (t->rules.structure == BDC_POT_LIMIT) {
        int64_t pot_raise = level + pot_total(t) + level - bet;
        *high = pot_raise < most ? pot_raise : most;
    } else {
        *high = most;
    }
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                     */
/* ------------------------------------------------------------------------ */

static int chips_ok(int64_t v, int64_t low)
{
    return v >= low && v <= BDC_TABLE_MAX_CHIPS;
}

static int game_scale(int ranking)
{
    switch (ranking) {
    case BDC_BADUGI_LOW:
    case BDC_BADUGI_HIGH:
        return BDC_BADUGI_CLASSES;
    case BDC_DEUCE_SEVEN:
        return BDC_DEUCE_SEVEN_CLASSES;
    case BDC_ACE_FIVE:
        return BDC_ACE_FIVE_CLASSES;
    default:
        return 0;
    }
}

/* The most seats: the game's limit, and few enough that every draw can be
 * filled (the cards no live hand holds always number at least max_discard). */
static int max_seats(const bdc_table_rules *r)
{
    const bdc_game *g = &r->game;
    int most = g->n_cards == BDC_MIN_HAND_CARDS ? BDC_TABLE_MAX_SEATS : BDC_TABLE_MAX_FIVE_CARD_SEATS;
    int fit = (deck_size(r) - discard_limit(r)) / g->n_cards;
    return fit < most ? fit : most;
}

static int rules_ok(const bdc_table_rules *r)
{
    const bdc_game *g = &r->game;
    if (g->badugi != BDC_NO_HALF && g->badugi != BDC_BADUGI_LOW && g->badugi != BDC_BADUGI_HIGH)
        return 0;
    if (g->low != BDC_NO_HALF && g->low != BDC_DEUCE_SEVEN && g->low != BDC_ACE_FIVE)
        return 0;
    if (g->badugi == BDC_NO_HALF && g->low == BDC_NO_HALF)
        return 0;
    if (!(g->n_cards == BDC_MAX_HAND_CARDS || (g->n_cards == BDC_MIN_HAND_CARDS && g->low == BDC_NO_HALF)))
        return 0;
    if (r->odd_chip_badugi != 0 && r->odd_chip_badugi != 1)
        return 0;
    if (r->badugi_qualifier && (g->badugi == BDC_NO_HALF || r->badugi_qualifier < 0 ||
                                r->badugi_qualifier > game_scale(g->badugi)))
        return 0;
    if (r->low_qualifier && (g->low == BDC_NO_HALF || r->low_qualifier < 0 || r->low_qualifier > game_scale(g->low)))
        return 0;
    if (r->structure < BDC_FIXED_LIMIT || r->structure > BDC_NO_LIMIT)
        return 0;
    if (!chips_ok(r->small_blind, 0) || !chips_ok(r->big_blind, 1) || r->small_blind > r->big_blind)
        return 0;
    if (!chips_ok(r->ante, 0))
        return 0;
    if (!chips_ok(r->small_bet, 1) || !chips_ok(r->big_bet, 1))
        return 0;
    if (r->cap < 1 || r->heads_up_cap < 0 || (r->burn != 0 && r->burn != 1) ||
        (r->cap_counts_blind != 0 && r->cap_counts_blind != 1))
        return 0;
    if ((r->deck & ~BDC_FULL_DECK) || r->draws < 0 || r->draws > BDC_MAX_DRAWS || r->max_discard < 0 ||
        r->max_discard > g->n_cards)
        return 0;
    return max_seats(r) >= BDC_MIN_SEATS; /* a deck too small for two seats is no game */
}

/* Adds the cards to the set *seen and their number to *count, and the bits of
 * every id to *ids (an id of 64 or more shows in its bits 6 and 7; one of 52 .. 63
 * in the set).  The caller compares the set and the count with the deck's:
 * the same set and as many cards means every card once. */
static void add_cards(uint64_t *seen, int *count, unsigned *ids, const uint8_t *cards, int n)
{
    uint64_t set = *seen;
    unsigned all = *ids;
    int i;
    for (i = 0; i < n; i++) {
        all |= cards[i];
        set |= (uint64_t)1 << (cards[i] & 63);
    }
    *seen = set;
    *ids = all;
    *count += n;
}

int bdc_table_check(const bdc_table *t)
{
    int n, s, i, live = 0, active = 0, cards = 0;
    uint64_t seen = 0;
    unsigned ids = 0;
    int64_t total = 0, start = 0;
    if (!t || t->checked != BDC_CHECKED_MARK || !rules_ok(&t->rules))
        return BDC_E_ARGUMENT;
    n = t->n_seats;
    if (n < BDC_MIN_SEATS || n > max_seats(&t->rules) || t->button < 0 || t->button >= n)
        return BDC_E_ARGUMENT;
    if (t->phase < BDC_PHASE_BET || t->phase > BDC_PHASE_OVER || t->round < 0 || t->round > last_round(&t->rules))
        return BDC_E_ARGUMENT;
    if (t->phase == BDC_PHASE_OVER ? t->to_act != BDC_NO_SEAT : (t->to_act < 0 || t->to_act >= n))
        return BDC_E_ARGUMENT;
    if (t->phase == BDC_PHASE_DRAW && (t->round < 1 || t->n_queue > n || t->folded[t->to_act]))
        return BDC_E_ARGUMENT;
    if (t->phase == BDC_PHASE_BET && (t->folded[t->to_act] || t->all_in[t->to_act]))
        return BDC_E_ARGUMENT; /* the seat to bet can bet */
    if (t->n_stub > BDC_DECK_SIZE || t->n_muck > BDC_DECK_SIZE || t->n_pots > n)
        return BDC_E_ARGUMENT;
    if (t->cap < -1 || t->nbets < 0 || t->live < 1 || t->live > n || t->active < 0 || t->active > n)
        return BDC_E_ARGUMENT;
    for (s = 0; s < n; s++) {
        if (!chips_ok(t->start[s], 1) || t->stacks[s] < 0 || t->committed[s] < 0 ||
            t->committed[s] > BDC_TABLE_MAX_CHIPS || t->stacks[s] > (int64_t)BDC_TABLE_MAX_SEATS * BDC_TABLE_MAX_CHIPS)
            return BDC_E_ARGUMENT;
        if (t->bets[s] < -BDC_TABLE_MAX_CHIPS || t->bets[s] > BDC_TABLE_MAX_CHIPS)
            return BDC_E_ARGUMENT;
        if (t->phase != BDC_PHASE_OVER && (t->bets[s] > stake(t, s) || stake(t, s) < 0))
            return BDC_E_ARGUMENT; /* this round's bet is part of what the seat put in, a dead blind apart */
        if (t->folded[s] > 1 || t->all_in[s] > 1 || t->n_hole[s] != (t->folded[s] ? 0 : t->rules.game.n_cards))
            return BDC_E_ARGUMENT;
        add_cards(&seen, &cards, &ids, t->hole[s], t->n_hole[s]);
        live += !t->folded[s];
        active += !(t->folded[s] || t->all_in[s]);
        total += t->stacks[s] + (t->phase == BDC_PHASE_OVER ? 0 : t->committed[s]);
        start += t->start[s];
    }
    if (t->dead >> n)
        return BDC_E_ARGUMENT;
    if (t->n_queue > n)
        return BDC_E_ARGUMENT;
    for (i = 0; i < t->n_queue; i++)
        if (t->queue[i] >= n)
            return BDC_E_ARGUMENT;
    /* every card is in exactly one place: a hand, the stub or out of play */
    add_cards(&seen, &cards, &ids, t->stub, t->n_stub);
    add_cards(&seen, &cards, &ids, t->muck, t->n_muck);
    if ((ids & ~63u) || seen != deck_cards(&t->rules) || cards != deck_size(&t->rules))
        return BDC_E_ARGUMENT;
    if (total != start || live != t->live || active != t->active || live < 1)
        return BDC_E_ARGUMENT;
    if (t->sb_seat < 0 || t->sb_seat >= n || t->bb_seat < 0 || t->bb_seat >= n || t->ordered > 1)
        return BDC_E_ARGUMENT;
    if (t->level < 0 || t->level > BDC_TABLE_MAX_CHIPS || !chips_ok(t->last_raise, 0) || !chips_ok(t->unit, 0))
        return BDC_E_ARGUMENT;
    return BDC_OK;
}

/* Checks io and prepares the context; BDC_OK or BDC_E_ARGUMENT. */
static int open_ctx(ctx *c, bdc_table *t, bdc_table_io *io, size_t uniforms_needed)
{
    c->t = t;
    c->uniforms = NULL;
    c->used = 0;
    c->events = NULL;
    c->n_events = c->max_events = 0;
    c->error = BDC_OK;
    if (!io)
        return BDC_OK;
    if (io->uniforms) {
        size_t i;
        if (io->used > io->n_uniforms || io->n_uniforms - io->used < uniforms_needed)
            return BDC_E_ARGUMENT;
        for (i = 0; i < uniforms_needed; i++) {
            double u = io->uniforms[io->used + i];
            if (!(u >= 0.0 && u < 1.0))
                return BDC_E_ARGUMENT;
        }
        c->uniforms = io->uniforms + io->used;
    }
    if (io->events) {
        if (io->max_events < BDC_TABLE_MAX_EVENTS)
            return BDC_E_ARGUMENT;
        c->events = io->events;
        c->max_events = io->max_events;
    }
    return BDC_OK;
}

static void close_ctx(ctx *c, bdc_table_io *io)
{
    if (!io)
        return;
    if (io->uniforms)
        io->used += c->used;
    io->n_events = c->n_events;
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                               */
/* ------------------------------------------------------------------------ */

/* The rules' cards in ascending order: the stub of a deal at random. */
static int ascending_deck(const bdc_table_rules *rules, uint8_t *out)
{
    uint64_t cards = deck_cards(rules);
    int i, k;
    for (i = 0, k = 0; i < BDC_DECK_SIZE; i++)
        if (cards >> i & 1)
            out[k++] = (uint8_t)i;
    return k;
}

/* Deals, posts the blinds and opens the first round on t, from checked
 * settings (the context's table is t).  stub: the rules' cards as the stub
 * holds them; ordered: 1 for a given deck (its first card last, dealt from
 * the top), 0 to draw every card at random from the stub as it is dealt
 * (stub NULL: the ascending deck). */
static void start_posted(ctx *c, const bdc_table_rules *rules, int n_seats, const int64_t *stacks, int button,
                         uint32_t posted, uint32_t dead, const uint8_t *stub, int ordered, uint64_t seed)
{
    bdc_table *t = c->t;
    int s, i, n_cards;
    clear_bytes(t, 0, sizeof *t);
    copy_bytes(&t->rules, rules, sizeof *rules);
    t->n_seats = n_seats;
    t->button = button;
    for (s = 0; s < n_seats; s++)
        t->start[s] = t->stacks[s] = stacks[s];
    t->live = t->active = n_seats;
    t->to_act = BDC_NO_SEAT;
    t->cap = -1;
    bdc_rng_seed(seed, t->rng);
    t->ordered = (uint8_t)ordered;
    if (stub) {
        n_cards = deck_size(rules);
        memcpy(t->stub, stub, (size_t)n_cards);
    } else {
        n_cards = ascending_deck(rules, t->stub);
    }
    t->n_stub = (uint8_t)n_cards;
    t->checked = BDC_CHECKED_MARK;
    deal_hands(c);
    if (n_seats == 2) {
        t->sb_seat = button;
        t->bb_seat = (button + 1) % n_seats;
    } else {
        t->sb_seat = (button + 1) % n_seats;
        t->bb_seat = (button + 2) % n_seats;
    }
    if (rules->ante)
        for (i = 0; i < n_seats; i++)
            post_ante(t, i, rules->ante);
    if (rules->small_blind)
        post(t, t->sb_seat, rules->small_blind);
    post(t, t->bb_seat, rules->big_blind);
    for (i = 0; i < n_seats; i++)
        if (posted >> i & 1)
            post(t, i, rules->big_blind); /* a big blind posted out of turn: the seat's live bet */
    t->dead = (uint16_t)dead;
    for (i = 0; i < n_seats; i++)
        if (dead >> i & 1)
            post_ante(t, i, dead_blind(t, i)); /* with it a dead small blind: into the pot, not a bet */
    start_round(c, 0);
}

/* start_posted with no blind posted out of turn. */
static void start_hand(ctx *c, const bdc_table_rules *rules, int n_seats, const int64_t *stacks, int button,
                       const uint8_t *stub, int ordered, uint64_t seed)
{
    start_posted(c, rules, n_seats, stacks, button, 0, 0, stub, ordered, seed);
}

int bdc_table_start_posted(bdc_table *t, const bdc_table_rules *rules, int n_seats, const int64_t *stacks,
                           int button, uint32_t posted, uint32_t dead, const uint8_t *deck, uint64_t seed,
                           bdc_table_io *io)
{
    bdc_table fresh;
    uint8_t stub[BDC_DECK_SIZE];
    ctx c;
    int s, i, rc;
    if (!t || !rules || !stacks || !rules_ok(rules))
        return BDC_E_ARGUMENT;
    if (n_seats < BDC_MIN_SEATS || n_seats > max_seats(rules) || button < 0 || button >= n_seats)
        return BDC_E_ARGUMENT;
    for (s = 0; s < n_seats; s++)
        if (!chips_ok(stacks[s], 1))
            return BDC_E_ARGUMENT;
    if (posted >> n_seats)
        return BDC_E_ARGUMENT; /* a seat beyond the table */
    if (n_seats == 2 ? posted != 0
                     : (posted >> seat_after(button, 1, n_seats) & 1) || (posted >> seat_after(button, 2, n_seats) & 1))
        return BDC_E_ARGUMENT; /* the small or the big blind's seat (heads-up, both seats): posted in turn */
    if (dead & ~posted)
        return BDC_E_ARGUMENT; /* a dead small blind comes only with a big blind posted out of turn */
    if (deck) {
        uint64_t seen = 0, cards = deck_cards(rules);
        int n_cards = deck_size(rules);
        for (i = 0; i < n_cards; i++) {
            if (deck[i] >= BDC_DECK_SIZE || !(cards >> deck[i] & 1))
                return BDC_E_CARD; /* not a card, or not one of the rules' deck */
            if (seen >> deck[i] & 1)
                return BDC_E_DUPLICATE;
            seen |= (uint64_t)1 << deck[i];
        }
        for (i = 0; i < n_cards; i++)
            stub[i] = deck[n_cards - 1 - i]; /* the next card last */
    }
    rc = open_ctx(&c, &fresh, io, deck ? 0 : BDC_TABLE_START_UNIFORMS); /* a given deck needs none: it fills the deal */
    if (rc)
        return rc;
    start_posted(&c, rules, n_seats, stacks, button, posted, dead, deck ? stub : NULL, deck != NULL, seed);
    if (c.error)
        return c.error;
    *t = fresh;
    close_ctx(&c, io);
    return BDC_OK;
}

int bdc_table_start(bdc_table *t, const bdc_table_rules *rules, int n_seats, const int64_t *stacks, int button,
                    const uint8_t *deck, uint64_t seed, bdc_table_io *io)
{
    return bdc_table_start_posted(t, rules, n_seats, stacks, button, 0, 0, deck, seed, io);
}

/* What the seat to act of a checked table may do. */
static void fill_legal(const bdc_table *t, bdc_legal *legal)
{
    int seat;
    memset(legal, 0, sizeof *legal);
    legal->seat = seat = t->to_act;
    legal->phase = t->phase;
    legal->raises_left = -1;
    if (t->phase == BDC_PHASE_DRAW) {
        int limit = discard_limit(&t->rules);
        legal->max_discard = t->n_hole[seat] < limit ? t->n_hole[seat] : limit;
    } else if (t->phase == BDC_PHASE_BET) {
        int64_t owed = t->level - t->bets[seat];
        legal->to_call = owed <= 0 ? 0 : (owed < t->stacks[seat] ? owed : t->stacks[seat]);
        legal->can_fold = owed > 0;
        legal->can_raise = raise_bounds(t, seat, &legal->min_raise_to, &legal->max_raise_to);
        if (t->cap >= 0)
            legal->raises_left = t->cap > t->nbets ? t->cap - t->nbets : 0;
    }
}

int bdc_table_legal(const bdc_table *t, bdc_legal *legal)
{
    int rc = bdc_table_check(t);
    if (rc)
        return rc;
    if (!legal)
        return BDC_E_ARGUMENT;
    fill_legal(t, legal);
    return BDC_OK;
}

/* 1 if the action is legal for the seat to act of a checked table. */
static int legal_now(const bdc_table *t, int64_t action)
{
    int seat = t->to_act;
    if (t->phase == BDC_PHASE_DRAW)
        return action >= 0 && action < ((int64_t)1 << t->n_hole[seat]) && bits(action) <= discard_limit(&t->rules);
    if (t->phase != BDC_PHASE_BET)
        return 0;
    if (action == BDC_ACTION_FOLD)
        return t->bets[seat] < t->level;
    if (action == BDC_ACTION_CHECK_CALL)
        return 1;
    if (action > 0) {
        int64_t low, high;
        return raise_bounds(t, seat, &low, &high) && low <= action && action <= high;
    }
    return 0;
}

int bdc_table_can(const bdc_table *t, int64_t action)
{
    int rc = bdc_table_check(t);
    return rc ? rc : legal_now(t, action);
}

/* Takes a legal action on the context's table. */
static void play(ctx *c, int64_t action)
{
    bdc_table *t = c->t;
    int seat = t->to_act;
    if (t->phase == BDC_PHASE_DRAW) {
        uint8_t kept[BDC_MAX_HAND_CARDS], thrown[BDC_MAX_HAND_CARDS], dealt[BDC_MAX_HAND_CARDS];
        int n_kept = 0, n_thrown = 0, i;
        bdc_table_event *e;
        for (i = 0; i < t->n_hole[seat]; i++) {
            if (action >> i & 1)
                thrown[n_thrown++] = t->hole[seat][i];
            else
                kept[n_kept++] = t->hole[seat][i];
        }
        take(c, n_thrown, dealt);
        memcpy(t->hole[seat], kept, (size_t)n_kept);
        memcpy(t->hole[seat] + n_kept, dealt, (size_t)n_thrown);
        memcpy(t->muck + t->n_muck, thrown, (size_t)n_thrown);
        t->n_muck = (uint8_t)(t->n_muck + n_thrown);
        e = event(c, BDC_EVENT_DRAW, seat, 0);
        if (e) {
            memcpy(e->cards, thrown, (size_t)n_thrown);
            memcpy(e->cards + n_thrown, dealt, (size_t)n_thrown);
            e->n_thrown = (uint8_t)n_thrown;
            e->n_cards = (uint8_t)(2 * n_thrown);
        }
        if (t->n_queue)
            t->to_act = t->queue[--t->n_queue];
        else
            start_round(c, t->round);
    } else if (action == BDC_ACTION_FOLD) {
        t->folded[seat] = 1;
        t->pending[seat] = 0;
        t->live--;
        t->active--;
        memcpy(t->muck + t->n_muck, t->hole[seat], t->n_hole[seat]);
        t->n_muck = (uint8_t)(t->n_muck + t->n_hole[seat]);
        t->n_hole[seat] = 0;
        event(c, BDC_EVENT_FOLD, seat, 0);
        after_bet_action(c, seat);
    } else if (action == BDC_ACTION_CHECK_CALL) {
        int64_t owed = t->level - t->bets[seat];
        if (owed > 0) {
            if (owed >= t->stacks[seat]) {
                owed = t->stacks[seat];
                t->all_in[seat] = 1;
                t->active--;
            }
            t->stacks[seat] -= owed;
            t->bets[seat] += owed;
            t->committed[seat] += owed;
        } else {
            owed = 0;
        }
        t->pending[seat] = 0;
        t->can_raise[seat] = 0;
        event(c, BDC_EVENT_CALL, seat, owed);
        after_bet_action(c, seat);
    } else {
        int64_t size = action - t->level;
        int full, s;
        post(t, seat, action - t->bets[seat]);
        if (t->rules.structure == BDC_FIXED_LIMIT) {
            full = 2 * size >= t->unit;
        } else {
            full = size >= t->last_raise;
            if (full)
                t->last_raise = size;
        }
        t->level = action;
        for (s = 0; s < t->n_seats; s++)
            if (s != seat && !(t->folded[s] || t->all_in[s])) {
                t->pending[s] = 1;
                if (full)
                    t->can_raise[s] = 1;
            }
        if (full && t->nbets < INT32_MAX) /* (a count no real hand reaches) */
            t->nbets++;
        t->pending[seat] = 0;
        t->can_raise[seat] = 0;
        event(c, BDC_EVENT_RAISE, seat, action);
        after_bet_action(c, seat);
    }
}

int bdc_table_act(bdc_table *t, int64_t action, bdc_table_io *io)
{
    ctx c;
    int rc = bdc_table_check(t);
    if (rc)
        return rc;
    if (!legal_now(t, action))
        return BDC_E_ILLEGAL;
    rc = open_ctx(&c, t, io, BDC_TABLE_ACT_UNIFORMS);
    if (rc)
        return rc;
    play(&c, action);
    if (c.error) {
        t->checked = 0; /* the cards ran out: the table is no longer a hand */
        return c.error;
    }
    close_ctx(&c, io);
    return BDC_OK;
}

int bdc_table_act_legal(bdc_table *t, int64_t action, bdc_table_io *io, bdc_legal *legal)
{
    int rc = bdc_table_act(t, action, io);
    if (rc == BDC_OK && legal)
        fill_legal(t, legal);
    return rc;
}

int bdc_table_cards(const bdc_table *t, int seat, uint8_t out[5])
{
    int rc = bdc_table_check(t);
    if (rc)
        return rc;
    if (!out || seat < 0 || seat >= t->n_seats)
        return BDC_E_ARGUMENT;
    memcpy(out, t->hole[seat], t->n_hole[seat]);
    return t->n_hole[seat];
}

/* ------------------------------------------------------------------------ */
/* Known tables (bdc_internal.h): the solver's walk, without the public checks */
/* ------------------------------------------------------------------------ */

int bdc_table_start_known(bdc_table *t, const bdc_table_rules *rules, const int64_t *stacks, const uint8_t *deck,
                          uint64_t seed)
{
    uint8_t stub[BDC_DECK_SIZE];
    uint64_t cards = deck_cards(rules);
    ctx c;
    int i, n_cards = deck_size(rules);
    for (i = 0; i < n_cards; i++) {
        if (!(cards >> deck[i] & 1))
            return BDC_E_CARD; /* one of the cards not in play: bdc_table_start's answer */
        stub[i] = deck[n_cards - 1 - i]; /* the next card last */
    }
    open_ctx(&c, t, NULL, 0);
    start_hand(&c, rules, 2, stacks, 0, stub, 1, seed);
    return c.error;
}

void bdc_table_legal_known(const bdc_table *t, bdc_legal *legal)
{
    fill_legal(t, legal);
}

int bdc_table_act_known(bdc_table *t, int64_t action)
{
    ctx c;
    if (!legal_now(t, action))
        return BDC_E_ILLEGAL;
    open_ctx(&c, t, NULL, 0);
    play(&c, action);
    if (c.error) {
        t->checked = 0; /* the cards ran out: the table is no longer a hand */
        return c.error;
    }
    return BDC_OK;
}

/* ------------------------------------------------------------------------ */
/* Self-play                                                                  */
/* ------------------------------------------------------------------------ */

#define BDC_DEAL_STEP 0x9E3779B97F4A7C15u /* G, splitmix64's increment: the step between shuffled deals' seeds */
#define BDC_SEED_STEP (4 * BDC_DEAL_STEP)  /* bdc_rng_seed reads four words of splitmix64's stream */
#define BDC_DRAWN_DEAL_STEP (8 * BDC_DEAL_STEP) /* a drawn deal's words: two generators' seeds, no overlap */

/* A uniform integer in 0 .. range - 1 for 1 <= range <= UINT32_MAX: Lemire's
 * multiply-shift, rejecting the few biased products (kept small enough to
 * inline: a deal's shuffle takes one per card). */
static uint32_t uniform_below(uint64_t rng[4], uint32_t range)
{
    uint64_t m = (bdc_rng_next(rng) >> 32) * range;
    uint32_t low = (uint32_t)m;
    if (BDC_UNLIKELY(low < range)) {
        uint32_t threshold = (0u - range) % range;
        while (low < threshold) {
            m = (bdc_rng_next(rng) >> 32) * range;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* A uniform integer in 0 .. span (rejection: no modulo bias). */
static uint64_t uniform_upto(uint64_t rng[4], uint64_t span)
{
    uint64_t range = span + 1, limit, x;
    if (range <= UINT32_MAX)
        return uniform_below(rng, (uint32_t)range);
    if (range == 0)
        return bdc_rng_next(rng);
    limit = UINT64_MAX - UINT64_MAX % range;
    do
        x = bdc_rng_next(rng);
    while (x >= limit);
    return x % range;
}

/* The action a built-in policy takes at a table in play. */
static int64_t policy_action(const bdc_table *t, int policy, uint64_t rng[4])
{
    int seat = t->to_act, n_options = 0;
    int64_t options[3], low = 0, high = 0;
    if (policy == BDC_POLICY_CALLING)
        return BDC_ACTION_CHECK_CALL; /* in a draw: 0 stands pat */
    if (t->phase == BDC_PHASE_DRAW) {
        int64_t all = ((int64_t)1 << t->n_hole[seat]) - 1, mask;
        do /* a fair bit per card, drawn again while it throws more than the rules allow */
            mask = (int64_t)(bdc_rng_next(rng) >> 59) & all;
        while (bits(mask) > discard_limit(&t->rules));
        return mask;
    }
    if (t->bets[seat] < t->level)
        options[n_options++] = BDC_ACTION_FOLD;
    options[n_options++] = BDC_ACTION_CHECK_CALL;
    if (raise_bounds(t, seat, &low, &high))
        options[n_options++] = 1;
    {
        int64_t chosen = options[uniform_upto(rng, (uint64_t)(n_options - 1))];
        if (chosen == 1)
            return low + (int64_t)uniform_upto(rng, (uint64_t)(high - low));
        return chosen;
    }
}

/* The drawing policy's tables: for each half and rank, twice the number of
 * hands of the game's size that beat it plus the number that tie it (so a
 * percentile is value / (2 * hands), ties counting half; integers, so sums are exact). */
typedef struct {
    uint32_t half[2][BDC_DEUCE_SEVEN_CLASSES + 1];
    double hands;    /* hands of the game's size */
    int n_halves;
} drawing_tables;

#define BDC_DRAWING_SAMPLES 64 /* random draws per discard score, as DrawingBot's default */

static const double raise_at[4] = {0.15, 0.10, 0.07, 0.05}; /* DrawingBot.RAISE_AT */
static const double call_at[4] = {0.60, 0.50, 0.40, 0.30};  /* DrawingBot.CALL_AT */

static void count_hand(const bdc_game *g, drawing_tables *d, const uint8_t *h)
{
    int ranks[2] = {0, 0}, k;
    rank_hand(g, h, ranks);
    for (k = 0; k < d->n_halves; k++)
        d->half[k][ranks[k]]++;
}

/* Counts every hand of the game's size, then turns counts into twice-beaten-plus-tied values. */
static void make_drawing_tables(const bdc_game *g, drawing_tables *d)
{
    uint8_t h[5];
    int a, b, c, e, f, k, r, scale[2], n = 0;
    memset(d, 0, sizeof *d);
    if (g->badugi != BDC_NO_HALF)
        scale[n++] = BDC_BADUGI_CLASSES;
    if (g->low != BDC_NO_HALF)
        scale[n++] = game_scale(g->low);
    d->n_halves = n;
    for (a = 0; a < BDC_DECK_SIZE; a++)
        for (b = a + 1; b < BDC_DECK_SIZE; b++)
            for (c = b + 1; c < BDC_DECK_SIZE; c++)
                for (e = c + 1; e < BDC_DECK_SIZE; e++) {
                    h[0] = (uint8_t)a, h[1] = (uint8_t)b, h[2] = (uint8_t)c, h[3] = (uint8_t)e;
                    if (g->n_cards == 4) {
                        count_hand(g, d, h);
                        d->hands++;
                        continue;
                    }
                    for (f = e + 1; f < BDC_DECK_SIZE; f++) {
                        h[4] = (uint8_t)f;
                        count_hand(g, d, h);
                        d->hands++;
                    }
                }
    for (k = 0; k < n; k++) {
        uint32_t better = 0;
        for (r = 1; r <= scale[k]; r++) {
            uint32_t count = d->half[k][r];
            d->half[k][r] = 2 * better + count;
            better += count;
        }
    }
}

/* A drawing seat's plan for the cards it holds (kept until they change). */
typedef struct {
    uint8_t cards[5];  /* the hand planned for, in the seat's order */
    int valid;
    int discard;       /* mask over the seat's cards */
    uint64_t draw_score, made_score; /* sums over the samples of the halves' values */
} drawing_plan;

static void make_plan(const bdc_table_rules *rules, const drawing_tables *d, const uint8_t *hole, int n,
                      drawing_plan *plan)
{
    const bdc_game *g = &rules->game;
    uint64_t in_deck = deck_cards(rules);
    int limit = discard_limit(rules);
    uint8_t hand[5], unseen[BDC_DECK_SIZE], drawn[5], final[5];
    uint64_t score[32] = {0}, rng[4], seed = 0, present = 0;
    int i, j, k, m, n_unseen = 0, best = 0, masks = 1 << n;
    memcpy(hand, hole, (size_t)n);
    for (i = 1; i < n; i++) /* sorted: the plan depends on the hand, not the order it is held in */
        for (j = i; j > 0 && hand[j - 1] > hand[j]; j--) {
            uint8_t x = hand[j];
            hand[j] = hand[j - 1];
            hand[j - 1] = x;
        }
    for (i = 0; i < n; i++) {
        seed = seed * (BDC_DECK_SIZE + 1) + hand[i] + 1;
        present |= (uint64_t)1 << hand[i];
    }
    bdc_rng_seed(seed, rng);
    for (i = 0; i < BDC_DECK_SIZE; i++)
        if ((in_deck >> i & 1) && !(present >> i & 1))
            unseen[n_unseen++] = (uint8_t)i;
    for (k = 0; k < BDC_DRAWING_SAMPLES; k++) {
        for (i = 0; i < n; i++) { /* n cards drawn from the unseen ones: a partial Fisher-Yates shuffle */
            int at = i + (int)uniform_upto(rng, (uint64_t)(n_unseen - 1 - i));
            uint8_t x = unseen[i];
            unseen[i] = unseen[at];
            unseen[at] = x;
            drawn[i] = unseen[i];
        }
        for (m = 0; m < masks; m++) {
            int ranks[2] = {0, 0}, used = 0, h;
            if (bits(m) > limit)
                continue;
            for (j = 0; j < n; j++)
                final[j] = m >> j & 1 ? drawn[used++] : hand[j];
            rank_hand(g, final, ranks);
            for (h = 0; h < d->n_halves; h++)
                score[m] += d->half[h][ranks[h]];
        }
    }
    for (m = 1; m < masks; m++) { /* the lowest score; on a tie, fewer cards thrown, then the first */
        int bits_m = bits(m), bits_best = bits(best);
        if (bits_m > limit)
            continue;
        if (score[m] < score[best] || (score[m] == score[best] && bits_m < bits_best))
            best = m;
    }
    memcpy(plan->cards, hole, (size_t)n);
    plan->valid = 1;
    plan->discard = 0;
    for (j = 0; j < n; j++)
        if (best >> j & 1)
            for (i = 0; i < n; i++)
                if (hole[i] == hand[j])
                    plan->discard |= 1 << i;
    plan->draw_score = score[best];
    plan->made_score = score[0];
}

static int64_t drawing_action(const bdc_table *t, const drawing_tables *d, drawing_plan *plan)
{
    int seat = t->to_act, n = t->n_hole[seat], r = t->round < BDC_LAST_ROUND ? t->round : BDC_LAST_ROUND, s, nb;
    int made = t->round >= last_round(&t->rules); /* no draw left: the hand held is the hand shown */
    double strength, threshold;
    int64_t unit, top = 0, low = 0, high = 0;
    if (!plan->valid || memcmp(plan->cards, t->hole[seat], (size_t)n) != 0)
        make_plan(&t->rules, d, t->hole[seat], n, plan);
    if (t->phase == BDC_PHASE_DRAW)
        return plan->discard;
    strength = (double)(made ? plan->made_score : plan->draw_score) /
               (2.0 * d->hands * d->n_halves * BDC_DRAWING_SAMPLES);
    unit = t->round < BDC_ROUNDS_AT_SMALL_BET ? t->rules.small_bet : t->rules.big_bet;
    for (s = 0; s < t->n_seats; s++)
        if (t->bets[s] > top)
            top = t->bets[s];
    nb = (int)(top / unit < 64 ? top / unit : 64);
    threshold = raise_at[r];
    for (s = 1; s < nb; s++) /* halved for every bet past the first */
        threshold /= 2;
    if (raise_bounds(t, seat, &low, &high) && strength <= threshold)
        return low;
    if (t->bets[seat] < t->level)
        return strength <= call_at[r] ? BDC_ACTION_CHECK_CALL : BDC_ACTION_FOLD;
    return BDC_ACTION_CHECK_CALL;
}

/* Deal d of a shuffled run (BDC_SELFPLAY_SHUFFLED): the deck shuffled whole
 * into stub, the table's seed and one generator per bot, all from the deal's
 * generator. */
static uint64_t shuffled_deal(uint64_t seed, uint64_t deal, const uint8_t *in_order, int n_cards, int n_seats,
                              uint8_t *stub, uint64_t bot_rng[][4])
{
    uint64_t rng[4], table_seed;
    uint8_t *top = stub + n_cards - 1;
    int i, s;
    bdc_rng_seed(seed + deal * BDC_DEAL_STEP, rng);
    memcpy(stub, in_order, (size_t)n_cards);
    for (i = n_cards - 1; i > 0; i--) { /* Fisher-Yates over the deck, whose card i is top[-i] */
        int j = (int)uniform_below(rng, (uint32_t)i + 1);
        uint8_t x = top[-i];
        top[-i] = top[-j];
        top[-j] = x;
    }
    table_seed = bdc_rng_next(rng);
    for (s = 0; s < n_seats; s++)
        bdc_rng_seed(bdc_rng_next(rng), bot_rng[s]);
    return table_seed;
}

int bdc_selfplay(const bdc_table_rules *rules, int n_seats, const int64_t *stacks, const int *policies,
                 uint64_t seed, uint64_t first_deal, uint64_t deals, int duplicate, int dealing, int64_t *results)
{
    drawing_tables tables;
    uint8_t in_order[BDC_DECK_SIZE], ascending[BDC_DECK_SIZE];
    uint64_t d;
    int s, drawing = 0, n_cards;
    if (!rules || !stacks || !policies || (!results && deals) || !rules_ok(rules))
        return BDC_E_ARGUMENT;
    if (n_seats < BDC_MIN_SEATS || n_seats > max_seats(rules) || (duplicate != 0 && duplicate != 1))
        return BDC_E_ARGUMENT;
    if (dealing != BDC_SELFPLAY_SHUFFLED && dealing != BDC_SELFPLAY_DRAWN)
        return BDC_E_ARGUMENT;
    if (deals > SIZE_MAX / (size_t)n_seats / sizeof *results)
        return BDC_E_ARGUMENT;
    for (s = 0; s < n_seats; s++) {
        if (!chips_ok(stacks[s], 1) || policies[s] < 0 || policies[s] >= BDC_POLICIES)
            return BDC_E_ARGUMENT;
        drawing |= policies[s] == BDC_POLICY_DRAWING;
    }
    if (drawing)
        make_drawing_tables(&rules->game, &tables);
    n_cards = ascending_deck(rules, ascending);
    for (s = 0; s < n_cards; s++) /* the deck in order as a stub holds it: highest first */
        in_order[s] = ascending[n_cards - 1 - s];
    for (d = 0; d < deals; d++) {
        uint64_t deal = first_deal + d, bot_rng[BDC_TABLE_MAX_SEATS][4], table_seed;
        uint8_t stub[BDC_DECK_SIZE];
        bdc_table dealt;
        int64_t *out = results + d * (uint64_t)n_seats;
        int rotations = duplicate ? n_seats : 1, button = (int)(deal % (uint64_t)n_seats), r;
        ctx c;
        open_ctx(&c, &dealt, NULL, 0); /* one deal for every rotation: the table as dealt, copied */
        if (dealing == BDC_SELFPLAY_SHUFFLED) {
            table_seed = shuffled_deal(seed, deal, in_order, n_cards, n_seats, stub, bot_rng);
            start_hand(&c, rules, n_seats, stacks, button, stub, 1, table_seed);
        } else { /* the deal's eight words of the seed's stream: the bots' generator, then the table's */
            uint64_t words = seed + deal * BDC_DRAWN_DEAL_STEP;
            bdc_rng_seed(words, bot_rng[0]);
            start_hand(&c, rules, n_seats, stacks, button, ascending, 0, words + BDC_SEED_STEP);
        }
        if (c.error)
            return c.error;
        for (s = 0; s < n_seats; s++)
            out[s] = 0;
        for (r = 0; r < rotations; r++) {
            bdc_table copy, *t = &dealt; /* every rotation but the last on a copy, the last on the deal itself */
            drawing_plan plans[BDC_TABLE_MAX_SEATS];
            if (r + 1 < rotations) {
                copy_bytes(&copy, &dealt, sizeof copy);
                t = &copy;
            }
            open_ctx(&c, t, NULL, 0);
            if (drawing) /* no plan yet (only a drawing seat reads its plan) */
                for (s = 0; s < n_seats; s++)
                    plans[s].valid = 0;
            while (t->phase != BDC_PHASE_OVER) {
                int bot = seat_after(t->to_act, r, n_seats);
                play(&c, policies[bot] == BDC_POLICY_DRAWING
                             ? drawing_action(t, &tables, &plans[t->to_act])
                             : policy_action(t, policies[bot], bot_rng[dealing == BDC_SELFPLAY_SHUFFLED ? bot : 0]));
                if (c.error)
                    return c.error;
            }
            for (s = 0; s < n_seats; s++)
                out[seat_after(s, r, n_seats)] += t->payoffs[s];
        }
    }
    return BDC_OK;
}
