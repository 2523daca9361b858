/* One Tripwire game as a Python object: the single-game fast state (games/tripwire/fast.py
 * wraps it as TripwireFastState, a State of the core protocol).
 *
 * A transcription of the reference engine: state.py (TripwireState.new, _plays, has_play,
 * _compute_legal, apply_action), turn.py (play, end_turn, launch, answer, after_turn,
 * begin_turn, loses_bonus, draw_cards, win, fewest, block, finish) and tensor.py (writer, the
 * same floats at the same offsets as encode(observation(p))). Each step below names the
 * Python function it mirrors. Chance is drawn with the reference's SplitMix64 calls in its
 * order (core/csrc/splitmix64.h, core/rng.py), so a seed deals the same game.
 *
 * Nothing of the rules' data is copied here: what a card does to a dock (rules.outcome_table,
 * rules.valid_slots), which card a dock slot plays (rules.slot_card), the Neutral Chain's
 * kinds (cards.is_neutral_chain) come from Python through init() and rules(); the options,
 * the deck and the tensor's offsets and scales through the params (fast.py). The constants
 * below (card kinds, action ids, effects) are checked against the Python modules by fast.py
 * at import: another value refuses the build as out of date.
 *
 * play_random_agents (core/csrc/faststate_random.h) plays the Gymnasium env's random bots.
 *
 * Every option of the game is supported (per_dock, priming, stop_early, volt_bonus, stasis,
 * chain, must_null, penalty_timing, bonus_no_play, wall, deck, max_turns).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include "params.h"
#include "splitmix64.h"

/* ------------------------------------------------------------------ constants (checked) */
#define NKINDS 44    /* cards.NUM_KINDS */
#define K_VOLT 39    /* cards.VOLT */
#define K_NULL 43    /* cards.NULL */
#define NSLOTS 50    /* rules.SLOTS */
#define NCODES 30    /* a dock's (colour, value): colour * 10 + value */
#define NDOCKS 3     /* actions.NUM_DOCKS */
#define A_NULL 150   /* actions.NULL_ACTION */
#define A_TAKE 151   /* actions.TAKE */
#define A_DRAW 152   /* actions.DRAW */
#define A_END 153    /* actions.END */
#define NACT 154     /* actions.NUM_ACTIONS */
#define HAND_SIZE 7  /* state.HAND_SIZE */
#define EFF_NUMBER 2 /* rules.NUMBER ... */
#define EFF_STASIS 7
#define EFF_DEFUSE 8
#define EFF_TRIPWIRE 9
#define EFF_NONE 255 /* not a valid play */
#define MAXCARDS 128 /* 38 single cards + 6 kinds of at most cards.MAX_COPIES (15) */
#define MAXP 6       /* TripwireGame.max_players */
/* phase (turn.PLAY, WAVE, OVER) and ended_by (none, turn.CLEAR, BLOCKED, TURN_LIMIT) */
enum { PLAY, WAVE, OVER };
enum { END_NONE, END_CLEAR, END_BLOCKED, END_TURN_LIMIT };

/* ------------------------------------------------------------------ the rules' tables */
/* rules.slot_card and cards.is_neutral_chain (init) */
static uint8_t slot_card[NSLOTS];
static uint8_t neutral_kind[NKINDS];
static int tables_ready = 0;

/* One RuleSet's tables (rules()): outcome[code][j] = (effect or EFF_NONE, colour, value),
 * valid[code][kind] = (number of slots, slot, slot): rules.outcome_table, rules.valid_slots */
typedef struct {
    uint8_t outcome[NCODES][NSLOTS][3];
    uint8_t valid[NCODES][NKINDS][3];
} RuleTables;
#define MAXRULES 16
static RuleTables rule_tables[MAXRULES];
static int n_rule_tables = 0;

/* ------------------------------------------------------------------ the params */
/* The params (fast.py builds them by these names, in this order: PARAM_FIELDS) */
enum {
    PR_N,               /* num_players */
    PR_ONE_PER_DOCK,    /* per_dock == "one" */
    PR_STOP_EARLY,      /* stop_early */
    PR_VOLT_ALWAYS,     /* volt_bonus == "always" */
    PR_CHAIN_PROTOCOL,  /* chain == "protocol" */
    PR_MUST_NULL,       /* must_null */
    PR_TURN_WAVES,      /* penalty_timing == "turn" */
    PR_LOSE_IDLE_BONUS, /* bonus_no_play == "lose" */
    PR_WALL_ALL,        /* wall == "all" */
    PR_MAX_TURNS,       /* game.max_turns (auto resolved) */
    PR_RULES,           /* the index rules() gave the game's RuleSet */
    PR_COUNTS,          /* game.counts: 44 */
    PR_SCALES = PR_COUNTS + NKINDS, /* tensor scales: SC_* */
    PR_OFF = PR_SCALES + 8,         /* the tensor's slice starts (O_*), then its size */
};
/* tensor.py's scales, in this order (names in SCALES) */
enum { SC_STACK, SC_HAND, SC_SKIP, SC_PLAYED, SC_UNIT, SC_RESHUFFLE, SC_TURN, SC_COPIES };
static const char *scale_names[8] = {"STACK_SCALE", "HAND_SCALE",      "SKIP_SCALE",
                                     "PLAYED_SCALE", "UNIT_SCALE",      "RESHUFFLE_SCALE",
                                     "TURN_SCALE",  "MAX_COPIES"};
