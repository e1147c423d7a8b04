"""The calendar feed carries the city's time zone (America/Chicago): a hearing is its wall time
with TZID and the zone's VTIMEZONE, so a calendar program in another zone places it at the city's
hour, on both sides of a daylight-saving change; a deadline is an all-day DATE."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from dogtag.exports import calendar
from dogtag.exports.calendar import Entry
from dogtag.records.services import city_params

CHICAGO = ZoneInfo("America/Chicago")
UTC = dt.UTC
NOW = dt.datetime(2026, 11, 29, 16, 0, tzinfo=UTC)


def feed_of(monkeypatch: pytest.MonkeyPatch, *found: Entry) -> Calendar:
    monkeypatch.setattr(calendar, "entries", lambda params: iter(found))
    return Calendar.from_ical(calendar.feed(NOW, city_params()))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "stored_utc, wall, offset_hours, los_angeles",
    [
        # December: Central Standard Time, UTC-6; 18:00 in Nowthen is 16:00 in Los Angeles
        (dt.datetime(2026, 12, 11, 0, 0, tzinfo=UTC), "20261210T180000", -6, 16),
        # Monday 2027-03-15, the day after daylight saving began (Sun 03-14): CDT, UTC-5
        (dt.datetime(2027, 3, 15, 23, 0, tzinfo=UTC), "20270315T180000", -5, 16),
        # Friday 2027-03-12, the last Friday before it: still CST
        (dt.datetime(2027, 3, 13, 0, 0, tzinfo=UTC), "20270312T180000", -6, 16),
    ],
)
def test_a_hearing_at_six_in_the_evening_is_six_in_the_evening_in_chicago(
    monkeypatch, stored_utc, wall, offset_hours, los_angeles
):
    # given a hearing the database holds in UTC, at 18:00 in Nowthen
    hearing = Entry(uid="dd-hearing-1", summary="Dangerous-dog hearing", start=stored_utc)
    # when the feed is written and read back by a calendar program
    parsed = feed_of(monkeypatch, hearing)
    (event,) = parsed.walk("VEVENT")
    # then the event is the city's wall time, named by its zone
    assert event["dtstart"].to_ical().decode() == wall
    assert event["dtstart"].params["TZID"] == "America/Chicago"
    assert event["dtend"].params["TZID"] == "America/Chicago"
    start = event.decoded("dtstart")
    assert start == dt.datetime.fromisoformat(wall).replace(tzinfo=CHICAGO)
    assert (start.hour, start.minute) == (18, 0)
    assert start.utcoffset() == dt.timedelta(hours=offset_hours)
    assert event.decoded("dtend") - start == dt.timedelta(hours=1)
    # and the feed defines the zone itself (VTIMEZONE): a program that knows no zone names finds
    # the same offset from the feed alone, and shows it at the same instant in its own zone
    (zone,) = parsed.walk("VTIMEZONE")
    assert str(zone["TZID"]) == "America/Chicago"
    from_feed = dt.datetime.fromisoformat(wall).replace(tzinfo=zone.to_tz())
    assert from_feed.utcoffset() == dt.timedelta(hours=offset_hours)
    assert from_feed.astimezone(UTC) == stored_utc
    elsewhere = from_feed.astimezone(ZoneInfo("America/Los_Angeles"))
    assert (elsewhere.date(), elsewhere.hour) == (start.date(), los_angeles)


@pytest.mark.django_db
def test_a_deadline_is_an_all_day_date_in_every_zone(monkeypatch):
    # given a deadline on the day after daylight saving began
    deadline = Entry(uid="dd-1-order", summary="Due: order", start=dt.date(2027, 3, 15))
    # when the feed is read
    (event,) = feed_of(monkeypatch, deadline).walk("VEVENT")
    # then it is that day, all day, with no time and no zone to shift it
    assert event["dtstart"].params["VALUE"] == "DATE"
    assert "TZID" not in event["dtstart"].params
    assert event.decoded("dtstart") == dt.date(2027, 3, 15)
    assert event.decoded("dtend") == dt.date(2027, 3, 16)
    # and the stamp of the feed is UTC, as RFC 5545 asks
    assert event["dtstamp"].to_ical().decode() == "20261129T160000Z"
