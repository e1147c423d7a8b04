"""What every stage's findings on a step share: the case as the procedure reads it on a day, and
the finding of ``dangerous_dog.procedure`` on a step."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law.dangerous_dog_procedure.events import Circumstances, held_by_log
from dogtag.law.dangerous_dog_procedure.steps import RULE, Step
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.wording import phrase


@dataclass(frozen=True)
class Context:
    """The case on ``on``: its state, events and the records beside them, and its dates."""

    number: str
    state: str
    on: dt.date
    params: ParameterSet
    events: Sequence[Event]
    circumstances: Circumstances
    designated_on: dt.date | None
    notice: dt.date | None
    deemed: dt.date | None
    review_pending: bool


def finding(
    step: Step,
    outcome: str,
    message: str,
    c: Context,
    *,
    blocks: bool,
    sections: tuple[str, ...] = (),
    rule: str = RULE,
) -> Finding:
    """A finding on taking ``step`` now, citing the step's section unless told otherwise."""
    return Finding(
        rule=rule,
        outcome=outcome,
        sections=sections or (step.section,),
        blocks=blocks,
        message=message,
        facts={"step": step.key, "state": c.state, "on": c.on, "case": c.number},
    )


def request_days(c: Context) -> str:
    """ "fourteen days": the days to request a hearing (A.1.c), from the parameter in force."""
    return phrase(c.params.get("dangerous_dog.hearing_request_days", c.on), "words_unit")


def case_label(c: Context) -> str:
    return f"Case {c.number}" if c.number else "The case"


def held(c: Context) -> bool:
    """The dog is held by the Animal Control Authority on the records beside the events, or,
    when none were given (``dangerous-dog-case``), by the log."""
    if c.circumstances.impounded is not None:
        return c.circumstances.impounded
    return held_by_log(c.events)
