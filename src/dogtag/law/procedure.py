"""A procedure as a pure function of dated events (STYLE.md §7): the shapes every procedure of the
rules core answers with (the commercial kennel application; the complaint).

An ``Event`` is what happened, when, with its facts. A procedure function takes the events so far
and a day and returns a ``ProcedureState``: the state of the matter, the steps allowed next (each
with the finding that allows it), the deadlines running (each a finding that explains its count),
and for every other step the findings that block it. Services record an event only if the state
allows it; pages draw their forms from the same state.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from dogtag.law.event import Event as Event  # re-exported: every procedure's one Event
from dogtag.law.findings import Finding, JSONValue


@dataclass(frozen=True)
class ProcedureState:
    """Where a matter stands on ``on``."""

    procedure: str
    on: dt.date
    state: str
    completed: tuple[str, ...]
    #: step -> the finding that allows it (not blocking)
    allowed: Mapping[str, Finding]
    #: step -> the findings that block it, the first one first
    blocked: Mapping[str, tuple[Finding, ...]]
    #: the deadlines running, each a finding whose ``next_date`` is the last day
    deadlines: tuple[Finding, ...] = ()

    @property
    def next_steps(self) -> tuple[str, ...]:
        return tuple(self.allowed)

    def findings(self) -> list[Finding]:
        """Every finding of the state, for ``dogtag evaluate``: the steps allowed, the deadlines
        running, then what blocks each other step."""
        return [
            *self.allowed.values(),
            *self.deadlines,
            *(f for found in self.blocked.values() for f in found),
        ]

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "procedure": self.procedure,
            "on": self.on.isoformat(),
            "state": self.state,
            "completed": list(self.completed),
            "next_steps": list(self.allowed),
            "deadlines": [f.to_json() for f in self.deadlines],
            "blocked": {step: [f.to_json() for f in found] for step, found in self.blocked.items()},
        }


def ordered(events: list[Event] | tuple[Event, ...]) -> list[Event]:
    """The events in the order they happened (stable for events of the same day)."""
    return sorted(events, key=lambda e: e.on)


def state_finding(rule_id: str, state: ProcedureState, next_step: str | None) -> Finding:
    """The answer of a procedure's question first: the state on its day, what it waits on and the
    steps that may be recorded, citing the sections of the steps allowed (else of those blocked)."""
    allowed = ", ".join(state.next_steps) or "none"
    return Finding(
        rule=rule_id,
        outcome="state",
        sections=tuple(dict.fromkeys(s for f in state.allowed.values() for s in f.sections))
        or tuple(dict.fromkeys(s for fs in state.blocked.values() for f in fs for s in f.sections)),
        message=(
            f"On {state.on.isoformat()} the {state.procedure.replace('-', ' ')} is "
            f"{state.state.replace('_', ' ')}"
            + (f"; it waits on {next_step.replace('_', ' ')}" if next_step else "")
            + f". Steps that may be recorded: {allowed}."
        ),
        facts={"on": state.on, "completed": list(state.completed)},
        details=state.to_json(),
    )
