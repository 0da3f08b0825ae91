/*
 * bdc_equity.c - several hands to a showdown: exact enumeration or seeded
 * sampling of the unknown cards and the draws.
 *
 * badeucey.h documents the spec, the policy and the sums.  Everything is
 * checked before the first card is dealt (ids, duplicates between all known
 * cards and the unseen deck, hand sizes, that the deck holds enough cards for
 * every draw, and ranks of limits).  The deals are events (an unknown hand's
 * cards, or one seat's draw), enumerated through bdc_enumerate.h's skeleton.
 */
#include "bdc_equity.h"

/* ---- several hands to a showdown -------------------------------------- */

typedef struct {
    const bdc_equity_spec *spec;
    int n_events;
    bdc_event events[BDC_MAX_EVENTS];
    unsigned hands[BDC_MAX_SEATS][BDC_MAX_CARDS];
    unsigned halves[BDC_MAX_SEATS][2];
    unsigned deck[BDC_DECK_SIZE];
    unsigned char used[BDC_DECK_SIZE];
    bdc_equity_sums *sums;
    uint64_t weight;
    int sampled;                      /* 1: sampled (share_sq summed), 0: exact */
    int n_free;                       /* exact: unseen cards no deal so far has taken */
    int n_skip;                       /* exact: the deals skipped so far by standing pat, */
    int skip_k[BDC_MAX_EVENTS];       /* and their sizes */
} bdc_equity_ctx;

/* Checks a spec and lists its events: unknown cards first, then each draw
 * seat by seat. */
static int bdc_equity_check(const bdc_equity_spec *spec, bdc_equity_ctx *ctx)
{
    uint64_t seen = 0;
    int s, r, status, needed = 0, n = spec->game.n_cards;
    if (!bdc_game_ok(&spec->game))
        return BDC_E_RANKING;
    if (spec->n_seats < BDC_MIN_SEATS || spec->n_seats > BDC_MAX_SEATS || spec->draws < 0 || spec->draws > BDC_MAX_DRAWS ||
        spec->n_deck < 0 || spec->n_deck > (int)BDC_DECK_SIZE)
        return BDC_E_ARGUMENT;
    for (s = 0; s < spec->n_seats; s++) {
        int held = spec->n_held[s];
        if (held < 0 || held > n || (held < n && spec->draws_policy[s] && spec->draws == 0))
            return BDC_E_ARGUMENT;
        if ((status = bdc_see(spec->cards + s * n, held, &seen)) != BDC_OK)
            return status;
    }
    if ((status = bdc_see(spec->deck, spec->n_deck, &seen)) != BDC_OK)
        return status;
    if (!bdc_limits_ok(&spec->game, &spec->target) || !bdc_limits_ok(&spec->game, &spec->qualifier))
        return BDC_E_RANK;
    ctx->n_events = 0;
    for (r = 0; r <= spec->draws; r++) {
        for (s = 0; s < spec->n_seats; s++) {
            int k = n - spec->n_held[s];
            if (k == 0 || (r == 0) != (spec->draws_policy[s] == 0))
                continue;
            ctx->events[ctx->n_events].seat = s;
            ctx->events[ctx->n_events].round = r;
            ctx->events[ctx->n_events].k = k;
            ctx->n_events++;
            needed += k;
        }
    }
    if (needed > spec->n_deck)
        return BDC_E_ARGUMENT; /* not enough unseen cards if every draw is taken */
    return BDC_OK;
}

/* The outcomes of an exact run (EXACT COUNTS in badeucey.h): every event deals;
 * UINT64_MAX when they do not fit. */
static uint64_t bdc_equity_outcomes(const bdc_equity_ctx *ctx, int n_deck)
{
    uint64_t outcomes = 1;
    int e, m = n_deck;
    for (e = 0; e < ctx->n_events; e++) {
        uint64_t ways = bdc_choose(m, ctx->events[e].k);
        if (outcomes > UINT64_MAX / ways)
            return UINT64_MAX;
        outcomes *= ways;
        m -= ctx->events[e].k;
    }
    return outcomes;
}

int bdc_equity_plan(const bdc_equity_spec *spec, uint64_t *outcomes, int *positions)
{
    bdc_equity_ctx ctx;
    int status = bdc_equity_check(spec, &ctx);
    if (status)
        return status;
    *outcomes = bdc_equity_outcomes(&ctx, spec->n_deck);
    *positions = ctx.n_events ? spec->n_deck - ctx.events[0].k + 1 : 1;
    return BDC_OK;
}

/* The outcomes one final deal stands for in an exact run: the ways the deals
 * skipped by standing pat could have fallen among the cards no deal took. */
static uint64_t bdc_equity_skipped(const bdc_equity_ctx *ctx)
{
    uint64_t w = 1;
    int i, free = ctx->n_free;
    for (i = 0; i < ctx->n_skip; i++) {
        w *= bdc_choose(free, ctx->skip_k[i]);
        free -= ctx->skip_k[i];
    }
    return w;
}

/* Settles one outcome of weight w (a count of outcomes) into the sums. */
static void bdc_equity_leaf(bdc_equity_ctx *ctx, uint64_t w)
{
    bdc_equity_settle(ctx->spec, (const unsigned(*)[2])ctx->halves, ctx->sums, w, ctx->sampled);
    ctx->weight += w;
}

