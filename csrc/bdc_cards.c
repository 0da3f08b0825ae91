/*
 * bdc_cards.c - which cards of a hand make its best badugi.
 *
 * A badugi is a set of one to four cards whose ranks all differ and whose
 * suits all differ (docs/rules.rst "Badugi").  Every such subset of a 4- or 5-card
 * hand is tried (15 or 30 subsets of at most four positions).  More cards win;
 * among badugis of one size, the highest card (in the ace convention) lower
 * wins, then the next highest, and so on.  With the card values as bits of a
 * 13-bit set (bit v for value v, 0 = the best card of the convention), that
 * order of two sets of one size is the order of the sets read as integers
 * (their highest differing value decides), so a subset's key is
 * ((4 - size) << 13) | values, lower is better.
 *
 * TIES.  Different cards can make the same badugi (a pair of which either
 * card fits, as 4h or 4s in 2c 3d 4h 4s 9d): then the subset whose card ids
 * form the smaller mask (sum of 1 << id; the lower highest differing card)
 * is chosen, so the answer does not depend on the order of the cards.
 */
#include "badeucey.h"

#define BDC_CARD_VALUES 13 /* card values of one ace convention: 0 = its best card */
#define BDC_BADUGI_MOST 4  /* a badugi has at most one card per suit */
#define BDC_SUIT_BITS 3u   /* id & 3 is the suit; id >> 2 the rank */

int bdc_badugi_cards_batch(int ace_high, const uint8_t *hands, size_t n, int n_cards, uint8_t *out,
                           size_t *bad_row)
{
    size_t row;

    if (n_cards != BDC_MIN_HAND_CARDS && n_cards != BDC_MAX_HAND_CARDS)
        return BDC_E_COUNT;
    if ((ace_high != 0 && ace_high != 1) || bad_row == NULL || (n > 0 && (hands == NULL || out == NULL)))
        return BDC_E_ARGUMENT;
    for (row = 0; row < n; row++) {
        const uint8_t *hand = hands + row * (size_t)n_cards;
        unsigned value_bit[BDC_MAX_HAND_CARDS], suit_bit[BDC_MAX_HAND_CARDS];
        uint64_t card_bit[BDC_MAX_HAND_CARDS], seen = 0;
        unsigned best_key = ~0u, subset, chosen = 0;
        uint64_t best_cards = 0;
        int j;

        for (j = 0; j < n_cards; j++) {
            unsigned rank = (unsigned)hand[j] >> 2;
            if (hand[j] >= BDC_DECK_SIZE) {
                *bad_row = row;
                return BDC_E_CARD;
            }
            card_bit[j] = (uint64_t)1 << hand[j];
            if (seen & card_bit[j]) {
                *bad_row = row;
                return BDC_E_DUPLICATE;
            }
            seen |= card_bit[j];
            /* aces low: A = 0, 2 = 1 .. K = 12; aces high: 2 = 0 .. A = 12 */
            value_bit[j] = 1u << (ace_high ? rank : (rank + 1) % BDC_CARD_VALUES);
            suit_bit[j] = 1u << (hand[j] & BDC_SUIT_BITS);
        }
        for (subset = 1; subset < (1u << n_cards); subset++) {
            unsigned values = 0, suits = 0, key;
            uint64_t cards = 0;
            int size = 0, valid = 1;
            for (j = 0; j < n_cards; j++) {
                if (!(subset >> j & 1u))
                    continue;
                if ((values & value_bit[j]) || (suits & suit_bit[j])) {
                    valid = 0; /* a rank or a suit twice: no badugi */
                    break;
                }
                values |= value_bit[j];
                suits |= suit_bit[j];
                cards |= card_bit[j];
                size++;
            }
            if (!valid || size > BDC_BADUGI_MOST)
                continue;
            key = ((unsigned)(BDC_BADUGI_MOST - size) << BDC_CARD_VALUES) | values;
            if (key < best_key || (key == best_key && cards < best_cards)) {
                best_key = key;
                best_cards = cards;
                chosen = subset;
            }
        }
        out[row] = (uint8_t)chosen;
    }
    return BDC_OK;
}
