/*
 * bdc_hand.c - one hand at a time: the rank functions of badeucey.h, their
 * mask forms and their flagged forms (bindings/bdc_bindings.h), the class
 * behind a rank, and the halves of a game's hand for the draw and equity
 * enumerators.  Every lookup is one of bdc_lookup.h's.
 */
#include "bdc_lookup.h"
#include "bindings/bdc_bindings.h" /* the flagged forms */

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

/* BENCHMARK HOOK (badeucey.h) */
int bdc_noop5(int c0, int c1, int c2, int c3, int c4)
{
    (void)c0; (void)c1; (void)c2; (void)c3; (void)c4;
    return 1;
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

int bdc_halves(const bdc_game *game, const unsigned *cards, unsigned halves[2])
{
    const uint64_t *bit = BDC_GAME_BITS(game);
    const uint64_t *slots = BDC_GAME_SLOTS(game);
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
        one_suit = bdc_one_suit5(c);
    }
    if (game->badugi != BDC_NO_HALF)
        halves[0] = bdc_badugi5_portable(m, slots[slot], &select);
    halves[1] = bdc_game_low(game, slot, one_suit);
    return BDC_OK;
}

