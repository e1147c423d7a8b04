"""The test town holds on any day (issue 25): built on the days most likely to break it.

CI went red on Sunday 2026-12-06 because the 20-household town of the browser tests queued no
renewal reminder that day. Every test that builds a town now builds ``tests.town.build_town`` on
the suite's stated day; this sweep builds the same town on each day below and checks what the
other tests rely on: every kind of record the walkers open exists (``town.missing()``), and the
due list's sections, from the stored clocks and computed afresh, list the same rows and agree
with the records. A town is built at 10:00 in Nowthen unless the day's point is the hour: the
daylight-saving days are built across the change, and New Year's Eve and the leap day in the
evening, when the date in UTC is already the next day.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.http import QueryDict
from django.test import Client

from dogtag.law import params
from dogtag.law.computation_of_time import LegalCalendar
from dogtag.licensing import due, due_clocks
from dogtag.licensing.models import License
from dogtag.records.services import city_params
from dogtag.staff.demo import DEMO_USERNAME
from tests.town import build_town, missing

CITY = ZoneInfo("America/Chicago")
#: The size of the walkers' town (``tests/staff/test_no_server_errors_get``).
HOUSEHOLDS = 12


def at(day: dt.date, hour: int = 10, minute: int = 0) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=CITY)


def legal_holidays(year: int) -> list[tuple[str, dt.datetime]]:
    """Each Minnesota legal holiday of ``year`` (Minn. Stat. 645.44 subd. 5, and the city's own),
    as the deadline calendar knows them, on the day it is observed."""
    calendar = LegalCalendar(params.default())  # the parameter files: no database at collection
    day, found = dt.date(year, 1, 1), []
    while day.year == year:
        reasons, _ = calendar.closed(day)
        named = [r for r in reasons if r not in ("Saturday", "Sunday")]
        if named:
            found.append((f"{day:%Y-%m-%d} {named[0].split('(')[0].strip()}", at(day)))
        day += dt.timedelta(days=1)
    return found


DAYS: list[tuple[str, dt.datetime]] = [
    ("2026-12-06 the Sunday CI went red", at(dt.date(2026, 12, 6))),
    ("2027-05-15 a Saturday", at(dt.date(2027, 5, 15))),
    ("2027-05-16 a Sunday", at(dt.date(2027, 5, 16))),
    *legal_holidays(2027),
    ("2027-12-31 New Year's Eve at 20:30 (UTC: 2028)", at(dt.date(2027, 12, 31), 20, 30)),
    ("2028-02-29 the leap day", at(dt.date(2028, 2, 29))),
    ("2028-02-28 at 20:30 (UTC: the leap day)", at(dt.date(2028, 2, 28), 20, 30)),
    # 02:00 CST becomes 03:00 CDT while the town is built
    ("2027-03-14 spring forward", at(dt.date(2027, 3, 14), 1, 59)),
    # 01:30 CDT, an hour that happens twice
    ("2027-11-07 fall back", dt.datetime(2027, 11, 7, 6, 30, tzinfo=dt.UTC)),
]


def rows_by_section(on: dt.date, *, stored: bool) -> dict[str, list[tuple[int, dt.date | None]]]:
    """Each licensing section's rows (dog, date) on ``on``: from the stored clocks (as the due
    list page reads its first page) or computed afresh from the records."""
    if stored:
        assert due_clocks.refresh_if_stale(on=on) or due.stored_clocks_fresh(city_params(), on)
        listing = due.due_list(on, other_domains=False, address=QueryDict(), per_page=200)
    else:
        listing = due.due_list(on, other_domains=False)
    return {
        s.key: sorted((r.subject_id, r.date) for r in s.rows)  # type: ignore[misc]
        for s in listing.sections
    }


def assert_the_due_list_agrees(on: dt.date) -> None:
    stored, computed = rows_by_section(on, stored=True), rows_by_section(on, stored=False)
    assert stored == computed
    # and each license row's date lies in its section's window
    near, far = on + dt.timedelta(days=due.NEAR_DAYS), on + dt.timedelta(days=due.FAR_DAYS)
    windows = {
        "expiring_soon": lambda d: on <= d <= near,
        "expiring_later": lambda d: near < d <= far,
        "overdue_renewals": lambda d: d <= on,  # unlicensed since the day after the expiry
    }
    outside = {
        key: [row for row in computed[key] if row[1] is None or not inside(row[1])]
        for key, inside in windows.items()
    }
    assert outside == {key: [] for key in windows}


@pytest.mark.django_db
@pytest.mark.parametrize("moment", [m for _, m in DAYS], ids=[name for name, _ in DAYS])
def test_the_test_town_holds_on_this_day(moment: dt.datetime) -> None:
    with time_machine.travel(moment, tick=True):
        # given the test town built on this day
        build_town(HOUSEHOLDS)
        on = dt.datetime.now(CITY).date()
        # then every kind of record the walkers open is there
        assert missing() == []
        # and the due list, stored or computed, lists the same rows in its sections
        assert_the_due_list_agrees(on)
        # and the staff's first pages answer on this day
        client = Client()
        client.force_login(_demo_user())
        for path in ("/", "/due/", "/office/outbox/"):
            assert client.get(path).status_code == 200, path


@pytest.mark.django_db
def test_the_day_before_a_license_expires_and_the_day_after() -> None:
    # given the test town built on a Tuesday, and its first license to expire after that day
    built = at(dt.date(2027, 6, 15))
    with time_machine.travel(built, tick=True):
        build_town(HOUSEHOLDS)
    soonest = (
        License.objects.exclude(status="void")
        .filter(expires_on__gt=built.date(), dog__status="active")
        .order_by("expires_on", "pk")
        .first()
    )
    assert soonest is not None
    expires = soonest.expires_on
    # when the due list is read the day before it expires, on that day and the day after
    answers = {}
    for on in (expires - dt.timedelta(days=1), expires, expires + dt.timedelta(days=1)):
        with time_machine.travel(at(on), tick=True):
            assert_the_due_list_agrees(on)
            found = rows_by_section(on, stored=False)
            answers[on] = [key for key, rows in found.items() if soonest.dog_id in dict(rows)]
    # then it is expiring on the day before and on its last day, and overdue the day after
    assert answers == {
        expires - dt.timedelta(days=1): ["expiring_soon"],
        expires: ["expiring_soon"],
        expires + dt.timedelta(days=1): ["overdue_renewals"],
    }


def _demo_user() -> object:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=DEMO_USERNAME)
