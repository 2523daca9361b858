"""99 Heroes observation tensors (for reinforcement learning; needs numpy).

:func:`encode` turns ``state.observation(player)`` into a fixed-length ``float32`` vector; it
reads that dict (and the game's roster) and nothing else, so no card or hero the seat cannot
see reaches the tensor. Every value lies in ``[0, 1]``. A hero is encoded by its **features**,
not its name, so a policy can read a hero it never met (a designer's new file): 17 skill
triggers (4 suits, 13 ranks: 1 where a skill triggers on it) and one entry per static rule of
``roster.RULES`` (numbers over their largest value, true as 1, a suit as ``(suit + 1) / 4``).
Seats are *relative* to the observer (entry ``k`` is seat ``(player + k) % n``; a spectator's
view starts at seat 0); card slices are indexed by card id ``suit * 13 + rank - 1``.

Layout for ``n`` players and the default 3 lanes, ``289 + 336 n`` values (961 for 2 players),
in this order (``game.observation_tensor_layout()`` gives the offsets; with another ``team``
option the per-lane slices change length):

| name | length | meaning |
| --- | --- | --- |
| hand | 52 | own cards, 1 each; all 0 for a spectator |
| has_hand | 1 | 1 for a seat's view, 0 for the spectator's |
| seat | n | the observer's seat (absolute), one-hot; all 0 for a spectator |
| current_player | n | the seat to decide, one-hot by relative seat; all 0 at the end |
| turn_player | n | whose turn it is, one-hot by relative seat |
| phase | 3 | one-hot: pick, play, over |
| bonus_turn | 1 | 1 during a bonus turn |
| bonus_earned | 1 | 1 once this turn earned a Bonus Turn |
| picks_made | n | heroes placed per relative seat / lanes |
| my_heroes | 96 | own face-down heroes before the reveal: per lane, hero features |
| hero_present | 3 n | per relative seat and lane, 1 if a hero is there (revealed) |
| hero_features | 96 n | per relative seat and lane, the hero's features |
| active | 156 n | per relative seat and lane, its active cards (1 per card id) |
| foreign | 3 n | per relative seat and lane, active cards owned by another seat / 3, capped |
| strength | 3 n | per relative seat and lane, Strength / 40, capped |
| bolsters | 3 n | per relative seat and lane, bolsters / 6, capped |
| bolsters_from_hand | 3 n | per relative seat and lane, bolsters from a hand / 6, capped |
| lane_points | 3 n | per relative seat and lane, its points in that lane / 6, capped |
| resolved | 3 | 1 for each resolved lane |
| points | n | points per relative seat / 9, capped |
| hand_sizes | n | cards in each hand / 12, capped |
| deck_sizes | n | cards in each deck / 46 |
| discards | 52 n | per relative seat, the cards in its discard pile |
| removed | n | per relative seat, cards removed with resolved lanes / 20, capped |
| pending_kind | 7 | one-hot: pick, play, skill, use, bonus, order, choose |
| pending_step | 13 | one-hot: the effect choice being made (``state._STEP_WORDS`` order) |
| pending_mine | 1 | 1 if the observer makes the decision |
| pending_skills | 3 | the skills offered (skill step) |
| pending_source | 3 n | the hero whose skill or ability is deciding, by relative seat and lane |
| clash | 1 | 1 while a Clash waits for its cards |
| clash_chosen | n | per relative seat, 1 if it has chosen its Clash card |
| my_clash | 52 | the card the observer chose for the Clash |
| my_bolsters | 52 | the cards the observer bolstered from its hand, still in play |
| last_seat | n | who made the last move, one-hot by relative seat |
| turn | 1 | turns begun / 60, capped |
| winner | n | the winner, one-hot by relative seat; all 0 before the end or for a draw |
| ended_by | 2 | one-hot: no_draw, no_play |

Not encoded: ``game``, ``num_players``, ``lanes``, ``first_player`` (the turn player says
it), the play order of active cards, ``lane_result`` heroes, ``queue`` and ``events``.

>>> import ninetynine
>>> game = ninetynine.load_game("heroes99")
>>> x = game.new_initial_state(seed=1).observation_tensor(0)
>>> x.shape == game.observation_tensor_shape == (961,), str(x.dtype)
(True, 'float32')
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ninetynine.core.tensor import GameLayout, fraction, state_writer

from .cards import NUM_CARDS
from .roster import RULES

if TYPE_CHECKING:
    from ninetynine.core.game import State

    from .state import HeroesState

PHASES = ("pick", "play", "over")
KINDS = ("pick", "play", "skill", "use", "bonus", "order", "choose")
ENDINGS = ("no_draw", "no_play")
FEATURES = 17 + len(RULES)


def _steps() -> tuple[str, ...]:
    from .effects import STEP_WORDS as _STEP_WORDS

    return tuple(_STEP_WORDS)


def hero_features(hero: Any) -> list[float]:
    """A hero's feature vector (the module docstring): skill triggers, then rules."""
    f = [0.0] * FEATURES
    for s in hero.skills:
        if s.suit is not None:
            f[s.suit] = 1.0
        elif s.rank is not None:
            f[4 + s.rank - 1] = 1.0
    for i, (name, (kind, _lo, hi, _)) in enumerate(RULES.items()):
        v = hero.rule(name)
        if v is None:
            continue
        if kind == "int":
            f[17 + i] = min(1.0, v / hi)
        elif kind == "suit":
            f[17 + i] = (v + 1) / 4
        else:
            f[17 + i] = 1.0
    return f


