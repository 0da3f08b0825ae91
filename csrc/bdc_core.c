/*
 * bdc_core.c - table lookups behind badeucey.h.
 *
 * A hand is read as a 64-bit mask with one bit per card (BDC_CARD_BIT_*):
 * every byte value has an entry there, and a byte that is no card id has bit
 * 63, so checking the mask validates the hand (ids in 0..51, no card twice);
 * every other table index is bounded whatever the bytes, so no input can make
 * the core read outside a table.  Then:
 *
 *   - deuce-to-seven and ace-to-five: the sum of the cards' rank keys fixes the
 *     rank multiset; a displacement hash squeezes it into a slot of the low
 *     tables (2-7 has a column for hands all of one suit);
 *   - Badugi: the mask's set bits are the cards in order (aces high: by id;
 *     aces low: by id with the aces moved below the deuces).  Which neighbours
 *     share a rank (read from the rank multiset's slot for five cards) and the
 *     suits along the cards pick the cards of the best badugi (BDC_SELECT4/5)
 *     as a subset of the hand's distinct values; placed on the values present
 *     with a bit deposit (x86 pdep), it is a set of values with a dense rank
 *     (BDC_BADUGI_DENSE).
 *
 * The suits along the cards are two parallel bit extractions of the mask: on
 * x86-64 processors with fast BMI2 `pext` and `pdep` the batch loops use them
 * (chosen at run time, so the build needs no -march flag); elsewhere chains
 * of lowest-set-bit steps compute the same bits.
 *
 * The tables and the constants of their hashes come from the generated
 * bdc_tables.inc (tools/gen_tables.py documents them and verifies every hand
 * through exactly these steps).
 */
#include "badeucey.h"
#include "bdc_internal.h"

#include <string.h>

#include "bdc_tables.inc"

#define BDC_NO_CARD_BYTE 0xffu /* an int outside 0..51 is read as this byte, which is no card */
#define BDC_NOT_A_CARD (UINT64_C(1) << 63) /* the mask bit of a byte that is no card id */
#define BDC_SUIT_BITS 3u      /* id & BDC_SUIT_BITS is the suit (id = 4 * rank + suit) */
#define BDC_RANK_SHIFT 2      /* id >> BDC_RANK_SHIFT is the rank (the value, for value ids) */
#define BDC_LOW_BITS 0xffffu  /* the low half of a packed split-game result */
#define BDC_VALUE_BITS 0x1fffu /* a set of card values, one bit each (13) */

