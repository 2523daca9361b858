"""Settings every test shares.

Nothing a test checks may depend on the machine it runs on: the terminal's width (Rich wraps
at ``COLUMNS``, or at 80 when stdout is not a terminal), the locale, the time zone or the
length of the temporary directory's path. The environment is pinned here, once, before any
test module imports the CLI (whose module-level consoles read ``COLUMNS`` when created).
"""

import os

import pytest
from hypothesis import HealthCheck, settings

#: The terminal every CLI test sees: wide enough that no message wraps, whatever the length
#: of the temporary path it names.
PINNED_ENV = {"COLUMNS": "200", "LINES": "50", "LC_ALL": "C.UTF-8", "TZ": "UTC"}
os.environ.update(PINNED_ENV)
for _name in ("FORCE_COLOR", "NO_COLOR", "TERM_PROGRAM"):
    os.environ.pop(_name, None)

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _pinned_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-pin the environment for each test (a test that changes it cannot leak)."""
    for name, value in PINNED_ENV.items():
        monkeypatch.setenv(name, value)
