/* One game as a Python object with its RL step in C: the FastState type every game's
 * single-game fast state is made of (core/fastpath.py wraps it as a State of the protocol).
 *
 * A game's _fast.c writes only its rules and its tensor; this file writes the Python object
 * around them once. The game's file defines, before including this header:
 *
 *   typedef ... FS_PARAMS;     the game's options (handed over by Python, copied per state)
 *   typedef ... FS_GAME;       one position, plain data: clone is a memcpy
 *   #define FS_NACT  N         game.num_distinct_actions()  (optional FS_GAME_NACT(P): a
 *                              game whose count depends on its options, at most FS_NACT)
 *   #define FS_MAXLEGAL K      the most legal actions a position can have
 *   #define FS_MAXPLAYERS M
 *   #define FS_TYPE_NAME "ninetynine.games.<game>._fast.FastState"
 *   #define FS_TITLE "<Game>"  for messages
 *   static int get_params(PyObject *params, FS_PARAMS *P);        -1 with an exception set
 *   static void deal(const FS_PARAMS *P, FS_GAME *g, uint64_t seed);          State.new
 *   static int legal_actions(const FS_PARAMS *P, const FS_GAME *g, int *out);  sorted ids
 *   static void apply(const FS_PARAMS *P, FS_GAME *g, int action);            a legal one
 *   static void write_obs(const FS_PARAMS *P, const FS_GAME *g, int me, float *out);
 *       encode_observation(observation(me)); me = -1 for the spectator's (None) view
 *       (these five are the engine's own functions; a game whose engine names one otherwise
 *       says so: #define FS_GAME_PARAMS its_name, FS_GAME_DEAL, FS_GAME_LEGAL, FS_GAME_APPLY,
 *       FS_GAME_WRITE_OBS)
 *   the player count P->n and the tensor's length (floats) P->off[O_SIZE], as every game's
 *       FS_PARAMS holds them; a game that keeps either otherwise says so:
 *       #define FS_GAME_NUM_PLAYERS(P) ..., FS_GAME_TENSOR_SIZE(P) ...
 *   static int fs_game_player(const FS_PARAMS *P, const FS_GAME *g);   -1 once over
 *   static void fs_game_scores(const FS_PARAMS *P, const FS_GAME *g, double *out);
 *   static int fs_game_winner(const FS_PARAMS *P, const FS_GAME *g);   -1: none (yet)
 *   the returns are +1 the winner, -1 the others, all 0 before the end or without a winner;
 *       a game whose returns differ defines its own and says so: #define FS_GAME_RETURNS
 *       its_name (void its_name(const FS_PARAMS *P, const FS_GAME *g, double *out))
 *
 * then `#include "faststate.h"`, then any methods of its own (taking FastState *), then
 * `#include "faststate_module.h"`, which defines the type and PyInit__fast. Optional macros
 * for that second header: FS_EXTRA_METHODS (PyMethodDef entries of the type),
 * FS_EXTRA_MODULE_METHODS (of the module), FS_INT_CONSTANTS (the module's int constants, a
 * list of {"NAME", value} entries, FS_CONST(NAME) where the C name is the Python one),
 * FS_MODULE_INIT(m) (a statement run on the new module, e.g. adding other objects),
 * FS_VERSION (an int, bumped with every change of the game's C file: its Python side refuses
 * another).
 *
 * Methods: current_player, is_terminal, legal_actions, legal_actions_mask(out=None),
 * observation_tensor(player, out=None), apply_action (a legal int here; anything else to the
 * subclass's _apply_slow), returns, scores, winner, history, num_actions, _history_from(k),
 * clone, _deal_seed; a read-only `game` attribute. The seed is kept for the record and for
 * materialising the reference state; nothing but _deal_seed reads it.
 */
#ifndef NINETYNINE_FASTSTATE_H
#define NINETYNINE_FASTSTATE_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#ifndef FS_GAME_PARAMS
#define FS_GAME_PARAMS get_params
#endif
#ifndef FS_GAME_DEAL
#define FS_GAME_DEAL deal
#endif
#ifndef FS_GAME_LEGAL
#define FS_GAME_LEGAL legal_actions
#endif
#ifndef FS_GAME_APPLY
#define FS_GAME_APPLY apply
#endif
#ifndef FS_GAME_WRITE_OBS
#define FS_GAME_WRITE_OBS write_obs
#endif

