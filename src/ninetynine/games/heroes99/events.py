"""Notable events of one 99 Heroes move, from the public view after it (pure; used by
:meth:`HeroesGame.describe_events` for the terminal and the replay).

The state lists what each action caused in its observation's ``events``, public facts only (a
hero placed face-down is counted, never named; a card bolstered from a hand or chosen for a
Clash is never named before it is revealed). This module words them, e.g. ``"Seat 1 plays 7H
on Regent (lane 2)"`` or ``"CLASH: Seat 0 KS, Seat 1 4D: Seat 0 wins"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine.core.presentation import Transition

from .cards import format_card


def _hero(game: Any, hid: str | None) -> str:
    if not hid:
        return "a removed hero"
    r = game.roster
    return str(r.heroes[r.index(hid)].name)


def total_strength(obs: Mapping[str, Any]) -> list[int]:
    """Strength per seat over every lane, a resolved lane as tallied (the tie-break, H7)."""
    n = obs["num_players"]
    out = [0] * n
    for ln, res in enumerate(obs["lane_result"]):
        for q in range(n):
            out[q] += res["strength"][q] if res is not None else obs["strength"][q][ln]
    return out


def result_text(
    obs: Mapping[str, Any], points: Sequence[int], winner: int, names: Sequence[str], game: Any
) -> str:
    """Who won and, when points tie, how the tie was broken (H7): "Seat 0 wins", or "2 points
    each: the tie-break, total Strength over every lane, Seat 0 31, Seat 1 27: Seat 0 wins"."""
    res = f"{names[winner]} wins" if winner >= 0 else "a draw"
    best = max(points)
    top = [q for q, p in enumerate(points) if p == best]
    if len(top) < 2 or "lane_result" not in obs:
        return res
    tied = " and ".join(names[q] for q in top)
    at = f"{best} point{'s' if best != 1 else ''}"
    if getattr(game, "tiebreak", "strength") != "strength":
        return f"{tied} tie at {at}, and the tie-break is off (tiebreak=draw): {res}"
    ts = total_strength(obs)
    figures = ", ".join(f"{names[q]} {ts[q]}" for q in top)
    high = max(ts[q] for q in top)
    still = [q for q in top if ts[q] == high]
    if (still[0] if len(still) == 1 else -1) != winner:
        return res  # decided by another rule than the points and Strength tie-break
    again = "" if len(still) == 1 else ", tied again"
    return (
        f"{tied} tie at {at}; the tie-break, total Strength over every lane: "
        f"{figures}{again}: {res}"
    )