#if defined(__GNUC__) || defined(__clang__)
#define BDC_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Index of the lowest set bit of x (x != 0). */
static inline unsigned bdc_lowest_bit(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}
#else
#define BDC_UNLIKELY(x) (x)
static inline unsigned bdc_lowest_bit(uint64_t x)
{
    /* de Bruijn sequence B(2, 6): the top 6 bits of (x & -x) * it are distinct */
    static const uint8_t index[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return index[((x & (0 - x)) * UINT64_C(0x022fdd63cc95386d)) >> 58];
}
#endif

/* A card id as the core holds it: a byte value, in a register-wide type so
 * that it indexes tables without being widened again. */
typedef size_t bdc_card;

/* An int card argument as a byte: itself if it is a card id, else a byte that is none. */
#define BDC_BYTE(c) ((unsigned)(c) < BDC_DECK_SIZE ? (unsigned)(c) : BDC_NO_CARD_BYTE)

/* The mask of k cards (bytes) in the order `bit` gives (BDC_CARD_BIT_HIGH or _LOW),
 * and whether they are a hand: BDC_OK, BDC_E_CARD or BDC_E_DUPLICATE.  Distinct
 * bits add up to their OR; a repeated card carries into another bit. */
static inline int bdc_mask(const bdc_card *c, int k, const uint64_t bit[256], uint64_t *mask)
{
    uint64_t m = 0, sum = 0;
    int i;
    for (i = 0; i < k; i++) {
        m |= bit[c[i]];
        sum += bit[c[i]];
    }
    *mask = m;
    if (BDC_UNLIKELY(m & BDC_NOT_A_CARD))
        return BDC_E_CARD;
    return BDC_UNLIKELY(sum != m) ? BDC_E_DUPLICATE : BDC_OK;
}

/* The fields of a BDC_SLOT5_* record (one 64-bit load a hand serves both
 * halves): which neighbours share a rank, in place in a BDC_SELECT5 index; the
 * values present, for depositing onto (13 bits, so that a deposit indexes
 * BDC_BADUGI_DENSE whatever it is); a low rank (`column` 1: 2-7 of one suit). */
#define BDC_SLOT_EQUAL(record) ((unsigned)((record) >> 16) & BDC_SLOT_EQUAL_IN_SHAPE)
#define BDC_SLOT_PRESENT(record) ((unsigned)(record) & BDC_VALUE_BITS)
#define BDC_SLOT_LOW(record, column) ((unsigned)((record) >> (BDC_SLOT_LOW_SHIFT + 16 * (column))) & 0xffffu)

/* BDC_SELECT5 entry of five cards: by their slot record's equal-rank bits and
 * the suits along the cards; holds the cards of the best badugi as a subset of
 * the hand's distinct values (bit j: the j-th lowest), and BDC_SELECT_ONE_SUIT. */
#define BDC_SELECT5_OF(record, suits) BDC_SELECT5[BDC_SLOT_EQUAL(record) | (suits)]

/* Best badugi of the five cards whose value ids are the bits of m (exactly
 * five), given their slot record; sets *select to their BDC_SELECT5 entry.
 * The portable way: peel the cards off in order, which gives the suits along
 * them, and, once the choice is known, the values of the first card of each
 * chosen value (BDC_FIRST_POSITIONS5). */
static inline unsigned bdc_badugi5_portable(uint64_t m, uint64_t record, unsigned *select)
{
    unsigned s0, s1, s2, s3, s4, suits, equal, first, chosen;
    s0 = bdc_lowest_bit(m); m &= m - 1;
    s1 = bdc_lowest_bit(m); m &= m - 1;
    s2 = bdc_lowest_bit(m); m &= m - 1;
    s3 = bdc_lowest_bit(m); m &= m - 1;
    s4 = bdc_lowest_bit(m);
    /* the low suit bits along the cards, then the high ones (what pext gives) */
    suits = (s0 & 1u) | ((s1 & 1u) << 1) | ((s2 & 1u) << 2) | ((s3 & 1u) << 3) | ((s4 & 1u) << 4) |
            ((s0 & 2u) << 4) | ((s1 & 2u) << 5) | ((s2 & 2u) << 6) | ((s3 & 2u) << 7) | ((s4 & 2u) << 8);
    equal = BDC_SLOT_EQUAL(record);
    *select = BDC_SELECT5[equal | suits];
    /* the first card of each chosen value, then the set of those values */
    first = BDC_FIRST_POSITIONS5[(equal >> 5) | (*select & BDC_SELECT_CARDS)];
    chosen = ((first & 1u) << (s0 >> BDC_RANK_SHIFT)) | (((first >> 1) & 1u) << (s1 >> BDC_RANK_SHIFT)) |
             (((first >> 2) & 1u) << (s2 >> BDC_RANK_SHIFT)) | (((first >> 3) & 1u) << (s3 >> BDC_RANK_SHIFT)) |
             (((first >> 4) & 1u) << (s4 >> BDC_RANK_SHIFT));
    /* dense Badugi rank of that set of values */
    return BDC_BADUGI_DENSE[chosen];
}

/* The bits of `bits` placed, lowest first, on the set bits of `onto` (x86 pdep),
 * for four cards. */
static inline unsigned bdc_deposit4(unsigned bits, unsigned onto)
{
    unsigned out = 0;
    int k;
    for (k = 0; k < 4; k++) {
        unsigned lowest = onto & (0u - onto);
        out |= lowest & (0u - ((bits >> k) & 1u));
        onto &= onto - 1u;
    }
    return out;
}

/* Best badugi of the four cards whose value ids are the bits of m (exactly four). */
static inline unsigned bdc_badugi4_bits(uint64_t m)
{
    unsigned s0, s1, s2, s3, shape, sel, present;
    /* the cards in increasing order */
    s0 = bdc_lowest_bit(m); m &= m - 1;
    s1 = bdc_lowest_bit(m); m &= m - 1;
    s2 = bdc_lowest_bit(m); m &= m - 1;
    s3 = bdc_lowest_bit(m);
    /* shape: which neighbours share a rank (ids differing only in suit bits), then the suit bits */
    shape = (((s0 ^ s1) <= BDC_SUIT_BITS) << 8) | (((s1 ^ s2) <= BDC_SUIT_BITS) << 9) |
            (((s2 ^ s3) <= BDC_SUIT_BITS) << 10) | (s0 & 1u) | ((s1 & 1u) << 1) | ((s2 & 1u) << 2) |
            ((s3 & 1u) << 3) | ((s0 & 2u) << 3) | ((s1 & 2u) << 4) | ((s2 & 2u) << 5) | ((s3 & 2u) << 6);
    /* the values present */
    present = (1u << (s0 >> BDC_RANK_SHIFT)) | (1u << (s1 >> BDC_RANK_SHIFT)) | (1u << (s2 >> BDC_RANK_SHIFT)) |
              (1u << (s3 >> BDC_RANK_SHIFT));
    /* the values of the best badugi, by shape (a subset of the distinct values) */
    sel = BDC_SELECT4[shape];
    /* dense Badugi rank of that set of values */
    return BDC_BADUGI_DENSE[bdc_deposit4(sel & BDC_SELECT_CARDS, present)];
}

/* Slot of five cards' rank multiset in the low tables.  Safe for any bytes
 * (BDC_CARD_KEY is 0 past 51, and every sum of five keys has a row). */
static inline uint32_t bdc_low_slot(const bdc_card c[5])
{
    /* rank-multiset key: distinct for every multiset of five ranks */
    uint32_t key = BDC_CARD_KEY[c[0]] + BDC_CARD_KEY[c[1]] + BDC_CARD_KEY[c[2]] + BDC_CARD_KEY[c[3]] +
                   BDC_CARD_KEY[c[4]];
    /* displacement hash of the key into the low tables */
    return BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK);
}

/* Whether a BDC_SELECT5 entry is of five cards of one suit (0 or 1). */
#define BDC_ONE_SUIT(select) (((select) & BDC_SELECT_ONE_SUIT) != 0)

