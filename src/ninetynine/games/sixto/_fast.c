/* One Sixto game as a Python object: the single-game fast state (games/sixto/fast.py wraps it
 * as SixtoFastState, a State of the core protocol; the object itself is core/csrc/faststate.h).
 *
 * A transcription of the reference rules (games/sixto/state.py, turn.py, rules.py, actions.py,
 * with the readings of docs/rules/sixto.md): every rule step below names the Python function
 * it mirrors. The tensor writer is games/sixto/tensor.py's `writer` (the same floats at the
 * same offsets). Chance is drawn with core/csrc/splitmix64.h in the reference's order
 * (SixtoState.new's shuffle of the designs, turn.roll's randbelow(6) per die), so a seed deals
 * the same game.
 *
 * Nothing printed on a sheet is copied here: fast.py hands the designs' numbers, hit spaces
 * and locks over once (`init`, from rules.layout_for), and per game the options, the scoring
 * areas, the points table and the tensor's offsets (the params bytes, fast.py's _params).
 *
 * Pads: none, cross-blocks, cross-diagonals, hits and locked. Kris-Kras (117,651 action ids,
 * a legal list that can hold thousands) stays with the reference state: fast.py never builds
 * one for it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "params.h"
#include "splitmix64.h"

#define NUM_DICE 6
#define NUM_ROWS 6
#define NUM_DESIGNS 12
#define MAXW 12
#define MAXCELLS (NUM_ROWS * MAXW)
#define MAXP 6
#define TARGET 3       /* rules.TARGET */
#define HIT_BONUS 5    /* rules.HIT_BONUS */
#define REMOVALS_TO_END 3
#define SLOTS 7        /* tensor.SLOTS */
#define CHOICE0 2      /* actions.CHOICE0 */
#define MAXAREAS 32
#define MAXAREACELLS 224

/* rules.py cell codes */
enum { OPEN = 0, MARK = 1, LOST = 2, HIT = 3, VOID = 4, UNLOCKED = 5 };
static const uint8_t MARKED[6] = {0, 1, 0, 1, 0, 1};
/* rules.PADS */
enum { PAD_NONE = 0, PAD_CROSS_BLOCKS, PAD_CROSS_DIAGONALS, PAD_HITS, PAD_KRISKRAS, PAD_LOCKED };
/* turn.py phases */
enum { ROLL = 0, CHOOSE = 1, OVER = 2 };
/* turn.ENDINGS, 1-based (0: not over) */
enum { END_NONE = 0, END_DICE, END_STALLED, END_TURN_LIMIT };

/* tensor.py's slices, in _layout's order */
enum {
    O_SEAT, O_CUR, O_ACTIVE, O_PHASE, O_REROLLED, O_DICE, O_CHOSEN, O_MINE, O_HAS_CHOICE,
    O_CELLS, O_NUMBERS, O_COLORS, O_SPECIALS, O_SCORES, O_REMOVED, O_TURN, O_WINNER, O_ENDED,
    O_SIZE, O_COUNT
};

/* the params bytes (int32 each, fast.py's _params writes them in this order) */
enum {
    PR_N, PR_WIDTH, PR_PAD, PR_OPEN_AFTER, PR_TIEBREAK, PR_UNLOCK, PR_MAX_TURNS, PR_NACT,
    PR_RADIX, PR_UNLOCK0, PR_DESIGNS, PR_TABLE = PR_DESIGNS + MAXP, PR_NAREAS = PR_TABLE + 13,
    PR_AREA_START, PR_AREA_CELLS = PR_AREA_START + MAXAREAS + 1,
    PR_OFF = PR_AREA_CELLS + MAXAREACELLS, PR_SIZE = PR_OFF + O_COUNT
};

/* ------------------------------------------------------------------ the printed sheets */
/* per design (0-11): its numbers on the twelve- and six-space sheets, its hit spaces
 * (pad=hits) and its lock columns (pad=locked), from rules.layout_for (fast.py's _setup) */
static uint8_t NUMBERS12[NUM_DESIGNS][MAXCELLS], NUMBERS6[NUM_DESIGNS][NUM_ROWS * 6];
static uint8_t HITS[NUM_DESIGNS][MAXCELLS], LOCKS[NUM_DESIGNS][MAXCELLS];
static int tables_ok = 0;

