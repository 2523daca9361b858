"""# Race to 15: the worked example of `docs/new-game.md`

A game in its own package, found by ninetynine through the entry point its `pyproject.toml`
declares (`[project.entry-points."ninetynine.games"] tinygame = "ninetynine_tinygame:TinyGame"`).

| property | value |
| --- | --- |
| game id | `tinygame` |
| players | 2-3 (default 2) |
| cards | 20: values 1-5, four of each; a card is its value |
| distinct actions | 6 |
| chance | the shuffle at setup, from the seed |
| returns | +1 the seat that makes the total exactly 15 (`target`), -1 the others; 0s: a draw |

## A turn
Each seat holds 2 cards in secret; the rest is the deck; the running total starts at 0. On your
turn play a card that keeps the total at most 15 (the total rises by its value, then you draw
one if the deck has any), or pass if no card fits. Making exactly 15 wins at once. When every
seat passes in a row nothing can change any more (a pass draws nothing): the game is a draw.

## Actions
| ids | notation | move |
| --- | --- | --- |
| 0-4 | `1`-`5` | play a card of that value (id = value - 1) |
| 5 | `pass` | pass (legal only when no card fits) |

## Observation
`game, num_players, player, current_player (-1 at the end), total, target, deck_size,
hand_sizes, played (values, in order), passes (in a row), winner (-1 none)` and `hand` (own
seat only, sorted).

Option: `target` (default 15, 5-50).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ninetynine.core import fields as F
from ninetynine.core.agent import SearchHooks, register_search_hooks
from ninetynine.core.engine import EngineState
from ninetynine.core.errors import NotationError
from ninetynine.core.game import TERMINAL, Game
from ninetynine.core.options import OptionSpec, int_parser
from ninetynine.core.presentation import Observation, Presentation
from ninetynine.core.registry import register_agent
from ninetynine.core.rng import Rng, as_rng
from ninetynine.core.tensor import build_layout, fraction, relative_seats, slice_starts
from ninetynine.core.util import accept_action, check_seat, redeal_hidden

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ninetynine.core.tensor import TensorSlice

DECK = sorted([1, 2, 3, 4, 5] * 4)
HAND_SIZE = 2
PASS = 5


class TinyState(EngineState):
    """A Race to 15 position: hands, deck (top last), total; seats move in turn, so the seat
    to play is ``len(history) % num_players``."""

    __slots__ = ("_legal", "deck", "game", "hands", "hist", "rng", "seed", "total", "winner_")
    game: TinyGame
    hands: list[list[int]]
    deck: list[int]
    total: int

    @classmethod
    def new(cls, game: TinyGame, seed: int | None) -> TinyState:
        """Setup: shuffle the 20 cards, deal 2 to each seat; the rest is the deck."""
        rng = Rng(seed)
        s = cls._bare(game, rng.getstate(), rng)
        deck = DECK[:]
        rng.shuffle(deck)
        s.hands = []
        for _ in range(game.num_players):
            s.hands.append(sorted(deck[-HAND_SIZE:]))
            del deck[-HAND_SIZE:]
        s.deck, s.total, s.hist, s.winner_, s._legal = deck, 0, [], -1, None
        return s

    def clone(self) -> TinyState:
        s = self._bare(self.game, self.seed, Rng(self.rng.getstate()))
        s.hands, s.deck = [h[:] for h in self.hands], self.deck[:]
        s.total, s.hist, s.winner_, s._legal = self.total, self.hist[:], self.winner_, self._legal
        return s

    # -- the rules ------------------------------------------------------------------------
    def passes(self) -> int:
        """Passes in a row at the end of the history."""
        n = 0
        for a in reversed(self.hist):
            if a != PASS:
                break
            n += 1
        return n

    def is_terminal(self) -> bool:
        return self.winner_ >= 0 or self.passes() >= self.game.num_players

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else len(self.hist) % self.game.num_players

    def _compute_legal(self) -> list[int]:
        if self.is_terminal():
            return []
        room = self.game.target - self.total
        fits = sorted({v - 1 for v in self.hands[self.current_player()] if v <= room})
        return fits or [PASS]

    def _why_illegal(self, a: Any) -> str:
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= PASS:
            return f"{a!r} is not a Race to 15 action id (0-{PASS})"
        if self.is_terminal():
            return f"{self.action_to_string(a)} is illegal: the game is over"
        if a == PASS:
            return "pass is illegal: a card in your hand fits"
        if a + 1 not in self.hands[self.current_player()]:
            return f"{a + 1} is illegal: you hold no {a + 1}"
        return f"{a + 1} is illegal: the total {self.total} would pass {self.game.target}"

    def apply_action(self, action: int) -> None:
        a = accept_action(self, action)
        p = self.current_player()
        self._legal = None
        self.hist.append(a)
        if a == PASS:
            return
        self.hands[p].remove(a + 1)
        self.total += a + 1
        if self.deck:
            insort(self.hands[p], self.deck.pop())
        if self.total == self.game.target:
            self.winner_ = p

    def scores(self) -> list[float]:
        """Points each seat added to the total."""
        n = self.game.num_players
        out = [0.0] * n
        for i, a in enumerate(self.hist):
            if a != PASS:
                out[i % n] += a + 1
        return out

    # -- notation -------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return "pass" if action == PASS else str(action + 1)

    def string_to_action(self, text: str) -> int:
        t = text.strip().lower()
        if t == "pass":
            return PASS
        if t in ("1", "2", "3", "4", "5"):
            return int(t) - 1
        raise NotationError(f"{text!r} is not a Race to 15 move: 1-5 or pass")

    # -- views ----------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (fields: the module docstring); ``hand`` for a seat only.

        :raises ValueError: ``player`` is not a seat nor ``None``.
        """
        player = check_seat(player, self.game.num_players)  # numpy.int64(1) is seat 1
        obs: dict[str, Any] = {
            "game": self.game.game_id,
            "num_players": self.game.num_players,
            "player": player,
            "current_player": self.current_player(),
            "total": self.total,
            "target": self.game.target,
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "played": [a + 1 for a in self.hist if a != PASS],
            "passes": self.passes(),
            "winner": self.winner_,
        }
        if player is not None:
            obs["hand"] = self.hands[player][:]
        return obs

    def resample(self, player: int | None, rng: Rng | int | None) -> TinyState:
        """A clone with every card ``player`` cannot see (the other hands, the deck) re-dealt
        at random, sizes kept, and a new seed and RNG drawn from ``rng``.

        :raises ValueError: ``player`` is not a seat nor ``None``.
        """
        check_seat(player, self.game.num_players)
        r = as_rng(rng)
        s = self.clone()
        others = [i for i in range(self.game.num_players) if i != player]
        dealt = redeal_hidden([*(s.hands[i] for i in others), s.deck], [0] * 6, r)
        for i, cards in zip(others, dealt[:-1], strict=True):
            s.hands[i] = sorted(cards)
        s.deck = dealt[-1]
        s._reseed(r)
        return s

    # -- serialization --------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return self._dict_with(
            hands=[h[:] for h in self.hands],
            deck=self.deck[:],
            total=self.total,
            history=self.hist[:],
            winner=self.winner_,
        )

    @classmethod
    def from_dict(cls, game: TinyGame, d: Mapping[str, Any]) -> TinyState:
        """Fields are read strictly (``core.fields``: ``1.5`` or ``"3"`` is no card, never
        truncated or converted).

        :raises ValueError: a field of the wrong type, or cards that do not add up to the 20;
        :raises KeyError: a field missing."""
        s = cls._bare(game, int(d["seed"]), Rng(int(d["rng"])))
        s.hands = [sorted(h) for h in F.whole_number_rows(d["hands"], "hands")]
        s.deck = F.whole_numbers(d["deck"], "deck")
        s.total = F.whole_number(d["total"], "total", 0)
        s.winner_ = F.whole_number(d["winner"], "winner", -1, game.num_players - 1)
        s._legal = None
        s.hist = F.whole_numbers(d["history"], "history")
        played = [a + 1 for a in s.hist if a != PASS]
        if len(s.hands) != game.num_players or sum(played) != s.total:
            raise ValueError("hands or total do not match the game")
        if sorted([*played, *s.deck, *(v for h in s.hands for v in h)]) != DECK:
            raise ValueError("the cards do not add up to four each of 1-5")
        return s


