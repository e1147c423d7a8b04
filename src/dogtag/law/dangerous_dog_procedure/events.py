"""Reading a dangerous-dog case's dated events (3-2-9): the state they lead to, "the date of the
Notice", the day the dog was deemed dangerous, and whether a review is pending.

Each event is a ``law.procedure.Event`` (the one Event type of every procedure): a ``CaseEvent``
kind, its day, and its facts (an order's ``disposition``, a revocation order's or review's
``outcome``, an owner's notice's ``closes_case``).

Readings applied here (LEGAL-NOTES §6.5, ``readings.notice_date``; ``readings.deemed_dangerous_day``):
"the date of the Notice" is the date of service unless the reading in force says the date written
on the notice; a dog is "deemed" dangerous on the last day of the request window when no hearing
was requested (the designation "will stand", A.1.e), or on the day of the Hearing Officer's order
upholding it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law import dangerous_dog_clocks
from dogtag.law.clocks import deadline
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event

#: The order's dispositions (3-2-9.A.2.g, A.3), and those that uphold the designation.
DISPOSITIONS = ("upheld", "upheld_custody", "rescinded", "destruction")
UPHOLDING = ("upheld", "upheld_custody")


@dataclass(frozen=True)
class Circumstances:
    """What the records show beside the events, for the steps beside the path: whether the dog
    is held (B.4), what is owed (A.5), whether an affidavit is awaited (C), whether the dog is
    sterilized (B.3.g), and the last ordinance violation recorded (E.7)."""

    impounded: bool = False
    balance_owed: Decimal = Decimal("0.00")
    affidavit_pending: bool = False
    sterilized: bool = False
    last_violation_on: dt.date | None = None


#: Nothing recorded beside the events (the question ``dangerous-dog-case`` asks only the events).
NONE_RECORDED = Circumstances()


def state_after(events: Sequence[Event]) -> str:
    """The state the events lead to, taken in the order they were recorded."""
    if not events or events[0].kind != "designated":
        raise ValueError("a case begins with its designation (3-2-9.A): no designated event first")
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
    return state


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
    issued, served = last(events, "notice_issued"), last(events, "served")
    notice = notice_date(served.on, issued.on, params) if served and issued else None
    deemed: dt.date | None = None
    for event in events:
        if event.kind == "order_issued" and event.facts["disposition"] in UPHOLDING:
            deemed = event.on
        elif event.kind == "designation_stands" and notice is not None:
            window = request_window(notice, params)
            assert window.deadline is not None
            deemed = window.deadline.due
    return CaseDates(designated.on if designated else None, notice, deemed)


def review_pending(events: Sequence[Event]) -> bool:
    """A review of the designation was requested and not yet decided (A.7)."""
    requested = sum(1 for e in events if e.kind == "review_requested")
    decided = sum(1 for e in events if e.kind == "review_decided")
    return requested > decided
