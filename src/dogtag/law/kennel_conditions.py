"""Kennel licenses: the term, the fees and the conditions of a kennel license, and inspections.

Each provision is named by a concept (``private_kennel.term``) and cited as the jurisdiction
package says (``law.provisions``); the quotations are Nowthen's words.

- Term: "The term for a private kennel license shall be one (1) year" (``private_kennel.term``);
  "The initial term for the kennel license shall be one (1) year" (``commercial_kennel.term``).
- Fees: "The fee for the license shall be as established by" the fee schedule (``fees.schedule``)
  (``private_kennel.fee``, ``commercial_kennel.fee``): an application fee and a yearly renewal
  fee, and for a commercial kennel a public hearing fee (Resolution 2011-04).
- Conditions of a commercial kennel license: outdoor exercise to the waste
  (``commercial_kennel.outdoor_exercise`` ... ``commercial_kennel.waste``) word for word (the
  indoor access hours and the well setback from the parameter files), plus any the City Council
  adds (``commercial_kennel.council_conditions``).
- Inspections: after a complaint against a private kennel licensee (``private_kennel.inspection``)
  and periodic inspections of a commercial kennel (``commercial_kennel.inspection``), "for the
  purpose of determining compliance with the conditions of their license": each condition checked
  gives one finding; a condition not met is a violation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import overload

from dogtag.law import ordinance
from dogtag.law.computation_of_time import add_months, long_date
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterError, ParameterSet
from dogtag.law.provisions import SectionsFileError, cite, cited_in
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections).
# The private kennel license: its fee, set number, relocation, term and inspection on complaint
PRIVATE_FEE = "private_kennel.fee"
SET_NUMBER = "private_kennel.set_number"
RELOCATION = "private_kennel.relocation"
PRIVATE_TERM = "private_kennel.term"
PRIVATE_INSPECTION = "private_kennel.inspection"
# The commercial kennel license as a whole, the council's license and fee, the hearing, its
# notice, the commission's recommendation, the term
COMMERCIAL_KENNEL = "commercial_kennel.license"
COUNCIL_LICENSE = "commercial_kennel.council_license"
COMMERCIAL_FEE = "commercial_kennel.fee"
HEARING = "commercial_kennel.hearing"
HEARING_NOTICE = "commercial_kennel.hearing_notice"
RECOMMENDATION = "commercial_kennel.recommendation"
COMMERCIAL_TERM = "commercial_kennel.term"
# The conditions of a commercial kennel license, its periodic inspections, the council's conditions
OUTDOOR_EXERCISE = "commercial_kennel.outdoor_exercise"
INDOOR_HOUSING = "commercial_kennel.indoor_housing"
SHELTER = "commercial_kennel.shelter"
ENCLOSURE_SIZE = "commercial_kennel.enclosure_size"
COMMERCIAL_INSPECTION = "commercial_kennel.inspection"
WASTE = "commercial_kennel.waste"
FECES_WELL_SETBACK = "commercial_kennel.feces_well_setback"
COUNCIL_CONDITIONS = "commercial_kennel.council_conditions"
FEE_SCHEDULE = "fees.schedule"

LICENSE_KINDS = ("private", "commercial")
TERMS = {"private": PRIVATE_TERM, "commercial": COMMERCIAL_TERM}

#: The fee schedule's fees for kennel licenses: item -> (provision charged under, description).
FEE_ITEMS: dict[str, tuple[str, str]] = {
    "private_kennel.application": (PRIVATE_FEE, "Private kennel license"),
    "private_kennel.renewal": (PRIVATE_FEE, "Private kennel license, yearly renewal"),
    "commercial_kennel.application": (COMMERCIAL_FEE, "Commercial kennel license application"),
    "commercial_kennel.public_hearing": (
        HEARING,
        "Commercial kennel public hearing (Planning & Zoning Commission)",
    ),
    "commercial_kennel.renewal": (COMMERCIAL_FEE, "Commercial kennel license, yearly renewal"),
}


def _named(concept: str) -> str:
    """A provision named where no answer is given (an error, a page's list of steps): the section
    of the city in force, or the concept marked as one it does not state, never another city's."""
    return cited_in(f"{{§{concept}}}", lenient=True)


def clock_time(value: str) -> str:
    """ "21:00" -> "9:00 p.m.", "07:00" -> "7:00 a.m." (the ordinance's way of writing hours)."""
    try:
        moment = dt.time.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a time of day as HH:MM") from None
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"


# ----------------------------------------------------------------------------- term and fees


@rule(
    "kennel.license_term",
    provisions=(PRIVATE_TERM, COMMERCIAL_TERM),
    title="Term of a kennel license",
    summary=(
        "A private kennel license is for {private_kennel.term_years:words_unit} and a commercial "
        "kennel license for {commercial_kennel.term_years:words_unit}: in force from the day the "
        "term starts through the day before its anniversary."
    ),
    question="kennel-license-term",
)
def license_term(kind: str, starts_on: dt.date, params: ParameterSet) -> Finding:
    """``private_kennel.term``, in Nowthen's words: "The term for a private kennel license shall be
    one (1) year." ``commercial_kennel.term``: "The initial term for the kennel license shall be
    one (1) year; subsequent licenses, if so granted, will also be for a term of one (1) year ..."

    A term of N years starting on D ends on the day before the same calendar day N years later
    (``add_months``, LEGAL-NOTES §6.6: a term starting 2028-02-29 ends 2029-02-27, the day before
    2029-02-28). The license is in force through that day; a renewal's term starts the day after.
    So a renewal made on time runs exactly to the date ``kennel.commercial_renewal`` names
    (reading ``readings.kennel_term_end``).
    """
    if kind not in LICENSE_KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(LICENSE_KINDS)}")
    term = params.get(f"{kind}_kennel.term_years", starts_on)
    expires_on = add_months(starts_on, 12 * term.integer) - dt.timedelta(days=1)
    section = cite(TERMS[kind], params)
    return Finding(
        rule="kennel.license_term",
        outcome="term",
        sections=(section,),
        message=(
            f"The {kind} kennel license is for {term.display()}: from {long_date(starts_on)} through "
            f"{long_date(expires_on)} ({section})."
        ),
        facts={"kind": kind, "starts_on": starts_on},
        parameters=(term,),
        next_date=expires_on,
        details={"starts_on": starts_on, "expires_on": expires_on, "term_years": term.integer},
    )


