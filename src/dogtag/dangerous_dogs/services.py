"""The dangerous-dog case as a state machine (City Code 3-2-9). Every write is one of these.

designated -> notice_issued -> served -> (hearing_requested -> hearing_scheduled -> hearing_held
-> order: dangerous | rescinded | destruction_ordered) or (no request within the fourteen days ->
dangerous) -> registered (-> renewed yearly) -> revocation_noticed -> revocation_heard ->
revoked | registered. Beside the path: proof or seizure pending the hearing (A.2.b), inspections
(E.6), the owner's notices of death, relocation or transfer (C, D; death or relocation closes the
case), review of the designation (A.7; may rescind it) and the costs ledger (A.1.f, A.5).

Each function runs in one transaction: it locks the case, checks that the step may come now
(state, dates, permissions), asks the rules core, and either refuses (``ServiceError`` or
``Refused`` with the findings; nothing is written) or stores the step, a dated ``CaseEvent`` and
the ``Decision`` with the findings, naming the acting user in the history.

Readings adopted (see the report and ``docs``):
- "The date of the Notice" is the date of service (LEGAL-NOTES §6.5, ``readings.notice_date``).
- A dog is "deemed" dangerous (B.2, B.3.g clocks) on the last day of the request window when no
  hearing was requested (the designation "will stand", A.1.e), or on the day of the Hearing
  Officer's order upholding it.
- An order issued after the ten days of A.2.g is recorded, marked late, and the lateness stated in
  its decision: refusing to record it would not undo the lateness and would leave the owner
  without a record of the order to seek review of (A.4).
- A hearing is held after its fourteen days (A.2.a) only when the Hearing Officer recorded the
  good cause for the extension first.
- The revocation hearing's twenty days (B.6.b) count from the date the notice was served.
- A notice of death or relocation received after the thirty days (C) is recorded and marked late.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs.models import (
    CaseEvent,
    ConditionsReview,
    Cost,
    CostPayment,
    DangerousDogCase,
    Hearing,
    Impoundment,
    Incident,
    Inspection,
    Order,
    OwnerNotice,
    PendingCompliance,
    Registration,
    RentalDisclosure,
    Review,
    Revocation,
)
from dogtag.law import dangerous_dogs as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import add_months, day_label
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import ParameterSet
from dogtag.licensing.models import Dog, ReceiptLine
from dogtag.licensing.phones import normalise
from dogtag.licensing.receipts import Payment, record_receipt
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.models import Decision
from dogtag.records.services import city_params, next_number, record_decision, today

DESIGNATE = "records.designate_dangerous_dog"
CONDUCT = "records.conduct_hearing"
State = DangerousDogCase.State
Kind = CaseEvent.Kind

__all__ = ["Payment", "Refused", "ServiceError"]


# ----------------------------------------------------------------------------------- helpers


def _require(actor: AbstractBaseUser, permission: str, doing: str) -> None:
    if not actor.has_perm(permission):  # type: ignore[attr-defined]
        who = {
            DESIGNATE: "the Animal Control Authority (an animal control officer)",
            CONDUCT: "the Hearing Officer",
        }[permission]
        raise ServiceError(f"Only {who} may {doing}; {actor} may not.")


def _locked(case: DangerousDogCase) -> DangerousDogCase:
    return DangerousDogCase.objects.select_for_update(of=("self",)).get(pk=case.pk)


#: What must happen before each state may move on, said to the clerk when a step comes too soon.
NEXT_STEP = {
    State.DESIGNATED: "issue the Notice of Dangerous Dog",
    State.NOTICE_ISSUED: "record the service of the notice on the owner",
    State.SERVED: "receive the owner's written request for a hearing, or record that the "
    "designation stands once the fourteen days have passed",
    State.HEARING_REQUESTED: "schedule the hearing",
    State.HEARING_SCHEDULED: "hold the hearing",
    State.HEARING_HELD: "issue the Hearing Officer's order",
    State.DANGEROUS: "register the dog (Certificate of Registration)",
    State.REGISTERED: "renew the registration each year",
    State.RESCINDED: "nothing: the designation was rescinded",
    State.DESTRUCTION_ORDERED: "nothing: destruction was ordered",
    State.REVOCATION_NOTICED: "hold the revocation hearing",
    State.REVOCATION_HEARD: "issue the Hearing Officer's order on the revocation",
    State.REVOKED: "nothing: the registration was revoked",
    State.CLOSED: "nothing: the dog died or left the City",
}


def _expect(case: DangerousDogCase, allowed: Sequence[str], doing: str) -> None:
    if case.state not in allowed:
        raise ServiceError(
            f"Case {case.number} is {case.get_state_display()}: cannot {doing} now. "
            f"The next step is to {NEXT_STEP[State(case.state)]}."
        )


def _not_future(day: dt.date, what: str) -> None:
    if day > today():
        raise ServiceError(f"{what} ({day_label(day)}) is in the future.")


def _event(
    case: DangerousDogCase,
    *,
    on: dt.date,
    actor: AbstractBaseUser,
    kind: str,
    summary: str,
    details: dict[str, object] | None = None,
    decision: Decision | None = None,
) -> CaseEvent:
    return CaseEvent.objects.create(
        case=case,
        on=on,
        by=actor,
        kind=kind,
        summary=summary,
        details=details or {},
        decision=decision,
    )


def _decide(
    case: DangerousDogCase,
    action: str,
    findings: Sequence[Finding],
    on: dt.date,
    actor: AbstractBaseUser,
) -> Decision:
    return record_decision(
        action=f"dangerous_dog.{action}",
        findings=findings,
        decided_on=on,
        actor=actor,
        subject=case,
    )


def _save(case: DangerousDogCase, actor: AbstractBaseUser) -> None:
    acting_as(actor, case)
    case.save()


def _designation_findings(case: DangerousDogCase) -> list[Finding]:
    exempt = law.exemption(list(case.exemptions))
    return [exempt, law.criteria(list(case.criteria), exempt)]


# ------------------------------------------------------------------------------ designation


@dataclass(frozen=True)
class IncidentFacts:
    """A.1.a: the date, time, place and facts of one incident."""

    occurred_at: dt.datetime
    place: str
    facts: str


def evaluate_designation(criteria: Sequence[str], exemptions: Sequence[str]) -> list[Finding]:
    """3-2-9.A.6 first, then the criteria of 3-2-9.A (Minn. Stat. 347.50 subd. 2); no writes."""
    exempt = law.exemption(list(exemptions))
    return [exempt, law.criteria(list(criteria), exempt)]


@transaction.atomic
def designate(
    *,
    dog: Dog,
    authority: str,
    criteria: Sequence[str],
    exemptions: Sequence[str],
    factual_basis: str,
    incidents: Sequence[IncidentFacts],
    on: dt.date,
    actor: AbstractBaseUser,
    complaints: Sequence[Complaint] = (),
    seized: bool = False,
    kept_at: str = "",
    contact_address: str = "",
    contact_phone: str = "",
) -> DangerousDogCase:
    """3-2-9.A: the Animal Control Authority or Hearing Officer designates the dog dangerous on
    evidence that it meets a criterion, unless an exemption of A.6 applies (checked first)."""
    if authority == DangerousDogCase.Authority.HEARING_OFFICER:
        _require(actor, CONDUCT, "designate as the Hearing Officer")
    elif authority == DangerousDogCase.Authority.ANIMAL_CONTROL:
        _require(actor, DESIGNATE, "designate as the Animal Control Authority")
    else:
        raise ServiceError(f"{authority!r} is not an authority that designates (3-2-9.A).")
    dog = Dog.objects.select_for_update(of=("self",)).select_related("owner").get(pk=dog.pk)
    _not_future(on, "The date of the designation")
    try:
        findings = evaluate_designation(criteria, exemptions)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if blocking(findings):
        raise Refused(findings)
    problems = []
    if dog.status != Dog.Status.ACTIVE:
        problems.append(f"{dog.name} is recorded as {dog.get_status_display()}.")
    standing = DangerousDogCase.objects.filter(dog=dog).exclude(state=State.RESCINDED).first()
    if standing is not None:
        problems.append(
            f"{dog.name} already has dangerous-dog case {standing.number} "
            f"({standing.get_state_display()})."
        )
    if not factual_basis.strip():
        problems.append("State the factual basis for the determination (3-2-9.A.1.a(2)).")
    if not incidents:
        problems.append(
            "Record at least one incident with its date, time, place and facts (3-2-9.A.1.a)."
        )
    for number, incident in enumerate(incidents, start=1):
        if timezone.is_naive(incident.occurred_at):
            problems.append(f"Incident {number}: the time must carry the time zone.")
        elif timezone.localdate(incident.occurred_at) > on:
            problems.append(f"Incident {number}: it cannot have happened after the designation.")
        if not incident.place.strip() or not incident.facts.strip():
            problems.append(f"Incident {number}: give its place and facts (3-2-9.A.1.a).")
    if seized and not (kept_at.strip() and contact_address.strip() and contact_phone.strip()):
        problems.append(
            "The dog was seized: give where it is kept and the contact person's address and "
            "telephone number (3-2-9.A.1.a(4))."
        )
    for complaint in complaints:
        if not complaint.dogs.filter(pk=dog.pk).exists():
            problems.append(f"Complaint {complaint.number} is not about {dog.name}.")
    if problems:
        raise ServiceError(" ".join(problems))
    owner = dog.owner
    year = on.year
    case = DangerousDogCase(
        number=f"DD{year}-{next_number('dangerous_dog_case', year):03d}",
        dog=dog,
        owner=owner,
        owners_at_designation=[
            {"name": owner.name, "address": owner.address, "phone": owner.phone_display}
        ],
        designated_on=on,
        designated_by=actor,
        authority=authority,
        criteria=list(criteria),
        exemptions=list(exemptions),
        factual_basis=factual_basis.strip(),
        seized=seized,
        kept_at=kept_at.strip(),
        contact_address=contact_address.strip(),
        contact_phone=normalise(contact_phone) if contact_phone.strip() else "",
    )
    # The case needs its decision to be saved, and the decision names the case as its subject:
    # the decision is stored first, and given its subject once the case has its key.
    decision = record_decision(
        action="dangerous_dog.designate", findings=findings, decided_on=on, actor=actor
    )
    case.decision = decision
    _save(case, actor)
    decision.subject_type_id, decision.subject_id = _subject_of(case)
    decision.save(update_fields=["subject_type", "subject_id"])
    Incident.objects.bulk_create(
        Incident(case=case, occurred_at=i.occurred_at, place=i.place.strip(), facts=i.facts.strip())
        for i in incidents
    )
    if seized:
        Impoundment.objects.create(
            case=case,
            reason=Impoundment.Reason.DESIGNATION,
            impounded_on=on,
            kept_at=case.kept_at,
        )
    if complaints:
        case.complaints.set(complaints)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.DESIGNATED,
        summary=(
            f"Designated dangerous by the {case.get_authority_display()}: "
            + findings[-1].message
            + " "
            + findings[0].message
        ),
        details={"criteria": list(criteria), "incidents": len(incidents), "seized": seized},
        decision=decision,
    )
    return case


def _subject_of(case: DangerousDogCase) -> tuple[int, int]:
    from django.contrib.contenttypes.models import ContentType

    return ContentType.objects.get_for_model(case).pk, case.pk


# ------------------------------------------------------------------------- notice, service


@transaction.atomic
def issue_notice(
    *, case: DangerousDogCase, on: dt.date, actor: AbstractBaseUser
) -> DangerousDogCase:
    """3-2-9.A.1: the Authority provides the written Notice of Dangerous Dog (the PDF is generated
    from the case: incidents, description, basis, official, seizure, requirements, the hearing
    request form)."""
    _require(actor, DESIGNATE, "issue the Notice of Dangerous Dog")
    case = _locked(case)
    _expect(case, (State.DESIGNATED,), "issue the Notice of Dangerous Dog")
    _not_future(on, "The date of the notice")
    if on < case.designated_on:
        raise ServiceError(
            f"The notice ({day_label(on)}) cannot come before the designation "
            f"({day_label(case.designated_on)})."
        )
    if not case.incidents.exists():
        raise ServiceError("The notice must state the incidents (3-2-9.A.1.a): none is recorded.")
    findings = _designation_findings(case)
    decision = _decide(case, "notice", findings, on, actor)
    case.state = State.NOTICE_ISSUED
    case.notice_issued_on = on
    case.notice_issued_by = actor
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.NOTICE_ISSUED,
        summary="Notice of Dangerous Dog issued, with the pre-printed hearing request form "
        "(3-2-9.A.1.a-f). The fourteen days to request a hearing count from its service.",
        decision=decision,
    )
    return case


@transaction.atomic
def record_service(
    *,
    case: DangerousDogCase,
    served_on: dt.date,
    method: str,
    actor: AbstractBaseUser,
    served_person: str = "",
    served_address: str = "",
) -> DangerousDogCase:
    """3-2-9.A.1.a: served personally on the owner, on a person of suitable age and discretion at
    the owner's residence, or by mail. Service upon any owner is effective as to all owners. The
    fourteen days of A.1.c count from the date of service (LEGAL-NOTES §6.5)."""
    _require(actor, DESIGNATE, "record the service of the notice")
    case = _locked(case)
    _expect(case, (State.NOTICE_ISSUED,), "record the service of the notice")
    _not_future(served_on, "The date of service")
    assert case.notice_issued_on is not None
    problems = []
    if served_on < case.notice_issued_on:
        problems.append(
            f"The notice cannot be served ({day_label(served_on)}) before it was issued "
            f"({day_label(case.notice_issued_on)})."
        )
    if method not in DangerousDogCase.ServiceMethod.values:
        problems.append(f"{method!r} is not a way of serving the notice (3-2-9.A.1.a).")
    if method in ("personal", "residence") and not served_person.strip():
        problems.append("Name the person the notice was handed to.")
    if method in ("residence", "mail") and not served_address.strip():
        problems.append("Give the address of the residence or the mailing address.")
    if problems:
        raise ServiceError(" ".join(problems))
    params = city_params()
    trigger = deadlines.notice_date(served_on, case.notice_issued_on, params)
    window = deadlines.request_window(trigger, params)
    assert window.deadline is not None
    decision = _decide(case, "service", [window], served_on, actor)
    case.state = State.SERVED
    case.served_on = served_on
    case.service_method = method
    case.served_person = served_person.strip()
    case.served_address = served_address.strip()
    case.served_by = actor
    case.notice_date = trigger
    _save(case, actor)
    _event(
        case,
        on=served_on,
        actor=actor,
        kind=Kind.SERVED,
        summary=(
            f"Notice {case.get_service_method_display()}"
            + (f" ({served_person.strip()})" if served_person.strip() else "")
            + ". Service upon any owner is effective as to all owners (3-2-9.A.1.a). "
            + f"Last day to request a hearing: {day_label(window.deadline.due)}. "
            + window.message
        ),
        details={"method": method, "request_window_ends": window.deadline.due.isoformat()},
        decision=decision,
    )
    return case


# --------------------------------------------------------------------------------- hearing


@transaction.atomic
def receive_hearing_request(
    *,
    case: DangerousDogCase,
    received_on: dt.date,
    requested_by: str,
    in_writing: bool,
    actor: AbstractBaseUser,
    note: str = "",
) -> Hearing:
    """3-2-9.A.1.c: the owner has fourteen days to request a hearing, "made directly to the
    Animal Control Authority, and ... submitted in writing"."""
    _require(actor, DESIGNATE, "receive a request for a hearing")
    case = _locked(case)
    if case.state == State.DANGEROUS and not case.hearings.exists():
        raise ServiceError(
            f"Case {case.number}: no hearing was requested within the fourteen days, and the "
            f"designation stands (3-2-9.A.1.e) since {day_label(case.deemed_on)}."  # type: ignore[arg-type]
        )
    _expect(case, (State.SERVED,), "receive a request for a hearing")
    _not_future(received_on, "The date the request was received")
    assert case.served_on is not None and case.notice_date is not None
    if not in_writing:
        raise ServiceError(
            "The request for a hearing must be submitted in writing, directly to the Animal "
            "Control Authority (3-2-9.A.1.c): a spoken request is not one. The pre-printed form "
            "in the notice may be used."
        )
    if not requested_by.strip():
        raise ServiceError("Say who requested the hearing (the owner or a person for the owner).")
    if received_on < case.served_on:
        raise ServiceError(
            f"A request received {day_label(received_on)} is before the notice was served "
            f"({day_label(case.served_on)})."
        )
    params = city_params()
    window = deadlines.request_window(case.notice_date, params)
    assert window.deadline is not None
    if received_on > window.deadline.due:
        raise ServiceError(
            f"Too late: the written request was received {day_label(received_on)}, after the last "
            f"day to request a hearing, {day_label(window.deadline.due)} (3-2-9.A.1.c). "
            + " ".join(window.deadline.explanation)
            + " The designation stands (3-2-9.A.1.e).",
            [window],
        )
    limit = deadlines.hearing_limit(received_on, params)
    assert limit.deadline is not None
    decision = _decide(case, "hearing_request", [window, limit], received_on, actor)
    hearing = Hearing(
        case=case,
        requested_on=received_on,
        request_in_writing=True,
        request_by=requested_by.strip(),
        request_note=note.strip(),
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
            f"Written request for a hearing received from {requested_by.strip()}, within the "
            f"fourteen days (last day {day_label(window.deadline.due)}). The hearing must be held "
            f"by {day_label(limit.deadline.due)} unless extended for good cause (3-2-9.A.2.a). "
            "The owner who requests a hearing is liable for its costs (3-2-9.A.2.a). Pending the "
            "hearing the owner must comply with Minn. Stat. 347.52 (a)-(c) (3-2-9.A.1.d) or the "
            "dog may be seized (3-2-9.A.2.b)."
        ),
        details={"hearing_limit": limit.deadline.due.isoformat()},
        decision=decision,
    )
    return hearing


