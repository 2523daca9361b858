/* The batched Warp 99 / Ninety Nine engine: N games in lockstep, in C.
 *
 * A transcription of games/warp99/state.py (the reference: every rule step below names the
 * method it mirrors), the greedy agent of games/warp99/heuristics.py, and the observation
 * tensor of games/warp99/tensor.py. Tables that define the rules or the tensor are not copied:
 * Python hands them over (the MATCH table, the greedy agent's row values and tie-breaks, the
 * tensor layout's offsets), so the reference stays the one definition. Randomness is the
 * reference's SplitMix64 (core/rng.py), drawn in the same order, so a seed deals the same game
 * and reshuffles the same way in both engines.
 *
 * The state of every game lives in one writable buffer (a NumPy uint8 array owned by Python)
 * of num_envs * sizeof(Game) bytes; every call takes its arrays through the buffer protocol
 * and releases the GIL while it works. Only CPython's headers are needed to build it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include "params.h"     /* read_int64_params, check_init */
#include "splitmix64.h" /* next_u64, randbelow, shuffle_u8: core/rng.py */
#ifndef _WIN32
#include <pthread.h>
#define HAVE_PTHREAD 1
#endif

#define NCARDS 110
#define NACT 337
#define P0 110
#define P1 220
#define SCORE 330
#define END 331
#define TAKE 332
#define DECLINE 333
#define FLIP 334
#define ROW 0
#define DISCARD 1
#define EXTRA 2
#define OVER 3
#define HAND_SIZE 6
#define DECK_SIZE 15
#define MAXK 7
#define ENV_SALT 0x6A09E667F3BCC909ULL
#define POL_CALLER 0
#define POL_RANDOM 1
#define POL_GREEDY 2
#define POL_LOOK 3 /* rollouts only: greedy, but the value net picks the rest of the turn */

typedef struct {
    uint64_t rng;         /* the game's SplitMix64 state (core/rng.py) */
    uint64_t env_rng;     /* the env's: next seeds, seats, random opponents */
    uint64_t seed;        /* the game's seed (a secret while it is live) */
    uint64_t hand[4][2];  /* bit sets of card ids (a hand is sorted in the reference) */
    uint64_t revealed[4][2];
    int64_t steps;        /* actions applied in this episode */
    int32_t scores[4];
    int32_t turn;
    uint8_t deck[4][24];
    uint8_t deck_n[4];
    uint8_t row[4][12];
    uint8_t row_n[4];
    int8_t row_last[4];
    uint16_t row_colors[4];
    uint8_t pile[2][112];
    uint8_t pile_n[2];
    uint8_t reserve[112];
    uint8_t reserve_n;
    uint8_t rdisc[112];
    uint8_t rdisc_n;
    uint8_t config, player, phase, flip_used, plays;
    int8_t winner;
    uint8_t learner;      /* the vector env's learning seat */
    uint8_t needs_reset;  /* an episode ended: the next step deals a new game */
    uint8_t last_mover;
    /* card sets kept beside the ordered piles (the tensor needs the sets) */
    uint64_t pile_set[2][2];
    uint64_t rdisc_set[2];
    /* what the last tensor written for this game shows (o_valid: it is in the caller's
     * buffer), so the next write changes only the cards that moved */
    uint64_t o_hand[2], o_rev[4][2], o_row[4][2], o_pile[2][2], o_rdisc[2];
    uint8_t o_top[2];
    int8_t o_seat;
    uint8_t o_valid;
    uint8_t o_nlegal;
    uint8_t legal_ok; /* o_legal is the legal list of the seat to act in this very state */
    uint16_t o_legal[16];
} Game;

/* Parameters shared by every game of a batch (an int64 array built by batched/__init__.py). */
enum {
    PR_N, PR_EACH, PR_RANDOM_RULES, PR_RULE_CONFIG, PR_EXTRA, PR_ALLOW_FLIP, PR_FLIP_CYCLE,
    PR_BONUS, PR_TARGET, PR_MAX_TURNS, PR_MAX_LEN, PR_FIXED_SEAT, PR_HANDICAP, /* 4 */
    PR_POLICY = PR_HANDICAP + 4, /* 4: per other seat of the learner, in seat order, POL_* */
    PR_OFF = PR_POLICY + 4,      /* the tensor offsets, in the order of OFF_* */
    PR_SIZE = PR_OFF + 24
};
enum {
    OFF_HAND, OFF_HAS_HAND, OFF_SEAT, OFF_CUR, OFF_PHASE, OFF_RULES, OFF_TOP1, OFF_TOP2,
    OFF_PILE1, OFF_PILE2, OFF_ROWS, OFF_ROWLEN, OFF_SCORES, OFF_DECKS, OFF_HANDS, OFF_REVEALED,
    OFF_RDISC, OFF_RESERVE, OFF_FLIPUSED, OFF_HASPLAYED, OFF_PLAYS, OFF_TURN, OFF_WINNER,
    OFF_SIZE /* the tensor's length */
};

typedef struct {
    int n, each, random_rules, rule_config, extra, allow_flip, flip_cycle, bonus;
    int64_t target, max_turns, max_len;
    int fixed_seat;
    int handicap[4];
    int policy[4];
    int off[24];
} Params;

static uint8_t MATCH[8 * NCARDS * NCARDS];
/* derived from MATCH and the card ids at init: the cards a top takes, as a bit set; the cards
 * above a value (index value + 1); the cards of the colours not in a row's colour mask */
static uint64_t FITS[8][NCARDS][2];
static uint64_t ABOVE[12][2];
static uint64_t COLOR_FREE[1024][2];
static double POTENTIAL[13][11];
static double TIE[NCARDS];
static int initialised = 0;

/* ------------------------------------------------------------------ small helpers */
static inline int has(const uint64_t *set, int c) { return (int)(set[c >> 6] >> (c & 63) & 1); }
static inline void add(uint64_t *set, int c) { set[c >> 6] |= 1ULL << (c & 63); }
static inline void del(uint64_t *set, int c) { set[c >> 6] &= ~(1ULL << (c & 63)); }
static inline int popcount64(uint64_t x) { /* SWAR: no libgcc call without -mpopcnt */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int count(const uint64_t *set) { return popcount64(set[0]) + popcount64(set[1]); }
/* the cards of a set, ascending; returns how many */
static inline int cards_of(const uint64_t *set, uint8_t *out) {
    int k = 0;
    for (int w = 0; w < 2; w++) {
        uint64_t b = set[w];
        while (b) {
            out[k++] = (uint8_t)(w * 64 + __builtin_ctzll(b));
            b &= b - 1;
        }
    }
    return k;
}
static inline int value(int c) { return c % 11; }
static inline int color(int c) { return c / 11; }
static inline const uint8_t *match_row(int config, int top) {
    return MATCH + ((size_t)config * NCARDS + (size_t)top) * NCARDS;
}

/* ------------------------------------------------------------------ rule steps (state.py) */
static void add_score(const Params *P, Game *g, int p, int pts) { /* _add_score */
    g->scores[p] += pts;
    if (g->scores[p] >= P->target) {
        g->winner = (int8_t)p;
        g->phase = OVER;
    }
}

static void rebuild_reserve(Game *g) { /* _rebuild_reserve: the reserve is empty here */
    int m = 0;
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j + 1 < g->pile_n[i]; j++) g->reserve[m++] = g->pile[i][j];
    }
    for (int j = 0; j < g->rdisc_n; j++) g->reserve[m++] = g->rdisc[j];
    if (!m) return;
    for (int i = 0; i < 2; i++) {
        g->pile[i][0] = g->pile[i][g->pile_n[i] - 1];
        g->pile_n[i] = 1;
        g->pile_set[i][0] = g->pile_set[i][1] = 0;
        add(g->pile_set[i], g->pile[i][0]);
    }
    g->rdisc_n = 0;
    g->rdisc_set[0] = g->rdisc_set[1] = 0;
    shuffle_u8(&g->rng, g->reserve, m);
    g->reserve_n = (uint8_t)m;
}

static void take_from_reserve(Game *g, int p) { /* _take_from_reserve(15) into deck p */
    int k = 0;
    while (k < DECK_SIZE) {
        if (!g->reserve_n) {
            rebuild_reserve(g);
            if (!g->reserve_n) break;
        }
        g->deck[p][k++] = g->reserve[--g->reserve_n];
    }
    g->deck_n[p] = (uint8_t)k;
}

static void draw(const Params *P, Game *g, int p, int k) { /* _draw */
    for (int t = 0; t < k; t++) {
        if (!g->deck_n[p]) {
            take_from_reserve(g, p);
            if (!g->deck_n[p]) return;
        }
        add(g->hand[p], g->deck[p][--g->deck_n[p]]);
        if (!g->deck_n[p]) {
            add_score(P, g, p, 15);
            if (g->phase == OVER) return;
            take_from_reserve(g, p);
        }
    }
}

static void finish_by_turn_limit(const Params *P, Game *g) { /* _finish_by_turn_limit */
    int best = g->scores[0], leaders = 0, who = -1;
    for (int i = 1; i < P->n; i++) if (g->scores[i] > best) best = g->scores[i];
    for (int i = 0; i < P->n; i++) if (g->scores[i] == best) { leaders++; if (who < 0) who = i; }
    g->winner = (int8_t)(leaders == 1 ? who : -1);
    g->phase = OVER;
}

static void start_turn(const Params *P, Game *g, int p) { /* _start_turn */
    g->turn++;
    if (g->turn > P->max_turns) {
        finish_by_turn_limit(P, g);
        return;
    }
    g->player = (uint8_t)p;
    g->phase = ROW;
    g->flip_used = 0;
    g->plays = 0;
}

static void end_turn(const Params *P, Game *g, int p) { /* _end_turn: Action C */
    int short_ = HAND_SIZE - count(g->hand[p]);
    if (short_ > 0) {
        draw(P, g, p, short_);
        if (g->phase == OVER) return;
    }
    start_turn(P, g, (p + 1) % P->n);
}

static void after_play(const Params *P, Game *g, int p) { /* _after_play */
    if (count(g->hand[p])) return;
    if (P->bonus) {
        draw(P, g, p, HAND_SIZE);
        if (g->phase != OVER) { /* _start_cycle */
            g->phase = ROW;
            g->plays = 0;
            if (P->flip_cycle) g->flip_used = 0;
        }
    } else {
        end_turn(P, g, p);
    }
}

