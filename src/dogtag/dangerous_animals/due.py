"""The dangerous-animal section of the due list (issue 27), registered in
``DangerousAnimalsConfig.ready``; listed only where the city's law is the dangerous-animal
variant of the case (``records.law_parts``: Lino Lakes, not Nowthen).

Every step of a case due within the due list's window or overdue, each dated by the rules core's
clocks (``law.dangerous_animal_procedure``, counted by ``law.clocks``, never here): the owner's
days to appeal while they run, the hearing to set within its days of the demand (past them,
overdue), proof of insurance within its days of the request, the same two of a forfeiture, and
a hearing set and not yet recorded held (past its day, overdue). Two queries however many cases:
the cases with their owners, and their events.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db.models import Prefetch
from django.urls import reverse

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase, AnimalCaseEvent
from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.law import wording
from dogtag.law.clocks import period
from dogtag.law.dangerous_animal_procedure import case as animal_case
from dogtag.law.dangerous_animal_procedure import forfeiture, steps
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite, cite_each
from dogtag.records.due import FAR_DAYS, DueRow, DueSection, owner_url
from dogtag.records.law_parts import law_has

#: what each clock's deadline asks for, by the rule of its finding (the clock's, or the
#: procedure's when the hearing's days have passed with none set)
STEPS = {
    "dangerous_dog.hearing_request": "The owner's days to appeal end (a request for a hearing)",
    "dangerous_dog.hearing": "Set the hearing (demanded)",
    animal_case.RULE: "Set the hearing (demanded)",
    "dangerous_dog.insurance_proof": "Proof of public liability insurance due (requested)",
    "forfeiture.hearing_request": "The owner's days to appeal the forfeiture end",
    "forfeiture.hearing": "Set the forfeiture hearing (demanded)",
    forfeiture.RULE: "Set the forfeiture hearing (demanded)",
}


def cases(on: dt.date) -> Iterable[AnimalCase]:
    """The cases designated by ``on``, with their owners and events (in the order recorded)."""
    return (
        AnimalCase.objects.filter(designated_on__lte=on)
        .select_related("owner")
        .prefetch_related(Prefetch("events", queryset=AnimalCaseEvent.objects.order_by("on", "id")))
        .order_by("number")
    )


def _row(case: AnimalCase, **fields: object) -> DueRow:
    return DueRow(
        subject_id=case.pk,
        subject_name=f"{case.number} — {case.description} ({case.animal})",
        subject_url=reverse("dangerous_animal_case", args=[case.number]),
        owner_id=case.owner_id,
        owner_name=case.owner.name,
        owner_url=owner_url(case.owner_id),
        **fields,  # type: ignore[arg-type]
    )


def _clock_row(case: AnimalCase, found: Finding, on: dt.date) -> DueRow:
    assert found.deadline is not None
    due = found.deadline.due
    overdue = found.outcome == "overdue" or due < on
    return _row(
        case,
        date=due,
        overdue=overdue,
        sections=found.sections,
        summary=f"{STEPS[found.rule]}: {due:%Y-%m-%d}.",
        explanation=(found.message, *found.deadline.explanation),
    )


def _hearing_row(
    case: AnimalCase, event: AnimalCaseEvent, day: dt.date, on: dt.date, params: ParameterSet
) -> DueRow:
    of_case = event.kind == "hearing_set"
    what = "The hearing" if of_case else "The forfeiture hearing"
    cited = cite(steps.HEARING if of_case else steps.FORFEITURE_HEARING, params)
    summary = f"{what} is set for {day:%Y-%m-%d}"
    summary += ": past, and not recorded held." if day < on else ": hold it, then record it held."
    return _row(
        case,
        date=day,
        overdue=day < on,
        sections=(cited,),
        summary=summary,
        explanation=(
            f"The hearing officer set the hearing on {event.on:%Y-%m-%d} for {day:%Y-%m-%d} "
            f"({cited}).",
        ),
    )


def case_rows(on: dt.date, params: ParameterSet) -> Iterable[DueRow]:
    until = on + dt.timedelta(days=FAR_DAYS)
    for case in cases(on):
        events = list(case.events.all())  # prefetched, in the order recorded
        state, fstate = standing.procedures(case, on, params, standing.log_up_to(events, on))
        for found in (*state.deadlines, *fstate.deadlines):
            if found.deadline is None or found.deadline.due > until:
                continue  # due before the release (no day), or beyond the window
            yield _clock_row(case, found, on)
        if state.state == "destroyed":
            continue
        for event, day in standing.pending_hearings([e for e in events if e.on <= on]):
            if day <= until:
                yield _hearing_row(case, event, day, on, params)


def _intro(on: dt.date, params: ParameterSet) -> str:
    def days(clock: str) -> str:
        return wording.phrase(period(clock, on, params), "words_unit")

    def cited(*concepts: str) -> str:
        return ", ".join(cite_each(*concepts, params=params))

    return (
        f"Every step of a dangerous-animal case due in the next {FAR_DAYS} days or passed: the "
        f"{days('dangerous_dog.hearing_request')} the owner has to appeal after being notified "
        f"({cited(steps.HEARING_REQUEST)}), the hearing to set within "
        f"{days('dangerous_dog.hearing')} of the demand ({cited(steps.HEARING)}), proof of "
        f"insurance within {days('dangerous_dog.insurance_proof')} of the request "
        f"({cited(steps.INSURANCE_PROOF)}), the appeal of a forfeiture within "
        f"{days('forfeiture.hearing_request')} of its notice and its hearing within "
        f"{days('forfeiture.hearing')} of the demand "
        f"({cited(steps.FORFEITURE_HEARING_REQUEST, steps.FORFEITURE_HEARING)}), and each "
        "hearing set and not yet recorded held."
    )


def dangerous_animal_sections(on: dt.date, params: ParameterSet) -> list[DueSection]:
    if not law_has()["dangerous_animals"]:
        return []  # the city's case is not the dangerous-animal variant: no section to list
    rows = sorted(
        case_rows(on, params), key=lambda r: (r.date or dt.date.max, r.subject_name, r.summary)
    )
    return [
        DueSection(
            key="dangerous_animals",
            title="Dangerous animal cases: steps due and overdue",
            sections=cite_each(procedure.DESIGNATION, params=params),
            intro=_intro(on, params),
            date_heading="Due",
            empty=f"No dangerous-animal step due in the next {FAR_DAYS} days, and none overdue.",
            rows=tuple(rows),
            flag="Overdue",
            subject_heading="Case",
        )
    ]
