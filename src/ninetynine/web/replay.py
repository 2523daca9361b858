"""The replay of a finished table, step by step, with every hand open.

Built from the table's record (game, options, seed, the moves) by replaying the engine: step
``k`` is the state after ``k`` moves (step 0 the deal, the last step the end). Only a finished
table has a replay: its record (with the seed, from which every hidden card can be computed)
is public once the game is over, so every seat's observation at every step may be shown then;
a live table's replay would leak them, and the API refuses it (409).

A step is drawn like a live view (:meth:`Replay.step`): the observation of one chosen seat
(``seat=None``: the spectators'), its text board and drawing facts, with no legal moves (a
replay plays nothing); beside it every seat's text board (the hands open) and the log up to
that step.
"""

from __future__ import annotations

from typing import Any

from ninetynine.core.game import Game, State


class Replay:
    """Every state of a finished game, from its record.

    :param game: the table's game (with its options and player count).
    :param seed: the table's seed; :param actions: the moves, in order.
    :param names: the seats' display names; :param notes: what the table's log said of a move
        beyond the game's events (move index, 0-based -> note: a turn timer's "time ran out").
    :raises IllegalActionError: the moves are not a game of ``game`` from ``seed``.
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        actions: list[int],
        names: list[str],
        seats: list[str],
        notes: dict[int, str] | None = None,
    ) -> None:
        self.game = game
        self.names = list(names)
        self.seats = list(seats)
        state = game.new_initial_state(seed=seed)
        self.states: list[State] = [state.clone()]
        self.moves: list[dict[str, Any]] = []
        for n, action in enumerate(actions, start=1):
            before = state.clone()
            mover = state.current_player()
            text = state.action_to_string(action)
            state.apply_action(action)
            events = game.describe_events(
                before.observation(None),
                state.observation(None),
                before.scores(),
                state.scores(),
                mover,
                self.names,
            )
            if notes and n - 1 in notes:
                events.append(notes[n - 1])
            self.moves.append({"n": n, "seat": mover, "move": text, "events": events})
            self.states.append(state.clone())

    @property
    def steps(self) -> int:
        """The last step (the number of moves); steps run 0..steps."""
        return len(self.states) - 1

    def outline(self) -> dict[str, Any]:
        """The whole game without the positions: ``{steps, moves: [{n, seat, move, events}],
        names, seats, result, returns, scores}`` (``move`` in the game's notation)."""
        last = self.states[-1]
        out: dict[str, Any] = {
            "game": self.game.game_id,
            "title": self.game.title,
            "num_players": self.game.num_players,
            "options": dict(self.game.options),
            "names": self.names,
            "bots": [s != "human" for s in self.seats],
            "steps": self.steps,
            "moves": self.moves,
            "terminal": last.is_terminal(),
        }
        if last.is_terminal():
            out["returns"] = last.returns()
            out["scores"] = last.scores()
            w = last.winner()
            out["result"] = f"{self.names[w]} wins" if w is not None else "draw"
        return out

    def step(self, k: int, seat: int | None) -> dict[str, Any]:
        """Step ``k`` as seen by ``seat`` (``None``: the spectators), shaped like a live view
        (``observation``, ``board_text``, ``drawing``, ``legal: []``, ``current_player``,
        ``terminal``, ``names``) so the game's drawing module draws it, plus ``boards``: every
        seat's text board at that step (the hands open), and ``next_move``: the move played
        from it (``None`` at the end); the log is :meth:`outline`'s ``moves[:k]``.

        :raises IndexError: ``k`` outside 0..steps; :raises ValueError: ``seat`` not a seat.
        """
        if not 0 <= k <= self.steps:
            raise IndexError(f"step {k} is not in this game (0-{self.steps})")
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(
                f"seat {seat} is not a seat of this game (0-{self.game.num_players - 1})"
            )
        st = self.states[k]
        obs = st.observation(seat)
        cp = st.current_player()
        out: dict[str, Any] = {
            "type": "replay",
            "step": k,
            "steps": self.steps,
            "seat": seat,
            "version": k,
            "current_player": cp,
            "names": self.names,
            "bots": [s != "human" for s in self.seats],
            "present": [True] * self.game.num_players,
            "observation": obs,
            "board_text": self.game.render_observation(obs, markup=False, names=self.names),
            "drawing": self.game.drawing_facts(obs, []),
            "legal": [],
            "terminal": st.is_terminal(),
            "scores": st.scores(),
            "next_move": self.moves[k] if k < self.steps else None,
            "boards": [
                {
                    "seat": i,
                    "name": self.names[i],
                    "text": self.game.render_observation(
                        st.observation(i), markup=False, names=self.names
                    ),
                }
                for i in range(self.game.num_players)
            ],
        }
        if st.is_terminal():
            out["returns"] = st.returns()
        return out


__all__ = ["Replay"]