@transaction.atomic
def schedule_hearing(
    *,
    case: DangerousDogCase,
    scheduled_at: dt.datetime,
    place: str,
    on: dt.date,
    actor: AbstractBaseUser,
    good_cause: str = "",
) -> Hearing:
    """3-2-9.A.2.a: "the Hearing shall be held before a Hearing Officer within fourteen (14) days
    after the Animal Control Authority is notified of the Owner's request ... The Hearing Officer
    may allow the Hearing date to be extended beyond the fourteen (14) day period for good
    cause." Rescheduling is the same step."""
    if not (actor.has_perm(DESIGNATE) or actor.has_perm(CONDUCT)):  # type: ignore[attr-defined]
        _require(actor, DESIGNATE, "schedule the hearing")
    case = _locked(case)
    _expect(case, (State.HEARING_REQUESTED, State.HEARING_SCHEDULED), "schedule the hearing")
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
        if not good_cause.strip():
            raise ServiceError(
                f"The hearing must be held by {day_label(limit.deadline.due)} (3-2-9.A.2.a): "
                f"{day_label(day)} is later. Only the Hearing Officer may extend it, for good "
                "cause: record the good cause with the date. " + limit.message,
                [limit],
            )
        _require(actor, CONDUCT, "extend the hearing date for good cause (3-2-9.A.2.a)")
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
        f"the limit is {day_label(limit.deadline.due)} (3-2-9.A.2.a)."
    )
    if extended:
        summary += f" Extended beyond the fourteen days for good cause: {good_cause.strip()}"
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


