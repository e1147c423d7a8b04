"""The dangerous-dog section of the due list (dangerous_dog.restrictions), registered in
``DangerousDogsConfig.ready``; listed only where the city in force has dangerous-dog law
(``records.law_parts``).

Every deadline of every open case that is ahead (within the due list's window) or overdue: the
last day to request a hearing, the hearing limit, the Hearing Officer's order, compliance after
the decision, registration (and the state's seizure trigger of Minn. Stat. 347.54 subd. 1 through
the city's incorporation, both shown with which controls) and sterilization (past it, the seizure
to sterilize), compliance for the release of an impounded dog, and the yearly renewal of each
registration. Each row explains how
its date was found (the deadline's lines from ``law.clocks.deadline``, Minn. Stat. 645.15).

A fixed number of queries however many cases: the cases with their dog and owner, their hearings
with orders, registrations, revocations, impoundments and reviews (``queries.with_records``).
When a review of the designation comes within the window, the day from which the owner may ask
for it (dangerous_dog.review) is listed too, never as overdue.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.urls import reverse

from dogtag.dangerous_dogs import deadlines, prose
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.dangerous_dogs.queries import with_records
from dogtag.law import dangerous_dog_clocks, wording
from dogtag.law import dangerous_dogs as law
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite_each
from dogtag.records.due import FAR_DAYS, DueRow, DueSection, owner_url
from dogtag.records.law_parts import law_has

OPEN = (
    DangerousDogCase.State.SERVED,
    DangerousDogCase.State.HEARING_REQUESTED,
    DangerousDogCase.State.HEARING_SCHEDULED,
    DangerousDogCase.State.HEARING_HELD,
    DangerousDogCase.State.DANGEROUS,
    DangerousDogCase.State.REGISTERED,
    DangerousDogCase.State.REVOCATION_NOTICED,
    DangerousDogCase.State.REVOCATION_HEARD,
    DangerousDogCase.State.REVOKED,
)


def _row(case: DangerousDogCase, url: str, **fields: object) -> DueRow:
    return DueRow(
        subject_id=case.pk,
        subject_name=f"{case.number} — {case.dog.name}",
        subject_url=url,
        owner_id=case.owner_id,
        owner_name=case.owner.name,
        owner_url=owner_url(case.owner_id),
        **fields,  # type: ignore[arg-type]
    )


def case_rows(on: dt.date, params: ParameterSet) -> Iterable[DueRow]:
    until = on + dt.timedelta(days=FAR_DAYS)
    cases = with_records(DangerousDogCase.objects.filter(state__in=OPEN).order_by("number"))
    for case in cases:
        url = reverse("dangerous_dog_case", args=[case.number])
        for found in deadlines.case_deadlines(case, params):
            if found.done_on is not None or found.due > until:
                continue
            if found.key == "hearing_request" and case.state != DangerousDogCase.State.SERVED:
                continue
            overdue = found.overdue(on)
            summary = f"{found.title}: {found.due:%Y-%m-%d}."
            if found.key == "hearing" and found.finding and overdue:
                hearing = case.designation_hearing
                if hearing is not None and hearing.extension_good_cause:
                    scheduled = hearing.scheduled_at
                    summary = (
                        f"Hearing extended for good cause to {scheduled:%Y-%m-%d}."
                        if scheduled
                        else summary
                    )
                    overdue = False
            days = wording.phrase(found.finding.parameters[0], "words_unit")
            if found.key == "sterilization" and overdue:
                summary += (
                    f" Not sterilized within the {days}: seize the dog and have it sterilized "
                    f"at the owner's expense ({P.within(P.STERILIZATION, params)})."
                )
            if found.key == "release_compliance" and overdue:
                summary += (
                    f" The {days} to comply for the dog's release have passed "
                    f"({P.within(P.RELEASE, params)})."
                )
            if found.key == "seizure_unregistered" and overdue:
                summary += (
                    f" Not registered and insured within the {found.finding.parameters[0].display()}"
                    f" after {dangerous_dog_clocks.counted_from(found.finding)}: the state's "
                    "seizure trigger is met (Minn. Stat. 347.54 subd. 1, through "
                    f"{P.sec(P.INCORPORATION, params=params)})."
                )
            if found.key == "hearing_request" and overdue:
                summary += (
                    " No written request: record that the designation stands "
                    f"({P.within(P.DESIGNATION_STANDS, params)})."
                )
            yield _row(
                case,
                url,
                date=found.due,
                overdue=overdue,
                sections=found.sections,
                summary=summary,
                explanation=(
                    found.finding.message,
                    *found.explanation,
                    *((found.controlling_message,) if found.controlling_message else ()),
                ),
            )
        if case.state in (DangerousDogCase.State.DANGEROUS, DangerousDogCase.State.REGISTERED):
            yield from _review_rows(case, url, on, until, params)
        registration = case.current_registration
        if registration is not None and registration.expires_on <= until:
            yield _row(
                case,
                url,
                date=registration.expires_on,
                overdue=registration.expires_on < on,
                sections=cite_each(P.RENEWAL, P.INSURANCE, params=params),
                summary=(
                    f"Certificate {registration.certificate_number} expires "
                    f"{registration.expires_on:%Y-%m-%d}: renew with fresh proof of insurance."
                ),
                explanation=(
                    f"Registered {registration.issued_on:%Y-%m-%d} for one year, through "
                    f"{registration.expires_on:%Y-%m-%d} "
                    f"({P.sec(P.REGISTRATION_FEE, P.RENEWAL, params=params)}).",
                    f"Insurance {registration.insurer} policy {registration.policy_number} "
                    f"expires {registration.insurance_expires_on:%Y-%m-%d} "
                    f"({P.sec(P.INSURANCE, params=params)}).",
                ),
                license_number=registration.certificate_number,
                license_url=url,
            )


def _review_rows(
    case: DangerousDogCase, url: str, on: dt.date, until: dt.date, params: ParameterSet
) -> Iterable[DueRow]:
    """The day from which the owner may next ask for a review of the designation, when
    it comes within the due list's window (it is a right of the owner's, never overdue)."""
    reviews = list(case.reviews.all())  # prefetched
    last = max((r.requested_on for r in reviews), default=None)
    eligibility, control = law.review_eligibility(
        case.designated_on, max(on, case.designated_on), params, last_review_requested_on=last
    )
    day = eligibility.next_date
    if day is None or day < on or day > until:
        return
    yield _row(
        case,
        url,
        date=day,
        overdue=False,
        sections=cite_each(P.REVIEW, params=params),
        summary=(
            f"The owner may ask in writing for a review of the designation from {day:%Y-%m-%d} "
            f"({P.sec(P.REVIEW, params=params)})."
        ),
        explanation=(eligibility.message, control.message),
    )


def _intro(on: dt.date, params: ParameterSet) -> str:
    """What the section lists, each period worded from the parameter its clock counts on ``on``."""

    def days(clock: str) -> str:
        return prose.days(f"dangerous_dog.{clock}", "words_unit", on, params)

    def cited(concept: str) -> str:
        return P.sec(concept, params=params)

    def part(concept: str) -> str:
        return P.within(concept, params)

    return (
        f"Every deadline of an open dangerous-dog case in the next {FAR_DAYS} days or passed: "
        f"the {days('hearing_request')} to request a hearing from the service of the notice "
        f"({cited(P.HEARING_REQUEST)}), the hearing within {days('hearing')} of the request "
        f"({part(P.HEARING)}), the order within {days('order')} of the hearing ({part(P.ORDER)}), "
        f"compliance {days('comply_after_decision')} after receipt of the decision "
        f"({part(P.INTERIM_COMPLIANCE)}), registration within {days('registration')} and "
        f"sterilization within {days('sterilization')} after the dog is deemed dangerous "
        f"({part(P.REGISTRATION)}, {part(P.STERILIZATION)}; past it, the seizure for "
        f"sterilization), the state's {days('seizure_unregistered')} after the notice to register "
        "and insure the dog, past which it is seized (Minn. Stat. 347.54 subd. 1, through "
        f"{cited(P.INCORPORATION)}: both registration clocks run, and the one ending first "
        f"controls), the {days('release_compliance')} an impounded dog's owner has to comply for "
        f"its release ({part(P.RELEASE)}), the yearly renewal ({part(P.RENEWAL)}), the revocation "
        f"hearing within {days('revocation_hearing')} of its notice ({part(P.REVOCATION_HEARING)}) "
        "and the time allowed to obtain the dog after revocation, at most "
        f"{days('revocation_reclaim')} ({part(P.REVOCATION_DISPOSITION)})."
    )


def dangerous_dog_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    if not law_has()["dangerous_dogs"]:
        return []  # the city in force has no dangerous-dog law: no section to list
    rows = sorted(case_rows(on, params), key=lambda r: (r.date or dt.date.max, r.subject_name))
    return [
        DueSection(
            key="dangerous_dogs",
            title="Dangerous dog cases: deadlines ahead and overdue",
            sections=cite_each(P.SECTION, params=params),
            intro=_intro(on, params),
            date_heading="Due",
            empty=f"No dangerous-dog deadline in the next {FAR_DAYS} days, and none overdue.",
            rows=tuple(rows),
            flag="Overdue",
            subject_heading="Case",
        )
    ]
