/*
 * bdc_batch_avx2.c - the AVX2 implementation (x86-64 with AVX2 and BMI2).
 *
 * Every 5-card batch in blocks of BDC_AVX2_BLOCK hands, in up to three
 * passes.  The vector pass takes four hands a step, one in each 64-bit lane,
 * and finds what the scalar loops get from card tables: the checks, the hand
 * masks, the rank-multiset keys (each key byte by vpshufb from the card's
 * rank, summed over the lane by vpsadbw) and whether the five cards are of
 * one suit.  If every hand of the block is valid, scalar passes read the
 * tables as bdc_batch_bmi2.c does (the slot record and the BDC_SELECT5 index;
 * then the Badugi rank), so the ranks are the same bit for bit; short
 * dependency chains per pass let the processor overlap many hands.  A block
 * with a bad hand goes through the BMI2 (or portable) loop, which stops at
 * the first bad hand with its status.  The loads read only the block's own
 * bytes, and the tables are read only for checked hands.
 *
 * The 4-card Badugi loops and the enumerators' extend loop are BMI2's.
 */
#include "bdc_batch_impl.h"

#ifdef BDC_HAVE_X86
#define BDC_AVX2_TARGET __attribute__((target("avx2,bmi2")))
#define BDC_AVX2_BLOCK 64
/* the rank keys are at most 24 bits (three bytes summed separately) */
typedef char bdc_keys_fit_24_bits[((uint64_t)BDC_LOW_ROWS << BDC_LOW_SHIFT) <= (UINT64_C(1) << 24) ? 1 : -1];
/* the zero bytes that pad a lane after its five cards read as rank 0, whose key must add nothing */
typedef char bdc_rank_key_0_is_0[BDC_RANK_KEY_0 == 0 ? 1 : -1];

/* byte `b` of the rank key of rank r (0..12, a literal), as a vpshufb table entry */
#define BDC_KEY_BYTE(r, b) ((char)((BDC_RANK_KEY_##r >> (8 * (b))) & 0xff))
/* byte `b` of each rank's key, ranks 0..12 (13..15: 0), in both 128-bit lanes */
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

/* The vector pass on four hands (the 20 bytes at `step`), one in each 64-bit
 * lane: their masks (in the aces-low order of BDC_CARD_BIT_LOW if aces_low,
 * else by id); their rank-multiset keys (for bdc_key_slot); the shift of the 2-7 rank in their slot record (as BDC_SLOT_LOW,
 * one-suit column if the five cards are of one suit).  Returns all bits set
 * in the lanes of hands (ids 0..51, no card twice). */
__attribute__((target("avx2,bmi2"), always_inline)) static inline __m256i
bdc_avx2_four(const uint8_t *step, int aces_low, __m256i *mask, __m256i *keys, __m256i *low_shift)
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
    *mask = m;
    *keys = key;
    *low_shift = _mm256_add_epi64(_mm256_set1_epi64x(BDC_SLOT_LOW_SHIFT),
                                  _mm256_and_si256(one_suit, _mm256_set1_epi64x(16)));
    /* every id a card (no byte above 51), no card twice (the bits add up to their OR) */
    return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(cards, last_card), last_card),
                            _mm256_cmpeq_epi64(m, sum));
}

/* The blocked loop of one ranking (a constant: each caller below gets its
 * own copy with the other rankings' steps folded away).  `scalar` is the
 * loop for what the vector pass does not take: the tail, and a block with a
 * bad hand. */
__attribute__((target("avx2,bmi2"), always_inline)) static inline int
bdc_avx2_batch(int ranking, bdc_batch_fn scalar, const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)
{
    const int aces_low = ranking == BDC_BADUGI_LOW || ranking == BDC_ACE_FIVE || ranking == BDC_BADACEY;
    const int badugi_half = ranking != BDC_DEUCE_SEVEN && ranking != BDC_ACE_FIVE;
    const int suited_low = ranking == BDC_DEUCE_SEVEN || ranking == BDC_BADEUCEY; /* 2-7: one-suit column */
    const int width = ranking == BDC_BADEUCEY || ranking == BDC_BADACEY ? 2 : 1;  /* ranks per hand */
    const uint64_t *slots = aces_low ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH;
    size_t i, bad;
    int status;
    for (i = 0; i + BDC_AVX2_BLOCK <= n; i += BDC_AVX2_BLOCK) {
        const uint8_t *block = hands + i * 5u;
        uint16_t *block_out = out + (size_t)width * i;
        uint64_t masks[BDC_AVX2_BLOCK], shifts[BDC_AVX2_BLOCK], records[BDC_AVX2_BLOCK];
        uint64_t keys[BDC_AVX2_BLOCK];
        uint32_t selects[BDC_AVX2_BLOCK];
        __m256i ok = _mm256_set1_epi8(-1);
        int j;
        for (j = 0; j < BDC_AVX2_BLOCK; j += 4) {
            __m256i mask, key, low_shift;
            /* the Badugi order matters only for a Badugi half (any bijection checks duplicates) */
            ok = _mm256_and_si256(ok, bdc_avx2_four(block + 5 * j, badugi_half && aces_low, &mask, &key, &low_shift));
            if (badugi_half)
                _mm256_storeu_si256((void *)(masks + j), mask);
            _mm256_storeu_si256((void *)(keys + j), key);
            if (suited_low)
                _mm256_storeu_si256((void *)(shifts + j), low_shift);
        }
        if (BDC_UNLIKELY(_mm256_movemask_epi8(ok) != -1)) {
            /* a bad hand in the block: the scalar loop finds the first one */
            status = scalar(block, BDC_AVX2_BLOCK, block_out, &bad);
            if (status) {
                *bad_row = i + bad;
                return status;
            }
            continue;
        }
        if (!badugi_half) {
            /* the low rank straight from each hand's slot record */
            for (j = 0; j < BDC_AVX2_BLOCK; j++) {
                uint64_t record = slots[bdc_key_slot((uint32_t)keys[j])];
                block_out[j] = (uint16_t)(suited_low ? (unsigned)(record >> shifts[j]) & BDC_LOW_BITS
                                                     : BDC_SLOT_LOW(record, 0));
            }
            continue;
        }
        /* each hand's slot record, and its BDC_SELECT5 index */
        for (j = 0; j < BDC_AVX2_BLOCK; j++) {
            uint64_t record = slots[bdc_key_slot((uint32_t)keys[j])];
            records[j] = record;
            selects[j] = BDC_SLOT_EQUAL(record) | BDC_SUITS5_BMI2(masks[j]);
        }
        /* the Badugi rank (as BDC_BADUGI5_BMI2), and the low rank if the game has one */
        for (j = 0; j < BDC_AVX2_BLOCK; j++) {
            uint64_t record = records[j];
            unsigned select = BDC_SELECT5[selects[j]];
            unsigned badugi = BDC_BADUGI_DENSE[_pdep_u32(select & BDC_SELECT_CARDS, BDC_SLOT_PRESENT(record))];
            if (width == 1)
                block_out[j] = (uint16_t)badugi;
            else
                bdc_store_pair(block_out + 2 * j, badugi,
                               suited_low ? (unsigned)(record >> shifts[j]) & BDC_LOW_BITS : BDC_SLOT_LOW(record, 0));
        }
    }
    status = scalar(hands + i * 5u, n - i, out + (size_t)width * i, &bad);
    if (status)
        *bad_row = i + bad;
    return status;
}

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
