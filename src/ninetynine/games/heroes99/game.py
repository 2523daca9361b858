"""99 Heroes: the game object, its options and its roster (99 Heroes rulebook)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ninetynine.core.errors import GameOptionError
from ninetynine.core.game import Game
from ninetynine.core.options import OptionSpec, choice_parser, int_parser
from ninetynine.core.registry import register_game

from .actions import Layout
from .cards import NUM_CARDS
from .roster import Effect, Roster, hero_dirs, load_roster
from .rules import BASE_CAPACITY
from .state import HAND_SIZE, HeroesState


def _parse_dirs(value: Any) -> str:
    """A directory, or several separated by commas; ``""`` for none."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"expected a directory of hero files, got {value!r}")
    return ",".join(hero_dirs(value))


def _parse_ace(value: Any) -> int:
    v = int_parser(1, 11)(value)
    if v not in (1, 11):
        raise ValueError(f"expected 1 (aces low) or 11 (aces high), got {v}")
    return v


HEROES_OPTIONS: dict[str, OptionSpec] = {
    "team": OptionSpec(
        "team",
        3,
        "heroes per player, and so lanes (§ Setup: 'In a typical game, each player will use 3 "
        "heroes')",
        int_parser(1, 5),
    ),
    "heroes": OptionSpec(
        "heroes",
        "",
        "directories of extra hero files (*.toml, comma-separated) added to the built-in "
        "roster; a file with a built-in hero's id replaces that hero",
        _parse_dirs,
        reads_files=True,
    ),
    "ace": OptionSpec(
        "ace",
        1,
        "an ace's Strength (1: low, also lowest in a Clash; 11: high, also highest in a Clash)",
        _parse_ace,
    ),
    "tiebreak": OptionSpec(
        "tiebreak",
        "strength",
        "equal points: strength (the most Strength summed over all lanes wins; still equal: a "
        "draw) or draw",
        choice_parser("strength", "draw"),
        ("strength", "draw"),
    ),
    "winner": OptionSpec(
        "winner",
        "points",
        "who wins: points (the most points, § Scoring a Lane) or lanes (the most lanes won, "
        "§ Overview; a lane is won by the seat alone with the most points in it); equal: "
        "option tiebreak",
        choice_parser("points", "lanes"),
        ("points", "lanes"),
    ),
    "end": OptionSpec(
        "end",
        "immediate",
        "when the game ends (§ Game End): immediate (as soon as any player has an empty deck "
        "or no hero with room, right after the step that did it) or turn (only at the turn "
        "player's own draw or play step)",
        choice_parser("immediate", "turn"),
        ("immediate", "turn"),
    ),
}


@register_game
class HeroesGame(Game):
    """99 Heroes (99 Heroes rulebook), 2-4 players (default 2).

    Options (see ``ninetynine rules heroes99``): ``team``, ``heroes``, ``ace``, ``tiebreak``,
    ``winner``, ``end``.

    :raises GameOptionError: bad player count or option, or a hero file that breaks the schema
        (:class:`~ninetynine.games.heroes99.roster.HeroFileError` names the file and field).
    """

    game_id = "heroes99"
    title = "99 Heroes: heroes in lanes; cards trigger their skills; win more lanes"
    source = "99 Heroes rulebook"
    min_players, max_players, default_players = 2, 4, 2
    version = 2
    #: Options that replay a record of an older version: version 1 ended the game only at
    #: the turn player's own step (H6) and knew no ``winner`` option.
    replay_options: ClassVar[Mapping[int, Mapping[str, Any]]] = {
        1: {"end": "turn", "winner": "points"}
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = HEROES_OPTIONS
    state_class = HeroesState
    presentation_class = "ninetynine.games.heroes99.presentation:HeroesPresentation"

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = self.options
        #: The heroes of this game (built-in plus option ``heroes``), sorted by id.
        self.roster: Roster = load_roster(hero_dirs(o["heroes"]))
        #: Lanes = heroes per player.
        self.lanes: int = o["team"]
        if self.lanes > len(self.roster):
            raise GameOptionError(
                f"heroes99 option team: {self.lanes} heroes each, but the roster has only "
                f"{len(self.roster)}"
            )
        self.ace: int = o["ace"]
        self.tiebreak: str = o["tiebreak"]
        #: ``winner=lanes``: the most lanes won decides, not the most points (H7).
        self.by_lanes: bool = o["winner"] == "lanes"
        #: ``end=immediate``: any player's end condition ends the game at once (H6).
        self.end_immediately: bool = o["end"] == "immediate"
        self.layout = Layout(len(self.roster), self.lanes, self.num_players)
        #: ``hero_rules[h]``: hero ``h``'s static rules as a dict.
        self.hero_rules: tuple[dict[str, Any], ...] = tuple(
            dict(h.rules) for h in self.roster.heroes
        )
        #: No hero of the roster has less room than this (its ``capacity`` or an enemy's
        #: ``lane_capacity``): a hero with fewer active cards has room, no rule to read.
        self.least_capacity: int = min(
            [BASE_CAPACITY]
            + [r[k] for r in self.hero_rules for k in ("capacity", "lane_capacity") if k in r]
        )
        # every effect list gets an id: skills, triggers, a Clash's win and lose lists
        self.lists: list[tuple[Effect, ...]] = []
        self.clash_lists: dict[tuple[int, int], tuple[int, int]] = {}
        self.skill_lists: list[list[int]] = []
        self.trigger_lists: list[list[int]] = []
        for h in self.roster.heroes:
            self.skill_lists.append([self._add(s.effects) for s in h.skills])
            self.trigger_lists.append([self._add(t.effects) for t in h.triggers])

    def _add(self, effects: tuple[Effect, ...]) -> int:
        lid = len(self.lists)
        self.lists.append(effects)
        for i, e in enumerate(effects):
            if e.verb == "clash":
                win = self._add(e.win) if e.win else -1
                lose = self._add(e.lose) if e.lose else -1
                self.clash_lists[(lid, i)] = (win, lose)
        return lid

    # -- static facts ---------------------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return self.layout.size

    def _choices_of(self, effects: Sequence[Effect]) -> int:
        """An upper bound on the decisions one run of ``effects`` can ask for."""
        n = self.num_players
        total = 0
        for e in effects:
            v = e.verb
            if v in ("bolster", "resolve"):
                total += 1
            elif v == "bolster_hand":
                total += 1 + e.amount
            elif v == "discard":
                total += e.amount * ((n - 1) if e.source == "enemy_hand" else 1)
            elif v in ("shift", "swap"):
                total += 2
            elif v == "clash":
                total += n + max(self._choices_of(e.win), self._choices_of(e.lose))
        return total

    @property
    def max_game_length(self) -> int:
        """A true bound: the placements, then at most ``47 n`` turns (each turn draws from
        its player's deck of 46, or the game ends), each with at most the play, the skill and
        its choices, every triggered ability with its choices and ordering, and the bonus."""
        heroes = self.roster.heroes
        skill = max((self._choices_of(s.effects) for h in heroes for s in h.skills), default=0)
        trig = max((1 + self._choices_of(t.effects) for h in heroes for t in h.triggers), default=0)
        per_hero = max((len(h.triggers) for h in heroes), default=0)
        n, L = self.num_players, self.lanes
        per_turn = 3 + skill + (2 * L + (n - 1)) * per_hero * (trig + 1)
        turns = n * (NUM_CARDS - HAND_SIZE + 1)
        return n * L + turns * per_turn
