"""An engine's ``clone`` written from its ``clone_fields`` (``core/cloning.py``), on the toy
race engine of ``test_engine.py`` with a few more fields."""

from __future__ import annotations

import inspect

import pytest

from ninetynine.core.cloning import CloneFields
from ninetynine.core.engine import EngineState

from .test_engine import RaceGame, RaceState


class NotedRace(RaceState):
    __slots__ = ("marks", "note", "pile", "seen", "st")
    clone_fields = CloneFields(
        shared="total note", lists="pile", rows="marks", sets="seen", counters="st"
    )


def _noted(seed: int) -> NotedRace:
    s = NotedRace.new(RaceGame(), seed)
    s.note, s.pile, s.marks = ("a", "record"), [3, 1], [[1], [2, 2]]
    s.seen, s.st = [{1}, set()], {"plays": [0, 4]}
    return s


def test_the_clone_copies_each_field_as_deep_as_declared_and_plays_on_alone():
    s = _noted(4)
    s.apply_action(1)
    c = s.clone()
    assert type(c) is NotedRace and c.to_json() == s.to_json()
    assert c.rng is not s.rng and c.rng.getstate() == s.rng.getstate()
    assert c.note is s.note  # shared
    assert c.pile == s.pile and c.pile is not s.pile
    assert c.marks == s.marks and all(a is not b for a, b in zip(c.marks, s.marks, strict=True))
    assert c.seen == s.seen and c.seen[0] is not s.seen[0]
    assert c.st == s.st and c.st["plays"] is not s.st["plays"]
    c.apply_action(0)
    c.pile.append(9)
    c.marks[1].append(9)
    c.seen[1].add(9)
    c.st["plays"][0] += 1
    assert s.total == 2 and s.hist == [1] and s.pile == [3, 1] and s.marks == [[1], [2, 2]]
    assert s.seen == [{1}, set()] and s.st == {"plays": [0, 4]}


def test_the_clone_is_the_declared_source_and_inspect_shows_it():
    assert NotedRace.clone.__qualname__ == "NotedRace.clone"
    assert inspect.getsource(NotedRace.clone) == NotedRace.clone_fields.source()


def test_a_slot_the_declaration_forgets_is_an_error_when_the_class_is_made():
    with pytest.raises(TypeError, match=r"does not say how to copy \['pile'\]"):

        class _Forgot(RaceState):
            __slots__ = ("pile",)
            clone_fields = CloneFields(shared="total")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (CloneFields(shared="total", lists="total"), r"names \['total'\] twice"),
        (CloneFields(shared="total turns"), r"names \['turns'\] but is no slot"),
    ],
)
def test_a_field_named_twice_or_not_a_slot_is_an_error(fields: CloneFields, message: str):
    with pytest.raises(TypeError, match=message):
        fields.method_for(RaceState)


def test_an_engine_without_a_declaration_keeps_its_own_clone():
    assert RaceState.clone_fields is None
    assert inspect.getsource(RaceState.clone).lstrip().startswith("def clone(self) -> RaceState")
    assert EngineState.clone.__isabstractmethod__  # type: ignore[attr-defined]


def test_a_subclass_adding_a_slot_must_say_how_to_copy_it():
    """The inherited declaration is checked against the subclass's slots: a slot it adds
    without a ``clone_fields`` of its own is an error when the class is made (not a clone
    that silently lacks the field)."""
    with pytest.raises(TypeError, match=r"does not say how to copy \['extra'\]"):

        class _Extra(NotedRace):
            __slots__ = ("extra",)


def test_a_subclass_without_new_slots_clones_as_its_own_class():
    class Plain(NotedRace):
        __slots__ = ()

    s = Plain.new(RaceGame(), 4)
    s.note, s.pile, s.marks = ("a",), [3], [[1], [2]]
    s.seen, s.st = [set(), set()], {"plays": [0, 0]}
    c = s.clone()
    assert type(c) is Plain and c.to_json() == s.to_json() and c.pile is not s.pile
    assert Plain.clone.__qualname__.endswith("Plain.clone")
