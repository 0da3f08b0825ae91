/*
 * bdc_batch_bmi2.c - the BMI2 implementation (x86-64): pext and pdep.
 *
 * The loops of bdc_batch_impl.h with BDC_BADUGI5_BMI2, and a 4-card Badugi
 * loop that needs no sorting at all.  Compiled with a target attribute, not
 * a -march flag: bdc_dispatch.c runs it only on a processor with BMI2.
 */
#include "bdc_batch_impl.h"

#ifdef BDC_HAVE_X86
#define BDC_BMI2 BDC_HIDDEN __attribute__((target("bmi2")))

/* Nibble masks of a hand mask (4 bits a rank): the bits a shift by 1, 2 or 3
 * leaves inside their own rank, and each rank's lowest bit. */
#define BDC_NIBBLE_ABOVE_1 UINT64_C(0xeeeeeeeeeeeee)
#define BDC_NIBBLE_ABOVE_2 UINT64_C(0xccccccccccccc)
#define BDC_NIBBLE_ABOVE_3 UINT64_C(0x8888888888888)
#define BDC_NIBBLE_LOWEST UINT64_C(0x1111111111111)

/* The 4-card Badugi loop with BMI2.  The shape's equal-rank bits are which
 * cards, in order, have a lower card of their rank; the values present are
 * the ranks with any card. */
__attribute__((target("bmi2"), always_inline)) static inline int
bdc_bmi2_batch4(const uint64_t bit[256], const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)
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
        /* the suits along the cards (BDC_SELECT4's shape), then the values present */
        suits = (unsigned)_pext_u64(BDC_SUIT_LOW_PICK, m) | ((unsigned)_pext_u64(BDC_SUIT_HIGH_PICK, m) << 4);
        present = (unsigned)_pext_u64(m | (m >> 1) | (m >> 2) | (m >> 3), BDC_NIBBLE_LOWEST);
        sel = BDC_SELECT4[(equal << 8) | suits];
        /* dense Badugi rank of the chosen values */
        out[i] = BDC_BADUGI_DENSE[_pdep_u32(sel & BDC_SELECT_CARDS, present)];
    }
    return BDC_OK;
}

BDC_BMI2 int bdc_bmi2_badugi_low4(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)
{
    return bdc_bmi2_batch4(BDC_CARD_BIT_LOW, hands, n, out, bad_row);
}

BDC_BMI2 int bdc_bmi2_badugi_high4(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)
{
    return bdc_bmi2_batch4(BDC_CARD_BIT_HIGH, hands, n, out, bad_row);
}

BDC_DEFINE_BATCH5(bdc_bmi2, BDC_BMI2, BDC_BADUGI5_BMI2)
BDC_DEFINE_EXTEND(bdc_bmi2_extend, BDC_BMI2, BDC_BADUGI5_BMI2)

const bdc_impl bdc_impl_bmi2 = {
    BDC_IMPL_BMI2,
    "bmi2",
    {bdc_bmi2_badugi_low4, bdc_bmi2_badugi_high4},
    {
        [BDC_BADUGI_LOW] = bdc_bmi2_badugi_low5,
        [BDC_BADUGI_HIGH] = bdc_bmi2_badugi_high5,
        [BDC_DEUCE_SEVEN] = bdc_portable_deuce_seven, /* no suits along the cards: nothing for BMI2 */
        [BDC_ACE_FIVE] = bdc_portable_ace_five,
        [BDC_BADEUCEY] = bdc_bmi2_badeucey,
        [BDC_BADACEY] = bdc_bmi2_badacey,
    },
    bdc_bmi2_extend,
};
#else
typedef int bdc_no_bmi2; /* not x86-64: nothing here (ISO C wants a declaration) */
#endif
