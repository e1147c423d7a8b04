"""After registration: inspections (3-2-9.E.6), revocation following hearing (B.6), and the
owner's written notices of death, relocation and transfer (C, D). Refusals write nothing."""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Inspection,
    OwnerNotice,
    Registration,
    Revocation,
)
from dogtag.records.errors import ServiceError

from .conftest import CHICAGO, D, counts, walk

State = DangerousDogCase.State


def all_counts():
    return (
        *counts(),
        Inspection.objects.count(),
        Revocation.objects.count(),
        OwnerNotice.objects.count(),
    )


def refused(call, message):
    before = all_counts()
    with pytest.raises(ServiceError) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert all_counts() == before
    return caught.value


@pytest.fixture
def registered(officer, hearing_officer, dog):
    return walk("registered", officer, hearing_officer, dog)


def notice(case, actor, **changes):
    fields = dict(
        case=case,
        reasons="Entry for inspection refused on 2026-11-29 (3-2-9.E.6).",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 10, 9, 0, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=actor,
    )
    fields.update(changes)
    return services.serve_revocation_notice(**fields)


def test_a_refused_inspection_is_grounds_for_seizure_and_revocation(registered, officer):
    inspection = services.record_inspection(
        case=registered,
        on=D(2026, 11, 29),
        permitted=False,
        actor=officer,
        notes="The owner refused entry at 10:05.",
    )
    finding = inspection.decision.findings[0]
    assert finding["outcome"] == "refused" and finding["sections"] == ["3-2-9.E.6", "3-2-9.B.6"]
    assert "ground to seize the dog immediately (3-2-12)" in registered.events.last().summary
    refused(
        lambda: services.record_inspection(
            case=registered, on=D(2026, 11, 29), permitted=True, actor=officer, notes="ok"
        ),
        "Say whether the dog was kept in compliance",
    )


def test_the_revocation_notice_sets_the_hearing_within_twenty_days(
    registered, officer, hearing_officer
):
    revocation = notice(registered, officer)
    registered.refresh_from_db()
    assert registered.state == State.REVOCATION_NOTICED
    # 20 days from Sun 11-29 is Sat 12-19: the limit moves to Mon 12-21
    assert "must be held by Mon 2026-12-21 (3-2-9.B.6.b)" in registered.events.last().summary
    refused(
        lambda: services.decide_revocation(
            case=registered,
            decided_on=D(2026, 11, 29),
            outcome="dispose",
            findings_of_fact="x",
            actor=hearing_officer,
        ),
        "the revocation hearing has not been held",
    )
    assert revocation.notice_date == D(2026, 11, 29)
    assert revocation.registration == registered.current_registration


def test_a_revocation_hearing_after_twenty_days_needs_good_cause(registered, officer, admin_user):
    late = dt.datetime(2026, 12, 22, 9, 0, tzinfo=CHICAGO)
    refused(
        lambda: notice(registered, officer, hearing_at=late),
        "The revocation hearing must be held by Mon 2026-12-21",
    )
    refused(
        lambda: notice(registered, officer, hearing_at=late, good_cause="Owner hospitalised"),
        "Only the Hearing Officer may extend the revocation hearing",
    )
    # an administrator holds both roles: the Authority's notice and the Hearing Officer's extension
    revocation = notice(registered, admin_user, hearing_at=late, good_cause="Owner ill")
    assert revocation.extension_good_cause == "Owner ill"


def test_revocation_outcomes(registered, officer, hearing_officer, frozen_today):
    notice(registered, officer, hearing_at=dt.datetime(2026, 12, 3, 9, tzinfo=CHICAGO))
    frozen_today.move_to(dt.datetime(2026, 12, 4, 16, 0, tzinfo=dt.UTC))
    refused(
        lambda: services.hold_revocation_hearing(
            case=registered,
            held_on=D(2026, 12, 3),
            actor=officer,
            authority_represented_by="Reyes",
            owner_represented_by="Pat",
        ),
        "Only the Hearing Officer may hold the revocation hearing",
    )
    revocation = services.hold_revocation_hearing(
        case=registered,
        held_on=D(2026, 12, 3),
        actor=hearing_officer,
        authority_represented_by="Officer Reyes",
        owner_represented_by="Pat Gustafson",
    )
    assert revocation.standard_of_proof == "preponderance"
    refused(
        lambda: services.decide_revocation(
            case=registered,
            decided_on=D(2026, 12, 4),
            outcome="reclaim",
            findings_of_fact="Inspection refused.",
            actor=hearing_officer,
        ),
        "only if in compliance with all registration requirements (3-2-9.B.6.c)",
    )
    refused(
        lambda: services.decide_revocation(
            case=registered,
            decided_on=D(2026, 12, 4),
            outcome="reclaim",
            findings_of_fact="Inspection refused.",
            actor=hearing_officer,
            owner_in_compliance=True,
            reclaim_by=D(2027, 1, 5),
        ),
        "may not exceed thirty days: the latest day is Mon 2027-01-04",
    )
    revocation = services.decide_revocation(
        case=registered,
        decided_on=D(2026, 12, 4),
        outcome="reclaim",
        findings_of_fact="Inspection refused.",
        actor=hearing_officer,
        owner_in_compliance=True,
    )
    registered.refresh_from_db()
    assert registered.state == State.REVOKED
    assert revocation.reclaim_by == D(2027, 1, 4)  # 30 days from Fri 12-04 is Sun 01-03
    assert revocation.registration.status == Registration.Status.REVOKED
    assert "may obtain the dog through Mon 2027-01-04" in registered.events.last().summary


