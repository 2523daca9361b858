"""Helpers for driving the terminal commands without a terminal."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pytest
from rich.console import Console


class Transcript:
    """A Rich console writing plain text (no colour codes) into a string buffer."""

    def __init__(self, width: int = 100) -> None:
        self.buffer = io.StringIO()
        self.console = Console(
            file=self.buffer, width=width, highlight=False, color_system=None, force_terminal=False
        )
        self._mark = 0

    @property
    def text(self) -> str:
        return self.buffer.getvalue()

    def since_last(self) -> str:
        """Output printed since the previous call."""
        text = self.text
        out, self._mark = text[self._mark :], len(text)
        return out


class ScriptedInput:
    """A ``read_line`` for the play loop: answers from ``script`` in a cycle, then EOF after
    ``limit`` answers. ``check(prompt)`` runs before each answer (for invariants)."""

    def __init__(
        self,
        script: Sequence[str],
        limit: int = 200_000,
        check: Callable[[str], None] | None = None,
    ) -> None:
        self.script = list(script)
        self.limit = limit
        self.check = check
        self.calls = 0
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        if self.check is not None:
            self.check(prompt)
        if self.calls >= self.limit:
            raise EOFError
        self.prompts.append(prompt)
        answer = self.script[self.calls % len(self.script)]
        self.calls += 1
        return answer


@pytest.fixture
def transcript() -> Transcript:
    return Transcript()
