"""Keeping a dangerous dog: inspections and the seizure after a refused one (dangerous_dog.inspection),
disclosure to the property owner (E.3) and the review of the conditions (E.7)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    ConditionsReview,
    DangerousDogCase,
    Impoundment,
    Inspection,
    RentalDisclosure,
)
from dogtag.dangerous_dogs.services._common import (
    CONDUCT,
    DESIGNATE,
    Kind,
    _decide,
    _event,
    _in_order,
    _locked,
    _must_state,
    _not_future,
    _refuse,
    _require,
    _stated,
)
from dogtag.dangerous_dogs.services.impoundment import impound, open_impoundment
from dogtag.law import dangerous_dog_steps as steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params

# ---------------------------------------------------------------------------- inspections


@service
def record_inspection(
    *,
    case: DangerousDogCase,
    on: dt.date,
    permitted: bool,
    notes: str,
    actor: AbstractBaseUser,
    compliant: bool | None = None,
) -> Inspection:
    """dangerous_dog.inspection: the owner "shall permit the Animal Control Authority and/or Law
    Enforcement to
    enter the property ... to inspect the premises"; a refusal "is, by itself, a ground to
    immediately seize the dog ... and revoke the Dangerous Dog registration"."""
    _require(actor, DESIGNATE, "record an inspection")
    case = _locked(case)
    _in_order(case, "inspection")
    _not_future(on, "The date of the inspection")
    if not notes.strip():
        raise ServiceError("Say what was inspected and found (or how entry was refused).")
    if permitted:
        _must_state("inspection_compliance", compliant is not None)
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


def inspection_seizure_finding(case: DangerousDogCase, on: dt.date) -> Finding:
    """The rules core on seizing the dog on ``on`` after a refused inspection (E.6): the last
    inspection refused on or before ``on``, one permitted after it, and whether the dog is held."""
    refused_on = permitted_on = None
    for inspection in case.inspections.order_by("on", "id"):
        if inspection.on > on:
            continue
        if not inspection.permitted:
            refused_on, permitted_on = inspection.on, None
        elif refused_on is not None and permitted_on is None:
            permitted_on = inspection.on
    held = case.seized and open_impoundment(case) is not None
    return law.inspection_seizure(refused_on, on, permitted_on=permitted_on, held=held)


@service
def seize_after_refused_inspection(
    *,
    case: DangerousDogCase,
    seized_on: dt.date,
    kept_at: str,
    contact_address: str,
    contact_phone: str,
    actor: AbstractBaseUser,
) -> Impoundment:
    """dangerous_dog.inspection: "The failure of an Owner to permit such inspection is, by itself, a ground to
    immediately seize the dog pursuant to Section [dangerous_dog.seizure] ... and revoke the Dangerous Dog
    registration pursuant to Section [dangerous_dog.revocation]". Refused without a refusal on record,
    after an
    inspection permitted since, or while the dog is held. The dog is then released only under
    B.4; the revocation takes its own notice and hearing (B.6.b)."""
    _require(actor, DESIGNATE, "seize the dog after a refused inspection")
    case = _locked(case)
    _in_order(case, "inspection_seizure")
    _not_future(seized_on, "The date of the seizure")
    found = inspection_seizure_finding(case, seized_on)
    if found.blocks:
        raise Refused([found])
    problems: list[str | Finding] = list(
        _stated(
            "sterilization_seizure_contact",
            bool(kept_at.strip() and contact_address.strip() and contact_phone.strip()),
        )
    )
    _refuse(problems)
    decision = _decide(case, "inspection_seizure", [found], seized_on, actor)
    held = impound(
        case,
        Impoundment.Reason.INSPECTION,
        seized_on,
        kept_at=kept_at,
        contact_address=contact_address,
        contact_phone=contact_phone,
        actor=actor,
    )
    release = deadlines.release_due(seized_on, city_params())
    assert release.deadline is not None
    revoke = (
        f" Serve a notice of revocation to revoke the registration ({P.sec(P.REVOCATION_HEARING)})."
        if case.state == DangerousDogCase.State.REGISTERED
        else ""
    )
    _event(
        case,
        on=seized_on,
        actor=actor,
        kind=Kind.INSPECTION_SEIZURE,
        summary=(
            f"{found.message} Seized {day_label(seized_on)}, kept at {held.kept_at}. Released "
            f"only under {P.sec(P.RELEASE)}: the owner has through {day_label(release.deadline.due)} to "
            f"comply.{revoke}"
        ),
        details={"impoundment": held.pk, "refused_on": str(found.facts["refused_on"])},
        decision=decision,
    )
    return held


