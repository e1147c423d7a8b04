"""The private kennel license (``private_kennel.license``) as a function of its dated events: its
terms (``private_kennel.required``, ``private_kennel.term``), the complaints against the licensee
and the inspection each authorizes (``private_kennel.inspection``), the dogs counted against the
set number (``private_kennel.set_number``). ``private_kennel`` is where a license stands on a
day."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dogtag.law import kennels as kennel_rules
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import (
    PRIVATE_INSPECTION,
    PRIVATE_TERM,
    RELOCATION,
    SET_NUMBER,
    license_term,
)
from dogtag.law.kennel_procedure.application import ApplicationState
from dogtag.law.kennel_procedure.desk import inspection_grounds
from dogtag.law.kennel_procedure.events import Term
from dogtag.law.kennel_procedure.finder import Finder, long_day, not_counted, offered
from dogtag.law.kennel_procedure.running import term_clock
from dogtag.law.kennel_procedure.steps import PRIVATE_REQUIRED
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ordered
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule

PRIVATE_PROCEDURE = "private-kennel-license"
#: The events of a private kennel license (``private_kennel.license``), with the provision naming
#: each (a concept) and what it is.
PRIVATE_STEPS: tuple[tuple[str, str, str], ...] = (
    ("private_license", PRIVATE_REQUIRED, "a private kennel license from the City offices"),
    ("private_renewal", PRIVATE_TERM, "the license for a further term of one (1) year"),
    ("private_complaint", PRIVATE_INSPECTION, "a complaint against the kennel licensee received"),
    (
        "private_inspection",
        PRIVATE_INSPECTION,
        "an inspection of the kennel for the purpose of determining compliance with the "
        "conditions of the license",
    ),
)
PRIVATE_KINDS = tuple(name for name, _, _ in PRIVATE_STEPS)
_PRIVATE_WHAT = {name: (concept, what) for name, concept, what in PRIVATE_STEPS}


@dataclass(frozen=True)
class PrivateDates:
    """A private kennel license's terms, its set number of dogs, and its complaints."""

    terms: tuple[Term, ...] = ()
    dogs: int | None = None
    complaints: tuple[dt.date, ...] = ()
    inspections: tuple[dt.date, ...] = ()
    last_on: dt.date | None = None
    results: tuple[Finding, ...] = ()

    def in_force(self, on: dt.date) -> Term | None:
        return next((t for t in self.terms if t.starts_on <= on <= t.ends_on), None)

    def uninspected(self) -> int:
        return len(self.complaints) - len(self.inspections)


@rule(
    "kennel.private_procedure",
    provisions=(PRIVATE_REQUIRED, PRIVATE_TERM, PRIVATE_INSPECTION),
    title="The events of a private kennel license, in order",
    summary=(
        "A private kennel license for {private_kennel.term_years:words_unit} (A.1, A.3), renewed "
        "for a further term; a complaint against the licensee while it is in force authorizes an "
        "inspection of the kennel against the conditions of the license (A.4)."
    ),
    question=PRIVATE_PROCEDURE,
)
def private_step(
    dates: PrivateDates,
    step: str,
    on: dt.date,
    params: ParameterSet,
    facts: Mapping[str, JSONValue] | None = None,
) -> list[Finding]:
    """``private_kennel.term``: "The term for a private kennel license shall be one (1) year."
    ``private_kennel.inspection``: "Upon receipt of a complaint against the kennel licensee, the
    licensee authorizes City staff to perform an inspection of the kennel for the purpose of
    determining compliance with the conditions of their license." One inspection for each
    complaint received; the dogs counted at it are checked against the set number
    (``private_kennel.set_number``, the rule ``kennel.private_set_number``). A finding that blocks
    comes first."""
    if step not in PRIVATE_KINDS:
        raise ValueError(f"step {step!r} is not one of {', '.join(PRIVATE_KINDS)}")
    concept, what = _PRIVATE_WHAT[step]
    section = cite(concept, params)
    given = facts or {}
    says = Finder("kennel.private_procedure", (section,), {"step": step, "on": on})
    if dates.last_on is not None and on < dates.last_on:
        return [
            says(
                "not_on_this_day",
                f"Events are recorded in the order they happened: {long_day(on)} is before the "
                f"last, on {long_day(dates.last_on)} ({section}).",
            )
        ]
    term = dates.in_force(on)
    if step == "private_license":
        if term is not None:
            return [
                says(
                    "in_force",
                    f"A license is in force through {long_day(term.ends_on)}: renew it, or a new "
                    f"or corrected license replaces it at the desk "
                    f"({together(cite_each(SET_NUMBER, RELOCATION, params=params))}).",
                )
            ]
        dogs = given.get("dogs")
        if isinstance(dogs, int) and not isinstance(dogs, bool):
            set_number = kennel_rules.private_kennel_dogs(dogs, dogs, on, params)
            if set_number.blocks:
                return [set_number]
        return [says.in_order(what)]
    if not dates.terms:
        return [says("no_license", f"Not yet: {what} follows a license ({section}).")]
    if step == "private_renewal":
        return [says.in_order(what)]
    if step == "private_complaint":
        if term is None:
            return [
                says(
                    "not_in_force",
                    f"No private kennel license is in force on {long_day(on)}: a complaint is "
                    f"against a kennel licensee ({cite(PRIVATE_INSPECTION, params)}).",
                )
            ]
        return [says.in_order(what)]
    grounds = inspection_grounds(
        "private",
        "complaint" if dates.uninspected() > 0 else "none",
        "complaint received" if dates.uninspected() > 0 else "",
        well_distance_given=False,
    )
    if grounds is not None:
        return [grounds]
    out = [says.in_order(what)]
    counted = given.get("dogs_counted")
    if isinstance(counted, int) and not isinstance(counted, bool) and dates.dogs is not None:
        # what the inspection finds, recorded whatever it is
        out.append(kennel_rules.private_kennel_dogs(dates.dogs, counted, on, params))
    return out


