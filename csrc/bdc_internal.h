/*
 * bdc_internal.h - what the core's translation units share; not public.
 *
 * The class counts, the deck size and the limits are badeucey.h's.
 */
#ifndef BDC_INTERNAL_H
#define BDC_INTERNAL_H

#include "badeucey.h"

/* Symbols shared between the core's units but not exported from the module. */
#if defined(__GNUC__) || defined(__clang__)
#define BDC_HIDDEN __attribute__((visibility("hidden")))
#else
#define BDC_HIDDEN
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BDC_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Asks for the line at p to be brought in for writing (a hint: no effect on results). */
#define BDC_PREFETCH_WRITE(p) __builtin_prefetch((p), 1)
/* Index of the lowest set bit of x (x != 0). */
static inline unsigned bdc_lowest_bit(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}
#else
#define BDC_UNLIKELY(x) (x)
#define BDC_PREFETCH_WRITE(p) ((void)(p))
static inline unsigned bdc_lowest_bit(uint64_t x)
{
    /* de Bruijn sequence B(2, 6): the top 6 bits of (x & -x) * it are distinct */
    static const uint8_t index[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return index[((x & (0 - x)) * UINT64_C(0x022fdd63cc95386d)) >> 58];
}
#endif

/* The x86-64 implementations need target attributes and __builtin_cpu_is
 * names for Zen 1 and 2 (GCC 9, clang 11 and later).  They are compiled
 * whatever the build flags (no -march), and chosen at run time.  Defining
 * BDC_PORTABLE_ONLY builds the portable implementation alone, as on other
 * architectures (for checking that build on x86-64). */
#if !defined(BDC_PORTABLE_ONLY) && defined(__x86_64__) && ((defined(__clang__) && __clang_major__ >= 11) || \
                            (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 9))
#define BDC_HAVE_X86 1
#endif

/* One batch loop: n hands of a fixed size and ranking, row after row, one or
 * two uint16 ranks each; BDC_OK or the first bad hand's code and index. */
typedef int (*bdc_batch_fn)(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);

/* bdc_halves_extend (below) as an implementation computes it. */
typedef void (*bdc_extend_fn)(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                              unsigned (*halves)[2]);

/* An implementation: every loop the core has a faster way for, written once
 * as the macro bodies of bdc_batch_impl.h and instantiated per instruction
 * set.  bdc_dispatch.c picks one table on first use. */
typedef struct {
    int id; /* enum bdc_implementation_id */
    const char *name;
    bdc_batch_fn batch4[2];            /* 4-card Badugi, by ranking BDC_BADUGI_LOW / _HIGH */
    bdc_batch_fn batch5[BDC_RANKINGS]; /* 5-card hands, by enum bdc_ranking */
    bdc_extend_fn extend;
} bdc_impl;

BDC_HIDDEN extern const bdc_impl bdc_impl_portable;
#ifdef BDC_HAVE_X86
BDC_HIDDEN extern const bdc_impl bdc_impl_bmi2;
BDC_HIDDEN extern const bdc_impl bdc_impl_avx2;
BDC_HIDDEN extern const bdc_impl bdc_impl_avx512;
/* the BMI2 loops the AVX2 table reuses, and its fallback for a block with a bad hand */
BDC_HIDDEN int bdc_bmi2_badugi_low4(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_bmi2_badugi_high4(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_bmi2_badugi_low5(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_bmi2_badugi_high5(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_bmi2_badeucey(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_bmi2_badacey(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN void bdc_bmi2_extend(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                                unsigned (*halves)[2]);
#endif
/* the lowball loops have no instruction-set variant but the AVX2 one */
BDC_HIDDEN int bdc_portable_deuce_seven(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);
BDC_HIDDEN int bdc_portable_ace_five(const uint8_t *hands, size_t n, uint16_t *out, size_t *bad_row);

/* The implementation in use (bdc_dispatch.c): chosen on the first call. */
BDC_HIDDEN const bdc_impl *bdc_impl_active(void);

/* The ranks of a hand of game->n_cards cards in each half of a game:
 * halves[0] the Badugi rank, halves[1] the low rank (0 for a half the game
 * lacks).  The game must have been checked with bdc_game_ok.  Returns BDC_OK
 * or the hand's error code (bad id, duplicate). */
BDC_HIDDEN int bdc_halves(const bdc_game *game, const unsigned *cards, unsigned halves[2]);

/* The halves (as bdc_halves) of each hand base + cards[i], i < n: the last
 * card of the hand varies, the others are base[0 .. game->n_cards - 2].  For
 * the enumerations' innermost loop; through the implementation in use.  The
 * cards must be distinct ids in 0..51 (the caller checked them): this is not
 * checked again. */
BDC_HIDDEN void bdc_halves_extend(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                                  unsigned (*halves)[2]);

/* Is the game one the core can rank (a known ranking per half, a hand size
 * the rankings take)? */
BDC_HIDDEN int bdc_game_ok(const bdc_game *game);

/* ---- random numbers: xoshiro256** (seeded by bdc_rng_seed, splitmix64), the one
 * generator of the enumerators, the samplers and the table ---- */

static inline uint64_t bdc_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t bdc_rng_next(uint64_t s[4])
{
    uint64_t result = bdc_rotl(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = bdc_rotl(s[3], 45);
    return result;
}

#define BDC_FULL_DECK ((((uint64_t)1) << BDC_DECK_SIZE) - 1) /* bit c for every card id c */
#define BDC_ROUNDS_AT_SMALL_BET 2 /* fixed limit: betting rounds 0 and 1 bet the small bet, later ones the big bet */

/* The number of set bits (a discard mask's cards thrown): a SWAR count,
 * without a branch on the bits (a solver counts every discard of every hand). */
static inline int bdc_popcount(uint64_t x)
{
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* ---- known tables (bdc_table.c): for a walk that plays many hands from
 * settings checked once (the solver, bdc_cfr.c), the table functions without
 * their public checks.  A table is known good when bdc_table_start or
 * bdc_table_start_known made it, or bdc_table_act_known played it from a known
 * good table and returned BDC_OK (a copy is as good as its original); the
 * functions take nothing else. ---- */

/* bdc_table_start heads-up, the button at seat 0, no io, from rules and
 * stacks bdc_table_start has accepted (with any deck) and a deck of distinct
 * ids below 52: BDC_OK, or BDC_E_CARD (as bdc_table_start) when one of the
 * deck's first cards (as many as the rules' deck holds) is not in play. */
BDC_HIDDEN int bdc_table_start_known(bdc_table *t, const bdc_table_rules *rules, const int64_t *stacks,
                                     const uint8_t *deck, uint64_t seed);

/* bdc_table_legal of a known good table still in play. */
BDC_HIDDEN void bdc_table_legal_known(const bdc_table *t, bdc_legal *legal);

/* bdc_table_act with no io on a known good table in play: BDC_OK (the table
 * is known good), BDC_E_ILLEGAL (nothing changes), or BDC_E_COUNT when the
 * cards ran out (the table is no hand: bdc_table_check refuses it). */
BDC_HIDDEN int bdc_table_act_known(bdc_table *t, int64_t action);

/* A hand's rank in each of its game's halves (Badugi, then the low), as the
 * table's showdown ranks it, into ranks; returns the number of halves (0 .. 2). */
BDC_HIDDEN int bdc_table_hand_ranks(const bdc_game *game, const uint8_t *cards, int *ranks);

#endif /* BDC_INTERNAL_H */