static inline int bdc_equity_stands(const bdc_equity_ctx *ctx, const bdc_event *ev)
{
    return ev->round >= 2 && bdc_meets(&ctx->spec->target, ctx->halves[ev->seat]);
}

static int bdc_equity_exact(bdc_equity_ctx *ctx, int e, int begin, int end);

/* A block of event e's card sets (bdc_each_block): each hand's halves go to
 * the seat, then the showdown is settled (the last event) or the next event
 * deals (this set's last card marked used while it does). */
typedef struct {
    bdc_equity_ctx *ctx;
    int e;
} bdc_equity_frame;

static int bdc_equity_block(void *frame, const bdc_block *block)
{
    bdc_equity_ctx *ctx = ((bdc_equity_frame *)frame)->ctx;
    const int e = ((bdc_equity_frame *)frame)->e;
    const bdc_event *ev = &ctx->events[e];
    const int last = e + 1 == ctx->n_events, saved_free = ctx->n_free;
    unsigned *halves = ctx->halves[ev->seat];
    uint64_t w;
    int i, status = BDC_OK;
    if (ctx->spec->stop && *ctx->spec->stop)
        return BDC_E_STOPPED;
    ctx->n_free = block->unseen - ev->k;
    w = ctx->n_skip ? bdc_equity_skipped(ctx) : 1u;
    for (i = block->lo; i < block->hi && status == BDC_OK; i++) {
        halves[0] = block->halves[i - block->lo][0];
        halves[1] = block->halves[i - block->lo][1];
        if (last) {
            bdc_equity_leaf(ctx, w);
            continue;
        }
        ctx->used[block->avail[i]] = 1;
        status = bdc_equity_exact(ctx, e + 1, 0, (int)BDC_DECK_SIZE);
        ctx->used[block->avail[i]] = 0;
    }
    ctx->n_free = saved_free;
    return status;
}

/* Every way event e and the events after it can fall; the first card of
 * event e at an unseen position in begin .. end-1. */
static int bdc_equity_exact(bdc_equity_ctx *ctx, int e, int begin, int end)
{
    const bdc_equity_spec *spec = ctx->spec;
    const bdc_event *ev;
    bdc_equity_frame frame;
    unsigned saved_halves[2], *halves;
    int status;
    if (e == ctx->n_events) {
        bdc_equity_leaf(ctx, ctx->n_skip ? bdc_equity_skipped(ctx) : 1u);
        return BDC_OK;
    }
    ev = &ctx->events[e];
    if (bdc_equity_stands(ctx, ev)) { /* the deal is skipped: its ways to fall count at the leaves */
        ctx->skip_k[ctx->n_skip++] = ev->k;
        status = bdc_equity_exact(ctx, e + 1, 0, (int)BDC_DECK_SIZE);
        ctx->n_skip--;
        return status;
    }
    halves = ctx->halves[ev->seat];
    saved_halves[0] = halves[0];
    saved_halves[1] = halves[1];
    frame.ctx = ctx;
    frame.e = e;
    /* the seat's cards before this event's, then the event's k */
    status = bdc_each_block(&spec->game, ctx->deck, ctx->used, spec->n_deck, ctx->hands[ev->seat],
                            spec->game.n_cards - ev->k, ev->k, begin, end, bdc_equity_block, &frame);
    halves[0] = saved_halves[0];
    halves[1] = saved_halves[1];
    return status;
}

int bdc_equity_run(const bdc_equity_spec *spec, int first_begin, int first_end,
                   uint64_t samples, uint64_t rng[4],
                   bdc_equity_sums *sums, uint64_t *weight)
{
    bdc_equity_ctx ctx;
    int status = bdc_equity_check(spec, &ctx), s, i, n = spec->game.n_cards;
    if (status)
        return status;
    if (!samples && bdc_equity_outcomes(&ctx, spec->n_deck) > UINT64_MAX / BDC_SHARE_UNIT)
        return BDC_E_ARGUMENT; /* the exact sums would not fit */
    ctx.spec = spec;
    ctx.sums = sums;
    ctx.weight = 0;
    ctx.sampled = samples != 0;
    ctx.n_free = spec->n_deck;
    ctx.n_skip = 0;
    for (i = 0; i < spec->n_deck; i++) {
        ctx.deck[i] = spec->deck[i];
        ctx.used[i] = 0;
    }
    for (s = 0; s < spec->n_seats; s++) {
        for (i = 0; i < n; i++)
            ctx.hands[s][i] = spec->cards[s * n + i];
        ctx.halves[s][0] = ctx.halves[s][1] = 0;
        /* a full hand is ranked now; the others when their cards are dealt */
        if (spec->n_held[s] == n && (status = bdc_halves(&spec->game, ctx.hands[s], ctx.halves[s])) != BDC_OK)
            return status;
    }
    if (samples)
        return bdc_equity_sample(spec, ctx.events, ctx.n_events, (const unsigned(*)[BDC_MAX_CARDS])ctx.hands,
                                 (const unsigned(*)[2])ctx.halves, samples, rng, sums, weight);
    else if (ctx.n_events == 0) {
        if (first_begin <= 0 && first_end > 0)
            bdc_equity_leaf(&ctx, 1u);
    } else
        status = bdc_equity_exact(&ctx, 0, first_begin < 0 ? 0 : first_begin, first_end);
    *weight += ctx.weight;
    return status;
}
