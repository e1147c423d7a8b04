"""The suite's clock: every test, and every Python process a test starts, runs on one stated day.

Most tests state their own day with time-machine; the rest, and the module-scoped demo towns
built before any test's own travel, would otherwise read the machine's calendar, and a town
built on a Sunday or a holiday is not the town built on a Tuesday (issue 25). So the whole
suite runs on ``DOGTAG_TEST_DAY`` (default ``SUITE_DAY``) from 10:00 in Nowthen, the clock
ticking on from there as the real one does.

The conftest sets two variables before any worker or subprocess starts: the stated moment and
the real time the suite began. This directory is put first on ``PYTHONPATH``, so every Python
process a test starts (the pytest-xdist workers, ``dogtag serve``, the concurrency workers, the
outbox and job workers) imports this file at start-up and travels to the same clock: stated
moment plus the real time elapsed since the suite began. A process without time-machine (another
interpreter) keeps the real clock.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from zoneinfo import ZoneInfo

#: The day the suite runs on unless DOGTAG_TEST_DAY says otherwise: most tests' own stated day.
SUITE_DAY = "2026-11-29"
#: The time of day in the city the suite's day starts at (office hours, the same UTC date).
START = dt.time(10, 0)
CITY = ZoneInfo("America/Chicago")
MOMENT = "SUITE_CLOCK_MOMENT"
SINCE = "SUITE_CLOCK_SINCE"


def stated_moment(day: str | None = None) -> dt.datetime:
    """10:00 in Nowthen on ``day`` (YYYY-MM-DD), or the full moment if an ISO datetime is given."""
    text = (day or os.environ.get("DOGTAG_TEST_DAY") or SUITE_DAY).strip()
    if "T" in text:
        moment = dt.datetime.fromisoformat(text)
        return moment if moment.tzinfo else moment.replace(tzinfo=CITY)
    return dt.datetime.combine(dt.date.fromisoformat(text), START, tzinfo=CITY)


def declare() -> None:
    """Once, in the first process of the suite: fix the stated moment and the real time now."""
    if MOMENT not in os.environ:
        os.environ[MOMENT] = stated_moment().isoformat()
        os.environ[SINCE] = repr(time.time())
    here = os.path.dirname(os.path.abspath(__file__))
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if here not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([here, *paths])


def travel() -> None:
    """Set this process's clock to the suite's (nothing if no suite clock is declared)."""
    if MOMENT not in os.environ:
        return
    try:
        import time_machine
    except ImportError:  # another interpreter: it keeps the real clock
        return
    if time_machine.escape_hatch.is_travelling():
        return
    elapsed = time.time() - float(os.environ[SINCE])
    moment = dt.datetime.fromisoformat(os.environ[MOMENT]) + dt.timedelta(seconds=elapsed)
    time_machine.travel(moment, tick=True).start()
    # time-machine starts a ticking clock at its first reading, not at start(): read it now, or
    # a process that imports for a while before reading the time would run that much behind.
    time.time()


travel()
