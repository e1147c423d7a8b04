"""City Code 3-2-9 Dangerous dogs, with Minn. Stat. 347.50-347.565 incorporated by 3-2-8.

The designation (A), its exemptions (A.6), the standard of proof (A.2.f, A.7), destruction (A.3),
registration requirements (B.3) with the microchip (347.515), restraint outside the enclosure (E.2),
review of the designation (A.7) and relaxing conditions (E.7). The case deadlines (A.1.c, A.2.a,
A.2.g, B.2, B.3.g, B.4, B.6.b, B.6.c, C) are clocks in ``clocks.py``. Where the state and the city
set different values, ``incorporation.controlling_provision`` shows both and names the one that
controls, and the finding here carries that finding's explanation.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import add_months, day_label, long_date
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.incorporation import controlling_provision
from dogtag.law.params import ParameterNotInForce, ParameterNotSet, ParameterSet, ParameterValue
from dogtag.law.registry import rule

# ----------------------------------------------------------------------------- A.6 exemptions

EXEMPTIONS = {
    "trespass_or_tort": (
        "3-2-9.A.6.a",
        "was committing, at the time, a willful trespass or other tort upon the premises occupied "
        "by the Owner of the dog",
    ),
    "provoking": (
        "3-2-9.A.6.b",
        "was provoking, tormenting, abusing, or assaulting the dog, or can be shown to have "
        "repeatedly, in the past, provoked, tormented, abused, or assaulted the dog",
    ),
    "crime_against_owner": (
        "3-2-9.A.6.c",
        "was committing or attempting to commit a crime against the Owner or the Owner's property",
    ),
}

CRITERIA = {
    "substantial_or_great_bodily_harm": (
        "Minn. Stat. 347.50 subd. 2(1)",
        "without provocation, inflicted substantial or great bodily harm on a human being on "
        "public or private property",
    ),
    "killed_domestic_animal": (
        "Minn. Stat. 347.50 subd. 2(2)",
        "killed a domestic animal without provocation while off the owner's property",
    ),
    "after_potentially_dangerous_notice": (
        "Minn. Stat. 347.50 subd. 2(3)",
        "has been found to be potentially dangerous, and after the owner has notice of that, "
        "aggressively bites, attacks, or endangers the safety of humans or domestic animals",
    ),
}


@rule(
    "dangerous_dog.exemption",
    sections=("3-2-9.A.6",),
    title="When a dog may not be declared dangerous",
    summary=(
        "A dog may not be declared dangerous if the person harmed was trespassing or committing a "
        "tort on the owner's premises, provoking or abusing the dog (now or repeatedly before), or "
        "committing a crime against the owner or the owner's property. Checked first."
    ),
    question="dangerous-dog-designation",
)
def exemption(circumstances: list[str]) -> Finding:
    """3-2-9.A.6: "A dog may not be declared Dangerous if the threat, injury, or damage was
    sustained by a person who: a. ...; b. ...; or c. ...". ``circumstances`` names those present
    (keys of ``EXEMPTIONS``)."""
    unknown = sorted(set(circumstances) - set(EXEMPTIONS))
    if unknown:
        raise ValueError(f"not an exemption of 3-2-9.A.6: {', '.join(unknown)}")
    present = [k for k in EXEMPTIONS if k in circumstances]
    if present:
        sections = tuple(EXEMPTIONS[k][0] for k in present)
        reasons = "; ".join(f"{EXEMPTIONS[k][1]} ({EXEMPTIONS[k][0]})" for k in present)
        return Finding(
            rule="dangerous_dog.exemption",
            outcome="exempt",
            sections=sections,
            blocks=True,
            message=(
                "The dog may not be declared dangerous: the person who sustained the threat, "
                f"injury or damage {reasons}."
            ),
            facts={"circumstances": present},
        )
    return Finding(
        rule="dangerous_dog.exemption",
        outcome="not_exempt",
        sections=("3-2-9.A.6",),
        message=(
            "No exemption of 3-2-9.A.6 applies: the person harmed was not trespassing or "
            "committing a tort on the owner's premises, not provoking or abusing the dog, and not "
            "committing a crime against the owner."
        ),
        facts={"circumstances": []},
    )


@rule(
    "dangerous_dog.criteria",
    sections=("3-2-9.A", "3-2-8"),
    title="The criteria for a dangerous dog",
    summary=(
        "A dog is designated dangerous on evidence that it meets a criterion of Minn. Stat. "
        "347.50 subd. 2 (incorporated by 3-2-8), after the exemptions of 3-2-9.A.6 are checked."
    ),
    question="dangerous-dog-designation",
)
def criteria(met: list[str], exemption_finding: Finding) -> Finding:
    """3-2-9.A: "The Animal Control Authority or Hearing Officer shall designate any dog as a
    Dangerous Dog upon receiving evidence that the dog meets any of the criteria of applicable state
    law or the definition of Dangerous Dog in Section 3-2-1". The text of 3-2-1 is not available
    (LEGAL-NOTES §1): the state definition (347.50 subd. 2) is the floor."""
    unknown = sorted(set(met) - set(CRITERIA))
    if unknown:
        raise ValueError(f"not a criterion of Minn. Stat. 347.50 subd. 2: {', '.join(unknown)}")
    present = [k for k in CRITERIA if k in met]
    facts: dict[str, JSONValue] = {"criteria": present, "exemption": exemption_finding.outcome}
    if exemption_finding.outcome == "exempt":
        return Finding(
            rule="dangerous_dog.criteria",
            outcome="designation_barred",
            sections=("3-2-9.A", *exemption_finding.sections),
            blocks=True,
            message=(
                "No designation: an exemption of 3-2-9.A.6 applies, so the dog may not be "
                "declared dangerous whatever the criteria."
            ),
            facts=facts,
        )
    if not present:
        return Finding(
            rule="dangerous_dog.criteria",
            outcome="criteria_not_met",
            sections=("3-2-9.A", "3-2-8"),
            blocks=True,
            message=(
                "No designation: the evidence meets none of the criteria of Minn. Stat. 347.50 "
                "subd. 2 (3-2-9.A, through 3-2-8)."
            ),
            facts=facts,
        )
    listed = "; ".join(f"{CRITERIA[k][1]} ({CRITERIA[k][0]})" for k in present)
    return Finding(
        rule="dangerous_dog.criteria",
        outcome="designate",
        sections=("3-2-9.A", "3-2-8"),
        message=f"The dog meets the criteria of a dangerous dog: it {listed}. Designate (3-2-9.A).",
        facts=facts,
        details={"statute": [CRITERIA[k][0] for k in present]},
    )


# ----------------------------------------------------------------------------- A.2.f, A.7 proof

PROCEEDINGS = ("designation_hearing", "revocation_hearing", "review")


@rule(
    "dangerous_dog.standard_of_proof",
    sections=("3-2-9.A.2.f", "3-2-9.A.7"),
    title="Burden and standard of proof",
    summary=(
        "At a hearing the Authority bears the burden: clear and convincing evidence if it seeks "
        "to destroy the dog, otherwise a preponderance. At a review by the Hearing Officer the "
        "owner bears it, by clear and convincing evidence."
    ),
    question="dangerous-dog-hearing",
)
def standard_of_proof(proceeding: str, *, destruction_sought: bool = False) -> Finding:
    """3-2-9.A.2.f: "The burden of proof shall be upon the Animal Control Authority. The standard
    of proof shall be clear and convincing evidence if the Authority seeks to destroy the dog; in
    all other cases it shall be by a preponderance of the evidence." A.7: "If a review of
    designation is conducted by the Hearing Officer, the burden of proof shall be upon the dog's
    Owner and the standard of proof is clear and convincing evidence." A revocation hearing complies
    "with all the requirements as set forth in Section 3-2-9.A.2" (B.6.b)."""
    if proceeding not in PROCEEDINGS:
        raise ValueError(f"proceeding {proceeding!r} is not one of {', '.join(PROCEEDINGS)}")
    facts = {"proceeding": proceeding, "destruction_sought": destruction_sought}
    if proceeding == "review":
        burden, standard, section = "the dog's Owner", "clear_and_convincing", "3-2-9.A.7"
    else:
        burden = "the Animal Control Authority"
        standard = "clear_and_convincing" if destruction_sought else "preponderance"
        section = "3-2-9.A.2.f"
    words = {
        "clear_and_convincing": "clear and convincing evidence",
        "preponderance": ("a preponderance of the evidence"),
    }[standard]
    why = ""
    if proceeding != "review":
        why = (
            ", because the Authority seeks to destroy the dog"
            if destruction_sought
            else ", because the Authority does not seek to destroy the dog"
        )
    sections = (section, "3-2-9.B.6.b") if proceeding == "revocation_hearing" else (section,)
    return Finding(
        rule="dangerous_dog.standard_of_proof",
        outcome=standard,
        sections=sections,
        message=f"The burden of proof is on {burden}; the standard is {words}{why} ({section}).",
        facts=facts,
        details={"burden": burden, "standard": standard},
    )


# ----------------------------------------------------------------------------- A.3 destruction

DESTRUCTION_CRITERIA = {
    "dangerous_by_attack": (
        "3-2-9.A.3.a",
        "the dog is Dangerous, as demonstrated by a vicious attack, an unprovoked attack, an "
        "attack without warning, or multiple attacks",
    ),
    "owner_cannot_control": (
        "3-2-9.A.3.b",
        "the Owner has demonstrated an inability or unwillingness to sufficiently control the dog "
        "in order to prevent injury to persons or other animals",
    ),
    "no_proof_of_insurance": (
        "3-2-9.A.3.c",
        "the Owner cannot, will not, does not, or otherwise refuses to provide proof of the "
        "liability insurance required by 3-2-9.B.3.c",
    ),
}


@rule(
    "dangerous_dog.destruction",
    sections=("3-2-9.A.3",),
    title="When the Hearing Officer may order destruction",
    summary=(
        "Destruction may be ordered only in a written order with findings of fact that all three "
        "criteria are present: a vicious, unprovoked, unwarned or repeated attack; an owner unable "
        "or unwilling to control the dog; and no proof of the required insurance."
    ),
    question="dangerous-dog-hearing",
)
def destruction(findings_of_fact: dict[str, str]) -> Finding:
    """3-2-9.A.3: the Hearing Officer "is authorized to order ... that the dog be destroyed based on
    a written order containing findings of fact establishing that each of the following criteria
    are present: a. ...; and b. ...; and C. ...". ``findings_of_fact`` maps each criterion found
    (keys of ``DESTRUCTION_CRITERIA``) to the written finding of fact; an empty text is no
    finding. The standard is clear and convincing evidence (A.2.f)."""
    unknown = sorted(set(findings_of_fact) - set(DESTRUCTION_CRITERIA))
    if unknown:
        raise ValueError(f"not a criterion of 3-2-9.A.3: {', '.join(unknown)}")
    written = {k: v.strip() for k, v in findings_of_fact.items() if v.strip()}
    missing = [k for k in DESTRUCTION_CRITERIA if k not in written]
    facts: dict[str, JSONValue] = {"findings_of_fact": written}
    if missing:
        lacking = "; ".join(
            f"{DESTRUCTION_CRITERIA[k][1]} ({DESTRUCTION_CRITERIA[k][0]})" for k in missing
        )
        return Finding(
            rule="dangerous_dog.destruction",
            outcome="destruction_not_authorized",
            sections=("3-2-9.A.3", *(DESTRUCTION_CRITERIA[k][0] for k in missing)),
            blocks=True,
            message=(
                "Destruction may not be ordered: the written order lacks a finding of fact that "
                f"{lacking}. All three criteria must be found (3-2-9.A.3), by clear and convincing "
                "evidence (3-2-9.A.2.f)."
            ),
            facts=facts,
            details={"missing": missing},
        )
    return Finding(
        rule="dangerous_dog.destruction",
        outcome="destruction_authorized",
        sections=("3-2-9.A.3", "3-2-9.A.2.f"),
        message=(
            "Destruction may be ordered: the written order finds each criterion of 3-2-9.A.3 "
            "(a, b and c), which must rest on clear and convincing evidence (3-2-9.A.2.f)."
        ),
        facts=facts,
    )


# ----------------------------------------------------------------------------- microchip


MICROCHIP_FORMATS = {
    "iso_11784": "ISO 11784/11785 (15 digits)",
    "avid_9": "AVID encrypted (9 digits)",
    "hex_10": "10-character (FECAVA, AVID unencrypted, HomeAgain/Destron)",
}


def microchip_format(number: str) -> str | None:
    """The format of a microchip number, or None if it is none of the accepted ones.

    - ISO 11784/11785 FDX-B: 15 decimal digits (a 3-digit country or manufacturer code, then
      12 digits). No check digit exists in the standard, so the form is all that can be checked.
    - AVID's older encrypted chips: 9 digits, often written AVID*012*345*678.
    - 10 characters of hexadecimal (0-9, A-F): FECAVA/Trovan and the older 125 kHz chips.
    Spaces, dashes, dots and asterisks between groups are ignored; "AVID" as a prefix too.
    """
    text = re.sub(r"[\s\-.*]", "", number.strip().upper())
    text = text.removeprefix("AVID")
    if re.fullmatch(r"\d{15}", text):
        return "iso_11784"
    if re.fullmatch(r"\d{9}", text):
        return "avid_9"
    if re.fullmatch(r"[0-9A-F]{10}", text):
        return "hex_10"
    return None


# ----------------------------------------------------------------------------- B.3 registration


@dataclass(frozen=True)
class RegistrationEvidence:
    """What the owner shows the Animal Control Authority (3-2-9.B.3 a-g)."""

    proper_enclosure: bool = False
    signs_front_and_rear_of_all_buildings: bool = False
    sign_on_enclosure: bool = False
    insurance_per_person: Decimal | None = None
    insurance_per_incident: Decimal | None = None
    insurance_prepaid: bool = False
    fee_paid: Decimal | None = None
    microchip_manufacturer: str = ""
    microchip_number: str = ""
    license_current: bool = False
    vaccinations_current: bool = False
    sterilized: bool = False


def _controlling(topic: str, on: dt.date, params: ParameterSet) -> tuple[ParameterValue, Finding]:
    finding = controlling_provision(topic, on, params)
    key = finding.details.get("controlling")
    value = next(p for p in finding.parameters if key is None or p.key == key)
    return value, finding


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


@rule(
    "dangerous_dog.registration_requirements",
    sections=("3-2-9.B.3",),
    title="Certificate of Registration requirements",
    summary=(
        "The certificate issues only when every requirement is shown: proper enclosure, warning "
        "signs, prepaid liability insurance of $500,000 per person and $1,000,000 per incident, "
        "the annual fee, a microchip, a current license and vaccinations, and sterilization."
    ),
    question="dangerous-dog-registration",
)
def registration(
    evidence: RegistrationEvidence, deemed_on: dt.date, on: dt.date, params: ParameterSet
) -> list[Finding]:
    """3-2-9.B.3: "The Animal Control Authority shall issue a Certificate of Registration to the
    Owner of a Dangerous Dog only if the Owner presents sufficient evidence that all of the
    following are met: a. ... g." One finding per requirement, then the certificate's: it blocks
    while anything is missing, and lists what with its section."""
    per_person, person_finding = _controlling("dangerous_dog.insurance.per_person", on, params)
    per_incident = params.get("dangerous_dog.insurance.per_incident", on)
    fee = params.get("fees.dangerous_dog.registration", on)
    sterilize_days = params.get("dangerous_dog.sterilization_days", on)
    sterilization = deadline(params, deemed_on, clock_id="dangerous_dog.sterilization")
    assert sterilization.deadline is not None
    sterilize_by = sterilization.deadline.due
    chip_format = microchip_format(evidence.microchip_number) if evidence.microchip_number else None

    rows: list[tuple[str, str, bool, str, tuple[ParameterValue, ...]]] = []
    rows.append(
        (
            "3-2-9.B.3.a",
            "a Proper Enclosure",
            evidence.proper_enclosure,
            "" if evidence.proper_enclosure else "no proper enclosure shown",
            (),
        )
    )
    signs = evidence.signs_front_and_rear_of_all_buildings and evidence.sign_on_enclosure
    where = [
        text
        for shown, text in (
            (evidence.signs_front_and_rear_of_all_buildings, "the front and rear of all buildings"),
            (evidence.sign_on_enclosure, "the Proper Enclosure"),
        )
        if not shown
    ]
    rows.append(
        (
            "3-2-9.B.3.b",
            "warning signs on the front and rear of all buildings and on the enclosure",
            signs,
            "" if signs else "no warning sign shown on " + " or ".join(where),
            (),
        )
    )
    insurance_problems = []
    if not evidence.insurance_prepaid:
        insurance_problems.append("not shown prepaid in full")
    if evidence.insurance_per_person is None or evidence.insurance_per_person < per_person.value:
        insurance_problems.append(
            f"{_money(evidence.insurance_per_person or Decimal(0))} per person, under "
            f"{per_person.display()}"
        )
    if (
        evidence.insurance_per_incident is None
        or evidence.insurance_per_incident < per_incident.value
    ):
        insurance_problems.append(
            f"{_money(evidence.insurance_per_incident or Decimal(0))} per incident, under "
            f"{per_incident.display()}"
        )
    rows.append(
        (
            "3-2-9.B.3.c",
            f"liability insurance prepaid, at least {per_person.display()} per person and "
            f"{per_incident.display()} per incident",
            not insurance_problems,
            "insurance " + "; ".join(insurance_problems) if insurance_problems else "",
            (per_person, per_incident),
        )
    )
    paid = evidence.fee_paid is not None and evidence.fee_paid >= fee.value
    rows.append(
        (
            "3-2-9.B.3.d",
            f"the annual registration fee of {fee.display()}",
            paid,
            "" if paid else f"fee paid {_money(evidence.fee_paid or Decimal(0))}",
            (fee,),
        )
    )
    chip_problem = ""
    if not evidence.microchip_number.strip():
        chip_problem = "no microchip number"
    elif chip_format is None:
        chip_problem = (
            f"microchip number {evidence.microchip_number!r} is not 15 digits (ISO 11784/11785), "
            f"9 digits (AVID) or 10 hexadecimal characters"
        )
    elif not evidence.microchip_manufacturer.strip():
        chip_problem = "no microchip manufacturer"
    rows.append(
        (
            "3-2-9.B.3.e",
            "an identification microchip (manufacturer and number, Minn. Stat. 347.515)",
            not chip_problem,
            chip_problem,
            (),
        )
    )
    current = evidence.license_current and evidence.vaccinations_current
    rows.append(
        (
            "3-2-9.B.3.f",
            "a current license and all vaccinations including rabies",
            current,
            ""
            if current
            else "; ".join(
                text
                for ok, text in (
                    (evidence.license_current, "license not current"),
                    (evidence.vaccinations_current, "vaccinations not current"),
                )
                if not ok
            ),
            (),
        )
    )
    sterile_problem = ""
    if not evidence.sterilized:
        sterile_problem = (
            f"not sterilized; due by {long_date(sterilize_by)}"
            if on <= sterilize_by
            else f"not sterilized by {long_date(sterilize_by)}: the Authority shall seize the dog "
            f"and have it sterilized at the owner's expense"
        )
    rows.append(
        (
            "3-2-9.B.3.g",
            f"sterilization (within {sterilize_days.display()})",
            evidence.sterilized,
            sterile_problem,
            (sterilize_days,),
        )
    )
    findings = [
        Finding(
            rule="dangerous_dog.registration_requirements",
            outcome="met" if ok else "missing",
            sections=(section,),
            blocks=not ok,
            message=(
                f"Met: {what} ({section})." if ok else f"Missing: {what} ({section}): {problem}."
            ),
            facts={"requirement": section},
            parameters=used,
            details={"problem": problem} if problem else {},
        )
        for section, what, ok, problem, used in rows
    ]
    missing = [f for f in findings if f.blocks]
    summary_facts: dict[str, JSONValue] = {
        "deemed_on": deemed_on,
        "on": on,
        "microchip_format": chip_format,
    }
    if missing:
        summary = Finding(
            rule="dangerous_dog.registration_requirements",
            outcome="certificate_refused",
            sections=("3-2-9.B.3", *(f.sections[0] for f in missing)),
            blocks=True,
            message=(
                f"No Certificate of Registration yet: {len(missing)} requirement(s) of 3-2-9.B.3 "
                f"not shown: " + ", ".join(f.sections[0] for f in missing) + "."
            ),
            facts=summary_facts,
            details={"missing": [f.sections[0] for f in missing]},
        )
    else:
        summary = Finding(
            rule="dangerous_dog.registration_requirements",
            outcome="certificate_may_issue",
            sections=("3-2-9.B.3",),
            message="Every requirement of 3-2-9.B.3 (a-g) is shown: the certificate may issue.",
            facts=summary_facts,
        )
    due = [] if evidence.sterilized else [sterilization]
    return [*findings, person_finding, *due, summary]


# ----------------------------------------------------------------------------- E.2 restraint


@dataclass(frozen=True)
class Restraint:
    in_proper_enclosure: bool
    muzzled: bool = False
    leash_length_feet: Decimal | None = None
    handler_age_years: int | None = None
    under_physical_restraint: bool = False


@rule(
    "dangerous_dog.restraint",
    sections=("3-2-9.E.2",),
    title="Keeping a dangerous dog outside its enclosure",
    summary=(
        "Outside its proper enclosure a dangerous dog must be muzzled, on a substantial chain or "
        "leash of at most 6 ft, under the physical restraint of a person 18 or older."
    ),
    question="dangerous-dog-restraint",
)
def restraint(facts: Restraint, on: dt.date, params: ParameterSet) -> Finding:
    """3-2-9.E.2: "The dog shall, at all times, be kept in such Proper Enclosure unless the dog is,
    at any and all times the dog is outside a Proper Enclosure, muzzled and restrained by a
    substantial chain or leash not to exceed six feet (6 ft.) in length and under the physical
    restraint of a responsible person eighteen (18) years of age or older." Stricter than the state
    (347.52: muzzle, chain or leash, responsible person), so Nowthen's numbers control (3-2-8)."""
    leash = params.get("dangerous_dog.restraint.leash_max_feet", on)
    age = params.get("dangerous_dog.restraint.handler_min_age_years", on)
    known: dict[str, JSONValue] = dict(vars(facts))
    if facts.in_proper_enclosure:
        return Finding(
            rule="dangerous_dog.restraint",
            outcome="in_enclosure",
            sections=("3-2-9.E.2",),
            message="Kept as required: the dog is in its Proper Enclosure (3-2-9.E.2).",
            facts=known,
            parameters=(leash, age),
        )
    problems = []
    if not facts.muzzled:
        problems.append("not muzzled")
    if facts.leash_length_feet is None:
        problems.append("not on a chain or leash")
    elif facts.leash_length_feet > leash.integer:
        problems.append(f"leash {facts.leash_length_feet} ft, longer than {leash.display()}")
    if not facts.under_physical_restraint:
        problems.append("not under a person's physical restraint")
    if facts.handler_age_years is None:
        problems.append("the handler's age is not known")
    elif facts.handler_age_years < age.integer:
        problems.append(f"handler {facts.handler_age_years}, younger than {age.display()}")
    if problems:
        return Finding(
            rule="dangerous_dog.restraint",
            outcome="violation",
            sections=("3-2-9.E.2",),
            blocks=True,
            message="Violation of 3-2-9.E.2 outside the Proper Enclosure: "
            + "; ".join(problems)
            + ". Grounds for seizure (Minn. Stat. 347.54) and revocation (3-2-9.B.6).",
            facts=known,
            parameters=(leash, age),
        )
    return Finding(
        rule="dangerous_dog.restraint",
        outcome="restrained",
        sections=("3-2-9.E.2",),
        message=(
            f"Restrained as required outside the Proper Enclosure: muzzled, on a leash of "
            f"{facts.leash_length_feet} ft (at most {leash.display()}), held by a person of "
            f"{facts.handler_age_years} (at least {age.display()}) (3-2-9.E.2)."
        ),
        facts=known,
        parameters=(leash, age),
    )