@rule(
    "kennel.fee",
    provisions=(PRIVATE_FEE, COMMERCIAL_FEE),
    # the public hearing fee, where a city's law holds a hearing on a commercial kennel
    where_stated=(HEARING,),
    title="Kennel license fees",
    summary=(
        "The kennel license fees are those set in {§fees.schedule}: a private kennel "
        "license's application and yearly renewal fee; a commercial kennel's application, public "
        "hearing and yearly renewal fee."
    ),
    question="kennel-license-term",
)
def kennel_fee(item: str, on: dt.date, params: ParameterSet) -> Finding:
    """``private_kennel.fee`` and ``commercial_kennel.fee``, in Nowthen's words: "The fee for the
    license shall be as established by" the fee schedule (``fees.schedule``). The amounts are the
    council's (Resolution 2011-04 and any later resolution), the one in force on ``on``."""
    if item not in FEE_ITEMS:
        raise ValueError(f"fee {item!r} is not one of {', '.join(FEE_ITEMS)}")
    provision, description = FEE_ITEMS[item]
    fee = params.get(f"fees.{item}", on)
    section = cite(provision, params)
    schedule = cite(FEE_SCHEDULE, params)
    return Finding(
        rule="kennel.fee",
        outcome="fee",
        sections=(section, schedule),
        message=f"{description}: {fee.display()}, as set under {schedule} ({section}).",
        facts={"item": item, "on": on},
        parameters=(fee,),
        details={"item": item, "fee": fee.decimal, "description": description},
    )


# ----------------------------------------------------------------------------- conditions


@dataclass(frozen=True)
class Condition:
    """One condition of a kennel license: the section of the city in force that sets it, the
    ordinance's words, and the short requirement an inspector checks."""

    section: str
    text: str
    requirement: str