#ifndef FS_GAME_NUM_PLAYERS
#define FS_GAME_NUM_PLAYERS(P) ((P)->n)
#endif
#ifndef FS_GAME_TENSOR_SIZE
#define FS_GAME_TENSOR_SIZE(P) ((P)->off[O_SIZE])
#endif
static inline int fs_game_num_players(const FS_PARAMS *P) { return FS_GAME_NUM_PLAYERS(P); }
/* floats in the observation tensor */
static inline int fs_game_tensor_size(const FS_PARAMS *P) { return FS_GAME_TENSOR_SIZE(P); }

#ifndef FS_GAME_RETURNS
/* The returns of most games: +1 the winner, -1 the others; all 0 before the end or without a
 * winner (a draw) */
static void fs_winner_takes_all(const FS_PARAMS *P, const FS_GAME *g, double *out) {
    int w = fs_game_winner(P, g), n = fs_game_num_players(P);
    for (int i = 0; i < n; i++) out[i] = w < 0 ? 0.0 : (i == w ? 1.0 : -1.0);
}
#define FS_GAME_RETURNS fs_winner_takes_all
#endif

/* numpy.empty and the two dtypes, handed over by core/fastpath.py (no numpy headers needed) */
static PyObject *np_empty = NULL, *dt_f32 = NULL, *dt_i8 = NULL, *n_actions = NULL;

typedef struct {
    PyObject_HEAD
    PyObject *game;        /* the Game object this is a state of */
    PyObject *tensor_size; /* the tensor's length, as an int object */
    uint64_t seed;         /* the deal's seed: a secret while the game is live */
    FS_PARAMS P;
    FS_GAME g;
    uint16_t *hist;
    Py_ssize_t hist_n, hist_cap;
    int legal_ok; /* legal[] holds the legal actions of this very position */
    int nlegal;
    int legal[FS_MAXLEGAL];
} FastState;

static inline void fs_legal(FastState *s) {
    if (!s->legal_ok) {
        s->nlegal = FS_GAME_LEGAL(&s->P, &s->g, s->legal);
        s->legal_ok = 1;
    }
}

/* append a to the history (-1: out of memory, error set) */
static int fs_push(FastState *s, int a) {
    if (s->hist_n == s->hist_cap) {
        Py_ssize_t cap = s->hist_cap ? 2 * s->hist_cap : 512;
        uint16_t *h = PyMem_Realloc(s->hist, (size_t)cap * sizeof(uint16_t));
        if (!h) {
            PyErr_NoMemory();
            return -1;
        }
        s->hist = h;
        s->hist_cap = cap;
    }
    s->hist[s->hist_n++] = (uint16_t)a;
    return 0;
}

/* apply a legal action and remember it (-1: out of memory, nothing applied) */
static inline int fs_play(FastState *s, int a) {
    if (fs_push(s, a) < 0) return -1;
    FS_GAME_APPLY(&s->P, &s->g, a);
    s->legal_ok = 0;
    return 0;
}