typedef struct {
    int n, width, pad, open_after, tiebreak, unlock_mark, max_turns, nact, radix, unlock0;
    int designs[MAXP]; /* the designs per seat (option sheets), or -1: drawn at setup */
    int table[13];     /* rules.points_table */
    int nareas;
    int area_start[MAXAREAS + 1];
    uint8_t area_cells[MAXAREACELLS];
    int off[O_COUNT];
} Params;

typedef struct {
    uint64_t rng;
    int32_t pending[MAXP];
    int32_t turn;
    int32_t removed_at[NUM_DICE];
    int16_t score[MAXP], marks[MAXP];
    uint8_t cells[MAXP][MAXCELLS];
    uint8_t cursor[MAXP][NUM_ROWS];
    uint8_t design[MAXP];
    uint8_t dice[NUM_DICE];
    uint8_t removed[NUM_DICE];
    int8_t nremoved, phase, active, rerolled, chosen, winner, ended_by;
} Game;

static inline const uint8_t *numbers_of(const Params *P, int design) {
    return P->width == 12 ? NUMBERS12[design] : NUMBERS6[design];
}

/* ------------------------------------------------------------------ one sheet (rules.py) */
typedef struct {
    const Params *P;
    const uint8_t *num;   /* the printed numbers */
    const uint8_t *hits;  /* hit spaces (pad=hits) */
    const uint8_t *locks; /* lock spaces (pad=locked) */
    uint8_t *cells;
    uint8_t *cursor;
} Sheet;

static inline Sheet sheet_of(const Params *P, const Game *g, int q) {
    Sheet s;
    int d = g->design[q];
    s.P = P;
    s.num = numbers_of(P, d);
    s.hits = HITS[d];
    s.locks = LOCKS[d];
    s.cells = (uint8_t *)g->cells[q];
    s.cursor = (uint8_t *)g->cursor[q];
    return s;
}

/* rules.row_marks */
static int row_marks(const Sheet *s, int r) {
    int w = s->P->width, k = 0;
    const uint8_t *row = s->cells + r * w;
    for (int c = 0; c < w; c++) k += MARKED[row[c]];
    return k;
}

/* rules.target_marks */
static int target_marks(const Sheet *s, int r) {
    int w = s->P->width, k = 0;
    const uint8_t *row = s->cells + r * w;
    for (int c = w - TARGET; c < w; c++) k += MARKED[row[c]];
    return k;
}

/* rules.barrier: row r's next standing lock (pad=locked), or width */
static int barrier(const Sheet *s, int r) {
    int w = s->P->width;
    if (s->P->pad != PAD_LOCKED) return w;
    for (int c = s->cursor[r]; c < w; c++)
        if (s->locks[r * w + c] && s->cells[r * w + c] == OPEN) return c;
    return w;
}

/* rules.regular_column for a die of row r's own colour (every pad but Kris-Kras): the
 * leftmost open space showing value right of the row's last mark; -1 when there is none, it
 * lies beyond a standing lock or in a target area not open yet (fewer than open_after marks) */
static int regular_column(const Sheet *s, int r, int value, int marks) {
    int w = s->P->width;
    for (int c = s->cursor[r]; c < w; c++) {
        if (s->num[r * w + c] != value || s->cells[r * w + c] != OPEN) continue;
        if (c > barrier(s, r)) return -1;
        if (c >= w - TARGET && marks < s->P->open_after) return -1;
        return c;
    }
    return -1;
}

/* rules.next_open: row r's next open space (where a hit marks), -1 if none */
static int next_open(const Sheet *s, int r) {
    int w = s->P->width;
    for (int c = s->cursor[r]; c < w; c++)
        if (s->cells[r * w + c] == OPEN) return c;
    return -1;
}

/* the hit column of die d showing v (rules.die_options' hit / choice_marks' hit), -1: none */
static int hit_column(const Sheet *s, int d, int v) {
    int h = next_open(s, d), w = s->P->width;
    if (h < 0 || !s->hits[d * w + h] || s->num[d * w + h] == v) return -1;
    return h;
}

/* rules.apply_marks for one mark (one row per die: the order of rows does not matter) */
static void mark_space(Sheet *s, int r, int col, int hit) {
    int w = s->P->width;
    uint8_t *row = s->cells + r * w;
    for (int c = s->cursor[r]; c < col; c++)
        if (row[c] == OPEN) row[c] = LOST;
    row[col] = hit ? HIT : MARK;
    s->cursor[r] = (uint8_t)(col + 1);
}

