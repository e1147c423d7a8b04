"""Designation and hearing: the criteria, the exemptions, the standard of proof, destruction and
the dog pending the hearing. Each provision is named by a concept (``dangerous_dog.exemption``)
and cited as the jurisdiction package says (``law.provisions``); the quotations are Nowthen's
words.
"""

from __future__ import annotations

import datetime as dt

from dogtag.law.computation_of_time import day_label
from dogtag.law.dangerous_dogs.shared import Cited
from dogtag.law.facts import fact, facts
from dogtag.law.findings import Finding, JSONValue
from dogtag.law.provisions import cite, cite_each
from dogtag.law.registry import rule

# The provisions applied here, in the ordinance's words (each package maps them to its sections)
#: "The Animal Control Authority or Hearing Officer shall designate any dog as a Dangerous Dog upon
#: receiving evidence that the dog meets any of the criteria of applicable state law"
DESIGNATION = "dangerous_dog.designation"
#: "This Section expressly adopts and incorporates the provisions of Minnesota Statutes Sections
#: 347.50 - 347.565"
INCORPORATION = "incorporation.state_statutes"
#: "A dog may not be declared Dangerous if the threat, injury, or damage was sustained by a person
#: who:" (a., b. and c. each its own provision)
EXEMPTION = "dangerous_dog.exemption"
#: "The burden of proof shall be upon the Animal Control Authority. The standard of proof shall be
#: clear and convincing evidence if the Authority seeks to destroy the dog"
STANDARD_OF_PROOF = "dangerous_dog.hearing.standard_of_proof"
#: "Review of designation. ... the burden of proof shall be upon the dog's Owner"
REVIEW = "dangerous_dog.review"
#: "Any Hearing to revoke a Certificate of Registration ... shall comply with all the requirements
#: as set forth in" the designation hearing's provisions
REVOCATION_HEARING = "dangerous_dog.revocation.hearing"
#: "Authority to order destruction. ... findings of fact establishing that each of the following
#: criteria are present:" (a., b. and c. each its own provision)
DESTRUCTION = "dangerous_dog.destruction"
#: "Pending the Hearing, the dog may be seized and kept at animal control unless the Owner shows
#: proof"
PENDING_HEARING = "dangerous_dog.hearing.pending"
#: the Notice's statement that an owner who requests a hearing complies at once with 347.52
INTERIM_COMPLIANCE = "dangerous_dog.notice.interim_compliance"
#: the insurance the registration requires
INSURANCE = "dangerous_dog.registration_requirements.insurance"
LICENSE_REQUIRED = "license.required"
RABIES_REQUIRED = "license.rabies_required"


# ----------------------------------------------------------------------------- exemptions

EXEMPTIONS = Cited(
    {
        "trespass_or_tort": (
            "dangerous_dog.exemption.trespass_or_tort",
            "was committing, at the time, a willful trespass or other tort upon the premises occupied "
            "by the Owner of the dog",
        ),
        "provoking": (
            "dangerous_dog.exemption.provoking",
            "was provoking, tormenting, abusing, or assaulting the dog, or can be shown to have "
            "repeatedly, in the past, provoked, tormented, abused, or assaulted the dog",
        ),
        "crime_against_owner": (
            "dangerous_dog.exemption.crime_against_owner",
            "was committing or attempting to commit a crime against the Owner or the Owner's property",
        ),
    }
)

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
    provisions=(EXEMPTION,),
    title="When a dog may not be declared dangerous",
    summary=(
        "A dog may not be declared dangerous if the person harmed was trespassing or committing a "
        "tort on the owner's premises, provoking or abusing the dog (now or repeatedly before), or "
        "committing a crime against the owner or the owner's property. Checked first."
    ),
    question="dangerous-dog-designation",
)
def exemption(circumstances: list[str]) -> Finding:
    """The exemption: "A dog may not be declared Dangerous if the threat, injury, or damage was
    sustained by a person who: a. ...; b. ...; or c. ...". ``circumstances`` names those present
    (keys of ``EXEMPTIONS``)."""
    section = cite(EXEMPTION)
    unknown = sorted(set(circumstances) - set(EXEMPTIONS))
    if unknown:
        raise ValueError(f"not an exemption of {section}: {', '.join(unknown)}")
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
        sections=(section,),
        message=(
            f"No exemption of {section} applies: the person harmed was not trespassing or "
            "committing a tort on the owner's premises, not provoking or abusing the dog, and not "
            "committing a crime against the owner."
        ),
        facts={"circumstances": []},
    )


