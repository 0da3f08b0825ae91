/*
 * fuzz.c - a seeded random driver for every bdc_ entry point of badeucey.h
 * (and the core's binding entry points of bindings/bdc_bindings.h).
 *
 * Each case picks one entry point and random arguments within the documented
 * sizes (buffers are allocated exactly as large as the header says, so a
 * sanitizer sees any read or write past them), runs it on every implementation
 * this build and processor support, and checks what it returned: a rank in
 * its range or a BDC_E_* code, the same answer as the single-hand functions
 * for a valid hand, and an error for an invalid one.  Built with
 * -fsanitize=address,undefined by CI's sanitize step; any finding, or any
 * wrong answer, ends the run with a non-zero status.
 *
 *   cc -std=c99 -O1 -g -Icsrc -I<tables dir> tests/c/fuzz.c csrc/[glob *.c] -o fuzz
 *   ./fuzz [CASES [SEED]]          (default: 20000 cases, seed 1)
 *
 * Every 20th case also seeds and draws the Mersenne Twister stream
 * (bdc_mt_*), from a stream of its own, against a reference mt19937ar.
 *
 * It prints the number of cases and of bdc_ calls made.
 */
#include <float.h>
#include <math.h> /* NAN, INFINITY and isfinite only (macros: no libm) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badeucey.h"
#include "bdc_internal.h"          /* the known-table functions (the solver's walk) */
#include "bindings/bdc_bindings.h" /* the flagged forms and bdc_draw_run_out */

static uint64_t state;
static unsigned long long calls;
static unsigned long failures;
static unsigned long accepted[11], refused[11]; /* per kind of case: batch, draw exact/sampled, equity exact/sampled, random, draw options, table, solver, subgame, seed stream */

#define CALL(expr) (calls++, (expr))
#define FAIL(...)                                                                          \
    do {                                                                                   \
        failures++;                                                                        \
        if (failures <= 20) {                                                              \
            fprintf(stderr, "fuzz: case %lu: ", current_case);                             \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fputc('\n', stderr);                                                           \
        }                                                                                  \
    } while (0)

static unsigned long current_case;

static uint64_t next(void) /* splitmix64 */
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in lo .. hi (inclusive). */
static int between(int lo, int hi)
{
    return lo + (int)(next() % (uint64_t)(hi - lo + 1));
}

/* A card id: mostly valid, sometimes just outside 0..51, rarely anything. */
static int random_card(void)
{
    int pick = between(0, 99);
    if (pick < 90)
        return between(0, 51);
    if (pick < 97)
        return between(-3, 60);
    return (int)(uint32_t)next();
}

static void *checked_malloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) {
        fprintf(stderr, "fuzz: out of memory\n");
        exit(2);
    }
    return p;
}

/* n distinct valid card ids, shuffled. */
static void distinct_cards(uint8_t *out, int n)
{
    uint8_t deck[BDC_DECK_SIZE];
    for (int i = 0; i < BDC_DECK_SIZE; i++)
        deck[i] = (uint8_t)i;
    for (int i = 0; i < n; i++) {
        int j = between(i, BDC_DECK_SIZE - 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        out[i] = deck[i];
    }
}

static int valid_hand(const int *c, int n)
{
    for (int i = 0; i < n; i++) {
        if (c[i] < 0 || c[i] >= BDC_DECK_SIZE)
            return 0;
        for (int j = 0; j < i; j++)
            if (c[i] == c[j])
                return 0;
    }
    return 1;
}

static int scale(int ranking)
{
    switch (ranking) {
    case BDC_BADUGI_LOW:
    case BDC_BADUGI_HIGH:
        return BDC_BADUGI_CLASSES;
    case BDC_DEUCE_SEVEN:
        return BDC_DEUCE_SEVEN_CLASSES;
    case BDC_ACE_FIVE:
        return BDC_ACE_FIVE_CLASSES;
    default:
        return 0;
    }
}

static int is_status(int value)
{
    return value <= BDC_OK && value >= BDC_E_UNSUPPORTED;
}

/* The single-hand rank of one hand of a ranking (packed for the split games). */
static int single(int ranking, const int *c, int n)
{
    switch (ranking) {
    case BDC_BADUGI_LOW:
        return n == 4 ? CALL(bdc_badugi_low4(c[0], c[1], c[2], c[3])) : CALL(bdc_badugi_low5(c[0], c[1], c[2], c[3], c[4]));
    case BDC_BADUGI_HIGH:
        return n == 4 ? CALL(bdc_badugi_high4(c[0], c[1], c[2], c[3])) : CALL(bdc_badugi_high5(c[0], c[1], c[2], c[3], c[4]));
    case BDC_DEUCE_SEVEN:
        return CALL(bdc_deuce_seven(c[0], c[1], c[2], c[3], c[4]));
    case BDC_ACE_FIVE:
        return CALL(bdc_ace_five(c[0], c[1], c[2], c[3], c[4]));
    case BDC_BADEUCEY:
        return CALL(bdc_badeucey(c[0], c[1], c[2], c[3], c[4]));
    default:
        return CALL(bdc_badacey(c[0], c[1], c[2], c[3], c[4]));
    }
}

static unsigned flagged(int ranking, const int *c, int n)
{
    switch (ranking) {
    case BDC_BADUGI_LOW:
        return n == 4 ? CALL(bdc_badugi_low4_flagged(c[0], c[1], c[2], c[3]))
                      : CALL(bdc_badugi_low5_flagged(c[0], c[1], c[2], c[3], c[4]));
    case BDC_BADUGI_HIGH:
        return n == 4 ? CALL(bdc_badugi_high4_flagged(c[0], c[1], c[2], c[3]))
                      : CALL(bdc_badugi_high5_flagged(c[0], c[1], c[2], c[3], c[4]));
    case BDC_DEUCE_SEVEN:
        return CALL(bdc_deuce_seven_flagged(c[0], c[1], c[2], c[3], c[4]));
    case BDC_ACE_FIVE:
        return CALL(bdc_ace_five_flagged(c[0], c[1], c[2], c[3], c[4]));
    case BDC_BADEUCEY:
        return CALL(bdc_badeucey_flagged(c[0], c[1], c[2], c[3], c[4]));
    default:
        return CALL(bdc_badacey_flagged(c[0], c[1], c[2], c[3], c[4]));
    }
}

static int rank_in_range(int ranking, int rank)
{
    if (ranking == BDC_BADEUCEY || ranking == BDC_BADACEY) {
        int low = ranking == BDC_BADEUCEY ? BDC_DEUCE_SEVEN : BDC_ACE_FIVE;
        return rank_in_range(BDC_BADUGI_LOW, rank >> BDC_SPLIT_SHIFT) &&
               rank_in_range(low, rank & ((1 << BDC_SPLIT_SHIFT) - 1));
    }
    return rank >= 1 && rank <= scale(ranking);
}

/* ---- single hands, flagged, masks ------------------------------------ */
static void fuzz_single(void)
{
    int ranking = between(0, BDC_RANKINGS - 1);
    int n = (ranking <= BDC_BADUGI_HIGH && between(0, 1)) ? 4 : 5;
    int c[5];
    for (int i = 0; i < 5; i++)
        c[i] = random_card();
    int rank = single(ranking, c, n);
    unsigned flag = flagged(ranking, c, n);
    if (valid_hand(c, n)) {
        if (!rank_in_range(ranking, rank))
            FAIL("ranking %d: rank %d out of range for a valid hand", ranking, rank);
        if ((flag & ~(unsigned)BDC_FLAG_ID_0_OR_1) != (unsigned)rank)
            FAIL("ranking %d: flagged %u, plain %d", ranking, flag, rank);
        int low01 = 0;
        for (int i = 0; i < n; i++)
            low01 |= c[i] == 0 || c[i] == 1;
        if (!!(flag & BDC_FLAG_ID_0_OR_1) != low01)
            FAIL("ranking %d: flag bit %u for ids 0/1 %d", ranking, flag, low01);
        if (ranking >= BDC_BADEUCEY) {
            uint64_t mask = 0;
            for (int i = 0; i < 5; i++)
                mask |= 1ULL << c[i];
            int by_mask = ranking == BDC_BADEUCEY ? CALL(bdc_badeucey_mask(mask)) : CALL(bdc_badacey_mask(mask));
            if (by_mask != rank)
                FAIL("mask %llx: %d, ids: %d", (unsigned long long)mask, by_mask, rank);
        }
    } else {
        if (!is_status(rank) || rank == BDC_OK)
            FAIL("ranking %d: %d for an invalid hand", ranking, rank);
        if (flag < (unsigned)BDC_FLAG_ID_0_OR_1)
            FAIL("ranking %d: flagged %u for an invalid hand", ranking, flag);
    }
    uint64_t mask = next();
    if (between(0, 1))
        mask &= (1ULL << BDC_DECK_SIZE) - 1;
    int a = CALL(bdc_badeucey_mask(mask)), b = CALL(bdc_badacey_mask(mask));
    int bits = 0;
    for (int i = 0; i < 64; i++)
        bits += (int)((mask >> i) & 1);
    int valid = bits == 5 && !(mask >> BDC_DECK_SIZE);
    if (valid != (a > 0) || valid != (b > 0))
        FAIL("mask %llx: %d %d", (unsigned long long)mask, a, b);
    (void)CALL(bdc_noop5(c[0], c[1], c[2], c[3], c[4]));
}

/* ---- batches, on every implementation ------------------------------- */
static int n_supported;
static int supported_ids[BDC_IMPLEMENTATIONS];

static void fuzz_batch(void)
{
    int ranking = between(0, 9) ? between(0, BDC_RANKINGS - 1) : between(-1, BDC_RANKINGS);
    int n_cards = between(0, 9) ? (ranking <= BDC_BADUGI_HIGH && between(0, 1) ? 4 : 5) : between(-1, 7);
    static const int sizes[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 191, 192, 200, 257};
    size_t n = (size_t)sizes[between(0, (int)(sizeof sizes / sizeof sizes[0]) - 1)];
    int offset = between(0, 3); /* misaligned rows too */
    size_t cells = n * (size_t)(n_cards > 0 ? n_cards : 0);
    uint8_t *buffer = checked_malloc(cells + (size_t)offset);
    uint8_t *hands = buffer + offset;
    /* a third of the batches get bad rows: one, or a few per mille */
    int bad_odds = between(0, 2) ? 0 : between(0, 1) ? -1 : between(1, 50);
    size_t bad_at = n ? (size_t)between(0, (int)n - 1) : 0;
    for (size_t r = 0; r < n && n_cards > 0 && n_cards <= 5; r++) {
        distinct_cards(hands + r * (size_t)n_cards, n_cards);
        if ((bad_odds < 0 && r == bad_at) || (bad_odds > 0 && between(0, 999) < bad_odds)) {
            int at = between(0, n_cards - 1);
            hands[r * (size_t)n_cards + (size_t)at] =
                between(0, 1) ? (uint8_t)between(52, 255) : hands[r * (size_t)n_cards + (size_t)((at + 1) % n_cards)];
        }
    }
    for (size_t i = 0; n_cards > 5 && i < cells; i++)
        hands[i] = (uint8_t)between(0, 51);
    int per = ranking >= BDC_BADEUCEY ? 2 : 1;
    size_t outs = n * (size_t)per;
    uint16_t *out = checked_malloc(outs * sizeof *out);
    int first_status = 0;
    size_t first_bad = 0;
    uint16_t *first_out = checked_malloc(outs * sizeof *out);
    for (int k = 0; k < n_supported; k++) {
        if (CALL(bdc_use_implementation(supported_ids[k])) != BDC_OK)
            FAIL("use_implementation(%d) refused a supported id", supported_ids[k]);
        size_t bad_row = (size_t)-1;
        int status = CALL(bdc_rank_batch(ranking, hands, n, n_cards, out, &bad_row));
        if (!is_status(status))
            FAIL("rank_batch returned %d", status);
        if (k == 0) {
            first_status = status;
            first_bad = bad_row;
            if (status == BDC_OK)
                memcpy(first_out, out, outs * sizeof *out);
        } else if (status != first_status || (status != BDC_OK && bad_row != first_bad) ||
                   (status == BDC_OK && memcmp(first_out, out, outs * sizeof *out) != 0)) {
            FAIL("implementation %d differs from %d (ranking %d, n %zu, %d cards)", supported_ids[k], supported_ids[0],
                 ranking, n, n_cards);
        }
    }
    (first_status == BDC_OK ? accepted : refused)[0]++;
    /* Against the single-hand functions. */
    int known = ranking >= 0 && ranking < BDC_RANKINGS && n_cards >= (ranking <= BDC_BADUGI_HIGH ? 4 : 5) && n_cards <= 5;
    if (!known && n > 0 && first_status == BDC_OK)
        FAIL("rank_batch accepted ranking %d with %d cards", ranking, n_cards);
    if (known) {
        size_t expect_bad = n;
        for (size_t r = 0; r < n; r++) {
            int c[5];
            for (int i = 0; i < n_cards; i++)
                c[i] = hands[r * (size_t)n_cards + (size_t)i];
            int rank = single(ranking, c, n_cards);
            if (rank < 0) {
                expect_bad = r;
                break;
            }
            if (first_status == BDC_OK) {
                int got = per == 2 ? ((int)first_out[2 * r] << BDC_SPLIT_SHIFT) | first_out[2 * r + 1] : first_out[r];
                if (got != rank)
                    FAIL("row %zu: batch %d, single %d (ranking %d)", r, got, rank, ranking);
            }
        }
        if ((expect_bad == n) != (first_status == BDC_OK) || (expect_bad < n && first_bad != expect_bad))
            FAIL("rank_batch status %d row %zu, expected first bad row %zu", first_status, first_bad, expect_bad);
    }
    free(first_out);
    free(out);
    free(buffer);
}

/* ---- class ranks, status texts, implementations ----------------------- */
static void fuzz_names(void)
{
    int ranking = between(-2, BDC_RANKINGS + 1);
    int rank = between(0, 3) ? between(-2, 7500) : (int)(uint32_t)next();
    uint8_t *out = checked_malloc(5);
    int flush = -1;
    int count = CALL(bdc_class_ranks(ranking, rank, out, &flush));
    int s = scale(ranking);
    if (s && rank >= 1 && rank <= s) {
        int want = ranking <= BDC_BADUGI_HIGH ? 0 : 5;
        if (count < 1 || count > 5 || (want && count != want) || (flush != 0 && flush != 1))
            FAIL("class_ranks(%d, %d): %d, flush %d", ranking, rank, count, flush);
        for (int i = 0; i < count && i < 5; i++)
            if (out[i] > 12)
                FAIL("class_ranks(%d, %d): card rank %d", ranking, rank, out[i]);
    } else if (count >= 0) {
        FAIL("class_ranks(%d, %d) accepted: %d", ranking, rank, count);
    }
    free(out);
    const char *text = CALL(bdc_status_text(between(-10, 3) == 3 ? (int)(uint32_t)next() : between(-10, 3)));
    if (!text || !text[0])
        FAIL("status_text gave no text");
    int id = between(-2, BDC_IMPLEMENTATIONS + 1);
    const char *name = CALL(bdc_implementation_name(id));
    int ok = CALL(bdc_implementation_supported(id));
    if ((id >= 0 && id < BDC_IMPLEMENTATIONS) != (name != NULL) || (ok && !name))
        FAIL("implementation %d: name %s, supported %d", id, name ? name : "NULL", ok);
    int was = CALL(bdc_implementation());
    int status = CALL(bdc_use_implementation(id));
    if (status != (ok ? BDC_OK : (name ? BDC_E_UNSUPPORTED : BDC_E_ARGUMENT)))
        FAIL("use_implementation(%d): %d (supported %d)", id, status, ok);
    (void)CALL(bdc_use_implementation(was));
}

/* ---- random hands ----------------------------------------------------- */
static void fuzz_random(void)
{
    uint8_t deck[BDC_DECK_SIZE + 2];
    int n_deck = between(0, 9) ? between(1, BDC_DECK_SIZE) : between(-2, BDC_DECK_SIZE + 2);
    int ok_deck = between(0, 4) != 0;
    distinct_cards(deck, BDC_DECK_SIZE);
    deck[BDC_DECK_SIZE] = 0;
    deck[BDC_DECK_SIZE + 1] = 1;
    if (!ok_deck && n_deck > 1)
        deck[between(0, n_deck - 1)] = between(0, 1) ? (uint8_t)between(52, 255) : deck[between(0, n_deck - 1)];
    int n_cards = between(0, 9) ? between(1, n_deck > 0 ? n_deck : 1) : between(-1, 54);
    size_t n_hands = (size_t)between(0, 40);
    size_t cells = n_hands * (size_t)(n_cards > 0 ? n_cards : 0);
    uint8_t *hands = checked_malloc(cells);
    uint8_t *copy = checked_malloc((size_t)(n_deck > 0 ? n_deck : 1));
    memcpy(copy, deck, (size_t)(n_deck > 0 ? n_deck : 1));
    int status = CALL(bdc_random_hands(next(), n_deck > 0 ? copy : deck, n_deck, n_cards, hands, n_hands));
    if (!is_status(status))
        FAIL("random_hands returned %d", status);
    (status == BDC_OK ? accepted : refused)[5]++;
    if (status == BDC_OK) {
        for (size_t r = 0; r < n_hands; r++)
            for (int i = 0; i < n_cards; i++) {
                uint8_t card = hands[r * (size_t)n_cards + (size_t)i];
                int found = 0;
                for (int j = 0; j < n_deck; j++)
                    found |= deck[j] == card;
                for (int j = 0; j < i; j++)
                    found &= hands[r * (size_t)n_cards + (size_t)j] != card;
                if (!found)
                    FAIL("random_hands dealt card %d twice or off the deck", card);
            }
    }
    free(copy);
    free(hands);
    uint64_t rng[4];
    calls++;
    bdc_rng_seed(next(), rng);
}

/* ---- The Mersenne Twister stream (bdc_mt.c) against mt19937ar -----------
 * The reference is Matsumoto and Nishimura's mt19937ar.c as CPython's
 * _randommodule.c runs it (init_genrand, init_by_array for its own check,
 * genrand_int32 regenerating the whole block, random() of two outputs), its
 * state filled by the documented seeding (word 0 = 0x80000000, word i the low
 * 32 bits of splitmix64's i-th output): bdc_mt_seed and bdc_mt_uniforms must
 * give the same doubles for any seed, draws in pieces across blocks, and
 * bdc_mt_seed_words the same words for any size; each refuses what it
 * documents, writing nothing. */
#define REF_MT_N 624
#define REF_MT_M 397
#define REF_MT_UPPER 0x80000000U
#define REF_MT_LOWER 0x7fffffffU
typedef struct {
    uint32_t mt[REF_MT_N];
    int mti;
} ref_mt;

static void ref_init_genrand(ref_mt *r, uint32_t s)
{
    r->mt[0] = s;
    for (int i = 1; i < REF_MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->mti = REF_MT_N;
}

static void ref_init_by_array(ref_mt *r, const uint32_t *init_key, size_t key_length)
{
    size_t i = 1, j = 0, k = REF_MT_N > key_length ? REF_MT_N : key_length;
    for (; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + init_key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= REF_MT_N) {
            r->mt[0] = r->mt[REF_MT_N - 1];
            i = 1;
        }
        if (j >= key_length)
            j = 0;
    }
    for (k = REF_MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= REF_MT_N) {
            r->mt[0] = r->mt[REF_MT_N - 1];
            i = 1;
        }
    }
    r->mt[0] = 0x80000000U;
    r->mti = REF_MT_N;
}

