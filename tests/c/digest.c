/*
 * digest.c - rank every 4- and 5-card hand in every ranking, through every
 * public path of the C core, and print one 64-bit FNV-1a digest of all ranks.
 *
 * The digest must be the same on every architecture and with every compiler
 * (CI compares an aarch64 build run under qemu with the native x86-64 build).
 * Before printing, the program checks that every path agrees with the
 * single-hand functions, so a mismatch names the path that differs.
 *
 *   cc -std=c99 -O2 -Icsrc -I<tables dir> tests/c/digest.c csrc/[glob *.c] -o digest
 *
 * Order hashed: 4-card hands, then 5-card hands, each in lexicographic order
 * of their sorted card ids; for each, the ranks of every path in the order
 * of the table `paths` below, each rank as two little-endian bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "badeucey.h"

#define BLOCK 4096 /* hands per batch call */

static uint64_t digest = 1469598103934665603ULL; /* FNV-1a 64 offset basis */
static unsigned long mismatches;

static void hash_rank(unsigned rank)
{
    unsigned char bytes[2] = {(unsigned char)(rank & 0xFF), (unsigned char)(rank >> 8)};
    for (int i = 0; i < 2; i++) {
        digest ^= bytes[i];
        digest *= 1099511628211ULL; /* FNV-1a 64 prime */
    }
}

/* The batch implementations: every one the core knows (BDC_IMPLEMENTATIONS), of
 * which this build and processor run those bdc_implementation_supported() names.
 * The one place that chooses an implementation.  Only the portable loops' ranks
 * (id BDC_IMPL_PORTABLE, supported everywhere) go into the digest; every other
 * implementation is compared with the single-hand functions, so the digest is the
 * same whatever the processor runs. */
#define N_IMPLEMENTATIONS BDC_IMPLEMENTATIONS
static int supported[N_IMPLEMENTATIONS];

static const char *implementation_name(int implementation)
{
    const char *name = bdc_implementation_name(implementation);
    return name ? name : "?";
}

static int rank_batch_with(int implementation, int ranking, const uint8_t *hands, size_t n, int n_cards,
                           uint16_t *out, size_t *bad_row)
{
    int status = bdc_use_implementation(implementation);
    if (status != BDC_OK)
        return status;
    return bdc_rank_batch(ranking, hands, n, n_cards, out, bad_row);
}

/* Batch rankings of one hand size, with their single-hand functions. */
struct batch_ranking {
    int ranking;
    int halves; /* ranks per hand */
    const char *name;
};

static const struct batch_ranking rankings4[] = {
    {BDC_BADUGI_LOW, 1, "badugi_low"},
    {BDC_BADUGI_HIGH, 1, "badugi_high"},
};
static const struct batch_ranking rankings5[] = {
    {BDC_BADUGI_LOW, 1, "badugi_low"},   {BDC_BADUGI_HIGH, 1, "badugi_high"}, {BDC_DEUCE_SEVEN, 1, "deuce_seven"},
    {BDC_ACE_FIVE, 1, "ace_five"},       {BDC_BADEUCEY, 2, "badeucey"},       {BDC_BADACEY, 2, "badacey"},
};
#define N_RANKINGS4 (sizeof rankings4 / sizeof rankings4[0])
#define N_RANKINGS5 (sizeof rankings5 / sizeof rankings5[0])

/* The single-hand ranks of one hand, in the order of rankings4/rankings5
 * (a split game's two halves in turn). */
static int single4(const uint8_t *c, unsigned *ranks)
{
    ranks[0] = (unsigned)bdc_badugi_low4(c[0], c[1], c[2], c[3]);
    ranks[1] = (unsigned)bdc_badugi_high4(c[0], c[1], c[2], c[3]);
    return 2;
}

