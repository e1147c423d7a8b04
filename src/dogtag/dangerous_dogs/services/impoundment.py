"""Seizure for sterilization (dangerous_dog.registration_requirements.sterilization) and release from
impoundment (B.4, A.5)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from dogtag.dangerous_dogs import deadlines
from dogtag.dangerous_dogs import provisions as P
from dogtag.dangerous_dogs.models import (
    Cost,
    DangerousDogCase,
    Impoundment,
)
from dogtag.dangerous_dogs.services._common import (
    DESIGNATE,
    Kind,
    _decide,
    _event,
    _in_order,
    _locked,
    _not_future,
    _refuse,
    _require,
    _save,
    _stated,
)
from dogtag.dangerous_dogs.services.costs import balance
from dogtag.law import dangerous_dogs as law
from dogtag.law.computation_of_time import day_label
from dogtag.law.findings import Finding, blocking
from dogtag.licensing.phones import normalise
from dogtag.records.errors import Refused, ServiceError
from dogtag.records.history import acting_as
from dogtag.records.refusals import service
from dogtag.records.services import city_params

# ----------------------------------------------------------------- B.3.g seizure, sterilization


def impound(
    case: DangerousDogCase,
    reason: str,
    on: dt.date,
    *,
    kept_at: str,
    contact_address: str,
    contact_phone: str,
    actor: AbstractBaseUser,
) -> Impoundment:
    """The dog taken into the Authority's hands for ``reason``: the impoundment, and the case
    saying where it is kept and whom to call (A.1.a(4)), until released under B.4."""
    held = Impoundment.objects.create(
        case=case, reason=reason, impounded_on=on, kept_at=kept_at.strip()
    )
    case.seized = True
    case.kept_at = kept_at.strip()
    case.contact_address = contact_address.strip()
    case.contact_phone = normalise(contact_phone)
    _save(case, actor)
    return held


def is_sterilized(case: DangerousDogCase) -> bool:
    """The dog is sterilized on the records: the dog's record, a certificate, a seizure (B.3.g)."""
    return (
        case.dog.sterilized
        or any(r.sterilized_on is not None for r in case.registrations.all())
        or any(i.sterilized_on is not None for i in case.impoundments.all())
    )


def sterilization_findings(case: DangerousDogCase, on: dt.date) -> list[Finding]:
    assert case.deemed_on is not None
    return law.sterilization_seizure(
        case.deemed_on, max(on, case.deemed_on), city_params(), sterilized=is_sterilized(case)
    )


@service
def seize_for_sterilization(
    *,
    case: DangerousDogCase,
    seized_on: dt.date,
    sterilized_on: dt.date,
    veterinarian: str,
    cost: Decimal,
    actor: AbstractBaseUser,
    kept_at: str = "",
    contact_address: str = "",
    contact_phone: str = "",
) -> Impoundment:
    """dangerous_dog.registration_requirements.sterilization: "The dog must be sterilized. If not done
    within thirty (30) days, Animal
    Control Authority shall seize the dog and have it sterilized at the owner's expense." Refused
    while the thirty days run; the cost goes on the case's ledger (A.5); the dog stays impounded
    until released under B.4. A dog already in custody is sterilized where it is held."""
    _require(actor, DESIGNATE, "seize the dog to have it sterilized")
    case = _locked(case)
    _in_order(case, "sterilization_seizure")
    _not_future(sterilized_on, "The date of the sterilization")
    assert case.deemed_on is not None
    if seized_on < case.deemed_on:
        raise ServiceError(
            f"The seizure ({day_label(seized_on)}) cannot come before the dog was deemed "
            f"dangerous ({day_label(case.deemed_on)})."
        )
    findings = sterilization_findings(case, seized_on)
    if blocking(findings):
        raise Refused(findings)
    held = case.impoundments.filter(released_on__isnull=True).first()
    problems: list[str | Finding] = []
    if sterilized_on < seized_on:
        problems.append("The dog cannot be sterilized before it was seized.")
    if not veterinarian.strip():
        problems.append("Name the veterinarian who sterilized the dog.")
    if cost <= 0:
        problems.append("The cost of the sterilization, charged to the owner, must be more than 0.")
    if held is None:
        problems += _stated(
            "sterilization_seizure_contact",
            bool(kept_at.strip() and contact_address.strip() and contact_phone.strip()),
        )
    _refuse(problems)
    params = city_params()
    decision = _decide(case, "sterilization_seizure", findings, seized_on, actor)
    if held is None:
        held = impound(
            case,
            Impoundment.Reason.STERILIZATION,
            seized_on,
            kept_at=kept_at,
            contact_address=contact_address,
            contact_phone=contact_phone,
            actor=actor,
        )
    held.sterilized_on = sterilized_on
    held.veterinarian = veterinarian.strip()
    held.save(update_fields=["sterilized_on", "veterinarian"])
    dog = case.dog
    dog.sterilized = True
    acting_as(actor, dog)
    dog.save(update_fields=["sterilized"])
    charged = Cost.objects.create(
        case=case,
        kind=Cost.Kind.STERILIZATION,
        incurred_on=sterilized_on,
        description=f"Sterilization by {veterinarian.strip()}",
        amount=cost,
        recorded_by=actor,
    )
    release = deadlines.release_due(held.impounded_on, params)
    assert release.deadline is not None
    _event(
        case,
        on=seized_on,
        actor=actor,
        kind=Kind.STERILIZATION_SEIZURE,
        summary=(
            f"{findings[0].message} Seized {day_label(held.impounded_on)}, kept at "
            f"{held.kept_at}; sterilized {day_label(sterilized_on)} by {veterinarian.strip()}; "
            f"${cost:,.2f} charged to the owner. Balance owed: ${balance(case):,.2f}. Released "
            f"only under {P.sec(P.RELEASE)}: the owner has through {day_label(release.deadline.due)} to "
            "comply."
        ),
        details={"impoundment": held.pk, "cost": charged.pk, "amount": str(cost)},
        decision=decision,
    )
    return held


