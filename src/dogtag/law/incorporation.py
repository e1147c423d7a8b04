"""The conflict rule (``incorporation.more_restrictive_controls``): the more restrictive provision
controls. Nowthen's words (its incorporation section): "This Section expressly adopts and
incorporates the provisions of Minnesota Statutes Sections 347.50 - 347.565. When the provisions of
this Section impose greater restrictions than those of any other statute ... the provisions of this
Section shall be controlling. Where the provisions of any other statute ... impose greater
restrictions than this Section, the provision of such statute ... shall be controlling."

A parameter that both the state and the city define under the same key, with ``stricter: higher``
or ``stricter: lower``, is such a provision: this rule sets the two side by side and names the one
that controls.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterNotInForce, ParameterSet, ParameterValue, UnknownParameter
from dogtag.law.provisions import cite
from dogtag.law.registry import rule

#: The provision applied, as a concept (each package's ordinance/sections.yaml).
CONFLICT_RULE = "incorporation.more_restrictive_controls"


def section(params: ParameterSet | None = None) -> str:
    """The section of the city in force (or ``params``') that states the conflict rule."""
    return cite(CONFLICT_RULE, params)


def comparable_topics(params: ParameterSet) -> list[str]:
    """Keys (without jurisdiction) on which the city and Minn. Stat. 347.50-347.565 meet.

    Those the state defines, and the city's dangerous-dog numbers, where the incorporated statutes
    govern the same requirement without a number of their own.
    """
    return sorted(
        {
            d.name
            for d in params
            if d.stricter is not None
            and (d.jurisdiction != params.city.id or d.name.startswith("dangerous_dog."))
        }
    )


def _cite(value: ParameterValue) -> str:
    section = value.source.section
    if value.source.kind == "ordinance" and section:
        return section
    return value.source.cite()


@rule(
    "incorporation.controlling_provision",
    provisions=(CONFLICT_RULE,),
    title="The more restrictive provision controls",
    summary=(
        "Where the city code and Minn. Stat. 347.50-347.565 set different values for the same "
        "requirement, shows both and names the more restrictive one, which controls."
    ),
    question="controlling-provision",
)
def controlling_provision(topic: str, on: dt.date, params: ParameterSet) -> Finding:
    """``incorporation.more_restrictive_controls``: the more restrictive of the city's and the
    state's provision controls."""
    conflict_rule = section(params)
    name = (
        topic.split(".", 1)[1]
        if topic.split(".", 1)[0] in {j.id for j in params.jurisdictions}
        else topic
    )
    state_def, city_def = params.counterpart(f"{params.city.id}.{name}")
    if state_def is None and city_def is None:
        raise UnknownParameter(name)
    values: dict[str, ParameterValue] = {}
    for definition in (state_def, city_def):
        if definition is None:
            continue
        try:
            values[definition.jurisdiction] = definition.value_on(on)
        except ParameterNotInForce:
            continue
    if not values:
        raise ParameterNotInForce(
            name, on, min(d.first_effective for d in (state_def, city_def) if d), "(both)"
        )
    direction = next(d.stricter for d in (city_def, state_def) if d is not None)
    if direction is None:
        raise ValueError(f"{name} does not say whether a higher or a lower value is stricter")
    state = values.get(params.state.id) if params.state else None
    city = values.get(params.city.id)
    description = (city_def or state_def).description  # type: ignore[union-attr]
    facts = {"topic": name, "on": on}
    if state is None or city is None:
        only = city or state
        assert only is not None
        other = params.state.name if city is not None and params.state else params.city.name
        return Finding(
            rule="incorporation.controlling_provision",
            outcome="city_controls" if city is not None else "state_controls",
            sections=(conflict_rule, _cite(only)),
            message=(
                f"{description}: {only.display()} ({_cite(only)}) controls; {other} sets no "
                f"value for it ({conflict_rule})."
            ),
            facts=facts,
            parameters=(only,),
            details={"stricter": direction},
        )
    if state.value == city.value:
        outcome, controls, message = (
            "same",
            city,
            f"{description}: the city ({_cite(city)}) and the state ({_cite(state)}) agree on "
            f"{city.display()} ({conflict_rule}).",
        )
    else:
        city_stricter = (city.value > state.value) == (direction == "higher")
        controls, overridden = (city, state) if city_stricter else (state, city)
        outcome = "city_controls" if city_stricter else "state_controls"
        message = (
            f"{description}: {controls.display()} ({_cite(controls)}) controls over "
            f"{overridden.display()} ({_cite(overridden)}), because the {direction} value is the "
            f"more restrictive ({conflict_rule})."
        )
    return Finding(
        rule="incorporation.controlling_provision",
        outcome=outcome,
        sections=(conflict_rule, _cite(controls)),
        message=message,
        facts=facts,
        parameters=(state, city),
        details={"stricter": direction, "controlling": controls.key},
    )


@facts
class ControllingProvisionFacts:
    """The facts of the question ``controlling-provision`` (the conflict rule)."""

    topic: str = fact(
        "The requirement, as a parameter key without its jurisdiction, e.g. "
        "dangerous_dog.insurance.per_person"
    )
    on: dt.date = fact("The day asked about")
