"""Reading a dangerous-dog case's dated events: the state they lead to, "the date of the
Notice", the day the dog was deemed dangerous, and whether a review is pending.

Each event is a ``law.procedure.Event`` (the one Event type of every procedure): a ``CaseEvent``
kind, its day, and its facts (an order's ``disposition``, a revocation order's or review's
``outcome``, an owner's notice's ``closes_case``).

Readings applied here (LEGAL-NOTES §6.5, ``readings.notice_date``; ``readings.deemed_dangerous_day``):
"the date of the Notice" is the date of the first service after the notice issued (service upon
any owner is effective as to all owners, A.1.a) unless the reading in force says the date written
on the notice; a dog is "deemed" dangerous by the Animal Control Authority on the day of its
designation when no hearing is held (the designation "will stand", A.1.e), or by the Hearing
Officer on the day of the order upholding it (B.2: "as applicable").

``classify`` reads the strays first: a request for a hearing that is not in writing, or received
after the days of A.1.c, is kept in the log as what it is (``oral_hearing_request``,
``late_hearing_request``) and does not move the case; an order of destruction without the written
findings of A.3 is kept as ``order_not_authorized`` and the order stays due. Each comes with the
finding that says why.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law import dangerous_dog_clocks, dangerous_dog_steps
from dogtag.law import dangerous_dogs as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "The Animal Control Authority or Hearing Officer shall designate any dog as a Dangerous Dog"
DESIGNATION = "dangerous_dog.designation"
#: "The decision of the Hearing Officer is a quasi-judicial determination that is subject to review
#: by writ of certiorari"
CERTIORARI = "dangerous_dog.certiorari"
#: "advise the Owner(s) that they have fourteen (14) days to appeal ... by requesting a Hearing"
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"

#: The kinds of event a case's log holds, in the order the procedure takes them on one day.
EVENT_KINDS = (
    "designated",
    "notice_issued",
    "served",
    "hearing_requested",
    "oral_hearing_request",
    "late_hearing_request",
    "request_not_by_owner",
    "hearing_scheduled",
    "pending_conditions",
    "seized",
    "release_refused",
    "hearing_held",
    "order_issued",
    "order_not_authorized",
    "designation_stands",
    "requirements_missing",
    "registered",
    "renewed",
    "inspected",
    "inspection_refused",
    "inspection_seizure",
    "revocation_notice",
    "revocation_hearing",
    "revocation_order",
    "certiorari_filed",
    "certiorari_decided",
    "sale_disclosure",
    "owner_notice",
    "affidavit",
    "review_requested",
    "review_decided",
    "rental_disclosure",
    "conditions_reviewed",
    "sterilization_seizure",
    "released",
    "cost",
    "payment",
)

#: The order's dispositions (``dangerous_dog.hearing.order``, ``dangerous_dog.destruction``), and
#: those that uphold the designation.
DISPOSITIONS = ("upheld", "upheld_custody", "rescinded", "destruction")
UPHOLDING = ("upheld", "upheld_custody")

#: Who made a written request for a hearing (A.1.c: the notice advises "the Owner(s)"; service
#: on any owner is effective as to all, A.1.a, so a request by any owner, or by a person acting
#: for one, opens the hearing for all). A request by anyone else is not a request.
REQUESTERS = {
    "owner_of_record": "the owner of record",
    "other_owner": "another owner of the dog",
    "for_owner": "a person acting for an owner",
    "not_owner": "a person who is not an owner of the dog",
}

#: The Court of Appeals' decisions on a writ of certiorari (A.4).
COURT_DECISIONS = ("affirmed", "reversed", "remanded")


@dataclass(frozen=True)
class Circumstances:
    """What the records show beside the events, for the steps beside the path: whether the dog
    is held (B.4), what is owed (A.5), whether an affidavit is awaited (C), whether the dog is
    sterilized (B.3.g), and the last ordinance violation recorded (E.7)."""

    #: None: not recorded beside the events (``dangerous-dog-case``), read from the log instead
    impounded: bool | None = None
    balance_owed: Decimal = Decimal("0.00")
    affidavit_pending: bool = False
    sterilized: bool = False
    last_violation_on: dt.date | None = None


#: Nothing recorded beside the events (the question ``dangerous-dog-case`` asks only the events).
NONE_RECORDED = Circumstances()


def state_after(events: Sequence[Event]) -> str:
    """The state the events lead to, taken in the order they were recorded."""
    if not events or events[0].kind != "designated":
        raise ValueError(
            f"a case begins with its designation ({cite(DESIGNATION)}): no designated event first"
        )
    state = ""
    for event in events:
        state = _next_state(state, event)
    return state


_SIMPLE = {
    "designated": "designated",
    "notice_issued": "notice_issued",
    "served": "served",
    "hearing_requested": "hearing_requested",
    "hearing_scheduled": "hearing_scheduled",
    "hearing_held": "hearing_held",
    "designation_stands": "dangerous",
    "registered": "registered",
    "revocation_notice": "revocation_noticed",
    "revocation_hearing": "revocation_heard",
}
_ORDER = {
    "upheld": "dangerous",
    "upheld_custody": "dangerous",
    "rescinded": "rescinded",
    "destruction": "destruction_ordered",
}


def _next_state(state: str, event: Event) -> str:
    if event.kind in _SIMPLE:
        return _SIMPLE[event.kind]
    if event.kind == "order_issued":
        return _ORDER[str(event.facts["disposition"])]
    if event.kind == "revocation_order":
        return "registered" if event.facts["outcome"] == "not_revoked" else "revoked"
    if event.kind == "owner_notice" and event.facts.get("closes_case"):
        return "closed"
    if event.kind == "review_decided" and event.facts.get("outcome") == "rescinded":
        return "rescinded"
    if event.kind == "certiorari_decided":
        return _after_court(state, str(event.facts.get("outcome", "")))
    return state


def _after_court(state: str, outcome: str) -> str:
    """A.4: the Court of Appeals' decision on the Hearing Officer's decision under review. A
    reversal undoes it (an upheld designation or a destruction order is rescinded; a revocation
    is undone, the registration stands); a remand returns the matter to the Hearing Officer,
    whose order is due again; an affirmance changes nothing."""
    revocation = state == "revoked"
    if outcome == "reversed":
        return "registered" if revocation else "rescinded"
    if outcome == "remanded":
        return "revocation_heard" if revocation else "hearing_held"
    return state


DEEMED_READING = "readings.deemed_dangerous_day"


@dataclass(frozen=True)
class Classified:
    """The events as the procedure takes them, and the findings on those it set aside."""

    events: list[Event]
    #: one finding per event set aside, in the order of the log
    flags: list[Finding]


def classify(events: Sequence[Event], params: ParameterSet) -> Classified:
    """The strays of a log kept as what they are, each with its finding: a request for a hearing
    not in writing (A.1.c), one received after the days of A.1.c (A.1.e: the designation stands),
    and an order of destruction without the written findings of A.3. None of them moves the case;
    every other event is taken as recorded."""
    taken: list[Event] = []
    flags: list[Finding] = []
    for event in events:
        if event.kind == "hearing_requested" and event.facts.get("in_writing") is False:
            flags.append(dangerous_dog_steps.hearing_request(event.on, in_writing=False))
            taken.append(Event("oral_hearing_request", event.on, event.facts))
            continue
        if event.kind == "hearing_requested" and event.facts.get("requester") == "not_owner":
            flags.append(not_by_owner(event))
            taken.append(Event("request_not_by_owner", event.on, event.facts))
            continue
        if event.kind == "hearing_requested":
            notice = _notice_so_far(taken, params)
            if notice is not None:
                found = dangerous_dog_steps.hearing_request(
                    event.on, in_writing=True, window=request_window(notice, params)
                )
                if found.blocks:
                    flags.append(
                        dataclasses.replace(
                            found,
                            message=found.message
                            + " The request is kept with its date and flagged for the Hearing "
                            "Officer; it does not reopen the designation.",
                            details={**found.details, "flagged_for": "hearing_officer"},
                        )
                    )
                    taken.append(Event("late_hearing_request", event.on, event.facts))
                    continue
        if event.kind == "order_issued" and event.facts.get("disposition") == "destruction":
            found = law.destruction(destruction_findings(event))
            if found.blocks:
                flags.append(found)
                taken.append(Event("order_not_authorized", event.on, event.facts))
                continue
        if event.kind in ("certiorari_filed", "certiorari_decided"):
            stray = _court_stray(event, taken)
            if stray is not None:
                flags.append(stray)
                continue
        taken.append(event)
    return Classified(taken, flags)


def _court_stray(event: Event, taken: Sequence[Event]) -> Finding | None:
    """A petition for a writ with no decision of the Hearing Officer to review, or while one is
    pending, or the Court's decision with no writ pending (A.4): set aside with its finding."""
    if event.kind == "certiorari_filed" and certiorari_pending(taken) is not None:
        why = "a petition for a writ of certiorari is already pending"
    elif event.kind == "certiorari_filed" and reviewable_decision(taken) is None:
        why = (
            "there is no decision of the Hearing Officer to review (a designation that stood "
            "without a hearing, A.1.e, or a rescission, is not one)"
        )
    elif event.kind == "certiorari_decided" and certiorari_pending(taken) is None:
        why = "no petition for a writ of certiorari is pending"
    elif event.kind == "certiorari_decided" and event.facts.get("outcome") not in COURT_DECISIONS:
        why = f"the Court's decision is one of {', '.join(COURT_DECISIONS)}"
    else:
        return None
    return Finding(
        rule="dangerous_dog.writ_of_certiorari",
        outcome="set_aside",
        sections=(cite(CERTIORARI),),
        blocks=True,
        message=f"The {event.kind.replace('_', ' ')} event of {day_label(event.on)} is set aside: "
        f"{why} ({cite(CERTIORARI)}).",
        facts={"kind": event.kind, "on": event.on},
    )


