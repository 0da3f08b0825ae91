/*
 * bdc_subgame.c - re-solving the last betting round of a heads-up hand at
 * play time (badeucey.h, "search"): the round's public tree is played on
 * copies of the caller's table, showdowns are settled by the table itself
 * (one pair of each class, below), and CFR+ runs over both seats' holdings at
 * once (a vector per node).  The pairs are grouped by each seat's holding once
 * a problem, so that a traversal sums each holding's pairs for every terminal
 * node in one pass over them, in pair order (the sums of a pairwise loop, bit
 * for bit).
 */
#include <float.h>
#include <string.h>

#include "badeucey.h"
#include "bdc_internal.h"

#define SUB_SEATS 2            /* heads-up */
#define SUB_ACTIONS BDC_SUBGAME_ACTIONS
#define ACTION_FOLD 0          /* a node's child slots: fold, check or call, bet or raise */
#define ACTION_CALL 1
#define ACTION_RAISE 2
#define NO_ACTION (-2)         /* a child slot whose action is not legal */
#define STRATEGY_TOLERANCE 1e-9 /* a caller's probabilities at a node may miss a total of 1 by this */

/* The gadget's workspace, n_hands[other] doubles each, in this order: */
#define GADGET_ENTER 0        /* the regret of entering; with GADGET_MAXMARGIN, of choosing the holding */
#define GADGET_SKIP 1         /* the regret of the alternative; with GADGET_MAXMARGIN, the holding's mass */
#define GADGET_ALTERNATIVE 2  /* the alternative values (counterfactual) */
#define GADGET_BEST 3         /* the best response's values against the blueprint (counterfactual) */
#define GADGET_SLOTS 4

/* A pair's showdown settles by its class alone: per half, whether seat 0's
 * rank is better than, equal to or worse than seat 1's, and whether each
 * misses the half's qualifier (bdc_table's showdown reads nothing else of the
 * cards), so the table settles one pair of each class at each showdown. */
#define HALF_CLASSES 12                             /* 3 comparisons times 2 x 2 qualifier misses */
#define PAIR_CLASSES (HALF_CLASSES * HALF_CLASSES) /* two halves at most */

/* ------------------------------------------------------------------------ */
/* The public tree                                                            */
/* ------------------------------------------------------------------------ */

static int last_round(const bdc_table_rules *rules)
{
    return rules->draws ? rules->draws : BDC_MAX_DRAWS;
}

/* 1 if the table is a heads-up hand at a betting decision of its last round. */
static int at_last_round(const bdc_table *table)
{
    return table && bdc_table_check(table) == BDC_OK && table->n_seats == SUB_SEATS &&
           table->phase == BDC_PHASE_BET && table->round == last_round(&table->rules) && table->to_act >= 0 &&
           table->live == SUB_SEATS;
}

/* The table after the path of actions from the root to node. */
static int replay(const bdc_table *root, const bdc_subgame_node *nodes, int node, bdc_table *out)
{
    int path[BDC_SUBGAME_MAX_NODES], depth = 0, i, rc;
    while (node > 0) {
        path[depth++] = node;
        node = nodes[node].parent;
    }
    *out = *root;
    for (i = depth - 1; i >= 0; i--)
        if ((rc = bdc_table_act(out, nodes[path[i]].action, NULL)) != BDC_OK)
            return rc;
    return BDC_OK;
}

