"""Warp 99 and Ninety Nine: the game objects and their options.

Ninety Nine (Ninety Nine and Sixto overviews) is Warp 99's engine with its rules fixed: Same Color,
Plus 1 and Total 10 always; no rule flips; no extra card for a double match; no starting
handicap unless asked for; the optional "bonus rule" (``bonus_rule=true``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ninetynine.core.game import Game
from ninetynine.core.options import (
    OptionSpec,
    choice_parser,
    int_parser,
    parse_bool,
)
from ninetynine.core.registry import did_you_mean, register_game

from .actions import NUM_ACTIONS
from .cards import NUM_COLORS, NUM_VALUES
from .rules import config_from_sides
from .state import DECK_BONUS, DECK_SIZE, HAND_SIZE, Warp99State

#: Actions one turn can take at most (W20 in docs/rules/warp99.md): at most 8 personal decks'
#: worth of draws (7 emptied decks already reach 99) plus the first hand = 126 cards through the
#: hand, each at most row + discard + extra-card decision, plus a score and a flip per cycle.
ACTIONS_PER_TURN_BOUND = 640
#: A personal row's most cards: rising values, a different colour each (W5).
MAX_ROW = min(NUM_COLORS, NUM_VALUES)


def _parse_rules(value: Any) -> str:
    v = str(value).strip().lower().replace("_", "-")
    if v in ("standard", "random"):
        return v
    if v in ("random-rule-start", "pro"):
        return "random"
    try:
        config_from_sides(v)
    except ValueError:
        hint = did_you_mean(v, ("standard", "random", "random-rule-start"))
        raise ValueError(
            f"got {value!r}{hint} (rules: standard, random (the Random Rule Start variant), "
            "or the rule cards' sides as three digits 1 or 2, e.g. 121)"
        ) from None
    return v


def _parse_handicap(value: Any) -> Any:
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("standard", "none"):
            return v
        parts = [p for p in v.replace(",", " ").split() if p]
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise ValueError(
                f"expected standard, none or starting scores like 0,1,2; got {value!r}"
            ) from None
    elif isinstance(value, list | tuple):
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
            raise ValueError(f"starting scores must be whole numbers; got {value!r}")
        nums = list(value)
    else:
        raise ValueError(f"expected standard, none or starting scores like 0,1,2; got {value!r}")
    if any(x < 0 or x > 98 for x in nums):
        raise ValueError("starting scores must be 0-98")
    return tuple(nums)


_COMMON: dict[str, OptionSpec] = {
    "target": OptionSpec("target", 99, "points that win the game at once", int_parser(1, 10_000)),
    "max_turns": OptionSpec(
        "max_turns",
        2000,
        "safety stop: after this many turns the highest score wins (never reached in play)",
        int_parser(1, 1_000_000),
    ),
}

WARP99_OPTIONS: dict[str, OptionSpec] = {
    "rules": OptionSpec(
        "rules",
        "standard",
        "rule sides at the start: standard (side 1: Same Color, Plus 1, Total 10), "
        "random (the Random Rule Start variant), or three digits like 121",
        _parse_rules,
    ),
    "handicap": OptionSpec(
        "handicap",
        "standard",
        "starting scores: standard (0, 1, 2, 3 by seat), none, or a list like 0,2,4",
        _parse_handicap,
    ),
    "extra_card": OptionSpec(
        "extra_card",
        True,
        "a play matching two or more rules lets the player take an extra card",
        parse_bool,
    ),
    "allow_flip": OptionSpec(
        "allow_flip",
        True,
        "a player who cannot discard after Action A may reveal the hand and flip a rule card",
        parse_bool,
    ),
    "flip_limit": OptionSpec(
        "flip_limit",
        "turn",
        "turn: at most one flip per turn (literal reading); cycle: one per A-B-C cycle",
        choice_parser("turn", "cycle"),
        ("turn", "cycle"),
    ),
    "bonus_rule": OptionSpec(
        "bonus_rule",
        True,
        "emptying the hand in Action B refills it and repeats Actions A, B and C",
        parse_bool,
    ),
    **_COMMON,
}

NINETYNINE_OPTIONS: dict[str, OptionSpec] = {
    "deal": OptionSpec(
        "deal",
        "6+15",
        "6+15: a hand of six and a pile of fifteen each (the text, literally); "
        "15: fifteen each, six of them drawn into the hand (as in Warp 99)",
        choice_parser("6+15", "15"),
        ("6+15", "15"),
    ),
    "handicap": OptionSpec(
        "handicap",
        "none",
        "starting scores: none (all 0), standard (0, 1, 2, 3 by seat), or a list like 0,2,4",
        _parse_handicap,
    ),
    "bonus_rule": OptionSpec(
        "bonus_rule",
        False,
        "the bonus rule: discarding your whole hand refills it and gives another turn",
        parse_bool,
    ),
    **_COMMON,
}


@register_game
class Warp99Game(Game):
    """Warp 99 (Warp 99 rulebook), 2-4 players.

    Options (see ``ninetynine rules warp99``): ``rules``, ``handicap``, ``extra_card``,
    ``allow_flip``, ``flip_limit``, ``bonus_rule``, ``target``, ``max_turns``.

    :raises GameOptionError: bad player count or option (a ``ValueError``).
    """

    game_id = "warp99"
    title = "Warp 99: race to 99 with a personal row, two discard piles and flippable rules"
    source = "Warp 99 rulebook"
    min_players, max_players, default_players = 2, 4, 3
    version = 2
    option_specs: ClassVar[Mapping[str, OptionSpec]] = WARP99_OPTIONS
    state_class = Warp99State
    fast_state_module = "ninetynine.games.warp99.fast"
    presentation_class = "ninetynine.games.warp99.presentation:Warp99Presentation"
    num_distinct_actions = NUM_ACTIONS

    #: Options Ninety Nine fixes (None: take from the options).
    _fixed: ClassVar[dict[str, Any]] = {"deal": "15"}

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = {**self._fixed, **self.options}
        rules = o["rules"]
        self.rules_mode: str = rules
        self.rule_config = 0 if rules in ("standard", "random") else config_from_sides(rules)
        h = o["handicap"]
        if h == "standard":
            self.handicap: tuple[int, ...] = tuple(range(self.num_players))
        elif h == "none":
            self.handicap = (0,) * self.num_players
        else:
            if len(h) != self.num_players:
                from ninetynine.core.errors import GameOptionError

                raise GameOptionError(
                    f"{self.game_id} option handicap: {len(h)} starting scores given for "
                    f"{self.num_players} players"
                )
            self.handicap = tuple(h)
        if max(self.handicap) >= o["target"]:
            from ninetynine.core.errors import GameOptionError

            raise GameOptionError(
                f"{self.game_id}: starting scores {list(self.handicap)} must stay below the "
                f"target {o['target']} (the game would be over before it starts)"
            )
        self.deal: str = o["deal"]
        self.extra_card: bool = o["extra_card"]
        self.allow_flip: bool = o["allow_flip"]
        self.flip_limit: str = o["flip_limit"]
        self.bonus_rule: bool = o["bonus_rule"]
        self.target: int = o["target"]
        self.max_turns: int = o["max_turns"]

    @property
    def max_game_length(self) -> int:
        """A true upper bound on the actions of any game (W20), counted per seat ``p`` with
        starting score ``h`` and target ``T`` (99):

        * cards into ``p``'s hand, ``C``: every card reaches a hand by a draw from ``p``'s
          personal deck. ``p`` gets the first deal (15 cards with the hand, 21 with
          ``deal=6+15``) and at most 15 more each time the deck runs out, which scores 15
          (§ Personal Pile Empty?); a refill that would be drawn needs the score still below
          ``T`` after it, so ``C <= first + 15 * floor((T - 1 - h) / 15)``: 105 for Warp 99.
        * Row cards ``R``: every turn (and every repeated cycle) puts at least one card in
          the row, since a hand is never empty when a turn or cycle begins (the draw before it
          always finds a card: the other seats hold at most 6 + 10 + 15 cards each in hand,
          row and deck, ``p`` at most a row of 10, the piles' tops 2, so at most 105 of the
          110 cards are out of reach), and a row must be filled after it is scored. Every
          scored row card scores at least a point (a row of k scores k * k), so
          ``R <= min(C, T - 1 - h + 10)`` (a row holds at most 10 cards: rising values, one
          colour each).
        * So at most ``R`` scores (each clears a row of at least one card), ``R`` ``end``s
          (one a turn), ``R`` flips (one a turn, or a cycle), ``C - R`` discards, and one
          take or decline per discard (a double match).

        Per seat: ``C + (2 + flips) * R + extra_card * (C - R)``, summed over the seats:
        1,260 for Warp 99 with three players and 981 for Ninety Nine (``benchmarks/
        game_length.py`` measures the longest games). The safety stop's
        ``max_turns * 640`` (at most 640 actions a turn) bounds it too; the smaller counts.
        """
        first = DECK_SIZE + (HAND_SIZE if self.deal == "6+15" else 0)
        total = 0
        for h in self.handicap:
            cards = first + DECK_BONUS * ((self.target - 1 - h) // DECK_BONUS)
            rows = min(cards, self.target - 1 - h + MAX_ROW)
            flips = 1 if self.allow_flip else 0
            extra = cards - rows if self.extra_card else 0
            total += cards + (2 + flips) * rows + extra
        return min(total, self.max_turns * ACTIONS_PER_TURN_BOUND)

    #: ``batched_engine(...)``: a :class:`~ninetynine.games.warp99.batched.VectorBatch`,
    #: ``num_envs`` games in lockstep on the batched engine (compiled when built, else the
    #: reference engine), every option supported; bots ``"random"`` or ``"greedy"`` (needs
    #: numpy)
    batched_engine_class = "ninetynine.games.warp99.batched:VectorBatch"

    def fast_playouts(
        self, seeds: Sequence[int], lineups: Sequence[Sequence[str]]
    ) -> list[list[int]] | None:
        """Games where every seat is ``greedy`` (or a level that is greedy) are played on the
        compiled batched engine (``batched.greedy_playouts``), when it is built; ``None``
        otherwise (other bots, or no compiled core)."""
        from ninetynine.core.registry import resolve_level

        if not seeds or any(
            resolve_level(spec, self.game_id).strip().lower() != "greedy"
            for lineup in lineups
            for spec in lineup
        ):
            return None
        try:
            from .batched import greedy_playouts, has_core
        except ImportError:  # no numpy
            return None
        if not has_core():
            return None
        return greedy_playouts(self, seeds)

    def fast_results(
        self,
        seeds: Sequence[int],
        lineups: Sequence[Sequence[str]],
        agent_seeds: Sequence[Sequence[int]],
    ) -> dict[str, Any] | None:
        """Games where every seat is ``random`` (or a level that is random) are played on the
        compiled core (``batched.random_results``: the same games as the reference engine
        and the ``random`` agent), when it is built; ``None`` otherwise."""
        from ninetynine.core.registry import resolve_level

        specs = {spec for lineup in lineups for spec in lineup}
        if not seeds or any(
            resolve_level(spec, self.game_id).strip().lower() != "random" for spec in specs
        ):
            return None
        try:
            from .batched.random_results import has_random_results, random_results
        except ImportError:  # no numpy
            return None
        if not has_random_results():
            return None
        return random_results(self, seeds, agent_seeds)


@register_game
class NinetyNineGame(Warp99Game):
    """Ninety Nine, the classic (Ninety Nine and Sixto overviews), on the Warp 99 engine.

    Fixed: Same Color, Plus 1, Total 10; no flips; no extra card. Options: ``deal``
    (default ``6+15``), ``handicap`` (default none), ``bonus_rule`` (default false),
    ``target``, ``max_turns``.
    """

    game_id = "ninetynine"
    title = "Ninety Nine (Staupe): the classic race to 99 that Warp 99 extends"
    # 1: first release (Warp 99's version 2 changed the extra card, which the classic lacks).
    # 2: a hand of six plus a pile of fifteen each by default (N2, option ``deal``).
    version = 2
    source = "Ninety Nine and Sixto overviews § Ninety Nine"
    option_specs: ClassVar[Mapping[str, OptionSpec]] = NINETYNINE_OPTIONS

    presentation_class = "ninetynine.games.warp99.presentation:NinetyNinePresentation"
    _fixed: ClassVar[dict[str, Any]] = {
        "rules": "standard",
        "extra_card": False,
        "allow_flip": False,
        "flip_limit": "turn",
    }
