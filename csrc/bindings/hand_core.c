/*
 * hand_core.c - the hot path of play.Hand as a base type of Python's C API.
 *
 * The part of the C boundary that speaks Python's C API for the game engine,
 * beside one_hand.c for the rankings (the limited API: the extension stays
 * one abi3 build).  tools/build_ffi.py compiles it into badeucey_fast._core;
 * the C core in csrc/ still knows nothing of Python.
 *
 * Why it exists: a hand of random play makes some thirty calls to Hand (whose
 * turn, which phase, what is legal, an action), and a C table takes about a
 * hundred nanoseconds for a whole action.  Through cffi each call costs a
 * Python method, its checks and one or more cffi calls: several microseconds
 * a hand.  This type holds the C table in the object and answers those calls
 * in C.
 *
 * What it answers: the common, valid call only, as one_hand.c does.
 *   - Hand(rules, stacks, button=..., seed=...) with the rules the last hand
 *     made in Python was given, or rules equal to them (the rules a table
 *     plays many hands with, the same object or made afresh each hand),
 *     stacks a tuple or list of plain ints, a plain int button, and a seed
 *     that is None, a plain int or a random.Random;
 *   - legal(), legal_actions(), cards(seat) and the properties to_act,
 *     phase and payoffs;
 *   - fold(), check_call(), bet_raise(to) and discard(cards) with the cards
 *     as a tuple or list of plain int ids, and act(text) with the words the
 *     package writes ("cc", "cbr 8", "sd 7s5h"), on a table that neither
 *     burns nor replays a recorded hand;
 *   - act() and legal_actions() stand for calls of the hand's fold(),
 *     check_call(), bet_raise(), discard() and legal() (their fallbacks make
 *     them): they answer in C only while the hand's type has this type's own
 *     (not a subclass's or a patched one, which the fallback calls).
 * Every other call, an error included, goes whole to the package's Python
 * function for it (its "fallback", play/hand.py), which checks, plays and
 * raises with its message: every rule and message has one source, in Python,
 * and the fast path only ever does what the fallback would.  The docstrings
 * are the fallbacks' too, given to the factory.
 *
 * The random picks come from the hand's generator (its `random` method), one
 * per card dealt at random, as the fallbacks feed them: a hand plays the same
 * cards whichever path takes its calls.  A plain int seed's generator,
 * seeded_generator(seed) (badeucey_fast/play/seeding.py), is not made to deal:
 * making a random.Random costs several times the rest of the deal.  The hand
 * deals from the same Mersenne Twister stream in C (bdc_mt.c: the same
 * doubles, its first words computed as the deal reads them), in the fast calls
 * too, and makes the random.Random, seeded_generator(seed) advanced as far as
 * the stream, when Python first reads `_rng` (a fallback, pickle, ==,
 * deal_state; copy() gives the copy a copy of the stream, `_streamed` says
 * which a hand has): every path sees the generator seeded_generator(seed)
 * would be.
 *
 * The other attributes of a Hand (its rules, its generator, its record of
 * events as the bytes of bdc_table_event, the caches) are members of this
 * type, so that both paths read and write the same ones; Python reaches the
 * table itself through cffi at the address `_address`.  What the seat to act
 * may do is kept as the core wrote it after the last action taken here
 * (`fresh`); an action played in Python clears `_fresh`.
 *
 * One call at a time: every method of a hand but the properties takes the hand
 * for the call (bdc_py_enter), its fallback and the generator's numbers
 * included, and refuses with RuntimeError, before anything is written, a call
 * that comes meanwhile from another thread, or from the hand's generator
 * (while its random() runs the hand is sealed: a generator that acted on its
 * hand would act between the checks of the call and its play).  A call of the
 * same thread under way is the fallback calling the hand's methods (act()
 * calls fold()), which are let in.  A lock instead would have to be held while
 * the generator and the fallbacks run Python that may call the hand again, and
 * would still let a second thread act for a seat it never read as the one to
 * act: the refusal tells whoever shares a hand to take their own lock around
 * what they read and do.  The GIL makes the check-and-set below one step; the
 * limited API this file is built with does not exist on a free-threaded
 * CPython (3.13t), which would need an atomic compare-exchange there.
 *
 * Python reaches this file through one cffi function, bdc_py_install_hand,
 * which stores the factory under a name the caller gives in an imported
 * module; the factory makes the type, once per process.
 */
#include <Python.h> /* Py_LIMITED_API is set by the build (tools/build_ffi.py) */
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bdc_bindings.h"
#include "py_call.h"

typedef struct {
    PyObject_HEAD
    bdc_table table;
    PyObject *rules, *button, *game, *size, *structure, *n, *start, *posted, *rng, *replay;
    PyObject *raw, *log, *decoded, *burns, *views, *legal, *actions, *result, *ctable, *cbytes;
    PyObject *random; /* rng's bound method random, once asked (NULL when rng changes) */
    bdc_mt *mt;       /* an int seed's stream, while in_c (PyMem, kept for the hand's life once made) */
    uint64_t seed;    /* that seed, and the numbers taken from its stream */
    size_t drawn;
    bdc_legal next;   /* what the seat to act may do, when fresh */
    unsigned long owner; /* the thread whose call has the hand (PyThread_get_thread_ident), while depth > 0 */
    int depth;           /* its calls under way (a fallback calls the hand's methods) */
    char careful, started, fresh;
    char sealed; /* the hand's generator runs: no call may take the hand */
    char in_c;   /* the generator is mt: rng is made from it when Python asks for it (bdc_py_get_rng) */
} bdc_py_hand;

#ifdef Py_GIL_DISABLED
#error "hand_core.c takes a hand for a call under the GIL (bdc_py_enter): a free-threaded build needs an atomic compare-exchange"
#endif

/* The object members, for traverse, clear and _clone. */
#define BDC_PY_HAND_OBJECTS(X)                                                                                  \
    X(rules) X(button) X(game) X(size) X(structure) X(n) X(start) X(posted) X(rng) X(replay) X(raw) X(log)     \
    X(decoded) X(burns) X(views) X(legal) X(actions) X(result) X(ctable) X(cbytes) X(random)

/* The calls that have a fallback, in the order of its names. */
enum { BDC_PY_INIT, BDC_PY_LEGAL, BDC_PY_CARDS, BDC_PY_FOLD, BDC_PY_CHECK_CALL, BDC_PY_BET_RAISE, BDC_PY_DISCARD,
       BDC_PY_LEGAL_ACTIONS, BDC_PY_ACT, BDC_PY_CALLS };
static const char *const bdc_py_call_names[BDC_PY_CALLS] = {
    "__init__", "legal", "cards", "fold", "check_call", "bet_raise", "discard", "legal_actions", "act",
};

/* What the factory was given (strong references, for the life of the process),
 * and the rules kept for the fast __init__ (_keep_rules). */
static struct {
    PyTypeObject *type;
    PyObject *fallback[BDC_PY_CALLS];
    PyObject *legals;      /* dict: a bdc_legal's bytes -> its Legal */
    PyObject *new_legal;   /* new_legal(key) -> the Legal, kept in legals */
    PyObject *random_type; /* random.Random */
    PyObject *phases[3];   /* "bet", "draw", "over" */
    PyObject *random_name; /* "random" */
    PyObject *seeded;      /* seeded_generator(seed): the random.Random an int seed's stream is */
    PyObject *base_random; /* the random method of random.Random's C base type */
    PyObject *names[BDC_PY_CALLS]; /* each call's name (interned) */
    PyObject *own[BDC_PY_CALLS];   /* the type's own method of each call from BDC_PY_LEGAL on */
    PyObject *kept_rules, *kept_game, *kept_size, *kept_structure;
    bdc_table_rules kept_c;
    int kept_max_seats, kept_n_cards;
} bdc_py_hands;

/* The Legal values met lately, by their bdc_legal (direct-mapped): found
 * here, a Legal costs no bytes object and no dict lookup. */
#define BDC_PY_LEGALS_KEPT 64
static struct {
    bdc_legal key;
    PyObject *legal; /* its Legal */
    PyObject *words; /* its legal_actions(), once asked (or NULL) */
} bdc_py_legals[BDC_PY_LEGALS_KEPT];

/* ---- Shared steps -------------------------------------------------------- */

