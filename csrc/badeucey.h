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
 *     Badugi (aces low or aces high, 4 or 5 cards)   1 .. BDC_BADUGI_CLASSES (1092)
 *       (1..715 four-card, 716..1001 three-card, 1002..1079 two-card,
 *        1080..1092 one-card badugis; from 5 cards the best subset counts)
 *     Deuce-to-seven (5 cards)                       1 .. BDC_DEUCE_SEVEN_CLASSES (7462)
 *     Ace-to-five (5 cards)                          1 .. BDC_ACE_FIVE_CLASSES (6175)
 *   A negative return value is one of the BDC_E_* codes below.
 *
 * The split-game functions bdc_badeucey and bdc_badacey return both halves
 * packed in one int: (badugi_rank << 16) | low_rank.
 *
 * The part between the cffi markers is read verbatim as the cffi cdef, so it
 * holds only plain declarations.  The few entry points that exist only for
 * the Python package's binding are declared apart, in bindings/bdc_bindings.h.
 */
#ifndef BADEUCEY_H
#define BADEUCEY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cffi-cdef-begin */

/* ---- Ranking facts ---------------------------------------------------
 * Declared once, here: tools/gen_tables.py reads these defines (and checks
 * its enumeration against them), the C core includes them, and the Python
 * bindings read them from the compiled module.  Plain decimal literals, so
 * that cffi's cdef reads them as integer constants. */

/* Classes of each ranking: its ranks are 1 .. these. */
#define BDC_BADUGI_CLASSES 1092          /* either ace convention */
#define BDC_BADUGI_FOUR_CARD_CLASSES 715 /* Badugi ranks 1 .. 715 are the four-card badugis */
#define BDC_DEUCE_SEVEN_CLASSES 7462
#define BDC_ACE_FIVE_CLASSES 6175

/* Cards, hands and the draw and equity settings bdc_draw.c and bdc_equity.c accept. */
#define BDC_DECK_SIZE 52     /* card ids are 0 .. BDC_DECK_SIZE - 1 */
#define BDC_MIN_HAND_CARDS 4 /* a Badugi-only hand: 4 or 5 cards */
#define BDC_MAX_HAND_CARDS 5 /* every other hand: 5 cards */
#define BDC_MIN_SEATS 2      /* seats in an equity spec */
#define BDC_MAX_SEATS 9
#define BDC_MAX_DRAWS 3      /* draws in a draw spec (1 .. 3) or an equity spec (0 .. 3) */
#define BDC_SPLIT_SHIFT 16   /* the split-game functions pack (badugi_rank << 16) | low_rank */

/* Status codes: a rank is >= 1; an error is one of these. */
enum bdc_status {
    BDC_OK = 0,
    BDC_E_CARD = -1,       /* a card id outside 0..51 */
    BDC_E_DUPLICATE = -2,  /* the same card id twice in one hand */
    BDC_E_COUNT = -3,      /* a number of cards the ranking does not take */
    BDC_E_RANKING = -4,    /* an unknown enum bdc_ranking value */
    BDC_E_RANK = -5,       /* a rank outside the ranking's scale */
    BDC_E_ARGUMENT = -6,   /* a draw or equity setting outside its range */
    BDC_E_UNSUPPORTED = -7, /* an implementation this build or processor lacks */
    BDC_E_STOPPED = -8,    /* a draw or equity run ended early by its stop flag */
    BDC_E_ILLEGAL = -9,    /* an action the seat to act may not take now (bdc_table_act) */
    BDC_E_MEMORY = -10     /* the solver's memory is full (bdc_cfr_run): give it more room */
};

/* A short text for a status code ("a card id outside 0..51", ...): static,
 * never NULL; "no error" for BDC_OK or a rank, "an unknown status code" for
 * anything else. */
const char *bdc_status_text(int status);

/* What a batch call ranks.  Split games write two ranks per hand. */
enum bdc_ranking {
    BDC_BADUGI_LOW = 0,    /* Badugi, aces low (4 or 5 cards) */
    BDC_BADUGI_HIGH = 1,   /* Badugi, aces high (4 or 5 cards) */
    BDC_DEUCE_SEVEN = 2,   /* deuce-to-seven lowball (5 cards) */
    BDC_ACE_FIVE = 3,      /* ace-to-five lowball (5 cards) */
    BDC_BADEUCEY = 4,      /* Badugi aces high, then 2-7 (5 cards; 2 ranks per hand) */
    BDC_BADACEY = 5,       /* Badugi aces low, then A-5 (5 cards; 2 ranks per hand) */
    BDC_NO_HALF = -1       /* in a bdc_game: the game has no such half */
};
#define BDC_RANKINGS 6 /* the rankings are 0 .. BDC_RANKINGS - 1 */

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
 * n_cards is 4 or 5 for the Badugi rankings and 5 for the others.  Runs on
 * the implementation in use (see bdc_implementation below). */
int bdc_rank_batch(int ranking, const uint8_t *hands, size_t n, int n_cards,
                   uint16_t *out, size_t *bad_row);

/* The class behind a rank, for naming it.  Writes the class's card ranks
 * (0 = deuce .. 12 = ace) to out in the order a player names them: most
 * repeated first, then highest first in the ranking's ace convention (so
 * "7-5-4-3-2", "5-4-3-2-A", "6-6-4-3-2").  Sets *flush to 1 for a
 * deuce-to-seven class that is all one suit, else 0.  Returns how many ranks
 * it wrote (1..4 for the Badugi rankings, 5 otherwise), BDC_E_RANK for a rank
 * outside the scale, or BDC_E_RANKING for a split-game or unknown ranking. */
int bdc_class_ranks(int ranking, int rank, uint8_t out[5], int *flush);

/* ---- Implementations -------------------------------------------------
 *
 * bdc_rank_batch and the draw and equity enumerators' innermost loop come in
 * one implementation per instruction set, each a table of the same loops
 * (built from the same macro bodies, so they rank every hand alike).  The
 * core picks one on the first call that needs it: the fastest this
 * processor runs well (AVX-512, else AVX2, else BMI2, where pext is fast:
 * not AMD Zen 1 and 2; else portable), and keeps it. */
enum bdc_implementation_id {
    BDC_IMPL_PORTABLE = 0, /* C99 only: any processor */
    BDC_IMPL_BMI2 = 1,     /* x86-64 with BMI2: pext and pdep */
    BDC_IMPL_AVX2 = 2,     /* x86-64 with AVX2 and BMI2: a vector pass over blocks of hands */
    BDC_IMPL_AVX512 = 3    /* x86-64 with AVX-512 F, BW, VBMI and BMI2: the same, eight hands a step */
};
#define BDC_IMPLEMENTATIONS 4 /* ids are 0 .. BDC_IMPLEMENTATIONS - 1 */

/* The id of the implementation in use (choosing it if none is yet). */
int bdc_implementation(void);

/* Its name ("portable", "bmi2", "avx2", "avx512"), static; NULL for an unknown id. */
const char *bdc_implementation_name(int id);

/* 1 if this build has the implementation and this processor can run it, else 0. */
int bdc_implementation_supported(int id);

/* TEST HOOK: use this implementation from now on, for every caller (not
 * safe while another thread ranks).  BDC_OK; BDC_E_ARGUMENT for an unknown
 * id; BDC_E_UNSUPPORTED if this build or processor lacks it. */
int bdc_use_implementation(int id);

/* BENCHMARK HOOK: does nothing, the floor of one call through the bindings. */
int bdc_noop5(int c0, int c1, int c2, int c3, int c4);

/* ---- Draws and equity (bdc_draw.c, bdc_equity.c) --------------------
 *
 * A game for these functions names the ranking of each half and the hand
 * size.  A hand "meets" a bdc_limits when each half with a nonzero limit has
 * a rank <= that limit (a zero limit leaves the half free).
 *
 * THE DRAW POLICY.  A hand keeps n_kept cards and draws the rest (the
 * replacements).  In draw 1 it draws; in each later draw it stands pat if it
 * meets `target`, and otherwise throws the replacements it holds and draws as
 * many again.  Thrown cards are out of play: draws never deal a card twice.
 *
 * EXACT OR SAMPLED.  A run with samples == 0 enumerates every way the draws
 * can fall, restricted to a chunk: the first card of the first draw is taken
 * from positions first_begin .. first_end - 1 of the cards still unseen
 * (bdc_*_plan gives the number of positions, so chunks 0..n cover the whole
 * enumeration).  A run with samples > 0 deals that many random outcomes from
 * the xoshiro256** state rng (advanced in place, so consecutive runs continue
 * one stream) and ignores the chunk; each sample starts from the spec's
 * deck, so splitting a sampled run into several runs that continue one
 * stream changes no result.  Results are ADDED to the outputs, so chunks and
 * runs accumulate.  Each returns BDC_OK or a BDC_E_* code.
 *
 * EXACT COUNTS.  An exact run counts the outcomes of a product space: every
 * deal (an unknown hand's cards, a draw) deals its cards even when the policy
 * stands pat, so a final hand that stood pat counts once for each way the
 * skipped deals could have fallen (dealing cards nobody sees changes no
 * probability).  Every count is an integer, and bdc_*_plan's *outcomes is
 * their total.
 *
 * STOPPING.  A spec's `stop`, when not NULL, is polled while a run goes (at
 * least every 1,024 samples or 52 enumerated hands): once it is nonzero, the
 * run returns BDC_E_STOPPED at once and its outputs hold a partial count, to
 * be discarded.  Another thread sets it (e.g. on Ctrl-C). */

