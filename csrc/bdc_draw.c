/*
 * bdc_draw.c - one hand's draws: exact enumeration or seeded sampling.
 *
 * badeucey.h documents the draw policy, the chunking of exact runs and what
 * each output counts.  Everything is checked before the first card is dealt:
 * ids, duplicates between the kept cards and the unseen deck, hand sizes,
 * that the deck holds enough cards for every draw, and ranks of limits.  The
 * hands are then ranked through bdc_halves, which checks every hand again,
 * or, in the exact enumeration, a block at a time (bdc_enumerate.h).
 */
#include <string.h>

#include "bdc_enumerate.h"
#include "bindings/bdc_bindings.h" /* bdc_draw_run_out */

/* ---- one hand's draws ------------------------------------------------- */

typedef struct {
    const bdc_draw_spec *spec;
    unsigned hand[BDC_MAX_CARDS];
    unsigned deck[BDC_DECK_SIZE];
    unsigned char used[BDC_DECK_SIZE];  /* by deck position: dealt in an earlier draw */
    int k;                         /* cards drawn in each draw */
    unsigned query[2];             /* spec->query with "any" (0) as the largest rank */
    uint64_t stay[BDC_MAX_DRAWS + 1]; /* stay[r]: outcomes a hand final after draw r stands for */
    uint64_t *badugi_counts, *low_counts;
    uint64_t *rank_sums;           /* NULL, or: add rank times weight per half here, not counts by rank */
    uint64_t hits, total;
} bdc_draw_ctx;

static int bdc_draw_check(const bdc_draw_spec *spec)
{
    uint64_t seen = 0;
    int status, k;
    if (!bdc_game_ok(&spec->game))
        return BDC_E_RANKING;
    k = spec->game.n_cards - spec->n_kept;
    if (spec->n_kept < 0 || k < 0 || spec->n_deck < 0 || spec->n_deck > (int)BDC_DECK_SIZE ||
        spec->draws < 1 || spec->draws > BDC_MAX_DRAWS)
        return BDC_E_ARGUMENT;
    if ((status = bdc_see(spec->kept, spec->n_kept, &seen)) != BDC_OK ||
        (status = bdc_see(spec->deck, spec->n_deck, &seen)) != BDC_OK)
        return status;
    if (k * spec->draws > spec->n_deck)
        return BDC_E_ARGUMENT; /* not enough unseen cards for every draw */
    if (!bdc_limits_ok(&spec->game, &spec->target) || !bdc_limits_ok(&spec->game, &spec->query))
        return BDC_E_RANK;
    return BDC_OK;
}

int bdc_draw_plan(const bdc_draw_spec *spec, uint64_t *outcomes, int *positions)
{
    int status = bdc_draw_check(spec), r, k;
    if (status)
        return status;
    k = spec->game.n_cards - spec->n_kept;
    *outcomes = 1; /* at most C(47, 5) * C(42, 5) * C(37, 5) < 2^60 */
    for (r = 0; k && r < spec->draws; r++)
        *outcomes *= bdc_binomial(spec->n_deck - r * k, k);
    *positions = k ? spec->n_deck - k + 1 : 1;
    return BDC_OK;
}

static inline void bdc_draw_record(bdc_draw_ctx *ctx, const unsigned halves[2], uint64_t weight)
{
    uint64_t hit = (uint64_t)((halves[0] <= ctx->query[0]) & (halves[1] <= ctx->query[1]));
    if (ctx->badugi_counts)
        ctx->badugi_counts[halves[0]] += weight;
    if (ctx->low_counts)
        ctx->low_counts[halves[1]] += weight;
    if (ctx->rank_sums) {
        if (ctx->spec->game.badugi != BDC_NO_HALF)
            ctx->rank_sums[0] += weight * halves[0];
        if (ctx->spec->game.low != BDC_NO_HALF)
            ctx->rank_sums[1] += weight * halves[1];
    }
    ctx->hits += weight & (0 - hit); /* no branch: hits are rare or common, not predictable */
    ctx->total += weight;
}

