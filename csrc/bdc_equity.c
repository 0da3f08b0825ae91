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
    const struct bdc_equity_sets *sets; /* exact through ranked sets: the sets, and */
    uint64_t taken;                   /* the deck positions the deals so far took, as bits */
    int throws;                       /* 1: a seat of unknown cards draws (events with `throws`) */
} bdc_equity_ctx;

/* Checks a spec and lists its events: unknown cards first, then each draw
 * seat by seat. */
static int bdc_equity_check(const bdc_equity_spec *spec, bdc_equity_ctx *ctx)
{
    uint64_t seen = 0;
    int s, r, status, needed = 0, n = spec->game.n_cards, last[BDC_MAX_SEATS];
    if (!bdc_game_ok(&spec->game))
        return BDC_E_RANKING;
    if (spec->n_seats < BDC_MIN_SEATS || spec->n_seats > BDC_MAX_SEATS || spec->draws < 0 || spec->draws > BDC_MAX_DRAWS ||
        spec->n_deck < 0 || spec->n_deck > (int)BDC_DECK_SIZE)
        return BDC_E_ARGUMENT;
    for (s = 0; s < spec->n_seats; s++) {
        int held = spec->n_held[s];
        if (held < 0 || held > n || (held < n && spec->draws_policy[s] && spec->draws == 0))
            return BDC_E_ARGUMENT;
        for (r = 1; spec->unknown_draws && r <= BDC_MAX_DRAWS; r++) {
            int k = spec->unknown_draws[s * BDC_MAX_DRAWS + r - 1];
            if (k < 0 || k > n || (k && (spec->draws_policy[s] || r > spec->draws)))
                return BDC_E_ARGUMENT;
        }
        if ((status = bdc_see(spec->cards + s * n, held, &seen)) != BDC_OK)
            return status;
    }
    if ((status = bdc_see(spec->deck, spec->n_deck, &seen)) != BDC_OK)
        return status;
    if (!bdc_limits_ok(&spec->game, &spec->target) || !bdc_limits_ok(&spec->game, &spec->qualifier))
        return BDC_E_RANK;
    ctx->n_events = 0;
    ctx->throws = 0;
    for (s = 0; s < spec->n_seats; s++)
        last[s] = -1;
    for (r = 0; r <= spec->draws; r++) {
        for (s = 0; s < spec->n_seats; s++) {
            bdc_event *ev = &ctx->events[ctx->n_events];
            const int throws = r > 0 && !spec->draws_policy[s];
            const int k = throws ? (spec->unknown_draws ? spec->unknown_draws[s * BDC_MAX_DRAWS + r - 1] : 0)
                                 : n - spec->n_held[s];
            if (k == 0 || (r == 0 && spec->draws_policy[s]))
                continue;
            ev->seat = s;
            ev->round = r;
            ev->k = k;
            ev->throws = throws;
            /* a seat that held a full hand before its first throw throws from it */
            ev->prev = last[s];
            ctx->throws |= throws;
            last[s] = ctx->n_events++;
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
        uint64_t ways = bdc_binomial(m, ctx->events[e].k);
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
        w *= bdc_binomial(free, ctx->skip_k[i]);
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

/* Does event e's seat stand pat under the policy (a seat of unknown cards never does)? */
static inline int bdc_equity_stands(const bdc_equity_ctx *ctx, const bdc_event *ev)
{
    return ev->round >= 2 && !ev->throws && bdc_meets(&ctx->spec->target, ctx->halves[ev->seat]);
}

typedef int (*bdc_equity_walker)(bdc_equity_ctx *ctx, int e, int begin, int end);

/* What both exact walks (blocks and ranked sets) do first at event e: past the
 * last event, settle; a deal skipped by standing pat counts its ways to fall at
 * the leaves, and `walk` goes on with the next event.  Returns 1 when it dealt
 * with event e (its status in *status), 0 when event e deals. */
static int bdc_equity_settled_or_skipped(bdc_equity_ctx *ctx, int e, bdc_equity_walker walk, int *status)
{
    if (e == ctx->n_events) {
        bdc_equity_leaf(ctx, ctx->n_skip ? bdc_equity_skipped(ctx) : 1u);
        *status = BDC_OK;
        return 1;
    }
    if (!bdc_equity_stands(ctx, &ctx->events[e]))
        return 0;
    ctx->skip_k[ctx->n_skip++] = ctx->events[e].k;
    *status = walk(ctx, e + 1, 0, (int)BDC_DECK_SIZE);
    ctx->n_skip--;
    return 1;
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
    if (bdc_equity_settled_or_skipped(ctx, e, bdc_equity_exact, &status))
        return status;
    ev = &ctx->events[e];
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

/* ---- exact runs through ranked card sets ------------------------------ */

/* A seat's hand after a deal is its held cards and the deal's k cards,
 * whatever the other deals were (a later draw replaces the earlier one's
 * cards): so every set of k of the unseen cards is ranked once per seat, with
 * its deck positions as a mask, and the enumeration only skips the sets that
 * overlap the cards taken before, then settles.  The last deal's sets are not
 * settled one by one: they are counted by class (below), and each class is
 * settled once with its count as the weight. */

/* Card sets ranked ahead, for all seats together (14 bytes each on the stack:
 * 56 KiB): enough for four seats drawing two of 44 cards; a spec needing more
 * takes the block enumeration. */
#define BDC_EXACT_SETS 4096

/* A class of a last deal's hands in one half: at most three cut ranks (the
 * best rank of the other seats, the qualifier, the best qualifying rank of the
 * other seats), so below, at or between them: at most 7 classes. */
#define BDC_MAX_CUTS 3
#define BDC_HALF_CLASSES (2 * BDC_MAX_CUTS + 1)

typedef struct {
    int k;                         /* the cards each deal gives the seat (0: none) */
    int n_sets;                    /* C(n_deck, k), or 0 */
    int first[BDC_DECK_SIZE + 1];  /* first[p]: the index of the seat's first set whose
                                      lowest deck position is p or more */
} bdc_seat_sets;

struct bdc_equity_sets {
    uint64_t mask[BDC_EXACT_SETS];       /* the set's deck positions, as bits */
    uint16_t halves[BDC_EXACT_SETS][2];  /* the halves of the seat's hand with the set */
    uint16_t sorted[BDC_EXACT_SETS];     /* a seat dealt one card in a one-half game: its
                                            sets' ranks in that half, in increasing order */
    bdc_seat_sets seat[BDC_MAX_SEATS];
};

/* Ranks a block of a seat's sets (bdc_each_block, nothing used before it):
 * the block's other cards are those marked used. */
typedef struct {
    struct bdc_equity_sets *sets;
    const unsigned char *used;
    int n_deck, next;
} bdc_sets_frame;

static int bdc_sets_block(void *frame, const bdc_block *block)
{
    bdc_sets_frame *f = (bdc_sets_frame *)frame;
    uint64_t others = 0;
    int i;
    for (i = 0; i < f->n_deck; i++)
        others |= (uint64_t)f->used[i] << i;
    for (i = block->lo; i < block->hi; i++, f->next++) {
        f->sets->mask[f->next] = others | (uint64_t)1 << block->avail[i];
        f->sets->halves[f->next][0] = (uint16_t)block->halves[i - block->lo][0];
        f->sets->halves[f->next][1] = (uint16_t)block->halves[i - block->lo][1];
    }
    return BDC_OK;
}

/* Ranks every seat's sets into sets (in the enumeration's lexicographic order
 * of deck positions); 0 when they would not fit (then nothing is written). */
static int bdc_sets_rank(bdc_equity_ctx *ctx, struct bdc_equity_sets *sets)
{
    const bdc_equity_spec *spec = ctx->spec;
    bdc_sets_frame frame;
    uint64_t total = 0;
    /* the one half of a one-half game, else -1 */
    const int half = spec->game.low == BDC_NO_HALF ? 0 : spec->game.badugi == BDC_NO_HALF ? 1 : -1;
    int k_of[BDC_MAX_SEATS], s, e, p, j, low;
    for (s = 0; s < spec->n_seats; s++)
        k_of[s] = 0;
    for (e = 0; e < ctx->n_events; e++)
        k_of[ctx->events[e].seat] = ctx->events[e].k;
    for (s = 0; s < spec->n_seats; s++)
        total += bdc_binomial(spec->n_deck, k_of[s]) * (k_of[s] > 0);
    if (total > BDC_EXACT_SETS)
        return 0;
    frame.sets = sets;
    frame.used = ctx->used;
    frame.n_deck = spec->n_deck;
    frame.next = 0;
    for (s = 0; s < spec->n_seats; s++) {
        bdc_seat_sets *seat = &sets->seat[s];
        int begin = frame.next;
        seat->k = k_of[s];
        seat->n_sets = 0;
        if (!k_of[s]) {
            for (p = 0; p <= (int)BDC_DECK_SIZE; p++)
                seat->first[p] = begin;
            continue;
        }
        /* cannot fail: the visit does not, and every card was checked */
        (void)bdc_each_block(&spec->game, ctx->deck, ctx->used, spec->n_deck, ctx->hands[s],
                             spec->game.n_cards - k_of[s], k_of[s], 0, spec->n_deck, bdc_sets_block, &frame);
        seat->n_sets = frame.next - begin;
        /* the sets come in order of their lowest position: low only grows */
        for (j = begin, p = 0, low = 0; j < frame.next; j++) {
            while (!(sets->mask[j] >> low & 1u))
                low++;
            while (p <= low)
                seat->first[p++] = j;
        }
        while (p <= (int)BDC_DECK_SIZE)
            seat->first[p++] = frame.next;
        if (k_of[s] == 1 && half >= 0) /* at most 52 ranks: sorted by insertion */
            for (j = begin; j < frame.next; j++) {
                uint16_t rank = sets->halves[j][half];
                for (p = j; p > begin && sets->sorted[p - 1] > rank; p--)
                    sets->sorted[p] = sets->sorted[p - 1];
                sets->sorted[p] = rank;
            }
    }
    return 1;
}

/* The cut ranks of half h for the last deal, of seat `seat` (sorted,
 * distinct; returns how many, 0 for a half the game lacks): the best rank of
 * the other seats, the qualifier and the best qualifying rank of the other
 * seats.  Whether the seat's rank is below, at or between them decides all of
 * the showdown's settlement, so hands in one class settle alike. */
static int bdc_equity_cuts(const bdc_equity_ctx *ctx, int seat, int h, unsigned cut[BDC_MAX_CUTS])
{
    const bdc_equity_spec *spec = ctx->spec;
    const unsigned limit = h ? spec->qualifier.low : spec->qualifier.badugi;
    unsigned best = ~0u, best_qualifying = ~0u, t;
    int s, n = 0, i, j;
    if ((h ? spec->game.low : spec->game.badugi) == BDC_NO_HALF)
        return 0;
    for (s = 0; s < spec->n_seats; s++) {
        unsigned rank = ctx->halves[s][h];
        if (s == seat)
            continue;
        if (rank < best)
            best = rank;
        if (rank <= limit && rank < best_qualifying)
            best_qualifying = rank;
    }
    cut[n++] = best; /* there is another seat: BDC_MIN_SEATS is 2 */
    if (limit) {
        cut[n++] = limit;
        if (best_qualifying != ~0u)
            cut[n++] = best_qualifying;
    }
    for (i = 1; i < n; i++) /* sorted */
        for (j = i; j > 0 && cut[j - 1] > cut[j]; j--)
            t = cut[j], cut[j] = cut[j - 1], cut[j - 1] = t;
    for (i = j = 0; i < n; i++) /* distinct */
        if (!j || cut[i] != cut[j - 1])
            cut[j++] = cut[i];
    return j;
}

/* A rank's class among n cuts: 2i below cut i (above the ones before), 2i + 1 at it. */
static inline int bdc_rank_class(unsigned rank, const unsigned *cut, int n)
{
    int c = 0, i;
    for (i = 0; i < n; i++)
        c += (rank >= cut[i]) + (rank > cut[i]);
    return c;
}

/* A rank of class c (one exists when a hand of the class was counted). */
static unsigned bdc_class_rank(int c, const unsigned *cut, int n)
{
    if (!n)
        return 0;
    if (c & 1)
        return cut[c / 2];
    return c ? cut[c / 2 - 1] + 1 : cut[0] - 1;
}

/* How many of n increasing ranks are below `rank`. */
static int bdc_ranks_below(const uint16_t *sorted, int n, unsigned rank)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (sorted[mid] < rank)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Settles `count` hands of the last deal's seat, of class c0 in the Badugi
 * half and c1 in the low half, each an outcome of weight w. */
static void bdc_equity_class(bdc_equity_ctx *ctx, int seat, int c0, int c1, const unsigned cut[2][BDC_MAX_CUTS],
                             const int n_cut[2], uint64_t count, uint64_t w)
{
    if (!count)
        return;
    ctx->halves[seat][0] = bdc_class_rank(c0, cut[0], n_cut[0]);
    ctx->halves[seat][1] = bdc_class_rank(c1, cut[1], n_cut[1]);
    bdc_equity_leaf(ctx, w * count);
}

/* The last deal: the seat's sets lo .. hi-1 that miss ctx->taken, each an
 * outcome of weight w, counted by class of both halves; each class is settled
 * once, with a hand of the class.  Leaves ctx->halves[seat] changed. */
static void bdc_equity_last(bdc_equity_ctx *ctx, int seat, int lo, int hi, uint64_t w)
{
    const struct bdc_equity_sets *sets = ctx->sets;
    const bdc_seat_sets *seat_sets = &sets->seat[seat];
    const uint64_t taken = ctx->taken;
    unsigned cut[2][BDC_MAX_CUTS];
    int n_cut[2], c, j;
    n_cut[0] = bdc_equity_cuts(ctx, seat, 0, cut[0]);
    n_cut[1] = bdc_equity_cuts(ctx, seat, 1, cut[1]);
    if (n_cut[0] + n_cut[1] == 1) { /* one half, one cut: below, at or above it */
        const int h = n_cut[1];
        const unsigned best = cut[h][0];
        uint64_t below = 0, at = 0, all = 0;
        if (seat_sets->k == 1 && lo == seat_sets->first[0] && hi == lo + seat_sets->n_sets) {
            /* one card, every position: the sorted ranks, less the cards taken
             * (set p of the seat is the card at deck position p) */
            const uint16_t *sorted = sets->sorted + lo;
            uint64_t t;
            below = (uint64_t)bdc_ranks_below(sorted, hi - lo, best);
            at = (uint64_t)bdc_ranks_below(sorted, hi - lo, best + 1) - below;
            all = (uint64_t)(hi - lo);
            for (t = taken; t; t &= t - 1) {
                const unsigned rank = sets->halves[lo + (int)bdc_lowest_bit(t)][h];
                below -= rank < best;
                at -= rank == best;
                all--;
            }
        } else {
            for (j = lo; j < hi; j++) {
                const uint64_t dealt = (sets->mask[j] & taken) == 0;
                const unsigned rank = sets->halves[j][h];
                below += dealt & (rank < best);
                at += dealt & (rank == best);
                all += dealt;
            }
        }
        for (c = 0; c < 3; c++) {
            const uint64_t count = c == 0 ? below : c == 1 ? at : all - below - at;
            bdc_equity_class(ctx, seat, h ? 0 : c, h ? c : 0, cut, n_cut, count, w);
        }
    } else {
        uint64_t count[BDC_HALF_CLASSES * BDC_HALF_CLASSES] = {0};
        if (n_cut[0] == 1 && n_cut[1] == 1) { /* two halves, one cut each (no qualifier) */
            const unsigned best0 = cut[0][0], best1 = cut[1][0];
            for (j = lo; j < hi; j++)
                if (!(sets->mask[j] & taken)) {
                    const unsigned r0 = sets->halves[j][0], r1 = sets->halves[j][1];
                    count[((r0 >= best0) + (r0 > best0)) * BDC_HALF_CLASSES + (r1 >= best1) + (r1 > best1)]++;
                }
        } else {
            for (j = lo; j < hi; j++)
                if (!(sets->mask[j] & taken))
                    count[bdc_rank_class(sets->halves[j][0], cut[0], n_cut[0]) * BDC_HALF_CLASSES +
                          bdc_rank_class(sets->halves[j][1], cut[1], n_cut[1])]++;
        }
        for (c = 0; c < BDC_HALF_CLASSES * BDC_HALF_CLASSES; c++)
            bdc_equity_class(ctx, seat, c / BDC_HALF_CLASSES, c % BDC_HALF_CLASSES, cut, n_cut, count[c], w);
    }
}

/* bdc_equity_exact through the ranked sets: every way event e and the events
 * after it can fall, the first card of event e at deck position begin ..
 * end-1 among the cards no deal took. */
static int bdc_equity_walk(bdc_equity_ctx *ctx, int e, int begin, int end)
{
    const struct bdc_equity_sets *sets = ctx->sets;
    const bdc_event *ev;
    const bdc_seat_sets *seat;
    unsigned saved_halves[2], *halves;
    int j, lo, hi, status = BDC_OK;
    if (bdc_equity_settled_or_skipped(ctx, e, bdc_equity_walk, &status))
        return status;
    ev = &ctx->events[e];
    if (ctx->spec->stop && *ctx->spec->stop)
        return BDC_E_STOPPED;
    seat = &sets->seat[ev->seat];
    if (begin < 0)
        begin = 0;
    if (end > (int)BDC_DECK_SIZE)
        end = (int)BDC_DECK_SIZE;
    if (begin >= end)
        return BDC_OK;
    /* the sets whose first card is at begin .. end-1: among the cards no
     * deal took, a position counts as in bdc_each_block only for the first deal */
    lo = seat->first[begin];
    hi = seat->first[end];
    halves = ctx->halves[ev->seat];
    saved_halves[0] = halves[0];
    saved_halves[1] = halves[1];
    ctx->n_free -= ev->k;
    if (e + 1 == ctx->n_events) {
        bdc_equity_last(ctx, ev->seat, lo, hi, ctx->n_skip ? bdc_equity_skipped(ctx) : 1u);
    } else {
        for (j = lo; j < hi && status == BDC_OK; j++) {
            if (sets->mask[j] & ctx->taken)
                continue;
            halves[0] = sets->halves[j][0];
            halves[1] = sets->halves[j][1];
            ctx->taken |= sets->mask[j];
            status = bdc_equity_walk(ctx, e + 1, 0, (int)BDC_DECK_SIZE);
            ctx->taken &= ~sets->mask[j];
        }
    }
    ctx->n_free += ev->k;
    halves[0] = saved_halves[0];
    halves[1] = saved_halves[1];
    return status;
}

/* ---- exact runs of seats of unknown cards that draw --------------------- */

/* A seat of unknown cards keeps cards that depend on how its deals fell, so
 * these runs deal actual cards: the seat's hand (ctx->hands) holds its cards,
 * its kept ones first, and each event deals its k cards after them. */

static int bdc_equity_cards(bdc_equity_ctx *ctx, int e, int begin, int end);

/* Event e's cards from card j on: the unseen cards are cards[0 .. m-1] (deck
 * positions avail[]), card j at unseen position from .. to-1; hand[n - k + j]
 * gets it.  The last card varies innermost, ranked a block at a time. */
static int bdc_equity_deal_cards(bdc_equity_ctx *ctx, int e, const unsigned *cards, const int *avail, int m, int j,
                                 int from, int to)
{
    const bdc_event *ev = &ctx->events[e];
    const int n = ctx->spec->game.n_cards, k = ev->k;
    unsigned *hand = ctx->hands[ev->seat], *halves = ctx->halves[ev->seat];
    unsigned block[BDC_DECK_SIZE][2];
    int i, status = BDC_OK;
    if (to > m - (k - 1 - j))
        to = m - (k - 1 - j);
    if (from >= to)
        return BDC_OK;
    if (j + 1 < k) {
        for (i = from; i < to && status == BDC_OK; i++) {
            hand[n - k + j] = cards[i];
            ctx->used[avail[i]] = 1;
            status = bdc_equity_deal_cards(ctx, e, cards, avail, m, j + 1, i + 1, m);
            ctx->used[avail[i]] = 0;
        }
        return status;
    }
    if (ctx->spec->stop && *ctx->spec->stop)
        return BDC_E_STOPPED;
    /* the hand's other cards are hand[0 .. n-2] */
    bdc_halves_extend(&ctx->spec->game, hand, cards + from, to - from, block);
    for (i = from; i < to && status == BDC_OK; i++) {
        halves[0] = block[i - from][0];
        halves[1] = block[i - from][1];
        hand[n - 1] = cards[i];
        ctx->used[avail[i]] = 1;
        status = bdc_equity_cards(ctx, e + 1, 0, (int)BDC_DECK_SIZE);
        ctx->used[avail[i]] = 0;
    }
    return status;
}

/* bdc_equity_exact dealing actual cards: every way event e and the events
 * after it can fall, the first card of event e at unseen position begin ..
 * end-1.  A seat of unknown cards that draws first puts the cards THE
 * UNKNOWN SEAT'S RULE keeps in front of its hand. */
static int bdc_equity_cards(bdc_equity_ctx *ctx, int e, int begin, int end)
{
    const bdc_equity_spec *spec = ctx->spec;
    const int n = spec->game.n_cards;
    const bdc_event *ev;
    unsigned cards[BDC_DECK_SIZE], saved_hand[BDC_MAX_CARDS], saved_halves[2], *hand, *halves;
    int avail[BDC_DECK_SIZE], i, m = 0, status, saved_free = ctx->n_free;
    if (bdc_equity_settled_or_skipped(ctx, e, bdc_equity_cards, &status))
        return status;
    ev = &ctx->events[e];
    hand = ctx->hands[ev->seat];
    halves = ctx->halves[ev->seat];
    for (i = 0; i < n; i++)
        saved_hand[i] = hand[i];
    saved_halves[0] = halves[0];
    saved_halves[1] = halves[1];
    if (ev->throws) {
        uint8_t row[BDC_MAX_CARDS], chosen = 0;
        size_t bad;
        for (i = 0; i < n; i++)
            row[i] = (uint8_t)hand[i];
        /* cannot fail: the cards are distinct ids, dealt from a checked deck */
        if (spec->game.badugi != BDC_NO_HALF)
            (void)bdc_badugi_cards_batch(spec->game.badugi == BDC_BADUGI_HIGH, row, 1, n, &chosen, &bad);
        bdc_equity_keep_order(&spec->game, saved_hand, chosen, hand);
    }
    for (i = 0; i < spec->n_deck; i++)
        if (!ctx->used[i]) {
            cards[m] = ctx->deck[i];
            avail[m++] = i;
        }
    ctx->n_free = m - ev->k;
    status = bdc_equity_deal_cards(ctx, e, cards, avail, m, 0, begin < 0 ? 0 : begin, end);
    ctx->n_free = saved_free;
    for (i = 0; i < n; i++)
        hand[i] = saved_hand[i];
    halves[0] = saved_halves[0];
    halves[1] = saved_halves[1];
    return status;
}

/* An exact run: dealing actual cards when a seat of unknown cards draws;
 * else through the ranked sets when they fit, else the blocks. */
static int bdc_equity_exact_run(bdc_equity_ctx *ctx, int begin, int end)
{
    struct bdc_equity_sets sets;
    int status;
    if (ctx->throws)
        return bdc_equity_cards(ctx, 0, begin, end);
    if (!bdc_sets_rank(ctx, &sets))
        return bdc_equity_exact(ctx, 0, begin, end);
    ctx->sets = &sets;
    ctx->taken = 0;
    status = bdc_equity_walk(ctx, 0, begin, end);
    ctx->sets = 0;
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
    ctx.sets = 0;
    ctx.taken = 0;
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
        status = bdc_equity_exact_run(&ctx, first_begin < 0 ? 0 : first_begin, first_end);
    *weight += ctx.weight;
    return status;
}
