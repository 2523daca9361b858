"""Small helpers shared by game packages (a game never imports another game).

>>> as_action_id(5), as_action_id(True), as_action_id(5.0), as_action_id("5")
(5, None, None, None)
"""

from __future__ import annotations

import operator
from typing import Any


def as_action_id(action: Any) -> int | None:
    """``action`` as a plain ``int`` if it is an integer (Python's or NumPy's), else ``None``.

    ``5.0 in [5]`` and ``True in [1]`` both hold in Python, so a state must not test a raw
    ``action`` against its legal list: a float, a bool or a string is never an action id.
    """
    if action.__class__ is int:
        return action
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        return None
    return operator.index(action)
