"""What draws, narrates and advises for a game: its :class:`Presentation`, apart from the rules.

:class:`~ninetynine.core.game.Game` and :class:`~ninetynine.core.game.State` are the rules
contract; everything that only *shows* a game (the text board, the lines under a move, the
hint, the facts a graphical table needs, the rules summary, the observation tensor an RL agent
reads, the browser drawing) sits in one object per game, a subclass of :class:`Presentation`.

The one convention: a game class names its presentation in its ``presentation`` class
attribute, as an entry point names an object (``"package.module:Class"``, imported the first
time a hook is used, so loading a game loads no drawing code) or as the class itself (a
one-module plug-in game). ``game.presentation`` is the instance for that game (made once per
game); the ``Game`` methods of the same names (``game.render_observation(...)``,
``game.hint(...)``, ...) forward to it, once, generically, so callers need not care. A hook a
game does not override keeps the default written here.

All hooks are pure (they return text or data, never print) and read an observation, never a
state, so they cannot leak what the seat may not see. The observation tensor hooks are the one
exception: :meth:`Presentation.observation_tensor_writer` reads the state for speed, and must
equal :meth:`Presentation.encode_observation` of the seat's observation (a test proves it per
game).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .game import Game, State
    from .tensor import TensorSlice

#: An observation dict, as ``state.observation(player)`` returns it.
Observation = Mapping[str, Any]
#: ``(state, player) -> observation tensor``: see :meth:`Presentation.observation_tensor_writer`.
TensorWriter = Callable[["State", "int | None"], "npt.NDArray[np.float32]"]


@dataclass(frozen=True)
class Transition:
    """One applied move as the narration sees it: the public observations
    (``observation(None)``) and ``scores()`` before and after it, the seat ``mover`` that made
    it, and ``names`` labelling the seats (index = seat)."""

    before: Observation
    after: Observation
    scores_before: Sequence[float]
    scores_after: Sequence[float]
    mover: int
    names: Sequence[str]


#: The hooks' modules a game package's ``presentation`` module finds beside it, by name.
SIBLING_MODULES = ("render", "events", "drawing", "tensor")


class Presentation:
    """A game's drawing, narration and advice (see the module docstring); ``self.game`` is the
    :class:`~ninetynine.core.game.Game` it presents. Every hook has a default that works for
    any game; a game overrides the ones it has more to say in.

    :cvar render_module, events_module, drawing_module, tensor_module: the game's modules
        that serve hooks (see below), by a convention of one signature each. A subclass
        defined in a package's ``presentation`` module that leaves one unset takes the
        package's module of that name (``render``, ``events``, ``drawing``, ``tensor``) when
        there is one, a ``.py`` file or a package with an ``__init__.py`` (a folder of assets
        by that name does not count) (:meth:`__init_subclass__`):
        ``games/ono99/presentation.py`` serves its board from ``games/ono99/render.py``
        without naming it. Set one to ``None`` to keep the hook's own code.
    :cvar web_drawing: the browser drawing of a game in another package: a JavaScript module
        (an ES module whose default export has ``render(root, view, ui)``, as the drawings in
        ``ninetynine/web/static/games/`` do), named by its path relative to the folder of the
        module that defines the presentation class. The web app serves that file, and the
        files beside it, at ``/games/<game id>/``. ``None``: the web app's own drawing of the
        game if it has one, else the generic table.
    """

    web_drawing: ClassVar[str | None] = None
    #: The module (``"package.module"``, imported at first use) of the game's observation
    #: tensor, whose functions ``layout(game)``, ``encode(game, observation)`` and
    #: ``writer(game)`` serve the three tensor hooks below; ``None``: the hooks' own code (by
    #: default, no tensor).
    tensor_module: ClassVar[str | None] = None
    #: The module (``"package.module"``, imported at first use) whose function
    #: ``render_text(observation, markup, names, game)`` draws the text board for
    #: :meth:`render_observation`; ``None``: the hook's own code (by default, the fields).
    render_module: ClassVar[str | None] = None
    #: The module whose ``describe_events(move, game)`` serves :meth:`describe_events`;
    #: ``None``: the hook's own code (by default, score changes).
    events_module: ClassVar[str | None] = None
    #: The module whose ``drawing_facts(game, observation, legal_actions)`` serves
    #: :meth:`drawing_facts`; ``None``: the hook's own code (by default, ``{}``).
    drawing_module: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Fill in the ``*_module`` attributes that ``cls`` leaves unset (neither in its body
        nor inherited) from its package by convention (see the class docstring)."""
        super().__init_subclass__(**kwargs)
        package, _, module = cls.__module__.rpartition(".")
        if module != "presentation" or not package:
            return
        for role in SIBLING_MODULES:
            attr = f"{role}_module"
            if attr not in cls.__dict__ and getattr(cls, attr) is None:
                sibling = f"{package}.{role}"
                spec = find_spec(sibling)
                # a folder without code (assets) is a namespace package: no origin
                if spec is not None and spec.origin not in (None, "namespace"):
                    setattr(cls, attr, sibling)

    def __init__(self, game: Game) -> None:
        self.game = game

    # -- text ------------------------------------------------------------------------------
    def render_observation(
        self, observation: Observation, markup: bool = False, names: Sequence[str] | None = None
    ) -> str:
        """Draw ``observation`` as text: ``render_text`` of :attr:`render_module`, or by
        default the fields, one a line.

        ``markup=True``: Rich console markup with colours (names are inserted as given, so
        escape any ``[`` in them first). ``names``: one label per seat (default ``Seat 0``,
        ``Seat 1``, ...; the observing seat is then marked ``(you)``).
        """
        if self.render_module is not None:
            text: str = import_module(self.render_module).render_text(
                dict(observation), markup=markup, names=names, game=self.game
            )
            return text
        return "\n".join(f"{k}: {v}" for k, v in observation.items())

    def describe_events(self, move: Transition) -> list[str]:
        """Plain-text lines saying what was notable about ``move``, shown by the terminal,
        the replay and the web log: ``describe_events(move, game)`` of :attr:`events_module`,
        or by default the score changes."""
        if self.events_module is not None:
            said: list[str] = import_module(self.events_module).describe_events(move, self.game)
            return said
        lines = []
        for i, (b, a) in enumerate(zip(move.scores_before, move.scores_after, strict=True)):
            if a != b:
                delta = a - b
                unit = "point" if abs(delta) == 1 else "points"
                lines.append(
                    f"{move.names[i]} {'+' if delta > 0 else '-'}{abs(delta):g} {unit}, now {a:g}"
                )
        return lines

    def hint(self, observation: Observation) -> str | None:
        """Advice for the observing seat, in the game's notation (e.g. the best discard
        sequence), or ``None``: the default, a game without hints."""
        return None

    def drawing_facts(
        self, observation: Observation, legal_actions: Sequence[int]
    ) -> dict[str, Any]:
        """What a graphical table needs to draw ``observation`` beyond the observation itself,
        JSON-able: what is printed on the components (a sheet's numbers, a hero card's text)
        and what each of ``legal_actions`` (the observing seat's legal moves, or none) does on
        the table. Built from the observation and the game's fixed data alone, so it tells
        nothing the observation does not: ``drawing_facts(game, observation, legal_actions)``
        of :attr:`drawing_module`, by default ``{}``."""
        if self.drawing_module is not None:
            module = import_module(self.drawing_module)
            facts: dict[str, Any] = module.drawing_facts(self.game, observation, legal_actions)
            return facts
        return {}

    def rules_summary(self) -> str:
        """Markdown summary of the rules, options and action layout, shown by ``ninetynine
        rules`` and the web rules page. The default: the docstring of the package the game
        class sits in (its spec), else its title."""
        name = type(self.game).__module__
        # a class defined in a package's own __init__ (a one-module plug-in) has that
        # package as its module
        own = sys.modules.get(name)
        if own is None or not hasattr(own, "__path__"):
            own = sys.modules.get(name.rpartition(".")[0])
        return (own.__doc__ if own and own.__doc__ else self.game.title).strip()

    # -- observation tensors (reinforcement learning; needs numpy) ---------------------------
    def observation_tensor_layout(self) -> list[TensorSlice]:
        """What each slice of :meth:`encode_observation`'s vector means, in order and without
        gaps (see :mod:`ninetynine.core.tensor`); it may depend on the player count.

        :raises NotImplementedError: the game has no observation tensor.
        """
        layout: list[TensorSlice] = self._tensor().layout(self.game)
        return layout

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        """``observation`` as a 1-D ``float32`` vector of ``game.observation_tensor_shape``,
        every value in ``[0, 1]``, laid out as :meth:`observation_tensor_layout` says. Built
        from the dict alone, so it holds nothing the seat may not know.

        :raises NotImplementedError: the game has no observation tensor.
        """
        vector: npt.NDArray[np.float32] = self._tensor().encode(self.game, observation)
        return vector

    def observation_tensor_writer(self) -> TensorWriter:
        """A function ``(state, player) -> tensor`` equal to
        ``encode_observation(state.observation(player))`` for every state of the game and
        every ``player`` (a seat or ``None``, already checked): what
        ``State.observation_tensor`` calls, built once per game. A game on the RL hot path
        returns a writer that reads the state directly and skips the observation dict (a test
        proves the two equal): ``writer(game)`` of :attr:`tensor_module` when it has one;
        otherwise the writer goes through the dict.

        :raises NotImplementedError: the game has no observation tensor.
        """
        module = self._tensor() if self.tensor_module else None
        if module is not None and hasattr(module, "writer"):
            write: TensorWriter = module.writer(self.game)
            return write
        encode = self.encode_observation
        return lambda state, player: encode(state.observation(player))

    def has_observation_tensor(self) -> bool:
        """Whether the game has an observation tensor (RL environments need it): a
        :attr:`tensor_module`, or its own :meth:`encode_observation`."""
        own = type(self).encode_observation is not Presentation.encode_observation
        return own or self.tensor_module is not None

    def has_hint(self) -> bool:
        """Whether the game gives hints (it defines its own :meth:`hint`)."""
        return type(self).hint is not Presentation.hint

    def is_to_act(self, observation: Observation) -> bool:
        """Whether ``observation`` is the view of the seat to act (not a spectator's, nor a
        waiting seat's): when a hint has something to say."""
        return observation.get("hand") is not None and observation.get(
            "current_player"
        ) == observation.get("player")

    @classmethod
    def web_drawing_file(cls) -> Path | None:
        """The file :attr:`web_drawing` names, or ``None`` (no drawing of its own, or the file
        is missing)."""
        module = sys.modules.get(cls.__module__)
        where = getattr(module, "__file__", None)
        if cls.web_drawing is None or where is None:
            return None
        path = Path(where).parent / cls.web_drawing
        return path if path.is_file() else None

    def _tensor(self) -> Any:
        """The :attr:`tensor_module`, imported.

        :raises NotImplementedError: there is none.
        """
        if self.tensor_module is None:
            raise NotImplementedError(self._no_tensor_message())
        return import_module(self.tensor_module)

    def _no_tensor_message(self) -> str:
        return (
            f"game {self.game.game_id!r} has no observation tensor: its presentation must "
            "name a tensor_module (as games/warp99/tensor.py is found beside its "
            "presentation.py) or define "
            "observation_tensor_layout() and encode_observation() before it can be used as an "
            "RL environment"
        )


def presentation_class(spec: type[Presentation] | str | None) -> type[Presentation]:
    """The class a game's ``presentation`` attribute names: the class itself, ``None`` (the
    defaults), or ``"package.module:Class"``, imported now.

    :raises TypeError: the name does not lead to a :class:`Presentation` subclass.
    :raises ImportError: its module does not import.
    """
    if spec is None:
        return Presentation
    if isinstance(spec, str):
        module, _, attr = spec.partition(":")
        found: Any = import_module(module)
        for part in attr.split(".") if attr else ():
            found = getattr(found, part)
        spec = found
    if not (isinstance(spec, type) and issubclass(spec, Presentation)):
        raise TypeError(f"a game's presentation must be a Presentation subclass, not {spec!r}")
    return spec


__all__ = ["Observation", "Presentation", "TensorWriter", "Transition", "presentation_class"]