# ----------------------------------------------------------------------------- A.7, E.7


@rule(
    "dangerous_dog.review_eligibility",
    sections=("3-2-9.A.7", "3-2-8"),
    title="When the owner may ask for a review of the designation",
    summary=(
        "Beginning one year after the designation, and then once a year, the owner may ask in "
        "writing for a review; Nowthen's year controls over the state's six months (3-2-8)."
    ),
    question="dangerous-dog-review",
)
def review_eligibility(
    declared_on: dt.date,
    on: dt.date,
    params: ParameterSet,
    *,
    last_review_requested_on: dt.date | None = None,
) -> list[Finding]:
    """3-2-9.A.7: "Beginning one (1) year after a dog is declared a Dangerous Dog; an Owner may
    request annually in writing that the Animal Control Authority or the Hearing Officer review the
    designation." The owner bears the burden by clear and convincing evidence and pays the costs."""
    if on < declared_on:
        raise ValueError(f"the day asked about, {on}, is before the declaration, {declared_on}")
    after, control = _controlling("dangerous_dog.review_after_months", on, params)
    interval = params.get("dangerous_dog.review_interval_months", on)
    first = add_months(declared_on, after.integer)
    next_allowed = first
    if last_review_requested_on is not None:
        if last_review_requested_on < first:
            raise ValueError(
                f"a review requested on {last_review_requested_on} is before the first day one "
                f"could be, {first}"
            )
        next_allowed = max(first, add_months(last_review_requested_on, interval.integer))
    facts: dict[str, JSONValue] = {
        "declared_on": declared_on,
        "on": on,
        "last_review_requested_on": last_review_requested_on,
    }
    eligible = on >= next_allowed
    since = (
        f"the last request on {long_date(last_review_requested_on)}"
        if last_review_requested_on
        else f"the designation on {long_date(declared_on)}"
    )
    message = (
        f"A review may be requested now: {long_date(next_allowed)} has come, "
        if eligible
        else f"No review yet: the owner may request one from {long_date(next_allowed)}, "
    ) + (
        f"{after.display() if last_review_requested_on is None else interval.display()} after "
        f"{since} (3-2-9.A.7). At a review the owner bears the burden, by clear and convincing "
        f"evidence, and pays the actual costs."
    )
    return [
        Finding(
            rule="dangerous_dog.review_eligibility",
            outcome="eligible" if eligible else "not_yet",
            sections=("3-2-9.A.7",),
            blocks=not eligible,
            message=message,
            facts=facts,
            parameters=(after, interval),
            next_date=next_allowed,
        ),
        control,
    ]


