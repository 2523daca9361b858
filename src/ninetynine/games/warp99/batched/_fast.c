/* One Warp 99 / Ninety Nine game as a Python object: the single-game fast state
 * (games/warp99/fast.py wraps it as Warp99FastState, a State of the core protocol).
 *
 * The RL subset of the State protocol in C: current_player, is_terminal, legal_actions,
 * legal_actions_mask, observation_tensor(p), apply_action, returns, scores, winner, history,
 * clone. Everything else (the observation dict, render, serialisation) is the reference
 * State, materialised from the seed and the history by fast.py (exact: the engines deal and
 * reshuffle with the same SplitMix64 draws).
 *
 * The Python object around the engine is core/csrc/faststate.h, shared by every game's fast
 * state: this file hands it the engine's functions and adds play_random_agents (written once for
 * every game, core/csrc/faststate_random.h) and _fields.
 *
 * Its own extension module, one translation unit with the batched engine: the engine's rule
 * steps, legal actions and tensor writer in _core.c are static functions, so this file
 * includes _core.c rather than copying a line of it (a change to the engine reaches both
 * modules; the differential tests check both against the reference). Built by setup.py next
 * to _core, optional like it.
 */
#include "_core.c"

/* ------------------------------------------------------------------ the game, for faststate.h */
typedef Params FS_PARAMS;
typedef Game FS_GAME;
#define FS_NACT NACT
#define FS_MAXLEGAL 32
#define FS_MAXPLAYERS 4
#define FS_TYPE_NAME "ninetynine.games.warp99.batched._fast.FastState"
#define FS_TITLE "Warp 99 / Ninety Nine"
#define FS_GAME_TENSOR_SIZE(P) ((P)->off[OFF_SIZE]) /* the engine's name for the slot */

static int fs_game_player(const Params *P, const Game *g) {
    (void)P;
    return g->phase == OVER ? -1 : g->player;
}
static int fs_game_winner(const Params *P, const Game *g) {
    (void)P;
    return g->phase == OVER && g->winner >= 0 ? g->winner : -1;
}
static void fs_game_scores(const Params *P, const Game *g, double *out) {
    for (int i = 0; i < P->n; i++) out[i] = g->scores[i];
}

#include "faststate.h"
#include "faststate_random.h" /* play_random_agents */

/* _fields() -> dict of every field (hidden cards too: for tests and debugging) */
static PyObject *fs_fields(FastState *s, PyObject *unused) {
    (void)unused;
    return game_info(&s->P, &s->g);
}

#define FS_EXTRA_METHODS \
    FS_RANDOM_AGENTS_METHOD \
    {"_fields", (PyCFunction)fs_fields, METH_NOARGS, "Every field, hidden ones too (tests)."},
#define FS_EXTRA_MODULE_METHODS \
    {"init", py_init, METH_VARARGS, "init(match, potential, tie): the rules' tables"},
#define FS_INT_CONSTANTS {"GAME_SIZE", (long)sizeof(Game)}, {"PARAMS_SIZE", PR_SIZE}
/* bumped with every change of this file (fast.py refuses another version) */
#define FS_VERSION 4
#include "faststate_module.h"
