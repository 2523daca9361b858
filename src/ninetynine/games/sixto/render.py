"""Drawing a Sixto observation as text (pure functions, no I/O).

``render_text(obs)`` gives plain text (logs, snapshots, ``render_mode="ansi"``); ``markup=True``
gives Rich console markup: each row (Kris-Kras: each space) in its colour. Colour is never the
only cue: every row starts with its colour's letter and name, a Kris-Kras space shows its
colour's letter, a mark is ``X``, a lost space ``.``, a hit space carries ``*`` (``+`` once
marked the regular way, for its bonus), a lock ``#``, a Cross diagonal's space ``\\`` or
``/``. Every point of a score is printed: rows, columns, each Cross area under its spaces, the
Hits bonus, and the sum. Only the observation is used, so a drawing never shows more than the
seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ninetynine.core.text import board_frame

from .events import dice_text
from .rules import (
    HIT,
    HIT_BONUS,
    LOST,
    MARK,
    MARKED,
    OPEN,
    TARGET,
    UNLOCKED,
    VOID,
    Layout,
    Mark,
    choice_marks,
    cross_areas,
    die_options,
    layout_for,
    legal_choices,
    next_lock,
    points_table,
    score_sheet,
)
from .sheets import COLORS, LETTERS, NUM_ROWS

#: Rich styles of the six colours (Red, Yellow, Green, Blue, Purple, Orange).
STYLES = (
    "bold white on red3",
    "bold black on yellow3",
    "bold black on green3",
    "bold white on blue3",
    "bold white on purple4",
    "bold black on dark_orange",
)
MARK_STYLE = "bold white on grey23"


def _cursor(cells: list[int], width: int) -> list[int]:
    out = []
    for r in range(NUM_ROWS):
        past = [c for c in range(width) if cells[r * width + c] not in (OPEN, VOID)]
        out.append(max(past) + 1 if past else 0)
    return out


def cell_text(lay: Layout, cells: list[int], i: int) -> str:
    """Three characters for space ``i``: its number (Kris-Kras: colour letter and number) or
    ``X`` once marked, ``.`` once lost, ``/`` a lock crossed off without a mark; then ``*`` a hit
    space, ``#`` a lock, or a space."""
    code = cells[i]
    kk = lay.pad == "kriskras"
    face = {MARK: "X", HIT: "X", UNLOCKED: "X", LOST: ".", VOID: "/"}.get(code, str(lay.numbers[i]))
    letter = LETTERS[lay.colors[i]].lower() if kk else " "
    r, c = divmod(i, lay.width)
    if lay.hits[i]:
        tag = "+" if code == MARK else "*"  # marked the regular way: the +5 bonus (D16)
    elif c in lay.locks[r]:
        tag = "#"
    else:
        tag = _diagonal_tags(lay.pad, lay.width).get(i, " ")
    return f"{letter}{face}{tag}"


@cache
def _diagonal_tags(pad: str, width: int) -> dict[int, str]:
    """Cross-diagonals (D15): the spaces of each down-right diagonal tagged ``\\``, of each
    down-left one ``/`` (``cross_areas`` lists them in that order; they share no space)."""
    diagonals = [a for k, a in cross_areas(pad, width) if k == "diagonal"]
    return {i: "\\" if n % 2 == 0 else "/" for n, a in enumerate(diagonals) for i in a}


def _styled(lay: Layout, cells: list[int], i: int, markup: bool) -> str:
    text = cell_text(lay, cells, i)
    if not markup:
        return text
    code = cells[i]
    if MARKED[code]:
        return f"[{MARK_STYLE}]{text}[/]"
    if code in (LOST, VOID):
        return f"[dim]{text}[/]"
    return f"[{STYLES[lay.colors[i]]}]{text}[/]"


