/*
 * bdc_core.c - table lookups behind badeucey.h.
 *
 * Every entry point validates its cards (ids in 0..51, no card twice) before
 * it computes any table index, so no input can make it read outside a table.
 * The tables and the constants of their hashes come from the generated
 * bdc_tables.inc (tools/gen_tables.py documents the layout).
 */
#include "badeucey.h"

#include "bdc_tables.inc"

#define BDC_DECK 52u /* card ids are 0 .. BDC_DECK - 1 */
#define BDC_SUIT_BITS 3u /* id & BDC_SUIT_BITS is the suit (id = 4 * rank + suit) */
#define BDC_SPLIT_SHIFT 16 /* split games pack (badugi << 16) | low */

/* One uint16 entry of a generated table (stored little-endian as bytes). */
static inline unsigned bdc_u16(const unsigned char *table, uint32_t i)
{
    return (unsigned)table[2u * i] | ((unsigned)table[2u * i + 1u] << 8);
}

/* A validated hand: for four cards its colex index; for five the slot of its
 * rank multiset in the low tables, its index in the 5-card Badugi tables, and
 * whether it is one suit. */
typedef struct {
    uint32_t colex;    /* 4 cards: colexicographic rank of the sorted card ids */
    uint32_t low_slot; /* 5 cards: displacement-hash slot of the rank multiset */
    uint32_t badugi;   /* 5 cards: low_slot * BDC_SUIT_PATTERNS + suit pattern */
    int flush;         /* 5 cards: all share a suit */
} bdc_hand;

/* Compare cards a and b of a hand: count which is higher towards its sorted
 * position, and note a duplicate. */
#define BDC_ORDER(a, b)                                  \
    do {                                                 \
        unsigned b_below_a = c[b] < c[a];                \
        pos[a] += b_below_a;                             \
        pos[b] += 1u - b_below_a;                        \
        dup |= c[a] == c[b];                             \
    } while (0)

/* Validates four cards and computes their colex index. */
static inline int bdc_index4(const unsigned c[4], bdc_hand *h)
{
    unsigned pos[4] = {0, 0, 0, 0};
    unsigned dup = 0;
    if ((c[0] >= BDC_DECK) | (c[1] >= BDC_DECK) | (c[2] >= BDC_DECK) | (c[3] >= BDC_DECK))
        return BDC_E_CARD;
    BDC_ORDER(0, 1); BDC_ORDER(0, 2); BDC_ORDER(0, 3);
    BDC_ORDER(1, 2); BDC_ORDER(1, 3);
    BDC_ORDER(2, 3);
    if (dup)
        return BDC_E_DUPLICATE;
    /* colex index = sum over cards of C(id, sorted position + 1) */
    h->colex = BDC_COLEX[pos[0]][c[0]] + BDC_COLEX[pos[1]][c[1]] +
               BDC_COLEX[pos[2]][c[2]] + BDC_COLEX[pos[3]][c[3]];
    return BDC_OK;
}

/* Validates five cards; computes their low slot, Badugi index and flush flag. */
static inline int bdc_index5(const unsigned c[5], bdc_hand *h)
{
    unsigned pos[5] = {0, 0, 0, 0, 0};
    unsigned dup = 0;
    uint32_t key, suits;
    if ((c[0] >= BDC_DECK) | (c[1] >= BDC_DECK) | (c[2] >= BDC_DECK) |
        (c[3] >= BDC_DECK) | (c[4] >= BDC_DECK))
        return BDC_E_CARD;
    BDC_ORDER(0, 1); BDC_ORDER(0, 2); BDC_ORDER(0, 3); BDC_ORDER(0, 4);
    BDC_ORDER(1, 2); BDC_ORDER(1, 3); BDC_ORDER(1, 4);
    BDC_ORDER(2, 3); BDC_ORDER(2, 4);
    BDC_ORDER(3, 4);
    if (dup)
        return BDC_E_DUPLICATE;
    /* rank-multiset key: distinct for every multiset of five ranks */
    key = BDC_CARD_KEY[c[0]] + BDC_CARD_KEY[c[1]] + BDC_CARD_KEY[c[2]] +
          BDC_CARD_KEY[c[3]] + BDC_CARD_KEY[c[4]];
    /* displacement hash of the key into the low tables */
    h->low_slot = BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK);
    /* suits in sorted-card order, 2 bits each: their pattern up to relabelling
     * fixes the hand's Badugi together with the rank multiset */
    suits = ((c[0] & BDC_SUIT_BITS) << (2u * pos[0])) | ((c[1] & BDC_SUIT_BITS) << (2u * pos[1])) |
            ((c[2] & BDC_SUIT_BITS) << (2u * pos[2])) | ((c[3] & BDC_SUIT_BITS) << (2u * pos[3])) |
            ((c[4] & BDC_SUIT_BITS) << (2u * pos[4]));
    h->badugi = h->low_slot * BDC_SUIT_PATTERNS + BDC_SUIT_PATTERN[suits];
    /* one suit: every id agrees with the first in its suit bits */
    h->flush = (((c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4])) &
                BDC_SUIT_BITS) == 0;
    return BDC_OK;
}

