"""The hearing on the designation and the Hearing Officer's order (from
dangerous_dog.notice.hearing_request to dangerous_dog.destruction), or the
designation standing (A.1.e)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    FlaggedHearingRequest,
    Hearing,
    Impoundment,
    Order,
    PendingCompliance,
)
from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    Kind,
    State,
    _decide,
    _disposition,
    _event,
    _in_order,
    _locked,
    _must_state,
    _not_future,
    _require,
    _save,
    case_standing,
)
from dogtag.law import dangerous_dog_clocks
from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_procedure.events import REQUESTERS, not_by_owner
from dogtag.law.findings import Finding
from dogtag.law.procedure import Event
from dogtag.licensing.phones import normalise
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params, record_decision

# --------------------------------------------------------------------------------- hearing


@service
def receive_hearing_request(
    *,
    case: DangerousDogCase,
    received_on: dt.date,
    requested_by: str,
    in_writing: bool,
    actor: AbstractBaseUser,
    note: str = "",
    received_at: dt.datetime | None = None,
    online: bool = False,
    requester: str = "owner_of_record",
) -> Hearing:
    """dangerous_dog.notice.hearing_request: the owner has fourteen days to request a hearing, "made
    directly to the
    Animal Control Authority, and ... submitted in writing".

    ``received_at``: the date and time of receipt, when known (its date is ``received_on``).
    ``online``: the owner sent it through the residents' site, the Authority's own form (the
    request made directly to it, in writing); the actor is then the site's account, and the
    permission asked of a person recording a paper request does not apply. Everything else (the
    order of steps, the window, the hearing's deadline, the Decision) is the paper request's."""
    if not online:
        _require(actor, DESIGNATE, "receive a request for a hearing")
    if received_at is not None and (
        timezone.is_naive(received_at) or timezone.localdate(received_at) != received_on
    ):
        raise ServiceError("The time of receipt must carry its zone and fall on the day received.")
    case = _locked(case)
    _in_order(case, "hearing_request")
    _not_future(received_on, "The date the request was received")
    assert case.served_on is not None and case.notice_date is not None
    if not in_writing:
        raise Refused([steps.hearing_request(received_on, in_writing=False)])
    if not requested_by.strip():
        raise ServiceError("Say who requested the hearing (the owner or a person for the owner).")
    if requester not in REQUESTERS:
        raise ServiceError(f"Say who asked: one of {', '.join(REQUESTERS.values())}.")
    if requester == "not_owner":
        # A.1.c: only an owner, or a person for one, may appeal (readings.hearing_request_any_owner)
        raise Refused(
            [
                not_by_owner(
                    Event(
                        "hearing_requested",
                        received_on,
                        {"requested_by": requested_by.strip(), "requester": requester},
                    )
                )
            ]
        )
    if received_on < case.served_on:
        raise ServiceError(
            f"A request received {day_label(received_on)} is before the notice was served "
            f"({day_label(case.served_on)})."
        )
    params = city_params()
    window = deadlines.request_window(case.notice_date, params)
    assert window.deadline is not None
    in_time = steps.hearing_request(received_on, in_writing=True, window=window)
    if in_time.blocks:
        raise Refused([in_time])
    limit = deadlines.hearing_limit(received_on, params)
    assert limit.deadline is not None
    decision = _decide(case, "hearing_request", [window, limit], received_on, actor)
    hearing = Hearing(
        case=case,
        requested_on=received_on,
        request_in_writing=True,
        request_by=requested_by.strip(),
        request_note=note.strip(),
        request_received_at=received_at,
        request_online=online,
        received_by=actor,
    )
    acting_as(actor, hearing)
    hearing.save()
    case.state = State.HEARING_REQUESTED
    _save(case, actor)
    _event(
        case,
        on=received_on,
        actor=actor,
        kind=Kind.HEARING_REQUESTED,
        summary=(
            f"Written request for a hearing received{' online' if online else ''}"
            f"{' at ' + timezone.localtime(received_at).strftime('%H:%M') if received_at else ''}"
            f" from {requested_by.strip()}, {REQUESTERS[requester]}, within the "
            f"{steps.days_in_words(window)} (last day {day_label(window.deadline.due)}). The "
            "hearing must be held "
            f"by {day_label(limit.deadline.due)} unless extended for good cause ({P.sec(P.HEARING)}). "
            f"The owner who requests a hearing is liable for its costs ({P.sec(P.HEARING_COSTS)}). "
            "Pending the hearing the owner must comply with Minn. Stat. 347.52 (a)-(c) "
            f"({P.sec(P.INTERIM_COMPLIANCE)}) or the dog may be seized "
            f"({P.sec(P.PENDING_HEARING)})."
        ),
        details={
            "hearing_limit": limit.deadline.due.isoformat(),
            "requested_by": requested_by.strip(),
            "requester": requester,
        },
        decision=decision,
    )
    return hearing


def hearing_request_finding(case: DangerousDogCase, received_on: dt.date) -> Finding:
    """The rules core's finding on a written request received on ``received_on``: in time, too
    late (dangerous_dog.notice.hearing_request, A.1.e), or not in order (the case is not open to a
    request)."""
    order = case_standing(case, received_on).order["hearing_request"]
    if order.blocks or case.notice_date is None:
        return order
    window = deadlines.request_window(case.notice_date, city_params())
    return steps.hearing_request(received_on, in_writing=True, window=window)


@service
def record_flagged_hearing_request(
    *,
    case: DangerousDogCase,
    received_at: dt.datetime,
    requested_by: str,
    actor: AbstractBaseUser,
    note: str = "",
    online: bool = False,
) -> FlaggedHearingRequest:
    """A written request the procedure does not take (too late, or out of order): kept with the
    rules core's finding in a Decision, the case unchanged, flagged on the case page for the
    Hearing Officer to decide. Never lost. A request in time goes to ``receive_hearing_request``."""
    if not online:
        _require(actor, DESIGNATE, "receive a request for a hearing")
    if timezone.is_naive(received_at):
        raise ServiceError("The time of receipt must carry its zone.")
    if not requested_by.strip():
        raise ServiceError("Say who requested the hearing (the owner or a person for the owner).")
    case = _locked(case)
    received_on = timezone.localdate(received_at)
    finding = hearing_request_finding(case, received_on)
    if not finding.blocks:
        raise ServiceError("This request is in time: record it as a request for a hearing.")
    decision = record_decision(
        action="dangerous_dogs.flagged_hearing_request",
        findings=[finding],
        decided_on=received_on,
        actor=actor,
        subject=case,
    )
    if finding.outcome == "too_late":
        # one log per matter (issue 26): the late request is an event of the case, which the
        # rules core reads as kept, flagged, and not reopening the designation (A.1.e)
        _event(
            case,
            on=received_on,
            actor=actor,
            kind=Kind.LATE_HEARING_REQUEST,
            summary=(
                f"Written request for a hearing received{' online' if online else ''} "
                f"{day_label(received_on)} from {requested_by.strip()}, after the last day to "
                "request one: kept and flagged for the Hearing Officer; the designation stands "
                f"({P.sec(P.DESIGNATION_STANDS)})."
            ),
            details={"requested_by": requested_by.strip(), "online": online},
            decision=decision,
        )
    return FlaggedHearingRequest.objects.create(
        case=case,
        received_at=received_at,
        request_by=requested_by.strip(),
        request_note=note.strip(),
        online=online,
        outcome=finding.outcome,
        received_by=actor,
        decision=decision,
    )


@service
def record_oral_hearing_request(
    *,
    case: DangerousDogCase,
    received_on: dt.date,
    requested_by: str,
    actor: AbstractBaseUser,
    note: str = "",
) -> None:
    """dangerous_dog.notice.hearing_request: the request "must be submitted in writing": a spoken one is
    not a request
    and does not move the case, but it is recorded with its date (who asked, what they were
    told), so that the file shows the owner wished to appeal and was given the form. The days to
    request a hearing keep running; the written request may still come within them."""
    _require(actor, DESIGNATE, "record a request for a hearing")
    if not requested_by.strip():
        raise ServiceError("Say who asked for the hearing (the owner or a person for the owner).")
    case = _locked(case)
    _in_order(case, "oral_request")
    _not_future(received_on, "The date of the request")
    finding = case_standing(case, received_on).steps["oral_request"]
    if any(f.blocks for f in finding):
        raise Refused([f for f in finding if f.blocks])
    spoken = steps.hearing_request(received_on, in_writing=False)
    assert case.notice_date is not None
    window = deadlines.request_window(case.notice_date, city_params())
    decision = _decide(case, "oral_hearing_request", [spoken, window], received_on, actor)
    _event(
        case,
        on=received_on,
        actor=actor,
        kind=Kind.ORAL_HEARING_REQUEST,
        summary=(
            f"{requested_by.strip()} asked for a hearing without a written request: not a request "
            f"({P.sec(P.HEARING_REQUEST)}). A written request, on the form in the notice or "
            "otherwise, must reach "
            f"the Animal Control Authority by {day_label(_due(window))}."
            + (f" Note: {note.strip()}" if note.strip() else "")
        ),
        details={"requested_by": requested_by.strip(), "in_writing": False},
        decision=decision,
    )


@service
def schedule_hearing(
    *,
    case: DangerousDogCase,
    scheduled_at: dt.datetime,
    place: str,
    on: dt.date,
    actor: AbstractBaseUser,
    good_cause: str = "",
) -> Hearing:
    """dangerous_dog.hearing: "the Hearing shall be held before a Hearing Officer within fourteen (14) days
    after the Animal Control Authority is notified of the Owner's request ... The Hearing Officer
    may allow the Hearing date to be extended beyond the fourteen (14) day period for good
    cause." Rescheduling is the same step."""
    if not (actor.has_perm(DESIGNATE) or actor.has_perm(CONDUCT)):  # type: ignore[attr-defined]
        _require(actor, DESIGNATE, "schedule the hearing")
    case = _locked(case)
    _in_order(case, "schedule")
    _not_future(on, "The date of scheduling")
    hearing = case.designation_hearing
    assert hearing is not None
    hearing = Hearing.objects.select_for_update().get(pk=hearing.pk)
    if timezone.is_naive(scheduled_at):
        raise ServiceError("The hearing time must carry the time zone.")
    day = timezone.localdate(scheduled_at)
    if not place.strip():
        raise ServiceError("Give the place of the hearing.")
    if day < hearing.requested_on or day < on:
        raise ServiceError(
            f"The hearing ({day_label(day)}) cannot be before the request "
            f"({day_label(hearing.requested_on)}) or the day it is scheduled ({day_label(on)})."
        )
    params = city_params()
    limit = deadlines.hearing_limit(hearing.requested_on, params)
    assert limit.deadline is not None
    extended = day > limit.deadline.due
    if extended:
        in_time = steps.hearing_in_time(day, limit, good_cause=good_cause)
        if in_time.blocks:
            raise Refused([in_time])
        _require(actor, CONDUCT, f"extend the hearing date for good cause ({P.sec(P.HEARING)})")
    decision = _decide(case, "schedule_hearing", [limit], on, actor)
    hearing.scheduled_at = scheduled_at
    hearing.place = place.strip()
    hearing.scheduled_on = on
    if extended:
        hearing.extension_good_cause = good_cause.strip()
        hearing.extension_allowed_by = actor
    acting_as(actor, hearing)
    hearing.save()
    case.state = State.HEARING_SCHEDULED
    _save(case, actor)
    when = timezone.localtime(scheduled_at)
    summary = (
        f"Hearing scheduled for {day_label(day)} at {when:%H:%M}, {place.strip()}; "
        f"the limit is {day_label(limit.deadline.due)} ({P.sec(P.HEARING)})."
    )
    if extended:
        summary += (
            f" Extended beyond the {steps.days_in_words(limit)} for good cause: "
            f"{good_cause.strip()}"
        )
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.HEARING_SCHEDULED,
        summary=summary,
        details={"scheduled_at": scheduled_at.isoformat(), "extended": extended},
        decision=decision,
    )
    return hearing


