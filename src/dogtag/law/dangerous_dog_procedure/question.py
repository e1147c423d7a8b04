"""The question ``dangerous-dog-case``: the dated steps of a case as a city attorney knows them
from the file ("notice served on D1, no request, today D2"), and where the case stands.

The answer is the state with the steps allowed next, the clocks running with their day-by-day
explanations (once the dog is deemed dangerous, both registration clocks and which controls under
the incorporation of the state's sections), and the findings on each step of the path now.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_procedure.events import DISPOSITIONS, EVENT_KINDS
from dogtag.law.dangerous_dog_procedure.standing import standing
from dogtag.law.dangerous_dog_procedure.steps import PATH, RULE, STEPS
from dogtag.law.dangerous_dogs import DESTRUCTION_CRITERIA
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite

#: "restrictions imposed upon a Dangerous Dog under this Section": the section as a whole
RESTRICTIONS = "dangerous_dog.restrictions"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"


@facts
class CaseFacts:
    """The dated events of a dangerous-dog case so far, and the day asked about: what a city
    attorney knows from the file ("notice served on D1, no request, today D2")."""

    designated_on: dt.date = fact(
        "The day the dog was designated dangerous ({§dangerous_dog.designation})",
        unit="date",
        example="2026-10-26",
    )
    on: dt.date = fact(
        "The day asked about: where does the case stand on this day?",
        unit="date",
        example="2026-11-29",
    )
    notice_issued_on: dt.date | None = fact(
        "The day the Notice of Dangerous Dog was issued ({§dangerous_dog.notice.contents})",
        default=None,
        unit="date",
        example="2026-10-26",
    )
    served_on: dt.date | None = fact(
        "The day the notice was served on the owner ({§dangerous_dog.notice})",
        default=None,
        unit="date",
        example="2026-10-28",
    )
    hearing_requested_on: dt.date | None = fact(
        "The day the Authority received the owner's written request for a hearing "
        "({§dangerous_dog.notice.hearing_request})",
        default=None,
        unit="date",
        example="2026-11-02",
    )
    hearing_scheduled_on: dt.date | None = fact(
        "The day the hearing was scheduled ({§dangerous_dog.hearing})",
        default=None,
        unit="date",
        example="2026-11-03",
    )
    hearing_held_on: dt.date | None = fact(
        "The day the hearing was held ({§dangerous_dog.hearing.requirements})",
        default=None,
        unit="date",
        example="2026-11-12",
    )
    order_issued_on: dt.date | None = fact(
        "The day the Hearing Officer's order was issued ({§dangerous_dog.hearing.order})",
        default=None,
        unit="date",
        example="2026-11-16",
    )
    order_disposition: str | None = fact(
        "What the order disposed (with order_issued_on): upheld, upheld_custody, rescinded or "
        "destruction ({§dangerous_dog.hearing.order}, {§dangerous_dog.destruction})",
        default=None,
        unit="choice",
        example="upheld",
        choices=DISPOSITIONS,
    )
    designation_stands_on: dt.date | None = fact(
        "The day it was recorded that no hearing was requested and the designation stands "
        "({§dangerous_dog.notice.designation_stands})",
        default=None,
        unit="date",
        example="2026-11-13",
    )
    registered_on: dt.date | None = fact(
        "The day the Certificate of Registration issued ({§dangerous_dog.registration_requirements})",
        default=None,
        unit="date",
        example="2026-11-29",
    )
    order_findings: tuple[str, ...] = fact(
        "With order_disposition destruction: the criteria of {§dangerous_dog.destruction} (a, b "
        "and c) the "
        "written order finds; destruction is authorized only when it finds all three",
        default=(),
        unit="choice",
        choices=tuple(DESTRUCTION_CRITERIA),
    )
    log: tuple[Event, ...] = fact(
        "Further events of the case's log, each {kind, on, facts}, taken with the dates above in "
        "the order of their days: e.g. a request not in writing (hearing_requested with "
        "in_writing false), a second owner served (served with owner), a hearing rescheduled "
        "for good cause (hearing_scheduled with hearing_on and good_cause), a seizure pending "
        "the hearing (seized), an owner's notice (owner_notice with kind), costs and payments",
        default=(),
        choices=EVENT_KINDS,
        example=[{"kind": "hearing_requested", "on": "2026-10-30", "facts": {"in_writing": False}}],
        name="events",
    )

    def problems(self) -> list[str]:
        """What does not fit between the facts (reported by the question's parser)."""
        return case_facts_problems(self)

    def events(self) -> list[Event]:
        """The events in the order of the procedure (a later step's date is checked against the
        one before it)."""
        dated: list[tuple[str, dt.date | None, dict[str, JSONValue]]] = [
            ("designated", self.designated_on, {}),
            ("notice_issued", self.notice_issued_on, {}),
            ("served", self.served_on, {}),
            ("hearing_requested", self.hearing_requested_on, {}),
            ("hearing_scheduled", self.hearing_scheduled_on, {}),
            ("hearing_held", self.hearing_held_on, {}),
            (
                "order_issued",
                self.order_issued_on,
                {"disposition": self.order_disposition, "findings": list(self.order_findings)},
            ),
            ("designation_stands", self.designation_stands_on, {}),
            ("registered", self.registered_on, {}),
        ]
        given = [Event(kind, day, details) for kind, day, details in dated if day is not None]
        rank = {kind: n for n, kind in enumerate(EVENT_KINDS)}
        # the events of the log in the order of their days; on one day, in the procedure's order
        return sorted([*given, *self.log], key=lambda e: (e.on, rank.get(e.kind, len(rank))))


#: The facts a step needs before it: (fact, the facts it must come after).
_NEEDS = {
    "notice_issued_on": ("designated_on",),
    "served_on": ("notice_issued_on",),
    "hearing_requested_on": ("served_on",),
    "hearing_scheduled_on": ("hearing_requested_on",),
    "hearing_held_on": ("hearing_scheduled_on",),
    "order_issued_on": ("hearing_held_on",),
    "designation_stands_on": ("served_on",),
    "registered_on": ("order_issued_on", "designation_stands_on"),
}


def case_facts_problems(facts: CaseFacts) -> list[str]:
    """What does not fit: a step without the one before it, or dated before it, or after ``on``."""
    problems = []
    for name, before in _NEEDS.items():
        day = getattr(facts, name)
        if day is None:
            continue
        earlier = [getattr(facts, b) for b in before if getattr(facts, b) is not None]
        if not earlier:
            problems.append(f"{name}: given without {' or '.join(before)}")
        elif day < min(earlier):
            problems.append(f"{name}: is before {before[0]}")
    for f in dataclasses.fields(facts):
        day = getattr(facts, f.name)
        if isinstance(day, dt.date) and f.name != "on" and day > facts.on:
            problems.append(f"{f.name}: is after on")
    if (facts.order_issued_on is None) != (facts.order_disposition is None):
        problems.append("order_disposition: goes with order_issued_on")
    if facts.order_disposition is not None and facts.order_disposition not in DISPOSITIONS:
        problems.append(f"order_disposition: not one of {', '.join(DISPOSITIONS)}")
    if facts.hearing_requested_on is not None and facts.designation_stands_on is not None:
        problems.append(
            f"designation_stands_on: a hearing was requested ({cite(DESIGNATION_STANDS)})"
        )
    if facts.order_findings and facts.order_disposition != "destruction":
        problems.append("order_findings: go with order_disposition destruction")
    for index, event in enumerate(facts.log):
        if event.kind == "designated":
            problems.append(f"events[{index}]: the designation is designated_on")
        elif event.on < facts.designated_on:
            problems.append(f"events[{index}].on: is before designated_on")
        elif event.on > facts.on:
            problems.append(f"events[{index}].on: is after on")
    return problems


def where_it_stands(facts: CaseFacts, params: ParameterSet) -> list[Finding]:
    """The answer to "where does this case stand?": the state with the steps allowed next, the
    clocks running with their explanations, and the findings on each step of the path now."""
    found = standing(facts.events(), facts.on, params)
    allowed = [STEPS[k] for k in found.allowed]
    summary = Finding(
        rule=RULE,
        outcome=found.state,
        sections=tuple(dict.fromkeys(s.section for s in allowed)) or (cite(RESTRICTIONS),),
        message=(
            f"On {day_label(facts.on)} the case is {found.state_label}. "
            + (
                "Allowed next: " + "; ".join(f"{s.doing} ({s.section})" for s in allowed) + "."
                if allowed
                else "No step is open."
            )
        ),
        facts={"on": facts.on, "events": [e.kind for e in facts.events()]},
        details={"state": found.state, "allowed": list(found.allowed)},
    )
    path = [
        f for key in PATH.get(found.state, ()) for f in found.steps[key] if f.outcome != "in_order"
    ]
    return [summary, *found.flags, *found.deadlines, *found.controlling, *found.conduct, *path]