/* Warp99State.new: shuffle, deal, the two pile starters, handicaps, seat 0's turn. */
static void deal(const Params *P, Game *g, uint64_t seed) {
    uint64_t env_rng = g->env_rng;
    uint8_t learner = g->learner;
    memset(g, 0, sizeof(Game));
    g->env_rng = env_rng;
    g->learner = learner;
    g->seed = seed;
    g->rng = seed;
    g->config = (uint8_t)(P->random_rules ? randbelow(&g->rng, 8) : (uint64_t)P->rule_config);
    uint8_t cards[NCARDS];
    for (int i = 0; i < NCARDS; i++) cards[i] = (uint8_t)i;
    shuffle_u8(&g->rng, cards, NCARDS);
    int n = P->n, each = P->each;
    for (int i = 0; i < n; i++) {
        memcpy(g->deck[i], cards + i * each, (size_t)each);
        for (int j = each - HAND_SIZE; j < each; j++) add(g->hand[i], cards[i * each + j]);
        g->deck_n[i] = (uint8_t)(each - HAND_SIZE);
        g->row_last[i] = -1;
        g->scores[i] = P->handicap[i];
    }
    int r = NCARDS - n * each;
    memcpy(g->reserve, cards + n * each, (size_t)r);
    g->pile[0][0] = g->reserve[--r];
    g->pile[1][0] = g->reserve[--r];
    g->pile_n[0] = g->pile_n[1] = 1;
    add(g->pile_set[0], g->pile[0][0]);
    add(g->pile_set[1], g->pile[1][0]);
    g->reserve_n = (uint8_t)r;
    g->winner = -1;
    start_turn(P, g, 0);
}

/* ------------------------------------------------------------------ legal actions, apply */
static void init_tables(void) {
    memset(FITS, 0, sizeof FITS);
    memset(ABOVE, 0, sizeof ABOVE);
    memset(COLOR_FREE, 0, sizeof COLOR_FREE);
    for (int cf = 0; cf < 8; cf++)
        for (int t = 0; t < NCARDS; t++)
            for (int c = 0; c < NCARDS; c++)
                if (match_row(cf, t)[c]) add(FITS[cf][t], c);
    for (int v = -1; v <= 10; v++)
        for (int c = 0; c < NCARDS; c++)
            if (value(c) > v) add(ABOVE[v + 1], c);
    for (int m = 0; m < 1024; m++)
        for (int c = 0; c < NCARDS; c++)
            if (!(m >> color(c) & 1)) add(COLOR_FREE[m], c);
}

/* _compute_legal: the sorted legal actions into out; returns how many. */
static int legal_actions(const Params *P, const Game *g, int *out) {
    int p = g->player, k = 0;
    uint8_t hand[16];
    int hn;
    switch (g->phase) {
    case DISCARD: {
        const uint64_t *h = g->hand[p];
        for (int i = 0; i < 2; i++) {
            const uint64_t *f = FITS[g->config][g->pile[i][g->pile_n[i] - 1]];
            uint64_t b[2] = {h[0] & f[0], h[1] & f[1]};
            int m = cards_of(b, hand);
            for (int j = 0; j < m; j++) out[k++] = (i ? P1 : P0) + hand[j];
        }
        hn = h[0] || h[1];
        if (k || g->plays || g->flip_used || !hn || !P->allow_flip) {
            out[k++] = END;
            return k;
        }
        out[0] = END;
        out[1] = FLIP;
        out[2] = FLIP + 1;
        out[3] = FLIP + 2;
        return 4;
    }
    case ROW: {
        if (!g->row_n[p]) {
            hn = cards_of(g->hand[p], hand);
            if (!hn) {
                out[0] = END;
                return 1;
            }
            for (int i = 0; i < hn; i++) out[i] = hand[i];
            return hn;
        }
        const uint64_t *a = ABOVE[g->row_last[p] + 1], *f = COLOR_FREE[g->row_colors[p]];
        const uint64_t *h = g->hand[p];
        uint64_t b[2] = {h[0] & a[0] & f[0], h[1] & a[1] & f[1]};
        k = cards_of(b, hand);
        for (int i = 0; i < k; i++) out[i] = hand[i];
        out[k++] = SCORE;
        return k;
    }
    case EXTRA:
        out[0] = TAKE;
        out[1] = DECLINE;
        return 2;
    default:
        return 0;
    }
}

static int is_legal(const Params *P, const Game *g, int64_t a) {
    if (g->legal_ok) {
        for (int i = 0; i < g->o_nlegal; i++) if (g->o_legal[i] == a) return 1;
        return 0;
    }
    int legal[32];
    int k = legal_actions(P, g, legal);
    for (int i = 0; i < k; i++) if (legal[i] == a) return 1;
    return 0;
}

/* apply_action (the action must be legal) */
static void apply(const Params *P, Game *g, int a) {
    int p = g->player;
    g->last_mover = (uint8_t)p;
    g->legal_ok = 0;
    g->steps++;
    if (a < P0) { /* Action A */
        del(g->hand[p], a);
        del(g->revealed[p], a);
        g->row[p][g->row_n[p]++] = (uint8_t)a;
        g->row_last[p] = (int8_t)value(a);
        g->row_colors[p] |= (uint16_t)(1 << color(a));
        g->phase = DISCARD;
        g->plays = 0;
    } else if (a < SCORE) { /* Action B */
        int pi = a < P1 ? 0 : 1;
        int c = a - (pi ? P1 : P0);
        del(g->hand[p], c);
        del(g->revealed[p], c);
        int n_match = match_row(g->config, g->pile[pi][g->pile_n[pi] - 1])[c];
        g->pile[pi][g->pile_n[pi]++] = (uint8_t)c;
        add(g->pile_set[pi], c);
        g->plays++;
        if (n_match >= 2 && P->extra) {
            g->phase = EXTRA;
            return;
        }
        after_play(P, g, p);
    } else if (a == END) {
        end_turn(P, g, p);
    } else if (a == SCORE) { /* _score_row */
        int len = g->row_n[p];
        for (int j = 0; j < len; j++) {
            g->rdisc[g->rdisc_n++] = g->row[p][j];
            add(g->rdisc_set, g->row[p][j]);
        }
        g->row_n[p] = 0;
        g->row_last[p] = -1;
        g->row_colors[p] = 0;
        add_score(P, g, p, len * len);
    } else if (a == TAKE) {
        g->phase = DISCARD;
        draw(P, g, p, 1);
        if (g->phase != OVER) after_play(P, g, p);
    } else if (a == DECLINE) {
        g->phase = DISCARD;
        after_play(P, g, p);
    } else { /* flip a rule card */
        g->config ^= (uint8_t)(1 << (a - FLIP));
        g->flip_used = 1;
        g->revealed[p][0] = g->hand[p][0];
        g->revealed[p][1] = g->hand[p][1];
    }
}

/* ------------------------------------------------------------------ the greedy agent */
/* heuristics._discard_solver: the best discard sequence on bit masks of a hand, memoised. */
typedef struct {
    int k;
    uint8_t cards[MAXK];
    int fit[MAXK + 2], dbl[MAXK + 2]; /* per top: hand index i, or k (top0) / k+1 (top1) */
    int32_t memo[1 << 13];
    uint32_t stamp[1 << 13];
    uint32_t gen;
    int config, top0, top1, valid; /* what the last setup was for */
} Solver;

static void solver_setup(Solver *s, const uint8_t *cards, int k, int config, int top0, int top1) {
    s->k = k;
    memcpy(s->cards, cards, (size_t)k);
    for (int t = 0; t < k + 2; t++) {
        int top = t < k ? cards[t] : (t == k ? top0 : top1);
        const uint8_t *m = match_row(config, top);
        int f = 0, d = 0;
        for (int i = 0; i < k; i++) {
            int x = m[cards[i]];
            if (x) f |= 1 << i;
            if (x >= 2) d |= 1 << i;
        }
        s->fit[t] = f;
        s->dbl[t] = d;
    }
    if (++s->gen == 0) { /* wrapped: forget everything */
        memset(s->stamp, 0, sizeof s->stamp);
        s->gen = 1;
    }
}

/* The solver for a position: the last one set up when its hand holds every card of this hand
 * and each pile top is its own original top or one of its cards since played (the position
 * is then one of its sub-problems: heuristics._solver_for); else a new one. -> the mask of
 * its cards not in hand and the top indices to pass to solve. */
static void solver_prepare(Solver *s, const uint8_t *hand, int hn, int config, int top0,
                           int top1, int *mask, int *a, int *b) {
    if (s->valid && s->config == config && hn <= s->k) {
        int m = 0, i = 0, ok = 1;
        for (int j = 0; j < hn && ok; j++) {
            while (i < s->k && s->cards[i] < hand[j]) m |= 1 << i++;
            if (i == s->k || s->cards[i] != hand[j]) ok = 0;
            else i++;
        }
        if (ok) {
            for (; i < s->k; i++) m |= 1 << i;
            int ia = top0 == s->top0 ? s->k : -1, ib = top1 == s->top1 ? s->k + 1 : -1;
            for (i = 0; i < s->k; i++) {
                if (!(m >> i & 1)) continue;
                if (s->cards[i] == top0) ia = i;
                if (s->cards[i] == top1) ib = i;
            }
            if (ia >= 0 && ib >= 0) {
                *mask = m;
                *a = ia;
                *b = ib;
                return;
            }
        }
    }
    solver_setup(s, hand, hn, config, top0, top1);
    s->config = config;
    s->top0 = top0;
    s->top1 = top1;
    s->valid = 1;
    *mask = 0;
    *a = hn;
    *b = hn + 1;
}

/* the best line found so far: cards played, doubles among them, its first play (-1: none) */
typedef struct {
    int count, doubles, move;
} Line;

/* play move (doubled: a double match) before the line rest, if that plays more cards than
 * best, or as many with more doubles */
static inline void keep_better(Line *best, int32_t rest, int doubled, int move) {
    int count = (rest & 0xff) + 1, doubles = (rest >> 8 & 0xff) + doubled;
    if (count > best->count || (count == best->count && doubles > best->doubles)) {
        best->count = count;
        best->doubles = doubles;
        best->move = move;
    }
}

/* -> count | doubles << 8 | (first play + 1) << 16; a: index of pile 1's top (k: the real
 * top0), b: pile 2's (k + 1: the real top1) */
