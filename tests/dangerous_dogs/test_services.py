"""The dangerous-dog case as a state machine (3-2-9): each step's success and its refusals.

Every refusal leaves every count unchanged: nothing is written when a step may not come now."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from dogtag.dangerous_dogs import services
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Order, Registration
from dogtag.licensing.receipts import Payment
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.models import Decision

from .conftest import CHICAGO, FEE, D, counts, designate, proof, walk

State = DangerousDogCase.State


def refused(call, *, message: str, exception=ServiceError):
    before = counts()
    with pytest.raises(exception) as caught:
        call()
    assert message in str(caught.value), str(caught.value)
    assert counts() == before
    return caught.value


# ------------------------------------------------------------------------------ designation


def test_designation_records_the_case_its_incidents_and_the_findings(officer, dog, complaint):
    case = designate(officer, dog, complaints=[complaint])
    assert case.number == "DD2026-001"
    assert case.state == State.DESIGNATED
    assert case.owner == dog.owner
    assert case.owners_at_designation[0]["name"] == "Pat Gustafson"
    assert list(case.complaints.all()) == [complaint]
    assert case.incidents.get().place.startswith("Viking Blvd NW")
    decision = case.decision
    assert decision.subject == case
    assert [f["rule"] for f in decision.findings] == [
        "dangerous_dog.exemption",
        "dangerous_dog.criteria",
    ]
    assert decision.findings[1]["outcome"] == "designate"
    event = case.events.get()
    assert event.kind == CaseEvent.Kind.DESIGNATED and event.decision == decision
    assert "Minn. Stat. 347.50 subd. 2(1)" in event.summary
    assert case.history.first().history_user == officer


def test_designation_is_refused_when_an_exemption_applies(officer, dog):
    # 3-2-9.A.6 is checked first: the jogger was provoking the dog
    error = refused(
        lambda: designate(officer, dog, exemptions=["provoking"]),
        message="may not be declared dangerous",
        exception=Refused,
    )
    assert "3-2-9.A.6.b" in error.sections


def test_designation_is_refused_without_a_criterion(officer, dog):
    refused(
        lambda: designate(officer, dog, criteria=[]),
        message="meets none of the criteria of Minn. Stat. 347.50",
        exception=Refused,
    )


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"incidents": []}, "at least one incident with its date, time, place and facts"),
        ({"factual_basis": " "}, "factual basis for the determination (3-2-9.A.1.a(2))"),
        ({"seized": True, "kept_at": "Shelter"}, "where it is kept and the contact person"),
        ({"on": D(2026, 12, 1)}, "is in the future"),
        ({"authority": "mayor"}, "is not an authority that designates"),
        ({"authority": "hearing_officer"}, "Only the Hearing Officer may designate"),
    ],
)
def test_bad_designations_are_refused_and_write_nothing(officer, dog, changes, message):
    refused(lambda: designate(officer, dog, **changes), message=message)


def test_a_second_case_for_the_same_dog_is_refused(officer, dog):
    designate(officer, dog)
    refused(lambda: designate(officer, dog), message="already has dangerous-dog case DD2026-001")


def test_a_clerk_may_not_designate(clerk, dog):
    refused(lambda: designate(clerk, dog), message="Only the Animal Control Authority")


# ---------------------------------------------------------------------- notice and service


def test_service_starts_the_fourteen_days_from_the_date_of_service(officer, hearing_officer, dog):
    # Served Wed 2026-10-28: day 14 is Wed 2026-11-11, Veterans Day, so the last day is Thu 11-12
    case = walk("served", officer, hearing_officer, dog)
    assert case.state == State.SERVED
    assert case.notice_date == D(2026, 10, 28)
    event = case.events.get(kind=CaseEvent.Kind.SERVED)
    assert "Last day to request a hearing: Thu 2026-11-12" in event.summary
    assert "Veterans Day" in event.summary
    assert "effective as to all owners" in event.summary
    finding = event.decision.findings[0]
    assert finding["deadline"]["due"] == "2026-11-12"
    assert any(r["key"].endswith("readings.notice_date") for r in finding["readings"])


def test_notice_served_friday_gives_until_friday_two_weeks_later(officer, dog, frozen_today):
    case = designate(officer, dog, on=D(2026, 11, 19))
    case = services.issue_notice(case=case, on=D(2026, 11, 19), actor=officer)
    case = services.record_service(
        case=case,
        served_on=D(2026, 11, 20),
        method="mail",
        served_address="7120 Viking Blvd NW, Nowthen, MN 55303",
        actor=officer,
    )
    assert "Last day to request a hearing: Fri 2026-12-04" in case.events.last().summary


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"served_on": D(2026, 10, 25)}, "before it was issued"),
        ({"method": "personal", "served_person": ""}, "Name the person the notice was handed to"),
        ({"method": "residence", "served_address": ""}, "address of the residence"),
        ({"method": "fax"}, "'fax' is not a way of serving the notice"),
        ({"served_on": D(2026, 11, 30)}, "is in the future"),
    ],
)
def test_bad_service_is_refused(officer, hearing_officer, dog, changes, message):
    case = walk("notice_issued", officer, hearing_officer, dog)
    fields = dict(
        case=case,
        served_on=D(2026, 10, 28),
        method="residence",
        served_person="Sam Gustafson, 17",
        served_address="7120 Viking Blvd NW",
        actor=officer,
    )
    fields.update(changes)
    refused(lambda: services.record_service(**fields), message=message)


def test_service_before_the_notice_is_refused(officer, dog):
    case = designate(officer, dog)
    refused(
        lambda: services.record_service(
            case=case, served_on=D(2026, 10, 28), method="mail", served_address="x", actor=officer
        ),
        message="The next step is to issue the Notice of Dangerous Dog",
    )


def test_the_notice_is_issued_once(officer, hearing_officer, dog):
    case = walk("notice_issued", officer, hearing_officer, dog)
    refused(
        lambda: services.issue_notice(case=case, on=D(2026, 10, 27), actor=officer),
        message="cannot issue the Notice of Dangerous Dog now",
    )


# ------------------------------------------------------------------------- hearing request


def test_a_written_request_within_the_window_opens_the_hearing(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    # the last day, Thu 2026-11-12 (Veterans Day moved it from Wed 2026-11-11)
    hearing = services.receive_hearing_request(
        case=case,
        received_on=D(2026, 11, 12),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    case.refresh_from_db()
    assert case.state == State.HEARING_REQUESTED
    assert hearing.requested_on == D(2026, 11, 12)
    event = case.events.last()
    # 14 days from Thu 11-12 is Thu 11-26, Thanksgiving: the hearing limit is Fri 11-27
    assert "held by Fri 2026-11-27" in event.summary
    assert event.details["hearing_limit"] == "2026-11-27"


def test_a_request_after_the_fourteen_days_is_refused_with_the_computed_date(
    officer, dog, frozen_today
):
    # Served Fri 2026-12-11: day 14 is Fri 12-25, Christmas; then a weekend: last day Mon 12-28
    frozen_today.move_to(dt.datetime(2026, 12, 30, 16, 0, tzinfo=dt.UTC))
    case = designate(officer, dog, on=D(2026, 12, 10))
    services.issue_notice(case=case, on=D(2026, 12, 10), actor=officer)
    services.record_service(
        case=case, served_on=D(2026, 12, 11), method="personal", served_person="Pat", actor=officer
    )
    error = refused(
        lambda: services.receive_hearing_request(
            case=case,
            received_on=D(2026, 12, 29),
            requested_by="Pat Gustafson",
            in_writing=True,
            actor=officer,
        ),
        message="Too late: the written request was received Tue 2026-12-29, after the last day "
        "to request a hearing, Mon 2026-12-28 (3-2-9.A.1.c).",
    )
    assert "Christmas Day" in str(error)
    assert "Sat 2026-12-26 is skipped: Saturday" in str(error)
    # the last day itself is in time
    hearing = services.receive_hearing_request(
        case=case,
        received_on=D(2026, 12, 28),
        requested_by="Pat Gustafson",
        in_writing=True,
        actor=officer,
    )
    assert hearing.requested_on == D(2026, 12, 28)


def test_a_spoken_request_is_refused(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    refused(
        lambda: services.receive_hearing_request(
            case=case,
            received_on=D(2026, 11, 2),
            requested_by="Pat",
            in_writing=False,
            actor=officer,
        ),
        message="must be submitted in writing",
    )


def test_a_request_before_service_is_refused(officer, hearing_officer, dog):
    case = walk("notice_issued", officer, hearing_officer, dog)
    refused(
        lambda: services.receive_hearing_request(
            case=case,
            received_on=D(2026, 11, 2),
            requested_by="Pat",
            in_writing=True,
            actor=officer,
        ),
        message="The next step is to record the service of the notice",
    )


# ------------------------------------------------------------------- designation stands


def test_the_designation_stands_only_after_the_window(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    with time_machine.travel(dt.datetime(2026, 11, 12, 18, 0, tzinfo=dt.UTC), tick=False):
        refused(
            lambda: services.designation_stands(case=case, on=D(2026, 11, 12), actor=officer),
            message="may still request a hearing through Thu 2026-11-12",
        )
    case = services.designation_stands(case=case, on=D(2026, 11, 13), actor=officer)
    assert case.state == State.DANGEROUS
    # issue 26 item 1.3: deemed on the day the Animal Control Authority designated it, Mon 10-26
    # (readings.deemed_dangerous_day); registration 30 days after: Wed 11-25
    assert case.deemed_on == D(2026, 10, 26)
    assert "Registration due by Wed 2026-11-25" in case.events.last().summary
    refused(
        lambda: services.receive_hearing_request(
            case=case,
            received_on=D(2026, 11, 13),
            requested_by="Pat",
            in_writing=True,
            actor=officer,
        ),
        message="the designation stands (3-2-9.A.1.e); the dog is deemed dangerous from Mon 2026-10-26",
    )


# ------------------------------------------------------------------------------- hearing


def test_hearing_before_a_request_is_refused(officer, hearing_officer, dog):
    case = walk("served", officer, hearing_officer, dog)
    refused(
        lambda: services.schedule_hearing(
            case=case,
            scheduled_at=dt.datetime(2026, 11, 12, 10, tzinfo=CHICAGO),
            place="City Hall",
            on=D(2026, 11, 3),
            actor=officer,
        ),
        message="cannot schedule the hearing now",
    )
    refused(
        lambda: services.hold_hearing(
            case=case,
            held_on=D(2026, 11, 12),
            actor=hearing_officer,
            authority_represented_by="Reyes",
            owner_represented_by="Pat",
        ),
        message="cannot hold the hearing now",
    )


def test_holding_an_unscheduled_hearing_is_refused(officer, hearing_officer, dog):
    case = walk("hearing_requested", officer, hearing_officer, dog)
    refused(
        lambda: services.hold_hearing(
            case=case,
            held_on=D(2026, 11, 12),
            actor=hearing_officer,
            authority_represented_by="Reyes",
            owner_represented_by="Pat",
        ),
        message="the hearing has not been scheduled yet",
    )


def test_a_hearing_after_fourteen_days_needs_good_cause_from_the_hearing_officer(
    officer, hearing_officer, dog
):
    case = walk("hearing_requested", officer, hearing_officer, dog)
    late = dt.datetime(2026, 11, 20, 10, tzinfo=CHICAGO)
    fields = dict(case=case, scheduled_at=late, place="City Hall", on=D(2026, 11, 3))
    refused(
        lambda: services.schedule_hearing(**fields, actor=officer),
        message="The hearing must be held by Mon 2026-11-16 (3-2-9.A.2.a)",
    )
    refused(
        lambda: services.schedule_hearing(**fields, actor=officer, good_cause="Counsel ill"),
        message="Only the Hearing Officer may extend the hearing date",
    )
    hearing = services.schedule_hearing(**fields, actor=hearing_officer, good_cause="Counsel ill")
    assert hearing.extension_good_cause == "Counsel ill"
    assert hearing.extension_allowed_by == hearing_officer
    assert "Extended beyond the fourteen days for good cause" in case.events.last().summary


def test_the_hearing_records_the_burden_and_standard(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    hearing = case.designation_hearing
    assert hearing.standard_of_proof == "preponderance"
    assert hearing.burden_of_proof == "the Animal Control Authority"
    # the order is due ten days after Thu 11-12: Sun 11-22, so Mon 11-23
    assert "order is due by Mon 2026-11-23" in case.events.last().summary


def test_only_the_hearing_officer_holds_the_hearing(officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    refused(
        lambda: services.hold_hearing(
            case=case,
            held_on=D(2026, 11, 12),
            actor=officer,
            authority_represented_by="Reyes",
            owner_represented_by="Pat",
        ),
        message="Only the Hearing Officer may hold the hearing",
    )


def test_pending_the_hearing_the_owner_shows_proof_or_the_dog_is_seized(
    officer, hearing_officer, dog
):
    case = walk("hearing_requested", officer, hearing_officer, dog)
    refused(
        lambda: services.record_pending_compliance(
            case=case,
            on=D(2026, 11, 3),
            seized=False,
            actor=officer,
        ),
        message="not kept only in a Proper Enclosure or leashed and muzzled",
    )
    shown = services.record_pending_compliance(
        case=case,
        on=D(2026, 11, 3),
        seized=False,
        actor=officer,
        enclosure_or_leash_and_muzzle=True,
        no_unreasonable_risk="Kept in a locked kennel; walked muzzled on a 4 ft leash.",
    )
    assert shown.license_number.startswith("2026-")
    seized = services.record_pending_compliance(
        case=case,
        on=D(2026, 11, 4),
        seized=True,
        actor=officer,
        kept_at="Anoka County shelter",
        contact_address="1 Shelter Rd, Anoka",
        contact_phone="763-555-0100",
    )
    case.refresh_from_db()
    assert seized.kind == "seized" and case.seized and case.kept_at == "Anoka County shelter"


# --------------------------------------------------------------------------------- order


def test_order_before_the_hearing_is_refused(officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    refused(
        lambda: services.issue_order(
            case=case,
            issued_on=D(2026, 11, 16),
            disposition="upheld",
            findings_of_fact="x",
            actor=hearing_officer,
        ),
        message="no hearing has been held yet",
    )


def test_a_rescinding_order_returns_a_dog_held_pending_the_hearing(officer, hearing_officer, dog):
    # Given Rex seized pending the hearing (3-2-9.A.2.b),
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.record_pending_compliance(
        case=case,
        on=D(2026, 11, 4),
        seized=True,
        actor=officer,
        kept_at="Anoka County shelter",
        contact_address="1 Shelter Rd, Anoka",
        contact_phone="763-555-0100",
    )
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=hearing_officer,
        authority_represented_by="Officer Dana Reyes",
        owner_represented_by="Pat Gustafson",
    )
    # when the Hearing Officer rescinds the designation,
    services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="rescinded",
        findings_of_fact="The jogger had provoked the dog.",
        seizure_not_justified=True,
        actor=hearing_officer,
    )
    # then the dog is no longer held, its impoundment ends that day, and the timeline says so.
    case.refresh_from_db()
    assert (case.state, case.seized) == (State.RESCINDED, False)
    assert [i.released_on for i in case.impoundments.all()] == [D(2026, 11, 16)]
    order_event = case.events.order_by("-id").first()
    assert "returned to its owner: the designation was rescinded (3-2-9.A.2.b)" in (
        order_event.summary
    )


def test_an_upheld_order_deems_the_dog_dangerous(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    assert case.state == State.DANGEROUS
    assert case.deemed_on == D(2026, 11, 16)
    order = case.designation_hearing.order
    assert not order.late
    rules = [f["rule"] for f in order.decision.findings]
    assert rules == [
        "dangerous_dog.standard_of_proof",
        "dangerous_dog.order",
        "dangerous_dog.registration",
        # 3-2-8: the state's clock from the notice beside the city's, and which controls
        "dangerous_dog.seizure_unregistered",
        "incorporation.controlling_provision",
        "dangerous_dog.sterilization",
        "dangerous_dog.comply_after_decision",
    ]
    assert "Registration due by Wed 2026-12-16" in case.events.last().summary


def test_a_late_order_is_recorded_and_marked_late(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    order = services.issue_order(
        case=case,
        issued_on=D(2026, 11, 24),
        disposition="rescinded",
        findings_of_fact="The bite was provoked.",
        actor=hearing_officer,
    )
    case.refresh_from_db()
    assert order.late and case.state == State.RESCINDED and case.closed_on == D(2026, 11, 24)
    assert "Issued late: the order was due by Mon 2026-11-23" in case.events.last().summary


def test_destruction_needs_all_three_written_findings(officer, hearing_officer, dog):
    case = walk("hearing_scheduled", officer, hearing_officer, dog)
    services.hold_hearing(
        case=case,
        held_on=D(2026, 11, 12),
        actor=hearing_officer,
        authority_represented_by="Reyes",
        owner_represented_by="Counsel J. Berg",
        destruction_sought=True,
    )
    assert case.designation_hearing.standard_of_proof == "clear_and_convincing"
    findings = {
        "dangerous_by_attack": "Three unprovoked attacks in October.",
        "owner_cannot_control": "The dog escaped the yard three times.",
    }
    error = refused(
        lambda: services.issue_order(
            case=case,
            issued_on=D(2026, 11, 16),
            disposition="destruction",
            findings_of_fact="See findings a-c.",
            destruction_findings=findings,
            actor=hearing_officer,
        ),
        message="lacks a finding of fact",
        exception=Refused,
    )
    assert "3-2-9.A.3.c" in error.sections
    findings["no_proof_of_insurance"] = "The owner refused to show any liability insurance."
    order = services.issue_order(
        case=case,
        issued_on=D(2026, 11, 16),
        disposition="destruction",
        findings_of_fact="See findings a-c.",
        destruction_findings=findings,
        actor=hearing_officer,
    )
    case.refresh_from_db()
    assert case.state == State.DESTRUCTION_ORDERED
    assert order.decision.findings[2]["outcome"] == "destruction_authorized"


def test_destruction_is_refused_when_the_authority_did_not_seek_it(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    refused(
        lambda: services.issue_order(
            case=case,
            issued_on=D(2026, 11, 16),
            disposition="destruction",
            findings_of_fact="x",
            actor=hearing_officer,
            destruction_findings={
                "dangerous_by_attack": "a",
                "owner_cannot_control": "b",
                "no_proof_of_insurance": "c",
            },
        ),
        message="the Authority did not seek it at the hearing",
    )


# -------------------------------------------------------------------------- registration


def test_registration_issues_the_certificate_with_a_receipt(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    registration = services.register(
        case=case, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer
    )
    case.refresh_from_db()
    assert case.state == State.REGISTERED
    assert registration.certificate_number == "DDR2026-001"
    assert registration.expires_on == D(2027, 11, 28)
    assert registration.receipt.total == Decimal("500.00")
    line = registration.receipt.lines.get()
    assert (line.parameter, line.section) == (
        "nowthen.fees.dangerous_dog.registration",
        "3-2-9.B.5",
    )
    assert registration.license == dog.current_license(D(2026, 11, 29))
    outcomes = [f["outcome"] for f in registration.decision.findings]
    assert outcomes[-1] == "certificate_may_issue"


def test_warning_symbols_are_charged_once_the_council_sets_their_fee(
    officer, hearing_officer, dog, admin_user
):
    # Given the council set $12.50 per warning symbol (3-2-9.E.4) from 2026-11-01,
    from dogtag.records.services import enter_fee_resolution

    enter_fee_resolution(
        number="2026-61",
        adopted_on=D(2026, 10, 12),
        effective_on=D(2026, 11, 1),
        title="Dangerous dog warning symbols",
        amounts={"fees.dangerous_dog.warning_symbol": Decimal("12.50")},
        actor=admin_user,
    )
    case = walk("dangerous", officer, hearing_officer, dog)
    # when the owner pays only the registration fee, the certificate is refused, nothing written;
    before = counts()
    with pytest.raises(ServiceError, match=r"and 37.50 for the warning symbols \(3-2-9.E.4\)"):
        services.register(case=case, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer)
    assert counts() == before
    # and paying both issues it with a receipt line for the three symbols.
    registration = services.register(
        case=case,
        proof=proof(),
        payment=Payment(method="check", amount=Decimal("537.50"), reference="1045"),
        on=D(2026, 11, 29),
        actor=officer,
    )
    lines = list(registration.receipt.lines.values_list("section", "amount", "source"))
    assert lines == [
        (
            "3-2-9.B.5",
            Decimal("500.00"),
            "Nowthen Resolution 2011-04, § 1-2-2, adoption date not recorded",
        ),
        ("3-2-9.E.4", Decimal("37.50"), "Nowthen Resolution 2026-61, § 1-2-2, adopted 2026-10-12"),
    ]


def test_a_certificate_with_a_missing_requirement_is_refused(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    error = refused(
        lambda: services.register(
            case=case,
            proof=proof(insurance_per_person=Decimal("300000.00"), sign_on_enclosure=False),
            payment=FEE,
            on=D(2026, 11, 29),
            actor=officer,
        ),
        message="No Certificate of Registration yet: 2 requirement(s)",
        exception=Refused,
    )
    assert "3-2-9.B.3.b" in error.sections and "3-2-9.B.3.c" in error.sections


def test_registration_before_the_dog_is_deemed_dangerous_is_refused(officer, hearing_officer, dog):
    case = walk("hearing_held", officer, hearing_officer, dog)
    refused(
        lambda: services.register(
            case=case, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer
        ),
        message="The next step is to issue the Hearing Officer's order",
    )


def test_a_wrong_fee_or_expired_policy_is_refused(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    refused(
        lambda: services.register(
            case=case,
            proof=proof(),
            payment=Payment(method="cash", amount=Decimal("600.00")),
            on=D(2026, 11, 29),
            actor=officer,
        ),
        message="The annual registration fee is $500.00",
    )
    refused(
        lambda: services.register(
            case=case,
            proof=proof(insurance_expires_on=D(2026, 11, 1)),
            payment=FEE,
            on=D(2026, 11, 29),
            actor=officer,
        ),
        message="3-2-9.B.3.c",
    )


def test_missing_requirements_are_recorded_for_the_letter(officer, hearing_officer, dog):
    case = walk("dangerous", officer, hearing_officer, dog)
    event = services.record_missing_requirements(
        case=case,
        proof=proof(microchip_number="12345", sterilized_on=None),
        fee_paid=None,
        on=D(2026, 11, 29),
        actor=officer,
    )
    assert event.details["missing"] == ["3-2-9.B.3.d", "3-2-9.B.3.e", "3-2-9.B.3.g"]
    refused(
        lambda: services.record_missing_requirements(
            case=case,
            proof=proof(),
            fee_paid=Decimal("500.00"),
            on=D(2026, 11, 29),
            actor=officer,
        ),
        message="Nothing is missing",
    )


def test_renewal_follows_the_year_with_fresh_insurance(officer, hearing_officer, dog, frozen_today):
    case = walk("registered", officer, hearing_officer, dog)
    refused(
        lambda: services.register(
            case=case, proof=proof(), payment=FEE, on=D(2026, 11, 29), actor=officer
        ),
        message="The next step is to renew the registration each year",
    )
    frozen_today.move_to(dt.datetime(2027, 9, 20, 16, 0, tzinfo=dt.UTC))
    desk_rabies = dog.rabies_vaccinations.first()
    assert desk_rabies.expires_on == D(2027, 10, 1)
    renewal = services.renew_registration(
        case=case,
        proof=proof(policy_number="NSM-445-2027", insurance_expires_on=D(2028, 11, 1)),
        payment=FEE,
        on=D(2027, 9, 20),
        actor=officer,
    )
    assert (renewal.certificate_number, renewal.expires_on) == ("DDR2027-001", D(2028, 11, 28))
    assert renewal.previous.status == Registration.Status.SUPERSEDED
    assert "fresh proof of insurance" in CaseEvent.objects.filter(case=case).last().summary


def test_every_step_is_a_dated_event_with_its_decision(officer, hearing_officer, dog):
    case = walk("registered", officer, hearing_officer, dog)
    kinds = list(case.events.values_list("kind", "on"))
    assert kinds == [
        ("designated", D(2026, 10, 26)),
        ("notice_issued", D(2026, 10, 26)),
        ("served", D(2026, 10, 28)),
        ("hearing_requested", D(2026, 11, 2)),
        ("hearing_scheduled", D(2026, 11, 3)),
        ("hearing_held", D(2026, 11, 12)),
        ("order_issued", D(2026, 11, 16)),
        ("registered", D(2026, 11, 29)),
    ]
    assert all(e.decision_id for e in case.events.all())
    assert Decision.objects.filter(action__startswith="dangerous_dog.").count() == 8
    assert Order.objects.get().disposition == "upheld"
