"""Day counts as variants (issue 27): calendar days after an event (Minn. Stat. 645.15, every
count of Nowthen's), business days after it (a city's "within 15 business days"), and days before
an event (a notice "14 days before" a move). Table-driven; one calendar, Nowthen's (its Friday after
Thanksgiving is open)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from dogtag.law import params, provisions
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import (
    DeadlineError,
    LegalCalendar,
    count_business_days,
    count_days,
    count_days_before,
)

D = dt.date


@pytest.fixture
def calendar(nowthen):
    return LegalCalendar(nowthen)


@pytest.mark.parametrize(
    "trigger, days, due, not_counted",
    [
        # Fri before Thanksgiving week: the weekends and Thanksgiving Day are not counted
        (D(2026, 11, 20), 5, D(2026, 11, 30), ["2026-11-21", "2026-11-22", "2026-11-26",
                                                "2026-11-28", "2026-11-29"]),
        # a Monday, none closed: the fifth business day is the next Monday
        (D(2026, 12, 7), 5, D(2026, 12, 14), ["2026-12-12", "2026-12-13"]),
        # Christmas and New Year's Day
        (D(2026, 12, 23), 3, D(2026, 12, 29), ["2026-12-25", "2026-12-26", "2026-12-27"]),
    ],
)  # fmt: skip
def test_business_days_count_only_open_days(calendar, trigger, days, due, not_counted):
    found = count_business_days(trigger, days, calendar, trigger_event="the notice")
    assert (found.due, found.counting) == (due, "business_days")
    assert [s.day.isoformat() for s in found.skipped] == not_counted
    assert found.to_json()["counting"] == "business_days"


def test_a_business_day_count_explains_itself(calendar):
    found = count_business_days(D(2026, 11, 20), 5, calendar, trigger_event="the notice")
    assert found.explanation == [
        "Trigger: the notice on Fri 2026-11-20.",
        "Count 5 business days, excluding the day of the trigger: only days that are not a "
        "Saturday, Sunday, legal holiday or closure of the city offices count; day 5 is Mon "
        "2026-11-30.",
        "Sat 2026-11-21 is not counted: Saturday.",
        "Sun 2026-11-22 is not counted: Sunday.",
        "Thu 2026-11-26 is not counted: legal holiday: Thanksgiving Day (Minn. Stat. 645.44 "
        "subd. 5).",
        "Sat 2026-11-28 is not counted: Saturday.",
        "Sun 2026-11-29 is not counted: Sunday.",
        "Due: Mon 2026-11-30.",
    ]


@pytest.mark.parametrize(
    "event, days, last, due",
    [
        (D(2026, 12, 21), 14, D(2026, 12, 7), D(2026, 12, 7)),  # a Monday: due that day
        (D(2026, 12, 26), 14, D(2026, 12, 12), D(2026, 12, 11)),  # a Saturday: the Friday before
        (D(2027, 1, 8), 7, D(2027, 1, 1), D(2026, 12, 31)),  # New Year's Day: the day before
    ],
)
def test_days_before_an_event_keep_the_whole_period(calendar, event, days, last, due):
    found = count_days_before(event, days, calendar, event="the move")
    assert (found.last_counted_day, found.due, found.counting) == (last, due, "before")
    assert found.explanation[-1] == f"Due by: {due:%a} {due.isoformat()}."


def test_calendar_days_after_are_as_before(calendar):
    # the 645.15 count every Nowthen clock uses: its JSON is unchanged (no "counting" key)
    found = count_days(D(2026, 11, 20), 5, calendar)
    assert (found.due, found.counting) == (D(2026, 11, 25), "after")
    assert "counting" not in found.to_json()


@pytest.mark.parametrize("count", [count_business_days, count_days_before])
@pytest.mark.parametrize("days", [0, -1, True, 1.5])
def test_a_count_the_law_cannot_mean_is_refused(calendar, count, days):
    with pytest.raises(DeadlineError, match="the number of days must be"):
        count(D(2026, 12, 7), days, calendar)


def test_a_third_city_counts_a_period_in_business_days_by_its_data_alone(
    tmp_path: Path, monkeypatch
):
    # given Thirdtown, which gives a new resident 10 business days (the unit of its parameter)
    root = tmp_path / "params"
    shutil.copytree(params.DEFAULT_ROOT / "minnesota", root / "minnesota")
    town = root / "thirdtown"
    (town / "ordinance").mkdir(parents=True)
    (town / "jurisdiction.yaml").write_text(
        "id: thirdtown\nname: City of Thirdtown\nkind: city\nstate: minnesota\n"
    )
    source = (
        "{instrument: Thirdtown City Code, kind: ordinance, section: '6.40', adopted: 2019-12-10}"
    )
    (town / "licensing.yaml").write_text(
        "parameters:\n"
        "  license.new_resident_days:\n"
        "    description: Business days a new resident has to license a dog\n"
        "    type: integer\n    unit: business days\n"
        f"    values: {{2020-01-01: {{value: 10, source: {source}}}}}\n"
    )
    (town / "ordinance" / "sections.yaml").write_text(
        "provisions:\n  license.new_resident: '6.40 subd. 3'\n"
    )
    # the two holidays each city chooses (Minn. Stat. 645.44 subd. 5): neither, here
    (town / "calendar.yaml").write_text(
        "parameters:\n"
        + "".join(
            f"  calendar.{name}:\n    description: {name}\n    type: boolean\n"
            f"    values: {{2020-01-01: {{value: false, source: {source}}}}}\n"
            for name in ("indigenous_peoples_day_is_holiday", "day_after_thanksgiving_is_holiday")
        )
    )
    provisions._read.cache_clear()
    monkeypatch.setenv("DOGTAG_PARAMS_DIR", str(root))
    monkeypatch.setenv("DOGTAG_JURISDICTION", "thirdtown")
    try:
        found = deadline(params.default(), D(2026, 11, 20), clock_id="license.new_resident")
    finally:
        provisions._read.cache_clear()
    # then the ten days are open days, and the finding says so
    assert found.deadline is not None
    assert (found.deadline.due, found.deadline.counting) == (D(2026, 12, 7), "business_days")
    assert found.message == (
        "Due Mon 2026-12-07: obtain a city dog license within 10 business days after the owner "
        "became a resident of the city on Fri 2026-11-20 (6.40 subd. 3)."
    )
