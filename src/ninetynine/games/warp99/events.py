"""Notable events of one Warp 99 move, found by comparing the public views before and after it
(pure; used by :meth:`Warp99Game.describe_events` for the terminal and the replay):

=================  ===================================================================
field              event
=================  ===================================================================
``rows``           a seat's row (list of cards) emptied while it scored: "scored a row
                   of 5 cards"
``deck_sizes``     a seat's deck grew while it scored: "emptied the personal deck (15
                   new cards from the reserve)" (W8); or ran out with no new cards (the
                   winning 15 points, W13; an empty reserve, W9)
``rules``          a rule name changed: "rule 2 flipped: Plus 1 -> Minus 1"
``hand_sizes``     the mover's hand grew while the mover acts again: one card ("took an
                   extra card") or a whole new hand ("emptied the hand ... goes again")
``reserve_size``   the reserve grew: "the reserve was rebuilt"
``target``         used to say how many points a seat still needs
=================  ===================================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine.core.presentation import Transition


def format_number(x: Any) -> str:
    """``12.0`` -> ``12``; other numbers as they are."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _seq(obs: Mapping[str, Any], key: str, n: int) -> Sequence[Any] | None:
    value = obs.get(key)
    if isinstance(value, list | tuple) and len(value) == n:
        return value
    return None


def describe_events(move: Transition, game: Any = None) -> list[str]:
    """Plain-text lines describing what was notable about ``move``: its public observations
    (``state.observation(None)``) before and after, the matching ``state.scores()``, the seat
    that moved and the seats' names."""
    before, after, names = move.before, move.after, move.names
    scores_before, scores_after, mover = move.scores_before, move.scores_after, move.mover
    n = len(names)
    events: list[str] = []
    target = after.get("target")

    rows_b, rows_a = _seq(before, "rows", n), _seq(after, "rows", n)
    decks_b, decks_a = _seq(before, "deck_sizes", n), _seq(after, "deck_sizes", n)
    for i in range(n):
        delta = scores_after[i] - scores_before[i]
        if not delta:
            continue
        causes = []
        if rows_b and rows_a and rows_b[i] and not rows_a[i]:
            k = len(rows_b[i])
            causes.append(f"scored a row of {k} card{'s' if k != 1 else ''}")
        if decks_b and decks_a and decks_a[i] > decks_b[i]:
            causes.append("emptied the personal deck (15 new cards from the reserve)")
        elif decks_b and decks_a and decks_b[i] and not decks_a[i]:
            # The deck ran out and no new cards came: the game ended on its 15 points (W13),
            # or the reserve had none to give (W9).
            over = after.get("phase") == "over"
            causes.append(
                "emptied the personal deck" + ("" if over else " (the reserve has no cards)")
            )
        sign = "+" if delta > 0 else "-"
        text = f"{names[i]} " + (" and ".join(causes) + ": " if causes else "")
        unit = "point" if abs(delta) == 1 else "points"
        text += f"{sign}{format_number(abs(delta))} {unit}, now {format_number(scores_after[i])}"
        if isinstance(target, int | float) and not isinstance(target, bool):
            left = max(0, target - scores_after[i])
            text += f" (needs {format_number(left)})" if left else " (target reached)"
        events.append(text)

    rules_b, rules_a = before.get("rules"), after.get("rules")
    if isinstance(rules_b, list) and isinstance(rules_a, list) and len(rules_a) == len(rules_b):
        for j, (old, new) in enumerate(zip(rules_b, rules_a, strict=True)):
            if old != new:
                events.append(f"{names[mover]} flipped rule {j + 1}: {old} -> {new}")

    hands_b, hands_a = _seq(before, "hand_sizes", n), _seq(after, "hand_sizes", n)
    if hands_b and hands_a and after.get("current_player") == mover:
        grew = hands_a[mover] - hands_b[mover]
        if grew == 1:
            events.append(f"{names[mover]} took an extra card")
        elif grew > 1:
            events.append(
                f"{names[mover]} emptied the hand, drew {hands_a[mover]} new cards and goes again"
            )

    res_b, res_a = before.get("reserve_size"), after.get("reserve_size")
    if isinstance(res_b, int) and isinstance(res_a, int) and res_a > res_b:
        events.append(f"the reserve was rebuilt from the discard piles ({res_a} cards)")
    return events