static int32_t solve(Solver *s, int mask, int a, int b) {
    int key = mask << 6 | a << 3 | (b == s->k + 1 ? 7 : b); /* a <= k <= 7, b < k or k + 1 */
    if (s->stamp[key] == s->gen) return s->memo[key];
    int free_a = s->fit[a] & ~mask, free_b = s->fit[b] & ~mask;
    int todo = free_a | free_b;
    Line best = {0, 0, -1};
    while (todo) {
        int bit = todo & -todo;
        todo ^= bit;
        int i = __builtin_ctz((unsigned)bit);
        int c = s->cards[i];
        if (free_a & bit)
            keep_better(&best, solve(s, mask | bit, i, b), (s->dbl[a] & bit) != 0, P0 + c);
        if (free_b & bit)
            keep_better(&best, solve(s, mask | bit, a, i), (s->dbl[b] & bit) != 0, P1 + c);
    }
    int32_t r = best.count | best.doubles << 8 | (best.move + 1) << 16;
    s->stamp[key] = s->gen;
    s->memo[key] = r;
    return r;
}

/* GreedyAgent.step (heuristics.py), on the state (the seat's own view: hand, row, tops). */
static int greedy_action(const Params *P, const Game *g, Solver *s, const int *legal, int nl) {
    if (nl == 1) return legal[0];
    int p = g->player;
    uint8_t hand[16];
    int hn = cards_of(g->hand[p], hand);
    if (hn > MAXK) return legal[0]; /* cannot happen: a hand holds at most 6 cards */
    int top0 = g->pile[0][g->pile_n[0] - 1], top1 = g->pile[1][g->pile_n[1] - 1];
    int config = g->config;
    int mask, a, b;
    if (g->phase == ROW) {
        int L = g->row_n[p];
        int can_score = legal[nl - 1] == SCORE;
        if (can_score && g->scores[p] + L * L >= P->target) return SCORE;
        solver_prepare(s, hand, hn, config, top0, top1, &mask, &a, &b);
        double best_val = -1.0 / 0.0;
        int best_act = legal[0];
        int n_rest = hn - 1;
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1 && !can_score) break;
            int m = pass == 0 ? nl : hn;
            for (int j = 0; j < m; j++) {
                int c;
                if (pass == 0) {
                    c = legal[j];
                    if (c >= NCARDS) continue;
                } else {
                    c = hand[j];
                }
                int i = 0;
                while (s->cards[i] != c) i++;
                int32_t r = solve(s, mask | 1 << i, a, b);
                int cnt = r & 0xff, dbl = r >> 8 & 0xff;
                double val;
                if (pass == 1) val = (double)(L * L) + POTENTIAL[1][value(c)];
                else val = POTENTIAL[L + 1][value(c)];
                val += (double)cnt + 0.5 * (double)dbl;
                if (n_rest && cnt == n_rest && P->bonus) val += 11.0;
                val -= TIE[c];
                if (val > best_val) {
                    best_val = val;
                    best_act = pass == 1 ? SCORE : c;
                }
            }
        }
        return best_act;
    }
    if (g->phase == EXTRA) {
        solver_prepare(s, hand, hn, config, top0, top1, &mask, &a, &b);
        int cnt = solve(s, mask, a, b) & 0xff;
        return (P->bonus && cnt == hn) ? DECLINE : TAKE;
    }
    /* discard */
    if (nl == 4 && legal[1] == FLIP) {
        int best = 0, best_act = END;
        for (int r = 0; r < 3; r++) {
            solver_prepare(s, hand, hn, config ^ (1 << r), top0, top1, &mask, &a, &b);
            int cnt = solve(s, mask, a, b) & 0xff;
            if (cnt > best) {
                best = cnt;
                best_act = FLIP + r;
            }
        }
        return best_act;
    }
    solver_prepare(s, hand, hn, config, top0, top1, &mask, &a, &b);
    int first = (solve(s, mask, a, b) >> 16) - 1;
    return first >= 0 ? first : END;
}

/* ------------------------------------------------------------------ the observation tensor */
static inline float frac(int64_t v, double scale) {
    if (v <= 0) return 0.0f;
    double x = (double)v / scale;
    return (float)(x < 1.0 ? x : 1.0);
}

/* tensor.encode(state.observation(me)) for seat me (-1: a spectator), into x */
static void write_obs(const Params *P, const Game *g, int me, float *x) {
    const int *o = P->off;
    int n = P->n;
    memset(x, 0, sizeof(float) * (size_t)o[OFF_SIZE]);
    int base = me < 0 ? 0 : me;
    uint8_t buf[128];
    if (me >= 0) {
        int k = cards_of(g->hand[me], buf);
        for (int i = 0; i < k; i++) x[o[OFF_HAND] + buf[i]] = 1.0f;
        x[o[OFF_HAS_HAND]] = 1.0f;
        x[o[OFF_SEAT] + me] = 1.0f;
    }
    if (g->phase != OVER) x[o[OFF_CUR] + (g->player - base + n) % n] = 1.0f;
    x[o[OFF_PHASE] + g->phase] = 1.0f;
    for (int i = 0; i < 3; i++) if (g->config >> i & 1) x[o[OFF_RULES] + i] = 1.0f;
    for (int i = 0; i < 2; i++) {
        int pn = g->pile_n[i];
        x[o[OFF_TOP1 + i] + g->pile[i][pn - 1]] = 1.0f;
        float *pc = x + o[OFF_PILE1 + i];
        for (int j = 0; j < pn; j++) pc[g->pile[i][j]] = 1.0f;
    }
    for (int k = 0; k < n; k++) {
        int s = (base + k) % n;
        float *r = x + o[OFF_ROWS] + k * NCARDS;
        for (int j = 0; j < g->row_n[s]; j++) r[g->row[s][j]] = 1.0f;
        int m = cards_of(g->revealed[s], buf);
        float *rv = x + o[OFF_REVEALED] + k * NCARDS;
        for (int j = 0; j < m; j++) rv[buf[j]] = 1.0f;
        x[o[OFF_ROWLEN] + k] = frac(g->row_n[s], 10.0);
        x[o[OFF_SCORES] + k] = frac(g->scores[s], (double)P->target);
        x[o[OFF_DECKS] + k] = frac(g->deck_n[s], 15.0);
        x[o[OFF_HANDS] + k] = frac(count(g->hand[s]), 6.0);
    }
    float *rd = x + o[OFF_RDISC];
    for (int j = 0; j < g->rdisc_n; j++) rd[g->rdisc[j]] = 1.0f;
    x[o[OFF_RESERVE]] = frac(g->reserve_n, 110.0);
    if (g->flip_used) x[o[OFF_FLIPUSED]] = 1.0f;
    if (g->plays) {
        x[o[OFF_HASPLAYED]] = 1.0f;
        x[o[OFF_PLAYS]] = frac(g->plays, 6.0);
    }
    x[o[OFF_TURN]] = frac(g->turn, 100.0);
    if (g->phase == OVER && g->winner >= 0) x[o[OFF_WINNER] + (g->winner - base + n) % n] = 1.0f;
}

static inline void row_set(const Game *g, int s, uint64_t *out) {
    out[0] = out[1] = 0;
    for (int j = 0; j < g->row_n[s]; j++) add(out, g->row[s][j]);
}

/* remember what write_obs wrote */
static void snapshot(const Params *P, Game *g, int me) {
    int n = P->n, base = me < 0 ? 0 : me;
    g->o_hand[0] = me >= 0 ? g->hand[me][0] : 0;
    g->o_hand[1] = me >= 0 ? g->hand[me][1] : 0;
    for (int k = 0; k < n; k++) {
        int s = (base + k) % n;
        g->o_rev[k][0] = g->revealed[s][0];
        g->o_rev[k][1] = g->revealed[s][1];
        row_set(g, s, g->o_row[k]);
    }
    memcpy(g->o_pile, g->pile_set, sizeof g->o_pile);
    memcpy(g->o_rdisc, g->rdisc_set, sizeof g->o_rdisc);
    g->o_top[0] = g->pile[0][g->pile_n[0] - 1];
    g->o_top[1] = g->pile[1][g->pile_n[1] - 1];
    g->o_seat = (int8_t)me;
    g->o_valid = 1;
}

/* x[c] = 1 for the cards of now not in old, 0 for those of old not in now; old = now */
static inline void diff(float *x, uint64_t *old, const uint64_t *now) {
    for (int w = 0; w < 2; w++) {
        uint64_t d = old[w] ^ now[w];
        while (d) {
            int c = w * 64 + __builtin_ctzll(d);
            x[c] = (float)(now[w] >> (c & 63) & 1);
            d &= d - 1;
        }
        old[w] = now[w];
    }
}

/* write_obs into a buffer that holds this game's last tensor for the same seat: the card
 * slices change only where cards moved, the counts and flags are rewritten */
static void update_obs(const Params *P, Game *g, int me, float *x) {
    if (!g->o_valid || g->o_seat != me) {
        write_obs(P, g, me, x);
        snapshot(P, g, me);
        return;
    }
    const int *o = P->off;
    int n = P->n, base = me < 0 ? 0 : me;
    if (me >= 0) diff(x + o[OFF_HAND], g->o_hand, g->hand[me]);
    for (int i = 0; i < 2; i++) {
        int top = g->pile[i][g->pile_n[i] - 1];
        if (top != g->o_top[i]) {
            x[o[OFF_TOP1 + i] + g->o_top[i]] = 0.0f;
            x[o[OFF_TOP1 + i] + top] = 1.0f;
            g->o_top[i] = (uint8_t)top;
        }
        diff(x + o[OFF_PILE1 + i], g->o_pile[i], g->pile_set[i]);
    }
    uint64_t rs[2];
    for (int k = 0; k < n; k++) {
        int s = (base + k) % n;
        row_set(g, s, rs);
        diff(x + o[OFF_ROWS] + k * NCARDS, g->o_row[k], rs);
        diff(x + o[OFF_REVEALED] + k * NCARDS, g->o_rev[k], g->revealed[s]);
        x[o[OFF_ROWLEN] + k] = frac(g->row_n[s], 10.0);
        x[o[OFF_SCORES] + k] = frac(g->scores[s], (double)P->target);
        x[o[OFF_DECKS] + k] = frac(g->deck_n[s], 15.0);
        x[o[OFF_HANDS] + k] = frac(count(g->hand[s]), 6.0);
    }
    diff(x + o[OFF_RDISC], g->o_rdisc, g->rdisc_set);
    for (int k = 0; k < n; k++) {
        x[o[OFF_CUR] + k] = 0.0f;
        x[o[OFF_WINNER] + k] = 0.0f;
    }
    if (g->phase != OVER) x[o[OFF_CUR] + (g->player - base + n) % n] = 1.0f;
    for (int i = 0; i < 4; i++) x[o[OFF_PHASE] + i] = i == g->phase ? 1.0f : 0.0f;
    for (int i = 0; i < 3; i++) x[o[OFF_RULES] + i] = (float)(g->config >> i & 1);
    x[o[OFF_RESERVE]] = frac(g->reserve_n, 110.0);
    x[o[OFF_FLIPUSED]] = g->flip_used ? 1.0f : 0.0f;
    x[o[OFF_HASPLAYED]] = g->plays ? 1.0f : 0.0f;
    x[o[OFF_PLAYS]] = frac(g->plays, 6.0);
    x[o[OFF_TURN]] = frac(g->turn, 100.0);
    if (g->phase == OVER && g->winner >= 0) x[o[OFF_WINNER] + (g->winner - base + n) % n] = 1.0f;
}

