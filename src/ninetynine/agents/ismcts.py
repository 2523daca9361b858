"""ISMCTS: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

The bot works on the core protocol only. Each iteration draws a *determinization* (a full
state consistent with everything the bot's seat knows, hidden cards re-dealt) from the
:class:`~ninetynine.core.agent.SearchView` the runner passes, plays moves on it and backs the
returns up. It never sees the true state: only its observation, the legal actions and the
view's samples (``tests/agents/test_no_cheating.py``). Any number of players: each seat
maximises its own return.

Two ways to spend the iterations (``mode``):

``ucb``
    Single-observer ISMCTS as in the paper: one tree of move sequences shared by all
    determinizations; a node stores the reward of the seat that chose the move into it (max^n
    for any number of players); children are picked by UCB1 where a child's exploration term
    counts how often it was *available* (legal in the determinization) rather than the
    parent's visits; the root's most visited move is played.
``paired`` (the default: stronger at the same budget, see the ladder in ``docs/reports``)
    A one-level tree with common random numbers: every root move is tried on the same
    determinization with the same rollout seed, round after round, so two moves' values differ
    by the moves alone and not by the luck of the deal. The bot leaves its rollout policy's
    own move only for one that beats it by ``z`` paired standard errors (the winner of many
    noisy comparisons is otherwise often just the luckiest). This is determinized rollout
    search (Ginsberg's GIB, Tesauro & Galperin's rollouts) on the same machinery; ISMCTS with
    a one-move tree, the information set is still sampled, never seen.

Rollouts follow the game's greedy policy (or uniformly random moves) to the end of the game,
or, with ``depth``, for ``depth`` turns (a turn: one seat's run of moves) after which the
game's evaluation estimates the returns.

Spec (``make_agent``; ``:`` separates the parts after the budget, in any order)::

    ismcts                 1000 iterations, paired, greedy rollouts, the game's default depth
    ismcts:200             200 iterations (rollouts)
    ismcts:0.5s / :500ms   a wall-time budget per decision: not reproducible (how many
                           iterations fit depends on the machine and its load)
    ismcts:5000:1s         5000 iterations, but stop at 1 s: reproducible whenever the cap
                           is not hit (the agent counts the hits in ``capped``)
    ismcts:5000:steps=40000  5000 iterations, but at most 40000 moves played in rollouts:
                           reproducible, and it bounds the time of the decisions whose
                           rollouts are long (see below)
    ismcts:200:ucb         the paper's tree search (``paired`` is the default)
    ismcts:200:random      uniformly random rollouts (default ``greedy``)
    ismcts:1000:value:look greedy rollouts, but the bot's own row and extra-card choices in
                           the rest of its turn are each tried and the best by the
                           evaluation kept (the game's ``look`` hook; ``depth=1``, ``paired``)
    ismcts:200:depth=2     rollouts cut after 2 turns, then the game's evaluation;
                           ``depth=0``: play to the end
    ismcts:200:c=0.7       UCB exploration constant (``ucb``; rewards in [0, 1])
    ismcts:200:z=1.0       paired: standard errors needed to leave the policy's move
    ismcts:200:flat        no macro moves (the game's ``candidates`` hook is ignored)
    ismcts:200:infer=8     each determinization re-drawn by the game's opponent model
                           (``SearchHooks.reweigh``): 8 re-deals of the other hands, one
                           kept in proportion to how likely the other seats' own past
                           moves were with it (ONO 99); Tripwire re-deals each other
                           hand so that the cards it held obey its forced moves (a
                           draw: nothing fitted; a hit: no Null) with ``infer=1``, and
                           heads-up with ``infer=N`` >= 2 draws it from N such re-deals
                           weighted by whether ``greedy`` would have played that seat's
                           latest turn with a play as it did (made once per decision);
                           ``infer=0`` (the default): off
    ismcts:200:opp=greedy  in rollouts the other seats play the game's ``greedy`` agent (an
                           opponent model), the bot's own seat its rollout policy;
                           ``opp=random``: uniformly random moves
    ismcts:200:model=warp99-2p  a learned model (``agents/learned.py``: a shipped name or a
                           ``.npz`` path): its value head is the evaluation after ``depth``
                           turns (default: the game's depth, at least 1) and its policy picks
                           the move the search must beat (``paired``)
    ismcts:200:model=warp99-2p:prior=0  the model's value only (the rollout policy's move
                           stays the one to beat)
    ismcts:200:draw=0.25   how the bot's own search scores a drawn end (every seat's returns
                           equal), on the [0, 1] scale of a loss (0) and a win (1); default:
                           the game's returns (0.5 for a draw of +1/-1 returns). Below 0.5 the
                           search prefers a chance of winning to a safe draw (a draw counts as
                           not won in the ladder); the fast rollouts are then not used
    ismcts:200:eval=calibrated  another of the game's cut-off evaluations by name
                           (``SearchHooks.evaluations``; Sixto: ``calibrated``)
    ismcts:1000:value      a learned value model (``agents/value.py``: the game's shipped
                           ``<game>-<n>p-value``) scores the cut-off rollouts instead of the
                           game's fitted evaluation; ``value=NAME`` or ``value=PATH.npz``
                           names another. Warp 99 plays these rollouts on its compiled core too

The cost of a decision is about proportional to the moves played in its rollouts, not to the
rollouts: one Warp 99 rollout (the rest of the turn) may be 1 move or 20 (a hand emptied again
and again). ``steps`` caps those moves; like the time cap, it ends each sequential-halving phase
at its share of the cap (after at least one round), so the moves that survive are still
compared on equal terms. ``last["steps"]`` reports the moves of the last search.

With an iteration budget (and a ``steps`` cap or none) the agent is reproducible: the same
seed, observation and legal actions give the same move (determinizations and rollouts draw from
the agent's own seeded :class:`~ninetynine.core.rng.Rng`). Per-game tuning comes from the game's
:class:`~ninetynine.core.agent.SearchHooks` (a fast greedy rollout policy, macro moves through
``candidates``, a cut-off evaluation and its default depth); without hooks the agent runs the
game's ``greedy`` agent (or random moves) on each rollout state's observation and plays every
rollout to the end.

A game may also play these rollouts on a fast engine (``SearchHooks.fast_rollout``: Warp 99 and
Ninety Nine on their compiled core, several times more iterations per second; Tripwire's random
rollouts in its ``_fast.c``): it is used only for the game's own rollout policy (or ``random``)
and evaluation, gives the same values and draws, and so the same decisions
(``tests/agents/test_fast_rollout.py``, ``tests/games/tripwire/test_fast_rollout.py``);
``NINETYNINE_REFERENCE_ONLY=1`` turns it off.

Called through plain ``step`` (a runner with no state to build a view from) it cannot search;
it then plays its rollout policy's move from the observation (the game's ``greedy`` agent, or
``random``) and counts the move in :attr:`ISMCTSAgent.unsearched`.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any

from ninetynine.core.agent import SearchHooks, SearchView, search_hooks
from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game, State
from ninetynine.core.registry import agent_factory, list_agents
from ninetynine.core.rng import Rng

#: Default iterations (rollouts) per decision.
DEFAULT_ITERATIONS = 1000
#: Default UCB1 exploration constant (rewards are scaled to [0, 1]).
DEFAULT_C = 0.7
#: Default number of paired standard errors needed to leave the rollout policy's move.
DEFAULT_Z = 1.0
MODES = ("paired", "ucb")


class Node:
    """One tree node (``ucb`` mode): the move sequence from the root that reaches it.

    ``mover`` chose the move into this node; ``reward`` sums that seat's rewards in ``[0, 1]``
    over ``visits``; ``avail`` counts the iterations in which the move was legal.
    """

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[int, Node] = {}


def parse_spec(arg: str | None) -> dict[str, Any]:
    """The keyword arguments of :class:`ISMCTSAgent` for a spec's argument.

    >>> parse_spec("200:random:c=0.5")
    {'iterations': 200, 'rollout': 'random', 'c': 0.5}
    >>> parse_spec("0.5s:ucb")
    {'seconds': 0.5, 'mode': 'ucb'}

    :raises GameOptionError: a part it does not understand, a budget that is not positive, a
        negative ``c`` or ``z`` (a UCB bonus or a margin below zero would steer the search away
        from what it has tried least, or leave the policy's move on any worse estimate), or two
        different values of one setting (two rollouts, two modes, ``200:300``, ``c=1:c=2``).
    """
    out: dict[str, Any] = {}
    for part in (arg or "").split(":"):
        p = part.strip().lower()
        if not p:
            continue
        try:
            if p in ("random", "greedy", "look"):
                _once(out, "rollout", p, "one rollout")
            elif p in MODES:
                _once(out, "mode", p, "one mode")
            elif p == "flat":
                _once(out, "macro", False, "one of flat")
            elif p.startswith("c="):
                _once(out, "c", float(p[2:]), "one c")
            elif p.startswith("z="):
                _once(out, "z", float(p[2:]), "one z")
            elif p.startswith("depth="):
                _once(out, "depth", int(p[6:]), "one depth")
            elif p.startswith("steps="):
                _once(out, "steps", int(p[6:]), "one steps cap")
            elif p.startswith("infer="):
                _once(out, "infer", int(p[6:]), "one infer")
            elif p.startswith("opp="):
                _once(out, "opponents", p[4:], "one opp")
            elif p.startswith("model="):
                _once(out, "model", part.strip()[6:], "one model")
            elif p.startswith("eval="):
                _once(out, "evaluation", p[5:], "one eval")
            elif p.startswith("draw="):
                _once(out, "draw", float(p[5:]), "one draw")
            elif p == "value":
                _once(out, "value", "", "one value model")
            elif p.startswith("value="):
                _once(out, "value", part.strip()[6:], "one value model")
            elif p in ("prior=0", "prior=1"):
                _once(out, "prior", p == "prior=1", "one prior")
            elif p.endswith("ms"):
                _once(out, "seconds", float(p[:-2]) / 1000, "one time budget")
            elif p.endswith("s"):
                _once(out, "seconds", float(p[:-1]), "one time budget")
            else:
                _once(out, "iterations", int(p), "one iteration budget")
        except GameOptionError:
            raise
        except ValueError:
            raise GameOptionError(_bad_part(part)) from None
    if not all(math.isfinite(out.get(k, 0.0)) for k in ("seconds", "c", "z")):
        raise GameOptionError(f"ismcts: seconds, c and z must be finite numbers, got {arg!r}")
    if (
        out.get("iterations", 1) < 1
        or out.get("seconds", 1) <= 0
        or out.get("depth", 0) < 0
        or out.get("steps", 1) < 1
        or out.get("infer", 0) < 0
        or out.get("c", 0.0) < 0
        or out.get("z", 0.0) < 0
        or not 0.0 <= out.get("draw", 0.0) <= 1.0
    ):
        raise GameOptionError(
            "ismcts: budgets and steps must be positive, depth, c and z >= 0 and draw between "
            f"0 and 1, got {arg!r}"
        )
    return out


def _once(out: dict[str, Any], key: str, value: Any, what: str) -> None:
    """``out[key] = value``, unless another value is there already (a spec that asks for two
    rollouts, two modes, two budgets of a kind or two ``c=`` would otherwise run the later one
    without a word)."""
    if key in out and out[key] != value:
        raise GameOptionError(f"ismcts: {what} only, got {out[key]!r} and {value!r}")
    out[key] = value


def _bad_part(part: str) -> str:
    return (
        f"ismcts: cannot read {part!r}; write e.g. ismcts:200 (iterations), ismcts:0.5s "
        "(time per move), ismcts:200:ucb, ismcts:200:random, ismcts:200:depth=2, "
        "ismcts:200:c=0.7, ismcts:200:z=1, ismcts:5000:1s, ismcts:5000:steps=40000, "
        "ismcts:200:infer=8, ismcts:200:opp=greedy, ismcts:200:draw=0.25, "
        "ismcts:200:eval=NAME, ismcts:1000:value, ismcts:1000:value:look"
    )


class ISMCTSAgent:
    """The search bot (see the module docstring).

    :param game: the game it plays (for the hooks and the fallback policy).
    :param seat: its seat.
    :param seed: seeds its :class:`Rng` (determinizations, tie-breaks and rollouts).
    :param iterations: rollouts per decision (default :data:`DEFAULT_ITERATIONS`, or no
        limit when only ``seconds`` is given).
    :param seconds: a wall-time budget per decision (alone, not reproducible; with
        ``iterations``, a cap on them).
    :param steps: a cap on the moves played in rollouts per decision (reproducible).
    :param mode: ``"paired"`` or ``"ucb"`` (see the module docstring).
    :param rollout: ``"greedy"`` (the game's hook or greedy agent), ``"random"`` or
        ``"look"`` (the game's ``look`` hook: greedy, the rest of the own turn chosen by the
        evaluation).
    :param depth: turns before a rollout is cut and evaluated (``0``: play to the end;
        default: the game's ``SearchHooks.depth``). A game without an evaluation always
        plays to the end.
    :param c: UCB exploration constant (``ucb``).
    :param z: paired standard errors needed to leave the policy's move (``paired``).
    :param macro: branch only on the game's ``candidates`` (macro moves) when it has them.
    :param model: a learned model (:func:`~ninetynine.agents.learned.load_model`'s spec)
        whose value replaces the game's evaluation and whose policy gives the default move.
    :param prior: with ``model``, use its policy for the default move (``False``: the value
        only).
    :param opponents: the rollout policy of the other seats: ``None`` (the bot's own),
        ``"greedy"`` (the game's greedy agent) or ``"random"``.
    :param infer: re-deals per determinization for the game's opponent model
        (``SearchHooks.reweigh``; ``0``: plain determinizations).
    :param value: a learned value model (:func:`~ninetynine.agents.value.load_value_model`'s
        spec; ``""``: the game's shipped one) as the evaluation after ``depth`` turns.
    :param evaluation: one of the game's named cut-off evaluations
        (``SearchHooks.evaluations``) instead of its ``evaluate``.
    :param draw: the search's value of a drawn end (a terminal state of 2 or more seats whose
        returns are all equal) in ``[0, 1]`` (loss 0, win 1); ``None``: the game's returns.
    :raises GameOptionError: an unknown mode or rollout, a model that does not fit, or
        ``infer`` on a game without an opponent model.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        steps: int | None = None,
        mode: str = "paired",
        rollout: str = "greedy",
        depth: int | None = None,
        c: float = DEFAULT_C,
        z: float = DEFAULT_Z,
        macro: bool = True,
        model: str | None = None,
        prior: bool = True,
        infer: int = 0,
        opponents: str | None = None,
        value: str | None = None,
        draw: float | None = None,
        evaluation: str | None = None,
    ) -> None:
        if mode not in MODES:
            raise GameOptionError(f"ismcts: mode must be paired or ucb, not {mode!r}")
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        #: Rollouts per decision (``None``: as many as ``seconds`` allows).
        self.iterations = iterations
        self.seconds = seconds
        self.max_steps = steps
        self.mode = mode
        self.c = c
        self.z = z
        self.rollout_kind = rollout
        hooks: SearchHooks = search_hooks(game.game_id)
        self.candidates = hooks.candidates if macro else None
        self.evaluate = hooks.evaluate
        if evaluation is not None:
            named = hooks.evaluations or {}
            if evaluation not in named:
                raise GameOptionError(
                    f"ismcts: {game.game_id} has no evaluation {evaluation!r}; it has: "
                    f"{', '.join(sorted(named)) or 'only its default'}"
                )
            self.evaluate = named[evaluation]
        #: ``prior(state, candidates) -> move``: the move to beat, if not the rollout policy's.
        self.prior: Callable[[State, list[int]], int] | None = None
        if model is not None:
            from .learned import model_search_hooks

            self.evaluate, model_prior = model_search_hooks(game, model)
            self.prior = model_prior if prior else None
            depth = max(hooks.depth, 1) if depth is None else depth
        #: The learned value model scoring the cut-off rollouts (``value``), if any.
        self.value_net: Any = None
        if value is not None:
            from .value import ValueEvaluate, load_value_model

            self.value_net = load_value_model(value or None, game)
            assert hooks.value_features is not None  # load_value_model checked it
            self.evaluate = ValueEvaluate(self.value_net, hooks.value_features)
            depth = max(hooks.depth, 1) if depth is None else depth
        depth = hooks.depth if depth is None else depth
        self.depth = depth if depth and self.evaluate is not None else None
        self.policy = self._make_policy(rollout, hooks)
        if opponents is not None:
            if opponents not in ("greedy", "random"):
                raise GameOptionError(f"ismcts: opp must be greedy or random, not {opponents!r}")
            if opponents == "random":
                others: Callable[[State, Rng], int] = _random_policy
            elif "greedy" in list_agents(game.game_id):
                others = _GreedyPolicy(game)
            else:
                raise GameOptionError(f"ismcts: {game.game_id} has no greedy agent for opp=greedy")
            self.policy = _SeatPolicy(seat, self.policy, others)
        #: The search's value of a drawn end, on the returns' scale (``None``: the returns').
        self.draw = None if draw is None or game.num_players < 2 else 2.0 * draw - 1.0
        # the game's rollouts on a fast engine, for its own policy and evaluation only
        # (NINETYNINE_REFERENCE_ONLY=1 turns it off, as for simulations; a draw's own value
        # needs the terminal returns, which the fast engine does not hand back)
        self._fast_rollout = (
            None
            if os.environ.get("NINETYNINE_REFERENCE_ONLY") or self.draw is not None
            else hooks.fast_rollout
        )
        self._hook_policy = hooks.rollout
        #: Re-deals per determinization by the game's opponent model (0: off).
        if infer and hooks.reweigh is None:
            raise GameOptionError(f"ismcts: {game.game_id} has no opponent model for infer={infer}")
        self.infer = infer
        self._reweigh = hooks.reweigh
        self._hook_evaluate = hooks.evaluate
        #: Decisions taken through plain ``step`` (no view: no search).
        self.unsearched = 0
        #: Searches that the ``seconds`` or ``steps`` cap ended before their ``iterations``.
        self.capped = 0
        #: Moves played in rollouts since the agent was built (a machine-independent measure
        #: of the work done; the last search's share is in ``last["steps"]``).
        self.steps = 0
        #: The last search: ``iterations``, ``seconds``, ``default`` (the policy's move),
        #: ``values`` (mean reward in [0, 1] per root move, best first), ``visits``.
        self.last: dict[str, Any] = {}

    # ------------------------------------------------------------------ policies
    def _make_policy(self, kind: str, hooks: SearchHooks) -> Callable[[State, Rng], int]:
        if kind == "random":
            return _random_policy
        if kind == "look":
            if hooks.look is None or self.evaluate is None:
                raise GameOptionError(f"ismcts: {self.game.game_id} has no look rollouts")
            if self.depth != 1 or self.mode != "paired":
                raise GameOptionError("ismcts: look rollouts need depth=1 and paired mode")
            return hooks.look(self.seat, self.evaluate)
        if kind != "greedy":
            raise GameOptionError(f"ismcts: rollout must be greedy, random or look, not {kind!r}")
        if hooks.rollout is not None:
            return hooks.rollout
        if "greedy" in list_agents(self.game.game_id):
            return _GreedyPolicy(self.game)
        return _random_policy

    # ------------------------------------------------------------------ the agent protocol
    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        """Without a view there is nothing to search: the fallback policy's move."""
        self.unsearched += 1
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.rollout_kind == "greedy" and "greedy" in list_agents(self.game.game_id):
            agent = agent_factory("greedy", self.game.game_id)(self.game, self.seat, 0)
            return int(agent.step(observation, legal_actions))
        return legal_actions[self.rng.randbelow(len(legal_actions))]

    def step_with_search(
        self, observation: dict[str, Any], legal_actions: list[int], view: SearchView
    ) -> int:
        """Search on determinizations drawn from ``view`` and return the chosen move."""
        if len(legal_actions) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "default": legal_actions[0]}
            return legal_actions[0]
        return self.search(view, legal_actions)

    # ------------------------------------------------------------------ the search
    def search(self, view: SearchView, legal_actions: list[int]) -> int:
        """Spend the budget on ``view``'s determinizations; the chosen root move."""
        rng = self.rng
        t0 = time.perf_counter()
        probe = view.sample(rng.next_u64())
        # The seat to act knows its own moves, so every determinization has the same root.
        cands = legal_actions
        if self.candidates is not None:
            cands = [a for a in self.candidates(probe, legal_actions) if a in legal_actions]
            cands = cands or legal_actions
        if self.prior is not None:
            default = self.prior(probe, cands)
        elif self.rollout_kind == "look" and self._hook_policy is not None:
            default = self._hook_policy(probe.clone(), Rng(0))  # greedy's move is the one to beat
        else:
            default = self.policy(probe.clone(), Rng(0))
        if default not in cands:
            default = cands[0]
        if len(cands) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "default": default}
            return cands[0]
        steps0 = self.steps
        if self.mode == "ucb":
            choice, info = self._search_ucb(view, cands, default, t0)
        else:
            choice, info = self._search_paired(view, cands, default, t0)
        self.last = {
            "seconds": time.perf_counter() - t0,
            "default": default,
            "steps": self.steps - steps0,
            **info,
        }
        return choice

    def _sample(self, view: SearchView) -> State:
        """A determinization from ``view``, re-drawn by the opponent model with ``infer``."""
        sample = view.sample(self.rng.next_u64())
        if self.infer and self._reweigh is not None:
            sample = self._reweigh(sample, view.seat, self.rng, self.infer)
        return sample

    def _search_paired(
        self, view: SearchView, cands: list[int], default: int, t0: float
    ) -> tuple[int, dict[str, Any]]:
        """Paired rounds under sequential halving (Karnin, Koren & Somekh 2013): the budget is
        split into ``ceil(log2 k)`` phases; after each, the worse half of the moves is dropped
        (never the policy's move), so the close calls get most of the rollouts. A round tries
        every remaining move on one determinization with one rollout seed."""
        rng = self.rng
        k = len(cands)
        d = cands.index(default)
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(k))
        phases = max(1, math.ceil(math.log2(k)))
        done = 0
        steps0 = self.steps
        capped = False
        for phase in range(phases):
            share = (phase + 1) / phases
            rounds = None if self.iterations is None else self.iterations // phases // len(alive)
            deadline = None if self.seconds is None else t0 + self.seconds * share
            step_cap = None if self.max_steps is None else steps0 + self.max_steps * share
            r = 0
            while r == 0 or rounds is None or r < rounds:
                if r and (
                    (deadline is not None and time.perf_counter() >= deadline)
                    or (step_cap is not None and self.steps >= step_cap)
                ):
                    capped = rounds is not None
                    break
                sample = self._sample(view)
                seed = rng.next_u64()
                mover = sample.current_player()
                for i in alive:
                    values[i].append(self._rollout_after(sample, cands[i], Rng(seed))[mover])
                r += 1
                done += len(alive)
            if phase < phases - 1 and len(alive) > 2:
                ranked = sorted(alive, key=lambda i: (-_mean(values[i]), i != d, cands[i]))
                keep = ranked[: (len(alive) + 1) // 2]
                alive = sorted(set(keep) | {d})
        means = {i: _mean(values[i]) for i in range(k) if values[i]}
        best = min(alive, key=lambda i: (-means[i], i != d, cands[i]))
        if best != d:
            diffs = [x - y for x, y in zip(values[best], values[d], strict=True)]
            r = len(diffs)
            mean = sum(diffs) / r
            var = sum((x - mean) ** 2 for x in diffs) / (r - 1) if r > 1 else math.inf
            if mean <= self.z * math.sqrt(var / r):
                best = d
        order = sorted(means, key=lambda i: (i not in alive, -means[i], cands[i]))
        self.capped += capped
        info = {
            "iterations": done,
            "values": {cands[i]: (means[i] + 1.0) * 0.5 for i in order},
            "visits": {cands[i]: len(values[i]) for i in order},
        }
        return cands[best], info

    def _search_ucb(
        self, view: SearchView, cands: list[int], default: int, t0: float
    ) -> tuple[int, dict[str, Any]]:
        rng = self.rng
        root = Node(-1)
        deadline = None if self.seconds is None else t0 + self.seconds
        step_cap = None if self.max_steps is None else self.steps + self.max_steps
        done = 0
        while done == 0 or self.iterations is None or done < self.iterations:
            if done and (
                (deadline is not None and time.perf_counter() >= deadline)
                or (step_cap is not None and self.steps >= step_cap)
            ):
                self.capped += self.iterations is not None
                break
            self._iterate(root, self._sample(view), rng)
            done += 1
        stats = {a: root.children[a] for a in cands if a in root.children}
        ranked = sorted(stats, key=lambda a: (-stats[a].visits, a != default, a))
        info = {
            "iterations": done,
            "values": {a: stats[a].reward / stats[a].visits for a in ranked if stats[a].visits},
            "visits": {a: stats[a].visits for a in ranked},
        }
        return (ranked[0] if ranked else default), info

    def _iterate(self, root: Node, state: State, rng: Rng) -> None:
        """One ``ucb`` iteration on determinization ``state``."""
        node = root
        path: list[Node] = []
        c = self.c
        candidates = self.candidates
        # selection and expansion
        while not state.is_terminal():
            legal = state.legal_actions()
            if candidates is not None and len(legal) > 1:
                legal = candidates(state, legal)
            if len(legal) == 1:  # forced (or a macro move's next step): no node needed
                state.apply_action(legal[0])
                continue
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                a = untried[rng.randbelow(len(untried))]
                child = children[a] = Node(state.current_player())
                state.apply_action(a)
                path.append(child)
                break
            best_a, best_v = legal[0], -1.0
            for a in legal:
                ch = children[a]
                ch.avail += 1
                v = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a]
            state.apply_action(best_a)
            path.append(node)
        values = self._rollout(state, rng)
        for nd in path:  # rewards in [0, 1] for the seat that moved into the node
            nd.visits += 1
            nd.reward += (values[nd.mover] + 1.0) * 0.5

    def _fast(self, state: State, rng: Rng, first: int | None = None) -> list[float] | None:
        """The game's ``fast_rollout`` of ``state`` (after ``first``), when it plays this
        agent's policy and evaluation; ``None`` otherwise."""
        fast = self._fast_rollout
        net = self.value_net if self.depth is not None else None
        if fast is None or (
            self.depth is not None and net is None and self.evaluate is not self._hook_evaluate
        ):
            return None
        policy = self.policy
        if policy is self._hook_policy:
            kind = "greedy"
        elif self.rollout_kind == "look":
            kind = "look"
        elif policy is _random_policy:
            kind = "random"
        else:
            return None
        got = (
            fast(state, kind, rng, self.depth, first)
            if net is None
            else fast(state, kind, rng, self.depth, first, value=net)
        )
        if got is None:
            return None
        self.steps += got[1]
        return got[0]

    def _rollout_after(self, state: State, action: int, rng: Rng) -> list[float]:
        """:meth:`_rollout` of ``state`` after ``action``; ``state`` is left as it was."""
        got = self._fast(state, rng, action)
        if got is not None:
            return got
        after = state.clone()
        after.apply_action(action)
        return self._rollout(after, rng)

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        """Play ``state`` on with the rollout policy; per seat, its returns.

        With ``depth``, the rollout stops once the seat to move has changed ``depth`` times
        and the game's evaluation stands in for the returns. A game's ``fast_rollout`` hook
        plays it instead when the policy and evaluation are the game's own (the same values;
        ``state`` is then left as it was)."""
        got = self._fast(state, rng)
        if got is not None:
            return got
        policy = self.policy
        depth = self.depth
        steps = 0
        if depth is None:
            while not state.is_terminal():
                state.apply_action(policy(state, rng))
                steps += 1
            self.steps += steps
            return self._returns(state)
        turns = 0
        mover = state.current_player()
        while not state.is_terminal():
            p = state.current_player()
            if p != mover:
                turns += 1
                if turns >= depth:
                    self.steps += steps
                    return self.evaluate(state)  # type: ignore[misc]
                mover = p
            state.apply_action(policy(state, rng))
            steps += 1
        self.steps += steps
        return self._returns(state)

    def _returns(self, state: State) -> list[float]:
        """``state.returns()`` of a terminal ``state``, a draw (every seat's returns equal)
        scored :attr:`draw` when that is set."""
        r = state.returns()
        if self.draw is not None and len(r) > 1 and max(r) == min(r):
            return [self.draw] * len(r)
        return r


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


class _GreedyPolicy:
    """The rollout policy of a game without a ``rollout`` hook: its ``greedy`` agent, one per
    seat, on each rollout state's observation. A class rather than a closure so that the
    search agent pickles and deep-copies."""

    def __init__(self, game: Game) -> None:
        factory = agent_factory("greedy", game.game_id)
        self.agents = [factory(game, s, 0) for s in range(game.num_players)]

    def __call__(self, state: State, rng: Rng) -> int:
        p = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return int(self.agents[p].step(state.observation(p), legal))


class _SeatPolicy:
    """A rollout policy per seat: ``own`` for the searching seat, ``others`` for the rest."""

    def __init__(
        self, seat: int, own: Callable[[State, Rng], int], others: Callable[[State, Rng], int]
    ) -> None:
        self.seat = seat
        self.own = own
        self.others = others

    def __call__(self, state: State, rng: Rng) -> int:
        if state.current_player() == self.seat:
            return self.own(state, rng)
        return self.others(state, rng)


def _random_policy(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    return legal[rng.randbelow(len(legal))]


def make_ismcts(
    game: Game, seat: int = 0, seed: int | None = None, arg: str | None = None
) -> ISMCTSAgent:
    """The registered factory: ``ismcts[:budget][:options]`` (see the module docstring)."""
    return ISMCTSAgent(game, seat, seed, **parse_spec(arg))


__all__ = [
    "DEFAULT_C",
    "DEFAULT_ITERATIONS",
    "DEFAULT_Z",
    "MODES",
    "ISMCTSAgent",
    "Node",
    "make_ismcts",
    "parse_spec",
]
