"""Minn. Stat. 645.15 and 645.44 subd. 5 (LEGAL-NOTES §4)."""

import datetime as dt
import shutil
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dogtag.law import params
from dogtag.law.computation_of_time import (
    DeadlineError,
    LegalCalendar,
    OutsideCoveredRange,
    add_months,
    count_days,
)

D = dt.date


@pytest.fixture(scope="module")
def calendar(nowthen):
    return LegalCalendar(nowthen)


@pytest.mark.parametrize(
    "trigger, days, due, skipped",
    [
        # LEGAL-NOTES §4 example: 14 days from Thu 2025-12-11 lands on Christmas.
        (D(2025, 12, 11), 14, D(2025, 12, 26), [D(2025, 12, 25)]),
        # An ordinary count: Mon + 10 = Thu, nothing skipped.
        (D(2026, 3, 2), 10, D(2026, 3, 12), []),
        # Lands on a Saturday and a Sunday: moves to Monday.
        (D(2026, 3, 7), 14, D(2026, 3, 23), [D(2026, 3, 21), D(2026, 3, 22)]),
        (D(2026, 3, 8), 14, D(2026, 3, 23), [D(2026, 3, 22)]),
        # Juneteenth 2027 falls on a Saturday: observed Friday 2027-06-18.
        (D(2027, 6, 4), 14, D(2027, 6, 21), [D(2027, 6, 18), D(2027, 6, 19), D(2027, 6, 20)]),
        # Christmas 2027 falls on a Saturday: observed Friday 2027-12-24.
        (D(2027, 12, 10), 14, D(2027, 12, 27), [D(2027, 12, 24), D(2027, 12, 25), D(2027, 12, 26)]),
        # New Year's Day 2028 is a Saturday: observed Friday 2027-12-31, across the year end.
        (D(2027, 12, 17), 14, D(2028, 1, 3), [D(2027, 12, 31), D(2028, 1, 1), D(2028, 1, 2)]),
        # Independence Day 2027 is a Sunday: observed Monday 2027-07-05.
        (D(2027, 6, 20), 14, D(2027, 7, 6), [D(2027, 7, 4), D(2027, 7, 5)]),
        # Veterans Day 2028 is a Saturday: observed Friday 2028-11-10.
        (D(2028, 10, 27), 14, D(2028, 11, 13), [D(2028, 11, 10), D(2028, 11, 11), D(2028, 11, 12)]),
        # Thanksgiving then a weekend (the Friday after is not a Nowthen holiday by default).
        (D(2026, 11, 16), 10, D(2026, 11, 27), [D(2026, 11, 26)]),
        # Leap years: 2028-02-29 exists, 2027-02-29 does not.
        (D(2028, 2, 15), 14, D(2028, 2, 29), []),
        (D(2027, 2, 15), 14, D(2027, 3, 1), []),
        (D(2028, 1, 30), 30, D(2028, 2, 29), []),
        (D(2027, 1, 30), 30, D(2027, 3, 1), []),
        # A count that starts on a holiday: the first day is excluded, whatever it is.
        (D(2025, 12, 25), 1, D(2025, 12, 26), []),
        (D(2026, 1, 1), 14, D(2026, 1, 15), []),
        (D(2027, 7, 4), 30, D(2027, 8, 3), []),
        # Memorial Day 2026 (last Monday of May), MLK Day 2027, Labor Day 2026.
        (D(2026, 5, 11), 14, D(2026, 5, 26), [D(2026, 5, 25)]),
        (D(2027, 1, 4), 14, D(2027, 1, 19), [D(2027, 1, 18)]),
        (D(2026, 8, 24), 14, D(2026, 9, 8), [D(2026, 9, 7)]),
    ],
)
def test_due_date(calendar, trigger, days, due, skipped):
    # given a trigger and a period, when the days are counted
    deadline = count_days(trigger, days, calendar, trigger_event="notice served")
    # then the due date and the skipped days are exactly these
    assert deadline.due == due
    assert [s.day for s in deadline.skipped] == skipped
    assert deadline.last_counted_day == trigger + dt.timedelta(days=days)


def test_explanation_names_trigger_count_and_each_skipped_day(calendar):
    deadline = count_days(
        D(2027, 12, 17), 14, calendar, trigger_event="Notice of Dangerous Dog served"
    )
    assert deadline.explanation == [
        "Trigger: Notice of Dangerous Dog served on Fri 2027-12-17.",
        "Count 14 days, excluding the day of the trigger and including the last day "
        "(Minn. Stat. 645.15): day 1 is Sat 2027-12-18, day 14 is Fri 2027-12-31.",
        "Fri 2027-12-31 is skipped: legal holiday: New Year's Day (observed) "
        "(Minn. Stat. 645.44 subd. 5).",
        "Sat 2028-01-01 is skipped: Saturday; legal holiday: New Year's Day "
        "(Minn. Stat. 645.44 subd. 5).",
        "Sun 2028-01-02 is skipped: Sunday.",
        "The last day may not fall on a Saturday, Sunday or legal holiday (Minn. Stat. 645.15), "
        "so it moves to the next day that is none of these.",
        "Due: Mon 2028-01-03.",
    ]
    data = deadline.to_json()
    assert data["due"] == "2028-01-03"
    assert data["skipped"][0] == {
        "date": "2027-12-31",
        "weekday": "Friday",
        "reasons": ["legal holiday: New Year's Day (observed) (Minn. Stat. 645.44 subd. 5)"],
    }
    assert data["citations"] == ["Minn. Stat. 645.15", "Minn. Stat. 645.44 subd. 5"]


