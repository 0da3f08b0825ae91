/*
 * bdc_internal.h - what the core's translation units share; not public.
 */
#ifndef BDC_INTERNAL_H
#define BDC_INTERNAL_H

#include "badeucey.h"

/* The class counts, the deck size and the limits are badeucey.h's. */

/* The ranks of a hand of game->n_cards cards in each half of a game:
 * halves[0] the Badugi rank, halves[1] the low rank (0 for a half the game
 * lacks).  The game must have been checked with bdc_game_ok.  Returns BDC_OK
 * or the hand's error code (bad id, duplicate). */
int bdc_halves(const bdc_game *game, const unsigned *cards, unsigned halves[2]);

/* The halves (as bdc_halves) of each hand base + cards[i], i < n: the last
 * card of the hand varies, the others are base[0 .. game->n_cards - 2].  For
 * the enumerations' innermost loop.  The cards must be distinct ids in
 * 0..51 (the caller checked them): this is not checked again. */
void bdc_halves_extend(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                       unsigned (*halves)[2]);

/* Is the game one the core can rank (a known ranking per half, a hand size
 * the rankings take)? */
int bdc_game_ok(const bdc_game *game);

#endif /* BDC_INTERNAL_H */
