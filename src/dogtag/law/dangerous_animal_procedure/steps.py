"""The steps of a dangerous-animal case and of a forfeiture, the provisions that name them (as
concepts a package maps) and the shared pieces of both: the appeal by a request for a hearing
within a period after the notice, and a hearing set within a period after the demand."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState
from dogtag.law.provisions import cite, cite_each

# The provisions, in the ordinance's words (each package maps them to its sections)
DESIGNATION = "dangerous_animal.designation"
#: "the definition of DANGEROUS ANIMAL": not in the text found (``readings.dangerous_animal_definition``)
DEFINITION = "dangerous_animal.definition"
SEIZURE = "dangerous_animal.seizure"
OFFICER_ORDER = "dangerous_animal.officer_order"
CONFINEMENT = "dangerous_animal.confinement"
NOTICE = "dangerous_animal.notice"
ORDERS_STAND = "dangerous_animal.orders_stand"
REQUIREMENTS = "dangerous_animal.requirements"
#: the shared clocks' provisions: the appeal, the hearing, the proof of insurance
HEARING_REQUEST = "dangerous_dog.notice.hearing_request"
HEARING = "dangerous_dog.hearing"
INSURANCE_PROOF = "dangerous_dog.insurance_proof"

FORFEITURE_GROUNDS = "forfeiture.grounds"
FORFEITURE_OTHER_ANIMALS = "forfeiture.other_animals"
FORFEITURE_NOTICE = "forfeiture.notice"
FORFEITURE_HEARING_REQUEST = "forfeiture.hearing_request"
FORFEITURE_HEARING = "forfeiture.hearing"
FORFEITURE_STANDS = "forfeiture.decision_stands"
FORFEITURE_SURRENDER = "forfeiture.surrender"

#: the kinds of animal the conditions tell apart ("If the animal is a dog", "a cat or ferret")
ANIMALS = ("dog", "cat", "ferret", "other")


@dataclass(frozen=True)
class Condition:
    """One condition of the requirements list, and the animals it can bind."""

    name: str
    provision: str
    words: str
    animals: tuple[str, ...] = ANIMALS


#: The conditions the hearing officer may order "any or all of" instead of destruction, in the
#: order of the list; the officer's conditions are the same list (reading
#: ``readings.dangerous_animal_conditions``)
CONDITIONS: tuple[Condition, ...] = (
    Condition("enclosure", "dangerous_animal.condition.enclosure", "a proper enclosure"),
    Condition(
        "warning_signs", "dangerous_animal.condition.warning_signs", "warning signs on the premises"
    ),
    Condition(
        "insurance", "dangerous_animal.condition.insurance", "proof of public liability insurance"
    ),
    Condition(
        "muzzle_and_leash",
        "dangerous_animal.condition.muzzle_and_leash",
        "muzzled and leashed outside the enclosure",
        ("dog",),
    ),
    Condition(
        "dangerous_tag", "dangerous_animal.condition.dangerous_tag", "a dangerous-dog tag", ("dog",)
    ),
    Condition(
        "license_and_rabies",
        "dangerous_animal.condition.license_and_rabies",
        "licensed and up to date on rabies vaccination (a cat or ferret: rabies vaccination)",
        ("dog", "cat", "ferret"),
    ),
)
BY_NAME: Mapping[str, Condition] = {c.name: c for c in CONDITIONS}
#: the one condition the animal need not meet before it leaves the facility
NOT_BEFORE_RELEASE = "muzzle_and_leash"


def applicable(animal: str) -> tuple[Condition, ...]:
    """The conditions that can bind ``animal``, in the order of the list."""
    return tuple(c for c in CONDITIONS if animal in c.animals)


def step(
    rule: str,
    provisions: Sequence[str],
    message: str,
    params: ParameterSet,
    *,
    blocks: bool = False,
) -> Finding:
    """A finding on one step: allowed (``blocks`` false) or not in order, citing its provisions."""
    return Finding(
        rule=rule,
        outcome="not_in_order" if blocks else "in_order",
        sections=cite_each(*provisions, params=params),
        message=message,
        blocks=blocks,
    )


def due(clock_id: str, start: dt.date, params: ParameterSet) -> Finding:
    """The deadline of a shared clock from ``start`` (``law.clocks``: never counted here)."""
    return deadline(params, start, clock_id=clock_id)


def last_day(clock_id: str, start: dt.date, params: ParameterSet) -> dt.date:
    found = due(clock_id, start, params).deadline
    assert found is not None  # a clock's finding always carries its deadline
    return found.due


#: what the text found does not say of a hearing later than its period
#: (``readings.dangerous_animal_late_hearing``)
NO_EXTENSION = "The text found states no extension, nor what follows a later hearing"


def hearing_running(
    rule_id: str,
    clock_id: str,
    provision: str,
    demanded_on: dt.date,
    on: dt.date,
    params: ParameterSet,
) -> Finding:
    """The hearing's period after the demand, on ``on`` with no hearing set: due while it runs;
    once its last day has passed, overdue. Flagged, never a bar to setting the hearing: the City's
    delay does not take the owner's hearing away (``readings.dangerous_animal_late_hearing``)."""
    found = due(clock_id, demanded_on, params)
    assert found.deadline is not None
    last = found.deadline.due
    if on <= last:
        return found
    cited = cite(provision, params)
    return Finding(
        rule=rule_id,
        outcome="overdue",
        sections=(cited,),
        message=(
            f"Overdue: the hearing was to be on a day not more than {found.facts['days']} days "
            f"after the demand of "
            f"{day_label(demanded_on)}, by {day_label(last)} ({cited}), and none is set. "
            f"{NO_EXTENSION}: record the hearing when it is set."
        ),
        facts={"demanded_on": demanded_on, "on": on},
        deadline=found.deadline,
    )