def describe_events(move: Transition, game: Any) -> list[str]:
    """One line per notable event of the move (a plain play is said by the move line, but the
    hero it lands on is named here)."""
    after, names = move.after, move.names
    out: list[str] = []
    heroes_after = after.get("heroes") or []

    def at(target: Sequence[int]) -> str:
        q, ln = target
        hid = heroes_after[q][ln] if heroes_after else None
        return f"{names[q]}'s {_hero(game, hid)} (lane {ln + 1})"

    for e in after.get("events", []):
        kind = e["type"]
        who = names[e["seat"]] if "seat" in e and e["seat"] >= 0 else ""
        if kind == "reveal":
            for q, row in enumerate(e["heroes"]):
                out.append(
                    f"REVEAL: {names[q]}: "
                    + ", ".join(f"lane {ln + 1} {_hero(game, h)}" for ln, h in enumerate(row))
                )
        elif kind == "first":
            out.append(f"{who} goes first (drawn at random)")
        elif kind == "turn":
            if e["bonus"]:
                out.append(f"{who} takes a BONUS TURN")
        elif kind == "draw" and e["cards"] > 1:
            out.append(f"{who} draws {e['cards']} cards")
        elif kind == "play":
            out.append(
                f"{who} plays {format_card(e['card'])} on {_hero(game, e['hero'])} "
                f"(lane {e['lane'] + 1})"
            )
        elif kind == "skill":
            hid = e["hero"]
            r = game.roster
            hero = r.heroes[r.index(hid)]
            sk = hero.skills[e["skill"]]
            out.append(
                f"{who} activates {hero.name}'s skill{e['skill'] + 1} [{sk.label}]: {sk.text()}"
            )
        elif kind == "no_effect":
            # an effect that can do nothing says why (H11), naming any ward that kept it out
            why = f"{_hero(game, e['hero'])}'s effect does nothing: no {e['what']}"
            for q, ln in e["warded"]:
                hid = heroes_after[q][ln] if heroes_after else None
                ward = game.roster.heroes[game.roster.index(hid)] if hid else None
                if ward is not None:
                    why += (
                        f" ({names[q]}'s {ward.name} in lane {ln + 1} is warded by "
                        f"{ward.ability_name}: enemy effects cannot shift, discard or swap "
                        "anything of it)"
                    )
            for q, ln in e.get("full", []):
                hid = heroes_after[q][ln] if heroes_after else None
                k = len(after["active"][q][ln]) if "active" in after else 3
                why += (
                    f" ({names[q]}'s {_hero(game, hid)} in lane {ln + 1} has {k} active cards: "
                    "a shift never leaves a hero with more than 3)"
                )
            out.append(why)
        elif kind == "ability":
            hero = game.roster.heroes[game.roster.index(e["hero"])]
            out.append(f"{hero.name}'s {hero.ability_name} ({who})")
        elif kind == "ability_declined":
            out.append(f"{who} declines {_hero(game, e['hero'])}'s ability")
        elif kind == "bolster":
            k = e["cards"]
            src = "from the hand" if e["from"] == "hand" else "from the deck"
            if k:
                out.append(
                    f"{who} bolsters {at(e['target'])} with {k} card{'s' if k != 1 else ''} {src}"
                )
            else:
                out.append(f"{who} cannot bolster: the deck is empty")
        elif kind == "drew":
            out.append(f"{who} draws {e['cards']} card{'s' if e['cards'] != 1 else ''}")
        elif kind == "discard":
            if e["from"] == "hand":
                out.append(f"{who} discards {format_card(e['card'])} from the hand")
            else:
                what = "active card" if e["from"] == "active" else "bolster"
                out.append(
                    f"{who} discards the {what} {format_card(e['card'])} of {at(e['target'])}"
                )
        elif kind == "shift":
            out.append(
                f"{who} shifts {format_card(e['card'])} from {at(e['from'])} to {at(e['to'])}"
            )
        elif kind == "swap":
            a, b = e["lanes"]
            carried = " with their cards and bolsters" if e["carried"] else ""
            out.append(
                f"{who} swaps {names[e['owner']]}'s heroes in lanes {a + 1} and {b + 1}{carried}"
            )
        elif kind == "clash":
            out.append(f"{who} starts a CLASH: everyone draws a card, then discards one")
        elif kind == "clash_result":
            cards = e["cards"]
            shown = ", ".join(
                f"{names[r]} {format_card(c) if c is not None and c >= 0 else 'no card'}"
                for r, c in enumerate(cards)
                if c is not None
            )
            w = e["winner"]
            res = f"{names[w]} wins" if w >= 0 else "a tie: nobody wins"
            low = " (lowest wins: Giant Slayer)" if e["low"] else ""
            out.append(f"CLASH: {shown}: {res}{low}")
        elif kind == "resolve":
            pts = ", ".join(
                f"{names[q]} {s} Strength, {p} pt"
                for q, (s, p) in enumerate(zip(e["strength"], e["points"], strict=True))
            )
            out.append(
                f"{who} RESOLVES lane {e['lane'] + 1}: {pts}; its heroes and cards leave the game"
            )
        elif kind == "bonus_earned":
            out.append(f"{who} earns a Bonus Turn")
        elif kind == "bonus_denied":
            out.append(f"{who} cannot gain a Bonus Turn during a bonus turn")
        elif kind == "bonus_declined":
            out.append(f"{who} declines the Bonus Turn")
        elif kind == "end":
            why = "cannot draw a card" if e["how"] == "no_draw" else "cannot play a card"
            pts = ", ".join(f"{names[q]} {p}" for q, p in enumerate(e["points"]))
            res = result_text(after, e["points"], e["winner"], names, game)
            out.append(f"GAME END: {who} {why}. Points: {pts}. {res}")
    return out


__all__ = ["describe_events"]
