"""The general questions: when something is due (Minn. Stat. 645.15) and which provision controls
where state law and the city code both set a value (the conflict rule)."""

from __future__ import annotations

from typing import Any

from dogtag.law import clocks, incorporation
from dogtag.law.clocks import DeadlineFacts
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding
from dogtag.law.incorporation import ControllingProvisionFacts
from dogtag.law.params import ParameterSet


def _deadline(facts: DeadlineFacts, params: ParameterSet) -> list[Finding]:
    if facts.rule is None and facts.days is None:
        raise FactsError("deadline", ["give either rule (a deadline rule) or days"])
    return [
        clocks.deadline(
            params,
            facts.from_,
            clock_id=facts.rule,
            days=facts.days,
            trigger_event=facts.event,
        )
    ]


def _controlling(facts: ControllingProvisionFacts, params: ParameterSet) -> list[Finding]:
    topics = incorporation.comparable_topics(params)
    if facts.topic not in topics:
        raise FactsError(
            "controlling-provision",
            [f"topic: {facts.topic!r} is not one of {', '.join(topics)}"],
        )
    return [incorporation.controlling_provision(facts.topic, facts.on, params)]


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="deadline",
        summary=(
            "When is something due? Counts days per Minn. Stat. 645.15 from a triggering "
            "event, for one of the ordinance's deadline rules or for a plain number of days."
        ),
        rules=("computation_of_time", *clocks.CLOCKS),
        choices=tuple(clocks.CLOCKS),
        facts=DeadlineFacts,
        answer=_deadline,
        example={"from": "2025-12-11", "rule": "dangerous_dog.hearing_request"},
    ),
    Question(
        name="controlling-provision",
        summary=(
            "Where the city code and state law both set a value, which controls? "
            "({§incorporation.more_restrictive_controls}: the more restrictive)"
        ),
        rules=("incorporation.controlling_provision",),
        facts=ControllingProvisionFacts,
        answer=_controlling,
        example={"topic": "dangerous_dog.insurance.per_person", "on": "2026-11-29"},
    ),
)