/* rules.next_lock: row r's next lock that may be crossed off, -1 if none stands */
static int next_lock(const Sheet *s, int r) {
    int c = barrier(s, r);
    return c < s->P->width ? c : -1;
}

/* rules.cross_off_lock (D20): void leaves the lock crossed out; mark counts it as a mark and
 * loses the open spaces before it */
static void cross_off_lock(Sheet *s, int r) {
    int c = next_lock(s, r), w = s->P->width;
    uint8_t *row = s->cells + r * w;
    if (c < 0) return; /* never: the action was legal */
    if (!s->P->unlock_mark) {
        row[c] = VOID;
        return;
    }
    for (int j = s->cursor[r]; j < c; j++)
        if (row[j] == OPEN) row[j] = LOST;
    row[c] = UNLOCKED;
    s->cursor[r] = (uint8_t)(c + 1);
}

/* rules.row_alive */
static int row_alive(const Sheet *s, int r) {
    int w = s->P->width, ts = w - TARGET;
    int enough = row_marks(s, r) >= s->P->open_after;
    for (int c = s->cursor[r]; c < w; c++)
        if (s->cells[r * w + c] == OPEN && (c < ts || enough)) return 1;
    return 0;
}

/* rules.can_ever_mark (D11), every pad but Kris-Kras: a row of a die in play is alive */
static int can_ever_mark(const Sheet *s, const uint8_t *dice) {
    for (int r = 0; r < NUM_ROWS; r++)
        if (dice[r] && row_alive(s, r)) return 1;
    return 0;
}

/* rules.score_sheet: each area by its marks (the points table), plus HIT_BONUS for each hit
 * space marked the regular way (pad=hits); *marks: the sheet's marks */
static int score_sheet(const Sheet *s, int *marks) {
    const Params *P = s->P;
    int total = 0, k = 0, cells = NUM_ROWS * P->width;
    for (int a = 0; a < P->nareas; a++) {
        int m = 0;
        for (int i = P->area_start[a]; i < P->area_start[a + 1]; i++)
            m += MARKED[s->cells[P->area_cells[i]]];
        total += P->table[m];
    }
    for (int i = 0; i < cells; i++) k += MARKED[s->cells[i]];
    if (P->pad == PAD_HITS)
        for (int i = 0; i < cells; i++)
            if (s->hits[i] && s->cells[i] == MARK) total += HIT_BONUS;
    *marks = k;
    return total;
}

static void rescore(const Params *P, Game *g) {
    for (int q = 0; q < P->n; q++) {
        Sheet s = sheet_of(P, g, q);
        int m;
        g->score[q] = (int16_t)score_sheet(&s, &m);
        g->marks[q] = (int16_t)m;
    }
}

/* ------------------------------------------------------------------ the turn (turn.py) */
/* turn.roll: every die in play rolls (every die at setup) */
static void roll(Game *g) {
    for (int d = 0; d < NUM_DICE; d++)
        if (g->dice[d] || g->turn == 0) g->dice[d] = (uint8_t)(randbelow(&g->rng, 6) + 1);
}

/* turn.begin_turn */
static void begin_turn(const Params *P, Game *g, int active) {
    g->active = (int8_t)active;
    roll(g);
    g->turn++;
    g->phase = ROLL;
    g->rerolled = 0;
    for (int q = 0; q < P->n; q++) g->pending[q] = -1;
    g->chosen = 0;
}

/* turn.finish (D10-D13): the highest score wins; a tie is a draw, or with tiebreak=marks goes
 * to the tied player with the most marks */
static void finish(const Params *P, Game *g, int how) {
    int n = P->n, w = -1;
    g->phase = OVER;
    g->ended_by = (int8_t)how;
    if (n > 1) {
        int top = g->score[0], lead = 0, most = -1;
        for (int q = 1; q < n; q++)
            if (g->score[q] > top) top = g->score[q];
        for (int q = 0; q < n; q++)
            if (g->score[q] == top) {
                lead++;
                w = q;
            }
        if (lead > 1 && P->tiebreak) {
            for (int q = 0; q < n; q++)
                if (g->score[q] == top && g->marks[q] > most) most = g->marks[q];
            lead = 0;
            for (int q = 0; q < n; q++)
                if (g->score[q] == top && g->marks[q] == most) {
                    lead++;
                    w = q;
                }
        }
        if (lead != 1) w = -1;
    }
    g->winner = (int8_t)w;
    for (int q = 0; q < n; q++) g->pending[q] = -1;
    g->chosen = 0;
}