/* Each ranking of a hand given as bytes: the rank (packed for the split
 * games), or an error code.  The single-hand functions use these; the batch
 * loops below do the same steps. */
static inline int bdc_badugi4_of(const bdc_card c[4], const uint64_t bit[256])
{
    uint64_t m;
    int status = bdc_mask(c, 4, bit, &m);
    return status ? status : (int)bdc_badugi4_bits(m);
}

static inline int bdc_badugi5_of(const bdc_card c[5], const uint64_t bit[256], const uint64_t slots[])
{
    uint64_t m;
    unsigned select;
    int status = bdc_mask(c, 5, bit, &m);
    return status ? status : (int)bdc_badugi5_portable(m, slots[bdc_low_slot(c)], &select);
}

static inline int bdc_deuce_seven_of(const bdc_card c[5])
{
    uint64_t m;
    int status = bdc_mask(c, 5, BDC_CARD_BIT_HIGH, &m);
    /* one suit: every id agrees with the first in its suit bits */
    unsigned one_suit = (((c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4])) & BDC_SUIT_BITS) == 0;
    /* flushes count against a 2-7 hand, so they have their own column */
    return status ? status : (int)BDC_SLOT_LOW(BDC_SLOT5_HIGH[bdc_low_slot(c)], one_suit);
}

static inline int bdc_ace_five_of(const bdc_card c[5])
{
    uint64_t m;
    int status = bdc_mask(c, 5, BDC_CARD_BIT_HIGH, &m);
    /* A-5 rank: suits never matter */
    return status ? status : (int)BDC_SLOT_LOW(BDC_SLOT5_LOW[bdc_low_slot(c)], 0);
}

/* Both halves of a split game, packed: the Badugi half by the ace order of
 * `bit` and `slots`; the low half from the same slot record (`suited`: the
 * record's 2-7 column for one-suit hands counts, else column 0, A-5). */
static inline int bdc_split_of(const bdc_card c[5], const uint64_t bit[256], const uint64_t slots[], int suited)
{
    uint64_t m, record;
    unsigned select, badugi;
    int status = bdc_mask(c, 5, bit, &m);
    if (status)
        return status;
    record = slots[bdc_low_slot(c)];
    badugi = bdc_badugi5_portable(m, record, &select);
    return (int)((badugi << BDC_SPLIT_SHIFT) | BDC_SLOT_LOW(record, suited && BDC_ONE_SUIT(select)));
}

static inline int bdc_badeucey_of(const bdc_card c[5])
{
    return bdc_split_of(c, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH, 1);
}

static inline int bdc_badacey_of(const bdc_card c[5])
{
    return bdc_split_of(c, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW, 0);
}

#define BDC_CARDS4 const bdc_card c[4] = {BDC_BYTE(c0), BDC_BYTE(c1), BDC_BYTE(c2), BDC_BYTE(c3)}
#define BDC_CARDS5 \
    const bdc_card c[5] = {BDC_BYTE(c0), BDC_BYTE(c1), BDC_BYTE(c2), BDC_BYTE(c3), BDC_BYTE(c4)}

int bdc_badugi_low4(int c0, int c1, int c2, int c3)
{
    BDC_CARDS4;
    return bdc_badugi4_of(c, BDC_CARD_BIT_LOW);
}

int bdc_badugi_high4(int c0, int c1, int c2, int c3)
{
    BDC_CARDS4;
    return bdc_badugi4_of(c, BDC_CARD_BIT_HIGH);
}

int bdc_badugi_low5(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_badugi5_of(c, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW);
}

int bdc_badugi_high5(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_badugi5_of(c, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH);
}

int bdc_deuce_seven(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_deuce_seven_of(c);
}

int bdc_ace_five(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_ace_five_of(c);
}

int bdc_badeucey(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_badeucey_of(c);
}

int bdc_badacey(int c0, int c1, int c2, int c3, int c4)
{
    BDC_CARDS5;
    return bdc_badacey_of(c);
}

#define BDC_DECK_BITS ((UINT64_C(1) << BDC_DECK_SIZE) - 1u) /* the mask bits that are card ids */

/* The five card ids of a hand mask, in increasing order; BDC_OK, or the error. */
static inline int bdc_mask_ids(uint64_t mask, bdc_card c[5])
{
    int k;
    if (mask & ~BDC_DECK_BITS)
        return BDC_E_CARD;
    for (k = 0; k < 5; k++) {
        if (!mask)
            return BDC_E_COUNT;
        c[k] = bdc_lowest_bit(mask);
        mask &= mask - 1;
    }
    return mask ? BDC_E_COUNT : BDC_OK;
}

int bdc_badeucey_mask(uint64_t mask)
{
    bdc_card c[5];
    int status = bdc_mask_ids(mask, c);
    return status ? status : bdc_badeucey_of(c);
}

