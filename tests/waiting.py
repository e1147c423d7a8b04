"""Waiting on another process (issue 25): for an event, with a bound of minutes, never a pace.

A test that starts a server or a worker waits until something it can see has happened (a port
accepts, a row is written, a file appears) and fails with what it waited for and the process's
log if that does not happen within ``PATIENCE``, or at once if the process ends first. The bound
is for a loaded machine (two suites at once); no test asserts how long anything took.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

#: How long a test waits for another process: a bound, never what is asserted.
PATIENCE = 180.0


def wait_for(
    what: str,
    ready: Callable[[], bool],
    process: subprocess.Popen[bytes] | subprocess.Popen[str] | None = None,
    log: Path | None = None,
    *,
    patience: float = PATIENCE,
    every: float = 0.1,
) -> None:
    """Wait until ``ready()``; fail naming ``what`` after ``patience`` seconds, or as soon as
    ``process`` ends, with the end of ``log``."""
    deadline = time.monotonic() + patience
    while not ready():
        tail = f":\n{log.read_text()[-4000:]}" if log is not None and log.exists() else ""
        if process is not None and process.poll() is not None:
            pytest.fail(f"the process ended (status {process.returncode}) before {what}{tail}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {patience:.0f} s{tail}")
        time.sleep(every)