class TinyPresentation(Presentation):
    """Race to 15 as shown: a three-line board, a hint, a browser drawing, a tensor."""

    web_drawing = "tinygame.js"

    def render_observation(
        self, observation: Observation, markup: bool = False, names: Sequence[str] | None = None
    ) -> str:
        o = observation
        lines = [f"total {o['total']} of {o['target']}, deck {o['deck_size']}"]
        for i, k in enumerate(o["hand_sizes"]):
            name = names[i] if names else f"seat {i}"
            to_play = "  <- to play" if i == o["current_player"] else ""
            lines.append(f"{name}: {k} cards{to_play}")
        if o.get("hand") is not None:
            lines.append("your hand: " + " ".join(map(str, o["hand"])))
        return "\n".join(lines)

    def hint(self, observation: Observation) -> str | None:
        """The ``greedy`` agent's move, e.g. ``"play 4"``; ``None`` when it is not your turn."""
        o = observation
        if not self.is_to_act(o):
            return None
        legal = sorted({v - 1 for v in o["hand"] if v <= o["target"] - o["total"]}) or [PASS]
        a = greedy_action(o, legal)
        return "pass: no card fits" if a == PASS else f"play {a + 1}"

    def observation_tensor_layout(self) -> list[TensorSlice]:
        n = self.game.num_players
        return build_layout(
            [
                ("hand", 5, "own cards of each value 1-5, count / 2"),
                ("total", 1, "total / target"),
                ("deck", 1, "deck size / 20"),
                ("hand_sizes", n, "cards held per seat, own seat first, / 2"),
                ("to_play", n, "one-hot: the seat to play, own seat first (all 0 at the end)"),
                ("passes", 1, "passes in a row / players"),
            ]
        )

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        import numpy as np

        n = self.game.num_players
        size, at = slice_starts(self.observation_tensor_layout())
        x = np.zeros(size, dtype=np.float32)
        for v in observation.get("hand") or []:
            x[at["hand"] + v - 1] += 0.5
        x[at["total"]] = fraction(observation["total"], observation["target"])
        x[at["deck"]] = fraction(observation["deck_size"], len(DECK))
        seats = relative_seats(observation["player"], n)
        for k, seat in enumerate(seats):
            x[at["hand_sizes"] + k] = fraction(observation["hand_sizes"][seat], HAND_SIZE)
            x[at["to_play"] + k] = float(observation["current_player"] == seat)
        x[at["passes"]] = fraction(observation["passes"], n)
        return x


