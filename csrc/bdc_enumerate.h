/*
 * bdc_enumerate.h - the steps the draw (bdc_draw.c) and equity (bdc_equity.c)
 * enumerators share: the random stream, dealing, checking cards and limits,
 * and the one skeleton of an exact enumeration (bdc_each_block).
 */
#ifndef BDC_ENUMERATE_H
#define BDC_ENUMERATE_H

#include "bdc_internal.h"

#define BDC_MAX_CARDS BDC_MAX_HAND_CARDS

/* ---- random numbers: bdc_rng_next (bdc_internal.h) ---------------------- */

/* A uniform integer in 0 .. n-1 (n >= 1), without bias (Lemire's method). */
static inline unsigned bdc_rng_below(uint64_t s[4], unsigned n)
{
    uint64_t m = (bdc_rng_next(s) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (bdc_rng_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (unsigned)(m >> 32);
}

/* Deals k random cards of deck[*pos .. n_deck - 1] to out[0 .. k-1] (a
 * partial Fisher-Yates shuffle: deck[0 .. *pos - 1] are the cards dealt
 * before in this sample, and stay out). */
static inline void bdc_deal(uint64_t rng[4], unsigned *deck, unsigned n_deck, unsigned *pos, int k, unsigned *out)
{
    int j;
    for (j = 0; j < k; j++, (*pos)++) {
        unsigned pick = *pos + bdc_rng_below(rng, n_deck - *pos), card = deck[pick];
        deck[pick] = deck[*pos];
        deck[*pos] = card;
        out[j] = card;
    }
}

/* ---- checks ------------------------------------------------------------ */

/* C(n, k) exactly, for n <= 52 (fits: C(52, 26) < 2^59); 0 outside 0 <= k <= n. */
BDC_HIDDEN uint64_t bdc_binomial(int n, int k);

/* Adds cards to a set of seen ids; BDC_E_CARD for an id outside the deck,
 * BDC_E_DUPLICATE for one seen before. */
BDC_HIDDEN int bdc_see(const uint8_t *cards, int n, uint64_t *seen);

/* Are the limits ranks of the game's halves (0, or within the scale of a half it has)? */
BDC_HIDDEN int bdc_limits_ok(const bdc_game *game, const bdc_limits *limits);

/* Does a hand with these halves meet the limits? */
static inline int bdc_meets(const bdc_limits *limits, const unsigned halves[2])
{
    return (!limits->badugi || halves[0] <= limits->badugi) && (!limits->low || halves[1] <= limits->low);
}

/* ---- the skeleton of an exact enumeration ------------------------------ */

/* One block of an enumeration: the hands whose dealt set has its first
 * cards fixed and its last card at unseen position lo .. hi-1. */
typedef struct {
    unsigned (*halves)[2]; /* halves[i - lo]: of the hand whose last card is unseen card i */
    const int *avail;      /* avail[i]: the deck position of unseen card i */
    int lo, hi;
    int unseen;            /* how many cards were unseen before this deal */
} bdc_block;

/* What an enumerator does with a block: record its hands, or deal on from
 * each (marking used[avail[i]] while it does).  BDC_OK or an error, which
 * stops the enumeration. */
typedef int (*bdc_block_fn)(void *frame, const bdc_block *block);

/* Every set of k cards of the deck's unseen cards (used[p] == 0 for deck
 * position p) whose first card is at unseen position begin .. end-1, in
 * lexicographic order, dealt to a hand that already holds held[0 .. n_held-1]
 * (n_held + k == game->n_cards).  The set's last card varies innermost: each
 * block of hands is ranked in one bdc_halves_extend call and handed to
 * visit(frame, block), with the set's other cards marked used.  Returns
 * BDC_OK or visit's first error. */
BDC_HIDDEN int bdc_each_block(const bdc_game *game, const unsigned *deck, unsigned char *used, int n_deck,
                              const unsigned *held, int n_held, int k, int begin, int end, bdc_block_fn visit,
                              void *frame);

/* ---- the last deal of an enumeration, in buffers ------------------------ */

/* Hands ranked through a batch loop: hand i's Badugi rank is badugi[i * step]
 * and its low rank low[i * step]; NULL for a half the game lacks. */
typedef struct {
    const uint16_t *badugi, *low;
    int step, n;
} bdc_ranked;

/* What an enumerator does with ranked final hands (their order is not the
 * enumeration's): count them.  BDC_OK or an error, which stops it. */
typedef int (*bdc_final_fn)(void *frame, const bdc_ranked *ranked);

/* Hands per buffer of bdc_each_final: one batch call and one visit each. */
#define BDC_FINAL_HANDS 512

/* The hands of bdc_each_block (the same sets of k cards, the first at unseen
 * position begin .. end-1, dealt to held[0 .. n_held-1]) when nothing deals
 * after them: written as rows of card ids, up to BDC_FINAL_HANDS at a time
 * across blocks, and ranked by the implementation's batch loop of the game
 * (Badeucey, Badacey, or a one-half game's ranking; another game, or four
 * cards, through bdc_halves_extend), then handed to visit(frame, ranked).
 * used[] is as it was when this returns.  BDC_OK or visit's first error. */
BDC_HIDDEN int bdc_each_final(const bdc_game *game, const unsigned *deck, unsigned char *used, int n_deck,
                              const unsigned *held, int n_held, int k, int begin, int end, bdc_final_fn visit,
                              void *frame);

#endif /* BDC_ENUMERATE_H */
