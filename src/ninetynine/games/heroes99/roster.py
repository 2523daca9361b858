"""The hero roster: heroes are data (TOML files), validated against a small schema.

99 Heroes rulebook gives the frame and the effect vocabulary but names no hero; our
heroes live in ``games/heroes99/heroes/*.toml``, one file per hero, and a designer adds one by
writing a file (``-o heroes=DIR`` loads a directory of extra files; see
``docs/rules/heroes99-heroes.md`` for the format). A file is read with :mod:`tomllib` and
checked here; a mistake raises :class:`HeroFileError` naming the file, the field and the
problem, e.g. ``bastion.toml: skill[1].effects[0].amount: expected an integer from 1 to 3,
got 'two'``.

A hero::

    id = "bastion"                  # optional: the file name without .toml
    name = "Bastion"
    role = "wall"                   # optional, one word for listings
    flavor = "..."                  # optional

    [ability]                       # the Unique Ability: static rules and/or triggers
    name = "Fortress"
    rules = { capacity = 4 }

    [[ability.trigger]]             # optional, repeatable
    when = "upkeep"                 # upkeep | end | enemy_play
    optional = false                # true: its owner may decline it
    if = { losing = true }          # optional condition
    effects = [{ verb = "bolster", amount = 1 }]

    [[skill]]                       # 1-3 skills
    on = "spades"                   # a suit (clubs ... spades) or a rank (A, 2-10, J, Q, K)
    effects = [{ verb = "bolster", amount = 1, to = "this" }]

The effect verbs are the text's (``§ Other Effects``) plus ``draw``: ``bolster``,
``bolster_hand``, ``draw``, ``discard``, ``shift``, ``swap``, ``clash``, ``resolve``,
``bonus_turn`` (the fields of each are in :data:`EFFECT_FIELDS`); the static rules a Unique
Ability may bend are :data:`RULES`; the conditions are :data:`CONDITIONS`; the hero selectors
(``to``, ``from``, ``target``) are :data:`SELECTORS` (all in ``hero.py``, with the records a
file is read into). This module reads and checks files and builds the :class:`Roster`.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from ninetynine.core.errors import GameOptionError

from .cards import parse_rank, parse_suit
from .effects import Verb
from .hero import (
    CONDITIONS,
    DISCARD_FROM,
    EFFECT_FIELDS,
    RESOLVE_LANES,
    RULES,
    SELECTORS,
    SWAP_WHO,
    TRIGGERS,
    Condition,
    Effect,
    Hero,
    Skill,
    Trigger,
    effect_text,
)

MAX_SKILLS = 3
MAX_EFFECTS = 4
MAX_AMOUNT = 3
_ID = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


class HeroFileError(GameOptionError):
    """A hero file that cannot be read or breaks the schema: the message names the file, the
    field (``skill[1].effects[0].amount``) and the problem."""


# ----------------------------------------------------------------------------- validation
class _Checker:
    """Reads one parsed file, raising :class:`HeroFileError` with the file and field path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> HeroFileError:
        return HeroFileError(
            f"{self.path}: {where}: {problem}" if where else f"{self.path}: {problem}"
        )

    def table(self, data: Any, where: str, allowed: Iterable[str]) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(where, f"expected a table, got {_show(data)}")
        extra = sorted(set(data) - set(allowed))
        if extra:
            raise self.fail(
                f"{where}.{extra[0]}" if where else extra[0],
                f"unknown field; allowed here: {', '.join(sorted(allowed))}",
            )
        return data

    def string(self, data: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
        w = f"{where}.{key}" if where else key
        if key not in data:
            if required:
                raise self.fail(w, "missing (required)")
            return ""
        v = data[key]
        if not isinstance(v, str) or (required and not v.strip()):
            raise self.fail(w, f"expected a non-empty string, got {_show(v)}")
        return v.strip()

    def integer(self, v: Any, where: str, lo: int, hi: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(where, f"expected an integer from {lo} to {hi}, got {_show(v)}")
        return v

    def boolean(self, v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            raise self.fail(where, f"expected true or false, got {_show(v)}")
        return v

    def choice(self, v: Any, where: str, choices: Sequence[str]) -> str:
        if v not in choices:
            raise self.fail(where, f"expected one of {', '.join(choices)}, got {_show(v)}")
        return str(v)

    def suit(self, v: Any, where: str) -> int:
        s = parse_suit(v) if isinstance(v, str) else None
        if s is None:
            raise self.fail(
                where, f"expected a suit (clubs, diamonds, hearts, spades), got {_show(v)}"
            )
        return s

    # -- parts --------------------------------------------------------------------------
    def condition(self, data: Any, where: str) -> Condition:
        t = self.table(data, where, CONDITIONS)
        tests = []
        for k in CONDITIONS:
            if k in t:
                kind = CONDITIONS[k][0]
                w = f"{where}.{k}"
                tests.append(
                    (k, self.boolean(t[k], w) if kind == "bool" else self.integer(t[k], w, 0, 9))
                )
        return Condition(tuple(tests))

    def effects(self, data: Any, where: str, nested: bool = False) -> tuple[Effect, ...]:
        if not isinstance(data, list) or not data:
            raise self.fail(where, f"expected a non-empty list of effects, got {_show(data)}")
        if len(data) > MAX_EFFECTS:
            raise self.fail(where, f"at most {MAX_EFFECTS} effects, got {len(data)}")
        return tuple(self.effect(x, f"{where}[{i}]", nested) for i, x in enumerate(data))

    def effect(self, data: Any, where: str, nested: bool) -> Effect:
        if not isinstance(data, dict):
            raise self.fail(
                where,
                f'expected a table like {{ verb = "bolster", amount = 1 }}, got {_show(data)}',
            )
        if "verb" not in data:
            raise self.fail(
                f"{where}.verb", f"missing (required); verbs: {', '.join(EFFECT_FIELDS)}"
            )
        verb = cast(Verb, self.choice(data["verb"], f"{where}.verb", list(EFFECT_FIELDS)))
        fields = EFFECT_FIELDS[verb]
        t = self.table(data, where, ["verb", *fields])
        kw: dict[str, Any] = {"verb": verb}
        for key, default in fields.items():
            w = f"{where}.{key}"
            v = t.get(key, default)
            if key == "amount":
                kw["amount"] = self.integer(v, w, 1, MAX_AMOUNT)
            elif key == "until":
                kw["until"] = self.integer(v, w, 0, 9)
            elif key in ("to", "target"):
                kw[key] = self.choice(v, w, list(SELECTORS))
            elif key == "from":
                kw["source"] = self.choice(
                    v, w, DISCARD_FROM if verb == "discard" else list(SELECTORS)
                )
            elif key == "who":
                kw["who"] = self.choice(v, w, SWAP_WHO)
            elif key == "lane":
                kw["lane"] = self.choice(v, w, RESOLVE_LANES)
            elif key in ("win", "lose"):
                if nested and key in t:
                    raise self.fail(w, "a Clash inside a Clash is not allowed")
                kw[key] = self.effects(v, w, nested=True) if v else ()
        if verb == "clash" and not (kw["win"] or kw["lose"]):
            raise self.fail(where, "a clash needs win = [...] or lose = [...] effects")
        if verb == "discard" and kw["source"] in ("active", "bolster") and "target" not in t:
            raise self.fail(
                f"{where}.target", 'missing: whose active card or bolster (e.g. "enemy")'
            )
        if verb == "shift" and kw["source"] == kw["to"] == "this":
            raise self.fail(where, "a shift from this hero to this hero moves nothing")
        if verb == "discard" and kw["source"] in ("hand", "enemy_hand") and "target" in t:
            raise self.fail(f"{where}.target", "a discard from a hand has no target hero")
        return Effect(**kw)

    def skill(self, data: Any, where: str) -> Skill:
        t = self.table(data, where, ("on", "name", "text", "if", "effects"))
        if "on" not in t:
            raise self.fail(
                f"{where}.on", 'missing (required): a suit or a rank, e.g. "hearts" or "7"'
            )
        on = t["on"]
        suit = parse_suit(on) if isinstance(on, str) else None
        rank = (
            parse_rank(str(on)) if isinstance(on, str | int) and not isinstance(on, bool) else None
        )
        if suit is None and rank is None:
            raise self.fail(
                f"{where}.on",
                "expected a suit (clubs, diamonds, hearts, spades) or a rank (A, 2-10, J, Q, "
                f"K), got {_show(on)}",
            )
        if "effects" not in t:
            raise self.fail(f"{where}.effects", "missing (required)")
        return Skill(
            suit=suit,
            rank=None if suit is not None else rank,
            effects=self.effects(t["effects"], f"{where}.effects"),
            name=self.string(t, "name", where),
            cond=self.condition(t["if"], f"{where}.if") if "if" in t else Condition(),
            custom_text=self.string(t, "text", where),
        )

    def trigger(self, data: Any, where: str) -> Trigger:
        t = self.table(data, where, ("when", "optional", "if", "effects"))
        if "when" not in t:
            raise self.fail(f"{where}.when", f"missing (required): one of {', '.join(TRIGGERS)}")
        if "effects" not in t:
            raise self.fail(f"{where}.effects", "missing (required)")
        return Trigger(
            when=self.choice(t["when"], f"{where}.when", list(TRIGGERS)),
            effects=self.effects(t["effects"], f"{where}.effects"),
            optional=self.boolean(t.get("optional", False), f"{where}.optional"),
            cond=self.condition(t["if"], f"{where}.if") if "if" in t else Condition(),
        )

    def rules(self, data: Any, where: str) -> tuple[tuple[str, Any], ...]:
        t = self.table(data, where, RULES)
        out: list[tuple[str, Any]] = []
        for k, (kind, lo, hi, _) in RULES.items():
            if k not in t:
                continue
            w = f"{where}.{k}"
            if kind == "int":
                out.append((k, self.integer(t[k], w, lo, hi)))
            elif kind == "suit":
                out.append((k, self.suit(t[k], w)))
            elif self.boolean(t[k], w):
                out.append((k, True))
        return tuple(out)

    def hero(self, data: Any, default_id: str) -> Hero:
        t = self.table(data, "", ("id", "name", "role", "flavor", "ability", "skill"))
        hid = t.get("id", default_id)
        if not isinstance(hid, str) or not _ID.match(hid):
            raise self.fail(
                "id",
                "expected a lower-case name of letters, digits, '-' or '_' (at most 32), got "
                + _show(hid),
            )
        name = self.string(t, "name", "", required=True)
        if "ability" not in t:
            raise self.fail("ability", "missing (required): every hero has a Unique Ability")
        a = self.table(t["ability"], "ability", ("name", "text", "rules", "trigger"))
        rules = self.rules(a["rules"], "ability.rules") if "rules" in a else ()
        raw = a.get("trigger", [])
        if not isinstance(raw, list):
            raise self.fail(
                "ability.trigger", f"expected [[ability.trigger]] tables, got {_show(raw)}"
            )
        triggers = tuple(self.trigger(x, f"ability.trigger[{i}]") for i, x in enumerate(raw))
        if not rules and not triggers:
            raise self.fail(
                "ability", "a Unique Ability needs rules = {...} or [[ability.trigger]]"
            )
        skills_raw = t.get("skill")
        if skills_raw is None:
            raise self.fail(
                "skill",
                f"expected 1 to {MAX_SKILLS} [[skill]] tables, but the file has none (a hero "
                'needs at least one skill, e.g. [[skill]] with on = "hearts" and effects = [...])',
            )
        if isinstance(skills_raw, dict):
            raise self.fail(
                "skill",
                "a skill is written [[skill]] (two brackets: one table per skill), not [skill]",
            )
        if not isinstance(skills_raw, list) or not 1 <= len(skills_raw) <= MAX_SKILLS:
            raise self.fail(
                "skill", f"expected 1 to {MAX_SKILLS} [[skill]] tables, got {_show(skills_raw)}"
            )
        skills = tuple(self.skill(x, f"skill[{i}]") for i, x in enumerate(skills_raw))
        return Hero(
            id=hid,
            name=name,
            ability_name=self.string(a, "name", "ability", required=True),
            rules=rules,
            triggers=triggers,
            skills=skills,
            role=self.string(t, "role", ""),
            flavor=self.string(t, "flavor", ""),
            ability_text=self.string(a, "text", "ability"),
            path=self.path,
        )


def _show(v: Any) -> str:
    if v is None:  # TOML has no null: the key is missing from the file
        return "nothing (it is missing from the file)"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


# ----------------------------------------------------------------------------- loading
def hero_files(directory: str | Path, context: str = "") -> list[Path]:
    """The hero files (``*.toml``) of ``directory``, sorted.

    :raises HeroFileError: no such directory, not a directory, or no hero file in it (each
        said as such, followed by ``context``)."""
    p = Path(directory).expanduser()
    tail = f" {context}" if context else ""
    if not p.exists():
        raise HeroFileError(f"{directory}: no such directory{tail}")
    if not p.is_dir():
        raise HeroFileError(f"{directory}: not a directory (a directory of hero files){tail}")
    files = sorted(p.glob("*.toml"))
    if not files:
        raise HeroFileError(f"{directory}: no hero files (*.toml) in this directory{tail}")
    return files


def parse_hero(text: str, path: str = "<hero>", default_id: str = "hero") -> Hero:
    """A hero from the text of a TOML file.

    :raises HeroFileError: not TOML, or a field that breaks the schema (the message names
        ``path``, the field and the problem).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HeroFileError(f"{path}: not valid TOML: {e}") from None
    return _Checker(path).hero(data, default_id)


def load_hero_file(path: str | os.PathLike[str]) -> Hero:
    """Read and validate one hero file.

    :raises HeroFileError: the file cannot be read or breaks the schema.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise HeroFileError(f"{p}: cannot read the hero file: {e}") from None
    return parse_hero(text, str(p), p.stem.lower())


@dataclass(frozen=True)
class Roster:
    """The heroes of a game, sorted by id (a hero's index is its place here)."""

    heroes: tuple[Hero, ...]

    def __len__(self) -> int:
        return len(self.heroes)

    @property
    def ids(self) -> list[str]:
        return [h.id for h in self.heroes]

    def index(self, hero_id: str) -> int:
        """:raises KeyError: no hero with that id."""
        for i, h in enumerate(self.heroes):
            if h.id == hero_id:
                return i
        raise KeyError(hero_id)

    def find(self, name: str) -> int:
        """The index of the hero called ``name`` (its id or name, any case, spaces ignored, or a
        unique prefix).

        :raises GameOptionError: no such hero, or an ambiguous prefix.
        """
        key = _key(name)
        exact = [i for i, h in enumerate(self.heroes) if key in (_key(h.id), _key(h.name))]
        if exact:
            return exact[0]
        pre = [
            i
            for i, h in enumerate(self.heroes)
            if _key(h.id).startswith(key) or _key(h.name).startswith(key)
        ]
        if len(pre) == 1 and key:
            return pre[0]
        if len(pre) > 1:
            names = ", ".join(self.heroes[i].name for i in pre)
            raise GameOptionError(f"{name!r} could be {names}: say which")
        raise GameOptionError(f"no hero {name!r}; heroes: {', '.join(h.name for h in self.heroes)}")


def _key(s: str) -> str:
    return re.sub(r"[\s_-]", "", s.lower())


def builtin_files() -> list[tuple[str, str]]:
    """``(file name, text)`` of every hero shipped with the package, sorted by name."""
    root = resources.files("ninetynine.games.heroes99") / "heroes"
    out = []
    for entry in root.iterdir():
        if entry.name.endswith(".toml"):
            out.append((entry.name, entry.read_text(encoding="utf-8")))
    return sorted(out)


def hero_dirs(option: str) -> tuple[str, ...]:
    """The directories named by option ``heroes`` (separated by ``,`` or the OS path
    separator); empty for ``""``."""
    parts = re.split(rf"[,{re.escape(os.pathsep)}]", option or "")
    return tuple(p.strip() for p in parts if p.strip())


@cache
def _builtin() -> tuple[Hero, ...]:
    return tuple(
        parse_hero(text, f"heroes/{name}", name.removesuffix(".toml").lower())
        for name, text in builtin_files()
    )


def load_roster(dirs: Sequence[str] = (), parse: Callable[[str], Hero] = load_hero_file) -> Roster:
    """The built-in heroes plus every ``*.toml`` in ``dirs`` (a file whose id is already taken
    replaces that hero: a designer may rework a built-in hero in their own directory).

    :raises HeroFileError: a directory that does not exist or holds no hero file, a malformed
        file, two files with the same id in the extra directories, or a file whose hero's name
        or id is another hero's name or id (any case, spaces ignored, as :meth:`Roster.find`
        reads them; only the same id, which replaces that hero, is allowed), whichever of the
        two files is read first: a file without an ``id`` takes its file name as id, so naming
        it after a built-in hero would add a second hero of that name instead of replacing the
        first.
    """
    heroes = {h.id: h for h in _builtin()}
    where = {h.id: f"built-in hero {h.id!r}" for h in heroes.values()}
    seen: dict[str, str] = {}
    for d in dirs:
        for f in hero_files(d, "(option heroes)"):
            h = parse(str(f))
            if h.id in seen:
                raise HeroFileError(f"{f}: id: {h.id!r} is already the id of {seen[h.id]}")
            for o in heroes.values():
                if o.id == h.id:  # the hero this file replaces
                    continue
                for part, mine in (("name", h.name), ("id", h.id)):
                    key = _key(mine)
                    if key in (_key(o.name), _key(o.id)):
                        what = "name" if key == _key(o.name) else "id"
                        fix = f'name, or id = "{o.id}" to replace that hero'
                        raise HeroFileError(
                            f"{f}: {part}: {mine!r} is already the {what} of {where[o.id]}; "
                            f"give this hero its own {fix if part == 'name' else 'id'}"
                        )
            seen[h.id] = where[h.id] = str(f)
            heroes[h.id] = h
    return Roster(tuple(sorted(heroes.values(), key=lambda h: h.id)))


__all__ = [
    "CONDITIONS",
    "EFFECT_FIELDS",
    "RULES",
    "SELECTORS",
    "TRIGGERS",
    "Condition",
    "Effect",
    "Hero",
    "HeroFileError",
    "Roster",
    "Skill",
    "Trigger",
    "builtin_files",
    "effect_text",
    "hero_dirs",
    "hero_files",
    "load_hero_file",
    "load_roster",
    "parse_hero",
]