@transaction.atomic
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
    """3-2-9.A.2.b: "Pending the Hearing, the dog may be seized and kept at animal control unless
    the Owner shows proof that the dog is properly licensed, if required; has met the requirement
    for rabies vaccinations; keeps the dog only in a Proper Enclosure unless restrained on a leash
    with a muzzle; and otherwise demonstrates ... that the dog ... does not present an
    unreasonable risk of harm". The license and rabies vaccination are read from the records."""
    _require(actor, DESIGNATE, "record compliance or seizure pending the hearing")
    case = _locked(case)
    _expect(
        case,
        (State.HEARING_REQUESTED, State.HEARING_SCHEDULED),
        "record compliance or seizure pending the hearing",
    )
    _not_future(on, "The date")
    dog = case.dog
    license_ = dog.current_license(on)
    rabies = dog.current_rabies(on)
    if seized and not (kept_at.strip() and contact_address.strip() and contact_phone.strip()):
        raise ServiceError(
            "Give where the seized dog is kept and the contact's address and telephone "
            "(3-2-9.A.1.a(4))."
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
        raise ServiceError(finding.message, [finding])
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


@transaction.atomic
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
    """3-2-9.A.2.c-f: the hearing before the Hearing Officer. The burden of proof is on the
    Authority; the standard is clear and convincing evidence if it seeks to destroy the dog,
    otherwise a preponderance (A.2.f)."""
    _require(actor, CONDUCT, "hold the hearing")
    case = _locked(case)
    if case.state == State.HEARING_REQUESTED:
        raise ServiceError(
            f"Case {case.number}: the hearing has not been scheduled yet: schedule it (date, time "
            "and place) before recording that it was held."
        )
    _expect(case, (State.HEARING_SCHEDULED,), "hold the hearing")
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
    if held_on > limit.deadline.due and not hearing.extension_good_cause:
        raise ServiceError(
            f"The hearing was due by {day_label(limit.deadline.due)} (3-2-9.A.2.a) and no "
            "extension for good cause is recorded: the Hearing Officer records the extension "
            "(reschedule with the good cause) before the hearing is recorded.",
            [limit],
        )
    if not authority_represented_by.strip() or not owner_represented_by.strip():
        raise ServiceError(
            "Record who represented the Animal Control Authority and who represented the owner "
            "(the owner, or private counsel; 3-2-9.A.2.d)."
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
        f"The order is due by {day_label(due.deadline.due)} (3-2-9.A.2.g).",
        details={"destruction_sought": destruction_sought},
        decision=decision,
    )
    return hearing


@transaction.atomic
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
    """3-2-9.A.2.g: the Hearing Officer's order, within ten days after the hearing; A.3: an order
    to destroy the dog only in writing with findings of fact on each of a, b and c. An order to
    take the dog into custody ("if the dog is not currently in custody", A.2.g) records where it
    will be kept and the contact person (A.1.a(4)); the dog is then impounded (B.4)."""
    _require(actor, CONDUCT, "issue the Hearing Officer's order")
    case = _locked(case)
    if case.state in (State.HEARING_REQUESTED, State.HEARING_SCHEDULED):
        raise ServiceError(
            f"Case {case.number}: no hearing has been held yet: the order follows the hearing "
            "(3-2-9.A.2.g)."
        )
    _expect(case, (State.HEARING_HELD,), "issue the Hearing Officer's order")
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
        raise ServiceError(
            f"The dog is already in custody, kept at {case.kept_at}: the Hearing Officer orders "
            "the Authority to take it into custody only if it is not currently in custody "
            "(3-2-9.A.2.g). Uphold the designation; the dog stays impounded until released under "
            "3-2-9.B.4."
        )
    if custody and not (kept_at.strip() and contact_address.strip() and contact_phone.strip()):
        raise ServiceError(
            "An order to take the dog into custody names where it will be kept and the contact "
            "person's address and telephone number (3-2-9.A.2.g, A.1.a(4))."
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
            raise ServiceError(
                "Destruction may not be ordered: the Authority did not seek it at the hearing, so "
                "the hearing applied a preponderance of the evidence, not the clear and "
                "convincing evidence destruction requires (3-2-9.A.2.f, A.3).",
                [standard],
            )
        written = {k: v for k, v in (destruction_findings or {}).items() if v.strip()}
        try:
            destruction = law.destruction(written)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        findings.append(destruction)
        if destruction.blocks:
            raise Refused(findings)
    late = issued_on > due.deadline.due
    # upheld without destruction: the dog is deemed dangerous today and must be registered
    upheld = disposition in (Order.Disposition.UPHELD, Order.Disposition.UPHELD_CUSTODY)
    registration = deadlines.registration_due(issued_on, params)
    assert registration.deadline is not None
    if upheld:
        findings.append(registration)
        findings.append(deadlines.sterilization_due(issued_on, params))
        if received_on is not None:
            findings.append(deadlines.comply_after_decision(received_on, params))
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
            f" Taken into custody, kept at {case.kept_at} (3-2-9.A.2.g); released only when "
            f"every requirement is shown and the costs are paid, the owner having through "
            f"{day_label(release.deadline.due)} to comply (3-2-9.B.4)."
        )
    if returned:
        summary += (
            " The dog, held pending the hearing, is returned to its owner: the designation was "
            "rescinded (3-2-9.A.2.b)."
        )
    if late:
        summary += (
            f" Issued late: the order was due by {day_label(due.deadline.due)}, ten days after "
            f"the hearing (3-2-9.A.2.g)."
        )
    if upheld:
        summary += f" Registration due by {day_label(registration.deadline.due)} (3-2-9.B.2)."
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


@transaction.atomic
def designation_stands(
    *, case: DangerousDogCase, on: dt.date, actor: AbstractBaseUser
) -> DangerousDogCase:
    """3-2-9.A.1.e: "if the Owner does not request a Hearing within the allotted fourteen (14)
    days, the designation of Dangerous Dog as issued in the written Notice ... will stand"."""
    _require(actor, DESIGNATE, "record that the designation stands")
    case = _locked(case)
    _expect(case, (State.SERVED,), "record that the designation stands")
    _not_future(on, "The date")
    assert case.notice_date is not None
    params = city_params()
    window = deadlines.request_window(case.notice_date, params)
    assert window.deadline is not None
    if on <= window.deadline.due:
        raise ServiceError(
            f"The owner may still request a hearing through {day_label(window.deadline.due)} "
            f"(3-2-9.A.1.c): the designation stands only after that day. " + window.message,
            [window],
        )
    deemed = window.deadline.due
    registration = deadlines.registration_due(deemed, params)
    sterilization = deadlines.sterilization_due(deemed, params)
    assert registration.deadline is not None
    decision = _decide(case, "designation_stands", [window, registration, sterilization], on, actor)
    case.state = State.DANGEROUS
    case.deemed_on = deemed
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.DESIGNATION_STANDS,
        summary=(
            f"No written request for a hearing by {day_label(deemed)}: the designation stands "
            f"(3-2-9.A.1.e). Registration due by {day_label(registration.deadline.due)} "
            "(3-2-9.B.2)."
        ),
        decision=decision,
    )
    return case


# ---------------------------------------------------------------------------- registration


@dataclass(frozen=True)
class RegistrationProof:
    """What the owner presents for a Certificate of Registration (3-2-9.B.3 a-g)."""

    proper_enclosure: str = ""
    signs_on_buildings: bool = False
    sign_on_enclosure: bool = False
    insurer: str = ""
    policy_number: str = ""
    insurance_per_person: Decimal | None = None
    insurance_per_incident: Decimal | None = None
    insurance_prepaid: bool = False
    insurance_expires_on: dt.date | None = None
    microchip_manufacturer: str = ""
    microchip_number: str = ""
    other_vaccinations_current: bool = False
    sterilized_on: dt.date | None = None
    warning_symbols: int = 0
    tag_number: str = ""


def evaluate_registration(
    case: DangerousDogCase,
    proof: RegistrationProof,
    fee_paid: Decimal | None,
    on: dt.date,
    params: ParameterSet | None = None,
) -> list[Finding]:
    """The rules core's B.3 findings on this proof, reading the license and rabies vaccination
    (B.3.f) and sterilization from the records. No writes."""
    if case.deemed_on is None:
        raise ServiceError(f"Case {case.number}: the dog is not deemed dangerous yet.")
    params = params or city_params()
    dog = case.dog
    insured = (
        proof.insurer.strip()
        and proof.policy_number.strip()
        and proof.insurance_expires_on is not None
        and proof.insurance_expires_on >= on
    )
    evidence = law.RegistrationEvidence(
        proper_enclosure=bool(proof.proper_enclosure.strip()),
        signs_front_and_rear_of_all_buildings=proof.signs_on_buildings,
        sign_on_enclosure=proof.sign_on_enclosure,
        insurance_per_person=proof.insurance_per_person if insured else None,
        insurance_per_incident=proof.insurance_per_incident if insured else None,
        insurance_prepaid=proof.insurance_prepaid,
        fee_paid=fee_paid,
        microchip_manufacturer=proof.microchip_manufacturer,
        microchip_number=proof.microchip_number,
        license_current=dog.current_license(on) is not None,
        vaccinations_current=dog.current_rabies(on) is not None
        and proof.other_vaccinations_current,
        sterilized=dog.sterilized or proof.sterilized_on is not None,
    )
    return law.registration(evidence, case.deemed_on, on, params)


def _insurance_problems(proof: RegistrationProof, on: dt.date) -> list[str]:
    problems = []
    if not proof.insurer.strip() or not proof.policy_number.strip():
        problems.append("name the insurer and the policy number (3-2-9.B.3.c)")
    if proof.insurance_expires_on is None:
        problems.append("give the day the policy expires (3-2-9.B.3.c)")
    elif proof.insurance_expires_on < on:
        problems.append(
            f"the policy expired {day_label(proof.insurance_expires_on)} (3-2-9.B.3.c: "
            "provides and annually shows proof)"
        )
    return problems


