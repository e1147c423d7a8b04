"""The city whose law has a question (issue 27): Nowthen's, where its law states the question's
provisions, else Lino Lakes' (a prohibition only Lino Lakes' text states, ``law.prohibitions``).
Tests that walk every question ask each of a city that has it."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Iterator

from dogtag.law import params
from dogtag.law.questions import QUESTIONS, not_in_law


@functools.cache
def _cities() -> tuple[params.ParameterSet, params.ParameterSet]:
    return params.load(), params.load(params.DEFAULT_ROOT, "lino-lakes")


def law_of(name: str) -> params.ParameterSet:
    """The parameters of the first city (Nowthen, then Lino Lakes) whose law has ``name``."""
    for city in _cities():
        if not not_in_law(QUESTIONS[name], city):
            return city
    raise LookupError(f"no city's package has the question {name!r}")


def in_nowthen() -> list[str]:
    """The questions Nowthen's law has, in their order."""
    nowthen = _cities()[0]
    return [name for name, asked in QUESTIONS.items() if not not_in_law(asked, nowthen)]


@contextlib.contextmanager
def in_force(city: params.ParameterSet) -> Iterator[params.ParameterSet]:
    """``city`` in force while the block runs (the rules cite the sections of the city in force),
    the one before restored after."""
    before = os.environ.get("DOGTAG_JURISDICTION")
    os.environ["DOGTAG_JURISDICTION"] = city.city.id
    try:
        yield city
    finally:
        if before is None:
            del os.environ["DOGTAG_JURISDICTION"]
        else:
            os.environ["DOGTAG_JURISDICTION"] = before


def answer(name: str, facts: object) -> object:
    """The question ``name`` answered for ``facts`` in a city whose law has it, that city in
    force (``QUESTIONS[name].evaluate``)."""
    city = law_of(name)
    with in_force(city):
        return QUESTIONS[name].evaluate(facts, city)


def evaluated(name: str, facts: dict[str, object]) -> dict[str, object]:
    """``questions.evaluate`` of ``name`` in a city whose law has it, that city in force."""
    from dogtag.law.questions import evaluate

    city = law_of(name)
    with in_force(city):
        return evaluate(name, facts, city)
