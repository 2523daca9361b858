/* A game's options as its Python side hands them to C: array("q", values).tobytes(), read
 * once per game (the C side keeps its own copy). */
#ifndef NINETYNINE_PARAMS_H
#define NINETYNINE_PARAMS_H
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* Copy the n int64 values of params (a bytes-like object of exactly that size) into v; -1
 * with ValueError otherwise. */
static inline int read_int64_params(PyObject *params, int64_t *v, Py_ssize_t n) {
    Py_buffer b;
    if (PyObject_GetBuffer(params, &b, PyBUF_SIMPLE) < 0) return -1;
    int ok = b.len == n * (Py_ssize_t)sizeof(int64_t);
    if (ok) memcpy(v, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    if (!ok) PyErr_Format(PyExc_ValueError, "params: %zd int64 values expected", n);
    return ok ? 0 : -1;
}

/* 0 once the module's init() has handed the rules' tables over (ready); else -1 with
 * RuntimeError */
static inline int check_init(int ready) {
    if (ready) return 0;
    PyErr_SetString(PyExc_RuntimeError, "call init() first");
    return -1;
}

#endif