def _register(
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
    previous: Registration | None,
) -> Registration:
    _not_future(on, "The date")
    params = city_params()
    findings = evaluate_registration(case, proof, payment.amount, on, params)
    problems = _insurance_problems(proof, on)
    if blocking(findings):
        raise Refused(findings)
    if problems:
        raise ServiceError("Insurance not shown: " + "; ".join(problems) + ".")
    if proof.sterilized_on is not None and proof.sterilized_on > on:
        raise ServiceError("The dog cannot have been sterilized after today.")
    if not proof.tag_number.strip():
        raise ServiceError(
            "Record the uniform dangerous-dog tag issued with the certificate (3-2-9.E.5)."
        )
    if proof.warning_symbols < 1:
        raise ServiceError(
            "Record the warning symbols provided for posting on the property (3-2-9.E.4)."
        )
    dog = case.dog
    license_ = dog.current_license(on)
    rabies = dog.current_rabies(on)
    assert license_ is not None and rabies is not None
    fee = params.get("fees.dangerous_dog.registration", on)
    symbols = law.warning_symbol_charge(proof.warning_symbols, on, params)
    symbols_amount = Decimal(str(symbols.details["amount"]))
    if payment.amount != fee.value + symbols_amount:
        charge = (
            f" and {symbols_amount} for the warning symbols (3-2-9.E.4)" if symbols_amount else ""
        )
        raise ServiceError(
            f"The annual registration fee is {fee.display()} (3-2-9.B.5, {fee.source.cite()})"
            f"{charge}; the payment is {payment.amount}.",
            [symbols],
        )
    lines = [
        ReceiptLine(
            description=f"Dangerous dog registration, annual, {dog.name} (case {case.number})",
            parameter=fee.key,
            section="3-2-9.B.5",
            source=fee.source.cite(),
            amount=fee.value,
        )
    ]
    if symbols_amount:
        each = symbols.parameters[0]
        lines.append(
            ReceiptLine(
                description=f"Warning symbols, {proof.warning_symbols} at {each.display()}",
                parameter=each.key,
                section="3-2-9.E.4",
                source=each.source.cite(),
                amount=symbols_amount,
            )
        )
    findings = [*findings[:-1], symbols, findings[-1]]  # the certificate finding stays last
    receipt = record_receipt(case.owner, payment, lines, actor, None)
    starts = on
    if previous is not None and previous.expires_on >= on:
        starts = previous.expires_on + dt.timedelta(days=1)
    expires = add_months(starts, 12) - dt.timedelta(days=1)
    year = on.year
    registration = Registration(
        case=case,
        certificate_number=f"DDR{year}-{next_number('dangerous_dog_certificate', year):03d}",
        issued_on=on,
        expires_on=expires,
        previous=previous,
        proper_enclosure=proof.proper_enclosure.strip(),
        signs_on_buildings=proof.signs_on_buildings,
        sign_on_enclosure=proof.sign_on_enclosure,
        insurer=proof.insurer.strip(),
        policy_number=proof.policy_number.strip(),
        insurance_per_person=proof.insurance_per_person,
        insurance_per_incident=proof.insurance_per_incident,
        insurance_prepaid=proof.insurance_prepaid,
        insurance_expires_on=proof.insurance_expires_on,
        receipt=receipt,
        fee=fee.value,
        microchip_manufacturer=proof.microchip_manufacturer.strip(),
        microchip_number=proof.microchip_number.strip(),
        license=license_,
        rabies=rabies,
        other_vaccinations_current=proof.other_vaccinations_current,
        sterilized_on=proof.sterilized_on,
        warning_symbols_issued=proof.warning_symbols,
        tag_number=proof.tag_number.strip(),
        issued_by=actor,
        decision=_decide(case, "renew" if previous else "register", findings, on, actor),
    )
    acting_as(actor, registration)
    registration.save()
    if previous is not None:
        previous.status = Registration.Status.SUPERSEDED
        acting_as(actor, previous)
        previous.save(update_fields=["status"])
    return registration


@transaction.atomic
def register(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
) -> Registration:
    """3-2-9.B.3: the Certificate of Registration issues "only if the Owner presents sufficient
    evidence that all of the following are met" (a-g); with it the warning symbols (E.4) and the
    dangerous-dog tag (E.5). The fee goes on a licensing receipt."""
    _require(actor, DESIGNATE, "issue a Certificate of Registration")
    case = _locked(case)
    _expect(case, (State.DANGEROUS,), "issue a Certificate of Registration")
    assert case.deemed_on is not None
    registration = _register(case, proof, payment, on, actor, None)
    params = city_params()
    due = deadlines.registration_due(case.deemed_on, params)
    assert due.deadline is not None
    case.state = State.REGISTERED
    _save(case, actor)
    summary = (
        f"Certificate of Registration {registration.certificate_number} issued, valid through "
        f"{day_label(registration.expires_on)}: every requirement of 3-2-9.B.3 (a-g) shown; "
        f"{registration.warning_symbols_issued} warning symbol(s) (E.4) and dangerous-dog tag "
        f"{registration.tag_number} (E.5) provided; fee receipt {registration.receipt.number}."
    )
    if on > due.deadline.due:
        summary += f" Registered late: it was due by {day_label(due.deadline.due)} (3-2-9.B.2)."
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.REGISTERED,
        summary=summary,
        details={"certificate": registration.certificate_number},
        decision=registration.decision,
    )
    return registration


@transaction.atomic
def renew_registration(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    payment: Payment,
    on: dt.date,
    actor: AbstractBaseUser,
) -> Registration:
    """3-2-9.B.7: renewed annually until the dog is deceased, with fresh proof of insurance
    (B.3.c "annually shows proof") and every other requirement; the new year follows the last."""
    _require(actor, DESIGNATE, "renew the registration")
    case = _locked(case)
    _expect(case, (State.REGISTERED,), "renew the registration")
    current = case.current_registration
    assert current is not None
    registration = _register(case, proof, payment, on, actor, current)
    starts = current.expires_on + dt.timedelta(days=1) if current.expires_on >= on else on
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.RENEWED,
        summary=(
            f"Registration renewed (3-2-9.B.7): certificate {registration.certificate_number}, "
            f"{day_label(starts)} through {day_label(registration.expires_on)}, "
            "with fresh proof of insurance "
            f"({registration.insurer}, policy {registration.policy_number})."
        ),
        details={"certificate": registration.certificate_number},
        decision=registration.decision,
    )
    return registration


@transaction.atomic
def record_missing_requirements(
    *,
    case: DangerousDogCase,
    proof: RegistrationProof,
    fee_paid: Decimal | None,
    on: dt.date,
    actor: AbstractBaseUser,
) -> CaseEvent:
    """Record what the owner has not yet shown for the certificate (3-2-9.B.3), so the letter
    listing each missing requirement with its section can be sent."""
    _require(actor, DESIGNATE, "record missing registration requirements")
    case = _locked(case)
    _expect(case, (State.DANGEROUS, State.REGISTERED), "record missing registration requirements")
    _not_future(on, "The date")
    params = city_params()
    findings = evaluate_registration(case, proof, fee_paid, on, params)
    missing = [
        f for f in findings if f.blocks and f.rule == "dangerous_dog.registration_requirements"
    ]
    missing = [f for f in missing if len(f.sections) == 1]
    if not missing:
        raise ServiceError(
            "Nothing is missing: every requirement of 3-2-9.B.3 is shown. Issue the certificate."
        )
    assert case.deemed_on is not None
    due = deadlines.registration_due(case.deemed_on, params)
    decision = _decide(case, "requirements_missing", [*findings, due], on, actor)
    return _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.REQUIREMENTS_MISSING,
        summary=(
            f"{len(missing)} registration requirement(s) not shown: "
            + ", ".join(f.sections[0] for f in missing)
            + "."
        ),
        details={"missing": [f.sections[0] for f in missing]},
        decision=decision,
    )


# ---------------------------------------------------------------------------- inspections

#: States in which the dog is a dangerous dog kept in the City (the E requirements apply).
KEPT = (State.DANGEROUS, State.REGISTERED)


@transaction.atomic
def record_inspection(
    *,
    case: DangerousDogCase,
    on: dt.date,
    permitted: bool,
    notes: str,
    actor: AbstractBaseUser,
    compliant: bool | None = None,
) -> Inspection:
    """3-2-9.E.6: the owner "shall permit the Animal Control Authority and/or Law Enforcement to
    enter the property ... to inspect the premises"; a refusal "is, by itself, a ground to
    immediately seize the dog ... and revoke the Dangerous Dog registration"."""
    _require(actor, DESIGNATE, "record an inspection")
    case = _locked(case)
    _expect(case, KEPT, "record an inspection")
    _not_future(on, "The date of the inspection")
    if not notes.strip():
        raise ServiceError("Say what was inspected and found (or how entry was refused).")
    if permitted and compliant is None:
        raise ServiceError("Say whether the dog was kept in compliance (3-2-9.E).")
    finding = law.inspection(permitted=permitted, compliant=compliant)
    message = finding.message
    decision = _decide(case, "inspection", [finding], on, actor)
    inspection = Inspection.objects.create(
        case=case,
        on=on,
        by=actor,
        permitted=permitted,
        compliant=compliant if permitted else None,
        notes=notes.strip(),
        decision=decision,
    )
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.INSPECTED if permitted else Kind.INSPECTION_REFUSED,
        summary=f"{message} {notes.strip()}",
        decision=decision,
    )
    return inspection


# ----------------------------------------------------------------------------- revocation


def _revocation(case: DangerousDogCase) -> Revocation:
    revocation = case.revocations.order_by("-served_on", "-id").first()
    assert revocation is not None
    return Revocation.objects.select_for_update().get(pk=revocation.pk)