class TinyGame(Game):
    """Race to 15 (``ninetynine rules tinygame``), 2-3 players; option ``target``."""

    game_id = "tinygame"
    title = "Race to 15: play secret cards onto a running total; exactly 15 wins"
    source = "the worked example of docs/new-game.md"
    min_players, max_players, default_players = 2, 3, 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = {
        "target": OptionSpec("target", 15, "the total that wins", int_parser(5, 50)),
    }
    state_class = TinyState
    presentation_class = TinyPresentation

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        self.target: int = self.options["target"]

    @property
    def num_distinct_actions(self) -> int:
        return PASS + 1

    @property
    def max_game_length(self) -> int:
        """``(target + 1) * num_players``: each play raises the total by at least 1, so at
        most ``target`` plays, each after at most ``num_players - 1`` passes, and the
        ``num_players`` passes that end a draw."""
        return (self.target + 1) * self.num_players


def greedy_action(observation: Mapping[str, Any], legal: list[int]) -> int:
    """Make the total exactly the target if a card does; else leave a multiple of 6 to go (the
    next seat can neither win nor leave me one); else more than 5 to go (no card wins for the
    next seat); else the gap the fewest unseen cards fill (4 of each value, less the values
    played and in my hand); ties to the largest card."""
    room: int = observation["target"] - observation["total"]
    cards = [a for a in legal if a != PASS]
    if not cards:
        return PASS
    if room <= 5 and room - 1 in cards:
        return room - 1
    seen = [*observation["played"], *observation["hand"]]

    def risk(a: int) -> tuple[int, int, int]:
        left = room - (a + 1)
        if left > 5:
            return (0 if left % 6 == 0 else 1, 0, -a)
        return (2, 4 - seen.count(left), -a)

    return min(cards, key=risk)


class GreedyAgent:
    """The ``greedy`` agent: :func:`greedy_action` on the seat's observation."""

    name = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, seed: int | None = None) -> None:
        self.seat = seat

    def step(self, observation: dict[str, Any], legal_actions: list[int]) -> int:
        return greedy_action(observation, legal_actions)


def _rollout(state: Any, rng: Rng) -> int:
    """Search agents' playout policy: greedy on the (determinized) state's current seat."""
    return greedy_action(state.observation(state.current_player()), state.legal_actions())


register_agent("greedy", GreedyAgent, game_id=TinyGame.game_id, doc="win now, else stay safe")
register_search_hooks(TinyGame.game_id, SearchHooks(rollout=_rollout, doc="greedy rollouts"))

__all__ = ["GreedyAgent", "TinyGame", "TinyPresentation", "TinyState", "greedy_action"]
