/* One Warp 99 / Ninety Nine game as a Python object: the single-game fast state
 * (games/warp99/fast.py wraps it as Warp99FastState, a State of the core protocol).
 *
 * The RL subset of the State protocol in C: current_player, is_terminal, legal_actions,
 * legal_actions_mask, observation_tensor(p), apply_action, returns, scores, winner, history,
 * clone. Everything else (the observation dict, render, serialisation) is the reference
 * State, materialised from the seed and the history by fast.py (exact: the engines deal and
 * reshuffle with the same SplitMix64 draws).
 *
 * Its own extension module, one translation unit with the batched engine: the engine's rule
 * steps, legal actions and tensor writer in _core.c are static functions, so this file
 * includes _core.c rather than copying a line of it (a change to the engine reaches both
 * modules; the differential tests check both against the reference). Built by setup.py next
 * to _core, optional like it.
 */
#include "_core.c"

/* numpy.empty and the two dtypes, handed over by fast.py (numpy's headers are not needed) */
static PyObject *np_empty = NULL, *dt_f32 = NULL, *dt_i8 = NULL, *n_actions = NULL;

typedef struct {
    PyObject_HEAD
    PyObject *game; /* the Warp99Game */
    PyObject *tensor_size; /* the tensor's length, as an int object */
    Params P;
    Game g;
    uint16_t *hist;
    Py_ssize_t hist_n, hist_cap;
    int legal_ok; /* legal[] holds the legal actions of this very state */
    int nlegal;
    int legal[32];
} FastState;

static inline void fs_legal(FastState *s) {
    if (!s->legal_ok) {
        s->nlegal = legal_actions(&s->P, &s->g, s->legal);
        s->legal_ok = 1;
    }
}

/* FastState(game, params, seed): Warp99State.new(game, seed), params from make_params(game) */
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
    if (get_params(params, &s->P) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    s->tensor_size = PyLong_FromLong(s->P.off[OFF_SIZE]);
    if (!s->tensor_size) {
        Py_DECREF(s);
        return NULL;
    }
    Py_INCREF(game);
    s->game = game;
    memset(&s->g, 0, sizeof(Game));
    deal(&s->P, &s->g, (uint64_t)sd);
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
    return PyLong_FromLong(s->g.phase == OVER ? -1 : s->g.player);
}

static PyObject *fs_is_terminal(FastState *s, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(s->g.phase == OVER);
}

static PyObject *fs_legal_actions(FastState *s, PyObject *unused) {
    (void)unused;
    fs_legal(s);
    PyObject *l = PyList_New(s->nlegal);
    if (!l) return NULL;
    for (int i = 0; i < s->nlegal; i++) {
        PyObject *v = PyLong_FromLong(s->legal[i]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, v);
    }
    return l;
}

