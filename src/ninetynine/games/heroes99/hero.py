"""A 99 Heroes hero as data: the vocabulary of a hero file, the records a file is read into, and
each in the rulebook's words.

99 Heroes rulebook § Other Effects gives the frame (a Unique Ability, skills, the effect words);
the heroes themselves are ours (``heroes/*.toml``, read and checked by ``roster.py``). Here:
the selectors an effect may pick heroes with (:data:`SELECTORS`), each effect word's fields
(:data:`EFFECT_FIELDS`), when abilities trigger (:data:`TRIGGERS`), the static rules a Unique
Ability may bend (:data:`RULES`), the conditions (:data:`CONDITIONS`); the frozen records
:class:`Hero`, :class:`Skill`, :class:`Trigger`, :class:`Effect`, :class:`Condition`; and
:func:`effect_text`, an effect in words. What each effect word does in play is
``interpreter.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import RANK_NAMES, SUITS
from .effects import Verb

#: Who an effect may pick a hero from (relative to the hero whose skill or ability it is).
SELECTORS: dict[str, str] = {
    "this": "this hero",
    "own": "one of your heroes",
    "other_own": "another of your heroes",
    "enemy": "an enemy hero",
    "lane_enemy": "an enemy hero in this lane",
    "lane": "a hero in this lane",
    "any": "any hero",
}
#: Effect verbs, each with its allowed fields and their defaults.
EFFECT_FIELDS: dict[Verb, dict[str, Any]] = {
    "bolster": {"amount": 1, "to": "this"},
    "bolster_hand": {"amount": 1, "to": "this"},
    "draw": {"amount": 1, "until": 0},
    "discard": {"from": "hand", "amount": 1, "target": "enemy"},
    "shift": {"from": "own", "to": "own"},
    "swap": {"who": "own"},
    "clash": {"win": [], "lose": []},
    "resolve": {"lane": "this"},
    "bonus_turn": {},
}
DISCARD_FROM = ("hand", "enemy_hand", "active", "bolster")
SWAP_WHO = ("own", "enemy", "this")
RESOLVE_LANES = ("this", "choose")
TRIGGERS: dict[str, str] = {
    "upkeep": "At your upkeep",
    "end": "At the end of your turn",
    "enemy_play": "When an enemy plays a card on a hero in this lane",
}
#: Static rules a Unique Ability may bend: name -> (kind, low, high, description).
RULES: dict[str, tuple[str, int, int, str]] = {
    "capacity": (
        "int",
        1,
        5,
        "this hero holds up to {v} active cards: a card may be played on it while it has fewer",
    ),
    "face_value": ("int", 0, 13, "face cards on this hero count {v}"),
    "ace_value": ("int", 0, 14, "aces on this hero count {v}"),
    "bolster_value": ("int", 0, 5, "each bolster on this hero counts {v}"),
    "double_suit": ("suit", 0, 3, "{v} on this hero count double"),
    "lowest_wins": ("bool", 0, 1, "in this lane the lowest Strength wins"),
    "wins_ties": ("bool", 0, 1, "this hero exceeds heroes of equal Strength"),
    "ward": ("bool", 0, 1, "enemy effects cannot shift, discard or swap anything of this hero"),
    "any_skill": ("bool", 0, 1, "any card played on this hero may activate any of its skills"),
    "draw": ("int", 1, 3, "you draw {v} cards in your draw step"),
    "chain_bonus": ("bool", 0, 1, "you may gain a Bonus Turn during a bonus turn"),
    "clash_low": ("bool", 0, 1, "in every Clash the lowest card wins"),
    "points": ("int", 1, 3, "this hero scores {v} points for each hero it exceeds"),
    "lane_capacity": (
        "int",
        1,
        3,
        "enemy heroes in this lane may be played on only while they have fewer than {v} "
        "active cards",
    ),
    "swap_carries": ("bool", 0, 1, "when you swap, cards and bolsters move with the heroes"),
}
#: Conditions (``if = {...}``) on a skill or a trigger: name -> (kind, description).
CONDITIONS: dict[str, tuple[str, str]] = {
    "losing": ("bool", "this hero is exceeded by an enemy hero in its lane"),
    "winning": ("bool", "this hero exceeds every enemy hero in its lane"),
    "hand_at_least": ("int", "you hold at least {v} cards"),
    "hand_at_most": ("int", "you hold at most {v} cards"),
    "active_at_most": ("int", "this hero has at most {v} active cards"),
    "bonus_turn": ("bool", "this is a bonus turn"),
}


# ----------------------------------------------------------------------------- data
@dataclass(frozen=True)
class Condition:
    """``if = {...}``: every given test must hold (``None``: not tested)."""

    tests: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        parts = []
        for name, v in self.tests:
            desc = CONDITIONS[name][1]
            if isinstance(v, bool) and not v:
                desc = "not: " + desc
            parts.append(desc.format(v=v))
        return " and ".join(parts)


@dataclass(frozen=True)
class Effect:
    """One effect: a verb and its fields (defaults filled in, see :data:`EFFECT_FIELDS`)."""

    verb: Verb
    amount: int = 1
    until: int = 0
    to: str = "this"
    source: str = "own"  # ``from`` in the file
    target: str = "enemy"
    who: str = "own"
    lane: str = "this"
    win: tuple[Effect, ...] = ()
    lose: tuple[Effect, ...] = ()

    def text(self) -> str:
        """The effect in words, e.g. ``Bolster 2 on this hero``."""
        return effect_text(self)


@dataclass(frozen=True)
class Skill:
    """A skill: activated when the card played on the hero matches ``suit`` or ``rank``."""

    suit: int | None
    rank: int | None
    effects: tuple[Effect, ...]
    name: str = ""
    cond: Condition = field(default_factory=Condition)
    custom_text: str = ""

    @property
    def label(self) -> str:
        """``♠`` style label: the suit name or the rank, e.g. ``spades``, ``K``."""
        return SUITS[self.suit] if self.suit is not None else RANK_NAMES[self.rank or 0]

    def matches(self, suit: int, rank: int) -> bool:
        return suit == self.suit or rank == self.rank

    def text(self) -> str:
        if self.custom_text:
            return self.custom_text
        body = ". ".join(e.text() for e in self.effects)
        return (f"If {self.cond.text()}: " if self.cond.tests else "") + body + "."


@dataclass(frozen=True)
class Trigger:
    """A triggered part of a Unique Ability."""

    when: str
    effects: tuple[Effect, ...]
    optional: bool = False
    cond: Condition = field(default_factory=Condition)

    def text(self) -> str:
        head = TRIGGERS[self.when]
        if self.cond.tests:
            head += f", if {self.cond.text()}"
        body = ". ".join(e.text() for e in self.effects)
        return f"{head}, {'you may: ' if self.optional else ''}{lower_first(body)}."


@dataclass(frozen=True)
class Hero:
    """A hero: its Unique Ability (static ``rules`` and ``triggers``) and its skills."""

    id: str
    name: str
    ability_name: str
    rules: tuple[tuple[str, Any], ...]
    triggers: tuple[Trigger, ...]
    skills: tuple[Skill, ...]
    role: str = ""
    flavor: str = ""
    ability_text: str = ""
    path: str = ""

    def rule(self, name: str, default: Any = None) -> Any:
        for k, v in self.rules:
            if k == name:
                return v
        return default

    def ability(self) -> str:
        """The Unique Ability in words (the file's ``text`` if it gives one)."""
        if self.ability_text:
            return self.ability_text
        parts = []
        for k, v in self.rules:
            desc = RULES[k][3]
            value = SUITS[v].capitalize() if RULES[k][0] == "suit" else v
            parts.append(desc.format(v=value)[0].upper() + desc.format(v=value)[1:] + ".")
        parts += [t.text() for t in self.triggers]
        return " ".join(parts)


# ----------------------------------------------------------------------------- text
def _amount(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def lower_first(text: str) -> str:
    """``Bolster 2 ...`` -> ``bolster 2 ...``; names (Bonus Turn, Clash) keep their capitals."""
    return text if text.startswith(("Bonus", "Clash")) else text[0].lower() + text[1:]


def effect_text(e: Effect) -> str:
    """An effect in the rulebook's words."""
    v = e.verb
    if v == "bolster":
        return f"Bolster {e.amount} on {SELECTORS[e.to]}"
    if v == "bolster_hand":
        return f"Bolster {e.amount} from your hand on {SELECTORS[e.to]}"
    if v == "draw":
        if e.until:
            return f"Draw until you hold {e.until} cards"
        return f"Draw {_amount(e.amount, 'card', 'cards')}"
    if v == "discard":
        if e.source == "hand":
            return f"Discard {_amount(e.amount, 'card', 'cards')} from your hand"
        if e.source == "enemy_hand":
            return f"Each opponent discards {_amount(e.amount, 'card', 'cards')} from their hand"
        what = "active card" if e.source == "active" else "bolster"
        n = "an" if e.amount == 1 and what[0] == "a" else "a" if e.amount == 1 else str(e.amount)
        return f"Discard {n} {what}{'' if e.amount == 1 else 's'} from {SELECTORS[e.target]}"
    if v == "shift":
        dest = "another" if e.to == e.source == "own" else SELECTORS[e.to]
        return f"Shift an active card from {SELECTORS[e.source]} to {dest}"
    if v == "swap":
        return {
            "own": "Swap two of your heroes",
            "enemy": "Swap two heroes of an opponent",
            "this": "Swap this hero with another of your heroes",
        }[e.who]
    if v == "clash":
        parts = ["Clash"]
        for word, effects in (("win", e.win), ("lose", e.lose)):
            if effects:
                parts.append(f"if you {word}: " + ", ".join(lower_first(x.text()) for x in effects))
        return "; ".join(parts)
    if v == "resolve":
        return "Resolve this lane" if e.lane == "this" else "Resolve a lane of your choice"
    return "Bonus Turn"


__all__ = [
    "CONDITIONS",
    "DISCARD_FROM",
    "EFFECT_FIELDS",
    "RESOLVE_LANES",
    "RULES",
    "SELECTORS",
    "SWAP_WHO",
    "TRIGGERS",
    "Condition",
    "Effect",
    "Hero",
    "Skill",
    "Trigger",
    "effect_text",
    "lower_first",
]
