"""A dangerous-animal case as a pure function of its dated events: where it stands on a day, the
steps allowed next, the deadlines running (the shared clocks, ``law.clocks``), and an event out of
order refused with why (``OutOfOrder``).

Events (after the designation, ``designated`` with the fact ``animal``): ``seized`` (kept at an
animal control facility), ``seizure_refused`` (the owner did not make it available: a
misdemeanor), ``officer_order`` (``disposition``: destruction or conditions), ``owner_notified``
(``method``: in_writing or in_person), ``hearing_requested``, ``hearing_set`` (``hearing_on``),
``hearing_held``, ``hearing_order`` (``disposition``: destruction, conditions or rescinded;
``conditions``: the names of ``steps.CONDITIONS`` ordered), ``released`` (``conditions_met``),
``destroyed``, ``insurance_requested`` and ``insurance_shown``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_animal_procedure.steps import (
    ANIMALS,
    BY_NAME,
    CONDITIONS,
    CONFINEMENT,
    DEFINITION,
    DESIGNATION,
    HEARING,
    HEARING_REQUEST,
    INSURANCE_PROOF,
    NOT_BEFORE_RELEASE,
    NOTICE,
    OFFICER_ORDER,
    ORDERS_STAND,
    REQUIREMENTS,
    SEIZURE,
    OutOfOrder,
    applicable,
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

PROCEDURE = "dangerous-animal-case"
RULE = "dangerous_animal.procedure"
REQUIREMENTS_RULE = "dangerous_animal.requirements"

#: the kinds of event of the case after its designation, in the order of the procedure
KINDS = (
    "seized",
    "seizure_refused",
    "officer_order",
    "owner_notified",
    "hearing_requested",
    "hearing_set",
    "hearing_held",
    "hearing_order",
    "insurance_requested",
    "insurance_shown",
    "released",
    "destroyed",
)
OFFICER_DISPOSITIONS = ("destruction", "conditions")
HEARING_DISPOSITIONS = ("destruction", "conditions", "rescinded")
METHODS = ("in_writing", "in_person")
#: the statute standing in for the definition not found, for a dog (reading
#: ``readings.dangerous_animal_definition``)
DOG_DEFINITION = "Minn. Stat. 347.50 subd. 2"


@dataclass(frozen=True)
class _Case:
    """What the events so far establish."""

    animal: str
    designated_on: dt.date
    seized_on: dt.date | None = None
    refused_on: dt.date | None = None
    ordered: tuple[dt.date, str] | None = None
    notified_on: dt.date | None = None
    requested_on: dt.date | None = None
    hearing_on: dt.date | None = None
    heard_on: dt.date | None = None
    ruling: tuple[dt.date, str, tuple[str, ...]] | None = None
    released_on: dt.date | None = None
    destroyed_on: dt.date | None = None
    insurance_requested_on: dt.date | None = None
    insurance_shown_on: dt.date | None = None

    @property
    def impounded(self) -> bool:
        return self.seized_on is not None and self.released_on is None and not self.destroyed_on


def _appeal_closed(case: _Case, day: dt.date, params: ParameterSet) -> bool:
    """The days to appeal ran out without a request: the officer's orders stand."""
    if case.notified_on is None or case.requested_on is not None:
        return False
    return day > last_day("dangerous_dog.hearing_request", case.notified_on, params)


def standing_orders(case: _Case, day: dt.date, params: ParameterSet) -> tuple[str, tuple[str, ...]]:
    """The disposition that stands on ``day`` and its conditions: the hearing officer's order, or
    the officer's once no appeal was filed in time ("" while none stands)."""
    if case.ruling is not None:
        return case.ruling[1], case.ruling[2]
    if case.ordered is not None and _appeal_closed(case, day, params):
        return case.ordered[1], _officer_conditions(case)
    return "", ()


def _officer_conditions(case: _Case) -> tuple[str, ...]:
    """The officer's conditions: every condition that can bind the animal
    (``readings.dangerous_animal_conditions``)."""
    if case.ordered is None or case.ordered[1] != "conditions":
        return ()
    return tuple(c.name for c in applicable(case.animal))


def _conditions_imposed(case: _Case, day: dt.date, params: ParameterSet) -> tuple[str, ...]:
    """The conditions the animal stays confined until met: those standing, else the officer's."""
    disposition, conditions = standing_orders(case, day, params)
    return conditions if disposition else _officer_conditions(case)