typedef struct {
    int badugi;   /* BDC_BADUGI_LOW, BDC_BADUGI_HIGH, or BDC_NO_HALF */
    int low;      /* BDC_DEUCE_SEVEN, BDC_ACE_FIVE, or BDC_NO_HALF */
    int n_cards;  /* 5; or 4 for a game with only a Badugi half */
} bdc_game;

typedef struct {
    unsigned badugi;  /* worst Badugi rank that meets the limit; 0: any */
    unsigned low;     /* worst low rank that meets the limit; 0: any */
} bdc_limits;

/* One hand's draws. */
typedef struct {
    bdc_game game;
    const uint8_t *kept;  /* the n_kept cards the hand keeps */
    int n_kept;
    const uint8_t *deck;  /* the n_deck unseen cards the draws come from */
    int n_deck;
    int draws;            /* 1 .. BDC_MAX_DRAWS */
    bdc_limits target;    /* the policy's stand-pat target (draws 2 and 3) */
    bdc_limits query;     /* final hands meeting it are counted in *hits */
    const volatile int *stop; /* NULL, or polled: nonzero ends the run (STOPPING) */
} bdc_draw_spec;

/* Checks a spec.  Sets *outcomes to the number of equally likely outcomes of
 * an exact run (every replacement set of every draw, counting a hand that
 * stood pat once for each way the draws it skipped could have fallen) and
 * *positions to the chunk positions (1 when nothing is drawn). */
int bdc_draw_plan(const bdc_draw_spec *spec, uint64_t *outcomes, int *positions);

/* Adds to the counts of the final hand's ranks (badugi_counts[rank],
 * BDC_BADUGI_CLASSES + 1 entries, and low_counts[rank], the low ranking's
 * classes + 1; NULL for a half the game lacks), to
 * *hits (final hands meeting spec->query) and *total (all outcomes).  Exact
 * counts are integers; a sampled run adds 1 per sample. */
int bdc_draw_run(const bdc_draw_spec *spec, int first_begin, int first_end,
                 uint64_t samples, uint64_t rng[4],
                 uint64_t *badugi_counts, uint64_t *low_counts,
                 uint64_t *hits, uint64_t *total);

/* Every discard option of one hand at one draw with no dead cards, exactly:
 * what bdc_draw_run counts for each, from far fewer hands.  The hands an
 * option keeping the subset m of the hand ends with are the hands that hold
 * m and none of the thrown cards, so its counts follow by inclusion and
 * exclusion from the counts of the hands holding each subset of the hand
 * (the other cards any of the rest of the deck).  Those depend on the subset
 * alone, so a caller may count them once and hand them in.
 *
 * A row of counts is n_badugi + n_low + 2 numbers: the Badugi counts by rank
 * (n_badugi = BDC_BADUGI_CLASSES + 1 if the game has that half, else 0), the
 * low counts by rank (n_low: at least the low ranking's classes + 1 if the
 * game has a low half, else 0), the hands meeting query, and all the hands.
 * hand holds game->n_cards distinct ids; subset m has hand[b] for each bit b
 * of m.  held_row[m] (2^n_cards entries) is, for each subset m, the row of
 * held (n_held rows of uint32) that counts the hands holding m, with the same
 * query, or -1 to count them here (C(52 - |m|, n_cards - |m|) hands, in
 * scratch: one row of uint64).  Writes table[m] (2^n_cards rows of uint32:
 * no count of one option reaches 2^32, and the transform goes through half
 * the bytes of uint64 rows): the
 * outcomes of the option keeping subset m and throwing the rest; and
 * sums[2m], sums[2m + 1]: the sums of rank times count over its Badugi and
 * low counts (0 for a half the game lacks).  BDC_OK; BDC_E_RANKING for a bad
 * game; BDC_E_CARD or BDC_E_DUPLICATE for a bad hand; BDC_E_RANK for a query
 * outside the scales; BDC_E_ARGUMENT for a NULL pointer, a wrong n_low, or a
 * held_row outside -1 .. n_held - 1. */
int bdc_draw_options(const bdc_game *game, const uint8_t *hand, bdc_limits query, const uint32_t *held,
                     int n_held, const int *held_row, int n_low, uint64_t *scratch, uint32_t *table,
                     uint64_t *sums);

/* What bdc_draw_options gives each option to be scored by, without its
 * counts by rank: BDC_OPTION_FIGURES figures per option, the sums of rank
 * times count of its Badugi and of its low counts (0 for a half the game
 * lacks), the hands meeting query and all its hands: the same numbers as
 * sums[2m], sums[2m + 1] and the last two entries of table row m there.
 * Each figure is a sum over the hands, so it follows by the same inclusion
 * and exclusion from the same figures of the hands holding each subset:
 * held_figures holds them for n_held rows (BDC_OPTION_FIGURES uint64s a
 * row), held_row picks them as there (-1: counted here, the ranks added up
 * as the hands are enumerated).  Writes figures[BDC_OPTION_FIGURES * m + f]
 * for the option keeping subset m, 2^n_cards options.  BDC_OK, or the
 * errors of bdc_draw_options (a NULL held_figures is refused only when
 * n_held > 0). */
#define BDC_OPTION_FIGURES 4
int bdc_draw_option_figures(const bdc_game *game, const uint8_t *hand, bdc_limits query,
                            const uint64_t *held_figures, int n_held, const int *held_row, uint64_t *figures);

/* Several hands to a showdown. */
typedef struct {
    bdc_game game;
    int n_seats;              /* BDC_MIN_SEATS .. BDC_MAX_SEATS */
    const uint8_t *cards;     /* n_seats rows of game.n_cards ids; a row's first
                                 n_held[s] ids are the cards that seat holds */
    const int *n_held;        /* per seat */
    const int *draws_policy;  /* per seat: 1 if the seat draws its missing cards
                                 under the policy; 0 if they are unknown cards
                                 (dealt at random once, before any draw; such a
                                 seat draws only as unknown_draws says) */
    const uint8_t *deck;      /* the n_deck unseen cards */
    int n_deck;
    int draws;                /* 0 .. BDC_MAX_DRAWS */
    bdc_limits target;        /* the policy's stand-pat target */
    bdc_limits qualifier;     /* worst rank that may win a half; 0: none */
    const volatile int *stop; /* NULL, or polled: nonzero ends the run (STOPPING) */
    const int *unknown_draws; /* NULL: every seat of unknown cards stands pat; else
                                 BDC_MAX_DRAWS counts per seat, seat s's for draw r
                                 at [s * BDC_MAX_DRAWS + r - 1]: the cards a seat with
                                 draws_policy 0 throws by THE UNKNOWN SEAT'S RULE and
                                 draws in draw r (0 .. game.n_cards); 0 for a seat
                                 with draws_policy 1 and for a draw past `draws` */
} bdc_equity_spec;

/* THE UNKNOWN SEAT'S RULE.  A seat of unknown cards that draws k cards in a
 * draw throws the k cards of its hand with the highest keys, a key being,
 * most significant first:
 *   1. in a game with a Badugi half: whether the card is outside the hand's
 *      best badugi (the cards bdc_badugi_cards_batch picks, in the game's
 *      Badugi ace convention);
 *   2. in a game with a low half: whether another card of the same rank comes
 *      before it by (1, card id), so of a pair one card is kept;
 *   3. the card's rank in the game's ace convention (the low half's if it
 *      has one, else the Badugi half's), higher thrown first;
 *   4. the card id, higher thrown first.
 * So it throws what its best badugi does not use, then pairing cards, then
 * its highest cards; straights and flushes do not enter the choice.  The
 * thrown cards are out of play, as every discard. */

/* Per-seat integer counts over outcomes (exact: the outcomes of EXACT
 * COUNTS; sampled: one per sample).  win: sole best in the half; tie: best
 * with others; scoop: sole winner of every half of the game; share: the
 * fraction of the pot won, in units of 1 / BDC_SHARE_UNIT (a half is half the
 * pot in a split game; a half with no qualifying hand goes to the other
 * half's winners); share_sq: the sum of share squared, in units of
 * 1 / BDC_SHARE_UNIT^2, in sampled runs only (0 in exact runs).  A caller
 * keeps the sums below 2^64: outcomes or samples times BDC_SHARE_UNIT, and
 * samples times BDC_SHARE_UNIT^2. */
