/*
 * bdc_cfr.c - external-sampling Monte Carlo CFR on the hand's state machine
 * (badeucey.h, "the solver").  Hands are played through the table's public
 * functions only; the ranking of hands stays in bdc_table.c.
 */
#include <float.h>
#include <string.h>

#include "badeucey.h"
#include "bdc_internal.h"

#define CFR_SEATS 2              /* heads-up */
#define CFR_HISTORY_AT 9         /* the key's first history byte */
#define CFR_SLOT_KEY_BYTES 16    /* the key's bytes a slot holds (its first two words) */
#define CFR_SLOT_CODES (2 * (CFR_SLOT_KEY_BYTES - CFR_HISTORY_AT)) /* a key of at most these codes is all in its slot */
#define CFR_SLOT_ENTRY 2         /* a slot's word holding the hash's high half above the entry's index + 1 */
#define CFR_SLOT_OFFSET 3        /* a slot's word holding the entry's offset */
#define CFR_MAX_INDEX 0xFFFFFFFEu /* entries are stored as index + 1 in 32 bits */
#define CFR_UNIFORM_SCALE (1.0 / 9007199254740992.0) /* 2^-53: a 53-bit word as a double in [0, 1) */
#define CODE_FOLD 1
#define CODE_CALL 2
#define CODE_RAISE 3
#define CODE_DRAW 4              /* + the cards drawn */
#define ROUND_SUMMARY_CODES 4    /* round_summary's codes: the pot, the raiser, the last draw, the draw before */
#define OWN_SUMMARY_CODES 5      /* and whether the seat stood pat in its last draw (BDC_CFR_ROUND_OWN_HISTORY) */

/* C(n, k) for n <= 52, k <= 5: the colex index's terms. */
static uint64_t choose(unsigned n, unsigned k)
{
    uint64_t r = 1;
    unsigned i;
    if (k > n)
        return 0;
    for (i = 1; i <= k; i++)
        r = r * (n - k + i) / i; /* exact: r * (n - k + i) is i times C(n - k + i, i) */
    return r;
}

/* C(n, k) for n <= 52, 1 <= k <= 5, a term of a hand's colex index: as
 * choose, with a constant divisor for each k (every node computes an index).
 * When n < k one factor is 0, and so is the product. */
