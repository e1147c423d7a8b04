"""The clocks a dangerous-dog case is waiting on in each state (the request for a hearing, the
interim compliance, the hearing, the order, the review by certiorari, the registration, the
sterilization, the revocation hearing; Minn. Stat. 347.54 subd. 1 through the incorporation of the
state's sections), each a finding with its day-by-day explanation (``law.clocks``, Minn. Stat.
645.15).

The state's seizure clock (Minn. Stat. 347.54 subd. 1: registered and insured 14 days after the
owner has notice that the dog is dangerous) shows from the day the notice is served, beside the
city's 30 days to register (``dangerous_dog.registration``) from the day deemed, with the
incorporation's finding (``incorporation.state_statutes``) on which controls.
While a timely request for a hearing is pending, the reading ``readings.state_clock_pending_hearing``
says what becomes of the state's clock: by default it does not run (A.1.d and A.2.b govern the time
under appeal) and counts from the order that upholds the designation; so no seizure for want of
registration is ever shown due while the designation is under appeal unless that reading is
changed.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law import dangerous_dog_clocks
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_clocks import STATE_CLOCK_READING
from dogtag.law.dangerous_dog_procedure.events import (
    UPHOLDING,
    CaseDates,
    certiorari_filed_since,
    last,
    remanded_on,
    request_window,
    stood_on,
)
from dogtag.law.dangerous_dog_registration import registration_term
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule

PENDING = "dangerous_dog.while_hearing_pending"

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "the owner must immediately comply with Minn. Stat. 347.52, subdivisions (a) through (c) until
#: such time as the Hearing Officer issues an opinion"
INTERIM_COMPLIANCE = "dangerous_dog.notice.interim_compliance"
#: "Pending the Hearing, the dog may be seized and kept at animal control unless the Owner shows
#: proof"
PENDING_HEARING = "dangerous_dog.hearing.pending"
#: "This Section expressly adopts and incorporates the provisions of Minnesota Statutes Sections
#: 347.50 - 347.565"
INCORPORATION = "incorporation.state_statutes"
#: "No person may own or possess a Dangerous Dog in this City unless the dog is registered"
REGISTRATION = "dangerous_dog.registration"
#: "An Owner of a Dangerous Dog shall renew the registration of the dog annually until the dog is
#: deceased"
RENEWAL = "dangerous_dog.registration_renewal"
HEARING_STATES = ("hearing_requested", "hearing_scheduled", "hearing_held")


@dataclass(frozen=True)
class Running:
    """The clocks running in a state, and the incorporation of the state's sections on those that
    both the city and the state set."""

    #: each a finding whose deadline is the last day
    deadlines: list[Finding]
    #: which of two clocks counting from different events controls (``incorporation.state_statutes``),
    #: and what a pending
    #: hearing does to the state's clock
    controlling: list[Finding]


def running(
    state: str,
    events: Sequence[Event],
    found: CaseDates,
    on: dt.date,
    p: ParameterSet,
) -> Running:
    """The clocks the state is waiting on: the request window and the state's seizure clock once
    served (A.1.c, 347.54); both registration clocks and sterilization once the designation
    stands (B.2, B.3.g); while a hearing is pending, its clocks and the owner's interim duty
    (A.2.a, A.2.g, A.1.d); after an upholding order, the 14 days to comply (A.1.d) and the time
    to seek review (A.4); the revocation hearing (B.6.b) and its order."""
    notice, deemed = found.notice, found.deemed
    if state == "served" and notice is not None:
        window = request_window(notice, p)
        assert window.deadline is not None
        if on <= window.deadline.due or found.designated_on is None:
            clocks = dangerous_dog_clocks.registration_clocks(notice, None, p)
            return Running(_present(window, clocks.state), _present(clocks.controlling))
        # A.1.e: no request within the days, so the designation stands whether or not the step
        # recording it has been taken; the registration clocks run from the day it deemed the dog
        return _kept(notice, stood_on(found.designated_on, notice, p), events, p)
    if state in HEARING_STATES:
        return Running(
            [*_hearing_clocks(state, events, p), *_state_clock_pending(notice, on, p)],
            pending_hearing(events, on, p),
        )
    if state == "dangerous" and deemed is not None:
        return _kept(notice, deemed, events, p)
    if state == "destruction_ordered":
        order = last(events, "order_issued")
        return Running(_present(_certiorari(order, events, p)) if order else [], [])
    if state == "revoked":
        revoked = last(events, "revocation_order")
        return Running(_present(_certiorari(revoked, events, p)) if revoked else [], [])
    if state == "registered":
        return Running([], _present(_renewal(events, on)))
    started = {
        "revocation_noticed": lambda: _clock(
            events, "revocation_notice", "dangerous_dog.revocation_hearing", p
        ),
        "revocation_heard": lambda: _order_clock(events, "revocation_hearing", p),
    }
    return Running(started[state]() if state in started else [], [])


def _present(*found: Finding | None) -> list[Finding]:
    return [f for f in found if f is not None]


def _kept(
    notice: dt.date | None, deemed: dt.date, events: Sequence[Event], p: ParameterSet
) -> Running:
    """Deemed dangerous: the city's and the state's registration clocks with the incorporation's finding,
    sterilization (B.3.g), and after an upholding order the 14 days to comply with the other
    requirements (A.1.d) and the time to seek review (A.4)."""
    order = _upholding_order(events)
    clocks = dangerous_dog_clocks.case_registration_clocks(
        notice, deemed, p, upheld_on=order.on if order is not None else None
    )
    state_clock = clocks.state
    found = _present(clocks.city, state_clock)
    found.append(deadline(p, deemed, clock_id="dangerous_dog.sterilization"))
    if order is not None:
        found.append(deadline(p, order.on, clock_id="dangerous_dog.comply_after_decision"))
        found.extend(_present(_certiorari(order, events, p)))
    return Running(found, _present(clocks.controlling))


def _upholding_order(events: Sequence[Event]) -> Event | None:
    order = last(events, "order_issued")
    return order if order is not None and order.facts.get("disposition") in UPHOLDING else None


def _certiorari(decision: Event, events: Sequence[Event], p: ParameterSet) -> Finding | None:
    """A.4: "The decision of the Hearing Officer is a quasi-judicial determination that is subject
    to review by writ of certiorari": the owner's right, within the days of Minn. Stat. 606.01
    after due notice of the decision (counted here from the decision's day), until a petition is
    filed."""
    if certiorari_filed_since(events, decision.on):
        return None
    return deadline(p, decision.on, clock_id="dangerous_dog.certiorari")


def _renewal(events: Sequence[Event], on: dt.date) -> Finding | None:
    """B.7: "An Owner of a Dangerous Dog shall renew the registration of the dog annually until the
    dog is deceased": the current certificate's year (``dangerous_dog.registration_term``, each
    renewal following the last without a gap) and the day it must be renewed by; once that day
    has passed without a renewal the dog is not registered (B.1, B.2)."""
    term: Finding | None = None
    for event in events:
        if event.kind in ("registered", "renewed"):
            previous = term.details["expires_on"] if term is not None else None
            assert previous is None or isinstance(previous, dt.date)
            term = registration_term(event.on, previous if event.kind == "renewed" else None)
    if term is None:
        return None
    expires = term.details["expires_on"]
    assert isinstance(expires, dt.date)
    if on <= expires:
        return dataclasses.replace(
            term,
            outcome="renewal_due",
            message=term.message + f" Renew by {day_label(expires)} ({cite(RENEWAL)}).",
        )
    return dataclasses.replace(
        term,
        outcome="lapsed",
        sections=cite_each(RENEWAL, REGISTRATION),
        blocks=True,
        message=(
            f"The registration expired {day_label(expires)} and was not renewed "
            f"({cite(RENEWAL)}): the dog is not registered, and no person may own or possess an "
            f"unregistered Dangerous Dog in the City ({cite(REGISTRATION)})."
        ),
    )


def _hearing_clocks(state: str, events: Sequence[Event], p: ParameterSet) -> list[Finding]:
    if state == "hearing_held":
        return _order_clock(events, "hearing_held", p)
    return _clock(events, "hearing_requested", "dangerous_dog.hearing", p)


def _order_clock(events: Sequence[Event], held: str, p: ParameterSet) -> list[Finding]:
    """A.2.g: the order within ten days after the hearing; on a remand by the Court of Appeals,
    after the Court's decision (reading ``readings.order_days_on_remand``)."""
    remand = remanded_on(events)
    if remand is None:
        return _clock(events, held, "dangerous_dog.order", p)
    return [
        deadline(
            p,
            remand,
            clock_id="dangerous_dog.order",
            trigger_event="the Court of Appeals' remand (reading readings.order_days_on_remand)",
        )
    ]


