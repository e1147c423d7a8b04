"""The conflict rule (``incorporation.more_restrictive_controls``) applied: every value the city and
the state both set, resolved and explained. In Nowthen's words: "When the provisions of this
Section impose greater restrictions than those of any other statute ... the provisions of this
Section shall be controlling. Where the provisions of any other statute ... impose greater
restrictions than this Section, the provision of such statute ... shall be controlling."

A key that the city's and the state's parameter files both define, with a ``stricter`` direction
(``higher`` or ``lower``), is one requirement set twice. ``ParameterSet.get`` gives the more
restrictive value for it (not the city's because it is the city's); ``resolve`` gives that same
value with the finding of ``incorporation.controlling_provision`` that shows both values, which
controls and the sections, so that every finding, clock, page and document that uses the value
can show it too.

Where the two count from different events, one value cannot stand for both: the state seizes a
dangerous dog not registered or insured 14 days after notice (Minn. Stat. 347.54 subd. 1), the
city requires registration within 30 days after the dog is deemed dangerous
(``dangerous_dog.registration``).
``DIFFERENT_TRIGGERS`` names those keys; both clocks run (``dangerous_dog_clocks``), each on its
own jurisdiction's days (LEGAL-NOTES §3).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from dogtag.law.findings import Finding
from dogtag.law.incorporation import controlling_provision, section
from dogtag.law.params import ParameterSet, ParameterValue

#: Keys both jurisdictions set whose periods start from different events: the state clock's id and
#: the city clock's id (``law.clocks.CLOCKS``), which both run.
DIFFERENT_TRIGGERS: dict[str, tuple[str, str]] = {
    "dangerous_dog.registration_deadline_days": (
        "dangerous_dog.seizure_unregistered",
        "dangerous_dog.registration",
    ),
}


@dataclass(frozen=True)
class Controlled:
    """A value set by both the city and the state, the one that controls, and why (the conflict
    rule)."""

    name: str
    value: ParameterValue
    finding: Finding

    @property
    def both(self) -> tuple[ParameterValue, ...]:
        """The state's and the city's values, in that order."""
        return self.finding.parameters

    @property
    def outcome(self) -> str:
        """``city_controls``, ``state_controls`` or ``same``."""
        return self.finding.outcome


def both_set(params: ParameterSet) -> list[str]:
    """The inventory: every key (without jurisdiction) that the city and its state both define
    with a ``stricter`` direction, so that the conflict rule decides which value controls."""
    if params.state is None:
        return []
    names = []
    for definition in params:
        if definition.jurisdiction != params.city.id:
            continue
        state, city = params.counterpart(definition.key)
        if state is not None and city is not None and city.stricter is not None:
            names.append(definition.name)
    return sorted(names)


def resolve(name: str, on: dt.date, params: ParameterSet) -> Controlled:
    """The value of ``name`` that controls on ``on`` (the one ``ParameterSet.get`` gives), with
    the conflict rule's finding that shows both values, which controls, and the sections."""
    value = params.get(name, on)
    finding = controlling_provision(name, on, params)
    controls = finding.details.get("controlling", value.key)
    if controls != value.key:  # the parameter resolution and the rule must never disagree
        raise AssertionError(
            f"{name}: the parameters give {value.key}, the conflict rule gives {controls}"
        )
    return Controlled(name=name, value=value, finding=finding)


def explanation(controlled: Controlled) -> str:
    """One line for a page or a document: both values, which controls, the section."""
    return f"{section()}: {controlled.finding.message}"
