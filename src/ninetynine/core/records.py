"""Game records: text a person can read and a program can replay (in the spirit of PGN).

A record is a header of ``[Key "value"]`` lines and the moves in the game's notation, one line
per turn, each line starting with the turn number and the seat::

    [Game "warp99"]
    [Players "3"]
    [Options "{\\"bonus_rule\\":true,...}"]
    [Seed "42"]
    [Seat0 "human"]
    [Seat1 "greedy"]
    [Seat2 "greedy"]
    [Result "seat 1 wins"]
    [Scores "57 102 80"]

    1. s0: P1 B5>1 end
    2. s1: score Y0 ...

``{...}`` comments are ignored. Replaying needs only the game, the options, the seed and the
moves: chance comes from the seed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import NinetyNineError, RecordError
from .game import State
from .registry import game_class, load_game

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
#: Turn numbers ("12.") and seat labels ("s0:") between moves, anywhere on a line.
_MOVE_LABEL = re.compile(r"(?:(?<=\s)|^)(?:\d+\.|s\d+:)(?=\s|$)")


_CONTROL = {"n": "\n", "r": "\r"}


def _escape(value: str) -> str:
    # A header is one line: line breaks are written as \n and \r.
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return value.replace("\n", "\\n").replace("\r", "\\r")


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: _CONTROL.get(m.group(1), m.group(1)), value)


@dataclass
class GameRecord:
    """A parsed record: ``headers`` in file order and ``moves`` in notation."""

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    # -- building ----------------------------------------------------------------------
    @classmethod
    def from_state(
        cls,
        state: State,
        seats: Sequence[str] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> GameRecord:
        """The record of ``state``'s game so far (``seats``: who played each seat)."""
        game = state.game
        headers: dict[str, str] = {
            "Game": game.game_id,
            "Version": str(game.version),
            "Players": str(game.num_players),
            "Options": json.dumps(dict(game.options), sort_keys=True, separators=(",", ":")),
            "Seed": str(state.seed),
        }
        for i in range(game.num_players):
            headers[f"Seat{i}"] = seats[i] if seats else "?"
        if state.is_terminal():
            w = state.winner()
            headers["Result"] = f"seat {w} wins" if w is not None else "draw"
        else:
            headers["Result"] = "*"
        headers["Scores"] = " ".join(_fmt_num(s) for s in state.scores())
        for k, v in (extra or {}).items():
            headers[str(k)] = str(v)
        replay = game.new_initial_state(seed=state.seed)
        moves = []
        for a in state.history():
            moves.append(replay.action_to_string(a))
            replay.apply_action(a)
        return cls(headers, moves)

    # -- text --------------------------------------------------------------------------
    def to_text(self) -> str:
        """The record as text; :func:`parse_record` reads it back."""
        lines = [f'[{k} "{_escape(v)}"]' for k, v in self.headers.items()]
        lines.append("")
        for turn, (seat, toks) in enumerate(self.turns(), 1):
            lines.append(f"{turn}. s{seat}: {' '.join(toks)}")
        return "\n".join(lines) + "\n"

    def turns(self) -> Iterator[tuple[int, list[str]]]:
        """(seat, moves) groups: a new group each time the player to act changes."""
        state = self.initial_state()
        seat: int | None = None
        toks: list[str] = []
        for mv in self.moves:
            p = state.current_player()
            if p != seat and toks:
                yield seat, toks  # type: ignore[misc]
                toks = []
            seat = p
            toks.append(mv)
            state.apply_action(read_move(state, mv))
        if toks:
            yield seat, toks  # type: ignore[misc]

    # -- replay ------------------------------------------------------------------------
    def initial_state(self) -> State:
        """The initial state named by the header (game, players, options, seed).

        :raises RecordError: a header is missing or names an unknown game or bad option.
        """
        h = self.headers
        try:
            game_id = h["Game"]
            num_players = int(h["Players"])
            options = json.loads(h.get("Options", "{}"))
            seed = int(h["Seed"])
        except KeyError as e:
            raise RecordError(f"record has no {e.args[0]} header") from None
        except ValueError as e:
            raise RecordError(f"record header is malformed: {e}") from None
        if not isinstance(options, dict):
            raise RecordError("record header Options must be a JSON object, e.g. {}")
        options = _options_for_version(game_id, h.get("Version"), options)
        try:
            game = load_game(game_id, num_players=num_players, **options)
        except NinetyNineError as e:
            raise RecordError(f"record names a game that cannot be loaded: {e}") from None
        try:
            return game.new_initial_state(seed=seed)
        except NinetyNineError as e:
            raise RecordError(f"record header Seed: {e}") from None

    def replay(self) -> Iterator[tuple[State, str | None]]:
        """Yield ``(state, move)`` before each move, then ``(final state, None)``.

        :raises RecordError: a move is not legal where it stands (names the move number).
        """
        state = self.initial_state()
        for i, mv in enumerate(self.moves, 1):
            yield state, mv
            try:
                state.apply_action(read_move(state, mv))
            except NinetyNineError as e:
                raise RecordError(f"move {i} ({mv!r}) cannot be replayed: {e}") from None
        yield state, None

    def final_state(self) -> State:
        """The state after every move. :raises RecordError: as :meth:`replay`."""
        last = None
        for st, _ in self.replay():
            last = st
        assert last is not None
        return last


