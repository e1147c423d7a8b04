"""The one builder of the kennel procedures' findings (``private_kennel.license``,
``commercial_kennel.license``), so that each rule says only
what is its own: its outcome and its words.

``Finder`` holds what every finding of one rule on one question shares (the rule, the sections
cited, the facts asked about, the values used); ``not_counted`` is the finding on an event of a
log that the procedure did not count; ``offered`` splits the steps of a day into those allowed
and those blocked."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterValue
from dogtag.law.procedure import Event


def long_day(day: dt.date) -> str:
    """A day as the findings write it: "November 2, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


@dataclass(frozen=True)
class Finder:
    """What the findings of ``rule`` on one question share. Called with an outcome and a message,
    it makes one finding, which blocks unless ``blocks=False``."""

    rule: str
    sections: tuple[str, ...]
    facts: Mapping[str, JSONValue] = field(default_factory=dict)
    parameters: tuple[ParameterValue, ...] = ()

    def __call__(
        self,
        outcome: str,
        message: str,
        *,
        blocks: bool = True,
        sections: tuple[str, ...] | None = None,
        next_date: dt.date | None = None,
        details: Mapping[str, JSONValue] | None = None,
    ) -> Finding:
        return Finding(
            rule=self.rule,
            outcome=outcome,
            sections=sections or self.sections,
            blocks=blocks,
            message=message,
            facts=self.facts,
            parameters=self.parameters,
            next_date=next_date,
            details=details or {},
        )

    def in_order(self, what: str) -> Finding:
        """The finding that allows ``what``, citing the first section."""
        return self("in_order", f"In order: {what} ({self.sections[0]}).", blocks=False)

    def clock(
        self,
        outcome: str,
        message: str,
        *,
        on: dt.date,
        starts_on: dt.date,
        last: dt.date,
        passed: str,
    ) -> Finding:
        """A clock from ``starts_on`` to its ``last`` day; on ``on`` after that day it blocks,
        its message ending with what is done now (``passed``)."""
        late = on > last
        return self(
            outcome,
            message + (f" That day has passed: {passed}" if late else ""),
            blocks=late,
            next_date=last,
            details={"starts_on": starts_on, "ends_on": last},
        )


def not_counted(event: Event, why: Finding, what: str, after: str = "") -> Finding:
    """The finding on ``event`` (``what`` it is) that the procedure did not count on its day,
    because of ``why`` (its rule and sections), followed by ``after``."""
    return Finding(
        rule=why.rule,
        outcome="not_counted",
        sections=why.sections,
        blocks=True,
        message=f"Not counted: {what} of {long_day(event.on)}. {why.message}{after}",
        facts={"event": event.to_json()},
    )


def offered(
    kinds: Iterable[str], findings_of: Callable[[str], Sequence[Finding]]
) -> tuple[dict[str, Finding], dict[str, tuple[Finding, ...]]]:
    """Each step of ``kinds`` allowed (with the finding that allows it) or blocked (with every
    finding that blocks it), by ``findings_of(step)``, whose blocking finding comes first."""
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in kinds:
        found = findings_of(step)
        if found[0].blocks:
            blocked[step] = tuple(f for f in found if f.blocks)
        else:
            allowed[step] = found[0]
    return allowed, blocked
