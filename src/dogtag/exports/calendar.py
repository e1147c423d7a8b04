"""The calendar feed (issue 13, item 4): hearings and deadlines as iCalendar (RFC 5545) events.

Dangerous-dog hearings (``dangerous_dog.hearing.requirements``) scheduled and not yet held, and
the open cases' deadlines; Planning & Zoning hearings on commercial kennel applications
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
from django.utils import timezone
from icalendar import Calendar, Event

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs.due import OPEN
from dogtag.dangerous_dogs.models import DangerousDogCase, Hearing
from dogtag.dangerous_dogs.queries import with_records
from dogtag.kennels.models import CommercialKennelApplication
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite_mapped, together
from dogtag.parcels.models import ComplianceNotice

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