@service
def record_pending_compliance(
    *,
    case: DangerousDogCase,
    on: dt.date,
    seized: bool,
    actor: AbstractBaseUser,
    enclosure_or_leash_and_muzzle: bool = False,
    no_unreasonable_risk: str = "",
    kept_at: str = "",
    contact_address: str = "",
    contact_phone: str = "",
) -> PendingCompliance:
    """dangerous_dog.hearing.pending: "Pending the Hearing, the dog may be seized and kept at animal
    control unless
    the Owner shows proof that the dog is properly licensed, if required; has met the requirement
    for rabies vaccinations; keeps the dog only in a Proper Enclosure unless restrained on a leash
    with a muzzle; and otherwise demonstrates ... that the dog ... does not present an
    unreasonable risk of harm". The license and rabies vaccination are read from the records."""
    _require(actor, DESIGNATE, "record compliance or seizure pending the hearing")
    case = _locked(case)
    _in_order(case, "pending")
    _not_future(on, "The date")
    dog = case.dog
    license_ = dog.current_license(on)
    rabies = dog.current_rabies(on)
    if seized:
        _must_state(
            "seizure_contact",
            bool(kept_at.strip() and contact_address.strip() and contact_phone.strip()),
        )
    finding = law.pending_hearing(
        dog_name=dog.name,
        seized=seized,
        kept_at=kept_at,
        license_number=license_.number if license_ else None,
        rabies_expires_on=rabies.expires_on if rabies else None,
        enclosure_or_leash_and_muzzle=enclosure_or_leash_and_muzzle,
        no_unreasonable_risk=no_unreasonable_risk,
    )
    if finding.blocks:
        raise Refused([finding])
    decision = _decide(case, "pending_hearing", [finding], on, actor)
    pending = PendingCompliance.objects.create(
        case=case,
        kind=PendingCompliance.Kind.SEIZED if seized else PendingCompliance.Kind.SHOWN,
        on=on,
        license_number=license_.number if license_ else "",
        rabies_expires_on=rabies.expires_on if rabies else None,
        enclosure_or_leash_and_muzzle=enclosure_or_leash_and_muzzle,
        no_unreasonable_risk=no_unreasonable_risk.strip(),
        kept_at=kept_at.strip(),
        recorded_by=actor,
        decision=decision,
    )
    if seized:
        case.seized = True
        case.kept_at = kept_at.strip()
        case.contact_address = contact_address.strip()
        case.contact_phone = normalise(contact_phone)
        _save(case, actor)
        if not case.impoundments.filter(released_on__isnull=True).exists():
            Impoundment.objects.create(
                case=case,
                reason=Impoundment.Reason.PENDING_HEARING,
                impounded_on=on,
                kept_at=case.kept_at,
            )
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.SEIZED if seized else Kind.PENDING_CONDITIONS,
        summary=finding.message,
        decision=decision,
    )
    return pending