def read_move(state: State, text: str) -> int:
    """A record's move ``text`` as an action of ``state``: the game's
    ``read_recorded_move`` when it has one (a reader that also takes forms older records were
    written in), else ``state.string_to_action``.

    :raises NotationError: not a move."""
    reader: Callable[[str], int] = getattr(state, "read_recorded_move", state.string_to_action)
    return reader(text)


def _options_for_version(
    game_id: str, version: str | None, options: dict[str, Any]
) -> dict[str, Any]:
    """The options that replay a record of ``version`` under today's rules: its own, plus the
    game's ``replay_options`` for that version (the rules it was played with).

    :raises RecordError: a version whose games no longer replay (unknown game: left to
        :func:`load_game`'s error)."""
    try:
        cls = game_class(game_id)
    except NinetyNineError:
        return options
    if version is None or version == str(cls.version):
        return options
    old = cls.replay_options.get(int(version)) if version.isdigit() else None
    if old is None:
        raise RecordError(
            f"record was made with {game_id} version {version}; this is version "
            f"{cls.version}, whose rules may replay it differently (versions that still "
            f"replay: {', '.join(map(str, sorted(cls.replay_options))) or 'none'})"
        )
    return {**old, **options}


#: The public name (the web server replays its stored tables of older game versions with it).
options_for_version = _options_for_version


def _fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def parse_record(text: str) -> GameRecord:
    """Read a record written by :meth:`GameRecord.to_text` (forgiving about spacing, and
    about several turns on one line: ``1. s0: R7 end 2. s1: B3 end``).

    :raises RecordError: a malformed header line.
    """
    headers: dict[str, str] = {}
    moves: list[str] = []
    body: list[str] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            m = _HEADER.match(line)
            if not m:
                raise RecordError(f"line {n}: malformed header {line!r}")
            headers[m.group(1)] = _unescape(m.group(2))
            continue
        body.append(line)
    # {...} comments live among the moves; header values (the Options JSON) keep their braces.
    for line in re.sub(r"\{[^}]*\}", " ", "\n".join(body)).splitlines():
        line = _MOVE_LABEL.sub(" ", line.strip())
        moves.extend(tok for tok in line.split() if tok)
    return GameRecord(headers, moves)


def read_record(path: str) -> GameRecord:
    """Read a record file. :raises RecordError: unreadable or malformed."""
    try:
        with open(path, encoding="utf-8") as f:
            return parse_record(f.read())
    except OSError as e:
        raise RecordError(f"cannot read record {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"cannot read record {path}: it is not UTF-8 text") from None