def sheet_lines(obs: dict[str, Any], seat: int, markup: bool, title: str) -> list[str]:
    """One seat's sheet in full: a header, six rows with their points, the column points."""
    sheet = obs["sheets"][seat]
    lay = layout_for(sheet["design"] - 1, obs["width"], obs["pad"])
    cells = [x for row in sheet["cells"] for x in row]
    w = lay.width
    table = points_table(obs["points"], 12)
    ts = w - TARGET
    # Kris-Kras: any die marks in any row, and a move names its row by number (R@3)
    numbered = obs["pad"] == "kriskras"
    pad = "  " if numbered else ""
    head = (
        "            "
        + pad
        + "".join(f"{c + 1:>2} " + (" |" if c == ts - 1 else "") for c in range(w))
    )
    lines = [title, head + "   pts"]
    removed = set(obs["removed"])
    for r in range(NUM_ROWS):
        parts = []
        for c in range(w):
            parts.append(_styled(lay, cells, r * w + c, markup))
            if c == ts - 1:
                parts.append(" |")
        k = sum(1 for c in range(w) if MARKED[cells[r * w + c]])
        name = f"{LETTERS[r]} {COLORS[r]:<6}"
        if markup:
            name = f"[{STYLES[r]}]{LETTERS[r]}[/] {COLORS[r]:<6}"
        out = " (die out)" if r in removed else ""
        num = f"{r + 1} " if numbered else ""
        lines.append(f"  {num}{name}  {''.join(parts)}  {table[k]:>3}{out}")
    col_pts = []
    for c in range(w):
        k = sum(1 for r in range(NUM_ROWS) if MARKED[cells[r * w + c]])
        col_pts.append(f"{table[k]:>2} " + ("  " if c == ts - 1 else ""))
    lines.append(("  columns   " + pad + "".join(col_pts)).rstrip())
    lines += _area_lines(lay, cells, table, ts)
    score = score_sheet(lay, cells, table)
    parts = [f"rows {score.rows}", f"columns {score.columns}"]
    if lay.pad.startswith("cross"):
        parts.append(f"{'blocks' if lay.pad == 'cross-blocks' else 'diagonals'} {score.areas}")
    if lay.pad == "hits":
        k = score.bonus // HIT_BONUS
        parts.append(f"hit spaces marked the regular way {score.bonus} ({k} x {HIT_BONUS})")
    lines.append(f"  score {score.total} = " + " + ".join(parts))
    if lay.pad == "hits":
        lines.append(
            dim_text(
                "  * a hit space (X* marked by a hit, no bonus); "
                f"X+ marked the regular way: +{HIT_BONUS}",
                markup,
            )
        )
    return lines


def dim_text(text: str, markup: bool) -> str:
    return f"[dim]{text}[/]" if markup else text


def _area_lines(lay: Layout, cells: list[int], table: tuple[int, ...], ts: int) -> list[str]:
    """The Cross pad's areas with their points (D15): each block's points under its three
    columns, a line per pair of rows; each diagonal's points by its square and direction."""
    areas = [a for a, k in zip(lay.areas, lay.area_kind, strict=True) if k not in ("row", "column")]
    points = [table[sum(1 for i in a if MARKED[cells[i]])] for a in areas]
    w = lay.width
    if lay.pad == "cross-blocks":
        out = []
        per_row = (w + 2) // 3
        for b0 in range(0, len(areas), per_row):
            r0 = areas[b0][0] // w
            text = ""
            for b in range(b0, min(b0 + per_row, len(areas))):
                c0 = areas[b][0] % w
                # under the block's middle column
                text += f"{points[b]:>5}    " + ("  " if c0 <= ts - 1 <= c0 + 2 else "")
            out.append(f"  blocks {r0 + 1}-{r0 + 2}" + text.rstrip())
        return out
    if lay.pad == "cross-diagonals":
        squares = []
        for k in range(0, len(areas), 2):
            c0 = areas[k][0] % w
            squares.append(f"columns {c0 + 1}-{c0 + 6}: \\ {points[k]}, / {points[k + 1]}")
        return ["  diagonals " + "; ".join(squares)]
    return []


def compact_lines(obs: dict[str, Any], seat: int, name: str, markup: bool = False) -> list[str]:
    """A seat's sheet in one character a space (number, ``X``, ``.``, ``/``); Kris-Kras: two,
    the space's colour letter first (in its colour with ``markup``)."""
    sheet = obs["sheets"][seat]
    w = obs["width"]
    lay = layout_for(sheet["design"] - 1, w, obs["pad"])
    cells = [x for row in sheet["cells"] for x in row]
    lines = [f"{name}: {obs['scores'][seat]:g}"]
    kk = lay.pad == "kriskras"
    for r in range(NUM_ROWS):
        row = ""
        for c in range(w):
            i = r * w + c
            # Kris-Kras: each space's own colour, as its letter (and in colour with markup)
            text = cell_text(lay, cells, i)[:2] if kk else cell_text(lay, cells, i)[1]
            if kk and markup and not MARKED[cells[i]] and cells[i] not in (LOST, VOID):
                text = f"[{STYLES[lay.colors[i]]}]{text}[/]"
            row += text
            if c == w - TARGET - 1:
                row += "|"
        num = f"{r + 1} " if obs["pad"] == "kriskras" else ""
        lines.append(f"{num}{LETTERS[r]} {row}")
    return lines


