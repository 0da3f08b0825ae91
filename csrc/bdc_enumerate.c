/*
 * bdc_enumerate.c - the steps the draw and equity enumerators share
 * (bdc_enumerate.h), and the seeding of their random stream (badeucey.h).
 */
#include "bdc_enumerate.h"

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

uint64_t bdc_binomial(int n, int k)
{
    uint64_t r = 1;
    int i;
    if (k < 0 || k > n)
        return 0;
    for (i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

int bdc_see(const uint8_t *cards, int n, uint64_t *seen)
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

int bdc_limits_ok(const bdc_game *game, const bdc_limits *limits)
{
    unsigned low_classes = game->low == BDC_ACE_FIVE ? BDC_ACE_FIVE_CLASSES : BDC_DEUCE_SEVEN_CLASSES;
    if (limits->badugi > BDC_BADUGI_CLASSES || (limits->badugi && game->badugi == BDC_NO_HALF))
        return 0;
    return !(limits->low > low_classes || (limits->low && game->low == BDC_NO_HALF));
}

/* Steps idx[0..k-1] (strictly increasing, idx[j] <= m - k + j, idx[0] < end0)
 * to the next combination in lexicographic order; 0 when there is none. */
static int bdc_next_combination(int *idx, int k, int m, int end0)
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

/* The opening of an enumeration of k-card sets whose first card is at
 * unseen position begin .. end-1: the deck's cards not dealt yet (cards[])
 * and their deck positions (avail[]), their number (*m), *end cut to the
 * positions a first card can take, and idx[0 .. k-2] the first set's cards but
 * its last.  Returns 0 when there is no such set. */
static int bdc_open_sets(const unsigned *deck, const unsigned char *used, int n_deck, int k, int begin, int *end,
                         unsigned cards[], int avail[], int idx[], int *m)
{
    int i, n = 0;
    for (i = 0; i < n_deck; i++)
        if (!used[i]) {
            cards[n] = deck[i];
            avail[n++] = i;
        }
    *m = n;
    if (*end > n - k + 1)
        *end = n - k + 1;
    if (begin >= *end)
        return 0;
    for (i = 0; i < k - 1; i++)
        idx[i] = begin + i;
    return 1;
}

int bdc_each_block(const bdc_game *game, const unsigned *deck, unsigned char *used, int n_deck,
                   const unsigned *held, int n_held, int k, int begin, int end, bdc_block_fn visit, void *frame)
{
    int avail[BDC_DECK_SIZE], idx[BDC_MAX_CARDS];
    unsigned cards[BDC_DECK_SIZE], base[BDC_MAX_CARDS], halves[BDC_DECK_SIZE][2];
    bdc_block block;
    int m, j, status = BDC_OK, more;
    /* idx[0 .. k-2]: the set's other cards, the first at begin .. end-1 */
    if (!bdc_open_sets(deck, used, n_deck, k, begin, &end, cards, avail, idx, &m))
        return BDC_OK;
    for (j = 0; j < n_held; j++)
        base[j] = held[j];
    block.halves = halves;
    block.avail = avail;
    block.unseen = m;
    do {
        block.lo = k == 1 ? begin : idx[k - 2] + 1;
        block.hi = k == 1 ? end : m;
        for (j = 0; j < k - 1; j++) {
            base[n_held + j] = cards[idx[j]];
            used[avail[idx[j]]] = 1;
        }
        bdc_halves_extend(game, base, cards + block.lo, block.hi - block.lo, halves);
        status = visit(frame, &block);
        for (j = 0; j < k - 1; j++)
            used[avail[idx[j]]] = 0;
        more = k > 1 && bdc_next_combination(idx, k - 1, m - 1, end);
    } while (status == BDC_OK && more);
    return status;
}

/* The one batch ranking that gives a 5-card game's halves, or -1 for a game
 * none does (halves with different ace orders). */
static int bdc_game_batch(const bdc_game *game)
{
    if (game->n_cards != 5)
        return -1;
    if (game->badugi == BDC_NO_HALF)
        return game->low;
    if (game->low == BDC_NO_HALF)
        return game->badugi;
    if (game->badugi == BDC_BADUGI_HIGH && game->low == BDC_DEUCE_SEVEN)
        return BDC_BADEUCEY;
    if (game->badugi == BDC_BADUGI_LOW && game->low == BDC_ACE_FIVE)
        return BDC_BADACEY;
    return -1;
}

/* bdc_each_final for a game no batch loop ranks: each block's halves from
 * bdc_each_block, handed on as ranked pairs. */
typedef struct {
    const bdc_game *game;
    bdc_final_fn visit;
    void *frame;
} bdc_final_adapter;

static int bdc_final_block(void *frame, const bdc_block *block)
{
    const bdc_final_adapter *a = (const bdc_final_adapter *)frame;
    uint16_t out[2 * BDC_DECK_SIZE];
    bdc_ranked ranked;
    int i, n = block->hi - block->lo;
    for (i = 0; i < n; i++) {
        out[2 * i] = (uint16_t)block->halves[i][0];
        out[2 * i + 1] = (uint16_t)block->halves[i][1];
    }
    ranked.badugi = a->game->badugi != BDC_NO_HALF ? out : 0;
    ranked.low = a->game->low != BDC_NO_HALF ? out + 1 : 0;
    ranked.step = 2;
    ranked.n = n;
    return a->visit(a->frame, &ranked);
}

/* Ranks the n rows of a buffer and visits them. */
static int bdc_final_flush(bdc_batch_fn batch, int pairs, int has_badugi, const uint8_t *rows, int n,
                           uint16_t *out, bdc_final_fn visit, void *frame)
{
    bdc_ranked ranked;
    size_t bad_row;
    int status;
    if (n == 0)
        return BDC_OK;
    if ((status = batch(rows, (size_t)n, out, &bad_row)) != BDC_OK)
        return status; /* not reached: the caller checked every card */
    ranked.badugi = has_badugi ? out : 0;
    ranked.low = pairs ? out + 1 : has_badugi ? 0 : out;
    ranked.step = pairs ? 2 : 1;
    ranked.n = n;
    return visit(frame, &ranked);
}

int bdc_each_final(const bdc_game *game, const unsigned *deck, unsigned char *used, int n_deck,
                   const unsigned *held, int n_held, int k, int begin, int end, bdc_final_fn visit, void *frame)
{
    int avail[BDC_DECK_SIZE], idx[BDC_MAX_CARDS];
    unsigned cards[BDC_DECK_SIZE];
    uint8_t rows[5 * BDC_FINAL_HANDS], prefix[5];
    uint16_t out[2 * BDC_FINAL_HANDS];
    const int ranking = bdc_game_batch(game);
    bdc_batch_fn batch;
    int m, j, i, lo, hi, n = 0, status = BDC_OK, pairs, has_badugi;
    if (ranking < 0 || k < 1) { /* through the blocks of bdc_each_block, which change used[] and restore it */
        bdc_final_adapter a;
        a.game = game;
        a.visit = visit;
        a.frame = frame;
        return bdc_each_block(game, deck, used, n_deck, held, n_held, k, begin, end, bdc_final_block, &a);
    }
    batch = bdc_impl_active()->batch5[ranking];
    pairs = ranking == BDC_BADEUCEY || ranking == BDC_BADACEY;
    has_badugi = game->badugi != BDC_NO_HALF;
    if (!bdc_open_sets(deck, used, n_deck, k, begin, &end, cards, avail, idx, &m))
        return BDC_OK;
    for (j = 0; j < n_held; j++)
        prefix[j] = (uint8_t)held[j];
    for (;;) {
        /* the set's other cards, then its last card at unseen position lo .. hi-1 */
        lo = k == 1 ? begin : idx[k - 2] + 1;
        hi = k == 1 ? end : m;
        for (j = 0; j < k - 1; j++)
            prefix[n_held + j] = (uint8_t)cards[idx[j]];
        for (i = lo; i < hi; i++) {
            uint8_t *row = rows + 5 * n;
            row[0] = prefix[0], row[1] = prefix[1], row[2] = prefix[2], row[3] = prefix[3];
            row[4] = (uint8_t)cards[i];
            if (++n == BDC_FINAL_HANDS) {
                if ((status = bdc_final_flush(batch, pairs, has_badugi, rows, n, out, visit, frame)) != BDC_OK)
                    return status;
                n = 0;
            }
        }
        if (k == 1 || !bdc_next_combination(idx, k - 1, m - 1, end))
            break;
    }
    return bdc_final_flush(batch, pairs, has_badugi, rows, n, out, visit, frame);
}