@transaction.atomic
def serve_revocation_notice(
    *,
    case: DangerousDogCase,
    reasons: str,
    served_on: dt.date,
    method: str,
    hearing_at: dt.datetime,
    place: str,
    actor: AbstractBaseUser,
    inspection: Inspection | None = None,
    good_cause: str = "",
) -> Revocation:
    """3-2-9.B.6.b: the Authority serves a written notice of "the alleged reasons why the dog is
    not being kept in conformance", with "the date, time, and location of the Hearing", which
    "shall be held before a Hearing Officer within twenty (20) days of the date of the Notice"
    unless the Hearing Officer extends it for good cause."""
    _require(actor, DESIGNATE, "serve a notice of revocation")
    case = _locked(case)
    _expect(case, (State.REGISTERED,), "serve a notice of revocation")
    _not_future(served_on, "The date of service")
    registration = case.current_registration
    if registration is None:
        raise ServiceError(f"Case {case.number} has no Certificate of Registration to revoke.")
    problems = []
    if not reasons.strip():
        problems.append("State the alleged reasons the dog is not kept in conformance (B.6.b).")
    if method not in DangerousDogCase.ServiceMethod.values:
        problems.append(f"{method!r} is not a way of serving the notice.")
    if timezone.is_naive(hearing_at):
        problems.append("The hearing time must carry the time zone.")
    elif timezone.localdate(hearing_at) <= served_on:
        problems.append("The hearing must come after the notice is served.")
    if not place.strip():
        problems.append("Give the location of the hearing (B.6.b).")
    if inspection is not None and inspection.case_id != case.pk:
        problems.append("That inspection belongs to another case.")
    if problems:
        raise ServiceError(" ".join(problems))
    params = city_params()
    trigger = deadlines.notice_date(served_on, served_on, params)
    limit = deadline(params, trigger, clock_id="dangerous_dog.revocation_hearing")
    assert limit.deadline is not None
    day = timezone.localdate(hearing_at)
    if day > limit.deadline.due:
        if not good_cause.strip():
            raise ServiceError(
                f"The revocation hearing must be held by {day_label(limit.deadline.due)} "
                f"(3-2-9.B.6.b): {day_label(day)} is later. Only the Hearing Officer may extend "
                "it, for good cause. " + limit.message,
                [limit],
            )
        _require(actor, CONDUCT, "extend the revocation hearing for good cause (3-2-9.B.6.b)")
    decision = _decide(case, "revocation_notice", [limit], served_on, actor)
    revocation = Revocation(
        case=case,
        registration=registration,
        reasons=reasons.strip(),
        inspection=inspection,
        served_on=served_on,
        service_method=method,
        notice_date=trigger,
        hearing_at=hearing_at,
        place=place.strip(),
        extension_good_cause=good_cause.strip() if day > limit.deadline.due else "",
        noticed_by=actor,
        decision=decision,
    )
    acting_as(actor, revocation)
    revocation.save()
    case.state = State.REVOCATION_NOTICED
    _save(case, actor)
    _event(
        case,
        on=served_on,
        actor=actor,
        kind=Kind.REVOCATION_NOTICE,
        summary=(
            f"Notice of revocation of certificate {registration.certificate_number} served "
            f"({revocation.get_service_method_display()}): {reasons.strip()} Hearing "
            f"{day_label(day)} at {timezone.localtime(hearing_at):%H:%M}, {place.strip()}; it "
            f"must be held by {day_label(limit.deadline.due)} (3-2-9.B.6.b)."
        ),
        decision=decision,
    )
    return revocation


@transaction.atomic
def hold_revocation_hearing(
    *,
    case: DangerousDogCase,
    held_on: dt.date,
    actor: AbstractBaseUser,
    authority_represented_by: str,
    owner_represented_by: str,
    witnesses: str = "",
    evidence: str = "",
    destruction_sought: bool = False,
) -> Revocation:
    """3-2-9.B.6.b: the revocation hearing "shall comply with all the requirements as set forth
    in Section 3-2-9.A.2": burden on the Authority, standard by A.2.f, order within ten days."""
    _require(actor, CONDUCT, "hold the revocation hearing")
    case = _locked(case)
    _expect(case, (State.REVOCATION_NOTICED,), "hold the revocation hearing")
    _not_future(held_on, "The date of the hearing")
    revocation = _revocation(case)
    scheduled = timezone.localdate(revocation.hearing_at)
    if held_on < scheduled:
        raise ServiceError(
            f"The revocation hearing is set for {day_label(scheduled)}: it cannot have been held "
            f"on {day_label(held_on)}."
        )
    params = city_params()
    limit = deadline(params, revocation.notice_date, clock_id="dangerous_dog.revocation_hearing")
    assert limit.deadline is not None
    if held_on > limit.deadline.due and not revocation.extension_good_cause:
        raise ServiceError(
            f"The revocation hearing was due by {day_label(limit.deadline.due)} (3-2-9.B.6.b) "
            "and no extension for good cause is recorded.",
            [limit],
        )
    if not authority_represented_by.strip() or not owner_represented_by.strip():
        raise ServiceError(
            "Record who represented the Animal Control Authority and who represented the owner "
            "(3-2-9.A.2.d, through B.6.b)."
        )
    standard = law.standard_of_proof("revocation_hearing", destruction_sought=destruction_sought)
    due = deadlines.order_due(held_on, params)
    assert due.deadline is not None
    decision = _decide(case, "revocation_hearing", [standard, due], held_on, actor)
    revocation.held_on = held_on
    revocation.hearing_officer = actor
    revocation.authority_represented_by = authority_represented_by.strip()
    revocation.owner_represented_by = owner_represented_by.strip()
    revocation.witnesses = witnesses.strip()
    revocation.evidence = evidence.strip()
    revocation.standard_of_proof = standard.outcome
    acting_as(actor, revocation)
    revocation.save()
    case.state = State.REVOCATION_HEARD
    _save(case, actor)
    _event(
        case,
        on=held_on,
        actor=actor,
        kind=Kind.REVOCATION_HEARING,
        summary=f"Revocation hearing held. {standard.message} The order is due by "
        f"{day_label(due.deadline.due)} (3-2-9.A.2.g, through B.6.b).",
        decision=decision,
    )
    return revocation


@transaction.atomic
def decide_revocation(
    *,
    case: DangerousDogCase,
    decided_on: dt.date,
    outcome: str,
    findings_of_fact: str,
    actor: AbstractBaseUser,
    owner_in_compliance: bool = False,
    reclaim_by: dt.date | None = None,
) -> Revocation:
    """3-2-9.B.6.c: "If a Dangerous Dog Certificate of Registration is revoked following Hearing,
    the Hearing Officer shall order the dog disposed of immediately or, in the alternative,
    permit the Owner a reasonable time period, not to exceed thirty (30) days, to obtain the dog
    if the Owner is in compliance with all registration requirements." """
    _require(actor, CONDUCT, "decide the revocation")
    case = _locked(case)
    if case.state == State.REVOCATION_NOTICED:
        raise ServiceError(
            f"Case {case.number}: the revocation hearing has not been held: the order follows "
            "it (3-2-9.B.6.a: revoked only following hearing)."
        )
    _expect(case, (State.REVOCATION_HEARD,), "decide the revocation")
    _not_future(decided_on, "The date of the order")
    revocation = _revocation(case)
    assert revocation.held_on is not None
    if outcome not in Revocation.Outcome.values:
        raise ServiceError(f"{outcome!r} is not an outcome of a revocation hearing.")
    if decided_on < revocation.held_on:
        raise ServiceError("The order cannot come before the hearing.")
    if not findings_of_fact.strip():
        raise ServiceError("The order states the Hearing Officer's findings of fact.")
    params = city_params()
    due = deadlines.order_due(revocation.held_on, params)
    assert due.deadline is not None
    findings: list[Finding] = [due]
    if outcome == Revocation.Outcome.RECLAIM:
        if not owner_in_compliance:
            raise ServiceError(
                "The owner may be permitted time to obtain the dog only if in compliance with all "
                "registration requirements (3-2-9.B.6.c); otherwise the dog is disposed of."
            )
        most = deadline(params, decided_on, clock_id="dangerous_dog.revocation_reclaim")
        assert most.deadline is not None
        findings.append(most)
        reclaim_by = reclaim_by or most.deadline.due
        if reclaim_by > most.deadline.due or reclaim_by < decided_on:
            raise ServiceError(
                f"The time to obtain the dog may not exceed thirty days: the latest day is "
                f"{day_label(most.deadline.due)} (3-2-9.B.6.c). " + most.message,
                [most],
            )
    elif reclaim_by is not None:
        raise ServiceError("A day to obtain the dog goes only with that outcome (3-2-9.B.6.c).")
    decision = _decide(case, "revocation_order", findings, decided_on, actor)
    revocation.decided_on = decided_on
    revocation.outcome = outcome
    revocation.findings_of_fact = findings_of_fact.strip()
    revocation.reclaim_by = reclaim_by
    revocation.order_late = decided_on > due.deadline.due
    revocation.decision = decision
    acting_as(actor, revocation)
    revocation.save()
    if outcome == Revocation.Outcome.NOT_REVOKED:
        case.state = State.REGISTERED
    else:
        case.state = State.REVOKED
        registration = revocation.registration
        registration.status = Registration.Status.REVOKED
        acting_as(actor, registration)
        registration.save(update_fields=["status"])
    _save(case, actor)
    summary = f"Revocation order: {revocation.get_outcome_display()}."
    if reclaim_by is not None:
        summary += f" The owner may obtain the dog through {day_label(reclaim_by)} (3-2-9.B.6.c)."
    if revocation.order_late:
        summary += f" Issued late: due by {day_label(due.deadline.due)} (3-2-9.A.2.g)."
    _event(
        case,
        on=decided_on,
        actor=actor,
        kind=Kind.REVOCATION_ORDER,
        summary=summary,
        details={"outcome": outcome},
        decision=decision,
    )
    return revocation


# ------------------------------------------------------------------- owner's written notices


