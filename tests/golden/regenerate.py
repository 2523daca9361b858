"""Write the golden games in ``tests/golden/games/``: a game record and a playthrough each.

    .venv/bin/python tests/golden/regenerate.py                 # every game below
    .venv/bin/python tests/golden/regenerate.py warp99-2p       # only the named ones
    .venv/bin/python tests/golden/regenerate.py --agents NAME   # play NAME anew

By default a game whose record exists is re-recorded from the record's own moves (the engine
may have changed, the moves stay), so that the agents' tuning never changes a golden game;
``--agents`` (or a missing record) plays the game with the agents listed in ``GOLDEN``.

Regenerating is a deliberate act: the golden files pin how every registered game replays
(legal actions and observations step by step), so a change to them is a change of behaviour.
Commit regenerated files on their own, with the reason in the commit message (a rules fix, a
new observation field, ...), and bump the game's ``version`` when a recorded game would
replay differently.

A new game gets at least one entry in ``GOLDEN``; ``test_golden.py`` fails for a registered
game without one.

Files per game ``NAME``:

* ``NAME.record.txt``: ``GameRecord.from_state(state, seats).to_text()``;
* ``NAME.playthrough.jsonl``: line 1 the game (id, players, options, seed); then one line per
  step: ``step``, ``player``, ``legal`` (notation), ``obs`` (a hash of the acting seat's
  observation as canonical JSON), ``action``; every ``FULL_EVERY`` steps the whole
  ``observation`` too; the last line the terminal state (``returns``, ``scores``, the public
  observation's hash).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import ninetynine
from ninetynine.agents import make_agent
from ninetynine.core.game import State
from ninetynine.core.records import GameRecord, read_record
from ninetynine.core.rng import derive_seed

HERE = Path(__file__).resolve().parent / "games"
FULL_EVERY = 20

#: name -> (game id, players, options, seed, agent per seat)
GOLDEN: dict[str, tuple[str, int, dict[str, Any], int, list[str]]] = {
    "warp99-2p": ("warp99", 2, {}, 20261, ["greedy", "random"]),
    "warp99-3p": ("warp99", 3, {}, 20262, ["random", "greedy", "greedy"]),
    "warp99-4p": ("warp99", 4, {}, 20263, ["greedy", "random", "greedy", "random"]),
    "warp99-3p-random-rule-start": (
        "warp99",
        3,
        {"rules": "random", "flip_limit": "cycle"},
        20264,
        ["greedy", "greedy", "random"],
    ),
    "ninetynine-3p-bonus": (
        "ninetynine",
        3,
        {"bonus_rule": True},
        20265,
        ["greedy", "random", "greedy"],
    ),
    "ono99-2p": ("ono99", 2, {}, 20301, ["greedy", "random"]),
    "ono99-4p": ("ono99", 4, {}, 20302, ["greedy", "random", "greedy", "random"]),
    "ono99-6p-options": (
        "ono99",
        6,
        {"deck": "-10=30", "two_player_reverse": "again", "rebuild": "all"},
        20372,
        ["greedy", "random", "greedy", "random", "greedy", "random"],
    ),
    "heroes99-2p": ("heroes99", 2, {}, 20501, ["greedy", "random"]),
    "heroes99-3p-options": (
        "heroes99",
        3,
        {"team": 2, "ace": 11, "tiebreak": "draw", "end": "turn", "winner": "lanes"},
        20502,
        ["greedy", "random", "greedy"],
    ),
    "tripwire-2p": ("tripwire", 2, {}, 20401, ["greedy", "random"]),
    "tripwire-4p": ("tripwire", 4, {}, 20402, ["greedy", "random", "greedy", "random"]),
    "tripwire-5p-options": (
        "tripwire",
        5,
        {
            "chain": "deflect",
            "wall": "one",
            "per_dock": "any",
            "volt_bonus": "always",
            "penalty_timing": "turn",
            "bonus_no_play": "lose",
        },
        20403,
        ["greedy", "random", "greedy", "random", "greedy"],
    ),
    "sixto-1p": ("sixto", 1, {}, 20501, ["greedy"]),
    "sixto-3p": ("sixto", 3, {}, 20502, ["greedy", "random", "greedy"]),
    "sixto-2p-locked": ("sixto", 2, {"pad": "locked"}, 20503, ["greedy", "random"]),
    "sixto-2p-hits": (
        "sixto",
        2,
        {"pad": "hits", "tiebreak": "marks"},
        20504,
        ["random", "greedy"],
    ),
    "sixto-2p-cross-diagonals": (
        "sixto",
        2,
        {"pad": "cross-diagonals", "points": "triangle"},
        20505,
        ["greedy", "greedy"],
    ),
}


def obs_hash(obs: dict[str, Any]) -> str:
    """A short, stable hash of an observation (canonical JSON)."""
    text = json.dumps(obs, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def step_line(state: State, step: int, action: int | None) -> dict[str, Any]:
    """The playthrough line for ``state`` (before ``action``; ``None``: the final state)."""
    if action is None:
        public = state.observation(None)
        return {
            "step": step,
            "terminal": True,
            "returns": state.returns(),
            "scores": state.scores(),
            "obs": obs_hash(public),
        }
    p = state.current_player()
    obs = state.observation(p)
    line: dict[str, Any] = {
        "step": step,
        "player": p,
        "legal": [state.action_to_string(a) for a in state.legal_actions()],
        "obs": obs_hash(obs),
        "action": state.action_to_string(action),
    }
    if step % FULL_EVERY == 0:
        line["observation"] = obs
    return line


def play(name: str, moves: list[str] | None = None) -> tuple[str, list[dict[str, Any]]]:
    """Play golden game ``name``: (record text, playthrough lines). ``moves``: replay these
    (in notation) instead of asking the agents."""
    game_id, n, options, seed, seats = GOLDEN[name]
    game = ninetynine.load_game(game_id, num_players=n, **options)
    agents = [make_agent(spec, game, i, derive_seed(seed, i)) for i, spec in enumerate(seats)]
    state = game.new_initial_state(seed)
    lines: list[dict[str, Any]] = [
        {"game": game_id, "num_players": n, "options": dict(game.options), "seed": seed}
    ]
    step = 0
    while not state.is_terminal():
        p = state.current_player()
        if moves is None:
            a = agents[p].step(state.observation(p), state.legal_actions())
        else:
            a = state.string_to_action(moves[step])
        lines.append(step_line(state, step, a))
        state.apply_action(a)
        step += 1
    if moves is not None and step != len(moves):
        raise SystemExit(f"{name}: the game ended after {step} of {len(moves)} recorded moves")
    lines.append(step_line(state, step, None))
    record = GameRecord.from_state(state, seats=seats).to_text()
    return record, json.loads(json.dumps(lines))


def write(name: str, agents: bool = False) -> None:
    path = HERE / f"{name}.record.txt"
    moves = None if agents or not path.exists() else read_record(str(path)).moves
    record, lines = play(name, moves)
    HERE.mkdir(exist_ok=True)
    (HERE / f"{name}.record.txt").write_text(record, encoding="utf-8")
    with open(HERE / f"{name}.playthrough.jsonl", "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    print(f"{name}: {len(lines) - 2} steps{' (agents)' if moves is None else ''}")


def main(argv: list[str]) -> int:
    agents = "--agents" in argv
    names = [a for a in argv if a != "--agents"] or list(GOLDEN)
    unknown = [x for x in names if x not in GOLDEN]
    if unknown:
        print(f"unknown golden games: {', '.join(unknown)}; known: {', '.join(GOLDEN)}")
        return 2
    for name in names:
        write(name, agents)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
