"""The rules of 3-2-9.A.1.a, A.2.h and B.6.a where the records apply them: the designation and
the service of the notice (A.1.a), the order into custody (A.2.h), the revocation order (B.6.a).
A refusal cites its rule's finding and writes nothing."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import CaseEvent, Revocation
from dogtag.records.errors import Refused, ServiceError

from .conftest import CHICAGO, INCIDENT, D, counts, designate, walk


def refused(call, *, rule: str | None, message: str):
    before = counts(), Revocation.objects.count()
    with pytest.raises(ServiceError) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    if rule is not None:
        assert rule in [f.rule for f in caught.value.findings]
    assert (counts(), Revocation.objects.count()) == before
    return caught.value


# --------------------------------------------------------------------------- 3-2-9.A.1.a


@pytest.mark.parametrize(
    "incidents, message",
    [
        ([], "Record at least one incident with its date, time, place and facts (3-2-9.A.1.a)."),
        (
            [dataclasses.replace(INCIDENT, place=" ")],
            "Incident 1: give its place (3-2-9.A.1.a).",
        ),
        (
            [INCIDENT, dataclasses.replace(INCIDENT, facts="")],
            "Incident 2: give its facts (3-2-9.A.1.a).",
        ),
    ],
)
def test_3_2_9_A_1_a_a_designation_states_each_incident(officer, dog, incidents, message):
    error = refused(
        lambda: designate(officer, dog, incidents=incidents),
        rule="dangerous_dog.notice_incidents",
        message=message,
    )
    assert isinstance(error, Refused) and error.sections == ["3-2-9.A.1.a"]


@pytest.mark.parametrize(
    "method, person, address, message",
    [
        ("personal", "", "", "Name the person the notice was handed to (3-2-9.A.1.a)."),
        (
            "mail",
            "",
            " ",
            "Give the address of the residence or the mailing address (3-2-9.A.1.a).",
        ),
        ("fax", "Pat", "x", "'fax' is not a way of serving the notice (3-2-9.A.1.a)"),
    ],
)
def test_3_2_9_A_1_a_the_service_is_refused_with_the_rule(
    officer, hearing_officer, dog, method, person, address, message
):
    case = walk("notice_issued", officer, hearing_officer, dog)
    refused(
        lambda: services.record_service(
            case=case,
            served_on=D(2026, 10, 28),
            method=method,
            served_person=person,
            served_address=address,
            actor=officer,
        ),
        rule="dangerous_dog.notice_service",
        message=message,
    )


def test_3_2_9_A_1_a_the_service_decision_stores_how_it_was_served(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    decision = case.events.get(kind=CaseEvent.Kind.SERVED).decision
    assert [f["rule"] for f in decision.findings] == [
        "dangerous_dog.hearing_request",
        "dangerous_dog.notice_service",
    ]
    served = decision.findings[1]
    assert (served["outcome"], served["sections"]) == ("served", ["3-2-9.A.1.a"])
    assert served["message"] == (
        "Notice personally served on the owner (3-2-9.A.1.a); service upon any owner is "
        "effective as to all owners."
    )


# --------------------------------------------------------------------------- 3-2-9.A.2.h


def test_3_2_9_A_2_h_an_order_into_custody_says_refusing_to_release_is_a_misdemeanor(
    officer, hearing_officer, dog
):
    case = walk("hearing_held", officer, hearing_officer, dog)
    order = services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="upheld_custody",
        findings_of_fact="Rex bit the jogger without provocation, causing stitches.",
        kept_at="Anoka County Animal Shelter",
        contact_address="3101 Bunker Lake Blvd NW, Andover",
        contact_phone="763-555-0199",
        actor=hearing_officer,
    )
    [release] = [f for f in order.decision.findings if f["sections"] == ["3-2-9.A.2.h"]]
    assert (release["rule"], release["outcome"], release["blocks"]) == (
        "dangerous_dog.release_on_demand",
        "must_release",
        False,
    )
    assert "guilty of a misdemeanor (3-2-9.A.2.h)" in release["message"]


def test_3_2_9_A_2_h_an_order_without_custody_does_not_cite_it(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    rules = [f["rule"] for f in case.designation_hearing.order.decision.findings]
    assert "dangerous_dog.release_on_demand" not in rules


# --------------------------------------------------------------------------- 3-2-9.B.6.a


@pytest.fixture
def heard(officer, hearing_officer, dog, frozen_today):
    case = walk("registered", officer, hearing_officer, dog)
    services.serve_revocation_notice(
        case=case,
        reasons="The proper enclosure's gate was found open on 2026-11-28.",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 3, 9, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=officer,
    )
    frozen_today.move_to(dt.datetime(2026, 12, 4, 16, 0, tzinfo=dt.UTC))
    services.hold_revocation_hearing(
        case=case,
        held_on=D(2026, 12, 3),
        actor=hearing_officer,
        authority_represented_by="Officer Reyes",
        owner_represented_by="Pat Gustafson",
    )
    return case


@pytest.mark.parametrize(
    "outcome, expected, words",
    [
        (
            "dispose",
            "may_revoke",
            "Revoked following hearing (3-2-9.B.6.a), because the Hearing Officer found the "
            "failure the notice of revocation alleged (3-2-9.B.6.b): The proper enclosure's gate "
            "was found open on 2026-11-28.",
        ),
        (
            "not_revoked",
            "not_revoked",
            "Not revoked: the Certificate of Registration stands (3-2-9.B.6.a).",
        ),
    ],
)
def test_3_2_9_B_6_a_the_revocation_order_stores_its_ground(
    heard, hearing_officer, outcome, expected, words
):
    revocation = services.decide_revocation(
        case=heard,
        decided_on=D(2026, 12, 4),
        outcome=outcome,
        findings_of_fact="The gate was open; the dog was in the yard.",
        actor=hearing_officer,
    )
    found = {f["rule"]: f for f in revocation.decision.findings}
    ground = found["dangerous_dog.revocation"]
    assert (ground["outcome"], ground["blocks"], ground["message"]) == (expected, False, words)


def test_3_2_9_B_6_a_no_revocation_before_the_hearing(officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    services.serve_revocation_notice(
        case=case,
        reasons="The proper enclosure's gate was found open on 2026-11-28.",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 3, 9, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=officer,
    )
    error = refused(
        lambda: services.decide_revocation(
            case=case,
            decided_on=D(2026, 11, 29),
            outcome="dispose",
            findings_of_fact="x",
            actor=hearing_officer,
        ),
        rule="dangerous_dog.revocation",
        message="a Certificate of Registration is revoked only following hearing (3-2-9.B.6.a)",
    )
    assert error.sections == ["3-2-9.B.6.a"]