static void write_mask(const Params *P, const Game *g, int seat, int8_t *mask) {
    memset(mask, 0, NACT);
    if (g->phase == OVER || g->player != seat) return;
    int legal[32];
    int k = legal_actions(P, g, legal);
    for (int i = 0; i < k; i++) mask[legal[i]] = 1;
}

/* write_mask into a buffer holding this game's last mask (written with o_valid set) */
static void update_mask(const Params *P, Game *g, int seat, int8_t *mask, int full) {
    int legal[32], k = 0;
    if (full) memset(mask, 0, NACT);
    else for (int i = 0; i < g->o_nlegal; i++) mask[g->o_legal[i]] = 0;
    if (g->phase != OVER && g->player == seat) k = legal_actions(P, g, legal);
    if (k > 16) { /* cannot happen (13 at most); keep the buffer exact anyway */
        write_mask(P, g, seat, mask);
        g->o_nlegal = 0;
        g->o_valid = 0;
        g->legal_ok = 0;
        return;
    }
    for (int i = 0; i < k; i++) {
        mask[legal[i]] = 1;
        g->o_legal[i] = (uint16_t)legal[i];
    }
    g->o_nlegal = (uint8_t)k;
    g->legal_ok = g->phase == OVER || g->player == seat;
}

/* the tensor and mask of seat for game g into its rows of the caller's buffers */
static void emit(const Params *P, Game *g, int seat, float *x, int8_t *mask) {
    int full = !g->o_valid || g->o_seat != seat;
    update_obs(P, g, seat, x);
    update_mask(P, g, seat, mask, full);
}

/* ------------------------------------------------------------------ bots, episodes */
static int bot_action(const Params *P, Game *g, Solver *s, int policy) {
    int legal[32];
    int k = legal_actions(P, g, legal);
    if (policy == POL_GREEDY) return greedy_action(P, g, s, legal, k);
    return legal[randbelow(&g->env_rng, (uint64_t)k)];
}

/* the bots play until the learner is to move, the game is over or the episode is too long */
static void play_bots(const Params *P, Game *g, Solver *s) {
    while (g->phase != OVER && g->player != g->learner && g->steps < P->max_len) {
        int q = g->player; /* the other seats, in seat order, take the opponents in order */
        apply(P, g, bot_action(P, g, s, P->policy[q < g->learner ? q : q - 1]));
    }
}

/* NinetyNineEnv.reset: the seat, then the game; redealt while the bots end it first */
/* (the env's RNG reseeded from env_seed when reseed; the game from game_seed when given, else
 * drawn from the env's RNG: an env's seed never is a game's) */
static void env_reset(const Params *P, Game *g, Solver *s, int reseed, uint64_t env_seed,
                      const uint64_t *game_seed_given) {
    if (reseed) g->env_rng = env_seed ^ ENV_SALT;
    g->learner = (uint8_t)(P->fixed_seat >= 0 ? P->fixed_seat
                                              : (int)randbelow(&g->env_rng, (uint64_t)P->n));
    uint64_t game_seed = game_seed_given ? *game_seed_given : next_u64(&g->env_rng) >> 1;
    for (int attempt = 0; attempt < 100; attempt++) {
        deal(P, g, game_seed);
        play_bots(P, g, s);
        if (g->phase != OVER) break;
        game_seed = next_u64(&g->env_rng) >> 1;
    }
    g->needs_reset = 0;
}

/* ------------------------------------------------------------------ Python glue */
static int get_params(PyObject *obj, Params *P) {
    int64_t v[PR_SIZE];
    if (read_int64_params(obj, v, PR_SIZE) < 0) return -1;
    P->n = (int)v[PR_N];
    P->each = (int)v[PR_EACH];
    P->random_rules = (int)v[PR_RANDOM_RULES];
    P->rule_config = (int)v[PR_RULE_CONFIG];
    P->extra = (int)v[PR_EXTRA];
    P->allow_flip = (int)v[PR_ALLOW_FLIP];
    P->flip_cycle = (int)v[PR_FLIP_CYCLE];
    P->bonus = (int)v[PR_BONUS];
    P->target = v[PR_TARGET];
    P->max_turns = v[PR_MAX_TURNS];
    P->max_len = v[PR_MAX_LEN];
    P->fixed_seat = (int)v[PR_FIXED_SEAT];
    for (int i = 0; i < 4; i++) {
        P->handicap[i] = (int)v[PR_HANDICAP + i];
        P->policy[i] = (int)v[PR_POLICY + i];
    }
    for (int i = 0; i < 24; i++) P->off[i] = (int)v[PR_OFF + i];
    if (P->n < 2 || P->n > 4 || P->n * P->each + 2 > NCARDS || P->off[OFF_SIZE] <= 0) {
        PyErr_SetString(PyExc_ValueError, "params: not a Warp 99 configuration");
        return -1;
    }
    if (check_init(initialised) < 0) return -1;
    return 0;
}

/* A call's buffers, checked for size, released together. */
#define MAXBUF 16
typedef struct {
    Py_buffer b[MAXBUF];
    int n;
} Bufs;

static void release(Bufs *B) {
    for (int i = 0; i < B->n; i++) PyBuffer_Release(&B->b[i]);
    B->n = 0;
}

