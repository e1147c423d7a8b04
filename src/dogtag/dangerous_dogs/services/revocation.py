"""Revocation of the Certificate of Registration, after notice and hearing (dangerous_dog.revocation)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Inspection,
    Registration,
    Revocation,
)
from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    Kind,
    State,
    _decide,
    _event,
    _in_order,
    _locked,
    _must_state,
    _not_future,
    _refuse,
    _require,
    _save,
    _stated,
)
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params

# ----------------------------------------------------------------------------- revocation


def _revocation(case: DangerousDogCase) -> Revocation:
    revocation = case.revocations.order_by("-served_on", "-id").first()
    assert revocation is not None
    return Revocation.objects.select_for_update().get(pk=revocation.pk)


@service
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
    """dangerous_dog.revocation.hearing: the Authority serves a written notice of "the alleged reasons
    why the dog is
    not being kept in conformance", with "the date, time, and location of the Hearing", which
    "shall be held before a Hearing Officer within twenty (20) days of the date of the Notice"
    unless the Hearing Officer extends it for good cause."""
    _require(actor, DESIGNATE, "serve a notice of revocation")
    case = _locked(case)
    _in_order(case, "revocation_notice")
    _not_future(served_on, "The date of service")
    registration = case.current_registration
    if registration is None:
        raise ServiceError(f"Case {case.number} has no Certificate of Registration to revoke.")
    problems: list[str | Finding] = []
    problems += _stated("revocation_reasons", bool(reasons.strip()))
    if method not in DangerousDogCase.ServiceMethod.values:
        problems.append(f"{method!r} is not a way of serving the notice.")
    if timezone.is_naive(hearing_at):
        problems.append("The hearing time must carry the time zone.")
    elif timezone.localdate(hearing_at) <= served_on:
        problems.append("The hearing must come after the notice is served.")
    problems += _stated("revocation_place", bool(place.strip()))
    if inspection is not None and inspection.case_id != case.pk:
        problems.append("That inspection belongs to another case.")
    _refuse(problems)
    params = city_params()
    trigger = deadlines.notice_date(served_on, served_on, params)
    limit = deadline(params, trigger, clock_id="dangerous_dog.revocation_hearing")
    assert limit.deadline is not None
    day = timezone.localdate(hearing_at)
    if day > limit.deadline.due:
        in_time = steps.hearing_in_time(day, limit, good_cause=good_cause, revocation=True)
        if in_time.blocks:
            raise Refused([in_time])
        _require(
            actor,
            CONDUCT,
            f"extend the revocation hearing for good cause ({P.sec(P.REVOCATION_HEARING)})",
        )
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
            f"must be held by {day_label(limit.deadline.due)} ({P.sec(P.REVOCATION_HEARING)})."
        ),
        decision=decision,
    )
    return revocation


@service
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
    """dangerous_dog.revocation.hearing: the revocation hearing "shall comply with all the requirements
    as set forth
    in Section [dangerous_dog.hearing.requirements]": burden on the Authority, standard by A.2.f, order
    within ten days."""
    _require(actor, CONDUCT, "hold the revocation hearing")
    case = _locked(case)
    _in_order(case, "revocation_hearing")
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
    in_time = steps.hearing_in_time(
        held_on, limit, good_cause=revocation.extension_good_cause, revocation=True, held=True
    )
    if in_time.blocks:
        raise Refused([in_time])
    _must_state(
        "revocation_representation",
        bool(authority_represented_by.strip() and owner_represented_by.strip()),
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
        f"{day_label(due.deadline.due)} ({P.sec(P.ORDER)}, through {P.within(P.REVOCATION_HEARING)}).",
        decision=decision,
    )
    return revocation


@service
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
    """dangerous_dog.revocation.disposition: "If a Dangerous Dog Certificate of Registration is revoked
    following Hearing,
    the Hearing Officer shall order the dog disposed of immediately or, in the alternative,
    permit the Owner a reasonable time period, not to exceed thirty (30) days, to obtain the dog
    if the Owner is in compliance with all registration requirements." """
    _require(actor, CONDUCT, "decide the revocation")
    case = _locked(case)
    _in_order(case, "revocation_order")
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
    # B.6.a: revoked only following hearing, for the failure the notice alleged (or, E.6, an
    # inspection the owner did not permit)
    grounds = law.revocation(
        heard=revocation.held_on is not None,
        revoked=outcome != Revocation.Outcome.NOT_REVOKED,
        alleged_reasons=revocation.reasons,
        inspection_refused=revocation.inspection is not None
        and not revocation.inspection.permitted,
    )
    if grounds.blocks:
        raise Refused([grounds])
    findings: list[Finding] = [due, grounds]
    if outcome == Revocation.Outcome.RECLAIM:
        most = deadline(params, decided_on, clock_id="dangerous_dog.revocation_reclaim")
        assert most.deadline is not None
        reclaim = steps.revocation_reclaim(
            decided_on, reclaim_by, owner_in_compliance=owner_in_compliance, most=most
        )
        if reclaim.blocks:
            raise Refused([reclaim, most])
        findings.append(most)
        reclaim_by = reclaim_by or most.deadline.due
    else:
        _must_state("reclaim_day_only_with_reclaim", reclaim_by is None)
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
        summary += (
            f" The owner may obtain the dog through {day_label(reclaim_by)} "
            f"({P.sec(P.REVOCATION_DISPOSITION)})."
        )
    if revocation.order_late:
        summary += f" Issued late: due by {day_label(due.deadline.due)} ({P.sec(P.ORDER)})."
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
