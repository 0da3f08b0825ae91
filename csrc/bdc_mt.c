/*
 * bdc_mt.c - a Mersenne Twister (MT19937) stream, as CPython's random.Random
 * runs one, for the binding that deals a Hand with an int seed without making
 * the Python generator first (bdc_bindings.h declares it).  Plain C: it knows
 * nothing of Python, only the generator's arithmetic.
 *
 * SEEDING.  An int seed's state is counter-based, each word computable on its
 * own: word i (1 .. 623) is the low 32 bits of splitmix64's i-th output from
 * the seed, seed + i * golden mixed by splitmix64's finaliser (bdc_mt_seed_word);
 * word 0 is 0x80000000, as init_by_array leaves it: only its top bit is
 * read by the twist, and a set top bit keeps the state from being all zero.
 * (random.Random(seed)'s own seeding, init_by_array, is a chain of 1,247
 * dependent steps: several times the rest of a hand's deal.)
 * badeucey_fast.play.seeded_generator is the random.Random in this state.
 *
 * OUTPUTS.  random() takes two 32-bit outputs a, b and gives
 * ((a >> 5) * 2**26 + (b >> 6)) / 2**53, as bdc_mt_uniforms does, so the
 * doubles are bit-identical to the Python generator's in the same state.
 *
 * LAZY TWIST.  mt19937ar regenerates all 624 words when the last is used.
 * Word k of the new block reads only new words below k and old words above
 * it, so the regeneration runs in word order as far as the outputs need
 * (`twisted`: the words of the new block so far).  In the first block after
 * a seeding (`lazy`) the old words are not stored: each is computed from the
 * seed when the twist reads it, so a deal computes only the few it uses.
 */
#include "bindings/bdc_bindings.h"

#define BDC_MT_SHIFT 397          /* mt19937's middle word offset M */
#define BDC_MT_MATRIX 0x9908b0dfU /* its twist matrix's last row */
#define BDC_MT_UPPER 0x80000000U  /* the word's top bit: with the next word's low 31, one twist input */
#define BDC_MT_GOLDEN 0x9e3779b97f4a7c15ULL /* splitmix64's increment: 2**64 / the golden ratio, made odd */
#define BDC_MT_MIX1 0xbf58476d1ce4e5b9ULL   /* splitmix64's finaliser (Stafford's Mix13) multipliers */
#define BDC_MT_MIX2 0x94d049bb133111ebULL

/* Word i of the state `seed` gives (see SEEDING). */
static uint32_t bdc_mt_seed_word(uint64_t seed, uint32_t i)
{
    uint64_t z = seed + (uint64_t)i * BDC_MT_GOLDEN;
    if (i == 0) {
        return BDC_MT_UPPER;
    }
    z = (z ^ (z >> 30)) * BDC_MT_MIX1;
    z = (z ^ (z >> 27)) * BDC_MT_MIX2;
    return (uint32_t)(z ^ (z >> 31));
}

int bdc_mt_seed(bdc_mt *mt, uint64_t seed)
{
    if (mt == NULL) {
        return BDC_E_ARGUMENT;
    }
    mt->seed = seed;
    mt->lazy = 1;    /* the old words are the seed's, computed when read */
    mt->index = 0;   /* the first block is due: its word 0 next, */
    mt->twisted = 0; /* none regenerated yet */
    return BDC_OK;
}

int bdc_mt_seed_words(uint64_t seed, uint32_t *out, size_t n)
{
    if ((out == NULL && n > 0) || n > BDC_MT_WORDS) {
        return BDC_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) {
        out[i] = bdc_mt_seed_word(seed, (uint32_t)i);
    }
    return BDC_OK;
}

/* Regenerates words twisted .. last of the block (in order: see LAZY TWIST).
 * An old word is at an index k .. 623 (stored, or the seed's while lazy); a
 * new one below k (stored). */
static void bdc_mt_twist_to(bdc_mt *mt, uint32_t last)
{
    uint32_t *w = mt->word;
    for (uint32_t k = mt->twisted; k <= last; k++) {
        uint32_t near = k + 1, far = k + BDC_MT_SHIFT, now, next, y;
        if (mt->lazy) {
            now = bdc_mt_seed_word(mt->seed, k);
            next = near < BDC_MT_WORDS ? bdc_mt_seed_word(mt->seed, near) : w[0];
            far = far < BDC_MT_WORDS ? bdc_mt_seed_word(mt->seed, far) : w[far - BDC_MT_WORDS];
        } else {
            now = w[k];
            next = w[near < BDC_MT_WORDS ? near : 0];
            far = w[far < BDC_MT_WORDS ? far : far - BDC_MT_WORDS];
        }
        y = (now & BDC_MT_UPPER) | (next & ~BDC_MT_UPPER);
        w[k] = far ^ (y >> 1) ^ ((y & 1U) ? BDC_MT_MATRIX : 0U);
    }
    if (last + 1 > mt->twisted) {
        mt->twisted = last + 1;
    }
}

/* The next 32-bit output (mt19937ar's genrand_int32): index and twisted are
 * at most BDC_MT_WORDS and lazy at most 1 (bdc_mt_uniforms checks), so every
 * word read is in the block. */
static uint32_t bdc_mt_next(bdc_mt *mt)
{
    uint32_t y;
    if (mt->index >= BDC_MT_WORDS) { /* a new block, from the stored words of the last */
        mt->index = 0;
        mt->twisted = 0;
        mt->lazy = 0;
    }
    if (mt->index >= mt->twisted) {
        bdc_mt_twist_to(mt, mt->index);
    }
    y = mt->word[mt->index++];
    y ^= y >> 11; /* the tempering of mt19937ar */
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

int bdc_mt_uniforms(bdc_mt *mt, double *out, size_t n)
{
    if (mt == NULL || (out == NULL && n > 0) || mt->index > BDC_MT_WORDS || mt->twisted > BDC_MT_WORDS
        || mt->lazy > 1) {
        return BDC_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) { /* random.Random.random(): 27 and 26 bits of two outputs */
        uint32_t a = bdc_mt_next(mt) >> 5, b = bdc_mt_next(mt) >> 6;
        out[i] = (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    return BDC_OK;
}