static int bdc_draw_exact(bdc_draw_ctx *ctx, int r, int begin, int end);

/* The final hands of the last draw (bdc_each_final): every one recorded,
 * each standing for ctx->stay[draws] outcomes. */
static int bdc_draw_final(void *frame, const bdc_ranked *ranked)
{
    bdc_draw_ctx *ctx = (bdc_draw_ctx *)frame;
    const bdc_draw_spec *spec = ctx->spec;
    const uint64_t w = ctx->stay[spec->draws];
    const unsigned q0 = ctx->query[0], q1 = ctx->query[1];
    const uint16_t *b = ranked->badugi, *l = ranked->low;
    uint64_t *bc = ctx->badugi_counts, *lc = ctx->low_counts, hits = 0;
    const int step = ranked->step, n = ranked->n;
    int i;
    if (spec->stop && *spec->stop)
        return BDC_E_STOPPED;
    if (ctx->rank_sums) { /* the ranks added up, not counted by rank */
        uint64_t sum_b = 0, sum_l = 0;
        for (i = 0; i < n; i++) {
            const unsigned hb = b ? b[i * step] : 0, hl = l ? l[i * step] : 0;
            sum_b += hb;
            sum_l += hl;
            hits += (uint64_t)((!b || hb <= q0) & (!l || hl <= q1));
        }
        ctx->rank_sums[0] += w * sum_b;
        ctx->rank_sums[1] += w * sum_l;
    /* a loop per set of halves, counted in locals (no branch: hits are rare or common) */
    } else if (b && l) {
        for (i = 0; i < n; i++) {
            const unsigned hb = b[i * step], hl = l[i * step];
            bc[hb] += w;
            lc[hl] += w;
            hits += (uint64_t)((hb <= q0) & (hl <= q1));
        }
    } else if (b) {
        for (i = 0; i < n; i++) {
            const unsigned hb = b[i * step];
            bc[hb] += w;
            hits += (uint64_t)(hb <= q0);
        }
    } else {
        for (i = 0; i < n; i++) {
            const unsigned hl = l[i * step];
            lc[hl] += w;
            hits += (uint64_t)(hl <= q1);
        }
    }
    ctx->hits += w * hits;
    ctx->total += w * (uint64_t)n;
    return BDC_OK;
}

/* A block of draw r's replacement sets (bdc_each_block), r before the last
 * draw: a hand that meets the target is final and recorded; one that misses
 * it throws its replacements (out of play: marked used) and draws again. */
typedef struct {
    bdc_draw_ctx *ctx;
    int r;
} bdc_draw_frame;

static int bdc_draw_block(void *frame, const bdc_block *block)
{
    bdc_draw_ctx *ctx = ((bdc_draw_frame *)frame)->ctx;
    const int r = ((bdc_draw_frame *)frame)->r;
    const bdc_draw_spec *spec = ctx->spec;
    int i, status = BDC_OK;
    if (spec->stop && *spec->stop)
        return BDC_E_STOPPED;
    for (i = block->lo; i < block->hi && status == BDC_OK; i++) {
        const unsigned *h = block->halves[i - block->lo];
        if (bdc_meets(&spec->target, h)) {
            bdc_draw_record(ctx, h, ctx->stay[r]);
            continue;
        }
        ctx->used[block->avail[i]] = 1;
        status = bdc_draw_exact(ctx, r + 1, 0, (int)BDC_DECK_SIZE);
        ctx->used[block->avail[i]] = 0;
    }
    return status;
}

/* Every replacement set of draw r (1-based), first card at an unseen
 * position in begin .. end-1, and what follows from it: the last draw's
 * hands ranked in buffers (bdc_each_final), an earlier draw's a block at a
 * time (each hand decides whether it draws again). */