static uint64_t colex_term(uint64_t n, unsigned k)
{
    switch (k) {
    case 1:
        return n;
    case 2:
        return n * (n - 1) / 2;
    case 3:
        return n * (n - 1) * (n - 2) / 6;
    case 4:
        return n * (n - 1) * (n - 2) * (n - 3) / 24;
    default:
        return n * (n - 1) * (n - 2) * (n - 3) * (n - 4) / 120;
    }
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                     */
/* ------------------------------------------------------------------------ */

static int n_cards_of(const bdc_cfr_game *g)
{
    return g->rules.game.n_cards;
}

/* The most history codes a hand can take: per betting round, a check, the
 * bets and raises the cap (or the stacks) allow and a call; a draw code per
 * seat per draw. */
static uint64_t history_bound(const bdc_cfr_game *g)
{
    uint64_t total = (uint64_t)g->draws * CFR_SEATS, raises;
    int64_t unit = g->rules.small_bet < g->rules.big_bet ? g->rules.small_bet : g->rules.big_bet;
    int64_t stack = g->stacks[0] > g->stacks[1] ? g->stacks[0] : g->stacks[1];
    if (g->rules.heads_up_cap > 0)
        raises = (uint64_t)g->rules.heads_up_cap + 1; /* + 1: round 0's blind may not count */
    else if (unit > 0)
        raises = (uint64_t)(stack / unit) + 2;
    else
        return UINT64_MAX;
    total += (uint64_t)(g->draws + 1) * (raises + 2);
    if (g->recall) /* a seat's own draws: each card thrown and received, two codes a card */
        total += (uint64_t)g->draws * 4 * (uint64_t)n_cards_of(g);
    return total;
}

int bdc_cfr_check(const bdc_cfr_game *g)
{
    bdc_table t;
    uint8_t deck[BDC_DECK_SIZE];
    uint64_t seen = 0;
    int i, n, k, rc;
    if (!g)
        return BDC_E_ARGUMENT;
    n = n_cards_of(g);
    if ((n != BDC_MIN_HAND_CARDS && n != BDC_MAX_HAND_CARDS) || g->rules.structure != BDC_FIXED_LIMIT)
        return BDC_E_ARGUMENT;
    if (g->draws < 1 || g->draws > BDC_MAX_DRAWS || g->fixed_deal < 0 || g->fixed_deal > 1)
        return BDC_E_ARGUMENT;
    if (g->variant < BDC_CFR_VANILLA || g->variant > BDC_CFR_PLUS || g->recall < 0 || g->recall > 1)
        return BDC_E_ARGUMENT;
    if (g->history < BDC_CFR_FULL_HISTORY || g->history > BDC_CFR_ROUND_OWN_HISTORY || (g->recall && g->history))
        return BDC_E_ARGUMENT;
    if (g->recall && (g->buckets[0] || g->buckets[1] || g->buckets[2] || g->buckets[3]))
        return BDC_E_ARGUMENT; /* recall keys the exact hand */
    if (g->stacks[0] < 1 || g->stacks[1] < 1 || g->stacks[0] > BDC_TABLE_MAX_CHIPS || g->stacks[1] > BDC_TABLE_MAX_CHIPS)
        return BDC_E_ARGUMENT;
    if (history_bound(g) > BDC_CFR_MAX_HISTORY)
        return BDC_E_ARGUMENT;
    if (g->deck) {
        if (g->n_deck < CFR_SEATS * n + 1 || g->n_deck > BDC_DECK_SIZE)
            return BDC_E_ARGUMENT;
        for (i = 0; i < g->n_deck; i++) {
            if (g->deck[i] >= BDC_DECK_SIZE)
                return BDC_E_CARD;
            if (seen >> g->deck[i] & 1)
                return BDC_E_DUPLICATE;
            seen |= (uint64_t)1 << g->deck[i];
        }
    } else if (g->fixed_deal) {
        return BDC_E_ARGUMENT;
    }
    for (k = 0; k <= BDC_MAX_DRAWS; k++)
        if ((g->buckets[k] || (k && g->candidates[k])) && g->hands != choose(BDC_DECK_SIZE, (unsigned)n))
            return BDC_E_ARGUMENT;
    for (i = 0; i < BDC_DECK_SIZE; i++)
        deck[i] = (uint8_t)i;
    if (g->deck) { /* the cards in play first, then the others (a table of the full deck deals all 52) */
        int at = 0;
        for (i = 0; i < g->n_deck; i++)
            deck[at++] = g->deck[i];
        for (i = 0; i < BDC_DECK_SIZE; i++)
            if (!(seen >> i & 1))
                deck[at++] = (uint8_t)i;
    }
    rc = bdc_table_start(&t, &g->rules, CFR_SEATS, g->stacks, 0, deck, 0, NULL);
    return rc < 0 ? rc : BDC_OK;
}

static int memory_ok(const bdc_cfr_memory *m)
{
    if (!m || !m->slots || !m->keys || !m->offsets || !m->averages)
        return 0;
    if (m->n_slots < 2 || (m->n_slots & (m->n_slots - 1)) || m->max_entries > CFR_MAX_INDEX ||
        m->n_slots / 2 < m->max_entries)
        return 0;
    return m->n_entries <= m->max_entries && m->n_values <= m->max_values;
}

/* ------------------------------------------------------------------------ */
/* The hash table                                                             */
/* ------------------------------------------------------------------------ */

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t key_hash(const uint8_t *key)
{
    uint64_t h = 0, w;
    int i;
    if (key[8] <= CFR_SLOT_CODES) { /* all in its first two words (zeros after): two rounds, one on each word at once */
        uint64_t w1;
        memcpy(&w, key, 8);
        memcpy(&w1, key + 8, 8);
        return mix(w ^ mix(w1));
    }
    for (i = 0; i < BDC_CFR_KEY_BYTES; i += 8) {
        memcpy(&w, key + i, 8);
        h = mix(h ^ w ^ (uint64_t)i); /* splitmix64's finaliser over each word in turn */
    }
    return h;
}

/* 1 if two keys are equal: five words compared in place (a node compares one key). */
static int same_key(const uint8_t *a, const uint8_t *b)
{
    uint64_t x, y, diff = 0;
    int i;
    for (i = 0; i < BDC_CFR_KEY_BYTES; i += 8) {
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        diff |= x ^ y;
    }
    return !diff;
}

/* The entry holding key, or -1; *slot_at is the slot where it is or would go.
 * A slot holds the key's first CFR_SLOT_KEY_BYTES bytes: a key of at most
 * CFR_SLOT_CODES codes, all zeros after them (a node's key, and every key
 * bdc_cfr_rehash takes), equals a key of the same first bytes, so only a
 * longer key is compared whole. */
static int64_t find(const bdc_cfr_memory *m, const uint8_t *key, uint64_t h, size_t *slot_at)
{
    size_t mask = m->n_slots - 1, i = (size_t)h & mask;
    uint64_t tag = h & 0xFFFFFFFF00000000ULL, k0, k1;
    int whole = key[8] > CFR_SLOT_CODES;
    memcpy(&k0, key, 8);
    memcpy(&k1, key + 8, 8);
    for (;;) {
        const uint64_t *s = m->slots + BDC_CFR_SLOT_WORDS * i;
        uint64_t entry = s[CFR_SLOT_ENTRY];
        if (!entry) {
            *slot_at = i;
            return -1;
        }
        if (s[0] == k0 && s[1] == k1 && (entry & 0xFFFFFFFF00000000ULL) == tag) {
            uint64_t e = (entry & 0xFFFFFFFFu) - 1;
            if (e < m->n_entries && (!whole || same_key(m->keys + e * BDC_CFR_KEY_BYTES, key))) {
                *slot_at = i;
                return (int64_t)e;
            }
        }
        i = (i + 1) & mask;
    }
}

/* Fills slot `at` with entry e of hash h: the key's first bytes, the hash's
 * high half above e + 1 (never 0: an empty slot is all zeros), e's offset. */
static void fill_slot(bdc_cfr_memory *m, size_t at, uint64_t h, uint64_t e)
{
    uint64_t *s = m->slots + BDC_CFR_SLOT_WORDS * at;
    memcpy(s, m->keys + e * BDC_CFR_KEY_BYTES, CFR_SLOT_KEY_BYTES);
    s[CFR_SLOT_ENTRY] = (h & 0xFFFFFFFF00000000ULL) | (e + 1);
    s[CFR_SLOT_OFFSET] = m->offsets[e];
}

static int key_ok(const uint8_t *key)
{
    int i, n_hist = key[8];
    if (key[0] >= CFR_SEATS || key[1] > BDC_PHASE_DRAW || key[2] > BDC_MAX_DRAWS || key[3] < 1 ||
        key[3] > BDC_CFR_MAX_ACTIONS || n_hist > BDC_CFR_MAX_HISTORY)
        return 0;
    for (i = 0; i < BDC_CFR_MAX_HISTORY; i++) /* public codes, then (recall) the seat's own: all nonzero; zeros after */
        if (!(key[CFR_HISTORY_AT + i / 2] >> (4 * (i & 1)) & 15) != (i >= n_hist))
            return 0;
    return 1;
}

/* Whether an entry's values are ones the solver may hold: finite regrets, and
 * finite, non-negative averages of a finite total (each probability is its
 * weight over the total).  NaN fails every comparison; an infinity exceeds DBL_MAX. */
static int values_ok(const bdc_cfr_memory *m, uint64_t off, int n)
{
    double total = 0;
    int a;
    for (a = 0; a < n; a++) {
        double average = m->averages[off + (uint64_t)a];
        if (!(average >= 0 && average <= DBL_MAX))
            return 0;
        total += average;
        if (m->regrets && !(m->regrets[off + (uint64_t)a] >= -DBL_MAX && m->regrets[off + (uint64_t)a] <= DBL_MAX))
            return 0;
    }
    return total <= DBL_MAX;
}

int bdc_cfr_rehash(bdc_cfr_memory *m)
{
    size_t e;
    uint64_t next = 0;
    if (!memory_ok(m))
        return BDC_E_ARGUMENT;
    memset(m->slots, 0, BDC_CFR_SLOT_WORDS * m->n_slots * sizeof *m->slots);
    for (e = 0; e < m->n_entries; e++) {
        const uint8_t *key = m->keys + e * BDC_CFR_KEY_BYTES;
        uint64_t h;
        size_t at;
        if (!key_ok(key) || m->offsets[e] != next)
            return BDC_E_ARGUMENT;
        next += key[3];
        if (next > m->n_values || !values_ok(m, m->offsets[e], key[3]))
            return BDC_E_ARGUMENT;
        h = key_hash(key);
        if (find(m, key, h, &at) >= 0)
            return BDC_E_ARGUMENT; /* the same key twice */
        fill_slot(m, at, h, e);
    }
    return next == m->n_values ? BDC_OK : BDC_E_ARGUMENT;
}

/* The offset of key's values (regrets and averages), its entry made (its
 * values zero) when new; -1 when the arrays are full; -2 when the slot's
 * offset is not that of n_actions values held (slots changed since
 * bdc_cfr_rehash). */
static int64_t find_or_add(bdc_cfr_memory *m, const uint8_t *key)
{
    uint64_t h = key_hash(key), off;
    size_t at, n_actions = key[3];
    int64_t e = find(m, key, h, &at);
    if (e >= 0) {
        off = m->slots[BDC_CFR_SLOT_WORDS * at + CFR_SLOT_OFFSET]; /* read in the slot: no wait on the entry's offset */
        return off <= m->n_values && m->n_values - off >= n_actions ? (int64_t)off : -2;
    }
    if (m->n_entries >= m->max_entries || m->max_values - m->n_values < n_actions)
        return -1;
    e = (int64_t)m->n_entries++;
    memcpy(m->keys + (size_t)e * BDC_CFR_KEY_BYTES, key, BDC_CFR_KEY_BYTES);
    m->offsets[e] = off = m->n_values;
    memset(m->regrets + m->n_values, 0, n_actions * sizeof(double));
    memset(m->averages + m->n_values, 0, n_actions * sizeof(double));
    m->n_values += n_actions;
    fill_slot(m, at, h, (uint64_t)e);
    return (int64_t)off;
}

/* ------------------------------------------------------------------------ */
/* Information sets                                                           */
/* ------------------------------------------------------------------------ */

/* One decision: its actions (the table's encoding), their history codes, its key. */
typedef struct {
    int n_actions;
    int64_t actions[BDC_CFR_MAX_ACTIONS];
    uint8_t codes[BDC_CFR_MAX_ACTIONS];
    uint8_t key[BDC_CFR_KEY_BYTES];
} node;

/* THE ROUND HISTORY (badeucey.h, BDC_CFR_ROUND_HISTORY) of a hand's codes:
 * the codes from round_start on, after round_summary's four codes summing up
 * those before.  Heads-up, the button acts first in round 0, the big blind
 * first in every later round and in every draw. */

/* Where the codes a key holds whole begin, in `phase`. */
static int round_start(int phase, const uint8_t *history, int n_history)
{
    int i, start = 0, n_draws = 0;
    for (i = 0; i < n_history; i++)
        if (history[i] >= CODE_DRAW && ++n_draws % 2 == 0)
            start = i + 1; /* after the last draw both seats made */
    if (phase == BDC_PHASE_DRAW)
        start = n_history - n_draws % 2; /* a draw: after the betting round before it */
    return start;
}

/* The codes summing up history[0 .. start) for the seat in `position` (none
 * when start is 0): four, and with `own` a fifth, whether the seat stood pat
 * in its own last draw; returns their number. */
static int round_summary(int position, int own, const uint8_t *history, int start, uint8_t *out)
{
    static const uint8_t pot_code[17] = {0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8}; /* by bets, 16 at most */
    int i, r, k, level = 0, raiser = -1, last = -1, before = -1, mine = -1, n = 0;
    for (i = 0, r = 0; i < start; r++) {
        int bets = r == 0, first = r == 0 ? 0 : 1; /* round 0: the big blind is its first bet */
        raiser = -1;
        for (k = 0; i < start && history[i] < CODE_DRAW; i++, k++)
            if (history[i] == CODE_RAISE) {
                bets++;
                raiser = (first + k) % CFR_SEATS;
            }
        level += bets * (r < BDC_ROUNDS_AT_SMALL_BET ? 1 : 2);
        for (k = 0; k < CFR_SEATS && i < start; k++, i++)
            if (1 - k != position) { /* the big blind (seat 1) draws first */
                before = last;
                last = history[i] - CODE_DRAW;
            } else {
                mine = history[i] - CODE_DRAW;
            }
    }
    if (start) {
        out[n++] = pot_code[level < 16 ? level : 16];
        out[n++] = (uint8_t)(raiser < 0 ? 1 : raiser == position ? 2 : 3);
        out[n++] = (uint8_t)(last < 0 ? 10 : CODE_DRAW + last);
        out[n++] = (uint8_t)(before < 0 ? 1 : 2 + (before < 2 ? before : 2));
        if (own)
            out[n++] = (uint8_t)(mine < 0 ? 10 : mine == 0 ? CODE_DRAW : CODE_DRAW + 1); /* pat, or drew */
    }
    return n;
}

/* The round history of a hand's codes as the seat in `position` sees them
 * in `phase`: writes the codes to out (BDC_CFR_MAX_HISTORY at most) and
 * returns their number, or -1 when they would be more: a caller's codes whose
 * first draws come before any betting (a hand's summary replaces at least as
 * many codes as it holds). */
static int round_history(int position, int own, int phase, const uint8_t *history, int n_history, uint8_t *out)
{
    int start = round_start(phase, history, n_history), n, i;
    if ((start ? (own ? OWN_SUMMARY_CODES : ROUND_SUMMARY_CODES) : 0) + n_history - start > BDC_CFR_MAX_HISTORY)
        return -1;
    n = round_summary(position, own, history, start, out);
    for (i = start; i < n_history; i++)
        out[n++] = history[i];
    return n;
}

/* The check of a seat's cards (n_cards of them, a count already checked):
 * BDC_OK, BDC_E_CARD (an id beyond the deck) or BDC_E_DUPLICATE. */
static int cards_ok(const uint8_t *cards, int n_cards)
{
    uint64_t seen = 0;
    int i;
    for (i = 0; i < n_cards; i++) {
        if (cards[i] >= BDC_DECK_SIZE)
            return BDC_E_CARD;
        if (seen >> cards[i] & 1)
            return BDC_E_DUPLICATE;
        seen |= (uint64_t)1 << cards[i];
    }
    return BDC_OK;
}

/* The checks of a key's arguments (bdc_cfr_key, bdc_cfr_policy): BDC_OK or a BDC_E_* code. */
static int node_args_ok(const bdc_cfr_game *g, int position, int round, const uint8_t *cards, int n_cards,
                        const uint8_t *history, int n_history, const uint8_t *own, int n_own)
{
    int i, rc;
    if (position < 0 || position >= CFR_SEATS || n_cards != n_cards_of(g) || n_history < 0 || n_own < 0 ||
        (n_own && !g->recall) || n_history > BDC_CFR_MAX_HISTORY - n_own || round < 0 || round > g->draws)
        return BDC_E_ARGUMENT;
    rc = cards_ok(cards, n_cards);
    if (rc)
        return rc;
    for (i = 0; i < n_history + n_own; i++) {
        int code = i < n_history ? history[i] : own[i - n_history];
        if (i < n_history ? (code < CODE_FOLD || code > CODE_DRAW + BDC_MAX_HAND_CARDS) : (code < 1 || code > 15))
            return BDC_E_ARGUMENT;
    }
    return BDC_OK;
}

/* A hand's colex index (over its cards sorted) and where each sorted card
 * sits in the hand as held. */
typedef struct {
    uint8_t cards[BDC_MAX_HAND_CARDS]; /* the hand as held */
    int n_cards;                        /* 0: nothing indexed yet */
    uint8_t at[BDC_MAX_HAND_CARDS];
    uint64_t index;
} hand_index;

/* Indexes a hand of n_cards distinct ids below 52 into *h: the cards in
 * ascending order are the set bits of their mask, and a card's place among
 * them the count of the lower ones (no comparison of card with card). */
static void index_hand(const uint8_t *cards, int n_cards, hand_index *h)
{
    uint64_t set = 0, rest;
    int i;
    for (i = 0; i < n_cards; i++)
        set |= (uint64_t)1 << cards[i];
    for (i = 0; i < n_cards; i++)
        h->at[bdc_popcount(set & (((uint64_t)1 << cards[i]) - 1))] = (uint8_t)i;
    h->index = 0;
    for (i = 0, rest = set; rest; rest &= rest - 1, i++)
        h->index += colex_term(bdc_lowest_bit(rest), (unsigned)i + 1);
    memcpy(h->cards, cards, (size_t)n_cards);
    h->n_cards = n_cards;
}

/* 1 if h indexes these cards in this order (a byte loop: a node compares at most five). */
static int same_hand(const hand_index *h, const uint8_t *cards, int n_cards)
{
    unsigned diff = 0;
    int i;
    if (h->n_cards != n_cards)
        return 0;
    for (i = 0; i < n_cards && i < BDC_MAX_HAND_CARDS; i++)
        diff |= (unsigned)(h->cards[i] ^ cards[i]);
    return !diff;
}

/* The cards a discard mask over five cards throws (its set bits), by mask. */
static const uint8_t mask_cards[1 << BDC_MAX_HAND_CARDS] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                            1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

/* Fills n from what the seat to act sees, from arguments node_args_ok
 * accepts (or a walk's, which hold by construction), its hand indexed in
 * *hand; BDC_OK or a BDC_E_* code.  kind is the game's history, or
 * BDC_CFR_FULL_HISTORY for codes the key holds as they are (a walk's round
 * history).  packed, when not NULL, is the history already packed as the
 * key holds it (two codes a byte, zeros after): the walk keeps it as it goes. */
static int make_node(const bdc_cfr_game *g, int kind, int position, int round, const bdc_legal *legal,
                     const hand_index *hand, const uint8_t *history, int n_history, const uint8_t *packed,
                     const uint8_t *own, int n_own, node *n)
{
    const uint8_t *at = hand->at;
    uint64_t index = hand->index;
    uint8_t codes[BDC_CFR_MAX_HISTORY];
    uint32_t card_key;
    int i, j, left, n_codes, n_cards = hand->n_cards;
    n->n_actions = 0;
    if (legal->phase == BDC_PHASE_BET) {
        left = g->draws - round;
        if (legal->can_fold) {
            n->actions[n->n_actions] = BDC_ACTION_FOLD;
            n->codes[n->n_actions++] = CODE_FOLD;
        }
        n->actions[n->n_actions] = BDC_ACTION_CHECK_CALL;
        n->codes[n->n_actions++] = CODE_CALL;
        if (legal->can_raise) {
            if (legal->min_raise_to < 1)
                return BDC_E_ARGUMENT;
            n->actions[n->n_actions] = legal->min_raise_to;
            n->codes[n->n_actions++] = CODE_RAISE;
        }
    } else if (legal->phase == BDC_PHASE_DRAW) {
        const uint8_t *cand;
        unsigned masks[BDC_CFR_MAX_ACTIONS], m;
        int n_masks = 0, most = legal->max_discard;
        left = g->draws - round + 1;
        if (round < 1 || left < 1 || most < 0 || most > n_cards)
            return BDC_E_ARGUMENT;
        cand = g->candidates[left];
        if (cand) {
            for (i = 0; i < BDC_CFR_CANDIDATES; i++) {
                m = cand[index * BDC_CFR_CANDIDATES + (size_t)i];
                if (m == BDC_CFR_NO_CANDIDATE)
                    break;
                if (m >> n_cards)
                    return BDC_E_ARGUMENT;
                if (mask_cards[m] <= most)
                    masks[n_masks++] = m;
            }
            if (!n_masks)
                masks[n_masks++] = 0;
        } else {
            for (m = 0; m < 1u << n_cards; m++)
                if (mask_cards[m] <= most)
                    masks[n_masks++] = m;
        }
        for (i = 0; i < n_masks; i++) {
            int64_t action = 0;
            for (j = 0; j < n_cards; j++) /* the sorted hand's card j is the held hand's at[j] */
                action |= (int64_t)(masks[i] >> j & 1) << at[j];
            n->actions[i] = action;
            n->codes[i] = (uint8_t)(CODE_DRAW + mask_cards[masks[i]]);
        }
        n->n_actions = n_masks;
    } else {
        return BDC_E_ARGUMENT;
    }
    if (left < 0 || left > BDC_MAX_DRAWS)
        return BDC_E_ARGUMENT;
    card_key = g->buckets[left] ? g->buckets[left][index] : (uint32_t)index;
    memset(n->key, 0, sizeof n->key);
    if (kind == BDC_CFR_ROUND_HISTORY || kind == BDC_CFR_ROUND_OWN_HISTORY) {
        n_codes = round_history(position, kind == BDC_CFR_ROUND_OWN_HISTORY, legal->phase, history, n_history, codes);
        if (n_codes < 0)
            return BDC_E_ARGUMENT;
        for (i = 0; i < n_codes; i++)
            n->key[CFR_HISTORY_AT + i / 2] |= (uint8_t)(codes[i] << (4 * (i & 1)));
    } else {
        if (packed)
            memcpy(n->key + CFR_HISTORY_AT, packed, (size_t)(n_history + 1) / 2);
        else
            for (i = 0; i < n_history; i++)
                n->key[CFR_HISTORY_AT + i / 2] |= (uint8_t)(history[i] << (4 * (i & 1)));
        for (i = 0; i < n_own; i++) /* the seat's own codes after the public ones */
            n->key[CFR_HISTORY_AT + (n_history + i) / 2] |= (uint8_t)(own[i] << (4 * ((n_history + i) & 1)));
        n_codes = n_history + n_own;
    }
    n->key[0] = (uint8_t)position;
    n->key[1] = (uint8_t)legal->phase;
    n->key[2] = (uint8_t)round;
    n->key[3] = (uint8_t)n->n_actions;
    for (i = 0; i < 4; i++)
        n->key[4 + i] = (uint8_t)(card_key >> (8 * i));
    n->key[8] = (uint8_t)n_codes;
    if (g->recall)
        n->key[7] = (uint8_t)n_own; /* the exact index takes 22 bits: byte 7 counts the seat's own codes */
    return BDC_OK;
}


/* Regret matching: the positive regrets normalised, or uniform when none is. */
static void current_strategy(const double *regrets, int n, double *sigma)
{
    double sum = 0;
    int a;
    for (a = 0; a < n; a++)
        sum += regrets[a] > 0 ? regrets[a] : 0;
    for (a = 0; a < n; a++)
        sigma[a] = sum > 0 ? (regrets[a] > 0 ? regrets[a] / sum : 0) : 1.0 / n;
}

/* The average strategy of a fixed memory at key (normalised; uniform where
 * it has no such set, or has learned nothing there). */
static void fixed_strategy(const bdc_cfr_memory *f, const uint8_t *key, int n, double *sigma)
{
    size_t at;
    int64_t e = find(f, key, key_hash(key), &at);
    double sum = 0;
    int a;
    if (e >= 0 && f->offsets[e] <= f->n_values && f->n_values - f->offsets[e] >= (uint64_t)n)
        for (a = 0; a < n; a++)
            sum += f->averages[f->offsets[e] + (uint64_t)a];
    for (a = 0; a < n; a++)
        sigma[a] = sum > 0 ? f->averages[f->offsets[e] + (uint64_t)a] / sum : 1.0 / n;
}

/* ------------------------------------------------------------------------ */
/* Traversal                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct {
    const bdc_cfr_game *g;
    bdc_cfr_memory *m;
    int traverser;
    double weight;        /* t, or 1 (VANILLA) */
    int error;
    int n_history;
    uint8_t history[BDC_CFR_MAX_HISTORY];
    uint8_t packed[BDC_CFR_KEY_BYTES - CFR_HISTORY_AT]; /* the history as a key packs it (zeros after) */
    int n_own[CFR_SEATS];                       /* recall: each seat's own draws, as codes */
    uint8_t own[CFR_SEATS][BDC_CFR_MAX_HISTORY];
    hand_index hands[CFR_SEATS];                /* each seat's hand as last indexed (until it draws) */
    int n_draws, draw_at[BDC_CFR_MAX_HISTORY];  /* the history's draw codes: where each is */
    /* round history: by phase (bet, draw) and position, the summary of history[0 .. start) while it holds */
    int summary_start[2][CFR_SEATS];            /* -1: none */
    int n_summary[2][CFR_SEATS];
    uint8_t summary[2][CFR_SEATS][OWN_SUMMARY_CODES];
} walk;