def commercial_conditions(on: dt.date, params: ParameterSet) -> tuple[Condition, ...]:
    """The conditions every commercial kennel license carries (``commercial_kennel.outdoor_exercise``
    to ``commercial_kennel.waste``), in the ordinance's words (Nowthen's); the indoor access hours
    and the well setback are the parameters in force on ``on``."""
    opens = clock_time(params.get("commercial_kennel.indoor_access_from", on).value)
    closes = clock_time(params.get("commercial_kennel.indoor_access_until", on).value)
    setback = params.get("commercial_kennel.feces_well_setback_feet", on)
    exercise, housing, shelter, size, inspected, waste = (
        cite(concept, params)
        for concept in (
            OUTDOOR_EXERCISE,
            INDOOR_HOUSING,
            SHELTER,
            ENCLOSURE_SIZE,
            COMMERCIAL_INSPECTION,
            WASTE,
        )
    )
    return (
        Condition(
            exercise,
            ordinance.quote(exercise),
            "Outdoor exercise within the property, supervised by the owners or kennel staff",
        ),
        Condition(
            housing,
            ordinance.quote(housing),
            "Indoor housing structurally sound, with ample heat, light, ventilation and sound "
            "control",
        ),
        Condition(
            shelter,
            "Dogs kept outside must have continual access to a shelter to protect them from the "
            f"elements. All dogs shall have access to indoor housing from the hours of {opens} to "
            f"{closes}",
            f"Shelter for dogs kept outside; all dogs have indoor access from {opens} to {closes}",
        ),
        Condition(
            size,
            ordinance.quote(size),
            "Each enclosure lets every dog turn around fully, stand, sit and lie comfortably",
        ),
        Condition(
            inspected,
            ordinance.quote(inspected),
            "City staff were allowed to inspect the kennel",
        ),
        Condition(
            waste,
            "As per Minnesota Statutes 346.39 - Subd. 12 - Wastes must be disposed of properly; "
            "where applicable, flushing methods and a disinfectant must be used periodically. "
            "Disposal facilities are to be provided to minimize virus infestation, odors and "
            "disease hazards. Accumulations of feces shall be located at least "
            f"{setback.display()} from any well. All accumulations of feces shall be removed at "
            "such periods as will ensure that no leaching or objectionable odors exist, and the "
            "premises shall not be allowed to become unsightly.",
            f"Wastes disposed of properly; feces at least {setback.display()} from any well; no "
            "leaching, objectionable odors or unsightly premises",
        ),
    )


def private_conditions(dogs_licensed: int) -> tuple[Condition, ...]:
    """The conditions of a private kennel license an inspection after a complaint
    (``private_kennel.inspection``) checks: the set number of dogs (``private_kennel.set_number``),
    and the place the license was issued for (``private_kennel.relocation``)."""
    number, place = cite(SET_NUMBER), cite(RELOCATION)
    return (
        Condition(
            number,
            ordinance.quote(number, "Licenses will be issued", "shall not be exceeded."),
            f"No more than the set number of dogs, {dogs_licensed}, kept",
        ),
        Condition(
            place,
            ordinance.quote(place, "A licensee who relocates"),
            "The kennel is kept by the licensee at the licensed parcel",
        ),
    )


@dataclass(frozen=True)
class ConditionResult:
    """What an inspector found for one condition."""

    section: str
    requirement: str
    met: bool
    note: str = ""