/* Rank lookups of an indexed hand. */
static inline int bdc_deuce_seven_of(const bdc_hand *h)
{
    /* 2-7 rank: flushes count against the hand, so they have their own table */
    return (int)bdc_u16(h->flush ? bdc_tab_deuce_seven_flush : bdc_tab_deuce_seven, h->low_slot);
}

static inline int bdc_ace_five_of(const bdc_hand *h)
{
    /* A-5 rank: suits never matter */
    return (int)bdc_u16(bdc_tab_ace_five, h->low_slot);
}

#define BDC_CARDS4 unsigned c[4] = {(unsigned)c0, (unsigned)c1, (unsigned)c2, (unsigned)c3}
#define BDC_CARDS5 \
    unsigned c[5] = {(unsigned)c0, (unsigned)c1, (unsigned)c2, (unsigned)c3, (unsigned)c4}

int bdc_badugi_low4(int c0, int c1, int c2, int c3)
{
    BDC_CARDS4;
    bdc_hand h;
    int status = bdc_index4(c, &h);
    return status ? status : (int)bdc_u16(bdc_tab_badugi4_low, h.colex);
}

int bdc_badugi_high4(int c0, int c1, int c2, int c3)
{
    BDC_CARDS4;
    bdc_hand h;
    int status = bdc_index4(c, &h);
    return status ? status : (int)bdc_u16(bdc_tab_badugi4_high, h.colex);
}

int bdc_badugi_low5(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    return status ? status : (int)bdc_u16(bdc_tab_badugi5_low, h.badugi);
}

int bdc_badugi_high5(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    return status ? status : (int)bdc_u16(bdc_tab_badugi5_high, h.badugi);
}

int bdc_deuce_seven(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    return status ? status : bdc_deuce_seven_of(&h);
}

int bdc_ace_five(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    return status ? status : bdc_ace_five_of(&h);
}

int bdc_badeucey(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    if (status)
        return status;
    return ((int)bdc_u16(bdc_tab_badugi5_high, h.badugi) << BDC_SPLIT_SHIFT) | bdc_deuce_seven_of(&h);
}

int bdc_badacey(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    bdc_hand h;
    int status = bdc_index5(c, &h);
    if (status)
        return status;
    return ((int)bdc_u16(bdc_tab_badugi5_low, h.badugi) << BDC_SPLIT_SHIFT) | bdc_ace_five_of(&h);
}

#define BDC_NO_CARD 0xffu /* padding after the last rank of a Badugi class */

int bdc_class_ranks(int ranking, int rank, uint8_t out[5], int *flush)
{
    const uint8_t *row;
    int k, count;
    *flush = 0;
    switch (ranking) {
    case BDC_BADUGI_LOW:
    case BDC_BADUGI_HIGH:
        if (rank < 1 || rank > BDC_BADUGI_CLASSES)
            return BDC_E_RANK;
        /* class rows: card ranks highest first, padded with BDC_NO_CARD */
        row = ranking == BDC_BADUGI_LOW ? BDC_CLASS_BADUGI_LOW[rank - 1] : BDC_CLASS_BADUGI_HIGH[rank - 1];
        for (count = 0; count < 4 && row[count] != BDC_NO_CARD; count++)
            out[count] = row[count];
        return count;
    case BDC_DEUCE_SEVEN:
        if (rank < 1 || rank > BDC_DEUCE_SEVEN_CLASSES)
            return BDC_E_RANK;
        row = BDC_CLASS_DEUCE_SEVEN[rank - 1]; /* five ranks as named, then the one-suit flag */
        break;
    case BDC_ACE_FIVE:
        if (rank < 1 || rank > BDC_ACE_FIVE_CLASSES)
            return BDC_E_RANK;
        row = BDC_CLASS_ACE_FIVE[rank - 1]; /* five ranks as named (aces low), then 0 */
        break;
    default:
        return BDC_E_RANKING;
    }
    for (k = 0; k < 5; k++)
        out[k] = row[k];
    *flush = row[5];
    return 5;
}

