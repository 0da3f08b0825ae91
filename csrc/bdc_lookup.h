/*
 * bdc_lookup.h - the table lookups of one hand, as inline functions.
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
 *     (BDC_BADUGI_DENSE).  (The AVX-512 batch loops find the same set of
 *     values another way, in the vector pass: bdc_batch_avx512.c.)
 *
 * The suits along the cards are two parallel bit extractions of the mask: on
 * x86-64 the BMI2 implementations use `pext` and `pdep` (BDC_BADUGI5_BMI2
 * below; chosen at run time by bdc_dispatch.c, so the build needs no -march
 * flag); the portable ones compute the same bits by chains of lowest-set-bit
 * steps (bdc_badugi5_portable).
 *
 * The tables and the constants of their hashes come from the generated
 * bdc_tables.inc (tools/gen_tables.py documents them and verifies every hand
 * through exactly these steps); bdc_tables.c holds their one copy.
 */
#ifndef BDC_LOOKUP_H
#define BDC_LOOKUP_H

#include "bdc_internal.h"

#include <string.h>

#include "bdc_tables.inc"

#define BDC_NO_CARD_BYTE 0xffu /* an int outside 0..51 is read as this byte, which is no card */
#define BDC_NOT_A_CARD (UINT64_C(1) << 63) /* the mask bit of a byte that is no card id */
#define BDC_SUIT_BITS 3u      /* id & BDC_SUIT_BITS is the suit (id = 4 * rank + suit) */
#define BDC_RANK_SHIFT 2      /* id >> BDC_RANK_SHIFT is the rank (the value, for value ids) */
#define BDC_LOW_BITS 0xffffu  /* the low half of a packed split-game result */
#define BDC_VALUE_BITS 0x1fffu /* a set of card values, one bit each (13) */
#define BDC_DECK_BITS ((UINT64_C(1) << BDC_DECK_SIZE) - 1u) /* the mask bits that are card ids */

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
#define BDC_SLOT_LOW(record, column) ((unsigned)((record) >> (BDC_SLOT_LOW_SHIFT + 16 * (column))) & BDC_LOW_BITS)

/* BDC_SELECT5 entry of five cards: by their slot record's equal-rank bits and
 * the suits along the cards; holds the cards of the best badugi as a subset of
 * the hand's distinct values (bit j: the j-th lowest), and BDC_SELECT_ONE_SUIT. */
#define BDC_SELECT5_OF(record, suits) BDC_SELECT5[BDC_SLOT_EQUAL(record) | (suits)]

/* Whether a BDC_SELECT5 entry is of five cards of one suit (0 or 1). */
#define BDC_ONE_SUIT(select) (((select) & BDC_SELECT_ONE_SUIT) != 0)

/* Slot of a rank-multiset key in the low tables: the displacement hash.
 * Safe for any sum of BDC_CARD_KEY entries (every such key has a row). */
static inline uint32_t bdc_key_slot(uint32_t key)
{
    return BDC_LOW_OFFSET[key >> BDC_LOW_SHIFT] + (key & BDC_LOW_MASK);
}

/* Slot of five cards' rank multiset in the low tables.  Safe for any bytes
 * (BDC_CARD_KEY is 0 past 51, and every sum of five keys has a row). */
static inline uint32_t bdc_low_slot(const bdc_card c[5])
{
    /* rank-multiset key: distinct for every multiset of five ranks */
    return bdc_key_slot(BDC_CARD_KEY[c[0]] + BDC_CARD_KEY[c[1]] + BDC_CARD_KEY[c[2]] + BDC_CARD_KEY[c[3]] +
                        BDC_CARD_KEY[c[4]]);
}

/* Whether five cards are of one suit: every id agrees with the first in its suit bits (0 or 1). */
static inline unsigned bdc_one_suit5(const bdc_card c[5])
{
    return (((c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4])) & BDC_SUIT_BITS) == 0;
}

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
/* The same as an expression for the loop bodies of bdc_batch_impl.h. */
#define BDC_BADUGI5_PORTABLE(m, record, select) bdc_badugi5_portable((m), (record), &(select))

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

#ifdef BDC_HAVE_X86
#include <immintrin.h>
/* pext of these from a hand mask: the low / high suit bit of each card, in order */
#define BDC_SUIT_LOW_PICK UINT64_C(0xaaaaaaaaaaaaaaaa)  /* bit p set: card id p has suit bit 0 set */
#define BDC_SUIT_HIGH_PICK UINT64_C(0xcccccccccccccccc) /* bit p set: card id p has suit bit 1 set */
/* The suits along five cards (what bdc_badugi5_portable computes), in functions with target("bmi2"). */
#define BDC_SUITS5_BMI2(m) \
    ((unsigned)_pext_u64(BDC_SUIT_LOW_PICK, (m)) | ((unsigned)_pext_u64(BDC_SUIT_HIGH_PICK, (m)) << 5))
/* The Badugi half with BMI2: the shape's suits by pext, the choice placed on
 * the values present by pdep (the same rank as BDC_BADUGI5_PORTABLE). */
#define BDC_BADUGI5_BMI2(m, record, select)                    \
    ((select) = BDC_SELECT5_OF((record), BDC_SUITS5_BMI2(m)), \
     BDC_BADUGI_DENSE[_pdep_u32((select) & BDC_SELECT_CARDS, BDC_SLOT_PRESENT(record))])
#endif

/* Each ranking of a hand given as bytes: the rank (packed for the split
 * games), or an error code.  The single-hand functions use these; the batch
 * loops of bdc_batch_impl.h do the same steps. */
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
    /* flushes count against a 2-7 hand, so they have their own column */
    return status ? status : (int)BDC_SLOT_LOW(BDC_SLOT5_HIGH[bdc_low_slot(c)], bdc_one_suit5(c));
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

/* The low half of five valid cards with this slot, for a game (0 if it has none). */
static inline unsigned bdc_game_low(const bdc_game *game, uint32_t slot, unsigned one_suit)
{
    return game->low == BDC_DEUCE_SEVEN ? BDC_SLOT_LOW(BDC_SLOT5_HIGH[slot], one_suit)
           : game->low == BDC_ACE_FIVE  ? BDC_SLOT_LOW(BDC_SLOT5_LOW[slot], 0)
                                        : 0;
}

/* The ace order of a game's Badugi half: its mask bits and its slot records. */
#define BDC_GAME_BITS(game) ((game)->badugi == BDC_BADUGI_LOW ? BDC_CARD_BIT_LOW : BDC_CARD_BIT_HIGH)
#define BDC_GAME_SLOTS(game) ((game)->badugi == BDC_BADUGI_LOW ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH)

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

#endif /* BDC_LOOKUP_H */