def moves_for_dice(obs: dict[str, Any], seat: int) -> list[str]:
    """Per die in play, where it would mark on ``seat``'s sheet, e.g. ``R3: column 5 (2 lost)``,
    ``Y6: no space``."""
    sheet = obs["sheets"][seat]
    lay = layout_for(sheet["design"] - 1, obs["width"], obs["pad"])
    cells = [x for row in sheet["cells"] for x in row]
    cursor = _cursor(cells, lay.width)
    opts = die_options(lay, cells, cursor, obs["dice"], obs["open_after"])
    if lay.pad == "kriskras":
        # A die's option in a closed target area needs other marks in that row on the same
        # roll (D18): keep only the marks some legal choice makes.
        made: set[Mark] = set()
        for code in legal_choices(lay, cells, cursor, obs["dice"], obs["open_after"]):
            marks = choice_marks(lay, cells, cursor, obs["dice"], code, obs["open_after"])
            made.update(marks or ())
        opts = [[(o, m) for o, m in per_die if m is None or m in made] for per_die in opts]
    out = []
    for d, v in enumerate(obs["dice"]):
        if not v:
            continue
        texts = []
        for _, m in opts[d]:
            if m is None:
                continue
            lost = sum(
                1 for c in range(cursor[m.row], m.col) if cells[m.row * lay.width + c] == OPEN
            )
            where = (
                f"row {m.row + 1} col {m.col + 1}" if lay.pad == "kriskras" else f"col {m.col + 1}"
            )
            note = f" ({lost} lost)" if lost else ""
            texts.append(("hit: " if m.hit else "") + where + note)
        out.append(f"{LETTERS[d]}{v}: " + ("; ".join(texts) if texts else "no space"))
    if obs["pad"] == "locked":
        locks = [
            f"{LETTERS[r]} col {next_lock(lay, cells, cursor, r) + 1}"
            for r in range(NUM_ROWS)
            if obs["dice"][r] and next_lock(lay, cells, cursor, r) >= 0
        ]
        if locks:
            out.append("next locks: " + ", ".join(locks))
    return out


def render_text(
    obs: dict[str, Any], markup: bool = False, names: Sequence[str] | None = None, game: Any = None
) -> str:
    """The table as seen in ``obs``: status, dice, who has chosen, the observer's sheet in full
    (a spectator: every sheet in full), the other sheets compact, and where each die would
    mark. ``names``: one label per seat (default ``Seat 0``, ...; the observer is ``(you)``);
    inserted as given, so escape any ``[`` in them first with ``markup=True``."""
    n, me, names, cur, bold, dim = board_frame(obs, names, markup)

    if obs["ended_by"]:
        how = {
            "dice": "the third die is out",
            "stalled": "no sheet can take a mark",
            "turn_limit": "safety stop",
        }[obs["ended_by"]]
        if n == 1:
            res = f"final score {obs['scores'][0]:g}"
        elif obs["winner"] >= 0:
            res = f"{names[obs['winner']]} wins"
        else:
            res = "a draw"
        status = f"game over ({how}): {res}"
    elif obs["phase"] == "roll":
        status = "Your roll: keep or reroll" if cur == me else f"{names[cur]} keeps or re-rolls"
    else:
        status = "Your marks" if cur == me else f"{names[cur]} chooses marks"
    pad = "" if obs["pad"] == "none" else f"   pad: {obs['pad']}"
    lines = [f"{bold('SIXTO')}  turn {obs['turn']}   {status}{pad}"]
    dice = []
    for d, v in enumerate(obs["dice"]):
        text = f" {LETTERS[d]}{v or '-'} "
        dice.append(f"[{STYLES[d]}]{text}[/]" if markup and v else text)
    rolled = f"rolled by {names[obs['active']]}" + (", re-rolled" if obs["rerolled"] else "")
    lines.append(f"  dice {' '.join(dice)}   {dim(rolled)}")
    if obs["removed"]:
        gone = ", ".join(f"{COLORS[d]} (turn {obs['removed_at'][d]})" for d in obs["removed"])
        lines.append(f"  removed: {gone}   (the third ends the game)")
    if obs["phase"] == "choose" and not obs["ended_by"] and n > 1:
        marks = ", ".join(f"{names[q]} {'chosen' if obs['chosen'][q] else '...'}" for q in range(n))
        lines.append(dim(f"  marks (secret until all have chosen): {marks}"))
    if obs["last_roll"] is not None:
        lr = obs["last_roll"]
        lines.append(dim(f"  last roll (turn {lr['turn']}): {dice_text(lr['dice'])}"))
    lines.append("")
    full = [me] if me is not None else list(range(n))
    for q in full:
        title = f"{bold(names[q])}  sheet {obs['sheets'][q]['design']}  score {obs['scores'][q]:g}"
        if me is not None and obs.get("my_choice") is not None:
            choice = game.notation.action_to_string(obs["my_choice"]) if game else obs["my_choice"]
            title += f"   your marks this roll: {choice}"
        lines += sheet_lines(obs, q, markup, title)
        lines.append("")
    others = [q for q in range(n) if q not in full]
    for k in range(0, len(others), 3):
        blocks = [compact_lines(obs, q, names[q], markup) for q in others[k : k + 3]]
        plain = [compact_lines(obs, q, names[q]) for q in others[k : k + 3]]
        width = max(len(x) for b in plain for x in b) + 4
        for r in range(len(blocks[0])):
            lines.append(
                "  "
                + "".join(
                    b[r] + " " * (width - len(p[r])) for b, p in zip(blocks, plain, strict=True)
                ).rstrip()
            )
        lines.append("")
    if me is not None and cur == me and obs["phase"] == "choose":
        lines.append(bold("Where each die would mark:"))
        lines += ["  " + x for x in moves_for_dice(obs, me)]
    return "\n".join(lines).rstrip()


__all__ = ["STYLES", "cell_text", "compact_lines", "moves_for_dice", "render_text", "sheet_lines"]
