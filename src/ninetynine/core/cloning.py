"""An engine's ``clone`` written from the list of what it copies, once per class, the way
:mod:`dataclasses` writes an ``__init__``: the engine declares its fields by how deep a clone
copies them (:class:`CloneFields`), and :meth:`CloneFields.method_for` builds the method as
source text and compiles it when the class is made (``EngineState.__init_subclass__``). The
result is the plain field-by-field copy a hand-written ``clone`` would be (``clone`` is on
every search bot's path), and a field that the list forgets is an error when the class is
made, not a state that breaks later.

>>> from ninetynine.core.cloning import CloneFields
>>> print(CloneFields(shared="turn player", lists="draw", rows="hands").source(), end="")
def clone(self):
    s = self._clone_base()
    s.turn = self.turn
    s.player = self.player
    s.draw = self.draw[:]
    s.hands = [r[:] for r in self.hands]
    return s
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from typing import Any

#: How a clone copies a field of each kind (``{f}``: the field's name).
COPIES = {
    "shared": "self.{f}",
    "lists": "self.{f}[:]",
    "rows": "[r[:] for r in self.{f}]",
    "rows_or_none": "None if self.{f} is None else [r[:] for r in self.{f}]",
    "sets": "[set(r) for r in self.{f}]",
    "counters": "{{k: v[:] for k, v in self.{f}.items()}}",
}

#: The fields ``_clone_base`` (``EngineState``) sets before the listed ones.
BASE_FIELDS = frozenset({"game", "seed", "rng", "hist", "winner_", "_legal"})


@dataclass(frozen=True)
class CloneFields:
    """An engine state's fields beyond :data:`BASE_FIELDS`, by what its ``clone`` does with
    each, as names separated by spaces (as :func:`collections.namedtuple` takes them): every
    slot of the class is named exactly once."""

    #: The value itself: numbers, strings, and records that are never changed in place.
    shared: str = ""
    #: A list, copied (``x[:]``).
    lists: str = ""
    #: A list of lists, each copied (a hand per seat).
    rows: str = ""
    #: As ``rows``, or ``None``.
    rows_or_none: str = ""
    #: A list of sets, each copied.
    sets: str = ""
    #: A dict of lists, each copied (the per-seat counters ``st``).
    counters: str = ""

    def _by_kind(self) -> Iterator[tuple[str, str]]:
        for kind in fields(self):
            for name in getattr(self, kind.name).split():
                yield kind.name, name

    def source(self) -> str:
        """The text of the ``clone`` function: ``_clone_base()``, then one line a field."""
        body = [f"    s.{name} = {COPIES[kind].format(f=name)}\n" for kind, name in self._by_kind()]
        return "".join(
            ["def clone(self):\n", "    s = self._clone_base()\n", *body, "    return s\n"]
        )

    def method_for(self, cls: type) -> Callable[[Any], Any]:
        """``cls.clone``, compiled from :meth:`source` (``inspect.getsource`` shows it).

        :raises TypeError: a field named twice or not a slot of ``cls``, or a slot of
            ``cls`` (beyond :data:`BASE_FIELDS`) named nowhere.
        """
        slots = {s for c in cls.__mro__ for s in c.__dict__.get("__slots__", ())}
        named = [name for _, name in self._by_kind()]
        twice = sorted({n for n in named if named.count(n) > 1})
        unknown = sorted(set(named) - slots)
        missing = sorted(slots - BASE_FIELDS - set(named))
        for what, names in (("twice", twice), ("but is no slot", unknown)):
            if names:
                raise TypeError(f"{cls.__qualname__}.clone_fields names {names} {what}")
        if missing:
            raise TypeError(f"{cls.__qualname__}.clone_fields does not say how to copy {missing}")
        filename = f"<clone of {cls.__module__}.{cls.__qualname__}>"
        text = self.source()
        namespace: dict[str, Any] = {}
        exec(compile(text, filename, "exec"), {}, namespace)  # our own text (source())
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        method: Callable[[Any], Any] = namespace["clone"]
        method.__qualname__ = f"{cls.__qualname__}.clone"
        method.__module__ = cls.__module__
        method.__doc__ = (
            "A copy that plays on independently: the fields of ``clone_fields``, each copied "
            "as deep as it says."
        )
        return method


__all__ = ["BASE_FIELDS", "COPIES", "CloneFields"]