@rule(
    "dangerous_dog.criteria",
    provisions=(DESIGNATION, INCORPORATION),
    title="The criteria for a dangerous dog",
    summary=(
        "A dog is designated dangerous on evidence that it meets a criterion of Minn. Stat. "
        "347.50 subd. 2 (incorporated by {§incorporation.state_statutes}), after the exemptions of "
        "{§dangerous_dog.exemption} are checked."
    ),
    question="dangerous-dog-designation",
)
def criteria(met: list[str], exemption_finding: Finding) -> Finding:
    """The designation: "The Animal Control Authority or Hearing Officer shall designate any dog as
    a Dangerous Dog upon receiving evidence that the dog meets any of the criteria of applicable
    state law or the definition of Dangerous Dog". The city's definitions are not available
    (LEGAL-NOTES §1): the state definition (347.50 subd. 2) is the floor."""
    unknown = sorted(set(met) - set(CRITERIA))
    if unknown:
        raise ValueError(f"not a criterion of Minn. Stat. 347.50 subd. 2: {', '.join(unknown)}")
    present = [k for k in CRITERIA if k in met]
    designation, incorporation = cite(DESIGNATION), cite(INCORPORATION)
    sections = cite_each(DESIGNATION, INCORPORATION)
    facts: dict[str, JSONValue] = {"criteria": present, "exemption": exemption_finding.outcome}
    if exemption_finding.outcome == "exempt":
        return Finding(
            rule="dangerous_dog.criteria",
            outcome="designation_barred",
            sections=(designation, *exemption_finding.sections),
            blocks=True,
            message=(
                f"No designation: an exemption of {cite(EXEMPTION)} applies, so the dog may not be "
                "declared dangerous whatever the criteria."
            ),
            facts=facts,
        )
    if not present:
        return Finding(
            rule="dangerous_dog.criteria",
            outcome="criteria_not_met",
            sections=sections,
            blocks=True,
            message=(
                "No designation: the evidence meets none of the criteria of Minn. Stat. 347.50 "
                f"subd. 2 ({designation}, through {incorporation})."
            ),
            facts=facts,
        )
    listed = "; ".join(f"{CRITERIA[k][1]} ({CRITERIA[k][0]})" for k in present)
    return Finding(
        rule="dangerous_dog.criteria",
        outcome="designate",
        sections=sections,
        message=f"The dog meets the criteria of a dangerous dog: it {listed}. Designate ({designation}).",
        facts=facts,
        details={"statute": [CRITERIA[k][0] for k in present]},
    )


# ----------------------------------------------------------------------------- proof

PROCEEDINGS = ("designation_hearing", "revocation_hearing", "review")


@rule(
    "dangerous_dog.standard_of_proof",
    provisions=(STANDARD_OF_PROOF, REVIEW),
    title="Burden and standard of proof",
    summary=(
        "At a hearing the Authority bears the burden: clear and convincing evidence if it seeks "
        "to destroy the dog, otherwise a preponderance. At a review by the Hearing Officer the "
        "owner bears it, by clear and convincing evidence."
    ),
    question="dangerous-dog-hearing",
)
def standard_of_proof(proceeding: str, *, destruction_sought: bool = False) -> Finding:
    """The standard of proof: "The burden of proof shall be upon the Animal Control Authority. The
    standard of proof shall be clear and convincing evidence if the Authority seeks to destroy the
    dog; in all other cases it shall be by a preponderance of the evidence." The review: "If a
    review of designation is conducted by the Hearing Officer, the burden of proof shall be upon the
    dog's Owner and the standard of proof is clear and convincing evidence." A revocation hearing
    complies "with all the requirements as set forth in" the designation hearing's."""
    if proceeding not in PROCEEDINGS:
        raise ValueError(f"proceeding {proceeding!r} is not one of {', '.join(PROCEEDINGS)}")
    facts = {"proceeding": proceeding, "destruction_sought": destruction_sought}
    if proceeding == "review":
        burden, standard, section = "the dog's Owner", "clear_and_convincing", cite(REVIEW)
    else:
        burden = "the Animal Control Authority"
        standard = "clear_and_convincing" if destruction_sought else "preponderance"
        section = cite(STANDARD_OF_PROOF)
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
    sections = (
        (section, cite(REVOCATION_HEARING)) if proceeding == "revocation_hearing" else (section,)
    )
    return Finding(
        rule="dangerous_dog.standard_of_proof",
        outcome=standard,
        sections=sections,
        message=f"The burden of proof is on {burden}; the standard is {words}{why} ({section}).",
        facts=facts,
        details={"burden": burden, "standard": standard},
    )