def _rows(n: int, L: int) -> list[tuple[str, int, str]]:
    nl = n * L
    return [
        ("turn_player", n, "whose turn it is, one-hot by relative seat"),
        ("phase", len(PHASES), "one-hot: pick, play, over"),
        ("bonus_turn", 1, "1 during a bonus turn"),
        ("bonus_earned", 1, "1 once this turn earned a Bonus Turn"),
        ("picks_made", n, "heroes placed per relative seat / lanes"),
        ("my_heroes", L * FEATURES, "own face-down heroes before the reveal, features"),
        ("hero_present", nl, "per relative seat and lane, 1 if a hero is there"),
        ("hero_features", nl * FEATURES, "per relative seat and lane, hero features"),
        ("active", nl * NUM_CARDS, "per relative seat and lane, its active cards"),
        ("foreign", nl, "active cards owned by another seat / 3, capped"),
        ("strength", nl, "Strength / 40, capped"),
        ("bolsters", nl, "bolsters / 6, capped"),
        ("bolsters_from_hand", nl, "bolsters from a hand / 6, capped"),
        ("lane_points", nl, "points in the lane / 6, capped"),
        ("resolved", L, "1 for each resolved lane"),
        ("points", n, "points per relative seat / 9, capped"),
        ("hand_sizes", n, "cards in each hand / 12, capped"),
        ("deck_sizes", n, "cards in each deck / 46"),
        ("discards", n * NUM_CARDS, "per relative seat, its discard pile"),
        ("removed", n, "cards removed with resolved lanes / 20, capped"),
        ("pending_kind", len(KINDS), "one-hot: the decision being asked"),
        ("pending_step", len(_steps()), "one-hot: the effect choice being made"),
        ("pending_mine", 1, "1 if the observer decides"),
        ("pending_skills", 3, "the skills offered"),
        ("pending_source", nl, "the hero whose effect is deciding"),
        ("clash", 1, "1 while a Clash waits for its cards"),
        ("clash_chosen", n, "per relative seat, 1 if it chose its Clash card"),
        ("my_clash", NUM_CARDS, "the observer's Clash card"),
        ("my_bolsters", NUM_CARDS, "the observer's bolsters from hand, in play"),
        ("last_seat", n, "who made the last move, one-hot by relative seat"),
        ("turn", 1, "turns begun / 60, capped"),
        ("winner", n, "the winner, one-hot by relative seat"),
        ("ended_by", len(ENDINGS), "one-hot: no_draw, no_play"),
    ]


#: The slices of :func:`encode`'s vector for a game (its player count and lanes):
#: ``layout(game)``.
layout = GameLayout(_rows, lambda game: (game.num_players, game.lanes), (NUM_CARDS, "own cards"))


