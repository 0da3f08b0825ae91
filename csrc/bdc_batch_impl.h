/*
 * bdc_batch_impl.h - the bodies of the batch and extend loops, as macros.
 *
 * Each implementation (bdc_batch_portable.c, bdc_batch_bmi2.c) instantiates
 * these with its own way of ranking the Badugi half (BADUGI5: an expression
 * of the hand mask m and slot record, that sets `select` to the hand's
 * BDC_SELECT5 entry and gives the Badugi rank) and its own function
 * attributes, so every implementation runs the same steps and none is a
 * hand copy of another.  One loop per ranking, so the loop body has no
 * per-hand dispatch; each loop stops at the first bad hand and reports it.
 */
#ifndef BDC_BATCH_IMPL_H
#define BDC_BATCH_IMPL_H

#include "bdc_lookup.h"

/* The generic loop: rank each hand of N_CARDS bytes with RANK_OF (of `c`; a
 * negative value is the hand's error), then STORE `rank` at row i. */
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

/* The loop of the 5-card rankings with a Badugi half: validate, read the
 * slot record (`record`), rank the Badugi half with BADUGI5(m, record,
 * select), then STORE `badugi` and whatever else (the low half is in the
 * record). */
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

/* A bdc_batch_fn named PREFIX##SUFFIX with attributes ATTRIBUTES (storage
 * class included), whose body is BODY; then BDC_OK. */
#define BDC_DEFINE_BATCH_FN(ATTRIBUTES, NAME, BODY)                                     \
    ATTRIBUTES int NAME(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row) \
    {                                                                                   \
        BODY;                                                                           \
        return BDC_OK;                                                                  \
    }

/* The four 5-card loops with a Badugi half: PREFIX##_badugi_low5,
 * _badugi_high5, _badeucey (Badugi aces high, then 2-7: the one-suit column
 * when the five cards are of one suit) and _badacey (aces low, then A-5). */
#define BDC_DEFINE_BATCH5(PREFIX, ATTRIBUTES, BADUGI5)                                                           \
    BDC_DEFINE_BATCH_FN(ATTRIBUTES, PREFIX##_badugi_low5,                                                        \
                        BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW, out[i] = (uint16_t)badugi))    \
    BDC_DEFINE_BATCH_FN(ATTRIBUTES, PREFIX##_badugi_high5,                                                       \
                        BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH, out[i] = (uint16_t)badugi))  \
    BDC_DEFINE_BATCH_FN(ATTRIBUTES, PREFIX##_badeucey,                                                           \
                        BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_HIGH, BDC_SLOT5_HIGH,                              \
                                        bdc_store_pair(out + 2 * i, badugi,                                      \
                                                       BDC_SLOT_LOW(record, BDC_ONE_SUIT(select)))))             \
    BDC_DEFINE_BATCH_FN(ATTRIBUTES, PREFIX##_badacey,                                                            \
                        BDC_BATCH_LOOP5(BADUGI5, BDC_CARD_BIT_LOW, BDC_SLOT5_LOW,                                \
                                        bdc_store_pair(out + 2 * i, badugi, BDC_SLOT_LOW(record, 0))))

/* The per-card loop of BDC_DEFINE_EXTEND: the slot of the hand with card i
 * last, then BADUGI_HALF (which may rank the Badugi half into halves[i][0]
 * with `select`), then the low half. */
#define BDC_EXTEND_LOOP(BADUGI_HALF)                                                                         \
    for (i = 0; i < n; i++) {                                                                                \
        bdc_card c = BDC_BYTE(cards[i]);                                                                     \
        uint32_t slot = bdc_key_slot(base_key + BDC_CARD_KEY[c]);                                            \
        unsigned select;                                                                                     \
        BADUGI_HALF;                                                                                         \
        halves[i][1] = bdc_game_low(game, slot, base_suit_spread == 0 && ((c ^ b[0]) & BDC_SUIT_BITS) == 0); \
    }

/* bdc_halves_extend (bdc_internal.h) as NAME: what the four fixed cards
 * contribute (mask bits, rank keys, whether they are of one suit) once, then
 * per last card one key addition, one slot record and the Badugi half by
 * BADUGI5.  Four-card hands (a Badugi-only game): the three fixed cards' mask
 * bits once, then per last card one mask bit and bdc_badugi4_bits. */
#define BDC_DEFINE_EXTEND(NAME, ATTRIBUTES, BADUGI5)                                                         \
    ATTRIBUTES void NAME(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,           \
                         unsigned (*halves)[2])                                                              \
    {                                                                                                        \
        const uint64_t *bit = BDC_GAME_BITS(game);                                                           \
        const uint64_t *slots = BDC_GAME_SLOTS(game);                                                        \
        const int has_badugi = game->badugi != BDC_NO_HALF;                                                  \
        bdc_card b[4];                                                                                       \
        uint64_t base_mask;                                                                                  \
        uint32_t base_key;                                                                                   \
        unsigned base_suit_spread;                                                                           \
        int i;                                                                                               \
        if (game->n_cards == 4) { /* 4-card Badugi: the three fixed cards' mask bits once */                 \
            base_mask = bit[BDC_BYTE(base[0])] | bit[BDC_BYTE(base[1])] | bit[BDC_BYTE(base[2])];            \
            for (i = 0; i < n; i++) {                                                                        \
                halves[i][0] = bdc_badugi4_bits(base_mask | bit[BDC_BYTE(cards[i])]);                        \
                halves[i][1] = 0;                                                                            \
            }                                                                                                \
            return;                                                                                          \
        }                                                                                                    \
        for (i = 0; i < 4; i++)                                                                              \
            b[i] = BDC_BYTE(base[i]);                                                                        \
        base_mask = bit[b[0]] | bit[b[1]] | bit[b[2]] | bit[b[3]];                                           \
        base_key = BDC_CARD_KEY[b[0]] + BDC_CARD_KEY[b[1]] + BDC_CARD_KEY[b[2]] + BDC_CARD_KEY[b[3]];        \
        base_suit_spread = (unsigned)((b[0] ^ b[1]) | (b[0] ^ b[2]) | (b[0] ^ b[3])) & BDC_SUIT_BITS; /* 0: one suit */ \
        if (has_badugi) { /* the loop twice, so that neither tests the game per card */                     \
            BDC_EXTEND_LOOP(halves[i][0] = BADUGI5(base_mask | bit[c], slots[slot], select))                 \
        } else {                                                                                             \
            BDC_EXTEND_LOOP(halves[i][0] = 0; (void)select)                                                   \
        }                                                                                                    \
    }

#endif /* BDC_BATCH_IMPL_H */
