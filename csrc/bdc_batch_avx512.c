/*
 * bdc_batch_avx512.c - the AVX-512 implementation (x86-64 with AVX-512 F, BW
 * and VBMI, and BMI2).
 *
 * The AVX2 implementation's blocked loop (bdc_batch_blocks.h) with a vector
 * pass over eight hands a step, one in each 64-bit lane of a 512-bit
 * register: one masked load of the step's 40 bytes (the bytes past them read
 * as zero, and nothing outside the block is touched), one byte permutation
 * (vpermb) to put each hand's five cards in its lane, then the checks, hand
 * masks, rank-multiset keys and one-suit test as in bdc_batch_avx2.c, the
 * results in mask registers.  The 4-card Badugi loops and the enumerators'
 * extend loop are BMI2's.
 */
#include "bdc_batch_impl.h"

#ifdef BDC_HAVE_X86
#include "bdc_batch_blocks.h"

#define BDC_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2")))
#define BDC_STEP_BYTES_512 UINT64_C(0xffffffffff) /* a step's 40 bytes: 8 hands of 5 cards */
#define BDC_REAL_CARD_BYTES UINT64_C(0x1f1f1f1f1f1f1f1f) /* bytes 0..4 of each 64-bit lane */
#define BDC_PAD_BYTE 63 /* a byte of the loaded register past the step's 40, so zero */
/* vpermb index of 64-bit lane h: its hand's bytes 5h .. 5h+4, then three zero bytes */
#define BDC_LANE_INDEX(h)                                                                                   \
    ((uint64_t)(5 * (h)) | (uint64_t)(5 * (h) + 1) << 8 | (uint64_t)(5 * (h) + 2) << 16 |                 \
     (uint64_t)(5 * (h) + 3) << 24 | (uint64_t)(5 * (h) + 4) << 32 | (uint64_t)BDC_PAD_BYTE << 40 |       \
     (uint64_t)BDC_PAD_BYTE << 48 | (uint64_t)BDC_PAD_BYTE << 56)
#define BDC_HAND_LANES_512                                                                                  \
    _mm512_set_epi64((long long)BDC_LANE_INDEX(7), (long long)BDC_LANE_INDEX(6), (long long)BDC_LANE_INDEX(5), \
                     (long long)BDC_LANE_INDEX(4), (long long)BDC_LANE_INDEX(3), (long long)BDC_LANE_INDEX(2), \
                     (long long)BDC_LANE_INDEX(1), (long long)BDC_LANE_INDEX(0))
/* a 16-byte table in each 128-bit lane */
#define BDC_EACH_LANE_512(...) _mm512_broadcast_i32x4(_mm_setr_epi8(__VA_ARGS__))

/* The vector pass on eight hands (the 40 bytes at `step`), as bdc_avx2_four
 * on four. */
__attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2"), always_inline)) static inline int
bdc_avx512_eight(const uint8_t *step, int aces_low, uint64_t *masks, uint32_t *parts, uint64_t *shifts)
{
    const __m512i one = _mm512_set1_epi64(1), byte = _mm512_set1_epi64(0xff), zero = _mm512_setzero_si512();
    const __m512i raw = _mm512_maskz_loadu_epi8((__mmask64)BDC_STEP_BYTES_512, step);
    const __m512i cards = _mm512_permutexvar_epi8(BDC_HAND_LANES_512, raw);
    __m512i value_ids = cards, m, sum, bits, ranks, key, suits;
    __mmask8 one_suit, distinct;
    __mmask64 ids_ok;
    int k;
    if (aces_low) {
        /* value id (id + 4) % 52 of each card (the padding stays zero; a byte that is no id fails the check) */
        __m512i up = _mm512_add_epi8(cards, _mm512_set1_epi8(4));
        value_ids = _mm512_mask_min_epu8(cards, (__mmask64)BDC_REAL_CARD_BYTES, up,
                                         _mm512_sub_epi8(up, _mm512_set1_epi8(BDC_DECK_SIZE)));
    }
    /* the cards' mask bits, card k of each lane in turn (an id past 63 gives none, but fails the check) */
    m = sum = zero;
    for (k = 0; k < 5; k++) {
        bits = _mm512_sllv_epi64(one, _mm512_and_si512(_mm512_srli_epi64(value_ids, 8 * k), byte));
        m = _mm512_or_si512(m, bits);
        sum = _mm512_add_epi64(sum, bits);
    }
    /* the rank-multiset key: each of its bytes looked up by rank, summed over the lane */
    ranks = _mm512_and_si512(_mm512_srli_epi16(cards, BDC_RANK_SHIFT), _mm512_set1_epi8(0x3f));
    key = _mm512_add_epi64(
        _mm512_add_epi64(
            _mm512_sad_epu8(_mm512_shuffle_epi8(BDC_EACH_LANE_512(BDC_KEY_BYTES16(0)), ranks), zero),
            _mm512_slli_epi64(_mm512_sad_epu8(_mm512_shuffle_epi8(BDC_EACH_LANE_512(BDC_KEY_BYTES16(1)), ranks), zero),
                              8)),
        _mm512_slli_epi64(_mm512_sad_epu8(_mm512_shuffle_epi8(BDC_EACH_LANE_512(BDC_KEY_BYTES16(2)), ranks), zero),
                          16));
    /* one suit: every card's suit bits (id & 3) the first card's */
    suits = _mm512_and_si512(cards, _mm512_set1_epi64(0x0303030303));
    one_suit = _mm512_cmpeq_epi64_mask(suits, _mm512_shuffle_epi8(suits, BDC_EACH_LANE_512(BDC_FIRST_CARD_BYTES)));
    _mm512_storeu_si512((void *)masks, m);
    _mm512_storeu_si512((void *)parts, _mm512_or_si512(_mm512_srli_epi64(key, BDC_LOW_SHIFT),
                                                       _mm512_slli_epi64(_mm512_and_si512(key, _mm512_set1_epi64(BDC_LOW_MASK)), 32)));
    _mm512_storeu_si512((void *)shifts, _mm512_mask_add_epi64(_mm512_set1_epi64(BDC_SLOT_LOW_SHIFT), one_suit,
                                                              _mm512_set1_epi64(BDC_SLOT_LOW_SHIFT),
                                                              _mm512_set1_epi64(16)));
    /* every id a card (no byte above 51), no card twice (the bits add up to their OR) */
    ids_ok = _mm512_cmple_epu8_mask(cards, _mm512_set1_epi8(BDC_DECK_SIZE - 1));
    distinct = _mm512_cmpeq_epi64_mask(m, sum);
    return ids_ok == (__mmask64)~UINT64_C(0) && distinct == (__mmask8)0xff;
}

#define BDC_BLOCKED_NAME bdc_avx512_batch
#define BDC_BLOCKED_TARGET "avx512f,avx512bw,avx512vbmi,bmi2"
#define BDC_BLOCKED_STEP bdc_avx512_eight
#define BDC_BLOCKED_STEP_HANDS 8
#include "bdc_batch_blocks.h"

#define BDC_DEFINE_AVX512(NAME, RANKING, SCALAR)                                                         \
    BDC_AVX512_TARGET static int NAME(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)    \
    {                                                                                                    \
        return bdc_avx512_batch(RANKING, SCALAR, hands, n, out, bad_row);                                \
    }
BDC_DEFINE_AVX512(bdc_avx512_badugi_low5, BDC_BADUGI_LOW, bdc_bmi2_badugi_low5)
BDC_DEFINE_AVX512(bdc_avx512_badugi_high5, BDC_BADUGI_HIGH, bdc_bmi2_badugi_high5)
BDC_DEFINE_AVX512(bdc_avx512_deuce_seven, BDC_DEUCE_SEVEN, bdc_portable_deuce_seven)
BDC_DEFINE_AVX512(bdc_avx512_ace_five, BDC_ACE_FIVE, bdc_portable_ace_five)
BDC_DEFINE_AVX512(bdc_avx512_badeucey, BDC_BADEUCEY, bdc_bmi2_badeucey)
BDC_DEFINE_AVX512(bdc_avx512_badacey, BDC_BADACEY, bdc_bmi2_badacey)

const bdc_impl bdc_impl_avx512 = {
    BDC_IMPL_AVX512,
    "avx512",
    {bdc_bmi2_badugi_low4, bdc_bmi2_badugi_high4},
    {
        [BDC_BADUGI_LOW] = bdc_avx512_badugi_low5,
        [BDC_BADUGI_HIGH] = bdc_avx512_badugi_high5,
        [BDC_DEUCE_SEVEN] = bdc_avx512_deuce_seven,
        [BDC_ACE_FIVE] = bdc_avx512_ace_five,
        [BDC_BADEUCEY] = bdc_avx512_badeucey,
        [BDC_BADACEY] = bdc_avx512_badacey,
    },
    bdc_bmi2_extend,
};
#else
typedef int bdc_no_avx512; /* not x86-64: nothing here (ISO C wants a declaration) */
#endif
