/*
 * py_call.h - a METH_FASTCALL call handed on whole to a Python callable.
 *
 * The builtins of one_hand.c and the methods of hand_core.c answer the common
 * call in C and give every other call, as it came, to the package's Python
 * function that stands for them.  PyObject_Vectorcall is in the limited API
 * from 3.12 only, so the call is rebuilt as a tuple and a dict.
 */
#ifndef BDC_PY_CALL_H
#define BDC_PY_CALL_H

#include <Python.h>

/* callable(*first, *args[:nargs], **dict(zip(kwnames, args[nargs:]))):
 * `first` (may be NULL) goes before the positional arguments, as a method's self. */
static PyObject *bdc_py_call(PyObject *callable, PyObject *first, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    Py_ssize_t n_keywords = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    Py_ssize_t shift = first != NULL;
    PyObject *positional, *keywords = NULL, *result = NULL;
    positional = PyTuple_New(nargs + shift);
    if (positional == NULL) {
        return NULL;
    }
    if (first != NULL) {
        Py_INCREF(first);
        PyTuple_SetItem(positional, 0, first); /* steals the reference */
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(positional, i + shift, args[i]);
    }
    if (n_keywords > 0) {
        keywords = PyDict_New();
        if (keywords == NULL) {
            goto done;
        }
        for (Py_ssize_t i = 0; i < n_keywords; i++) {
            if (PyDict_SetItem(keywords, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
                goto done;
            }
        }
    }
    result = PyObject_Call(callable, positional, keywords);
done:
    Py_DECREF(positional);
    Py_XDECREF(keywords);
    return result;
}

#endif /* BDC_PY_CALL_H */