typedef struct {
    uint64_t badugi_win, badugi_tie, low_win, low_tie, scoop, share, share_sq;
} bdc_equity_sums;

/* A pot shared among n of 9 seats, halves split between 1 or 2 half winners:
 * 5040 (2 * 2520, 2520 = lcm(1..9)) divides by every share's denominator. */
#define BDC_SHARE_UNIT 5040

/* As bdc_draw_plan, for an equity spec; *outcomes is UINT64_MAX when the
 * count does not fit (then only sampled runs are possible). */
int bdc_equity_plan(const bdc_equity_spec *spec, uint64_t *outcomes, int *positions);

/* Adds one bdc_equity_sums per seat to sums, and the number of outcomes
 * (exact) or samples (sampled) to *weight.  An exact run of a spec whose
 * outcomes times BDC_SHARE_UNIT do not fit in 64 bits is BDC_E_ARGUMENT. */
int bdc_equity_run(const bdc_equity_spec *spec, int first_begin, int first_end,
                   uint64_t samples, uint64_t rng[4],
                   bdc_equity_sums *sums, uint64_t *weight);

/* Seeds a xoshiro256** state from one 64-bit seed (by splitmix64). */
void bdc_rng_seed(uint64_t seed, uint64_t rng[4]);

/* ---- random hands (bdc_random.c) ------------------------------------- */

/* Fills hands, n_hands rows of n_cards ids one row after another, with hands
 * of distinct cards drawn uniformly from the n_deck distinct ids of deck (the
 * caller leaves dead cards out), every row independent of the others.  The
 * random numbers are the splitmix64 stream of seed (through bdc_rng_seed), so
 * a seed and the deck's order fix the output.  Returns BDC_OK, BDC_E_CARD or
 * BDC_E_DUPLICATE for a bad deck, BDC_E_COUNT for n_cards outside
 * 1 .. n_deck, BDC_E_ARGUMENT for n_deck outside 1 .. 52 or a NULL pointer. */
int bdc_random_hands(uint64_t seed, const uint8_t *deck, int n_deck, int n_cards,
                     uint8_t *hands, size_t n_hands);

/* ---- end of random hands ------------------------------------------------ */

/* ---- the cards of the best badugi (bdc_cards.c) ----------------------- */

/* For each of n hands of n_cards (4 or 5) ids stored row after row, writes to
 * out[row] the positions of the cards that make the hand's best badugi in the
 * ace convention ace_high (0: aces low, 1: aces high) as a bit mask: bit j set
 * for the row's j-th card.  When different cards make the same badugi, the
 * cards with the smaller card mask (sum of 1 << id) are chosen.  Returns
 * BDC_OK, or BDC_E_CARD / BDC_E_DUPLICATE with the first bad row in *bad_row,
 * BDC_E_COUNT for another n_cards, BDC_E_ARGUMENT for ace_high outside 0..1
 * or a NULL pointer. */
int bdc_badugi_cards_batch(int ace_high, const uint8_t *hands, size_t n, int n_cards, uint8_t *out,
                           size_t *bad_row);

/* ---- end of the cards of the best badugi -------------------------------- */

/* ---- the hand's state machine (bdc_table.c) ---------------------------
 *
 * One hand of triple draw at a table, as docs/rules.rst ("How a hand is
 * played") and the Python engine (badeucey_fast.engine.Hand) play it: every
 * game a bdc_game names, fixed, pot and no limit, blinds, the cap and the
 * uncapped heads-up round, all-ins and side pots, the stub rule and burns,
 * 2 .. BDC_TABLE_MAX_SEATS seats (8 for a five-card game).  The state is one
 * flat struct without pointers: copying a hand is copying the struct.
 *
 * SMALLER GAMES.  The rules may play a subset of the deck, fewer draws (the
 * last betting round is round `draws`) and a limit on the cards thrown per
 * draw: the same state machine, ranking hands by the same functions.  The
 * seats are then at most (cards in the deck - max_discard) / n_cards, so
 * that every draw can be filled however the seats throw (the limits above
 * are this bound for the whole deck).
 *
 * SEATS AND PHASES.  Seats are 0 .. n_seats - 1 clockwise; `phase` is
 * BDC_PHASE_BET (betting round `round` 0..3), BDC_PHASE_DRAW (draw `round`
 * 1..3, before the betting round of that number) or BDC_PHASE_OVER.
 *
 * ACTIONS.  One int64_t, read by the phase of the seat to act:
 *   betting round: BDC_ACTION_FOLD (-1) folds (only facing a bet);
 *                  BDC_ACTION_CHECK_CALL (0) checks, or calls (all in if short);
 *                  a positive number bets or raises to that many chips, the
 *                  seat's whole bet this round (between the raise-to bounds
 *                  of bdc_table_legal; in fixed limit the one amount);
 *   draw:          0 .. 2^cards - 1, the mask of the cards thrown (bit i: the
 *                  seat's i-th card, as bdc_table_cards lists them), at most the
 *                  rules' max_discard bits; 0 stands pat.
 * A seat draws as many cards as it throws, from the stub.
 *
 * THE STUB.  Dealt at random (each card a uniform pick among the cards left)
 * or, for a hand started from a given deck, in the deck's order until the
 * stub first runs out.  The stub starts as the rules' deck.  When a draw (or a burn) needs more cards than are
 * left, the stub deals what is left, then every card out of play (discards,
 * folded hands, burns; not the cards the drawing seat has just thrown)
 * becomes the new stub, dealt at random.  A random pick of one card among
 * `left` takes one uniform u in [0, 1): the card at index floor(u * left) of
 * the stub, whose last card then moves into its place (the stub starts as
 * the ids 0..51 in order, and a reformed stub holds the cards out of play in
 * the order they went out: as Python's engine keeps them).  The uniforms
 * come from the table's own generator (xoshiro256** seeded by bdc_rng_seed),
 * or from the caller (bdc_table_io), so that a caller can replay the picks
 * of another implementation.
 *
 * SETTLEMENT.  Uncalled chips go back; a hand every other seat folded is won
 * without a showdown; otherwise the pots (a side pot for each all-in stake)
 * are settled by the game's public ranking functions: halves, qualifiers,
 * the odd chip of a split pot, tied winners sharing one odd chip each in
 * seat order from left of the button.
 *
 * Each entry point returns BDC_OK or a BDC_E_* code and then leaves the
 * table unchanged (BDC_E_ARGUMENT: a bad setting, a NULL pointer, a table
 * that is not a started hand; BDC_E_CARD / BDC_E_DUPLICATE: a bad deck;
 * BDC_E_ILLEGAL: an action the seat to act may not take now).  One more,
 * BDC_E_COUNT, would mean the cards ran out in a draw, which the seat limits
 * rule out; the table is then no longer a hand (every call refuses it). */

#define BDC_TABLE_MAX_SEATS 10         /* Badugi (4 cards); five-card games seat 8 */
#define BDC_TABLE_MAX_FIVE_CARD_SEATS 8
#define BDC_TABLE_MAX_CHIPS 1099511627776 /* 2^40: any stack, blind or bet; sums stay far inside int64 */
#define BDC_TABLE_MAX_EVENTS 48        /* events one call may record (bdc_table_io) */
#define BDC_TABLE_START_UNIFORMS 41    /* uniforms bdc_table_start may take: 40 cards dealt and a burn */
#define BDC_TABLE_ACT_UNIFORMS 6       /* uniforms bdc_table_act may take: 5 cards drawn and a burn */

enum bdc_structure { BDC_FIXED_LIMIT = 0, BDC_POT_LIMIT = 1, BDC_NO_LIMIT = 2 };
enum bdc_phase { BDC_PHASE_BET = 0, BDC_PHASE_DRAW = 1, BDC_PHASE_OVER = 2 };
enum bdc_action { BDC_ACTION_FOLD = -1, BDC_ACTION_CHECK_CALL = 0 };

