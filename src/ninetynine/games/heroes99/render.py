"""Drawing a 99 Heroes observation as text (pure functions, no I/O).

``render_text(obs, game=game)`` gives plain text (logs, snapshots, ``render_mode="ansi"``);
``markup=True`` gives Rich console markup (red hearts and diamonds, bold heroes, the lane
leader in green). Only the observation is read, so a drawing never shows more than the seat
may see. ``hero_card(hero)`` prints one hero as a card (``ninetynine heroes show``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ninetynine.core.text import pad, seat_labels, styled

from .cards import NUM_CARDS, RANK, SUIT, SUIT_SYMBOLS, format_card, strength_value
from .events import result_text
from .roster import Hero, Roster

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")


def card_markup(c: int, markup: bool = True) -> str:
    """A card as ``7H`` (``7♥`` in red with markup)."""
    if not markup:
        return format_card(c)
    text = format_card(c)[:-1] + SUIT_SYMBOLS[SUIT[c]]
    return f"[{SUIT_STYLES[SUIT[c]]}]{text}[/]"


def skill_label(hero: Hero, k: int) -> str:
    sk = hero.skills[k]
    return SUIT_SYMBOLS[sk.suit] if sk.suit is not None else sk.label


def esc(text: str, markup: bool) -> str:
    """``text`` safe inside Rich markup (``[`` escaped) when ``markup``."""
    return text.replace("[", "\\[") if markup else text


def hero_lines(hero: Hero, markup: bool = False, indent: str = "  ") -> list[str]:
    """The hero's Unique Ability and skills, one line each."""
    b = (lambda s: f"[bold]{s}[/]") if markup else (lambda s: s)
    out = [f"{indent}{b('UA ' + esc(hero.ability_name, markup))}: {esc(hero.ability(), markup)}"]
    for k, sk in enumerate(hero.skills):
        name = f" {sk.name}" if sk.name else ""
        out.append(esc(f"{indent}skill{k + 1} [{sk.label}]{name}: {sk.text()}", markup))
    return out


def hero_card(hero: Hero, markup: bool = False) -> str:
    """One hero as a card: name, role, flavour, Unique Ability, skills, file."""
    b = (lambda s: f"[bold]{s}[/]") if markup else (lambda s: s)
    d = (lambda s: f"[dim]{s}[/]") if markup else (lambda s: s)
    head = f"{b(esc(hero.name, markup))} ({hero.id})" + (
        f"  {d(esc(hero.role, markup))}" if hero.role else ""
    )
    lines = [head]
    if hero.flavor:
        lines.append(d(esc(f"  {hero.flavor}", markup)))
    lines += hero_lines(hero, markup)
    if hero.path:
        lines.append(d(esc(f"  file: {hero.path}", markup)))
    return "\n".join(lines)


def roster_summary(roster: Roster) -> str:
    """Markdown: one line per hero (id, name, Unique Ability, skill triggers)."""
    lines = ["## Heroes", ""]
    for h in roster.heroes:
        skills = ", ".join(f"{s.label}: {s.text().rstrip('.')}" for s in h.skills)
        lines.append(
            f"- **{h.name}** (`{h.id}`): *{h.ability_name}*: {h.ability()} Skills: {skills}."
        )
    return "\n".join(lines)


def pending_text(obs: dict[str, Any], names: list[str], game: Any, markup: bool = False) -> str:
    """What is being decided now, e.g. ``Seat 0 (you) chooses a hero to bolster (Bastion:
    Bolster 2 on one of your heroes)``. ``names`` are inserted as given; with ``markup`` the
    rest is escaped for Rich (a skill's ``[diamonds]`` is text, not a style tag)."""
    p = obs["pending"]
    if p is None:
        return ""
    who = names[p["seat"]]
    kind = p["kind"]
    roster = game.roster
    if kind == "pick":
        made = obs["picks_made"][p["seat"]]
        return f"{who} places a hero face-down ({made} of {obs['lanes']} placed)"
    if kind == "play":
        return f"{who} plays a card on a hero"
    if kind == "skill":
        hero = roster.heroes[roster.index(obs["heroes"][p["seat"]][p["lane"]])]
        opts = ", ".join(f"skill{k + 1} [{hero.skills[k].label}]" for k in p["skills"])
        return f"{who} " + esc(f"may activate a skill of {hero.name}: {opts}, or pass", markup)
    if kind == "use":
        hero = roster.heroes[p["item"][1]]
        return f"{who} " + esc(f"may use {hero.name}'s {hero.ability_name} (use / pass)", markup)
    if kind == "bonus":
        return f"{who} may take the Bonus Turn (bonus / pass)"
    if kind == "order":
        items = "; ".join(
            f"order{k + 1}: {roster.heroes[it[1]].name}" for k, it in enumerate(p["items"])
        )
        return f"{who} orders the abilities that trigger now ({esc(items, markup)})"
    from .effects import STEP_WORDS as _STEP_WORDS

    task = p["task"]
    hero = roster.heroes[task[4]]
    eff = game.lists[task[1]][task[2]]
    return f"{who} chooses {_STEP_WORDS[p['step']]} " + esc(f"({hero.name}: {eff.text()})", markup)


def render_text(
    obs: dict[str, Any], markup: bool = False, names: Sequence[str] | None = None, game: Any = None
) -> str:
    """The table as seen in ``obs``: each lane with every seat's hero, Strength, active cards
    and bolsters, the lane's points; the seats (points, hand, deck, discard pile); what is
    being decided; the observing seat's hand (with the skills each card would trigger). The
    heroes in play come first, each card once with the places it stands (``s0L1``).

    ``names``: one label per seat (escape any ``[`` first with ``markup``). ``game``: the
    game (for the roster); required.
    """
    if game is None:
        from ninetynine.core.registry import load_game

        game = load_game("heroes99", num_players=obs["num_players"])
    roster: Roster = game.roster
    n, L = obs["num_players"], obs["lanes"]
    me = obs.get("player")
    names = seat_labels(obs, names)
    width = max(len(x) for x in names)

    b, dim, green = styled("bold", markup), styled("dim", markup), styled("bold green", markup)

    # -- status --------------------------------------------------------------------------
    if obs["phase"] == "over":
        w = obs["winner"]
        why = {"no_draw": "could not draw", "no_play": "could not play"}.get(obs["ended_by"], "")
        status = f"game over ({names[obs['end_seat']]} {why}): " + result_text(
            obs, obs["points"], w, names, game
        )
    elif obs["phase"] == "pick":
        status = "placing heroes face-down"
    else:
        tp = obs["turn_player"]
        status = ("Your turn" if tp == me else f"{names[tp]}'s turn") + (
            " (bonus turn)" if obs["bonus_turn"] else ""
        )
    # Turns are numbered from 1, as in every game; the placement before them has none.
    turn = "" if obs["phase"] == "pick" else f"  turn {obs['turn']}"
    lines = [f"{b('99 HEROES')}{turn}   {status}", ""]

    # -- heroes in play: first, so the lanes and the hand stay next to the prompt; each
    # hero's card once, with the places it stands
    if obs["phase"] != "pick":
        places: dict[str, list[str]] = {}
        for q in range(n):
            for ln in range(L):
                hid = obs["heroes"][q][ln]
                if hid:
                    places.setdefault(hid, []).append(f"s{q}L{ln + 1}")
        if places:
            lines.append(b("Heroes in play"))
            for hid, where in places.items():
                card = roster.heroes[roster.index(hid)]
                lines.append(f"  {b(card.name)} ({', '.join(where)})")
                lines += hero_lines(card, markup, indent="      ")
            lines.append("")

    # -- the lanes -----------------------------------------------------------------------
    if obs["phase"] == "pick":
        mine = obs.get("my_heroes")
        for q in range(n):
            made = obs["picks_made"][q]
            row = f"  {names[q]:<{width}}  {made} of {L} heroes placed"
            if q == me and mine is not None:
                placed = ", ".join(
                    f"lane {ln + 1}: {roster.heroes[roster.index(h)].name}"
                    for ln, h in enumerate(mine)
                    if h
                )
                row += f"  ({placed})" if placed else ""
            lines.append(row)
        lines.append("")
        lines.append(b("Heroes") + dim("  (place one with its id and a lane, e.g. bastion@1)"))
        for h in roster.heroes:
            taken = mine is not None and h.id in mine
            text = esc(f"  {h.id:<14} {h.ability_name}: {h.ability()}", markup)
            lines.append(dim(text) if taken else text)
            skills = "  ".join(f"[{s.label}] {s.text()}" for s in h.skills)
            lines.append(dim(esc(f"  {'':<14} {skills}", markup)))
    else:
        for ln in range(L):
            res = obs["lane_result"][ln]
            pts = obs["lane_points"][ln]
            if res is not None:
                tally = ", ".join(
                    f"{names[q]} {_hero_name(roster, res['heroes'][q])} {res['strength'][q]} "
                    f"({pts[q]} pt)"
                    for q in range(n)
                )
                lines.append(b(f"LANE {ln + 1}") + dim(f"  resolved: {tally}"))
                continue
            lines.append(b(f"LANE {ln + 1}"))
            best = max(pts)
            for q in range(n):
                hid = obs["heroes"][q][ln]
                hero = roster.heroes[roster.index(hid)] if hid else None
                hname = hero.name if hero else "-"
                st = obs["strength"][q][ln]
                cards = obs["active"][q][ln]
                shown = " ".join(
                    card_markup(code % NUM_CARDS, markup) + ("'" if code // NUM_CARDS != q else "")
                    for code in cards
                )
                plain = " ".join(
                    format_card(code % NUM_CARDS) + ("'" if code // NUM_CARDS != q else "")
                    for code in cards
                )
                nb = len(obs["bolsters"][q][ln])
                cap = _capacity_note(obs, game, q, ln)
                marker = ">" if q == obs["current_player"] else " "
                label = f"s{q}L{ln + 1}"
                score = f"{pts[q]} pt" if pts[q] else ""
                score_shown = green(score) if pts[q] and pts[q] == best else score
                row = (
                    f"{marker} {label} {pad(names[q], b(names[q]) if q == me else names[q], width)}"
                    "  "
                    f"{hname:<13} {st:>3}  {pad(plain, shown, 16)}"
                    f"{bolster_note(nb):<12}{cap:<5}{score_shown}"
                )
                lines.append(row.rstrip())
        lines.append("")
        # -- the seats -------------------------------------------------------------------
        lines.append(dim(f"  {'Seat':<{width}}  Points  Hand  Deck  Discard pile"))
        for q in range(n):
            pile = obs["discards"][q]
            top = " ".join(card_markup(c, markup) for c in pile[-4:])
            more = "… " if len(pile) > 4 else ""
            win = "  " + b("WINNER") if obs["winner"] == q else ""
            lines.append(
                f"  {pad(names[q], b(names[q]) if q == me else names[q], width)}  "
                f"{obs['points'][q]:>6}  {obs['hand_sizes'][q]:>4}  {obs['deck_sizes'][q]:>4}  "
                f"{more}{top}{win}".rstrip()
            )
    text = pending_text(obs, names, game, markup)
    if obs["clash"] is not None:
        cl = obs["clash"]
        chosen = ", ".join(names[r] for r in cl["chosen"]) or "nobody yet"
        lines += ["", f"  CLASH by {names[cl['actor']]}: chosen so far: {chosen}"]
    if text and obs["phase"] != "over":
        lines += ["", "  " + text]

    # -- the hand ------------------------------------------------------------------------
    if me is not None and "hand" in obs:
        lines.append("")
        hand = obs["hand"]
        note = "  " + dim("(the skills each card would trigger)") if obs["phase"] == "play" else ""
        lines.append(b("Your hand") + note)
        if not hand:
            lines.append("  (empty)")
        for c in hand:
            lines.append(
                f"  {pad(format_card(c), card_markup(c, markup), 4)} "
                f"{_card_note(obs, game, me, c)}".rstrip()
            )
        if obs.get("my_bolsters"):
            mine_b = ", ".join(
                f"{format_card(c)} on s{q}L{ln + 1}" for q, ln, _, c in obs["my_bolsters"]
            )
            lines.append(dim(f"  your bolsters from hand: {mine_b}"))
        if obs.get("my_clash") is not None:
            lines.append(f"  your Clash card: {card_markup(obs['my_clash'], markup)}")

    return "\n".join(lines)


def bolster_note(k: int) -> str:
    """``+2 bolsters`` (empty for none)."""
    return f"+{k} bolster{'s' if k != 1 else ''}" if k else ""


def _hero_name(roster: Roster, hid: str | None) -> str:
    return roster.heroes[roster.index(hid)].name if hid else "-"


def _capacity_note(obs: dict[str, Any], game: Any, q: int, ln: int) -> str:
    """``2/3``: active cards over the room a play needs, ``full`` when no card fits."""
    from .rules import capacity

    board = _ObsBoard(obs, game)
    if board.heroes[q][ln] < 0:
        return ""
    cap = capacity(board, q, ln)
    k = len(obs["active"][q][ln])
    return f"{k}/{cap}"


def _card_note(obs: dict[str, Any], game: Any, me: int, c: int) -> str:
    """``>1 Regent skill1; >3 Warden skill2`` style note: where ``c`` triggers a skill, on the
    heroes a card can still be played on (a full hero takes none, § Playing Cards)."""
    from .rules import can_play_on

    if obs["phase"] != "play":
        return f"({strength_value(c, game.ace)})"
    roster = game.roster
    board = _ObsBoard(obs, game)
    parts = []
    for ln in range(obs["lanes"]):
        hid = obs["heroes"][me][ln]
        if not hid or not can_play_on(board, me, ln):
            continue
        hero = roster.heroes[roster.index(hid)]
        every = bool(dict(hero.rules).get("any_skill"))
        ks = [k + 1 for k, s in enumerate(hero.skills) if every or s.matches(SUIT[c], RANK[c])]
        if ks:
            parts.append(f">{ln + 1} {hero.name} skill{'/'.join(map(str, ks))}")
    return "; ".join(parts)


class _ObsBoard:
    """The :class:`~.rules.Board` of an observation (heroes as roster indices)."""

    def __init__(self, obs: dict[str, Any], game: Any) -> None:
        ids = game.roster.ids
        self.heroes = [[ids.index(h) if h else -1 for h in row] for row in obs["heroes"]]
        self.active = obs["active"]
        self.bolsters = obs["bolsters"]
        self.rules = game.hero_rules
        self.ace = game.ace


__all__ = [
    "card_markup",
    "hero_card",
    "hero_lines",
    "pending_text",
    "render_text",
    "roster_summary",
]
