"""Registration of a dangerous dog: the microchip (Minn. Stat. 347.515), the Certificate of
Registration, seizure of an unsterilized dog and release from impound. Each provision is named by a
concept (``dangerous_dog.registration_requirements.insurance``) and cited as the jurisdiction
package says (``law.provisions``); the quotations are Nowthen's words.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal

from dogtag.law.clocks import deadline
from dogtag.law.computation_of_time import day_label, long_date
from dogtag.law.dangerous_dog_steps import days_in_words
from dogtag.law.dangerous_dogs.shared import controlling_value, money
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.params import ParameterSet, ParameterValue
from dogtag.law.provisions import cite, cite_each, together
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "The Animal Control Authority shall issue a Certificate of Registration to the Owner of a
#: Dangerous Dog only if the Owner presents sufficient evidence that all of the following are met"
REQUIREMENTS = "dangerous_dog.registration_requirements"
#: "The Owner provides and maintains a Proper Enclosure for the Dangerous Dog"
ENCLOSURE = "dangerous_dog.registration_requirements.proper_enclosure"
#: "The Owner posts clearly visible warning signs ... on the front and the rear of all buildings
#: on the property and upon the Proper Enclosure"
WARNING_SIGNS = "dangerous_dog.registration_requirements.warning_signs"
#: "The Owner provides, and annually shows proof of, public liability insurance pre-paid in full"
INSURANCE = "dangerous_dog.registration_requirements.insurance"
#: "The Owner pays the annual registration fee"
FEE = "dangerous_dog.registration_requirements.fee"
#: "An identification microchip was implanted in the dog"
MICROCHIP = "dangerous_dog.registration_requirements.microchip"
#: "The dog must have a lifetime license, if required, and must be up to date on all vaccinations
#: including rabies"
LICENSE_AND_VACCINATIONS = "dangerous_dog.registration_requirements.license_and_vaccinations"
#: "The dog must be sterilized. If not done within thirty (30) days, Animal Control Authority shall
#: seize the dog and have it sterilized at the owner's expense."
STERILIZATION = "dangerous_dog.registration_requirements.sterilization"
#: "the dog shall not be released until the Owner demonstrates ... that all applicable
#: requirements ... have been complied with"
RELEASE = "dangerous_dog.release"
#: "The Owner or person claiming an interest in the dog is liable for all actual costs of care,
#: keeping, and disposal of the dog"
COSTS = "dangerous_dog.costs"

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


# ----------------------------------------------------------------------------- registration


@dataclass(frozen=True)
class RegistrationEvidence:
    """What the owner shows the Animal Control Authority for a Certificate of Registration."""

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


@rule(
    "dangerous_dog.registration_requirements",
    provisions=(REQUIREMENTS,),
    title="Certificate of Registration requirements",
    summary=(
        "The certificate issues only when every requirement is shown: proper enclosure, warning "
        "signs, prepaid liability insurance of {dangerous_dog.insurance.per_person:money} per "
        "person and {dangerous_dog.insurance.per_incident:money} per incident, the annual fee, "
        "a microchip, a current license and vaccinations, and sterilization."
    ),
    question="dangerous-dog-registration",
)
def registration(
    evidence: RegistrationEvidence, deemed_on: dt.date, on: dt.date, params: ParameterSet
) -> list[Finding]:
    """The registration requirements: "The Animal Control Authority shall issue a Certificate of
    Registration to the Owner of a Dangerous Dog only if the Owner presents sufficient evidence
    that all of the following are met: a. ... g." One finding per requirement, then the
    certificate's: it blocks while anything is missing, and lists what with its section."""
    per_person, person_finding = controlling_value("dangerous_dog.insurance.per_person", on, params)
    per_incident = params.get("dangerous_dog.insurance.per_incident", on)
    fee = params.get("fees.dangerous_dog.registration", on)
    sterilize_days = params.get("dangerous_dog.sterilization_days", on)
    sterilization = deadline(params, deemed_on, clock_id="dangerous_dog.sterilization")
    assert sterilization.deadline is not None
    sterilize_by = sterilization.deadline.due
    chip_format = microchip_format(evidence.microchip_number) if evidence.microchip_number else None
    requirements = cite(REQUIREMENTS, params)

    rows: list[tuple[str, str, bool, str, tuple[ParameterValue, ...]]] = []
    rows.append(
        (
            cite(ENCLOSURE, params),
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
            cite(WARNING_SIGNS, params),
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
            f"{money(evidence.insurance_per_person or Decimal(0))} per person, under "
            f"{per_person.display()}"
        )
    if (
        evidence.insurance_per_incident is None
        or evidence.insurance_per_incident < per_incident.value
    ):
        insurance_problems.append(
            f"{money(evidence.insurance_per_incident or Decimal(0))} per incident, under "
            f"{per_incident.display()}"
        )
    rows.append(
        (
            cite(INSURANCE, params),
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
            cite(FEE, params),
            f"the annual registration fee of {fee.display()}",
            paid,
            "" if paid else f"fee paid {money(evidence.fee_paid or Decimal(0))}",
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
            cite(MICROCHIP, params),
            "an identification microchip (manufacturer and number, Minn. Stat. 347.515)",
            not chip_problem,
            chip_problem,
            (),
        )
    )
    current = evidence.license_current and evidence.vaccinations_current
    rows.append(
        (
            cite(LICENSE_AND_VACCINATIONS, params),
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
            cite(STERILIZATION, params),
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
            sections=(requirements, *(f.sections[0] for f in missing)),
            blocks=True,
            message=(
                f"No Certificate of Registration yet: {len(missing)} requirement(s) of "
                f"{requirements} "
                f"not shown: " + ", ".join(f.sections[0] for f in missing) + "."
            ),
            facts=summary_facts,
            details={"missing": [f.sections[0] for f in missing]},
        )
    else:
        summary = Finding(
            rule="dangerous_dog.registration_requirements",
            outcome="certificate_may_issue",
            sections=(requirements,),
            message=f"Every requirement of {requirements} (a-g) is shown: the certificate may issue.",
            facts=summary_facts,
        )
    due = [] if evidence.sterilized else [sterilization]
    return [*findings, person_finding, *due, summary]


# ----------------------------------------------------------------------------- sterilization


@rule(
    "dangerous_dog.sterilization_seizure",
    provisions=(STERILIZATION,),
    title="Seizure of a dangerous dog not sterilized within "
    "{dangerous_dog.sterilization_days:words_unit}",
    summary=(
        "The dog must be sterilized; if not done within "
        "{dangerous_dog.sterilization_days:words_unit} after it is deemed dangerous, the "
        "Authority seizes it and has it sterilized at the owner's expense."
    ),
    question="dangerous-dog-sterilization-seizure",
)
def sterilization_seizure(
    deemed_on: dt.date, on: dt.date, params: ParameterSet, *, sterilized: bool
) -> list[Finding]:
    """The sterilization: "The dog must be sterilized. If not done within thirty (30) days, Animal
    Control Authority shall seize the dog and have it sterilized at the owner's expense." The
    thirty days are the clock ``dangerous_dog.sterilization`` from the day the dog was deemed
    dangerous. The finding blocks (no seizure) while the thirty days run or once the dog is
    sterilized."""
    if on < deemed_on:
        raise ValueError(f"the day asked about, {on}, is before the dog was deemed, {deemed_on}")
    clock = deadline(params, deemed_on, clock_id="dangerous_dog.sterilization")
    assert clock.deadline is not None
    due = clock.deadline.due
    section = cite(STERILIZATION, params)
    facts: dict[str, JSONValue] = {"deemed_on": deemed_on, "on": on, "sterilized": sterilized}
    if sterilized:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="sterilized",
            sections=(section,),
            blocks=True,
            message=f"The dog is sterilized: there is no seizure for sterilization ({section}).",
            facts=facts,
        )
    elif on <= due:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="not_yet",
            sections=(section,),
            blocks=True,
            message=(
                f"Not yet: the owner has through {day_label(due)} to have the dog sterilized; "
                f"the Authority seizes it only if that is not done within the "
                f"{days_in_words(clock)} ({section}). {clock.message}"
            ),
            facts=facts,
            next_date=due + dt.timedelta(days=1),
        )
    else:
        finding = Finding(
            rule="dangerous_dog.sterilization_seizure",
            outcome="seize",
            sections=(section,),
            message=(
                f"Not sterilized within the {days_in_words(clock)}, which ended {day_label(due)}: "
                f"the "
                f"Animal Control Authority shall seize the dog and have it sterilized at the "
                f"owner's expense ({section})."
            ),
            facts=facts,
        )
    return [finding, clock]


