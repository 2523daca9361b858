"""Live tables: the authoritative game states the server holds, their seats, bots and viewers.

Framework-free (asyncio only): :mod:`ninetynine.web.app` puts HTTP and WebSocket in front of it.

A :class:`LiveTable` owns one state. Every move, from a person or a bot, goes through
:meth:`LiveTable.play`: it is checked by the engine on a clone (``apply_action`` raises
``IllegalActionError`` and changes nothing), written to the store in one transaction, and only
then becomes the table's state; then every viewer gets the new view. Bots move on the server,
one after the other, in a worker thread (a search bot may think for a while) under the table's
lock.

What a viewer receives is :meth:`LiveTable.view`: built from ``state.observation(seat)`` (a
spectator: ``observation(None)``), the legal moves in notation for the seat to act, the game's
own text drawing of that observation and its drawing facts (``Game.drawing_facts``: printed
components, what each legal move does; from the observation alone), and public facts (names,
who is connected, the last moves in notation with the events they caused from the public
observations). Nothing else about the state is sent: no other hand, no deck, no seed (the seed
would replay the deal) until the game is over.

The move log is worded for each viewer (:meth:`LiveTable.log_for`): a seat's own moves in
full; another seat's move that ``known_history`` still hides from it (Sixto's marks for a roll,
a 99 Heroes hero placed face-down or card chosen for a Clash) in its public wording
(``public_action_string``: ``hero-placed``) or as ``(chosen in secret)``; in full once revealed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ninetynine.agents import make_agent
from ninetynine.core.agent import Agent, choose_action
from ninetynine.core.errors import GameOptionError, IllegalActionError, NinetyNineError
from ninetynine.core.game import Game, State
from ninetynine.core.records import GameRecord, options_for_version
from ninetynine.core.registry import game_class, list_agents, list_games, load_game
from ninetynine.core.rng import Rng, derive_seed

from . import analysis as analysis_module
from .analysis import Analysis
from .fanout import ADOPT_SECONDS, Leases, Listener
from .replay import Replay
from .sheet import ScoreSheet, SheetError
from .store import ChatRate, StaleMove, Store, StoredTable, hash_token, new_token

log = logging.getLogger("ninetynine.web")

HUMAN = "human"
#: Moves kept in a view's ``log`` (the whole game is in the record).
LOG_TAIL = 40
MAX_NAME = 40
#: The largest search a bot at a web table may make per move (``ismcts:N`` / ``ismcts:Ns``):
#: every table's bots share the server's cores.
MAX_BOT_ITERATIONS = 5000
MAX_BOT_SECONDS = 5.0
#: The most moves a search bot may play in its rollouts for one decision: without it an
#: ``ismcts:5000:depth=0`` (rollouts to the end of the game) costs tens of CPU seconds a move.
#: Bots asking for no cap or a larger one get this one (the strongest levels stay under it).
MAX_BOT_STEPS = 100_000
#: How the log shows another seat's move that is still secret to the viewer.
SECRET_MOVE = "(chosen in secret)"
#: The shortest and longest turn timer a table may set (``turn_seconds``).
MIN_TURN_SECONDS = 5
MAX_TURN_SECONDS = 3600
#: What plays a seat's move when its time runs out (or the game's first bot).
TIMEOUT_AGENT = "greedy"
#: The longest chat line, in characters.
MAX_CHAT = 300
#: At most this many chat lines per seat of a table in :data:`CHAT_WINDOW` seconds, counted
#: over the stored lines (one limit for all server processes sharing the database).
CHAT_BURST = 5
CHAT_WINDOW = 10.0
#: Chat lines a viewer gets when it joins (all are stored).
CHAT_HISTORY = 100
#: Bot turns (store, build the views) of all tables one pass of the event loop runs on one
#: server process: a bot's move waits for a slot and holds it into the loop's next pass, a
#: person's move never waits, so at many busy tables a person's move is not queued behind
#: every table's bot (bots show their moves after a delay anyway).
BOT_TURNS_AT_ONCE = 2
#: Replays of finished tables kept in memory (each holds every state of its game).
REPLAYS_KEPT = 8
#: Analyses of replay positions run at once on one server (each keeps a core busy).
MAX_ANALYSES = 2
#: Analyses kept for their pages to read (the oldest finished ones are forgotten).
ANALYSES_KEPT = 32
#: How often the progress of an analysis is stored for other server processes (seconds).
ANALYSIS_PUBLISH_SECONDS = 0.5


@dataclass(frozen=True)
class Limits:
    """What one server allows, so that nobody can fill its memory, cores or database
    (``ninetynine serve --max-open-tables ...``). A table beyond a limit is refused with a
    :class:`LimitError` (HTTP 429) whose message names the limit.

    :ivar max_open_tables: unfinished tables in the store (people's and bots').
    :ivar max_bot_tables: unfinished tables with no person's seat: they play on their own,
        on the server's cores, and resume after a restart.
    :ivar max_bot_moves: a table with no person's seat is stopped after this many moves.
    :ivar idle_hours: an unfinished table with no move for this long is closed for good
        (checked at start-up and every hour).
    """

    max_open_tables: int = 1000
    max_bot_tables: int = 4
    max_bot_moves: int = 10_000
    idle_hours: float = 24.0 * 7


class LimitError(Exception):
    """A new table would pass one of the server's :class:`Limits`."""


class MoveError(NinetyNineError):
    """A move the table refuses; ``code`` says why (for clients): ``not_your_turn``,
    ``spectator``, ``stale``, ``illegal``, ``finished``, ``bad_message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Viewer(Protocol):
    """A connection that receives views (a WebSocket in the app)."""

    async def send_json(self, data: Any) -> None: ...

    async def send_text(self, data: str) -> None: ...


def _encode_stdlib(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _orjson_dumps() -> Callable[[Any], bytes] | None:
    """orjson's ``dumps`` (the web extra; 10-20x faster than the standard library on a
    view), integer dictionary keys written as strings like ``json`` does; ``None`` if it is
    not installed."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - CI installs the web extra
        return None
    option = orjson.OPT_NON_STR_KEYS
    return lambda message: orjson.dumps(message, option=option)


_fast_dumps = _orjson_dumps()


def encode(message: Any) -> str:
    """A message as the JSON text a viewer receives (Starlette's ``send_json`` encoding:
    compact, non-ASCII text as is), made once and sent to every viewer of the same seat.

    With orjson installed (the web extra) it encodes, else the standard library; both give
    the same JSON value (orjson writes a float like ``1e16`` where ``json`` writes
    ``1e+16``, and ``NaN`` as ``null``: no view holds either). Integer dictionary keys
    become strings in both; what orjson refuses (an integer past 64 bits) goes to ``json``.
    """
    if _fast_dumps is not None:
        try:
            return _fast_dumps(message).decode()
        except TypeError:  # what orjson refuses (an integer past 64 bits): as json writes it
            pass
    return _encode_stdlib(message)


@dataclass
class Connection:
    viewer: Viewer
    seat: int | None  # None: spectator


@dataclass
class Frames:
    """The views of a table at one version, encoded once per seat (``None``: spectators)."""

    version: int
    text: dict[int | None, str]