/* Appends a public code to the walk's history (a node checked the room for it). */
static void push_code(walk *w, uint8_t code)
{
    int i = w->n_history++;
    w->history[i] = code;
    w->packed[i / 2] |= (uint8_t)(code << (4 * (i & 1)));
    if (code >= CODE_DRAW)
        w->draw_at[w->n_draws++] = i;
}

/* Takes the last public code off the walk's history (and the summaries of
 * prefixes it was part of). */
static void pop_code(walk *w)
{
    int i = --w->n_history, p, s;
    w->packed[i / 2] &= (uint8_t)(i & 1 ? 0x0F : 0x00);
    if (w->history[i] >= CODE_DRAW)
        w->n_draws--;
    for (p = 0; p < 2; p++)
        for (s = 0; s < CFR_SEATS; s++)
            if (i < w->summary_start[p][s])
                w->summary_start[p][s] = -1;
}

/* The walk's round history as the seat in `position` sees it in `phase`
 * (round_history's codes, the summary kept while its prefix holds): writes
 * the codes to out and returns their number. */
static int walk_round_history(walk *w, int position, int phase, uint8_t *out)
{
    int p = phase == BDC_PHASE_DRAW, n, i, start;
    if (p)
        start = w->n_history - w->n_draws % 2;
    else
        start = w->n_draws >= 2 ? w->draw_at[(w->n_draws & ~1) - 1] + 1 : 0;
    if (w->summary_start[p][position] != start) {
        w->n_summary[p][position] = round_summary(position, w->g->history == BDC_CFR_ROUND_OWN_HISTORY, w->history,
                                                  start, w->summary[p][position]);
        w->summary_start[p][position] = start;
    }
    n = w->n_summary[p][position];
    memcpy(out, w->summary[p][position], (size_t)n);
    for (i = start; i < w->n_history; i++)
        out[n++] = w->history[i];
    return n;
}

