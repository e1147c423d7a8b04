"""The rule registry: every implemented rule registers here where it is defined.

A section module decorates its rule functions with :func:`rule`, so the catalogue cannot drift from
the code. Rule ids are ``<area>.<what>`` in the ordinance's own words; the section is the subsection
that drives it. This module sits below every section module; :mod:`dogtag.law.catalogue`, at the top,
imports the questions (and so every section module) before listing the rules.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from dogtag.law.jsonable import JSONValue
from dogtag.law.package_wording import rule_wording
from dogtag.law.params import (
    ParameterDoesNotApply,
    ParameterSet,
    ParameterValue,
    UnknownParameter,
)
from dogtag.law.provisions import (
    UnknownProvision,
    cite_each,
    cited_in,
    maps,
    sections_of,
)
from dogtag.law.wording import fill, unfilled

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Rule:
    """A catalogued rule. Its title and summary name a value only as a parameter
    (``{enclosure.dwelling_setback_feet:short}``, ``law.wording``): :meth:`worded` says it as in
    force on a day, so the catalogue never shows a value the council has since changed."""

    id: str
    #: the sections it cites, written out (a rule not yet citing concepts, issue 27)
    cited: tuple[str, ...]
    title: str
    summary: str
    question: str
    #: the values worded into the title and summary (after :meth:`worded`)
    parameters: tuple[ParameterValue, ...] = ()
    #: the provisions it applies, as concepts the jurisdiction package maps to its sections
    provisions: tuple[str, ...] = ()
    #: provisions it applies only where a city's law states them (Nowthen's commercial kennel
    #: public hearing fee): cited where mapped, never what makes the rule law or not
    where_stated: tuple[str, ...] = ()

    @property
    def sections(self) -> tuple[str, ...]:
        """Its sections in the jurisdiction in force: the concepts', each once
        (``law.provisions.cite_each``), or those written out."""
        if not self.provisions:
            return self.cited
        stated = (p for p in self.where_stated if maps(p))
        return cite_each(*self.provisions, *stated)

    @property
    def section(self) -> str:
        return self.sections[0]

    def worded(self, params: ParameterSet, on: dt.date) -> Rule:
        """The rule with its title and summary worded from the parameters in force on ``on``; a
        value not yet in force that day is named by its key, marked so. A city whose package
        words the rule otherwise (``ordinance/rules.yaml``) has its own words."""
        title, summary = rule_wording(self.id, self.title, self.summary, params)
        title, used = fill(cited_in(title, params), params, on, lenient=True)
        summary, more = fill(cited_in(summary, params), params, on, lenient=True)
        values = {v.key: v for v in (*used, *more)}
        return dataclasses.replace(
            self, title=title, summary=summary, parameters=tuple(values.values())
        )

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "section": self.section,
            "sections": list(self.sections),
            "title": unfilled(cited_in(self.title)),
            "summary": unfilled(cited_in(self.summary)),
            "question": self.question,
            "parameters": [
                {"key": v.key, "display": v.display(), "source": v.source.cite()}
                for v in self.parameters
            ],
        }


RULES: dict[str, Rule] = {}


def register(rule: Rule) -> Rule:
    if rule.id in RULES:
        raise ValueError(f"rule {rule.id!r} registered twice")
    if not rule.cited and not rule.provisions:
        raise ValueError(f"rule {rule.id!r} cites no section")
    RULES[rule.id] = rule
    return rule


def rule(
    id: str,
    *,
    sections: tuple[str, ...] = (),
    provisions: tuple[str, ...] = (),
    where_stated: tuple[str, ...] = (),
    title: str,
    summary: str,
    question: str,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Register the decorated function as the implementation of a catalogued rule: the
    ``provisions`` it applies (concepts, cited through the jurisdiction package), or, until it
    is converted, the ``sections`` written out; ``where_stated``, those it applies only in a city
    whose law states them."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        register(
            Rule(
                id,
                sections,
                title,
                summary,
                question,
                provisions=provisions,
                where_stated=where_stated,
            )
        )
        return function

    return decorate


#: Citations that are the state's or the counting statute's, not a city's: true in every city.
_STATE_CITATION = ("Minn. Stat.", "Minnesota Statutes")


def unavailable(rule: Rule, params: ParameterSet, on: dt.date) -> str | None:
    """Why ``rule`` is not law in ``params``' city on ``on``, or None if it is: a provision its
    package does not map, a section written out in another city's numbering (a rule not yet
    citing concepts), or a value its wording names that the city's law does not have."""
    city = params.city.name
    if rule.provisions:
        missing = [p for p in rule.provisions if not maps(p, params)]
        if missing:
            return f"{city}'s law states no {', '.join(missing)}"
    else:
        own = [s.pattern for s in (sections_of(j) for j in params.jurisdictions) if s.pattern]
        foreign = [
            s
            for s in rule.cited
            if not s.startswith(_STATE_CITATION) and not any(p.fullmatch(s) for p in own)
        ]
        if foreign:
            return f"cites {', '.join(foreign)}, not a section of {city}'s law (not yet converted)"
    try:
        for text in rule_wording(rule.id, rule.title, rule.summary, params):
            fill(cited_in(text, params), params, on, lenient=True)
    except UnknownParameter as exc:
        return f"{city}'s law sets no {exc.key}"
    except ParameterDoesNotApply as exc:
        return f"{exc.key} does not apply in {city}: {exc.reason}"
    except UnknownProvision as exc:
        return f"{city}'s law states no {exc.concept}"
    return None
