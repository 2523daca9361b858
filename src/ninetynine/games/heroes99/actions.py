"""99 Heroes action ids and their notation (decision H20 in ``docs/rules/heroes99.md``).

An id means the same move in every state of a game (OpenSpiel's distinct actions). The layout
depends on the game's roster size ``H``, its lanes ``L`` (heroes per player) and its seats
``n``; with the 19 built-in heroes, 3 lanes and 2 players there are 318 ids:

==============  ===================  ==========================================================
block (size)    notation             move
==============  ===================  ==========================================================
pick (H L)      ``bastion@2``        place a hero face-down in lane 2 (hidden until all placed)
play (52 L)     ``7H>2``             play a card from your hand on your hero in lane 2
skill (3)       ``skill1``           activate the hero's first skill (after a play)
pass (1)        ``pass``             do not activate a skill / decline an optional ability
use (1)         ``use``              use an optional ability (``may``)
bonus (1)       ``bonus``            take the Bonus Turn you earned
hero (n L)      ``s1L2``             choose seat 1's hero in lane 2 (a target)
card (52)       ``7H``               choose a card of your hand (discard, bolster, clash)
active (n L 5)  ``7H@s1L2``          choose an active card of a hero (``#3@s1L2``: the third)
lane (L)        ``lane2``            choose a lane (Resolve a Lane of your choice)
order (8)       ``order2``           resolve the second of the waiting abilities first
==============  ===================  ==========================================================

Seats are numbered from 0 (``Seat 0``), lanes from 1, as on the board.
"""

from __future__ import annotations

import re

from ninetynine.core.errors import GameOptionError, NotationError

from .cards import NUM_CARDS, format_card

MAX_SKILL_CHOICES = 3
MAX_ACTIVE_POS = 5
MAX_ORDER = 8

_SLOT = re.compile(r"^s(\d+)l(\d+)$")
_ACTIVE = re.compile(r"^(.+)@s(\d+)l(\d+)$")
_PLAY = re.compile(r"^(.+?)(?:>|on)(?:lane)?(\d+)$")
_PICK = re.compile(r"^(.+?)(?:@|>|in)(?:lane)?(\d+)$")