int bdc_badacey_mask(uint64_t mask)
{
    bdc_card c[5];
    int status = bdc_mask_ids(mask, c);
    return status ? status : bdc_badacey_of(c);
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

/* ------------------------------------------------------------------------
 * Batches.  One loop per ranking, so the loop body has no per-hand dispatch;
 * each stops at the first bad hand and reports it.
 */
#define BDC_BATCH_LOOP(N_CARDS, RANK_OF, STORE)                  \
    do {                                                        \
        size_t i;                                               \
        for (i = 0; i < n; i++) {                               \
            const uint8_t *row = hands + i * (N_CARDS);         \
            bdc_card c[N_CARDS];                                \
            int k, rank;                                        \
            for (k = 0; k < (N_CARDS); k++)                     \
                c[k] = row[k];                                  \
            rank = RANK_OF;                                     \
            if (BDC_UNLIKELY(rank < 0)) {                       \
                *bad_row = i;                                   \
                return rank;                                    \
            }                                                   \
            STORE;                                              \
        }                                                       \
    } while (0)

/* The loop of the 5-card rankings that need the suits along the cards:
 * validate, read the slot record (`record`), rank the Badugi half with
 * BADUGI5(m, record, select), which sets `select` to the BDC_SELECT5 entry,
 * then STORE `badugi` and whatever else. */
#define BDC_BATCH_LOOP5(BADUGI5, BIT, SLOTS, STORE)                            \
    do {                                                                      \
        size_t i;                                                             \
        for (i = 0; i < n; i++) {                                             \
            const uint8_t *row = hands + i * 5u;                              \
            const bdc_card c[5] = {row[0], row[1], row[2], row[3], row[4]};   \
            uint64_t m, record;                                               \
            unsigned select, badugi;                                          \
            int status = bdc_mask(c, 5, BIT, &m);                             \
            if (BDC_UNLIKELY(status)) {                                       \
                *bad_row = i;                                                 \
                return status;                                                \
            }                                                                 \
            record = SLOTS[bdc_low_slot(c)];                                  \
            badugi = BADUGI5(m, record, select);                              \
            STORE;                                                            \
        }                                                                     \
    } while (0)

/* Store a split game's two ranks, Badugi first. */
static inline void bdc_store_pair(uint16_t *out, unsigned badugi, unsigned low)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t pair = badugi | (low << 16); /* one store */
    memcpy(out, &pair, sizeof pair);
#else
    out[0] = (uint16_t)badugi;
    out[1] = (uint16_t)low;
#endif
}

/* The Badugi and split-game 5-card batch loops, defined once for each way
 * of computing the suits along the cards. */
#define BDC_DEFINE_BATCH5(NAME, ATTRIBUTES, BADUGI5)                                                       \
    ATTRIBUTES static int NAME(int ranking, const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row) \
    {                                                                                                       \
        switch (ranking) {                                                                                  \
        case BDC_BADUGI_LOW:                                                                                \
            BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW, out[i] = (uint16_t)badugi);           \
            break;                                                                                          \
        case BDC_BADUGI_HIGH:                                                                               \
            BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH, out[i] = (uint16_t)badugi);         \
            break;                                                                                          \
        case BDC_BADEUCEY:                                                                                  \
            BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH,                                     \
                            bdc_store_pair(out + 2 * i, badugi, BDC_SLOT_LOW(record, BDC_ONE_SUIT(select)))); \
            break;                                                                                          \
        default: /* BDC_BADACEY */                                                                          \
            BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW,                                       \
                            bdc_store_pair(out + 2 * i, badugi, BDC_SLOT_LOW(record, 0)));                  \
            break;                                                                                          \
        }                                                                                                   \
        return BDC_OK;                                                                                      \
    }

#define BDC_BADUGI5_PORTABLE(m, record, select) bdc_badugi5_portable((m), (record), &(select))
BDC_DEFINE_BATCH5(bdc_batch5_portable, , BDC_BADUGI5_PORTABLE)

/* The BMI2 loops need target attributes and __builtin_cpu_is names for Zen 1 and 2
 * (GCC 9, clang 11 and later). */
#if defined(__x86_64__) && ((defined(__clang__) && __clang_major__ >= 11) || \
                            (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 9))
#include <immintrin.h>
#define BDC_HAVE_BMI2 1
/* pext of these from a hand mask: the low / high suit bit of each card, in order */
#define BDC_SUIT_LOW_PICK UINT64_C(0xaaaaaaaaaaaaaaaa)  /* bit p set: card id p has suit bit 0 set */
#define BDC_SUIT_HIGH_PICK UINT64_C(0xcccccccccccccccc) /* bit p set: card id p has suit bit 1 set */
#define BDC_SUITS5_BMI2(m) \
    ((unsigned)_pext_u64(BDC_SUIT_LOW_PICK, (m)) | ((unsigned)_pext_u64(BDC_SUIT_HIGH_PICK, (m)) << 5))
/* The Badugi half with BMI2: the shape's suits by pext, the choice placed on
 * the values present by pdep. */
#define BDC_BADUGI5_BMI2(m, record, select)                    \
    ((select) = BDC_SELECT5_OF((record), BDC_SUITS5_BMI2(m)), \
     BDC_BADUGI_DENSE[_pdep_u32((select) & BDC_SELECT_CARDS, BDC_SLOT_PRESENT(record))])
BDC_DEFINE_BATCH5(bdc_batch5_bmi2, __attribute__((target("bmi2"))), BDC_BADUGI5_BMI2)

/* Nibble masks of a hand mask (4 bits a rank): the bits a shift by 1, 2 or 3
 * leaves inside their own rank, and each rank's lowest bit. */
#define BDC_NIBBLE_ABOVE_1 UINT64_C(0xeeeeeeeeeeeee)
#define BDC_NIBBLE_ABOVE_2 UINT64_C(0xccccccccccccc)
#define BDC_NIBBLE_ABOVE_3 UINT64_C(0x8888888888888)
#define BDC_NIBBLE_LOWEST UINT64_C(0x1111111111111)

