"""Requests for a hearing the procedure does not take as one (issue 26): a spoken request (not a
request, 3-2-9.A.1.c) and a written one received after the days to request a hearing (kept and
flagged for the Hearing Officer; the designation stands, A.1.e). Both go into the case's one log,
on the staff site as in the services, and neither moves the case."""

from __future__ import annotations

import datetime as dt

import time_machine

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, FlaggedHearingRequest

from .conftest import CHICAGO, D, counts, walk

Kind = CaseEvent.Kind


def test_a_spoken_request_is_recorded_and_the_days_keep_running(
    client, officer, hearing_officer, dog
):
    # given the notice served Wed 10-28 and the owner phoning on Mon 11-02
    case = walk("served", officer, hearing_officer, dog)
    client.force_login(officer)
    with time_machine.travel(dt.datetime(2026, 11, 2, 10, 0, tzinfo=CHICAGO), tick=False):
        page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
        assert 'id="step-oral_request"' in page and 'id="step-hearing_request"' in page
        # when the officer records the call
        response = client.post(
            f"/dangerous-dogs/{case.number}/steps/oral_request/",
            {
                "oral_request-received_on": "2026-11-02",
                "oral_request-requested_by": "Pat Gustafson",
                "oral_request-note": "Told to use the form in the notice.",
            },
            follow=True,
        )
    # then it is in the log, with the finding that says it is no request, and nothing moved
    assert response.status_code == 200
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == DangerousDogCase.State.SERVED
    event = case.events.get(kind=Kind.ORAL_HEARING_REQUEST)
    assert event.on == D(2026, 11, 2)
    assert event.summary == (
        "Pat Gustafson asked for a hearing without a written request: not a request "
        "(3-2-9.A.1.c). A written request, on the form in the notice or otherwise, must reach "
        "the Animal Control Authority by Thu 2026-11-12. Note: Told to use the form in the notice."
    )
    assert [f["outcome"] for f in event.decision.findings] == ["not_in_writing", "due"]
    assert not case.hearings.exists()
    # and the written request may still come within the days
    hearing = services.receive_hearing_request(
        case=case,
        received_on=D(2026, 11, 10),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    assert hearing.requested_on == D(2026, 11, 10)


def test_a_spoken_request_after_the_days_is_refused_and_writes_nothing(
    officer, hearing_officer, dog
):
    case = walk("served", officer, hearing_officer, dog)
    before = counts()
    try:
        services.record_oral_hearing_request(
            case=case, received_on=D(2026, 11, 20), requested_by="Pat", actor=officer
        )
    except services.Refused as refused:
        assert "the days to request a hearing ended Thu 2026-11-12" in str(refused)
    else:
        raise AssertionError("a spoken request after the days was recorded")
    assert counts() == before


def test_a_late_request_is_kept_in_the_log_and_flagged(client, officer, hearing_officer, dog):
    # given the days ended Thu 11-12 and the case page on Sun 11-29 (the suite's day)
    case = walk("served", officer, hearing_officer, dog)
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert 'id="step-late_request"' in page and 'id="step-hearing_request"' not in page
    # when the officer records the written request that came on Fri 11-20
    response = client.post(
        f"/dangerous-dogs/{case.number}/steps/late_request/",
        {
            "late_request-received_on": "2026-11-20",
            "late_request-received_time": "09:15",
            "late_request-requested_by": "Pat Gustafson",
            "late_request-note": "",
        },
        follow=True,
    )
    # then it is kept, flagged on the page, in the log, and the designation still stands
    assert response.status_code == 200
    page = response.content.decode()
    assert "The late request is kept and flagged for the Hearing Officer." in page
    assert "dogtag-flagged-request" in page
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == DangerousDogCase.State.SERVED
    [flagged] = FlaggedHearingRequest.objects.filter(case=case)
    assert (flagged.outcome, flagged.request_by) == ("too_late", "Pat Gustafson")
    event = case.events.get(kind=Kind.LATE_HEARING_REQUEST)
    assert event.on == D(2026, 11, 20)
    assert event.summary == (
        "Written request for a hearing received Fri 2026-11-20 from Pat Gustafson, after the "
        "last day to request one: kept and flagged for the Hearing Officer; the designation "
        "stands (3-2-9.A.1.e)."
    )
    # and the designation may be recorded as standing
    case = services.designation_stands(case=case, on=D(2026, 11, 29), actor=officer)
    assert case.state == DangerousDogCase.State.DANGEROUS


def test_a_paper_request_entered_after_the_days_but_received_in_them_is_the_request(
    client, officer, hearing_officer, dog
):
    # given the days ended Thu 11-12, and on Sun 11-29 the officer enters a letter received 11-05
    case = walk("served", officer, hearing_officer, dog)
    client.force_login(officer)
    response = client.post(
        f"/dangerous-dogs/{case.number}/steps/late_request/",
        {
            "late_request-received_on": "2026-11-05",
            "late_request-received_time": "09:15",
            "late_request-requested_by": "Pat Gustafson",
        },
        follow=True,
    )
    # then it is the request for a hearing, dated the day it was received, nothing flagged
    assert "Request for a hearing recorded: it was received within the days" in (
        response.content.decode()
    )
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == DangerousDogCase.State.HEARING_REQUESTED
    assert case.designation_hearing.requested_on == D(2026, 11, 5)
    assert not FlaggedHearingRequest.objects.exists()
