"""Record one event of a case or of its forfeiture: the rules core reads the stored events plus
the new one, and the event is stored only where the procedure allows it, with its Decision."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_animals import standing
from dogtag.dangerous_animals.models import EVENT_KINDS, AnimalCase, AnimalCaseEvent
from dogtag.dangerous_animals.services.opening import DESIGNATE, not_future, require
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding
from dogtag.law.jsonable import JSONValue
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.refusals import service
from dogtag.records.services import city_params, record_decision

#: the hearing officer's steps (the rest are the animal control officer's)
CONDUCT = "records.conduct_hearing"
HEARING_OFFICER_KINDS = frozenset(
    {
        "hearing_set",
        "hearing_held",
        "hearing_order",
        "forfeiture_hearing_set",
        "forfeiture_hearing_held",
        "forfeiture_order",
    }
)
MAX_NOTE = 2000


def _json(value: object) -> JSONValue:
    """A fact as the log stores it: a day as YYYY-MM-DD, the rest as given."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return value  # type: ignore[return-value]


def _refusal(kind: str, state: standing.Standing, why: str) -> Finding:
    """The blocking finding on a step the procedure does not allow where it stands: its own
    where the state blocks it, else one citing the step's sections with the rules core's why."""
    procedure_state = state.case if standing.is_case_kind(kind) else state.forfeiture
    assert procedure_state is not None
    if kind in procedure_state.blocked:
        return procedure_state.blocked[kind][0]
    allowed = procedure_state.allowed[kind]
    return Finding(
        rule=allowed.rule,
        outcome="not_in_order",
        sections=allowed.sections,
        message=f"{kind.replace('_', ' ').capitalize()}: not in order: {why}.",
        blocks=True,
    )


@service
def record_event(
    *,
    case: AnimalCase,
    kind: str,
    on: dt.date,
    facts: Mapping[str, object],
    actor: AbstractBaseUser,
    note: str = "",
) -> AnimalCaseEvent:
    """Record that ``kind`` happened on ``on`` with ``facts``. Refused, changing nothing, where
    the procedure does not allow it on that day (the finding's message and sections)."""
    if kind not in EVENT_KINDS:
        raise ServiceError(f"{kind!r} is not an event of a dangerous-animal case.")
    if kind in HEARING_OFFICER_KINDS:
        if not actor.has_perm(CONDUCT):  # type: ignore[attr-defined]
            raise ServiceError(f"Only the hearing officer may record this; {actor} may not.")
    else:
        require(actor, DESIGNATE, "record this step")
    not_future(on, "The day of the event")
    if len(note) > MAX_NOTE:
        raise ServiceError(f"The note is at most {MAX_NOTE} characters.")
    case = AnimalCase.objects.select_for_update(of=("self",)).get(pk=case.pk)
    last = case.events.order_by("-on", "-id").values_list("on", flat=True).first()
    if on < case.designated_on:
        raise ServiceError(
            f"The day of the event ({day_label(on)}) is before the designation "
            f"({day_label(case.designated_on)})."
        )
    if last is not None and on < last:
        raise ServiceError(
            f"The day of the event ({day_label(on)}) is before the last one recorded "
            f"({day_label(last)}): the log is recorded in order."
        )
    params = city_params()
    log = standing.log_of(case)
    before = standing.standing(case, on, params, log)
    procedure_state = before.case if standing.is_case_kind(kind) else before.forfeiture
    assert procedure_state is not None
    if kind in procedure_state.blocked:
        raise Refused([procedure_state.blocked[kind][0]])
    details = {k: _json(v) for k, v in facts.items() if v not in (None, "", [])}
    new = {"kind": kind, "on": on.isoformat(), "facts": details}
    try:
        after = standing.standing(case, on, params, [*log, new])
    except ValueError as exc:  # the facts do not fit the step (the rules core says why)
        raise Refused([_refusal(kind, before, _why(str(exc)))]) from None
    decision = record_decision(
        action=f"dangerous_animals.{kind}",
        findings=after.findings,
        decided_on=on,
        actor=actor,
        subject=case,
    )
    return AnimalCaseEvent.objects.create(
        case=case, kind=kind, on=on, details=details, note=note.strip(), by=actor, decision=decision
    )


def _why(message: str) -> str:
    """The rules core's reason, without the restatement of the event it refused."""
    _, found, why = message.partition(" is not in order: ")
    return (why if found else message).rstrip(".")