/* The 4-card Badugi loop with BMI2: no sorting at all.  The shape's equal-rank
 * bits are which cards, in order, have a lower card of their rank; the values
 * present are the ranks with any card. */
__attribute__((target("bmi2"))) static int bdc_batch4_bmi2(const uint64_t bit[256], const uint8_t *hands, size_t n,
                                                          uint16_t *out, size_t *bad_row)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const uint8_t *row = hands + i * 4u;
        const bdc_card c[4] = {row[0], row[1], row[2], row[3]};
        uint64_t m, above_own_rank;
        unsigned equal, suits, present, sel;
        int status = bdc_mask(c, 4, bit, &m);
        if (BDC_UNLIKELY(status)) {
            *bad_row = i;
            return status;
        }
        /* cards with a lower card of their own rank (a lower bit in their nibble) */
        above_own_rank = m & (((m << 1) & BDC_NIBBLE_ABOVE_1) | ((m << 2) & BDC_NIBBLE_ABOVE_2) |
                              ((m << 3) & BDC_NIBBLE_ABOVE_3));
        equal = (unsigned)_pext_u64(above_own_rank, m) >> 1;
        suits = (unsigned)_pext_u64(BDC_SUIT_LOW_PICK, m) | ((unsigned)_pext_u64(BDC_SUIT_HIGH_PICK, m) << 4);
        present = (unsigned)_pext_u64(m | (m >> 1) | (m >> 2) | (m >> 3), BDC_NIBBLE_LOWEST);
        sel = BDC_SELECT4[(equal << 8) | suits];
        out[i] = BDC_BADUGI_DENSE[_pdep_u32(sel & BDC_SELECT_CARDS, present)];
    }
    return BDC_OK;
}

/* BMI2 present, and pext/pdep fast: AMD's Zen 1 and Zen 2 microcode them (tens of cycles). */
static int bdc_fast_pext(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}

/* ---- The Badeucey batch with AVX2 (and BMI2) -------------------------------
 * Blocks of BDC_AVX2_BLOCK hands in three passes.  The vector pass takes four
 * hands a step, one in each 64-bit lane, and finds what the scalar loop gets
 * from card tables: the checks, the hand masks, the rank-multiset keys (each
 * key byte by vpshufb from the card's rank, summed over the lane by vpsadbw)
 * and whether the five cards are of one suit.  If every hand of the block is
 * valid, two scalar passes read the tables as bdc_batch5_bmi2 does (the slot
 * record and the BDC_SELECT5 index; then the Badugi rank), so the ranks are
 * the same bit for bit; short dependency chains per pass let the processor
 * overlap many hands.  A block with a bad hand goes through the scalar loop,
 * which stops at the first bad hand with its status.  The loads read only the
 * block's own bytes, and the tables are read only for checked hands. */
#define BDC_AVX2_BLOCK 64
/* the rank keys are at most 24 bits (three bytes summed separately) */
typedef char bdc_keys_fit_24_bits[((uint64_t)BDC_LOW_ROWS << BDC_LOW_SHIFT) <= (UINT64_C(1) << 24) ? 1 : -1];

/* byte `b` of the rank key of each rank 0..12, as a vpshufb table (ranks 13..15: 0) */
#define BDC_KEY_BYTE(r, b) ((char)((r) < 13 ? (BDC_CARD_KEY[4 * (r)] >> (8 * (b))) & 0xffu : 0u))
#define BDC_KEY_BYTES(b)                                                                                   \
    _mm256_setr_epi8(BDC_KEY_BYTE(0, b), BDC_KEY_BYTE(1, b), BDC_KEY_BYTE(2, b), BDC_KEY_BYTE(3, b),     \
                     BDC_KEY_BYTE(4, b), BDC_KEY_BYTE(5, b), BDC_KEY_BYTE(6, b), BDC_KEY_BYTE(7, b),     \
                     BDC_KEY_BYTE(8, b), BDC_KEY_BYTE(9, b), BDC_KEY_BYTE(10, b), BDC_KEY_BYTE(11, b),   \
                     BDC_KEY_BYTE(12, b), 0, 0, 0, BDC_KEY_BYTE(0, b), BDC_KEY_BYTE(1, b),               \
                     BDC_KEY_BYTE(2, b), BDC_KEY_BYTE(3, b), BDC_KEY_BYTE(4, b), BDC_KEY_BYTE(5, b),     \
                     BDC_KEY_BYTE(6, b), BDC_KEY_BYTE(7, b), BDC_KEY_BYTE(8, b), BDC_KEY_BYTE(9, b),     \
                     BDC_KEY_BYTE(10, b), BDC_KEY_BYTE(11, b), BDC_KEY_BYTE(12, b), 0, 0, 0)
/* vpshufb controls on a step's bytes: the low 128 bits hold bytes 0..15 of the
 * step (hands 0 and 1 at 0 and 5), the high 128 bits bytes 4..19 (hands 2 and
 * 3 at 6 and 11); -1 gives a zero byte.  Card k of each hand alone in its lane: */