class Layout:
    """The action blocks of a game with ``heroes`` heroes, ``lanes`` lanes, ``players`` seats:
    each attribute below is the first id of its block (``size``: the number of ids)."""

    __slots__ = (
        "active",
        "bonus",
        "card",
        "heroes",
        "lane",
        "lanes",
        "order",
        "pass_",
        "pick",
        "play",
        "players",
        "size",
        "skill",
        "slot",
        "use",
    )

    def __init__(self, heroes: int, lanes: int, players: int) -> None:
        self.heroes, self.lanes, self.players = heroes, lanes, players
        self.pick = 0
        self.play = heroes * lanes
        self.skill = self.play + NUM_CARDS * lanes
        self.pass_ = self.skill + MAX_SKILL_CHOICES
        self.use = self.pass_ + 1
        self.bonus = self.use + 1
        self.slot = self.bonus + 1
        self.card = self.slot + players * lanes
        self.active = self.card + NUM_CARDS
        self.lane = self.active + players * lanes * MAX_ACTIVE_POS
        self.order = self.lane + lanes
        self.size = self.order + MAX_ORDER

    def __repr__(self) -> str:
        return f"Layout(heroes={self.heroes}, lanes={self.lanes}, players={self.players})"

    # -- building ids ----------------------------------------------------------------------
    def pick_id(self, hero: int, lane: int) -> int:
        return hero * self.lanes + lane

    def play_id(self, card: int, lane: int) -> int:
        return self.play + card * self.lanes + lane

    def slot_id(self, seat: int, lane: int) -> int:
        return self.slot + seat * self.lanes + lane

    def active_id(self, seat: int, lane: int, pos: int) -> int:
        return self.active + (seat * self.lanes + lane) * MAX_ACTIVE_POS + pos

    def card_id(self, card: int) -> int:
        return self.card + card

    # -- reading ids -----------------------------------------------------------------------
    def kind(self, a: int) -> str:
        """The block of id ``a``: pick, play, skill, pass, use, bonus, slot, card, active,
        lane, order.

        :raises ValueError: not an id of this layout."""
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < self.size:
            raise ValueError(f"{a!r} is not a 99 Heroes action id (0-{self.size - 1})")
        for name, start in (
            ("order", self.order),
            ("lane", self.lane),
            ("active", self.active),
            ("card", self.card),
            ("slot", self.slot),
            ("bonus", self.bonus),
            ("use", self.use),
            ("pass", self.pass_),
            ("skill", self.skill),
            ("play", self.play),
        ):
            if a >= start:
                return name
        return "pick"

    def decode(self, a: int) -> tuple[str, tuple[int, ...]]:
        """``(kind, numbers)``: pick (hero, lane), play (card, lane), skill (k), slot (seat,
        lane), card (card), active (seat, lane, pos), lane (lane), order (k); 0-based."""
        k = self.kind(a)
        if k == "pick":
            return k, divmod(a, self.lanes)
        if k == "play":
            return k, divmod(a - self.play, self.lanes)
        if k == "skill":
            return k, (a - self.skill,)
        if k == "slot":
            return k, divmod(a - self.slot, self.lanes)
        if k == "card":
            return k, (a - self.card,)
        if k == "active":
            sl, pos = divmod(a - self.active, MAX_ACTIVE_POS)
            return k, (*divmod(sl, self.lanes), pos)
        if k == "lane":
            return k, (a - self.lane,)
        if k == "order":
            return k, (a - self.order,)
        return k, ()

    def encode(self, kind: str, x: tuple[int, ...]) -> int:
        """The id of a ``(kind, numbers)`` pair as :meth:`decode` or :meth:`parse` give them
        (not ``active_card``: its position is the caller's to find)."""
        if kind == "pick":
            return self.pick_id(x[0], x[1])
        if kind == "play":
            return self.play_id(x[0], x[1])
        if kind == "slot":
            return self.slot_id(x[0], x[1])
        if kind == "card":
            return self.card_id(x[0])
        if kind == "active":
            return self.active_id(x[0], x[1], x[2])
        fixed = {"pass": self.pass_, "use": self.use, "bonus": self.bonus}
        if kind in fixed:
            return fixed[kind]
        return {"skill": self.skill, "lane": self.lane, "order": self.order}[kind] + x[0]

    def to_string(self, a: int, hero_ids: list[str], active_card: int | None = None) -> str:
        """Notation of ``a`` (see the module table). ``active_card``: for an active-card id,
        the card at that position, when it names the card unambiguously."""
        k, x = self.decode(a)
        if k == "pick":
            return f"{hero_ids[x[0]]}@{x[1] + 1}"
        if k == "play":
            return f"{format_card(x[0])}>{x[1] + 1}"
        if k == "skill":
            return f"skill{x[0] + 1}"
        if k == "slot":
            return f"s{x[0]}L{x[1] + 1}"
        if k == "card":
            return format_card(x[0])
        if k == "active":
            what = format_card(active_card) if active_card is not None else f"#{x[2] + 1}"
            return f"{what}@s{x[0]}L{x[1] + 1}"
        if k == "lane":
            return f"lane{x[0] + 1}"
        if k == "order":
            return f"order{x[0] + 1}"
        return k

    def parse(
        self, text: str, find_hero: object, parse_card: object
    ) -> tuple[str, tuple[int, ...]]:
        """Parse notation into ``(kind, numbers)`` as :meth:`decode` gives them, except that
        an active card may come as ``("active_card", (seat, lane, card))`` (the caller finds
        its position). ``find_hero(name) -> index`` and ``parse_card(text) -> card`` are the
        roster's and the cards' parsers.

        :raises NotationError: not a move of this layout.
        """
        t = "".join(str(text).lower().split())
        if t in ("pass", "no", "skip", "decline"):
            return "pass", ()
        if t in ("use", "yes"):
            return "use", ()
        if t in ("bonus", "bonusturn"):
            return "bonus", ()
        for word, kind, size in (
            ("skill", "skill", MAX_SKILL_CHOICES),
            ("lane", "lane", self.lanes),
            ("order", "order", MAX_ORDER),
        ):
            if t.startswith(word) and t[len(word) :].isdigit():
                v = int(t[len(word) :])
                if not 1 <= v <= size:
                    raise NotationError(f"{text!r}: {word} numbers are 1-{size}")
                return kind, (v - 1,)
        m = _SLOT.match(t)
        if m:
            return "slot", self._seat_lane(text, int(m.group(1)), int(m.group(2)))
        m = _ACTIVE.match(t)
        if m:
            seat, lane = self._seat_lane(text, int(m.group(2)), int(m.group(3)))
            what = m.group(1)
            if what.startswith("#") and what[1:].isdigit():
                pos = int(what[1:]) - 1
                if not 0 <= pos < MAX_ACTIVE_POS:
                    raise NotationError(f"{text!r}: active cards are #1-#{MAX_ACTIVE_POS}")
                return "active", (seat, lane, pos)
            return "active_card", (seat, lane, parse_card(what))  # type: ignore[operator]
        m = _PLAY.match(t)
        not_a_card: NotationError | None = None
        if m:
            lane = self._lane(text, int(m.group(2)))
            try:
                return "play", (parse_card(m.group(1)), lane)  # type: ignore[operator]
            except NotationError as e:
                not_a_card = e
        m = _PICK.match(t)
        if m:
            lane = self._lane(text, int(m.group(2)))
            try:
                return "pick", (find_hero(m.group(1)), lane)  # type: ignore[operator]
            except GameOptionError as e:  # the roster's "no hero ..." is a notation error here
                if not_a_card is None:
                    raise NotationError(f"{text!r}: {e}") from None
                raise NotationError(f"{text!r}: {not_a_card}; nor a hero: {e}") from None
        try:
            return "card", (parse_card(t),)  # type: ignore[operator]
        except NotationError:
            pass
        raise NotationError(
            f"{text!r} is not a 99 Heroes move: write bastion@2 (place a hero), 7H>2 (play a "
            "card on lane 2), skill1, pass, use, bonus, s1L2 (a hero), 7H (a card of your "
            "hand), 7H@s1L2 (an active card), lane2 or order1"
        )

    def _lane(self, text: str, lane: int) -> int:
        if not 1 <= lane <= self.lanes:
            raise NotationError(f"{text!r}: there is no lane {lane} (lanes 1-{self.lanes})")
        return lane - 1

    def _seat_lane(self, text: str, seat: int, lane: int) -> tuple[int, int]:
        if not 0 <= seat < self.players:
            raise NotationError(f"{text!r}: there is no seat {seat} (seats 0-{self.players - 1})")
        return seat, self._lane(text, lane)


__all__ = ["MAX_ACTIVE_POS", "MAX_ORDER", "MAX_SKILL_CHOICES", "Layout"]
