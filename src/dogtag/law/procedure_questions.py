"""Questions of `dogtag evaluate` added for issue 11, registered with the current ``Question`` /
``Field`` API of ``dogtag.law.questions`` (imported at its end, so they register with the rest).

Kept in their own module while ``questions.py`` is rewritten; the rewrite derives fields from the
facts dataclasses beside the rules and can fold these in.

- ``at-large`` answers 3-2-7.D with the D.2 exception and the D.3 park leash duty as findings of
  their own (``nuisance.at_large_findings``), not the park sentence as a case of running at large.
- ``enclosure-applicability`` also lists ``enclosure.compliance_notice_grounds`` (3-2-6.C), the
  grounds of a notice of compliance the parcel services apply.
- ``commercial-kennel-application`` (3-2-5.B) and ``complaint`` (3-2-4, 3-2-7) take a procedure's
  events as dated facts (the frozen dataclasses beside the rules, whose field metadata give each
  fact's description, unit and example) and answer where the matter stands: its state, the steps
  allowed next, the deadlines running and what blocks each other step.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from dogtag.law import complaint_procedure, kennel_procedure, nuisance
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState
from dogtag.law.questions import QUESTIONS, FactsError, Field, Question


def _at_large(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    given = {name: facts.get(name, False) for name in nuisance.AtLargeFacts.__dataclass_fields__}
    return nuisance.at_large_findings(nuisance.AtLargeFacts(**given))


QUESTIONS["enclosure-applicability"] = dataclasses.replace(
    QUESTIONS["enclosure-applicability"],
    rules=(*QUESTIONS["enclosure-applicability"].rules, "enclosure.compliance_notice_grounds"),
)

QUESTIONS["at-large"] = dataclasses.replace(
    QUESTIONS["at-large"],
    rules=(
        "nuisance.at_large",
        "nuisance.at_large_exception",
        "nuisance.park_leash",
        "nuisance.excrement",
    ),
    answer=_at_large,
)


# ----------------------------------------------------------------------------- procedures

_TYPES: dict[object, str] = {dt.date: "date", bool: "boolean", str: "string", int: "integer"}


def fields_of(facts_class: type, choices: Mapping[str, tuple[str, ...]] = {}) -> tuple[Field, ...]:
    """The question's fields, derived from a frozen facts dataclass: its type, its description
    (with its unit), required when it has no default."""
    hints = typing.get_type_hints(facts_class)
    out = []
    for f in dataclasses.fields(facts_class):
        hint = hints[f.name]
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if typing.get_origin(hint) is tuple:
            kind = f"{_TYPES[args[0]]}_list"
        elif isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
            kind = _TYPES[args[0]]
        else:
            kind = _TYPES[hint]
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        description = f"{f.metadata['description']} ({f.metadata['unit']})"
        out.append(Field(f.name, kind, description, required, choices.get(f.name, ())))
    return tuple(out)


def example_of(facts_class: type) -> dict[str, JSONValue]:
    return {
        f.name: f.metadata["example"]
        for f in dataclasses.fields(facts_class)
        if f.metadata.get("example") is not None
    }


def _state_finding(rule_id: str, state: ProcedureState, next_step: str | None) -> Finding:
    allowed = ", ".join(state.next_steps) or "none"
    return Finding(
        rule=rule_id,
        outcome="state",
        sections=tuple(dict.fromkeys(s for f in state.allowed.values() for s in f.sections))
        or tuple(dict.fromkeys(s for fs in state.blocked.values() for f in fs for s in f.sections)),
        message=(
            f"On {state.on.isoformat()} the {state.procedure.replace('-', ' ')} is "
            f"{state.state.replace('_', ' ')}"
            + (f"; it waits on {next_step.replace('_', ' ')}" if next_step else "")
            + f". Steps that may be recorded: {allowed}."
        ),
        facts={"on": state.on, "completed": list(state.completed)},
        details=state.to_json(),
    )


def _procedure(
    name: str,
    facts_class: type,
    run: Callable[[list[Event], dt.date], ProcedureState],
    summary_rule: str,
    next_step: Callable[[ProcedureState], str | None],
) -> Callable[[Mapping[str, Any], ParameterSet], list[Finding]]:
    def answer(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
        given = {k: tuple(v) if isinstance(v, list) else v for k, v in facts.items()}
        try:
            typed = facts_class(**given)
            state = run(typed.events(), typed.on)
        except ValueError as exc:
            raise FactsError(name, [str(exc)]) from None
        return [_state_finding(summary_rule, state, next_step(state)), *state.findings()]

    return answer


def _complaint_next(state: ProcedureState) -> str | None:
    return None if state.state == "closed" else next(iter(state.allowed), None)


QUESTIONS[kennel_procedure.QUESTION] = Question(
    name=kennel_procedure.QUESTION,
    summary=(
        "Where does a commercial kennel application stand on a day, given the days of its steps "
        "so far? Its state, the steps allowed next, the notice deadline, and what blocks each "
        "other step (3-2-5.B.1-B.2)."
    ),
    rules=(
        "kennel.commercial_procedure",
        "kennel.commercial_step_timing",
        "kennel.council_conditions_with_approval",
        "kennel.one_open_application",
        "kennel.fee_paid",
        "kennel.private_license_kind",
        "kennel.inspection_grounds",
    ),
    fields=fields_of(kennel_procedure.CommercialApplicationFacts),
    answer=_procedure(
        kennel_procedure.QUESTION,
        kennel_procedure.CommercialApplicationFacts,
        kennel_procedure.commercial_application,
        "kennel.commercial_procedure",
        kennel_procedure.next_step,
    ),
    example=example_of(kennel_procedure.CommercialApplicationFacts),
)

QUESTIONS[complaint_procedure.QUESTION] = Question(
    name=complaint_procedure.QUESTION,
    summary=(
        "Where does a complaint (3-2-4, 3-2-7) stand on a day, given what was recorded? Its "
        "state, the steps and outcomes allowed, and what blocks each other one."
    ),
    rules=("complaint.step", "complaint.outcome_grounds"),
    fields=fields_of(
        complaint_procedure.ComplaintFacts,
        {
            "kind": tuple(complaint_procedure.KINDS),
            "outcome": tuple(complaint_procedure.OUTCOMES),
        },
    ),
    answer=_procedure(
        complaint_procedure.QUESTION,
        complaint_procedure.ComplaintFacts,
        complaint_procedure.complaint,
        "complaint.step",
        _complaint_next,
    ),
    example=example_of(complaint_procedure.ComplaintFacts),
)
