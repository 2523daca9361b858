/* One ONO 99 game as a Python object: the single-game fast state (games/ono99/fast.py wraps
 * it as Ono99FastState, a State of the core protocol).
 *
 * The RL subset of the State protocol in C: current_player, is_terminal, legal_actions,
 * legal_actions_mask, observation_tensor(p), apply_action, returns, scores, winner, history,
 * clone, play_random_agents. Everything else (the observation dict, resample, serialisation,
 * stats, the words of an illegal action) is the reference Ono99State, materialised from the
 * seed and the history by core/fastpath.py (exact: both engines deal and rebuild the draw
 * pile with the same SplitMix64 draws, core/csrc/splitmix64.h).
 *
 * A transcription of the reference engine (games/ono99): every rule step below names the
 * Python function it mirrors. What the reference keeps only for resample, stats and the
 * observation dict (which copy of a kind left a hand, hgen/ogen, peak, handed, the cards a
 * seat took out of the game, the elimination rounds, the counters) is not kept here: the fast
 * state asks the reference for those. Every option is supported: deck, two_player_reverse,
 * rebuild, leave, max_turns.
 *
 * Data comes from Python, so the reference stays its one definition: the rules' tables
 * (rules.NEXT, rules.PLAYABLE) and the tensor's scales through init() (fast.py's _setup,
 * which also checks the card constants below against cards.py), the options and the tensor
 * layout's offsets through the params (fast.py's _params).
 */
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "params.h"
#include "splitmix64.h"

/* cards.py / actions.py (checked by fast.py's _setup against the Python constants) */
#define KINDS 15
#define MINUS10 11
#define REVERSE 12
#define PLAY2 13
#define ONO 14
#define EXCHANGE 14
#define NACT 15
#define MAX_COPIES 40
#define MAXCARDS (KINDS * MAX_COPIES)
#define HAND_SIZE 4 /* turn.HAND_SIZE */
#define LIMIT 99    /* rules.LIMIT: totals 0 .. 98 */
#define MAXP 6

/* ------------------------------------------------------------------ the rules' tables */
/* rules.NEXT[total * 15 + kind] (the declared total) and rules.PLAYABLE[total][kind] */
static uint8_t NEXT_T[LIMIT * KINDS];
static uint8_t PLAYABLE_T[LIMIT * KINDS];
/* tensor.py's scales: HAND_SCALE, MAX_TOTAL, HEADROOM, TURN_SCALE, ROUND_SCALE,
 * REBUILD_SCALE, MAX_COPIES */
enum { SC_HAND, SC_MAX_TOTAL, SC_HEADROOM, SC_TURN, SC_ROUND, SC_REBUILD, SC_COPIES, SC_SIZE };
static double SCALE[SC_SIZE];
static int tables_ready = 0;

/* ------------------------------------------------------------------ the options */
/* the params block fast.py's _params writes: int64 values in this order */
enum {
    PR_N,
    PR_AGAIN,       /* two_player_reverse == "again" */
    PR_REBUILD_ALL, /* rebuild == "all" */
    PR_LEAVE_NOW,   /* leave == "now" */
    PR_MAX_TURNS,
    PR_COUNTS,                  /* game.counts, 15 values */
    PR_OFF = PR_COUNTS + KINDS, /* the tensor's slice starts, in SLICES order, then its size */
};
/* tensor.py's slices, in its layout's order (fast.py's SLICES names them) */
enum {
    O_HAND,
    O_HAS_HAND,
    O_SEAT,
    O_CUR,
    O_TOTAL,
    O_HEAD,
    O_DIR,
    O_PLAY2,
    O_IN,
    O_HSIZES,
    O_OSIZES,
    O_ORDER,
    O_TOP,
    O_PCOUNTS,
    O_DRAW,
    O_DECK,
    O_LAST_SEAT,
    O_LAST_ACTION,
    O_TURN,
    O_ROUND,
    O_REBUILDS,
    O_WINNER,
    O_ENDED,
    O_SIZE, /* the tensor's length */
    NOFF
};
#define PR_SIZE (PR_OFF + NOFF)

typedef struct {
    int n, again, rebuild_all, leave_now;
    int64_t max_turns;
    int counts[KINDS];
    int total_cards;
    int off[NOFF];
} Params;

/* ------------------------------------------------------------------ a position */
enum { ENDED_NO, ENDED_LAST_PLAYER, ENDED_TURN_LIMIT }; /* tensor.ENDINGS order, + 1 */

