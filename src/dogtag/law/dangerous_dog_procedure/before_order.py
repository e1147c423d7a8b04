"""The steps of a dangerous-dog case before the Hearing Officer's order (3-2-9.A.1-A.2): notice,
service, the request window, the designation standing (A.1.e), the hearing and its order; what
each step waits on beyond the state, and the ordinance's words when one comes too soon."""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_procedure.context import Context, case_label, finding, request_days
from dogtag.law.dangerous_dog_procedure.events import request_window
from dogtag.law.dangerous_dog_procedure.steps import Step
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.registry import rule

STANDS = "dangerous_dog.designation_stands"


@rule(
    STANDS,
    sections=("3-2-9.A.1.e", "3-2-9.A.1.c"),
    title="The designation stands when no hearing is requested",
    summary=(
        "If the owner does not request a hearing in writing within the "
        "{dangerous_dog.hearing_request_days:words_unit} after the notice, the designation "
        "stands: the dog is deemed dangerous on the window's last day, and it can be recorded "
        "only after that day; a request after it is refused."
    ),
    question="dangerous-dog-case",
)
def designation_stands(notice: dt.date, on: dt.date, params: ParameterSet) -> Finding:
    """3-2-9.A.1.e: "if the Owner does not request a Hearing within the allotted fourteen (14)
    days, the designation of Dangerous Dog as issued in the written Notice ... will stand". The
    owner may request a hearing through the window's last day (A.1.c); only after it does the
    designation stand, and the dog is deemed dangerous on that last day (the reading
    ``readings.deemed_dangerous_day``; the finding's ``deemed_on``)."""
    window = request_window(notice, params)
    assert window.deadline is not None
    last = window.deadline.due
    facts: dict[str, JSONValue] = {"notice_date": notice, "on": on}
    if on <= last:
        return Finding(
            rule=STANDS,
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
        rule=STANDS,
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


def too_soon(step: Step, c: Context) -> Finding | None:
    """The words of A.1.e, A.2.a and A.2.g when their step comes out of order, or None."""
    if (
        step.key == "hearing_request"
        and c.state == "dangerous"
        and c.deemed is not None
        and not any(e.kind == "hearing_requested" for e in c.events)
    ):
        # A.1.e: the designation stood; the request comes after the window (its own rule)
        return finding(
            step,
            "designation_stands",
            f"{case_label(c)}: no hearing was requested within the {request_days(c)}, and the "
            f"designation stands (3-2-9.A.1.e) since {day_label(c.deemed)}.",
            c,
            blocks=True,
            sections=("3-2-9.A.1.e",),
            rule=STANDS,
        )
    if step.key == "hold" and c.state == "hearing_requested":
        return finding(
            step,
            "not_scheduled",
            f"{case_label(c)}: the hearing has not been scheduled yet: schedule it (date, time "
            "and place) before recording that it was held.",
            c,
            blocks=True,
            sections=("3-2-9.A.2.a",),
        )
    if step.key == "order" and c.state in ("hearing_requested", "hearing_scheduled"):
        return finding(
            step,
            "no_hearing",
            f"{case_label(c)}: no hearing has been held yet: the order follows the hearing "
            "(3-2-9.A.2.g).",
            c,
            blocks=True,
        )
    return None


def gate(step: Step, c: Context) -> list[Finding] | None:
    """What a step before the order waits on beyond the state (A.1.e: the window's end), or
    None if only the state counts."""
    if step.key == "stands":
        return [designation_stands(c.notice, c.on, c.params)] if c.notice else None
    return None
