"""Which enclosures the enclosure standards (``enclosure.purpose``: the section as a whole) apply
to: the effective date (``enclosure.applicability``), and the notice of compliance to a
pre-existing enclosure (``enclosure.compliance_notice``). Each is cited as the city in force
numbers it (``law.provisions``); the quotations are Nowthen's words."""

from __future__ import annotations

import datetime as dt

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import Deadline, long_date
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
PURPOSE = "enclosure.purpose"
APPLICABILITY = "enclosure.applicability"
COMPLIANCE_NOTICE = "enclosure.compliance_notice"

# ----------------------------------------------------------------------------- applicability


@rule(
    "enclosure.applicability",
    provisions=(APPLICABILITY, COMPLIANCE_NOTICE),
    title="Which enclosures {§enclosure.purpose} applies to",
    summary=(
        "{§enclosure.purpose} applies to enclosures constructed after {enclosure.section_effective:date}; an "
        "older enclosure must comply only after a complaint and a notice of compliance, within "
        "{enclosure.compliance_notice_days} of the notice."
    ),
    question="enclosure-applicability",
)
def applicability(
    constructed_on: dt.date | None,
    on: dt.date,
    params: ParameterSet,
    *,
    complaint_on: dt.date | None = None,
    notice_issued_on: dt.date | None = None,
    complied_on: dt.date | None = None,
) -> Finding:
    """``enclosure.applicability`` and ``enclosure.compliance_notice``: "This Section shall be
    applicable to all dog enclosures constructed after January 1, 2004, the effective date of this
    Section. Any pre-existing dog enclosure that the City Council receives a complaint on which is
    not kept in a clean and sanitary condition or is a nuisance to an adjacent property owner shall
    be required to comply with this Section by notice of compliance being given by the City Council
    or their duly authorized agent. Failure to comply with such notice within thirty (30) days of
    issuance shall be violation of this Section."

    ``constructed_on`` None means the construction date is not known. The 30 days are counted per
    Minn. Stat. 645.15 (``clocks.deadline``, clock ``enclosure.compliance_notice``). "This
    Section" is ``enclosure.purpose``; each is cited as the city of ``params`` numbers it.
    """
    whole = cite(PURPOSE, params)
    effective_date = cite(APPLICABILITY, params)
    notice_section = cite(COMPLIANCE_NOTICE, params)
    for name, day in (
        ("constructed_on", constructed_on),
        ("complaint_on", complaint_on),
        ("notice_issued_on", notice_issued_on),
        ("complied_on", complied_on),
    ):
        if day is not None and day > on:
            raise ValueError(f"{name} {day.isoformat()} is after the day asked about, {on}")
    if notice_issued_on is not None:
        if complaint_on is None:
            raise ValueError(
                f"a notice of compliance follows a complaint ({notice_section}): give its date"
            )
        if complaint_on > notice_issued_on:
            raise ValueError(
                f"the complaint ({complaint_on.isoformat()}) is after the notice of compliance "
                f"({notice_issued_on.isoformat()})"
            )
    effective = params.get("enclosure.section_effective", on)
    since: dt.date = effective.value
    facts: dict[str, JSONValue] = {
        "constructed_on": constructed_on,
        "on": on,
        "complaint_on": complaint_on,
        "notice_issued_on": notice_issued_on,
        "complied_on": complied_on,
    }
    facts = {k: v for k, v in facts.items() if v is not None}

    def finding(
        outcome: str,
        message: str,
        used: tuple[ParameterValue, ...],
        *,
        blocks: bool = False,
        due: Deadline | None = None,
        next_date: dt.date | None = None,
        details: dict[str, JSONValue] | None = None,
    ) -> Finding:
        return Finding(
            rule="enclosure.applicability",
            outcome=outcome,
            sections=cite_each(APPLICABILITY, COMPLIANCE_NOTICE, params=params),
            message=message,
            blocks=blocks,
            facts=facts,
            parameters=used,
            deadline=due,
            next_date=next_date,
            details=details or {},
        )

    # "constructed AFTER January 1, 2004": an enclosure built ON 2004-01-01 is pre-existing.
    if constructed_on is not None and constructed_on > since:
        return finding(
            "applies",
            f"{whole} applies: the enclosure was constructed on {long_date(constructed_on)}, "
            f"after {long_date(since)}, the effective date of the section ({effective_date}).",
            (effective,),
        )
    if constructed_on is None:
        built = (
            f"The construction date is not known; {whole} applies if the enclosure was "
            f"constructed after {long_date(since)}. Treated here as pre-existing"
        )
    else:
        built = (
            f"The enclosure was constructed on {long_date(constructed_on)}, not after "
            f"{long_date(since)}: it is pre-existing"
        )
    if notice_issued_on is None:
        complaint = (
            f"a complaint was received on {long_date(complaint_on)}, but no notice of compliance has "
            "been given"
            if complaint_on is not None
            else "no complaint and no notice of compliance"
        )
        return finding(
            "exempt" if constructed_on is not None else "construction_date_unknown",
            f"{built}, and {complaint}, so it need not comply with {whole} until the City "
            f"Council gives notice of compliance after a complaint ({notice_section}).",
            (effective,),
        )
    assert complaint_on is not None  # checked above: a notice follows a complaint
    clock = deadline(params, notice_issued_on, clock_id="enclosure.compliance_notice")
    assert clock.deadline is not None
    due_on = clock.deadline.due
    used = (effective, *clock.parameters)
    notice = (
        f"{built}; after the complaint of {long_date(complaint_on)} notice of compliance was given on "
        f"{long_date(notice_issued_on)}, so it must comply with {whole} by {long_date(due_on)} "
        f"({clock.deadline.days} days, {notice_section})."
    )
    if complied_on is not None and complied_on <= due_on:
        return finding(
            "complied",
            f"{notice} It complied on {long_date(complied_on)}, within the period.",
            used,
            due=clock.deadline,
            details={"due": due_on, "complied_within_period": True},
        )
    if complied_on is not None:
        violation_from = due_on + dt.timedelta(days=1)
        return finding(
            "complied_late",
            f"{notice} It complied on {long_date(complied_on)}, after the period had ended: it was in "
            f"violation of {whole} from {long_date(violation_from)} until then ({notice_section}).",
            used,
            due=clock.deadline,
            details={
                "due": due_on,
                "complied_within_period": False,
                "violation_from": violation_from,
            },
        )
    if on > due_on:
        return finding(
            "violation",
            f"{notice} It has not complied: failure to comply within the period is a violation "
            f"of {whole} ({notice_section}).",
            used,
            blocks=True,
            due=clock.deadline,
            details={"due": due_on, "violation_from": due_on + dt.timedelta(days=1)},
        )
    return finding(
        "compliance_due",
        notice,
        used,
        due=clock.deadline,
        next_date=due_on,
        details={"due": due_on},
    )