static void *get(Bufs *B, PyObject *obj, Py_ssize_t need, int writable, const char *name) {
    if (B->n == MAXBUF) {
        PyErr_SetString(PyExc_RuntimeError, "too many buffers in one call");
        return NULL;
    }
    Py_buffer *b = &B->b[B->n];
    if (PyObject_GetBuffer(obj, b, writable ? PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS
                                            : PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    B->n++;
    if (b->len != need) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes given, %zd expected", name, b->len, need);
        return NULL;
    }
    return b->buf;
}

/* a parallel for over env ranges */
typedef struct Job Job;
typedef void (*Work)(Job *, int lo, int hi, Solver *s);
struct Job {
    const Params *P;
    Game *games;
    const int64_t *actions, *indices;
    const uint64_t *seeds;
    const uint64_t *game_seeds; /* vreset: the games to deal (NULL: drawn) */
    float *obs;
    int8_t *mask;
    float *obs_copy; /* vstep: also copied here, row by row while in cache (NULL: not) */
    int8_t *mask_copy;
    float *rewards;
    uint8_t *term, *trunc, *illegal;
    int64_t *cur;
    int num, stride;
    int foreign; /* observe: 1 when writing into buffers other than the engine's */
    void *out; /* run_games_out's: greedy's int64 actions, features' VF_N doubles a seat */
    Work work;
};

typedef struct {
    Job *job;
    int lo, hi;
} Chunk;

static void *run_chunk(void *arg) {
    Chunk *c = (Chunk *)arg;
    Solver *s = (Solver *)PyMem_RawCalloc(1, sizeof(Solver));
    if (!s) return NULL;
    c->job->work(c->job, c->lo, c->hi, s);
    PyMem_RawFree(s);
    return NULL;
}

static void parallel(Job *job, int threads) {
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    if (threads > job->num / 16) threads = job->num / 16 > 0 ? job->num / 16 : 1;
    Chunk chunks[64];
    for (int t = 0; t < threads; t++) {
        chunks[t].job = job;
        chunks[t].lo = (int)((int64_t)job->num * t / threads);
        chunks[t].hi = (int)((int64_t)job->num * (t + 1) / threads);
    }
#ifdef HAVE_PTHREAD
    pthread_t tid[64];
    int started[64] = {0};
    for (int t = 1; t < threads; t++) started[t] = pthread_create(&tid[t], NULL, run_chunk, &chunks[t]) == 0;
    run_chunk(&chunks[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(tid[t], NULL);
        else run_chunk(&chunks[t]);
    }
#else
    for (int t = 0; t < threads; t++) run_chunk(&chunks[t]);
#endif
}

/* --- the multi-agent step: every seat's action from the caller */
static void work_step(Job *J, int lo, int hi, Solver *s) {
    const Params *P = J->P;
    int D = P->off[OFF_SIZE], n = P->n;
    (void)s;
    for (int i = lo; i < hi; i++) {
        Game *g = &J->games[i];
        float *rw = J->rewards + (size_t)i * n;
        for (int q = 0; q < n; q++) rw[q] = 0.0f;
        J->term[i] = 0;
        if (g->needs_reset) {
            deal(P, g, next_u64(&g->env_rng) >> 1);
        } else {
            apply(P, g, (int)J->actions[i]);
            if (g->phase == OVER) {
                J->term[i] = 1;
                g->needs_reset = 1;
                if (g->winner >= 0) for (int q = 0; q < n; q++) rw[q] = q == g->winner ? 1.0f : -1.0f;
            }
        }
        int seat = g->phase == OVER ? g->last_mover : g->player;
        J->cur[i] = g->phase == OVER ? -1 : g->player;
        emit(P, g, seat, J->obs + (size_t)i * D, J->mask + (size_t)i * NACT);
    }
}

/* --- the vector env's step: the learner's action, then the bots */
static void work_vstep(Job *J, int lo, int hi, Solver *s) {
    const Params *P = J->P;
    int D = P->off[OFF_SIZE];
    for (int i = lo; i < hi; i++) {
        Game *g = &J->games[i];
        J->rewards[i] = 0.0f;
        J->term[i] = J->trunc[i] = J->illegal[i] = 0;
        if (g->needs_reset) {
            env_reset(P, g, s, 0, 0, NULL);
        } else if (!is_legal(P, g, J->actions[i])) {
            J->illegal[i] = 1; /* the state is unchanged; the episode is lost */
            J->term[i] = 1;
            J->rewards[i] = -1.0f;
            g->needs_reset = 1;
        } else {
            apply(P, g, (int)J->actions[i]);
            play_bots(P, g, s);
            if (g->phase == OVER) {
                J->term[i] = 1;
                if (g->winner >= 0) J->rewards[i] = g->winner == g->learner ? 1.0f : -1.0f;
            } else if (g->steps >= P->max_len) {
                J->trunc[i] = 1;
            }
            g->needs_reset = J->term[i] | J->trunc[i];
        }
        J->cur[i] = g->learner;
        emit(P, g, g->learner, J->obs + (size_t)i * D, J->mask + (size_t)i * NACT);
        if (J->obs_copy) {
            memcpy(J->obs_copy + (size_t)i * D, J->obs + (size_t)i * D, sizeof(float) * (size_t)D);
            memcpy(J->mask_copy + (size_t)i * NACT, J->mask + (size_t)i * NACT, NACT);
        }
    }
}

static void work_deal(Job *J, int lo, int hi, Solver *s) {
    const Params *P = J->P;
    (void)s;
    for (int j = lo; j < hi; j++) {
        Game *g = &J->games[J->indices[j]];
        g->env_rng = J->seeds[j] ^ ENV_SALT;
        deal(P, g, J->seeds[j]);
    }
}

static void work_vreset(Job *J, int lo, int hi, Solver *s) {
    for (int j = lo; j < hi; j++)
        env_reset(J->P, &J->games[J->indices[j]], s, 1, J->seeds[j],
                  J->game_seeds ? &J->game_seeds[j] : NULL);
}

static void work_observe(Job *J, int lo, int hi, Solver *s) {
    const Params *P = J->P;
    int D = P->off[OFF_SIZE];
    (void)s;
    for (int i = lo; i < hi; i++) {
        Game *g = &J->games[i];
        if (J->cur[i] == -2) J->cur[i] = g->learner; /* -2: the game's learning seat */
        int seat = (int)J->cur[i];
        if (J->foreign) { /* other buffers: write in full, keep the snapshot */
            write_obs(P, g, seat, J->obs + (size_t)i * D);
            write_mask(P, g, seat, J->mask + (size_t)i * NACT);
            continue;
        }
        g->o_valid = 0; /* a full write: these buffers may hold anything */
        emit(P, g, seat, J->obs + (size_t)i * D, J->mask + (size_t)i * NACT);
    }
}

static void work_greedy(Job *J, int lo, int hi, Solver *s) {
    int64_t *actions = J->out;
    for (int i = lo; i < hi; i++) {
        Game *g = &J->games[i];
        int legal[32];
        int k = legal_actions(J->P, g, legal);
        actions[i] = k ? greedy_action(J->P, g, s, legal, k) : -1;
    }
}

/* a uniformly random legal action of each game's seat to act (-1 when over), from the
 * caller's SplitMix64 states (one per game, in J->seeds, advanced) */
static void work_sample(Job *J, int lo, int hi, Solver *s) {
    (void)s;
    uint64_t *rng = (uint64_t *)J->seeds;
    for (int i = lo; i < hi; i++) {
        const Game *g = &J->games[i];
        if (g->legal_ok) {
            int k = g->o_nlegal;
            J->cur[i] = k ? g->o_legal[randbelow(&rng[i], (uint64_t)k)] : -1;
            continue;
        }
        int legal[32];
        int k = legal_actions(J->P, g, legal);
        J->cur[i] = k ? legal[randbelow(&rng[i], (uint64_t)k)] : -1;
    }
}

static Py_ssize_t num_games(Py_buffer *b) { return b->len / (Py_ssize_t)sizeof(Game); }

/* How every call on a games buffer begins: params po read into P and the number of games in
 * go (PyBUF_WRITABLE in flags where the call writes them); -1 with the error set */
static int open_games(PyObject *po, PyObject *go, int flags, Params *P) {
    if (get_params(po, P) < 0) return -1;
    Py_buffer gb;
    if (PyObject_GetBuffer(go, &gb, flags | PyBUF_C_CONTIGUOUS) < 0) return -1;
    int N = (int)num_games(&gb);
    PyBuffer_Release(&gb);
    return N;
}

/* How every threaded call ends: the job run without the GIL, then the buffers released */
static PyObject *run_job(Job *J, Bufs *B, int threads) {
    Py_BEGIN_ALLOW_THREADS
    parallel(J, threads);
    Py_END_ALLOW_THREADS
    release(B);
    Py_RETURN_NONE;
}

/* step(params, games, actions, obs, mask, rewards, terminals, current, threads) -> -1 or the
 * index of the first game whose action is illegal (then nothing changed) */
static PyObject *py_step(PyObject *self, PyObject *args) {
    PyObject *po, *go, *ao, *oo, *mo, *ro, *to, *co;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOOOi", &po, &go, &ao, &oo, &mo, &ro, &to, &co, &threads)) return NULL;
    Job J = {.P = &P, .work = work_step};
    int N = open_games(po, go, PyBUF_WRITABLE, &P);
    if (N < 0) return NULL;
    int D = P.off[OFF_SIZE];
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 1, "games")) ||
        !(J.actions = get(&B, ao, (Py_ssize_t)N * 8, 0, "actions")) ||
        !(J.obs = get(&B, oo, (Py_ssize_t)N * D * 4, 1, "observations")) ||
        !(J.mask = get(&B, mo, (Py_ssize_t)N * NACT, 1, "masks")) ||
        !(J.rewards = get(&B, ro, (Py_ssize_t)N * P.n * 4, 1, "rewards")) ||
        !(J.term = get(&B, to, (Py_ssize_t)N, 1, "terminals")) ||
        !(J.cur = get(&B, co, (Py_ssize_t)N * 8, 1, "current"))) {
        release(&B);
        return NULL;
    }
    J.num = N;
    long bad = -1;
    for (int i = 0; i < N; i++) {
        if (!J.games[i].needs_reset && !is_legal(&P, &J.games[i], J.actions[i])) {
            bad = i;
            break;
        }
    }
    if (bad < 0) {
        Py_BEGIN_ALLOW_THREADS
        parallel(&J, threads);
        Py_END_ALLOW_THREADS
    }
    release(&B);
    return PyLong_FromLong(bad);
}

/* vstep(params, games, actions, obs, mask, rewards, terminated, truncated, illegal, seats,
 * threads, obs_copy=None, mask_copy=None): the learner's actions, the bots' replies; seats
 * gets each game's learning seat; the tensors and masks are also copied into obs_copy and
 * mask_copy when given (a fresh array for the caller, filled while the rows are in cache) */
static PyObject *py_vstep(PyObject *self, PyObject *args) {
    PyObject *po, *go, *ao, *oo, *mo, *ro, *to, *uo, *io, *so, *oc = Py_None, *mc = Py_None;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOi|OO", &po, &go, &ao, &oo, &mo, &ro, &to, &uo, &io,
                          &so, &threads, &oc, &mc))
        return NULL;
    int N = open_games(po, go, PyBUF_WRITABLE, &P);
    if (N < 0) return NULL;
    int D = P.off[OFF_SIZE];
    Job J = {.P = &P, .work = work_vstep, .num = N};
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 1, "games")) ||
        !(J.actions = get(&B, ao, (Py_ssize_t)N * 8, 0, "actions")) ||
        !(J.obs = get(&B, oo, (Py_ssize_t)N * D * 4, 1, "observations")) ||
        !(J.mask = get(&B, mo, (Py_ssize_t)N * NACT, 1, "masks")) ||
        !(J.rewards = get(&B, ro, (Py_ssize_t)N * 4, 1, "rewards")) ||
        !(J.term = get(&B, to, (Py_ssize_t)N, 1, "terminated")) ||
        !(J.trunc = get(&B, uo, (Py_ssize_t)N, 1, "truncated")) ||
        !(J.illegal = get(&B, io, (Py_ssize_t)N, 1, "illegal")) ||
        !(J.cur = get(&B, so, (Py_ssize_t)N * 8, 1, "seats")) ||
        (oc != Py_None && !(J.obs_copy = get(&B, oc, (Py_ssize_t)N * D * 4, 1, "obs_copy"))) ||
        (mc != Py_None && !(J.mask_copy = get(&B, mc, (Py_ssize_t)N * NACT, 1, "mask_copy")))) {
        release(&B);
        return NULL;
    }
    if ((J.obs_copy == NULL) != (J.mask_copy == NULL)) {
        release(&B);
        PyErr_SetString(PyExc_ValueError, "give both obs_copy and mask_copy, or neither");
        return NULL;
    }
    return run_job(&J, &B, threads);
}

/* deal(params, games, indices, seeds, threads): Warp99State.new(seed) into the given games;
 * vreset(...) the same for the vector env (seat, deal, bots until the learner moves) */
static PyObject *deal_common(PyObject *args, Work work) {
    PyObject *po, *go, *io, *so, *gso = Py_None;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    if (!PyArg_ParseTuple(args, "OOOOi|O", &po, &go, &io, &so, &threads, &gso)) return NULL;
    int N = open_games(po, go, PyBUF_WRITABLE, &P);
    if (N < 0) return NULL;
    Py_buffer ib;
    if (PyObject_GetBuffer(io, &ib, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    int M = (int)(ib.len / 8);
    PyBuffer_Release(&ib);
    Job J = {.P = &P, .work = work, .num = M};
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 1, "games")) ||
        !(J.indices = get(&B, io, (Py_ssize_t)M * 8, 0, "indices")) ||
        !(J.seeds = get(&B, so, (Py_ssize_t)M * 8, 0, "seeds")) ||
        (gso != Py_None && !(J.game_seeds = get(&B, gso, (Py_ssize_t)M * 8, 0, "game_seeds")))) {
        release(&B);
        return NULL;
    }
    for (int j = 0; j < M; j++) {
        if (J.indices[j] < 0 || J.indices[j] >= N) {
            release(&B);
            PyErr_Format(PyExc_IndexError, "game index %lld out of range", (long long)J.indices[j]);
            return NULL;
        }
    }
    return run_job(&J, &B, threads);
}

static PyObject *py_deal(PyObject *self, PyObject *args) { (void)self; return deal_common(args, work_deal); }
static PyObject *py_vreset(PyObject *self, PyObject *args) { (void)self; return deal_common(args, work_vreset); }

/* observe(params, games, seats, obs, mask, threads): each game's tensor and mask for seats[i]
 * (-1: the spectator; -2: the game's learning seat, written back into seats); greedy(params, games, out, threads): the greedy agent's move per game */
static PyObject *py_observe(PyObject *self, PyObject *args) {
    PyObject *po, *go, *so, *oo, *mo;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    int foreign = 0;
    if (!PyArg_ParseTuple(args, "OOOOOi|p", &po, &go, &so, &oo, &mo, &threads, &foreign))
        return NULL;
    int N = open_games(po, go, 0, &P);
    if (N < 0) return NULL;
    int D = P.off[OFF_SIZE];
    Job J = {.P = &P, .work = work_observe, .num = N, .foreign = foreign};
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 1, "games")) ||
        !(J.cur = get(&B, so, (Py_ssize_t)N * 8, 1, "seats")) ||
        !(J.obs = get(&B, oo, (Py_ssize_t)N * D * 4, 1, "observations")) ||
        !(J.mask = get(&B, mo, (Py_ssize_t)N * NACT, 1, "masks"))) {
        release(&B);
        return NULL;
    }
    for (int i = 0; i < N; i++) {
        if (J.cur[i] < -2 || J.cur[i] >= P.n) {
            release(&B);
            PyErr_Format(PyExc_ValueError, "no seat %lld in a %d-player game", (long long)J.cur[i], P.n);
            return NULL;
        }
    }
    return run_job(&J, &B, threads);
}