/* one seat's choice made on its sheet (turn.resolve's loop body: rules.choice_marks +
 * rules.apply_marks, or rules.cross_off_lock) */
static void make_choice(const Params *P, Game *g, int q, int a) {
    Sheet s = sheet_of(P, g, q);
    if (P->unlock0 >= 0 && a >= P->unlock0) {
        cross_off_lock(&s, a - P->unlock0);
        return;
    }
    int code = a - CHOICE0;
    int cols[NUM_DICE], hit[NUM_DICE];
    /* every column from the sheet as it was before this choice's marks (choice_marks) */
    for (int d = 0; d < NUM_DICE; d++, code /= P->radix) {
        int o = code % P->radix;
        cols[d] = -1;
        hit[d] = o == 2;
        if (o == 1) cols[d] = regular_column(&s, d, g->dice[d], row_marks(&s, d));
        else if (o == 2) cols[d] = hit_column(&s, d, g->dice[d]);
    }
    for (int d = 0; d < NUM_DICE; d++)
        if (cols[d] >= 0) mark_space(&s, d, cols[d], hit[d]);
}

/* turn.resolve: every player's marks, the dice removed, the end or the next turn (D8-D12) */
static void resolve(const Params *P, Game *g) {
    int n = P->n;
    for (int i = 0; i < n; i++) {
        int q = (g->active + i) % n;
        make_choice(P, g, q, g->pending[q]);
    }
    rescore(P, g);
    uint8_t closed[NUM_DICE];
    int nclosed = 0;
    for (int d = 0; d < NUM_DICE; d++) {
        if (!g->dice[d]) continue;
        for (int q = 0; q < n; q++) {
            Sheet s = sheet_of(P, g, q);
            if (target_marks(&s, d) >= 2) {
                closed[nclosed++] = (uint8_t)d;
                break;
            }
        }
    }
    for (int k = 0; k < nclosed; k++) {
        int d = closed[k];
        g->dice[d] = 0;
        g->removed[g->nremoved++] = (uint8_t)d;
        g->removed_at[d] = g->turn;
    }
    if (g->nremoved >= REMOVALS_TO_END) {
        finish(P, g, END_DICE);
        return;
    }
    int alive = 0;
    for (int q = 0; q < n && !alive; q++) {
        Sheet s = sheet_of(P, g, q);
        alive = can_ever_mark(&s, g->dice);
    }
    if (!alive)
        finish(P, g, END_STALLED);
    else if (g->turn >= P->max_turns)
        finish(P, g, END_TURN_LIMIT);
    else
        begin_turn(P, g, (g->active + 1) % n);
}

/* SixtoState.new (D3, D7): the designs dealt (shuffled, or option sheets), seat 0 rolls */
static void deal(const Params *P, Game *g, uint64_t seed) {
    g->rng = seed;
    if (P->designs[0] < 0) {
        uint8_t pool[NUM_DESIGNS];
        for (int i = 0; i < NUM_DESIGNS; i++) pool[i] = (uint8_t)i;
        shuffle_u8(&g->rng, pool, NUM_DESIGNS);
        for (int q = 0; q < P->n; q++) g->design[q] = pool[q];
    } else {
        for (int q = 0; q < P->n; q++) g->design[q] = (uint8_t)P->designs[q];
    }
    g->winner = -1;
    g->ended_by = END_NONE;
    begin_turn(P, g, 0);
}

/* SixtoState.chooser / current_player */
static inline int player_of(const Params *P, const Game *g) {
    if (g->phase == OVER) return -1;
    return g->phase == ROLL ? g->active : (g->active + g->chosen) % P->n;
}

/* the options of one die, ascending (rules.die_options, every pad but Kris-Kras) */
static int die_options(const Sheet *s, const Game *g, int d, int *opts) {
    int k = 0, v = g->dice[d];
    opts[k++] = 0;
    if (!v) return k;
    if (regular_column(s, d, v, row_marks(s, d)) >= 0) opts[k++] = 1;
    if (s->P->pad == PAD_HITS && hit_column(s, d, v) >= 0) opts[k++] = 2;
    return k;
}

/* SixtoState.legal_for(seat) -> sorted ids: rules.legal_choices (every combination of the
 * dice's options: one row per die), then the unlock ids (pad=locked) */
