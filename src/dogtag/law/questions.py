"""The questions the rules core answers: the public face of Dogtag's law.

A question takes facts as JSON and returns findings as JSON. Its facts are described once, as fields,
from which come both the validation (every problem reported, naming the field) and the JSON Schema
printed by ``dogtag evaluate QUESTION --schema``. The staff screens, the API and other cities ask the
same questions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dogtag.law import clocks, incorporation, licensing
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet


class FactsError(ValueError):
    """The facts given do not fit the question; ``problems`` lists each, naming the field."""

    def __init__(self, question: str, problems: list[str]) -> None:
        self.question, self.problems = question, problems
        super().__init__(f"facts for {question!r}: " + "; ".join(problems))


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # "date", "integer", "string"
    description: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None

    def schema(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"description": self.description}
        if self.type == "date":
            out.update(type="string", format="date")
        else:
            out["type"] = self.type
        if self.choices:
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        return out

    def parse(self, raw: Any) -> tuple[Any, str | None]:
        if self.type == "date":
            if isinstance(raw, str):
                try:
                    return dt.date.fromisoformat(raw), None
                except ValueError:
                    pass
            return None, f"{self.name}: {raw!r} is not a date (YYYY-MM-DD)"
        if self.type == "integer":
            if isinstance(raw, bool) or not isinstance(raw, int):
                return None, f"{self.name}: {raw!r} is not a whole number"
            if self.minimum is not None and raw < self.minimum:
                return None, f"{self.name}: {raw} is less than {self.minimum}"
            return raw, None
        if not isinstance(raw, str) or not raw.strip():
            return None, f"{self.name}: {raw!r} is not a text"
        if self.choices and raw not in self.choices:
            return None, f"{self.name}: {raw!r} is not one of {', '.join(self.choices)}"
        return raw.strip(), None


@dataclass(frozen=True)
class Question:
    name: str
    summary: str
    rules: tuple[str, ...]
    fields: tuple[Field, ...]
    answer: Callable[[Mapping[str, Any], ParameterSet], list[Finding]]
    example: Mapping[str, JSONValue] = field(default_factory=dict)

    def schema(self) -> dict[str, JSONValue]:
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"Facts for the question {self.name!r}",
            "description": self.summary,
            "type": "object",
            "properties": {f.name: f.schema() for f in self.fields},
            "required": [f.name for f in self.fields if f.required],
            "additionalProperties": False,
            "examples": [dict(self.example)],
        }

    def parse(self, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise FactsError(self.name, ["the facts must be a JSON object"])
        problems: list[str] = []
        known = {f.name for f in self.fields}
        problems += [f"{name}: not a fact of this question" for name in raw if name not in known]
        facts: dict[str, Any] = {}
        for f in self.fields:
            if f.name not in raw or raw[f.name] is None:
                if f.required:
                    problems.append(f"{f.name}: missing ({f.description})")
                continue
            value, problem = f.parse(raw[f.name])
            if problem:
                problems.append(problem)
            else:
                facts[f.name] = value
        if problems:
            raise FactsError(self.name, problems)
        return facts

    def evaluate(self, raw: Any, params: ParameterSet) -> list[Finding]:
        return self.answer(self.parse(raw), params)


def _deadline(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    if "rule" not in facts and "days" not in facts:
        raise FactsError("deadline", ["give either rule (a deadline rule) or days"])
    return [
        clocks.deadline(
            params,
            facts["from"],
            clock_id=facts.get("rule"),
            days=facts.get("days"),
            trigger_event=facts.get("event"),
        )
    ]


def _license_required(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    if facts["born"] > facts["on"]:
        raise FactsError("license-required", ["born: is after on"])
    return [licensing.license_required(facts["born"], facts["on"], params)]


def _controlling(facts: Mapping[str, Any], params: ParameterSet) -> list[Finding]:
    topics = incorporation.comparable_topics(params)
    if facts["topic"] not in topics:
        raise FactsError(
            "controlling-provision",
            [f"topic: {facts['topic']!r} is not one of {', '.join(topics)}"],
        )
    return [incorporation.controlling_provision(facts["topic"], facts["on"], params)]


QUESTIONS: dict[str, Question] = {
    q.name: q
    for q in (
        Question(
            name="deadline",
            summary=(
                "When is something due? Counts days per Minn. Stat. 645.15 from a triggering "
                "event, for one of the ordinance's deadline rules or for a plain number of days."
            ),
            rules=("computation_of_time", *clocks.CLOCKS),
            fields=(
                Field("from", "date", "The day of the triggering event (not itself counted)"),
                Field(
                    "rule",
                    "string",
                    "A deadline rule, whose section fixes the number of days",
                    required=False,
                    choices=tuple(sorted(clocks.CLOCKS)),
                ),
                Field(
                    "days",
                    "integer",
                    "The number of days, when no rule is given",
                    required=False,
                    minimum=1,
                ),
                Field("event", "string", "What happened on the trigger day", required=False),
            ),
            answer=_deadline,
            example={"from": "2025-12-11", "rule": "dangerous_dog.hearing_request"},
        ),
        Question(
            name="license-required",
            summary="Does this dog need a license on this day, and if not yet, from when? (3-2-2.A, D)",
            rules=("license.required",),
            fields=(
                Field("born", "date", "The dog's date of birth"),
                Field("on", "date", "The day asked about"),
            ),
            answer=_license_required,
            example={"born": "2026-06-15", "on": "2026-11-29"},
        ),
        Question(
            name="controlling-provision",
            summary=(
                "Where the city code and state law both set a value, which controls? (3-2-8: the "
                "more restrictive)"
            ),
            rules=("incorporation.controlling_provision",),
            fields=(
                Field(
                    "topic",
                    "string",
                    "The requirement, as a parameter key without its jurisdiction, e.g. "
                    "dangerous_dog.insurance.per_person",
                ),
                Field("on", "date", "The day asked about"),
            ),
            answer=_controlling,
            example={"topic": "dangerous_dog.insurance.per_person", "on": "2026-11-29"},
        ),
    )
}


class UnknownQuestion(LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no question named {name!r}; questions: {', '.join(sorted(QUESTIONS))}")


def question(name: str) -> Question:
    try:
        return QUESTIONS[name]
    except KeyError:
        raise UnknownQuestion(name) from None


def evaluate(name: str, raw_facts: Any, params: ParameterSet) -> dict[str, JSONValue]:
    """Answer a question: the JSON document ``dogtag evaluate`` prints."""
    asked = question(name)
    findings = asked.evaluate(raw_facts, params)
    return {
        "question": name,
        "jurisdiction": params.city.id,
        "facts": raw_facts,
        "findings": [f.to_json() for f in findings],
    }
