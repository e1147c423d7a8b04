"""The steps of a dangerous-dog case before the Hearing Officer's order: notice, service, the
request window, the designation standing (``dangerous_dog.notice.designation_stands``), the hearing
and its order; what each step waits on beyond the state, and the ordinance's words when one comes
too soon. The summary keeps Nowthen's letter (B.2), as its catalogue shows it."""

from __future__ import annotations

import datetime as dt

from dogtag.law import dangerous_dog_steps
from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dog_procedure.context import Context, case_label, finding, request_days
from dogtag.law.dangerous_dog_procedure.events import (
    DEEMED_READING,
    last,
    request_window,
    stood_on,
)
from dogtag.law.dangerous_dog_procedure.steps import Step
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule

STANDS = "dangerous_dog.designation_stands"

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "if the Owner does not request a Hearing within the allotted fourteen (14) days, the designation
#: of Dangerous Dog as issued in the written Notice of Dangerous Dog will stand"
DESIGNATION_STANDS = "dangerous_dog.notice.designation_stands"
#: "they have fourteen (14) days to appeal the determination by requesting a Hearing ... The
#: request for a Hearing shall be made directly to the Animal Control Authority, and must be
#: submitted in writing"
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
#: "All dogs deemed Dangerous ... shall be registered as a Dangerous Dog with the Animal Control
#: Authority within thirty (30) days after the date the dog was so deemed"
REGISTRATION = "dangerous_dog.registration"
#: "the Hearing shall be held before a Hearing Officer within fourteen (14) days"
HEARING = "dangerous_dog.hearing"
#: "the Hearing Officer shall make such order as he/she deems proper"
ORDER = "dangerous_dog.hearing.order"


@rule(
    STANDS,
    provisions=(DESIGNATION_STANDS, HEARING_REQUEST),
    title="The designation stands when no hearing is requested",
    summary=(
        "If the owner does not request a hearing in writing within the "
        "{dangerous_dog.hearing_request_days:words_unit} after the notice, the designation "
        "stands: it can be recorded only after the last of those days, the dog is deemed "
        "dangerous as the reading of B.2 in force says (by default on the day of the "
        "designation), and a request after it is kept but does not reopen the designation."
    ),
    question="dangerous-dog-case",
)
def designation_stands(
    notice: dt.date, on: dt.date, params: ParameterSet, designated_on: dt.date | None = None
) -> Finding:
    """The designation stands: "if the Owner does not request a Hearing within the allotted
    fourteen (14) days, the designation of Dangerous Dog as issued in the written Notice ... will
    stand". The owner may request a hearing through the window's last day; only after it does the
    designation stand. The registration (``dangerous_dog.registration``) counts from "the date the
    dog was so deemed ... by the Animal Control Authority or Hearing Officer, as applicable": with
    no hearing, the Authority's designation
    day (``designated_on``) under the reading in force (``readings.deemed_dangerous_day``; the
    finding's ``deemed_on``), else the window's last day."""
    window = request_window(notice, params)
    assert window.deadline is not None
    last = window.deadline.due
    deemed = stood_on(designated_on, notice, params) if designated_on is not None else last
    reading = params.get(DEEMED_READING, designated_on or notice)
    facts: dict[str, JSONValue] = {"notice_date": notice, "on": on, "designated_on": designated_on}
    request, stands = cite(HEARING_REQUEST), cite(DESIGNATION_STANDS)
    if on <= last:
        return Finding(
            rule=STANDS,
            outcome="window_open",
            sections=cite_each(HEARING_REQUEST, DESIGNATION_STANDS),
            blocks=True,
            message=(
                f"The owner may still request a hearing through {day_label(last)} "
                f"({request}): the designation stands only after that day. " + window.message
            ),
            facts=facts,
            parameters=window.parameters,
            deadline=window.deadline,
            next_date=last + dt.timedelta(days=1),
        )
    return Finding(
        rule=STANDS,
        outcome="stands",
        sections=cite_each(DESIGNATION_STANDS, REGISTRATION),
        message=(
            f"No written request for a hearing by {day_label(last)}: the designation stands "
            f"({stands}); the dog is deemed dangerous on {day_label(deemed)}, "
            + (
                "the day the Animal Control Authority designated it"
                if deemed == designated_on and reading.choice == "designation_or_order"
                else "the last day to request a hearing"
            )
            + f" ({cite(REGISTRATION)}; reading {DEEMED_READING})."
        ),
        facts=facts,
        parameters=(*window.parameters, reading),
        deadline=window.deadline,
        details={"deemed_on": deemed},
    )