#define BDC_PY_BUSY                                                                                        \
    "Hand is being used by another call (another thread's, or its generator's random() calling back into " \
    "it): a Hand takes one call at a time"

/* Takes the hand for a call: 0, or -1 with RuntimeError when another call has
 * it (another thread's; any while its generator runs).  The GIL makes the test
 * and the set one step: no Python runs between them. */
static int bdc_py_enter(bdc_py_hand *h)
{
    unsigned long me = PyThread_get_thread_ident();
    if (h->sealed || (h->depth > 0 && h->owner != me)) {
        PyErr_SetString(PyExc_RuntimeError, BDC_PY_BUSY);
        return -1;
    }
    h->owner = me;
    h->depth++;
    return 0;
}

/* Gives the hand back after a call that took it. */
static void bdc_py_leave(bdc_py_hand *h)
{
    if (h->depth > 0 && --h->depth == 0) {
        h->owner = 0;
    }
}

/* *slot = value (a new reference, or NULL), releasing the old one. */
static void bdc_py_set(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

/* Whether the fast path may play on this hand: started, neither burning nor
 * replaying, its record the bytearray the fallbacks keep, a generator to feed
 * it (made, or an int seed's stream). */
static int bdc_py_fast(const bdc_py_hand *h)
{
    return h->started && !h->careful && h->raw != NULL && PyByteArray_CheckExact(h->raw) && (h->rng != NULL || h->in_c);
}

/* After random() gave x, which PyFloat_AsDouble refused: the fallbacks' error
 * (play/hand.py, _feed): a TypeError for what is no number, a ValueError for a
 * number beyond a double; any other exception stays. */
static void bdc_py_not_a_float(PyObject *x)
{
    PyObject *kind = PyErr_ExceptionMatches(PyExc_TypeError) ? PyExc_TypeError
                     : PyErr_ExceptionMatches(PyExc_OverflowError) || PyErr_ExceptionMatches(PyExc_ValueError) ? PyExc_ValueError
                                                                                                              : NULL;
    PyObject *name;
    if (kind == NULL) {
        return;
    }
    PyErr_Clear();
    name = PyType_GetName(Py_TYPE(x));
    if (name != NULL) {
        PyErr_Format(kind, "random() of the hand's generator gave %U, not a float in [0, 1)", name);
        Py_DECREF(name);
    }
}

/* The next `need` uniforms of the hand's generator into u[]: 0, or -1 with an exception. */
static int bdc_py_feed(bdc_py_hand *h, double *u, size_t need)
{
    PyObject *random;
    int status = 0;
    if (need == 0) {
        return 0;
    }
    if (h->in_c) { /* an int seed's stream, random.Random's own numbers: no Python runs */
        if (bdc_mt_uniforms(h->mt, u, need) < 0) {
            PyErr_SetString(PyExc_RuntimeError, "the hand's seed stream is damaged");
            return -1;
        }
        h->drawn += need;
        return 0;
    }
    h->sealed = 1; /* (the generator's Python may call the hand: refused) */
    if (h->random == NULL && (h->random = PyObject_GetAttr(h->rng, bdc_py_hands.random_name)) == NULL) {
        h->sealed = 0;
        return -1;
    }
    random = h->random;
    Py_INCREF(random); /* (its own Python code may change the hand's generator) */
    for (size_t i = 0; i < need && status == 0; i++) {
        PyObject *x = PyObject_CallNoArgs(random);
        double d = x == NULL ? -1.0 : PyFloat_AsDouble(x);
        if (d == -1.0 && PyErr_Occurred()) {
            if (x != NULL) {
                bdc_py_not_a_float(x);
            }
            status = -1;
        }
        Py_XDECREF(x);
        u[i] = d;
    }
    Py_DECREF(random);
    h->sealed = 0;
    return status;
}

/* After a C call: check it took the `need` uniforms it was given, keep its
 * events (the record grows by their bytes) and forget what the action made stale. */
static int bdc_py_record(bdc_py_hand *h, const bdc_table_io *io, size_t need)
{
    PyObject *raw = h->raw;
    Py_ssize_t size, add = (Py_ssize_t)(io->n_events * sizeof(bdc_table_event));
    if (io->used != need) {
        PyErr_Format(PyExc_RuntimeError, "the table took %zu random picks, not %zu", io->used, need);
        return -1;
    }
    if (raw == NULL || !PyByteArray_CheckExact(raw)) {
        PyErr_SetString(PyExc_RuntimeError, "the hand's record of events is not a bytearray");
        return -1;
    }
    if (add > 0) {
        size = PyByteArray_Size(raw);
        if (PyByteArray_Resize(raw, size + add) < 0) {
            return -1;
        }
        memcpy(PyByteArray_AsString(raw) + size, io->events, (size_t)add);
    }
    bdc_py_set(&h->legal, NULL);
    bdc_py_set(&h->actions, NULL);
    return 0;
}

/* The next `need` numbers of the hand's generator into u[]: 0, or -1 with an
 * exception, also when the generator's own Python code played on the hand
 * meanwhile (its record grew: what the caller checked no longer holds). */
static int bdc_py_numbers(bdc_py_hand *h, double *u, size_t need)
{
    PyObject *raw = h->raw;
    Py_ssize_t size = PyByteArray_Size(raw);
    if (bdc_py_feed(h, u, need) < 0) {
        return -1;
    }
    if (need > 0 && (h->raw != raw || PyByteArray_Size(raw) != size)) {
        PyErr_SetString(PyExc_RuntimeError, "the hand was played on while its generator gave numbers");
        return -1;
    }
    return 0;
}

/* The seat to act takes `action`, the table taking the `need` uniforms u[]:
 * 1 when played, 0 when the table refused it and took no uniform (nothing
 * changed: the fallback says why), -1 with an exception when the table
 * refused it, -2 with an exception when the table played it but the record
 * could not keep its events (the table stays as played, as in the fallbacks). */
static int bdc_py_act(bdc_py_hand *h, int64_t action, size_t need, const double *u)
{
    bdc_table_event events[BDC_TABLE_MAX_EVENTS];
    bdc_table_io io = {u, BDC_TABLE_ACT_UNIFORMS, 0, events, BDC_TABLE_MAX_EVENTS, 0};
    int status = bdc_table_act_legal(&h->table, action, &io, &h->next);
    if (status < 0) {
        if (need == 0) {
            return 0;
        }
        /* the cards were checked: the generator's numbers were not uniforms in [0, 1) */
        PyErr_Format(PyExc_ValueError, "table action %lld: %s", (long long)action, bdc_status_text(status));
        return -1;
    }
    h->fresh = 1; /* (h->next is the played table's) */
    if (bdc_py_record(h, &io, need) < 0) {
        bdc_py_set(&h->legal, NULL);
        bdc_py_set(&h->actions, NULL);
        return -2;
    }
    return 1;
}

/* A betting action: bdc_py_act without uniforms. */
static int bdc_py_play(bdc_py_hand *h, int64_t action)
{
    static const double none[BDC_TABLE_ACT_UNIFORMS];
    return bdc_py_act(h, action, 0, none);
}

/* What the seat to act may do (h->next), read from the table unless fresh: 0, or -1 when the table refuses. */
static int bdc_py_next(bdc_py_hand *h)
{
    if (!h->fresh) {
        if (bdc_table_legal(&h->table, &h->next) != BDC_OK) {
            return -1;
        }
        h->fresh = 1;
    }
    return 0;
}

/* The cache slot of a bdc_legal, and whether it holds that one. */
static size_t bdc_py_slot(const bdc_legal *legal, int *found)
{
    uint64_t mix = (uint64_t)legal->seat * 0x9E3779B97F4A7C15u ^ (uint64_t)legal->phase << 3 ^ (uint64_t)legal->can_fold << 5
                   ^ (uint64_t)legal->can_raise << 6 ^ (uint64_t)legal->to_call * 0xC2B2AE3D27D4EB4Fu
                   ^ (uint64_t)legal->min_raise_to * 0x165667B19E3779F9u ^ (uint64_t)legal->max_raise_to * 0x27D4EB2F165667C5u
                   ^ (uint64_t)legal->raises_left << 9 ^ (uint64_t)legal->max_discard << 13;
    size_t slot = (size_t)((mix ^ mix >> 29) % BDC_PY_LEGALS_KEPT);
    *found = bdc_py_legals[slot].legal != NULL && memcmp(&bdc_py_legals[slot].key, legal, sizeof *legal) == 0;
    return slot;
}

/* The Legal of a bdc_legal: from the cache above, else from the package's
 * dict of them by their bytes, else made (and kept there) by new_legal. */
static PyObject *bdc_py_legal_of(const bdc_legal *numbers)
{
    int found;
    const bdc_legal key_numbers = *numbers; /* (new_legal runs Python, which may play on the hand they came from) */
    const bdc_legal *legal = &key_numbers;
    size_t slot = bdc_py_slot(legal, &found);
    PyObject *key, *made;
    if (found) {
        Py_INCREF(bdc_py_legals[slot].legal);
        return bdc_py_legals[slot].legal;
    }
    key = PyBytes_FromStringAndSize((const char *)legal, sizeof *legal);
    if (key == NULL) {
        return NULL;
    }
    made = PyDict_GetItemWithError(bdc_py_hands.legals, key); /* borrowed; bytes keys run no Python */
    if (made != NULL) {
        Py_INCREF(made);
    } else if (!PyErr_Occurred()) {
        made = PyObject_CallFunctionObjArgs(bdc_py_hands.new_legal, key, NULL);
    }
    Py_DECREF(key);
    if (made != NULL) {
        Py_INCREF(made);
        bdc_py_set(&bdc_py_legals[slot].legal, made);
        bdc_py_set(&bdc_py_legals[slot].words, NULL);
        bdc_py_legals[slot].key = *legal;
    }
    return made;
}

/* A plain int (exactly int) in lo .. hi into *value: 1, or 0 when it is not one. */
static int bdc_py_int_in(PyObject *x, long long lo, long long hi, long long *value)
{
    int overflow;
    long long v;
    if (x == NULL || !PyLong_CheckExact(x)) {
        return 0;
    }
    v = PyLong_AsLongLongAndOverflow(x, &overflow); /* cannot fail for an int */
    if (overflow || v < lo || v > hi) {
        return 0;
    }
    *value = v;
    return 1;
}

/* Whether the hand's type answers `call` with this type's own method, not a
 * subclass's or a patched one: act() and legal_actions() stand for calls of
 * self.fold(), self.legal() and so on (their fallbacks make those calls), so
 * they answer in C only then.  (-1 never: a failed lookup is "not own".) */
static int bdc_py_own(PyObject *self, int call)
{
    PyObject *found = PyObject_GetAttr((PyObject *)Py_TYPE(self), bdc_py_hands.names[call]);
    int own = found != NULL && found == bdc_py_hands.own[call];
    if (found == NULL) {
        PyErr_Clear();
    }
    Py_XDECREF(found);
    return own;
}

static PyObject *bdc_py_none(void)
{
    Py_INCREF(Py_None);
    return Py_None;
}

/* ---- The actions ---------------------------------------------------------- */

#define BDC_PY_HAND(self) ((bdc_py_hand *)(self))
#define BDC_PY_FALLBACK(call) bdc_py_call(bdc_py_hands.fallback[call], self, args, nargs, kwnames)

/* fold() and check_call(): a betting turn's fixed actions. */
static PyObject *bdc_py_bet_action(PyObject *self, int call, int64_t action, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    if (nargs == 0 && kwnames == NULL && bdc_py_fast(h) && h->table.phase == BDC_PHASE_BET) {
        int played = bdc_py_play(h, action);
        if (played) {
            return played < 0 ? NULL : bdc_py_none();
        }
    }
    return BDC_PY_FALLBACK(call);
}

static PyObject *bdc_py_fold(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return bdc_py_bet_action(self, BDC_PY_FOLD, BDC_ACTION_FOLD, args, nargs, kwnames);
}

static PyObject *bdc_py_check_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return bdc_py_bet_action(self, BDC_PY_CHECK_CALL, BDC_ACTION_CHECK_CALL, args, nargs, kwnames);
}

