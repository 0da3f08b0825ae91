/*
 * bdc_equity.h - what the equity enumerator (bdc_equity.c) and the equity
 * sampler (bdc_equity_sample.c) share: the deals of a spec (events), and the
 * settling of one showdown into the per-seat sums.
 */
#ifndef BDC_EQUITY_H
#define BDC_EQUITY_H

#include "bdc_enumerate.h"

#define BDC_MAX_EVENTS (BDC_MAX_SEATS * (BDC_MAX_DRAWS + 1))

/* One deal of an equity spec, in the order the deals fall: round 0 deals an
 * unknown hand's k cards (before any draw), rounds 1..3 one seat's draw.  A
 * draw of a seat of unknown cards (`throws`) keeps the cards THE UNKNOWN
 * SEAT'S RULE (badeucey.h) keeps of the seat's hand after its deal `prev`;
 * any other draw keeps the seat's held cards. */
typedef struct {
    int seat, round, k;
    int throws, prev;
} bdc_event;

/* THE UNKNOWN SEAT'S RULE (badeucey.h): hand[0 .. n-1] in the order of their
 * keys, lowest first, to out (so the cards kept come first).  badugi_cards:
 * the positions of the hand's best badugi as bdc_badugi_cards_batch gives
 * them (bit j: hand[j]), read only in a game with a Badugi half. */
static inline void bdc_equity_keep_order(const bdc_game *game, const unsigned *hand, unsigned badugi_cards,
                                         unsigned *out)
{
    /* key fields: outside the best badugi, pairs a card before it, rank value, id */
#define BDC_KEY_OUTSIDE (1u << 12)
#define BDC_KEY_PAIRS (1u << 11)
#define BDC_KEY_VALUE 6 /* the value's shift: ids take the 6 bits below it */
#define BDC_RANK_VALUES 13
    const int n = game->n_cards, has_badugi = game->badugi != BDC_NO_HALF, has_low = game->low != BDC_NO_HALF;
    /* aces high in 2-7 and in Badugi aces high (the low half's convention first) */
    const int ace_high = has_low ? game->low == BDC_DEUCE_SEVEN : game->badugi == BDC_BADUGI_HIGH;
    unsigned key[BDC_MAX_HAND_CARDS], first[BDC_MAX_HAND_CARDS], t;
    int i, j;
    for (i = 0; i < n; i++) {
        const unsigned rank = hand[i] >> 2;
        first[i] = (has_badugi && !(badugi_cards >> i & 1u) ? BDC_KEY_OUTSIDE : 0u) | hand[i];
        key[i] = (first[i] & BDC_KEY_OUTSIDE) | hand[i] |
                 (ace_high ? rank : (rank + 1) % BDC_RANK_VALUES) << BDC_KEY_VALUE;
    }
    for (i = 0; i < n && has_low; i++)
        for (j = 0; j < n; j++)
            if (j != i && hand[j] >> 2 == hand[i] >> 2 && first[j] < first[i]) {
                key[i] |= BDC_KEY_PAIRS;
                break;
            }
    for (i = 0; i < n; i++) /* sorted by key: at most five cards, by insertion */
        out[i] = key[i];
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && out[j - 1] > out[j]; j--)
            t = out[j], out[j] = out[j - 1], out[j - 1] = t;
    for (i = 0; i < n; i++)
        out[i] &= (1u << BDC_KEY_VALUE) - 1u; /* the card id */
#undef BDC_KEY_OUTSIDE
#undef BDC_KEY_PAIRS
#undef BDC_KEY_VALUE
#undef BDC_RANK_VALUES
}

/* Settles one showdown of weight w (a count of outcomes) into sums: halves[s]
 * are seat s's ranks (badeucey.h's bdc_equity_sums say what each sum counts);
 * share_sq is summed only if `sampled`. */
static inline void bdc_equity_settle(const bdc_equity_spec *spec, const unsigned (*halves)[2],
                                     bdc_equity_sums *sums, uint64_t w, int sampled)
{
    /* share_of[live][n]: a half's share of the pot, in units of 1 / BDC_SHARE_UNIT,
     * for each of its n winners when `live` halves have one (a table: no division
     * per outcome; live * n divides BDC_SHARE_UNIT exactly). */
#define BDC_SHARES(live)                                                                                   \
    {0, BDC_SHARE_UNIT / (live), BDC_SHARE_UNIT / (2 * (live)), BDC_SHARE_UNIT / (3 * (live)),             \
     BDC_SHARE_UNIT / (4 * (live)), BDC_SHARE_UNIT / (5 * (live)), BDC_SHARE_UNIT / (6 * (live)),          \
     BDC_SHARE_UNIT / (7 * (live)), BDC_SHARE_UNIT / (8 * (live)), BDC_SHARE_UNIT / (9 * (live))}
    static const unsigned share_of[3][BDC_MAX_SEATS + 1] = {{0}, BDC_SHARES(1), BDC_SHARES(2)};
#undef BDC_SHARES
    unsigned limit[2], best[2];
    int has[2], n_best[2], h, s, live;
    unsigned value[2];
    has[0] = spec->game.badugi != BDC_NO_HALF;
    has[1] = spec->game.low != BDC_NO_HALF;
    limit[0] = spec->qualifier.badugi;
    limit[1] = spec->qualifier.low;
    for (;;) {
        live = 0;
        for (h = 0; h < 2; h++) {
            best[h] = ~0u;
            n_best[h] = 0;
            if (!has[h])
                continue;
            for (s = 0; s < spec->n_seats; s++) {
                unsigned rank = halves[s][h];
                if (limit[h] && rank > limit[h])
                    continue;
                if (rank < best[h]) {
                    best[h] = rank;
                    n_best[h] = 1;
                } else if (rank == best[h]) {
                    n_best[h]++;
                }
            }
            live += n_best[h] > 0;
        }
        if (live || (!limit[0] && !limit[1]))
            break;
        limit[0] = limit[1] = 0; /* no half qualifies: settle as if there were no qualifiers */
    }
    /* a half with no qualifying hand goes to the other half's winners */
    for (h = 0; h < 2; h++)
        value[h] = share_of[live][n_best[h]];
    for (s = 0; s < spec->n_seats; s++) {
        bdc_equity_sums *sum = &sums[s];
        unsigned share = 0;
        for (h = 0; h < 2; h++) {
            if (!n_best[h] || halves[s][h] != best[h])
                continue;
            share += value[h];
            if (n_best[h] == 1)
                *(h ? &sum->low_win : &sum->badugi_win) += w;
            else
                *(h ? &sum->low_tie : &sum->badugi_tie) += w;
        }
        if (share == BDC_SHARE_UNIT)
            sum->scoop += w;
        sum->share += w * share;
        if (sampled)
            sum->share_sq += w * ((uint64_t)share * share);
    }
}

/* The sampled run of bdc_equity_run (badeucey.h): `samples` random outcomes
 * of a checked spec whose deals are events[0 .. n_events-1], from the
 * xoshiro256** state rng (advanced in place).  hands[s] holds seat s's held
 * cards first; halves[s] the ranks of a seat holding a full hand.  Adds to
 * sums (share_sq too) and *weight.  BDC_OK, BDC_E_STOPPED, or a ranking's
 * error. */
BDC_HIDDEN int bdc_equity_sample(const bdc_equity_spec *spec, const bdc_event *events, int n_events,
                                 const unsigned (*hands)[BDC_MAX_CARDS], const unsigned (*halves)[2],
                                 uint64_t samples, uint64_t rng[4], bdc_equity_sums *sums, uint64_t *weight);

#endif /* BDC_EQUITY_H */