#define BDC_CARD_LANE(k) \
    _mm256_setr_epi8(k, -1, -1, -1, -1, -1, -1, -1, 5 + k, -1, -1, -1, -1, -1, -1, -1, \
                     6 + k, -1, -1, -1, -1, -1, -1, -1, 11 + k, -1, -1, -1, -1, -1, -1, -1)
/* each hand's five cards in its lane, then zeros: */
#define BDC_HAND_LANE                                                                                    \
    _mm256_setr_epi8(0, 1, 2, 3, 4, -1, -1, -1, 5, 6, 7, 8, 9, -1, -1, -1, 6, 7, 8, 9, 10, -1, -1, -1, 11, 12, \
                     13, 14, 15, -1, -1, -1)
/* in a lane of cards, the first card's byte in place of each card's: */
#define BDC_FIRST_CARD_LANE                                                                              \
    _mm256_setr_epi8(0, 0, 0, 0, 0, -1, -1, -1, 8, 8, 8, 8, 8, -1, -1, -1, 0, 0, 0, 0, 0, -1, -1, -1, 8, 8, 8, \
                     8, 8, -1, -1, -1)

/* The scalar loop, for the hands the vector pass does not take. */
__attribute__((target("bmi2"), noinline, cold)) static int bdc_badeucey_scalar(const uint8_t *hands, size_t n,
                                                                              uint16_t *out, size_t *bad_row)
{
    return bdc_batch5_bmi2(BDC_BADEUCEY, hands, n, out, bad_row);
}

/* The vector pass on four hands (the 20 bytes at `step`), one in each 64-bit
 * lane: their masks; their keys' rows in BDC_LOW_OFFSET (low 32 bits) and
 * columns (high 32); the shift of the 2-7 rank in their slot record (as
 * BDC_SLOT_LOW, one-suit column if the five cards are of one suit).  Returns
 * all bits set in the lanes of hands (ids 0..51, no card twice). */
__attribute__((target("avx2,bmi2"), always_inline)) static inline __m256i
bdc_avx2_four(const uint8_t *step, __m256i *mask, __m256i *slot_parts, __m256i *low_shift)
{
    const __m256i one = _mm256_set1_epi64x(1), last_card = _mm256_set1_epi8(BDC_DECK_SIZE - 1);
    const __m256i zero = _mm256_setzero_si256();
    __m256i raw = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const void *)step)),
                                          _mm_loadu_si128((const void *)(step + 4)), 1);
    __m256i cards = _mm256_shuffle_epi8(raw, BDC_HAND_LANE);
    /* the cards' mask bits (an id past 63 gives none, but fails the check below) */
    __m256i b0 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(raw, BDC_CARD_LANE(0)));
    __m256i b1 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(raw, BDC_CARD_LANE(1)));
    __m256i b2 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(raw, BDC_CARD_LANE(2)));
    __m256i b3 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(raw, BDC_CARD_LANE(3)));
    __m256i b4 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(raw, BDC_CARD_LANE(4)));
    __m256i m = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(b0, b1), _mm256_or_si256(b2, b3)), b4);
    __m256i sum = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(b0, b1), _mm256_add_epi64(b2, b3)), b4);
    /* the rank-multiset key: each of its bytes looked up by rank, summed over the lane */
    __m256i ranks = _mm256_and_si256(_mm256_srli_epi16(cards, BDC_RANK_SHIFT), _mm256_set1_epi8(0x3f));
    __m256i key = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(0), ranks), zero),
                         _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(1), ranks), zero), 8)),
        _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(2), ranks), zero), 16));
    /* one suit: every card's suit bits (id & 3) the first card's */
    __m256i suits = _mm256_and_si256(cards, _mm256_set1_epi64x(0x0303030303));
    __m256i one_suit = _mm256_cmpeq_epi64(suits, _mm256_shuffle_epi8(suits, BDC_FIRST_CARD_LANE));
    *mask = m;
    *slot_parts = _mm256_or_si256(_mm256_srli_epi64(key, BDC_LOW_SHIFT),
                                  _mm256_slli_epi64(_mm256_and_si256(key, _mm256_set1_epi64x(BDC_LOW_MASK)), 32));
    *low_shift = _mm256_add_epi64(_mm256_set1_epi64x(BDC_SLOT_LOW_SHIFT),
                                  _mm256_and_si256(one_suit, _mm256_set1_epi64x(16)));
    /* every id a card (no byte above 51), no card twice (the bits add up to their OR) */
    return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(cards, last_card), last_card),
                            _mm256_cmpeq_epi64(m, sum));
}