/* bet_raise(to=None): to a plain int in the raise-to range, or left out when the range is one amount. */
static PyObject *bdc_py_bet_raise(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    if (nargs <= 1 && kwnames == NULL && bdc_py_fast(h) && h->table.phase == BDC_PHASE_BET && bdc_py_next(h) == 0
        && h->next.can_raise) {
        PyObject *to = nargs ? args[0] : Py_None;
        long long amount = h->next.min_raise_to;
        int taken = to == Py_None ? h->next.min_raise_to == h->next.max_raise_to
                                  : bdc_py_int_in(to, h->next.min_raise_to, h->next.max_raise_to, &amount);
        if (taken) {
            int played = bdc_py_play(h, amount);
            if (played) {
                return played < 0 ? NULL : bdc_py_none();
            }
        }
    }
    return BDC_PY_FALLBACK(BDC_PY_BET_RAISE);
}

/* The seat to draw throws the cards ids[0 .. count) (each in 0..51): 1 when
 * played, 0 when the fast path does not take them (not the seat's to draw,
 * not held, one twice, or the table refused: nothing changed), -1 with an
 * exception.  The cards thrown take the places of the thrown cards in the
 * hand in the order given (the table throws them in the hand's order; the
 * history keeps the order given), and go back if the table refuses. */
static int bdc_py_throw(bdc_py_hand *h, const int *ids, Py_ssize_t count)
{
    bdc_table *t = &h->table;
    uint8_t *hole, saved[5];
    double u[BDC_TABLE_ACT_UNIFORMS] = {0};
    int held, played, k = 0;
    int64_t mask = 0;
    size_t need;
    if (!bdc_py_fast(h) || t->phase != BDC_PHASE_DRAW || t->to_act < 0 || t->to_act >= t->n_seats
        || t->to_act >= BDC_TABLE_MAX_SEATS) { /* (a table written through its bytes: the fallback's) */
        return 0;
    }
    hole = t->hole[t->to_act];
    held = t->n_hole[t->to_act] < 5 ? t->n_hole[t->to_act] : 5;
    if (count > held) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        int at = 0;
        while (at < held && hole[at] != ids[i]) {
            at++;
        }
        if (at == held || mask >> at & 1) { /* not held, or thrown twice */
            return 0;
        }
        mask |= (int64_t)1 << at;
    }
    need = t->n_stub >= count ? (t->ordered ? 0 : (size_t)count) : (size_t)count - t->n_stub;
    if (bdc_py_numbers(h, u, need) < 0) {
        return -1;
    }
    memcpy(saved, hole, (size_t)held);
    for (int at = 0; at < held; at++) {
        if (mask >> at & 1) {
            hole[at] = (uint8_t)ids[k++];
        }
    }
    played = bdc_py_act(h, mask, need, u);
    if (played == 0 || played == -1) { /* refused: the cards as they were */
        memcpy(hole, saved, (size_t)held);
    }
    return played;
}

/* discard(cards=()): a tuple or list of plain int ids (bdc_py_throw). */
static PyObject *bdc_py_discard(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    if (nargs <= 1 && kwnames == NULL) {
        PyObject *cards = nargs ? args[0] : NULL, *(*item_of)(PyObject *, Py_ssize_t) = NULL;
        Py_ssize_t count = 0;
        int ids[5], taken = 1, played;
        if (cards != NULL) {
            item_of = bdc_py_items(cards, &count);
            taken = item_of != NULL && count <= 5;
            for (Py_ssize_t i = 0; taken && i < count; i++) {
                long long id = 0;
                taken = bdc_py_int_in(item_of(cards, i), 0, BDC_DECK_SIZE - 1, &id); /* borrowed; no Python runs */
                ids[i] = (int)id;
            }
        }
        if (taken && (played = bdc_py_throw(h, ids, count)) != 0) {
            return played < 0 ? NULL : bdc_py_none();
        }
    }
    return BDC_PY_FALLBACK(BDC_PY_DISCARD);
}

/* A card name as the package writes it ("7s", "Td", "As": rank 2-9 T J Q K A,
 * suit c d h s) at the start of a NUL-terminated text: its id, or -1. */
