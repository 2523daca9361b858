"""The records a 99 Heroes turn is made of: tasks, effect progress, pending decisions.

A turn (99 Heroes rulebook § Gameplay) is a queue of *tasks* run in order until one needs a
decision; the decision waits as the state's *pending* record and its action resumes the queue.
Every record here is small and typed, with a ``kind`` that says which it is:

| task | JSON | what it does (``turn.py``, ``interpreter.py``) |
| --- | --- | --- |
| :class:`Step` | ``["upkeep"]`` ... | a fixed step: upkeep, draw, play, end, finish |
| :class:`SkillStep` | ``["skill", lane, card]`` | may activate a skill matching the card played |
| :class:`Triggers` | ``["triggers", [[seat, hero, i], ...], when]`` | abilities to resolve |
| :class:`Fx` | ``["fx", list, pos, owner, hero, progress]`` | one effect of an effect list |

| pending ``kind`` | context | the decision |
| --- | --- | --- |
| ``pick`` | | place a hero face-down (``§ Setup``) |
| ``play`` | | play a card (``§ Playing Cards``) |
| ``skill`` | ``lane``, ``skills`` | activate a matching skill or pass (``§ Activating Skills``)|
| ``use`` | ``item``, ``when`` | use an optional ability or decline it |
| ``bonus`` | | take the Bonus Turn or pass (``§ Bonus Turn``) |
| ``order`` | ``items``, ``when`` | which ability resolves first (``§ Timing``) |
| ``choose`` | ``step``, ``task`` | a choice inside an effect (:data:`ChoiceStep`) |

Tasks are immutable tuples (a clone shares them) except the :data:`Progress` of an
:class:`Fx`, which records the choices already made inside the effect. All of them are
public: the observation carries them as JSON (:func:`task_to_json`, :func:`pending_to_json`)
and :func:`task_from_json` / :func:`pending_from_json` read them back.

The effect words themselves (``bolster``, ``discard``, ``shift`` ...) are :data:`Verb`; what
each one does is ``interpreter.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple, TypedDict, cast, get_args

from ninetynine.core import fields as F

#: The phases of a game (``HeroesState.phase``): heroes being placed, turns, over.
PICK, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("pick", "play", "over")
#: Kinds of secret move (``HeroesState.secret``): a hero placed face-down, a card chosen for
#: a Clash, a card bolstered from the hand (H3, H12, H16).
SECRET_PICK, SECRET_CLASH, SECRET_BOLSTER = 0, 1, 2
#: ``ended_by``: a player (``end_seat``) could not draw / could not play (H6).
NO_DRAW, NO_PLAY = "no_draw", "no_play"

#: The effect words of a hero file (99 Heroes rulebook § Other Effects, plus ``draw``).
Verb = Literal[
    "bolster", "bolster_hand", "draw", "discard", "shift", "swap", "clash", "resolve", "bonus_turn"
]
#: When a Unique Ability triggers: at its owner's upkeep, at the end of its owner's turn, when
#: an enemy plays a card on a hero in its lane.
When = Literal["upkeep", "end", "enemy_play"]
#: The fixed steps of a turn (``§ Gameplay``), ``finish`` offering the Bonus Turn.
StepName = Literal["upkeep", "draw", "play", "end", "finish"]
#: The choices an effect may ask for, each one decision.
ChoiceStep = Literal[
    "bolster",
    "bolster_target",
    "bolster_hand",
    "discard_hand",
    "discard_enemy",
    "discard_active",
    "discard_bolster",
    "shift_from",
    "shift_to",
    "swap_a",
    "swap_b",
    "clash",
    "resolve_lane",
]

#: Each :data:`ChoiceStep` in words ("``seat 1`` chooses ..."), in a fixed order (the tensor's
#: one-hot order).
STEP_WORDS: dict[ChoiceStep, str] = {
    "bolster": "a hero to bolster",
    "bolster_target": "a hero to bolster from your hand",
    "bolster_hand": "a card of your hand to bolster",
    "discard_hand": "a card of your hand to discard",
    "discard_enemy": "a card of your hand to discard",
    "discard_active": "an active card to discard",
    "discard_bolster": "a hero whose bolster is discarded",
    "shift_from": "an active card to shift",
    "shift_to": "the hero it shifts to",
    "swap_a": "the first hero to swap",
    "swap_b": "the hero it swaps with",
    "clash": "a card of your hand for the Clash",
    "resolve_lane": "a lane to resolve",
}


# ----------------------------------------------------------------------------- tasks
class Step(NamedTuple):
    """A fixed step of the turn (``§ Gameplay``): ``upkeep`` and ``end`` gather the abilities
    that trigger then, ``draw`` draws, ``play`` asks for a card, ``finish`` offers the Bonus
    Turn or passes the turn on."""

    kind: StepName


class SkillStep(NamedTuple):
    """After ``card`` was played on the hero in ``lane``: a matching skill may be activated
    (``§ Activating Skills``)."""

    kind: Literal["skill"]
    lane: int
    card: int


class TriggerRef(NamedTuple):
    """Trigger ``trigger`` of hero ``hero`` (roster index) of seat ``seat``."""

    seat: int
    hero: int
    trigger: int


class Triggers(NamedTuple):
    """Abilities that trigger together ``when``: one runs at once, several are ordered by the
    turn player (``§ Timing``, H18)."""

    kind: Literal["triggers"]
    items: tuple[TriggerRef, ...]
    when: When


class Progress(TypedDict, total=False):
    """The choices an effect has made so far (a key is absent until it is known):
    ``target`` ``[seat, lane]`` the hero bolstered, ``left`` cards still to bolster or discard
    (``-1``: not counted yet), ``who`` the opponents still to discard, ``source``
    ``[seat, lane, position]`` the active card being shifted, ``a`` ``[seat, lane]`` the first
    hero of a swap."""

    target: list[int]
    left: int
    who: list[int]
    source: list[int]
    a: list[int]


class Fx(NamedTuple):
    """Effect ``pos`` of effect list ``lid`` (``game.lists``) of seat ``owner``'s hero
    ``hero``, with its :class:`Progress`."""

    kind: Literal["fx"]
    lid: int
    pos: int
    owner: int
    hero: int
    progress: Progress


Task = Step | SkillStep | Triggers | Fx

#: A turn's queue when it begins (``§ Gameplay``).
TURN_STEPS = (Step("upkeep"), Step("draw"), Step("play"), Step("end"), Step("finish"))


def copy_task(t: Task) -> Task:
    """An independent copy: the task itself, or an :class:`Fx` with its own progress."""
    return copy_fx(t) if t.kind == "fx" else t


def copy_fx(t: Fx) -> Fx:
    """An :class:`Fx` with its own copy of the progress."""
    return Fx("fx", t.lid, t.pos, t.owner, t.hero, _copy_progress(t.progress))


def _copy_progress(d: Mapping[str, Any]) -> Progress:
    return cast(Progress, {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()})


# ----------------------------------------------------------------------------- decisions
class PickPending(TypedDict):
    kind: Literal["pick"]
    seat: int


class PlayPending(TypedDict):
    kind: Literal["play"]
    seat: int


class SkillPending(TypedDict):
    kind: Literal["skill"]
    seat: int
    lane: int
    skills: tuple[int, ...]


class UsePending(TypedDict):
    kind: Literal["use"]
    seat: int
    item: TriggerRef
    when: When


class BonusPending(TypedDict):
    kind: Literal["bonus"]
    seat: int


class OrderPending(TypedDict):
    kind: Literal["order"]
    seat: int
    items: tuple[TriggerRef, ...]
    when: When


class ChoosePending(TypedDict):
    kind: Literal["choose"]
    seat: int
    step: ChoiceStep
    task: Fx


#: The decision a state waits for; ``seat`` decides.
Pending = (
    PickPending
    | PlayPending
    | SkillPending
    | UsePending
    | BonusPending
    | OrderPending
    | ChoosePending
)


def copy_pending(p: Pending | None) -> Pending | None:
    """An independent copy (a ``choose`` decision's effect progress is copied too)."""
    if p is None:
        return None
    if p["kind"] == "choose":
        return {"kind": "choose", "seat": p["seat"], "step": p["step"], "task": copy_fx(p["task"])}
    return p.copy()


class Clash(TypedDict):
    """A Clash waiting for its cards (``§ Clash``): started by ``actor``, chosen in the order
    of ``seats``; ``cards[seat]`` is the card chosen, ``None`` not yet, ``-1`` none to
    choose (an empty hand)."""

    actor: int
    seats: list[int]
    cards: list[int | None]


class LaneResult(TypedDict):
    """A resolved lane's tally (``§ Resolve a Lane``), per seat: ``points``, ``strength`` and
    the ``heroes`` (ids; ``None``: the seat had none there)."""

    points: list[int]
    strength: list[int]
    heroes: list[str | None]


def copy_clash(c: Mapping[str, Any] | None) -> Clash | None:
    """A copy of a :class:`Clash` (or of its JSON)."""
    if c is None:
        return None
    cards = [None if x is None else int(x) for x in c["cards"]]
    return Clash(actor=int(c["actor"]), seats=[int(r) for r in c["seats"]], cards=cards)


def copy_result(r: Mapping[str, Any] | None) -> LaneResult | None:
    """A copy of a :class:`LaneResult` (or of its JSON)."""
    if r is None:
        return None
    return LaneResult(
        points=F.whole_numbers(r["points"], "lane_result points"),
        strength=F.whole_numbers(r["strength"], "lane_result strength"),
        heroes=[None if h is None else F.text(h, "lane_result hero") for h in r["heroes"]],
    )


# ----------------------------------------------------------------------------- JSON
def task_to_json(t: Task) -> list[Any]:
    """A task as the JSON list the observation shows (the module docstring's table)."""
    if t.kind == "fx":
        return ["fx", t.lid, t.pos, t.owner, t.hero, _copy_progress(t.progress)]
    if t.kind == "triggers":
        return ["triggers", [list(x) for x in t.items], t.when]
    return list(t)


def _literal(value: Any, kind: Any, what: str) -> Any:
    if value not in get_args(kind):
        raise ValueError(f"{what} {value!r} is not one of {', '.join(get_args(kind))}")
    return value


def _ref(x: Any) -> TriggerRef:
    q, h, i = x
    return TriggerRef(int(q), int(h), int(i))


def _progress(d: Any) -> Progress:
    if not isinstance(d, dict):
        raise ValueError(f"an effect's progress is not an object: {d!r}")
    out: dict[str, Any] = {}
    for k, v in d.items():
        if k == "left":
            out[k] = int(v)
        elif k in Progress.__annotations__:
            out[k] = [int(x) for x in v]
        else:
            raise ValueError(f"an effect's progress has no field {k!r}")
    return cast(Progress, out)


def task_from_json(x: Any) -> Task:
    """The task a :func:`task_to_json` list stands for.

    :raises ValueError: not a task (``TypeError``, ``IndexError``: a malformed one)."""
    kind = x[0]
    if kind == "fx":
        _, lid, idx, q, h, data = x
        return Fx("fx", int(lid), int(idx), int(q), int(h), _progress(data))
    if kind == "triggers":
        _, items, when = x
        return Triggers("triggers", tuple(_ref(i) for i in items), _literal(when, When, "when"))
    if kind == "skill":
        _, ln, c = x
        return SkillStep("skill", int(ln), int(c))
    if len(x) != 1:
        raise ValueError(f"not a task: {x!r}")
    return Step(_literal(kind, StepName, "task"))


def pending_to_json(p: Pending | None) -> dict[str, Any] | None:
    """A decision as the JSON object the observation shows."""
    if p is None:
        return None
    out: dict[str, Any] = dict(p)
    if p["kind"] == "choose":
        out["task"] = task_to_json(p["task"])
    elif p["kind"] == "order":
        out["items"] = [list(x) for x in p["items"]]
    elif p["kind"] == "use":
        out["item"] = list(p["item"])
    elif p["kind"] == "skill":
        out["skills"] = list(p["skills"])
    return out


def pending_from_json(d: Any) -> Pending | None:
    """The decision a :func:`pending_to_json` object stands for.

    :raises ValueError: not a decision (``KeyError``, ``TypeError``: a malformed one)."""
    if d is None:
        return None
    kind, seat = d["kind"], d["seat"]
    if seat.__class__ is not int:
        raise ValueError(f"pending seat must be a whole number, not {seat!r}")
    if kind == "pick":
        return {"kind": "pick", "seat": seat}
    if kind == "play":
        return {"kind": "play", "seat": seat}
    if kind == "bonus":
        return {"kind": "bonus", "seat": seat}
    if kind == "skill":
        skills = tuple(int(k) for k in d["skills"])
        return {"kind": "skill", "seat": seat, "lane": int(d["lane"]), "skills": skills}
    if kind == "use":
        when = _literal(d["when"], When, "when")
        return {"kind": "use", "seat": seat, "item": _ref(d["item"]), "when": when}
    if kind == "order":
        items = tuple(_ref(i) for i in d["items"])
        when = _literal(d["when"], When, "when")
        return {"kind": "order", "seat": seat, "items": items, "when": when}
    if kind == "choose":
        task = task_from_json(d["task"])
        if task.kind != "fx":
            raise ValueError(f"a choice inside {task!r}, not inside an effect")
        step = _literal(d["step"], ChoiceStep, "step")
        return {"kind": "choose", "seat": seat, "step": step, "task": task}
    raise ValueError(f"no decision of kind {kind!r}")


__all__ = [
    "NO_DRAW",
    "NO_PLAY",
    "OVER",
    "PHASE_NAMES",
    "PICK",
    "PLAY",
    "SECRET_BOLSTER",
    "SECRET_CLASH",
    "SECRET_PICK",
    "STEP_WORDS",
    "TURN_STEPS",
    "BonusPending",
    "ChoiceStep",
    "ChoosePending",
    "Clash",
    "Fx",
    "LaneResult",
    "OrderPending",
    "Pending",
    "PickPending",
    "PlayPending",
    "Progress",
    "SkillPending",
    "SkillStep",
    "Step",
    "StepName",
    "Task",
    "TriggerRef",
    "Triggers",
    "UsePending",
    "Verb",
    "When",
    "copy_clash",
    "copy_fx",
    "copy_pending",
    "copy_result",
    "copy_task",
    "pending_from_json",
    "pending_to_json",
    "task_from_json",
    "task_to_json",
]