def encode(game: Any, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """``observation`` as a ``float32`` vector laid out as :func:`layout` says.

    :raises ValueError: an observation of another player count or lane count.
    """
    obs = observation
    n, L = game.num_players, game.lanes
    if obs["num_players"] != n or obs["lanes"] != L:
        raise ValueError(
            f"an observation of {obs['num_players']} players and {obs['lanes']} lanes, "
            f"not {n} and {L}"
        )
    e = layout.start_encoding(game, obs)
    x, off, seats, rel = e.x, e.at, e.seats, e.rel
    roster = game.roster
    feats = [hero_features(h) for h in roster.heroes]
    me = obs["player"]

    e.observer(obs)
    e.seat("turn_player", obs["turn_player"])
    e.one_of("phase", PHASES, obs["phase"])
    e.flag("bonus_turn", obs["bonus_turn"])
    e.flag("bonus_earned", obs["bonus_earned"])
    for k, s in enumerate(seats):
        e.value("picks_made", obs["picks_made"][s], L, k)
    for ln, hid in enumerate(obs.get("my_heroes") or []):
        if hid:
            start = off["my_heroes"] + ln * len(feats[0])
            x[start : start + len(feats[0])] = feats[roster.index(hid)]
    for k, s in enumerate(seats):
        for ln in range(L):
            i = k * L + ln
            hid = obs["heroes"][s][ln]
            if hid:
                e.one("hero_present", i)
                start = off["hero_features"] + i * len(feats[0])
                x[start : start + len(feats[0])] = feats[roster.index(hid)]
            cards = obs["active"][s][ln]
            e.items("active", (code % NUM_CARDS for code in cards), block=i * NUM_CARDS)
            e.value("foreign", sum(1 for code in cards if code // NUM_CARDS != s), 3, i)
            e.value("strength", obs["strength"][s][ln], 40, i)
            b = obs["bolsters"][s][ln]
            e.value("bolsters", len(b), 6, i)
            e.value("bolsters_from_hand", sum(1 for _, h in b if h), 6, i)
            e.value("lane_points", obs["lane_points"][ln][s], 6, i)
        e.value("points", obs["points"][s], 9, k)
        e.value("hand_sizes", obs["hand_sizes"][s], 12, k)
        e.value("deck_sizes", obs["deck_sizes"][s], 46, k)
        e.items("discards", set(obs["discards"][s]), block=k * NUM_CARDS)
        e.value("removed", len(obs["removed"][s]), 20, k)
    for ln in range(L):
        if obs["lane_result"][ln] is not None:
            e.one("resolved", ln)
    p = obs["pending"]
    if p is not None:
        e.one_of("pending_kind", KINDS, p["kind"])
        if p["kind"] == "choose":
            e.one_of("pending_step", _steps(), p["step"])
            task = p["task"]
            src = (task[3], _lane_of(obs, roster, task[3], task[4]))
        elif p["kind"] == "skill":
            e.items("pending_skills", (k for k in p["skills"] if k < 3))
            src = (p["seat"], p["lane"])
        elif p["kind"] == "use":
            src = (p["item"][0], _lane_of(obs, roster, p["item"][0], p["item"][1]))
        else:
            src = (-1, -1)
        if src[1] >= 0:
            e.one("pending_source", rel[src[0]] * L + src[1])
        e.flag("pending_mine", p["seat"] == me)
    if obs["clash"] is not None:
        e.one("clash")
        for r in obs["clash"]["chosen"] + obs["clash"]["empty"]:
            e.seat("clash_chosen", r)
    if obs.get("my_clash") is not None:
        e.one("my_clash", obs["my_clash"])
    e.items("my_bolsters", (c for *_, c in obs.get("my_bolsters", [])))
    if obs["last"] is not None:
        e.seat("last_seat", obs["last"]["seat"])
    e.value("turn", obs["turn"], 60)
    return e.outcome(obs, ENDINGS)


def _lane_of(obs: Mapping[str, Any], roster: Any, seat: int, hero: int) -> int:
    hid = roster.heroes[hero].id
    row = obs["heroes"][seat]
    return row.index(hid) if hid in row else -1


def writer(game: Any) -> Callable[[State, int | None], npt.NDArray[np.float32]]:
    """99 Heroes' ``Presentation.observation_tensor_writer`` (the encoding without the dict).
    Strength and lane points come from the same rule functions ``observation`` calls
    (``rules.strength``, ``state._lane_points``). It reads only what ``observation(player)``
    shows: ``player``'s own hand, face-down heroes, bolsters from hand and Clash card, never
    another seat's.
    """
    from . import rules as R

    n, L, nc = game.num_players, game.lanes, NUM_CARDS
    at = layout.at(n, L)
    roster = game.roster
    ids = [h.id for h in roster.heroes]
    feats = [array("f", hero_features(h)) for h in roster.heroes]
    # the feature row encode() looks up for hero index h (by its id, as encode does)
    feat_of = [feats[roster.index(hid)] for hid in ids]
    nf = FEATURES
    steps = _steps()
    kinds = {k: at.pending_kind + i for i, k in enumerate(KINDS)}
    step_at = {w: at.pending_step + i for i, w in enumerate(steps)}
    outcome = at.outcome_writer(n, ENDINGS)

    def fill(x: array[float], st: HeroesState, player: int | None, me: int) -> None:
        rev = st.revealed
        heroes = st.heroes

        def hot(start: int, seat: Any) -> None:
            if seat is not None and 0 <= seat < n:
                x[start + (seat - me) % n] = 1.0

        if player is not None:
            for c in st.hands[player]:
                x[at.hand + c] = 1.0
            x[at.has_hand] = 1.0
            x[at.seat + player] = 1.0
            if not rev:
                for ln, h in enumerate(heroes[player]):
                    if h >= 0:
                        start = at.my_heroes + ln * nf
                        x[start : start + nf] = feat_of[h]
        hot(at.current_player, st.current_player())
        hot(at.turn_player, st.player)
        x[at.phase + st.phase] = 1.0
        if st.bonus_turn:
            x[at.bonus_turn] = 1.0
        if st.bonus_earned:
            x[at.bonus_earned] = 1.0
        lane_pts = [st._lane_points(ln) if rev else [0] * n for ln in range(L)]
        active, bolsters, bknown = st.active, st.bolsters, st.bknown
        hands, decks, discards, removed = st.hands, st.decks, st.discards, st.removed
        for k in range(n):
            s = (me + k) % n
            row = heroes[s]
            picks = L if rev else sum(1 for h in row if h >= 0)
            x[at.picks_made + k] = fraction(picks, L)
            total = 0
            for ln in range(L):
                i = k * L + ln
                h = row[ln]
                if rev and h >= 0:
                    x[at.hero_present + i] = 1.0
                    start = at.hero_features + i * nf
                    x[start : start + nf] = feat_of[h]
                cards = active[s][ln]
                if cards:
                    base = at.active + i * nc
                    foreign = 0
                    for code in cards:
                        x[base + code % nc] = 1.0
                        if code // nc != s:
                            foreign += 1
                    if foreign:
                        x[at.foreign + i] = fraction(foreign, 3)
                if rev:
                    v = R.strength(st, s, ln)
                    if v > 0:
                        x[at.strength + i] = fraction(v, 40)
                b = bolsters[s][ln]
                if b:
                    x[at.bolsters + i] = fraction(len(b), 6)
                    known = sum(1 for kn in bknown[s][ln] if kn)
                    if known:
                        x[at.bolsters_from_hand + i] = fraction(known, 6)
                v = lane_pts[ln][s]
                total += v
                if v > 0:
                    x[at.lane_points + i] = fraction(v, 6)
            if total > 0:
                x[at.points + k] = fraction(total, 9)
            v = len(hands[s])
            if v:
                x[at.hand_sizes + k] = fraction(v, 12)
            v = len(decks[s])
            if v:
                x[at.deck_sizes + k] = fraction(v, 46)
            base = at.discards + k * nc
            for c in discards[s]:
                x[base + c] = 1.0
            v = len(removed[s])
            if v:
                x[at.removed + k] = fraction(v, 20)
        for ln, res in enumerate(st.lane_result):
            if res is not None:
                x[at.resolved + ln] = 1.0
        p = st.pending
        if p is not None:
            x[kinds[p["kind"]]] = 1.0
            if p["kind"] == "choose":
                x[step_at[p["step"]]] = 1.0
                task = p["task"]
                seat, lane = task[3], lane_of(heroes, rev, task[3], task[4])
            elif p["kind"] == "skill":
                for sk in p["skills"]:
                    if sk < 3:
                        x[at.pending_skills + sk] = 1.0
                seat, lane = p["seat"], p["lane"]
            elif p["kind"] == "use":
                item = p["item"]
                seat, lane = item[0], lane_of(heroes, rev, item[0], item[1])
            else:
                seat, lane = -1, -1
            if lane >= 0:
                x[at.pending_source + (seat - me) % n * L + lane] = 1.0
            if p["seat"] == player:
                x[at.pending_mine] = 1.0
        clash = st.clash
        if clash is not None:
            x[at.clash] = 1.0
            chosen = clash["cards"]
            for r in clash["seats"]:
                got = chosen[r]
                if got is not None and (got >= 0 or got == -1):
                    hot(at.clash_chosen, r)
            if player is not None:
                got = chosen[player]
                if got is not None and got >= 0:
                    x[at.my_clash + got] = 1.0
        if player is not None:
            for q in range(n):
                for ln in range(L):
                    for code, kn in zip(bolsters[q][ln], bknown[q][ln], strict=True):
                        if kn and code // nc == player:
                            x[at.my_bolsters + code % nc] = 1.0
        if st.last is not None:
            hot(at.last_seat, st.last[0])
        if st.turn > 0:
            x[at.turn] = fraction(st.turn, 60)
        outcome(x, st.winner_, st.ended_by, me)

    def lane_of(heroes: list[list[int]], rev: bool, seat: int, hero: int) -> int:
        """``_lane_of(observation, roster, seat, hero)`` from the state: the first lane of
        ``seat`` showing ``hero`` (by id), -1 before the reveal or if none."""
        if not rev:
            return -1
        hid = ids[hero]
        for ln, h in enumerate(heroes[seat]):
            if h >= 0 and ids[h] == hid:
                return ln
        return -1

    return state_writer(at.size, fill)