@dataclass
class LogEntry:
    n: int  # move number, 1-based
    seat: int
    move: str  # the full notation: for the mover (and everyone once the game is over)
    public: str  # as the other seats see it when it is made (``public_action_string``)
    events: list[str]  # from the public observations only
    #: The entry as a view's ``log`` shows it, built once (every view of every seat shows the
    #: same entries; views are only encoded and sent, never changed): with the move in full,
    #: and hidden (its public wording, or :data:`SECRET_MOVE`) for a seat it is still secret to.
    shown: dict[str, Any] = field(init=False, repr=False, compare=False)
    hidden: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.shown = {"n": self.n, "seat": self.seat, "move": self.move, "events": self.events}
        secret = self.public if self.public != self.move else SECRET_MOVE
        self.hidden = {**self.shown, "move": secret}


def seat_names(specs: Sequence[str], names: Sequence[str | None] | None) -> list[str]:
    """Display names: the given name, else ``Seat 1 (greedy)`` / ``Seat 0`` for people."""
    out = []
    for i, spec in enumerate(specs):
        given = (names[i] if names and i < len(names) else None) or ""
        given = str(given).strip()[:MAX_NAME]
        out.append(given or (f"Seat {i}" if spec == HUMAN else f"Seat {i} ({spec})"))
    return out


def lobby_seats(specs: Sequence[str], names: Sequence[str]) -> list[dict[str, Any]]:
    """The seats as the lobby lists them: per seat its number, name, kind (``"human"`` or
    ``"bot"``) and agent spec (``None`` for a person)."""
    return [
        {
            "seat": i,
            "name": names[i],
            "kind": "human" if spec == HUMAN else "bot",
            "agent": None if spec == HUMAN else spec,
        }
        for i, spec in enumerate(specs)
    ]


def check_served_options(game_id: str, options: Mapping[str, Any]) -> None:
    """Refuse an option that names the server's files (``OptionSpec.reads_files``, such as
    99 Heroes' ``heroes`` directories) unless it is left at its default: as with a model
    file in a seat, the errors would tell a visitor which of the server's directories
    exist and what their TOML files begin with.

    :raises GameOptionError: such an option given another value (an unknown game or option
        is left to :func:`~ninetynine.core.registry.load_game`)."""
    if game_id not in list_games():
        return
    specs = game_class(game_id).option_specs
    for name, value in options.items():
        spec = specs.get(name)
        if spec is not None and spec.reads_files and value not in (None, spec.default):
            raise GameOptionError(
                f"option {name} names files on the server; this server plays only what it "
                "ships (leave the option out)"
            )


def normalise_seats(game: Game, seats: Sequence[str] | None) -> list[str]:
    """One spec per seat: ``human`` or an agent spec valid for the game (checked by building
    it). Missing seats: a person in seat 0, greedy (or the first agent) elsewhere.

    :raises GameOptionError: too many seats, an unknown agent, or a search budget above
        :data:`MAX_BOT_ITERATIONS` iterations or :data:`MAX_BOT_SECONDS` seconds a move.
    """
    given = [str(s).strip().lower() for s in (seats or [])]
    if len(given) > game.num_players:
        raise GameOptionError(f"{len(given)} seats given for {game.num_players} players")
    agents = list_agents(game.game_id)
    default_bot = "greedy" if "greedy" in agents else agents[0]
    if not given:
        given = [HUMAN]
    given += [default_bot] * (game.num_players - len(given))
    for i, spec in enumerate(given):
        if spec != HUMAN:
            if "/" in spec or "\\" in spec or ".npz" in spec:
                # a learned model from a file (learned:PATH, ismcts:...:model=PATH) would let
                # a visitor probe the server's files: only the shipped models are served
                raise GameOptionError(
                    f"seat {i}: {spec} names a file; this server plays only the models it "
                    "ships (learned, learned:warp99-2p, ismcts:200:model=warp99-2p)"
                )
            agent = make_agent(spec, game, i, seed=0)  # raises GameOptionError naming the agents
            iterations = getattr(agent, "iterations", None) or 0
            seconds = getattr(agent, "seconds", None) or 0.0
            if getattr(agent, "seconds", None) is None and iterations > MAX_BOT_ITERATIONS:
                raise GameOptionError(
                    f"seat {i}: {spec} searches too long for this server: at most "
                    f"{MAX_BOT_ITERATIONS} iterations a move"
                )
            if seconds > MAX_BOT_SECONDS:
                raise GameOptionError(
                    f"seat {i}: {spec} thinks too long for this server: at most "
                    f"{MAX_BOT_SECONDS:g} s a move"
                )
            if (getattr(agent, "max_steps", None) or 0) > MAX_BOT_STEPS:
                raise GameOptionError(
                    f"seat {i}: {spec} plays too many rollout moves for this server: at most "
                    f"steps={MAX_BOT_STEPS} a move"
                )
    return given


def check_settings(settings: Any) -> dict[str, Any]:
    """A table's settings beyond the game, checked: ``{"spectator_chat": bool,
    "turn_seconds": n}`` (a turn timer: when a person's time runs out, :data:`TIMEOUT_AGENT`
    plays the move for that seat and the log says so).

    :raises GameOptionError: not an object, an unknown setting or a wrong kind of value.
    """
    if not isinstance(settings, dict):
        raise GameOptionError("settings must be an object")
    out: dict[str, Any] = {}
    for key, value in settings.items():
        if key == "spectator_chat":
            if not isinstance(value, bool):
                raise GameOptionError("spectator_chat is true or false")
            out[key] = value
        elif key == "turn_seconds":
            if value is None:
                continue
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not MIN_TURN_SECONDS <= value <= MAX_TURN_SECONDS
            ):
                raise GameOptionError(
                    f"turn_seconds is a whole number of seconds, {MIN_TURN_SECONDS} to "
                    f"{MAX_TURN_SECONDS}, not {value!r}"
                )
            out[key] = value
        else:
            raise GameOptionError(f"unknown table setting {key!r} (spectator_chat, turn_seconds)")
    return out


