"""Review of the designation (dangerous_dog.review)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    DangerousDogCase,
    Registration,
    Review,
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
from dogtag.law.findings import Finding, blocking
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params

# ------------------------------------------------------------------------------- review A.7

#: The factors of A.7, the rules core's (kept here for the forms and the pages).
REVIEW_FACTORS = law.REVIEW_FACTORS


@service
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
    """dangerous_dog.review: "Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner may
    request annually in writing that the Animal Control Authority or the Hearing Officer review
    the designation. The Owner must provide evidence that the dog's behavior has changed ...". The
    eligibility (Nowthen's year controls over the state's six months, incorporation.state_statutes) is
    the rules
    core's."""
    _require(actor, DESIGNATE, "receive a request to review the designation")
    case = _locked(case)
    _in_order(case, "review_request")
    _not_future(requested_on, "The date of the request")
    assert case.deemed_on is not None
    problems: list[str | Finding] = []
    problems += _stated("review_in_writing", in_writing)
    for term, given, named in (
        ("reviewer", reviewer, Review.Reviewer.values),
        ("review_factor", factors, REVIEW_FACTORS),
    ):
        if (provided := steps.provided_for(term, given, named)).blocks:
            problems.append(provided)
    problems += _stated("review_evidence", bool(factors and evidence.strip()))
    if case.reviews.filter(decided_on__isnull=True).exists():
        problems.append("A review of this designation is already pending.")
    _refuse(problems)
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
            + f" The person requesting the review is responsible for its actual costs ({P.sec(P.REVIEW)})."
        ),
        decision=decision,
    )
    return review


@service
def decide_review(
    *,
    case: DangerousDogCase,
    decided_on: dt.date,
    outcome: str,
    findings: str,
    actor: AbstractBaseUser,
) -> Review:
    """dangerous_dog.review: "If the Animal Control Authority or Hearing Officer finds sufficient evidence
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
    _must_state("review_findings", bool(findings.strip()))
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
        details={"outcome": outcome},
        decision=decision,
    )
    return review
