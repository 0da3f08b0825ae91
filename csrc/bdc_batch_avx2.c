/*
 * bdc_batch_avx2.c - the AVX2 implementation (x86-64 with AVX2 and BMI2).
 *
 * Every 5-card batch in blocks of hands (bdc_batch_blocks.h), in up to three
 * passes.  The vector pass takes four hands a step, one in each 64-bit lane,
 * and finds what the scalar loops get from card tables: the checks, the hand
 * masks, the rank-multiset keys (each key byte by vpshufb from the card's
 * rank, summed over the lane by vpsadbw) and whether the five cards are of
 * one suit.  Scalar passes then read the tables; short dependency chains per
 * pass let the processor overlap many hands.  A block with a bad hand goes
 * through the BMI2 (or portable) loop.  The loads read only the block's own
 * bytes.
 *
 * The 4-card Badugi loops and the enumerators' extend loop are BMI2's.
 */
#include "bdc_batch_impl.h"

#ifdef BDC_HAVE_X86
#define BDC_AVX2_TARGET __attribute__((target("avx2,bmi2")))
#include "bdc_batch_blocks.h"
/* byte `b` of each rank's key, ranks 0..12 (13..15: 0), in both 128-bit lanes */
#define BDC_KEY_BYTES(b) _mm256_setr_epi8(BDC_KEY_BYTES16(b), BDC_KEY_BYTES16(b))
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
#define BDC_FIRST_CARD_LANE _mm256_setr_epi8(BDC_FIRST_CARD_BYTES, BDC_FIRST_CARD_BYTES)

/* The vector pass on four hands (the 20 bytes at `step`), one in each 64-bit
 * lane (bdc_batch_blocks.h): their masks (in the aces-low order of
 * BDC_CARD_BIT_LOW if aces_low, else by id); their rank-multiset keys' row
 * and column (bdc_key_slot's, row in the low 32 bits); the shift of the 2-7 rank in their slot record (as
 * BDC_SLOT_LOW, one-suit column if the five cards are of one suit).  Returns
 * 1 if all four are hands (ids 0..51, no card twice). */
__attribute__((target("avx2,bmi2"), always_inline)) static inline int
bdc_avx2_four(const uint8_t *step, int aces_low, uint64_t *masks, uint32_t *parts, uint64_t *shifts)
{
    const __m256i one = _mm256_set1_epi64x(1), last_card = _mm256_set1_epi8(BDC_DECK_SIZE - 1);
    const __m256i zero = _mm256_setzero_si256();
    __m256i raw = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const void *)step)),
                                          _mm_loadu_si128((const void *)(step + 4)), 1);
    __m256i cards = _mm256_shuffle_epi8(raw, BDC_HAND_LANE), value_ids = raw;
    __m256i b0, b1, b2, b3, b4, m, sum, ranks, key, suits, one_suit;
    if (aces_low) {
        /* value id (id + 4) % 52 of each card id (a byte that is no id fails the check below) */
        __m256i up = _mm256_add_epi8(raw, _mm256_set1_epi8(4));
        value_ids = _mm256_min_epu8(up, _mm256_sub_epi8(up, _mm256_set1_epi8(BDC_DECK_SIZE)));
    }
    /* the cards' mask bits (an id past 63 gives none, but fails the check below) */
    b0 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(value_ids, BDC_CARD_LANE(0)));
    b1 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(value_ids, BDC_CARD_LANE(1)));
    b2 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(value_ids, BDC_CARD_LANE(2)));
    b3 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(value_ids, BDC_CARD_LANE(3)));
    b4 = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(value_ids, BDC_CARD_LANE(4)));
    m = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(b0, b1), _mm256_or_si256(b2, b3)), b4);
    sum = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(b0, b1), _mm256_add_epi64(b2, b3)), b4);
    /* the rank-multiset key: each of its bytes looked up by rank, summed over the lane */
    ranks = _mm256_and_si256(_mm256_srli_epi16(cards, BDC_RANK_SHIFT), _mm256_set1_epi8(0x3f));
    key = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(0), ranks), zero),
                         _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(1), ranks), zero), 8)),
        _mm256_slli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(BDC_KEY_BYTES(2), ranks), zero), 16));
    /* one suit: every card's suit bits (id & 3) the first card's */
    suits = _mm256_and_si256(cards, _mm256_set1_epi64x(0x0303030303));
    one_suit = _mm256_cmpeq_epi64(suits, _mm256_shuffle_epi8(suits, BDC_FIRST_CARD_LANE));
    _mm256_storeu_si256((void *)masks, m);
    _mm256_storeu_si256((void *)parts, _mm256_or_si256(_mm256_srli_epi64(key, BDC_LOW_SHIFT),
                                                       _mm256_slli_epi64(_mm256_and_si256(key, _mm256_set1_epi64x(BDC_LOW_MASK)), 32)));
    _mm256_storeu_si256((void *)shifts, _mm256_add_epi64(_mm256_set1_epi64x(BDC_SLOT_LOW_SHIFT),
                                                         _mm256_and_si256(one_suit, _mm256_set1_epi64x(16))));
    /* every id a card (no byte above 51), no card twice (the bits add up to their OR) */
    return _mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(cards, last_card), last_card),
                                                 _mm256_cmpeq_epi64(m, sum))) == -1;
}

#define BDC_BLOCKED_NAME bdc_avx2_batch
#define BDC_BLOCKED_TARGET "avx2,bmi2"
#define BDC_BLOCKED_STEP bdc_avx2_four
#define BDC_BLOCKED_STEP_HANDS 4
#include "bdc_batch_blocks.h"

#define BDC_DEFINE_AVX2(NAME, RANKING, SCALAR)                                                           \
    BDC_AVX2_TARGET static int NAME(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)      \
    {                                                                                                    \
        return bdc_avx2_batch(RANKING, SCALAR, hands, n, out, bad_row);                                  \
    }
BDC_DEFINE_AVX2(bdc_avx2_badugi_low5, BDC_BADUGI_LOW, bdc_bmi2_badugi_low5)
BDC_DEFINE_AVX2(bdc_avx2_badugi_high5, BDC_BADUGI_HIGH, bdc_bmi2_badugi_high5)
BDC_DEFINE_AVX2(bdc_avx2_deuce_seven, BDC_DEUCE_SEVEN, bdc_portable_deuce_seven)
BDC_DEFINE_AVX2(bdc_avx2_ace_five, BDC_ACE_FIVE, bdc_portable_ace_five)
BDC_DEFINE_AVX2(bdc_avx2_badeucey, BDC_BADEUCEY, bdc_bmi2_badeucey)
BDC_DEFINE_AVX2(bdc_avx2_badacey, BDC_BADACEY, bdc_bmi2_badacey)

const bdc_impl bdc_impl_avx2 = {
    BDC_IMPL_AVX2,
    "avx2",
    {bdc_bmi2_badugi_low4, bdc_bmi2_badugi_high4},
    {
        [BDC_BADUGI_LOW] = bdc_avx2_badugi_low5,
        [BDC_BADUGI_HIGH] = bdc_avx2_badugi_high5,
        [BDC_DEUCE_SEVEN] = bdc_avx2_deuce_seven,
        [BDC_ACE_FIVE] = bdc_avx2_ace_five,
        [BDC_BADEUCEY] = bdc_avx2_badeucey,
        [BDC_BADACEY] = bdc_avx2_badacey,
    },
    bdc_bmi2_extend,
};
#else
typedef int bdc_no_avx2; /* not x86-64: nothing here (ISO C wants a declaration) */
#endif