/* Card ids 0 and 1 are the only ones a boolean can turn into. */
#define BDC_ID_0_OR_1(c) ((unsigned)(c) < 2u)
#define BDC_FLAGGED(rank, low_ids) ((unsigned)(rank) | ((rank) > 0 && (low_ids) ? (unsigned)BDC_FLAG_ID_0_OR_1 : 0u))
#define BDC_FLAGGED4(NAME)                                                                 \
    unsigned NAME##_flagged(int c0, int c1, int c2, int c3)                                  \
    {                                                                                     \
        return BDC_FLAGGED(NAME(c0, c1, c2, c3), BDC_ID_0_OR_1(c0) | BDC_ID_0_OR_1(c1) |   \
                                                     BDC_ID_0_OR_1(c2) | BDC_ID_0_OR_1(c3)); \
    }
#define BDC_FLAGGED5(NAME)                                                                 \
    unsigned NAME##_flagged(int c0, int c1, int c2, int c3, int c4)                          \
    {                                                                                     \
        return BDC_FLAGGED(NAME(c0, c1, c2, c3, c4), BDC_ID_0_OR_1(c0) | BDC_ID_0_OR_1(c1) | \
                                                         BDC_ID_0_OR_1(c2) | BDC_ID_0_OR_1(c3) | \
                                                         BDC_ID_0_OR_1(c4));               \
    }
BDC_FLAGGED4(bdc_badugi_low4)
BDC_FLAGGED4(bdc_badugi_high4)
BDC_FLAGGED5(bdc_badugi_low5)
BDC_FLAGGED5(bdc_badugi_high5)
BDC_FLAGGED5(bdc_deuce_seven)
BDC_FLAGGED5(bdc_ace_five)
BDC_FLAGGED5(bdc_badeucey)
BDC_FLAGGED5(bdc_badacey)

int bdc_noop5(int c0, int c1, int c2, int c3, int c4)
{
    (void)c0; (void)c1; (void)c2; (void)c3; (void)c4;
    return 1;
}

/* One batch loop per ranking, so the loop body has no per-hand dispatch.
 * Each stops at the first bad hand and reports it. */
#define BDC_BATCH_LOOP(N_CARDS, INDEX, BODY)                    \
    do {                                                        \
        size_t i;                                               \
        for (i = 0; i < n; i++) {                               \
            const uint8_t *row = hands + i * (N_CARDS);         \
            unsigned c[5];                                      \
            bdc_hand h;                                         \
            int status, k;                                      \
            for (k = 0; k < (N_CARDS); k++)                     \
                c[k] = row[k];                                  \
            status = INDEX(c, &h);                              \
            if (status) {                                       \
                *bad_row = i;                                   \
                return status;                                  \
            }                                                   \
            BODY;                                               \
        }                                                       \
    } while (0)

int bdc_rank_batch(int ranking, const uint8_t *hands, size_t n, int n_cards,
                   uint16_t *out, size_t *bad_row)
{
    *bad_row = 0;
    switch (ranking) {
    case BDC_BADUGI_LOW:
    case BDC_BADUGI_HIGH: {
        int high = ranking == BDC_BADUGI_HIGH;
        if (n_cards == 4) {
            const unsigned char *table = high ? bdc_tab_badugi4_high : bdc_tab_badugi4_low;
            BDC_BATCH_LOOP(4, bdc_index4, out[i] = (uint16_t)bdc_u16(table, h.colex));
        } else if (n_cards == 5) {
            const unsigned char *table = high ? bdc_tab_badugi5_high : bdc_tab_badugi5_low;
            BDC_BATCH_LOOP(5, bdc_index5, out[i] = (uint16_t)bdc_u16(table, h.badugi));
        } else {
            return BDC_E_COUNT;
        }
        return BDC_OK;
    }
    case BDC_DEUCE_SEVEN:
    case BDC_ACE_FIVE:
    case BDC_BADEUCEY:
    case BDC_BADACEY:
        if (n_cards != 5)
            return BDC_E_COUNT;
        break;
    default:
        return BDC_E_RANKING;
    }
    switch (ranking) {
    case BDC_DEUCE_SEVEN:
        BDC_BATCH_LOOP(5, bdc_index5, out[i] = (uint16_t)bdc_deuce_seven_of(&h));
        break;
    case BDC_ACE_FIVE:
        BDC_BATCH_LOOP(5, bdc_index5, out[i] = (uint16_t)bdc_ace_five_of(&h));
        break;
    case BDC_BADEUCEY:
        BDC_BATCH_LOOP(5, bdc_index5,
                       out[2 * i] = (uint16_t)bdc_u16(bdc_tab_badugi5_high, h.badugi);
                       out[2 * i + 1] = (uint16_t)bdc_deuce_seven_of(&h));
        break;
    default: /* BDC_BADACEY */
        BDC_BATCH_LOOP(5, bdc_index5,
                       out[2 * i] = (uint16_t)bdc_u16(bdc_tab_badugi5_low, h.badugi);
                       out[2 * i + 1] = (uint16_t)bdc_ace_five_of(&h));
        break;
    }
    return BDC_OK;
}