@service
def hold_hearing(
    *,
    case: DangerousDogCase,
    held_on: dt.date,
    actor: AbstractBaseUser,
    authority_represented_by: str,
    owner_represented_by: str,
    witnesses: str = "",
    evidence: str = "",
    destruction_sought: bool = False,
) -> Hearing:
    """dangerous_dog.hearing.records to dangerous_dog.hearing.standard_of_proof: the hearing before the
    Hearing Officer. The burden of proof is on the
    Authority; the standard is clear and convincing evidence if it seeks to destroy the dog,
    otherwise a preponderance (A.2.f)."""
    _require(actor, CONDUCT, "hold the hearing")
    case = _locked(case)
    _in_order(case, "hold")
    _not_future(held_on, "The date of the hearing")
    hearing = case.designation_hearing
    assert hearing is not None and hearing.scheduled_at is not None
    hearing = Hearing.objects.select_for_update().get(pk=hearing.pk)
    scheduled = timezone.localdate(hearing.scheduled_at)
    if held_on < scheduled:
        raise ServiceError(
            f"The hearing is scheduled for {day_label(scheduled)}: it cannot have been held on "
            f"{day_label(held_on)}. Reschedule it first."
        )
    params = city_params()
    limit = deadlines.hearing_limit(hearing.requested_on, params)
    assert limit.deadline is not None
    in_time = steps.hearing_in_time(
        held_on, limit, good_cause=hearing.extension_good_cause, held=True
    )
    if in_time.blocks:
        raise Refused([in_time])
    _must_state(
        "hearing_representation",
        bool(authority_represented_by.strip() and owner_represented_by.strip()),
    )
    standard = law.standard_of_proof("designation_hearing", destruction_sought=destruction_sought)
    due = deadlines.order_due(held_on, params)
    assert due.deadline is not None
    decision = _decide(case, "hearing", [standard, due], held_on, actor)
    hearing.held_on = held_on
    hearing.hearing_officer = actor
    hearing.authority_represented_by = authority_represented_by.strip()
    hearing.owner_represented_by = owner_represented_by.strip()
    hearing.witnesses = witnesses.strip()
    hearing.evidence = evidence.strip()
    hearing.destruction_sought = destruction_sought
    hearing.standard_of_proof = standard.outcome
    hearing.burden_of_proof = str(standard.details["burden"])
    acting_as(actor, hearing)
    hearing.save()
    case.state = State.HEARING_HELD
    _save(case, actor)
    _event(
        case,
        on=held_on,
        actor=actor,
        kind=Kind.HEARING_HELD,
        summary=f"Hearing held before the Hearing Officer. {standard.message} "
        f"The order is due by {day_label(due.deadline.due)} ({P.sec(P.ORDER)}).",
        details={"destruction_sought": destruction_sought},
        decision=decision,
    )
    return hearing


