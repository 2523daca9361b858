"""Tripwire: the game object and its options (Tripwire System Manual v3.0)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ninetynine.core.game import Game
from ninetynine.core.options import (
    OptionSpec,
    auto_or_int_parser,
    check_deal,
    choice_parser,
    parse_bool,
)
from ninetynine.core.registry import register_game

from .actions import NUM_ACTIONS
from .cards import deck_counts, is_neutral_chain, parse_deck
from .rules import RuleSet
from .state import HAND_SIZE, TripwireState

#: ``max_turns=auto`` (D25): heads-up games have a long tail (measured: 10% pass 500 turns).
AUTO_MAX_TURNS_2P = 500
AUTO_MAX_TURNS = 1000
#: ``auto`` or a number of turns, 1 to 1,000,000.
_parse_max_turns = auto_or_int_parser(1, 1_000_000)


TRIPWIRE_OPTIONS: dict[str, OptionSpec] = {
    "priming": OptionSpec(
        "priming",
        "marker",
        "what starts an empty dock: marker (a standard 2-9 of the dock's marker colour) or any "
        "(any standard 2-9)",
        choice_parser("marker", "any"),
        ("marker", "any"),
    ),
    "per_dock": OptionSpec(
        "per_dock",
        "one",
        "cards a turn may put on one dock: one (one standard card or wild per dock; Grey and "
        "[+]/[-] chain without limit on one dock) or any (no limit: play on while cards fit)",
        choice_parser("one", "any"),
        ("one", "any"),
    ),
    "stop_early": OptionSpec(
        "stop_early",
        True,
        "after one card a player may end the turn (false: play on while any play is valid)",
        parse_bool,
    ),
    "volt_bonus": OptionSpec(
        "volt_bonus",
        "always",
        "which Volt earns a bonus turn: always (any valid Volt, as a 1 or a 10) or defuse "
        "(only a Volt played as a 1)",
        choice_parser("always", "defuse"),
        ("always", "defuse"),
    ),
    "stasis": OptionSpec(
        "stasis",
        "literal",
        "where a Stasis (5) goes: literal (on a 3, 4 or 6) or sequence (on a 4 or 6)",
        choice_parser("literal", "sequence"),
        ("literal", "sequence"),
    ),
    "chain": OptionSpec(
        "chain",
        "protocol",
        "the Attack Wave: protocol (a Null cancels one unit, a hit absorbs one, the rest passes "
        "on) or deflect (a Null passes the whole wave on, a hit absorbs all of it)",
        choice_parser("protocol", "deflect"),
        ("protocol", "deflect"),
    ),
    "must_null": OptionSpec(
        "must_null",
        True,
        "a wave's target who holds a Null must play it and takes the hit only without one "
        "(false: may take the hit and keep the Null)",
        parse_bool,
    ),
    "penalty_timing": OptionSpec(
        "penalty_timing",
        "immediate",
        "when penalty units travel: immediate (each card's units leave at once as an Attack "
        "Wave; the turn then goes on) or turn (a turn's units stack into one wave when it ends)",
        choice_parser("immediate", "turn"),
        ("immediate", "turn"),
    ),
    "bonus_no_play": OptionSpec(
        "bonus_no_play",
        "draw",
        "a bonus turn that begins with no valid play: draw (draw exactly 1 card, as any turn "
        "without a play) or lose (the bonus turn is lost, nothing is drawn)",
        choice_parser("draw", "lose"),
        ("draw", "lose"),
    ),
    "wall": OptionSpec(
        "wall",
        "all",
        "the Wall Rule: all (the initiator absorbs every unit that returns) or one (one unit, "
        "the rest is stopped)",
        choice_parser("all", "one"),
        ("all", "one"),
    ),
    "deck": OptionSpec(
        "deck",
        "standard",
        "copies of the multi-copy cards: standard (3 Vec, 3 Volt, 3 Stasis, 5 Plus, 5 Minus, "
        "5 Null) or changed counts like null=7,plus=4,minus=4",
        parse_deck,
    ),
    "max_turns": OptionSpec(
        "max_turns",
        "auto",
        "safety stop: after this many turns the fewest cards wins (a tie is a draw); auto: "
        f"{AUTO_MAX_TURNS_2P} with 2 players, {AUTO_MAX_TURNS} with more (D25)",
        _parse_max_turns,
    ),
}


@register_game
class TripwireGame(Game):
    """Tripwire (Tripwire System Manual v3.0), 2-6 players (default 4).

    Options (see ``ninetynine rules tripwire``): ``per_dock``, ``priming``, ``stop_early``,
    ``volt_bonus``, ``stasis``, ``chain``, ``must_null``, ``penalty_timing``, ``bonus_no_play``,
    ``wall``, ``deck``, ``max_turns``.

    :raises GameOptionError: bad player count or option (a ``ValueError``), or a deck too
        small to deal seven cards to every player.
    """

    game_id = "tripwire"
    title = "Tripwire: shed your cards on three Docks in sequence; penalties chain round the table"
    source = "Tripwire System Manual v3.0"
    min_players, max_players, default_players = 2, 6, 4
    version = 3
    #: Options that replay a record of an older version (version 2's defaults: a turn's units
    #: left as one wave when it ended, D17; a bonus turn without a play was lost, D14).
    replay_options: ClassVar[Mapping[int, Mapping[str, Any]]] = {
        2: {"penalty_timing": "turn", "bonus_no_play": "lose"}
    }
    option_specs: ClassVar[Mapping[str, OptionSpec]] = TRIPWIRE_OPTIONS
    state_class = TripwireState
    fast_state_module = "ninetynine.games.tripwire.fast"
    presentation_class = "ninetynine.games.tripwire.presentation:TripwirePresentation"
    num_distinct_actions = NUM_ACTIONS

    def __init__(self, num_players: int | None = None, **options: Any) -> None:
        super().__init__(num_players, **options)
        o = self.options
        #: Copies per kind (``cards.py`` kinds 0..43).
        self.counts = check_deal(self.game_id, deck_counts(o["deck"]), HAND_SIZE, self.num_players)
        self.rules: RuleSet = RuleSet(o["priming"], o["stasis"])
        self.one_per_dock: bool = o["per_dock"] == "one"
        self.stop_early: bool = o["stop_early"]
        self.volt_bonus: str = o["volt_bonus"]
        self.chain: str = o["chain"]
        self.must_null: bool = o["must_null"]
        #: ``penalty_timing=turn``: a turn's units leave as one wave when it ends (D17).
        self.turn_waves: bool = o["penalty_timing"] == "turn"
        #: ``bonus_no_play=lose``: a bonus turn without a valid play is lost, not drawn (D14).
        self.lose_idle_bonus: bool = o["bonus_no_play"] == "lose"
        self.wall: str = o["wall"]
        mt = o["max_turns"]
        if mt == "auto":
            mt = AUTO_MAX_TURNS_2P if self.num_players == 2 else AUTO_MAX_TURNS
        #: The safety stop in turns (D25): option ``max_turns``, ``auto`` resolved.
        self.max_turns: int = mt

    @property
    def max_game_length(self) -> int:
        """``max_turns`` x (plays a turn + 1 + players): a true bound, enforced by the safety
        stop (D25: a game need not end by itself, so the cards alone bound nothing).

        A turn (a bonus turn is one too, and counts towards ``max_turns``; skipped turns have
        no action) has one ``end`` or ``draw``, one answer per seat to its Attack Wave (the
        wave goes round the table once and stops at the wall, D17-D21), and its plays. With
        the defaults (``per_dock=one``, ``penalty_timing=turn``) the player's hand gains no
        card during the turn (draws come with ``draw``, which ends it, and with the wave at
        its end), so the plays are at most one standard card or wild per dock (D13), 3, plus
        a Neutral Chain (D12) of at most every Grey, [+] and [-] in the deck: 3 + 18 with the
        standard deck, so 22 + players a turn, 12,000 heads-up (500 turns) and 25,000-28,000
        with 3-6 players (1000 turns). With ``per_dock=any``, a play per card of the deck.
        With ``penalty_timing=immediate`` the deck-size formula of version 1 stays, unproven:
        a wave in mid-turn can hand the player cards back. ``benchmarks/game_length.py``
        measures the longest games against the bound."""
        if self.one_per_dock and self.turn_waves:
            plays = 3 + sum(c for k, c in enumerate(self.counts) if is_neutral_chain(k))
        else:
            plays = sum(self.counts)
        return self.max_turns * (plays + 1 + self.num_players)
