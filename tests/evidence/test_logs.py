"""Noise logs (CSV) read for the 3-2-7.A barking rule."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from dogtag.evidence.logs import LogError, read_log

CHICAGO = ZoneInfo("America/Chicago")
DAY = dt.date(2026, 7, 4)


def test_full_timestamps_with_a_header():
    text = "timestamp,note\n2026-07-04T22:00:05-05:00,bark\n2026-07-04T22:00:20-05:00,howl\n"
    assert read_log(text) == [
        dt.datetime(2026, 7, 4, 22, 0, 5, tzinfo=dt.timezone(dt.timedelta(hours=-5))),
        dt.datetime(2026, 7, 4, 22, 0, 20, tzinfo=dt.timezone(dt.timedelta(hours=-5))),
    ]


def test_clock_times_on_a_date_roll_past_midnight_and_take_the_city_zone():
    text = "Note,Time\nbark,11:59:40 PM\nbark,23:59:55\nbark,00:00:10\n\nbark,00:00:30\n"
    assert read_log(text, date=DAY, tzinfo=CHICAGO) == [
        dt.datetime(2026, 7, 4, 23, 59, 40, tzinfo=CHICAGO),
        dt.datetime(2026, 7, 4, 23, 59, 55, tzinfo=CHICAGO),
        dt.datetime(2026, 7, 5, 0, 0, 10, tzinfo=CHICAGO),
        dt.datetime(2026, 7, 5, 0, 0, 30, tzinfo=CHICAGO),
    ]


def test_without_a_header_the_first_column_is_the_time():
    assert read_log("22:00:00\n22:00:30\n", date=DAY) == [
        dt.datetime(2026, 7, 4, 22, 0),  # noqa: DTZ001  (no zone was given)
        dt.datetime(2026, 7, 4, 22, 0, 30),  # noqa: DTZ001
    ]


@pytest.mark.parametrize(
    "text, date, problems",
    [
        ("", DAY, ["the log is empty"]),
        ("time\n", DAY, ["the log has no noise times"]),
        ("time\n22:00:00\nlater\n,\n22:01\n", DAY, ["row 3: 'later' is not a time"]),
        ("time,who\n22:00:00,x\n,y\n", DAY, ["row 3: no time"]),
        ("22:00:00\n", None, ["row 1: '22:00:00' is a clock time; give the log's date"]),
    ],
)
def test_every_bad_row_is_named(text, date, problems):
    with pytest.raises(LogError) as caught:
        read_log(text, date=date)
    assert caught.value.problems == problems