@service
def issue_order(
    *,
    case: DangerousDogCase,
    issued_on: dt.date,
    disposition: str,
    findings_of_fact: str,
    actor: AbstractBaseUser,
    destruction_findings: dict[str, str] | None = None,
    seizure_not_justified: bool = False,
    received_on: dt.date | None = None,
    kept_at: str = "",
    contact_address: str = "",
    contact_phone: str = "",
) -> Order:
    """dangerous_dog.hearing.order: the Hearing Officer's order, within ten days after the hearing; A.3:
    an order
    to destroy the dog only in writing with findings of fact on each of a, b and c. An order to
    take the dog into custody ("if the dog is not currently in custody", A.2.g) records where it
    will be kept and the contact person (A.1.a(4)); the dog is then impounded (B.4)."""
    _require(actor, CONDUCT, "issue the Hearing Officer's order")
    case = _locked(case)
    _in_order(case, "order")
    _not_future(issued_on, "The date of the order")
    hearing = case.designation_hearing
    assert hearing is not None and hearing.held_on is not None
    if disposition not in Order.Disposition.values:
        raise ServiceError(f"{disposition!r} is not a disposition of the order.")
    if issued_on < hearing.held_on:
        raise ServiceError(
            f"The order ({day_label(issued_on)}) cannot come before the hearing "
            f"({day_label(hearing.held_on)})."
        )
    if received_on is not None and received_on < issued_on:
        raise ServiceError("The owner cannot have received the order before it was issued.")
    if not findings_of_fact.strip():
        raise ServiceError("The order states the Hearing Officer's findings of fact.")
    custody = disposition == Order.Disposition.UPHELD_CUSTODY
    if custody and case.seized:
        raise Refused([_disposition(disposition, hearing.destruction_sought, case)])
    if custody:
        _must_state(
            "custody_contact",
            bool(kept_at.strip() and contact_address.strip() and contact_phone.strip()),
        )
    params = city_params()
    standard = law.standard_of_proof(
        "designation_hearing", destruction_sought=hearing.destruction_sought
    )
    due = deadlines.order_due(hearing.held_on, params)
    assert due.deadline is not None
    findings: list[Finding] = [standard, due]
    written: dict[str, str] = {}
    if disposition == Order.Disposition.DESTRUCTION:
        if not hearing.destruction_sought:
            raise Refused([_disposition(disposition, False, case), standard])
        written = {k: v for k, v in (destruction_findings or {}).items() if v.strip()}
        try:
            destruction = law.destruction(written)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        findings.append(destruction)
        if destruction.blocks:
            raise Refused(findings)
    late = issued_on > due.deadline.due
    # upheld without destruction: the dog is deemed dangerous today and must be registered; the
    # state's clock from the notice runs beside the city's from today (incorporation.state_statutes)
    upheld = disposition in (Order.Disposition.UPHELD, Order.Disposition.UPHELD_CUSTODY)
    registration = dangerous_dog_clocks.case_registration_clocks(
        case.notice_date, issued_on, params, upheld_on=issued_on
    )
    if upheld:
        findings.extend(registration.findings)
        findings.append(deadlines.sterilization_due(issued_on, params))
        if received_on is not None:
            findings.append(deadlines.comply_after_decision(received_on, params))
    if custody:
        # A.2.h: found dangerous and ordered into custody, the dog must be released to the
        # Authority; whether it was is the officer's report
        findings.append(
            law.release_on_demand(demanded=False, ordered_into_custody=True, released=None)
        )
    decision = _decide(case, "order", findings, issued_on, actor)
    order = Order.objects.create(
        hearing=hearing,
        issued_on=issued_on,
        issued_by=actor,
        disposition=disposition,
        findings_of_fact=findings_of_fact.strip(),
        destruction_findings=written,
        seizure_not_justified=seizure_not_justified,
        received_on=received_on,
        late=late,
        decision=decision,
    )
    case.state = {
        Order.Disposition.UPHELD: State.DANGEROUS,
        Order.Disposition.UPHELD_CUSTODY: State.DANGEROUS,
        Order.Disposition.RESCINDED: State.RESCINDED,
        Order.Disposition.DESTRUCTION: State.DESTRUCTION_ORDERED,
    }[Order.Disposition(disposition)]
    if upheld:
        case.deemed_on = issued_on
    returned = False
    if disposition == Order.Disposition.RESCINDED:
        case.closed_on = issued_on
        # a dog held pending the hearing goes home when the designation falls (A.2.b, A.5)
        returned = case.seized
        case.seized = False
        for held in case.impoundments.filter(released_on__isnull=True):
            held.released_on = issued_on
            held.released_by = actor
            held.release_decision = decision
            acting_as(actor, held)
            held.save(update_fields=["released_on", "released_by", "release_decision"])
    if custody:
        case.seized = True
        case.kept_at = kept_at.strip()
        case.contact_address = contact_address.strip()
        case.contact_phone = normalise(contact_phone)
        Impoundment.objects.create(
            case=case,
            reason=Impoundment.Reason.CUSTODY,
            impounded_on=issued_on,
            kept_at=case.kept_at,
        )
    _save(case, actor)
    summary = f"Order: {order.get_disposition_display()}. {standard.message}"
    if custody:
        release = deadlines.release_due(issued_on, params)
        assert release.deadline is not None
        summary += (
            f" Taken into custody, kept at {case.kept_at} ({P.sec(P.ORDER)}); released only when "
            f"every requirement is shown and the costs are paid, the owner having through "
            f"{day_label(release.deadline.due)} to comply ({P.sec(P.RELEASE)})."
        )
    if returned:
        summary += (
            " The dog, held pending the hearing, is returned to its owner: the designation was "
            f"rescinded ({P.sec(P.PENDING_HEARING)})."
        )
    if late:
        summary += (
            f" Issued late: the order was due by {day_label(due.deadline.due)}, "
            f"{steps.days_in_words(due)} after the hearing ({P.sec(P.ORDER)})."
        )
    if upheld:
        summary += f" {registration.sentence()}"
    _event(
        case,
        on=issued_on,
        actor=actor,
        kind=Kind.ORDER_ISSUED,
        summary=summary,
        details={"disposition": disposition, "late": late},
        decision=decision,
    )
    return order


