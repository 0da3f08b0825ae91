/*
 * one_hand.c - the one-hand functions as Python builtins.
 *
 * This is the part of the C boundary that speaks Python's C API (the limited
 * API: the extension stays one abi3 build).  tools/build_ffi.py compiles it
 * into badeucey_fast._core beside the cffi wrappers; the C core in csrc/ still
 * knows nothing of Python.  Its kinds and bdc_py_install are declared in
 * bdc_bindings.h, whose cffi part is read into the cdef.
 *
 * Why it exists: ranking one hand is a few nanoseconds in C, and a cffi call
 * with five ints costs far more, so the Python around it sets the speed of
 * badeucey(ids).  A Python function that checks the ids (type and range: cffi
 * would take a bool, a float-like or anything with __int__ as an int), calls
 * cffi and builds the result costs several bare cffi calls.  A builtin
 * (METH_FASTCALL) does the same checks in C in a fraction of the call.
 *
 * What a builtin does: a fast path for the common, valid case only, and the
 * package's Python function (its "fallback") for everything else.  The fast
 * path takes a tuple or list of plain ints (exactly int: a bool, a numpy
 * integer or card text goes to the fallback), each in 0..51, that the C core
 * ranks without error; a split game's result is looked up in the package's
 * memo of Halves.  Anything else, an error included, is handed whole to the
 * fallback, which normalises the hand or raises the package's exception with
 * its message.  So every rule of input and every message has one source, in
 * Python, and the fast path only ever returns what the fallback would.
 *
 * A builtin takes the call as its fallback does: the fast path is a call with
 * one positional argument (and badugi_rank's keyword ace_high); any other
 * call, keywords or a wrong count included, goes to the fallback as it came.
 *
 * Python reaches this file through one cffi function, bdc_py_install, which
 * stores the factory builtin under a name the caller gives in an imported
 * module; the factory then makes each public builtin from Python objects.
 */
#include <Python.h> /* (already included by cffi's code, with Py_LIMITED_API set first) */
#include <stdint.h>
#include <string.h>

#include "bdc_bindings.h"
#include "py_call.h"

/* ---- The fast paths ---------------------------------------------------- */

/* A card id given as a plain int (exactly int: not a bool), or -1. */
static long bdc_py_id(PyObject *item)
{
    int overflow;
    long id;
    if (item == NULL || !PyLong_CheckExact(item)) {
        return -1;
    }
    id = PyLong_AsLongAndOverflow(item, &overflow); /* cannot fail for an int */
    return overflow || id < 0 || id >= BDC_DECK_SIZE ? -1 : id;
}

/* The ids of a tuple or list of `lo`..`hi` (at most 5) card ids into ids[]:
 * their count, or 0 when the fast path does not take the hand.  Calls no
 * Python code, so a list cannot change under it. */
static Py_ssize_t bdc_py_ids(PyObject *cards, int ids[5], Py_ssize_t lo, Py_ssize_t hi)
{
    Py_ssize_t n;
    PyObject *(*item_of)(PyObject *, Py_ssize_t) = bdc_py_items(cards, &n);
    if (item_of == NULL || n < lo || n > hi) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long id = bdc_py_id(item_of(cards, i)); /* borrowed; in range, so never NULL */
        if (id < 0) {
            return 0;
        }
        ids[i] = (int)id;
    }
    return n;
}

/* What each kind's builtin holds (strong references, set by the factory):
 * the Python function for what the fast path does not take, and for the
 * split games the memo (a dict packed -> Halves) and the function that makes
 * and memoises a missing Halves.  A builtin's `self` is its module, as for
 * any module-level builtin, so that it pickles and prints by its name. */
static struct {
    PyObject *fallback, *memo, *halves_of;
} bdc_py_state[BDC_PY_KINDS];

static PyObject *bdc_py_fallback(int kind, PyObject *arg)
{
    return PyObject_CallFunctionObjArgs(bdc_py_state[kind].fallback, arg, NULL);
}

