/* play_random_agents: the Gymnasium env's random bots played inside a fast state (envs/single.py
 * calls it when the state has it). Any game's _fast.c may add it: include this header after
 * faststate.h and list FS_RANDOM_AGENTS_METHOD in FS_EXTRA_METHODS. It needs splitmix64.h's
 * randbelow and faststate.h's fs_legal / fs_play / fs_game_player only, so it is written once.
 *
 * play_random_agents(seat, budget, rngs) -> actions played: the seats q whose rngs[q] is an Rng
 * (core/rng.py) play as RandomAgent.step does (legal[rng.randbelow(len(legal))], the same
 * draws; each Rng advanced), until seat is to act, the game is over, a seat whose rngs[q] is
 * None is to act, or budget actions were played.
 */
#ifndef NINETYNINE_FASTSTATE_RANDOM_H
#define NINETYNINE_FASTSTATE_RANDOM_H
#include "splitmix64.h"

static PyObject *fs_play_random_agents(FastState *s, PyObject *args) {
    int seat;
    Py_ssize_t budget;
    PyObject *rngs;
    if (!PyArg_ParseTuple(args, "inO", &seat, &budget, &rngs)) return NULL;
    int n = fs_game_num_players(&s->P);
    if (!PySequence_Check(rngs) || PySequence_Size(rngs) != n) {
        PyErr_Format(PyExc_ValueError, "rngs: one Rng (or None) per seat, %d of them", n);
        return NULL;
    }
    PyObject *obj[FS_MAXPLAYERS] = {NULL};
    uint64_t st[FS_MAXPLAYERS] = {0};
    int used[FS_MAXPLAYERS] = {0};
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
    for (;;) {
        int q = fs_game_player(&s->P, &s->g);
        if (q < 0 || q == seat || played >= budget || obj[q] == Py_None) break;
        fs_legal(s);
        int a = s->legal[randbelow(&st[q], (uint64_t)s->nlegal)];
        used[q] = 1;
        if (fs_play(s, a) < 0) goto done;
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

#define FS_RANDOM_AGENTS_METHOD                                                             \
    {"play_random_agents", (PyCFunction)fs_play_random_agents, METH_VARARGS,                \
     "play_random_agents(seat, budget, rngs) -> actions played: the seats q with an Rng in " \
     "rngs[q] play as RandomAgent (legal[rng.randbelow(len(legal))]) until seat or a seat " \
     "with None is to act, the game ends, or budget actions were played."},
#endif