/* The calls name(params, games, out, threads) that run work over every game: it reads the
 * games and writes out, per_game 8-byte values for each game and per_seat for each seat */
static PyObject *run_games_out(PyObject *args, Work work, int per_game, int per_seat) {
    PyObject *po, *go, *oo;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    if (!PyArg_ParseTuple(args, "OOOi", &po, &go, &oo, &threads)) return NULL;
    int N = open_games(po, go, 0, &P);
    if (N < 0) return NULL;
    Job J = {.P = &P, .work = work, .num = N};
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 0, "games")) ||
        !(J.out = get(&B, oo, (Py_ssize_t)N * (per_game + per_seat * P.n) * 8, 1, "out"))) {
        release(&B);
        return NULL;
    }
    return run_job(&J, &B, threads);
}

/* greedy(params, games, out, threads): the greedy bot's action in each game (-1 once over) */
static PyObject *py_greedy(PyObject *self, PyObject *args) {
    (void)self;
    return run_games_out(args, work_greedy, 1, 0);
}

/* sample(params, games, rng_states, out, threads): work_sample */
static PyObject *py_sample(PyObject *self, PyObject *args) {
    PyObject *po, *go, *ro, *oo;
    int threads;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOi", &po, &go, &ro, &oo, &threads)) return NULL;
    int N = open_games(po, go, 0, &P);
    if (N < 0) return NULL;
    Job J = {.P = &P, .work = work_sample, .num = N};
    if (!(J.games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 0, "games")) ||
        !(J.seeds = get(&B, ro, (Py_ssize_t)N * 8, 1, "rng_states")) ||
        !(J.cur = get(&B, oo, (Py_ssize_t)N * 8, 1, "out"))) {
        release(&B);
        return NULL;
    }
    return run_job(&J, &B, threads);
}

/* game_seeds(params, games, out): each game's seed (for the records of ended games) */
static PyObject *py_game_seeds(PyObject *self, PyObject *args) {
    PyObject *po, *go, *oo;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &po, &go, &oo)) return NULL;
    int N = open_games(po, go, 0, &P);
    if (N < 0) return NULL;
    const Game *games;
    uint64_t *out;
    if (!(games = get(&B, go, (Py_ssize_t)N * (Py_ssize_t)sizeof(Game), 0, "games")) ||
        !(out = get(&B, oo, (Py_ssize_t)N * 8, 1, "out"))) {
        release(&B);
        return NULL;
    }
    for (int i = 0; i < N; i++) out[i] = games[i].seed;
    release(&B);
    Py_RETURN_NONE;
}

/* info(params, games, i) -> dict of game i's fields (for tests and debugging) */
static PyObject *list_of(const uint8_t *a, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(a[i]));
    return l;
}

/* every field of game g (hidden cards too) as a dict */
static PyObject *game_info(const Params *P, const Game *g) {
    PyObject *hands = PyList_New(P->n), *decks = PyList_New(P->n), *rows = PyList_New(P->n);
    PyObject *rev = PyList_New(P->n), *scores = PyList_New(P->n);
    uint8_t buf[128];
    for (int q = 0; q < P->n; q++) {
        PyList_SET_ITEM(hands, q, list_of(buf, cards_of(g->hand[q], buf)));
        PyList_SET_ITEM(rev, q, list_of(buf, cards_of(g->revealed[q], buf)));
        PyList_SET_ITEM(decks, q, list_of(g->deck[q], g->deck_n[q]));
        PyList_SET_ITEM(rows, q, list_of(g->row[q], g->row_n[q]));
        PyList_SET_ITEM(scores, q, PyLong_FromLong(g->scores[q]));
    }
    PyObject *piles = PyList_New(2);
    PyList_SET_ITEM(piles, 0, list_of(g->pile[0], g->pile_n[0]));
    PyList_SET_ITEM(piles, 1, list_of(g->pile[1], g->pile_n[1]));
    return Py_BuildValue(
        "{s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:L}",
        "hands", hands, "decks", decks, "rows", rows, "revealed", rev, "scores", scores,
        "piles", piles, "reserve", list_of(g->reserve, g->reserve_n), "reserve_discard",
        list_of(g->rdisc, g->rdisc_n), "config", g->config, "player", g->player, "phase",
        g->phase, "flip_used", g->flip_used, "plays", g->plays, "winner", g->winner, "turn",
        g->turn, "learner", g->learner, "steps", (long long)g->steps);
}

