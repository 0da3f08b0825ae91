/*
 * badeucey.h - public interface of the badeucey-fast C core.
 *
 * Hand rankings for Badugi, deuce-to-seven lowball, ace-to-five lowball and the
 * split games Badeucey and Badacey, by table lookup.  The tables are generated
 * at build time by tools/gen_tables.py; this interface says nothing of their
 * layout.  The core knows nothing of Python: it never allocates, never aborts,
 * and never reads outside a table, whatever it is handed.
 *
 * CARD IDS
 *   id = 4 * rank + suit, the ids of PokerHandEvaluator (phevaluator).
 *   rank: 0 = deuce, 1 = trey, ... 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace
 *   suit: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades
 *
 *          c   d   h   s                 c   d   h   s
 *     2    0   1   2   3            9   28  29  30  31
 *     3    4   5   6   7            T   32  33  34  35
 *     4    8   9  10  11            J   36  37  38  39
 *     5   12  13  14  15            Q   40  41  42  43
 *     6   16  17  18  19            K   44  45  46  47
 *     7   20  21  22  23            A   48  49  50  51
 *     8   24  25  26  27
 *
 * RANKS
 *   Every function returns a DENSE rank: 1 is the best class, classes are
 *   consecutive, and two hands have the same rank exactly when they tie.
 *     Badugi (aces low or aces high, 4 or 5 cards)   1 .. 1092
 *       (1..715 four-card, 716..1001 three-card, 1002..1079 two-card,
 *        1080..1092 one-card badugis; from 5 cards the best subset counts)
 *     Deuce-to-seven (5 cards)                       1 .. 7462
 *     Ace-to-five (5 cards)                          1 .. 6175
 *   A negative return value is one of the BDC_E_* codes below.
 *
 * The split-game functions bdc_badeucey and bdc_badacey return both halves
 * packed in one int: (badugi_rank << 16) | low_rank.
 *
 * The part between the cffi markers is read verbatim as the cffi cdef, so it
 * holds only plain declarations.
 */
#ifndef BADEUCEY_H
#define BADEUCEY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cffi-cdef-begin */

/* Status codes: a rank is >= 1; an error is one of these. */
enum bdc_status {
    BDC_OK = 0,
    BDC_E_CARD = -1,       /* a card id outside 0..51 */
    BDC_E_DUPLICATE = -2,  /* the same card id twice in one hand */
    BDC_E_COUNT = -3,      /* a number of cards the ranking does not take */
    BDC_E_RANKING = -4,    /* an unknown enum bdc_ranking value */
    BDC_E_RANK = -5        /* a rank outside the ranking's scale */
};

/* What a batch call ranks.  Split games write two ranks per hand. */
enum bdc_ranking {
    BDC_BADUGI_LOW = 0,    /* Badugi, aces low (4 or 5 cards) */
    BDC_BADUGI_HIGH = 1,   /* Badugi, aces high (4 or 5 cards) */
    BDC_DEUCE_SEVEN = 2,   /* deuce-to-seven lowball (5 cards) */
    BDC_ACE_FIVE = 3,      /* ace-to-five lowball (5 cards) */
    BDC_BADEUCEY = 4,      /* Badugi aces high, then 2-7 (5 cards; 2 ranks per hand) */
    BDC_BADACEY = 5        /* Badugi aces low, then A-5 (5 cards; 2 ranks per hand) */
};

/* Badugi rank of four cards, aces low / aces high. */
int bdc_badugi_low4(int c0, int c1, int c2, int c3);
int bdc_badugi_high4(int c0, int c1, int c2, int c3);

/* Badugi rank of the best subset of five cards, aces low / aces high. */
int bdc_badugi_low5(int c0, int c1, int c2, int c3, int c4);
int bdc_badugi_high5(int c0, int c1, int c2, int c3, int c4);

/* Deuce-to-seven and ace-to-five rank of five cards. */
int bdc_deuce_seven(int c0, int c1, int c2, int c3, int c4);
int bdc_ace_five(int c0, int c1, int c2, int c3, int c4);

/* Both halves of five cards, packed as (badugi << 16) | low.
 * Badeucey: Badugi aces high and 2-7.  Badacey: Badugi aces low and A-5. */
int bdc_badeucey(int c0, int c1, int c2, int c3, int c4);
int bdc_badacey(int c0, int c1, int c2, int c3, int c4);

/* Both halves of a hand given as a mask of its cards (bit id set for each
 * card id), packed as above; BDC_E_CARD if a bit above 51 is set, BDC_E_COUNT
 * unless exactly five are.  One integer crosses the bindings instead of five. */
int bdc_badeucey_mask(uint64_t mask);
int bdc_badacey_mask(uint64_t mask);

/* Rank n hands stored row after row in `hands` (n * n_cards card ids).
 * Writes one uint16 rank per hand to `out` (two per hand, Badugi first, for
 * BDC_BADEUCEY and BDC_BADACEY).  Returns BDC_OK, or an error code with the
 * index of the first bad hand in *bad_row (out is then only partly written).
 * n_cards is 4 or 5 for the Badugi rankings and 5 for the others. */
int bdc_rank_batch(int ranking, const uint8_t *hands, size_t n, int n_cards,
                   uint16_t *out, size_t *bad_row);

/* The same, always through the portable loops (bdc_rank_batch picks faster
 * ones for the processor it runs on): for tests that compare the two. */
int bdc_rank_batch_portable(int ranking, const uint8_t *hands, size_t n, int n_cards,
                            uint16_t *out, size_t *bad_row);

/* The class behind a rank, for naming it.  Writes the class's card ranks
 * (0 = deuce .. 12 = ace) to out in the order a player names them: most
 * repeated first, then highest first in the ranking's ace convention (so
 * "7-5-4-3-2", "5-4-3-2-A", "6-6-4-3-2").  Sets *flush to 1 for a
 * deuce-to-seven class that is all one suit, else 0.  Returns how many ranks
 * it wrote (1..4 for the Badugi rankings, 5 otherwise), BDC_E_RANK for a rank
 * outside the scale, or BDC_E_RANKING for a split-game or unknown ranking. */
int bdc_class_ranks(int ranking, int rank, uint8_t out[5], int *flush);

/* For bindings whose integer conversion takes booleans as 0 and 1 (cffi's
 * does: Python's bool is an int): each function above, returning its rank
 * plus BDC_FLAG_ID_0_OR_1 when a card id is 0 or 1 (so that the binding checks
 * the argument types of only those hands), or its negative error code cast to
 * unsigned.  Any result >= BDC_FLAG_ID_0_OR_1 needs a second look; anything
 * below is a rank. */
enum bdc_flag { BDC_FLAG_ID_0_OR_1 = 0x40000000 };
unsigned bdc_badugi_low4_flagged(int c0, int c1, int c2, int c3);
unsigned bdc_badugi_high4_flagged(int c0, int c1, int c2, int c3);
unsigned bdc_badugi_low5_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badugi_high5_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_deuce_seven_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_ace_five_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badeucey_flagged(int c0, int c1, int c2, int c3, int c4);
unsigned bdc_badacey_flagged(int c0, int c1, int c2, int c3, int c4);

/* Does nothing: the floor of one call through the bindings, for benchmarks. */
int bdc_noop5(int c0, int c1, int c2, int c3, int c4);

/* cffi-cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* BADEUCEY_H */