typedef struct {
    uint64_t rng;
    int64_t turn;       /* turns taken */
    int64_t round;      /* turn.use_slot's round */
    int64_t round_left; /* turn slots left in it */
    int32_t rebuilds;
    int16_t ndraw, nplayed;
    int8_t total, direction, player, play2;
    int8_t n_alive, n_out, last_seat, last_action; /* last = None: last_seat -1 */
    int8_t winner, ended;
    uint8_t alive[MAXP];
    uint8_t hsize[MAXP];  /* cards in each hand */
    uint8_t osize[MAXP];  /* face-down cards of each seat that left */
    uint8_t out_order[MAXP];
    uint8_t hand[MAXP][16]; /* cards per kind (copies of a kind are identical) */
    uint8_t draw[MAXCARDS]; /* the draw pile, top last */
    uint8_t played[MAXCARDS]; /* the played-card pile, top last */
} Game;

static inline int mod_n(int x, int n) { return ((x % n) + n) % n; }

/* Ono99State._can_move: a card that keeps the total below 99, or all the ONO cards */
static int can_move(const Params *P, const Game *g, int p) {
    const uint8_t *hand = g->hand[p];
    const uint8_t *ok = PLAYABLE_T + g->total * KINDS;
    for (int k = 0; k < KINDS; k++)
        if (hand[k] && ok[k]) return 1;
    return P->counts[ONO] && hand[ONO] == P->counts[ONO];
}

/* Ono99State._compute_legal */
static int legal_actions(const Params *P, const Game *g, int *out) {
    if (g->ended) return 0;
    const uint8_t *hand = g->hand[(int)g->player];
    if (P->counts[ONO] && hand[ONO] == P->counts[ONO]) {
        out[0] = EXCHANGE; /* D9: the exchange is the whole turn */
        return 1;
    }
    const uint8_t *ok = PLAYABLE_T + g->total * KINDS;
    int m = 0;
    for (int k = 0; k < KINDS; k++)
        if (hand[k] && ok[k]) out[m++] = k;
    return m;
}

/* turn.next_alive */
static int next_alive(const Params *P, const Game *g, int p) {
    int n = P->n, d = g->direction;
    int q = mod_n(p + d, n);
    while (!g->alive[q]) q = mod_n(q + d, n);
    return q;
}

/* turn.use_slot (D17) */
static void use_slot(Game *g) {
    g->round_left -= 1;
    if (g->round_left <= 0) {
        g->round += 1;
        g->round_left = g->n_alive;
    }
}

/* turn.finish */
static void finish(Game *g, int winner, int why) {
    g->winner = (int8_t)winner;
    g->ended = (int8_t)why;
    g->play2 = 0;
}

/* turn.eliminate (D7): the hand goes face down, out of play */
static void eliminate(Game *g, int q) {
    g->osize[q] = g->hsize[q];
    g->hsize[q] = 0;
    memset(g->hand[q], 0, sizeof g->hand[q]);
    g->alive[q] = 0;
    g->n_alive -= 1;
    g->out_order[(int)g->n_out++] = (uint8_t)q;
    if (g->n_alive > 1) use_slot(g);
}

/* turn.leave_now (option leave=now, D5): 0 if the game ended */
static int leave_now(const Params *P, Game *g) {
    int n = P->n, d = g->direction;
    int mover = g->last_seat;
    int start = mover >= 0 ? mover : mod_n(g->player - d, n);
    for (int step = 1; step <= n; step++) {
        int i = mod_n(start + d * step, n);
        if (g->alive[i] && !can_move(P, g, i)) {
            eliminate(g, i);
            if (g->n_alive == 1) {
                finish(g, next_alive(P, g, i), ENDED_LAST_PLAYER);
                return 0;
            }
        }
    }
    return 1;
}

/* turn.begin_turn (D5, D13) */
static void begin_turn(const Params *P, Game *g, int q, int owe) {
    if (g->turn >= P->max_turns) {
        finish(g, -1, ENDED_TURN_LIMIT);
        return;
    }
    if (P->leave_now) {
        if (!leave_now(P, g)) return;
        if (!g->alive[q]) {
            q = next_alive(P, g, q);
            owe = 0;
        }
    }
    while (!can_move(P, g, q)) {
        eliminate(g, q);
        if (g->n_alive == 1) {
            finish(g, next_alive(P, g, q), ENDED_LAST_PLAYER);
            return;
        }
        q = next_alive(P, g, q);
        owe = 0; /* § Play 2 Card: the next player does not take it over */
    }
    g->player = (int8_t)q;
    g->play2 = (int8_t)owe;
}