/* tensor.py's slices, in layout order (names in TENSOR_SLICES); O_SIZE: the length */
enum {
    O_HAND, O_HAS_HAND, O_SEAT, O_CUR, O_TURN_PLAYER, O_PHASE, O_BONUS, O_COLOR, O_VALUE,
    O_STACK, O_STACK_SIZE, O_SIDE, O_DRAW, O_HSIZES, O_SKIPS, O_PLAYED, O_TDOCKS, O_TFULL,
    O_TNEUTRAL, O_TUNITS, O_TBONUS, O_TTRIPLE_OK, O_TTRIPLE, O_WAVE, O_WINIT, O_WUNITS,
    O_WLEFT, O_WTARGET, O_LAST_SEAT, O_LAST_ACTION, O_DECK, O_RESHUFFLES, O_TURN, O_WINNER,
    O_ENDED, O_SIZE
};
static const char *slice_names[O_SIZE] = {
    "hand", "has_hand", "seat", "current_player", "turn_player", "phase", "bonus_turn",
    "dock_color", "dock_value", "dock_stack", "dock_stack_size", "side_pile", "draw_size",
    "hand_sizes", "skips", "turn_played", "turn_docks", "turn_full", "turn_neutral_dock",
    "turn_units", "turn_bonus", "turn_triple_possible", "turn_triple", "wave_active",
    "wave_initiator", "wave_units", "wave_remaining", "wave_target", "last_seat", "last_action",
    "deck", "reshuffles", "turn", "winner", "ended_by"};
#define PR_SIZE (PR_OFF + O_SIZE + 1)

typedef struct {
    int n, one_per_dock, stop_early, volt_always, chain_protocol, must_null, turn_waves,
        lose_idle_bonus, wall_all, max_turns;
    int counts[NKINDS];
    int total; /* cards in the deck */
    int scale[8];
    int off[O_SIZE + 1];
    const RuleTables *R;
} Params;

/* ------------------------------------------------------------------ the position */
typedef struct {
    uint64_t rng;               /* TripwireState.rng's state */
    uint8_t hand[MAXP][NKINDS]; /* hands: copies per kind (the reference keeps them sorted) */
    int16_t hand_n[MAXP];
    uint8_t draw[MAXCARDS];     /* the draw pile, top last */
    uint8_t side[MAXCARDS];     /* the side pile, bottom first */
    uint8_t stack[NDOCKS][MAXCARDS]; /* docks: each stack, bottom first */
    int16_t draw_n, side_n, stack_n[NDOCKS];
    int8_t colors[NDOCKS], values[NDOCKS];
    int32_t skips[MAXP];
    int32_t turn;
    int8_t phase, player, bonus_turn;
    /* this turn (turn.reset_turn) */
    int16_t t_played;
    int8_t t_docks, t_full, t_neutral, t_bonus, t_triple_ok, t_triple;
    int32_t t_units;
    /* the Attack Wave (turn.clear_wave) */
    int8_t w_init, w_target;
    int32_t w_units, w_left;
    int8_t last_seat; /* -1: no last move */
    int16_t last_action;
    int32_t reshuffles;
    int8_t winner, ended_by;
} Game;

/* ------------------------------------------------------------------ rule steps */
/* turn.reset_turn */
static void reset_turn(Game *g) {
    g->t_played = 0;
    g->t_docks = 0;
    g->t_full = 0;
    g->t_neutral = -1;
    g->t_units = 0;
    g->t_bonus = 0;
    g->t_triple_ok = 0;
    g->t_triple = 0;
}

/* turn.clear_wave */
static void clear_wave(Game *g) {
    g->w_init = -1;
    g->w_units = 0;
    g->w_left = 0;
    g->w_target = -1;
}

/* TripwireState.has_play: seat p has a valid play at the start of a turn */
static int has_play(const Params *P, const Game *g, int p) {
    const RuleTables *R = P->R;
    const uint8_t *h = g->hand[p];
    for (int d = 0; d < NDOCKS; d++) {
        int code = g->colors[d] * 10 + g->values[d];
        for (int k = 0; k < NKINDS; k++)
            if (h[k] && R->valid[code][k][0]) return 1;
    }
    return 0;
}

/* turn.fewest: the seat with the fewest cards, -1 if several share the fewest */
static int fewest(const Params *P, const Game *g) {
    int low = g->hand_n[0], who = 0, ties = 1;
    for (int i = 1; i < P->n; i++) {
        if (g->hand_n[i] < low) {
            low = g->hand_n[i];
            who = i;
            ties = 1;
        } else if (g->hand_n[i] == low) {
            ties++;
        }
    }
    return ties == 1 ? who : -1;
}

/* turn.finish */
static void finish(Game *g, int w, int how) {
    g->winner = (int8_t)w;
    g->ended_by = (int8_t)how;
    g->phase = OVER;
    if (g->w_init >= 0) clear_wave(g);
}