/* Recall: appends to the seat's own codes the cards a draw threw and those it
 * brought (each ascending; a card c as the codes c / 8 + 1 and c % 8 + 1).
 * Returns the number of codes added (0 when the seat stood pat). */
static int push_own(walk *w, int seat, const uint8_t *before, int n, int64_t mask, const bdc_table *after)
{
    uint64_t kept = 0, thrown = 0, got = 0, sets[2];
    int i, k, added = 0;
    if (!w->g->recall || !mask)
        return 0;
    for (i = 0; i < n; i++) { /* each card in one of the two sets, without a branch on the mask */
        thrown |= (uint64_t)(mask >> i & 1) << before[i];
        kept |= (uint64_t)(~mask >> i & 1) << before[i];
    }
    for (i = 0; i < after->n_hole[seat] && i < BDC_MAX_HAND_CARDS; i++)
        got |= (uint64_t)1 << after->hole[seat][i];
    sets[0] = thrown;
    sets[1] = got & ~kept;
    for (k = 0; k < 2; k++)
        for (; sets[k]; sets[k] &= sets[k] - 1) { /* the cards of the set, ascending */
            unsigned c = bdc_lowest_bit(sets[k]);
            if (w->n_own[seat] + added + 2 > BDC_CFR_MAX_HISTORY)
                break;
            w->own[seat][w->n_own[seat] + added++] = (uint8_t)(c / 8 + 1);
            w->own[seat][w->n_own[seat] + added++] = (uint8_t)(c % 8 + 1);
        }
    w->n_own[seat] += added;
    return added;
}

