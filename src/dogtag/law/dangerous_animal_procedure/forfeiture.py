"""A forfeiture of ownership rights as a pure function of its dated events: the city's notice
(served personally or by registered mail, in writing, stating the reasons), the days to appeal
by requesting a hearing (``forfeiture.hearing_request``), the hearing set within the days after
the demand (``forfeiture.hearing``), the decision standing without an appeal or the hearing
officer's order, and the animal surrendered immediately (a refusal is a misdemeanor).

Events: ``forfeiture_noticed`` (``method``: personal or registered_mail; ``grounds``: of
``GROUNDS``; ``reasons``), ``forfeiture_hearing_requested``, ``forfeiture_hearing_set``
(``hearing_on``), ``forfeiture_hearing_held``, ``forfeiture_order`` (``forfeited``: true or
false), ``surrendered`` and ``surrender_refused``. The notice's day is the day the owner was
notified (``readings.notice_date``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_animal_procedure.steps import (
    FORFEITURE_GROUNDS,
    FORFEITURE_HEARING,
    FORFEITURE_HEARING_REQUEST,
    FORFEITURE_NOTICE,
    FORFEITURE_OTHER_ANIMALS,
    FORFEITURE_STANDS,
    FORFEITURE_SURRENDER,
    OutOfOrder,
    due,
    hearing_running,
    hearing_set_late,
    last_day,
    misdemeanor,
    section,
    state_of,
    step,
)
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState
from dogtag.law.provisions import cite_each
from dogtag.law.registry import rule

PROCEDURE = "forfeiture"
RULE = "forfeiture.procedure"
KINDS = (
    "forfeiture_noticed",
    "forfeiture_hearing_requested",
    "forfeiture_hearing_set",
    "forfeiture_hearing_held",
    "forfeiture_order",
    "surrendered",
    "surrender_refused",
)
#: what may be forfeited: a public nuisance, wild or maltreated animal, or the owner's other
#: animals on a shown inability or unwillingness to care for or control them
GROUNDS = ("public_nuisance", "wild", "maltreated", "other_animal")
METHODS = ("personal", "registered_mail")


@dataclass(frozen=True)
class _Forfeiture:
    noticed_on: dt.date | None = None
    grounds: tuple[str, ...] = ()
    requested_on: dt.date | None = None
    hearing_on: dt.date | None = None
    heard_on: dt.date | None = None
    ruling: tuple[dt.date, bool] | None = None
    surrendered_on: dt.date | None = None
    refused_on: dt.date | None = None


def _stands(case: _Forfeiture, day: dt.date, params: ParameterSet) -> bool | None:
    """Whether the forfeiture stands on ``day``: True, False (the hearing officer ordered
    otherwise), or None (not yet decided)."""
    if case.ruling is not None:
        return case.ruling[1]
    noticed, requested = case.noticed_on, case.requested_on
    closed = noticed is not None and requested is None
    if closed and noticed and day > last_day("forfeiture.hearing_request", noticed, params):
        return True
    return None


def _phase(case: _Forfeiture, day: dt.date, params: ParameterSet) -> str:
    if case.surrendered_on is not None:
        return "surrendered"
    stands = _stands(case, day, params)
    if stands is not None:
        return "forfeited" if stands else "not_forfeited"
    for reached, name in (
        (case.heard_on, "heard"),
        (case.hearing_on, "hearing_set"),
        (case.requested_on, "hearing_requested"),
        (case.noticed_on, "appeal_open"),
    ):
        if reached is not None:
            return name
    return "none"


def _why_not(kind: str, case: _Forfeiture, day: dt.date, params: ParameterSet) -> tuple[str, ...]:
    if kind == "forfeiture_noticed":
        if case.noticed_on is not None:
            return (f"the owner was notified on {day_label(case.noticed_on)}", FORFEITURE_NOTICE)
        return ()
    if case.noticed_on is None:
        return ("the city notifies the owner of the forfeiture it seeks first", FORFEITURE_NOTICE)
    stands = _stands(case, day, params)
    if kind == "forfeiture_hearing_requested":
        if case.requested_on is not None:
            return (
                f"a hearing was requested on {day_label(case.requested_on)}",
                FORFEITURE_HEARING_REQUEST,
            )
        last = last_day("forfeiture.hearing_request", case.noticed_on, params)
        if day > last:
            return (
                f"the days to appeal ended on {day_label(last)}; no appeal was filed, so the "
                "forfeiture decision stands",
                FORFEITURE_HEARING_REQUEST,
                FORFEITURE_STANDS,
            )
        return ()
    if kind == "forfeiture_hearing_set":
        if case.requested_on is None:
            return ("a hearing is set on the owner's demand for it", FORFEITURE_HEARING)
        if case.heard_on is not None:
            return (f"the hearing was held on {day_label(case.heard_on)}", FORFEITURE_HEARING)
        return ()
    if kind == "forfeiture_hearing_held":
        if case.hearing_on is None or case.heard_on is not None:
            return ("a hearing is held on the day the hearing officer set", FORFEITURE_HEARING)
        return ()
    if kind == "forfeiture_order":
        if case.heard_on is None or case.ruling is not None:
            return ("the hearing officer orders once, after the hearing", FORFEITURE_HEARING)
        return ()
    if kind in ("surrendered", "surrender_refused"):
        if case.surrendered_on is not None:
            return (
                f"the animal was surrendered on {day_label(case.surrendered_on)}",
                FORFEITURE_SURRENDER,
            )
        if stands is not True:
            return (
                "the animal is given up once it is deemed forfeited: the decision standing "
                "without an appeal, or the hearing officer's order",
                FORFEITURE_STANDS,
                FORFEITURE_SURRENDER,
            )
        return ()
    raise ValueError(f"{kind!r} is not an event of a forfeiture: {', '.join(KINDS)}")


def _facts_problem(event: Event, case: _Forfeiture, params: ParameterSet) -> str | None:
    facts = event.facts
    if event.kind == "forfeiture_noticed":
        if facts.get("method") not in METHODS:
            return (
                f"method is one of {', '.join(METHODS)} (served personally or by registered "
                f"mail, {section(FORFEITURE_NOTICE, params)})"
            )
        grounds = facts.get("grounds")
        if not isinstance(grounds, list) or not grounds or set(grounds) - set(GROUNDS):
            return f"grounds are one or more of {', '.join(GROUNDS)}"
        reasons = facts.get("reasons")
        if not isinstance(reasons, str) or not reasons.strip():
            return (
                "the notice states the reasons why forfeiture is sought, with a summary of the "
                f"incidents (reasons) ({section(FORFEITURE_NOTICE, params)})"
            )
    if event.kind == "forfeiture_hearing_set":
        hearing_on = facts.get("hearing_on")
        if not isinstance(hearing_on, dt.date):
            return "hearing_on is the day set for the hearing (YYYY-MM-DD)"
        assert case.requested_on is not None
        if hearing_on < event.on:
            return (
                f"the hearing is set for a day on or after {day_label(event.on)}, the day it is set"
            )
    if event.kind == "forfeiture_hearing_held" and event.on != case.hearing_on:
        assert case.hearing_on is not None
        return f"the hearing was set for {day_label(case.hearing_on)}"
    if event.kind == "forfeiture_order" and not isinstance(facts.get("forfeited"), bool):
        return "forfeited is true or false"
    return None


def _apply(case: _Forfeiture, event: Event) -> _Forfeiture:
    facts, on = event.facts, event.on
    if event.kind == "forfeiture_noticed":
        grounds = facts["grounds"]
        assert isinstance(grounds, list)
        return dataclasses.replace(
            case, noticed_on=on, grounds=tuple(g for g in GROUNDS if g in grounds)
        )
    if event.kind == "forfeiture_hearing_set":
        hearing_on = facts["hearing_on"]
        assert isinstance(hearing_on, dt.date)
        return dataclasses.replace(case, hearing_on=hearing_on)
    if event.kind == "forfeiture_order":
        return dataclasses.replace(case, ruling=(on, bool(facts["forfeited"])))
    field = {
        "forfeiture_hearing_requested": "requested_on",
        "forfeiture_hearing_held": "heard_on",
        "surrendered": "surrendered_on",
        "surrender_refused": "refused_on",
    }[event.kind]
    days: dict[str, dt.date | None] = {field: on}
    return dataclasses.replace(case, **days)  # type: ignore[arg-type]


def _replay(events: Sequence[Event], params: ParameterSet) -> _Forfeiture:
    case = _Forfeiture()
    for event in events:
        why = _why_not(event.kind, case, event.on, params)
        if why:
            sections = cite_each(*why[1:], params=params)
            raise OutOfOrder(event, f"{why[0]} ({', '.join(sections)})")
        problem = _facts_problem(event, case, params)
        if problem:
            raise OutOfOrder(event, problem)
        case = _apply(case, event)
    return case


_PROVISIONS = {
    "forfeiture_noticed": (FORFEITURE_NOTICE,),
    "forfeiture_hearing_requested": (FORFEITURE_HEARING_REQUEST,),
    "forfeiture_hearing_set": (FORFEITURE_HEARING,),
    "forfeiture_hearing_held": (FORFEITURE_HEARING,),
    "forfeiture_order": (FORFEITURE_HEARING,),
    "surrendered": (FORFEITURE_SURRENDER,),
    "surrender_refused": (FORFEITURE_SURRENDER,),
}


@rule(
    RULE,
    provisions=(
        FORFEITURE_GROUNDS,
        FORFEITURE_OTHER_ANIMALS,
        FORFEITURE_NOTICE,
        FORFEITURE_HEARING_REQUEST,
        FORFEITURE_STANDS,
        FORFEITURE_HEARING,
        FORFEITURE_SURRENDER,
    ),
    title="Forfeiture of ownership rights",
    summary=(
        "Where a forfeiture stands on a day: the notice ({§forfeiture.notice}), the days to "
        "appeal ({§forfeiture.hearing_request}), the decision standing without an appeal "
        "({§forfeiture.decision_stands}) or the hearing ({§forfeiture.hearing}), and the animal "
        "surrendered immediately ({§forfeiture.surrender})."
    ),
    question="dangerous-dog-case",
)
def forfeiture_case(
    events: Sequence[Event], on: dt.date, params: ParameterSet
) -> tuple[ProcedureState, list[Finding]]:
    """Where the forfeiture stands on ``on``, and its findings (a refusal to surrender, a
    misdemeanor)."""
    read = [e for e in events if e.on <= on]
    case = _replay(read, params)
    checks = {}
    for kind in KINDS:
        why = _why_not(kind, case, on, params)
        checks[kind] = step(
            RULE,
            why[1:] if why else _PROVISIONS[kind],
            f"{kind.replace('_', ' ').capitalize()}: "
            + (f"not in order: {why[0]}." if why else "may be recorded."),
            params,
            blocks=bool(why),
        )
    running = []
    if case.noticed_on is not None and case.requested_on is None:
        found = due("forfeiture.hearing_request", case.noticed_on, params)
        if found.deadline is not None and on <= found.deadline.due:
            running.append(found)
    if case.requested_on is not None and case.hearing_on is None:
        running.append(
            hearing_running(
                RULE, "forfeiture.hearing", FORFEITURE_HEARING, case.requested_on, on, params
            )
        )
    findings = []
    if case.requested_on is not None and case.hearing_on is not None:
        late = hearing_set_late(
            RULE,
            "forfeiture.hearing",
            FORFEITURE_HEARING,
            case.requested_on,
            case.hearing_on,
            params,
        )
        findings += [late] if late else []
    if case.refused_on is not None:
        findings.append(
            misdemeanor(
                RULE,
                FORFEITURE_SURRENDER,
                "give the forfeited animal to authorized city personnel",
                case.refused_on,
                params,
            )
        )
    if case.noticed_on is not None:
        provisions = ((FORFEITURE_GROUNDS,) if set(case.grounds) - {"other_animal"} else ()) + (
            (FORFEITURE_OTHER_ANIMALS,) if "other_animal" in case.grounds else ()
        )
        findings.insert(
            0,
            Finding(
                rule=RULE,
                outcome="noticed",
                sections=cite_each(*provisions, FORFEITURE_NOTICE, params=params),
                message=(
                    f"The city gave notice on {day_label(case.noticed_on)} that it intends to "
                    f"forfeit the ownership rights: {', '.join(g.replace('_', ' ') for g in case.grounds)}."
                ),
                facts={"grounds": list(case.grounds)},
            ),
        )
    state = state_of(PROCEDURE, on, _phase(case, on, params), read, checks, running)
    return state, findings


def next_step(state: ProcedureState) -> str | None:
    return {
        "appeal_open": "forfeiture_hearing_requested",
        "hearing_requested": "forfeiture_hearing_set",
        "hearing_set": "forfeiture_hearing_held",
        "heard": "forfeiture_order",
        "forfeited": "surrendered",
    }.get(state.state)