/* How a table plays (the fields of Python's TableRules and Game). */
typedef struct {
    bdc_game game;           /* the halves and the hand size (4 only for a Badugi-only game) */
    int odd_chip_badugi;     /* split games: 1 if an odd chip goes to the Badugi half, 0 to the low half */
    int badugi_qualifier;    /* worst Badugi rank that may win its half; 0: no qualifier */
    int low_qualifier;       /* worst low rank that may win its half; 0: no qualifier */
    int structure;           /* enum bdc_structure */
    int64_t small_blind;     /* 0 .. big_blind */
    int64_t big_blind;       /* 1 .. BDC_TABLE_MAX_CHIPS */
    int64_t small_bet;       /* the fixed-limit bet of rounds 0 and 1 */
    int64_t big_bet;         /* the fixed-limit bet of rounds 2 and 3 */
    int cap;                 /* fixed limit: bets and raises a round allows (round 0: the big blind is the bet) */
    int heads_up_cap;        /* the cap when two players are in the hand as a round begins; 0: no cap */
    int burn;                /* 1: burn a card at the start of every draw */
    int cap_counts_blind;    /* 1: round 0's big blind counts as its first bet (this package's
                                count); 0: it does not, so the cap allows one raise more (pokerkit's) */
    /* A smaller game (a mini variant for exact solving); each 0 keeps the full game. */
    uint64_t deck;           /* the cards in play, bit c for card id c; 0: all 52 */
    int draws;               /* draws in a hand, 1 .. BDC_MAX_DRAWS (betting rounds: draws + 1); 0: 3 */
    int max_discard;         /* the most cards a seat may throw in one draw, 1 .. n_cards; 0: n_cards */
    int64_t ante;            /* posted by every seat before the blinds, into the pot and not a bet; 0: none */
} bdc_table_rules;

/* One thing that happened.  Kinds (enum bdc_event_kind):
 *   DEAL      seat is dealt its hand: cards[0 .. n_cards)
 *   FOLD      seat folds; CALL: seat checks (amount 0) or calls `amount` chips
 *   RAISE     seat bets or raises to `amount` this round
 *   DRAW      seat throws cards[0 .. n_thrown) and is dealt cards[n_thrown .. n_cards) in draw `round`
 *   BURN      cards[0] is burnt (seat -1)
 *   RESHUFFLE the stub is reformed from `amount` cards out of play (seat -1)
 *   RETURN    `amount` uncalled chips go back to seat
 *   SHOW      seat shows cards[0 .. n_cards) at the showdown
 *   WIN       seat takes `amount` chips from the middle (once per winning seat, after the SHOWs) */
enum bdc_event_kind {
    BDC_EVENT_DEAL = 0, BDC_EVENT_FOLD = 1, BDC_EVENT_CALL = 2, BDC_EVENT_RAISE = 3, BDC_EVENT_DRAW = 4,
    BDC_EVENT_BURN = 5, BDC_EVENT_RESHUFFLE = 6, BDC_EVENT_RETURN = 7, BDC_EVENT_SHOW = 8, BDC_EVENT_WIN = 9
};

typedef struct {
    int8_t kind;
    int8_t seat;
    int8_t round;
    uint8_t n_thrown;
    uint8_t n_cards;
    uint8_t cards[10];
    int64_t amount;
} bdc_table_event;

/* Where a call takes its uniforms and writes its events; a NULL io, or NULL
 * pointers in it, mean the table's own generator and no record.  A call
 * takes uniforms from uniforms[used] on (each in [0, 1)) and advances used;
 * it needs n_uniforms - used >= BDC_TABLE_START_UNIFORMS (bdc_table_start
 * with no deck) or BDC_TABLE_ACT_UNIFORMS (bdc_table_act).  It writes its
 * events to events[0 .. n_events) (set by the call) and needs max_events >=
 * BDC_TABLE_MAX_EVENTS. */
typedef struct {
    const double *uniforms;
    size_t n_uniforms;
    size_t used;
    bdc_table_event *events;
    size_t max_events;
    size_t n_events;
} bdc_table_io;

/* The state of one hand.  Read it through the functions below (or its
 * fields, which a binding may read but should not write). */
typedef struct {
    bdc_table_rules rules;
    int32_t n_seats, button, sb_seat, bb_seat;
    int32_t phase, round, to_act;    /* to_act: -1 once the hand is over */
    int32_t live, active;            /* seats not folded; seats neither folded nor all in */
    int32_t nbets, cap;              /* full bets this round; the round's cap (-1: none) */
    int32_t showdown;                /* 1 once settled by a showdown */
    int64_t level, last_raise, unit; /* the bet to match, the last full raise, the fixed-limit bet */
    int64_t start[10], stacks[10], bets[10], committed[10], payoffs[10];
    uint8_t folded[10], all_in[10], pending[10], can_raise[10];
    uint8_t hole[10][5];
    uint8_t n_hole[10];
    uint8_t queue[10];               /* the seats still to draw, the next last */
    uint8_t n_queue;
    uint8_t ordered;                 /* 1 while the stub is dealt in a given deck's order */
    uint8_t n_stub, n_muck, n_pots, checked;
    uint8_t stub[52];                /* the next card last when ordered */
    uint8_t muck[52];                /* the cards out of play, in the order they went */
    uint16_t dead;                   /* seats that posted a dead small blind (bit s: seat s) */
    int64_t pot_amount[10];          /* after a showdown: the pots, main pot first */
    uint16_t pot_eligible[10];       /* and the seats eligible for each (bit s: seat s) */
    uint64_t rng[4];                 /* the table's own generator (xoshiro256**) */
} bdc_table;

/* Numbers of what the seat to act may do (Python's Legal). */
typedef struct {
    int32_t seat;          /* -1 once the hand is over */
    int32_t phase;
    int32_t can_fold;      /* 1 when facing a bet */
    int32_t can_raise;     /* 1 when min_raise_to .. max_raise_to is a legal range */
    int64_t to_call;       /* chips a call puts in (its whole stack when short); 0: may check */
    int64_t min_raise_to;  /* the raise-to bounds (0 when it may not raise) */
    int64_t max_raise_to;
    int32_t raises_left;   /* full bets and raises left this round; -1: uncapped (or not a betting round) */
    int32_t max_discard;   /* in a draw: the most cards it may throw (the cards it holds, or the
                              rules' max_discard when that is smaller); else 0 */
} bdc_legal;

/* Starts a hand: n_seats stacks (each 1 .. BDC_TABLE_MAX_CHIPS), the
 * button's seat, then deals, posts the blinds and opens the first betting
 * round.  deck: NULL to deal at random, or the rules' deck (the 52 cards,
 * or the cards of rules->deck) as distinct card ids in the order they are
 * dealt (one card at a time clockwise from left of the button, then the
 * draws), a reformed stub being dealt at random all the same.  seed seeds the table's own generator (used when io brings no
 * uniforms). */
int bdc_table_start(bdc_table *table, const bdc_table_rules *rules, int n_seats, const int64_t *stacks,
                    int button, const uint8_t *deck, uint64_t seed, bdc_table_io *io);

/* As bdc_table_start, with a big blind posted out of turn by each seat of the
 * mask posted (bit s: seat s), as a new player posts one to be dealt in: after
 * the blinds, each such seat posts the big blind (all of its stack when short)
 * as its bet of the first round, a live blind: it calls only what a raise adds
 * and may check when the action comes back unraised.  Each seat of the mask
 * dead (a player back from sitting out, who owes both blinds) then posts the
 * small blind too, dead, from what it has left: into the pot and not a bet, so
 * it is never returned as uncalled, and it goes to the main pot at a showdown.
 * No posting seat may be the small or the big blind's (nor beyond n_seats), and
 * dead must be within posted: BDC_E_ARGUMENT.  Masks of 0 are bdc_table_start. */
int bdc_table_start_posted(bdc_table *table, const bdc_table_rules *rules, int n_seats, const int64_t *stacks,
                           int button, uint32_t posted, uint32_t dead, const uint8_t *deck, uint64_t seed,
                           bdc_table_io *io);

/* Checks that a table is a hand bdc_table_start made and that its numbers
 * hold together (a table copied from elsewhere, say).  BDC_OK or BDC_E_ARGUMENT. */
int bdc_table_check(const bdc_table *table);

/* Writes what the seat to act may do to *legal. */
int bdc_table_legal(const bdc_table *table, bdc_legal *legal);

/* 1 if the action is legal now, 0 if not, or a BDC_E_* code for a bad table. */
int bdc_table_can(const bdc_table *table, int64_t action);

/* The seat to act takes an action (ACTIONS above).  BDC_E_ILLEGAL (nothing
 * changes) for an action it may not take. */
int bdc_table_act(bdc_table *table, int64_t action, bdc_table_io *io);

/* Writes a seat's cards now (none once folded) to out; returns how many, or a BDC_E_* code. */
int bdc_table_cards(const bdc_table *table, int seat, uint8_t out[5]);