@transaction.atomic
def record_owner_notice(
    *,
    case: DangerousDogCase,
    kind: str,
    occurred_on: dt.date,
    received_on: dt.date,
    in_writing: bool,
    actor: AbstractBaseUser,
    circumstances: str = "",
    new_owner_name: str = "",
    new_owner_address: str = "",
    new_owner_phone: str = "",
    transferee_told: bool | None = None,
    out_of_city: bool = False,
    affidavit_requested: bool = False,
) -> OwnerNotice:
    """3-2-9.C: written notice of the dog's death, or of its relocation or transfer out of the
    City, "within thirty (30) days"; an affidavit if requested. 3-2-9.D: the seller tells the
    buyer beforehand that the dog was designated Dangerous, and tells the Authority in writing the
    new owner's name, address and telephone number. A late notice is recorded and marked late."""
    _require(actor, DESIGNATE, "record the owner's notice")
    case = _locked(case)
    _expect(
        case,
        (State.DANGEROUS, State.REGISTERED, State.REVOKED, State.DESTRUCTION_ORDERED),
        "record the owner's notice of death, relocation or transfer",
    )
    _not_future(received_on, "The date the notice was received")
    problems = []
    if kind not in OwnerNotice.Kind.values:
        problems.append(f"{kind!r} is not a notice of 3-2-9.C or D.")
    if not in_writing:
        problems.append("The notice must be in writing (3-2-9.C, D).")
    if occurred_on > received_on:
        problems.append("The notice cannot be received before what it reports happened.")
    if kind == OwnerNotice.Kind.TRANSFER:
        if not (new_owner_name.strip() and new_owner_address.strip() and new_owner_phone.strip()):
            problems.append(
                "The seller must give the new owner's name, address and telephone number (3-2-9.D)."
            )
        if transferee_told is None:
            problems.append("Say whether the buyer was told beforehand (3-2-9.D).")
    if problems:
        raise ServiceError(" ".join(problems))
    findings = law.owner_notice(
        kind,
        occurred_on,
        received_on,
        city_params(),
        out_of_city=out_of_city,
        transferee_told=transferee_told,
    )
    late = bool(findings[0].facts["late"])
    decision = _decide(case, "owner_notice", findings, received_on, actor)
    notice = OwnerNotice.objects.create(
        case=case,
        kind=kind,
        occurred_on=occurred_on,
        received_on=received_on,
        in_writing=True,
        circumstances=circumstances.strip(),
        new_owner_name=new_owner_name.strip(),
        new_owner_address=new_owner_address.strip(),
        new_owner_phone=normalise(new_owner_phone) if new_owner_phone.strip() else "",
        transferee_told=transferee_told if kind == OwnerNotice.Kind.TRANSFER else None,
        out_of_city=out_of_city or kind == OwnerNotice.Kind.RELOCATION,
        late=late,
        affidavit_requested_on=received_on if affidavit_requested else None,
        recorded_by=actor,
        decision=decision,
    )
    ends = kind in (OwnerNotice.Kind.DEATH, OwnerNotice.Kind.RELOCATION) or out_of_city
    if ends:
        case.state = State.CLOSED
        case.closed_on = received_on
        _save(case, actor)
        for registration in case.registrations.filter(status=Registration.Status.ACTIVE):
            registration.status = Registration.Status.ENDED
            acting_as(actor, registration)
            registration.save(update_fields=["status"])
    summary = findings[0].message
    if kind == OwnerNotice.Kind.TRANSFER:
        summary += (
            f" New owner: {new_owner_name.strip()}, {new_owner_address.strip()}, "
            f"{new_owner_phone.strip()}."
        )
    if affidavit_requested:
        summary += " Affidavit under oath requested (3-2-9.C)."
    _event(
        case,
        on=received_on,
        actor=actor,
        kind=Kind.OWNER_NOTICE,
        summary=summary,
        details={"kind": kind, "late": late, "closes_case": ends},
        decision=decision,
    )
    return notice


@transaction.atomic
def record_affidavit(
    *,
    notice: OwnerNotice,
    received_on: dt.date,
    actor: AbstractBaseUser,
    circumstances: str = "",
    transferee_name: str = "",
    transferee_address: str = "",
    transferee_phone: str = "",
) -> OwnerNotice:
    """3-2-9.C: "An Owner shall, if requested by the Animal Control Authority, execute an
    affidavit, under oath and penalty of perjury, setting forth either the circumstances of the
    dog's death and disposition; or the complete name, address, and telephone number of the
    person to whom the dog was transferred." A death needs the first; a relocation or transfer
    the second."""
    _require(actor, DESIGNATE, "record the owner's affidavit")
    notice = OwnerNotice.objects.select_for_update().select_related("case").get(pk=notice.pk)
    _not_future(received_on, "The date the affidavit was received")
    if notice.affidavit_requested_on is None:
        raise ServiceError("No affidavit was requested with this notice (3-2-9.C).")
    if notice.affidavit_received_on is not None:
        raise ServiceError("The affidavit is already recorded.")
    if received_on < notice.affidavit_requested_on:
        raise ServiceError("The affidavit cannot come before it was requested.")
    death = notice.kind == OwnerNotice.Kind.DEATH
    if death and not circumstances.strip():
        raise ServiceError(
            "The affidavit on the dog's death sets forth the circumstances of the death and the "
            "disposition of the dog (3-2-9.C)."
        )
    if not death and not (
        transferee_name.strip() and transferee_address.strip() and transferee_phone.strip()
    ):
        raise ServiceError(
            "The affidavit sets forth the complete name, address, and telephone number of the "
            "person to whom the dog was transferred (3-2-9.C)."
        )
    findings = law.owner_notice(
        notice.kind,
        notice.occurred_on,
        notice.received_on,
        city_params(),
        out_of_city=notice.out_of_city,
        transferee_told=notice.transferee_told,
    )
    decision = _decide(notice.case, "affidavit", findings, received_on, actor)
    notice.affidavit_received_on = received_on
    if death:
        notice.affidavit_circumstances = circumstances.strip()
        content = f"circumstances of the death and disposition: {circumstances.strip()}"
    else:
        notice.affidavit_transferee_name = transferee_name.strip()
        notice.affidavit_transferee_address = transferee_address.strip()
        notice.affidavit_transferee_phone = normalise(transferee_phone)
        content = (
            f"the dog was transferred to {transferee_name.strip()}, "
            f"{transferee_address.strip()}, {transferee_phone.strip()}"
        )
    notice.save()
    _event(
        notice.case,
        on=received_on,
        actor=actor,
        kind=Kind.AFFIDAVIT,
        summary=(
            f"Affidavit under oath and penalty of perjury received about the "
            f"{notice.get_kind_display()}: {content} (3-2-9.C)."
        ),
        details={"notice": notice.pk},
        decision=decision,
    )
    return notice


# ------------------------------------------------------------------------------- review A.7

REVIEW_FACTORS = {
    "age": "the dog's age",
    "sterilization": "sterilization",
    "environment": "environment",
    "training": "completion of obedience training that includes modification of aggressive "
    "behavior",
    "other": "other factors",
}


@transaction.atomic
def request_review(
    *,
    case: DangerousDogCase,
    requested_on: dt.date,
    reviewer: str,
    factors: Sequence[str],
    evidence: str,
    in_writing: bool,
    actor: AbstractBaseUser,
) -> Review:
    """3-2-9.A.7: "Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner may
    request annually in writing that the Animal Control Authority or the Hearing Officer review
    the designation. The Owner must provide evidence that the dog's behavior has changed ...". The
    eligibility (Nowthen's year controls over the state's six months, 3-2-8) is the rules
    core's."""
    _require(actor, DESIGNATE, "receive a request to review the designation")
    case = _locked(case)
    _expect(case, KEPT, "receive a request to review the designation")
    _not_future(requested_on, "The date of the request")
    assert case.deemed_on is not None
    problems = []
    if not in_writing:
        problems.append("The request must be in writing (3-2-9.A.7).")
    if reviewer not in Review.Reviewer.values:
        problems.append(f"{reviewer!r} is not a reviewer of 3-2-9.A.7.")
    unknown = sorted(set(factors) - set(REVIEW_FACTORS))
    if unknown:
        problems.append(f"Not a factor of 3-2-9.A.7: {', '.join(unknown)}.")
    if not factors or not evidence.strip():
        problems.append(
            "The owner must provide evidence that the dog's behavior has changed, and name the "
            "factor: age, sterilization, environment, obedience training, or other (3-2-9.A.7)."
        )
    if case.reviews.filter(decided_on__isnull=True).exists():
        problems.append("A review of this designation is already pending.")
    if problems:
        raise ServiceError(" ".join(problems))
    last = case.reviews.order_by("-requested_on").values_list("requested_on", flat=True).first()
    if requested_on < case.deemed_on:
        raise ServiceError("A review cannot be requested before the dog was declared dangerous.")
    params = city_params()
    findings = law.review_eligibility(
        case.deemed_on, requested_on, params, last_review_requested_on=last
    )
    if blocking(findings):
        raise Refused(findings)
    standard = law.standard_of_proof("review")
    findings.append(standard)
    decision = _decide(case, "review_request", findings, requested_on, actor)
    review = Review.objects.create(
        case=case,
        requested_on=requested_on,
        reviewer=reviewer,
        factors=list(factors),
        evidence=evidence.strip(),
        received_by=actor,
        decision=decision,
    )
    why = ", ".join(REVIEW_FACTORS[f] for f in factors)
    _event(
        case,
        on=requested_on,
        actor=actor,
        kind=Kind.REVIEW_REQUESTED,
        summary=(
            f"Written request to review the designation, by the {review.get_reviewer_display()}, "
            f"on evidence of changed behavior due to {why}. {findings[0].message}"
            + (f" {standard.message}" if reviewer == Review.Reviewer.HEARING_OFFICER else "")
            + " The person requesting the review is responsible for its actual costs (3-2-9.A.7)."
        ),
        decision=decision,
    )
    return review


@transaction.atomic
def decide_review(
    *,
    case: DangerousDogCase,
    decided_on: dt.date,
    outcome: str,
    findings: str,
    actor: AbstractBaseUser,
) -> Review:
    """3-2-9.A.7: "If the Animal Control Authority or Hearing Officer finds sufficient evidence
    that the dog's behavior has changed, the Authority may rescind the Dangerous Dog
    designation." By the Hearing Officer, the burden is the owner's, by clear and convincing
    evidence."""
    case = _locked(case)
    review = case.reviews.filter(decided_on__isnull=True).first()
    if review is None:
        raise ServiceError(f"Case {case.number}: no review of the designation is pending.")
    if review.reviewer == Review.Reviewer.HEARING_OFFICER:
        _require(actor, CONDUCT, "decide a review requested of the Hearing Officer")
    else:
        _require(actor, DESIGNATE, "decide a review requested of the Animal Control Authority")
    _not_future(decided_on, "The date of the decision")
    if decided_on < review.requested_on:
        raise ServiceError("The decision cannot come before the request.")
    if outcome not in Review.Outcome.values:
        raise ServiceError(f"{outcome!r} is not an outcome of a review.")
    if not findings.strip():
        raise ServiceError("State the findings on the evidence of changed behavior (3-2-9.A.7).")
    standard = law.standard_of_proof("review")
    decision = _decide(case, "review_decision", [standard], decided_on, actor)
    review.decided_on = decided_on
    review.decided_by = actor
    review.outcome = outcome
    review.findings = findings.strip()
    review.save()
    if outcome == Review.Outcome.RESCINDED:
        case.state = State.RESCINDED
        case.closed_on = decided_on
        _save(case, actor)
        for registration in case.registrations.filter(status=Registration.Status.ACTIVE):
            registration.status = Registration.Status.ENDED
            acting_as(actor, registration)
            registration.save(update_fields=["status"])
    _event(
        case,
        on=decided_on,
        actor=actor,
        kind=Kind.REVIEW_DECIDED,
        summary=f"Review decided: {review.get_outcome_display()}. {findings.strip()}",
        decision=decision,
    )
    return review