/* turn.draw_cards: k cards for p, the side pile reshuffled into an empty draw pile */
static void draw_cards(Game *g, int p, int k) {
    int got = 0;
    for (int i = 0; i < k; i++) {
        if (!g->draw_n) {
            if (!g->side_n) break;
            memcpy(g->draw, g->side, (size_t)g->side_n);
            g->draw_n = g->side_n;
            g->side_n = 0;
            shuffle_u8(&g->rng, g->draw, g->draw_n);
            g->reshuffles++;
        }
        g->hand[p][g->draw[--g->draw_n]]++;
        got++;
    }
    g->hand_n[p] += (int16_t)got;
}

/* turn.begin_turn: the safety stop, the blocked game, owed skips, a lost bonus turn */
static void begin_turn(const Params *P, Game *g, int q, int bonus) {
    int n = P->n;
    for (;;) {
        if (g->turn >= P->max_turns) {
            finish(g, fewest(P, g), END_TURN_LIMIT);
            return;
        }
        if (!g->draw_n && !g->side_n) {
            int any = 0;
            for (int i = 0; i < n && !any; i++) any = has_play(P, g, i);
            if (!any) { /* turn.block */
                finish(g, fewest(P, g), END_BLOCKED);
                return;
            }
        }
        if (g->skips[q]) {
            g->skips[q]--;
        } else if (bonus && P->lose_idle_bonus && !has_play(P, g, q)) { /* turn.loses_bonus */
        } else {
            break;
        }
        q = (q + 1) % n;
        bonus = 0;
    }
    g->turn++;
    g->player = (int8_t)q;
    g->phase = PLAY;
    g->bonus_turn = (int8_t)bonus;
    reset_turn(g);
    g->t_triple_ok = g->values[0] && g->values[1] && g->values[2];
}

/* turn.after_turn: the bonus turn or the next player's */
static void after_turn(const Params *P, Game *g, int p) {
    if (g->t_bonus)
        begin_turn(P, g, p, 1);
    else
        begin_turn(P, g, (p + 1) % P->n, 0);
}

/* turn.launch: an Attack Wave of units from p */
static void launch(const Params *P, Game *g, int p, int units) {
    g->w_init = (int8_t)p;
    g->w_units = g->w_left = units;
    g->phase = WAVE;
    g->w_target = (int8_t)((p + 1) % P->n);
}

/* turn.play: one card on a dock, its effects, a System Clear (turn.win) */
static void play(const Params *P, Game *g, int p, int action) {
    int d = action / NSLOTS, j = action % NSLOTS;
    int k = slot_card[j];
    g->hand[p][k]--;
    g->hand_n[p]--;
    int units_before = g->t_units;
    const uint8_t *res = P->R->outcome[g->colors[d] * 10 + g->values[d]][j];
    int effect = res[0];
    g->stack[d][g->stack_n[d]++] = (uint8_t)k;
    g->t_played++;
    g->t_docks |= (int8_t)(1 << d);
    if (neutral_kind[k])
        g->t_neutral = (int8_t)d;
    else if (P->one_per_dock)
        g->t_full |= (int8_t)(1 << d);
    if (effect == EFF_DEFUSE || effect == EFF_TRIPWIRE) {
        memcpy(g->side + g->side_n, g->stack[d], (size_t)g->stack_n[d]);
        g->side_n += g->stack_n[d];
        g->stack_n[d] = 0;
        g->colors[d] = (int8_t)d; /* the marker's colour again */
        g->values[d] = 0;
        if (effect == EFF_DEFUSE) {
            g->t_bonus = 1;
        } else {
            g->t_units++;
            if (k == K_VOLT && P->volt_always) g->t_bonus = 1;
        }
    } else {
        g->colors[d] = (int8_t)res[1];
        g->values[d] = (int8_t)res[2];
        if (effect == EFF_STASIS) g->t_units++;
    }
    if (g->t_triple_ok && !g->t_triple && g->t_docks == 7) {
        g->t_triple = 1;
        g->t_units++;
    }
    int new_units = g->t_units - units_before;
    if (!g->hand_n[p])
        finish(g, p, END_CLEAR); /* turn.win: the game ends at once */
    else if (new_units && !P->turn_waves)
        launch(P, g, p, new_units);
}

/* turn.end_turn: the turn's Attack Wave (penalty_timing=turn), else turn.after_turn */
static void end_turn(const Params *P, Game *g, int p) {
    int units = P->turn_waves ? g->t_units : 0;
    if (!units)
        after_turn(P, g, p);
    else
        launch(P, g, p, units);
}

/* turn.answer: a target's null or take */
static void answer(const Params *P, Game *g, int action) {
    int t = g->w_target;
    int left = g->w_left;
    g->last_seat = (int8_t)t;
    g->last_action = (int16_t)action;
    if (action == A_NULL) {
        g->hand[t][K_NULL]--;
        g->hand_n[t]--;
        g->side[g->side_n++] = K_NULL;
        g->w_left = left - (P->chain_protocol ? 1 : 0);
        if (!g->hand_n[t]) {
            finish(g, t, END_CLEAR);
            return;
        }
    } else {
        int wall = t == g->w_init;
        int absorb = wall ? (P->wall_all ? left : 1) : (P->chain_protocol ? 1 : left);
        draw_cards(g, t, absorb);
        g->skips[t] += absorb;
        g->w_left = left - absorb;
        if (wall && g->w_left) g->w_left = 0; /* the rest is stopped */
    }
    if (g->w_left) {
        g->w_target = (int8_t)((t + 1) % P->n);
        return;
    }
    int init = g->w_init;
    clear_wave(g);
    g->phase = PLAY;
    if (P->turn_waves) after_turn(P, g, init);
}

