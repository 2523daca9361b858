"""The agent protocol, and what a search agent may see besides its observation.

An agent plays one seat. It sees exactly what that seat may see: the observation dict and the
legal action ids, never the state.

A *search* agent (ISMCTS and friends) also needs determinizations: full states that agree with
everything its seat knows, with the hidden cards re-dealt at random. It gets them through a
:class:`SearchView`, whose only door is :meth:`SearchView.sample` (``state.resample(seat,
rng)``); the view never holds the true state, so a bot cannot peek even by accident. An agent
asks for a view by having a ``step_with_search(observation, legal_actions, view)`` method
(:class:`SearchAgent`); every runner asks for a move through :func:`choose_action`, which
passes the view to agents that want one and calls plain ``step`` otherwise. Agents with only
``step`` are unaffected: the extension is backward compatible.

A search agent may also use a game's *search hooks* (:class:`SearchHooks`): a fast rollout
policy, a pruned move list for the tree, a position evaluation. A game package registers them
with :func:`register_search_hooks`; nothing here knows a game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .game import Game, State
    from .rng import Rng


@runtime_checkable
class Agent(Protocol):
    """One seat's decision maker.

    ``step(observation, legal_actions)`` returns one of ``legal_actions``; ``observation`` is
    ``state.observation(seat)``.
    """

    name: str

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int: ...


class SearchView:
    """The determinizations a search agent may draw for ``seat``, and nothing else.

    ``sample(rng)`` returns a fresh, independent state equal to ``state.resample(seat, rng)``:
    everything ``seat`` knows is kept (its hand, public piles, counts, the history) and every
    hidden card is re-dealt. The view keeps one determinization as its base (made when the view
    is built), never the true state, and clears the base's ``seed`` (from which the true deal
    could be replayed); so nothing reachable from the view holds a card ``seat`` cannot see.

    This relies on the game's ``resample`` depending only on ``seat``'s observation and the
    ``rng`` (the conformance suite and ``tests/agents/test_no_cheating.py`` check it): then
    sampling from the base is exactly sampling from the true state, and two states that look
    the same to ``seat`` give the same samples.

    A view is valid for one decision: build a new one (with :func:`choose_action`) each time.
    """

    __slots__ = ("_base", "num_players", "seat")

    def __init__(self, state: State, seat: int) -> None:
        base = state.resample(seat, 0)
        base.seed = 0
        self._base = base
        #: The seat the view is for (the seat to act when a runner builds it).
        self.seat = seat
        self.num_players: int = state.game.num_players

    def sample(self, rng: Rng | int | None) -> State:
        """A determinization: ``state.resample(seat, rng)`` (a new state the caller owns)."""
        return self._base.resample(self.seat, rng)

    def __repr__(self) -> str:
        return f"<SearchView seat={self.seat}>"


@runtime_checkable
class SearchAgent(Agent, Protocol):
    """An agent that searches: runners give it a :class:`SearchView` with each decision.

    ``step_with_search(observation, legal_actions, view)`` returns one of ``legal_actions``.
    Its plain ``step`` must still work (a runner that has no state to build a view from calls
    it); a search agent then falls back to a policy that needs no determinization.
    """

    def step_with_search(
        self, observation: dict[str, Any], legal_actions: list[int], view: SearchView
    ) -> int: ...


def choose_action(agent: Agent, state: State, seat: int | None = None) -> int:
    """Ask ``agent`` for its move in ``state`` (for ``seat``, default the seat to act).

    The one place a runner (a match, the terminal session, the web app, an environment)
    should ask an agent for a move: a :class:`SearchAgent` gets a :class:`SearchView` built
    from ``state``; any other agent gets ``step(observation, legal_actions)``. The agent never
    receives ``state`` itself.
    """
    p = state.current_player() if seat is None else seat
    observation = state.observation(p)
    legal = state.legal_actions()
    search = getattr(agent, "step_with_search", None)
    if search is not None:
        return int(search(observation, legal, SearchView(state, p)))
    return agent.step(observation, legal)


# ----------------------------------------------------------------------------- search hooks
#: ``policy(state, rng) -> action``: a legal action of ``state.current_player()``.
RolloutPolicy = Callable[["State", "Rng"], int]
#: ``candidates(state, legal) -> actions``: the non-empty subset of ``legal`` a tree should
#: branch on (a macro move: the rest is left to the policy).
Candidates = Callable[["State", list[int]], list[int]]
#: ``evaluate(state) -> values``: per seat, an estimate of ``returns()`` in ``[-1, 1]`` for a
#: non-terminal state (to cut rollouts short).
Evaluate = Callable[["State"], list[float]]
#: ``fast_rollout(state, policy, rng, depth, first) -> (values, moves) | None``: the rollout a
#: search agent would play from ``state`` (after the move ``first``, unless ``None``) with
#: ``policy`` (``"greedy"``: the ``rollout`` hook; ``"random"``:
#: ``legal[rng.randbelow(len(legal))]``) to the end, or cut after ``depth`` turns and scored by
#: ``evaluate``, played on a fast engine: the same values, the number of rollout moves, ``rng``
#: advanced the same; ``state`` is left as it was; ``None``: not available.
FastRollout = Callable[..., "tuple[list[float], int] | None"]
#: ``reweigh(state, seat, rng, candidates) -> state``: a determinization for ``seat`` with the
#: other seats' hidden cards re-drawn in proportion to how likely their own past moves were
#: (an opponent model; ``candidates`` re-deals to choose from). Reads only ``state`` (itself
#: drawn from what ``seat`` may see) and its public history.
Reweigh = Callable[["State", int, "Rng", int], "State"]
#: ``value_positions(game, games, seed, every) -> (X [m, n, F], winner [m], game index [m])``:
#: training positions for a value model (numpy arrays), from the game's fast self-play.
ValuePositions = Callable[["Game", int, int, int], tuple[Any, Any, Any]]
#: ``look(seat, evaluate) -> policy``: a rollout policy for ``seat``'s own turn that picks its
#: choices by ``evaluate`` at the end of the turn (``ismcts:…:look``).
Look = Callable[[int, Evaluate], RolloutPolicy]


@dataclass(frozen=True)
class SearchHooks:
    """A game's optional tuning for search agents (all fields may be ``None``).

    Hooks see the full state they are given: search agents only ever call them on their own
    determinizations, never on the true state.

    :ivar rollout: a fast playout policy, usually the game's greedy heuristic on the state.
    :ivar candidates: the moves worth a tree node; others are played by ``rollout``.
    :ivar evaluate: a position evaluation for truncated rollouts.
    :ivar depth: turns after which a rollout is cut and ``evaluate`` used (``0``: rollouts
        play to the end); a search agent's own setting wins.
    :ivar doc: one line saying what the hooks do, for listings.
    :ivar fast_rollout: the rollouts of ``rollout`` (or random ones) and ``evaluate`` on a
        fast engine, with the same results (see :data:`FastRollout`); called with
        ``value=net`` (an :class:`~ninetynine.agents.value.ValueNet`) it scores the cut with
        that model instead of ``evaluate``.
    :ivar value_features: ``features(state) -> per seat, a list of floats``: a learned value
        model's inputs (:mod:`ninetynine.agents.value`), named by ``value_feature_names``.
    :ivar value_positions: training positions for such a model (:data:`ValuePositions`).
    :ivar value_baseline: ``baseline(game, X) -> seat scores [m, n]``: ``evaluate``'s own
        scores from the same features, to compare a model's log-loss with.
    :ivar reweigh: determinizations weighed by an opponent model (see :data:`Reweigh`).
    :ivar look: a rollout policy choosing the searching seat's rest of the turn by the
        evaluation (see :data:`Look`); ``fast_rollout`` plays it as policy ``"look"``.
    :ivar evaluations: other cut-off evaluations by name (``ismcts:…:eval=NAME`` picks one
        instead of ``evaluate``).
    """

    rollout: RolloutPolicy | None = None
    candidates: Candidates | None = None
    evaluate: Evaluate | None = None
    depth: int = 0
    doc: str = ""
    fast_rollout: FastRollout | None = None
    reweigh: Reweigh | None = None
    value_features: Callable[[State], list[list[float]]] | None = None
    value_feature_names: tuple[str, ...] = ()
    value_positions: ValuePositions | None = None
    value_baseline: Callable[[Game, Any], Any] | None = None
    look: Look | None = None
    evaluations: dict[str, Evaluate] | None = None


_HOOKS: dict[str, SearchHooks] = {}


def register_search_hooks(game_id: str, hooks: SearchHooks) -> None:
    """Register ``hooks`` for ``game_id`` (a game package calls this when imported)."""
    _HOOKS[game_id] = hooks


def search_hooks(game_id: str) -> SearchHooks:
    """The hooks registered for ``game_id``; empty :class:`SearchHooks` if none."""
    from .registry import _ensure_games_loaded

    _ensure_games_loaded()  # loading the games registers their hooks

    return _HOOKS.get(game_id, SearchHooks())


__all__ = [
    "Agent",
    "Candidates",
    "Evaluate",
    "Look",
    "Reweigh",
    "RolloutPolicy",
    "SearchAgent",
    "SearchHooks",
    "SearchView",
    "choose_action",
    "register_search_hooks",
    "search_hooks",
]