@rule(
    "kennel.condition",
    provisions=(
        OUTDOOR_EXERCISE,
        SET_NUMBER,
        RELOCATION,
        INDOOR_HOUSING,
        SHELTER,
        ENCLOSURE_SIZE,
        COMMERCIAL_INSPECTION,
        WASTE,
        COUNCIL_CONDITIONS,
    ),
    title="A kennel license condition checked at an inspection",
    summary=(
        "Each condition of the license checked at an inspection is met or, if not, a violation "
        "of the section that sets it ({§commercial_kennel.outdoor_exercise} to "
        "{§commercial_kennel.waste}, council conditions under "
        "{§commercial_kennel.council_conditions}; {§private_kennel.set_number})."
    ),
    question="kennel-inspection",
)
def condition_finding(result: ConditionResult) -> Finding:
    """``private_kennel.inspection``, ``commercial_kennel.inspection``: inspections are "for the
    purpose of determining compliance with the conditions of their license"; a condition not met
    is a violation of its section (the condition's, as given)."""
    if not result.requirement.strip():
        raise ValueError(f"the condition under {result.section} names no requirement")
    note = f" Inspector's note: {result.note.strip()}" if result.note.strip() else ""
    if result.met:
        return Finding(
            rule="kennel.condition",
            outcome="met",
            sections=(result.section,),
            message=f"Met: {result.requirement} ({result.section}).{note}",
            facts={"section": result.section, "met": True, "note": result.note},
        )
    return Finding(
        rule="kennel.condition",
        outcome="violation",
        sections=(result.section,),
        blocks=True,
        message=f"Violation: {result.requirement} — not met ({result.section}).{note}",
        facts={"section": result.section, "met": False, "note": result.note},
    )


@rule(
    "kennel.feces_well_setback",
    provisions=(FECES_WELL_SETBACK,),
    title="Feces at least {commercial_kennel.feces_well_setback_feet} from any well",
    summary=(
        "Accumulations of feces at a commercial kennel are at least "
        "{commercial_kennel.feces_well_setback_feet:short} from any well."
    ),
    question="kennel-inspection",
)
def feces_well_setback(distance_feet: Decimal, on: dt.date, params: ParameterSet) -> Finding:
    """``commercial_kennel.feces_well_setback``, in Nowthen's words: "Accumulations of feces shall
    be located at least two hundred (200) feet from any well." "At least" is inclusive: exactly
    200 ft complies."""
    if distance_feet < 0:
        raise ValueError(f"a distance must be 0 or more, not {distance_feet}")
    setback = params.get("commercial_kennel.feces_well_setback_feet", on)
    facts = {"distance_feet": distance_feet, "on": on}
    measured = f"{distance_feet:,} ft"
    section = cite(FECES_WELL_SETBACK, params)
    if distance_feet >= setback.integer:
        return Finding(
            rule="kennel.feces_well_setback",
            outcome="met",
            sections=(section,),
            message=(
                f"Met: the accumulation of feces lies {measured} from the nearest well, at least "
                f"{setback.display()} ({section})."
            ),
            facts=facts,
            parameters=(setback,),
        )
    return Finding(
        rule="kennel.feces_well_setback",
        outcome="violation",
        sections=(section,),
        blocks=True,
        message=(
            f"Violation: the accumulation of feces lies {measured} from the nearest well; it "
            f"must be at least {setback.display()} ({section})."
        ),
        facts=facts,
        parameters=(setback,),
    )


@rule(
    "kennel.inspection",
    provisions=(PRIVATE_INSPECTION, COMMERCIAL_INSPECTION),
    title="Result of a kennel inspection",
    summary=(
        "An inspection after a complaint (private kennel, {§private_kennel.inspection}) or a "
        "periodic inspection (commercial kennel, {§commercial_kennel.inspection}) finds the "
        "kennel in compliance, or lists the violations."
    ),
    question="kennel-inspection",
)
def inspection(
    license_kind: str,
    results: Sequence[ConditionResult],
    on: dt.date,
    params: ParameterSet,
    *,
    feces_well_distance_feet: Decimal | None = None,
    measured: Sequence[Finding] = (),
) -> list[Finding]:
    """``private_kennel.inspection``, in Nowthen's words: "Upon receipt of a complaint against the
    kennel licensee, the licensee authorizes City staff to perform an inspection of the kennel for
    the purpose of determining compliance with the conditions of their license."
    ``commercial_kennel.inspection``: "Licensees authorize City staff to perform periodic
    inspections of the kennel ..."

    One finding per condition checked, the well setback measured if a distance is given, and
    any other finding measured at the inspection (``measured``, e.g. the dogs counted against a
    private license's set number, ``kennel.private_set_number``); the overall result comes first.
    A violation "blocks": it is recorded as such; the inspection itself is always recorded.
    """
    if license_kind not in LICENSE_KINDS:
        raise ValueError(f"license kind {license_kind!r} is not one of {', '.join(LICENSE_KINDS)}")
    if not results:
        raise ValueError("an inspection checks at least one condition")
    findings = [condition_finding(result) for result in results]
    if feces_well_distance_feet is not None:
        if license_kind != "commercial":
            raise ValueError(
                f"the feces well setback ({_named(FECES_WELL_SETBACK)}) is a commercial kennel "
                "condition"
            )
        findings.append(feces_well_setback(feces_well_distance_feet, on, params))
    findings.extend(measured)
    authority = cite(
        PRIVATE_INSPECTION if license_kind == "private" else COMMERCIAL_INSPECTION, params
    )
    violations = [f for f in findings if f.blocks]
    cited = tuple(dict.fromkeys(s for f in violations for s in f.sections))
    if violations:
        summary = Finding(
            rule="kennel.inspection",
            outcome="violations",
            sections=(authority, *cited),
            blocks=True,
            message=(
                f"Not in compliance on {long_date(on)}: {len(violations)} of {len(findings)} "
                f"condition(s) checked not met ({', '.join(cited)}); inspected under {authority}."
            ),
            facts={"license_kind": license_kind, "on": on, "checked": len(findings)},
            details={"violations": list(cited)},
        )
    else:
        summary = Finding(
            rule="kennel.inspection",
            outcome="compliant",
            sections=(authority,),
            message=(
                f"In compliance on {long_date(on)}: all {len(findings)} condition(s) checked were met; "
                f"inspected under {authority}."
            ),
            facts={"license_kind": license_kind, "on": on, "checked": len(findings)},
            details={"violations": []},
        )
    return [summary, *findings]