def _due(clock: Finding) -> dt.date:
    assert clock.deadline is not None
    return clock.deadline.due


@service
def designation_stands(
    *, case: DangerousDogCase, on: dt.date, actor: AbstractBaseUser
) -> DangerousDogCase:
    """dangerous_dog.notice.designation_stands: "if the Owner does not request a Hearing within the
    allotted fourteen (14)
    days, the designation of Dangerous Dog as issued in the written Notice ... will stand"."""
    _require(actor, DESIGNATE, "record that the designation stands")
    case = _locked(case)
    _in_order(case, "stands")
    _not_future(on, "The date")
    assert case.notice_date is not None
    params = city_params()
    window = deadlines.request_window(case.notice_date, params)
    stands = procedure.designation_stands(case.notice_date, on, params, case.designated_on)
    if stands.blocks:
        raise Refused([stands])
    # the day deemed dangerous is the rules core's (reading readings.deemed_dangerous_day)
    deemed = stands.details["deemed_on"]
    assert isinstance(deemed, dt.date)
    # both registration clocks, the state's from the notice, the city's from the day deemed
    registration = dangerous_dog_clocks.registration_clocks(case.notice_date, deemed, params)
    sterilization = deadlines.sterilization_due(deemed, params)
    decision = _decide(
        case,
        "designation_stands",
        [window, *registration.findings, sterilization],
        on,
        actor,
    )
    case.state = State.DANGEROUS
    case.deemed_on = deemed
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.DESIGNATION_STANDS,
        summary=(
            f"No written request for a hearing by {day_label(_due(window))}: the designation "
            f"stands ({P.sec(P.DESIGNATION_STANDS)}); the dog is deemed dangerous from {day_label(deemed)} "
            f"({P.sec(P.REGISTRATION)}). {registration.sentence()}"
        ),
        decision=decision,
    )
    return case
