"""The questions the rules core answers: the public face of Dogtag's law (``dogtag evaluate``).

A question takes facts as JSON and returns the findings it is about, as JSON. Its facts are one
frozen dataclass defined beside its rules (see :mod:`dogtag.law.facts`), from which come the
validation (every problem reported, naming the field) and the JSON Schema printed by
``dogtag evaluate QUESTION --schema``. One module per domain holds the questions and the functions
that answer them; each exposes ``QUESTIONS``, a tuple of :class:`Question`.

To add a question: declare its facts class with ``@facts`` and ``fact(...)`` beside its rules, write
``answer(facts, params) -> list[Finding]``, put ``Question(name=..., summary=..., rules=...,
facts=TheFacts, answer=answer, example={...})`` in the ``QUESTIONS`` of a domain module, and list
that module in ``DOMAINS`` below if it is new.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from dogtag.law.facts import FactsError as FactsError
from dogtag.law.facts import Field as Field
from dogtag.law.facts import Question as Question
from dogtag.law.jsonable import JSONValue
from dogtag.law.package_wording import question_summary
from dogtag.law.params import ParameterDoesNotApply, ParameterSet, UnknownParameter
from dogtag.law.provisions import UnknownProvision, cited_in
from dogtag.law.questions import (
    dangerous_dog_case,
    dangerous_dogs,
    enclosures,
    general,
    kennels,
    licensing,
    nuisance,
)
from dogtag.law.registry import RULES, unavailable
from dogtag.law.wording import fill

DOMAINS = (general, licensing, kennels, nuisance, dangerous_dogs, dangerous_dog_case, enclosures)


def _collect() -> dict[str, Question[Any]]:
    collected: dict[str, Question[Any]] = {}
    for domain in DOMAINS:
        for asked in domain.QUESTIONS:
            if asked.name in collected:
                raise ValueError(f"question {asked.name!r} defined twice")
            collected[asked.name] = asked
    return collected


QUESTIONS: dict[str, Question[Any]] = _collect()


class UnknownQuestion(LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no question named {name!r}; questions: {', '.join(sorted(QUESTIONS))}")


class QuestionNotInLaw(LookupError):
    """A question whose rules are not all law in the city in force (issue 27): answering it
    would cite another city's sections or values."""

    def __init__(self, name: str, city: str, reasons: list[str]) -> None:
        self.name, self.city, self.reasons = name, city, reasons
        super().__init__(f"{city} cannot be asked {name!r} yet: " + "; ".join(reasons) + ".")

    def __str__(self) -> str:
        return str(self.args[0])


def not_in_law(asked: Question[Any], params: ParameterSet) -> list[str]:
    """Why a question is not law in ``params``' city: each rule of it that is not, with why; its
    rules all law, a provision or value its summary names that the city's law does not have (as
    ``registry.unavailable`` asks of a rule's title and summary), so that every question listed
    can be worded (``Question.worded``)."""
    reasons = []
    for rule_id in asked.rules:
        if rule_id in asked.choices:  # a choice not law here is not offered, that is all
            continue
        why = unavailable(RULES[rule_id], params, dt.date.max)
        if why:
            reasons.append(f"{rule_id}: {why}")
    offered = [c for c in asked.choices if not unavailable(RULES[c], params, dt.date.max)]
    if asked.choices and not offered:  # the question needs one of them at least
        reasons += [f"{c}: {unavailable(RULES[c], params, dt.date.max)}" for c in asked.choices]
    if not reasons:
        city = params.city.name
        try:
            summary = question_summary(asked.name, asked.summary, params)
            fill(cited_in(summary, params), params, dt.date.max, lenient=True)
        except UnknownProvision as exc:
            reasons.append(f"its summary: {city}'s law states no {exc.concept}")
        except UnknownParameter as exc:
            reasons.append(f"its summary: {city}'s law sets no {exc.key}")
        except ParameterDoesNotApply as exc:
            reasons.append(f"its summary: {exc.key} does not apply in {city}: {exc.reason}")
    return reasons


def question(name: str) -> Question[Any]:
    try:
        return QUESTIONS[name]
    except KeyError:
        raise UnknownQuestion(name) from None


def evaluate(name: str, raw_facts: Any, params: ParameterSet) -> dict[str, JSONValue]:
    """Answer a question: the JSON document ``dogtag evaluate`` prints. A question not law in
    the city in force is refused (:class:`QuestionNotInLaw`), never answered with another's."""
    asked = question(name)
    reasons = not_in_law(asked, params)
    if reasons:
        raise QuestionNotInLaw(name, params.city.name, reasons)
    findings = asked.evaluate(raw_facts, params)
    return {
        "question": name,
        "jurisdiction": params.city.id,
        "facts": raw_facts,
        "findings": [f.to_json() for f in findings],
    }
