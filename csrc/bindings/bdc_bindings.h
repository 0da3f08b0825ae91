/*
 * bdc_bindings.h - the entry points that exist for the Python package's
 * binding only, beside the public interface of badeucey.h.
 *
 * The core implements the first three groups (bdc_hand.c, bdc_draw.c,
 * bdc_table.c) in plain C: they reshape public functions for a binding's
 * calling costs.  The next two are one_hand.c's and hand_core.c's, the C that
 * speaks Python's C API; the last, a Mersenne Twister stream (random.Random's
 * generator), is the core's again (bdc_mt.c), in plain C, for hand_core.c.  The part between
 * the cffi markers is read verbatim as the cffi cdef, after badeucey.h's, so
 * it holds only plain declarations.
 */
#ifndef BDC_BINDINGS_H
#define BDC_BINDINGS_H

#include "../badeucey.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cffi-cdef-begin */

/* ---- Ranks for a binding whose integer conversion takes booleans ---------
 * cffi's does (Python's bool is an int): each rank function of badeucey.h,
 * returning its rank plus BDC_FLAG_ID_0_OR_1 when a card id is 0 or 1 (so
 * that the binding checks the argument types of only those hands), or its
 * negative error code cast to unsigned.  Any result >= BDC_FLAG_ID_0_OR_1
 * needs a second look; anything below is a rank. */
enum bdc_flag { BDC_FLAG_ID_0_OR_1 = 0x40000000 };
unsigned bdc_badugi_low4_flagged(int c0, int c1, int c2, int c3);
unsigned bdc_badugi_high4_flagged(int c0, int c1, int c2, int c3);
unsigned bdc_badugi_low5_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badugi_high5_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_deuce_seven_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_ace_five_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badeucey_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badacey_flagged(int c0, int c1, int c2, int c3, int c4);

/* ---- One hand's draws in the Python package's layout -------------------
 * bdc_draw_run with its cards given apart from the spec and its outputs in
 * one array, as the Python package lays them out: cards[0 .. n_kept-1] are
 * the kept cards and the n_deck cards after them the deck (spec->kept and
 * spec->deck are not read, so one spec serves every hand of its sizes);
 * out[0 .. 3] the rng, out[4] hits, out[5] total, then the Badugi counts
 * (BDC_BADUGI_CLASSES + 1 entries) if the game has that half, then the low
 * counts if it has a low half.  BDC_E_ARGUMENT for NULL cards or out, or a
 * negative n_kept. */
int bdc_draw_run_out(const bdc_draw_spec *spec, const uint8_t *cards, int first_begin, int first_end,
                     uint64_t samples, uint64_t *out);

/* ---- An action and what the next seat may do, in one call ----------------
 * bdc_table_act, then (when it played and legal is not NULL) what
 * bdc_table_legal would write for the table after it, without checking the
 * table a second time: a binding that asks what is legal after each action
 * makes one call of the core and one check instead of two (bdc_table.c). */
int bdc_table_act_legal(bdc_table *table, int64_t action, bdc_table_io *io, bdc_legal *legal);

/* ---- The one-hand functions as Python builtins (one_hand.c) ------------ */

/* What a one-hand builtin computes (the kind given to the factory). */
#define BDC_PY_BADEUCEY 0       /* five ids -> Halves, through the memo */
#define BDC_PY_BADACEY 1        /* five ids -> Halves, through the memo */
#define BDC_PY_BADEUCEY_MASK 2  /* a card mask -> packed int */
#define BDC_PY_BADACEY_MASK 3   /* a card mask -> packed int */
#define BDC_PY_DEUCE_SEVEN 4    /* five ids -> rank */
#define BDC_PY_ACE_FIVE 5       /* five ids -> rank */
#define BDC_PY_BADUGI 6         /* four or five ids (and the keyword ace_high) -> rank */
#define BDC_PY_QUICK_IDS 7      /* distinct ids -> them as a tuple (the package's first check of a hand) */
#define BDC_PY_KINDS 8

/* Store the factory builtin as `attribute` of the module `module` (imported,
 * or being imported).  The factory is
 *     factory(kind, name, doc, module, fallback, memo, halves_of) -> builtin
 * where `fallback(x)` is the Python function for what the fast path does not
 * take, and, for the split games only, `memo` is the dict packed -> Halves and
 * `halves_of(packed)` makes and memoises a missing one (pass None otherwise).
 * Each kind is made once per process.  Returns 0, or -1 for a NULL argument
 * or if Python raised (the exception is printed, then cleared). */
int bdc_py_install(const char *module, const char *attribute);

/* ---- The base type of play.Hand (hand_core.c) --------------------------- */

/* Store the factory of Hand's base type as `attribute` of the module `module`
 * (imported, or being imported).  The factory is
 *     hand_core(name, doc, fallbacks, docs, legals, new_legal, random_type, seeded) -> type
 * (hand_core.c says what each is); it makes the type once per process.
 * Returns 0, or -1 for a NULL argument or if Python raised (the exception is
 * printed, then cleared). */
int bdc_py_install_hand(const char *module, const char *attribute);

/* ---- A Mersenne Twister stream (bdc_mt.c) ----------------------------------
 * For hand_core.c, which deals a hand with an int seed without making the
 * Python generator until Python asks for it: the state of mt19937ar as
 * random.Random keeps it (624 words and the index of the next), plus how many
 * words of the current block are regenerated so far, and whether the words
 * past those are still the seed's (computed when read, not stored).  Each
 * returns BDC_OK, or BDC_E_ARGUMENT having written nothing. */
#define BDC_MT_WORDS 624
typedef struct {
    uint32_t word[BDC_MT_WORDS];
    uint32_t index;   /* the next word's, BDC_MT_WORDS when a new block is due */
    uint32_t twisted; /* words 0 .. twisted - 1 are of the current block (at most BDC_MT_WORDS) */
    uint32_t lazy;    /* 1: the block before the current one is the seed's, words twisted .. not stored; else 0 */
    uint64_t seed;    /* the seed, while lazy */
} bdc_mt;

/* *mt = the stream of an int seed: the state whose word i is
 * bdc_mt_seed_words's, a new block due (random.Random.setstate((3, words +
 * (624,), None)) gives the Python generator the same stream).  Nothing is
 * computed yet: the first block's words are made as the outputs read them.
 * BDC_E_ARGUMENT for a NULL mt. */
int bdc_mt_seed(bdc_mt *mt, uint64_t seed);
/* out[0 .. n - 1] = words 0 .. n - 1 of the state `seed` gives: word 0 is
 * 0x80000000, word i >= 1 the low 32 bits of splitmix64's i-th output from
 * `seed` (its state seed + i * 0x9e3779b97f4a7c15, mixed).  BDC_E_ARGUMENT for
 * a NULL out with n > 0, or n past BDC_MT_WORDS. */
int bdc_mt_seed_words(uint64_t seed, uint32_t *out, size_t n);
/* out[0 .. n - 1] = the next n random.Random.random() of the stream,
 * bit-identical doubles in [0, 1).  BDC_E_ARGUMENT for a NULL mt, a NULL out
 * with n > 0, or a state whose index or twisted is past BDC_MT_WORDS or lazy
 * past 1 (no seeding made it). */
int bdc_mt_uniforms(bdc_mt *mt, double *out, size_t n);

/* cffi-cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* BDC_BINDINGS_H */