static int bdc_py_card_name(const char *text)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    const char *rank = text[0] != '\0' ? strchr(ranks, text[0]) : NULL;
    const char *suit = rank != NULL && text[1] != '\0' ? strchr(suits, text[1]) : NULL;
    return suit != NULL ? 4 * (int)(rank - ranks) + (int)(suit - suits) : -1;
}

/* A bet or raise's amount in "cbr" or "cbr N" (N in ASCII digits) of `size`
 * bytes, within what the seat may raise to: the amount, or -1. */
static long long bdc_py_raise_to(const bdc_py_hand *h, const char *text, Py_ssize_t size)
{
    long long amount = 0;
    Py_ssize_t at = 4;
    if (size == 3) {
        amount = h->next.min_raise_to == h->next.max_raise_to ? h->next.min_raise_to : -1;
    } else if (size > 4 && size <= 16 && text[3] == ' ') {
        for (; at < size && text[at] >= '0' && text[at] <= '9'; at++) {
            amount = amount * 10 + (text[at] - '0');
        }
        amount = at == size ? amount : -1;
    } else {
        amount = -1;
    }
    return amount >= h->next.min_raise_to && amount <= h->next.max_raise_to ? amount : -1;
}

/* The ids of "sd", "sd 7s5h" or "sd 7s 5h" (the text after "sd": one space,
 * then card names, one space or none between them) of `size` bytes into
 * ids[]: how many, or -1 for other text. */
static int bdc_py_thrown(const char *text, Py_ssize_t size, int ids[5])
{
    const char *at = text + 3, *end = text + size;
    int count = 0;
    if (size == 2) {
        return 0;
    }
    if (text[2] != ' ' || size == 3) {
        return size == 3 && text[2] == ' ' ? 0 : -1; /* ("sd " stands pat, as "sd" does) */
    }
    while (at < end) {
        int id = count < 5 ? bdc_py_card_name(at) : -1;
        if (id < 0) {
            return -1;
        }
        ids[count++] = id;
        at += 2;
        if (at < end - 1 && *at == ' ' && at[1] != ' ') {
            at++;
        }
    }
    return at == end ? count : -1;
}

/* act(text): "f", "cc", "cbr", "cbr N" and "sd" with card names (above);
 * anything else (a player's label, a comment, other spacing or card text)
 * is the fallback's. */
static PyObject *bdc_py_act_text(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    Py_ssize_t size;
    const char *text;
    int played = 0;
    if (nargs != 1 || kwnames != NULL || !PyUnicode_CheckExact(args[0]) || !bdc_py_fast(h)) {
        return BDC_PY_FALLBACK(BDC_PY_ACT);
    }
    text = PyUnicode_AsUTF8AndSize(args[0], &size); /* kept by the str: valid while args[0] is */
    if (text == NULL) { /* (a lone surrogate: no UTF-8, and none of the words above) */
        PyErr_Clear();
        return BDC_PY_FALLBACK(BDC_PY_ACT);
    }
    if (h->table.phase == BDC_PHASE_BET) {
        if (size == 2 && memcmp(text, "cc", 2) == 0) {
            played = bdc_py_own(self, BDC_PY_CHECK_CALL) ? bdc_py_play(h, BDC_ACTION_CHECK_CALL) : 0;
        } else if (size == 1 && text[0] == 'f') {
            played = bdc_py_own(self, BDC_PY_FOLD) ? bdc_py_play(h, BDC_ACTION_FOLD) : 0;
        } else if (size >= 3 && memcmp(text, "cbr", 3) == 0 && bdc_py_own(self, BDC_PY_BET_RAISE) && bdc_py_next(h) == 0
                   && h->next.can_raise) {
            long long amount = bdc_py_raise_to(h, text, size);
            played = amount > 0 ? bdc_py_play(h, amount) : 0;
        }
    } else if (h->table.phase == BDC_PHASE_DRAW && size >= 2 && memcmp(text, "sd", 2) == 0
               && bdc_py_own(self, BDC_PY_DISCARD)) {
        int ids[5], count = bdc_py_thrown(text, size, ids);
        played = count >= 0 ? bdc_py_throw(h, ids, count) : 0;
    }
    if (played) {
        return played < 0 ? NULL : bdc_py_none();
    }
    return BDC_PY_FALLBACK(BDC_PY_ACT);
}

/* legal_actions(): the words of what the seat to act may do, shared by every
 * hand that meets the same numbers (made once by the fallback). */
static PyObject *bdc_py_legal_actions(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    if (nargs == 0 && kwnames == NULL && h->started) {
        int found;
        size_t slot;
        PyObject *words;
        bdc_legal numbers;
        if (h->actions != NULL && h->actions != Py_None) {
            Py_INCREF(h->actions);
            return h->actions;
        }
        if (bdc_py_own(self, BDC_PY_LEGAL) && bdc_py_next(h) == 0) {
            slot = bdc_py_slot(&h->next, &found);
            words = found ? bdc_py_legals[slot].words : NULL;
            if (words != NULL) {
                Py_INCREF(words);
                bdc_py_set(&h->actions, (Py_INCREF(words), words));
                return words;
            }
            numbers = h->next;
            words = BDC_PY_FALLBACK(BDC_PY_LEGAL_ACTIONS); /* (which asks legal(): the slot is this one's now) */
            /* kept for every hand only if made from these numbers: no Python played on the hand meanwhile */
            if (words != NULL && PyTuple_CheckExact(words) && h->fresh && memcmp(&numbers, &h->next, sizeof numbers) == 0) {
                slot = bdc_py_slot(&numbers, &found);
                if (found) {
                    Py_INCREF(words);
                    bdc_py_set(&bdc_py_legals[slot].words, words);
                }
            }
            return words;
        }
    }
    return BDC_PY_FALLBACK(BDC_PY_LEGAL_ACTIONS);
}

/* ---- What the seat may do, its cards, the state -------------------------- */

/* legal(): the Legal of the table's bdc_legal, shared by every hand that meets the same numbers. */
static PyObject *bdc_py_legal(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    if (nargs == 0 && kwnames == NULL && h->started) {
        PyObject *made;
        if (h->legal != NULL && h->legal != Py_None) { /* (the fallbacks write None for none) */
            Py_INCREF(h->legal);
            return h->legal;
        }
        if (bdc_py_next(h) == 0) {
            made = bdc_py_legal_of(&h->next);
            if (made != NULL) {
                Py_INCREF(made);
                bdc_py_set(&h->legal, made);
            }
            return made;
        }
    }
    return BDC_PY_FALLBACK(BDC_PY_LEGAL);
}

/* cards(seat): a plain int seat's card ids as a tuple. */
static PyObject *bdc_py_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    long long seat;
    if (nargs == 1 && kwnames == NULL && h->started
        && bdc_py_int_in(args[0], 0, (h->table.n_seats < 10 ? h->table.n_seats : 10) - 1, &seat)) {
        /* read in place (bdc_table_cards checks the whole table first, most of the call's time) */
        const uint8_t *hole = h->table.hole[seat];
        int n = h->table.n_hole[seat] < 5 ? h->table.n_hole[seat] : 5;
        PyObject *ids = PyTuple_New(n);
        for (int i = 0; ids != NULL && i < n; i++) {
            PyObject *id = PyLong_FromLong(hole[i]);
            if (id == NULL) {
                Py_DECREF(ids);
                return NULL;
            }
            PyTuple_SetItem(ids, i, id); /* steals the reference */
        }
        return ids;
    }
    return BDC_PY_FALLBACK(BDC_PY_CARDS);
}

/* ---- One call at a time ----------------------------------------------------- */

/* method##_one: the method as one call that takes the hand (bdc_py_enter) for
 * all it does, its fallback included. */
#define BDC_PY_ONE_CALL(method)                                                                              \
    static PyObject *method##_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) \
    {                                                                                                        \
        PyObject *out;                                                                                       \
        if (bdc_py_enter(BDC_PY_HAND(self)) < 0) {                                                           \
            return NULL;                                                                                     \
        }                                                                                                    \
        out = method(self, args, nargs, kwnames);                                                            \
        bdc_py_leave(BDC_PY_HAND(self));                                                                     \
        return out;                                                                                          \
    }
