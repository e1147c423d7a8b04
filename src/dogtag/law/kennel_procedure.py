"""City Code 3-2-5.B.1-B.2 and B.9: the commercial kennel application as a pure function of its
dated events (``law.procedure``), and the legal refusals of the kennel desk as findings.

The steps and their order are ``kennel_conditions.COMMERCIAL_STEPS`` and the rule
``kennel.commercial_procedure``; this module adds the day each step may be recorded on
(``kennel.commercial_step_timing``), the council's added conditions (B.9), one application before
the commission at a time, and ``commercial_application``: where an application stands on a day.

Events: ``application`` (its day), ``hearing_scheduled`` (facts: ``hearing_on``), ``notice_list``,
``notice_mailed``, ``recommendation`` (facts: ``recommendation``), ``council_decision`` (facts:
``approved``), ``license``, and ``withdrawn``. A hearing may be rescheduled and the list redrawn
until the notice is mailed: the latest such event counts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.kennel_conditions import COMMERCIAL_STEPS, STEP_NAMES, commercial_procedure
from dogtag.law.procedure import Event, ProcedureState, ordered
from dogtag.law.registry import rule

PROCEDURE = "commercial-kennel-application"
QUESTION = "commercial-kennel-application"
CLOSING = ("withdrawn",)
EVENT_KINDS = (*STEP_NAMES, *CLOSING)
_WHAT = {name: what for name, _, what in COMMERCIAL_STEPS}


def _long(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


@dataclass(frozen=True)
class Dates:
    """The days the events so far set, the latest of each kind."""

    applied_on: dt.date | None = None
    hearing_on: dt.date | None = None
    notice_list_drawn_on: dt.date | None = None
    notice_mailed_on: dt.date | None = None
    recommended_on: dt.date | None = None
    council_decided_on: dt.date | None = None
    council_approved: bool | None = None
    licensed_on: dt.date | None = None
    withdrawn_on: dt.date | None = None


def _dates(events: Sequence[Event]) -> Dates:
    found: dict[str, object] = {}
    for event in ordered(list(events)):
        if event.kind not in EVENT_KINDS:
            raise ValueError(f"event {event.kind!r} is not one of {', '.join(EVENT_KINDS)}")
        if event.kind == "application":
            found["applied_on"] = event.on
        elif event.kind == "hearing_scheduled":
            hearing = event.facts.get("hearing_on")
            if not isinstance(hearing, dt.date):
                raise ValueError("a hearing_scheduled event gives the hearing's day (hearing_on)")
            found["hearing_on"] = hearing
        elif event.kind == "notice_list":
            found["notice_list_drawn_on"] = event.on
        elif event.kind == "notice_mailed":
            found["notice_mailed_on"] = event.on
        elif event.kind == "recommendation":
            found["recommended_on"] = event.on
        elif event.kind == "council_decision":
            approved = event.facts.get("approved")
            if not isinstance(approved, bool):
                raise ValueError("a council_decision event says whether it approved (approved)")
            found["council_decided_on"] = event.on
            found["council_approved"] = approved
        elif event.kind == "license":
            found["licensed_on"] = event.on
        else:
            found["withdrawn_on"] = event.on
    return Dates(**found)  # type: ignore[arg-type]


def completed(events: Sequence[Event]) -> list[str]:
    """The steps of 3-2-5.B already taken, in their order."""
    kinds = {e.kind for e in events}
    return [name for name in STEP_NAMES if name in kinds]


# ----------------------------------------------------------------------------- rules


@rule(
    "kennel.commercial_step_timing",
    sections=("3-2-5.B.2", "3-2-5.B.1"),
    title="Each step of a commercial kennel application on a day the ordinance allows",
    summary=(
        "The hearing is not before the application; the notice goes out after its list is drawn "
        "and before the hearing; the commission recommends at or after the hearing; the council "
        "decides after the recommendation; the license issues on or after the approval."
    ),
    question=QUESTION,
)
def step_timing(
    step: str, on: dt.date, events: Sequence[Event], *, hearing_on: dt.date | None = None
) -> Finding | None:
    """3-2-5.B.2: "Prior to the issuance of a commercial kennel license from the City Council, a
    hearing before the Planning & Zoning Commission must be held. Notice must be given to all
    affected property owners ... The Planning & Zoning Commission will make a recommendation to
    the City Council on the request." Notice given before the hearing it announces; the
    recommendation follows the hearing; the council decides on the recommendation (B.1), and the
    license follows the approval.

    A blocking finding when ``step`` cannot be recorded on ``on`` (for ``hearing_scheduled``, the
    hearing on ``hearing_on``), None when the day is in order. The order of the steps itself is
    ``kennel.commercial_procedure``."""
    dates = _dates(events)
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

    applied = dates.applied_on
    if step == "hearing_scheduled" and hearing_on and applied and hearing_on < applied:
        return refused(
            f"The hearing cannot be before the application of {dates.applied_on} (3-2-5.B.2)."
        )
    if step == "notice_mailed" and dates.hearing_on is not None:
        if on >= dates.hearing_on:
            return refused(
                f"The notice must go out before the hearing of {dates.hearing_on} "
                "(3-2-5.B.2); reschedule the hearing first."
            )
        if dates.notice_list_drawn_on is not None and on < dates.notice_list_drawn_on:
            return refused("The notice cannot be mailed before its list was drawn (3-2-5.B.2).")
    if step == "recommendation" and dates.hearing_on is not None and on < dates.hearing_on:
        return refused(
            f"The commission recommends at or after the hearing of {dates.hearing_on}, not on "
            f"{on} (3-2-5.B.2)."
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


# ----------------------------------------------------------------------------- the procedure


def commercial_step(
    events: Sequence[Event],
    step: str,
    on: dt.date,
    *,
    hearing_on: dt.date | None = None,
) -> list[Finding]:
    """The findings for recording ``step`` on ``on`` after ``events``: the order of the steps
    (``kennel.commercial_procedure``) and, if in order, the day (``kennel.commercial_step_timing``).
    A finding that blocks comes first."""
    dates = _dates(events)
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
    order = commercial_procedure(step, completed(events), council_approved=dates.council_approved)
    if order.blocks:
        return [order]
    timing = step_timing(step, on, events, hearing_on=hearing_on)
    return [timing, order] if timing is not None else [order]


def _state_name(dates: Dates) -> str:
    if dates.withdrawn_on is not None:
        return "withdrawn"
    if dates.licensed_on is not None:
        return "licensed"
    if dates.council_approved is not None:
        return "approved" if dates.council_approved else "denied"
    if dates.recommended_on is not None:
        return "recommended"
    if dates.notice_mailed_on is not None:
        return "hearing_noticed"
    return "received" if dates.applied_on is not None else "not_applied"


def commercial_application(events: Sequence[Event], on: dt.date) -> ProcedureState:
    """3-2-5.B.1-B.2: where a commercial kennel application stands on ``on``, from its events: the
    state, each step that may be recorded that day with the finding that allows it, the findings
    that block every other step, and the deadline running (the notice, before the hearing)."""
    dates = _dates(events)
    allowed: dict[str, Finding] = {}
    blocked: dict[str, tuple[Finding, ...]] = {}
    for step in STEP_NAMES:
        found = commercial_step(events, step, on)
        if found[0].blocks:
            blocked[step] = tuple(f for f in found if f.blocks)
        else:
            allowed[step] = found[0]
    deadlines: list[Finding] = []
    if (
        dates.hearing_on is not None
        and dates.notice_mailed_on is None
        and dates.withdrawn_on is None
    ):
        last = dates.hearing_on - dt.timedelta(days=1)
        deadlines.append(
            Finding(
                rule="kennel.commercial_step_timing",
                outcome="notice_due",
                sections=("3-2-5.B.2",),
                blocks=on > last,
                message=(
                    f"The notice to all affected property owners must be mailed before the "
                    f"hearing of {_long(dates.hearing_on)}: on {_long(last)} at the latest "
                    "(3-2-5.B.2)."
                    + (" That day has passed: reschedule the hearing." if on > last else "")
                ),
                facts={"hearing_on": dates.hearing_on, "on": on},
                next_date=last,
            )
        )
    return ProcedureState(
        procedure=PROCEDURE,
        on=on,
        state=_state_name(dates),
        completed=tuple(completed(events)),
        allowed=allowed,
        blocked=blocked,
        deadlines=tuple(deadlines),
    )


def next_step(state: ProcedureState) -> str | None:
    """The step the application waits on: the first not yet taken, or None once it was denied,
    withdrawn or licensed."""
    if state.state in ("denied", "withdrawn"):
        return None
    return next((s for s in STEP_NAMES if s not in state.completed), None)


# ----------------------------------------------------------------------------- facts


@facts
class CommercialApplicationFacts:
    """The events of a commercial kennel application as dated facts, and the day asked about:
    "applied on D1, hearing set for D2, notice not mailed, today D3: where does it stand?"."""

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
    recommended_on: dt.date | None = fact(
        "The day the commission recommended (3-2-5.B.2); left out, not yet",
        default=None,
        unit="date",
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

    def events(self) -> list[Event]:
        if (self.council_decided_on is None) != (self.council_approved is None):
            raise ValueError("council_decided_on and council_approved go together")
        if self.notice_list_drawn_on is not None and self.hearing_on is None:
            raise ValueError("a notice list is drawn for a scheduled hearing: give hearing_on")
        out = [Event("application", self.applied_on)]
        if self.hearing_on is not None:
            out.append(
                Event(
                    "hearing_scheduled",
                    self.notice_list_drawn_on or self.applied_on,
                    {"hearing_on": self.hearing_on},
                )
            )
        steps: Mapping[str, dt.date | None] = {
            "notice_list": self.notice_list_drawn_on,
            "notice_mailed": self.notice_mailed_on,
            "recommendation": self.recommended_on,
            "council_decision": self.council_decided_on,
            "license": self.licensed_on,
            "withdrawn": self.withdrawn_on,
        }
        for kind, day in steps.items():
            if day is not None:
                facts: dict[str, JSONValue] = (
                    {"approved": self.council_approved} if kind == "council_decision" else {}
                )
                out.append(Event(kind, day, facts))
        return out


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