/* SELF-PLAY.  Whole hands played in C by built-in policies (enum bdc_policy):
 *   RANDOM   in a betting turn, uniformly one of fold (when facing a bet),
 *            check/call and bet/raise (when allowed), a raise to a uniform
 *            whole amount between the bounds; in a draw, each card thrown
 *            with probability 1/2 (as the package's RandomBot; drawn again
 *            while it throws more than the rules' max_discard);
 *   CALLING  always checks or calls, always stands pat (CallingBot);
 *   DRAWING  the rule of the package's DrawingBot: a hand's percentile in a
 *            half is the share of all hands of its size that beat it (ties
 *            count half: exact, by enumerating every hand), averaged over the
 *            game's halves; every discard (of at most max_discard cards) is
 *            scored by the expected percentile after one draw over 64 random
 *            draws from the deck's unseen cards, shared by every discard
 *            (seeded by the sorted hand, so a hand always gets the same plan);
 *            it throws the best discard (ties keep more cards).  Its strength
 *            is that score before the last round, the percentile of the
 *            hand it holds in the last round; it bets or raises (the smallest legal
 *            amount) when the strength is at most 0.15, 0.10, 0.07, 0.05 in
 *            rounds 0..3, halved for every bet of the round past the first;
 *            calls a bet at most 0.60, 0.50, 0.40, 0.30; else checks or folds.
 * Deal d (d = first_deal .. first_deal + deals - 1) has the button at seat
 * d % n_seats.  Its cards and the bots' choices come from seed and d alone
 * (G = 0x9E3779B97F4A7C15, splitmix64's increment; sums mod 2^64), so each
 * deal's result does not depend on how the deals are split among calls:
 *   SHUFFLED  the whole deck shuffled, a table seed and one generator per
 *             bot, all drawn from the generator bdc_rng_seed(seed + d * G)
 *             (play_match's deals);
 *   DRAWN     each card drawn from what is left of the stub as it is dealt,
 *             exactly as bdc_table_start with no deck and the table seed
 *             seed + (8d + 4) * G deals (the hands, every draw, every
 *             reshuffle); every bot's choice from the one generator
 *             bdc_rng_seed(seed + 8d * G).  Deal d reads words 8d + 1 ..
 *             8d + 8 of the seed's splitmix64 stream, so no two deals below
 *             2^61 share a word.
 * With duplicate, each deal is played n_seats times (rotation r: seat s
 * played by bot (s + r) % n_seats) from the same table as dealt (the same
 * cards come off the stub in each rotation until a reshuffle).  Writes
 * results[(d - first_deal) * n_seats + b]: the chips bot b won in that deal,
 * over its rotations.  BDC_OK, or BDC_E_ARGUMENT for a bad setting, a policy
 * or a dealing outside its enum or a NULL pointer. */
enum bdc_policy { BDC_POLICY_RANDOM = 0, BDC_POLICY_CALLING = 1, BDC_POLICY_DRAWING = 2 };
#define BDC_POLICIES 3
enum bdc_selfplay_dealing { BDC_SELFPLAY_SHUFFLED = 0, BDC_SELFPLAY_DRAWN = 1 };

int bdc_selfplay(const bdc_table_rules *rules, int n_seats, const int64_t *stacks, const int *policies,
                 uint64_t seed, uint64_t first_deal, uint64_t deals, int duplicate, int dealing, int64_t *results);

/* ---- end of the hand's state machine ------------------------------------ */

/* ---- the vector environment (bdc_vector.c) ----------------------------
 *
 * Many tables stepped in one call, each table one hand after another, and
 * the observation a learning program sees: the layout of the PettingZoo
 * environment triple_draw_v1 (badeucey_fast/env/triple_draw_v1.py documents
 * each part), written here once for that environment and for the vector one.
 *
 * THE OBSERVATION of one seat (the observer) is BDC_OBS_PARTS parts, in this
 * order, for n seats and k cards a hand (bdc_observation_parts gives their
 * sizes): cards (BDC_OBS_SLOT_SIZE * k), thrown (52), phase (8), position (n),
 * raises (5), raises_left (6), money (5), to_act (1), seats (n times
 * BDC_OBS_SEAT_FLAGS + 3 * (k + 2)).  Every number is in 0..1 (money over the
 * chips at the table).
 *
 * ACTIONS are 0 .. 6 + 2^k - 1: enum bdc_obs_action, then BDC_OBS_DRAW + m
 * throws the cards of slot mask m (slot i: the observer's i-th lowest card id).
 * The four raise sizes are the smallest raise-to, the bet to match plus half
 * the pot once called, plus the pot once called, and the largest raise-to,
 * each brought within the legal range; a size that comes to the amount of a
 * smaller-numbered one is masked, so each legal action is a different amount.
 *
 * DEALS.  Table number i (counting from first_table) deals its hands from its
 * own xoshiro256** stream, seeded by bdc_rng_seed(mix(mix(seed) ^ i)) (mix:
 * splitmix64's finaliser): each hand takes the button (a uniform seat), a
 * deck (a Fisher-Yates shuffle of the ids 0..51) and the table seed of its
 * reshuffles from it.  A table's hands thus depend on the seed, its number
 * and the actions played there, not on how many tables are stepped together.
 *
 * AUTO-RESET.  When a hand ends at a step, that table writes the hand's
 * payoffs (chips, and over the big blind as rewards) and done = 1, deals its
 * next hand and writes that hand's first observation; elsewhere the rewards
 * and payoffs are 0 and done is 0.  The observation written is always that
 * of the seat to act, whose number goes to seats[i]. */

#define BDC_OBS_SLOT_SIZE 19   /* numbers per card slot: rank one-hot 13, suit one-hot 4, rank shared, suit shared */
#define BDC_OBS_SEAT_FLAGS 9   /* stack, bet, chips in the hand, folded, all in, button, to act, two aggressor flags */
#define BDC_OBS_PARTS 9        /* cards, thrown, phase, position, raises, raises_left, money, to_act, seats */
#define BDC_OBS_MAX_SIZE 1024  /* more than any observation: a bound for callers' buffers */
#define BDC_OBS_RAISE_SIZES 4  /* RAISE_MIN .. RAISE_MAX */

enum bdc_obs_action {
    BDC_OBS_FOLD = 0, BDC_OBS_CALL = 1, BDC_OBS_RAISE_MIN = 2, BDC_OBS_RAISE_HALF = 3, BDC_OBS_RAISE_POT = 4,
    BDC_OBS_RAISE_MAX = 5, BDC_OBS_DRAW = 6
};

/* What one seat's observation shows, as numbers: filled from a table and the
 * records kept beside it (bdc_observation_of_table, for the vector
 * environment and the AEC one alike), or by a caller of bdc_observation_encode. */
typedef struct {
    int32_t n_seats, n_cards;     /* 2 .. BDC_TABLE_MAX_SEATS (8 for five cards); 4 or 5 */
    int32_t seat, button, to_act; /* the observer, the button, the seat to act (-1: the hand is over) */
    int32_t phase, round;         /* enum bdc_phase; betting round 0..3 or draw 1..3 */
    int32_t n_held;               /* the observer's cards (0 once folded) */
    uint8_t held[5];              /* in any order: the encoder sorts them into slots */
    uint64_t thrown;              /* the observer's cards thrown this hand (bit id) */
    int32_t raises[4];            /* bets and raises so far in each betting round (the blinds not counted) */
    int32_t aggressor[4];         /* the last seat to bet or raise in each betting round; -1: none */
    int32_t raises_left;          /* in a betting round: full bets and raises left before the cap; -1: uncapped */
    int64_t pot;                  /* chips in the middle, this round's bets included */
    int64_t chips;                /* chips at the table (the starting stacks together): the unit of money */
    int64_t stacks[10], bets[10], committed[10];
    uint8_t folded[10], all_in[10];
    int8_t drew[3][10];           /* cards each seat drew in draws 1..3; -1: not drawn */
    bdc_legal legal;              /* what the seat to act may do (read when the observer is to act) */
} bdc_observer;

/* Writes the sizes of the BDC_OBS_PARTS parts to sizes and returns the
 * observation's size, or BDC_E_ARGUMENT for a table the state machine does
 * not seat. */
int bdc_observation_parts(int n_seats, int n_cards, int32_t sizes[9]);

/* Encodes one observation: obs (obs_size floats, exactly the size of the
 * observer's table), mask (n_actions = 6 + 2^n_cards int8: 1 for each legal
 * action, all 0 unless the observer is to act), raise_to (the chips of the
 * four raise sizes, 0 where masked).  Any of the three may be NULL.  BDC_OK;
 * BDC_E_ARGUMENT for a NULL observer, a field out of range or a wrong size. */
int bdc_observation_encode(const bdc_observer *observer, float *obs, size_t obs_size, int8_t *mask, size_t n_actions,
                           int64_t raise_to[4]);

/* What an observation shows that a table does not keep, recorded by whoever
 * plays the hand as it goes (the AEC environment): each seat's cards thrown
 * (bit id), the bets and raises and the last aggressor of each betting round
 * (as bdc_observer's), the cards each seat drew in draws 1..3 (-1: not drawn). */
typedef struct {
    uint64_t thrown[10];
    int32_t raises[4];
    int32_t aggressor[4];
    int8_t drew[3][10];
} bdc_obs_record;

/* Encodes `seat`'s observation, mask and raise sizes (as
 * bdc_observation_encode) at table t, in play or over, with the record of the
 * hand so far: the observer filled from the table as the vector environment
 * fills it, so both environments have one source for every number.  BDC_OK;
 * BDC_E_ARGUMENT for a NULL pointer, a seat not at the table, a damaged table
 * or record, or a wrong size. */