/* TripwireState.new (and core.util.deal_hands): shuffle, deal 7 each from seat 0, begin */
static void deal(const Params *P, Game *g, uint64_t seed) {
    int n = P->n, m = 0;
    memset(g, 0, sizeof(Game));
    g->rng = seed;
    for (int k = 0; k < NKINDS; k++)
        for (int c = 0; c < P->counts[k]; c++) g->draw[m++] = (uint8_t)k;
    shuffle_u8(&g->rng, g->draw, m);
    for (int r = 0; r < HAND_SIZE; r++)
        for (int i = 0; i < n; i++) g->hand[i][g->draw[--m]]++;
    g->draw_n = (int16_t)m;
    for (int i = 0; i < n; i++) g->hand_n[i] = HAND_SIZE;
    for (int d = 0; d < NDOCKS; d++) g->colors[d] = (int8_t)d;
    g->phase = PLAY;
    reset_turn(g);
    clear_wave(g);
    g->last_seat = -1;
    g->winner = -1;
    g->ended_by = END_NONE;
    begin_turn(P, g, 0, 0);
}

/* TripwireState._plays: the valid plays of p, by dock, kind and slot (sorted ids) */
static int plays(const Params *P, const Game *g, int p, int *out) {
    const RuleTables *R = P->R;
    const uint8_t *h = g->hand[p];
    int neutral = g->t_neutral, m = 0;
    for (int d = 0; d < NDOCKS; d++) {
        const uint8_t(*row)[3] = R->valid[g->colors[d] * 10 + g->values[d]];
        int base = d * NSLOTS, closed = g->t_full >> d & 1;
        for (int k = 0; k < NKINDS; k++) {
            if (!h[k] || !row[k][0]) continue;
            if (neutral_kind[k]) {
                if (neutral >= 0 && neutral != d) continue;
            } else if (closed) {
                continue;
            }
            for (int i = 0; i < row[k][0]; i++) out[m++] = base + row[k][1 + i];
        }
    }
    return m;
}

/* TripwireState._compute_legal */
static int legal_actions(const Params *P, const Game *g, int *out) {
    if (g->phase == OVER) return 0;
    if (g->phase == WAVE) {
        int t = g->w_target;
        if (t != g->w_init && g->hand[t][K_NULL]) {
            out[0] = A_NULL;
            if (P->must_null) return 1;
            out[1] = A_TAKE;
            return 2;
        }
        out[0] = A_TAKE;
        return 1;
    }
    int m = plays(P, g, g->player, out);
    if (g->t_played == 0) {
        if (!m) out[m++] = A_DRAW;
        return m;
    }
    if (P->stop_early || !m) out[m++] = A_END;
    return m;
}

/* TripwireState.apply_action (a legal action) */
static void apply(const Params *P, Game *g, int action) {
    if (g->phase == WAVE) {
        answer(P, g, action);
        return;
    }
    int p = g->player;
    g->last_seat = (int8_t)p;
    g->last_action = (int16_t)action;
    if (action < A_NULL) {
        play(P, g, p, action);
    } else if (action == A_END) {
        end_turn(P, g, p);
    } else { /* draw: no valid play */
        draw_cards(g, p, 1);
        begin_turn(P, g, (p + 1) % P->n, 0);
    }
}

/* ------------------------------------------------------------------ the tensor */
/* core.tensor.fraction: value / scale capped at 1, 0 for no count (double, then float32) */
static inline float fraction(int value, int scale) {
    if (value <= 0 || scale <= 0) return 0.0f;
    double v = (double)value / (double)scale;
    return (float)(v < 1.0 ? v : 1.0);
}

/* tensor.writer's kinds(): copies per kind / copies in the deck */
static void write_kinds(const Params *P, float *x, const uint8_t *cards, int m) {
    int c[NKINDS];
    memset(c, 0, sizeof c);
    for (int i = 0; i < m; i++) c[cards[i]]++;
    for (int k = 0; k < NKINDS; k++)
        if (c[k]) x[k] = fraction(c[k], P->counts[k]);
}

/* tensor.writer: encode(game, observation(me)) straight from the position (me = -1: the
 * spectator); reads only what observation(me) shows */
