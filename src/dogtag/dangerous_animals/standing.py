"""Where a dangerous-animal case stands, as the rules core reads its stored events: the one
reading the services and the pages share (``law.dangerous_animal_procedure``, answering
``dangerous-dog-case``). Nothing here counts a day or cites a section of its own."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from dogtag.dangerous_animals.models import EVENT_KINDS, AnimalCase, AnimalCaseEvent
from dogtag.law import dangerous_animal_procedure as procedure
from dogtag.law.dangerous_animal_procedure import case as animal_case
from dogtag.law.dangerous_animal_procedure import forfeiture
from dogtag.law.event import Event, parse_event
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import ProcedureState, state_finding
from dogtag.law.questions import FactsError, question

QUESTION = "dangerous-dog-case"
#: the order of kinds on one day, as the question reads the log
_RANK = {kind: n for n, kind in enumerate(EVENT_KINDS)}
_CASE_KINDS = frozenset(procedure.KINDS)


@dataclass(frozen=True)
class Standing:
    """The case on one day: its procedure's state, the forfeiture's (None: no forfeiture), and
    every finding the question answers with (the state first)."""

    case: ProcedureState
    forfeiture: ProcedureState | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def next_kinds(self) -> list[str]:
        """The kinds of event that may be recorded, the case's then the forfeiture's (a first
        notice of forfeiture is always among them while the animal lives)."""
        kinds = list(self.case.allowed)
        if self.forfeiture is not None:
            kinds += list(self.forfeiture.allowed)
        return kinds

    @property
    def deadlines(self) -> list[Finding]:
        return [*self.case.deadlines, *(self.forfeiture.deadlines if self.forfeiture else ())]


def log_of(case: AnimalCase) -> list[dict[str, object]]:
    """The case's stored events as the question takes them (JSON), in the order recorded."""
    return [
        {"kind": kind, "on": on.isoformat(), "facts": details}
        for kind, on, details in case.events.order_by("on", "id").values_list(
            "kind", "on", "details"
        )
    ]


def facts_of(case: AnimalCase, log: Sequence[dict[str, object]], on: dt.date) -> dict[str, object]:
    """The facts of ``dangerous-dog-case`` for the case and ``log`` on ``on``."""
    return {
        "designated_on": case.designated_on.isoformat(),
        "on": on.isoformat(),
        "animal": case.animal,
        "events": list(log),
    }


def events_of(log: Sequence[dict[str, object]]) -> list[Event]:
    """The log's events, sorted as the question sorts them (by day, then by the procedure's
    order of kinds)."""
    events = []
    for n, raw in enumerate(log):
        event, problem = parse_event(f"events[{n}]", raw, EVENT_KINDS)
        if event is None:
            raise ValueError(problem)
        events.append(event)
    return sorted(events, key=lambda e: (e.on, _RANK[e.kind]))


def standing(
    case: AnimalCase, on: dt.date, params: ParameterSet, log: Sequence[dict[str, object]] | None
) -> Standing:
    """Where the case stands on ``on`` (its stored log unless ``log`` is given). ``ValueError``
    (the rules core's ``OutOfOrder`` among them) when the log is not in order."""
    log = log_of(case) if log is None else log
    state, fstate = procedures(case, on, params, log)
    try:
        findings = question(QUESTION).evaluate(facts_of(case, log, on), params)
    except FactsError as exc:
        raise ValueError("; ".join(exc.problems)) from None
    return Standing(state, fstate, findings)


def procedures(
    case: AnimalCase, on: dt.date, params: ParameterSet, log: Sequence[dict[str, object]]
) -> tuple[ProcedureState, ProcedureState]:
    """The case's procedure and its forfeiture's on ``on``, as the rules core reads ``log``
    (without the question's findings: the due list and the calendar read only the clocks)."""
    events = events_of(log)
    case_events = [e for e in events if e.kind in _CASE_KINDS]
    forfeiture_events = [e for e in events if e.kind not in _CASE_KINDS]
    state = animal_case.dangerous_animal_case(
        case.animal, case.designated_on, case_events, on, params
    )
    fstate, _ = forfeiture.forfeiture_case(forfeiture_events, on, params)
    return state, fstate


def log_up_to(events: Sequence[AnimalCaseEvent], on: dt.date) -> list[dict[str, object]]:
    """The log of ``events`` (the case's, in the order recorded) up to ``on``, as the question
    takes it."""
    return [
        {"kind": e.kind, "on": e.on.isoformat(), "facts": e.details} for e in events if e.on <= on
    ]


def pending_hearings(events: Sequence[AnimalCaseEvent]) -> list[tuple[AnimalCaseEvent, dt.date]]:
    """The hearings set and not (yet) recorded held, the case's and the forfeiture's: each
    ``hearing_set`` event with the day it set, read from ``events`` in the order recorded."""
    pending: dict[bool, tuple[AnimalCaseEvent, dt.date]] = {}
    for event in events:
        if event.kind in ("hearing_set", "forfeiture_hearing_set"):
            raw = event.details.get("hearing_on")
            if isinstance(raw, str):
                pending[event.kind == "hearing_set"] = (event, dt.date.fromisoformat(raw))
        elif event.kind in ("hearing_held", "forfeiture_hearing_held"):
            pending.pop(event.kind == "hearing_held", None)
        elif event.kind == "destroyed":
            pending.pop(True, None)
    return list(pending.values())


def opening_findings(animal: str, designated_on: dt.date, params: ParameterSet) -> list[Finding]:
    """The findings of a case just designated: where it stands and the designation's own."""
    state = animal_case.dangerous_animal_case(animal, designated_on, [], designated_on, params)
    return [
        state_finding(animal_case.RULE, state, animal_case.next_step(state)),
        *animal_case.findings_of(animal, designated_on, [], designated_on, params),
    ]


def is_case_kind(kind: str) -> bool:
    return kind in _CASE_KINDS
