"""The questions of dangerous dogs (``dangerous_dog.*``, with Minn. Stat. 347.50-347.565 as the
city incorporates them, ``incorporation.state_statutes``)."""

from __future__ import annotations

from typing import Any

from dogtag.law import (
    dangerous_dog_registration,  # noqa: F401  (its registration rules register)
    dangerous_dogs,
)
from dogtag.law.dangerous_dogs.designation import (
    DesignationFacts,
    HearingFacts,
    PendingHearingFacts,
)
from dogtag.law.dangerous_dogs.keeping import (
    InspectionFacts,
    RentalDisclosureFacts,
    RestraintFacts,
    WarningSymbolsFacts,
)
from dogtag.law.dangerous_dogs.notices import OwnerNoticeFacts
from dogtag.law.dangerous_dogs.registration import (
    RegistrationFacts,
    ReleaseFacts,
    SterilizationSeizureFacts,
)
from dogtag.law.dangerous_dogs.review import RelaxConditionsFacts, ReviewFacts
from dogtag.law.facts import FactsError, Question
from dogtag.law.findings import Finding
from dogtag.law.params import ParameterSet


def _designation(facts: DesignationFacts, params: ParameterSet) -> list[Finding]:
    try:
        exempt = dangerous_dogs.exemption(list(facts.exemptions))
        return [exempt, dangerous_dogs.criteria(list(facts.criteria), exempt)]
    except ValueError as exc:
        raise FactsError("dangerous-dog-designation", [str(exc)]) from None


def _hearing(facts: HearingFacts, params: ParameterSet) -> list[Finding]:
    findings = [
        dangerous_dogs.standard_of_proof(
            facts.proceeding, destruction_sought=facts.destruction_sought
        )
    ]
    if facts.destruction_sought:
        findings.append(dangerous_dogs.destruction(facts.written_findings()))
    return findings


def _registration(facts: RegistrationFacts, params: ParameterSet) -> list[Finding]:
    return dangerous_dogs.registration(facts.evidence(), facts.deemed_on, facts.on, params)


def _restraint(facts: RestraintFacts, params: ParameterSet) -> list[Finding]:
    return [dangerous_dogs.restraint(facts.restraint(), facts.on, params)]


