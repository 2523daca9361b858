"""Game-agnostic test helpers: seeded random playouts over the core protocol only."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ninetynine.core.game import State
from ninetynine.core.rng import Rng


def own_games() -> list[str]:
    """The games ninetynine itself ships (their classes live in ``ninetynine.games``), without
    any plug-in installed alongside: only ours have golden files and option sets here."""
    import ninetynine
    from ninetynine.core.registry import game_class

    games = ninetynine.list_games()
    return [g for g in games if game_class(g).__module__.startswith("ninetynine.")]


def random_steps(state: State, seed: int, limit: int | None = None) -> Iterator[int]:
    """Play ``state`` on with uniformly random legal actions (from ``Rng(seed)``), yielding
    each action *before* it is applied, until the game ends (or ``limit`` actions)."""
    rng = Rng(seed)
    n = 0
    while not state.is_terminal() and (limit is None or n < limit):
        legal = state.legal_actions()
        a = legal[rng.randbelow(len(legal))]
        yield a
        state.apply_action(a)
        n += 1


def playout_states(game_id: str, players: int, seed: int, every: int = 7) -> Iterator[State]:
    """Copies of every ``every``-th state of a random playout of ``game_id`` from ``seed``
    (moves drawn from ``Rng(seed + 1)``), and the final state."""
    import ninetynine

    state = ninetynine.load_game(game_id, num_players=players).new_initial_state(seed)
    for step, _ in enumerate(random_steps(state, seed + 1)):
        if step % every == 0:
            yield state.clone()
    yield state


def random_playout(state: State, seed: int, limit: int | None = None) -> State:
    """Play to the end (or ``limit`` actions) with random legal actions (:func:`random_steps`)."""
    for _ in random_steps(state, seed, limit):
        pass
    return state


def after_bots(
    game_id: str, players: int, seed: int, actions: int, agent: str = "random", **options: Any
) -> State:
    """The state after ``actions`` moves of seeded ``agent`` bots (seat ``i`` seeded ``i``) from
    ``seed`` (or the end), in a game with ``options``. Random bots by default: tuning a
    heuristic must not move a snapshot's position."""
    import ninetynine
    from ninetynine.agents import make_agent

    game = ninetynine.load_game(game_id, num_players=players, **options)
    state = game.new_initial_state(seed)
    bots = [make_agent(agent, game, i, seed=i) for i in range(players)]
    for _ in range(actions):
        if state.is_terminal():
            break
        p = state.current_player()
        state.apply_action(bots[p].step(state.observation(p), state.legal_actions()))
    return state


def legal(state: State) -> list[str]:
    """The legal moves in notation, in id order."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: State, *moves: str) -> State:
    """Apply moves written in notation, in turn; returns ``state`` for chaining."""
    for m in moves:
        state.apply_action(state.string_to_action(m))
    return state


def check_snapshot(folder: Path, name: str, text: str) -> None:
    """Compare ``text`` with the stored snapshot ``folder/name``; with ``UPDATE_SNAPSHOTS=1``
    in the environment, write it instead (a deliberate act: say why in the commit)."""
    path = folder / name
    if os.environ.get("UPDATE_SNAPSHOTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {name}: run with UPDATE_SNAPSHOTS=1"
    assert text + "\n" == path.read_text(encoding="utf-8")


def play_random(state: State, seed: int, check: Callable[[State], Any]) -> State:
    """Play to the end with random legal actions, calling ``check(state)`` before the first
    action and after every action."""
    rng = Rng(seed)
    check(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
        check(state)
    return state


class CardPool:
    """The cards of a deck (``counts[kind]`` copies of each kind) not yet placed in a hand-made
    position: :meth:`claim` takes named cards out, :meth:`rest` is what is left, sorted."""

    def __init__(self, counts: Sequence[int], names: Sequence[str]) -> None:
        self.left = Counter(dict(enumerate(counts)))
        self.names = names

    def claim(self, kinds: list[int]) -> list[int]:
        """``kinds``, taken out of the pool. :raises AssertionError: a card not left."""
        for k in kinds:
            if self.left[k] <= 0:
                raise AssertionError(f"no {self.names[k]} left in the deck for this position")
            self.left[k] -= 1
        return kinds

    def rest(self) -> list[int]:
        return sorted(self.left.elements())


def check_conserved(places: Iterable[Iterable[int]], counts: Sequence[int]) -> None:
    """Every card of a deck (``counts[kind]`` copies of each kind) is in exactly one of
    ``places`` (lists of kinds)."""
    seen: Counter[int] = Counter()
    for kinds in places:
        seen.update(kinds)
    want = Counter({k: c for k, c in enumerate(counts) if c})
    assert seen == want, f"cards not conserved: {seen - want} extra, {want - seen} missing"