# ----------------------------------------------------------------------------- the procedure

#: The steps to a commercial kennel license, in the order the ordinance sets (the council's
#: license, its hearing, notice and recommendation), with the provision that requires each and
#: what it is, in the ordinance's words.
STEPS: tuple[tuple[str, str, str], ...] = (
    ("application", COUNCIL_LICENSE, "the application to the City Council, with its fees paid"),
    (
        "hearing_scheduled",
        HEARING,
        "the scheduling of the hearing before the Planning & Zoning Commission",
    ),
    (
        "notice_list",
        HEARING_NOTICE,
        "the list of the affected property owners within one quarter (1/4) mile",
    ),
    ("notice_mailed", HEARING_NOTICE, "the notice to all affected property owners"),
    ("hearing_held", HEARING, "the hearing before the Planning & Zoning Commission"),
    (
        "recommendation",
        RECOMMENDATION,
        "the Planning & Zoning Commission's recommendation to the City Council",
    ),
    ("council_decision", COUNCIL_LICENSE, "the City Council's decision"),
    ("license", COUNCIL_LICENSE, "the license from the City Council"),
)
STEP_NAMES = tuple(name for name, _, _ in STEPS)


def _step_section(concept: str) -> str:
    """A step's provision as listed (``_named``). The kennel procedure reads the list when it is
    imported: packages that do not load (a jurisdiction misnamed) leave the provision named by
    its concept, and the error is reported where the law is asked, not at import."""
    try:
        return _named(concept)
    except (ParameterError, SectionsFileError):
        return f"[{concept}: no section]"


class CitedSteps(Sequence[tuple[str, str, str]]):
    """``STEPS`` as (name, section, what), each provision written as the section of the city in
    force when read (the pages, the due list and the kennel procedure list the steps so); a
    provision the city does not state is named by its concept, marked so, never another city's
    section (the rule ``kennel.commercial_procedure`` is not law there)."""

    def __len__(self) -> int:
        return len(STEPS)

    @overload
    def __getitem__(self, index: int) -> tuple[str, str, str]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[str, str, str], ...]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[str, str, str] | tuple[tuple[str, str, str], ...]:
        if isinstance(index, slice):
            return tuple((name, _step_section(c), what) for name, c, what in STEPS[index])
        name, concept, what = STEPS[index]
        return name, _step_section(concept), what


COMMERCIAL_STEPS = CitedSteps()


