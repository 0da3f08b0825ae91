/*
 * bdc_equity_sample.c - sampled equity: random outcomes of an equity spec,
 * BDC_SAMPLE_BLOCK samples at a time.
 *
 * ONE SAMPLE deals every card its events may take at once (T cards, the sum
 * of the events' k): a partial Fisher-Yates shuffle of the unseen deck, pick
 * j swapping a uniform choice among deck positions j .. n_deck - 1 into place
 * j.  The dealt cards are a uniform ordered sample of distinct cards, each
 * event taking its own slice in event order; an event that stands pat just
 * does not use its slice (cards nobody sees change no probability).  The
 * swaps are undone after the sample, so every sample starts from the spec's
 * deck and its cards depend on its random words alone: how a run is split
 * into calls never changes the result.
 *
 * RANDOM PICKS.  As bdc_random.c: consecutive picks whose bounds multiply to
 * P <= 2^32 share one 32-bit word x, rejected when the low word of x * P is
 * below 2^32 mod P (Lemire's method on P), whose mixed-radix digits are then
 * independent uniform picks (Brackett-Rozinsky and Lemire, 2024).  Each
 * xoshiro256** output gives two words, its high half first; a sample starts
 * on a fresh output, so no word is shared between samples.  Five picks from
 * 52 fit one word.
 *
 * A BLOCK.  Each event's hands are rows of card ids (its seat's held cards
 * written once, each sample's dealt cards dropped into place; a draw of a
 * seat of unknown cards writes the cards it keeps of its row of the deal
 * before, by THE UNKNOWN SEAT'S RULE of badeucey.h), ranked by one
 * call of the implementation's batch loop for the game; a seat that meets
 * the target in draw 2 or 3 stands pat and keeps its ranks (its new row is
 * ranked but unused).  The block is then settled: a game with one half and
 * no qualifier by counting, per seat, the showdowns it won with n - 1 others
 * (every sum follows from those counts: the same integers as settling each
 * showdown); any other game by bdc_equity_settle, showdown by showdown.
 */
#include "bdc_equity.h"

#define BDC_SAMPLE_BLOCK 128               /* samples a block: one batch call per event */
#define BDC_WORD_RANGE ((uint64_t)1 << 32) /* a pick group's product of bounds is at most this */

typedef struct {
    const bdc_equity_spec *spec;
    const bdc_event *events;
    int n, n_events, n_picks, n_groups;
    int settle_half;       /* the one half settled by counting, or -1: bdc_equity_settle */
    bdc_batch_fn pair;     /* Badeucey or Badacey: both halves in one call (then rank[] NULL) */
    bdc_batch_fn rank[2];  /* else each half's batch loop, NULL for a half the game lacks */
    uint8_t deck[BDC_DECK_SIZE];
    uint8_t *dest[BDC_DECK_SIZE];           /* pick j's card goes to dest[j][b * n] in sample b */
    int group_end[BDC_DECK_SIZE];           /* group g covers picks group_end[g-1] .. group_end[g] - 1 */
    uint64_t group_product[BDC_DECK_SIZE];  /* P of group g */
    uint32_t group_reject[BDC_DECK_SIZE];   /* 2^32 mod P: words with a lower x_g are drawn again */
    uint64_t won[BDC_MAX_SEATS][BDC_MAX_SEATS + 1]; /* won[s][j]: showdowns seat s won with j - 1 others */
    uint8_t rows[BDC_MAX_EVENTS][BDC_SAMPLE_BLOCK * BDC_MAX_CARDS]; /* event e's hand in sample b at b * n */
    uint16_t ranks[2][BDC_MAX_SEATS][BDC_SAMPLE_BLOCK]; /* ranks[h][s][b]: seat s's rank in half h */
    uint16_t out[2 * BDC_SAMPLE_BLOCK];     /* a batch call's ranks, before a standing seat keeps its own */
    uint8_t held[BDC_MAX_SEATS][BDC_SAMPLE_BLOCK * BDC_MAX_CARDS]; /* a full hand held before a seat of
                                                                      unknown cards first throws, per sample */
    uint8_t chosen[BDC_SAMPLE_BLOCK];       /* the best badugi's positions in each sample's hand */
} bdc_sampler;