/* FastState(game, params, seed): the position State.new(game, seed) deals */
static PyObject *fs_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    PyObject *game, *params, *seed;
    if (kw && PyDict_GET_SIZE(kw)) {
        PyErr_SetString(PyExc_TypeError, "FastState takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOO!", &game, &params, &PyLong_Type, &seed)) return NULL;
    if (!np_empty) {
        PyErr_SetString(PyExc_RuntimeError, "call numpy() first");
        return NULL;
    }
    unsigned long long sd = PyLong_AsUnsignedLongLong(seed);
    if (sd == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    FastState *s = (FastState *)type->tp_alloc(type, 0);
    if (!s) return NULL;
    if (FS_GAME_PARAMS(params, &s->P) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    s->tensor_size = PyLong_FromLong(fs_game_tensor_size(&s->P));
    if (!s->tensor_size) {
        Py_DECREF(s);
        return NULL;
    }
    Py_INCREF(game);
    s->game = game;
    s->seed = (uint64_t)sd;
    memset(&s->g, 0, sizeof(FS_GAME));
    FS_GAME_DEAL(&s->P, &s->g, (uint64_t)sd);
    return (PyObject *)s;
}

static int fs_traverse(FastState *s, visitproc visit, void *arg) {
    Py_VISIT(s->game);
    return 0;
}

static int fs_clear(FastState *s) {
    Py_CLEAR(s->game);
    return 0;
}

static void fs_dealloc(FastState *s) {
    PyObject_GC_UnTrack(s);
    Py_CLEAR(s->game);
    Py_CLEAR(s->tensor_size);
    PyMem_Free(s->hist);
    s->hist = NULL;
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *fs_get_game(FastState *s, void *closure) {
    (void)closure;
    if (!s->game) Py_RETURN_NONE;
    Py_INCREF(s->game);
    return s->game;
}

static PyObject *fs_current_player(FastState *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromLong(fs_game_player(&s->P, &s->g));
}

static PyObject *fs_is_terminal(FastState *s, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(fs_game_player(&s->P, &s->g) < 0);
}

/* Defines `static PyObject *name(const type *v, Py_ssize_t n)`: a new KIND (List or Tuple)
 * of MAKE(v[i]) for i < n; NULL with the error set. */
#define FS_DEFINE_SEQUENCE(name, KIND, type, MAKE)          \
    static PyObject *name(const type *v, Py_ssize_t n) {    \
        PyObject *seq = Py##KIND##_New(n);                  \
        if (!seq) return NULL;                              \
        for (Py_ssize_t i = 0; i < n; i++) {                \
            PyObject *x = MAKE(v[i]);                       \
            if (!x) {                                       \
                Py_DECREF(seq);                             \
                return NULL;                                \
            }                                               \
            Py##KIND##_SET_ITEM(seq, i, x);                 \
        }                                                   \
        return seq;                                         \
    }
FS_DEFINE_SEQUENCE(fs_int_list, List, int, PyLong_FromLong)
FS_DEFINE_SEQUENCE(fs_float_list, List, double, PyFloat_FromDouble)

/* The seat an integer of any type names in an n-player game; -1 with ValueError for anything else (a
 * bool, another type, out of range). */
static inline int fs_seat(PyObject *p, int n) {
    long v = -1;
    /* any integer type (numpy.int64 too: what __index__ answers), never a bool */
    if (!PyBool_Check(p) && PyIndex_Check(p)) {
        PyObject *i = PyNumber_Index(p);
        if (i) {
            int overflow = 0;
            v = PyLong_AsLongAndOverflow(i, &overflow);
            Py_DECREF(i);
            if (overflow) v = -1;
        }
        PyErr_Clear(); /* whatever __index__ said, the answer is "no seat" */
    }
    if (v < 0 || v >= n) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "no seat %R in a %d-player game", p, n);
        return -1;
    }
    return (int)v;
}

static PyObject *fs_legal_actions(FastState *s, PyObject *unused) {
    (void)unused;
    fs_legal(s);
    return fs_int_list(s->legal, s->nlegal);
}

/* whether a buffer's struct format is one of the item codes in `codes`, native byte order
 * (numpy's float32 is "f" or "<f", int8 "b", uint8 "B", bool "?"; a bytearray's "B") */
static int fs_format_is(const char *format, const char *codes) {
    if (!format) format = "B"; /* the buffer protocol's default: unsigned bytes */
    if (*format == '@' || *format == '=') format++;
#if PY_LITTLE_ENDIAN
    else if (*format == '<') format++;
#else
    else if (*format == '>' || *format == '!') format++;
#endif
    return format[0] && !format[1] && strchr(codes, format[0]) != NULL;
}

/* a new numpy array (numpy.empty(size, dtype)) and its writable buffer, or out checked: C
 * contiguous, writable, `nbytes` long, its items of a format in `codes` */
