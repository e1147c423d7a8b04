"""An incident known by its date only (issue 26): 3-2-9.A.1.a asks the Notice of Dangerous Dog to
state "the dates, times, places and facts of the incidents". The designation records an incident
whose time is not known yet ("sometime on 3 May", a neighbour's report); the case page says so;
the Notice does not issue until the time is given, with the answer ``dogtag evaluate
dangerous-dog-notice`` gives for a notice without the time; once it is given, it issues."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.documents import notice as notice_document
from dogtag.dangerous_dogs.models import DangerousDogCase, Incident
from dogtag.law.params import default
from dogtag.law.questions import evaluate
from dogtag.records.errors import ServiceError

from .conftest import INCIDENT, D, counts, designate
from .test_notice_contents import ON, refused_notice

UNTIMED = dataclasses.replace(INCIDENT, occurred_time=None)
FORM = {
    "on": "2026-10-26",
    "authority": "animal_control_authority",
    "criteria": ["substantial_or_great_bodily_harm"],
    "factual_basis": "A bite.",
    "incident_date": "2026-10-20",
    "incident_place": "Viking Blvd",
    "incident_facts": "Bit a jogger.",
}


def _cell(page: str) -> list[str]:
    """The incidents' "Date and time" cells of the case page, in order."""
    marker = '<td data-label="Date and time">'
    return [part.split("</td>")[0].strip() for part in page.split(marker)[1:]]


# ------------------------------------------------------------------ recording, with or without


@pytest.mark.parametrize(
    "typed, stored, shown",
    [
        ("17:45", dt.time(17, 45), "2026-10-20 17:45"),
        ("", None, "2026-10-20, time not known"),
    ],
    ids=["with-time", "date-only"],
)
def test_3_2_9_A_1_a_an_incident_is_recorded_with_or_without_its_time(
    client, dog, officer, typed, stored, shown
):
    # given the designation page, the incident's time typed or left empty
    client.force_login(officer)
    form = client.get(f"/dangerous-dogs/new/?dog={dog.pk}").content.decode()
    assert "Leave it empty if the time is not known" in form
    # when the officer designates
    response = client.post(
        f"/dangerous-dogs/new/?dog={dog.pk}", {**FORM, "incident_time": typed, "dog": dog.pk}
    )
    # then the case holds the incident's date, and its time only if one was typed
    case = DangerousDogCase.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/dangerous-dogs/{case.number}/"
    incident = case.incidents.get()
    assert (incident.occurred_on, incident.occurred_time) == (D(2026, 10, 20), stored)
    assert str(incident) == f"{shown} at Viking Blvd"
    # and the case page shows it as recorded
    assert _cell(client.get(f"/dangerous-dogs/{case.number}/").content.decode()) == [shown]


@pytest.mark.parametrize(
    "second, recorded, error",
    [
        ({}, [(D(2026, 10, 20), dt.time(17, 45))], None),
        (
            {"incident2_date": "2026-10-22", "incident2_place": "Yard", "incident2_facts": "Bit."},
            [(D(2026, 10, 20), dt.time(17, 45)), (D(2026, 10, 22), None)],
            None,
        ),
        (
            {
                "incident2_date": "2026-10-22",
                "incident2_time": "08:10",
                "incident2_place": "Yard",
                "incident2_facts": "Bit.",
            },
            [(D(2026, 10, 20), dt.time(17, 45)), (D(2026, 10, 22), dt.time(8, 10))],
            None,
        ),
        (
            {"incident2_time": "08:10"},
            [],
            "Give the second incident&#x27;s date, place and facts, or none of them; its time "
            "if it is known.",
        ),
        (
            {"incident2_date": "2026-10-22", "incident2_time": "08:10"},
            [],
            "Give the second incident&#x27;s date, place and facts, or none of them; its time "
            "if it is known.",
        ),
    ],
    ids=["one", "second-date-only", "second-with-time", "time-alone", "no-place-or-facts"],
)
def test_the_second_incident_is_whole_but_its_time_may_follow(
    client, dog, officer, second, recorded, error
):
    client.force_login(officer)
    before = counts()
    response = client.post(
        f"/dangerous-dogs/new/?dog={dog.pk}",
        {**FORM, "incident_time": "17:45", **second, "dog": dog.pk},
    )
    if error is not None:
        assert response.status_code == 200 and error in response.content.decode()
        assert counts() == before
        return
    assert response.status_code == 302
    rows = Incident.objects.values_list("occurred_on", "occurred_time")
    assert list(rows) == recorded


# ------------------------------------------------------- the Notice waits for the time (A.1.a)


def test_3_2_9_A_1_a_the_notice_does_not_issue_until_the_time_is_known(officer, dog):
    # given a designation on a neighbour's report of "sometime on" 20 October
    case = designate(officer, dog, incidents=[INCIDENT, UNTIMED])
    # when the Notice is issued; then it is refused, and nothing changes (refused_notice)
    error = refused_notice(case, officer)
    [finding] = error.findings
    assert (finding.rule, finding.outcome, finding.message) == (
        "dangerous_dog.notice_incidents",
        "not_stated",
        "Incident 2: give its time (3-2-9.A.1.a).",
    )
    # and the question, asked of what the Notice would print, gives the very same answer
    incidents, _ = notice_document.printed(case, ON)
    asked = evaluate(
        "dangerous-dog-notice",
        {
            "method": "mail",
            "served_address": "7120 Viking Blvd NW",
            "issued_on": ON.isoformat(),
            "incident_dates": [i.date.isoformat() for i in incidents],
            "incident_times": [i.time.isoformat() if i.time else None for i in incidents],
            "incident_places": [i.place for i in incidents],
            "incident_facts": [i.facts for i in incidents],
        },
        default(),
    )["findings"]
    assert [f for f in asked if f["rule"] == "dangerous_dog.notice_incidents"] == [
        finding.to_json()
    ]


