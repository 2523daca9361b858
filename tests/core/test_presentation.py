"""The presentation convention (``core/presentation.py``): a game names its ``Presentation``;
``Game``'s drawing, narration, advice and tensor methods forward to it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ninetynine
from ninetynine.core.game import Game
from ninetynine.core.presentation import Presentation, Transition, presentation_class


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_every_game_finds_its_presentation_and_the_game_forwards_to_it(game_id):
    game = ninetynine.load_game(game_id)
    pres = game.presentation
    assert isinstance(pres, Presentation) and pres.game is game
    assert game.presentation is pres  # made once per game
    state = game.new_initial_state(seed=5)
    public, seat = state.observation(None), state.observation(state.current_player())
    names = [f"P{i}" for i in range(game.num_players)]
    assert game.render_observation(public, names=names) == pres.render_observation(
        public, names=names
    )
    assert game.hint(seat) == pres.hint(seat)
    assert game.rules_summary() == pres.rules_summary()
    legal = state.legal_actions()
    assert game.drawing_facts(seat, legal) == pres.drawing_facts(seat, legal)
    before, scores = public, state.scores()
    state.apply_action(legal[0])
    move = Transition(before, state.observation(None), scores, state.scores(), 0, names)
    assert game.describe_events(*move.__dict__.values()) == pres.describe_events(move)


def test_a_presentation_is_named_by_class_or_by_module_path():
    assert presentation_class(None) is Presentation
    assert presentation_class(Presentation) is Presentation
    found = presentation_class("ninetynine.games.warp99.presentation:Warp99Presentation")
    assert found.__name__ == "Warp99Presentation" and issubclass(found, Presentation)
    with pytest.raises(TypeError, match="Presentation subclass"):
        presentation_class("ninetynine.core.game:Game")
    with pytest.raises(ImportError):
        presentation_class("ninetynine.no_such_module:Thing")


def test_a_game_packages_presentation_finds_its_hook_modules_beside_it():
    """``render``, ``events``, ``drawing`` and ``tensor`` beside ``presentation.py`` serve the
    hooks without being named; a module the package lacks stays ``None``."""
    from ninetynine.games.ono99.presentation import Ono99Presentation
    from ninetynine.games.sixto.presentation import SixtoPresentation

    pkg = "ninetynine.games.ono99"
    assert Ono99Presentation.render_module == f"{pkg}.render"
    assert Ono99Presentation.events_module == f"{pkg}.events"
    assert Ono99Presentation.tensor_module == f"{pkg}.tensor"
    assert Ono99Presentation.drawing_module is None  # ONO 99 has no drawing.py
    assert SixtoPresentation.drawing_module == "ninetynine.games.sixto.drawing"
    assert Presentation.render_module is None and Presentation.tensor_module is None


def test_the_convention_leaves_alone_what_a_presentation_sets_and_other_modules():
    class OwnBoard(Presentation):
        __module__ = "ninetynine.games.ono99.presentation"
        render_module = None  # its own render_observation: the sibling render.py is not used
        tensor_module = "somewhere.else"

    assert OwnBoard.render_module is None and OwnBoard.tensor_module == "somewhere.else"
    assert OwnBoard.events_module == "ninetynine.games.ono99.events"

    class Elsewhere(Presentation):  # defined in a test module, not a package's presentation
        pass

    assert Elsewhere.render_module is Elsewhere.events_module is Elsewhere.tensor_module is None


class _Bare(Game):
    """A game that names no presentation: it gets the defaults."""

    game_id = "bare_presentation_test"
    num_distinct_actions = 1
    max_game_length = 1


def test_a_game_without_a_presentation_gets_the_defaults():
    game = _Bare()
    assert type(game.presentation) is Presentation
    assert game.render_observation({"total": 3, "hand": [1]}) == "total: 3\nhand: [1]"
    assert game.hint({}) is None and game.drawing_facts({}, [0]) == {}
    assert game.describe_events({}, {}, [0, 1], [2, 1], 0, ["A", "B"]) == ["A +2 points, now 2"]
    assert not game.has_observation_tensor()
    with pytest.raises(NotImplementedError, match="tensor_module"):
        game.observation_tensor_layout()
    assert Presentation.web_drawing_file() is None


def test_loading_a_game_loads_none_of_its_drawing_code():
    """The presentation is named by a path and imported at first use: a process that only
    plays (the engine, ``scripts/play`` starting up) never imports the board or tensor code."""
    code = (
        "import sys, ninetynine\n"
        "g = ninetynine.load_game('warp99'); s = g.new_initial_state(1)\n"
        "s.apply_action(s.legal_actions()[0])\n"
        "mods = ('presentation', 'render', 'events', 'tensor')\n"
        "print([m for m in mods if 'ninetynine.games.warp99.' + m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


#: The games whose rules class defined its own ``hint`` before the presentation convention.
GAMES_WITH_HINTS = {"warp99", "ninetynine", "ono99", "tripwire", "heroes99", "sixto"}


@pytest.mark.parametrize("game_id", ninetynine.list_games())
def test_has_hint_tells_the_games_that_advise(game_id):
    """The web table offers a hint button only where ``has_hint()``; it once asked whether the
    rules class overrode ``hint`` and so, once hints moved to the presentation, offered none."""
    game = ninetynine.load_game(game_id)
    assert game.has_hint() == (game_id in GAMES_WITH_HINTS)
    assert game.has_hint() == game.presentation.has_hint()
    if game.has_hint():  # advice for the seat to act at the start of some game
        for seed in range(20):
            state = game.new_initial_state(seed)
            if game.hint(state.observation(state.current_player())):
                break
        else:
            pytest.fail(f"{game_id}: no hint for the seat to act in 20 deals")


def test_a_presentation_without_its_own_hint_has_none():
    assert not Presentation.has_hint(Presentation.__new__(Presentation))


def test_a_folder_of_the_same_name_without_code_is_not_taken_for_a_hook_module(
    tmp_path, monkeypatch
):
    """A plug-in keeping assets in a ``drawing/`` folder (no ``__init__.py``: a namespace
    package to Python) used to get ``drawing_module`` set to it, and every
    ``drawing_facts`` then failed; only a module with code counts."""
    pkg = tmp_path / "brk_assets_game"
    (pkg / "drawing").mkdir(parents=True)
    (pkg / "drawing" / "table.svg").write_text("<svg/>")
    (pkg / "__init__.py").write_text("")
    (pkg / "render.py").write_text("def render_text(*a, **k):\n    return 'board'\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class AssetsPresentation(Presentation):
        __module__ = "brk_assets_game.presentation"

    assert AssetsPresentation.render_module == "brk_assets_game.render"
    assert AssetsPresentation.drawing_module is None