/* A call the fast path does not take, handed to the fallback as it came. */
static PyObject *bdc_py_pass_on(int kind, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs == 1 && kwnames == NULL) {
        return bdc_py_fallback(kind, args[0]);
    }
    return bdc_py_call(bdc_py_state[kind].fallback, NULL, args, nargs, kwnames);
}

/* A split game's packed result as its Halves, through the memo. */
static PyObject *bdc_py_halves(int kind, int packed)
{
    PyObject *key = PyLong_FromLong(packed);
    PyObject *halves;
    if (key == NULL) {
        return NULL;
    }
    halves = PyDict_GetItemWithError(bdc_py_state[kind].memo, key); /* borrowed; int keys run no Python code */
    if (halves != NULL) {
        Py_INCREF(halves);
    } else if (!PyErr_Occurred()) {
        halves = PyObject_CallFunctionObjArgs(bdc_py_state[kind].halves_of, key, NULL);
    }
    Py_DECREF(key);
    return halves;
}

typedef int (*bdc_py_rank5)(int, int, int, int, int);
typedef int (*bdc_py_rank4)(int, int, int, int);
typedef int (*bdc_py_mask)(uint64_t);

static PyObject *bdc_py_split(int kind, PyObject *cards, bdc_py_rank5 rank)
{
    int c[5];
    if (bdc_py_ids(cards, c, 5, 5)) {
        int packed = rank(c[0], c[1], c[2], c[3], c[4]);
        if (packed > 0) {
            return bdc_py_halves(kind, packed);
        }
    }
    return bdc_py_fallback(kind, cards);
}

static PyObject *bdc_py_five(int kind, PyObject *cards, bdc_py_rank5 rank)
{
    int c[5];
    if (bdc_py_ids(cards, c, 5, 5)) {
        int r = rank(c[0], c[1], c[2], c[3], c[4]);
        if (r > 0) {
            return PyLong_FromLong(r);
        }
    }
    return bdc_py_fallback(kind, cards);
}

/* A Badugi rank as an int, or NULL with no exception set when the fast path does not take the hand. */
static PyObject *bdc_py_four_or_five(PyObject *cards, int ace_high)
{
    int c[5], r;
    Py_ssize_t n = bdc_py_ids(cards, c, 4, 5);
    if (n) {
        if (n == 4) {
            r = ace_high ? bdc_badugi_high4(c[0], c[1], c[2], c[3]) : bdc_badugi_low4(c[0], c[1], c[2], c[3]);
        } else {
            r = ace_high ? bdc_badugi_high5(c[0], c[1], c[2], c[3], c[4]) : bdc_badugi_low5(c[0], c[1], c[2], c[3], c[4]);
        }
        if (r > 0) {
            return PyLong_FromLong(r);
        }
    }
    return NULL;
}

/* Distinct card ids in a tuple or list, as a tuple (the same one when given
 * a tuple): NULL with no exception set when the fast path does not take them. */
static PyObject *bdc_py_distinct_ids(PyObject *cards)
{
    Py_ssize_t n;
    uint64_t seen = 0;
    PyObject *(*item_of)(PyObject *, Py_ssize_t) = bdc_py_items(cards, &n);
    if (item_of == NULL || n > BDC_DECK_SIZE) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long id = bdc_py_id(item_of(cards, i));
        if (id < 0 || (seen >> id & 1)) {
            return NULL;
        }
        seen |= (uint64_t)1 << id;
    }
    if (item_of == PyTuple_GetItem) {
        Py_INCREF(cards);
        return cards;
    }
    return PyList_AsTuple(cards);
}

static PyObject *bdc_py_masked(int kind, PyObject *mask, bdc_py_mask rank)
{
    if (PyLong_CheckExact(mask)) {
        int overflow;
        long long bits = PyLong_AsLongLongAndOverflow(mask, &overflow); /* cannot fail for an int */
        if (!overflow && bits >= 0) {
            int packed = rank((uint64_t)bits);
            if (packed > 0) {
                return PyLong_FromLong(packed);
            }
        }
    }
    return bdc_py_fallback(kind, mask);
}

