/*
 * py_call.h - what the C that speaks Python (one_hand.c, hand_core.c) shares:
 * a METH_FASTCALL call handed on whole to a Python callable, the items of a
 * tuple or list, and the install of a factory from cffi.
 *
 * Both files answer the common call in C and give every other call, as it
 * came, to the package's Python function that stands for it.
 * PyObject_Vectorcall is in the limited API from 3.12 only, so the call is
 * rebuilt as a tuple and a dict.
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

/* The items of a tuple or list and their count, or NULL when `items` is neither. */
static PyObject *(*bdc_py_items(PyObject *items, Py_ssize_t *n))(PyObject *, Py_ssize_t)
{
    if (PyTuple_CheckExact(items)) {
        *n = PyTuple_Size(items);
        return PyTuple_GetItem;
    }
    if (PyList_CheckExact(items)) {
        *n = PyList_Size(items);
        return PyList_GetItem;
    }
    return NULL;
}

/* Stores a builtin made of `factory` as `attribute` of the module `module`
 * (imported, or being imported), for a cffi entry point (cffi calls with the
 * GIL released).  0, or -1 for a NULL argument or if Python raised (the
 * exception is printed, then cleared). */
static int bdc_py_install_factory(const char *module, const char *attribute, PyMethodDef *factory)
{
    PyGILState_STATE gil;
    PyObject *target, *made;
    int status;
    if (module == NULL || attribute == NULL) {
        return -1;
    }
    gil = PyGILState_Ensure();
    target = PyImport_ImportModule(module);
    made = target ? PyCFunction_NewEx(factory, NULL, NULL) : NULL;
    status = made && PyObject_SetAttrString(target, attribute, made) == 0 ? 0 : -1;
    if (status != 0) {
        PyErr_Print();
    }
    Py_XDECREF(made);
    Py_XDECREF(target);
    PyGILState_Release(gil);
    return status;
}

#endif /* BDC_PY_CALL_H */