static int legal_for(const Params *P, const Game *g, int q, int *out) {
    Sheet s = sheet_of(P, g, q);
    int opts[NUM_DICE][3], nopt[NUM_DICE], scale[NUM_DICE], idx[NUM_DICE];
    for (int d = 0, sc = 1; d < NUM_DICE; d++, sc *= P->radix) {
        nopt[d] = die_options(&s, g, d, opts[d]);
        scale[d] = sc;
        idx[d] = 0;
    }
    /* ascending codes: an odometer whose most significant digit is the last die */
    int k = 0;
    for (;;) {
        int code = 0;
        for (int d = 0; d < NUM_DICE; d++) code += opts[d][idx[d]] * scale[d];
        out[k++] = CHOICE0 + code;
        int d = 0;
        while (d < NUM_DICE && ++idx[d] == nopt[d]) idx[d++] = 0;
        if (d == NUM_DICE) break;
    }
    if (P->pad == PAD_LOCKED)
        for (int r = 0; r < NUM_ROWS; r++)
            if (g->dice[r] && next_lock(&s, r) >= 0) out[k++] = P->unlock0 + r;
    return k;
}

/* SixtoState._compute_legal */
static int legal_actions(const Params *P, const Game *g, int *out) {
    if (g->phase == OVER) return 0;
    if (g->phase == ROLL) {
        out[0] = 0; /* keep */
        out[1] = 1; /* reroll */
        return 2;
    }
    return legal_for(P, g, player_of(P, g), out);
}

/* SixtoState.apply_action (a legal action) */
static void apply(const Params *P, Game *g, int a) {
    int p = player_of(P, g);
    if (g->phase == ROLL) {
        if (a == 1) {
            roll(g);
            g->rerolled = 1;
        }
        g->phase = CHOOSE;
        return;
    }
    g->pending[p] = a;
    g->chosen++;
    if (g->chosen < P->n) return;
    resolve(P, g);
}

/* ------------------------------------------------------------------ the tensor (tensor.py) */
/* tensor.writer's write(state, player): encode_observation(observation(me)); me = -1 for the
 * spectator */
static void write_obs(const Params *P, const Game *g, int me, float *x) {
    const int *off = P->off;
    int n = P->n, cells = NUM_ROWS * P->width;
    int base = me < 0 ? 0 : me;
    memset(x, 0, (size_t)off[O_SIZE] * sizeof(float));
    if (me >= 0) x[off[O_SEAT] + me] = 1.0f;
    int cur = player_of(P, g);
    if (cur >= 0) x[off[O_CUR] + (cur - base + n) % n] = 1.0f;
    x[off[O_ACTIVE] + (g->active - base + n) % n] = 1.0f;
    x[off[O_PHASE] + g->phase] = 1.0f;
    if (g->rerolled) x[off[O_REROLLED]] = 1.0f;
    for (int d = 0; d < NUM_DICE; d++) x[off[O_DICE] + d * 7 + g->dice[d]] = 1.0f;
    if (me >= 0 && g->phase == CHOOSE && g->pending[me] >= 0) {
        int a = g->pending[me];
        x[off[O_HAS_CHOICE]] = 1.0f;
        if (P->unlock0 >= 0 && a >= P->unlock0) {
            x[off[O_MINE] + NUM_DICE * SLOTS + a - P->unlock0] = 1.0f;
        } else {
            int code = a - CHOICE0;
            for (int d = 0; d < NUM_DICE; d++, code /= P->radix)
                x[off[O_MINE] + d * SLOTS + code % P->radix] = 1.0f;
        }
    }
    for (int k = 0; k < n; k++) {
        int s = (base + k) % n, design = g->design[s];
        if (g->phase == CHOOSE && g->pending[s] >= 0) x[off[O_CHOSEN] + k] = 1.0f;
        const uint8_t *code = g->cells[s], *num = numbers_of(P, design);
        float *xc = x + off[O_CELLS] + k * cells * 6;
        float *xn = x + off[O_NUMBERS] + k * cells * 6;
        float *xk = x + off[O_COLORS] + k * cells * 6;
        float *xs = x + off[O_SPECIALS] + k * cells * 2;
        for (int i = 0; i < cells; i++) {
            xc[i * 6 + code[i]] = 1.0f;
            xn[i * 6 + num[i] - 1] = 1.0f;
            xk[i * 6 + i / P->width] = 1.0f; /* the row's own colour (every pad but Kris-Kras) */
        }
        if (P->pad == PAD_HITS)
            for (int i = 0; i < cells; i++)
                if (HITS[design][i]) xs[i * 2] = 1.0f;
        if (P->pad == PAD_LOCKED)
            for (int i = 0; i < cells; i++)
                if (LOCKS[design][i]) xs[i * 2 + 1] = 1.0f;
        double sc = ((double)g->score[s] + 100.0) / 500.0; /* tensor.SCORE_LOW, SCORE_SPAN */
        x[off[O_SCORES] + k] = (float)(sc < 0.0 ? 0.0 : sc > 1.0 ? 1.0 : sc);
    }
    x[off[O_REMOVED] + (g->nremoved < 3 ? g->nremoved : 3)] = 1.0f;
    double t = (double)g->turn / (double)P->max_turns;
    x[off[O_TURN]] = (float)(t < 1.0 ? t : 1.0);
    if (g->winner >= 0) x[off[O_WINNER] + (g->winner - base + n) % n] = 1.0f;
    if (g->ended_by) x[off[O_ENDED] + g->ended_by - 1] = 1.0f;
}