__attribute__((target("avx2,bmi2"))) static int bdc_badeucey_avx2(const uint8_t *hands, size_t n, uint16_t *out,
                                                                 size_t *bad_row)
{
    size_t i, bad;
    int status;
    for (i = 0; i + BDC_AVX2_BLOCK <= n; i += BDC_AVX2_BLOCK) {
        const uint8_t *block = hands + i * 5u;
        uint64_t masks[BDC_AVX2_BLOCK], shifts[BDC_AVX2_BLOCK], records[BDC_AVX2_BLOCK];
        uint32_t parts[2 * BDC_AVX2_BLOCK], selects[BDC_AVX2_BLOCK];
        __m256i ok = _mm256_set1_epi8(-1);
        int j;
        for (j = 0; j < BDC_AVX2_BLOCK; j += 4) {
            __m256i mask, slot_parts, low_shift;
            ok = _mm256_and_si256(ok, bdc_avx2_four(block + 5 * j, &mask, &slot_parts, &low_shift));
            _mm256_storeu_si256((void *)(masks + j), mask);
            _mm256_storeu_si256((void *)(parts + 2 * j), slot_parts);
            _mm256_storeu_si256((void *)(shifts + j), low_shift);
        }
        if (BDC_UNLIKELY(_mm256_movemask_epi8(ok) != -1)) {
            /* a bad hand in the block: the scalar loop finds the first one */
            status = bdc_badeucey_scalar(block, BDC_AVX2_BLOCK, out + 2 * i, &bad);
            if (status) {
                *bad_row = i + bad;
                return status;
            }
            continue;
        }
        /* each hand's slot record, and its BDC_SELECT5 index */
        for (j = 0; j < BDC_AVX2_BLOCK; j++) {
            uint64_t record = BDC_SLOT5_HIGH[BDC_LOW_OFFSET[parts[2 * j]] + parts[2 * j + 1]];
            records[j] = record;
            selects[j] = BDC_SLOT_EQUAL(record) | BDC_SUITS5_BMI2(masks[j]);
        }
        /* the Badugi rank (as BDC_BADUGI5_BMI2) and the 2-7 rank */
        for (j = 0; j < BDC_AVX2_BLOCK; j++) {
            uint64_t record = records[j];
            unsigned select = BDC_SELECT5[selects[j]];
            unsigned badugi = BDC_BADUGI_DENSE[_pdep_u64(select & BDC_SELECT_CARDS, BDC_SLOT_PRESENT(record))];
            bdc_store_pair(out + 2 * (i + j), badugi, (unsigned)(record >> shifts[j]) & BDC_LOW_BITS);
        }
    }
    status = bdc_badeucey_scalar(hands + i * 5u, n - i, out + 2 * i, &bad);
    if (status)
        *bad_row = i + bad;
    return status;
}

/* AVX2 as well as fast BMI2 */
static int bdc_fast_avx2(void)
{
    return bdc_fast_pext() && __builtin_cpu_supports("avx2");
}
#endif

static int bdc_rank_batch_with(int portable, int ranking, const uint8_t *hands, size_t n, int n_cards,
                               uint16_t *out, size_t *bad_row)
{
    *bad_row = 0;
    switch (ranking) {
    case BDC_BADUGI_LOW:
    case BDC_BADUGI_HIGH:
        if (n_cards == 4) {
            const uint64_t *bit = ranking == BDC_BADUGI_HIGH ? BDC_CARD_BIT_HIGH : BDC_CARD_BIT_LOW;
#ifdef BDC_HAVE_BMI2
            if (!portable && bdc_fast_pext())
                return bdc_batch4_bmi2(bit, hands, n, out, bad_row);
#endif
            BDC_BATCH_LOOP(4, bdc_badugi4_of(c, bit), out[i] = (uint16_t)rank);
            return BDC_OK;
        }
        if (n_cards != 5)
            return BDC_E_COUNT;
        break;
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
    if (ranking == BDC_DEUCE_SEVEN) {
        BDC_BATCH_LOOP(5, bdc_deuce_seven_of(c), out[i] = (uint16_t)rank);
        return BDC_OK;
    }
    if (ranking == BDC_ACE_FIVE) {
        BDC_BATCH_LOOP(5, bdc_ace_five_of(c), out[i] = (uint16_t)rank);
        return BDC_OK;
    }
#ifdef BDC_HAVE_BMI2
    if (!portable && ranking == BDC_BADEUCEY && bdc_fast_avx2())
        return bdc_badeucey_avx2(hands, n, out, bad_row);
    if (!portable && bdc_fast_pext())
        return bdc_batch5_bmi2(ranking, hands, n, out, bad_row);
#else
    (void)portable;
#endif
    return bdc_batch5_portable(ranking, hands, n, out, bad_row);
}

int bdc_rank_batch(int ranking, const uint8_t *hands, size_t n, int n_cards, uint16_t *out, size_t *bad_row)
{
    return bdc_rank_batch_with(0, ranking, hands, n, n_cards, out, bad_row);
}

int bdc_rank_batch_portable(int ranking, const uint8_t *hands, size_t n, int n_cards, uint16_t *out,
                            size_t *bad_row)
{
    return bdc_rank_batch_with(1, ranking, hands, n, n_cards, out, bad_row);
}

/* ------------------------------------------------------------------------
 * Halves of a game, for the draw and equity enumerations (bdc_internal.h).
 */
int bdc_game_ok(const bdc_game *game)
{
    int badugi = game->badugi, low = game->low;
    if (badugi != BDC_NO_HALF && badugi != BDC_BADUGI_LOW && badugi != BDC_BADUGI_HIGH)
        return 0;
    if (low != BDC_NO_HALF && low != BDC_DEUCE_SEVEN && low != BDC_ACE_FIVE)
        return 0;
    if (badugi == BDC_NO_HALF && low == BDC_NO_HALF)
        return 0;
    /* four cards only for a Badugi-only game */
    return game->n_cards == 5 || (game->n_cards == 4 && low == BDC_NO_HALF);
}

/* The low half of five valid cards with this slot, for a game. */
static inline unsigned bdc_game_low(const bdc_game *game, uint32_t slot, unsigned one_suit)
{
    return game->low == BDC_DEUCE_SEVEN ? BDC_SLOT_LOW(BDC_SLOT5_HIGH[slot], one_suit)
           : game->low == BDC_ACE_FIVE  ? BDC_SLOT_LOW(BDC_SLOT5_LOW[slot], 0)
                                        : 0;
}

int bdc_halves(const bdc_game *game, const unsigned *cards, unsigned halves[2])
{
    const uint64_t *bit = game->badugi == BDC_BADUGI_LOW ? BDC_CARD_BIT_LOW : BDC_CARD_BIT_HIGH;
    const uint64_t *slots = game->badugi == BDC_BADUGI_LOW ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH;
    uint64_t m;
    uint32_t slot;
    unsigned select, one_suit;
    int status;
    halves[0] = halves[1] = 0;
    if (game->n_cards == 4) {
        const bdc_card c4[4] = {BDC_BYTE(cards[0]), BDC_BYTE(cards[1]), BDC_BYTE(cards[2]), BDC_BYTE(cards[3])};
        int rank = bdc_badugi4_of(c4, bit);
        if (rank < 0)
            return rank;
        halves[0] = (unsigned)rank;
        return BDC_OK;
    }
    {
        const bdc_card c[5] = {BDC_BYTE(cards[0]), BDC_BYTE(cards[1]), BDC_BYTE(cards[2]), BDC_BYTE(cards[3]),
                               BDC_BYTE(cards[4])};
        status = bdc_mask(c, 5, bit, &m);
        if (status)
            return status;
        slot = bdc_low_slot(c);
        one_suit = (((c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4])) & BDC_SUIT_BITS) == 0;
    }
    if (game->badugi != BDC_NO_HALF)
        halves[0] = bdc_badugi5_portable(m, slots[slot], &select);
    halves[1] = bdc_game_low(game, slot, one_suit);
    return BDC_OK;
}