class LiveTable:
    """One game table in memory (rebuilt from the store by replaying its moves)."""

    def __init__(
        self,
        stored: StoredTable,
        store: Store,
        bot_delay: float = 0.0,
        on_change: Callable[[LiveTable], None] | None = None,
        max_bot_moves: int | None = None,
        bot_turns: asyncio.Semaphore | None = None,
        owns: Callable[[str], bool] | None = None,
    ) -> None:
        self.id = stored.id
        #: Bot turns of the whole server that may run at once (shared with every table).
        self.bot_turns = bot_turns or asyncio.Semaphore(BOT_TURNS_AT_ONCE)
        #: Whether this process plays the table's bots (several processes on PostgreSQL:
        #: the holder of the table's lease, :class:`~ninetynine.web.fanout.Leases`);
        #: ``None``: always (one process).
        self.owns = owns
        self._sync_task: asyncio.Task[None] | None = None
        #: The version of the last views sent (a table caught up since sends again).
        self.sent_version = -1
        self._sync_again = False
        #: Moves after which a table with no person is stopped (``None``: never).
        self.max_bot_moves = max_bot_moves
        #: Why the server closed this unfinished table for good (``None``: it did not).
        self.stopped: str | None = stored.result if stored.status == "stopped" else None
        self.store = store
        self.bot_delay = bot_delay
        # a table made with an older version of the game replays under that version's
        # rules (its replay_options), or is refused (RecordError) if they no longer replay
        version = None if stored.game_version is None else str(stored.game_version)
        options = options_for_version(stored.game_id, version, stored.options)
        self.game: Game = load_game(stored.game_id, num_players=stored.num_players, **options)
        self.seats = list(stored.seats)
        self.names = list(stored.names)
        self.token_hashes = list(stored.token_hashes)
        self.created = stored.created
        self.fixed_deal = stored.fixed_deal
        #: The id of this table's rematch (same seats and tokens, a new deal), once started.
        self.rematch: str | None = stored.rematch
        #: Settings beyond the game: ``spectator_chat`` (the players let spectators read
        #: their chat).
        self.settings = dict(stored.settings)
        self.spectator_chat = bool(self.settings.get("spectator_chat", False))
        self._chat: list[dict[str, Any]] | None = None  # loaded on first use
        #: The clock of the chat (seconds since the epoch: the lines' stored times, which
        #: the rate limit counts; tests set their own).
        self.clock: Callable[[], float] = time.time
        #: Seconds per decision of a person (``None``: no timer).
        self.turn_seconds: int | None = self.settings.get("turn_seconds")
        self._timer_task: asyncio.Task[None] | None = None
        self._timer_version = -1
        self._turn_deadline = 0.0  # time.monotonic() when the armed timer fires
        self._timeout_seed = derive_seed(stored.seed, 9800)
        self.state: State = self.game.new_initial_state(seed=stored.seed)
        self.log: list[LogEntry] = []
        #: The public observation (``observation(None)``) of a state, kept from the last move
        #: for the events of the next one (it is that move's "before").
        self._public: tuple[State, dict[str, Any]] | None = None
        # Replayed quickly; only the moves the log shows have their events worded.
        quick = len(stored.moves) - LOG_TAIL
        for i, (seat, action) in enumerate(stored.moves):
            if i < quick:
                self.state.apply_action(action)
            else:
                self._advance(seat, self._next_state(action), stored.notes.get(i))
        #: The moves' notes kept with them (move index -> note), for the replay.
        self.notes: dict[int, str] = dict(stored.notes)
        self.agents: dict[int, Agent] = {}
        if not self.state.is_terminal():
            self.agents = {
                i: make_agent(spec, self.game, i, seed=derive_seed(stored.seed, 9900 + i))
                for i, spec in enumerate(self.seats)
                if spec != HUMAN
            }
            for agent in self.agents.values():  # every search bounded (see MAX_BOT_STEPS)
                if hasattr(agent, "max_steps") and agent.max_steps is None:
                    agent.max_steps = MAX_BOT_STEPS
        #: Moves a bot failed to make (an exception or an illegal move); a random legal
        #: move was played for each (seeded from the table, logged).
        self.bot_failures = 0
        self._fallback = Rng(derive_seed(stored.seed, 9999))
        self.connections: list[Connection] = []
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self.has_hint = self.game.has_hint()
        self.on_change = on_change

    # -- facts ---------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """Moves applied so far (a client sends it with a move; a different one is stale)."""
        return len(self.state.history())

    @property
    def finished(self) -> bool:
        """The game is over, or the server stopped it (:attr:`stopped`)."""
        return self.stopped is not None or self.state.is_terminal()

    @property
    def bot_only(self) -> bool:
        """No seat is a person's."""
        return all(s != HUMAN for s in self.seats)

    def stop(self, reason: str) -> None:
        """Close this unfinished table for good (stored: it never resumes)."""
        self.store.stop_table(self.id, reason)
        self.stopped = reason
        log.info("table %s stopped: %s", self.id, reason)

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose invite token this is.

        :raises MoveError: (``bad_token``) a token that is no seat of this table.
        """
        if token is None or token == "":
            return None
        h = hash_token(str(token))
        for i, th in enumerate(self.token_hashes):
            if th is not None and secrets.compare_digest(th, h):
                return i
        raise MoveError("bad_token", "this invite link is not valid for this table")

    def present(self) -> list[bool]:
        """Per seat: a bot, or a person with at least one open connection."""
        online = {c.seat for c in self.connections}
        return [spec != HUMAN or i in online for i, spec in enumerate(self.seats)]

    def result_text(self) -> str:
        if self.stopped is not None:
            return f"stopped: {self.stopped}"
        if not self.finished:
            return ""
        w = self.state.winner()
        return f"{self.names[w]} wins" if w is not None else "draw"

    def record(self) -> GameRecord:
        """The game record (header: game, options, seed, seats, names, result; the moves)."""
        return GameRecord.from_state(
            self.state,
            seats=self.seats,
            extra={"Table": self.id, **{f"Name{i}": n for i, n in enumerate(self.names)}},
        )

    def summary(self) -> dict[str, Any]:
        """Public facts for the lobby (no token, no seed while the game runs)."""
        return {
            "id": self.id,
            "kind": "game",
            "game": self.game.game_id,
            "title": self.game.title,
            "num_players": self.game.num_players,
            "options": dict(self.game.options),
            # a seed chosen by the creator fixes the deal: whoever knows it can work out
            # every hidden card, so every seat is told
            "fixed_deal": self.fixed_deal,
            "seats": [
                {**seat, "present": present}
                for seat, present in zip(
                    lobby_seats(self.seats, self.names), self.present(), strict=True
                )
            ],
            "status": "finished" if self.finished else "open",
            "result": self.result_text(),
            "rematch": self.rematch,
            "spectator_chat": self.spectator_chat,
            "turn_seconds": self.turn_seconds,
            "moves": self.version,
            "current_player": self.state.current_player(),
            "created": self.created,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """What one viewer receives: only ``observation(seat)`` of the game state, plus
        public facts. ``seat=None``: the spectators' (public) view."""
        st = self.state
        obs = st.observation(seat)
        cp = st.current_player()
        ids: list[int] = []
        if seat is not None and seat == cp and not st.is_terminal():
            ids = st.legal_actions()
        legal = [{"id": a, "text": st.action_to_string(a)} for a in ids]
        out: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": self.game.game_id,
            "seat": seat,
            "version": self.version,
            "current_player": cp,
            "names": self.names,
            "bots": [s != HUMAN for s in self.seats],
            "present": self.present(),
            "observation": obs,
            "board_text": self.game.render_observation(obs, markup=False, names=self.names),
            "drawing": self.game.drawing_facts(obs, ids),
            "legal": legal,
            "log": self.log_for(seat),
            "terminal": st.is_terminal(),
            "has_hint": self.has_hint,
            "fixed_deal": self.fixed_deal,
            "rematch": self.rematch,
            "turn_seconds": self.turn_seconds,
            "turn_left": self.turn_left(),
        }
        if self.stopped is not None:
            out["result"] = self.result_text()
        if st.is_terminal():
            out["result"] = self.result_text()
            out["returns"] = st.returns()
            out["scores"] = st.scores()
        return out

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The last :data:`LOG_TAIL` moves as ``seat`` may know them (``None``: a spectator):
        ``{n, seat, move, events}``. ``move`` is the notation, except for another seat's move
        that ``known_history(seat)`` still hides: then its public wording
        (``public_action_string``, e.g. ``hero-placed``) or, when the game has none (Sixto's
        marks), :data:`SECRET_MOVE`."""
        known = self.state.known_history(seat)
        return [
            e.hidden if e.seat != seat and known[e.n - 1] is None else e.shown  # not revealed yet
            for e in self.log[-LOG_TAIL:]
        ]

    # -- moves ---------------------------------------------------------------------------
    def _next_state(self, action: int) -> State:
        nxt = self.state.clone()
        nxt.apply_action(action)  # raises IllegalActionError, self.state untouched
        return nxt

    def _advance(self, seat: int, nxt: State, note: str | None = None) -> None:
        before, after = self.state, nxt
        action = after.history()[-1]
        move = before.action_to_string(action)
        public = before.public_action_string(action)
        public_after = after.observation(None)
        public_before = self._public
        if public_before is None or public_before[0] is not before:
            public_before = (before, before.observation(None))
        self._public = (after, public_after)  # the next move's "before"
        events = self.game.describe_events(
            public_before[1],
            public_after,
            before.scores(),
            after.scores(),
            seat,
            self.names,
        )
        if note:
            events.append(note)
        self.state = after
        self.log.append(LogEntry(len(after.history()), seat, move, public, events))

    def parse_action(self, message: dict[str, Any]) -> int:
        """The action id of a move message: ``{"action": id}`` or ``{"notation": "R7>1"}``.

        :raises MoveError: neither, or not a move of this game.
        """
        if "action" in message:
            a = message["action"]
            if isinstance(a, bool) or not isinstance(a, int):
                raise MoveError("bad_message", f"action must be an action id (a number), not {a!r}")
            if not 0 <= a < self.game.num_distinct_actions:
                raise MoveError(
                    "illegal",
                    f"there is no action {a} in {self.game.game_id} "
                    f"(ids 0-{self.game.num_distinct_actions - 1})",
                )
            return a
        if "notation" in message:
            text = message["notation"]
            if not isinstance(text, str) or len(text) > 100:
                raise MoveError("bad_message", "notation must be a short text like a move")
            try:
                return self.state.string_to_action(text.strip())
            except NinetyNineError as e:
                raise MoveError("illegal", str(e)) from None
        raise MoveError("bad_message", 'a move needs "action" (an id) or "notation" (text)')

    async def play(self, seat: int | None, message: dict[str, Any]) -> None:
        """A person's move: ``message`` holds ``action`` or ``notation`` and ``version`` (the
        table version the move was made on).

        :raises MoveError: a spectator, not this seat's turn, a stale version, an unknown or
            illegal action, a finished game. Nothing changes then.
        """
        async with self.lock:
            if seat is None:
                raise MoveError("spectator", "spectators cannot make moves")
            version = message.get("version")
            if (
                isinstance(version, int)
                and not isinstance(version, bool)
                and version > self.version
                and not self.finished
            ):  # a version seen through another server process whose move we have not heard
                self.catch_up()
            if self.stopped is not None:
                raise MoveError("finished", f"this table was stopped: {self.stopped}")
            if self.finished:
                raise MoveError("finished", "the game is over")
            if isinstance(version, bool) or not isinstance(version, int):
                raise MoveError("bad_message", 'a move needs "version": the move number it is for')
            cp = self.state.current_player()
            if cp != seat:
                raise MoveError(
                    "not_your_turn", f"it is not your turn: {self.names[cp]} is to move"
                )
            if version != self.version:
                raise MoveError(
                    "stale",
                    f"stale move: it was made on move {version}, the table is at move "
                    f"{self.version}; look again",
                )
            action = self.parse_action(message)
            moved_elsewhere = False
            try:
                await self._commit(seat, action)
            except IllegalActionError as e:
                raise MoveError("illegal", str(e)) from None
            except StaleMove:  # through another server process: caught up with it now
                moved_elsewhere = True
        await self.broadcast()
        self.schedule_bots()
        if moved_elsewhere:
            raise MoveError(
                "stale",
                f"stale move: it was made on move {version}, the table is at move "
                f"{self.version}; look again",
            )

    async def _commit(self, seat: int, action: int, note: str | None = None) -> None:
        """Check, store and apply one move (under :attr:`lock`). The write stays on the event
        loop: handing it to a thread (so the loop would serve other tables during
        PostgreSQL's commit) measured 2-2.5x slower on 2 shared cores (thread hops and the
        GIL cost more than the wait; ``benchmarks/web_load.py --db postgresql+psycopg://...``).

        :raises IllegalActionError: nothing changes; :raises StaleMove: another server
            process stored a move first: the table has caught up with the stored moves
            (:meth:`catch_up`) and ``action`` was not played.
        """
        nxt = self._next_state(action)
        status = "finished" if nxt.is_terminal() else "open"
        result = ""
        if nxt.is_terminal():
            w = nxt.winner()
            result = f"{self.names[w]} wins" if w is not None else "draw"
        args = (self.id, self.version, seat, action, status, result, note)
        try:
            self.store.append_move(*args)
        except StaleMove:
            self.catch_up()
            raise
        if note:
            self.notes[self.version] = note
        self._advance(seat, nxt, note)
        self._arm_timer()
        if self.on_change:
            self.on_change(self)

    # -- several server processes ----------------------------------------------------------
    def catch_up(self) -> bool:
        """Apply the moves another server process stored since this table's version, and
        its status (stopped) and rematch; ``True`` if anything changed. Call under
        :attr:`lock`."""
        stored = self.store.load(self.id, first_move=self.version)
        if stored is None:
            return False
        changed = False
        for seat, action in stored.moves:
            note = stored.notes.get(self.version)
            if note:
                self.notes[self.version] = note
            self._advance(seat, self._next_state(action), note)
            changed = True
        if stored.status == "stopped" and self.stopped is None:
            self.stopped = stored.result
            changed = True
        if stored.rematch is not None and stored.rematch != self.rematch:
            self.rematch = stored.rematch
            changed = True
        if changed:
            self._arm_timer()
        return changed

    def request_sync(self) -> None:
        """Another server process changed this table (a ``NOTIFY``): reload what it stored
        (:meth:`sync`), once at a time, again if told again meanwhile."""
        if self._sync_task is not None and not self._sync_task.done():
            self._sync_again = True
            return
        self._sync_task = asyncio.get_running_loop().create_task(self._sync_loop())

    async def _sync_loop(self) -> None:
        self._sync_again = True
        while self._sync_again:
            self._sync_again = False
            try:
                await self.sync()
            except Exception:
                log.exception("table %s: reloading it from the database failed", self.id)

    async def sync(self) -> None:
        """Catch up with the moves, status, rematch and chat lines stored by another server
        process, and send this process's viewers what changed."""
        async with self.lock:
            changed = self.catch_up() or self.sent_version != self.version
            lines = self._new_chat_lines()
        if changed:
            await self.broadcast()
            self.schedule_bots()
            if self.on_change:
                self.on_change(self)
        if lines:
            msg = {"type": "chat", "messages": lines}
            for conn in list(self.connections):
                if self.reads_chat(conn.seat):
                    with contextlib.suppress(Exception):
                        await conn.viewer.send_json(msg)

    def _new_chat_lines(self) -> list[dict[str, Any]]:
        """Chat lines stored since the last one this process holds (none if it holds none
        yet: they are read on first use)."""
        if self._chat is None:
            return []
        last = self._chat[-1]["n"] if self._chat else 0
        new = [
            {"n": n, "seat": seat, "name": self.names[seat], "text": text, "time": t}
            for n, seat, text, t in self.store.load_chat(self.id, CHAT_HISTORY, after=last)
        ]
        self._chat.extend(new)
        del self._chat[:-CHAT_HISTORY]
        return new

    # -- bots ----------------------------------------------------------------------------
    # -- the turn timer ------------------------------------------------------------------
    def turn_left(self) -> float | None:
        """Seconds left for the person to move (``None``: no timer runs)."""
        if self._timer_task is None or self._timer_task.done():
            return None
        if self._timer_version != self.version:
            return None
        return round(max(0.0, self._turn_deadline - time.monotonic()), 1)

    def _arm_timer(self) -> None:
        """With a turn timer: start the clock of the person to move now (once per move)."""
        if not self.turn_seconds:
            return
        task = self._timer_task
        if task is not None and not task.done():
            if self._timer_version == self.version:
                return  # this turn's clock runs already
            if task is not asyncio.current_task():
                task.cancel()
        self._timer_task = None
        if self.finished or self.state.current_player() in self.agents:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer_version = self.version
        self._turn_deadline = time.monotonic() + self.turn_seconds
        self._timer_task = loop.create_task(self._time_out(self.version, self.turn_seconds))

    async def _time_out(self, version: int, seconds: float) -> None:
        """After ``seconds``, if the table is still at ``version``: :data:`TIMEOUT_AGENT`
        plays the seat's move (from that seat's observation, as any bot), and the log says so."""
        await asyncio.sleep(seconds)
        async with self.lock:
            if self.finished or self.version != version:
                return
            p = self.state.current_player()
            agents = list_agents(self.game.game_id)
            spec = TIMEOUT_AGENT if TIMEOUT_AGENT in agents else agents[0]
            agent = make_agent(spec, self.game, p, seed=derive_seed(self._timeout_seed, version))
            action = await asyncio.to_thread(choose_action, agent, self.state, p)
            note = f"{self.names[p]}'s time ran out: {spec} played this move"
            with contextlib.suppress(StaleMove):  # another process's clock went first
                await self._commit(p, action, note)
        await self.broadcast()
        self.schedule_bots()

    def schedule_bots(self) -> None:
        """Start the bot loop if a bot is to move and no loop runs (and, with a turn timer,
        the clock of a person to move)."""
        self._arm_timer()
        if self.finished or self.state.current_player() not in self.agents:
            return
        if self._bot_task is None or self._bot_task.done():
            if self.owns is not None and not self.owns(self.id):
                return  # another server process plays this table's bots
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while not self.finished and self.state.current_player() in self.agents:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                p = self.state.current_player()
                agent = self.agents.get(p)
                if agent is None or self.finished:
                    break
                cap = self.max_bot_moves
                if self.bot_only and cap is not None and self.version >= cap:
                    self.stop(f"a table of bots alone ends after {cap} moves on this server")
                    break
                version = self.version
                try:
                    action = await asyncio.to_thread(choose_action, agent, self.state, p)
                    # People before bots: the event loop's share of a bot's move (store it,
                    # build and encode the views) waits for one of BOT_TURNS_AT_ONCE slots
                    # of the whole server, and holds it into the loop's next pass (the
                    # sleep(0): without it nothing in the slot waits, so no bot ever waited
                    # for one). So each pass of the loop stores at most BOT_TURNS_AT_ONCE
                    # bots' moves, while every person's move read in it is handled at once,
                    # not queued behind the bots of every busy table (thinking, in a worker
                    # thread, does not wait).
                    async with self.bot_turns:
                        await self._commit(p, action)
                        frames = self._frames()
                        await asyncio.sleep(0)
                except StaleMove:  # moved through another process: caught up, look again
                    frames = self._frames()
                except Exception:  # a bot bug must not stop the game: a random legal move
                    if self.version != version:  # the move went in; what failed came after
                        log.exception("table %s: after the move of seat %d", self.id, p)
                        await self.broadcast()
                        continue
                    log.exception(
                        "table %s: the bot in seat %d failed; it plays a random legal move",
                        self.id,
                        p,
                    )
                    self.bot_failures += 1
                    legal = self.state.legal_actions()
                    try:
                        await self._commit(p, legal[self._fallback.randbelow(len(legal))])
                        frames = self._frames()
                    except Exception:  # the engine itself failed: stop this table, loudly
                        log.exception("table %s: the move failed; the table stops", self.id)
                        return
            await self._send(frames)

    async def halt(self) -> None:
        """Cancel the bot loop and the turn timer (the server is shutting down or unloading
        the table)."""
        if self._timer_task is not None and not self._timer_task.done():
            self._timer_task.cancel()
        if self._bot_task is not None and not self._bot_task.done():
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task

    # -- chat ----------------------------------------------------------------------------
    def chat_lines(self) -> list[dict[str, Any]]:
        """The last :data:`CHAT_HISTORY` lines: ``{n, seat, name, text, time}``."""
        if self._chat is None:
            self._chat = [
                {"n": n, "seat": seat, "name": self.names[seat], "text": text, "time": t}
                for n, seat, text, t in self.store.load_chat(self.id, CHAT_HISTORY)
            ]
        return self._chat

    def reads_chat(self, seat: int | None) -> bool:
        """Seats read the chat; spectators only if the table allows it (``spectator_chat``)."""
        return seat is not None or self.spectator_chat

    async def say(self, seat: int | None, text: Any) -> None:
        """A chat line from ``seat``: plain text (control characters dropped, one line), at
        most :data:`MAX_CHAT` characters and :data:`CHAT_BURST` lines per
        :data:`CHAT_WINDOW` seconds; stored, then sent to every viewer who reads the chat.

        :raises MoveError: a spectator, an empty, too long or non-text line, too many lines.
        """
        if seat is None:
            raise MoveError("spectator", "spectators cannot write in the chat")
        if not isinstance(text, str):
            raise MoveError("bad_message", 'a chat message is {"type": "chat", "text": "..."}')
        line = "".join(ch if ch.isprintable() else " " for ch in text).strip()
        if not line:
            raise MoveError("bad_message", "an empty chat line")
        if len(line) > MAX_CHAT:
            raise MoveError("bad_message", f"a chat line has at most {MAX_CHAT} characters")
        try:  # counted over the stored lines: one limit for every server process
            n, t = self.store.add_chat(
                self.id, seat, line, now=self.clock(), burst=CHAT_BURST, window=CHAT_WINDOW
            )
        except ChatRate:
            raise MoveError(
                "rate", f"slow down: at most {CHAT_BURST} chat lines in {CHAT_WINDOW:g} seconds"
            ) from None
        entry = {"n": n, "seat": seat, "name": self.names[seat], "text": line, "time": t}
        lines = self.chat_lines()
        lines.append(entry)
        del lines[:-CHAT_HISTORY]
        msg = {"type": "chat", "messages": [entry]}
        for conn in list(self.connections):
            if self.reads_chat(conn.seat):
                with contextlib.suppress(Exception):
                    await conn.viewer.send_json(msg)

    # -- viewers -------------------------------------------------------------------------
    async def join(self, viewer: Viewer, seat: int | None) -> Connection:
        conn = Connection(viewer, seat)
        self.connections.append(conn)
        await self.broadcast()
        if self.reads_chat(seat) and self.chat_lines():
            await viewer.send_json({"type": "chat", "messages": list(self.chat_lines())})
        self.schedule_bots()
        return conn

    async def leave(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
            await self.broadcast()
            if self.on_change:
                self.on_change(self)

    async def broadcast(self) -> None:
        """Send every viewer its own view (built and encoded once per seat)."""
        await self._send(self._frames())

    def _frames(self) -> Frames:
        """The view of each seat someone is viewing from (``None``: spectators), as text."""
        return Frames(
            self.version,
            {seat: encode(self.view(seat)) for seat in {c.seat for c in self.connections}},
        )

    async def _send(self, frames: Frames) -> None:
        """Send each viewer the frame of its seat; frames of an older version (the table
        moved on since they were built) or for a viewer who joined since are built now. A
        viewer whose socket fails is dropped, the others go on."""
        self.sent_version = frames.version
        for conn in list(self.connections):
            if frames.version != self.version:
                frames = self._frames()
                self.sent_version = frames.version
            if conn.seat not in frames.text:
                frames.text[conn.seat] = encode(self.view(conn.seat))
            try:
                await conn.viewer.send_text(frames.text[conn.seat])
            except Exception:  # a closed socket: drop it, the others go on
                if conn in self.connections:
                    self.connections.remove(conn)

    async def hint(self, seat: int | None) -> str:
        """The game's hint for ``seat``'s own observation.

        :raises MoveError: a spectator, or the game has no hint.
        """
        if seat is None:
            raise MoveError("spectator", "spectators get no hints")
        if not self.has_hint:
            raise MoveError("bad_message", f"{self.game.game_id} has no hint")
        obs = self.state.observation(seat)
        text = await asyncio.to_thread(self.game.hint, obs)
        return text or "no hint for this position"


@dataclass
class Created:
    id: str
    tokens: list[str | None] = field(default_factory=list)


class TableManager:
    """Every table: created here, loaded from the store on first use, kept in memory while it
    is played or watched. A finished game nobody watches leaves memory (it cannot change any
    more): the lobby lists it from the store, and opening it again replays it."""

    def __init__(self, store: Store, bot_delay: float = 0.0, limits: Limits | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.tables: dict[str, LiveTable] = {}
        #: Replays of finished tables, most recently used last (they never change).
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.analyses: OrderedDict[str, Analysis] = OrderedDict()
        #: Wall-clock cap of one analysis, in seconds.
        self.analysis_seconds = analysis_module.MAX_SECONDS
        self._analysis_tasks: set[asyncio.Task[Any]] = set()
        self._rematch_lock = asyncio.Lock()
        self.bot_turns = asyncio.Semaphore(BOT_TURNS_AT_ONCE)
        #: The copies of finished tables handed out (each viewer of one may hold its own):
        #: to tell their viewers of a rematch.
        self._finished_copies: dict[str, weakref.WeakSet[LiveTable]] = {}
        #: Several server processes on PostgreSQL (:meth:`start_fanout`): the leases of the
        #: tables whose bots this process plays, and the listener of the others' changes.
        self.leases: Leases | None = None
        self._listener: Listener | None = None
        self._adopter: asyncio.Task[None] | None = None

    # -- several server processes --------------------------------------------------------
    def start_fanout(self) -> bool:
        """On PostgreSQL, let this process share the database with other server processes
        (call from the event loop, before :meth:`resume`): take a table's lease before
        playing its bots, hear every other process's change (``LISTEN``) and pass it on to
        this process's viewers, and every :data:`~ninetynine.web.fanout.ADOPT_SECONDS` take
        over the bots of tables whose owner died. ``False`` (and nothing runs) on SQLite."""
        if not self.store.is_postgresql or self.leases is not None:
            return False
        loop = asyncio.get_running_loop()
        self.leases = Leases(self.store.engine)

        def deliver(payload: str | None) -> None:
            loop.call_soon_threadsafe(self._heard, payload)

        self._listener = Listener(self.store.engine, deliver)
        self._listener.start()
        self._adopter = loop.create_task(self._adopt_loop())
        return True

    def _owns(self, table_id: str) -> bool:
        return self.leases is None or self.leases.own(table_id)

    def _heard(self, payload: str | None) -> None:
        """A change told by ``NOTIFY`` (``table id`` or ``table id:moves``; ``None``: some
        may have been missed): the tables this process holds reload what changed."""
        if payload is None:
            targets = [*self.tables.values()]
            for copies in self._finished_copies.values():
                targets.extend(copies)
        else:
            tid, _, moves = payload.partition(":")
            targets = [*self._finished_copies.get(tid, ())]
            table = self.tables.get(tid)
            if table is not None and not (  # a move this process made and sent needs nothing
                moves.isdigit() and min(table.version, table.sent_version) >= int(moves)
            ):
                targets.append(table)
        for t in targets:
            t.request_sync()

    async def _adopt_loop(self) -> None:
        """Take over the bots of the tables this process holds whose owner died (its lease
        was freed with its connection), and every tenth round look for unfinished tables of
        bots alone that no process holds."""
        rounds = 0
        while True:
            await asyncio.sleep(ADOPT_SECONDS)
            rounds += 1
            try:
                for table in list(self.tables.values()):
                    table.schedule_bots()  # takes the lease if a bot is to move and it is free
                if rounds % 10 == 0:
                    for tid in self.store.open_table_ids():
                        if tid not in self.tables:
                            stored = self.store.load(tid)
                            if stored and all(s != HUMAN for s in stored.seats):
                                self.get(tid)
            except Exception:
                log.exception("taking over tables failed")

    def create(
        self,
        game_id: str,
        num_players: int | None,
        options: dict[str, Any],
        seats: Sequence[str] | None,
        names: Sequence[str | None] | None = None,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Created:
        """A new table; returns its id and one token per human seat (``None`` for bots).
        ``settings``: ``spectator_chat`` (bool: spectators may read the players' chat).

        :raises GameOptionError: unknown game, bad options, seats, seed or settings.
        """
        settings = check_settings(settings or {})
        if not isinstance(options, dict):
            raise GameOptionError("options must be an object of option: value")
        check_served_options(game_id, options)
        if num_players is None and seats:
            num_players = len(seats)
        game = load_game(game_id, num_players=num_players, **options)
        specs = normalise_seats(game, seats)
        state = game.new_initial_state(seed=seed)  # checks the seed; None draws one
        self.check_limits(bot_only=all(s != HUMAN for s in specs))
        tokens = [new_token() if s == HUMAN else None for s in specs]
        tid = self.store.create_table(
            kind="game",
            game_id=game.game_id,
            num_players=game.num_players,
            options=dict(game.options),
            seed=state.seed,
            seats=specs,
            names=seat_names(specs, names),
            token_hashes=[hash_token(t) if t else None for t in tokens],
            fixed_deal=seed is not None,
            settings=settings,
            game_version=game.version,
        )
        return Created(tid, tokens)

    def get(self, table_id: str) -> LiveTable | None:
        """The live table (loaded and replayed from the store the first time)."""
        if table_id in self.tables:
            return self.tables[table_id]
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        stored = self.store.load(table_id)
        if stored is None or stored.kind != "game":
            return None
        table = LiveTable(
            stored,
            self.store,
            self.bot_delay,
            on_change=self._settle,
            max_bot_moves=self.limits.max_bot_moves,
            bot_turns=self.bot_turns,
            owns=self._owns if self.leases is not None else None,
        )
        if table.finished:  # read-only: each caller may have its own copy
            if len(self._finished_copies) > 256:  # forget the ids nobody holds any more
                for k in [k for k, v in self._finished_copies.items() if not v]:
                    del self._finished_copies[k]
            self._finished_copies.setdefault(table_id, weakref.WeakSet()).add(table)
            return table
        self.tables[table_id] = table
        try:  # a bot whose turn it was when the server stopped moves now
            asyncio.get_running_loop()
        except RuntimeError:
            return table
        table.schedule_bots()
        return table

    def replay(self, table_id: str) -> Replay:
        """The replay of a finished table (kept for the last :data:`REPLAYS_KEPT` asked for).

        :raises KeyError: no such table; :raises MoveError: (``not_finished``) the game is
            still being played: its replay would show every hidden card.
        """
        if table_id in self.replays:
            self.replays.move_to_end(table_id)
            return self.replays[table_id]
        table = self.get(table_id)
        if table is None:
            raise KeyError(table_id)
        if not table.finished:
            raise MoveError(
                "not_finished",
                "the replay is available when the game is over (it shows every hand)",
            )
        replay = Replay(
            table.game,
            table.state.seed,
            table.state.history(),
            table.names,
            table.seats,
            table.notes,
        )
        self.replays[table_id] = replay
        while len(self.replays) > REPLAYS_KEPT:
            self.replays.popitem(last=False)
        return replay

    async def start_rematch(self, table_id: str, seat: int | None) -> str:
        """The rematch of a finished table, asked for by one of its seats: a new table with
        the same game, options, seats, names and seat tokens (each invite link opens it too)
        and a deal drawn by the server; the old table records it (``rematch``) and its viewers
        are told. Asking again (any seat) gives the same rematch. Returns its id.

        :raises KeyError: no such table; :raises MoveError: a spectator (``spectator``), a
            game still being played (``not_finished``); :raises LimitError: the server's limits.
        """
        async with self._rematch_lock:
            table = self.get(table_id)
            if table is None:
                raise KeyError(table_id)
            if seat is None:
                raise MoveError("spectator", "only the seats of a table can start its rematch")
            if not table.finished:
                raise MoveError("not_finished", "a rematch starts when the game is over")
            stored = self.store.load(table_id)
            if stored is None:  # pragma: no cover - it was just loaded
                raise KeyError(table_id)
            if stored.rematch is not None:
                new_id = stored.rematch
            else:
                self.check_limits(bot_only=False)
                game = table.game
                new_id = self.store.create_table(
                    kind="game",
                    game_id=game.game_id,
                    num_players=game.num_players,
                    options=dict(game.options),
                    seed=game.new_initial_state().seed,  # drawn by the server
                    seats=stored.seats,
                    names=stored.names,
                    token_hashes=stored.token_hashes,
                    settings=stored.settings,
                    game_version=game.version,  # its options hold any older rules
                )
                won = self.store.set_rematch(table_id, new_id)
                if won != new_id:  # another server process started one first
                    self.store.delete_table(new_id)
                    new_id = str(won)
            copies = [table, *self._finished_copies.get(table_id, ())]
            for t in copies:
                t.rematch = new_id
        for t in set(copies):
            await t.broadcast()
        fresh = self.get(new_id)
        if fresh is not None:
            fresh.schedule_bots()
        return new_id

    def start_analysis(self, table_id: str, step: Any, games: Any = None) -> Analysis:
        """Start analysing step ``step`` of a finished table for its seat to move, in a worker
        thread (:func:`ninetynine.web.analysis.run`); the returned job fills as it runs.

        :raises KeyError: no such table; :raises MoveError: (``not_finished``) a live game,
            (``bad_message``) a step outside the game or where it is over, or a number of
            games outside 1..:data:`~ninetynine.web.analysis.MAX_GAMES`;
            :raises LimitError: :data:`MAX_ANALYSES` analyses already run.
        """
        replay = self.replay(table_id)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= replay.steps:
            raise MoveError("bad_message", f"step is a move number 0-{replay.steps}")
        if games is None:
            games = analysis_module.DEFAULT_GAMES
        if isinstance(games, bool) or not isinstance(games, int):
            raise MoveError("bad_message", "games is a whole number")
        if not 1 <= games <= analysis_module.MAX_GAMES:
            raise MoveError(
                "bad_message", f"games is 1 to {analysis_module.MAX_GAMES} a move, not {games}"
            )
        state = replay.states[step]
        if state.is_terminal():
            raise MoveError("bad_message", "the game is over at this step: no move to analyse")
        running = sum(1 for a in self.analyses.values() if not a.done)
        if running >= MAX_ANALYSES:
            raise LimitError(
                f"this server runs at most {MAX_ANALYSES} analyses at once; try again shortly"
            )
        history = replay.states[-1].history()
        job = Analysis(
            id=secrets.token_urlsafe(8),
            table=table_id,
            step=step,
            seat=state.current_player(),
            games=games,
        )
        self.analyses[job.id] = job
        while len(self.analyses) > ANALYSES_KEPT:
            oldest = next((k for k, a in self.analyses.items() if a.done), None)
            if oldest is None:
                break
            del self.analyses[oldest]
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(
                analysis_module.run,
                job,
                state.clone(),
                history[step] if step < len(history) else None,
                min(analysis_module.SEARCH_ITERATIONS, MAX_BOT_ITERATIONS),
                self.analysis_seconds,
            )
        )
        self._analysis_tasks.add(task)
        task.add_done_callback(self._analysis_done)
        if self.leases is not None:  # other processes may get the page's polls
            publish = asyncio.get_running_loop().create_task(self._publish_analysis(job))
            self._analysis_tasks.add(publish)
            publish.add_done_callback(self._analysis_done)
        return job

    async def _publish_analysis(self, job: Analysis) -> None:
        """Store ``job``'s progress every :data:`ANALYSIS_PUBLISH_SECONDS` until it ends, for
        the other server processes to answer its polls (:meth:`analysis`)."""
        while True:
            done = job.done
            body = job.to_json()
            await asyncio.to_thread(self.store.save_analysis, job.id, body)
            if done:
                return
            await asyncio.sleep(ANALYSIS_PUBLISH_SECONDS)

    def analysis(self, job_id: str) -> dict[str, Any] | None:
        """The progress of analysis ``job_id``: from this process if it runs here, else (on
        PostgreSQL, several processes) as the process running it last stored it."""
        job = self.analyses.get(job_id)
        if job is not None:
            return job.to_json()
        if self.leases is not None and isinstance(job_id, str) and len(job_id) <= 32:
            return self.store.load_analysis(job_id)
        return None

    def _analysis_done(self, task: asyncio.Task[Any]) -> None:
        self._analysis_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("an analysis failed", exc_info=task.exception())

    def _settle(self, table: LiveTable) -> None:
        """After a move or a viewer leaving: forget a finished table nobody watches."""
        if table.finished and self.leases is not None:
            self.leases.release(table.id)
        if table.finished and not table.connections and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def check_limits(self, bot_only: bool) -> None:
        """:raises LimitError: one more unfinished table (``bot_only``: of bots alone) would
        pass the server's :class:`Limits` (idle tables are closed first)."""
        lim = self.limits
        if self.store.count_open() >= lim.max_open_tables:
            self.close_idle()
            if self.store.count_open() >= lim.max_open_tables:
                raise LimitError(
                    f"this server holds at most {lim.max_open_tables} unfinished tables; "
                    "finish one or try again later"
                )
        if bot_only and self.store.count_open(bots_only=True) >= lim.max_bot_tables:
            raise LimitError(
                f"this server runs at most {lim.max_bot_tables} "
                f"table{'s' if lim.max_bot_tables != 1 else ''} of bots alone at once; "
                "give a seat to a person, or wait for one to finish"
            )

    def close_idle(self, now: float | None = None) -> int:
        """Close for good every unfinished table with no move for ``limits.idle_hours``
        (nobody can be waiting at it); returns how many."""
        hours = self.limits.idle_hours
        since = (time.time() if now is None else now) - hours * 3600
        n = 0
        for tid in self.store.open_table_ids(idle_since=since):
            reason = f"closed after {hours:g} hours without a move"
            table = self.tables.pop(tid, None)
            if table is not None:
                table.stop(reason)
            else:
                self.store.stop_table(tid, reason)
            n += 1
        return n

    def resume(self) -> int:
        """Load the unfinished tables whose seats are all bots and let them play on, up to
        ``limits.max_bot_tables`` (the others are stopped: the limit may have been lowered);
        the people's tables wait until someone opens them. Returns how many were resumed."""
        self.close_idle()
        n = 0
        for tid in self.store.open_table_ids():
            stored = self.store.load(tid)
            if stored and all(s != HUMAN for s in stored.seats):
                if n >= self.limits.max_bot_tables:
                    self.store.stop_table(
                        tid, f"this server runs at most {self.limits.max_bot_tables} bot tables"
                    )
                    continue
                try:
                    table = self.get(tid)
                except NinetyNineError as e:  # a game version that no longer replays
                    log.error("table %s cannot resume: %s", tid, e)
                    continue
                if table is not None:
                    table.schedule_bots()
                    n += 1
        return n

    def summaries(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Lobby list, newest first: live tables from memory, the others from the store."""
        out = []
        for st in self.store.list_tables(status=status, limit=limit):
            if st.kind == "game" and st.id in self.tables:
                out.append(self.tables[st.id].summary())
                continue
            out.append(
                {
                    "id": st.id,
                    "kind": st.kind,
                    "game": st.game_id,
                    "num_players": st.num_players,
                    "seats": lobby_seats(st.seats, st.names),
                    "status": st.status,
                    "result": st.result,
                    "created": st.created,
                    "rematch": st.rematch,
                }
            )
        return out

    async def close(self) -> None:
        for job in self.analyses.values():
            job.cancel.set()
        for t in self.tables.values():
            await t.halt()
        if self._adopter is not None:
            self._adopter.cancel()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        if self.leases is not None:
            self.leases.close()

    # -- score sheets --------------------------------------------------------------------
    def create_sheet(self, game_id: str, names: Sequence[str], handicap: Any = None) -> Created:
        """A new score sheet; returns its id and its one edit token.

        :raises GameOptionError: see :class:`~ninetynine.web.sheet.ScoreSheet`.
        """
        if not isinstance(names, list | tuple):
            raise GameOptionError("names must be a list of player names")
        sheet = ScoreSheet(game_id, names, handicap)
        token = new_token()
        tid = self.store.create_table(
            kind="sheet",
            game_id=game_id,
            num_players=len(sheet.names),
            options=sheet.options,
            seed=0,
            seats=[HUMAN] * len(sheet.names),
            names=sheet.names,
            token_hashes=[hash_token(token)],
        )
        return Created(tid, [token])

    def load_sheet(self, sheet_id: str) -> tuple[ScoreSheet, StoredTable] | None:
        stored = self.store.load(sheet_id) if len(sheet_id) <= 32 else None
        if stored is None or stored.kind != "sheet":
            return None
        sheet = ScoreSheet(
            stored.game_id,
            stored.names,
            stored.options.get("handicap"),
            stored.options.get("target"),
        )
        for p, a in stored.moves:
            sheet.add(p, a)
        return sheet, stored

    def sheet_entry(self, sheet_id: str, token: str, player: Any, action: Any) -> ScoreSheet:
        """Add an entry (checked first) in one transaction.

        :raises SheetError: a bad token or entry; :raises KeyError: no such sheet.
        """
        sheet, stored = self._sheet_for_edit(sheet_id, token)
        sheet.check(player, action)
        sheet.add(player, action)
        status = "finished" if sheet.winner is not None else "open"
        result = f"{sheet.names[sheet.winner]} wins" if sheet.winner is not None else ""
        self.store.append_move(sheet_id, len(stored.moves), player, action, status, result)
        return sheet

    def sheet_undo(self, sheet_id: str, token: str) -> ScoreSheet:
        sheet, _ = self._sheet_for_edit(sheet_id, token)
        sheet.undo()
        self.store.remove_last_move(sheet_id)
        return sheet

    def _sheet_for_edit(self, sheet_id: str, token: str) -> tuple[ScoreSheet, StoredTable]:
        found = self.load_sheet(sheet_id)
        if found is None:
            raise KeyError(sheet_id)
        sheet, stored = found
        th = stored.token_hashes[0]
        if not token or th is None or not secrets.compare_digest(th, hash_token(str(token))):
            raise SheetError("this link may only look at the sheet, not write on it")
        return sheet, stored


__all__ = [
    "Created",
    "LiveTable",
    "MoveError",
    "SheetError",
    "TableManager",
    "normalise_seats",
    "seat_names",
]