def phase(case: _Case, day: dt.date, params: ParameterSet) -> str:
    """Where the case stands on ``day``."""
    if case.destroyed_on is not None:
        return "destroyed"
    disposition, _ = standing_orders(case, day, params)
    if case.released_on is not None:
        return "released"
    if disposition:
        return {
            "destruction": "destruction_ordered",
            "conditions": "conditions_ordered",
            "rescinded": "rescinded",
        }[disposition]
    for reached, name in (
        (case.heard_on, "heard"),
        (case.hearing_on, "hearing_set"),
        (case.requested_on, "hearing_requested"),
        (case.notified_on, "appeal_open"),
        (case.ordered, "ordered"),
        (case.seized_on, "seized"),
        (case.refused_on, "seizure_refused"),
    ):
        if reached is not None:
            return name
    return "designated"


def _why_not(kind: str, case: _Case, day: dt.date, params: ParameterSet) -> tuple[str, ...]:
    """Why a step of ``kind`` is not in order on ``day`` (empty: it is), with the provisions."""
    if case.destroyed_on is not None:
        return (f"the animal was destroyed on {day_label(case.destroyed_on)}", DESIGNATION)
    disposition, conditions = standing_orders(case, day, params)
    if kind == "seized":
        if case.seized_on is not None:
            return (f"the animal was seized on {day_label(case.seized_on)}", SEIZURE)
        if disposition == "rescinded":
            return ("the determination was rescinded", HEARING)
        return ()
    if kind == "seizure_refused":
        if case.seized_on is not None or case.refused_on is not None:
            return ("the seizure is already recorded", SEIZURE)
        return ()
    if kind == "officer_order":
        if case.ordered is not None:
            return (
                f"the officer's order was given on {day_label(case.ordered[0])}",
                OFFICER_ORDER,
            )
        if case.seized_on is None and case.refused_on is None:
            return (
                "the officer orders destruction or conditions after ordering the animal seized",
                SEIZURE,
                OFFICER_ORDER,
            )
        return ()
    if kind == "owner_notified":
        if case.notified_on is not None:
            return (f"the owner was notified on {day_label(case.notified_on)}", NOTICE)
        if case.ordered is None:
            return (
                "the owner is notified that the animal is to be destroyed or of the conditions, "
                "after the officer's order",
                OFFICER_ORDER,
                NOTICE,
            )
        return ()
    if kind == "hearing_requested":
        if case.requested_on is not None:
            return (f"a hearing was requested on {day_label(case.requested_on)}", HEARING_REQUEST)
        if case.notified_on is None:
            return ("the owner appeals after being notified of the determination", NOTICE)
        last = last_day("dangerous_dog.hearing_request", case.notified_on, params)
        if day > last:
            return (
                f"the days to appeal ended on {day_label(last)}; no appeal was filed, so the "
                "orders issued stand",
                HEARING_REQUEST,
                ORDERS_STAND,
            )
        return ()
    if kind == "hearing_set":
        if case.requested_on is None:
            return ("a hearing is set on the owner's demand for it", HEARING_REQUEST, HEARING)
        if case.heard_on is not None:
            return (f"the hearing was held on {day_label(case.heard_on)}", HEARING)
        return ()
    if kind == "hearing_held":
        if case.hearing_on is None:
            return ("the hearing officer sets the date of the hearing first", HEARING)
        if case.heard_on is not None:
            return (f"the hearing was held on {day_label(case.heard_on)}", HEARING)
        return ()
    if kind == "hearing_order":
        if case.heard_on is None:
            return ("the hearing officer orders after the hearing", HEARING, REQUIREMENTS)
        if case.ruling is not None:
            return (f"the hearing officer ordered on {day_label(case.ruling[0])}", REQUIREMENTS)
        return ()
    if kind == "released":
        if not case.impounded:
            return ("the animal is not held at an animal control facility", CONFINEMENT)
        if disposition == "destruction":
            return ("the orders standing are that the animal be destroyed", OFFICER_ORDER)
        if case.requested_on is not None and case.ruling is None:
            return (
                "pending the hearing the animal remains at an animal control facility",
                CONFINEMENT,
                HEARING,
            )
        if disposition in ("conditions", "rescinded"):
            return ()
        if case.notified_on is not None and _officer_conditions(case):
            return ()
        return (
            "the animal remains confined until conditions imposed instead of destruction are "
            "fulfilled, and none are",
            CONFINEMENT,
        )
    if kind == "destroyed":
        if disposition != "destruction":
            return (
                "an animal is destroyed only on orders that stand: the officer's, once no appeal "
                "was filed in time, or the hearing officer's",
                OFFICER_ORDER,
                ORDERS_STAND,
            )
        return ()
    if kind == "insurance_requested":
        if "insurance" not in conditions and "insurance" not in _officer_conditions(case):
            return ("no order requires proof of insurance", BY_NAME["insurance"].provision)
        requested, shown = case.insurance_requested_on, case.insurance_shown_on
        if requested is not None and (shown is None or shown < requested):
            return (f"proof of insurance was requested on {day_label(requested)}", INSURANCE_PROOF)
        return ()
    if kind == "insurance_shown":
        if case.insurance_requested_on is None or (
            case.insurance_shown_on is not None
            and case.insurance_shown_on >= case.insurance_requested_on
        ):
            return ("no request for proof of insurance is open", INSURANCE_PROOF)
        return ()
    raise ValueError(f"{kind!r} is not an event of a dangerous-animal case: {', '.join(KINDS)}")