#ifdef BDC_HAVE_BMI2
/* bdc_halves_extend's loop with BMI2 (the game has a Badugi half). */
__attribute__((target("bmi2"))) static void bdc_extend_bmi2(const bdc_game *game, const uint64_t bit[256],
                                                           const uint64_t slots[], const bdc_card b[4],
                                                           uint64_t base_mask, uint32_t base_key,
                                                           unsigned base_suit_spread, const unsigned *cards, int n,
                                                           unsigned (*halves)[2])
{
    int i;
    for (i = 0; i < n; i++) {
        bdc_card c = BDC_BYTE(cards[i]);
        uint32_t key = base_key + BDC_CARD_KEY[c];
        uint32_t slot = BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK);
        uint64_t record = slots[slot], m = base_mask | bit[c];
        unsigned select;
        halves[i][0] = BDC_BADUGI5_BMI2(m, record, select);
        halves[i][1] = bdc_game_low(game, slot, base_suit_spread == 0 && ((c ^ b[0]) & BDC_SUIT_BITS) == 0);
    }
}
#endif

void bdc_halves_extend(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                       unsigned (*halves)[2])
{
    const uint64_t *bit = game->badugi == BDC_BADUGI_LOW ? BDC_CARD_BIT_LOW : BDC_CARD_BIT_HIGH;
    const uint64_t *slots = game->badugi == BDC_BADUGI_LOW ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH;
    bdc_card b[4];
    uint64_t base_mask;
    uint32_t base_key;
    unsigned base_suit_spread;
    int i;
    if (game->n_cards == 4) { /* 4-card Badugi: few hands, no fast path */
        unsigned hand[4];
        for (i = 0; i < n; i++) {
            hand[0] = base[0], hand[1] = base[1], hand[2] = base[2], hand[3] = cards[i];
            bdc_halves(game, hand, halves[i]);
        }
        return;
    }
    /* what the four fixed cards contribute: their mask bits, their rank keys,
     * and whether they are of one suit (0 if so) */
    for (i = 0; i < 4; i++)
        b[i] = BDC_BYTE(base[i]);
    base_mask = bit[b[0]] | bit[b[1]] | bit[b[2]] | bit[b[3]];
    base_key = BDC_CARD_KEY[b[0]] + BDC_CARD_KEY[b[1]] + BDC_CARD_KEY[b[2]] + BDC_CARD_KEY[b[3]];
    base_suit_spread = (unsigned)((b[0] ^ b[1]) | (b[0] ^ b[2]) | (b[0] ^ b[3])) & BDC_SUIT_BITS;
#ifdef BDC_HAVE_BMI2
    if (game->badugi != BDC_NO_HALF && bdc_fast_pext()) {
        bdc_extend_bmi2(game, bit, slots, b, base_mask, base_key, base_suit_spread, cards, n, halves);
        return;
    }
#endif
    for (i = 0; i < n; i++) {
        bdc_card c = BDC_BYTE(cards[i]);
        uint32_t key = base_key + BDC_CARD_KEY[c];
        uint32_t slot = BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK);
        unsigned select;
        halves[i][0] = game->badugi != BDC_NO_HALF ? bdc_badugi5_portable(base_mask | bit[c], slots[slot], &select) : 0;
        halves[i][1] = bdc_game_low(game, slot, base_suit_spread == 0 && ((c ^ b[0]) & BDC_SUIT_BITS) == 0);
    }
}

