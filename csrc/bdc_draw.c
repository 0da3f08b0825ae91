/*
 * bdc_draw.c - draws and equity: exact enumeration or seeded sampling.
 *
 * badeucey.h documents the draw policy, the chunking of exact runs and what
 * each output counts.  Everything is checked before the first card is dealt:
 * ids, duplicates between all known cards and the unseen deck, hand sizes,
 * that the deck holds enough cards for every draw, and ranks of limits.  The
 * hands are then ranked through bdc_halves, which checks every hand again.
 */
#include "badeucey.h"
#include "bdc_internal.h"

#define BDC_MAX_CARDS BDC_MAX_HAND_CARDS
#define BDC_MAX_EVENTS (BDC_MAX_SEATS * (BDC_MAX_DRAWS + 1))

/* ---- random numbers: xoshiro256** seeded by splitmix64 ---------------- */

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

void bdc_rng_seed(uint64_t seed, uint64_t rng[4])
{
    int i;
    for (i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        rng[i] = z ^ (z >> 31);
    }
}

/* A uniform integer in 0 .. n-1 (n >= 1), without bias (Lemire's method). */
static inline unsigned bdc_rng_below(uint64_t s[4], unsigned n)
{
    uint64_t m = (bdc_rng_next(s) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (bdc_rng_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (unsigned)(m >> 32);
}

/* ---- shared helpers --------------------------------------------------- */

/* C(n, k) exactly, for n <= 52 (fits: C(52, 26) < 2^59). */
static uint64_t bdc_choose(int n, int k)
{
    uint64_t r = 1;
    int i;
    if (k < 0 || k > n)
        return 0;
    for (i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

/* Adds cards to a set of seen ids; an id outside the deck or seen before is an error. */
static int bdc_see(const uint8_t *cards, int n, uint64_t *seen)
{
    int i;
    for (i = 0; i < n; i++) {
        unsigned c = cards[i];
        if (c >= BDC_DECK_SIZE)
            return BDC_E_CARD;
        if (*seen >> c & 1u)
            return BDC_E_DUPLICATE;
        *seen |= (uint64_t)1 << c;
    }
    return BDC_OK;
}

static int bdc_limits_ok(const bdc_game *game, const bdc_limits *limits)
{
    unsigned low_classes = game->low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES;
    if (limits->badugi > BDC_BADUGI_CLASSES || (limits->badugi && game->badugi == BDC_NO_HALF))
        return 0;
    return !(limits->low > low_classes || (limits->low && game->low == BDC_NO_HALF));
}

static inline int bdc_meets(const bdc_limits *limits, const unsigned halves[2])
{
    return (!limits->badugi || halves[0] <= limits->badugi) && (!limits->low || halves[1] <= limits->low);
}

/* Steps idx[0..k-1] (strictly increasing, idx[j] <= m - k + j, idx[0] < end0)
 * to the next combination in lexicographic order; 0 when there is none. */
static inline int bdc_next_combination(int *idx, int k, int m, int end0)
{
    int j = k - 1, i;
    while (j >= 0 && idx[j] >= (j ? m - k + j : end0 - 1))
        j--;
    if (j < 0)
        return 0;
    idx[j]++;
    for (i = j + 1; i < k; i++)
        idx[i] = idx[i - 1] + 1;
    return 1;
}

/* The cards of the deck not dealt yet (cards[]) and their deck positions
 * (avail[]); returns how many. */
static int bdc_unseen(const unsigned *deck, const unsigned char *used, int n_deck, unsigned cards[], int avail[])
{
    int i, m = 0;
    for (i = 0; i < n_deck; i++)
        if (!used[i]) {
            cards[m] = deck[i];
            avail[m++] = i;
        }
    return m;
}

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

int bdc_draw_plan(const bdc_draw_spec *spec, double *outcomes, int *positions)
{
    int status = bdc_draw_check(spec), r, k;
    if (status)
        return status;
    k = spec->game.n_cards - spec->n_kept;
    *outcomes = 1.0;
    for (r = 0; k && r < spec->draws; r++)
        *outcomes *= (double)bdc_choose(spec->n_deck - r * k, k);
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
    ctx->hits += weight & (0 - hit); /* no branch: hits are rare or common, not predictable */
    ctx->total += weight;
}

/* Every replacement set of draw r (1-based), first card at an unseen
 * position in begin .. end-1, and what follows from it.  The last card of a
 * set varies in the innermost loop, ranked a block at a time. */
static int bdc_draw_exact(bdc_draw_ctx *ctx, int r, int begin, int end)
{
    const bdc_draw_spec *spec = ctx->spec;
    int avail[BDC_DECK_SIZE], idx[BDC_MAX_CARDS];
    unsigned cards[BDC_DECK_SIZE], base[BDC_MAX_CARDS], halves[BDC_DECK_SIZE][2];
    int m, i, j, k = ctx->k, n_kept = spec->n_kept, status = BDC_OK, more;
    m = bdc_unseen(ctx->deck, ctx->used, spec->n_deck, cards, avail);
    if (end > m - k + 1)
        end = m - k + 1;
    if (begin >= end)
        return BDC_OK;
    for (i = 0; i < n_kept; i++)
        base[i] = ctx->hand[i];
    /* idx[0 .. k-2]: the set's other cards, first at begin .. end-1 */
    for (j = 0; j < k - 1; j++)
        idx[j] = begin + j;
    do {
        int lo = k == 1 ? begin : idx[k - 2] + 1;
        int hi = k == 1 ? end : m;
        for (j = 0; j < k - 1; j++)
            base[n_kept + j] = cards[idx[j]];
        bdc_halves_extend(&spec->game, base, cards + lo, hi - lo, halves);
        if (r == spec->draws) { /* the last draw: every hand is final */
            for (i = lo; i < hi; i++)
                bdc_draw_record(ctx, halves[i - lo], ctx->stay[r]);
            goto next;
        }
        for (i = lo; i < hi && status == BDC_OK; i++) {
            const unsigned *h = halves[i - lo];
            if (r == spec->draws || bdc_meets(&spec->target, h)) {
                bdc_draw_record(ctx, h, ctx->stay[r]);
                continue;
            }
            /* missed: throw this set (out of play) and draw again */
            for (j = 0; j < k - 1; j++)
                ctx->used[avail[idx[j]]] = 1;
            ctx->used[avail[i]] = 1;
            status = bdc_draw_exact(ctx, r + 1, 0, m);
            for (j = 0; j < k - 1; j++)
                ctx->used[avail[idx[j]]] = 0;
            ctx->used[avail[i]] = 0;
        }
    next:
        more = k > 1 && bdc_next_combination(idx, k - 1, m - 1, end);
    } while (status == BDC_OK && more);
    return status;
}

static int bdc_draw_sample(bdc_draw_ctx *ctx, uint64_t samples, uint64_t rng[4])
{
    const bdc_draw_spec *spec = ctx->spec;
    unsigned halves[2];
    unsigned m = (unsigned)spec->n_deck;
    uint64_t s;
    int r, j, status;
    for (s = 0; s < samples; s++) {
        unsigned pos = 0; /* deck[0 .. pos-1] are dealt in this sample */
        for (r = 1; r <= spec->draws; r++) {
            for (j = 0; j < ctx->k; j++, pos++) {
                unsigned pick = pos + bdc_rng_below(rng, m - pos), card = ctx->deck[pick];
                ctx->deck[pick] = ctx->deck[pos];
                ctx->deck[pos] = card;
                ctx->hand[spec->n_kept + j] = card;
            }
            if ((status = bdc_halves(&spec->game, ctx->hand, halves)) != BDC_OK)
                return status;
            if (r == spec->draws || bdc_meets(&spec->target, halves)) {
                bdc_draw_record(ctx, halves, 1);
                break;
            }
        }
    }
    return BDC_OK;
}

int bdc_draw_run(const bdc_draw_spec *spec, int first_begin, int first_end,
                 uint64_t samples, uint64_t rng[4],
                 uint64_t *badugi_counts, uint64_t *low_counts,
                 uint64_t *hits, uint64_t *total)
{
    bdc_draw_ctx ctx;
    unsigned halves[2];
    int status = bdc_draw_check(spec), i, r;
    if (status)
        return status;
    if ((spec->game.badugi != BDC_NO_HALF && !badugi_counts) || (spec->game.low != BDC_NO_HALF && !low_counts))
        return BDC_E_ARGUMENT;
    ctx.spec = spec;
    ctx.k = spec->game.n_cards - spec->n_kept;
    ctx.badugi_counts = spec->game.badugi != BDC_NO_HALF ? badugi_counts : 0;
    ctx.low_counts = spec->game.low != BDC_NO_HALF ? low_counts : 0;
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
        ctx.stay[r] = ctx.stay[r + 1] * bdc_choose(spec->n_deck - r * ctx.k, ctx.k);
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

/* ---- several hands to a showdown -------------------------------------- */

typedef struct {
    int seat, round, k; /* round 0: an unknown hand's cards; 1..3: a draw */
} bdc_event;

typedef struct {
    const bdc_equity_spec *spec;
    int n_events;
    bdc_event events[BDC_MAX_EVENTS];
    unsigned hands[BDC_MAX_SEATS][BDC_MAX_CARDS];
    unsigned halves[BDC_MAX_SEATS][2];
    unsigned deck[BDC_DECK_SIZE];
    unsigned char used[BDC_DECK_SIZE];
    bdc_equity_sums *sums;
    double weight;
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

int bdc_equity_plan(const bdc_equity_spec *spec, double *outcomes, int *positions)
{
    bdc_equity_ctx ctx;
    int status = bdc_equity_check(spec, &ctx), e, m = spec->n_deck;
    if (status)
        return status;
    *outcomes = 1.0;
    for (e = 0; e < ctx.n_events; e++) {
        *outcomes *= (double)bdc_choose(m, ctx.events[e].k);
        m -= ctx.events[e].k;
    }
    *positions = ctx.n_events ? spec->n_deck - ctx.events[0].k + 1 : 1;
    return BDC_OK;
}

/* Settles one outcome of weight w into the sums. */
static void bdc_equity_leaf(bdc_equity_ctx *ctx, double w)
{
    const bdc_equity_spec *spec = ctx->spec;
    unsigned limit[2], best[2];
    int has[2], n_best[2], h, s, live;
    double value[2];
    has[0] = spec->game.badugi != BDC_NO_HALF;
    has[1] = spec->game.low != BDC_NO_HALF;
    limit[0] = spec->qualifier.badugi;
    limit[1] = spec->qualifier.low;
    for (;;) {
        live = 0;
        for (h = 0; h < 2; h++) {
            best[h] = ~0u;
            n_best[h] = 0;
            if (!has[h])
                continue;
            for (s = 0; s < spec->n_seats; s++) {
                unsigned rank = ctx->halves[s][h];
                if (limit[h] && rank > limit[h])
                    continue;
                if (rank < best[h]) {
                    best[h] = rank;
                    n_best[h] = 1;
                } else if (rank == best[h]) {
                    n_best[h]++;
                }
            }
            live += n_best[h] > 0;
        }
        if (live || (!limit[0] && !limit[1]))
            break;
        limit[0] = limit[1] = 0; /* no half qualifies: settle as if there were no qualifiers */
    }
    /* a half with no qualifying hand goes to the other half's winners */
    for (h = 0; h < 2; h++)
        value[h] = n_best[h] ? 1.0 / live / n_best[h] : 0.0;
    for (s = 0; s < spec->n_seats; s++) {
        bdc_equity_sums *sum = &ctx->sums[s];
        double share = 0.0;
        for (h = 0; h < 2; h++) {
            if (!n_best[h] || ctx->halves[s][h] != best[h])
                continue;
            share += value[h];
            if (n_best[h] == 1)
                *(h ? &sum->low_win : &sum->badugi_win) += w;
            else
                *(h ? &sum->low_tie : &sum->badugi_tie) += w;
        }
        if (share == 1.0)
            sum->scoop += w;
        sum->share += w * share;
        sum->share_sq += w * share * share;
    }
    ctx->weight += w;
}

static inline int bdc_equity_stands(const bdc_equity_ctx *ctx, const bdc_event *ev)
{
    return ev->round >= 2 && bdc_meets(&ctx->spec->target, ctx->halves[ev->seat]);
}

/* Every way event e and the events after it can fall; the first card of
 * event e at an unseen position in begin .. end-1.  As in bdc_draw_exact, the
 * last card of a set varies innermost and is ranked a block at a time. */
static int bdc_equity_exact(bdc_equity_ctx *ctx, int e, double w, int begin, int end)
{
    const bdc_equity_spec *spec = ctx->spec;
    const bdc_event *ev;
    int avail[BDC_DECK_SIZE], idx[BDC_MAX_CARDS];
    unsigned cards[BDC_DECK_SIZE], base[BDC_MAX_CARDS], block[BDC_DECK_SIZE][2], saved_halves[2];
    unsigned *halves;
    int m, i, j, k, first, last, more, status = BDC_OK;
    if (e == ctx->n_events) {
        bdc_equity_leaf(ctx, w);
        return BDC_OK;
    }
    ev = &ctx->events[e];
    if (bdc_equity_stands(ctx, ev))
        return bdc_equity_exact(ctx, e + 1, w, 0, (int)BDC_DECK_SIZE);
    k = ev->k;
    first = spec->game.n_cards - k; /* the seat's cards before this event's */
    last = e + 1 == ctx->n_events;
    halves = ctx->halves[ev->seat];
    m = bdc_unseen(ctx->deck, ctx->used, spec->n_deck, cards, avail);
    if (end > m - k + 1)
        end = m - k + 1;
    if (begin >= end)
        return BDC_OK;
    w /= (double)bdc_choose(m, k);
    for (j = 0; j < first; j++)
        base[j] = ctx->hands[ev->seat][j];
    for (j = 0; j < k - 1; j++)
        idx[j] = begin + j;
    saved_halves[0] = halves[0];
    saved_halves[1] = halves[1];
    do {
        int lo = k == 1 ? begin : idx[k - 2] + 1;
        int hi = k == 1 ? end : m;
        for (j = 0; j < k - 1; j++) {
            base[first + j] = cards[idx[j]];
            ctx->used[avail[idx[j]]] = 1;
        }
        bdc_halves_extend(&spec->game, base, cards + lo, hi - lo, block);
        for (i = lo; i < hi && status == BDC_OK; i++) {
            halves[0] = block[i - lo][0];
            halves[1] = block[i - lo][1];
            if (last) {
                bdc_equity_leaf(ctx, w);
                continue;
            }
            ctx->used[avail[i]] = 1;
            status = bdc_equity_exact(ctx, e + 1, w, 0, (int)BDC_DECK_SIZE);
            ctx->used[avail[i]] = 0;
        }
        for (j = 0; j < k - 1; j++)
            ctx->used[avail[idx[j]]] = 0;
        more = k > 1 && bdc_next_combination(idx, k - 1, m - 1, end);
    } while (status == BDC_OK && more);
    halves[0] = saved_halves[0];
    halves[1] = saved_halves[1];
    return status;
}

static int bdc_equity_sample(bdc_equity_ctx *ctx, uint64_t samples, uint64_t rng[4])
{
    const bdc_equity_spec *spec = ctx->spec;
    unsigned m = (unsigned)spec->n_deck;
    uint64_t s;
    int e, j, status;
    for (s = 0; s < samples; s++) {
        unsigned pos = 0; /* deck[0 .. pos-1] are dealt in this sample */
        for (e = 0; e < ctx->n_events; e++) {
            const bdc_event *ev = &ctx->events[e];
            unsigned *hand = ctx->hands[ev->seat];
            int first = spec->game.n_cards - ev->k;
            if (bdc_equity_stands(ctx, ev))
                continue;
            for (j = 0; j < ev->k; j++, pos++) {
                unsigned pick = pos + bdc_rng_below(rng, m - pos), card = ctx->deck[pick];
                ctx->deck[pick] = ctx->deck[pos];
                ctx->deck[pos] = card;
                hand[first + j] = card;
            }
            if ((status = bdc_halves(&spec->game, hand, ctx->halves[ev->seat])) != BDC_OK)
                return status;
        }
        bdc_equity_leaf(ctx, 1.0);
    }
    return BDC_OK;
}

int bdc_equity_run(const bdc_equity_spec *spec, int first_begin, int first_end,
                   uint64_t samples, uint64_t rng[4],
                   bdc_equity_sums *sums, double *weight)
{
    bdc_equity_ctx ctx;
    int status = bdc_equity_check(spec, &ctx), s, i, n = spec->game.n_cards;
    if (status)
        return status;
    ctx.spec = spec;
    ctx.sums = sums;
    ctx.weight = 0.0;
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
        status = bdc_equity_sample(&ctx, samples, rng);
    else if (ctx.n_events == 0) {
        if (first_begin <= 0 && first_end > 0)
            bdc_equity_leaf(&ctx, 1.0);
    } else
        status = bdc_equity_exact(&ctx, 0, 1.0, first_begin < 0 ? 0 : first_begin, first_end);
    *weight += ctx.weight;
    return status;
}