int bdc_observation_of_table(const bdc_table *t, int seat, const bdc_obs_record *record, float *obs, size_t obs_size,
                             int8_t *mask, size_t n_actions, int64_t raise_to[4]);

/* One table of a vector environment: the hand in play and what its
 * observations need besides.  The caller allocates it (zeroed) and hands it
 * to bdc_vector_reset before any step; its fields are checked at every call. */
typedef struct {
    bdc_table table;
    uint64_t deals[4];            /* the table's deal stream (DEALS) */
    uint64_t hands;               /* hands dealt since the reset */
    uint64_t seed;                /* the hand's table seed (its reshuffles) */
    uint8_t deck[52];             /* the hand's deck, in the order dealt */
    uint64_t thrown[10];          /* each seat's cards thrown this hand (bit id) */
    int8_t drew[3][10];           /* cards each seat drew in draws 1..3; -1: not drawn */
    int32_t raises[4];            /* bets and raises in each betting round */
    int32_t aggressor[4];         /* the last seat to bet or raise in each betting round; -1: none */
    uint64_t mask;                /* the legal actions of the seat to act (bit a: action a) */
    int64_t raise_to[4];          /* the chips of RAISE_MIN .. RAISE_MAX now (0: masked) */
} bdc_vector_table;

/* Where a reset or a step writes, n_tables rows each: observations
 * (obs_size floats a row, the size of the tables' observation), masks
 * (n_actions int8 a row), seats (the seat to act), rewards and payoffs
 * (n_seats a row: over the big blind, and in chips), dones (0 or 1).  Every
 * pointer is needed; every table must seat n_seats. */
typedef struct {
    float *observations;
    size_t obs_size;
    int8_t *masks;
    size_t n_actions;
    int32_t *seats;
    float *rewards;
    int64_t *payoffs;
    uint8_t *dones;
    int32_t n_seats;
} bdc_vector_out;

/* Deals a first hand at each of n_tables tables and writes their
 * observations (rewards, payoffs and dones 0).  reseed 1: every table's deal
 * stream is seeded from seed and its number first_table + i (DEALS); reseed
 * 0: each table goes on with its own stream (the tables must have been reset
 * before; seed and first_table are then ignored).  BDC_OK, or BDC_E_ARGUMENT
 * for a bad setting, a NULL pointer or (reseed 0) a damaged table, whose
 * index goes to *bad_table when bad_table is not NULL. */
int bdc_vector_reset(bdc_vector_table *tables, size_t n_tables, const bdc_table_rules *rules, int n_seats,
                     const int64_t *stacks, uint64_t seed, uint64_t first_table, int reseed, const bdc_vector_out *out,
                     size_t *bad_table);

/* The seat to act at each table takes actions[i] (ACTIONS); a hand that ends
 * is paid and the next dealt (AUTO-RESET).  Every action is checked against
 * its table's mask before any table moves: BDC_E_ILLEGAL, with the first
 * table whose action is out of range or masked in *bad_table, changes
 * nothing.  BDC_E_ARGUMENT for a NULL pointer, outputs that do not fit the
 * tables, or a damaged table (its index in *bad_table; the tables before it
 * may then have moved). */
int bdc_vector_step(bdc_vector_table *tables, size_t n_tables, const int64_t *actions, const bdc_vector_out *out,
                    size_t *bad_table);

/* ---- end of the vector environment -------------------------------------- */

/* ---- the solver: Monte Carlo CFR (bdc_cfr.c) ---------------------------
 *
 * External-sampling Monte Carlo counterfactual regret minimisation for
 * heads-up fixed-limit triple draw, on the hand's state machine above: the
 * solver plays hands through bdc_table_start / _legal / _act / _cards (and
 * reads a finished table's payoffs) and knows nothing of how hands rank.
 *
 * THE GAME.  Two seats; seat 0 is the button (the small blind), seat 1 the
 * big blind.  Each iteration runs two traversals, one per seat (the
 * traverser): chance is one deck order, shuffled from the solver's own
 * xoshiro256** stream (memory->rng) together with the table's seed (which
 * deals a reformed stub); the traverser tries every action of its
 * information sets, the other seat samples one action from its current
 * strategy (from the same stream).  A game with fixed_deal deals the deck
 * in the given order every time: one deal, a test game.
 *
 * ACTIONS OF AN INFORMATION SET.  Betting: fold (when facing a bet), check
 * or call, bet or raise (when allowed, to min_raise_to), in that order.
 * Draw: the candidate discards of the hand for the draws left, in their
 * order, those throwing more than the seat may (bdc_legal.max_discard)
 * left out (standing pat when none is left); without candidates, every
 * discard the seat may make, by increasing mask over the sorted hand.
 *
 * THE CARD KEY.  A hand is read sorted (ascending ids); its index is the
 * colex index of the sorted ids c0 < c1 < ...: sum over i of C(c_i, i + 1),
 * 0 .. C(52, n) - 1 (n = rules.game.n_cards: the same index whatever the
 * deck in play).  The draws left are `draws` - round in betting round
 * `round`, and `draws` - round + 1 in draw `round` (this draw counted).  The
 * card key is buckets[draws left][index] (NULL: the index itself: the exact
 * hand).  candidates[draws left] (1 .. 3; NULL: every discard) holds
 * BDC_CFR_CANDIDATES masks per index, bit b throwing the sorted hand's b-th
 * card, the unused ones BDC_CFR_NO_CANDIDATE after the used ones.  Every
 * array has `hands` = C(52, n) entries (times BDC_CFR_CANDIDATES).
 *
 * THE INFORMATION-SET KEY: BDC_CFR_KEY_BYTES bytes, byte 0 the seat (0: the
 * button), 1 the phase, 2 the round, 3 the number of actions, 4..7 the card
 * key (least significant byte first), 8 the length of the history, then the
 * history packed two codes a byte (the first in the low half), zeros after.
 * The history is every action of the hand so far, public: 1 fold, 2 check or
 * call, 3 bet or raise, 4 + k a draw of k cards.  Hands in one bucket with
 * different numbers of candidates are thus different information sets.
 * With recall (exact hands only), the seat's own draws follow the public
 * codes: for each draw it did not stand pat in, the cards it threw, then
 * those it was dealt, each ascending, a card c as the two codes c / 8 + 1
 * and c % 8 + 1; byte 7 (above the exact index, which takes 22 bits) counts
 * these codes, byte 8 all the codes.  The key then says all the seat has
 * seen (perfect recall), as an exact solution of a small game needs; without
 * recall it forgets which cards it threw.
 *
 * THE ROUND HISTORY (history = BDC_CFR_ROUND_HISTORY; no recall): a key
 * holds, instead of every code, the codes of this betting round (in a draw:
 * of this draw, the other seat's when it drew first), after four codes
 * summing up the rest once a betting round is over: the bets so far in
 * small bets (the big blind the first, a big-bet round's counting twice) as
 * 1, 2, 3, 4 for 1 .. 4 bets, 5 for 5-6, 6 for 7-8, 7 for 9-11, 8 for 12
 * and more; who made the last bet or raise of the last betting round over
 * (1 nobody, 2 this seat, 3 the other); the other seat's last draw (4 +
 * cards; 10 none yet); and its draw before that (1 none, 2 + cards, two or
 * more as 4).  The strategy of a full game then stays small.
 * BDC_CFR_ROUND_OWN_HISTORY adds a fifth summary code: whether the seat
 * stood pat in its own last draw (4 pat, 5 it drew; 10 no draw yet), so
 * that its keys tell a hand it stood pat with from one it drew to (the
 * cards it drew show in its hand's bucket).
 *
 * MEMORY.  The caller's arrays (the core never allocates): the entries in
 * the order they were first met (keys, and offsets into the value arrays:
 * entry e owns regrets and averages [offsets[e], offsets[e] + actions)),
 * and an open-addressing table of slots over them (linear probing; a slot
 * is BDC_CFR_SLOT_WORDS words, all 0 when empty, else the key's first 16
 * bytes, the high 32 bits of the key's 64-bit hash above the entry's index +
 * 1, and the entry's offset: a node finds its entry and reads its values
 * from the slot alone, a key of more than 14 codes confirmed by comparing
 * the whole key; keys hold zeros after their codes).  The entries and values
 * are the strategy; the slots only find them, and bdc_cfr_rehash rebuilds
 * them, so results never depend on the capacities.
 *
 * VARIANTS (enum bdc_cfr_variant), at iteration t (1, 2, ...): VANILLA adds
 * each sampled regret and each strategy once (regret matching, uniform
 * average); LINEAR weighs both by t (linear CFR: early, poor iterations
 * fade); PLUS keeps regrets at or above 0 after each update (regret
 * matching+) and weighs the average by t.  The average strategy is
 * accumulated at the information sets of the seat that is not traversing,
 * where its own play sampled the path (stochastically weighted averaging).
 *
 * A BEST RESPONSE.  With game->against set (a memory holding a trained
 * strategy: its keys, offsets and averages), the seat that is not
 * traversing plays that strategy's average (uniform where it has none)
 * instead of its own regret matching, and nothing is learned at its
 * information sets: the memory then holds the traverser's sets only, whose
 * cumulative regrets point, action by action, to a best response to the
 * fixed strategy (the action of largest regret: that of largest summed
 * sampled counterfactual value).  VANILLA weighs every iteration alike.
 *
 * Results depend only on the game, the seed (memory->rng) and the
 * iterations run: not on how runs are split, nor on the capacities. */

