/*
 * bdc_batch_portable.c - the portable implementation: C99 only, any processor.
 *
 * The loops of bdc_batch_impl.h with bdc_badugi5_portable; the 4-card Badugi
 * and the lowball loops, which the other implementations share or replace.
 */
#include "bdc_batch_impl.h"

BDC_DEFINE_BATCH_FN(static, bdc_portable_badugi_low4,
                    BDC_BATCH_LOOP(4, bdc_badugi4_of(c, BDC_CARD_BIT_LOW), out[i] = (uint16_t)rank))
BDC_DEFINE_BATCH_FN(static, bdc_portable_badugi_high4,
                    BDC_BATCH_LOOP(4, bdc_badugi4_of(c, BDC_CARD_BIT_HIGH), out[i] = (uint16_t)rank))
BDC_DEFINE_BATCH_FN(BDC_HIDDEN, bdc_portable_deuce_seven,
                    BDC_BATCH_LOOP(5, bdc_deuce_seven_of(c), out[i] = (uint16_t)rank))
BDC_DEFINE_BATCH_FN(BDC_HIDDEN, bdc_portable_ace_five,
                    BDC_BATCH_LOOP(5, bdc_ace_five_of(c), out[i] = (uint16_t)rank))
BDC_DEFINE_BATCH5(bdc_portable, static, BDC_BADUGI5_PORTABLE)
BDC_DEFINE_EXTEND(bdc_portable_extend, static, BDC_BADUGI5_PORTABLE)

const bdc_impl bdc_impl_portable = {
    BDC_IMPL_PORTABLE,
    "portable",
    {bdc_portable_badugi_low4, bdc_portable_badugi_high4},
    {
        [BDC_BADUGI_LOW] = bdc_portable_badugi_low5,
        [BDC_BADUGI_HIGH] = bdc_portable_badugi_high5,
        [BDC_DEUCE_SEVEN] = bdc_portable_deuce_seven,
        [BDC_ACE_FIVE] = bdc_portable_ace_five,
        [BDC_BADEUCEY] = bdc_portable_badeucey,
        [BDC_BADACEY] = bdc_portable_badacey,
    },
    bdc_portable_extend,
};