/* turn.rebuild (D8): the played pile but its top card (all of it under rebuild=all),
 * shuffled, is the new draw pile */
static void rebuild(const Params *P, Game *g) {
    int m = P->rebuild_all ? g->nplayed : g->nplayed - 1;
    if (m <= 0) return;
    shuffle_u8(&g->rng, g->played, m);
    memcpy(g->draw, g->played, (size_t)m);
    g->ndraw = (int16_t)m;
    if (P->rebuild_all) {
        g->nplayed = 0;
    } else {
        g->played[0] = g->played[m];
        g->nplayed = 1;
    }
    g->rebuilds += 1;
}

/* turn.draw (D8, D14): k cards, the hand stays short when nothing is left */
static void draw(const Params *P, Game *g, int p, int k) {
    for (int i = 0; i < k; i++) {
        if (!g->ndraw) {
            rebuild(P, g);
            if (!g->ndraw) return;
        }
        int c = g->draw[--g->ndraw];
        g->hand[p][c] += 1;
        g->hsize[p] += 1;
    }
}

/* Ono99State.apply_action + turn.take_turn (§ How to Play, § Special Cards, D9-D13) */
static void apply(const Params *P, Game *g, int action) {
    int p = g->player, owed = g->play2, nxt, owe;
    g->turn += 1;
    if (action == EXCHANGE) {
        /* § 99 Card (Ono Card): all four for new cards; they go under the played pile after
         * the draw (D9) */
        int k = P->counts[ONO];
        g->hand[p][ONO] -= (uint8_t)k;
        g->hsize[p] -= (uint8_t)k;
        g->last_seat = (int8_t)p;
        g->last_action = (int8_t)action;
        draw(P, g, p, k);
        memmove(g->played + k, g->played, (size_t)g->nplayed);
        memset(g->played, ONO, (size_t)k);
        g->nplayed += (int16_t)k;
        if (owed == 2) {
            nxt = p;
            owe = 1;
        } else {
            nxt = next_alive(P, g, p);
            owe = 0;
        }
    } else {
        g->hand[p][action] -= 1; /* turn.take */
        g->hsize[p] -= 1;
        g->played[g->nplayed++] = (uint8_t)action;
        g->total = (int8_t)NEXT_T[g->total * KINDS + action];
        g->last_seat = (int8_t)p;
        g->last_action = (int8_t)action;
        draw(P, g, p, 1);
        if (action == PLAY2) { /* § Play 2 Card, D12 */
            nxt = next_alive(P, g, p);
            owe = 2;
        } else if (action == REVERSE) { /* § Reverse Card, D10, D11 */
            g->direction = (int8_t)-g->direction;
            if (owed == 2) {
                nxt = next_alive(P, g, p);
                owe = 2;
            } else if (g->n_alive == 2 && P->again) {
                nxt = p;
                owe = 0;
            } else {
                nxt = next_alive(P, g, p);
                owe = 0;
            }
        } else if (owed == 2) {
            nxt = p;
            owe = 1;
        } else {
            nxt = next_alive(P, g, p);
            owe = 0;
        }
    }
    use_slot(g);
    begin_turn(P, g, nxt, owe);
}

/* Ono99State.new (§ Setup, D2) with core.util.deal_hands: shuffle the deck, deal four cards
 * to each seat one at a time from seat 0 off the top (the end), the rest is the draw pile */
static void deal(const Params *P, Game *g, uint64_t seed) {
    int n = P->n, m = 0;
    memset(g, 0, sizeof *g);
    g->rng = seed;
    for (int k = 0; k < KINDS; k++)
        for (int c = 0; c < P->counts[k]; c++) g->draw[m++] = (uint8_t)k;
    shuffle_u8(&g->rng, g->draw, m);
    for (int r = 0; r < HAND_SIZE; r++)
        for (int i = 0; i < n; i++) {
            g->hand[i][g->draw[--m]] += 1;
            g->hsize[i] += 1;
        }
    g->ndraw = (int16_t)m;
    for (int i = 0; i < n; i++) g->alive[i] = 1;
    g->n_alive = (int8_t)n;
    g->direction = 1;
    g->round = 1;
    g->round_left = n;
    g->last_seat = g->last_action = -1;
    g->winner = -1;
    begin_turn(P, g, 0, 0);
}