@rule(
    "kennel.commercial_procedure",
    provisions=(HEARING, HEARING_NOTICE, RECOMMENDATION, COUNCIL_LICENSE),
    title="The steps to a commercial kennel license, in order",
    summary=(
        "Application to the City Council, a Planning & Zoning hearing noticed to the owners "
        "within {commercial_kennel.notice_radius_feet:distance} and held, the commission's "
        "recommendation, the council's decision, then the "
        "license: no step before the ones it depends on, and a license only if approved."
    ),
    question="commercial-kennel-step",
)
def commercial_procedure(
    step: str, completed: Sequence[str], *, council_approved: bool | None = None
) -> Finding:
    """``commercial_kennel.council_license``, in Nowthen's words: "No person shall maintain a
    commercial kennel in the City without first securing a license from the City Council."
    ``commercial_kennel.hearing``: "Prior to the issuance of a commercial kennel license from the
    City Council, a hearing before the Planning & Zoning Commission must be held."
    ``commercial_kennel.hearing_notice``: "Notice must be given to all affected property owners
    within one quarter (1/4) mile ..." ``commercial_kennel.recommendation``: "The Planning & Zoning
    Commission will make a recommendation to the City Council on the request."
    The hearing held is a step of its own (issue 26): the recommendation follows it.

    ``completed`` names the steps already taken. A step is in order when every step before it is
    completed and it is not completed itself (the hearing may be rescheduled and the notice list
    redrawn until the notice is mailed). The license issues only if the council approved.
    """
    if step not in STEP_NAMES:
        raise ValueError(f"step {step!r} is not one of {', '.join(STEP_NAMES)}")
    unknown = sorted(set(completed) - set(STEP_NAMES))
    if unknown:
        raise ValueError(
            f"completed steps {', '.join(unknown)} are not steps of {_named(COMMERCIAL_KENNEL)}"
        )
    index = STEP_NAMES.index(step)
    _, provision, what = STEPS[index]
    section = cite(provision)
    facts = {"step": step, "completed": list(completed), "council_approved": council_approved}
    redoable = {"hearing_scheduled": "notice_mailed", "notice_list": "notice_mailed"}
    done = set(completed)
    if step in done and not (step in redoable and redoable[step] not in done):
        return Finding(
            rule="kennel.commercial_procedure",
            outcome="already_done",
            sections=(section,),
            blocks=True,
            message=f"Not done: {what} is already recorded ({section}).",
            facts=facts,
        )
    missing = [entry for entry in STEPS[:index] if entry[0] not in done]
    if missing:
        name, needed_provision, needed = missing[0]
        needed_section = cite(needed_provision)
        return Finding(
            rule="kennel.commercial_procedure",
            outcome="out_of_order",
            sections=tuple(dict.fromkeys((needed_section, section))),
            blocks=True,
            message=(f"Not yet: {what} cannot be recorded before {needed} ({needed_section})."),
            facts=facts,
            details={"next_step": name},
        )
    if step == "license" and council_approved is not True:
        council = cite(COUNCIL_LICENSE)
        return Finding(
            rule="kennel.commercial_procedure",
            outcome="refused",
            sections=(council,),
            blocks=True,
            message=(
                "Refused: the City Council denied the request; no commercial kennel license may "
                f"issue without the council's approval ({council})."
            ),
            facts=facts,
        )
    return Finding(
        rule="kennel.commercial_procedure",
        outcome="in_order",
        sections=(section,),
        message=f"In order: {what} ({section}).",
        facts=facts,
    )


