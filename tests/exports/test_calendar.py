"""The calendar feed (issue 13, item 4): a private feed token per user, stored hashed, made and
revoked on a page; the feed lists hearings and deadlines; a revoked or unknown token is 404."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from icalendar import Calendar

from dogtag.dangerous_dogs import services as dangerous
from dogtag.dangerous_dogs.deadlines import case_deadlines
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.dangerous_dogs.queries import with_records
from dogtag.exports import services
from dogtag.exports.models import FeedToken
from dogtag.records import roles
from dogtag.records.services import city_params
from tests.exports.conftest import D, signed_in

CHICAGO = ZoneInfo("America/Chicago")
PAGE = "/exports/calendar/"


def feed_path(token: str) -> str:
    return f"/exports/calendar/{token}.ics"


@pytest.fixture
def hearing(licensed: Any, user_in: Any) -> Any:
    """Biscuit's 3-2-9 case walked to a scheduled hearing on Thu 2026-12-10, 10:00."""
    officer = user_in(roles.ANIMAL_CONTROL_OFFICER)
    case = dangerous.designate(
        dog=licensed.dog,
        authority="animal_control_authority",
        criteria=["substantial_or_great_bodily_harm"],
        exemptions=[],
        factual_basis="An unprovoked bite inflicting substantial bodily harm (stitches).",
        incidents=[
            dangerous.IncidentFacts(
                occurred_on=D(2026, 11, 20),
                occurred_time=dt.time(17, 0),
                place="Viking Blvd NW",
                facts="Biscuit bit a jogger; she needed stitches.",
            )
        ],
        on=D(2026, 11, 23),
        actor=officer,
    )
    case = dangerous.issue_notice(case=case, on=D(2026, 11, 23), actor=officer)
    case = dangerous.record_service(
        case=case,
        served_on=D(2026, 11, 24),
        method="personal",
        served_person="Pat Gustafson",
        actor=officer,
    )
    dangerous.receive_hearing_request(
        case=case,
        received_on=D(2026, 11, 27),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    dangerous.schedule_hearing(
        case=case,
        scheduled_at=dt.datetime(2026, 12, 10, 10, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall, council chambers",
        on=D(2026, 11, 28),
        actor=officer,
    )
    return case


def make_feed(client: Client) -> str:
    """Make a feed on the page; the token from the address shown once."""
    page = client.post(PAGE, {"action": "create"}).content.decode()
    shown = re.search(
        r'id="feed-url" type="text" readonly value="http://testserver'
        r'/exports/calendar/([^"/]+)\.ics"',
        page,
    )
    assert shown is not None
    return shown.group(1)


def test_the_feed_lists_the_hearing_without_the_owner(hearing, user_in):
    # given a clerk's feed and a scheduled 3-2-9 hearing
    client = signed_in(user_in(roles.CLERK))
    token = make_feed(client)
    # when the feed is read without a session (as a calendar program does)
    response = Client().get(feed_path(token))
    # then it is the hearing, at its time and place
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    events = Calendar.from_ical(response.content).walk("VEVENT")
    event = events[0]
    assert str(event["summary"]) == f"Dangerous-dog hearing: case {hearing.number} (Biscuit)"
    assert event.decoded("dtstart") == dt.datetime(2026, 12, 10, 10, 0, tzinfo=CHICAGO)
    assert event.decoded("dtend") == dt.datetime(2026, 12, 10, 11, 0, tzinfo=CHICAGO)
    # in the city's zone, which the feed defines, not in UTC
    assert b"DTSTART;TZID=America/Chicago:20261210T100000" in response.content
    assert b"BEGIN:VTIMEZONE\r\nTZID:America/Chicago" in response.content
    assert str(event["location"]) == "Nowthen City Hall, council chambers"
    # and the case's deadlines still ahead, each on its day as the rules core counts it
    case = with_records(DangerousDogCase.objects.filter(pk=hearing.pk)).get()
    ahead = [d for d in case_deadlines(case, city_params()) if d.done_on is None]
    assert [(str(e["summary"]), e.decoded("dtstart")) for e in events[1:]] == [
        (f"Due: {d.title}: case {hearing.number} (Biscuit)", d.due) for d in ahead
    ]
    # the hearing and its limit; the state's seizure clock waits on the order while the hearing
    # is pending (readings.state_clock_pending_hearing, issue 26)
    assert len(events) == 2
    assert [d.title for d in ahead] == ["Hearing to be held by (3-2-9.A.2.a)"]
    # and no private data: the owner is not named
    assert b"Gustafson" not in response.content
    # and its last use is noted
    assert FeedToken.objects.get().last_used_at is not None


def test_the_token_is_stored_hashed_and_shown_once(user_in):
    client = signed_in(user_in(roles.CLERK))
    token = make_feed(client)
    stored = FeedToken.objects.get()
    assert stored.token_hash == services.token_hash(token)
    assert token not in stored.token_hash
    assert len(token) >= 40
    assert token not in client.get(PAGE).content.decode()  # not shown again


def test_revoked_token_is_404(user_in):
    client = signed_in(user_in(roles.CLERK))
    token = make_feed(client)
    assert Client().get(feed_path(token)).status_code == 200
    # when the clerk revokes it
    response = client.post(PAGE, {"action": "revoke"})
    assert response.status_code == 302
    # then the address answers 404
    assert Client().get(feed_path(token)).status_code == 404
    assert FeedToken.objects.get().revoked_at is not None


def test_a_new_address_revokes_the_old(user_in):
    client = signed_in(user_in(roles.CLERK))
    old = make_feed(client)
    new = make_feed(client)
    assert Client().get(feed_path(old)).status_code == 404
    assert Client().get(feed_path(new)).status_code == 200
    assert FeedToken.objects.filter(revoked_at__isnull=True).count() == 1


def test_revoking_without_a_feed_changes_nothing(user_in):
    client = signed_in(user_in(roles.CLERK))
    response = client.post(PAGE, {"action": "revoke"}, follow=True)
    assert "You have no calendar feed to revoke." in response.content.decode()
    assert FeedToken.objects.count() == 0


@pytest.mark.parametrize("token", ["", "x", "a" * 43, "a" * 500])
def test_unknown_token_is_404(db, token):
    assert Client().get(feed_path(token)).status_code == 404


def test_a_token_of_a_user_who_lost_access_is_404(user_in):
    clerk = user_in(roles.CLERK)
    token = make_feed(signed_in(clerk))
    clerk.groups.clear()
    assert Client().get(feed_path(token)).status_code == 404
    clerk.groups.add(Group.objects.get(name=roles.CLERK))
    clerk.is_active = False
    clerk.save()
    assert Client().get(feed_path(token)).status_code == 404


def test_the_page_needs_sign_in_and_view_records(db, django_user_model):
    assert Client().post(PAGE, {"action": "create"}).status_code == 302
    nobody = django_user_model.objects.create_user("nobody")
    assert signed_in(nobody).post(PAGE, {"action": "create"}).status_code == 403
    assert FeedToken.objects.count() == 0


def test_unknown_action_is_400_and_changes_nothing(user_in):
    client = signed_in(user_in(roles.CLERK))
    assert client.post(PAGE, {"action": "delete-everything"}).status_code == 400
    assert FeedToken.objects.count() == 0
