"""The steps beside the Authority's own path on the staff site and in the services (issue 26 part
2): which owner asked for the hearing (A.1.a, A.1.c), a refusal to release the dog (A.2.h),
review by writ of certiorari and the Court's decision (A.4), and the owner's disclosure to a buyer
before a sale (D). Each is an event of the case's one log; a refusal changes nothing.

The suite's day is Sun 2026-11-29 (conftest); the order upholding the designation is Mon 11-16.
"""

from __future__ import annotations

import datetime as dt

import pytest

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import (
    CaseEvent,
    DangerousDogCase,
    Hearing,
    Registration,
    Revocation,
)
from dogtag.records.errors import ServiceError

from .conftest import CHICAGO, D, counts, walk

Kind = CaseEvent.Kind
State = DangerousDogCase.State


def all_counts():
    return (*counts(), Hearing.objects.count(), Revocation.objects.count())


def refused(call, message):
    before = all_counts()
    with pytest.raises(ServiceError) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert all_counts() == before


def post(client, case, step, data):
    return client.post(
        f"/dangerous-dogs/{case.number}/steps/{step}/",
        {f"{step}-{k}": v for k, v in data.items()},
        follow=True,
    )


# ------------------------------------------------------------------ A.1.a, A.1.c: who asked


def test_the_request_records_which_owner_asked(client, officer, hearing_officer, dog):
    # given the notice served Wed 10-28 and a co-owner's letter received Mon 11-02
    case = walk("served", officer, hearing_officer, dog)
    client.force_login(officer)
    with time_travel(2026, 11, 2):
        page = client.get(f"/dangerous-dogs/{case.number}/").content.decode()
        assert 'name="hearing_request-requester"' in page
        response = post(
            client,
            case,
            "hearing_request",
            {
                "received_on": "2026-11-02",
                "requested_by": "Sam Gustafson",
                "requester": "other_owner",
                "in_writing": "on",
                "note": "",
            },
        )
    # then the hearing is open for all owners, and the log says who asked
    assert response.status_code == 200
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == State.HEARING_REQUESTED
    event = case.events.get(kind=Kind.HEARING_REQUESTED)
    assert event.details["requester"] == "other_owner"
    assert event.details["requested_by"] == "Sam Gustafson"
    assert "from Sam Gustafson, another owner of the dog, within the fourteen days" in event.summary


def test_a_request_by_someone_not_an_owner_is_refused_and_changes_nothing(
    officer, hearing_officer, dog
):
    case = walk("served", officer, hearing_officer, dog)
    refused(
        lambda: services.receive_hearing_request(
            case=case,
            received_on=D(2026, 11, 2),
            requested_by="A neighbour",
            requester="not_owner",
            in_writing=True,
            actor=officer,
        ),
        "only an owner, or a person acting for one, may request the hearing (3-2-9.A.1.c)",
    )
    assert DangerousDogCase.objects.get(pk=case.pk).state == State.SERVED


# ---------------------------------------------------------------- A.2.h: refusal to release


