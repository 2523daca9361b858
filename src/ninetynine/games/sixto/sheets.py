"""The twelve Sixto sheet designs and the pads printed on them (decisions D2-D4, D16-D19 in
``docs/rules/sixto.md``).

A design is six rows of twelve numbers (Ninety Nine and Sixto overviews § Sixto: "six rows of
numbers, each in a different color ... each player should have a different sheet from among the
twelve designs in the box"). The published sheet is twelve spaces wide: every digit 1-6 twice in
a row, the last three columns the target area. Our designs also keep each *column* a
permutation of 1-6, never repeat a digit in two neighbouring spaces and keep the three target
numbers of a row different, so no design is luckier by construction (``ninetynine analyze
sixto`` measures them anyway).

The designs are data, checked in below (:data:`DESIGNS`), and reproducible:
:func:`generate_designs` rebuilds them from the fixed seed :data:`DESIGN_SEED` (a test checks
that it does). The same holds for what each pad adds to a design: the hit spaces (``pad=hits``),
the locks (``pad=locked``) and the space colours (``pad=kriskras``). The six-space sheet of the
text's reading (``width=6``) is derived from each design: the order in which the digits first
appear in a row (:func:`narrow_row`).

>>> DESIGNS[0][0]
'132362654541'
>>> narrow_row(DESIGNS[0][0])
'132654'
"""

from __future__ import annotations

from functools import cache

from ninetynine.core.rng import Rng

#: Colours of the rows and dice, in order: Red, Yellow, Green, Blue, Purple, Orange.
COLORS = ("Red", "Yellow", "Green", "Blue", "Purple", "Orange")
#: One-letter names of the colours (the notation and the non-colour cue of the drawing).
LETTERS = "RYGBPO"
NUM_COLORS = NUM_ROWS = 6
WIDTH = 12
NUM_DESIGNS = 12
#: The seed :func:`generate_designs` uses (any change regenerates every design: a new version).
DESIGN_SEED = 20240601