BDC_PY_ONE_CALL(bdc_py_legal)
BDC_PY_ONE_CALL(bdc_py_cards)
BDC_PY_ONE_CALL(bdc_py_fold)
BDC_PY_ONE_CALL(bdc_py_check_call)
BDC_PY_ONE_CALL(bdc_py_bet_raise)
BDC_PY_ONE_CALL(bdc_py_discard)
BDC_PY_ONE_CALL(bdc_py_legal_actions)
BDC_PY_ONE_CALL(bdc_py_act_text)
#undef BDC_PY_ONE_CALL

/* _enter() and _leave(): what the methods above do around their work, for
 * Hand's Python methods that read or write more than one part of the hand
 * (play/hand.py, _one_call). */
static PyObject *bdc_py_enter_call(PyObject *self, PyObject *unused)
{
    (void)unused;
    return bdc_py_enter(BDC_PY_HAND(self)) < 0 ? NULL : bdc_py_none();
}

static PyObject *bdc_py_leave_call(PyObject *self, PyObject *unused)
{
    (void)unused;
    bdc_py_leave(BDC_PY_HAND(self));
    return bdc_py_none();
}

/* A property read before the hand was started (an object made by __new__ alone). */
static int bdc_py_started(const bdc_py_hand *h)
{
    if (!h->started) {
        PyErr_SetString(PyExc_ValueError, "this Hand was never dealt: make it with Hand(rules, stacks, ...)");
    }
    return h->started;
}

static PyObject *bdc_py_to_act(PyObject *self, void *unused)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    (void)unused;
    if (!bdc_py_started(h)) {
        return NULL;
    }
    return h->table.to_act < 0 ? bdc_py_none() : PyLong_FromLong(h->table.to_act);
}

static PyObject *bdc_py_phase(PyObject *self, void *unused)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    PyObject *name;
    (void)unused;
    if (!bdc_py_started(h)) {
        return NULL;
    }
    name = bdc_py_hands.phases[h->table.phase >= BDC_PHASE_BET && h->table.phase <= BDC_PHASE_OVER ? h->table.phase : 0];
    Py_INCREF(name);
    return name;
}

static PyObject *bdc_py_payoffs(PyObject *self, void *unused)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    int n = h->table.n_seats < 0 ? 0 : h->table.n_seats > 10 ? 10 : h->table.n_seats;
    PyObject *out;
    (void)unused;
    if (!bdc_py_started(h)) {
        return NULL;
    }
    if (h->table.phase != BDC_PHASE_OVER) {
        return bdc_py_none();
    }
    out = PyTuple_New(n);
    for (int s = 0; out != NULL && s < n; s++) {
        PyObject *chips = PyLong_FromLongLong(h->table.payoffs[s]);
        if (chips == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SetItem(out, s, chips);
    }
    return out;
}

/* The random.Random an int seed's stream stands for (in_c), made now:
 * seeded_generator(seed), then its random() called as many times as the
 * stream was: CPython's own generator in the stream's state.  0, or -1 with an
 * exception (the stream then stays).  As when the generator runs, the hand is
 * sealed meanwhile; a call of another thread under way has it, its generator
 * is the call's to read: RuntimeError. */
static int bdc_py_make_rng(bdc_py_hand *h)
{
    PyObject *seed, *rng;
    char sealed = h->sealed;
    size_t drawn = h->drawn;
    if (h->depth > 0 && h->owner != PyThread_get_thread_ident()) {
        PyErr_SetString(PyExc_RuntimeError, BDC_PY_BUSY);
        return -1;
    }
    seed = PyLong_FromUnsignedLongLong(h->seed);
    if (seed == NULL) {
        return -1;
    }
    h->sealed = 1;
    rng = PyObject_CallFunctionObjArgs(bdc_py_hands.seeded, seed, NULL);
    if (rng != NULL && !PyObject_TypeCheck(rng, (PyTypeObject *)bdc_py_hands.random_type)) {
        PyErr_SetString(PyExc_TypeError, "seeded_generator gave no random.Random");
        Py_CLEAR(rng);
    }
    for (size_t i = 0; rng != NULL && i < drawn; i++) {
        PyObject *x = PyObject_CallFunctionObjArgs(bdc_py_hands.base_random, rng, NULL);
        if (x == NULL) {
            Py_CLEAR(rng);
        }
        Py_XDECREF(x);
    }
    h->sealed = sealed;
    Py_DECREF(seed);
    if (rng == NULL) {
        return -1;
    }
    if (h->in_c && h->drawn == drawn) { /* (not made meanwhile by Python the making ran) */
        h->in_c = 0;
        bdc_py_set(&h->random, NULL);
        bdc_py_set(&h->rng, rng);
    } else {
        Py_DECREF(rng);
    }
    return 0;
}

/* _rng: the hand's generator (setting it forgets its bound method random and
 * an int seed's stream).  The making is tried again if the stream moved
 * meanwhile (bdc_py_make_rng then kept nothing). */
static PyObject *bdc_py_get_rng(PyObject *self, void *unused)
{
    PyObject *rng;
    (void)unused;
    while (BDC_PY_HAND(self)->in_c) {
        if (bdc_py_make_rng(BDC_PY_HAND(self)) < 0) {
            return NULL;
        }
    }
    rng = BDC_PY_HAND(self)->rng;
    if (rng == NULL) {
        PyErr_SetString(PyExc_AttributeError, "_rng");
        return NULL;
    }
    Py_INCREF(rng);
    return rng;
}

static int bdc_py_set_rng(PyObject *self, PyObject *value, void *unused)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
    (void)unused;
    Py_XINCREF(value);
    h->in_c = 0;
    bdc_py_set(&h->rng, value);
    bdc_py_set(&h->random, NULL);
    return 0;
}

/* _log, _burns (lists) and _views (a dict): made empty when first read. */
static PyObject *bdc_py_lazy(PyObject **slot, PyObject *(*make)(void))
{
    if (*slot == NULL && (*slot = make()) == NULL) {
        return NULL;
    }
    Py_INCREF(*slot);
    return *slot;
}

static PyObject *bdc_py_new_list(void)
{
    return PyList_New(0);
}

#define BDC_PY_LAZY(name, member, make)                                       \
    static PyObject *bdc_py_get_##name(PyObject *self, void *unused)          \
    {                                                                         \
        (void)unused;                                                         \
        return bdc_py_lazy(&BDC_PY_HAND(self)->member, make);                 \
    }                                                                         \
    static int bdc_py_set_##name(PyObject *self, PyObject *value, void *unused) \
    {                                                                         \
        (void)unused;                                                         \
        Py_XINCREF(value);                                                    \
        bdc_py_set(&BDC_PY_HAND(self)->member, value);                        \
        return 0;                                                             \
    }
BDC_PY_LAZY(log, log, bdc_py_new_list)
BDC_PY_LAZY(burns, burns, bdc_py_new_list)
BDC_PY_LAZY(views, views, PyDict_New)
#undef BDC_PY_LAZY

static PyObject *bdc_py_address(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromVoidPtr(&BDC_PY_HAND(self)->table);
}

/* ---- Making a hand -------------------------------------------------------- */

/* Whether `given` are rules equal to the kept ones `kept`: 1 when they are of
 * the same type with equal fields (TableRules is a frozen dataclass, an
 * immutable value whose instance dictionary is its fields: the dataclass's
 * equality, compared in C), 0 when not or when either has no dictionary, -1
 * with an exception.  So a table's rules made afresh for every hand, equal
 * but not the same object, deal on this path as the kept ones do. */
static int bdc_py_same_rules(PyObject *given, PyObject *kept)
{
    PyObject *a, *b;
    int same;
    if (given == NULL || Py_TYPE(given) != Py_TYPE(kept)) {
        return 0;
    }
    a = PyObject_GenericGetDict(given, NULL);
    if (a == NULL) {
        return -1;
    }
    b = PyObject_GenericGetDict(kept, NULL);
    if (b == NULL) {
        Py_DECREF(a);
        return -1;
    }
    same = PyDict_CheckExact(a) && PyDict_CheckExact(b) ? PyObject_RichCompareBool(a, b, Py_EQ) : 0;
    Py_DECREF(a);
    Py_DECREF(b);
    return same;
}

/* The fast __init__: 1 when it dealt the hand, 0 when the call is the
 * fallback's (nothing changed), -1 with an exception. */