/* The seat to act at t takes action (code its history code), and the walk
 * goes on from there: the value of t's hand to the traverser.  t, a known
 * good table (bdc_internal.h), is the walk's to change. */
static double follow(walk *w, bdc_table *t, int seat, const uint8_t *cards, int n_cards, int64_t action, uint8_t code);

/* The value of t's hand to the traverser, learning on the way; t is a known
 * good table (bdc_internal.h) that the walk may change. */
static double traverse(walk *w, bdc_table *t)
{
    bdc_legal legal;
    uint8_t cards[BDC_MAX_HAND_CARDS];
    node n;
    double sigma[BDC_CFR_MAX_ACTIONS], *regrets, *averages;
    int64_t off;
    int rc, seat, n_cards, a;
    if (t->phase == BDC_PHASE_OVER)
        return (double)t->payoffs[w->traverser];
    bdc_table_legal_known(t, &legal);
    seat = legal.seat;
    n_cards = t->n_hole[seat]; /* the seat's cards, as bdc_table_cards lists them (a known table holds n_cards) */
    memcpy(cards, t->hole[seat], (size_t)n_cards);
    if (w->n_history + w->n_own[0] + w->n_own[1] >= BDC_CFR_MAX_HISTORY) {
        w->error = BDC_E_ARGUMENT; /* bdc_cfr_check's bound rules this out */
        return 0;
    }
    if (!same_hand(&w->hands[seat], cards, n_cards))
        index_hand(cards, n_cards, &w->hands[seat]);
    if (w->g->history != BDC_CFR_FULL_HISTORY) { /* a round history: no recall, no own codes */
        uint8_t codes[BDC_CFR_MAX_HISTORY];
        int n_codes = walk_round_history(w, seat, legal.phase, codes);
        rc = make_node(w->g, BDC_CFR_FULL_HISTORY, seat, t->round, &legal, &w->hands[seat], codes, n_codes, NULL,
                       NULL, 0, &n);
    } else {
        rc = make_node(w->g, BDC_CFR_FULL_HISTORY, seat, t->round, &legal, &w->hands[seat], w->history, w->n_history,
                       w->packed, w->own[seat], w->n_own[seat], &n);
    }
    if (rc) {
        w->error = rc;
        return 0;
    }
    if (w->g->against && seat != w->traverser) { /* the fixed strategy's set: nothing of it is learned */
        regrets = averages = NULL;
    } else {
        off = find_or_add(w->m, n.key);
        if (off < 0) {
            w->error = off == -1 ? BDC_E_MEMORY : BDC_E_ARGUMENT;
            return 0;
        }
        regrets = w->m->regrets + off;
        averages = w->m->averages + off;
    }
    /* No information set below a node is the node's own (its key's round,
     * phase or history differs), so the walk below never reads this node's
     * values: the traverser's regrets are read after its children, and the
     * other seat's averages added to after its action's walk, their lines
     * asked for now (the walk below waits on no load of them). */
    if (seat == w->traverser) {
        double values[BDC_CFR_MAX_ACTIONS], value = 0;
        BDC_PREFETCH_WRITE(regrets);
        for (a = 0; a < n.n_actions; a++) {
            if (a < n.n_actions - 1) { /* every action but the last on a copy; the last on t itself */
                bdc_table child;
                memcpy(&child, t, sizeof child); /* one block copy (an assignment may copy field by field) */
                values[a] = follow(w, &child, seat, cards, n_cards, n.actions[a], n.codes[a]);
            } else {
                values[a] = follow(w, t, seat, cards, n_cards, n.actions[a], n.codes[a]);
            }
            if (w->error)
                return 0;
        }
        current_strategy(regrets, n.n_actions, sigma);
        for (a = 0; a < n.n_actions; a++)
            value += sigma[a] * values[a];
        for (a = 0; a < n.n_actions; a++) {
            double r = regrets[a] + (w->g->variant == BDC_CFR_LINEAR ? w->weight : 1.0) * (values[a] - value);
            regrets[a] = w->g->variant == BDC_CFR_PLUS && r < 0 ? 0 : r;
        }
        return value;
    } else {
        double u = (double)(bdc_rng_next(w->m->rng) >> 11) * CFR_UNIFORM_SCALE, sum = 0, value;
        int pick = n.n_actions - 1;
        if (w->g->against) {
            fixed_strategy(w->g->against, n.key, n.n_actions, sigma);
        } else {
            BDC_PREFETCH_WRITE(averages);
            current_strategy(regrets, n.n_actions, sigma);
        }
        for (a = 0; a < n.n_actions - 1; a++) {
            sum += sigma[a];
            if (u < sum) {
                pick = a;
                break;
            }
        }
        value = follow(w, t, seat, cards, n_cards, n.actions[pick], n.codes[pick]); /* one action: on t itself */
        if (!w->g->against && !w->error)
            for (a = 0; a < n.n_actions; a++)
                averages[a] += w->weight * sigma[a];
        return value;
    }
}

