"""The rule registry: every implemented rule registers here where it is defined.

A section module decorates its rule functions with :func:`rule`, so the catalogue cannot drift from
the code. Rule ids are ``<area>.<what>`` in the ordinance's own words; the section is the subsection
that drives it. This module sits below every section module; :mod:`dogtag.law.catalogue`, at the top,
imports the questions (and so every section module) before listing the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from dogtag.law.jsonable import JSONValue

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Rule:
    id: str
    sections: tuple[str, ...]
    title: str
    summary: str
    question: str

    @property
    def section(self) -> str:
        return self.sections[0]

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "section": self.section,
            "sections": list(self.sections),
            "title": self.title,
            "summary": self.summary,
            "question": self.question,
        }


RULES: dict[str, Rule] = {}


def register(rule: Rule) -> Rule:
    if rule.id in RULES:
        raise ValueError(f"rule {rule.id!r} registered twice")
    if not rule.sections:
        raise ValueError(f"rule {rule.id!r} cites no section")
    RULES[rule.id] = rule
    return rule


def rule(
    id: str, *, sections: tuple[str, ...], title: str, summary: str, question: str
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Register the decorated function as the implementation of a catalogued rule."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        register(Rule(id, sections, title, summary, question))
        return function

    return decorate