static PyObject *fs_new_array(PyObject *size, PyObject *dtype, PyObject *out, Py_ssize_t nbytes,
                              Py_buffer *view, const char *what, const char *codes,
                              const char *dtype_name) {
    PyObject *arr;
    if (out && out != Py_None) {
        Py_INCREF(out);
        arr = out;
    } else {
        PyObject *argv[2] = {size, dtype};
        arr = PyObject_Vectorcall(np_empty, argv, 2, NULL);
        if (!arr) return NULL;
    }
    if (PyObject_GetBuffer(arr, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    if (!fs_format_is(view->format, codes)) {
        PyErr_Format(PyExc_ValueError, "out: %s needs %s items, not format '%s'", what,
                     dtype_name, view->format ? view->format : "B");
        PyBuffer_Release(view);
        Py_DECREF(arr);
        return NULL;
    }
    if (view->len != nbytes) {
        PyErr_Format(PyExc_ValueError, "out: %s needs %zd bytes, not %zd", what, nbytes,
                     view->len);
        PyBuffer_Release(view);
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
}

/* parse (out=None) from a fastcall's arguments after maxpos positional ones */
static int fs_parse_out(PyObject *const *args, Py_ssize_t npos, PyObject *kwnames,
                        Py_ssize_t maxpos, PyObject **out) {
    *out = NULL;
    if (npos > maxpos + 1) {
        PyErr_SetString(PyExc_TypeError, "too many arguments");
        return -1;
    }
    if (npos == maxpos + 1) *out = args[maxpos];
    if (kwnames) {
        Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < nk; i++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, i);
            if (PyUnicode_CompareWithASCIIString(name, "out") != 0 || *out) {
                PyErr_Format(PyExc_TypeError, "unexpected keyword argument %R", name);
                return -1;
            }
            *out = args[npos + i];
        }
    }
    return 0;
}

/* legal_actions_mask(out=None) -> int8[FS_NACT] (FS_GAME_NACT(P) when the game defines it) */
static PyObject *fs_legal_actions_mask(FastState *s, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames) {
    PyObject *out;
    if (fs_parse_out(args, PyVectorcall_NARGS(nargs), kwnames, 0, &out) < 0) return NULL;
    Py_buffer v;
#ifdef FS_GAME_NACT
    Py_ssize_t nact = FS_GAME_NACT(&s->P);
    PyObject *size = PyLong_FromSsize_t(nact);
    if (!size) return NULL;
    PyObject *arr = fs_new_array(size, dt_i8, out, nact, &v, "the mask", "bB?",
                                 "int8 (or uint8, bool)");
    Py_DECREF(size);
#else
    Py_ssize_t nact = FS_NACT;
    PyObject *arr = fs_new_array(n_actions, dt_i8, out, nact, &v, "the mask", "bB?",
                                 "int8 (or uint8, bool)");
#endif
    if (!arr) return NULL;
    int8_t *m = (int8_t *)v.buf;
    memset(m, 0, (size_t)nact);
    fs_legal(s);
    for (int i = 0; i < s->nlegal; i++) m[s->legal[i]] = 1;
    PyBuffer_Release(&v);
    return arr;
}

/* observation_tensor(player, out=None) -> float32[D]: encode_observation(observation(player)) */
static PyObject *fs_observation_tensor(FastState *s, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames) {
    Py_ssize_t npos = PyVectorcall_NARGS(nargs);
    PyObject *out;
    if (npos < 1) {
        PyErr_SetString(PyExc_TypeError, "observation_tensor(player, out=None): give the player");
        return NULL;
    }
    if (fs_parse_out(args, npos, kwnames, 1, &out) < 0) return NULL;
    int me = -1;
    if (args[0] != Py_None && (me = fs_seat(args[0], fs_game_num_players(&s->P))) < 0) return NULL;
    Py_ssize_t D = fs_game_tensor_size(&s->P);
    Py_buffer view;
    PyObject *arr = fs_new_array(s->tensor_size, dt_f32, out, D * 4, &view, "the tensor", "f",
                                 "float32");
    if (!arr) return NULL;
    FS_GAME_WRITE_OBS(&s->P, &s->g, me, (float *)view.buf);
    PyBuffer_Release(&view);
    return arr;
}

/* apply_action(action): a legal int applied here; anything else goes to the subclass's
 * _apply_slow (numpy integers converted, an illegal action refused in the reference's words) */
static PyObject *fs_apply_action(FastState *s, PyObject *a) {
    if (PyLong_CheckExact(a)) {
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(a, &overflow);
        if (!overflow && v >= 0 && v < FS_NACT) {
            fs_legal(s);
            for (int i = 0; i < s->nlegal; i++) {
                if (s->legal[i] != v) continue;
                if (fs_play(s, (int)v) < 0) return NULL;
                Py_RETURN_NONE;
            }
        } else if (PyErr_Occurred()) {
            return NULL;
        }
    }
    return PyObject_CallMethod((PyObject *)s, "_apply_slow", "O", a);
}

static PyObject *fs_returns(FastState *s, PyObject *unused) {
    (void)unused;
    double v[FS_MAXPLAYERS];
    FS_GAME_RETURNS(&s->P, &s->g, v);
    return fs_float_list(v, fs_game_num_players(&s->P));
}

static PyObject *fs_scores(FastState *s, PyObject *unused) {
    (void)unused;
    double v[FS_MAXPLAYERS];
    fs_game_scores(&s->P, &s->g, v);
    return fs_float_list(v, fs_game_num_players(&s->P));
}

static PyObject *fs_winner(FastState *s, PyObject *unused) {
    (void)unused;
    int w = fs_game_winner(&s->P, &s->g);
    if (w >= 0) return PyLong_FromLong(w);
    Py_RETURN_NONE;
}

/* history()[start:] as a new list */
static PyObject *fs_history_list(FastState *s, Py_ssize_t start) {
    if (start < 0) start = 0;
    if (start > s->hist_n) start = s->hist_n;
    PyObject *l = PyList_New(s->hist_n - start);
    if (!l) return NULL;
    for (Py_ssize_t i = start; i < s->hist_n; i++)
        PyList_SET_ITEM(l, i - start, PyLong_FromLong(s->hist[i]));
    return l;
}

static PyObject *fs_history(FastState *s, PyObject *unused) {
    (void)unused;
    return fs_history_list(s, 0);
}

static PyObject *fs_history_from(FastState *s, PyObject *k) {
    Py_ssize_t start = PyLong_AsSsize_t(k);
    if (start == -1 && PyErr_Occurred()) return NULL;
    return fs_history_list(s, start);
}

static PyObject *fs_num_actions(FastState *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromSsize_t(s->hist_n);
}

/* clone() -> an independent copy of the same class (its Python attributes start empty) */
static PyObject *fs_clone(FastState *s, PyObject *unused) {
    (void)unused;
    PyTypeObject *type = Py_TYPE(s);
    FastState *c = (FastState *)type->tp_alloc(type, 0);
    if (!c) return NULL;
    c->P = s->P;
    c->g = s->g;
    c->seed = s->seed;
    c->legal_ok = s->legal_ok;
    c->nlegal = s->nlegal;
    memcpy(c->legal, s->legal, sizeof c->legal);
    if (s->hist_n) {
        c->hist = PyMem_Malloc((size_t)s->hist_cap * sizeof(uint16_t));
        if (!c->hist) {
            Py_DECREF(c);
            return PyErr_NoMemory();
        }
        memcpy(c->hist, s->hist, (size_t)s->hist_n * sizeof(uint16_t));
        c->hist_n = s->hist_n;
        c->hist_cap = s->hist_cap;
    }
    Py_XINCREF(s->game);
    c->game = s->game;
    Py_XINCREF(s->tensor_size);
    c->tensor_size = s->tensor_size;
    return (PyObject *)c;
}

/* _deal_seed() -> the game's seed (for the reference state, the record and pickling) */
static PyObject *fs_deal_seed(FastState *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromUnsignedLongLong(s->seed);
}

/* numpy(empty, float32, int8): numpy.empty and the dtypes the arrays are made with */
static PyObject *fs_py_numpy(PyObject *self, PyObject *args) {
    PyObject *e, *f, *i;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &e, &f, &i)) return NULL;
    Py_INCREF(e);
    Py_INCREF(f);
    Py_INCREF(i);
    Py_XSETREF(np_empty, e);
    Py_XSETREF(dt_f32, f);
    Py_XSETREF(dt_i8, i);
    if (!n_actions && !(n_actions = PyLong_FromLong(FS_NACT))) return NULL;
    Py_RETURN_NONE;
}
#endif