static double follow(walk *w, bdc_table *t, int seat, const uint8_t *cards, int n_cards, int64_t action, uint8_t code)
{
    double value;
    int added, rc = bdc_table_act_known(t, action);
    if (rc) {
        w->error = rc;
        return 0;
    }
    added = push_own(w, seat, cards, n_cards, action, t);
    push_code(w, code);
    value = traverse(w, t);
    pop_code(w);
    w->n_own[seat] -= added;
    return value;
}

/* A uniform integer in 0 .. n - 1 (n >= 1), without modulo bias. */
static unsigned below(uint64_t rng[4], unsigned n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, r;
    do
        r = bdc_rng_next(rng);
    while (r >= limit);
    return (unsigned)(r % n);
}

/* The deck order of one traversal: the cards in play shuffled (or in their
 * order for a fixed deal), then the cards out of play. */
static void deal(const bdc_cfr_game *g, uint64_t rng[4], uint8_t deck[BDC_DECK_SIZE])
{
    uint64_t in = 0;
    int i, n = g->deck ? g->n_deck : BDC_DECK_SIZE, at;
    for (i = 0; i < n; i++) {
        deck[i] = g->deck ? g->deck[i] : (uint8_t)i;
        in |= (uint64_t)1 << deck[i];
    }
    if (!g->fixed_deal)
        for (i = n - 1; i > 0; i--) { /* Fisher-Yates */
            unsigned j = below(rng, (unsigned)i + 1);
            uint8_t c = deck[i];
            deck[i] = deck[j];
            deck[j] = c;
        }
    at = n;
    for (i = 0; i < BDC_DECK_SIZE; i++)
        if (!(in >> i & 1))
            deck[at++] = (uint8_t)i;
}