def _review(facts: ReviewFacts, params: ParameterSet) -> list[Finding]:
    try:
        return dangerous_dogs.review_eligibility(
            facts.declared_on,
            facts.on,
            params,
            last_review_requested_on=facts.last_review_requested_on,
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-review", [str(exc)]) from None


def _relax_conditions(facts: RelaxConditionsFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [
            dangerous_dogs.relax_conditions(
                facts.declared_on, facts.on, params, last_violation_on=facts.last_violation_on
            )
        ]
    except ValueError as exc:
        raise FactsError("dangerous-dog-relax-conditions", [str(exc)]) from None


def _pending(facts: PendingHearingFacts, params: ParameterSet) -> list[Finding]:
    return [
        dangerous_dogs.pending_hearing(
            dog_name=facts.dog_name,
            seized=facts.seized,
            kept_at=facts.kept_at,
            license_number=facts.license_number,
            rabies_expires_on=facts.rabies_expires_on,
            enclosure_or_leash_and_muzzle=facts.enclosure_or_leash_and_muzzle,
            no_unreasonable_risk=facts.no_unreasonable_risk,
        )
    ]


def _inspection(facts: InspectionFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [dangerous_dogs.inspection(permitted=facts.permitted, compliant=facts.compliant)]
    except ValueError as exc:
        raise FactsError("dangerous-dog-inspection", [str(exc)]) from None


def _owner_notice(facts: OwnerNoticeFacts, params: ParameterSet) -> list[Finding]:
    try:
        return dangerous_dogs.owner_notice(
            facts.kind,
            facts.occurred_on,
            facts.received_on,
            params,
            out_of_city=facts.out_of_city,
            transferee_told=facts.transferee_told,
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-owner-notice", [str(exc)]) from None


def _rental(facts: RentalDisclosureFacts, params: ParameterSet) -> list[Finding]:
    try:
        return [
            dangerous_dogs.rental_disclosure(
                facts.occasion,
                facts.disclosed_on,
                facts.lease_date,
                began_residing_on=facts.began_residing_on,
            )
        ]
    except ValueError as exc:
        raise FactsError("dangerous-dog-rental-disclosure", [str(exc)]) from None


def _sterilization_seizure(facts: SterilizationSeizureFacts, params: ParameterSet) -> list[Finding]:
    try:
        return dangerous_dogs.sterilization_seizure(
            facts.deemed_on, facts.on, params, sterilized=facts.sterilized
        )
    except ValueError as exc:
        raise FactsError("dangerous-dog-sterilization-seizure", [str(exc)]) from None


def _release(facts: ReleaseFacts, params: ParameterSet) -> list[Finding]:
    registration = dangerous_dogs.registration(facts.evidence(), facts.deemed_on, facts.on, params)
    return dangerous_dogs.release(
        facts.impounded_on,
        facts.on,
        params,
        registration_findings=registration,
        balance=facts.balance,
        payment_arrangement=facts.payment_arrangement,
    )


def _symbols(facts: WarningSymbolsFacts, params: ParameterSet) -> list[Finding]:
    return [dangerous_dogs.warning_symbol_charge(facts.symbols, facts.on, params)]


REGISTRATION_EVIDENCE_EXAMPLE = {
    "proper_enclosure": True,
    "signs_front_and_rear_of_all_buildings": True,
    "sign_on_enclosure": True,
    "insurance_per_person": "500000",
    "insurance_per_incident": "1000000",
    "insurance_prepaid": True,
    "fee_paid": "500.00",
    "microchip_manufacturer": "HomeAgain",
    "microchip_number": "985112003456789",
    "license_current": True,
    "vaccinations_current": True,
    "sterilized": True,
}


QUESTIONS: tuple[Question[Any], ...] = (
    Question(
        name="dangerous-dog-designation",
        summary=(
            "May this dog be designated dangerous? The exemptions of {§dangerous_dog.exemption} "
            "first, then the criteria of Minn. Stat. 347.50 subd. 2 "
            "({§dangerous_dog.designation}, {§incorporation.state_statutes})"
        ),
        rules=("dangerous_dog.exemption", "dangerous_dog.criteria"),
        facts=DesignationFacts,
        answer=_designation,
        example={"criteria": ["substantial_or_great_bodily_harm"], "exemptions": []},
    ),
    Question(
        name="dangerous-dog-hearing",
        summary=(
            "Who bears the burden and by what standard, and may the Hearing Officer order "
            "destruction? ({§dangerous_dog.hearing.standard_of_proof}, "
            "{§dangerous_dog.destruction}, {§dangerous_dog.review})"
        ),
        rules=("dangerous_dog.standard_of_proof", "dangerous_dog.destruction"),
        facts=HearingFacts,
        answer=_hearing,
        example={"proceeding": "designation_hearing", "destruction_sought": False},
    ),
    Question(
        name="dangerous-dog-registration",
        summary=(
            "May the Certificate of Registration issue? Each requirement of "
            "{§dangerous_dog.registration_requirements} (a-g), "
            "with what is missing and its section"
        ),
        # with the incorporated statutes on the insurance amounts and the sterilization clock
        rules=(
            "dangerous_dog.registration_requirements",
            "incorporation.controlling_provision",
            "dangerous_dog.sterilization",
        ),
        facts=RegistrationFacts,
        answer=_registration,
        example={
            "deemed_on": "2026-11-02",
            "on": "2026-11-29",
            **REGISTRATION_EVIDENCE_EXAMPLE,
            "sterilized": False,
        },
    ),
    Question(
        name="dangerous-dog-restraint",
        summary=(
            "Is a dangerous dog outside its enclosure kept as {§dangerous_dog.restraint} requires: "
            "muzzled, "
            "leash of {dangerous_dog.restraint.leash_max_feet:short} or less, handler "
            "{dangerous_dog.restraint.handler_min_age_years:number} or older?"
        ),
        rules=("dangerous_dog.restraint",),
        facts=RestraintFacts,
        answer=_restraint,
        example={
            "on": "2026-11-29",
            "in_proper_enclosure": False,
            "muzzled": True,
            "leash_length_feet": "6",
            "handler_age_years": 17,
            "under_physical_restraint": True,
        },
    ),
    Question(
        name="dangerous-dog-review",
        summary=(
            "May the owner ask for a review of the designation yet? ({§dangerous_dog.review}, "
            "{§incorporation.state_statutes})"
        ),
        # the review alone, with the incorporated statute on its months (the city's and the state's)
        rules=("dangerous_dog.review_eligibility", "incorporation.controlling_provision"),
        facts=ReviewFacts,
        answer=_review,
        example={"declared_on": "2025-06-01", "on": "2026-11-29"},
    ),
    Question(
        name="dangerous-dog-relax-conditions",
        summary=(
            "May the conditions of {§dangerous_dog.keeping} be relaxed: "
            "{dangerous_dog.conditions_review_after_years:words_unit} without ordinance violations? "
            "({§dangerous_dog.conditions_review})"
        ),
        rules=("dangerous_dog.relax_conditions",),
        facts=RelaxConditionsFacts,
        answer=_relax_conditions,
        example={
            "declared_on": "2024-06-01",
            "on": "2026-11-29",
            "last_violation_on": "2024-09-01",
        },
    ),
    Question(
        name="dangerous-dog-pending-hearing",
        summary=(
            "Pending the hearing, has the owner shown the proof that keeps the dog from "
            "seizure? ({§dangerous_dog.hearing.pending})"
        ),
        rules=("dangerous_dog.pending_hearing",),
        facts=PendingHearingFacts,
        answer=_pending,
        example={
            "seized": False,
            "dog_name": "Duke",
            "license_number": "2026-00017",
            "rabies_expires_on": "2027-05-01",
            "enclosure_or_leash_and_muzzle": True,
            "no_unreasonable_risk": "Kennel run with a locked roof; no incident since.",
        },
    ),
    Question(
        name="dangerous-dog-inspection",
        summary=(
            "An inspection of a dangerous dog's premises: kept in compliance, not, or "
            "entry refused? ({§dangerous_dog.inspection})"
        ),
        rules=("dangerous_dog.inspection",),
        facts=InspectionFacts,
        answer=_inspection,
        example={"permitted": False},
    ),
    Question(
        name="dangerous-dog-owner-notice",
        summary=(
            "The owner's notice of the dog's death, relocation or transfer: on time, in "
            "writing, the buyer told? ({§dangerous_dog.death_or_relocation}, "
            "{§dangerous_dog.sale_or_transfer})"
        ),
        rules=("dangerous_dog.owner_notice", "dangerous_dog.death_or_relocation"),
        facts=OwnerNoticeFacts,
        answer=_owner_notice,
        example={"kind": "death", "occurred_on": "2026-10-01", "received_on": "2026-11-09"},
    ),
    Question(
        name="dangerous-dog-rental-disclosure",
        summary=(
            "Did the owner who rents tell the property owner in time that a Dangerous Dog "
            "will reside there: before the lease or the dog's arrival, and at each renewal? "
            "({§dangerous_dog.rental_disclosure})"
        ),
        rules=("dangerous_dog.rental_disclosure",),
        facts=RentalDisclosureFacts,
        answer=_rental,
        example={
            "occasion": "lease",
            "disclosed_on": "2026-11-02",
            "lease_date": "2026-11-01",
            "began_residing_on": "2026-11-15",
        },
    ),
    Question(
        name="dangerous-dog-sterilization-seizure",
        summary=(
            "Has the time to sterilize a dangerous dog run out, so the Authority seizes it "
            "and has it sterilized at the owner's expense? "
            "({§dangerous_dog.registration_requirements.sterilization})"
        ),
        rules=("dangerous_dog.sterilization_seizure", "dangerous_dog.sterilization"),
        facts=SterilizationSeizureFacts,
        answer=_sterilization_seizure,
        example={"deemed_on": "2026-10-01", "on": "2026-11-29", "sterilized": False},
    ),
    Question(
        name="dangerous-dog-release",
        summary=(
            "May an impounded dangerous dog be released: every registration requirement of "
            "{§dangerous_dog.registration_requirements} shown and the costs paid or arranged, "
            "within {dangerous_dog.release_compliance_days:words_unit}? "
            "({§dangerous_dog.release}, {§dangerous_dog.costs})"
        ),
        rules=(
            "dangerous_dog.release",
            "dangerous_dog.registration_requirements",
            "dangerous_dog.release_compliance",
            "incorporation.controlling_provision",
            "dangerous_dog.sterilization",
        ),
        facts=ReleaseFacts,
        answer=_release,
        example={
            "impounded_on": "2026-11-20",
            "deemed_on": "2026-10-01",
            "on": "2026-11-29",
            **REGISTRATION_EVIDENCE_EXAMPLE,
            "balance": "120.00",
        },
    ),
    Question(
        name="dangerous-dog-warning-symbols",
        summary=(
            "What is charged for the warning symbols provided with a dangerous dog's "
            "certificate? ({§dangerous_dog.warning_symbol}, a fee set by council resolution)"
        ),
        rules=("dangerous_dog.warning_symbol_charge",),
        facts=WarningSymbolsFacts,
        answer=_symbols,
        example={"symbols": 3, "on": "2026-11-29"},
    ),
)