def not_by_owner(event: Event) -> Finding:
    """A.1.c: the notice advises "the Owner(s)" that they may appeal by requesting a hearing; a
    request by a person who is neither an owner nor acting for one is kept in the log, flagged,
    and is not a request (``readings.hearing_request_any_owner``: any owner's request opens the
    hearing for all)."""
    who = str(event.facts.get("requested_by", "") or "the person")
    return Finding(
        rule="dangerous_dog.hearing_request_in_time",
        outcome="not_by_owner",
        sections=(cite(HEARING_REQUEST),),
        blocks=True,
        message=(
            f"The request received {day_label(event.on)} was made by {who}, {REQUESTERS['not_owner']}: "
            "only an owner, or a person acting for one, may request the hearing "
            f"({cite(HEARING_REQUEST)}). "
            "It is kept in the log and is not a request; the days to request one keep running."
        ),
        facts={"on": event.on, "requested_by": who, "requester": "not_owner"},
    )


def destruction_findings(event: Event) -> dict[str, str]:
    """The written findings of fact of an order of destruction, by criterion of A.3: the facts
    ``finding_<criterion>`` (text), or ``findings`` (the criteria found, each given as found)."""
    written = {
        key: str(event.facts.get(f"finding_{key}", "") or "") for key in law.DESTRUCTION_CRITERIA
    }
    listed = event.facts.get("findings")
    if isinstance(listed, list):
        for key in listed:
            if key in written and not written[key]:
                written[key] = "found"
    return {k: v for k, v in written.items() if v}