# ----------------------------------------------------------------------------- destruction

DESTRUCTION_CRITERIA = Cited(
    {
        "dangerous_by_attack": (
            "dangerous_dog.destruction.dangerous_by_attack",
            "the dog is Dangerous, as demonstrated by a vicious attack, an unprovoked attack, an "
            "attack without warning, or multiple attacks",
        ),
        "owner_cannot_control": (
            "dangerous_dog.destruction.owner_cannot_control",
            "the Owner has demonstrated an inability or unwillingness to sufficiently control the dog "
            "in order to prevent injury to persons or other animals",
        ),
        "no_proof_of_insurance": (
            "dangerous_dog.destruction.no_proof_of_insurance",
            "the Owner cannot, will not, does not, or otherwise refuses to provide proof of the "
            "liability insurance required by {§dangerous_dog.registration_requirements.insurance}",
        ),
    }
)


@rule(
    "dangerous_dog.destruction",
    provisions=(DESTRUCTION,),
    title="When the Hearing Officer may order destruction",
    summary=(
        "Destruction may be ordered only in a written order with findings of fact that all three "
        "criteria are present: a vicious, unprovoked, unwarned or repeated attack; an owner unable "
        "or unwilling to control the dog; and no proof of the required insurance."
    ),
    question="dangerous-dog-hearing",
)
def destruction(findings_of_fact: dict[str, str]) -> Finding:
    """The destruction: the Hearing Officer "is authorized to order ... that the dog be destroyed based on
    a written order containing findings of fact establishing that each of the following criteria
    are present: a. ...; and b. ...; and C. ...". ``findings_of_fact`` maps each criterion found
    (keys of ``DESTRUCTION_CRITERIA``) to the written finding of fact; an empty text is no
    finding. The standard is clear and convincing evidence."""
    section, proof = cite(DESTRUCTION), cite(STANDARD_OF_PROOF)
    unknown = sorted(set(findings_of_fact) - set(DESTRUCTION_CRITERIA))
    if unknown:
        raise ValueError(f"not a criterion of {section}: {', '.join(unknown)}")
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
            sections=(section, *(DESTRUCTION_CRITERIA[k][0] for k in missing)),
            blocks=True,
            message=(
                "Destruction may not be ordered: the written order lacks a finding of fact that "
                f"{lacking}. All three criteria must be found ({section}), by clear and convincing "
                f"evidence ({proof})."
            ),
            facts=facts,
            details={"missing": missing},
        )
    return Finding(
        rule="dangerous_dog.destruction",
        outcome="destruction_authorized",
        sections=(section, proof),
        message=(
            f"Destruction may be ordered: the written order finds each criterion of {section} "
            f"(a, b and c), which must rest on clear and convincing evidence ({proof})."
        ),
        facts=facts,
    )


# ----------------------------------------------------------------------------- pending


