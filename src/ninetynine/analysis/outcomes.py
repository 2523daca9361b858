"""Words for the codes a game's ``stats()`` reports, so summaries never print a bare code.

``stats()`` values that are neither numbers nor per-seat lists are *categories*: how a game
ended (``ended_by``), the rule sides in play (``start_rules``), ... . The simulate summary and
the balance report count games per value; this module says what each value means, in the
rulebook's words. A game or a value without words here is shown as its code with underscores
read as spaces (a new game works at once; its words are added here).

No plotting, no simulation: the CLI imports it without matplotlib.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ninetynine.core.registry import game_class

#: A value of ``ended_by`` that means the game was stopped by its safety limit (an option such
#: as ``max_turns``), not by its rules.
SAFETY_STOP = "turn_limit"

#: ``ended_by`` value -> words, per game id.
ENDINGS: Mapping[str, Mapping[str, str]] = {
    "warp99": {
        "target": "a player reached the target score",
        SAFETY_STOP: "safety stop (the turn limit reached; the highest score wins)",
    },
    "ninetynine": {
        "target": "a player reached the target score",
        SAFETY_STOP: "safety stop (the turn limit reached; the highest score wins)",
    },
    "tripwire": {
        "clear": "System Clear (a player shed every card)",
        "blocked": "blocked (no play and no card to draw; the fewest cards wins)",
        SAFETY_STOP: "safety stop (the turn limit reached; the fewest cards wins)",
    },
    "ono99": {
        "last_player": "one player left (the others went out)",
        SAFETY_STOP: "safety stop (the turn limit reached)",
    },
    "heroes99": {
        "no_draw": "the turn player could not draw (the deck ran out)",
        "no_play": "the turn player could not play (no card, or no hero with room)",
    },
    "sixto": {
        "dice": "the third die was removed",
        "stalled": "stalled (no sheet could take a mark)",
        SAFETY_STOP: "safety stop (the turn limit reached; scored as usual)",
    },
}


def _rule_sides(value: str) -> str:
    """``"121"`` -> ``"121: Same Color, Minus 1, Total 10"`` (Warp 99 rulebook § The Rule
    Cards: one digit per rule card, the side it shows)."""
    from ninetynine.games.warp99.rules import RULE_NAMES

    if len(value) != 3 or set(value) - {"1", "2"}:
        return value
    names = [RULE_NAMES[i][int(ch) - 1] for i, ch in enumerate(value)]
    return f"{value}: {', '.join(names)}"


#: Category key -> (title, how a value reads), for every game that reports the key.
CATEGORIES: Mapping[str, tuple[str, Callable[[str], str] | None]] = {
    "ended_by": ("How the games ended", None),
    "start_rules": ("Rule cards at the start", _rule_sides),
    "end_rules": ("Rule cards at the end", _rule_sides),
}


def game_name(game_id: str) -> str:
    """The game's name as its rulebook writes it: the part of ``Game.title`` before the colon
    (``"Tripwire"``, ``"Warp 99"``); the id for a game without a title.

    :raises GameOptionError: an unknown game id.
    """
    title = game_class(game_id).title or game_id
    return title.split(":", 1)[0].strip()


def category_title(key: str, label: str | None = None) -> str:
    """The heading of a category ``key`` (``"ended_by"`` -> ``"How the games ended"``);
    ``label`` (or the key, underscores read as spaces) for a key without one."""
    known = CATEGORIES.get(key)
    if known is not None:
        return known[0]
    return label or key.replace("_", " ")


def describe_value(game_id: str, key: str, value: str) -> str:
    """What the value ``value`` of the stat ``key`` means in ``game_id``, in words.

    >>> describe_value("tripwire", "ended_by", "clear")
    'System Clear (a player shed every card)'
    >>> describe_value("warp99", "start_rules", "111")
    '111: Same Color, Plus 1, Total 10'
    >>> describe_value("warp99", "something_new", "a_code")
    'a code'
    """
    if key == "ended_by":
        words = ENDINGS.get(game_id, {}).get(value)
        if words is not None:
            return words
    known = CATEGORIES.get(key)
    if known is not None and known[1] is not None:
        return known[1](value)
    return value.replace("_", " ")