/* One METH_FASTCALL | METH_KEYWORDS function per kind, in the order of the
 * BDC_PY_* kinds: f(x) takes the fast path, any other call is passed on. */
#define BDC_PY_ONE_ARGUMENT(function, kind, call)                                                    \
    static PyObject *function(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) \
    {                                                                                                \
        (void)self;                                                                                  \
        if (nargs == 1 && kwnames == NULL) {                                                         \
            return call;                                                                             \
        }                                                                                            \
        return bdc_py_pass_on(kind, args, nargs, kwnames);                                           \
    }
BDC_PY_ONE_ARGUMENT(bdc_py_badeucey, BDC_PY_BADEUCEY, bdc_py_split(BDC_PY_BADEUCEY, args[0], bdc_badeucey))
BDC_PY_ONE_ARGUMENT(bdc_py_badacey, BDC_PY_BADACEY, bdc_py_split(BDC_PY_BADACEY, args[0], bdc_badacey))
BDC_PY_ONE_ARGUMENT(bdc_py_badeucey_mask, BDC_PY_BADEUCEY_MASK, bdc_py_masked(BDC_PY_BADEUCEY_MASK, args[0], bdc_badeucey_mask))
BDC_PY_ONE_ARGUMENT(bdc_py_badacey_mask, BDC_PY_BADACEY_MASK, bdc_py_masked(BDC_PY_BADACEY_MASK, args[0], bdc_badacey_mask))
BDC_PY_ONE_ARGUMENT(bdc_py_deuce_seven, BDC_PY_DEUCE_SEVEN, bdc_py_five(BDC_PY_DEUCE_SEVEN, args[0], bdc_deuce_seven))
BDC_PY_ONE_ARGUMENT(bdc_py_ace_five, BDC_PY_ACE_FIVE, bdc_py_five(BDC_PY_ACE_FIVE, args[0], bdc_ace_five))

/* badugi_rank(cards, *, ace_high=False): the fast path also takes ace_high
 * given as True or False (exactly: any other value is the fallback's to judge). */
static PyObject *bdc_py_badugi(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    int ace_high = 0;
    PyObject *rank;
    (void)self;
    if (nargs != 1) {
        return bdc_py_pass_on(BDC_PY_BADUGI, args, nargs, kwnames);
    }
    if (kwnames != NULL) {
        PyObject *keyword = PyTuple_GetItem(kwnames, 0); /* NULL (an IndexError) if there is none */
        if (keyword == NULL || PyTuple_Size(kwnames) != 1 || !PyUnicode_CheckExact(keyword)
            || PyUnicode_CompareWithASCIIString(keyword, "ace_high") != 0
            || (args[1] != Py_True && args[1] != Py_False)) {
            return bdc_py_pass_on(BDC_PY_BADUGI, args, nargs, kwnames);
        }
        ace_high = args[1] == Py_True;
    }
    rank = bdc_py_four_or_five(args[0], ace_high);
    return rank != NULL || PyErr_Occurred() ? rank : bdc_py_pass_on(BDC_PY_BADUGI, args, nargs, kwnames);
}

static PyObject *bdc_py_quick_ids(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *ids;
    (void)self;
    if (nargs != 1 || kwnames != NULL) {
        return bdc_py_pass_on(BDC_PY_QUICK_IDS, args, nargs, kwnames);
    }
    ids = bdc_py_distinct_ids(args[0]);
    return ids != NULL || PyErr_Occurred() ? ids : bdc_py_fallback(BDC_PY_QUICK_IDS, args[0]);
}

static PyObject *(*const bdc_py_kinds[BDC_PY_KINDS])(PyObject *, PyObject *const *, Py_ssize_t, PyObject *) = {
    bdc_py_badeucey,    bdc_py_badacey,  bdc_py_badeucey_mask, bdc_py_badacey_mask,
    bdc_py_deuce_seven, bdc_py_ace_five, bdc_py_badugi,        bdc_py_quick_ids,
};