def _facts_problem(event: Event, case: _Case, params: ParameterSet) -> str | None:
    """What is wrong with an event's facts where it stands (None: nothing)."""
    facts = event.facts
    if event.kind == "officer_order" and facts.get("disposition") not in OFFICER_DISPOSITIONS:
        return f"disposition is one of {', '.join(OFFICER_DISPOSITIONS)}"
    if event.kind == "owner_notified" and facts.get("method") not in METHODS:
        return f"method is one of {', '.join(METHODS)} (notified in writing or in person)"
    if event.kind == "hearing_set":
        hearing_on = facts.get("hearing_on")
        if not isinstance(hearing_on, dt.date):
            return "hearing_on is the day set for the hearing (YYYY-MM-DD)"
        assert case.requested_on is not None
        if hearing_on < event.on:
            return (
                f"the hearing is set for a day on or after {day_label(event.on)}, the day it is set"
            )
    if event.kind == "hearing_held" and event.on != case.hearing_on:
        assert case.hearing_on is not None
        return f"the hearing was set for {day_label(case.hearing_on)}"
    if event.kind == "hearing_order":
        return _ruling_problem(facts.get("disposition"), facts.get("conditions"), case.animal)
    if event.kind == "released":
        met = facts.get("conditions_met") or []
        if not isinstance(met, list):
            return "conditions_met is a list of conditions"
        unknown = sorted(set(met) - set(BY_NAME))
        if unknown:
            return f"conditions_met: {', '.join(unknown)} not one of {', '.join(BY_NAME)}"
        needed = [
            c
            for c in _conditions_imposed(case, event.on, params)
            if c != NOT_BEFORE_RELEASE and c not in met
        ]
        if needed:
            sections = cite_each(*(BY_NAME[c].provision for c in needed), params=params)
            return (
                "the animal remains confined until the owner demonstrates that all conditions "
                f"have been fulfilled except the muzzle and leash; not yet: {', '.join(needed)} "
                f"({', '.join(sections)}; {section(CONFINEMENT, params)})"
            )
    return None


def _ruling_problem(disposition: object, conditions: object, animal: str) -> str | None:
    if disposition not in HEARING_DISPOSITIONS:
        return f"disposition is one of {', '.join(HEARING_DISPOSITIONS)}"
    names = conditions or []
    if not isinstance(names, list):
        return "conditions is a list of conditions"
    if disposition != "conditions":
        return f"conditions go with disposition conditions, not {disposition}" if names else None
    if not names:
        return "an order of conditions names one or more of them (any or all)"
    unknown = sorted(set(names) - set(BY_NAME))
    if unknown:
        return f"conditions: {', '.join(unknown)} not one of {', '.join(BY_NAME)}"
    cannot = [n for n in names if animal not in BY_NAME[n].animals]
    if cannot:
        return f"conditions: {', '.join(cannot)} cannot bind a {animal}"
    return None


def _apply(case: _Case, event: Event) -> _Case:
    facts, on = event.facts, event.on
    if event.kind == "officer_order":
        return dataclasses.replace(case, ordered=(on, str(facts["disposition"])))
    if event.kind == "hearing_set":
        hearing_on = facts["hearing_on"]
        assert isinstance(hearing_on, dt.date)
        return dataclasses.replace(case, hearing_on=hearing_on)
    if event.kind == "hearing_order":
        names = facts.get("conditions") or []
        assert isinstance(names, list)
        ordered = tuple(c.name for c in CONDITIONS if c.name in names)
        return dataclasses.replace(case, ruling=(on, str(facts["disposition"]), ordered))
    field = {
        "seized": "seized_on",
        "seizure_refused": "refused_on",
        "owner_notified": "notified_on",
        "hearing_requested": "requested_on",
        "hearing_held": "heard_on",
        "released": "released_on",
        "destroyed": "destroyed_on",
        "insurance_requested": "insurance_requested_on",
        "insurance_shown": "insurance_shown_on",
    }[event.kind]
    return _dated(case, field, on)