#define BDC_CFR_KEY_BYTES 40      /* an information-set key (layout above) */
#define BDC_CFR_MAX_HISTORY 62    /* codes a key holds: (40 - 9) bytes, two a byte */
#define BDC_CFR_MAX_ACTIONS 32    /* every discard of five cards */
#define BDC_CFR_CANDIDATES 4      /* candidate discards per hand at most */
#define BDC_CFR_NO_CANDIDATE 255  /* fills a hand's candidates after its last */
#define BDC_CFR_MIN_ROOM 4096     /* entries (and values / 8) free before an iteration, beyond twice the most one added */
#define BDC_CFR_SLOT_WORDS 4      /* a hash slot (MEMORY): 32 bytes, two to a cache line */

enum bdc_cfr_variant { BDC_CFR_VANILLA = 0, BDC_CFR_LINEAR = 1, BDC_CFR_PLUS = 2 };
enum bdc_cfr_history { BDC_CFR_FULL_HISTORY = 0, BDC_CFR_ROUND_HISTORY = 1, BDC_CFR_ROUND_OWN_HISTORY = 2 };

typedef struct {
    bdc_table_rules rules;        /* fixed limit; its history fits BDC_CFR_MAX_HISTORY codes */
    int64_t stacks[2];            /* chips of seat 0 (the button) and seat 1 */
    const uint8_t *deck;          /* the cards in play (the rules' deck), n_deck distinct ids; NULL: all 52 */
    int n_deck;
    int draws;                    /* draws in a hand (the rules'), 1 .. BDC_MAX_DRAWS */
    int fixed_deal;               /* 1: deal deck in its order every time (deck required); 0: shuffle */
    int variant;                  /* enum bdc_cfr_variant */
    size_t hands;                 /* C(52, n_cards): entries of each abstraction array given */
    const uint32_t *buckets[4];   /* by draws left 0..3: card key by hand index; NULL: the index */
    const uint8_t *candidates[4]; /* by draws left 1..3 ([0] unused): BDC_CFR_CANDIDATES masks per index; NULL: all */
    int recall;                   /* 1: keys hold the seat's own draws (perfect recall; no buckets) */
    int history;                  /* enum bdc_cfr_history: what keys hold of the public history */
    const struct bdc_cfr_memory_s *against; /* NULL; else a strategy the other seat plays (A BEST RESPONSE) */
} bdc_cfr_game;

typedef struct bdc_cfr_memory_s {
    uint64_t *slots;              /* BDC_CFR_SLOT_WORDS * n_slots words: n_slots a power of two >= 2 * max_entries */
    size_t n_slots;
    uint8_t *keys;                /* max_entries * BDC_CFR_KEY_BYTES */
    uint64_t *offsets;            /* max_entries */
    size_t n_entries, max_entries; /* max_entries < 2^32 - 1 */
    double *regrets;              /* max_values (NULL to only read a strategy) */
    double *averages;             /* max_values: the average strategy, unnormalised */
    size_t n_values, max_values;
    uint64_t rng[4];              /* the solver's stream (bdc_rng_seed) */
    uint64_t iterations;          /* iterations done */
    uint64_t peak_entries, peak_values; /* the most one iteration added */
    int damaged;                  /* 1 after a run failed inside an iteration: the memory is no strategy */
} bdc_cfr_memory;

/* Checks a game: BDC_OK, BDC_E_ARGUMENT (a setting outside its range, a
 * history that may not fit), or what bdc_table_start says of its rules and
 * stacks. */
int bdc_cfr_check(const bdc_cfr_game *game);

/* Runs `iterations` more iterations, each adding 1 to memory->iterations.
 * Returns BDC_OK; BDC_E_STOPPED once *stop (polled between iterations) is
 * nonzero; BDC_E_MEMORY, between iterations, when fewer than twice the most
 * entries or values an iteration has added (plus BDC_CFR_MIN_ROOM) are free:
 * the caller gives larger arrays (copying the entries and values), calls
 * bdc_cfr_rehash and runs on.  An error inside an iteration (the arrays full
 * all the same: BDC_E_MEMORY; a bad candidate mask: BDC_E_ARGUMENT) sets
 * memory->damaged.  BDC_E_ARGUMENT for a bad game or memory. */
int bdc_cfr_run(const bdc_cfr_game *game, bdc_cfr_memory *memory, uint64_t iterations, const volatile int *stop);

/* Rebuilds the slots from the entries (after the arrays grew, or were read
 * from a file), checking them: offsets dense from 0 (each entry's values
 * follow the last's, ending at n_values), keys well formed and distinct,
 * regrets finite, averages finite and non-negative with a finite total per
 * entry.  BDC_OK or BDC_E_ARGUMENT. */
int bdc_cfr_rehash(bdc_cfr_memory *memory);

/* The average strategy at one information set, as the seat to act sees it:
 * its position (0: the button), the betting round or draw `round`, what it
 * may do (legal, as bdc_table_legal writes it), its cards in its own order,
 * the hand's history codes and, with recall, the seat's own codes (THE
 * INFORMATION-SET KEY; n_own 0 without recall).  Writes the
 * actions (the table's encoding; a draw's mask over the cards as given) and
 * their probabilities, uniform for an information set never met or whose
 * averages total 0 (*seen = 0).  Returns the number of actions, or BDC_E_*
 * (BDC_E_CARD, BDC_E_DUPLICATE for bad cards; BDC_E_ARGUMENT for anything
 * else out of range, an entry's averages that are not finite, non-negative
 * weights of a finite total included). */
int bdc_cfr_policy(const bdc_cfr_game *game, const bdc_cfr_memory *memory, int position, int round,
                   const bdc_legal *legal, const uint8_t *cards, int n_cards, const uint8_t *history,
                   int n_history, const uint8_t *own, int n_own, int64_t actions[32], double probabilities[32],
                   int *seen);

/* bdc_cfr_policy for n_hands holdings at one decision: the same position,
 * round, legal actions, history and own codes, the holdings stored row after
 * row in `hands` (n_hands * n_cards ids, each row in the seat's own order).
 * Writes row i's actions to actions[32 * i ..], their probabilities to
 * probabilities[32 * i ..] (the rest of each row of 32 left as it was), their
 * number to n_actions[i] and whether the set was met to seen[i], each bit
 * for bit what bdc_cfr_policy writes for that holding (a draw's actions
 * differ between holdings with different candidate discards).  Returns
 * BDC_OK, or what bdc_cfr_policy returns for the first row it refuses, that
 * row's index in *bad_row when bad_row is not NULL (the rows before it
 * written; arguments every row shares are checked with row 0).  BDC_E_ARGUMENT
 * for a NULL game, memory or legal, or a NULL array with n_hands > 0. */
int bdc_cfr_policy_many(const bdc_cfr_game *game, const bdc_cfr_memory *memory, int position, int round,
                        const bdc_legal *legal, const uint8_t *hands, size_t n_hands, int n_cards,
                        const uint8_t *history, int n_history, const uint8_t *own, int n_own, int64_t *actions,
                        double *probabilities, int *n_actions, int *seen, size_t *bad_row);

/* The key of that information set (THE INFORMATION-SET KEY), from the same
 * arguments as bdc_cfr_policy: returns the number of its actions, or BDC_E_*
 * as bdc_cfr_policy does. */
int bdc_cfr_key(const bdc_cfr_game *game, int position, int round, const bdc_legal *legal, const uint8_t *cards,
                int n_cards, const uint8_t *history, int n_history, const uint8_t *own, int n_own,
                uint8_t key[40]);

/* ---- end of the solver -------------------------------------------------- */

