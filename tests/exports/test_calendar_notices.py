"""The calendar feed's 3-2-6.C compliance dates: each open notice of compliance on its comply-by
day (all day); a notice complied with is not in the feed."""

from __future__ import annotations

from typing import Any

from django.test import Client
from icalendar import Calendar

from dogtag.exports import services as exports
from dogtag.parcels import services
from tests.parcels.fixtures_pages import *  # noqa: F403
from tests.parcels.fixtures_pages import D, rect


def noticed(site: dict[str, Any], officer: Any, *, x: float, issued_on: Any) -> Any:
    enclosure, _ = services.record_enclosure(
        parcel=site["p1"],
        location=rect(x, 200, 10, 10),
        constructed_on=None,
        label=f"Run {x}",
        actor=officer,
    )
    return services.issue_compliance_notice(
        enclosure=enclosure,
        complaint_received_on=issued_on,
        complaint_summary="Odor.",
        issued_on=issued_on,
        actor=officer,
    ).notice


def test_open_notices_are_in_the_feed_on_their_comply_by_day(site, officer):
    # given two notices, one complied with
    open_notice = noticed(site, officer, x=60, issued_on=D(2026, 11, 20))
    done = noticed(site, officer, x=140, issued_on=D(2026, 11, 2))
    services.record_compliance(notice=done, complied_on=D(2026, 11, 20), actor=officer)
    token = exports.create_feed_token(actor=officer)
    # when the officer's feed is read
    response = Client().get(f"/exports/calendar/{token}.ics")
    # then only the open notice is there, all day on its comply-by date
    assert response.status_code == 200
    (event,) = Calendar.from_ical(response.content).walk("VEVENT")
    assert str(event["summary"]) == f"Compliance due: notice {open_notice.number}"
    assert event.decoded("dtstart") == open_notice.comply_by
    # (30 days from Fri 2026-11-20 end on Sun 12-20; Minn. Stat. 645.15 moves it to Monday)
    assert open_notice.comply_by == D(2026, 12, 21)
    assert event.decoded("dtend") == D(2026, 12, 22)  # the next day: an all-day event
    # and neither the owner nor the complaint is named
    assert b"Hansen" not in response.content and b"Odor" not in response.content
