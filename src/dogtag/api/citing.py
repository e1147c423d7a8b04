"""The API's texts cite the city in force (issue 27): an operation's summary and description, and
a schema's or a field's description, are written once, ahead of any city, naming each provision
as ``{§concept}`` (``law.provisions.CITATION``); the OpenAPI document is worded for the city in
force each time it is built.

Citations in one pair of parentheses are listed as the ordinance lists them: each after the
first without the number of the section it shares with the one before (``provisions.after``:
its letter or its subdivision alone); citations joined by "/" are one place, each section once.
A pair of parentheses that holds citations alone leaves out a provision the city's law does not
state, and goes where it states none of them ("Private ({§private_kennel.license})" is "Private"
where there are no such kennel licenses); elsewhere such a provision is named by its id, marked
so (``provisions.cited_in``'s lenient form), never another city's section.
"""

from __future__ import annotations

import re
from typing import Any

from dogtag.law import provisions
from dogtag.law.params import ParameterSet

#: one ``{§concept}``, the concept captured
_ONE = provisions.CITATION.pattern
_BARE = r"\{§[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\}"
#: citations joined by "/": one place in a list
_RUN = re.compile(rf"{_BARE}(?:/{_BARE})*")
#: a pair of parentheses of the text as written, with the space before it
_GROUP = re.compile(r"( ?)\(([^()]*)\)")
#: parentheses holding citations alone
_ONLY = re.compile(rf"{_BARE}(?:(?:, |/){_BARE})*")
#: the texts of an OpenAPI document that are worded
KEYS = frozenset({"summary", "description"})


def _concepts(text: str) -> list[str]:
    return re.findall(_ONE, text)


def _section(concept: str, params: ParameterSet | None) -> str:
    return provisions.cited_in(f"{{§{concept}}}", params, lenient=True)


def _listed(text: str, params: ParameterSet | None) -> str:
    """``text`` with each run of citations written as the ordinance lists them, in order."""
    before = ""

    def run(match: re.Match[str]) -> str:
        nonlocal before
        out = []
        for section in dict.fromkeys(_section(c, params) for c in _concepts(match.group())):
            out.append(provisions.after(section, before))
            before = section
        return "/".join(out)

    return _RUN.sub(run, text)


def worded(text: str, params: ParameterSet | None = None) -> str:
    """``text`` with every ``{§concept}`` written as the city in force (or ``params``' city)
    numbers it."""
    if "{§" not in text:
        return text

    def group(match: re.Match[str]) -> str:
        space, inside = match.groups()
        if "{§" not in inside:
            return match.group()
        if _ONLY.fullmatch(inside):
            named = _concepts(inside)
            stated = [c for c in named if provisions.maps(c, params)]
            if not stated:
                return ""
            if len(stated) < len(named):
                inside = ", ".join(f"{{§{c}}}" for c in stated)
        return f"{space}({_listed(inside, params)})"

    return _listed(_GROUP.sub(group, text), params)


def worded_document(document: Any, params: ParameterSet | None = None) -> Any:
    """The OpenAPI document (in place) with each summary and description worded."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key in KEYS and isinstance(value, str):
                document[key] = worded(value, params)
            else:
                worded_document(value, params)
    elif isinstance(document, list):
        for item in document:
            worded_document(item, params)
    return document