@rule(
    "dangerous_dog.relax_conditions",
    sections=("3-2-9.E.7",),
    title="Relaxing the conditions after two years",
    summary=(
        "After two years without ordinance violations, the Authority or Hearing Officer may use "
        "discretion whether the conditions are still required."
    ),
    question="dangerous-dog-review",
)
def relax_conditions(
    designated_on: dt.date,
    on: dt.date,
    params: ParameterSet,
    *,
    last_violation_on: dt.date | None = None,
) -> Finding:
    """3-2-9.E.7: "If, in reviewing the conditions for keeping a Dangerous Dog there have been no
    ordinance violations for a period of two (2) years, the Animal Control Authority or Hearing
    Officer may use discretion in determining whether the conditions set forth above are still
    required." The two years run from the later of the designation and the last violation."""
    years = params.get("dangerous_dog.conditions_review_after_years", on)
    since = max(designated_on, last_violation_on or designated_on)
    from_day = add_months(since, 12 * years.integer)
    facts: dict[str, JSONValue] = {
        "designated_on": designated_on,
        "last_violation_on": last_violation_on,
        "on": on,
    }
    what = (
        f"the last violation on {long_date(since)}"
        if last_violation_on and last_violation_on >= designated_on
        else f"the designation on {long_date(since)}"
    )
    if on >= from_day:
        return Finding(
            rule="dangerous_dog.relax_conditions",
            outcome="discretion_available",
            sections=("3-2-9.E.7",),
            message=(
                f"No ordinance violation for {years.display()} since {what}: the Authority or "
                f"Hearing Officer may decide whether the conditions are still required "
                f"(3-2-9.E.7)."
            ),
            facts=facts,
            parameters=(years,),
            next_date=from_day,
        )
    return Finding(
        rule="dangerous_dog.relax_conditions",
        outcome="not_yet",
        sections=("3-2-9.E.7",),
        blocks=True,
        message=(
            f"The conditions stand: {years.display()} without violations since {what} end on "
            f"{long_date(from_day)} (3-2-9.E.7)."
        ),
        facts=facts,
        parameters=(years,),
        next_date=from_day,
    )


