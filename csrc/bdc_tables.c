/*
 * bdc_tables.c - the rank tables, defined once for the whole library.
 *
 * tools/gen_tables.py writes them (bdc_tables.inc) at build time; every other
 * unit sees only their declarations, through bdc_lookup.h.
 */
#include "bdc_internal.h"

#define BDC_TABLE_DEFINITIONS 1
#include "bdc_tables.inc"