static int single5(const uint8_t *c, unsigned *ranks)
{
    uint64_t mask = 0;
    for (int i = 0; i < 5; i++)
        mask |= (uint64_t)1 << c[i];
    int badeucey = bdc_badeucey(c[0], c[1], c[2], c[3], c[4]);
    int badacey = bdc_badacey(c[0], c[1], c[2], c[3], c[4]);
    if (bdc_badeucey_mask(mask) != badeucey || bdc_badacey_mask(mask) != badacey) {
        if (mismatches++ < 10)
            fprintf(stderr, "digest: mask functions differ on %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4]);
    }
    ranks[0] = (unsigned)bdc_badugi_low5(c[0], c[1], c[2], c[3], c[4]);
    ranks[1] = (unsigned)bdc_badugi_high5(c[0], c[1], c[2], c[3], c[4]);
    ranks[2] = (unsigned)bdc_deuce_seven(c[0], c[1], c[2], c[3], c[4]);
    ranks[3] = (unsigned)bdc_ace_five(c[0], c[1], c[2], c[3], c[4]);
    ranks[4] = (unsigned)badeucey >> 16;
    ranks[5] = (unsigned)badeucey & 0xFFFF;
    ranks[6] = (unsigned)badacey >> 16;
    ranks[7] = (unsigned)badacey & 0xFFFF;
    return 8;
}

static uint8_t hands[BLOCK * 5];
static uint16_t batch_out[N_IMPLEMENTATIONS][N_RANKINGS5][BLOCK * 2];

/* Rank one block of n hands through every path and hash the ranks. */
static int run_block(size_t n, int n_cards)
{
    const struct batch_ranking *rankings = n_cards == 4 ? rankings4 : rankings5;
    size_t n_rankings = n_cards == 4 ? N_RANKINGS4 : N_RANKINGS5;
    for (int impl = 0; impl < N_IMPLEMENTATIONS; impl++) {
        if (!supported[impl])
            continue;
        for (size_t r = 0; r < n_rankings; r++) {
            size_t bad_row = 0;
            int status = rank_batch_with(impl, rankings[r].ranking, hands, n, n_cards, batch_out[impl][r], &bad_row);
            if (status != BDC_OK) {
                fprintf(stderr, "digest: %s batch, %s: status %d at row %zu\n", implementation_name(impl),
                        rankings[r].name, status, bad_row);
                return 1;
            }
        }
    }
    for (size_t h = 0; h < n; h++) {
        unsigned single[8];
        int n_single = n_cards == 4 ? single4(&hands[h * 4], single) : single5(&hands[h * 5], single);
        for (int i = 0; i < n_single; i++) {
            if (single[i] < 1 || single[i] > 0xFFFF) {
                fprintf(stderr, "digest: single-hand rank %u out of range\n", single[i]);
                return 1;
            }
            hash_rank(single[i]);
        }
        for (int impl = 0; impl < N_IMPLEMENTATIONS; impl++) {
            if (!supported[impl])
                continue;
            int k = 0;
            for (size_t r = 0; r < n_rankings; r++) {
                for (int half = 0; half < rankings[r].halves; half++, k++) {
                    unsigned rank = batch_out[impl][r][h * (size_t)rankings[r].halves + (size_t)half];
                    if (rank != single[k] && mismatches++ < 10)
                        fprintf(stderr, "digest: %s batch, %s (half %d) gives %u, the single-hand function %u\n",
                                implementation_name(impl), rankings[r].name, half, rank, single[k]);
                    if (impl == BDC_IMPL_PORTABLE)
                        hash_rank(rank);
                }
            }
        }
    }
    return 0;
}

/* Every n_cards-subset of the 52 card ids in lexicographic order, in blocks. */
static int run_all(int n_cards, unsigned long *count)
{
    int c[5];
    for (int i = 0; i < n_cards; i++)
        c[i] = i;
    size_t n = 0;
    for (;;) {
        for (int i = 0; i < n_cards; i++)
            hands[n * (size_t)n_cards + (size_t)i] = (uint8_t)c[i];
        n++;
        (*count)++;
        if (n == BLOCK) {
            if (run_block(n, n_cards))
                return 1;
            n = 0;
        }
        int i = n_cards - 1;
        while (i >= 0 && c[i] == 52 - n_cards + i)
            i--;
        if (i < 0)
            break;
        c[i]++;
        for (int j = i + 1; j < n_cards; j++)
            c[j] = c[j - 1] + 1;
    }
    return n ? run_block(n, n_cards) : 0;
}

int main(void)
{
    unsigned long hands4 = 0, hands5 = 0;
    for (int impl = 0; impl < N_IMPLEMENTATIONS; impl++)
        supported[impl] = bdc_implementation_supported(impl) == 1;
    if (!supported[BDC_IMPL_PORTABLE]) {
        fprintf(stderr, "digest: the portable implementation is missing\n");
        return 1;
    }
    if (run_all(4, &hands4) || run_all(5, &hands5))
        return 1;
    if (hands4 != 270725UL || hands5 != 2598960UL) {
        fprintf(stderr, "digest: enumerated %lu 4-card and %lu 5-card hands\n", hands4, hands5);
        return 1;
    }
    if (mismatches) {
        fprintf(stderr, "digest: %lu ranks differ between paths\n", mismatches);
        return 1;
    }
    printf("%lu 4-card and %lu 5-card hands, batch implementations", hands4, hands5);
    for (int impl = 0; impl < N_IMPLEMENTATIONS; impl++)
        if (supported[impl])
            printf(" %s", implementation_name(impl));
    printf(": digest %016llx\n", (unsigned long long)digest);
    return 0;
}