# ----------------------------------------------------------------------------- A.2.b pending


@rule(
    "dangerous_dog.pending_hearing",
    sections=("3-2-9.A.2.b", "3-2-9.A.1.d"),
    title="Keeping the dog pending the hearing",
    summary=(
        "Pending the hearing the dog may be seized unless the owner shows it is licensed, "
        "vaccinated against rabies, kept only in a Proper Enclosure or leashed and muzzled, and "
        "presents no unreasonable risk of harm."
    ),
    question="dangerous-dog-pending-hearing",
)
def pending_hearing(
    *,
    dog_name: str,
    seized: bool,
    kept_at: str = "",
    license_number: str | None = None,
    rabies_expires_on: dt.date | None = None,
    enclosure_or_leash_and_muzzle: bool = False,
    no_unreasonable_risk: str = "",
) -> Finding:
    """3-2-9.A.2.b: "Pending the Hearing, the dog may be seized and kept at animal control unless
    the Owner shows proof that the dog is properly licensed, if required; has met the requirement
    for rabies vaccinations; keeps the dog only in a Proper Enclosure unless restrained on a leash
    with a muzzle; and otherwise demonstrates to the Animal Control Authority that the dog, under
    its present circumstances, does not present an unreasonable risk of harm to persons or other
    domestic animals." The finding blocks (the proof is not shown) when something is missing and
    the dog was not seized."""
    facts: dict[str, JSONValue] = {
        "license": license_number,
        "rabies_expires_on": rabies_expires_on,
        "enclosure_or_leash_and_muzzle": enclosure_or_leash_and_muzzle,
        "seized": seized,
    }
    sections = ("3-2-9.A.2.b", "3-2-9.A.1.d")
    if seized:
        return Finding(
            rule="dangerous_dog.pending_hearing",
            outcome="seized",
            sections=sections,
            message=(
                f"{dog_name} seized pending the hearing and kept at {kept_at.strip()} "
                f"(3-2-9.A.2.b)."
            ),
            facts=facts,
        )
    missing = []
    if license_number is None:
        missing.append("no dog license in force (3-2-2.A)")
    if rabies_expires_on is None:
        missing.append("no current rabies vaccination (3-2-2.G)")
    if not enclosure_or_leash_and_muzzle:
        missing.append("not kept only in a Proper Enclosure or leashed and muzzled")
    if not no_unreasonable_risk.strip():
        missing.append("nothing shown that the dog presents no unreasonable risk of harm")
    if missing:
        return Finding(
            rule="dangerous_dog.pending_hearing",
            outcome="proof_not_shown",
            sections=sections,
            blocks=True,
            message=(
                "The owner has not shown the proof of 3-2-9.A.2.b: "
                + "; ".join(missing)
                + ". Pending the hearing the dog may be seized and kept at animal control."
            ),
            facts=facts,
            details={"missing": missing},
        )
    assert rabies_expires_on is not None
    return Finding(
        rule="dangerous_dog.pending_hearing",
        outcome="proof_shown",
        sections=sections,
        message=(
            f"Proof shown pending the hearing (3-2-9.A.2.b): license {license_number} in force, "
            f"rabies vaccination current until {day_label(rabies_expires_on)}, kept in a Proper "
            f"Enclosure or leashed and muzzled; no unreasonable risk: "
            f"{no_unreasonable_risk.strip()}"
        ),
        facts=facts,
    )