def private_apply(dates: PrivateDates, event: Event, params: ParameterSet) -> PrivateDates:
    """The state after an event ``private_step`` allows."""
    change: dict[str, object] = {"last_on": event.on}
    if event.kind in ("private_license", "private_renewal"):
        starts = event.on
        if event.kind == "private_renewal" and dates.terms:
            starts = max(event.on, dates.terms[-1].ends_on + dt.timedelta(days=1))
        term = license_term("private", starts, params)
        change["terms"] = (*dates.terms, Term(starts, term.next_date or starts, event.kind))
        dogs = event.facts.get("dogs")
        if isinstance(dogs, int) and not isinstance(dogs, bool):
            change["dogs"] = dogs
    elif event.kind == "private_complaint":
        change["complaints"] = (*dates.complaints, event.on)
    else:
        change["inspections"] = (*dates.inspections, event.on)
    return dataclasses.replace(dates, **change)  # type: ignore[arg-type]


def private_kennel(events: Sequence[Event], on: dt.date, params: ParameterSet) -> ApplicationState:
    """``private_kennel.license``: where a private kennel license stands on ``on``: its state, the
    events allowed, the term running, and the events of the log not counted."""
    dates = PrivateDates()
    skipped: list[tuple[Event, tuple[Finding, ...]]] = []
    for event in ordered(list(events)):
        if event.kind not in PRIVATE_KINDS:
            raise ValueError(f"event {event.kind!r} is not one of {', '.join(PRIVATE_KINDS)}")
        if event.on > on:
            continue
        found = private_step(dates, event.kind, event.on, params, event.facts)
        if found[0].blocks:
            why = not_counted(event, found[0], _PRIVATE_WHAT[event.kind][1])
            skipped.append((event, (why, *found)))
        else:
            dates = private_apply(dates, event, params)
            dates = dataclasses.replace(dates, results=(*dates.results, *found[1:]))
    allowed, blocked = offered(PRIVATE_KINDS, lambda step: private_step(dates, step, on, params))
    term = dates.in_force(on)
    if term is None:
        state = "expired" if dates.terms else "no_license"
    else:
        state = "complaint_received" if dates.uninspected() > 0 else "licensed"
    return ApplicationState(
        procedure=PRIVATE_PROCEDURE,
        on=on,
        state=state,
        completed=tuple(dict.fromkeys(kind for kind in PRIVATE_KINDS if kind in _done(dates))),
        allowed=allowed,
        blocked=blocked,
        deadlines=() if term is None else (term_clock("private", term, params),),
        not_counted=tuple(skipped),
        results=dates.results,
    )


def _done(dates: PrivateDates) -> set[str]:
    done = {t.by for t in dates.terms}
    if dates.complaints:
        done.add("private_complaint")
    if dates.inspections:
        done.add("private_inspection")
    return done