/* Picks the batch loops, lays out the rows and groups the picks. */
static void bdc_sampler_init(bdc_sampler *sp, const bdc_equity_spec *spec, const bdc_event *events, int n_events,
                             const unsigned (*hands)[BDC_MAX_CARDS], const unsigned (*halves)[2])
{
    const bdc_impl *impl = bdc_impl_active();
    const bdc_game *game = &spec->game;
    const int n = game->n_cards;
    int e, i, j, b, h, s, picks = 0;
    sp->spec = spec;
    sp->events = events;
    sp->n = n;
    sp->n_events = n_events;
    sp->pair = 0;
    sp->rank[0] = sp->rank[1] = 0;
    if (n == 4)
        sp->rank[0] = impl->batch4[game->badugi]; /* a 4-card game has only a Badugi half */
    else if (game->badugi == BDC_BADUGI_HIGH && game->low == BDC_DEUCE_SEVEN)
        sp->pair = impl->batch5[BDC_BADEUCEY];
    else if (game->badugi == BDC_BADUGI_LOW && game->low == BDC_ACE_FIVE)
        sp->pair = impl->batch5[BDC_BADACEY];
    else {
        if (game->badugi != BDC_NO_HALF)
            sp->rank[0] = impl->batch5[game->badugi];
        if (game->low != BDC_NO_HALF)
            sp->rank[1] = impl->batch5[game->low];
    }
    sp->settle_half = -1;
    if (game->badugi == BDC_NO_HALF && !spec->qualifier.low)
        sp->settle_half = 1;
    if (game->low == BDC_NO_HALF && !spec->qualifier.badugi)
        sp->settle_half = 0;
    for (s = 0; s < spec->n_seats; s++) {
        for (j = 0; j <= BDC_MAX_SEATS; j++)
            sp->won[s][j] = 0;
        /* a seat no event deals to keeps its ranks; the others' are written before they are read */
        for (h = 0; h < 2; h++)
            for (b = 0; b < BDC_SAMPLE_BLOCK; b++)
                sp->ranks[h][s][b] = (uint16_t)halves[s][h];
    }
    for (e = 0; e < n_events; e++) {
        const int seat = events[e].seat, k = events[e].k;
        for (b = 0; b < BDC_SAMPLE_BLOCK; b++)
            for (i = 0; i < n - k; i++) /* a draw that throws writes its kept cards per sample */
                sp->rows[e][b * n + i] = (uint8_t)hands[seat][i];
        if (events[e].throws && events[e].prev < 0) /* it throws from a full hand it held */
            for (b = 0; b < BDC_SAMPLE_BLOCK; b++)
                for (i = 0; i < n; i++)
                    sp->held[seat][b * n + i] = (uint8_t)hands[seat][i];
        for (i = 0; i < k; i++)
            sp->dest[picks++] = sp->rows[e] + (n - k + i);
    }
    sp->n_picks = picks;
    for (i = 0; i < spec->n_deck; i++)
        sp->deck[i] = spec->deck[i];
    /* group the picks greedily: the bound of pick j is n_deck - j */
    sp->n_groups = 0;
    for (j = 0; j < picks; j++) {
        uint64_t bound = (uint64_t)(spec->n_deck - j);
        if (sp->n_groups == 0 || sp->group_product[sp->n_groups - 1] * bound > BDC_WORD_RANGE) {
            sp->group_product[sp->n_groups] = 1;
            sp->n_groups++;
        }
        sp->group_product[sp->n_groups - 1] *= bound;
        sp->group_end[sp->n_groups - 1] = j + 1;
    }
    for (i = 0; i < sp->n_groups; i++)
        sp->group_reject[i] = (uint32_t)(BDC_WORD_RANGE % sp->group_product[i]);
}