def test_not_revoked_returns_to_registered(registered, officer, hearing_officer, frozen_today):
    notice(registered, officer, hearing_at=dt.datetime(2026, 12, 3, 9, tzinfo=CHICAGO))
    frozen_today.move_to(dt.datetime(2026, 12, 4, 16, 0, tzinfo=dt.UTC))
    services.hold_revocation_hearing(
        case=registered,
        held_on=D(2026, 12, 3),
        actor=hearing_officer,
        authority_represented_by="Reyes",
        owner_represented_by="Pat",
    )
    services.decide_revocation(
        case=registered,
        decided_on=D(2026, 12, 4),
        outcome="not_revoked",
        findings_of_fact="Entry was permitted the next day.",
        actor=hearing_officer,
    )
    registered.refresh_from_db()
    assert registered.state == State.REGISTERED
    assert registered.current_registration.status == Registration.Status.ACTIVE


def test_revocation_needs_a_registration(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    refused(lambda: notice(case, officer), "cannot serve a notice of revocation now")


def test_death_notice_closes_the_case_and_is_marked_late(registered, officer):
    notice_ = services.record_owner_notice(
        case=registered,
        kind="death",
        occurred_on=D(2026, 10, 28),
        received_on=D(2026, 11, 29),
        in_writing=True,
        actor=officer,
        circumstances="Died at the clinic.",
        affidavit_requested=True,
    )
    registered.refresh_from_db()
    assert registered.state == State.CLOSED and registered.closed_on == D(2026, 11, 29)
    # 30 days from Wed 10-28 is Fri 11-27: received Sun 11-29 is late
    assert notice_.late
    assert "Received late: the notice was due by Fri 2026-11-27 (3-2-9.C)" in (
        registered.events.last().summary
    )
    assert registered.registrations.get().status == Registration.Status.ENDED
    refused(
        lambda: services.record_affidavit(
            notice=notice_, received_on=D(2026, 11, 29), actor=officer
        ),
        "sets forth the circumstances of the death and the disposition of the dog (3-2-9.C)",
    )
    affidavit = services.record_affidavit(
        notice=notice_,
        received_on=D(2026, 11, 29),
        circumstances="Died of old age at home; cremated by Anoka Pet Crematory.",
        actor=officer,
    )
    assert affidavit.affidavit_received_on == D(2026, 11, 29)
    assert affidavit.affidavit_circumstances.startswith("Died of old age")
    refused(
        lambda: services.record_affidavit(
            notice=notice_, received_on=D(2026, 11, 29), circumstances="x", actor=officer
        ),
        "already recorded",
    )


def test_transfer_needs_the_new_owner_and_says_if_the_buyer_was_told(registered, officer):
    refused(
        lambda: services.record_owner_notice(
            case=registered,
            kind="transfer",
            occurred_on=D(2026, 11, 27),
            received_on=D(2026, 11, 29),
            in_writing=True,
            actor=officer,
            new_owner_name="Lee Anders",
        ),
        "new owner's name, address and telephone number (3-2-9.D)",
    )
    refused(
        lambda: services.record_owner_notice(
            case=registered,
            kind="death",
            occurred_on=D(2026, 11, 27),
            received_on=D(2026, 11, 29),
            in_writing=False,
            actor=officer,
        ),
        "must be in writing",
    )
    transfer = services.record_owner_notice(
        case=registered,
        kind="transfer",
        occurred_on=D(2026, 11, 27),
        received_on=D(2026, 11, 29),
        in_writing=True,
        actor=officer,
        new_owner_name="Lee Anders",
        new_owner_address="6000 Alpine Dr NW, Nowthen",
        new_owner_phone="763-555-0199",
        transferee_told=False,
    )
    registered.refresh_from_db()
    assert registered.state == State.REGISTERED  # still in the City: the case goes on
    assert "a violation of 3-2-9.D" in registered.events.last().summary
    assert transfer.new_owner_phone == "+17635550199"


def test_the_revocation_notice_pdf_and_page(client, registered, officer, hearing_officer):
    import io
    import re

    from pypdf import PdfReader

    from dogtag.dangerous_dogs.due import dangerous_dog_sections
    from dogtag.records.services import city_params

    inspection = services.record_inspection(
        case=registered,
        on=D(2026, 11, 29),
        permitted=False,
        actor=officer,
        notes="Entry refused at the gate.",
    )
    revocation = notice(registered, officer, inspection=inspection)
    client.force_login(officer)
    page = client.get(f"/dangerous-dogs/{registered.number}/").content.decode()
    assert "Revocation hearing to be held by (3-2-9.B.6.b)" in page
    assert 'id="step-revocation_hearing"' not in page  # the Hearing Officer's step
    response = client.get(f"/dangerous-dogs/{registered.number}/revocations/{revocation.pk}.pdf")
    assert response["Content-Type"] == "application/pdf"
    text = re.sub(
        r"\s+",
        " ",
        " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages),
    )
    assert "Notice of Revocation Hearing" in text and "DDR2026-001" in text
    assert "December 10, 2026, 9:00 AM CST" in text
    assert "did not permit the inspection" in text and "Due: Mon 2026-12-21." in text
    rows = dangerous_dog_sections(D(2026, 11, 29), city_params())[0].rows
    assert any(r.summary.startswith("Revocation hearing to be held by") for r in rows)
    client.force_login(hearing_officer)
    page = client.get(f"/dangerous-dogs/{registered.number}/").content.decode()
    assert 'id="step-revocation_hearing"' in page