static void write_obs(const Params *P, const Game *g, int me, float *x) {
    const int *o = P->off, *sc = P->scale;
    int n = P->n;
    memset(x, 0, (size_t)o[O_SIZE] * sizeof(float));
    for (int k = 0; k < NKINDS; k++) x[o[O_DECK] + k] = fraction(P->counts[k], sc[SC_COPIES]);
    int r = me < 0 ? 0 : me; /* seats relative to r */
    if (me >= 0) {
        for (int k = 0; k < NKINDS; k++)
            if (g->hand[me][k]) x[o[O_HAND] + k] = fraction(g->hand[me][k], P->counts[k]);
        x[o[O_HAS_HAND]] = 1.0f;
        x[o[O_SEAT] + me] = 1.0f;
    }
    if (g->phase != OVER) {
        int cur = g->phase == WAVE ? g->w_target : g->player;
        x[o[O_CUR] + (cur - r + n) % n] = 1.0f;
    }
    x[o[O_TURN_PLAYER] + (g->player - r + n) % n] = 1.0f;
    x[o[O_PHASE] + g->phase] = 1.0f;
    if (g->bonus_turn) x[o[O_BONUS]] = 1.0f;
    for (int d = 0; d < NDOCKS; d++) {
        x[o[O_COLOR] + d * 3 + g->colors[d]] = 1.0f;
        x[o[O_VALUE] + d * 11 + g->values[d]] = 1.0f;
        if (g->stack_n[d]) {
            write_kinds(P, x + o[O_STACK] + d * NKINDS, g->stack[d], g->stack_n[d]);
            x[o[O_STACK_SIZE] + d] = fraction(g->stack_n[d], sc[SC_STACK]);
        }
    }
    if (g->side_n) write_kinds(P, x + o[O_SIDE], g->side, g->side_n);
    x[o[O_DRAW]] = fraction(g->draw_n, P->total);
    for (int k = 0; k < n; k++) {
        int s = (r + k) % n;
        x[o[O_HSIZES] + k] = fraction(g->hand_n[s], sc[SC_HAND]);
        x[o[O_SKIPS] + k] = fraction(g->skips[s], sc[SC_SKIP]);
    }
    x[o[O_PLAYED]] = fraction(g->t_played, sc[SC_PLAYED]);
    for (int d = 0; d < NDOCKS; d++) {
        if (g->t_docks >> d & 1) x[o[O_TDOCKS] + d] = 1.0f;
        if (g->t_full >> d & 1) x[o[O_TFULL] + d] = 1.0f;
    }
    x[o[O_TNEUTRAL] + g->t_neutral + 1] = 1.0f;
    x[o[O_TUNITS]] = fraction(g->t_units, sc[SC_UNIT]);
    if (g->t_bonus) x[o[O_TBONUS]] = 1.0f;
    if (g->t_triple_ok) x[o[O_TTRIPLE_OK]] = 1.0f;
    if (g->t_triple) x[o[O_TTRIPLE]] = 1.0f;
    if (g->phase == WAVE) {
        x[o[O_WAVE]] = 1.0f;
        x[o[O_WINIT] + (g->w_init - r + n) % n] = 1.0f;
        x[o[O_WUNITS]] = fraction(g->w_units, sc[SC_UNIT]);
        x[o[O_WLEFT]] = fraction(g->w_left, sc[SC_UNIT]);
        x[o[O_WTARGET] + (g->w_target - r + n) % n] = 1.0f;
    }
    if (g->last_seat >= 0) {
        x[o[O_LAST_SEAT] + (g->last_seat - r + n) % n] = 1.0f;
        x[o[O_LAST_ACTION] + g->last_action] = 1.0f;
    }
    x[o[O_RESHUFFLES]] = fraction(g->reshuffles, sc[SC_RESHUFFLE]);
    x[o[O_TURN]] = fraction(g->turn, sc[SC_TURN]);
    if (g->winner >= 0) x[o[O_WINNER] + (g->winner - r + n) % n] = 1.0f;
    if (g->ended_by != END_NONE) x[o[O_ENDED] + g->ended_by - 1] = 1.0f;
}

/* ------------------------------------------------------------------ params and tables */
/* params: bytes of PR_SIZE int64s, in PARAM_FIELDS order (fast.py) */
static int get_params(PyObject *params, Params *P) {
    if (check_init(tables_ready) < 0) return -1;
    int64_t v[PR_SIZE];
    if (read_int64_params(params, v, PR_SIZE) < 0) return -1;
    if (v[PR_N] < 2 || v[PR_N] > MAXP || v[PR_RULES] < 0 || v[PR_RULES] >= n_rule_tables ||
        v[PR_OFF + O_SIZE] < 1) {
        PyErr_SetString(PyExc_ValueError, "params: out of range");
        return -1;
    }
    P->n = (int)v[PR_N];
    P->one_per_dock = (int)v[PR_ONE_PER_DOCK];
    P->stop_early = (int)v[PR_STOP_EARLY];
    P->volt_always = (int)v[PR_VOLT_ALWAYS];
    P->chain_protocol = (int)v[PR_CHAIN_PROTOCOL];
    P->must_null = (int)v[PR_MUST_NULL];
    P->turn_waves = (int)v[PR_TURN_WAVES];
    P->lose_idle_bonus = (int)v[PR_LOSE_IDLE_BONUS];
    P->wall_all = (int)v[PR_WALL_ALL];
    P->max_turns = (int)v[PR_MAX_TURNS];
    P->R = &rule_tables[v[PR_RULES]];
    P->total = 0;
    for (int k = 0; k < NKINDS; k++) {
        if (v[PR_COUNTS + k] < 0 || v[PR_COUNTS + k] > 15) {
            PyErr_SetString(PyExc_ValueError, "params: a kind's copies out of range");
            return -1;
        }
        P->counts[k] = (int)v[PR_COUNTS + k];
        P->total += P->counts[k];
    }
    if (P->total > MAXCARDS || P->total < HAND_SIZE * P->n) {
        PyErr_SetString(PyExc_ValueError, "params: a deck that cannot be dealt");
        return -1;
    }
    for (int i = 0; i < 8; i++) P->scale[i] = (int)v[PR_SCALES + i];
    for (int i = 0; i <= O_SIZE; i++) P->off[i] = (int)v[PR_OFF + i];
    return 0;
}

