/*
 * bdc_mt.c - the Mersenne Twister stream of CPython's random.Random, for the
 * binding that deals a Hand with an int seed without making the Python
 * generator first (bdc_bindings.h declares it).  Plain C: it knows nothing of
 * Python, only the generator's arithmetic.
 *
 * SEEDING.  random.Random(seed) for an int seed runs init_by_array of
 * Matsumoto and Nishimura's mt19937ar.c on the 32-bit words of abs(seed),
 * least significant first, as few as hold it (one word, 0, for seed 0), from
 * the state init_genrand(19650218) leaves; bdc_mt_seed does the same for the
 * key it is given.  That start state is the same for every seed: bdc_mt_start
 * makes it once for the caller to keep (a chain of 623 dependent products).
 *
 * OUTPUTS.  random() takes two 32-bit outputs a, b and gives
 * ((a >> 5) * 2**26 + (b >> 6)) / 2**53, as bdc_mt_uniforms does, so the
 * doubles are bit-identical to the Python generator's.
 *
 * LAZY TWIST.  mt19937ar regenerates all 624 words when the last is used.
 * Word k of the new block reads only new words below k and old words above
 * it, so the regeneration runs in word order as far as the outputs need
 * (`twisted`: the words of the new block so far).
 */
#include "bindings/bdc_bindings.h"

#define BDC_MT_SHIFT 397          /* mt19937's middle word offset M */
#define BDC_MT_MATRIX 0x9908b0dfU /* its twist matrix's last row */
#define BDC_MT_UPPER 0x80000000U  /* the word's top bit: with the next word's low 31, one twist input */
#define BDC_MT_START_SEED 19650218U /* init_genrand's seed, from which init_by_array starts */

int bdc_mt_start(bdc_mt *mt)
{
    if (mt == NULL) {
        return BDC_E_ARGUMENT;
    }
    mt->word[0] = BDC_MT_START_SEED;
    for (uint32_t i = 1; i < BDC_MT_WORDS; i++) { /* init_genrand's recurrence (Knuth's multiplier) */
        mt->word[i] = 1812433253U * (mt->word[i - 1] ^ (mt->word[i - 1] >> 30)) + i;
    }
    mt->index = BDC_MT_WORDS;
    mt->twisted = BDC_MT_WORDS;
    return BDC_OK;
}

int bdc_mt_seed(bdc_mt *mt, const bdc_mt *start, const uint32_t *key, size_t n_key)
{
    uint32_t *w;
    size_t i = 1, j = 0;
    if (mt == NULL || key == NULL || n_key == 0) {
        return BDC_E_ARGUMENT;
    }
    if (start == NULL) {
        (void)bdc_mt_start(mt);
    } else if (start != mt) {
        *mt = *start; /* (its words: index and twisted are set below) */
    }
    w = mt->word;
    /* init_by_array: the key mixed in, max(N, n_key) steps, then N - 1 more */
    for (size_t k = n_key > BDC_MT_WORDS ? n_key : BDC_MT_WORDS; k; k--) {
        w[i] = (w[i] ^ ((w[i - 1] ^ (w[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= BDC_MT_WORDS) {
            w[0] = w[BDC_MT_WORDS - 1];
            i = 1;
        }
        if (j >= n_key) {
            j = 0;
        }
    }
    for (size_t k = BDC_MT_WORDS - 1; k; k--) {
        w[i] = (w[i] ^ ((w[i - 1] ^ (w[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= BDC_MT_WORDS) {
            w[0] = w[BDC_MT_WORDS - 1];
            i = 1;
        }
    }
    w[0] = BDC_MT_UPPER; /* the top bit set: the state is never all zero */
    mt->index = BDC_MT_WORDS;
    mt->twisted = BDC_MT_WORDS;
    return BDC_OK;
}

/* Regenerates words twisted .. last of the block (in order: see LAZY TWIST). */
static void bdc_mt_twist_to(bdc_mt *mt, uint32_t last)
{
    uint32_t *w = mt->word;
    for (uint32_t k = mt->twisted; k <= last; k++) {
        uint32_t next = w[k + 1 < BDC_MT_WORDS ? k + 1 : 0];
        uint32_t y = (w[k] & BDC_MT_UPPER) | (next & ~BDC_MT_UPPER);
        uint32_t far = w[k + BDC_MT_SHIFT < BDC_MT_WORDS ? k + BDC_MT_SHIFT : k + BDC_MT_SHIFT - BDC_MT_WORDS];
        w[k] = far ^ (y >> 1) ^ ((y & 1U) ? BDC_MT_MATRIX : 0U);
    }
    if (last + 1 > mt->twisted) {
        mt->twisted = last + 1;
    }
}

/* The next 32-bit output (mt19937ar's genrand_int32): index and twisted are
 * at most BDC_MT_WORDS (bdc_mt_uniforms checks), so every word read is in the block. */
static uint32_t bdc_mt_next(bdc_mt *mt)
{
    uint32_t y;
    if (mt->index >= BDC_MT_WORDS) {
        mt->index = 0;
        mt->twisted = 0;
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
    if (mt == NULL || (out == NULL && n > 0) || mt->index > BDC_MT_WORDS || mt->twisted > BDC_MT_WORDS) {
        return BDC_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) { /* random.Random.random(): 27 and 26 bits of two outputs */
        uint32_t a = bdc_mt_next(mt) >> 5, b = bdc_mt_next(mt) >> 6;
        out[i] = (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    return BDC_OK;
}