static int bdc_py_init_fast(bdc_py_hand *h, PyObject *args, PyObject *kwds)
{
    PyObject *stacks, *button = NULL, *seed = Py_None, *key, *value, *rng, *start, *raw, *given;
    PyObject *n_seats, *decoded, *(*item_of)(PyObject *, Py_ssize_t), *kept[4];
    Py_ssize_t n, at = 0;
    long long chips, seat = 0;
    int64_t stack[BDC_TABLE_MAX_SEATS];
    double u[BDC_TABLE_START_UNIFORMS] = {0};
    bdc_table_event events[BDC_TABLE_MAX_EVENTS];
    bdc_table_io io = {u, BDC_TABLE_START_UNIFORMS, 0, events, BDC_TABLE_MAX_EVENTS, 0};
    bdc_table_rules rules;
    size_t need;
    unsigned long long seed_value = 0;
    int status, in_c = 0;
    if (PyTuple_Size(args) != 2 || bdc_py_hands.kept_rules == NULL) {
        return 0;
    }
    given = PyTuple_GetItem(args, 0); /* borrowed */
    if (given != bdc_py_hands.kept_rules) {
        /* Comparing may run Python (a Game's __eq__), and another thread may
         * keep other rules meanwhile: the kept rules must be those compared. */
        PyObject *compared = bdc_py_hands.kept_rules;
        int same;
        Py_INCREF(compared);
        same = bdc_py_same_rules(given, compared);
        same = same == 1 && bdc_py_hands.kept_rules == compared;
        Py_DECREF(compared);
        if (!same) {
            PyErr_Clear();
            return 0;
        }
    }
    while (kwds != NULL && PyDict_Next(kwds, &at, &key, &value)) { /* borrowed */
        if (!PyUnicode_Check(key)) {
            return 0;
        } else if (PyUnicode_CompareWithASCIIString(key, "button") == 0) {
            button = value;
        } else if (PyUnicode_CompareWithASCIIString(key, "seed") == 0) {
            seed = value;
        } else if ((PyUnicode_CompareWithASCIIString(key, "deck") != 0 && PyUnicode_CompareWithASCIIString(key, "deal") != 0
                    && PyUnicode_CompareWithASCIIString(key, "posted") != 0)
                   || value != Py_None) { /* a deck, a deal or a posted blind: the fallback's */
            return 0;
        }
    }
    stacks = PyTuple_GetItem(args, 1);
    if ((item_of = bdc_py_items(stacks, &n)) == NULL) {
        return 0;
    }
    if (n < 2 || n > bdc_py_hands.kept_max_seats || n > BDC_TABLE_MAX_SEATS) {
        return 0;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        if (!bdc_py_int_in(item_of(stacks, s), 1, BDC_TABLE_MAX_CHIPS, &chips)) {
            return 0;
        }
        stack[s] = chips;
    }
    if (button != NULL && !bdc_py_int_in(button, 0, n - 1, &seat)) {
        return 0;
    }
    if (seed != Py_None && PyLong_CheckExact(seed)) {
        int overflow;
        long long low = PyLong_AsLongLongAndOverflow(seed, &overflow);
        if (overflow < 0 || (overflow == 0 && low < 0)) {
            return 0;
        }
        seed_value = (unsigned long long)low;
        if (overflow > 0) {
            seed_value = PyLong_AsUnsignedLongLong(seed); /* below 2**64, or the fallback's to refuse */
            if (PyErr_Occurred()) {
                PyErr_Clear();
                return 0;
            }
        }
        if (h->mt == NULL && (h->mt = PyMem_Malloc(sizeof(bdc_mt))) == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        in_c = 1;
    } else if (seed != Py_None && !PyObject_TypeCheck(seed, (PyTypeObject *)bdc_py_hands.random_type)) {
        return 0;
    }
    /* The call is this path's.  The stacks and the kept rules (those of the
     * call) are taken before any Python runs: making the generator runs
     * random.Random's Python (and another thread meanwhile), which may keep
     * other rules or change the stacks list, as the fallback takes them first. */
    start = PyTuple_CheckExact(stacks) ? (Py_INCREF(stacks), stacks) : PyList_AsTuple(stacks);
    if (start == NULL) {
        return -1;
    }
    rules = bdc_py_hands.kept_c;
    need = (size_t)n * (size_t)bdc_py_hands.kept_n_cards;
    kept[0] = given, kept[1] = bdc_py_hands.kept_game; /* (the rules as given: equal to the kept ones) */
    kept[2] = bdc_py_hands.kept_size, kept[3] = bdc_py_hands.kept_structure;
    for (int i = 0; i < 4; i++) {
        Py_INCREF(kept[i]);
    }
    if (seed == Py_None) {
        rng = PyObject_CallNoArgs(bdc_py_hands.random_type);
    } else if (in_c) {
        rng = NULL; /* the stream of the seed, made below: seeded_generator(seed) once Python asks for it */
    } else {
        Py_INCREF(seed);
        rng = seed;
    }
    if (rng == NULL && !in_c) {
        Py_DECREF(start);
        for (int i = 0; i < 4; i++) {
            Py_DECREF(kept[i]);
        }
        return -1;
    }
    raw = PyByteArray_FromStringAndSize(NULL, 0);
    n_seats = PyLong_FromSsize_t(n);
    decoded = PyLong_FromLong(0);
    if (button == NULL) {
        button = decoded; /* the default button, seat 0 */
    }
    if (start == NULL || raw == NULL || n_seats == NULL || decoded == NULL) {
        Py_XDECREF(start), Py_XDECREF(raw), Py_XDECREF(n_seats), Py_XDECREF(decoded), Py_XDECREF(rng);
        for (int i = 0; i < 4; i++) {
            Py_DECREF(kept[i]);
        }
        return -1;
    }
    Py_INCREF(button);
    h->started = 0; /* (first: releasing the old members may run Python, which must not play on the old table here) */
    h->fresh = 0;
    bdc_py_set(&h->rules, kept[0]);
    bdc_py_set(&h->game, kept[1]);
    bdc_py_set(&h->size, kept[2]);
    bdc_py_set(&h->structure, kept[3]);
    bdc_py_set(&h->button, button);
    bdc_py_set(&h->n, n_seats);
    bdc_py_set(&h->start, start);
    bdc_py_set(&h->posted, NULL); /* (no blind posted out of turn: the fallback's _posted None) */
    if (in_c) { /* (first: Python run by releasing the old generator reads the new one) */
        (void)bdc_mt_seed(h->mt, (uint64_t)seed_value); /* (h->mt given) */
        h->seed = seed_value;
        h->drawn = 0;
    }
    h->in_c = (char)in_c;
    bdc_py_set(&h->rng, rng);
    bdc_py_set(&h->random, NULL);
    bdc_py_set(&h->replay, NULL);
    bdc_py_set(&h->raw, raw);
    bdc_py_set(&h->log, NULL); /* (made when first read: a hand of play rarely reads them) */
    bdc_py_set(&h->decoded, decoded);
    bdc_py_set(&h->burns, NULL);
    bdc_py_set(&h->views, NULL);
    bdc_py_set(&h->legal, NULL);
    bdc_py_set(&h->actions, NULL);
    bdc_py_set(&h->result, NULL);
    h->careful = 0;
    if (need > BDC_TABLE_START_UNIFORMS - 1 || bdc_py_feed(h, u, need) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_RuntimeError, "more cards to deal than a table holds");
        }
        return -1;
    }
    status = bdc_table_start(&h->table, &rules, (int)n, stack, (int)seat, NULL, 0, &io);
    if (status < 0) {
        PyErr_Format(PyExc_ValueError, "the table refused the hand: %s", bdc_status_text(status));
        return -1;
    }
    if (bdc_py_record(h, &io, need) < 0) {
        return -1;
    }
    h->started = 1;
    return 1;
}

static int bdc_py_init_now(PyObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *all, *done;
    int fast = bdc_py_init_fast(BDC_PY_HAND(self), args, kwds);
    if (fast) {
        return fast < 0 ? -1 : 0;
    }
    all = PyTuple_New(PyTuple_Size(args) + 1);
    if (all == NULL) {
        return -1;
    }
    Py_INCREF(self);
    PyTuple_SetItem(all, 0, self);
    for (Py_ssize_t i = 0; i < PyTuple_Size(args); i++) {
        PyObject *arg = PyTuple_GetItem(args, i);
        Py_INCREF(arg);
        PyTuple_SetItem(all, i + 1, arg);
    }
    done = PyObject_Call(bdc_py_hands.fallback[BDC_PY_INIT], all, kwds);
    Py_DECREF(all);
    Py_XDECREF(done);
    return done == NULL ? -1 : 0;
}