def test_juneteenth_is_not_a_minnesota_holiday_before_2023(calendar):
    # The holidays package follows the federal date (2021); Minnesota's statute added it in 2023.
    # 2022-06-20 (Monday) was the federal observed day but an ordinary Minnesota business day.
    deadline = count_days(D(2022, 6, 6), 14, calendar)
    assert deadline.due == D(2022, 6, 20)
    assert deadline.skipped == ()
    reasons, used = calendar.closed(D(2022, 6, 20))
    assert reasons == ()
    assert [p.key for p in used] == ["minnesota.calendar.juneteenth_is_legal_holiday"]
    # From 2023 it is: 2023-06-19 is a Monday holiday.
    assert count_days(D(2023, 6, 5), 14, calendar).due == D(2023, 6, 20)


def _city_with(tmp_path: Path, calendar_yaml: str) -> params.ParameterSet:
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT, root)
    (root / "nowthen" / "calendar.yaml").write_text(calendar_yaml)
    return params.load(root, "nowthen")


CITY_OPTIONS = """
parameters:
  calendar.indigenous_peoples_day_is_holiday:
    description: second Monday of October
    type: boolean
    values:
      2011-07-12: {value: false, source: {instrument: Res. 2011-01, kind: resolution, adopted: 2011-07-12}}
      2027-01-01: {value: true, source: {instrument: Res. 2026-30, kind: resolution, adopted: 2026-12-08}}
  calendar.day_after_thanksgiving_is_holiday:
    description: Friday after Thanksgiving
    type: boolean
    values:
      2011-07-12: {value: true, source: {instrument: Res. 2011-01, kind: resolution, adopted: 2011-07-12}}
closures:
  - date: 2027-01-12
    reason: Snow emergency
    source: {instrument: Mayor's emergency declaration 2027-01, kind: decision, adopted: 2027-01-12}
"""


@pytest.mark.parametrize(
    "trigger, days, due, reason_fragment",
    [
        # Indigenous Peoples Day: a holiday only from the council's 2027 decision.
        (D(2026, 9, 28), 14, D(2026, 10, 12), None),
        (
            D(2027, 9, 27),
            14,
            D(2027, 10, 12),
            "Indigenous Peoples Day, observed by City of Nowthen",
        ),
        # The Friday after Thanksgiving 2026 (2026-11-27), then the weekend.
        (D(2026, 11, 13), 14, D(2026, 11, 30), "Friday after Thanksgiving"),
        # An ad-hoc closure.
        (D(2026, 12, 29), 14, D(2027, 1, 13), "city offices closed: Snow emergency"),
    ],
)
def test_city_optional_holidays_and_closures(tmp_path, trigger, days, due, reason_fragment):
    # given a city that adopted its optional holidays and closed for snow
    calendar = LegalCalendar(_city_with(tmp_path, CITY_OPTIONS))
    # when a deadline is counted
    deadline = count_days(trigger, days, calendar)
    # then it rolls past the city's days, saying why
    assert deadline.due == due
    reasons = [r for s in deadline.skipped for r in s.reasons]
    if reason_fragment is None:
        assert deadline.skipped == ()
    else:
        assert any(reason_fragment in r for r in reasons), reasons


def test_city_options_are_off_by_default_in_nowthen(calendar):
    assert count_days(D(2026, 9, 28), 14, calendar).due == D(2026, 10, 12)
    assert count_days(D(2026, 11, 13), 14, calendar).due == D(2026, 11, 27)


@pytest.mark.parametrize("days", [0, -1, True, 2.5])
def test_a_count_must_be_a_positive_whole_number(calendar, days):
    with pytest.raises(DeadlineError):
        count_days(D(2026, 1, 5), days, calendar)


def test_a_trigger_before_the_covered_range_is_an_error(calendar):
    with pytest.raises(
        OutsideCoveredRange, match="2011-07-11 is outside the calendar Dogtag knows"
    ):
        count_days(D(2011, 7, 11), 14, calendar)


def test_a_due_date_beyond_the_holiday_tables_is_an_error(calendar):
    with pytest.raises(OutsideCoveredRange, match="2101-01-10"):
        count_days(D(2100, 12, 27), 14, calendar)


@settings(max_examples=300, deadline=None)
@given(
    # The last trigger leaves room for 400 days and the days skipped after them inside the
    # holiday tables (to 2100-12-31): a later one is an error by design (the test above).
    trigger=st.dates(min_value=D(2011, 7, 12), max_value=D(2099, 11, 1)),
    days=st.integers(min_value=1, max_value=400),
)
@example(trigger=D(2099, 11, 1), days=400)
def test_due_date_is_a_business_day_never_before_start_plus_n(calendar, trigger, days):
    deadline = count_days(trigger, days, calendar)
    # never earlier than start + N
    assert deadline.due >= trigger + dt.timedelta(days=days)
    # never a weekend or a holiday
    assert deadline.due.weekday() < 5
    assert calendar.closed(deadline.due)[0] == ()
    # every day between start + N and the due date was skipped, with a reason
    assert len(deadline.skipped) == (deadline.due - deadline.last_counted_day).days
    assert all(s.reasons for s in deadline.skipped)


@pytest.mark.parametrize(
    "start, months, expected",
    [
        (D(2026, 6, 15), 6, D(2026, 12, 15)),  # LEGAL-NOTES §6.6 example
        (D(2026, 8, 31), 6, D(2027, 2, 28)),  # month-end rounds to the last day
        (D(2027, 8, 31), 6, D(2028, 2, 29)),  # ... of a leap February
        (D(2026, 7, 31), 6, D(2027, 1, 31)),
        (D(2026, 12, 31), 2, D(2027, 2, 28)),
        (D(2026, 1, 1), 0, D(2026, 1, 1)),
        (D(2026, 5, 31), 12, D(2027, 5, 31)),
    ],
)
def test_add_months(start, months, expected):
    assert add_months(start, months) == expected