def test_3_2_9_A_1_a_once_the_time_is_given_the_notice_issues(officer, dog):
    # given a designation whose second incident has no time yet
    case = designate(officer, dog, incidents=[INCIDENT, UNTIMED])
    untimed = case.incidents.get(occurred_time=None)
    # when the officer gives its time
    services.give_incident_time(incident=untimed, occurred_time=dt.time(7, 30), actor=officer)
    # then it is recorded, and the history names who recorded the incident and who gave the time
    untimed.refresh_from_db()
    assert untimed.occurred_time == dt.time(7, 30)
    assert [
        (h.history_type, h.history_user, h.occurred_time)
        for h in untimed.history.order_by("history_id")
    ] == [("+", officer, None), ("~", officer, dt.time(7, 30))]
    # and the Notice issues, stating both times, the incidents in the order of their times
    case = services.issue_notice(case=case, on=ON, actor=officer)
    assert case.state == DangerousDogCase.State.NOTICE_ISSUED
    assert [i.time for i in notice_document.incidents(case)] == [dt.time(7, 30), dt.time(17, 45)]


@pytest.mark.parametrize(
    "incident, on, time, who, message",
    [
        (
            INCIDENT,
            D(2026, 10, 26),
            dt.time(7, 30),
            "officer",
            "Incident 1 already has its time, 5:45 PM: the Notice states the time recorded.",
        ),
        (
            UNTIMED,
            D(2026, 10, 26),
            dt.time(7, 30),
            "clerk",
            "Only the Animal Control Authority (an animal control officer) may give the time of "
            "an incident;",
        ),
        (
            # today, Sun 2026-11-29 at 10:00: an incident of today cannot be at 10:01
            dataclasses.replace(UNTIMED, occurred_on=D(2026, 11, 29)),
            D(2026, 11, 29),
            dt.time(10, 1),
            "officer",
            "Incident 1 cannot have happened at 10:01 AM on Sun 2026-11-29: that time is still "
            "to come.",
        ),
    ],
    ids=["already-timed", "clerk", "future"],
)
def test_giving_the_time_is_refused_and_changes_nothing(
    request, officer, dog, incident, on, time, who, message
):
    case = designate(officer, dog, incidents=[incident], on=on)
    recorded = case.incidents.get()
    before = (counts(), recorded.history.count(), recorded.occurred_time)
    with pytest.raises(ServiceError) as caught:
        services.give_incident_time(
            incident=recorded, occurred_time=time, actor=request.getfixturevalue(who)
        )
    assert message in str(caught.value)
    recorded.refresh_from_db()
    assert (counts(), recorded.history.count(), recorded.occurred_time) == before


# ------------------------------------------------------------------- the page that gives it


def test_the_case_page_offers_to_give_the_time_and_the_page_gives_it(client, officer, clerk, dog):
    case = designate(officer, dog, incidents=[INCIDENT, UNTIMED])
    untimed = case.incidents.get(occurred_time=None)
    url = f"/dangerous-dogs/{case.number}/incidents/{untimed.pk}/time/"
    # the clerk sees the incident as recorded, and no way to give its time
    client.force_login(clerk)
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert _cell(page) == ["2026-10-20 17:45", "2026-10-20, time not known"]
    assert url not in page
    assert client.post(url, {"occurred_time": "07:30"}).status_code == 403
    # the officer is offered it beside that incident only
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
    assert page.count("/time/") == 1 and url in page
    form = client.get(url).content.decode()
    assert "2026-10-20, time not known" in form and 'name="occurred_time"' in form
    # an empty time is refused, nothing written
    before = (counts(), untimed.history.count())
    response = client.post(url, {"occurred_time": ""})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert (counts(), untimed.history.count()) == before
    # the time given, back to the case page
    response = client.post(url, {"occurred_time": "07:30"})
    assert response.status_code == 302
    assert response["Location"] == f"/dangerous-dogs/{case.number}/#incidents"
    # where the incidents are now in the order of their times
    page = client.get(response["Location"]).content.decode()
    assert _cell(page) == ["2026-10-20 07:30", "2026-10-20 17:45"]
    assert "/time/" not in page
    # and a second time is refused on the page, nothing written
    response = client.post(url, {"occurred_time": "08:00"})
    assert response.status_code == 200
    assert "Incident 1 already has its time, 7:30 AM" in response.content.decode()
    untimed.refresh_from_db()
    assert untimed.occurred_time == dt.time(7, 30)


def test_the_time_page_of_an_incident_of_another_case_is_not_found(client, officer, dog):
    case = designate(officer, dog, incidents=[UNTIMED])
    client.force_login(officer)
    incident = case.incidents.get()
    assert (
        client.get(f"/dangerous-dogs/DD2026-999/incidents/{incident.pk}/time/").status_code == 404
    )
    assert client.get(f"/dangerous-dogs/{case.number}/incidents/0/time/").status_code == 404
