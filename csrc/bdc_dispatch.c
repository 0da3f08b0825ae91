/*
 * bdc_dispatch.c - which implementation runs: chosen once, on first use.
 *
 * As xxHash does it: each implementation is a constant table of function
 * pointers (bdc_impl, bdc_internal.h); the first call that needs one asks
 * the processor once (__builtin_cpu_supports) and keeps the fastest it runs
 * well.  Every later call costs one load.  The public batch entry point and
 * the enumerators' extend step go through the table.
 */
#include "bdc_internal.h"

#ifdef BDC_HAVE_X86
#define BDC_IMPL_OF(x86) (x86)
#else
#define BDC_IMPL_OF(x86) 0
#endif

/* Every implementation by id; NULL for one this build lacks. */
static const bdc_impl *const bdc_impls[BDC_IMPLEMENTATIONS] = {
    [BDC_IMPL_PORTABLE] = &bdc_impl_portable,
    [BDC_IMPL_BMI2] = BDC_IMPL_OF(&bdc_impl_bmi2),
    [BDC_IMPL_AVX2] = BDC_IMPL_OF(&bdc_impl_avx2),
    [BDC_IMPL_AVX512] = BDC_IMPL_OF(&bdc_impl_avx512),
};

/* The implementation in use; NULL until the first call chooses. */
static const bdc_impl *bdc_active;

/* Plain loads and stores of one pointer, atomic where the compiler says so:
 * two threads that choose at once choose the same table. */
#if defined(__GNUC__) || defined(__clang__)
#define BDC_LOAD(p) __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#define BDC_STORE(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#else
#define BDC_LOAD(p) (p)
#define BDC_STORE(p, v) ((p) = (v))
#endif

int bdc_implementation_supported(int id)
{
    if (id < 0 || id >= BDC_IMPLEMENTATIONS || !bdc_impls[id])
        return 0;
#ifdef BDC_HAVE_X86
    __builtin_cpu_init();
    if (id == BDC_IMPL_BMI2)
        return __builtin_cpu_supports("bmi2") != 0;
    if (id == BDC_IMPL_AVX2)
        return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2");
    if (id == BDC_IMPL_AVX512)
        return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
#endif
    return 1;
}

/* The fastest implementation this processor runs well: AVX-512, AVX2 or BMI2 only
 * with a fast pext and pdep (AMD's Zen 1 and Zen 2 microcode them, tens of
 * cycles each, which makes the portable loops faster there). */
static const bdc_impl *bdc_choose(void)
{
#ifdef BDC_HAVE_X86
    __builtin_cpu_init();
    if (!__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2")) {
        /* AVX-512 with VBMI: Ice Lake and later, Zen 4 (not the Skylake-SP parts that slow
         * their clock for 512-bit work): sixteen hands a step, and the Badugi half in the
         * vector pass, against AVX2's four hands a step (docs/speed.rst) */
        if (bdc_implementation_supported(BDC_IMPL_AVX512))
            return bdc_impls[BDC_IMPL_AVX512];
        if (bdc_implementation_supported(BDC_IMPL_AVX2))
            return bdc_impls[BDC_IMPL_AVX2];
        if (bdc_implementation_supported(BDC_IMPL_BMI2))
            return bdc_impls[BDC_IMPL_BMI2];
    }
#endif
    return &bdc_impl_portable;
}

const bdc_impl *bdc_impl_active(void)
{
    const bdc_impl *impl = BDC_LOAD(bdc_active);
    if (!impl) {
        impl = bdc_choose();
        BDC_STORE(bdc_active, impl);
    }
    return impl;
}

int bdc_implementation(void)
{
    return bdc_impl_active()->id;
}

const char *bdc_implementation_name(int id)
{
    static const char *const names[BDC_IMPLEMENTATIONS] = {
        [BDC_IMPL_PORTABLE] = "portable", [BDC_IMPL_BMI2] = "bmi2", [BDC_IMPL_AVX2] = "avx2",
        [BDC_IMPL_AVX512] = "avx512"};
    return id >= 0 && id < BDC_IMPLEMENTATIONS ? names[id] : 0;
}

int bdc_use_implementation(int id)
{
    if (id < 0 || id >= BDC_IMPLEMENTATIONS)
        return BDC_E_ARGUMENT;
    if (!bdc_implementation_supported(id))
        return BDC_E_UNSUPPORTED;
    BDC_STORE(bdc_active, bdc_impls[id]);
    return BDC_OK;
}

int bdc_rank_batch(int ranking, const uint8_t *hands, size_t n, int n_cards, uint16_t *out, size_t *bad_row)
{
    const bdc_impl *impl = bdc_impl_active();
    *bad_row = 0;
    if (ranking < 0 || ranking >= BDC_RANKINGS)
        return BDC_E_RANKING;
    if (n_cards == 4 && (ranking == BDC_BADUGI_LOW || ranking == BDC_BADUGI_HIGH))
        return impl->batch4[ranking](hands, n, out, bad_row);
    if (n_cards != 5)
        return BDC_E_COUNT;
    return impl->batch5[ranking](hands, n, out, bad_row);
}

void bdc_halves_extend(const bdc_game *game, const unsigned *base, const unsigned *cards, int n,
                       unsigned (*halves)[2])
{
    bdc_impl_active()->extend(game, base, cards, n, halves);
}
