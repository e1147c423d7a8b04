"""The suite runs on one stated day, in its own process and in every Python process it starts
(issue 25: green on any day). ``tests/suite_clock/sitecustomize.py``."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import time

from django.utils import timezone

from tests.suite_clock import sitecustomize as suite_clock


def test_the_suite_runs_on_its_stated_day() -> None:
    # given the suite's stated moment (DOGTAG_TEST_DAY, or the suite's day)
    stated = suite_clock.stated_moment()
    # then today in Nowthen is that day, some minutes past the stated time at most
    assert timezone.localdate() == stated.date()
    now = timezone.localtime()
    assert stated <= now < stated + dt.timedelta(hours=6)


def test_the_clock_ticks() -> None:
    # given the time now
    before = time.time()
    # when a little real time passes (measured on the monotonic clock, which nothing fakes)
    started = time.monotonic()
    while time.monotonic() - started < 0.05:
        pass
    # then the suite's clock moved on with it
    assert time.time() > before


def test_a_process_the_suite_starts_runs_on_the_same_day() -> None:
    # when a Python process is started as the tests start the servers and workers
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import datetime, time, zoneinfo;"
            "print(datetime.datetime.now(zoneinfo.ZoneInfo('America/Chicago')).date(), time.time())",
        ],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=True,
        timeout=120,
    ).stdout.split()
    # then it reads the suite's day, and a clock within minutes of this process's
    assert shown[0] == timezone.localdate().isoformat()
    assert shown[0] == suite_clock.stated_moment().date().isoformat()
    assert abs(float(shown[1]) - time.time()) < 300


def test_a_process_s_clock_ticks_from_its_start_not_from_its_first_reading() -> None:
    # given the time before a Python process starts
    before = time.time()
    # when it sleeps a second (as a worker imports for a while) before it first reads the time
    shown = subprocess.run(
        [sys.executable, "-c", "import time; time.sleep(1.0); print(time.time())"],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=True,
        timeout=120,
    ).stdout
    after = time.time()
    # then its clock ran through that second, as this process's did
    assert before + 0.95 <= float(shown) <= after


def test_the_day_can_be_stated_for_a_whole_run() -> None:
    # given a day stated as DOGTAG_TEST_DAY would state it
    # then the suite starts at 10:00 in Nowthen that day, or at the moment given in full
    assert suite_clock.stated_moment("2028-02-29").isoformat() == "2028-02-29T10:00:00-06:00"
    assert suite_clock.stated_moment("2027-07-04").isoformat() == "2027-07-04T10:00:00-05:00"
    assert (
        suite_clock.stated_moment("2027-03-14T01:59:00").isoformat() == "2027-03-14T01:59:00-06:00"
    )