# ----------------------------------------------------------------------------- release


@rule(
    "dangerous_dog.release",
    provisions=(RELEASE, COSTS),
    title="Release of an impounded dangerous dog",
    summary=(
        "An impounded dangerous dog is released only when the owner shows every registration "
        "requirement met and the costs of seizure and boarding are paid (or a payment "
        "arrangement is made); the owner has at most "
        "{dangerous_dog.release_compliance_days:words_unit} to comply."
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
    """The release: "the dog shall not be released until the Owner demonstrates to the Animal
    Control Authority that all applicable requirements of this Section, including all
    registration requirements ... have been complied with. The Owner shall have a maximum of
    thirty (30) days to comply with all requirements. The Owner must pay the City for all costs
    incurred in the seizure and boarding of the dog prior to its return." The costs: they "must be
    paid in full, or a mutually satisfactory arrangement for payment must be made". The
    ``registration_findings`` are ``registration``'s on the day of release. Compliance after the
    thirty days is stated in the finding; what follows from it (the seizure and disposition of
    dogs) is not decided here."""
    if on < impounded_on:
        raise ValueError(f"the release, {on}, is before the impoundment, {impounded_on}")
    clock = deadline(params, impounded_on, clock_id="dangerous_dog.release_compliance")
    assert clock.deadline is not None
    due = clock.deadline.due
    release_section = cite(RELEASE, params)
    sections = cite_each(RELEASE, COSTS, params=params)
    missing: list[str] = [
        f.message.removesuffix(".")
        for f in registration_findings
        if f.blocks and f.rule == "dangerous_dog.registration_requirements" and len(f.sections) == 1
    ]
    arrangement = payment_arrangement.strip()
    if balance > 0 and not arrangement:
        missing.append(
            f"Missing: payment of the costs of seizure and boarding ({together(sections)}): "
            f"{money(balance)} unpaid, and no mutually satisfactory arrangement for payment is "
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
        f" The {days_in_words(clock)} to comply ended {day_label(due)} ({release_section})."
        if late
        else f" The owner has through {day_label(due)} to comply ({release_section})."
    )
    if missing:
        finding = Finding(
            rule="dangerous_dog.release",
            outcome="not_released",
            sections=sections,
            blocks=True,
            message="The dog may not be released yet: " + "; ".join(missing) + "." + timing,
            facts=facts,
            details={"missing": missing},
        )
    else:
        costs = (
            "the costs are paid in full"
            if balance <= 0
            else f"costs of {money(balance)} under the arrangement: {arrangement}"
        )
        finding = Finding(
            rule="dangerous_dog.release",
            outcome="release_late" if late else "release",
            sections=sections,
            message=(
                "The dog may be released: every registration requirement of "
                f"{cite(REQUIREMENTS, params)} is shown and {costs} ({together(sections)})."
                + timing
            ),
            facts=facts,
        )
    return [finding, clock]


# ----------------------------------------------------------------------------- question facts


@facts
class RegistrationEvidenceFacts:
    """What an owner shows for a Certificate of Registration, as facts.

    Each yes/no is required: left out, it would refuse the certificate by default. The facts of both
    the registration and the release questions.
    """

    # The labels keep Nowthen's letters (B.3.a): its answers quote them in their problems, which
    # stay as they were; the questions are refused in a city whose package maps none of these.

    proper_enclosure: bool = fact("A Proper Enclosure is provided (B.3.a)")
    signs_front_and_rear_of_all_buildings: bool = fact(
        "Warning signs on the front and rear of all buildings (B.3.b)"
    )
    sign_on_enclosure: bool = fact("A warning sign on the Proper Enclosure (B.3.b)")
    insurance_prepaid: bool = fact("The liability insurance is prepaid in full (B.3.c)")
    license_current: bool = fact("The dog's license is current (B.3.f)")
    vaccinations_current: bool = fact("All vaccinations incl. rabies are current (B.3.f)")
    sterilized: bool = fact("The dog is sterilized (B.3.g)")
    insurance_per_person: Decimal | None = fact(
        "Liability insurance per person under B.3.c", default=None, unit="USD", example="500000"
    )
    insurance_per_incident: Decimal | None = fact(
        "Liability insurance per incident under B.3.c", default=None, unit="USD", example="1000000"
    )
    fee_paid: Decimal | None = fact(
        "The registration fee paid under B.3.d", default=None, unit="USD", example="500.00"
    )
    microchip_manufacturer: str = fact("Microchip maker (B.3.e)", default="")
    microchip_number: str = fact(
        "Microchip number: 15 digits (ISO), 9 digits (AVID) or 10 hex (B.3.e)", default=""
    )

    def evidence(self) -> RegistrationEvidence:
        names = RegistrationEvidence.__dataclass_fields__
        return RegistrationEvidence(**{name: getattr(self, name) for name in names})


@facts
class _Deemed:
    # The days come first in the schema and in the problems: dataclass fields are gathered from
    # the last base to the first.
    deemed_on: dt.date = fact("The day the dog was deemed dangerous")
    on: dt.date = fact("The day asked about")


@facts
class RegistrationFacts(RegistrationEvidenceFacts, _Deemed):
    """The facts of the question ``dangerous-dog-registration``."""

    def problems(self) -> list[str]:
        return ["deemed_on: is after on"] if self.deemed_on > self.on else []


@facts
class SterilizationSeizureFacts:
    """The facts of the question ``dangerous-dog-sterilization-seizure``."""

    deemed_on: dt.date = fact("The day the dog was deemed dangerous")
    on: dt.date = fact("The day asked about")
    sterilized: bool = fact("The dog is sterilized")


@facts
class _Impounded:
    impounded_on: dt.date = fact("The day the dog was seized or impounded")
    deemed_on: dt.date = fact("The day the dog was deemed dangerous")
    on: dt.date = fact("The day of the release asked about")


@facts
class ReleaseFacts(RegistrationEvidenceFacts, _Impounded):
    """The facts of the question ``dangerous-dog-release``."""

    balance: Decimal = fact(
        "Costs still owed on the case, USD", default=Decimal("0.00"), unit="USD"
    )
    payment_arrangement: str = fact(
        "The arrangement for payment of the costs made with the City, if they are not paid in full (A.5)",
        default="",
    )

    def problems(self) -> list[str]:
        problems = []
        if self.deemed_on > self.on:
            problems.append("deemed_on: is after on")
        if self.impounded_on > self.on:
            problems.append("impounded_on: is after on")
        return problems