# -------------------------------------------------------------------------------- costs


def balance(case: DangerousDogCase) -> Decimal:
    """What the person claiming an interest in the dog still owes on the case's costs."""
    owed = sum((c.amount for c in case.costs.all()), Decimal("0.00"))
    paid = sum((p.amount for p in case.cost_payments.all()), Decimal("0.00"))
    return owed - paid


@transaction.atomic
def record_cost(
    *,
    case: DangerousDogCase,
    kind: str,
    incurred_on: dt.date,
    description: str,
    amount: Decimal,
    actor: AbstractBaseUser,
) -> Cost:
    """3-2-9.A.1.f, A.2.a, A.5, A.7: the actual costs the person claiming an interest in the dog
    owes, "except to the extent a court or hearing officer finds the seizure or impoundment was
    not substantially justified by law"."""
    _require(actor, DESIGNATE, "record a cost")
    case = _locked(case)
    _not_future(incurred_on, "The date of the cost")
    problems = []
    if kind not in Cost.Kind.values:
        problems.append(f"{kind!r} is not a cost of 3-2-9.A.1.f.")
    if amount <= 0:
        problems.append("The amount must be more than zero.")
    if not description.strip():
        problems.append("Describe the cost.")
    if kind == Cost.Kind.HEARING and not case.hearings.exists():
        problems.append("No hearing was requested: the owner owes no hearing costs (3-2-9.A.2.a).")
    if kind == Cost.Kind.REVIEW and not case.reviews.exists():
        problems.append("No review was requested (3-2-9.A.7).")
    if kind == Cost.Kind.CARE:
        unjustified = Order.objects.filter(hearing__case=case, seizure_not_justified=True)
        if unjustified.exists():
            problems.append(
                "The Hearing Officer found the seizure or impoundment not substantially justified "
                "by law: its costs of care and keeping are not the owner's (3-2-9.A.1.f, A.5)."
            )
    if problems:
        raise ServiceError(" ".join(problems))
    cost = Cost.objects.create(
        case=case,
        kind=kind,
        incurred_on=incurred_on,
        description=description.strip(),
        amount=amount,
        recorded_by=actor,
    )
    _event(
        case,
        on=incurred_on,
        actor=actor,
        kind=Kind.COST,
        summary=f"Cost recorded: {cost.get_kind_display()}, {description.strip()}, "
        f"${amount:,.2f}. Balance owed: ${balance(case):,.2f}.",
        details={"cost": cost.pk, "amount": str(amount)},
    )
    return cost


@transaction.atomic
def record_cost_payment(
    *, case: DangerousDogCase, payment: Payment, on: dt.date, actor: AbstractBaseUser
) -> CostPayment:
    """A payment toward the case's actual costs, on a licensing receipt (never more than owed)."""
    _require(actor, DESIGNATE, "record a payment toward the costs")
    case = _locked(case)
    _not_future(on, "The date of the payment")
    owed = balance(case)
    if payment.amount <= 0:
        raise ServiceError("The payment must be more than zero.")
    if payment.amount > owed:
        raise ServiceError(
            f"The payment (${payment.amount:,.2f}) is more than the balance owed (${owed:,.2f})."
        )
    line = ReceiptLine(
        description=f"Dangerous dog case {case.number}: actual costs (3-2-9.A.1.f, A.5)",
        parameter="actual costs",
        section="3-2-9.A.5",
        source=f"actual costs recorded in case {case.number}",
        amount=payment.amount,
    )
    receipt = record_receipt(case.owner, payment, [line], actor, None)
    paid = CostPayment.objects.create(
        case=case, paid_on=on, amount=payment.amount, receipt=receipt, recorded_by=actor
    )
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.PAYMENT,
        summary=f"Payment of ${payment.amount:,.2f} toward the costs, receipt {receipt.number}. "
        f"Balance owed: ${balance(case):,.2f}.",
        details={"receipt": receipt.number},
    )
    return paid


# ------------------------------------------------------------------------- E.3 rental disclosure


@transaction.atomic
def record_rental_disclosure(
    *,
    case: DangerousDogCase,
    property_owner: str,
    property_address: str,
    occasion: str,
    lease_date: dt.date,
    disclosed_on: dt.date,
    actor: AbstractBaseUser,
    began_residing_on: dt.date | None = None,
) -> RentalDisclosure:
    """3-2-9.E.3: the owner who rents discloses to the property owner "prior to when the dog
    begins to reside on the property, or prior to entering the lease agreement, and at the time of
    any lease renewal". A late disclosure is recorded and marked late (a violation, which counts
    for E.7)."""
    _require(actor, DESIGNATE, "record a disclosure to the property owner")
    case = _locked(case)
    _expect(case, KEPT, "record a disclosure to the property owner")
    _not_future(disclosed_on, "The date of the disclosure")
    problems = []
    if occasion not in RentalDisclosure.Occasion.values:
        problems.append(f"{occasion!r} is not an occasion of 3-2-9.E.3: a lease or a renewal.")
    if not property_owner.strip() or not property_address.strip():
        problems.append("Name the property owner told and the property where the dog resides.")
    if occasion == RentalDisclosure.Occasion.RENEWAL and began_residing_on is not None:
        problems.append("The day the dog began to reside goes with a new lease, not a renewal.")
    if problems:
        raise ServiceError(" ".join(problems))
    finding = law.rental_disclosure(
        occasion, disclosed_on, lease_date, began_residing_on=began_residing_on
    )
    decision = _decide(case, "rental_disclosure", [finding], disclosed_on, actor)
    disclosure = RentalDisclosure.objects.create(
        case=case,
        property_owner=property_owner.strip(),
        property_address=property_address.strip(),
        occasion=occasion,
        lease_date=lease_date,
        began_residing_on=began_residing_on,
        disclosed_on=disclosed_on,
        in_time=not finding.blocks,
        recorded_by=actor,
        decision=decision,
    )
    _event(
        case,
        on=disclosed_on,
        actor=actor,
        kind=Kind.RENTAL_DISCLOSURE,
        summary=f"Disclosure to {property_owner.strip()}, owner of {property_address.strip()}. "
        + finding.message,
        details={"occasion": occasion, "in_time": not finding.blocks},
        decision=decision,
    )
    return disclosure


# ------------------------------------------------------------------------ E.7 the conditions


def recorded_violation(case: DangerousDogCase, on: dt.date) -> tuple[dt.date, str] | None:
    """The last ordinance violation the case records on or before ``on``: an inspection refused
    or that found the dog not kept in compliance (E.6), or a late disclosure (E.3)."""
    found: list[tuple[dt.date, str]] = [
        (
            i.on,
            "inspection refused (3-2-9.E.6)"
            if not i.permitted
            else "inspection found the dog not kept in compliance (3-2-9.E.6)",
        )
        for i in case.inspections.all()
        if i.on <= on and (not i.permitted or i.compliant is False)
    ]
    found += [
        (d.disclosed_on, "late disclosure to the property owner (3-2-9.E.3)")
        for d in case.rental_disclosures.all()
        if d.disclosed_on <= on and not d.in_time
    ]
    return max(found, default=None)


def conditions_finding(
    case: DangerousDogCase, on: dt.date, entered: dt.date | None = None
) -> tuple[Finding, dt.date | None, str]:
    """The rules core's E.7 finding on ``on``, from the later of the recorded violation and the
    one the officer entered; with that date and where it comes from."""
    recorded = recorded_violation(case, on)
    last, source = recorded if recorded else (None, "")
    if entered is not None and (last is None or entered > last):
        last, source = entered, "entered by the reviewer"
    finding = law.relax_conditions(case.designated_on, on, city_params(), last_violation_on=last)
    return finding, last, source