/* ------------------------------------------------------------------ the game, for faststate.h */
typedef Params FS_PARAMS;
typedef Game FS_GAME;
#define FS_NACT 731     /* the most of the pads here (hits: 2 + 3**6); each game's own: nact */
#define FS_MAXLEGAL 736 /* hits: 3**6 choices; locked: 2**6 + 6 */
#define FS_MAXPLAYERS MAXP
#define FS_GAME_NACT(P) ((P)->nact)
#define FS_TYPE_NAME "ninetynine.games.sixto._fast.FastState"
#define FS_TITLE "Sixto"

static int fs_game_params(PyObject *params, Params *P) {
    Py_buffer v;
    if (check_init(tables_ok) < 0) return -1;
    if (PyObject_GetBuffer(params, &v, PyBUF_SIMPLE) < 0) return -1;
    if (v.len != PR_SIZE * 4) {
        PyErr_Format(PyExc_ValueError, "params: %d int32 values, not %zd bytes", PR_SIZE, v.len);
        PyBuffer_Release(&v);
        return -1;
    }
    int32_t x[PR_SIZE];
    memcpy(x, v.buf, sizeof x);
    PyBuffer_Release(&v);
    memset(P, 0, sizeof *P);
    P->n = x[PR_N];
    P->width = x[PR_WIDTH];
    P->pad = x[PR_PAD];
    P->open_after = x[PR_OPEN_AFTER];
    P->tiebreak = x[PR_TIEBREAK];
    P->unlock_mark = x[PR_UNLOCK];
    P->max_turns = x[PR_MAX_TURNS];
    P->nact = x[PR_NACT];
    P->radix = x[PR_RADIX];
    P->unlock0 = x[PR_UNLOCK0];
    P->nareas = x[PR_NAREAS];
    int ok = P->n >= 1 && P->n <= MAXP && (P->width == 12 || P->width == 6) &&
             P->pad >= 0 && P->pad <= PAD_LOCKED && P->pad != PAD_KRISKRAS &&
             (P->radix == (P->pad == PAD_HITS ? 3 : 2)) && P->nact >= 2 && P->nact <= FS_NACT &&
             P->max_turns >= 1 && P->nareas >= 0 && P->nareas <= MAXAREAS;
    for (int q = 0; q < MAXP; q++) {
        P->designs[q] = x[PR_DESIGNS + q];
        ok = ok && P->designs[q] >= -1 && P->designs[q] < NUM_DESIGNS;
    }
    for (int i = 0; i < 13; i++) P->table[i] = x[PR_TABLE + i];
    for (int a = 0; ok && a <= P->nareas; a++) {
        P->area_start[a] = x[PR_AREA_START + a];
        ok = P->area_start[a] >= 0 && P->area_start[a] <= MAXAREACELLS &&
             (a == 0 || (P->area_start[a] >= P->area_start[a - 1] &&
                         P->area_start[a] - P->area_start[a - 1] <= 12));
    }
    for (int i = 0; ok && i < MAXAREACELLS; i++) {
        int c = x[PR_AREA_CELLS + i];
        ok = c >= 0 && c < NUM_ROWS * P->width;
        P->area_cells[i] = (uint8_t)c;
    }
    for (int i = 0; i < O_COUNT; i++) P->off[i] = x[PR_OFF + i];
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "params: not a Sixto configuration of this module");
        return -1;
    }
    return 0;
}
static int fs_game_player(const Params *P, const Game *g) { return player_of(P, g); }
static int fs_game_winner(const Params *P, const Game *g) {
    (void)P;
    return g->phase == OVER ? g->winner : -1;
}
/* SixtoState.returns (D13): 2-6 players +1 the winner, -1 the others, all 0 a draw; alone,
 * the score; all 0 before the end */