def _state_clock_pending(notice: dt.date | None, on: dt.date, p: ParameterSet) -> list[Finding]:
    """Under ``runs_from_notice`` the state's seizure clock keeps running from the notice while
    the hearing is pending; under the default it does not (``pending_hearing`` says so)."""
    if notice is None or p.get(STATE_CLOCK_READING, on).choice != "runs_from_notice":
        return []
    clocks = dangerous_dog_clocks.registration_clocks(notice, None, p)
    assert clocks.state is not None
    reading = p.get(STATE_CLOCK_READING, on)
    return [dataclasses.replace(clocks.state, parameters=(*clocks.state.parameters, reading))]


@rule(
    PENDING,
    provisions=(INTERIM_COMPLIANCE, PENDING_HEARING, INCORPORATION),
    title="While a hearing on the designation is pending",
    summary=(
        "The owner who requested a hearing must comply with Minn. Stat. 347.52 (a)-(c) until "
        "the Hearing Officer's order (A.1.d); the dog may be seized pending the hearing unless "
        "the owner shows the four things of A.2.b; the state's seizure clock for an "
        "unregistered dog waits on the order, as the reading in force says."
    ),
    question="dangerous-dog-case",
)
def pending_hearing(events: Sequence[Event], on: dt.date, p: ParameterSet) -> list[Finding]:
    """The interim compliance (``dangerous_dog.notice.interim_compliance``): "if the owner does
    request a hearing, the owner must immediately comply with
    Minn. Stat. 347.52, subdivisions (a) through (c) until such time as the Hearing Officer
    issues an opinion"; the dog pending the hearing (``dangerous_dog.hearing.pending``): "Pending
    the Hearing, the dog may be seized and kept at animal
    control unless the Owner shows proof ..."; and, by the reading
    ``readings.state_clock_pending_hearing``, what the pending hearing does to the state's
    seizure clock (Minn. Stat. 347.54 subd. 1, through ``incorporation.state_statutes``)."""
    requested = last(events, "hearing_requested")
    since = requested.on if requested else on
    facts: dict[str, JSONValue] = {"requested_on": since, "on": on}
    interim, pending, incorporation = (
        cite(INTERIM_COMPLIANCE),
        cite(PENDING_HEARING),
        cite(INCORPORATION),
    )
    duty = Finding(
        rule=PENDING,
        outcome="interim_duty",
        sections=cite_each(INTERIM_COMPLIANCE, PENDING_HEARING),
        message=(
            f"A hearing was requested on {day_label(since)}: until the Hearing Officer issues "
            f"the order the owner must comply with Minn. Stat. 347.52 (a)-(c) ({interim}), and "
            "the dog may be seized and kept pending the hearing unless the owner shows it is "
            "licensed, vaccinated against rabies, kept in a Proper Enclosure or leashed and "
            f"muzzled, and presents no unreasonable risk of harm ({pending})."
        ),
        facts=facts,
    )
    reading = p.get(STATE_CLOCK_READING, since)
    if reading.choice == "runs_from_notice":
        message = (
            "The state's seizure clock (Minn. Stat. 347.54 subd. 1) keeps running from the date "
            "of the Notice while the hearing is pending (reading "
            f"{STATE_CLOCK_READING}: {reading.choice}, {incorporation})."
        )
        outcome = "state_clock_runs"
    else:
        message = (
            "The state's seizure clock for a dog not registered or insured (Minn. Stat. 347.54 "
            "subd. 1) does not run while the hearing is pending: registration is among the "
            f"requirements the owner meets after a confirming order ({interim}), and its days "
            f"count from that order (reading {STATE_CLOCK_READING}, {incorporation}). No seizure for want "
            "of registration is due meanwhile; A.2.b governs seizure pending the hearing."
        )
        outcome = "state_clock_waits_on_order"
    clock = Finding(
        rule=PENDING,
        outcome=outcome,
        sections=cite_each(INCORPORATION, INTERIM_COMPLIANCE),
        message=message,
        facts=facts,
        parameters=(reading,),
    )
    return [duty, clock]


def _clock(events: Sequence[Event], kind: str, clock: str, p: ParameterSet) -> list[Finding]:
    event = last(events, kind)
    return [deadline(p, event.on, clock_id=clock)] if event else []
