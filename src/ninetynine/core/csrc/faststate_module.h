/* The second half of faststate.h: the FastState type's method table, the type and the
 * module's PyInit__fast. Included last by a game's _fast.c (see faststate.h for the macros). */
#ifndef NINETYNINE_FASTSTATE_MODULE_H
#define NINETYNINE_FASTSTATE_MODULE_H
#ifndef FS_EXTRA_METHODS
#define FS_EXTRA_METHODS
#endif
#ifndef FS_EXTRA_MODULE_METHODS
#define FS_EXTRA_MODULE_METHODS
#endif
#ifndef FS_MODULE_INIT
#define FS_MODULE_INIT(m) ((void)(m))
#endif
#ifndef FS_INT_CONSTANTS
#define FS_INT_CONSTANTS
#endif
#ifndef FS_VERSION
#define FS_VERSION 1
#endif

static PyMethodDef fs_methods[] = {
    {"current_player", (PyCFunction)fs_current_player, METH_NOARGS,
     "Seat 0 .. n-1 to act, or -1 (TERMINAL) once the game is over."},
    {"is_terminal", (PyCFunction)fs_is_terminal, METH_NOARGS, "Whether the game is over."},
    {"legal_actions", (PyCFunction)fs_legal_actions, METH_NOARGS,
     "Sorted legal action ids (a new list); empty only when terminal."},
    {"legal_actions_mask", (PyCFunction)(void (*)(void))fs_legal_actions_mask,
     METH_FASTCALL | METH_KEYWORDS,
     "legal_actions_mask(out=None) -> int8 array of shape (num_distinct_actions,): 1 where "
     "legal (all 0 once over); a new array, or written into out (C-contiguous int8)."},
    {"observation_tensor", (PyCFunction)(void (*)(void))fs_observation_tensor,
     METH_FASTCALL | METH_KEYWORDS,
     "observation_tensor(player, out=None) -> float32 array of game.observation_tensor_shape: "
     "game.encode_observation(observation(player)) (player: a seat or None); a new array, or "
     "written into out (C-contiguous float32 of that shape). ValueError: not a seat."},
    {"apply_action", (PyCFunction)fs_apply_action, METH_O,
     "Apply a legal action of the seat to act; IllegalActionError otherwise (nothing changed)."},
    {"returns", (PyCFunction)fs_returns, METH_NOARGS, "Each seat's return (floats)."},
    {"scores", (PyCFunction)fs_scores, METH_NOARGS, "Each seat's points (floats)."},
    {"winner", (PyCFunction)fs_winner, METH_NOARGS,
     "The winning seat of a finished game, else None."},
    {"history", (PyCFunction)fs_history, METH_NOARGS, "The actions applied (a new list)."},
    {"_history_from", (PyCFunction)fs_history_from, METH_O, "history()[k:]"},
    {"num_actions", (PyCFunction)fs_num_actions, METH_NOARGS,
     "len(history()), without building the list."},
    {"clone", (PyCFunction)fs_clone, METH_NOARGS, "An independent copy."},
    {"_deal_seed", (PyCFunction)fs_deal_seed, METH_NOARGS, "The game's seed (a secret)."},
    FS_EXTRA_METHODS
    {NULL, NULL, 0, NULL}};

static PyGetSetDef fs_getset[] = {
    {"game", (getter)fs_get_game, NULL, "The game this is a state of.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject FastStateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = FS_TYPE_NAME,
    .tp_basicsize = sizeof(FastState),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One " FS_TITLE " game in C: FastState(game, params, seed) (the game's "
              "fast.py subclasses it; game.new_fast_state(seed) makes one).",
    .tp_new = fs_new,
    .tp_dealloc = (destructor)fs_dealloc,
    .tp_traverse = (traverseproc)fs_traverse,
    .tp_clear = (inquiry)fs_clear,
    .tp_methods = fs_methods,
    .tp_getset = fs_getset,
};

/* The module's int constants, {Python name, value}: VERSION, NUM_ACTIONS, then the game's
 * FS_INT_CONSTANTS (FS_CONST(NAME) where the C name is the Python one). */
typedef struct {
    const char *name;
    long value;
} FsConstant;
#define FS_CONST(name) {#name, (name)}
static const FsConstant fs_constants[] = {
    {"VERSION", FS_VERSION}, {"NUM_ACTIONS", FS_NACT}, FS_INT_CONSTANTS};

static PyMethodDef fs_module_methods[] = {
    {"numpy", fs_py_numpy, METH_VARARGS, "numpy(empty, float32, int8)"},
    FS_EXTRA_MODULE_METHODS
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef fs_module = {
    PyModuleDef_HEAD_INIT, "_fast",
    "One " FS_TITLE " game in C: the single-game fast state (core/fastpath.py).", -1,
    fs_module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) {
    if (PyType_Ready(&FastStateType) < 0) return NULL;
    PyObject *m = PyModule_Create(&fs_module);
    if (!m) return NULL;
    Py_INCREF(&FastStateType);
    if (PyModule_AddObject(m, "FastState", (PyObject *)&FastStateType) < 0) {
        Py_DECREF(&FastStateType);
        Py_DECREF(m);
        return NULL;
    }
    for (size_t i = 0; i < sizeof fs_constants / sizeof fs_constants[0]; i++) {
        if (PyModule_AddIntConstant(m, fs_constants[i].name, fs_constants[i].value) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    FS_MODULE_INIT(m);
    return m;
}
#endif