/* Deals sample b's cards into its rows, then puts the deck back. */
static inline void bdc_sampler_deal(bdc_sampler *sp, uint64_t rng[4], int b)
{
    const unsigned n_deck = (unsigned)sp->spec->n_deck;
    const size_t at = (size_t)b * (size_t)sp->n;
    uint8_t picks[BDC_DECK_SIZE], *deck = sp->deck;
    uint64_t word = 0;
    int g, j = 0, spare = 0;
    for (g = 0; g < sp->n_groups; g++) {
        const uint64_t product = sp->group_product[g];
        const uint32_t reject = sp->group_reject[g];
        uint32_t x;
        do { /* the next 32-bit word, until the low word of x * P (x_g) is not below 2^32 mod P */
            if (spare) {
                x = (uint32_t)word;
                spare = 0;
            } else {
                word = bdc_rng_next(rng);
                x = (uint32_t)(word >> 32);
                spare = 1;
            }
        } while ((uint32_t)((uint64_t)x * product) < reject);
        for (; j < sp->group_end[g]; j++) {
            uint64_t m = (uint64_t)x * (uint64_t)(n_deck - (unsigned)j); /* the pick in the high word */
            unsigned pick = (unsigned)j + (unsigned)(m >> 32);
            uint8_t card = deck[pick];
            x = (uint32_t)m;
            deck[pick] = deck[j];
            deck[j] = card;
            picks[j] = (uint8_t)pick;
            sp->dest[j][at] = card;
        }
    }
    while (j-- > 0) { /* the swaps undone, last first */
        uint8_t card = deck[j];
        deck[j] = deck[picks[j]];
        deck[picks[j]] = card;
    }
}

/* A draw of a seat of unknown cards (event e): the cards THE UNKNOWN SEAT'S
 * RULE keeps of the seat's hand before it, written in front of each of the
 * block's first `count` rows.  BDC_OK or bdc_badugi_cards_batch's error. */
static int bdc_sampler_keep(bdc_sampler *sp, int e, int count)
{
    const bdc_event *ev = &sp->events[e];
    const bdc_game *game = &sp->spec->game;
    const int n = sp->n, kept = n - ev->k;
    const uint8_t *before = ev->prev >= 0 ? sp->rows[ev->prev] : sp->held[ev->seat];
    uint8_t *rows = sp->rows[e];
    unsigned hand[BDC_MAX_CARDS], order[BDC_MAX_CARDS];
    size_t bad;
    int b, i, status;
    if (game->badugi != BDC_NO_HALF &&
        (status = bdc_badugi_cards_batch(game->badugi == BDC_BADUGI_HIGH, before, (size_t)count, n, sp->chosen,
                                         &bad)) != BDC_OK)
        return status;
    for (b = 0; b < count; b++) {
        for (i = 0; i < n; i++)
            hand[i] = before[b * n + i];
        bdc_equity_keep_order(game, hand, game->badugi != BDC_NO_HALF ? sp->chosen[b] : 0u, order);
        for (i = 0; i < kept; i++)
            rows[b * n + i] = (uint8_t)order[i];
    }
    return BDC_OK;
}

/* Ranks event e's rows of the block's first `count` samples into its seat's
 * ranks (a seat standing pat keeps its own).  BDC_OK or the batch loop's error. */
static int bdc_sampler_rank(bdc_sampler *sp, int e, int count)
{
    const bdc_event *ev = &sp->events[e];
    const bdc_limits *target = &sp->spec->target;
    const uint8_t *rows = sp->rows[e];
    const int may_stand = ev->round >= 2 && !ev->throws; /* a seat of unknown cards always draws */
    uint16_t *r0 = sp->ranks[0][ev->seat], *r1 = sp->ranks[1][ev->seat];
    size_t bad;
    int b, h, status;
    if (ev->throws && (status = bdc_sampler_keep(sp, e, count)) != BDC_OK)
        return status;
    if (sp->pair) {
        if ((status = sp->pair(rows, (size_t)count, sp->out, &bad)) != BDC_OK)
            return status;
        for (b = 0; b < count; b++) {
            const unsigned held[2] = {r0[b], r1[b]};
            if (may_stand && bdc_meets(target, held))
                continue;
            r0[b] = sp->out[2 * b];
            r1[b] = sp->out[2 * b + 1];
        }
        return BDC_OK;
    }
    for (h = 0; h < 2; h++) {
        if (!sp->rank[h])
            continue;
        /* straight into the seat's ranks unless the seat may stand pat */
        status = sp->rank[h](rows, (size_t)count, may_stand ? sp->out + h * BDC_SAMPLE_BLOCK : sp->ranks[h][ev->seat],
                             &bad);
        if (status != BDC_OK)
            return status;
    }
    if (may_stand) {
        for (b = 0; b < count; b++) {
            const unsigned held[2] = {r0[b], r1[b]};
            if (bdc_meets(target, held))
                continue;
            if (sp->rank[0])
                r0[b] = sp->out[b];
            if (sp->rank[1])
                r1[b] = sp->out[BDC_SAMPLE_BLOCK + b];
        }
    }
    return BDC_OK;
}