/* Hand(...) and __init__: one call that takes the hand (a hand dealt again too). */
static int bdc_py_init(PyObject *self, PyObject *args, PyObject *kwds)
{
    int status;
    if (bdc_py_enter(BDC_PY_HAND(self)) < 0) {
        return -1;
    }
    status = bdc_py_init_now(self, args, kwds);
    bdc_py_leave(BDC_PY_HAND(self));
    return status;
}

/* _keep_rules(rules, c_rules, game, size, structure, max_seats): the rules
 * the fast __init__ takes from now on (the last a hand was made with in
 * Python); c_rules is the bytes of their bdc_table_rules, copied here (bytes,
 * not an address: no int Python gives is ever read as one). */
static PyObject *bdc_py_keep_rules(PyObject *self, PyObject *args)
{
    PyObject *rules, *c_rules, *game, *size, *structure;
    int max_seats;
    long long n_cards;
    (void)self;
    if (!PyArg_ParseTuple(args, "OSOOOi:_keep_rules", &rules, &c_rules, &game, &size, &structure, &max_seats)) {
        return NULL;
    }
    if (PyBytes_Size(c_rules) != (Py_ssize_t)sizeof(bdc_table_rules) || !bdc_py_int_in(size, 4, 5, &n_cards) || max_seats < 2
        || max_seats > BDC_TABLE_MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "_keep_rules: needs the %zu bytes of a bdc_table_rules, a hand size and the most seats",
                     sizeof(bdc_table_rules));
        return NULL;
    }
    memcpy(&bdc_py_hands.kept_c, PyBytes_AsString(c_rules), sizeof(bdc_table_rules));
    bdc_py_hands.kept_max_seats = max_seats;
    bdc_py_hands.kept_n_cards = (int)n_cards;
    Py_INCREF(rules), bdc_py_set(&bdc_py_hands.kept_rules, rules);
    Py_INCREF(game), bdc_py_set(&bdc_py_hands.kept_game, game);
    Py_INCREF(size), bdc_py_set(&bdc_py_hands.kept_size, size);
    Py_INCREF(structure), bdc_py_set(&bdc_py_hands.kept_structure, structure);
    return bdc_py_none();
}

/* _clone(): a new hand of the same type with a copy of the table, sharing
 * every member (the caller gives the copy its own of those it changes),
 * without the cffi views of the original's table. */
static PyObject *bdc_py_clone(PyObject *self, PyObject *unused)
{
    bdc_py_hand *h = BDC_PY_HAND(self), *twin;
    PyTypeObject *type = Py_TYPE(self);
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    (void)unused;
    if (bdc_py_enter(h) < 0) {
        return NULL;
    }
    twin = (bdc_py_hand *)alloc(type, 0); /* (no call has the twin: its owner and depth are zero) */
    if (twin == NULL) {
        bdc_py_leave(h);
        return NULL;
    }
    if (h->in_c) { /* the stream copied: the copy deals on as the original would */
        if ((twin->mt = PyMem_Malloc(sizeof(bdc_mt))) == NULL) {
            Py_DECREF(twin);
            bdc_py_leave(h);
            return PyErr_NoMemory();
        }
        *twin->mt = *h->mt;
        twin->seed = h->seed;
        twin->drawn = h->drawn;
        twin->in_c = 1;
    }
    twin->table = h->table;
#define BDC_PY_SHARE(member) twin->member = h->member, Py_XINCREF(twin->member);
    BDC_PY_HAND_OBJECTS(BDC_PY_SHARE)
#undef BDC_PY_SHARE
    bdc_py_set(&twin->ctable, NULL);
    bdc_py_set(&twin->cbytes, NULL);
    twin->next = h->next;
    twin->careful = h->careful;
    twin->started = h->started;
    twin->fresh = h->fresh;
    bdc_py_leave(h);
    return (PyObject *)twin;
}

/* ---- The type -------------------------------------------------------------- */

static int bdc_py_traverse(PyObject *self, visitproc visit, void *arg)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
#define BDC_PY_VISIT(member) Py_VISIT(h->member);
    BDC_PY_HAND_OBJECTS(BDC_PY_VISIT)
#undef BDC_PY_VISIT
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static int bdc_py_clear(PyObject *self)
{
    bdc_py_hand *h = BDC_PY_HAND(self);
#define BDC_PY_CLEAR(member) Py_CLEAR(h->member);
    BDC_PY_HAND_OBJECTS(BDC_PY_CLEAR)
#undef BDC_PY_CLEAR
    return 0;
}

static void bdc_py_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
    PyObject_GC_UnTrack(self);
    bdc_py_clear(self);
    PyMem_Free(BDC_PY_HAND(self)->mt);
    free_object(self);
    Py_DECREF(type);
}