/* init(slot_card, neutral): rules.slot_card for the 50 dock slots, cards.is_neutral_chain
 * for the 44 kinds (bytes) */
static PyObject *py_init(PyObject *self, PyObject *args) {
    const char *sc, *nk;
    Py_ssize_t nsc, nnk;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#y#", &sc, &nsc, &nk, &nnk)) return NULL;
    if (nsc != NSLOTS || nnk != NKINDS) {
        PyErr_Format(PyExc_ValueError, "init: %d slots and %d kinds", NSLOTS, NKINDS);
        return NULL;
    }
    for (int j = 0; j < NSLOTS; j++) {
        if ((uint8_t)sc[j] >= NKINDS) {
            PyErr_SetString(PyExc_ValueError, "init: a slot plays no kind");
            return NULL;
        }
        slot_card[j] = (uint8_t)sc[j];
    }
    memcpy(neutral_kind, nk, NKINDS);
    tables_ready = 1;
    Py_RETURN_NONE;
}

/* rules(outcome, valid) -> index: one RuleSet's tables (the same tables: the same index) */
static PyObject *py_rules(PyObject *self, PyObject *args) {
    const char *oc, *va;
    Py_ssize_t noc, nva;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#y#", &oc, &noc, &va, &nva)) return NULL;
    RuleTables t;
    if (noc != (Py_ssize_t)sizeof t.outcome || nva != (Py_ssize_t)sizeof t.valid) {
        PyErr_Format(PyExc_ValueError, "rules: %zd and %zd bytes", sizeof t.outcome,
                     sizeof t.valid);
        return NULL;
    }
    memcpy(t.outcome, oc, sizeof t.outcome);
    memcpy(t.valid, va, sizeof t.valid);
    for (int c = 0; c < NCODES; c++)
        for (int k = 0; k < NKINDS; k++) {
            const uint8_t *v = t.valid[c][k];
            if (v[0] > 2 || (v[0] >= 1 && v[1] >= NSLOTS) || (v[0] == 2 && v[2] >= NSLOTS)) {
                PyErr_SetString(PyExc_ValueError, "rules: a bad valid-slots entry");
                return NULL;
            }
        }
    for (int i = 0; i < n_rule_tables; i++)
        if (!memcmp(&rule_tables[i], &t, sizeof t)) return PyLong_FromLong(i);
    if (n_rule_tables == MAXRULES) {
        PyErr_SetString(PyExc_RuntimeError, "rules: too many rule sets");
        return NULL;
    }
    rule_tables[n_rule_tables] = t;
    return PyLong_FromLong(n_rule_tables++);
}

/* ------------------------------------------------------------------ the game, for faststate.h */
typedef Params FS_PARAMS;
typedef Game FS_GAME;
#define FS_NACT NACT
#define FS_MAXLEGAL NACT
#define FS_MAXPLAYERS MAXP
#define FS_TYPE_NAME "ninetynine.games.tripwire._fast.FastState"
#define FS_TITLE "Tripwire"

/* TripwireState.current_player */
static int fs_game_player(const Params *P, const Game *g) {
    (void)P;
    if (g->phase == OVER) return -1;
    return g->phase == WAVE ? g->w_target : g->player;
}
static int fs_game_winner(const Params *P, const Game *g) {
    (void)P;
    return g->phase == OVER && g->winner >= 0 ? g->winner : -1;
}
/* TripwireState.scores: minus the cards in each hand */
static void fs_game_scores(const Params *P, const Game *g, double *out) {
    for (int i = 0; i < P->n; i++) out[i] = g->hand_n[i] ? -(double)g->hand_n[i] : 0.0;
}

#include "faststate.h"
#include "faststate_random.h"

/* ------------------------------------------------------------------ search rollouts */
/* The ISMCTS bot's rollouts (agents/ismcts.py _rollout, random policy) from a position packed
 * by search.py (pack_state), cut after `depth` turns and scored by search.evaluate: the same
 * moves, values, move count and RNG draws as the Python rollout (tests/games/tripwire/
 * test_fast_rollout.py). */

/* kinds' classes for search.features (handed over by search.py) */
enum { KC_PLAIN, KC_FLEXIBLE, KC_RIGID, KC_NULL };

/* search.evaluate: 2 P(win) - 1 per seat, a softmax of the fitted utilities of
 * search.features (the same operations in the same order) */