def hearing_set_late(
    rule_id: str,
    clock_id: str,
    provision: str,
    demanded_on: dt.date,
    hearing_on: dt.date,
    params: ParameterSet,
) -> Finding | None:
    """A hearing set for a day after the period's last day: recorded as set, and flagged
    (``readings.dangerous_animal_late_hearing``); None when it is within the period."""
    period = due(clock_id, demanded_on, params)
    assert period.deadline is not None
    last = period.deadline.due
    if hearing_on <= last:
        return None
    cited = cite(provision, params)
    return Finding(
        rule=rule_id,
        outcome="late",
        sections=(cited,),
        message=(
            f"The hearing is set for {day_label(hearing_on)}, after {day_label(last)}, the last "
            f"day not more than {period.facts['days']} days after the demand of "
            f"{day_label(demanded_on)} "
            f"({cited}). {NO_EXTENSION}: recorded as set, and flagged."
        ),
        facts={"demanded_on": demanded_on, "hearing_on": hearing_on},
    )


def state_of(
    procedure: str,
    on: dt.date,
    state: str,
    events: Sequence[Event],
    checks: Mapping[str, Finding],
    deadlines: Sequence[Finding],
) -> ProcedureState:
    """The procedure's state: each kind of step allowed or blocked by its finding."""
    return ProcedureState(
        procedure=procedure,
        on=on,
        state=state,
        completed=tuple(e.kind for e in events),
        allowed={k: f for k, f in checks.items() if not f.blocks},
        blocked={k: (f,) for k, f in checks.items() if f.blocks},
        deadlines=tuple(deadlines),
    )


def section(concept: str, params: ParameterSet) -> str:
    """The section of ``params``' city stating ``concept``."""
    return cite(concept, params)


class OutOfOrder(ValueError):
    """An event the procedure does not allow where it stands: the message says which and why."""

    def __init__(self, event: Event, why: str) -> None:
        self.event, self.why = event, why
        super().__init__(f"{event.kind} on {day_label(event.on)} is not in order: {why}")


def misdemeanor(
    rule_id: str, provision: str, failed_to: str, refused_on: dt.date, params: ParameterSet
) -> Finding:
    """The owner's refusal the section makes a misdemeanor (to make the animal available for
    seizure, to give up a forfeited animal): ``failed_to`` says what the owner did not do."""
    cited = section(provision, params)
    return Finding(
        rule=rule_id,
        outcome="misdemeanor",
        sections=(cited,),
        message=f"The owner did not {failed_to} on {day_label(refused_on)}: a misdemeanor ({cited}).",
        blocks=True,
        facts={"refused_on": refused_on},
    )
