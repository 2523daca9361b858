"""Drawing a Warp 99 / Ninety Nine observation as text (pure functions, no I/O).

``render_text(obs)`` gives plain text (for logs, snapshots and ``render_mode="ansi"``);
``markup=True`` gives Rich console markup in which every card is a coloured chip. The card's
letter (``R7`` is red 7, ``K3`` pink 3, ...) is always printed, so the board reads without
colour too. Only the observation is used, so a drawing can never show more than the seat may
see.

The board, top to bottom: a status line (game, turn, who acts and what for), the active rules
(and, when flips are allowed, the other sides), both discard piles with their top card, size and
what each pile accepts right now, the reserve, one line per seat (score, points still needed,
deck and hand sizes, the personal row with its value and what the next row card must beat),
cards revealed by a flip, and the observing seat's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.text import board_frame, pad

from .cards import COLOR, COLORS, LETTERS, VALUE, format_card
from .rules import RULE_NAMES, matches

#: Rich styles per colour index (readable on dark and light terminals).
STYLES = (
    "bold white on red3",
    "bold black on yellow1",
    "bold white on green4",
    "bold black on grey62",
    "bold black on sky_blue1",
    "bold white on purple4",
    "bold black on dark_orange",
    "bold white on blue3",
    "bold black on tan",
    "bold black on hot_pink",
)

_TITLES = {"warp99": "Warp 99", "ninetynine": "Ninety Nine"}
_PHASES = {
    "row": "Action A, put a card in the row (or score it first)",
    "discard": "Action B, discard onto the piles",
    "extra_card": "double match, take or decline an extra card",
}


def card_markup(c: int, markup: bool = True) -> str:
    """One card: ``R7`` in plain text, a coloured chip `` R7 `` with markup."""
    text = format_card(c)
    if not markup:
        return text
    return f"[{STYLES[COLOR[c]]}] {text} [/]"


def cards_markup(cards: Sequence[int], markup: bool = True, empty: str = "-") -> str:
    """Cards separated by spaces, or ``empty`` for none."""
    if not cards:
        return empty
    return " ".join(card_markup(c, markup) for c in cards)


def accepted(top: int, rule_sides: Sequence[int]) -> str:
    """What a pile whose top card is ``top`` accepts under the active rule sides, e.g.
    ``"red (R), 3 or 8"`` for red 7 with Same Color, Plus 1 and Total 10 (``"nothing"`` if no
    card can go on it; values are listed in increasing order)."""
    tv = VALUE[top]
    color: str | None = None
    values: set[int] = set()
    if rule_sides[0] == 1:
        color = f"{COLORS[COLOR[top]]} ({LETTERS[COLOR[top]]})"
    else:
        values.add(tv)
    if rule_sides[1] == 1:
        if tv < 10:
            values.add(tv + 1)
    elif tv > 0:
        values.add(tv - 1)
    if rule_sides[2] == 1:
        values.add(10 - tv)
    else:
        if 2 * tv <= 10:
            values.add(2 * tv)
        if tv % 2 == 0:
            values.add(tv // 2)
    parts = ([color] if color else []) + [str(v) for v in sorted(values)]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _playable(obs: dict[str, Any]) -> bool:
    """Whether any card of ``obs["hand"]`` may go on either pile under the active rules."""
    config = sum(1 << i for i, side in enumerate(obs["rule_sides"]) if side == 2)
    tops = [pile[-1] for pile in obs["piles"]]
    return any(matches(config, top, c) for top in tops for c in obs["hand"])


def _count(k: int, noun: str = "card") -> str:
    """``1 card``, ``3 cards``."""
    return f"{k} {noun}{'s' if k != 1 else ''}"


def render_text(
    obs: dict[str, Any], markup: bool = False, names: Sequence[str] | None = None, game: Any = None
) -> str:
    """The board as seen in ``obs`` (see the module docstring); ``markup`` and ``names`` as
    ``Presentation.render_observation`` takes them."""
    n, me, names, cur, bold, dim = board_frame(obs, names, markup)
    phase = obs["phase"]

    lines: list[str] = []
    title = _TITLES.get(obs.get("game", ""), str(obs.get("game", "")))
    if phase == "over":
        w = obs.get("winner", -1)
        status = f"game over: {names[w]} wins" if w is not None and w >= 0 else "game over: draw"
    else:
        who = "Your turn" if cur == me else f"{names[cur]} to play"
        status = f"{who}: {_PHASES.get(phase, phase)}"
        if phase == "discard" and obs.get("plays"):
            k = obs["plays"]
            status += f" ({k} card{'s' if k != 1 else ''} played)"
        if phase == "discard" and cur == me and obs.get("hand") and not _playable(obs):
            status += "; no card in your hand fits either pile"
    lines.append(f"{bold(title)}  turn {obs['turn']}  first to {obs['target']} wins")
    lines.append(status)
    lines.append("")

    sides = obs["rule_sides"]
    rules = "   ".join(f"{i + 1} {bold(name)}" for i, name in enumerate(obs["rules"]))
    lines.append(f"{bold('Rules')}   {rules}")
    if obs.get("game") != "ninetynine":
        other = ", ".join(RULE_NAMES[i][2 - sides[i]] for i in range(3))
        lines.append(dim(f"        other sides (flip1-flip3): {other}"))
    for i, pile in enumerate(obs["piles"]):
        top = pile[-1]
        count = _count(len(pile))
        lines.append(
            f"{bold(f'Pile {i + 1}')}  {pad(format_card(top), card_markup(top, markup), 3)}"
            f"  {count:<9} takes {accepted(top, sides)}"
        )
    cleared = len(obs["reserve_discard"])
    lines.append(f"{bold('Reserve')} {_count(obs['reserve_size'])}, cleared rows {_count(cleared)}")
    lines.append("")

    width = max(len("Seat"), *(len(x) for x in names))
    lines.append(dim(f"  {'Seat':<{width}}  Score  Needs  Deck  Hand  Row"))
    for i in range(n):
        marker = ">" if i == cur else " "
        score = obs["scores"][i]
        needs = max(0, obs["target"] - score)
        row = obs["rows"][i]
        if row:
            k = len(row)
            last = VALUE[row[-1]]
            nxt = f"next above {last}" if last < 10 else "full, must be scored next"
            value = f"({_count(k)} = {_count(k * k, 'pt')}, {nxt})"
            row_text = f"{cards_markup(row, markup)}  {dim(value)}"
        else:
            row_text = "-"
        name = pad(names[i], bold(names[i]) if i == me else names[i], width)
        lines.append(
            f"{bold(marker) if i == cur else marker} {name}  {score:>5}  {needs:>5}"
            f"  {obs['deck_sizes'][i]:>4}  {obs['hand_sizes'][i]:>4}  {row_text}"
        )
        shown = obs["revealed"][i]
        if shown and i != me:
            lines.append(f"  {' ' * width}  revealed hand cards: {cards_markup(shown, markup)}")
    if me is not None and "hand" in obs:
        lines.append("")
        lines.append(f"{bold('Your hand')}  {cards_markup(obs['hand'], markup, '(empty)')}")
    return "\n".join(lines)
