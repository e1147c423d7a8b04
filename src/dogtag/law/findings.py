"""The one type every rule returns: a cited, explained finding.

A finding says what the law concludes about a set of facts (its *outcome*), which sections drive that
conclusion, a sentence a clerk can read aloud, and everything it used: the facts, the parameter values
with their effective dates and sources, the readings adopted where the text is ambiguous, and any
deadline with its day-by-day explanation. Everything in it is JSON-serialisable through ``to_json``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from dogtag.law.computation_of_time import Deadline
from dogtag.law.jsonable import JSONValue as JSONValue
from dogtag.law.jsonable import to_jsonable as to_jsonable
from dogtag.law.params import ParameterValue


@dataclass(frozen=True)
class Finding:
    """What one rule concludes, and why.

    ``outcome`` is a short machine word chosen by the rule ("required", "exempt", "due", "controls").
    ``blocks`` is true when the finding forbids the action asked about: a service refuses the action
    if any finding blocks it.
    """

    rule: str
    outcome: str
    sections: tuple[str, ...]
    message: str
    blocks: bool = False
    facts: Mapping[str, JSONValue] = field(default_factory=dict)
    parameters: tuple[ParameterValue, ...] = ()
    deadline: Deadline | None = None
    next_date: dt.date | None = None
    details: Mapping[str, JSONValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.sections:
            raise ValueError(f"finding of rule {self.rule!r} cites no section")
        if not self.message.strip():
            raise ValueError(f"finding of rule {self.rule!r} has no message")

    @property
    def readings(self) -> tuple[ParameterValue, ...]:
        """The adopted readings (LEGAL-NOTES §6) this finding depends on."""
        return tuple(p for p in self.parameters if p.is_reading)

    @property
    def citation(self) -> str:
        return ", ".join(self.sections)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "rule": self.rule,
            "outcome": self.outcome,
            "blocks": self.blocks,
            "sections": list(self.sections),
            "message": self.message,
            "facts": to_jsonable(self.facts),
            "parameters": [p.to_json() for p in self.parameters if not p.is_reading],
            "readings": [p.to_json() for p in self.readings],
            "deadline": self.deadline.to_json() if self.deadline else None,
            "next_date": to_jsonable(self.next_date),
            "details": to_jsonable(self.details),
        }


def blocking(findings: Sequence[Finding]) -> list[Finding]:
    """The findings that forbid the action asked about."""
    return [f for f in findings if f.blocks]
