"""The findings on one step of a commercial kennel application on a day
(``commercial_kennel.council_license``, ``.hearing``, ``.council_conditions``),
after the events counted so far: the order of the main steps (``kennel.commercial_procedure``),
the hearing noticed again, the owners found missing from the notice list, the steps after the
license, and the day and the decisions' conditions beside them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import (
    COUNCIL_LICENSE,
    HEARING_NOTICE,
    STEP_NAMES,
    commercial_procedure,
)
from dogtag.law.kennel_procedure.decisions import (
    council_conditions_with_approval,
    lifecycle,
    recommendation_made,
)
from dogtag.law.kennel_procedure.events import Dates, day_list
from dogtag.law.kennel_procedure.finder import Finder, long_day
from dogtag.law.kennel_procedure.steps import EVENT_KINDS, NOTICE_READING, WHAT, section_of
from dogtag.law.kennel_procedure.timing import notice_to_all_owners, step_timing
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cite


def step_findings(
    dates: Dates,
    step: str,
    on: dt.date,
    params: ParameterSet,
    facts: Mapping[str, JSONValue] | None = None,
) -> list[Finding]:
    """The findings for recording ``step`` on ``on`` with ``facts`` (None: whatever they will be)
    after the events counted into ``dates``. A finding that blocks comes first."""
    if step not in EVENT_KINDS:
        raise ValueError(f"step {step!r} is not one of {', '.join(EVENT_KINDS)}")
    given = facts or {}
    if dates.withdrawn_on is not None:
        section = cite(COUNCIL_LICENSE, params)
        says = Finder(
            "kennel.commercial_procedure",
            (section,),
            {"step": step, "withdrawn_on": dates.withdrawn_on},
        )
        return [
            says(
                "withdrawn",
                f"Not done: the application was withdrawn on {long_day(dates.withdrawn_on)} "
                f"({section}).",
            )
        ]
    hearing_on = given.get("hearing_on")
    timing = step_timing(
        step,
        on,
        dates,
        hearing_on=hearing_on if isinstance(hearing_on, dt.date) else None,
    )
    main = (
        _main_step(dates, step, on)
        if step in STEP_NAMES
        else _side_step(dates, step, on, params, given)
    )
    if main.blocks:
        return [main]
    extra: list[Finding] = []
    if step in ("owner_omitted", "owner_notified_late", "hearing_held"):
        owner = given.get("owner")
        found = notice_to_all_owners(
            step, on, dates, params, owner.strip() if isinstance(owner, str) else None
        )
        if found is not None:
            extra.append(found)
    if step == "recommendation" and "conditions" in given:
        found = recommendation_made(str(given.get("recommendation", "approve")), _conditions(given))
        if found is not None:
            extra.append(found)
    if step in ("council_decision", "council_renewal") and isinstance(given.get("approved"), bool):
        found = council_conditions_with_approval(bool(given["approved"]), _conditions(given))
        if found is not None:
            extra.append(found)
    if timing is not None:
        extra.insert(0, timing)
    blocking = [f for f in extra if f.blocks]
    return [*blocking, main] if blocking else [main]


def _conditions(given: Mapping[str, JSONValue]) -> list[str]:
    value = given.get("conditions")
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def _renotice(dates: Dates, on: dt.date) -> bool:
    """The hearing may be scheduled again after its notice went out: it was undone by an owner
    found missing, an owner found missing has had no notice, or its day passed unheld."""
    if dates.council_decided_on is not None or dates.recommended_on is not None:
        return False
    if dates.defective_hearing_on is not None:
        return True
    if dates.hearing_held_on is not None or dates.notice_mailed_on is None:
        return False
    hearing = dates.hearing_on
    return bool(dates.outstanding(dt.date.max)) or (hearing is not None and on >= hearing)


def _main_step(dates: Dates, step: str, on: dt.date) -> Finding:
    notice = cite(HEARING_NOTICE)
    says = Finder("kennel.notice_to_all_owners", (notice,), {"step": step, "on": on})
    if step == "hearing_scheduled" and _renotice(dates, on):
        return says(
            "notice_again",
            f"In order: the hearing scheduled again, to be noticed to all affected property "
            f"owners ({notice}).",
            blocks=False,
        )
    if step in ("notice_list", "notice_mailed") and dates.defective_hearing_on is not None:
        return says(
            "renotice_first",
            f"The hearing of {long_day(dates.defective_hearing_on)} is to be noticed again: "
            f"schedule the hearing again first ({notice}).",
        )
    return commercial_procedure(step, dates.completed(), council_approved=dates.council_approved)


def _side_step(
    dates: Dates, step: str, on: dt.date, params: ParameterSet, given: Mapping[str, JSONValue]
) -> Finding:
    if step not in ("owner_omitted", "owner_notified_late"):
        return lifecycle(step, on, dates, params, day_list(given, "complaints"))
    what, section = WHAT[step], section_of(step)
    if dates.notice_list_drawn_on is None:
        says = Finder("kennel.commercial_procedure", (section,), {"step": step, "on": on})
        return says("out_of_order", f"Not yet: {what} follows the notice list drawn ({section}).")
    found = notice_to_all_owners(step, on, dates, params)
    if found is not None:
        return found
    says = Finder(
        "kennel.notice_to_all_owners",
        (section,),
        {"step": step, "on": on},
        (params.get(NOTICE_READING, on),),
    )
    return says.in_order(what)