static void fs_game_returns(const Params *P, const Game *g, double *out) {
    for (int i = 0; i < P->n; i++) {
        if (g->phase != OVER) out[i] = 0.0;
        else if (P->n == 1) out[i] = g->score[i];
        else out[i] = g->winner < 0 ? 0.0 : (i == g->winner ? 1.0 : -1.0);
    }
}
/* SixtoState.scores: each sheet's score as it stands (D5) */
static void fs_game_scores(const Params *P, const Game *g, double *out) {
    for (int i = 0; i < P->n; i++) out[i] = g->score[i];
}

#define FS_GAME_PARAMS fs_game_params /* its own: the sheets checked too */
#define FS_GAME_RETURNS fs_game_returns
#include "faststate.h"
#include "faststate_random.h" /* play_random_agents */

/* init(numbers12, numbers6, hits, locks): the printed sheets of the twelve designs, one byte a
 * space (rules.layout_for's numbers on either width, its hit spaces and its lock spaces) */
static PyObject *py_init(PyObject *self, PyObject *args) {
    Py_buffer b[4];
    static const Py_ssize_t want[4] = {sizeof NUMBERS12, sizeof NUMBERS6, sizeof HITS,
                                       sizeof LOCKS};
    uint8_t *dst[4] = {&NUMBERS12[0][0], &NUMBERS6[0][0], &HITS[0][0], &LOCKS[0][0]};
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*y*", &b[0], &b[1], &b[2], &b[3])) return NULL;
    int ok = 1;
    for (int i = 0; i < 4; i++) ok = ok && b[i].len == want[i];
    if (ok)
        for (int i = 0; i < 4; i++) memcpy(dst[i], b[i].buf, (size_t)want[i]);
    for (int i = 0; i < 4; i++) PyBuffer_Release(&b[i]);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "init: the tables of 12 designs, one byte a space");
        return NULL;
    }
    tables_ok = 1;
    Py_RETURN_NONE;
}

/* simultaneous_players() -> SixtoState.simultaneous_players: the seats yet to choose for this
 * roll, the current chooser first and then to the left (D9); the active player when it has to
 * keep or reroll; none at the end */
static PyObject *fs_simultaneous_players(FastState *s, PyObject *unused) {
    const Game *g = &s->g;
    int n = s->P.n, out[MAXP], k = 0;
    (void)unused;
    if (g->phase == ROLL) out[k++] = g->active;
    else if (g->phase == CHOOSE)
        for (int i = g->chosen; i < n; i++) out[k++] = (g->active + i) % n;
    return fs_int_list(out, k);
}

/* legal_for(seat) -> SixtoState.legal_for: the choices seat has for the dice on the table */
static PyObject *fs_legal_for(FastState *s, PyObject *arg) {
    int out[FS_MAXLEGAL], q = fs_seat(arg, s->P.n);
    if (q < 0) return NULL;
    return fs_int_list(out, legal_for(&s->P, &s->g, q, out));
}

#define FS_EXTRA_METHODS                                                                   \
    {"simultaneous_players", (PyCFunction)fs_simultaneous_players, METH_NOARGS,             \
     "The seats that choose now without seeing one another's choice, in the order their "  \
     "actions are applied (SixtoState.simultaneous_players)."},                              \
    {"legal_for", (PyCFunction)fs_legal_for, METH_O,                                         \
     "legal_for(seat) -> the choices seat has for the dice on the table, sorted ids "         \
     "(SixtoState.legal_for)."},                                                                \
    FS_RANDOM_AGENTS_METHOD
#define FS_EXTRA_MODULE_METHODS \
    {"init", py_init, METH_VARARGS, "init(numbers12, numbers6, hits, locks): the sheets"},
#define FS_INT_CONSTANTS {"PARAMS_SIZE", PR_SIZE}, {"GAME_SIZE", (long)sizeof(Game)}
/* bumped with every change of this file (fast.py refuses another version) */
#define FS_VERSION 3
#include "faststate_module.h"
