"""What a graphical table needs to draw a 99 Heroes observation (``Game.drawing_facts``).

Pure, built from the observation, the roster (the hero files) and the action layout alone, so
it tells a seat nothing its observation does not:

- ``heroes``: the card text of every hero the seat may see (``render.hero_lines`` in parts:
  name, role, Unique Ability, skills with their triggers); while heroes are being placed, the
  whole roster (the choice), else the heroes on the table and in resolved lanes;
- ``room``: per seat and lane ``[active cards, capacity]`` of a hero on the table;
- ``hand``: per card of the seat's hand its Strength value and the skills it would trigger
  on each of its heroes that can still take a card (``[[lane, [skill index, ...]], ...]``);
- ``pending``: what is being decided, in words (``render.pending_text``) with the seats
  written ``{0}``, ``{1}`` ... for the client to name;
- ``moves``: per legal action (id as text) what it is: ``{kind, hero, lane, card, seat, pos,
  k}`` as the action layout decodes it (0-based; ``order``: the hero whose ability it puts
  first), so a client maps a click on a hero, a lane or
  a card to the legal action that does it and never builds one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import NUM_CARDS, RANK, SUIT, strength_value
from .render import _ObsBoard, pending_text
from .roster import Hero
from .rules import capacity


def hero_facts(hero: Hero) -> dict[str, Any]:
    """A hero card's text: ``{id, name, role, ability_name, ability, skills: [{label, name,
    text}], any_skill}``."""
    return {
        "id": hero.id,
        "name": hero.name,
        "role": hero.role,
        "ability_name": hero.ability_name,
        "ability": hero.ability(),
        "skills": [{"label": s.label, "name": s.name, "text": s.text()} for s in hero.skills],
        "any_skill": bool(hero.rule("any_skill")),
    }


def _move(
    kind: str, x: Sequence[int], obs: Mapping[str, Any], ids: Sequence[str]
) -> dict[str, Any]:
    if kind == "pick":
        return {"kind": kind, "hero": ids[x[0]], "lane": x[1]}
    if kind == "play":
        return {"kind": kind, "card": x[0], "lane": x[1]}
    if kind == "order":  # which hero's ability would resolve first
        items = (obs.get("pending") or {}).get("items") or []
        hero = ids[items[x[0]][1]] if x[0] < len(items) else None
        return {"kind": kind, "k": x[0], "hero": hero}
    if kind == "skill":
        return {"kind": kind, "k": x[0]}
    if kind == "lane":
        return {"kind": kind, "lane": x[0]}
    if kind == "slot":
        return {"kind": kind, "seat": x[0], "lane": x[1]}
    if kind == "card":
        return {"kind": kind, "card": x[0]}
    if kind == "active":
        seat, lane, pos = x
        cards = obs["active"][seat][lane]
        card = cards[pos] % NUM_CARDS if pos < len(cards) else None
        return {"kind": kind, "seat": seat, "lane": lane, "pos": pos, "card": card}
    return {"kind": kind}


def drawing_facts(
    game: Any, obs: Mapping[str, Any], legal_actions: Sequence[int]
) -> dict[str, Any]:
    """``{heroes, room, hand, pending, moves}`` (see the module docstring)."""
    roster = game.roster
    n, lanes = obs["num_players"], obs["lanes"]
    me = obs.get("player")
    seen: list[str] = []
    if obs["phase"] == "pick":
        seen = list(roster.ids)
    else:
        for row in obs["heroes"]:
            seen += [h for h in row if h]
        for res in obs["lane_result"]:
            if res is not None:
                seen += [h for h in res["heroes"] if h]
    heroes = {h: hero_facts(roster.heroes[roster.index(h)]) for h in dict.fromkeys(seen)}
    board = _ObsBoard(dict(obs), game)
    room = [
        [
            [len(obs["active"][q][ln]), capacity(board, q, ln)] if obs["heroes"][q][ln] else None
            for ln in range(lanes)
        ]
        for q in range(n)
    ]
    hand = []
    for c in obs.get("hand") or []:
        triggers = []
        if obs["phase"] == "play" and me is not None:
            for ln in range(lanes):
                hid = obs["heroes"][me][ln]
                if not hid or room[me][ln][0] >= room[me][ln][1]:  # a full hero takes no card
                    continue
                hero = roster.heroes[roster.index(hid)]
                every = bool(hero.rule("any_skill"))
                ks = [k for k, s in enumerate(hero.skills) if every or s.matches(SUIT[c], RANK[c])]
                if ks:
                    triggers.append([ln, ks])
        hand.append({"card": c, "value": strength_value(c, game.ace), "triggers": triggers})
    layout = game.layout
    moves = {}
    for a in legal_actions:
        kind, x = layout.decode(a)
        moves[str(a)] = _move(kind, x, obs, roster.ids)
    pending = pending_text(dict(obs), [f"{{{q}}}" for q in range(n)], game)
    return {"heroes": heroes, "room": room, "hand": hand, "pending": pending, "moves": moves}


__all__ = ["drawing_facts", "hero_facts"]
