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


# ------------------------------------------------------------------------ bounded: a row cap


def _log(rows, header=True):
    return ("time\n" if header else "") + "".join(
        f"22:{i // 60 % 60:02d}:{i % 60:02d}\n" for i in range(rows)
    )


@pytest.mark.parametrize("header", [True, False])
def test_a_log_at_the_row_limit_is_read_and_one_row_more_is_refused(header):
    # given a limit of 3 rows (a header row is not counted)
    assert len(read_log(_log(3, header), date=DAY, max_rows=3)) == 3
    with pytest.raises(LogError) as caught:
        read_log(_log(4, header), date=DAY, max_rows=3)
    assert caught.value.problems == ["the log has more than 3 rows; the limit is 3"]


def test_reading_stops_at_the_first_row_past_the_limit():
    # given a log of a million rows, given line by line
    taken = []

    def lines():
        for i in range(1_000_000):
            taken.append(i)
            yield f"22:00:{i % 60:02d}\n"

    # when it is read with a limit of 20,000 rows, then it is refused after 20,002 lines
    with pytest.raises(LogError, match=r"^the log has more than 20,000 rows; the limit is 20,000$"):
        read_log(lines(), date=DAY, max_rows=20_000)
    assert len(taken) == 20_002


def test_a_log_that_is_not_csv_is_refused_not_crashed():
    with pytest.raises(LogError) as caught:
        read_log('time\n22:00:00\n"' + "x" * 200_000 + '"\n', date=DAY)
    assert caught.value.problems == ["row 3: not CSV (field larger than field limit (131072))"]