#define BDC_PY_MEMBER(name, member) {name, T_OBJECT, offsetof(bdc_py_hand, member), 0, NULL}
static PyMemberDef bdc_py_members[] = {
    BDC_PY_MEMBER("rules", rules),
    BDC_PY_MEMBER("button", button),
    BDC_PY_MEMBER("_game", game),
    BDC_PY_MEMBER("_size", size),
    BDC_PY_MEMBER("_structure", structure),
    BDC_PY_MEMBER("_n", n),
    BDC_PY_MEMBER("_start", start),
    BDC_PY_MEMBER("_posted", posted),
    BDC_PY_MEMBER("_replay", replay),
    BDC_PY_MEMBER("_raw", raw),
    BDC_PY_MEMBER("_decoded", decoded),
    BDC_PY_MEMBER("_legal", legal),
    BDC_PY_MEMBER("_actions", actions),
    BDC_PY_MEMBER("_result", result),
    BDC_PY_MEMBER("_ctable", ctable),
    BDC_PY_MEMBER("_cbytes", cbytes),
    {"_careful", T_BOOL, offsetof(bdc_py_hand, careful), 0, NULL},
    {"_started", T_BOOL, offsetof(bdc_py_hand, started), 0, NULL},
    {"_fresh", T_BOOL, offsetof(bdc_py_hand, fresh), 0, NULL},
    {"_sealed", T_BOOL, offsetof(bdc_py_hand, sealed), 0, NULL},
    {"_streamed", T_BOOL, offsetof(bdc_py_hand, in_c), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};
#undef BDC_PY_MEMBER

/* The methods with a fallback, in the order of bdc_py_call_names from BDC_PY_LEGAL
 * on (their docs are the fallbacks', set by the factory), then the private ones. */
#define BDC_PY_FASTCALL(function) (PyCFunction)(void (*)(void))function, METH_FASTCALL | METH_KEYWORDS
static PyMethodDef bdc_py_methods[] = {
    {"legal", BDC_PY_FASTCALL(bdc_py_legal_one), NULL},
    {"cards", BDC_PY_FASTCALL(bdc_py_cards_one), NULL},
    {"fold", BDC_PY_FASTCALL(bdc_py_fold_one), NULL},
    {"check_call", BDC_PY_FASTCALL(bdc_py_check_call_one), NULL},
    {"bet_raise", BDC_PY_FASTCALL(bdc_py_bet_raise_one), NULL},
    {"discard", BDC_PY_FASTCALL(bdc_py_discard_one), NULL},
    {"legal_actions", BDC_PY_FASTCALL(bdc_py_legal_actions_one), NULL},
    {"act", BDC_PY_FASTCALL(bdc_py_act_text_one), NULL},
    {"_clone", bdc_py_clone, METH_NOARGS, "A copy of the hand sharing every member but the table (see hand_core.c)."},
    {"_keep_rules", bdc_py_keep_rules, METH_VARARGS, "The rules the fast __init__ takes (see hand_core.c)."},
    {"_enter", bdc_py_enter_call, METH_NOARGS, "Takes the hand for a call, or raises RuntimeError (see hand_core.c)."},
    {"_leave", bdc_py_leave_call, METH_NOARGS, "Gives the hand back after a call that took it (see hand_core.c)."},
    {NULL, NULL, 0, NULL},
};
#undef BDC_PY_FASTCALL

/* The properties, in the order of the docs the factory is given. */
static PyGetSetDef bdc_py_getset[] = {
    {"to_act", bdc_py_to_act, NULL, NULL, NULL},
    {"phase", bdc_py_phase, NULL, NULL, NULL},
    {"payoffs", bdc_py_payoffs, NULL, NULL, NULL},
    {"_address", bdc_py_address, NULL, "The address of the hand's bdc_table.", NULL},
    {"_rng", bdc_py_get_rng, bdc_py_set_rng, "The hand's generator.", NULL},
    {"_log", bdc_py_get_log, bdc_py_set_log, "The typed events decoded so far.", NULL},
    {"_burns", bdc_py_get_burns, bdc_py_set_burns, "The cards burnt, as decoded so far.", NULL},
    {"_views", bdc_py_get_views, bdc_py_set_views, "What each seat has seen so far (a cache).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
#define BDC_PY_PROPERTIES 3 /* those with docs from the factory */

/* ---- The factory ----------------------------------------------------------- */

static char *bdc_py_text(PyObject *text)
{
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, NULL);
    size_t size;
    char *copy;
    if (utf8 == NULL) {
        return NULL;
    }
    size = strlen(utf8) + 1;
    copy = PyMem_Malloc(size);
    if (copy == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    return memcpy(copy, utf8, size);
}

/* hand_core(name, doc, fallbacks, docs, legals, new_legal, random_type, seeded) -> the type.
 * fallbacks: the Python function for each call in bdc_py_call_names (by that
 * name; each is called with the hand first); docs: the docstring of each of
 * those but __init__ and of to_act, phase and payoffs (by name); seeded(seed):
 * the random.Random an int seed deals from (its state bdc_mt_seed's).  Made once
 * per process: its records then live as long as the process. */
static PyObject *bdc_py_make_hand(PyObject *unused, PyObject *args)
{
    static PyType_Slot slots[] = {
        {Py_tp_doc, NULL},
        {Py_tp_new, PyType_GenericNew},
        {Py_tp_init, bdc_py_init},
        {Py_tp_dealloc, bdc_py_dealloc},
        {Py_tp_traverse, bdc_py_traverse},
        {Py_tp_clear, bdc_py_clear},
        {Py_tp_methods, bdc_py_methods},
        {Py_tp_members, bdc_py_members},
        {Py_tp_getset, bdc_py_getset},
        {0, NULL},
    };
    static PyType_Spec spec = {NULL, sizeof(bdc_py_hand), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, slots};
    static const char *const phases[3] = {"bet", "draw", "over"};
    PyObject *name, *doc, *fallbacks, *docs, *legals, *new_legal, *random_type, *seeded, *type, *base, *base_random;
    char *texts[2 + BDC_PY_CALLS - 1 + BDC_PY_PROPERTIES] = {NULL};
    int n_texts = 0;
    (void)unused;
    if (!PyArg_ParseTuple(args, "UUO!O!O!OOO:hand_core", &name, &doc, &PyDict_Type, &fallbacks, &PyDict_Type, &docs,
                          &PyDict_Type, &legals, &new_legal, &random_type, &seeded)) {
        return NULL;
    }
    if (bdc_py_hands.type != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "hand_core: the type is made once per process");
        return NULL;
    }
    if (!PyCallable_Check(new_legal) || !PyType_Check(random_type) || !PyCallable_Check(seeded)) {
        PyErr_SetString(PyExc_TypeError, "hand_core: needs a callable new_legal, the type random.Random and a callable seeded");
        return NULL;
    }
    for (int call = 0; call < BDC_PY_CALLS; call++) {
        PyObject *fallback = PyDict_GetItemString(fallbacks, bdc_py_call_names[call]); /* borrowed */
        if (fallback == NULL || !PyCallable_Check(fallback)) {
            PyErr_Format(PyExc_TypeError, "hand_core: no fallback for %s", bdc_py_call_names[call]);
            return NULL;
        }
    }
    /* The texts the type keeps: its name and doc, each method's doc, each property's. */
    texts[n_texts++] = bdc_py_text(name);
    texts[n_texts++] = texts[0] ? bdc_py_text(doc) : NULL;
    for (int i = 0; texts[n_texts - 1] != NULL && i < BDC_PY_CALLS - 1 + BDC_PY_PROPERTIES; i++) {
        const char *key = i < BDC_PY_CALLS - 1 ? bdc_py_methods[i].ml_name : bdc_py_getset[i - (BDC_PY_CALLS - 1)].name;
        PyObject *text = PyDict_GetItemString(docs, key); /* borrowed */
        if (text == NULL || !PyUnicode_Check(text)) {
            PyErr_Format(PyExc_TypeError, "hand_core: no doc for %s", key);
            texts[n_texts++] = NULL;
            break;
        }
        texts[n_texts++] = bdc_py_text(text);
    }
    if (texts[n_texts - 1] == NULL) {
        for (int i = 0; i < n_texts; i++) {
            PyMem_Free(texts[i]);
        }
        return NULL;
    }
    spec.name = texts[0];
    slots[0].pfunc = texts[1];
    for (int i = 0; i < BDC_PY_CALLS - 1; i++) {
        bdc_py_methods[i].ml_doc = texts[2 + i];
    }
    for (int i = 0; i < BDC_PY_PROPERTIES; i++) {
        bdc_py_getset[i].doc = texts[2 + BDC_PY_CALLS - 1 + i];
    }
    for (int i = 0; i < 3; i++) {
        if (bdc_py_hands.phases[i] == NULL && (bdc_py_hands.phases[i] = PyUnicode_InternFromString(phases[i])) == NULL) {
            return NULL;
        }
    }
    if (bdc_py_hands.random_name == NULL && (bdc_py_hands.random_name = PyUnicode_InternFromString("random")) == NULL) {
        return NULL;
    }
    base = PyObject_GetAttrString(random_type, "__base__");
    base_random = base == NULL ? NULL : PyObject_GetAttrString(base, "random");
    Py_XDECREF(base);
    if (base_random == NULL) {
        return NULL;
    }
    for (int call = 0; call < BDC_PY_CALLS; call++) {
        if (bdc_py_hands.names[call] == NULL
            && (bdc_py_hands.names[call] = PyUnicode_InternFromString(bdc_py_call_names[call])) == NULL) {
            return NULL;
        }
    }
    type = PyType_FromSpec(&spec);
    if (type == NULL) {
        Py_DECREF(base_random);
        return NULL;
    }
    for (int call = BDC_PY_LEGAL; call < BDC_PY_CALLS; call++) {
        PyObject *own = PyObject_GetAttr(type, bdc_py_hands.names[call]);
        if (own == NULL) {
            Py_DECREF(type);
            Py_DECREF(base_random);
            return NULL;
        }
        bdc_py_set(&bdc_py_hands.own[call], own);
    }
    for (int call = 0; call < BDC_PY_CALLS; call++) {
        PyObject *fallback = PyDict_GetItemString(fallbacks, bdc_py_call_names[call]);
        Py_INCREF(fallback);
        bdc_py_hands.fallback[call] = fallback;
    }
    Py_INCREF(legals), bdc_py_hands.legals = legals;
    Py_INCREF(new_legal), bdc_py_hands.new_legal = new_legal;
    Py_INCREF(random_type), bdc_py_hands.random_type = random_type;
    Py_INCREF(seeded), bdc_py_hands.seeded = seeded;
    bdc_py_hands.base_random = base_random;
    Py_INCREF(type), bdc_py_hands.type = (PyTypeObject *)type;
    return type;
}

static PyMethodDef bdc_py_hand_factory = {
    "hand_core", bdc_py_make_hand, METH_VARARGS,
    "hand_core(name, doc, fallbacks, docs, legals, new_legal, random_type, seeded)\n"
    "--\n\n"
    "The base type of play.Hand (csrc/bindings/hand_core.c).",
};

int bdc_py_install_hand(const char *module, const char *attribute)
{
    return bdc_py_install_factory(module, attribute, &bdc_py_hand_factory);
}
