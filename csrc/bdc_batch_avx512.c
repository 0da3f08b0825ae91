/*
 * bdc_batch_avx512.c - the AVX-512 implementation (x86-64 with AVX-512 F, BW
 * and VBMI, and BMI2).
 *
 * The rankings with a Badugi half (Badugi both ways, Badeucey, Badacey) rank
 * that half in the vector pass, sixteen hands a step (bdc_avx512_sixteen:
 * every subset of the five cards tried at once, no slot record, pext or pdep
 * for it), then read one dense rank a hand and, for the split games, the low
 * rank's 16-bit field of the slot record.  2-7 and A-5 alone take the AVX2
 * implementation's blocked loop (bdc_batch_blocks.h) with a vector pass over
 * eight hands a step, one in each 64-bit lane of a 512-bit register: one
 * masked load of the step's 40 bytes (the bytes past them read as zero, and
 * nothing outside the block is touched), one byte permutation (vpermb) to put
 * each hand's five cards in its lane, then the checks, hand masks,
 * rank-multiset keys and one-suit test as in bdc_batch_avx2.c, the results in
 * mask registers.  The 4-card Badugi loops and the enumerators' extend loop
 * are BMI2's.
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

/* ---- The Badugi half in the vector pass: sixteen hands a step ----
 *
 * With every card of a hand as one 32-bit lane word, its value's bit above
 * its suit's (bit 4 + value, bit suit), a set of cards is a badugi exactly
 * when no two of its words share a bit, and the OR of its words is then its
 * set of values (above the suits).  Between badugis of one size the better
 * has the lower set of values read as an integer (its highest value lower,
 * or the same and then the next, ...), so the best badugi of a hand is the
 * lowest OR over its four-card badugis, else over its three-card ones, else
 * two, else its lowest card (five cards of one suit: no two-card badugi,
 * which is exactly when 2-7 reads the one-suit column).  Every subset is
 * tried, in all sixteen lanes at once: 10 pairs, 10 triples, 5 quadruples,
 * each one OR, one test (under the mask of the subset it extends) and one
 * masked minimum.  The values' dense rank is one BDC_BADUGI_DENSE read; no
 * slot record, pext or pdep for the Badugi half. */
#define BDC_STEP16_HANDS 16 /* hands a step: one 32-bit lane each */
#define BDC_VALUE_SHIFT 4   /* a card word's value bits start above its four suit bits */
#define BDC_FIELD_BITS 16      /* a slot record read as 16-bit fields (x86: little-endian, field f is bits 16f..) */
#define BDC_FIELDS_PER_SLOT 4  /* 64-bit slot records */

/* vpermt2b index of the step's 80 bytes (64 in the first register, 16 in the
 * second): byte 16k + h is card k of hand h (byte 5h + k), cards 0..3 */
static const uint8_t bdc_cards_0123[64] = {
#define BDC_CARD_K(k) (k), 5 + (k), 10 + (k), 15 + (k), 20 + (k), 25 + (k), 30 + (k), 35 + (k), 40 + (k), \
                      45 + (k), 50 + (k), 55 + (k), 60 + (k), 65 + (k), 70 + (k), 75 + (k)
    BDC_CARD_K(0), BDC_CARD_K(1), BDC_CARD_K(2), BDC_CARD_K(3)};
/* the same for card 4, in the first 16 bytes (the rest repeat them, unused) */
static const uint8_t bdc_cards_4[64] = {BDC_CARD_K(4), BDC_CARD_K(4), BDC_CARD_K(4), BDC_CARD_K(4)};
#undef BDC_CARD_K

/* The word of each card (its 32-bit lane of c, a card id), from its rank's value bit
 * (value_bits, by rank) and its suit; sets *ranks to the cards' ranks. */
__attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2"), always_inline)) static inline __m512i
bdc_avx512_card_word(__m512i c, __m512i value_bits, __m512i *ranks)
{
    const __m512i suits = _mm512_and_si512(c, _mm512_set1_epi32(BDC_SUIT_BITS));
    *ranks = _mm512_srli_epi32(c, BDC_RANK_SHIFT);
    return _mm512_or_si512(_mm512_permutexvar_epi32(*ranks, value_bits),
                           _mm512_sllv_epi32(_mm512_set1_epi32(1), suits));
}

/* The vector pass on sixteen hands (the 80 bytes at `step`): each hand's
 * best badugi's set of values (13 bits, BDC_BADUGI_DENSE's index; aces low
 * if aces_low) and, if `want_low`, where its low rank is: its rank-multiset
 * key's row in the low tables' hash and the 16-bit field of the rank from
 * the row's first slot record (4 * column + the rank's field in a record);
 * 1 if every hand is one (ids 0..51, no card twice), else 0. */
__attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2"), always_inline)) static inline int
bdc_avx512_sixteen(const uint8_t *step, int aces_low, int want_low, uint32_t *rows, uint16_t *values,
                   uint32_t *fields)
{
    const __m512i lo = _mm512_loadu_si512((const void *)step);
    const __m512i hi = _mm512_maskz_loadu_epi8((__mmask64)0xffff, step + 64);
    const __m512i cards = _mm512_permutex2var_epi8(lo, _mm512_loadu_si512((const void *)bdc_cards_0123), hi);
    const __m512i card4 = _mm512_permutex2var_epi8(lo, _mm512_loadu_si512((const void *)bdc_cards_4), hi);
    const __m512i ones = _mm512_set1_epi32(-1);
    /* each rank's value bit in a card word (aces low: the ace is value 0, the deuce 1, ...) */
#define BDC_VALUE_BIT(value) (1 << (BDC_VALUE_SHIFT + (value)))
    const __m512i value_bits =
        aces_low ? _mm512_setr_epi32(BDC_VALUE_BIT(1), BDC_VALUE_BIT(2), BDC_VALUE_BIT(3), BDC_VALUE_BIT(4),
                                     BDC_VALUE_BIT(5), BDC_VALUE_BIT(6), BDC_VALUE_BIT(7), BDC_VALUE_BIT(8),
                                     BDC_VALUE_BIT(9), BDC_VALUE_BIT(10), BDC_VALUE_BIT(11), BDC_VALUE_BIT(12),
                                     BDC_VALUE_BIT(0), 0, 0, 0)
                 : _mm512_setr_epi32(BDC_VALUE_BIT(0), BDC_VALUE_BIT(1), BDC_VALUE_BIT(2), BDC_VALUE_BIT(3),
                                     BDC_VALUE_BIT(4), BDC_VALUE_BIT(5), BDC_VALUE_BIT(6), BDC_VALUE_BIT(7),
                                     BDC_VALUE_BIT(8), BDC_VALUE_BIT(9), BDC_VALUE_BIT(10), BDC_VALUE_BIT(11),
                                     BDC_VALUE_BIT(12), 0, 0, 0);
#undef BDC_VALUE_BIT
    __m512i word[5], rank[5], key, min1, min2, min3, min4, best;
    __mmask64 ids_ok, same;
    __mmask16 one_suit;
    int i;
    /* every id a card (no byte above 51), no card twice: card k against k + 1 and k + 2 (mod 4), and card 4 */
    ids_ok = _mm512_cmple_epu8_mask(cards, _mm512_set1_epi8(BDC_DECK_SIZE - 1)) &
             (_mm512_cmple_epu8_mask(card4, _mm512_set1_epi8(BDC_DECK_SIZE - 1)) | ~(__mmask64)0xffff);
    same = _mm512_cmpeq_epi8_mask(cards, _mm512_shuffle_i32x4(cards, cards, _MM_SHUFFLE(0, 3, 2, 1))) |
           _mm512_cmpeq_epi8_mask(cards, _mm512_shuffle_i32x4(cards, cards, _MM_SHUFFLE(1, 0, 3, 2))) |
           _mm512_cmpeq_epi8_mask(cards, _mm512_broadcast_i32x4(_mm512_castsi512_si128(card4)));
    word[0] = bdc_avx512_card_word(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(cards)), value_bits, &rank[0]);
    word[1] = bdc_avx512_card_word(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(cards, 1)), value_bits, &rank[1]);
    word[2] = bdc_avx512_card_word(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(cards, 2)), value_bits, &rank[2]);
    word[3] = bdc_avx512_card_word(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(cards, 3)), value_bits, &rank[3]);
    word[4] = bdc_avx512_card_word(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(card4)), value_bits, &rank[4]);
    /* the best badugi of each size: the lowest OR of a subset whose words share no bit */
    min1 = _mm512_min_epu32(_mm512_min_epu32(_mm512_min_epu32(word[0], word[1]), _mm512_min_epu32(word[2], word[3])),
                            word[4]);
    min2 = min3 = min4 = ones;
    /* each subset from the one without its last card (written out: compilers keep loops of this) */
