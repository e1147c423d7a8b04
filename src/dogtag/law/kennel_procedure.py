"""City Code 3-2-5.A and B as pure functions of dated events (``law.procedure``): the commercial
kennel application from its application to its renewals (B.1, B.2, B.9), the private kennel
license's complaint and inspection (A.3, A.4), and the legal refusals of the kennel desk.

The main steps and their order are ``kennel_conditions.COMMERCIAL_STEPS`` and the rule
``kennel.commercial_procedure``; this module adds the events beside them (``SIDE_STEPS``: an owner
found missing from the notice list, the late notice to that owner, withdrawal, nuisance complaints,
renewals), the day each may be recorded on (``kennel.commercial_step_timing``), the notice to every
affected owner (``kennel.notice_to_all_owners``, reading ``readings.kennel_notice_omission``), the
commission's and the council's conditions (B.2, B.9), and ``commercial_application``: where an
application stands on a day.

The log is folded event by event (``fold``): each event is checked against the events counted
before it, exactly as a service checks a step before recording it. An event the procedure would
not have allowed on its day is *not counted* and is reported with its findings: a council vote
taken before the hearing or the recommendation is no approval, a license with no council approval
is no license (issue 26 item 1.5). So recording allowed steps one by one and evaluating the whole
log give the same state.

Events and their facts: ``application``; ``hearing_scheduled`` (``hearing_on``); ``notice_list``
(``recipients``: the owners on it, optional); ``notice_mailed``; ``owner_omitted`` (``owner``);
``owner_notified_late`` (``owner``); ``hearing_held``; ``recommendation`` (``recommendation``:
approve, approve_with_conditions or deny; ``conditions``); ``council_decision`` (``approved``;
``conditions``, B.9); ``license``; ``withdrawn``; ``nuisance_complaint``; ``renewal``;
``council_renewal`` (``approved``; ``conditions``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law import kennels as kennel_rules
from dogtag.law.event_tables import EventRow
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import (
    COMMERCIAL_STEPS,
    STEP_NAMES,
    commercial_procedure,
    license_term,
)
from dogtag.law.params import ParameterSet
from dogtag.law.procedure import Event, ProcedureState, ordered
from dogtag.law.registry import rule

PROCEDURE = "commercial-kennel-application"
QUESTION = "commercial-kennel-application"
NOTICE_READING = "readings.kennel_notice_omission"
RECOMMENDATIONS = ("approve", "approve_with_conditions", "deny")

#: The events beside the main steps, with the section that names each and what it is.
SIDE_STEPS: tuple[tuple[str, str, str], ...] = (
    (
        "owner_omitted",
        "3-2-5.B.2",
        "an affected property owner within one quarter (1/4) mile found missing from the notice "
        "list",
    ),
    ("owner_notified_late", "3-2-5.B.2", "the notice given late to an owner missing from the list"),
    ("withdrawn", "3-2-5.B.1", "the application withdrawn"),
    (
        "nuisance_complaint",
        "3-2-5.B.2",
        "a nuisance complaint received at the City relating to the dogs kept on the property",
    ),
    ("renewal", "3-2-5.B.2", "a subsequent license for one (1) year, with no nuisance complaint"),
    (
        "council_renewal",
        "3-2-5.B.2",
        "the City Council's decision whether a subsequent license is granted after nuisance "
        "complaints",
    ),
)
ALL_STEPS = (*COMMERCIAL_STEPS, *SIDE_STEPS)
EVENT_KINDS = tuple(name for name, _, _ in ALL_STEPS)
CLOSING = ("withdrawn",)
_WHAT = {name: what for name, _, what in ALL_STEPS}
_SECTION = {name: section for name, section, _ in ALL_STEPS}


def _long(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


# ----------------------------------------------------------------------------- the state folded


@dataclass(frozen=True)
class Term:
    """One license term: the first license's (B.2 "initial term") or a subsequent license's."""

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
        """The main steps of 3-2-5.B taken (and still standing), in their order."""
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


def _text_list(event: Event, name: str) -> tuple[str, ...]:
    value = event.facts.get(name)
    if value is None:
        return ()
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"a {event.kind} event's {name} is a list of texts")
    return tuple(v.strip() for v in value if v.strip())


def _days(facts: Mapping[str, JSONValue], name: str) -> tuple[dt.date, ...]:
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


def _check_facts(event: Event) -> None:
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
        _text_list(event, name)
    _days(f, "complaints")


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
            change.update(
                notice_mailed_on=None,
                hearing_held_on=None,
                defective_hearing_on=None,
                recommended_on=None,
                recommendation=None,
                recommendation_conditions=(),
            )
    elif kind == "notice_list":
        recipients = _text_list(event, "recipients") if "recipients" in f else None
        change.update(notice_list_drawn_on=on, recipients=recipients)
    elif kind == "notice_mailed":
        change["notice_mailed_on"] = on
    elif kind == "owner_omitted":
        owner = str(f["owner"]).strip()
        change["omitted"] = (*((o, d) for o, d in dates.omitted if o != owner), (owner, on))
        held = dates.hearing_held_on
        if held is not None and _reading(params, on) == "renotice":
            change.update(
                hearing_held_on=None,
                defective_hearing_on=held,
                recommended_on=None,
                recommendation=None,
                recommendation_conditions=(),
            )
    elif kind == "owner_notified_late":
        change["notified_late"] = (*dates.notified_late, (str(f["owner"]).strip(), on))
    elif kind == "hearing_held":
        change["hearing_held_on"] = on
    elif kind == "recommendation":
        change.update(
            recommended_on=on,
            recommendation=str(f.get("recommendation", "approve")),
            recommendation_conditions=_text_list(event, "conditions"),
        )
    elif kind == "council_decision":
        change.update(
            council_decided_on=on,
            council_approved=bool(f["approved"]),
            council_conditions=_text_list(event, "conditions"),
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
        change["complaints"] = tuple(sorted({*dates.complaints, *_days(f, "complaints")}))
        if kind == "council_renewal" and not f["approved"]:
            change["renewal_refused_on"] = on
        else:
            last = dates.terms[-1]
            starts = max(on, last.ends_on + dt.timedelta(days=1))
            term = license_term("commercial", starts, params)
            conditions = last.conditions + (
                _text_list(event, "conditions") if kind == "council_renewal" else ()
            )
            change["terms"] = (
                *dates.terms,
                Term(starts, term.next_date or starts, kind, conditions),
            )
    return dataclasses.replace(dates, **change)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Folded:
    """The events counted, as ``Dates``, and each event not counted with the findings why."""

    dates: Dates
    not_counted: tuple[tuple[Event, tuple[Finding, ...]], ...]


def fold(events: Sequence[Event], on: dt.date, params: ParameterSet) -> Folded:
    """The log up to ``on``, event by event in the order they happened: each is counted only if
    the procedure allowed it on its day, given the events counted before it."""
    dates = Dates()
    skipped: list[tuple[Event, tuple[Finding, ...]]] = []
    for event in ordered(list(events)):
        _check_facts(event)
        if event.on > on:
            continue
        findings = step_findings(dates, event.kind, event.on, params, event.facts)
        if findings[0].blocks:
            skipped.append((event, (_not_counted(event, findings[0]), *findings)))
        else:
            dates = apply(dates, event, params)
    return Folded(dates, tuple(skipped))


def _not_counted(event: Event, why: Finding) -> Finding:
    what = _WHAT[event.kind]
    approval = (
        " It is not an approval."
        if event.kind in ("council_decision", "council_renewal") and event.facts.get("approved")
        else ""
    )
    return Finding(
        rule=why.rule,
        outcome="not_counted",
        sections=why.sections,
        blocks=True,
        message=f"Not counted: {what} of {_long(event.on)}. {why.message}{approval}",
        facts={"event": event.to_json()},
    )


def completed(events: Sequence[Event], params: ParameterSet) -> list[str]:
    """The main steps of 3-2-5.B the log counts, in their order (every event's day)."""
    days = [e.on for e in events]
    if not days:
        return []
    return fold(events, max(days), params).dates.completed()


# ----------------------------------------------------------------------------- rules


@rule(
    "kennel.commercial_step_timing",
    sections=("3-2-5.B.2", "3-2-5.B.1"),
    title="Each step of a commercial kennel application on a day the ordinance allows",
    summary=(
        "Steps are recorded in the order they happened; the hearing is set for a day after it is "
        "scheduled; the notice goes out after its list is drawn and before the hearing; the "
        "hearing is held on the day noticed; the commission recommends at or after the hearing; "
        "the council decides after the recommendation; the license issues on or after the "
        "approval."
    ),
    question=QUESTION,
)
def step_timing(
    step: str, on: dt.date, dates: Dates, *, hearing_on: dt.date | None = None
) -> Finding | None:
    """3-2-5.B.2: "Prior to the issuance of a commercial kennel license from the City Council, a
    hearing before the Planning & Zoning Commission must be held. Notice must be given to all
    affected property owners ... The Planning & Zoning Commission will make a recommendation to
    the City Council on the request." Notice given before the hearing it announces; the hearing
    held on the day noticed; the recommendation follows the hearing; the council decides on the
    recommendation (B.1), and the license follows the approval.

    A blocking finding when ``step`` cannot be recorded on ``on`` (for ``hearing_scheduled``, the
    hearing on ``hearing_on``), None when the day is in order. The order of the steps itself is
    ``kennel.commercial_procedure``."""
    facts: dict[str, JSONValue] = {"step": step, "on": on, "hearing_on": hearing_on}

    def refused(message: str, section: str = "3-2-5.B.2") -> Finding:
        return Finding(
            rule="kennel.commercial_step_timing",
            outcome="not_on_this_day",
            sections=(section,),
            blocks=True,
            message=message,
            facts=facts,
        )

    if dates.last_on is not None and on < dates.last_on:
        return refused(
            f"Steps are recorded in the order they happened: {_long(on)} is before the last step "
            f"recorded, on {_long(dates.last_on)} (3-2-5.B.2).",
        )
    applied = dates.applied_on
    if step == "hearing_scheduled" and hearing_on is not None:
        if applied is not None and hearing_on < applied:
            return refused(
                f"The hearing cannot be before the application of {dates.applied_on} (3-2-5.B.2)."
            )
        if hearing_on <= on:
            return refused(
                f"The hearing is set for a day after {_long(on)}, so that notice can be given "
                "before it (3-2-5.B.2)."
            )
    if step == "notice_mailed" and dates.hearing_on is not None and on >= dates.hearing_on:
        return refused(
            f"The notice must go out before the hearing of {dates.hearing_on} "
            "(3-2-5.B.2); reschedule the hearing first."
        )
    if step == "hearing_held" and dates.hearing_on is not None and on != dates.hearing_on:
        return refused(
            f"The hearing noticed is the one on {_long(dates.hearing_on)}, not {_long(on)}: a "
            "hearing on another day is scheduled and noticed again (3-2-5.B.2)."
        )
    held = dates.hearing_held_on
    if step == "recommendation" and held is not None and on < held:
        return refused(
            f"The commission recommends at or after the hearing of {held}, not on {on} (3-2-5.B.2)."
        )
    recommended = dates.recommended_on
    if step == "council_decision" and recommended is not None and on < recommended:
        return refused(
            f"The council decides after the commission's recommendation of "
            f"{dates.recommended_on}, not on {on} (3-2-5.B.2)."
        )
    decided = dates.council_decided_on
    if step == "license" and decided is not None and on < decided:
        return refused(
            f"The license issues on or after the council's approval of "
            f"{dates.council_decided_on}, not on {on} (3-2-5.B.1).",
            "3-2-5.B.1",
        )
    return None


@rule(
    "kennel.notice_to_all_owners",
    sections=("3-2-5.B.2",),
    title="Notice to every affected owner before the hearing is held",
    summary=(
        "Notice must be given to all affected property owners within "
        "{commercial_kennel.notice_radius_feet:distance}: an owner found missing from the list is "
        "notified before the hearing, or the hearing is noticed again (reading "
        "readings.kennel_notice_omission)."
    ),
    question=QUESTION,
)
def notice_to_all_owners(
    step: str,
    on: dt.date,
    dates: Dates,
    params: ParameterSet,
    owner: str | None = None,
) -> Finding | None:
    """3-2-5.B.2: "Notice must be given to all affected property owners within one quarter (1/4)
    mile of the outside dimensions of the parcel where the kennel is contemplated."

    For ``owner_omitted``: the owner is not on the list as drawn, and the council has not decided.
    For ``owner_notified_late``: the owner was found missing and has had no notice since. For
    ``hearing_held``: every owner found missing has had notice before the hearing day (under the
    reading ``renotice``; under ``bona_fide_attempt`` the hearing stands). None when in order."""
    reading = params.get(NOTICE_READING, on)
    facts: dict[str, JSONValue] = {"step": step, "on": on, "owner": owner}

    def refused(outcome: str, message: str) -> Finding:
        return Finding(
            rule="kennel.notice_to_all_owners",
            outcome=outcome,
            sections=("3-2-5.B.2",),
            blocks=True,
            message=message,
            facts=facts,
            parameters=(reading,),
        )

    if step == "owner_omitted":
        if dates.council_decided_on is not None:
            return refused(
                "council_decided",
                f"The City Council decided on {_long(dates.council_decided_on)}: an owner missing "
                "from the notice list is recorded before the council's decision (3-2-5.B.2).",
            )
        if owner is not None and dates.recipients is not None and owner in dates.recipients:
            return refused("on_the_list", f"{owner} is on the notice list as drawn (3-2-5.B.2).")
        if owner is not None and owner in {o for o, _ in dates.outstanding(dt.date.max)}:
            return refused(
                "already_missing", f"{owner} is already recorded as missing (3-2-5.B.2)."
            )
    if step == "owner_notified_late":
        waiting = dict(dates.outstanding(dt.date.max))
        if not waiting:
            return refused(
                "nobody_missing",
                "No owner found missing from the notice list awaits notice (3-2-5.B.2).",
            )
        if owner is not None and owner not in waiting:
            return refused(
                "not_missing",
                f"{owner} is not an owner found missing from the list awaiting notice; those "
                f"awaiting notice: {', '.join(sorted(waiting))} (3-2-5.B.2).",
            )
    if step == "hearing_held" and reading.choice == "renotice":
        missing = dates.outstanding(on)
        if missing:
            names = ", ".join(owner for owner, _ in missing)
            return refused(
                "owner_without_notice",
                f"Not the hearing 3-2-5.B.2 requires: {names} had no notice before "
                f"{_long(on)}. Notice must be given to all affected property owners: schedule the "
                "hearing again and give notice (3-2-5.B.2).",
            )
    return None


@rule(
    "kennel.recommendation",
    sections=("3-2-5.B.2",),
    title="The Planning & Zoning Commission's recommendation, with its conditions",
    summary=(
        "The commission recommends approval, approval with conditions (which it names) or denial "
        "to the City Council, after the hearing."
    ),
    question=QUESTION,
)
def recommendation_made(recommendation: str, conditions: Sequence[str]) -> Finding | None:
    """3-2-5.B.2: "The Planning & Zoning Commission will make a recommendation to the City Council
    on the request." Conditions go with a recommendation to approve with conditions, which names at
    least one. None when in order."""
    added = [c.strip() for c in conditions if c.strip()]
    facts: dict[str, JSONValue] = {"recommendation": recommendation, "conditions": added}
    if recommendation == "approve_with_conditions" and not added:
        message = "Name the conditions the commission recommends (3-2-5.B.2)."
    elif recommendation != "approve_with_conditions" and added:
        message = "Conditions go with a recommendation to approve with conditions (3-2-5.B.2)."
    else:
        return None
    return Finding(
        rule="kennel.recommendation",
        outcome="conditions_do_not_match",
        sections=("3-2-5.B.2",),
        blocks=True,
        message=message,
        facts=facts,
    )


@rule(
    "kennel.council_conditions_with_approval",
    sections=("3-2-5.B.9",),
    title="Added conditions go with an approval",
    summary="The conditions the City Council adds case by case (B.9) are conditions of a license.",
    question=QUESTION,
)
def council_conditions_with_approval(approved: bool, conditions: Sequence[str]) -> Finding | None:
    """3-2-5.B.9: "The City Council reserves the right to issue additional conditions on a
    case-by-case basis in order to maintain the public repose": conditions of the license it
    grants, so none with a denial. None when in order."""
    added = [text.strip() for text in conditions if text.strip()]
    if added and not approved:
        return Finding(
            rule="kennel.council_conditions_with_approval",
            outcome="conditions_without_approval",
            sections=("3-2-5.B.9",),
            blocks=True,
            message="Conditions (3-2-5.B.9) go with an approval, not a denial.",
            facts={"approved": approved, "conditions": added},
        )
    return None


@rule(
    "kennel.one_open_application",
    sections=("3-2-5.B.2",),
    title="One commercial kennel application before the commission per parcel",
    summary=(
        "A parcel's application still before the Planning & Zoning Commission or the City "
        "Council is decided before another is received for it."
    ),
    question=QUESTION,
)
def one_open_application(pending_number: str | None, parcel_pin: str) -> Finding | None:
    """3-2-5.B.2: the hearing, the notice and the recommendation are "on the request": one request
    for a parcel at a time, so the notice and the hearing are about one kennel. None when no other
    application for the parcel is open."""
    if pending_number is None:
        return None
    return Finding(
        rule="kennel.one_open_application",
        outcome="pending",
        sections=("3-2-5.B.2",),
        blocks=True,
        message=(
            f"Application {pending_number} for parcel {parcel_pin} is still before the "
            "Planning & Zoning Commission or the City Council; decide it first (3-2-5.B.2)."
        ),
        facts={"pending": pending_number, "parcel": parcel_pin},
    )


@rule(
    "kennel.fee_paid",
    sections=("3-2-5.A.1", "3-2-5.B.1"),
    title="The kennel license fee is paid in full",
    summary="The payment taken is the fee set under 1-2-2, no more and no less.",
    question=QUESTION,
)
def fee_paid(paid: Decimal, fees: Sequence[Finding], section: str) -> Finding:
    """3-2-5.A.1, B.1: "The fee for the license shall be as established by Section 1-2-2 of the
    City Code": the fees of ``kennel.fee`` (``fees``), paid with the application."""
    total = sum((Decimal(str(f.details["fee"])) for f in fees), Decimal("0.00"))
    facts: dict[str, JSONValue] = {"paid": paid, "due": total}
    if paid != total:
        return Finding(
            rule="kennel.fee_paid",
            outcome="payment_does_not_match",
            sections=(section, "1-2-2"),
            blocks=True,
            message=(
                f"The payment (${paid:,.2f}) does not match the amount due (${total:,.2f}); the "
                f"fee is paid with the application ({section}, 1-2-2)."
            ),
            facts=facts,
        )
    return Finding(
        rule="kennel.fee_paid",
        outcome="paid",
        sections=(section, "1-2-2"),
        message=f"Paid: ${total:,.2f}, the fee set under 1-2-2 ({section}).",
        facts=facts,
    )


@rule(
    "kennel.commercial_lifecycle",
    sections=("3-2-5.B.1", "3-2-5.B.2"),
    title="Withdrawal, complaints and renewals of a commercial kennel license",
    summary=(
        "An application may be withdrawn until the license issues; nuisance complaints are "
        "recorded against a licensed kennel; a subsequent license follows a license (renewed "
        "on the same terms, or granted by the City Council after complaints)."
    ),
    question=QUESTION,
)
def lifecycle(
    step: str,
    on: dt.date,
    dates: Dates,
    params: ParameterSet,
    complaints: Sequence[dt.date] = (),
) -> Finding:
    """3-2-5.B.1-B.2 after the main steps: ``withdrawn``, ``nuisance_complaint``, ``renewal`` and
    ``council_renewal`` (``complaints``: further days of nuisance complaints the renewal counts,
    beside the ``nuisance_complaint`` events). "Subsequent licenses, if so granted, will also be
    for a term of one (1) year if no nuisance complaints have been received at the City within the
    previous twelve (12) months relating to the dogs being kept on the property"
    (``kennel.commercial_renewal`` and its reading ``readings.commercial_kennel_renewal``: a
    complaint sends the renewal to the City Council, whose grant is the subsequent license, with
    any conditions it adds under B.9)."""
    section, what = _SECTION[step], _WHAT[step]
    facts: dict[str, JSONValue] = {"step": step, "on": on}

    def finding(outcome: str, message: str, blocks: bool = True) -> Finding:
        return Finding(
            rule="kennel.commercial_lifecycle",
            outcome=outcome,
            sections=(section,),
            blocks=blocks,
            message=message,
            facts=facts,
        )

    if dates.applied_on is None:
        return finding("out_of_order", f"Not yet: {what} follows an application ({section}).")
    if step == "withdrawn":
        if dates.licensed_on is not None:
            return finding(
                "licensed",
                f"Not done: the license issued on {_long(dates.licensed_on)} ({section}).",
            )
        if dates.council_approved is False:
            return finding("denied", f"Not done: the City Council denied the request ({section}).")
        return finding("in_order", f"In order: {what} ({section}).", blocks=False)
    if not dates.terms:
        return finding(
            "not_licensed",
            f"Not yet: {what} follows the license from the City Council ({section}).",
        )
    if step == "nuisance_complaint":
        return finding("in_order", f"In order: {what} ({section}).", blocks=False)
    if dates.renewal_refused_on is not None:
        return finding(
            "refused",
            f"Not done: the City Council refused a subsequent license on "
            f"{_long(dates.renewal_refused_on)} ({section}).",
        )
    last = dates.terms[-1]
    counted = sorted({d for d in (*dates.complaints, *complaints) if d <= on})
    renewal = kennel_rules.commercial_kennel_renewal(last.ends_on, counted, on, params)
    if step == "renewal":
        return renewal
    # council_renewal
    if not renewal.blocks:
        return finding(
            "no_complaint",
            f"Not needed: no nuisance complaint in the window; the license renews on the same "
            f"terms ({section}).",
        )
    if renewal.outcome != "council_decides":
        return renewal
    return finding("in_order", f"In order: {what} ({section}).", blocks=False)


# ----------------------------------------------------------------------------- the procedure


def step_findings(
    dates: Dates,
    step: str,
    on: dt.date,
    params: ParameterSet,
    facts: Mapping[str, JSONValue] | None = None,
) -> list[Finding]:
    """The findings for recording ``step`` on ``on`` with ``facts`` (None: whatever they will be)
    after the events counted into ``dates``. A finding that blocks comes first."""
    if step not in EVENT_KINDS:
        raise ValueError(f"step {step!r} is not one of {', '.join(EVENT_KINDS)}")
    given = facts or {}
    if dates.withdrawn_on is not None:
        return [
            Finding(
                rule="kennel.commercial_procedure",
                outcome="withdrawn",
                sections=("3-2-5.B.1",),
                blocks=True,
                message=(
                    f"Not done: the application was withdrawn on {_long(dates.withdrawn_on)} "
                    "(3-2-5.B.1)."
                ),
                facts={"step": step, "withdrawn_on": dates.withdrawn_on},
            )
        ]
    hearing_on = given.get("hearing_on")
    timing = step_timing(
        step,
        on,
        dates,
        hearing_on=hearing_on if isinstance(hearing_on, dt.date) else None,
    )
    main = (
        _main_step(dates, step, on)
        if step in STEP_NAMES
        else _side_step(dates, step, on, params, given)
    )
    if main.blocks:
        return [main]
    extra: list[Finding] = []
    if step in ("owner_omitted", "owner_notified_late", "hearing_held"):
        owner = given.get("owner")
        found = notice_to_all_owners(
            step, on, dates, params, owner.strip() if isinstance(owner, str) else None
        )
        if found is not None:
            extra.append(found)
    if step == "recommendation" and "conditions" in given:
        found = recommendation_made(str(given.get("recommendation", "approve")), _conditions(given))
        if found is not None:
            extra.append(found)
    if step in ("council_decision", "council_renewal") and isinstance(given.get("approved"), bool):
        found = council_conditions_with_approval(bool(given["approved"]), _conditions(given))
        if found is not None:
            extra.append(found)
    if timing is not None:
        extra.insert(0, timing)
    blocking = [f for f in extra if f.blocks]
    return [*blocking, main] if blocking else [main]


def _conditions(given: Mapping[str, JSONValue]) -> list[str]:
    value = given.get("conditions")
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def _renotice(dates: Dates, on: dt.date) -> bool:
    """The hearing may be scheduled again after its notice went out: it was undone by an owner
    found missing, an owner found missing has had no notice, or its day passed unheld."""
    if dates.council_decided_on is not None or dates.recommended_on is not None:
        return False
    if dates.defective_hearing_on is not None:
        return True
    if dates.hearing_held_on is not None or dates.notice_mailed_on is None:
        return False
    hearing = dates.hearing_on
    return bool(dates.outstanding(dt.date.max)) or (hearing is not None and on >= hearing)


def _main_step(dates: Dates, step: str, on: dt.date) -> Finding:
    if step == "hearing_scheduled" and _renotice(dates, on):
        return Finding(
            rule="kennel.notice_to_all_owners",
            outcome="notice_again",
            sections=("3-2-5.B.2",),
            message=(
                "In order: the hearing scheduled again, to be noticed to all affected property "
                "owners (3-2-5.B.2)."
            ),
            facts={"step": step, "on": on},
        )
    if step in ("notice_list", "notice_mailed") and dates.defective_hearing_on is not None:
        return Finding(
            rule="kennel.notice_to_all_owners",
            outcome="renotice_first",
            sections=("3-2-5.B.2",),
            blocks=True,
            message=(
                f"The hearing of {_long(dates.defective_hearing_on)} is to be noticed again: "
                "schedule the hearing again first (3-2-5.B.2)."
            ),
            facts={"step": step, "on": on},
        )
    return commercial_procedure(step, dates.completed(), council_approved=dates.council_approved)


def _side_step(
    dates: Dates, step: str, on: dt.date, params: ParameterSet, given: Mapping[str, JSONValue]
) -> Finding:
    if step in ("owner_omitted", "owner_notified_late"):
        what, section = _WHAT[step], _SECTION[step]
        if dates.notice_list_drawn_on is None:
            return Finding(
                rule="kennel.commercial_procedure",
                outcome="out_of_order",
                sections=(section,),
                blocks=True,
                message=f"Not yet: {what} follows the notice list drawn ({section}).",
                facts={"step": step, "on": on},
            )
        found = notice_to_all_owners(step, on, dates, params)
        if found is not None:
            return found
        return Finding(
            rule="kennel.notice_to_all_owners",
            outcome="in_order",
            sections=(section,),
            message=f"In order: {what} ({section}).",
            facts={"step": step, "on": on},
            parameters=(params.get(NOTICE_READING, on),),
        )
    return lifecycle(step, on, dates, params, _days(given, "complaints"))


def commercial_step(
    events: Sequence[Event],
    step: str,
    on: dt.date,
    params: ParameterSet,
    facts: Mapping[str, JSONValue] | None = None,
) -> list[Finding]:
    """The findings for recording ``step`` on ``on`` with ``facts`` after ``events`` (all of
    them: a step is never dated before the last one recorded). A finding that blocks comes
    first."""
    last = max((e.on for e in events), default=on)
    return step_findings(fold(events, max(last, on), params).dates, step, on, params, facts)


def _state_name(dates: Dates, on: dt.date) -> str:
    if dates.withdrawn_on is not None:
        return "withdrawn"
    if dates.terms:
        if on <= dates.terms[-1].ends_on:
            return "licensed"
        return "not_renewed" if dates.renewal_refused_on is not None else "expired"
    if dates.council_approved is not None:
        return "approved" if dates.council_approved else "denied"
    if dates.recommended_on is not None:
        return "recommended"
    if dates.defective_hearing_on is not None:
        return "to_be_noticed_again"
    if dates.hearing_held_on is not None:
        return "hearing_held"
    if dates.notice_mailed_on is not None:
        return "hearing_noticed"
    return "received" if dates.applied_on is not None else "not_applied"


@dataclass(frozen=True)
class ApplicationState(ProcedureState):
    """Where an application stands, with the events of its log that were not counted."""

    dates: Dates = Dates()
    not_counted: tuple[tuple[Event, tuple[Finding, ...]], ...] = ()
    #: what the events counted found (an inspection's dogs counted against the set number)
    results: tuple[Finding, ...] = ()

    def findings(self) -> list[Finding]:
        return [*(fs[0] for _, fs in self.not_counted), *self.results, *super().findings()]

    def to_json(self) -> dict[str, JSONValue]:
        out = super().to_json()
        out["not_counted"] = [
            {"event": event.to_json(), "findings": [f.to_json() for f in found]}
            for event, found in self.not_counted
        ]
        out["terms"] = [
            {"starts_on": t.starts_on.isoformat(), "ends_on": t.ends_on.isoformat(), "by": t.by}
            for t in self.dates.terms
        ]
        return out


def _deadlines(dates: Dates, on: dt.date, params: ParameterSet) -> list[Finding]:
    """The clocks running on ``on``: the notice before the hearing, the late notice to each owner
    found missing, the license term. Each says the day it starts (``details.starts_on``)."""
    out: list[Finding] = []
    if dates.withdrawn_on is not None:
        return out
    hearing, scheduled = dates.hearing_on, dates.hearing_scheduled_on
    open_hearing = (
        hearing is not None
        and scheduled is not None
        and dates.hearing_held_on is None
        and dates.council_decided_on is None
        and dates.defective_hearing_on is None
    )
    if open_hearing and hearing is not None and scheduled is not None:
        last = hearing - dt.timedelta(days=1)
        if dates.notice_mailed_on is None and last >= scheduled:
            out.append(
                Finding(
                    rule="kennel.commercial_step_timing",
                    outcome="notice_due",
                    sections=("3-2-5.B.2",),
                    blocks=on > last,
                    message=(
                        f"The notice to all affected property owners must be mailed before the "
                        f"hearing of {_long(hearing)}: on {_long(last)} at the latest "
                        "(3-2-5.B.2)."
                        + (" That day has passed: reschedule the hearing." if on > last else "")
                    ),
                    facts={"hearing_on": hearing, "on": on},
                    next_date=last,
                    details={"starts_on": scheduled, "ends_on": last},
                )
            )
        for owner, found in dates.outstanding(dt.date.max):
            if found > last:
                continue
            out.append(
                Finding(
                    rule="kennel.notice_to_all_owners",
                    outcome="late_notice_due",
                    sections=("3-2-5.B.2",),
                    blocks=on > last,
                    message=(
                        f"{owner}, found missing from the notice list on {_long(found)}, must "
                        f"have notice before the hearing of {_long(hearing)}: on {_long(last)} at "
                        "the latest, or the hearing is noticed again (3-2-5.B.2)."
                        + (" That day has passed: schedule the hearing again." if on > last else "")
                    ),
                    facts={"owner": owner, "found_on": found, "hearing_on": hearing, "on": on},
                    parameters=(params.get(NOTICE_READING, on),),
                    next_date=last,
                    details={"starts_on": found, "ends_on": last},
                )
            )
    if dates.terms and dates.renewal_refused_on is None:
        term = dates.terms[-1]
        if on <= term.ends_on:
            clock = license_term("commercial", term.starts_on, params)
            out.append(
                dataclasses.replace(
                    clock,
                    details={**clock.details, "ends_on": term.ends_on, "by": term.by},
                )
            )
    return out


def commercial_application(
    events: Sequence[Event], on: dt.date, params: ParameterSet
) -> ApplicationState:
    """3-2-5.B.1-B.2: where a commercial kennel application stands on ``on``, from its log: the
    state, each step that may be recorded that day with the finding that allows it, the findings
    that block every other step, the clocks running, and the events not counted with why."""
    folded = fold(events, on, params)
    dates = folded.dates
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in EVENT_KINDS:
        found = step_findings(dates, step, on, params)
        if found[0].blocks:
            blocked[step] = tuple(f for f in found if f.blocks)
        else:
            allowed[step] = found[0]
    return ApplicationState(
        procedure=PROCEDURE,
        on=on,
        state=_state_name(dates, on),
        completed=tuple(dates.completed()),
        allowed=allowed,
        blocked=blocked,
        deadlines=tuple(_deadlines(dates, on, params)),
        dates=dates,
        not_counted=folded.not_counted,
    )


def next_step(state: ProcedureState) -> str | None:
    """The main step the application waits on: the first not yet taken, or None once it was
    denied, withdrawn or licensed."""
    if state.state in ("denied", "withdrawn", "licensed", "expired", "not_renewed"):
        return None
    return next((s for s in STEP_NAMES if s not in state.completed), None)


# ----------------------------------------------------------------------------- facts


@facts
class CommercialApplicationFacts:
    """The events of a commercial kennel application as dated facts, and the day asked about:
    "applied on D1, hearing set for D2, notice not mailed, today D3: where does it stand?". The
    fixed dates say the straight path; ``events`` adds any event, repeated as often as it
    happened (a hearing noticed again, owners found missing, complaints, renewals)."""

    on: dt.date = fact("The day asked about", unit="date", example="2026-11-02")
    applied_on: dt.date = fact(
        "The day the application and its fees were received", unit="date", example="2026-10-01"
    )
    hearing_on: dt.date | None = fact(
        "The day of the Planning & Zoning hearing (3-2-5.B.2); left out, not yet scheduled",
        default=None,
        unit="date",
        example="2026-11-20",
    )
    notice_list_drawn_on: dt.date | None = fact(
        "The day the notice list was drawn, if it was",
        default=None,
        unit="date",
        example="2026-10-20",
    )
    notice_mailed_on: dt.date | None = fact(
        "The day the notice was mailed, before the hearing (3-2-5.B.2); left out, not yet",
        default=None,
        unit="date",
    )
    hearing_held_on: dt.date | None = fact(
        "The day the Planning & Zoning hearing was held (3-2-5.B.2); left out, not yet. Given a "
        "recommendation without it, the hearing is taken as held on the day scheduled",
        default=None,
        unit="date",
    )
    recommended_on: dt.date | None = fact(
        "The day the commission recommended (3-2-5.B.2); left out, not yet",
        default=None,
        unit="date",
    )
    recommendation: str = fact(
        "What the commission recommended (with recommended_on)",
        default="approve",
        choices=RECOMMENDATIONS,
    )
    council_decided_on: dt.date | None = fact(
        "The day the City Council decided (3-2-5.B.1); left out, not yet", default=None, unit="date"
    )
    council_approved: bool | None = fact(
        "Whether the council approved (with council_decided_on)", default=None, unit="yes/no"
    )
    licensed_on: dt.date | None = fact(
        "The day the license issued, if it did", default=None, unit="date"
    )
    withdrawn_on: dt.date | None = fact(
        "The day the application was withdrawn", default=None, unit="date"
    )
    events: tuple[Event, ...] = fact(
        "Further events, each {kind, on, facts}: hearing_scheduled {hearing_on}, notice_list "
        "{recipients}, notice_mailed, owner_omitted {owner}, owner_notified_late {owner}, "
        "hearing_held, recommendation {recommendation, conditions}, council_decision {approved, "
        "conditions}, license, withdrawn, nuisance_complaint, renewal, council_renewal {approved, "
        "conditions}",
        default=(),
        choices=EVENT_KINDS,
    )

    def events_log(self) -> list[Event]:
        """The fixed dates as events, then the further events: one log."""
        if (self.council_decided_on is None) != (self.council_approved is None):
            raise ValueError("council_decided_on and council_approved go together")
        if self.notice_list_drawn_on is not None and self.hearing_on is None:
            raise ValueError("a notice list is drawn for a scheduled hearing: give hearing_on")
        out = [Event("application", self.applied_on)]
        if self.hearing_on is not None:
            out.append(Event("hearing_scheduled", self.applied_on, {"hearing_on": self.hearing_on}))
        held = self.hearing_held_on
        if held is None and self.recommended_on is not None:
            held = self.hearing_on
        steps: Mapping[str, tuple[dt.date | None, dict[str, JSONValue]]] = {
            "notice_list": (self.notice_list_drawn_on, {}),
            "notice_mailed": (self.notice_mailed_on, {}),
            "hearing_held": (held, {}),
            "recommendation": (self.recommended_on, {"recommendation": self.recommendation}),
            "council_decision": (self.council_decided_on, {"approved": self.council_approved}),
            "license": (self.licensed_on, {}),
            "withdrawn": (self.withdrawn_on, {}),
        }
        for kind, (day, facts_) in steps.items():
            if day is not None:
                out.append(Event(kind, day, facts_))
        return [*out, *self.events]


# ----------------------------------------------------------------------------- private kennel desk


@rule(
    "kennel.private_license_kind",
    sections=("3-2-5.A.2",),
    title="The kind of private kennel license a change needs",
    summary=(
        "A licensee who wishes to add dogs needs a new license for more dogs; one who relocates "
        "to another area of the City needs a corrected license, which is for another parcel."
    ),
    question=QUESTION,
)
def private_license_kind(
    kind: str,
    *,
    previous_number: str,
    previous_parcel: str,
    parcel: str,
    previous_dogs: int,
    dogs: int,
) -> Finding | None:
    """3-2-5.A.2: "Licensees who wish to add a dog/dogs shall need to obtain a new private kennel
    license. A licensee who relocates to another area of the City shall also need to obtain a
    corrected private kennel license." ``kind`` is the license applied for in place of license
    ``previous_number`` (``add_dogs``, ``relocation``, ``renewal``); None when it is the kind the
    change needs."""
    facts: dict[str, JSONValue] = {
        "kind": kind,
        "previous": previous_number,
        "previous_parcel": previous_parcel,
        "parcel": parcel,
        "previous_dogs": previous_dogs,
        "dogs": dogs,
    }

    def refused(outcome: str, message: str) -> Finding:
        return Finding(
            rule="kennel.private_license_kind",
            outcome=outcome,
            sections=("3-2-5.A.2",),
            blocks=True,
            message=message,
            facts=facts,
        )

    if kind == "relocation" and previous_parcel == parcel:
        return refused(
            "not_a_relocation",
            f"License {previous_number} is already for parcel {parcel}; a corrected license is "
            "for a relocation to another parcel (3-2-5.A.2).",
        )
    if kind != "relocation" and previous_parcel != parcel:
        return refused(
            "relocated",
            f"License {previous_number} is for parcel {previous_parcel}: a licensee who "
            "relocates needs a corrected license (3-2-5.A.2); choose that kind.",
        )
    if kind == "add_dogs" and dogs <= previous_dogs:
        return refused(
            "adds_no_dogs",
            f"A new license to add dogs is for more than the {previous_dogs} dogs of license "
            f"{previous_number} (3-2-5.A.2).",
        )
    return None


@rule(
    "kennel.inspection_grounds",
    sections=("3-2-5.A.4", "3-2-5.B.7", "3-2-5.B.8"),
    title="Why a kennel is inspected",
    summary=(
        "A private kennel is inspected upon receipt of a complaint against the licensee (A.4); a "
        "commercial kennel periodically (B.7); the feces-to-well distance is a commercial "
        "kennel condition (B.8)."
    ),
    question=QUESTION,
)
def inspection_grounds(
    license_kind: str, reason: str, complaint_summary: str, *, well_distance_given: bool
) -> Finding | None:
    """3-2-5.A.4: "Upon receipt of a complaint against the kennel licensee, the licensee authorizes
    City staff to perform an inspection of the kennel"; B.7: "Licensees authorize City staff to
    perform periodic inspections"; B.8 sets the well setback for a commercial kennel. None when the
    inspection has its grounds."""
    facts: dict[str, JSONValue] = {
        "license_kind": license_kind,
        "reason": reason,
        "complaint_summary": complaint_summary,
        "well_distance_given": well_distance_given,
    }

    def refused(outcome: str, section: str, message: str) -> Finding:
        return Finding(
            rule="kennel.inspection_grounds",
            outcome=outcome,
            sections=(section,),
            blocks=True,
            message=message,
            facts=facts,
        )

    if license_kind == "private" and reason != "complaint":
        return refused(
            "no_complaint",
            "3-2-5.A.4",
            "A private kennel is inspected upon receipt of a complaint against the licensee "
            "(3-2-5.A.4): record the complaint.",
        )
    if reason == "complaint" and not complaint_summary.strip():
        return refused(
            "complaint_not_stated", "3-2-5.A.4", "Say what the complaint received was (3-2-5.A.4)."
        )
    if license_kind == "private" and well_distance_given:
        return refused(
            "not_a_private_condition",
            "3-2-5.B.8",
            "The feces-to-well distance (3-2-5.B.8) is a commercial kennel condition.",
        )
    return None


# ----------------------------------------------------------------------------- private kennel (A)

PRIVATE_PROCEDURE = "private-kennel-license"
#: The events of a private kennel license (3-2-5.A), with the section naming each.
PRIVATE_STEPS: tuple[tuple[str, str, str], ...] = (
    ("private_license", "3-2-5.A.1", "a private kennel license from the City offices"),
    ("private_renewal", "3-2-5.A.3", "the license for a further term of one (1) year"),
    ("private_complaint", "3-2-5.A.4", "a complaint against the kennel licensee received"),
    (
        "private_inspection",
        "3-2-5.A.4",
        "an inspection of the kennel for the purpose of determining compliance with the "
        "conditions of the license",
    ),
)
PRIVATE_KINDS = tuple(name for name, _, _ in PRIVATE_STEPS)
_PRIVATE_WHAT = {name: (section, what) for name, section, what in PRIVATE_STEPS}


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
    sections=("3-2-5.A.1", "3-2-5.A.3", "3-2-5.A.4"),
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
    """3-2-5.A.3: "The term for a private kennel license shall be one (1) year." A.4: "Upon receipt
    of a complaint against the kennel licensee, the licensee authorizes City staff to perform an
    inspection of the kennel for the purpose of determining compliance with the conditions of
    their license." One inspection for each complaint received; the dogs counted at it are checked
    against the set number of A.2 (``kennel.private_set_number``). A finding that blocks comes
    first."""
    if step not in PRIVATE_KINDS:
        raise ValueError(f"step {step!r} is not one of {', '.join(PRIVATE_KINDS)}")
    section, what = _PRIVATE_WHAT[step]
    given = facts or {}

    def finding(outcome: str, message: str, blocks: bool = True) -> list[Finding]:
        return [
            Finding(
                rule="kennel.private_procedure",
                outcome=outcome,
                sections=(section,),
                blocks=blocks,
                message=message,
                facts={"step": step, "on": on},
            )
        ]

    if dates.last_on is not None and on < dates.last_on:
        return finding(
            "not_on_this_day",
            f"Events are recorded in the order they happened: {_long(on)} is before the last, "
            f"on {_long(dates.last_on)} ({section}).",
        )
    term = dates.in_force(on)
    if step == "private_license":
        if term is not None:
            return finding(
                "in_force",
                f"A license is in force through {_long(term.ends_on)}: renew it, or a new or "
                "corrected license replaces it at the desk (3-2-5.A.2).",
            )
        dogs = given.get("dogs")
        if isinstance(dogs, int) and not isinstance(dogs, bool):
            set_number = kennel_rules.private_kennel_dogs(dogs, dogs, on, params)
            if set_number.blocks:
                return [set_number]
        return finding("in_order", f"In order: {what} ({section}).", blocks=False)
    if not dates.terms:
        return finding("no_license", f"Not yet: {what} follows a license ({section}).")
    if step == "private_renewal":
        return finding("in_order", f"In order: {what} ({section}).", blocks=False)
    if step == "private_complaint":
        if term is None:
            return finding(
                "not_in_force",
                f"No private kennel license is in force on {_long(on)}: a complaint is against "
                "a kennel licensee (3-2-5.A.4).",
            )
        return finding("in_order", f"In order: {what} ({section}).", blocks=False)
    grounds = inspection_grounds(
        "private",
        "complaint" if dates.uninspected() > 0 else "none",
        "complaint received" if dates.uninspected() > 0 else "",
        well_distance_given=False,
    )
    if grounds is not None:
        return [grounds]
    out = finding("in_order", f"In order: {what} ({section}).", blocks=False)
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
    """3-2-5.A: where a private kennel license stands on ``on``: its state, the events allowed, the
    term running, and the events of the log not counted."""
    dates = PrivateDates()
    skipped: list[tuple[Event, tuple[Finding, ...]]] = []
    for event in ordered(list(events)):
        if event.kind not in PRIVATE_KINDS:
            raise ValueError(f"event {event.kind!r} is not one of {', '.join(PRIVATE_KINDS)}")
        if event.on > on:
            continue
        found = private_step(dates, event.kind, event.on, params, event.facts)
        if found[0].blocks:
            skipped.append((event, (_private_not_counted(event, found[0]), *found)))
        else:
            dates = private_apply(dates, event, params)
            dates = dataclasses.replace(dates, results=(*dates.results, *found[1:]))
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in PRIVATE_KINDS:
        found = private_step(dates, step, on, params)
        if found[0].blocks:
            blocked[step] = tuple(f for f in found if f.blocks)
        else:
            allowed[step] = found[0]
    term = dates.in_force(on)
    deadlines: tuple[Finding, ...] = ()
    if term is not None:
        clock = license_term("private", term.starts_on, params)
        deadlines = (
            dataclasses.replace(clock, details={**clock.details, "ends_on": term.ends_on}),
        )
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
        deadlines=deadlines,
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


def _private_not_counted(event: Event, why: Finding) -> Finding:
    _, what = _PRIVATE_WHAT[event.kind]
    return Finding(
        rule=why.rule,
        outcome="not_counted",
        sections=why.sections,
        blocks=True,
        message=f"Not counted: {what} of {_long(event.on)}. {why.message}",
        facts={"event": event.to_json()},
    )


@facts
class PrivateKennelFacts:
    """The events of a private kennel license (3-2-5.A) and the day asked about: "licensed on D1
    for 8 dogs, a complaint on D2: may the kennel be inspected on D3?"."""

    on: dt.date = fact("The day asked about", unit="date", example="2026-11-29")
    events: tuple[Event, ...] = fact(
        "The license's events, each {kind, on, facts}: private_license {dogs}, private_renewal, "
        "private_complaint, private_inspection {dogs_counted}",
        choices=PRIVATE_KINDS,
    )


# ----------------------------------------------------------------------------- coverage table

_LAW = "tests/law/test_kennel_procedure.py"
_PROPS = "tests/law/test_kennel_procedure_properties.py"
_EVENTS = "tests/kennels/test_commercial_events.py"
_SERVICES = "tests/kennels/test_services.py"

#: Every event and step 3-2-5.A and B name: its section, the text's words, the rules that check
#: it and the tests that prove it (``dogtag rules --events commercial-kennel-application``).
EVENT_TABLE: tuple[EventRow, ...] = (
    EventRow(
        "application",
        "3-2-5.B.1",
        "No person shall maintain a commercial kennel in the City without first securing a "
        "license from the City Council; the fee for the license as established by 1-2-2",
        ("kennel.commercial_procedure", "kennel.fee_paid", "kennel.one_open_application"),
        (
            f"{_SERVICES}::test_b1_application_takes_both_fees_with_one_receipt",
            f"{_LAW}::test_b1_b2_application_state",
            f"{_PROPS}::test_any_log_is_evaluated_without_crashing_and_offers_only_what_it_allows",
            f"{_PROPS}::test_recording_allowed_steps_one_by_one_is_the_state_of_the_whole_log",
        ),
    ),
    EventRow(
        "hearing_scheduled",
        "3-2-5.B.2",
        "a hearing before the Planning & Zoning Commission, scheduled (and scheduled again to "
        "be noticed again)",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.notice_to_all_owners",
        ),
        (
            f"{_LAW}::test_b1_b2_a_step_not_in_order_is_blocked_with_its_finding",
            f"{_EVENTS}::test_b2_an_owner_missing_after_the_hearing_undoes_it",
        ),
    ),
    EventRow(
        "notice_list",
        "3-2-5.B.2",
        "all affected property owners within one quarter (1/4) mile of the outside dimensions "
        "of the parcel where the kennel is contemplated: the list as drawn",
        ("kennel.commercial_notice_list", "kennel.commercial_procedure"),
        (
            f"{_SERVICES}::test_b2_notice_list_from_geometry_includes_1319_ft_and_excludes_1321_ft",
            f"{_EVENTS}::test_b2_the_list_as_drawn_is_the_event_s_facts",
        ),
    ),
    EventRow(
        "notice_mailed",
        "3-2-5.B.2",
        "Notice must be given to all affected property owners, before the hearing",
        ("kennel.commercial_step_timing", "kennel.commercial_procedure"),
        (f"{_LAW}::test_b2_the_notice_deadline_runs_until_the_day_before_the_hearing",),
    ),
    EventRow(
        "owner_omitted",
        "3-2-5.B.2",
        "an affected property owner found missing from the notice list (reading "
        "readings.kennel_notice_omission)",
        ("kennel.notice_to_all_owners",),
        (
            f"{_LAW}::test_b2_an_owner_missing_from_the_list",
            f"{_LAW}::test_b2_an_owner_on_the_list_is_not_missing",
            f"{_EVENTS}::test_b2_an_owner_missing_after_the_hearing_undoes_it",
        ),
    ),
    EventRow(
        "owner_notified_late",
        "3-2-5.B.2",
        "the notice given late to an owner missing from the list: notice before the hearing day",
        ("kennel.notice_to_all_owners",),
        (
            f"{_LAW}::test_b2_the_late_notice_is_a_clock_until_the_day_before_the_hearing",
            f"{_EVENTS}::test_b2_an_owner_missing_before_the_hearing_is_notified_late",
        ),
    ),
    EventRow(
        "hearing_held",
        "3-2-5.B.2",
        "Prior to the issuance of a commercial kennel license from the City Council, a hearing "
        "before the Planning & Zoning Commission must be held",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.notice_to_all_owners",
        ),
        (
            f"{_EVENTS}::test_b2_the_hearing_is_held_on_the_day_noticed",
            f"{_LAW}::test_b2_under_the_bona_fide_attempt_reading_the_hearing_stands",
        ),
    ),
    EventRow(
        "recommendation",
        "3-2-5.B.2",
        "The Planning & Zoning Commission will make a recommendation to the City Council on the "
        "request (approve, approve with conditions, deny)",
        ("kennel.recommendation", "kennel.commercial_procedure", "kennel.commercial_step_timing"),
        (
            f"{_LAW}::test_b1_b2_a_step_not_in_order_is_blocked_with_its_finding",
            f"{_LAW}::test_b9_the_conditions_of_the_commission_and_the_council_are_kept",
        ),
    ),
    EventRow(
        "council_decision",
        "3-2-5.B.1",
        "a license from the City Council, after the hearing and the recommendation; the "
        "additional conditions it issues case by case (B.9)",
        (
            "kennel.commercial_procedure",
            "kennel.commercial_step_timing",
            "kennel.council_conditions_with_approval",
            "kennel.license_conditions",
        ),
        (
            f"{_LAW}::test_b1_b2_only_a_council_decision_after_the_hearing_and_recommendation_approves",
            f"{_LAW}::test_b1_a_vote_before_the_hearing_is_named_as_no_approval",
            f"{_LAW}::test_the_question_does_not_license_on_a_vote_before_the_hearing",
            f"{_EVENTS}::test_b1_b2_a_council_vote_before_the_hearing_or_recommendation_is_refused",
            f"{_LAW}::test_b9_conditions_go_with_an_approval",
        ),
    ),
    EventRow(
        "license",
        "3-2-5.B.2",
        "The initial term for the kennel license shall be one (1) year: the license the City "
        "Council granted",
        ("kennel.commercial_procedure", "kennel.commercial_step_timing", "kennel.license_term"),
        (
            f"{_EVENTS}::test_b1_a_license_without_a_council_decision_is_refused",
            f"{_SERVICES}::test_b2_to_b9_approval_adds_the_conditions_and_the_license_issues",
        ),
    ),
    EventRow(
        "withdrawn",
        "3-2-5.B.1",
        "the request withdrawn before the license issues",
        ("kennel.commercial_lifecycle",),
        (f"{_EVENTS}::test_b1_a_withdrawn_application_takes_no_further_step",),
    ),
    EventRow(
        "nuisance_complaint",
        "3-2-5.B.2",
        "nuisance complaints received at the City within the previous twelve (12) months "
        "relating to the dogs being kept on the property",
        ("kennel.commercial_lifecycle", "kennel.commercial_renewal"),
        (
            f"{_LAW}::test_b2_subsequent_licenses_after_complaints",
            f"{_SERVICES}::test_b2_renewal_counts_the_complaints_recorded_in_dogtag",
        ),
    ),
    EventRow(
        "renewal",
        "3-2-5.B.2",
        "subsequent licenses, if so granted, will also be for a term of one (1) year if no "
        "nuisance complaints have been received",
        ("kennel.commercial_renewal", "kennel.license_term"),
        (
            f"{_SERVICES}::test_b2_renewal_depends_on_nuisance_complaints",
            f"{_LAW}::test_b2_a_renewal_on_the_same_terms_after_a_complaint_is_not_counted",
        ),
    ),
    EventRow(
        "council_renewal",
        "3-2-5.B.9",
        "after nuisance complaints, the City Council decides whether a subsequent license is "
        "granted (reading §6.4), with any additional conditions",
        (
            "kennel.commercial_lifecycle",
            "kennel.commercial_renewal",
            "kennel.council_conditions_with_approval",
        ),
        (
            f"{_EVENTS}::test_b2_after_a_complaint_the_council_decides_the_subsequent_license",
            f"{_EVENTS}::test_b2_no_council_decision_is_needed_without_a_complaint",
            f"{_LAW}::test_b2_the_new_application_reading_refuses_a_council_renewal",
        ),
    ),
    EventRow(
        "commercial_inspection",
        "3-2-5.B.7",
        "Licensees authorize City staff to perform periodic inspections of the kennel for the "
        "purpose of determining compliance with the conditions of their license (B.3-B.8)",
        ("kennel.inspection", "kennel.condition", "kennel.feces_well_setback"),
        (f"{_SERVICES}::test_b7_periodic_inspection_finds_each_condition",),
    ),
    EventRow(
        "private_license",
        "3-2-5.A.1",
        "No person shall maintain a private kennel in the City without securing a license "
        "therefore from the City offices; no more than one (1) per party (A.5)",
        ("kennel.private_procedure", "kennel.private_set_number", "kennel.private_one_per_party"),
        (
            f"{_SERVICES}::test_a1_a3_private_license_issues_for_one_year_with_the_resolution_fee",
            f"{_SERVICES}::test_a5_one_license_per_party_person_or_dwelling",
            f"{_LAW}::test_a3_a4_private_kennel_state",
        ),
    ),
    EventRow(
        "private_add_dogs",
        "3-2-5.A.2",
        "Licensees who wish to add a dog/dogs shall need to obtain a new private kennel license",
        ("kennel.private_license_kind", "kennel.private_set_number"),
        (
            f"{_SERVICES}::test_a2_adding_dogs_needs_a_new_license_which_supersedes_the_old",
            f"{_LAW}::test_a2_the_kind_of_private_license_a_change_needs",
        ),
    ),
    EventRow(
        "private_relocation",
        "3-2-5.A.2",
        "A licensee who relocates to another area of the City shall also need to obtain a "
        "corrected private kennel license",
        ("kennel.private_license_kind", "kennel.private_not_assignable"),
        (
            f"{_SERVICES}::test_a2_relocation_needs_a_corrected_license",
            f"{_SERVICES}::test_a2_licenses_are_not_assignable",
        ),
    ),
    EventRow(
        "private_renewal",
        "3-2-5.A.3",
        "The term for a private kennel license shall be one (1) year",
        ("kennel.private_procedure", "kennel.license_term"),
        (
            f"{_SERVICES}::test_a3_renewal_runs_from_the_day_after_expiry_at_the_renewal_fee",
            f"{_LAW}::test_a3_a4_private_kennel_state",
        ),
    ),
    EventRow(
        "private_complaint",
        "3-2-5.A.4",
        "receipt of a complaint against the kennel licensee",
        ("kennel.private_procedure",),
        (f"{_LAW}::test_a3_a4_private_kennel_state",),
    ),
    EventRow(
        "private_inspection",
        "3-2-5.A.4",
        "the licensee authorizes City staff to perform an inspection of the kennel for the "
        "purpose of determining compliance with the conditions of their license",
        ("kennel.private_procedure", "kennel.inspection_grounds", "kennel.inspection"),
        (
            f"{_SERVICES}::test_a4_inspection_upon_a_complaint",
            f"{_LAW}::test_a4_no_inspection_without_a_complaint_and_the_dogs_counted_against_the_set_number",
            f"{_PROPS}::test_a_private_kennel_log_is_evaluated_and_offers_only_what_it_allows",
        ),
    ),
)