# ----------------------------------------------------------------------------- E.6 inspection


@rule(
    "dangerous_dog.inspection",
    sections=("3-2-9.E.6",),
    title="Inspection of a dangerous dog's premises",
    summary=(
        "The owner must let the Authority inspect at reasonable hours without a warrant; a "
        "refusal is by itself a ground to seize the dog and revoke the registration."
    ),
    question="dangerous-dog-inspection",
)
def inspection(*, permitted: bool, compliant: bool | None) -> Finding:
    """3-2-9.E.6: "The failure of an Owner to permit such inspection is, by itself, a ground to
    immediately seize the dog pursuant to Section 3-2-12 of this Section and revoke the Dangerous
    Dog registration pursuant to Section 3-2-9.B.6 of this Section." """
    if permitted and compliant is None:
        raise ValueError("say whether the dog was kept in compliance (3-2-9.E)")
    facts: dict[str, JSONValue] = {"permitted": permitted, "compliant": compliant}
    if not permitted:
        return Finding(
            rule="dangerous_dog.inspection",
            outcome="refused",
            sections=("3-2-9.E.6", "3-2-9.B.6"),
            blocks=True,
            message=(
                "Inspection refused (3-2-9.E.6): by itself a ground to seize the dog immediately "
                "(3-2-12) and to revoke the Dangerous Dog registration (3-2-9.B.6)."
            ),
            facts=facts,
        )
    return Finding(
        rule="dangerous_dog.inspection",
        outcome="compliant" if compliant else "not_compliant",
        sections=("3-2-9.E.6",),
        blocks=not compliant,
        message="Inspection permitted (3-2-9.E.6): "
        + ("the dog was kept in compliance." if compliant else "not kept in compliance."),
        facts=facts,
    )