/* The seeding as documented: a splitmix64 generator started at seed, its outputs' low words. */
static void ref_seed(ref_mt *r, uint64_t seed)
{
    uint64_t x = seed;
    r->mt[0] = 0x80000000U;
    for (int i = 1; i < REF_MT_N; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        r->mt[i] = (uint32_t)(z ^ (z >> 31));
    }
    r->mti = REF_MT_N;
}

static uint32_t ref_genrand_int32(ref_mt *r)
{
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (r->mti >= REF_MT_N) {
        int kk;
        for (kk = 0; kk < REF_MT_N - REF_MT_M; kk++) {
            y = (r->mt[kk] & REF_MT_UPPER) | (r->mt[kk + 1] & REF_MT_LOWER);
            r->mt[kk] = r->mt[kk + REF_MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < REF_MT_N - 1; kk++) {
            y = (r->mt[kk] & REF_MT_UPPER) | (r->mt[kk + 1] & REF_MT_LOWER);
            r->mt[kk] = r->mt[kk + (REF_MT_M - REF_MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (r->mt[REF_MT_N - 1] & REF_MT_UPPER) | (r->mt[0] & REF_MT_LOWER);
        r->mt[REF_MT_N - 1] = r->mt[REF_MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double ref_random(ref_mt *r) /* CPython's random_random */
{
    uint32_t a = ref_genrand_int32(r) >> 5, b = ref_genrand_int32(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* The reference against mt19937ar.out (init_by_array of {0x123, 0x234,
 * 0x345, 0x456}: its first outputs), once, before any case relies on it. */
static void check_ref_mt(void)
{
    static const uint32_t key[4] = {0x123, 0x234, 0x345, 0x456};
    static const uint32_t first[5] = {1067595299U, 955945823U, 477289528U, 4107218783U, 4228976476U};
    ref_mt r;
    ref_init_genrand(&r, 19650218U);
    ref_init_by_array(&r, key, 4);
    for (int i = 0; i < 5; i++)
        if (ref_genrand_int32(&r) != first[i])
            FAIL("the reference Mersenne Twister's output %d is not mt19937ar's", i);
}

static void fuzz_mt(void)
{
    int pick = between(0, 5);
    uint64_t seed = pick == 0 ? 0 : pick == 1 ? UINT64_MAX : pick == 2 ? (uint64_t)between(0, 1000) : next();
    size_t n_words = (size_t)(between(0, 3) ? between(0, BDC_MT_WORDS) : between(BDC_MT_WORDS + 1, 5000));
    uint32_t *words = n_words ? checked_malloc(n_words * sizeof *words) : NULL; /* exactly n_words */
    bdc_mt *mt = checked_malloc(sizeof *mt);
    ref_mt r;
    int status, null_mt = between(0, 19) == 0, null_words = n_words > 0 && between(0, 19) == 0;
    memset(mt, 0xa5, sizeof *mt);
    ref_seed(&r, seed);
    if (words != NULL)
        memset(words, 0x5a, n_words * sizeof *words);
    status = CALL(bdc_mt_seed_words(seed, null_words ? NULL : words, n_words));
    if (null_words || n_words > BDC_MT_WORDS) {
        if (status != BDC_E_ARGUMENT)
            FAIL("mt_seed_words took %s (%zu words): %d", null_words ? "no output" : "a size past the state", n_words, status);
        for (size_t i = 0; words != NULL && i < n_words; i++)
            if (words[i] != 0x5a5a5a5aU) {
                FAIL("mt_seed_words refused but wrote word %zu", i);
                break;
            }
        refused[10]++;
    } else if (status != BDC_OK) {
        FAIL("mt_seed_words refused %zu words: %d", n_words, status);
    } else {
        for (size_t i = 0; i < n_words; i++)
            if (words[i] != r.mt[i]) {
                FAIL("mt_seed_words: word %zu of seed %llu is %u, the reference's %u", i, (unsigned long long)seed,
                     (unsigned)words[i], (unsigned)r.mt[i]);
                break;
            }
    }
    bdc_mt before = *mt;
    status = CALL(bdc_mt_seed(null_mt ? NULL : mt, seed));
    if (null_mt) {
        if (status != BDC_E_ARGUMENT)
            FAIL("mt_seed took no state: %d", status);
        if (memcmp(&before, mt, sizeof before) != 0)
            FAIL("mt_seed refused but wrote its state");
        refused[10]++;
    } else if (status != BDC_OK) {
        FAIL("mt_seed refused seed %llu: %d", (unsigned long long)seed, status);
        refused[10]++;
    } else {
        accepted[10]++;
        for (int piece = between(1, 6); piece > 0; piece--) { /* draws in pieces: across blocks, some of none */
            size_t n = (size_t)(between(0, 3) ? between(0, 40) : between(0, 1400));
            double *out = n ? checked_malloc(n * sizeof *out) : NULL; /* exactly n doubles */
            if (CALL(bdc_mt_uniforms(mt, out, n)) != BDC_OK)
                FAIL("mt_uniforms refused %zu numbers of a seeded state", n);
            for (size_t i = 0; i < n; i++) {
                double expected = ref_random(&r);
                if (out[i] != expected) {
                    FAIL("mt_uniforms: number %zu of a piece is %.17g, mt19937ar's %.17g (seed %llu)", i, out[i],
                         expected, (unsigned long long)seed);
                    break;
                }
            }
            free(out);
        }
        /* a damaged state: index or twisted past the block, or lazy past 1, is
         * refused, untouched; within them, inconsistent, it stays inside its words */
        bdc_mt kept = *mt;
        double x[3];
        if (between(0, 1)) {
            int field = between(0, 2);
            uint32_t past = (uint32_t)between(0, 1 << 20);
            if (field == 2)
                mt->lazy = 2 + past;
            else
                (field ? &mt->index : &mt->twisted)[0] = BDC_MT_WORDS + 1 + past;
            kept = *mt;
            if (CALL(bdc_mt_uniforms(mt, x, 3)) != BDC_E_ARGUMENT || memcmp(&kept, mt, sizeof kept) != 0)
                FAIL("mt_uniforms took a state past its block, or wrote it");
        } else {
            mt->index = (uint32_t)between(0, BDC_MT_WORDS);
            mt->twisted = (uint32_t)between(0, BDC_MT_WORDS);
            mt->lazy = (uint32_t)between(0, 1);
            if (CALL(bdc_mt_uniforms(mt, x, 3)) != BDC_OK)
                FAIL("mt_uniforms refused a state inside its block");
            for (int i = 0; i < 3; i++)
                if (!(x[i] >= 0.0 && x[i] < 1.0))
                    FAIL("mt_uniforms gave %.17g, outside [0, 1)", x[i]);
        }
        if (CALL(bdc_mt_uniforms(NULL, x, 1)) != BDC_E_ARGUMENT || CALL(bdc_mt_uniforms(mt, NULL, 1)) != BDC_E_ARGUMENT)
            FAIL("mt_uniforms took no state or no output");
        kept = *mt;
        if (CALL(bdc_mt_uniforms(mt, NULL, 0))
                != (mt->index > BDC_MT_WORDS || mt->twisted > BDC_MT_WORDS || mt->lazy > 1 ? BDC_E_ARGUMENT : BDC_OK)
            || memcmp(&kept, mt, sizeof kept) != 0)
            FAIL("mt_uniforms of no numbers did not answer as documented, or wrote the state");
    }
    free(mt);
    free(words);
}

/* ---- draws and equity (bounded work) --------------------------------- */
#define MAX_EXACT_OUTCOMES 20000u
#define MAX_SAMPLES 64

static bdc_game random_game(void)
{
    static const bdc_game games[] = {
        {BDC_BADUGI_HIGH, BDC_DEUCE_SEVEN, 5}, {BDC_BADUGI_LOW, BDC_ACE_FIVE, 5}, {BDC_BADUGI_LOW, BDC_NO_HALF, 4},
        {BDC_BADUGI_HIGH, BDC_NO_HALF, 5},     {BDC_NO_HALF, BDC_DEUCE_SEVEN, 5}, {BDC_NO_HALF, BDC_ACE_FIVE, 5},
    };
    bdc_game game = games[between(0, (int)(sizeof games / sizeof games[0]) - 1)];
    if (between(0, 19) == 0) { /* a bad game */
        game.badugi = between(-2, 6);
        game.low = between(-2, 6);
        game.n_cards = between(2, 7);
    }
    return game;
}

static bdc_limits random_limits(bdc_game game)
{
    bdc_limits limits = {0, 0};
    int wild = between(0, 9) == 0; /* now and then a limit outside the scale, or for a missing half */
    int low_scale = game.low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES;
    if (between(0, 1) && (wild || game.badugi != BDC_NO_HALF))
        limits.badugi = (unsigned)(wild ? between(0, BDC_BADUGI_CLASSES + 2) : between(1, BDC_BADUGI_CLASSES));
    if (between(0, 1) && (wild || game.low != BDC_NO_HALF))
        limits.low = (unsigned)(wild ? between(0, BDC_DEUCE_SEVEN_CLASSES + 2) : between(1, low_scale));
    return limits;
}

/* A chunk of positions 0 .. positions: usually inside, sometimes not. */
static void random_chunk(int positions, int *begin, int *end)
{
    if (between(0, 9)) {
        *begin = between(0, positions > 0 ? positions - 1 : 0);
        *end = between(*begin, positions);
    } else {
        *begin = between(-2, positions + 2);
        *end = between(-2, positions + 2);
    }
}

static void fuzz_draw(void)
{
    bdc_game game = random_game();
    int hand = game.n_cards >= 0 && game.n_cards <= 5 ? game.n_cards : 5;
    uint8_t cards[BDC_DECK_SIZE];
    distinct_cards(cards, BDC_DECK_SIZE);
    int n_kept = between(0, 9) ? between(hand > 2 ? hand - 2 : 0, hand) : between(-1, 6);
    int used = n_kept > 0 ? n_kept : 0;
    uint8_t *kept = checked_malloc((size_t)used);
    memcpy(kept, cards, (size_t)used);
    int unseen = BDC_DECK_SIZE - used;
    int n_deck = between(0, 4) ? unseen : between(0, unseen);
    uint8_t *deck = checked_malloc((size_t)n_deck);
    memcpy(deck, cards + used, (size_t)n_deck);
    if (between(0, 19) == 0 && n_deck > 0)
        deck[between(0, n_deck - 1)] = between(0, 1) ? (uint8_t)between(52, 255) : (used ? kept[0] : deck[0]);
    bdc_draw_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.game = game;
    spec.kept = kept;
    spec.n_kept = n_kept;
    spec.deck = deck;
    spec.n_deck = n_deck;
    spec.draws = between(0, 9) ? between(1, BDC_MAX_DRAWS) : between(-1, BDC_MAX_DRAWS + 2);
    spec.target = random_limits(game);
    spec.query = random_limits(game);
    uint64_t outcomes = UINT64_MAX;
    int positions = -1;
    int status = CALL(bdc_draw_plan(&spec, &outcomes, &positions));
    if (!is_status(status))
        FAIL("draw_plan returned %d", status);
    uint64_t *badugi = checked_malloc((BDC_BADUGI_CLASSES + 1) * sizeof *badugi);
    int n_low = game.low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES + 1 : BDC_DEUCE_SEVEN_CLASSES + 1;
    uint64_t *low = checked_malloc((size_t)n_low * sizeof *low); /* exactly the documented size */
    memset(badugi, 0, (BDC_BADUGI_CLASSES + 1) * sizeof *badugi);
    memset(low, 0, (size_t)n_low * sizeof *low);
    uint64_t hits = 0, total = 0, rng[4];
    uint64_t seed = next();
    calls++;
    bdc_rng_seed(seed, rng);
    int exact = status == BDC_OK && outcomes <= MAX_EXACT_OUTCOMES && between(0, 1);
    int begin = 0, end = 0;
    random_chunk(positions > 0 ? positions : 1, &begin, &end);
    uint64_t samples = exact ? 0 : (uint64_t)between(1, MAX_SAMPLES);
    if (status != BDC_OK && between(0, 1))
        samples = 0; /* an exact run of a bad spec: refused before any work */
    int run = CALL(bdc_draw_run(&spec, begin, end, samples, rng, game.badugi == BDC_NO_HALF ? NULL : badugi,
                                game.low == BDC_NO_HALF ? NULL : low, &hits, &total));
    if (!is_status(run))
        FAIL("draw_run returned %d", run);
    (run == BDC_OK ? accepted : refused)[samples ? 2 : 1]++;
    if (status != BDC_OK && run == BDC_OK)
        FAIL("draw_run accepted a spec draw_plan refused (%d)", status);
    if (run == BDC_OK) {
        uint64_t sum_b = 0, sum_l = 0;
        for (int i = 0; i <= BDC_BADUGI_CLASSES; i++)
            sum_b += badugi[i];
        for (int i = 0; i < n_low; i++)
            sum_l += low[i];
        if (hits > total || (game.badugi != BDC_NO_HALF && sum_b != total) || (game.low != BDC_NO_HALF && sum_l != total) ||
            (samples && total != samples) || badugi[0] || low[0])
            FAIL("draw_run counts: hits %llu total %llu badugi %llu low %llu", (unsigned long long)hits,
                 (unsigned long long)total, (unsigned long long)sum_b, (unsigned long long)sum_l);
    }
    if (run == BDC_OK && samples >= 2) {
        /* the same stream split into two calls: the same counts, and the state where one call left it */
        uint64_t *split_b = checked_malloc((BDC_BADUGI_CLASSES + 1) * sizeof *split_b);
        uint64_t *split_l = checked_malloc((size_t)n_low * sizeof *split_l);
        uint64_t first = (uint64_t)between(1, (int)samples - 1), split_hits = 0, split_total = 0, split_rng[4];
        memset(split_b, 0, (BDC_BADUGI_CLASSES + 1) * sizeof *split_b);
        memset(split_l, 0, (size_t)n_low * sizeof *split_l);
        calls++;
        bdc_rng_seed(seed, split_rng);
        if (CALL(bdc_draw_run(&spec, begin, end, first, split_rng, game.badugi == BDC_NO_HALF ? NULL : split_b,
                              game.low == BDC_NO_HALF ? NULL : split_l, &split_hits, &split_total)) != BDC_OK ||
            CALL(bdc_draw_run(&spec, begin, end, samples - first, split_rng,
                              game.badugi == BDC_NO_HALF ? NULL : split_b, game.low == BDC_NO_HALF ? NULL : split_l,
                              &split_hits, &split_total)) != BDC_OK ||
            split_hits != hits || split_total != total ||
            memcmp(split_b, badugi, (BDC_BADUGI_CLASSES + 1) * sizeof *split_b) != 0 ||
            memcmp(split_l, low, (size_t)n_low * sizeof *split_l) != 0 || memcmp(split_rng, rng, sizeof rng) != 0)
            FAIL("draw_run: %llu samples in two calls differ from one call", (unsigned long long)samples);
        free(split_l);
        free(split_b);
    }
    if (n_kept >= 0) {
        /* bdc_draw_run_out: the same run with the cards given apart (kept then deck, the spec's
         * pointers NULL) and the outputs in the package's layout: the same status and counts */
        size_t n_out = 6 + (game.badugi == BDC_NO_HALF ? 0 : BDC_BADUGI_CLASSES + 1) +
                       (game.low == BDC_NO_HALF ? 0 : (size_t)n_low);
        uint8_t *both = checked_malloc((size_t)(used + n_deck));
        uint64_t *out = checked_malloc(n_out * sizeof *out);
        memcpy(both, kept, (size_t)used);
        memcpy(both + used, deck, (size_t)n_deck);
        memset(out, 0, n_out * sizeof *out);
        bdc_rng_seed(seed, out);
        bdc_draw_spec apart = spec;
        apart.kept = apart.deck = NULL;
        int run_out = CALL(bdc_draw_run_out(&apart, both, begin, end, samples, out));
        const uint64_t *out_b = out + 6, *out_l = out + 6 + (game.badugi == BDC_NO_HALF ? 0 : BDC_BADUGI_CLASSES + 1);
        if (run_out != run ||
            (run == BDC_OK && (out[4] != hits || out[5] != total || memcmp(out, rng, sizeof rng) != 0 ||
                               (game.badugi != BDC_NO_HALF && memcmp(out_b, badugi, (BDC_BADUGI_CLASSES + 1) * sizeof *out_b) != 0) ||
                               (game.low != BDC_NO_HALF && memcmp(out_l, low, (size_t)n_low * sizeof *out_l) != 0))))
            FAIL("draw_run_out (%d) differs from draw_run (%d)", run_out, run);
        free(out);
        free(both);
    } else if (CALL(bdc_draw_run_out(&spec, kept, begin, end, samples, NULL)) != BDC_E_ARGUMENT) {
        FAIL("draw_run_out took a negative n_kept");
    }
    free(low);
    free(badugi);
    free(deck);
    free(kept);
}

/* ---- every discard of one hand, one draw ---------------------------------- */
static int bits(int m)
{
    int n = 0;
    for (; m; m >>= 1)
        n += m & 1;
    return n;
}

/* Does the game name rankings of its halves and a hand size bdc_draw_* take? */
static int valid_game_halves(bdc_game game)
{
    if (game.badugi != BDC_NO_HALF && game.badugi != BDC_BADUGI_LOW && game.badugi != BDC_BADUGI_HIGH)
        return 0;
    if (game.low != BDC_NO_HALF && game.low != BDC_DEUCE_SEVEN && game.low != BDC_ACE_FIVE)
        return 0;
    if (game.badugi == BDC_NO_HALF && game.low == BDC_NO_HALF)
        return 0;
    return game.n_cards == 5 || (game.n_cards == 4 && game.low == BDC_NO_HALF);
}

/* Are the limits ranks of the game's halves (0: any)? */
static int limits_fit(bdc_game game, bdc_limits limits)
{
    unsigned low_classes = game.low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES;
    return limits.badugi <= BDC_BADUGI_CLASSES && (!limits.badugi || game.badugi != BDC_NO_HALF) &&
           limits.low <= low_classes && (!limits.low || game.low != BDC_NO_HALF);
}

/* bdc_draw_options with the counts of the subsets of at most two cards handed
 * in as random numbers (it trusts them: they must only stay in bounds), so
 * that every option keeping three cards or more, which depends on the rows it
 * counts itself alone, can be checked against bdc_draw_run of that option. */
static void fuzz_draw_options(void)
{
    bdc_game game = random_game();
    int valid_game = (game.n_cards == 4 || game.n_cards == 5);
    int n = valid_game ? game.n_cards : 5, rows = 1 << n, wild = between(0, 9) == 0;
    int n_badugi = game.badugi == BDC_NO_HALF ? 0 : BDC_BADUGI_CLASSES + 1;
    int low_classes = game.low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES;
    int n_low = game.low == BDC_NO_HALF ? 0 : low_classes + 1 + (between(0, 3) ? 0 : between(0, 1300));
    if (wild)
        n_low = between(-1, low_classes + 2);
    int width = n_badugi + (n_low > 0 ? n_low : 0) + 2, n_held = between(0, 3) ? between(1, 4) : 0;
    uint8_t hand[BDC_DECK_SIZE];
    distinct_cards(hand, BDC_DECK_SIZE);
    if (between(0, 19) == 0)
        hand[between(0, n - 1)] = between(0, 1) ? (uint8_t)between(52, 255) : hand[(between(0, n - 2) + 1) % n];
    bdc_limits query = random_limits(game);
    uint32_t *held = checked_malloc((size_t)(n_held > 0 ? n_held : 1) * (size_t)width * sizeof *held);
    for (int i = 0; i < n_held * width; i++)
        held[i] = (uint32_t)next();
    int *held_row = checked_malloc((size_t)rows * sizeof *held_row);
    for (int m = 0; m < rows; m++)
        held_row[m] = bits(m) <= 2 && n_held ? between(0, n_held - 1) : -1;
    if (wild)
        held_row[between(0, rows - 1)] = between(0, 1) ? n_held + between(0, 2) : -2 - between(0, 2);
    uint64_t *scratch = checked_malloc((size_t)width * sizeof *scratch);
    uint32_t *table = checked_malloc((size_t)rows * (size_t)width * sizeof *table);
    uint64_t *sums = checked_malloc((size_t)rows * 2 * sizeof *sums);
    int null_arg = between(0, 49) == 0 ? between(1, 4) : 0;
    int status = CALL(bdc_draw_options(&game, hand, query, null_arg == 1 ? NULL : held, n_held, held_row, n_low,
                                       null_arg == 4 ? NULL : scratch, null_arg == 2 ? NULL : table,
                                       null_arg == 3 ? NULL : sums));
    if (!is_status(status))
        FAIL("draw_options returned %d", status);
    /* held may be NULL when no rows are handed in */
    int expect_ok = valid_game && valid_game_halves(game) && (!null_arg || (null_arg == 1 && n_held == 0)) && n_low >= 0 &&
                    (game.low == BDC_NO_HALF ? n_low == 0 : n_low >= low_classes + 1) && limits_fit(game, query);
    for (int m = 0; m < rows; m++)
        expect_ok &= held_row[m] >= -1 && held_row[m] < n_held;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            expect_ok &= hand[i] < BDC_DECK_SIZE && hand[j] < BDC_DECK_SIZE && hand[i] != hand[j];
    expect_ok &= hand[0] < BDC_DECK_SIZE;
    if ((status == BDC_OK) != expect_ok)
        FAIL("draw_options returned %d for a%s input", status, expect_ok ? " valid" : "n invalid");
    (status == BDC_OK ? accepted : refused)[6]++;
    if (status == BDC_OK) { /* each option keeping three cards or more, against its own run */
        uint8_t kept[BDC_MAX_HAND_CARDS], deck[BDC_DECK_SIZE];
        uint64_t *own = checked_malloc((size_t)width * sizeof *own);
        for (int m = 0; m < rows; m++) {
            if (bits(m) < 3)
                continue;
            bdc_draw_spec spec;
            memset(&spec, 0, sizeof spec);
            spec.game = game;
            spec.kept = kept;
            spec.deck = deck;
            spec.draws = 1;
            spec.query = query;
            for (int c = 0; c < BDC_DECK_SIZE; c++) {
                int in_hand = -1;
                for (int b = 0; b < n; b++)
                    if (hand[b] == c)
                        in_hand = b;
                if (in_hand < 0)
                    deck[spec.n_deck++] = (uint8_t)c;
                else if (m >> in_hand & 1)
                    kept[spec.n_kept++] = (uint8_t)c;
            }
            memset(own, 0, (size_t)width * sizeof *own);
            int k = n - spec.n_kept;
            int run = CALL(bdc_draw_run(&spec, 0, k ? spec.n_deck - k + 1 : 1, 0, NULL, n_badugi ? own : NULL,
                                        n_low ? own + n_badugi : NULL, own + width - 2, own + width - 1));
            uint64_t sum_b = 0, sum_l = 0;
            const uint32_t *row = table + (size_t)m * (size_t)width;
            int same = 1;
            for (int c = 0; c < width; c++)
                same &= own[c] == row[c];
            for (int c = 0; c < n_badugi; c++)
                sum_b += (uint64_t)c * row[c];
            for (int c = 0; c < n_low; c++)
                sum_l += (uint64_t)c * row[n_badugi + c];
            if (run != BDC_OK || !same || sums[2 * m] != sum_b || sums[2 * m + 1] != sum_l)
                FAIL("draw_options: the option keeping subset %d differs from its own run (%d)", m, run);
        }
        free(own);
        /* bdc_draw_option_figures from the same held rows' figures gives every option's sums,
         * hits and total as here: both are linear in the rows (the random held rows make
         * them wrap: the table's counts mod 2^32, so its rank sums agree only for the
         * options counted from real counts alone, those keeping three cards or more) */
        uint64_t *held_figures = checked_malloc((size_t)(n_held > 0 ? n_held : 1) * BDC_OPTION_FIGURES * sizeof *held_figures);
        uint64_t *figures = checked_malloc((size_t)rows * BDC_OPTION_FIGURES * sizeof *figures);
        for (int r = 0; r < n_held; r++) {
            const uint32_t *from = held + (size_t)r * (size_t)width;
            uint64_t *to = held_figures + (size_t)r * BDC_OPTION_FIGURES;
            to[0] = to[1] = 0;
            for (int c = 0; c < n_badugi; c++)
                to[0] += (uint64_t)c * from[c];
            for (int c = 0; c < n_low; c++)
                to[1] += (uint64_t)c * from[n_badugi + c];
            to[2] = from[width - 2];
            to[3] = from[width - 1];
        }
        int figured = CALL(bdc_draw_option_figures(&game, hand, query, held_figures, n_held, held_row, figures));
        for (int m = 0; m < rows && figured == BDC_OK; m++) {
            const uint32_t *row = table + (size_t)m * (size_t)width;
            const uint64_t *got = figures + (size_t)m * BDC_OPTION_FIGURES;
            if ((uint32_t)got[2] != row[width - 2] || (uint32_t)got[3] != row[width - 1] ||
                (bits(m) >= 3 && (got[0] != sums[2 * m] || got[1] != sums[2 * m + 1])))
                FAIL("draw_option_figures: the option keeping subset %d differs from bdc_draw_options", m);
        }
        if (figured != BDC_OK)
            FAIL("draw_option_figures returned %d where bdc_draw_options accepted the input", figured);
        if (CALL(bdc_draw_option_figures(&game, hand, query, held_figures, n_held, held_row, NULL)) != BDC_E_ARGUMENT)
            FAIL("draw_option_figures accepted a NULL output");
        int saved = held_row[rows - 1];
        held_row[rows - 1] = n_held; /* a row the caller does not have */
        if (CALL(bdc_draw_option_figures(&game, hand, query, held_figures, n_held, held_row, figures)) != BDC_E_ARGUMENT)
            FAIL("draw_option_figures accepted a held row out of range");
        held_row[rows - 1] = saved;
        free(figures);
        free(held_figures);
    }
    free(sums);
    free(table);
    free(scratch);
    free(held_row);
    free(held);
}

static void fuzz_equity(void)
{
    bdc_game game = random_game();
    int hand = game.n_cards >= 1 && game.n_cards <= 5 ? game.n_cards : 5;
    int n_seats = between(0, 9) ? between(BDC_MIN_SEATS, 4) : between(0, BDC_MAX_SEATS + 1);
    int rows = n_seats > 0 ? n_seats : 0;
    uint8_t all[BDC_DECK_SIZE];
    distinct_cards(all, BDC_DECK_SIZE);
    uint8_t *cards = checked_malloc((size_t)(rows * hand));
    int *n_held = checked_malloc((size_t)(rows > 0 ? rows : 1) * sizeof *n_held);
    int *policy = checked_malloc((size_t)(rows > 0 ? rows : 1) * sizeof *policy);
    int used = 0;
    for (int s = 0; s < rows; s++) {
        n_held[s] = between(0, 9) ? between(hand > 1 ? hand - 1 : 0, hand) : between(-1, hand + 1);
        policy[s] = between(0, 1);
        for (int i = 0; i < hand; i++)
            cards[s * hand + i] = used < BDC_DECK_SIZE ? all[used++] : 0;
    }
    int n_deck = BDC_DECK_SIZE - used;
    if (between(0, 9) == 0)
        n_deck = between(0, n_deck);
    uint8_t *deck = checked_malloc((size_t)n_deck);
    memcpy(deck, all + used, (size_t)n_deck);
    if (between(0, 19) == 0 && n_deck > 0)
        deck[between(0, n_deck - 1)] = (uint8_t)between(0, 255);
    bdc_equity_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.game = game;
    spec.n_seats = n_seats;
    spec.cards = cards;
    spec.n_held = n_held;
    spec.draws_policy = policy;
    spec.deck = deck;
    spec.n_deck = n_deck;
    spec.draws = between(0, 9) ? between(0, 2) : between(-1, BDC_MAX_DRAWS + 1);
    spec.target = random_limits(game);
    spec.qualifier = random_limits(game);
    /* unknown seats that draw: mostly valid counts (0 .. hand for a seat of unknown
     * cards, in the draws there are), now and then a count out of range, one for a
     * known seat or for a draw past spec.draws */
    int *throws = checked_malloc((size_t)(rows > 0 ? rows : 1) * BDC_MAX_DRAWS * sizeof *throws);
    for (int s = 0; s < rows; s++)
        for (int r = 1; r <= BDC_MAX_DRAWS; r++) {
            int *k = &throws[s * BDC_MAX_DRAWS + r - 1];
            *k = !policy[s] && r <= spec.draws && between(0, 1) ? between(0, hand) : 0;
            if (between(0, 49) == 0)
                *k = between(-1, hand + 1);
        }
    if (between(0, 2))
        spec.unknown_draws = throws;
    uint64_t outcomes = UINT64_MAX;
    int positions = -1;
    int status = CALL(bdc_equity_plan(&spec, &outcomes, &positions));
    if (!is_status(status))
        FAIL("equity_plan returned %d", status);
    bdc_equity_sums *sums = checked_malloc((size_t)(rows > 0 ? rows : 1) * sizeof *sums);
    memset(sums, 0, (size_t)(rows > 0 ? rows : 1) * sizeof *sums);
    uint64_t weight = 0;
    uint64_t rng[4];
    uint64_t seed = next();
    calls++;
    bdc_rng_seed(seed, rng);
    int exact = status == BDC_OK && outcomes <= MAX_EXACT_OUTCOMES && between(0, 1);
    int begin = 0, end = 0;
    random_chunk(positions > 0 ? positions : 1, &begin, &end);
    /* now and then more samples than one block of the sampler (128) */
    uint64_t samples = exact ? 0 : (uint64_t)(between(0, 9) ? between(1, MAX_SAMPLES / 4) : between(129, 300));
    if (status != BDC_OK && between(0, 1))
        samples = 0;
    int run = CALL(bdc_equity_run(&spec, begin, end, samples, rng, sums, &weight));
    if (!is_status(run))
        FAIL("equity_run returned %d", run);
    (run == BDC_OK ? accepted : refused)[samples ? 4 : 3]++;
    if (status != BDC_OK && run == BDC_OK)
        FAIL("equity_run accepted a spec equity_plan refused (%d)", status);
    if (run == BDC_OK) {
        uint64_t shares = 0;
        for (int s = 0; s < rows; s++) {
            shares += sums[s].share;
            if (sums[s].scoop * BDC_SHARE_UNIT > sums[s].share || sums[s].badugi_win > weight || sums[s].low_win > weight)
                FAIL("equity_run seat %d: share %llu scoop %llu", s, (unsigned long long)sums[s].share,
                     (unsigned long long)sums[s].scoop);
        }
        if (shares != weight * BDC_SHARE_UNIT)
            FAIL("equity_run: shares %llu for weight %llu", (unsigned long long)shares, (unsigned long long)weight);
    }
    if (run == BDC_OK && samples >= 2) {
        /* the same stream split into two calls: the same sums, and the state where one call left it */
        size_t size = (size_t)rows * sizeof *sums;
        bdc_equity_sums *split = checked_malloc(size);
        uint64_t first = (uint64_t)between(1, (int)samples - 1), split_weight = 0, split_rng[4];
        memset(split, 0, size);
        calls++;
        bdc_rng_seed(seed, split_rng);
        if (CALL(bdc_equity_run(&spec, begin, end, first, split_rng, split, &split_weight)) != BDC_OK ||
            CALL(bdc_equity_run(&spec, begin, end, samples - first, split_rng, split, &split_weight)) != BDC_OK ||
            split_weight != weight || memcmp(split, sums, size) != 0 || memcmp(split_rng, rng, sizeof rng) != 0)
            FAIL("equity_run: %llu samples in two calls differ from one call", (unsigned long long)samples);
        free(split);
    }
    free(sums);
    free(deck);
    free(throws);
    free(policy);
    free(n_held);
    free(cards);
}

/* ---- the hand's state machine ------------------------------------------ */

static int table_sane; /* 1 for a case whose settings are all within range */

/* 1 when a setting is to be within its range: always in a sane case, mostly otherwise. */
static int sane(void)
{
    return table_sane || between(0, 9) != 0;
}

static int64_t random_chips(void)
{
    int pick = table_sane ? between(0, 89) : between(0, 99);
    if (pick < 60)
        return between(1, 40);
    if (pick < 90)
        return between(1, 100000);
    if (pick < 95)
        return BDC_TABLE_MAX_CHIPS - between(-2, 2);
    return (int64_t)next();
}

static bdc_table_rules random_table_rules(void)
{
    bdc_table_rules r;
    memset(&r, 0, sizeof r);
    do
        r.game = random_game();
    while (table_sane && !valid_game_halves(r.game));
    r.odd_chip_badugi = sane() ? between(0, 1) : between(-2, 3);
    r.badugi_qualifier = between(0, 3) ? 0 : between(-1, 1100);
    r.low_qualifier = between(0, 3) ? 0 : between(-1, 7500);
    if (table_sane) { /* a qualifier only for a half the game has, within its scale */
        r.badugi_qualifier = r.game.badugi == BDC_NO_HALF || between(0, 3) ? 0 : between(1, BDC_BADUGI_CLASSES);
        r.low_qualifier = r.game.low == BDC_NO_HALF || between(0, 3) ? 0 : between(1, BDC_ACE_FIVE_CLASSES);
    }
    r.structure = sane() ? between(0, 2) : between(-2, 5);
    r.big_blind = sane() ? between(1, 10) : random_chips();
    r.small_blind = sane() && r.big_blind >= 0 && r.big_blind <= 10 ? between(0, (int)r.big_blind) : random_chips();
    r.small_bet = sane() ? between(1, 10) : random_chips();
    r.big_bet = sane() && r.small_bet >= 0 && r.small_bet <= 10 ? 2 * r.small_bet : random_chips();
    r.cap = sane() ? between(1, 5) : between(-2, 100);
    r.heads_up_cap = sane() ? between(0, 3) : between(-2, 100);
    r.burn = sane() ? between(0, 1) : between(-1, 3);
    r.cap_counts_blind = sane() ? between(0, 1) : between(-1, 3);
    r.ante = between(0, 2) ? 0 : sane() ? between(0, 5) : random_chips();
    /* a smaller game now and then: a deck subset (sometimes too small), fewer draws, a discard limit */
    r.draws = between(0, 2) ? 0 : sane() ? between(0, BDC_MAX_DRAWS) : between(-2, 5);
    r.max_discard = between(0, 2) ? 0 : sane() ? between(0, r.game.n_cards == 4 ? 4 : 5) : between(-2, 7);
    if (between(0, 2) == 0) {
        if (sane()) {
            uint8_t cards[BDC_DECK_SIZE];
            int n = between(table_sane ? 9 : 1, BDC_DECK_SIZE);
            distinct_cards(cards, n);
            for (int i = 0; i < n; i++)
                r.deck |= (uint64_t)1 << cards[i];
        } else {
            r.deck = next() >> between(0, 12);
        }
    }
    return r;
}

static int deck_count(const bdc_table_rules *r)
{
    int n = 0;
    for (uint64_t m = r->deck ? r->deck : ((uint64_t)1 << BDC_DECK_SIZE) - 1; m; m &= m - 1)
        n++;
    return n;
}

/* The most seats the rules allow (badeucey.h: the game's limit, and every draw fillable). */
static int rules_seats(const bdc_table_rules *r)
{
    int size = r->game.n_cards == 4 ? 4 : 5, most = size == 4 ? BDC_TABLE_MAX_SEATS : BDC_TABLE_MAX_FIVE_CARD_SEATS;
    int limit = r->max_discard > 0 && r->max_discard <= size ? r->max_discard : size;
    int fit = (deck_count(r) - limit) / size;
    return fit < most ? fit : most;
}

static int bit_count(int64_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Every card of the rules' deck in exactly one place, chips conserved, the payoffs summing to 0. */
static void check_table(const bdc_table *t, const char *when)
{
    uint64_t deck = t->rules.deck ? t->rules.deck : ((uint64_t)1 << BDC_DECK_SIZE) - 1;
    uint64_t seen = 0;
    int64_t chips = 0, start = 0, payoffs = 0;
    int s, i, n_cards = 0;
    for (s = 0; s < t->n_seats; s++) {
        for (i = 0; i < t->n_hole[s]; i++)
            seen |= (uint64_t)1 << t->hole[s][i];
        n_cards += t->n_hole[s];
        chips += t->stacks[s] + (t->phase == BDC_PHASE_OVER ? 0 : t->committed[s]);
        start += t->start[s];
        payoffs += t->payoffs[s];
    }
    for (i = 0; i < t->n_stub; i++)
        seen |= (uint64_t)1 << t->stub[i];
    for (i = 0; i < t->n_muck; i++)
        seen |= (uint64_t)1 << t->muck[i];
    n_cards += t->n_stub + t->n_muck;
    if (n_cards != deck_count(&t->rules) || seen != deck)
        FAIL("table %s: the cards are not the deck (%d cards)", when, n_cards);
    if (t->phase == BDC_PHASE_BET && t->round > (t->rules.draws ? t->rules.draws : BDC_MAX_DRAWS))
        FAIL("table %s: betting round %d of a game of %d draws", when, (int)t->round, t->rules.draws);
    if (chips != start)
        FAIL("table %s: chips %lld, started with %lld", when, (long long)chips, (long long)start);
    if (t->phase == BDC_PHASE_OVER && payoffs != 0)
        FAIL("table %s: payoffs sum to %lld", when, (long long)payoffs);
    if (CALL(bdc_table_check(t)) != BDC_OK)
        FAIL("table %s: a table the state machine made fails its check", when);
}

/* An action: mostly one of the legal ones, sometimes anything (n_cards: the seat's cards). */
static int64_t random_table_action(const bdc_legal *legal, int n_cards)
{
    int pick = between(0, 99);
    if (pick < 8)
        return (int64_t)next() >> between(0, 63);
    if (pick < 14)
        return between(-3, 40);
    if (legal->phase == BDC_PHASE_DRAW) {
        int64_t mask;
        if (n_cards < 1 || n_cards > 5 || pick < 20)
            return between(0, 31); /* any mask: too many cards now and then */
        do /* a mask over the seat's cards within the discard limit */
            mask = between(0, (1 << n_cards) - 1);
        while (bit_count(mask) > legal->max_discard);
        return mask;
    }
    if (pick < 45)
        return BDC_ACTION_CHECK_CALL;
    if (pick < 55 && legal->can_fold)
        return BDC_ACTION_FOLD;
    if (legal->can_raise) {
        int64_t span = legal->max_raise_to - legal->min_raise_to;
        return legal->min_raise_to + (span ? (int64_t)(next() % (uint64_t)(span + 1)) : 0);
    }
    return BDC_ACTION_CHECK_CALL;
}

/* A drawn self-play deal (BDC_SELFPLAY_DRAWN) of calling policies, played
 * once, wins what the table bdc_selfplay's header names wins when every seat
 * checks or calls and stands pat: the same cards, draws and reshuffles. */
static void check_drawn_deal(const bdc_table_rules *rules, int n, const int64_t *stacks, uint64_t seed,
                             uint64_t deal)
{
    bdc_table table;
    int64_t won[12];
    int calling[12], s, rc;
    for (s = 0; s < n; s++)
        calling[s] = BDC_POLICY_CALLING;
    rc = CALL(bdc_selfplay(rules, n, stacks, calling, seed, deal, 1, 0, BDC_SELFPLAY_DRAWN, won));
    if (rc != BDC_OK) {
        FAIL("bdc_selfplay (calling) returned %d", rc);
        return;
    }
    rc = CALL(bdc_table_start(&table, rules, n, stacks, (int)(deal % (uint64_t)n), NULL,
                              seed + (8 * deal + 4) * 0x9E3779B97F4A7C15ULL, NULL));
    while (rc == BDC_OK && table.phase != BDC_PHASE_OVER)
        rc = CALL(bdc_table_act(&table, BDC_ACTION_CHECK_CALL, NULL)); /* in a draw: 0 stands pat */
    if (rc != BDC_OK) {
        FAIL("the table of drawn deal %llu: status %d", (unsigned long long)deal, rc);
        return;
    }
    for (s = 0; s < n; s++)
        if (won[s] != table.payoffs[s])
            FAIL("drawn deal %llu: seat %d won %lld in self-play, %lld at its table", (unsigned long long)deal, s,
                 (long long)won[s], (long long)table.payoffs[s]);
}

/* Self-play with random settings: a status always, and chips conserved deal by deal. */
static void fuzz_selfplay(void)
{
    bdc_table_rules rules;
    int64_t stacks[12], results[12 * 4];
    int policies[12], n, s, rc, dealing;
    uint64_t deals = (uint64_t)between(0, 4), d, seed = next(), first = next() >> between(0, 63);
    table_sane = between(0, 3) != 0;
    rules = random_table_rules();
    n = sane() && rules_seats(&rules) >= 2 ? between(2, rules_seats(&rules)) : between(-1, 12);
    for (s = 0; s < 12; s++) {
        stacks[s] = random_chips();
        policies[s] = sane() ? between(0, 1) : between(-1, 3); /* the drawing policy now and then */
    }
    dealing = sane() ? between(0, 1) : between(-1, 2);
    rc = CALL(bdc_selfplay(&rules, n, stacks, policies, seed, first, deals, between(0, 1), dealing,
                           between(0, 19) ? results : NULL));
    if (rc != BDC_OK) {
        if (rc != BDC_E_ARGUMENT)
            FAIL("bdc_selfplay returned %d", rc);
        refused[7]++;
        return;
    }
    accepted[7]++;
    for (d = 0; d < deals; d++) {
        int64_t sum = 0;
        for (s = 0; s < n; s++)
            sum += results[d * (uint64_t)n + (uint64_t)s];
        if (sum != 0)
            FAIL("bdc_selfplay: deal %llu's results sum to %lld", (unsigned long long)d, (long long)sum);
    }
    if (dealing == BDC_SELFPLAY_DRAWN)
        check_drawn_deal(&rules, n, stacks, seed, first);
}

/* bdc_observation_of_table at a table (in play, over or damaged) for a random
 * seat, with a record sane or not: a status, and at a table in play every
 * number it writes in 0..1. */
static void observe_table(const bdc_table *t)
{
    bdc_obs_record record;
    float obs[BDC_OBS_MAX_SIZE];
    int8_t mask[BDC_OBS_DRAW + (1 << BDC_MAX_HAND_CARDS)];
    int64_t raise_to[4];
    int n = t->n_seats, n_cards = t->rules.game.n_cards == BDC_MIN_HAND_CARDS ? BDC_MIN_HAND_CARDS : BDC_MAX_HAND_CARDS;
    int size = bdc_observation_parts(n, n_cards, NULL), rc, i, d;
    int sane_record = between(0, 9) != 0;
    for (i = 0; i < 10; i++)
        record.thrown[i] = sane_record ? next() & (((uint64_t)1 << BDC_DECK_SIZE) - 1) : next();
    for (i = 0; i < 4; i++) {
        record.raises[i] = sane_record ? between(0, 6) : (int32_t)next();
        record.aggressor[i] = sane_record ? between(-1, n > 1 && n <= 10 ? n - 1 : 0) : between(-3, 12);
    }
    for (d = 0; d < 3; d++)
        for (i = 0; i < 10; i++)
            record.drew[d][i] = (int8_t)(sane_record ? between(-1, n_cards) : between(-128, 127));
    rc = CALL(bdc_observation_of_table(t, between(-1, n > 0 && n <= 12 ? n : 12), &record, size > 0 ? obs : NULL,
                                       size > 0 ? (size_t)size : 0, mask, (size_t)BDC_OBS_DRAW + ((size_t)1 << n_cards),
                                       raise_to));
    if (rc != BDC_OK && rc != BDC_E_ARGUMENT)
        FAIL("bdc_observation_of_table returned %d", rc);
    if (rc == BDC_OK && t->phase != BDC_PHASE_OVER)
        for (i = 0; i < size; i++)
            if (!(obs[i] >= 0.0f && obs[i] <= 1.0f)) {
                FAIL("bdc_observation_of_table wrote %g at %d", (double)obs[i], i);
                break;
            }
    (void)CALL(bdc_observation_of_table(NULL, 0, &record, NULL, 0, NULL, 0, NULL));
    (void)CALL(bdc_observation_of_table(t, 0, NULL, NULL, 0, NULL, 0, NULL));
}

/* Whether the mask names only seats of the table other than the small and the big blind's. */
static int posted_ok(int n, int button, uint32_t posted)
{
    if (n < 2 || n > 10 || button < 0 || button >= n || posted >> n)
        return 0;
    if (n == 2)
        return posted == 0;
    return !(posted >> ((button + 1) % n) & 1) && !(posted >> ((button + 2) % n) & 1);
}

/* A random mask of seats posting a big blind out of turn, among the seats a post may come from. */
static uint32_t posted_mask(int n, int button)
{
    uint32_t mask = 0;
    int s;
    for (s = 0; s < n && s < 10; s++)
        if (between(0, 2) == 0)
            mask |= (uint32_t)1 << s;
    if (n > 2 && button >= 0 && button < n)
        mask &= ~((uint32_t)1 << ((button + 1) % n) | (uint32_t)1 << ((button + 2) % n));
    else
        mask = 0;
    return mask;
}

static void fuzz_table(void)
{
    bdc_table table, twin, known;
    bdc_table_rules rules;
    bdc_legal legal;
    bdc_table_event events[BDC_TABLE_MAX_EVENTS];
    double uniforms[64];
    bdc_table_io io;
    int64_t stacks[12];
    uint8_t deck[BDC_DECK_SIZE];
    int n = (table_sane = between(0, 3) != 0, rules = random_table_rules(), sane() && rules_seats(&rules) >= 2)
                ? between(2, rules_seats(&rules))
                : between(-1, 12);
    int s, i, rc, steps;
    int button = sane() ? between(0, n > 0 ? n - 1 : 0) : between(-2, 12);
    int given_deck = between(0, 4) == 0, use_io = between(0, 2);
    uint64_t seed = next();
    /* bdc_table_start_posted now and then: big blinds posted out of turn by seats other
     * than the blinds' (an empty mask too), or any mask (a blind's seat, beyond the table);
     * dead small blinds by some of the posting seats, or by any seats now and then */
    int use_posted = between(0, 2) == 0;
    uint32_t posted = !use_posted ? 0 : sane() ? posted_mask(n, button) : (uint32_t)(next() & 0xFFFFF);
    uint32_t dead = !use_posted ? 0 : sane() ? posted & (uint32_t)next() : (uint32_t)(next() & 0xFFFFF);
    for (s = 0; s < 12; s++)
        stacks[s] = random_chips();
    if (given_deck) { /* the rules' deck shuffled (C reads as many cards as it holds) */
        int k = 0, size = deck_count(&rules);
        uint64_t in_deck = rules.deck ? rules.deck : ((uint64_t)1 << BDC_DECK_SIZE) - 1;
        distinct_cards(deck, BDC_DECK_SIZE);
        for (i = 0; i < BDC_DECK_SIZE; i++)
            if (in_deck >> deck[i] & 1)
                deck[k++] = deck[i];
        if (between(0, 9) == 0 && size > 0)
            deck[between(0, size - 1)] = (uint8_t)between(0, 255); /* a bad card, a duplicate or one not in play */
    }
    memset(&io, 0, sizeof io);
    io.events = between(0, 9) ? events : NULL;
    io.max_events = sane() ? BDC_TABLE_MAX_EVENTS : (size_t)between(0, BDC_TABLE_MAX_EVENTS);
    if (use_io == 2) { /* the uniforms from the caller: some outside [0, 1) now and then */
        for (i = 0; i < 64; i++)
            uniforms[i] = (double)(next() >> 11) / 9007199254740992.0;
        if (between(0, 19) == 0)
            uniforms[between(0, 63)] = between(0, 1) ? 1.0 : -0.5;
        io.uniforms = uniforms;
        io.n_uniforms = (size_t)(between(0, 9) ? 64 : between(0, 64));
    }
    memset(&table, 0xA5, sizeof table); /* whatever the caller's memory held */
    if (use_posted) {
        bdc_table plain;
        bdc_table_io plain_io = io;
        bdc_table_event plain_events[BDC_TABLE_MAX_EVENTS];
        int plain_rc;
        if (io.events)
            plain_io.events = plain_events;
        memset(&plain, 0xA5, sizeof plain);
        plain_rc = CALL(bdc_table_start(&plain, &rules, n, stacks, button, given_deck ? deck : NULL, seed,
                                        use_io ? &plain_io : NULL));
        rc = CALL(bdc_table_start_posted(&table, &rules, n, stacks, button, posted, dead, given_deck ? deck : NULL,
                                         seed, use_io ? &io : NULL));
        if (!posted && !dead && (rc != plain_rc || memcmp(&table, &plain, sizeof table) != 0 ||
                        (rc == BDC_OK && use_io && (io.used != plain_io.used || io.n_events != plain_io.n_events ||
                                                    (io.events && memcmp(events, plain_events, io.n_events * sizeof *events))))))
            FAIL("bdc_table_start_posted with no seat posting is not bdc_table_start");
        if ((posted || dead) && rc == BDC_OK && (!posted_ok(n, button, posted) || (dead & ~posted)))
            FAIL("bdc_table_start_posted took a post by seats %#x (dead %#x) at %d seats, button %d", (unsigned)posted,
                 (unsigned)dead, n, button);
        if (posted && plain_rc == BDC_OK && posted_ok(n, button, posted) && !(dead & ~posted) && rc != BDC_OK)
            FAIL("bdc_table_start_posted refused a post by seats %#x (dead %#x) that bdc_table_start's table allows: %d",
                 (unsigned)posted, (unsigned)dead, rc);
        if (rc == BDC_OK)
            for (s = 0; s < n; s++) {
                int64_t left = stacks[s] - (stacks[s] < rules.ante ? stacks[s] : rules.ante); /* after the ante */
                int64_t post = left < rules.big_blind ? left : rules.big_blind, called = 0;
                int others_all_in = 1, q;
                for (q = 0; q < n; q++)
                    if (q != s) {
                        others_all_in &= table.all_in[q] != 0;
                        called = table.bets[q] > called ? table.bets[q] : called;
                    }
                /* what no other seat can call is returned at once: every other seat all in for less */
                int returned = others_all_in && called < post;
                if (returned)
                    post = called;
                if ((posted >> s & 1) && table.bets[s] != post)
                    FAIL("seat %d posted %lld out of turn, not the big blind %lld (all of its %lld when short)", s,
                         (long long)table.bets[s], (long long)rules.big_blind, (long long)left);
                if ((posted >> s & 1) && !returned) {
                    /* the dead small blind: what the seat put in beyond its ante and bet (unless part of
                     * its ante came back, unmatched by seats all in for less) */
                    int64_t live = left < rules.big_blind ? left : rules.big_blind;
                    int64_t want = !(dead >> s & 1) ? 0 : left - live < rules.small_blind ? left - live
                                                                                         : rules.small_blind;
                    if (table.committed[s] - (stacks[s] - left) - table.bets[s] != want)
                        FAIL("seat %d put in %lld beyond its ante and its bet %lld, not the dead small blind %lld", s,
                             (long long)(table.committed[s] - (stacks[s] - left)), (long long)table.bets[s],
                             (long long)want);
                }
            }
    } else {
        rc = CALL(bdc_table_start(&table, &rules, n, stacks, button, given_deck ? deck : NULL, seed,
                                  use_io ? &io : NULL));
    }
    if (rc != BDC_OK) {
        if (rc != BDC_E_ARGUMENT && rc != BDC_E_CARD && rc != BDC_E_DUPLICATE)
            FAIL("bdc_table_start returned %d", rc);
        refused[7]++;
        for (i = 0; i < (int)sizeof table; i++)
            if (((const uint8_t *)&table)[i] != 0xA5) {
                FAIL("bdc_table_start refused its input but wrote to the table");
                break;
            }
        return;
    }
    accepted[7]++;
    if (io.n_events > BDC_TABLE_MAX_EVENTS || io.used > io.n_uniforms)
        FAIL("bdc_table_start: %zu events, %zu of %zu uniforms", io.n_events, io.used, io.n_uniforms);
    check_table(&table, "after the start");
    memcpy(&twin, &table, sizeof table); /* a copy plays on as the original (on the table's generator) */
    memcpy(&known, &table, sizeof table); /* and one through the solver's unchecked functions */
    for (steps = 0; steps < 400 && table.phase != BDC_PHASE_OVER; steps++) {
        int64_t action;
        int can;
        if (CALL(bdc_table_legal(&table, &legal)) != BDC_OK || legal.seat != table.to_act) {
            FAIL("bdc_table_legal failed on a table in play");
            return;
        }
        if (use_io != 2) {
            bdc_legal unchecked;
            calls++;
            bdc_table_legal_known(&known, &unchecked);
            if (memcmp(&unchecked, &legal, sizeof legal) != 0)
                FAIL("bdc_table_legal_known wrote other legal numbers than bdc_table_legal");
        }
        action = random_table_action(&legal, table.n_hole[table.to_act]);
        can = CALL(bdc_table_can(&table, action));
        if (use_io == 2 && io.n_uniforms - io.used < BDC_TABLE_ACT_UNIFORMS) {
            for (i = 0; i < 64; i++) /* a fresh buffer */
                uniforms[i] = (double)(next() >> 11) / 9007199254740992.0;
            io.used = 0;
            io.n_uniforms = 64;
        }
        rc = CALL(bdc_table_act(&table, action, use_io ? &io : NULL));
        if (rc == BDC_OK) {
            if (can != 1)
                FAIL("bdc_table_act took action %lld, which bdc_table_can refused", (long long)action);
            if (use_io != 2) { /* the twin plays with the binding's act-then-legal, which must agree */
                bdc_legal next, again;
                if (CALL(bdc_table_act_legal(&twin, action, NULL, &next)) != BDC_OK)
                    FAIL("bdc_table_act_legal refused action %lld, which bdc_table_act took", (long long)action);
                else if (CALL(bdc_table_legal(&twin, &again)) != BDC_OK || memcmp(&next, &again, sizeof next) != 0)
                    FAIL("bdc_table_act_legal wrote other legal numbers than bdc_table_legal");
            }
        } else if (rc == BDC_E_ILLEGAL) {
            if (can != 0)
                FAIL("bdc_table_act refused action %lld, which bdc_table_can allowed", (long long)action);
        } else if (rc != BDC_E_ARGUMENT || !use_io) {
            FAIL("bdc_table_act returned %d", rc);
        }
        if (use_io != 2 && (rc == BDC_OK || rc == BDC_E_ILLEGAL) && CALL(bdc_table_act_known(&known, action)) != rc)
            FAIL("bdc_table_act_known answered action %lld otherwise than bdc_table_act (%d)", (long long)action, rc);
        check_table(&table, "after an action");
        observe_table(&table);
        if (use_io && io.n_events > BDC_TABLE_MAX_EVENTS)
            FAIL("bdc_table_act: %zu events", io.n_events);
    }
    if (use_io != 2 && memcmp(&twin, &table, sizeof table) != 0)
        FAIL("a copied table played the same actions to another state");
    if (use_io != 2 && memcmp(&known, &table, sizeof table) != 0)
        FAIL("bdc_table_act_known played the same actions to another state");
    /* damaged tables: every entry point answers with a status, never reads outside the struct */
    for (i = 0; i < 8; i++) {
        uint8_t *bytes = (uint8_t *)&twin;
        int64_t action = random_table_action(&legal, between(0, 6));
        uint8_t out[5];
        memcpy(&twin, &table, sizeof table);
        bytes[between(0, (int)sizeof twin - 1)] ^= (uint8_t)(1u << between(0, 7));
        (void)CALL(bdc_table_legal(&twin, &legal));
        (void)CALL(bdc_table_can(&twin, action));
        (void)CALL(bdc_table_cards(&twin, between(-1, 11), out));
        (void)CALL(bdc_table_act(&twin, action, NULL));
        (void)CALL(bdc_table_check(&twin));
        observe_table(&twin);
        memcpy(&twin, &table, sizeof table);
        bytes[between(0, (int)sizeof twin - 1)] ^= (uint8_t)(1u << between(0, 7));
        (void)CALL(bdc_table_act_legal(&twin, action, NULL, &legal));
    }
    (void)CALL(bdc_table_legal(NULL, &legal));
    (void)CALL(bdc_table_legal(&table, NULL));
    (void)CALL(bdc_table_act(NULL, 0, NULL));
    (void)CALL(bdc_table_act_legal(NULL, 0, NULL, &legal));
    (void)CALL(bdc_table_cards(&table, 0, NULL));
}

/* ---- the vector environment (bdc_vector.c) ---- */

static unsigned long vector_accepted, vector_refused, vector_steps;

/* One of a table's legal actions from its mask row, or now and then anything. */
static int64_t random_vector_action(const int8_t *mask, size_t n_actions)
{
    int legal[64], n_legal = 0;
    size_t a;
    int pick = between(0, 199);
    if (pick < 1)
        return (int64_t)next() >> between(0, 63);
    if (pick < 2)
        return between(-2, (int)n_actions + 2);
    for (a = 0; a < n_actions && a < 64; a++)
        if (mask[a])
            legal[n_legal++] = (int)a;
    return n_legal ? legal[between(0, n_legal - 1)] : 0;
}

/* The mask of a table against the state machine's own legality. */
static void check_vector_mask(const bdc_vector_table *v, const int8_t *mask, size_t n_actions)
{
    const bdc_table *t = &v->table;
    size_t a;
    int legal = 0;
    if (CALL(bdc_table_can(t, BDC_ACTION_FOLD)) != (t->phase == BDC_PHASE_BET && mask[BDC_OBS_FOLD]))
        FAIL("bdc_vector: the fold bit %d is not the table's", mask[BDC_OBS_FOLD]);
    if (t->phase == BDC_PHASE_BET && !mask[BDC_OBS_CALL])
        FAIL("bdc_vector: check or call masked in a betting round");
    for (a = 0; a < n_actions; a++) {
        legal += mask[a];
        if (mask[a] > 1 || mask[a] < 0)
            FAIL("bdc_vector: a mask entry %d", mask[a]);
        if (mask[a] && a >= BDC_OBS_RAISE_MIN && a < BDC_OBS_DRAW &&
            CALL(bdc_table_can(t, v->raise_to[a - BDC_OBS_RAISE_MIN])) != 1)
            FAIL("bdc_vector: raise action %zu of %lld chips is not legal", a, (long long)v->raise_to[a - BDC_OBS_RAISE_MIN]);
        /* a discard is legal by its count of cards alone, so the table's mask order does not matter */
        if (a >= BDC_OBS_DRAW &&
            mask[a] != (t->phase == BDC_PHASE_DRAW && CALL(bdc_table_can(t, (int64_t)(a - BDC_OBS_DRAW))) == 1))
            FAIL("bdc_vector: discard action %zu masked %d in phase %d", a, mask[a], t->phase);
    }
    if (!legal)
        FAIL("bdc_vector: no legal action");
}

static void fuzz_vector(void)
{
    bdc_table_rules rules;
    bdc_vector_out out;
    int64_t stacks[12], *actions;
    size_t n_tables = (size_t)between(0, 5), i, bad = 0, a;
    int n, s, rc, step, n_cards, obs_size, wrong_size;
    bdc_vector_table *tables, *copy;
    float *obs;
    int8_t *masks;
    table_sane = between(0, 3) != 0;
    rules = random_table_rules();
    n = sane() ? between(2, rules.game.n_cards == 4 ? BDC_TABLE_MAX_SEATS : BDC_TABLE_MAX_FIVE_CARD_SEATS)
               : between(-1, 12);
    for (s = 0; s < 12; s++)
        stacks[s] = random_chips();
    n_cards = rules.game.n_cards;
    obs_size = CALL(bdc_observation_parts(n, n_cards, NULL));
    if (obs_size < 0) {
        obs_size = between(0, 300);
    }
    wrong_size = between(0, 19) == 0;
    memset(&out, 0, sizeof out);
    out.obs_size = (size_t)obs_size + (wrong_size ? (size_t)between(1, 3) : 0);
    out.n_actions = (n_cards == 4 || n_cards == 5) ? (size_t)BDC_OBS_DRAW + ((size_t)1 << n_cards) : (size_t)between(0, 40);
    out.n_seats = n >= 0 && n <= 12 ? n : 2;
    tables = checked_malloc(n_tables * sizeof *tables);
    copy = checked_malloc(n_tables * sizeof *copy);
    memset(tables, 0xA5, n_tables * sizeof *tables); /* whatever the caller's memory held */
    obs = checked_malloc(n_tables * out.obs_size * sizeof *obs);
    masks = checked_malloc(n_tables * out.n_actions);
    actions = checked_malloc(n_tables * sizeof *actions);
    out.observations = obs;
    out.masks = masks;
    out.seats = checked_malloc(n_tables * sizeof *out.seats);
    out.rewards = checked_malloc(n_tables * (size_t)out.n_seats * sizeof *out.rewards);
    out.payoffs = checked_malloc(n_tables * (size_t)out.n_seats * sizeof *out.payoffs);
    out.dones = checked_malloc(n_tables);
    rc = CALL(bdc_vector_reset(tables, n_tables, &rules, n, stacks, next(), next() >> between(0, 63),
                               sane() ? 1 : between(-1, 2), between(0, 29) ? &out : NULL, &bad));
    if (rc != BDC_OK) {
        if (rc != BDC_E_ARGUMENT)
            FAIL("bdc_vector_reset returned %d", rc);
        vector_refused++;
        goto done;
    }
    if (wrong_size)
        FAIL("bdc_vector_reset took an observation size %zu for %d", out.obs_size, obs_size);
    vector_accepted++;
    for (step = 0; step < 200; step++) {
        for (i = 0; i < n_tables; i++) {
            const int8_t *mask = masks + i * out.n_actions;
            const float *row = obs + i * out.obs_size;
            int64_t payoffs = 0;
            check_table(&tables[i].table, "in a vector environment");
            check_vector_mask(&tables[i], mask, out.n_actions);
            if (out.seats[i] != tables[i].table.to_act)
                FAIL("bdc_vector: seat %d written, %d to act", out.seats[i], tables[i].table.to_act);
            for (a = 0; a < out.obs_size; a++)
                if (!(row[a] >= 0.0f && row[a] <= 1.0f)) {
                    FAIL("bdc_vector: observation number %zu is %g", a, (double)row[a]);
                    break;
                }
            for (s = 0; s < n; s++)
                payoffs += out.payoffs[i * (size_t)n + (size_t)s];
            if (payoffs || (!out.dones[i] && out.payoffs[i * (size_t)n]))
                FAIL("bdc_vector: payoffs summing to %lld (done %d)", (long long)payoffs, out.dones[i]);
            actions[i] = random_vector_action(mask, out.n_actions);
        }
        memcpy(copy, tables, n_tables * sizeof *tables);
        rc = CALL(bdc_vector_step(tables, n_tables, actions, &out, &bad));
        vector_steps++;
        if (rc == BDC_E_ILLEGAL) {
            if (bad >= n_tables || (actions[bad] >= 0 && actions[bad] < (int64_t)out.n_actions &&
                                    masks[bad * out.n_actions + (size_t)actions[bad]]))
                FAIL("bdc_vector_step refused table %zu's legal action", bad);
            if (memcmp(copy, tables, n_tables * sizeof *tables) != 0)
                FAIL("bdc_vector_step refused an action but moved a table");
            break;
        }
        if (rc != BDC_OK) {
            FAIL("bdc_vector_step returned %d", rc);
            break;
        }
        if (between(0, 49) == 0) { /* a reset that goes on with each table's stream */
            rc = CALL(bdc_vector_reset(tables, n_tables, NULL, 0, NULL, 0, 0, 0, &out, &bad));
            if (rc != BDC_OK)
                FAIL("bdc_vector_reset (going on) returned %d", rc);
        }
    }
    /* damaged tables: a status always, never a read outside them */
    for (step = 0; step < 6 && n_tables; step++) {
        uint8_t *bytes = (uint8_t *)copy;
        memcpy(copy, tables, n_tables * sizeof *tables);
        bytes[between(0, (int)(n_tables * sizeof *copy) - 1)] ^= (uint8_t)(1u << between(0, 7));
        for (i = 0; i < n_tables; i++)
            actions[i] = random_vector_action(masks + i * out.n_actions, out.n_actions);
        (void)CALL(bdc_vector_step(copy, n_tables, actions, &out, &bad));
        if (bad >= n_tables)
            FAIL("bdc_vector_step: bad table %zu of %zu", bad, n_tables);
        (void)CALL(bdc_vector_reset(copy, n_tables, NULL, 0, NULL, 0, 0, 0, &out, &bad));
    }
    (void)CALL(bdc_vector_step(NULL, n_tables, actions, &out, &bad));
    (void)CALL(bdc_vector_step(tables, n_tables, NULL, &out, NULL));
    (void)CALL(bdc_vector_step(tables, n_tables, actions, NULL, NULL));
done:
    free(tables);
    free(copy);
    free(obs);
    free(masks);
    free(actions);
    free(out.seats);
    free(out.rewards);
    free(out.payoffs);
    free(out.dones);
}

/* The encoder on observers of random fields: a status always; 0..1 numbers for an accepted one. */
static void fuzz_observation(void)
{
    bdc_observer o;
    float obs[BDC_OBS_MAX_SIZE + 8];
    int8_t mask[40];
    int64_t raise_to[4];
    int size, rc, i, d, last;
    memset(&o, 0, sizeof o);
    o.n_seats = between(0, 4) ? between(2, 8) : between(-1, 12);
    o.n_cards = between(0, 3) ? 5 : between(3, 6);
    last = o.n_seats > 1 ? o.n_seats - 1 : 0; /* the last seat of a sane table */
    o.seat = between(-1, last + 1);
    o.button = between(0, 9) ? between(0, last) : between(-1, 12);
    o.phase = between(0, 9) ? between(0, 1) : between(-1, 3);
    o.round = o.phase == BDC_PHASE_DRAW ? between(1, 3) : between(0, 3);
    o.to_act = o.phase == BDC_PHASE_OVER ? -1 : (between(0, 1) ? o.seat : between(-1, last + 1));
    o.n_held = between(0, 9) ? o.n_cards : between(-1, 6);
    distinct_cards(o.held, 5);
    if (between(0, 19) == 0)
        o.held[between(0, 4)] = (uint8_t)between(0, 255);
    o.thrown = between(0, 9) ? next() & (((uint64_t)1 << BDC_DECK_SIZE) - 1) : next();
    for (i = 0; i < 4; i++) {
        o.raises[i] = between(0, 19) ? between(0, 6) : (int32_t)next();
        o.aggressor[i] = between(-1, last + (between(0, 19) == 0));
    }
    o.raises_left = between(-2, 5);
    o.chips = between(0, 19) ? between(1, 1000) : (int64_t)next();
    o.pot = between(0, 19) ? between(0, 1000) : (int64_t)next();
    for (i = 0; i < 10; i++) {
        o.stacks[i] = between(0, 1000);
        o.bets[i] = between(0, 19) ? between(0, 100) : (int64_t)next();
        o.committed[i] = between(0, 100);
        o.folded[i] = (uint8_t)(between(0, 19) ? between(0, 1) : between(0, 255));
        o.all_in[i] = (uint8_t)between(0, 1);
        for (d = 0; d < 3; d++)
            o.drew[d][i] = (int8_t)(between(0, 19) ? between(-1, 5) : between(-128, 127));
    }
    o.legal.seat = between(0, 9) ? o.to_act : between(-1, 9);
    o.legal.phase = between(0, 9) ? o.phase : between(-1, 3);
    o.legal.to_call = between(0, 19) ? between(0, 50) : (int64_t)next();
    o.legal.can_fold = between(0, 19) ? between(0, 1) : between(-1, 3);
    o.legal.can_raise = between(0, 19) ? between(0, 1) : between(-1, 3);
    o.legal.min_raise_to = between(0, 19) ? between(0, 100) : (int64_t)next();
    o.legal.max_raise_to = between(0, 19) ? o.legal.min_raise_to + between(0, 100) : (int64_t)next();
    o.legal.max_discard = between(0, 9) ? o.n_cards : between(-2, 7);
    size = CALL(bdc_observation_parts(o.n_seats, o.n_cards, NULL));
    rc = CALL(bdc_observation_encode(between(0, 49) ? &o : NULL, size > 0 && between(0, 9) ? obs : NULL,
                                     size > 0 ? (size_t)size + (between(0, 29) == 0) : 0,
                                     between(0, 9) ? mask : NULL, (size_t)between(0, 9) ? (size_t)BDC_OBS_DRAW + ((size_t)1 << (o.n_cards & 7)) : 40,
                                     between(0, 9) ? raise_to : NULL));
    if (rc != BDC_OK && rc != BDC_E_ARGUMENT)
        FAIL("bdc_observation_encode returned %d", rc);
}

/* ---- the solver (bdc_cfr.c) ---- */

static uint32_t *cfr_buckets[6];  /* by hand size: C(52, n) random card keys, made once */
static uint8_t *cfr_candidates[6]; /* by hand size: C(52, n) rows of candidate masks, some bad */

static size_t cfr_hands(int n)
{
    size_t r = 1;
    for (int i = 1; i <= n; i++)
        r = r * (size_t)(52 - n + i) / (size_t)i;
    return r;
}

static void cfr_arrays(int n)
{
    size_t hands = cfr_hands(n), i;
    if (cfr_buckets[n])
        return;
    cfr_buckets[n] = checked_malloc(hands * sizeof(uint32_t));
    cfr_candidates[n] = checked_malloc(hands * BDC_CFR_CANDIDATES);
    for (i = 0; i < hands; i++) {
        int k, used = between(0, 3) ? between(1, BDC_CFR_CANDIDATES) : 1;
        cfr_buckets[n][i] = (uint32_t)between(0, 7);
        for (k = 0; k < BDC_CFR_CANDIDATES; k++)
            cfr_candidates[n][i * BDC_CFR_CANDIDATES + (size_t)k] =
                (uint8_t)(k < used ? between(0, (1 << n) - 1) : BDC_CFR_NO_CANDIDATE);
        if (between(0, 99999) == 0)
            cfr_candidates[n][i * BDC_CFR_CANDIDATES] = (uint8_t)between(1 << n, 254); /* a mask beyond the hand */
    }
}

/* Puts values no memory of the solver holds in entry e: NaN, an infinity or a
 * negative weight among its averages, or two of DBL_MAX (a total that
 * overflows); NaN or an infinity among its regrets.  kept[] keeps the values changed. */
static void poison(bdc_cfr_memory *m, size_t e, int regret, double kept[2])
{
    double *values = (regret ? m->regrets : m->averages) + m->offsets[e];
    int n = m->keys[e * BDC_CFR_KEY_BYTES + 3];
    kept[0] = values[0];
    kept[1] = n > 1 ? values[1] : 0;
    switch (between(0, regret ? 2 : 4)) {
    case 0:
        values[0] = NAN;
        break;
    case 1:
        values[0] = INFINITY;
        break;
    case 2:
        values[0] = -INFINITY;
        break;
    case 3:
        values[0] = -(double)between(1, 1000) / 7;
        break;
    default:
        values[0] = n > 1 ? DBL_MAX : -DBL_MAX;
        if (n > 1)
            values[1] = DBL_MAX;
    }
}

static void restore(bdc_cfr_memory *m, size_t e, int regret, const double kept[2])
{
    double *values = (regret ? m->regrets : m->averages) + m->offsets[e];
    values[0] = kept[0];
    if (m->keys[e * BDC_CFR_KEY_BYTES + 3] > 1)
        values[1] = kept[1];
}

/* bdc_cfr_policy_many on rows of holdings at the decision bdc_cfr_policy was
 * asked (its answer got, actions, p and seen for `cards`): the first row those
 * cards, the others dealt anew, some with a card beyond the deck or twice.
 * Every row it writes is bdc_cfr_policy's for that row, bit for bit; a refusal
 * is bdc_cfr_policy's for the row it names (row 0's when it names none). */
static void fuzz_cfr_policy_many(const bdc_cfr_game *game, const bdc_cfr_memory *m, int position, int round,
                                 const bdc_legal *legal, const uint8_t *cards, int n_cards, const uint8_t *history,
                                 int n_history, const uint8_t *own, int n_own, int got, const int64_t *actions,
                                 const double *p, int seen)
{
    enum { ROWS = 6, MOST_CARDS = 6 };
    uint8_t hands[ROWS * MOST_CARDS];
    int64_t many_actions[ROWS * BDC_CFR_MAX_ACTIONS], one_actions[BDC_CFR_MAX_ACTIONS];
    double many_p[ROWS * BDC_CFR_MAX_ACTIONS], one_p[BDC_CFR_MAX_ACTIONS];
    int n_actions[ROWS], many_seen[ROWS], one_seen, one, rc, row, a;
    int width = n_cards >= 1 && n_cards <= MOST_CARDS ? n_cards : 1; /* the rows' stride as the core reads them */
    size_t n_rows = (size_t)between(0, ROWS), none = (size_t)-1, bad_row = none;
    memset(hands, 0, sizeof hands);
    memcpy(hands, cards, (size_t)(width < 5 ? width : 5));
    for (row = 1; row < ROWS; row++) {
        distinct_cards(hands + row * width, width);
        if (between(0, 9) == 0)
            hands[row * width + between(0, width - 1)] = between(0, 1) ? (uint8_t)between(52, 255) : hands[row * width];
    }
    rc = CALL(bdc_cfr_policy_many(game, m, position, round, legal, hands, n_rows, n_cards, history, n_history, own,
                                  n_own, many_actions, many_p, n_actions, many_seen, &bad_row));
    if (rc != BDC_OK && rc != BDC_E_ARGUMENT && rc != BDC_E_CARD && rc != BDC_E_DUPLICATE)
        FAIL("bdc_cfr_policy_many returned %d", rc);
    if (rc != BDC_OK && bad_row != none && bad_row >= n_rows)
        FAIL("bdc_cfr_policy_many refused row %zu of %zu", bad_row, n_rows);
    for (row = 0; row < (int)n_rows && row < ROWS; row++) {
        if (row) {
            one_seen = -1;
            one = CALL(bdc_cfr_policy(game, m, position, round, legal, hands + row * width, n_cards, history, n_history,
                                      own, n_own, one_actions, one_p, &one_seen));
        } else {
            one = got;
            one_seen = seen;
            if (got > 0 && got <= BDC_CFR_MAX_ACTIONS) {
                memcpy(one_actions, actions, (size_t)got * sizeof *actions);
                memcpy(one_p, p, (size_t)got * sizeof *p);
            }
        }
        if (rc != BDC_OK && (bad_row == none || (size_t)row == bad_row)) { /* none named: a shared argument, row 0's */
            if (one != rc)
                FAIL("bdc_cfr_policy_many refused row %d with %d, bdc_cfr_policy answered %d", row, rc, one);
            break;
        }
        if (one < 1 || one > BDC_CFR_MAX_ACTIONS || one != n_actions[row] || one_seen != many_seen[row]) {
            FAIL("bdc_cfr_policy_many: row %d of %d actions (seen %d), bdc_cfr_policy %d (seen %d)", row,
                 n_actions[row], many_seen[row], one, one_seen);
            break;
        }
        for (a = 0; a < one; a++)
            if (one_actions[a] != many_actions[row * BDC_CFR_MAX_ACTIONS + a] ||
                memcmp(&one_p[a], &many_p[row * BDC_CFR_MAX_ACTIONS + a], sizeof(double)))
                FAIL("bdc_cfr_policy_many: row %d, action %d differs from bdc_cfr_policy's", row, a);
    }
    if (between(0, 19) == 0) /* no room to name a row: the same answer */
        if (CALL(bdc_cfr_policy_many(game, m, position, round, legal, hands, n_rows, n_cards, history, n_history, own,
                                     n_own, many_actions, many_p, n_actions, many_seen, NULL)) != rc)
            FAIL("bdc_cfr_policy_many answered otherwise without bad_row");
}

static void fuzz_cfr(void)
{
    bdc_cfr_game game;
    bdc_cfr_memory m;
    uint8_t deck[BDC_DECK_SIZE];
    int k, rc, n, sane_case = between(0, 3) != 0;
    uint64_t before;
    size_t max_entries = (size_t)between(BDC_CFR_MIN_ROOM + 1, 3 * BDC_CFR_MIN_ROOM), e;
    size_t max_values = (size_t)between(8 * BDC_CFR_MIN_ROOM + 1, 40 * BDC_CFR_MIN_ROOM);
    volatile int stop = between(0, 19) == 0;
    memset(&game, 0, sizeof game);
    table_sane = sane_case;
    game.rules = random_table_rules();
    if (sane_case) {
        game.rules.structure = BDC_FIXED_LIMIT;
        game.rules.heads_up_cap = between(1, 4);
    }
    n = game.rules.game.n_cards;
    game.stacks[0] = sane_case ? between(1, 200) : random_chips();
    game.stacks[1] = sane_case ? between(1, 200) : random_chips();
    game.draws = sane_case ? BDC_MAX_DRAWS : between(-1, 5); /* the rules' draws (the table plays three) */
    game.variant = sane_case ? between(0, 2) : between(-1, 4);
    game.fixed_deal = between(0, 4) == 0;
    if (game.fixed_deal || between(0, 3) == 0) {
        distinct_cards(deck, BDC_DECK_SIZE);
        game.deck = deck;
        game.n_deck = sane_case ? BDC_DECK_SIZE : between(-1, 60);
        if (game.n_deck > BDC_DECK_SIZE)
            game.n_deck = BDC_DECK_SIZE;
    }
    if (n == 4 || n == 5) {
        cfr_arrays(n);
        game.hands = sane_case ? cfr_hands(n) : cfr_hands(n) - (size_t)between(0, 1);
        for (k = 0; k <= BDC_MAX_DRAWS; k++) {
            game.buckets[k] = between(0, 2) ? cfr_buckets[n] : NULL;
            /* mostly candidates: an exact draw tries every discard, a large traversal */
            game.candidates[k] = k && between(0, 5) ? cfr_candidates[n] : NULL;
        }
    }
    game.recall = between(0, 3) == 0;
    if (game.recall && sane_case) /* exact hands, one draw: a small enough key */
        for (k = 0; k <= BDC_MAX_DRAWS; k++)
            game.buckets[k] = NULL;
    game.history = sane_case ? (game.recall ? BDC_CFR_FULL_HISTORY : between(0, 2)) : between(-1, 3);
    memset(&m, 0, sizeof m);
    m.max_entries = max_entries;
    m.n_slots = 1;
    while (m.n_slots < 2 * max_entries)
        m.n_slots *= 2;
    if (!sane_case && between(0, 3) == 0)
        m.n_slots /= 2; /* too few slots: refused */
    m.slots = checked_malloc(BDC_CFR_SLOT_WORDS * m.n_slots * sizeof *m.slots);
    m.keys = checked_malloc(max_entries * BDC_CFR_KEY_BYTES);
    m.offsets = checked_malloc(max_entries * sizeof *m.offsets);
    m.regrets = checked_malloc(max_values * sizeof(double));
    m.averages = checked_malloc(max_values * sizeof(double));
    m.max_values = max_values;
    memset(m.slots, 0, BDC_CFR_SLOT_WORDS * m.n_slots * sizeof *m.slots);
    bdc_rng_seed(next(), m.rng);
    before = m.iterations;
    rc = CALL(bdc_cfr_run(&game, &m, (uint64_t)between(0, 3), between(0, 1) ? &stop : NULL));
    if (rc == BDC_OK || rc == BDC_E_STOPPED || (rc == BDC_E_MEMORY && !m.damaged)) {
        accepted[8]++;
        if (m.damaged || m.n_entries > m.max_entries || m.n_values > m.max_values || m.iterations < before)
            FAIL("bdc_cfr_run returned %d with its memory out of bounds", rc);
        if (CALL(bdc_cfr_rehash(&m)) != BDC_OK)
            FAIL("bdc_cfr_rehash refused the memory bdc_cfr_run left");
        for (e = 0; e < 8 && m.n_entries; e++) { /* look up keys as the training met them */
            const uint8_t *key = m.keys + (size_t)between(0, (int)m.n_entries - 1) * BDC_CFR_KEY_BYTES;
            bdc_legal legal;
            uint8_t cards[5], history[BDC_CFR_MAX_HISTORY];
            int64_t actions[32];
            double p[32], sum = 0, kept[2] = {0, 0};
            size_t entry = (size_t)(key - m.keys) / BDC_CFR_KEY_BYTES;
            int seen, got, i, poisoned = between(0, 3) == 0; /* the entry looked up holds a bad average */
            memset(&legal, 0, sizeof legal);
            legal.phase = key[1];
            legal.can_fold = between(0, 1);
            legal.can_raise = between(0, 1);
            legal.min_raise_to = between(-1, 10);
            legal.max_discard = between(-1, 5);
            distinct_cards(cards, 5);
            for (i = 0; i < key[8]; i++)
                history[i] = (uint8_t)(key[9 + i / 2] >> (4 * (i & 1)) & 15);
            if (poisoned)
                poison(&m, entry, 0, kept);
            {
                int position = between(-1, 2), round = between(-1, 4), n_cards = between(0, 9) ? n : between(-1, 6);
                int n_public = key[8] - (game.recall ? key[7] : 0), n_own = game.recall ? key[7] : 0, n_key;
                const uint8_t *own = game.recall ? history + key[8] - key[7] : NULL;
                uint8_t made[BDC_CFR_KEY_BYTES];
                got = CALL(bdc_cfr_policy(&game, &m, position, round, &legal, cards, n_cards, history, n_public, own,
                                          n_own, actions, p, &seen));
                n_key = CALL(bdc_cfr_key(&game, position, round, &legal, cards, n_cards, history, n_public, own, n_own,
                                         made));
                /* the same key either way; the poisoned entry's averages refused by the policy alone */
                if (n_key != got &&
                    !(poisoned && got == BDC_E_ARGUMENT && n_key > 0 && !memcmp(made, key, BDC_CFR_KEY_BYTES)))
                    FAIL("bdc_cfr_key returned %d where bdc_cfr_policy returned %d", n_key, got);
                fuzz_cfr_policy_many(&game, &m, position, round, &legal, cards, n_cards, history, n_public, own,
                                     n_own, got, actions, p, seen);
            }
            if (poisoned)
                restore(&m, entry, 0, kept);
            if (got < 0) {
                if (got != BDC_E_ARGUMENT && got != BDC_E_CARD && got != BDC_E_DUPLICATE)
                    FAIL("bdc_cfr_policy returned %d", got);
                continue;
            }
            if (got < 1 || got > BDC_CFR_MAX_ACTIONS)
                FAIL("bdc_cfr_policy: %d actions", got);
            for (i = 0; i < got && i < BDC_CFR_MAX_ACTIONS; i++) {
                if (!(p[i] >= 0 && p[i] <= 1)) /* NaN fails too */
                    FAIL("bdc_cfr_policy: a probability of %g", p[i]);
                sum += p[i];
            }
            if (!(sum >= 1 - 1e-9 && sum <= 1 + 1e-9))
                FAIL("bdc_cfr_policy: probabilities summing to %g", sum);
        }
        if (m.n_entries) { /* a bad value: refused by the rehash, which takes the memory again once it is back */
            size_t entry = (size_t)between(0, (int)m.n_entries - 1);
            int regret = between(0, 1);
            double kept[2] = {0, 0};
            poison(&m, entry, regret, kept);
            if (CALL(bdc_cfr_rehash(&m)) != BDC_E_ARGUMENT)
                FAIL("bdc_cfr_rehash took a bad %s", regret ? "regret" : "average");
            restore(&m, entry, regret, kept);
            if (CALL(bdc_cfr_rehash(&m)) != BDC_OK)
                FAIL("bdc_cfr_rehash refused the memory restored");
        }
        if (m.n_entries && !m.damaged) { /* a slot's offset changed: refused where the walk meets it, never read past */
            size_t at = (size_t)between(0, (int)m.n_slots - 1);
            while (!m.slots[BDC_CFR_SLOT_WORDS * at + 2]) /* word 2: the entry; word 3: its offset */
                at = (at + 1) & (m.n_slots - 1);
            m.slots[BDC_CFR_SLOT_WORDS * at + 3] = between(0, 1) ? m.n_values - (uint64_t)between(0, 1) : (uint64_t)random_chips();
            rc = CALL(bdc_cfr_run(&game, &m, (uint64_t)between(1, 3), NULL));
            if (rc != BDC_OK && rc != BDC_E_ARGUMENT && rc != BDC_E_MEMORY)
                FAIL("bdc_cfr_run returned %d after a slot's offset changed", rc);
            if (CALL(bdc_cfr_rehash(&m)) != BDC_OK)
                FAIL("bdc_cfr_rehash refused the entries after a slot's offset changed");
        }
        if (m.n_entries) { /* a key with a code after its count: refused (a slot holds a short key's first bytes only) */
            uint8_t *key = m.keys + (size_t)between(0, (int)m.n_entries - 1) * BDC_CFR_KEY_BYTES;
            if (key[8] < BDC_CFR_MAX_HISTORY) {
                int at = between(key[8], BDC_CFR_MAX_HISTORY - 1);
                uint8_t kept = key[9 + at / 2];
                key[9 + at / 2] |= (uint8_t)(between(1, 15) << (4 * (at & 1)));
                if (CALL(bdc_cfr_rehash(&m)) != BDC_E_ARGUMENT)
                    FAIL("bdc_cfr_rehash took a key with a code after its last");
                key[9 + at / 2] = kept;
                if (CALL(bdc_cfr_rehash(&m)) != BDC_OK)
                    FAIL("bdc_cfr_rehash refused the keys restored");
            }
        }
        if (m.n_entries) { /* a damaged entry: refused, never read past */
            m.offsets[between(0, (int)m.n_entries - 1)] += (uint64_t)between(1, 1000);
            if (CALL(bdc_cfr_rehash(&m)) != BDC_E_ARGUMENT)
                FAIL("bdc_cfr_rehash took offsets that do not hold together");
        }
    } else {
        refused[8]++;
        if (rc != BDC_E_ARGUMENT && rc != BDC_E_CARD && rc != BDC_E_DUPLICATE && rc != BDC_E_MEMORY)
            FAIL("bdc_cfr_run returned %d", rc);
        if (m.damaged && CALL(bdc_cfr_run(&game, &m, 1, NULL)) != BDC_E_ARGUMENT)
            FAIL("bdc_cfr_run ran on damaged memory");
    }
    (void)CALL(bdc_cfr_run(NULL, &m, 1, NULL));
    (void)CALL(bdc_cfr_run(&game, NULL, 1, NULL));
    (void)CALL(bdc_cfr_check(NULL));
    (void)CALL(bdc_cfr_rehash(NULL));
    free(m.slots);
    free(m.keys);
    free(m.offsets);
    free(m.regrets);
    free(m.averages);
}

/* ------------------------------------------------------------------------ */
/* The last betting round re-solved (bdc_subgame.c)                          */
/* ------------------------------------------------------------------------ */

/* A probability now and then outside its range (NaN, negative, above 1). */
static double random_probability(int poisoned)
{
    if (poisoned && between(0, 9) == 0) {
        static const double bad[4] = {NAN, -0.25, 1.5, INFINITY};
        return bad[between(0, 3)];
    }
    return (double)(next() >> 11) / 9007199254740992.0;
}

/* A heads-up fixed-limit table played at random, mostly to its last betting
 * round, sometimes damaged; the round's tree; a small problem over it with
 * ranges, pairs and blueprints that are mostly sane: a status always, and on
 * BDC_OK every holding's strategy a distribution over the node's legal
 * actions, the values finite. */
static void fuzz_subgame(void)
{
    static bdc_subgame_node nodes[BDC_SUBGAME_MAX_NODES];
    bdc_table table;
    bdc_table_rules rules;
    bdc_legal legal;
    bdc_subgame problem;
    bdc_subgame_result result;
    int64_t stacks[2];
    int n_nodes, rc, s, i, k, steps, poisoned = between(0, 3) == 0, n_cards;
    int max_nodes = between(0, 9) ? BDC_SUBGAME_MAX_NODES : between(-1, BDC_SUBGAME_MAX_NODES + 1);
    uint8_t *hands[2] = {NULL, NULL};
    double *reach[2] = {NULL, NULL}, *blueprint[2] = {NULL, NULL}, *out[2] = {NULL, NULL}, *weight = NULL, *work = NULL;
    double *gift = NULL;
    uint32_t *pair_hand[2] = {NULL, NULL};
    size_t n_pairs, n_work = 0, p;
    table_sane = 1;
    rules = random_table_rules();
    rules.structure = between(0, 19) ? BDC_FIXED_LIMIT : between(0, 2);
    stacks[0] = between(0, 3) ? between(20, 200) : random_chips();
    stacks[1] = between(0, 3) ? between(20, 200) : random_chips();
    if (CALL(bdc_table_start(&table, &rules, 2, stacks, between(0, 1), NULL, next(), NULL)) != BDC_OK) {
        refused[9]++;
        return;
    }
    for (steps = 0; steps < 200 && table.phase != BDC_PHASE_OVER; steps++) {
        int last = table.phase == BDC_PHASE_BET && table.round == (rules.draws ? rules.draws : BDC_MAX_DRAWS);
        if (last && between(0, 3) != 0)
            break;
        if (CALL(bdc_table_legal(&table, &legal)) != BDC_OK)
            break;
        int64_t action = random_table_action(&legal, table.n_hole[table.to_act]);
        if (legal.phase == BDC_PHASE_BET && between(0, 9) != 0) /* mostly on to the last round */
            action = BDC_ACTION_CHECK_CALL;
        (void)CALL(bdc_table_act(&table, action, NULL));
    }
    if (between(0, 19) == 0) /* a damaged table */
        ((uint8_t *)&table)[between(0, (int)sizeof table - 1)] ^= (uint8_t)(1u << between(0, 7));
    n_nodes = CALL(bdc_subgame_tree(between(0, 49) ? &table : NULL, between(0, 49) ? nodes : NULL, max_nodes));
    if (n_nodes < 0) {
        if (n_nodes != BDC_E_ARGUMENT && n_nodes != BDC_E_MEMORY)
            FAIL("bdc_subgame_tree returned %d", n_nodes);
        refused[9]++;
        return;
    }
    if (n_nodes < 1 || n_nodes > max_nodes) {
        FAIL("bdc_subgame_tree: %d nodes of at most %d", n_nodes, max_nodes);
        return;
    }
    for (i = 0; i < n_nodes; i++) {
        const bdc_subgame_node *nd = &nodes[i];
        if (nd->parent >= i || (i > 0) != (nd->parent >= 0) || nd->seat < -1 || nd->seat > 1)
            FAIL("bdc_subgame_tree: node %d's parent %d, seat %d", i, (int)nd->parent, (int)nd->seat);
        for (k = 0; k < BDC_SUBGAME_ACTIONS; k++)
            if (nd->child[k] != -1 && (nd->child[k] <= i || nd->child[k] >= n_nodes || nd->seat < 0))
                FAIL("bdc_subgame_tree: node %d's child %d is %d", i, k, (int)nd->child[k]);
    }
    n_cards = table.rules.game.n_cards == BDC_MIN_HAND_CARDS ? BDC_MIN_HAND_CARDS : BDC_MAX_HAND_CARDS;
    memset(&problem, 0, sizeof problem);
    problem.table = &table;
    for (s = 0; s < 2; s++) {
        int n = poisoned && between(0, 9) == 0 ? between(-1, 0) : between(1, 6);
        size_t cells = (size_t)n_nodes * (size_t)(n > 0 ? n : 1) * BDC_SUBGAME_ACTIONS;
        problem.n_hands[s] = n;
        hands[s] = checked_malloc((size_t)(n > 0 ? n : 1) * (size_t)n_cards);
        reach[s] = checked_malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
        blueprint[s] = checked_malloc(cells * sizeof(double));
        out[s] = checked_malloc(cells * sizeof(double));
        for (i = 0; i < (n > 0 ? n : 1); i++) { /* each seat's holdings from its half of the deck: pairs share no card */
            uint8_t *held = hands[s] + (size_t)i * (size_t)n_cards;
            distinct_cards(held, n_cards);
            for (k = 0; k < n_cards; k++)
                held[k] = (uint8_t)(held[k] % (BDC_DECK_SIZE / 2) + s * (BDC_DECK_SIZE / 2));
            for (k = 1; k < n_cards; k++) /* (distinct within the half: a card met again moves on) */
                for (int j = 0; j < k; j++)
                    if (held[j] == held[k]) {
                        held[k] = (uint8_t)((held[k] + 1 - s * (BDC_DECK_SIZE / 2)) % (BDC_DECK_SIZE / 2) + s * (BDC_DECK_SIZE / 2));
                        j = -1;
                    }
            reach[s][i] = random_probability(poisoned);
        }
        if (poisoned && between(0, 9) == 0)
            hands[s][between(0, n_cards - 1)] = (uint8_t)between(52, 255);
        for (i = 0; i < n_nodes; i++) /* a distribution over the legal actions where s acts, else 0 */
            for (k = 0; k < (n > 0 ? n : 1); k++) {
                double *cell = blueprint[s] + ((size_t)i * (size_t)(n > 0 ? n : 1) + (size_t)k) * BDC_SUBGAME_ACTIONS;
                double sum = 0;
                int a;
                for (a = 0; a < BDC_SUBGAME_ACTIONS; a++) {
                    cell[a] = nodes[i].seat == s && nodes[i].child[a] >= 0 ? random_probability(0) + 1e-3 : 0;
                    sum += cell[a];
                }
                for (a = 0; a < BDC_SUBGAME_ACTIONS && sum > 0; a++)
                    cell[a] /= sum;
            }
        if (poisoned && between(0, 9) == 0)
            blueprint[s][between(0, (int)cells - 1)] = random_probability(1) + 0.5;
        problem.hands[s] = hands[s];
        problem.reach[s] = reach[s];
        problem.blueprint[s] = blueprint[s];
    }
    n_pairs = (size_t)between(1, 12);
    for (s = 0; s < 2; s++)
        pair_hand[s] = checked_malloc(n_pairs * sizeof(uint32_t));
    weight = checked_malloc(n_pairs * sizeof(double));
    for (p = 0; p < n_pairs; p++) {
        for (s = 0; s < 2; s++) {
            int n = problem.n_hands[s] > 0 ? problem.n_hands[s] : 1;
            pair_hand[s][p] = poisoned && between(0, 19) == 0 ? (uint32_t)next() : (uint32_t)between(0, n - 1);
        }
        weight[p] = poisoned && between(0, 19) == 0 ? random_probability(1) - 0.5 : random_probability(0) * 0.9 + 0.05;
    }
    problem.n_pairs = poisoned && between(0, 19) == 0 ? 0 : n_pairs;
    problem.pair_hand[0] = pair_hand[0];
    problem.pair_hand[1] = pair_hand[1];
    problem.pair_weight = weight;
    problem.seat = poisoned && between(0, 9) == 0 ? between(-1, 2) : between(0, 1);
    problem.gadget = poisoned && between(0, 9) == 0 ? between(-1, 4) : between(0, 3);
    if (between(0, 1) && problem.seat >= 0 && problem.seat <= 1) { /* the other seat's gifts, now and then bad */
        int n = problem.n_hands[1 - problem.seat] > 0 ? problem.n_hands[1 - problem.seat] : 1;
        gift = checked_malloc((size_t)n * sizeof(double));
        for (i = 0; i < n; i++)
            gift[i] = between(0, 3) ? 0.0 : 3.0 * random_probability(poisoned);
        problem.gift = gift;
    }
    if (between(0, 3) == 0) { /* the showdowns' payoffs, now and then into too short a buffer */
        int n_showdowns = 0, prc;
        size_t n_payoffs, given;
        double *payoffs;
        for (i = 0; n_nodes > 0 && i < n_nodes; i++)
            n_showdowns += nodes[i].showdown >= 0;
        n_payoffs = (size_t)n_showdowns * n_pairs;
        given = between(0, 9) == 0 && n_payoffs > 0 ? n_payoffs - 1 : n_payoffs;
        payoffs = checked_malloc((given ? given : 1) * sizeof(double));
        prc = CALL(bdc_subgame_payoffs(between(0, 19) ? &problem : NULL, between(0, 19) ? payoffs : NULL, given));
        if (prc == BDC_OK && given < n_payoffs)
            FAIL("bdc_subgame_payoffs took %zu payoffs of %zu", given, n_payoffs);
        if (prc == BDC_OK)
            for (p = 0; p < n_payoffs; p++)
                if (!isfinite(payoffs[p]) || payoffs[p] != (double)(int64_t)payoffs[p])
                    FAIL("bdc_subgame_payoffs: payoff %zu is %g", p, payoffs[p]);
        if (prc != BDC_OK && prc != BDC_E_ARGUMENT && prc != BDC_E_MEMORY && prc != BDC_E_CARD &&
            prc != BDC_E_DUPLICATE)
            FAIL("bdc_subgame_payoffs returned %d", prc);
        free(payoffs);
    }
    rc = CALL(bdc_subgame_work(&problem, &n_work));
    if (rc == BDC_OK && n_work > ((size_t)1 << 24)) {
        FAIL("bdc_subgame_work: %zu doubles for a problem of %zu pairs", n_work, n_pairs);
        rc = BDC_E_ARGUMENT;
    }
    if (rc == BDC_OK) {
        int short_work = between(0, 9) == 0 && n_work > 0;
        size_t given = short_work ? n_work - 1 : n_work;
        int iterations = between(0, 19) ? between(1, 20) : between(-1, 0);
        work = checked_malloc((given ? given : 1) * sizeof(double));
        rc = CALL(bdc_subgame_solve(&problem, iterations, work, given, out[0], out[1], &result));
        if (rc == BDC_OK && (short_work || iterations < 1))
            FAIL("bdc_subgame_solve took %zu doubles of %zu, %d iterations", given, n_work, iterations);
        if (rc == BDC_OK) {
            if (!isfinite(result.value) || !isfinite(result.exploitability) || !isfinite(result.best_response[0]) ||
                !isfinite(result.best_response[1]) || !(result.gadget_entered >= 0 && result.gadget_entered <= 1))
                FAIL("bdc_subgame_solve: value %g, exploitability %g, entered %g", result.value, result.exploitability,
                     result.gadget_entered);
            for (s = 0; s < 2; s++)
                for (i = 0; i < n_nodes; i++)
                    for (k = 0; k < problem.n_hands[s]; k++) {
                        const double *cell = out[s] + ((size_t)i * (size_t)problem.n_hands[s] + (size_t)k) * BDC_SUBGAME_ACTIONS;
                        double sum = 0;
                        int a;
                        for (a = 0; a < BDC_SUBGAME_ACTIONS; a++) {
                            if (!(cell[a] >= 0 && cell[a] <= 1) || (cell[a] > 0 && (nodes[i].seat != s || nodes[i].child[a] < 0)))
                                FAIL("bdc_subgame_solve: seat %d node %d holding %d action %d: %g", s, i, k, a, cell[a]);
                            sum += cell[a];
                        }
                        if (nodes[i].seat == s && !(sum > 1 - 1e-9 && sum < 1 + 1e-9))
                            FAIL("bdc_subgame_solve: seat %d node %d holding %d sums to %g", s, i, k, sum);
                    }
        }
    }
    if (rc == BDC_OK)
        accepted[9]++;
    else if (rc == BDC_E_ARGUMENT || rc == BDC_E_MEMORY || rc == BDC_E_CARD || rc == BDC_E_DUPLICATE)
        refused[9]++;
    else
        FAIL("bdc_subgame returned %d", rc);
    for (s = 0; s < 2; s++) {
        free(hands[s]);
        free(reach[s]);
        free(blueprint[s]);
        free(out[s]);
        free(pair_hand[s]);
    }
    free(weight);
    free(work);
    free(gift);
}

int main(int argc, char **argv)
{
    unsigned long cases = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    for (int id = 0; id < BDC_IMPLEMENTATIONS; id++)
        if (CALL(bdc_implementation_supported(id)))
            supported_ids[n_supported++] = id;
    int chosen = CALL(bdc_implementation());
    printf("fuzz: %lu cases, seed %llu, implementations:", cases, (unsigned long long)state);
    for (int k = 0; k < n_supported; k++)
        printf(" %s", bdc_implementation_name(supported_ids[k]));
    printf("\n");
    fflush(stdout);
    check_ref_mt();
    uint64_t mt_state = state ^ 0x6d74U; /* the seed stream's cases draw from their own stream: the others stay as they were */
    for (current_case = 0; current_case < cases; current_case++) {
        if (current_case % 20 == 0) {
            uint64_t kept = state;
            state = mt_state;
            fuzz_mt();
            mt_state = state;
            state = kept;
        }
        int pick = between(0, 99);
        if (pick < 1)
            between(0, 2) == 0 ? fuzz_subgame() : (between(0, 1) ? fuzz_vector() : fuzz_observation());
        else if (pick < 4)
            between(0, 7) ? fuzz_table() : (between(0, 1) ? fuzz_selfplay() : fuzz_cfr());
        else if (pick < 40)
            fuzz_single();
        else if (pick < 65)
            fuzz_batch();
        else if (pick < 75)
            fuzz_names();
        else if (pick < 82)
            fuzz_random();
        else if (pick < 91)
            fuzz_draw();
        else if (pick < 93)
            fuzz_draw_options();
        else
            fuzz_equity();
        if (between(0, 3) == 0 && n_supported) /* draws and equity on every implementation too */
            (void)CALL(bdc_use_implementation(supported_ids[between(0, n_supported - 1)]));
    }
    (void)CALL(bdc_use_implementation(chosen));
    static const char *kinds[11] = {"batch", "draw exact", "draw sampled", "equity exact", "equity sampled", "random hands",
                                   "draw options", "table", "solver", "subgame", "seed stream"};
    for (int k = 0; k < 11; k++)
        printf("fuzz: %-15s %6lu accepted, %6lu refused\n", kinds[k], accepted[k], refused[k]);
    printf("fuzz: %-15s %6lu accepted, %6lu refused, %lu steps\n", "vector", vector_accepted, vector_refused,
           vector_steps);
    printf("fuzz: %lu cases, %llu bdc_ calls, %lu failures\n", cases, calls, failures);
    return failures ? 1 : 0;
}