# fmt: off
# The twelve designs, each six rows (Red ... Orange) of twelve digits.
_DESIGN_ROWS: tuple[str, ...] = (
    "132362654541 645213513462 516145362324 354531426216 423626145135 261454231653",
    "326562514143 561254623431 232145461356 414613235265 153436152624 645321346512",
    "646415213532 154123526346 313541642625 432654165213 521362354164 265236431451",
    "316134254562 161326345245 235452416136 452541623613 624263531451 543615162324",
    "236314165245 545143216326 454251632163 321526543614 612465324531 163632451452",
    "251351264364 312126543456 623542451613 146413625235 464635132521 535264316142",
    "514646312532 323415256461 152154643623 265321534146 641263125354 436532461215",
    "461415325623 256143241356 515264613234 643651432512 132326564145 324532156461",
    "624131456235 565643214123 356212541346 431364125652 143525632461 212456363514",
    "314546162523 426351635412 545624213136 632435421651 163162354245 251213546364",
    "465653142123 516546213432 343161425265 132312564654 621425356341 254234631516",
    "212135364654 565421243163 654614132532 436563521241 323256415416 141342656325",
)
# Per design, six rows (Red ... Orange) of two digits: the 0-based hit-space columns of
# ``pad=hits``.
_HIT_ROWS: tuple[str, ...] = (
    "17 25 25 46 68 48",
    "24 37 57 16 16 48",
    "13 15 48 46 26 25",
    "57 26 17 35 38 68",
    "14 28 37 15 68 27",
    "18 46 28 37 27 35",
    "36 35 26 57 24 47",
    "37 24 48 37 58 16",
    "14 26 25 38 15 36",
    "36 13 25 17 58 28",
    "16 57 14 38 58 24",
    "38 16 24 26 58 57",
)
# Per design, six rows of three digits: the 0-based lock columns of ``pad=locked``.
_LOCK_ROWS: tuple[str, ...] = (
    "248 167 267 257 157 367",
    "368 367 147 247 357 247",
    "268 348 347 268 247 268",
    "357 147 258 257 347 347",
    "257 348 348 148 258 167",
    "358 167 158 257 157 248",
    "247 168 167 147 148 158",
    "148 348 367 148 358 267",
    "248 347 368 147 247 268",
    "367 158 258 248 158 268",
    "267 257 267 268 357 368",
    "367 147 147 268 158 268",
)
# Per design, six rows of twelve colour letters: the space colours of ``pad=kriskras``.
_KRISKRAS_ROWS: tuple[str, ...] = (
    "BPGOGROPYBRY YORBOGPGPYBR GYPRYORBOGPB PRBGRPGYBOYO OBOYPBYRGRGP RGYPBYBORPOG",
    "OBGPYROGBPRY ROYRGPGOYBPB PRBOPBRYGYGO YPOBRYBPRGOG BGRYOGYRPOBP GYPGBOPBORYR",
    "YPBGPBGRYORO GYPBRGBORPOY POYPORYGBRGB RBORBPOYPGYG OGRYGYPBOBPR BRGOYORPGYBP",
    "PORBOPBYGRYG YRBRYGPOBGPO GYOPROYGPBRB OBPYBRGRYOGP BPGOGBRPRYOY RGYGPYOBOPBR",
    "BGRYOGPBOYPR YBOPGRORBGYP OYPGROGYPBRB GRGBPBROYPOY RPYOBYBPGRGO POBRYPYGROBG",
    "GRYPYBRGOBOP YGOYPGBORPRB OPRBROYPGYBG POBGBPGRYOYR BYGROYPBPRGO RBPOGROYBGPY",
    "BOBRPGPRYGYO YGPBRBOPROGY RBYPYOBGORPG GPOGOPRYBYRB ORGYBRYOGPBP PYROGYGBPBOR",
    "ORBGOGBPYPRY BPYOGRGOPBYR GBRBYOPYORPG PGOYPYRBRGOB RYPRBPYGBOGO YOGPRBORGYBP",
    "BGORGPBYOYRP RYBOBGOGPRPY PRYPYRGOBOGB OPRYOBPRYGBG YOGBPYRPGBOR GBPGROYBRPYO",
    "BGPRGOBRYPOY RYBPBGOGOYRP OBRYORPBPGYG YRYGPBRPBOGO GPOBYPYOGRBR POGORYGYRBPB",
    "GPOYGBYOBRPR BYBROGRPGPYO OBPBROGRPYGY POYGBRBYRGOP YRGOPYPGOBRB RGRPYPOBYOBG",
    "OPBYORPYRGBG RGPRYOBGYPOB YRYBRPOBGOGP POGPBGYOBRYR GBOGPBRPOYRY BYROGYGRPBPO",
)
# fmt: on
#: The twelve designs, each six rows (Red ... Orange) of twelve digits.
DESIGNS: tuple[tuple[str, ...], ...] = tuple(tuple(d.split()) for d in _DESIGN_ROWS)
#: Per design, six rows of twelve colour letters: the space colours of ``pad=kriskras``.
KRISKRAS_COLORS: tuple[tuple[str, ...], ...] = tuple(tuple(d.split()) for d in _KRISKRAS_ROWS)
#: Per design and row, the two hit-space columns (0-based) of ``pad=hits``.
HIT_COLUMNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((int(c[0]), int(c[1])) for c in d.split()) for d in _HIT_ROWS
)
#: Per design and row, the three lock columns (0-based) of ``pad=locked``.
LOCK_COLUMNS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((int(c[0]), int(c[1]), int(c[2])) for c in d.split()) for d in _LOCK_ROWS
)


# ----------------------------------------------------------------------------- generation
def _fill_columns(
    rng: Rng,
    width: int,
    ok: object,
) -> list[list[int]] | None:
    """Six rows of ``width`` symbols 0-5, built column by column, each column a permutation of
    0-5; ``ok(rows, r, c, x)`` says whether symbol ``x`` may go in row ``r`` at column ``c``
    (``rows`` holds the columns so far). Randomised depth-first search with backtracking."""
    rows: list[list[int]] = [[] for _ in range(NUM_ROWS)]
    check = ok  # a callable

    def place_column(c: int) -> bool:
        if c == width:
            return True
        used: set[int] = set()

        def place_row(r: int) -> bool:
            if r == NUM_ROWS:
                return place_column(c + 1)
            options = [x for x in range(6) if x not in used and check(rows, r, c, x)]  # type: ignore[operator]
            rng.shuffle(options)
            for x in options:
                rows[r].append(x)
                used.add(x)
                if place_row(r + 1):
                    return True
                rows[r].pop()
                used.discard(x)
            return False

        return place_row(0)

    return rows if place_column(0) else None


def _number_ok(rows: list[list[int]], r: int, c: int, x: int) -> bool:
    row = rows[r]
    if row.count(x) >= 2 or (row and row[-1] == x):
        return False
    return not (c >= WIDTH - 3 and x in row[WIDTH - 3 :])


def _generate_numbers(rng: Rng) -> tuple[str, ...]:
    while True:
        rows = _fill_columns(rng, WIDTH, _number_ok)
        if rows is not None:
            return tuple("".join(str(x + 1) for x in row) for row in rows)