int bdc_cfr_run(const bdc_cfr_game *g, bdc_cfr_memory *m, uint64_t iterations, const volatile int *stop)
{
    uint64_t i;
    int rc = bdc_cfr_check(g);
    if (rc)
        return rc;
    if (!memory_ok(m) || !m->regrets || m->damaged)
        return BDC_E_ARGUMENT;
    if (g->against && (g->against == m || !memory_ok(g->against)))
        return BDC_E_ARGUMENT;
    for (i = 0; i < iterations; i++) {
        size_t entries0 = m->n_entries, values0 = m->n_values, room;
        int p;
        if (stop && *stop)
            return BDC_E_STOPPED;
        room = 2 * m->peak_entries + BDC_CFR_MIN_ROOM;
        if (m->max_entries - m->n_entries < room)
            return BDC_E_MEMORY;
        room = 2 * m->peak_values + (size_t)8 * BDC_CFR_MIN_ROOM;
        if (m->max_values - m->n_values < room)
            return BDC_E_MEMORY;
        for (p = 0; p < CFR_SEATS; p++) {
            walk w;
            bdc_table t;
            uint8_t deck[BDC_DECK_SIZE];
            uint64_t seed;
            deal(g, m->rng, deck);
            seed = bdc_rng_next(m->rng);
            rc = bdc_table_start_known(&t, &g->rules, g->stacks, deck, seed); /* bdc_cfr_check passed the rules */
            if (rc) {
                m->damaged = p > 0;
                return rc;
            }
            w.g = g;
            w.m = m;
            w.traverser = p;
            w.weight = g->variant == BDC_CFR_VANILLA ? 1.0 : (double)(m->iterations + 1);
            w.error = 0;
            w.n_history = 0;
            memset(w.packed, 0, sizeof w.packed);
            w.hands[0].n_cards = w.hands[1].n_cards = 0;
            w.n_draws = 0;
            w.summary_start[0][0] = w.summary_start[0][1] = w.summary_start[1][0] = w.summary_start[1][1] = -1;
            w.n_own[0] = w.n_own[1] = 0;
            traverse(&w, &t);
            if (w.error) {
                m->damaged = 1;
                return w.error;
            }
        }
        m->iterations++;
        if (m->n_entries - entries0 > m->peak_entries)
            m->peak_entries = m->n_entries - entries0;
        if (m->n_values - values0 > m->peak_values)
            m->peak_values = m->n_values - values0;
    }
    return BDC_OK;
}