static void eval_position(const Params *P, const Game *g, const double *w, const double *pos,
                          const uint8_t *cls, double *out) {
    int n = P->n, mover = fs_game_player(P, g);
    const RuleTables *R = P->R;
    int code[NDOCKS];
    for (int d = 0; d < NDOCKS; d++) code[d] = g->colors[d] * 10 + g->values[d];
    double half = P->max_turns / 2.0;
    double late = (g->turn - half) / half;
    if (!(late > 0.0)) late = 0.0; /* max(0.0, late) */
    double u[MAXP], top = 0.0;
    for (int q = 0; q < n; q++) {
        int cards = g->hand_n[q], playable = 0, flexible = 0, nulls = 0, rigid = 0;
        for (int k = 0; k < NKINDS; k++) {
            int c = g->hand[q][k];
            if (!c) continue;
            if (cls[k] == KC_NULL) {
                nulls += c;
                continue;
            }
            if (cls[k] == KC_FLEXIBLE)
                flexible += c;
            else if (cls[k] == KC_RIGID)
                rigid += c;
            if (R->valid[code[0]][k][0] || R->valid[code[1]][k][0] || R->valid[code[2]][k][0])
                playable += c;
        }
        double f[10] = {(double)cards,
                        cards == 1 ? 1.0 : 0.0,
                        cards == 2 ? 1.0 : 0.0,
                        (double)(nulls < 2 ? nulls : 2),
                        (double)g->skips[q],
                        (double)(playable < 4 ? playable : 4),
                        (double)(flexible < 3 ? flexible : 3),
                        (double)rigid,
                        cards * late,
                        playable ? 1.0 : 0.0};
        double v = 0.0;
        for (int i = 0; i < 10; i++) v += w[i] * f[i];
        int k = ((q - mover) % n + n) % n;
        if (k > 0) v += pos[k - 1];
        u[q] = v;
        if (q == 0 || v > top) top = v;
    }
    double e[MAXP], total = 0.0;
    for (int q = 0; q < n; q++) {
        e[q] = exp(u[q] - top);
        total += e[q];
    }
    for (int q = 0; q < n; q++) out[q] = 2.0 * e[q] / total - 1.0;
}

/* the position search.pack_state wrote (int64s; the layout is there), -1: malformed */
static int load_position(const Params *P, Game *g, const int64_t *v, Py_ssize_t m,
                         uint64_t rng) {
    Py_ssize_t i = 0;
/* the next value, lo to hi, into dst (of type T); else the position is malformed */
#define TAKE(dst, T, lo, hi)                                 \
    do {                                                     \
        if (i >= m || v[i] < (lo) || v[i] > (hi)) return -1; \
        dst = (T)v[i++];                                     \
    } while (0)
    memset(g, 0, sizeof(Game));
    g->rng = rng;
    TAKE(g->phase, int8_t, PLAY, WAVE);
    TAKE(g->player, int8_t, 0, P->n - 1);
    TAKE(g->bonus_turn, int8_t, 0, 1);
    TAKE(g->turn, int32_t, 0, INT32_MAX);
    TAKE(g->t_played, int16_t, 0, INT16_MAX);
    TAKE(g->t_docks, int8_t, 0, 7);
    TAKE(g->t_full, int8_t, 0, 7);
    TAKE(g->t_neutral, int8_t, -1, NDOCKS - 1);
    TAKE(g->t_units, int32_t, 0, INT32_MAX);
    TAKE(g->t_bonus, int8_t, 0, 1);
    TAKE(g->t_triple_ok, int8_t, 0, 1);
    TAKE(g->t_triple, int8_t, 0, 1);
    TAKE(g->w_init, int8_t, -1, P->n - 1);
    TAKE(g->w_units, int32_t, 0, INT32_MAX);
    TAKE(g->w_left, int32_t, 0, INT32_MAX);
    TAKE(g->w_target, int8_t, -1, P->n - 1);
    TAKE(g->reshuffles, int32_t, 0, INT32_MAX);
    TAKE(g->last_seat, int8_t, -1, P->n - 1);
    TAKE(g->last_action, int16_t, 0, NACT - 1);
    for (int d = 0; d < NDOCKS; d++) {
        TAKE(g->colors[d], int8_t, 0, 2);
    }
    for (int d = 0; d < NDOCKS; d++) {
        TAKE(g->values[d], int8_t, 0, 10);
    }
    int64_t len, kind;
    for (int q = 0; q < P->n; q++) {
        TAKE(g->skips[q], int32_t, 0, INT32_MAX);
        TAKE(len, int64_t, 0, MAXCARDS);
        g->hand_n[q] = (int16_t)len;
        for (int64_t j = 0; j < len; j++) {
            TAKE(kind, int64_t, 0, NKINDS - 1);
            g->hand[q][kind]++;
        }
    }
    uint8_t *piles[2 + NDOCKS] = {g->draw, g->side, g->stack[0], g->stack[1], g->stack[2]};
    int16_t *sizes[2 + NDOCKS] = {&g->draw_n, &g->side_n, &g->stack_n[0], &g->stack_n[1],
                                  &g->stack_n[2]};
    for (int t = 0; t < 2 + NDOCKS; t++) {
        TAKE(len, int64_t, 0, MAXCARDS);
        *sizes[t] = (int16_t)len;
        for (int64_t j = 0; j < len; j++) {
            TAKE(kind, int64_t, 0, NKINDS - 1);
            piles[t][j] = (uint8_t)kind;
        }
    }
#undef TAKE
    g->winner = -1;
    g->ended_by = END_NONE;
    return i == m ? 0 : -1;
}

/* rollout(params, position, state_rng, rng, depth, first, weights, classes) -> (values, moves,
 * rng): the random rollout of the ISMCTS bot (legal[randbelow(len(legal))] with the rollout's
 * own SplitMix64 state `rng`) from the packed position (its own RNG's state: state_rng) after the move `first` (-1: none; not
 * counted), to the end of the game or until the seat to move has changed `depth` times
 * (0: no cut), where search.evaluate scores it (`weights`: the feature weights then the
 * seats' position utilities, doubles; `classes`: per kind, KC_*) */