int bdc_subgame_tree(const bdc_table *table, bdc_subgame_node *nodes, int max_nodes)
{
    int n = 1, at, a, rc;
    if (!nodes || max_nodes < 1 || max_nodes > BDC_SUBGAME_MAX_NODES || !at_last_round(table) ||
        table->rules.structure != BDC_FIXED_LIMIT)
        return BDC_E_ARGUMENT;
    memset(&nodes[0], 0, sizeof nodes[0]);
    nodes[0].parent = -1;
    nodes[0].seat = table->to_act;
    nodes[0].showdown = -1;
    for (at = 0; at < n; at++) { /* breadth first: a parent comes before its children */
        bdc_table here;
        bdc_legal legal;
        int64_t actions[SUB_ACTIONS];
        nodes[at].child[0] = nodes[at].child[1] = nodes[at].child[2] = -1;
        if (nodes[at].seat < 0)
            continue;
        if ((rc = replay(table, nodes, at, &here)) != BDC_OK || (rc = bdc_table_legal(&here, &legal)) != BDC_OK)
            return rc;
        actions[ACTION_FOLD] = legal.can_fold ? BDC_ACTION_FOLD : NO_ACTION;
        actions[ACTION_CALL] = BDC_ACTION_CHECK_CALL;
        actions[ACTION_RAISE] = legal.can_raise ? legal.min_raise_to : NO_ACTION;
        for (a = 0; a < SUB_ACTIONS; a++) {
            bdc_table next;
            bdc_subgame_node *child;
            if (actions[a] == NO_ACTION)
                continue;
            if (n >= max_nodes)
                return BDC_E_MEMORY;
            next = here;
            if ((rc = bdc_table_act(&next, actions[a], NULL)) != BDC_OK)
                return rc;
            child = &nodes[n];
            memset(child, 0, sizeof *child);
            child->parent = at;
            child->action = actions[a];
            child->seat = next.phase == BDC_PHASE_OVER ? -1 : next.to_act;
            child->showdown = -1;
            if (next.phase == BDC_PHASE_OVER && !next.showdown)
                child->payoff = (double)next.payoffs[0];
            nodes[at].child[a] = n++;
        }
    }
    /* number the showdowns in node order */
    for (at = 0, a = 0; at < n; at++) {
        bdc_table end;
        if (nodes[at].seat >= 0)
            continue;
        if ((rc = replay(table, nodes, at, &end)) != BDC_OK)
            return rc;
        if (end.showdown)
            nodes[at].showdown = a++;
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* Checks and the workspace                                                   */
/* ------------------------------------------------------------------------ */

static int count_showdowns(const bdc_subgame_node *nodes, int n_nodes)
{
    int i, k = 0;
    for (i = 0; i < n_nodes; i++)
        k += nodes[i].showdown >= 0;
    return k;
}

/* The number of doubles that hold n items of size bytes each. */
static size_t doubles_for(size_t n, size_t size)
{
    return (n * size + sizeof(double) - 1) / sizeof(double);
}

/* The workspace's parts, in doubles, in this order. */
typedef struct {
    size_t showdown;      /* PAIR_CLASSES per showdown: seat 0's payoff of a pair of each class */
    size_t regrets[2];    /* n_nodes * n_hands[s] * SUB_ACTIONS */
    size_t averages[2];   /* the same */
    size_t current[2];    /* the same: this iteration's strategy */
    size_t reach[2];      /* n_nodes * n_hands[s]: the seat's own reach at each node */
    size_t values;        /* n_nodes * max hands: the traverser's counterfactual values */
    size_t gadget;        /* 4 * n_hands[other]: GADGET_SLOTS of the other seat's holdings */
    size_t terminal_reach; /* most * n_nodes: the other seat's reach at the terminal nodes, a row of n_terminals
                              a holding */
    size_t coefficient[2]; /* PAIR_CLASSES * n_showdowns: seat s's sign times the payoff, a row a class */
    /* each seat's pairs grouped by its holding (in pair order within a holding): */
    size_t weight[2];     /* n_pairs: the pair's weight */
    size_t start[2];      /* uint32_t, n_hands[s] + 1: where each holding's pairs start */
    size_t other[2];      /* uint32_t, n_pairs: the other seat's holding */
    size_t pair_class[2]; /* uint8_t, n_pairs: the pair's class */
    size_t ranks;         /* int, 2 per holding of seat 0 then seat 1: its rank in each half */
    size_t total;
} layout;

static layout plan(const bdc_subgame *p, int n_nodes, int n_showdowns)
{
    layout l;
    size_t at = 0, most = (size_t)(p->n_hands[0] > p->n_hands[1] ? p->n_hands[0] : p->n_hands[1]);
    int s;
    l.showdown = at;
    at += PAIR_CLASSES * (size_t)n_showdowns;
    for (s = 0; s < SUB_SEATS; s++) {
        size_t block = (size_t)n_nodes * (size_t)p->n_hands[s] * SUB_ACTIONS;
        l.regrets[s] = at;
        at += block;
        l.averages[s] = at;
        at += block;
        l.current[s] = at;
        at += block;
        l.reach[s] = at;
        at += (size_t)n_nodes * (size_t)p->n_hands[s];
    }
    l.values = at;
    at += (size_t)n_nodes * most;
    l.gadget = at;
    at += GADGET_SLOTS * (size_t)p->n_hands[1 - p->seat];
    l.terminal_reach = at;
    at += most * (size_t)n_nodes;
    for (s = 0; s < SUB_SEATS; s++) {
        l.coefficient[s] = at;
        at += PAIR_CLASSES * (size_t)n_showdowns;
        l.weight[s] = at;
        at += p->n_pairs;
        l.start[s] = at;
        at += doubles_for((size_t)p->n_hands[s] + 1, sizeof(uint32_t));
        l.other[s] = at;
        at += doubles_for(p->n_pairs, sizeof(uint32_t));
        l.pair_class[s] = at;
        at += doubles_for(p->n_pairs, sizeof(uint8_t));
    }
    l.ranks = at;
    at += doubles_for(2 * ((size_t)p->n_hands[0] + (size_t)p->n_hands[1]), sizeof(int));
    l.total = at;
    return l;
}

static int check_problem(const bdc_subgame *p)
{
    int s, i, k, n_cards;
    size_t e;
    if (!p || !at_last_round(p->table) || p->seat < 0 || p->seat > 1 || p->gadget < BDC_GADGET_NONE ||
        p->gadget > BDC_GADGET_MAXMARGIN || !p->pair_weight || !p->pair_hand[0] || !p->pair_hand[1])
        return BDC_E_ARGUMENT;
    n_cards = p->table->rules.game.n_cards;
    for (s = 0; s < SUB_SEATS; s++) {
        if (p->n_hands[s] < 1 || p->n_hands[s] > BDC_SUBGAME_MAX_HANDS || !p->hands[s] || !p->reach[s])
            return BDC_E_ARGUMENT;
        if (p->gadget != BDC_GADGET_NONE && !p->blueprint[s])
            return BDC_E_ARGUMENT;
        for (i = 0; i < p->n_hands[s]; i++) {
            uint64_t seen = 0;
            double r = p->reach[s][i];
            if (!(r >= 0.0) || r > 1.0)
                return BDC_E_ARGUMENT;
            for (k = 0; k < n_cards; k++) {
                uint8_t c = p->hands[s][i * n_cards + k];
                if (c >= BDC_DECK_SIZE)
                    return BDC_E_CARD;
                if (seen >> c & 1)
                    return BDC_E_DUPLICATE;
                seen |= UINT64_C(1) << c;
            }
        }
    }
    if (p->n_pairs < 1 || p->n_pairs > BDC_SUBGAME_MAX_PAIRS)
        return BDC_E_ARGUMENT;
    for (e = 0; e < p->n_pairs; e++) {
        uint64_t seen = 0;
        double w = p->pair_weight[e];
        if (p->pair_hand[0][e] >= (uint32_t)p->n_hands[0] || p->pair_hand[1][e] >= (uint32_t)p->n_hands[1] ||
            !(w > 0.0) || w > 1.0)
            return BDC_E_ARGUMENT;
        for (s = 0; s < SUB_SEATS; s++)
            for (k = 0; k < n_cards; k++) {
                uint8_t c = p->hands[s][p->pair_hand[s][e] * (uint32_t)n_cards + (uint32_t)k];
                if (seen >> c & 1)
                    return BDC_E_DUPLICATE;
                seen |= UINT64_C(1) << c;
            }
    }
    if (p->gadget != BDC_GADGET_NONE && p->gift)
        for (i = 0; i < p->n_hands[1 - p->seat]; i++)
            if (!(p->gift[i] >= 0.0 && p->gift[i] <= DBL_MAX)) /* finite, >= 0 */
                return BDC_E_ARGUMENT;
    return BDC_OK;
}

int bdc_subgame_work(const bdc_subgame *problem, size_t *n_work)
{
    bdc_subgame_node nodes[BDC_SUBGAME_MAX_NODES];
    int n_nodes, rc;
    if (!n_work)
        return BDC_E_ARGUMENT;
    if ((rc = check_problem(problem)) != BDC_OK)
        return rc;
    if ((n_nodes = bdc_subgame_tree(problem->table, nodes, BDC_SUBGAME_MAX_NODES)) < 0)
        return n_nodes;
    *n_work = plan(problem, n_nodes, count_showdowns(nodes, n_nodes)).total;
    return BDC_OK;
}

/* ------------------------------------------------------------------------ */
/* The solver                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct {
    const bdc_subgame *p;
    const bdc_subgame_node *nodes;
    int n_nodes;
    int n_terminals;                        /* nodes where the hand is over */
    int n_showdowns;                        /* the first of them: terminal[k] is showdown k's node */
    int terminal[BDC_SUBGAME_MAX_NODES];    /* the showdowns in their order, then the folds */
    layout l;
    double *w;
} solver;

/* Puts cards in seat's hand, each card it takes from the stub or the cards out
 * of play swapped with one it gives up, so that the table still holds every
 * card of its deck once (bdc_table_check); every card must be the table's. */
static void deal_holding(bdc_table *t, int seat, const uint8_t *cards, int n_cards)
{
    uint8_t freed[BDC_MAX_HAND_CARDS];
    int n_freed = 0, i, j, k;
    for (i = 0; i < t->n_hole[seat]; i++) { /* the cards it gives up */
        for (k = 0; k < n_cards && cards[k] != t->hole[seat][i]; k++)
            ;
        if (k == n_cards)
            freed[n_freed++] = t->hole[seat][i];
    }
    for (k = 0; k < n_cards; k++) {
        uint8_t c = cards[k];
        for (i = 0; i < t->n_hole[seat] && t->hole[seat][i] != c; i++)
            ;
        if (i < t->n_hole[seat])
            continue;
        for (j = 0; j < t->n_stub; j++)
            if (t->stub[j] == c)
                t->stub[j] = freed[--n_freed];
        for (j = 0; j < t->n_muck; j++)
            if (t->muck[j] == c)
                t->muck[j] = freed[--n_freed];
        for (j = 0; j < t->n_hole[1 - seat]; j++)
            if (t->hole[1 - seat][j] == c)
                t->hole[1 - seat][j] = freed[--n_freed];
    }
    memcpy(t->hole[seat], cards, (size_t)n_cards);
}

/* The table's qualifier of each half, in the halves' order; the number of halves. */
static int qualifiers(const bdc_table_rules *rules, int *qualifier)
{
    int h = 0;
    if (rules->game.badugi != BDC_NO_HALF)
        qualifier[h++] = rules->badugi_qualifier;
    if (rules->game.low != BDC_NO_HALF)
        qualifier[h++] = rules->low_qualifier;
    return h;
}

/* The class of a pair whose holdings rank first and second in each half. */
static int pair_class(const int *first, const int *second, const int *qualifier, int n_halves)
{
    int h, c = 0;
    for (h = n_halves - 1; h >= 0; h--) {
        int compared = first[h] < second[h] ? 0 : first[h] == second[h] ? 1 : 2;
        int misses = (qualifier[h] && first[h] > qualifier[h]) + 2 * (qualifier[h] && second[h] > qualifier[h]);
        c = c * HALF_CLASSES + compared + 3 * misses;
    }
    return c;
}

/* Seat 0's payoff at the showdown `end` of one pair of each class that has one
 * (representative[c]: a pair, or n_pairs for none), settled by the table, into payoff. */
static int settle_classes(const bdc_subgame *p, const bdc_subgame_node *nodes, const bdc_subgame_node *end,
                          const size_t *representative, double *payoff)
{
    bdc_table before;
    int c, rc, n_cards = p->table->rules.game.n_cards;
    if ((rc = replay(p->table, nodes, end->parent, &before)) != BDC_OK)
        return rc;
    for (c = 0; c < PAIR_CLASSES; c++) {
        bdc_table t = before;
        size_t e = representative[c];
        int s;
        if (e == p->n_pairs)
            continue;
        for (s = 0; s < SUB_SEATS; s++)
            deal_holding(&t, s, p->hands[s] + p->pair_hand[s][e] * (uint32_t)n_cards, n_cards);
        if ((rc = bdc_table_act(&t, end->action, NULL)) != BDC_OK)
            return rc;
        payoff[c] = (double)t.payoffs[0];
    }
    return BDC_OK;
}

/* Each holding's ranks, each pair's class grouped by each seat's holding, and
 * seat 0's payoff of each class at every showdown, by the table. */
static int settle_showdowns(solver *sv)
{
    const bdc_subgame *p = sv->p;
    const bdc_game *game = &p->table->rules.game;
    int qualifier[2] = {0, 0}, n_halves = qualifiers(&p->table->rules, qualifier);
    int *ranks[2], s, h, k, rc;
    size_t e, representative[PAIR_CLASSES];
    ranks[0] = (int *)(sv->w + sv->l.ranks);
    ranks[1] = ranks[0] + 2 * (size_t)p->n_hands[0];
    for (s = 0; s < SUB_SEATS; s++)
        for (h = 0; h < p->n_hands[s]; h++)
            bdc_table_hand_ranks(game, p->hands[s] + (size_t)h * (size_t)game->n_cards, ranks[s] + 2 * (size_t)h);
    for (k = 0; k < PAIR_CLASSES; k++)
        representative[k] = p->n_pairs;
    for (s = 0; s < SUB_SEATS; s++) { /* a counting sort of the pairs by seat s's holding */
        uint32_t *start = (uint32_t *)(sv->w + sv->l.start[s]), *other = (uint32_t *)(sv->w + sv->l.other[s]);
        uint8_t *classes = (uint8_t *)(sv->w + sv->l.pair_class[s]);
        double *weight = sv->w + sv->l.weight[s];
        memset(start, 0, ((size_t)p->n_hands[s] + 1) * sizeof *start);
        for (e = 0; e < p->n_pairs; e++)
            start[p->pair_hand[s][e] + 1]++;
        for (h = 0; h < p->n_hands[s]; h++)
            start[h + 1] += start[h];
        for (e = 0; e < p->n_pairs; e++) { /* start[h] moves to the end of h's pairs */
            uint32_t mine = p->pair_hand[s][e], theirs = p->pair_hand[1 - s][e];
            uint32_t at = start[mine]++;
            int c = pair_class(ranks[0] + 2 * (size_t)p->pair_hand[0][e], ranks[1] + 2 * (size_t)p->pair_hand[1][e],
                               qualifier, n_halves);
            other[at] = theirs;
            weight[at] = p->pair_weight[e];
            classes[at] = (uint8_t)c;
            if (representative[c] == p->n_pairs)
                representative[c] = e;
        }
        for (h = p->n_hands[s]; h > 0; h--)
            start[h] = start[h - 1];
        start[0] = 0;
    }
    for (k = 0; k < sv->n_showdowns; k++) {
        const bdc_subgame_node *end = &sv->nodes[sv->terminal[k]];
        if ((rc = settle_classes(p, sv->nodes, end, representative,
                                 sv->w + sv->l.showdown + (size_t)k * PAIR_CLASSES)) != BDC_OK)
            return rc;
    }
    for (s = 0; s < SUB_SEATS; s++) { /* seat s's payoff, a row a class */
        double *to = sv->w + sv->l.coefficient[s], sign = s == 0 ? 1.0 : -1.0;
        for (k = 0; k < sv->n_showdowns; k++)
            for (h = 0; h < PAIR_CLASSES; h++)
                to[(size_t)h * (size_t)sv->n_showdowns + (size_t)k] =
                    sign * sv->w[sv->l.showdown + (size_t)k * PAIR_CLASSES + (size_t)h];
    }
    return BDC_OK;
}

/* The terminal nodes: the showdowns in their order, then the folds. */
static void find_terminals(solver *sv)
{
    int node, n = 0;
    sv->n_showdowns = count_showdowns(sv->nodes, sv->n_nodes);
    for (node = 0; node < sv->n_nodes; node++)
        if (sv->nodes[node].seat < 0) {
            if (sv->nodes[node].showdown >= 0)
                sv->terminal[sv->nodes[node].showdown] = node;
            else
                sv->terminal[sv->n_showdowns + n++] = node;
        }
    sv->n_terminals = sv->n_showdowns + n;
}

static double *at3(solver *sv, size_t base, int s, int node, int h)
{
    return sv->w + base + ((size_t)node * (size_t)sv->p->n_hands[s] + (size_t)h) * SUB_ACTIONS;
}

/* The current strategy of every node of seat s: regret matching+ over its regrets. */
static void regret_matching(solver *sv, int s)
{
    int node, h, a;
    for (node = 0; node < sv->n_nodes; node++) {
        const bdc_subgame_node *nd = &sv->nodes[node];
        if (nd->seat != s)
            continue;
        for (h = 0; h < sv->p->n_hands[s]; h++) {
            double *r = at3(sv, sv->l.regrets[s], s, node, h), *c = at3(sv, sv->l.current[s], s, node, h);
            double total = 0.0;
            int legal = 0;
            for (a = 0; a < SUB_ACTIONS; a++)
                if (nd->child[a] >= 0) {
                    total += r[a] > 0.0 ? r[a] : 0.0;
                    legal++;
                }
            for (a = 0; a < SUB_ACTIONS; a++)
                c[a] = nd->child[a] < 0 ? 0.0 : total > 0.0 ? (r[a] > 0.0 ? r[a] / total : 0.0) : 1.0 / legal;
            if (total <= 0.0 && sv->p->gadget != BDC_GADGET_NONE) /* no regret yet: the blueprint */
                memcpy(c, sv->p->blueprint[s] + ((size_t)node * (size_t)sv->p->n_hands[s] + (size_t)h) * SUB_ACTIONS,
                       SUB_ACTIONS * sizeof *c);
        }
    }
}

/* Seat s's reach at every node (top down), from its reach at the root and
 * the strategy at its nodes (base: an array laid out as current[s]). */
static void reaches(solver *sv, int s, const double *root, const double *strategy)
{
    int node, h, n = sv->p->n_hands[s];
    double *reach = sv->w + sv->l.reach[s];
    memcpy(reach, root, (size_t)n * sizeof *reach);
    for (node = 1; node < sv->n_nodes; node++) {
        const bdc_subgame_node *nd = &sv->nodes[node];
        const bdc_subgame_node *up = &sv->nodes[nd->parent];
        const double *from = reach + (size_t)nd->parent * (size_t)n;
        double *to = reach + (size_t)node * (size_t)n;
        int a;
        for (a = 0; a < SUB_ACTIONS && up->child[a] != node; a++)
            ;
        for (h = 0; h < n; h++)
            to[h] = up->seat == s ? from[h] * strategy[((size_t)nd->parent * (size_t)n + (size_t)h) * SUB_ACTIONS + (size_t)a]
                                  : from[h];
    }
}

/* Seat s's counterfactual values at every node (bottom up), the other seat's
 * reach as reaches() left it; at s's nodes the strategy's mixture, or with
 * best = 1 the best action.  With update, adds s's regrets (CFR+: floored at
 * 0) against the strategy. */
/* Seat s's counterfactual values at every terminal node, the other seat's
 * reach as reaches() left it: at a showdown, over its pairs with each of its
 * holdings, its payoff times the pair's weight times the other's reach; after
 * a fold, the weights times the reach, times its payoff.  Each holding's pairs
 * are summed in pair order, all terminal nodes in one pass over them.  One
 * body, compiled for the baseline and (x86-64) for AVX2: the same products
 * and sums, lane by lane (no fused multiply-add), so the same doubles. */
#if defined(__GNUC__) || defined(__clang__)
#define TERMINAL_INLINE static inline __attribute__((always_inline))
#else
#define TERMINAL_INLINE static
#endif
TERMINAL_INLINE void terminal_values_body(solver *sv, int s)
{
    const bdc_subgame *p = sv->p;
    int j, h, o = 1 - s, n = p->n_hands[s], n_o = p->n_hands[o];
    int n_terminals = sv->n_terminals, n_showdowns = sv->n_showdowns;
    size_t most = (size_t)(p->n_hands[0] > p->n_hands[1] ? p->n_hands[0] : p->n_hands[1]);
    double *v = sv->w + sv->l.values, *reach_t = sv->w + sv->l.terminal_reach;
    const double *reach_o = sv->w + sv->l.reach[o], *coefficient = sv->w + sv->l.coefficient[s];
    const double *weight = sv->w + sv->l.weight[s];
    const uint32_t *start = (const uint32_t *)(sv->w + sv->l.start[s]);
    const uint32_t *other = (const uint32_t *)(sv->w + sv->l.other[s]);
    const uint8_t *classes = (const uint8_t *)(sv->w + sv->l.pair_class[s]);
    double sign = s == 0 ? 1.0 : -1.0;
    for (j = 0; j < n_terminals; j++) { /* the other seat's reach, a row a holding */
        const double *ro = reach_o + (size_t)sv->terminal[j] * (size_t)n_o;
        for (h = 0; h < n_o; h++)
            reach_t[(size_t)h * (size_t)n_terminals + (size_t)j] = ro[h];
    }
    for (h = 0; h < n; h++) {
        double sum[BDC_SUBGAME_MAX_NODES];
        uint32_t q;
        for (j = 0; j < n_terminals; j++)
            sum[j] = 0.0;
        for (q = start[h]; q < start[h + 1]; q++) {
            const double *ro = reach_t + (size_t)other[q] * (size_t)n_terminals;
            const double *u = coefficient + (size_t)classes[q] * (size_t)n_showdowns;
            double w = weight[q];
            for (j = 0; j < n_showdowns; j++)
                sum[j] += u[j] * w * ro[j];
            for (j = n_showdowns; j < n_terminals; j++)
                sum[j] += w * ro[j];
        }
        for (j = 0; j < n_showdowns; j++)
            v[(size_t)sv->terminal[j] * most + (size_t)h] = sum[j];
        for (j = n_showdowns; j < n_terminals; j++)
            v[(size_t)sv->terminal[j] * most + (size_t)h] = sum[j] * (sign * sv->nodes[sv->terminal[j]].payoff);
    }
}

static void terminal_values_baseline(solver *sv, int s)
{
    terminal_values_body(sv, s);
}

#ifdef BDC_HAVE_X86
__attribute__((target("avx2"))) static void terminal_values_avx2(solver *sv, int s)
{
    terminal_values_body(sv, s);
}
#endif

/* terminal_values_body for the implementation in use (bdc_dispatch.c). */
static void terminal_values(solver *sv, int s)
{
#ifdef BDC_HAVE_X86
    if (bdc_implementation() >= BDC_IMPL_AVX2) {
        terminal_values_avx2(sv, s);
        return;
    }
#endif
    terminal_values_baseline(sv, s);
}

static void values(solver *sv, int s, const double *strategy, int best, int update)
{
    const bdc_subgame *p = sv->p;
    int node, h, a, n = p->n_hands[s];
    size_t most = (size_t)(p->n_hands[0] > p->n_hands[1] ? p->n_hands[0] : p->n_hands[1]);
    double *v = sv->w + sv->l.values;
    terminal_values(sv, s);
    for (node = sv->n_nodes - 1; node >= 0; node--) {
        const bdc_subgame_node *nd = &sv->nodes[node];
        double *out = v + (size_t)node * most;
        if (nd->seat < 0)
            continue;
        for (h = 0; h < n; h++) {
            double total = 0.0, top = 0.0;
            int first = 1;
            for (a = 0; a < SUB_ACTIONS; a++) {
                double child;
                if (nd->child[a] < 0)
                    continue;
                child = v[(size_t)nd->child[a] * most + (size_t)h];
                if (nd->seat != s) {
                    total += child;
                    continue;
                }
                total += strategy[((size_t)node * (size_t)n + (size_t)h) * SUB_ACTIONS + (size_t)a] * child;
                if (first || child > top)
                    top = child;
                first = 0;
            }
            out[h] = nd->seat == s && best ? top : total;
            if (update && nd->seat == s) {
                double *r = at3(sv, sv->l.regrets[s], s, node, h);
                for (a = 0; a < SUB_ACTIONS; a++)
                    if (nd->child[a] >= 0) {
                        double next = r[a] + v[(size_t)nd->child[a] * most + (size_t)h] - total;
                        r[a] = next > 0.0 ? next : 0.0;
                    }
            }
        }
    }
}

/* Adds weight times seat s's reach times its current strategy to its averages. */
static void accumulate(solver *sv, int s, double weight)
{
    int node, h, a, n = sv->p->n_hands[s];
    const double *reach = sv->w + sv->l.reach[s];
    for (node = 0; node < sv->n_nodes; node++) {
        if (sv->nodes[node].seat != s)
            continue;
        for (h = 0; h < n; h++) {
            double *avg = at3(sv, sv->l.averages[s], s, node, h);
            const double *cur = at3(sv, sv->l.current[s], s, node, h);
            double r = weight * reach[(size_t)node * (size_t)n + (size_t)h];
            for (a = 0; a < SUB_ACTIONS; a++)
                avg[a] += r * cur[a];
        }
    }
}

/* The averages as probabilities (uniform over the legal actions where they total 0), into out. */
static void normalise(solver *sv, int s, double *out)
{
    int node, h, a, n = sv->p->n_hands[s];
    for (node = 0; node < sv->n_nodes; node++) {
        const bdc_subgame_node *nd = &sv->nodes[node];
        for (h = 0; h < n; h++) {
            const double *avg = at3(sv, sv->l.averages[s], s, node, h);
            double *o = out + ((size_t)node * (size_t)n + (size_t)h) * SUB_ACTIONS;
            double total = 0.0;
            int legal = 0;
            for (a = 0; a < SUB_ACTIONS; a++)
                if (nd->seat == s && nd->child[a] >= 0) {
                    total += avg[a];
                    legal++;
                }
            for (a = 0; a < SUB_ACTIONS; a++)
                o[a] = nd->seat != s || nd->child[a] < 0 ? 0.0 : total > 0.0 ? avg[a] / total : 1.0 / legal;
            if (nd->seat == s && total <= 0.0 && sv->p->gadget != BDC_GADGET_NONE) /* never reached: the blueprint */
                memcpy(o, sv->p->blueprint[s] + ((size_t)node * (size_t)n + (size_t)h) * SUB_ACTIONS,
                       SUB_ACTIONS * sizeof *o);
        }
    }
}

/* Checks a strategy given by the caller: probabilities at every legal action
 * of the seat's nodes, summing to 1. */
static int check_strategy(const solver *sv, int s, const double *strategy)
{
    int node, h, a, n = sv->p->n_hands[s];
    for (node = 0; node < sv->n_nodes; node++) {
        const bdc_subgame_node *nd = &sv->nodes[node];
        if (nd->seat != s)
            continue;
        for (h = 0; h < n; h++) {
            const double *x = strategy + ((size_t)node * (size_t)n + (size_t)h) * SUB_ACTIONS;
            double total = 0.0;
            for (a = 0; a < SUB_ACTIONS; a++) {
                if (!(x[a] >= 0.0) || x[a] > 1.0 || (nd->child[a] < 0 && x[a] != 0.0))
                    return BDC_E_ARGUMENT;
                total += x[a];
            }
            if (total < 1.0 - STRATEGY_TOLERANCE || total > 1.0 + STRATEGY_TOLERANCE)
                return BDC_E_ARGUMENT;
        }
    }
    return BDC_OK;
}

/* Each seat's best-response value against the other's strategy, and seat 0's
 * value, each per unit of the pairs' total weight (reach times chance). */
static void evaluate(solver *sv, const double *const strategy[2], bdc_subgame_result *result)
{
    const bdc_subgame *p = sv->p;
    size_t e;
    const double *v = sv->w + sv->l.values;
    double total = 0.0;
    int s, h;
    for (e = 0; e < p->n_pairs; e++)
        total += p->reach[0][p->pair_hand[0][e]] * p->reach[1][p->pair_hand[1][e]] * p->pair_weight[e];
    for (s = 0; s < SUB_SEATS; s++) {
        reaches(sv, 1 - s, p->reach[1 - s], strategy[1 - s]);
        for (int best = 1; best >= 0; best--) {
            double sum = 0.0;
            values(sv, s, strategy[s], best, 0);
            for (h = 0; h < p->n_hands[s]; h++)
                sum += p->reach[s][h] * v[h];
            sum = total > 0.0 ? sum / total : 0.0;
            if (best)
                result->best_response[s] = sum;
            else if (s == 0)
                result->value = sum;
        }
    }
    result->exploitability = (result->best_response[0] + result->best_response[1]) / 2.0;
}

/* The other seat's root reach under the gadget, from its regrets (into root;
 * with GADGET_MAXMARGIN the GADGET_SKIP slot holds each holding's mass). */
static void gadget_reach(const bdc_subgame *p, const double *gadget, double *root)
{
    int h, n = p->n_hands[1 - p->seat];
    const double *in = gadget + GADGET_ENTER * (size_t)n, *alt = gadget + GADGET_SKIP * (size_t)n;
    if (p->gadget == BDC_GADGET_MAXMARGIN) { /* its choice of holding, per unit of the holding's mass */
        double total = 0.0;
        int choosable = 0;
        for (h = 0; h < n; h++)
            if (alt[h] > 0.0) {
                total += in[h];
                choosable++;
            }
        for (h = 0; h < n; h++)
            root[h] = !(alt[h] > 0.0) ? 0.0 : (total > 0.0 ? in[h] / total : 1.0 / choosable) / alt[h];
        return;
    }
    for (h = 0; h < n; h++) /* its probability of entering, whatever its own reach */
        root[h] = in[h] + alt[h] > 0.0 ? in[h] / (in[h] + alt[h]) : 0.5;
}

/* Adds the gadget's regrets (CFR+) against the other seat's root values entered
 * (with GADGET_MAXMARGIN the GADGET_SKIP slot holds each holding's mass). */
static void gadget_update(const bdc_subgame *p, double *gadget, const double *entered)
{
    int h, n = p->n_hands[1 - p->seat];
    double *in = gadget + GADGET_ENTER * (size_t)n, *alt = gadget + GADGET_SKIP * (size_t)n;
    const double *alternative = gadget + GADGET_ALTERNATIVE * (size_t)n;
    if (p->gadget == BDC_GADGET_MAXMARGIN) { /* each holding's value per unit of its mass, less its alternative */
        double total = 0.0, mixed = 0.0;
        int choosable = 0;
        for (h = 0; h < n; h++)
            if (alt[h] > 0.0) {
                total += in[h];
                choosable++;
            }
        for (h = 0; h < n; h++)
            if (alt[h] > 0.0)
                mixed += (total > 0.0 ? in[h] / total : 1.0 / choosable) * (entered[h] - alternative[h]) / alt[h];
        for (h = 0; h < n; h++)
            if (alt[h] > 0.0) {
                double r = in[h] + (entered[h] - alternative[h]) / alt[h] - mixed;
                in[h] = r > 0.0 ? r : 0.0;
            }
        return;
    }
    for (h = 0; h < n; h++) {
        double e = in[h] + alt[h] > 0.0 ? in[h] / (in[h] + alt[h]) : 0.5;
        double mixed = e * entered[h] + (1.0 - e) * alternative[h];
        double r_in = in[h] + entered[h] - mixed, r_alt = alt[h] + alternative[h] - mixed;
        in[h] = r_in > 0.0 ? r_in : 0.0;
        alt[h] = r_alt > 0.0 ? r_alt : 0.0;
    }
}

int bdc_subgame_solve(const bdc_subgame *problem, int iterations, double *work, size_t n_work,
                      double *strategy0, double *strategy1, bdc_subgame_result *result)
{
    bdc_subgame_node nodes[BDC_SUBGAME_MAX_NODES];
    solver sv;
    double *out[2];
    int rc, s, t, h, me, other, n_other, stale[2] = {1, 1};
    double *gadget, *alternative, *best, *mass;
    size_t e;
    if ((rc = check_problem(problem)) != BDC_OK)
        return rc;
    if (!work || !strategy0 || !strategy1 || !result || iterations < 1 || iterations > BDC_SUBGAME_MAX_ITERATIONS)
        return BDC_E_ARGUMENT;
    if ((sv.n_nodes = bdc_subgame_tree(problem->table, nodes, BDC_SUBGAME_MAX_NODES)) < 0)
        return sv.n_nodes;
    sv.p = problem;
    sv.nodes = nodes;
    find_terminals(&sv);
    sv.l = plan(problem, sv.n_nodes, sv.n_showdowns);
    sv.w = work;
    if (n_work < sv.l.total)
        return BDC_E_MEMORY;
    for (s = 0; s < SUB_SEATS; s++)
        if (problem->gadget != BDC_GADGET_NONE && (rc = check_strategy(&sv, s, problem->blueprint[s])) != BDC_OK)
            return rc;
    memset(work, 0, sv.l.total * sizeof *work);
    if ((rc = settle_showdowns(&sv)) != BDC_OK)
        return rc;
    out[0] = strategy0;
    out[1] = strategy1;
    me = problem->seat;
    other = 1 - me;
    n_other = problem->n_hands[other];
    gadget = work + sv.l.gadget;
    mass = gadget + GADGET_SKIP * (size_t)n_other;
    alternative = gadget + GADGET_ALTERNATIVE * (size_t)n_other;
    best = gadget + GADGET_BEST * (size_t)n_other;

    /* THE GADGET's alternatives: the other seat's counterfactual value at each
     * holding with both seats playing the blueprint (or it best-responding),
     * plus its gift (per unit of its mass: chance times the searcher's root
     * reach). */
    result->gadget_entered = 1.0;
    result->margin = 0.0;
    if (problem->gadget != BDC_GADGET_NONE) {
        reaches(&sv, me, problem->reach[me], problem->blueprint[me]);
        values(&sv, other, problem->blueprint[other], 1, 0);
        memcpy(best, work + sv.l.values, (size_t)n_other * sizeof *best);
        values(&sv, other, problem->blueprint[other], 0, 0);
        memcpy(alternative, problem->gadget == BDC_GADGET_BLUEPRINT ? work + sv.l.values : best,
               (size_t)n_other * sizeof *alternative);
        for (e = 0; e < problem->n_pairs; e++) /* each holding's mass */
            mass[problem->pair_hand[other][e]] += problem->pair_weight[e] * problem->reach[me][problem->pair_hand[me][e]];
        if (problem->gift)
            for (h = 0; h < n_other; h++)
                alternative[h] += problem->gift[h] * mass[h];
        if (problem->gadget != BDC_GADGET_MAXMARGIN) /* the slot holds the regrets of the alternative */
            memset(mass, 0, (size_t)n_other * sizeof *mass);
    }

    for (t = 1; t <= iterations; t++) {
        for (s = 0; s < SUB_SEATS; s++) {
            int o = 1 - s;
            const double *root_o = problem->reach[o];
            double *enter = out[o]; /* scratch: the other seat's root reach under the gadget */
            for (h = 0; h < SUB_SEATS; h++) /* the current strategies of the seats whose regrets changed */
                if (stale[h]) {
                    regret_matching(&sv, h);
                    stale[h] = 0;
                }
            if (problem->gadget != BDC_GADGET_NONE && o == other) {
                gadget_reach(problem, gadget, enter);
                root_o = enter;
            }
            reaches(&sv, o, root_o, work + sv.l.current[o]);
            values(&sv, s, work + sv.l.current[s], 0, 1);
            stale[s] = 1;
            if (problem->gadget != BDC_GADGET_NONE && s == other)
                gadget_update(problem, gadget, work + sv.l.values); /* the root's values: node 0 */
            /* the average: linear weights, the seat's own reach under its current strategy */
            reaches(&sv, s, problem->reach[s], work + sv.l.current[s]);
            accumulate(&sv, s, (double)t);
        }
    }
    if (problem->gadget != BDC_GADGET_NONE) {
        const double *in = gadget + GADGET_ENTER * (size_t)n_other, *skip = mass;
        int counted = 0;
        result->gadget_entered = 0.0;
        for (h = 0; h < n_other; h++)
            if (problem->gadget == BDC_GADGET_MAXMARGIN) /* chosen: a positive regret */
                result->gadget_entered += in[h] > 0.0;
            else
                result->gadget_entered += in[h] + skip[h] > 0.0 ? in[h] / (in[h] + skip[h]) : 0.5;
        result->gadget_entered /= n_other;
        /* the margin: the other seat's best response against the result, holding by holding */
        normalise(&sv, me, out[me]);
        reaches(&sv, me, problem->reach[me], out[me]);
        values(&sv, other, work + sv.l.current[other], 1, 0);
        if (problem->gadget != BDC_GADGET_MAXMARGIN) { /* each holding's mass, for the margin */
            memset(mass, 0, (size_t)n_other * sizeof *mass);
            for (e = 0; e < problem->n_pairs; e++)
                mass[problem->pair_hand[other][e]] +=
                    problem->pair_weight[e] * problem->reach[me][problem->pair_hand[me][e]];
        }
        for (h = 0; h < n_other; h++)
            if (mass[h] > 0.0) {
                double m = (best[h] - work[sv.l.values + (size_t)h]) / mass[h];
                if (problem->gift)
                    m += problem->gift[h];
                if (!counted++ || m < result->margin)
                    result->margin = m;
            }
    }
    normalise(&sv, 0, strategy0);
    normalise(&sv, 1, strategy1);
    evaluate(&sv, (const double *const *)out, result);
    return BDC_OK;
}

/* The class of pair e, from its holdings' cards. */
static int class_of(const bdc_subgame *p, size_t e, const int *qualifier, int n_halves)
{
    const bdc_game *game = &p->table->rules.game;
    int ranks[SUB_SEATS][2] = {{0, 0}, {0, 0}}, s;
    for (s = 0; s < SUB_SEATS; s++)
        bdc_table_hand_ranks(game, p->hands[s] + (size_t)p->pair_hand[s][e] * (size_t)game->n_cards, ranks[s]);
    return pair_class(ranks[0], ranks[1], qualifier, n_halves);
}

int bdc_subgame_payoffs(const bdc_subgame *problem, double *payoffs, size_t n_payoffs)
{
    bdc_subgame_node nodes[BDC_SUBGAME_MAX_NODES];
    int n_nodes, n_showdowns, node, c, rc, qualifier[2] = {0, 0}, n_halves;
    size_t e, representative[PAIR_CLASSES];
    double payoff[PAIR_CLASSES];
    if ((rc = check_problem(problem)) != BDC_OK)
        return rc;
    if (!payoffs)
        return BDC_E_ARGUMENT;
    if ((n_nodes = bdc_subgame_tree(problem->table, nodes, BDC_SUBGAME_MAX_NODES)) < 0)
        return n_nodes;
    n_showdowns = count_showdowns(nodes, n_nodes);
    if (n_payoffs < (size_t)n_showdowns * problem->n_pairs)
        return BDC_E_MEMORY;
    n_halves = qualifiers(&problem->table->rules, qualifier);
    for (c = 0; c < PAIR_CLASSES; c++)
        representative[c] = problem->n_pairs;
    for (e = 0; e < problem->n_pairs; e++) {
        c = class_of(problem, e, qualifier, n_halves);
        if (representative[c] == problem->n_pairs)
            representative[c] = e;
    }
    for (node = 0; node < n_nodes; node++) {
        double *out = payoffs + (size_t)nodes[node].showdown * problem->n_pairs;
        if (nodes[node].showdown < 0)
            continue;
        if ((rc = settle_classes(problem, nodes, &nodes[node], representative, payoff)) != BDC_OK)
            return rc;
        for (e = 0; e < problem->n_pairs; e++)
            out[e] = payoff[class_of(problem, e, qualifier, n_halves)];
    }
    return BDC_OK;
}