static int bdc_draw_exact(bdc_draw_ctx *ctx, int r, int begin, int end)
{
    const bdc_draw_spec *spec = ctx->spec;
    bdc_draw_frame frame;
    if (r == spec->draws)
        return bdc_each_final(&spec->game, ctx->deck, ctx->used, spec->n_deck, ctx->hand, spec->n_kept, ctx->k,
                              begin, end, bdc_draw_final, ctx);
    frame.ctx = ctx;
    frame.r = r;
    return bdc_each_block(&spec->game, ctx->deck, ctx->used, spec->n_deck, ctx->hand, spec->n_kept, ctx->k, begin,
                          end, bdc_draw_block, &frame);
}

/* Deals k random cards of deck[*pos .. n_deck - 1] to out[0 .. k-1] as
 * bdc_deal does (the same random words, the same cards), noting each swap's
 * pick in picks[*pos] so that bdc_draw_undeal can put the deck back. */
static inline void bdc_draw_deal(uint64_t rng[4], unsigned *deck, unsigned n_deck, unsigned *pos, int k,
                                 unsigned *out, unsigned char *picks)
{
    int j;
    for (j = 0; j < k; j++, (*pos)++) {
        unsigned pick = *pos + bdc_rng_below(rng, n_deck - *pos), card = deck[pick];
        deck[pick] = deck[*pos];
        deck[*pos] = card;
        picks[*pos] = (unsigned char)pick;
        out[j] = card;
    }
}

/* Undoes the swaps of the pos cards dealt in a sample, last first: the deck
 * is the spec's again. */
static inline void bdc_draw_undeal(unsigned *deck, unsigned pos, const unsigned char *picks)
{
    while (pos-- > 0) {
        unsigned card = deck[pos];
        deck[pos] = deck[picks[pos]];
        deck[picks[pos]] = card;
    }
}

/* Random outcomes of the draws.  Every sample starts from the spec's deck
 * (its swaps are undone after it), so its cards depend on its random words
 * alone: how a run is split into calls never changes the result. */
static int bdc_draw_sample(bdc_draw_ctx *ctx, uint64_t samples, uint64_t rng[4])
{
    const bdc_draw_spec *spec = ctx->spec;
    unsigned halves[2];
    unsigned m = (unsigned)spec->n_deck;
    unsigned char picks[BDC_DECK_SIZE];
    uint64_t s;
    int r, status = BDC_OK;
    for (s = 0; s < samples && status == BDC_OK; s++) {
        unsigned pos = 0; /* deck[0 .. pos-1] are dealt in this sample */
        if (!(s & 1023u) && spec->stop && *spec->stop)
            return BDC_E_STOPPED;
        for (r = 1; r <= spec->draws; r++) {
            bdc_draw_deal(rng, ctx->deck, m, &pos, ctx->k, ctx->hand + spec->n_kept, picks);
            if (spec->game.n_cards == 5) /* checked cards: the implementation's loop, one hand */
                bdc_halves_extend(&spec->game, ctx->hand, ctx->hand + 4, 1, (unsigned(*)[2])halves);
            else if ((status = bdc_halves(&spec->game, ctx->hand, halves)) != BDC_OK)
                break;
            if (r == spec->draws || bdc_meets(&spec->target, halves)) {
                bdc_draw_record(ctx, halves, 1);
                break;
            }
        }
        bdc_draw_undeal(ctx->deck, pos, picks);
    }
    return status;
}

/* bdc_draw_run, or with rank_sums (two uint64s) and no counts by rank: the
 * sums of rank times count per half added there instead (0 for a half the
 * game lacks). */
