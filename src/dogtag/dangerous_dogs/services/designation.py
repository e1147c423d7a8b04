"""The designation (dangerous_dog.designation), the Notice of Dangerous Dog and its service (A.1)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from dogtag.complaints.models import Complaint
from dogtag.dangerous_dogs import codes, deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.documents import notice as notice_document
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Impoundment,
    Incident,
)
from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    Kind,
    State,
    _decide,
    _designation_findings,
    _event,
    _in_order,
    _locked,
    _not_future,
    _refuse,
    _request_days,
    _require,
    _save,
    _stated,
)
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding, blocking
from dogtag.licensing.models import Dog
from dogtag.licensing.phones import normalise
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import write_history
from dogtag.records.refusals import service
from dogtag.records.services import city_params, next_number, record_decision

# ------------------------------------------------------------------------------ designation


@dataclass(frozen=True)
class IncidentFacts:
    """A.1.a: the date, time, place and facts of one incident, the date and time on Nowthen's
    clock; ``occurred_time`` is ``None`` while not known (the Notice waits for it)."""

    occurred_on: dt.date
    occurred_time: dt.time | None
    place: str
    facts: str


def evaluate_designation(criteria: Sequence[str], exemptions: Sequence[str]) -> list[Finding]:
    """dangerous_dog.exemption first, then the criteria of dangerous_dog.designation (Minn. Stat. 347.50
    subd. 2); no writes."""
    exempt = law.exemption(list(exemptions))
    return [exempt, law.criteria(list(criteria), exempt)]


@service
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
    """dangerous_dog.designation: the Animal Control Authority or Hearing Officer designates the dog
    dangerous on
    evidence that it meets a criterion, unless an exemption of A.6 applies (checked first)."""
    if authority == DangerousDogCase.Authority.HEARING_OFFICER:
        _require(actor, CONDUCT, "designate as the Hearing Officer")
    elif authority == DangerousDogCase.Authority.ANIMAL_CONTROL:
        _require(actor, DESIGNATE, "designate as the Animal Control Authority")
    else:
        raise Refused([steps.who_acts("designation", authority)])
    dog = Dog.objects.select_for_update(of=("self",)).select_related("owner").get(pk=dog.pk)
    _not_future(on, "The date of the designation")
    try:
        findings = evaluate_designation(criteria, exemptions)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if blocking(findings):
        raise Refused(findings)
    problems: list[str | Finding] = []
    if dog.status != Dog.Status.ACTIVE:
        problems.append(f"{dog.name} is recorded as {dog.get_status_display()}.")
    standing = DangerousDogCase.objects.filter(dog=dog).exclude(state=State.RESCINDED).first()
    if standing is not None:
        problems.append(
            f"{dog.name} already has dangerous-dog case {standing.number} "
            f"({standing.get_state_display()})."
        )
    problems += _stated("factual_basis", bool(factual_basis.strip()))
    for number, incident in enumerate(incidents, start=1):
        if incident.occurred_on > on:
            problems.append(f"Incident {number}: it cannot have happened after the designation.")
    # A.1.a: the notice states each incident's date, time, place and facts; a time not known
    # yet may follow, and the Notice does not issue without it (issue_notice)
    stated = law.notice_incidents(
        [
            notice_document.stated_incident(i.occurred_on, i.occurred_time, i.place, i.facts)
            for i in incidents
        ],
        time_may_follow=True,
    )
    if stated.blocks:
        problems.append(stated)
    if seized:
        problems += _stated(
            "designation_seizure_contact",
            bool(kept_at.strip() and contact_address.strip() and contact_phone.strip()),
        )
    for complaint in complaints:
        if not complaint.dogs.filter(pk=dog.pk).exists():
            problems.append(f"Complaint {complaint.number} is not about {dog.name}.")
    _refuse(problems)
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
    recorded = Incident.objects.bulk_create(
        Incident(
            case=case,
            occurred_on=i.occurred_on,
            occurred_time=i.occurred_time,
            place=i.place.strip(),
            facts=i.facts.strip(),
        )
        for i in incidents
    )
    for incident in recorded:  # the history starts with who recorded it (a time may follow)
        write_history(actor, "+", incident)
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


@service
def issue_notice(
    *, case: DangerousDogCase, on: dt.date, actor: AbstractBaseUser
) -> DangerousDogCase:
    """dangerous_dog.notice.contents: the Authority provides the written Notice of Dangerous Dog (the PDF
    is generated
    from the case: incidents, description, basis, official, seizure, requirements, the hearing
    request form). It does not issue unless it states the date, time, place and facts of each
    incident and every content of A.1.a (1)-(4), b, c, d, e and f, as the document prints them:
    the rules of the question ``dangerous-dog-notice``, asked of what is printed."""
    _require(actor, DESIGNATE, "issue the Notice of Dangerous Dog")
    case = _locked(case)
    _in_order(case, "notice")
    _not_future(on, "The date of the notice")
    if on < case.designated_on:
        raise ServiceError(
            f"The notice ({day_label(on)}) cannot come before the designation "
            f"({day_label(case.designated_on)})."
        )
    # A.1: the incidents' dates, times, places and facts, and (1)-(4), b-f, as printed
    incidents, contents = notice_document.printed(case, on)
    stated = law.notice_states(incidents, contents, city_params(), on)
    if blocking(stated):
        raise Refused(blocking(stated))
    findings = [*_designation_findings(case), *stated]
    decision = _decide(case, "notice", findings, on, actor)
    case.state = State.NOTICE_ISSUED
    case.notice_issued_on = on
    case.notice_issued_by = actor
    if not case.hearing_request_code:  # printed on the notice (the online request, A.1.c)
        case.hearing_request_code = codes.new_code()
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.NOTICE_ISSUED,
        summary="Notice of Dangerous Dog issued, with the pre-printed hearing request form "
        f"({P.span(P.NOTICE, P.NOTICE_COSTS)}). The {_request_days(on)} to request a hearing "
        "count from its service.",
        decision=decision,
    )
    return case


@service
def record_service(
    *,
    case: DangerousDogCase,
    served_on: dt.date,
    method: str,
    actor: AbstractBaseUser,
    served_person: str = "",
    served_address: str = "",
) -> DangerousDogCase:
    """dangerous_dog.notice: served personally on the owner, on a person of suitable age and discretion at
    the owner's residence, or by mail. Service upon any owner is effective as to all owners. The
    fourteen days of A.1.c count from the date of service (LEGAL-NOTES §6.5)."""
    _require(actor, DESIGNATE, "record the service of the notice")
    case = _locked(case)
    _in_order(case, "service")
    _not_future(served_on, "The date of service")
    assert case.notice_issued_on is not None
    problems: list[str | Finding] = []
    if served_on < case.notice_issued_on:
        problems.append(
            f"The notice cannot be served ({day_label(served_on)}) before it was issued "
            f"({day_label(case.notice_issued_on)})."
        )
    # A.1.a: in person, on a person of suitable age and discretion at the residence, or by mail
    served = law.notice_service(method, served_person=served_person, served_address=served_address)
    if served.blocks:
        problems.append(served)
    _refuse(problems)
    params = city_params()
    trigger = deadlines.notice_date(served_on, case.notice_issued_on, params)
    window = deadlines.request_window(trigger, params)
    assert window.deadline is not None
    decision = _decide(case, "service", [window, served], served_on, actor)
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
            + f". Service upon any owner is effective as to all owners ({P.sec(P.NOTICE)}). "
            + f"Last day to request a hearing: {day_label(window.deadline.due)}. "
            + window.message
        ),
        details={"method": method, "request_window_ends": window.deadline.due.isoformat()},
        decision=decision,
    )
    return case
