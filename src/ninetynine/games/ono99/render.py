"""Drawing an ONO 99 observation as text (pure functions, no I/O).

``render_text(obs)`` gives plain text (for logs, snapshots and ``render_mode="ansi"``);
``markup=True`` gives Rich console markup: the running total in big digits coloured by danger,
each card kind in the colour of its printed card. Only the observation is used, so a drawing
can never show more than the seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.text import board_frame, pad

from .cards import MINUS10, NAMES, ONO, PLAY2, REVERSE, SHORT
from .rules import LIMIT, MAX_TOTAL, effect, is_playable

#: Rich styles per special kind (the printed cards: light blue Minus 10, green Reverse, red
#: Play 2, black ONO 99); number cards are white.
STYLES = {
    MINUS10: "bold black on sky_blue1",
    REVERSE: "bold white on green4",
    PLAY2: "bold white on red3",
    ONO: "bold white on grey11",
}
NUMBER_STYLE = "bold black on grey89"

#: 5-row block digits for the running total.
_DIGITS = {
    "0": ("███", "█ █", "█ █", "█ █", "███"),
    "1": (" █ ", "██ ", " █ ", " █ ", "███"),
    "2": ("███", "  █", "███", "█  ", "███"),
    "3": ("███", "  █", "███", "  █", "███"),
    "4": ("█ █", "█ █", "███", "  █", "  █"),
    "5": ("███", "█  ", "███", "  █", "███"),
    "6": ("███", "█  ", "███", "█ █", "███"),
    "7": ("███", "  █", "  █", "  █", "  █"),
    "8": ("███", "█ █", "███", "█ █", "███"),
    "9": ("███", "█ █", "███", "  █", "███"),
}


def big_number(n: int) -> list[str]:
    """``n`` in 5-row block digits (one string per row).

    >>> print("\\n".join(big_number(47)))
    █ █ ███
    █ █   █
    ███   █
      █   █
      █   █
    """
    digits = [_DIGITS[ch] for ch in str(n)]
    return [" ".join(d[row] for d in digits) for row in range(5)]


def danger_style(total: int) -> str:
    """Rich colour of the total: green below 70, yellow below 90, red from 90."""
    return "bold green" if total < 70 else ("bold yellow" if total < 90 else "bold red")


def card_markup(kind: int, markup: bool = True) -> str:
    """A card as a small coloured label (``markup``) or its notation, 5 columns wide."""
    text = f" {SHORT[kind]:>3} "
    return f"[{STYLES.get(kind, NUMBER_STYLE)}]{text}[/]" if markup else text


def direction_text(direction: int, in_game: list[bool], start: int) -> str:
    """``clockwise: 0 → 1 → 3`` (seats still in, from ``start``)."""
    n = len(in_game)
    order, q = [], start
    for _ in range(n):
        if in_game[q]:
            order.append(str(q))
        q = (q + direction) % n
    name = "clockwise" if direction == 1 else "counterclockwise"
    return f"{name} ({' → '.join(order)})"


def render_text(
    obs: dict[str, Any], markup: bool = False, names: Sequence[str] | None = None, game: Any = None
) -> str:
    """The table as seen in ``obs``: the running total in big digits, the direction, a
    pending Play 2, the piles, every seat, and the observing seat's hand with what each card
    would do (``markup``, ``names``: see ``Presentation.render_observation``).
    """
    n, me, names, cur, bold, dim = board_frame(obs, names, markup)
    total = obs["total"]

    # -- status --------------------------------------------------------------------------
    if obs["ended_by"]:
        w = obs["winner"]
        status = f"game over: {names[w]} wins" if w >= 0 else "game over: a draw (safety stop)"
    else:
        status = "Your turn" if cur == me else f"{names[cur]} to play"
        if obs["play2"]:
            status += f" (Play 2: turn {3 - obs['play2']} of 2)"
    # ``turn`` counts the turns taken; the screen numbers turns from 1, as every game does
    # (the turn being played, or at the end the last one played).
    shown = obs["turn"] + (0 if obs["ended_by"] else 1)
    lines = [f"{bold('ONO 99')}  turn {shown}, round {obs['round']}   {status}", ""]

    # -- the running total, big, and the table's facts beside it ---------------------------
    big = big_number(total)
    width = max(len(r) for r in big)
    style = danger_style(total)
    big = [f"[{style}]{r:<{width}}[/]" if markup else f"{r:<{width}}" for r in big]
    played = obs["played"]
    top = card_markup(played[-1], markup).strip() if played else "-"
    room = MAX_TOTAL - total
    fits = (
        "any card fits" if room >= 10 else (f"0-{room} or a special" if room else "0 or a special")
    )
    total_text = f"[{style}]RUNNING TOTAL {total}[/]" if markup else f"RUNNING TOTAL {total}"
    side = [
        f"{total_text}   below {LIMIT}: {fits}",
        f"direction {direction_text(obs['direction'], obs['in_game'], max(cur, 0))}",
        _play2_line(obs, names, markup),
        f"draw pile {obs['draw_size']}   played pile {len(played)}, top {top}",
        _last_line(obs, names),
    ]
    left = [e for e in obs["eliminations"] if e["turn"] == obs["turn"] and obs["turn"]]
    if left:
        who = ", ".join(names[e["seat"]] for e in left)
        text = f"{who} left the game at {left[-1]['total']}"
        side.append(f"[bold red]{text}[/]" if markup else text)
    big += [" " * width] * (len(side) - len(big))
    lines += [f"  {b}   {t}".rstrip() for b, t in zip(big, side, strict=True)]
    lines.append("")

    # -- the seats ----------------------------------------------------------------------
    w = max(len("Seat"), *(len(x) for x in names))
    lines.append(dim(f"  {'Seat':<{w}}  Cards"))
    out = {e["seat"]: e for e in obs["eliminations"]}
    for i in range(n):
        marker = bold(">") if i == cur else " "
        name = pad(names[i], bold(names[i]) if i == me else names[i], w)
        if obs["in_game"][i]:
            state = f"{obs['hand_sizes'][i]:>5}"
            if obs["winner"] == i:
                state += "  " + bold("WINNER")
        else:
            e = out.get(i)
            where = f" in round {e['round']} at {e['total']}" if e else ""
            k = obs["out_sizes"][i]
            state = dim(f"    -  left the game{where} ({k} card{'s' if k != 1 else ''} face down)")
        lines.append(f"{marker} {name}  {state}")

    # -- the end: places and what the scores mean -----------------------------------------
    if obs["ended_by"]:
        lines.append("")
        lines.append(_places_line(obs, names))

    # -- the hand -------------------------------------------------------------------------
    if me is not None and "hand" in obs:
        lines.append("")
        hand = obs["hand"]
        if not obs["in_game"][me]:
            k = obs["out_sizes"][me]
            lines.append(
                f"{bold('You are out of the game')}  "
                + dim(f"({k} card{'s' if k != 1 else ''} face down, out of play)")
            )
        elif not hand:
            lines.append(f"{bold('Your hand')}  (empty)")
        else:
            lines.append(f"{bold('Your hand')}  {dim('(x: cannot be played now)')}")
            for k in hand:
                ok = is_playable(total, k)
                text = effect(k, total)
                if markup and not ok:
                    text = f"[red]{text}[/]"
                name = f"{NAMES[k]:<9}" if k > 10 else " " * 9
                lines.append(f"  {' ' if ok else 'x'} {card_markup(k, markup)}  {name} {text}")
    return "\n".join(lines)


def _places_line(obs: dict[str, Any], names: list[str]) -> str:
    """``places: 1. Seat 2, 2. Seat 0, 3. Seat 1 (score = seats outlasted: 2, 1, 0)``: the
    order of the end, best first, and what ``scores()`` count (D18)."""
    n = obs["num_players"]
    gone = [e["seat"] for e in obs["eliminations"]]
    still = [i for i in range(n) if obs["in_game"][i]]
    if obs["winner"] >= 0:
        order = [obs["winner"], *reversed(gone)]
        outlasted = [n - 1 - k for k in range(n)]
        text = ", ".join(f"{k + 1}. {names[i]}" for k, i in enumerate(order))
    else:  # the safety stop: the seats still in share the first place
        outlasted = [len(gone)] * len(still) + [len(gone) - 1 - k for k in range(len(gone))]
        parts = [f"1. {names[i]}" for i in still]
        parts += [f"{len(still) + k + 1}. {names[i]}" for k, i in enumerate(reversed(gone))]
        text = ", ".join(parts)
    return f"places: {text} (score = seats outlasted: {', '.join(str(x) for x in outlasted)})"


def _play2_line(obs: dict[str, Any], names: list[str], markup: bool) -> str:
    owed = obs["play2"]
    cur = obs["current_player"]
    if not owed or cur < 0:
        return "Play 2: none pending"
    text = f"Play 2: {names[cur]} plays twice, turn {3 - owed} of 2"
    return f"[bold red]{text}[/]" if markup else text


def _last_line(obs: dict[str, Any], names: list[str]) -> str:
    last = obs.get("last")
    if last is None:
        return "the first card starts the total"
    who = names[last["seat"]]
    if last["action"] == ONO:
        return f"last: {who} exchanged four ONO cards"
    return f"last: {who} played {NAMES[last['action']]}, declared {last['total']}"