# ---------------------------------------------------------------------------- B.4 release


def open_impoundment(case: DangerousDogCase) -> Impoundment | None:
    held = [i for i in case.impoundments.all() if i.released_on is None]
    return held[-1] if held else None


def release_evidence(case: DangerousDogCase, on: dt.date) -> law.RegistrationEvidence:
    """What the records show of dangerous_dog.registration_requirements on ``on``: the certificate in
    force (its enclosure,
    signs, insurance still in force, fee, microchip), the license and rabies vaccination from the
    licensing records, and sterilization. Without a certificate only the records count."""
    dog = case.dog
    rabies = dog.current_rabies(on) is not None
    current = case.current_registration
    if current is None or current.expires_on < on:
        return law.RegistrationEvidence(
            license_current=dog.current_license(on) is not None,
            microchip_number=dog.microchip,
            sterilized=is_sterilized(case),
        )
    insured = current.insurance_expires_on >= on
    return law.RegistrationEvidence(
        proper_enclosure=bool(current.proper_enclosure.strip()),
        signs_front_and_rear_of_all_buildings=current.signs_on_buildings,
        sign_on_enclosure=current.sign_on_enclosure,
        insurance_per_person=current.insurance_per_person if insured else None,
        insurance_per_incident=current.insurance_per_incident if insured else None,
        insurance_prepaid=current.insurance_prepaid,
        fee_paid=current.fee,
        microchip_manufacturer=current.microchip_manufacturer,
        microchip_number=current.microchip_number,
        license_current=dog.current_license(on) is not None,
        vaccinations_current=rabies and current.other_vaccinations_current,
        sterilized=is_sterilized(case),
    )


def release_findings(
    case: DangerousDogCase, held: Impoundment, on: dt.date, payment_arrangement: str = ""
) -> list[Finding]:
    """The rules core on releasing the dog on ``on``: B.3 from the records, then B.4 and A.5."""
    assert case.deemed_on is not None
    params = city_params()
    registration = law.registration(release_evidence(case, on), case.deemed_on, on, params)
    return [
        *law.release(
            held.impounded_on,
            on,
            params,
            registration_findings=registration,
            balance=balance(case),
            payment_arrangement=payment_arrangement,
        ),
        *registration,
    ]


@service
def release(
    *,
    case: DangerousDogCase,
    on: dt.date,
    actor: AbstractBaseUser,
    payment_arrangement: str = "",
) -> Impoundment:
    """dangerous_dog.release: the impounded dog "shall not be released until the Owner demonstrates ... that
    all applicable requirements of this Section, including all registration requirements ...
    have been complied with", within thirty days at most, and "must pay the City for all costs
    incurred in the seizure and boarding of the dog prior to its return"; A.5: paid in full, or a
    mutually satisfactory arrangement for payment made. Refused, listing what is missing."""
    _require(actor, DESIGNATE, "release the dog")
    case = _locked(case)
    _in_order(case, "release")
    _not_future(on, "The date of the release")
    held = open_impoundment(case)
    if held is None or not case.seized:
        raise ServiceError(f"Case {case.number}: the dog is not impounded.")
    if on < held.impounded_on:
        raise ServiceError(
            f"The release ({day_label(on)}) cannot come before the impoundment "
            f"({day_label(held.impounded_on)})."
        )
    findings = release_findings(case, held, on, payment_arrangement)
    if findings[0].blocks:
        raise Refused(findings)
    decision = _decide(case, "release", findings, on, actor)
    held.released_on = on
    held.released_by = actor
    held.payment_arrangement = payment_arrangement.strip() if balance(case) > 0 else ""
    held.release_decision = decision
    held.save()
    kept_at = case.kept_at
    case.seized = False
    case.kept_at = case.contact_address = case.contact_phone = ""
    _save(case, actor)
    _event(
        case,
        on=on,
        actor=actor,
        kind=Kind.RELEASED,
        summary=f"Released to the owner from {kept_at}. {findings[0].message}",
        details={"impoundment": held.pk, "payment_arrangement": held.payment_arrangement},
        decision=decision,
    )
    return held
