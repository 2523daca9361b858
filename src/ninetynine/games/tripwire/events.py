"""Notable events of one Tripwire move, from the public view after it (pure; used by
:meth:`TripwireGame.describe_events` for the terminal and the replay).

The state lists what each action caused in its observation's ``events`` (public facts only:
a card drawn is counted, never named); this module words them, e.g. ``"Seat 1 plays a
Tripwire on dock 2: 4 cards to the side pile; 1 penalty unit"`` or, for the chain, the
simulation log's own steps (``§ 06``): ``"Seat 1 plays Null: SAFE (2 remain)"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.presentation import Transition

from .cards import NAMES, VOLT


def _units(u: int) -> str:
    return f"{u} unit{'s' if u != 1 else ''}"


def _remain(r: int) -> str:
    return f"{r} remain{'s' if r == 1 else ''}" if r else "the wave is spent"


def fewest_cards_text(hand_sizes: Sequence[int] | None, winner: int, names: Sequence[str]) -> str:
    """How a blocked game or the safety stop was decided (D24, D25): the fewest cards wins, a
    tie for the fewest is a draw, e.g. ``"Seat 2 wins with the fewest cards (Seat 0 5, Seat 1
    5, Seat 2 4)"`` or ``"a draw: Seat 0 and Seat 1 tie for the fewest cards, 5 each (Seat 0
    5, Seat 1 5, Seat 2 6)"``; without ``hand_sizes``, only the result."""
    if not hand_sizes:
        return f"{names[winner]} wins with the fewest cards" if winner >= 0 else "a draw"
    low = min(hand_sizes)
    counts = ", ".join(f"{names[q]} {k}" for q, k in enumerate(hand_sizes))
    if winner >= 0:
        return f"{names[winner]} wins with the fewest cards ({counts})"
    tied = [names[q] for q, k in enumerate(hand_sizes) if k == low]
    who = " and ".join(tied) if len(tied) == 2 else ", ".join(tied[:-1]) + " and " + tied[-1]
    both = "both" if len(tied) == 2 else "all"
    if not low:
        return f"a draw: {who} {both} hold no card ({counts})"
    return f"a draw: {who} tie for the fewest cards, {low} each ({counts})"


#: The words for an event that needs no more than its fields, by type (a play: ``play:`` and
#: its ``effect``): ``{who}`` is the seat's label, ``{card}`` the card's name, ``{units}`` the
#: units (``3 units``), ``{target}`` the target's label, ``{remain}`` what is left of the
#: wave, ``{e[...]}`` any field of the event.
_SAID = {
    "play:defuse": "{who} DEFUSES dock {e[dock]} with {card}: {e[cards]} cards to the side "
    "pile; a bonus turn when this turn ends",
    "play:tripwire": "{who} trips a TRIPWIRE on dock {e[dock]} with {card}: {e[cards]} cards "
    "to the side pile; 1 penalty unit",
    "play:stasis": "{who} locks dock {e[dock]} at 5 with a Stasis: 1 penalty unit",
    "play:number": "{who} hijacks dock {e[dock]} with {card} (Number Match)",
    "triple": "{who} makes a TRIPLE PLAY (a card on every dock): 1 penalty unit",
    "wave": "ATTACK WAVE: {who} triggers {units}; target {target} ({e[units]} incoming)",
    "null": "{who} plays Null: SAFE ({remain})",
    "wall": "the wave returns to {who}: Wall Rule, {who} takes {units} (draws {e[cards]}, "
    "skips {e[units]})",
    "stopped": "the wall stops the other {units}",
    "reshuffle": "the draw pile ran out: the side pile is shuffled into it ({e[cards]} cards)",
    "bonus_lost": "{who} has no valid play for the bonus turn: it is lost",
    "bonus": "{who} takes a bonus turn (Defuse or Volt)",
}


def describe_events(move: Transition, game: Any = None) -> list[str]:
    """One line per notable event of the move: resets, penalties, a Triple Play, the Attack
    Wave step by step, skips, bonus turns, reshuffles and the end. Plain plays, ``end`` and a
    ``draw`` are not repeated (the move line says them)."""
    after, names = move.after, move.names
    out: list[str] = []
    for e in after.get("events", []):
        kind = e["type"]
        who = names[e["seat"]] if "seat" in e else ""
        said = _SAID.get(f"play:{e['effect']}" if kind == "play" else kind)
        if said is not None:
            line = said.format(
                e=e,
                who=who,
                card=NAMES[e["card"]] if "card" in e else "",
                units=_units(e.get("units", 0)),
                target=names[e["target"]] if "target" in e else "",
                remain=_remain(e.get("remaining", 0)),
            )
            volt = kind == "play" and e["effect"] == "tripwire" and e["card"] == VOLT
            if volt and after.get("this_turn", {}).get("bonus"):
                line += "; a bonus turn when this turn ends (Volt)"
            out.append(line)
        elif kind == "hit":
            drew = "" if e["cards"] == e["units"] else f" (drew {e['cards']}: the piles are empty)"
            what = "takes the hit" if e["units"] == 1 else f"takes {e['units']} hits"
            out.append(
                f"{who} {what}: draws {e['units']}, skips {e['units']}{drew} "
                f"({_remain(e['remaining'])})"
            )
        elif kind == "draw" and e["cards"] == 0:
            out.append(f"{who} cannot play; the draw and side piles are empty: nothing to draw")
        elif kind == "skip":
            turn = "bonus turn" if e["bonus"] else "turn"
            out.append(f"{who} skips a {turn}")
        elif kind == "clear":
            out.append(f"{who}: SYSTEM CLEAR! (last card played)")
            if e.get("dropped"):
                out.append(
                    f"the game ends at once: {_units(e['dropped'])} of penalty never "
                    f"travel{'s' if e['dropped'] == 1 else ''}"
                )
        elif kind in ("blocked", "turn_limit"):
            res = fewest_cards_text(after.get("hand_sizes"), e["winner"], names)
            why = (
                "nobody can play and both piles are empty: the game is blocked"
                if kind == "blocked"
                else "the safety stop (turn limit) ends the game"
            )
            out.append(f"{why}; {res}")
    return out