static int bdc_draw_go(const bdc_draw_spec *spec, int first_begin, int first_end, uint64_t samples, uint64_t rng[4],
                       uint64_t *badugi_counts, uint64_t *low_counts, uint64_t *rank_sums, uint64_t *hits,
                       uint64_t *total)
{
    bdc_draw_ctx ctx;
    unsigned halves[2];
    int status = bdc_draw_check(spec), i, r;
    if (status)
        return status;
    if (!rank_sums &&
        ((spec->game.badugi != BDC_NO_HALF && !badugi_counts) || (spec->game.low != BDC_NO_HALF && !low_counts)))
        return BDC_E_ARGUMENT;
    ctx.spec = spec;
    ctx.k = spec->game.n_cards - spec->n_kept;
    ctx.badugi_counts = spec->game.badugi != BDC_NO_HALF && !rank_sums ? badugi_counts : 0;
    ctx.low_counts = spec->game.low != BDC_NO_HALF && !rank_sums ? low_counts : 0;
    ctx.rank_sums = rank_sums;
    ctx.hits = ctx.total = 0;
    ctx.query[0] = spec->query.badugi ? spec->query.badugi : ~0u;
    ctx.query[1] = spec->query.low ? spec->query.low : ~0u;
    for (i = 0; i < spec->n_kept; i++)
        ctx.hand[i] = spec->kept[i];
    for (i = 0; i < spec->n_deck; i++) {
        ctx.deck[i] = spec->deck[i];
        ctx.used[i] = 0;
    }
    /* a hand final after draw r stands for every way the later draws could fall */
    ctx.stay[spec->draws] = 1;
    for (r = spec->draws - 1; r >= 0; r--)
        ctx.stay[r] = ctx.stay[r + 1] * bdc_binomial(spec->n_deck - r * ctx.k, ctx.k);
    if (ctx.k == 0) { /* standing pat: the one outcome is the hand itself */
        uint64_t weight = samples ? samples : (first_begin <= 0 && first_end > 0);
        if ((status = bdc_halves(&spec->game, ctx.hand, halves)) != BDC_OK)
            return status;
        if (weight)
            bdc_draw_record(&ctx, halves, weight);
    } else if (samples) {
        status = bdc_draw_sample(&ctx, samples, rng);
    } else {
        status = bdc_draw_exact(&ctx, 1, first_begin < 0 ? 0 : first_begin, first_end);
    }
    if (status)
        return status;
    *hits += ctx.hits;
    *total += ctx.total;
    return BDC_OK;
}

int bdc_draw_run(const bdc_draw_spec *spec, int first_begin, int first_end,
                 uint64_t samples, uint64_t rng[4],
                 uint64_t *badugi_counts, uint64_t *low_counts,
                 uint64_t *hits, uint64_t *total)
{
    return bdc_draw_go(spec, first_begin, first_end, samples, rng, badugi_counts, low_counts, NULL, hits, total);
}

int bdc_draw_run_out(const bdc_draw_spec *spec, const uint8_t *cards, int first_begin, int first_end,
                     uint64_t samples, uint64_t *out)
{
    bdc_draw_spec run = *spec;
    uint64_t *counts, *badugi, *low;
    if (!cards || !out || spec->n_kept < 0)
        return BDC_E_ARGUMENT;
    counts = out + 6; /* after the rng, hits and total */
    badugi = spec->game.badugi != BDC_NO_HALF ? counts : 0;
    low = spec->game.low != BDC_NO_HALF ? counts + (badugi ? BDC_BADUGI_CLASSES + 1 : 0) : 0;
    run.kept = cards;
    run.deck = cards + spec->n_kept;
    return bdc_draw_run(&run, first_begin, first_end, samples, out, badugi, low, out + 4, out + 5);
}

/* ---- every discard of one hand, one draw -------------------------------- */

/* Columns of the option table transformed at a time: 2^5 rows of this many
 * uint32s (16 KiB) stay in the first-level cache through every pass. */
#define BDC_OPTIONS_TILE 128

