"""The dangerous-dog section of the due list (City Code 3-2-9), registered in
``DangerousDogsConfig.ready``.

Every deadline of every open case that is ahead (within the due list's window) or overdue: the
last day to request a hearing (A.1.c), the hearing limit (A.2.a), the Hearing Officer's order
(A.2.g), compliance after the decision (A.1.d), registration (B.2, and the state's seizure
trigger of Minn. Stat. 347.54 subd. 1 through 3-2-8, both shown with which controls) and
sterilization (B.3.g; past it, the seizure to sterilize), compliance for the release of an
impounded dog (B.4), and the yearly renewal of each registration (B.7). Each row explains how
its date was found (the deadline's lines from ``law.clocks.deadline``, Minn. Stat. 645.15).

A fixed number of queries however many cases: the cases with their dog and owner, their hearings
with orders, registrations, revocations, impoundments and reviews (``queries.with_records``).
When a review of the designation comes within the window, the day from which the owner may ask
for it (A.7) is listed too, never as overdue.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.urls import reverse

from dogtag.dangerous_dogs import deadlines, prose
from dogtag.dangerous_dogs.models import DangerousDogCase
from dogtag.dangerous_dogs.queries import with_records
from dogtag.law import dangerous_dog_clocks, wording
from dogtag.law import dangerous_dogs as law
from dogtag.law.params import ParameterSet
from dogtag.records.due import FAR_DAYS, DueRow, DueSection, owner_url

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
                    "at the owner's expense (B.3.g)."
                )
            if found.key == "release_compliance" and overdue:
                summary += f" The {days} to comply for the dog's release have passed (B.4)."
            if found.key == "seizure_unregistered" and overdue:
                summary += (
                    f" Not registered and insured within the {found.finding.parameters[0].display()}"
                    f" after {dangerous_dog_clocks.counted_from(found.finding)}: the state's "
                    "seizure trigger is met (Minn. Stat. 347.54 subd. 1, through 3-2-8)."
                )
            if found.key == "hearing_request" and overdue:
                summary += " No written request: record that the designation stands (A.1.e)."
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
                sections=("3-2-9.B.7", "3-2-9.B.3.c"),
                summary=(
                    f"Certificate {registration.certificate_number} expires "
                    f"{registration.expires_on:%Y-%m-%d}: renew with fresh proof of insurance."
                ),
                explanation=(
                    f"Registered {registration.issued_on:%Y-%m-%d} for one year, through "
                    f"{registration.expires_on:%Y-%m-%d} (3-2-9.B.5, B.7).",
                    f"Insurance {registration.insurer} policy {registration.policy_number} "
                    f"expires {registration.insurance_expires_on:%Y-%m-%d} (3-2-9.B.3.c).",
                ),
                license_number=registration.certificate_number,
                license_url=url,
            )


def _review_rows(
    case: DangerousDogCase, url: str, on: dt.date, until: dt.date, params: ParameterSet
) -> Iterable[DueRow]:
    """3-2-9.A.7: the day from which the owner may next ask for a review of the designation, when
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
        sections=("3-2-9.A.7",),
        summary=(
            f"The owner may ask in writing for a review of the designation from {day:%Y-%m-%d} "
            "(3-2-9.A.7)."
        ),
        explanation=(eligibility.message, control.message),
    )


def _intro(on: dt.date, params: ParameterSet) -> str:
    """What the section lists, each period worded from the parameter its clock counts on ``on``."""

    def days(clock: str) -> str:
        return prose.days(f"dangerous_dog.{clock}", "words_unit", on, params)

    return (
        f"Every deadline of an open dangerous-dog case in the next {FAR_DAYS} days or passed: "
        f"the {days('hearing_request')} to request a hearing from the service of the notice "
        f"(3-2-9.A.1.c), the hearing within {days('hearing')} of the request (A.2.a), the order "
        f"within {days('order')} of the hearing (A.2.g), compliance {days('comply_after_decision')}"
        " after receipt of the decision (A.1.d), registration within "
        f"{days('registration')} and sterilization within {days('sterilization')} after the dog "
        "is deemed dangerous (B.2, B.3.g; past it, the seizure for sterilization), the state's "
        f"{days('seizure_unregistered')} after the notice to register and insure the dog, past "
        "which it is seized (Minn. Stat. 347.54 subd. 1, through 3-2-8: both registration clocks "
        f"run, and the one ending first controls), the {days('release_compliance')} an impounded "
        "dog's owner has to comply for its release (B.4), the yearly renewal (B.7), the "
        f"revocation hearing within {days('revocation_hearing')} of its notice (B.6.b) and the "
        "time allowed to obtain the dog after revocation, at most "
        f"{days('revocation_reclaim')} (B.6.c)."
    )


def dangerous_dog_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    rows = sorted(case_rows(on, params), key=lambda r: (r.date or dt.date.max, r.subject_name))
    return [
        DueSection(
            key="dangerous_dogs",
            title="Dangerous dog cases: deadlines ahead and overdue",
            sections=("3-2-9",),
            intro=_intro(on, params),
            date_heading="Due",
            empty=f"No dangerous-dog deadline in the next {FAR_DAYS} days, and none overdue.",
            rows=tuple(rows),
            flag="Overdue",
            subject_heading="Case",
        )
    ]