#define BDC_PAIR(i, j)                                                   \
    __m512i or##i##j = _mm512_or_si512(word[i], word[j]);                \
    __mmask16 ok##i##j = _mm512_testn_epi32_mask(word[i], word[j]);      \
    min2 = _mm512_mask_min_epu32(min2, ok##i##j, min2, or##i##j)
#define BDC_TRIPLE(i, j, k)                                                          \
    __m512i or##i##j##k = _mm512_or_si512(or##i##j, word[k]);                        \
    __mmask16 ok##i##j##k = _mm512_mask_testn_epi32_mask(ok##i##j, or##i##j, word[k]); \
    min3 = _mm512_mask_min_epu32(min3, ok##i##j##k, min3, or##i##j##k)
#define BDC_QUAD(i, j, k, l)                                                                                   \
    min4 = _mm512_mask_min_epu32(min4, _mm512_mask_testn_epi32_mask(ok##i##j##k, or##i##j##k, word[l]), min4, \
                                 _mm512_or_si512(or##i##j##k, word[l]))
    {
        BDC_PAIR(0, 1); BDC_PAIR(0, 2); BDC_PAIR(0, 3); BDC_PAIR(0, 4); BDC_PAIR(1, 2);
        BDC_PAIR(1, 3); BDC_PAIR(1, 4); BDC_PAIR(2, 3); BDC_PAIR(2, 4); BDC_PAIR(3, 4);
        BDC_TRIPLE(0, 1, 2); BDC_TRIPLE(0, 1, 3); BDC_TRIPLE(0, 1, 4); BDC_TRIPLE(0, 2, 3); BDC_TRIPLE(0, 2, 4);
        BDC_TRIPLE(0, 3, 4); BDC_TRIPLE(1, 2, 3); BDC_TRIPLE(1, 2, 4); BDC_TRIPLE(1, 3, 4); BDC_TRIPLE(2, 3, 4);
        BDC_QUAD(0, 1, 2, 3); BDC_QUAD(0, 1, 2, 4); BDC_QUAD(0, 1, 3, 4); BDC_QUAD(0, 2, 3, 4); BDC_QUAD(1, 2, 3, 4);
    }
#undef BDC_PAIR
#undef BDC_TRIPLE
#undef BDC_QUAD
    best = _mm512_mask_mov_epi32(min4, _mm512_cmpeq_epi32_mask(min4, ones), min3);
    best = _mm512_mask_mov_epi32(best, _mm512_cmpeq_epi32_mask(best, ones), min2);
    one_suit = _mm512_cmpeq_epi32_mask(best, ones);
    best = _mm512_mask_mov_epi32(best, one_suit, min1);
    _mm256_storeu_si256((__m256i *)(void *)values,
                        _mm512_cvtepi32_epi16(_mm512_and_si512(_mm512_srli_epi32(best, BDC_VALUE_SHIFT),
                                                               _mm512_set1_epi32(BDC_VALUE_BITS))));
    if (want_low) {
        /* the rank-multiset key: each card's rank key */
        const __m512i rank_keys = _mm512_setr_epi32(BDC_RANK_KEY_0, BDC_RANK_KEY_1, BDC_RANK_KEY_2, BDC_RANK_KEY_3,
                                                    BDC_RANK_KEY_4, BDC_RANK_KEY_5, BDC_RANK_KEY_6, BDC_RANK_KEY_7,
                                                    BDC_RANK_KEY_8, BDC_RANK_KEY_9, BDC_RANK_KEY_10, BDC_RANK_KEY_11,
                                                    BDC_RANK_KEY_12, 0, 0, 0);
        key = _mm512_permutexvar_epi32(rank[0], rank_keys);
        for (i = 1; i < 5; i++)
            key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(rank[i], rank_keys));
        /* its row in the low tables' hash, and the field of its low rank from the row's first slot
         * (2-7: the one-suit column's for a hand of one suit; A-5 has one column) */
        _mm512_storeu_si512((void *)rows, _mm512_srli_epi32(key, BDC_LOW_SHIFT));
        key = _mm512_add_epi32(_mm512_slli_epi32(_mm512_and_si512(key, _mm512_set1_epi32(BDC_LOW_MASK)), 2),
                               _mm512_set1_epi32(BDC_SLOT_LOW_SHIFT / BDC_FIELD_BITS));
        if (!aces_low)
            key = _mm512_mask_add_epi32(key, one_suit, key, _mm512_set1_epi32(1));
        _mm512_storeu_si512((void *)fields, key);
    }
    return ids_ok == (__mmask64)~UINT64_C(0) && same == 0;
}

/* The vector pass of `count` hands at `block` (a multiple of sixteen, at most
 * BDC_BLOCK; block holds 5 * count bytes), then per hand the Badugi rank of
 * its values and, for the split games, its low rank from its slot record:
 * the first `keep` hands' ranks written to out.  0, with nothing written,
 * if a hand is bad (the caller's scalar loop finds it). */
__attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2"), always_inline)) static inline int
bdc_avx512_badugi_block(int aces_low, int split, const uint8_t *block, int count, int keep, uint16_t *out)
{
    const uint64_t *slots = aces_low ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH;
    uint32_t rows[BDC_BLOCK], fields[BDC_BLOCK];
    uint16_t values[BDC_BLOCK];
    int j, ok = 1;
    for (j = 0; j < count; j += BDC_STEP16_HANDS)
        ok &= bdc_avx512_sixteen(block + 5 * j, aces_low, split, rows + j, values + j, fields + j);
    if (BDC_UNLIKELY(!ok))
        return 0;
    for (j = 0; j < keep; j++) {
        /* dense Badugi rank of the best badugi's values */
        unsigned badugi = BDC_BADUGI_DENSE[values[j]];
        if (split) {
            /* the low rank: its 16-bit field of the slot record (bdc_key_slot, BDC_SLOT_LOW) */
            uint16_t low;
            memcpy(&low, (const unsigned char *)slots +
                             (BDC_FIELDS_PER_SLOT * (size_t)BDC_LOW_OFFSET[rows[j]] + fields[j]) * sizeof low,
                   sizeof low);
            bdc_store_pair(out + 2 * j, badugi, low);
        } else {
            out[j] = (uint16_t)badugi;
        }
    }
    return 1;
}

/* A tail of at least this many hands (after the whole blocks) goes through
 * the vector pass too, padded to whole steps; a shorter one, hand by hand
 * through `scalar`.  A padded step of sixteen costs about what a few hands
 * of the scalar loop do, so the vector pass is ahead from about a dozen hands
 * on (this constant is that break-even point).
 */
#define BDC_VECTOR_TAIL 12

/* The blocked loop of a ranking with a Badugi half: bdc_avx512_badugi_block
 * on each block of BDC_BLOCK hands, and on a long tail copied and padded with
 * its first hand to whole steps of sixteen.  A block with a bad hand, and a
 * short tail, go through `scalar`. */
__attribute__((target("avx512f,avx512bw,avx512vbmi,bmi2"), always_inline)) static inline int
bdc_avx512_badugi_batch(int ranking, bdc_batch_fn scalar, const uint8_t *hands, size_t n, uint16_t *out,
                        size_t *bad_row)
{
    const int aces_low = ranking == BDC_BADUGI_LOW || ranking == BDC_BADACEY;
    const int split = ranking == BDC_BADEUCEY || ranking == BDC_BADACEY;
    const size_t per_hand = split ? 2 : 1; /* ranks a hand */
    size_t i, bad;
    int status;
    for (i = 0; i + BDC_BLOCK <= n; i += BDC_BLOCK) {
        const uint8_t *block = hands + i * 5u;
        uint16_t *block_out = out + per_hand * i;
        if (BDC_UNLIKELY(!bdc_avx512_badugi_block(aces_low, split, block, BDC_BLOCK, BDC_BLOCK, block_out))) {
            /* a bad hand in the block: the scalar loop finds the first one */
            status = scalar(block, BDC_BLOCK, block_out, &bad);
            if (status) {
                *bad_row = i + bad;
                return status;
            }
        }
    }
    if (n - i >= BDC_VECTOR_TAIL) {
        const int tail = (int)(n - i);
        const int count = (tail + BDC_STEP16_HANDS - 1) / BDC_STEP16_HANDS * BDC_STEP16_HANDS;
        uint8_t padded[5 * BDC_BLOCK];
        int j;
        memcpy(padded, hands + i * 5u, 5u * (size_t)tail);
        for (j = tail; j < count; j++)
            memcpy(padded + 5 * j, hands + i * 5u, 5);
        if (bdc_avx512_badugi_block(aces_low, split, padded, count, tail, out + per_hand * i))
            return BDC_OK;
    }
    status = scalar(hands + i * 5u, n - i, out + per_hand * i, &bad);
    if (status)
        *bad_row = i + bad;
    return status;
}

#define BDC_DEFINE_AVX512_BADUGI(NAME, RANKING, SCALAR)                                                  \
    BDC_AVX512_TARGET static int NAME(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)    \
    {                                                                                                    \
        return bdc_avx512_badugi_batch(RANKING, SCALAR, hands, n, out, bad_row);                         \
    }

#define BDC_DEFINE_AVX512(NAME, RANKING, SCALAR)                                                         \
    BDC_AVX512_TARGET static int NAME(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)    \
    {                                                                                                    \
        return bdc_avx512_batch(RANKING, SCALAR, hands, n, out, bad_row);                                \
    }
BDC_DEFINE_AVX512_BADUGI(bdc_avx512_badugi_low5, BDC_BADUGI_LOW, bdc_bmi2_badugi_low5)
BDC_DEFINE_AVX512_BADUGI(bdc_avx512_badugi_high5, BDC_BADUGI_HIGH, bdc_bmi2_badugi_high5)
BDC_DEFINE_AVX512(bdc_avx512_deuce_seven, BDC_DEUCE_SEVEN, bdc_portable_deuce_seven)
BDC_DEFINE_AVX512(bdc_avx512_ace_five, BDC_ACE_FIVE, bdc_portable_ace_five)
BDC_DEFINE_AVX512_BADUGI(bdc_avx512_badeucey, BDC_BADEUCEY, bdc_bmi2_badeucey)
BDC_DEFINE_AVX512_BADUGI(bdc_avx512_badacey, BDC_BADACEY, bdc_bmi2_badacey)

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
