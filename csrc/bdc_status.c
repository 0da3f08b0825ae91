/*
 * bdc_status.c - the text of each status code (badeucey.h).
 */
#include "badeucey.h"

const char *bdc_status_text(int status)
{
    if (status >= BDC_OK)
        return "no error";
    switch (status) {
    case BDC_E_CARD:
        return "a card id outside 0..51";
    case BDC_E_DUPLICATE:
        return "the same card twice";
    case BDC_E_COUNT:
        return "a wrong number of cards";
    case BDC_E_RANKING:
        return "an unknown ranking";
    case BDC_E_RANK:
        return "a rank outside the ranking's scale";
    case BDC_E_ARGUMENT:
        return "a setting outside its range";
    case BDC_E_UNSUPPORTED:
        return "an implementation this build or processor lacks";
    case BDC_E_STOPPED:
        return "a run stopped before its end";
    case BDC_E_ILLEGAL:
        return "an action the seat to act may not take now";
    case BDC_E_MEMORY:
        return "a full memory";
    default:
        return "an unknown status code";
    }
}
