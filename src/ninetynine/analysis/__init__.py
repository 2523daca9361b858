"""Balance reports and plots: mass simulation turned into the answers a designer asks.

:func:`build_report` runs a game's report sections (:mod:`ninetynine.analysis.generic` for
every game, :mod:`ninetynine.analysis.games` for a game's own questions) and writes Markdown
(optionally HTML) with PNG plots (matplotlib, Agg backend) and the numbers as JSON. Runs are
parallel over ``jobs`` processes and deterministic for a seed whatever ``jobs`` is.
"""

from .core import Context, build_report, register_section, sections_for
from .report import Report
from .runner import Traced, run_traced, trace_game

__all__ = [
    "Context",
    "Report",
    "Traced",
    "build_report",
    "register_section",
    "run_traced",
    "sections_for",
    "trace_game",
]
