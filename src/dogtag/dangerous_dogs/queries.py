"""Reading dangerous-dog cases: the list, one case with everything its page shows, and the cases
that concern a dog, an owner or a parcel (for the warning banner on their pages)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs.models import CaseEvent, DangerousDogCase, Hearing, Registration
from dogtag.law.params import ParameterSet

#: States in which a dog is (or may become) a dangerous dog: the banner warns of these.
STANDING = (
    DangerousDogCase.State.DESIGNATED,
    DangerousDogCase.State.NOTICE_ISSUED,
    DangerousDogCase.State.SERVED,
    DangerousDogCase.State.HEARING_REQUESTED,
    DangerousDogCase.State.HEARING_SCHEDULED,
    DangerousDogCase.State.HEARING_HELD,
    DangerousDogCase.State.DANGEROUS,
    DangerousDogCase.State.REGISTERED,
    DangerousDogCase.State.DESTRUCTION_ORDERED,
    DangerousDogCase.State.REVOCATION_NOTICED,
    DangerousDogCase.State.REVOCATION_HEARD,
    DangerousDogCase.State.REVOKED,
)


def with_records(cases: QuerySet[DangerousDogCase]) -> QuerySet[DangerousDogCase]:
    """Cases with their dog, owner, hearings (and orders) and registrations, in a fixed number of
    queries."""
    return cases.select_related("dog", "owner", "designated_by").prefetch_related(
        Prefetch(
            "hearings", queryset=Hearing.objects.select_related("order").order_by("requested_on")
        ),
        Prefetch("registrations", queryset=Registration.objects.select_related("receipt")),
        "revocations",
        "impoundments",
        "reviews",
    )


def case_list() -> QuerySet[DangerousDogCase]:
    return with_records(DangerousDogCase.objects.order_by("-designated_on", "-id"))


def case_detail(number: str) -> DangerousDogCase:
    return with_records(
        DangerousDogCase.objects.prefetch_related(
            "incidents",
            "complaints",
            "pending",
            "inspections",
            "owner_notices",
            "reviews",
            "costs",
            "cost_payments",
            "rental_disclosures",
            "conditions_reviews",
            Prefetch(
                "events",
                queryset=CaseEvent.objects.select_related("by", "decision").order_by(
                    "on", "at", "id"
                ),
            ),
        )
    ).get(number=number)


def cases_for(
    *, dog: object = None, owner: object = None, parcel: object = None
) -> list[DangerousDogCase]:
    """The standing dangerous-dog cases of a dog, of an owner's dogs, or of the dogs of the owners
    living on a parcel (one query). For ``dangerous_dogs/_banner.html``: pass the result as
    ``dangerous_dog_cases``."""
    given = [x for x in (dog, owner, parcel) if x is not None]
    if len(given) != 1:
        raise TypeError("cases_for takes exactly one of dog=, owner=, parcel=")
    cases = DangerousDogCase.objects.filter(state__in=STANDING).select_related("dog", "owner")
    if dog is not None:
        cases = cases.filter(dog=dog)
    elif owner is not None:
        cases = cases.filter(dog__owner=owner)
    else:
        cases = cases.filter(dog__owner__parcel=parcel)
    return list(cases.order_by("dog__name", "number"))


@dataclass(frozen=True)
class DeadlineRow:
    title: str
    due: dt.date
    done_on: dt.date | None
    overdue: bool
    sections: tuple[str, ...]
    message: str
    explanation: tuple[str, ...]
    #: both values and which controls (incorporation.more_restrictive_controls), where the state
    #: sets the period too
    controlling: str = ""


def deadline_rows(case: DangerousDogCase, on: dt.date, params: ParameterSet) -> list[DeadlineRow]:
    """The case's deadlines as the page shows them: done, ahead, or overdue on ``on``."""
    rows = []
    for found in deadlines.case_deadlines(case, params):
        rows.append(
            DeadlineRow(
                title=found.title,
                due=found.due,
                done_on=found.done_on,
                overdue=found.overdue(on),
                sections=found.sections,
                message=found.finding.message,
                explanation=tuple(found.explanation),
                controlling=found.controlling_message,
            )
        )
    return rows
