/*
 * bdc_random.c - random hands: rows of distinct cards drawn uniformly from a deck.
 *
 * RANDOM WORDS.  The splitmix64 stream of the seed, read four 64-bit words at
 * a time from the core's exported bdc_rng_seed: it returns the splitmix64
 * outputs at seed + 1*G .. seed + 4*G (G the splitmix64 increment), so calling
 * it at seed, seed + 4*G, seed + 8*G, ... walks one splitmix64 stream and no
 * generator is written twice.  Each 64-bit word gives two 32-bit words.
 *
 * ONE ROW.  A partial Fisher-Yates shuffle: position j of the row swaps a
 * uniform pick from positions j .. n_deck - 1 of the deck into place j.  The
 * deck is not put back in order between rows: a partial shuffle of any
 * arrangement is a uniform ordered choice of distinct cards, independent of
 * the rows before it.
 *
 * PICKS IN GROUPS.  Consecutive picks with bounds n_1 .. n_g whose product P
 * is at most 2^32 share one 32-bit word x.  Writing x_0 = x and
 * x_{i-1} * n_i = j_i * 2^32 + x_i, x * P = J * 2^32 + x_g where J has the
 * mixed-radix digits j_1 .. j_g (j_i < n_i).  Rejecting the words whose x_g is
 * below 2^32 mod P makes J uniform in 0 .. P - 1 (Lemire's method on P), so the
 * digits are independent uniform picks (Brackett-Rozinsky and Lemire, "Batched
 * ranged random integer generation", 2024).  Five cards from 52 take one word
 * (52 * 51 * 50 * 49 * 48 < 2^32), rejected with probability 5.6%.
 */
#include "badeucey.h"
#include "bdc_internal.h"

#define BDC_WORD_RANGE ((uint64_t)1 << 32) /* a pick group's product of bounds is at most this */
#define BDC_SPLITMIX_STEP 0x9e3779b97f4a7c15u  /* splitmix64's increment G, as in bdc_rng_seed */
#define BDC_SEED_WORDS 4                       /* 64-bit words bdc_rng_seed fills per call */

typedef struct {
    uint64_t next;                 /* the seed of the next bdc_rng_seed call */
    uint64_t words[BDC_SEED_WORDS];
    int left;                      /* 32-bit words of `words` not yet used */
} bdc_word_stream;

/* The next 32-bit word of the stream. */
static inline uint32_t bdc_next_word(bdc_word_stream *s)
{
    uint64_t w;
    if (s->left == 0) {
        bdc_rng_seed(s->next, s->words);
        s->next += BDC_SEED_WORDS * BDC_SPLITMIX_STEP;
        s->left = 2 * BDC_SEED_WORDS;
    }
    s->left--;
    w = s->words[s->left >> 1];
    return (uint32_t)((s->left & 1) ? w >> 32 : w);
}

int bdc_random_hands(uint64_t seed, const uint8_t *deck, int n_deck, int n_cards,
                     uint8_t *hands, size_t n_hands)
{
    uint8_t live[BDC_DECK_SIZE];
    int group_end[BDC_DECK_SIZE];          /* group g covers picks group_end[g-1] .. group_end[g] - 1 */
    uint64_t group_product[BDC_DECK_SIZE]; /* P of group g */
    uint32_t group_reject[BDC_DECK_SIZE];  /* 2^32 mod P: words with x_g below it are drawn again */
    uint64_t seen = 0;
    bdc_word_stream stream;
    size_t row;
    int i, n_groups = 0;

    if (deck == NULL || n_deck < 1 || n_deck > (int)BDC_DECK_SIZE)
        return BDC_E_ARGUMENT;
    if (n_cards < 1 || n_cards > n_deck)
        return BDC_E_COUNT;
    if (hands == NULL && n_hands > 0)
        return BDC_E_ARGUMENT;
    for (i = 0; i < n_deck; i++) {
        if (deck[i] >= BDC_DECK_SIZE)
            return BDC_E_CARD;
        if (seen >> deck[i] & 1u)
            return BDC_E_DUPLICATE;
        seen |= (uint64_t)1 << deck[i];
        live[i] = deck[i];
    }

    /* Group the picks greedily: the bound of pick j is n_deck - j. */
    for (i = 0; i < n_cards; i++) {
        uint64_t bound = (uint64_t)(n_deck - i);
        if (n_groups == 0 || group_product[n_groups - 1] * bound > BDC_WORD_RANGE) {
            group_product[n_groups] = 1;
            n_groups++;
        }
        group_product[n_groups - 1] *= bound;
        group_end[n_groups - 1] = i + 1;
    }
    for (i = 0; i < n_groups; i++)
        group_reject[i] = (uint32_t)(BDC_WORD_RANGE % group_product[i]);

    stream.next = seed;
    stream.left = 0;
    for (row = 0; row < n_hands; row++) {
        uint8_t *out = hands + row * (size_t)n_cards;
        int j = 0, g;
        for (g = 0; g < n_groups; g++) {
            uint32_t x;
            do /* Lemire's rejection on P: the low word of x * P is x_g */
                x = bdc_next_word(&stream);
            while ((uint32_t)((uint64_t)x * group_product[g]) < group_reject[g]);
            for (; j < group_end[g]; j++) {
                uint64_t m = (uint64_t)x * (uint64_t)(n_deck - j); /* j_i in the high word */
                int pick = j + (int)(m >> 32);
                uint8_t card = live[pick];
                x = (uint32_t)m;
                live[pick] = live[j];
                live[j] = card;
                out[j] = card;
            }
        }
    }
    return BDC_OK;
}
