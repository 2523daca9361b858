"""The seeded random number generator every game draws its chance from.

A small SplitMix64 generator (Steele, Lea & Flood 2014): its whole state is one 64-bit integer,
so it serialises into a state's JSON exactly, replays identically on every Python version, and
never depends on :mod:`random`'s implementation details. It is not for cryptography.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: ``Rng(seed)`` is reproducible for any integer seed.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(10) for _ in range(5)] == [b.randbelow(10) for _ in range(5)]
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._state = int(seed) & _MASK

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self._state = s = (self._state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (no modulo bias). ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            r = self.next_u64()
            if r < limit:
                return r % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Any) -> Any:
        """A uniform element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle ``seq`` in place (Fisher-Yates): ``j = randbelow(i + 1)`` for ``i`` from the
        end down to 1, with :meth:`next_u64` and :meth:`randbelow` written inline (the same
        draws, a few times faster: determinizations shuffle every hidden card)."""
        s = self._state
        top = _MASK + 1
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = top - top % n
            while True:
                s = (s + _GOLDEN) & _MASK
                r = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & _MASK
                r ^= r >> 31
                if r < limit:
                    break
            j = r % n
            seq[i], seq[j] = seq[j], seq[i]
        self._state = s

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())

    def getstate(self) -> int:
        return self._state

    def setstate(self, state: int) -> None:
        self._state = int(state) & _MASK

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickle and deep-copy as ``Rng(state)`` (every pickle protocol, 0 included), so a
        copy draws exactly what the original would."""
        return (Rng, (self._state,))

    def __repr__(self) -> str:
        # Never the state: a state's RNG draws its future chance, so its repr in a log would
        # let a reader replay the deal (the seed is a secret while a game is live).
        return "<Rng (state hidden: getstate() gives it)>"


def derive_seed(seed: int, *keys: int) -> int:
    """A 64-bit seed derived from ``seed`` and integer keys (e.g. a game index).

    Used to give game ``i`` of a simulation its own seed, independent of how games are split
    across processes, and to seed bots from a game's seed. It is one-way (BLAKE2b): a bot that
    knows its own seed cannot work back to the game's seed, which would reveal every hand.

    >>> derive_seed(7, 1) == derive_seed(7, 1) != derive_seed(7, 2)
    True
    """
    data = ",".join(str(int(x) & _MASK) for x in (seed, *keys)).encode()
    digest = hashlib.blake2b(data, digest_size=8, person=b"ninetynine").digest()
    return int.from_bytes(digest, "little")


def as_rng(rng: Rng | int | None) -> Rng:
    """Accept an :class:`Rng`, an integer seed, or ``None`` (fresh entropy)."""
    if isinstance(rng, Rng):
        return rng
    return Rng(rng)