/* Settles the block's first `count` showdowns. */
static void bdc_sampler_settle(bdc_sampler *sp, int count, bdc_equity_sums *sums)
{
    const bdc_equity_spec *spec = sp->spec;
    const int seats = spec->n_seats;
    unsigned halves[BDC_MAX_SEATS][2];
    int b, s;
    if (sp->settle_half < 0) {
        for (b = 0; b < count; b++) {
            for (s = 0; s < seats; s++) {
                halves[s][0] = sp->ranks[0][s][b];
                halves[s][1] = sp->ranks[1][s][b];
            }
            bdc_equity_settle(spec, (const unsigned(*)[2])halves, sums, 1u, 1);
        }
    } else if (seats == 2) { /* heads up: a win each way, or a tie */
        const uint16_t *first = sp->ranks[sp->settle_half][0], *second = sp->ranks[sp->settle_half][1];
        unsigned below = 0, above = 0;
        for (b = 0; b < count; b++) {
            below += first[b] < second[b];
            above += first[b] > second[b];
        }
        sp->won[0][1] += below;
        sp->won[1][1] += above;
        sp->won[0][2] += (unsigned)count - below - above;
        sp->won[1][2] += (unsigned)count - below - above;
    } else {
        uint16_t(*ranks)[BDC_SAMPLE_BLOCK] = sp->ranks[sp->settle_half];
        for (b = 0; b < count; b++) {
            unsigned best = ranks[0][b], n_best = 0;
            for (s = 1; s < seats; s++)
                best = ranks[s][b] < best ? ranks[s][b] : best;
            for (s = 0; s < seats; s++)
                n_best += ranks[s][b] == best;
            for (s = 0; s < seats; s++)
                sp->won[s][ranks[s][b] == best ? n_best : 0]++; /* [0]: lost */
        }
    }
}

/* The sums of the counted showdowns (what bdc_equity_settle adds for each). */
static void bdc_sampler_sums(const bdc_sampler *sp, bdc_equity_sums *sums)
{
    int s, j;
    if (sp->settle_half < 0)
        return;
    for (s = 0; s < sp->spec->n_seats; s++) {
        bdc_equity_sums *sum = &sums[s];
        for (j = 1; j <= sp->spec->n_seats; j++) {
            const uint64_t c = sp->won[s][j], share = BDC_SHARE_UNIT / j; /* one half: the whole pot */
            *(j == 1 ? (sp->settle_half ? &sum->low_win : &sum->badugi_win)
                     : (sp->settle_half ? &sum->low_tie : &sum->badugi_tie)) += c;
            if (j == 1)
                sum->scoop += c;
            sum->share += c * share;
            sum->share_sq += c * (share * share);
        }
    }
}

int bdc_equity_sample(const bdc_equity_spec *spec, const bdc_event *events, int n_events,
                      const unsigned (*hands)[BDC_MAX_CARDS], const unsigned (*halves)[2],
                      uint64_t samples, uint64_t rng[4], bdc_equity_sums *sums, uint64_t *weight)
{
    bdc_sampler sp;
    uint64_t state[4] = {rng[0], rng[1], rng[2], rng[3]}, done = 0;
    int status = BDC_OK, b, e;
    bdc_sampler_init(&sp, spec, events, n_events, hands, halves);
    while (done < samples && status == BDC_OK) {
        const int count = samples - done < BDC_SAMPLE_BLOCK ? (int)(samples - done) : BDC_SAMPLE_BLOCK;
        if (spec->stop && *spec->stop) {
            status = BDC_E_STOPPED;
            break;
        }
        for (b = 0; b < count; b++)
            bdc_sampler_deal(&sp, state, b);
        for (e = 0; e < n_events && status == BDC_OK; e++)
            status = bdc_sampler_rank(&sp, e, count);
        if (status == BDC_OK) {
            bdc_sampler_settle(&sp, count, sums);
            done += (uint64_t)count;
        }
    }
    bdc_sampler_sums(&sp, sums);
    *weight += done;
    for (b = 0; b < 4; b++)
        rng[b] = state[b];
    return status;
}