int bdc_cfr_key(const bdc_cfr_game *g, int position, int round, const bdc_legal *legal, const uint8_t *cards,
                int n_cards, const uint8_t *history, int n_history, const uint8_t *own, int n_own,
                uint8_t key[BDC_CFR_KEY_BYTES])
{
    node n;
    int rc = bdc_cfr_check(g);
    if (rc)
        return rc;
    if (!legal || !cards || (n_history && !history) || (n_own && !own) || !key)
        return BDC_E_ARGUMENT;
    rc = node_args_ok(g, position, round, cards, n_cards, history, n_history, own, n_own);
    if (!rc) {
        hand_index hand;
        index_hand(cards, n_cards, &hand);
        rc = make_node(g, g->history, position, round, legal, &hand, history, n_history, NULL, own, n_own, &n);
    }
    if (rc)
        return rc;
    memcpy(key, n.key, BDC_CFR_KEY_BYTES);
    return n.n_actions;
}

/* The average strategy of m at node n's information set: its probabilities
 * (uniform for a set never met or whose averages total 0, *seen then 0);
 * BDC_OK, or BDC_E_ARGUMENT for an entry whose offset or averages are no
 * distribution (NaN, negative or infinite weights, or a total that overflows). */
static int node_policy(const bdc_cfr_memory *m, const node *n, double *probabilities, int *seen)
{
    size_t at;
    int64_t e = find(m, n->key, key_hash(n->key), &at);
    int a;
    *seen = 0;
    if (e >= 0) {
        uint64_t off = m->offsets[e];
        double sum = 0;
        if (off > m->n_values || m->n_values - off < (uint64_t)n->n_actions)
            return BDC_E_ARGUMENT;
        for (a = 0; a < n->n_actions; a++) {
            double average = m->averages[off + (uint64_t)a];
            if (!(average >= 0 && average <= DBL_MAX))
                return BDC_E_ARGUMENT;
            sum += average;
        }
        if (!(sum <= DBL_MAX))
            return BDC_E_ARGUMENT;
        if (sum > 0) {
            for (a = 0; a < n->n_actions; a++)
                probabilities[a] = m->averages[off + (uint64_t)a] / sum;
            *seen = 1;
        }
    }
    if (!*seen)
        for (a = 0; a < n->n_actions; a++)
            probabilities[a] = 1.0 / n->n_actions;
    return BDC_OK;
}

int bdc_cfr_policy(const bdc_cfr_game *g, const bdc_cfr_memory *m, int position, int round, const bdc_legal *legal,
                   const uint8_t *cards, int n_cards, const uint8_t *history, int n_history, const uint8_t *own,
                   int n_own, int64_t actions[32], double probabilities[32], int *seen)
{
    node n;
    int rc = bdc_cfr_check(g), a;
    if (rc)
        return rc;
    if (!memory_ok(m) || !legal || !cards || (n_history && !history) || (n_own && !own) || !actions ||
        !probabilities || !seen)
        return BDC_E_ARGUMENT;
    rc = node_args_ok(g, position, round, cards, n_cards, history, n_history, own, n_own);
    if (!rc) {
        hand_index hand;
        index_hand(cards, n_cards, &hand);
        rc = make_node(g, g->history, position, round, legal, &hand, history, n_history, NULL, own, n_own, &n);
    }
    if (!rc)
        rc = node_policy(m, &n, probabilities, seen);
    if (rc)
        return rc;
    for (a = 0; a < n.n_actions; a++)
        actions[a] = n.actions[a];
    return n.n_actions;
}

int bdc_cfr_policy_many(const bdc_cfr_game *g, const bdc_cfr_memory *m, int position, int round,
                        const bdc_legal *legal, const uint8_t *hands, size_t n_hands, int n_cards,
                        const uint8_t *history, int n_history, const uint8_t *own, int n_own, int64_t *actions,
                        double *probabilities, int *n_actions, int *seen, size_t *bad_row)
{
    uint8_t codes[BDC_CFR_MAX_HISTORY];
    const uint8_t *keyed = history;
    size_t i;
    int n_keyed = n_history, rc = bdc_cfr_check(g), a;
    if (rc)
        return rc;
    if (!memory_ok(m) || !legal || (n_history && !history) || (n_own && !own) ||
        (n_hands && (!hands || !actions || !probabilities || !n_actions || !seen)) ||
        n_hands > SIZE_MAX / (BDC_CFR_MAX_ACTIONS * sizeof(double)))
        return BDC_E_ARGUMENT;
    for (i = 0; i < n_hands; i++) {
        const uint8_t *cards = hands + i * (size_t)n_cards; /* row 0 checks n_cards before it is read */
        node n;
        if (i) {
            rc = cards_ok(cards, n_cards);
        } else {
            /* what every row shares, checked once, as bdc_cfr_policy checks it; a round
             * history's codes made once (no recall with a round history: no own codes) */
            rc = node_args_ok(g, position, round, cards, n_cards, history, n_history, own, n_own);
            if (!rc && g->history != BDC_CFR_FULL_HISTORY) {
                n_keyed = round_history(position, g->history == BDC_CFR_ROUND_OWN_HISTORY, legal->phase, history,
                                        n_history, codes);
                keyed = codes;
                if (n_keyed < 0)
                    rc = BDC_E_ARGUMENT;
            }
        }
        if (!rc) {
            hand_index hand;
            index_hand(cards, n_cards, &hand);
            rc = make_node(g, BDC_CFR_FULL_HISTORY, position, round, legal, &hand, keyed, n_keyed, NULL, own,
                           n_own, &n);
        }
        if (!rc)
            rc = node_policy(m, &n, probabilities + i * BDC_CFR_MAX_ACTIONS, seen + i);
        if (rc) {
            if (bad_row)
                *bad_row = i;
            return rc;
        }
        for (a = 0; a < n.n_actions; a++)
            actions[i * BDC_CFR_MAX_ACTIONS + (size_t)a] = n.actions[a];
        n_actions[i] = n.n_actions;
    }
    return BDC_OK;
}