/* a new numpy array (numpy.empty(size, dtype)) and its writable buffer, or out checked */
static PyObject *new_array(PyObject *size, PyObject *dtype, PyObject *out, Py_ssize_t nbytes,
                           Py_buffer *view, const char *what) {
    PyObject *arr;
    if (out && out != Py_None) {
        Py_INCREF(out);
        arr = out;
    } else {
        PyObject *argv[2] = {size, dtype};
        arr = PyObject_Vectorcall(np_empty, argv, 2, NULL);
        if (!arr) return NULL;
    }
    if (PyObject_GetBuffer(arr, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
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

/* parse (out=None) from a fastcall's keywords */
static int parse_out(PyObject *const *args, Py_ssize_t npos, PyObject *kwnames, Py_ssize_t maxpos,
                     PyObject **out) {
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

/* legal_actions_mask(out=None) -> int8[337]: a new array, or out (C-contiguous int8) */
static PyObject *fs_legal_actions_mask(FastState *s, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames) {
    PyObject *out;
    if (parse_out(args, PyVectorcall_NARGS(nargs), kwnames, 0, &out) < 0) return NULL;
    Py_buffer v;
    PyObject *arr = new_array(n_actions, dt_i8, out, NACT, &v, "the mask");
    if (!arr) return NULL;
    int8_t *m = (int8_t *)v.buf;
    memset(m, 0, NACT);
    fs_legal(s);
    for (int i = 0; i < s->nlegal; i++) m[s->legal[i]] = 1;
    PyBuffer_Release(&v);
    return arr;
}

/* observation_tensor(player, out=None) -> float32[D]: tensor.encode(observation(player)) */
static PyObject *fs_observation_tensor(FastState *s, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames) {
    Py_ssize_t npos = PyVectorcall_NARGS(nargs);
    PyObject *out;
    if (npos < 1) {
        PyErr_SetString(PyExc_TypeError, "observation_tensor(player, out=None): give the player");
        return NULL;
    }
    if (parse_out(args, npos, kwnames, 1, &out) < 0) return NULL;
    PyObject *p = args[0];
    int me = -1;
    if (p != Py_None) {
        long v = -1;
        if (PyLong_Check(p) && !PyBool_Check(p)) {
            int overflow = 0;
            v = PyLong_AsLongAndOverflow(p, &overflow);
            if (overflow) v = -1;
        }
        if (v < 0 || v >= s->P.n) {
            PyErr_Format(PyExc_ValueError, "no seat %R in a %d-player game", p, s->P.n);
            return NULL;
        }
        me = (int)v;
    }
    int D = s->P.off[OFF_SIZE];
    Py_buffer view;
    PyObject *arr = new_array(s->tensor_size, dt_f32, out, (Py_ssize_t)D * 4, &view, "the tensor");
    if (!arr) return NULL;
    write_obs(&s->P, &s->g, me, (float *)view.buf);
    PyBuffer_Release(&view);
    return arr;
}

/* append v to the history (-1: out of memory, error set) */
static int fs_push(FastState *s, int v) {
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
    s->hist[s->hist_n++] = (uint16_t)v;
    return 0;
}

/* apply_action(action): a legal int applied here; anything else goes to the subclass's
 * _apply_slow (numpy integers converted, an illegal action refused in the reference's words) */
static PyObject *fs_apply_action(FastState *s, PyObject *a) {
    if (PyLong_CheckExact(a)) {
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(a, &overflow);
        if (!overflow && v >= 0 && v < NACT) {
            fs_legal(s);
            for (int i = 0; i < s->nlegal; i++) {
                if (s->legal[i] != v) continue;
                if (fs_push(s, (int)v) < 0) return NULL;
                apply(&s->P, &s->g, (int)v);
                s->legal_ok = 0;
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
    int n = s->P.n, w = s->g.phase == OVER ? s->g.winner : -1;
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(l, i, PyFloat_FromDouble(w < 0 ? 0.0 : (i == w ? 1.0 : -1.0)));
    return l;
}

static PyObject *fs_scores(FastState *s, PyObject *unused) {
    (void)unused;
    PyObject *l = PyList_New(s->P.n);
    if (!l) return NULL;
    for (int i = 0; i < s->P.n; i++) PyList_SET_ITEM(l, i, PyFloat_FromDouble(s->g.scores[i]));
    return l;
}

static PyObject *fs_winner(FastState *s, PyObject *unused) {
    (void)unused;
    if (s->g.phase == OVER && s->g.winner >= 0) return PyLong_FromLong(s->g.winner);
    Py_RETURN_NONE;
}

static PyObject *fs_history(FastState *s, PyObject *unused) {
    (void)unused;
    PyObject *l = PyList_New(s->hist_n);
    if (!l) return NULL;
    for (Py_ssize_t i = 0; i < s->hist_n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(s->hist[i]));
    return l;
}

/* _history_from(k) -> history()[k:] */
static PyObject *fs_history_from(FastState *s, PyObject *k) {
    Py_ssize_t start = PyLong_AsSsize_t(k);
    if (start == -1 && PyErr_Occurred()) return NULL;
    if (start < 0) start = 0;
    if (start > s->hist_n) start = s->hist_n;
    PyObject *l = PyList_New(s->hist_n - start);
    if (!l) return NULL;
    for (Py_ssize_t i = start; i < s->hist_n; i++)
        PyList_SET_ITEM(l, i - start, PyLong_FromLong(s->hist[i]));
    return l;
}

static PyObject *fs_num_actions(FastState *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromSsize_t(s->hist_n);
}

/* play_random_agents(seat, budget, rngs) -> actions played: the seats whose rngs[q] is an Rng
 * (core/rng.py) play as RandomAgent.step does (legal[rng.randbelow(len(legal))], the same
 * draws; each Rng advanced), until seat is to act, the game is over, a seat whose rngs[q] is
 * None is to act, or budget actions were played. */
static PyObject *fs_play_random_agents(FastState *s, PyObject *args) {
    int seat;
    Py_ssize_t budget;
    PyObject *rngs;
    if (!PyArg_ParseTuple(args, "inO", &seat, &budget, &rngs)) return NULL;
    int n = s->P.n;
    if (!PySequence_Check(rngs) || PySequence_Size(rngs) != n) {
        PyErr_Format(PyExc_ValueError, "rngs: one Rng (or None) per seat, %d of them", n);
        return NULL;
    }
    PyObject *obj[4] = {NULL, NULL, NULL, NULL};
    uint64_t st[4] = {0, 0, 0, 0};
    int used[4] = {0, 0, 0, 0};
    Py_ssize_t played = 0;
    PyObject *ret = NULL;
    for (int q = 0; q < n; q++) {
        obj[q] = PySequence_GetItem(rngs, q);
        if (!obj[q]) goto done;
        if (obj[q] == Py_None) continue;
        PyObject *v = PyObject_CallMethod(obj[q], "getstate", NULL);
        if (!v) goto done;
        st[q] = PyLong_AsUnsignedLongLongMask(v);
        Py_DECREF(v);
        if (PyErr_Occurred()) goto done;
    }
    while (s->g.phase != OVER && s->g.player != seat && played < budget) {
        int q = s->g.player;
        if (obj[q] == Py_None) break;
        fs_legal(s);
        int a = s->legal[randbelow(&st[q], (uint64_t)s->nlegal)];
        used[q] = 1;
        if (fs_push(s, a) < 0) goto done;
        apply(&s->P, &s->g, a);
        s->legal_ok = 0;
        played++;
    }
    ret = PyLong_FromSsize_t(played);
done:
    for (int q = 0; q < n; q++) {
        if (used[q]) {
            PyObject *r = PyObject_CallMethod(obj[q], "setstate", "K", (unsigned long long)st[q]);
            if (!r) Py_CLEAR(ret);
            Py_XDECREF(r);
        }
        Py_XDECREF(obj[q]);
    }
    return ret;
}

/* clone() -> an independent copy of the same class (its Python attributes start empty) */
static PyObject *fs_clone(FastState *s, PyObject *unused) {
    (void)unused;
    PyTypeObject *type = Py_TYPE(s);
    FastState *c = (FastState *)type->tp_alloc(type, 0);
    if (!c) return NULL;
    c->P = s->P;
    c->g = s->g;
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

/* _deal_seed() -> the game's seed (for fast.py's reference state, replay and pickling) */
static PyObject *fs_deal_seed(FastState *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromUnsignedLongLong(s->g.seed);
}

/* _fields() -> dict of every field (hidden cards too: for tests and debugging) */
static PyObject *fs_fields(FastState *s, PyObject *unused) {
    (void)unused;
    PyObject *games = PyMemoryView_FromMemory((char *)&s->g, sizeof(Game), PyBUF_READ);
    if (!games) return NULL;
    PyObject *params = PyBytes_FromStringAndSize(NULL, PR_SIZE * 8);
    if (!params) {
        Py_DECREF(games);
        return NULL;
    }
    int64_t *v = (int64_t *)PyBytes_AS_STRING(params);
    const Params *P = &s->P;
    memset(v, 0, PR_SIZE * 8);
    v[PR_N] = P->n;
    v[PR_EACH] = P->each;
    v[PR_RANDOM_RULES] = P->random_rules;
    v[PR_RULE_CONFIG] = P->rule_config;
    v[PR_EXTRA] = P->extra;
    v[PR_ALLOW_FLIP] = P->allow_flip;
    v[PR_FLIP_CYCLE] = P->flip_cycle;
    v[PR_BONUS] = P->bonus;
    v[PR_TARGET] = P->target;
    v[PR_MAX_TURNS] = P->max_turns;
    v[PR_MAX_LEN] = P->max_len;
    v[PR_FIXED_SEAT] = P->fixed_seat;
    for (int i = 0; i < 4; i++) {
        v[PR_HANDICAP + i] = P->handicap[i];
        v[PR_POLICY + i] = P->policy[i];
    }
    for (int i = 0; i < 24; i++) v[PR_OFF + i] = P->off[i];
    PyObject *args = Py_BuildValue("(NNn)", params, games, (Py_ssize_t)0);
    if (!args) return NULL;
    PyObject *d = py_info(NULL, args);
    Py_DECREF(args);
    return d;
}

static PyMethodDef fs_methods[] = {
    {"current_player", (PyCFunction)fs_current_player, METH_NOARGS,
     "Seat 0 .. n-1 to act, or -1 (TERMINAL) once the game is over."},
    {"is_terminal", (PyCFunction)fs_is_terminal, METH_NOARGS, "Whether the game is over."},
    {"legal_actions", (PyCFunction)fs_legal_actions, METH_NOARGS,
     "Sorted legal action ids (a new list); empty only when terminal."},
    {"legal_actions_mask", (PyCFunction)(void (*)(void))fs_legal_actions_mask,
     METH_FASTCALL | METH_KEYWORDS,
     "legal_actions_mask(out=None) -> int8 array of shape (337,): 1 where legal (all 0 once "
     "over); a new array, or written into out (a C-contiguous int8 array of that shape)."},
    {"observation_tensor", (PyCFunction)(void (*)(void))fs_observation_tensor,
     METH_FASTCALL | METH_KEYWORDS,
     "observation_tensor(player, out=None) -> float32 array of game.observation_tensor_shape: "
     "game.encode_observation(observation(player)) (player: a seat or None); a new array, or "
     "written into out (C-contiguous float32 of that shape). ValueError: not a seat."},
    {"apply_action", (PyCFunction)fs_apply_action, METH_O,
     "Apply a legal action of the seat to act; IllegalActionError otherwise (nothing changed)."},
    {"returns", (PyCFunction)fs_returns, METH_NOARGS,
     "Per seat: +1 the winner, -1 the others; all 0 before the end or without a winner."},
    {"scores", (PyCFunction)fs_scores, METH_NOARGS, "Each seat's points (floats)."},
    {"winner", (PyCFunction)fs_winner, METH_NOARGS,
     "The winning seat of a finished game, else None."},
    {"history", (PyCFunction)fs_history, METH_NOARGS, "The actions applied (a new list)."},
    {"_history_from", (PyCFunction)fs_history_from, METH_O, "history()[k:]"},
    {"num_actions", (PyCFunction)fs_num_actions, METH_NOARGS,
     "len(history()), without building the list."},
    {"clone", (PyCFunction)fs_clone, METH_NOARGS, "An independent copy."},
    {"play_random_agents", (PyCFunction)fs_play_random_agents, METH_VARARGS,
     "play_random_agents(seat, budget, rngs) -> actions played: the seats q with an Rng in "
     "rngs[q] play as RandomAgent (legal[rng.randbelow(len(legal))]) until seat or a seat "
     "with None is to act, the game ends, or budget actions were played."},
    {"_deal_seed", (PyCFunction)fs_deal_seed, METH_NOARGS, "The game's seed (a secret)."},
    {"_fields", (PyCFunction)fs_fields, METH_NOARGS, "Every field, hidden ones too (tests)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef fs_getset[] = {
    {"game", (getter)fs_get_game, NULL, "The Warp99Game this is a state of.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject FastStateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ninetynine.games.warp99.batched._fast.FastState",
    .tp_basicsize = sizeof(FastState),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One Warp 99 / Ninety Nine game in C: FastState(game, params, seed) "
              "(games/warp99/fast.py's Warp99FastState is the class to use).",
    .tp_new = fs_new,
    .tp_dealloc = (destructor)fs_dealloc,
    .tp_traverse = (traverseproc)fs_traverse,
    .tp_clear = (inquiry)fs_clear,
    .tp_methods = fs_methods,
    .tp_getset = fs_getset,
};

/* numpy(empty, float32, int8): numpy.empty and the dtypes the arrays are made with */
static PyObject *py_numpy(PyObject *self, PyObject *args) {
    PyObject *e, *f, *i;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &e, &f, &i)) return NULL;
    Py_INCREF(e);
    Py_INCREF(f);
    Py_INCREF(i);
    Py_XSETREF(np_empty, e);
    Py_XSETREF(dt_f32, f);
    Py_XSETREF(dt_i8, i);
    if (!n_actions && !(n_actions = PyLong_FromLong(NACT))) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef fast_methods[] = {
    {"init", py_init, METH_VARARGS, "init(match, potential, tie): the rules' tables"},
    {"numpy", py_numpy, METH_VARARGS, "numpy(empty, float32, int8)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "_fast",
    "One Warp 99 game in C: the single-game fast state (see games/warp99/fast.py).", -1,
    fast_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) {
    if (PyType_Ready(&FastStateType) < 0) return NULL;
    PyObject *m = PyModule_Create(&fast_module);
    if (!m) return NULL;
    Py_INCREF(&FastStateType);
    if (PyModule_AddObject(m, "FastState", (PyObject *)&FastStateType) < 0) {
        Py_DECREF(&FastStateType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "GAME_SIZE", (long)sizeof(Game));
    PyModule_AddIntConstant(m, "PARAMS_SIZE", PR_SIZE);
    /* bumped with every change of this file (fast.py refuses another version) */
    PyModule_AddIntConstant(m, "VERSION", 2);
    return m;
}
