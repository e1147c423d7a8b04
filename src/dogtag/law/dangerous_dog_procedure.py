"""City Code 3-2-9: the dangerous-dog case as a pure function of its dated events.

``standing(events, on, params)`` reads the events so far (each a ``CaseEvent`` kind, its date and
details) and answers: the state of the matter, the steps allowed next (each with the findings
that allow it), the deadlines running with their day-by-day explanations (``law.clocks``), and
the blocking findings of every other step. The services ask it before each step and the case page
asks it for the forms it offers: there is no other table of steps.

The path (3-2-9.A.1-A.3, B, C, D): designated -> notice_issued -> served -> (hearing_requested
-> hearing_scheduled -> hearing_held -> order: dangerous | rescinded | destruction_ordered) or (no
request within the fourteen days -> dangerous, A.1.e) -> registered (renewed yearly, B.7) ->
revocation_noticed -> revocation_heard -> revoked | registered (B.6). The owner's notice of death
or relocation (C) closes the case; a review (A.7) may rescind the designation.

Readings applied here (LEGAL-NOTES §6.5, ``readings.notice_date``): "the date of the Notice" is
the date of service unless the reading in force says the date written on the notice; a dog is
"deemed" dangerous on the last day of the request window when no hearing was requested (the
designation "will stand", A.1.e), or on the day of the Hearing Officer's order upholding it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from dogtag.law import dangerous_dog_clocks
from dogtag.law import dangerous_dogs as law
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_steps import in_words
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue, blocking
from dogtag.law.params import ParameterSet
from dogtag.law.registry import rule

RULE = "dangerous_dog.procedure"

#: The states of a case, with the words the case page uses for each.
STATES: dict[str, str] = {
    "designated": "designated; the Notice of Dangerous Dog is to be issued",
    "notice_issued": "notice issued; to be served on the owner",
    "served": "notice served; the owner may request a hearing",
    "hearing_requested": "hearing requested; to be scheduled",
    "hearing_scheduled": "hearing scheduled",
    "hearing_held": "hearing held; the Hearing Officer's order is due",
    "dangerous": "dangerous dog; registration required",
    "registered": "registered dangerous dog",
    "rescinded": "designation rescinded",
    "destruction_ordered": "destruction ordered",
    "revocation_noticed": "revocation noticed; the revocation hearing is pending",
    "revocation_heard": "revocation hearing held; the order is due",
    "revoked": "Certificate of Registration revoked",
    "closed": "closed: the dog died, or left the City",
}

#: What must happen before each state may move on, said when a step comes too soon.
NEXT_STEP: dict[str, str] = {
    "designated": "issue the Notice of Dangerous Dog",
    "notice_issued": "record the service of the notice on the owner",
    "served": "receive the owner's written request for a hearing, or record that the "
    "designation stands once the {days} have passed",
    "hearing_requested": "schedule the hearing",
    "hearing_scheduled": "hold the hearing",
    "hearing_held": "issue the Hearing Officer's order",
    "dangerous": "register the dog (Certificate of Registration)",
    "registered": "renew the registration each year",
    "rescinded": "nothing: the designation was rescinded",
    "destruction_ordered": "nothing: destruction was ordered",
    "revocation_noticed": "hold the revocation hearing",
    "revocation_heard": "issue the Hearing Officer's order on the revocation",
    "revoked": "nothing: the registration was revoked",
    "closed": "nothing: the dog died or left the City",
}

#: The dog is a dangerous dog kept in the City: the requirements of 3-2-9.B and E apply.
KEPT = ("dangerous", "registered")
#: Costs may be recorded once a hearing was requested or the dog is deemed dangerous (A.1.f, A.5).
COSTS_OPEN = (
    "hearing_requested",
    "hearing_scheduled",
    "hearing_held",
    "dangerous",
    "registered",
    "revocation_noticed",
    "revocation_heard",
    "revoked",
    "destruction_ordered",
)


@dataclass(frozen=True)
class Step:
    """One step of the case: the section that provides it, what it is (as the refusal says it),
    and the states it may come in."""

    key: str
    section: str
    doing: str
    states: tuple[str, ...]


_STEPS = (
    Step("notice", "3-2-9.A.1", "issue the Notice of Dangerous Dog", ("designated",)),
    Step("service", "3-2-9.A.1.a", "record the service of the notice", ("notice_issued",)),
    Step("hearing_request", "3-2-9.A.1.c", "receive a request for a hearing", ("served",)),
    Step("stands", "3-2-9.A.1.e", "record that the designation stands", ("served",)),
    Step(
        "schedule",
        "3-2-9.A.2.a",
        "schedule the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step(
        "pending",
        "3-2-9.A.2.b",
        "record compliance or seizure pending the hearing",
        ("hearing_requested", "hearing_scheduled"),
    ),
    Step("hold", "3-2-9.A.2.c", "hold the hearing", ("hearing_scheduled",)),
    Step("order", "3-2-9.A.2.g", "issue the Hearing Officer's order", ("hearing_held",)),
    Step("register", "3-2-9.B.3", "issue a Certificate of Registration", ("dangerous",)),
    Step("renew", "3-2-9.B.7", "renew the registration", ("registered",)),
    Step("missing_requirements", "3-2-9.B.3", "record missing registration requirements", KEPT),
    Step("inspection", "3-2-9.E.6", "record an inspection", KEPT),
    Step("revocation_notice", "3-2-9.B.6.b", "serve a notice of revocation", ("registered",)),
    Step(
        "revocation_hearing", "3-2-9.B.6.b", "hold the revocation hearing", ("revocation_noticed",)
    ),
    Step("revocation_order", "3-2-9.B.6.c", "decide the revocation", ("revocation_heard",)),
    Step(
        "owner_notice",
        "3-2-9.C",
        "record the owner's notice of death, relocation or transfer",
        ("dangerous", "registered", "revoked", "destruction_ordered"),
    ),
    Step("review_request", "3-2-9.A.7", "receive a request to review the designation", KEPT),
    Step("review_decision", "3-2-9.A.7", "decide the review of the designation", KEPT),
    Step("rental_disclosure", "3-2-9.E.3", "record a disclosure to the property owner", KEPT),
    Step("conditions_review", "3-2-9.E.7", "review the conditions for keeping the dog", KEPT),
    Step("sterilization_seizure", "3-2-9.B.3.g", "seize the dog to have it sterilized", KEPT),
    Step("release", "3-2-9.B.4", "release the dog from impoundment", KEPT),
    Step("affidavit", "3-2-9.C", "record the owner's affidavit", tuple(STATES)),
    Step("cost", "3-2-9.A.5", "record a cost", COSTS_OPEN),
    Step("payment", "3-2-9.A.5", "record a payment toward the costs", COSTS_OPEN),
)
STEPS: dict[str, Step] = {s.key: s for s in _STEPS}

#: The steps the case page offers first, by state, in the order the ordinance takes them; the
#: steps beside the path (review, E.3, E.7, B.3.g, B.4, C, costs) follow.
_PATH: dict[str, tuple[str, ...]] = {
    "designated": ("notice",),
    "notice_issued": ("service",),
    "served": ("hearing_request", "stands"),
    "hearing_requested": ("schedule", "pending"),
    "hearing_scheduled": ("hold", "schedule", "pending"),
    "hearing_held": ("order",),
    "dangerous": ("register", "inspection", "owner_notice"),
    "registered": ("renew", "inspection", "revocation_notice", "owner_notice"),
    "revocation_noticed": ("revocation_hearing",),
    "revocation_heard": ("revocation_order",),
    "revoked": ("owner_notice",),
    "destruction_ordered": ("owner_notice",),
}
_BESIDE = (
    "review_request",
    "review_decision",
    "rental_disclosure",
    "conditions_review",
    "sterilization_seizure",
    "release",
    "affidavit",
    "cost",
    "payment",
)


@dataclass(frozen=True)
class Event:
    """One dated event of the case: its kind (``CaseEvent.Kind``), the day, and its details
    (an order's ``disposition``, a revocation order's or review's ``outcome``, an owner's
    notice's ``closes_case``)."""

    kind: str
    on: dt.date
    details: Mapping[str, JSONValue] = field(default_factory=dict)


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


@dataclass(frozen=True)
class Standing:
    """Where the case stands on ``on``."""

    number: str
    on: dt.date
    state: str
    designated_on: dt.date | None
    notice_date: dt.date | None
    deemed_on: dt.date | None
    review_pending: bool
    #: The steps allowed next, in order, each with the findings that allow it.
    allowed: dict[str, list[Finding]]
    #: The clocks running (not yet met by their step), each a finding with its explanation.
    deadlines: list[Finding]
    #: Every other step, with the findings that block it.
    blocked: dict[str, list[Finding]]
    #: Every step's findings (a step not offered on the page, not blocked, is in order here).
    steps: dict[str, list[Finding]] = field(default_factory=dict)
    #: Each step's finding on the state alone: in order, or out of order (blocking).
    order: dict[str, Finding] = field(default_factory=dict)

    @property
    def state_label(self) -> str:
        return STATES[self.state]

    def findings_for(self, step: str) -> list[Finding]:
        """The findings on taking ``step`` now: blocking ones first if it may not come."""
        if step not in STEPS:
            raise ValueError(f"step {step!r} is not a step of 3-2-9")
        return self.steps[step]


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
        return _ORDER[str(event.details["disposition"])]
    if event.kind == "revocation_order":
        return "registered" if event.details["outcome"] == "not_revoked" else "revoked"
    if event.kind == "owner_notice" and event.details.get("closes_case"):
        return "closed"
    if event.kind == "review_decided" and event.details.get("outcome") == "rescinded":
        return "rescinded"
    return state


def _last(events: Sequence[Event], kind: str) -> Event | None:
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


def _dates(
    events: Sequence[Event], params: ParameterSet
) -> tuple[dt.date | None, dt.date | None, dt.date | None]:
    designated = _last(events, "designated")
    issued, served = _last(events, "notice_issued"), _last(events, "served")
    notice = notice_date(served.on, issued.on, params) if served and issued else None
    deemed: dt.date | None = None
    for event in events:
        if event.kind == "order_issued" and event.details["disposition"] in (
            "upheld",
            "upheld_custody",
        ):
            deemed = event.on
        elif event.kind == "designation_stands" and notice is not None:
            window = request_window(notice, params)
            assert window.deadline is not None
            deemed = window.deadline.due
    return (designated.on if designated else None), notice, deemed


def _running(
    state: str,
    events: Sequence[Event],
    notice: dt.date | None,
    deemed: dt.date | None,
    p: ParameterSet,
) -> list[Finding]:
    """The clocks the state is waiting on (3-2-9.A.1.c, A.2.a, A.2.g, B.2, B.3.g, B.6.b)."""
    started = {
        "served": lambda: [request_window(notice, p)] if notice else [],
        "hearing_requested": lambda: _clock(
            events, "hearing_requested", "dangerous_dog.hearing", p
        ),
        "hearing_scheduled": lambda: _clock(
            events, "hearing_requested", "dangerous_dog.hearing", p
        ),
        "hearing_held": lambda: _clock(events, "hearing_held", "dangerous_dog.order", p),
        "dangerous": lambda: (
            [
                deadline(p, deemed, clock_id="dangerous_dog.registration"),
                deadline(p, deemed, clock_id="dangerous_dog.sterilization"),
            ]
            if deemed
            else []
        ),
        "revocation_noticed": lambda: _clock(
            events, "revocation_notice", "dangerous_dog.revocation_hearing", p
        ),
        "revocation_heard": lambda: _clock(events, "revocation_hearing", "dangerous_dog.order", p),
    }
    return started[state]() if state in started else []


def _clock(events: Sequence[Event], kind: str, clock: str, p: ParameterSet) -> list[Finding]:
    event = _last(events, kind)
    return [deadline(p, event.on, clock_id=clock)] if event else []


def _review_pending(events: Sequence[Event]) -> bool:
    requested = sum(1 for e in events if e.kind == "review_requested")
    decided = sum(1 for e in events if e.kind == "review_decided")
    return requested > decided


@rule(
    RULE,
    sections=("3-2-9.A.1", "3-2-9.A.2", "3-2-9.B.6"),
    title="The steps of a dangerous-dog case, in order",
    summary=(
        "Notice, service, fourteen days to request a hearing in writing (or the designation "
        "stands), the hearing within fourteen days and the order within ten, then registration, "
        "renewal and revocation after notice and hearing: each step only after the one it "
        "follows, and the clocks running at each state."
    ),
    question="dangerous-dog-case",
)
def standing(
    events: Sequence[Event],
    on: dt.date,
    params: ParameterSet,
    circumstances: Circumstances = Circumstances(),
    *,
    number: str = "",
) -> Standing:
    """3-2-9.A.1-A.3, B.6, C: the state the events lead to, the steps allowed on ``on`` with
    their findings, the clocks running and the findings that block every other step."""
    state = state_after(events)
    designated_on, notice, deemed = _dates(events, params)
    review_pending = _review_pending(events)
    context = _Context(number, state, on, params, events, circumstances, notice, deemed)
    order = {key: _in_state(STEPS[key], context) for key in STEPS}
    findings = {
        key: _step_findings(STEPS[key], order[key], context, designated_on, review_pending)
        for key in STEPS
    }
    offered = [*_PATH.get(state, ()), *_BESIDE]
    allowed = {key: findings[key] for key in offered if not blocking(findings[key])}
    blocked = {key: f for key, f in findings.items() if blocking(f)}
    return Standing(
        number=number,
        on=on,
        state=state,
        designated_on=designated_on,
        notice_date=notice,
        deemed_on=deemed,
        review_pending=review_pending,
        allowed=allowed,
        deadlines=_running(state, events, notice, deemed, params),
        blocked=blocked,
        order=order,
        steps=findings,
    )


@dataclass(frozen=True)
class _Context:
    number: str
    state: str
    on: dt.date
    params: ParameterSet
    events: Sequence[Event]
    circumstances: Circumstances
    notice: dt.date | None
    deemed: dt.date | None


def _finding(
    step: Step,
    outcome: str,
    message: str,
    c: _Context,
    *,
    blocks: bool,
    sections: tuple[str, ...] = (),
) -> Finding:
    return Finding(
        rule=RULE,
        outcome=outcome,
        sections=sections or (step.section,),
        blocks=blocks,
        message=message,
        facts={"step": step.key, "state": c.state, "on": c.on, "case": c.number},
    )


def _request_days(c: _Context) -> str:
    """ "fourteen days": the days to request a hearing (A.1.c), from the parameter in force."""
    days = c.params.get("dangerous_dog.hearing_request_days", c.on)
    return f"{in_words(days.integer)} days"


def _case(c: _Context) -> str:
    return f"Case {c.number}" if c.number else "The case"


def _out_of_order(step: Step, c: _Context) -> Finding:
    """A step in a state it may not come in; with the words that say why, where the ordinance
    gives them (A.1.e, A.2.g, B.6.a)."""
    if (
        step.key == "hearing_request"
        and c.state == "dangerous"
        and c.deemed is not None
        and not any(e.kind == "hearing_requested" for e in c.events)
    ):
        return _finding(
            step,
            "designation_stands",
            f"{_case(c)}: no hearing was requested within the {_request_days(c)}, and the "
            f"designation stands (3-2-9.A.1.e) since {day_label(c.deemed)}.",
            c,
            blocks=True,
            sections=("3-2-9.A.1.e",),
        )
    if step.key == "hold" and c.state == "hearing_requested":
        return _finding(
            step,
            "not_scheduled",
            f"{_case(c)}: the hearing has not been scheduled yet: schedule it (date, time and "
            "place) before recording that it was held.",
            c,
            blocks=True,
            sections=("3-2-9.A.2.a",),
        )
    if step.key == "order" and c.state in ("hearing_requested", "hearing_scheduled"):
        return _finding(
            step,
            "no_hearing",
            f"{_case(c)}: no hearing has been held yet: the order follows the hearing "
            "(3-2-9.A.2.g).",
            c,
            blocks=True,
        )
    if step.key == "revocation_order" and c.state == "revocation_noticed":
        return _finding(
            step,
            "no_hearing",
            f"{_case(c)}: the revocation hearing has not been held: the order follows it "
            "(3-2-9.B.6.a: revoked only following hearing).",
            c,
            blocks=True,
            sections=("3-2-9.B.6.a",),
        )
    return _finding(
        step,
        "out_of_order",
        f"{_case(c)} is {STATES[c.state]}: cannot {step.doing} now. "
        f"The next step is to {NEXT_STEP[c.state].format(days=_request_days(c))}.",
        c,
        blocks=True,
    )


def _in_state(step: Step, c: _Context) -> Finding:
    if c.state not in step.states:
        return _out_of_order(step, c)
    return _finding(step, "in_order", f"In order: {step.doing} ({step.section}).", c, blocks=False)


def _step_findings(
    step: Step, order: Finding, c: _Context, designated_on: dt.date | None, review_pending: bool
) -> list[Finding]:
    if order.blocks:
        return [order]
    gate = _gate(step, c, designated_on, review_pending)
    return [order, *gate] if gate is not None else [order]


def _gate(
    step: Step, c: _Context, designated_on: dt.date | None, review_pending: bool
) -> list[Finding] | None:
    """The findings beyond the state that a step waits on, or None if only the state counts."""
    facts = c.circumstances
    if step.key == "stands":
        return [designation_stands(c.notice, c.on, c.params)] if c.notice else None
    if step.key == "review_request" and review_pending:
        return [
            _finding(
                step,
                "review_pending",
                "A review of this designation is already pending.",
                c,
                blocks=True,
            )
        ]
    if step.key == "review_decision" and not review_pending:
        return [
            _finding(
                step,
                "no_review",
                f"{_case(c)}: no review of the designation is pending.",
                c,
                blocks=True,
            )
        ]
    if step.key == "conditions_review" and designated_on is not None:
        return [
            law.relax_conditions(
                designated_on, c.on, c.params, last_violation_on=facts.last_violation_on
            )
        ]
    if step.key == "sterilization_seizure" and c.deemed is not None:
        return law.sterilization_seizure(
            c.deemed, max(c.on, c.deemed), c.params, sterilized=facts.sterilized
        )
    if step.key == "release" and not facts.impounded:
        return [
            _finding(
                step, "not_impounded", f"{_case(c)}: the dog is not impounded.", c, blocks=True
            )
        ]
    if step.key == "affidavit" and not facts.affidavit_pending:
        return [
            _finding(
                step,
                "no_affidavit",
                "No affidavit is awaited in this case (3-2-9.C).",
                c,
                blocks=True,
            )
        ]
    if step.key == "payment" and facts.balance_owed <= 0:
        return [
            _finding(
                step,
                "nothing_owed",
                "Nothing is owed on the case's costs (3-2-9.A.5).",
                c,
                blocks=True,
            )
        ]
    return None


@rule(
    "dangerous_dog.designation_stands",
    sections=("3-2-9.A.1.e", "3-2-9.A.1.c"),
    title="The designation stands when no hearing is requested",
    summary=(
        "If the owner does not request a hearing in writing within the fourteen days after the "
        "notice, the designation stands: the dog is deemed dangerous on the window's last day, "
        "and it can be recorded only after that day."
    ),
    question="dangerous-dog-case",
)
def designation_stands(notice: dt.date, on: dt.date, params: ParameterSet) -> Finding:
    """3-2-9.A.1.e: "if the Owner does not request a Hearing within the allotted fourteen (14)
    days, the designation of Dangerous Dog as issued in the written Notice ... will stand". The
    owner may request a hearing through the window's last day (A.1.c); only after it does the
    designation stand, and the dog is deemed dangerous on that last day."""
    window = request_window(notice, params)
    assert window.deadline is not None
    last = window.deadline.due
    facts: dict[str, JSONValue] = {"notice_date": notice, "on": on}
    if on <= last:
        return Finding(
            rule="dangerous_dog.designation_stands",
            outcome="window_open",
            sections=("3-2-9.A.1.c", "3-2-9.A.1.e"),
            blocks=True,
            message=(
                f"The owner may still request a hearing through {day_label(last)} "
                f"(3-2-9.A.1.c): the designation stands only after that day. " + window.message
            ),
            facts=facts,
            parameters=window.parameters,
            deadline=window.deadline,
            next_date=last + dt.timedelta(days=1),
        )
    return Finding(
        rule="dangerous_dog.designation_stands",
        outcome="stands",
        sections=("3-2-9.A.1.e",),
        message=(
            f"No written request for a hearing by {day_label(last)}: the designation stands "
            f"(3-2-9.A.1.e); the dog is deemed dangerous on {day_label(last)}."
        ),
        facts=facts,
        parameters=window.parameters,
        deadline=window.deadline,
        details={"deemed_on": last},
    )


# ----------------------------------------------------------------------------- the question


DISPOSITIONS = ("upheld", "upheld_custody", "rescinded", "destruction")


@facts
class CaseFacts:
    """The dated events of a dangerous-dog case so far, and the day asked about: what a city
    attorney knows from the file ("notice served on D1, no request, today D2")."""

    designated_on: dt.date = fact(
        "The day the dog was designated dangerous (3-2-9.A)", unit="date", example="2026-10-26"
    )
    on: dt.date = fact(
        "The day asked about: where does the case stand on this day?",
        unit="date",
        example="2026-11-29",
    )
    notice_issued_on: dt.date | None = fact(
        "The day the Notice of Dangerous Dog was issued (3-2-9.A.1)",
        default=None,
        unit="date",
        example="2026-10-26",
    )
    served_on: dt.date | None = fact(
        "The day the notice was served on the owner (3-2-9.A.1.a)",
        default=None,
        unit="date",
        example="2026-10-28",
    )
    hearing_requested_on: dt.date | None = fact(
        "The day the Authority received the owner's written request for a hearing (3-2-9.A.1.c)",
        default=None,
        unit="date",
        example="2026-11-02",
    )
    hearing_scheduled_on: dt.date | None = fact(
        "The day the hearing was scheduled (3-2-9.A.2.a)",
        default=None,
        unit="date",
        example="2026-11-03",
    )
    hearing_held_on: dt.date | None = fact(
        "The day the hearing was held (3-2-9.A.2)", default=None, unit="date", example="2026-11-12"
    )
    order_issued_on: dt.date | None = fact(
        "The day the Hearing Officer's order was issued (3-2-9.A.2.g)",
        default=None,
        unit="date",
        example="2026-11-16",
    )
    order_disposition: str | None = fact(
        "What the order disposed (with order_issued_on): upheld, upheld_custody, rescinded or "
        "destruction (3-2-9.A.2.g, A.3)",
        default=None,
        unit="choice",
        example="upheld",
        choices=DISPOSITIONS,
    )
    designation_stands_on: dt.date | None = fact(
        "The day it was recorded that no hearing was requested and the designation stands "
        "(3-2-9.A.1.e)",
        default=None,
        unit="date",
        example="2026-11-13",
    )
    registered_on: dt.date | None = fact(
        "The day the Certificate of Registration issued (3-2-9.B.3)",
        default=None,
        unit="date",
        example="2026-11-29",
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
            ("order_issued", self.order_issued_on, {"disposition": self.order_disposition}),
            ("designation_stands", self.designation_stands_on, {}),
            ("registered", self.registered_on, {}),
        ]
        return [Event(kind, day, details) for kind, day, details in dated if day is not None]


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
        problems.append("designation_stands_on: a hearing was requested (3-2-9.A.1.e)")
    return problems


def where_it_stands(facts: CaseFacts, params: ParameterSet) -> list[Finding]:
    """The answer to "where does this case stand?": the state with the steps allowed next, the
    clocks running with their explanations, and the findings on each step of the path now."""
    found = standing(facts.events(), facts.on, params)
    allowed = [STEPS[k] for k in found.allowed]
    summary = Finding(
        rule=RULE,
        outcome=found.state,
        sections=tuple(dict.fromkeys(s.section for s in allowed)) or ("3-2-9",),
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
        f for key in _PATH.get(found.state, ()) for f in found.steps[key] if f.outcome != "in_order"
    ]
    return [summary, *found.deadlines, *path]