static PyObject *py_info(PyObject *self, PyObject *args) {
    PyObject *po, *go;
    Py_ssize_t i;
    Params P;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOn", &po, &go, &i)) return NULL;
    if (get_params(po, &P) < 0) return NULL;
    Py_buffer gb;
    if (PyObject_GetBuffer(go, &gb, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (i < 0 || i >= num_games(&gb)) {
        PyBuffer_Release(&gb);
        PyErr_SetString(PyExc_IndexError, "game index out of range");
        return NULL;
    }
    PyObject *d = game_info(&P, (const Game *)gb.buf + i);
    PyBuffer_Release(&gb);
    return d;
}

/* init(match, potential, tie): the tables of rules.py and heuristics.py */
static PyObject *py_init(PyObject *self, PyObject *args) {
    Py_buffer m, p, t;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*", &m, &p, &t)) return NULL;
    int ok = m.len == (Py_ssize_t)sizeof MATCH && p.len == (Py_ssize_t)sizeof POTENTIAL &&
             t.len == (Py_ssize_t)sizeof TIE;
    if (ok) {
        memcpy(MATCH, m.buf, sizeof MATCH);
        memcpy(POTENTIAL, p.buf, sizeof POTENTIAL);
        memcpy(TIE, t.buf, sizeof TIE);
        init_tables();
        initialised = 1;
    }
    PyBuffer_Release(&m);
    PyBuffer_Release(&p);
    PyBuffer_Release(&t);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "init: tables of the wrong size");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ random playouts, results only
 * For `ninetynine simulate --agents random`: whole games played by the `random` agent in every
 * seat (agents/random_agent.py: legal[randbelow(len(legal))] from the seat's own SplitMix64,
 * seeded as ninetynine.sim seeds it, one draw even for a forced move), and each game's result
 * and state.stats() counters, without the history: GameResult's columns. The counters are read
 * off the state before and after each apply() (the rule steps above are left as they are), so
 * they are exactly what Warp99State counts: see random_results.py and its tests. */
enum {
    RS_ROW_POINTS, RS_DECK_POINTS, RS_ROWS_SCORED, RS_LONGEST_ROW, RS_DECKS_EMPTIED, RS_FLIPS,
    RS_REPEATS, RS_DOUBLE_MATCHES, RS_EXTRA_CARDS, RS_CARDS_DISCARDED, RS_NSTAT
};
/* one game's row of int32: the winner (-1: none; -2: ran past max_game_length), how it ended
 * (0 target, 1 turn limit), actions, turns, reserve rebuilds, the rule sides at the start and
 * the end (config bits), the scores, then per counter (state.py's _STAT_KEYS order) 4 seats */
enum {
    RR_WINNER, RR_ENDED_BY, RR_ACTIONS, RR_TURNS, RR_REBUILDS, RR_START_CONFIG, RR_END_CONFIG,
    RR_SCORES, RR_STATS = RR_SCORES + 4, RR_SIZE = RR_STATS + RS_NSTAT * 4
};

/* apply(), and the counters of Warp99State.apply_action and its rule steps for the move */
static void apply_counted(const Params *P, Game *g, int a, int32_t *st) {
    int p = g->player;
    int hand_before = count(g->hand[p]);
    int32_t score_before = g->scores[p];
    int placed_before = g->pile_n[0] + g->pile_n[1] + g->rdisc_n, added = 0, n_match = 0;
    int32_t *s = st + RR_STATS;
    if (a >= P0 && a < SCORE) {
        int pi = a < P1 ? 0 : 1;
        n_match = match_row(g->config, g->pile[pi][g->pile_n[pi] - 1])[a - (pi ? P1 : P0)];
        added = 1;
    } else if (a == SCORE) {
        added = g->row_n[p];
    }
    apply(P, g, a);
    int32_t gained = g->scores[p] - score_before;
    if (a < P0) {
        if (g->row_n[p] > s[RS_LONGEST_ROW * 4 + p]) s[RS_LONGEST_ROW * 4 + p] = g->row_n[p];
    } else if (a < SCORE) {
        s[RS_CARDS_DISCARDED * 4 + p]++;
        if (n_match >= 2) s[RS_DOUBLE_MATCHES * 4 + p]++;
        /* _after_play with an emptied hand repeats the cycle (not when the extra card waits) */
        if (P->bonus && hand_before == 1 && !(n_match >= 2 && P->extra)) s[RS_REPEATS * 4 + p]++;
    } else if (a == SCORE) {
        s[RS_ROW_POINTS * 4 + p] += gained;
        s[RS_ROWS_SCORED * 4 + p]++;
        gained = 0; /* the row's points; no card is drawn */
    } else if (a == TAKE) {
        s[RS_EXTRA_CARDS * 4 + p]++;
        /* the extra card was not there (nothing to draw anywhere) and the hand was empty */
        if (P->bonus && hand_before == 0 && g->phase != OVER && count(g->hand[p]) == 0)
            s[RS_REPEATS * 4 + p]++;
    } else if (a == DECLINE) {
        if (P->bonus && hand_before == 0) s[RS_REPEATS * 4 + p]++;
    } else if (a >= FLIP) {
        s[RS_FLIPS * 4 + p]++;
    }
    if (gained) { /* any other points are 15 a personal deck emptied while drawing */
        s[RS_DECK_POINTS * 4 + p] += gained;
        s[RS_DECKS_EMPTIED * 4 + p] += gained / 15;
    }
    /* a rebuild leaves only the two tops; at most one per move finds cards (_rebuild_reserve) */
    if (g->pile_n[0] + g->pile_n[1] + g->rdisc_n < placed_before + added) st[RR_REBUILDS]++;
}

static void random_game(const Params *P, Game *g, uint64_t seed, uint64_t *agent_rng, int32_t *row) {
    memset(row, 0, sizeof(int32_t) * RR_SIZE);
    g->env_rng = 0;
    g->learner = 0;
    deal(P, g, seed);
    row[RR_START_CONFIG] = g->config;
    int legal[32];
    while (g->phase != OVER) {
        if (g->steps >= P->max_len) {
            row[RR_WINNER] = -2;
            return;
        }
        int k = legal_actions(P, g, legal);
        int a = legal[randbelow(&agent_rng[g->player], (uint64_t)k)];
        apply_counted(P, g, a, row);
    }
    row[RR_WINNER] = g->winner;
    row[RR_ENDED_BY] = g->turn > P->max_turns;
    row[RR_ACTIONS] = (int32_t)g->steps;
    row[RR_TURNS] = g->turn;
    row[RR_END_CONFIG] = g->config;
    for (int i = 0; i < P->n; i++) row[RR_SCORES + i] = g->scores[i];
}

/* random_results(params, seeds, agent_seeds, out): game i dealt from seeds[i] (uint64) and
 * played by random agents seeded agent_seeds[i * n + seat]; its row (RR_SIZE int32) in out */
static PyObject *py_random_results(PyObject *self, PyObject *args) {
    PyObject *po, *so, *ao, *oo;
    Params P;
    Bufs B = {.n = 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &po, &so, &ao, &oo)) return NULL;
    if (get_params(po, &P) < 0) return NULL;
    Py_buffer sb;
    if (PyObject_GetBuffer(so, &sb, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    Py_ssize_t N = sb.len / 8;
    PyBuffer_Release(&sb);
    const uint64_t *seeds, *aseeds;
    int32_t *out;
    if (!(seeds = get(&B, so, N * 8, 0, "seeds")) ||
        !(aseeds = get(&B, ao, N * P.n * 8, 0, "agent_seeds")) ||
        !(out = get(&B, oo, N * RR_SIZE * 4, 1, "out"))) {
        release(&B);
        return NULL;
    }
    Game *g = (Game *)PyMem_RawMalloc(sizeof(Game));
    if (!g) {
        release(&B);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < N; i++) {
        uint64_t rng[4] = {0, 0, 0, 0};
        for (int q = 0; q < P.n; q++) rng[q] = aseeds[i * P.n + q];
        random_game(&P, g, seeds[i], rng, out + i * RR_SIZE);
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(g);
    release(&B);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ search rollouts
 * For the ISMCTS bot (agents/ismcts.py's _rollout on a Warp 99 determinization): a state
 * packed by batched/rollout.py (pack_state) is loaded into one Game and played on by the
 * greedy agent (greedy_action: the same moves as heuristics.rollout_policy) or the uniform
 * random policy (legal[randbelow(len(legal))] from the rollout's SplitMix64), to the end or
 * until the seat to move has changed `depth` times; there heuristics.evaluate, transcribed
 * below with the same operations in the same order, stands in for the returns. */

/* pack_state's layout: 12 header words, then per seat score, hand (2 words of card bits),
 * revealed (2), row_last + 1, row_colors, deck_n and the deck, row_n and the row; then each
 * pile, the reserve and the cleared-row cards, each as its length and its cards */
enum { PK_PLAYER, PK_PHASE, PK_CONFIG, PK_FLIP_USED, PK_PLAYS, PK_WINNER, PK_TURN, PK_RNG,
       PK_HEADER = 12 };

static int load_list(const uint64_t *v, Py_ssize_t len, Py_ssize_t *at, uint8_t *out, int cap,
                     int *n) {
    if (*at >= len) return -1;
    uint64_t k = v[(*at)++];
    if (k > (uint64_t)cap || *at + (Py_ssize_t)k > len) return -1;
    for (uint64_t j = 0; j < k; j++) {
        if (v[*at + (Py_ssize_t)j] >= NCARDS) return -1;
        out[j] = (uint8_t)v[*at + (Py_ssize_t)j];
    }
    *at += (Py_ssize_t)k;
    *n = (int)k;
    return 0;
}

static int load_state(const Params *P, Game *g, const uint64_t *v, Py_ssize_t len) {
    memset(g, 0, sizeof(Game));
    if (len < PK_HEADER) return -1;
    g->player = (uint8_t)v[PK_PLAYER];
    g->phase = (uint8_t)v[PK_PHASE];
    g->config = (uint8_t)v[PK_CONFIG];
    g->flip_used = (uint8_t)v[PK_FLIP_USED];
    g->plays = (uint8_t)v[PK_PLAYS];
    g->winner = (int8_t)((int)v[PK_WINNER] - 1);
    g->turn = (int32_t)v[PK_TURN];
    g->rng = v[PK_RNG];
    if (g->player >= P->n || g->phase > OVER || g->config > 7) return -1;
    Py_ssize_t at = PK_HEADER;
    int k;
    for (int q = 0; q < P->n; q++) {
        if (at + 7 > len) return -1;
        g->scores[q] = (int32_t)v[at];
        g->hand[q][0] = v[at + 1];
        g->hand[q][1] = v[at + 2];
        g->revealed[q][0] = v[at + 3];
        g->revealed[q][1] = v[at + 4];
        g->row_last[q] = (int8_t)((int)v[at + 5] - 1);
        g->row_colors[q] = (uint16_t)v[at + 6];
        at += 7;
        if (load_list(v, len, &at, g->deck[q], 24, &k) < 0) return -1;
        g->deck_n[q] = (uint8_t)k;
        if (load_list(v, len, &at, g->row[q], 12, &k) < 0) return -1;
        g->row_n[q] = (uint8_t)k;
    }
    for (int i = 0; i < 2; i++) {
        if (load_list(v, len, &at, g->pile[i], 112, &k) < 0 || k < 1) return -1;
        g->pile_n[i] = (uint8_t)k;
        for (int j = 0; j < k; j++) add(g->pile_set[i], g->pile[i][j]);
    }
    if (load_list(v, len, &at, g->reserve, 112, &k) < 0) return -1;
    g->reserve_n = (uint8_t)k;
    if (load_list(v, len, &at, g->rdisc, 112, &k) < 0) return -1;
    g->rdisc_n = (uint8_t)k;
    for (int j = 0; j < k; j++) add(g->rdisc_set, g->rdisc[j]);
    return at == len ? 0 : -1;
}

/* Seat q's row as both evaluations read it (heuristics.evaluate, value.features: the same
 * operations in the same order): *h the cards the row may still take, min(10 - length,
 * (10 - last value) / 2) and at least 0, *grown (length + h)^2, and the result: the hand's hn
 * cards that fit on the row (all of them on an empty row, where h and grown are 0) */
static inline int row_outlook(const Game *g, int q, int hn, double *h, double *grown) {
    int length = g->row_n[q];
    if (!length) {
        *h = *grown = 0.0;
        return hn;
    }
    int last = g->row_last[q];
    double half = (double)(10 - last) / 2.0;
    double room = (double)(10 - length) <= half ? (double)(10 - length) : half;
    if (!(room > 0.0)) room = 0.0;
    *h = room;
    *grown = ((double)length + room) * ((double)length + room);
    const uint64_t *a = ABOVE[last + 1], *f = COLOR_FREE[g->row_colors[q]];
    uint64_t b[2] = {g->hand[q][0] & a[0] & f[0], g->hand[q][1] & a[1] & f[1]};
    return count(b);
}

/* core.util.softmax_returns: 2 P(win) - 1 per seat, P the softmax of the n seats' utils */
static inline void softmax_returns(const double *utils, int n, double *out) {
    double top = utils[0], total = 0.0, e[4];
    for (int q = 1; q < n; q++) if (utils[q] > top) top = utils[q];
    for (int q = 0; q < n; q++) {
        e[q] = exp(utils[q] - top);
        total += e[q];
    }
    for (int q = 0; q < n; q++) out[q] = 2.0 * e[q] / total - 1.0;
}

/* heuristics.evaluate: w[0..8] the seat weights, w[9..] the position weights */
static void evaluate_state(const Params *P, const Game *g, Solver *s, const double *w,
                           double *out) {
    int n = P->n, mover = g->player;
    int top0 = g->pile[0][g->pile_n[0] - 1], top1 = g->pile[1][g->pile_n[1] - 1];
    double utils[4];
    uint8_t hand[16];
    for (int q = 0; q < n; q++) {
        int score = g->scores[q];
        int hn = cards_of(g->hand[q], hand);
        int length = g->row_n[q];
        double h, grown;
        int fits = row_outlook(g, q, hn, &h, &grown);
        int discards = 0;
        if (hn && hn <= MAXK) {
            int mask, ia, ib;
            solver_prepare(s, hand, hn, g->config, top0, top1, &mask, &ia, &ib);
            discards = solve(s, mask, ia, ib) & 0xff;
        }
        double u = w[0] * (double)(score - g->deck_n[q]);
        u += w[1] * (double)length * (double)length;
        u += w[2] * (double)length;
        u += w[3] * grown;
        u += w[4] * h;
        u += score + length * length >= P->target ? w[5] : 0.0;
        u += length ? w[6] * (double)(fits < 3 ? fits : 3) : 0.0;
        u += w[7] * (double)discards;
        u += length && !fits ? w[8] : 0.0;
        int kk = ((q - mover) % n + n) % n;
        if (kk) u += w[9 + kk - 1];
        utils[q] = u;
    }
    softmax_returns(utils, n, out);
}

/* games/warp99/value.py's features: per seat q of a position, VF_N numbers (the same
 * operations in the same order as value.features; the value model's inputs) */
#define VF_BASE 18
#define VF_N (VF_BASE + 3)
static void value_features(const Params *P, const Game *g, Solver *s, int q, double *f) {
    int n = P->n, mover = g->player;
    int top0 = g->pile[0][g->pile_n[0] - 1], top1 = g->pile[1][g->pile_n[1] - 1];
    uint8_t hand[16];
    int score = g->scores[q];
    int hn = cards_of(g->hand[q], hand);
    int length = g->row_n[q];
    int deck = g->deck_n[q];
    int last = length ? g->row_last[q] : -1;
    double h, grown;
    int fits = row_outlook(g, q, hn, &h, &grown);
    int discards = 0, doubles = 0;
    if (hn && hn <= MAXK) {
        int mask, ia, ib;
        solver_prepare(s, hand, hn, g->config, top0, top1, &mask, &ia, &ib);
        int32_t r = solve(s, mask, ia, ib);
        discards = r & 0xff;
        doubles = r >> 8 & 0xff;
    }
    int64_t left = P->target - score - (int64_t)length * length;
    f[0] = (double)(score - deck);
    f[1] = (double)length * (double)length;
    f[2] = (double)length;
    f[3] = grown;
    f[4] = h;
    f[5] = score + length * length >= P->target ? 1.0 : 0.0;
    f[6] = length ? (double)(fits < 3 ? fits : 3) : 0.0;
    f[7] = (double)discards;
    f[8] = length && !fits ? 1.0 : 0.0;
    f[9] = (double)score / 10.0;
    f[10] = (double)deck;
    f[11] = (double)doubles;
    f[12] = hn && discards == hn ? 1.0 : 0.0;
    f[13] = length ? (double)fits : 0.0;
    f[14] = (double)last;
    f[15] = left > 0 ? (double)left / 10.0 : 0.0;
    f[16] = (double)hn;
    int kk = ((q - mover) % n + n) % n;
    for (int k = 0; k < 4; k++) f[VF_BASE - 1 + k] = kk == k ? 1.0 : 0.0;
}

/* value.py's ValueNet: per seat u = b2 + sum_j w2[j] relu(b1[j] + sum_i f[i] W1[i][j]), then
 * 2 softmax(u) - 1; net: W1 (VF_N x H, row-major), b1 (H), w2 (H), b2 (1) */
static void evaluate_net(const Params *P, const Game *g, Solver *s, const double *net, int H,
                         double *out) {
    int n = P->n;
    const double *W1 = net, *b1 = net + VF_N * H, *w2 = b1 + H, *b2 = w2 + H;
    double utils[4], f[VF_N];
    for (int q = 0; q < n; q++) {
        value_features(P, g, s, q, f);
        double u = b2[0];
        for (int j = 0; j < H; j++) {
            double a = b1[j];
            for (int i = 0; i < VF_N; i++) a += f[i] * W1[i * H + j];
            if (a > 0.0) u += w2[j] * a;
        }
        utils[q] = u;
    }
    softmax_returns(utils, n, out);
}

static int rollout_move(const Params *P, Game *g, Solver *s, int policy, uint64_t *rng) {
    int legal[32];
    int k = legal_actions(P, g, legal);
    if (policy == POL_GREEDY) return greedy_action(P, g, s, legal, k);
    return legal[randbelow(rng, (uint64_t)k)];
}

/* POL_LOOK (heuristics.LookPolicy): the seat to move at a row or extra-card choice of the
 * rollout's first turn plays each legal move on a copy of the game, greedy to the end of its
 * turn (or of the game), and keeps the move the evaluation (the value net, or evaluate_state) rates best for it (greedy's own
 * unless another is strictly better). Each copy's personal deck of that seat and the reserve
 * are first reshuffled, and its rng re-seeded, from one seed drawn from the rollout's rng (the
 * same for every move), so the choice does not see the draws the rollout will make. */
static Game look_game;
static int look_seat = -1; /* the searching seat (py_rollout sets it): only its choices */
static int look_move(const Params *P, Game *g, Solver *s, uint64_t *rng, const double *w,
                     int hidden) {
    int legal[32];
    int k = legal_actions(P, g, legal);
    int ga = greedy_action(P, g, s, legal, k);
    if (k == 1 || (g->phase != ROW && g->phase != EXTRA)) return ga;
    int me = g->player;
    uint64_t seed = next_u64(rng);
    double best = 0.0, out[4];
    int best_a = ga;
    for (int j = -1; j < k; j++) {
        int a = j < 0 ? ga : legal[j];
        if (j >= 0 && a == ga) continue;
        Game *c = &look_game;
        *c = *g;
        uint64_t r = seed, dummy = 0;
        shuffle_u8(&r, c->deck[me], c->deck_n[me]);
        shuffle_u8(&r, c->reserve, c->reserve_n);
        c->rng = next_u64(&r);
        apply(P, c, a);
        while (c->phase != OVER && c->player == me)
            apply(P, c, rollout_move(P, c, s, POL_GREEDY, &dummy));
        if (c->phase != OVER && hidden > 0)
            evaluate_net(P, c, s, w, hidden, out);
        else if (c->phase != OVER)
            evaluate_state(P, c, s, w, out);
        else
            for (int q = 0; q < P->n; q++)
                out[q] = c->winner < 0 ? 0.0 : (q == c->winner ? 1.0 : -1.0);
        if (j < 0 || out[me] > best) {
            best = out[me];
            best_a = a;
        }
    }
    return best_a;
}

/* agents/ismcts.py's _rollout: -> the moves played; the values in out */
static long play_rollout(const Params *P, Game *g, Solver *s, int policy, uint64_t *rng,
                         int depth, const double *w, int hidden, double *out) {
    long steps = 0;
    int turns = 0, mover = g->player;
    while (g->phase != OVER) {
        if (depth > 0) {
            int p = g->player;
            if (p != mover) {
                if (++turns >= depth) {
                    if (hidden > 0) evaluate_net(P, g, s, w, hidden, out);
                    else evaluate_state(P, g, s, w, out);
                    return steps;
                }
                mover = p;
            }
        }
        int a = policy == POL_LOOK && turns == 0 && g->player == look_seat
                    ? look_move(P, g, s, rng, w, hidden)
                    : rollout_move(P, g, s, policy == POL_LOOK ? POL_GREEDY : policy, rng);
        apply(P, g, a);
        steps++;
    }
    for (int q = 0; q < P->n; q++) out[q] = g->winner < 0 ? 0.0 : (q == g->winner ? 1.0 : -1.0);
    return steps;
}

static Solver rollout_solver; /* used with the GIL held */
static Game rollout_game;

/* rollout(params, packed, policy, rng, depth, weights, first=-1, hidden=0) -> (values, steps,
 * rng): hidden > 0: weights is a value net of that many hidden units (evaluate_net);
 * packed a uint64 buffer (pack_state), policy POL_GREEDY or POL_RANDOM, depth 0 (to the end)
 * or the turns before the cut, weights the evaluation's doubles (bytes); first >= 0: that
 * move is applied before the rollout (not counted in steps) */
static PyObject *py_rollout(PyObject *self, PyObject *args) {
    PyObject *po;
    Py_buffer pk, wb;
    int policy, depth, first = -1, hidden = 0;
    unsigned long long rng;
    Params P;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*iKiy*|ii", &po, &pk, &policy, &rng, &depth, &wb, &first,
                          &hidden))
        return NULL;
    PyObject *res = NULL;
    if (get_params(po, &P) < 0) goto done;
    if (hidden < 0 || wb.len != (Py_ssize_t)(sizeof(double) *
                                             (hidden ? (size_t)(VF_N + 2) * (size_t)hidden + 1
                                                     : 9 + (size_t)P.n - 1))) {
        PyErr_SetString(PyExc_ValueError, "rollout: weights of the wrong size");
        goto done;
    }
    if (load_state(&P, &rollout_game, (const uint64_t *)pk.buf, pk.len / 8) < 0) {
        PyErr_SetString(PyExc_ValueError, "rollout: not a packed Warp 99 state");
        goto done;
    }
    look_seat = rollout_game.phase == OVER ? -1 : rollout_game.player;
    if (first >= 0) {
        if (rollout_game.phase == OVER || !is_legal(&P, &rollout_game, first)) {
            PyErr_Format(PyExc_ValueError, "rollout: move %d is illegal there", first);
            goto done;
        }
        apply(&P, &rollout_game, first);
    }
    double out[4];
    uint64_t r = (uint64_t)rng;
    long steps = play_rollout(&P, &rollout_game, &rollout_solver,
                              policy == POL_GREEDY || policy == POL_LOOK ? policy : POL_RANDOM, &r, depth,
                              (const double *)wb.buf, hidden, out);
    PyObject *values = PyList_New(P.n);
    if (!values) goto done;
    for (int q = 0; q < P.n; q++) PyList_SET_ITEM(values, q, PyFloat_FromDouble(out[q]));
    res = Py_BuildValue("NlK", values, steps, (unsigned long long)r);
done:
    PyBuffer_Release(&pk);
    PyBuffer_Release(&wb);
    return res;
}

/* features(params, games, out, threads): value_features of every seat of every game */
static void work_features(Job *J, int lo, int hi, Solver *s) {
    int n = J->P->n;
    double *f = J->out;
    for (int i = lo; i < hi; i++)
        for (int q = 0; q < n; q++)
            value_features(J->P, &J->games[i], s, q, f + ((size_t)i * n + q) * VF_N);
}

static PyObject *py_features(PyObject *self, PyObject *args) {
    (void)self;
    return run_games_out(args, work_features, 0, VF_N);
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "init(match, potential, tie): the rules' tables"},
    {"deal", py_deal, METH_VARARGS, "deal(params, games, indices, seeds, threads)"},
    {"vreset", py_vreset, METH_VARARGS,
     "vreset(params, games, indices, env_seeds, threads, game_seeds=None)"},
    {"step", py_step, METH_VARARGS,
     "step(params, games, actions, obs, mask, rewards, terminals, current, threads) -> int"},
    {"vstep", py_vstep, METH_VARARGS,
     "vstep(params, games, actions, obs, mask, rewards, terminated, truncated, illegal, seats, "
     "threads)"},
    {"observe", py_observe, METH_VARARGS,
     "observe(params, games, seats, obs, mask, threads, foreign=False): foreign buffers are "
     "written in full and leave the engine's own (which it updates in place) alone"},
    {"greedy", py_greedy, METH_VARARGS, "greedy(params, games, out, threads)"},
    {"sample", py_sample, METH_VARARGS, "sample(params, games, rng_states, out, threads)"},
    {"game_seeds", py_game_seeds, METH_VARARGS, "game_seeds(params, games, out)"},
    {"info", py_info, METH_VARARGS, "info(params, games, i) -> dict"},
    {"random_results", py_random_results, METH_VARARGS,
     "random_results(params, seeds, agent_seeds, out): random play, each game's result row"},
    {"rollout", py_rollout, METH_VARARGS,
     "rollout(params, packed, policy, rng, depth, weights, first=-1, hidden=0) -> "
     "(values, steps, rng)"},
    {"features", py_features, METH_VARARGS,
     "features(params, games, out, threads): the value model's inputs, VF_N per seat"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "The batched Warp 99 engine's C core (see batched/__init__.py).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyModule_AddIntConstant(m, "GAME_SIZE", (long)sizeof(Game));
    PyModule_AddIntConstant(m, "PARAMS_SIZE", PR_SIZE);
    PyModule_AddIntConstant(m, "RESULT_SIZE", RR_SIZE);
    /* bumped with every change of this file: batched/__init__.py refuses another version (a
     * stale build in a source tree, e.g. an editable install made before the change) */
    PyModule_AddIntConstant(m, "VERSION", 9);
    PyModule_AddIntConstant(m, "VALUE_FEATURES", VF_N);
    return m;
}
