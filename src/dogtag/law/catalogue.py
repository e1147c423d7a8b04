"""The catalogue of implemented rules: id, section, title, summary (``dogtag rules``).

The top of the rules core: importing the questions imports every section module, whose rules
register themselves in :mod:`dogtag.law.registry` where they are defined.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law import questions  # noqa: F401  (loads every section module: every rule registers)
from dogtag.law.params import ParameterSet, default
from dogtag.law.registry import RULES as RULES
from dogtag.law.registry import Rule as Rule
from dogtag.law.registry import unavailable


def catalogue(params: ParameterSet | None = None, on: dt.date | None = None) -> list[Rule]:
    """Every implemented rule, ordered by section then id; given the parameters and a day, the
    rules that are law in their city (``registry.unavailable``), each title and summary worded
    from the values in force that day (``Rule.worded``)."""
    if params is None or on is None:
        # every rule of the city in force (a variant another city's package states is not)
        city = default()
        rules = [r for r in RULES.values() if unavailable(r, city, dt.date.max) is None]
        return sorted(rules, key=lambda r: (_section_key(r.section), r.id))
    rules = [r.worded(params, on) for r in RULES.values() if unavailable(r, params, on) is None]
    return sorted(rules, key=lambda r: (_section_key(r.section), r.id))


def not_in_law(params: ParameterSet, on: dt.date) -> list[tuple[Rule, str]]:
    """The rules that are not law in ``params``' city on ``on``, each with why."""
    found = [(r, unavailable(r, params, on)) for r in RULES.values()]
    return sorted(((r, why) for r, why in found if why), key=lambda pair: pair[0].id)


def _section_key(section: str) -> tuple[tuple[int, str], ...]:
    """Sort a chapter code's "9.A.2.a" after "9.A.1.c" and "10" after "9", numbers by value; a
    decimal code's
    subdivisions in parentheses by their numbers and letters alike."""
    parts = section.replace("-", ".").replace("(", ".").replace(")", "").split(".")
    return tuple((int(p), "") if p.isdigit() else (10**6, p) for p in parts)