/* ------------------------------------------------------------------ the tensor */
/* core.tensor.fraction: value / scale capped at 1, 0 for no count (float32 of the double) */
static inline float frac(double v, double scale) {
    if (v <= 0 || scale <= 0) return 0.0f;
    double x = v / scale;
    return (float)(x < 1.0 ? x : 1.0);
}

/* tensor.writer (= tensor.encode(observation(me))); me = -1: the spectator's view. Reads
 * only what observation(me) shows: me's own hand, never another's, nor the draw pile's order */
static void write_obs(const Params *P, const Game *g, int me, float *x) {
    const int *off = P->off;
    int n = P->n;
    memset(x, 0, (size_t)off[O_SIZE] * sizeof(float));
    if (me < 0) {
        me = 0;
    } else {
        for (int k = 0; k < KINDS; k++)
            if (g->hand[me][k]) x[off[O_HAND] + k] = frac(g->hand[me][k], SCALE[SC_HAND]);
        x[off[O_HAS_HAND]] = 1.0f;
        x[off[O_SEAT] + me] = 1.0f;
    }
    if (!g->ended) x[off[O_CUR] + mod_n(g->player - me, n)] = 1.0f;
    int total = g->total, maxt = (int)SCALE[SC_MAX_TOTAL], head = (int)SCALE[SC_HEADROOM];
    x[off[O_TOTAL]] = frac(total, SCALE[SC_MAX_TOTAL]);
    int h = maxt - total;
    x[off[O_HEAD] + (h < 0 ? 0 : h > head ? head : h)] = 1.0f;
    if (g->direction == 1) x[off[O_DIR]] = 1.0f;
    x[off[O_PLAY2] + (g->play2 < 0 ? 0 : g->play2 > 2 ? 2 : g->play2)] = 1.0f;
    for (int k = 0; k < n; k++) {
        int s = (me + k) % n;
        if (g->alive[s]) x[off[O_IN] + k] = 1.0f;
        x[off[O_HSIZES] + k] = frac(g->hsize[s], SCALE[SC_HAND]);
        x[off[O_OSIZES] + k] = frac(g->osize[s], SCALE[SC_HAND]);
    }
    for (int place = 0; place < g->n_out; place++)
        x[off[O_ORDER] + mod_n(g->out_order[place] - me, n)] = (float)((double)(place + 1) / n);
    if (g->nplayed) {
        int counts[KINDS] = {0};
        for (int i = 0; i < g->nplayed; i++) counts[g->played[i]] += 1;
        x[off[O_TOP] + g->played[g->nplayed - 1]] = 1.0f;
        for (int k = 0; k < KINDS; k++)
            if (counts[k]) x[off[O_PCOUNTS] + k] = frac(counts[k], P->counts[k]);
    }
    x[off[O_DRAW]] = frac(g->ndraw, P->total_cards);
    for (int k = 0; k < KINDS; k++) x[off[O_DECK] + k] = frac(P->counts[k], SCALE[SC_COPIES]);
    if (g->last_seat >= 0) {
        x[off[O_LAST_SEAT] + mod_n(g->last_seat - me, n)] = 1.0f;
        x[off[O_LAST_ACTION] + g->last_action] = 1.0f;
    }
    x[off[O_TURN]] = frac((double)g->turn, SCALE[SC_TURN]);
    x[off[O_ROUND]] = frac((double)g->round, SCALE[SC_ROUND]);
    x[off[O_REBUILDS]] = frac(g->rebuilds, SCALE[SC_REBUILD]);
    if (g->winner >= 0) x[off[O_WINNER] + mod_n(g->winner - me, n)] = 1.0f;
    if (g->ended) x[off[O_ENDED] + g->ended - 1] = 1.0f;
}

