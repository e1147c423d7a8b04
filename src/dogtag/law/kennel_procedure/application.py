"""Where a commercial kennel application stands on a day (``commercial_kennel.council_license``,
``commercial_kennel.hearing``): ``commercial_application`` folds its log and answers with the
state, each step allowed that day with the finding that allows it, the findings that block every
other step, the clocks running, and the events not counted.

The log is folded event by event (``fold``): each event is checked against the events counted
before it, exactly as a service checks a step before recording it. An event the procedure would
not have allowed on its day is *not counted* and is reported with its findings: a council vote
taken before the hearing or the recommendation is no approval, a license with no council approval
is no license (issue 26 item 1.5). So recording allowed steps one by one and evaluating the whole
log give the same state."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import STEP_NAMES
from dogtag.law.kennel_procedure.events import Dates, apply, check_facts
from dogtag.law.kennel_procedure.finder import not_counted, offered
from dogtag.law.kennel_procedure.running import deadlines
from dogtag.law.kennel_procedure.standing import step_findings
from dogtag.law.kennel_procedure.steps import EVENT_KINDS, PROCEDURE, WHAT
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState, ordered


@dataclass(frozen=True)
class Folded:
    """The events counted, as ``Dates``, and each event not counted with the findings why."""

    dates: Dates
    not_counted: tuple[tuple[Event, tuple[Finding, ...]], ...]


def fold(events: Sequence[Event], on: dt.date, params: ParameterSet) -> Folded:
    """The log up to ``on``, event by event in the order they happened: each is counted only if
    the procedure allowed it on its day, given the events counted before it."""
    dates = Dates()
    skipped: list[tuple[Event, tuple[Finding, ...]]] = []
    for event in ordered(list(events)):
        check_facts(event)
        if event.on > on:
            continue
        findings = step_findings(dates, event.kind, event.on, params, event.facts)
        if findings[0].blocks:
            skipped.append((event, (_not_counted(event, findings[0]), *findings)))
        else:
            dates = apply(dates, event, params)
    return Folded(dates, tuple(skipped))


def _not_counted(event: Event, why: Finding) -> Finding:
    # a council vote not counted is no approval, whatever it said
    approval = (
        " It is not an approval."
        if event.kind in ("council_decision", "council_renewal") and event.facts.get("approved")
        else ""
    )
    return not_counted(event, why, WHAT[event.kind], approval)


def completed(events: Sequence[Event], params: ParameterSet) -> list[str]:
    """The main steps of a commercial kennel license the log counts, in their order (every
    event's day)."""
    days = [e.on for e in events]
    if not days:
        return []
    return fold(events, max(days), params).dates.completed()


def commercial_step(
    events: Sequence[Event],
    step: str,
    on: dt.date,
    params: ParameterSet,
    facts: Mapping[str, JSONValue] | None = None,
) -> list[Finding]:
    """The findings for recording ``step`` on ``on`` with ``facts`` after ``events`` (all of
    them: a step is never dated before the last one recorded). A finding that blocks comes
    first."""
    last = max((e.on for e in events), default=on)
    return step_findings(fold(events, max(last, on), params).dates, step, on, params, facts)


@dataclass(frozen=True)
class ApplicationState(ProcedureState):
    """Where an application stands, with the events of its log that were not counted."""

    dates: Dates = field(default_factory=Dates)
    not_counted: tuple[tuple[Event, tuple[Finding, ...]], ...] = ()
    #: what the events counted found (an inspection's dogs counted against the set number)
    results: tuple[Finding, ...] = ()

    def findings(self) -> list[Finding]:
        return [*(fs[0] for _, fs in self.not_counted), *self.results, *super().findings()]

    def to_json(self) -> dict[str, JSONValue]:
        out = super().to_json()
        out["not_counted"] = [
            {"event": event.to_json(), "findings": [f.to_json() for f in found]}
            for event, found in self.not_counted
        ]
        out["terms"] = [
            {"starts_on": t.starts_on.isoformat(), "ends_on": t.ends_on.isoformat(), "by": t.by}
            for t in self.dates.terms
        ]
        return out


def _state_name(dates: Dates, on: dt.date) -> str:
    if dates.withdrawn_on is not None:
        return "withdrawn"
    if dates.terms:
        if on <= dates.terms[-1].ends_on:
            return "licensed"
        return "not_renewed" if dates.renewal_refused_on is not None else "expired"
    if dates.council_approved is not None:
        return "approved" if dates.council_approved else "denied"
    if dates.recommended_on is not None:
        return "recommended"
    if dates.defective_hearing_on is not None:
        return "to_be_noticed_again"
    if dates.hearing_held_on is not None:
        return "hearing_held"
    if dates.notice_mailed_on is not None:
        return "hearing_noticed"
    return "received" if dates.applied_on is not None else "not_applied"


def commercial_application(
    events: Sequence[Event], on: dt.date, params: ParameterSet
) -> ApplicationState:
    """``commercial_kennel.council_license``, ``commercial_kennel.hearing``, ``.hearing_notice``,
    ``.recommendation``: where a commercial kennel application stands on ``on``, from its log: the
    state, each step that may be recorded that day with the finding that allows it, the findings
    that block every other step, the clocks running, and the events not counted with why."""
    folded = fold(events, on, params)
    dates = folded.dates
    allowed, blocked = offered(EVENT_KINDS, lambda step: step_findings(dates, step, on, params))
    return ApplicationState(
        procedure=PROCEDURE,
        on=on,
        state=_state_name(dates, on),
        completed=tuple(dates.completed()),
        allowed=allowed,
        blocked=blocked,
        deadlines=tuple(deadlines(dates, on, params)),
        dates=dates,
        not_counted=folded.not_counted,
    )


def next_step(state: ProcedureState) -> str | None:
    """The main step the application waits on: the first not yet taken, or None once it was
    denied, withdrawn or licensed."""
    if state.state in ("denied", "withdrawn", "licensed", "expired", "not_renewed"):
        return None
    return next((s for s in STEP_NAMES if s not in state.completed), None)