def test_a_refusal_to_release_is_recorded_for_the_prosecutor(client, officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    client.force_login(officer)
    response = post(
        client,
        case,
        "release_refused",
        {"on": "2026-11-20", "basis": "demand", "person": "Pat Gustafson", "note": ""},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Refusal recorded: a misdemeanor (3-2-9.A.2.h)" in page
    event = CaseEvent.objects.get(case=case, kind=Kind.RELEASE_REFUSED)
    assert event.summary == (
        "Pat Gustafson: Misdemeanor: the dog was not released upon the demand of the Animal "
        "Control Authority or a law enforcement agent; a person who fails or refuses to release "
        "it is guilty of a misdemeanor (3-2-9.A.2.h). For the prosecuting attorney."
    )
    # the case page shows it under what the record shows, and the case did not move
    assert 'id="case-notes"' in page
    assert DangerousDogCase.objects.get(pk=case.pk).state == State.DANGEROUS


def test_a_refusal_on_a_custody_order_needs_the_order(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    refused(
        lambda: services.record_release_refused(
            case=case, on=D(2026, 11, 20), basis="custody_order", person="Pat", actor=officer
        ),
        "The Hearing Officer has not ordered this dog into custody",
    )


# ---------------------------------------------------------------------- A.4: certiorari


def test_a_petition_and_a_reversal_undo_the_designation(client, officer, hearing_officer, dog):
    # given the upheld order of Mon 11-16 and the certificate of Sun 11-29
    case = walk("registered", officer, hearing_officer, dog)
    client.force_login(hearing_officer)
    response = post(
        client,
        case,
        "certiorari_filed",
        {"filed_on": "2026-11-27", "petitioner": "Pat Gustafson", "court_file": "A26-1234"},
    )
    assert response.status_code == 200
    event = CaseEvent.objects.get(case=case, kind=Kind.CERTIORARI_FILED)
    assert event.summary == (
        "Pat Gustafson: Review of the Hearing Officer's order of Mon 2026-11-16 by writ of "
        "certiorari sought on Fri 2026-11-27, within the days to seek it (through Fri "
        "2027-01-15) (3-2-9.A.4, Minn. Stat. 606.01). The petition does not of itself stay the "
        "decision: the case's clocks keep running (reading "
        "readings.certiorari_no_automatic_stay). Court of Appeals file A26-1234."
    )
    assert event.details == {"petitioner": "Pat Gustafson", "court_file": "A26-1234", "late": False}
    # a second petition while one is pending is refused and changes nothing
    refused(
        lambda: services.record_certiorari_petition(
            case=case, filed_on=D(2026, 11, 28), petitioner="Pat", actor=officer
        ),
        "a petition for a writ of certiorari is already pending",
    )
    # when the Court reverses
    response = post(
        client, case, "certiorari_decided", {"decided_on": "2026-11-29", "outcome": "reversed"}
    )
    assert response.status_code == 200
    case = DangerousDogCase.objects.get(pk=case.pk)
    # then the designation is rescinded, the certificate ended, and the log says why
    assert case.state == State.RESCINDED
    assert case.closed_on == D(2026, 11, 29)
    assert set(case.registrations.values_list("status", flat=True)) == {Registration.Status.ENDED}
    decided = case.events.get(kind=Kind.CERTIORARI_DECIDED)
    assert decided.summary == (
        "The Court of Appeals reversed on Sun 2026-11-29 on the writ sought Fri 2026-11-27: the "
        "Hearing Officer's decision is undone (3-2-9.A.4)."
    )
    assert services.case_standing(case).state == "rescinded"


def test_a_remand_returns_the_matter_to_the_hearing_officer(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    services.record_certiorari_petition(
        case=case, filed_on=D(2026, 11, 20), petitioner="Pat Gustafson", actor=officer
    )
    services.record_certiorari_decision(
        case=case, decided_on=D(2026, 11, 27), outcome="remanded", actor=hearing_officer
    )
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == State.HEARING_HELD
    # the hearing on remand takes the Court's day: the order's ten days count from it
    remand = case.designation_hearing
    assert remand.held_on == D(2026, 11, 27)
    assert remand.request_by == "Pat Gustafson"
    assert case.hearings.count() == 2
    standing = services.case_standing(case)
    [order_due] = [f for f in standing.deadlines if f.rule == "dangerous_dog.order"]
    assert order_due.deadline.due == D(2026, 12, 7)
    # and the Hearing Officer's new order is taken
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 29),
        disposition="rescinded",
        findings_of_fact="On remand: the bite was provoked.",
        actor=hearing_officer,
    )
    assert DangerousDogCase.objects.get(pk=case.pk).state == State.RESCINDED


def test_a_reversed_revocation_restores_the_registration(
    officer, hearing_officer, dog, frozen_today
):
    case = walk("registered", officer, hearing_officer, dog)
    services.serve_revocation_notice(
        case=case,
        reasons="Entry for inspection refused on 2026-11-29 (3-2-9.E.6).",
        served_on=D(2026, 11, 29),
        method="personal",
        hearing_at=dt.datetime(2026, 12, 3, 9, tzinfo=CHICAGO),
        place="Nowthen City Hall",
        actor=officer,
    )
    frozen_today.move_to(dt.datetime(2026, 12, 20, 16, 0, tzinfo=dt.UTC))
    services.hold_revocation_hearing(
        case=case,
        held_on=D(2026, 12, 3),
        actor=hearing_officer,
        authority_represented_by="Officer Reyes",
        owner_represented_by="Pat Gustafson",
    )
    services.decide_revocation(
        case=case,
        decided_on=D(2026, 12, 4),
        outcome="dispose",
        findings_of_fact="Inspection refused.",
        actor=hearing_officer,
    )
    assert DangerousDogCase.objects.get(pk=case.pk).state == State.REVOKED
    services.record_certiorari_petition(
        case=case, filed_on=D(2026, 12, 10), petitioner="Pat Gustafson", actor=officer
    )
    services.record_certiorari_decision(
        case=case, decided_on=D(2026, 12, 18), outcome="reversed", actor=officer
    )
    case = DangerousDogCase.objects.get(pk=case.pk)
    assert case.state == State.REGISTERED
    assert case.current_registration is not None
    assert services.case_standing(case).state == "registered"


def test_no_petition_where_the_designation_stood_without_a_hearing(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    services.designation_stands(case=case, on=D(2026, 11, 13), actor=officer)
    refused(
        lambda: services.record_certiorari_petition(
            case=case, filed_on=D(2026, 11, 20), petitioner="Pat", actor=officer
        ),
        "there is no decision of the Hearing Officer to review",
    )
    refused(
        lambda: services.record_certiorari_decision(
            case=case, decided_on=D(2026, 11, 20), outcome="affirmed", actor=officer
        ),
        "no petition for a writ of certiorari is pending",
    )


# ------------------------------------------------------------------------ D: sale disclosure


@pytest.mark.parametrize(
    "disclosed_on, told, violation",
    [
        (D(2026, 11, 20), True, False),
        # none recorded before the sale: the owner's notice must say whether the buyer was told
        (None, None, None),
    ],
)
def test_a_disclosure_before_the_sale_answers_the_notice_of_the_sale(
    officer, hearing_officer, dog, disclosed_on, told, violation
):
    case = walk("dangerous", officer, hearing_officer, dog)
    if disclosed_on is not None:
        services.record_sale_disclosure(
            case=case, disclosed_on=disclosed_on, buyer="Lee Buyer", actor=officer
        )
        event = case.events.get(kind=Kind.SALE_DISCLOSURE)
        assert event.summary == (
            "Lee Buyer was told that the dog was designated Dangerous, before any sale or "
            "transfer (3-2-9.D)."
        )

    def record():
        return services.record_owner_notice(
            case=case,
            kind="transfer",
            occurred_on=D(2026, 11, 22),
            received_on=D(2026, 11, 25),
            in_writing=True,
            new_owner_name="Lee Buyer",
            new_owner_address="1 Main St, Anoka MN",
            new_owner_phone="763-555-0199",
            actor=officer,
        )

    if told is None:
        refused(record, "3-2-9.D")
        return
    notice = record()
    assert notice.transferee_told is told
    standing = services.case_standing(DangerousDogCase.objects.get(pk=case.pk))
    [sale] = [f for f in standing.conduct if f.rule == "dangerous_dog.sale_disclosure"]
    assert sale.blocks is violation


# ------------------------------------------------------------------------------ helpers


def time_travel(*ymd):
    import time_machine

    return time_machine.travel(dt.datetime(*ymd, 10, 0, tzinfo=CHICAGO), tick=False)