static PyObject *py_rollout(PyObject *self, PyObject *args) {
    PyObject *params;
    Py_buffer pos, wts, cls;
    unsigned long long state_rng, rng;
    int depth, first;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*KKiiy*y*", &params, &pos, &state_rng, &rng, &depth, &first,
                          &wts, &cls))
        return NULL;
    PyObject *ret = NULL;
    Params P;
    Game g;
    int legal[NACT];
    uint64_t r = (uint64_t)rng;
    if (get_params(params, &P) < 0) goto done;
    if (pos.len % 8 || wts.len != (Py_ssize_t)((10 + P.n - 1) * sizeof(double)) ||
        cls.len != NKINDS || depth < 0) {
        PyErr_SetString(PyExc_ValueError, "rollout: bad position, weights, classes or depth");
        goto done;
    }
    if (load_position(&P, &g, (const int64_t *)pos.buf, pos.len / 8, (uint64_t)state_rng) < 0) {
        PyErr_SetString(PyExc_ValueError, "rollout: a malformed position");
        goto done;
    }
    if (first >= 0) {
        int m = legal_actions(&P, &g, legal), ok = 0;
        for (int i = 0; i < m && !ok; i++) ok = legal[i] == first;
        if (!ok) {
            PyErr_Format(PyExc_ValueError, "rollout: move %d is not legal here", first);
            goto done;
        }
        apply(&P, &g, first);
    }
    const double *w = (const double *)wts.buf;
    const uint8_t *kc = (const uint8_t *)cls.buf;
    double values[MAXP];
    long steps = 0;
    int turns = 0, mover = fs_game_player(&P, &g), cut = 0;
    while (g.phase != OVER) {
        int p = fs_game_player(&P, &g);
        if (depth && p != mover) {
            if (++turns >= depth) {
                eval_position(&P, &g, w, w + 10, kc, values);
                cut = 1;
                break;
            }
            mover = p;
        }
        int m = legal_actions(&P, &g, legal);
        apply(&P, &g, legal[randbelow(&r, (uint64_t)m)]);
        steps++;
    }
    if (!cut) FS_GAME_RETURNS(&P, &g, values);
    PyObject *vl = fs_float_list(values, P.n);
    if (vl) ret = Py_BuildValue("NlK", vl, steps, (unsigned long long)r);
done:
    PyBuffer_Release(&pos);
    PyBuffer_Release(&wts);
    PyBuffer_Release(&cls);
    return ret;
}

#define FS_EXTRA_METHODS FS_RANDOM_AGENTS_METHOD
#define FS_EXTRA_MODULE_METHODS                                                               \
    {"init", py_init, METH_VARARGS,                                                           \
     "init(slot_card, neutral): rules.slot_card per dock slot, cards.is_neutral_chain per "   \
     "kind (bytes)"},                                                                         \
    {"rules", py_rules, METH_VARARGS,                                                         \
     "rules(outcome, valid) -> index: a RuleSet's rules.outcome_table and rules.valid_slots " \
     "(bytes: [30][50][effect, colour, value], [30][44][count, slot, slot])"},                \
    {"rollout", py_rollout, METH_VARARGS,                                                     \
     "rollout(params, position, state_rng, rng, depth, first, weights, classes) -> "       \
     "(values, moves, rng): the ISMCTS bot's random rollout (search.fast_rollout)"},

FS_DEFINE_SEQUENCE(name_tuple, Tuple, char *const, PyUnicode_FromString)

/* the name tables fast.py checks against the Python modules */
static void add_name_tables(PyObject *m) {
    PyModule_AddObject(m, "PARAM_FIELDS",
                       Py_BuildValue("((si)(si)(si)(si)(si)(si)(si)(si)(si)(si)(si)(si)(si)(si))",
                                     "num_players", 1, "one_per_dock", 1, "stop_early", 1,
                                     "volt_always", 1, "chain_protocol", 1, "must_null", 1,
                                     "turn_waves", 1, "lose_idle_bonus", 1, "wall_all", 1,
                                     "max_turns", 1, "rules", 1, "counts", NKINDS, "scales", 8,
                                     "offsets", O_SIZE + 1));
    PyModule_AddObject(m, "SCALES", name_tuple(scale_names, 8));
    PyModule_AddObject(m, "TENSOR_SLICES", name_tuple(slice_names, O_SIZE));
}
#define FS_INT_CONSTANTS                                                          \
    {"NUM_KINDS", NKINDS}, {"VOLT", K_VOLT}, {"NULL", K_NULL}, {"SLOTS", NSLOTS}, \
    {"NULL_ACTION", A_NULL}, {"TAKE", A_TAKE}, {"DRAW", A_DRAW}, {"END", A_END},  \
    FS_CONST(HAND_SIZE), {"NUMBER", EFF_NUMBER}, {"STASIS_PLAY", EFF_STASIS},     \
    {"DEFUSE", EFF_DEFUSE}, {"TRIPWIRE", EFF_TRIPWIRE}, {"MAX_PLAYERS", MAXP},    \
    {"MAX_CARDS", MAXCARDS}
#define FS_MODULE_INIT(m) add_name_tables(m)
/* bumped with every change of this file (fast.py refuses another version) */
#define FS_VERSION 3
#include "faststate_module.h"