# ----------------------------------------------------------------------------- C, D notices

OWNER_NOTICES = {
    "death": "death of the dog (3-2-9.C)",
    "relocation": "relocation out of the City (3-2-9.C)",
    "transfer": "sale or transfer (3-2-9.D)",
}


@rule(
    "dangerous_dog.owner_notice",
    sections=("3-2-9.C", "3-2-9.D"),
    title="The owner's notice of death, relocation or transfer",
    summary=(
        "Written notice within 30 days of the dog's death or its relocation or transfer out of "
        "the City; a seller tells the buyer beforehand and gives the Authority the new owner's "
        "name, address and telephone number."
    ),
    question="dangerous-dog-owner-notice",
)
def owner_notice(
    kind: str,
    occurred_on: dt.date,
    received_on: dt.date,
    params: ParameterSet,
    *,
    out_of_city: bool = False,
    transferee_told: bool | None = None,
) -> list[Finding]:
    """3-2-9.C: "An Owner of a Dangerous Dog shall notify the Animal Control Authority, in writing,
    of the death of the dog, or if the dog relocates or transfers out of the City ... within thirty
    (30) days of the death or relocation." 3-2-9.D: "A person who sells or otherwise transfers
    ownership or control of a Dangerous Dog must notify any potential purchaser or transferee,
    prior to the consummation of the transaction, that the dog was previously designated as
    Dangerous." A late notice is recorded and marked late (the finding blocks)."""
    if kind not in OWNER_NOTICES:
        raise ValueError(f"{kind!r} is not a notice of 3-2-9.C or D")
    if occurred_on > received_on:
        raise ValueError("the notice cannot be received before what it reports happened")
    findings: list[Finding] = []
    notes = []
    late = False
    if kind in ("death", "relocation") or out_of_city:
        clock = deadline(params, occurred_on, clock_id="dangerous_dog.death_or_relocation")
        assert clock.deadline is not None
        findings.append(clock)
        late = received_on > clock.deadline.due
        if late:
            notes.append(
                f"Received late: the notice was due by {day_label(clock.deadline.due)} (3-2-9.C)."
            )
    if kind == "transfer" and not transferee_told:
        notes.append(
            "The buyer was not told beforehand that the dog was designated Dangerous: a "
            "violation of 3-2-9.D."
        )
    label = OWNER_NOTICES[kind].split(" (")[0]
    findings.insert(
        0,
        Finding(
            rule="dangerous_dog.owner_notice",
            outcome=kind,
            sections=("3-2-9.D",) if kind == "transfer" else ("3-2-9.C",),
            message=f"Written notice of the {label} received {day_label(received_on)}. "
            + " ".join(notes),
            blocks=bool(notes),
            facts={"occurred_on": occurred_on, "received_on": received_on, "late": late},
        ),
    )
    return findings


