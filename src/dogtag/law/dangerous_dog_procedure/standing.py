"""Where a dangerous-dog case stands on a day: ``standing(events, on, params)``.

It reads the events (``events``), finds each step's order against the state (``steps``), adds
what each step waits on beyond the state (``before_order``, ``after_order``) and the clocks
running (``running``), and answers with the steps allowed next, the deadlines and the findings
that block every other step.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from dogtag.law.dangerous_dog_procedure import after_order, before_order, court
from dogtag.law.dangerous_dog_procedure.context import Context, case_label, finding, request_days
from dogtag.law.dangerous_dog_procedure.events import (
    NONE_RECORDED,
    Circumstances,
    classify,
    dates,
    review_pending,
    state_after,
)
from dogtag.law.dangerous_dog_procedure.running import running
from dogtag.law.dangerous_dog_procedure.steps import (
    BESIDE,
    NEXT_STEP,
    PATH,
    RULE,
    STATES,
    STEPS,
    Step,
)
from dogtag.law.findings import Finding, blocking
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "restrictions imposed upon a Dangerous Dog under this Section": the section as a whole
RESTRICTIONS = "dangerous_dog.restrictions"
#: "1. Notice.": the Notice of Dangerous Dog and all it must include
NOTICE_PROVISIONS = "dangerous_dog.notice.contents"
#: "2. Hearing:", whose requirements the revocation hearing "shall comply with"
HEARING_REQUIREMENTS = "dangerous_dog.hearing.requirements"
#: "Any Certificate of Registration ... may be revoked, following Hearing"
REVOCATION = "dangerous_dog.revocation"
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: ... will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"


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
    #: The incorporation of the state's sections (``incorporation.state_statutes``) on the clocks
    #: running that the city and the state both set from different events: both clocks and which
    #: controls (registration), and what a pending hearing does to them.
    controlling: list[Finding] = field(default_factory=list)
    #: The events of the log set aside, each with the finding that says why (a request not in
    #: writing or too late, an order of destruction without the written findings).
    flags: list[Finding] = field(default_factory=list)
    #: What the log shows beside the path: refusals to release the dog on demand, a writ of
    #: certiorari pending, each sale and whether the buyer was told beforehand.
    conduct: list[Finding] = field(default_factory=list)

    @property
    def state_label(self) -> str:
        if self.state == "served" and "stands" in self.allowed:
            # the designation stands: the days have passed without a request; the designation stands by the
            # ordinance's own words, whether or not the step recording it was taken
            return (
                "notice served; no hearing was requested within the days to request one, so the "
                f"designation stands ({cite(DESIGNATION_STANDS)}): record it"
            )
        return STATES[self.state]

    def findings_for(self, step: str) -> list[Finding]:
        """The findings on taking ``step`` now: blocking ones first if it may not come."""
        if step not in STEPS:
            raise ValueError(f"step {step!r} is not a step of {cite(RESTRICTIONS)}")
        return self.steps[step]


@rule(
    RULE,
    provisions=(NOTICE_PROVISIONS, HEARING_REQUIREMENTS, REVOCATION),
    title="The steps of a dangerous-dog case, in order",
    summary=(
        "Notice, service, {dangerous_dog.hearing_request_days:words_unit} to request a hearing in "
        "writing (or the designation stands), the hearing within "
        "{dangerous_dog.hearing_days:words_unit} and the order within "
        "{dangerous_dog.order_days:words_unit}, then registration, renewal and revocation after "
        "notice and hearing: each step only after the one it follows, and the clocks running at "
        "each state."
    ),
    question="dangerous-dog-case",
)
def standing(
    events: Sequence[Event],
    on: dt.date,
    params: ParameterSet,
    circumstances: Circumstances = NONE_RECORDED,
    *,
    number: str = "",
) -> Standing:
    """The notice, the hearing, the order, the revocation and the owner's notices: the state the
    events lead to, the steps allowed on ``on`` with
    their findings, the clocks running and the findings that block every other step."""
    classified = classify(events, params)
    events = classified.events
    state = state_after(events)
    found = dates(events, params)
    context = Context(
        number=number,
        state=state,
        on=on,
        params=params,
        events=events,
        circumstances=circumstances,
        designated_on=found.designated_on,
        notice=found.notice,
        deemed=found.deemed,
        review_pending=review_pending(events),
    )
    order = {key: _in_state(STEPS[key], context) for key in STEPS}
    findings = {key: _step_findings(STEPS[key], order[key], context) for key in STEPS}
    offered = [*PATH.get(state, ()), *BESIDE]
    allowed = {key: findings[key] for key in offered if not blocking(findings[key])}
    blocked = {key: f for key, f in findings.items() if blocking(f)}
    clocks = running(state, events, found, on, params)
    return Standing(
        number=number,
        on=on,
        state=state,
        designated_on=found.designated_on,
        notice_date=found.notice,
        deemed_on=found.deemed,
        review_pending=context.review_pending,
        allowed=allowed,
        deadlines=clocks.deadlines,
        blocked=blocked,
        order=order,
        steps=findings,
        controlling=clocks.controlling,
        flags=classified.flags,
        conduct=court.conduct(events),
    )


def _out_of_order(step: Step, c: Context) -> Finding:
    """A step in a state it may not come in; with the words that say why, where the ordinance
    gives them (A.1.e, A.2.a, A.2.g, B.6.a)."""
    said = before_order.too_soon(step, c) or after_order.too_soon(step, c)
    if said is not None:
        return said
    return finding(
        step,
        "out_of_order",
        f"{case_label(c)} is {STATES[c.state]}: cannot {step.doing} now. "
        f"The next step is to {NEXT_STEP[c.state].format(days=request_days(c))}.",
        c,
        blocks=True,
    )


def _in_state(step: Step, c: Context) -> Finding:
    if c.state not in step.states:
        return _out_of_order(step, c)
    return finding(step, "in_order", f"In order: {step.doing} ({step.section}).", c, blocks=False)


def _step_findings(step: Step, order: Finding, c: Context) -> list[Finding]:
    if order.blocks:
        return [order]
    gate = before_order.gate(step, c)
    if gate is None:
        gate = after_order.gate(step, c)
    if gate is None:
        gate = court.gate(step, c)
    return [order, *gate] if gate is not None else [order]