/* ------------------------------------------------------------------ from Python */
/* the params block (fast.py's _params): -1 with an exception set */
static int get_params(PyObject *obj, Params *P) {
    int64_t v[PR_SIZE];
    if (read_int64_params(obj, v, PR_SIZE) < 0) return -1;
    int bad = v[PR_N] < 2 || v[PR_N] > MAXP || v[PR_MAX_TURNS] < 1;
    P->n = (int)v[PR_N];
    P->again = v[PR_AGAIN] != 0;
    P->rebuild_all = v[PR_REBUILD_ALL] != 0;
    P->leave_now = v[PR_LEAVE_NOW] != 0;
    P->max_turns = v[PR_MAX_TURNS];
    P->total_cards = 0;
    for (int k = 0; k < KINDS; k++) {
        bad |= v[PR_COUNTS + k] < 0 || v[PR_COUNTS + k] > MAX_COPIES;
        P->counts[k] = (int)v[PR_COUNTS + k];
        P->total_cards += P->counts[k];
    }
    bad |= P->counts[ONO] != 0 && P->counts[ONO] != HAND_SIZE;
    bad |= P->total_cards < HAND_SIZE * P->n;
    for (int i = 0; i < NOFF; i++) {
        bad |= v[PR_OFF + i] < 0 || v[PR_OFF + i] > 4096;
        P->off[i] = (int)v[PR_OFF + i];
    }
    if (bad || P->off[O_SIZE] <= P->off[O_ENDED] + 1) {
        PyErr_SetString(PyExc_ValueError, "params: not an ONO 99 configuration");
        return -1;
    }
    if (check_init(tables_ready) < 0) return -1;
    return 0;
}

/* init(next, playable, scales): rules.NEXT and rules.PLAYABLE as bytes (99 * 15 each), the
 * tensor's scales as float64 bytes (SC_SIZE of them) */
static PyObject *py_init(PyObject *self, PyObject *args) {
    Py_buffer nx, pl, sc;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*", &nx, &pl, &sc)) return NULL;
    PyObject *ret = NULL;
    if (nx.len != LIMIT * KINDS || pl.len != LIMIT * KINDS ||
        sc.len != (Py_ssize_t)(SC_SIZE * sizeof(double))) {
        PyErr_SetString(PyExc_ValueError, "init: tables of the wrong size");
        goto done;
    }
    memcpy(NEXT_T, nx.buf, LIMIT * KINDS);
    memcpy(PLAYABLE_T, pl.buf, LIMIT * KINDS);
    memcpy(SCALE, sc.buf, sizeof SCALE);
    tables_ready = 1;
    ret = Py_None;
    Py_INCREF(ret);
done:
    PyBuffer_Release(&nx);
    PyBuffer_Release(&pl);
    PyBuffer_Release(&sc);
    return ret;
}

/* ------------------------------------------------------------------ the game, for faststate.h */
typedef Params FS_PARAMS;
typedef Game FS_GAME;
#define FS_NACT NACT
#define FS_MAXLEGAL NACT
#define FS_MAXPLAYERS MAXP
#define FS_TYPE_NAME "ninetynine.games.ono99._fast.FastState"
#define FS_TITLE "ONO 99"

static int fs_game_player(const Params *P, const Game *g) {
    (void)P;
    return g->ended ? -1 : g->player;
}
static int fs_game_winner(const Params *P, const Game *g) {
    (void)P;
    return g->winner;
}
/* Ono99State.scores: a seat that left, how many left before it; a seat still in, how many
 * have left */
static void fs_game_scores(const Params *P, const Game *g, double *out) {
    for (int i = 0; i < P->n; i++) out[i] = g->n_out;
    for (int j = 0; j < g->n_out; j++) out[g->out_order[j]] = j;
}

#include "faststate.h"
#include "faststate_random.h"

#define FS_EXTRA_METHODS FS_RANDOM_AGENTS_METHOD
#define FS_EXTRA_MODULE_METHODS \
    {"init", py_init, METH_VARARGS, "init(next, playable, scales): the rules' tables"},
#define FS_INT_CONSTANTS                                                                   \
    FS_CONST(KINDS), FS_CONST(MINUS10), FS_CONST(REVERSE), FS_CONST(PLAY2), FS_CONST(ONO), \
    FS_CONST(EXCHANGE), FS_CONST(MAX_COPIES), FS_CONST(HAND_SIZE), FS_CONST(LIMIT),        \
    {"MAX_PLAYERS", MAXP}, {"NUM_SLICES", O_SIZE}, {"NUM_SCALES", SC_SIZE},                \
    {"PARAMS_SIZE", PR_SIZE}
/* bumped with every change of this file (fast.py refuses another version) */
#define FS_VERSION 1
#include "faststate_module.h"