def _late_request(step: Step, c: Context) -> Finding:
    """A written request received after the days to request a hearing is kept, flagged for the
    Hearing Officer, and does not reopen the designation (it stands); within the days it is a
    request."""
    if any(e.kind == "hearing_requested" for e in c.events) or (
        c.state != "served" and c.deemed is not None and _upheld_by_order(c)
    ):
        return finding(
            step,
            "heard",
            f"{case_label(c)}: a hearing was requested in time; the order decides the "
            f"designation ({cite(ORDER)}).",
            c,
            blocks=True,
            sections=(cite(ORDER),),
        )
    if c.notice is None:
        return finding(step, "not_served", "The notice has not been served.", c, blocks=True)
    window = request_window(c.notice, c.params)
    found = dangerous_dog_steps.hearing_request(c.on, in_writing=True, window=window)
    if not found.blocks:
        return finding(
            step,
            "in_time",
            f"{case_label(c)}: a written request received {day_label(c.on)} is in time: record "
            f"it as a request for a hearing ({cite(HEARING_REQUEST)}).",
            c,
            blocks=True,
            sections=(cite(HEARING_REQUEST),),
        )
    return finding(
        step,
        "late",
        f"{case_label(c)}: a written request received {day_label(c.on)} is kept and flagged "
        "for the Hearing Officer; it does not reopen the designation, which stands "
        f"({cite(DESIGNATION_STANDS)}).",
        c,
        blocks=False,
        sections=cite_each(HEARING_REQUEST, DESIGNATION_STANDS),
    )


def _last_day(c: Context) -> str:
    if c.notice is None:
        return ""
    window = request_window(c.notice, c.params)
    assert window.deadline is not None
    return f" (the last was {day_label(window.deadline.due)})"


def _upheld_by_order(c: Context) -> bool:
    return any(e.kind == "order_issued" for e in c.events)


def _hold(c: Context) -> list[Finding] | None:
    requested = last(c.events, "hearing_requested")
    if requested is None:
        return None
    scheduled = last(c.events, "hearing_scheduled")
    if scheduled is None:
        return None
    # the day the hearing was set for (the question's hearing_on, the records' scheduled_at),
    # else the day asked; an extension for good cause is the schedule's (dangerous_dog.hearing)
    day = _hearing_day(scheduled) or c.on
    cause = str(scheduled.facts.get("good_cause", "") or "")
    if scheduled.facts.get("extended") is True and not cause:
        cause = "extended by the Hearing Officer"
    limit = deadline(c.params, requested.on, clock_id="dangerous_dog.hearing")
    found = dangerous_dog_steps.hearing_in_time(day, limit, good_cause=cause, held=True)
    return [found] if found.blocks else None


def _hearing_day(scheduled: Event) -> dt.date | None:
    day = scheduled.facts.get("hearing_on")
    if isinstance(day, dt.date):
        return day
    at = scheduled.facts.get("scheduled_at")
    if isinstance(at, str):
        try:
            return dt.datetime.fromisoformat(at).date()
        except ValueError:
            return None
    return None


def too_soon(step: Step, c: Context) -> Finding | None:
    """The words of the designation standing, the hearing and the order when their step comes
    out of order, or None."""
    if (
        step.key == "hearing_request"
        and c.state == "dangerous"
        and c.deemed is not None
        and not any(e.kind == "hearing_requested" for e in c.events)
    ):
        # the designation stood; the request comes after the window (its own rule)
        return finding(
            step,
            "designation_stands",
            f"{case_label(c)}: no hearing was requested within the {request_days(c)}"
            f"{_last_day(c)}, and the designation stands ({cite(DESIGNATION_STANDS)}); the dog is deemed "
            f"dangerous from {day_label(c.deemed)}. A written request received now is kept as a "
            "late request for the Hearing Officer.",
            c,
            blocks=True,
            sections=(cite(DESIGNATION_STANDS),),
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
            sections=(cite(HEARING),),
        )
    if step.key == "order" and c.state in ("hearing_requested", "hearing_scheduled"):
        return finding(
            step,
            "no_hearing",
            f"{case_label(c)}: no hearing has been held yet: the order follows the hearing "
            f"({cite(ORDER)}).",
            c,
            blocks=True,
        )
    return None


def gate(step: Step, c: Context) -> list[Finding] | None:
    """What a step before the order waits on beyond the state, or None if only the state counts:
    a request only within the days (after them, only as a late request: the designation stands);
    the designation stands only after them; a hearing held after its days only when extended for
    good cause."""
    if step.key == "hearing_request" and c.notice is not None:
        window = request_window(c.notice, c.params)
        found = dangerous_dog_steps.hearing_request(c.on, in_writing=True, window=window)
        return [found] if found.blocks else None
    if step.key == "late_request":
        return [_late_request(step, c)]
    if step.key == "oral_request" and c.notice is not None:
        window = request_window(c.notice, c.params)
        assert window.deadline is not None
        if c.on > window.deadline.due:
            return [
                finding(
                    step,
                    "window_closed",
                    f"{case_label(c)}: the days to request a hearing ended "
                    f"{day_label(window.deadline.due)}; the designation stands "
                    f"({cite(DESIGNATION_STANDS)}).",
                    c,
                    blocks=True,
                    sections=(cite(DESIGNATION_STANDS),),
                )
            ]
    if step.key == "hold":
        return _hold(c)
    if step.key == "stands":
        if c.notice is None:
            return None
        return [designation_stands(c.notice, c.on, c.params, c.designated_on)]
    return None