# ----------------------------------------------------------------------------- E.3 rental

RENTAL_OCCASIONS = {
    "lease": "before entering the lease agreement, or before the dog begins to reside there",
    "renewal": "at the time of the lease renewal",
}


@rule(
    "dangerous_dog.rental_disclosure",
    sections=("3-2-9.E.3",),
    title="Disclosure to the property owner by an owner who rents",
    summary=(
        "An owner who rents the property where a dangerous dog will reside tells the property "
        "owner before the dog begins to reside there or before entering the lease, and again at "
        "each lease renewal."
    ),
    question="dangerous-dog-rental-disclosure",
)
def rental_disclosure(
    occasion: str,
    disclosed_on: dt.date,
    lease_date: dt.date,
    *,
    began_residing_on: dt.date | None = None,
) -> Finding:
    """3-2-9.E.3: "A person who owns a Dangerous Dog and who rents property from another where the
    dog will reside shall disclose to the property owner prior to when the dog begins to reside on
    the property, or prior to entering the lease agreement, and at the time of any lease renewal,
    that the person owns a Dangerous Dog that will reside at the property." ``lease_date`` is the
    day the lease was entered into (``occasion`` "lease") or renewed ("renewal"). Dates carry no
    hour: a disclosure on the day of the lease or renewal, or on the day the dog began to reside,
    is read as made before it. A late disclosure is a violation (the finding blocks)."""
    if occasion not in RENTAL_OCCASIONS:
        raise ValueError(f"{occasion!r} is not an occasion of 3-2-9.E.3: lease or renewal")
    facts: dict[str, JSONValue] = {
        "occasion": occasion,
        "disclosed_on": disclosed_on,
        "lease_date": lease_date,
        "began_residing_on": began_residing_on,
    }
    if occasion == "renewal":
        in_time = disclosed_on <= lease_date
        when = f"at the lease renewal of {long_date(lease_date)}"
    else:
        by_lease = disclosed_on <= lease_date
        by_residence = began_residing_on is not None and disclosed_on <= began_residing_on
        in_time = by_lease or by_residence
        when = f"before entering the lease of {long_date(lease_date)}" + (
            f" or before the dog began to reside there on {long_date(began_residing_on)}"
            if began_residing_on is not None
            else ""
        )
    if in_time:
        message = (
            f"Disclosed in time on {long_date(disclosed_on)}: the owner told the property owner "
            f"{when} that a Dangerous Dog will reside at the property (3-2-9.E.3)."
        )
    else:
        message = (
            f"Disclosed late on {long_date(disclosed_on)}: the owner had to tell the property "
            f"owner {when} that a Dangerous Dog will reside at the property. A violation of "
            f"3-2-9.E.3."
        )
    return Finding(
        rule="dangerous_dog.rental_disclosure",
        outcome="in_time" if in_time else "late",
        sections=("3-2-9.E.3",),
        blocks=not in_time,
        message=message,
        facts=facts,
    )


# ----------------------------------------------------------------------------- E.7 conditions

#: The conditions "set forth above" in 3-2-9.E that a review under E.7 may relax.
CONDITIONS = {
    "proper_enclosure": (
        "3-2-9.E.2",
        "kept in a Proper Enclosure while on the Owner's property",
    ),
    "muzzle_and_leash": (
        "3-2-9.E.2",
        "outside the Proper Enclosure, muzzled and restrained by a substantial chain or leash of "
        "at most six feet under the physical restraint of a responsible person 18 or older",
    ),
    "rental_disclosure": (
        "3-2-9.E.3",
        "disclosure to the property owner by an owner who rents",
    ),
    "warning_symbol": ("3-2-9.E.4", "the warning symbol posted on the Owner's property"),
    "tag": ("3-2-9.E.5", "the dangerous-dog tag affixed to the collar at all times"),
    "inspection": (
        "3-2-9.E.6",
        "entry to inspect the premises at all reasonable hours without a warrant",
    ),
}


# ----------------------------------------------------------------------------- B.3.g seizure


@rule(
    "dangerous_dog.sterilization_seizure",
    sections=("3-2-9.B.3.g",),
    title="Seizure of a dangerous dog not sterilized within thirty days",
    summary=(
        "The dog must be sterilized; if not done within thirty days after it is deemed "
        "dangerous, the Authority seizes it and has it sterilized at the owner's expense."
    ),
    question="dangerous-dog-sterilization-seizure",
)
def sterilization_seizure(
    deemed_on: dt.date, on: dt.date, params: ParameterSet, *, sterilized: bool
) -> list[Finding]:
    """3-2-9.B.3.g: "The dog must be sterilized. If not done within thirty (30) days, Animal
    Control Authority shall seize the dog and have it sterilized at the owner's expense." The
    thirty days are the clock ``dangerous_dog.sterilization`` from the day the dog was deemed
    dangerous. The finding blocks (no seizure) while the thirty days run or once the dog is
    sterilized."""
    if on < deemed_on:
        raise ValueError(f"the day asked about, {on}, is before the dog was deemed, {deemed_on}")
    clock = deadline(params, deemed_on, clock_id="dangerous_dog.sterilization")
    assert clock.deadline is not None
    due = clock.deadline.due
    facts: dict[str, JSONValue] = {"deemed_on": deemed_on, "on": on, "sterilized": sterilized}
    if sterilized:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="sterilized",
            sections=("3-2-9.B.3.g",),
            blocks=True,
            message="The dog is sterilized: there is no seizure for sterilization (3-2-9.B.3.g).",
            facts=facts,
        )
    elif on <= due:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="not_yet",
            sections=("3-2-9.B.3.g",),
            blocks=True,
            message=(
                f"Not yet: the owner has through {day_label(due)} to have the dog sterilized; "
                f"the Authority seizes it only if that is not done within the thirty days "
                f"(3-2-9.B.3.g). {clock.message}"
            ),
            facts=facts,
            next_date=due + dt.timedelta(days=1),
        )
    else:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="seize",
            sections=("3-2-9.B.3.g",),
            message=(
                f"Not sterilized within the thirty days, which ended {day_label(due)}: the "
                f"Animal Control Authority shall seize the dog and have it sterilized at the "
                f"owner's expense (3-2-9.B.3.g)."
            ),
            facts=facts,
        )
    return [finding, clock]