@transaction.atomic
def review_conditions(
    *,
    case: DangerousDogCase,
    reviewed_on: dt.date,
    reviewer: str,
    outcome: str,
    reasons: str,
    actor: AbstractBaseUser,
    relaxed: Sequence[str] = (),
    last_violation_on: dt.date | None = None,
) -> ConditionsReview:
    """3-2-9.E.7: "If, in reviewing the conditions for keeping a Dangerous Dog there have been no
    ordinance violations for a period of two (2) years, the Animal Control Authority or Hearing
    Officer may use discretion in determining whether the conditions set forth above are still
    required." Allowed only when the rules core finds the two years; the decision (conditions
    kept, or which are relaxed) is the reviewer's discretion, with the reasons."""
    if reviewer == DangerousDogCase.Authority.HEARING_OFFICER:
        _require(actor, CONDUCT, "review the conditions as the Hearing Officer")
    elif reviewer == DangerousDogCase.Authority.ANIMAL_CONTROL:
        _require(actor, DESIGNATE, "review the conditions as the Animal Control Authority")
    else:
        raise ServiceError(f"{reviewer!r} is not a reviewer of 3-2-9.E.7.")
    case = _locked(case)
    _expect(case, KEPT, "review the conditions for keeping the dog")
    _not_future(reviewed_on, "The date of the review")
    if last_violation_on is not None and last_violation_on > reviewed_on:
        raise ServiceError("The last violation cannot come after the review.")
    problems = []
    unknown = sorted(set(relaxed) - set(law.CONDITIONS))
    if unknown:
        problems.append(f"Not a condition of 3-2-9.E: {', '.join(unknown)}.")
    if outcome not in ConditionsReview.Outcome.values:
        problems.append(f"{outcome!r} is not an outcome of the review.")
    elif outcome == ConditionsReview.Outcome.RELAXED and not relaxed:
        problems.append("Name the conditions no longer required.")
    elif outcome == ConditionsReview.Outcome.KEPT and relaxed:
        problems.append("Conditions kept: none is relaxed.")
    if not reasons.strip():
        problems.append("State the reasons for the discretion exercised (3-2-9.E.7).")
    if problems:
        raise ServiceError(" ".join(problems))
    finding, last, source = conditions_finding(case, reviewed_on, last_violation_on)
    if finding.blocks:
        raise Refused([finding])
    decision = _decide(case, "conditions_review", [finding], reviewed_on, actor)
    review = ConditionsReview.objects.create(
        case=case,
        reviewed_on=reviewed_on,
        reviewer=reviewer,
        last_violation_on=last,
        last_violation_source=source,
        outcome=outcome,
        relaxed=[k for k in law.CONDITIONS if k in relaxed],
        reasons=reasons.strip(),
        decided_by=actor,
        decision=decision,
    )
    if relaxed:
        which = "; ".join(
            f"{text} ({section})" for k, (section, text) in law.CONDITIONS.items() if k in relaxed
        )
        decided = f"Discretion exercised: no longer required: {which}."
    else:
        decided = "Discretion exercised: the conditions are still required."
    _event(
        case,
        on=reviewed_on,
        actor=actor,
        kind=Kind.CONDITIONS_REVIEWED,
        summary=f"{finding.message} {decided} Reasons: {reasons.strip()}",
        details={"outcome": outcome, "relaxed": review.relaxed},
        decision=decision,
    )
    return review


# ----------------------------------------------------------------- B.3.g seizure, sterilization


def is_sterilized(case: DangerousDogCase) -> bool:
    """The dog is sterilized on the records: the dog's record, a certificate, a seizure (B.3.g)."""
    return (
        case.dog.sterilized
        or any(r.sterilized_on is not None for r in case.registrations.all())
        or any(i.sterilized_on is not None for i in case.impoundments.all())
    )


def sterilization_findings(case: DangerousDogCase, on: dt.date) -> list[Finding]:
    assert case.deemed_on is not None
    return law.sterilization_seizure(
        case.deemed_on, max(on, case.deemed_on), city_params(), sterilized=is_sterilized(case)
    )


@transaction.atomic
def seize_for_sterilization(
    *,
    case: DangerousDogCase,
    seized_on: dt.date,
    sterilized_on: dt.date,
    veterinarian: str,
    cost: Decimal,
    actor: AbstractBaseUser,
    kept_at: str = "",
    contact_address: str = "",
    contact_phone: str = "",
) -> Impoundment:
    """3-2-9.B.3.g: "The dog must be sterilized. If not done within thirty (30) days, Animal
    Control Authority shall seize the dog and have it sterilized at the owner's expense." Refused
    while the thirty days run; the cost goes on the case's ledger (A.5); the dog stays impounded
    until released under B.4. A dog already in custody is sterilized where it is held."""
    _require(actor, DESIGNATE, "seize the dog to have it sterilized")
    case = _locked(case)
    _expect(case, KEPT, "seize the dog to have it sterilized")
    _not_future(sterilized_on, "The date of the sterilization")
    assert case.deemed_on is not None
    if seized_on < case.deemed_on:
        raise ServiceError(
            f"The seizure ({day_label(seized_on)}) cannot come before the dog was deemed "
            f"dangerous ({day_label(case.deemed_on)})."
        )
    findings = sterilization_findings(case, seized_on)
    if blocking(findings):
        raise Refused(findings)
    held = case.impoundments.filter(released_on__isnull=True).first()
    problems = []
    if sterilized_on < seized_on:
        problems.append("The dog cannot be sterilized before it was seized.")
    if not veterinarian.strip():
        problems.append("Name the veterinarian who sterilized the dog.")
    if cost <= 0:
        problems.append("The cost of the sterilization, charged to the owner, must be more than 0.")
    if held is None and not (kept_at.strip() and contact_address.strip() and contact_phone.strip()):
        problems.append(
            "Give where the seized dog is kept and the contact person's address and telephone "
            "number (3-2-9.A.1.a(4))."
        )
    if problems:
        raise ServiceError(" ".join(problems))
    params = city_params()
    decision = _decide(case, "sterilization_seizure", findings, seized_on, actor)
    if held is None:
        held = Impoundment.objects.create(
            case=case,
            reason=Impoundment.Reason.STERILIZATION,
            impounded_on=seized_on,
            kept_at=kept_at.strip(),
        )
        case.seized = True
        case.kept_at = kept_at.strip()
        case.contact_address = contact_address.strip()
        case.contact_phone = normalise(contact_phone)
        _save(case, actor)
    held.sterilized_on = sterilized_on
    held.veterinarian = veterinarian.strip()
    held.save(update_fields=["sterilized_on", "veterinarian"])
    dog = case.dog
    dog.sterilized = True
    acting_as(actor, dog)
    dog.save(update_fields=["sterilized"])
    charged = Cost.objects.create(
        case=case,
        kind=Cost.Kind.STERILIZATION,
        incurred_on=sterilized_on,
        description=f"Sterilization by {veterinarian.strip()}",
        amount=cost,
        recorded_by=actor,
    )
    release = deadlines.release_due(held.impounded_on, params)
    assert release.deadline is not None
    _event(
        case,
        on=seized_on,
        actor=actor,
        kind=Kind.STERILIZATION_SEIZURE,
        summary=(
            f"{findings[0].message} Seized {day_label(held.impounded_on)}, kept at "
            f"{held.kept_at}; sterilized {day_label(sterilized_on)} by {veterinarian.strip()}; "
            f"${cost:,.2f} charged to the owner. Balance owed: ${balance(case):,.2f}. Released "
            f"only under 3-2-9.B.4: the owner has through {day_label(release.deadline.due)} to "
            "comply."
        ),
        details={"impoundment": held.pk, "cost": charged.pk, "amount": str(cost)},
        decision=decision,
    )
    return held


# ---------------------------------------------------------------------------- B.4 release


def open_impoundment(case: DangerousDogCase) -> Impoundment | None:
    held = [i for i in case.impoundments.all() if i.released_on is None]
    return held[-1] if held else None


def release_evidence(case: DangerousDogCase, on: dt.date) -> law.RegistrationEvidence:
    """What the records show of 3-2-9.B.3 on ``on``: the certificate in force (its enclosure,
    signs, insurance still in force, fee, microchip), the license and rabies vaccination from the
    licensing records, and sterilization. Without a certificate only the records count."""
    dog = case.dog
    rabies = dog.current_rabies(on) is not None
    current = case.current_registration
    if current is None or current.expires_on < on:
        return law.RegistrationEvidence(
            license_current=dog.current_license(on) is not None,
            microchip_number=dog.microchip,
            sterilized=is_sterilized(case),
        )
    insured = current.insurance_expires_on >= on
    return law.RegistrationEvidence(
        proper_enclosure=bool(current.proper_enclosure.strip()),
        signs_front_and_rear_of_all_buildings=current.signs_on_buildings,
        sign_on_enclosure=current.sign_on_enclosure,
        insurance_per_person=current.insurance_per_person if insured else None,
        insurance_per_incident=current.insurance_per_incident if insured else None,
        insurance_prepaid=current.insurance_prepaid,
        fee_paid=current.fee,
        microchip_manufacturer=current.microchip_manufacturer,
        microchip_number=current.microchip_number,
        license_current=dog.current_license(on) is not None,
        vaccinations_current=rabies and current.other_vaccinations_current,
        sterilized=is_sterilized(case),
    )


def release_findings(
    case: DangerousDogCase, held: Impoundment, on: dt.date, payment_arrangement: str = ""
) -> list[Finding]:
    """The rules core on releasing the dog on ``on``: B.3 from the records, then B.4 and A.5."""
    assert case.deemed_on is not None
    params = city_params()
    registration = law.registration(release_evidence(case, on), case.deemed_on, on, params)
    return [
        *law.release(
            held.impounded_on,
            on,
            params,
            registration_findings=registration,
            balance=balance(case),
            payment_arrangement=payment_arrangement,
        ),
        *registration,
    ]


@transaction.atomic
def release(
    *,
    case: DangerousDogCase,
    on: dt.date,
    actor: AbstractBaseUser,
    payment_arrangement: str = "",
) -> Impoundment:
    """3-2-9.B.4: the impounded dog "shall not be released until the Owner demonstrates ... that
    all applicable requirements of this Section, including all registration requirements ...
    have been complied with", within thirty days at most, and "must pay the City for all costs
    incurred in the seizure and boarding of the dog prior to its return"; A.5: paid in full, or a
    mutually satisfactory arrangement for payment made. Refused, listing what is missing."""
    _require(actor, DESIGNATE, "release the dog")
    case = _locked(case)
    _expect(case, KEPT, "release the dog from impoundment")
    _not_future(on, "The date of the release")
    held = open_impoundment(case)
    if held is None or not case.seized:
        raise ServiceError(f"Case {case.number}: the dog is not impounded.")
    if on < held.impounded_on:
        raise ServiceError(
            f"The release ({day_label(on)}) cannot come before the impoundment "
            f"({day_label(held.impounded_on)})."
        )
    findings = release_findings(case, held, on, payment_arrangement)
    if findings[0].blocks:
        raise Refused(findings)
    decision = _decide(case, "release", findings, on, actor)
    held.released_on = on
    held.released_by = actor
    held.payment_arrangement = payment_arrangement.strip() if balance(case) > 0 else ""
    held.release_decision = decision
    held.save()
    kept_at = case.kept_at
    case.seized = False
    case.kept_at = case.contact_address = case.contact_phone = ""
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.RELEASED,
        summary=f"Released to the owner from {kept_at}. {findings[0].message}",
        details={"impoundment": held.pk, "payment_arrangement": held.payment_arrangement},
        decision=decision,
    )
    return held
