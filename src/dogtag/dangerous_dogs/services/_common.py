"""What every stage of the dangerous-dog case shares: the roles, locking, the order of steps
(asked of ``dangerous_dog.procedure``), the events and decisions each step writes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs.models import (
    CaseEvent,
    DangerousDogCase,
)
from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.models import Decision
from dogtag.records.services import city_params, record_decision, today

DESIGNATE = "records.designate_dangerous_dog"
CONDUCT = "records.conduct_hearing"
State = DangerousDogCase.State
Kind = CaseEvent.Kind
#: States in which the dog is a dangerous dog kept in the City (the E requirements apply).
KEPT = procedure.KEPT


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


def case_events(case: DangerousDogCase) -> list[procedure.Event]:
    """The case's dated events, in the order they were recorded, as the rules core reads them.
    A review decided before its event carried the outcome gets it from the review's record."""
    outcomes = iter(
        case.reviews.filter(decided_on__isnull=False)
        .order_by("decided_on", "id")
        .values_list("outcome", flat=True)
    )
    events = []
    for kind, on, details in case.events.order_by("id").values_list("kind", "on", "details"):
        if kind == Kind.REVIEW_DECIDED and "outcome" not in details:
            details = {**details, "outcome": next(outcomes, "")}
        elif kind == Kind.REVIEW_DECIDED:
            next(outcomes, "")
        events.append(procedure.Event(kind=kind, on=on, facts=details))
    return events


def case_standing(
    case: DangerousDogCase,
    on: dt.date | None = None,
    circumstances: procedure.Circumstances | None = None,
) -> procedure.Standing:
    """Where the case stands on ``on`` (today if not given), from its events (dangerous_dog.restrictions)."""
    return procedure.standing(
        case_events(case),
        on or today(),
        city_params(),
        circumstances or procedure.Circumstances(),
        number=case.number,
    )


def _in_order(case: DangerousDogCase, step: str) -> Finding:
    """The rules core's finding on taking ``step`` in the case's state; refused if out of order."""
    finding = case_standing(case).order[step]
    if finding.blocks:
        raise Refused([finding])
    return finding


def _disposition(disposition: str, sought: bool, case: DangerousDogCase) -> Finding:
    return steps.order_disposition(
        disposition, destruction_sought=sought, in_custody=case.seized, kept_at=case.kept_at
    )


def _request_days(on: dt.date) -> str:
    """ "fourteen days": the days to request a hearing (A.1.c), from the parameter in force."""
    days = city_params().get("dangerous_dog.hearing_request_days", on)
    return f"{steps.in_words(days.integer)} days"


def _refuse(problems: Sequence[str | Finding]) -> None:
    """Refuse with the problems found: what is not law (a missing description, dates out of
    order) first, as a plain ``ServiceError`` that cites nothing; else the rules core's blocking
    findings as ``Refused``, which stores its Decision (issue 11: a refusal that is law is a
    finding, never a plain error)."""
    plain = [p for p in problems if isinstance(p, str)]
    if plain:
        raise ServiceError(" ".join(plain))
    findings = [p for p in problems if isinstance(p, Finding)]
    if findings:
        raise Refused(findings)


def _stated(requirement: str, stated: bool) -> list[Finding]:
    """The blocking finding when a record does not state what the ordinance requires, else none."""
    finding = steps.record_states(requirement, stated=stated)
    return [finding] if finding.blocks else []


def _must_state(requirement: str, stated: bool) -> None:
    """Refused, with the section, when the record does not state what the ordinance requires."""
    finding = steps.record_states(requirement, stated=stated)
    if finding.blocks:
        raise Refused([finding])


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
