"""Drawing a Tripwire observation as text (pure functions, no I/O).

``render_text(obs)`` gives plain text (for logs, snapshots and ``render_mode="ansi"``);
``markup=True`` gives Rich console markup: each dock as a card in its colour, every card in
the colour of its print (Teal, Purple, Orange, grey neutrals, green wilds, a black Null).
Only the observation is used, so a drawing can never show more than the seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.text import board_frame, pad

from .actions import action_to_string, play_id
from .cards import (
    COLOR_NAMES,
    MARKER_LABELS,
    NAMES,
    NULL,
    SHORT,
    VECTOR,
    is_neutral_chain,
    is_standard,
)
from .events import fewest_cards_text
from .rules import EFFECT_NAMES, RuleSet, outcome_table, valid_slots

#: Rich styles per colour (Teal, Purple, Orange) and for the other prints.
COLOR_STYLES = ("bold black on dark_cyan", "bold white on purple4", "bold black on dark_orange")
NEUTRAL_STYLE = "bold black on grey70"
WILD_STYLE = "bold white on green4"
NULL_STYLE = "bold white on grey11"

#: How each effect reads in the hand listing.
EFFECT_WORDS = {
    "prime": "primes",
    "standard": "Standard Play",
    "number": "Number Match",
    "match": "Number Match, no hijack",
    "vector": "Vector",
    "grey": "Grey",
    "plus": "[+]",
    "minus": "[-]",
    "stasis": "Stasis: penalty",
    "defuse": "DEFUSE: bonus turn",
    "tripwire": "TRIPWIRE: penalty",
}
DEFAULT_RULES = RuleSet("marker", "literal")


def card_style(kind: int) -> str:
    """Rich style of a card's print."""
    if is_standard(kind):
        return COLOR_STYLES[kind // 10]
    if kind == NULL:
        return NULL_STYLE
    if is_neutral_chain(kind):
        return NEUTRAL_STYLE
    return WILD_STYLE


def card_markup(kind: int, markup: bool = True) -> str:
    """A card as a small label: its notation, coloured with ``markup``."""
    text = SHORT[kind]
    return f"[{card_style(kind)}]{text}[/]" if markup else text


def _fits(dock: dict[str, Any]) -> str:
    """What the next card must be, e.g. ``T5/T7, any 6`` or ``a Teal 2-9``."""
    c, v = dock["color"], dock["value"]
    if v == 0:
        return f"{'an' if c == 2 else 'a'} {COLOR_NAMES[c]} 2-9"
    letter = "TPO"[c]
    seq = "/".join(f"{letter}{x}" for x in (v - 1, v + 1))
    return f"{seq}, any {v}"


def _dock_lines(dock: dict[str, Any], markup: bool, width: int) -> list[tuple[str, str]]:
    """(plain, shown) rows of one dock."""
    d, c, v, stack = dock["dock"], dock["color"], dock["value"], dock["stack"]
    head = f"DOCK {d} [{MARKER_LABELS[dock['marker']]}]"
    rows = [(head, f"[bold]{head}[/]" if markup else head)]
    inner = width - 4
    if v:
        face = f"{COLOR_NAMES[c]} {v}".center(inner)
    else:
        face = "empty".center(inner)
    top = "╭" + "─" * (inner + 2) + "╮"
    bottom = "╰" + "─" * (inner + 2) + "╯"
    mid_plain = f"│ {face} │"
    if markup:
        style = COLOR_STYLES[c] if v else "dim"
        mid = f"│ [{style}]{face}[/] │"
    else:
        mid = mid_plain
    rows += [(top, top), (mid_plain, mid), (bottom, bottom)]
    if stack:
        shown_cards = stack[-3:]
        more = "… " if len(stack) > 3 else ""
        plain = f"{more}{' '.join(SHORT[k] for k in shown_cards)} ({len(stack)})"
        shown = f"{more}{' '.join(card_markup(k, markup) for k in shown_cards)} ({len(stack)})"
        rows.append((plain, shown))
    else:
        rows.append(("no cards", "[dim]no cards[/]" if markup else "no cards"))
    nxt = f"next: {_fits(dock)}"
    rows.append((nxt, f"[dim]{nxt}[/]" if markup else nxt))
    return rows


def _hand_moves(obs: dict[str, Any], kind: int, rules: RuleSet) -> list[tuple[str, str]]:
    """``(move, effect)`` for each dock ``kind`` may go on now (this turn's limits included
    when it is the observer's turn)."""
    t = obs["this_turn"]
    mine = obs["current_player"] == obs.get("player") and obs["phase"] == "play"
    neutral = t["neutral_dock"] - 1 if mine else -1
    full = set(t["full"]) if mine else set()
    table = valid_slots(rules)
    outcomes = outcome_table(rules)
    out = []
    for dock in obs["docks"]:
        d = dock["dock"] - 1
        if is_neutral_chain(kind) and neutral >= 0 and neutral != d:
            continue
        if not is_neutral_chain(kind) and dock["dock"] in full:
            continue
        code = dock["color"] * 10 + dock["value"]
        for j in table[code][kind]:
            res = outcomes[code][j]
            assert res is not None
            eff = EFFECT_NAMES[res[2]]
            out.append((action_to_string(play_id(d + 1, j)), EFFECT_WORDS[eff]))
    return out


def render_text(
    obs: dict[str, Any], markup: bool = False, names: Sequence[str] | None = None, game: Any = None
) -> str:
    """The table as seen in ``obs``: the three docks, the piles, the Attack Wave, every seat,
    and the observing seat's hand with the moves each card has.

    ``markup``, ``names``: as ``Presentation.render_observation`` takes them. ``game``: the
    game, for its rule options (``priming``, ``stasis``); the defaults otherwise.
    """
    n, me, names, cur, bold, dim = board_frame(obs, names, markup)
    rules: RuleSet = getattr(game, "rules", DEFAULT_RULES)

    def red(s: str) -> str:
        return f"[bold red]{s}[/]" if markup else s

    # -- status --------------------------------------------------------------------------
    if obs["ended_by"]:
        w = obs["winner"]
        how = {
            "clear": "SYSTEM CLEAR!",
            "blocked": "blocked: nobody can play and the piles are empty",
            "turn_limit": "safety stop (turn limit)",
        }[obs["ended_by"]]
        if obs["ended_by"] == "clear":
            status = f"game over, {how}: " + (f"{names[w]} wins" if w >= 0 else "a draw")
        else:  # decided by the fewest cards (D24, D25): say so, with the counts
            status = f"game over, {how}: " + fewest_cards_text(obs.get("hand_sizes"), w, names)
    elif obs["phase"] == "wave":
        status = "Attack Wave: " + ("you must answer" if cur == me else f"{names[cur]} answers")
    else:
        status = "Your turn" if cur == me else f"{names[cur]} to play"
        if obs["bonus_turn"]:
            status += " (bonus turn)"
    lines = [f"{bold('TRIPWIRE')}  turn {obs['turn']}   {status}", ""]

    # -- the docks, side by side -----------------------------------------------------------
    width = 24
    cols = [_dock_lines(d, markup, width - 2) for d in obs["docks"]]
    for r in range(max(len(c) for c in cols)):
        parts = []
        for c in cols:
            plain, shown = c[r] if r < len(c) else ("", "")
            parts.append(pad(plain, shown, width))
        lines.append(("  " + "".join(parts)).rstrip())
    lines.append("")

    # -- piles, the wave, this turn -----------------------------------------------------------
    side = obs["side_pile"]
    top = f", top {card_markup(side[-1], markup)}" if side else ""
    lines.append(
        f"  draw pile {obs['draw_size']}   side pile {len(side)}{top}"
        + (f"   reshuffled {obs['reshuffles']}x" if obs["reshuffles"] else "")
    )
    wave = obs["wave"]
    if wave is not None:
        lines += ["  " + red(x) for x in _wrap(wave_text(wave, names))]
    elif obs["last_wave"] is not None:
        lines += ["  " + dim(x) for x in _wrap("last " + wave_text(obs["last_wave"], names))]
    if obs["phase"] == "play" and not obs["ended_by"]:
        lines.append("  " + dim(turn_text(obs)))
    lines.append("")

    # -- the seats ----------------------------------------------------------------------
    w = max(len("Seat"), *(len(x) for x in names))
    lines.append(dim(f"  {'Seat':<{w}}  Cards  Skips"))
    for i in range(n):
        marker = bold(">") if i == cur else " "
        name = pad(names[i], bold(names[i]) if i == me else names[i], w)
        skips = obs["skips"][i]
        row = f"{obs['hand_sizes'][i]:>5}  {skips if skips else '':>5}"
        if obs["winner"] == i:
            row += "  " + bold("WINNER")
        lines.append(f"{marker} {name}  {row}".rstrip())

    # -- the hand -------------------------------------------------------------------------
    if me is not None and "hand" in obs:
        lines.append("")
        hand = obs["hand"]
        if not hand:
            lines.append(f"{bold('Your hand')}  (empty)")
        else:
            mine = obs["phase"] == "play" and cur == me
            note = "(x: no dock for it now)" if mine else "(where each card fits; x: nowhere)"
            lines.append(f"{bold('Your hand')}  {dim(note)}")
            for k in sorted(set(hand)):
                count = hand.count(k)
                label = card_markup(k, markup)
                gap = " " * max(0, 6 - len(SHORT[k]))
                name = f"{NAMES[k]}{f' x{count}' if count > 1 else ''}"
                if k == NULL:
                    text = "defence: answer an Attack Wave with null"
                    ok = True
                else:
                    moves = _hand_moves(obs, k, rules)
                    ok = bool(moves)
                    if k == VECTOR and moves:
                        text = "  ".join(m for m, _ in moves)
                    else:
                        text = "  ".join(f"{m} ({e})" for m, e in moves) or "fits no dock"
                    if not ok and markup:
                        text = f"[red]{text}[/]"
                lines.append(f"  {' ' if ok else 'x'} {label}{gap} {name:<12} {text}".rstrip())
    return "\n".join(lines)


def _wrap(text: str, width: int = 76) -> list[str]:
    """Split a ``; ``-separated line into lines of at most ``width`` columns (continuation
    lines indented), so an Attack Wave stays readable in an 80-column terminal."""
    parts = text.split("; ")
    out = [parts[0]]
    for p in parts[1:]:
        if len(out[-1]) + 2 + len(p) <= width:
            out[-1] += "; " + p
        else:
            out[-1] += ";"
            out.append("  " + p)
    return out


def wave_text(wave: dict[str, Any], names: list[str]) -> str:
    """The Attack Wave in one line, e.g. ``Attack Wave from Seat 0: 3 units; Seat 1 null (2
    left); Seat 2 hit (1 left); Seat 3 is next (1 incoming)``."""
    u = wave["units"]
    parts = [f"Attack Wave from {names[wave['initiator']]}: {u} unit{'s' if u != 1 else ''}"]
    left = u
    for step in wave["steps"]:
        if step["result"] == "null":
            left -= step["units"]
            parts.append(f"{names[step['seat']]} null ({left} left)")
        elif step["result"] == "hit":
            left -= step["units"]
            parts.append(f"{names[step['seat']]} hit ({left} left)")
        else:
            parts.append(f"{names[step['seat']]} takes {step['units']} at the wall")
    if wave["target"] >= 0 and wave["remaining"]:
        parts.append(f"{names[wave['target']]} is next ({wave['remaining']} incoming)")
    return "; ".join(parts)


def turn_text(obs: dict[str, Any]) -> str:
    """This turn so far, e.g. ``this turn: 2 cards; docks 1, 3 used; Neutral Chain on dock 3;
    1 penalty unit; Triple Play possible``."""
    t = obs["this_turn"]
    parts = [f"this turn: {t['played']} card{'s' if t['played'] != 1 else ''}"]
    if t["full"]:
        parts.append(f"dock {', '.join(map(str, t['full']))} took its card")
    if t["neutral_dock"]:
        parts.append(f"Neutral Chain on dock {t['neutral_dock']}")
    if t["units"]:
        parts.append(f"{t['units']} penalty unit{'s' if t['units'] != 1 else ''}")
    if t["bonus"]:
        parts.append("bonus turn earned")
    if t["triple"]:
        parts.append("Triple Play!")
    elif t["triple_possible"]:
        parts.append(f"Triple Play possible (docks used: {len(t['docks'])} of 3)")
    return "; ".join(parts)


__all__ = ["card_markup", "card_style", "render_text", "turn_text", "wave_text"]
