/*
 * bdc_batch_blocks.h - the blocked 5-card batch loop of the vector
 * implementations, as a template: a unit defines
 *
 *   BDC_BLOCKED_NAME        the function's name,
 *   BDC_BLOCKED_TARGET      its target attribute string ("avx2,bmi2", ...),
 *   BDC_BLOCKED_STEP        its vector pass on BDC_BLOCKED_STEP_HANDS hands:
 *                           int STEP(const uint8_t *step, int aces_low,
 *                                    uint64_t *masks, uint32_t *parts,
 *                                    uint64_t *shifts)
 *                           storing each hand's mask (in the Badugi order:
 *                           aces low if aces_low), its rank-multiset key's
 *                           row and column in the low tables' hash (two
 *                           uint32 a hand: key >> BDC_LOW_SHIFT, then
 *                           key & BDC_LOW_MASK: bdc_key_slot without a shift) and
 *                           the shift of its 2-7 rank in its slot record, and
 *                           returning 1 if every hand is one (ids 0..51, no
 *                           card twice), else 0,
 *
 * then includes this file once.  Blocks of BDC_BLOCK hands: the vector pass,
 * then, if every hand of the block is valid, scalar passes that read the
 * tables as bdc_batch_bmi2.c does (the slot record and the BDC_SELECT5 index;
 * then the Badugi rank), so the ranks are the same bit for bit.  A block with
 * a bad hand, and the tail, go through `scalar`, which stops at the first bad
 * hand with its status.  The tables are read only for checked hands.
 */
#ifndef BDC_BLOCK
#define BDC_BLOCK 64 /* hands a block */
/* the rank keys are at most 24 bits (three bytes summed separately) */
typedef char bdc_keys_fit_24_bits[((uint64_t)BDC_LOW_ROWS << BDC_LOW_SHIFT) <= (UINT64_C(1) << 24) ? 1 : -1];
/* the zero bytes that pad a lane after its five cards read as rank 0, whose key must add nothing */
typedef char bdc_rank_key_0_is_0[BDC_RANK_KEY_0 == 0 ? 1 : -1];
/* byte `b` of the rank key of rank r (0..12, a literal), as a vpshufb table entry */
#define BDC_KEY_BYTE(r, b) ((char)((BDC_RANK_KEY_##r >> (8 * (b))) & 0xff))
/* byte `b` of each rank's key, ranks 0..12 (13..15: 0): a 16-byte vpshufb table, as a list */
#define BDC_KEY_BYTES16(b)                                                                                  \
    BDC_KEY_BYTE(0, b), BDC_KEY_BYTE(1, b), BDC_KEY_BYTE(2, b), BDC_KEY_BYTE(3, b), BDC_KEY_BYTE(4, b),    \
        BDC_KEY_BYTE(5, b), BDC_KEY_BYTE(6, b), BDC_KEY_BYTE(7, b), BDC_KEY_BYTE(8, b), BDC_KEY_BYTE(9, b), \
        BDC_KEY_BYTE(10, b), BDC_KEY_BYTE(11, b), BDC_KEY_BYTE(12, b), 0, 0, 0
/* in a 128-bit lane of two hands' cards (8 bytes each), the first card's byte in place of each card's */
#define BDC_FIRST_CARD_BYTES 0, 0, 0, 0, 0, -1, -1, -1, 8, 8, 8, 8, 8, -1, -1, -1
#endif

#ifdef BDC_BLOCKED_NAME
/* The blocked loop of one ranking (a constant: each caller gets its own copy
 * with the other rankings' steps folded away). */
__attribute__((target(BDC_BLOCKED_TARGET), always_inline)) static inline int
BDC_BLOCKED_NAME(int ranking, bdc_batch_fn scalar, const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row)
{
    const int aces_low = ranking == BDC_BADUGI_LOW || ranking == BDC_ACE_FIVE || ranking == BDC_BADACEY;
    const int badugi_half = ranking != BDC_DEUCE_SEVEN && ranking != BDC_ACE_FIVE;
    const int suited_low = ranking == BDC_DEUCE_SEVEN || ranking == BDC_BADEUCEY; /* 2-7: one-suit column */
    const int width = ranking == BDC_BADEUCEY || ranking == BDC_BADACEY ? 2 : 1;  /* ranks per hand */
    const uint64_t *slots = aces_low ? BDC_SLOT5_LOW : BDC_SLOT5_HIGH;
    size_t i, bad;
    int status;
    for (i = 0; i + BDC_BLOCK <= n; i += BDC_BLOCK) {
        const uint8_t *block = hands + i * 5u;
        uint16_t *block_out = out + (size_t)width * i;
        uint64_t masks[BDC_BLOCK], shifts[BDC_BLOCK], records[BDC_BLOCK];
        uint32_t parts[2 * BDC_BLOCK], selects[BDC_BLOCK];
        int j, ok = 1;
        /* the Badugi order matters only for a Badugi half (any bijection checks duplicates) */
        for (j = 0; j < BDC_BLOCK; j += BDC_BLOCKED_STEP_HANDS)
            ok &= BDC_BLOCKED_STEP(block + 5 * j, badugi_half && aces_low, masks + j, parts + 2 * j, shifts + j);
        if (BDC_UNLIKELY(!ok)) {
            /* a bad hand in the block: the scalar loop finds the first one */
            status = scalar(block, BDC_BLOCK, block_out, &bad);
            if (status) {
                *bad_row = i + bad;
                return status;
            }
            continue;
        }
        if (!badugi_half) {
            /* the low rank straight from each hand's slot record */
            for (j = 0; j < BDC_BLOCK; j++) {
                uint64_t record = slots[BDC_LOW_OFFSET[parts[2 * j]] + parts[2 * j + 1]]; /* bdc_key_slot */
                block_out[j] = (uint16_t)(suited_low ? (unsigned)(record >> shifts[j]) & BDC_LOW_BITS
                                                     : BDC_SLOT_LOW(record, 0));
            }
            continue;
        }
        /* each hand's slot record, and its BDC_SELECT5 index */
        for (j = 0; j < BDC_BLOCK; j++) {
            uint64_t record = slots[BDC_LOW_OFFSET[parts[2 * j]] + parts[2 * j + 1]]; /* bdc_key_slot */
            records[j] = record;
            selects[j] = BDC_SLOT_EQUAL(record) | BDC_SUITS5_BMI2(masks[j]);
        }
        /* the Badugi rank (as BDC_BADUGI5_BMI2), and the low rank if the game has one */
        for (j = 0; j < BDC_BLOCK; j++) {
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
#endif /* BDC_BLOCKED_NAME */
