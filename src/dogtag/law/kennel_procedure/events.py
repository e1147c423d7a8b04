"""The events of a commercial kennel application (``commercial_kennel.license``) and what they set:
``Dates``, the latest of each step, the owners found missing from the notice list and notified
late, the license terms and the complaints; ``apply`` is the state after one event the procedure
allows.

Events and their facts (``check_facts``): ``application``; ``hearing_scheduled``
(``hearing_on``); ``notice_list`` (``recipients``: the owners on it, optional); ``notice_mailed``;
``owner_omitted`` (``owner``); ``owner_notified_late`` (``owner``); ``hearing_held``;
``recommendation`` (``recommendation``: approve, approve_with_conditions or deny;
``conditions``); ``council_decision`` (``approved``; ``conditions``,
``commercial_kennel.council_conditions``); ``license``;
``withdrawn``; ``nuisance_complaint``; ``renewal`` (``complaints``); ``council_renewal``
(``approved``; ``conditions``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from dogtag.law.findings import JSONValue
from dogtag.law.kennel_conditions import STEP_NAMES, license_term
from dogtag.law.kennel_procedure.steps import EVENT_KINDS, NOTICE_READING, RECOMMENDATIONS
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event


@dataclass(frozen=True)
class Term:
    """One license term: the first license's (``commercial_kennel.term``: "The initial term for
    the kennel license shall be one (1) year") or a subsequent license's."""

    starts_on: dt.date
    ends_on: dt.date
    by: str  # license, renewal or council_renewal
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dates:
    """What the events counted so far set: the latest of each step, the owners found missing and
    notified late, the terms, the complaints."""

    applied_on: dt.date | None = None
    hearing_scheduled_on: dt.date | None = None
    hearing_on: dt.date | None = None
    notice_list_drawn_on: dt.date | None = None
    recipients: tuple[str, ...] | None = None
    notice_mailed_on: dt.date | None = None
    #: (owner, the day found missing), the latest finding per owner
    omitted: tuple[tuple[str, dt.date], ...] = ()
    #: (owner, the day notice was given late)
    notified_late: tuple[tuple[str, dt.date], ...] = ()
    hearing_held_on: dt.date | None = None
    #: a hearing held, then undone by an owner found missing (reading): to be noticed again
    defective_hearing_on: dt.date | None = None
    recommended_on: dt.date | None = None
    recommendation: str | None = None
    recommendation_conditions: tuple[str, ...] = ()
    council_decided_on: dt.date | None = None
    council_approved: bool | None = None
    council_conditions: tuple[str, ...] = ()
    licensed_on: dt.date | None = None
    terms: tuple[Term, ...] = ()
    complaints: tuple[dt.date, ...] = ()
    renewal_refused_on: dt.date | None = None
    withdrawn_on: dt.date | None = None
    #: the day of the latest event counted: no step is dated before it
    last_on: dt.date | None = None

    def completed(self) -> list[str]:
        """The main steps of a commercial kennel license taken (and still standing), in their
        order."""
        done = {
            "application": self.applied_on,
            "hearing_scheduled": self.hearing_on,
            "notice_list": self.notice_list_drawn_on,
            "notice_mailed": self.notice_mailed_on,
            "hearing_held": self.hearing_held_on,
            "recommendation": self.recommended_on,
            "council_decision": self.council_decided_on,
            "license": self.licensed_on,
        }
        return [name for name in STEP_NAMES if done[name] is not None]

    def outstanding(self, before: dt.date) -> list[tuple[str, dt.date]]:
        """The owners found missing from the list who have had no notice before ``before``."""
        return [
            (owner, found)
            for owner, found in self.omitted
            if not self._covered(owner, found, before)
        ]

    def _covered(self, owner: str, found: dt.date, before: dt.date) -> bool:
        if any(who == owner and found <= day < before for who, day in self.notified_late):
            return True
        # a list drawn again after the owner was found missing, and mailed, reaches the owner
        drawn, mailed = self.notice_list_drawn_on, self.notice_mailed_on
        return (
            drawn is not None
            and mailed is not None
            and found <= drawn <= mailed < before
            and (self.recipients is None or owner in self.recipients)
        )


def text_list(event: Event, name: str) -> tuple[str, ...]:
    """The texts an event gives as ``name`` (conditions, recipients), blank ones left out."""
    value = event.facts.get(name)
    if value is None:
        return ()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"a {event.kind} event's {name} is a list of texts")
    return tuple(v.strip() for v in value if v.strip())


def day_list(facts: Mapping[str, JSONValue], name: str) -> tuple[dt.date, ...]:
    """A list of days given as dates or as YYYY-MM-DD texts (a renewal's ``complaints``)."""
    value = facts.get(name)
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise ValueError(f"{name} is a list of days (YYYY-MM-DD)")
    out = []
    for item in value:
        if isinstance(item, dt.date):
            out.append(item)
            continue
        try:
            out.append(dt.date.fromisoformat(str(item)))
        except ValueError:
            raise ValueError(f"{name}: {item!r} is not a date (YYYY-MM-DD)") from None
    return tuple(out)


