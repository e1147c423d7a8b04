"""The catalogue of implemented rules: id, section, title, summary (``dogtag rules``).

A rule registers itself where it is defined, so the catalogue cannot drift from the code. Rule ids
are ``<area>.<what>`` in the ordinance's own words; the section is the subsection that drives it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from dogtag.law.findings import JSONValue

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


def catalogue() -> list[Rule]:
    """Every implemented rule, ordered by section then id."""
    from dogtag.law import questions  # noqa: F401  (importing the questions registers every rule)

    return sorted(RULES.values(), key=lambda r: (_section_key(r.section), r.id))


def _section_key(section: str) -> tuple[tuple[int, str], ...]:
    """Sort "3-2-9.A.2.a" after "3-2-9.A.1.c" and "3-2-10" after "3-2-9"."""
    parts = section.replace("-", ".").split(".")
    return tuple((int(p), "") if p.isdigit() else (10**6, p) for p in parts)
