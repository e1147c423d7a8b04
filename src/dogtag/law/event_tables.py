"""The coverage table of each procedure: every event and step the text names, the section that
names it, the rules that check it and the tests that prove it (``dogtag rules --coverage``, the
tables in ``docs/procedures/``).

A procedure module declares its table as a tuple of :class:`EventRow`; :func:`tables` collects
them by the question that answers the procedure, each provision a row names (``{§concept}``)
cited as the city in force numbers it (issue 27: rules cite concepts, packages cite sections).
The tests a row names are test functions (``tests/law/test_x.py::test_y``); coverage reads the
test files to say whether each exists, so a row whose test was renamed or deleted shows as
unproved rather than silently passing.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from dogtag.law.findings import JSONValue
from dogtag.law.params import ParameterSet
from dogtag.law.provisions import cited_in, maps


def provision(concept: str) -> str:
    """A row's ``section`` naming a provision by its concept (``{§concept}``), cited when the table
    is shown (:meth:`EventRow.cited`), never when the procedure is imported."""
    return f"{{§{concept}}}"


@dataclass(frozen=True)
class EventRow:
    """One event or step a procedure's text names."""

    #: the event's kind in the matter's log (``hearing_requested``)
    kind: str
    #: the provision that names it, as a concept cited when shown
    #: (``{§dangerous_dog.notice.hearing_request}``), or a statute's section (``Minn. Stat. 347.50``)
    section: str
    #: what the text names, in its own words where it has them (a provision as ``{§concept}``)
    what: str
    #: the rules (registry ids) that check it when it is recorded
    rules: tuple[str, ...]
    #: the test functions that prove it, ``path::function`` from the project root
    tests: tuple[str, ...]
    #: a concept: the row is in the table only of a city whose package states it (a provision
    #: of another city's law alone, as Lino Lakes' prohibitions of ``law.prohibitions``)
    only_where: str = ""

    def cited(self, params: ParameterSet | None = None) -> EventRow:
        """The row with each provision it names cited as the city in force (or ``params``')
        numbers it; one the city's package does not map is named so, never another city's
        section (``law.provisions.cited_in``, lenient: the table shows in every city)."""
        return replace(
            self,
            section=cited_in(self.section, params, lenient=True),
            what=cited_in(self.what, params, lenient=True),
        )


@dataclass(frozen=True)
class EventCoverage:
    """A row with the tests found for it."""

    row: EventRow
    #: each named test, and whether it was found in the test files (None: not searched)
    found: tuple[tuple[str, bool], ...] | None

    @property
    def proved(self) -> bool | None:
        if self.found is None:
            return None
        return bool(self.found) and all(ok for _, ok in self.found)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.row.kind,
            "section": self.row.section,
            "what": self.row.what,
            "rules": list(self.row.rules),
            "tests": list(self.row.tests),
            "proved": self.proved,
        }


#: question -> the module whose ``EVENT_TABLE`` is the procedure's table
PROCEDURE_MODULES = {
    "dangerous-dog-case": "dogtag.law.dangerous_dog_procedure.table",
    "commercial-kennel-application": "dogtag.law.kennel_procedure",
    "complaint": "dogtag.law.complaint_procedure",
}


def tables(params: ParameterSet | None = None) -> Mapping[str, tuple[EventRow, ...]]:
    """Every procedure's table, by its question (imported late: the procedures import this), its
    provisions cited as the city in force (or ``params``') numbers them."""
    found = {}
    for question, module in PROCEDURE_MODULES.items():
        table = getattr(importlib.import_module(module), "EVENT_TABLE", ())
        found[question] = tuple(
            row.cited(params) for row in table if not row.only_where or maps(row.only_where, params)
        )
    return found


_TEST = re.compile(r"^(?P<path>[\w./-]+\.py)::(?P<function>\w+)$")


def event_coverage(table: tuple[EventRow, ...], root: Path | None) -> list[EventCoverage]:
    """Each row with whether its tests exist under ``root`` (the project root), or None."""
    rows = []
    for row in table:
        if root is None:
            rows.append(EventCoverage(row, None))
            continue
        rows.append(EventCoverage(row, tuple((t, _exists(root, t)) for t in row.tests)))
    return rows


def _exists(root: Path, test: str) -> bool:
    match = _TEST.match(test)
    if match is None:
        return False
    path = root / match["path"]
    if not path.is_file():
        return False
    text = path.read_text(encoding="utf-8")
    return re.search(rf"^\s*(?:async )?def {match['function']}\(", text, re.M) is not None


def render_markdown(question: str, table: tuple[EventRow, ...]) -> str:
    """The table as ``docs/procedures/<question>.md`` holds it (a test keeps the two equal)."""
    lines = [
        f"# `{question}`: every event and step the text names",
        "",
        "Generated by `dogtag rules --events "
        f"{question} --markdown`; a test keeps this file equal to it.",
        "",
        "| event | section | what the text names | rules | tests |",
        "|---|---|---|---|---|",
    ]
    for row in table:
        rules = ", ".join(f"`{r}`" for r in row.rules) or "(none)"
        tests = "<br>".join(f"`{t}`" for t in row.tests) or "(none)"
        what = row.what.replace("|", "\\|")
        lines.append(f"| `{row.kind}` | {row.section} | {what} | {rules} | {tests} |")
    return "\n".join(lines) + "\n"


def render_text(question: str, rows: list[EventCoverage]) -> str:
    """The table as the terminal shows it, with whether each row's tests were found."""
    lines = [f"Events of {question}", ""]
    unproved = 0
    for entry in rows:
        row = entry.row
        status = {True: "proved", False: "NOT PROVED", None: "not searched"}[entry.proved]
        unproved += entry.proved is False
        lines.append(f"{row.kind}  {row.section}  [{status}]")
        lines.append(f"    {row.what}")
        lines.append(f"    rules: {', '.join(row.rules) or 'none'}")
        for test, ok in entry.found or tuple((t, True) for t in row.tests):
            lines.append(f"    test: {test}{'' if ok else '  (not found)'}")
    lines.append("")
    lines.append(f"{len(rows)} events; {unproved} not proved")
    return "\n".join(lines) + "\n"