def check_facts(event: Event) -> None:
    """A ValueError naming what an event of its kind must say."""
    if event.kind not in EVENT_KINDS:
        raise ValueError(f"event {event.kind!r} is not one of {', '.join(EVENT_KINDS)}")
    f = event.facts
    if event.kind == "hearing_scheduled" and not isinstance(f.get("hearing_on"), dt.date):
        raise ValueError("a hearing_scheduled event gives the hearing's day (hearing_on)")
    if event.kind in ("council_decision", "council_renewal") and not isinstance(
        f.get("approved"), bool
    ):
        raise ValueError(f"a {event.kind} event says whether it approved (approved)")
    if event.kind == "recommendation" and f.get("recommendation", "approve") not in RECOMMENDATIONS:
        raise ValueError(f"a recommendation is one of {', '.join(RECOMMENDATIONS)}")
    if event.kind in ("owner_omitted", "owner_notified_late"):
        owner = f.get("owner")
        if not isinstance(owner, str) or not owner.strip():
            raise ValueError(f"an {event.kind} event names the owner (owner)")
    for name in ("conditions", "recipients"):
        text_list(event, name)
    day_list(f, "complaints")


#: a hearing undone (noticed again, or an owner found missing after it) takes with it the
#: recommendation made on it
_UNHEARD: dict[str, object] = {
    "hearing_held_on": None,
    "recommended_on": None,
    "recommendation": None,
    "recommendation_conditions": (),
}


def _reading(params: ParameterSet, on: dt.date) -> str:
    return params.get(NOTICE_READING, on).choice


def apply(dates: Dates, event: Event, params: ParameterSet) -> Dates:
    """The state after ``event``, an event the procedure allows on its day (``commercial_step``).

    Rescheduling the hearing after its notice went out (to notice it again) starts the notice
    over; an owner found missing after the hearing undoes that hearing and any recommendation made
    on it (reading ``readings.kennel_notice_omission``, ``renotice``)."""
    kind, on, f = event.kind, event.on, event.facts
    change: dict[str, object] = {"last_on": on}
    if kind == "application":
        change["applied_on"] = on
    elif kind == "hearing_scheduled":
        change.update(hearing_scheduled_on=on, hearing_on=f["hearing_on"])
        if dates.notice_mailed_on is not None or dates.defective_hearing_on is not None:
            change.update(_UNHEARD, notice_mailed_on=None, defective_hearing_on=None)
    elif kind == "notice_list":
        recipients = text_list(event, "recipients") if "recipients" in f else None
        change.update(notice_list_drawn_on=on, recipients=recipients)
    elif kind == "notice_mailed":
        change["notice_mailed_on"] = on
    elif kind == "owner_omitted":
        owner = str(f["owner"]).strip()
        change["omitted"] = (*((o, d) for o, d in dates.omitted if o != owner), (owner, on))
        held = dates.hearing_held_on
        if held is not None and _reading(params, on) == "renotice":
            change.update(_UNHEARD, defective_hearing_on=held)
    elif kind == "owner_notified_late":
        change["notified_late"] = (*dates.notified_late, (str(f["owner"]).strip(), on))
    elif kind == "hearing_held":
        change["hearing_held_on"] = on
    elif kind == "recommendation":
        change.update(
            recommended_on=on,
            recommendation=str(f.get("recommendation", "approve")),
            recommendation_conditions=text_list(event, "conditions"),
        )
    elif kind == "council_decision":
        change.update(
            council_decided_on=on,
            council_approved=bool(f["approved"]),
            council_conditions=text_list(event, "conditions"),
        )
    elif kind == "license":
        term = license_term("commercial", on, params)
        change.update(
            licensed_on=on,
            terms=(Term(on, term.next_date or on, "license", dates.council_conditions),),
        )
    elif kind == "withdrawn":
        change["withdrawn_on"] = on
    elif kind == "nuisance_complaint":
        change["complaints"] = (*dates.complaints, on)
    elif kind in ("renewal", "council_renewal"):
        change["complaints"] = tuple(sorted({*dates.complaints, *day_list(f, "complaints")}))
        if kind == "council_renewal" and not f["approved"]:
            change["renewal_refused_on"] = on
        else:
            last = dates.terms[-1]
            starts = max(on, last.ends_on + dt.timedelta(days=1))
            term = license_term("commercial", starts, params)
            conditions = last.conditions + (
                text_list(event, "conditions") if kind == "council_renewal" else ()
            )
            change["terms"] = (
                *dates.terms,
                Term(starts, term.next_date or starts, kind, conditions),
            )
    return dataclasses.replace(dates, **change)  # type: ignore[arg-type]