/* ---- The factory --------------------------------------------------------- */

static char *bdc_py_copy(const char *text)
{
    size_t size = strlen(text) + 1;
    char *copy = PyMem_Malloc(size);
    if (copy == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    return memcpy(copy, text, size);
}

/* A strong reference to `value` in *slot, in place of the one there. */
static void bdc_py_keep(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    Py_INCREF(value);
    *slot = value;
    Py_XDECREF(old);
}

/* factory(kind, name, doc, module, fallback, memo, halves_of) -> builtin.
 * Each kind is made once per process: its method record, name, doc and state
 * then live as long as the process (a builtin keeps a pointer to its record,
 * and its C function reads its kind's state), so a second make, which would
 * rewire the first builtin, is refused. */
static PyObject *bdc_py_make(PyObject *unused, PyObject *args)
{
    static PyMethodDef defs[BDC_PY_KINDS];
    int kind;
    const char *name, *doc;
    char *name_copy, *doc_copy;
    PyObject *module, *module_name, *fallback, *memo, *halves_of, *made;
    (void)unused;
    if (!PyArg_ParseTuple(args, "issOOOO:one_hand", &kind, &name, &doc, &module, &fallback, &memo, &halves_of)) {
        return NULL;
    }
    if (kind < 0 || kind >= BDC_PY_KINDS) {
        PyErr_Format(PyExc_ValueError, "one_hand: unknown kind %d", kind);
        return NULL;
    }
    if (!PyModule_Check(module) || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "one_hand: needs a module and a callable fallback");
        return NULL;
    }
    if ((kind == BDC_PY_BADEUCEY || kind == BDC_PY_BADACEY) && (!PyDict_CheckExact(memo) || !PyCallable_Check(halves_of))) {
        PyErr_SetString(PyExc_TypeError, "one_hand: a split game needs a dict memo and a callable halves_of");
        return NULL;
    }
    if (defs[kind].ml_name != NULL) {
        PyErr_Format(PyExc_RuntimeError, "one_hand: the builtin of kind %d is made once per process (as %s)", kind,
                     defs[kind].ml_name);
        return NULL;
    }
    module_name = PyObject_GetAttrString(module, "__name__");
    if (module_name == NULL) {
        return NULL;
    }
    name_copy = bdc_py_copy(name);
    doc_copy = name_copy ? bdc_py_copy(doc) : NULL;
    if (doc_copy == NULL) {
        PyMem_Free(name_copy);
        Py_DECREF(module_name);
        return NULL;
    }
    defs[kind].ml_name = name_copy;
    defs[kind].ml_doc = doc_copy;
    defs[kind].ml_meth = (PyCFunction)(void (*)(void))bdc_py_kinds[kind];
    defs[kind].ml_flags = METH_FASTCALL | METH_KEYWORDS;
    made = PyCFunction_NewEx(&defs[kind], module, module_name);
    Py_DECREF(module_name);
    if (made == NULL) {
        defs[kind].ml_name = defs[kind].ml_doc = NULL;
        PyMem_Free(name_copy);
        PyMem_Free(doc_copy);
        return NULL;
    }
    /* no Python code has run since the record was made: nothing can call the builtin before this */
    bdc_py_keep(&bdc_py_state[kind].fallback, fallback);
    bdc_py_keep(&bdc_py_state[kind].memo, memo);
    bdc_py_keep(&bdc_py_state[kind].halves_of, halves_of);
    return made;
}

static PyMethodDef bdc_py_factory = {
    "one_hand", bdc_py_make, METH_VARARGS,
    "one_hand(kind, name, doc, module, fallback, memo, halves_of)\n"
    "--\n\n"
    "A one-hand builtin of the given kind (csrc/bindings/one_hand.c).",
};

int bdc_py_install(const char *module, const char *attribute)
{
    return bdc_py_install_factory(module, attribute, &bdc_py_factory);
}