def _notice_so_far(events: Sequence[Event], params: ParameterSet) -> dt.date | None:
    issued, served = first_service(events)
    return notice_date(served.on, issued.on, params) if served and issued else None


def first_service(events: Sequence[Event]) -> tuple[Event | None, Event | None]:
    """The last notice issued and the first service after it: "Service upon any Owner shall be
    effective as to all Owners" (A.1.a), so serving a second owner does not restart the days."""
    issued: Event | None = None
    served: Event | None = None
    for event in events:
        if event.kind == "notice_issued":
            issued, served = event, None
        elif event.kind == "served" and issued is not None and served is None:
            served = event
    return issued, served


def last(events: Sequence[Event], kind: str) -> Event | None:
    """The last event of ``kind``, if any."""
    found = [e for e in events if e.kind == kind]
    return found[-1] if found else None


def notice_date(served_on: dt.date, issued_on: dt.date, params: ParameterSet) -> dt.date:
    """ "The date of the Notice" (A.1.c, A.2.a): the date of service under the reading adopted
    (LEGAL-NOTES §6.5, ``readings.notice_date``), else the date written on the notice."""
    return dangerous_dog_clocks.notice_date(served_on, issued_on, params).day


def request_window(trigger: dt.date, params: ParameterSet) -> Finding:
    """A.1.c: fourteen days from the date of the Notice to request a hearing in writing."""
    return deadline(
        params,
        trigger,
        clock_id="dangerous_dog.hearing_request",
        trigger_event="the service of the Notice of Dangerous Dog",
    )


@dataclass(frozen=True)
class CaseDates:
    """The days the case's clocks count from."""

    designated_on: dt.date | None
    #: "the date of the Notice" (A.1.c), once served
    notice: dt.date | None
    #: the day the dog was deemed dangerous (A.1.e, A.2.g; B.2 counts from it)
    deemed: dt.date | None