@rule(
    "dangerous_dog.pending_hearing",
    provisions=(PENDING_HEARING, INTERIM_COMPLIANCE),
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
    """The dog pending the hearing: "Pending the Hearing, the dog may be seized and kept at animal
    control unless the Owner shows proof that the dog is properly licensed, if required; has met
    the requirement for rabies vaccinations; keeps the dog only in a Proper Enclosure unless
    restrained on a leash with a muzzle; and otherwise demonstrates to the Animal Control Authority
    that the dog, under its present circumstances, does not present an unreasonable risk of harm
    to persons or other domestic animals." The finding blocks (the proof is not shown) when
    something is missing and the dog was not seized."""
    facts: dict[str, JSONValue] = {
        "license": license_number,
        "rabies_expires_on": rabies_expires_on,
        "enclosure_or_leash_and_muzzle": enclosure_or_leash_and_muzzle,
        "seized": seized,
    }
    section = cite(PENDING_HEARING)
    sections = cite_each(PENDING_HEARING, INTERIM_COMPLIANCE)
    if seized:
        return Finding(
            rule="dangerous_dog.pending_hearing",
            outcome="seized",
            sections=sections,
            message=(
                f"{dog_name} seized pending the hearing and kept at {kept_at.strip()} ({section})."
            ),
            facts=facts,
        )
    missing = []
    if license_number is None:
        missing.append(f"no dog license in force ({cite(LICENSE_REQUIRED)})")
    if rabies_expires_on is None:
        missing.append(f"no current rabies vaccination ({cite(RABIES_REQUIRED)})")
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
                f"The owner has not shown the proof of {section}: "
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
            f"Proof shown pending the hearing ({section}): license {license_number} in force, "
            f"rabies vaccination current until {day_label(rabies_expires_on)}, kept in a Proper "
            f"Enclosure or leashed and muzzled; no unreasonable risk: "
            f"{no_unreasonable_risk.strip()}"
        ),
        facts=facts,
    )


# ----------------------------------------------------------------------------- question facts


@facts
class DesignationFacts:
    """The facts of the question ``dangerous-dog-designation``."""

    exemptions: tuple[str, ...] = fact(
        "The circumstances of {§dangerous_dog.exemption} present, checked first: if any is, the "
        "dog may not be declared dangerous",
        choices=tuple(EXEMPTIONS),
        default=(),
    )
    criteria: tuple[str, ...] = fact(
        "The criteria of Minn. Stat. 347.50 subd. 2 (through {§incorporation.state_statutes}) the "
        "evidence shows",
        choices=tuple(CRITERIA),
        default=(),
    )


def _written(key: str) -> str:
    text = DESTRUCTION_CRITERIA.words(key)
    return f"The written finding of fact that {text} ({{§{DESTRUCTION_CRITERIA.concept(key)}}})"


@facts
class HearingFacts:
    """The facts of the question ``dangerous-dog-hearing``."""

    proceeding: str = fact("designation_hearing, revocation_hearing or review", choices=PROCEEDINGS)
    destruction_sought: bool = fact(
        "The Authority seeks to destroy the dog: the standard of proof is then clear and "
        "convincing evidence ({§dangerous_dog.hearing.standard_of_proof})",
        default=False,
    )
    finding_dangerous_by_attack: str = fact(_written("dangerous_by_attack"), default="")
    finding_owner_cannot_control: str = fact(_written("owner_cannot_control"), default="")
    finding_no_proof_of_insurance: str = fact(_written("no_proof_of_insurance"), default="")

    def written_findings(self) -> dict[str, str]:
        """The Hearing Officer's written findings of fact, by criterion of destruction."""
        return {key: getattr(self, f"finding_{key}") for key in DESTRUCTION_CRITERIA}


@facts
class PendingHearingFacts:
    """The facts of the question ``dangerous-dog-pending-hearing``."""

    seized: bool = fact("The dog was seized pending the hearing")
    dog_name: str = fact("The dog's name", default="The dog")
    kept_at: str = fact("Where a seized dog is kept", default="")
    license_number: str | None = fact("The dog license in force", default=None)
    rabies_expires_on: dt.date | None = fact("When the rabies vaccination runs out", default=None)
    enclosure_or_leash_and_muzzle: bool = fact(
        "Kept only in a Proper Enclosure unless restrained on a leash with a muzzle "
        "({§dangerous_dog.hearing.pending})",
        default=False,
    )
    no_unreasonable_risk: str = fact(
        "What shows the dog presents no unreasonable risk of harm", default=""
    )