/* The checks both option functions make (their pointers aside). */
static int bdc_options_check(const bdc_game *game, const uint8_t *hand, bdc_limits query, int n_held,
                             const int *held_row)
{
    uint64_t seen = 0;
    int status, m;
    if (!bdc_game_ok(game))
        return BDC_E_RANKING;
    if ((status = bdc_see(hand, game->n_cards, &seen)) != BDC_OK)
        return status;
    if (!bdc_limits_ok(game, &query))
        return BDC_E_RANK;
    for (m = 0; m < 1 << game->n_cards; m++)
        if (held_row[m] < -1 || held_row[m] >= n_held)
            return BDC_E_ARGUMENT;
    return BDC_OK;
}

/* Count the hands holding subset m of the hand, their other cards any of
 * the rest of the deck (checked input): into row (n_badugi + n_low + 2
 * uint64s, zeroed here) as bdc_draw_options lays it out, or, when figures
 * is not NULL, their BDC_OPTION_FIGURES figures into figures (row unused). */
static int bdc_options_count(const bdc_game *game, const uint8_t *hand, bdc_limits query, int m, int n_badugi,
                             int n_low, uint64_t *row, uint64_t *figures)
{
    uint8_t kept[BDC_MAX_CARDS], deck[BDC_DECK_SIZE];
    bdc_draw_spec spec;
    int n = game->n_cards, width = n_badugi + n_low + 2, b, i, last;
    memset(&spec, 0, sizeof spec);
    spec.game = *game;
    spec.kept = kept;
    spec.deck = deck;
    spec.draws = 1;
    spec.query = query;
    for (i = 0; i < (int)BDC_DECK_SIZE; i++) {
        int in_subset = 0;
        for (b = 0; b < n; b++)
            in_subset |= (m >> b & 1) && hand[b] == i;
        if (in_subset)
            kept[spec.n_kept++] = (uint8_t)i;
        else
            deck[spec.n_deck++] = (uint8_t)i;
    }
    last = n - spec.n_kept ? spec.n_deck - (n - spec.n_kept) + 1 : 1;
    if (figures) {
        memset(figures, 0, BDC_OPTION_FIGURES * sizeof *figures);
        return bdc_draw_go(&spec, 0, last, 0, NULL, NULL, NULL, figures, figures + 2, figures + 3);
    }
    memset(row, 0, (size_t)width * sizeof *row);
    return bdc_draw_go(&spec, 0, last, 0, NULL, n_badugi ? row : NULL, n_low ? row + n_badugi : NULL, NULL,
                       row + width - 2, row + width - 1);
}

/* Inclusion and exclusion: the hands an option keeping subset m ends with
 * hold m and none of the thrown cards, so row m minus every row holding m
 * and one card more, in turn for each card (a superset Moebius transform, in
 * place, of the columns c0 .. c1 - 1 of 2^n rows of width entries).  One body
 * for the two element types: uint64 figures (bdc_options_exclude) and uint32
 * counts (bdc_options_exclude32); both wrap, and every final value is in
 * range (a count is below 2^32). */
#define BDC_OPTIONS_EXCLUDE(name, type)                                         \
    static void name(type *table, int n, int width, int c0, int c1)            \
    {                                                                          \
        int b, m, c;                                                           \
        for (b = 0; b < n; b++)                                                \
            for (m = 0; m < 1 << n; m++) {                                     \
                type *to, *from;                                               \
                if (m >> b & 1)                                                \
                    continue;                                                  \
                to = table + (size_t)m * (size_t)width;                        \
                from = table + (size_t)(m | 1 << b) * (size_t)width;           \
                for (c = c0; c < c1; c++)                                      \
                    to[c] -= from[c];                                          \
            }                                                                  \
    }
BDC_OPTIONS_EXCLUDE(bdc_options_exclude, uint64_t)
BDC_OPTIONS_EXCLUDE(bdc_options_exclude32, uint32_t)
#undef BDC_OPTIONS_EXCLUDE

/* The sums of rank times count of a row's counts, per half (n_badugi and
 * n_low entries, index = rank). */