@rule(
    "enclosure.compliance_notice_grounds",
    provisions=(COMPLIANCE_NOTICE,),
    title="When a notice of compliance may be given",
    summary=(
        "A notice of compliance follows a complaint the City Council received, says what it was, "
        "and is given only to a pre-existing enclosure: a newer one must comply already."
    ),
    question="enclosure-applicability",
)
def compliance_notice_grounds(
    complaint_received_on: dt.date,
    issued_on: dt.date,
    complaint_summary: str,
    applicability: Finding | None = None,
) -> Finding | None:
    """``enclosure.compliance_notice``: "Any pre-existing dog enclosure that the City Council
    receives a complaint on which is not kept in a clean and sanitary condition or is a nuisance
    to an adjacent property owner shall be required to comply with this Section by notice of
    compliance being given".

    None when a notice may be given. ``applicability`` is ``enclosure.applicability`` on the day of
    the notice, before it (its outcome "applies": the enclosure is not pre-existing). Cited as
    the city in force numbers it."""
    section = cite(COMPLIANCE_NOTICE)
    facts: dict[str, JSONValue] = {
        "complaint_received_on": complaint_received_on,
        "issued_on": issued_on,
        "complaint_summary": complaint_summary,
    }

    def refused(outcome: str, message: str) -> Finding:
        return Finding(
            rule="enclosure.compliance_notice_grounds",
            outcome=outcome,
            sections=(section,),
            blocks=True,
            message=message,
            facts=facts,
        )

    if complaint_received_on > issued_on:
        return refused(
            "no_complaint_yet",
            f"The complaint ({long_date(complaint_received_on)}) must be received on or before the "
            f"notice is issued ({long_date(issued_on)}): a notice of compliance follows a complaint "
            f"({section}).",
        )
    if not complaint_summary.strip():
        return refused(
            "complaint_not_stated", f"Summarize the complaint: the notice quotes it ({section})."
        )
    if applicability is not None and applicability.outcome == "applies":
        return refused(
            "applies",
            "No notice of compliance: a notice is given only to a pre-existing enclosure "
            f"({section}). " + applicability.message + " It must comply now; a failure is a "
            f"violation of {cite(PURPOSE)} without notice.",
        )
    return None


@facts
class ApplicabilityFacts:
    """The facts of the question ``enclosure-applicability`` (``enclosure.applicability``,
    ``enclosure.compliance_notice``)."""

    on: dt.date = fact("The day asked about")
    constructed_on: dt.date | None = fact(
        "When the enclosure was built; left out, not known, and it is treated as pre-existing "
        "({§enclosure.applicability})",
        default=None,
    )
    complaint_on: dt.date | None = fact(
        "When the City Council received a complaint on the enclosure ({§enclosure.compliance_notice})",
        default=None,
    )
    notice_issued_on: dt.date | None = fact(
        "When the notice of compliance was issued ({§enclosure.compliance_notice})", default=None
    )
    complied_on: dt.date | None = fact(
        "When the enclosure was brought into compliance ({§enclosure.compliance_notice})",
        default=None,
    )