/* ---- search: re-solving the last betting round (bdc_subgame.c) ----------
 *
 * At play time a seat may re-solve the rest of a heads-up hand once no draw
 * is left: the last betting round, whose public tree (every fold, check or
 * call, and bet or raise of fixed limit from the table's decision on) is
 * small, played on copies of the caller's table (bdc_table_act), so the
 * cap, the stacks and the settlement are the table's own.
 *
 * THE RANGES.  Each seat s has n_hands[s] holdings, hands[s] their cards
 * (n_cards ids each; a holding is one information set of the seat: two
 * holdings may hold the same cards, say after different draws), reach[s]
 * the probability the seat's own play so far gives each (its blueprint's
 * actions and throws).  The pairs chance allows are listed with chance's
 * probability (pair_weight: the deal and the draws' cards, > 0, the two
 * holdings sharing no card); the rest have probability 0.  A pair's payoff at
 * a showdown is what the table pays seat 0 with those cards (the whole hand's
 * net chips, odd chips and halves as bdc_table settles them); at a fold, what
 * it pays whatever the cards.
 *
 * THE SOLVER.  CFR+ with alternating updates, one vector of holdings per
 * node: regrets floored at 0, the average strategy weighted by the
 * iteration (linear averaging) and by the seat's own reach.  Deterministic:
 * the result depends only on the problem and the iterations.
 *
 * THE GADGET (Burch, Johanson and Bowling 2014, "Solving imperfect
 * information games using decomposition"; Brown and Sandholm 2017, "Safe and
 * nested subgame solving for imperfect-information games"): re-solving for
 * `seat`, the other seat may, at each of its holdings, take an alternative
 * value instead of entering the subgame; the alternative is its
 * counterfactual value there under the blueprint (blueprint[s]: both seats'
 * probabilities at every node of the tree below, per holding; GADGET_BLUEPRINT
 * with both seats playing it, GADGET_BEST_RESPONSE with the other seat
 * best-responding to the searcher's blueprint, which makes re-solving safe:
 * no holding of the other seat gains more against the result than against the
 * blueprint, once the solver has converged).  The other seat's reach at the
 * root is then the gadget's probability of entering, not reach[other].
 * GADGET_MAXMARGIN (Moravcik et al. 2016; Brown and Sandholm 2017,
 * "Maxmargin") keeps GADGET_BEST_RESPONSE's alternatives but lets the other
 * seat choose which of its holdings enters (regret matching+ over them, each
 * holding's value per unit of the chance and the searcher's root reach it
 * meets, less its alternative): the solver then maximises the smallest margin
 * by which a holding falls short of its alternative, so every holding the
 * searcher's range meets, the ones the other seat's blueprint never plays
 * included, is held to it, and the re-solve lowers what it can.
 * THE GIFTS (Brown and Sandholm 2017, "Reach" subgame solving): with a
 * gadget, gift, when not NULL, gives each of the other seat's holdings a
 * value >= 0 per unit of the chance and the searcher's root reach it meets,
 * added to its alternative: what the other seat gave up on its way to the
 * round, at its own earlier decisions, against the searcher's blueprint (its
 * best response's value of the best action there less that of the action it
 * took, summed along its path).  A holding may then gain up to its gift
 * against the result and the other seat's best response over the whole hand
 * still gains nothing, so GADGET_MAXMARGIN with gifts (Reach-Maxmargin) stays
 * safe while the re-solve is held less tightly where the other seat has
 * already lost.
 * GADGET_NONE re-solves with both seats' reaches as given (unsafe).  With a
 * gadget, a holding's strategy at a node starts from the blueprint: its
 * current strategy is the blueprint's while it has no positive regret, and so
 * is its result where its average has no weight (the other seat never enters
 * against it, say), where CFR+ would otherwise play uniformly.
 *
 * STRATEGIES (the blueprint and the results) are laid out per node of
 * bdc_subgame_tree, per holding, BDC_SUBGAME_ACTIONS probabilities by child
 * slot (fold, check or call, bet or raise; 0 at an action that is not legal
 * and at nodes where the seat does not act).
 *
 * MEMORY.  The caller passes the nodes array and the workspace
 * (bdc_subgame_work says how many doubles); nothing is allocated. */

#define BDC_SUBGAME_ACTIONS 3           /* fold, check or call, bet or raise */
#define BDC_SUBGAME_MAX_NODES 256       /* a round's tree: about three nodes a bet */
#define BDC_SUBGAME_MAX_HANDS 1000000   /* holdings of one seat */
#define BDC_SUBGAME_MAX_PAIRS 100000000 /* pairs of holdings */
#define BDC_SUBGAME_MAX_ITERATIONS 1000000

enum bdc_subgame_gadget {
    BDC_GADGET_NONE = 0,
    BDC_GADGET_BLUEPRINT = 1,
    BDC_GADGET_BEST_RESPONSE = 2,
    BDC_GADGET_MAXMARGIN = 3
};

/* A node of the round's public tree. */
typedef struct {
    int32_t parent;         /* -1 at the root; a parent precedes its children */
    int32_t seat;           /* the seat to act; -1 once the hand is over */
    int32_t showdown;       /* once over: the showdown's number (0, 1, ... in node order), or -1 after a fold */
    int32_t child[3];       /* by slot: fold, check or call, bet or raise; -1 when not legal */
    int64_t action;         /* the table action from the parent */
    double payoff;          /* after a fold: seat 0's net chips for the hand */
} bdc_subgame_node;

typedef struct {
    const bdc_table *table;          /* heads-up, at a decision of the last betting round, fixed limit */
    int n_hands[2];                  /* 1 .. BDC_SUBGAME_MAX_HANDS */
    const uint8_t *hands[2];         /* n_hands[s] * n_cards card ids */
    const double *reach[2];          /* n_hands[s], each in 0 .. 1 */
    size_t n_pairs;                  /* 1 .. BDC_SUBGAME_MAX_PAIRS */
    const uint32_t *pair_hand[2];    /* each pair's holding of each seat */
    const double *pair_weight;       /* each pair's chance, in (0, 1] */
    int seat;                        /* the seat re-solving */
    int gadget;                      /* enum bdc_subgame_gadget */
    const double *blueprint[2];      /* STRATEGIES, both seats' (unread with GADGET_NONE) */
    const double *gift;              /* NULL, or THE GIFTS: n_hands[1 - seat], each finite and >= 0 (unread with
                                        GADGET_NONE) */
} bdc_subgame;

typedef struct {
    double value;                    /* seat 0's expected chips under the results, both reaches as given */
    double best_response[2];         /* each seat's expected chips best-responding to the other's result */
    double exploitability;           /* (best_response[0] + best_response[1]) / 2 */
    double gadget_entered;           /* the gadget's mean probability of entering over the holdings (1 without;
                                        with GADGET_MAXMARGIN the share of holdings it may choose: a positive regret) */
    double margin;                   /* with a gadget, the smallest margin over the other seat's holdings the
                                        searcher's range meets: its best response's value against the searcher's
                                        blueprint plus its gift, less that against the result, per unit of chance and
                                        the searcher's root reach (>= 0: the result is safe); 0 without */
} bdc_subgame_result;

/* Writes the round's public tree from the table's decision to nodes (breadth
 * first, the root first); returns the number of nodes, BDC_E_MEMORY when more
 * than max_nodes, BDC_E_ARGUMENT for a table that is not a heads-up,
 * fixed-limit hand at a decision of its last betting round, a NULL pointer or
 * max_nodes outside 1 .. BDC_SUBGAME_MAX_NODES. */
int bdc_subgame_tree(const bdc_table *table, bdc_subgame_node *nodes, int max_nodes);

/* The workspace bdc_subgame_solve needs, in doubles, to *n_work.  BDC_OK, or
 * the problem's error as bdc_subgame_solve would return it. */
int bdc_subgame_work(const bdc_subgame *problem, size_t *n_work);

/* Runs `iterations` (1 .. BDC_SUBGAME_MAX_ITERATIONS) of CFR+ and writes both
 * seats' average strategies (STRATEGIES) and *result (the results' values
 * over the pairs' reach and chance, in chips).  BDC_OK; BDC_E_MEMORY when
 * n_work is short of bdc_subgame_work's; BDC_E_CARD or BDC_E_DUPLICATE for a
 * holding's bad cards or a pair sharing a card; BDC_E_ARGUMENT for anything
 * else out of range (a reach, weight or gift, a blueprint whose
 * probabilities at a node are not a distribution over its legal actions). */
int bdc_subgame_solve(const bdc_subgame *problem, int iterations, double *work, size_t n_work,
                      double *strategy0, double *strategy1, bdc_subgame_result *result);

/* Seat 0's payoff of every pair at every showdown of the round's tree, as
 * bdc_subgame_solve settles them: n_showdowns * n_pairs payoffs, showdown by
 * showdown (their numbers in bdc_subgame_tree), each pair's in pair order, to
 * payoffs.  BDC_OK; BDC_E_MEMORY when n_payoffs is short of them; the
 * problem's error as bdc_subgame_solve would return it; BDC_E_ARGUMENT for a
 * NULL payoffs. */
int bdc_subgame_payoffs(const bdc_subgame *problem, double *payoffs, size_t n_payoffs);

/* ---- end of search ------------------------------------------------------ */

/* cffi-cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* BADEUCEY_H */