# ------------------------------------------------------------------------- E.3 rental disclosure


@service
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
    """dangerous_dog.rental_disclosure: the owner who rents discloses to the property owner "prior to
    when the dog
    begins to reside on the property, or prior to entering the lease agreement, and at the time of
    any lease renewal". A late disclosure is recorded and marked late (a violation, which counts
    for E.7)."""
    _require(actor, DESIGNATE, "record a disclosure to the property owner")
    case = _locked(case)
    _in_order(case, "rental_disclosure")
    _not_future(disclosed_on, "The date of the disclosure")
    problems: list[str | Finding] = []
    if (named := steps.provided_for("rental_occasion", occasion, law.RENTAL_OCCASIONS)).blocks:
        problems.append(named)
    if not property_owner.strip() or not property_address.strip():
        problems.append("Name the property owner told and the property where the dog resides.")
    if occasion == RentalDisclosure.Occasion.RENEWAL and began_residing_on is not None:
        problems.append("The day the dog began to reside goes with a new lease, not a renewal.")
    _refuse(problems)
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
            f"inspection refused ({P.sec(P.INSPECTION)})"
            if not i.permitted
            else f"inspection found the dog not kept in compliance ({P.sec(P.INSPECTION)})",
        )
        for i in case.inspections.all()
        if i.on <= on and (not i.permitted or i.compliant is False)
    ]
    found += [
        (d.disclosed_on, f"late disclosure to the property owner ({P.sec(P.RENTAL_DISCLOSURE)})")
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


@service
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
    """dangerous_dog.conditions_review: "If, in reviewing the conditions for keeping a Dangerous Dog
    there have been no
    ordinance violations for a period of two (2) years, the Animal Control Authority or Hearing
    Officer may use discretion in determining whether the conditions set forth above are still
    required." Allowed only when the rules core finds the two years; the decision (conditions
    kept, or which are relaxed) is the reviewer's discretion, with the reasons."""
    if reviewer == DangerousDogCase.Authority.HEARING_OFFICER:
        _require(actor, CONDUCT, "review the conditions as the Hearing Officer")
    elif reviewer == DangerousDogCase.Authority.ANIMAL_CONTROL:
        _require(actor, DESIGNATE, "review the conditions as the Animal Control Authority")
    else:
        raise Refused([steps.who_acts("conditions_review", reviewer)])
    case = _locked(case)
    _in_order(case, "conditions_review")
    _not_future(reviewed_on, "The date of the review")
    if last_violation_on is not None and last_violation_on > reviewed_on:
        raise ServiceError("The last violation cannot come after the review.")
    problems: list[str | Finding] = []
    if (named := steps.provided_for("condition", relaxed, law.CONDITIONS)).blocks:
        problems.append(named)
    if outcome not in ConditionsReview.Outcome.values:
        problems.append(f"{outcome!r} is not an outcome of the review.")
    elif outcome == ConditionsReview.Outcome.RELAXED and not relaxed:
        problems.append("Name the conditions no longer required.")
    elif outcome == ConditionsReview.Outcome.KEPT and relaxed:
        problems.append("Conditions kept: none is relaxed.")
    problems += _stated("conditions_reasons", bool(reasons.strip()))
    _refuse(problems)
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
        # the conditions in the words of E, with the values in force that day
        params = city_params()
        parts = [law.condition(k, params, reviewed_on) for k in law.CONDITIONS if k in relaxed]
        which = "; ".join(f"{words} ({section})" for section, words in parts)
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