@rule(
    "kennel.license_conditions",
    # catalogued, as before, under the first condition and the council's: the conditions from
    # outdoor exercise to the waste are each cited where the finding lists them
    provisions=(OUTDOOR_EXERCISE, COUNCIL_CONDITIONS),
    title="The conditions of a commercial kennel license",
    summary=(
        "A commercial kennel license carries the conditions {§commercial_kennel.outdoor_exercise} "
        "to {§commercial_kennel.waste} and any additional conditions the City Council issues "
        "case by case ({§commercial_kennel.council_conditions})."
    ),
    question="commercial-kennel-step",
)
def license_conditions(
    council_conditions: Sequence[str], on: dt.date, params: ParameterSet
) -> Finding:
    """The conditions (``commercial_conditions``), and ``commercial_kennel.council_conditions``, in
    Nowthen's words: "The City Council reserves the right to issue additional conditions on a
    case-by-case basis in order to maintain the public repose." """
    added = [text.strip() for text in council_conditions if text.strip()]
    ordinance = commercial_conditions(on, params)
    council = cite(COUNCIL_CONDITIONS, params)
    conditions = [
        {"section": c.section, "text": c.text, "requirement": c.requirement, "council": False}
        for c in ordinance
    ] + [{"section": council, "text": text, "requirement": text, "council": True} for text in added]
    sections = tuple(c.section for c in ordinance) + ((council,) if added else ())
    message = (
        f"The license carries the conditions {ordinance[0].section} to {ordinance[-1].section}"
        + (
            f" and {len(added)} condition(s) the City Council added ({council})."
            if added
            else f"; the City Council added none ({council})."
        )
    )
    used = (
        params.get("commercial_kennel.indoor_access_from", on),
        params.get("commercial_kennel.indoor_access_until", on),
        params.get("commercial_kennel.feces_well_setback_feet", on),
    )
    return Finding(
        rule="kennel.license_conditions",
        outcome="conditions",
        sections=sections,
        message=message,
        facts={"council_conditions": added, "on": on},
        parameters=used,
        details={"conditions": conditions},
    )


# ----------------------------------------------------------------------------- question facts


@facts
class KennelTermFacts:
    """The facts of the question ``kennel-license-term`` (``private_kennel.term``, ``.fee``;
    ``commercial_kennel.term``, ``.fee``, ``.hearing``)."""

    license: str = fact("The kind of kennel license", choices=LICENSE_KINDS)
    starts_on: dt.date = fact("The day the term starts")
    renewal: bool = fact("A yearly renewal (default: a new license)", default=False)


@facts
class KennelInspectionFacts:
    """The facts of the question ``kennel-inspection``: a periodic inspection of a commercial
    kennel (``commercial_kennel.inspection``: ``not_met``, ``feces_well_distance_feet``), or, in a
    city whose law inspects before a kennel license issues (``kennel.inspection_before_issue``,
    ``law.kennel_license_issue``), what that inspection found (``safeguards_adequate``,
    ``health_standards_met``, ``applied_on``, ``license``). A city is asked only its own."""

    on: dt.date = fact("The day of the inspection")
    not_met: tuple[str, ...] = fact(
        "The sections of the conditions not met ({§commercial_kennel.outdoor_exercise} ... "
        "{§commercial_kennel.waste})",
        default=(),
    )
    feces_well_distance_feet: Decimal | None = fact(
        "Distance from the accumulation of feces to the nearest well "
        "({§commercial_kennel.feces_well_setback})",
        default=None,
        unit="feet",
        minimum=0,
    )
    # the inspection before a kennel license issues (a city whose law states it)
    safeguards_adequate: bool | None = fact(
        "Before a kennel license issues: whether the inspection found adequate safeguards to "
        "protect the surrounding neighborhood from nuisances and to ensure compliance with the "
        "city code",
        default=None,
    )
    health_standards_met: bool | None = fact(
        "Before a kennel license issues: whether the inspection found the location in "
        "compliance with the applicable health and maintenance standards",
        default=None,
    )
    applied_on: dt.date | None = fact(
        "Before a kennel license issues: the day its application was made (the inspection is "
        "made for it, on or after that day)",
        default=None,
    )
    license: str | None = fact(
        "Before a kennel license issues: the kind of kennel license applied for",
        default=None,
        choices=LICENSE_KINDS,
    )


@facts
class CommercialStepFacts:
    """The facts of the question ``commercial-kennel-step`` (``commercial_kennel.council_license``,
    ``.hearing``, ``.hearing_notice``, ``.recommendation``, ``.council_conditions``)."""

    on: dt.date = fact("The day asked about")
    step: str = fact("The step asked about", choices=STEP_NAMES)
    completed: tuple[str, ...] = fact("The steps already taken", default=())
    council_approved: bool | None = fact(
        "Whether the City Council approved (for the license step)", default=None
    )
    council_conditions: tuple[str, ...] | None = fact(
        "Conditions the City Council added ({§commercial_kennel.council_conditions})",
        default=None,
    )