def dates(events: Sequence[Event], params: ParameterSet) -> CaseDates:
    """The designation, the date of the Notice and the day deemed dangerous, from the events."""
    designated = last(events, "designated")
    issued, served = first_service(events)
    notice = notice_date(served.on, issued.on, params) if served and issued else None
    deemed: dt.date | None = None
    for event in events:
        if event.kind == "order_issued" and event.facts["disposition"] in UPHOLDING:
            deemed = event.on
        elif event.kind == "designation_stands" and notice is not None and designated:
            deemed = stood_on(designated.on, notice, params)
    return CaseDates(designated.on if designated else None, notice, deemed)


def stood_on(designated_on: dt.date, notice: dt.date, params: ParameterSet) -> dt.date:
    """The day a designation that stands without a hearing (A.1.e) deemed the dog dangerous, by
    the reading in force (``readings.deemed_dangerous_day``): the Animal Control Authority's
    designation day (``designation_or_order``, the plain words of B.2), else the last day of the
    days to request a hearing (``request_window_end``)."""
    reading = params.get(DEEMED_READING, designated_on)
    if reading.choice == "designation_or_order":
        return designated_on
    window = request_window(notice, params)
    assert window.deadline is not None
    return window.deadline.due


def reviewable_decision(events: Sequence[Event]) -> Event | None:
    """The Hearing Officer's last decision open to review by writ of certiorari (A.4): an order
    that upheld the designation or ordered destruction, or a revocation order that revoked the
    registration; None if the last decision is not one (a rescission, a designation that stood
    without a hearing, a revocation refused)."""
    decision: Event | None = None
    for event in events:
        if event.kind == "order_issued":
            decision = event if event.facts.get("disposition") != "rescinded" else None
        elif event.kind == "revocation_order":
            decision = event if event.facts.get("outcome") != "not_revoked" else None
        elif event.kind == "certiorari_decided" and event.facts.get("outcome") != "affirmed":
            decision = None  # reversed, or remanded for a new decision
    return decision


def certiorari_pending(events: Sequence[Event]) -> Event | None:
    """The writ of certiorari filed and not yet decided (A.4), if any."""
    pending: Event | None = None
    for event in events:
        if event.kind == "certiorari_filed":
            pending = event
        elif event.kind == "certiorari_decided":
            pending = None
    return pending


def certiorari_filed_since(events: Sequence[Event], day: dt.date) -> bool:
    """A writ was filed on or after ``day`` (the decision's day): the owner's right to seek
    review was exercised, so its clock no longer runs."""
    return any(e.kind == "certiorari_filed" and e.on >= day for e in events)


def remanded_on(events: Sequence[Event]) -> dt.date | None:
    """The day of the last remand by the Court of Appeals, if the matter is on remand."""
    day: dt.date | None = None
    for event in events:
        if event.kind == "certiorari_decided" and event.facts.get("outcome") == "remanded":
            day = event.on
        elif event.kind in ("order_issued", "revocation_order"):
            day = None
    return day


def review_pending(events: Sequence[Event]) -> bool:
    """A review of the designation was requested and not yet decided (A.7)."""
    requested = sum(1 for e in events if e.kind == "review_requested")
    decided = sum(1 for e in events if e.kind == "review_decided")
    return requested > decided


#: The events that put the dog in the Animal Control Authority's hands, and the one that ends it.
SEIZURES = ("seized", "sterilization_seizure", "inspection_seizure")


def held_by_log(events: Sequence[Event]) -> bool:
    """The log leaves the dog held: its last seizure (A.2.b, B.3.g, E.6) was not followed by a
    release (B.4). For a log given without the records beside it."""
    held = False
    for event in events:
        if event.kind in SEIZURES:
            held = True
        elif event.kind == "released":
            held = False
    return held


def refused_inspection(
    events: Sequence[Event], on: dt.date
) -> tuple[dt.date | None, dt.date | None]:
    """E.6: the day of the last inspection refused on or before ``on``, and the day of an
    inspection permitted after it (which ends that refusal's ground to seize), if any."""
    refused: dt.date | None = None
    permitted: dt.date | None = None
    for event in events:
        if event.on > on:
            continue
        if event.kind == "inspection_refused":
            refused, permitted = event.on, None
        elif event.kind == "inspected" and refused is not None and permitted is None:
            permitted = event.on
    return refused, permitted