def _generate_colors(rng: Rng, numbers: tuple[str, ...]) -> tuple[str, ...]:
    """Space colours for Kris-Kras: every colour twice in a row, once in a column, never twice
    side by side, and never the same (colour, number) twice in a row (D18)."""

    def ok(rows: list[list[int]], r: int, c: int, x: int) -> bool:
        row = rows[r]
        if row.count(x) >= 2 or (row and row[-1] == x):
            return False
        pair = (x, numbers[r][c])
        return all((row[j], numbers[r][j]) != pair for j in range(len(row)))

    while True:
        rows = _fill_columns(rng, WIDTH, ok)
        if rows is not None:
            return tuple("".join(LETTERS[x] for x in row) for row in rows)


def _generate_hits(rng: Rng) -> tuple[tuple[int, int], ...]:
    """Two hit spaces a row in columns 1-8, not side by side, at most two a column (D16)."""
    while True:
        out: list[tuple[int, int]] = []
        per_col = [0] * WIDTH
        for _ in range(NUM_ROWS):
            cols = list(range(1, WIDTH - 3))
            while True:
                a, b = sorted((rng.choice(cols), rng.choice(cols)))
                if b - a >= 2:
                    break
            out.append((a, b))
            per_col[a] += 1
            per_col[b] += 1
        if max(per_col) <= 2:
            return tuple(out)


def _generate_locks(rng: Rng) -> tuple[tuple[int, int, int], ...]:
    """Three locks a row: one in columns 1-3, one in 4-6, one in 7-8 (D19)."""
    return tuple(
        (rng.choice((1, 2, 3)), rng.choice((4, 5, 6)), rng.choice((7, 8))) for _ in range(NUM_ROWS)
    )


def generate_designs(seed: int = DESIGN_SEED) -> dict[str, tuple[object, ...]]:
    """Rebuild every design and pad layout from ``seed``: ``{"designs", "hits", "locks",
    "kriskras"}``, each a tuple of twelve (what :data:`DESIGNS`, :data:`HIT_COLUMNS`,
    :data:`LOCK_COLUMNS` and :data:`KRISKRAS_COLORS` hold). Designs are distinct."""
    rng = Rng(seed)
    designs: list[tuple[str, ...]] = []
    while len(designs) < NUM_DESIGNS:
        d = _generate_numbers(rng)
        if d not in designs:
            designs.append(d)
    hits = tuple(_generate_hits(rng) for _ in designs)
    locks = tuple(_generate_locks(rng) for _ in designs)
    colors = tuple(_generate_colors(rng, d) for d in designs)
    return {"designs": tuple(designs), "hits": hits, "locks": locks, "kriskras": colors}


# ----------------------------------------------------------------------------- lookups
def narrow_row(row: str) -> str:
    """A twelve-space row as the text's six-space row: its digits in the order they first
    appear (D2)."""
    seen: list[str] = []
    for ch in row:
        if ch not in seen:
            seen.append(ch)
    return "".join(seen)


@cache
def design_numbers(design: int, width: int = WIDTH) -> tuple[tuple[int, ...], ...]:
    """Design ``design`` (0-11) as six rows of ``width`` (12 or 6) numbers 1-6.

    :raises ValueError: no such design or width."""
    if not 0 <= design < NUM_DESIGNS:
        raise ValueError(f"there is no sheet design {design + 1} (designs 1-{NUM_DESIGNS})")
    if width not in (6, WIDTH):
        raise ValueError(f"a sheet is 12 or 6 spaces wide, not {width}")
    rows = DESIGNS[design]
    if width == 6:
        rows = tuple(narrow_row(r) for r in rows)
    return tuple(tuple(int(ch) for ch in r) for r in rows)


@cache
def design_colors(design: int) -> tuple[tuple[int, ...], ...]:
    """The Kris-Kras space colours of ``design``: six rows of twelve colour indices 0-5."""
    return tuple(tuple(LETTERS.index(ch) for ch in r) for r in KRISKRAS_COLORS[design])


__all__ = [
    "COLORS",
    "DESIGNS",
    "DESIGN_SEED",
    "HIT_COLUMNS",
    "KRISKRAS_COLORS",
    "LETTERS",
    "LOCK_COLUMNS",
    "NUM_COLORS",
    "NUM_DESIGNS",
    "NUM_ROWS",
    "WIDTH",
    "design_colors",
    "design_numbers",
    "generate_designs",
    "narrow_row",
]
