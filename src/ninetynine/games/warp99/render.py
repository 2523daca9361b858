"""Drawing a Warp 99 observation as text (pure functions, no I/O).

``render_text(obs)`` gives plain text (for logs and ``render_mode="ansi"``); ``markup=True``
gives Rich console markup with every card in its colour. Only the observation is used, so a
drawing can never show more than the seat may see.
"""

from __future__ import annotations

from typing import Any

from .cards import COLOR, format_card

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


def card_markup(c: int, markup: bool = True) -> str:
    text = format_card(c)
    if not markup:
        return text
    return f"[{STYLES[COLOR[c]]}] {text:<3}[/]"


def cards_markup(cards: list[int], markup: bool = True, empty: str = "-") -> str:
    if not cards:
        return empty
    return " ".join(card_markup(c, markup) for c in cards)


def render_text(
    obs: dict[str, Any],
    markup: bool = False,
    names: list[str] | None = None,
) -> str:
    """The board as seen in ``obs``: rules, piles, every row, scores, decks, the hand."""
    n = obs["num_players"]
    names = names or [f"Seat {i}" for i in range(n)]
    me = obs.get("player")
    cur = obs["current_player"]
    bold = (lambda s: f"[bold]{s}[/]") if markup else (lambda s: s)
    lines = []
    rules = "  ".join(f"{i + 1}:{name}" for i, name in enumerate(obs["rules"]))
    lines.append(f"{bold('Rules')}  {rules}")
    for i, pile in enumerate(obs["piles"]):
        lines.append(
            f"{bold(f'Pile {i + 1}')} {card_markup(pile[-1], markup)}   ({len(pile)} cards)"
        )
    lines.append(
        f"Reserve {obs['reserve_size']} cards, cleared rows {len(obs['reserve_discard'])} cards"
    )
    lines.append("")
    width = max(len(x) for x in names)
    for i in range(n):
        marker = ">" if i == cur else " "
        you = " (you)" if i == me else ""
        row = obs["rows"][i]
        row_val = f"row {len(row)} = {len(row) ** 2} pts" if row else "row empty"
        lines.append(
            f"{marker} {names[i]:<{width}}{you}  {bold(str(obs['scores'][i])):>3} pts "
            f"(needs {max(0, obs['target'] - obs['scores'][i])})  deck {obs['deck_sizes'][i]:>2}"
            f"  hand {obs['hand_sizes'][i]}  {row_val}"
        )
        lines.append(f"    row: {cards_markup(row, markup)}")
        shown = obs["revealed"][i]
        if shown and i != me:
            lines.append(f"    revealed: {cards_markup(shown, markup)}")
    if me is not None and "hand" in obs:
        lines.append("")
        lines.append(f"{bold('Your hand')}: {cards_markup(obs['hand'], markup, '(empty)')}")
    return "\n".join(lines)