static void bdc_options_rank_sums32(const uint32_t *row, int n_badugi, int n_low, uint64_t *badugi, uint64_t *low)
{
    const uint32_t *low_counts = row + n_badugi;
    uint64_t b_sum = 0, l_sum = 0;
    int c;
    for (c = 1; c < n_badugi; c++)
        b_sum += (uint64_t)c * row[c];
    for (c = 1; c < n_low; c++)
        l_sum += (uint64_t)c * low_counts[c];
    *badugi = b_sum;
    *low = l_sum;
}

int bdc_draw_options(const bdc_game *game, const uint8_t *hand, bdc_limits query, const uint32_t *held,
                     int n_held, const int *held_row, int n_low, uint64_t *scratch, uint32_t *table, uint64_t *sums)
{
    int status, rows, n_badugi, width, m, c, c0;
    if (!game || !hand || !held_row || !scratch || !table || !sums || (n_held > 0 && !held) || n_held < 0)
        return BDC_E_ARGUMENT;
    if ((status = bdc_options_check(game, hand, query, n_held, held_row)) != BDC_OK)
        return status;
    n_badugi = game->badugi != BDC_NO_HALF ? BDC_BADUGI_CLASSES + 1 : 0;
    if (game->low == BDC_NO_HALF ? n_low != 0
                                 : n_low < (game->low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES) + 1)
        return BDC_E_ARGUMENT;
    rows = 1 << game->n_cards;
    width = n_badugi + n_low + 2;
    /* row m: the hands holding subset m of the hand (their other cards any of the rest) */
    for (m = 0; m < rows; m++) {
        uint32_t *row = table + (size_t)m * (size_t)width;
        if (held_row[m] >= 0) { /* counted before: the caller's row */
            memcpy(row, held + (size_t)held_row[m] * (size_t)width, (size_t)width * sizeof *row);
            continue;
        }
        if ((status = bdc_options_count(game, hand, query, m, n_badugi, n_low, scratch, NULL)) != BDC_OK)
            return status;
        for (c = 0; c < width; c++) /* at most C(49, 2) hands */
            row[c] = (uint32_t)scratch[c];
    }
    for (c0 = 0; c0 < width; c0 += BDC_OPTIONS_TILE)
        bdc_options_exclude32(table, game->n_cards, width, c0,
                              c0 + BDC_OPTIONS_TILE < width ? c0 + BDC_OPTIONS_TILE : width);
    for (m = 0; m < rows; m++) /* each option's sum of rank times count, per half */
        bdc_options_rank_sums32(table + (size_t)m * (size_t)width, n_badugi, n_low, &sums[2 * m], &sums[2 * m + 1]);
    return BDC_OK;
}

int bdc_draw_option_figures(const bdc_game *game, const uint8_t *hand, bdc_limits query,
                            const uint64_t *held_figures, int n_held, const int *held_row, uint64_t *figures)
{
    int status, rows, m, f;
    if (!game || !hand || !held_row || !figures || (n_held > 0 && !held_figures) || n_held < 0)
        return BDC_E_ARGUMENT;
    if ((status = bdc_options_check(game, hand, query, n_held, held_row)) != BDC_OK)
        return status;
    rows = 1 << game->n_cards;
    for (m = 0; m < rows; m++) {
        uint64_t *out = figures + (size_t)m * BDC_OPTION_FIGURES;
        if (held_row[m] >= 0) { /* counted before */
            for (f = 0; f < BDC_OPTION_FIGURES; f++)
                out[f] = held_figures[(size_t)held_row[m] * BDC_OPTION_FIGURES + f];
        } else if ((status = bdc_options_count(game, hand, query, m, 0, 0, NULL, out)) != BDC_OK) {
            return status;
        }
    }
    /* every figure is a sum over the counts, so the options' follow as their counts do */
    bdc_options_exclude(figures, game->n_cards, BDC_OPTION_FIGURES, 0, BDC_OPTION_FIGURES);
    return BDC_OK;
}