# ----------------------------------------------------------------------------- B.4 release


@rule(
    "dangerous_dog.release",
    sections=("3-2-9.B.4", "3-2-9.A.5"),
    title="Release of an impounded dangerous dog",
    summary=(
        "An impounded dangerous dog is released only when the owner shows every registration "
        "requirement met and the costs of seizure and boarding are paid (or a payment "
        "arrangement is made); the owner has at most thirty days to comply."
    ),
    question="dangerous-dog-release",
)
def release(
    impounded_on: dt.date,
    on: dt.date,
    params: ParameterSet,
    *,
    registration_findings: list[Finding],
    balance: Decimal,
    payment_arrangement: str = "",
) -> list[Finding]:
    """3-2-9.B.4: "the dog shall not be released until the Owner demonstrates to the Animal
    Control Authority that all applicable requirements of this Section, including all
    registration requirements ... have been complied with. The Owner shall have a maximum of
    thirty (30) days to comply with all requirements. The Owner must pay the City for all costs
    incurred in the seizure and boarding of the dog prior to its return." A.5: the costs "must be
    paid in full, or a mutually satisfactory arrangement for payment must be made". The
    ``registration_findings`` are ``registration``'s on the day of release. Compliance after the
    thirty days is stated in the finding; what follows from it (3-2-12, 3-2-13) is not decided
    here."""
    if on < impounded_on:
        raise ValueError(f"the release, {on}, is before the impoundment, {impounded_on}")
    clock = deadline(params, impounded_on, clock_id="dangerous_dog.release_compliance")
    assert clock.deadline is not None
    due = clock.deadline.due
    missing: list[str] = [
        f.message.removesuffix(".")
        for f in registration_findings
        if f.blocks and f.rule == "dangerous_dog.registration_requirements" and len(f.sections) == 1
    ]
    arrangement = payment_arrangement.strip()
    if balance > 0 and not arrangement:
        missing.append(
            f"Missing: payment of the costs of seizure and boarding (3-2-9.B.4, A.5): "
            f"{_money(balance)} unpaid, and no mutually satisfactory arrangement for payment is "
            f"recorded"
        )
    facts: dict[str, JSONValue] = {
        "impounded_on": impounded_on,
        "on": on,
        "balance": balance,
        "payment_arrangement": arrangement,
    }
    late = on > due
    timing = (
        f" The thirty days to comply ended {day_label(due)} (3-2-9.B.4)."
        if late
        else f" The owner has through {day_label(due)} to comply (3-2-9.B.4)."
    )
    if missing:
        finding = Finding(
            rule="dangerous_dog.release",
            outcome="not_released",
            sections=("3-2-9.B.4", "3-2-9.A.5"),
            blocks=True,
            message="The dog may not be released yet: " + "; ".join(missing) + "." + timing,
            facts=facts,
            details={"missing": missing},
        )
    else:
        costs = (
            "the costs are paid in full"
            if balance <= 0
            else f"costs of {_money(balance)} under the arrangement: {arrangement}"
        )
        finding = Finding(
            rule="dangerous_dog.release",
            outcome="release_late" if late else "release",
            sections=("3-2-9.B.4", "3-2-9.A.5"),
            message=(
                "The dog may be released: every registration requirement of 3-2-9.B.3 is shown "
                f"and {costs} (3-2-9.B.4, A.5)." + timing
            ),
            facts=facts,
        )
    return [finding, clock]


# ----------------------------------------------------------------------------- E.4 charge


@rule(
    "dangerous_dog.warning_symbol_charge",
    sections=("3-2-9.E.4",),
    title="The charge for the warning symbols",
    summary=(
        "The City provides warning symbols with the certificate and charges a reasonable fee "
        "for its costs and the symbols, as the council sets it by resolution; none is charged "
        "while the council has set none."
    ),
    question="dangerous-dog-warning-symbols",
)
def warning_symbol_charge(symbols: int, on: dt.date, params: ParameterSet) -> Finding:
    """3-2-9.E.4: "the City must provide, for posting on the Owner's property, an adequate number
    of a warning symbol ... The City will charge the Owner a reasonable fee to cover its
    administrative costs and the cost of the warning symbol." The fee is a 1-2-2 fee: until the
    council sets it, nothing is charged and the finding says why."""
    if symbols < 1:
        raise ValueError("the City provides at least one warning symbol (3-2-9.E.4)")
    facts: dict[str, JSONValue] = {"symbols": symbols, "on": on}
    try:
        fee = params.get("fees.dangerous_dog.warning_symbol", on)
    except ParameterNotSet as exc:
        return Finding(
            rule="dangerous_dog.warning_symbol_charge",
            outcome="no_fee_set",
            sections=("3-2-9.E.4",),
            message=(
                f"{symbols} warning symbol(s) provided (3-2-9.E.4); no charge: the fee awaits "
                f"{exc.awaiting}."
            ),
            facts=facts,
            details={"amount": "0.00"},
        )
    except ParameterNotInForce as exc:
        return Finding(
            rule="dangerous_dog.warning_symbol_charge",
            outcome="no_fee_set",
            sections=("3-2-9.E.4",),
            message=(
                f"{symbols} warning symbol(s) provided (3-2-9.E.4); no charge: the council's fee "
                f"takes effect {long_date(exc.first)}."
            ),
            facts=facts,
            details={"amount": "0.00"},
        )
    amount = fee.value * symbols
    return Finding(
        rule="dangerous_dog.warning_symbol_charge",
        outcome="charged",
        sections=("3-2-9.E.4",),
        message=(
            f"{symbols} warning symbol(s) provided (3-2-9.E.4) at {fee.display()} each: "
            f"{_money(amount)} ({fee.source.cite()})."
        ),
        facts=facts,
        parameters=(fee,),
        details={"amount": amount, "each": fee.value},
    )