def _dated(case: _Case, field: str, on: dt.date) -> _Case:
    """The case with one of its days set."""
    days: dict[str, dt.date | None] = {field: on}
    return dataclasses.replace(case, **days)  # type: ignore[arg-type]


def replay(
    animal: str, designated_on: dt.date, events: Sequence[Event], params: ParameterSet
) -> _Case:
    """The case the events establish, each checked in order; :class:`OutOfOrder` on the first
    that the procedure does not allow where it stands."""
    if animal not in ANIMALS:
        raise ValueError(f"animal is one of {', '.join(ANIMALS)}, not {animal!r}")
    case = _Case(animal, designated_on)
    for event in events:
        if event.on < designated_on:
            raise OutOfOrder(event, "it is before the designation")
        why = _why_not(event.kind, case, event.on, params)
        if why:
            sections = cite_each(*why[1:], params=params)
            raise OutOfOrder(event, f"{why[0]} ({', '.join(sections)})")
        problem = _facts_problem(event, case, params)
        if problem:
            raise OutOfOrder(event, problem)
        case = _apply(case, event)
    return case


@rule(
    RULE,
    provisions=(
        DESIGNATION,
        SEIZURE,
        OFFICER_ORDER,
        NOTICE,
        ORDERS_STAND,
        HEARING_REQUEST,
        HEARING,
    ),
    title="Dangerous-animal case",
    summary=(
        "Where a dangerous-animal case stands on a day: designated ({§dangerous_animal.designation}), "
        "seized ({§dangerous_animal.seizure}), the officer's order "
        "({§dangerous_animal.officer_order}), the owner notified and the days to appeal "
        "({§dangerous_dog.notice.hearing_request}), the orders standing without an appeal "
        "({§dangerous_animal.orders_stand}) or the hearing ({§dangerous_dog.hearing})."
    ),
    question="dangerous-dog-case",
)
def dangerous_animal_case(
    animal: str,
    designated_on: dt.date,
    events: Sequence[Event],
    on: dt.date,
    params: ParameterSet,
) -> ProcedureState:
    """Where the case stands on ``on``: its state, the steps allowed next and why each other is
    not, and the deadlines running. Events after ``on`` are not read."""
    read = [e for e in events if e.on <= on]
    case = replay(animal, designated_on, read, params)
    checks: dict[str, Finding] = {}
    for kind in KINDS:
        why = _why_not(kind, case, on, params)
        checks[kind] = step(
            RULE if kind not in ("released", "insurance_requested") else REQUIREMENTS_RULE,
            why[1:] if why else _provisions(kind),
            f"{kind.replace('_', ' ').capitalize()}: "
            + (f"not in order: {why[0]}." if why else "may be recorded."),
            params,
            blocks=bool(why),
        )
    return state_of(
        PROCEDURE, on, phase(case, on, params), read, checks, _deadlines(case, on, params)
    )


def _provisions(kind: str) -> tuple[str, ...]:
    return {
        "seized": (SEIZURE,),
        "seizure_refused": (SEIZURE,),
        "officer_order": (OFFICER_ORDER,),
        "owner_notified": (NOTICE,),
        "hearing_requested": (HEARING_REQUEST,),
        "hearing_set": (HEARING,),
        "hearing_held": (HEARING,),
        "hearing_order": (HEARING, REQUIREMENTS),
        "released": (CONFINEMENT,),
        "destroyed": (OFFICER_ORDER,),
        "insurance_requested": (BY_NAME["insurance"].provision,),
        "insurance_shown": (INSURANCE_PROOF,),
    }[kind]


