"""The calendar feed (issue 13, item 4): hearings and deadlines as iCalendar (RFC 5545) events.

Dangerous-dog hearings (``dangerous_dog.hearing.requirements``) scheduled and not yet held, and
the open cases' deadlines; where the city's case is the dangerous-animal variant (Lino Lakes,
issue 27), the hearings set in its cases and not yet recorded held, the case's and a
forfeiture's (``dangerous_dog.hearing``, ``forfeiture.hearing``: a day, not a time); Planning &
Zoning hearings on commercial kennel applications
(``commercial_kennel.hearing``); compliance dates of notices not yet complied with
(``enclosure.compliance_notice``). A feed URL can be
forwarded or synced to a phone, so events name records by number and dog, never an owner or a
complainant (private data, ``licensing.data_practices``).

Times are the city's (``settings.TIME_ZONE``, America/Chicago): a hearing is written as its wall
time with ``TZID=America/Chicago`` and the calendar carries that zone's VTIMEZONE, so a calendar
program anywhere places it at the city's 18:00, on either side of a daylight-saving change.
Deadlines are days, not instants: all-day DATE values, the same day in every zone."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Prefetch
from django.utils import timezone
from icalendar import Calendar, Event

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import AnimalCase, AnimalCaseEvent
from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs.due import OPEN
from dogtag.dangerous_dogs.models import DangerousDogCase, Hearing
from dogtag.dangerous_dogs.queries import with_records
from dogtag.kennels.models import CommercialKennelApplication
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite_mapped, together
from dogtag.parcels.models import ComplianceNotice
from dogtag.records.law_parts import law_has

#: How long a hearing is shown in the calendar (the ordinance sets no length).
HEARING_LENGTH = dt.timedelta(hours=1)


@dataclass(frozen=True)
class Entry:
    uid: str
    summary: str
    start: dt.datetime | dt.date
    location: str = ""
    description: str = ""


#: The public hearing on a commercial kennel application, and the notice of compliance to a dog
#: enclosure (the package's sections.yaml)
KENNEL_HEARING = "commercial_kennel.hearing"
COMPLIANCE_NOTICE = "enclosure.compliance_notice"
#: the hearing on the owner's demand in a dangerous-animal case, and in its forfeiture
ANIMAL_HEARING = "dangerous_dog.hearing"
FORFEITURE_HEARING = "forfeiture.hearing"
HEARINGS_SET = ("hearing_set", "forfeiture_hearing_set")


def _cited(words: str, concept: str) -> str:
    """``words``, with the section stating ``concept`` where the city in force has one."""
    sections = together(cite_mapped(concept))
    return f"{words} ({sections})." if sections else f"{words}."


def entries(params: ParameterSet) -> Iterator[Entry]:
    """Every upcoming or outstanding hearing and deadline, in a fixed number of queries; the
    dangerous-dog clocks (the hearing request, the hearing, ...) from ``dangerous_dogs.deadlines``,
    as the due list counts them."""
    hearings = Hearing.objects.select_related("case__dog").filter(
        scheduled_at__isnull=False, held_on__isnull=True
    )
    for h in hearings:
        assert h.scheduled_at is not None
        yield Entry(
            uid=f"dd-hearing-{h.pk}",
            summary=f"Dangerous-dog hearing: case {h.case.number} ({h.case.dog.name})",
            start=h.scheduled_at,
            location=h.place,
            description=f"{h.get_kind_display()}.",
        )
    cases = with_records(DangerousDogCase.objects.filter(state__in=OPEN).order_by("number"))
    for case in cases:
        for found in deadlines.case_deadlines(case, params):
            if found.done_on is not None:
                continue
            if found.key == "hearing_request" and case.state != DangerousDogCase.State.SERVED:
                continue
            yield Entry(
                uid=f"dd-{case.pk}-{found.key}",
                summary=f"Due: {found.title}: case {case.number} ({case.dog.name})",
                start=found.due,
                description=found.controlling_message or found.finding.message,
            )
    if law_has()["dangerous_animals"]:
        yield from _animal_hearings()
    applications = CommercialKennelApplication.objects.filter(hearing_at__isnull=False)
    for a in applications:
        assert a.hearing_at is not None
        yield Entry(
            uid=f"kennel-hearing-{a.pk}",
            summary=f"Commercial kennel hearing: application {a.number}",
            start=a.hearing_at,
            location=a.hearing_place,
            description=_cited(
                "Planning & Zoning Commission hearing on the application", KENNEL_HEARING
            ),
        )
    notices = ComplianceNotice.objects.filter(complied_on__isnull=True)
    for n in notices:
        yield Entry(
            uid=f"compliance-{n.pk}",
            summary=f"Compliance due: notice {n.number}",
            start=n.comply_by,
            description=_cited(
                "The last day to bring the enclosure into compliance", COMPLIANCE_NOTICE
            ),
        )


def _animal_hearings() -> Iterator[Entry]:
    """The hearings set in dangerous-animal cases and not yet recorded held, in two queries: the
    cases with a hearing set, and their events."""
    cases = (
        AnimalCase.objects.filter(
            pk__in=AnimalCaseEvent.objects.filter(kind__in=HEARINGS_SET).values("case")
        )
        .prefetch_related(Prefetch("events", queryset=AnimalCaseEvent.objects.order_by("on", "id")))
        .order_by("number")
    )
    for case in cases:
        for event, day in standing.pending_hearings(list(case.events.all())):
            of_case = event.kind == "hearing_set"
            yield Entry(
                uid=f"da-hearing-{event.pk}",
                summary=(
                    f"{'Dangerous-animal' if of_case else 'Forfeiture'} hearing: "
                    f"case {case.number} ({case.animal})"
                ),
                start=day,
                description=_cited(
                    "The hearing on the owner's demand, on the day the hearing officer set",
                    ANIMAL_HEARING if of_case else FORFEITURE_HEARING,
                ),
            )


def feed(now: dt.datetime, params: ParameterSet) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Dogtag//Hearings and deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", "Dogtag: hearings and deadlines")
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    host = getattr(settings, "DOGTAG_CALENDAR_DOMAIN", "dogtag.invalid")
    for entry in entries(params):
        event = Event()
        event.add("uid", f"{entry.uid}@{host}")
        event.add("dtstamp", now)
        event.add("summary", entry.summary)
        if isinstance(entry.start, dt.datetime):
            # the database gives UTC: written in the city's zone, with its VTIMEZONE below
            start = timezone.localtime(entry.start)
            event.add("dtstart", start)
            event.add("dtend", timezone.localtime(entry.start + HEARING_LENGTH))
        else:
            event.add("dtstart", entry.start)
            event.add("dtend", entry.start + dt.timedelta(days=1))
        if entry.location:
            event.add("location", entry.location)
        if entry.description:
            event.add("description", entry.description)
        calendar.add_component(event)
    calendar.add_missing_timezones()  # the VTIMEZONE of every TZID used
    return calendar.to_ical()
