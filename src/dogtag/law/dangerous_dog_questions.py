"""The question ``dangerous-dog-case``: where a dangerous-dog case stands (3-2-9), from its
dated events as facts. Its fields are read from ``dangerous_dog_procedure.CaseFacts`` (the field
metadata: description, unit, example), with the current ``Question``/``Field`` API.

Imported at the end of ``law/questions.py``, so the question (and the rules of 3-2-9's steps)
register with the others.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import typing
from collections.abc import Mapping
from typing import Any

from dogtag.law import dangerous_dog_procedure as procedure
from dogtag.law import dangerous_dog_registration, dangerous_dog_steps  # noqa: F401  (rules)
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet
from dogtag.law.questions import QUESTIONS, FactsError, Field, Question

NAME = "dangerous-dog-case"


def _fields() -> tuple[Field, ...]:
    hints = typing.get_type_hints(procedure.CaseFacts)
    fields = []
    for f in dataclasses.fields(procedure.CaseFacts):
        required = f.default is dataclasses.MISSING
        kind = (
            "date"
            if dt.date in typing.get_args(hints[f.name]) or hints[f.name] is dt.date
            else "string"
        )
        choices = procedure.DISPOSITIONS if f.name == "order_disposition" else ()
        fields.append(Field(f.name, kind, f.metadata["description"], required, choices))
    return tuple(fields)


def _example() -> dict[str, Any]:
    """Notice served Wed 2026-10-28, no request, asked on Sun 2026-11-29."""
    return {
        "designated_on": "2026-10-26",
        "notice_issued_on": "2026-10-26",
        "served_on": "2026-10-28",
        "on": "2026-11-29",
    }


def _answer(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    case = procedure.CaseFacts(**facts)
    problems = procedure.case_facts_problems(case)
    if problems:
        raise FactsError(NAME, problems)
    return procedure.where_it_stands(case, params)


QUESTIONS[NAME] = Question(
    name=NAME,
    summary=(
        "Where does this dangerous-dog case stand on a day, given the dates of its steps so "
        "far (designation, notice, service, request, hearing, order, registration)? The state, "
        "the steps allowed next with their sections, the clocks running with their day-by-day "
        "explanations, and the findings on each step of the path now (3-2-9)."
    ),
    rules=(
        procedure.RULE,
        "dangerous_dog.designation_stands",
        # the legal conditions of the steps, which the services apply to each step
        "dangerous_dog.hearing_request_in_time",
        "dangerous_dog.hearing_in_time",
        "dangerous_dog.order_disposition",
        "dangerous_dog.time_to_obtain",
        "dangerous_dog.record_states",
        "dangerous_dog.who_acts",
        "dangerous_dog.costs_owed",
        "dangerous_dog.registration_term",
        "dangerous_dog.registration_fee",
        "dangerous_dog.insurance_shown",
        "dangerous_dog.tag",
        "dangerous_dog.hearing_request",
        "dangerous_dog.hearing",
        "dangerous_dog.order",
        "dangerous_dog.registration",
        "dangerous_dog.sterilization",
    ),
    fields=_fields(),
    answer=_answer,
    example=_example(),
)