def _deadlines(case: _Case, on: dt.date, params: ParameterSet) -> list[Finding]:
    """The clocks running on ``on`` (counted by ``law.clocks``, never here)."""
    running = []
    if case.destroyed_on is not None:
        return []
    if case.notified_on is not None and case.requested_on is None:
        found = due("dangerous_dog.hearing_request", case.notified_on, params)
        if found.deadline is not None and on <= found.deadline.due:
            running.append(found)
    if case.requested_on is not None and case.hearing_on is None:
        running.append(
            hearing_running(RULE, "dangerous_dog.hearing", HEARING, case.requested_on, on, params)
        )
    requested, shown = case.insurance_requested_on, case.insurance_shown_on
    if requested is not None and (shown is None or shown < requested):
        if case.impounded:
            running.append(
                Finding(
                    rule=REQUIREMENTS_RULE,
                    outcome="before_release",
                    sections=(section(INSURANCE_PROOF, params),),
                    message=(
                        "Due before the animal's release: proof of public liability insurance, as "
                        "the animal is impounded (the days after the request do not apply) "
                        f"({section(INSURANCE_PROOF, params)})."
                    ),
                    facts={"requested_on": requested},
                )
            )
        else:
            running.append(due("dangerous_dog.insurance_proof", requested, params))
    return running


@rule(
    REQUIREMENTS_RULE,
    provisions=(REQUIREMENTS, CONFINEMENT, *(c.provision for c in CONDITIONS)),
    title="Dangerous-animal conditions and release",
    summary=(
        "The conditions ordered instead of destruction ({§dangerous_animal.requirements}); the "
        "animal stays confined until all are fulfilled except the muzzle and leash "
        "({§dangerous_animal.confinement})."
    ),
    question="dangerous-dog-case",
)
def findings_of(
    animal: str,
    designated_on: dt.date,
    events: Sequence[Event],
    on: dt.date,
    params: ParameterSet,
) -> list[Finding]:
    """The findings on the case beside its state: the designation (and what stands in for the
    definition not found), a refusal to make the animal available, and the orders standing."""
    read = [e for e in events if e.on <= on]
    case = replay(animal, designated_on, read, params)
    designation, definition = section(DESIGNATION, params), section(DEFINITION, params)
    stand_in = (
        f"for a dog, {DOG_DEFINITION} stands in"
        if animal == "dog"
        else f"for a {animal} nothing stands in, and the officer's evidence is recorded as found"
    )
    found = [
        Finding(
            rule=RULE,
            outcome="designated",
            sections=(designation, definition, *((DOG_DEFINITION,) if animal == "dog" else ())),
            message=(
                f"The animal control officer designated the {animal} a dangerous animal on "
                f"{day_label(designated_on)} ({designation}). The definition of a dangerous "
                f"animal ({definition}) is not in the text found: {stand_in}."
            ),
            facts={"animal": animal, "designated_on": designated_on},
        )
    ]
    if case.refused_on is not None:
        found.append(
            misdemeanor(
                RULE, SEIZURE, "make the animal available for seizure", case.refused_on, params
            )
        )
    if case.requested_on is not None and case.hearing_on is not None:
        late = hearing_set_late(
            RULE, "dangerous_dog.hearing", HEARING, case.requested_on, case.hearing_on, params
        )
        found += [late] if late else []
    disposition, conditions = standing_orders(case, on, params)
    if disposition:
        by = (
            "the hearing officer's order"
            if case.ruling
            else "the officer's orders, no appeal filed"
        )
        provisions = (
            (REQUIREMENTS, *(BY_NAME[c].provision for c in conditions))
            if case.ruling
            else (ORDERS_STAND, *(BY_NAME[c].provision for c in conditions))
        )
        what = {
            "destruction": "the animal is to be destroyed",
            "rescinded": "the determination is rescinded",
            "conditions": "conditions: "
            + "; ".join(
                f"{BY_NAME[c].words} ({section(BY_NAME[c].provision, params)})" for c in conditions
            ),
        }[disposition]
        found.append(
            Finding(
                rule=REQUIREMENTS_RULE if disposition == "conditions" else RULE,
                outcome=f"stands_{disposition}",
                sections=cite_each(*provisions, params=params),
                message=f"Standing on {day_label(on)} ({by}): {what}.",
                details={"disposition": disposition, "conditions": list(conditions)},
            )
        )
    return found


def next_step(state: ProcedureState) -> str | None:
    """What the case waits on, for its summary."""
    return {
        "designated": "seized",
        "seizure_refused": "officer_order",
        "seized": "officer_order",
        "ordered": "owner_notified",
        "appeal_open": "hearing_requested",
        "hearing_requested": "hearing_set",
        "hearing_set": "hearing_held",
        "heard": "hearing_order",
        "destruction_ordered": "destroyed",
        "conditions_ordered": "released",
    }.get(state.state)


KIND_FACTS: Mapping[str, tuple[str, ...]] = {
    "officer_order": ("disposition",),
    "owner_notified": ("method",),
    "hearing_set": ("hearing_on",),
    "hearing_order": ("disposition", "conditions"),
    "released": ("conditions_met",),
}
